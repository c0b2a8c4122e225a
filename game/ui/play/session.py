"""A match as the play screen uses it: commands submitted in player-sized groups, undo and redo
by group, saves, the log in words. Plain Python, no pygame.

The match state changes only through ``Match.submit``, ``Match.undo`` and ``Match.redo``. A group
is what one gesture asks for (``Activate`` then the action that needed it); it is checked on a
scratch copy of the state first, so an illegal second command never leaves half a group behind,
and it is undone and redone whole.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.board.model import Board
from game.core.dice import SeededDice
from game.i18n import N_, _, language, set_language
from game.rules import registry
from game.rules.engine import Event, IllegalCommand, Match, SaveError, Setup
from game.rules.engine.history import GroupedHistory
from game.rules.engine.selfplay import greedy_policy
from game.rules.one_for_all.game import MAPS_DIR, OneForAll
from game.rules.one_for_all.state import OFAState
from game.ui.play.names import Names, split_rules

#: the engine's reasons for refusing an undo, as the screen words them
UNDO_REASONS = {
    "nothing to undo": N_("nothing to undo"),  # i18n: not shown (the engine's words, matched)
    "strict mode: dice were rolled, so this cannot be undone":  # i18n: not shown (the key)
        N_("strict mode: dice were rolled, so this cannot be undone"),
}


def undo_reason(why: str) -> str:
    """An undo refusal in the current language (the engine's words when unknown)."""
    text = UNDO_REASONS.get(why)
    return _(text) if text else why


@dataclass(frozen=True)
class Submitted:
    """What a group of commands did: the events, the state before, or why it was refused."""

    ok: bool
    events: tuple[Event, ...] = ()
    before: OFAState | None = None
    reason: str = ""  #: "OFA-2B.2: Athos ran into ..." when refused


@dataclass(frozen=True)
class LogLine:
    text: str
    rules: str  #: the rule IDs cited, "OFA-3C.4, OFA-5A.1"


@dataclass(frozen=True)
class LogEntry:
    """One command in the log: its words and the explained events it caused."""

    number: int  #: 1 for the first command
    title: str
    side: str
    lines: tuple[LogLine, ...] = field(default=())


def map_setting(map_path: Path) -> str:
    """The map as a setup names it: relative to the shipped maps folder when it lies inside."""
    path = Path(map_path).resolve()
    try:
        return str(path.relative_to(MAPS_DIR.resolve()))
    except ValueError:
        return str(path)


def new_match(map_path: Path, seed: int | None = None, *, autosave: Path | None = None,
              mode: str = "teaching") -> Match:
    system = registry.get("one_for_all")
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else seed
    return Match(system, Setup("one_for_all", map_setting(map_path), seed), mode=mode,
                 autosave=autosave)


class PlaySession:
    def __init__(self, match: Match, board: Board | None = None, *,
                 ai_sides: Sequence[str] = (), ai_seed: int = 7, lang: str | None = None) -> None:
        if not isinstance(match.system, OneForAll):
            raise TypeError("the One for All play screen needs a One for All match")
        self.match = match
        self.system: OneForAll = match.system
        self.board = board
        self.names = Names(board, match.state)
        self.ai_sides: set[str] = {s for s in ai_sides if s in match.state.sides}
        del lang  # the log follows the program's language (``lang``), kept for old callers
        self._rng = random.Random(ai_seed)
        self.history = GroupedHistory(match)
        self._legal: tuple[OFAState, list[Any]] | None = None
        self._log: tuple[tuple[int, str], list[LogEntry]] | None = None
        #: bumped on every change of the match state (views cache by it)
        self.revision = 0

    # ------------------------------------------------------------------ reading
    @property
    def lang(self) -> str:
        """The language of the log: the program's (``game.i18n.language()``)."""
        return language()

    @lang.setter
    def lang(self, value: str) -> None:
        set_language(value)

    @property
    def state(self) -> OFAState:
        return self.match.state

    @property
    def sides(self) -> tuple[str, str]:
        return self.state.sides

    def to_play(self) -> str | None:
        """The side that must act now (None once the game is over)."""
        return self.match.current_player()

    def ai_to_play(self) -> bool:
        side = self.to_play()
        return side is not None and side in self.ai_sides

    @property
    def winner(self) -> str:
        return self.state.winner

    def legal(self) -> list[Any]:
        """The legal commands of the current state (computed once per state)."""
        state = self.state
        if self._legal is None or self._legal[0] is not state:
            self._legal = (state, list(self.system.legal_commands(state)))
        return self._legal[1]

    # ------------------------------------------------------------------ changing
    def submit(self, *commands: Any) -> Submitted:
        """Check the group on a scratch state, then submit it to the match."""
        if not commands:
            return Submitted(False, reason=_("nothing to do"))
        before = self.state
        if len(commands) > 1:  # one command alone is refused by the match with nothing changed
            scratch = before
            try:
                for command in commands:
                    scratch = self.system.apply(scratch, command, SeededDice(0)).state
            except IllegalCommand as exc:
                return Submitted(False, before=before, reason=f"{exc.rule_id}: {exc.reason}")
        try:
            events = self.history.submit(commands)
        except IllegalCommand as exc:  # the real dice made a later command illegal
            self._changed()
            return Submitted(False, before=before, reason=f"{exc.rule_id}: {exc.reason}")
        self._changed()
        return Submitted(True, events, before)

    def can_undo(self) -> tuple[bool, str]:
        return self.history.can_undo()

    def undo(self) -> str:
        """Undo the last group; returns the reason when it cannot be undone ("" when done)."""
        why = self.history.undo()
        if not why:
            self._changed()
        return undo_reason(why)

    def can_redo(self) -> bool:
        return self.history.can_redo()

    def redo(self) -> Submitted:
        if not self.history.can_redo():
            return Submitted(False, reason=_("nothing to redo"))
        before = self.state
        try:
            events = self.history.redo()
        except IllegalCommand as exc:
            self._changed()
            return Submitted(False, before=before, reason=f"{exc.rule_id}: {exc.reason}")
        self._changed()
        return Submitted(True, events, before)

    def ai_command(self) -> Any | None:
        """The AI's next command for the side to play (greedy, as in self-play)."""
        legal = self.legal()
        if not legal:
            return None
        return greedy_policy(self.system, self.state, legal, self._rng)

    def _changed(self) -> None:
        self.revision += 1

    # ------------------------------------------------------------------ saves
    def save(self, path: Path) -> None:
        """Atomically (``Match.save``); OSError when the folder cannot be written."""
        self.match.save(path)

    @classmethod
    def load(cls, path: Path, board: Board | None = None, *, autosave: Path | None = None,
             ai_sides: Sequence[str] = (), lang: str | None = None) -> PlaySession:
        """Replay a save; SaveError names what is wrong with it."""
        match = Match.load(path, registry.get, autosave=autosave)
        if not isinstance(match.system, OneForAll):
            raise SaveError(str(path), _("is a {system} game, not One for All").format(
                system=match.setup.system))
        return cls(match, board, ai_sides=ai_sides)

    # ------------------------------------------------------------------ words
    def explain(self, event: Event) -> LogLine:
        text, rules = split_rules(self.system.explain(self.names.event(event), self.lang))
        return LogLine(text, rules)

    def log(self) -> list[LogEntry]:
        """Every command so far with its events in words, newest first."""
        key = (self.revision, self.lang)
        if self._log is not None and self._log[0] == key:
            return self._log[1]
        entries: list[LogEntry] = []
        for i, step in enumerate(self.match.steps):
            before: OFAState = step.before
            side = ""
            fig_id = getattr(step.command, "figure", "")
            if fig_id and before.has_figure(fig_id):
                side = before.figure(fig_id).side
            elif before.pending is not None and before.has_figure(before.pending.winner):
                side = before.figure(before.pending.winner).side
            lines = tuple(self.explain(e) for e in step.events)
            entries.append(LogEntry(i + 1, self.names.command(step.command, before), side, lines))
        entries.reverse()
        self._log = (key, entries)
        return entries
