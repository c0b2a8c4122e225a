"""The rule system as a whole: the protocol, self-play on the ruins, saves that replay to the same
state, explanations for every event, and every rule ID of the spec cited by a test here."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest

from game.rules.engine import Match, RuleSystem, Setup, selfplay
from game.rules.helldorado import commands as cmds
from game.rules.helldorado import explain as explain_mod
from game.rules.helldorado.game import Helldorado
from tests.conftest import shared_path

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parents[2] / "game" / "rules" / "helldorado"
ID = re.compile(r"HD[-_](?:MELEE|RANGED|EXPL|TMPL|TV|HOUSE|0)[-_](?:[SE]?\d+)")


def _norm(text: str) -> str:
    return text.replace("_", "-")


@pytest.fixture(scope="module")
def system():
    return Helldorado()


@pytest.fixture(scope="module")
def game(system):
    match, error = selfplay.play_one(system, Setup("helldorado", "ruins.tmx", 3), selfplay.greedy_policy,
                                     random.Random(3))
    assert error is None
    return match


def test_implements_the_protocol(system):
    assert isinstance(system, RuleSystem) and system.name == "helldorado"
    assert system.default_map == "ruins.tmx"


def test_commands_round_trip_through_json(system):
    samples = [cmds.Activate("a"), cmds.Move("a", 90.0, 2.5), cmds.Climb("a", "7"), cmds.Charge("a", "b"),
               cmds.Fight("a", "b", "sword"), cmds.Retreat("a", 0.0, 1.0), cmds.Shoot("a", "gun", "b"),
               cmds.ShootAt("a", "bomb", 1.5, 2.0), cmds.Blast("a", "gas", 45.0), cmds.Concentrate("a"),
               cmds.Focus("a"), cmds.End("a"), cmds.VaeVictis("a"), cmds.PickWeapon(""),
               cmds.PickAttacker("b"), cmds.Reroll((0, 2)), cmds.UseHits(2), cmds.OrderChain(("b", "c"))]
    assert {type(c) for c in samples} == set(cmds.ALL)
    for c in samples:
        assert system.commands.from_json(system.commands.to_json(c)) == c


def test_greedy_selfplay_finishes_without_rule_errors(system):
    """``tabletop selfplay helldorado``: whole games on the ruins, the AI on both sides."""
    report = selfplay.run(system, Setup("helldorado", "ruins.tmx", 11), 2, out=io.StringIO())
    assert report.errors == [] and report.finished == 2


def test_the_ai_approaches_shoots_charges_and_fights(game):
    kinds = {type(s.command).__name__ for s in game.steps}
    assert {"Move", "Shoot", "Charge", "Fight"} <= kinds
    assert game.outcome() is not None


def test_random_commands_keep_the_invariants(system):
    match, error = selfplay.play_one(system, Setup("helldorado", "ruins.tmx", 4), selfplay.random_policy,
                                     random.Random(4), max_commands=250)
    assert error is None


def test_a_saved_game_replays_to_the_same_state(system, game, tmp_path):
    path = tmp_path / "hd.json"
    game.save(path)
    again = Match.load(path, lambda name: system)
    assert again.digest() == game.digest() and len(again.steps) == len(game.steps)
    half = Match(system, game.setup)
    for command in game.commands[: len(game.commands) // 2]:
        half.submit(command)
    half.save(tmp_path / "half.json")
    assert Match.load(tmp_path / "half.json", lambda name: system).digest() == half.digest()


def test_every_event_is_explained_in_both_languages(system, game):
    source = "".join(path.read_text(encoding="utf-8") for path in sorted(PACKAGE.glob("*.py")))
    emitted = set(re.findall(r'ev\("(hd\.[a-z_]+)"', source))
    assert len(emitted) >= 20
    assert emitted <= set(explain_mod.EXPLANATIONS.messages)
    for event in game.events:
        for lang in ("en", "ru"):
            text = system.explain(event, lang)
            assert not text.startswith(event.kind), text
            assert "[" in text or not event.rules


def test_house_rules_are_documented_and_cited():
    """Every HD-HOUSE rule the code cites is in HOUSE.md, and every one in HOUSE.md has a test."""
    code = " ".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))
    doc = (PACKAGE / "HOUSE.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"\*\*(HD-HOUSE-\d+)", doc))
    used = {_norm(m) for m in ID.findall(code) if "HOUSE" in m}
    assert used <= documented
    tests = " ".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    cited = {_norm(m) for m in ID.findall(tests)}
    assert documented <= cited, sorted(documented - cited)


def test_every_rule_id_of_the_spec_is_cited_by_a_test():
    """Every HD rule ID (but the advisory HD-RANGED-10) and every HD-TV vector is cited here."""
    spec = (shared_path() / "rules" / "helldorado.md").read_text(encoding="utf-8")
    ids = set(re.findall(r"\*\*(HD-[A-Z0-9-]+?)\s", spec)) - {"HD-RANGED-10"}
    assert len(ids) >= 99
    tests = " ".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    cited = {_norm(m) for m in ID.findall(tests)}
    assert ids <= cited, sorted(ids - cited)
