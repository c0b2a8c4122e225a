"""Rolled barrels (OFA-MG.4): swept with their own radius until the first contact.

The barrel moves along the chosen direction with the exact sweep (OFA-0.4) until it touches a
blocker. If that is a figure it is the barrel's target (the rules make it a swashbuckling attack
when it is an enemy, nothing when a friend); terrain or the board edge stop it harmlessly. The
barrel stays where it stopped. Its travel direction is the push-back direction of the figure it
hits (OFA-5D.1), and as a large object it adds 1 hit under OFA-7.1 when that option is on.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import shapely

from game.geometry.bases import Base, BaseArray
from game.geometry.sweep import FIGURE, Touch, sweep_disc, unit_direction
from game.geometry.terrain import Solid, TerrainIndex
from game.physics.throw import LARGE, object_bonus


@dataclass(frozen=True)
class RollOutcome:
    """Where a rolled barrel stopped and whom it reached."""

    barrel_id: str
    start: tuple[float, float]
    end: tuple[float, float]
    direction: tuple[float, float]  #: unit travel direction (the hit figure's push direction)
    distance: float
    radius: float
    z: float  #: the level it rolls on
    hit_figure: str | None  #: the first figure it touched (the attack's first target, OFA-MG.6)
    touched_kind: str | None  #: "figure", "terrain", "board_edge" (None: never)
    touched_id: str | None
    touches: tuple[Touch, ...]  #: everything touched at once (two guards side by side)
    damage_bonus: int  #: OFA-7.1 extra hits when a figure is hit (0 unless the option is on)
    rule_ids: tuple[str, ...]

    @property
    def angle(self) -> float:
        """How far the barrel turned while rolling, in radians (distance / radius)."""
        return self.distance / self.radius if self.radius > 0 else 0.0

    @property
    def push_dir(self) -> tuple[float, float]:
        """OFA-5D.1: a rolled barrel pushes along its travel direction (pass as ``travel_dir``)."""
        return self.direction


def barrel_disc(solid: Solid) -> tuple[tuple[float, float], float]:
    """A barrel footprint as a disc: the centroid and the radius of the same area.

    Maps store barrels as many-sided polygons; the disc of equal area differs from the
    circumscribed one by well under a tenth of a millimetre for 64 sides.
    """
    c = shapely.centroid(solid.footprint)
    return (float(c.x), float(c.y)), math.sqrt(float(shapely.area(solid.footprint)) / math.pi)


def roll_barrel(
    barrel_id: str,
    centre: tuple[float, float],
    radius: float,
    direction: tuple[float, float] | float,
    index: TerrainIndex | None,
    figures: Sequence[Base] | BaseArray = (),
    *,
    height: float,
    z: float = 0.0,
    step: float = 3.0,
    object_damage_bonus: bool = False,
) -> RollOutcome:
    """Roll the barrel ``barrel_id`` from ``centre`` along ``direction`` until it touches something.

    OFA-MG.4: the sweep uses the barrel's own ``radius`` and vertical band ``[z, z + height]``;
    the barrel's own solid (``barrel_id`` in ``index``) is ignored. The first figure touched is
    ``hit_figure``; ``touches`` lists all touched at the same instant. OFA-7.1 with
    ``object_damage_bonus``: a figure hit by the barrel (a large object) takes 1 more hit.

    Barrel (r 20) at (0, 0) along +x, Guard at (100, 0) → ends at (67.5, 0), hits the Guard.
    """
    u = unit_direction(direction)
    res = sweep_disc(centre, radius, u, math.inf, index, figures, z=z, height=height, step=step,
                     ignore=(barrel_id,), surface_edge=False)
    if not math.isfinite(res.distance):
        raise ValueError(f"rolled barrel {barrel_id!r} meets nothing: the table has no bounds "
                         "(OFA-MG.4)")
    hit = res.id if res.kind == FIGURE else None
    rules = ["OFA-MG.4", "OFA-0.4"]
    bonus = 0
    if hit is not None:
        rules.append("OFA-5D.1")  # its travel direction is the hit figure's push direction
        if object_damage_bonus:
            bonus = object_bonus(LARGE)
            rules.append("OFA-7.1")
    return RollOutcome(barrel_id, (float(centre[0]), float(centre[1])), (float(res.x), float(res.y)),
                       u, float(res.distance), float(radius), z, hit, res.kind, res.id,
                       res.touches, bonus, tuple(rules))


def roll_solid(
    barrel: Solid,
    direction: tuple[float, float] | float,
    index: TerrainIndex | None,
    figures: Sequence[Base] | BaseArray = (),
    **kwargs: object,
) -> RollOutcome:
    """``roll_barrel`` for a map's ``rollable`` solid: its disc, height and floor level."""
    if not barrel.rollable:
        raise ValueError(f"{barrel.id!r} ({barrel.kind or 'solid'}) is not rollable (OFA-MG.4)")
    centre, radius = barrel_disc(barrel)
    kwargs.setdefault("height", barrel.top - barrel.bottom)
    kwargs.setdefault("z", barrel.bottom)
    return roll_barrel(barrel.id, centre, radius, direction, index, figures, **kwargs)  # type: ignore[arg-type]
