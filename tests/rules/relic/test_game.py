"""Relic as a rule system: the protocol, setup, self-play, saves, explanations, rule coverage."""

from __future__ import annotations

import dataclasses
import io
import random
import re
from pathlib import Path

import pytest

from game.rules.engine import IllegalCommand, Match, RuleSystem, Setup, selfplay
from game.rules.relic import data
from game.rules.relic.commands import (
    ChangeDie,
    Choose,
    EndTurn,
    Fight,
    Meet,
    Move,
    Prepare,
    RollBattle,
    RollForEnemy,
    RollMove,
    RollTest,
    Score,
)
from game.rules.relic.game import Relic
from game.rules.relic.legal import legal_commands
from game.rules.relic.spaces import effect_types
from tests.rules.relic.helpers import SYSTEM

TESTS = Path(__file__).resolve().parent
THREE = ("player1", "player2", "player3")


def test_implements_the_protocol_and_commands_round_trip():
    assert isinstance(SYSTEM, RuleSystem) and SYSTEM.name == "relic"
    samples = [RollMove(), Move("outer-3"), Choose("outer-20"), Choose(), Fight("red-1"),
               Prepare(("gear-1",), ("power-2",)), RollForEnemy(), RollBattle(),
               ChangeDie("ability", 1), Score(), Meet("blue-9"), EndTurn(), RollTest()]
    assert {type(c).__name__ for c in samples} == set(SYSTEM.commands.names())
    for cmd in samples:
        assert SYSTEM.commands.from_json(SYSTEM.commands.to_json(cmd)) == cmd


def test_setup_defaults_seats_characters_and_determinism():
    m = Match(SYSTEM, Setup("relic", "relic.tmx", 3))
    st = m.state
    assert st.seats == ("player1", "player2", "player3", "player4")  # every seat on the map
    assert [h.character for h in st.heroes] == ["captain", "inquisitor", "psyker", "tech_adept"]
    assert [h.space for h in st.heroes] == ["outer-0", "outer-6", "outer-12", "outer-18"]
    assert all(h.mission and len(h.hand) == 2 for h in st.heroes)
    assert st.scenario in data.scenarios() and SYSTEM.invariants(st) == []
    again = Match(SYSTEM, Setup("relic", "relic.tmx", 3))
    other = Match(SYSTEM, Setup("relic", "relic.tmx", 4))
    assert again.digest() == m.digest() != other.digest()
    for bad in ({"players": ("player1", "player9")}, {"players": ("player1", "player1")},
                {"options": {"no_such": 1}}, {"options": {"max_rounds": "ten"}},
                {"options": {"scenario": "nope"}}, {"options": {"vanquish_rule": "other"}}):
        setup = Setup("relic", "relic.tmx", 1, bad.get("options", {}), bad.get("players", ()))
        with pytest.raises(ValueError):
            Match(SYSTEM, setup)


def test_selfplay_finishes_every_game_without_rule_errors():
    out = io.StringIO()
    report = selfplay.run(Relic(), Setup("relic", "relic.tmx", 1, players=THREE), 16, out=out)
    assert report.errors == [] and report.finished == report.games == 16
    assert sum(report.winners.values()) >= 16 and report.mean_length > 50
    for players in (("player1", "player2"), ("player1", "player2", "player3", "player4")):
        report = selfplay.run(Relic(), Setup("relic", "relic.tmx", 50, players=players), 4, out=out)
        assert report.errors == [] and report.finished == 4


def test_random_play_keeps_the_invariants_and_refuses_foreign_commands_without_change():
    rng = random.Random(7)
    for seed in range(3):
        m = Match(SYSTEM, Setup("relic", "relic.tmx", seed, {"max_rounds": 6}, THREE))
        other = Match(SYSTEM, Setup("relic", "relic.tmx", seed + 50, {"max_rounds": 6}, THREE))
        for _ in range(400):
            if SYSTEM.outcome(m.state) is not None:
                assert SYSTEM.current_player(m.state) is None
                break
            legal = legal_commands(SYSTEM, m.state)
            assert legal and SYSTEM.current_player(m.state) in THREE
            m.submit(rng.choice(legal))
            assert SYSTEM.invariants(m.state) == []
            if other.outcome() is None:
                other.submit(rng.choice(legal_commands(SYSTEM, other.state)))
            before, dice = m.digest(), m.dice.state()
            for cmd in legal_commands(SYSTEM, other.state)[:4]:
                try:
                    m.submit(cmd)
                except IllegalCommand:
                    assert m.digest() == before and m.dice.state() == dice
                else:
                    m.undo()
                    assert m.digest() == before
        assert SYSTEM.outcome(m.state) is not None  # the turn limit ends even random games


def test_a_saved_selfplayed_game_replays_to_the_identical_state(tmp_path):
    for seed in (1, 2):
        m, error = selfplay.play_one(SYSTEM, Setup("relic", "relic.tmx", seed, players=THREE),
                                     selfplay.greedy_policy, random.Random(seed))
        assert error is None and SYSTEM.outcome(m.state) is not None
        path = tmp_path / f"{seed}.json"
        m.save(path)
        again = Match.load(path, lambda name: Relic())
        assert again.digest() == m.digest() and again.state == m.state


def test_explanations_in_english_and_russian_for_every_event_kind():
    seen: dict[str, object] = {}
    for seed in range(1, 6):
        m, error = selfplay.play_one(SYSTEM, Setup("relic", "relic.tmx", seed, players=THREE),
                                     selfplay.greedy_policy, random.Random(seed))
        assert error is None
        for e in m.events:
            seen.setdefault(e.kind, e)
    assert {"rel.battle", "rel.score", "rel.result", "rel.move", "rel.game_over"} <= set(seen)
    for kind, event in seen.items():
        for lang in ("en", "ru"):
            text = SYSTEM.explain(event, lang)
            assert not text.startswith(kind), (kind, lang, text)
            assert text.endswith("]") and "REL-" in text
    ru = SYSTEM.explain(seen["rel.result"], "ru")
    assert any("а" <= ch <= "я" for ch in ru.lower())


def test_data_files_are_consistent():
    chars = data.characters()
    board = SYSTEM.board_for("relic.tmx")
    assert {s.profile for s in board.board.spawns} <= set(chars)
    for m in data.missions().values():
        assert m["kind"] in ("defeat", "visit", "trophies")
        if m.get("site"):
            assert any(m["site"] in s.rules.sites for s in board.spaces.values())
    for space in board.spaces.values():
        for eff in space.rules.effects:
            assert eff.do in effect_types()
    for ident in ("scrap_raider", "iron_warlord", "captain", "pilgrimage", "chain_blade"):
        assert data.name(ident, "en") != ident and data.name(ident, "ru") != ident


#: The rule IDs of shared/rules/relic.md (none is marked advisory); checked against the file
#: when it is beside the checkout, so a changed spec is noticed.
RULE_IDS = {f"REL-{g}-{n}" for g, k in (("WIN", 7), ("BTL", 3), ("SEQ", 7), ("DICE", 6), ("SCORE", 3),
                                        ("OUT", 4), ("ENG", 5), ("BOARD", 7), ("EXT", 3))
            for n in range(1, k + 1)}
VECTORS = {f"REL-TV-{n}" for n in range(1, 19)}


def test_the_rule_list_matches_the_spec(shared_dir):
    text = (shared_dir / "rules" / "relic.md").read_text(encoding="utf-8")
    assert set(re.findall(r"\*\*(REL-[A-Z]+-\d+)\*\*", text)) == RULE_IDS
    assert set(re.findall(r"id: (REL-TV-\d+)", text)) == VECTORS
    assert "advisory" not in text


def test_every_rule_and_vector_of_the_spec_is_cited_by_a_test():
    cited = ""
    for path in TESTS.glob("test_*.py"):
        if path.name != Path(__file__).name:
            cited += path.read_text(encoding="utf-8")
    missing = sorted(i for i in RULE_IDS | VECTORS
                     if not re.search(re.escape(i) + r"(?!\d)", cited)
                     and not re.search(r"def test_\w*" + i.replace("-", "_") + r"(?!\d)", cited))
    assert missing == []


def test_state_values_are_frozen():
    st = Match(SYSTEM, Setup("relic", "relic.tmx", 1, players=THREE)).state
    with pytest.raises(dataclasses.FrozenInstanceError):
        st.round = 5  # type: ignore[misc]
