"""The sweep at the positions play makes (issue 14): in contact, along a face, in a corner.

Positions are made the way a game makes them: a base is moved until it touches something
(``move_until_contact``), and the next move starts from the rounded position the sweep returned.
From there it slides exactly along the touched face, moves away, moves into it at any angle, and
turns by tiny angles on both sides of "along". Each answer is checked against the tolerance policy
(``game.geometry.tolerance``: into when the cosine towards the touched thing is above ``ALONG``)
and against a brute-force reference written here, independently of the sweep's kernel: every
blocker is a union of convex pieces, the gap to a convex piece along a straight path is a convex
function of the distance travelled (``shapely.distance``), so its minimum and the first time it
drops below ``-DEPTH`` are found by sampling and golden-section and bisection, not by the sweep's
capsule algebra.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field

import numpy as np
import pytest
import shapely
from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st
from shapely.affinity import rotate
from shapely.geometry import Point, Polygon, box

from game.geometry.bases import Base, BaseArray
from game.geometry.sweep import (
    BOARD_EDGE,
    FIGURE,
    SURFACE_EDGE,
    TERRAIN,
    MoveResult,
    move_until_contact,
    unit_direction,
)
from game.geometry.terrain import Solid, TerrainIndex
from game.geometry.tolerance import ALONG, EPS, TOUCH, Heading, heading, moves_into
from tests.geometry.degenerate import examples

#: the reference's penetration threshold: deeper than this is an overlap, shallower a graze
DEPTH = 1e-6
#: obstacles that the path grazes more closely than this are left out (neither answer is wrong)
AMBIGUOUS = 1e-4
STEP = 3.0  # a figure steps over this (OFA-0.4)
HEIGHT = 40.0
BOARD = (0.0, 0.0, 600.0, 600.0)


# --------------------------------------------------------------------------------------------
# The tolerance policy itself


def test_heading_into_along_away() -> None:
    assert heading(1.0, 0.0, 1.0, 0.0) is Heading.INTO
    assert heading(1.0, 0.0, -1.0, 0.0) is Heading.AWAY
    assert heading(1.0, 0.0, 0.0, 1.0) is Heading.ALONG
    # rounding-size components are along; anything above ALONG is into or away
    assert heading(1e-14, 12.5, 1.0, 0.0) is Heading.ALONG
    assert heading(-1e-14, 12.5, 1.0, 0.0) is Heading.ALONG
    assert heading(12.5 * 2 * ALONG, 12.5, 1.0, 0.0) is Heading.INTO
    assert heading(-12.5 * 2 * ALONG, 12.5, 1.0, 0.0) is Heading.AWAY
    assert heading(0.0, 0.0, 1.0, 0.0) is Heading.ALONG  # the centre on it: nothing to go into
    assert moves_into(3.0, 4.0, 0.6, 0.8) and not moves_into(3.0, 4.0, -0.8, 0.6)
    assert EPS < TOUCH and ALONG * 900.0 < TOUCH  # along drift over a 900 mm table stays a touch


# --------------------------------------------------------------------------------------------
# A world of convex pieces, and the brute-force reference


@dataclass
class Blocker:
    """One thing a move can run into: a solid (a union of convex pieces) or another base."""

    kind: str  # TERRAIN, FIGURE or BOARD_EDGE
    id: str
    pieces: list  # convex Shapely geometries (a base: its exact centre and radius instead)
    centre: tuple[float, float] | None = None
    radius: float = 0.0
    edge: int = -1  # board side: 0 x_min, 1 y_min, 2 x_max, 3 y_max


@dataclass
class World:
    solids: list[Solid]
    others: list[Base]
    bounds: tuple[float, float, float, float] | None
    pieces: dict[str, list] = field(default_factory=dict)  # solid id → its convex pieces

    def __post_init__(self) -> None:
        self.index = TerrainIndex(self.solids, self.bounds)
        self.array = BaseArray.of(self.others)

    def blockers(self, mover: Base) -> list[Blocker]:
        lo, hi = mover.z + STEP, mover.z + mover.height
        out = [Blocker(TERRAIN, s.id, self.pieces[s.id]) for s in self.solids
               if not s.flat and s.top > lo and s.bottom < hi]
        out += [Blocker(FIGURE, o.id, [], (o.x, o.y), o.radius) for o in self.others
                if o.id != mover.id and o.z < hi and o.z + o.height > lo]
        if self.bounds is not None:
            out += [Blocker(BOARD_EDGE, name, [], edge=i)
                    for i, name in enumerate(("x_min", "y_min", "x_max", "y_max"))]
        return out

    def move(self, mover: Base, direction: tuple[float, float], length: float) -> MoveResult:
        return move_until_contact(mover, direction, length, self.index, self.array, step=STEP)


def gaps(b: Blocker, xs: np.ndarray, ys: np.ndarray, r: float) -> np.ndarray:
    """Edge-to-edge gap from a disc of radius r at each (x, y) to the blocker (negative: overlap)."""
    if b.kind == FIGURE:
        return np.hypot(xs - b.centre[0], ys - b.centre[1]) - b.radius - r
    if b.kind == BOARD_EDGE:
        x0, y0, x1, y1 = BOARD
        return (xs - x0, ys - y0, x1 - xs, y1 - ys)[b.edge] - r
    pts = shapely.points(xs, ys)
    return np.min([shapely.distance(pts, p) for p in b.pieces], axis=0) - r


@dataclass(frozen=True)
class Reference:
    """The brute force's answer for one blocker along one path."""

    first: float  # first distance at which the disc overlaps it by more than DEPTH (inf: never)
    least: float  # the least gap along the whole path
    where: float  # where along the path the gap is least
    start_gap: float


def _first_below(g, a: float, b: float, level: float) -> float:
    """Bisection: the first s in [a, b] with g(s) < level, for g non-increasing there."""
    for _ in range(200):
        m = 0.5 * (a + b)
        if m in (a, b):
            break
        if g(m) < level:
            b = m
        else:
            a = m
    return b


def reference(b: Blocker, start: tuple[float, float], u: tuple[float, float], r: float,
              span: float) -> Reference:
    """First overlap deeper than DEPTH with a blocker along ``start + s u``, s in [0, span].

    Each convex piece's gap is convex in s: sample it, refine its minimum by golden section,
    then bisect the first crossing of ``-DEPTH`` before the minimum. The blocker's answer is the
    earliest piece's."""
    sx, sy = start
    ux, uy = u
    parts = b.pieces if b.kind == TERRAIN else [None]
    first, least, where, start_gap = math.inf, math.inf, math.inf, math.inf
    for piece in parts:
        one = Blocker(b.kind, b.id, [piece] if piece is not None else [], b.centre, b.radius, b.edge)

        def g(s: float, one: Blocker = one) -> float:
            return float(gaps(one, np.array([sx + ux * s]), np.array([sy + uy * s]), r)[0])

        s = np.linspace(0.0, span, 257)
        vals = gaps(one, sx + ux * s, sy + uy * s, r)
        start_gap = min(start_gap, float(vals[0]))
        # the gap is 1-Lipschitz in s: between two samples it is at least this
        floor = float(np.min(vals[:-1] + vals[1:] - (s[1] - s[0]))) / 2.0
        if floor > AMBIGUOUS or b.kind == BOARD_EDGE:  # never near, or linear: the samples tell
            k = int(np.argmin(vals))
            if vals[k] < least:
                least, where = float(vals[k]), float(s[k])
            below = np.flatnonzero(vals < -DEPTH)
            if len(below):
                t = 0.0 if below[0] == 0 else _first_below(g, float(s[below[0] - 1]),
                                                           float(s[below[0]]), -DEPTH)
                first = min(first, t)
            continue
        k = int(np.argmin(vals))
        lo, hi = float(s[max(k - 1, 0)]), float(s[min(k + 1, len(s) - 1)])
        phi = (math.sqrt(5.0) - 1.0) / 2.0
        m1, m2 = hi - phi * (hi - lo), lo + phi * (hi - lo)
        g1, g2 = g(m1), g(m2)
        for _ in range(64):  # golden section on the bracket of the least sample
            if g1 <= g2:
                hi, m2, g2 = m2, m1, g1
                m1 = hi - phi * (hi - lo)
                g1 = g(m1)
            else:
                lo, m1, g1 = m1, m2, g2
                m2 = lo + phi * (hi - lo)
                g2 = g(m2)
        s_min, g_min = (m1, g1) if g1 <= g2 else (m2, g2)
        if vals[k] < g_min:
            s_min, g_min = float(s[k]), float(vals[k])
        if g_min < least:
            least, where = g_min, s_min
        if g_min < -DEPTH:
            # the first crossing lies before the minimum, where the gap only falls
            below = np.flatnonzero(vals < -DEPTH)
            end = float(s[below[0]]) if len(below) and s[below[0]] <= s_min else s_min
            t = 0.0 if vals[0] < -DEPTH else _first_below(g, 0.0, end, -DEPTH)
            first = min(first, t)
    return Reference(first, least, where, start_gap)


def nearest_vector(b: Blocker, x: float, y: float) -> tuple[float, float]:
    """From (x, y) to the nearest point of the blocker (Shapely's, not the sweep's)."""
    if b.kind == FIGURE:
        dx, dy = b.centre[0] - x, b.centre[1] - y
        d = math.hypot(dx, dy)
        return (dx * (d - b.radius) / d, dy * (d - b.radius) / d) if d > 0 else (0.0, 0.0)
    if b.kind == BOARD_EDGE:
        x0, y0, x1, y1 = BOARD
        return ((x0 - x, 0.0), (0.0, y0 - y), (x1 - x, 0.0), (0.0, y1 - y))[b.edge]
    here = Point(x, y)
    best = min(b.pieces, key=lambda p: shapely.distance(here, p))
    q = shapely.get_coordinates(shapely.shortest_line(here, best))[-1]
    return (float(q[0]) - x, float(q[1]) - y)


#: sweeps checked in this process (``tools/fuzz.py --geometry`` reports the total)
CHECKED = [0]


@pytest.fixture(scope="module", autouse=True)
def _count_checked():
    yield
    out = os.environ.get("TABLETOP_GEOMETRY_COUNT_FILE")
    if out:
        with open(out, "a", encoding="utf-8") as f:
            f.write(f"{CHECKED[0]}\n")


def check_move(world: World, mover: Base, direction: tuple[float, float], length: float
               ) -> MoveResult:
    """Move, then check the answer against the policy and the brute force; return the result."""
    CHECKED[0] += 1
    u = unit_direction(direction)
    res = world.move(mover, u, length)
    blockers = world.blockers(mover)
    r = mover.radius
    note(f"move {mover} u={u!r} length={length!r} -> {res.distance!r} {res.kind} {res.id}")

    # what is touched at the start, and whether the move goes into any of it (the policy)
    touched = [b for b in blockers if gaps(b, np.array([mover.x]), np.array([mover.y]), r)[0] <= TOUCH]
    into = [b for b in touched if moves_into(*nearest_vector(b, mover.x, mover.y), *u)]
    if into:
        assert res.distance <= 1e-6, "moving into a touched thing must not move"
        assert (res.kind, res.id) in {(b.kind, b.id) for b in into} | {(t.kind, t.id) for t in res.touches}
        assert res.kind in {b.kind for b in into}
        return res

    span = length if math.isfinite(length) else 1500.0
    refs = {(b.kind, b.id): reference(b, (mover.x, mover.y), u, r, span) for b in blockers}
    # a path that comes within AMBIGUOUS of a blocker it does not start touching, without
    # clearly entering it, could be read either way: those cases prove nothing
    first = min((ref.first for ref in refs.values()), default=math.inf)
    for ref in refs.values():
        assume(not (ref.start_gap > TOUCH and -AMBIGUOUS < ref.least < AMBIGUOUS
                    and ref.where <= first + 1e-3))
    # never overlapping: the sweep stops no later than the first overlap deeper than DEPTH
    assert res.distance <= first + 1e-9, (res.distance, first)
    if not math.isfinite(first) or first > span:
        assert res.distance == pytest.approx(span, abs=1e-9) or not math.isfinite(length)
        if math.isfinite(length):
            assert res.kind is None
        return res
    # stopped: by the blocker the brute force meets first (or one reached at the same point)
    assert res.stopped and math.isfinite(res.distance)
    ref = refs.get((res.kind, res.id))
    assert ref is not None, (res.kind, res.id)
    assert ref.first <= first + 1e-3, ("stopped by", res.kind, res.id, ref.first, "first is", first)
    stopper = next(b for b in blockers if (b.kind, b.id) == (res.kind, res.id))
    at_stop = gaps(stopper, np.array([res.x]), np.array([res.y]), r)[0]
    assert abs(at_stop) <= 1e-6, at_stop
    # and no sooner than where the stopper is first touched on the way to that overlap
    assert res.distance >= first - 1e-3 - DEPTH / max(1e-9, _approach(stopper, res, u, r))
    return res


def _approach(b: Blocker, res: MoveResult, u: tuple[float, float], r: float) -> float:
    """How fast the gap to the stopper closes per unit travelled, at the stop."""
    qx, qy = nearest_vector(b, res.x, res.y)
    n = math.hypot(qx, qy)
    return (qx * u[0] + qy * u[1]) / n if n > 0 else 1.0


# --------------------------------------------------------------------------------------------
# Scenes: one obstacle that the mover runs into, and a few others


def _rotated(g, angle: float, origin: tuple[float, float]):
    return rotate(g, angle, origin=origin, use_radians=True)


@st.composite
def obstacle(draw: st.DrawFn, ident: str, cx: float, cy: float) -> tuple[list, float]:
    """Convex pieces of one solid near (cx, cy) and its top height."""
    shape = draw(st.sampled_from(["wall", "rotated wall", "thin wall", "triangle", "polygon",
                                  "L", "table"]))
    angle = 0.0 if shape in ("wall",) else draw(st.floats(0.0, math.pi))
    w = draw(st.floats(20.0, 200.0))
    t = 0.1 if shape == "thin wall" else draw(st.floats(2.0, 40.0))
    if shape in ("wall", "rotated wall", "thin wall", "table"):
        pieces = [box(cx - w / 2, cy - t / 2, cx + w / 2, cy + t / 2)]
    elif shape == "triangle":
        h = draw(st.floats(5.0, 80.0))
        skew = draw(st.floats(-40.0, 40.0))
        pieces = [Polygon([(cx - w / 2, cy), (cx + w / 2, cy), (cx + skew, cy + h)])]
    elif shape == "polygon":
        n = draw(st.integers(5, 9))
        rr = w / 2
        pieces = [Polygon([(cx + rr * math.cos(2 * math.pi * k / n), cy + rr * math.sin(2 * math.pi * k / n))
                           for k in range(n)])]
    else:  # a concave L made of two boxes that share a face
        arm = draw(st.floats(20.0, 120.0))
        pieces = [box(cx, cy, cx + w, cy + t), box(cx, cy, cx + t, cy + arm)]
    pieces = [_rotated(p, angle, (cx, cy)) for p in pieces]
    top = 18.0 if shape == "table" else draw(st.sampled_from([30.0, 80.0]))
    return pieces, top


@st.composite
def worlds(draw: st.DrawFn) -> tuple[World, Base, tuple[float, float]]:
    """A world, a mover clear of everything, and a point of the first obstacle to aim at."""
    solids, pieces = [], {}
    n = draw(st.integers(1, 4))
    for i in range(n):
        cx, cy = draw(st.floats(120.0, 480.0)), draw(st.floats(120.0, 480.0))
        parts, top = draw(obstacle(f"s{i}", cx, cy))
        fp = shapely.union_all(parts)
        solids.append(Solid(f"s{i}", fp, 0.0, top, kind="table" if top == 18.0 else "wall"))
        pieces[f"s{i}"] = parts
    others = [Base(f"f{i}", draw(st.floats(50.0, 550.0)), draw(st.floats(50.0, 550.0)),
                   draw(st.floats(5.0, 25.0))) for i in range(draw(st.integers(0, 3)))]
    bounded = draw(st.booleans())
    world = World(solids, others, BOARD if bounded else None, pieces)
    r = draw(st.floats(5.0, 25.0))
    mover = Base("m", draw(st.floats(30.0, 570.0)), draw(st.floats(30.0, 570.0)), r)
    here = Point(mover.x, mover.y)
    assume(all(shapely.distance(here, s.footprint) > r + 1e-3 for s in solids))
    assume(all(math.hypot(o.x - mover.x, o.y - mover.y) > o.radius + r + 1e-3 for o in others))
    # aim at a point on the first obstacle's boundary
    ring = solids[0].footprint.exterior
    p = ring.interpolate(draw(st.floats(0.0, 1.0)), normalized=True)
    return world, mover, (p.x, p.y)


def face_directions(world: World, mover: Base, res: MoveResult) -> list[tuple[float, float]]:
    """Directions exactly along what the move touched: a touched polygon edge's own direction
    when the contact lies inside an edge (as a player drags along a wall), else the tangent."""
    out = []
    for touch in res.touches:
        px, py = touch.point
        nx, ny = px - res.x, py - res.y
        d = math.hypot(nx, ny)
        if touch.kind == TERRAIN:
            fp = world.index.solids[world.index.index_of(touch.id)].footprint
            coords = np.vstack([shapely.get_coordinates(ring) for ring in
                                shapely.get_rings(shapely.get_parts(fp))])
            best = None
            for a, b in zip(coords[:-1], coords[1:], strict=True):
                seg = shapely.linestrings([a, b])
                if shapely.distance(shapely.points(px, py), seg) < 1e-9:
                    ex, ey = b - a
                    length = math.hypot(ex, ey)
                    # inside the edge, not at a corner
                    if length > 0 and min(math.hypot(px - a[0], py - a[1]),
                                          math.hypot(px - b[0], py - b[1])) > 1e-6:
                        best = (ex / length, ey / length)
            if best is not None:
                out += [best, (-best[0], -best[1])]
                continue
        if d > 0:
            out += [(-ny / d, nx / d), (ny / d, -nx / d)]
    return out


def turned(u: tuple[float, float], angle: float) -> tuple[float, float]:
    c, s = math.cos(angle), math.sin(angle)
    return (u[0] * c - u[1] * s, u[0] * s + u[1] * c)


lengths = st.one_of(st.just(math.inf), st.floats(0.5, 400.0))


# --------------------------------------------------------------------------------------------
# Properties


def _contact(world: World, mover: Base, aim: tuple[float, float]) -> tuple[Base, MoveResult]:
    res = check_move(world, mover, (aim[0] - mover.x, aim[1] - mover.y), math.inf)
    assume(res.stopped and res.distance > 0 and math.isfinite(res.distance))
    return mover.moved(res.x, res.y), res


@settings(max_examples=examples(250), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(worlds(), st.integers(0, 1), lengths)
def test_OFA_0_4_slide_exactly_along_the_touched_face_is_free_until_the_next_obstacle(
        scene, sense, length) -> None:
    world, mover, aim = scene
    mover, res = _contact(world, mover, aim)
    faces = face_directions(world, mover, res)
    assume(faces)
    slide = check_move(world, mover, faces[sense % len(faces)], length)
    if res.kind != BOARD_EDGE and len(res.touches) == 1:
        # exactly along one touched face: never stopped at once by that face
        assert not (slide.distance == 0.0 and slide.id == res.id and slide.kind == res.kind)


@settings(max_examples=examples(200), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(worlds(), st.floats(-math.pi / 2 + 1e-6, math.pi / 2 - 1e-6), lengths)
def test_OFA_0_4_from_contact_moving_into_at_any_angle_does_not_move(scene, off, length) -> None:
    world, mover, aim = scene
    mover, res = _contact(world, mover, aim)
    t = res.touches[0]
    n = (t.point[0] - res.x, t.point[1] - res.y)
    res2 = check_move(world, mover, turned(unit_direction(n), off), length)
    assert res2.distance == 0.0 and res2.blocked


@settings(max_examples=examples(200), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(worlds(), st.floats(-math.pi / 2 + 1e-3, math.pi / 2 - 1e-3), lengths)
def test_OFA_0_4_from_contact_moving_away_is_free(scene, off, length) -> None:
    world, mover, aim = scene
    mover, res = _contact(world, mover, aim)
    t = res.touches[0]
    n = (res.x - t.point[0], res.y - t.point[1])
    check_move(world, mover, turned(unit_direction(n), off), length)


@settings(max_examples=examples(250), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(worlds(), st.integers(0, 1), st.sampled_from([1e-15, 1e-12, 5e-11, 2e-10, 1e-9, 1e-6, 1e-3]),
       st.sampled_from([1, -1]), lengths)
def test_OFA_0_4_tiny_turns_either_side_of_along(scene, sense, angle, side, length) -> None:
    """A turn of at most ALONG (as a cosine) is along: free; beyond it, into (0) or away (free)."""
    world, mover, aim = scene
    mover, res = _contact(world, mover, aim)
    faces = face_directions(world, mover, res)
    assume(faces)
    u = turned(faces[sense % len(faces)], side * angle)
    slide = check_move(world, mover, u, length)
    t = res.touches[0]
    q = (t.point[0] - mover.x, t.point[1] - mover.y)
    if len(res.touches) == 1 and res.kind != BOARD_EDGE:
        if heading(*q, *u) is Heading.INTO:
            assert slide.blocked
        else:
            assert not (slide.distance == 0.0 and slide.id == res.id)


@settings(max_examples=examples(150), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(worlds(), st.lists(st.tuples(st.sampled_from(["along", "away", "into", "tiny"]),
                                    st.integers(0, 3), st.floats(-1.5, 1.5), lengths),
                          min_size=2, max_size=6))
def test_OFA_0_4_chains_of_moves_from_contact(scene, legs) -> None:
    """Each leg starts where the last stopped: along, away from, into, or a hair off a touched
    face, the answer always agrees with the policy and the brute force."""
    world, mover, aim = scene
    mover, res = _contact(world, mover, aim)
    for how, pick, off, length in legs:
        if not res.touches:
            break
        t = res.touches[pick % len(res.touches)]
        n = unit_direction((t.point[0] - mover.x, t.point[1] - mover.y)) \
            if (t.point[0], t.point[1]) != (mover.x, mover.y) else (1.0, 0.0)
        faces = face_directions(world, mover, res) or [(-n[1], n[0])]
        if how == "along":
            u = faces[pick % len(faces)]
        elif how == "away":
            u = turned((-n[0], -n[1]), off)
        elif how == "into":
            u = turned(n, off)
        else:
            u = turned(faces[pick % len(faces)], math.copysign(1e-12, off))
        res = check_move(world, mover, u, length)
        if not math.isfinite(res.distance):
            break
        mover = mover.moved(res.x, res.y)


# --------------------------------------------------------------------------------------------
# Two walls in a corner: in, then out along either


@settings(max_examples=examples(200), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(st.floats(0.0, 2 * math.pi), st.floats(math.radians(40), math.radians(170)),
       st.floats(5.0, 25.0), st.floats(0.1, 20.0), st.booleans(), st.floats(0.05, 0.95))
def test_OFA_0_4_into_a_corner_then_out_along_either_wall(turn, opening, r, thick, one_solid,
                                                           where) -> None:
    """Wall A along +x from the corner, wall B at ``opening`` to it; both rotated by ``turn``.
    Run into A, slide along A into B (stops on B, touching both), then slide out along A and
    along B (free), and into either (does not move)."""
    cx, cy = 300.0, 300.0
    a = box(cx, cy - thick, cx + 200.0, cy)  # A's face is y = cy, A lies below it
    # B's face is the ray at ``opening`` from A's; B lies on its far side, outside the opening
    b = rotate(box(cx, cy, cx + 200.0, cy + thick), opening, origin=(cx, cy), use_radians=True)
    pa, pb = _rotated(a, turn, (cx, cy)), _rotated(b, turn, (cx, cy))
    if one_solid:
        solids = [Solid("corner", shapely.union_all([pa, pb]), 0.0, 80.0)]
        pieces = {"corner": [pa, pb]}
        ida = idb = "corner"
    else:
        solids = [Solid("A", pa, 0.0, 80.0), Solid("B", pb, 0.0, 80.0)]
        pieces = {"A": [pa], "B": [pb]}
        ida, idb = "A", "B"
    world = World(solids, [], BOARD, pieces)
    # start above A's face (inside the corner's opening), away from both walls
    bis = turn + opening / 2
    dist = (r + 5.0) / math.sin(opening / 2) + 40.0
    start = Base("m", cx + dist * math.cos(bis), cy + dist * math.sin(bis), r)
    here = Point(start.x, start.y)
    assume(all(shapely.distance(here, s.footprint) > r + 1e-3 for s in solids))
    # down onto A (perpendicular to its face, at a point `where` along it)
    fa = (math.cos(turn), math.sin(turn))  # A's face direction, away from the corner
    na = (math.sin(turn), -math.cos(turn))  # into A
    target_x = cx + fa[0] * 200.0 * where
    target_y = cy + fa[1] * 200.0 * where
    # shift the start along A so the perpendicular drop lands at `where` (stay in the opening)
    along = (target_x - start.x) * fa[0] + (target_y - start.y) * fa[1]
    start = start.moved(start.x + fa[0] * along, start.y + fa[1] * along)
    here = Point(start.x, start.y)
    assume(all(shapely.distance(here, s.footprint) > r + 1e-3 for s in solids))
    res = check_move(world, start, na, math.inf)
    assume(res.kind == TERRAIN and res.id == ida and len(res.touches) == 1)
    m = start.moved(res.x, res.y)
    # slide along A towards the corner: stops on B (or at once, if it already touches B)
    res2 = check_move(world, m, (-fa[0], -fa[1]), math.inf)
    assume(res2.kind == TERRAIN and res2.id == idb)
    m2 = m.moved(res2.x, res2.y)
    # now touching both: out along A (away from B) is free; out along B's face (away from A) too
    fb = (math.cos(turn + opening), math.sin(turn + opening))
    out_a = check_move(world, m2, fa, 50.0)
    out_b = check_move(world, m2, fb, 50.0)
    assert out_a.distance > 0 and out_b.distance > 0
    assert out_a.distance == pytest.approx(50.0, abs=1e-9) or out_a.kind == BOARD_EDGE
    assert out_b.distance == pytest.approx(50.0, abs=1e-9) or out_b.kind == BOARD_EDGE
    # into A or into B does not move
    nb = (-math.sin(turn + opening), math.cos(turn + opening))  # into B
    assert check_move(world, m2, na, 50.0).blocked
    assert check_move(world, m2, nb, 50.0).blocked


# --------------------------------------------------------------------------------------------
# Raised surfaces: a figure on a table walks to its edge, then along it


@settings(max_examples=examples(200), deadline=None)
@given(st.floats(0.0, math.pi), st.floats(0.05, 0.95), st.integers(0, 1), st.floats(5.0, 100.0),
       st.floats(-1.0, 1.0))
def test_OFA_2B_1_along_the_edge_of_the_raised_surface_it_stands_on(angle, where, sense, length,
                                                                   aim) -> None:
    """The centre stops on the edge of the surface it stands on (OFA-2B.1); from there a move
    exactly along that edge stays on the surface and is free, one outward does not move."""
    cx, cy = 300.0, 300.0
    table = _rotated(box(cx - 120, cy - 60, cx + 120, cy + 60), angle, (cx, cy))
    world = World([Solid("table", table, 0.0, 18.0, surface=True)], [], BOARD,
                  {"table": [table]})
    athos = Base("athos", cx, cy, 12.5, z=18.0)
    coords = shapely.get_coordinates(table.exterior)
    a, b = coords[0], coords[1]
    target = a + (b - a) * where
    res = world.move(athos, (target[0] - cx + aim, target[1] - cy + aim), math.inf)
    CHECKED[0] += 3  # this move, the slide and the step off, each checked below
    assume(res.kind == SURFACE_EDGE)
    m = athos.moved(res.x, res.y)
    assert shapely.distance(Point(m.x, m.y), table.exterior) <= 1e-9
    ex, ey = b - a
    el = math.hypot(ex, ey)
    on_edge = abs((m.x - a[0]) * ey - (m.y - a[1]) * ex) / el <= 1e-9
    assume(on_edge)
    face = (ex / el, ey / el) if sense else (-ex / el, -ey / el)
    slide = world.move(m, face, length)
    # along the edge: the centre stays on the surface until the corner
    to_corner = ((b - np.array([m.x, m.y])) @ np.array(face) if sense
                 else (a - np.array([m.x, m.y])) @ np.array(face))
    expected = min(length, float(to_corner))
    assert slide.distance == pytest.approx(expected, abs=1e-6), (slide, expected)
    # outward (the edge's outer normal, any angle into the open): does not move
    outward = (ey / el, -ex / el)
    centre_side = (cx - a[0]) * outward[0] + (cy - a[1]) * outward[1]
    if centre_side > 0:
        outward = (-outward[0], -outward[1])
    off = world.move(m, turned(outward, aim), 50.0)
    assert off.distance <= 1e-6 and off.kind == SURFACE_EDGE
    # a hair off along: within ALONG it is along (free to the corner); beyond it, out across
    # the edge does not move at all, in over the table is free
    for tilt in (1e-12, 1e-9, 1e-6):
        for side in (1.0, -1.0):
            u = (face[0] + side * tilt * outward[0], face[1] + side * tilt * outward[1])
            hair = world.move(m, u, length)
            if tilt <= ALONG or side < 0:
                assert hair.distance >= min(expected, length) - 1e-6, (tilt, side, hair)
            else:
                assert hair.distance == 0.0 and hair.kind == SURFACE_EDGE, (tilt, side, hair)


def test_OFA_2B_1_into_a_board_edge_left_a_rounding_gap_away_does_not_move() -> None:
    """Found by ``tools/fuzz.py --geometry``: a slide along the east edge at a cosine of 1e-12
    away from it leaves a gap of 1e-10 (within TOUCH); a move into the edge from there must not
    creep the 1e-5 mm that the gap takes to close at a shallow angle."""
    world = World([], [], BOARD, {})
    mover = Base("m", 594.999999999891, 5.0, 5.0)
    res = world.move(mover, (9.999999999833334e-06, 0.99999999995), math.inf)
    assert res.distance == 0.0 and res.kind == BOARD_EDGE and res.id == "x_max"
    along = world.move(mover, (0.0, 1.0), 50.0)
    assert along.distance == 50.0 and along.kind is None
