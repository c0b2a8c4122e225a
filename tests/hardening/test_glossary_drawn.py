"""Every game term a play screen draws explains itself (issue 17: "every glossary term drawn on a
screen during the UI fuzz has an explanation").

While the AI plays each game on every seat with every tab of the side panel drawn, then while the
UI fuzz gives the screen random input (clicks, keys, resizes), in English and in Russian, every string our fonts render is recorded, and so is every line the screen notes for
the glossary's tooltips (``glossary_tip.Spots.note``). A drawn string in which the game's glossary
finds a term must have been noted (wholly, or as one of the wrapped pieces of a noted line): a
term drawn without a note is a word the player cannot hover for its meaning. Strings drawn by
pygame_gui widgets (buttons, cards) are out of this test's reach: the cards get the glossary's
links themselves (``card.Card(glossary=...)``), the buttons carry tooltips.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

import game.ui.labels as labels
from game import i18n
from game.rules.engine.rulebook import glossary
from game.ui.play.glossary_tip import Spots
from tests.hardening.test_shown_words import _ai_game
from tests.hardening.test_ui_fuzz import _headless, fuzz_view

GAMES = {"one_for_all": "one_for_all", "helldorado": "helldorado",
         "mice_and_mystics": "mice_and_mystics", "relic": "relic"}
FRAMES = 160
#: frames of the UI fuzz's random input after the AI game
FUZZ_FRAMES = 150


def _drawn_and_noted(name: str, tmp: Path, frames: int,
                     monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], set[str]]:
    """(every string pygame's fonts rendered and showed, every line noted for tooltips) over an
    AI game. A label's plate is rendered when it is made, shown only if a placer finds it a place
    (a short form may never be): the plates' lines count as drawn only when placed."""
    drawn: list[str] = []
    noted: set[str] = set()
    plate_lines: set[str] = set()
    placed_lines: set[str] = set()
    note = labels.LabelPlacer._note

    def noting(self, picture, x, y):  # type: ignore[no-untyped-def]
        placed_lines.update(line[0] for line in labels._lines.get(picture, ()))
        note(self, picture, x, y)

    monkeypatch.setattr(labels.LabelPlacer, "_note", noting)
    clear = Spots.clear

    def clearing(self, glossary=None):  # type: ignore[no-untyped-def]
        noted.update(self.texts_noted())  # what the frame before noted (the fuzz's frames too)
        plate_lines.update(line[0] for lines in list(labels._lines.values()) for line in lines)
        clear(self, glossary)

    monkeypatch.setattr(Spots, "clear", clearing)
    base = pygame.font.Font

    class RecordingFont(base):  # type: ignore[misc, valid-type]
        def render(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
            caller = str(sys._getframe(1).f_globals.get("__name__", ""))
            if not caller.startswith("pygame_gui"):  # a widget's text: see the docstring
                drawn.append(str(text))
            return super().render(text, *args, **kwargs)

    with _headless(tmp):
        pygame.font.Font = RecordingFont  # type: ignore[misc]
        try:
            _ai_game(name, tmp, frames)  # the AI on every seat, every tab drawn (the notes of
            # each frame are read when the next one clears them)
            report = fuzz_view(name, FUZZ_FRAMES, seed=3, tmp=tmp)  # then random input
            assert not report.failures, report.failures[:2]
        finally:
            pygame.font.Font = base  # type: ignore[misc]
    return [t for t in drawn if t not in plate_lines or t in placed_lines], noted


def unexplained(drawn: list[str], noted: set[str], system: str, lang: str) -> dict[str, list[str]]:
    """Term -> the drawn strings that show it without a note (so without a tooltip)."""
    g = glossary(system, lang)
    assert g is not None and g.terms, f"{system} has no {lang} glossary"
    pieces = " \u0000 ".join(noted)
    out: dict[str, list[str]] = {}
    for text in dict.fromkeys(drawn):
        if not text.strip() or text in noted or text.strip() in pieces:
            continue
        for _a, _b, term in g.found_in(text):
            out.setdefault(term.id, []).append(text)
    return out


def test_the_check_finds_a_term_drawn_without_a_note() -> None:
    g = glossary("one_for_all", "en")
    assert g is not None
    word = g.terms[0].words[0]
    assert unexplained([f"the {word} here"], set(), "one_for_all", "en")
    assert not unexplained([f"the {word} here"], {f"the {word} here"}, "one_for_all", "en")
    assert not unexplained([f"the {word}"], {f"see the {word} here and there"}, "one_for_all", "en")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", list(GAMES))
def test_every_term_drawn_explains_itself(name: str, lang: str, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language(lang)
    try:
        drawn, noted = _drawn_and_noted(name, tmp_path, FRAMES, monkeypatch)
    finally:
        i18n.set_language("en")
    assert len(drawn) > 20 and noted, f"{name}: too little text drawn to judge"
    missing = unexplained(drawn, noted, GAMES[name], lang)
    assert not missing, f"{name} ({lang}) draws terms with no explanation on hover: {missing}"
