"""Does a Mice and Mystics map and its chapter make a playable scenario? Every tile, cell, card
and minion the chapter file names must be the map's or the data files' (``tabletop validate``
lists these problems; a game refuses to start on the first error among them).

Errors stop a game: a chapter file that is missing or wrong, a start tile, victory tile, surge
cell, turning link, search deck or arrival that names no tile or cell of the map, a mouse that
does not start on the start tile, a spawn outside every cell, an unknown minion kind. Warnings
do not: a map without a chapter file (it plays its plain chapter), an unknown card in a search
deck (an inert trinket), an unknown mouse profile, a story page past the end page.
"""

from __future__ import annotations

from pathlib import Path

from game.board.model import Board
from game.core.errors import Problem
from game.geometry.cells import CellGraph
from game.rules.engine.scenario import did_you_mean, listing, map_problem, profile_problem, spawn_problem
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics.chapter import CHAPTER_PROPERTY, Chapter, ChapterError, chapter_of


def scenario_problems(board: Board) -> list[Problem]:
    """The chapter/board consistency problems of ``board`` (a loaded Mice and Mystics map), each
    located in the map's file; a problem of the chapter file names that file and its field."""
    try:
        chapter = chapter_of(board)
    except ChapterError as exc:
        if exc.path == board.path:  # the map's property itself
            return [map_problem(board, exc.message)]
        field = f" field '{exc.field}'" if exc.field else ""
        return [map_problem(board, f"chapter file '{Path(exc.path).name}'{field}: {exc.message}")]
    if not board.cells:
        return []  # no cells, no chapter to check (the cell checks say so)
    try:
        graph = CellGraph.from_board(board)
    except ValueError as exc:
        return [map_problem(board, f"its cells cannot be built: {exc}")]
    return chapter_problems(board, graph, chapter)


def chapter_problems(board: Board, graph: CellGraph, chapter: Chapter) -> list[Problem]:
    """What in ``chapter`` does not fit ``board`` (its cell graph ``graph``): a fault of a field
    is located in the chapter file; a spawn's, in the map."""
    out: list[Problem] = []
    tiles = graph.tiles
    keys = graph.keys
    named = f"chapter file '{Path(chapter.source).name}'" if chapter.source else "the chapter"
    the_map = f"the map {Path(board.path).name}"

    def error(field: str, message: str, *, warning: bool = False) -> None:
        """A fault of the chapter file, located in it (the plain chapter's: in the map)."""
        out.append(Problem(chapter.source or board.path, f"field '{field}': {message}",
                           "warning" if warning else "error"))

    def tile_ok(tile: str, field: str) -> bool:
        if tile in tiles:
            return True
        hint = did_you_mean(tile, tiles)
        error(field, f"'{tile}' is not a tile of {the_map} (a tile is a group layer's tile_id);"
                     f"{hint or ' its tiles: ' + listing(tiles)}")
        return False

    def cell_ok(cell: str, field: str, tile: str = "") -> bool:
        if cell not in graph:
            hint = did_you_mean(cell, keys)
            error(field, f"'{cell}' is not a cell of {the_map} (a cell is named 'tile:cell_id');"
                         f"{hint or ' cells: ' + listing(keys)}")
            return False
        if tile and graph.cell(cell).tile != tile:
            error(field, f"cell '{cell}' is on tile '{graph.cell(cell).tile}', not on '{tile}'; "
                         f"name a cell of '{tile}'")
            return False
        return True

    if not chapter.source:
        out.append(map_problem(board, f"names no chapter file (map property '{CHAPTER_PROPERTY}'), so it "
                                      "plays a plain chapter: pages 1 to 5, won when no minion is left, no "
                                      "search cards and no story", "warning"))
    if chapter.start_tile:
        tile_ok(chapter.start_tile, "start_tile")
    for tile, _name in chapter.tiles:
        tile_ok(tile, f"tiles.{tile}")
    if chapter.victory.tile:
        tile_ok(chapter.victory.tile, "victory.tile")
    for tile, cell in chapter.surge_cells:
        if tile_ok(tile, f"surge_cells.{tile}"):
            cell_ok(cell, f"surge_cells.{tile}", tile)
    for source, target in chapter.turn_targets:
        if cell_ok(source, "turn_targets") and not graph.cell(source).turning:
            error(f"turn_targets.{source}", f"cell '{source}' is not a turning cell, so nobody explores "
                                            "from it: give the cell the property turning = true", warning=True)
        cell_ok(target, f"turn_targets.{source}")
    for tile, deck in chapter.search:
        tile_ok(tile, f"search.{tile}")
        for i, card in enumerate(deck):
            owners = [name for name, profile in cards.mice()["profiles"].items()
                      if card.item in profile.get("starting", ())]
            if owners:
                error(f"search.{tile}[{i}].item", f"'{card.item}' is starting equipment of the "
                                                  f"{', '.join(owners)} profile, of which each mouse holds its "
                                                  "own; a mouse that found it would hold it twice: pick another card")
            elif card.item and card.item not in cards.items():
                hint = did_you_mean(card.item, cards.items())
                error(f"search.{tile}[{i}].item", f"'{card.item}' is no card of data/items.json, so it is "
                                                  f"found as a trinket that does nothing;{hint or ''}", warning=True)
    for page, _text in chapter.pages:
        if not chapter.start_page <= int(page) <= chapter.end_page:
            error(f"story.pages.{page}", f"the chapter runs from page {chapter.start_page} to "
                                         f"{chapter.end_page}, so this text is never shown", warning=True)
    for tile, arrival in chapter.arrivals:
        tile_ok(tile, f"story.arrive.{tile}")
        for i, spawn in enumerate(arrival.spawns):
            field = f"story.arrive.{tile}.spawn[{i}]"
            if spawn.kind not in cards.minions():
                hint = did_you_mean(spawn.kind, cards.minions())
                error(f"{field}.kind", f"'{spawn.kind}' is no minion of data/minions.json;"
                                       f"{hint or ' known: ' + listing(cards.minions())}")
            if spawn.cell:
                cell_ok(spawn.cell, f"{field}.cell", tile if tile in tiles else "")
    return out + _spawn_problems(board, graph, chapter, named)


def _spawn_problems(board: Board, graph: CellGraph, chapter: Chapter, named: str) -> list[Problem]:
    """The map's figure spawns: inside cells, known kinds, the mice on the start tile."""
    out: list[Problem] = []
    start = chapter.start_tile if chapter.start_tile in graph.tiles else ""
    mice = 0
    for spawn in board.spawns:
        if spawn.side not in ("mice", "minions"):
            continue
        cell = graph.cell_at(spawn.x, spawn.y)
        if cell is None:
            out.append(spawn_problem(board, spawn, f"this {spawn.side} spawn is not inside a cell; "
                                                   "move it onto one"))
            continue
        tile = graph.cell(cell).tile
        if spawn.side == "minions":
            wrong = profile_problem(board, spawn, "Mice and Mystics", "minion", cards.minions())
            out += [wrong] if wrong is not None else []
            continue
        mice += 1
        wrong = profile_problem(board, spawn, "Mice and Mystics", "mouse profile", cards.mice()["profiles"],
                                f"; it plays as '{cards.mice()['default']}'", "warning")
        out += [wrong] if wrong is not None else []
        if chapter.start_tile and not start:
            continue  # a start tile that is no tile is the chapter's fault, said once
        start = start or tile  # the plain start: the first mouse's tile
        if tile != start:
            out.append(spawn_problem(board, spawn, f"this mouse starts on tile '{tile}' but {named} starts on "
                                                   f"'{start}': put every mouse spawn on the start tile or "
                                                   "change start_tile"))
    if not mice:
        out.append(map_problem(board, "Mice and Mystics needs mice: add FigureSpawn points with side 'mice'"))
    return out


def first_error(problems: list[Problem]) -> str:
    """The line of the first error among ``problems``, "" when there is none."""
    return next((p.line() for p in problems if p.severity == "error"), "")
