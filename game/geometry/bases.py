"""Figures as round bases, and arrays of them for queries over many figures at once.

Geometry is unit-agnostic: every length in one call is in the same unit (millimetres on a Board,
fathoms in Helldorado's examples). Nothing here knows a rule system.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Point, Polygon


@dataclass(frozen=True)
class Base:
    """A figure's base: centre, radius, the level it stands on, and its model height."""

    id: str
    x: float
    y: float
    radius: float
    z: float = 0.0  #: standing level (top of what supports it; 0 on the floor)
    height: float = 40.0  #: model height; the eye (head) is at z + height

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def eye(self) -> tuple[float, float, float]:
        return (self.x, self.y, self.z + self.height)

    @property
    def head(self) -> float:
        return self.z + self.height

    def disc(self, quad_segs: int = 32) -> Polygon:
        """The base as a polygon (for drawing and for Shapely predicates; not exact)."""
        return Point(self.x, self.y).buffer(self.radius, quad_segs=quad_segs)

    def moved(self, x: float, y: float, z: float | None = None) -> Base:
        return Base(self.id, x, y, self.radius, self.z if z is None else z, self.height)


@dataclass(frozen=True)
class BaseArray:
    """Parallel arrays of many bases, for vectorised queries."""

    ids: tuple[str, ...]
    xy: np.ndarray  #: (n, 2) centres
    radius: np.ndarray  #: (n,)
    z: np.ndarray  #: (n,)
    height: np.ndarray  #: (n,)

    @classmethod
    def of(cls, bases: Sequence[Base]) -> BaseArray:
        n = len(bases)
        xy = np.array([(b.x, b.y) for b in bases], dtype=float).reshape(n, 2)
        return cls(
            tuple(b.id for b in bases),
            xy,
            np.array([b.radius for b in bases], dtype=float),
            np.array([b.z for b in bases], dtype=float),
            np.array([b.height for b in bases], dtype=float),
        )

    def __len__(self) -> int:
        return len(self.ids)

    def points(self) -> np.ndarray:
        """Shapely points of the centres (an object array)."""
        return shapely.points(self.xy)


def edge_distance(a: Base, b: Base) -> float:
    """Horizontal distance from base edge to base edge, 0 when touching or overlapping (HD-0-4)."""
    return max(0.0, float(np.hypot(a.x - b.x, a.y - b.y)) - a.radius - b.radius)
