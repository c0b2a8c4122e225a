"""The Relic ring board (REL-BOARD) built from a map's cells.

The graph comes from the cell properties only: ``tier`` and ``index`` place a space in its ring;
the Outer and Middle rings join space ``i`` to ``i ± 1`` (REL-BOARD-3), the Inner tier is a path
``0 .. n-1`` (REL-BOARD-4); then ``neighbors_add`` and ``neighbors_remove`` add the crossings
between tiers and cut a ring where the map says (REL-BOARD-5). The ring sizes are the map's
(REL-BOARD-1: "space counts come from board data"); what each space does, its name and its text
in every language are the map's too (spaces.py). A map the rules cannot play on is refused with
its first error (scenario.py lists them all). The polygons are for drawing only.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from functools import cached_property

from game.board.model import Board
from game.rules.relic.scenario import CENTRE, RINGS, TIERS, point_space, ring_edges, scenario_problems, spawn_space
from game.rules.relic.spaces import Guardian, SpaceRules, names_of, parse_rules

__all__ = ["CENTRE", "RADIUS", "RINGS", "TIERS", "RingBoard", "Space"]

#: REL-BOARD-6: ring radius per tier, as a fraction of the outer ring's
RADIUS = {"outer": 1.0, "middle": 0.66, "inner": 0.38, "centre": 0.0}


@dataclass(frozen=True)
class Space:
    """REL-BOARD-2's record of one space, all of it from the map."""

    id: str
    tier: str
    index: int
    name: str  #: the map's name (English)
    text: str  #: the map's text (English)
    start_for: tuple[str, ...] = ()  #: the seats (players) starting here
    names: tuple[tuple[str, str], ...] = ()  #: (language, name)
    texts: tuple[tuple[str, str], ...] = ()  #: (language, text)
    rules: SpaceRules = field(default_factory=SpaceRules)  #: what it does


def _pick(pairs: tuple[tuple[str, str], ...], lang: str) -> str | None:
    found = dict(pairs)
    return found.get(lang) or found.get("en")


class RingBoard:
    """Tiers, spaces and links of a Relic map."""

    def __init__(self, board: Board) -> None:
        self.board = board
        errors = [p for p in scenario_problems(board) if p.severity == "error"]
        if errors:
            more = f" (and {len(errors) - 1} more: tabletop validate lists them)" if len(errors) > 1 else ""
            raise ValueError(errors[0].line() + more)
        spaces: dict[str, Space] = {}
        for cell in board.cells:
            tier = str(cell.properties.get("tier", "") or "")
            rules, _found = parse_rules(cell.properties)
            spaces[cell.id] = Space(cell.id, tier, int(cell.properties.get("index", 0) or 0),
                                    cell.name, str(cell.properties.get("text", "") or ""),
                                    names=names_of(cell.name, cell.properties),
                                    texts=names_of(cell.name, cell.properties, "text"), rules=rules)
        self.tiers: dict[str, tuple[str, ...]] = {
            t: tuple(s.id for s in sorted((s for s in spaces.values() if s.tier == t),
                                          key=lambda s: s.index)) for t in TIERS}
        self.centre = self.tiers[CENTRE][0]
        self.neighbours: dict[str, frozenset[str]] = ring_edges(board.cells)
        starts: dict[str, list[str]] = {}
        self.start_of: dict[str, str] = {}
        for spawn in board.spawns:
            if not spawn.side:
                continue
            start = spawn_space(board, spawn)
            self.start_of[spawn.side] = start
            starts.setdefault(start, []).append(spawn.side)
        self.spaces = {k: Space(s.id, s.tier, s.index, s.name, s.text, tuple(starts.get(k, ())),
                                s.names, s.texts, s.rules)
                       for k, s in spaces.items()}
        #: the seats of the map's starts, in turn order (``player1`` before ``player2``)
        self.seats: tuple[str, ...] = tuple(sorted(self.start_of))
        #: spaces where a move ends (REL-BOARD-3: a ``stop`` space)
        self.stops = frozenset(k for k, s in self.spaces.items() if s.rules.stop)
        self.guardians: dict[str, Guardian] = {
            s.rules.guardian.id: s.rules.guardian for s in self.spaces.values() if s.rules.guardian}

    # ------------------------------------------------------------------ names (REL-BOARD-2)
    def name_of(self, ident: str, lang: str = "en") -> str | None:
        """A space's or a guardian's name in ``lang`` (English when the map has none), or None
        when ``ident`` is neither."""
        if ident in self.spaces:
            return _pick(self.spaces[ident].names, lang) or ident
        if ident in self.guardians:
            return _pick(self.guardians[ident].names, lang) or ident
        return None

    def text_of(self, ident: str, lang: str = "en") -> str | None:
        """What a space says, in ``lang``; None for anything else."""
        if ident in self.spaces:
            return _pick(self.spaces[ident].texts, lang) or ""
        return None

    def sites(self) -> frozenset[str]:
        """Every site the spaces name (missions look for them)."""
        return frozenset(site for s in self.spaces.values() for site in s.rules.sites)

    # ------------------------------------------------------------------ lookups
    def cell_at(self, x: float, y: float) -> str:
        """The space under a point (a spawn), else the nearest one."""
        return point_space(self.board, x, y)[0]

    def tier(self, cell: str) -> str:
        return self.spaces[cell].tier

    def is_inner(self, cell: str) -> bool:
        """The Inner tier and the scenario space inside it: a relic is needed (REL-WIN-3)."""
        return self.tier(cell) in ("inner", CENTRE)

    def step(self, cell: str, direction: int) -> str | None:
        """The next space along the tier (+1 clockwise, −1 counter-clockwise), if joined."""
        s = self.spaces[cell]
        ids = self.tiers[s.tier]
        nxt = ids[(s.index + direction) % len(ids)]
        return nxt if nxt in self.neighbours[cell] and nxt != cell else None

    def walk(self, cell: str, steps: int, direction: int, stops: frozenset[str] = frozenset()) -> str:
        """REL-BOARD-3: move ``steps`` spaces one way within the tier; a space in ``stops`` ends
        the move early, as does the end of a path."""
        here = cell
        for _ in range(steps):
            nxt = self.step(here, direction)
            if nxt is None:
                break
            here = nxt
            if here in stops:
                break
        return here

    def links(self, cell: str) -> tuple[tuple[str, str], ...]:
        """REL-BOARD-5: crossings to other tiers, with their condition ("" or "has_relic")."""
        tier = self.tier(cell)
        out = []
        for other in sorted(self.neighbours[cell]):
            if self.tier(other) != tier:
                cond = "has_relic" if self.is_inner(other) and not self.is_inner(cell) else ""
                out.append((other, cond))
        return tuple(out)

    def inner_steps(self, cell: str, steps: int) -> tuple[str, ...]:
        """REL-BOARD-4: spaces up to ``steps`` away along the Inner path (and its links out);
        the scenario space and spaces off the Inner tier end a step."""
        seen = {cell: 0}
        queue = deque([cell])
        while queue:
            here = queue.popleft()
            if seen[here] >= steps or (here != cell and self.tier(here) != "inner"):
                continue
            for other in sorted(self.neighbours[here]):
                if other not in seen:
                    seen[other] = seen[here] + 1
                    queue.append(other)
        return tuple(sorted(c for c in seen if c != cell))

    @cached_property
    def distances(self) -> dict[str, dict[str, int]]:
        """Steps between every pair of spaces over the whole graph (for the AI)."""
        out: dict[str, dict[str, int]] = {}
        for src in self.spaces:
            dist = {src: 0}
            queue = deque([src])
            while queue:
                here = queue.popleft()
                for other in self.neighbours[here]:
                    if other not in dist:
                        dist[other] = dist[here] + 1
                        queue.append(other)
            out[src] = dist
        return out

    # ------------------------------------------------------------------ drawing (REL-BOARD-6)
    def polar(self, cell: str, theta0: float = math.pi / 2) -> tuple[float, float]:
        """(radius, angle): tier k on ring ``RADIUS[k]``; space i of n at ``θ0 − 2πi/n``
        (mathematical angle, y up), so the index grows clockwise on screen."""
        s = self.spaces[cell]
        n = len(self.tiers[s.tier])
        return RADIUS[s.tier], theta0 - 2 * math.pi * s.index / max(n, 1)

    def screen_xy(self, cell: str, centre: tuple[float, float] = (0.0, 0.0),
                  outer_radius: float = 1.0) -> tuple[float, float]:
        """Where to draw a space's token, in screen coordinates (y down)."""
        r, a = self.polar(cell)
        return centre[0] + outer_radius * r * math.cos(a), centre[1] - outer_radius * r * math.sin(a)
