"""What every match on a play screen shares: commands submitted in player-sized groups, undo and
redo by group, the AI's next command, saves, the cached log in words. Plain Python, no pygame.

The match state changes only through ``Match.submit``, ``Match.undo`` and ``Match.redo``. A group
is what one gesture asks for (``Activate`` then the action that needed it); it is checked on a
scratch copy of the state first, so an illegal second command never leaves half a group behind,
and it is undone and redone whole. The games' sessions (``PlaySession``, ``HDSession``) fill in
how a group is rehearsed, how a refusal is worded and what a log line says.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from game.core.dice import SeededDice
from game.i18n import N_, _, language, set_language
from game.rules.engine import Event, IllegalCommand, Match, RuleSystem
from game.rules.engine.history import GroupedHistory
from game.rules.engine.selfplay import greedy_policy
from game.rules.engine.words import ENGINE, Refusals, refusal

S = TypeVar("S")  #: the game's state
Y = TypeVar("Y", bound=RuleSystem)  #: the game's rule system

#: the engine's reasons for refusing an undo, as the screen words them
UNDO_REASONS = {
    "nothing to undo": N_("nothing to undo"),  # i18n: not shown (the engine's words, matched)
    "strict mode: dice were rolled, so this cannot be undone":  # i18n: not shown (the key)
        N_("strict mode: dice were rolled, so this cannot be undone"),
}
#: the engine's and the session's own reasons for refusing undo and redo
HISTORY_REASONS = {
    **UNDO_REASONS,
    "nothing to redo": N_("nothing to redo"),  # i18n: not shown
    "nothing to do": N_("nothing to do"),  # i18n: not shown
}


def undo_reason(why: str) -> str:
    """An undo refusal in the current language (the engine's words when unknown)."""
    text = UNDO_REASONS.get(why)
    return _(text) if text else why


def history_reason(why: str) -> str:
    """An undo/redo refusal in the current language."""
    text = HISTORY_REASONS.get(why)
    return _(text) if text else why


def split_rules(line: str) -> tuple[str, str]:
    """``"text [OFA-1, OFA-2]"`` -> ``("text", "OFA-1, OFA-2")`` (the rules an explanation
    ends with, in brackets)."""
    if line.endswith("]") and " [" in line:
        text, _, rules = line.rpartition(" [")
        return text, rules[:-1]
    return line, ""


def map_setting(map_path: Path, maps_dir: Path) -> str:
    """The map as a setup names it: relative to ``maps_dir`` (the shipped maps folder) when it
    lies inside."""
    path = Path(map_path).resolve()
    try:
        return str(path.relative_to(maps_dir.resolve()))
    except ValueError:
        return str(path)


@dataclass(frozen=True)
class Submitted(Generic[S]):
    """What a group of commands did: the events, the state before, or why it was refused."""

    ok: bool
    events: tuple[Event, ...] = ()
    before: S | None = None
    reason: str = ""  #: "Athos ran into ... (OFA-2B.2)" when refused


class LogLine(NamedTuple):
    """An event in words: ``text, rules = session.explain(event)``."""

    text: str
    rules: str  #: the rule IDs cited, "OFA-3C.4, OFA-5A.1"


@dataclass(frozen=True)
class LogEntry:
    """One command in the log: its words and the explained events it caused."""

    number: int  #: 1 for the first command
    title: str
    side: str
    lines: tuple[LogLine, ...] = field(default=())


class CommandNames(Protocol):
    """What the log needs of a session's names: a command in words."""

    def command(self, command: Any, state: Any = None, /) -> str: ...


class MatchSession(ABC, Generic[S, Y]):
    """The plumbing of a play session over a :class:`Match` of ``system`` (state ``S``)."""

    names: CommandNames

    def __init__(self, match: Match, system: Y, *, ai_sides: Sequence[str] = (),
                 ai_seed: int = 7) -> None:
        self.match = match
        self.system: Y = system
        self.ai_sides: set[str] = {s for s in ai_sides if s in self.seats()}
        self._rng = random.Random(ai_seed)
        self.history = GroupedHistory(match)
        self._legal: tuple[S, list[Any]] | None = None
        self._log: tuple[tuple[int, str], list[LogEntry]] | None = None
        #: bumped on every change of the match state (views cache by it)
        self.revision = 0

    # ------------------------------------------------------------------ reading
    def seats(self) -> Sequence[str]:
        """The sides (or players) of the match."""
        return tuple(self.match.state.sides)

    @property
    def lang(self) -> str:
        """The language of the log: the program's (``game.i18n.language()``)."""
        return language()

    @lang.setter
    def lang(self, value: str) -> None:
        set_language(value)

    @property
    def mode(self) -> str:
        return self.match.mode

    @property
    def teaching(self) -> bool:
        """Teaching mode: the screen adds hints about what the selected unit can do and why."""
        return self.match.mode != "strict"

    @property
    def state(self) -> S:
        return self.match.state

    def to_play(self) -> str | None:
        """The side that must act now (None once the game is over)."""
        return self.match.current_player()

    def ai_to_play(self) -> bool:
        side = self.to_play()
        return side is not None and side in self.ai_sides

    def legal(self) -> list[Any]:
        """The legal commands of the current state (computed once per state)."""
        state = self.state
        if self._legal is None or self._legal[0] is not state:
            self._legal = (state, list(self.system.legal_commands(state)))
        return self._legal[1]

    # ------------------------------------------------------------------ changing
    def submit(self, *commands: Any) -> Submitted[S]:
        """Check the group on a scratch state, then submit it to the match."""
        if not commands:
            return Submitted(False, reason=_("nothing to do"))
        before = self.state
        if len(commands) > 1:  # one command alone is refused by the match with nothing changed
            try:
                self._rehearse(before, commands)
            except IllegalCommand as exc:
                return Submitted(False, before=before, reason=self.refusal(exc))
        try:
            events = self.history.submit(commands)
        except IllegalCommand as exc:  # the real dice made a later command illegal
            self._changed()
            return Submitted(False, before=before, reason=self.refusal(exc))
        self._changed()
        return Submitted(True, events, before)

    def _rehearse(self, state: S, commands: Sequence[Any]) -> None:
        """Play a group of two or more commands on ``state`` with scratch dice; raises
        IllegalCommand when one of them is refused (each command in turn, by default)."""
        for command in commands:
            state = self.system.apply(state, command, SeededDice(0)).state

    #: the rule system's refusals in words (its message keys' English templates)
    refusals: Refusals = ENGINE

    def refusal_name(self, ident: str) -> str:
        """An id a refusal names (a figure, a unit, a piece of terrain...) as the reader sees it."""
        return ident

    def refusal(self, exc: IllegalCommand) -> str:
        """"why (RULE-ID)" of a refused command, in the current language, things by name."""
        return refusal(exc, self.refusals, name=self.refusal_name)

    def can_undo(self) -> tuple[bool, str]:
        return self.history.can_undo()

    def undo(self) -> str:
        """Undo the last group; returns the reason when it cannot be undone ("" when done)."""
        why = self.history.undo()
        if not why:
            self._changed()
        return self._undo_words(why)

    def _undo_words(self, why: str) -> str:
        """What ``undo`` returns for the history's refusal ``why`` ("" when done)."""
        return why

    def can_redo(self) -> bool:
        return self.history.can_redo()

    def redo(self) -> Submitted[S]:
        if not self.history.can_redo():
            return Submitted(False, reason=_("nothing to redo"))
        before = self.state
        try:
            events = self.history.redo()
        except IllegalCommand as exc:
            self._changed()
            return Submitted(False, before=before, reason=self.refusal(exc))
        self._changed()
        return Submitted(True, events, before)

    def ai_command(self) -> Any | None:
        """The AI's next command for the side to play (greedy, as in self-play)."""
        legal = self.legal()
        return greedy_policy(self.system, self.state, legal, self._rng) if legal else None

    def _changed(self) -> None:
        self.revision += 1

    # ------------------------------------------------------------------ saves
    def save(self, path: Path) -> None:
        """Atomically (``Match.save``); OSError when the folder cannot be written."""
        self.match.save(path)

    # ------------------------------------------------------------------ words
    @abstractmethod
    def explain(self, event: Event) -> LogLine:
        """An event in words, with the rules it cites."""

    @abstractmethod
    def _step_side(self, before: S, command: Any) -> str:
        """The side a logged command was played for (``before``: the state it was played in)."""

    def log(self) -> list[LogEntry]:
        """Every command so far with its events in words, newest first."""
        key = (self.revision, self.lang)
        if self._log is not None and self._log[0] == key:
            return self._log[1]
        entries: list[LogEntry] = []
        for i, step in enumerate(self.match.steps):
            before: S = step.before
            side = self._step_side(before, step.command)
            lines = tuple(self.explain(e) for e in step.events)
            entries.append(LogEntry(i + 1, self.names.command(step.command, before), side, lines))
        entries.reverse()
        self._log = (key, entries)
        return entries
