"""The pygame_gui widgets of a play screen's bars (top bar, action bar, side-panel tabs).

A bar's widgets live in a ``Gui`` (``game.ui.gui``): one the view shares between its bars (it
feeds it the events and draws it once, after the bars' backgrounds, so that a tooltip lies over
everything) or, when the bar is given none, one of its own that the bar feeds and draws itself.
The widgets are built once and built again only when the bar's size (once the window rests from a
resize), language or content change;
what a widget was pressed for waits in ``pressed`` until the view takes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.ui.gui import Gui


class BarWidgets:
    """The widgets of one bar and the ``Gui`` that holds them."""

    def __init__(self, gui: Gui | None, size: tuple[int, int] = (1280, 800)) -> None:
        self.own = gui is None  #: the bar feeds and draws its own Gui
        #: made now, not in the first frame (a UIManager takes tens of milliseconds)
        self.gui: Gui | None = gui if gui is not None else Gui(size)
        self.elements: list[Any] = []
        self.pressed: list[Any] = []

    def ready(self, size: tuple[int, int]) -> Gui:
        """The Gui, made (when the bar has its own) and sized for a screen of ``size``."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        if self.gui is None:
            self.gui = Gui(size)
        elif tuple(self.gui.manager.window_resolution) != size:
            self.gui.resize(size)
        return self.gui

    def holding(self) -> bool:
        """While the window's edge is being dragged (``Gui.storming``: resized in two frames in
        a row) a bar keeps the widgets it has and builds them for the new size once the window
        rests (the frame after the last resize): a storm of resizes does not rebuild them each
        frame."""
        return bool(self.elements) and self.gui is not None and self.gui.storming

    def add(self, element: Any) -> Any:
        self.elements.append(element)
        return element

    def clear(self) -> None:
        """Remove this bar's widgets (the other bars' in a shared Gui stay)."""
        for element in self.elements:
            element.kill()
        self.elements = []
        if self.gui is not None:
            self.gui.touch()

    def command(self, value: Any) -> Callable[[], None]:
        def pressed() -> None:
            self.pressed.append(value)
        return pressed

    def take(self) -> list[Any]:
        out, self.pressed = self.pressed, []
        return out

    # ------------------------------------------------------------------ an own Gui
    def process(self, event: pygame.event.Event) -> bool:
        return self.own and self.gui is not None and self.gui.process(event)

    def update(self, dt: float) -> None:
        if self.own and self.gui is not None:
            self.gui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if self.own and self.gui is not None:
            self.gui.draw(surface)


class WidgetBar:
    """A bar (or panel) whose widgets are ``widgets``: with a Gui of its own it is fed and
    updated here (a shared Gui is fed and updated by the view)."""

    widgets: BarWidgets

    def process(self, event: pygame.event.Event) -> bool:
        return self.widgets.process(event)

    def update(self, dt: float) -> None:
        self.widgets.update(dt)


def text_width(gui: Gui, text: str, ids: Sequence[str] = ("button",)) -> int:
    """How wide ``text`` is in the theme's font for widgets of ``ids``."""
    return int(gui.manager.get_theme().get_font(list(ids)).size(text)[0])


def fitted(gui: Gui, text: str, width: int, ids: Sequence[str] = ("button",)) -> str:
    """``text`` cut with "..." to fit ``width`` in the theme's font."""
    if text_width(gui, text, ids) <= width:
        return text
    while text and text_width(gui, text + "...", ids) > width:
        text = text[:-1]
    return text + "..." if text else ""
