"""A pymunk Space for a table, built once per board: the terrain as static convex pieces, the
board edge as four thick walls, and the figures' bases as kinematic circles.

pymunk only animates (:mod:`game.physics.animate`); it never decides an outcome. Its ``Poly``
takes the convex hull of whatever vertices it is given, so a concave footprint (the tavern's
L-shaped walls, a counter) is first cut into convex pieces by ``game.geometry.convex`` (the
polygon's constrained Delaunay triangles merged back while the pieces stay convex), the same cut
line of sight uses. Flat solids (rugs) never block and are left out.

Each shape carries its terrain data as plain attributes: ``solid_id``, ``bottom``, ``top``
(``base_id``, ``z``, ``height`` on a base's circle), so a caller can filter by the vertical band
without a second lookup. ``space.tabletop_bases`` maps base ids to their bodies,
``space.tabletop_solids`` solid ids to their shapes.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Sequence

import pymunk
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from game.geometry.bases import Base
from game.geometry.convex import convex_split, polygon_parts
from game.geometry.terrain import TerrainIndex

#: collision types of the shapes (for ``space.on_collision`` filters)
TERRAIN_TYPE = 1
BASE_TYPE = 2
EDGE_TYPE = 3
MOVER_TYPE = 4
#: thickness of the walls laid outside the board edge, mm
EDGE_THICKNESS = 100.0
#: footprint parts and pieces of at most this area (mm²) are left out: pymunk needs an area
MIN_AREA = 1e-9

_SPACES: weakref.WeakKeyDictionary[TerrainIndex, pymunk.Space] = weakref.WeakKeyDictionary()


def convex_pieces(footprint: BaseGeometry, *,
                  min_area: float = MIN_AREA) -> list[list[tuple[float, float]]]:
    """The footprint cut into convex pieces (vertex lists, counter-clockwise) whose union is the
    footprint: ``game.geometry.convex.convex_split`` of each of its polygons, leaving out the
    polygons and pieces of at most ``min_area``."""
    out: list[list[tuple[float, float]]] = []
    for part in polygon_parts(footprint):
        if part.area <= min_area:
            continue
        for ring in convex_split(part):
            verts = [(float(x), float(y)) for x, y in ring]
            if Polygon(verts).area > min_area:
                out.append(verts)
    return out


def _edge_walls(space: pymunk.Space, bounds: tuple[float, float, float, float]) -> None:
    x0, y0, x1, y1 = bounds
    t = EDGE_THICKNESS
    boxes = [(x0 - t, y0 - t, x0, y1 + t), (x1, y0 - t, x1 + t, y1 + t),
             (x0 - t, y0 - t, x1 + t, y0), (x0 - t, y1, x1 + t, y1 + t)]
    for side, (a, b, c, d) in zip(("x_min", "x_max", "y_min", "y_max"), boxes, strict=True):
        shape = pymunk.Poly(space.static_body, [(a, b), (c, b), (c, d), (a, d)])
        shape.collision_type = EDGE_TYPE
        shape.solid_id = side
        shape.bottom, shape.top = float("-inf"), float("inf")
        space.add(shape)


def add_base(space: pymunk.Space, base: Base) -> pymunk.Body:
    """Add (or move) a base's kinematic body; returns it."""
    bodies: dict[str, pymunk.Body] = space.tabletop_bases  # type: ignore[attr-defined]
    body = bodies.get(base.id)
    if body is None:
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        body.position = (base.x, base.y)
        circle = pymunk.Circle(body, base.radius)
        circle.collision_type = BASE_TYPE
        circle.base_id = base.id
        circle.z, circle.height = base.z, base.height
        space.add(body, circle)
        bodies[base.id] = body
    else:
        body.position = (base.x, base.y)
        for shape in body.shapes:
            shape.z, shape.height = base.z, base.height
        space.reindex_shapes_for_body(body)
    return body


def sync_bases(space: pymunk.Space, bases: Iterable[Base]) -> None:
    """Move the space's base bodies to where the rules say the figures stand (and add new ones)."""
    for base in bases:
        add_base(space, base)


def build_space(index: TerrainIndex, bases: Sequence[Base] = ()) -> pymunk.Space:
    """A fresh Space for ``index``: static convex terrain pieces, the board edge, the bases.

    Build it once per board (``space_for`` caches it per index) and ``sync_bases`` as figures
    move. Gravity is off: the table is seen from above, and heights are animated separately.
    """
    space = pymunk.Space()
    space.gravity = (0.0, 0.0)
    space.tabletop_bases = {}  # type: ignore[attr-defined]
    solids: dict[str, list[pymunk.Shape]] = {}
    for i, solid in enumerate(index.solids):
        if solid.flat:
            continue
        shapes = []
        for verts in convex_pieces(index.footprints[i]):
            shape = pymunk.Poly(space.static_body, verts)
            shape.collision_type = TERRAIN_TYPE
            shape.solid_id = solid.id
            shape.bottom, shape.top = solid.bottom, solid.top
            shapes.append(shape)
        if shapes:
            space.add(*shapes)
            solids.setdefault(solid.id, []).extend(shapes)
    space.tabletop_solids = solids  # type: ignore[attr-defined]
    if index.bounds is not None:
        _edge_walls(space, index.bounds)
    space.tabletop_bounds = index.bounds  # type: ignore[attr-defined]
    space.tabletop_index = weakref.ref(index)  # type: ignore[attr-defined]
    for base in bases:
        add_base(space, base)
    return space


def space_for(index: TerrainIndex) -> pymunk.Space:
    """The Space of ``index``, built on first use and kept while the index lives."""
    space = _SPACES.get(index)
    if space is None:
        space = build_space(index)
        _SPACES[index] = space
    return space


def index_of(space: pymunk.Space) -> TerrainIndex | None:
    """The TerrainIndex a space was built from, while it lives."""
    ref = getattr(space, "tabletop_index", None)
    return ref() if ref is not None else None


def pieces_geometry(space: pymunk.Space, solid_id: str) -> BaseGeometry:
    """The union of a solid's convex pieces as a Shapely geometry (checks and drawing)."""
    shapes = space.tabletop_solids.get(solid_id, [])  # type: ignore[attr-defined]
    polys = [Polygon([tuple(v) for v in s.get_vertices()]) for s in shapes]
    return shapely.union_all(polys) if polys else Polygon()
