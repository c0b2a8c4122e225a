"""The Mice and Mystics play screen: hot-seat (each mouse may belong to another player), the
minions run by the program's GM at a readable pace, optional AI mouse seats.

Screen (drawn by ``mm/paint.py``): the top bar (round, the initiative track, the cheese wheel, the
page counter, the shell's buttons), the table (the reachable cells of the mouse in turn after its
movement roll; figures in their cells with each cell's occupancy), the side panel's tabs (the
shell's Log, the odds of the attack on offer, the party with the cards in hand), the dice tray,
the action bar and the status line.

Input: click a highlighted cell to move there (the cheapest path); click a minion to attack it
with the best weapon on offer; the action bar (keys 1-9) for everything else; Space hurries the
GM. The shell (``shell.py``) has the keys every screen shares: Esc the game menu, F1 help,
Ctrl+Z/Y undo and redo, Ctrl+S save, Ctrl+O load.

The action bar's buttons and its More page button are pygame_gui buttons (``bar_widgets``, in
the Gui the view shares with the top bar, drawn after the screen so that their tooltips lie over
it): each with a tooltip that says what it does, its key and the rule it carries out. They are
built again only when the window, the language, the game, its revision or the page change; a
click acts on the release.
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
from game.rules.mice_and_mystics.commands import Attack, Move, Rescue, Step
from game.rules.mice_and_mystics.dice import SUCCESS, read_roll
from game.rules.mice_and_mystics.explain import place_name, tile_name
from game.rules.mice_and_mystics.paths import Reach
from game.rules.mice_and_mystics.state import MMState, Phase
from game.ui.colours import RGB
from game.ui.gui import Gui
from game.ui.play import user_dirs
from game.ui.play.action_bar import GAP, ROW_H, Rows
from game.ui.play.bar_widgets import BarWidgets, fitted, text_width
from game.ui.play.choices import with_chance
from game.ui.play.mm import hints
from game.ui.play.mm import paint as mm_paint
from game.ui.play.mm.odds import AttackOdds, attack_odds, pending_attack
from game.ui.play.mm.paint import CONDITION_WORDS
from game.ui.play.mm.session import ATTACK_MODES, MMSession, action_help, seat_name
from game.ui.play.mm.table import FIG_R, RING, SPOT_STEP, spots_in_cell, unnamed
from game.ui.play.shell import PlayShell
from game.ui.play.widgets import DANGER, DIM, GOOD, Button
from game.ui.words import mode_name

GM_PACE_S = 0.6
BUTTON_IDS = ("button",)
PAD = 28  #: an action button's width beyond its words (the theme pads them 14 px a side)
#: the rules' reasons the screen shows; marked here so ``_(reason)`` finds them
SHOWN_REASONS = (
    N_("the pages ran out before the victory conditions were met (MM-END-5)"),
    N_("the chapter's victory conditions are met (MM-END-2)"),
    N_("every mouse of the party is captured (MM-CAPT-7)"),
)
#: the game's own lines of the help card (the shell adds the keys every screen shares)
HELP = (
    N_("After its movement roll the mouse in turn can reach the green cells: click one to move "
       "there. Click a minion ringed in red to attack it with the best weapon on offer."),
    N_("The action bar (keys 1-9) lists everything else the rules allow now; More turns its "
       "page. The GM plays the minions by itself; Space hurries it."),
)
#: the side panel's tabs' tooltips (after the shell's Log): an attack's odds, the party
ODDS_TIP = N_("The odds of the attack under the pointer in the action bar, else of the best "
              "attack on offer: wounds, a defeat, cheese.")
CARD_TIP = N_("The party: each mouse's health, cheese, cards and conditions; the mouse in turn "
              "lit.")

#: MM-SEARCH-2: the chance one die shows a success symbol (its button says it)
SEARCH_CHANCE = sum(read_roll((face,), SUCCESS).successes > 0 for face in range(1, 7)) / 6


class MMPlayView(PlayShell[MMState]):
    help_lines = HELP
    odds_tab, card_tab = (N_("Odds"), ODDS_TIP), (N_("Mice"), CARD_TIP)
    draw_odds, draw_card = mm_paint.draw_odds, mm_paint.draw_party
    ai_pace_s = GM_PACE_S

    def __init__(self, session: MMSession, board: Board, size: tuple[int, int],
                 **options: Any) -> None:
        #: the labels' plates on the table, by their words and colours (``table._plate``); the
        #: table's marks as last drawn (``paint.draw_table``)
        self.plates: dict[tuple[tuple[str, RGB], ...], pygame.Surface] = {}
        self.marks: tuple[Any, MMState, pygame.Surface, pygame.Rect] | None = None
        super().__init__(session, unnamed(board), size, **options)
        self.board_view.bake_map_labels = False  # the map's words go with the screen's own

    def build(self) -> None:
        #: the pygame_gui widgets of the action bar (the top bar's are the shell's)
        self.action_bar = BarWidgets(self.bars_gui)
        #: a button's key ("undo", "cmd0", "more") -> its UIButton
        self.widgets: dict[str, Any] = {}

    def _use(self, session: MMSession) -> None:
        self._start(session)
        self.cursor: tuple[int, int] | None = None
        self.hover_cell = ""
        self.hot: Button | None = None
        self.page = 0
        self.buttons: list[Button] = []
        self._commands: dict[str, Any] = {}
        self._key: tuple | None = None
        #: what the action bar offers, as last built: (label, command)
        self._items: list[tuple[str, Any]] = []
        self.action_bar.clear()  # the last game's actions (built anew for this one)
        self.widgets = {k: w for k, w in self.widgets.items() if w.alive()}
        self._drag_from: tuple[int, int] | None = None
        #: the figures' places for (the state, the zoom, the language): ``figure_spots``
        self._spots: tuple[Any, MMState, list[tuple[str, str, str, tuple[float, float]]]] | None = None
        self.mode_on_top = True  #: whether the top bar had room for the mode (else the panel)

    # ------------------------------------------------------------------ the shell's questions
    def side_name(self, side: str) -> str:
        return seat_name(side)

    def side_letter(self, side: str) -> str:
        return seat_name(side)[:1]

    def over(self) -> bool:
        return bool(self.state.result)

    def end_parts(self) -> tuple[str, RGB | None, list[str]]:
        won = self.state.result == "won"
        return (_("Chapter over"), GOOD if won else DANGER,
                [self.outcome_text(), _("Round {n}").format(n=self.state.round)])

    def after_change(self) -> None:
        self.page = 0

    def reach(self) -> Reach | None:
        if not self.session.human_to_play():
            return None
        return self.session.system.reach(self.state)

    def rescue_cells(self) -> list[str]:
        st = self.state
        if st.phase != Phase.CAPTURED or not self.session.human_to_play() or st.minions_on_board:
            return []
        return self.session.system.rescue_cells(st)

    def cell_at(self, pos: tuple[int, int]) -> str:
        if not self.layout.table.collidepoint(pos):
            return ""
        x, y = self.world_at(pos)
        return self.session.system.graph(self.state).cell_at(x, y) or ""

    def figure_spots(self, state: MMState) -> list[tuple[str, str, str, tuple[float, float]]]:
        """(id, label, seat or "minion", table point) of every figure on the board, those of a
        cell laid out side by side inside it (``table.spots_in_cell``); kept for the state and
        the zoom."""
        zoom = max(self.board_view.camera.zoom, 1e-6)
        key = (id(state), zoom, i18n.language())
        if self._spots is not None and self._spots[0] == key and self._spots[1] is state:
            return self._spots[2]
        g = self.session.system.graph(state)
        by_cell: dict[str, list[tuple[str, str, str]]] = {}
        for m in state.mice:
            if m.active and m.cell:
                by_cell.setdefault(m.cell, []).append((m.id, self.name(m.id), m.player))
        for n in state.minions_on_board:
            by_cell.setdefault(n.cell, []).append((n.id, self.name(n.id), "minion"))
        out = []
        for cell, figs in by_cell.items():
            info = g.cell(cell)
            spots = spots_in_cell(info.polygon, info.centre, len(figs), SPOT_STEP / zoom,
                                  (FIG_R + 1) / zoom)
            out += [(ident, label, seat, p) for (ident, label, seat), p in zip(figs, spots, strict=True)]
        self._spots = (key, state, out)
        return out

    def figure_at(self, pos: tuple[int, int]) -> str:
        t = self.layout.table
        cam = self.board_view.camera
        for ident, _label, _seat, p in self.figure_spots(self.state):
            sx, sy = cam.world_to_screen(*p)
            if math.hypot(sx + t.x - pos[0], sy + t.y - pos[1]) <= FIG_R + RING:
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
        if i18n.language() == "en" and ident not in self.session.map_names():
            if st.has_mouse(ident):
                return st.mouse(ident).name
            if st.has_minion(ident):
                return st.minion(ident).name
        return self.session.name(ident)

    def cell_name(self, cell: str) -> str:
        """A cell for a button: the map's name of it, else the tile and the number."""
        return place_name(cell, i18n.language(), self.session.map_names())

    def exit_name(self, via: str) -> str:
        if not via:
            return _("the exit")
        if via == "turning":
            return _("the turning cell")
        info = self.session.system.graph(self.state).exit(via)
        if info is not None and info.target_tile:
            return _("the exit to {tile}").format(tile=tile_name(info.target_tile, i18n.language()))
        return via

    def mode_name(self) -> str:
        return mode_name(self.session.match.mode)

    def label(self, cmd: Any, st: MMState) -> str:
        kind = type(cmd).__name__
        name = self.name
        if kind == "Attack":
            odds = attack_odds(self.session.system, st, cmd)
            mode = f" {_(ATTACK_MODES.get(cmd.mode, cmd.mode))}" if cmd.mode else ""
            extra = f" +{name(cmd.ability)}" if cmd.ability else ""
            attack = _("Attack {target} ({weapon})").format(
                target=name(cmd.target), weapon=f"{name(cmd.weapon)}{mode}{extra}")
            return with_chance(attack, odds.p_wound if odds else None)
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
        if kind == "Search":  # MM-SEARCH-2: one die, a success symbol finds something
            return with_chance(_("Search"), SEARCH_CHANCE)
        return _(words[kind]) if kind in words else kind

    def sync_bars(self) -> None:
        """The action bar's buttons, as records (``buttons``) and as pygame_gui widgets
        (``widgets``, with the top bar's): built again only when the language, the game, its
        revision or the page of actions change; on a new window size the same buttons move
        to their new places (built again only when they no longer fit as they are)."""
        gui = self.action_bar.ready(self.layout.size)
        if self.top_buttons.layout(self.layout.top, self.layout.size):
            self.widgets.update(zip(self.top_buttons.keys, self.top_buttons.buttons, strict=True))
            if not all(w.alive() for w in self.action_bar.elements):
                self._key = None  # the Gui was cleared: the action bar is built again too
        key = (id(self.session), self.session.revision, self.page, i18n.language(), self.layout.size)
        if key == self._key:
            return
        moved = self._key is not None and key[:-1] == self._key[:-1] and self._moved(gui)
        self._key = key
        if moved:
            return
        from pygame_gui.elements import UIButton

        self.top_buttons.enable({"undo": self.can_undo(), "redo": self.can_redo()})
        self._items = items = self.choices()
        pages, more_w = self._all_pages(gui, items)
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

    def _all_pages(self, gui: Gui, items: Sequence[tuple[str, Any]]
                   ) -> tuple[list[list[tuple[pygame.Rect, str, Any]]], int]:
        """The pages of the action bar (``_pages``) and the More button's width (0: one page)."""
        pages = self._pages(gui, items, 0)
        more_w = 0
        if len(pages) > 1:  # room on the right for the button to the next page
            more_w = text_width(gui, _("More {page}/{pages}").format(page=9, pages=9)) + PAD
            pages = self._pages(gui, items, more_w + GAP)
        return pages, more_w

    def _moved(self, gui: Gui) -> bool:
        """Move the action bar's buttons into the bar of a new window size when each keeps its
        size and page there; False when they must be built again."""
        pages, more_w = self._all_pages(gui, self._items)
        if self.page >= len(pages):
            return False
        places = [rect for rect, _label, _cmd in pages[self.page]]
        if len(pages) > 1:
            area = self.layout.actions
            places.append(pygame.Rect(area.right - 8 - more_w, area.y + GAP, more_w, ROW_H))
        if len(places) != len(self.buttons) or any(
                p.size != b.rect.size for p, b in zip(places, self.buttons, strict=True)):
            return False
        for place, button in zip(places, self.buttons, strict=True):
            button.rect = place
            self.widgets[button.key].set_relative_position(place.topleft)
        return True

    def _pages(self, gui: Gui, items: Sequence[tuple[str, Any]],
               reserve: int) -> list[list[tuple[pygame.Rect, str, Any]]]:
        """The action bar's buttons in rows, the rows in pages: (box, label, command); the
        first 9 of a page numbered for the keys, a page's first row ``reserve`` pixels short
        (the More button's place)."""
        rows = Rows(self.layout.actions, reserve, reserve_row=0)
        pages: list[list[tuple[pygame.Rect, str, Any]]] = [[]]
        for label, cmd in items:
            for _attempt in range(2):  # once more on the next row or page
                n = len(pages[-1]) + 1
                number = f"{n}  " if n <= 9 else ""
                w = min(text_width(gui, number + label, BUTTON_IDS) + PAD,
                        max(40, rows.right - rows.left))
                if rows.fits(w) or rows.at_start:
                    break
                if not rows.wrap():
                    pages.append([])
                    rows.top()
            pages[-1].append((rows.place(w), label, cmd))
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

    def outcome_text(self) -> str:
        return hints.outcome_text(self)

    def hint(self) -> str:
        return hints.hint(self)

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
        elif st.turn is not None and st.phase == Phase.TURN and (reach is None or cell != reach.start):
            self.say(hints.why_not_there(self, cell), DIM)

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

    # ------------------------------------------------------------------ events

    def feed_bars(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.sync_bars()  # the widgets of what is on offer now
        return bool(self.bars_gui.process(event))

    def bars_pressed(self) -> None:
        """Do what the action bar's buttons were clicked for (a click acts on the release)."""
        for k in self.action_bar.take():
            self.press(k)

    def press(self, key: str) -> None:
        if key == "more":
            self.page += 1
            self._key = None
        elif key in self._commands:
            self.submit(self._commands[key])

    def number_key(self, n: int) -> None:
        self.sync_bars()
        keys = [b.key for b in self.buttons if b.key.startswith("cmd")]
        if n <= len(keys):
            self.press(keys[n - 1])

    def table_event(self, event: pygame.event.Event) -> None:
        kind = event.type
        if kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pos = tuple(int(v) for v in getattr(event, "pos", (0, 0)))[:2]
            self.cursor = p = (pos[0], pos[1])
        if kind == pygame.KEYUP:
            self.forward(event)
        elif kind == pygame.MOUSEMOTION:
            self.hover_cell = self.cell_at(p)
            self.sync_bars()
            self.hot = next((b for b in self.buttons if b.hit(p)), None)
            if self.layout.table.collidepoint(p):
                self.forward(event)
        elif kind == pygame.MOUSEBUTTONDOWN:
            if getattr(event, "button", 1) == 1 and self.layout.table.collidepoint(p):
                self._drag_from = p
            if self.layout.table.collidepoint(p):
                self.forward(event)
        elif kind == pygame.MOUSEBUTTONUP:
            start, self._drag_from = self._drag_from, None
            self.forward(event)
            if getattr(event, "button", 1) == 1 and start is not None \
                    and abs(start[0] - p[0]) + abs(start[1] - p[1]) < 6:
                self.click_table(p)
        elif kind == pygame.MOUSEWHEEL and (self.cursor is None
                                            or self.layout.table.collidepoint(self.cursor)):
            self.forward(event)

    # ------------------------------------------------------------------ drawing
    def paint(self, surface: pygame.Surface) -> None:
        mm_paint.draw(self, surface)


def make_mm_view(board_path: Path, size: tuple[int, int], ai_sides: Sequence[str] = (), *,
                 players: Sequence[str] | None = None, seed: int | None = None,
                 save_dir: Path | None = None, image_loader: Callable[..., Any] | None = None,
                 pace: float = GM_PACE_S, mode: str = "teaching",
                 board: Board | None = None) -> MMPlayView:
    """The play screen for a Mice and Mystics map (what ``game/ui/app.py`` opens), in teaching
    or strict ``mode`` (strict: no hints, no undoing a roll; a loaded save keeps its own)."""
    from game.ui.images import play_board
    from game.ui.play.mm.session import DEFAULT_PLAYERS, map_setting, new_mm_match

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
    return MMPlayView(session, board, size, image_loader=image_loader, save_dir=saves,
                      ai_pace=pace)


__all__ = ["MMPlayView", "make_mm_view"]
