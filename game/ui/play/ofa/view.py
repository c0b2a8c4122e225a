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

from typing import Any

import pygame

from game.board.model import Board
from game.i18n import N_, _, language
from game.rules.one_for_all.commands import Activate, Duel
from game.rules.one_for_all.explain import end_reason
from game.rules.one_for_all.state import OFAState
from game.ui.animation import AnimationPlayer, Look
from game.ui.colours import NO_SIDE, RGB
from game.ui.play.action_bar import ActionBar
from game.ui.play.action_menu import ActionMenu, take_menu_event
from game.ui.play.choices import Choice
from game.ui.play.end_screen import end_card
from game.ui.play.match_session import Submitted
from game.ui.play.ofa import keyboard, table_input
from game.ui.play.ofa.actions import END, Options, addable_targets, options_for, with_targets
from game.ui.play.ofa.figure_layer import FigureLayer
from game.ui.play.ofa.hints import hint, keys_help
from game.ui.play.ofa.motion import MotionPlan, plan_motion
from game.ui.play.ofa.move_preview import MovePreview, MovePreviewer
from game.ui.play.ofa.names import Names
from game.ui.play.ofa.paint import Painter
from game.ui.play.ofa.roll_odds import RollPreview, preview_roll
from game.ui.play.ofa.session import PlaySession
from game.ui.play.ofa.table_input import Drag, Targeting
from game.ui.play.ofa.top_bar import TopBar
from game.ui.play.shell import PlayShell
from game.ui.play.widgets import DIM, TEXT
from game.ui.view import ViewAction

ANIMATION_FPS = 60
#: the game's own lines of the help card (the shell adds the keys every screen shares)
HELP_LINES = (
    N_("Click a base of the side holding the initiative, or press Tab, to choose who acts."),
    N_("Drag from the chosen base to move: the band, the end and what it touches show before "
       "you let go. Hold Shift to stop where you let go. Esc or a right click cancels."),
    N_("The action bar (keys 1-9) and the menu (right-click the figure or what it touches) list "
       "what the rules allow now. Attacks may take more targets within a base width: click "
       "them, then Enter."),
    N_("Space ends the activation; it also skips an animation or hurries the AI."),
)
#: the side panel's tabs' tooltips (after the shell's Log): a roll's odds, the figure
ODDS_TIP = N_("The chances of the roll on offer, or of the action under the pointer.")
CARD_TIP = N_("The card of the figure under the pointer or selected: profile, markers, wounds.")


class OFAPlayView(PlayShell[OFAState]):
    help_lines = HELP_LINES
    odds_tab, card_tab = (N_("Odds"), ODDS_TIP), (N_("Figure"), CARD_TIP)
    #: the tavern is taller than wide: on a wide window the bars stand beside the table
    bars_beside = True

    def __init__(self, session: PlaySession, board: Board, size: tuple[int, int], *,
                 animate: bool = True, **options: Any) -> None:
        """``animate``: play the events' motion before the new state shows; ``options``: the
        shell's (``image_loader``, ``save_dir``, ``handover``, ``ai_pace``)."""
        self.animate = animate
        super().__init__(session, board, size, **options)

    def build(self) -> None:
        self.top_bar = TopBar(self.texts, self.bars_gui, self.top_buttons)
        self.action_bar = ActionBar(self.texts, self.bars_gui)
        self.painter = Painter(self.texts)

    # ------------------------------------------------------------------ the session
    def _use(self, session: PlaySession) -> None:
        """Start showing ``session`` (at start, after a load or a new game)."""
        self._start(session)
        self.figure_layer = FigureLayer(self.texts, session.system.table_for_state(session.state),
                                        self.colours, self.letters)
        self.previewer = MovePreviewer(session.system)
        self.selected = ""
        self.inspected = ""
        self.hover = ""
        #: the terrain piece under the pointer (outlined and named with its height) and where
        #: the pointer is on the table (mm)
        self.hover_piece = ""
        self.hover_at: tuple[float, float] = (0.0, 0.0)
        self.cursor: tuple[int, int] | None = None
        self.drag: Drag | None = None
        self.preview: MovePreview | None = None
        self.menu: ActionMenu | None = None
        self.targeting: Targeting | None = None
        self.hot: Choice | None = None
        self.player: AnimationPlayer | None = None
        self.plan: MotionPlan | None = None
        self.shown: OFAState = session.state
        self._anim_clock = 0.0
        self._options_key: tuple | None = None
        self._options: Options | None = None
        self._preview_key: tuple | None = None
        self._preview: tuple[RollPreview | None, str] = (None, "")
        self._menu_after: tuple[str, tuple[float, float]] | None = None
        self.panning = False
        self._follow_activation()

    def side_name(self, side: str) -> str:
        return self.names.side(side)

    @property
    def names(self) -> Names:
        return self.session.names

    def over(self) -> bool:
        return bool(self.state.winner)

    def open_end(self) -> None:
        st = self.state
        outcome = self.session.match.outcome()
        self.card = end_card(self.texts, self.names.side(st.winner), self.side_colour(st.winner),
                             end_reason(outcome.reason) if outcome else "",
                             len(self.session.match.steps), st.turn, self.can_undo())
        self.card_kind = "end"

    def session_options(self) -> dict[str, Any]:
        return {"board": self.board}

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

    def after_change(self) -> None:
        """Select the active figure; drop a selection the player can no longer use."""
        if self.player is None:
            self.shown = self.state
        self._options_key = None
        st = self.state
        if st.activation is not None and self.human_to_play():
            self.selected = st.activation.figure
        elif self.selected and not (st.has_figure(self.selected)
                                    and st.figure(self.selected).conscious
                                    and st.figure(self.selected).side == st.initiative
                                    and self.human_to_play()):
            self.selected = ""

    _follow_activation = after_change

    def hint(self) -> str:
        return hint(self)

    def status_line(self) -> tuple[str, RGB]:
        """The message, else the odds of the hovered action, else the hint or the keys."""
        if self.message_showing:
            return self.message, self.message_colour
        text = (hint(self) if self.action_bar.buttons else "") or keys_help()
        preview, _source = self.roll_preview() if self.hot is not None else (None, "")
        if preview is not None and preview.opposed:
            o = preview.opposed[0]
            return _("{title}: {win:.0f}% to win, {one:.0f}% chance of a 1").format(
                title=preview.title, win=o.odds.p_attacker_wins * 100,
                one=preview.p_one * 100), TEXT
        return text, DIM

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

    def show_result(self, result: Submitted[OFAState]) -> None:
        """The events' words, then their animation (when they move something), then the new
        state."""
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
        super()._settle()
        if self._menu_after is not None and self.card is None:
            key, point = self._menu_after
            self.open_menu(key, self.screen_point(point))
        self._menu_after = None

    def drop_hand(self) -> None:
        self._skip_animation()
        self.targeting = None
        self.menu = None

    def cancel(self) -> bool:
        return keyboard.cancel(self)

    def open_menu(self, key: str, anchor: tuple[int, int]) -> bool:
        """The action menu of ``key`` (a figure or a piece the actor touches; "*": all)."""
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

    # ------------------------------------------------------------------ events
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.menu = None

    def feed_bars(self, event: pygame.event.Event) -> bool:
        """The bars' widgets get the events while no action menu is open (and the moves). A
        press outside the open menu closes it and then does what it does without the menu (a
        button, a tab, a figure): the first click is never only spent on closing it."""
        if self.menu is not None and event.type == pygame.MOUSEBUTTONDOWN \
                and not self.menu.rect.collidepoint(getattr(event, "pos", (-1, -1))):
            self.menu = None
            self.hot = None
        if self.menu is None or event.type == pygame.MOUSEMOTION:
            return super().feed_bars(event)
        return False

    def bars_pressed(self) -> None:
        table_input.bars_pressed(self)

    def key_down(self, event: pygame.event.Event) -> ViewAction | None:
        """A key skips the animation first; the action menu takes the keys while it is open."""
        if self.player is not None and self.player.handle_event(event):
            self.ai_hurry = self.ai_hurry or not self.human_to_play()
            return None
        if self.menu is not None and self._menu_event(event) is not None:
            return None
        return super().key_down(event)

    def _menu_event(self, event: pygame.event.Event) -> Any:
        """The action menu takes ``event``: its result (None when it did not use it)."""
        return take_menu_event(self, event)

    def game_key(self, event: pygame.event.Event) -> ViewAction | None:
        keyboard.game_key(self, event)
        return None

    def number_key(self, n: int) -> None:
        keyboard.number_key(self, n)

    def table_event(self, event: pygame.event.Event) -> None:
        kind = event.type
        if kind == pygame.KEYUP:
            self.forward(event)
        elif kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._mouse(event)
        elif kind == pygame.MOUSEWHEEL:
            self.forward(event)
        elif kind in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
            self.cursor = None
            self.hover = self.hover_piece = ""
            self.panning = False
            self.forward(event)

    def _mouse(self, event: pygame.event.Event) -> None:
        pos = tuple(getattr(event, "pos", (0, 0)))[:2]
        pos = (int(pos[0]), int(pos[1]))
        self.cursor = pos
        if self.menu is not None:
            result = self._menu_event(event)
            if result is not None and (event.type != pygame.MOUSEMOTION or result.closed):
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
    def advance(self, dt: float) -> bool:
        """The animation of the last events (quicker while the AI is hurried)."""
        if self.player is None:
            return False
        if self.ai_hurry and not self.human_to_play():
            self.player.skip()
        self._anim_clock += dt
        while self._anim_clock >= 1.0 / ANIMATION_FPS and not self.player.done:
            self._anim_clock -= 1.0 / ANIMATION_FPS
            self.player.tick()
        if self.player.done:
            self._settle()
        return True

    def _skip_animation(self) -> None:
        if self.player is not None:
            self.player.skip()
            self._settle()

    def panel_event(self, event: pygame.event.Event) -> bool:
        """The side panel's clicks and wheel, unless the action menu is open (a press outside
        it has closed it in ``feed_bars`` already)."""
        return self.menu is None and super().panel_event(event)

    # ------------------------------------------------------------------ drawing
    def paint(self, surface: pygame.Surface) -> None:
        self.painter.draw(self, surface)

    def draw_odds(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        preview, source = self.roll_preview()
        self.painter.odds_panel.draw(surface, body, preview, source)

    def draw_card(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        who = self.hover or self.inspected or self.selected
        self.painter.figure_card.draw(surface, body, self.shown, who, self.names, self.colours)

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
