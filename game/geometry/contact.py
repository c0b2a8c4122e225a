"""Contact between bases and with terrain, adjacency of targets, heights, the line of throw.

OFA-0.3 contact: ``gap`` is the 2-D distance between footprints (0 when touching or
overlapping); two figures are in contact when ``gap ≤ eps_contact`` and their levels differ by at
most the taller model height. Helldorado's HD-0-5 uses the same gap with the head-below-base rule
(HD-MELEE-19) instead: pass ``height_rule="head"``. A figure touches a solid when the gap is small
and the solid's vertical span meets the figure's ``[z, z + H]``, when it stands on it, or when the
solid is an overhead ``swingable`` within reach (``z_bot ≤ z + 1.5·H``).

Heights only, no dice: ``elevated`` (OFA-4A.1), ``attack_from_above`` (HD-MELEE-18) and
``head_below_base`` (HD-MELEE-19) answer the geometric half of those rules.

Geometry only: no rules, no pygame. Lengths are in any one unit (mm for OFA, fathoms for HD).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

import numpy as np
import shapely
from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry

from game.geometry.bases import Base, BaseArray
from game.geometry.terrain import Solid, TerrainIndex
from game.geometry.tolerance import EPS

HeightRule = Literal["ofa", "head"]
ChainRule = Literal["chain", "pairwise"]

#: tolerance for comparing heights and lengths that should be equal (the policy's EPS)
TOL = EPS

#: ids given to the four sides of the board in ``touching_solids``
EDGE_IDS = ("x_min", "y_min", "x_max", "y_max")


# --------------------------------------------------------------------------------------------
# Gap and figure–figure contact


def gap(a: Base | Solid | BaseGeometry, b: Base | Solid | BaseGeometry) -> float:
    """Horizontal distance between two footprints, 0 when they touch or overlap (OFA-0.3).

    Each side may be a ``Base`` (an exact disc), a ``Solid`` (its footprint) or a Shapely
    geometry. ``gap(Base("a", 0, 0, 12.5), Base("b", 30, 0, 12.5))`` → ``5.0``.
    """
    if isinstance(a, Base) and isinstance(b, Base):
        return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius)
    if isinstance(b, Base):
        a, b = b, a
    gb = _footprint(b)
    if isinstance(a, Base):
        return max(0.0, float(shapely.distance(shapely.points(a.x, a.y), gb)) - a.radius)
    return float(shapely.distance(_footprint(a), gb))


def _footprint(x: Solid | BaseGeometry) -> BaseGeometry:
    return x.footprint if isinstance(x, Solid) else x


def heights_allow_contact(a: Base, b: Base, rule: HeightRule = "ofa", *, eps: float = TOL) -> bool:
    """The vertical half of contact: OFA-0.3 ``|Δz| ≤ max(H)``, or HD's head not below the base."""
    if rule == "ofa":
        return abs(a.z - b.z) <= max(a.height, b.height) + eps
    if rule == "head":
        return not head_below_base(a, b, eps=eps)
    raise ValueError(f"unknown height rule {rule!r}")


def in_contact(a: Base, b: Base, *, eps_contact: float = 1.0, height_rule: HeightRule = "ofa",
               eps: float = TOL) -> bool:
    """Figure–figure contact: ``gap ≤ eps_contact`` and the height rule (OFA-0.3 / HD-0-5).

    ``in_contact(Base("athos", 0, 0, 12.5, z=18), Base("guard", 25, 0, 12.5))`` → ``True``.
    """
    return gap(a, b) <= eps_contact + eps and heights_allow_contact(a, b, height_rule, eps=eps)


def head_below_base(a: Base, b: Base, *, eps: float = TOL) -> bool:
    """HD-MELEE-19: one figure's head is below the other's base, so they are not in contact.

    Strict: a head exactly at the other's base level still counts as contact.
    """
    return b.z + b.height < a.z - eps or a.z + a.height < b.z - eps


def _arrays(bases: Sequence[Base] | BaseArray) -> BaseArray:
    return bases if isinstance(bases, BaseArray) else BaseArray.of(list(bases))


def gap_matrix(bases: Sequence[Base] | BaseArray) -> np.ndarray:
    """(n, n) gaps between every pair of bases (0 on the diagonal), vectorised."""
    arr = _arrays(bases)
    diff = arr.xy[:, None, :] - arr.xy[None, :, :]
    dist = np.hypot(diff[..., 0], diff[..., 1])
    return np.maximum(0.0, dist - arr.radius[:, None] - arr.radius[None, :])


def contact_pairs(bases: Sequence[Base] | BaseArray, *, eps: float = 1.0,
                  height_rule: HeightRule = "ofa") -> np.ndarray:
    """(n, n) boolean matrix of figure–figure contact (OFA-0.3), False on the diagonal.

    ``eps`` is ``eps_contact``. ``np.argwhere(np.triu(contact_pairs(bases)))`` lists the pairs.
    """
    arr = _arrays(bases)
    ok = gap_matrix(arr) <= eps + TOL
    z, h = arr.z, arr.height
    if height_rule == "ofa":
        ok &= np.abs(z[:, None] - z[None, :]) <= np.maximum(h[:, None], h[None, :]) + TOL
    elif height_rule == "head":
        head = z + h
        ok &= (head[None, :] >= z[:, None] - TOL) & (head[:, None] >= z[None, :] - TOL)
    else:
        raise ValueError(f"unknown height rule {height_rule!r}")
    np.fill_diagonal(ok, False)
    return ok


def in_contact_with(target: Base, bases: Sequence[Base] | BaseArray, *, eps_contact: float = 1.0,
                    height_rule: HeightRule = "ofa") -> list[str]:
    """Ids of the bases in contact with ``target`` (``target`` itself excluded), vectorised."""
    arr = _arrays(bases)
    if not len(arr):
        return []
    d = np.hypot(arr.xy[:, 0] - target.x, arr.xy[:, 1] - target.y) - arr.radius - target.radius
    ok = d <= eps_contact + TOL
    if height_rule == "ofa":
        ok &= np.abs(arr.z - target.z) <= np.maximum(arr.height, target.height) + TOL
    elif height_rule == "head":
        ok &= (arr.z + arr.height >= target.z - TOL) & (target.head >= arr.z - TOL)
    else:
        raise ValueError(f"unknown height rule {height_rule!r}")
    return [arr.ids[i] for i in np.flatnonzero(ok) if arr.ids[i] != target.id]


def friends_in_contact(target: Base, friends: Sequence[Base] | BaseArray, *,
                       eps_contact: float = 1.0, height_rule: HeightRule = "ofa") -> list[str]:
    """Ids of ``friends`` touching ``target`` (OFA-4A.2 support dice, HD-MELEE-23 support).

    The caller passes only the figures that may count (conscious friends, the figure itself
    left out); the count is ``len(...)``.
    """
    return in_contact_with(target, friends, eps_contact=eps_contact, height_rule=height_rule)


# --------------------------------------------------------------------------------------------
# Heights


def elevation(a: Base, b: Base) -> float:
    """How much higher ``a`` stands than ``b`` (difference of standing levels)."""
    return a.z - b.z


def elevated(a: Base, b: Base, *, elev_min: float = 10.0, eps: float = TOL) -> bool:
    """OFA-4A.1: ``a`` stands at least ``elev_min`` higher than ``b``, and the heights still
    allow contact (``|Δz| ≤ max(H)``; the horizontal gap is the caller's ``in_contact``)."""
    return a.z - b.z >= elev_min - eps and heights_allow_contact(a, b, "ofa", eps=eps)


def attack_from_above(attacker: Base, defender: Base, *, threshold: float = 0.5,
                      eps: float = TOL) -> bool:
    """HD-MELEE-18: the attacker stands ``threshold`` (half a fathom) or more higher, and the
    defender's head is not below the attacker's base (HD-MELEE-19)."""
    return (attacker.z - defender.z >= threshold - eps
            and not head_below_base(attacker, defender, eps=eps))


# --------------------------------------------------------------------------------------------
# Figure–terrain contact


@dataclass(frozen=True)
class SolidContact:
    """A solid (or a board side) a figure touches, and how."""

    id: str
    how: str  #: "beside", "standing_on", "overhead" or "board_edge"


def _spans_meet(bottom: float, top: float, z: float, head: float, eps: float) -> bool:
    return bottom <= head + eps and top >= z - eps


def solid_contact(base: Base, solid: Solid, *, eps_contact: float = 1.0, reach: float = 1.5,
                  level_tol: float = 1e-6) -> str | None:
    """How ``base`` touches ``solid`` (OFA-0.3), or None. See ``touching_solids``."""
    g = gap(base, solid)
    if g > eps_contact + TOL:
        return None
    if (solid.surface and abs(solid.top - base.z) <= level_tol
            and shapely.intersects_xy(solid.footprint, base.x, base.y)):
        return "standing_on"
    if _spans_meet(solid.bottom, solid.top, base.z, base.head, TOL):
        return "beside"
    if solid.swingable and base.head < solid.bottom <= base.z + reach * base.height + TOL:
        return "overhead"
    return None


def touching_solids(base: Base, index: TerrainIndex, *, eps_contact: float = 1.0,
                    reach: float = 1.5, level_tol: float = 1e-6,
                    board_edge: bool = True) -> tuple[SolidContact, ...]:
    """Every solid ``base`` is in contact with (OFA-0.3), in index order, then board sides.

    * ``"standing_on"``: a surface under the centre whose top is the figure's level;
    * ``"beside"``: ``gap ≤ eps_contact`` and the solid's span ``[bottom, top]`` meets
      ``[z, z + H]`` (a rug under the feet counts: OFA-2B.1 "may act with it");
    * ``"overhead"``: a ``swingable`` above the head with ``bottom ≤ z + reach·H`` (OFA-MG.2);
    * ``"board_edge"``: within ``eps_contact`` of a side of ``index.bounds`` (OFA-2B.1 counts
      the board edge as a wall); ids ``"x_min"``, ``"y_min"``, ``"x_max"``, ``"y_max"``.
    """
    out: list[SolidContact] = []
    if len(index):
        near = index.tree.query(shapely.points(base.x, base.y), predicate="dwithin",
                                distance=base.radius + eps_contact + TOL)
        for i in sorted(int(j) for j in near):
            how = solid_contact(base, index.solids[i], eps_contact=eps_contact, reach=reach,
                                level_tol=level_tol)
            if how is not None:
                out.append(SolidContact(index.solids[i].id, how))
    if board_edge and index.bounds is not None:
        x0, y0, x1, y1 = index.bounds
        for ident, dist in zip(EDGE_IDS, (base.x - x0, base.y - y0, x1 - base.x, y1 - base.y),
                               strict=True):
            if dist - base.radius <= eps_contact + TOL:
                out.append(SolidContact(ident, "board_edge"))
    return tuple(out)


# --------------------------------------------------------------------------------------------
# Several targets (OFA-MG.6)


def base_width(a: Base, b: Base) -> float:
    """OFA-MG.6: the larger base diameter of the pair."""
    return 2.0 * max(a.radius, b.radius)


def _links(targets: Sequence[Base]) -> np.ndarray:
    arr = BaseArray.of(list(targets))
    width = 2.0 * np.maximum(arr.radius[:, None], arr.radius[None, :])
    ok = gap_matrix(arr) <= width + TOL
    np.fill_diagonal(ok, True)
    return ok


def _component(links: np.ndarray, first: int) -> set[int]:
    seen, todo = {first}, [first]
    while todo:
        i = todo.pop()
        for j in np.flatnonzero(links[i]).tolist():
            if j not in seen:
                seen.add(j)
                todo.append(j)
    return seen


def chain_targets_ok(targets: Sequence[Base], rule: ChainRule = "chain") -> bool:
    """OFA-MG.6: may one action hit all of ``targets``?

    ``"chain"``: they form a connected group whose links have ``gap ≤ base width`` (the larger
    diameter of the pair); ``"pairwise"``: every pair qualifies. One or no target is always fine.
    """
    if len(targets) <= 1:
        return True
    links = _links(targets)
    if rule == "pairwise":
        return bool(links.all())
    if rule == "chain":
        return len(_component(links, 0)) == len(targets)
    raise ValueError(f"unknown rule {rule!r}")


def eligible_targets(first: Base, candidates: Sequence[Base], rule: ChainRule = "chain") -> list[str]:
    """OFA-MG.6: ids of ``candidates`` that may join ``first`` (the target the action reached).

    ``"chain"``: everything connected to ``first`` through links of ``gap ≤ base width``;
    ``"pairwise"``: those linked to ``first`` directly (check the final choice with
    ``chain_targets_ok(..., "pairwise")``).
    """
    group = [first] + [c for c in candidates if c.id != first.id]
    links = _links(group)
    if rule == "pairwise":
        chosen = set(np.flatnonzero(links[0]).tolist())
    elif rule == "chain":
        chosen = _component(links, 0)
    else:
        raise ValueError(f"unknown rule {rule!r}")
    return [group[i].id for i in range(1, len(group)) if i in chosen]


# --------------------------------------------------------------------------------------------
# Line of throw (OFA-MG.5)


class ThrowBlocker(NamedTuple):
    """Something on the line of throw: its id, ``"blocks"`` or ``"doubt"`` (roll off)."""

    id: str
    verdict: str  #: "blocks" or "doubt"
    kind: str = "figure"  #: "figure" or "terrain"
    clearance: float = math.nan  #: segment's distance from the base edge (negative: crosses it)
    along: float = 0.0  #: distance from the thrower's centre along the line


def line_of_throw_blockers(
    thrower: Base,
    target: Base,
    figures: Sequence[Base] | BaseArray,
    index: TerrainIndex | None = None,
    *,
    elev_min: float = 10.0,
    doubt_band: float = 2.0,
) -> list[ThrowBlocker]:
    """What stands on the line of throw from ``thrower`` to ``target`` (OFA-MG.5), nearest first.

    Figures (neither thrower nor target): the 2-D segment between the centres passes
    ``clearance`` = distance − r_F from F's base edge; ``clearance < −doubt_band`` → ``"blocks"``,
    ``|clearance| ≤ doubt_band`` → ``"doubt"`` (a roll-off), otherwise clear. A thrower standing
    ``elev_min`` or more above F sees over it. Terrain (when ``index`` is given): a solid that
    blocks sight, rises above the thrower's head (``top > z + H > bottom``), crosses the segment
    and is under neither end's centre → ``"blocks"``.
    """
    out: list[ThrowBlocker] = []
    ax, ay, bx, by = thrower.x, thrower.y, target.x, target.y
    dx, dy = bx - ax, by - ay
    l2 = dx * dx + dy * dy
    arr = _arrays(figures)
    if len(arr):
        px, py = arr.xy[:, 0] - ax, arr.xy[:, 1] - ay
        lam = np.clip((px * dx + py * dy) / l2, 0.0, 1.0) if l2 > 0 else np.zeros(len(arr))
        dist = np.hypot(px - lam * dx, py - lam * dy)
        clearance = dist - arr.radius
        low_enough = thrower.z - arr.z < elev_min - TOL
        for i in np.flatnonzero(low_enough & (clearance <= doubt_band + TOL)).tolist():
            ident = arr.ids[i]
            if ident in (thrower.id, target.id):
                continue
            c = float(clearance[i])
            verdict = "blocks" if c < -doubt_band - TOL else "doubt"
            out.append(ThrowBlocker(ident, verdict, "figure", c, float(lam[i]) * math.sqrt(l2)))
    if index is not None and len(index):
        head = thrower.head
        seg = LineString([(ax, ay), (bx, by)]) if l2 > 0 else shapely.points(ax, ay)
        for i in sorted(int(j) for j in index.query(seg, predicate="intersects")):
            s = index.solids[i]
            if s.flat or not s.blocks_sight or not (s.top > head + TOL and s.bottom < head - TOL):
                continue
            if (shapely.intersects_xy(s.footprint, ax, ay)
                    or shapely.intersects_xy(s.footprint, bx, by)):
                continue
            hit = shapely.intersection(seg, s.footprint)
            along = float(shapely.distance(shapely.points(ax, ay), hit)) if not hit.is_empty else 0.0
            out.append(ThrowBlocker(s.id, "blocks", "terrain", -math.inf, along))
    out.sort(key=lambda b: b.along)
    return out
