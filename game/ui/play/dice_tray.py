"""The dice tray: the last roll, each die drawn with its face, the score, the deciding die
ringed in gold, and a 1 that lost the initiative in red; beside it the active figure's pool.

``dice_rows`` reads the rows from a command's events (plain data); ``DiceTray`` draws them and
keeps the picture until the match changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.i18n import _
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


class DiceTray:
    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self._key: tuple | None = None
        self._picture: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, key: object, title: str,
             rows: Sequence[DiceRow], pool: tuple[str, int] | None,
             colours: dict[str, RGB]) -> None:
        full = (key, rect.size)
        if full != self._key or self._picture is None:
            self._key = full
            self._picture = self._render(rect.size, title, rows, pool, colours)
        surface.blit(self._picture, rect)

    def _render(self, size: tuple[int, int], title: str, rows: Sequence[DiceRow],
                pool: tuple[str, int] | None, colours: dict[str, RGB]) -> pygame.Surface:
        pic = pygame.Surface(size)
        pic.fill(PANEL_BG)
        w, h = size
        pygame.draw.line(pic, PANEL_LINE, (0, 0), (w, 0))
        t = self.texts
        # the pool counter
        pygame.draw.line(pic, PANEL_LINE, (POOL_W, 6), (POOL_W, h - 6))
        if pool is not None:
            name, n = pool
            pic.blit(t.render(_("POOL"), SMALL_PX, DIM), (10, 6))
            big = t.render(str(n), BIG_PX, ACCENT)
            pic.blit(big, (POOL_W - 14 - big.get_width(), 4))
            pic.blit(t.render(_fit(t, name, POOL_W - 16), SMALL_PX, TEXT), (10, h - 26))
        else:
            pic.blit(t.render(_("POOL"), SMALL_PX, DIM), (10, 6))
            pic.blit(t.render(_("no one active"), SMALL_PX, DIM), (10, h - 26))
        x0 = POOL_W + 12
        pic.blit(t.render(_fit(t, _("Last roll: {title}").format(title=title), w - x0 - 8),
                          SMALL_PX, DIM), (x0, 4))
        if not rows:
            pic.blit(t.render(_("No dice rolled yet."), SMALL_PX, DIM), (x0, 34))
            return pic
        x, y = x0, 26
        line_h = DIE_PX + 12
        for row in rows:
            need = _row_width(t, row)
            if x > x0 and x + need > w - 8:
                x, y = x0, y + line_h
            if y + DIE_PX > h:
                break
            x = _draw_row(pic, t, row, x, y, colours)
            x += 18
        return pic


def _fit(texts: Texts, text: str, width: int) -> str:
    return ellipsize(texts, text, width, SMALL_PX)


def _row_width(texts: Texts, row: DiceRow) -> int:
    return (texts.width(row.label, SMALL_PX) + 8 + max(1, len(row.faces)) * (DIE_PX + 6)
            + texts.width(row.result, SMALL_PX) + 8)


def _draw_row(pic: pygame.Surface, texts: Texts, row: DiceRow, x: int, y: int,
              colours: dict[str, RGB]) -> int:
    if row.side in colours:
        pygame.draw.rect(pic, colours[row.side], (x, y + 4, 5, DIE_PX - 8))
        x += 9
    label = texts.render(row.label, SMALL_PX, TEXT)
    pic.blit(label, (x, y + (DIE_PX - label.get_height()) // 2))
    x += label.get_width() + 8
    for i, face in enumerate(row.faces):
        draw_die(pic, x, y, face, red=row.red_ones and face == 1, deciding=i in row.deciding)
        x += DIE_PX + 6
    if row.result:
        result = texts.render(row.result, SMALL_PX, TEXT)
        pic.blit(result, (x + 2, y + (DIE_PX - result.get_height()) // 2))
        x += result.get_width() + 4
    return x
