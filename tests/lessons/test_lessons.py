"""The lessons as data and their runner, in plain Python: every lesson reads, is playable step
by step with its own dice, refuses any other input without changing anything, and each step's
explanation cites the rules its events applied (issue 17, item 5)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.lessons import (
    LessonError,
    LessonRunner,
    Phase,
    available,
    cited_rules,
    lesson_match,
    load_lesson,
    parse_lesson,
)
from game.lessons.model import DATA_DIR, MAX_STEPS, MIN_STEPS, SYSTEMS, Pattern
from game.rules.engine import Event
from game.rules.engine.rulebook import rulebook
from tests.lessons.play import SOLVERS

REPO = Path(__file__).resolve().parents[2]
#: the lessons written so far (each is played through below)
FINISHED = [s for s in SYSTEMS if s in available()]


def test_there_is_a_lesson_and_each_file_is_one_of_the_four_systems() -> None:
    assert "one_for_all" in FINISHED
    assert {p.stem for p in DATA_DIR.glob("*.json")} <= set(SYSTEMS)


@pytest.mark.parametrize("system", FINISHED)
def test_a_lesson_reads_in_both_languages_with_8_to_15_steps(system: str) -> None:
    lesson = load_lesson(system)
    assert MIN_STEPS <= len(lesson.steps) <= MAX_STEPS
    for words in (lesson.title, lesson.intro, lesson.outro):
        assert words("en") and words("ru") and words("en") != words("ru")
    for step in lesson.steps:
        for words in (step.title, step.do, step.hint):
            assert words("en").strip() and words("ru").strip()
            assert any("а" <= c <= "я" for c in words("ru").lower()), words("ru")
        assert step.teach, f"{step.id} teaches no rule"
        for rule in step.teach:
            for lang in ("en", "ru"):
                assert rulebook(system, lang).entry(rule) is not None, (step.id, rule, lang)


@pytest.mark.parametrize("system", FINISHED)
def test_a_lesson_plays_through_with_its_dice_and_cites_what_it_teaches(system: str) -> None:
    lesson = load_lesson(system)
    match = lesson_match(lesson)
    runner = LessonRunner(lesson, match)
    solve = SOLVERS[system]
    for step in lesson.steps:
        commands = solve(match, step)
        verdict = runner.check(commands)
        assert verdict, (step.id, verdict.refused)
        events: list[Event] = []
        for command in commands:
            events += match.submit(command)
        report = runner.done(events, "en")
        assert report.cited == cited_rules(events) and report.cited
        book = rulebook(system, "en")
        cited_entries = {book.entry(r) for r in report.cited}
        for rule in step.teach:  # the step teaches only rules its events applied
            assert book.entry(rule) in cited_entries, (step.id, rule, report.cited)
        assert [e.ids for e in report.taught] and all(e.body for e in report.taught)
        shown = {r for e in report.taught for r in e.ids} | {r for r, _e in report.also}
        assert set(report.cited) <= shown | set(step.teach), step.id
        for outcome in step.outcome:
            assert outcome.found_in(events), (step.id, outcome)
        assert runner.next() in (Phase.DO, Phase.END)
    assert runner.finished
    assert match.dice.remaining == 0, "the lesson's dice are all rolled, no more, no less"  # type: ignore[attr-defined]


@pytest.mark.parametrize("system", FINISHED)
def test_another_input_is_refused_with_the_hint_and_changes_nothing(system: str) -> None:
    lesson = load_lesson(system)
    match = lesson_match(lesson)
    runner = LessonRunner(lesson, match)
    solve = SOLVERS[system]
    for step in lesson.steps:
        right = solve(match, step)
        before, dice = match.state, match.dice.state()
        refused = 0
        others = [solve(match, other)[-1] for other in lesson.steps if other is not step]
        for wrong in [*match.system.legal_commands(match.state)[:40], *others]:
            group = [*right[:-1], wrong]
            if step.accepts(group) and runner.check(group):
                continue  # another way to give the same input
            verdict = runner.check(group, "ru")
            assert not verdict and verdict.hint == step.hint("ru")
            assert match.state is before and match.dice.state() == dice
            refused += 1
        assert refused, f"{step.id}: no other input was tried"
        assert not runner.check([], "en") and not runner.check([*right, *right])
        events = [e for c in right for e in match.submit(c)]
        runner.done(events)
        assert not runner.check(right), "a step that is done takes no input"
        runner.next()


def test_patterns_match_in_order_with_optional_ones() -> None:
    from game.rules.one_for_all.commands import Activate, Move

    lesson = load_lesson("one_for_all")
    first = lesson.steps[0]
    assert first.accepts([Activate("porthos"), Move("porthos", 200.0)])
    assert first.accepts([Move("porthos", 200.0)])  # the optional Activate may be missing
    assert not first.accepts([Activate("porthos"), Move("porthos", 200.0, 30.0)])
    assert not first.accepts([Activate("athos"), Move("athos", 200.0)])
    assert not first.accepts([Move("porthos", 1.0), Activate("porthos")])
    assert Pattern("Move", (("figure", "porthos"),)).matches(Move("porthos", 5.0))
    assert not Pattern("Act", (("figure", "porthos"),)).matches(Move("porthos", 5.0))


def _minimal(**change: object) -> dict[str, object]:
    doc: dict[str, object] = {"system": "one_for_all", "map": "tavern.tmx", "dice": [6, 1],
                              "title": WORDS, "intro": WORDS, "outro": WORDS,
                              "steps": _steps()}
    doc.update(change)
    return doc


WORDS = {"en": "Words", "ru": "Слова"}


def _steps(**change: object) -> list[dict[str, object]]:
    step: dict[str, object] = {"id": "s", "title": WORDS, "do": WORDS, "hint": WORDS,
                               "expect": [{"command": "Stop", "figure": "a"}],
                               "point": {"button": True}, "teach": ["OFA-6.1"]}
    return [{**step, "id": f"s{i}", **change} for i in range(8)]


def test_a_malformed_lesson_is_refused_by_name() -> None:
    assert len(parse_lesson(_minimal()).steps) == 8
    bad = [
        _minimal(steps=[]),
        _minimal(title={"en": "only English"}),
        _minimal(dice=[0, 7]),
        _minimal(focus=[10, 10, 5, 5]),
        _minimal(steps=_steps(point={"drag": ["a"]})),
        _minimal(steps=_steps(id="same")),
        _minimal(steps=_steps(expect=[])),
        _minimal(steps=_steps(teach="OFA-6.1")),
    ]
    for doc in bad:
        with pytest.raises(LessonError):
            parse_lesson(json.loads(json.dumps(doc)))
    with pytest.raises(KeyError):
        load_lesson("chess")


def test_the_lessons_run_without_pygame() -> None:
    probe = textwrap.dedent("""\
        import sys
        for name in ("pygame", "pygame_gui"):
            sys.modules[name] = None
        from game.lessons import available, lesson_match, load_lesson
        for system in available():
            lesson_match(load_lesson(system))
        assert not [m for m in sys.modules if m.startswith("game.ui")]
        print("ok")
    """)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    run = subprocess.run([sys.executable, "-c", probe], cwd=REPO, env=env, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr
