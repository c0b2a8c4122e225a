"""Undo and redo by whole gestures: a player's drag may submit several commands (activate, then
move), and Ctrl+Z should take them back together. Kept beside the match, not in each screen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.engine.errors import IllegalCommand
from game.rules.engine.events import Event
from game.rules.engine.match import Match


class GroupedHistory:
    """Groups of commands over a :class:`Match`: submitted all or none, undone and redone whole."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self._groups: list[int] = [1] * len(match.steps)  #: commands per group, oldest first
        self._redo: list[int] = []

    def submit(self, commands: Sequence[Any]) -> tuple[Event, ...]:
        """Submit every command; if one is refused, take back the ones before it and re-raise."""
        events: list[Event] = []
        done = 0
        try:
            for command in commands:
                events += self.match.submit(command)
                done += 1
        except IllegalCommand:
            # the gesture never happened: a rollback, which strict mode allows after a roll
            self.match.rollback(done)
            raise
        self._groups.append(done)
        self._redo.clear()
        return tuple(events)

    def can_undo(self) -> tuple[bool, str]:
        return self.match.can_undo()

    def undo(self) -> str:
        """Undo the last group; the reason when it cannot be undone, "" when done."""
        ok, why = self.match.can_undo()
        if not ok:
            return why
        n = self._groups.pop() if self._groups else 1
        undone = 0
        for _ in range(n):
            if not self.match.can_undo()[0]:
                break
            self.match.undo()
            undone += 1
        self._redo.append(undone)
        return ""

    def can_redo(self) -> bool:
        return self.match.can_redo()

    def redo(self) -> tuple[Event, ...]:
        """Redo the last undone group (raises IllegalCommand if the rules refuse it now)."""
        n = self._redo.pop() if self._redo else 1
        events: list[Event] = []
        for _ in range(n):
            if not self.match.can_redo():
                break
            events += self.match.redo()
        self._groups.append(n)
        return tuple(events)
