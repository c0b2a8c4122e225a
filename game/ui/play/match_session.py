"""What every match on a play screen shares: commands submitted in player-sized groups, undo and
redo by group, the AI's next command, saves, the cached log in words. Plain Python, no pygame.

The match state changes only through ``Match.submit``, ``Match.undo`` and ``Match.redo``. A group
is what one gesture asks for (``Activate`` then the action that needed it); it is checked on a
scratch copy of the state first, so an illegal second command never leaves half a group behind,
and it is undone and redone whole. The four games' sessions (``ofa/session.py``,
``hd/session.py``, ``mm/session.py``, ``relic/session.py``) fill in how a group is rehearsed, how
a refusal is worded and what a log line says; the shell (``shell_match.py``) talks to them all
through this class.
"""

from __future__ import annotations

import random
from abc import ABC
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, Self, TypeVar, cast

from game.core.dice import SeededDice
from game.i18n import N_, _, language, set_language
from game.rules import registry
from game.rules.engine import Event, IllegalCommand, Match, RuleSystem, SaveError, Setup
from game.rules.engine.history import GroupedHistory
from game.rules.engine.selfplay import greedy_policy
from game.rules.engine.words import ENGINE, Refusals, refusal

#: how many words of commands and events a session keeps made (``kept``) before it starts afresh
MAX_KEPT = 40_000
S = TypeVar("S")  #: the game's state
Y = TypeVar("Y", bound=RuleSystem)  #: the game's rule system

#: the engine's and the session's own reasons for refusing undo and redo
HISTORY_REASONS = {
    "nothing to undo": N_("nothing to undo"),  # i18n: not shown (the engine's words, matched)
    "strict mode: dice were rolled, so this cannot be undone":  # i18n: not shown (the key)
        N_("strict mode: dice were rolled, so this cannot be undone"),
    "nothing to redo": N_("nothing to redo"),  # i18n: not shown
    "nothing to do": N_("nothing to do"),  # i18n: not shown
}


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


def new_game_match(system: str, map_path: Path, maps_dir: Path, seed: int | None = None, *,
                   options: dict[str, Any] | None = None, players: Sequence[str] = (),
                   autosave: Path | None = None, mode: str = "teaching",
                   dice: Any = None) -> Match:
    """A new match of ``system`` on the map (named as ``map_setting`` names it), with new dice
    when ``seed`` is None; ``mode``: "teaching" or "strict"."""
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else seed
    setup = Setup(system, map_setting(map_path, maps_dir), seed, dict(options or {}),
                  tuple(players))
    return Match(registry.get(system), setup, mode=mode, autosave=autosave, dice=dice)


@dataclass(frozen=True)
class Submitted(Generic[S]):
    """What a group of commands did: the events, the state before, or why it was refused."""

    ok: bool
    events: tuple[Event, ...] = ()
    before: S | None = None
    reason: str = ""  #: "Athos ran into ... (OFA-2B.2)" when refused

    def __bool__(self) -> bool:
        """Did it go through?"""
        return self.ok


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
    """What the log needs of a session's names: a command in words, an event with names for
    ids."""

    def command(self, command: Any, state: Any = None, /) -> str: ...

    def event(self, event: Event, /) -> Event: ...


class MatchSession(ABC, Generic[S, Y]):
    """The plumbing of a play session over a :class:`Match` of the game's rule system ``Y``
    (state ``S``)."""

    names: CommandNames
    #: the rule system's class a match of this game has (another game's match is refused)
    system_type: ClassVar[type]
    #: the game's name, for the words of a match or a save of another game
    game_name: ClassVar[str]
    #: why a save of another game cannot be loaded here, in the reader's language (a msgid
    #: with ``{system}``; "": the English words of ``not_this_game``)
    wrong_game: ClassVar[str] = ""

    def __init__(self, match: Match, *, ai_sides: Sequence[str] = (), ai_seed: int = 7) -> None:
        if not isinstance(match.system, self.system_type):
            raise TypeError(f"the {self.game_name} play screen needs a {self.game_name} match")
        self.match = match
        self.system: Y = cast(Y, match.system)
        self.ai_sides: set[str] = {s for s in ai_sides if s in self.seats()}
        self._rng = random.Random(ai_seed)
        self.history = GroupedHistory(match)
        self._legal: tuple[S, list[Any]] | None = None
        self._kept: dict[tuple[Any, ...], tuple[tuple[Any, ...], str]] = {}
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

    def program_seats(self) -> set[str]:
        """The seats the program plays: the AI's (and a game master's, where a game has one)."""
        return set(self.ai_sides)

    def ai_to_play(self) -> bool:
        side = self.to_play()
        return side is not None and side in self.program_seats()

    def human_to_play(self) -> bool:
        """Must a person at this screen give the next command?"""
        return self.to_play() is not None and not self.ai_to_play()

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

    def can_undo(self) -> bool:
        return self.history.can_undo()[0]

    def undo(self) -> str:
        """Undo the last group; returns the engine's reason when it cannot be undone ("" when
        done; the screen words it with ``history_reason``)."""
        why = self.history.undo()
        if not why:
            self._changed()
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

    @classmethod
    def load(cls, path: Path, *, autosave: Path | None = None, ai_sides: Sequence[str] = (),
             **options: Any) -> Self:
        """Replay a save (``options``: the session's own, a board...); SaveError names what is
        wrong with it, a save of another game too."""
        match = Match.load(path, registry.get, autosave=autosave)
        if not isinstance(match.system, cls.system_type):
            raise SaveError(str(path), cls.not_this_game(match.setup.system))
        return cls(match, ai_sides=ai_sides, **options)

    @classmethod
    def not_this_game(cls, system: str) -> str:
        """Why a save of ``system`` cannot be loaded here (``wrong_game``, else in English: the
        screen shows a save error's detail only in English, ``shell_match.save_error_words``)."""
        if cls.wrong_game:
            return _(cls.wrong_game).format(system=system)
        return f"is a {system} game, not {cls.game_name}"  # i18n: not shown (English only)

    # ------------------------------------------------------------------ words
    def kept(self, things: tuple[Any, ...], make: Callable[[], str]) -> str:
        """The words of ``things`` (an event; a command and the state it was played in) in the
        language of now, made once: the log reads every command and event again after each
        command."""
        key = (*map(id, things), self.lang)
        found = self._kept.get(key)
        if found is not None and all(a is b for a, b in zip(found[0], things, strict=True)):
            return found[1]
        if len(self._kept) > MAX_KEPT:
            self._kept.clear()
        words = make()
        self._kept[key] = (things, words)
        return words

    def explain(self, event: Event) -> LogLine:
        """An event in words, with the rules it cites."""
        return LogLine(*split_rules(self.explained(event)))

    def explained(self, event: Event) -> str:
        """An event in the rule system's words, in the reader's language, things by name (the
        rules it cites in brackets at the end)."""
        return self.system.explain(self.names.event(event), self.lang)

    def _step_side(self, before: S, command: Any) -> str:
        """The side a logged command was played for (``before``: the state it was played in):
        the side to play then, by default."""
        return self.system.current_player(before) or ""

    def command_words(self, command: Any, before: S) -> str:
        """A logged command in words (``before``: the state it was played in)."""
        return self.names.command(command, before)

    def shown(self, events: Sequence[Event]) -> list[Event]:
        """The events a player reads of a command's (all, unless a game leaves echoes out)."""
        return list(events)

    def log(self) -> list[LogEntry]:
        """Every command so far with its events in words, newest first."""
        key = (self.revision, self.lang)
        if self._log is not None and self._log[0] == key:
            return self._log[1]
        entries: list[LogEntry] = []
        for i, step in enumerate(self.match.steps):
            before: S = step.before
            side = self._step_side(before, step.command)
            lines = tuple(self.explain(e) for e in self.shown(step.events))
            entries.append(LogEntry(i + 1, self.command_words(step.command, before), side, lines))
        entries.reverse()
        self._log = (key, entries)
        return entries
