"""Building a :class:`~game.geometry.cells.CellGraph`: sampled portal adjacency (MM-GEO-4),
overrides, edge annotations, centres, exits and problems, and reading the inputs from a Board.

``build_parts`` returns the graph's fields; ``CellGraph.build`` makes the graph of them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry

from game.geometry.cell_model import (
    DEFAULT_MIN_PORTAL,
    DEFAULT_SAMPLE_STEP,
    DEFAULT_WALL_TOLERANCE,
    CellInfo,
    CellSpec,
    Edge,
    ExitInfo,
    ExitSpec,
    GraphProblem,
    LineSpec,
    Step,
    Tolerances,
    frozen_points,
)
from game.geometry.cell_model import pair as _pair
from game.geometry.cell_model import qualify as _qualify
from game.geometry.tolerance import EPS, Heading, heading

#: The most boundary samples taken on one cell; a longer boundary gets a wider spacing.
MAX_SAMPLES_PER_CELL = 20_000

_LAYER_WALLS = "walls"
_LAYER_BLACK = "black"
_LAYER_LINES = "lines"
_LAYER_EXITS = "exits"
_LAYER_CELLS = "cells"

# --------------------------------------------------------------------------- helpers


def _as_bool(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes", "on")
    return bool(value)


def _id_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        items: Iterable[Any] = value.split(",")
    elif isinstance(value, Iterable):
        items = value
    else:
        items = [value]
    return [s for s in (str(v).strip() for v in items) if s]


def _polygon_parts(geom: BaseGeometry) -> list[Polygon]:
    if isinstance(geom, Polygon):
        return [geom]
    if isinstance(geom, MultiPolygon):
        return list(geom.geoms)
    parts = getattr(geom, "geoms", ())
    return [g for g in parts if isinstance(g, Polygon) and g.area > 0]


def _area_of(geom: BaseGeometry) -> BaseGeometry | None:
    """The polygonal part of ``geom`` (after repair), or None if it has no area."""
    if not geom.is_valid:
        geom = shapely.make_valid(geom)
    parts = [p for p in _polygon_parts(geom) if p.area > 0]
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else MultiPolygon(parts)


def cell_centre(polygon: BaseGeometry) -> tuple[float, float]:
    """MM-GEO-7: the centroid if it lies inside, else the centre of the largest inscribed circle."""
    c = polygon.centroid
    if polygon.contains(c):
        return float(c.x), float(c.y)
    parts = _polygon_parts(polygon)
    biggest = max(parts, key=lambda p: p.area) if parts else polygon
    tol = max(math.sqrt(max(biggest.area, 0.0)) / 1000.0, 1e-9)
    x, y = shapely.get_coordinates(shapely.maximum_inscribed_circle(biggest, tol))[0]
    return float(x), float(y)


def _samples(geom: BaseGeometry, step: float) -> tuple[np.ndarray, np.ndarray]:
    """MM-GEO-4 step 2: points along every ring of ``geom``, at most ``step`` apart.

    Each ring of length L gets n = ceil(L / step) points at the middles of n equal pieces, so a
    point stands for its own piece of border (its weight) and a lone touching corner is no border.
    """
    rings: list[LineString] = []
    for p in _polygon_parts(geom):
        rings.append(p.exterior)
        rings.extend(p.interiors)
    total = sum(r.length for r in rings)
    if total <= 0:
        return np.empty(0, dtype=object), np.empty(0)
    step = max(step, total / MAX_SAMPLES_PER_CELL)
    pts: list[np.ndarray] = []
    weights: list[np.ndarray] = []
    for ring in rings:
        length = ring.length
        if length <= 0:
            continue
        n = max(1, math.ceil(length / step - 1e-9))
        spacing = length / n
        pts.append(shapely.line_interpolate_point(ring, (np.arange(n) + 0.5) * spacing))
        weights.append(np.full(n, spacing))
    return np.concatenate(pts), np.concatenate(weights)


# --------------------------------------------------------------------------- building


class _Builder:
    def __init__(self, cells: list[CellSpec], walls: list[BaseGeometry], black: list[BaseGeometry],
                 lines: list[LineSpec], exits: list[ExitSpec], tolerances: Tolerances,
                 los_touch_blocks: bool, source: str, problems: list[GraphProblem]) -> None:
        self.specs = cells
        self.tol = tolerances
        self.los_touch_blocks = los_touch_blocks
        self.source = source
        self.problems = problems
        self.walls = [g for g in walls if g is not None and not g.is_empty]
        self.black: list[BaseGeometry] = []
        for g in black:
            area = _area_of(g) if g is not None and not g.is_empty else None
            if area is None:
                self.problem("bad_black", "a black area with no area is ignored")
            else:
                self.black.append(area)
        self.yellow = [ln.geometry for ln in lines if ln.kind.lower() == "yellow"]
        self.red = [ln.geometry for ln in lines if ln.kind.lower() == "red"]
        for ln in lines:
            if ln.kind.lower() not in ("yellow", "red"):
                self.problem("bad_line", f"a line of kind '{ln.kind}' is neither yellow nor red; "
                             "ignored")
        self.exit_specs = exits
        self.wall_tree = shapely.STRtree(self.walls) if self.walls else None
        self.black_tree = shapely.STRtree(self.black) if self.black else None
        self.black_arr = np.asarray(self.black, dtype=object)

    def problem(self, code: str, message: str, cells: Sequence[str] = (),
                severity: str = "warning") -> None:
        self.problems.append(GraphProblem(code, message, tuple(cells), severity))

    # ----------------------------------------------------------------- cells
    def read_cells(self) -> list[CellInfo]:
        out: list[CellInfo] = []
        seen: set[str] = set()
        for spec in self.specs:
            cid = str(spec.id)
            key = _qualify(spec.tile, cid)
            if spec.polygon is None or spec.polygon.is_empty or not isinstance(
                    spec.polygon, Polygon | MultiPolygon):
                self.problem("not_polygon", f"cell '{key}' is not a closed polygon; left out",
                             [key], "error")
                continue
            poly = spec.polygon
            if not poly.is_valid:
                repaired = _area_of(poly)
                if repaired is None:
                    self.problem("not_polygon", f"cell '{key}' has no area; left out", [key], "error")
                    continue
                self.problem("repaired_polygon", f"cell '{key}' polygon is invalid; repaired", [key])
                poly = repaired
            if poly.area <= 0:
                self.problem("not_polygon", f"cell '{key}' has no area; left out", [key], "error")
                continue
            if key in seen:
                self.problem("duplicate_id", f"duplicate cell id '{key}'; the later cell is left "
                             "out", [key], "error")
                continue
            seen.add(key)
            out.append(self.read_cell(spec, key, poly))
        return out

    def read_cell(self, spec: CellSpec, key: str, poly: BaseGeometry) -> CellInfo:
        props = dict(spec.properties)

        def number(name: str, default: float | None, kind: type = float) -> Any:
            raw = props.get(name)
            if raw is None or raw == "":
                return default
            try:
                value = kind(float(raw)) if kind is int else float(raw)
            except (TypeError, ValueError):
                self.problem("bad_property", f"cell '{key}' property {name}={raw!r} is not a "
                             "number; using the default", [key])
                return default
            if not math.isfinite(value):
                self.problem("bad_property", f"cell '{key}' property {name}={raw!r} is not finite",
                             [key])
                return default
            return value

        cap_small = number("capacity_small", None, int)
        alias = number("capacity", None, int)
        if alias is not None and (cap_small is None or cap_small == 4):
            cap_small = alias  # MM-GEO-2: ``capacity`` is an alias of capacity_small
        if cap_small is None:
            cap_small = 4
        cap_large = number("capacity_large", 1, int)
        for name, v in (("capacity_small", cap_small), ("capacity_large", cap_large)):
            if v < 0:
                self.problem("bad_property", f"cell '{key}' {name}={v} is negative; using 0", [key])
        centre = spec.centre
        if centre is None:
            cx, cy = number("centre_x", None), number("centre_y", None)
            if cx is not None and cy is not None:
                centre = (cx, cy)
            elif cx is not None or cy is not None:
                self.problem("bad_property", f"cell '{key}' gives only one of centre_x/centre_y; "
                             "computing the centre", [key])
        if centre is None:
            centre = cell_centre(poly)
        elif not poly.buffer(max(self.tol.wall_tolerance, 0.0)).covers(Point(centre)):
            self.problem("centre_outside", f"cell '{key}' centre {centre} lies outside the cell",
                         [key])
        current = number("current_dir", None)
        return CellInfo(
            key=key, id=str(spec.id), tile=spec.tile, polygon=poly,
            centre=(float(centre[0]), float(centre[1])),
            capacity_small=max(int(cap_small), 0), capacity_large=max(int(cap_large), 0),
            wide=_as_bool(props.get("wide", False)), water=_as_bool(props.get("water", False)),
            trap=_as_bool(props.get("trap", False)), turning=_as_bool(props.get("turning", False)),
            current_dir=None if current is None else float(current) % 360.0,
            exit=tuple(_id_list(props.get("exit"))), turn_target=str(props.get("turn_target", "") or ""),
            object_id=spec.object_id, name=spec.name, properties=MappingProxyType(props),
        )

    # ----------------------------------------------------------------- geometry tests
    def open_mask(self, segs: np.ndarray) -> np.ndarray:
        """MM-GEO-4 step 3: segments farther than wall_tolerance from walls, out of black areas."""
        closed = np.zeros(len(segs), dtype=bool)
        if not len(segs):
            return ~closed
        if self.wall_tree is not None:
            tol = max(self.tol.wall_tolerance, 0.0)
            s, _ = self.wall_tree.query(segs, predicate="dwithin", distance=tol)
            closed[s] = True
        if self.black_tree is not None:
            s, b = self.black_tree.query(segs, predicate="intersects")
            if len(s):
                inside = ~shapely.touches(segs[s], self.black_arr[b])
                closed[s[inside]] = True
        return ~closed

    def near_lines(self, segs: np.ndarray, lines: list[BaseGeometry]) -> np.ndarray:
        hit = np.zeros(len(segs), dtype=bool)
        if lines and len(segs):
            tree = shapely.STRtree(lines)
            s, _ = tree.query(segs, predicate="dwithin", distance=max(self.tol.wall_tolerance, 0.0))
            hit[s] = True
        return hit

    def near_samples(self, pts: np.ndarray, owner: np.ndarray, targets: np.ndarray,
                     allowed: np.ndarray, eps: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """MM-GEO-4 step 2: the samples within the gap of each target, and their segments p–q.

        Returns (sample index, target index, segment) for every sample ``p`` whose owner may face
        the target (``allowed[owner, target]``) and with ``distance(p, target) ≤ adjacency_gap``;
        the segment runs to the target's nearest point ``q`` (the point ``p`` itself when p = q).
        """
        reach = self.tol.gap + eps
        b = shapely.bounds(targets)
        boxes = shapely.box(b[:, 0] - reach, b[:, 1] - reach, b[:, 2] + reach, b[:, 3] + reach)
        pi, tj = shapely.STRtree(boxes).query(pts)  # envelopes only: cheap
        keep = allowed[owner[pi], tj]
        pi, tj = pi[keep], tj[keep]
        with np.errstate(divide="ignore", invalid="ignore"):  # degenerate input gives NaN: dropped
            segs = shapely.shortest_line(pts[pi], targets[tj])
            length = shapely.length(segs)
        near = length <= reach
        pi, tj, segs, length = pi[near], tj[near], segs[near], length[near]
        zero = length == 0
        if zero.any():
            segs[zero] = pts[pi[zero]]  # p = q: the segment is the point itself
        return pi, tj, segs

    # ----------------------------------------------------------------- main
    def run(self) -> dict[str, Any]:
        tol = self.tol
        if tol.sample_step <= 0:
            raise ValueError(f"sample_step must be above 0, not {tol.sample_step}")
        if tol.gap < 0:
            raise ValueError(f"adjacency_gap must not be negative, not {tol.gap}")
        cells = self.read_cells()
        n = len(cells)
        if tol.adjacency_gap is None and n:
            self.problem("missing_adjacency_gap", "the map has no adjacency_gap property; using 0 "
                         "(cells must touch) (MM-GEO-2)")
        index = {c.key: i for i, c in enumerate(cells)}
        polys = np.asarray([c.polygon for c in cells], dtype=object)
        tiles = np.asarray([c.tile for c in cells], dtype=object)
        tile_codes = np.unique(tiles, return_inverse=True)[1] if n else np.empty(0, dtype=int)
        if n:
            bounds = shapely.total_bounds(polys)
            span = float(np.max(np.abs(bounds)))
        else:
            span = 1.0
        eps = EPS * max(1.0, span)  # the policy's EPS, relative to the map's coordinates

        # MM-GEO-4 step 2: samples of every boundary, and which are within the gap of another cell
        pts_list, w_list, own_list = [], [], []
        for i, c in enumerate(cells):
            p, w = _samples(c.polygon, tol.sample_step)
            pts_list.append(p)
            w_list.append(w)
            own_list.append(np.full(len(p), i, dtype=np.int64))
        pts = np.concatenate(pts_list) if pts_list else np.empty(0, dtype=object)
        weight = np.concatenate(w_list) if w_list else np.empty(0)
        owner = np.concatenate(own_list) if own_list else np.empty(0, dtype=np.int64)

        tree = shapely.STRtree(polys) if n else None
        pair_stats: dict[tuple[int, int], tuple[float, int, int, int]] = {}
        pair_gate: dict[tuple[int, int], np.ndarray] = {}
        if n and len(pts):
            allowed = tile_codes[:, None] == tile_codes[None, :]
            np.fill_diagonal(allowed, False)
            pi, cj, segs = self.near_samples(pts, owner, polys, allowed, eps)
            ci = owner[pi]
            is_open = self.open_mask(segs)
            yellow = np.zeros(len(segs), dtype=bool)
            red = np.zeros(len(segs), dtype=bool)
            yellow[is_open] = self.near_lines(segs[is_open], self.yellow)
            red[is_open] = self.near_lines(segs[is_open], self.red)
            lo, hi = np.minimum(ci, cj), np.maximum(ci, cj)
            code = lo * n + hi
            uniq, inv = np.unique(code, return_inverse=True)
            portal = np.bincount(inv, weights=weight[pi] * is_open, minlength=len(uniq)) / 2.0
            n_open = np.bincount(inv, weights=is_open, minlength=len(uniq)).astype(int)
            n_yellow = np.bincount(inv, weights=yellow, minlength=len(uniq)).astype(int)
            n_red = np.bincount(inv, weights=red, minlength=len(uniq)).astype(int)
            order = np.argsort(inv, kind="stable")
            open_sorted = order[is_open[order]]
            starts = np.searchsorted(inv[open_sorted], np.arange(len(uniq)))
            ends = np.searchsorted(inv[open_sorted], np.arange(len(uniq)), side="right")
            open_xy = shapely.get_coordinates(pts[pi])
            for u, c in enumerate(uniq.tolist()):
                a, b = divmod(int(c), n)
                pair_stats[(a, b)] = (float(portal[u]), int(n_open[u]), int(n_yellow[u]),
                                      int(n_red[u]))
                pair_gate[(a, b)] = open_xy[open_sorted[starts[u]:ends[u]]]

        # MM-GEO-4 step 4 and MM-GEO-6 lines
        edges: dict[tuple[str, str], Edge] = {}
        for (a, b), (portal_len, k_open, k_yellow, k_red) in pair_stats.items():
            if k_open == 0 or portal_len <= 0 or portal_len < tol.min_portal:
                continue
            ka, kb = cells[a].key, cells[b].key
            pa = _pair(ka, kb)
            edges[pa] = Edge(pa[0], pa[1], portal_len, k_yellow == k_open, k_red == k_open,
                             "computed", frozen_points(pair_gate[(a, b)]))

        # MM-GEO-5 overrides (either side; remove wins) and MM-LOS-4 sight overrides
        add, remove = self.override_pairs(cells, index, "neighbors_add", "neighbors_remove")
        for pair in add - remove:
            if pair in edges:
                continue
            a, b = index[pair[0]], index[pair[1]]
            stats = pair_stats.get((min(a, b), max(a, b)))
            if stats is not None and stats[1] > 0:
                y, r = stats[2] == stats[1], stats[3] == stats[1]
                gate = frozen_points(pair_gate[(min(a, b), max(a, b))])
            else:  # no open sample: judge the lines by the centre-to-centre segment
                seg = np.array([LineString([cells[a].centre, cells[b].centre])], dtype=object)
                y = bool(self.near_lines(seg, self.yellow)[0])
                r = bool(self.near_lines(seg, self.red)[0])
                gate = frozen_points(np.empty((0, 2)))
            portal_len = stats[0] if stats is not None else 0.0
            edges[pair] = Edge(pair[0], pair[1], portal_len, y, r, "added", gate)
        for pair in remove:
            edges.pop(pair, None)
        los_add, los_block = self.override_pairs(cells, index, "los_add", "los_block")

        # adjacency lists, directed steps (MM-GEO-6 water / current)
        adj: dict[str, list[str]] = {c.key: [] for c in cells}
        steps: dict[tuple[str, str], Step] = {}
        for e in edges.values():
            adj[e.a].append(e.b)
            adj[e.b].append(e.a)
            for s, d in ((e.a, e.b), (e.b, e.a)):
                steps[(s, d)] = self.make_step(cells[index[s]], cells[index[d]], e)
        adj_t = {k: tuple(sorted(v, key=index.__getitem__)) for k, v in adj.items()}

        exits, cell_exits = self.read_exits(cells, pts, owner, weight, eps)
        self.report(cells, polys, tiles, tree, adj_t, exits)
        centres = np.array([c.centre for c in cells], dtype=float).reshape(n, 2)
        return dict(
            cells=tuple(cells), edges=tuple(sorted(edges.values(), key=lambda e: (e.a, e.b))),
            exits=tuple(exits), problems=tuple(self.problems), tolerances=tol,
            los_touch_blocks=self.los_touch_blocks, source=self.source, walls=tuple(self.walls),
            black=tuple(self.black), _index=MappingProxyType(index),
            _adj=MappingProxyType(adj_t), _edge=MappingProxyType(edges),
            _steps=MappingProxyType(steps), _cell_exits=MappingProxyType(cell_exits),
            _los_add=frozenset(los_add - los_block), _los_block=frozenset(los_block),
            _wall_tree=self.wall_tree, _black_tree=self.black_tree, _centres=centres,
        )

    def make_step(self, src: CellInfo, dst: CellInfo, e: Edge) -> Step:
        against = False
        if src.water and src.current_dir is not None:
            rad = math.radians(src.current_dir)
            dx, dy = dst.centre[0] - src.centre[0], dst.centre[1] - src.centre[1]
            # more than 90° from the current (screen axes, y down): "away" in the tolerance policy
            against = heading(dx, dy, math.cos(rad), math.sin(rad)) is Heading.AWAY
        return Step(src.key, dst.key, e.yellow, e.red, into_water=dst.water,
                    out_of_water=src.water and not dst.water, against_current=against,
                    into_trap=dst.trap)

    def override_pairs(self, cells: list[CellInfo], index: Mapping[str, int], add_name: str,
                       remove_name: str) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
        add: set[tuple[str, str]] = set()
        remove: set[tuple[str, str]] = set()
        for c in cells:
            for name, bucket in ((add_name, add), (remove_name, remove)):
                for entry in _id_list(c.properties.get(name)):
                    other = entry if entry in index and ":" in entry else _qualify(c.tile, entry)
                    if other not in index and entry in index:
                        other = entry
                    if other not in index:
                        self.problem("unknown_override", f"cell '{c.key}' {name} names unknown "
                                     f"cell '{entry}'; ignored", [c.key])
                        continue
                    if other == c.key:
                        self.problem("self_override", f"cell '{c.key}' {name} names itself; "
                                     "ignored", [c.key])
                        continue
                    if cells[index[other]].tile != c.tile:
                        self.problem("cross_tile_override", f"cell '{c.key}' {name} names "
                                     f"'{other}' on another tile; cells of different tiles are "
                                     "never adjacent or in sight (MM-GEO-12, MM-LOS-5); ignored",
                                     [c.key, other])
                        continue
                    bucket.add(_pair(c.key, other))
        return add, remove

    def read_exits(self, cells: list[CellInfo], pts: np.ndarray, owner: np.ndarray,
                   weight: np.ndarray, eps: float
                   ) -> tuple[list[ExitInfo], dict[str, tuple[str, ...]]]:
        """MM-EXP-3: cells whose sampled border reaches an exit through an open portal."""
        # an exit without a tile belongs to the tile of the cells that name it, if they agree
        # (exits in a group layer do not inherit the group's tile_id from the Board)
        naming: dict[str, set[str]] = {}
        for c in cells:
            for exit_id in c.exit:
                naming.setdefault(exit_id, set()).add(c.tile)
        specs = []
        for e in self.exit_specs:
            if e.geometry is None or e.geometry.is_empty:
                continue
            tiles = naming.get(e.id, set())
            if not e.tile and len(tiles) == 1:
                e = ExitSpec(e.id, e.geometry, next(iter(tiles)), e.target_tile, e.target_exit,
                             e.colour)
            specs.append(e)
        near: dict[int, set[int]] = {i: set() for i in range(len(specs))}
        if specs and len(pts):
            geoms = np.asarray([e.geometry for e in specs], dtype=object)
            cell_tiles = np.asarray([c.tile for c in cells], dtype=object)
            allowed = np.stack([(cell_tiles == e.tile) | (e.tile == "") for e in specs], axis=1)
            pi, ej, segs = self.near_samples(pts, owner, geoms, allowed, eps)
            ci = owner[pi]
            if len(pi):
                is_open = self.open_mask(segs)
                m = len(specs)
                code = ci * m + ej
                uniq, inv = np.unique(code, return_inverse=True)
                portal = np.bincount(inv, weights=weight[pi] * is_open, minlength=len(uniq))
                for u, c in enumerate(uniq.tolist()):
                    if portal[u] > 0 and portal[u] >= self.tol.min_portal:
                        cell_i, exit_i = divmod(int(c), m)
                        near[exit_i].add(cell_i)
        by_cell: dict[str, list[str]] = {c.key: [] for c in cells}
        exits: list[ExitInfo] = []
        seen_ids: set[str] = set()
        for e_i, spec in enumerate(specs):
            members = sorted(near[e_i])
            for i in members:
                by_cell[cells[i].key].append(spec.id)
            exits.append(ExitInfo(spec.id, spec.geometry, spec.tile, spec.target_tile,
                                  spec.target_exit, spec.colour,
                                  tuple(cells[i].key for i in members)))
            seen_ids.add(spec.id)
        named: dict[str, list[str]] = {}
        for c in cells:
            for exit_id in c.exit:
                if exit_id not in by_cell[c.key]:
                    by_cell[c.key].append(exit_id)
                named.setdefault(exit_id, []).append(c.key)
        exits = [ExitInfo(x.id, x.geometry, x.tile, x.target_tile, x.target_exit, x.colour,
                          tuple(dict.fromkeys(x.cells + tuple(named.get(x.id, ()))))) for x in exits]
        for exit_id, keys in named.items():
            if exit_id not in seen_ids:
                exits.append(ExitInfo(exit_id, None, cells=tuple(keys)))
                seen_ids.add(exit_id)
        return exits, {k: tuple(dict.fromkeys(v)) for k, v in by_cell.items() if v}

    def report(self, cells: list[CellInfo], polys: np.ndarray, tiles: np.ndarray,
               tree: shapely.STRtree | None, adj: Mapping[str, tuple[str, ...]],
               exits: list[ExitInfo]) -> None:
        """MM-GEO-8: isolated cells, overlapping cells, exits without cells."""
        for c in cells:
            if not adj.get(c.key) and len(cells) > 1:
                self.problem("no_neighbours", f"cell '{c.key}' has no neighbours", [c.key])
        if tree is not None and len(cells) > 1:
            i, j = tree.query(polys, predicate="intersects")
            keep = (i < j) & (tiles[i] == tiles[j])
            i, j = i[keep], j[keep]
            if len(i):
                inter = shapely.intersection(polys[i], polys[j])
                areas = shapely.area(inter)
                half = max(self.tol.wall_tolerance, 0.0) / 2.0
                for a, b, g, area in zip(i.tolist(), j.tolist(), inter, areas, strict=True):
                    if area <= 0:
                        continue
                    if half > 0 and shapely.buffer(g, -half).is_empty:
                        continue
                    ka, kb = cells[a].key, cells[b].key
                    self.problem("overlap", f"cells '{ka}' and '{kb}' overlap by more than "
                                 "wall_tolerance", [ka, kb])
        for x in exits:
            if not x.cells:
                self.problem("exit_without_cell", f"exit '{x.id}' has no adjacent cell")


# --------------------------------------------------------------------------- from a Board


def _float_prop(props: Mapping[str, Any], name: str, default: float | None,
                problems: list[GraphProblem]) -> float | None:
    raw = props.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except (TypeError, ValueError):
        problems.append(GraphProblem("bad_property", f"map property {name}={raw!r} is not a "
                                     f"number; using {default}"))
        return default
    if not math.isfinite(value) or value < 0:
        problems.append(GraphProblem("bad_property", f"map property {name}={raw!r} must be a "
                                     f"finite number ≥ 0; using {default}"))
        return default
    return value


def _layer_is(obj: Any, name: str) -> bool:
    return str(getattr(obj, "layer", "")).lower() == name


def board_inputs(board: Any) -> dict[str, Any]:
    """The arguments of :meth:`CellGraph.build` read from a Board, converted to mm.

    Cells come from ``board.cells`` (tile from the group layer's ``tile_id``, else the map's);
    walls, black areas, yellow/red lines and exits from the layers of MM-GEO-3.
    """
    k = float(board.mm_per_px)
    props: Mapping[str, Any] = board.properties
    problems: list[GraphProblem] = []
    gap = _float_prop(props, "adjacency_gap", None, problems)
    tol_px = Tolerances(
        gap,
        _float_prop(props, "wall_tolerance", DEFAULT_WALL_TOLERANCE, problems) or 0.0,
        _float_prop(props, "min_portal", DEFAULT_MIN_PORTAL, problems) or 0.0,
        _float_prop(props, "sample_step", DEFAULT_SAMPLE_STEP, problems) or DEFAULT_SAMPLE_STEP,
    )
    map_tile = str(props.get("tile_id", "") or "")
    cells: list[CellSpec] = []
    cell_objects: set[int] = set()
    for c in board.cells:
        cp = c.properties
        centre = None
        try:
            if cp.get("centre_x") not in (None, "") and cp.get("centre_y") not in (None, ""):
                centre = (float(cp["centre_x"]) * k, float(cp["centre_y"]) * k)
        except (TypeError, ValueError):
            problems.append(GraphProblem("bad_property", f"cell '{c.id}' centre_x/centre_y are "
                                         "not numbers; computing the centre", (c.id,)))
        tile = str(cp.get("tile_id", "") or map_tile)
        cells.append(CellSpec(c.id, c.polygon, tile, cp, centre, c.object_id, c.name))
        cell_objects.add(c.object_id)
    for o in board.objects:
        if _layer_is(o, _LAYER_CELLS) and o.id not in cell_objects and o.cls in ("", "Cell"):
            problems.append(GraphProblem("not_polygon", f"object {o.id} '{o.name}' in the cells "
                                         f"layer is not a closed polygon ({o.shape}); not a cell",
                                         (), "error"))
    walls: list[BaseGeometry] = []
    black: list[BaseGeometry] = []
    lines: list[LineSpec] = []
    exits: list[ExitSpec] = []
    for o in board.objects:
        g = o.geometry
        if _layer_is(o, _LAYER_WALLS):
            if isinstance(g, Point):
                problems.append(GraphProblem("bad_object", f"wall object {o.id} is a point; "
                                             "ignored"))
            else:
                walls.append(g)
        elif _layer_is(o, _LAYER_BLACK):
            if g.area > 0:
                black.append(g)
            else:
                problems.append(GraphProblem("bad_object", f"black object {o.id} has no area; "
                                             "ignored"))
        elif _layer_is(o, _LAYER_LINES):
            kind = str(o.properties.get("kind", "") or o.cls or o.name).strip().lower()
            if isinstance(g, Point):
                problems.append(GraphProblem("bad_object", f"line object {o.id} is a point; "
                                             "ignored"))
            elif kind in ("yellow", "red"):
                lines.append(LineSpec(g.boundary if g.area > 0 else g, kind))
            else:
                problems.append(GraphProblem("bad_line", f"line object {o.id} has kind "
                                             f"'{kind}', not yellow or red; ignored"))
        elif _layer_is(o, _LAYER_EXITS):
            p = o.properties
            exits.append(ExitSpec(
                id=str(p.get("exit_id", "") or o.name or o.id), geometry=g,
                tile=str(p.get("tile_id", "") or ""), target_tile=str(p.get("target_tile", "") or ""),
                target_exit=str(p.get("target_exit", "") or ""),
                colour=str(p.get("colour", "") or p.get("color", "") or ""),
            ))
    return {"cells": cells, "walls": walls, "black": black, "lines": lines, "exits": exits,
            "tolerances": tol_px.scaled(k), "source": str(getattr(board, "path", "")),
            "problems": problems}


def build_parts(cells: list[CellSpec], walls: list[BaseGeometry], black: list[BaseGeometry],
                lines: list[LineSpec], exits: list[ExitSpec], tolerances: Tolerances,
                los_touch_blocks: bool, source: str, problems: list[GraphProblem]) -> dict[str, Any]:
    """The fields of a CellGraph built from plain inputs (see ``CellGraph.build``)."""
    return _Builder(cells, walls, black, lines, exits, tolerances, los_touch_blocks, source,
                    problems).run()
