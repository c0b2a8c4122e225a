"""The Relic ring on the table: the spaces a move may pick lit, the threat cards lying on spaces,
the heroes' pieces, and the spaces' names.

Each space is named by its map, as the rules read it (``RelicSession.name``: the board's
``name_of``, ``name_ru`` in Russian), the same name its buttons, the log and the tray give it;
the cells' names the table picture would draw are left out of it (``unnamed``). The pieces of a space stand in rows of two at its most inward
point, its threat cards in a row above them; the names go through the one label placement
(``game.ui.labels.LabelPlacer``) with the pieces and the cards as obstacles, the space under the
pointer first, then those a click can pick, those with a piece or a card, then the rest where
the name is no wider than its space: a name with no room is left out (the pointer on a space
shows it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pygame
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

from game.board.model import Board
from game.i18n import language
from game.ui.colours import INK_LIGHT, RGB, ink_on
from game.ui.label_layout import circle_box
from game.ui.labels import LabelPlacer, place_all, plate
from game.ui.play import widgets as ui
from game.ui.play.marks import draw_kept_marks
from game.ui.terrain_art import label_point, polygons_of

if TYPE_CHECKING:
    from game.ui.play.relic.view import RelicPlayView

DECK_COLOURS: dict[str, RGB] = {"red": (0xC8, 0x3C, 0x34), "blue": (0x38, 0x6C, 0xC8),
                                "yellow": (0xD8, 0xB0, 0x28), "space": (0x80, 0x50, 0xA0),
                                "scenario": (0x30, 0x30, 0x30)}
HIGHLIGHT: RGB = (0x50, 0xF0, 0x90)
#: a piece's least radius on the screen (px): 24 px wide at least (issue 16)
MIN_PIECE_R = 12
#: a label's priority: the higher first
HOVERED, TARGET, OCCUPIED, PLAIN = 9, 7, 5, 1
#: the map's own words (its title, the crossings) rank this much above their own priority
MAP_WORDS = 3
MAX_PLATES = 256
#: how much wider than its space a name may be and still show without a reason to
WIDER = 1.25


def unnamed(board: Board) -> Board:
    """``board`` with its cells' names left out: the table picture shows none, this module
    writes each space's name in the reader's language (``RelicSession.name``)."""
    return replace(board, cells=tuple(replace(c, name="") for c in board.cells))


@dataclass(frozen=True)
class Piece:
    """A hero's piece where it is drawn: its player, its space, its centre on the table (px),
    its radius."""

    player: str
    space: str
    x: float
    y: float
    r: float


@dataclass(frozen=True)
class Spot:
    """Where things go on one space (table millimetres): its name's anchor, its most inward
    point (the pieces and cards), its width."""

    label: tuple[float, float]
    inward: tuple[float, float]
    width: float


def spots(view: RelicPlayView) -> dict[str, Spot]:
    """Each space's ``Spot``, worked out once for the board."""
    if view.spots_by_space is None:
        view.spots_by_space = {cid: _spot(cell.polygon) for cid, cell in view.cells.items()}
    return view.spots_by_space


def _spot(geom: BaseGeometry) -> Spot:
    parts = polygons_of(geom)
    minx, _miny, maxx, _maxy = geom.bounds
    if not parts:
        inward = label_point(geom)
    else:
        p = polylabel(max(parts, key=lambda q: q.area), tolerance=1.0)
        inward = (p.x, p.y)
    return Spot(label_point(geom), inward, maxx - minx)


def piece_radius(zoom: float) -> int:
    return max(MIN_PIECE_R, round(4.2 * zoom))


def pieces(view: RelicPlayView) -> list[Piece]:
    """Every hero's piece on the table, those of a space in rows of two at its most inward
    point (the order of play within a space)."""
    cam = view.board_view.camera
    at = spots(view)
    rad = piece_radius(cam.zoom)
    step = 2 * rad + 3
    by_space: dict[str, list[str]] = {}
    for hero in view.state.heroes:
        by_space.setdefault(hero.space, []).append(hero.player)
    out: list[Piece] = []
    for cid, players in by_space.items():
        if cid not in at:
            continue
        cx, cy = cam.world_to_screen(*at[cid].inward)
        cols = min(2, len(players))
        rows = (len(players) + cols - 1) // cols
        for i, p in enumerate(players):
            r, c = divmod(i, cols)
            n = min(cols, len(players) - r * cols)
            out.append(Piece(p, cid, cx + (c - (n - 1) / 2) * step, cy + (r - (rows - 1) / 2) * step,
                             rad))
    return out


def card_boxes(view: RelicPlayView, placed: Sequence[Piece]) -> list[tuple[pygame.Rect, Any]]:
    """Each threat card on the table: its box (px) in a row above the pieces of its space (or
    at the space's inward point), with the card."""
    cam = view.board_view.camera
    z = cam.zoom
    w, h = max(18, round(9 * z)), max(14, round(6 * z))
    out: list[tuple[pygame.Rect, Any]] = []
    at = spots(view)
    for cid, cards in view.state.threats:
        if cid not in at:
            continue
        cx, cy = cam.world_to_screen(*at[cid].inward)
        top = min((p.y - p.r for p in placed if p.space == cid), default=cy + h / 2)
        for i, card in enumerate(cards):
            r = pygame.Rect(0, 0, w, h)
            r.center = (round(cx - (len(cards) - 1) * (w + 3) / 2 + i * (w + 3)), round(top - 3 - h / 2))
            out.append((r, card))
    return out


def draw_board(view: RelicPlayView, surface: pygame.Surface) -> None:
    """The ring's marks on the table (``surface``: the table's area), drawn again only when
    what they show changes (the match, the camera, the window, the space under the pointer,
    the language); else the picture made last is laid on the table."""
    st = view.state
    key = (id(st), view.hot_space, language(), view.human_to_play(), view.board_view.show_terrain)
    draw_kept_marks(view, surface, key, st, paint_board, camera=view.board_view.camera)


def paint_board(view: RelicPlayView, surface: pygame.Surface) -> None:
    """The ring's marks: the lit spaces, the cards, the pieces, then the spaces' names."""
    st = view.state
    cam = view.board_view.camera
    cells = view.cells
    for cid in view.targets():  # the layer is clear: the glow goes straight onto it
        cell = cells.get(cid)
        if cell is None:
            continue
        for poly in polygons_of(cell.polygon):
            pts = [cam.world_to_screen(*p[:2]) for p in poly.exterior.coords]
            pygame.draw.polygon(surface, (*HIGHLIGHT, 90 if cid != view.hot_space else 150), pts)
            pygame.draw.polygon(surface, (*HIGHLIGHT, 255), pts, 3)
    texts = view.texts
    placed = pieces(view)
    cards = card_boxes(view, placed)
    for r, card in cards:
        fill = DECK_COLOURS.get(card.deck, (90, 90, 90))
        pygame.draw.rect(surface, fill, r, border_radius=3)
        pygame.draw.rect(surface, (250, 245, 230), r, 1, border_radius=3)
        word = str(card.value) if card.kind == "enemy" else "?"
        pic = texts.render(word, ui.SMALL_PX, ink_on(fill))
        surface.blit(pic, pic.get_rect(center=r.center))
    for piece in placed:
        x, y, rad = round(piece.x), round(piece.y), round(piece.r)
        colour = view.colours[piece.player]
        pygame.draw.circle(surface, (20, 20, 20), (x + 2, y + 2), rad)
        pygame.draw.circle(surface, colour, (x, y), rad)
        active = piece.player == st.active_player
        pygame.draw.circle(surface, ui.ACCENT if active else (250, 245, 230), (x, y), rad,
                           3 if active else 1)
        pic = texts.render(view.side_letter(piece.player), ui.SMALL_PX, ink_on(colour))
        surface.blit(pic, pic.get_rect(center=(x, y)))
    draw_names(view, surface, placed, [r for r, _card in cards])


def draw_names(view: RelicPlayView, surface: pygame.Surface, placed: Sequence[Piece],
               cards: Sequence[pygame.Rect]) -> int:
    """Each space's name and the map's own words, placed clear of the pieces, the cards and one
    another; how many were drawn."""
    cam = view.board_view.camera
    obstacles = [circle_box((p.x, p.y), p.r + 2) for p in placed]
    obstacles += [(r.x, r.y, r.w, r.h) for r in cards]
    placer = LabelPlacer(surface, obstacles=obstacles)
    place_all(placer, view.board_view.map_labels(), MAP_WORDS)  # its title, the crossings
    targets = view.targets()
    busy = {h.space for h in view.state.heroes} | {cid for cid, cards in view.state.threats if cards}
    area = surface.get_rect()
    for cid, spot in spots(view).items():
        anchor = cam.world_to_screen(*spot.label)
        if not area.collidepoint(anchor):
            continue  # a space out of the view is not named at its edge
        priority = HOVERED if cid == view.hot_space else TARGET if cid in targets else \
            OCCUPIED if cid in busy else PLAIN
        picture = _plate(view, view.session.name(cid))
        if priority == PLAIN and spot.width * cam.zoom * WIDER < picture.get_width():
            continue  # a name wider than its space shows when it matters (or under the pointer)
        placer.add(picture, anchor, priority=priority)
    return placer.draw()


def _plate(view: RelicPlayView, text: str) -> pygame.Surface:
    """A space's name on the labels' plate, kept while the view lives."""
    found = view.plates.get(text)
    if found is None:
        if len(view.plates) > MAX_PLATES:
            view.plates.clear()
        found = view.plates[text] = plate(view.texts.font(ui.SMALL_PX), text, INK_LIGHT)
    return found
