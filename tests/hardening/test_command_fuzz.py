"""Fuzzing every rule system with random commands, legal and illegal (issue 10, item 3).

A seeded walk per rule system mixes legal commands, illegal ones (commands legal in other states
or other seeds, commands whose fields were changed through a JSON round trip, commands after the
game's end) and undo/redo steps. After every step:

* a rejected command (IllegalCommand) left the digest and the dice exactly as they were;
* an accepted one keeps ``invariants`` empty, and someone's turn is defined unless the game is over;
* undo returns to the digest before the command, and redo after it returns to the same digest;
* any other exception from the rules is a failure (the rules crashed on a command).

A small hypothesis state machine drives the same steps, so a failure shrinks to a short sequence.

The step count per system comes from ``TABLETOP_FUZZ_STEPS`` (1,500 by default, so the file runs
in CI time); ``python tools/fuzz.py --commands`` raises it to 10,000.
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from game.rules import registry
from game.rules.engine import CommandFormatError, IllegalCommand, Match, Setup, selfplay

STEPS = int(os.environ.get("TABLETOP_FUZZ_STEPS", "1500"))
#: A game is restarted (with the next seed) after this many accepted commands.
GAME_LENGTH = 400
#: Weights of the kinds of step.
KINDS = (("legal", 50), ("foreign", 14), ("mutated", 16), ("undo", 10), ("redo", 5), ("retype", 5))


@dataclass
class CommandFuzzReport:
    system: str
    steps: int = 0
    accepted: int = 0
    rejected: int = 0
    malformed: int = 0  #: mutated JSON that from_json refused (never reached the rules)
    undos: int = 0
    redos: int = 0
    games: int = 0
    finished: int = 0
    after_end: int = 0  #: commands tried after a game's end
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (f"{self.system}: {self.steps} steps in {self.seconds:.1f} s ({self.accepted} "
                f"accepted, {self.rejected} rejected, {self.malformed} malformed, {self.undos} "
                f"undo, {self.redos} redo, {self.games} games, {self.finished} finished, "
                f"{self.after_end} after the end), {len(self.failures)} failure(s)")


#: Options that make a game short, so that commands after its end are tried too. Every other
#: game is a short one: it uses these options, and its legal steps mostly follow the system's
#: greedy ranking (``rank_command``), which ends a game far sooner than random play.
SHORT_GAMES: dict[str, dict[str, Any]] = {"relic": {"max_rounds": 3}, "helldorado": {"rounds": 2}}


def _setup(name: str, rules: Any, seed: int, short: bool = False) -> Setup:
    options = SHORT_GAMES.get(name, {}) if short else {}
    return Setup(name, getattr(rules, "default_map", ""), seed, options)


def _mutate_value(value: Any, rng: random.Random, strings: list[str]) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, -1, 0, 7, 10**6, -(10**6)])
    if isinstance(value, float):
        return rng.choice([value + rng.uniform(-60, 60), value + rng.uniform(-2, 2), -value,
                           value * 10, 0.0, -0.0, 1e6, -1e6, 1e300, -1e300, 5e-324, 1e-9,
                           359.999, 720.0])
    if isinstance(value, str):
        pool = [s for s in strings if s != value][:50]
        options = ["", "nobody", value + "x", value.upper(), " " + value]
        if pool:
            options += [rng.choice(pool)] * 3
        return rng.choice(options)
    if isinstance(value, list):
        options: list[Any] = [[], list(reversed(value)), value + value[:1], value[:-1]]
        if value:
            i = rng.randrange(len(value))
            options.append(value[:i] + [_mutate_value(value[i], rng, strings)] + value[i + 1:])
        return rng.choice(options)
    return value


def _strings(data: Any, out: set[str]) -> None:
    if isinstance(data, str):
        out.add(data)
    elif isinstance(data, list):
        for v in data:
            _strings(v, out)
    elif isinstance(data, dict):
        for k, v in data.items():
            if k != "type":
                _strings(v, out)


class CommandFuzzer:
    """One rule system's fuzz walk; each ``step_*`` method is one step, checked on the spot."""

    def __init__(self, name: str, seed: int = 0, report: CommandFuzzReport | None = None) -> None:
        self.name = name
        self.rules = registry.get(name)
        self.rng = random.Random(seed)
        self.seed = seed * 1000
        self.report = report or CommandFuzzReport(name)
        self.pool: deque[Any] = deque(maxlen=300)  #: commands legal somewhere else
        self.strings: set[str] = set()
        self.trail: deque[str] = deque(maxlen=12)  #: the last steps, for failure messages
        for s in range(3):
            other = Match(self.rules, _setup(name, self.rules, 10_000 + seed * 10 + s))
            self._remember(list(self.rules.legal_commands(other.state)))
        self.new_game()

    # ------------------------------------------------------------------ bookkeeping
    def new_game(self) -> None:
        self.seed += 1
        self.short = self.report.games % 2 == 1
        self.match = Match(self.rules, _setup(self.name, self.rules, self.seed, self.short))
        self.digests = [self.match.digest()]  #: digest before each accepted step, and now
        self.report.games += 1
        self.counted_end = False
        self.trail.clear()

    def _remember(self, commands: list[Any]) -> None:
        for c in commands[:8]:
            self.pool.append(c)
        for c in commands[:3]:
            with contextlib.suppress(CommandFormatError):
                _strings(self.rules.commands.to_json(c), self.strings)
        if len(self.strings) > 400:
            self.strings = set(list(self.strings)[-200:])

    def fail(self, what: str) -> None:
        trail = "; ".join(self.trail)
        self.report.failures.append(
            f"{self.name} seed {self.match.setup.seed} after {len(self.match.steps)} accepted "
            f"commands: {what}\n    last steps: {trail}")
        self.new_game()

    def over(self) -> bool:
        return self.match.outcome() is not None

    def _check_state(self, command: Any) -> bool:
        broken = self.rules.invariants(self.match.state)
        if broken:
            self.fail(f"invariant broken after {command!r}: {broken[:3]}")
            return False
        if self.match.outcome() is None and self.match.current_player() is None:
            self.fail(f"nobody's turn after {command!r} but the game is not over")
            return False
        if self.match.outcome() is not None and self.match.current_player() is not None:
            self.fail(f"the game is over after {command!r} but it is still "
                      f"{self.match.current_player()!r}'s turn")
            return False
        return True

    def submit(self, command: Any, kind: str) -> None:
        """Submit a command that may or may not be legal, and check what happened."""
        match = self.match
        before, dice_before = match.digest(), match.dice.state()
        was_over = self.over()
        if was_over:
            self.report.after_end += 1
        self.trail.append(f"{kind} {command!r}")
        try:
            match.submit(command)
        except IllegalCommand:
            self.report.rejected += 1
            if match.digest() != before or match.dice.state() != dice_before:
                self.fail(f"rejected {command!r} changed the state or the dice")
            return
        except Exception as exc:  # a crash of the rules on a well-typed command
            self.fail(f"{kind} command {command!r} crashed the rules: "
                      f"{type(exc).__name__}: {exc}")
            return
        self.report.accepted += 1
        if kind == "legal" or self.rng.random() < 0.5:
            self._remember([command])
        if was_over:
            self.fail(f"{kind} command {command!r} was accepted after the game's end")
            return
        self.digests.append(match.digest())
        if not self._check_state(command):
            return
        if self.rng.random() < 0.25:  # undo then redo returns the same state
            after, dice_after = match.digest(), match.dice.state()
            match.undo()
            if match.digest() != before or match.dice.state() != dice_before:
                self.fail(f"undo of {command!r} did not return to the state before it")
                return
            try:
                match.redo()
            except Exception as exc:
                self.fail(f"redo of {command!r} failed: {type(exc).__name__}: {exc}")
                return
            if match.digest() != after or match.dice.state() != dice_after:
                self.fail(f"undo then redo of {command!r} did not return the same state")
                return

    # ------------------------------------------------------------------ steps
    def step_legal(self) -> None:
        if self.over():
            self.step_after_end()
            return
        legal = list(self.rules.legal_commands(self.match.state))
        if not legal:
            self.fail("no legal command but the game is not over")
            return
        self._remember(self.rng.sample(legal, min(len(legal), 4)))
        if self.short and self.rng.random() < 0.8:
            command = selfplay.greedy_policy(self.rules, self.match.state, legal, self.rng)
        else:
            command = self.rng.choice(legal)
        self.submit(command, "legal")

    def step_foreign(self) -> None:
        if self.pool:
            self.submit(self.rng.choice(self.pool), "foreign")

    def step_mutated(self, retype: bool = False) -> None:
        if not self.pool:
            return
        data = dict(self.rules.commands.to_json(self.rng.choice(self.pool)))
        fields = [k for k in data if k != "type"]
        if retype or not fields:
            data["type"] = self.rng.choice(self.rules.commands.names())
        else:
            for k in self.rng.sample(fields, self.rng.randint(1, len(fields))):
                data[k] = _mutate_value(data[k], self.rng, sorted(self.strings))
        try:
            command = self.rules.commands.from_json(data)
        except CommandFormatError:
            self.report.malformed += 1
            return
        except Exception as exc:
            self.fail(f"from_json({data!r}) raised {type(exc).__name__}: {exc}")
            return
        self.submit(command, "retyped" if retype else "mutated")

    def step_after_end(self) -> None:
        """Commands after the end must be refused; then a new game starts."""
        if not self.counted_end:
            self.report.finished += 1
            self.counted_end = True
        if self.pool:
            self.submit(self.rng.choice(self.pool), "after-end")
        if self.rng.random() < 0.3:
            self.new_game()

    def step_undo(self) -> None:
        match = self.match
        n = min(self.rng.randint(1, 3), len(match.steps))
        if n == 0:
            try:
                match.undo()
            except IllegalCommand:
                return
            self.fail("undo with nothing to undo was accepted")
            return
        top = match.digest()
        self.trail.append(f"undo x{n}")
        for _ in range(n):
            match.undo()
            self.digests.pop()
            if match.digest() != self.digests[-1]:
                self.fail("undo did not return to the state before the command")
                return
        self.report.undos += n
        if self.rng.random() < 0.6:  # redo them all: the same state as before the undos
            for _ in range(n):
                try:
                    match.redo()
                except Exception as exc:
                    self.fail(f"redo failed: {type(exc).__name__}: {exc}")
                    return
                self.digests.append(match.digest())
            self.report.redos += n
            if match.digest() != top:
                self.fail(f"undo x{n} then redo x{n} did not return the same state")

    def step_redo(self) -> None:
        match = self.match
        if not match.can_redo():
            before = match.digest()
            try:
                match.redo()
            except IllegalCommand:
                if match.digest() != before:
                    self.fail("a refused redo changed the state")
                return
            self.fail("redo with nothing to redo was accepted")
            return
        self.trail.append("redo")
        try:
            match.redo()
        except Exception as exc:
            self.fail(f"redo failed: {type(exc).__name__}: {exc}")
            return
        self.report.redos += 1
        self.digests.append(match.digest())
        self._check_state("redo")

    def step(self, kind: str) -> None:
        self.report.steps += 1
        if len(self.match.steps) >= GAME_LENGTH and self.rng.random() < 0.05:
            self.new_game()
        if kind == "legal":
            self.step_legal()
        elif kind == "foreign":
            self.step_foreign()
        elif kind == "mutated":
            self.step_mutated()
        elif kind == "retype":
            self.step_mutated(retype=True)
        elif kind == "undo":
            self.step_undo()
        elif kind == "redo":
            self.step_redo()
        else:
            raise ValueError(kind)


def fuzz_commands(name: str, steps: int, seed: int = 0) -> CommandFuzzReport:
    """Run ``steps`` fuzz steps on one rule system and report what happened."""
    started = time.perf_counter()
    fuzzer = CommandFuzzer(name, seed)
    kinds = [k for k, _ in KINDS]
    weights = [w for _, w in KINDS]
    for _ in range(steps):
        fuzzer.step(fuzzer.rng.choices(kinds, weights)[0])
    fuzzer.report.seconds = time.perf_counter() - started
    return fuzzer.report


# ---------------------------------------------------------------------- tests
@pytest.mark.parametrize("name", registry.names())
def test_random_commands_keep_the_rules_sound(name: str) -> None:
    report = fuzz_commands(name, STEPS)
    print(report.line())
    assert report.steps == STEPS
    assert report.accepted > 0 and report.rejected > 0
    assert not report.failures, "\n".join(report.failures[:10])


def test_mutation_keeps_fields_well_typed() -> None:
    rng = random.Random(1)
    assert isinstance(_mutate_value(1.5, rng, []), float)
    assert all(isinstance(_mutate_value(3, rng, []), int) for _ in range(20))
    assert isinstance(_mutate_value(True, rng, []), bool)
    assert all(math.isfinite(_mutate_value(2.0, rng, [])) for _ in range(50))


class _CommandMachine(RuleBasedStateMachine):
    """The same steps chosen by hypothesis, so a failing sequence shrinks."""

    system = ""

    def __init__(self) -> None:
        super().__init__()
        self.fuzzer = CommandFuzzer(self.system, seed=0)

    @rule(kind=st.sampled_from([k for k, _ in KINDS]), salt=st.integers(0, 2**16))
    def step(self, kind: str, salt: int) -> None:
        self.fuzzer.rng.seed(salt)
        self.fuzzer.step(kind)

    @invariant()
    def no_failure(self) -> None:
        assert not self.fuzzer.report.failures, self.fuzzer.report.failures[0]


@pytest.mark.parametrize("name", registry.names())
def test_hypothesis_state_machine(name: str) -> None:
    machine = type(f"Machine_{name}", (_CommandMachine,), {"system": name})
    runner = machine.TestCase
    runner.settings = settings(max_examples=8, stateful_step_count=25, deadline=None,
                               suppress_health_check=list(HealthCheck), derandomize=True)
    runner("runTest").runTest()
