"""Headless pygame for every UI test, and a small hand-made board."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from types import MappingProxyType  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from shapely.geometry import LineString, Point, Polygon, box  # noqa: E402

from game.board.model import Board, SpawnPoint, TerrainPiece  # noqa: E402
from game.i18n import set_language  # noqa: E402


@pytest.fixture
def headless() -> Iterator[None]:
    """A hidden 1x1 display mode (needed to convert pictures) and fonts; closed afterwards."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1), pygame.HIDDEN)
    yield
    pygame.quit()


def make_board(tiled_map: object = None) -> Board:
    """A 36 x 24 tile tavern corner (914 x 610 mm) built straight from the model."""
    mm = 25.4 / 32
    pieces = (
        TerrainPiece(1, "long table", "table", box(200, 150, 420, 260), 0.0, 30.0),
        TerrainPiece(2, "bench", "bench", box(200, 270, 420, 300), 0.0, 18.0),
        TerrainPiece(3, "barrel", "barrel", Point(700, 120).buffer(30), 0.0, 40.0),
        TerrainPiece(4, "balcony", "balcony", box(560, 380, 880, 560), 55.0, 60.0, surface=True),
        TerrainPiece(5, "north wall", "wall",
                     LineString([(20, 20), (880, 20)]).buffer(6, cap_style="flat"), 0.0, 120.0),
        TerrainPiece(6, "rug", "rug", Polygon([(80, 380), (300, 360), (320, 560), (100, 580)]),
                     0.0, 1.0, blocks_sight=False, flat=True),
    )
    spawns = (
        SpawnPoint(10, "Brakka", 150, 120, "Orcs", "orc_boss", facing=0.0),
        SpawnPoint(11, "Grub", 480, 200, "Orcs", "orc", facing=90.0),
        SpawnPoint(12, "Aldric", 620, 300, "Knights", "knight", facing=180.0),
        SpawnPoint(13, "Mira", 750, 470, "Knights", "archer", facing=225.0,
                   properties=MappingProxyType({"radius": 20.0})),
        SpawnPoint(14, "Rat", 420, 470, "Vermin", "rat", facing=270.0,
                   properties=MappingProxyType({"radius": 8})),
    )
    return Board(
        path="tests/constructed.tmx", width_tiles=36, height_tiles=24, tile_width=32,
        tile_height=32, mm_per_px=mm,
        properties=MappingProxyType({"title": "Constructed Tavern", "system": "one_for_all"}),
        terrain=pieces, spawns=spawns, tiled_map=tiled_map,
    )


@pytest.fixture
def board() -> Board:
    return make_board()


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    """Every UI test leaves the program in English, whatever language it chose."""
    yield
    set_language("en")


@pytest.fixture
def user_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The user's folders (data, pictures, config) in ``tmp_path``."""
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TABLETOP_PICTURES_DIR", str(tmp_path / "pictures"))
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture
def env(user_folders: None, headless: None) -> Iterator[None]:
    """The user's folders in ``tmp_path`` and a 1280x800 window."""
    pygame.display.set_mode((1280, 800))
    yield
