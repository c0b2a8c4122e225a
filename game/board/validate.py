"""``tabletop validate``: one line per problem, naming the file, object and fault.

What the loader finds is found here; what a game would find (its sides, profiles, cells...) is
a check the caller hands in (``games``: ``game.rules.scenario_check.scenario_problems``, which
the command line passes), so the board layer never imports the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TextIO

from game.board.loader import load_board
from game.board.model import Board
from game.board.tmj import is_json_map_file
from game.board.tmx import MAX_FILE_BYTES, is_xml_map_file
from game.core.errors import MapError, Problem

#: The game-aware checks of a loaded map: ``(board, path) -> problems``.
GameCheck = Callable[[Board, str], list[Problem]]

#: File name endings of Tiled maps (a ``.json`` file is a map when it says so).
MAP_SUFFIXES = (".tmx", ".tmj")


def is_map_file(path: Path) -> bool:
    """Whether a file found in a folder is a Tiled map: a ``.tmx`` or ``.tmj``, or a ``.json``
    that is a Tiled map (``"type": "map"``; other JSON files, chapters or saves, are not), or an
    ``.xml`` whose root is ``<map>`` (Tiled saves TMX maps as ``.xml`` too)."""
    suffix = path.suffix.lower()
    if suffix in MAP_SUFFIXES:
        return path.is_file()
    if suffix == ".xml":
        return path.is_file() and is_xml_map_file(path, MAX_FILE_BYTES)
    return suffix == ".json" and path.is_file() and is_json_map_file(path, MAX_FILE_BYTES)


def maps_in(folder: Path) -> list[Path]:
    """The Tiled maps in a folder and its subfolders (every format), sorted."""
    return sorted(p for p in folder.rglob("*") if is_map_file(p))


def map_files(paths: Iterable[Path]) -> Iterator[tuple[Path, str | None]]:
    """Each map under the given files and folders, or (path, why it cannot be read)."""
    for path in paths:
        if path.is_dir():
            found = maps_in(path)
            if not found:
                yield path, "no Tiled maps (.tmx, .tmj or .json) in this folder"
            for p in found:
                yield p, None
        elif path.exists():
            yield path, None
        else:
            yield path, "no such file or folder"


def check_map(path: Path, games: GameCheck | None = None) -> tuple[list[Problem], str]:
    """The problems of one map and a one-line summary of what loaded; ``games`` adds what the
    map's rule system would find after the loader's problems."""
    try:
        board = load_board(path)
    except MapError as exc:
        return [exc.problem], "refused"
    except RecursionError:
        return [Problem(str(path), "the file is nested too deeply to read")], "refused"
    except Exception as exc:  # a loader bug must still not print a traceback to a map author
        return [Problem(str(path), f"internal error while reading ({type(exc).__name__}: {exc}); "
                        "please report it with the map")], "refused"
    summary = (f"{len(board.objects)} objects, {len(board.terrain)} terrain, "
               f"{len(board.spawns)} spawns, {len(board.cells)} cells")
    problems = list(board.problems)
    if games is not None:
        problems += games(board, str(path))
    return problems, summary


def validate_paths(paths: Iterable[Path], out: TextIO, quiet: bool = False,
                   games: GameCheck | None = None) -> int:
    """Print problems (with ``games``: the game-aware ones too); return 1 when any map has an
    error, else 0."""
    maps = refused = errors = warnings = 0
    for path, why in map_files(paths):
        if why is not None:
            print(f"{path}: error: {why}", file=out)
            errors += 1
            continue
        maps += 1
        problems, summary = check_map(path, games)
        if summary == "refused":
            refused += 1
        elif not quiet:
            print(f"{path}: loaded ({summary})", file=out)
        for problem in problems:
            print(problem.line(), file=out)
            if problem.severity == "error":
                errors += 1
            else:
                warnings += 1
    if not quiet:
        print(f"{maps} map(s): {maps - refused} loaded, {refused} refused; "
              f"{errors} error(s), {warnings} warning(s)", file=out)
    return 1 if errors else 0


__all__ = ["MAP_SUFFIXES", "GameCheck", "check_map", "is_map_file", "map_files", "maps_in", "validate_paths"]
