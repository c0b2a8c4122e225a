"""A table a player can read, on every view, in crowded states (issue 16, "Done when").

Each of the six views is put in the crowded scripted state of ``tests/ui/crowded.py`` (every
figure in one melee, four mice in one cell, a blast over a melee, every overlay on, a tooltip up),
in English and in Russian, and shown at 1024x640, 1280x800 and 1920x1080, each size reached by a
resize. For each size (and each moment of a view: Helldorado's sight lines, then its blast) the
last frame is read back:

- **fit**: the board view follows the fit (``BoardView.following_fit``: the camera fits again on a
  resize) and the whole board is inside the table's part of the window, filling its limiting
  side;
- **bases**: every figure's base is at least 24 px wide at the fitted zoom (the layout puts the
  bars beside the table when that shows the map larger);
- **labels**: the labels placed by the one label placement (``LabelPlacer``, read through
  ``recording_labels()``; those drawn into the cached table picture too, moved to where it is
  blitted) overlap neither one another nor a figure's base (the bases as the game state has
  them: ``Crowded.bases``), and stay on the table;
- **placement**: no text is written on the table outside the ``LabelPlacer`` (a text picture
  blitted onto the table that is not a placed label; a single letter on a base is its mark, not
  a label) - else the two checks above could not see it;
- **inside**: no text is drawn outside its widget: a text picture (rendered by a font, or a plate
  made by ``labels.plate``) blitted onto the screen lies wholly inside the picture it is blitted
  on (its clip; a line of the side panel's scrolled list may be cut at its top or bottom), and
  on the screen itself inside one part of the layout (top bar, table, side panel, tray, action
  bar, status line); a pygame_gui button or label is wide enough for its text; widgets and the
  tooltip are inside the window;
- **words**: no string drawn matches an internal-ID pattern (``leaks`` of
  ``tests/hardening/test_shown_words.py``).

A case that fails because the view is not done yet is marked ``xfail(strict=True)`` with what is
missing (``KNOWN``): it becomes an error once fixed, and the mark must then go.
"""

from __future__ import annotations

import math
import tempfile
import weakref
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import i18n
from game.ui.label_layout import overlaps
from game.ui.labels import LabelDraw, recording_labels, words_of
from tests.hardening.test_shown_words import _recording, leaks
from tests.ui.crowded import SIZES, TOOLTIP_WAIT_S, VIEW_NAMES, Crowded, crowd, headless

LANGS = ("en", "ru")
#: the views with a table (the menu has none)
TABLE_VIEWS = tuple(n for n in VIEW_NAMES if n != "menu")
#: a label may touch a base's rim by this much (px: rounding of the blit position)
TOUCH_PX = 1.0
#: a base is never drawn narrower than this at the fitted zoom (px)
MIN_BASE_PX = 24.0
#: the fitted board fills at least this much of the table's limiting side (the fit leaves 3%
#: a side)
FILL = 0.9


# ---------------------------------------------------------------------- what was drawn
@dataclass(frozen=True)
class TextBlit:
    """A text picture blitted onto the screen or one of its subsurfaces."""

    text: str
    rect: pygame.Rect  #: where it went, in screen pixels (not clipped)
    clip: pygame.Rect  #: the clip of the picture it went on, in screen pixels
    on_screen: bool  #: blitted on the screen itself (not on a subsurface of it)


#: the text each font-rendered picture shows (filled while ``_texts`` is on)
_rendered: weakref.WeakKeyDictionary[pygame.Surface, str] = weakref.WeakKeyDictionary()
#: the text blits of the frame being recorded (None: not recording)
_blits: list[TextBlit] | None = None


def _words(source: Any) -> str:
    if not isinstance(source, pygame.Surface):
        return ""
    return _rendered.get(source, "") or words_of(source)


def _note(target: pygame.Surface, source: Any, dest: Any, area: Any) -> None:
    if _blits is None:
        return
    text = _words(source)
    if not text:
        return
    if isinstance(dest, pygame.Rect):
        x, y = dest.topleft
    else:
        x, y = round(dest[0]), round(dest[1])
    size = pygame.Rect(area).size if area is not None else source.get_size()
    ox, oy = target.get_abs_offset()
    clip = target.get_clip().move(ox, oy)
    _blits.append(TextBlit(text, pygame.Rect(x + ox, y + oy, *size), clip,
                           target.get_parent() is None))


class Screen(pygame.Surface):
    """The window's surface, noting every text picture blitted onto it or a subsurface of it
    (a subsurface of a Screen is a Screen)."""

    def blit(self, source: Any, dest: Any, area: Any = None, special_flags: int = 0) -> Any:
        done = super().blit(source, dest, area, special_flags)
        _note(self, source, dest, area)
        return done

    def blits(self, blit_sequence: Any, doreturn: Any = 1) -> Any:
        items = list(blit_sequence)
        done = super().blits(items, doreturn)
        for item in items:
            _note(self, item[0], item[1], item[2] if len(item) > 2 else None)
        return done

    def fblits(self, blit_sequence: Any, special_flags: int = 0) -> Any:
        items = list(blit_sequence)
        done = super().fblits(items, special_flags)
        for item in items:
            _note(self, item[0], item[1], None)
        return done


@contextmanager
def _texts() -> Iterator[list[str]]:
    """Every string rendered inside (``test_shown_words``' recorder), and each rendered picture
    remembered with its text."""
    with _recording() as seen:
        base = pygame.font.Font

        class TextFont(base):  # type: ignore[misc, valid-type]
            def render(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
                picture = super().render(text, *args, **kwargs)
                _rendered[picture] = str(text)
                return picture

        pygame.font.Font = TextFont  # type: ignore[misc]
        try:
            yield seen
        finally:
            pygame.font.Font = base  # type: ignore[misc]


# ---------------------------------------------------------------------- one frame read back
@dataclass
class Shot:
    """What one frame of a crowded view showed, and what is wrong with it, by check."""

    view: str
    lang: str
    size: tuple[int, int]
    moment: str
    problems: dict[str, list[str]] = field(default_factory=dict)

    def add(self, check: str, problem: str) -> None:
        self.problems.setdefault(check, []).append(f"[{self.moment or '-'}] {problem}")


def _box(b: tuple[float, float, float, float]) -> str:
    return f"({b[0]:.0f},{b[1]:.0f} {b[2]:.0f}x{b[3]:.0f})"


def _circle_hits_box(cx: float, cy: float, r: float, box: tuple[float, float, float, float]) -> bool:
    nx = min(max(cx, box[0]), box[0] + box[2])
    ny = min(max(cy, box[1]), box[1] + box[3])
    return math.hypot(nx - cx, ny - cy) < r - TOUCH_PX


def check_fit(c: Crowded, shot: Shot) -> None:
    bv = c.board_view
    table = c.table_rect()
    if bv is None or table is None:
        return
    if not bv.following_fit:
        shot.add("fit", "the camera stopped following the fit (following_fit is False)")
    cam = bv.camera
    left, top = cam.world_to_screen(0.0, 0.0)
    right, bottom = cam.world_to_screen(bv.board.width_mm, bv.board.height_mm)
    vw, vh = bv.viewport
    if left < -1 or top < -1 or right > vw + 1 or bottom > vh + 1:
        shot.add("fit", f"the board {_box((left, top, right - left, bottom - top))} is not inside "
                        f"the table's {vw}x{vh}")
    fill = max((right - left) / max(vw, 1), (bottom - top) / max(vh, 1))
    if fill < FILL:
        shot.add("fit", f"the board fills {fill:.0%} of the table's limiting side")


def check_bases(c: Crowded, shot: Shot) -> None:
    """Every base at least ``MIN_BASE_PX`` wide at the fitted zoom (UI.md: "zoom the table,
    not the interface")."""
    bases = c.bases()
    if not bases:
        shot.add("bases", "no base was found on the table")
        return
    narrowest = min(2 * r for _x, _y, r in bases)
    if narrowest < MIN_BASE_PX:
        shot.add("bases", f"the narrowest base is {narrowest:.1f} px wide at the fitted zoom "
                          f"(table {c.table_rect()})")


def _placed(c: Crowded, draws: list[LabelDraw], cache: list[LabelDraw], screen: pygame.Surface
            ) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every label placed on the table this frame, in screen pixels: those drawn on the screen,
    and those of the table's cached picture moved to where it is blitted."""
    out = []
    for d in draws:
        if d.parent() is screen:
            out += [(p.text, d.on_parent(p.box)) for p in d.labels]
    bv, table = c.board_view, c.table_rect()
    cached = bv.table.picture(bv.camera) if bv is not None else None
    if cached is not None and table is not None:
        picture, (x, y) = cached
        for d in cache:
            if d.parent() is picture:
                for p in d.labels:
                    bx, by, bw, bh = d.on_parent(p.box)
                    out.append((p.text, (bx + x + table.x, by + y + table.y, bw, bh)))
    return out


def check_labels(c: Crowded, shot: Shot, placed: list[tuple[str, tuple[float, float, float, float]]]
                 ) -> None:
    table = c.table_rect()
    assert table is not None
    bounds = (table.x - 1, table.y - 1, table.w + 2, table.h + 2)
    visible = [(t, b) for t, b in placed if overlaps(b, (table.x, table.y, table.w, table.h))]
    for i, (text, box) in enumerate(visible):
        if not (box[0] >= bounds[0] and box[1] >= bounds[1] and box[0] + box[2] <= bounds[0] + bounds[2]
                and box[1] + box[3] <= bounds[1] + bounds[3]):
            shot.add("labels", f"{text!r} {_box(box)} leaves the table {_box(bounds)}")
        for other, obox in visible[i + 1:]:
            if overlaps(box, obox, -TOUCH_PX):
                shot.add("labels", f"{text!r} {_box(box)} overlaps {other!r} {_box(obox)}")
        for cx, cy, r in c.bases():
            if _circle_hits_box(cx, cy, r, box):
                shot.add("labels", f"{text!r} {_box(box)} covers the base at ({cx:.0f},{cy:.0f}) r {r:.0f}")


def check_placement(c: Crowded, shot: Shot, blits: list[TextBlit],
                    placed: list[tuple[str, tuple[float, float, float, float]]]) -> None:
    table = c.table_rect()
    assert table is not None
    boxes = {(round(b[0]), round(b[1]), round(b[2]), round(b[3])) for _t, b in placed}
    for b in blits:
        if not b.rect.colliderect(table) or len(b.text.strip()) <= 1:
            continue  # off the table, or a base's letter
        if (b.rect.x, b.rect.y, b.rect.w, b.rect.h) in boxes:
            continue
        shot.add("placement", f"{b.text!r} at {_box(tuple(b.rect))} is written on the table "
                              "outside the LabelPlacer")


def _areas(c: Crowded) -> list[pygame.Rect]:
    """The parts of the screen a text drawn on the screen itself must stay in."""
    layout = getattr(c.view, "layout", None)
    if layout is not None:
        return layout.parts()
    panel = getattr(c.view, "panel_rect", None)
    if callable(panel):
        right = panel()
        return [pygame.Rect(0, 0, right.x, c.size[1]), right]
    return [pygame.Rect(0, 0, *c.size)]


def _scrolled(c: Crowded, b: TextBlit) -> bool:
    """A line of the side panel's scrolled list (the Log) cut at the top or the bottom of the
    list, as any scrolled list cuts it: not a text outside its widget."""
    layout = getattr(c.view, "layout", None)
    return (layout is not None and layout.panel.contains(b.clip)
            and b.clip.left <= b.rect.left and b.rect.right <= b.clip.right)


def check_inside(c: Crowded, shot: Shot, blits: list[TextBlit], gui: Any) -> None:
    areas = _areas(c)
    seen: set[tuple[str, tuple[int, int, int, int]]] = set()
    for b in blits:
        key = (b.text, tuple(b.rect))
        if key in seen:
            continue
        seen.add(key)
        cut = not b.clip.contains(b.rect)
        if cut and _scrolled(c, b):
            continue
        if cut:
            shot.add("inside", f"{b.text!r} at {_box(tuple(b.rect))} is cut by the edge of its "
                               f"picture {_box(tuple(b.clip))}")
        elif b.on_screen and not any(a.contains(b.rect) for a in areas):
            shot.add("inside", f"{b.text!r} at {_box(tuple(b.rect))} straddles two parts of the "
                               "screen")
    if gui is not None:
        _check_widgets(c, shot, gui)


def _check_widgets(c: Crowded, shot: Shot, gui: Any) -> None:
    from pygame_gui.elements import UIButton, UILabel, UITooltip

    window = pygame.Rect(0, 0, *c.size)
    for e in gui.elements():
        if not e.visible:
            continue
        kind = type(e).__name__
        if isinstance(e, UIButton | UILabel | UITooltip) and not window.contains(e.rect):
            shot.add("inside", f"the {kind} {getattr(e, 'text', '')!r} {_box(tuple(e.rect))} is "
                               "not inside the window")
        if isinstance(e, UIButton | UILabel):
            text = e.text if isinstance(e.text, str) else ""
            font = getattr(e, "font", None)
            if not text.strip() or font is None:
                continue
            width = font.size(text)[0]
            if width > e.rect.width:
                shot.add("inside", f"the {kind}'s text {text!r} ({width} px) is wider than the "
                                   f"{kind} ({e.rect.width} px)")


def _gui(view: Any) -> Any | None:
    return getattr(view, "bars_gui", None) or getattr(view, "gui", None)


@dataclass
class Frame:
    """What one frame placed (the label draws) and blitted (the text pictures)."""

    draws: list[LabelDraw]
    blits: list[TextBlit]


def settle(c: Crowded, screen: pygame.Surface, draws: list[LabelDraw]) -> list[Frame]:
    """The frames after a resize, as ``Crowded.settle`` draws them (a frame, the pointer onto
    its button, the tooltip's wait, a last frame), each read back."""
    global _blits
    frames: list[Frame] = []

    def one(dt: float) -> None:
        global _blits
        draws.clear()
        _blits = []
        c.frame(screen, dt)
        frames.append(Frame(list(draws), _blits))
        _blits = None

    one(0.0)
    c.point_at_tooltip()
    waited = 0.0
    while waited < TOOLTIP_WAIT_S:
        one(0.25)
        waited += 0.25
    one(0.0)
    return frames


def _table_frame(c: Crowded, frames: list[Frame], screen: pygame.Surface) -> Frame | None:
    """The last frame that drew the table (a view may show its last picture again while nothing
    changed on it: what it shows is what that frame drew)."""
    table = c.table_rect()
    for f in reversed(frames):
        if any(d.parent() is screen for d in f.draws) or (
                table is not None and any(b.rect.colliderect(table) for b in f.blits)):
            return f
    return None


def read_view(name: str, lang: str) -> list[Shot]:
    """The crowded view ``name`` in ``lang``, each moment at each size, read back."""
    global _blits
    shots: list[Shot] = []
    language = i18n.language()
    with tempfile.TemporaryDirectory() as scratch, ExitStack() as stack:
        tmp = Path(scratch)
        stack.enter_context(headless(tmp))
        i18n.set_language(lang)
        seen = stack.enter_context(_texts())
        draws = stack.enter_context(recording_labels())
        try:
            c = crowd(name, tmp)
            moments = list(c.moments.items()) or [("", lambda: None)]
            for moment, setup in moments:
                setup()
                for size in SIZES:
                    c.resize(size)
                    screen = Screen(size)
                    frames = settle(c, screen, draws)
                    shot = Shot(name, lang, size, moment)
                    shots.append(shot)
                    for m in c.missing:
                        shot.add("script", m)
                    for why, texts in leaks(list(seen)).items():
                        shot.add("words", f"{why}: {texts[:5]}")
                    last = frames[-1]
                    if name == "menu":
                        check_inside(c, shot, last.blits, _gui(c.view))
                        continue
                    drawn = _table_frame(c, frames, screen)
                    if drawn is None:
                        for check in ("labels", "placement", "inside"):
                            shot.add(check, "nothing was drawn on the table to read back")
                        drawn = last
                    check_inside(c, shot, drawn.blits + last.blits, _gui(c.view))
                    check_fit(c, shot)
                    check_bases(c, shot)
                    cache = _cache_draws(c, [d for f in frames for d in f.draws])
                    placed = _placed(c, drawn.draws, cache, screen)
                    check_labels(c, shot, placed)
                    check_placement(c, shot, drawn.blits, placed)
        finally:
            _blits = None
            i18n.set_language(language)
    return shots


def _cache_draws(c: Crowded, draws: list[LabelDraw]) -> list[LabelDraw]:
    """The labels drawn into the table's cached picture the last time it was drawn."""
    bv = c.board_view
    cached = bv.table.picture(bv.camera) if bv is not None else None
    if cached is None:
        return []
    return [d for d in draws if d.parent() is cached[0]]


_READ: dict[tuple[str, str], list[Shot]] = {}


def shots_of(name: str, lang: str, size: tuple[int, int]) -> list[Shot]:
    if (name, lang) not in _READ:
        _READ[(name, lang)] = read_view(name, lang)
    return [s for s in _READ[(name, lang)] if s.size == size]


def problems(name: str, lang: str, size: tuple[int, int], check: str) -> list[str]:
    shots = shots_of(name, lang, size)
    assert shots, f"{name} ({lang}) at {size}: nothing was drawn"
    return [p for s in shots for p in [*s.problems.get(check, []), *s.problems.get("script", [])]]


# ---------------------------------------------------------------------- what is not done yet
#: (check, view) -> why it fails now, and the cases it fails in ("1024x640-en"...; None: all);
#: each such case is an xfail(strict=True): it turns into an error once fixed (then drop it here)
KNOWN: dict[tuple[str, str], tuple[str, tuple[str, ...] | None]] = {
}


def cases(check: str, views: tuple[str, ...]) -> list[Any]:
    out = []
    for name in views:
        why, which = KNOWN.get((check, name), ("", None))
        for size in SIZES:
            for lang in LANGS:
                case = f"{size[0]}x{size[1]}-{lang}"
                known = bool(why) and (which is None or case in which)
                marks = [pytest.mark.xfail(strict=True, reason=why)] if known else []
                out.append(pytest.param(name, size, lang, marks=marks, id=f"{name}-{case}"))
    return out


# ---------------------------------------------------------------------- the tests
@pytest.mark.parametrize(("name", "size", "lang"), cases("fit", TABLE_VIEWS))
def test_the_whole_board_shows_after_a_resize(name: str, size: tuple[int, int], lang: str) -> None:
    found = problems(name, lang, size, "fit")
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("name", "size", "lang"), cases("bases", TABLE_VIEWS))
def test_every_base_is_24_px_wide_at_the_fitted_zoom(name: str, size: tuple[int, int],
                                                      lang: str) -> None:
    found = problems(name, lang, size, "bases")
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("name", "size", "lang"), cases("labels", TABLE_VIEWS))
def test_placed_labels_overlap_neither_each_other_nor_a_base(name: str, size: tuple[int, int],
                                                             lang: str) -> None:
    found = problems(name, lang, size, "labels")
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize(("name", "size", "lang"), cases("placement", TABLE_VIEWS))
def test_every_text_on_the_table_is_placed(name: str, size: tuple[int, int], lang: str) -> None:
    found = problems(name, lang, size, "placement")
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize(("name", "size", "lang"), cases("inside", VIEW_NAMES))
def test_no_text_is_drawn_outside_its_widget(name: str, size: tuple[int, int], lang: str) -> None:
    found = problems(name, lang, size, "inside")
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize(("name", "size", "lang"), cases("words", VIEW_NAMES))
def test_no_internal_id_is_drawn(name: str, size: tuple[int, int], lang: str) -> None:
    found = problems(name, lang, size, "words")
    assert not found, "\n".join(found)


def test_the_checks_see_what_they_should() -> None:
    """The readers themselves: an overlap, a covered base, a text cut at its picture's edge and
    a text written beside the placer are found."""
    placed = [("a", (10.0, 10.0, 40.0, 12.0)), ("b", (30.0, 15.0, 40.0, 12.0))]

    class Fake:
        view = None
        board_view = None
        size = (200, 200)

        def table_rect(self) -> pygame.Rect:
            return pygame.Rect(0, 0, 200, 200)

        def bases(self) -> list[tuple[float, float, float]]:
            return [(60.0, 60.0, 10.0)]

    shot = Shot("fake", "en", (200, 200), "")
    check_labels(Fake(), shot, [*placed, ("c", (55.0, 55.0, 20.0, 10.0)),
                                ("d", (190.0, 5.0, 30.0, 10.0))])  # type: ignore[arg-type]
    found = "\n".join(shot.problems["labels"])
    assert "'a'" in found and "'b'" in found and "covers the base" in found and "'d'" in found
    shot = Shot("fake", "en", (200, 200), "")
    blits = [TextBlit("cut", pygame.Rect(190, 5, 30, 10), pygame.Rect(0, 0, 200, 200), False),
             TextBlit("free", pygame.Rect(100, 100, 30, 10), pygame.Rect(0, 0, 200, 200), False),
             TextBlit("placed", pygame.Rect(10, 10, 40, 12), pygame.Rect(0, 0, 200, 200), False),
             TextBlit("B", pygame.Rect(60, 60, 8, 10), pygame.Rect(0, 0, 200, 200), False)]
    check_inside(Fake(), shot, blits, None)  # type: ignore[arg-type]
    check_placement(Fake(), shot, blits, placed)  # type: ignore[arg-type]
    assert [p for p in shot.problems["inside"] if "'cut'" in p]
    assert len(shot.problems["inside"]) == 1
    assert {p.split("'")[1] for p in shot.problems["placement"]} == {"cut", "free"}


def test_recording_labels_reads_back_what_a_placer_drew() -> None:
    """``recording_labels`` gives each placed box (on the picture and on its parent), its words,
    the obstacles kept clear and the labels left out; outside it nothing is kept."""
    from game.ui.fonts import Fonts
    from game.ui.labels import LabelPlacer, plate

    pygame.font.init()
    font = Fonts().of_height(14)
    screen = pygame.Surface((300, 200))
    table = screen.subsurface(pygame.Rect(20, 30, 200, 100))
    with recording_labels() as draws:
        placer = LabelPlacer(table, obstacles=[(90.0, 40.0, 20.0, 20.0)])
        placer.add(plate(font, "Athos"), (100, 50), clearance=10)
        placer.add(plate(font, "a label far too long to find any room on this small table at all"),
                   (100, 50), clearance=10)
        placer.draw()
    (d,) = draws
    assert d.parent() is screen and d.offset == (20, 30) and d.size == (200, 100)
    assert d.obstacles == ((90.0, 40.0, 20.0, 20.0),) and len(d.left_out) == 1
    (label,) = d.labels
    assert label.text == "Athos" and not overlaps(label.box, d.obstacles[0])
    assert d.on_parent(label.box)[:2] == (label.box[0] + 20, label.box[1] + 30)
    LabelPlacer(table).draw()
    assert len(draws) == 1  # no longer recording


def test_a_resize_storm_scales_the_table_picture_only_in_the_window() -> None:
    """``QUICK_WHILE_ZOOMING`` (the window's loop): a zoom that keeps changing scales the last
    picture; the first frame the zoom rests draws it properly. Off (pictures, tests): every
    frame is drawn properly."""
    from game.ui import table_cache
    from game.ui.board_view import BoardView
    from tests.ui.conftest import make_board

    pygame.display.init()
    pygame.display.set_mode((1, 1), pygame.HIDDEN)
    try:
        view = BoardView(make_board(), (640, 480), figures=())
        screen = pygame.Surface((900, 700))
        view.draw(screen)
        cache = view.table
        live = table_cache.QUICK_WHILE_ZOOMING
        try:
            table_cache.QUICK_WHILE_ZOOMING = True
            for size in ((800, 600), (640, 480), (900, 700)):
                view.resize(size)
                view.draw(screen)
            assert (cache.rebuilds, cache.quick_rebuilds) == (1, 3)
            view.draw(screen)  # the zoom rests
            assert (cache.rebuilds, cache.quick_rebuilds) == (2, 3)
            table_cache.QUICK_WHILE_ZOOMING = False
            for size in ((800, 600), (640, 480)):
                view.resize(size)
                view.draw(screen)
            assert (cache.rebuilds, cache.quick_rebuilds) == (4, 3)
        finally:
            table_cache.QUICK_WHILE_ZOOMING = live
    finally:
        pygame.quit()
