"""Scenes for Mice and Mystics tests: a chapter state with figures put where a test wants them.

Cells are written short: ``K(5)`` is the kitchen's cell 5, ``C(10)`` the cellar's cell 10.
Scripted dice: ``run(state, command, 3, 4, ...)`` applies a command with exactly those faces
first (d6 faces 1..6; a d3 is scripted as its own result 1..3, MM-MOVE-1), then 1s for any
later roll the test does not care about (a next turn's d3, a tie-free initiative is scripted).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.dice import ScriptedDice, SeededDice
from game.rules.engine import Applied, Setup
from game.rules.mice_and_mystics.config import MMConfig
from game.rules.mice_and_mystics.game import MiceAndMystics
from game.rules.mice_and_mystics.order import GROUP_PREFIX
from game.rules.mice_and_mystics.state import Minion, MMState, Phase, Turn

SYSTEM = MiceAndMystics()
MICE_IDS = ("tilly", "bram", "pip", "hazel")
PAD = 40


def K(n: int) -> str:
    return f"kitchen:kitchen-{n}"


def C(n: int) -> str:
    return f"cellar:cellar-{n}"


def fresh(options: dict[str, Any] | None = None, seed: int = 1, players: tuple[str, ...] = ()) -> MMState:
    return SYSTEM.new_state(Setup("mice_and_mystics", "mice_chapter.tmx", seed, options or {}, players),
                            SeededDice(seed))


def scene(mice: dict[str, Any], minions: tuple[tuple[str, str, str], ...] = (), *, tile: str = "cellar",
          turn: str | None = "tilly", mp: int = 3, options: dict[str, Any] | None = None,
          order: tuple[str, ...] | None = None, others: str = "off", **fields: Any) -> MMState:
    """A state on ``tile``. ``mice`` maps a mouse id to its cell or to a dict of Mouse fields
    (``cell`` among them); mice not named stand aside (``others``: "off" = captured, else a cell).
    ``minions`` are (id, kind, cell). The order is the mice then the groups (or ``order``);
    ``turn`` names the mouse whose normal turn it is, with ``mp`` points and nothing used."""
    base = fresh(options)
    placed = []
    for m in base.mice:
        spec = mice.get(m.id)
        if spec is None:
            m = replace(m, cell="", captured=True) if others == "off" else replace(m, cell=others)
        elif isinstance(spec, str):
            m = replace(m, cell=spec)
        else:
            m = replace(m, **spec)
        placed.append(m)
    figures = []
    for ident, kind, cell in minions:
        size = "large" if kind.endswith("!large") else "small"
        kind = kind.removesuffix("!large")
        figures.append(Minion(ident, kind, ident.replace("_", " ").title(), cell, cell.split(":")[0], size=size))
    state = replace(base, mice=tuple(placed), minions=tuple(figures), tile=tile, visited=("kitchen", tile))
    if order is None:
        kinds = sorted({n.kind for n in figures if n.tile == tile})
        order = tuple(m.id for m in placed) + tuple(GROUP_PREFIX + k for k in kinds)
    state = replace(state, order=order, init_rolls=tuple((e, 6 - i) for i, e in enumerate(order)), round=1)
    if turn is not None:
        state = replace(state, index=order.index(turn), phase=Phase.TURN, turn=Turn(turn, mp, 1))
    return replace(state, **fields)


def cfg(**options: Any) -> MMConfig:
    return MMConfig.from_options(options)


def run(state: MMState, command: Any, *faces: int, pad: bool = True) -> Applied:
    dice = ScriptedDice(list(faces) + ([1] * PAD if pad else []))
    applied = SYSTEM.apply(state, command, dice)
    run.used = dice.counter  # type: ignore[attr-defined]
    return applied


def kinds(applied: Applied) -> list[str]:
    return [e.kind for e in applied.events]


def first(applied: Applied, kind: str):
    return next(e for e in applied.events if e.kind == kind)


def all_of(applied: Applied, kind: str):
    return [e for e in applied.events if e.kind == kind]


def rules_of(applied: Applied) -> set[str]:
    return {r for e in applied.events for r in e.rules}


def legal(state: MMState) -> list[Any]:
    return SYSTEM.legal_commands(state)
