"""Exact odds of Relic battles with exploding sixes: against closed forms, enumeration and a
100,000-sample simulation (REL-DICE, REL-SCORE, REL-SEQ-6)."""

from __future__ import annotations

import doctest
from fractions import Fraction

import numpy as np
import pytest

from game.rules.relic import odds as relic_odds
from game.rules.relic.odds import (
    battle_odds,
    battle_odds_exact,
    clear_caches,
    roll_distribution,
    roll_distribution_exact,
    skill_test_odds,
)
from tests.rules.relic.helpers import SYSTEM, enemy, match, place

SAMPLES = 100_000
TOLERANCE = 0.01


def test_the_module_examples_hold():
    assert doctest.testmod(relic_odds).failed == 0


def test_REL_DICE_1_one_die_totals_6k_plus_r_with_weight_6_to_the_minus_k_plus_1():
    dist, dropped = roll_distribution_exact(1, kmax=5)
    for k in range(6):
        for r in range(1, 6):
            assert dist[6 * k + r] == Fraction(1, 6 ** (k + 1))
        assert 6 * k + 6 not in dist  # a 6 is never a total: it always explodes
    assert dropped == Fraction(1, 6 ** 6) and sum(dist.values()) + dropped == 1


def _enumerate(n: int, chain: bool, cap: int) -> dict[int, Fraction]:
    """Every sequence of faces the dice can show, by brute force (finite when capped)."""
    def one() -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}

        def walk(faces: tuple[int, ...], p: Fraction) -> None:
            last = faces[-1]
            if last == 6 and (chain or len(faces) == 1) and len(faces) <= cap:
                for f in range(1, 7):
                    walk(faces + (f,), p / 6)
                return
            out[sum(faces)] = out.get(sum(faces), Fraction(0)) + p

        for f in range(1, 7):
            walk((f,), Fraction(1, 6))
        return out

    single = one()
    dist = {0: Fraction(1)}
    for _ in range(n):
        nxt: dict[int, Fraction] = {}
        for a, pa in dist.items():
            for b, pb in single.items():
                nxt[a + b] = nxt.get(a + b, Fraction(0)) + pa * pb
        dist = nxt
    return dist


@pytest.mark.parametrize("n,chain,cap", [(1, True, 0), (1, True, 3), (2, True, 2), (1, False, 100),
                                         (2, False, 100), (3, True, 1)])
def test_REL_DICE_2_to_4_distributions_match_enumeration_exactly(n, chain, cap):
    """Chained or not, capped (REL-DICE-2), several dice summed (REL-DICE-3, REL-DICE-4)."""
    dist, dropped = roll_distribution_exact(n, chain=chain, max_explosions=cap, kmax=cap + 5)
    assert dropped == 0 and dist == _enumerate(n, chain, cap)


def test_one_die_against_one_ties_one_time_in_seven():
    """Closed form: Σ_k 5·36^-(k+1) = 1/7; by symmetry a win is 3/7. The truncated exact odds
    sit below the true values by at most the stated bound."""
    exact = battle_odds_exact(1, 0, 0, kmax=12)
    for got, true in ((exact.p_tie, Fraction(1, 7)), (exact.p_win, Fraction(3, 7)),
                      (exact.p_lose, Fraction(3, 7))):
        assert got <= true <= got + exact.truncation
    assert exact.truncation == 1 - (1 - Fraction(1, 6 ** 13)) ** 2
    quick = battle_odds(1, 0, 0)
    assert abs(quick.p_tie - 1 / 7) <= quick.error_bound and abs(quick.p_win - 3 / 7) <= quick.error_bound


def test_the_expected_battle_roll_is_4_point_2():
    pmf = roll_distribution(1)
    values = pmf.offset + np.arange(len(pmf.probs))
    assert float(np.dot(values, pmf.probs)) == pytest.approx(4.2, abs=1e-12)  # E = 3.5 + E/6


@pytest.mark.parametrize("case", [(1, 3, 5, 1), (2, 4, 7, 1), (1, 6, 2, 2), (3, 0, 9, 1)])
def test_floats_agree_with_fractions(case):
    n, p, e, m = case
    quick = battle_odds(n, p, e, m)
    exact = battle_odds_exact(n, p, e, m, kmax=8)
    for a, b in ((quick.p_win, exact.p_win), (quick.p_tie, exact.p_tie), (quick.p_lose, exact.p_lose)):
        assert abs(a - float(b)) <= float(exact.truncation) + quick.error_bound + 1e-12
    assert quick.error_bound < 1e-9
    assert quick.p_win + quick.p_tie + quick.p_lose == pytest.approx(1.0, abs=1e-12)


def _exploding(rng: np.random.Generator, n: int, samples: int) -> np.ndarray:
    total = np.zeros(samples, dtype=np.int64)
    for _ in range(n):
        live = np.ones(samples, dtype=bool)
        while live.any():
            faces = rng.integers(1, 7, size=samples)
            total += np.where(live, faces, 0)
            live &= faces == 6
    return total


CASES = [(1, 3, 3, 1), (1, 5, 7, 1), (2, 4, 6, 1), (1, 2, 8, 1), (2, 3, 3, 2), (1, 9, 4, 1),
         (3, 1, 8, 1), (1, 0, 0, 1)]


@pytest.mark.parametrize("case", CASES)
def test_exact_odds_match_a_100000_sample_simulation(case):
    """The odds the UI shows, against 100,000 simulated battles, within 0.01."""
    n, p_bonus, e_bonus, m = case
    rng = np.random.default_rng(1234 + n * 100 + p_bonus * 10 + e_bonus)
    player = _exploding(rng, n, SAMPLES) + p_bonus
    foe = _exploding(rng, m, SAMPLES) + e_bonus
    odds = battle_odds(n, p_bonus, e_bonus, m)
    assert abs(odds.p_win - float((player > foe).mean())) < TOLERANCE
    assert abs(odds.p_tie - float((player == foe).mean())) < TOLERANCE
    assert abs(odds.p_lose - float((player < foe).mean())) < TOLERANCE


def test_odds_once_the_enemy_has_rolled_and_for_a_test():
    known = battle_odds(1, 3, 4, enemy_total=5)  # need a roll above 6: a 6 and anything
    assert known.p_win == pytest.approx(1 / 6, abs=1e-12) and known.p_tie == 0.0
    assert skill_test_odds(1, 3, 10) == pytest.approx(1 / 6, abs=1e-12)  # a roll of 7+: any 6
    assert skill_test_odds(1, 3, 12) == pytest.approx(4 / 36, abs=1e-12)  # 9+: a 6, then 3 or more
    assert skill_test_odds(1, 0, 1) == pytest.approx(1.0)


def test_the_pending_battles_odds_follow_what_is_known():
    m = match([2, 1])
    place(m, cards=[enemy("E", "strength", 4)], strength=5, ability="extra_die", ability_attribute="strength")
    from game.rules.relic.commands import Fight, Prepare, RollForEnemy

    assert SYSTEM.battle_odds(m.state) is None
    m.submit(Fight("E"))
    before = SYSTEM.battle_odds(m.state)
    assert before == battle_odds(2, 5, 4, 1)  # the Captain's extra die in a Strength battle
    m.submit(Prepare())
    m.submit(RollForEnemy())  # the enemy rolled 2: the player needs more than 1 on two dice
    after = SYSTEM.battle_odds(m.state)
    assert after.enemy_total == 2 and after.p_win == pytest.approx(1.0)


def test_exact_odds_are_cached_and_the_cache_clears():
    """How fast a cold call is belongs to ``tools/bench.py relic_odds`` (no timing here)."""
    clear_caches()
    first = battle_odds(3, 5, 9, 2)
    assert battle_odds(3, 5, 9, 2) is first
    clear_caches()
    again = battle_odds(3, 5, 9, 2)
    assert again == first and again is not first
