"""The Mice and Mystics play screen: hot-seat (each mouse may belong to another player), the
minions run by the program's GM at a readable pace, optional AI mouse seats.

Screen: the top bar (round, the initiative track, the cheese wheel, the page counter, undo /
redo / save / load), the table (cells drawn from their polygons by the board view's map marks;
the reachable cells of the mouse in turn highlighted after its movement roll; figures shown in
their cells with each cell's occupancy), the side panel (the party with the cards in hand, the
odds of the attack on offer, the explained log), the dice tray (the last roll with its symbols
and their meanings), the action bar and the status line.

Input: click a highlighted cell to move there (the cheapest path); click a minion to attack it
with the best weapon on offer; the action bar for everything else. Ctrl+Z undo, Ctrl+Y redo,
Ctrl+S save, Ctrl+L load, Space hurries the GM, Esc quits. Reuses the One for All screen's
layout, widgets, handover card and user folders (imported, not changed).

The top bar's buttons, the action bar's and its More page button are pygame_gui buttons
(``bar_widgets``, one ``Gui`` for both bars, drawn after the screen so that their tooltips lie
over it): each with a tooltip that says what it does, its key and the rule it carries out. They
are built again only when the window, the language, the game, its revision or the page change;
a click acts on the release, as in the One for All screen. The initiative track, the cheese
wheel and the dice stay drawn by hand.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame

from game import i18n
from game.board.model import Board
from game.i18n import N_, _
from game.rules.engine import SaveError
from game.rules.mice_and_mystics.commands import (
    Attack,
    Move,
    Rescue,
    Step,
)
from game.rules.mice_and_mystics.explain import place_name, tile_name
from game.rules.mice_and_mystics.occupancy import capacity
from game.rules.mice_and_mystics.paths import Reach
from game.rules.mice_and_mystics.state import END_TEXTS, GM, EndReason, MMState, Phase
from game.ui.board_view import BoardView
from game.ui.colours import RGB, side_colours
from game.ui.gui import Gui
from game.ui.play import user_dirs
from game.ui.play.action_bar import GAP, ROW_H
from game.ui.play.bar_widgets import BarWidgets, fitted, text_width
from game.ui.play.card import Card
from game.ui.play.handover import handover_card
from game.ui.play.layout import Layout
from game.ui.play.mm_dice import MEANINGS, die_word, draw_die, draw_symbol
from game.ui.play.mm_odds import AttackOdds, attack_odds, pending_attack
from game.ui.play.mm_session import ATTACK_MODES, MMSession, action_help, seat_name
from game.ui.play.resume import RESUME, resume_card
from game.ui.play.top_bar import TOOLTIPS
from game.ui.play.widgets import (
    ACCENT,
    CHROME_BG,
    DANGER,
    DIM,
    GOOD,
    PANEL_LINE,
    SMALL_PX,
    TEXT,
    TEXT_PX,
    Button,
    Texts,
    ellipsize,
    panel,
    wrap,
)
from game.ui.status_bar import StatusBar
from game.ui.terrain_art import polygons_of
from game.ui.view import Quit, ViewAction
from game.ui.words import mode_name

GM_PACE_S = 0.6
MESSAGE_S = 7.0
REACH_FILL = (0x3C, 0xC0, 0x7A, 70)
REACH_END = (0xE0, 0xA0, 0x30, 70)
RESCUE_FILL = (0x3C, 0x7C, 0xE0, 80)
MINION: RGB = (0x8A, 0x22, 0x22)
CHEESE: RGB = (0xF2, 0xC9, 0x1E)
FIG_R = 11
#: the top bar's buttons, left to right: (what pressing it means, its label)
TOP_BUTTONS = (("undo", N_("Undo")), ("redo", N_("Redo")), ("save", N_("Save")),
               ("load", N_("Load")))
#: what each top bar button does, for its tooltip (with its key)
TOP_TOOLTIPS = {**TOOLTIPS,  # One for All's words, but this screen loads with Ctrl+L
                "load": N_("Go back to the quick-saved game (Ctrl+L).")}
TOP_IDS = ("#small", "button")
BUTTON_IDS = ("button",)
PAD = 28  #: an action button's width beyond its words (the theme pads them 14 px a side)
#: a mouse's conditions, for the party panel
CONDITION_WORDS = {"stunned": N_("stunned"), "webbed": N_("webbed"),
                   "knocked_down": N_("knocked down"), "charmed": N_("charmed")}
#: the rules' and the engine's reasons the screen shows; marked here so ``_(reason)`` finds them
SHOWN_REASONS = (
    N_("the pages ran out before the victory conditions were met (MM-END-5)"),
    N_("the chapter's victory conditions are met (MM-END-2)"),
    N_("every mouse of the party is captured (MM-CAPT-7)"),
    N_("nothing to undo"),
    N_("strict mode: dice were rolled, so this cannot be undone"),
)


class MMPlayView:
    def __init__(self, session: MMSession, board: Board, size: tuple[int, int], *,
                 image_loader: Callable[..., Any] | None = None, save_dir: Path | None = None,
                 pace: float = GM_PACE_S, handover: bool = True) -> None:
        self.board = board
        self.texts = Texts()
        self.layout = Layout.of(size)
        self.status_height = StatusBar(self.texts.fonts).height
        t = self.layout.table
        self.board_view = BoardView(board, (t.width, t.height + self.status_height), figures=(),
                                    image_loader=image_loader)
        self.save_dir = save_dir if save_dir is not None else user_dirs.saves_dir()
        self.pace = pace
        self.handover_on = handover
        #: the pygame_gui widgets: the top bar's buttons and the action bar's
        self.bars_gui = Gui(size)
        self.top_bar = BarWidgets(self.bars_gui)
        self.action_bar = BarWidgets(self.bars_gui)
        #: a button's key ("undo", "cmd0", "more") -> its UIButton
        self.widgets: dict[str, Any] = {}
        self._top_key: tuple | None = None
        self._use(session)

    def _use(self, session: MMSession) -> None:
        self.session = session
        self.colours: dict[str, RGB] = side_colours(session.seats)
        self.cursor: tuple[int, int] | None = None
        self.hover_cell = ""
        self.hot: Button | None = None
        self.page = 0
        self.buttons: list[Button] = []
        self.top_buttons: list[Button] = []
        self._commands: dict[str, Any] = {}
        self._key: tuple | None = None
        self._top_key = None
        self.action_bar.clear()  # the last game's actions (built anew for this one)
        self.widgets = {k: w for k, w in self.widgets.items() if w.alive()}
        self.card: Card | None = None
        self._card_choice: Callable[[str], None] | None = None  #: what the card's choice does
        self.message = ""
        self.message_colour: RGB = TEXT
        self._message_left = 0.0
        self._wait = self.pace
        self.hurry = False
        self._last_seat = session.to_play()
        self._drag_from: tuple[int, int] | None = None
        self._mode_on_top = True  #: whether the top bar had room for the mode (else the panel)

    @property
    def state(self) -> MMState:
        return self.session.state

    # ------------------------------------------------------------------ helpers
    def say(self, text: str, colour: RGB = TEXT) -> None:
        self.message, self.message_colour, self._message_left = text, colour, MESSAGE_S

    def reach(self) -> Reach | None:
        if not self.session.human_to_play():
            return None
        return self.session.system.reach(self.state)

    def rescue_cells(self) -> list[str]:
        st = self.state
        if st.phase != Phase.CAPTURED or not self.session.human_to_play() or st.minions_on_board:
            return []
        return self.session.system.rescue_cells(st)

    def world_at(self, pos: tuple[int, int]) -> tuple[float, float]:
        t = self.layout.table
        return self.board_view.camera.screen_to_world(pos[0] - t.x, pos[1] - t.y)

    def cell_at(self, pos: tuple[int, int]) -> str:
        if not self.layout.table.collidepoint(pos):
            return ""
        x, y = self.world_at(pos)
        return self.session.system.graph(self.state).cell_at(x, y) or ""

    def figure_spots(self, state: MMState) -> list[tuple[str, str, str, tuple[float, float]]]:
        """(id, label, seat or "minion", table point) of every figure on the party's tile."""
        g = self.session.system.graph(state)
        by_cell: dict[str, list[tuple[str, str, str]]] = {}
        for m in state.mice:
            if m.active and m.cell:
                by_cell.setdefault(m.cell, []).append((m.id, self.name(m.id), m.player))
        for n in state.minions_on_board:
            by_cell.setdefault(n.cell, []).append((n.id, self.name(n.id), "minion"))
        out = []
        spread = (FIG_R * 2.4) / max(self.board_view.camera.zoom, 1e-6)
        for cell, figs in by_cell.items():
            cx, cy = g.cell(cell).centre
            k = len(figs)
            for i, (ident, label, seat) in enumerate(figs):
                if k == 1:
                    p = (cx, cy)
                else:
                    a = 2 * math.pi * i / k - math.pi / 2
                    rr = spread * (0.6 if k <= 3 else 0.8)
                    p = (cx + rr * math.cos(a), cy + rr * math.sin(a))
                out.append((ident, label, seat, p))
        return out

    def figure_at(self, pos: tuple[int, int]) -> str:
        t = self.layout.table
        cam = self.board_view.camera
        for ident, _label, _seat, p in self.figure_spots(self.state):
            sx, sy = cam.world_to_screen(*p)
            if math.hypot(sx + t.x - pos[0], sy + t.y - pos[1]) <= FIG_R + 3:
                return ident
        return ""

    # ------------------------------------------------------------------ choices
    def choices(self) -> list[tuple[str, Any]]:
        """What the action bar offers the person to play: (label, command), steps left out."""
        if not self.session.human_to_play():
            return []
        st = self.state
        out: list[tuple[str, Any]] = []
        for cmd in self.session.legal():
            if isinstance(cmd, Step | Move):
                continue
            out.append((self.label(cmd, st), cmd))
        order = {"Attack": 0, "KeepFound": 0, "Discard": 0, "Rescue": 0, "Search": 1,
                 "Explore": 1, "Scurry": 1, "Recover": 2, "EndMove": 3, "StandUp": 3,
                 "Use": 4, "Equip": 5, "LevelUp": 6, "Share": 7, "DeclineAction": 8,
                 "EndTurn": 9}
        out.sort(key=lambda lc: order.get(type(lc[1]).__name__, 5))
        return out

    # ------------------------------------------------------------------ words
    def name(self, ident: str) -> str:
        """A mouse, a minion (or a minion group) or a card, in the current language."""
        st = self.state
        if i18n.language() == "en" and ident not in self.session.names():
            if st.has_mouse(ident):
                return st.mouse(ident).name
            if st.has_minion(ident):
                return st.minion(ident).name
        return self.session.name(ident)

    def cell_name(self, cell: str) -> str:
        """A cell for a button: the map's id in English, the tile and the number otherwise."""
        if i18n.language() == "en" and cell not in self.session.names():
            return cell.split(":")[-1]
        return place_name(cell, i18n.language(), self.session.names())

    def exit_name(self, via: str) -> str:
        if not via:
            return _("the exit")
        if via == "turning":
            return _("the turning cell")
        info = self.session.system.graph(self.state).exit(via)
        if info is not None and info.target_tile:
            return _("the exit to {tile}").format(tile=tile_name(info.target_tile, i18n.language()))
        return via

    @property
    def teaching(self) -> bool:
        """Teaching mode shows hints about what the mouse in turn can do (UI.md); strict does not."""
        return self.session.match.mode != "strict"

    def mode_name(self) -> str:
        return mode_name(self.session.match.mode)

    def label(self, cmd: Any, st: MMState) -> str:
        kind = type(cmd).__name__
        name = self.name
        if kind == "Attack":
            odds = attack_odds(self.session.system, st, cmd)
            mode = f" {_(ATTACK_MODES.get(cmd.mode, cmd.mode))}" if cmd.mode else ""
            extra = f" +{name(cmd.ability)}" if cmd.ability else ""
            pct = f" {odds.p_wound * 100:.0f}%" if odds else ""
            return _("Attack {target} ({weapon})").format(
                target=name(cmd.target), weapon=f"{name(cmd.weapon)}{mode}{extra}") + pct
        if kind == "KeepFound":
            item = name(st.pending[0].item) if st.pending else ""
            return _("Keep {item}").format(item=item) if cmd.keep else \
                _("Drop {item} for cheese").format(item=item)
        if kind == "Discard":
            return _("Discard {card}").format(card=name(cmd.card))
        if kind == "Rescue":
            return _("Rescue to {cell}").format(cell=self.cell_name(cmd.cell))
        if kind == "Explore":
            return _("Explore via {way}").format(way=self.exit_name(cmd.via))
        if kind == "Recover":
            if not cmd.condition:
                return _("Recover")
            return _("Recover: {condition}").format(
                condition=_(CONDITION_WORDS.get(cmd.condition, cmd.condition)))
        if kind == "Equip":
            if not cmd.equipped:
                return _("Unequip everything")
            return _("Equip {cards}").format(cards=", ".join(name(c) for c in cmd.equipped))
        if kind == "LevelUp":
            return _("Level up: {ability}").format(ability=name(cmd.ability))
        if kind == "Use":
            if cmd.target and st.has_mouse(cmd.target):
                return _("Use {card} on {mouse}").format(card=name(cmd.what), mouse=name(cmd.target))
            return _("Use {card}").format(card=name(cmd.what))
        if kind == "Share":
            other = name(cmd.other)
            if cmd.give:
                return _("Give {card} to {mouse}").format(card=name(cmd.give[0]), mouse=other)
            if cmd.take:
                return _("Take {card} from {mouse}").format(card=name(cmd.take[0]), mouse=other)
            return _("Give cheese to {mouse}").format(mouse=other) if cmd.give_cheese else \
                _("Take cheese from {mouse}").format(mouse=other)
        words = {"EndMove": N_("End move"), "StandUp": N_("Stand up"),
                 "DeclineAction": N_("No action"), "EndTurn": N_("End turn"),
                 "Scurry": N_("Scurry"), "Search": N_("Search")}
        return _(words[kind]) if kind in words else kind

    def _build_buttons(self) -> None:
        """The top bar's and the action bar's buttons, as records (``top_buttons``,
        ``buttons``) and as pygame_gui widgets (``widgets``): built again only when the window,
        the language, the game, its revision or the page of actions change."""
        gui = self.top_bar.ready(self.layout.size)
        self._build_top(gui)
        key = (id(self.session), self.session.revision, self.page, self.layout.size, i18n.language())
        if key == self._key:
            return
        from pygame_gui.elements import UIButton

        self._key = key
        self._enable_top()
        items = self.choices()
        pages = self._pages(gui, items, 0)
        more_w = 0
        if len(pages) > 1:  # room on the right for the button to the next page
            more_w = text_width(gui, _("More {page}/{pages}").format(page=9, pages=9)) + PAD
            pages = self._pages(gui, items, more_w + GAP)
        self.page %= len(pages)
        if self.action_bar.elements:
            self.action_bar.clear()
        self.widgets = {k: w for k, w in self.widgets.items() if w.alive()}
        self.buttons = []
        self._commands = {}
        for i, (rect, label, cmd) in enumerate(pages[self.page]):
            k = f"cmd{i}"
            n = str(i + 1) if i < 9 else ""
            self.buttons.append(Button(rect, label, k, hint=n))
            self._commands[k] = cmd
            text = fitted(gui, f"{n}  {label}" if n else label, rect.width - PAD, BUTTON_IDS)
            self.widgets[k] = self.action_bar.add(UIButton(
                rect, text, gui.manager, tool_tip_text=self.action_tooltip(cmd, label, n),
                command=self.action_bar.command(k)))
        if len(pages) > 1:
            area = self.layout.actions
            rect = pygame.Rect(area.right - 8 - more_w, area.y + GAP, more_w, ROW_H)
            label = _("More {page}/{pages}").format(page=self.page + 1, pages=len(pages))
            self.buttons.append(Button(rect, label, "more"))
            self.widgets["more"] = self.action_bar.add(UIButton(
                rect, label, gui.manager, command=self.action_bar.command("more"),
                tool_tip_text=_("The actions do not all fit: show the next {n} of them.").format(
                    n=len(pages[(self.page + 1) % len(pages)]))))

    def _pages(self, gui: Gui, items: Sequence[tuple[str, Any]],
               reserve: int) -> list[list[tuple[pygame.Rect, str, Any]]]:
        """The action bar's buttons in rows, the rows in pages: (box, label, command); the
        first 9 of a page numbered for the keys, a page's first row ``reserve`` pixels short
        (the More button's place)."""
        area = self.layout.actions
        left = area.x + 10
        rows = max(1, (area.height - GAP) // (ROW_H + GAP))
        pages: list[list[tuple[pygame.Rect, str, Any]]] = [[]]
        x, y, row = left, area.y + GAP, 0
        for label, cmd in items:
            for _attempt in range(2):  # once more on the next row or page
                right = area.right - 8 - (reserve if row == 0 else 0)
                n = len(pages[-1]) + 1
                number = f"{n}  " if n <= 9 else ""
                w = min(text_width(gui, number + label, BUTTON_IDS) + PAD, max(40, right - left))
                if x + w <= right or x == left:
                    break
                x, y, row = left, y + ROW_H + GAP, row + 1
                if row >= rows:
                    pages.append([])
                    y, row = area.y + GAP, 0
            pages[-1].append((pygame.Rect(x, y, w, ROW_H), label, cmd))
            x += w + GAP
        return pages

    def action_tooltip(self, cmd: Any, label: str, key: str) -> str:
        """What an action's button does: its words, the rule it carries out and its key."""
        what, rule = action_help(cmd, self.state, self.session.system)
        words = _("{action}.").format(action=label)
        if what:
            words += " " + _(what)
        if rule:
            words += " " + _("Rule {rule}.").format(rule=rule)
        if key:
            words += " " + _("Key {n}.").format(n=key)
        return words

    def _build_top(self, gui: Gui) -> None:
        """The undo, redo, save and load buttons, right-aligned in the top bar (again only for
        a new window size or language)."""
        top = self.layout.top
        key = (tuple(top), self.layout.size, i18n.language())
        if key == self._top_key:
            return
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        self._top_key = key
        self._key = None  # the action bar follows (same language, same window)
        self.top_bar.clear()
        self.top_buttons = []
        x = top.right - 8
        for k, msgid in reversed(TOP_BUTTONS):
            label = _(msgid)
            w = text_width(gui, label, TOP_IDS) + 18
            x -= w
            rect = pygame.Rect(x, top.y + 6, w, top.height - 12)
            self.top_buttons.insert(0, Button(rect, label, k))
            self.widgets[k] = self.top_bar.add(UIButton(
                rect, label, gui.manager, tool_tip_text=_(TOP_TOOLTIPS[k]),
                object_id=ObjectID("#small", "button"), command=self.top_bar.command(k)))
            x -= 6

    def _enable_top(self) -> None:
        """Undo and redo lit only when there is something to undo or redo."""
        can = {"undo": self.session.can_undo(), "redo": self.session.match.can_redo()}
        for b in self.top_buttons:
            b.enabled = can.get(b.key, True)
            widget = self.widgets.get(b.key)
            if widget is not None and widget.is_enabled != b.enabled:
                (widget.enable if b.enabled else widget.disable)()
                self.bars_gui.touch()

    def _pressed(self) -> ViewAction | None:
        """Do what the bars' buttons were clicked for (a click acts on the release)."""
        done: ViewAction | None = None
        for k in self.top_bar.take() + self.action_bar.take():
            done = self.press(k) or done
        return done

    # ------------------------------------------------------------------ doing things
    def submit(self, cmd: Any) -> bool:
        result = self.session.submit(cmd)
        if not result.ok:
            rule = result.reason.split(":", 1)[0]
            self.say(_("Not allowed: {reason}").format(reason=result.reason) if i18n.language() == "en"
                     else _("Not allowed by rule {rule}.").format(rule=rule), DANGER)
            return False
        lines = [self.session.explain(e)[0] for e in result.events if e.kind != "mm.status"]
        if lines:
            self.say(lines[-1])
        self.page = 0
        self._settle()
        return True

    def _settle(self) -> None:
        seat = self.session.to_play()
        if seat is not None and seat != GM and seat != self._last_seat and self.handover_on \
                and not self.session.program_to_play() and self._last_seat not in (None, GM) \
                and len([s for s in self.session.seats if s not in self.session.ai_sides]) > 1:
            shown = seat_name(seat)
            self.card = handover_card(self.texts, shown, self.colours.get(seat, ACCENT), shown[:1],
                                      seat_name(self._last_seat or ""))
        if seat is not None and seat != GM and not self.session.program_to_play():
            self._last_seat = seat
        if seat is None:
            self.say(self.outcome_text(), GOOD if self.state.result == "won" else DANGER)
        if not self.session.program_to_play():
            self.hurry = False

    def outcome_text(self) -> str:
        out = self.session.match.outcome()
        if out is None:
            return ""
        reason = _(END_TEXTS[EndReason(out.reason)])
        if self.state.result == "won":
            return _("Chapter over: the mice win - {reason}").format(reason=reason)
        return _("Chapter over: the mice lose - {reason}").format(reason=reason)

    def press(self, key: str) -> ViewAction | None:
        if key == "more":
            self.page += 1
            self._key = None
        elif key == "undo":
            self.undo()
        elif key == "redo":
            why = self.session.redo()
            self.say(_("Cannot redo: {why}").format(why=why) if why else _("Redone."),
                     DANGER if why else TEXT)
        elif key == "save":
            self.save()
        elif key == "load":
            self.load()
        elif key in self._commands:
            self.submit(self._commands[key])
        return None

    def undo(self) -> None:
        why = self.session.undo()
        self.card = None
        self._wait = max(self.pace, 1.0)
        self._last_seat = self.session.to_play()
        self.page = 0
        self.say(_("Cannot undo: {why}").format(why=_(why)) if why else _("Undone."),
                 DANGER if why else TEXT)

    def save(self) -> Path | None:
        path = user_dirs.quick_save_path(self.save_dir, self.session.match.setup.map)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.session.save(path)
        except OSError as exc:
            # the system's reason is in English: the Russian screen names the file only
            self.say(_("Could not save to {path}: {why}").format(path=path, why=exc.strerror or exc)
                     if i18n.language() == "en" else _("Could not save to {path}.").format(path=path),
                     DANGER)
            return None
        self.say(_("Saved to {path}").format(path=path), GOOD)
        return path

    def load(self, path: Path | None = None) -> bool:
        path = path or user_dirs.quick_save_path(self.save_dir, self.session.match.setup.map)
        try:
            loaded = MMSession.load(path, autosave=self.session.match.autosave_path,
                                    ai_sides=sorted(self.session.ai_sides))
        except SaveError as exc:
            # the engine's reason is in English: the Russian screen names the file only
            self.say(_("Could not load: {why}").format(why=exc) if i18n.language() == "en"
                     else _("Could not load {path}.").format(path=path), DANGER)
            return False
        self._use(loaded)
        self.say(_("Loaded {path}").format(path=path), GOOD)
        return True

    def offer_resume(self, commands: int) -> None:
        """The card that offers the unfinished game of the autosave (``app.py`` calls it when the
        autosave of this map holds one): resume loads it, "Start afresh" keeps this game."""
        self.card = resume_card(self.texts, commands)
        self._card_choice = self._resume_chosen

    def _resume_chosen(self, key: str) -> None:
        path = self.session.match.autosave_path
        if key == RESUME and path is not None:
            self.load(Path(path))

    def click_table(self, pos: tuple[int, int]) -> None:
        if not self.session.human_to_play():
            return
        st = self.state
        target = self.figure_at(pos)
        if target and st.has_minion(target):
            attacks = [c for c in self.session.legal() if isinstance(c, Attack) and c.target == target]
            if attacks:
                best = max(attacks, key=lambda c: (attack_odds(self.session.system, st, c).expected_wounds  # type: ignore[union-attr]
                                                   if attack_odds(self.session.system, st, c) else 0.0))
                self.submit(best)
                return
        cell = self.cell_at(pos)
        if not cell:
            return
        if cell in self.rescue_cells() and st.turn is not None:
            self.submit(Rescue(st.turn.mouse, cell))
            return
        reach = self.reach()
        if reach is not None and cell in reach and cell != reach.start and st.turn is not None:
            self.submit(Move(st.turn.mouse, reach.path_to(cell)))
        elif reach is not None and cell != reach.start:
            self.say(_("That cell is out of reach this turn."), DIM)

    # ------------------------------------------------------------------ view protocol
    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout.of(size)
        t = self.layout.table
        self.board_view.resize((t.width, t.height + self.status_height))
        self.bars_gui.resize(size)
        self._key = None

    def handle_event(self, event: pygame.event.Event) -> ViewAction | None:
        kind = event.type
        if self.card is not None:
            if kind in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
                key = self.card.handle_event(event)
                if key is not None:
                    self.card = None
                    then, self._card_choice = self._card_choice, None
                    if then is not None:
                        then(key)
            return None
        if kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._build_buttons()  # the widgets of what is on offer now
        used = self.bars_gui.process(event)
        done = self._pressed()
        if done is not None or (used and kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)):
            return done
        if kind == pygame.KEYDOWN:
            k = getattr(event, "key", 0)
            ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
            if k == pygame.K_ESCAPE:
                return Quit()
            if ctrl and k == pygame.K_z:
                return self.press("undo")
            if ctrl and k == pygame.K_y:
                return self.press("redo")
            if ctrl and k == pygame.K_s:
                return self.press("save")
            if ctrl and k == pygame.K_l:
                return self.press("load")
            if k == pygame.K_SPACE:
                self.hurry = True
                self._wait = 0.0
                return None
            if pygame.K_1 <= k <= pygame.K_9:
                self._build_buttons()
                i = k - pygame.K_1
                keys = [b.key for b in self.buttons if b.key.startswith("cmd")]
                if i < len(keys):
                    return self.press(keys[i])
                return None
            self.forward(event)
        elif kind == pygame.KEYUP:
            self.forward(event)
        elif kind == pygame.MOUSEMOTION:
            pos = tuple(int(v) for v in getattr(event, "pos", (0, 0)))[:2]
            self.cursor = (pos[0], pos[1])
            self.hover_cell = self.cell_at(self.cursor)
            self._build_buttons()
            self.hot = next((b for b in self.buttons + self.top_buttons if b.hit(self.cursor)), None)
            if self.layout.table.collidepoint(self.cursor):
                self.forward(event)
        elif kind == pygame.MOUSEBUTTONDOWN:
            pos = tuple(int(v) for v in getattr(event, "pos", (0, 0)))[:2]
            p = (pos[0], pos[1])
            self.cursor = p
            if getattr(event, "button", 1) == 1 and self.layout.table.collidepoint(p):
                self._drag_from = p
            if self.layout.table.collidepoint(p):
                self.forward(event)
        elif kind == pygame.MOUSEBUTTONUP:
            pos = tuple(int(v) for v in getattr(event, "pos", (0, 0)))[:2]
            p = (pos[0], pos[1])
            start, self._drag_from = self._drag_from, None
            self.forward(event)
            if getattr(event, "button", 1) == 1 and start is not None \
                    and abs(start[0] - p[0]) + abs(start[1] - p[1]) < 6:
                self.click_table(p)
        elif kind == pygame.MOUSEWHEEL and (self.cursor is None
                                            or self.layout.table.collidepoint(self.cursor)):
            self.forward(event)
        return None

    def forward(self, event: pygame.event.Event) -> None:
        data = dict(event.dict)
        if "pos" in data:
            t = self.layout.table
            data["pos"] = (data["pos"][0] - t.x, data["pos"][1] - t.y)
        self.board_view.handle_event(pygame.event.Event(event.type, data))

    def update(self, dt: float) -> None:
        self.board_view.update(dt)
        if self.card is None:  # no tooltip comes up under a card
            self._build_buttons()  # a new language or game: its widgets, not the old ones
            self.bars_gui.update(dt)
        self._message_left = max(0.0, self._message_left - dt)
        if self.card is not None:
            self.card.update(dt)
            return
        if self.session.program_to_play():
            self._wait -= dt
            if self._wait <= 0.0:
                self.program_step()

    def program_step(self) -> bool:
        """The GM (or an AI seat) gives one command now."""
        if not self.session.program_to_play():
            return False
        cmd = self.session.program_command()
        self._wait = 0.0 if self.hurry else self.pace
        return cmd is not None and self.submit(cmd)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        t = lay.table
        full = pygame.Rect(t.x, t.y, t.width, t.height + self.status_height)
        if surface.get_rect().contains(full):
            self.board_view.draw(surface.subsurface(full))
        table = surface.subsurface(t.clip(surface.get_rect()))
        self.draw_table(table)
        self._build_buttons()
        self.draw_top(surface)
        self.draw_panel(surface)
        self.draw_tray(surface)
        self.draw_actions(surface)
        self.draw_status(surface)
        self.bars_gui.draw(surface)  # the buttons, their tooltips over everything but a card
        if self.card is not None:
            self.card.draw(surface)

    def _poly(self, table: pygame.Surface, cell: str, rgba: tuple[int, int, int, int],
              layer: pygame.Surface, edge: RGB | None = None) -> None:
        cam = self.board_view.camera
        info = self.session.system.graph(self.state).cell(cell)
        for poly in polygons_of(info.polygon):
            pts = [cam.world_to_screen(x, y) for x, y, *_ in poly.exterior.coords]
            if len(pts) >= 3:
                pygame.draw.polygon(layer, rgba, pts)
                if edge is not None:
                    pygame.draw.lines(table, edge, True, pts, 3)

    def draw_table(self, table: pygame.Surface) -> None:
        st = self.state
        cam = self.board_view.camera
        g = self.session.system.graph(st)
        layer = pygame.Surface(table.get_size(), pygame.SRCALPHA)
        reach = self.reach()
        path: tuple[str, ...] = ()
        if reach is not None:
            for cell in reach.cells:
                if cell != reach.start:
                    self._poly(table, cell, REACH_END if cell in reach.terminal else REACH_FILL, layer)
            if self.hover_cell in reach:
                path = reach.path_to(self.hover_cell)
        for cell in self.rescue_cells():
            self._poly(table, cell, RESCUE_FILL, layer)
        table.blit(layer, (0, 0))
        if reach is not None:
            for cell in reach.cells:
                if cell == reach.start:
                    continue
                x, y = cam.world_to_screen(*g.cell(cell).centre)
                pic = self.texts.render(str(reach.cost[cell]), SMALL_PX, GOOD)
                table.blit(pic, (round(x) - pic.get_width() // 2, round(y) + FIG_R + 2))
        if len(path) > 1:
            pts = [cam.world_to_screen(*g.cell(c).centre) for c in path]
            pygame.draw.lines(table, ACCENT, False, pts, 4)
        if self.hover_cell:
            self._poly(table, self.hover_cell, (0, 0, 0, 0), layer, ACCENT)
        occ = self.session.system.occupancy(st)
        acting = st.acting
        near_targets = {c.target for c in self.session.legal() if isinstance(c, Attack)} \
            if self.session.human_to_play() and self.teaching else set()
        named: dict[str, int] = {}  #: cell -> half the width of the name over its lone figure
        for ident, label, seat, p in self.figure_spots(st):
            x, y = (round(v) for v in cam.world_to_screen(*p))
            colour = MINION if seat == "minion" else self.colours.get(seat, (150, 150, 150))
            if ident == acting:
                pygame.draw.circle(table, ACCENT, (x, y), FIG_R + 4, 3)
            if ident in near_targets:
                pygame.draw.circle(table, (0xFF, 0x50, 0x40), (x, y), FIG_R + 4, 3)
            pygame.draw.circle(table, colour, (x, y), FIG_R)
            pygame.draw.circle(table, (0x10, 0x10, 0x10), (x, y), FIG_R, 2)
            pic = self.texts.render(label[:1], SMALL_PX, (0xFF, 0xFF, 0xFF))
            table.blit(pic, (x - pic.get_width() // 2, y - pic.get_height() // 2))
            if occ.get(self._cell_of(st, ident)) is not None and self._alone(st, ident):
                name = self.texts.render(label, SMALL_PX, TEXT)
                table.blit(name, (x - name.get_width() // 2, y - FIG_R - name.get_height()))
                named[self._cell_of(st, ident)] = name.get_width() // 2
        for cell, n in occ.items():
            if cell not in g or g.cell(cell).tile != st.tile:
                continue
            cap_small, cap_large = capacity(g, cell, st.cfg.move_rules)
            x, y = cam.world_to_screen(*g.cell(cell).centre)
            used = _("{n}/{cap}L").format(n=n.large, cap=int(cap_large)) if n.large \
                else f"{n.small}/{int(cap_small)}"
            pic = self.texts.render(used, SMALL_PX, ACCENT)
            dx = max(FIG_R * 2, named.get(cell, 0) + 6)  # clear of the figure's name
            box = pic.get_rect(topleft=(round(x) + dx, round(y) - FIG_R * 2 - 4)).inflate(6, 2)
            table.fill((0x10, 0x10, 0x14), box)
            table.blit(pic, (box.x + 3, box.y + 1))

    @staticmethod
    def _cell_of(st: MMState, ident: str) -> str:
        return st.mouse(ident).cell if st.has_mouse(ident) else st.minion(ident).cell

    def _alone(self, st: MMState, ident: str) -> bool:
        cell = self._cell_of(st, ident)
        n = self.session.system.occupancy(st).get(cell)
        return n is not None and n.mice + n.small_minions + n.large_minions == 1

    def draw_top(self, surface: pygame.Surface) -> None:
        st = self.state
        top = self.layout.top
        surface.fill(CHROME_BG, top)
        pygame.draw.line(surface, PANEL_LINE, top.bottomleft, top.bottomright)
        x = top.x + 10
        cy = top.centery
        seat = self.session.to_play()
        who = _("Chapter over") if seat is None else seat_name(seat)
        pic = self.texts.render(_("Round {n}").format(n=st.round) + f"  ·  {who}", TEXT_PX,
                                self.colours.get(seat or "", TEXT) if seat not in (None, GM) else TEXT)
        surface.blit(pic, (x, cy - pic.get_height() // 2))
        x += pic.get_width() + 14
        r = (top.height - 10) // 2  # the cheese wheel's radius
        wheel_text = _("Wheel {wheel}/6   Page {page}/{end}").format(
            wheel=st.wheel, page=st.page, end=st.end_page)
        wheel = self.texts.render(wheel_text, TEXT_PX, TEXT)
        first = min((b.rect.x for b in self.top_buttons), default=top.right)
        room = first - 8 - (8 + 2 * r + 6 + wheel.get_width())  # where the track must end
        more = self.texts.render("...", SMALL_PX, DIM)
        for i, ent in enumerate(st.order):  # the initiative track
            if st.has_mouse(ent):
                m = st.mouse(ent)
                label, colour = self.name(m.id), self.colours.get(m.player, (150, 150, 150))
                if m.captured:
                    colour = (90, 90, 90)
            else:
                label, colour = self.name(ent), MINION
            w = self.texts.width(label, SMALL_PX) + 12
            last = i == len(st.order) - 1
            if x + w > room - (0 if last else more.get_width() + 6):
                # no room for the rest of the track: "..." (where it fits), the buttons whole
                if x + more.get_width() <= room:
                    surface.blit(more, (x, cy - more.get_height() // 2))
                    x += more.get_width() + 6
                break
            chip = pygame.Rect(x, top.y + 8, w, top.height - 16)
            pygame.draw.rect(surface, colour, chip, border_radius=4)
            if i == st.index:
                pygame.draw.rect(surface, ACCENT, chip.inflate(4, 4), 2, border_radius=5)
            text = self.texts.render(label, SMALL_PX, (0xFF, 0xFF, 0xFF))
            surface.blit(text, (chip.x + 6, chip.centery - text.get_height() // 2))
            x = chip.right + 6
        x += 8
        fits = first - 8 - (x + 2 * r + 6)  # a narrow window: the words cut, not the buttons
        if wheel.get_width() > fits:
            wheel = self.texts.render(ellipsize(self.texts, wheel_text, max(0, fits), TEXT_PX),
                                      TEXT_PX, TEXT)
        centre = (x + r, cy)
        for k in range(6):
            a0 = -math.pi / 2 + k * math.pi / 3
            pts = [centre] + [(centre[0] + r * math.cos(a0 + j * math.pi / 15),
                               centre[1] + r * math.sin(a0 + j * math.pi / 15)) for j in range(6)]
            pygame.draw.polygon(surface, CHEESE if k < st.wheel else (0x40, 0x40, 0x48), pts)
            pygame.draw.polygon(surface, (0x10, 0x10, 0x10), pts, 1)
        x += 2 * r + 6
        surface.blit(wheel, (x, cy - wheel.get_height() // 2))
        end = x + wheel.get_width()  # where the words end
        x = end + 14
        mode = self.texts.render(self.mode_name(), SMALL_PX, DIM)
        self._mode_on_top = x + mode.get_width() < first - 8
        if self._mode_on_top:
            surface.blit(mode, (x, cy - mode.get_height() // 2))
            end = x + mode.get_width()
        for b in self.top_buttons:  # a button the words reached (a tiny window) is hidden
            widget = self.widgets.get(b.key)
            if widget is not None and bool(widget.visible) != (b.rect.x > end):
                (widget.show if b.rect.x > end else widget.hide)()
                self.bars_gui.touch()

    def draw_panel(self, surface: pygame.Surface) -> None:
        st = self.state
        rect = self.layout.panel
        panel(surface, rect)
        x, y, w = rect.x + 10, rect.y + 8, rect.width - 20
        for m in st.mice:  # the party and the cards in hand
            colour = self.colours.get(m.player, TEXT)
            head = _("{name} ({player})  {health}/{life} hp  {cheese} cheese").format(
                name=self.name(m.id), player=seat_name(m.player), health=m.health, life=m.life,
                cheese=m.cheese)
            if m.captured:
                head += "  " + _("captured")
            pygame.draw.rect(surface, colour, pygame.Rect(x, y + 3, 6, 14))
            surface.blit(self.texts.render(ellipsize(self.texts, head, w - 10, SMALL_PX), SMALL_PX,
                                           ACCENT if m.id == st.acting else TEXT), (x + 10, y))
            y += 18
            held = ", ".join(self.name(c) for c in m.equipped) or _("nothing")
            pack = ", ".join(self.name(c) for c in m.pack)
            extra = ("; " + _("pack: {cards}").format(cards=pack) if pack else "") + \
                    (" [" + ", ".join(_(CONDITION_WORDS.get(c, c)) for c in m.conditions) + "]"
                     if m.conditions else "")
            for line in wrap(self.texts, _("Cards: {cards}").format(cards=held) + extra, w - 10,
                             SMALL_PX)[:2]:
                surface.blit(self.texts.render(line, SMALL_PX, DIM), (x + 10, y))
                y += 17
            y += 3
        if st.group_items:
            group = _("Group: {cards}").format(cards=", ".join(self.name(c) for c in st.group_items))
            surface.blit(self.texts.render(ellipsize(self.texts, group, w, SMALL_PX), SMALL_PX, DIM),
                         (x, y))
            y += 18
        pygame.draw.line(surface, PANEL_LINE, (rect.x, y), (rect.right, y))
        y += 6
        odds, source, cmd = self.odds()
        if odds is not None and cmd is not None:
            lines = [_("Odds ({source}): {title}").format(source=_(source), title=self.odds_title(cmd)),
                     _("{attack} attack dice vs {defence} defence dice").format(
                         attack=odds.attack_dice, defence=odds.defence_dice),
                     _("{wound:.0f}% at least one wound, {expected:.1f} expected; "
                       "{defeat:.0f}% defeats it").format(
                         wound=odds.p_wound * 100, expected=odds.expected_wounds,
                         defeat=odds.p_defeat * 100),
                     _("{cheese:.1f} cheese expected from the 6s").format(cheese=odds.expected_cheese)]
            for i, text in enumerate(lines):
                for line in wrap(self.texts, text, w, SMALL_PX):
                    surface.blit(self.texts.render(line, SMALL_PX, ACCENT if i == 0 else TEXT), (x, y))
                    y += 17
            pygame.draw.line(surface, PANEL_LINE, (rect.x, y + 3), (rect.right, y + 3))
            y += 8
        surface.blit(self.texts.render(_("Log"), TEXT_PX, ACCENT), (x, y))
        if not self._mode_on_top:  # no room in the top bar: the mode stands beside the log's title
            mode = self.texts.render(self.mode_name(), SMALL_PX, DIM)
            surface.blit(mode, (rect.right - 10 - mode.get_width(), y + 3))
        y += 22
        for entry in self.session.log():
            if y > rect.bottom - 18:
                break
            colour = self.colours.get(entry.seat, DIM if entry.seat == GM else TEXT)
            surface.blit(self.texts.render(ellipsize(self.texts, f"{entry.number}. {entry.title}", w,
                                                     SMALL_PX), SMALL_PX, colour), (x, y))
            y += 17
            for text, rules in entry.lines:
                for line in wrap(self.texts, f"{text} [{rules}]" if rules else text, w - 12, SMALL_PX):
                    if y > rect.bottom - 18:
                        break
                    surface.blit(self.texts.render(line, SMALL_PX, DIM), (x + 12, y))
                    y += 17

    def odds(self) -> tuple[AttackOdds | None, str, Attack | None]:
        """The odds to show, why they are shown (marked for ``_()``) and the attack."""
        hot = self.hot
        st = self.state
        system = self.session.system
        if hot is not None and isinstance(self._commands.get(hot.key), Attack):
            cmd = self._commands[hot.key]
            return attack_odds(system, st, cmd), N_("hovered"), cmd
        if not self.session.human_to_play():
            return None, "", None
        best = pending_attack(system, st, self.session.legal())
        return (attack_odds(system, st, best), N_("best on offer"), best) if best else (None, "", None)

    def odds_title(self, cmd: Attack) -> str:
        row = self.session.system.attack_mode(cmd.weapon, cmd.mode)
        return _("{mouse} attacks {target} ({row})").format(
            mouse=self.name(cmd.mouse), target=self.name(cmd.target), row=_(ATTACK_MODES.get(row, row)))

    def draw_tray(self, surface: pygame.Surface) -> None:
        rect = self.layout.tray
        panel(surface, rect, CHROME_BG)
        rolls = self.session.last_rolls()
        x = rect.x + 10
        size = min(40, rect.height - 34)
        if not rolls:
            surface.blit(self.texts.render(_("No dice rolled yet."), TEXT_PX, DIM), (x, rect.y + 8))
        for ev in rolls:
            values = dict(ev.values)
            row = str(values.get("row", "defence")) if ev.kind == "mm.attack" else "defence"
            who = self.name(ev.actor)
            title = (_("{who}: {row} attack").format(who=who, row=_(ATTACK_MODES.get(row, row)))
                     if ev.kind == "mm.attack" else _("{who}: defence").format(who=who))
            surface.blit(self.texts.render(title, SMALL_PX, TEXT), (x, rect.y + 4))
            dx = x
            for face in values.get("faces", ()):
                die = pygame.Rect(dx, rect.y + 24, size, size)
                word = die_word(int(face), row)
                shift = max(0, (self.texts.width(word, SMALL_PX) - size) // 2)
                die.x += shift
                draw_die(surface, self.texts, die, int(face), row)
                dx = die.right + shift + 10
            x = max(dx, x + self.texts.width(title, SMALL_PX)) + 20
        legend_w = max(self.texts.width(_(text), SMALL_PX) for _name, text in MEANINGS) + 22
        legend_x = max(x, rect.right - legend_w - 10)
        ly = rect.y + 4
        for name, text in MEANINGS:
            draw_symbol(surface, name, pygame.Rect(legend_x, ly, 18, 18))
            surface.blit(self.texts.render(_(text), SMALL_PX, DIM), (legend_x + 22, ly))
            ly += 18

    def draw_actions(self, surface: pygame.Surface) -> None:
        rect = self.layout.actions
        panel(surface, rect, CHROME_BG)
        if not self.buttons:
            seat = self.session.to_play()
            text = _("The GM plays the minions (Space: faster).") if seat == GM else \
                _("{seat} (AI) is playing.").format(seat=seat_name(seat)) if seat is not None \
                else self.outcome_text()
            y = rect.y + 8
            for line in wrap(self.texts, text, rect.width - 24, TEXT_PX)[:2]:
                surface.blit(self.texts.render(line, TEXT_PX, DIM), (rect.x + 12, y))
                y += 22

    def draw_status(self, surface: pygame.Surface) -> None:
        rect = self.layout.status
        surface.fill((0x1A, 0x1B, 0x1F), rect)
        if self._message_left > 0 and self.message:
            text, colour = self.message, self.message_colour
        else:
            text, colour = self.hint(), DIM
        pic = self.texts.render(ellipsize(self.texts, text, rect.width - 20, TEXT_PX), TEXT_PX, colour)
        surface.blit(pic, (rect.x + 10, rect.y + (rect.height - pic.get_height()) // 2))

    def hint(self) -> str:
        st = self.state
        if st.result:
            return self.outcome_text()
        if not self.session.human_to_play():
            return _("Minions are acting...") if self.session.to_play() == GM else \
                _("The AI is playing...")
        t = st.turn
        if not self.teaching:  # strict mode: no hints about what to do, the keys only
            who = _("{mouse} to play.").format(mouse=self.name(t.mouse)) + " " if t is not None else ""
            return who + _("Ctrl+Z undo, Ctrl+S save, Ctrl+L load.")
        if st.pending:
            return _("Settle the choice in the action bar.")
        if st.phase == Phase.CAPTURED:
            return _("Captured: rescue the mouse onto a blue cell, or end the turn.")
        if t is not None and self.reach() is not None:
            m = st.mouse(t.mouse)
            return _("{mouse}: rolled {move} + d3 {d3} = {mp} move points. Click a green cell to "
                     "move, a red-ringed minion to attack. Ctrl+Z undo, Ctrl+S save.").format(
                mouse=self.name(m.id), move=m.move, d3=t.d3, mp=t.mp)
        return _("Pick an action below (1-9), or End turn. Ctrl+Z undo, Ctrl+S save, Ctrl+L load.")


def make_mm_view(board_path: Path, size: tuple[int, int], ai_sides: Sequence[str] = (), *,
                 players: Sequence[str] | None = None, seed: int | None = None,
                 save_dir: Path | None = None, image_loader: Callable[..., Any] | None = None,
                 pace: float = GM_PACE_S, mode: str = "teaching",
                 board: Board | None = None) -> MMPlayView:
    """The play screen for a Mice and Mystics map (what ``game/ui/app.py`` opens), in teaching
    or strict ``mode`` (strict: no hints, no undoing a roll; a loaded save keeps its own)."""
    from game.ui.images import play_board
    from game.ui.play.mm_session import DEFAULT_PLAYERS, map_setting, new_mm_match

    board, image_loader = play_board(Path(board_path), board, image_loader)
    saves = save_dir if save_dir is not None else user_dirs.saves_dir()
    autosave = user_dirs.autosave_path(saves, map_setting(Path(board_path)))
    try:
        saves.mkdir(parents=True, exist_ok=True)
    except OSError:
        autosave = None  # type: ignore[assignment]
    match = new_mm_match(Path(board_path), seed, players=players or DEFAULT_PLAYERS,
                         autosave=autosave, mode=mode)
    session = MMSession(match, ai_sides=ai_sides)
    return MMPlayView(session, board, size, image_loader=image_loader, save_dir=saves, pace=pace)


__all__ = ["MMPlayView", "make_mm_view"]
