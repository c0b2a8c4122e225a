"""What the play screens' shell does to teach (issue 17): the Rules tab and the rule IDs that open
it, the glossary's tooltips, the goals card, and the hand-over that says why the turn passed.
The screen (``PlayShell`` in ``shell.py``) builds on this; the match side is ``shell_match.py``.

- **Rules**: the side panel's Rules tab (``rules_panel.RulesPanel``) shows the game's rule book
  in the reader's language. A rule ID drawn by the shell is a link: in the Log, in the hint line
  (a refusal ends with its rule), in the Odds tab's footer (the rules its numbers come from), in
  a tooltip, on a card, in the banner; a click opens the Rules tab at its entry. Ctrl+F puts the
  keyboard in its search field; while it has it, keys go to the field (Esc or Enter give them
  back).
- **Glossary**: the words the shell draws are noted where they are drawn
  (``glossary_tip.Spots``); the pointer resting on a game term shows its explanation
  (``glossary_tip.Tip``), placed off the dice tray and the hint line. On a card, its terms are
  links and the same tooltip shows over it.
- **Goals**: a new game opens with the goals card (``goals.py``) over the side panel, beside the
  table: it does not block (the first command, a tab chosen or its own button put it away);
  the game menu and the help have the same card one click away.
- **Hand-over**: where no information is hidden (the four games here) the screen passes to the
  next player with a banner that does not block (``handover.Banner``); the full-screen card is
  the game menu's option; both say what ended the turn and why.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import partial
from typing import Any

import pygame

from game.board.model import Board
from game.i18n import _, language
from game.rules.engine.rulebook import Glossary, Rulebook, glossary, rulebook
from game.ui.colours import RGB
from game.ui.gui import Gui
from game.ui.play.bar_widgets import BarWidgets
from game.ui.play.card import Card
from game.ui.play.game_menu import HANDOVER_MODES
from game.ui.play.glossary_tip import (
    LINK,
    TIP_DELAY_S,
    Spot,
    Spots,
    Tip,
    draw_text,
    rule_of_link,
    term_of_link,
    underline,
)
from game.ui.play.goals import goals_card, map_goal
from game.ui.play.handover import Banner, handover_card, handover_words
from game.ui.play.layout import Layout
from game.ui.play.rules_panel import RulesPanel
from game.ui.play.shell_match import MatchControls, St
from game.ui.play.side_panel import LINE_H, ODDS, PAD, RULES, RULES_LABEL, RULES_TIP, PanelTab, SidePanel
from game.ui.play.widgets import DANGER, DIM, PANEL_BG, PANEL_LINE, SMALL_PX, Texts, wrap

#: the rules each game's odds are counted by (the Odds tab's footer links to them)
ODDS_RULES: dict[str, tuple[str, ...]] = {
    "one_for_all": ("OFA-3C.1", "OFA-3C.4", "OFA-4.3", "OFA-3A.1"),
    "helldorado": ("HD-MELEE-6", "HD-MELEE-8", "HD-MELEE-9", "HD-RANGED-14"),
    "mice_and_mystics": ("MM-DICE-1", "MM-MELEE-2", "MM-DEF-1"),
    "relic": ("REL-DICE-1", "REL-SCORE-1", "REL-SEQ-6"),
}
#: the hand-over where no information is hidden (the four games here): a banner
OPEN_INFORMATION_HANDOVER = "banner"


class Teaching(MatchControls[St]):
    """The shell's teaching parts (see the module's words); ``PlayShell`` adds the screen."""

    texts: Texts
    layout: Layout
    bars_gui: Gui
    side_panel: SidePanel
    board: Board
    pointer: tuple[int, int] | None
    #: does a side keep something hidden from the other (cards in hand...)? Then the
    #: hand-over is the full-screen card by default
    hidden_information = False

    def side_colour(self, side: str) -> RGB:
        raise NotImplementedError

    def side_letter(self, side: str) -> str:
        raise NotImplementedError

    def sync_panel(self) -> None:
        raise NotImplementedError

    def handover_note(self, side: str) -> str:
        return ""

    def build_teaching(self) -> None:
        """The teaching parts, made once with the screen."""
        self.spots = Spots(self.texts)
        self.texts.spots = self.spots
        self.tip = Tip(self.texts)
        self.rules_panel = RulesPanel(self.texts)
        self.rules_widgets = BarWidgets(self.bars_gui)
        self.banner: Banner | None = None
        #: the goals card a new game opens with, over the side panel's body (not blocking)
        self.goals_sheet: Card | None = None
        self._sheet_tab = ""
        self._sheet_lang = ""
        self._last_spot: Spot | None = None
        self.handover_mode = "off"
        self._hover: tuple[object, ...] | None = None
        self._hover_age = 0.0
        self._tip_rect: pygame.Rect | None = None
        self._tip_anchor: pygame.Rect | None = None
        self._under_drawn = False

    # ------------------------------------------------------------------ the game's books
    @property
    def system(self) -> str:
        """The rule system's name (``one_for_all``...)."""
        return str(self.session.match.setup.system)

    def rulebook(self) -> Rulebook | None:
        try:
            return rulebook(self.system, language())
        except (OSError, ValueError):
            return None

    def glossary(self) -> Glossary | None:
        try:
            return glossary(self.system, language())
        except (OSError, ValueError):
            return None

    # ------------------------------------------------------------------ the Rules tab
    def rules_tab(self) -> PanelTab | None:
        """The Rules tab: the game's rule book, searchable."""
        self.rules_panel.system = self.system
        return PanelTab(RULES, RULES_LABEL, RULES_TIP, self.draw_rules, None, self.scroll_rules)

    def draw_rules(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        self.rules_panel.draw(surface, body, self.spots)

    def scroll_rules(self, notches: float, body: pygame.Rect) -> None:
        self.rules_panel.wheel(notches, body)

    def sync_rules_field(self) -> None:
        """The Rules tab's search field while the tab shows (gone otherwise)."""
        lay = self.layout
        shown = self.side_panel.tab == RULES and any(t.id == RULES for t in self.side_panel.shown)
        body = self.side_panel.body(lay.panel) if shown else None
        self.rules_panel.sync(self.rules_widgets, body, lay.size)

    def open_rules(self, rule_id: str = "", *, search: bool = False) -> bool:
        """Show the Rules tab (at the entry of ``rule_id``; with the keyboard in the search
        field when ``search``); False when the book has no entry for ``rule_id``."""
        self.rules_panel.system = self.system
        if rule_id and not self.rules_panel.open(rule_id):
            self.say(_("The rules have no entry for {rule}.").format(rule=rule_id), DANGER)
            return False
        self.side_panel.tab = RULES
        self.sync_panel()
        if search:
            self.rules_panel.focus(self.bars_gui)
        return True

    def with_odds_rules(self, tabs: Sequence[PanelTab]) -> list[PanelTab]:
        """The game's tabs, its Odds with a footer that links the rules its numbers follow."""
        return [dataclasses.replace(t, draw=partial(self.draw_odds_tab, t.draw))
                if t.id == ODDS and self.odds_rules() else t for t in tabs]

    def odds_rules(self) -> tuple[str, ...]:
        """The rules the game's odds are counted by (the Odds tab's footer)."""
        return ODDS_RULES.get(self.system, ())

    def draw_odds_tab(self, draw: Any, surface: pygame.Surface, body: pygame.Rect) -> None:
        """The game's Odds in ``body`` above a footer: "How these odds are counted: <rules>"."""
        words = _("How these odds are counted: {rules}").format(rules=", ".join(self.odds_rules()))
        lines = wrap(self.texts, words, body.width - 2 * PAD, SMALL_PX)
        foot = len(lines) * LINE_H + PAD
        if body.height < foot + 3 * LINE_H:  # a short panel: the odds alone
            draw(surface, body)
            return
        draw(surface, pygame.Rect(body.x, body.y, body.width, body.height - foot))
        y = body.bottom - foot + PAD // 2
        pygame.draw.line(surface, PANEL_LINE, (body.x + PAD, y - 3), (body.right - PAD, y - 3))
        for line in lines:
            draw_text(surface, self.texts, self.spots, line, (body.x + PAD, y), SMALL_PX, DIM,
                      bg=PANEL_BG, clip=body)
            y += LINE_H

    # ------------------------------------------------------------------ input
    def sheet_event(self, event: pygame.event.Event) -> bool:
        """The mouse over the goals card beside the table is the card's (its buttons, its
        terms, its wheel); True when the event was used."""
        sheet = self.goals_sheet
        kind = event.type
        if sheet is None or kind not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                         pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return False
        pos = self.pointer if kind == pygame.MOUSEWHEEL else getattr(event, "pos", None)
        rect = sheet.rect
        if pos is None or rect is None or not rect.collidepoint(pos):
            return False
        if kind == pygame.MOUSEBUTTONUP:
            return True  # the card acts on the press
        chosen = sheet.handle_event(event)
        if chosen is not None:
            self.goals_sheet = None
            if chosen != "close":
                self.teaching_action(chosen)
        return kind != pygame.MOUSEMOTION

    def link_event(self, event: pygame.event.Event) -> bool:
        """A press of the left button on a rule ID the shell drew (a link) opens its rule; a
        press on the banner takes it away. True when the event was used."""
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
            return False
        pos = tuple(getattr(event, "pos", (-1, -1)))
        rule = self.spots.rule_at(pos)
        if rule:
            self.open_rules(rule)
            return True
        if self.banner is not None and self.banner.hit(pos):
            self.banner = None
            return True
        return False

    def typing_event(self, event: pygame.event.Event) -> bool:
        """While the Rules tab's search field has the keyboard, the keys are its (Esc and Enter
        give them back; Ctrl+Tab still switches tabs). True when the event was the field's."""
        if not self.rules_panel.typing:
            return False
        kind = event.type
        if kind not in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING):
            return False
        key = getattr(event, "key", 0)
        if kind == pygame.KEYDOWN and key == pygame.K_TAB and getattr(event, "mod", 0) & \
                pygame.KMOD_CTRL:
            return False
        if kind == pygame.KEYDOWN and key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            field = self.rules_panel.field
            field.unfocus()
            self.bars_gui.manager.set_focus_set(None)
            self.bars_gui.touch()
            return True
        self.bars_gui.process(event)
        self.rules_panel.set_query(self.rules_panel.field.get_text())
        return True

    # ------------------------------------------------------------------ time and drawing
    def update_teaching(self, dt: float) -> None:
        self._hover_age += dt
        if self.goals_sheet is not None and self.card is None:
            self._sheet_in_language()
            self.goals_sheet.update(dt)
        if self.banner is not None and not self.banner.update(dt):
            self.banner = None
        keep_tooltips_off(self.bars_gui, (self.layout.tray,))

    def hovered(self) -> tuple[Spot | None, str]:
        """The word under the pointer: a spot the shell drew, or a card's link."""
        if self.card is not None:
            link = self.card.hovered_link() if hasattr(self.card, "hovered_link") else ""
            return None, link
        if self.goals_sheet is not None and self.goals_sheet.hovered_link():
            return None, self.goals_sheet.hovered_link()
        pos = self.pointer
        if pos is not None and self._tip_rect is not None and self._hover is not None and \
                self._tip_anchor is not None and self._tip_rect.union(
                    self._tip_anchor).collidepoint(pos):
            # the pointer went from the word onto its tooltip (to click a rule): it stays
            inside = self.spots.at(pos)
            if inside is None or inside.rule:
                return self._last_spot, ""
        return self.spots.at(pos), ""

    def _sheet_in_language(self) -> None:
        """The goals beside the table in the language of now (made again after a switch)."""
        if self.goals_sheet is not None and self._sheet_lang != language():
            self.open_goals(beside=True)

    def draw_teaching_under(self, surface: pygame.Surface) -> None:
        """Over the frame, under a card: the goals card beside the table, the banner."""
        self._under_drawn = True
        if self.card is not None:
            return
        if self.pointer is not None and self.layout.top.collidepoint(self.pointer):
            self.spots.note_labels(self.bars_gui.elements(), self.layout.top)  # widget words
        self._sheet_in_language()
        sheet = self.goals_sheet
        if sheet is not None and self.side_panel.tab != self._sheet_tab:
            sheet = self.goals_sheet = None  # the player chose a tab: the panel is theirs
        if sheet is not None:
            sheet.place = self.side_panel.body(self.layout.panel)
            sheet.draw(surface)
            if sheet.rect is not None:
                self.spots.block(sheet.rect)
        if self.banner is not None:
            self.banner.draw(surface, self.layout.table, self.spots)

    def draw_tip(self, surface: pygame.Surface) -> None:
        """The tooltip of the term under the pointer (over a card too), placed off the dice
        tray and the hint line; a link under the pointer underlined."""
        spot, link = self.hovered()
        key: tuple[object, ...] | None = spot.key if spot is not None else (
            ("link", link) if link else None)
        if key != self._hover:
            self._hover, self._hover_age = key, 0.0
        self._last_spot = spot
        self._tip_rect = None
        if spot is not None and spot.rule:
            underline(surface, spot.rect, LINK)
            return
        term = spot.term if spot is not None else term_of_link(self.glossary(), link)
        if term is None or self._hover_age < TIP_DELAY_S:
            return
        if spot is not None:
            anchor = spot.rect
            underline(surface, anchor)
        else:
            p = self.pointer or (0, 0)
            anchor = pygame.Rect(p[0] - 4, p[1] - 10, 8, 22)
        avoid = () if self.card is not None else (self.layout.tray, self.layout.status)
        self._tip_rect = self.tip.draw(surface, self.spots, term, anchor, avoid)
        self._tip_anchor = anchor

    # ------------------------------------------------------------------ goals
    def open_goals(self, *, beside: bool = False) -> None:
        """The goals card: who plays which side, how to win, how long, what to try first; in
        the middle of the screen (the menu's, the help's), or ``beside`` the table over the
        side panel, not blocking (a new game's)."""
        seats = [(self.side_name(s), self.is_human(s)) for s in self.seats()]
        props = getattr(self.board, "properties", {}) or {}
        card = goals_card(self.texts, self.rulebook(), self.system, seats,
                          map_goal(props, language()), self.glossary(), beside=beside)
        if beside:
            card.place = self.side_panel.body(self.layout.panel)
            self.goals_sheet, self._sheet_tab, self._sheet_lang = card, self.side_panel.tab, language()
        else:
            self.goals_sheet = None
            self.card, self.card_kind = card, "goals"

    def teaching_action(self, key: str) -> bool:
        """A card's item the teaching parts do; True when it was one."""
        if key == "goals":
            self.open_goals()
        elif key == "rules":
            self.open_rules()
        elif rule_of_link(key):
            self.open_rules(rule_of_link(key))
        else:
            return False
        return True

    # ------------------------------------------------------------------ the hand-over
    @property
    def handover_on(self) -> bool:
        """Is the hand-over shown (as a banner or a card)?"""
        return self.handover_mode != "off"

    @handover_on.setter
    def handover_on(self, on: bool) -> None:
        if not on:
            self.handover_mode = "off"
        elif self.handover_mode == "off":
            self.handover_mode = self.usual_handover()

    def usual_handover(self) -> str:
        """The hand-over's usual form: a banner where no information is hidden, else a card."""
        return "card" if self.hidden_information else OPEN_INFORMATION_HANDOVER

    def next_handover_mode(self) -> None:
        """The game menu's item: banner -> card -> off -> banner."""
        i = HANDOVER_MODES.index(self.handover_mode) if self.handover_mode in HANDOVER_MODES else 0
        self.handover_mode = HANDOVER_MODES[(i + 1) % len(HANDOVER_MODES)]

    def open_handover(self, side: str) -> None:
        """The screen passes to ``side``: the banner (or the card) says what ended the turn and
        why."""
        name = self.side_name(side)
        words = handover_words(self.session.log(), name)
        note = self.handover_note(side)
        if self.handover_mode == "card":
            card = handover_card(self.texts, name, self.side_colour(side), self.side_letter(side),
                                 self.side_name(self._last_human or ""), words, self.glossary())
            if note:
                card.lines.insert(0, note)
            self.card, self.card_kind = card, "handover"
        else:
            self.banner = Banner(self.texts, name, self.side_colour(side), words, note)

    def _settle(self) -> None:
        self.banner = None  # any command takes the banner away (a new one may follow)
        self.goals_sheet = None  # and the goals beside the table: the game is on
        super()._settle()


def keep_tooltips_off(gui: Gui, rects: Sequence[pygame.Rect]) -> None:
    """Move the widgets' tooltips (pygame_gui's) off ``rects`` (the dice tray): above them,
    or left of them when above they would cover the button they explain (the top bar's
    buttons just over the tray, beside the table)."""
    from pygame_gui.elements import UITooltip

    sprites = gui.manager.get_sprite_group().sprites()
    hovered = [e.rect for e in sprites if getattr(e, "hovered", False)]
    for element in sprites:
        if not isinstance(element, UITooltip):
            continue
        for r in rects:
            if element.rect.colliderect(r):
                box = element.rect.copy()
                box.y = max(0, r.y - box.height - 4)
                if box.collidelist(hovered) >= 0:
                    box.topleft = (max(0, r.x - box.width - 4), element.rect.y)
                element.set_position(box.topleft)
                gui.touch()
