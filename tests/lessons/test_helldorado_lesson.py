"""Helldorado's lesson in plain Python (issue 17, item 5): it covers the game's core loop, its
setup reader places, removes and hurts units by name, and the format's parts it needs read and
refuse by name: a number of an outcome given as a range (a drag's direction), and a button whose
choice is finished on the table (``aim``: a template laid, an explosion fired at a point)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.lessons import LessonError, LessonRunner, lesson_match, load_lesson, parse_lesson
from game.lessons.model import Between, Outcome
from game.lessons.setups import ADJUST
from game.rules import registry
from game.rules.engine import Event, Match, Setup
from game.rules.helldorado import commands as hd
from tests.lessons.play import SOLVERS

WORDS = {"en": "Words", "ru": "Слова"}


def _doc(step: dict[str, Any]) -> dict[str, Any]:
    base = {"id": "s", "title": WORDS, "do": WORDS, "hint": WORDS,
            "expect": [{"command": "Blast", "unit": "imp"}], "teach": ["HD-TMPL-2"]}
    return {"system": "helldorado", "map": "ruins.tmx", "dice": [2, 5], "title": WORDS,
            "intro": WORDS, "outro": WORDS,
            "steps": [{**base, **step, "id": f"s{i}"} for i in range(8)]}


def test_an_outcome_number_may_be_a_range() -> None:
    doc = _doc({"point": {"button": True},
                "outcome": [{"kind": "hd.move", "angle": {"min": 262, "max": 270.5},
                             "distance": {"min": 3.9}}]})
    outcome = parse_lesson(json.loads(json.dumps(doc))).steps[0].outcome[0]
    assert dict(outcome.values) == {"angle": Between(262.0, 270.5),
                                    "distance": Between(3.9, float("inf"))}

    def move(angle: float, distance: float) -> Event:
        return Event("hd.move", ("HD-HOUSE-4",), (("angle", angle), ("distance", distance)))

    assert outcome.found_in([move(266.2, 4.0)])
    assert not outcome.found_in([move(86.2, 4.0)])  # the other way
    assert not outcome.found_in([move(266.2, 1.5)])  # too short
    assert not Outcome("hd.move", (("angle", Between(0, 10)),)).found_in(
        [Event("hd.move", (), (("angle", "5"),))])  # a range holds numbers only
    for bad in ({}, {"min": "1"}, {"low": 1}, {"min": True}):
        with pytest.raises(LessonError, match="range"):
            parse_lesson(_doc({"point": {"button": True},
                               "outcome": [{"kind": "hd.move", "angle": bad}]}))


def test_a_button_may_be_finished_at_a_thing_or_a_point_of_the_table() -> None:
    tool = {"command": "Tool", "unit": "imp", "weapon": "brimstone_breath"}
    at_point = parse_lesson(_doc({"point": {"button": tool, "aim": [8.25, 23.9]}}))
    point = at_point.steps[0].point
    assert point.aim == (8.25, 23.9) and point.button is not None
    assert point.button.command == "Tool" and point.button.data["weapon"] == "brimstone_breath"
    at_unit = parse_lesson(_doc({"point": {"button": tool, "aim": "arquebusier_1"}}))
    assert at_unit.steps[0].point.aim == "arquebusier_1"
    assert parse_lesson(_doc({"point": {"button": tool}})).steps[0].point.aim is None
    for bad in ([1.0], [1, "2"], 5, "", [True, 2]):
        with pytest.raises(LessonError, match="aim"):
            parse_lesson(_doc({"point": {"button": tool, "aim": bad}}))


def _match() -> Match:
    from game.core.dice import ScriptedDice

    return Match(registry.get("helldorado"), Setup("helldorado", "ruins.tmx", 1, {}),
                 dice=ScriptedDice([2, 5]))


def test_the_setup_reader_places_removes_and_hurts_units_by_name() -> None:
    match = _match()
    system, state = match.system, match.state
    adjust = ADJUST["helldorado"]
    new = adjust(system, state, {"remove": ["hellhound", "friar_tomas"],
                                 "place": {"imp": [7.0, 18.5], "pikeman": [5.6, 14.4]},
                                 "lp": {"malakh": 4}})
    ids = {u.id for u in new.units}
    assert "hellhound" not in ids and "friar_tomas" not in ids and len(ids) == len(state.units) - 2
    imp = new.unit("imp")
    assert (imp.x, imp.y, imp.z) == (7.0, 18.5, 0.0)
    # the wrecked cart: a unit placed on it stands on top
    cart = system.table_of(new).solids["27"]  # type: ignore[attr-defined]
    assert new.unit("pikeman").z == pytest.approx(cart.top)
    assert new.unit("malakh").lp == 4 and new.unit("malakh").max_lp == 9
    for bad in ({"remove": ["nobody"]}, {"place": {"ghost": [1, 1]}}, {"lp": {"ghost": 1}}):
        with pytest.raises(LessonError, match="units the map has not"):
            adjust(system, state, bad)


def test_HD_the_lesson_covers_the_core_loop() -> None:
    """Activation, a move, sight and cover, a shot with its range band, a cone template, an
    explosion, a melee with a re-roll: each is in the events the lesson's steps give."""
    lesson = load_lesson("helldorado")
    match = lesson_match(lesson)
    runner = LessonRunner(lesson, match)
    events: list[Event] = []
    for step in lesson.steps:
        commands = SOLVERS["helldorado"](match, step)
        assert runner.check(commands), step.id
        got = [e for c in commands for e in match.submit(c)]
        runner.done(got)
        runner.next()
        events += got

    def find(event_kind: str, **values: Any) -> list[Event]:
        return [e for e in events if e.kind == event_kind
                and all(e.data.get(k) == v for k, v in values.items())]

    assert find("hd.activate") and find("hd.move", distance=4.0)
    shot = find("hd.shot", target="imp")
    assert shot and shot[0].data["band"] == "point_blank" and "HD-RANGED-15" in shot[0].rules
    assert "HD-RANGED-7" in shot[0].rules
    assert find("hd.damage", target="imp", cover=3)  # HD-RANGED-9/11: in cover behind the wall
    assert find("hd.template", kind="cloud", caught=("arquebusier_1", "friar_tomas"))
    assert find("hd.explosion", caught=("malakh", "imp")) and find("hd.death", points=25)
    rolls = [e for e in find("hd.roll") if e.data["rerolls"]]
    assert rolls and find("hd.reroll", indices=(1,), hits=5)
    assert runner.finished and match.dice.remaining == 0  # type: ignore[attr-defined]


def test_HD_HOUSE_4_a_move_the_wrong_way_is_refused_with_the_hint() -> None:
    lesson = load_lesson("helldorado")
    match = lesson_match(lesson)
    runner = LessonRunner(lesson, match)
    before, dice = match.state, match.dice.state()
    wrong = [hd.Activate("arquebusier_1"), hd.Move("arquebusier_1", 86.2, 4.0)]
    match.system.check(match.state, wrong[0])  # the rules take the activation...
    verdict = runner.check(wrong, "ru")
    assert not verdict and verdict.refused is None  # ...and the move: the lesson does not
    assert verdict.hint == lesson.steps[0].hint("ru")
    assert match.state is before and match.dice.state() == dice
    right = SOLVERS["helldorado"](match, lesson.steps[0])
    assert runner.check(right)
