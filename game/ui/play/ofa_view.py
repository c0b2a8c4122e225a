"""The One for All play screen: hot-seat (or against the AI) on the table of a map.

The view composes the board view (table art, camera, panning and zoom) with the play panels:
the top bar, the side panel (Log, Odds, Figure), the dice tray, the action bar and the status
line. Input becomes commands; the match state changes only through ``Match.submit``, ``undo``
and ``redo`` (by way of :class:`PlaySession`); a refused command's reason goes to the status
line. Events with a ``motion`` are animated before the new positions show.

Frame cost: choices, previews and panel pictures are computed when the match, the selection or
the drag changes, not per frame.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.board.model import Board
from game.i18n import _, language
from game.rules.engine import Match, SaveError, Setup
from game.rules.one_for_all.commands import Activate, Duel
from game.rules.one_for_all.state import OFAState
from game.ui.animation import AnimationPlayer, Look
from game.ui.board_view import BoardView
from game.ui.colours import NO_SIDE, RGB, side_colours
from game.ui.figures import side_letters
from game.ui.gui import Gui
from game.ui.play import keyboard, menus, table_input, user_dirs
from game.ui.play.action_bar import ActionBar
from game.ui.play.action_menu import ActionMenu
from game.ui.play.actions import (
    END,
    Choice,
    Options,
    addable_targets,
    options_for,
    with_targets,
)
from game.ui.play.card import Card
from game.ui.play.figure_layer import FigureLayer
from game.ui.play.handover import handover_card
from game.ui.play.hints import hint
from game.ui.play.layout import Layout
from game.ui.play.log_panel import LogPanel
from game.ui.play.motion import MotionPlan, plan_motion
from game.ui.play.move_preview import MovePreview, MovePreviewer
from game.ui.play.names import Names
from game.ui.play.painter import Painter
from game.ui.play.roll_odds import RollPreview, preview_roll
from game.ui.play.session import PlaySession, Submitted
from game.ui.play.side_panel import SidePanel
from game.ui.play.table_input import Drag, Targeting
from game.ui.play.top_bar import TopBar
from game.ui.play.widgets import DANGER, GOOD, TEXT, Texts
from game.ui.status_bar import StatusBar
from game.ui.view import ViewAction

#: seconds between the AI's commands (it plays at a readable pace)
AI_PACE_S = 0.7
#: seconds a message stays in the status line
MESSAGE_S = 7.0
ANIMATION_FPS = 60


class OFAPlayView:
    def __init__(self, session: PlaySession, board: Board, size: tuple[int, int], *,
                 image_loader: Callable[..., Any] | None = None, save_dir: Path | None = None,
                 handover: bool | None = None, ai_pace: float = AI_PACE_S,
                 animate: bool = True) -> None:
        self.board = board
        self.texts = Texts()
        self.layout = Layout.of(size)
        self.status_height = StatusBar(self.texts.fonts).height
        t = self.layout.table
        self.board_view = BoardView(board, (t.width, t.height + self.status_height), figures=(),
                                    image_loader=image_loader)
        self.board_view.show_status = False  # the dice tray covers it
        self.save_dir = save_dir if save_dir is not None else user_dirs.saves_dir()
        self.ai_pace = ai_pace
        self.animate = animate
        #: the pygame_gui widgets of the top bar, the side panel's tabs and the action bar
        self.bars_gui = Gui(size)
        self.top_bar = TopBar(self.texts, self.bars_gui)
        self.side_panel = SidePanel(self.texts, self.bars_gui)
        self.log_panel = LogPanel(self.texts)
        self.action_bar = ActionBar(self.texts, self.bars_gui)
        self.painter = Painter(self.texts)
        self.handover_on = handover if handover is not None else not session.ai_sides
        self._use(session)

    # ------------------------------------------------------------------ the session
    def _use(self, session: PlaySession) -> None:
        """Start showing ``session`` (at start, after a load or a new game)."""
        self.session = session
        sides = session.state.sides
        self.colours: dict[str, RGB] = side_colours(sides)
        self.letters: dict[str, str] = side_letters(sides)
        self.figure_layer = FigureLayer(self.texts, session.system.table_for_state(session.state),
                                        self.colours, self.letters)
        self.previewer = MovePreviewer(session.system)
        self.selected = ""
        self.inspected = ""
        self.hover = ""
        self.cursor: tuple[int, int] | None = None
        self.drag: Drag | None = None
        self.preview: MovePreview | None = None
        self.menu: ActionMenu | None = None
        self.targeting: Targeting | None = None
        self.hot: Choice | None = None
        self.card: Card | None = None
        self.card_kind = ""
        self.player: AnimationPlayer | None = None
        self.plan: MotionPlan | None = None
        self.shown: OFAState = session.state
        self.message = ""
        self.message_colour: RGB = TEXT
        self._message_left = 0.0
        self._anim_clock = 0.0
        self._ai_wait = self.ai_pace
        self.ai_hurry = False
        self._options_key: tuple | None = None
        self._options: Options | None = None
        self._preview_key: tuple | None = None
        self._preview: tuple[RollPreview | None, str] = (None, "")
        self._menu_after: tuple[str, tuple[float, float]] | None = None
        self._last_side = session.to_play()
        self._screenshot = False
        self.panning = False
        self._follow_activation()

    @property
    def state(self) -> OFAState:
        return self.session.state

    @property
    def names(self) -> Names:
        return self.session.names

    @property
    def mode(self) -> str:
        """The match's mode: "teaching" (hints on) or "strict"."""
        return self.session.mode

    @property
    def teaching(self) -> bool:
        return self.session.teaching

    def offer_resume(self, commands: int) -> None:
        """Open the card that offers to go on from the autosave (``commands`` long)."""
        menus.open_resume_card(self, commands)

    def human_to_play(self) -> bool:
        side = self.session.to_play()
        return side is not None and side not in self.session.ai_sides

    def options(self) -> Options | None:
        """The choices of the figure the player is working with (computed once per change)."""
        actor = self._actor()
        key = (id(self.session), self.session.revision, actor, self.human_to_play(), language())
        if key != self._options_key:
            self._options_key = key
            self._options = None
            if self.human_to_play():
                self._options = options_for(self.session.system, self.state, self.session.legal(),
                                            actor, self.names)
        return self._options

    def _actor(self) -> str:
        st = self.state
        if st.winner:
            return ""
        if self.selected and st.has_figure(self.selected):
            fig = st.figure(self.selected)
            if fig.conscious and fig.side == st.initiative:
                return fig.id
        return st.activation.figure if st.activation else ""

    def _follow_activation(self) -> None:
        """Select the active figure; drop a selection the player can no longer use."""
        st = self.state
        if st.activation is not None and self.human_to_play():
            self.selected = st.activation.figure
        elif self.selected and not (st.has_figure(self.selected)
                                    and st.figure(self.selected).conscious
                                    and st.figure(self.selected).side == st.initiative
                                    and self.human_to_play()):
            self.selected = ""

    # ------------------------------------------------------------------ messages
    def say(self, text: str, colour: RGB = TEXT) -> None:
        self.message, self.message_colour, self._message_left = text, colour, MESSAGE_S

    @property
    def message_showing(self) -> bool:
        return bool(self.message) and self._message_left > 0

    def hint(self) -> str:
        return hint(self)

    # ------------------------------------------------------------------ doing things
    def choose(self, choice: Choice) -> None:
        """The player picked an action: pick more targets first when it may take them."""
        self.menu = None
        opts = self.options()
        if choice.command is None or opts is None:
            return
        if choice.chain_from:
            extra = addable_targets(opts.state, opts.actor, choice.chain_from, [])
            if extra:
                self.targeting = Targeting(choice, [])
                return
        self.perform(choice, ())

    def perform(self, choice: Choice, extra: tuple[str, ...] | list[str]) -> None:
        opts = self.options()
        if opts is None:
            return
        command = with_targets(choice, list(extra))
        self.targeting = None
        if opts.activate_first:
            self.submit(Activate(opts.actor), command)
        else:
            self.submit(command)

    def submit(self, *commands: Any) -> Submitted:
        result = self.session.submit(*commands)
        if not result.ok:
            self.say(_("Not allowed: {reason}").format(reason=result.reason), DANGER)
            return result
        self._changed(result)
        return result

    def _changed(self, result: Submitted) -> None:
        self.preview = None
        self.drag = None
        self.menu = None
        self.targeting = None
        self.hot = None
        if result.events:
            self.say(self.session.explain(result.events[-1]).text)
        last = result.events[-1] if result.events else None
        act = self.state.activation
        if last is not None and last.kind == "ofa.move" and act is not None and act.contact \
                and self.human_to_play():
            mover = self.state.figure(act.figure)
            self._menu_after = (act.contact, (mover.x, mover.y))
        before = result.before if result.before is not None else self.state
        plan = None
        if self.animate and result.events:
            system = self.session.system
            plan = plan_motion(result.events, before, self.state,
                               system.table_for_state(before), system.index(before))
        if plan is not None:
            self.plan = plan
            self.player = AnimationPlayer(plan.timeline, self._looks(before), self.texts.fonts)
            self.shown = before
            self._anim_clock = 0.0
        else:
            self._settle()

    def _looks(self, state: OFAState) -> dict[str, Look]:
        return {f.name: Look(self.colours.get(f.side, NO_SIDE), self.letters.get(f.side, ""),
                             f.facing, self.names.of(f.id)) for f in state.figures}

    def _settle(self) -> None:
        """The new state shows: end of game, handover, the menu after a contact."""
        self.player = None
        self.plan = None
        self.shown = self.state
        self._follow_activation()
        st = self.state
        side = self.session.to_play()
        if st.winner:
            menus.open_end(self)
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
        if self._menu_after is not None and self.card is None:
            key, point = self._menu_after
            self.open_menu(key, self.screen_point(point))
        self._menu_after = None

    def undo(self) -> None:
        """Ctrl+Z: undo the player's last gesture (and the AI's replies after it)."""
        self._skip_animation()
        self.targeting = None
        self.menu = None
        ai = self.session.ai_sides
        if len(ai) >= len(self.state.sides):
            ai = set()  # the AI plays everyone: undo one command at a time
        steps = self.session.match.steps
        system = self.session.system
        undone = 0
        while steps and ai and system.current_player(steps[-1].before) in ai:
            if self.session.undo():
                break
            undone += 1
        why = self.session.undo()
        if why and not undone:
            self.say(_("Cannot undo: {reason}").format(reason=why), DANGER)
            return
        self._after_history(_("Undone."))

    def redo(self) -> None:
        self._skip_animation()
        result = self.session.redo()
        if not result.ok:
            self.say(_("Cannot redo: {reason}").format(reason=result.reason), DANGER)
            return
        self._after_history(_("Redone."))

    def _after_history(self, words: str) -> None:
        if self.card_kind == "end" and not self.state.winner:
            self.card, self.card_kind = None, ""
        self.shown = self.state
        self._last_side = self.session.to_play()
        self.ai_hurry = False
        self._ai_wait = max(self.ai_pace, 1.0)
        self._follow_activation()
        self.say(words)
        if self.state.winner:
            menus.open_end(self)

    def save(self) -> Path | None:
        path = user_dirs.quick_save_path(self.save_dir, self.session.match.setup.map)
        try:
            self.session.save(path)
        except OSError as exc:
            self.say(_("Could not save to {path}: {reason}").format(path=path,
                                                                   reason=exc.strerror or exc),
                     DANGER)
            return None
        self.say(_("Saved to {path}").format(path=path), GOOD)
        return path

    def load(self, path: Path | None = None) -> bool:
        path = path or user_dirs.quick_save_path(self.save_dir, self.session.match.setup.map)
        try:
            loaded = PlaySession.load(path, self.board, autosave=self.session.match.autosave_path,
                                      ai_sides=sorted(self.session.ai_sides))
        except SaveError as exc:
            self.say(_("Could not load: {reason}").format(reason=exc), DANGER)
            return False
        if loaded.match.setup.map != self.session.match.setup.map:
            self.say(_("That save is for another map ({map}).").format(
                map=loaded.match.setup.map), DANGER)
            return False
        self._use(loaded)
        self.say(_("Loaded {path}").format(path=path), GOOD)
        if self.state.winner:
            menus.open_end(self)
        return True

    def new_game(self) -> None:
        old = self.session.match
        setup = old.setup
        seed = random.SystemRandom().randrange(1, 2**31)
        match = Match(old.system, Setup(setup.system, setup.map, seed, setup.options,
                                        setup.players), mode=old.mode,
                      autosave=old.autosave_path)
        self._use(PlaySession(match, self.board, ai_sides=sorted(self.session.ai_sides)))
        self.say(_("A new game."), GOOD)

    def cycle_ai(self) -> str:
        """None -> first side -> second side -> none. Returns the new label."""
        sides = self.state.sides
        ai = self.session.ai_sides
        if not ai:
            new = {sides[1]}
        elif ai == {sides[1]}:
            new = {sides[0]}
        else:
            new = set()
        self.set_ai_sides(new)
        return menus.ai_label(self)

    def set_ai_sides(self, sides: set[str] | frozenset[str] | list[str]) -> None:
        """Which sides the AI plays (the others are played at this screen)."""
        self.session.ai_sides = {s for s in sides if s in self.state.sides}
        self._options_key = None
        self._ai_wait = self.ai_pace
        self._last_side = self.session.to_play()
        self._follow_activation()

    # ------------------------------------------------------------------ geometry helpers
    def to_table(self, pos: tuple[int, int]) -> tuple[int, int]:
        t = self.layout.table
        return pos[0] - t.x, pos[1] - t.y

    def world_at(self, pos: tuple[int, int]) -> tuple[float, float]:
        return self.board_view.camera.screen_to_world(*self.to_table(pos))

    def screen_point(self, point: tuple[float, float]) -> tuple[int, int]:
        """Where a table point (mm) is on the screen."""
        sx, sy = self.board_view.camera.world_to_screen(*point)
        return round(sx) + self.layout.table.x, round(sy) + self.layout.table.y

    def open_menu(self, key: str, anchor: tuple[int, int]) -> bool:
        opts = self.options()
        if opts is None:
            return False
        groups = [g for g in opts.groups if key == "*" or g.key == key]
        if key != "*":
            groups += [g for g in opts.groups if g.key != key and g.key == END]
        if not groups:
            return False
        title = f"{self.names.of(opts.actor)}:" if opts.actor else ""
        self.menu = ActionMenu(self.texts, groups, anchor, self.layout.table, title)
        return True

    # ------------------------------------------------------------------ view protocol
    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout.of(size)
        t = self.layout.table
        self.board_view.resize((t.width, t.height + self.status_height))
        self.bars_gui.resize(size)
        self.menu = None

    def handle_event(self, event: pygame.event.Event) -> ViewAction | None:
        kind = event.type
        if kind == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_F12:
            self._screenshot = True
            return None
        if self.card is not None:
            if kind in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
                key = self.card.handle_event(event)
                if key is not None:
                    return menus.card_action(self, key)
            return None
        if self.menu is None or kind == pygame.MOUSEMOTION:  # the bars' widgets
            used = self.bars_gui.process(event)
            done = table_input.bars_pressed(self)
            if done is not None or (used and kind in (pygame.MOUSEBUTTONDOWN,
                                                      pygame.MOUSEBUTTONUP)):
                return done
        if self.player is not None and kind == pygame.KEYDOWN and self.player.handle_event(event):
            self.ai_hurry = self.ai_hurry or not self.human_to_play()
            return None
        if kind == pygame.KEYDOWN:
            return keyboard.key_down(self, event)
        if kind == pygame.KEYUP:
            self.forward(event)
        elif kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._mouse(event)
        elif kind == pygame.MOUSEWHEEL:
            if self.cursor is not None and self.layout.panel.collidepoint(self.cursor):
                notches = float(getattr(event, "precise_y", getattr(event, "y", 0)))
                self.log_panel.scroll_by(notches, self.side_panel.body(self.layout.panel).height)
            else:
                self.forward(event)
        elif kind in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
            self.cursor = None
            self.hover = ""
            self.panning = False
            self.forward(event)
        return None

    def forward(self, event: pygame.event.Event) -> None:
        """Give the board view (camera) an event, in its own coordinates."""
        data = dict(event.dict)
        if "pos" in data:
            data["pos"] = self.to_table(data["pos"])
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_ESCAPE:
            return
        self.board_view.handle_event(pygame.event.Event(event.type, data))

    def _mouse(self, event: pygame.event.Event) -> None:
        pos = tuple(getattr(event, "pos", (0, 0)))[:2]
        pos = (int(pos[0]), int(pos[1]))
        self.cursor = pos
        if self.menu is not None:
            result = self.menu.handle_event(event)
            if result is not None:
                if result.closed:
                    self.menu = None
                if result.choice is not None:
                    self.choose(result.choice)
                if event.type != pygame.MOUSEMOTION or result.closed:
                    return
            if event.type == pygame.MOUSEMOTION:
                self.hot = self.menu.hot_choice() if self.menu is not None else None
                return
        if event.type == pygame.MOUSEMOTION:
            table_input.motion(self, event, pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            table_input.press(self, event, pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            table_input.release(self, event, pos)

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        self.board_view.update(dt)
        if self.card is None:  # no tooltip comes up under a card
            self.bars_gui.update(dt)
        self._message_left = max(0.0, self._message_left - dt)
        if self.card is not None:
            self.card.update(dt)
        if self.player is not None:
            if self.ai_hurry and not self.human_to_play():
                self.player.skip()
            self._anim_clock += dt
            while self._anim_clock >= 1.0 / ANIMATION_FPS and not self.player.done:
                self._anim_clock -= 1.0 / ANIMATION_FPS
                self.player.tick()
            if self.player.done:
                self._settle()
            return
        if self.card is not None:
            return
        if self.session.ai_to_play() and not self.state.winner:
            self._ai_wait -= dt
            if self._ai_wait <= 0.0:
                self.ai_step()

    def hurry_ai(self) -> None:
        """Space in the AI's turn: its commands and animations without pauses until it is done."""
        self.ai_hurry = True
        self._ai_wait = 0.0

    def ai_step(self) -> bool:
        """Let the AI make one command now (False when it is not the AI's turn)."""
        if not self.session.ai_to_play():
            return False
        command = self.session.ai_command()
        self._ai_wait = 0.0 if self.ai_hurry else self.ai_pace
        if command is None:
            return False
        result = self.submit(command)
        return result.ok

    def _skip_animation(self) -> None:
        if self.player is not None:
            self.player.skip()
            self._settle()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(self, surface)
        if self._screenshot:
            self._screenshot = False
            self._save_screenshot(surface)

    def roll_preview(self) -> tuple[RollPreview | None, str]:
        """The roll to show the odds of: the hovered choice, the targets being picked, else the
        duel on offer (worked out once per change of any of them)."""
        tg = self.targeting
        key = (id(self.session), self.session.revision, self._actor(), self.hot,
               (tg.choice, tuple(tg.chosen)) if tg is not None else None, language())
        if key != self._preview_key:
            self._preview_key = key
            self._preview = self._roll_preview()
        return self._preview

    def _roll_preview(self) -> tuple[RollPreview | None, str]:
        opts = self.options()
        if opts is None:
            return None, ""
        if self.targeting is not None:
            command = with_targets(self.targeting.choice, self.targeting.chosen)
            return (preview_roll(opts.state, command, self.names),
                    _("the targets being chosen"))
        if self.hot is not None and self.hot.command is not None:
            return preview_roll(opts.state, self.hot.command, self.names), _("the hovered action")
        for g in opts.groups:
            for c in g.choices:
                if isinstance(c.command, Duel):
                    return preview_roll(opts.state, c.command, self.names), _("the duel on offer")
        return None, ""

    def _save_screenshot(self, surface: pygame.Surface) -> None:
        folder = user_dirs.pictures_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = user_dirs.screenshot_path(folder)
            pygame.image.save(surface, str(path))
        except (OSError, pygame.error) as exc:
            self.say(_("Could not save the screenshot: {reason}").format(reason=exc), DANGER)
            return
        self.say(_("Screenshot saved to {path}").format(path=path), GOOD)

