"""The play screens: a rule system's match played on the table (hot-seat or against the AI)."""

from __future__ import annotations

from game.board.model import Board

#: map ``system`` property values that have a play screen
PLAYABLE_SYSTEMS = ("one_for_all", "mice_and_mystics", "relic", "helldorado")


def has_play_view(board: Board) -> bool:
    """Does this map's rule system have a play screen? (Other maps open the plain board view.)"""
    return board.system in PLAYABLE_SYSTEMS
