"""Where maps are: the maps shipped with tabletop, the map a game names, and what a rule system
makes of each map it plays on, made once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

from game.board.loader import load_board
from game.board.model import Board
from game.core.resources import data_dir

#: the maps shipped with tabletop: the menu's scenarios and the rule systems' default maps
MAPS_DIR = data_dir("maps")

Made = TypeVar("Made")


def map_path(name: str | Path, folder: Path = MAPS_DIR) -> Path:
    """The map a game names (as its save does): ``name`` itself when it is absolute, else
    ``name`` in ``folder``."""
    path = Path(name)
    return path if path.is_absolute() else Path(folder) / path


def map_name(path: str | Path, folder: Path = MAPS_DIR) -> str:
    """How a game names the map at ``path`` (the inverse of :func:`map_path`): relative to
    ``folder`` when it lies inside it, else the whole path."""
    resolved = Path(path).resolve()
    try:
        return str(resolved.relative_to(Path(folder).resolve()))
    except ValueError:
        return str(resolved)


class PerMap(Generic[Made]):
    """What a rule system makes of each map it plays on (its table, its ring board), by the map's
    name: each map is read and made once."""

    def __init__(self, make: Callable[[Board], Made], folder: Path = MAPS_DIR) -> None:
        self.folder = folder
        self._make = make
        self._made: dict[str, Made] = {}

    def __getitem__(self, name: str) -> Made:
        if name not in self._made:
            self._made[name] = self._make(load_board(map_path(name, self.folder)))
        return self._made[name]
