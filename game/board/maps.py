"""Where maps are: the maps shipped with tabletop, and the map a game names."""

from __future__ import annotations

from pathlib import Path

#: the maps shipped with tabletop: the menu's scenarios and the rule systems' default maps
MAPS_DIR = Path(__file__).resolve().parents[2] / "maps"


def map_path(name: str | Path, folder: Path = MAPS_DIR) -> Path:
    """The map a game names (as its save does): ``name`` itself when it is absolute, else
    ``name`` in ``folder``."""
    path = Path(name)
    return path if path.is_absolute() else Path(folder) / path
