"""Push-backs (OFA-5D.1/5D.2), falls off a ledge (OFA-5D.1 ``push_edge``, OFA-7.1) and the
lying figure that becomes an obstacle (OFA-5.3).

Every outcome is decided by the exact sweep of :mod:`game.geometry.sweep` (no stepping, no
pymunk): the pushed base moves straight away from the source until it touches a blocker, the
board edge, or (standing on a raised surface) until its centre reaches the surface edge, where it
falls to the level below (``push_edge="fall"``) or stops (``"stop"``). A push whose first contact
lies closer than ``eps_block`` counts as Stunned instead, and the figure stays where it is
(OFA-5D.2). The animation (:mod:`game.physics.animate`) only plays the decided outcome.

No pygame, no dice: the rules turn a :class:`PushOutcome` into hits and states.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from shapely.geometry import Polygon

from game.geometry.bases import Base, BaseArray
from game.geometry.sweep import SURFACE_EDGE, Touch, sweep_disc, unit_direction
from game.geometry.terrain import Solid, TerrainIndex

#: push_edge readings of OFA-5D.1: drop to the level below, or halt at the edge
PUSH_EDGES = ("fall", "stop")
#: centres closer than this (mm) coincide horizontally (OFA-5D.1, third bullet)
COINCIDENT = 1e-9
#: how far past the edge the level below is probed (mm): the crossing point itself lies on the
#: boundary of the surface walked off
PROBE = 1e-6


@dataclass(frozen=True)
class PushOutcome:
    """Where a pushed figure ends, what it touched, and whether it fell (OFA-5D.1/5D.2, 7.1)."""

    figure_id: str
    start: tuple[float, float]
    end: tuple[float, float]  #: equals ``start`` when ``blocked``
    z_start: float
    z_end: float  #: the level it ends on (lower than ``z_start`` after a fall)
    direction: tuple[float, float]  #: unit push direction
    distance: float  #: travelled (0 when blocked)
    blocked: bool  #: t* < eps_block: counts as Stunned, the figure does not move (OFA-5D.2)
    touched_kind: str | None  #: "terrain", "figure", "board_edge", "surface_edge" (None: never)
    touched_id: str | None
    fell: bool  #: went over a surface edge and dropped (push_edge="fall")
    drop: float  #: z_start − z_end, mm (0 without a fall)
    rule_ids: tuple[str, ...]
    contact_distance: float = 0.0  #: t*, the free distance the sweep found (even when blocked)
    touches: tuple[Touch, ...] = ()  #: everything touched at once at the end (first = touched_*)
    radius: float = 12.5
    height: float = 40.0  #: the figure's model height H (OFA-7.1 measures falls in H)

    @property
    def moved(self) -> bool:
        return self.distance > 0.0

    @property
    def fall_bonus(self) -> int:
        """Extra hits for the fall when ``cfg.object_damage_bonus`` is on (OFA-7.1)."""
        return fall_bonus(self.drop, self.height) if self.fell else 0


def fall_bonus(drop: float, height: float = 40.0) -> int:
    """OFA-7.1: a fall of ``drop ≥ H`` adds 1 hit, ``drop ≥ 2H`` adds 2 (recommended reading).

    ``fall_bonus(85, 40)`` → 2 (the balcony example); ``fall_bonus(60, 40)`` → 1.
    """
    if drop >= 2.0 * height - 1e-9:
        return 2
    if drop >= height - 1e-9:
        return 1
    return 0


def push_direction(target: Base, source_xy: tuple[float, float],
                   travel_dir: tuple[float, float] | None = None) -> tuple[float, float]:
    """OFA-5D.1: ``normalize(c_target − c_source)``; coincident centres use ``travel_dir``.

    Raises ``ValueError`` when the centres coincide and no direction of travel is given (the
    rules then pass the direction away from the nearest enemy as ``travel_dir``).
    """
    dx, dy = target.x - float(source_xy[0]), target.y - float(source_xy[1])
    if math.hypot(dx, dy) > COINCIDENT:
        return unit_direction((dx, dy))
    if travel_dir is None:
        raise ValueError(
            f"push-back of {target.id!r}: the source stands on the same spot, so 'straight back' "
            "has no direction; pass travel_dir (the source's direction of travel, or away from "
            "the nearest enemy) (OFA-5D.1)")
    return unit_direction(travel_dir)


def push_back(
    target: Base,
    source_xy: tuple[float, float],
    index: TerrainIndex | None,
    others: Sequence[Base] | BaseArray = (),
    *,
    travel_dir: tuple[float, float] | None = None,
    push_edge: str = "fall",
    eps_block: float = 1.0,
    step: float = 3.0,
    direction: tuple[float, float] | None = None,
) -> PushOutcome:
    """Push ``target`` straight away from ``source_xy`` until its base touches something.

    OFA-5D.1: the direction is away from the source (``travel_dir`` when the centres coincide,
    e.g. the barrel's travel direction for a rolled barrel); the sweep has no length limit; the
    board edge counts as an object. ``direction`` overrides the direction outright: a rolled
    barrel pushes along its travel direction (``RollOutcome.push_dir``) whatever the offset of
    the centres. On a raised surface, when the centre reaches the surface
    edge first, ``push_edge="fall"`` drops the figure to the level below at the crossing point
    (the push ends there; the drop is returned for OFA-7.1), ``"stop"`` halts it on the edge.
    OFA-5D.2: when the first contact is closer than ``eps_block`` the result is ``blocked`` (the
    rules count it as Stunned) and the figure does not move. The source itself never blocks: the
    push moves away from it. ``others`` may contain ``target`` (matched by id, ignored).

    ``push_back(guard, (0, 0), index, figures).end`` → ``(70.5, 94.0)`` in the OFA-5D.1 example.
    """
    if push_edge not in PUSH_EDGES:
        raise ValueError(f"push_edge must be one of {PUSH_EDGES}, got {push_edge!r}")
    u = unit_direction(direction) if direction is not None else push_direction(
        target, source_xy, travel_dir)
    res = sweep_disc(
        (target.x, target.y), target.radius, u, math.inf, index, others,
        z=target.z, height=target.height, step=step, ignore_bases=(target.id,),
    )
    if not math.isfinite(res.distance):
        raise ValueError(
            f"push-back of {target.id!r} meets nothing: the table has no bounds (OFA-5D.1 "
            "needs the board edge or an object behind the figure)")
    start = (target.x, target.y)
    t_star = float(res.distance)
    rules: list[str] = ["OFA-5D.1"]
    falls = res.kind == SURFACE_EDGE and push_edge == "fall"
    if not falls and t_star < eps_block:
        # OFA-5D.2: already against something in the push direction → Stunned, no movement
        return PushOutcome(target.id, start, start, target.z, target.z, u, 0.0, True,
                           res.kind, res.id, False, 0.0, ("OFA-5D.1", "OFA-5D.2", "OFA-AMB-4"),
                           t_star, res.touches, target.radius, target.height)
    end = (float(res.x), float(res.y))
    z_end = target.z
    if falls:
        px, py = end[0] + u[0] * PROBE, end[1] + u[1] * PROBE
        if index is not None:
            z_end = index.standing_level(px, py, below=target.z - step - 1e-9)
        else:
            z_end = 0.0
        rules += ["OFA-AMB-4", "OFA-7.1"]
    elif res.kind == SURFACE_EDGE:
        rules.append("OFA-AMB-4")  # push_edge="stop": halted at the edge
    drop = target.z - z_end if falls else 0.0
    return PushOutcome(target.id, start, end, target.z, z_end, u, t_star, False, res.kind, res.id,
                       falls, drop, tuple(rules), t_star, res.touches, target.radius,
                       target.height)


def lying_obstacle(
    figure: Base,
    hitter_xy: tuple[float, float] | None = None,
    *,
    direction: tuple[float, float] | None = None,
    prone_height: float = 10.0,
    solid_id: str | None = None,
) -> Solid:
    """OFA-5.3: the rectangle a knocked-out figure becomes (``H × 2r``, ``prone_height`` tall).

    The long axis ``u`` is ``direction`` (the last push-back direction) when given, else away
    from ``hitter_xy`` (the figure that inflicted the final hit). The near end lies on the old
    base's edge facing the hitter (``c − r·u``) and the body extends ``H`` along ``u``: it falls
    backwards and never overlaps the hitter. The solid keeps the figure's id (or ``solid_id``),
    stands on the figure's level and is not ``flat`` (10 mm > step), so it blocks moves and can
    be leapt over (OFA-MG.1).

    Guard at (100, 100), Athos at (75, 100) → x∈[87.5, 127.5], y∈[87.5, 112.5].
    """
    if direction is not None:
        ux, uy = unit_direction(direction)
    elif hitter_xy is not None:
        dx, dy = figure.x - float(hitter_xy[0]), figure.y - float(hitter_xy[1])
        if math.hypot(dx, dy) <= COINCIDENT:
            raise ValueError(f"lying_obstacle of {figure.id!r}: the hitter stands on the same "
                             "spot; pass direction (OFA-5.3)")
        ux, uy = unit_direction((dx, dy))
    else:
        raise ValueError("lying_obstacle needs hitter_xy or direction (OFA-5.3)")
    r, h = figure.radius, figure.height
    px, py = -uy, ux  # across the body
    nx, ny = figure.x - r * ux, figure.y - r * uy  # the near end, on the old base's edge
    fx, fy = nx + h * ux, ny + h * uy
    corners = [(nx + r * px, ny + r * py), (fx + r * px, fy + r * py),
               (fx - r * px, fy - r * py), (nx - r * px, ny - r * py)]
    return Solid(solid_id or figure.id, Polygon(corners), figure.z, figure.z + prone_height,
                 kind="lying_figure")
