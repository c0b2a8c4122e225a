"""A One for All match as the play screen uses it: the shell's session (``MatchSession``:
commands in player-sized groups, undo and redo by group, saves, the log) with One for All's own
parts: its names, its refusals, its log's words. Plain Python, no pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.board.model import Board
from game.i18n import N_
from game.rules.engine import Match
from game.rules.one_for_all.game import MAPS_DIR, OneForAll
from game.rules.one_for_all.refusals import REFUSALS
from game.rules.one_for_all.state import OFAState
from game.ui.play import match_session
from game.ui.play.match_session import MatchSession
from game.ui.play.ofa.names import Names


def map_setting(map_path: Path) -> str:
    """The map as a setup names it: relative to the shipped maps folder when it lies inside."""
    return match_session.map_setting(map_path, MAPS_DIR)


def new_match(map_path: Path, seed: int | None = None, *, autosave: Path | None = None,
              mode: str = "teaching") -> Match:
    return match_session.new_game_match("one_for_all", map_path, MAPS_DIR, seed,
                                        autosave=autosave, mode=mode)


class PlaySession(MatchSession[OFAState, OneForAll]):
    system_type = OneForAll
    game_name = "One for All"  # i18n: not shown (the words of a wrong match or save)
    wrong_game = N_("is a {system} game, not One for All")

    def __init__(self, match: Match, board: Board | None = None, *,
                 ai_sides: Sequence[str] = (), ai_seed: int = 7, lang: str | None = None) -> None:
        super().__init__(match, ai_sides=ai_sides, ai_seed=ai_seed)
        self.board = board
        self.names: Names = Names(board, match.state)
        del lang  # the log follows the program's language (``lang``), kept for old callers

    # ------------------------------------------------------------------ reading
    @property
    def sides(self) -> tuple[str, str]:
        return self.state.sides

    @property
    def winner(self) -> str:
        return self.state.winner

    # ------------------------------------------------------------------ changing
    refusals = REFUSALS

    def refusal_name(self, ident: str) -> str:
        """A figure, a piece of terrain, a table edge or a side a refusal names, in the current
        language."""
        return self.names.of(ident)

    # ------------------------------------------------------------------ words
    def _step_side(self, before: OFAState, command: Any) -> str:
        """The side of the figure the command names, else of the winner of a pending choice."""
        fig_id = getattr(command, "figure", "")
        if fig_id and before.has_figure(fig_id):
            return before.figure(fig_id).side
        if before.pending is not None and before.has_figure(before.pending.winner):
            return before.figure(before.pending.winner).side
        return ""
