"""Self-play: whole games with a simple AI on every side, for testing and balance."""

from __future__ import annotations

import multiprocessing
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TextIO

from game.rules.engine.errors import IllegalCommand
from game.rules.engine.match import Match
from game.rules.engine.protocol import RuleSystem, Setup


@dataclass
class SelfPlayReport:
    games: int = 0
    finished: int = 0
    winners: Counter[str] = field(default_factory=Counter)
    lengths: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def mean_length(self) -> float:
        return sum(self.lengths) / len(self.lengths) if self.lengths else 0.0

    def lines(self) -> list[str]:
        winners = ", ".join(f"{w}: {n}" for w, n in self.winners.most_common()) or "none"
        out = [f"games: {self.games}, finished: {self.finished}, unfinished: {self.games - self.finished}",
               f"winners: {winners}",
               f"mean length: {self.mean_length:.1f} commands",
               f"rule errors: {len(self.errors)}"]
        out += [f"  {e}" for e in self.errors[:20]]
        return out


Policy = Callable[[RuleSystem, Any, list[Any], random.Random], Any]


def random_policy(system: RuleSystem, state: Any, legal: list[Any], rng: random.Random) -> Any:
    return rng.choice(legal)


def greedy_policy(system: RuleSystem, state: Any, legal: list[Any], rng: random.Random) -> Any:
    """Prefer what the system ranks best (``system.rank_command``), else random."""
    rank = getattr(system, "rank_command", None)
    if rank is None:
        return rng.choice(legal)
    scored = [(rank(state, c), rng.random(), i) for i, c in enumerate(legal)]
    return legal[max(scored)[2]]


def play_one(system: RuleSystem, setup: Setup, policy: Policy, rng: random.Random,
             max_commands: int = 5000) -> tuple[Match, str | None]:
    """Play one game; return the match and the first rule error, if any."""
    match = Match(system, setup)
    for _ in range(max_commands):
        if match.outcome() is not None:
            return match, None
        legal = list(system.legal_commands(match.state))
        if not legal:
            return match, f"seed {setup.seed}: no legal command but the game is not over"
        command = policy(system, match.state, legal, rng)
        try:
            match.submit(command)
        except IllegalCommand as exc:
            return match, f"seed {setup.seed}: a listed legal command was refused: {exc}"
        except Exception as exc:  # a crash in the rules is exactly what self-play looks for
            return match, f"seed {setup.seed}: {type(exc).__name__}: {exc} (after {len(match.steps)} commands)"
        broken = system.invariants(match.state)
        if broken:
            return match, f"seed {setup.seed}: invariant broken after {command!r}: {broken[0]}"
    return match, None


def progress(done: int, total: int, started: float, out: TextIO) -> None:
    width = 30
    filled = int(width * done / total) if total else width
    elapsed = time.perf_counter() - started
    eta = elapsed / done * (total - done) if done else 0.0
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, "
              f"{elapsed:.1f}s elapsed, ~{eta:.0f}s left")
    out.flush()


@dataclass(frozen=True)
class GameResult:
    """What one self-played game came to (small, so a worker process can send it back)."""

    index: int
    finished: bool
    winners: tuple[str, ...]
    length: int
    error: str | None


def play_game(system: RuleSystem, setup: Setup, index: int, policy: Policy,
              max_commands: int) -> GameResult:
    """Game ``index`` of a run: its seed is ``setup.seed + index``, so it plays the same
    wherever it runs."""
    game_setup = Setup(setup.system, setup.map, setup.seed + index, setup.options, setup.players)
    rng = random.Random(game_setup.seed)
    match, error = play_one(system, game_setup, policy, rng, max_commands)
    outcome = match.outcome()
    if outcome is None:
        return GameResult(index, False, (), len(match.steps), error)
    return GameResult(index, True, tuple(outcome.winners) or ("draw",), len(match.steps), error)


#: the worker process's game (set once by ``_start_worker``)
_WORKER: dict[str, Any] = {}


def _start_worker(system: RuleSystem, setup: Setup, policy: Policy, max_commands: int) -> None:
    _WORKER.update(system=system, setup=setup, policy=policy, max_commands=max_commands)


def _worker_game(index: int) -> GameResult:
    w = _WORKER
    return play_game(w["system"], w["setup"], index, w["policy"], w["max_commands"])


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _results(system: RuleSystem, setup: Setup, games: int, policy: Policy, max_commands: int,
             jobs: int) -> Iterator[GameResult]:
    """The games' results in game order, played in ``jobs`` processes (1: in this one)."""
    if jobs <= 1 or games <= 1:
        for i in range(games):
            yield play_game(system, setup, i, policy, max_commands)
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ProcessPoolExecutor(max_workers=min(jobs, games), mp_context=context,
                             initializer=_start_worker,
                             initargs=(system, setup, policy, max_commands)) as pool:
        # small chunks keep the cores busy to the end: game lengths vary a lot
        yield from pool.map(_worker_game, range(games), chunksize=max(1, games // (jobs * 16)))


def run(system: RuleSystem, setup: Setup, games: int, *, policy: Policy = greedy_policy,
        max_commands: int = 5000, out: TextIO | None = None, jobs: int = 1) -> SelfPlayReport:
    """Play ``games`` games (seeds ``setup.seed`` on), spread over ``jobs`` processes; the
    report is the same whatever ``jobs`` is."""
    report = SelfPlayReport()
    started = time.perf_counter()
    bar = out if out is not None else sys.stderr
    for result in _results(system, setup, games, policy, max_commands, jobs):
        report.games += 1
        if result.error:
            report.errors.append(result.error)
        if result.finished:
            report.finished += 1
            report.lengths.append(result.length)
            for w in result.winners:
                report.winners[w] += 1
        progress(report.games, games, started, bar)
    bar.write("\n")
    return report
