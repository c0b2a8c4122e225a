"""The Helldorado dice tray: the attack sequence of the last command that rolled, as rows of dice
(hits ringed in gold, re-rolled dice ringed in blue with what they showed before), with the
active unit's movement left beside it. ``hd_rows`` reads the rows from events (plain data).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame

from game.i18n import N_, _
from game.rules.engine import Event, Match
from game.rules.helldorado.state import HDState
from game.ui.colours import RGB, SKY_BLUE
from game.ui.play.dice_tray import TrayFrame, draw_die
from game.ui.play.hd.names import HDNames
from game.ui.play.widgets import ACCENT, SMALL_PX, TEXT

DIE = 24
ROW_H = 31
INFO_W = 130
REROLLED: RGB = SKY_BLUE
SMALL_IDS = ("#small", "button")


@dataclass(frozen=True)
class HDRow:
    label: str
    faces: tuple[int, ...] = ()
    hits: tuple[int, ...] = ()  #: indices ringed in gold
    rerolled: tuple[int, ...] = ()  #: indices ringed in blue
    before: tuple[int, ...] = ()  #: the faces before the re-roll (drawn small)
    side: str = ""
    result: str = ""


def _ints(v: object) -> tuple[int, ...]:
    return tuple(int(x) for x in v) if isinstance(v, tuple | list) else ()


def hd_rows(events: Sequence[Event], state: HDState, names: HDNames) -> list[HDRow]:
    rows: list[HDRow] = []
    need: dict[str, int] = {}
    side = {u.id: u.side for u in state.units}.get

    for e in events:
        d = e.data
        if e.kind == "hd.roll":
            faces = _ints(d.get("faces"))
            diff = int(d.get("diff", 7))
            need[e.actor] = diff
            auto = int(d.get("auto", 0))
            extra = _(", re-rolls: {n}").format(n=d.get("rerolls", 0)) + (
                _(", +{n} automatic").format(n=auto) if auto else "")
            rows.append(HDRow(_("{unit} {n}d need {diff}+").format(unit=names.of(e.actor),
                                                                    n=len(faces), diff=diff), faces,
                              tuple(i for i, f in enumerate(faces) if f >= diff), side=side(e.actor, ""),
                              result=_("hits: {n}").format(n=d.get("hits", 0)) + extra))
        elif e.kind == "hd.reroll":
            idx = _ints(d.get("indices"))
            faces = _ints(d.get("faces"))
            diff = need.get(e.actor, 7)
            if not idx:
                rows.append(HDRow(_("{unit} keeps the dice").format(unit=names.of(e.actor)),
                                  side=side(e.actor, ""),
                                  result=_("re-rolls unused: {n}").format(n=d.get("unused", 0))))
                continue
            rows.append(HDRow(_("{unit} re-rolls").format(unit=names.of(e.actor)), faces,
                              tuple(i for i, f in enumerate(faces) if f >= diff), idx,
                              _ints(d.get("before")), side(e.actor, ""),
                              _("hits: {n}; re-rolls unused: {u}").format(
                                  n=d.get("hits", 0), u=d.get("unused", 0))))
        elif e.kind == "hd.blast_roll":
            faces = _ints(d.get("faces"))
            diff = int(d.get("difficulty", 7))
            rows.append(HDRow(_("vs {unit} need {diff}+").format(
                unit=names.of(str(d.get("unit", ""))), diff=diff), faces,
                              tuple(i for i, f in enumerate(faces) if f >= diff),
                              side=side(str(d.get("unit", "")), ""),
                              result=f"{d.get('hits', 0)} × {d.get('power', 0)}"))
        elif e.kind == "hd.parity":
            verdict = (_("strays onto {unit}").format(unit=names.of(str(d.get("victim", ""))))
                       if d.get("stray") else _("hits its target"))
            rows.append(HDRow(_("odd {odd} / even {even}").format(odd=d.get("odd"), even=d.get("even")),
                              result=verdict))
        elif e.kind == "hd.redirect":
            rows.append(HDRow(_("{unit} in a fight").format(unit=names.of(str(d.get("unit", "")))),
                              (int(d.get("die", 1)),), result=(
                                  _("hits go to {unit}").format(unit=names.of(str(d.get("victim", ""))))
                                  if d.get("moved") else _("hits stay"))))
        elif e.kind in ("hd.damage", "hd.blast_damage"):
            who = str(d.get("target", d.get("unit", "")))
            loss = int(d.get("loss", 0))
            rows.append(HDRow(f"{names.of(who)}", side=side(who, ""),
                              result=_("−{n} LP").format(n=loss) if loss else _("no LP lost")))
    return rows


def last_rolls(match: Match, names: HDNames) -> tuple[str, list[HDRow]]:
    for step in reversed(match.steps):
        if step.rolled:
            rows = hd_rows(step.events, step.before, names)
            if any(r.faces for r in rows):
                return names.command(step.command, step.before), rows
    st: HDState = match.state
    if st.first_roll:
        a, b = st.first_roll[-1]
        return _("Who starts (HD-HOUSE-2)"), [
            HDRow(names.side(st.sides[0]), (a,), (0,) if a > b else (), side=st.sides[0]),
            HDRow(names.side(st.sides[1]), (b,), (0,) if b > a else (), side=st.sides[1],
                  result=_("{side} start").format(side=names.side(st.first)))]
    return "", []


class HDTray(TrayFrame):
    """Helldorado's tray: the attack sequence of the last command that rolled (hits ringed in
    gold, re-rolled dice ringed in blue with what they showed before) beside the active unit's
    movement left."""

    caption = N_("MOVE LEFT")
    info_w = INFO_W
    die_px = DIE
    row_h = ROW_H
    gap = 16

    def row_width(self, row: HDRow) -> int:
        return self._width(row)

    def split(self, row: HDRow, room: int) -> list[HDRow]:
        """A row too wide for a narrow tray: its result on a line of its own."""
        if not row.faces or not row.result or self._width(row) <= room:
            return [row]
        return [replace(row, result=""), HDRow("", result=row.result)]

    def draw_row(self, pic: pygame.Surface, row: HDRow, x: int, y: int,
                 colours: dict[str, RGB]) -> int:
        return self._row(pic, row, x, y, colours)

    def _width(self, row: HDRow) -> int:
        t = self.texts
        return (t.width(row.label, SMALL_PX) + 8 + len(row.faces) * (DIE + 6)
                + t.width(row.result, SMALL_PX) + 12
                + (t.width(self._before(row), SMALL_PX) + 6 if row.before else 0))

    @staticmethod
    def _before(row: HDRow) -> str:
        return _("was {faces}").format(
            faces=",".join(str(row.before[i]) for i in row.rerolled if i < len(row.before)))

    def _row(self, pic: pygame.Surface, row: HDRow, x: int, y: int, colours: dict[str, RGB]) -> int:
        x = self.lead(pic, row.side, row.label, x, y, colours)
        for i, face in enumerate(row.faces):
            if i in row.rerolled:
                pygame.draw.rect(pic, REROLLED, pygame.Rect(x - 4, y - 4, DIE + 8, DIE + 8),
                                 border_radius=7)
            draw_die(pic, x, y, face, size=DIE, deciding=i in row.hits)
            x += DIE + 6
        if row.before:
            x = self.words(pic, self._before(row), x, y, REROLLED) + 6
        if row.result:
            x = self.words(pic, row.result, x + 2, y, ACCENT if row.faces else TEXT) + 4
        return x
