"""A chapter of Mice and Mystics as data: what the map's chapter file says (MM-END-1, MM-END-3,
MM-END-4, MM-SEARCH-3, MM-WHEEL-6, MM-EXP-4, MM-ACH).

A chapter comes with its map: the map property ``chapter`` names a JSON file, relative to the
map's folder (``my_room.chapter.json`` beside ``my_room.tmx``; Tiled's type ``file``). A map
without the property plays the plain chapter of :func:`plain_chapter`. Every tile and cell the
file names is one of its map's (``scenario.py`` checks that, and a game refuses to start when it
does not hold). The file's fields (see ``maps/README.md`` for an author's example)::

    id                 the chapter's id (required; a campaign log names chapters by it)
    title              {"en": ..., "ru": ...}
    start_tile         the tile the party starts on ("" = the tile of the first mouse spawn)
    start_page, end_page   MM-END-3 (defaults 1 and 5)
    tiles              tile id -> {"en", "ru"}: the tiles' names for the log
    victory            {"type": "clear_tile", "tile": ..., "text": ...} or {"type": "clear_all"}
    surge_cells        tile id -> cell key: where Surge minions appear (MM-WHEEL-6)
    turn_targets       cell key -> cell key: where a turning cell leads (MM-EXP-4)
    search             tile id -> [{"item": card} | {"event": kind, "amount": n, "text": ...}]
    story              {"pages": {"2": text}, "end_page": text, "victory": text,
                        "arrive": {tile: {"text", "spawn": [{"kind", "count", "cell"}], "turn_page"}}}
    story_achievements {"victory": [{"id", "title", "effect"}]}
    personal_achievements [{"id", "title", "trigger"}]

Keys starting with ``_`` are comments. A chapter is a frozen value kept in the game's state;
its ``repr`` is its id's, so a state's fingerprint names the chapter as a save names the map.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from game.board.model import Board
from game.core.errors import one_line
from game.core.pairs import value_of

#: the map property that names the chapter file
CHAPTER_PROPERTY = "chapter"
#: MM-END-1: the victory conditions the program evaluates
VICTORY_TYPES = ("clear_tile", "clear_all")
#: MM-SEARCH-3: search cards that are events rather than items
SEARCH_EVENTS = ("cheese", "wheel", "page", "webbed", "stunned", "knocked_down", "charmed")
#: MM-ACH-2: what the program can see happen to a mouse
TRIGGERS = ("defeat_minion", "search_success")
FIELDS = ("id", "title", "start_tile", "start_page", "end_page", "tiles", "victory", "surge_cells",
          "turn_targets", "search", "story", "story_achievements", "personal_achievements")


class ChapterError(ValueError):
    """A chapter file that cannot be played: one line naming the file, the field and the fix."""

    def __init__(self, path: str, where: str, message: str) -> None:
        self.path = path
        self.field = where
        self.message = message
        at = f" field '{where}':" if where else ""
        super().__init__(one_line(f"{path}:{at} {message}"))


@dataclass(frozen=True)
class Words:
    """A text in English and Russian (the English one when a language has none)."""

    en: str = ""
    ru: str = ""

    def text(self, lang: str = "en") -> str:
        return (self.ru if lang == "ru" else "") or self.en

    def __bool__(self) -> bool:
        return bool(self.en or self.ru)


@dataclass(frozen=True)
class SearchCard:
    """One card of a tile's search deck (MM-SEARCH-3): an item, or an event."""

    item: str = ""
    event: str = ""  #: one of SEARCH_EVENTS
    amount: int = 1
    text: Words = Words()


@dataclass(frozen=True)
class Spawn:
    """Minions the story puts on a tile (MM-EXP-4); ``cell`` "" = the tile's surge cell."""

    kind: str
    count: int = 1
    cell: str = ""


@dataclass(frozen=True)
class Arrival:
    """What happens when the party first enters a tile (MM-EXP-4, MM-END-4)."""

    text: Words = Words()
    spawns: tuple[Spawn, ...] = ()
    turn_page: bool = False


@dataclass(frozen=True)
class Achievement:
    """A story (MM-ACH-1) or personal (MM-ACH-2) achievement."""

    id: str
    title: Words = Words()
    effect: Words = Words()
    trigger: str = ""  #: personal ones: one of TRIGGERS


@dataclass(frozen=True)
class Victory:
    """MM-END-1: ``clear_tile`` = the party on ``tile`` with no minion left there; ``clear_all``
    = no minion left anywhere on the map."""

    type: str = "clear_all"
    tile: str = ""
    text: Words = Words()


@dataclass(frozen=True, repr=False)
class Chapter:
    id: str
    source: str = ""  #: the file it was read from ("" for a map's plain chapter)
    title: Words = Words()
    start_tile: str = ""  #: "" = the tile of the first mouse spawn
    start_page: int = 1  #: MM-END-3
    end_page: int = 5
    tiles: tuple[tuple[str, Words], ...] = ()
    victory: Victory = Victory()
    surge_cells: tuple[tuple[str, str], ...] = ()  #: tile -> cell key (MM-WHEEL-6)
    turn_targets: tuple[tuple[str, str], ...] = ()  #: cell key -> cell key (MM-EXP-4)
    search: tuple[tuple[str, tuple[SearchCard, ...]], ...] = ()  #: tile -> deck (MM-SEARCH-3)
    pages: tuple[tuple[str, Words], ...] = ()  #: page number -> story text (MM-END-4)
    end_text: Words = Words()  #: MM-END-5
    victory_text: Words = Words()  #: MM-END-2
    arrivals: tuple[tuple[str, Arrival], ...] = ()  #: tile -> what its first entry brings
    story_achievements: tuple[Achievement, ...] = ()  #: gained with the victory (MM-ACH-1)
    personal_achievements: tuple[Achievement, ...] = ()  #: MM-ACH-2

    def __repr__(self) -> str:
        return repr(self.id)

    def deck(self, tile: str) -> tuple[SearchCard, ...]:
        return value_of(self.search, tile, ())

    def surge_cell(self, tile: str) -> str:
        return value_of(self.surge_cells, tile, "")

    def turn_target(self, cell: str) -> str:
        return value_of(self.turn_targets, cell, "")

    def page_text(self, page: int) -> Words:
        return value_of(self.pages, str(page), Words())

    def arrival(self, tile: str) -> Arrival | None:
        return value_of(self.arrivals, tile, None)


NO_CHAPTER = Chapter("")


# ---------------------------------------------------------------------------------- reading
T = TypeVar("T")


class _Reader:
    """Reads one chapter document, naming the field of every fault."""

    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, where: str, message: str) -> ChapterError:
        return ChapterError(self.path, where, message)

    def mapping(self, value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(where, f"must be a JSON object {{...}}, not {_shown(value)}")
        return value

    def listing(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, f"must be a JSON list [...], not {_shown(value)}")
        return value

    def name(self, value: Any, where: str, *, empty: bool = False) -> str:
        if not isinstance(value, str) or not (value.strip() or empty):
            raise self.fail(where, f"must be a non-empty string, not {_shown(value)}")
        return value.strip()

    def number(self, value: Any, where: str, least: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise self.fail(where, f"must be a whole number of at least {least}, not {_shown(value)}")
        return value

    def words(self, value: Any, where: str) -> Words:
        if value is None:
            return Words()
        if isinstance(value, str):
            return Words(value, value)
        doc = self.mapping(value, where)
        for lang in doc:
            if lang not in ("en", "ru") or not isinstance(doc[lang], str):
                raise self.fail(f"{where}.{lang}", 'a text is {"en": "...", "ru": "..."}')
        return Words(str(doc.get("en", "")), str(doc.get("ru", "")))

    def table(self, value: Any, where: str, read: Callable[[Any, str], T]) -> tuple[tuple[str, T], ...]:
        """An object of id -> entry, in the file's order."""
        if value is None:
            return ()
        doc = self.mapping(value, where)
        return tuple((self.name(k, where), read(v, f"{where}.{k}")) for k, v in doc.items())

    def fields(self, doc: Mapping[str, Any], where: str, known: tuple[str, ...]) -> None:
        for key in doc:
            if key not in known and not str(key).startswith("_"):
                raise self.fail(f"{where}.{key}" if where else str(key),
                                f"is not a chapter field; known here: {', '.join(known)}")

    # ---------------------------------------------------------------------- entries
    def search_card(self, value: Any, where: str) -> SearchCard:
        doc = self.mapping(value, where)
        self.fields(doc, where, ("item", "event", "amount", "text"))
        if ("item" in doc) == ("event" in doc):
            raise self.fail(where, 'a search card is {"item": card id} or {"event": kind, "text": ...}')
        if "item" in doc:
            return SearchCard(item=self.name(doc["item"], f"{where}.item"))
        kind = self.name(doc["event"], f"{where}.event")
        if kind not in SEARCH_EVENTS:
            raise self.fail(f"{where}.event", f"is {kind!r}; a search event is one of {', '.join(SEARCH_EVENTS)}")
        return SearchCard(event=kind, amount=self.number(doc.get("amount", 1), f"{where}.amount", 1),
                          text=self.words(doc.get("text"), f"{where}.text"))

    def deck(self, value: Any, where: str) -> tuple[SearchCard, ...]:
        return tuple(self.search_card(v, f"{where}[{i}]") for i, v in enumerate(self.listing(value, where)))

    def spawn(self, value: Any, where: str) -> Spawn:
        doc = self.mapping(value, where)
        self.fields(doc, where, ("kind", "count", "cell"))
        return Spawn(self.name(doc.get("kind"), f"{where}.kind"),
                     self.number(doc.get("count", 1), f"{where}.count", 1),
                     self.name(doc.get("cell", ""), f"{where}.cell", empty=True))

    def arrival(self, value: Any, where: str) -> Arrival:
        doc = self.mapping(value, where)
        self.fields(doc, where, ("text", "spawn", "turn_page"))
        turn = doc.get("turn_page", False)
        if not isinstance(turn, bool):
            raise self.fail(f"{where}.turn_page", f"must be true or false, not {_shown(turn)}")
        spawns = self.listing(doc.get("spawn", []), f"{where}.spawn")
        return Arrival(self.words(doc.get("text"), f"{where}.text"),
                       tuple(self.spawn(s, f"{where}.spawn[{i}]") for i, s in enumerate(spawns)), turn)

    def achievement(self, value: Any, where: str, *, personal: bool) -> Achievement:
        doc = self.mapping(value, where)
        self.fields(doc, where, ("id", "title", "effect", "trigger"))
        trigger = ""
        if personal:
            trigger = self.name(doc.get("trigger"), f"{where}.trigger")
            if trigger not in TRIGGERS:
                raise self.fail(f"{where}.trigger", f"is {trigger!r}; a trigger is one of {', '.join(TRIGGERS)}")
        return Achievement(self.name(doc.get("id"), f"{where}.id"), self.words(doc.get("title"), f"{where}.title"),
                           self.words(doc.get("effect"), f"{where}.effect"), trigger)

    def chapter(self, value: Any) -> Chapter:
        doc = self.mapping(value, "")
        self.fields(doc, "", FIELDS)
        start = self.number(doc.get("start_page", 1), "start_page", 1)
        end = self.number(doc.get("end_page", 5), "end_page", 1)
        if end <= start:
            raise self.fail("end_page", f"is {end}: it must come after start_page ({start})")
        victory = self.mapping(doc.get("victory", {"type": "clear_all"}), "victory")
        self.fields(victory, "victory", ("type", "tile", "text"))
        kind = self.name(victory.get("type"), "victory.type")
        if kind not in VICTORY_TYPES:
            raise self.fail("victory.type", f"is {kind!r}; a victory is one of {', '.join(VICTORY_TYPES)}")
        tile = self.name(victory.get("tile", ""), "victory.tile", empty=kind != "clear_tile")
        story = self.mapping(doc.get("story", {}), "story")
        self.fields(story, "story", ("pages", "end_page", "victory", "arrive"))
        pages = self.table(story.get("pages"), "story.pages", self.words)
        for number, _text in pages:
            if not number.isdigit():
                raise self.fail(f"story.pages.{number}", "a page is named by its number (\"2\")")
        gained = self.mapping(doc.get("story_achievements", {}), "story_achievements")
        self.fields(gained, "story_achievements", ("victory",))
        won = self.listing(gained.get("victory", []), "story_achievements.victory")
        personal = self.listing(doc.get("personal_achievements", []), "personal_achievements")
        return Chapter(
            id=self.name(doc.get("id"), "id"), source=self.path,
            title=self.words(doc.get("title"), "title"),
            start_tile=self.name(doc.get("start_tile", ""), "start_tile", empty=True),
            start_page=start, end_page=end,
            tiles=self.table(doc.get("tiles"), "tiles", self.words),
            victory=Victory(kind, tile, self.words(victory.get("text"), "victory.text")),
            surge_cells=self.table(doc.get("surge_cells"), "surge_cells", self.name),
            turn_targets=self.table(doc.get("turn_targets"), "turn_targets", self.name),
            search=self.table(doc.get("search"), "search", self.deck),
            pages=pages,
            end_text=self.words(story.get("end_page"), "story.end_page"),
            victory_text=self.words(story.get("victory"), "story.victory"),
            arrivals=self.table(story.get("arrive"), "story.arrive", self.arrival),
            story_achievements=tuple(self.achievement(a, f"story_achievements.victory[{i}]", personal=False)
                                     for i, a in enumerate(won)),
            personal_achievements=tuple(self.achievement(a, f"personal_achievements[{i}]", personal=True)
                                        for i, a in enumerate(personal)))


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def parse_chapter(doc: Any, path: str) -> Chapter:
    """A chapter from its JSON document; ChapterError names the field at fault."""
    return _Reader(path).chapter(doc)


def read_chapter(path: Path) -> Chapter:
    """The chapter file at ``path`` (read once while it is unchanged)."""
    try:
        stamp = path.stat()
    except OSError:
        raise ChapterError(str(path), "", "does not exist; create it beside the map or correct the map property "
                           f"'{CHAPTER_PROPERTY}' that names it") from None
    chapter = _read(str(path), stamp.st_mtime_ns, stamp.st_size)
    _LOADED[chapter.id] = chapter
    return chapter


@cache
def _read(path: str, _mtime: int, _size: int) -> Chapter:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeError) as exc:
        raise ChapterError(path, "", f"cannot be read ({exc.__class__.__name__}: {exc})") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ChapterError(path, "", f"is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    return parse_chapter(doc, path)


def chapter_file(board: Board) -> Path | None:
    """The chapter file the map names (property ``chapter``, relative to the map), or None."""
    name = board.properties.get(CHAPTER_PROPERTY)
    if name is None or name == "":
        return None
    if not isinstance(name, str):
        raise ChapterError(board.path, "", f"the map property '{CHAPTER_PROPERTY}' must name the chapter file "
                           f"(type file or string, e.g. 'my_room.chapter.json'), not {_shown(name)}")
    path = Path(name)
    return path if path.is_absolute() else Path(board.path).parent / path


def plain_chapter(board: Board) -> Chapter:
    """The chapter of a map that names no chapter file: start on the first mouse's tile, pages
    1 to 5, won when no minion is left on the map; no search cards and no story."""
    return Chapter(Path(board.path).stem or "chapter", source="")


def chapter_of(board: Board) -> Chapter:
    """The chapter a map plays: its chapter file's, else its plain chapter."""
    path = chapter_file(board)
    return plain_chapter(board) if path is None else read_chapter(path)


# ---------------------------------------------------------------------------------- names
#: every chapter read so far, by id: where the log finds tile names and achievement titles
_LOADED: dict[str, Chapter] = {}


def tile_names() -> dict[str, Words]:
    """The tiles' names of every chapter read (tile id -> words)."""
    out: dict[str, Words] = {}
    for chapter in _LOADED.values():
        out.update(chapter.tiles)
    return out


def achievement_titles() -> dict[str, Words]:
    """The titles of the achievements of every chapter read (id -> words)."""
    out: dict[str, Words] = {}
    for chapter in _LOADED.values():
        out.update({a.id: a.title for a in chapter.story_achievements + chapter.personal_achievements})
    return out


__all__ = ["CHAPTER_PROPERTY", "NO_CHAPTER", "SEARCH_EVENTS", "TRIGGERS", "VICTORY_TYPES", "Achievement",
           "Arrival", "Chapter", "ChapterError", "SearchCard", "Spawn", "Victory", "Words", "achievement_titles",
           "chapter_file", "chapter_of", "parse_chapter", "plain_chapter", "read_chapter", "tile_names"]
