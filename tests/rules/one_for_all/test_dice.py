"""Dice maths of "...And One for All!": every test names the rule (OFA-*) or test vector it pins."""

from __future__ import annotations

import doctest
from dataclasses import FrozenInstanceError

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.dice import ScriptedDice
from game.rules.one_for_all import dice as ofa_dice
from game.rules.one_for_all.dice import (
    DuelBonuses,
    Effect,
    FigureMarkers,
    HitTable,
    InitiativeRules,
    OnesCounters,
    PushBack,
    Result,
    Side,
    apply_hits,
    compare,
    count_ones,
    deciding_dice,
    defence_dice,
    duel_dice,
    has_one,
    hit_table,
    hits_with_damage_bonus,
    loses_initiative,
    more_rows,
    opposed_roll,
    score,
    split_hits,
    start_hits,
    swashbuckling_dice,
    swashbuckling_target_dice,
    table_rows,
)

P, S, D, W = Result.PUSHED_BACK, Result.STUNNED, Result.DROPPED_WEAPON, Result.WOUNDED
SWASH, DUEL = HitTable.SWASHBUCKLING, HitTable.DUELLING
FRESH = FigureMarkers()
#: the effects that finish a row (everything else is a cascade on the way to one of them)
TERMINAL = {Effect.PUSHED_BACK, Effect.STUNNED, Effect.DROPPED_WEAPON, Effect.WOUNDED,
            Effect.DISCARDED}

faces = st.lists(st.integers(1, 6), max_size=12)


def effects(steps) -> list[Effect]:
    return [step.effect for step in steps]


# --------------------------------------------------------------------------- OFA-0.5 score

@pytest.mark.parametrize(("roll", "expected"), [
    ((2, 3, 3, 5), 5), ((2, 6), 6), ((6, 6), 7), ((6, 6, 6, 2), 8), ((1, 6, 6), 7), ((), 0),
    ((1,), 1), ((6,), 6), ((6,) * 10, 15),
])
def test_OFA_0_5_score_of_a_roll(roll, expected):
    assert score(roll) == expected


@given(faces)
def test_OFA_0_5_score_is_highest_die_or_six_plus_extra_sixes(roll):
    sixes = roll.count(6)
    expected = 0 if not roll else (6 + sixes - 1 if sixes >= 2 else max(roll))
    assert score(roll) == expected
    assert score(list(reversed(roll))) == expected  # order never matters


def test_OFA_3C_3_extra_sixes_add_one_each():
    """Two 6s make 7, three make 8 (seed 3C)."""
    assert [score((6,) * k) for k in (1, 2, 3, 4)] == [6, 7, 8, 9]


@pytest.mark.parametrize("bad", [(0,), (7,), (1, 2, -3), (2.5,), ("6",)])
def test_OFA_0_5_faces_must_be_d6(bad):
    with pytest.raises(ValueError):
        score(bad)


def test_OFA_3A_1_has_one_and_count_ones():
    assert has_one((1, 5)) and count_ones((1, 5, 1)) == 2
    assert not has_one((2, 6, 6)) and count_ones((2, 6)) == 0


def test_OFA_0_6_zero_dice_score_0_and_show_no_1():
    assert score(()) == 0 and not has_one(()) and count_ones(()) == 0


def test_deciding_dice_are_the_dice_that_make_the_score():
    """OFA-3C.1 / OFA-3C.3: the highest die, or every 6 when there are two or more."""
    assert deciding_dice((2, 5, 3, 5)) == (1,)
    assert deciding_dice((6, 2, 6, 6)) == (0, 2, 3)
    assert deciding_dice((1, 6, 4)) == (1,)
    assert deciding_dice(()) == ()


# --------------------------------------------------------------------------- OFA-3C comparison

def test_OFA_TV_S1_OFA_3C_1_highest_single_die_wins():
    """A [2,3,3,5] = 5 attacks B [2,6] = 6: B wins, the attacker takes nothing, keeps the
    initiative (no 1)."""
    c = compare((2, 3, 3, 5), (2, 6), duel=False)
    assert (c.attacker_score, c.defender_score) == (5, 6)
    assert c.winner is Side.DEFENDER and c.loser is Side.ATTACKER
    assert (c.hits_to_defender, c.hits_to_attacker, c.hits) == (0, 0, 0)
    assert c.rule == "OFA-3C.5"
    assert not loses_initiative(c.attacker_faces)


def test_OFA_TV_S1_OFA_4_5_losing_duel_attacker_takes_one_duelling_hit():
    c = compare((2, 3, 3, 5), (2, 6), duel=True)
    assert c.winner is Side.DEFENDER and c.hits_to_attacker == 1 and c.rule == "OFA-4.5"
    rows = table_rows(hit_table(duel=True), c.hits_to_attacker)
    assert rows == (P,)
    markers, steps = apply_hits(FRESH, rows)
    assert effects(steps) == [Effect.PUSHED_BACK] and markers == FRESH


def test_OFA_TV_E1_OFA_3C_2_tie_goes_to_attacker():
    """Pool 2 [5,3] against a Guard [5,2]: 5 v 5, the attacker wins the tie."""
    c = compare((5, 3), (5, 2), duel=False)
    assert c.tie and c.winner is Side.ATTACKER and c.hits_to_defender == 1 and c.rule == "OFA-3C.2"
    assert table_rows(SWASH, c.hits_to_defender) == (P,)


def test_OFA_AMB_2_tie_hits_0_reading():
    c = compare((5, 3), (5, 2), duel=False, tie_hits=0)
    assert c.winner is Side.ATTACKER and c.hits_to_defender == 0
    with pytest.raises(ValueError):
        compare((5,), (5,), duel=False, tie_hits=-1)


def test_OFA_TV_E1_OFA_4_4_duel_tie_hurts_the_defender_never_the_attacker():
    c = compare((5, 3), (5, 2), duel=True)
    assert c.winner is Side.ATTACKER and (c.hits_to_defender, c.hits_to_attacker) == (1, 0)
    assert table_rows(DUEL, c.hits_to_defender) == (P,)


def test_OFA_TV_S2_OFA_3C_4_porthos_plate_hits_equal_the_difference():
    dice = ScriptedDice([3, 6, 6, 5, 2])
    pick_up = dice.roll(swashbuckling_dice(1))  # action 1: picks up the plate, no target
    assert pick_up == (3,) and not loses_initiative(pick_up)
    c = opposed_roll(dice, swashbuckling_dice(2), swashbuckling_target_dice(2), duel=False)
    assert (c.attacker_score, c.defender_score, c.hits_to_defender) == (7, 5, 2)
    assert c.rule == "OFA-3C.4" and dice.remaining == 0
    assert table_rows(hit_table(duel=False), c.hits_to_defender) == (P, S)
    markers, _ = apply_hits(FRESH, table_rows(SWASH, 2))
    assert markers == FigureMarkers(stunned=True)
    assert not loses_initiative(c.attacker_faces)


def test_OFA_TV_S2_variant_guard_best_six_takes_one_hit():
    c = opposed_roll(ScriptedDice([6, 6, 6, 4]), 2, 2, duel=False)
    assert c.hits_to_defender == 1 and table_rows(SWASH, 1) == (P,)


def test_OFA_TV_S3_OFA_3C_5_FAQ_9_only_the_target_can_be_hurt():
    """Athos (pool 1) punches a Guard: [4] v [5,3]. Nothing happens to anyone."""
    c = opposed_roll(ScriptedDice([4, 5, 3]), 1, 2, duel=False)
    assert c.winner is Side.DEFENDER and c.hits_to_attacker == 0 and c.hits_to_defender == 0
    assert not loses_initiative(c.attacker_faces)


@given(faces, faces, st.booleans(), st.integers(0, 2))
def test_OFA_3C_7_comparison_formula(attacker, defender, duel, tie_hits):
    c = compare(attacker, defender, duel=duel, tie_hits=tie_hits)
    a, d = score(attacker), score(defender)
    assert (c.attacker_score, c.defender_score, c.margin) == (a, d, a - d)
    if a > d:
        assert (c.winner, c.hits_to_defender, c.hits_to_attacker) == (Side.ATTACKER, a - d, 0)
    elif a == d:
        assert (c.winner, c.hits_to_defender, c.hits_to_attacker) == (Side.ATTACKER, tie_hits, 0)
    else:
        expected = d - a if duel else 0
        assert (c.winner, c.hits_to_defender, c.hits_to_attacker) == (Side.DEFENDER, 0, expected)
    assert c.hits == (c.hits_to_defender if c.winner is Side.ATTACKER else c.hits_to_attacker)


def test_comparison_is_frozen():
    c = compare((3,), (2,), duel=False)
    with pytest.raises(FrozenInstanceError):
        c.winner = Side.DEFENDER  # type: ignore[misc]


def test_opposed_roll_rolls_the_attacker_first_then_the_defender():
    dice = ScriptedDice([2, 4, 6, 1, 1])
    c = opposed_roll(dice, 3, 2, duel=True)
    assert c.attacker_faces == (2, 4, 6) and c.defender_faces == (1, 1) and dice.remaining == 0


# --------------------------------------------------------------------------- dice counts

def test_OFA_3_3_OFA_3D_1_action_rolls_the_pool():
    assert [swashbuckling_dice(n) for n in (1, 2, 3)] == [1, 2, 3]


def test_OFA_5D_3_stunned_rolls_one_die_fewer_everywhere():
    assert swashbuckling_dice(3, stunned=True) == 2
    assert swashbuckling_target_dice(3, stunned=True) == 2
    assert duel_dice(2, 3, 0, True) == 4
    assert defence_dice(2, 1, True) == 2


def test_OFA_3_4_OFA_3B_1_target_rolls_its_rating_only():
    """Rating never adds to a swashbuckling attack; the target rolls its rating (OFA-3B.2)."""
    assert [swashbuckling_target_dice(r) for r in (4, 3, 2, 1)] == [4, 3, 2, 1]


def test_OFA_TV_E3_OFA_0_6_stunned_good_figure_defends_with_zero_dice():
    n = swashbuckling_target_dice(1, stunned=True)
    assert n == 0
    c = opposed_roll(ScriptedDice([4]), swashbuckling_dice(1), n, duel=False)
    assert c.defender_faces == () and c.defender_score == 0 and c.hits_to_defender == 4


def test_OFA_0_6_min_dice_flag_alternative_reading():
    assert swashbuckling_target_dice(1, stunned=True, min_dice=1) == 1
    assert swashbuckling_dice(1, stunned=True, min_dice=1) == 1
    assert duel_dice(0, 1, 0, True, min_dice=1) == 1
    with pytest.raises(ValueError):
        swashbuckling_dice(1, min_dice=-1)


def test_OFA_4_3_duel_dice_pool_plus_rating_plus_bonuses():
    assert duel_dice(3, 2) == 5
    assert defence_dice(2) == 2


def test_OFA_AMB_10_duel_with_an_empty_pool():
    """TV-E2: D'Artagnan runs in and duels at once: pool 0 + rating 4 = 4 dice."""
    assert duel_dice(0, 4, 0, False) == 4


def test_OFA_4A_bonuses_add_one_die_each():
    assert DuelBonuses().dice == 0
    assert DuelBonuses(elevation=True, supporting_friends=2, opponent_unarmed=True,
                       momentum=True).dice == 5
    with pytest.raises(ValueError):
        DuelBonuses(supporting_friends=-1)
    with pytest.raises(ValueError):
        duel_dice(1, 3, -1)


def test_OFA_TV_E5_OFA_4A_1_OFA_4A_2_elevation_and_friends():
    """Athos (rating 3, pool 2) on a table with Aramis touching Guard1: 7 dice; Guard1
    (rating 2) with Guard2 touching Athos: 3 dice."""
    assert duel_dice(2, 3, DuelBonuses(elevation=True, supporting_friends=1)) == 7
    assert defence_dice(2, DuelBonuses(supporting_friends=1)) == 3


def test_OFA_TV_E6_OFA_4A_3_OFA_5D_7_unarmed_defender_gives_one_die_once():
    assert duel_dice(1, 3, DuelBonuses(opponent_unarmed=True)) == 5
    assert defence_dice(2) == 2


def test_OFA_TV_E13_OFA_7_2_momentum_die():
    assert duel_dice(2, 4, DuelBonuses(momentum=True)) == 7
    assert duel_dice(3, 4, DuelBonuses()) == 7


def test_OFA_TV_S5_OFA_3D_2_FAQ_8_a_duel_leaves_the_pool_alone():
    """Three actions, a duel (lost by 1, no 1), then an action: that action rolls 4 dice."""
    pool = 3
    duel = compare((2, 3, 4, 5, 5, 4), (6, 2), duel=True)  # pool 3 + rating 3 v a Guard
    assert duel.hits_to_attacker == 1 and not loses_initiative(duel.attacker_faces)
    pool += 1  # the next action; the duel added nothing
    assert swashbuckling_dice(pool) == 4


def test_dice_counts_reject_negative_inputs():
    for call in (lambda: swashbuckling_dice(-1), lambda: swashbuckling_target_dice(-1),
                 lambda: duel_dice(-1, 2), lambda: defence_dice(-2)):
        with pytest.raises(ValueError):
            call()


# --------------------------------------------------------------------------- hit tables

def test_OFA_5A_1_swashbuckling_hits_table():
    assert table_rows(SWASH, 0) == ()
    assert table_rows(SWASH, 6) == (P, S, D, W, W, W)


def test_OFA_5B_1_duelling_hits_table_row_2_is_wounded():
    assert table_rows(DUEL, 5) == (P, W, D, W, W)
    assert table_rows(SWASH, 2)[1] is S and table_rows(DUEL, 2)[1] is W


def test_OFA_5D_11_every_row_from_the_fourth_is_a_wound():
    for table in HitTable:
        assert set(table_rows(table, 12)[3:]) == {W}
    with pytest.raises(ValueError):
        table_rows(SWASH, -1)
    with pytest.raises(ValueError):
        ofa_dice.table_row(SWASH, 0)


def test_OFA_5_4_each_resolution_starts_at_row_1():
    """OFA-AMB-3: two separate 1-hit resolutions are two Pushed Backs, not Pushed Back then
    Stunned."""
    markers, _ = apply_hits(FRESH, table_rows(SWASH, 1))
    markers, steps = apply_hits(markers, table_rows(SWASH, 1))
    assert effects(steps) == [Effect.PUSHED_BACK] and markers == FRESH


def test_OFA_3C_4_OFA_4_6_OFA_5D_8_which_table():
    assert hit_table(duel=False) is SWASH
    assert hit_table(duel=True) is DUEL
    assert hit_table(duel=True, winner_unarmed=True) is SWASH
    assert SWASH.rule == "OFA-5A.1" and DUEL.rule == "OFA-5B.1"


def test_OFA_TV_S4_OFA_5C_1_free_allocation_of_duel_hits():
    assert split_hits(DUEL, 3, (3, 0)) == ((P, W, D), ())
    assert split_hits(DUEL, 3, (1, 2)) == ((P,), (P, W))
    assert split_hits(DUEL, 3, (2, 1)) == ((P, W), (P,))
    guard_a, _ = apply_hits(FRESH, split_hits(DUEL, 3, (3, 0))[0])
    assert guard_a == FigureMarkers(unarmed=True, wounds=1)
    with pytest.raises(ValueError):
        split_hits(DUEL, 3, (1, 1))  # every hit must be allocated
    with pytest.raises(ValueError):
        split_hits(DUEL, 3, (4, -1))


def test_OFA_7_1_damage_bonus_for_heavy_objects_and_falls():
    assert hits_with_damage_bonus(2, object_bonus=1) == 3  # a rolled barrel beats a Guard by 2
    assert table_rows(SWASH, hits_with_damage_bonus(2, object_bonus=1)) == (P, S, D)
    assert hits_with_damage_bonus(1, fall_bonus=2) == 3  # pushed off a balcony, drop ≥ 2H
    assert hits_with_damage_bonus(1, object_bonus=1, fall_bonus=2) == 3  # no stacking
    assert hits_with_damage_bonus(0, object_bonus=2) == 0  # only with at least one hit
    with pytest.raises(ValueError):
        hits_with_damage_bonus(1, object_bonus=3)


# --------------------------------------------------------------------------- applying hits

def test_OFA_TV_S6a_OFA_GM_2_five_hits_on_a_fresh_musketeer():
    markers, steps = apply_hits(FRESH, table_rows(SWASH, 5))
    assert markers == FigureMarkers(stunned=True, unarmed=True, wounds=2)
    assert not markers.unconscious
    assert effects(steps) == [Effect.PUSHED_BACK, Effect.STUNNED, Effect.DROPPED_WEAPON,
                              Effect.WOUNDED, Effect.WOUNDED]
    assert [s.rule for s in steps] == ["OFA-5D.1", "OFA-5D.3", "OFA-5D.6", "OFA-5D.11",
                                       "OFA-5D.11"]


def test_OFA_TV_S6b_OFA_5D_12_five_hits_on_a_wounded_musketeer_knock_him_out():
    markers, steps = apply_hits(FigureMarkers(wounds=1), table_rows(SWASH, 5))
    assert markers.unconscious and markers.wounds == 3
    assert steps[-1].effect is Effect.UNCONSCIOUS and steps[-1].rule == "OFA-5D.12"


def test_OFA_TV_S6c_OFA_5_4_cascades_against_a_wall():
    start = FigureMarkers(stunned=True, unarmed=True)
    markers, steps = apply_hits(start, table_rows(SWASH, 3), pushed_blocked=True)
    assert markers == FigureMarkers(stunned=True, unarmed=True, wounds=3) and markers.unconscious
    by_row = {row: [s.effect for s in steps if s.row == row] for row in (1, 2, 3)}
    assert by_row[1] == [Effect.PUSH_BLOCKED, Effect.STUNNED_AGAIN, Effect.DROPPED_AGAIN,
                         Effect.WOUNDED]
    assert by_row[2] == [Effect.STUNNED_AGAIN, Effect.DROPPED_AGAIN, Effect.WOUNDED]
    assert by_row[3] == [Effect.DROPPED_AGAIN, Effect.WOUNDED, Effect.UNCONSCIOUS]
    assert [s.rule for s in steps if s.row == 1] == ["OFA-5D.2", "OFA-5D.4", "OFA-5D.9",
                                                      "OFA-5D.11"]
    assert [s.markers.wounds for s in steps if s.effect is Effect.WOUNDED] == [1, 2, 3]


def test_OFA_TV_E3_OFA_5D_4_OFA_5D_9_four_hits_on_a_stunned_figure():
    markers, steps = apply_hits(FigureMarkers(stunned=True), table_rows(SWASH, 4))
    assert markers == FigureMarkers(stunned=True, unarmed=True, wounds=2)
    assert effects(steps) == [Effect.PUSHED_BACK, Effect.STUNNED_AGAIN, Effect.DROPPED_WEAPON,
                              Effect.DROPPED_AGAIN, Effect.WOUNDED, Effect.WOUNDED]


def test_OFA_TV_E4_OFA_5D_2_blocked_push_counts_as_stunned():
    markers, steps = apply_hits(FRESH, table_rows(SWASH, 2), pushed_blocked=True)
    assert markers == FigureMarkers(stunned=True, unarmed=True, wounds=0)
    assert effects(steps) == [Effect.PUSH_BLOCKED, Effect.STUNNED, Effect.STUNNED_AGAIN,
                              Effect.DROPPED_WEAPON]
    markers, _ = apply_hits(FRESH, table_rows(DUEL, 2), pushed_blocked=True)
    assert markers == FigureMarkers(stunned=True, unarmed=False, wounds=1)


def test_OFA_5D_4_stunned_twice_stays_stunned():
    markers, _ = apply_hits(FigureMarkers(stunned=True), (S,))
    assert markers.stunned and markers.unarmed


def test_OFA_TV_E7_six_hits_knock_a_fresh_guard_out():
    c = compare((6, 6, 6, 6, 6, 2), (4, 3), duel=False)
    assert (c.attacker_score, c.defender_score, c.hits_to_defender) == (10, 4, 6)
    markers, steps = apply_hits(FRESH, table_rows(SWASH, c.hits_to_defender))
    assert markers.unconscious
    assert effects(steps) == [Effect.PUSHED_BACK, Effect.STUNNED, Effect.DROPPED_WEAPON,
                              Effect.WOUNDED, Effect.WOUNDED, Effect.WOUNDED, Effect.UNCONSCIOUS]


def test_OFA_5D_12_hits_after_the_third_wound_are_discarded():
    markers, steps = apply_hits(FRESH, table_rows(SWASH, 8))
    assert markers.wounds == 3
    assert [(s.row, s.effect) for s in steps[-2:]] == [(7, Effect.DISCARDED),
                                                      (8, Effect.DISCARDED)]
    markers, steps = apply_hits(FigureMarkers(wounds=3), table_rows(DUEL, 2))
    assert markers.wounds == 3 and effects(steps) == [Effect.DISCARDED] * 2


def test_OFA_TV_E6_OFA_5D_8_unarmed_winner_inflicts_swashbuckling_hits():
    guard_defends = (6, 4)
    athos = (2, 3, 4, 2, 2)
    c = compare(athos, guard_defends, duel=True)
    assert c.winner is Side.DEFENDER and c.hits_to_attacker == 2
    rows = table_rows(hit_table(duel=True, winner_unarmed=True), c.hits_to_attacker)
    assert rows == (P, S)
    assert apply_hits(FRESH, rows)[0] == FigureMarkers(stunned=True)


def test_OFA_TV_E2_extra_sixes_in_a_duel():
    dice = ScriptedDice([6, 6, 6, 2, 6, 5, 5, 3])
    c = opposed_roll(dice, duel_dice(0, 4), defence_dice(4), duel=True)
    assert (c.attacker_score, c.defender_score, c.hits_to_defender) == (8, 6, 2)
    markers, steps = apply_hits(FRESH, table_rows(DUEL, 2))
    assert effects(steps) == [Effect.PUSHED_BACK, Effect.WOUNDED] and markers.wounds == 1
    assert score((1, 6, 6)) == 7 and loses_initiative((1, 6, 6))


def test_OFA_5_4_push_rows_wait_for_geometry_in_order():
    """A push row stops the batch until the caller says whether it was blocked."""
    res = start_hits(FRESH, table_rows(SWASH, 3))
    assert res.pending_push == PushBack(1) and not res.done and res.steps == ()
    res = res.resolve_push(blocked=False)
    assert res.done and res.markers == FigureMarkers(stunned=True, unarmed=True)
    assert effects(res.steps) == [Effect.PUSHED_BACK, Effect.STUNNED, Effect.DROPPED_WEAPON]
    with pytest.raises(ValueError):
        res.resolve_push(blocked=True)


def test_OFA_5_4_push_flags_as_a_list_or_a_function():
    rows = (P, S, P, S)  # several push rows (e.g. built by hand): resolved in order
    m_list, s_list = apply_hits(FRESH, rows, pushed_blocked=[False, True])
    m_fn, s_fn = apply_hits(FRESH, rows, pushed_blocked=lambda row: row == 3)
    assert (m_list, s_list) == (m_fn, s_fn)
    assert m_list == FigureMarkers(stunned=True, unarmed=True, wounds=1)
    assert effects(s_list) == [Effect.PUSHED_BACK, Effect.STUNNED, Effect.PUSH_BLOCKED,
                               Effect.STUNNED_AGAIN, Effect.DROPPED_WEAPON, Effect.STUNNED_AGAIN,
                               Effect.DROPPED_AGAIN, Effect.WOUNDED]
    with pytest.raises(ValueError):
        apply_hits(FRESH, rows, pushed_blocked=[False])


def test_OFA_7_1_OFA_5D_1_fall_during_a_push_extends_the_batch():
    """A Guard pushed off a balcony (drop ≥ 2H) by a 1-hit result takes 1 + 2 = 3 hits."""
    res = start_hits(FRESH, table_rows(SWASH, 1))
    res = res.resolve_push(blocked=False, extra_rows=more_rows(SWASH, len(res.rows), 2))
    assert res.done and res.rows == (P, S, D)
    assert effects(res.steps) == [Effect.PUSHED_BACK, Effect.DAMAGE_BONUS, Effect.STUNNED,
                                  Effect.DROPPED_WEAPON]
    assert res.steps[1].rule == "OFA-7.1"
    assert more_rows(DUEL, 3, 2) == (W, W) and more_rows(DUEL, 1, 1) == (W,)


@given(st.booleans(), st.booleans(), st.integers(0, 3), st.sampled_from(list(HitTable)),
       st.integers(0, 12), st.booleans())
def test_OFA_5_4_every_row_ends_in_one_result_and_markers_only_worsen(
        stunned, unarmed, wounds, table, hits, blocked):
    start = FigureMarkers(stunned, unarmed, wounds)
    markers, steps = apply_hits(start, table_rows(table, hits), pushed_blocked=blocked)
    assert [s.row for s in steps] == sorted(s.row for s in steps)
    for row in range(1, hits + 1):
        finals = [s.effect for s in steps if s.row == row and s.effect in TERMINAL]
        assert len(finals) == 1, (row, steps)
    assert sum(s.effect is Effect.UNCONSCIOUS for s in steps) == (
        1 if markers.unconscious and not start.unconscious else 0)
    before = start
    for s in steps:
        assert s.rule.startswith("OFA-")
        assert s.markers.wounds >= before.wounds
        assert s.markers.stunned >= before.stunned and s.markers.unarmed >= before.unarmed
        before = s.markers
    assert markers == (steps[-1].markers if steps else start)
    wounds_taken = sum(s.effect is Effect.WOUNDED for s in steps)
    assert markers.wounds == start.wounds + wounds_taken <= 3


def test_OFA_5_2_markers_are_frozen_and_bounded():
    with pytest.raises(FrozenInstanceError):
        FRESH.wounds = 1  # type: ignore[misc]
    with pytest.raises(ValueError):
        FigureMarkers(wounds=4)
    assert FigureMarkers(wounds=3).unconscious and not FigureMarkers(wounds=2).unconscious


# --------------------------------------------------------------------------- initiative

def test_OFA_TV_S7_OFA_3A_2_a_one_loses_the_initiative_after_resolving():
    dice = ScriptedDice([1, 5, 3, 4])
    c = opposed_roll(dice, swashbuckling_dice(2), swashbuckling_target_dice(2), duel=False)
    assert c.hits_to_defender == 1 and table_rows(SWASH, 1) == (P,)
    check = loses_initiative(c.attacker_faces)
    assert check and check.initiative_lost and check.activation_ends
    assert check.ones == 1 and check.rule == "OFA-3A.1"


def test_OFA_TV_E5_OFA_4_5_OFA_4B_1_duel_loser_with_a_one_passes_the_initiative():
    dice = ScriptedDice([1, 3, 4, 4, 5, 2, 6, 6, 6, 2])
    c = opposed_roll(dice, 7, 3, duel=True)
    assert (c.attacker_score, c.defender_score, c.hits_to_attacker) == (6, 7, 1)
    assert table_rows(DUEL, c.hits_to_attacker) == (P,)
    assert loses_initiative(c.attacker_faces)
    # without the 1 he could carry on, even though he lost (OFA-4B.1, OFA-FAQ.7)
    assert not loses_initiative((2, 3, 4, 4, 5, 2, 6))


def test_OFA_TV_E10_OFA_AMB_6_defender_ones_never_count():
    """One barrel roll [4,5] against three Guards, compared separately (OFA-MG.6)."""
    attacker = (4, 5)
    g1 = compare(attacker, (3, 2), duel=False)
    g2 = compare(attacker, (6, 1), duel=False)
    g3 = compare(attacker, (5, 5), duel=False)
    assert [g.hits_to_defender for g in (g1, g2, g3)] == [2, 0, 1]
    assert table_rows(SWASH, 2) == (P, S) and table_rows(SWASH, 1) == (P,)
    assert not loses_initiative(attacker)  # G2's 1 is the defender's


def test_OFA_3A_1_base_rules_any_one_loses():
    assert loses_initiative((4, 1, 6)).initiative_lost
    assert not loses_initiative((2, 3, 6)).initiative_lost
    assert not loses_initiative(())  # zero dice cannot show a 1 (OFA-0.6)
    assert loses_initiative([(2, 3), (4, 1)])  # several rolls at once


def test_OFA_TV_E8_OFA_7_3_extended_swashbuckling():
    cfg = InitiativeRules(extended_swashbuckling=True)
    counters = OnesCounters()
    first = loses_initiative((1,), cfg, counters)
    assert not first and not first.activation_ends and first.counters.figure_ones == 1
    second = loses_initiative((4, 5), cfg, first.counters)
    assert not second and second.counters.figure_ones == 1
    third = loses_initiative((2, 1, 6), cfg, second.counters)
    assert third and third.activation_ends and third.rule == "OFA-7.3"
    assert loses_initiative((1,), InitiativeRules(), counters)  # option off: the first 1


def test_OFA_7_3_two_ones_in_one_roll_fail_at_once_and_counts_reset():
    cfg = InitiativeRules(extended_swashbuckling=True)
    assert loses_initiative((1, 1, 5), cfg)
    one = loses_initiative((1,), cfg).counters
    assert one.new_activation() == OnesCounters()
    assert not loses_initiative((1,), cfg, one.new_activation())


def test_OFA_TV_E9_OFA_7_4_extended_turn():
    cfg = InitiativeRules(extended_turn=True)
    a = loses_initiative((1, 3), cfg)
    assert not a and a.activation_ends and a.counters.turn_fails == 1 and a.rule == "OFA-7.4"
    b1 = loses_initiative((2, 2), cfg, a.counters.new_activation())
    assert not b1 and not b1.activation_ends
    b2 = loses_initiative((1, 4, 5), cfg, b1.counters)
    assert b2 and b2.counters.turn_fails == 2
    assert loses_initiative((1, 1), cfg)  # variant: two 1s at once
    assert a.counters.new_turn() == OnesCounters()


def test_OFA_7_5_both_variants_together():
    cfg = InitiativeRules(extended_swashbuckling=True, extended_turn=True)
    first = loses_initiative((1,), cfg)
    assert not first and not first.activation_ends and first.rule == "OFA-7.5"
    fail = loses_initiative((1, 4), cfg, first.counters)
    assert not fail and fail.activation_ends and fail.counters.turn_fails == 1
    # next figure: 1 then a roll with two 1s -> figure_ones 3 -> 1 + 1 strikes -> initiative lost
    again = loses_initiative((1,), cfg, fail.counters.new_activation())
    assert not again
    assert loses_initiative((1, 1), cfg, again.counters)
    # a fresh turn, a figure whose first roll shows three 1s: 1 + 1 strikes
    assert loses_initiative((1, 1, 1), cfg).counters.turn_fails == 2


def test_OFA_AMB_7_count_ones_per_roll_reading():
    cfg = InitiativeRules(extended_turn=True, count_ones_per="roll")
    check = loses_initiative((1, 1), cfg)
    assert not check and check.counters.turn_fails == 1
    with pytest.raises(ValueError):
        loses_initiative((1,), InitiativeRules(count_ones_per="dozen"))


def test_OFA_0_7_any_cfg_object_with_the_flag_names_works():
    class Cfg:
        extended_swashbuckling = True
        extended_turn = False

    assert not loses_initiative((1,), Cfg())


def test_module_examples_run():
    assert doctest.testmod(ofa_dice).failed == 0
