"""What every screen writes, read back during the UI fuzz, in English and in Russian: no internal
ID ever reaches a player (issue 15: "a test scans what each screen draws during the UI fuzz for
internal-ID patterns and finds none").

Every string a font renders (pygame's own fonts and pygame_gui's) is recorded while each view
gets random input; the recorded strings are searched for what only a programmer should see:
cell keys (``kitchen:kitchen-3``), snake_case ids (``leap_onto``, ``dropped_weapon``), seat ids
(``player2``), event kinds (``ofa.move``), unfilled ``{placeholders}``, Python reprs (``None``,
``()``, ``{'``) and exception names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

from game import i18n
from tests.hardening.test_ui_fuzz import SIZE, VIEWS, _headless, fuzz_view

#: frames of random input, then frames of a game the AI plays on every seat
FRAMES = 300
AI_FRAMES = 250
#: what only a programmer should see, each with why
INTERNAL = {
    "a cell key": re.compile(r"\b[a-z][a-z_]*:[a-z][a-z_]*-\d+\b"),
    "a snake_case id": re.compile(r"(?<![\w/.\\-])[a-z]+(?:_[a-z0-9]+)+\b(?![\w/.\\-])"),
    "a seat id": re.compile(r"\bplayer\d\b"),
    "an event kind": re.compile(r"\b(?:ofa|hd|mm|rel)\.[a-z_]+\b"),
    "a placeholder": re.compile(r"\{[A-Za-z_][A-Za-z_0-9]*(?:[:!][^}]*)?\}"),
    "a Python value": re.compile(r"\bNone\b|\(\)|\[\]|\{'|'\}|\bTrue\b|\bFalse\b"),
    "an exception": re.compile(r"\b[A-Z][a-zA-Z]+(?:Error|Exception)\b|Traceback"),
}


@contextmanager
def _recording() -> Iterator[list[str]]:
    """Every text rendered while inside, by pygame's fonts and pygame_gui's."""
    seen: list[str] = []
    base = pygame.font.Font

    class RecordingFont(base):  # type: ignore[misc, valid-type]
        def render(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
            seen.append(str(text))
            return super().render(text, *args, **kwargs)

    patched: list[tuple[object, str, object]] = []

    def patch(owner: object, name: str, wrapper_of) -> None:  # type: ignore[no-untyped-def]
        original = getattr(owner, name)
        patched.append((owner, name, original))
        setattr(owner, name, wrapper_of(original))

    def recorder(original):  # type: ignore[no-untyped-def]
        def call(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
            seen.append(str(text))
            return original(self, text, *args, **kwargs)
        return call

    pygame.font.Font = RecordingFont  # type: ignore[misc]
    try:
        from pygame_gui.core import gui_font_freetype, gui_font_pygame

        for module, cls in ((gui_font_pygame, "GUIFontPygame"), (gui_font_freetype, "GUIFontFreetype")):
            owner = getattr(module, cls, None)
            if owner is None:
                continue
            for name in ("render_premul", "render_premul_to"):
                if hasattr(owner, name):
                    patch(owner, name, recorder)
        yield seen
    finally:
        pygame.font.Font = base  # type: ignore[misc]
        for owner, name, original in reversed(patched):
            setattr(owner, name, original)


def leaks(texts: list[str]) -> dict[str, list[str]]:
    """The recorded strings that look internal, by what they look like."""
    found: dict[str, list[str]] = {}
    for text in dict.fromkeys(texts):
        if "/" in text or "\\" in text:  # a path the player chose (a save file) may hold anything
            continue
        for why, pattern in INTERNAL.items():
            if pattern.search(text):
                found.setdefault(why, []).append(text)
    return found


def test_the_scanner_finds_what_it_should() -> None:
    bad = ["Tilly moves to kitchen:kitchen-3", "Athos: leap_onto table", "player2 rolls",
           "ofa.move: {'distance': 3}", "Range {band}", "None", "KeyError: 'x'"]
    good = ["Tilly moves to the Spice Shelf", "Athos leaps onto the table", "Anna rolls",
            "Porthos is pushed back 25 mm", "Ctrl+S save", "saved to /tmp/my_game.json",
            "4+ on a d6 (50%)", "Cardinal's Guard", "d'Artagnan"]
    found = leaks(bad)
    assert set(found) == set(INTERNAL)
    assert {text for texts in found.values() for text in texts} == set(bad)
    assert leaks(good) == {}


def _ai_game(name: str, tmp: Path, frames: int) -> None:
    """The view with the AI on every seat at full speed, each frame drawn with every tab of the
    side panel open: the log, the trays and the cards fill with a real game's words."""
    with _headless(tmp):
        view = VIEWS[name](tmp, 5)
        session = getattr(view, "session", None)
        if session is None:
            return
        session.ai_sides = set(session.seats())
        view.ai_pace = 0.0
        view.resize(SIZE)
        surface = pygame.Surface(SIZE)
        panel = getattr(view, "side_panel", None)
        for _ in range(frames):
            view.update(1 / 30)
            view.draw(surface)
            for tab in (panel.ids if panel is not None else ()):
                panel.tab = tab
                view.draw(surface)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", list(VIEWS))
def test_no_screen_shows_an_internal_id(name: str, lang: str, tmp_path: Path) -> None:
    i18n.set_language(lang)
    try:
        with _recording() as seen:
            report = fuzz_view(name, FRAMES, seed=3, tmp=tmp_path)
            _ai_game(name, tmp_path, AI_FRAMES)
    finally:
        i18n.set_language("en")
    assert not report.failures, report.failures[:2]
    assert len(seen) > 20, f"{name}: too little text recorded to judge ({len(seen)})"
    found = leaks(seen)
    assert not found, f"{name} ({lang}) shows internal ids: {found}"
