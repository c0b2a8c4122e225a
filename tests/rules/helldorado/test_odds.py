"""Exact odds of Helldorado's rolls (``odds.py``): small cases checked by hand, exhaustive
enumeration through the rules' ``Roll``, and a grid of attacks, shots, explosions and templates
against 100,000 rolls each.

The grid's sampler draws seeded numpy dice and resolves them with the numbers each case states
from the spec by hand (pool, difficulty, PR and cover, victims, the chain order): it never asks
the odds module. The first ``REPLAY`` samples of every case are then fed, face by face, to the
game's own resolution (``SYSTEM.apply`` with scripted dice, every face used), which must take
exactly the LP the sampler says: so the 100,000 samples are the rules' outcomes, and the odds are
checked against the rules, not against themselves.
"""

from __future__ import annotations

import doctest
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from game.rules.engine import IllegalCommand
from game.rules.helldorado import odds as hd_odds
from game.rules.helldorado.commands import Blast, Concentrate, End, Fight, Focus, Move, Reroll, Shoot, ShootAt
from game.rules.helldorado.dice import Roll
from game.rules.helldorado.odds import (
    attack_odds,
    blast_odds,
    clear_caches,
    odds_for,
    pool_odds,
    reroll_odds,
    roll_odds,
    shot_odds,
)
from game.rules.helldorado.state import HDState, Weapon
from tests.rules.helldorado.scene import (
    MUSKET,
    SWORD,
    SYSTEM,
    T_MUSKET,
    T_SWORD,
    THEM,
    US,
    active,
    do,
    events,
    start,
    unit,
    wall,
)

SAMPLES = 100_000
TOLERANCE = 0.01
REPLAY = 120  #: samples of each grid case replayed through the game's resolution

BOMB = Weapon("bomb", "Bomb", "explosion", range=5.0, difficulty=4, power=2)
GAS = Weapon("gas", "Gas", "cloud", difficulty=4, power=1)
GRAPE = Weapon("grape", "Grapeshot", "impact", difficulty=4, power=2)
GUN8 = Weapon("gun", "Gun", "ranged", T_MUSKET, range=8.0)
AXE = Weapon("axe", "Axe", "melee", (3, 4, 5, 6, 8))


def test_the_module_examples_hold():
    assert doctest.testmod(hd_odds).failed == 0


# =========================================================================== hand-checked cases


def test_HD_MELEE_8_one_die_needing_4_hits_half_the_time():
    assert roll_odds(1, 0, 4).probs == (0.5, 0.5)
    assert roll_odds(2, 0, 5).probs == pytest.approx((4 / 9, 4 / 9, 1 / 9), abs=1e-15)
    assert sum(roll_odds(5, 5, 3).probs) == pytest.approx(1.0, abs=1e-15)


def test_HD_0_6_and_HD_MELEE_6_pool_conversion():
    """pool(7) = 5 dice + 2 re-rolls (HD-TV-S3); pool(12) = 5 + 5 + 2 automatic (HD-MELEE-7)."""
    seven, twelve = pool_odds(7, 4), pool_odds(12, 4)
    assert (seven.dice, seven.rerolls, seven.auto) == (5, 2, 0)
    assert (twelve.dice, twelve.rerolls, twelve.auto) == (5, 5, 2)
    assert pool_odds(0, 4).probs == (1.0,)


def test_HD_MELEE_9_re_rolls_only_help_through_misses_HD_TV_S2():
    """CBT 8 against DEF 4: each die hits at 1/2, and a miss is re-rolled while re-rolls last:
    E[hits] = 5/2 + E[min(misses, 3)]/2 = 5/2 + 73/64; no hit at all needs 5 + 3 misses."""
    o = roll_odds(5, 3, 4)
    assert o.expected_hits == pytest.approx(5 / 2 + 73 / 64, abs=1e-12)
    assert o.probs[0] == pytest.approx(1 / 2 ** 8, abs=1e-15)
    # re-rolls beyond the misses are lost: 5 re-rolls do no better than the 5 dice can miss
    assert roll_odds(5, 5, 4).probs == pytest.approx(roll_odds(5, 9, 4).probs, abs=1e-15)


def _enumerate_with_roll(dice: int, rerolls: int, diff: int) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """Every first roll and every re-roll, through the rules' Roll: P(hits) and P(hits, stray)."""
    hits: dict[int, Fraction] = {}
    stray: dict[int, Fraction] = {}
    for first in itertools.product(range(1, 7), repeat=dice):
        roll = Roll(first, diff, rerolls)
        choice = roll.default_choice()
        for new in itertools.product(range(1, 7), repeat=len(choice)):
            final = roll.with_rerolls(choice, new)
            p = Fraction(1, 6 ** (dice + len(choice)))
            hits[final.hits] = hits.get(final.hits, Fraction(0)) + p
            if final.stray:
                stray[final.hits] = stray.get(final.hits, Fraction(0)) + p
    return hits, stray


@pytest.mark.parametrize(("dice", "rerolls", "diff"), [(1, 0, 4), (2, 1, 3), (3, 2, 5), (3, 1, 6),
                                                       (2, 2, 1), (3, 3, 7), (4, 2, 4)])
def test_HD_0_6_and_HD_RANGED_21_match_enumeration_through_Roll(dice, rerolls, diff):
    """The counted distribution of hits, and of hits with a stray (odd > even after the
    re-rolls), equals brute force over every face through ``Roll.default_choice`` /
    ``with_rerolls`` (the re-roll policy the engine applies)."""
    hits, stray = _enumerate_with_roll(dice, rerolls, diff)
    o = roll_odds(dice, rerolls, diff, parity=True)
    for k in range(dice + 1):
        assert o.probs[k] == pytest.approx(float(hits.get(k, 0)), abs=1e-15)
        assert o.probs_stray[k] == pytest.approx(float(stray.get(k, 0)), abs=1e-15)


def _melee(a_kw: dict[str, Any], b_kw: dict[str, Any], *others: Any, **options: Any) -> HDState:
    a = unit("a", US, 0, 0, **a_kw)
    b = unit("b", THEM, 1.2, 0, **b_kw)
    return active(start([a, b, *others], **options), "a")


def test_HD_MELEE_7_automatic_damage_ignores_PR_and_needs_no_hit():
    """CBT 12 against DEF 7 (HD-RANGED-14: no face reaches 7): no hit ever, yet 2 LP through PR 5."""
    st = _melee({"cbt": 12}, {"defence": 7, "pr": 5, "cbt": None})
    o = attack_odds(SYSTEM, st, Fight("a", "b", "sword"))
    assert o is not None and o.one_sided
    assert o.attack.probs == (1.0, 0.0, 0.0, 0.0, 0.0, 0.0) and o.attack.auto == 2
    assert o.to_defender.probs[2] == 1.0 and o.to_defender.expected_lp == 2.0


def test_HD_MELEE_12_PR_is_taken_once_from_the_table_and_HD_TV_E2():
    """3 hits of T_sword = 3 against PR 4: nothing (HD-TV-E2); 5 hits: 7 − 4 = 3."""
    st = _melee({"cbt": 5}, {"defence": 1, "pr": 4, "cbt": None})  # DEF 1: every die hits
    o = attack_odds(SYSTEM, st, Fight("a", "b", "sword"))
    assert o is not None and o.attack.probs[5] == 1.0
    assert o.to_defender.probs[T_SWORD[4] - 4] == 1.0


def test_HD_MELEE_13_both_strike_at_once_and_HD_MELEE_17_one_sided():
    st = _melee({"cbt": 4, "lp": 2, "defence": 4}, {"cbt": 3, "defence": 3, "lp": 2})
    o = attack_odds(SYSTEM, st, Fight("a", "b", "sword"))
    assert o is not None and not o.one_sided and o.defence is not None
    assert o.to_defender.p_kill == pytest.approx(o.attack.p_hit_at_least(2), abs=1e-12)  # T(2) = 2
    assert o.to_attacker.p_kill == pytest.approx(o.defence.p_hit_at_least(2), abs=1e-12)
    assert o.p_both_die == pytest.approx(o.to_defender.p_kill * o.to_attacker.p_kill, abs=1e-15)
    harmless = _melee({"cbt": 4}, {"cbt": None})
    one = attack_odds(SYSTEM, harmless, Fight("a", "b", "sword"))
    assert one is not None and one.defence is None and one.to_attacker.probs[0] == 1.0


def test_HD_MELEE_23_support_and_HD_MELEE_16_charge_change_the_pool():
    """An ally touching the target adds a die (HD-MELEE-23); a charge takes one (HD-MELEE-16)."""
    ally = unit("c", US, 1.2, 1.2)
    st = _melee({"cbt": 3}, {"cbt": None}, ally)
    o = attack_odds(SYSTEM, st, Fight("a", "b", "sword"))
    assert o is not None and o.attack.dice == 4 and "HD-MELEE-23" in o.rules
    far = active(start([unit("a", US, 0, 0, cbt=6), unit("b", THEM, 4, 0, cbt=None)]), "a")
    from game.rules.helldorado.commands import Charge

    charged = attack_odds(SYSTEM, far, Charge("a", "b", "sword"))
    assert charged is not None and (charged.attack.dice, charged.attack.rerolls) == (5, 0)
    assert "HD-MELEE-16" in charged.rules


def test_HD_MELEE_22_a_focus_in_a_fight_draws_a_one_sided_attack_at_DEF_minus_1():
    st = _melee({"defence": 4}, {"cbt": 5})
    o = attack_odds(SYSTEM, st, Focus("a"))
    assert o is not None and (o.attacker, o.defender) == ("b", "a") and o.one_sided
    assert o.attack.diff == 3 and "HD-MELEE-22" in o.rules
    free = active(start([unit("a", US, 0, 0), unit("b", THEM, 9, 0)]), "a")
    assert attack_odds(SYSTEM, free, Focus("a")) is None  # no fight: a focus rolls nothing


def test_HD_MELEE_24_an_undeclared_weapon_leaves_the_table_to_the_opponent():
    """The opponent picks the table (the odds answer as the AI does: the weaker one)."""
    st = _melee({"cbt": 4, "weapons": (SWORD, AXE)}, {"cbt": None})
    declared = attack_odds(SYSTEM, st, Fight("a", "b", "axe"))
    left = attack_odds(SYSTEM, st, Fight("a", "b", ""))
    assert declared is not None and left is not None
    assert (declared.weapon, left.weapon) == ("axe", "sword")
    assert left.to_defender.expected_lp < declared.to_defender.expected_lp


def _shooter(*targets: Any, solids: Any = (), shs: int = 3, weapon: Weapon = MUSKET, **options: Any) -> HDState:
    return active(start([unit("s", US, 0, 0, shs=shs, weapons=(weapon,)), *targets], list(solids),
                        **options), "s")


@pytest.mark.parametrize(("x", "diff", "band"), [(7.2, 3, "point_blank"), (7.21, 4, "short"),
                                                 (19.2, 5, "medium"), (19.21, 6, "long"),
                                                 (31.2, 6, "long")])
def test_HD_RANGED_15_the_range_band_sets_the_difficulty_HD_TV_E3(x, diff, band):
    """R = 6, DEF 3, d = x − 1.2 edge to edge: 6.0 → 3, 6.01 → 4, 18 → 5, 18.01 → 6, 30 → 6."""
    o = shot_odds(SYSTEM, _shooter(unit("t", THEM, x, 0, defence=3)), Shoot("s", "musket", "t"))
    assert (o.roll.diff, o.band, o.range_diff) == (diff, band, diff)
    assert o.roll.probs[0] == pytest.approx(((diff - 1) / 6) ** 3, abs=1e-15)


def test_HD_RANGED_14_the_target_DEF_when_higher_and_DEF_7_cannot_be_hit():
    five = shot_odds(SYSTEM, _shooter(unit("t", THEM, 7.2, 0, defence=5)), Shoot("s", "musket", "t"))
    assert five.roll.diff == 5
    seven = shot_odds(SYSTEM, _shooter(unit("t", THEM, 7.2, 0, defence=7)), Shoot("s", "musket", "t"))
    assert seven.roll.probs[0] == 1.0 and seven.to_target.probs[0] == 1.0


@pytest.mark.parametrize(("size", "bonus"), [("normal", 3), ("large", 2), ("huge", 1)])
def test_HD_RANGED_11_cover_bonus_by_base_size_HD_TV_E4(size, bonus):
    """HD-RANGED-9 (the wall of HD-TV-E13, 0.6 f high, 0.4 f from the base): in cover, so PR 1
    + the bonus. SHS 3 at 8.8 f with R 8 is Short (4): k hits of 3 at 1/2 deal
    max(0, T_musket(k) − 1 − bonus); 3 hits: 4 − 4 / 4 − 3 / 4 − 2 = 0 / 1 / 2 (HD-TV-E4)."""
    target = unit("t", THEM, 10, 0, defence=1, pr=1, size=size)
    st = _shooter(target, solids=[wall("w", 8.8, -3, 9.0, 3, 0.6)], weapon=GUN8)
    o = shot_odds(SYSTEM, st, Shoot("s", "gun", "t"))
    assert (o.to_target.pr, o.to_target.cover, o.roll.diff) == (1, bonus, 4)
    want = [0.0] * len(o.to_target.probs)
    for k in range(4):
        loss = max(0, T_MUSKET[k - 1] - 1 - bonus) if k else 0
        want[loss] += math.comb(3, k) / 8
    assert o.to_target.probs == pytest.approx(want, abs=1e-15)
    assert max(0, T_MUSKET[2] - 1 - bonus) == {3: 0, 2: 1, 1: 2}[bonus]


def test_HD_RANGED_20_21_the_Berber_hunter_HD_TV_S1():
    """SHS 3; range 4, target DEF 4, engaged with friends of DEF 3 and 5: difficulty 5. A stray
    needs 2 or 3 odd faces of 3 (P = 1/2); each friend takes it half the time (HD-RANGED-22)."""
    st = _shooter(unit("t", THEM, 7.21, 0, defence=4), unit("f1", US, 7.21, 1.2, defence=3),
                  unit("f2", US, 7.21, -1.2, defence=5))
    o = shot_odds(SYSTEM, st, Shoot("s", "musket", "t"))
    assert o.roll.diff == 5 and o.roll.parity
    assert o.p_stray == pytest.approx(0.5, abs=1e-15)
    assert [v.unit for v in o.to_victims] == ["f1", "f2"]
    # every hit lands on someone (PR 0 all round): on the target, or on a friend at random
    landed = o.to_target.p_any_damage + sum(v.p_any_damage for v in o.to_victims)
    assert landed == pytest.approx(o.roll.p_any_hit, abs=1e-15)
    assert o.to_victims[0].probs == o.to_victims[1].probs


def test_HD_RANGED_21_one_die_strays_on_every_odd_face():
    st = _shooter(unit("t", THEM, 5, 0, defence=3), unit("f", US, 5, 1.2, defence=3), shs=1)
    o = shot_odds(SYSTEM, st, Shoot("s", "musket", "t"))
    assert o.p_stray == pytest.approx(0.5, abs=1e-15)
    assert o.roll.probs_stray == pytest.approx((1 / 6, 2 / 6), abs=1e-15)  # odd misses: 1; odd hits: 3, 5
    assert o.to_victims[0].p_any_damage == pytest.approx(2 / 6, abs=1e-15)


def test_HD_HOUSE_9_aim_adds_to_SHS():
    st = _shooter(unit("t", THEM, 5, 0, defence=3), shs=5)
    before = shot_odds(SYSTEM, st, Shoot("s", "musket", "t"))
    aimed = do(st, Concentrate("s")).state
    after = shot_odds(SYSTEM, aimed, Shoot("s", "musket", "t"))
    assert (before.roll.rerolls, after.roll.rerolls) == (0, 1) and "HD-HOUSE-9" in after.rules


def test_HD_EXPL_5_no_hit_nothing_happens_and_HD_EXPL_8_five_dice_of_Power():
    """SHS 1 at 9.4 f (Short, 4): the blast lands half the time; then 5 dice at 4+, 2 each,
    less PR 1 once: 3 hits → 5 LP."""
    st = active(start([unit("S", US, 0, 0, shs=1, weapons=(BOMB,)), unit("A", THEM, 12, 1, pr=1)]), "S")
    o = blast_odds(SYSTEM, st, ShootAt("S", "bomb", 10.0, 0.0))
    assert o.p_land == 0.5 and o.kind == "explosion"
    a = o.for_unit("A")
    assert a is not None
    assert a.probs[0] == pytest.approx(0.5 + 0.5 / 32, abs=1e-15)
    assert a.probs[5] == pytest.approx(0.5 * math.comb(5, 3) / 32, abs=1e-15)


def test_HD_TMPL_12_the_impact_chain_carries_the_misses_on():
    """SHS 3 → 8 dice at A; the misses at B: each die reaches B and hits it with 1/2 · 1/2."""
    st = active(start([unit("S", US, 0, 0, shs=3, weapons=(GRAPE,)), unit("A", THEM, 3, 0),
                       unit("B", THEM, 5, 0)]), "S")
    o = blast_odds(SYSTEM, st, Blast("S", "grape", 0.0))
    assert [c.unit for c in o.caught] == ["A", "B"] and o.caught[0].dice == 8
    binom = [math.comb(8, k) * 0.25 ** k * 0.75 ** (8 - k) for k in range(9)]
    assert o.caught[1].hits == pytest.approx(binom, abs=1e-14)


def test_HD_TMPL_14_hits_on_a_fighter_may_go_to_one_outside_the_template():
    """A cloud catches M, which fights N outside it: an odd die sends M's hits to N."""
    st = active(start([unit("S", US, 0, 0, weapons=(GAS,)), unit("M", THEM, 2, 0),
                       unit("N", US, 2, 1.2)]), "S")
    o = blast_odds(SYSTEM, st, Blast("S", "gas", 0.0))
    m, n = o.for_unit("M"), o.for_unit("N")
    assert m is not None and n is not None and o.caught[0].outside == ("N",)
    assert m.probs[0] == pytest.approx(0.5 + 0.5 / 32, abs=1e-15)
    assert n.probs[1:] == pytest.approx(m.probs[1:], abs=1e-15)


def test_odds_for_rolls_and_other_commands_and_refusals():
    st = _shooter(unit("t", THEM, 5, 0))
    assert odds_for(SYSTEM, st, Move("s", 0.0, 1.0)) is None
    assert odds_for(SYSTEM, st, End("s")) is None
    assert isinstance(odds_for(SYSTEM, st, Shoot("s", "musket", "t")), hd_odds.ShotOdds)
    with pytest.raises(IllegalCommand):
        shot_odds(SYSTEM, st, Shoot("s", "musket", "nobody"))


def test_a_pending_re_roll_choice_has_its_odds():
    st = _shooter(unit("t", THEM, 5, 0, defence=4), shs=7, ask_rerolls=True)  # diff 4
    out = do(st, Shoot("s", "musket", "t"), [1, 5, 2, 6, 3])  # misses at 0, 2, 4
    two = reroll_odds(out.state, Reroll((0, 2)))
    assert two.probs == pytest.approx((0, 0, 0.25, 0.5, 0.25, 0), abs=1e-15)
    assert reroll_odds(out.state, Reroll(())).probs[2] == 1.0


# =========================================================================== the grid


@dataclass(frozen=True)
class Pool:
    """One roll as the spec reads it: dice, re-rolls, difficulty, and each hit count's damage."""

    dice: int
    rerolls: int
    diff: int


@dataclass(frozen=True)
class Case:
    name: str
    make: Callable[[], tuple[HDState, Any]]
    sample: Callable[[np.random.Generator, HDState], Sampled]
    units: tuple[str, ...]  #: whose LP lost is compared


@dataclass
class Sampled:
    """What the sampler found: LP lost per unit, hits per roll, and each sample's faces."""

    lost: dict[str, np.ndarray]
    hits: dict[str, np.ndarray] = field(default_factory=dict)
    faces: Callable[[int], list[int]] = lambda i: []


def _table_loss(table: tuple[int, ...], pr: int, auto: int) -> np.ndarray:
    """HD-0-7, HD-MELEE-12 written from the spec: max(0, T(h) − PR) + auto, h = 0..5."""
    out = [auto] + [max(0, table[min(h, len(table)) - 1] - pr) + auto for h in range(1, 6)]
    return np.array(out)


def _roll(rng: np.random.Generator, p: Pool, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """HD-0-6 from the spec: first faces, the misses re-rolled left to right while re-rolls
    last; returns (final faces, first faces, re-roll faces, re-rolls used)."""
    first = rng.integers(1, 7, size=(n, p.dice))
    again = rng.integers(1, 7, size=(n, max(p.rerolls, 1)))
    miss = first < p.diff
    rank = np.cumsum(miss, axis=1)
    chosen = miss & (rank <= p.rerolls)
    idx = np.clip(rank - 1, 0, again.shape[1] - 1)
    final = np.where(chosen, np.take_along_axis(again, idx, axis=1), first)
    return final, first, again, chosen.sum(axis=1)


def _cap(loss: np.ndarray, lp: int) -> np.ndarray:
    return np.minimum(loss, lp)


def melee_sampler(a: Pool, a_table: tuple[int, ...], d_pr: int, a_auto: int, d: Pool | None = None,
                  d_table: tuple[int, ...] = (), a_pr: int = 0, d_auto: int = 0,
                  names: tuple[str, str] = ("a", "b")) -> Callable[[np.random.Generator, HDState], Sampled]:
    """Dice order: the attacker's dice, the defender's, the attacker's re-rolls, the defender's."""
    def sample(rng: np.random.Generator, st: HDState) -> Sampled:
        att, dfd = names
        fa, first_a, again_a, used_a = _roll(rng, a, SAMPLES)
        hits_a = (fa >= a.diff).sum(axis=1)
        lost = {dfd: _cap(_table_loss(a_table, d_pr, a_auto)[hits_a], st.unit(dfd).lp),
                att: np.zeros(SAMPLES, dtype=np.int64)}
        hits = {att: hits_a}
        if d is not None:
            fd, first_d, again_d, used_d = _roll(rng, d, SAMPLES)
            hits_d = (fd >= d.diff).sum(axis=1)
            lost[att] = _cap(_table_loss(d_table, a_pr, d_auto)[hits_d], st.unit(att).lp)
            hits[dfd] = hits_d

        def faces(i: int) -> list[int]:
            out = list(first_a[i])
            if d is not None:
                out += list(first_d[i])
            out += list(again_a[i, : used_a[i]])
            if d is not None:
                out += list(again_d[i, : used_d[i]])
            return out

        return Sampled(lost, hits, faces)
    return sample


def shot_sampler(p: Pool, table: tuple[int, ...], target: tuple[str, int], auto: int = 0,
                 victims: tuple[tuple[str, int], ...] = ()) -> Callable[[np.random.Generator, HDState], Sampled]:
    """``target`` and ``victims`` as (unit, PR + cover). Dice order: the shot, its re-rolls, then a
    die with as many sides as victims when the shot strays among several (HD-HOUSE-12)."""
    def sample(rng: np.random.Generator, st: HDState) -> Sampled:
        final, first, again, used = _roll(rng, p, SAMPLES)
        hits = (final >= p.diff).sum(axis=1)
        odd = (final % 2).sum(axis=1)
        stray = (odd > p.dice - odd) & bool(victims)  # HD-RANGED-21: strictly more odd
        pick = rng.integers(0, max(len(victims), 1), size=SAMPLES)
        lost = {target[0]: _cap(np.where(stray, 0, _table_loss(table, target[1], auto)[hits]),
                                st.unit(target[0]).lp)}
        for j, (v, pr) in enumerate(victims):
            lost[v] = _cap(np.where(stray & (pick == j), _table_loss(table, pr, auto)[hits], 0), st.unit(v).lp)

        def faces(i: int) -> list[int]:
            out = list(first[i]) + list(again[i, : used[i]])
            if stray[i] and len(victims) > 1:
                out.append(int(pick[i]) + 1)
            return out

        return Sampled(lost, {"shot": hits, "stray": stray.astype(np.int64)}, faces)
    return sample


@dataclass(frozen=True)
class Caught:
    """A caught unit as the spec's numbers give it: PR (+ cover for impact-blast), whether it is
    engaged (a die decides where its hits go, HD-TMPL-14), the fighters outside the template."""

    unit: str
    pr: int
    engaged: bool = False
    outside: tuple[tuple[str, int], ...] = ()


def blast_sampler(kind: str, x: int, y: int, caught: tuple[Caught, ...], land: Pool | None = None,
                  first_dice: int = 5) -> Callable[[np.random.Generator, HDState], Sampled]:
    """HD-EXPL-4/5/8, HD-TMPL-9/11/12/14 from the spec. Dice order: the roll to land and its
    re-rolls (explosions), then for each caught unit in order its dice, the odd/even die if it is
    engaged, and a die among the fighters outside if they are several."""
    def sample(rng: np.random.Generator, st: HDState) -> Sampled:
        n = SAMPLES
        if land is not None:
            final, first, again, used = _roll(rng, land, n)
            landed = (final >= land.diff).sum(axis=1) >= 1
        else:
            landed = np.ones(n, dtype=bool)
        loss: dict[str, np.ndarray] = {}
        for c in caught:
            loss.setdefault(c.unit, np.zeros(n, dtype=np.int64))
            for o, _pr in c.outside:
                loss.setdefault(o, np.zeros(n, dtype=np.int64))
        left = np.full(n, first_dice)
        rows: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
        hits_of: dict[str, np.ndarray] = {}
        for c in caught:
            dice = left if kind == "impact" else np.full(n, first_dice)
            rolled = landed & (dice > 0)
            faces = rng.integers(1, 7, size=(n, first_dice))
            live = np.arange(first_dice)[None, :] < dice[:, None]
            hits = ((faces >= x) & live).sum(axis=1) * rolled
            parity_die = rng.integers(1, 7, size=n)
            pick = rng.integers(0, max(len(c.outside), 1), size=n)
            moved = rolled & c.engaged & bool(c.outside) & (parity_die % 2 == 1)
            own = np.maximum(0, hits * y - c.pr)
            loss[c.unit] += np.where(rolled & ~moved, own, 0)
            for j, (o, pr) in enumerate(c.outside):
                loss[o] += np.where(moved & (pick == j), np.maximum(0, hits * y - pr), 0)
            rows.append((faces, dice.copy(), rolled, parity_die, pick))
            hits_of[c.unit] = hits
            if kind == "impact":
                left = left - hits
        lost = {u: _cap(v, st.unit(u).lp) for u, v in loss.items()}

        def seq(i: int) -> list[int]:
            out: list[int] = []
            if land is not None:
                out += list(first[i]) + list(again[i, : used[i]])
            for c, (faces, dice, rolled, parity_die, pick) in zip(caught, rows, strict=True):
                if not rolled[i]:
                    continue
                out += list(faces[i, : dice[i]])
                if c.engaged:
                    out.append(int(parity_die[i]))
                    if parity_die[i] % 2 and len(c.outside) > 1:
                        out.append(int(pick[i]) + 1)
            return out

        if land is not None:
            hits_of["land"] = landed.astype(np.int64)
        return Sampled(lost, hits_of, seq)
    return sample


# --------------------------------------------------------------------------- the cases' tables


def _m(a_kw: dict[str, Any], b_kw: dict[str, Any], *others: Any, command: Any = None,
       pre: Any = None) -> Callable[[], tuple[HDState, Any]]:
    def make() -> tuple[HDState, Any]:
        st = _melee(a_kw, b_kw, *others)
        if pre is not None:
            st = do(st, pre).state
        return st, command or Fight("a", "b", "sword")
    return make


def _s(*targets: Any, solids: Any = (), shs: int = 3, weapon: Weapon = MUSKET, target: str = "t",
       pre: Any = None) -> Callable[[], tuple[HDState, Any]]:
    def make() -> tuple[HDState, Any]:
        st = _shooter(*targets, solids=solids, shs=shs, weapon=weapon)
        if pre is not None:
            st = do(st, pre).state
        return st, Shoot("s", weapon.id, target)
    return make


def _b(weapon: Weapon, *others: Any, shs: int = 3, solids: Any = (),
       at: tuple[float, float] | None = None) -> Callable[[], tuple[HDState, Any]]:
    def make() -> tuple[HDState, Any]:
        st = active(start([unit("S", US, 0, 0, shs=shs, weapons=(weapon,)), *others], list(solids)), "S")
        return st, (ShootAt("S", weapon.id, *at) if at is not None else Blast("S", weapon.id, 0.0))
    return make


_A40 = math.radians(40)
_O1 = (8 + 1.2 * math.sin(_A40), 3.2 + 1.2 * math.cos(_A40))
_O2 = (8 - 1.2 * math.sin(_A40), 3.2 + 1.2 * math.cos(_A40))

CASES = [
    # melee: a at (0,0) fights b at (1.2,0)
    Case("M1 4 dice vs DEF 4; 3 back vs DEF 3, PR 1",
         _m({"cbt": 4, "defence": 3, "pr": 1}, {"cbt": 3, "defence": 4}),
         melee_sampler(Pool(4, 0, 4), T_SWORD, 0, 0, Pool(3, 0, 3), T_SWORD, 1), ("a", "b")),
    Case("M2 CBT 8 (3 re-rolls) vs DEF 4, PR 2; CBT 6 back vs DEF 5",
         _m({"cbt": 8, "defence": 5}, {"cbt": 6, "defence": 4, "pr": 2}),
         melee_sampler(Pool(5, 3, 4), T_SWORD, 2, 0, Pool(5, 1, 5), T_SWORD, 0), ("a", "b")),
    Case("M3 CBT 12 (2 automatic) one-sided vs DEF 5, PR 3, 6 LP",
         _m({"cbt": 12}, {"cbt": None, "defence": 5, "pr": 3, "lp": 6}),
         melee_sampler(Pool(5, 5, 5), T_SWORD, 3, 2), ("b",)),
    Case("M4 CBT 3 + support vs DEF 3; CBT 11 back vs DEF 4, PR 1, 5 LP",
         _m({"cbt": 3, "defence": 4, "pr": 1, "lp": 5}, {"cbt": 11, "defence": 3}, unit("c", US, 1.2, 1.2)),
         melee_sampler(Pool(4, 0, 3), T_SWORD, 0, 0, Pool(5, 5, 4), T_SWORD, 1, 1), ("a", "b")),
    Case("M5 focus in a fight: CBT 7 strikes DEF 4 - 1, PR 1",
         _m({"defence": 4, "pr": 1, "lp": 10}, {"cbt": 7}, command=Focus("a")),
         melee_sampler(Pool(5, 2, 3), T_SWORD, 1, 0, names=("b", "a")), ("a",)),
    # shots: s at (0,0)
    Case("S1 SHS 3 point blank vs DEF 3",
         _s(unit("t", THEM, 5, 0, defence=3)),
         shot_sampler(Pool(3, 0, 3), T_MUSKET, ("t", 0)), ("t",)),
    Case("S2 SHS 7 short band, in cover: PR 1 + 3",
         _s(unit("t", THEM, 10, 0, defence=3, pr=1), solids=[wall("w", 8.8, -3, 9.0, 3, 0.6)], shs=7),
         shot_sampler(Pool(5, 2, 4), T_MUSKET, ("t", 4)), ("t",)),
    Case("S3 SHS 12 long band (6), large base in cover: PR 2 + 2, 4 LP",
         _s(unit("t", THEM, 20, 0, defence=4, pr=2, size="large", lp=4),
            solids=[wall("w", 18.8, -3, 19.0, 3, 0.65)], shs=12),
         shot_sampler(Pool(5, 5, 6), T_MUSKET, ("t", 4), auto=2), ("t",)),
    Case("S4 SHS 6 into a fight: DEF 5 of a friend; stray among two",
         _s(unit("t", THEM, 5, 0, defence=4), unit("f1", US, 5, 1.2, defence=3),
            unit("f2", US, 5, -1.2, defence=5, pr=1), shs=6),
         shot_sampler(Pool(5, 1, 5), T_MUSKET, ("t", 0), victims=(("f1", 0), ("f2", 1))), ("t", "f1", "f2")),
    Case("S5 SHS 3 behind a fight (HD-RANGED-24): X on the line of fire",
         _s(unit("T", THEM, 12, 0, defence=3), unit("X", THEM, 6, 0.3, defence=4),
            unit("Y", US, 6, 1.5, defence=3), weapon=GUN8, target="T"),
         shot_sampler(Pool(3, 0, 4), T_MUSKET, ("T", 0), victims=(("X", 0),)), ("T", "X")),
    Case("S6 SHS 5 aimed (+1): 1 re-roll vs DEF 4",
         _s(unit("t", THEM, 5, 0, defence=4, pr=1), shs=5, pre=Concentrate("s")),
         shot_sampler(Pool(5, 1, 4), T_MUSKET, ("t", 1)), ("t",)),
    Case("S7 SHS 4 (ties of odd and even) into a fight behind a wall: all three in cover",
         _s(unit("t", THEM, 10, 0, defence=3, pr=1), unit("f", US, 10, 1.2, defence=3),
            unit("g", US, 10, -1.2, defence=2, size="huge", pr=2),
            solids=[wall("w", 8.8, -3, 9.0, 3, 0.6)], shs=4, weapon=GUN8),
         shot_sampler(Pool(4, 0, 4), T_MUSKET, ("t", 1 + 3), victims=(("f", 0 + 3), ("g", 2 + 1))),
         ("t", "f", "g")),
    # explosions: S at (0,0) fires a bomb (4/2, R 5, radius 3)
    Case("E1 SHS 3 at 9.4 f: three caught, one a friend",
         _b(BOMB, unit("A", THEM, 12, 1, pr=1), unit("B", THEM, 13.6, 0), unit("E", US, 9, 1), at=(10.0, 0.0)),
         blast_sampler("explosion", 4, 2, (Caught("E", 0), Caught("A", 1), Caught("B", 0)), land=Pool(3, 0, 4)),
         ("E", "A", "B")),
    Case("E2 SHS 7 at 7.4 f: a caught fighter, two friends outside",
         _b(BOMB, unit("A", THEM, 8, 0, pr=2), unit("M", THEM, 8, 3.2, pr=1), unit("O1", US, *_O1),
            unit("O2", US, *_O2, pr=1), shs=7, at=(8.0, 0.0)),
         blast_sampler("explosion", 4, 2, (Caught("A", 2), Caught("M", 1, True, (("O1", 0), ("O2", 1)))),
                       land=Pool(5, 2, 4)), ("A", "M", "O1", "O2")),
    # templates: S at (0,0) lays the cone east
    Case("C1 cloud 4/1: three caught",
         _b(GAS, unit("A", THEM, 3, 0), unit("B", THEM, 5, 0, pr=1), unit("F", US, 6.5, 0.4)),
         blast_sampler("cloud", 4, 1, (Caught("A", 0), Caught("B", 1), Caught("F", 0))), ("A", "B", "F")),
    Case("C2 cloud 4/1: a caught fighter, two outside",
         _b(GAS, unit("M", THEM, 2, 0), unit("N", US, 2, 1.2), unit("N2", US, 2, -1.2, pr=1),
            unit("B", THEM, 5, 0, pr=1)),
         blast_sampler("cloud", 4, 1, (Caught("M", 0, True, (("N", 0), ("N2", 1))), Caught("B", 1))),
         ("M", "N", "N2", "B")),
    Case("I1 impact 4/2, SHS 3: 8 dice down a chain of three, the second in cover",
         _b(GRAPE, unit("A", THEM, 3, 0), unit("B", THEM, 5, 0, pr=1), unit("C", THEM, 6.4, 0.3, pr=2, lp=3),
            solids=[wall("w", 3.8, -2, 4.0, 2, 0.7)]),
         blast_sampler("impact", 4, 2, (Caught("A", 0), Caught("B", 1 + 3), Caught("C", 2)), first_dice=8),
         ("A", "B", "C")),
    Case("I2 impact 4/2, SHS 6: 11 dice, the first a fighter",
         _b(GRAPE, unit("A", THEM, 3, 0), unit("N", US, 3, 1.2, pr=1), unit("B", THEM, 5, 0), shs=6),
         blast_sampler("impact", 4, 2, (Caught("A", 0, True, (("N", 1),)), Caught("B", 0)), first_dice=11),
         ("A", "N", "B")),
    Case("I3 impact 4/2, SHS 4: 9 dice; a friend outside fights the first two links",
         _b(GRAPE, unit("A", THEM, 3.4, 0.461), unit("B", THEM, 4.6, 0.461, pr=1), unit("N", US, 4.0, 1.5, pr=1),
            unit("C", THEM, 6.0, -0.3), shs=4),
         blast_sampler("impact", 4, 2, (Caught("A", 0, True, (("N", 1),)), Caught("B", 1, True, (("N", 1),)),
                                        Caught("C", 0)), first_dice=9), ("A", "B", "N", "C")),
    Case("C3 cloud 4/1: a friend outside fights two caught units",
         _b(GAS, unit("A", THEM, 3.4, 0.461), unit("B", THEM, 4.6, 0.461, pr=1), unit("N", US, 4.0, 1.5, pr=1),
            unit("C", THEM, 6.0, -0.3)),
         blast_sampler("cloud", 4, 1, (Caught("A", 0, True, (("N", 1),)), Caught("B", 1, True, (("N", 1),)),
                                       Caught("C", 0))), ("A", "B", "N", "C")),
]


def _lp_lost(applied: Any, st: HDState, uid: str) -> int:
    """LP the attack took from ``uid`` (the wound, not a Focus's healing afterwards)."""
    for e in events(applied, "hd.wound"):
        if e.actor == uid:
            return st.unit(uid).lp - int(e["lp"])
    return 0


def _freq(values: np.ndarray, size: int) -> np.ndarray:
    return np.bincount(values.astype(np.int64), minlength=size)[:size] / len(values)


def _odds_of(o: Any, uid: str) -> hd_odds.DamageOdds:
    if isinstance(o, hd_odds.MeleeOdds):
        return o.to_defender if uid == o.defender else o.to_attacker
    found = o.for_unit(uid)
    assert found is not None, f"no odds for {uid}"
    return found


@pytest.mark.parametrize("case", CASES, ids=[c.name.split()[0] for c in CASES])
def test_exact_odds_match_100000_rolls_resolved_as_the_rules_resolve_them(case):
    st, command = case.make()
    rng = np.random.default_rng(sum(map(ord, case.name)))
    sampled = case.sample(rng, st)
    # the sampler is the game: its first samples, replayed face by face, take exactly the same LP
    for i in range(REPLAY):
        applied = do(st, command, sampled.faces(i))
        for uid in sampled.lost:
            assert _lp_lost(applied, st, uid) == sampled.lost[uid][i], (case.name, i, uid, sampled.faces(i))
    o = odds_for(SYSTEM, st, command)
    assert o is not None
    for uid in case.units:
        exact = _odds_of(o, uid)
        got = _freq(sampled.lost[uid], len(exact.probs))
        assert np.abs(np.array(exact.probs) - got).max() < TOLERANCE, (uid, exact.probs, got)
        assert sampled.lost[uid].max() < len(exact.probs)
        sd = math.sqrt(max(sum(k * k * p for k, p in enumerate(exact.probs)) - exact.expected_lp ** 2, 0.0))
        assert abs(exact.expected_lp - sampled.lost[uid].mean()) <= 5 * sd / math.sqrt(SAMPLES) + 1e-9
    _check_hits(o, sampled)


def _check_hits(o: Any, sampled: Sampled) -> None:
    """The hit distributions (and a shot's strays, an explosion's landing) against the samples."""
    if isinstance(o, hd_odds.MeleeOdds):
        pairs = [(o.attack, sampled.hits[o.attacker])]
        if o.defence is not None:
            pairs.append((o.defence, sampled.hits[o.defender]))
        for exact, hits in pairs:
            assert np.abs(np.array(exact.probs) - _freq(hits, len(exact.probs))).max() < TOLERANCE
    elif isinstance(o, hd_odds.ShotOdds):
        exact = o.roll
        assert np.abs(np.array(exact.probs) - _freq(sampled.hits["shot"], len(exact.probs))).max() < TOLERANCE
        assert abs(o.p_stray - sampled.hits["stray"].mean()) < TOLERANCE
    else:
        for c in o.caught:
            assert np.abs(np.array(c.hits) - _freq(sampled.hits[c.unit], len(c.hits))).max() < TOLERANCE
        if o.land is not None:
            assert abs(o.p_land - sampled.hits["land"].mean()) < TOLERANCE


def test_the_grid_covers_what_the_rules_let_vary():
    """Re-rolls, automatic damage, PR, cover, range bands, strays, explosions, chains, redirects."""
    seen = {"rerolls": False, "auto": False, "cover": False, "stray": False, "kill": False,
            "explosion": False, "cloud": False, "impact": False, "redirect": False}
    for case in CASES:
        st, command = case.make()
        o = odds_for(SYSTEM, st, command)
        if isinstance(o, hd_odds.MeleeOdds):
            seen["rerolls"] |= o.attack.rerolls > 0
            seen["auto"] |= o.attack.auto > 0
        elif isinstance(o, hd_odds.ShotOdds):
            seen["cover"] |= o.to_target.cover > 0
            seen["stray"] |= o.p_stray > 0
            seen["auto"] |= o.roll.auto > 0
        elif o is not None:
            seen[o.kind] = True
            seen["redirect"] |= any(c.p_redirect for c in o.caught)
            seen["cover"] |= any(d.cover for d in o.damage)
        if o is not None:
            seen["kill"] |= any(0 < _odds_of(o, u).p_kill < 1 for u in case.units)
    assert all(seen.values()), seen


def test_exact_odds_are_cached_and_the_cache_clears():
    """How fast a cold call is belongs to ``tools/bench.py hd_odds`` (no timing here)."""
    clear_caches()
    first = roll_odds(5, 3, 4, parity=True)
    assert roll_odds(5, 3, 4, parity=True) is first
    clear_caches()
    again = roll_odds(5, 3, 4, parity=True)
    assert again == first and again is not first
