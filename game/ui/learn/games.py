"""What the lesson's screen needs of each game's play screen: how to make it over the lesson's
match (with the gated session), where a thing the step names is on the screen, where the action
bar's button of a command is, and what to close after each input (an action menu the lesson
does not use). One adapter per game, never per lesson: the lessons are data.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.board import load_board, map_path
from game.board.model import Board
from game.lessons import Pattern
from game.rules.engine import Match
from game.ui.learn.session import GatedSession
from game.ui.play.ofa.session import PlaySession as OFASession
from game.ui.play.ofa.view import OFAPlayView
from game.ui.play.relic.session import RelicSession
from game.ui.play.relic.view import RelicPlayView
from game.ui.play.shell import PlayShell


class OFALessonSession(GatedSession, OFASession):
    """One for All's session with the lesson's gate."""


class RelicLessonSession(GatedSession, RelicSession):
    """Relic's session with the lesson's gate."""


class Adapter:
    """A game's play screen as a lesson uses it (the base: what every screen shares)."""

    system = ""

    def board(self, lesson_map: str, loader: Callable[..., Any] | None) -> Board:
        return load_board(map_path(lesson_map), image_loader=loader)

    def build(self, match: Match, board: Board, size: tuple[int, int], *,
              loader: Callable[..., Any] | None, save_dir: Path | None) -> PlayShell[Any]:
        raise NotImplementedError

    # ------------------------------------------------------------------ where things are
    def spot(self, view: Any, ident: str) -> tuple[float, float] | None:
        """Where the thing ``ident`` is on the table, in the game's units (None: not there)."""
        return None

    def reach(self, view: Any, ident: str) -> float:
        """How far from its spot the thing reaches, in the game's units (a base's radius)."""
        return 10.0

    def screen_spot(self, view: Any, ident: str) -> tuple[int, int] | None:
        spot = self.spot(view, ident)
        return view.screen_point(spot) if spot is not None else None

    def screen_reach(self, view: Any, ident: str) -> float:
        return self.reach(view, ident) * view.board_view.camera.zoom * view.unit_mm

    def buttons(self, view: Any) -> list[tuple[Any, pygame.Rect]]:
        """The action bar's buttons now: (the command it gives, its rect)."""
        bar = view.action_bar
        return [(c.command, pygame.Rect(b.rect)) for b, c in zip(bar.buttons, bar.choices,
                                                                 strict=False)]

    def button(self, view: Any, pattern: Pattern) -> pygame.Rect | None:
        """The rect of the action bar's button whose command matches ``pattern``."""
        for command, rect in self.buttons(view):
            if command is not None and pattern.matches(command):
                return rect
        return None

    def number_of(self, view: Any, pattern: Pattern) -> int:
        """The key (1-9) of the button of ``pattern`` (0: none)."""
        for n, (command, _rect) in enumerate(self.buttons(view), start=1):
            if command is not None and pattern.matches(command):
                return n if n <= 9 else 0
        return 0

    def space_gives(self, view: Any, pattern: Pattern) -> bool:
        """Does Space give the command of ``pattern`` on this screen now?"""
        return False

    def settle(self, view: Any) -> None:
        """After each input and frame: close what the lesson does not use."""

    def busy(self, view: Any) -> bool:
        """Is the screen still showing the last events (an animation)?"""
        return False


class OFAAdapter(Adapter):
    system = "one_for_all"

    def build(self, match: Match, board: Board, size: tuple[int, int], *,
              loader: Callable[..., Any] | None, save_dir: Path | None) -> OFAPlayView:
        session = OFALessonSession(match, board)
        return OFAPlayView(session, board, size, image_loader=loader, save_dir=save_dir,
                           handover=False)

    def spot(self, view: Any, ident: str) -> tuple[float, float] | None:
        st = view.shown
        if st.has_figure(ident):
            f = st.figure(ident)
            return (f.x, f.y)
        index = view.session.system.index(view.state)
        try:
            solid = index.solids[index.index_of(ident)]
        except (KeyError, ValueError, IndexError):
            return None
        c = solid.footprint.centroid
        return (float(c.x), float(c.y))

    def reach(self, view: Any, ident: str) -> float:
        st = view.shown
        if st.has_figure(ident):
            return float(st.figure(ident).radius)
        index = view.session.system.index(view.state)
        try:
            solid = index.solids[index.index_of(ident)]
        except (KeyError, ValueError, IndexError):
            return 10.0
        x0, y0, x1, y1 = solid.footprint.bounds
        return max(x1 - x0, y1 - y0) / 2

    def space_gives(self, view: Any, pattern: Pattern) -> bool:
        return pattern.command == "Stop"  # Space ends the activation

    def settle(self, view: Any) -> None:
        view.menu = None  # the action menu after a contact: the lesson points at the bar

    def busy(self, view: Any) -> bool:
        return view.player is not None


class RelicAdapter(Adapter):
    system = "relic"

    def build(self, match: Match, board: Board, size: tuple[int, int], *,
              loader: Callable[..., Any] | None, save_dir: Path | None) -> RelicPlayView:
        return RelicPlayView(RelicLessonSession(match), board, size, image_loader=loader,
                             save_dir=save_dir, handover=False)

    def spot(self, view: Any, ident: str) -> tuple[float, float] | None:
        cell = view.cells.get(ident)
        if cell is None:
            return None
        c = cell.polygon.representative_point()
        return (float(c.x), float(c.y))

    def reach(self, view: Any, ident: str) -> float:
        cell = view.cells.get(ident)
        if cell is None:
            return 10.0
        x0, y0, x1, y1 = cell.polygon.bounds
        return min(x1 - x0, y1 - y0) / 2

    def buttons(self, view: Any) -> list[tuple[Any, pygame.Rect]]:
        bar = view.action_bar
        return [(c, pygame.Rect(b.rect)) for b, c in zip(bar.buttons, bar.commands,
                                                         strict=False)]

    def space_gives(self, view: Any, pattern: Pattern) -> bool:
        acts = view.actions()  # Space and Enter take the first action
        return bool(acts) and pattern.matches(acts[0])


ADAPTERS: dict[str, Adapter] = {a.system: a for a in (OFAAdapter(), RelicAdapter())}
