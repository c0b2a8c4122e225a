"""The one table of handlers each rule system builds (``Dispatch.by_topic``) and the protocol
methods the four share over it (``DispatchedSystem``)."""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest

from game.core.dice import ScriptedDice
from game.rules import registry
from game.rules.engine import IllegalCommand
from game.rules.engine.dispatch import Dispatch, handler_name
from game.rules.engine.system import DispatchedSystem


@dataclass(frozen=True)
class ShootAt:
    target: str


@dataclass(frozen=True)
class Wait:
    pass


def _topic(**functions: Any) -> ModuleType:
    module = ModuleType("toy_topic")
    for name, function in functions.items():
        setattr(module, name, function)
    return module


def _check_shoot_at(system: Any, state: Any, cmd: ShootAt) -> None:
    if cmd.target == "ally":
        raise IllegalCommand("TOY-1", "not at a friend", key="toy.friend")


def _resolve_shoot_at(system: Any, state: Any, cmd: ShootAt, dice: Any, events: list[Any]) -> Any:
    return state + [cmd.target, dice.roll(1)[0]]


def test_a_command_is_handled_by_the_functions_named_for_it():
    assert handler_name(ShootAt) == "shoot_at"
    assert handler_name(Wait) == "wait"
    topic = _topic(check_shoot_at=_check_shoot_at, resolve_shoot_at=_resolve_shoot_at)
    table = Dispatch.by_topic({topic: (ShootAt,)}, unknown_rule="TOY-0", system_name="Toy")
    assert table.command_types == (ShootAt,)
    assert table.resolve(None, [], ShootAt("orc"), ScriptedDice([4])) == (["orc", 4], [])
    with pytest.raises(IllegalCommand) as refused:
        table.check(None, [], ShootAt("ally"))
    assert refused.value.rule_id == "TOY-1"
    with pytest.raises(IllegalCommand) as unknown:
        table.check(None, [], Wait())
    assert unknown.value.rule_id == "TOY-0"


def test_a_missing_or_misshapen_handler_is_named_when_the_table_is_built():
    with pytest.raises(TypeError, match=r"toy_topic has no resolve_shoot_at\(\) for the command ShootAt"):
        Dispatch.by_topic({_topic(check_shoot_at=_check_shoot_at): (ShootAt,)},
                          unknown_rule="TOY-0", system_name="Toy")
    with pytest.raises(TypeError, match=r"toy_topic.check_shoot_at\(\) should take 3 arguments"):
        Dispatch.by_topic({_topic(check_shoot_at=lambda system, cmd: None,
                                  resolve_shoot_at=_resolve_shoot_at): (ShootAt,)},
                          unknown_rule="TOY-0", system_name="Toy")
    topic = _topic(check_shoot_at=_check_shoot_at, resolve_shoot_at=_resolve_shoot_at)
    other = _topic(check_shoot_at=_check_shoot_at, resolve_shoot_at=_resolve_shoot_at)
    with pytest.raises(TypeError, match="ShootAt is listed under two topics"):
        Dispatch.by_topic({topic: (ShootAt,), other: (ShootAt,)}, unknown_rule="TOY-0", system_name="Toy")


@pytest.mark.parametrize("name", ["one_for_all", "helldorado", "mice_and_mystics", "relic"])
def test_each_system_checks_applies_and_saves_from_its_one_table(name):
    system = registry.get(name)
    assert isinstance(system, DispatchedSystem)
    table = type(system).dispatch.table
    assert system.commands.names() == sorted(t.__name__ for t in table)
    for command_type, handler in table.items():
        suffix = handler_name(command_type)
        assert handler.check.__name__ == f"check_{suffix}"
        assert handler.resolve.__name__ == f"resolve_{suffix}"
        assert handler.check.__module__ == handler.resolve.__module__
