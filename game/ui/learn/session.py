"""A play session whose every command passes the lesson's gate first.

Every change of a play screen's match goes through its session (``MatchSession.submit``, undo
and redo), so this is where a lesson holds the player to its step: a group of commands the step
does not wait for is refused with the step's gentle hint and never reaches the match (nothing
changes, the dice neither); one it waits for goes through, and the gate hears what the rules
did. The program's own commands (a game master's turn) pass the same gate: the lesson's step
names them as the reply it waits for; one it does not wait for yet waits, with no hint, since
the player did nothing. A lesson goes forward only: undo, redo and saving rest while it lasts.
Each game's lesson session is this mixin over the game's own session (``games.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from game.i18n import _, language
from game.lessons import Verdict
from game.rules.engine import Event
from game.ui.play.match_session import MatchSession, Submitted


class Gate(Protocol):
    """What the lesson's screen answers for its session."""

    def check(self, commands: Sequence[Any], lang: str) -> Verdict:
        """Is this group the step's input? (Nothing changes.)"""

    def refused(self, verdict: Verdict) -> None:
        """The group was refused: the screen says the hint."""

    def passed(self, events: Sequence[Event]) -> None:
        """The match took the group and gave ``events``."""


def forward_only() -> str:
    """Why undo, redo and saving rest during a lesson, in the reader's language."""
    return _("a lesson goes forward only; Esc opens its menu to start it again")


class GatedSession(MatchSession[Any, Any]):
    """The mixin: put it before a game's session class (``class X(GatedSession, PlaySession)``)."""

    gate: Gate | None = None

    def submit(self, *commands: Any) -> Submitted[Any]:
        gate = self.gate
        if gate is not None:
            verdict = gate.check(commands, language())
            if not verdict:
                if not self.ai_to_play():
                    gate.refused(verdict)
                return Submitted(False, before=self.state, reason=verdict.hint)
        result = super().submit(*commands)
        if result.ok and gate is not None:
            gate.passed(result.events)
        return result

    def can_undo(self) -> bool:
        return False

    def undo(self) -> str:
        return forward_only()

    def can_redo(self) -> bool:
        return False

    def redo(self) -> Submitted[Any]:
        return Submitted(False, reason=forward_only())

    def save(self, path: Path) -> None:
        raise PermissionError(forward_only())
