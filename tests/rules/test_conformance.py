"""One conformance suite over every registered rule system (and the engine's toy game)."""

from __future__ import annotations

import io
import random

import pytest

from game.rules import registry
from game.rules.engine import IllegalCommand, Match, RuleSystem, SeededDice, Setup, selfplay
from tests.rules.toy import Pig


def _systems() -> list[tuple[str, RuleSystem]]:
    found = [("pig", Pig())]
    for name in registry.names():
        found.append((name, registry.get(name)))
    return found


@pytest.fixture(params=_systems(), ids=lambda p: p[0])
def system(request):
    return request.param


def _setup(name: str, system: RuleSystem, seed: int) -> Setup:
    return Setup(name, getattr(system, "default_map", ""), seed)


def test_implements_the_protocol(system):
    name, rules = system
    assert isinstance(rules, RuleSystem)
    assert rules.name == name


def test_random_games_keep_invariants_and_reject_without_change(system):
    name, rules = system
    rng = random.Random(4)
    for seed in range(3):
        match = Match(rules, _setup(name, rules, seed))
        for _ in range(300):
            if match.outcome() is not None:
                assert match.current_player() is None
                break
            legal = list(rules.legal_commands(match.state))
            assert legal, "a game that is not over must offer a legal command"
            assert match.current_player() is not None
            match.submit(rng.choice(legal))
            assert rules.invariants(match.state) == []
        # an illegal command (a legal one of the other player, or after the end) changes nothing
        before = match.digest()
        dice_before = match.dice.state()
        for command in _foreign_commands(rules, match):
            try:
                match.submit(command)
            except IllegalCommand:
                assert match.digest() == before and match.dice.state() == dice_before
            else:
                match.undo()
                assert match.digest() == before


def _foreign_commands(rules, match):
    """Commands taken from other states: many of them are illegal here."""
    other = Match(rules, Setup(match.setup.system, match.setup.map, match.setup.seed + 100))
    return list(rules.legal_commands(other.state))[:10]


def test_saved_selfplay_games_replay_identically(system, tmp_path):
    name, rules = system
    for seed in range(3):
        match, error = selfplay.play_one(rules, _setup(name, rules, seed), selfplay.random_policy,
                                         random.Random(seed), max_commands=400)
        assert error is None
        path = tmp_path / f"{seed}.json"
        match.save(path)
        again = Match.load(path, lambda n: rules if n == name else registry.get(n))
        assert again.digest() == match.digest()


def test_selfplay_report_counts_games():
    out = io.StringIO()
    report = selfplay.run(Pig(), Setup("pig", seed=1, options={"goal": 15}), 20, out=out)
    assert report.games == 20 and report.finished == 20 and not report.errors
    assert sum(report.winners.values()) == 20 and report.mean_length > 0
    assert "20/20 games" in out.getvalue()


def test_selfplay_over_two_processes_reports_what_one_does(system):
    """``--jobs``: the games are spread over processes, each game keeps its seed, so the report
    is the same as in one process (winners, lengths in game order, errors)."""
    name, rules = system
    setup = _setup(name, rules, 3)
    games = 6 if name == "pig" else 2
    one = selfplay.run(rules, setup, games, out=io.StringIO(), jobs=1)
    two = selfplay.run(rules, setup, games, out=io.StringIO(), jobs=2)
    assert (two.games, two.finished, two.winners, two.lengths, two.errors) == (
        one.games, one.finished, one.winners, one.lengths, one.errors)


def test_check_and_apply_agree_on_every_command_tried(system):
    """``check`` (no dice, no change) accepts exactly what ``apply`` accepts: along random games,
    for the legal commands and for commands taken from other states (issue 15)."""
    name, rules = system
    rng = random.Random(9)
    for seed in range(2):
        match = Match(rules, _setup(name, rules, seed))
        for step in range(150):
            if match.outcome() is not None:
                break
            legal = list(rules.legal_commands(match.state))
            if step % 10 == 0:
                for command in legal[:15] + _foreign_commands(rules, match):
                    try:
                        rules.check(match.state, command)
                        checked = None
                    except IllegalCommand as exc:
                        checked = exc.rule_id
                    trial = SeededDice(seed * 1000 + step)
                    try:
                        rules.apply(match.state, command, trial)
                        applied = None
                    except IllegalCommand as exc:
                        applied = exc.rule_id
                    assert checked == applied, (command, checked, applied)
            match.submit(rng.choice(legal))
