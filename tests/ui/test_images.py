"""The image loader never raises: missing, folder or non-image pictures become checkers."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ui.images import PLACEHOLDER_A, PLACEHOLDER_B, SafeImageLoader, checker
from tests.ui.mapfiles import write_tileset_png


class _Tileset:
    tilewidth = 32
    tileheight = 32


@pytest.mark.parametrize("make", ["missing", "folder", "text"])
def test_unreadable_picture_gives_a_checker(headless: None, tmp_path: Path, make: str) -> None:
    path = tmp_path / "sheet.png"
    if make == "folder":
        path.mkdir()
    elif make == "text":
        path.write_text("not a picture", encoding="utf-8")
    loader = SafeImageLoader()
    load = loader(str(path), None, tileset=_Tileset())
    tile = load((0, 0, 32, 32), None)
    assert tile.get_size() == (32, 32)
    assert {tuple(tile.get_at((x, y)))[:3] for x in range(32) for y in range(32)} == {
        PLACEHOLDER_A, PLACEHOLDER_B}
    assert len(loader.missing) == 1 and "sheet.png" in loader.missing[0]
    loader(str(path), None)  # the same picture again is still one problem
    assert len(loader.missing) == 1


def test_readable_picture_loads_and_a_tile_outside_it_is_a_checker(headless: None, tmp_path: Path) -> None:
    path = tmp_path / "tiles.png"
    write_tileset_png(path)
    loader = SafeImageLoader()
    load = loader(str(path), None)
    assert load((0, 0, 32, 32), None).get_at((5, 5))[:3] == (200, 40, 40)
    assert loader.missing == []
    outside = load((64, 0, 32, 32), None)
    assert outside.get_size() == (32, 32)
    assert len(loader.missing) == 1


def test_checker_size() -> None:
    assert checker((10, 3)).get_size() == (10, 3)
    assert checker((0, 0)).get_size() == (1, 1)
