"""Small text plates on the table, drawn where ``label_layout`` puts them: never over one another
or over what the caller keeps clear (the bases), never outside the picture they are drawn on; a
plate moved away from its anchor is tied back to it by a thin leader line.

``recording_labels()`` lets a test (or a look at a screen) see what was placed: each
``LabelPlacer.draw`` made inside it adds a ``LabelDraw`` (the boxes placed, the obstacles they
kept clear of, the labels left out). Outside it, nothing is recorded and drawing costs nothing
more.
"""

from __future__ import annotations

import weakref
from collections.abc import Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NamedTuple

import pygame

from game.ui.colours import INK_LIGHT, LABEL_PLATE, RGB, RGBA
from game.ui.label_layout import Box, Label, Placed, layout

#: the leader line from a moved label back to what it names
LEADER: RGBA = (0xF4, 0xF4, 0xF0, 170)


@dataclass(frozen=True)
class PlacedLabel:
    """A label as drawn: its ``box`` in the pixels of the picture it was drawn on, its words
    (when the plate was made by ``plate`` while recording, else ""), whether the short form
    was used, and its leader line."""

    box: Box
    text: str = ""
    short: bool = False
    leader: tuple[tuple[float, float], tuple[float, float]] | None = None


@dataclass(frozen=True)
class LabelDraw:
    """One ``LabelPlacer.draw``: the labels placed and those left out, the ``bounds`` they had to
    stay in and the ``obstacles`` they kept clear of, all in the pixels of the picture drawn on;
    ``offset`` is where that picture's top-left lies on ``parent``, the surface it is part of (a
    subsurface's ``get_abs_parent``: the screen, or the table cache)."""

    labels: tuple[PlacedLabel, ...]
    left_out: tuple[str, ...]
    bounds: Box
    obstacles: tuple[Box, ...]
    offset: tuple[int, int]
    size: tuple[int, int]
    parent: weakref.ReferenceType[pygame.Surface]

    def on_parent(self, box: Box) -> Box:
        """``box`` in the pixels of ``parent``."""
        return (box[0] + self.offset[0], box[1] + self.offset[1], box[2], box[3])


class TableLabel(NamedTuple):
    """A label that wants a place: its picture, the point it names (pixels of the picture the
    placer draws on) and its priority (see ``LabelPlacer.add``)."""

    picture: pygame.Surface
    anchor: tuple[float, float]
    priority: int = 0


def place_all(placer: LabelPlacer, labels: Sequence[TableLabel], shift: int = 0) -> None:
    """Add ``labels`` to ``placer``, each with its priority plus ``shift``."""
    for label in labels:
        placer.add(label.picture, label.anchor, priority=label.priority + shift)


#: the draws recorded inside ``recording_labels`` (None: not recording)
_recorded: list[LabelDraw] | None = None
#: the words of the plates made while recording
_words: weakref.WeakKeyDictionary[pygame.Surface, str] = weakref.WeakKeyDictionary()


@contextmanager
def recording_labels() -> Iterator[list[LabelDraw]]:
    """Record every ``LabelPlacer.draw`` made inside (into the list it yields)."""
    global _recorded
    previous = _recorded
    _recorded = []
    try:
        yield _recorded
    finally:
        _recorded = previous


#: the lines of text on each plate: (text, x, y, font), for the glossary's tooltips
_lines: weakref.WeakKeyDictionary[pygame.Surface, tuple[tuple[str, int, int, Any], ...]] = \
    weakref.WeakKeyDictionary()
#: the words drawn by the placers inside ``collecting_words`` (None: not collecting)
_collected: list[tuple[str, float, float, Any]] | None = None


def remember_words(picture: pygame.Surface, text: str,
                   lines: Sequence[tuple[str, int, int, Any]] = ()) -> None:
    """Note the words of a plate made elsewhere (kept while the plate lives), for ``words_of``,
    and its ``lines`` (text, x, y on the plate, font), which a placer notes where it draws it."""
    _words[picture] = text
    if lines:
        _lines[picture] = tuple(lines)


@contextmanager
def collecting_words() -> Iterator[list[tuple[str, float, float, Any]]]:
    """Every line of text the placers draw inside, with where (in the pixels of the picture
    each drew on) and its font: a picture kept between frames notes them again each frame."""
    global _collected
    previous = _collected
    _collected = []
    try:
        yield _collected
    finally:
        _collected = previous


def words_of(picture: pygame.Surface) -> str:
    """The words of a plate made by ``plate`` while recording ("" for any other picture)."""
    return _words.get(picture, "")


def plate(font: pygame.font.Font, text: str, ink: RGB = INK_LIGHT,
          backing: RGBA = LABEL_PLATE) -> pygame.Surface:
    rendered = font.render(text, True, ink)
    out = pygame.Surface((rendered.get_width() + 8, rendered.get_height() + 2), pygame.SRCALPHA)
    out.fill(backing)
    out.blit(rendered, (4, 1))
    remember_words(out, text, ((text, 4, 1, font),))
    return out


class LabelPlacer:
    """Collects the labels of one picture (``add``), then draws them all at once (``draw``):
    the higher ``priority`` first; a label with no room is left out (zooming in makes room)."""

    def __init__(self, target: pygame.Surface, gap: int = 2, obstacles: Sequence[Box] = (),
                 bounds: pygame.Rect | None = None, spots: Any = None) -> None:
        """``spots``: where the words drawn are noted for the glossary's tooltips (a play
        screen's ``glossary_tip.Spots``), when ``target`` is part of the screen."""
        self._target = target
        self._spots = spots
        self._bounds = bounds if bounds is not None else target.get_rect()
        self._gap = gap
        self._obstacles = list(obstacles)
        self._labels: list[Label] = []
        self._pictures: dict[Hashable, tuple[pygame.Surface, pygame.Surface | None]] = {}

    def add(self, picture: pygame.Surface, anchor: tuple[float, float], *, clearance: float = 0.0,
            priority: int = 0, short: pygame.Surface | None = None) -> None:
        """A label for ``anchor``: centred on it when ``clearance`` is 0, else around the circle of
        that radius; ``short`` is its shortened form for when the full one finds no room."""
        key = len(self._labels)
        self._pictures[key] = (picture, short)
        self._labels.append(Label(key, (anchor[0], anchor[1]), picture.get_size(), clearance, priority,
                                  None if short is None else short.get_size()))

    def keep_clear(self, box: Box) -> None:
        self._obstacles.append(box)

    def draw(self) -> int:
        """Draw the labels that found a place; how many did."""
        bounds = self._bounds
        placed = layout(self._labels, (bounds.x, bounds.y, bounds.w, bounds.h), self._obstacles, self._gap)
        if _recorded is not None:
            self._record(placed)
        for p in placed:
            full, short = self._pictures[p.key]
            picture = short if p.short and short is not None else full
            if p.leader is not None:
                (x0, y0), (x1, y1) = p.leader
                pygame.draw.aaline(self._target, LEADER, (x0, y0), (x1, y1))
            self._target.blit(picture, (round(p.box[0]), round(p.box[1])))
            self._note(picture, round(p.box[0]), round(p.box[1]))
        return len(placed)

    def _note(self, picture: pygame.Surface, x: int, y: int) -> None:
        """The plate's lines, for the glossary's tooltips (now, or by whoever collects them)."""
        lines = _lines.get(picture)
        if not lines or (self._spots is None and _collected is None):
            return
        ox, oy = self._target.get_abs_offset()
        for text, dx, dy, font in lines:
            if _collected is not None:
                _collected.append((text, x + dx, y + dy, font))
            if self._spots is not None:
                self._spots.note(text, (ox + x + dx, oy + y + dy), font=font)

    def _record(self, placed: Sequence[Placed]) -> None:
        assert _recorded is not None
        target = self._target

        def words(key: Hashable) -> str:
            full, short = self._pictures[key]
            return _words.get(full, "") or (_words.get(short, "") if short is not None else "")

        shown = {p.key for p in placed}
        b = self._bounds
        _recorded.append(LabelDraw(
            tuple(PlacedLabel(p.box, words(p.key), p.short, p.leader) for p in placed),
            tuple(words(label.key) for label in self._labels if label.key not in shown),
            (b.x, b.y, b.w, b.h), tuple(self._obstacles), target.get_abs_offset(),
            target.get_size(), weakref.ref(target.get_abs_parent())))
