"""Small Helldorado tables in fathoms for rule tests: units with explicit numbers, scripted dice.

The spec's examples use normal bases of r = 0.6 f and models 1 f tall; ``unit`` builds those by
default, with the hypothetical tables of the spec's test vectors (``T_sword``, ``T_musket``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest
from shapely.geometry import Polygon, box

from game.core.dice import ScriptedDice
from game.geometry.terrain import Solid
from game.rules.engine import Applied, Event, IllegalCommand
from game.rules.helldorado.commands import Activate
from game.rules.helldorado.config import HDConfig
from game.rules.helldorado.game import Helldorado
from game.rules.helldorado.state import HDState, Unit, Weapon
from game.rules.helldorado.table import Table

T_SWORD = (1, 2, 3, 5, 7)
T_MUSKET = (2, 3, 4, 5, 6)
SWORD = Weapon("sword", "Sword", "melee", T_SWORD)
MUSKET = Weapon("musket", "Musket", "ranged", T_MUSKET, range=6.0)
US, THEM = "us", "them"

SYSTEM = Helldorado()
_names = itertools.count(1)


def unit(uid: str, side: str, x: float, y: float, *, z: float = 0.0, cbt: int | None = 4,
         defence: int = 4, pr: int = 0, lp: int = 20, shs: int | None = 3, mov: float = 5.0,
         weapons: Sequence[Weapon] = (SWORD, MUSKET), size: str = "normal", radius: float = 0.6,
         height: float = 1.0, **kw: Any) -> Unit:
    return Unit(uid, uid, side, "test", x, y, z, radius, height, size, cbt, defence, pr, lp,
                kw.pop("max_lp", lp), shs, mov, tuple(weapons), kw.pop("points", 10), **kw)


def wall(sid: str, x0: float, y0: float, x1: float, y1: float, top: float, *,
         surface: bool = False, bottom: float = 0.0) -> Solid:
    return Solid(sid, box(x0, y0, x1, y1), bottom, top, blocks_sight=True, surface=surface,
                 kind="surface" if surface else "wall")


def slab(sid: str, corners: Sequence[tuple[float, float]], top: float) -> Solid:
    return Solid(sid, Polygon(corners), 0.0, top, blocks_sight=True, kind="wall")


def start(units: Sequence[Unit], solids: Sequence[Solid] = (), *, first: str | None = None,
          bounds: tuple[float, float, float, float] = (-40.0, -40.0, 40.0, 40.0),
          **options: Any) -> HDState:
    """A game on a fresh table with these units; ``first`` (default: the first unit's side) acts."""
    name = f"scene-{next(_names)}"
    SYSTEM.add_table(name, Table(list(solids), bounds))
    cfg = HDConfig.from_options(options)
    return SYSTEM.start(name, list(units), cfg, first=first or units[0].side)


def do(state: HDState, command: Any, faces: Sequence[int] = (), *, exact: bool = True) -> Applied:
    """Apply one command with scripted dice; by default every scripted face must be used."""
    dice = ScriptedDice(faces)
    applied = SYSTEM.apply(state, command, dice)
    if exact:
        assert dice.remaining == 0, f"{dice.remaining} scripted face(s) left unused"
    assert SYSTEM.invariants(applied.state) == []
    return applied


def refused(state: HDState, command: Any, rule: str) -> IllegalCommand:
    """``command`` is refused by ``rule``: by ``check`` (no dice, a message key) and by ``apply``
    alike, before anything is rolled; the refusal ``apply`` raised is returned."""
    with pytest.raises(IllegalCommand) as checked:
        SYSTEM.check(state, command)
    assert checked.value.rule_id == rule, checked.value
    assert checked.value.key, f"{checked.value} has no message key"
    with pytest.raises(IllegalCommand) as err:
        do(state, command)
    assert err.value.rule_id == rule, err.value
    assert (err.value.reason, err.value.key, dict(err.value.params)) == (
        checked.value.reason, checked.value.key, dict(checked.value.params))
    return err.value


def active(state: HDState, uid: str) -> HDState:
    """``state`` with ``uid`` activated (its side must be the one to act)."""
    return do(state, Activate(uid)).state


def moved(state: HDState, uid: str, **changes: Any) -> HDState:
    return state.with_unit(replace(state.unit(uid), **changes))


def events(applied: Applied, kind: str) -> list[Event]:
    return [e for e in applied.events if e.kind == kind]


def first(applied: Applied, kind: str) -> Event:
    found = events(applied, kind)
    assert found, f"no {kind} event in {[e.kind for e in applied.events]}"
    return found[0]


def cited(applied: Applied) -> set[str]:
    return {r for e in applied.events for r in e.rules}
