"""The Mice and Mystics lesson on the screen (issue 17, item 5): completed in English and
Russian by real pygame input events, posted to pygame's queue and taken from it, only at the
places its steps light up (a cell, a minion, a button of the action bar, the card's Next);
each step's card cites every rule its events applied and the rule book's text of the rules it
teaches; the rats' turn is the GM's reply to End turn, played by the program while nothing is
lit; a wrong input, before or during the GM's turn, changes nothing and shows the hint."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import set_language
from game.lessons import Phase
from game.rules.engine.rulebook import rulebook
from game.ui.learn import LearnView, make_learn_view
from game.ui.learn.highlight import Mark
from game.ui.learn.view import plain_rule_text
from game.ui.view import Push
from tests.ui.stand_ins import NullView as _Dummy
from tests.ui.test_learn import frame, settle  # the GM plays until the lesson lights again

SIZE = (1280, 800)

#: the user's folders in the test's own tmp_path; the language is set back after each (conftest)
pytestmark = pytest.mark.usefixtures("user_folders")


# --------------------------------------------------------------------------- input
def post(view: LearnView, *events: tuple[int, dict[str, object]]) -> list[object]:
    """Post ``events`` to pygame's queue, then give the view what the queue holds, as a
    window's loop does; the view's answers."""
    pygame.event.clear()
    for kind, data in events:
        pygame.event.post(pygame.event.Event(kind, data))
    return [view.handle_event(e) for e in pygame.event.get()]


def click(view: LearnView, pos: tuple[int, int], button: int = 1) -> object:
    answers = post(view, (pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}),
                   (pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": button}),
                   (pygame.MOUSEBUTTONUP, {"pos": pos, "button": button}))
    return answers[-1] if answers else None


def key(view: LearnView, k: int) -> None:
    post(view, (pygame.KEYDOWN, {"key": k, "mod": 0, "unicode": "", "scancode": 0}))


def lesson_view(**kw: object) -> LearnView:
    view = make_learn_view("mice_and_mystics", SIZE, **kw)  # type: ignore[arg-type]
    frame(view)
    return view


def lit(view: LearnView) -> Mark:
    mark = view.mark()
    assert mark is not None, view.runner.step.id
    return mark


def snapshot(view: LearnView) -> tuple[object, ...]:
    match = view.session.match
    return (match.state, match.dice.state(), len(match.steps), view.runner.index,
            view.runner.phase)


# --------------------------------------------------------------------------- the lesson
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_MM_lesson_is_completed_by_events_posted_at_the_lit_places(headless: None,
                                                                  lang: str) -> None:
    set_language(lang)
    opened: list[str] = []

    def full_game(system: str) -> _Dummy:
        opened.append(system)
        return _Dummy()

    view = lesson_view(full_game=full_game)
    lesson, runner, play = view.lesson, view.runner, view.play
    book = rulebook("mice_and_mystics", lang)
    kinds = {"click": 0, "spot": 0}
    for n, step in enumerate(lesson.steps):
        assert runner.phase is Phase.DO and runner.step is step
        text = view.card_text()
        assert step.title(lang) in text and step.do(lang) in text
        assert f"{n + 1}" in text and f"{len(lesson.steps)}" in text
        mark = lit(view)
        kinds[mark.kind] += 1
        point = step.point
        if point.click is not None:  # the lit place is the cell or the figure the step names
            assert mark.kind == "spot"
            if view.session.state.has_minion(point.click):
                assert play.figure_at(mark.target) == point.click
            else:
                assert play.cell_at(mark.target) == point.click
                assert play.figure_at(mark.target) == ""  # the cell, not a figure in it
        else:
            assert mark.kind == "click" and mark.rect is not None
            command = next(c for c, r in view.adapter.buttons(play) if r == mark.rect)
            assert point.button is not None and point.button.matches(command)
        before = len(view.session.match.steps)
        click(view, mark.target)
        if step.then:  # the GM plays its reply: the lesson waits, lighting nothing
            assert runner.phase is Phase.WATCH and view.mark() is None
        settle(view)
        assert runner.phase is Phase.DONE and view.refusals == 0, (step.id, view.hint)
        assert len(view.session.match.steps) == before + 1 + len(step.then)
        report = runner.report
        assert report is not None and report.cited
        text = view.card_text()
        for rule in report.cited:  # every rule the step's events applied is cited on the card
            assert rule in text, (step.id, rule)
        for rule in step.teach:  # with the rule book's text of the ones it teaches
            entry = book.entry(rule)
            assert entry is not None and rule in report.cited
            assert entry.title in text, (step.id, rule)
            assert all(p in text for p in plain_rule_text(entry.body)), (step.id, rule)
        assert all(o.found_in(report.events) for o in step.outcome)
        nxt = lit(view)
        assert nxt.kind == "click" and nxt.rect == view.card.button_rect("next")
        click(view, nxt.target)
        frame(view)
    assert kinds["click"] and kinds["spot"]
    assert runner.phase is Phase.END and lesson.outro(lang) in view.card_text()
    st = view.session.state
    assert view.session.match.dice.remaining == 0
    assert not st.minions_on_board and (st.wheel, st.page, st.surges) == (1, 2, 1)
    assert st.mouse("pip").pack == ("thimble_helm",) and st.mouse("tilly").cheese == 1
    assert isinstance(click(view, lit(view).target), Push) and opened == ["mice_and_mystics"]


def _play_steps(view: LearnView, count: int) -> None:
    for _ in range(count):
        click(view, lit(view).target)
        settle(view)
        assert view.runner.phase is Phase.DONE
        key(view, pygame.K_RETURN)
        frame(view)


def test_MM_a_wrong_input_changes_nothing_and_shows_the_hint(headless: None) -> None:
    view = lesson_view()
    play = view.play
    step = view.runner.step
    hint = step.hint("en")
    before = snapshot(view)
    mark = lit(view)
    # another cell Tilly can reach, Pip, a button the rules allow, its key, a right click
    other = view.adapter.screen_spot(play, "kitchen:kitchen-8")
    pip = view.adapter.screen_spot(play, "pip")
    assert other is not None and pip is not None
    reach = play.reach()
    assert reach is not None and "kitchen:kitchen-8" in reach.cost
    click(view, other)
    frame(view)
    assert snapshot(view) == before and view.refusals == 1 and view.hint == hint
    assert hint in view.card_text() and play.message == hint
    click(view, pip)
    search = next(r for c, r in view.adapter.buttons(play) if type(c).__name__ == "Search")
    click(view, search.center)
    key(view, pygame.K_1)
    click(view, mark.target, button=3)
    frame(view)
    assert snapshot(view) == before and view.refusals == 5 and view.hint == hint
    # the lit cell still works after all that
    click(view, mark.target)
    frame(view)
    assert view.runner.phase is Phase.DONE and view.session.state.mouse("tilly").cell == \
        "kitchen:kitchen-10"
    # while the step's result shows, only Next goes on
    done = snapshot(view)
    click(view, mark.target)
    assert snapshot(view) == done and "Next" in view.hint
    key(view, pygame.K_RETURN)
    frame(view)
    # the attack: a click in the rat's cell beside the rat is not the rat
    rat = lit(view)
    beside = view.adapter.screen_spot(play, "tilly")
    assert beside is not None and play.figure_at(beside) == "tilly"
    before = snapshot(view)
    click(view, beside)
    frame(view)
    assert snapshot(view) == before and view.hint == view.runner.step.hint("en")
    click(view, rat.target)
    frame(view)
    assert view.runner.phase is Phase.DONE
    key(view, pygame.K_RETURN)
    frame(view)
    # on to the step that ends Pip's turn; the GM's reply is not the player's to give
    while not view.runner.step.then:
        _play_steps(view, 1)
    refusals = view.refusals
    click(view, lit(view).target)  # End turn: the rats' turn is due
    assert view.runner.phase is Phase.WATCH and view.session.state.phase == "gm"
    waiting = snapshot(view)
    hint = view.runner.step.hint("en")
    click(view, mark.target)
    key(view, pygame.K_1)
    key(view, pygame.K_RETURN)
    assert snapshot(view) == waiting and view.refusals == refusals + 3 and view.hint == hint
    settle(view)  # the GM plays: its command passes the gate, no refusal is counted for it
    assert view.runner.phase is Phase.DONE and view.refusals == refusals + 3
    assert view.session.state.phase == "turn" and view.session.state.acting == "tilly"
