"""Learn to play, on the screen (issue 17, item 5): each finished lesson is completed by posting
only real pygame input events at the places its steps light up, and each step's explanation
cites the rules its events applied; a wrong input changes nothing and shows the gentle hint;
the main menu lists the lessons and ``tabletop learn`` opens one."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.i18n import set_language
from game.lessons import Phase, available
from game.lessons.model import SYSTEMS
from game.rules.engine.rulebook import rulebook
from game.ui.learn import LearnView, make_learn_view
from game.ui.learn.highlight import Mark
from game.ui.view import Home, Push, Quit
from tests.ui.stand_ins import NullView as _Dummy

SIZE = (1280, 800)
FINISHED = [s for s in SYSTEMS if s in available()]

#: the user's folders in the test's own tmp_path; the language is set back after each (conftest)
pytestmark = pytest.mark.usefixtures("user_folders")


# --------------------------------------------------------------------------- input
def ev(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def frame(view: LearnView, dt: float = 1 / 60) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    view.update(dt)
    view.draw(surface)
    return surface


def settle(view: LearnView) -> None:
    """Frames until the table has shown the last events (an animation)."""
    for _ in range(600):
        frame(view, 0.05)
        if not view.adapter.busy(view.play):
            break
    frame(view)


def click(view: LearnView, pos: tuple[int, int], button: int = 1) -> object:
    view.handle_event(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    return view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def drag(view: LearnView, start: tuple[int, int], end: tuple[int, int]) -> None:
    view.handle_event(ev(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 7):
        p = (start[0] + (end[0] - start[0]) * i // 6, start[1] + (end[1] - start[1]) * i // 6)
        view.handle_event(ev(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=end, button=1))


def key(view: LearnView, k: int, mod: int = 0) -> object:
    return view.handle_event(ev(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def do(view: LearnView, mark: Mark) -> object:
    """The gesture the mark asks for, as a player makes it."""
    if mark.kind == "drag":
        assert mark.end is not None
        drag(view, mark.start, mark.end)
        return None
    return click(view, mark.target)


def lesson_view(system: str, **kw: object) -> LearnView:
    view = make_learn_view(system, SIZE, **kw)  # type: ignore[arg-type]
    frame(view)
    return view


# --------------------------------------------------------------------------- the lessons
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("system", FINISHED)
def test_a_lesson_is_completed_by_input_at_the_lit_places(headless: None, system: str,
                                                          lang: str) -> None:
    set_language(lang)
    opened: list[str] = []
    view = lesson_view(system, full_game=lambda s: opened.append(s) or _Dummy())
    lesson, runner = view.lesson, view.runner
    book = rulebook(system, lang)
    for n, step in enumerate(lesson.steps):
        assert runner.phase is Phase.DO and runner.step is step
        text = view.card_text()
        assert step.title(lang) in text and step.do(lang) in text
        assert f"{n + 1}" in text and f"{len(lesson.steps)}" in text
        mark = view.mark()
        assert mark is not None, step.id
        steps_before = len(view.session.match.steps)
        do(view, mark)
        settle(view)
        if step.point.aim is not None:  # the button put a template in hand: lay it where lit
            assert runner.phase is Phase.DO and len(view.session.match.steps) == steps_before
            aim = view.mark()
            assert aim is not None and aim.kind == "spot" and aim != mark, step.id
            do(view, aim)
            settle(view)
        assert runner.phase is Phase.DONE, (step.id, view.hint)
        assert view.refusals == 0, (step.id, view.hint)
        assert len(view.session.match.steps) > steps_before
        report = runner.report
        assert report is not None
        # the explanation cites every rule the step's events applied, with the rule book's
        # text of the rules the step teaches
        text = view.card_text()
        for rule in report.cited:
            assert rule in text, (step.id, rule)
        for rule in step.teach:
            entry = book.entry(rule)
            assert entry is not None and entry.title in text, (step.id, rule)
        for event in report.events:
            assert set(event.rules) <= set(report.cited)
        next_mark = view.mark()
        assert next_mark is not None and next_mark.kind == "click"
        do(view, next_mark)
        frame(view)
    assert runner.phase is Phase.END
    assert lesson.outro(lang) in view.card_text()
    assert view.session.match.dice.remaining == 0
    end = view.mark()
    assert end is not None
    assert isinstance(do(view, end), Push) and opened == [system]


def test_wrong_input_changes_nothing_and_shows_the_hint(headless: None) -> None:
    view = lesson_view("one_for_all")
    session = view.session
    first = view.runner.step
    hint = first.hint("en")

    def unchanged() -> tuple[object, ...]:
        return (session.match.state, session.match.dice.state(), len(session.match.steps),
                view.runner.index, view.runner.phase)

    before = unchanged()
    mark = view.mark()
    assert mark is not None and mark.kind == "drag" and mark.end is not None
    st = view.play.state
    # a drag from another figure
    athos = view.play.screen_point((st.figure("athos").x, st.figure("athos").y))
    drag(view, athos, mark.end)
    frame(view)
    assert unchanged() == before and view.hint == hint and view.refusals == 1
    assert hint in view.card_text() and view.play.message == hint
    # the lit figure dragged the wrong way: the gate refuses the move it gives
    away = (2 * mark.start[0] - mark.end[0], 2 * mark.start[1] - mark.end[1])
    drag(view, mark.start, away)
    frame(view)
    assert unchanged() == before and view.refusals == 2 and view.play.message == hint
    # a right click, undo, a stray key, a click on the top bar's Undo
    click(view, mark.start, button=3)
    key(view, pygame.K_z, pygame.KMOD_CTRL)
    key(view, pygame.K_TAB)
    click(view, view.play.top_buttons.buttons[0].rect.center)
    frame(view)
    assert unchanged() == before and view.refusals == 6
    # the right input still works after all that
    do(view, mark)
    settle(view)
    assert view.runner.phase is Phase.DONE
    # while the step's result shows, only Next goes on
    done = unchanged()
    click(view, mark.start)
    assert unchanged() == done and "Next" in view.hint
    key(view, pygame.K_RETURN)
    frame(view)
    assert view.runner.phase is Phase.DO and view.runner.index == 1
    # a button other than the lit one
    lit = view.mark()
    assert lit is not None and lit.rect is not None
    others = [r for _c, r in view.adapter.buttons(view.play) if r != lit.rect]
    assert others
    before = unchanged()
    click(view, others[0].center)
    key(view, pygame.K_9)
    frame(view)
    assert unchanged() == before and view.hint == view.runner.step.hint("en")


def test_the_lesson_menu_starts_again_and_goes_home(headless: None) -> None:
    view = lesson_view("one_for_all")
    mark = view.mark()
    assert mark is not None
    do(view, mark)
    settle(view)
    key(view, pygame.K_ESCAPE)
    assert view.menu is not None
    key(view, pygame.K_ESCAPE)  # closes it
    assert view.menu is None and view.runner.phase is Phase.DONE
    assert view.card_action("again") is None
    assert view.runner.index == 0 and view.runner.phase is Phase.DO
    assert not view.session.match.steps
    assert isinstance(view.card_action("main"), Home)
    assert isinstance(view.card_action("quit"), Quit)
    view.card_action("lang")
    assert "Урок" in view.card_text() or "урок" in view.card_text()


def test_the_main_menu_lists_the_lessons(headless: None) -> None:
    from game.ui.menu import make_menu_view
    from game.ui.menu.launch import learn_view

    asked: list[str] = []
    menu = make_menu_view(Path(__file__).resolve().parents[2] / "maps", SIZE,
                          learn=lambda s: asked.append(s) or _Dummy())
    menu.draw(pygame.Surface(SIZE))
    click(menu, menu.buttons["learn"].rect.center)  # type: ignore[arg-type]
    menu.draw(pygame.Surface(SIZE))
    rows = [a for a, _t in menu.rows()]
    assert rows == [f"lesson:{s}" for s in available()] + ["back"]
    assert all(menu.buttons[a].tool_tip_text for a in rows)
    action = click(menu, menu.buttons["lesson:one_for_all"].rect.center)  # type: ignore[arg-type]
    assert isinstance(action, Push) and asked == ["one_for_all"]
    menu.handle_event(ev(pygame.KEYDOWN, key=pygame.K_ESCAPE))  # back, not quit
    assert "quick" in [a for a, _t in menu.rows()]
    for system in available():
        lesson = learn_view(system, SIZE)
        assert isinstance(lesson, LearnView) and lesson.full_game is not None
        full = lesson.full_game(system)  # the lesson's map, a new game, teaching mode
        assert full is not None and not isinstance(full, LearnView)
        assert full.session.match.setup.map.endswith(lesson.lesson.map)  # type: ignore[attr-defined]
    assert learn_view("chess", SIZE) is None


def test_tabletop_learn_opens_a_lesson(headless: None) -> None:
    from game.cli import build_parser
    from game.ui.menu.launch import learn_command

    args = build_parser().parse_args(["learn", "one_for_all", "--lang", "ru"])
    assert (args.command, args.system, args.lang) == ("learn", "one_for_all", "ru")
    assert learn_command("chess", (800, 600), max_frames=2) == 2
    assert learn_command("one_for_all", (1280, 800), lang="ru", max_frames=3) == 0


def test_relic_a_click_on_another_space_changes_nothing(headless: None) -> None:
    view = lesson_view("relic")
    mark = view.mark()
    assert mark is not None
    key(view, pygame.K_SPACE)  # Space takes the first action: here the lit one
    frame(view)
    assert view.runner.phase is Phase.DONE and view.refusals == 0
    key(view, pygame.K_RETURN)
    frame(view)
    lit = view.mark()
    assert lit is not None and lit.kind == "spot"
    before = (view.session.match.state, len(view.session.match.steps))
    other = view.adapter.screen_spot(view.play, "outer-22")  # reachable, but not the lesson's
    assert other is not None
    click(view, other)
    key(view, pygame.K_2)  # its button
    frame(view)
    assert (view.session.match.state, len(view.session.match.steps)) == before
    assert view.refusals == 2 and view.hint == view.runner.step.hint("en")
    click(view, lit.target)
    frame(view)
    assert view.runner.phase is Phase.DONE
