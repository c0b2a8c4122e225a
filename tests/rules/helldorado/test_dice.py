"""The dice conventions (HD-0-6, HD-0-7) and the seed's dice steps (HD-MELEE-6..9), pure and
through the engine with scripted dice: HD-TV-S2, HD-TV-S3, HD-TV-E1."""

from __future__ import annotations

import pytest

from game.rules.engine import IllegalCommand
from game.rules.helldorado.commands import Fight, Reroll
from game.rules.helldorado.dice import Pool, Roll, count_hits, lp_loss, pool, power_loss, table_damage
from tests.rules.helldorado.scene import SWORD, T_SWORD, THEM, US, active, do, first, start, unit


@pytest.mark.parametrize(("n", "expected"), [
    (-1, Pool(0, 0, 0)), (0, Pool(0, 0, 0)), (1, Pool(1, 0, 0)), (5, Pool(5, 0, 0)),
    (6, Pool(5, 1, 0)), (7, Pool(5, 2, 0)), (10, Pool(5, 5, 0)), (11, Pool(5, 5, 1)), (14, Pool(5, 5, 4)),
])
def test_HD_0_6_pool_of_a_characteristic(n, expected):
    """HD-0-6, HD-MELEE-6, HD-MELEE-7: dice beyond 5 are re-rolls, beyond 10 automatic damage."""
    assert pool(n) == expected


def test_HD_TV_S3_seven_dice_are_five_and_two_rerolls():
    """HD-TV-S3 (HD-MELEE-6): CBT 7 → 5 dice and 2 re-rolls, in the maths and at the table."""
    assert pool(7) == Pool(5, 2, 0)
    st = start([unit("a", US, 0, 0, cbt=7, weapons=(SWORD,)), unit("b", THEM, 1.2, 0, cbt=None)])
    out = do(active(st, "a"), Fight("a", "b"), [1, 1, 1, 1, 1, 6, 6])
    roll = first(out, "hd.roll")
    assert (roll["dice"], roll["rerolls"], roll["auto"]) == (5, 2, 0)
    assert first(out, "hd.reroll")["indices"] == (0, 1)


def test_HD_MELEE_8_hits_are_dice_at_least_the_difficulty():
    """HD-MELEE-8, HD-0-6: a die equal to DEF hits; one below misses; DEF 7 cannot be hit."""
    assert count_hits([4, 3, 6, 1], 4) == 2
    assert count_hits([6, 6, 6], 7) == 0


def test_HD_0_6_reroll_choice_and_parity_after_rerolls():
    """HD-0-6, HD-MELEE-9: only misses, each once, at most the re-rolls owned; parity counts the
    final faces."""
    r = Roll((4, 4, 2, 6, 3), 4, rerolls=1)
    assert r.misses == (2, 4) and r.default_choice() == (2,)
    assert r.check_choice((0,)) and r.check_choice((2, 4)) and r.check_choice((2, 2))
    assert r.check_choice((4,)) == ""
    after = r.with_rerolls((2,), (5,))
    assert after.faces == (4, 4, 5, 6, 3) and after.hits == 4 and after.misses == (4,)
    assert not after.wants_reroll  # a re-rolled die is never re-rolled, spare re-rolls are lost
    assert (after.odd, after.even, after.stray) == (2, 3, False)


def test_HD_0_7_damage_table_lookup():
    """HD-0-7: T(0) = 0; hits beyond the table use its last entry."""
    assert [table_damage(T_SWORD, h) for h in range(8)] == [0, 1, 2, 3, 5, 7, 7, 7]
    assert table_damage((), 3) == 0


def test_HD_MELEE_12_protection_and_automatic_damage():
    """HD-MELEE-12: max(0, damage − PR) + automatic damage; HD-EXPL-8 for powered hits."""
    assert lp_loss(3, 4) == 0 and lp_loss(5, 2, 2) == 5 and lp_loss(0, 2, 2) == 2
    assert power_loss(3, 2, 1) == 5 and power_loss(0, 2, 1) == 0


def test_HD_TV_S2_a_third_reroll_is_wasted():
    """HD-TV-S2, HD-MELEE-9: CBT 8 vs DEF 4, [5,4,6,2,3], re-roll the two misses → 4 hits; the third
    re-roll has no miss left to use."""
    st = start([unit("a", US, 0, 0, cbt=8, weapons=(SWORD,)), unit("b", THEM, 1.2, 0, cbt=None, defence=4)])
    out = do(active(st, "a"), Fight("a", "b"), [5, 4, 6, 2, 3, 4, 1])
    roll = first(out, "hd.roll")
    assert (roll["dice"], roll["rerolls"], roll["faces"]) == (5, 3, (5, 4, 6, 2, 3))
    rr = first(out, "hd.reroll")
    assert rr["indices"] == (3, 4) and rr["faces"] == (5, 4, 6, 4, 1)
    assert rr["hits"] == 4 and rr["unused"] == 1
    assert first(out, "hd.damage")["damage"] == T_SWORD[3]


def test_HD_MELEE_9_rerolls_chosen_by_the_player():
    """HD-MELEE-9 with ``ask_rerolls``: misses only, each once, no more than owned."""
    st = start([unit("a", US, 0, 0, cbt=8, weapons=(SWORD,)), unit("b", THEM, 1.2, 0, cbt=None)],
               ask_rerolls=True)
    out = do(active(st, "a"), Fight("a", "b"), [5, 4, 6, 2, 3])
    pending = out.state.pending
    assert pending is not None and pending.kind == "reroll" and pending.options == ("3", "4")
    for bad in [(0,), (3, 3), (3, 4, 0)]:
        with pytest.raises(IllegalCommand) as err:
            do(out.state, Reroll(bad))
        assert err.value.rule_id == "HD-MELEE-9"
    done = do(out.state, Reroll((4,)), [6])
    assert first(done, "hd.reroll")["faces"] == (5, 4, 6, 2, 6)
    assert first(done, "hd.damage")["hits"] == 4


def test_HD_MELEE_9_no_rerolls_with_five_dice_or_fewer():
    """HD-MELEE-9: re-rolls exist only with more than 5 attack dice."""
    st = start([unit("a", US, 0, 0, cbt=5, weapons=(SWORD,)), unit("b", THEM, 1.2, 0, cbt=None)])
    out = do(active(st, "a"), Fight("a", "b"), [1, 1, 1, 1, 1])
    assert not [e for e in out.events if e.kind == "hd.reroll"]


def test_HD_TV_E1_beyond_ten_dice_automatic_damage_ignores_PR():
    """HD-TV-E1, HD-MELEE-7, HD-MELEE-12: CBT 10 + 2 support = 12 → 5 dice, 5 re-rolls, 2 automatic damage.
    [1,2,3,4,5] → re-roll the 3 misses to [6,3,4] → 4 hits → T(4) = 5 − PR 2 = 3, + 2 = 5 LP."""
    units = [unit("a", US, 1.2, 0, cbt=10, weapons=(SWORD,)),
             unit("b", THEM, 0, 0, cbt=None, defence=4, pr=2),
             unit("c", US, 0, 1.2, weapons=(SWORD,)), unit("d", US, 0, -1.2, weapons=(SWORD,))]
    st = active(start(units), "a")
    out = do(st, Fight("a", "b"), [1, 2, 3, 4, 5, 6, 3, 4])
    roll = first(out, "hd.roll")
    assert roll["value"] == 12 and (roll["dice"], roll["rerolls"], roll["auto"]) == (5, 5, 2)
    assert ("support", 2, "HD-MELEE-23") in roll["mods"]
    dmg = first(out, "hd.damage")
    assert (dmg["hits"], dmg["damage"], dmg["pr"], dmg["auto"], dmg["loss"]) == (4, 5, 2, 2, 5)
    assert "HD-MELEE-7" in dmg.rules
    # every die and re-roll misses: 0 hits, still 2 automatic damage through PR
    out = do(st, Fight("a", "b"), [1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    dmg = first(out, "hd.damage")
    assert (dmg["hits"], dmg["loss"]) == (0, 2)
    assert out.state.unit("b").lp == 18
