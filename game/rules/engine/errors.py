"""Errors of the rules layer: each names the rule that refused, and the reason."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.errors import one_line


class IllegalCommand(ValueError):
    """A command the rules do not allow now. The state it was tried on is untouched.

    ``reason`` is English, for logs and tests; ``key`` and ``params`` let a screen say the same in
    the reader's language (a message key of the system's catalog and the values it names)."""

    def __init__(self, rule_id: str, reason: str, *, key: str = "",
                 params: Mapping[str, Any] | None = None) -> None:
        self.rule_id = rule_id
        self.reason = reason
        self.key = key
        self.params: Mapping[str, Any] = dict(params or {})
        super().__init__(f"{rule_id}: {reason}")


class SaveError(ValueError):
    """A saved game that cannot be loaded; the message names the file and the fault."""

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(one_line(f"{path}: {reason}"))


class ReplayDiverged(SaveError):
    """Replaying a save did not reach the state it recorded (changed seed, command or rules)."""
