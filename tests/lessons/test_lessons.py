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
from game.lessons.runner import Report
from game.rules.engine import Event, Match
from game.rules.engine.rulebook import rulebook
from tests.lessons.play import SOLVERS, reply

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


def replies(match: Match, runner: LessonRunner, events: list[Event]) -> Report | None:
    """The program's replies the step waits for (its ``then``: a game master's turn), each a
    command the program may give now and the gate takes; ``events`` gains theirs. The report
    once the step is done (None when it waited for nothing)."""
    report = None
    while runner.phase is Phase.WATCH:
        step = runner.step
        command = reply(runner.lesson.system, step.then[runner.replies])
        assert command in match.system.legal_commands(match.state), (step.id, command)
        assert runner.check([command]), (step.id, command)
        more = list(match.submit(command))
        events += more
        report = runner.done(more, "en")
    return report


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
        report = replies(match, runner, events) or report
        assert runner.phase is Phase.DONE and runner.report is report
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
        replies(match, runner, events)
        assert not runner.check(right)
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
        _minimal(steps=_steps(then={"command": "Stop"})),
        _minimal(steps=_steps(then=[{"command": "Stop", "optional": True}])),
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


# --------------------------------------------------------------------------- Mice and Mystics
def _mm_until_the_rats() -> tuple[Match, LessonRunner, int]:
    """The Mice and Mystics lesson played up to its first step that waits for the GM."""
    lesson = load_lesson("mice_and_mystics")
    match = lesson_match(lesson)
    runner = LessonRunner(lesson, match)
    for n, step in enumerate(lesson.steps):
        if step.then:
            return match, runner, n
        commands = SOLVERS["mice_and_mystics"](match, step)
        assert runner.check(commands), step.id
        runner.done([e for c in commands for e in match.submit(c)])
        runner.next()
    raise AssertionError("the lesson has no step with the GM's reply")


def test_MM_ROUND_2_the_rats_turn_is_the_programs_reply_to_end_turn() -> None:
    from game.rules.mice_and_mystics.commands import GmTurn

    match, runner, _n = _mm_until_the_rats()
    step = runner.step
    end_turn = SOLVERS["mice_and_mystics"](match, step)
    assert runner.check(end_turn)
    runner.done([e for c in end_turn for e in match.submit(c)])
    assert runner.phase is Phase.WATCH and runner.watching and runner.report is not None
    assert "MM-TURN-5" in runner.report.cited and "MM-MIN-2" not in runner.report.cited
    before, dice = match.state, match.dice.state()
    for wrong in ([GmTurn("minions:roach")], end_turn, [*end_turn, GmTurn("minions:rat")], []):
        verdict = runner.check(wrong, "ru")
        assert not verdict and verdict.hint == step.hint("ru")
    assert runner.check([GmTurn("minions:rat")])
    assert match.state is before and match.dice.state() == dice  # checking changes nothing
    events = list(match.submit(GmTurn("minions:rat")))
    report = runner.done(events)
    assert runner.phase is Phase.DONE and not runner.watching
    kinds = [e.kind for e in report.events]
    assert kinds[0] == "mm.end_turn" and {"mm.gm_turn", "mm.attack", "mm.surge"} <= set(kinds)
    assert {"MM-MIN-2", "MM-WHEEL-2", "MM-WHEEL-5", "MM-WHEEL-6"} <= set(report.cited)
    assert {r for e in report.taught for r in e.ids} >= {"MM-MIN-2", "MM-WHEEL-5", "MM-WHEEL-6"}
    st = match.state
    assert (st.wheel, st.page, st.surges) == (0, 2, 1)  # the rat's 6 was the sixth cheese
    assert not runner.check([GmTurn("minions:rat")])


def _mm_setup(**change: object) -> dict[str, object]:
    doc = json.loads((DATA_DIR / "mice_and_mystics.json").read_text(encoding="utf-8"))
    doc["setup"] = {**doc["setup"], **change}
    return doc


def test_MM_lesson_setup_puts_the_rats_in_the_kitchen_and_in_the_order() -> None:
    match = lesson_match(parse_lesson(_mm_setup()))
    st = match.state
    assert [m.id for m in st.mice] == ["tilly", "pip"]
    assert st.minion("rat_1").cell == "kitchen:kitchen-10" and st.minion("rat_1").tile == "kitchen"
    assert [n.id for n in st.minions_on_board] == ["rat_1"]
    assert st.order == ("tilly", "pip", "minions:rat") and st.acting == "tilly"
    assert dict(st.init_rolls) == {"tilly": 6, "pip": 3, "minions:rat": 1}
    assert st.wheel == 4 and st.turn is not None and (st.turn.d3, st.turn.mp) == (2, 4)
    higher = lesson_match(parse_lesson(_mm_setup(initiative={"minions:rat": 4}))).state
    assert higher.order == ("tilly", "minions:rat", "pip")  # a 4 comes before Pip's 3


@pytest.mark.parametrize("change", [
    {"wheel": 6}, {"wheel": -1}, {"remove": ["tilly"]}, {"remove": ["nobody"]},
    {"place": {"rat_1": "kitchen:nowhere"}}, {"place": {"ghost": "kitchen:kitchen-1"}},
    {"initiative": {}}, {"initiative": {"minions:rat": 7}}, {"scenery": True},
])
def test_MM_a_wrong_lesson_setup_is_refused_by_name(change: dict[str, object]) -> None:
    with pytest.raises(LessonError):
        lesson_match(parse_lesson(_mm_setup(**change)))
