"""Helldorado's lesson on the screen (issue 17, item 5): a wrong input changes nothing and
shows the step's hint: another unit dragged, the lit unit dragged the wrong way (the gate
holds the move against the direction the step names), a button or a key that is not the
step's; with a template in hand a click away from the lit spot, and Esc puts the template back
so that the button is lit again. The lesson is completed in both languages by the shared test
(``test_learn.py``); the screen keeps its side panel the window's height for the lesson's card.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.i18n import set_language
from game.lessons import Phase
from game.ui.learn import LearnView
from tests.ui.test_learn import click, do, drag, frame, key, lesson_view, settle

SIZE = (1280, 800)


@pytest.fixture(autouse=True)
def _dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    yield
    set_language("en")


def unchanged(view: LearnView) -> tuple[object, ...]:
    session = view.session
    return (session.match.state, session.match.dice.state(), len(session.match.steps),
            view.runner.index, view.runner.phase)


def through(view: LearnView, step_id: str) -> None:
    """Play the lesson at its lit places up to (not into) the step ``step_id``."""
    while view.runner.step.id != step_id:
        aim = view.runner.step.point.aim
        mark = view.mark()
        assert mark is not None
        do(view, mark)
        settle(view)
        if aim is not None:
            mark = view.mark()
            assert mark is not None
            do(view, mark)
            settle(view)
        assert view.runner.phase is Phase.DONE, (view.runner.step.id, view.hint)
        key(view, pygame.K_RETURN)
        frame(view)


def test_HD_wrong_input_changes_nothing_and_shows_the_hint(headless: None) -> None:
    view = lesson_view("helldorado")
    step = view.runner.step
    hint = step.hint("en")
    before = unchanged(view)
    mark = view.mark()
    assert mark is not None and mark.kind == "drag" and mark.end is not None
    # another unit dragged the same way: the press is not at the lit unit
    friar = view.adapter.screen_spot(view.play, "friar_tomas")
    assert friar is not None
    drag(view, friar, mark.end)
    frame(view)
    assert unchanged(view) == before and view.hint == hint and view.refusals == 1
    assert hint in view.card_text() and view.play.message == hint
    # the lit unit dragged away from the Imp: the rules would move it, the lesson does not
    away = (2 * mark.start[0] - mark.end[0], 2 * mark.start[1] - mark.end[1])
    drag(view, mark.start, away)
    frame(view)
    assert unchanged(view) == before and view.refusals == 2 and view.play.message == hint
    # a button of the action bar (the Arquebusier's shot) and its key
    shots = [r for c, r in view.adapter.buttons(view.play) if type(c).__name__ == "Shoot"]
    assert shots
    click(view, shots[0].center)
    key(view, pygame.K_1)
    frame(view)
    assert unchanged(view) == before and view.refusals == 4 and view.hint == hint
    # the right input still works
    do(view, mark)
    settle(view)
    assert view.runner.phase is Phase.DONE and view.refusals == 4


def test_HD_TMPL_2_a_template_in_hand_is_laid_only_on_the_lit_spot(headless: None) -> None:
    view = lesson_view("helldorado")
    through(view, "imp-breathes")
    step = view.runner.step
    button = view.mark()
    assert button is not None and button.kind == "click"
    before = unchanged(view)
    do(view, button)  # the template in hand: nothing played yet
    frame(view)
    assert unchanged(view) == before and view.play.tool is not None
    aim = view.mark()
    assert aim is not None and aim.kind == "spot"
    # a click on the table away from the lit spot: the template stays in hand, unlaid
    arq = view.adapter.screen_spot(view.play, "arquebusier_1")
    assert arq is not None and arq != aim.start
    click(view, (aim.start[0] + 3 * (arq[0] - aim.start[0]),
                 aim.start[1] + 3 * (arq[1] - aim.start[1])))
    frame(view)
    assert unchanged(view) == before and view.hint == step.hint("en")
    assert view.play.tool is not None and view.mark() == aim
    # Esc puts the template back: the button is lit again
    key(view, pygame.K_ESCAPE)
    frame(view)
    assert view.play.tool is None and view.menu is None
    again = view.mark()
    assert again is not None and again.kind == "click" and again.rect == button.rect
    do(view, again)
    frame(view)
    aim = view.mark()
    assert aim is not None
    do(view, aim)
    settle(view)
    assert view.runner.phase is Phase.DONE
    report = view.runner.report
    assert report is not None and {"HD-TMPL-2", "HD-TMPL-3"} <= set(report.cited)
    caught = [e for e in report.events if e.kind == "hd.template"]
    assert caught and caught[0].data["caught"] == ("arquebusier_1", "friar_tomas")


def test_HD_MELEE_9_only_the_lit_reroll_goes_on(headless: None) -> None:
    view = lesson_view("helldorado")
    through(view, "malakh-rerolls")
    lit = view.mark()
    assert lit is not None and lit.rect is not None
    keep = [r for c, r in view.adapter.buttons(view.play)
            if type(c).__name__ == "Reroll" and not c.dice]
    assert keep and keep[0] != lit.rect
    before = unchanged(view)
    click(view, keep[0].center)  # keep the dice: not what the step asks
    frame(view)
    assert unchanged(view) == before and view.hint == view.runner.step.hint("en")
    do(view, lit)
    settle(view)
    assert view.runner.phase is Phase.DONE
    report = view.runner.report
    assert report is not None and "HD-MELEE-9" in report.cited
    assert not view.session.match.state.unit("pikeman").alive


def test_the_lesson_card_has_the_window_height(headless: None) -> None:
    view = lesson_view("helldorado")
    panel = view.play.layout.panel
    assert not getattr(view.play.layout, "beside", False) and panel.bottom == SIZE[1]
    assert panel.height > SIZE[1] // 2
    view.resize((1024, 640))
    frame(view)
    assert not getattr(view.play.layout, "beside", False)
    text = view.card_text()
    assert view.runner.step.do("en") in text
