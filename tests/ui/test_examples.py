"""Issue 7's handout commands, exactly as written: the shipped example scenes render to PNGs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("scene", "overlays"), [("cover", "sight,cover"), ("blast", "blast"),
                                                  ("cone", "cone"), ("move", "move")])
def test_render_a_shipped_example_scene(tmp_path, scene, overlays):
    out = tmp_path / f"{scene}.png"
    run = subprocess.run([sys.executable, "-m", "game", "render", "--scene", f"examples/{scene}.json",
                          "--overlay", overlays, "-o", str(out)], cwd=REPO, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert out.stat().st_size > 10_000 and out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Traceback" not in run.stderr


def test_a_handout_in_russian_names_the_figures_in_russian(tmp_path, monkeypatch):
    """``--lang ru`` draws the handout in Russian; the scene's figures carry ``name_ru``."""
    from game.ui.sandbox.names import shown_names
    from game.ui.sandbox.scene import load_scene
    from tests.ui.ru_texts import english_words, recorded_texts

    scene = load_scene(REPO / "examples" / "cover.json")
    assert {f.name_ru for f in scene.figures} >= {"Ортега", "Малах"}
    assert "name_ru" in scene.to_json()["figures"][0]
    from game import i18n
    from game.board import load_board

    board = load_board(REPO / "maps" / "ruins.tmx")
    i18n.set_language("ru")
    names = shown_names(board, scene)
    assert names.figures["ortega"] == "Ортега"
    i18n.set_language("en")
    assert shown_names(board, scene).figures.get("ortega", "Ortega") == "Ortega"

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from game.cli import main

    out = tmp_path / "cover_ru.png"
    with recorded_texts() as seen:
        assert main(["render", "--scene", str(REPO / "examples" / "cover.json"), "--overlay",
                     "sight,cover", "--lang", "ru", "-o", str(out)]) == 0
    assert out.is_file()
    assert "Ортега" in seen
    assert english_words(seen) == {}
