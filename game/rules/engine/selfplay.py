"""Self-play: whole games with a simple AI on every side, for testing and balance."""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Callable
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


def run(system: RuleSystem, setup: Setup, games: int, *, policy: Policy = greedy_policy,
        max_commands: int = 5000, out: TextIO | None = None) -> SelfPlayReport:
    report = SelfPlayReport()
    started = time.perf_counter()
    bar = out if out is not None else sys.stderr
    for i in range(games):
        game_setup = Setup(setup.system, setup.map, setup.seed + i, setup.options, setup.players)
        rng = random.Random(game_setup.seed)
        match, error = play_one(system, game_setup, policy, rng, max_commands)
        report.games += 1
        outcome = match.outcome()
        if error:
            report.errors.append(error)
        if outcome is not None:
            report.finished += 1
            report.lengths.append(len(match.steps))
            for w in outcome.winners or ("draw",):
                report.winners[w] += 1
        progress(i + 1, games, started, bar)
    bar.write("\n")
    return report
