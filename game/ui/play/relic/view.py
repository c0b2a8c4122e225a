"""The Relic play screen: hot-seat for 1 to 4 players (or AI seats) on the ring board.

The board view draws the map; over it go the highlighted spaces a move may end on, the threat
cards lying on spaces and the players' pieces. The tray under the table shows the battle step by
step (each die chain, explosions marked, both scores); the side panel's tabs have the explained
log (the shell's), the exact odds of the pending battle and each player's hero (Life, attributes,
trophies, mission and relic). The match changes only through ``Match.submit``, ``undo`` and ``redo``.

Keys: 1-9 or click the action buttons, Space/Enter the first action, click a highlighted space to
move there, F2 AI on/off for the seat to play; the shell (``shell.py``) has the keys every screen
shares (Esc the game menu, F1 help, Ctrl+Z/Y undo and redo, Ctrl+S save, Ctrl+O load). A
hand-over card asks the next human to take the seat, also when that player must roll for the
enemy (REL-SEQ-3).

The action buttons are pygame_gui widgets (``RelicActionBar``, built through ``BarWidgets`` in the
view's ``Gui``) with a tooltip each: what the action does, its rule ID and its key. They are
built again only when the match, the seat to play, the bar's size or the language change; a click
acts on the release, as pygame_gui buttons do.

The match is in teaching or strict mode (the top bar says which): strict mode forbids undoing a
step that rolled dice and leaves out the hints of what to do now and what a roll needs.
Every word is in the language chosen in the menu, read when the frame is drawn.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from game.board.model import Board
from game.i18n import N_, _, language
from game.rules.engine import Event
from game.rules.relic.commands import Choose, Move, Prepare
from game.rules.relic.state import BattleStep, Phase, RelicState
from game.ui.colours import RGB
from game.ui.gui import Gui
from game.ui.play import user_dirs
from game.ui.play.action_bar import MAX_LABEL_W, Rows
from game.ui.play.bar_widgets import BarWidgets, fitted, text_width
from game.ui.play.choices import with_chance
from game.ui.play.relic import paint as relic_paint
from game.ui.play.relic.chances import chance
from game.ui.play.relic.session import RelicSession, more_note, new_relic_match, player_label
from game.ui.play.relic.table import Spot, unnamed
from game.ui.play.shell import PlayShell
from game.ui.play.widgets import ACCENT, SMALL_PX, Texts
from game.ui.view import ViewAction

AI_PACE_S = 0.7
BATTLE_KINDS = ("rel.battle", "rel.prepare", "rel.enemy_roll", "rel.player_roll", "rel.die_changed",
                "rel.score", "rel.result")


BUTTON_IDS = ("button",)
#: the game's own lines of the help card (the shell adds the keys every screen shares)
HELP = (
    N_("The action buttons (keys 1-9) list what the rules allow now; Space or Enter takes the "
       "first. Roll to move, then click one of the highlighted spaces."),
    N_("In a battle the tray shows each die chain and both scores, the side panel the exact "
       "odds. F2 lets the AI play the seat to play, or gives it back to a person."),
)
#: the side panel's tabs' tooltips (after the shell's Log): a battle's odds, the heroes
ODDS_TIP = N_("The exact odds of the pending battle (with the preparation under the pointer): "
              "win, tie, lose.")
CARD_TIP = N_("Each player's hero: Life, attributes, trophies, mission, power cards and "
              "wargear; the player to act framed.")


class _ActionButton(UIButton):
    """A button that shows its hover (and its tooltip) also while it is selected: the first
    action, the one Space and Enter take, is selected."""

    def can_hover(self) -> bool:
        return bool(self.is_enabled and not self.held)


class RelicActionBar:
    """The actions allowed now, as pygame_gui buttons in rows (numbered 1-9 for the keys, the
    first one, which Space and Enter take, shown selected). Those that do not fit are left out
    (a note says how many). A press waits in ``take()`` for the view."""

    def __init__(self, texts: Texts, gui: Gui) -> None:
        self.texts = texts
        self.widgets = BarWidgets(gui)
        #: the UIButtons; ``buttons[i]`` offers ``commands[i]``, the action of key ``i + 1``
        self.buttons: list[Any] = []
        self.commands: list[Any] = []
        self.hidden = 0  #: actions that did not fit
        #: the words of every action on offer (a button's, numbered), shown or not
        self.texts_shown: list[str] = []
        #: what the buttons show (the match, the seat, the language) and where (the bar)
        self._content: tuple[Any, ...] | None = None
        self._rect: tuple[int, ...] | None = None

    def sync(self, view: RelicPlayView, rect: pygame.Rect, size: tuple[int, int]) -> bool:
        """Build the buttons for what ``view`` offers now, only when that or the language
        changed; on a new window size the same buttons move to their new places (built again
        only when they no longer fit as they are); True when they changed."""
        gui = self.widgets.ready(size)
        session = view.session
        content = (id(session), session.revision, id(session.state), view.human_to_play(),
                   language(), session.lang)
        if content == self._content and tuple(rect) == self._rect:
            return False
        if content == self._content and self.buttons and self._moved(gui, rect):
            self._rect = tuple(rect)
            return True
        self._content, self._rect = content, tuple(rect)
        self.widgets.clear()
        self.buttons, self.commands, self.hidden = [], [], 0
        acts = view.actions()
        self.texts_shown = [(f"{n}  " if n <= 9 else "") + with_chance(
            session.label(c), chance(session.system, session.state, c)) for n, c in enumerate(acts, 1)]
        places = self._layout(gui, rect)
        for i, box in enumerate(places):
            what, rule = session.about(acts[i])
            self.buttons.append(self.widgets.add(_ActionButton(
                box, fitted(gui, self.texts_shown[i], box.width - 30, BUTTON_IDS), gui.manager,
                tool_tip_text=tooltip(what, rule, i + 1), command=self.widgets.command(i))))
            self.commands.append(acts[i])
        if self.buttons:  # the default of Space and Enter
            self.buttons[0].select()
        return True

    def _layout(self, gui: Gui, rect: pygame.Rect) -> list[pygame.Rect]:
        """The buttons' places in ``rect`` (the last row leaves room for the note of those that
        do not fit); sets ``hidden``."""
        places = self._places(gui, rect, self.texts_shown, 0)
        if self.hidden:
            places = self._places(gui, rect, self.texts_shown,
                                  self.texts.width(more_note(self.hidden), SMALL_PX) + 16)
        return places

    def _moved(self, gui: Gui, rect: pygame.Rect) -> bool:
        """Move the buttons into ``rect`` when each keeps its size there (a new window size);
        False when they do not fit so and must be built again."""
        hidden = self.hidden
        places = self._layout(gui, rect)
        if len(places) != len(self.buttons) or any(
                p.size != tuple(b.rect.size) for p, b in zip(places, self.buttons, strict=True)):
            self.hidden = hidden
            return False
        for place, button in zip(places, self.buttons, strict=True):
            button.set_relative_position(place.topleft)
        return True

    def _places(self, gui: Gui, rect: pygame.Rect, texts: Sequence[str],
                reserve: int) -> list[pygame.Rect]:
        """Where the buttons go, in rows from the top (the last row ``reserve`` pixels
        shorter), as many as fit in order; sets ``hidden``."""
        out: list[pygame.Rect] = []
        rows = Rows(rect, reserve)
        for text in texts:
            bw = min(MAX_LABEL_W, text_width(gui, text, BUTTON_IDS) + 32, max(1, rect.width - 20))
            if not rows.fits(bw) and not rows.at_start:
                rows.wrap()
            if rows.full or not rows.fits(bw):
                break
            out.append(rows.place(bw))
        self.hidden = len(texts) - len(out)
        return out

    def index_at(self, pos: tuple[int, int]) -> int:
        """The index of the action whose button is at ``pos``, else -1."""
        return next((i for i, b in enumerate(self.buttons) if b.rect.collidepoint(pos)), -1)

    def take(self) -> list[Any]:
        """The commands whose buttons were pressed since the last call."""
        return [self.commands[i] for i in self.widgets.take() if i < len(self.commands)]


def tooltip(what: str, rule: str, n: int) -> str:
    """A button's tooltip (pygame_gui HTML): what the action does, then its rule and key."""
    parts = [html.escape(line, quote=False) for line in what.split("\n") if line]
    key = _("1, Space or Enter") if n == 1 else str(n) if n <= 9 else ""
    if rule and key:
        parts.append(_("Rule {rule} · key {key}").format(rule=rule, key=key))
    elif rule:
        parts.append(_("Rule {rule}").format(rule=rule))
    elif key:
        parts.append(_("Key {key}").format(key=key))
    return "<br>".join(parts)


class RelicPlayView(PlayShell[RelicState]):
    help_lines = HELP
    odds_tab, card_tab = (N_("Odds"), ODDS_TIP), (N_("Heroes"), CARD_TIP)
    draw_odds, draw_card = relic_paint.draw_odds, relic_paint.draw_heroes

    def __init__(self, session: RelicSession, board: Board, size: tuple[int, int],
                 **options: Any) -> None:
        #: the spaces by id; the names' plates on the table, by their words (``table.py``)
        self.cells = {c.id: c for c in board.cells}
        self.plates: dict[str, pygame.Surface] = {}
        #: where things go on each space, and the ring's marks as last drawn (``table.py``)
        self.spots_by_space: dict[str, Spot] | None = None
        self.marks: tuple[Any, RelicState, pygame.Surface, pygame.Rect] | None = None
        super().__init__(session, unnamed(board), size, **options)
        self.board_view.bake_map_labels = False  # the map's words go with the screen's own

    def build(self) -> None:
        #: the pygame_gui widgets: the action buttons (and their tooltips)
        self.action_bar = RelicActionBar(self.texts, self.bars_gui)
        self.board_view.fit()

    def _use(self, session: RelicSession) -> None:
        self._start(session)
        self.battle_events: list[Event] = []
        self._reveal = 99.0
        self._new_events = 0  #: events of the last command (their dice appear one by one)
        self.hot_space = ""
        self.hot_action = -1  #: the action button under the mouse
        self._rebuild_battle()

    @property
    def buttons(self) -> list[Any]:
        """The action buttons (pygame_gui ``UIButton``s): ``buttons[i]`` is key ``i + 1``."""
        return self.action_bar.buttons

    def sync_bars(self) -> None:
        """The action buttons for what is on offer now (built again only on a change)."""
        if self.action_bar.sync(self, self.layout.actions, self.layout.size):
            self.bars_gui.touch()

    # ------------------------------------------------------------------ the shell's questions
    def side_name(self, side: str) -> str:
        return player_label(side)

    def side_letter(self, side: str) -> str:
        return side[-1:]

    def over(self) -> bool:
        return self.state.phase == Phase.OVER

    def end_parts(self) -> tuple[str, RGB | None, list[str]]:
        winners = ", ".join(player_label(w) for w in self.state.winners)
        return _("{winners} won").format(winners=winners), ACCENT, [self.session.end_words()]

    def handover_note(self, side: str) -> str:
        """Why the screen passes to ``side`` in a battle: the player after the one who fights
        rolls for the enemy (REL-SEQ-3), then the screen goes back for the fighter's own roll
        (REL-SEQ-4), with the enemy's roll that sent it back ("" outside a battle)."""
        st = self.state
        b = st.battle
        if b is None:
            return ""
        enemy = self.session.name(b.enemy.id)
        if b.step == BattleStep.ENEMY_ROLL and side == b.roller:
            return _("{roller}, you roll the enemy's die: {player} battles {enemy}, and the "
                     "player after them in turn order rolls for the enemy (REL-SEQ-3).").format(
                roller=player_label(side), player=player_label(st.active_player), enemy=enemy)
        if b.step == BattleStep.PLAYER_ROLL and side == st.active_player and b.enemy_chains:
            return _("{player}, your battle roll: {roller} rolled {total} for {enemy} "
                     "(REL-SEQ-4).").format(
                player=player_label(side), roller=player_label(b.roller or "program"),
                total=sum(sum(chain) for chain in b.enemy_chains), enemy=enemy)
        return ""

    def hint(self) -> str:
        return _("F1 help · Esc menu · 1-9 or Space act · click a green space · F2 AI seat")

    def show_result(self, result: Any) -> None:
        self._new_events = len(result.events)
        super().show_result(result)

    def after_change(self) -> None:
        self._rebuild_battle(new=self._new_events)
        self._new_events = 0

    def advance(self, dt: float) -> bool:
        self._reveal += dt
        return False

    def ai_ready(self) -> bool:
        """The AI waits until the dice of its last roll are all on show."""
        return self._reveal > self.ai_pace

    def _rebuild_battle(self, new: int = 0) -> None:
        """The events of the battle in progress or the last one of this turn (for the tray)."""
        events = [e for s in self.session.match.steps for e in s.events]
        start = None
        for i in range(len(events) - 1, -1, -1):
            if events[i].kind == "rel.battle":
                start = i
                break
            if events[i].kind == "rel.turn" and i < len(events) - 1:
                break
        previous = len(self.battle_events)
        self.battle_events = [e for e in events[start:] if e.kind in BATTLE_KINDS] if start is not None else []
        if new and self.battle_events and len(self.battle_events) > previous:
            self._reveal = 0.0  # the new dice appear one by one
        elif not new:
            self._reveal = 99.0

    def toggle_ai(self) -> None:
        p = self.session.to_play()
        if p is None:
            return
        if p in self.session.ai_sides:
            self.session.ai_sides.discard(p)
            self.say(_("{player} is played by a person now.").format(player=player_label(p)))
        else:
            self.session.ai_sides.add(p)
            self._ai_wait = self.ai_pace
            self.say(_("The AI plays {player}.").format(player=player_label(p)))

    # ------------------------------------------------------------------ what to show
    def targets(self) -> dict[str, Any]:
        """Spaces a click may pick now, with the command it means."""
        if not self.human_to_play():
            return {}
        out: dict[str, Any] = {}
        for c in self.session.legal():
            if isinstance(c, Move):
                out[c.to] = c
            elif isinstance(c, Choose) and c.option in self.session.system.board(self.state).spaces:
                out[c.option] = c
        return out

    def actions(self) -> list[Any]:
        """What the player may do now, as buttons and number keys: what only a button can
        choose (decline, fight, count...) first, then the spaces a click on the board can pick
        too, so that a long list of spaces never hides the rest past the bar and the keys 1-9."""
        if not self.human_to_play():
            return []
        legal = self.session.legal()
        on_board = list(self.targets().values())
        return [c for c in legal if c not in on_board] + [c for c in legal if c in on_board]

    def odds(self) -> tuple[Any, str]:
        """The odds of the pending battle, with the Prepare option under the mouse if any."""
        st = self.state
        if st.battle is None:
            return None, ""
        acts = self.actions()
        hot = acts[self.hot_action] if 0 <= self.hot_action < len(acts) else None
        if isinstance(hot, Prepare):
            what = self.session.prepared(hot)
            return (self.session.system.battle_odds(st, hot.items, hot.cards),
                    _("with {what}").format(what=what) if what else _("with nothing"))
        return self.session.system.battle_odds(st), ""

    # ------------------------------------------------------------------ events
    def bars_pressed(self) -> None:
        for command in self.action_bar.take():
            self.submit(command)

    def game_key(self, event: pygame.event.Event) -> ViewAction | None:
        k = event.key
        if k == pygame.K_F2:
            self.toggle_ai()
        elif k in (pygame.K_SPACE, pygame.K_RETURN):
            self.number_key(1)
        else:
            self.forward(event)
        return None

    def number_key(self, n: int) -> None:
        acts = self.actions()
        if n <= len(acts):
            self.submit(acts[n - 1])

    def table_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._click(event.pos):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hot_space = self.space_at(event.pos)
            self.hot_action = self.action_bar.index_at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and not self.layout.table.collidepoint(event.pos):
            return
        self.forward(event)

    def _click(self, pos: tuple[int, int]) -> bool:
        """A press of the left button on the table: move to a highlighted space, or read one."""
        space = self.space_at(pos)
        targets = self.targets()
        if space and space in targets:
            self.submit(targets[space])
            return True
        if space:
            self.say(_("{space}: {text}").format(
                space=self.session.name(space),
                text=self.session.text(space) or self.session.system.board(self.state).spaces[space].text))
        return False

    def space_at(self, pos: tuple[int, int]) -> str:
        t = self.layout.table
        if not t.collidepoint(pos):
            return ""
        from shapely.geometry import Point

        x, y = self.board_view.camera.screen_to_world(pos[0] - t.x, pos[1] - t.y)
        p = Point(x, y)
        return next((cid for cid, cell in self.cells.items() if cell.polygon.contains(p)), "")

    # ------------------------------------------------------------------ drawing
    def paint(self, surface: pygame.Surface) -> None:
        relic_paint.draw(self, surface)


def make_relic_view(board_path: Path, size: tuple[int, int], ai_sides: Sequence[str] = (), *,
                    players: int | None = None, seed: int | None = None, save_dir: Path | None = None,
                    image_loader: Callable[..., Any] | None = None,
                    handover: bool | None = None, ai_pace: float = AI_PACE_S,
                    mode: str = "teaching", board: Board | None = None) -> RelicPlayView:
    """The Relic play screen for the map at ``board_path`` (``ai_sides``: seats the AI plays,
    e.g. ``("player2", "player3")``; ``players``: the map's first 1 to 4 starts, default every
    start (at most 4); ``mode``:
    "teaching" or "strict")."""
    from game.ui.images import play_board

    board, image_loader = play_board(Path(board_path), board, image_loader)
    saves = save_dir if save_dir is not None else user_dirs.saves_dir()
    match = new_relic_match(Path(board_path), players, seed,
                            autosave=user_dirs.autosave_path(saves, "relic-" + Path(board_path).name),
                            mode=mode)
    session = RelicSession(match, ai_sides=ai_sides)
    return RelicPlayView(session, board, size, image_loader=image_loader, save_dir=saves,
                         handover=handover, ai_pace=ai_pace)
