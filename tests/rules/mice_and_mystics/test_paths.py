"""Occupancy and paths over the cell graph (MM-GEO-9/10/11, MM-OCC, MM-MOVE-4, MM-FEAT-3..6):
the movement rules of ``occupancy.py`` and ``paths.py`` on small hand-made graphs (the graph's
own geometry is tested in ``tests/geometry/test_cells.py``)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString

from game.geometry.cells import LineSpec
from game.rules.mice_and_mystics.config import MoveRules
from game.rules.mice_and_mystics.occupancy import (
    LARGE,
    LARGE_MINION,
    MOUSE,
    SMALL,
    SMALL_MINION,
    Count,
    can_enter,
    can_leave,
    is_full,
    nearest_free,
)
from game.rules.mice_and_mystics.paths import check_path, reachable, step_cost
from tests.geometry.test_cells import A, D, graph, row, scenes, sq

# --------------------------------------------------------------------------- MM-GEO-6 in play


def test_MM_FEAT_4_yellow_edge_costs_three_for_a_mouse_only():
    yellow = [LineSpec(LineString([(50, -5), (50, 55)]), "yellow")]
    step = graph({"A": A, "D": D}, lines=yellow).step("A", "D")
    assert step.yellow and step_cost(step, MOUSE, MoveRules()) == 1
    on = MoveRules(yellow_lines=True)
    assert step_cost(step, MOUSE, on) == 3 and step_cost(step, SMALL_MINION, on) == 1


# --------------------------------------------------------------------------- MM-GEO-9 / MM-OCC


def test_MM_GEO_9_counts():
    n = Count(mice=2, small_minions=1, large_minions=0)
    assert (n.small, n.large, n.minions) == (3, 0, 1)
    assert Count(large_minions=1).large == 1 and Count().empty


def test_MM_OCC_1_2_capacity_four_small_or_one_large():
    g = row(1)
    assert not is_full(g, "c0", {"c0": Count(mice=3)})
    assert is_full(g, "c0", {"c0": Count(mice=2, small_minions=2)})
    assert is_full(g, "c0", {"c0": Count(large_minions=1)})
    assert can_enter(g, "c0", {"c0": Count(mice=3)}, SMALL)
    assert not can_enter(g, "c0", {"c0": Count(mice=1)}, LARGE)
    assert can_enter(g, "c0", {}, LARGE)


def test_MM_GEO_2_per_cell_capacity_and_capacity_alias():
    g = row(3, props={"c0": {"capacity_small": 2}, "c1": {"capacity": 1}, "c2": {"capacity_large": 0}})
    assert is_full(g, "c0", {"c0": Count(mice=2)})
    assert is_full(g, "c1", {"c1": Count(mice=1)})
    assert not can_enter(g, "c2", {}, LARGE) and can_enter(g, "c2", {}, SMALL)


def test_MM_FEAT_3_wide_cell_never_full_with_wide_unlimited():
    g = row(1, props={"c0": {"wide": True}})
    crowd = {"c0": Count(mice=4, small_minions=3)}
    assert is_full(g, "c0", crowd)
    assert not is_full(g, "c0", crowd, MoveRules(wide_unlimited=True))
    assert can_enter(g, "c0", crowd, SMALL, MoveRules(wide_unlimited=True))
    # still no mixing of a large creature with anything else (MM-OCC-1)
    assert not can_enter(g, "c0", crowd, LARGE, MoveRules(wide_unlimited=True))


def test_MM_TV_17_full_cells():
    """MM-TV-17 (MM-OCC-1, MM-OCC-2, MM-OCC-3, MM-GEO-9)."""
    g = row(3)
    x, y, z = "c0", "c1", "c2"
    occ = {x: Count(mice=3, small_minions=1), y: Count(large_minions=1), z: Count(mice=1)}
    assert is_full(g, x, occ) is True
    assert can_enter(g, x, occ, SMALL) is False
    assert is_full(g, y, occ) is True
    assert can_enter(g, y, occ, SMALL) is False
    assert can_enter(g, z, occ, LARGE) is False
    # passing X is illegal too
    assert not check_path(g, ["c1", "c0"], 5, {"c1": Count(mice=1), x: occ[x]}).legal


def test_MM_TV_14_leave_with_one_mouse_one_minion():
    """MM-TV-14 (MM-MOVE-4)."""
    g = row(2)
    occ = {"c0": Count(mice=1, small_minions=1)}
    assert can_leave(occ, "c0", MoveRules(leave_rule="greater")) is False
    assert can_leave(occ, "c0", MoveRules(leave_rule="greater_or_equal")) is True
    assert not check_path(g, ["c0", "c1"], 3, occ).legal


def test_MM_TV_15_leave_with_two_mice_one_minion():
    """MM-TV-15 (MM-MOVE-4)."""
    g = row(2)
    occ = {"c0": Count(mice=2, small_minions=1)}
    assert can_leave(occ, "c0") is True
    assert check_path(g, ["c0", "c1"], 3, occ).legal


def test_MM_OCC_5_nearest_free_cell_by_graph_distance():
    g = row(4)
    occ = {"c0": Count(mice=4), "c1": Count(large_minions=1)}
    assert nearest_free(g, "c0", occ) == "c2"
    assert nearest_free(g, "c0", occ, LARGE) == "c2"


# --------------------------------------------------------------------------- MM-GEO-10


def test_MM_TV_16_minion_cell_ends_the_path():
    """MM-TV-16 (MM-MOVE-3, MM-GEO-10)."""
    g = row(3)
    a, b, c = "c0", "c1", "c2"
    occ = {a: Count(mice=1), b: Count(small_minions=1)}
    assert check_path(g, [a, b, c], 4, occ).legal is False
    ab = check_path(g, [a, b], 4, occ)
    assert ab.legal is True and ab.mp_left == 0 and ab.ends_move


def test_MM_GEO_10_path_rules():
    g = row(4)
    occ = {"c0": Count(mice=1)}
    assert check_path(g, ["c0"], 0, occ).legal  # k = 0 is always legal
    assert check_path(g, ["c0", "c1", "c2"], 2, occ).legal
    assert check_path(g, ["c0", "c1", "c2"], 2, occ).mp_left == 0
    assert check_path(g, ["c0", "c1"], 3, occ).mp_left == 2
    assert not check_path(g, ["c0", "c1", "c2", "c3"], 2, occ).legal  # over budget
    assert not check_path(g, ["c0", "c2"], 5, occ).legal  # not adjacent
    assert not check_path(g, ["c0", "c1"], 5, occ, webbed=True).legal  # MM-COND-2
    assert not check_path(g, ["c0", "zz"], 5, occ).legal
    # back through the start cell: the mover does not block itself
    assert check_path(g, ["c0", "c1", "c0"], 5, {"c0": Count(mice=4)}).legal


def test_MM_GEO_10_feature_switches():
    yellow = [LineSpec(LineString([(50, -5), (50, 55)]), "yellow")]
    red = [LineSpec(LineString([(100, -5), (100, 55)]), "red")]
    g = row(4, lines=yellow + red)
    occ = {"c0": Count(mice=1)}
    assert check_path(g, ["c0", "c1", "c2"], 2, occ).legal  # switches off: lines are drawn only
    on = MoveRules(yellow_lines=True, red_lines=True)
    assert check_path(g, ["c0", "c1"], 3, occ, on).cost == 3
    assert not check_path(g, ["c0", "c1"], 2, occ, on).legal
    assert not check_path(g, ["c1", "c2"], 5, {"c1": Count(mice=1)}, on).legal  # red
    assert check_path(g, ["c1", "c2"], 5, {"c1": Count(small_minions=1)}, on,
                      mover=SMALL_MINION).legal  # MM-MIN-3: minions ignore lines


def test_MM_GEO_10_water_stops_the_path_and_leaving_water_needs_a_roll():
    g = row(4, props={"c1": {"water": True, "current_dir": 180.0}})
    water = MoveRules(water=True)
    occ = {"c0": Count(mice=1), "c2": Count(mice=2)}
    assert check_path(g, ["c0", "c1", "c2"], 5, occ).legal  # switch off
    assert not check_path(g, ["c0", "c1", "c2"], 5, occ, water).legal
    into = check_path(g, ["c0", "c1"], 5, occ, water)
    assert into.legal and into.ends_move and into.mp_left == 0
    out = check_path(g, ["c1", "c0"], 5, {"c1": Count(mice=1)}, water)
    assert out.legal and len(out.rolls) == 1 and out.rolls[0].dice == 1
    # against the current (it flows towards -x): c1 → c2 is forbidden
    assert not check_path(g, ["c1", "c2"], 5, {"c1": Count(mice=1)}, water).legal


# --------------------------------------------------------------------------- MM-GEO-11


def test_MM_GEO_11_reachable_with_budget():
    g = row(5)
    r = reachable(g, "c0", 2, {"c0": Count(mice=1)})
    assert dict(r.cost) == {"c0": 0, "c1": 1, "c2": 2}
    assert r.path_to("c2") == ("c0", "c1", "c2") and r.path_to("c4") == ()


def test_MM_GEO_11_minion_cell_is_terminal_and_full_cell_never_entered():
    g = row(5)
    occ = {"c0": Count(mice=1), "c1": Count(small_minions=1)}
    r = reachable(g, "c0", 4, occ)
    assert set(r.cells) == {"c0", "c1"} and r.terminal == {"c1"}
    full = {"c0": Count(mice=1), "c2": Count(mice=4)}
    assert set(reachable(g, "c0", 4, full).cells) == {"c0", "c1"}


def test_MM_GEO_11_a_minion_cell_on_one_branch_does_not_block_another():
    # c0 in the middle, a minion to the left, an open corridor upwards
    cells = {"c0": sq(50, 50, 100, 100), "L": sq(0, 50, 50, 100), "L2": sq(-50, 50, 0, 100),
             "U": sq(50, 0, 100, 50), "U2": sq(50, -50, 100, 0)}
    g = graph(cells)
    r = reachable(g, "c0", 3, {"c0": Count(mice=1), "L": Count(large_minions=1)})
    # a mouse may not enter a cell holding a large creature at all (MM-OCC-3)
    assert set(r.cells) == {"c0", "U", "U2"}
    r2 = reachable(g, "c0", 3, {"c0": Count(mice=1), "L": Count(small_minions=1)})
    assert set(r2.cells) == {"c0", "U", "U2", "L"} and "L2" not in r2


def test_MM_GEO_11_cannot_leave_means_only_the_start():
    g = row(3)
    r = reachable(g, "c0", 3, {"c0": Count(mice=1, small_minions=1)})
    assert r.cells == ("c0",)


def test_MM_GEO_11_yellow_cost_and_water_roll_are_conditional():
    yellow = [LineSpec(LineString([(50, -5), (50, 55)]), "yellow")]
    g = row(3, lines=yellow, props={"c1": {"water": True}})
    on = MoveRules(yellow_lines=True, water=True)
    r = reachable(g, "c0", 3, {"c0": Count(mice=1)}, on)
    assert dict(r.cost) == {"c0": 0, "c1": 3} and r.terminal == {"c1"}
    r2 = reachable(g, "c1", 3, {"c1": Count(mice=1)}, on)
    assert r2.conditional == {"c0", "c2"}


def test_MM_GEO_11_minion_mover_stops_at_mice_and_ignores_lines():
    red = [LineSpec(LineString([(50, -5), (50, 55)]), "red")]
    g = row(4, lines=red)
    occ = {"c0": Count(small_minions=1), "c2": Count(mice=1)}
    r = reachable(g, "c0", 3, occ, MoveRules(red_lines=True), mover=SMALL_MINION)
    assert set(r.cells) == {"c0", "c1", "c2"} and r.terminal == {"c2"}
    big = reachable(g, "c0", 3, {"c0": Count(large_minions=1), "c2": Count(mice=1)},
                    mover=LARGE_MINION)
    assert set(big.cells) == {"c0", "c1"}  # a large minion enters only empty cells


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes(), st.integers(0, 4), st.data())
def test_MM_GEO_11_property_reachable_paths_are_legal(g, mp, data):
    start = data.draw(st.sampled_from(g.keys))
    occ = {start: Count(mice=1)}
    for k in g.keys:
        if k != start:
            occ[k] = data.draw(st.sampled_from([Count(), Count(small_minions=1), Count(mice=4),
                                                Count(large_minions=1)]))
    rules = MoveRules(yellow_lines=data.draw(st.booleans()), red_lines=data.draw(st.booleans()),
                      water=data.draw(st.booleans()))
    r = reachable(g, start, mp, occ, rules)
    for cell in r.cells:
        path = r.path_to(cell)
        check = check_path(g, path, mp, occ, rules)
        assert check.legal, (path, check)
        assert check.cost == r.cost[cell]
        if cell in r.conditional:
            assert check.rolls
    # oracle: every walk of at most mp steps judged by check_path (MM-GEO-10)
    best: dict[str, int] = {}
    walks = [(start,)]
    while walks:
        walk = walks.pop()
        check = check_path(g, walk, mp, occ, rules)
        if not check.legal:
            continue
        best[walk[-1]] = min(best.get(walk[-1], mp + 1), check.cost)
        if len(walk) <= mp:
            walks.extend(walk + (n,) for n in g.neighbours(walk[-1]))
    assert best == dict(r.cost)
