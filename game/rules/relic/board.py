"""The Relic ring board (REL-BOARD) built from a map's cells.

The graph comes from the cell properties only: ``tier`` and ``index`` place a space in its ring,
each ring joins space ``i`` to ``i ± 1`` (REL-BOARD-3), then ``neighbors_add`` and
``neighbors_remove`` add the crossings between tiers and cut the Inner ring into a path
(REL-BOARD-4, REL-BOARD-5). The polygons are for drawing only.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from functools import cached_property

from shapely.geometry import Point

from game.board.model import Board

TIERS = ("outer", "middle", "inner", "centre")
RINGS = ("outer", "middle", "inner")
CENTRE = "centre"
#: REL-BOARD-6: ring radius per tier, as a fraction of the outer ring's
RADIUS = {"outer": 1.0, "middle": 0.66, "inner": 0.38, "centre": 0.0}


@dataclass(frozen=True)
class Space:
    """REL-BOARD-2's record of one space (the effects live in ``data/spaces.json``)."""

    id: str
    tier: str
    index: int
    name: str
    text: str  #: the map's own text
    start_for: tuple[str, ...] = ()  #: the seats (players) starting here


def _split(value: object) -> list[str]:
    return [v.strip() for v in str(value or "").split(",") if v.strip()]


class RingBoard:
    """Tiers, spaces and links of a Relic map."""

    def __init__(self, board: Board) -> None:
        self.board = board
        spaces: dict[str, Space] = {}
        for cell in board.cells:
            tier = str(cell.properties.get("tier", "") or "")
            if tier not in TIERS:
                raise ValueError(f"{board.path}: cell {cell.id} has tier {tier!r}; "
                                 f"Relic spaces are {', '.join(TIERS)}")
            spaces[cell.id] = Space(cell.id, tier, int(cell.properties.get("index", 0) or 0),
                                    cell.name, str(cell.properties.get("text", "") or ""))
        self.tiers: dict[str, tuple[str, ...]] = {
            t: tuple(s.id for s in sorted((s for s in spaces.values() if s.tier == t),
                                          key=lambda s: s.index)) for t in TIERS}
        for t, ids in self.tiers.items():
            if [spaces[i].index for i in ids] != list(range(len(ids))):
                raise ValueError(f"{board.path}: the {t} tier's indices are not 0..{len(ids) - 1}")
        if len(self.tiers[CENTRE]) != 1:
            raise ValueError(f"{board.path}: a Relic board has exactly one centre (scenario) space")
        self.centre = self.tiers[CENTRE][0]
        edges: set[frozenset[str]] = set()
        for t in RINGS:
            ids = self.tiers[t]
            for i in range(len(ids)):
                j = (i + 1) % len(ids)
                if i != j:
                    edges.add(frozenset((ids[i], ids[j])))
        for cell in board.cells:
            for other in _split(cell.properties.get("neighbors_add")):
                if other not in spaces:
                    raise ValueError(f"{board.path}: {cell.id} links to unknown space {other!r}")
                edges.add(frozenset((cell.id, other)))
        for cell in board.cells:
            for other in _split(cell.properties.get("neighbors_remove")):
                edges.discard(frozenset((cell.id, other)))
        self.neighbours: dict[str, frozenset[str]] = {s: frozenset() for s in spaces}
        for e in edges:
            a, b = tuple(e)
            self.neighbours[a] |= {b}
            self.neighbours[b] |= {a}
        starts: dict[str, list[str]] = {}
        self.start_of: dict[str, str] = {}
        for spawn in board.spawns:
            if not spawn.side:
                continue
            start = self.cell_at(spawn.x, spawn.y)
            self.start_of[spawn.side] = start
            starts.setdefault(start, []).append(spawn.side)
        self.spaces = {k: Space(s.id, s.tier, s.index, s.name, s.text, tuple(starts.get(k, ())))
                       for k, s in spaces.items()}

    # ------------------------------------------------------------------ lookups
    def cell_at(self, x: float, y: float) -> str:
        """The space under a point (a spawn), else the nearest one."""
        p = Point(x, y)
        cells = list(self.board.cells)
        for c in cells:
            if c.polygon.contains(p):
                return c.id
        return min(cells, key=lambda c: c.polygon.distance(p)).id

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
