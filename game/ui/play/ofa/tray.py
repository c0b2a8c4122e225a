"""One for All's dice tray: the last roll, each die drawn with its face, the score, the deciding
die ringed in gold, and a 1 that lost the initiative in red; beside it the active figure's pool.

``dice_rows`` reads the rows from a command's events (plain data); ``DiceTray`` draws them (in
the shell's ``TrayFrame``) and keeps the picture until the match changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame

from game.i18n import N_, _
from game.rules.engine import Event, Match
from game.rules.one_for_all.dice import deciding_dice, score
from game.rules.one_for_all.state import OFAState
from game.ui.colours import RGB
from game.ui.play.dice_tray import DIE_PX, TrayFrame, draw_die
from game.ui.play.ofa.names import Names
from game.ui.play.widgets import SMALL_PX, Texts


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
            mine, theirs = d.get("attacker_score", 0), d.get("defender_score", 0)
            rows.append(DiceRow(_("{name} duels").format(name=names.of(e.actor)), a,
                                deciding_dice(a), lost, side_of(e.actor),
                                _("= {score}: wins, {hits} on {name}").format(
                                    score=mine, hits=_hits(to_d), name=names.of(defender))
                                if won else f"= {mine}"))
            rows.append(DiceRow(names.of(defender), b, deciding_dice(b), False, side_of(defender),
                                f"= {theirs}" if won else _("= {score}: wins, {hits} on {name}").format(
                                    score=theirs, hits=_hits(to_a), name=names.of(e.actor))))
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
    # the tray's title says "Who starts": each row is a side's name and its die, so that both
    # rows and the verdict fit one line of the tray on a small window
    return [DiceRow(names.side(state.sides[0]), (a,),
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


class DiceTray(TrayFrame):
    """One for All's tray: the last roll's dice (the deciding die ringed, a 1 that lost the
    initiative in red) beside the active figure's pool."""

    caption = N_("POOL")

    def row_width(self, row: DiceRow) -> int:
        return _row_width(self.texts, row)

    def split(self, row: DiceRow, room: int) -> list[DiceRow]:
        """A row too wide for a narrow tray (beside the table): its result on a line of its
        own."""
        if not row.faces or not row.result or _row_width(self.texts, row) <= room:
            return [row]
        return [replace(row, result=""), DiceRow("", (), result=row.result)]

    def draw_row(self, pic: pygame.Surface, row: DiceRow, x: int, y: int,
                 colours: dict[str, RGB]) -> int:
        x = self.lead(pic, row.side, row.label, x, y, colours)
        for i, face in enumerate(row.faces):
            draw_die(pic, x, y, face, red=row.red_ones and face == 1, deciding=i in row.deciding)
            x += DIE_PX + 6
        return self.words(pic, row.result, x + 2, y) + 2 if row.result else x


def _row_width(texts: Texts, row: DiceRow) -> int:
    return (texts.width(row.label, SMALL_PX) + 8 + max(1, len(row.faces)) * (DIE_PX + 6)
            + texts.width(row.result, SMALL_PX) + 8)
