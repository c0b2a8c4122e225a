"""What the lesson's screen needs of each game's play screen: how to make it over the lesson's
match (with the gated session), where a thing the step names is on the screen, where the action
bar's button of a command is, and what to close after each input (an action menu the lesson
does not use). One adapter per game, never per lesson: the lessons are data.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
from shapely.geometry import Point

from game.board import load_board, map_path
from game.board.model import Board
from game.lessons import Pattern, Step
from game.rules.engine import Match
from game.ui.learn.session import GatedSession
from game.ui.play.hd.session import HDSession
from game.ui.play.hd.view import HDPlayView
from game.ui.play.mm.session import MMSession
from game.ui.play.mm.table import FIG_R, RING
from game.ui.play.mm.view import MMPlayView
from game.ui.play.ofa.session import PlaySession as OFASession
from game.ui.play.ofa.view import OFAPlayView
from game.ui.play.relic.session import RelicSession
from game.ui.play.relic.view import RelicPlayView
from game.ui.play.shell import PlayShell


class OFALessonSession(GatedSession, OFASession):
    """One for All's session with the lesson's gate."""


class RelicLessonSession(GatedSession, RelicSession):
    """Relic's session with the lesson's gate."""


class MMLessonSession(GatedSession, MMSession):
    """Mice and Mystics' session with the lesson's gate (the GM's turns pass it too)."""


class HDLessonSession(GatedSession, HDSession):
    """Helldorado's session with the lesson's gate."""


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

    def prepare(self, view: Any, step: Step) -> None:
        """While the step waits for its input: show what it is about (the unit it names
        selected, say). The base shows what the screen shows."""

    def holding(self, view: Any, pattern: Pattern) -> bool:
        """Is the choice of the button of ``pattern`` in hand, to be finished on the table
        (a template to lay, a point to fire at)?"""
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


class MMAdapter(Adapter):
    """Mice and Mystics: a step points at a cell (click it to move there), a figure (click a
    minion to attack it) or a button of the action bar; the GM plays the minions by itself."""

    system = "mice_and_mystics"
    #: how many points across a cell are tried for its free spot (``spot``)
    SAMPLES = 9

    def build(self, match: Match, board: Board, size: tuple[int, int], *,
              loader: Callable[..., Any] | None, save_dir: Path | None) -> MMPlayView:
        return MMPlayView(MMLessonSession(match), board, size, image_loader=loader,
                          save_dir=save_dir, handover=False)

    @staticmethod
    def _figure(view: Any, ident: str) -> tuple[float, float] | None:
        for fid, _label, _seat, p in view.figure_spots(view.state):
            if fid == ident:
                return (float(p[0]), float(p[1]))
        return None

    def spot(self, view: Any, ident: str) -> tuple[float, float] | None:
        """A figure where it is drawn; a cell at its centre, or where in it a click lands
        farthest from the figures drawn there (a click on a figure is about the figure)."""
        figure = self._figure(view, ident)
        if figure is not None:
            return figure
        graph = view.session.system.graph(view.state)
        if ident not in graph:
            return None
        info = graph.cell(ident)
        room = (FIG_R + RING) / max(view.board_view.camera.zoom, 1e-6)
        drawn = [p for _f, _l, _s, p in view.figure_spots(view.state)
                 if info.polygon.contains(Point(p))]
        centre = (float(info.centre[0]), float(info.centre[1]))
        if not drawn or min(math.dist(centre, p) for p in drawn) > 2 * room:
            return centre
        x0, y0, x1, y1 = info.polygon.bounds
        n = self.SAMPLES
        options = [centre] + [(x0 + (x1 - x0) * (i + 0.5) / n, y0 + (y1 - y0) * (j + 0.5) / n)
                              for i in range(n) for j in range(n)]
        options = [o for o in options if info.polygon.contains(Point(o))] or [centre]

        def room_at(o: tuple[float, float]) -> float:  # from the figures, and from the edge
            edge = info.polygon.exterior.distance(Point(o))
            return min(min(math.dist(o, p) for p in drawn), 1.5 * edge)

        return max(options, key=room_at)

    def screen_reach(self, view: Any, ident: str) -> float:
        """A figure's base and ring on the screen; a cell's room around its spot (up to the
        nearest edge or figure, at most three bases)."""
        if self._figure(view, ident) is not None:
            return float(FIG_R + RING)
        graph = view.session.system.graph(view.state)
        spot = self.spot(view, ident)
        if ident not in graph or spot is None:
            return float(FIG_R)
        zoom = view.board_view.camera.zoom * view.unit_mm
        edge = graph.cell(ident).polygon.exterior.distance(Point(spot)) * zoom
        figures = [math.dist(spot, p) * zoom - FIG_R - RING
                   for _f, _l, _s, p in view.figure_spots(view.state)]
        return max(float(FIG_R), min([edge, 3.0 * (FIG_R + RING), *figures]))

    def buttons(self, view: Any) -> list[tuple[Any, pygame.Rect]]:
        view.sync_bars()
        commands = view._commands  # the action bar's key of each button -> its command
        return [(commands.get(b.key), pygame.Rect(b.rect)) for b in view.buttons]

    def button(self, view: Any, pattern: Pattern) -> pygame.Rect | None:
        """The button of ``pattern``; when it is on another page of the action bar, the More
        button that turns to it."""
        rect = super().button(view, pattern)
        if rect is None and any(pattern.matches(c) for _label, c in view.choices()):
            more = next((b for b in view.buttons if b.key == "more"), None)
            return pygame.Rect(more.rect) if more is not None else None
        return rect

    def busy(self, view: Any) -> bool:
        return bool(view.auto_to_play())  # the GM plays: the lesson waits, nothing lit


class HDAdapter(Adapter):
    """Helldorado: a step drags a unit (to move it), clicks a button of the action bar (an
    action, an answer of the attack sequence) or takes a template or an explosion from the bar
    and lays it at a thing or a point of the table."""

    system = "helldorado"

    def build(self, match: Match, board: Board, size: tuple[int, int], *,
              loader: Callable[..., Any] | None, save_dir: Path | None) -> HDPlayView:
        return HDPlayView(HDLessonSession(match), board, size, image_loader=loader,
                          save_dir=save_dir, handover=False)

    def spot(self, view: Any, ident: str) -> tuple[float, float] | None:
        st = view.state
        if st.has_unit(ident) and st.unit(ident).alive:
            u = st.unit(ident)
            return (u.x, u.y)
        solid = view.session.system.table_of(st).solids.get(ident)
        if solid is None:
            return None
        c = solid.footprint.centroid
        return (float(c.x), float(c.y))

    def reach(self, view: Any, ident: str) -> float:
        st = view.state
        if st.has_unit(ident) and st.unit(ident).alive:
            return float(st.unit(ident).radius)
        return 0.5

    def prepare(self, view: Any, step: Step) -> None:
        """The unit the step's commands name is the one selected (its sight lines and its
        actions show), when its side may use it now."""
        unit = next((p.data["unit"] for p in step.expect if "unit" in p.data), "")
        if unit and view.tool is None and view.drag_from is None \
                and view.session.can_act(unit):
            view.selected = unit

    def holding(self, view: Any, pattern: Pattern) -> bool:
        return view.tool is not None and pattern.matches(view.tool)

    def settle(self, view: Any) -> None:
        view.menu = None  # the action menu of a right-click: the lesson points at the bar


ADAPTERS: dict[str, Adapter] = {a.system: a for a in (OFAAdapter(), RelicAdapter(),
                                                      MMAdapter(), HDAdapter())}
