"""The match side of the play screens' shell (``shell.py``): commands given through the session,
undo and redo, the quick save, loading and a new game, the AI's seats and their pacing, and when
the screen passes between players. No drawing: the screen (``PlayShell``) builds on this.

The match changes only through the session (``submit``, ``undo``, ``redo``); the sessions of the
four games are ``MatchSession``s (``match_session.py``) and answer the same calls (``seats``,
``to_play``, ``ai_sides``, ``program_seats``, ``legal``, ``explain``, ``shown``, ``save``;
``load`` as a class method).
"""

from __future__ import annotations

import errno
import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Generic, TypeVar, cast

from game.i18n import _, language
from game.rules.engine import Event, Match, SaveError, Setup
from game.ui.colours import RGB
from game.ui.play import user_dirs
from game.ui.play.match_session import MatchSession, Submitted, history_reason
from game.ui.play.widgets import DANGER, GOOD, TEXT

#: seconds between the AI's commands (it plays at a readable pace)
AI_PACE_S = 0.7
#: seconds a message stays in the status line
MESSAGE_S = 7.0
St = TypeVar("St")  #: the game's state


def os_reason(exc: OSError) -> str:
    """Why a file could not be written, in the current language."""
    if isinstance(exc, PermissionError):
        return _("no permission")
    if exc.errno == errno.ENOSPC:
        return _("the disk is full")
    if isinstance(exc, FileNotFoundError | NotADirectoryError):
        return _("the folder does not exist")
    return _("error {n}").format(n=exc.errno) if exc.errno else _("the file cannot be written")


def save_error_words(exc: Exception, path: Path) -> str:
    """A save that cannot be loaded: the engine's detail in English, a plain reason otherwise."""
    if language() == "en":
        why = str(exc)
    elif not path.is_file():
        why = _("there is no file {path}").format(path=path)
    else:
        why = _("it is not a saved game this program can read")
    return _("Could not load: {why}").format(why=why)


class MatchControls(Generic[St]):
    """What the shell does with the match; ``PlayShell`` adds the screen."""

    session: MatchSession[Any, Any]
    save_dir: Path
    ai_pace: float
    ai_hurry: bool
    _ai_wait: float
    _last_side: str | None
    #: the last seat played at this screen (the handover card passes the screen from it)
    _last_human: str | None
    handover_on: bool
    card_kind: str
    card: Any
    message: str
    message_colour: RGB
    _message_left: float

    # ------------------------------------------------------------------ what a game fills in
    def _use(self, session: Any) -> None:
        """Show ``session`` (at start, after a load or a new game)."""
        self.session = session

    def open_end(self) -> None:
        """The end of the game shows (the screen's card)."""

    def open_handover(self, side: str) -> None:
        """The screen passes to ``side`` (the screen's card)."""

    def seats(self) -> Sequence[str]:
        """The sides (or players) of the match, in their order."""
        return tuple(self.session.seats())

    def side_name(self, side: str) -> str:
        return side

    def over(self) -> bool:
        """Is the game over?"""
        return self.session.to_play() is None

    def after_change(self) -> None:
        """After any change of the match (a command, undo, redo, the AI's seats)."""

    def drop_hand(self) -> None:
        """Before undo or redo: what the player had in hand goes (an animation is finished)."""

    def auto_command(self) -> Any | None:
        """The next command of the seat the program plays."""
        return self.session.ai_command()

    def session_options(self) -> dict[str, Any]:
        """What a new session of this game is made with besides its match (a board...)."""
        return {}

    def load_session(self, path: Path) -> MatchSession[Any, Any]:
        """The saved game at ``path`` as a session of this game (SaveError when it is not)."""
        return type(self.session).load(path, autosave=self.session.match.autosave_path,
                                       ai_sides=sorted(self.session.ai_sides),
                                       **self.session_options())

    def make_session(self, match: Match) -> MatchSession[Any, Any]:
        """A session of this game over a new ``match`` (the AI's seats kept)."""
        return type(self.session)(match, ai_sides=sorted(self.session.ai_sides),
                                  **self.session_options())

    def take_back(self) -> str:
        """Undo the last command a person gave and the replies of the AI (and of a game
        master) after it; why it cannot be undone ("" when done)."""
        ai = self.session.program_seats()
        if set(self.seats()) <= self.session.ai_sides:
            ai = set()  # the AI plays everyone: one command at a time
        steps = self.session.match.steps
        current = self.session.system.current_player
        undone = 0
        while steps and ai and current(steps[-1].before) in ai:
            if self.session.undo():
                break
            undone += 1
        why = self.session.undo()
        return history_reason(why) if why and not undone else ""

    def replay(self) -> str:
        """Redo the command taken back; why it cannot be ("" when done)."""
        result = self.session.redo()
        return "" if result.ok else history_reason(result.reason)

    def can_undo(self) -> bool:
        return self.session.can_undo()

    def can_redo(self) -> bool:
        return bool(self.session.can_redo())

    def event_words(self, events: Sequence[Event]) -> str:
        """The status line's words for what a command did: its last event a player reads,
        explained."""
        shown = self.session.shown(events)
        return self.session.explain(shown[-1]).text if shown else ""

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> St:
        return cast(St, self.session.state)

    @property
    def mode(self) -> str:
        """The match's mode: "teaching" (hints on) or "strict" (a loaded save keeps its own)."""
        return str(self.session.match.mode)

    @property
    def teaching(self) -> bool:
        return self.mode != "strict"

    def is_human(self, side: str | None) -> bool:
        """Is ``side`` a seat played at this screen (not by the AI or the program)?"""
        return side is not None and side in self.seats() and side not in self.session.ai_sides

    def human_to_play(self) -> bool:
        return self.is_human(self.session.to_play())

    def auto_to_play(self) -> bool:
        """Must the program give the next command (an AI seat, a game master)?"""
        return self.session.to_play() is not None and not self.human_to_play()

    # ------------------------------------------------------------------ messages
    def say(self, text: str, colour: RGB = TEXT) -> None:
        self.message, self.message_colour, self._message_left = text, colour, MESSAGE_S

    @property
    def message_showing(self) -> bool:
        return bool(self.message) and self._message_left > 0

    # ------------------------------------------------------------------ changing the match
    def submit(self, *commands: Any) -> Submitted[Any]:
        """Give the session a command (or a group); a refusal says why in the status line.
        The result is true when it went through."""
        result = self.session.submit(*commands)
        if not result.ok:
            self.say(_("Not allowed: {reason}").format(reason=result.reason), DANGER)
            return result
        self.show_result(result)
        return result

    def show_result(self, result: Submitted[Any]) -> None:
        """A command went through: its words, then the new state (a game that animates its
        events shows them first)."""
        words = self.event_words(result.events)
        if words:
            self.say(words)
        self._settle()

    def _settle(self) -> None:
        """The new state shows: the end card, the handover card, the AI's pace."""
        self.after_change()
        side = self.session.to_play()
        if self.over():
            self.open_end()
        elif side is not None and self.handover_on and self.is_human(side) \
                and self._last_human is not None and side != self._last_human:
            self.open_handover(side)
        if side is not None and not self.is_human(side) and side != self._last_side:
            self._ai_wait = self.ai_pace
        if not self.auto_to_play():
            self.ai_hurry = False
        self._last_side = side
        if self.is_human(side):
            self._last_human = side

    def undo(self) -> None:
        """Ctrl+Z: undo the player's last command (and the AI's replies after it)."""
        self.drop_hand()
        self._after_history(self.take_back(), _("Cannot undo: {reason}"), _("Undone."))

    def redo(self) -> None:
        """Ctrl+Y: play again the command taken back."""
        self.drop_hand()
        self._after_history(self.replay(), _("Cannot redo: {reason}"), _("Redone."))

    def _after_history(self, why: str, refused: str, words: str) -> None:
        """After undo or redo: ``refused`` with ``why`` when it could not be done, else the
        screen follows the match and says ``words``."""
        if why:
            self.say(refused.format(reason=why), DANGER)
            return
        if self.card_kind == "end" and not self.over():
            self.card, self.card_kind = None, ""
        side = self.session.to_play()
        self._last_side = side
        if self.is_human(side):
            self._last_human = side
        self.ai_hurry = False
        self._ai_wait = max(self.ai_pace, 1.0)
        self.after_change()
        self.say(words)
        if self.over():
            self.open_end()

    # ------------------------------------------------------------------ saving
    def quick_save_path(self) -> Path:
        return user_dirs.quick_save_path(self.save_dir, self.session.match.setup.map)

    def save(self) -> Path | None:
        """Ctrl+S: the quick save of this map."""
        path = self.quick_save_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.session.save(path)
        except OSError as exc:
            self.say(_("Could not save to {path}: {why}").format(path=path, why=os_reason(exc)),
                     DANGER)
            return None
        self.say(_("Saved to {path}").format(path=path), GOOD)
        return path

    def load(self, path: Path | None = None) -> bool:
        """Ctrl+O: the quick save of this map (or ``path``) replayed."""
        path = Path(path) if path is not None else self.quick_save_path()
        try:
            loaded = self.load_session(path)
        except (SaveError, OSError) as exc:
            self.say(save_error_words(exc, path), DANGER)
            return False
        if loaded.match.setup.map != self.session.match.setup.map:
            self.say(_("That save is for another map ({map}).").format(
                map=loaded.match.setup.map), DANGER)
            return False
        self._use(loaded)
        self.say(_("Loaded {path}").format(path=path), GOOD)
        if self.over():
            self.open_end()
        return True

    def new_game(self) -> None:
        """The same scenario, seats and mode with new dice."""
        old = self.session.match
        s = old.setup
        seed = random.SystemRandom().randrange(1, 2**31)
        match = Match(old.system, Setup(s.system, s.map, seed, s.options, s.players),
                      mode=old.mode, autosave=old.autosave_path)
        self._use(self.make_session(match))
        self.say(_("A new game."), GOOD)

    # ------------------------------------------------------------------ the AI's seats
    def ai_label(self) -> str:
        ai = self.session.ai_sides
        return ", ".join(self.side_name(s) for s in sorted(ai)) if ai else _("nobody (hot-seat)")

    def cycle_ai(self) -> str:
        """The menu's AI item: nobody -> the last seat -> ... -> the first -> nobody. Returns
        the new label."""
        order: list[set[str]] = [set()] + [{s} for s in reversed(self.seats())]
        now = set(self.session.ai_sides)
        i = next((k for k, seats in enumerate(order) if seats == now), len(order) - 1)
        self.set_ai_sides(order[(i + 1) % len(order)])
        return self.ai_label()

    def set_ai_sides(self, sides: Iterable[str]) -> None:
        """Which seats the AI plays (the others are played at this screen)."""
        self.session.ai_sides = {s for s in sides if s in self.seats()}
        self._ai_wait = self.ai_pace
        self._last_side = self.session.to_play()
        self.after_change()

    def hurry_ai(self) -> None:
        """Space in the program's turn: its commands and animations without pauses."""
        self.ai_hurry = True
        self._ai_wait = 0.0

    def ai_step(self) -> bool:
        """Let the program give one command now (False when it is not its turn)."""
        if not self.auto_to_play():
            return False
        command = self.auto_command()
        self._ai_wait = 0.0 if self.ai_hurry else self.ai_pace
        if command is None:
            return False
        return bool(self.submit(command))
