"""pygame_gui for the screens: one ``Gui`` per view, a ``UIManager`` with the project's theme.

The theme is ``assets/theme.json`` (its colours are those of ``game.ui.colours``; its font is
pygame_gui's bundled Noto Sans, which carries Cyrillic). A missing or broken theme file stops the
screen with a ``ThemeError`` naming the file, rather than quietly falling back to pygame_gui's look.

A view owns a ``Gui``: it feeds it every event (``process``, True when a widget took the event),
resizes it with the window, updates and draws it on top of its own drawing. Widgets act through
callbacks (``UIButton(command=...)``), so a synthetic click reaches them at once, without the
pygame event queue. Texts are translated by the view (``game.i18n._``) before they are given to a
widget; switching the language means building the widgets again.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.core.resources import data_dir

THEME_PATH = data_dir("assets") / "theme.json"
#: the fonts the theme uses, loaded up front (else pygame_gui warns on first use)
PRELOAD_SIZES = (16, 18, 34)
_TAG = re.compile(r"<[^>]*>")


class ThemeError(RuntimeError):
    """The theme file is missing or broken; ``str()`` names the file and says why."""


def read_theme(path: Path = THEME_PATH) -> dict[str, Any]:
    """The theme file's JSON, checked enough for pygame_gui to use it."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ThemeError(f"{path}: the pygame_gui theme file cannot be read "
                         f"({exc.strerror or exc})") from exc
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ThemeError(f"{path}: the pygame_gui theme file is not valid JSON ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("defaults"), dict):
        raise ThemeError(f"{path}: the pygame_gui theme file has no \"defaults\" section")
    for block, body in data.items():
        if not isinstance(body, dict):
            raise ThemeError(f"{path}: theme block {block!r} is not an object")
        colours = body.get("colours", {})
        for name, value in (colours.items() if isinstance(colours, dict) else ()):
            if not (isinstance(value, str) and re.fullmatch(r"#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?", value)):
                raise ThemeError(f"{path}: colour {block}.{name} is not #rrggbb: {value!r}")
    return data


class _Manager(pygame_gui.UIManager):
    """A UIManager that takes the pointer from the events it is fed (a synthetic mouse in a
    test, the real one in the window) rather than from ``pygame.mouse``."""

    pointer: tuple[int, int] = (-1, -1)

    def _update_mouse_position(self) -> None:
        self.mouse_position = self.calculate_scaled_mouse_position(self.pointer)


class Gui:
    """The widgets of one view."""

    def __init__(self, size: tuple[int, int], theme_path: Path = THEME_PATH) -> None:
        read_theme(theme_path)
        if not pygame.font.get_init():
            pygame.font.init()
        self.theme_path = Path(theme_path)
        #: an update ran since the last draw and no widget changed after it
        self._fresh = False
        #: frames drawn since the last resize; ``storming``: the window was resized in two
        #: frames in a row (its edge is being dragged), until a frame is drawn without a resize:
        #: the bars keep their widgets meanwhile
        self._since_resize = 1 << 30
        self.storming = False
        self.manager = _Manager(_fit(size), theme_path=str(theme_path),
                                enable_live_theme_updates=False)
        fonts = self.manager.get_theme().get_font_dictionary()
        wanted: list[dict[str, str | int | float]] = [
            {"name": "noto_sans", "point_size": s, "style": style}
            for s in PRELOAD_SIZES for style in ("regular", "bold")]
        self.manager.preload_fonts([f for f in wanted if not fonts.check_font_preloaded(
            fonts.create_font_id(int(f["point_size"]), str(f["name"]), f["style"] == "bold",
                                 False))])

    # ------------------------------------------------------------------ the loop
    def process(self, event: pygame.event.Event) -> bool:
        """Feed one event to the widgets; True when one of them used it."""
        pos = getattr(event, "pos", None)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and isinstance(pos, tuple) and len(pos) == 2:
            self.manager.pointer = (int(pos[0]), int(pos[1]))
        elif event.type in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
            self.manager.pointer = (-1, -1)
        return bool(self.manager.process_events(event))

    def resize(self, size: tuple[int, int]) -> None:
        if tuple(self.manager.window_resolution) == _fit(size):
            return
        self.storming = self._since_resize <= 1
        self._since_resize = 0
        self.manager.set_window_resolution(_fit(size))
        self._fresh = False

    def update(self, dt: float) -> None:
        self.manager.update(max(0.0, dt))
        self._fresh = True

    def touch(self) -> None:
        """Widgets were changed after ``update``: they make their pictures before the draw."""
        self._fresh = False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the widgets (updating them first when they changed, or when nothing updated
        them: a picture drawn offscreen without a loop)."""
        if not self._fresh:
            self.manager.update(0.0)
        self.manager.draw_ui(surface)
        self._fresh = False
        if self._since_resize > 0:  # a frame without a resize: the storm is over
            self.storming = False
        self._since_resize += 1

    def clear(self) -> None:
        """Remove every widget (before building them again, e.g. in another language)."""
        self.manager.clear_and_reset()
        self._fresh = False

    def hovering(self) -> bool:
        return bool(self.manager.get_hovering_any_element())

    # ------------------------------------------------------------------ for tests and checks
    def elements(self) -> list[Any]:
        return [e for e in self.manager.get_sprite_group().sprites()
                if e is not self.manager.get_root_container()]

    def texts(self) -> list[str]:
        """Every text the widgets show or would show: captions, text boxes (tags stripped) and
        tooltips."""
        return element_texts(self.elements())


def element_texts(elements: Iterable[Any]) -> list[str]:
    out: list[str] = []
    for e in elements:
        for attr in ("text", "html_text", "tool_tip_text"):
            value = getattr(e, attr, None)
            if isinstance(value, str) and value.strip():
                out.append(value if attr == "text" else plain(value))
    return out


def plain(markup: str) -> str:
    """The words of a pygame_gui HTML text."""
    return html.unescape(_TAG.sub(" ", markup.replace("<br>", "\n")))


def _fit(size: tuple[int, int]) -> tuple[int, int]:
    return (max(1, int(size[0])), max(1, int(size[1])))


def hex_colour(rgb: tuple[int, int, int]) -> str:
    return "#{:02X}{:02X}{:02X}".format(*rgb)
