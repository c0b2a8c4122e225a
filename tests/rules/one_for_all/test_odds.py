"""Exact odds of "...And One for All!" rolls: against enumeration, and against sampling."""

from __future__ import annotations

import doctest
import itertools
from fractions import Fraction

import numpy as np
import pytest

from game.rules.one_for_all import odds as ofa_odds
from game.rules.one_for_all.dice import (
    compare,
    count_ones,
    duel_dice,
    score,
    swashbuckling_dice,
    swashbuckling_target_dice,
)
from game.rules.one_for_all.odds import (
    Odds,
    attack_odds,
    attack_odds_exact,
    clear_caches,
    p_no_one,
    score_counts,
    score_distribution,
    score_distribution_exact,
)

SAMPLES = 100_000
TOLERANCE = 0.01
POOLS = range(1, 11)
RATINGS = range(1, 5)


def _cases() -> list[tuple[str, int, int, bool]]:
    """Every pool 1..10 against every rating 1..4, as a swashbuckling attack (OFA-3.3/3.4) and
    as a duel without bonuses (OFA-4.3)."""
    cases = []
    for pool, rating in itertools.product(POOLS, RATINGS):
        cases.append((f"swash-p{pool}-r{rating}", swashbuckling_dice(pool),
                      swashbuckling_target_dice(rating), False))
        cases.append((f"duel-p{pool}-r{rating}", duel_dice(pool, rating), rating, True))
    return cases


# --------------------------------------------------------------------------- OFA-0.5 distribution

@pytest.mark.parametrize("n", range(0, 7))
def test_OFA_0_5_score_counts_match_enumeration(n):
    counted: dict[int, int] = {}
    for roll in itertools.product(range(1, 7), repeat=n):
        counted[score(roll)] = counted.get(score(roll), 0) + 1
    assert score_counts(n) == counted


@pytest.mark.parametrize("n", [0, 1, 2, 5, 10, 20])
def test_OFA_0_5_score_distribution_sums_to_one_exactly(n):
    exact = score_distribution_exact(n)
    assert sum(exact.values()) == 1
    floats = score_distribution(n)
    assert floats.keys() == exact.keys()
    assert all(floats[s] == float(p) for s, p in exact.items())


def test_OFA_0_6_zero_dice_score_zero():
    assert score_distribution(0) == {0: 1.0}
    odds = attack_odds(0, 0, duel=False)
    assert odds.p_attacker_wins == 1.0 and odds.p_tie == 1.0 and odds.hits_to_defender == (0, 1)
    assert odds.p_one == 0.0 and odds.p_two_ones == 0.0


def test_OFA_3D_3_chance_of_no_one():
    """The spec's table of (5/6)**n."""
    table = {1: 0.833, 2: 0.694, 3: 0.579, 4: 0.482, 5: 0.402, 6: 0.335, 7: 0.279, 8: 0.233,
             10: 0.162}
    for n, p in table.items():
        assert round(p_no_one(n), 3) == p
        assert attack_odds(n, 2, duel=False).p_keep_initiative == pytest.approx(p, abs=5e-4)


# --------------------------------------------------------------------------- exact v enumeration

def _enumerate(n: int, m: int, duel: bool, tie_hits: int) -> dict[str, object]:
    """Every one of the 6**(n+m) outcomes, read with the rules code (OFA-3C.7)."""
    wins = ties = one = two = kept = 0
    to_defender: dict[int, int] = {}
    to_attacker: dict[int, int] = {}
    for a_roll in itertools.product(range(1, 7), repeat=n):
        ones = count_ones(a_roll)
        for d_roll in itertools.product(range(1, 7), repeat=m):
            c = compare(a_roll, d_roll, duel=duel, tie_hits=tie_hits)
            won = c.winner.value == "attacker"
            wins += won
            ties += c.tie
            one += ones >= 1
            two += ones >= 2
            kept += won and ones == 0
            to_defender[c.hits_to_defender] = to_defender.get(c.hits_to_defender, 0) + 1
            to_attacker[c.hits_to_attacker] = to_attacker.get(c.hits_to_attacker, 0) + 1
    total = 6 ** (n + m)

    def dist(counts: dict[int, int]) -> tuple[Fraction, ...]:
        return tuple(Fraction(counts.get(k, 0), total) for k in range(max(counts) + 1))

    return {"p_attacker_wins": Fraction(wins, total), "p_tie": Fraction(ties, total),
            "p_one": Fraction(one, total), "p_two_ones": Fraction(two, total),
            "p_win_keeping_initiative": Fraction(kept, total),
            "hits_to_defender": dist(to_defender), "hits_to_attacker": dist(to_attacker)}


ENUMERATED = [(n, m, tie_hits) for n in range(0, 5) for m in range(0, 4) for tie_hits in (0, 1, 2)
              if n + m <= 5] + [(4, 2, 1), (3, 3, 1)]


@pytest.mark.parametrize(("n", "m", "tie_hits"), ENUMERATED)
@pytest.mark.parametrize("duel", [False, True])
def test_OFA_3C_7_exact_odds_equal_enumeration(n, m, tie_hits, duel):
    exact = attack_odds_exact(n, m, duel=duel, tie_hits=tie_hits)
    floats = attack_odds(n, m, duel=duel, tie_hits=tie_hits)
    for name, expected in _enumerate(n, m, duel, tie_hits).items():
        assert getattr(exact, name) == expected, name
        got = getattr(floats, name)
        if isinstance(expected, tuple):
            assert got == tuple(float(p) for p in expected), name
        else:
            assert got == float(expected), name


def test_OFA_3C_5_swashbuckling_attacker_never_takes_hits():
    for n, m in itertools.product(range(0, 11), range(0, 5)):
        assert attack_odds(n, m, duel=False).hits_to_attacker == (1.0,)


def test_odds_hold_together():
    for _, n, m, duel in _cases():
        odds = attack_odds(n, m, duel=duel)
        assert sum(odds.hits_to_defender) == pytest.approx(1.0, abs=1e-12)
        assert sum(odds.hits_to_attacker) == pytest.approx(1.0, abs=1e-12)
        # with tie_hits=1 the attacker hits exactly when it wins the comparison (OFA-3C.2)
        assert 1.0 - odds.hits_to_defender[0] == pytest.approx(odds.p_attacker_wins, abs=1e-12)
        if duel:
            assert odds.hits_to_attacker[0] == pytest.approx(odds.p_attacker_wins, abs=1e-12)
        assert odds.p_two_ones <= odds.p_one
        assert odds.p_win_keeping_initiative <= min(odds.p_attacker_wins, odds.p_keep_initiative)
        assert odds.p_hits_to_defender(99) == 0.0 and odds.p_hits_to_attacker(-1) == 0.0
        assert odds.expected_hits_to_defender >= 0.0 and odds.p_defender_wins >= 0.0


def test_odds_reject_negative_inputs():
    with pytest.raises(ValueError):
        attack_odds(-1, 2, duel=False)
    with pytest.raises(ValueError):
        attack_odds(1, 2, duel=False, tie_hits=-1)
    with pytest.raises(ValueError):
        score_distribution(-1)


# --------------------------------------------------------------------------- exact v sampling

def _sample(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Scores (OFA-0.5) and numbers of 1s of SAMPLES rolls of n d6, vectorised."""
    if n == 0:
        return np.zeros(SAMPLES, dtype=np.int64), np.zeros(SAMPLES, dtype=np.int64)
    faces = rng.integers(1, 7, size=(SAMPLES, n), dtype=np.int8)
    sixes = (faces == 6).sum(axis=1)
    scores = np.where(sixes >= 2, 5 + sixes, faces.max(axis=1)).astype(np.int64)
    return scores, (faces == 1).sum(axis=1)


def _frequencies(values: np.ndarray) -> np.ndarray:
    return np.bincount(values) / SAMPLES


def _close(exact: tuple[float, ...], sampled: np.ndarray) -> float:
    size = max(len(exact), len(sampled))
    a = np.zeros(size)
    a[:len(exact)] = exact
    b = np.zeros(size)
    b[:len(sampled)] = sampled
    return float(np.abs(a - b).max())


def test_OFA_3C_7_exact_odds_agree_with_100000_samples():
    """Pools 1..10 against ratings 1..4, swashbuckling attacks and duels: every probability the
    odds give is within 0.01 of a seeded 100,000-roll simulation."""
    rng = np.random.default_rng(20240501)
    worst: dict[str, float] = {}
    for case, n, m, duel in _cases():
        a, a_ones = _sample(rng, n)
        d, _ = _sample(rng, m)
        margin = a - d
        to_defender = np.where(margin > 0, margin, np.where(margin == 0, 1, 0))
        to_attacker = np.where(margin < 0, -margin, 0) if duel else np.zeros_like(margin)
        odds = attack_odds(n, m, duel=duel)
        errors = {
            "win": abs(odds.p_attacker_wins - float((margin >= 0).mean())),
            "one": abs(odds.p_one - float((a_ones >= 1).mean())),
            "two_ones": abs(odds.p_two_ones - float((a_ones >= 2).mean())),
            "kept": abs(odds.p_win_keeping_initiative
                        - float(((margin >= 0) & (a_ones == 0)).mean())),
            "hits_to_defender": _close(odds.hits_to_defender, _frequencies(to_defender)),
            "hits_to_attacker": _close(odds.hits_to_attacker, _frequencies(to_attacker)),
        }
        for name, error in errors.items():
            assert error < TOLERANCE, (case, name, error)
            worst[name] = max(worst.get(name, 0.0), error)
    assert set(worst) == {"win", "one", "two_ones", "kept", "hits_to_defender",
                          "hits_to_attacker"}


# --------------------------------------------------------------------------- cache and cost

def test_odds_are_cached_by_dice_counts():
    clear_caches()
    first = attack_odds(5, 3, duel=True)
    assert attack_odds(5, 3, duel=True) is first
    assert isinstance(first, Odds)
    clear_caches()
    again = attack_odds(5, 3, duel=True)
    assert again == first and again is not first


def test_module_examples_run():
    assert doctest.testmod(ofa_odds).failed == 0
