"""Where the program's own files are: the shipped maps, the tilesets and theme (``assets``), and
the language catalogs (``locale``).

From a checkout (or an editable install) they are the top-level folders the layout names; in an
installed wheel they travel inside the package, as ``game/_data/<name>`` (``setup.py`` copies them
there when the wheel is built), and are found through ``importlib.resources``. Either way the maps
keep their relative paths to the tilesets (``../assets/tilesets/...``). Plain Python: safe to import
anywhere.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

#: the folders the program reads, as the layout names them at the top of a checkout
DATA_FOLDERS = ("maps", "assets", "locale")
_CHECKOUT = Path(__file__).resolve().parents[2]


def data_dir(name: str) -> Path:
    """The folder ``name`` (one of ``DATA_FOLDERS``): the installed copy inside the package when
    there is one, else the checkout's top-level folder."""
    if name not in DATA_FOLDERS:
        raise ValueError(f"not a data folder of the program: {name!r}")
    packed = resources.files("game").joinpath("_data", name)
    if packed.is_dir():
        return Path(str(packed))
    return _CHECKOUT / name
