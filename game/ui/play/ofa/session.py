"""A match as the play screen uses it: commands submitted in player-sized groups, undo and redo
by group, saves, the log in words. Plain Python, no pygame.

The match state changes only through ``Match.submit``, ``Match.undo`` and ``Match.redo``. A group
is what one gesture asks for (``Activate`` then the action that needed it); it is checked on a
scratch copy of the state first, so an illegal second command never leaves half a group behind,
and it is undone and redone whole. The plumbing shared with Helldorado is ``MatchSession``
(``game.ui.play.match_session``); One for All's own parts are here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.board.model import Board
from game.i18n import _
from game.rules import registry
from game.rules.engine import Event, Match, SaveError, Setup
from game.rules.one_for_all.game import MAPS_DIR, OneForAll
from game.rules.one_for_all.refusals import REFUSALS
from game.rules.one_for_all.state import OFAState
from game.ui.play import match_session
from game.ui.play.match_session import (
    UNDO_REASONS,
    LogEntry,
    LogLine,
    MatchSession,
    Submitted,
    split_rules,
    undo_reason,
)
from game.ui.play.ofa.names import Names

__all__ = ["UNDO_REASONS", "LogEntry", "LogLine", "PlaySession", "Submitted", "map_setting",
           "new_match", "undo_reason"]


def map_setting(map_path: Path) -> str:
    """The map as a setup names it: relative to the shipped maps folder when it lies inside."""
    return match_session.map_setting(map_path, MAPS_DIR)


def new_match(map_path: Path, seed: int | None = None, *, autosave: Path | None = None,
              mode: str = "teaching") -> Match:
    system = registry.get("one_for_all")
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else seed
    return Match(system, Setup("one_for_all", map_setting(map_path), seed), mode=mode,
                 autosave=autosave)


class PlaySession(MatchSession[OFAState, OneForAll]):
    def __init__(self, match: Match, board: Board | None = None, *,
                 ai_sides: Sequence[str] = (), ai_seed: int = 7, lang: str | None = None) -> None:
        if not isinstance(match.system, OneForAll):
            raise TypeError("the One for All play screen needs a One for All match")
        super().__init__(match, match.system, ai_sides=ai_sides, ai_seed=ai_seed)
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
    def _undo_words(self, why: str) -> str:
        """The refusal in the current language (``undo_reason``)."""
        return undo_reason(why)

    refusals = REFUSALS

    def refusal_name(self, ident: str) -> str:
        """A figure, a piece of terrain, a table edge or a side a refusal names, in the current
        language."""
        return self.names.of(ident)

    # ------------------------------------------------------------------ saves
    @classmethod
    def load(cls, path: Path, board: Board | None = None, *, autosave: Path | None = None,
             ai_sides: Sequence[str] = (), lang: str | None = None) -> PlaySession:
        """Replay a save; SaveError names what is wrong with it."""
        match = Match.load(path, registry.get, autosave=autosave)
        if not isinstance(match.system, OneForAll):
            raise SaveError(str(path), _("is a {system} game, not One for All").format(
                system=match.setup.system))
        return cls(match, board, ai_sides=ai_sides)

    # ------------------------------------------------------------------ words
    def explain(self, event: Event) -> LogLine:
        text, rules = split_rules(self.system.explain(self.names.event(event), self.lang))
        return LogLine(text, rules)

    def _step_side(self, before: OFAState, command: Any) -> str:
        """The side of the figure the command names, else of the winner of a pending choice."""
        fig_id = getattr(command, "figure", "")
        if fig_id and before.has_figure(fig_id):
            return before.figure(fig_id).side
        if before.pending is not None and before.has_figure(before.pending.winner):
            return before.figure(before.pending.winner).side
        return ""
