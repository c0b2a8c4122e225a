"""What is drawn on Helldorado's table, over the map: the units' bases, the sight lines and range
rings of the unit looked at, the template being laid, the move being dragged, and every word on
the table (the units' names, the sight and cover labels, the rings' bands, the move's length).

The words are placed at once by the one ``LabelPlacer`` (``game.ui.labels``): never over a base
or another label, never off the table, moved away with a leader line when there is no room
beside their unit. Priority: the move being dragged, the unit under the pointer, the selected
unit and its targets (each sight label names its enemy), the range rings, the units of the side
to play, then the rest, shortened ("Arque. 2") or left out until the pointer is over them.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.rules.helldorado.spatial import angle_to
from game.rules.helldorado.state import HDState, Unit
from game.ui.board_view import HOVER_INK, outline_piece
from game.ui.colours import LABEL_PLATE, NO_SIDE, RGB, ink_on
from game.ui.label_layout import circle_box
from game.ui.labels import LabelPlacer, remember_words
from game.ui.play import widgets as ui
from game.ui.play.hd.overlay import (
    RING,
    SightPicture,
    band_words,
    draw_sight,
    draw_template,
    ring_radii,
    sight_colour,
    sight_short,
    sight_words,
    weapon_bands,
)

if TYPE_CHECKING:
    from game.ui.play.hd.view import HDPlayView

#: label priorities (higher is placed first)
DRAG, HOVER, SELECTED, LEGAL, SEEN, UNSEEN, RINGS, TO_PLAY, OTHER = 110, 100, 95, 90, 85, 80, 70, 50, 20
#: a base is never drawn smaller than this radius, in pixels: 24 px wide at least (issue 16), a
#: little over its true size only where the whole ruins fit a small window (1024x640)
MIN_R = 12
#: the label plates made lately, by their words and colours
_PLATES: OrderedDict[tuple[int, tuple[tuple[str, RGB], ...]], pygame.Surface] = OrderedDict()


def plate(texts: ui.Texts, lines: Sequence[tuple[str, RGB]]) -> pygame.Surface:
    """A label's plate: its lines, one under the other, on the table's dark backing."""
    font = texts.font(ui.SMALL_PX)
    key = (id(font), tuple(lines))
    found = _PLATES.get(key)
    if found is not None:
        _PLATES.move_to_end(key)
        return found
    pics = [texts.render(text, ui.SMALL_PX, colour) for text, colour in lines]
    out = pygame.Surface((max(p.get_width() for p in pics) + 8, sum(p.get_height() for p in pics) + 2),
                         pygame.SRCALPHA)
    out.fill(LABEL_PLATE)
    y = 1
    placed = []
    for pic, (text, _colour) in zip(pics, lines, strict=True):
        out.blit(pic, (4, y))
        placed.append((text, 4, y, font))
        y += pic.get_height()
    _PLATES[key] = out
    remember_words(out, " / ".join(text for text, _colour in lines), placed)
    if len(_PLATES) > 512:
        _PLATES.popitem(last=False)
    return out


def short_name(name: str) -> str:
    """A unit's name cut for a crowded table: its first word (five letters and a dot when
    longer than six) and its number ("Arquebusier 2" -> "Arque. 2", "Friar Tomás" -> "Friar")."""
    words = name.split()
    if not words:
        return name
    head = words[0] if len(words[0]) <= 6 else words[0][:5] + "."
    return f"{head} {words[-1]}" if len(words) > 1 and words[-1].isdigit() else head


def base_radius(u: Unit, scale: float) -> int:
    """A unit's base on the screen, in pixels (``scale``: pixels per fathom)."""
    return max(MIN_R, round(u.radius * scale))


def draw_table(view: HDPlayView, surface: pygame.Surface) -> None:
    """The units, the overlays and every word on the table (``surface``: the table's area)."""
    cam = view.board_view.camera
    st = view.state
    k = view.k
    scale = cam.zoom * k
    bounds = surface.get_rect()
    placer = LabelPlacer(surface, bounds=bounds, spots=view.spots)
    for obj in view.board.objects:  # the map's own words stay readable: no label over them
        if obj.shape == "text" and obj.visible and obj.text:
            x0, y0, x1, y1 = obj.geometry.bounds
            (sx0, sy0), (sx1, sy1) = cam.world_to_screen(x0, y0), cam.world_to_screen(x1, y1)
            placer.keep_clear((sx0, sy0, sx1 - sx0, sy1 - sy0))
    pic = view.sight() if view.tool is None and view.drag_from is None else None
    if pic is not None:
        draw_sight(surface, cam, st, pic)
    tpl = view.template()
    if tpl is not None:
        draw_template(surface, cam, st, tpl)
    active = st.activation.unit if st.activation else ""
    sights = {s.unit: s for s in pic.sights} if pic is not None else {}
    caught = set(tpl.caught) if tpl is not None else set()
    to_play = view.session.to_play()
    for u in sorted(st.units, key=lambda u: (u.alive, u.z, u.y)):
        sx, sy = cam.world_to_screen(u.x * k, u.y * k)
        c = (round(sx), round(sy))
        r = base_radius(u, scale)
        _draw_base(view, surface, u, c, r, active)
        ring = 9 if u.id == active else 5 if u.id == view.selected else 3
        placer.keep_clear(circle_box(c, r + ring))
        if not u.alive or not bounds.collidepoint(c):
            continue
        name = view.names.of(u.id)
        lifted = _(", height {z:.1f} f").format(z=u.z) if u.z > 0.05 else ""
        head = f"{name} {u.lp}/{u.max_lp}{lifted}"
        sight = sights.get(u.id)
        if u.id == view.hover:
            rank = HOVER
        elif u.id == view.selected or u.id == active:
            rank = SELECTED
        elif sight is not None:
            rank = LEGAL if sight.legal else SEEN if sight.seen else UNSEEN
        elif u.id in caught:
            rank = LEGAL
        else:
            rank = TO_PLAY if u.side == to_play else OTHER
        if sight is not None:  # the sight label names its enemy
            full = plate(view.texts, [(head, ui.TEXT), (sight_words(sight), sight_colour(sight))])
            short = plate(view.texts, [(sight_short(sight, short_name(name)), sight_colour(sight))])
        else:
            full = plate(view.texts, [(head, ui.TEXT)])
            short = plate(view.texts, [(short_name(name), ui.TEXT)])
        placer.add(full, c, clearance=r + ring, priority=rank, short=short)
    if pic is not None:
        _ring_labels(view, placer, st, pic, bounds)
    if view.drag_from is not None and view.drag_to is not None and view.selected:
        _draw_drag(view, surface, placer)
    elif view.hover_piece:
        _draw_hovered_piece(view, surface, placer)
    placer.draw()


def _draw_hovered_piece(view: HDPlayView, surface: pygame.Surface, placer: LabelPlacer) -> None:
    """The terrain piece under the pointer outlined, with its name and height (issue 16: terrain
    a player can read; its height decides what it hides, HD-RANGED-8)."""
    solid = view.session.system.table_of(view.state).solids.get(view.hover_piece)
    if solid is None:
        return
    cam, k = view.board_view.camera, view.k
    anchor = outline_piece(surface, solid.footprint, lambda x, y: cam.world_to_screen(x * k, y * k))
    words = _("{name} · {height:.1f} f high").format(name=view.names.thing(solid.id),
                                                     height=solid.top)
    placer.add(plate(view.texts, [(words, HOVER_INK)]), anchor, clearance=4, priority=HOVER)


def _draw_base(view: HDPlayView, surface: pygame.Surface, u: Unit, c: tuple[int, int], r: int,
               active: str) -> None:
    colour = view.colours.get(u.side, NO_SIDE)
    if not u.alive:
        grey = (0x50, 0x50, 0x50)
        pygame.draw.circle(surface, grey, c, r, 2)
        pygame.draw.line(surface, grey, (c[0] - r, c[1] - r), (c[0] + r, c[1] + r), 2)
        return
    if u.id == view.selected:
        pygame.draw.circle(surface, ui.ACCENT, c, r + 5, 3)
    if u.id == active:
        pygame.draw.circle(surface, (0xFF, 0xFF, 0xFF), c, r + 9, 2)
    if u.id == view.hover:
        pygame.draw.circle(surface, (0xF4, 0xF4, 0xF0), c, r + 3, 1)
    fill: RGB = colour if not u.activated else (colour[0] // 2, colour[1] // 2, colour[2] // 2)
    pygame.draw.circle(surface, fill, c, r)
    pygame.draw.circle(surface, (0x10, 0x10, 0x12), c, r, 2)
    mark = view.texts.render(view.letters.get(u.side, ""), ui.SMALL_PX, ink_on(fill))
    surface.blit(mark, mark.get_rect(center=c))


def _ring_labels(view: HDPlayView, placer: LabelPlacer, st: HDState, pic: SightPicture,
                 bounds: pygame.Rect) -> None:
    """Each range ring named by its band, where the ring shows in the table (below the unit
    first, then above, right, left); an open long band beyond the last ring."""
    cam = view.board_view.camera
    k = view.k
    u = st.unit(pic.shooter)
    sx, sy = cam.world_to_screen(u.x * k, u.y * k)
    scale = cam.zoom * k
    inner = bounds.inflate(-40, -16)
    units = [cam.world_to_screen(o.x * k, o.y * k) for o in st.alive()]
    rings = ring_radii(pic, st)
    for band, reach in rings:
        anchor = _on_ring((sx, sy), reach * scale, inner, units)
        if anchor is not None:
            placer.add(plate(view.texts, [(band_words(band), RING)]), anchor, priority=RINGS)
    bands = weapon_bands(pic.weapon_range, st.cfg.long_band_open)
    if rings and bands and bands[-1].upto is None:  # the long band goes on past the last ring
        anchor = _on_ring((sx, sy), rings[-1][1] * scale + 14, inner, units)
        if anchor is not None:
            placer.add(plate(view.texts, [(band_words(bands[-1]), RING)]), anchor, priority=RINGS)


#: where on a ring its label may go: below, above, right, left, then the diagonals
_ON_RING = ((0.0, 1.0), (0.0, -1.0), (1.0, 0.0), (-1.0, 0.0),
            (0.7071, 0.7071), (-0.7071, 0.7071), (0.7071, -0.7071), (-0.7071, -0.7071))


def _on_ring(centre: tuple[float, float], radius: float, inner: pygame.Rect,
             units: Sequence[tuple[float, float]]) -> tuple[float, float] | None:
    """The point of the ring inside the table farthest from the units (their labels crowd
    round them), the first in ``_ON_RING``'s order on a tie; None when the ring is out of view."""
    best: tuple[float, float] | None = None
    room = -1.0
    for dx, dy in _ON_RING:
        x, y = centre[0] + dx * radius, centre[1] + dy * radius
        if not inner.collidepoint(x, y):
            continue
        clear = min((math.hypot(x - ux, y - uy) for ux, uy in units), default=math.inf)
        if clear > room + 1.0:
            best, room = (x, y), clear
    return best


def _draw_drag(view: HDPlayView, surface: pygame.Surface, placer: LabelPlacer) -> None:
    """The move being dragged: the way asked for, the band the base sweeps, its end and the
    length (with what stops it)."""
    acting = view.acting(view.selected)
    if acting is None or view.drag_to is None:
        return
    cam = view.board_view.camera
    k = view.k
    u = acting.unit(view.selected)
    system = view.session.system
    want = math.hypot(view.drag_to[0] - u.x, view.drag_to[1] - u.y)
    left = system.remaining(acting, u)
    if want < 0.02 or left <= 0:
        return
    angle = angle_to(u, view.drag_to)
    res = system.sweep(acting, u, angle, min(want, left))
    a = cam.world_to_screen(u.x * k, u.y * k)
    b = cam.world_to_screen(res.x * k, res.y * k)
    want_pt = cam.world_to_screen(view.drag_to[0] * k, view.drag_to[1] * k)
    r = round(u.radius * k * cam.zoom)
    pygame.draw.line(surface, ui.DIM, a, want_pt, 1)
    pygame.draw.line(surface, ui.ACCENT, a, b, max(2, 2 * r))
    end = (round(b[0]), round(b[1]))
    pygame.draw.circle(surface, ui.ACCENT, end, r, 2)
    placer.keep_clear(circle_box(end, r))
    words = _("{d:.2f} of {left:.2f} f").format(d=res.distance, left=left) + (
        _(", stops at {what}").format(what=view.names.thing(str(res.id), str(res.kind or "")))
        if res.stopped else "")
    placer.add(plate(view.texts, [(words, ui.ACCENT)]), end, clearance=r + 2, priority=DRAG)
