"""Decided outcomes played out as a :class:`Timeline` of frames at a fixed rate (60 FPS).

The outcome is already decided (by the exact queries of :mod:`game.physics.knockback`,
``throw``, ``roll`` and ``leaps``); the animation never changes it. Each moving body is a
kinematic pymunk body in the board's Space, driven every fixed step ``dt = 1/fps`` with the
velocity that carries it to the next point of an eased path towards the decided end. The last
frame is set to the decided end exactly, so a timeline always ends where the rules said. Heights
(a thrown object's arc, a fall off a ledge, a leap) are 2.5-D: pymunk moves the body over the
table and ``z`` follows the same easing; airborne bodies carry a shadow track (the level under
them), drawn by :mod:`game.ui.animation`.

The paths are straight lines between way-points that the exact sweeps already cleared, so a
pushed figure or a rolled barrel never crosses a wall in any frame. No pygame here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

import pymunk

from game.geometry.terrain import TerrainIndex
from game.physics.knockback import PushOutcome
from game.physics.leaps import LeapOutcome
from game.physics.roll import RollOutcome
from game.physics.space import MOVER_TYPE, index_of, space_for
from game.physics.throw import ThrowOutcome

FPS = 60
#: a visual gravity for falls (mm/s²): slower than real at table scale, so a fall can be seen
FALL_G = 1500.0
#: radius drawn for a thrown object when nothing better is known (mm)
OBJECT_RADIUS = 5.0

Outcome = PushOutcome | RollOutcome | ThrowOutcome | LeapOutcome


class Pose(NamedTuple):
    """Where a body is in one frame: centre on the table, height of its base, turn (radians)."""

    x: float
    y: float
    z: float
    angle: float


@dataclass(frozen=True)
class BodyInfo:
    """A moving body of a timeline: what to draw."""

    id: str
    kind: str  #: "figure", "object" (thrown) or "barrel"
    radius: float


@dataclass(frozen=True)
class Arrow:
    """The direction mark drawn with a push, roll or throw."""

    start: tuple[float, float]
    direction: tuple[float, float]
    length: float
    blocked: bool = False  #: a push that counted as Stunned (OFA-5D.2)


@dataclass(frozen=True)
class Timeline:
    """Frames at ``fps`` of every moving body; frame 0 is the start, the last the decided end."""

    fps: int
    bodies: Mapping[str, BodyInfo]
    frames: tuple[Mapping[str, Pose], ...]
    #: per frame: body id → (x, y, level under it), for bodies above that level (shadows)
    shadows: tuple[Mapping[str, tuple[float, float, float]], ...]
    #: (first frame, last frame, arrow): the direction marks and when they show
    arrows: tuple[tuple[int, int, Arrow], ...] = ()
    label: str = ""
    ends: Mapping[str, Pose] = field(default_factory=lambda: MappingProxyType({}))
    #: per frame: body id → how far (mm) to draw it raised above its path (a flight's hump);
    #: 0 at the first and last frame, so the drawing joins the still board on both ends
    lifts: tuple[Mapping[str, float], ...] = ()

    def lift(self, k: int, body_id: str) -> float:
        if not self.lifts:
            return 0.0
        if k < 0:
            k += len(self.lifts)
        return self.lifts[min(max(k, 0), len(self.lifts) - 1)].get(body_id, 0.0)

    @property
    def arrow(self) -> Arrow | None:
        """The first direction mark (a single outcome has at most one)."""
        return self.arrows[0][2] if self.arrows else None

    def arrow_at(self, k: int) -> Arrow | None:
        """The direction mark shown in frame ``k`` (clamped like ``frame``)."""
        n = len(self.frames)
        if k < 0:
            k += n
        k = min(max(k, 0), max(0, n - 1))
        for first, last, arrow in self.arrows:
            if first <= k <= last:
                return arrow
        return None

    def __len__(self) -> int:
        return len(self.frames)

    @property
    def duration(self) -> float:
        """Seconds from the first frame to the last."""
        return max(0, len(self.frames) - 1) / self.fps

    def frame(self, k: int) -> Mapping[str, Pose]:
        """Frame ``k``, clamped to the timeline (negative counts from the end like a list)."""
        if not self.frames:
            return MappingProxyType({})
        if k < 0:
            k += len(self.frames)
        return self.frames[min(max(k, 0), len(self.frames) - 1)]

    def shadow(self, k: int) -> Mapping[str, tuple[float, float, float]]:
        if not self.shadows:
            return MappingProxyType({})
        if k < 0:
            k += len(self.shadows)
        return self.shadows[min(max(k, 0), len(self.shadows) - 1)]

    @property
    def last(self) -> Mapping[str, Pose]:
        return self.frame(-1)

    def then(self, other: Timeline) -> Timeline:
        """This timeline followed by ``other``; each body holds its pose while the other plays."""
        if other.fps != self.fps:
            raise ValueError("timelines of different frame rates cannot be joined")
        first_other = other.frame(0)
        last_self = self.last
        frames = tuple(MappingProxyType({**f, **{k: v for k, v in first_other.items()
                                                  if k not in f}}) for f in self.frames)
        frames += tuple(MappingProxyType({**last_self, **f}) for f in other.frames[1:] or ())
        shadows = tuple(self.shadows) + tuple(other.shadows[1:])
        shift = max(0, len(self.frames) - 1)
        arrows = tuple(self.arrows) + tuple((a + shift, b + shift, arrow)
                                            for a, b, arrow in other.arrows)
        lifts = tuple(self.lifts) + tuple(other.lifts[1:])
        return Timeline(self.fps, MappingProxyType({**self.bodies, **other.bodies}), frames,
                        shadows, arrows, f"{self.label}+{other.label}",
                        MappingProxyType({**self.ends, **other.ends}), lifts)


# --------------------------------------------------------------------------------------------
# Profiles: where each body should be at each frame (the targets pymunk is driven through)


def _frames_for(seconds: float, fps: int) -> int:
    return max(2, round(seconds * fps) + 1)


def _ease_out(t: float) -> float:
    return 1.0 - (1.0 - t) * (1.0 - t)


def _smooth(t: float) -> float:
    return t * t * (3.0 - 2.0 * t)


def _clamp(v: float, lo: float, hi: float) -> float:
    return min(max(v, lo), hi)


def _lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def _along_polyline(points: Sequence[tuple[float, float, float]], s: float,
                    ) -> tuple[float, float, float]:
    """The point at fraction ``s`` of the polyline's horizontal length (z linear per leg)."""
    if len(points) == 1:
        return points[0]
    legs = [math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(points[:-1], points[1:],
                                                                    strict=True)]
    total = sum(legs)
    if total <= 0.0:
        i = min(len(points) - 2, int(s * (len(points) - 1)))
        t = s * (len(points) - 1) - i
        a, b = points[i], points[i + 1]
        return (a[0], a[1], _lerp(a[2], b[2], t))
    want = s * total
    for (a, b), leg in zip(zip(points[:-1], points[1:], strict=True), legs, strict=True):
        if want <= leg or b is points[-1]:
            t = 0.0 if leg <= 0.0 else min(1.0, want / leg)
            return (_lerp(a[0], b[0], t), _lerp(a[1], b[1], t), _lerp(a[2], b[2], t))
        want -= leg
    return points[-1]


@dataclass
class _Plan:
    """Targets per frame for each body, built by the profile functions."""

    bodies: dict[str, BodyInfo] = field(default_factory=dict)
    xy: dict[str, list[tuple[float, float, float]]] = field(default_factory=dict)  # x, y, angle
    z: dict[str, list[float]] = field(default_factory=dict)
    ground: dict[str, list[float | None]] = field(default_factory=dict)  # None: no shadow
    lift: dict[str, list[float]] = field(default_factory=dict)  # drawn raised (mm); default 0
    ends: dict[str, Pose] = field(default_factory=dict)


def _hump(zs: list[float]) -> list[float]:
    """How far each z lies above the straight line from the first z to the last."""
    n = len(zs)
    if n < 2:
        return [0.0] * n
    return [max(0.0, z - _lerp(zs[0], zs[-1], k / (n - 1))) for k, z in enumerate(zs)]


def _push_plan(o: PushOutcome, fps: int) -> tuple[_Plan, Arrow]:
    plan = _Plan()
    fid = o.figure_id
    plan.bodies[fid] = BodyInfo(fid, "figure", o.radius)
    sx, sy = o.start
    ux, uy = o.direction
    xy: list[tuple[float, float, float]] = []
    zs: list[float] = []
    ground: list[float | None] = []
    if o.blocked or o.distance <= 0.0:
        n = _frames_for(0.3, fps)
        xy = [(sx, sy, 0.0)] * n
        zs = [o.z_start] * n
        ground = [None] * n
    else:
        n = _frames_for(_clamp(0.12 + o.distance / 350.0, 0.2, 1.2), fps)
        for k in range(n):
            s = o.distance * _ease_out(k / (n - 1))
            xy.append((sx + ux * s, sy + uy * s, 0.0))
            zs.append(o.z_start)
            ground.append(None)
    if o.fell and o.drop > 0.0:
        nf = _frames_for(_clamp(math.sqrt(2.0 * o.drop / FALL_G), 0.1, 0.6), fps)
        ex, ey = o.end
        for k in range(1, nf):
            t = k / (nf - 1)
            xy.append((ex, ey, 0.0))
            zs.append(o.z_start - o.drop * t * t)
            ground.append(o.z_end)
    plan.xy[fid], plan.z[fid], plan.ground[fid] = xy, zs, ground
    plan.ends[fid] = Pose(o.end[0], o.end[1], o.z_end, 0.0)
    arrow = Arrow(o.start, o.direction, max(o.distance, 2.0 * o.radius), o.blocked)
    return plan, arrow


def _roll_plan(o: RollOutcome, fps: int) -> tuple[_Plan, Arrow]:
    plan = _Plan()
    bid = o.barrel_id
    plan.bodies[bid] = BodyInfo(bid, "barrel", o.radius)
    n = _frames_for(_clamp(0.15 + o.distance / 300.0, 0.25, 1.5), fps)
    sx, sy = o.start
    ux, uy = o.direction
    xy = []
    for k in range(n):
        s = o.distance * _ease_out(k / (n - 1))
        xy.append((sx + ux * s, sy + uy * s, s / o.radius if o.radius > 0 else 0.0))
    plan.xy[bid], plan.z[bid], plan.ground[bid] = xy, [o.z] * n, [None] * n
    plan.ends[bid] = Pose(o.end[0], o.end[1], o.z, o.angle)
    return plan, Arrow(o.start, o.direction, max(o.distance, 2.0 * o.radius))


def _throw_plan(o: ThrowOutcome, fps: int, index: TerrainIndex | None,
                radius: float) -> tuple[_Plan, Arrow]:
    plan = _Plan()
    sx, sy = o.start
    if o.impact is None or o.landing is None:  # an illegal throw: only the arrow, for a moment
        return plan, Arrow(o.start, (1.0, 0.0), 0.0, True)
    ix, iy = o.impact
    d = math.hypot(ix - sx, iy - sy)
    ux, uy = ((ix - sx) / d, (iy - sy) / d) if d > 0 else (1.0, 0.0)
    oid = o.object_id or f"{o.thrower_id}:thrown"
    plan.bodies[oid] = BodyInfo(oid, "object", radius)
    n = _frames_for(_clamp(0.2 + d / 500.0, 0.3, 1.2), fps)
    hump = 0.15 * d + 5.0
    xy: list[tuple[float, float, float]] = []
    zs: list[float] = []
    ground: list[float | None] = []
    for k in range(n):
        t = k / (n - 1)
        x, y = sx + (ix - sx) * t, sy + (iy - sy) * t
        z = _lerp(o.start_z, o.impact_z, t) + 4.0 * hump * t * (1.0 - t)
        xy.append((x, y, 4.0 * math.pi * t))
        zs.append(z)
        ground.append(index.standing_level(x, y, below=z) if index is not None else 0.0)
    lx, ly = o.landing
    nd = _frames_for(_clamp(math.sqrt(2.0 * max(0.0, o.impact_z - o.landing_z) / FALL_G),
                            0.08, 0.4), fps)
    for k in range(1, nd):
        t = k / (nd - 1)
        xy.append((lx, ly, 4.0 * math.pi))
        zs.append(o.impact_z - (o.impact_z - o.landing_z) * t * t)
        ground.append(o.landing_z)
    plan.xy[oid], plan.z[oid], plan.ground[oid] = xy, zs, ground
    plan.lift[oid] = _hump(zs)
    plan.ends[oid] = Pose(lx, ly, o.landing_z, 4.0 * math.pi)
    return plan, Arrow(o.start, (ux, uy), d)


def _leap_plan(o: LeapOutcome, fps: int) -> tuple[_Plan, Arrow | None]:
    plan = _Plan()
    fid = o.figure_id
    plan.bodies[fid] = BodyInfo(fid, "figure", o.radius)
    if not o.legal or o.end == o.start and o.z_end == o.z_start:
        n = _frames_for(0.2, fps)
        plan.xy[fid] = [(o.start[0], o.start[1], 0.0)] * n
        plan.z[fid] = [o.z_start] * n
        plan.ground[fid] = [None] * n
        plan.ends[fid] = Pose(o.start[0], o.start[1], o.z_start, 0.0)
        return plan, None
    pts = list(o.path)
    if o.action == "jump":
        pts = [pts[0], pts[-1]]  # the arc comes from the hump below
    horizontal = sum(math.hypot(b[0] - a[0], b[1] - a[1])
                     for a, b in zip(pts[:-1], pts[1:], strict=True))
    seconds = {"jump": 0.25 + horizontal / 250.0, "swing": 0.5 + horizontal / 250.0,
               "slide": 0.2 + horizontal / 300.0, "stairs": 0.2 + horizontal / 150.0}
    n = _frames_for(_clamp(seconds.get(o.action, 0.5), 0.25, 1.8), fps)
    apex = max((p[2] for p in o.path), default=o.z_start)
    hump = max(0.0, apex - max(o.z_start, o.z_end)) if o.action == "jump" else 0.0
    airborne = o.action in ("jump", "swing") or o.drop > 0.0
    xy, zs, ground = [], [], []
    for k in range(n):
        t = k / (n - 1)
        s = _smooth(t)
        x, y, z = _along_polyline(pts, s)
        z += 4.0 * hump * s * (1.0 - s)
        xy.append((x, y, 0.0))
        zs.append(z)
        ground.append(min(o.z_start, o.z_end) if airborne else None)
    plan.xy[fid], plan.z[fid], plan.ground[fid] = xy, zs, ground
    if o.action in ("jump", "swing"):
        plan.lift[fid] = _hump(zs)
    plan.ends[fid] = Pose(o.end[0], o.end[1], o.z_end, 0.0)
    return plan, None


# --------------------------------------------------------------------------------------------
# Driving pymunk


def _drive(space: pymunk.Space, plan: _Plan, fps: int) -> dict[str, list[tuple[float, float, float]]]:
    """Step kinematic bodies through the plan's targets with a fixed dt; positions per frame."""
    dt = 1.0 / fps
    bodies: dict[str, pymunk.Body] = {}
    shapes: list[pymunk.Shape] = []
    out: dict[str, list[tuple[float, float, float]]] = {}
    for bid, targets in plan.xy.items():
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        body.position = (targets[0][0], targets[0][1])
        body.angle = targets[0][2]
        shape = pymunk.Circle(body, max(plan.bodies[bid].radius, 1e-3))
        shape.sensor = True
        shape.collision_type = MOVER_TYPE
        space.add(body, shape)
        bodies[bid] = body
        shapes.append(shape)
        out[bid] = [tuple(targets[0])]  # type: ignore[list-item]
    try:
        n = max((len(t) for t in plan.xy.values()), default=0)
        for k in range(1, n):
            for bid, body in bodies.items():
                targets = plan.xy[bid]
                tx, ty, ta = targets[min(k, len(targets) - 1)]
                px, py = body.position
                body.velocity = ((tx - px) / dt, (ty - py) / dt)
                body.angular_velocity = (ta - body.angle) / dt
            space.step(dt)
            for bid, body in bodies.items():
                p = body.position
                out[bid].append((float(p.x), float(p.y), float(body.angle)))
    finally:
        for body in bodies.values():
            space.remove(body, *body.shapes)
    return out


def _timeline(plan: _Plan, space: pymunk.Space, fps: int, arrow: Arrow | None,
              label: str) -> Timeline:
    driven = _drive(space, plan, fps)
    n = max((len(v) for v in plan.xy.values()), default=_frames_for(0.3, fps))
    frames: list[Mapping[str, Pose]] = []
    shadows: list[Mapping[str, tuple[float, float, float]]] = []
    lifts: list[Mapping[str, float]] = []
    for k in range(n):
        f: dict[str, Pose] = {}
        sh: dict[str, tuple[float, float, float]] = {}
        up: dict[str, float] = {}
        for bid, seq in driven.items():
            kk = min(k, len(seq) - 1)
            x, y, a = seq[kk]
            z = plan.z[bid][kk]
            if kk == len(seq) - 1:  # the decided end, exactly
                end = plan.ends[bid]
                x, y, z, a = end.x, end.y, end.z, end.angle
            f[bid] = Pose(x, y, z, a)
            g = plan.ground[bid][kk]
            if g is not None and z > g + 1e-9:
                sh[bid] = (x, y, g)
            raised = plan.lift.get(bid)
            if raised is not None and kk < len(seq) - 1 and raised[kk] > 0.0:
                up[bid] = raised[kk]
        frames.append(MappingProxyType(f))
        shadows.append(MappingProxyType(sh))
        lifts.append(MappingProxyType(up))
    # base bodies of the space follow the decided ends
    bases: dict[str, pymunk.Body] = getattr(space, "tabletop_bases", {})
    for bid, end in plan.ends.items():
        body = bases.get(bid)
        if body is not None:
            body.position = (end.x, end.y)
            space.reindex_shapes_for_body(body)
    arrows = ((0, n - 1, arrow),) if arrow is not None else ()
    return Timeline(fps, MappingProxyType(dict(plan.bodies)), tuple(frames), tuple(shadows),
                    arrows, label, MappingProxyType(dict(plan.ends)), tuple(lifts))


def _space(space_or_index: pymunk.Space | TerrainIndex | None) -> tuple[pymunk.Space,
                                                                        TerrainIndex | None]:
    if isinstance(space_or_index, TerrainIndex):
        return space_for(space_or_index), space_or_index
    if isinstance(space_or_index, pymunk.Space):
        return space_or_index, index_of(space_or_index)
    if space_or_index is None:
        space = pymunk.Space()
        return space, None
    raise TypeError(f"animate needs a pymunk.Space or a TerrainIndex, not {type(space_or_index)}")


def animate(outcome: Outcome | Iterable[Outcome], space_or_index: pymunk.Space | TerrainIndex | None,
            fps: int = FPS, *, object_radius: float = OBJECT_RADIUS) -> Timeline:
    """The timeline of a decided outcome (or of several, one after the other).

    ``space_or_index`` is the board's Space (``build_space``/``space_for``) or its TerrainIndex
    (its cached Space is used); the index also gives the level under a thrown object's shadow.
    The last frame of each body is its decided end, exactly.
    """
    if fps <= 0:
        raise ValueError(f"fps must be positive, got {fps}")
    if not isinstance(outcome, PushOutcome | RollOutcome | ThrowOutcome | LeapOutcome):
        timelines = [animate(o, space_or_index, fps, object_radius=object_radius)
                     for o in outcome]
        if not timelines:
            raise ValueError("nothing to animate")
        out = timelines[0]
        for t in timelines[1:]:
            out = out.then(t)
        return out
    space, index = _space(space_or_index)
    if isinstance(outcome, PushOutcome):
        plan, arrow = _push_plan(outcome, fps)
        return _timeline(plan, space, fps, arrow, "push")
    if isinstance(outcome, RollOutcome):
        plan, arrow = _roll_plan(outcome, fps)
        return _timeline(plan, space, fps, arrow, "roll")
    if isinstance(outcome, ThrowOutcome):
        plan, arrow = _throw_plan(outcome, fps, index, object_radius)
        return _timeline(plan, space, fps, arrow, "throw")
    plan, leap_arrow = _leap_plan(outcome, fps)
    return _timeline(plan, space, fps, leap_arrow, outcome.action)
