"""Benchmark of Helldorado's exact odds (``game/rules/helldorado/odds.py``) against sampling.

``measure()`` times the exact computations cold (every cache cleared before each call, best of
``repeat`` so one scheduler hiccup does not count) over a grid:

* rolls: a modified CBT or SHS of 1..15 (``pool()``: up to 5 dice, 5 re-rolls, automatic damage)
  against difficulties 2..7, with and without the odd/even check of a shot into a fight, each
  mapped to LP through a damage table and PR (``pool_odds`` + ``damage_odds``);
* blasts: explosions (the roll to land, then 1..4 caught units), cloud-blasts (1..5 units) and
  impact-blast chains (6..15 dice down 1..5 units), with fighters outside the template that a
  caught unit's hits may go to, one of them engaged with up to three caught units
  (``blast_odds_from``).

In the same run it samples 100,000 rolls of every case with numpy, checks that every exact
probability agrees with the sampled frequency within 0.01, and reports the ratio sampling time ÷
exact time. The goal (issue 17) is at most 1 ms for the slowest exact call. For information it
also times whole calls from a state and a command (``odds_for``: the rules' resolution with probe
dice, then the exact computation) on a few scenes, with the odds' caches cleared and the table's
sight and cover caches warm, as when the UI asks again for the button under the pointer.

Run alone: ``.venv/bin/python -m tools.bench_parts.hd_odds``.
"""

from __future__ import annotations

import functools
import itertools
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from game.rules.helldorado.dice import lp_loss, pool, table_damage
from game.rules.helldorado.odds import BlastStep, Protection, blast_odds_from, clear_caches, damage_odds, pool_odds

GOAL_MS = 1.0
SAMPLES = 100_000
TABLE = (1, 2, 3, 5, 7)  #: the spec's hypothetical T_sword (HD-TV)
PR = 2
X, Y = 4, 2  #: a blast's difficulty and Power


def _best_ms(call: Callable[[], Any], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        clear_caches()
        t0 = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - t0)
    return best * 1e3


# --------------------------------------------------------------------------- rolls


def _roll_cases() -> list[tuple[int, int, bool]]:
    return list(itertools.product(range(1, 16), range(2, 8), (False, True)))


def _exact_roll(value: int, diff: int, parity: bool) -> tuple[Any, Any]:
    hits = pool_odds(value, diff, parity=parity)
    return hits, damage_odds("u", 30, hits, TABLE, pr=PR, auto=hits.auto)


def _sample_roll(value: int, diff: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Hits, strays and LP lost of ``SAMPLES`` rolls: re-rolls left to right (HD-0-6)."""
    p = pool(value)
    first = rng.integers(1, 7, size=(SAMPLES, p.dice))
    again = rng.integers(1, 7, size=(SAMPLES, max(p.rerolls, 1)))
    miss = first < diff
    rank = np.cumsum(miss, axis=1)
    chosen = miss & (rank <= p.rerolls)
    final = np.where(chosen, np.take_along_axis(again, np.clip(rank - 1, 0, again.shape[1] - 1), axis=1), first)
    hits = (final >= diff).sum(axis=1)
    odd = (final % 2).sum(axis=1)
    lut = np.array([lp_loss(table_damage(TABLE, k), PR, p.auto) for k in range(p.dice + 1)])
    return hits, odd > p.dice - odd, lut[hits]


def _gap(exact: tuple[float, ...], values: np.ndarray) -> float:
    freq = np.bincount(values, minlength=len(exact))[: len(exact)] / len(values)
    return float(np.abs(np.array(exact) - freq).max())


# --------------------------------------------------------------------------- blasts


BlastCase = tuple[str, tuple[BlastStep, ...], tuple[Protection, ...], int | None]


def _blast_cases() -> list[BlastCase]:
    """(kind, caught units in order, who can lose LP, SHS of an explosion's roll to land)."""
    out: list[BlastCase] = []

    def protect(steps: tuple[BlastStep, ...]) -> tuple[Protection, ...]:
        names = list(dict.fromkeys([s.unit for s in steps] + [o for s in steps for o in s.outside]))
        return tuple(Protection(u, 40, i % 3, 3 if (i == 1) else 0) for i, u in enumerate(names))

    def layouts(units: int, dice: int) -> list[tuple[BlastStep, ...]]:
        plain = tuple(BlastStep(f"u{i}", dice, ()) for i in range(units))
        first = (BlastStep("u0", dice, ("o1", "o2")),) + plain[1:]
        shared = tuple(BlastStep(f"u{i}", dice, ("o1",) if i < 3 else ()) for i in range(units))
        return [plain, first, shared]

    for shs, units in itertools.product((3, 7, 12), range(1, 5)):
        for steps in layouts(units, 5):
            out.append(("explosion", steps, protect(steps), shs))
    for units in range(1, 6):
        for steps in layouts(units, 5):
            out.append(("cloud", steps, protect(steps), None))
    for dice, units in itertools.product((6, 8, 10, 12, 15), range(1, 6)):
        for steps in layouts(units, dice):
            out.append(("impact", steps, protect(steps), None))
    return out


def _exact_blast(kind: str, steps: tuple[BlastStep, ...], who: tuple[Protection, ...], shs: int | None) -> Any:
    land = pool_odds(shs, X) if shs is not None else None
    return blast_odds_from("S", "w", kind, X, Y, steps, who, land)


def _sample_blast(kind: str, steps: tuple[BlastStep, ...], who: tuple[Protection, ...], shs: int | None,
                  rng: np.random.Generator) -> dict[str, np.ndarray]:
    """LP lost per unit over ``SAMPLES`` blasts (HD-EXPL-4/5/8, HD-TMPL-9/11/12/14)."""
    n = SAMPLES
    if shs is not None:
        p = pool(shs)
        first = rng.integers(1, 7, size=(n, p.dice))
        again = rng.integers(1, 7, size=(n, max(p.rerolls, 1)))
        miss = first < X
        rank = np.cumsum(miss, axis=1)
        chosen = miss & (rank <= p.rerolls)
        final = np.where(chosen, np.take_along_axis(again, np.clip(rank - 1, 0, again.shape[1] - 1), axis=1), first)
        landed = (final >= X).sum(axis=1) >= 1
    else:
        landed = np.ones(n, dtype=bool)
    prot = {w.unit: w.pr + w.cover for w in who}
    loss = {w.unit: np.zeros(n, dtype=np.int64) for w in who}
    left = np.full(n, steps[0].dice)
    for s in steps:
        dice = left if kind == "impact" else np.full(n, s.dice)
        width = int(dice.max()) if len(dice) else 0
        faces = rng.integers(1, 7, size=(n, max(width, 1)))
        live = np.arange(faces.shape[1])[None, :] < dice[:, None]
        hits = ((faces >= X) & live).sum(axis=1) * landed
        moved = bool(s.outside) & (rng.integers(1, 7, size=n) % 2 == 1)
        pick = rng.integers(0, max(len(s.outside), 1), size=n)
        loss[s.unit] += np.where(moved, 0, np.maximum(0, hits * Y - prot[s.unit]))
        for j, o in enumerate(s.outside):
            loss[o] += np.where(moved & (pick == j), np.maximum(0, hits * Y - prot[o]), 0)
        if kind == "impact":
            left = left - hits
    return {u: np.minimum(v, 40) for u, v in loss.items()}


# --------------------------------------------------------------------------- whole calls


def _whole_calls(repeat: int) -> list[float]:
    """``odds_for`` from a state and a command, on a few small scenes."""
    from shapely.geometry import box

    from game.geometry.terrain import Solid
    from game.rules.helldorado import commands
    from game.rules.helldorado.config import HDConfig
    from game.rules.helldorado.game import Helldorado
    from game.rules.helldorado.odds import odds_for
    from game.rules.helldorado.state import Unit, Weapon
    from game.rules.helldorado.table import Table

    sword = Weapon("sword", "Sword", "melee", TABLE)
    musket = Weapon("musket", "Musket", "ranged", (2, 3, 4, 5, 6), range=6.0)
    bomb = Weapon("bomb", "Bomb", "explosion", range=5.0, difficulty=4, power=2)
    grape = Weapon("grape", "Grapeshot", "impact", difficulty=4, power=2)

    def u(uid: str, side: str, x: float, y: float, **kw: Any) -> Unit:
        values: dict[str, Any] = {"z": 0.0, "radius": 0.6, "height": 1.0, "size": "normal", "cbt": 4,
                                  "defence": 4, "pr": 0, "lp": 20, "max_lp": 20, "shs": 3, "mov": 5.0,
                                  "weapons": (sword, musket, bomb, grape)}
        values.update(kw)
        return Unit(uid, uid, side, "bench", x, y, **values)

    system = Helldorado()
    wall = Solid("w", box(8.8, -3, 9.0, 3), 0.0, 0.6, blocks_sight=True, kind="wall")
    system.add_table("bench", Table([wall], (-40.0, -40.0, 40.0, 40.0)))
    scenes: list[tuple[list[Unit], Any]] = [
        ([u("a", "us", 0, 0, cbt=8), u("b", "them", 1.2, 0, pr=2), u("c", "us", 1.2, 1.2)],
         commands.Fight("a", "b", "sword")),
        ([u("s", "us", 0, 0, shs=7), u("t", "them", 10, 0, pr=1)], commands.Shoot("s", "musket", "t")),
        ([u("s", "us", 0, 0, shs=6), u("t", "them", 5, 0), u("f", "us", 5, 1.2), u("g", "us", 5, -1.2)],
         commands.Shoot("s", "musket", "t")),
        ([u("s", "us", 0, 0, shs=7), u("a", "them", 8, 0, pr=2), u("m", "them", 8, 3.2),
          u("o", "us", 8, 4.4)], commands.ShootAt("s", "bomb", 8.0, 0.0)),
        ([u("s", "us", 0, 0, shs=5), u("a", "them", 3, 0), u("n", "us", 3, 1.2), u("b", "them", 5, 0, pr=1),
          u("c", "them", 6.4, 0.3)], commands.Blast("s", "grape", 0.0)),
    ]
    out = []
    for units, command in scenes:
        st = system.start("bench", units, HDConfig(), first="us")
        st = system.apply(st, commands.Activate(command.unit), _NoDice()).state
        assert odds_for(system, st, command) is not None
        out.append(_best_ms(functools.partial(odds_for, system, st, command), repeat))
    return out


class _NoDice:
    def roll(self, n: int, sides: int = 6) -> tuple[int, ...]:
        raise AssertionError("activating rolls nothing")

    def state(self) -> Any:
        return None

    def restore(self, state: Any) -> None:
        pass


# --------------------------------------------------------------------------- measure


def measure(repeat: int = 7, seed: int = 17) -> dict[str, Any]:
    rolls = _roll_cases()
    blasts = _blast_cases()
    roll_ms = [_best_ms(functools.partial(_exact_roll, *c), repeat) for c in rolls]
    blast_ms = [_best_ms(functools.partial(_exact_blast, *c), repeat) for c in blasts]

    rng = np.random.default_rng(seed)
    sampling_ms: list[float] = []
    worst_gap = 0.0
    for value, diff, parity in rolls:
        t0 = time.perf_counter()
        hits, stray, lost = _sample_roll(value, diff, rng)
        sampling_ms.append((time.perf_counter() - t0) * 1e3)
        h, d = _exact_roll(value, diff, parity)
        worst_gap = max(worst_gap, _gap(h.probs, hits), _gap(d.probs, lost))
        if parity:
            worst_gap = max(worst_gap, abs(h.p_stray - float(stray.mean())))
    for case in blasts:
        t0 = time.perf_counter()
        lost_by = _sample_blast(*case, rng)
        sampling_ms.append((time.perf_counter() - t0) * 1e3)
        exact = _exact_blast(*case)
        for who in case[2]:
            d = exact.for_unit(who.unit)
            worst_gap = max(worst_gap, _gap(d.probs, lost_by[who.unit]))
    assert worst_gap < 0.01, f"exact and sampled odds differ by {worst_gap:.4f}"

    exact_ms = roll_ms + blast_ms
    odds_ms_max = max(exact_ms)
    whole = _whole_calls(repeat)
    return {
        "cases": len(exact_ms),
        "roll_cases": len(rolls),
        "blast_cases": len(blasts),
        "odds_ms_max": round(odds_ms_max, 4),
        "odds_ms_median": round(statistics.median(exact_ms), 4),
        "roll_ms_max": round(max(roll_ms), 4),
        "blast_ms_max": round(max(blast_ms), 4),
        "sampling_ms_median": round(statistics.median(sampling_ms), 2),
        "samples": SAMPLES,
        "odds_ratio_vs_sampling": round(sum(sampling_ms) / sum(exact_ms), 1),
        "max_gap_vs_sampling": round(worst_gap, 4),
        "whole_call_ms_max": round(max(whole), 4),
        "whole_call_ms_median": round(statistics.median(whole), 4),
        "goal_ms": GOAL_MS,
        "odds_ok": odds_ms_max <= GOAL_MS,
        "goal": f"slowest exact call <= {GOAL_MS:g} ms: {'met' if odds_ms_max <= GOAL_MS else 'NOT met'}",
    }


if __name__ == "__main__":
    for k, v in measure().items():
        print(f"{k:>22}: {v}")
