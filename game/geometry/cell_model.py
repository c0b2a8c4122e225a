"""The cell graph's inputs and answers (``game.geometry.cells``): plain frozen values.

Inputs: :class:`Tolerances`, :class:`CellSpec`, :class:`LineSpec`, :class:`ExitSpec`; answers:
:class:`CellInfo`, :class:`Edge`, :class:`Step`, :class:`ExitInfo`, :class:`GraphProblem`,
:class:`Sight`. Geometry only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import numpy as np
import shapely
from shapely.geometry import MultiPoint
from shapely.geometry.base import BaseGeometry

from game.core.errors import Problem

#: Map defaults in px (section 26 ``map_defaults``).
DEFAULT_WALL_TOLERANCE = 1.0
DEFAULT_MIN_PORTAL = 1.0
DEFAULT_SAMPLE_STEP = 1.0

def _empty() -> Mapping[Any, Any]:
    return MappingProxyType({})


# --------------------------------------------------------------------------- inputs


@dataclass(frozen=True)
class Tolerances:
    """MM-GEO-2 map tolerances, in the units of the geometry they are used with.

    ``adjacency_gap`` is ``None`` when the map does not give it: 0 is used (touching only) and
    the graph reports ``missing_adjacency_gap`` (MM-GEO-2, MM-GEO-8).
    """

    adjacency_gap: float | None = None
    wall_tolerance: float = DEFAULT_WALL_TOLERANCE
    min_portal: float = DEFAULT_MIN_PORTAL
    sample_step: float = DEFAULT_SAMPLE_STEP

    @property
    def gap(self) -> float:
        return float(self.adjacency_gap or 0.0)

    def scaled(self, k: float) -> Tolerances:
        """The same tolerances with every length multiplied by ``k`` (px → mm: ``mm_per_px``)."""
        gap = None if self.adjacency_gap is None else self.adjacency_gap * k
        return Tolerances(gap, self.wall_tolerance * k, self.min_portal * k, self.sample_step * k)


@dataclass(frozen=True)
class CellSpec:
    """One cell as plain input: an id, an outline, a tile and the MM-GEO-2 properties."""

    id: str
    polygon: BaseGeometry
    tile: str = ""
    properties: Mapping[str, Any] = field(default_factory=_empty)
    #: the MM-GEO-7 centre in the polygon's units; else ``centre_x`` / ``centre_y`` properties
    centre: tuple[float, float] | None = None
    object_id: int | None = None
    name: str = ""


@dataclass(frozen=True)
class LineSpec:
    """A yellow or red line (MM-GEO-3 layer ``lines``)."""

    geometry: BaseGeometry
    kind: str  #: "yellow" or "red"


@dataclass(frozen=True)
class ExitSpec:
    """An exit area or bar (MM-GEO-3 layer ``exits``)."""

    id: str
    geometry: BaseGeometry
    tile: str = ""  #: "" = any tile
    target_tile: str = ""
    target_exit: str = ""
    colour: str = ""


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class CellInfo:
    """A cell of the graph with its properties read and typed."""

    key: str
    id: str
    tile: str
    polygon: BaseGeometry
    centre: tuple[float, float]
    capacity_small: int = 4
    capacity_large: int = 1
    wide: bool = False
    water: bool = False
    trap: bool = False
    turning: bool = False
    current_dir: float | None = None  #: degrees clockwise from +x (east) on screen
    exit: tuple[str, ...] = ()  #: exits named by the cell's ``exit`` property
    turn_target: str = ""
    object_id: int | None = None
    name: str = ""
    properties: Mapping[str, Any] = field(default_factory=_empty)


@dataclass(frozen=True)
class Edge:
    """An adjacency (MM-GEO-4/5) with its MM-GEO-6 line annotations. ``a`` comes before ``b``."""

    a: str
    b: str
    portal: float  #: open border length (MM-GEO-4 step 4); 0 for a pair only an override joins
    yellow: bool = False
    red: bool = False
    source: str = "computed"  #: "computed" or "added" (MM-GEO-5)
    #: (k, 2) read-only array of the open sample points of both sides (the doorway)
    gate_xy: np.ndarray = field(default_factory=lambda: frozen_points(np.empty((0, 2))),
                                compare=False, repr=False)

    @property
    def gate(self) -> BaseGeometry:
        """The open sample points as a MultiPoint, for drawing the doorway."""
        return shapely.multipoints(self.gate_xy) if len(self.gate_xy) else MultiPoint()

    def other(self, key: str) -> str:
        return self.b if key == self.a else self.a


@dataclass(frozen=True)
class Step:
    """One directed step between adjacent cells with everything MM-GEO-6 says about it."""

    src: str
    dst: str
    yellow: bool = False
    red: bool = False
    into_water: bool = False  #: the destination is a water cell
    out_of_water: bool = False  #: from a water cell to a dry one
    against_current: bool = False
    into_trap: bool = False

@dataclass(frozen=True)
class ExitInfo:
    id: str
    geometry: BaseGeometry | None  #: None for an exit only named by cells' ``exit`` property
    tile: str = ""
    target_tile: str = ""
    target_exit: str = ""
    colour: str = ""
    cells: tuple[str, ...] = ()  #: cells adjacent to it (MM-EXP-3)


@dataclass(frozen=True)
class GraphProblem:
    """One MM-GEO-8 finding. ``code`` is stable for tests and tools; ``message`` is for people."""

    code: str
    message: str
    cells: tuple[str, ...] = ()
    severity: str = "warning"

    def as_problem(self, path: str = "") -> Problem:
        return Problem(path, self.message, self.severity)


@dataclass(frozen=True)
class Sight:
    """MM-LOS between two cells, with the reason and the drawn line."""

    a: str
    b: str
    seen: bool
    reason: str  #: same_cell, adjacent, override_block, override_add, clear, wall, black, other_tile
    segment: BaseGeometry | None = None  #: centre to centre
    blockers: tuple[BaseGeometry, ...] = ()


def frozen_points(xy: np.ndarray) -> np.ndarray:
    """``xy`` as a read-only (n, 2) array of floats (a gate's points)."""
    out = np.array(xy, dtype=float).reshape(-1, 2)
    out.flags.writeable = False
    return out


def qualify(tile: str, cell_id: str) -> str:
    return f"{tile}:{cell_id}" if tile else cell_id


def pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)

