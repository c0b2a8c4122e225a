"""Whole chapters: self-play, saves that replay, explanations, the data files, and the check that
every rule ID and test vector of the spec is cited by a test here."""

from __future__ import annotations

import ast
import io
import random
import re
from pathlib import Path

import pytest

from game.core.dice import SeededDice
from game.rules.engine import IllegalCommand, Match, RuleSystem, Setup, selfplay
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics.config import MMConfig
from game.rules.mice_and_mystics.explain import EXPLANATIONS
from game.rules.mice_and_mystics.game import MiceAndMystics
from tests.conftest import shared_path

HERE = Path(__file__).resolve().parent
PACKAGE = Path(cards.__file__).resolve().parent
GAMES = 30


@pytest.fixture(scope="module")
def system():
    return MiceAndMystics()


@pytest.fixture(scope="module")
def report(system):
    out = io.StringIO()
    return selfplay.run(system, Setup("mice_and_mystics", "mice_chapter.tmx", 1), GAMES, out=out)


def test_the_rule_system_implements_the_protocol(system):
    assert isinstance(system, RuleSystem) and system.name == "mice_and_mystics"
    assert system.default_map == "mice_chapter.tmx"


def test_selfplay_finishes_every_chapter_without_rule_errors(report):
    assert report.errors == [] and report.finished == GAMES == report.games
    assert set(report.winners) == {"mice", "minions"}  # both victory and defeat happen
    assert report.mean_length > 20


def test_random_commands_keep_the_invariants_and_refusals_change_nothing(system):
    rng = random.Random(5)
    for seed in range(4):
        match = Match(system, Setup("mice_and_mystics", "mice_chapter.tmx", seed))
        for _ in range(250):
            if match.outcome() is not None:
                assert match.current_player() is None
                break
            legal = system.legal_commands(match.state)
            assert legal and match.current_player() is not None
            match.submit(rng.choice(legal))
            assert system.invariants(match.state) == []
        before, dice_before = match.digest(), match.dice.state()
        other = Match(system, Setup("mice_and_mystics", "mice_chapter.tmx", seed + 50))
        for command in system.legal_commands(other.state)[:10]:
            try:
                match.submit(command)
            except IllegalCommand:
                assert match.digest() == before and match.dice.state() == dice_before
            else:
                match.undo()


def test_a_saved_selfplay_game_replays_to_the_identical_state(system, tmp_path):
    match, error = selfplay.play_one(system, Setup("mice_and_mystics", "mice_chapter.tmx", 11, {}, ("ann", "bob")),
                                     selfplay.greedy_policy, random.Random(11))
    assert error is None and match.outcome() is not None
    path = tmp_path / "chapter.json"
    match.save(path)
    again = Match.load(path, lambda name: system)
    assert again.digest() == match.digest() and again.state == match.state
    assert len(again.events) == len(match.events)


def test_every_event_is_explained_in_english_and_russian(system):
    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))
    emitted = set(re.findall(r'Event\.of\("(mm\.[a-z_]+)"', source))
    assert emitted <= set(EXPLANATIONS.messages), emitted - set(EXPLANATIONS.messages)
    seen = set()
    for seed in range(1, 6):
        match, _ = selfplay.play_one(system, Setup("mice_and_mystics", "mice_chapter.tmx", seed),
                                     selfplay.greedy_policy, random.Random(seed))
        for event in match.events:
            for lang in ("en", "ru"):
                text = system.explain(event, lang)
                assert not text.startswith(event.kind), text
                assert "[MM-" in text
            seen.add(event.kind)
    assert {"mm.attack", "mm.defence", "mm.turn_start", "mm.explore", "mm.status"} <= seen


def test_the_data_files_are_our_own_cards_in_two_languages():
    for group in (cards.items(), cards.abilities(), cards.minions()):
        for key, card in group.items():
            assert card["name"]["en"] and card["name"]["ru"], key
    chapter = MiceAndMystics().new_state(Setup("mice_and_mystics", "mice_chapter.tmx"), SeededDice(1)).chapter
    assert chapter.pages and chapter.search
    for _number, page in chapter.pages:
        assert page.en and page.ru
    for _tile, deck in chapter.search:
        for entry in deck:
            assert entry.item or (entry.text.en and entry.text.ru)


def test_options_are_checked_by_name():
    assert MMConfig.from_options({"feature_rules": {"water": True}}).water
    for bad in ({"leave_rule": "never"}, {"nonsense": 1}, {"pack_limit": "3"},
                {"feature_rules": {"lava": True}}, {"feature_rules": {"water": 1}}):
        with pytest.raises(ValueError):
            MMConfig.from_options(bad)


# --------------------------------------------------------------------------- citations


def _cited() -> set[str]:
    cited: set[str] = set()
    for path in HERE.glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text = node.name + "\n" + (ast.get_source_segment(source, node) or "")
                cited |= {f"MM-{g}-{n}" for g, n in re.findall(r"MM[_-]([A-Z]+)[_-](\d+)", text)}
    return cited


def test_every_rule_id_and_test_vector_of_the_spec_is_cited():
    spec = (shared_path() / "rules" / "mice_and_mystics.md").read_text(encoding="utf-8")
    rules = set(re.findall(r"\*\*(MM-[A-Z]+-\d+)\*\*", spec))
    vectors = set(re.findall(r"id: (MM-TV-\d+)", spec))
    assert len(rules) == 151 and len(vectors) == 34
    cited = _cited()
    assert sorted(rules - cited) == []
    assert sorted(vectors - cited) == []


def test_any_well_typed_command_is_applied_or_refused_by_rule(system):
    """Commands with arbitrary (well-typed) fields never crash the rules or break invariants."""
    import dataclasses
    import typing

    from game.rules.mice_and_mystics.commands import ALL

    graph = system.graph(system.new_state(Setup("mice_and_mystics"), SeededDice(1)))
    words = ["", "x", "tilly", "pip", "rat_1", "minions:rat", "turning", "kitchen-east", "melee", "adjacent",
             "webbed", *graph.keys[::3], *list(cards.items())[::3], *list(cards.abilities())[::3]]
    rng = random.Random(3)

    def value(hint):
        if hint is str:
            return rng.choice(words)
        if hint is int:
            return rng.choice([-1, 0, 1, 13])
        if hint is bool:
            return rng.random() < 0.5
        return tuple(rng.choice(words) for _ in range(rng.randint(0, 3)))

    for seed in range(8):
        match, _ = selfplay.play_one(system, Setup("mice_and_mystics", "", seed), selfplay.greedy_policy,
                                     random.Random(seed), max_commands=rng.randint(1, 120))
        for _ in range(120):
            cls = rng.choice(ALL)
            hints = typing.get_type_hints(cls)
            command = cls(**{f.name: value(hints[f.name]) for f in dataclasses.fields(cls)})
            try:
                applied = system.apply(match.state, command, SeededDice(seed))
            except IllegalCommand as exc:
                assert re.fullmatch(r"MM-[A-Z]+-\d+", exc.rule_id), exc
            else:
                assert system.invariants(applied.state) == [], command
