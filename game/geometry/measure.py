"""Measuring on the table: edge-to-edge distances, range bands, the nearest target, fights in the way.

Pure functions over numpy and plain floats. Geometry is unit-agnostic: every length in one call is
in the same unit (millimetres on a Board, fathoms in Helldorado's examples). Nothing here decides a
rule on its own: whatever the rules must judge (visible, engaged, in cover...) comes in as per-base
booleans or callables, and the functions only order, measure and intersect.

Rule references are to the Helldorado spec (``shared/rules/helldorado.md``): HD-0-4 (distances),
HD-RANGED-2..6 (nearest valid target), HD-RANGED-12..15 (measuring, range bands), HD-RANGED-24/25
(a fight on the line of fire, shooting over a fight).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from game.geometry.bases import Base, BaseArray
from game.geometry.tolerance import EPS

#: Range bands of HD-RANGED-15, nearest first: (name, difficulty).
BANDS: tuple[tuple[str, int], ...] = (
    ("point_blank", 3),
    ("short", 4),
    ("medium", 5),
    ("long", 6),
)
#: Name of the band beyond 4R when the Long band is closed (``long_band_open=False``).
BEYOND = "beyond"

#: A per-base flag: a sequence/array parallel to the bases, or a callable asked per base.
Flags = Sequence[bool] | np.ndarray | Callable[[Base], bool]


def _as_array(bases: BaseArray | Sequence[Base]) -> BaseArray:
    return bases if isinstance(bases, BaseArray) else BaseArray.of(list(bases))


def _as_list(bases: BaseArray | Sequence[Base]) -> list[Base]:
    if isinstance(bases, BaseArray):
        return [
            Base(bases.ids[i], float(bases.xy[i, 0]), float(bases.xy[i, 1]), float(bases.radius[i]),
                 float(bases.z[i]), float(bases.height[i]))
            for i in range(len(bases))
        ]
    return list(bases)


# --------------------------------------------------------------------------- distances (HD-0-4)


def edge_distance_matrix(bases: BaseArray | Sequence[Base],
                         others: BaseArray | Sequence[Base] | None = None) -> np.ndarray:
    """(n, m) edge-to-edge distances, 0 where bases touch or overlap (HD-0-4, 2-D).

    With ``others`` omitted it is the symmetric (n, n) matrix of ``bases`` against themselves
    (diagonal 0).
    """
    a = _as_array(bases)
    b = a if others is None else _as_array(others)
    d = a.xy[:, None, :] - b.xy[None, :, :]
    centre = np.hypot(d[..., 0], d[..., 1])
    return np.maximum(0.0, centre - a.radius[:, None] - b.radius[None, :])


def edge_distances_from(base: Base, bases: BaseArray | Sequence[Base]) -> np.ndarray:
    """(n,) edge-to-edge distances from one base to each of ``bases`` (HD-0-4, HD-RANGED-12)."""
    a = _as_array(bases)
    centre = np.hypot(a.xy[:, 0] - base.x, a.xy[:, 1] - base.y)
    return np.maximum(0.0, centre - base.radius - a.radius)


def distance_to_point(base: Base, p: Sequence[float]) -> float:
    """Distance from the edge of a base to a point, 0 when the point is on the base (HD-0-4).

    ``p`` may carry a third (height) coordinate; it is ignored (2-D, ``cfg.distance_3d=false``).
    """
    return max(0.0, math.hypot(base.x - p[0], base.y - p[1]) - base.radius)


# --------------------------------------------------------------------------- range bands (HD-RANGED-15)


@dataclass(frozen=True)
class RangeBand:
    """One range band of HD-RANGED-15: ``lower < d ≤ upper`` (Point Blank starts at 0 inclusive)."""

    name: str  #: "point_blank", "short", "medium", "long" or "beyond" (closed Long band only)
    difficulty: int | None  #: 3, 4, 5, 6; None when no shot is possible (beyond 4R, closed)
    lower: float
    upper: float  #: ``math.inf`` for the open Long band and for "beyond"

    @property
    def shootable(self) -> bool:
        return self.difficulty is not None


def band_edges(weapon_range: float, n: int = 4) -> tuple[float, ...]:
    """The band edges R, 2R, … nR, for drawing range rings: ``band_edges(6) == (6, 12, 18, 24)``."""
    if weapon_range <= 0:
        raise ValueError(f"weapon range must be positive, got {weapon_range}")
    return tuple(k * float(weapon_range) for k in range(1, n + 1))


def range_band(d: float, weapon_range: float, *, long_band_open: bool = True,
               eps: float = EPS) -> RangeBand:
    """The range band of an edge-to-edge distance ``d`` for a weapon of Range R (HD-RANGED-15).

    ``d ≤ R`` → Point Blank 3; ``R < d ≤ 2R`` → Short 4; ``≤ 3R`` → Medium 5; ``≤ 4R`` → Long 6.
    Beyond 4R: Long 6 again when ``long_band_open`` (HD-AMB-3, the default), else a "beyond" band
    with no difficulty. A band's upper edge is inclusive within ``eps`` (d=6.0 → 3, d=6.01 → 4).
    """
    if weapon_range <= 0:
        raise ValueError(f"weapon range must be positive, got {weapon_range}")
    if d < -eps or math.isnan(d):
        raise ValueError(f"distance must be non-negative, got {d}")
    r = float(weapon_range)
    for k, (name, diff) in enumerate(BANDS):
        upper = (k + 1) * r
        if d <= upper + eps:
            last_open = long_band_open and k == len(BANDS) - 1
            return RangeBand(name, diff, k * r, math.inf if last_open else upper)
    if long_band_open:
        name, diff = BANDS[-1]
        return RangeBand(name, diff, (len(BANDS) - 1) * r, math.inf)
    return RangeBand(BEYOND, None, len(BANDS) * r, math.inf)


# --------------------------------------------------------------------------- nearest target (HD-RANGED-2..6)


@dataclass(frozen=True)
class LegalTargets:
    """The enemies a shooter may choose (HD-RANGED-2..5), nearest first."""

    ids: tuple[str, ...]
    distances: tuple[float, ...]  #: edge-to-edge, parallel to ``ids``
    #: the first candidate that may not be passed over (it and its equals end the list); None when
    #: every candidate was skippable or there were none
    stop: str | None = None

    def __contains__(self, target_id: object) -> bool:
        return target_id in self.ids

    def __len__(self) -> int:
        return len(self.ids)


def _flag(flags: Flags | None, i: int, base: Base, default: bool) -> bool:
    if flags is None:
        return default
    if callable(flags):
        return bool(flags(base))
    return bool(flags[i])


def nearest_valid_targets(
    shooter: Base,
    enemies: BaseArray | Sequence[Base],
    *,
    visible: Flags | None = None,
    engaged: Flags | None = None,
    in_cover_bonus_ge_pr: Flags | None = None,
    targetable: Flags | None = None,
    eps: float = EPS,
) -> LegalTargets:
    """The legal targets of a shot, as far as geometry decides (HD-RANGED-2..6).

    ``enemies`` are the shooter's enemies only (friends are never targets, HD-RANGED-6). The flags
    are per enemy, either parallel sequences/arrays or callables ``f(base) -> bool``; callables are
    asked lazily, nearest first, so far enemies are never tested once the list is closed:

    * ``visible`` – the shooter sees it (HD-RANGED-7/8); default all;
    * ``targetable`` – it may be chosen at all (HD-RANGED-5); default all;
    * ``engaged`` – it is engaged, so it may be passed over (HD-RANGED-4); default none;
    * ``in_cover_bonus_ge_pr`` – in cover whose PR bonus ≥ its own PR, so it may be passed over
      (HD-RANGED-3, HD-AMB-1); default none.

    Candidates (visible and targetable) are taken by edge-to-edge distance; each is legal, and the
    list stops after the first one that may not be passed over — plus every candidate at the same
    distance (within ``eps``) as that one, since they are equally nearest.
    """
    ordered = _as_list(enemies)
    dist = edge_distances_from(shooter, ordered) if ordered else np.empty(0)
    order = np.argsort(dist, kind="stable")
    ids: list[str] = []
    dists: list[float] = []
    stop: str | None = None
    stop_d = math.inf
    for i in order:
        e = ordered[i]
        d = float(dist[i])
        if stop is not None and d > stop_d + eps:
            break
        if not (_flag(targetable, i, e, True) and _flag(visible, i, e, True)):
            continue
        ids.append(e.id)
        dists.append(d)
        if stop is None:
            skippable = _flag(engaged, i, e, False) or _flag(in_cover_bonus_ge_pr, i, e, False)
            if not skippable:
                stop, stop_d = e.id, d
    return LegalTargets(tuple(ids), tuple(dists), stop)


# --------------------------------------------------------------------------- fights in the way (HD-RANGED-24/25)


def _point_segment_distance(px: np.ndarray, py: np.ndarray, a: tuple[float, float],
                            b: tuple[float, float]) -> np.ndarray:
    ax, ay = a
    ex, ey = b[0] - ax, b[1] - ay
    ll = ex * ex + ey * ey
    if ll == 0.0:
        return np.hypot(px - ax, py - ay)
    t = np.clip(((px - ax) * ex + (py - ay) * ey) / ll, 0.0, 1.0)
    return np.hypot(px - ax - t * ex, py - ay - t * ey)


def shoots_over(shooter_eye: Sequence[float], target: Base, participant: Base, *,
                eps: float = EPS) -> bool:
    """True when a fight participant does not stand in the way of a shot (HD-RANGED-25).

    The shot is the 3-D segment from the shooter's eye to the centre of the target's silhouette,
    ``(c_T, z_T + h_T/2)``. The participant blocks iff that segment meets its cylinder
    ``(c_U, r_U, [z_U, z_U + h_U])``; touching (within ``eps``) counts as meeting. So the result
    is False for a shot through the fighters and True for one passing over (or beside) them.
    """
    ex, ey, ez = float(shooter_eye[0]), float(shooter_eye[1]), float(shooter_eye[2])
    tx, ty, tz = target.x, target.y, target.z + target.height / 2.0
    dx, dy, dz = tx - ex, ty - ey, tz - ez
    fx, fy = ex - participant.x, ey - participant.y
    r = participant.radius + eps
    # t-interval where the horizontal distance to c_U is ≤ r: a t² + b t + c ≤ 0
    a = dx * dx + dy * dy
    b = 2.0 * (fx * dx + fy * dy)
    c = fx * fx + fy * fy - r * r
    if a <= 1e-300:  # vertical (or zero-length) shot: one horizontal position
        if c > 0.0:
            return True
        t0, t1 = 0.0, 1.0
    else:
        disc = b * b - 4.0 * a * c
        if disc < 0.0:
            return True
        sq = math.sqrt(disc)
        t0 = max(0.0, (-b - sq) / (2.0 * a))
        t1 = min(1.0, (-b + sq) / (2.0 * a))
        if t0 > t1:
            return True
    z0, z1 = ez + t0 * dz, ez + t1 * dz
    lo, hi = min(z0, z1), max(z0, z1)
    bottom, top = participant.z, participant.z + participant.height
    return hi < bottom - eps or lo > top + eps


def fight_on_line_of_fire(shooter: Base, target: Base, participants: BaseArray | Sequence[Base],
                          *, eye: Sequence[float] | None = None, eps: float = EPS
                          ) -> tuple[str, ...]:
    """Ids of the fight participants whose bases lie on the line of fire (HD-RANGED-24).

    A participant is on the line of fire iff the 2-D segment ``c_S → c_T`` passes within ``r_U``
    of ``c_U`` (inclusive within ``eps``). The shooter and the target themselves are never
    returned. With ``eye`` given (normally ``shooter.eye``), participants the shot passes over
    (``shoots_over``, HD-RANGED-25) are left out too. Ids come in the order of ``participants``.
    """
    arr = _as_array(participants)
    if not len(arr):
        return ()
    d = _point_segment_distance(arr.xy[:, 0], arr.xy[:, 1], shooter.centre, target.centre)
    on = d <= arr.radius + eps
    out = []
    bases = _as_list(participants) if eye is not None else None
    for i in np.flatnonzero(on):
        uid = arr.ids[i]
        if uid in (shooter.id, target.id):
            continue
        if eye is not None and bases is not None and shoots_over(eye, target, bases[i], eps=eps):
            continue
        out.append(uid)
    return tuple(out)
