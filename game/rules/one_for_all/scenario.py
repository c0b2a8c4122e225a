"""What would stop or spoil a game of One for All on a map (``tabletop validate``, the play
screen's refusal), one line per object, each saying what to change.

* sides: the game is for exactly two (OFA-1C.4's roll-off is between two players);
* profiles: a spawn's ``profile`` names one of ``data/profiles.json`` (else the default rating);
* bases (OFA-0.2): on the table, not overlapping another base at the same level;
* terrain kinds the rules read (``RULE_KINDS``), stairs that can be stood on, and swingables a
  figure can grab (OFA-MG.2: above its head, within reach of where it stands).
"""

from __future__ import annotations

import inspect
import math

from shapely.ops import nearest_points

from game.board.model import Board, TerrainPiece
from game.core.errors import Problem
from game.geometry.bases import Base
from game.geometry.contact import solid_contact
from game.geometry.terrain import Solid
from game.rules.engine.scenario import Placed, base_problems, did_you_mean, listing, profile_problem, two_sides
from game.rules.one_for_all.config import OFAConfig
from game.rules.one_for_all.profiles import profiles

GAME = "One for All"
#: the terrain ``kind`` values the rules read: ``stairs`` (the stairs action, OFA-2A.2, in
#: leaps.py, legal.py and space.py) and the very large objects of OFA-7.1 (actions.py)
RULE_KINDS = ("stairs", "chandelier", "cart", "wardrobe")
#: OFA-MG.2: how high (in model heights above where it stands) a figure reaches to grab
#: kinds are free words (table, mug, hearth): only a near miss of a kind the rules read is one
KIND_CLOSE = 0.8
REACH: float = inspect.signature(solid_contact).parameters["reach"].default


def scenario_problems(board: Board) -> list[Problem]:
    cfg = OFAConfig()
    out = two_sides(board, GAME)
    known = list(profiles())
    placed: list[Placed] = []
    for spawn in board.spawns:
        if not spawn.side:
            continue
        found = profile_problem(board, spawn, GAME, "profile", known,
                                then="; until then it fights with the default rating", severity="warning")
        if found is not None:
            out.append(found)
        raw = spawn.properties.get("radius", cfg.base_radius) or cfg.base_radius
        try:
            radius = float(raw)
        except (TypeError, ValueError):
            radius = math.nan
        if not (math.isfinite(radius) and radius > 0):
            out.append(Problem(board.path, f"radius '{raw}' is not a base radius in mm: remove it "
                                           f"(the default is {cfg.base_radius:g}) or give a number above 0",
                               "error", spawn.id, spawn.name, spawn.layer))
            continue
        placed.append(Placed(spawn, radius, cfg.fig_height, cfg.fig_height * 2))
    out += base_problems(board, placed)
    for piece in board.terrain:
        out += _kind_problems(board, piece)
        if piece.swingable:
            out += _swing_problems(board, piece, cfg)
    return out


def _piece_problem(board: Board, piece: TerrainPiece, message: str, severity: str) -> Problem:
    return Problem(board.path, message, severity, piece.id, piece.name, piece.layer)


def _kind_problems(board: Board, piece: TerrainPiece) -> list[Problem]:
    kind = piece.kind
    if kind in RULE_KINDS:
        if kind == "stairs" and not piece.surface:
            return [_piece_problem(board, piece, "a stair step is stood on: set 'surface' true "
                                                 "(and its own 'height')", "warning")]
        if kind == "chandelier" and not piece.swingable:
            return [_piece_problem(board, piece, "a chandelier is swung on (OFA-MG.2): set "
                                                 "'swingable' true", "warning")]
        return []
    hint = did_you_mean(kind, RULE_KINDS, cutoff=KIND_CLOSE)
    if not hint:
        return []
    said = "" if piece.properties.get("kind") else " (none is set, so the name stands in)"
    return [_piece_problem(board, piece, f"kind '{kind}'{said} is not one the rules read;{hint} "
                                         f"({GAME} reads {listing(RULE_KINDS)})", "warning")]


def _swing_problems(board: Board, piece: TerrainPiece, cfg: OFAConfig) -> list[Problem]:
    """OFA-MG.2: some figure, on the floor or on a surface beside the swingable, has it overhead
    within reach (``game.geometry.contact.solid_contact`` is the rule asked)."""
    solid = Solid(str(piece.id), piece.footprint, piece.bottom, piece.top, swingable=True)
    r, height = cfg.base_radius, cfg.fig_height
    centre = piece.footprint.representative_point()
    stands: list[tuple[str, float, float, float]] = [("on the floor", centre.x, centre.y, 0.0)]
    for other in board.terrain:
        if other.id == piece.id or not other.surface or other.top >= piece.bottom:
            continue
        if other.footprint.distance(piece.footprint) > r + cfg.eps_contact:
            continue
        spot = nearest_points(other.footprint, piece.footprint)[0]
        stands.append((f"on '{other.name or other.kind}', top {other.top:g} mm", spot.x, spot.y,
                       other.top))
    for _where, x, y, z in stands:
        base = Base("probe", x, y, r, z, height)
        if solid_contact(base, solid, eps_contact=cfg.eps_contact, reach=REACH) == "overhead":
            return []
    ranges = " or ".join(f"over {z + height:g} and at most {z + REACH * height:g} mm (a figure "
                         f"{where})" for where, _x, _y, z in stands)
    if piece.bottom <= height:
        why = f"hangs at {piece.bottom:g} mm, not above a figure's head ({height:g} mm)"
    else:
        why = f"hangs at {piece.bottom:g} mm, out of every figure's reach"
    return [_piece_problem(board, piece, f"swingable {why}: no figure can grab it (OFA-MG.2); set "
                                         f"'bottom' {ranges}, or put a surface within reach beside "
                                         "it", "warning")]


__all__ = ["GAME", "REACH", "RULE_KINDS", "scenario_problems"]
