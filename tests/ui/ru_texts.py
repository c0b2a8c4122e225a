"""Every text the screen draws, recorded, and what of it is still English.

``recorded_texts`` wraps the one place fonts are made (``game.ui.fonts.Fonts.of_height``) so
that each ``render`` call is noted; ``english_words`` picks out the words in Latin letters that a
Russian screen should not show. Used by the tests that switch to Russian and look at a screen.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import pygame

from game.ui.fonts import Fonts

#: Latin words a Russian screen keeps: key names as printed on keyboards, file kinds, the
#: program's name, units of the dice (d6), and the rule IDs (matched separately)
ALLOWED = frozenset({
    "ctrl", "esc", "tab", "shift", "enter", "home", "alt", "del", "delete", "backspace", "space",
    "pgup", "pgdn", "png", "json", "tmx", "tabletop", "x", "d", "mm",
})
RULE_ID = re.compile(r"\b[A-Z]{2,}(?:-[A-Z0-9]+)+(?:\.[0-9A-Za-z]+)*\b")
KEY_NAME = re.compile(r"\b(?:F\d{1,2}|[A-Z])\b")
FILE_NAME = re.compile(r"[\w.-]+\.(?:tmx|json|png|tsx)\b|(?:/[\w.-]+)+")
DICE = re.compile(r"\b\d*d\d+\b")


class _RecordingFont:
    def __init__(self, font: pygame.font.Font, seen: list[str], also: list[str]) -> None:
        self._font = font
        self._seen = seen
        self._also = also

    def render(self, text: Any, *args: Any, **kw: Any) -> pygame.Surface:
        if isinstance(text, str):
            self._seen.append(text)
            self._also.append(text)
        return self._font.render(text, *args, **kw)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._font, name)


def _gui_fonts() -> list[type]:
    """pygame_gui's font classes (its widgets draw their words through them)."""
    from pygame_gui.core.gui_font_freetype import GUIFontFreetype
    from pygame_gui.core.gui_font_pygame import GUIFontPygame

    return [GUIFontPygame, GUIFontFreetype]


class Recorded(list[str]):
    """Every text drawn (the list), and apart: those drawn with ``Fonts`` (pygame's default
    font) and those drawn by pygame_gui widgets (the theme's Noto Sans), for the glyph checks."""

    def __init__(self) -> None:
        super().__init__()
        self.by_fonts: list[str] = []
        self.by_gui: list[str] = []


@contextmanager
def recorded_texts() -> Iterator[Recorded]:
    """Within the block, every string rendered through ``Fonts`` lands in the yielded list, and
    so do the words a pygame_gui widget draws (made or remade within the block)."""
    seen = Recorded()
    original = Fonts.of_height

    def of_height(self: Fonts, px: int) -> Any:
        return _RecordingFont(original(self, px), seen, seen.by_fonts)

    def recording(method: Any) -> Any:
        def render(self: Any, text: Any, *args: Any, **kw: Any) -> Any:
            # words only: the arrows of sliders and scroll bars are pygame_gui's own symbols
            if isinstance(text, str) and any(c.isalnum() for c in text):
                seen.append(text)
                seen.by_gui.append(text)
            return method(self, text, *args, **kw)
        return render

    patched = [(cls, name, getattr(cls, name)) for cls in _gui_fonts()
               for name in ("render_premul", "render_premul_to")]
    Fonts.of_height = of_height  # type: ignore[method-assign]
    for cls, name, method in patched:
        setattr(cls, name, recording(method))
    try:
        yield seen
    finally:
        Fonts.of_height = original  # type: ignore[method-assign]
        for cls, name, method in patched:
            setattr(cls, name, method)


def english_words(texts: Iterable[str], allowed: Iterable[str] = ()) -> dict[str, list[str]]:
    """Latin words left in ``texts`` (word -> the texts it appears in), once rule IDs, key
    names, file names and dice like ``2d6`` are set aside. ``allowed`` adds proper names."""
    keep = ALLOWED | {a.lower() for a in allowed}
    found: dict[str, list[str]] = {}
    for text in texts:
        bare = FILE_NAME.sub(" ", RULE_ID.sub(" ", DICE.sub(" ", text)))
        bare = KEY_NAME.sub(" ", bare)
        for word in re.findall(r"[A-Za-z]{2,}", bare):
            if word.lower() not in keep:
                found.setdefault(word, []).append(text)
    return found


def missing_glyphs(texts: Iterable[str], font: pygame.font.Font) -> set[str]:
    """Characters of ``texts`` that ``font`` has no glyph for (drawn as boxes)."""
    def picture(c: str) -> bytes:
        return pygame.image.tobytes(font.render(c, True, (255, 255, 255), (0, 0, 0)), "RGB")

    box = picture("\ue000")  # a private-use point: no font has it, so this is the "no glyph" box
    chars = {c for t in texts for c in t if not c.isspace()}
    return {c for c in chars if picture(c) == box}
