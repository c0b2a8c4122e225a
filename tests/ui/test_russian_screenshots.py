"""Issue 7, done when: with Russian selected, the screenshots of the menu, the sandbox and an
explained One for All log show no English left and no missing glyphs.

The screens are drawn by ``tools/screenshots_ru.py`` (the pictures the README shows) while every
text drawn is recorded: through the program's fonts (pygame's default font) and through the
pygame_gui widgets (the theme's Noto Sans). Each text is checked against the font it was drawn in.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pygame_gui

from tests.ui.ru_texts import english_words, missing_glyphs, recorded_texts

REPO = Path(__file__).resolve().parents[2]
NOTO = Path(pygame_gui.__file__).parent / "data" / "NotoSans-Regular.ttf"


def test_the_russian_menu_sandbox_and_one_for_all_log_show_no_english(tmp_path: Path,
                                                                       headless: None) -> None:
    sys.path.insert(0, str(REPO))
    try:
        from tools import screenshots_ru
    finally:
        sys.path.remove(str(REPO))
    with recorded_texts() as seen:
        assert screenshots_ru.main(["--out", str(tmp_path)]) == 0
    for name in ("menu.png", "sandbox.png", "ofa_duel.png"):
        assert (tmp_path / name).stat().st_size > 20_000, name
    assert any("Дуэль" in t for t in seen), "no explained duel in the log"
    assert any("Укрытие" in t for t in seen), "no cover readout in the sandbox"
    assert any("Система правил" in t for t in seen), "no menu row"
    assert english_words(seen) == {}
    pygame.font.init()
    assert missing_glyphs(seen.by_fonts, pygame.font.Font(None, 20)) == set()
    assert missing_glyphs(seen.by_gui, pygame.font.Font(str(NOTO), 20)) == set()
