"""The Relic play screen: hot-seat for 2 to 4 players (or AI seats) on the ring board.

The board view draws the map; over it go the highlighted spaces a move may end on, the threat
cards lying on spaces and the players' pieces. The tray under the table shows the battle step by
step (each die chain, explosions marked, both scores); the side panel has each player's Life,
attributes, trophies, mission and relic, the exact odds of the pending battle and the explained
log. The match changes only through ``Match.submit``, ``undo`` and ``redo``.

Keys: 1-9 or click the action buttons, Space/Enter the first action, click a highlighted space to
move there, Ctrl+Z undo, Ctrl+Y redo, Ctrl+S save, Ctrl+L load, F2 AI on/off for the seat to
play, Esc quits. A hand-over card asks the next human to take the seat, also when that player
must roll for the enemy (REL-SEQ-3).

The match is in teaching or strict mode (the top bar says which): strict mode forbids undoing a
step that rolled dice and leaves out the hints of what to do now and what a roll needs.
Every word is in the language chosen in the menu, read when the frame is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame

from game.board import load_board
from game.board.model import Board
from game.i18n import _, language
from game.rules.engine import Event, SaveError
from game.rules.relic.commands import Choose, Move, Prepare
from game.rules.relic.state import RelicState
from game.ui.board_view import BoardView
from game.ui.colours import RGB, side_colours
from game.ui.play import user_dirs
from game.ui.play.card import Card
from game.ui.play.handover import handover_card
from game.ui.play.layout import Layout
from game.ui.play.relic_session import RelicSession, new_relic_match, player_label
from game.ui.play.resume import RESUME, resume_card
from game.ui.play.widgets import (
    ACCENT,
    DANGER,
    GOOD,
    TEXT,
    Button,
    Texts,
)
from game.ui.status_bar import StatusBar
from game.ui.view import Quit, ViewAction

AI_PACE_S = 0.7
MESSAGE_S = 7.0
BATTLE_KINDS = ("rel.battle", "rel.prepare", "rel.enemy_roll", "rel.player_roll", "rel.die_changed",
                "rel.score", "rel.result")


class RelicPlayView:
    def __init__(self, session: RelicSession, board: Board, size: tuple[int, int], *,
                 image_loader: Callable[..., Any] | None = None, save_dir: Path | None = None,
                 handover: bool | None = None, ai_pace: float = AI_PACE_S) -> None:
        self.board = board
        self.texts = Texts()
        self.status = StatusBar(self.texts.fonts)
        self.board_view = BoardView(board, (1, 1), figures=(), image_loader=image_loader)
        self.save_dir = save_dir if save_dir is not None else user_dirs.saves_dir()
        self.ai_pace = ai_pace
        self.handover_opt = handover
        self.size = size
        self.resize(size)
        self.board_view.fit()
        self._use(session)

    def _use(self, session: RelicSession) -> None:
        self.session = session
        self.colours: dict[str, RGB] = side_colours(session.state.seats)
        self.handover_on = self.handover_opt if self.handover_opt is not None else \
            len(session.ai_sides) < len(session.state.seats) - 1
        self.card: Card | None = None
        self._resume_card: Card | None = None  #: the card of ``offer_resume`` while it is up
        self.message, self.message_colour, self._message_left = "", TEXT, 0.0
        self._ai_wait = self.ai_pace
        self._last_player = session.to_play()
        self.battle_events: list[Event] = []
        self._reveal = 99.0
        self.buttons: list[Button] = []
        self.hot_space = ""
        self.hot_action = -1  #: the action button under the mouse
        self.log_scroll = 0
        self._rebuild_battle()

    @property
    def state(self) -> RelicState:
        return self.session.state

    @property
    def mode(self) -> str:
        """"teaching" or "strict": the match's (a loaded save brings its own)."""
        return self.session.match.mode

    @property
    def teaching(self) -> bool:
        """Teaching mode: the screen adds hints of what to do now and what a roll needs."""
        return self.mode == "teaching"

    def offer_resume(self, commands: int) -> None:
        """Ask whether to resume the unfinished game of the autosave (``commands`` long) or to
        keep this fresh one; resuming loads the autosave through ``load``."""
        self.card = self._resume_card = resume_card(self.texts, commands)

    # ------------------------------------------------------------------ messages
    def say(self, text: str, colour: RGB = TEXT) -> None:
        self.message, self.message_colour, self._message_left = text, colour, MESSAGE_S

    def human_to_play(self) -> bool:
        p = self.session.to_play()
        return p is not None and p not in self.session.ai_sides

    # ------------------------------------------------------------------ doing things
    def submit(self, command: Any) -> bool:
        done = self.session.submit(command)
        if not done.ok:
            self.say(_("Not allowed: {reason}").format(reason=done.reason), DANGER)
            return False
        if done.events:
            self.say(self.session.explain(done.events[-1])[0])
        self._rebuild_battle(new=len(done.events))
        self._after_change()
        return True

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

    def _after_change(self) -> None:
        self.log_scroll = 0
        player = self.session.to_play()
        if self.state.phase == "over":
            winners = ", ".join(player_label(w) for w in self.state.winners)
            self.card = Card(self.texts, _("{winners} won").format(winners=winners),
                             [self.session.end_words(), _("Ctrl+Z undoes, Ctrl+L loads, Esc quits.")],
                             colour=ACCENT)
        elif player != self._last_player and player is not None and self.handover_on \
                and player not in self.session.ai_sides:
            b = self.state.battle
            who = player_label(player)
            card = handover_card(self.texts, who, self.colours[player], player[-1:],
                                 player_label(self._last_player or ""))
            if b is not None and b.step == "enemy_roll":
                card.lines.insert(0, _("{player}: roll for {enemy} (REL-SEQ-3).").format(
                    player=who, enemy=self.session.name(b.enemy.id)))
            self.card = card
        if player is not None and player in self.session.ai_sides and player != self._last_player:
            self._ai_wait = self.ai_pace
        self._last_player = player

    def undo(self) -> None:
        why = self.session.undo_turn()
        if why:
            self.say(_("Cannot undo: {why}").format(why=why), DANGER)
            return
        self._after_history(_("Undone."))

    def redo(self) -> None:
        done = self.session.redo()
        if not done.ok:
            self.say(_("Cannot redo: {why}").format(why=done.reason), DANGER)
            return
        self._after_history(_("Redone."))

    def _after_history(self, words: str) -> None:
        self.card = None
        self._last_player = self.session.to_play()
        self._ai_wait = max(self.ai_pace, 1.0)
        self._rebuild_battle()
        self.say(words)

    def save(self) -> Path | None:
        path = user_dirs.quick_save_path(self.save_dir, self.session.match.setup.map)
        try:
            self.session.save(path)
        except OSError as exc:
            self.say(_("Could not save to {path}: {error}").format(
                path=path, error=exc.strerror or exc), DANGER)
            return None
        self.say(_("Saved to {path}").format(path=path), GOOD)
        return path

    def load(self, path: Path | None = None) -> bool:
        path = path or user_dirs.quick_save_path(self.save_dir, self.session.match.setup.map)
        try:
            loaded = RelicSession.load(path, autosave=self.session.match.autosave_path,
                                       ai_sides=sorted(self.session.ai_sides))
        except (SaveError, OSError) as exc:
            # the engine gives its reasons in English only: other languages name the file
            words = _("Could not load {path}: {error}").format(path=path, error=exc) \
                if language() == "en" else _("Could not load {path}").format(path=path)
            self.say(words, DANGER)
            return False
        self._use(loaded)
        self.say(_("Loaded {path}").format(path=path), GOOD)
        return True

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

    def ai_step(self) -> bool:
        if not self.session.ai_to_play():
            return False
        command = self.session.ai_command()
        return command is not None and self.submit(command)

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
        return self.session.legal() if self.human_to_play() else []

    def odds(self) -> tuple[Any, str]:
        """The odds of the pending battle, with the Prepare option under the mouse if any."""
        st = self.state
        if st.battle is None:
            return None, ""
        acts = self.actions()
        hot = acts[self.hot_action] if 0 <= self.hot_action < len(acts) else None
        if isinstance(hot, Prepare):
            return (self.session.system.battle_odds(st, hot.items, hot.cards),
                    _("with {what}").format(what=self.session.prepared(hot)))
        return self.session.system.battle_odds(st), ""

    # ------------------------------------------------------------------ view protocol
    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.layout = Layout.of(size)
        t = self.layout.table
        self.board_view.resize((t.width, t.height + self.status.height))

    def handle_event(self, event: pygame.event.Event) -> ViewAction | None:
        if self.card is not None and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL and \
                    event.key in (pygame.K_z, pygame.K_y, pygame.K_s, pygame.K_l):
                return self._key(event)
            card = self.card
            chosen = card.handle_event(event)
            if chosen is not None:
                self.card = None
                if card is self._resume_card:
                    self._resume_card = None
                    path = self.session.match.autosave_path
                    if chosen == RESUME and path is not None:
                        self.load(path)
            return None
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._click(event.pos):
            return None
        if event.type == pygame.MOUSEWHEEL and self.layout.panel.collidepoint(pygame.mouse.get_pos()):
            self.log_scroll = max(0, self.log_scroll - int(event.y))
            return None
        if event.type == pygame.MOUSEMOTION:
            self.hot_space = self.space_at(event.pos)
            self.hot_action = next((int(b.key) for b in self.buttons if b.hit(event.pos)), -1)
        self._forward(event)
        return None

    def _key(self, event: pygame.event.Event) -> ViewAction | None:
        k, ctrl = event.key, event.mod & pygame.KMOD_CTRL
        if k == pygame.K_ESCAPE:
            return Quit()
        if ctrl and k == pygame.K_z:
            self.undo()
        elif ctrl and k == pygame.K_y:
            self.redo()
        elif ctrl and k == pygame.K_s:
            self.save()
        elif ctrl and k == pygame.K_l:
            self.load()
        elif k == pygame.K_F2:
            self.toggle_ai()
        elif k in (pygame.K_SPACE, pygame.K_RETURN):
            acts = self.actions()
            if acts:
                self.submit(acts[0])
        elif pygame.K_1 <= k <= pygame.K_9:
            acts = self.actions()
            i = k - pygame.K_1
            if i < len(acts):
                self.submit(acts[i])
        else:
            self._forward(event)
        return None

    def _click(self, pos: tuple[int, int]) -> bool:
        for b in self.buttons:
            if b.hit(pos):
                acts = self.actions()
                i = int(b.key)
                if i < len(acts):
                    self.submit(acts[i])
                return True
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

    def _forward(self, event: pygame.event.Event) -> None:
        t = self.layout.table
        d = dict(event.__dict__)
        if "pos" in d:
            if not t.collidepoint(d["pos"]) and event.type == pygame.MOUSEBUTTONDOWN:
                return
            d["pos"] = (d["pos"][0] - t.x, d["pos"][1] - t.y)
        self.board_view.handle_event(pygame.event.Event(event.type, d))

    def space_at(self, pos: tuple[int, int]) -> str:
        t = self.layout.table
        if not t.collidepoint(pos):
            return ""
        from shapely.geometry import Point

        x, y = self.board_view.camera.screen_to_world(pos[0] - t.x, pos[1] - t.y)
        p = Point(x, y)
        for cell in self.board.cells:
            if cell.polygon.contains(p):
                return cell.id
        return ""

    def update(self, dt: float) -> None:
        self.board_view.update(dt)
        self._reveal += dt
        if self._message_left > 0:
            self._message_left -= dt
        if self.card is not None:
            self.card.update(dt)
            return
        if self.session.ai_to_play():
            self._ai_wait -= dt
            if self._ai_wait <= 0 and self._reveal > self.ai_pace:
                self._ai_wait = self.ai_pace
                self.ai_step()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.play import relic_paint

        relic_paint.draw(self, surface)


def make_relic_view(board_path: Path, size: tuple[int, int], ai_sides: Sequence[str] = (), *,
                    players: int = 4, seed: int | None = None, save_dir: Path | None = None,
                    image_loader: Callable[..., Any] | None = None,
                    handover: bool | None = None, ai_pace: float = AI_PACE_S,
                    mode: str = "teaching") -> RelicPlayView:
    """The Relic play screen for the map at ``board_path`` (``ai_sides``: seats the AI plays,
    e.g. ``("player2", "player3")``; the number of seats is 2 to 4, default 4; ``mode``:
    "teaching" or "strict")."""
    if image_loader is None:  # the tiles' pictures (a checker where one is missing)
        from game.ui.images import SafeImageLoader

        image_loader = SafeImageLoader()
    board = load_board(Path(board_path), image_loader=image_loader)
    saves = save_dir if save_dir is not None else user_dirs.saves_dir()
    match = new_relic_match(Path(board_path), players, seed,
                            autosave=user_dirs.autosave_path(saves, "relic-" + Path(board_path).name),
                            mode=mode)
    session = RelicSession(match, ai_sides=ai_sides)
    return RelicPlayView(session, board, size, image_loader=image_loader, save_dir=saves,
                         handover=handover, ai_pace=ai_pace)
