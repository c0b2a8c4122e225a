"""Sight at the table's degenerate positions, made the way play makes them (issue 14, item 3).

Each position comes out of the sweep (``move_until_contact``) on turned, moved walls, so its
coordinates carry real rounding: a figure walks into a wall, into a wall's end, into a friend who
puts its centre exactly on a wall's face line. Then the code's answer must equal the brute-force
reference of ``test_degenerate_reference`` (the documented model, decisive at eps/100 and eps*100),
at the degenerate position and a hair (``NUDGE``, 1e-6 where it matters) to either side:

* a sight line exactly along a wall face (grazing within EPS blocks, HD-RANGED-7);
* a sight line exactly through a corner of a footprint, in plan and at its top or bottom;
* an eye exactly at a wall's top height, looking over it at targets of every height;
* an eye exactly on a top face (a blast point on a roof, HD-EXPL-12; a figure whose head is at the
  top of the block it stands in).

Lengths are millimetres; figures are 8-30 mm in radius and 20-60 mm tall.
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon, box

from game.geometry.bases import Base
from game.geometry.cover import cover
from game.geometry.sight import point_clear, point_sees_base, points_clear, sees, sight_matrix
from game.geometry.templates import explosion
from game.geometry.terrain import Solid, TerrainIndex
from tests.geometry.degenerate import examples
from tests.geometry.test_degenerate_reference import (
    FRAC_TOL,
    NUDGE,
    Frame,
    column_fraction,
    decisive_blocked,
    decisive_point,
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
radii = floats(8.0, 30.0)
heights = floats(20.0, 60.0)
signs = st.sampled_from([0, 1, -1])


def _check_sight_and_matrix(index: TerrainIndex, solids: list[Solid], viewer: Base, target: Base) -> bool:
    """sees == the reference; sight_matrix == sees both ways. Returns the answer."""
    want = decisive_seen(solids, viewer.eye, target)
    got = sees(index, viewer, target)
    assert got == want, ("sees", got, want)
    m = sight_matrix(index, [viewer, target])
    assert m[0, 1] == got and m[1, 0] == sees(index, target, viewer), ("sight_matrix", m)
    return got


# --------------------------------------------------------------------------------------------
# Along a wall face
# --------------------------------------------------------------------------------------------


@settings(max_examples=examples(150), **SETTINGS)
@given(frame=frames, rv=radii, hv=heights, rt=radii, ht=heights, same_r=st.booleans(),
       length=floats(150.0, 400.0), thick=st.one_of(floats(0.3, 2.0), floats(5.0, 40.0)),
       layout=st.sampled_from(["plane-end", "plane-guided", "plane-face", "face-face"]),
       gap_v=floats(1.0, 80.0), gap_t=floats(0.5, 60.0), at=floats(0.0, 1.0),
       who=st.sampled_from(["viewer", "target"]), side=signs)
def test_sight_and_cover_exactly_along_a_wall_face(frame, rv, hv, rt, ht, same_r, length, thick,
                                                   layout, gap_v, gap_t, at, who, side) -> None:
    """HD-RANGED-7/9 along a face: a viewer whose centre a friend stopped exactly on a wall's face
    line (or who walked into the face) and a target that walked into the wall's end, into the face
    or into a friend on the same line. Lines along the face graze and are blocked; the face plane
    through the eye and the target's centre hides exactly half of the silhouette (in cover,
    HD-RANGED-9 is inclusive). Then the same a hair to either side."""
    if same_r:
        rt = rv
    top = max(hv, ht) + 20.0
    wall = Solid("A", frame.shape(box(0.0, -thick, length, 0.0)), 0.0, top)
    index = TerrainIndex([wall])
    down, back = frame.vec(0.0, -1.0), frame.vec(-1.0, 0.0)
    viewing, targeting = layout.split("-")
    if viewing == "plane":  # a friend stands so that the viewer stops with its centre on w = 0
        uv = -(gap_v + rv)
        friend = Base("friend", *frame.xy(uv, -(rv + 12.0)), 12.0)
        viewer = swept(Base("v", *frame.xy(uv, rv + 20.0), rv, 0.0, hv), down, index, [friend], "friend")
    else:  # the viewer walks into the face
        uv = rv + 1.0 + at * (length / 2.0 - 2.0 * rv - 2.0)
        viewer = swept(Base("v", *frame.xy(uv, rv + 20.0), rv, 0.0, hv), down, index, (), "A")
    if targeting == "end":  # walks along the face line into the wall's end
        target = swept(Base("t", *frame.xy(length + rt + gap_t + 30.0, 0.0), rt, 0.0, ht), back, index,
                       (), "A")
    elif targeting == "guided":  # a friend stops it on the face line beyond the wall's end
        ut = length + rt + gap_t
        friend = Base("friend2", *frame.xy(ut, -(rt + 12.0)), 12.0)
        target = swept(Base("t", *frame.xy(ut, rt + 20.0), rt, 0.0, ht), down, index, [friend], "friend2")
    else:  # walks into the face, beyond the viewer
        lo = max(uv + rv + rt + 5.0, rt + 1.0)
        ut = lo + at * (length - rt - 1.0 - lo)
        target = swept(Base("t", *frame.xy(ut, rt + 20.0), rt, 0.0, ht), down, index, (), "A")
    # a hair to either side: big enough where the sight lines pass the wall to be decisive
    eu, _ = frame.local(viewer.x, viewer.y)
    tu, _ = frame.local(target.x, target.y)
    span = tu - eu
    lever = span / max(min(abs(0.0 - eu), abs(tu - length), span), 1e-9)
    lever = min(lever, 1e3)
    if side and who == "viewer":
        viewer = nudged(viewer, *frame.vec(0.0, side * NUDGE * lever))
    elif side:
        target = nudged(target, *frame.vec(0.0, side * NUDGE * lever))
    note(f"viewer {viewer}, target {target}, wall {wall.footprint.wkt}")
    solids = [wall]
    # sight lines from the eye: to the target's eye, its centre at half height, and the rim point
    # that faces the wall (on the face line when it touches the face)
    cx, cy = target.x, target.y
    fx, fy = frame.vec(0.0, -target.radius)
    pts = [target.eye, (cx, cy, target.z + target.height / 2.0), (cx + fx, cy + fy, target.z)]
    got = points_clear(index, viewer.eye, np.array(pts))
    for p, g in zip(pts, got, strict=True):
        want = not decisive_blocked(solids, viewer.eye, p)
        assert g == want == point_clear(index, viewer.eye, p), (p, g, want)
    seen = _check_sight_and_matrix(index, solids, viewer, target)
    c = cover(index, viewer.eye, target, cover_radius=1000.0)
    f = column_fraction(solids, viewer.eye, target)
    event(f"{layout}: hidden fraction " + ("0" if f == 0.0 else "1/2" if abs(f - 0.5) <= FRAC_TOL else "other"))
    assert abs(c.hidden_fraction - f) <= FRAC_TOL, (c.hidden_fraction, f)
    assert abs(c.near_hidden_fraction - f) <= FRAC_TOL
    assert c.visible == seen
    assert c.in_cover() == (seen and (f >= 0.5 or abs(f - 0.5) <= FRAC_TOL)), (f, c.in_cover())


# --------------------------------------------------------------------------------------------
# Through a corner
# --------------------------------------------------------------------------------------------


@st.composite
def footprints(draw) -> Polygon:
    kind = draw(st.sampled_from(["thin", "block", "convex", "ell"]))
    if kind == "thin":
        return box(0.0, -draw(floats(0.2, 2.0)), draw(floats(20.0, 200.0)), 0.0)
    if kind == "block":
        return box(0.0, -draw(floats(10.0, 60.0)), draw(floats(20.0, 200.0)), 0.0)
    if kind == "convex":
        ang = sorted(draw(st.lists(floats(0.0, 2.0 * math.pi), min_size=3, max_size=8, unique=True)))
        rad = draw(floats(10.0, 80.0))
        poly = Polygon([(rad * math.cos(a), rad * math.sin(a)) for a in ang]).convex_hull
        if not isinstance(poly, Polygon) or poly.area < 20.0:
            return box(-rad, -rad, rad, rad)
        return poly
    a, b, w = draw(floats(30.0, 120.0)), draw(floats(30.0, 120.0)), draw(floats(4.0, 25.0))
    return Polygon([(0, 0), (a, 0), (a, w), (w, w), (w, b), (0, b)])


@settings(max_examples=examples(200), **SETTINGS)
@given(frame=frames, local=footprints(), hanging=st.booleans(), bottom=floats(20.0, 60.0),
       tall=floats(5.0, 80.0), rv=radii, hv=heights, approach=floats(0.0, 2.0 * math.pi),
       extreme=st.sampled_from(["min", "max", "any"]), pick=st.integers(0, 20),
       beyond=floats(1.05, 4.0), level=st.sampled_from(["inside", "top", "bottom", "above", "below"]),
       off=floats(1.0, 20.0), nudge=st.sampled_from(["none", "plan+", "plan-", "z+", "z-"]))
def test_sight_line_exactly_through_a_corner(frame, local, hanging, bottom, tall, rv, hv, approach,
                                             extreme, pick, beyond, level, off, nudge) -> None:
    """HD-EXPL-1 / HD-RANGED-7 through a corner: the eye of a figure that walked into a fence
    round a turned footprint (a thin wall, a block, a convex or an L-shaped solid, standing or
    hanging) looks at a point beyond one of the footprint's corners, exactly through it in plan
    and at a chosen height there (inside the solid's span, exactly at its top or bottom, above or
    below). A line that only touches the corner grazes and is blocked; a hair outside is clear,
    a hair inside is blocked, and likewise in height."""
    fp = frame.shape(local)
    lo = bottom if hanging else 0.0
    solid = Solid("S", fp, lo, lo + tall)
    # the figure is stopped by a fence that does not block sight (so a hanging solid works too)
    fence = Solid("fence", fp, 0.0, 200.0, blocks_sight=False)
    index = TerrainIndex([solid, fence])
    cen = fp.centroid
    far = 3.0 * math.sqrt(fp.area) + 300.0
    start = Base("v", cen.x + far * math.cos(approach), cen.y + far * math.sin(approach), rv, 0.0, hv)
    viewer = swept(start, (-math.cos(approach), -math.sin(approach)), index, (), "fence")
    ex, ey, ez = viewer.eye
    corners = np.asarray(fp.exterior.coords)[:-1]
    ang = np.arctan2(corners[:, 1] - ey, corners[:, 0] - ex)
    ang = np.angle(np.exp(1j * (ang - math.atan2(cen.y - ey, cen.x - ex))))
    k = {"min": int(np.argmin(ang)), "max": int(np.argmax(ang)), "any": pick % len(corners)}[extreme]
    vx, vy = corners[k]
    if level == "inside":
        zv = solid.bottom + (0.1 + 0.8 * (pick / 20.0)) * tall
    elif level == "top":
        zv = solid.top
    elif level == "bottom":
        zv = solid.bottom
    elif level == "above":
        zv = solid.top + off
    else:
        zv = solid.bottom - off
    # the point beyond the corner: the segment eye -> point passes through (vx, vy, zv)
    dx, dy = vx - ex, vy - ey
    n = math.hypot(dx, dy)
    side = 0 if nudge == "none" else (1 if nudge.endswith("+") else -1)

    def point(hair: float) -> tuple[float, float, float]:
        px, py = ex + beyond * dx, ey + beyond * dy
        pz = ez + beyond * (zv - ez)
        if nudge.startswith("plan"):  # the line passes a hair to one side of the corner
            return (px - side * hair * beyond * dy / n, py + side * hair * beyond * dx / n, pz)
        return (px, py, pz + side * hair * beyond)  # or a hair above or below it

    p = decisive_point(point, [solid, fence], viewer.eye) if side else point(0.0)
    note(f"eye {viewer.eye}, corner {(vx, vy, zv)}, point {p}, solid {fp.wkt} [{solid.bottom}, {solid.top}]")
    want = not decisive_blocked([solid, fence], viewer.eye, p)
    event(f"{level}, {nudge}: {'clear' if want else 'blocked'}")
    assert point_clear(index, viewer.eye, p) == want
    assert bool(points_clear(index, viewer.eye, np.array([p, viewer.eye]))[0]) == want


# --------------------------------------------------------------------------------------------
# An eye exactly at a wall's top height
# --------------------------------------------------------------------------------------------


@settings(max_examples=examples(150), **SETTINGS)
@given(frame=frames, rv=radii, hv=heights, rt=radii, thick=st.one_of(floats(0.3, 2.0), floats(5.0, 40.0)),
       jitter=st.sampled_from([0.0, 1e-12, -1e-12]), ut=floats(-120.0, 120.0),
       touching=st.booleans(), gap=floats(1.0, 150.0),
       head=st.sampled_from(["top", "above", "below"]), off=floats(0.5, 20.0),
       nudge=st.sampled_from(["none", "head+", "head-", "eye+", "eye-"]))
def test_eye_exactly_at_a_walls_top_height(frame, rv, hv, rt, thick, jitter, ut, touching, gap, head,
                                           off, nudge) -> None:
    """HD-RANGED-7/9, an eye level with a wall's top: a figure walks into a long wall exactly as
    tall as its eye (to rounding); the target stands beyond it, against its far face or away from
    it, with its head exactly at that height, a hair or more above or below. What lies level with
    the top grazes it and is blocked, what rises above it is seen: the target is seen iff its head
    is above the top, and the hidden fraction of its silhouette is (top - z) / h (clamped)."""
    top = hv + jitter
    span = 600.0
    wall = Solid("A", frame.shape(box(-span, -thick, span, 0.0)), 0.0, top)
    index = TerrainIndex([wall])
    viewer = swept(Base("v", *frame.xy(0.0, rv + 20.0), rv, 0.0, hv), frame.vec(0.0, -1.0), index, (), "A")
    if touching:
        target = swept(Base("t", *frame.xy(ut, -thick - rt - 20.0), rt, 0.0, 40.0), frame.vec(0.0, 1.0),
                       index, (), "A")
    else:
        target = Base("t", *frame.xy(ut, -thick - rt - gap), rt, 0.0, 40.0)
    _, wv = frame.local(viewer.x, viewer.y)
    _, wt = frame.local(target.x, target.y)
    near = wv / (wv - (wt + rt))  # the share of a sight line before the wall's near face, at most
    far = (wv + thick) / (wv - (wt - rt))  # and before its far face, at least
    h = {"top": top, "above": top + off, "below": top - min(off, top / 2.0)}[head]
    side = 0 if nudge == "none" else (1 if nudge.endswith("+") else -1)
    if nudge.startswith("head"):  # the target's head a hair above or below the top
        h += side * NUDGE / near
    target = Base("t", target.x, target.y, rt, 0.0, h)
    if nudge.startswith("eye"):  # the viewer a hair taller or shorter than the wall
        viewer = Base("v", viewer.x, viewer.y, rv, 0.0, hv + side * NUDGE / (1.0 - far))
    note(f"viewer {viewer}, target {target}, top {top}")
    solids = [wall]
    # single sight lines beyond the wall: to the target's head, and level with the top
    tx, ty = target.x, target.y
    levels = [target.head, top] + ([] if nudge.startswith("eye") else [top + NUDGE / near, top - NUDGE / near])
    for p in [(tx, ty, z) for z in levels]:
        want = not decisive_blocked(solids, viewer.eye, p)
        assert point_clear(index, viewer.eye, p) == want, (p, want)
    seen = _check_sight_and_matrix(index, solids, viewer, target)
    event(f"head {head}, {nudge}: {'seen' if seen else 'hidden'}")
    c = cover(index, viewer.eye, target, cover_radius=1000.0)
    assert c.visible == seen
    if not nudge.startswith("eye"):
        f = min(max((top - target.z) / target.height, 0.0), 1.0)
        assert abs(c.hidden_fraction - f) <= FRAC_TOL, (c.hidden_fraction, f)
        assert seen == (target.head > top)


# --------------------------------------------------------------------------------------------
# An eye exactly on a top face: a blast point on a roof, a head at the top of its block
# --------------------------------------------------------------------------------------------


@settings(max_examples=examples(120), **SETTINGS)
@given(frame=frames, half_u=floats(20.0, 150.0), half_w=floats(20.0, 150.0), roof=floats(20.0, 60.0),
       jitter=st.sampled_from([0.0, 1e-12, -1e-12]), eu=floats(-0.9, 0.9), ew=floats(-0.9, 0.9),
       rt=radii, approach=floats(0.0, 2.0 * math.pi), touching=st.booleans(), gap=floats(1.0, 200.0),
       head=st.sampled_from(["top", "nudge-up", "nudge-down", "shallow", "above", "below"]),
       off=floats(0.5, 20.0), on_roof=st.booleans())
def test_eye_exactly_on_a_top_face(frame, half_u, half_w, roof, jitter, eu, ew, rt, approach, touching,
                                   gap, head, off, on_roof) -> None:
    """HD-EXPL-12 / HD-RANGED-7 from a point on a roof: the blast point of an explosion on a roof is
    at the roof's height (the index's standing level), on its top face: not inside the building
    (the eye is on its surface), so the roof counts. What lies level with the roof (a target's
    head exactly at its height, the feet of a figure on it) grazes it and is blocked; a sight line
    that rises from the roof, however shallowly (its cosine with the roof's normal above ALONG),
    touches it only at its end and is clear. The same for a figure whose head is exactly at the
    top of the block it stands in (sees and sight_matrix)."""
    fp = frame.shape(box(-half_u, -half_w, half_u, half_w))
    building = Solid("house", fp, 0.0, roof, surface=True)
    index = TerrainIndex([building])
    px, py = frame.xy(eu * half_u, ew * half_w)
    top = roof + jitter
    if on_roof:  # a figure on the roof that walked to its edge (OFA-2B.1: its centre stops there)
        start = Base("t", *frame.xy(0.0, 0.0), rt, roof, 30.0)
        target = swept(start, (math.cos(approach), math.sin(approach)), index, (), "house")
    else:  # a figure on the floor beyond the building, against its wall or away from it
        cen = fp.centroid
        far = 3.0 * (half_u + half_w) + 300.0
        start = Base("t", cen.x + far * math.cos(approach), cen.y + far * math.sin(approach), rt, 0.0, 40.0)
        target = swept(start, (-math.cos(approach), -math.sin(approach)), index, (), "house")
        if not touching:
            target = nudged(target, gap * math.cos(approach), gap * math.sin(approach))
        dist = math.hypot(target.x - px, target.y - py)
        h = {"top": roof, "nudge-up": roof + NUDGE, "nudge-down": roof - NUDGE,
             "shallow": roof + 1e-4 * dist, "above": roof + off, "below": roof - min(off, roof / 2.0)}[head]
        target = Base("t", target.x, target.y, rt, 0.0, h)
    eye = (px, py, top)
    note(f"eye {eye}, target {target}, roof {fp.wkt} top {roof}")
    solids = [building]
    want = decisive_seen(solids, eye, target)
    event(("on the roof" if on_roof else f"head {head}") + f": {'seen' if want else 'hidden'}")
    assert point_sees_base(index, eye, target) == want
    head_point = (target.x, target.y, target.head)
    assert point_clear(index, eye, head_point) == (not decisive_blocked(solids, eye, head_point))
    res = explosion((px, py), [target], radius=1e4, index=index)
    assert res.origin is not None and abs(res.origin[2] - roof) <= 1e-12
    assert res.caught == (("t",) if want else ()) and res.saved == (() if want else ("t",))
    # a figure whose head is at the top of the block it stands in sees as that eye does
    viewer = Base("v", px, py, 10.0, 0.0, top)
    _check_sight_and_matrix(index, solids, viewer, target)


# --------------------------------------------------------------------------------------------
# The cases the properties found (fixed in sight.segments._blocked_rows: _end_contacts)
# --------------------------------------------------------------------------------------------


def test_HD_EXPL_1_a_point_on_a_roof_aimed_at_from_nearly_level_afar_is_clear() -> None:
    """HD-EXPL-1: an eye 1 mm above a roof's level, a metre away, aims at a point on the roof. The
    line clears the roof's edge by 0.05 mm and touches the roof only at the point; it was blocked
    because it stays within EPS of the roof for 2e-6 mm, longer than END_SKIP * EPS."""
    index = TerrainIndex([Solid("roof", box(0, 0, 100, 100), 0.0, 40.0, surface=True)])
    assert point_clear(index, (-1000.0, 50.0, 41.0), (50.0, 50.0, 40.0))
    assert not point_clear(index, (-1000.0, 50.0, 40.0), (50.0, 50.0, 40.0))  # level: grazes


def test_HD_RANGED_7_head_at_the_top_of_its_block_sight_matrix_equals_sees() -> None:
    """HD-RANGED-7: a figure whose head is exactly at the top of the block it stands in sees a
    figure whose head rises 0.05 mm above that top (the sight line leaves the top face); sees said
    so, sight_matrix said hidden (its one-piece proof trusted rays blocked only by END_SKIP)."""
    index = TerrainIndex([Solid("block", box(-30, -30, 30, 30), 0.0, 40.0)])
    v, t = Base("v", 0.0, 0.0, 12.5, 0.0, 40.0), Base("t", 100.0, 0.0, 12.5, 0.0, 40.05)
    assert sees(index, v, t) and sight_matrix(index, [v, t])[0, 1]
    assert point_clear(index, v.eye, t.eye)
    level = Base("t", 100.0, 0.0, 12.5, 0.0, 40.0)
    assert not sees(index, v, level) and not sight_matrix(index, [v, level])[0, 1]


def test_HD_RANGED_7_a_base_against_a_wall_seen_along_it_from_a_hair_off_its_face_line() -> None:
    """HD-RANGED-7: the rim point where a base touches a wall, seen from an eye 2.3e-6 mm off the
    wall's face line: the line meets the wall only at that point, heading away from the face. On
    the face line itself it runs along the face and grazes it."""
    index = TerrainIndex([Solid("A", box(0, -1, 150, 0), 0.0, 40.0)])
    assert point_clear(index, (-9.0, 2.3e-6, 20.0), (12.0, 0.0, 0.0))
    assert not point_clear(index, (-9.0, 0.0, 20.0), (12.0, 0.0, 0.0))
