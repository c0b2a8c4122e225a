"""One dispatch table per rule system: each command type with its check and its resolution.

Every rule system has the same two-step shape (issue 15): ``check(state, command)`` decides,
without dice and without changing anything, whether the rules allow the command now (raising
``IllegalCommand`` with the rule ID); ``apply`` calls the same check first and then resolves the
command, rolling the match's dice and recording events. A handler is a pair of functions named for
what they resolve, in a module named for its topic (``moves.py``, ``shooting.py``...)::

    def check_move(system, state, cmd) -> None: ...
    def resolve_move(system, state, cmd, dice, events) -> State: ...

and the system's ``game.py`` lists them once: ``Dispatch({Move: Handler(check_move,
resolve_move), ...}, ...)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.core.dice import Dice
from game.rules.engine.errors import IllegalCommand
from game.rules.engine.events import Event

#: ``check(system, state, command)``: raise IllegalCommand when the rules refuse it now
Check = Callable[[Any, Any, Any], None]
#: ``resolve(system, state, command, dice, events)``: the new state (events appended)
Resolve = Callable[[Any, Any, Any, Dice, list[Event]], Any]


@dataclass(frozen=True)
class Handler:
    """How one type of command is checked and resolved."""

    check: Check
    resolve: Resolve


class Dispatch:
    """A system's table of handlers by command type."""

    def __init__(self, table: Mapping[type, Handler], *, unknown_rule: str, system_name: str) -> None:
        self.table = dict(table)
        self.unknown_rule = unknown_rule
        self.system_name = system_name

    @property
    def command_types(self) -> tuple[type, ...]:
        """Every command type of the system: the one list its ``CommandSet`` (saves) is made of."""
        return tuple(self.table)

    def handler(self, command: Any) -> Handler:
        found = self.table.get(type(command))
        if found is None:
            raise IllegalCommand(self.unknown_rule,
                                 f"{type(command).__name__} is not a {self.system_name} command",
                                 key="engine.unknown_command",
                                 params={"command": type(command).__name__,
                                         "system": self.system_name})
        return found

    def check(self, system: Any, state: Any, command: Any) -> None:
        self.handler(command).check(system, state, command)

    def resolve(self, system: Any, state: Any, command: Any, dice: Dice) -> tuple[Any, list[Event]]:
        """Check, then resolve: the new state and its events."""
        handler = self.handler(command)
        handler.check(system, state, command)
        events: list[Event] = []
        return handler.resolve(system, state, command, dice, events), events


def accepts(system: Any, state: Any, command: Any) -> bool:
    """Do the rules accept ``command`` now? (``system.check``: no dice, nothing changed.) What
    each system's ``legal.py`` keeps of its candidates."""
    try:
        system.check(state, command)
    except IllegalCommand:
        return False
    return True
