"""The Helldorado play screen: hot-seat (or against the AI) on the table of a map.

Click a unit of the side to play to select it: its sight lines to every enemy show, with the
distance, range band, difficulty and cover fraction of each, and the targets the nearest-target
rule allows in green. Drag from it to move (a retreat when engaged); the action bar lists what the
rules allow (keys 1-9). A template follows the mouse (Q/E or the wheel turn it; click lays it); an
explosion follows the mouse to its point. The dice tray shows the attack sequence with re-rolls;
the Log tab explains every event with its rules. Ctrl+Z undo, Ctrl+Y redo, Ctrl+S save, Ctrl+O
load, Esc the menu, Space hurry the AI.

Reuses the One for All screen's parts by import (layout, widgets, panels, cards, action bar). The
top bar's buttons, the side panel's tabs and the action bar are pygame_gui widgets in one ``Gui``
(``bars_gui``), fed every event and drawn once after the chrome, so that a tooltip lies over the
table and the panels (a card lies over the tooltips).
"""

from __future__ import annotations

import errno
import math
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.board.model import Board
from game.i18n import N_, _, language, save_language
from game.rules.engine import Match, SaveError, Setup
from game.rules.helldorado.commands import Blast, Move, Retreat, ShootAt
from game.rules.helldorado.spatial import angle_to
from game.rules.helldorado.state import HDState
from game.ui.board_view import BoardView
from game.ui.colours import NO_SIDE, RGB, ink_on, side_colours
from game.ui.figures import side_letters
from game.ui.gui import Gui
from game.ui.play import user_dirs
from game.ui.play.action_bar import ActionBar
from game.ui.play.actions import Choice, Group
from game.ui.play.card import Card, CardItem
from game.ui.play.game_menu import menu_card
from game.ui.play.handover import handover_card
from game.ui.play.hd_overlay import (
    SightPicture,
    TemplatePicture,
    draw_sight,
    draw_template,
    sight_lines,
    sight_picture,
    template_picture,
)
from game.ui.play.hd_session import HDSession, Submitted, Tool, history_reason, new_hd_match
from game.ui.play.hd_tray import (
    TABS,
    HDRow,
    HDTabs,
    HDTopButtons,
    HDTray,
    last_rolls,
)
from game.ui.play.layout import Layout
from game.ui.play.log_panel import LogPanel
from game.ui.play.resume import resume_card
from game.ui.play.side_panel import TAB_H
from game.ui.play.widgets import (
    ACCENT,
    CHROME_BG,
    DANGER,
    DIM,
    GOOD,
    PANEL_BG,
    PANEL_LINE,
    SMALL_PX,
    TEXT,
    TEXT_PX,
    TITLE_PX,
    Texts,
    ellipsize,
    ellipsize_message,
    wrap,
)
from game.ui.status_bar import StatusBar
from game.ui.view import Quit, ViewAction
from game.ui.words import mode_name

AI_PACE_S = 0.6
MESSAGE_S = 7.0
TRAY_H = 130
#: the game's name in the top bar, in the One for All title's orange
TITLE_COLOUR: RGB = (0xE6, 0x9F, 0x00)
HELP = (N_("Click a unit of the side to play: its sight lines, range bands and cover show."),
        N_("Drag from it to move (to retreat when engaged). The action bar (1-9) lists what the "
           "rules allow; a template follows the mouse (Q/E or the wheel turn it), a click lays it."),
        N_("Tab next unit, Space hurry the AI, Ctrl+Z undo, Ctrl+Y redo, Ctrl+S save, Ctrl+O load."))
#: base sizes (HD-0-3) and weapon kinds as the Unit tab names them
BASE_SIZES = {"normal": N_("normal"), "large": N_("large"), "huge": N_("huge")}
WEAPON_LINES = {"melee": N_("• {weapon} (melee) {numbers}"), "ranged": N_("• {weapon} (ranged) {numbers}"),
                "explosion": N_("• {weapon} (explosion) {numbers}"),
                "cloud": N_("• {weapon} (cloud) {numbers}"), "impact": N_("• {weapon} (impact) {numbers}")}
#: the match's modes as the top bar names them


def os_reason(exc: OSError) -> str:
    """Why a file could not be written, in the current language."""
    if isinstance(exc, PermissionError):
        return _("no permission")
    if exc.errno == errno.ENOSPC:
        return _("the disk is full")
    if isinstance(exc, FileNotFoundError | NotADirectoryError):
        return _("the folder does not exist")
    return _("error {n}").format(n=exc.errno) if exc.errno else _("the file cannot be written")


def save_error_words(exc: SaveError, path: Path) -> str:
    """A save that cannot be loaded: the engine's detail in English, a plain reason otherwise."""
    if language() == "en":
        why = str(exc)
    elif not path.is_file():
        why = _("there is no file {path}").format(path=path)
    else:
        why = _("it is not a saved game this program can read")
    return _("Could not load: {why}").format(why=why)


def hd_layout(size: tuple[int, int]) -> Layout:
    """The One for All layout with a taller dice tray (the attack sequence needs rows)."""
    base = Layout.of(size)
    extra = TRAY_H - base.tray.height
    t = base.table
    table = pygame.Rect(t.x, t.y, t.width, max(1, t.height - extra))
    tray = pygame.Rect(base.tray.x, table.bottom, base.tray.width, TRAY_H)
    actions = pygame.Rect(base.actions.x, tray.bottom, base.actions.width, base.actions.height)
    status = pygame.Rect(base.status.x, actions.bottom, base.status.width, base.status.height)
    return Layout(base.size, base.top, table, base.panel, tray, actions, status)


class HDPlayView:
    def __init__(self, session: HDSession, board: Board, size: tuple[int, int], *,
                 image_loader: Callable[..., Any] | None = None, save_dir: Path | None = None,
                 handover: bool | None = None, ai_pace: float = AI_PACE_S) -> None:
        self.board = board
        self.texts = Texts()
        self.layout = hd_layout(size)
        self.status_height = StatusBar(self.texts.fonts).height
        t = self.layout.table
        self.board_view = BoardView(board, (t.width, t.height + self.status_height), figures=(),
                                    image_loader=image_loader)
        self.save_dir = save_dir if save_dir is not None else user_dirs.saves_dir()
        self.ai_pace = ai_pace
        self.log_panel = LogPanel(self.texts)
        #: the pygame_gui widgets: the top bar's buttons, the side panel's tabs, the action bar
        self.bars_gui = Gui(size)
        self.top_buttons = HDTopButtons(self.bars_gui)
        self.tabs = HDTabs(self.bars_gui)
        self.action_bar = ActionBar(self.texts, self.bars_gui)
        self.tray = HDTray(self.texts)
        self.handover_on = handover if handover is not None else not session.ai_sides
        self.tab = TABS[0]
        self._use(session)

    # ------------------------------------------------------------------ the session
    def _use(self, session: HDSession) -> None:
        self.session = session
        self.colours: dict[str, RGB] = side_colours(session.state.sides)
        self.letters: dict[str, str] = side_letters(session.state.sides)
        self.selected = ""
        self.hover = ""
        self.cursor: tuple[int, int] | None = None
        self.drag_from: tuple[int, int] | None = None
        self.drag_to: tuple[float, float] | None = None  #: fathoms
        self.tool: Tool | None = None
        self.tool_angle = 0.0
        self.tool_point = (0.0, 0.0)
        self.card: Card | None = None
        self.card_kind = ""
        self.message = ""
        self.message_colour: RGB = TEXT
        self._message_left = 0.0
        self._ai_wait = self.ai_pace
        self.ai_hurry = False
        self._last_side = session.to_play()
        self._cache: dict[str, tuple[object, Any]] = {}
        self.hot: Choice | None = None
        self._follow()

    @property
    def state(self) -> HDState:
        return self.session.state

    @property
    def names(self) -> Any:
        return self.session.names

    @property
    def k(self) -> float:
        return self.state.cfg.fathom_mm

    def human_to_play(self) -> bool:
        side = self.session.to_play()
        return side is not None and side not in self.session.ai_sides

    def _memo(self, name: str, key: object, make: Callable[[], Any]) -> Any:
        got = self._cache.get(name)
        if got is None or got[0] != key:
            got = (key, make())
            self._cache[name] = got
        return got[1]

    def _follow(self) -> None:
        st = self.state
        if st.activation is not None and self.human_to_play():
            self.selected = st.activation.unit
        elif self.selected and not (st.has_unit(self.selected) and st.unit(self.selected).alive):
            self.selected = ""
        if not self.selected and self.human_to_play() and st.pending is None and not st.over:
            ready = st.ready(st.turn)
            self.selected = ready[0].id if ready else ""

    # ------------------------------------------------------------------ pictures
    def sight(self) -> SightPicture | None:
        uid = self.hover if self.hover and self.state.has_unit(self.hover) \
            and self.state.unit(self.hover).alive else self.selected
        if self.tool is not None:
            uid = self.tool.unit
        if not uid or not self.state.has_unit(uid) or not self.state.unit(uid).alive:
            return None
        return self._memo("sight", (id(self.session), self.session.revision, uid, language()),
                          lambda: sight_picture(self.session.system, self.state, uid, self.names,
                                                self.session.teaching))

    def template(self) -> TemplatePicture | None:
        tool = self.tool
        if tool is None:
            return None
        st = self.session.acting_state(tool.unit)
        if st is None:
            return None
        key = (id(self.session), self.session.revision, tool, round(self.tool_angle, 1),
               (round(self.tool_point[0], 2), round(self.tool_point[1], 2)), language())
        return self._memo("template", key, lambda: template_picture(
            self.session.system, st, tool.unit, tool.weapon, self.tool_angle, self.tool_point,
            self.names))

    def groups(self) -> list[Group]:
        if not self.human_to_play() or self.card is not None:
            return []
        if self.tool is not None:
            return [Group("tool", _("Template"), (Choice(_("Lay it here"), "lay", "tool"),
                                                  Choice(_("Cancel"), None, "tool")))]
        key = (id(self.session), self.session.revision, self.selected, language())
        return self._memo("groups", key, lambda: self.session.choices(self.selected))

    # ------------------------------------------------------------------ messages
    def say(self, text: str, colour: RGB = TEXT) -> None:
        self.message, self.message_colour, self._message_left = text, colour, MESSAGE_S

    def hint(self) -> str:
        """The status line: in teaching mode what the player can do now; in strict mode only
        whose turn it is."""
        st = self.state
        if st.over:
            return _("The game is over: Esc for the menu.")
        side = self.session.to_play() or ""
        who = self.names.side(side)
        if not self.human_to_play():
            return _("{side} (AI) is playing... Space hurries it.").format(side=who)
        if not self.session.teaching:
            return _("{side} to play.").format(side=who)
        if st.pending is not None:
            return _("{side}: answer the choice of the attack sequence.").format(side=who)
        if self.tool is not None:
            return _("Move the mouse to aim, Q/E or the wheel to turn, click to lay, Esc to cancel.")
        if st.activation is None:
            return _("{side}: pick a unit to activate (click it or Tab), then drag it or pick an "
                     "action.").format(side=who)
        return _("{side}: drag {unit} to move, or pick an action.").format(
            side=who, unit=self.names.of(st.activation.unit))

    # ------------------------------------------------------------------ doing things
    def submit(self, *commands: Any) -> Submitted:
        result = self.session.submit(*commands)
        if not result.ok:
            self.say(_("Not allowed: {reason}").format(reason=result.reason), DANGER)
            return result
        self.tool = None
        if result.events:
            self.say(self.session.explain(result.events[-1]).text)
        self._settle()
        return result

    def _settle(self) -> None:
        st = self.state
        side = self.session.to_play()
        self._follow()
        if st.over:
            self.open_end()
        elif side != self._last_side and side is not None and self.handover_on \
                and side not in self.session.ai_sides and self._last_side is not None \
                and self._last_side not in self.session.ai_sides:
            self.card = handover_card(self.texts, self.names.side(side), self.colours[side],
                                      self.letters.get(side, ""), self.names.side(self._last_side))
            self.card_kind = "handover"
        if side is not None and side in self.session.ai_sides and side != self._last_side:
            self._ai_wait = self.ai_pace
        if side is None or side not in self.session.ai_sides:
            self.ai_hurry = False
        self._last_side = side

    def choose(self, choice: Choice) -> None:
        cmd = choice.command
        if cmd is None:
            self.tool = None
            return
        if cmd == "lay":
            self.lay_tool()
            return
        if isinstance(cmd, Tool):
            self.tool = cmd
            u = self.state.unit(cmd.unit)
            enemies = self.state.alive(self.state.other_side(u.side))
            if enemies:
                near = min(enemies, key=lambda e: math.hypot(e.x - u.x, e.y - u.y))
                self.tool_angle = angle_to(u, near)
                self.tool_point = (near.x, near.y)
            return
        unit = getattr(cmd, "unit", "")
        if self.state.pending is None and unit:
            self.submit(*self.session.prefix(unit), cmd)
        else:
            self.submit(cmd)

    def lay_tool(self) -> None:
        tool = self.tool
        if tool is None:
            return
        if tool.kind == "template":
            cmd: Any = Blast(tool.unit, tool.weapon, round(self.tool_angle % 360.0, 3))
        else:
            cmd = ShootAt(tool.unit, tool.weapon, round(self.tool_point[0], 4),
                          round(self.tool_point[1], 4))
        self.submit(*self.session.prefix(tool.unit), cmd)

    def move_to(self, unit_id: str, target: tuple[float, float]) -> Submitted | None:
        """A drag's end: a straight move (or retreat) towards ``target`` (fathoms), as far as
        the movement left allows."""
        acting = self.session.acting_state(unit_id)
        if acting is None:
            return None
        u = acting.unit(unit_id)
        length = math.hypot(target[0] - u.x, target[1] - u.y)
        left = self.session.system.remaining(acting, u)
        length = min(length, left)
        if length <= 0.02:
            self.say(_("No movement left.") if left <= 0.02 else _("Drag further to move."), DANGER)
            return None
        angle = angle_to(u, target)
        kind = Retreat if self.session.system.engaged(acting, u) else Move
        return self.submit(*self.session.prefix(unit_id), kind(unit_id, angle, round(length, 3)))

    def undo(self) -> None:
        self.tool = None
        ai = self.session.ai_sides
        if len(ai) >= len(self.state.sides):
            ai = set()
        steps = self.session.match.steps
        system = self.session.system
        undone = 0
        while steps and ai and system.current_player(steps[-1].before) in ai:
            if self.session.undo():
                break
            undone += 1
        why = self.session.undo()
        if why and not undone:
            self.say(_("Cannot undo: {why}").format(why=history_reason(why)), DANGER)
            return
        self._after_history(_("Undone."))

    def redo(self) -> None:
        result = self.session.redo()
        if not result.ok:
            self.say(_("Cannot redo: {why}").format(why=history_reason(result.reason)), DANGER)
            return
        self._after_history(_("Redone."))

    def _after_history(self, words: str) -> None:
        if self.card_kind == "end" and not self.state.over:
            self.card, self.card_kind = None, ""
        self._last_side = self.session.to_play()
        self.ai_hurry = False
        self._ai_wait = max(self.ai_pace, 1.0)
        self._follow()
        self.say(words)
        if self.state.over:
            self.open_end()

    def save(self) -> Path | None:
        path = user_dirs.quick_save_path(self.save_dir, self.session.match.setup.map)
        try:
            self.session.save(path)
        except OSError as exc:
            self.say(_("Could not save to {path}: {why}").format(path=path, why=os_reason(exc)), DANGER)
            return None
        self.say(_("Saved to {path}").format(path=path), GOOD)
        return path

    def load(self, path: Path | None = None) -> bool:
        path = path or user_dirs.quick_save_path(self.save_dir, self.session.match.setup.map)
        try:
            loaded = HDSession.load(path, autosave=self.session.match.autosave_path,
                                    ai_sides=sorted(self.session.ai_sides))
        except SaveError as exc:
            self.say(save_error_words(exc, path), DANGER)
            return False
        if loaded.match.setup.map != self.session.match.setup.map:
            self.say(_("That save is for another map ({map}).").format(map=loaded.match.setup.map),
                     DANGER)
            return False
        self._use(loaded)
        self.say(_("Loaded {path}").format(path=path), GOOD)
        if self.state.over:
            self.open_end()
        return True

    def new_game(self) -> None:
        old = self.session.match
        s = old.setup
        match = Match(old.system, Setup(s.system, s.map, random.SystemRandom().randrange(1, 2**31),
                                        s.options, s.players), mode=old.mode,
                      autosave=old.autosave_path)
        self._use(HDSession(match, ai_sides=sorted(self.session.ai_sides)))
        self.say(_("A new game."), GOOD)

    def cycle_ai(self) -> str:
        sides = self.state.sides
        ai = self.session.ai_sides
        new = {sides[1]} if not ai else {sides[0]} if ai == {sides[1]} else set()
        self.session.ai_sides = new
        self._ai_wait = self.ai_pace
        self._last_side = self.session.to_play()
        self._cache.clear()
        self._follow()
        return self.ai_label()

    def ai_label(self) -> str:
        ai = self.session.ai_sides
        return ", ".join(self.names.side(s) for s in sorted(ai)) if ai else _("nobody (hot-seat)")

    # ------------------------------------------------------------------ cards
    def open_end(self) -> None:
        st = self.state
        winners = st.winners
        title = (_("{side} win!").format(side=self.names.side(winners[0])) if len(winners) == 1
                 else _("A draw"))
        colour = self.colours.get(winners[0], NO_SIDE) if len(winners) == 1 else None
        score = ", ".join(f"{self.names.side(s)} {v}" for s, v in st.tally)
        ok = self.session.can_undo()[0]
        self.card = Card(self.texts, title, [self.end_reason(), _("Points: {score}.").format(score=score),
                                             _("Commands: {n}; rounds: {r}.").format(
                                                 n=len(self.session.match.steps), r=st.round)],
                         [CardItem("look", _("Look at the table and the log")),
                          CardItem("undo", _("Undo the last command"), ok, "Ctrl+Z"),
                          CardItem("new", _("New game")), CardItem("quit", _("Quit"))], colour=colour)
        self.card_kind = "end"

    def end_reason(self) -> str:
        """Why the game ended (HD-HOUSE-11), in the current language."""
        st = self.state
        gone = [s for s in st.sides if not st.alive(s)]
        if gone:
            return _("{sides} wiped out (HD-HOUSE-11)").format(
                sides=", ".join(self.names.side(s) for s in gone))
        score = ", ".join(_("{side}: {n}").format(side=self.names.side(s), n=st.score(s))
                          for s in st.sides)
        return _("After {n} rounds: {score} (HD-HOUSE-11)").format(n=st.round, score=score)

    def offer_resume(self, commands: int) -> None:
        """Open the card that offers to resume the unfinished game of the autosave
        (``RESUME`` loads it; "close" keeps the fresh game)."""
        self.card = resume_card(self.texts, commands)
        self.card_kind = "resume"

    def open_menu(self) -> None:
        folder, map_name = self.save_dir, self.session.match.setup.map
        auto = self.session.match.autosave_path
        self.card = menu_card(
            self.texts, can_undo=self.session.can_undo()[0], can_redo=self.session.can_redo(),
            has_save=user_dirs.quick_save_path(folder, map_name).is_file(),
            has_autosave=auto is not None and auto.is_file(), ai_label=self.ai_label(),
            handover=self.handover_on, lang=language())
        self.card_kind = "menu"

    def card_action(self, key: str) -> ViewAction | None:
        kind = self.card_kind
        self.card, self.card_kind = None, ""
        if key == "quit":
            return Quit()
        actions: dict[str, Callable[[], Any]] = {
            "undo": self.undo, "redo": self.redo, "save": self.save, "load": self.load,
            "new": self.new_game}
        if key in actions:
            actions[key]()
        elif key == "autosave" and self.session.match.autosave_path is not None:
            self.load(self.session.match.autosave_path)
        elif key == "help":
            self.card, self.card_kind = Card(self.texts, _("How to play"), [_(line) for line in HELP],
                                             (), close_on_any=True), "help"
        elif key in ("ai", "handover", "lang"):
            if key == "ai":
                self.say(_("AI plays: {who}").format(who=self.cycle_ai()))
            elif key == "handover":
                self.handover_on = not self.handover_on
            else:  # the other language for the whole program, remembered between runs
                save_language("ru" if language() == "en" else "en")
                self.message = ""
                self._build_widgets()
            self.open_menu()
        elif key == "look" and kind == "end":
            self.say(_("The game is over. Esc opens the menu for a new game."))
        return None

    def _build_widgets(self) -> None:
        """Build the widgets for the current language now (after a switch: the old captions
        are not drawn again, not even off screen)."""
        lay = self.layout
        self.top_buttons.layout(lay.top, lay.size)
        self.tabs.layout(lay.panel, lay.size, self.tab)
        self.action_bar.set(lay.actions, self.groups(), self.hint(), lay.size)

    # ------------------------------------------------------------------ geometry
    def to_table(self, pos: tuple[int, int]) -> tuple[int, int]:
        t = self.layout.table
        return pos[0] - t.x, pos[1] - t.y

    def world_at(self, pos: tuple[int, int]) -> tuple[float, float]:
        """The table point under a screen position, in fathoms."""
        x, y = self.board_view.camera.screen_to_world(*self.to_table(pos))
        return x / self.k, y / self.k

    def screen_point(self, point: tuple[float, float]) -> tuple[int, int]:
        sx, sy = self.board_view.camera.world_to_screen(point[0] * self.k, point[1] * self.k)
        return round(sx) + self.layout.table.x, round(sy) + self.layout.table.y

    def unit_at(self, pos: tuple[int, int]) -> str:
        x, y = self.world_at(pos)
        best, best_d = "", math.inf
        for u in self.state.alive():
            d = math.hypot(u.x - x, u.y - y)
            if d <= u.radius * 1.2 and d < best_d:
                best, best_d = u.id, d
        return best

    # ------------------------------------------------------------------ view protocol
    def resize(self, size: tuple[int, int]) -> None:
        self.layout = hd_layout(size)
        t = self.layout.table
        self.board_view.resize((t.width, t.height + self.status_height))
        self.bars_gui.resize(size)

    def handle_event(self, event: pygame.event.Event) -> ViewAction | None:
        kind = event.type
        if self.card is not None:
            if kind in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
                key = self.card.handle_event(event)
                if key is not None:
                    return self.card_action(key)
            return None
        used = self.bars_gui.process(event)  # the buttons and tabs act when released
        self._bars_pressed()
        if used and kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return None
        if kind == pygame.KEYDOWN:
            return self._key(event)
        if kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._mouse(event)
        elif kind == pygame.MOUSEWHEEL:
            if self.tool is not None and self.tool.kind == "template":
                self.tool_angle = (self.tool_angle + 5.0 * float(getattr(event, "y", 0))) % 360.0
            elif self.cursor is not None and self.layout.panel.collidepoint(self.cursor):
                body = self._panel_body()
                self.log_panel.scroll_by(float(getattr(event, "y", 0)), body.height)
            else:
                self._forward(event)
        elif kind == pygame.KEYUP:
            self._forward(event)
        elif kind in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
            self.cursor = None
            self.hover = ""
            self._forward(event)
        return None

    def _bars_pressed(self) -> None:
        """Do what the widgets were pressed for: a tab, a top bar button, an action."""
        for tab in self.tabs.take():
            self.tab = tab
        for action in self.top_buttons.take():
            if action == "menu":
                self.open_menu()
            else:
                self.card_action(action)
        for choice in self.action_bar.take():
            self.choose(choice)

    def _forward(self, event: pygame.event.Event) -> None:
        data = dict(event.dict)
        if "pos" in data:
            data["pos"] = self.to_table(data["pos"])
        self.board_view.handle_event(pygame.event.Event(event.type, data))

    def _key(self, event: pygame.event.Event) -> ViewAction | None:
        k = getattr(event, "key", 0)
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        if ctrl and k == pygame.K_z:
            self.undo()
        elif ctrl and k == pygame.K_y:
            self.redo()
        elif ctrl and k == pygame.K_s:
            self.save()
        elif ctrl and k == pygame.K_o:
            self.load()
        elif k == pygame.K_ESCAPE:
            if self.tool is not None or self.drag_from is not None:
                self.tool, self.drag_from, self.drag_to = None, None, None
            else:
                self.open_menu()
        elif k == pygame.K_F1:
            self.card_action("help")
        elif k == pygame.K_SPACE:
            if not self.human_to_play():
                self.ai_hurry, self._ai_wait = True, 0.0
        elif k in (pygame.K_q, pygame.K_e) and self.tool is not None:
            self.tool_angle = (self.tool_angle + (-5.0 if k == pygame.K_q else 5.0)) % 360.0
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.tool is not None:
            self.lay_tool()
        elif k == pygame.K_TAB:
            self._next_unit()
        elif pygame.K_1 <= k <= pygame.K_9:
            choice = self.action_bar.by_number(k - pygame.K_0)
            if choice is not None:
                self.choose(choice)
        else:
            self._forward(event)
        return None

    def _next_unit(self) -> None:
        st = self.state
        if st.activation is not None or not self.human_to_play():
            return
        ready = [u.id for u in st.ready(st.turn)]
        if ready:
            i = ready.index(self.selected) + 1 if self.selected in ready else 0
            self.selected = ready[i % len(ready)]

    def _panel_body(self) -> pygame.Rect:
        return self.tabs.body(self.layout.panel)

    def _mouse(self, event: pygame.event.Event) -> None:
        raw = getattr(event, "pos", (0, 0))
        pos = (int(raw[0]), int(raw[1]))
        self.cursor = pos
        lay = self.layout
        on_table = lay.table.collidepoint(pos)
        if event.type == pygame.MOUSEMOTION:
            self.hot = self.action_bar.choice_at(pos) if lay.actions.collidepoint(pos) else None
            if on_table and self.tool is not None:
                u = self.state.unit(self.tool.unit)
                p = self.world_at(pos)
                self.tool_point = p
                if math.hypot(p[0] - u.x, p[1] - u.y) > 0.05:
                    self.tool_angle = angle_to(u, p)
            if self.drag_from is not None:
                self.drag_to = self.world_at(pos)
                return
            self.hover = self.unit_at(pos) if on_table else ""
            self._forward(event)
            return
        button = getattr(event, "button", 1)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if lay.top.collidepoint(pos):
                return  # the top bar's buttons act when released
            if lay.panel.collidepoint(pos) and button == 1:
                if self.tab == TABS[0] and self._panel_body().collidepoint(pos):
                    self.log_panel.click(self._panel_body(), pos)
                return  # the tabs are buttons: they act when released
            if lay.actions.collidepoint(pos) and button == 1:
                return  # the action bar's buttons act when released
            if not on_table:
                return
            if button == 3:
                self.tool = None
                return
            if self.tool is not None and button == 1:
                self.lay_tool()
                return
            uid = self.unit_at(pos)
            if button == 1 and uid and self.human_to_play():
                self.selected = uid
                if self.session.can_act(uid):
                    self.drag_from = pos
                    self.drag_to = None
                    return
            self._forward(event)
            return
        if event.type == pygame.MOUSEBUTTONUP:
            if self.drag_from is not None:
                start, self.drag_from = self.drag_from, None
                target, self.drag_to = self.drag_to, None
                if target is not None and math.hypot(pos[0] - start[0], pos[1] - start[1]) > 6:
                    self.move_to(self.selected, target)
                return
            self._forward(event)

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        self.board_view.update(dt)
        self._message_left = max(0.0, self._message_left - dt)
        if self.card is not None:
            self.card.update(dt)
            return
        self.bars_gui.update(dt)  # no tooltip comes up under a card
        if self.session.ai_to_play() and not self.state.over:
            self._ai_wait -= dt
            if self._ai_wait <= 0.0:
                self.ai_step()

    def ai_step(self) -> bool:
        if not self.session.ai_to_play():
            return False
        command = self.session.ai_command()
        self._ai_wait = 0.0 if self.ai_hurry else self.ai_pace
        if command is None:
            return False
        return self.submit(command).ok

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        t = lay.table
        full = pygame.Rect(t.x, t.y, t.width, t.height + self.status_height)
        if surface.get_rect().contains(full):
            self.board_view.draw(surface.subsurface(full))
        table = surface.subsurface(t.clip(surface.get_rect()))
        self._draw_table(table)
        self._draw_top(surface)
        self._draw_panel(surface)
        session = self.session
        key = (id(session), session.revision, language())
        title, rows = self._memo("rolls", key, lambda: last_rolls(session.match, self.names))
        act = self.state.activation
        info = None
        if act is not None:
            u = self.state.unit(act.unit)
            info = (self.names.of(u.id),
                    _("{d:.1f} f").format(d=session.system.remaining(self.state, u)))
        self.tray.draw(surface, lay.tray, (key, info), title, rows, info, self.colours)
        self.action_bar.set(lay.actions, self.groups(), self.hint(), surface.get_size())
        self.action_bar.draw(surface, lay.actions, self.hot)
        self._draw_status(surface)
        self.bars_gui.draw(surface)  # the widgets, their tooltips over everything but a card
        if self.card is not None:
            self.card.draw(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        cam = self.board_view.camera
        st = self.state
        k = self.k
        pic = self.sight() if self.tool is None and self.drag_from is None else None
        if pic is not None:
            draw_sight(surface, cam, self.texts, st, pic, "lines")
        tpl = self.template()
        if tpl is not None:
            draw_template(surface, cam, st, tpl)
        active = st.activation.unit if st.activation else ""
        for u in sorted(st.units, key=lambda u: (u.alive, u.z, u.y)):
            cx, cy = cam.world_to_screen(u.x * k, u.y * k)
            r = max(9, round(u.radius * k * cam.zoom))
            c = (round(cx), round(cy))
            colour = self.colours.get(u.side, NO_SIDE)
            if not u.alive:
                pygame.draw.circle(surface, (0x50, 0x50, 0x50), c, r, 2)
                pygame.draw.line(surface, (0x50, 0x50, 0x50), (c[0] - r, c[1] - r), (c[0] + r, c[1] + r), 2)
                continue
            if u.id == self.selected:
                pygame.draw.circle(surface, ACCENT, c, r + 5, 3)
            if u.id == active:
                pygame.draw.circle(surface, (0xFF, 0xFF, 0xFF), c, r + 9, 2)
            if u.id == self.hover:
                pygame.draw.circle(surface, (0xF4, 0xF4, 0xF0), c, r + 3, 1)
            fill = colour if not u.activated else tuple(v // 2 for v in colour)
            pygame.draw.circle(surface, fill, c, r)
            pygame.draw.circle(surface, (0x10, 0x10, 0x12), c, r, 2)
            mark = self.texts.render(self.letters.get(u.side, ""), SMALL_PX,
                                     ink_on(fill))  # type: ignore[arg-type]
            surface.blit(mark, mark.get_rect(center=c))
            lifted = _(", height {z:.1f} f").format(z=u.z) if u.z > 0.05 else ""
            name = self.texts.render(f"{self.names.of(u.id)} {u.lp}/{u.max_lp}{lifted}", SMALL_PX, TEXT)
            box = name.get_rect(midbottom=(c[0], c[1] - r - 2))
            pygame.draw.rect(surface, (0x14, 0x14, 0x18), box.inflate(4, 0), border_radius=3)
            surface.blit(name, box)
        if pic is not None:
            draw_sight(surface, cam, self.texts, st, pic, "labels")
        if self.drag_from is not None and self.drag_to is not None and self.selected:
            self._draw_drag(surface)

    def _draw_drag(self, surface: pygame.Surface) -> None:
        acting = self.session.acting_state(self.selected)
        if acting is None or self.drag_to is None:
            return
        cam = self.board_view.camera
        k = self.k
        u = acting.unit(self.selected)
        system = self.session.system
        want = math.hypot(self.drag_to[0] - u.x, self.drag_to[1] - u.y)
        left = system.remaining(acting, u)
        if want < 0.02 or left <= 0:
            return
        angle = angle_to(u, self.drag_to)
        res = system.sweep(acting, u, angle, min(want, left))
        a = cam.world_to_screen(u.x * k, u.y * k)
        b = cam.world_to_screen(res.x * k, res.y * k)
        want_pt = cam.world_to_screen(self.drag_to[0] * k, self.drag_to[1] * k)
        pygame.draw.line(surface, DIM, a, want_pt, 1)
        pygame.draw.line(surface, ACCENT, a, b, max(2, round(2 * u.radius * k * cam.zoom)))
        pygame.draw.circle(surface, ACCENT, (round(b[0]), round(b[1])),
                           round(u.radius * k * cam.zoom), 2)
        words = _("{d:.2f} of {left:.2f} f").format(d=res.distance, left=left) + (
            _(", stops at {what}").format(what=self.names.thing(str(res.id), str(res.kind or "")))
            if res.stopped else "")
        tag = self.texts.render(words, SMALL_PX, ACCENT)
        surface.blit(tag, (b[0] + 12, b[1] + 8))

    def _draw_top(self, surface: pygame.Surface) -> None:
        """The bar's background and words (the side's chip in its colour); its buttons are
        widgets, drawn with ``bars_gui``."""
        rect = self.layout.top
        t = self.texts
        buttons = self.top_buttons
        buttons.layout(rect, surface.get_size())
        buttons.enable({"undo": self.session.can_undo()[0], "redo": self.session.can_redo()})
        surface.fill(CHROME_BG, rect)
        pygame.draw.line(surface, PANEL_LINE, rect.bottomleft, rect.bottomright)
        x = rect.x + 12
        title = t.render(_("Helldorado"), TITLE_PX, TITLE_COLOUR)
        surface.blit(title, (x, rect.centery - title.get_height() // 2))
        x += title.get_width() + 20
        st = self.state
        side = self.session.to_play()
        if side is not None:
            colour = self.colours.get(side, NO_SIDE)
            ai = " " + _("(AI)") if side in self.session.ai_sides else ""
            chip = t.render(f" {self.names.side(side)}{ai} ", TEXT_PX, ink_on(colour))
            box = pygame.Rect(x, rect.y + 8, chip.get_width() + 6, rect.height - 16)
            pygame.draw.rect(surface, colour, box, border_radius=5)
            surface.blit(chip, (box.x + 3, box.centery - chip.get_height() // 2))
            x = box.right + 16
        score = "  ".join(f"{self.names.side(s)} {v}" for s, v in st.tally)
        first = "   ".join((_("Round {n}/{of}").format(n=st.round, of=st.cfg.rounds),
                             mode_name(self.session.mode)))
        second = "   ".join((_("Points: {score}").format(score=score),
                             _("Vae Victis: {left}").format(left=" ".join(str(st.vae(s)) for s in st.sides))))
        room = buttons.left(rect) - 12 - x
        one = f"{first}   {second}"
        lines = [one] if t.width(one, SMALL_PX) <= room else [first, second]
        pics = [t.render(ellipsize(t, line, room, SMALL_PX), SMALL_PX, DIM) for line in lines]
        y = rect.centery - sum(p.get_height() for p in pics) // 2
        for pic in pics:
            surface.blit(pic, (x, y))
            y += pic.get_height()

    def _draw_panel(self, surface: pygame.Surface) -> None:
        rect = self.layout.panel
        t = self.texts
        self.tabs.layout(rect, surface.get_size(), self.tab)  # buttons, drawn with bars_gui
        surface.fill(PANEL_BG, rect)
        pygame.draw.line(surface, PANEL_LINE, rect.topleft, rect.bottomleft)
        pygame.draw.line(surface, PANEL_LINE, (rect.x, rect.y + TAB_H - 1),
                         (rect.right, rect.y + TAB_H - 1))
        body = self._panel_body()
        if self.tab == TABS[0]:
            self.log_panel.layout(self.session.log(), body.width,
                                  (id(self.session), self.session.revision, language()))
            self.log_panel.draw(surface, body, self.colours)
            return
        if self.tab == TABS[1]:
            tpl = self.template()
            pic = self.sight()
            lines = ([tpl.words, ""] if tpl is not None else []) + (
                sight_lines(pic, self.state, self.names) if pic is not None else [_("Select a unit.")])
        else:
            lines = self._unit_lines()
        y = body.y + 10
        clip = surface.get_clip()
        surface.set_clip(body)
        for line in lines:
            for part in wrap(t, line, body.width - 20, SMALL_PX):
                surface.blit(t.render(part, SMALL_PX, TEXT), (body.x + 10, y))
                y += 20
        surface.set_clip(clip)

    def _unit_lines(self) -> list[str]:
        uid = self.hover or self.selected
        st = self.state
        if not uid or not st.has_unit(uid):
            return [_("Select a unit.")]
        u = st.unit(uid)
        names = self.names
        out = [f"{names.of(u.id)} ({names.side(u.side)}, {names.profile(u.profile)})",
               f"CBT {u.cbt if u.cbt is not None else '–'}  DEF {u.defence}  PR {u.pr}  "
               f"SHS {u.shs if u.shs is not None else '–'}",
               _("LP {lp}/{max}  MOV {mov:g} f  base {size}  {points} pts").format(
                   lp=u.lp, max=u.max_lp, mov=u.mov, size=_(BASE_SIZES.get(u.size, u.size)),
                   points=u.points),
               _("activated this round") if u.activated else _("ready")]
        for w in u.weapons:
            nums = (_("table {values}").format(values="/".join(map(str, w.table))) if w.table else
                    f"{w.difficulty}/{w.power}")
            line = _(WEAPON_LINES.get(w.kind, N_("• {weapon} {numbers}")))
            out.append(line.format(weapon=names.weapon(w.id, w.name), numbers=nums)
                       + (_(", Range {r:g} f").format(r=w.range) if w.range else ""))
        return out

    def _draw_status(self, surface: pygame.Surface) -> None:
        rect = self.layout.status
        surface.fill((0x1A, 0x1B, 0x1F), rect)
        pygame.draw.line(surface, PANEL_LINE, rect.topleft, rect.topright)
        if self.message and self._message_left > 0:
            text, colour = self.message, self.message_colour
        else:
            tpl = self.template()
            text, colour = (tpl.words, TEXT) if tpl is not None else (self.hint(), DIM)
        pic = self.texts.render(ellipsize_message(self.texts, text, rect.width - 20, TEXT_PX), TEXT_PX,
                                colour)
        surface.blit(pic, (rect.x + 10, rect.y + (rect.height - pic.get_height()) // 2))


def make_hd_view(board_path: Path, size: tuple[int, int], ai_sides: tuple[str, ...] | list[str] = (),
                 *, board: Board | None = None, image_loader: Callable[..., Any] | None = None,
                 save_dir: Path | None = None, seed: int | None = None,
                 options: dict[str, Any] | None = None, mode: str = "teaching") -> HDPlayView:
    """The Helldorado play screen for a map (``app.py`` wires it like the One for All one);
    ``mode``: "teaching" (hints, undo of rolls) or "strict"."""
    from game.ui.images import play_board

    board_path = Path(board_path)
    board, image_loader = play_board(board_path, board, image_loader)
    saves = save_dir if save_dir is not None else user_dirs.saves_dir()
    match = new_hd_match(board_path, seed,
                         autosave=user_dirs.autosave_path(saves, board_path.name), options=options,
                         mode=mode)
    session = HDSession(match, ai_sides=[s for s in ai_sides if s in match.state.sides])
    return HDPlayView(session, board, size, image_loader=image_loader, save_dir=saves)


__all__ = ["HDPlayView", "HDRow", "make_hd_view"]
