"""Mice and Mystics cells: adjacency, overrides, annotations, occupancy, paths, sight (MM-GEO, MM-LOS).

Scenes are built in code in map-pixel-like units (tolerances in the same units); one test goes
through a TMX file to check the px → mm conversion of ``CellGraph.from_board``.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
import shapely
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box

from game.board import load_board
from game.geometry.cells import CellGraph, CellSpec, ExitSpec, LineSpec, Tolerances, cell_centre
from tests.board.mapkit import tmx, write_map

REPO = Path(__file__).resolve().parents[2]
CHAPTER_MAP = REPO / "maps" / "mice_chapter.tmx"


def sq(x0: float, y0: float, x1: float, y1: float) -> Polygon:
    return box(x0, y0, x1, y1)


def graph(cells: dict[str, Polygon], *, props: dict[str, dict] | None = None, tiles=None,
          gap: float | None = 0.0, walls=(), black=(), lines=(), exits=(), wall_tolerance=1.0,
          min_portal=1.0, sample_step=1.0, los_touch_blocks=True, centres=None) -> CellGraph:
    props = props or {}
    tiles = tiles or {}
    centres = centres or {}
    specs = [CellSpec(k, p, tiles.get(k, ""), props.get(k, {}), centres.get(k)) for k, p in cells.items()]
    return CellGraph.build(specs, walls, black, lines, exits,
                           Tolerances(gap, wall_tolerance, min_portal, sample_step),
                           los_touch_blocks=los_touch_blocks)


def row(n: int, size: float = 50.0, **kw) -> CellGraph:
    """n squares in a row, touching: c0 | c1 | ... ."""
    return graph({f"c{i}": sq(i * size, 0, (i + 1) * size, size) for i in range(n)}, **kw)


def codes(g: CellGraph) -> list[str]:
    return [p.code for p in g.problems]


A = sq(0, 0, 50, 50)
D = sq(50, 0, 100, 50)  # touches A along x = 50


# --------------------------------------------------------------------------- MM-GEO-4


def test_MM_GEO_4_touching_squares_are_adjacent():
    g = graph({"A": A, "D": D})
    assert g.adjacent("A", "D") and g.adjacent("D", "A")
    assert g.neighbours("A") == ("D",)
    assert g.edge("A", "D").portal == pytest.approx(50.0)


def test_MM_GEO_4_wall_along_border_separates():
    g = graph({"A": A, "D": D}, walls=[LineString([(50, 0), (50, 50)])])
    assert not g.adjacent("A", "D")


def test_MM_GEO_4_wall_over_half_the_border_is_a_doorway():
    g = graph({"A": A, "D": D}, walls=[LineString([(50, 0), (50, 25)])])
    e = g.edge("A", "D")
    assert e is not None
    # open where the segment stays farther than wall_tolerance (1) from the wall: y in (26, 50)
    assert e.portal == pytest.approx(24.0)
    ys = shapely.get_coordinates(e.gate)[:, 1]
    assert ys.min() > 26 and ys.max() < 50


def test_MM_GEO_4_gap_smaller_than_adjacency_gap_is_adjacent_larger_is_not():
    near = sq(55, 0, 105, 50)
    far = sq(60, 0, 110, 50)
    assert graph({"A": A, "B": near}, gap=8).adjacent("A", "B")
    assert not graph({"A": A, "C": far}, gap=8).adjacent("A", "C")
    assert not graph({"A": A, "B": near}, gap=0).adjacent("A", "B")


def test_MM_GEO_4_black_area_in_the_gap_separates():
    b = sq(55, 0, 105, 50)
    assert graph({"A": A, "B": b}, gap=8).adjacent("A", "B")
    filled = sq(50.5, -10, 54.5, 60)
    assert not graph({"A": A, "B": b}, gap=8, black=[filled]).adjacent("A", "B")
    # a black area that only touches the segments (its edge on the border line) does not cut them
    beside = sq(50, 50, 55, 80)
    assert graph({"A": A, "B": b}, gap=8, black=[beside]).adjacent("A", "B")


def test_MM_GEO_4_black_area_over_half_the_gap_leaves_a_doorway():
    b = sq(55, 0, 105, 50)
    half = sq(50.5, -10, 54.5, 25)
    e = graph({"A": A, "B": b}, gap=8, black=[half]).edge("A", "B")
    assert e is not None and 20 < e.portal < 30


def test_MM_GEO_4_wall_within_wall_tolerance_of_the_border_separates():
    near = [LineString([(50.8, -5), (50.8, 55)])]  # beside the border, 0.8 away
    assert not graph({"A": A, "D": D}, walls=near, wall_tolerance=1.0).adjacent("A", "D")
    assert graph({"A": A, "D": D}, walls=near, wall_tolerance=0.5).adjacent("A", "D")
    # a wall in the gap crosses every sample segment
    b = sq(51, 0, 101, 50)
    wall = [LineString([(50.5, -5), (50.5, 55)])]
    assert not graph({"A": A, "B": b}, gap=2, walls=wall, wall_tolerance=0.0).adjacent("A", "B")
    assert graph({"A": A, "B": b}, gap=2, wall_tolerance=0.0).adjacent("A", "B")


def test_MM_GEO_4_portal_shorter_than_min_portal_is_not_adjacent():
    small = sq(50, 47, 60, 60)  # shares 3 units of A's right side
    assert graph({"A": A, "S": small}, min_portal=1).adjacent("A", "S")
    assert not graph({"A": A, "S": small}, min_portal=5).adjacent("A", "S")


def test_MM_GEO_4_corner_contact_alone_is_no_border_at_zero_gap():
    diag = sq(50, 50, 100, 100)
    assert not graph({"A": A, "X": diag}, gap=0).adjacent("A", "X")
    # within a gap tolerance the corner neighbourhood is a border (MM-ADJ-1: gap < a base)
    assert graph({"A": A, "X": diag}, gap=8).adjacent("A", "X")


def test_MM_GEO_4_overlapping_cells_are_adjacent():
    g = graph({"A": A, "O": sq(45, 0, 95, 50)})
    assert g.adjacent("A", "O")


def test_MM_GEO_4_sample_step_does_not_change_the_answer_for_a_border():
    for step in (0.5, 1.0, 3.0, 7.0):
        g = graph({"A": A, "D": D}, sample_step=step, walls=[LineString([(50, 0), (50, 25)])])
        assert g.edge("A", "D").portal == pytest.approx(24.0, abs=step)


def test_MM_TV_20_gap_walls_and_doorway():
    """MM-TV-20 (MM-GEO-4)."""
    a = Polygon([[0, 0], [50, 0], [50, 50], [0, 50]])
    b = Polygon([[55, 0], [105, 0], [105, 50], [55, 50]])
    c = Polygon([[60, 0], [110, 0], [110, 50], [60, 50]])
    d = Polygon([[50, 0], [100, 0], [100, 50], [50, 50]])
    wall_full = [LineString([[50, -1], [50, 51]])]
    doorway = [LineString([[50, -1], [50, 20]]), LineString([[50, 30], [50, 51]])]
    assert graph({"A": a, "B": b}, gap=8).adjacent("A", "B") is True
    assert graph({"A": a, "C": c}, gap=8).adjacent("A", "C") is False
    assert graph({"A": a, "D": d}, gap=8, walls=wall_full).adjacent("A", "D") is False
    assert graph({"A": a, "D": d}, gap=8, walls=doorway).adjacent("A", "D") is True
    assert graph({"A": a, "D": d}, gap=8).adjacent("A", "D") is True


def test_MM_ADJ_2_symmetric_and_irreflexive():
    g = row(4)
    for a, b in itertools.product(g.keys, repeat=2):
        assert g.adjacent(a, b) == g.adjacent(b, a)
    assert all(not g.adjacent(k, k) and k not in g.neighbours(k) for k in g.keys)
    assert g.neighbours("c1") == ("c0", "c2")


# --------------------------------------------------------------------------- MM-GEO-5


def test_MM_GEO_5_neighbors_add_joins_far_cells_from_either_side():
    far = sq(200, 0, 250, 50)
    g1 = graph({"A": A, "F": far}, props={"A": {"neighbors_add": "F"}})
    g2 = graph({"A": A, "F": far}, props={"F": {"neighbors_add": "A"}})
    for g in (g1, g2):
        assert g.adjacent("A", "F") and g.edge("A", "F").source == "added"
        assert g.edge("A", "F").portal == 0


def test_MM_GEO_5_neighbors_remove_splits_from_either_side_and_wins_over_add():
    g = graph({"A": A, "D": D}, props={"D": {"neighbors_remove": "A"}})
    assert not g.adjacent("A", "D")
    both = graph({"A": A, "D": D}, props={"A": {"neighbors_add": "D"}, "D": {"neighbors_remove": " A ,"}})
    assert not both.adjacent("A", "D")


def test_MM_GEO_5_add_across_a_wall_and_unknown_ids_are_reported():
    wall = [LineString([(50, 0), (50, 50)])]
    g = graph({"A": A, "D": D}, walls=wall, props={"A": {"neighbors_add": "D, nowhere, A"}})
    assert g.adjacent("A", "D")
    assert "unknown_override" in codes(g) and "self_override" in codes(g)


# --------------------------------------------------------------------------- MM-GEO-6


def test_MM_GEO_6_yellow_line_along_the_border_marks_the_edge():
    yellow = [LineSpec(LineString([(50, -5), (50, 55)]), "yellow")]
    g = graph({"A": A, "D": D}, lines=yellow)
    e = g.edge("A", "D")
    assert e.yellow and not e.red
    assert g.step("A", "D").yellow and g.step("D", "A").yellow


def test_MM_GEO_6_line_over_part_of_the_border_leaves_a_normal_edge():
    half = [LineSpec(LineString([(50, 0), (50, 25)]), "red")]
    e = graph({"A": A, "D": D}, lines=half).edge("A", "D")
    assert e is not None and not e.red and not e.yellow


def test_MM_GEO_6_red_line_edge():
    red = [LineSpec(LineString([(50, -5), (50, 55)]), "red")]
    g = graph({"A": A, "D": D}, lines=red)
    assert g.edge("A", "D").red and g.step("D", "A").red


def test_MM_GEO_6_water_and_current():
    # c0 | c1 (water, current towards +x) | c2
    g = row(3, props={"c1": {"water": True, "current_dir": 0.0}})
    assert g.step("c0", "c1").into_water and not g.step("c0", "c1").out_of_water
    assert g.step("c1", "c2").out_of_water and not g.step("c1", "c2").against_current
    assert g.step("c1", "c0").against_current  # 180° from the current
    down = row(3, props={"c1": {"water": "true", "current_dir": 90.0}})
    assert not down.step("c1", "c0").against_current  # exactly 90°: not more than 90°
    both = row(2, props={"c0": {"water": True}, "c1": {"water": True}})
    assert both.step("c0", "c1").into_water and not both.step("c0", "c1").out_of_water


# --------------------------------------------------------------------------- MM-GEO-7


def test_MM_GEO_7_centre_is_centroid_when_inside():
    g = graph({"A": A})
    assert g.centre("A") == pytest.approx((25.0, 25.0))


def test_MM_GEO_7_centre_of_a_u_shape_lies_inside():
    u = Polygon([(0, 0), (90, 0), (90, 90), (60, 90), (60, 20), (30, 20), (30, 90), (0, 90)])
    assert not u.contains(u.centroid)
    x, y = cell_centre(u)
    assert u.contains(Point(x, y))


def test_MM_GEO_7_centre_from_properties():
    g = graph({"A": A}, props={"A": {"centre_x": 10, "centre_y": "12.5"}})
    assert g.centre("A") == (10.0, 12.5)


# --------------------------------------------------------------------------- MM-GEO-8


def test_MM_GEO_8_report_lists_problems():
    g = CellGraph.build(
        [CellSpec("A", A), CellSpec("A", D), CellSpec("lonely", sq(300, 300, 310, 310)),
         CellSpec("O1", sq(500, 0, 550, 50)), CellSpec("O2", sq(520, 0, 570, 50)),
         CellSpec("line", LineString([(0, 0), (1, 1)]))],
        exits=[ExitSpec("nowhere", sq(900, 900, 910, 910))],
        tolerances=Tolerances(None))
    found = codes(g)
    for code in ("missing_adjacency_gap", "duplicate_id", "no_neighbours", "overlap",
                 "not_polygon", "exit_without_cell"):
        assert code in found, code
    assert g.keys == ("A", "lonely", "O1", "O2")  # the duplicate and the line are left out
    assert all(p.as_problem("m.tmx").line().startswith("m.tmx") for p in g.problems)


def test_MM_GEO_8_touching_cells_are_not_reported_as_overlapping():
    assert "overlap" not in codes(row(3))
    sliver = graph({"A": A, "S": sq(49.6, 0, 100, 50)}, wall_tolerance=1.0)
    assert "overlap" not in codes(sliver)  # overlap 0.4 ≤ wall_tolerance


# --------------------------------------------------------------------------- MM-GEO-2 capacity, hops
# (who may stand in a cell, paths and reachable cells are the rules': tests/rules/mice_and_mystics/test_paths.py)


def test_MM_GEO_2_per_cell_capacity_and_capacity_alias():
    g = row(4, props={"c0": {"capacity_small": 2}, "c1": {"capacity": 1}, "c2": {"capacity_large": 0}})
    assert (g.cell("c0").capacity_small, g.cell("c0").capacity_large) == (2, 1)
    assert g.cell("c1").capacity_small == 1
    assert (g.cell("c2").capacity_small, g.cell("c2").capacity_large) == (4, 0)
    assert (g.cell("c3").capacity_small, g.cell("c3").capacity_large) == (4, 1)


def test_hops_are_graph_distance():
    g = row(4)
    assert dict(g.hops("c0")) == {"c0": 0, "c1": 1, "c2": 2, "c3": 3}
    assert g.positions["c2"] == 2


# --------------------------------------------------------------------------- MM-LOS


def _far_pair(**kw) -> CellGraph:
    return graph({"A": sq(-10, -10, 10, 10), "B": sq(90, -10, 110, 10)}, **kw)


def test_MM_TV_19_wall_blocks_sight():
    """MM-TV-19 (MM-LOS-1, MM-GEO-7)."""
    g = _far_pair(walls=[LineString([[50, -20], [50, 20]])])
    assert g.centre("A") == (0, 0) and g.centre("B") == (100, 0)
    assert g.sees("A", "B") is False and g.sees("B", "A") is False
    assert g.sight("A", "B").reason == "wall"


def test_MM_LOS_1_clear_line_and_black_area():
    assert _far_pair().sees("A", "B")
    assert not _far_pair(black=[sq(40, -5, 60, 5)]).sees("A", "B")
    # along the black area's edge only: not through its interior
    assert _far_pair(black=[sq(40, 0, 60, 5)]).sees("A", "B")


def test_MM_LOS_1_touching_a_wall_blocks_when_los_touch_blocks():
    end_on_line = [LineString([(50, 0), (50, 20)])]
    assert not _far_pair(walls=end_on_line).sees("A", "B")
    assert _far_pair(walls=end_on_line, los_touch_blocks=False).sees("A", "B")
    crossing = [LineString([(50, -20), (50, 20)])]
    assert not _far_pair(walls=crossing, los_touch_blocks=False).sees("A", "B")


def test_MM_LOS_2_own_and_adjacent_cells_always_seen():
    # the centre line of two doorway-adjacent cells crosses the wall
    g = graph({"A": A, "D": D}, walls=[LineString([(50, -5), (50, 40)])])
    assert g.adjacent("A", "D")
    assert g.sees("A", "A") and g.sees("A", "D") and g.sight("A", "D").reason == "adjacent"


def test_MM_LOS_3_other_cells_and_lines_do_not_block():
    cells = {"A": sq(0, 0, 10, 10), "M": sq(10, 0, 90, 10), "B": sq(90, 0, 100, 10)}
    red = [LineSpec(LineString([(50, -5), (50, 15)]), "red")]
    g = graph(cells, lines=red, props={"M": {"water": True, "trap": True}})
    assert not g.adjacent("A", "B") and g.sees("A", "B")


def test_MM_LOS_4_overrides_either_side_block_wins():
    wall = [LineString([[50, -20], [50, 20]])]
    assert _far_pair(walls=wall, props={"B": {"los_add": "A"}}).sees("A", "B")
    assert not _far_pair(props={"A": {"los_block": "B"}}).sees("B", "A")
    both = _far_pair(props={"A": {"los_add": "B"}, "B": {"los_block": "A"}})
    assert not both.sees("A", "B") and both.sight("A", "B").reason == "override_block"


def test_MM_LOS_5_symmetric_and_visible_from_agrees():
    cells = {f"c{i}{j}": sq(i * 30, j * 30, i * 30 + 30, j * 30 + 30) for i in range(4) for j in range(3)}
    walls = [LineString([(45, -5), (45, 70)]), LineString([(75, 40), (130, 40)])]
    g = graph(cells, walls=walls, black=[sq(20, 62, 80, 90)])
    for a in g.keys:
        vis = set(g.visible_from(a))
        for b in g.keys:
            assert g.sees(a, b) == g.sees(b, a)
            assert (b in vis) == g.sees(a, b)


# --------------------------------------------------------------------------- MM-GEO-12 and exits


def test_MM_GEO_12_cells_of_different_tiles_are_never_adjacent_or_in_sight():
    g = graph({"1": A, "2": D}, tiles={"1": "kitchen", "2": "cellar"},
              props={"1": {"neighbors_add": "cellar:2", "los_add": "cellar:2"}})
    assert g.keys == ("kitchen:1", "cellar:2")
    assert not g.adjacent("kitchen:1", "cellar:2")
    assert not g.sees("kitchen:1", "cellar:2")
    assert "cross_tile_override" in codes(g)
    assert g.tiles == ("kitchen", "cellar") and g.cells_on_tile("cellar") == ("cellar:2",)


def test_MM_GEO_12_same_cell_id_on_two_tiles():
    specs = [CellSpec("1", A, "t1"), CellSpec("2", D, "t1"), CellSpec("1", A, "t2"), CellSpec("2", D, "t2")]
    g = CellGraph.build(specs, tolerances=Tolerances(0))
    assert "duplicate_id" not in codes(g)
    assert g.neighbours("t1:1") == ("t1:2",) and g.neighbours("t2:1") == ("t2:2",)
    assert g.key("1", "t2") == "t2:1"


def test_MM_EXP_3_cells_adjacent_to_an_exit():
    g = graph({"c0": A, "c1": D}, exits=[ExitSpec("east", sq(100, 10, 110, 40), target_tile="x")],
              props={"c0": {"exit": "trapdoor"}})
    assert g.exits_of("c1") == ("east",) and g.exits_of("c0") == ("trapdoor",)
    assert g.exit("east").cells == ("c1",) and g.exit("trapdoor").cells == ("c0",)
    walled = graph({"c0": A, "c1": D}, exits=[ExitSpec("east", sq(100, 10, 110, 40))],
                   walls=[LineString([(100, 0), (100, 50)])])
    assert walled.exits_of("c1") == () and "exit_without_cell" in codes(walled)


# --------------------------------------------------------------------------- from a Board


def test_MM_GEO_2_from_board_converts_px_tolerances_to_mm(tmp_path):
    props = """<property name="adjacency_gap" type="float" value="8"/>
               <property name="mm_per_pixel" type="float" value="0.5"/>"""
    layers = """<objectgroup id="5" name="cells">
      <object id="11" x="0" y="0" width="50" height="50"><properties>
        <property name="cell_id" value="A"/></properties></object>
      <object id="12" x="55" y="0" width="50" height="50"><properties>
        <property name="cell_id" value="B"/><property name="centre_x" type="float" value="80"/>
        <property name="centre_y" type="float" value="20"/></properties></object>
      <object id="13" x="160" y="0" width="50" height="50"><properties>
        <property name="cell_id" value="C"/><property name="neighbors_add" value="B"/></properties></object>
      <object id="14" x="115" y="0" width="40" height="50"><properties>
        <property name="cell_id" value="W"/></properties></object>
      <object id="15" x="300" y="300"><point/></object>
    </objectgroup>
    <objectgroup id="6" name="Walls"><object id="21" x="110" y="-5"><polyline points="0,0 0,60"/></object></objectgroup>
    <objectgroup id="7" name="lines"><object id="22" x="52" y="-5"><properties>
      <property name="kind" value="yellow"/></properties><polyline points="0,0 0,60"/></object></objectgroup>
    <objectgroup id="8" name="exits"><object id="23" x="0" y="50" width="50" height="10"><properties>
      <property name="exit_id" value="south"/></properties></object></objectgroup>"""
    board = load_board(write_map(tmp_path, tmx(props=props, extra_layers=layers)))
    g = CellGraph.from_board(board)
    assert g.tolerances.gap == pytest.approx(4.0) and g.tolerances.sample_step == pytest.approx(0.5)
    assert g.adjacent("A", "B") and g.edge("A", "B").yellow
    assert not g.adjacent("B", "W")  # the wall in the 10 px gap between them
    assert g.adjacent("B", "C") and g.edge("B", "C").source == "added"
    assert g.centre("B") == pytest.approx((40.0, 10.0))
    assert g.exits_of("A") == ("south",)
    assert "not_polygon" in codes(g) and "missing_adjacency_gap" not in codes(g)


def test_MM_GEO_8_from_board_missing_adjacency_gap(tmp_path):
    layers = """<objectgroup id="5" name="cells">
      <object id="11" x="0" y="0" width="50" height="50"/>
      <object id="12" x="50" y="0" width="50" height="50"/></objectgroup>"""
    g = CellGraph.from_board(load_board(write_map(tmp_path, tmx(extra_layers=layers))))
    assert "missing_adjacency_gap" in codes(g) and g.adjacent("11", "12")


def test_mice_chapter_map_cells_all_have_neighbours_and_tiles_stay_apart():
    """MM-GEO-8 (no isolated cells), MM-GEO-12 (never adjacent across tiles) on the shipped map."""
    if not CHAPTER_MAP.is_file():
        pytest.skip("maps/mice_chapter.tmx is not in this checkout")
    board = load_board(CHAPTER_MAP)
    g = CellGraph.from_board(board)
    assert len(g) == len(board.cells) > 0
    for key in g.keys:
        assert g.neighbours(key), f"cell {key} has no neighbour"
    assert "no_neighbours" not in codes(g)
    for e in g.edges:
        assert g.cell(e.a).tile == g.cell(e.b).tile, e
    if len(g.tiles) >= 2:
        t1, t2 = g.tiles[:2]
        for a in g.cells_on_tile(t1):
            for b in g.cells_on_tile(t2):
                assert not g.adjacent(a, b) and not g.sees(a, b)


# --------------------------------------------------------------------------- properties


@st.composite
def scenes(draw):
    n = draw(st.integers(3, 10))
    seed = draw(st.integers(0, 2**31 - 1))
    rng = np.random.default_rng(seed)
    pts = shapely.multipoints(rng.uniform(0, 100, size=(n, 2)))
    frame = box(0, 0, 100, 100)
    cells = [g.intersection(frame) for g in shapely.get_parts(shapely.voronoi_polygons(pts, extend_to=frame))]
    shrink = draw(st.sampled_from([0.0, 0.3, 1.0, 2.0]))
    cells = [c.buffer(-shrink) if shrink else c for c in cells]
    cells = [c for c in cells if isinstance(c, Polygon) and c.area > 1]
    walls = [LineString(rng.uniform(0, 100, size=(2, 2))) for _ in range(draw(st.integers(0, 3)))]
    black = [Point(rng.uniform(0, 100, 2)).buffer(rng.uniform(2, 8)) for _ in range(draw(st.integers(0, 2)))]
    gap = draw(st.sampled_from([0.0, 1.0, 3.0, 5.0]))
    keys = [f"v{i}" for i in range(len(cells))]
    props = {}
    for k in keys:
        if draw(st.booleans()) and len(keys) > 1:
            props[k] = {draw(st.sampled_from(["neighbors_add", "neighbors_remove", "los_add", "los_block"])):
                        draw(st.sampled_from(keys))}
        if draw(st.integers(0, 3)) == 0:
            props.setdefault(k, {}).update(water=True, current_dir=draw(st.sampled_from([None, 0, 135])))
    tiles = {k: draw(st.sampled_from(["", "", "t2"])) for k in keys}
    touch = draw(st.booleans())
    lines = [LineSpec(LineString(rng.uniform(0, 100, size=(2, 2))), draw(st.sampled_from(["yellow", "red"])))
             for _ in range(draw(st.integers(0, 3)))]
    return graph(dict(zip(keys, cells, strict=True)), props=props, tiles=tiles, gap=gap, walls=walls,
                 black=black, lines=lines, los_touch_blocks=touch,
                 sample_step=draw(st.sampled_from([0.5, 1.0, 2.0])))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes())
def test_MM_ADJ_2_MM_LOS_5_property_adjacency_and_sight_symmetric(g):
    for a in g.keys:
        assert not g.adjacent(a, a) and a not in g.neighbours(a)
        for b in g.neighbours(a):
            assert a in g.neighbours(b)
            assert g.cell(a).tile == g.cell(b).tile  # MM-GEO-12
            assert g.step(a, b) is not None and g.step(b, a) is not None
    for a, b in itertools.combinations(g.keys, 2):
        assert g.adjacent(a, b) == g.adjacent(b, a)
        assert g.sees(a, b) == g.sees(b, a)
        if g.adjacent(a, b):
            assert g.sees(a, b)  # MM-LOS-2
    for a in g.keys:
        assert a in g.visible_from(a)
        assert set(g.visible_from(a)) == {b for b in g.keys if g.sees(a, b)}


def test_gate_points_are_drawable():
    e = graph({"A": A, "D": D}).edge("A", "D")
    assert isinstance(e.gate, MultiPoint) and not e.gate.is_empty


def test_MM_GEO_8_a_map_without_cells_reports_nothing():
    g = CellGraph.build([], tolerances=Tolerances(None))
    assert len(g) == 0 and g.problems == () and g.edges == ()
