"""Exact odds of the rolls a "...And One for All!" player is about to make. No sampling.

The score of n d6 (OFA-0.5) depends only on the number of sixes and the highest other face, so
its distribution has a closed form counted in whole numbers of the 6**n outcomes:

* score s in 1..5: no six and highest face s: ``s**n − (s−1)**n`` outcomes;
* score 6: exactly one six: ``n · 5**(n−1)``;
* score 5 + k for k ≥ 2 sixes: ``C(n, k) · 5**(n−k)``;
* no dice: score 0 (OFA-0.6).

An attack is the difference of two independent scores; its outcome counts are products of those
integers over 6**(n+m), so every probability is exact until the one final division (``int / int``
in Python is correctly rounded). ``*_exact`` functions return :class:`fractions.Fraction`.

    >>> score_distribution(2)[7]  # two sixes
    0.027777777777777776
    >>> odds = attack_odds(2, 2, duel=False)
    >>> round(odds.p_attacker_wins, 4), round(odds.p_one, 4)
    (0.6026, 0.3056)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import NamedTuple

FACES = 6


def _check_dice(name: str, n: int) -> int:
    if n < 0:
        raise ValueError(f"{name} must be 0 or more, not {n}")
    return n


@lru_cache(maxsize=64)
def _score_counts(n: int, lowest: int) -> tuple[tuple[int, int], ...]:
    """(score, outcomes) for n dice whose faces run lowest..6, ascending; zero counts left out.
    ``lowest=1`` is every roll, ``lowest=2`` the rolls without a 1 (the initiative kept)."""
    if n == 0:
        return ((0, 1),)
    below = FACES - lowest  # faces that are not a six
    out: list[tuple[int, int]] = []
    for top in range(lowest, FACES):  # no six, highest face `top`
        count = (top - lowest + 1) ** n - (top - lowest) ** n
        if count:
            out.append((top, count))
    out.append((FACES, n * below ** (n - 1)))  # exactly one six
    out += [(FACES + k - 1, comb(n, k) * below ** (n - k)) for k in range(2, n + 1)]
    return tuple((s, c) for s, c in out if c)


def score_counts(n: int) -> dict[int, int]:
    """How many of the 6**n outcomes of n d6 give each score (OFA-0.5). ``score_counts(2)[7] == 1``."""
    return dict(_score_counts(_check_dice("n", n), 1))


def score_distribution_exact(n: int) -> dict[int, Fraction]:
    """P(score = s) for n d6, as exact fractions."""
    total = FACES ** _check_dice("n", n)
    return {s: Fraction(c, total) for s, c in _score_counts(n, 1)}


def score_distribution(n: int) -> dict[int, float]:
    """P(score = s) for n d6 (OFA-0.5); sums to 1. ``score_distribution(0) == {0: 1.0}``."""
    total = FACES ** _check_dice("n", n)
    return {s: c / total for s, c in _score_counts(n, 1)}


@lru_cache(maxsize=512)
def _margin_counts(n: int, m: int) -> tuple[tuple[int, int, int], ...]:
    """(attacker score − defender score, outcomes, outcomes with no 1 among the attacker's dice)
    over the 6**(n+m) outcomes of n attacker dice against m defender dice, ascending margin."""
    every = _score_counts(n, 1)
    keeping = dict(_score_counts(n, 2))
    defender = _score_counts(m, 1)
    counts: dict[int, list[int]] = {}
    for a, ways in every:
        ways_kept = keeping.get(a, 0)
        for d, ways_d in defender:
            cell = counts.setdefault(a - d, [0, 0])
            cell[0] += ways * ways_d
            cell[1] += ways_kept * ways_d
    return tuple((margin, c[0], c[1]) for margin, c in sorted(counts.items()))


@dataclass(frozen=True)
class Odds:
    """The exact odds of one attack or duel about to be rolled.

    ``hits_to_defender[k]`` is P(the defender takes exactly k hits); likewise
    ``hits_to_attacker`` (always ``(1.0,)`` for a swashbuckling attack, OFA-3C.5).
    """

    attacker_dice: int
    defender_dice: int
    duel: bool
    tie_hits: int
    #: P(attacker score ≥ defender score): ties go to the attacker (OFA-3C.2)
    p_attacker_wins: float
    p_tie: float
    hits_to_defender: tuple[float, ...]
    hits_to_attacker: tuple[float, ...]
    #: P(at least one 1 among the attacker's dice): base rules lose the initiative (OFA-3A.1)
    p_one: float
    #: P(two or more 1s): fails at once under OFA-7.3, two strikes under OFA-7.4
    p_two_ones: float
    #: P(the attacker wins and rolls no 1): the win that keeps the initiative
    p_win_keeping_initiative: float

    @property
    def p_defender_wins(self) -> float:
        return 1.0 - self.p_attacker_wins

    @property
    def p_keep_initiative(self) -> float:
        return 1.0 - self.p_one

    def p_hits_to_defender(self, k: int) -> float:
        return self.hits_to_defender[k] if 0 <= k < len(self.hits_to_defender) else 0.0

    def p_hits_to_attacker(self, k: int) -> float:
        return self.hits_to_attacker[k] if 0 <= k < len(self.hits_to_attacker) else 0.0

    @property
    def expected_hits_to_defender(self) -> float:
        return sum(k * p for k, p in enumerate(self.hits_to_defender))

    @property
    def expected_hits_to_attacker(self) -> float:
        return sum(k * p for k, p in enumerate(self.hits_to_attacker))


@dataclass(frozen=True)
class OddsExact:
    """:class:`Odds` as exact fractions (for tests and explanations)."""

    p_attacker_wins: Fraction
    p_tie: Fraction
    hits_to_defender: tuple[Fraction, ...]
    hits_to_attacker: tuple[Fraction, ...]
    p_one: Fraction
    p_two_ones: Fraction
    p_win_keeping_initiative: Fraction


class _Tally(NamedTuple):
    """Whole-number outcome counts behind :class:`Odds`, all over ``6**(n+m)``."""

    wins: int
    ties: int
    to_defender: tuple[int, ...]
    to_attacker: tuple[int, ...]
    ones: int
    two_ones: int
    wins_kept: int


def _counts(n: int, m: int, duel: bool, tie_hits: int) -> _Tally:
    margins = _margin_counts(n, m)
    wins = ties = wins_kept = 0
    to_defender = [0] * (max(0, margins[-1][0], tie_hits) + 1)
    to_attacker = [0] * (max(0, -margins[0][0]) + 1 if duel else 1)
    for margin, ways, ways_kept in margins:
        if margin >= 0:
            wins += ways
            wins_kept += ways_kept
            to_defender[margin if margin > 0 else tie_hits] += ways
            to_attacker[0] += ways
            if margin == 0:
                ties += ways
        else:
            to_defender[0] += ways
            to_attacker[-margin if duel else 0] += ways
    while len(to_defender) > 1 and to_defender[-1] == 0:
        to_defender.pop()
    # ones among the attacker's n dice, counted over 6**n and scaled to 6**(n+m)
    scale = FACES ** m
    no_one = 5 ** n
    one_one = n * 5 ** (n - 1) if n else 0
    ones = (FACES ** n - no_one) * scale
    two_ones = (FACES ** n - no_one - one_one) * scale
    return _Tally(wins, ties, tuple(to_defender), tuple(to_attacker), ones, two_ones, wins_kept)


def _check_attack(attacker_dice: int, defender_dice: int, tie_hits: int) -> None:
    _check_dice("attacker_dice", attacker_dice)
    _check_dice("defender_dice", defender_dice)
    if tie_hits < 0:
        raise ValueError(f"tie_hits must be 0 or more, not {tie_hits}")


@lru_cache(maxsize=1024)
def attack_odds(attacker_dice: int, defender_dice: int, *, duel: bool, tie_hits: int = 1) -> Odds:
    """Exact odds of ``attacker_dice`` d6 against ``defender_dice`` d6 (OFA-3C.7).

    Count the dice with :func:`~game.rules.one_for_all.dice.swashbuckling_dice` and
    :func:`~game.rules.one_for_all.dice.swashbuckling_target_dice` (``duel=False``), or
    :func:`~game.rules.one_for_all.dice.duel_dice` and
    :func:`~game.rules.one_for_all.dice.defence_dice` (``duel=True``).
    ``attack_odds(3, 2, duel=False).p_attacker_wins`` is P(pool 3 beats or ties a Guard).
    Cached by (n, m): the score margins of a pair are computed once for both modes.
    """
    _check_attack(attacker_dice, defender_dice, tie_hits)
    total = FACES ** (attacker_dice + defender_dice)
    t = _counts(attacker_dice, defender_dice, duel, tie_hits)
    return Odds(attacker_dice, defender_dice, duel, tie_hits, t.wins / total, t.ties / total,
                tuple(c / total for c in t.to_defender), tuple(c / total for c in t.to_attacker),
                t.ones / total, t.two_ones / total, t.wins_kept / total)


def attack_odds_exact(attacker_dice: int, defender_dice: int, *, duel: bool,
                      tie_hits: int = 1) -> OddsExact:
    """:func:`attack_odds` as exact fractions."""
    _check_attack(attacker_dice, defender_dice, tie_hits)
    total = FACES ** (attacker_dice + defender_dice)
    t = _counts(attacker_dice, defender_dice, duel, tie_hits)
    return OddsExact(Fraction(t.wins, total), Fraction(t.ties, total),
                     tuple(Fraction(c, total) for c in t.to_defender),
                     tuple(Fraction(c, total) for c in t.to_attacker),
                     Fraction(t.ones, total), Fraction(t.two_ones, total),
                     Fraction(t.wins_kept, total))


def p_no_one(n: int) -> float:
    """OFA-3D.3: P(no 1 in n dice) = (5/6)**n, the chance of keeping the initiative."""
    return 5 ** _check_dice("n", n) / FACES ** n


def clear_caches() -> None:
    """Forget every cached distribution (benchmarks measure cold costs)."""
    _score_counts.cache_clear()
    _margin_counts.cache_clear()
    attack_odds.cache_clear()
