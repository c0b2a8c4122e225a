"""The dice tray: the last roll, each die drawn with its face, the score, the deciding die
ringed in gold, and a 1 that lost the initiative in red; beside it the active figure's pool.

``dice_rows`` reads the rows from a command's events (plain data); ``DiceTray`` draws them and
keeps the picture until the match changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import N_, _
from game.rules.engine import Event, Match
from game.rules.one_for_all.dice import deciding_dice, score
from game.rules.one_for_all.state import OFAState
from game.ui.colours import RGB
from game.ui.play.names import Names
from game.ui.play.widgets import (
    ACCENT,
    BIG_PX,
    DANGER,
    DIM,
    PANEL_BG,
    PANEL_LINE,
    SMALL_PX,
    TEXT,
    Texts,
    ellipsize,
)

IVORY: RGB = (0xF4, 0xEE, 0xDC)
PIP: RGB = (0x1A, 0x1A, 0x1E)
DIE_PX = 28
POOL_W = 120

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


@dataclass(frozen=True)
class DiceRow:
    label: str
    faces: tuple[int, ...]
    deciding: tuple[int, ...] = ()
    red_ones: bool = False  #: its 1s lost the initiative
    side: str = ""
    result: str = ""  #: "= 6, 2 hits"


def _hits(n: int) -> str:
    return _("{n} hit").format(n=n) if n == 1 else _("{n} hits").format(n=n)


def _faces(value: object) -> tuple[int, ...]:
    if isinstance(value, tuple | list):
        return tuple(int(v) for v in value if isinstance(v, int))
    return ()


def dice_rows(events: Sequence[Event], state: OFAState, names: Names) -> list[DiceRow]:
    """The dice a command's events rolled, in order (pool, then each defender, roll-offs)."""
    lost = any(e.kind == "ofa.initiative_lost" for e in events)
    rows: list[DiceRow] = []

    def side_of(ident: str) -> str:
        return state.figure(ident).side if state.has_figure(ident) else ""

    for e in events:
        d = e.data
        if e.kind == "ofa.pool_roll":
            faces = _faces(d.get("faces"))
            rows.append(DiceRow(_("{name}, pool {pool}").format(name=names.of(e.actor),
                                                                 pool=d.get("pool", len(faces))),
                                faces, deciding_dice(faces), lost, side_of(e.actor),
                                f"= {score(faces)}" if faces else _("no dice: score 0")))
        elif e.kind == "ofa.attack":
            faces = _faces(d.get("defender_faces"))
            hits = int(d.get("hits_to_defender", 0))
            words = _("takes {hits}").format(hits=_hits(hits)) if hits else _("holds")
            defender = str(d.get("defender", ""))
            rows.append(DiceRow(names.of(defender), faces, deciding_dice(faces), False,
                                side_of(defender), f"= {d.get('defender_score', 0)}: {words}"))
        elif e.kind == "ofa.duel":
            a, b = _faces(d.get("attacker_faces")), _faces(d.get("defender_faces"))
            defender = str(d.get("defender", ""))
            to_d, to_a = int(d.get("hits_to_defender", 0)), int(d.get("hits_to_attacker", 0))
            won = d.get("winner") == "attacker"
            rows.append(DiceRow(_("{name} duels").format(name=names.of(e.actor)), a,
                                deciding_dice(a), lost, side_of(e.actor),
                                f"= {d.get('attacker_score', 0)}"
                                + (_(": wins, {hits} on {name}").format(
                                    hits=_hits(to_d), name=names.of(defender)) if won else "")))
            rows.append(DiceRow(names.of(defender), b, deciding_dice(b), False, side_of(defender),
                                f"= {d.get('defender_score', 0)}"
                                + ("" if won else _(": wins, {hits} on {name}").format(
                                    hits=_hits(to_a), name=names.of(e.actor)))))
        elif e.kind == "ofa.rolloff":
            rolls = d.get("rolls", ())
            last = rolls[-1] if isinstance(rolls, tuple | list) and rolls else ()
            faces = _faces(last)
            verdict = _("clear") if d.get("clear") else _("blocked")
            rows.append(DiceRow(_("roll-off, {name}").format(
                name=names.of(str(d.get("blocker", "")))), faces, (), False, "", verdict))
    return rows


def opening_rows(state: OFAState, names: Names) -> list[DiceRow]:
    """Who started: each player's die (OFA-1C.4), before any command."""
    if not state.first_player_roll:
        return []
    a, b = state.first_player_roll[-1][:2]
    return [DiceRow(_("{side} start roll").format(side=names.side(state.sides[0])), (a,),
                    (0,) if a > b else (), False, state.sides[0]),
            DiceRow(names.side(state.sides[1]), (b,), (0,) if b > a else (), False, state.sides[1],
                    _("{side} start").format(side=names.side(state.initiative)))]


def last_roll(match: Match, names: Names) -> tuple[str, list[DiceRow]]:
    """The title and rows of the most recent command that rolled dice."""
    for step in reversed(match.steps):
        if step.rolled:
            rows = dice_rows(step.events, step.before, names)
            if rows:
                return names.command(step.command, step.before), rows
    return _("Who starts"), opening_rows(match.state, names)


def draw_die(surface: pygame.Surface, x: int, y: int, face: int, *, size: int = DIE_PX,
             red: bool = False, deciding: bool = False) -> None:
    rect = pygame.Rect(x, y, size, size)
    if deciding:
        pygame.draw.rect(surface, ACCENT, rect.inflate(6, 6), border_radius=6)
    fill, pip = (DANGER, IVORY) if red else (IVORY, PIP)
    pygame.draw.rect(surface, fill, rect, border_radius=5)
    pygame.draw.rect(surface, (0x10, 0x10, 0x12), rect, 1, border_radius=5)
    step = size * 0.27
    r = max(2, round(size * 0.09))
    for px, py in PIPS.get(face, []):
        pygame.draw.circle(surface, pip, (rect.centerx + px * step, rect.centery + py * step), r)


class TrayFrame:
    """The dice tray's frame, the same on every play screen: on the left the active piece's
    counter (its caption, its value, its name), then the last roll's title and the game's rows
    of dice, flowed left to right and top to bottom. A game's tray says what its counter is
    called, how wide a row is and how one is drawn. The picture is kept until what it shows
    (``key``) or the tray's size changes."""

    #: the counter's caption (a msgid)
    caption = ""
    info_w = POOL_W
    die_px = DIE_PX
    row_h = DIE_PX + 12
    gap = 18

    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self._key: object = None
        self._picture: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, key: object, title: str,
             rows: Sequence[Any], info: tuple[str, object] | None,
             colours: dict[str, RGB]) -> None:
        """``info``: the active piece's name and its counter's value (None: no one active)."""
        full = (key, rect.size)
        if full != self._key or self._picture is None:
            self._key = full
            self._picture = self._render(rect.size, title, rows, info, colours)
        surface.blit(self._picture, rect)

    def _render(self, size: tuple[int, int], title: str, rows: Sequence[Any],
                info: tuple[str, object] | None, colours: dict[str, RGB]) -> pygame.Surface:
        t = self.texts
        pic = pygame.Surface(size)
        pic.fill(PANEL_BG)
        w, h = size
        pygame.draw.line(pic, PANEL_LINE, (0, 0), (w, 0))
        pygame.draw.line(pic, PANEL_LINE, (self.info_w, 6), (self.info_w, h - 6))
        pic.blit(t.render(_(self.caption), SMALL_PX, DIM), (10, 6))
        if info is not None:
            name, value = info
            big = t.render(str(value), BIG_PX, ACCENT)
            pic.blit(big, (self.info_w - 14 - big.get_width(), 4))
            pic.blit(t.render(_fit(t, name, self.info_w - 16), SMALL_PX, TEXT), (10, h - 26))
        else:
            pic.blit(t.render(_("no one active"), SMALL_PX, DIM), (10, h - 26))
        x0 = self.info_w + 12
        heading = _("Last roll: {title}").format(title=title) if title else \
            _("No dice rolled yet.")
        pic.blit(t.render(_fit(t, heading, w - x0 - 8), SMALL_PX, DIM), (x0, 4))
        x, y = x0, 26
        for row in rows:
            need = self.row_width(row)
            if x > x0 and x + need > w - 8:
                x, y = x0, y + self.row_h
            if y + DIE_PX > h:
                break
            x = self.draw_row(pic, row, x, y, colours) + self.gap
        return pic

    def words(self, pic: pygame.Surface, text: str, x: int, y: int, colour: RGB = TEXT) -> int:
        """``text`` at ``x`` beside a row of dice at ``y``; returns where it ends."""
        words = self.texts.render(text, SMALL_PX, colour)
        pic.blit(words, (x, y + (self.die_px - words.get_height()) // 2))
        return x + words.get_width()

    def lead(self, pic: pygame.Surface, side: str, label: str, x: int, y: int,
             colours: dict[str, RGB]) -> int:
        """A row's start: its side's stripe and its label; returns where the dice go."""
        if side in colours:
            pygame.draw.rect(pic, colours[side], (x, y + 4, 5, self.die_px - 8))
            x += 9
        return self.words(pic, label, x, y) + 8

    def row_width(self, row: Any) -> int:
        """How wide ``row`` is drawn."""
        raise NotImplementedError

    def draw_row(self, pic: pygame.Surface, row: Any, x: int, y: int,
                 colours: dict[str, RGB]) -> int:
        """Draw ``row`` from ``x``; returns where it ends."""
        raise NotImplementedError


class DiceTray(TrayFrame):
    """One for All's tray: the last roll's dice (the deciding die ringed, a 1 that lost the
    initiative in red) beside the active figure's pool."""

    caption = N_("POOL")

    def row_width(self, row: DiceRow) -> int:
        return _row_width(self.texts, row)

    def draw_row(self, pic: pygame.Surface, row: DiceRow, x: int, y: int,
                 colours: dict[str, RGB]) -> int:
        x = self.lead(pic, row.side, row.label, x, y, colours)
        for i, face in enumerate(row.faces):
            draw_die(pic, x, y, face, red=row.red_ones and face == 1, deciding=i in row.deciding)
            x += DIE_PX + 6
        return self.words(pic, row.result, x + 2, y) + 2 if row.result else x


def _fit(texts: Texts, text: str, width: int) -> str:
    return ellipsize(texts, text, width, SMALL_PX)


def _row_width(texts: Texts, row: DiceRow) -> int:
    return (texts.width(row.label, SMALL_PX) + 8 + max(1, len(row.faces)) * (DIE_PX + 6)
            + texts.width(row.result, SMALL_PX) + 8)
