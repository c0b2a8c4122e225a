"""Every rule system explains its events through one path (``game.rules.engine.words.explain``)
over the gettext catalogs: each ``explain`` module holds only its English templates (an
:class:`Explanations` table), the Russian is in the system's own domain, every event kind the
system can raise has a message, and the events of real games read in both languages without
falling back to the bare kind and values."""

from __future__ import annotations

import ast
import importlib
import random
from pathlib import Path
from typing import Any

import pytest

from game.i18n import LOCALE_DIR, catalog, parse_po, placeholders, set_language
from game.rules import registry
from game.rules.engine import Event, Setup, selfplay
from game.rules.engine.words import Explanations, explain

SYSTEMS = ("one_for_all", "helldorado", "mice_and_mystics", "relic")
RULES = Path(__file__).resolve().parents[2] / "game" / "rules"
#: event kinds a system raises for the screen's own use, never written in the log
NOT_WRITTEN: dict[str, set[str]] = {"mice_and_mystics": {"mm.status"}}


@pytest.fixture(autouse=True)
def _english() -> object:
    yield
    set_language("en")


def _table(system: str) -> Explanations:
    table = importlib.import_module(f"game.rules.{system}.explain").EXPLANATIONS
    assert isinstance(table, Explanations)
    return table


def _raised_kinds(system: str) -> dict[str, str]:
    """Every literal event kind in the system's source (``Event.of("kind", ...)``,
    ``Event("kind", ...)`` or Helldorado's shorthand ``ev("kind", ...)``): kind -> where."""
    found: dict[str, str] = {}
    for path in sorted((RULES / system).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            func = node.func
            is_event = (isinstance(func, ast.Attribute) and func.attr == "of"
                        and isinstance(func.value, ast.Name) and func.value.id == "Event") or (
                isinstance(func, ast.Name) and func.id in ("Event", "ev"))
            first = node.args[0]
            if is_event and isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.setdefault(first.value, f"{path.name}:{node.lineno}")
    return found


def _bilingual_tables(module: Any) -> list[str]:
    """Module-level dicts that carry their own "en"/"ru" texts (the old inline tables)."""
    out = []
    for name, value in vars(module).items():
        if isinstance(value, dict) and (set(value) >= {"en", "ru"} or any(
                isinstance(v, dict) and set(v) >= {"en", "ru"} for v in value.values())):
            out.append(name)
    return out


@pytest.mark.parametrize("system", SYSTEMS)
def test_explanations_go_through_the_engine_not_inline_tables(system: str) -> None:
    module = importlib.import_module(f"game.rules.{system}.explain")
    _table(system)
    assert _bilingual_tables(module) == [], "English and Russian belong in the catalogs"
    source = Path(module.__file__ or "").read_text(encoding="utf-8")
    assert "def explain(" in source and "engine_words.explain(" in source


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_event_kind_raised_has_a_message(system: str) -> None:
    table = _table(system)
    kinds = _raised_kinds(system)
    assert len(kinds) >= 10
    missing = {k: where for k, where in kinds.items()
               if k not in table.messages and k not in NOT_WRITTEN.get(system, set())}
    assert not missing, f"events without a message: {missing}"


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_message_is_in_the_systems_domain_in_both_languages(system: str) -> None:
    table = _table(system)
    domain = {lang: parse_po((LOCALE_DIR / lang / "LC_MESSAGES" / f"{system}.po").read_text(encoding="utf-8"))
              for lang in ("en", "ru")}
    ru = catalog("ru")
    for key, template in table.messages.items():
        assert domain["en"].get(template) == template, (key, template)
        assert domain["ru"].get(template), (key, template)
        assert ru[template] != template, (key, template)
        assert placeholders(ru[template]) == placeholders(template), (key, ru[template])
    for param, words in table.words.items():
        for value, word in words.items():
            assert ru.get(word) and ru[word] != word, (param, value, word)


def test_the_engine_path_translates_derives_and_falls_back() -> None:
    from game.rules.engine.words import Derived

    table = Explanations({"t.move": "{actor} moves {distance:.0f} mm",
                          "t.move.far": "{actor} runs {distance:.0f} mm to {where}"},
                         {"where": {"door": "the door"}},
                         lambda e, d, tr: Derived(message="t.move.far") if d["distance"] > 100 else Derived())
    assert explain(Event.of("t.move", ["R-1"], "athos", distance=12.4), table) == "athos moves 12 mm [R-1]"
    assert explain(Event.of("t.move", [], "athos", distance=120, where="door"), table) == \
        "athos runs 120 mm to the door"
    # an unknown kind, or values that do not fit, read as the kind and values: never a crash
    assert explain(Event.of("t.jump", ["R-2"], "athos", height=3), table).startswith("t.jump: ")
    assert explain(Event.of("t.move", [], "athos", distance="far"), table).startswith("t.move: ")
    # a Russian line comes from the catalogs: the One for All table
    ofa = _table("one_for_all")
    line = explain(Event.of("ofa.stop", ["OFA-2.1"], "Атос", pool=3), ofa, "ru")
    assert line == "Атос заканчивает ход; пул из 3 кубиков сгорает [OFA-2.1]"


def _events_of_games(system: str, games: int, max_commands: int) -> list[Event]:
    rules = registry.get(system)
    events: list[Event] = []
    for seed in range(games):
        setup = Setup(system, getattr(rules, "default_map", ""), seed)
        match, error = selfplay.play_one(rules, setup, selfplay.random_policy, random.Random(seed),
                                         max_commands=max_commands)
        assert error is None, error
        events.extend(e for step in match.steps for e in step.events)
    return events


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_events_of_real_games_read_in_english_and_russian(system: str) -> None:
    table = _table(system)
    events = _events_of_games(system, games=2, max_commands=250)
    seen = set()
    for event in events:
        if event.kind in NOT_WRITTEN.get(system, set()):
            continue
        seen.add(event.kind)
        en, ru = explain(event, table, "en"), explain(event, table, "ru")
        for text in (en, ru):
            assert not text.startswith(f"{event.kind}: "), text
            assert "{" not in text and "}" not in text, text
        assert en != ru, en
    assert len(seen) >= 5, sorted(seen)
