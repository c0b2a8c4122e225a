"""Cover and templates at degenerate positions, made the way play makes them (issue 14, item 3).

* Cover (HD-RANGED-9): a target walks into a wall's corner across the shooter's line of sight, so
  that the corner ends exactly at the edge of its silhouette; the exact hidden fraction must equal
  the brute-force bisection of ``column_fraction`` within ``FRAC_TOL``, and a wall touched exactly
  is within any cover radius (0 included), a hair away is not.
* Templates (HD-EXPL-6, HD-TMPL-3): bases walk into a round blocker standing in for the blast
  template, or into a solid whose footprint is the cone (or another template polygon), so they
  stop exactly tangent to the template's edge. Inclusive membership must catch them, strict
  membership must not; a hair farther neither does, a hair nearer both do. The reference is the
  Shapely distance compared with the radius, decisive at eps/100 and eps*100.
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon, box

from game.geometry.bases import Base, BaseArray
from game.geometry.cover import cover
from game.geometry.sight import sees, sight_matrix
from game.geometry.templates import blast, cloud_blast, cone_caught, cone_polygon, explosion, impact_blast
from game.geometry.terrain import Solid, TerrainIndex
from game.geometry.tolerance import EPS
from tests.geometry.degenerate import examples
from tests.geometry.test_degenerate_reference import (
    FRAC_TOL,
    NUDGE,
    TOL_HI,
    TOL_LO,
    Frame,
    column_fraction,
    decisive_seen,
    nudged,
    swept,
)

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def floats(lo: float, hi: float) -> st.SearchStrategy[float]:
    """Lengths and angles without subnormal numbers (5e-324 mm is no position play makes; it only
    overflows a harmless division)."""
    return st.floats(lo, hi, allow_subnormal=False)


frames = st.builds(Frame, floats(-400.0, 400.0), floats(-400.0, 400.0),
                   floats(0.0, 2.0 * math.pi))
hair = st.sampled_from([0, 1, -1])


def within(gap: float) -> bool:
    """Edge to edge ``gap`` (negative: overlap) at most EPS, decided: a position the brute force
    reads the same at eps/100 and eps*100."""
    assert (gap <= TOL_LO) == (gap <= TOL_HI), f"not a decisive gap: {gap}"
    return gap <= EPS


def overlaps(gap: float) -> bool:
    """Strict membership: an overlap deeper than EPS, decided likewise."""
    assert (gap < -TOL_LO) == (gap < -TOL_HI), f"not a decisive gap: {gap}"
    return gap < -EPS


# --------------------------------------------------------------------------------------------
# Cover: a corner exactly at the edge of the silhouette
# --------------------------------------------------------------------------------------------


@st.composite
def walls(draw) -> Polygon:
    kind = draw(st.sampled_from(["thin", "block", "ell"]))
    if kind == "thin":
        return box(0.0, -draw(floats(0.3, 2.0)), draw(floats(20.0, 200.0)), 0.0)
    if kind == "block":
        return box(0.0, -draw(floats(8.0, 60.0)), draw(floats(20.0, 200.0)), 0.0)
    a, b, w = draw(floats(30.0, 120.0)), draw(floats(30.0, 120.0)), draw(floats(4.0, 25.0))
    return Polygon([(0, 0), (a, 0), (a, w), (w, w), (w, b), (0, b)])


@settings(max_examples=examples(150), **SETTINGS)
@given(frame=frames, local=walls(), rv=floats(8.0, 30.0), hv=floats(20.0, 60.0),
       rt=floats(8.0, 30.0), ht=floats(20.0, 60.0), approach=floats(0.0, 2.0 * math.pi),
       pick=st.integers(0, 11), tangent=st.sampled_from([1.0, -1.0]), run=floats(20.0, 80.0),
       radius=st.sampled_from([0.0, 25.4]), nudge=st.sampled_from(["none", "across+", "across-", "out"]))
def test_cover_with_a_wall_corner_exactly_at_the_silhouette_edge(frame, local, rv, hv, rt, ht, approach,
                                                                 pick, tangent, run, radius, nudge) -> None:
    """HD-RANGED-9: the shooter walks into a full-height wall (a thin wall, a block or an L); the
    target walks across the shooter's line of sight into one of the wall's corners, so that the
    corner is exactly at the edge of its silhouette (or it stops on the wall a little before).
    The exact hidden fraction equals the brute force; the wall touched is near for any cover
    radius (0 too: HD-RANGED-9's "no more than", within EPS), a hair away it is not; the target is
    seen iff some sampled point is; sight_matrix agrees with sees."""
    fp = frame.shape(local)
    top = max(hv, ht) + 30.0
    wall = Solid("W", fp, 0.0, top)
    index = TerrainIndex([wall])
    cen = fp.centroid
    far = 3.0 * math.sqrt(fp.area) + 300.0
    start = Base("v", cen.x + far * math.cos(approach), cen.y + far * math.sin(approach), rv, 0.0, hv)
    viewer = swept(start, (-math.cos(approach), -math.sin(approach)), index, (), "W")
    ex, ey = viewer.x, viewer.y
    # where the target touches a corner with the corner at its silhouette's edge: a tangent point
    # from the eye to the circle of radius rt round the corner; walking there across the line of
    # sight it meets the corner first when its way lies in the corner's normal cone
    ring = np.asarray(shapely.geometry.polygon.orient(fp, 1.0).exterior.coords)[:-1]
    walks = []
    for k in range(len(ring)):
        vx, vy = ring[k]
        dv = math.hypot(vx - ex, vy - ey)
        if dv <= rt + 1.0:
            continue  # the corner is at the viewer's own base
        for sign in (tangent, -tangent):
            phi = math.atan2(vy - ey, vx - ex) + sign * math.asin(rt / dv)
            reach = math.sqrt(dv * dv - rt * rt)
            cx, cy = ex + reach * math.cos(phi), ey + reach * math.sin(phi)
            mx, my = (vx - cx) / rt, (vy - cy) / rt  # across the line of sight, towards the corner
            begin = Base("t", cx - run * mx, cy - run * my, rt, 0.0, ht)
            if (shapely.distance(Point(begin.x, begin.y), fp) <= rt + 1.0
                    or math.hypot(begin.x - ex, begin.y - ey) <= rt + rv):
                continue  # it would start in the wall or on the viewer
            (ax, ay), (bx, by) = ring[k - 1], ring[(k + 1) % len(ring)]
            n0 = (vy - ay, ax - vx)  # outward normals of the edges at the corner (counter-clockwise)
            n1 = (by - vy, vx - bx)
            cross = n0[0] * n1[1] - n0[1] * n1[0]
            a0 = -mx * n1[1] + my * n1[0]  # -m = a0 n0 + a1 n1 (Cramer)
            a1 = -n0[0] * my + n0[1] * mx
            head_on = cross > 0.0 and a0 / cross >= 0.0 and a1 / cross >= 0.0
            walks.append((not head_on, (k + pick) % len(ring), (vx, vy), begin, (mx, my)))
    if not walks:
        event("skipped: no such walk")
        return
    _, _, (vx, vy), begin, (mx, my) = min(walks, key=lambda w: (w[0], w[1]))
    res_target = swept(begin, (mx, my), index, (), "W")
    target = res_target
    if nudge == "across+" or nudge == "across-":
        s = 1.0 if nudge == "across+" else -1.0
        target = nudged(target, s * NUDGE * mx, s * NUDGE * my)
    elif nudge == "out":
        target = nudged(target, -NUDGE * mx, -NUDGE * my)
    note(f"viewer {viewer}, target {target}, corner {(vx, vy)}, wall {fp.wkt}")
    at_corner = abs(math.hypot(res_target.x - vx, res_target.y - vy) - rt) <= 1e-9
    event("stopped on the corner" if at_corner else "stopped on the wall before it")
    solids = [wall]
    c = cover(index, viewer.eye, target, cover_radius=radius)
    f = column_fraction(solids, viewer.eye, target)
    assert abs(c.hidden_fraction - f) <= FRAC_TOL, (c.hidden_fraction, f)
    near = within(shapely.distance(Point(target.x, target.y), fp) - target.radius - radius)
    if not near:
        assert c.near_ids == (), c.near_ids
    elif f > FRAC_TOL:
        assert c.near_ids == ("W",), (c.near_ids, f)
    assert abs(c.near_hidden_fraction - (f if near else 0.0)) <= FRAC_TOL
    seen = decisive_seen(solids, viewer.eye, target)
    assert c.visible == seen == sees(index, viewer, target)
    m = sight_matrix(index, [viewer, target])
    assert m[0, 1] == seen and m[1, 0] == sees(index, target, viewer)
    event("hidden fraction " + ("0" if f == 0.0 else "1" if f == 1.0 else "in (0, 1)"))
    fn = f if near else 0.0
    assert c.in_cover() == (seen and (fn >= 0.5 or abs(fn - 0.5) <= FRAC_TOL))


# --------------------------------------------------------------------------------------------
# The blast: bases stopped tangent to a round blocker of the template's radius
# --------------------------------------------------------------------------------------------


@settings(max_examples=examples(300), **SETTINGS)
@given(px=floats(-500.0, 500.0), py=floats(-500.0, 500.0), big=floats(10.0, 250.0),
       movers=st.lists(st.tuples(floats(4.0, 40.0), floats(0.0, 2.0 * math.pi), floats(-0.95, 0.95),
                                 floats(1.0, 300.0), hair), min_size=1, max_size=6))
def test_blast_catches_bases_stopped_tangent_to_its_edge(px, py, big, movers) -> None:
    """HD-EXPL-6 (inclusive, HD-AMB-12): each base walks towards the blast point, straight at it
    or off to one side, and stops against a round blocker of the template's radius standing on
    the point, so it ends exactly tangent to the template's edge. Inclusive membership catches
    it and strict does not; a hair farther neither, a hair nearer both."""
    blocker = Base("blocker", px, py, big, 0.0, 1000.0)
    bases, want_in, want_strict = [], [], []
    for k, (r, ang, offset, gap, side) in enumerate(movers):
        ux, uy = math.cos(ang), math.sin(ang)
        lateral = offset * (big + r)
        start = Base(f"b{k}", px + (big + r + gap) * ux - lateral * uy, py + (big + r + gap) * uy + lateral * ux, r)
        b = swept(start, (-ux, -uy), None, [blocker], "blocker")
        if side:  # a hair along the line from the blast point through its centre
            d = math.hypot(b.x - px, b.y - py)
            b = nudged(b, side * NUDGE * (b.x - px) / d, side * NUDGE * (b.y - py) / d)
        gap_now = Point(px, py).distance(Point(b.x, b.y)) - big - r
        bases.append(b)
        want_in.append(within(gap_now))
        want_strict.append(overlaps(gap_now))
        assert want_in[-1] == (side <= 0) and want_strict[-1] == (side < 0)
    note(f"blast at {(px, py)} radius {big}: {bases}")
    assert blast((px, py), big, bases).tolist() == want_in
    assert blast((px, py), big, BaseArray.of(bases), inclusive=False).tolist() == want_strict
    ids = tuple(b.id for b, w in zip(bases, want_in, strict=True) if w)
    assert explosion((px, py), bases, radius=big).caught == ids
    strict_ids = tuple(b.id for b, w in zip(bases, want_strict, strict=True) if w)
    assert explosion((px, py), bases, radius=big, inclusive=False).caught == strict_ids


# --------------------------------------------------------------------------------------------
# The cone (and other template polygons): bases stopped against a solid of its footprint
# --------------------------------------------------------------------------------------------


@settings(max_examples=examples(200), **SETTINGS)
@given(frame=frames, sr=floats(5.0, 30.0), aim=floats(0.0, 2.0 * math.pi), length=floats(60.0, 300.0),
       width=floats(10.0, 120.0), near_w=st.sampled_from([0.0, 0.0, 8.0]),
       shape=st.sampled_from(["cone", "copy", "ell"]),
       movers=st.lists(st.tuples(floats(4.0, 40.0), floats(0.0, 2.0 * math.pi), floats(0.02, 0.98),
                                 floats(0.02, 0.98), hair), min_size=1, max_size=6))
def test_template_polygons_catch_bases_stopped_against_their_edge(frame, sr, aim, length, width, near_w,
                                                                  shape, movers) -> None:
    """HD-TMPL-3 (inclusive): the cone laid from a shooter, a copy of it (the polygon met for the
    first time) or a non-convex template stands as a solid; each base walks at a point inside it
    from afar and stops against its edge or a corner, exactly tangent. Inclusive membership
    (cone_caught, cloud_blast and impact_blast for the cone) catches it, strict does not; a hair
    farther neither, a hair nearer both."""
    shooter = Base("S", *frame.xy(0.0, 0.0), sr)
    if shape == "ell":
        a, b, w = length, length / 2.0, max(width / 4.0, 5.0)
        poly = frame.shape(Polygon([(sr, -w), (sr + a, -w), (sr + a, 0.0), (sr + w, 0.0), (sr + w, b), (sr, b)]))
    else:
        poly = cone_polygon(shooter, aim, length, width, near_w)
        if shape == "copy":
            poly = Polygon(list(poly.exterior.coords))
    index = TerrainIndex([Solid("tmpl", poly, 0.0, 100.0)])
    ring = np.asarray(poly.exterior.coords)[:-1]
    tris = shapely.get_parts(shapely.constrained_delaunay_triangles(poly))
    size = math.sqrt(poly.area) + max(poly.bounds[2] - poly.bounds[0], poly.bounds[3] - poly.bounds[1])
    bases, want_in, want_strict = [], [], []
    for k, (r, ang, s, t, side) in enumerate(movers):
        tri = np.asarray(tris[k % len(tris)].exterior.coords)[:3]
        if s + t > 1.0:
            s, t = 1.0 - s, 1.0 - t
        gx, gy = tri[0] + s * (tri[1] - tri[0]) + t * (tri[2] - tri[0])  # a point inside
        ux, uy = math.cos(ang), math.sin(ang)
        start = Base(f"b{k}", gx + (size + 2.0 * r + 10.0) * ux, gy + (size + 2.0 * r + 10.0) * uy, r)
        stop = swept(start, (-ux, -uy), index, (), "tmpl")
        b = stop
        for k in range(4 if side else 1):  # a hair back along its path (farther) or on (nearer),
            b = nudged(stop, side * NUDGE * 10.0**k * ux, side * NUDGE * 10.0**k * uy)
            gap_now = poly.distance(Point(b.x, b.y)) - r
            if abs(gap_now) >= TOL_HI:  # less across an edge met at a glancing angle: a bigger hair
                break
        bases.append(b)
        want_in.append(within(gap_now))
        want_strict.append(overlaps(gap_now))
        assert want_in[-1] == (side <= 0) and want_strict[-1] == (side < 0), (gap_now, side)
    note(f"template {poly.wkt}: {bases}, ring {ring.tolist()}")
    everyone = [shooter, *bases]
    assert cone_caught(poly, everyone, "S").tolist() == [False, *want_in]
    assert cone_caught(poly, BaseArray.of(everyone), "S", inclusive=False).tolist() == [False, *want_strict]
    if shape != "ell":
        ids = tuple(b.id for b, w in zip(bases, want_in, strict=True) if w)
        assert cloud_blast(shooter, aim, everyone, length=length, far_width=width, near_width=near_w).caught == ids
        assert impact_blast(shooter, aim, everyone, length=length, far_width=width,
                            near_width=near_w).caught == ids
