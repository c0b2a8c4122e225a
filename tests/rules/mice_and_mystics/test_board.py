"""The chapter's board through the rules: occupancy, adjacency, map features, geometry, sight
(MM-OCC, MM-ADJ, MM-FEAT, MM-GEO, MM-LOS). The geometry itself is ``game.geometry.cells``;
these tests check that the rule system uses it as the spec says, on ``maps/mice_chapter.tmx``."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from shapely.geometry import LineString, Polygon, box

from game.core.dice import ScriptedDice
from game.geometry.cells import CellGraph, CellSpec, Tolerances
from game.rules.engine import IllegalCommand, Setup
from game.rules.mice_and_mystics.board import apply_rulings
from game.rules.mice_and_mystics.commands import (
    Attack,
    EndMove,
    Equip,
    Explore,
    GmTurn,
    LevelUp,
    Move,
    Rescue,
    Ruling,
    Share,
    Step,
)
from game.rules.mice_and_mystics.config import MoveRules
from game.rules.mice_and_mystics.game import MiceAndMystics
from game.rules.mice_and_mystics.occupancy import LARGE, SMALL, SMALL_MINION, Count, can_enter, is_full
from game.rules.mice_and_mystics.paths import check_path, step_cost, step_forbidden
from tests.rules.mice_and_mystics.scene import SYSTEM, C, K, all_of, first, fresh, legal, run, scene


def refused(state, command, rule=None):
    with pytest.raises(IllegalCommand) as err:
        SYSTEM.apply(state, command, ScriptedDice([]))
    if rule:
        assert err.value.rule_id == rule, err.value
    return err.value


@pytest.fixture(scope="module")
def g():
    return SYSTEM.graph(fresh())


# --------------------------------------------------------------------------- MM-OCC


def test_MM_OCC_1_four_small_or_one_large_never_mixed(g):
    state = scene({"tilly": C(6), "bram": C(6), "pip": C(6), "hazel": C(1)}, (("rat_1", "rat", C(6)),),
                  turn="hazel")
    refused(state, Step("hazel", C(6)), "MM-OCC-3")  # 3 mice + 1 minion: full
    assert SYSTEM.invariants(state) == []
    big = scene({"hazel": C(1)}, (("brute", "rat!large", C(6)),), turn="hazel")
    refused(big, Step("hazel", C(6)), "MM-OCC-3")  # never a mix with a large creature
    mixed = scene({"hazel": C(6)}, (("brute", "rat!large", C(6)),), turn="hazel")
    assert any("MM-OCC-1" in b for b in SYSTEM.invariants(mixed))


def test_MM_TV_17_MM_OCC_2_MM_OCC_3_MM_GEO_9_full_cells(g):
    """MM-TV-17 (MM-OCC-1, MM-OCC-2, MM-OCC-3, MM-GEO-9)."""
    X, Y, Z = C(6), C(7), C(2)
    state = scene({"tilly": X, "bram": X, "pip": X, "hazel": C(1)},
                  (("rat_1", "rat", X), ("brute", "rat!large", Y)), turn="hazel", mp=5,
                  order=("hazel", "tilly", "bram", "pip", "minions:rat"))
    occ = SYSTEM.occupancy(state)
    assert occ[X] == Count(mice=3, small_minions=1) and is_full(g, X, occ)
    refused(state, Step("hazel", X), "MM-OCC-3")
    with pytest.raises(IllegalCommand) as err:  # nor pass through it: C1 -> C6 -> C9
        run(state, Move("hazel", (C(1), X, C(9))))
    assert "MM-OCC-3" in err.value.reason
    assert occ[Y] == Count(large_minions=1) and is_full(g, Y, occ) and not can_enter(g, Y, occ, SMALL)
    z_state = scene({"tilly": Z}, (("brute", "rat!large", C(3)),), turn="tilly")
    z_occ = SYSTEM.occupancy(z_state)
    assert z_occ[Z] == Count(mice=1) and not can_enter(g, Z, z_occ, LARGE)


def test_MM_OCC_2_capacity_properties_and_MM_OCC_4_both_sides_count_captured_do_not(g):
    assert g.cell(C(6)).capacity_small == 4 and g.cell(C(6)).capacity_large == 1
    state = scene({"tilly": C(6), "bram": C(6), "pip": {"captured": True, "cell": ""}, "hazel": C(1)},
                  (("rat_1", "rat", C(6)), ("rat_2", "rat", C(6))), turn="hazel")
    occ = SYSTEM.occupancy(state)
    assert occ[C(6)] == Count(mice=2, small_minions=2) and is_full(g, C(6), occ)
    refused(state, Step("hazel", C(6)), "MM-OCC-3")


def test_MM_OCC_5_placements_fall_back_to_the_nearest_cell_with_room(g):
    # a surge at a full surge cell (the Rat Hole) puts the rat in the nearest cell with room
    state = scene({"tilly": C(10), "bram": C(10), "pip": C(10), "hazel": C(10)}, turn="tilly", wheel=5)
    a = run(state, Ruling(C(1), C(2), "adjacent"))  # anything; then the GM adds one cheese
    from game.rules.mice_and_mystics.commands import WheelAdd
    b = run(a.state, WheelAdd(1), 2)  # surge card 2 of 6 = lone_rat
    spawn = first(b, "mm.spawn")
    assert spawn["moved_aside"] and spawn["cell"] in g.neighbours(C(10)) and "MM-OCC-5" in spawn.rules
    # arrival: four mice at an exit whose only entry cell holds a minion (3 places left)
    k = scene({"tilly": K(3), "bram": K(3), "pip": K(7), "hazel": K(7)}, (("roach_2", "roach", C(5)),),
              tile="kitchen", order=("tilly", "bram", "pip", "hazel"))
    arrived = run(k, Explore("tilly"), 6, 5, 4, 3, 2, 1)
    placed = dict(first(arrived, "mm.arrive")["placed"])
    assert sum(1 for c in placed.values() if c == C(5)) == 3
    assert [c for c in placed.values() if c != C(5)][0] in g.neighbours(C(5))


# --------------------------------------------------------------------------- MM-ADJ


def test_MM_ADJ_1_adjacency_from_polygons_with_the_maps_gap(g):
    board = SYSTEM.boards.board("mice_chapter.tmx")
    assert board.properties["adjacency_gap"] == 12
    assert g.tolerances.gap == pytest.approx(12 * board.mm_per_px)
    assert g.adjacent(K(1), K(3)) and g.adjacent(C(5), C(9))  # across small gaps
    assert not g.adjacent(K(4), K(5))  # a wall along their border


def test_MM_ADJ_2_symmetric_and_not_self(g):
    for a, b in itertools.product(g.keys, repeat=2):
        assert g.adjacent(a, b) == g.adjacent(b, a)
    assert all(k not in g.neighbours(k) for k in g.keys)


def test_MM_ADJ_3_a_step_between_adjacent_cells_costs_one():
    state = scene({"tilly": C(1)}, mp=2)
    assert first(run(state, Step("tilly", C(2))), "mm.step")["cost"] == 1


def test_MM_ADJ_4_one_adjacency_for_melee_share_forced_targets_explore_and_rescue(g):
    state = scene({"tilly": C(1), "bram": C(2), "pip": C(5)}, (("rat_1", "rat", C(6)), ("rat_2", "rat", C(8))))
    assert g.adjacent(C(1), C(6)) and not g.adjacent(C(1), C(8))
    run(state, Attack("tilly", "oak_sword", "rat_1"), 1, 1, 1)  # melee: adjacent
    refused(state, Attack("tilly", "oak_sword", "rat_2"), "MM-MELEE-1")
    s = replace(state, mice=tuple(replace(m, cheese=1) for m in state.mice))
    assert run(s, Share("tilly", "bram", give_cheese=1)).state.mouse("bram").cheese == 2  # adjacent
    far = scene({"tilly": C(1), "bram": C(7)})
    far = replace(far, mice=tuple(replace(m, cheese=1) for m in far.mice))
    refused(far, Share("tilly", "bram", give_cheese=1), "MM-SHARE-1")
    # forced ranged target: the adjacent minion only
    pip = scene({"pip": C(1)}, (("rat_1", "rat", C(6)), ("rat_2", "rat", C(3))), turn="pip")
    assert {c.target for c in legal(pip) if isinstance(c, Attack)} == {"rat_1"}
    # explore from a cell adjacent to the exit; rescue next to an active mouse
    assert g.exits_of(K(3)) == ("kitchen-east",) and g.exits_of(K(1)) == ()
    cap = scene({"tilly": C(1), "bram": {"captured": True, "cell": ""}}, turn=None,
                order=("tilly", "bram"), index=1, phase="captured")
    cells = SYSTEM.rescue_cells(cap)
    assert set(cells) == {C(1), *g.neighbours(C(1))}


def test_MM_ADJ_5_MM_GEO_5_a_gm_ruling_changes_adjacency_and_is_stored_for_the_map(tmp_path):
    system = MiceAndMystics(rulings_dir=tmp_path)
    state = system.new_state(Setup("mice_and_mystics", "mice_chapter.tmx", 1), ScriptedDice([6, 5, 4, 3, 1] + [1] * 10))
    assert not system.graph(state).adjacent(K(4), K(5))
    ruled = system.apply(state, Ruling(K(4), K(5), "adjacent"), ScriptedDice([])).state
    assert system.graph(ruled).adjacent(K(4), K(5)) and "MM-ADJ-5" in system.apply(
        state, Ruling(K(4), K(5), "adjacent"), ScriptedDice([])).events[0].rules
    apart = system.apply(ruled, Ruling(K(5), K(4), "apart"), ScriptedDice([])).state
    assert not system.graph(apart).adjacent(K(4), K(5))  # the later ruling wins
    with pytest.raises(IllegalCommand) as err:
        system.apply(state, Ruling(K(4), C(5), "adjacent"), ScriptedDice([]))
    assert err.value.rule_id == "MM-GEO-12"
    system.boards.record_ruling("mice_chapter.tmx", K(4), K(5), "adjacent")
    later = system.new_state(Setup("mice_and_mystics", "mice_chapter.tmx", 2), ScriptedDice([6, 5, 4, 3, 1] + [1] * 10))
    assert later.rulings == ((K(4), K(5), "adjacent"),) and system.graph(later).adjacent(K(4), K(5))
    assert (tmp_path / "mice_chapter.rulings.json").is_file()


def test_MM_GEO_5_overrides_written_as_cell_properties():
    cells = [CellSpec("a", box(0, 0, 10, 10), "t"), CellSpec("b", box(10, 0, 20, 10), "t",
                                                              {"neighbors_remove": "a"})]
    tol = Tolerances(1.0)
    assert not CellGraph.build(cells, tolerances=tol).adjacent("t:a", "t:b")  # the map removes
    ruled = apply_rulings(cells, [("t:a", "t:b", "adjacent")])
    assert CellGraph.build(ruled, tolerances=tol).adjacent("t:a", "t:b")


# --------------------------------------------------------------------------- MM-FEAT


def test_MM_FEAT_1_the_six_features_are_read_now_and_their_rules_wait_behind_switches(g):
    cells = [g.cell(k) for k in g.keys]
    assert any(c.wide for c in cells) and any(c.water for c in cells) and any(c.trap for c in cells)
    assert any(e.yellow for e in g.edges) and any(e.red for e in g.edges) and g.walls
    state = scene({"tilly": K(6)}, tile="kitchen", mp=5)
    cfg = state.cfg
    assert not (cfg.yellow_lines or cfg.red_lines or cfg.water or cfg.mousetraps or cfg.wide_unlimited)
    a = run(state, Step("tilly", K(10)))  # a yellow edge costs 1 while the rule is off
    assert first(a, "mm.step")["cost"] == 1
    b = run(scene({"tilly": K(2)}, tile="kitchen"), Step("tilly", K(3)))  # red line: crossable
    assert b.state.mouse("tilly").cell == K(3)
    c = run(scene({"tilly": K(5)}, tile="kitchen"), Step("tilly", K(6)))  # trap: no roll
    assert "mm.trap" not in [e.kind for e in c.events]
    on = SYSTEM.new_state(Setup("mice_and_mystics", "", 1, {"feature_rules": {"water": True, "mousetraps": True}}),
                          ScriptedDice([6, 5, 4, 3, 1]))
    assert on.cfg.water and on.cfg.mousetraps and not on.cfg.red_lines


def test_MM_FEAT_2_walls_stop_movement_and_sight(g):
    assert not g.adjacent(C(3), C(7)) and not g.sees(C(3), C(7))
    state = scene({"tilly": K(4)}, tile="kitchen", mp=5)
    refused(state, Step("tilly", K(5)), "MM-GEO-10")
    black = CellGraph.build([CellSpec("a", box(0, 0, 10, 10)), CellSpec("b", box(10, 0, 20, 10)),
                             CellSpec("c", box(40, 0, 50, 10))], black=[box(20, -5, 40, 15)],
                            tolerances=Tolerances(1.0))
    assert not black.sees("a", "c")


def test_MM_FEAT_3_wide_cells_are_shown_and_unlimited_only_on_request(g):
    assert g.cell(C(10)).wide and g.cell(K(3)).wide
    four = {"tilly": C(10), "bram": C(10), "pip": C(10), "hazel": C(6)}
    rat = (("rat_1", "rat", C(10)),)
    refused(scene(four, rat, turn="hazel"), Step("hazel", C(10)), "MM-OCC-3")
    wide = scene(four, rat, turn="hazel", options={"wide_unlimited": True})
    assert run(wide, Step("hazel", C(10))).state.mouse("hazel").cell == C(10)


def test_MM_FEAT_4_yellow_lines_cost_three_for_mice_only(g):
    assert g.edge(K(6), K(10)).yellow
    state = scene({"tilly": K(6)}, tile="kitchen", mp=5, options={"feature_rules": {"yellow_lines": True}})
    a = run(state, Step("tilly", K(10)))
    assert first(a, "mm.step")["cost"] == 3 and a.state.turn.mp == 2
    poor = scene({"tilly": K(6)}, tile="kitchen", mp=2, options={"feature_rules": {"yellow_lines": True}})
    refused(poor, Step("tilly", K(10)), "MM-GEO-10")
    assert step_cost(g.step(K(6), K(10)), SMALL_MINION, state.cfg.move_rules) == 1


def test_MM_FEAT_5_red_lines_stop_mice_not_minions(g):
    assert g.edge(K(2), K(3)).red
    state = scene({"tilly": K(2)}, tile="kitchen", options={"feature_rules": {"red_lines": True}})
    assert "red line" in refused(state, Step("tilly", K(3))).reason
    assert Step("tilly", K(3)) not in legal(state)
    assert not step_forbidden(g.step(K(2), K(3)), SMALL_MINION, state.cfg.move_rules)


def test_MM_FEAT_6_water_ends_the_move_and_needs_a_roll_to_leave(g):
    opts = {"feature_rules": {"water": True}}
    state = scene({"tilly": C(5), "bram": C(6)}, mp=5, options=opts)
    a = run(state, Step("tilly", C(9)))
    assert a.state.turn.move_state == "done" and first(a, "mm.move_end").rules == ("MM-FEAT-6",)
    wet = scene({"tilly": C(9), "bram": C(6)}, mp=5, options=opts)
    fail = run(wet, Step("tilly", C(6)), 3, 2)  # 1 + one mouse in the destination = 2 dice
    assert fail.state.mouse("tilly").cell == C(9) and fail.state.turn.move_state == "done"
    assert first(fail, "mm.water_roll")["dice"] == 2
    ok = run(wet, Step("tilly", C(6)), 1, 4)
    assert ok.state.mouse("tilly").cell == C(6)
    wet_pack = scene({"tilly": {"cell": C(9), "pack": ("pin_dagger",), "cheese": 6}, "bram": C(6)}, options=opts)
    for cmd in (Equip("tilly", ("pin_dagger", "walnut_shield")), LevelUp("tilly", "rallying_cry"),
                Share("tilly", "bram", give_cheese=1)):
        refused(wet_pack, cmd, "MM-FEAT-6")
    current = CellGraph.build([CellSpec("w", box(0, 0, 10, 10), "", {"water": True, "current_dir": 0.0}),
                               CellSpec("d", box(-10, 0, 0, 10))], tolerances=Tolerances(1.0))
    assert "against the current" in check_path(current, ["w", "d"], 5, {}, MoveRules(water=True)).reason
    # minions ignore water
    rat = scene({"tilly": C(10)}, (("rat_1", "rat", C(5)),), turn=None, order=("minions:rat", "tilly"),
                index=0, phase="gm", options=opts)
    moved = run(rat, GmTurn("minions:rat"), 3, 1, 1)
    assert first(moved, "mm.minion_move")["path"][-1] == C(10)


def test_MM_FEAT_7_mousetraps_roll_move_value_dice(g):
    opts = {"feature_rules": {"mousetraps": True}}
    state = scene({"tilly": K(5), "bram": K(5)}, tile="kitchen", mp=4, options=opts)
    caught = run(state, Step("tilly", K(6)), 1, 3)  # Move 2: two dice, no 4-6
    t = caught.state.mouse("tilly")
    assert t.knocked_down and t.wounds == 1 and caught.state.turn.move_state == "done"
    free = run(state, Step("tilly", K(6)), 2, 6)
    assert not free.state.mouse("tilly").knocked_down and first(free, "mm.trap")["escaped"]
    rat = scene({"tilly": K(10)}, (("rat_1", "rat", K(5)),), tile="kitchen", turn=None,
                order=("minions:rat", "tilly"), index=0, phase="gm", options=opts)
    moved = run(rat, GmTurn("minions:rat"), 3, 1, 1)
    assert K(6) in first(moved, "mm.minion_move")["path"] and "mm.trap" not in [e.kind for e in moved.events]


# --------------------------------------------------------------------------- MM-GEO


def test_MM_GEO_1_the_chapter_map_is_one_tmx_with_two_tiles(g):
    board = SYSTEM.boards.board("mice_chapter.tmx")
    assert board.path.endswith("mice_chapter.tmx") and set(g.tiles) == {"kitchen", "cellar"}
    assert len(g.cells_on_tile("kitchen")) == 10 and len(g.cells_on_tile("cellar")) == 10


def test_MM_GEO_2_cell_properties(g):
    assert g.cell(K(3)).exit == ("kitchen-east",) and g.cell(K(2)).turning and g.cell(K(6)).trap
    assert g.cell(C(9)).water and g.cell(C(9)).wide and g.cell(C(9)).turning
    assert g.cell(K(1)).name == "Hearthstone" and g.cell(K(1)).capacity_small == 4


def test_MM_GEO_3_walls_lines_and_exits_layers(g):
    assert len(g.walls) == 6
    assert {(e.a, e.b) for e in g.edges if e.yellow} == {(C(10), C(8)), (K(10), K(6))}
    east = g.exit("kitchen-east")
    assert east.target_tile == "cellar" and set(east.cells) == {K(3), K(7)}


def test_MM_GEO_4_sampled_portals_make_the_maps_adjacency(g):
    assert g.edge(K(1), K(2)).portal > g.tolerances.min_portal
    assert set(g.neighbours(C(6))) == {C(1), C(2), C(5), C(7), C(9), C(10)}


def test_MM_TV_20_MM_GEO_4_gap_walls_and_doorway():
    """MM-TV-20 (MM-GEO-4)."""
    def build(polys, walls=()):
        return CellGraph.build([CellSpec(k, p) for k, p in polys.items()], walls=walls,
                               tolerances=Tolerances(8.0))
    a = Polygon([[0, 0], [50, 0], [50, 50], [0, 50]])
    b = Polygon([[55, 0], [105, 0], [105, 50], [55, 50]])
    c = Polygon([[60, 0], [110, 0], [110, 50], [60, 50]])
    d = Polygon([[50, 0], [100, 0], [100, 50], [50, 50]])
    wall_full = [LineString([[50, -1], [50, 51]])]
    doorway = [LineString([[50, -1], [50, 20]]), LineString([[50, 30], [50, 51]])]
    assert build({"A": a, "B": b}).adjacent("A", "B")
    assert not build({"A": a, "C": c}).adjacent("A", "C")
    assert not build({"A": a, "D": d}, wall_full).adjacent("A", "D")
    assert build({"A": a, "D": d}, doorway).adjacent("A", "D")
    assert build({"A": a, "D": d}).adjacent("A", "D")


def test_MM_GEO_6_edges_are_annotated(g):
    assert g.step(C(6), C(9)).into_water and g.step(C(9), C(6)).out_of_water
    assert g.step(K(5), K(6)).into_trap and g.edge(K(2), K(3)).red


def test_MM_GEO_7_centres_lie_inside_their_cells(g):
    from shapely.geometry import Point
    for k in g.keys:
        assert g.cell(k).polygon.covers(Point(g.centre(k)))


def test_MM_TV_19_MM_GEO_7_MM_LOS_1_centre_to_centre_sight():
    """MM-TV-19 (MM-LOS-1, MM-GEO-7)."""
    cells = [CellSpec("A", box(-5, -5, 5, 5), centre=(0, 0)), CellSpec("B", box(95, -5, 105, 5), centre=(100, 0))]
    graph = CellGraph.build(cells, walls=[LineString([[50, -20], [50, 20]])], tolerances=Tolerances(1.0))
    assert graph.centre("A") == (0, 0) and graph.centre("B") == (100, 0)
    assert not graph.sees("A", "B")


def test_MM_GEO_8_the_chapter_map_has_no_problems_and_a_broken_one_is_reported(g):
    assert g.problems == ()
    lone = CellGraph.build([CellSpec("a", box(0, 0, 1, 1)), CellSpec("b", box(50, 0, 51, 1))])
    assert {p.code for p in lone.problems} >= {"no_neighbours", "missing_adjacency_gap"}


def test_MM_GEO_9_occupancy_from_the_state():
    state = scene({"tilly": C(1), "bram": C(1), "pip": {"captured": True, "cell": ""}},
                  (("rat_1", "rat", C(1)), ("brute", "rat!large", C(7))))
    occ = SYSTEM.occupancy(state)
    assert occ[C(1)] == Count(mice=2, small_minions=1) and occ[C(7)] == Count(large_minions=1)


def test_MM_GEO_10_path_legality_is_the_geometrys(g):
    state = scene({"tilly": C(1)}, (("rat_1", "rat", C(7)),), mp=2)
    refused(state, Move("tilly", (C(1), C(6), C(7), C(8))))  # costs 3 and passes a minion
    assert run(state, Move("tilly", (C(1), C(6), C(7)))).state.turn.mp == 0


def test_MM_GEO_11_reachable_cells_for_a_ui():
    state = scene({"tilly": C(1)}, (("rat_1", "rat", C(2)),), mp=2)
    reach = SYSTEM.reach(state)
    assert C(2) in reach.terminal and C(7) in reach.cost and C(3) not in reach.cost
    assert SYSTEM.reach(run(state, EndMove("tilly")).state) is None


def test_MM_GEO_12_the_board_is_the_partys_tile():
    state = fresh()
    assert state.tile == "kitchen" and state.minions and not state.minions_on_board
    assert all(n.tile == "cellar" for n in state.minions)
    k = scene({"tilly": K(3)}, (("rat_1", "rat", C(2)),), tile="kitchen", order=("tilly",))
    assert Explore("tilly", "kitchen-east") in legal(k)  # minions elsewhere do not forbid exploring


# --------------------------------------------------------------------------- MM-LOS


def test_MM_LOS_1_ranged_attacks_need_sight_through_no_wall(g):
    assert not g.sees(C(3), C(7)) and g.sees(C(5), C(3))
    state = scene({"pip": C(3)}, (("roach_1", "roach", C(7)),), turn="pip")
    refused(state, Attack("pip", "reed_bow", "roach_1"), "MM-RANGED-2")
    opts = {"los_touch_blocks": False}
    assert SYSTEM.graph(scene({"pip": C(3)}, options=opts, turn="pip")).los_touch_blocks is False


def test_MM_LOS_2_own_and_adjacent_cells_are_always_seen(g):
    for k in g.keys:
        seen = set(g.visible_from(k))
        assert k in seen and set(g.neighbours(k)) <= seen


def test_MM_LOS_3_creatures_and_lines_do_not_block():
    state = scene({"pip": C(5)}, (("rat_1", "rat", C(6)), ("roach_1", "roach", C(8))), turn="pip")
    state = replace(state, minions=tuple(m for m in state.minions if m.id != "rat_1")
                    + ((replace(state.minion("rat_1"), cell=C(10), tile="cellar")),))
    # rat 1 stands between, the yellow line lies at C8: Pip still sees the roach
    assert SYSTEM.graph(state).sees(C(5), C(8))
    a = run(state, Attack("pip", "reed_bow", "roach_1"), 1, 1)
    assert first(a, "mm.attack")["target"] == "roach_1"


def test_MM_LOS_4_gm_sight_rulings(g):
    assert g.sees(C(5), C(3))
    state = scene({"pip": C(5)}, (("roach_1", "roach", C(3)),), turn="pip")
    blocked = run(state, Ruling(C(5), C(3), "blocked")).state
    refused(blocked, Attack("pip", "reed_bow", "roach_1"), "MM-RANGED-2")
    again = run(blocked, Ruling(C(3), C(5), "sight"))
    assert "MM-LOS-4" in first(again, "mm.ruling").rules
    assert run(again.state, Attack("pip", "reed_bow", "roach_1"), 1, 1).state.turn.action == "attack"


def test_MM_LOS_5_sight_is_symmetric_and_within_one_tile(g):
    for a, b in itertools.product(g.keys, repeat=2):
        assert g.sees(a, b) == g.sees(b, a)
        if g.cell(a).tile != g.cell(b).tile:
            assert not g.sees(a, b)


def test_rescue_in_a_cell_next_to_an_active_mouse():
    state = scene({"tilly": C(1), "bram": {"captured": True, "cell": "", "wounds": 3}}, turn=None,
                  order=("tilly", "bram"), index=1, phase="captured")
    refused(state, Rescue("bram", C(4)), "MM-RESC-3")
    assert all_of(run(state, Rescue("bram", C(6)), 1), "mm.rescued")
