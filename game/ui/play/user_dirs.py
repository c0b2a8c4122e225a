"""Where the player's files go: saved games, screenshots and the player's own maps. Plain
Python, no pygame.

``TABLETOP_DATA_DIR``, ``TABLETOP_MAPS`` and ``TABLETOP_PICTURES_DIR`` override the folders
(tests, portable installs); otherwise the platform's usual places are used (XDG on Linux).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Mapping
from pathlib import Path


def data_dir(environ: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    """The user's data folder for tabletop, e.g. ``~/.local/share/tabletop``."""
    env = os.environ if environ is None else environ
    plat = sys.platform if platform is None else platform
    if env.get("TABLETOP_DATA_DIR"):
        return Path(env["TABLETOP_DATA_DIR"])
    home = Path(env.get("HOME") or Path.home())
    if plat.startswith("win"):
        return Path(env.get("APPDATA") or home / "AppData" / "Roaming") / "tabletop"
    if plat == "darwin":
        return home / "Library" / "Application Support" / "tabletop"  # i18n: not shown (a path)
    return Path(env.get("XDG_DATA_HOME") or home / ".local" / "share") / "tabletop"


def saves_dir(environ: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    return data_dir(environ, platform) / "saves"


def maps_dir(environ: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    """The player's own maps, which the main menu lists beside the shipped ones:
    ``TABLETOP_MAPS``, else ``maps`` in the data folder (``~/.local/share/tabletop/maps``,
    ``%APPDATA%\\tabletop\\maps``, ``~/Library/Application Support/tabletop/maps``)."""
    env = os.environ if environ is None else environ
    if env.get("TABLETOP_MAPS"):
        return Path(env["TABLETOP_MAPS"]).expanduser()
    return data_dir(env, platform) / "maps"


def pictures_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where F12 screenshots go: ``TABLETOP_PICTURES_DIR``, ``XDG_PICTURES_DIR`` or ~/Pictures."""
    env = os.environ if environ is None else environ
    if env.get("TABLETOP_PICTURES_DIR"):
        return Path(env["TABLETOP_PICTURES_DIR"])
    if env.get("XDG_PICTURES_DIR"):
        return Path(env["XDG_PICTURES_DIR"])
    return Path(env.get("HOME") or Path.home()) / "Pictures"


def quick_save_path(folder: Path, map_name: str) -> Path:
    """The Ctrl+S slot of a map: one file per map, overwritten atomically."""
    return folder / f"{Path(map_name).stem or 'game'}.json"


def autosave_path(folder: Path, map_name: str) -> Path:
    """Written after every command, so a crash or a closed window loses nothing."""
    return folder / f"{Path(map_name).stem or 'game'}-autosave.json"


def screenshot_path(folder: Path, now: float | None = None) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    path = folder / f"tabletop-{stamp}.png"
    n = 2
    while path.exists():
        path = folder / f"tabletop-{stamp}-{n}.png"
        n += 1
    return path
