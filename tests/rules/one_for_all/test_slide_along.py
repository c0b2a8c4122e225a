"""Issue 14, item 4: on the shipped tavern, a figure that moved into a wall, a table or the bar
can then be moved exactly along what it touches (OFA-2B.1), and moving into it does not move
(OFA-0.4), through the rules (``OneForAll.apply``).

Each case takes a musketeer to a start point in the open, moves it with ``Move(fig, angle, None)``
into one face of one piece (the contact must be that piece), then moves it again from there:

- **along** the touched face, both senses, two ways of finding "along": perpendicular to the
  vector from the new centre to the nearest point of the piece (``shapely.nearest_points``), and
  the direction of the footprint's edge itself. The move must travel, and exactly as far as an
  independent brute force says (see :func:`brute_force`): the first moment the centre's path comes
  within the blocking distance of any blocking footprint, standing base or the board edge. It
  ends touching what the brute force finds first.
- along for a given length, short of anything: a Free Move that ends there touching nothing
  (OFA-2B.4).
- **into** the touched face at a small angle (normal component 1e-6, and 0.3 rad): blocked,
  distance 0, the figure stays where it was and the contact is the piece (OFA-0.4, "already
  touching: moving into it does not move").

The legal sequence (OFA-2B.2 forbids a second move straight after running into something:
the figure must stop, act with the object or duel): ``Activate``, ``Move`` (into the piece),
``Stop`` (OFA-2B.4: stopping on contact ends the activation, the player keeps the turn, OFA-6.2),
``Activate`` again (OFA-6.4: a figure may be activated again, its pool back at 0, OFA-6.5), then
the second ``Move``. No die is rolled anywhere (the dice script is the roll-off only, and the
second moves are applied with an empty script, which raises if a die is asked for).

The figure is put at its start point by editing the state (as ``test_game.py`` lays a figure
down): the rules under test are the moves, not how the figure got there.

Walls, the bar and two tables of the tavern are axis-aligned; the askew table (18, rotated 20
degrees) and the round table (20, a 64-gon) have faces at other angles. Before the tolerance
policy the sweep judged "into" by the sign of a rounded projection, and many of these exact
slides stopped at 0 (issue 14): most often on the askew and the round table, but on the
axis-aligned walls and the bar too (the projection onto the segment rounds there as well).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import pytest
import shapely
from shapely.geometry import LineString, Point
from shapely.ops import nearest_points

from game.core.dice import ScriptedDice
from game.geometry.tolerance import Heading, heading
from game.rules.engine import IllegalCommand, Match, Setup
from game.rules.one_for_all.commands import Activate, Move, Stop
from game.rules.one_for_all.game import OneForAll
from game.rules.one_for_all.state import OFAState

REPO = Path(__file__).resolve().parents[3]
TAVERN = REPO / "maps" / "tavern.tmx"
SYSTEM = OneForAll()  #: one instance: the tavern is read once for the module
FIG = "athos"  #: the musketeers win the scripted roll-off (6 against 1) and play first

#: brute-force tolerances (mm): no penetration beyond PEN_HI before the stop, and the stop no
#: more than STOP_TOL before the point where a penetration first exceeds PEN_LO
PEN_LO = 1e-9
PEN_HI = 1e-6
STOP_TOL = 1e-6
#: the dense sampling of the path (mm between samples) that cross-checks the bisection
SAMPLE_STEP = 0.25


# --------------------------------------------------------------------------- the cases

@dataclass(frozen=True)
class Face:
    """Edge ``edge`` (exterior coordinates ``edge`` to ``edge + 1``) of piece ``piece``, touched
    at the fractions ``ats`` of its length, run into at ``approaches`` degrees off its normal."""

    piece: str
    edge: int
    label: str
    ats: tuple[float, ...] = (0.3, 0.6)
    approaches: tuple[float, ...] = (0.0, 35.0, -35.0)


@dataclass(frozen=True)
class Case:
    face: Face
    at: float  #: where along the edge the figure comes to touch it (0..1 from its first vertex)
    approach: float  #: degrees between the run-in and the face's inward normal

    @property
    def id(self) -> str:
        return f"{self.face.label}-{self.at:g}-{self.approach:+g}"


#: the faces run into and slid along: every one clear of other things on the run-in (checked by
#: the brute force in ``touching_state``, and by the rules' contact)
FACES = (
    Face("1", 3, "wall1-room-south", (0.3, 0.6)),
    Face("1", 0, "wall1-room-west", (0.1, 0.2)),
    Face("1", 1, "wall1-room-north", (0.8, 0.9)),
    Face("1", 2, "wall1-room-east", (0.8, 0.9)),
    Face("1", 9, "wall1-yard-side", (0.6, 0.8)),
    Face("2", 3, "wall2-yard-west", (0.4, 0.6)),
    Face("2", 2, "wall2-yard-south", (0.2, 0.4)),
    Face("3", 2, "wall3-yard-east", (0.3, 0.5)),
    Face("3", 3, "wall3-yard-south", (0.3, 0.6)),
    Face("4", 4, "bar-front", (0.2, 0.5, 0.7)),
    Face("4", 3, "bar-end", (0.6,), (0.0, -35.0)),
    Face("12", 1, "table12-east", (0.3, 0.7)),
    Face("12", 3, "table12-west", (0.2,)),
    Face("46", 2, "table46-south", (0.3, 0.7)),
    Face("46", 1, "table46-east", (0.5,)),
    Face("46", 3, "table46-west", (0.5,)),
    Face("18", 0, "askew18-north", (0.2, 0.45, 0.7, 0.9)),
    Face("18", 1, "askew18-east", (0.55, 0.8)),
    Face("18", 3, "askew18-west", (0.15, 0.35)),
    *(Face("20", e, f"round20-e{e}", (0.5,)) for e in (0, 24, 30, 41, 50, 60)),
)

CASES = [Case(face, at, approach)
         for face in FACES for at in face.ats for approach in face.approaches]


# --------------------------------------------------------------------------- geometry helpers

def unit(angle_deg: float) -> tuple[float, float]:
    """The direction a ``Move`` angle stands for (degrees clockwise from east, y down)."""
    a = math.radians(angle_deg)
    ux, uy = math.cos(a), math.sin(a)
    return (0.0 if abs(ux) < 1e-12 else ux, 0.0 if abs(uy) < 1e-12 else uy)


def angle_of(ux: float, uy: float) -> float:
    return math.degrees(math.atan2(uy, ux))


def state_index(state: OFAState):
    return SYSTEM.index(state)


def footprint(state: OFAState, piece: str):
    index = state_index(state)
    return index.solids[index.index_of(piece)].footprint


def solid_kind(piece: str) -> str:
    return SYSTEM.table_for(str(TAVERN)).solid(piece).kind


Point2 = tuple[float, float]


def face_geometry(face: Face) -> tuple[Point2, Point2, Point2]:
    """The face's two ends and its outward unit normal (the side away from the footprint)."""
    fp = SYSTEM.table_for(str(TAVERN)).solid(face.piece).footprint
    coords = list(fp.exterior.coords)
    a, b = coords[face.edge], coords[face.edge + 1]
    ex, ey = b[0] - a[0], b[1] - a[1]
    n = math.hypot(ex, ey)
    nx, ny = -ey / n, ex / n
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    if fp.contains(Point(mid[0] + nx * 1e-3, mid[1] + ny * 1e-3)):
        nx, ny = -nx, -ny
    return a, b, (nx, ny)


def blockers(state: OFAState, mover: str) -> list[tuple[str, object, float]]:
    """What may stop the mover (OFA-0.4), independent of the sweep: every non-flat solid whose
    span overlaps ``(z + step, z + H)`` (blocking distance: the radius) and every other standing
    base in the band (blocking distance: the sum of the radii, from its centre)."""
    fig = state.figure(mover)
    lo, hi = fig.z + state.cfg.step, fig.z + fig.height
    out: list[tuple[str, object, float]] = []
    for s in state_index(state).solids:
        if not s.flat and s.top > lo and s.bottom < hi:
            out.append((s.id, s.footprint, fig.radius))
    for f in state.figures:
        if f.id != mover and f.conscious and f.z < hi and f.z + f.height > lo:
            out.append((f.id, Point(f.x, f.y), fig.radius + f.radius))
    return out


def board_exit(state: OFAState, c: tuple[float, float], u: tuple[float, float], r: float) -> float:
    """How far the centre may go before the base crosses the board edge."""
    x0, y0, x1, y1 = SYSTEM.table_for(str(TAVERN)).bounds
    t = math.inf
    for ci, ui, lo, hi in ((c[0], u[0], x0 + r, x1 - r), (c[1], u[1], y0 + r, y1 - r)):
        if ui > 0:
            t = min(t, (hi - ci) / ui)
        elif ui < 0:
            t = min(t, (lo - ci) / ui)
    return t


@dataclass(frozen=True)
class Brute:
    stop_lo: float  #: the stop may not be earlier than this ...
    stop_hi: float  #: ... nor later than this
    first: frozenset[str]  #: what it runs into there (empty: nothing; "board edge")


def brute_force(state: OFAState, mover: str, u: tuple[float, float],
                length: float | None) -> Brute:
    """Where a straight move of ``mover`` along ``u`` must stop, found without the sweep.

    The base swept from the start to ``T`` enters a blocker by more than ``pen`` exactly when
    the path segment comes within ``R - pen`` of it (``R`` the blocking distance): a predicate
    that only grows with ``T``, so bisection finds the first such ``T`` to 1e-10 mm, with
    ``shapely.distance`` from the segment to each footprint and base. The stop must lie between
    that ``T`` for ``PEN_LO`` (less ``STOP_TOL``) and for ``PEN_HI``, or at the board edge or
    the requested length when those come first. What it runs into is every blocker entered by
    more than ``PEN_LO`` at the ``PEN_HI`` point (so not a piece it only slides along, whose
    gap stays at rounding level, about 1e-13 mm)."""
    fig = state.figure(mover)
    c = (fig.x, fig.y)
    t_edge = board_exit(state, c, u, fig.radius)
    t_max = min(t_edge, math.inf if length is None else length)
    assert math.isfinite(t_max)

    def path(t: float):
        return LineString([c, (c[0] + u[0] * t, c[1] + u[1] * t)]) if t > 0 else Point(c)

    things = blockers(state, mover)
    near = [t for t in things if shapely.distance(path(t_max), t[1]) < t[2] + 1.0]
    ids = [t[0] for t in near]
    geoms = np.array([t[1] for t in near], dtype=object)
    reach = np.array([t[2] for t in near], dtype=float)

    def entered(t: float, pen: float) -> np.ndarray:
        return shapely.distance(path(t), geoms) < reach - pen

    def first_entry(pen: float) -> float:
        if not len(near) or not entered(t_max, pen).any():
            return math.inf
        assert not entered(0.0, pen).any(), "the start overlaps something"
        lo, hi = 0.0, t_max
        while hi - lo > 1e-10:
            mid = (lo + hi) / 2
            lo, hi = (lo, mid) if entered(mid, pen).any() else (mid, hi)
        return hi

    t_lo, t_hi = first_entry(PEN_LO), first_entry(PEN_HI)
    if t_hi > t_max:  # nothing entered: the board edge or the length ends the move
        if length is not None and length < t_edge:
            return Brute(length - 1e-9, length + 1e-9, frozenset())
        return Brute(t_edge - 1e-9, t_edge + 1e-9, frozenset({"board edge"}))
    first = frozenset(ids[i] for i in np.flatnonzero(entered(t_hi, PEN_LO)))
    return Brute(min(t_lo, t_hi) - STOP_TOL, t_hi, first)


def sampled_penetration(state: OFAState, mover: str, c: tuple[float, float], u: tuple[float, float],
                        distance: float) -> float:
    """The deepest a base centred on samples of the path (every SAMPLE_STEP mm and the end)
    enters any blocker: the dense sampling that cross-checks :func:`brute_force`."""
    things = blockers(state, mover)
    geoms = np.array([t[1] for t in things], dtype=object)
    reach = np.array([t[2] for t in things])
    near = shapely.distance(LineString([c, (c[0] + u[0] * distance, c[1] + u[1] * distance)])
                            if distance > 0 else Point(c), geoms) < reach + 1.0
    if not near.any():
        return -math.inf
    ts = np.append(np.arange(0.0, distance, SAMPLE_STEP), distance)
    pts = shapely.points(c[0] + u[0] * ts, c[1] + u[1] * ts)
    d = shapely.distance(pts[:, None], geoms[near][None, :])
    return float((reach[near][None, :] - d).max())


# --------------------------------------------------------------------------- the rules' side

def new_match() -> Match:
    return Match(SYSTEM, Setup("one_for_all", str(TAVERN), 1), dice=ScriptedDice([6, 1]))


def run_in(case: Case, run: float = 30.0) -> tuple[tuple[float, float], float]:
    """The start point and the angle (degrees) of a run straight at ``case``'s face."""
    a, b, (nx, ny) = face_geometry(case.face)
    fig_r = 12.5
    px, py = a[0] + (b[0] - a[0]) * case.at, a[1] + (b[1] - a[1]) * case.at
    cx, cy = px + nx * fig_r, py + ny * fig_r  # where the centre touches the face
    th = math.radians(case.approach)
    vx, vy = -(nx * math.cos(th) - ny * math.sin(th)), -(nx * math.sin(th) + ny * math.cos(th))
    return (cx - vx * run, cy - vy * run), angle_of(vx, vy)


@cache
def touching_state(case: Case) -> OFAState:
    """Activate, Move into the face, Stop, Activate again: the state the second moves start from."""
    m = new_match()
    start, angle = run_in(case)
    m.state = m.state.with_figure(m.state.figure(FIG).at(*start))
    assert SYSTEM.invariants(m.state) == []
    expected = brute_force(m.state, FIG, unit(angle), None)
    assert expected.first == {case.face.piece}, (case.id, expected)
    m.submit(Activate(FIG))
    (ev,) = m.submit(Move(FIG, angle, None))
    assert ev["touched"] == case.face.piece and ev["distance"] > 0, (case.id, ev)
    fig = m.state.figure(FIG)
    assert expected.stop_lo <= math.dist(start, (fig.x, fig.y)) <= expected.stop_hi
    assert m.state.activation.contact == case.face.piece
    with pytest.raises(IllegalCommand) as refused:  # OFA-2B.2: no second move straight away
        m.submit(Move(FIG, angle + 90.0, None))
    assert refused.value.rule_id == "OFA-2B.2"
    (stop,) = m.submit(Stop(FIG))
    assert "OFA-2B.4" in stop.rules and m.state.activation is None
    assert m.state.initiative == "musketeers"  # OFA-6.2: the player goes on
    m.submit(Activate(FIG))  # OFA-6.4
    assert m.state.activation.figure == FIG and m.state.activation.pool == 0
    assert not m.state.activation.contact
    assert m.dice.remaining == 0 and m.dice.counter == 2  # the roll-off only
    on_face(m.state, case)
    return m.state


def contact_normal(state: OFAState, piece: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The nearest point of ``piece`` to the figure, and the unit vector towards it."""
    fig = state.figure(FIG)
    q = nearest_points(footprint(state, piece), Point(fig.x, fig.y))[0]
    qx, qy = q.x - fig.x, q.y - fig.y
    n = math.hypot(qx, qy)
    assert n == pytest.approx(fig.radius, abs=1e-6), "the figure does not touch the piece"
    return (q.x, q.y), (qx / n, qy / n)


def along_directions(state: OFAState, case: Case) -> list[tuple[str, tuple[float, float]]]:
    """Both senses of "along", from the contact point and from the footprint's edge."""
    _, (nx, ny) = contact_normal(state, case.face.piece)
    a, b, _ = face_geometry(case.face)
    ex, ey = b[0] - a[0], b[1] - a[1]
    e = math.hypot(ex, ey)
    return [("perp+", (-ny, nx)), ("perp-", (ny, -nx)),
            ("edge+", (ex / e, ey / e)), ("edge-", (-ex / e, -ey / e))]


def apply(state: OFAState, command: Move):
    """The rules' own resolution; an empty dice script: a move rolls nothing."""
    return SYSTEM.apply(state, command, ScriptedDice([]))


def gap(state: OFAState, thing: str, at: tuple[float, float]) -> float:
    """How far the mover's base centred at ``at`` is from ``thing`` (negative: inside it)."""
    for ident, geom, reach in blockers(state, FIG):
        if ident == thing:
            return float(shapely.distance(Point(at), geom)) - reach
    raise KeyError(thing)


def on_face(state: OFAState, case: Case) -> None:
    """The figure touches the face itself (not a corner or another face of the piece)."""
    (qx, qy), _ = contact_normal(state, case.face.piece)
    a, b, _ = face_geometry(case.face)
    assert LineString([a, b]).distance(Point(qx, qy)) < 1e-9


def tilted(t: Point2, n: Point2, sin: float) -> Point2:
    """The unit direction ``t`` (along the face) turned towards ``n`` (into it) by ``asin(sin)``;
    a negative ``sin`` turns it away."""
    cos = math.sqrt(1.0 - sin * sin)
    return t[0] * cos + n[0] * sin, t[1] * cos + n[1] * sin


def slide(state: OFAState, angle: float, length: float | None = None):
    """Apply ``Move(FIG, angle, length)``; return the events, the new state and how far it went."""
    applied = apply(state, Move(FIG, angle, length))
    before, after = state.figure(FIG), applied.state.figure(FIG)
    u = unit(angle)
    travelled = (after.x - before.x) * u[0] + (after.y - before.y) * u[1]
    # straight along the command's direction
    assert abs((after.x - before.x) * u[1] - (after.y - before.y) * u[0]) < 1e-9
    return applied.events, applied.state, travelled


# --------------------------------------------------------------------------- the tests

def test_the_cases_cover_walls_the_bar_and_tables_with_the_askew_one() -> None:
    kinds = {solid_kind(c.face.piece) for c in CASES}
    assert kinds == {"wall", "counter", "table"}
    pieces = {c.face.piece for c in CASES}
    assert {"1", "2", "3", "4", "18"} <= pieces
    assert solid_kind("4") == "counter" and solid_kind("18") == "table"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_OFA_2B_1_after_running_into_a_piece_it_slides_along_the_touched_face(case: Case) -> None:
    """OFA-2B.1 / OFA-0.4: moved into the piece (Activate, Move; then Stop, OFA-2B.4, and
    Activate again, OFA-6.4, since OFA-2B.2 allows no move straight after contact), the figure
    moves along the touched face in both senses, as far as the brute force says, and ends
    touching what the brute force finds first (the board edge, another piece, a base, or
    another part of the same piece, as where two walls meet)."""
    state = touching_state(case)
    _, n = contact_normal(state, case.face.piece)
    for name, (ux, uy) in along_directions(state, case):
        angle = angle_of(ux, uy)
        u = unit(angle)
        assert heading(n[0], n[1], u[0], u[1]) is Heading.ALONG, name  # the premise
        expected = brute_force(state, FIG, u, None)
        events, after, travelled = slide(state, angle)
        (ev,) = events
        assert travelled > 0.0 and ev["distance"] > 0.0, (name, ev)
        assert expected.stop_lo <= travelled <= expected.stop_hi, (name, travelled, expected)
        assert ev["distance"] == pytest.approx(travelled, abs=1e-3)
        fig = after.figure(FIG)
        if expected.first == {"board edge"}:
            assert ev["touched_kind"] == "board_edge", (name, ev)
        else:
            assert ev["touched"] in expected.first, (name, ev, expected)
            assert abs(gap(state, ev["touched"], (fig.x, fig.y))) <= PEN_HI, (name, ev)
        assert after.activation is not None and after.activation.contact == ev["touched"]
        before = state.figure(FIG)
        assert sampled_penetration(state, FIG, (before.x, before.y), u, travelled) <= PEN_HI, name
        assert (fig.x, fig.y) != (before.x, before.y)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_OFA_2B_4_a_slide_of_a_given_length_along_the_face_is_a_free_move(case: Case) -> None:
    """Along the face for a length short of anything: it goes exactly that far, runs into
    nothing (the face it slides along does not count) and that is a Free Move (OFA-2B.4)."""
    state = touching_state(case)
    for name, (ux, uy) in along_directions(state, case)[:2]:
        angle = angle_of(ux, uy)
        u = unit(angle)
        free = brute_force(state, FIG, u, None)
        length = min(20.0, free.stop_lo / 2)
        assert length > 1.0, (name, free)
        expected = brute_force(state, FIG, u, length)
        assert expected.first == frozenset()
        events, after, travelled = slide(state, angle, length)
        assert [e.kind for e in events] == ["ofa.move", "ofa.free_move"], name
        assert events[0]["touched"] == "" and after.activation is None
        assert expected.stop_lo <= travelled <= expected.stop_hi, (name, travelled, expected)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_OFA_0_4_moving_into_the_touched_face_at_a_small_angle_does_not_move(case: Case) -> None:
    """OFA-0.4: already touching, a move with any component into the piece (0.3 rad off the
    face, or a normal component of only 1e-6) does not move at all: distance 0, the figure stays
    exactly where it was, the piece is the contact. Turned the other way by the same 1e-6 (away
    from it) the move is free, as far as the brute force says.

    The first move leaves the figure a few 1e-15 mm short of the face; that is touching (within
    the policy's TOUCH), so even the 1e-6 move must not creep the few 1e-9 mm to the exact
    contact."""
    state = touching_state(case)
    before = state.figure(FIG)
    _, n = contact_normal(state, case.face.piece)
    for name, t in along_directions(state, case)[:2]:
        for sin in (math.sin(0.3), 1e-6):
            angle = angle_of(*tilted(t, n, sin))
            u = unit(angle)
            assert heading(n[0], n[1], u[0], u[1]) is Heading.INTO
            (ev,), after, travelled = slide(state, angle)
            fig = after.figure(FIG)
            assert (fig.x, fig.y) == (before.x, before.y), (name, sin, travelled)
            assert ev["distance"] == 0.0, (name, sin, ev)
            assert ev["touched"] == case.face.piece and after.activation.contact == case.face.piece
        angle = angle_of(*tilted(t, n, -1e-6))
        u = unit(angle)
        assert heading(n[0], n[1], u[0], u[1]) is Heading.AWAY
        expected = brute_force(state, FIG, u, None)
        (ev,), after, travelled = slide(state, angle)
        assert travelled > 0.0, (name, ev)
        assert expected.stop_lo <= travelled <= expected.stop_hi, (name, ev, expected)
