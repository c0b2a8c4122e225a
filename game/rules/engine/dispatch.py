"""One dispatch table per rule system: each command type with its check and its resolution.

Every rule system has the same two-step shape (issue 15): ``check(state, command)`` decides,
without dice and without changing anything, whether the rules allow the command now (raising
``IllegalCommand`` with the rule ID); ``apply`` calls the same check first and then resolves the
command, rolling the match's dice and recording events. A handler is a pair of functions named for
what they resolve, in a module named for its topic (``moves.py``, ``shooting.py``...), named
for the command (``ShootAt``: ``check_shoot_at`` and ``resolve_shoot_at``)::

    def check_move(system, state, cmd) -> None: ...
    def resolve_move(system, state, cmd, dice, events) -> State: ...

and the system's ``game.py`` lists each topic's module once with the commands it handles:
``Dispatch.by_topic({moves: (Move, Stop), ...}, ...)``.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
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


def handler_name(command_type: type) -> str:
    """The command's name as its handlers are named: ``ShootAt`` -> ``shoot_at``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", command_type.__name__).lower()


def _handler_in(module: ModuleType, command_type: type) -> Handler:
    """``module``'s ``check_<name>`` and ``resolve_<name>`` for ``command_type``; a TypeError
    naming the module, the command and the function when one is missing or takes other
    arguments (raised when the system is imported, not when a player gives the command)."""
    functions: list[Callable[..., Any]] = []
    for verb, arguments in (("check", 3), ("resolve", 5)):
        name = f"{verb}_{handler_name(command_type)}"
        function = getattr(module, name, None)
        if not callable(function):
            raise TypeError(f"{module.__name__} has no {name}() for the command {command_type.__name__}")
        if len(inspect.signature(function).parameters) != arguments:
            raise TypeError(f"{module.__name__}.{name}() should take {arguments} arguments")
        functions.append(function)
    return Handler(functions[0], functions[1])


class Dispatch:
    """A system's table of handlers by command type."""

    def __init__(self, table: Mapping[type, Handler], *, unknown_rule: str, system_name: str) -> None:
        self.table = dict(table)
        self.unknown_rule = unknown_rule
        self.system_name = system_name

    @classmethod
    def by_topic(cls, topics: Mapping[ModuleType, tuple[type, ...]], *, unknown_rule: str,
                 system_name: str) -> Dispatch:
        """The table from each topic's module and the commands whose check and resolution it
        holds, named for the command (``handler_name``)."""
        table: dict[type, Handler] = {}
        for module, command_types in topics.items():
            for command_type in command_types:
                if command_type in table:
                    raise TypeError(f"{command_type.__name__} is listed under two topics")
                table[command_type] = _handler_in(module, command_type)
        return cls(table, unknown_rule=unknown_rule, system_name=system_name)

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
