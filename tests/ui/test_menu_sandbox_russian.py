"""With Russian chosen, the main menu and the sandbox show no English word and no missing glyph:
the pygame_gui widgets' texts (captions, tooltips, the readouts' text box) and whatever is drawn
through ``Fonts`` (the table's labels, the status line)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.i18n import set_language
from game.ui.fonts import Fonts
from game.ui.gui import plain
from game.ui.menu import make_menu_view
from game.ui.sandbox import make_sandbox_view
from game.ui.sandbox.scene import FATHOM_MM, OVERLAYS
from game.ui.status_bar import status_segments
from tests.ui.ru_texts import english_words, missing_glyphs, recorded_texts

REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "maps"
GUI_DATA = Path(pygame.__file__).resolve().parents[1] / "pygame_gui" / "data"
NOTO = GUI_DATA / "NotoSans-Regular.ttf"  #: the theme's font
FIRA = GUI_DATA / "FiraCode-Regular.ttf"  #: pygame_gui's font for arrow buttons
ARROWS = "◀▶▲▼"


@pytest.fixture(autouse=True)
def _russian() -> object:
    set_language("ru")
    yield
    set_language("en")


def _hover(view: object, element: object) -> None:
    """The pointer rests on ``element`` long enough for its tooltip."""
    pos = element.rect.center  # type: ignore[attr-defined]
    view.handle_event(pygame.event.Event(  # type: ignore[attr-defined]
        pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(4):
        view.update(0.3)  # type: ignore[attr-defined]


def _check(gui_texts: list[str], drawn: list[str], allowed: tuple[str, ...] = ()) -> None:
    assert gui_texts and drawn
    left = english_words(gui_texts + drawn, allowed)
    assert not left, left
    noto = pygame.font.Font(str(NOTO), 16)
    missing = missing_glyphs(gui_texts, noto)
    # the arrows of sliders and scroll bars: pygame_gui draws them in its symbols font
    assert missing <= set(ARROWS), missing
    assert not missing_glyphs(list(missing), pygame.font.Font(str(FIRA), 16))
    assert not missing_glyphs(drawn, Fonts().of_height(16))


def test_the_menu_in_russian(headless: None) -> None:
    menu = make_menu_view(MAPS, (1280, 800), remember=set_language)
    surface = pygame.Surface((1280, 800))
    texts: list[str] = []
    with recorded_texts() as drawn:
        for action in ("system", "scenario", "load", "ai", "teaching"):  # every state of a row
            for _ in range(4):
                menu.activate(action)
                menu.draw(surface)
                texts += menu.gui.texts()
        _hover(menu, menu.buttons["ai"])
        menu.draw(surface)
        texts += menu.gui.texts()
    tooltips = [e for e in menu.gui.elements() if type(e).__name__ == "UITooltip"]
    assert tooltips, "the hovered button shows its tooltip"
    assert all(b.tool_tip_text for b in menu.buttons.values())
    _check(texts, drawn + ["tabletop"])
    assert "Выход" in texts and any(t.startswith("Играть: Спящий лев") for t in texts)
    pygame.image.save(surface, "/tmp/ru_menu.png")


@pytest.mark.parametrize("name", ["tavern", "ruins", "relic", "mice_chapter"])
def test_the_sandbox_in_russian(headless: None, name: str) -> None:
    view = make_sandbox_view(MAPS / f"{name}.tmx", (1280, 800))
    w, h = view.board.width_mm, view.board.height_mm
    view.set_scene(replace(view.scene, overlays=OVERLAYS, blast=(w / 2, h / 2, 3 * FATHOM_MM),
                           push_source=(0.0, 0.0), weapon_range=4 * FATHOM_MM,
                           weapon="Arquebus"))
    view.show_keys = True
    surface = pygame.Surface((1280, 800))
    with recorded_texts() as drawn:
        view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        view.draw(surface)
        view.side.flush()
        _hover(view, view.side.toggles["cover"])
        view.draw(surface)
    texts = view.gui.texts()
    readouts = plain(view.side.readouts_html)
    assert "Укрытие" in readouts and "Выбрана" in readouts
    # the board view's status line under the table (its font is made before the recording)
    status = [text for text, _colour in status_segments(view.table.status_info())]
    assert view.board.properties["title_ru"] in status
    _check(texts, drawn + status)
    if name == "ruins":
        pygame.image.save(surface, "/tmp/ru_sandbox.png")
