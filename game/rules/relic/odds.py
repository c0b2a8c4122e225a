"""Exact odds of a Relic battle with exploding sixes (REL-DICE, REL-SCORE, REL-SEQ-6).

Method
------
One battle die that explodes with chaining (REL-DICE-2) totals ``6k + r`` where ``k`` is the
number of sixes in a row and ``r`` the last face:

* ``P(total = 6k + r) = 6**-(k+1)`` for ``r`` in 1..5 and ``k`` below the cap;
* at the cap (``k = max_explosions``) the last die is simply added: ``r`` in 1..6, same weight;
* without chaining only the base die explodes: 1..5 at 1/6 each, ``6 + j`` at 1/36 each.

The series is infinite only through ``k``. We keep every ``k <= kmax`` and drop the rest, whose
mass is exactly ``6**-(kmax+1)`` per die (the first ``kmax + 1`` dice all showing 6); with the
cap at or below ``kmax`` nothing is dropped and the distribution is exact. ``n`` dice are the
convolution of ``n`` such distributions; the mass dropped from the whole battle (player dice and
enemy dice together) is ``1 − Π(1 − 6**-(kmax+1))``, at most ``dice · 6**-(kmax+1)``.

Error bound. Every outcome kept is counted with its exact weight, so each probability computed
(win, tie, lose) is *below* the true one by at most the dropped mass: the true value lies in
``[p, p + truncation]``. The default ``kmax = 20`` gives ``6**-21 ≈ 4.6e-17`` per die, below
double precision; the float functions add the rounding of their sums (``terms × 2**-52``, under
1e-10 for battles of up to five dice a side) to ``error_bound``. ``*_exact`` functions return
:class:`fractions.Fraction` values with the exact truncation bound.

A check on the method: with equal bonuses one die against one die ties with probability
``Σ_k 5 · 36**-(k+1) = 1/7`` and so wins with ``3/7``.

    >>> o = battle_odds(1, 0, 0)
    >>> round(o.p_tie, 6), round(o.p_win, 6)
    (0.142857, 0.428571)
    >>> o.error_bound < 1e-10
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np

FACES = 6
#: explosions kept per die; the rest (mass 6**-21 per die) is the documented truncation
DEFAULT_KMAX = 20
_ULP = 2.0 ** -52


def _die_weights(chain: bool, max_explosions: int, kmax: int) -> tuple[dict[int, Fraction], Fraction]:
    """P(total) of one battle die for every total kept, and the mass dropped."""
    if max_explosions < 0 or kmax < 0:
        raise ValueError("max_explosions and kmax must be 0 or more")
    out: dict[int, Fraction] = {}
    if not chain and max_explosions >= 1:
        for r in range(1, FACES):
            out[r] = Fraction(1, FACES)
        for j in range(1, FACES + 1):
            out[FACES + j] = Fraction(1, FACES * FACES)
        return out, Fraction(0)
    last = min(kmax, max_explosions)
    for k in range(last + 1):
        weight = Fraction(1, FACES ** (k + 1))
        top = FACES if k == max_explosions else FACES - 1  # at the cap a 6 is simply added
        for r in range(1, top + 1):
            out[FACES * k + r] = weight
    dropped = Fraction(0) if last >= max_explosions else Fraction(1, FACES ** (last + 1))
    return out, dropped


@lru_cache(maxsize=256)
def _pmf_exact(n: int, chain: bool, max_explosions: int, kmax: int
               ) -> tuple[tuple[tuple[int, Fraction], ...], Fraction]:
    one, dropped = _die_weights(chain, max_explosions, kmax)
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(n):
        nxt: dict[int, Fraction] = {}
        for a, pa in dist.items():
            for b, pb in one.items():
                nxt[a + b] = nxt.get(a + b, Fraction(0)) + pa * pb
        dist = nxt
    kept = (1 - dropped) ** n
    return tuple(sorted(dist.items())), 1 - kept


def roll_distribution_exact(n: int = 1, *, chain: bool = True, max_explosions: int = 100,
                            kmax: int = DEFAULT_KMAX) -> tuple[dict[int, Fraction], Fraction]:
    """P(roll total = t) of ``n`` exploding dice as fractions, and the mass dropped (the bound)."""
    if n < 0:
        raise ValueError(f"cannot roll {n} dice")
    items, dropped = _pmf_exact(n, chain, max_explosions, kmax)
    return dict(items), dropped


@dataclass(frozen=True)
class Pmf:
    """A roll total's distribution as an array: ``probs[i]`` is P(total = offset + i)."""

    offset: int
    probs: np.ndarray
    dropped: float  #: probability mass left out (the truncation)

    def cdf_below(self, t: np.ndarray | int) -> np.ndarray:
        """P(total < t), for integer ``t`` (or an array of them)."""
        cum = np.concatenate(([0.0], np.cumsum(self.probs)))
        idx = np.clip(np.asarray(t) - self.offset, 0, len(self.probs))
        return cum[idx]

    def at(self, t: np.ndarray | int) -> np.ndarray:
        idx = np.asarray(t) - self.offset
        ok = (idx >= 0) & (idx < len(self.probs))
        return np.where(ok, self.probs[np.clip(idx, 0, len(self.probs) - 1)], 0.0)


@lru_cache(maxsize=256)
def roll_distribution(n: int = 1, *, chain: bool = True, max_explosions: int = 100,
                      kmax: int = DEFAULT_KMAX) -> Pmf:
    """The distribution of ``n`` exploding dice as floats (cached)."""
    if n < 0:
        raise ValueError(f"cannot roll {n} dice")
    one, dropped = _die_weights(chain, max_explosions, kmax)
    lo, hi = min(one), max(one)
    single = np.zeros(hi - lo + 1)
    for t, p in one.items():
        single[t - lo] = float(p)
    probs = np.ones(1)
    for _ in range(n):
        probs = np.convolve(probs, single)
    kept = (1.0 - float(dropped)) ** n
    return Pmf(lo * n, probs, 1.0 - kept if dropped else 0.0)


@dataclass(frozen=True)
class BattleOdds:
    """The odds of the player's result in one battle (REL-SEQ-6).

    The true probabilities lie in ``[p, p + error_bound]`` (see the module docstring)."""

    p_win: float
    p_tie: float
    p_lose: float
    error_bound: float
    player_dice: int
    player_bonus: int
    enemy_bonus: int
    enemy_dice: int
    enemy_total: int | None = None  #: the enemy roll, once it is known


@dataclass(frozen=True)
class BattleOddsExact:
    p_win: Fraction
    p_tie: Fraction
    p_lose: Fraction
    truncation: Fraction  #: the true values lie in [p, p + truncation]


@lru_cache(maxsize=4096)
def battle_odds(player_dice: int, player_bonus: int, enemy_bonus: int, enemy_dice: int = 1, *,
                chain: bool = True, max_explosions: int = 100, enemy_total: int | None = None,
                kmax: int = DEFAULT_KMAX) -> BattleOdds:
    """P(player score > / = / < enemy score).

    ``player_bonus`` is everything the player adds to the roll (attribute + modifiers,
    REL-SCORE-2), ``enemy_bonus`` likewise (value + the card's modifiers, REL-SCORE-1).
    ``enemy_total`` is the enemy's roll once made (REL-SEQ-3); then only the player's dice vary.
    """
    a = roll_distribution(player_dice, chain=chain, max_explosions=max_explosions, kmax=kmax)
    values = a.offset + np.arange(len(a.probs))
    if enemy_total is not None:
        need = enemy_total + enemy_bonus - player_bonus  # the player's roll must beat this
        win = float(a.probs[values > need].sum())
        tie = float(a.probs[values == need].sum())
        terms = len(a.probs)
        dropped = a.dropped
    else:
        b = roll_distribution(enemy_dice, chain=chain, max_explosions=max_explosions, kmax=kmax)
        shift = enemy_bonus - player_bonus  # win iff A > B + shift
        win = float(np.dot(a.probs, b.cdf_below(values - shift)))
        tie = float(np.dot(a.probs, b.at(values - shift)))
        terms = len(a.probs) * len(b.probs)
        dropped = 1.0 - (1.0 - a.dropped) * (1.0 - b.dropped)
    kept = 1.0 - dropped
    lose = max(0.0, kept - win - tie)
    bound = dropped + terms * _ULP
    return BattleOdds(win, tie, lose, bound, player_dice, player_bonus, enemy_bonus, enemy_dice,
                      enemy_total)


def battle_odds_exact(player_dice: int, player_bonus: int, enemy_bonus: int, enemy_dice: int = 1,
                      *, chain: bool = True, max_explosions: int = 100,
                      kmax: int = DEFAULT_KMAX) -> BattleOddsExact:
    """:func:`battle_odds` in exact fractions (slow: for tests and explanations)."""
    a, da = roll_distribution_exact(player_dice, chain=chain, max_explosions=max_explosions, kmax=kmax)
    b, db = roll_distribution_exact(enemy_dice, chain=chain, max_explosions=max_explosions, kmax=kmax)
    shift = enemy_bonus - player_bonus
    b_items = sorted(b.items())
    win = tie = Fraction(0)
    for x, px in a.items():
        below = sum((pb for y, pb in b_items if y + shift < x), Fraction(0))
        win += px * below
        tie += px * b.get(x - shift, Fraction(0))
    dropped = 1 - (1 - da) * (1 - db)
    return BattleOddsExact(win, tie, 1 - dropped - win - tie, dropped)


def skill_test_odds(dice: int, bonus: int, target: int, *, chain: bool = True,
                    max_explosions: int = 100, kmax: int = DEFAULT_KMAX) -> float:
    """P(roll + bonus >= target): a skill test with exploding dice (REL-EXT-3); a lower bound
    within the same truncation as :func:`battle_odds`."""
    a = roll_distribution(dice, chain=chain, max_explosions=max_explosions, kmax=kmax)
    return float(a.probs.sum() - a.cdf_below(target - bonus))


def clear_caches() -> None:
    """Forget every cached distribution (benchmarks measure cold costs)."""
    _pmf_exact.cache_clear()
    roll_distribution.cache_clear()
    battle_odds.cache_clear()
