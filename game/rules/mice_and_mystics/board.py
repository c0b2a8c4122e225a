"""The chapter's board: the map's cell graph (``game.geometry.cells``) with the GM's rulings.

MM-ADJ-1/MM-GEO-4: adjacency is computed from the cell polygons with the map's gap tolerance;
MM-GEO-5 and MM-LOS-4: the map's overrides apply. MM-ADJ-5: a GM ruling made during play is a
``Ruling`` command (it becomes part of the game's state, so replays agree) and may be stored for
the map with :func:`record_ruling`; later games on that map load it (``<map>.rulings.json``
beside the map, or in the folder the rule system is given).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from game.board import PerMap
from game.board.model import Board
from game.geometry.cells import CellGraph, CellSpec, board_inputs
from game.rules.engine.saves import write_atomic
from game.rules.mice_and_mystics.state import MMState

RULING_KINDS = ("adjacent", "apart", "sight", "blocked")
Ruling = tuple[str, str, str]


class Table(Protocol):
    """What the handlers ask of the rule system they are given: the board of a state (the
    map's cell graph with the state's rulings; the system caches it)."""

    def graph(self, state: MMState) -> CellGraph: ...


def _ids(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [v.strip() for v in value.split(",") if v.strip()]
    return [str(v) for v in value]


def _key(spec: CellSpec) -> str:
    return f"{spec.tile}:{spec.id}" if spec.tile else spec.id


def _names(spec: CellSpec, other: CellSpec) -> set[str]:
    """The ways ``spec``'s override lists may name ``other`` (bare id on the same tile, or key)."""
    out = {_key(other)}
    if other.tile == spec.tile:
        out.add(other.id)
    return out


def apply_rulings(specs: list[CellSpec], rulings: Iterable[Ruling]) -> list[CellSpec]:
    """The cell inputs with the rulings written into their override properties, in order (a
    later ruling on a pair replaces an earlier one)."""
    by_key = {_key(s): i for i, s in enumerate(specs)}
    props = [dict(s.properties) for s in specs]
    for a, b, kind in rulings:
        if a not in by_key or b not in by_key or a == b:
            raise ValueError(f"a ruling needs two different cells of the map, not {a!r} and {b!r}")
        if kind not in RULING_KINDS:
            raise ValueError(f"a ruling is one of {', '.join(RULING_KINDS)}, not {kind!r}")
        ia, ib = by_key[a], by_key[b]
        add, remove = (("neighbors_add", "neighbors_remove") if kind in ("adjacent", "apart")
                       else ("los_add", "los_block"))
        wanted, unwanted = (add, remove) if kind in ("adjacent", "sight") else (remove, add)
        for i, j in ((ia, ib), (ib, ia)):
            names = _names(specs[i], specs[j])
            props[i][unwanted] = ",".join(x for x in _ids(props[i].get(unwanted)) if x not in names)
            props[i][wanted] = ",".join(x for x in _ids(props[i].get(wanted)) if x not in names)
        props[ia][wanted] = ",".join(_ids(props[ia].get(wanted)) + [_key(specs[ib])])
    return [replace(s, properties=p) for s, p in zip(specs, props, strict=True)]


class Boards:
    """Loads maps once and builds one graph per (map, rulings)."""

    def __init__(self, maps_dir: Path, rulings_dir: Path | None = None) -> None:
        self.maps_dir = Path(maps_dir)
        self.rulings_dir = Path(rulings_dir) if rulings_dir is not None else self.maps_dir
        self._boards: PerMap[Board] = PerMap(lambda board: board, self.maps_dir)  # as read
        self._graphs: dict[tuple[str, tuple[Ruling, ...], bool], CellGraph] = {}

    def board(self, map_name: str) -> Board:
        return self._boards[map_name]

    def graph(self, map_name: str, rulings: tuple[Ruling, ...] = (), *,
              los_touch_blocks: bool = True) -> CellGraph:
        key = (map_name, tuple(rulings), los_touch_blocks)
        if key not in self._graphs:
            inputs: Mapping[str, Any] = board_inputs(self.board(map_name))
            specs = apply_rulings(list(inputs["cells"]), rulings) if rulings else inputs["cells"]
            self._graphs[key] = CellGraph.build(**{**inputs, "cells": specs},
                                                los_touch_blocks=los_touch_blocks)
        return self._graphs[key]

    # ------------------------------------------------------------------ stored rulings
    def rulings_file(self, map_name: str) -> Path:
        return self.rulings_dir / f"{Path(map_name).stem}.rulings.json"

    def stored_rulings(self, map_name: str) -> tuple[Ruling, ...]:
        path = self.rulings_file(map_name)
        if not path.is_file():
            return ()
        doc = json.loads(path.read_text(encoding="utf-8"))
        return tuple((str(a), str(b), str(k)) for a, b, k in doc.get("rulings", []))

    def record_ruling(self, map_name: str, a: str, b: str, kind: str) -> tuple[Ruling, ...]:
        """MM-ADJ-5: store a ruling for the map so later games on it agree."""
        rulings = self.stored_rulings(map_name) + ((a, b, kind),)
        inputs = board_inputs(self.board(map_name))
        apply_rulings(list(inputs["cells"]), rulings)  # refuses unknown cells and kinds
        write_atomic(self.rulings_file(map_name),
                     json.dumps({"map": Path(map_name).name, "rulings": [list(r) for r in rulings]},
                                indent=1))
        return rulings


def near(g: CellGraph, a: str, b: str) -> bool:
    """Same cell or adjacent (MM-ADJ-4: melee reach, Share reach, forced ranged targets)."""
    return bool(a) and bool(b) and (a == b or g.adjacent(a, b))
