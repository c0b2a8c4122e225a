""""...And One for All!" as a rule system: the turn flow of OFA-SM over the table's geometry.

Every command is checked, then resolved, by the handlers of one table (``DISPATCH``), each in a
module named for what it resolves: ``activation.py`` (Activate, Stop, the initiative),
``moves.py``, ``actions.py`` (with ``leaps.py`` and ``hits.py``) and ``duels.py`` (Duel,
AllocateHits); the refusals they share are in ``checks.py``, the spatial questions in
``space.py``. ``check`` decides without dice and without changing anything; ``apply`` makes the
same check first, then resolves, returning events that carry the rule IDs applied and the numbers
that decided it. Geometry (contact, sweeps, lines of throw) comes from ``game.geometry``; the dice
maths from ``dice.py``. The state is immutable: ``apply`` returns a new one and never touches the
old. Candidate commands come from ``legal.py``, their ranking from ``ai.py`` (both over the
navigation plan of ``navigation.py``).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from game.board import MAPS_DIR, PerMap
from game.core.dice import Dice
from game.core.ids import unique_slug
from game.geometry.sweep import MoveResult
from game.geometry.terrain import TerrainIndex
from game.rules.engine import Dispatch, IllegalCommand, Outcome, Setup
from game.rules.engine.system import DispatchedSystem
from game.rules.one_for_all import actions, activation, ai, duels, legal, moves
from game.rules.one_for_all import explain as explain_mod
from game.rules.one_for_all.commands import Act, Activate, AllocateHits, Duel, Move, Stop
from game.rules.one_for_all.config import OFAConfig
from game.rules.one_for_all.profiles import rating_of
from game.rules.one_for_all.state import EndReason, Figure, OFAState
from game.rules.one_for_all.table import Table

#: Every One for All command under the module that checks and resolves it (``check_<command>``
#: and ``resolve_<command>``, e.g. ``duels.check_allocate_hits``)
DISPATCH = Dispatch.by_topic({
    activation: (Activate, Stop),
    moves: (Move,),
    actions: (Act,),
    duels: (Duel, AllocateHits),
}, unknown_rule="OFA-SM.2", system_name="One for All")


class OneForAll(DispatchedSystem):
    """"...And One for All!": two sides of figures on a table with terrain, one figure activated
    at a time while its side keeps the initiative. One instance may serve many matches: it keeps
    each map's table (``table_for``)."""

    name = "one_for_all"
    default_map = "tavern.tmx"
    dispatch, candidates, ranking, words = DISPATCH, legal, ai, explain_mod

    def __init__(self, maps_dir: Path = MAPS_DIR) -> None:
        self.tables = PerMap(Table, maps_dir)

    # ------------------------------------------------------------------ setup
    def table_for(self, map_name: str) -> Table:
        return self.tables[map_name]

    def new_state(self, setup: Setup, dice: Dice) -> OFAState:
        cfg = OFAConfig.from_options(setup.options)
        table = self.table_for(setup.map or self.default_map)
        board = table.board
        assert board is not None
        index = TerrainIndex(list(table.solids.values()), table.bounds)
        taken: set[str] = set()
        figures: list[Figure] = []
        sides: list[str] = []
        for spawn in board.spawns:
            if not spawn.side:
                continue
            if spawn.side not in sides:
                sides.append(spawn.side)
            radius = float(spawn.properties.get("radius", cfg.base_radius) or cfg.base_radius)
            z = index.standing_level(spawn.x, spawn.y, below=cfg.fig_height * 2)
            figures.append(Figure(unique_slug(spawn.name, taken, fallback="figure"), spawn.name, spawn.side, spawn.profile,
                                  rating_of(spawn.profile), spawn.x, spawn.y, z, radius,
                                  cfg.fig_height, spawn.facing))
        if len(sides) != 2:
            raise ValueError(f"One for All needs figures of exactly two sides on the map; "
                             f"{board.path} has {len(sides)} ({', '.join(sides) or 'none'})")
        rolls: list[tuple[int, ...]] = []
        while True:  # OFA-1C.4: each player rolls one die, re-roll ties
            a, b = dice.roll(1)[0], dice.roll(1)[0]
            rolls.append((a, b))
            if a != b:
                break
        first = sides[0] if rolls[-1][0] > rolls[-1][1] else sides[1]
        return OFAState(setup.map or self.default_map, (sides[0], sides[1]), tuple(figures), first, cfg,
                        first_player_roll=tuple(rolls))

    def deployment_problems(self, state: OFAState) -> list[str]:
        """OFA-1C.3: each side on its own short edge, every base within ``deploy_depth`` of it.

        A scenario may deploy otherwise; this says where a map departs from the recommended reading.
        """
        table = self.table_for_state(state)
        if table.bounds is None:
            return []
        x0, y0, x1, y1 = table.bounds
        vertical = (y1 - y0) >= (x1 - x0)  # the short edges are top and bottom
        problems = []
        for side in state.sides:
            figs = [f for f in state.figures if f.side == side]
            mean = sum(f.y if vertical else f.x for f in figs) / len(figs)
            low_edge = mean < ((y0 + y1) / 2 if vertical else (x0 + x1) / 2)
            for f in figs:
                c = f.y if vertical else f.x
                reach = (c + f.radius - (y0 if vertical else x0)) if low_edge else ((y1 if vertical else x1) - c + f.radius)
                if reach > state.cfg.deploy_depth + 1e-6:
                    problems.append(f"{f.name} ({side}) stands {reach:.1f} mm from its edge, more than "
                                    f"{state.cfg.deploy_depth:g} mm (OFA-1C.3)")
        return problems

    # ------------------------------------------------------------------ protocol
    def current_player(self, state: OFAState) -> str | None:
        if state.winner:
            return None
        if state.pending is not None:
            return state.figure(state.pending.winner).side
        return state.initiative

    def outcome(self, state: OFAState) -> Outcome | None:
        if not state.winner:
            return None
        return Outcome((state.winner,), EndReason.ALL_UNCONSCIOUS)

    def check_moment(self, state: OFAState, command: Any) -> None:
        if state.winner:
            raise IllegalCommand("OFA-1.3", "the game is over", key="ofa.game_over")

    # ------------------------------------------------------------------ the table
    def table_for_state(self, state: OFAState) -> Table:
        return self.table_for(state.map)

    def index(self, state: OFAState) -> TerrainIndex:
        """The terrain as play has left it in ``state`` (moved props, fallen figures)."""
        return self.table_for_state(state).index(state)


    def move_sweep(self, state: OFAState, cmd: Move) -> MoveResult:
        """Where ``cmd`` takes its figure (OFA-2B.1, past a dodged object OFA-2A.2); no check
        that the move is allowed: the screen's drag preview shows what the move will do."""
        return moves.move_sweep(self.index(state), state, cmd)

    def invariants(self, state: OFAState) -> list[str]:
        broken: list[str] = []
        if state.initiative not in state.sides:
            broken.append(f"initiative {state.initiative!r} is not a side")
        if not state.winner and self.current_player(state) is None:
            broken.append("nobody is to act")
        standing = [f for f in state.figures if f.conscious]
        for i, a in enumerate(standing):
            for b in standing[i + 1:]:
                if abs(a.z - b.z) < max(a.height, b.height) and \
                        math.hypot(a.x - b.x, a.y - b.y) < a.radius + b.radius - 0.05:
                    broken.append(f"{a.id} overlaps {b.id}")
        table = self.table_for_state(state)
        if table.bounds is not None:
            x0, y0, x1, y1 = table.bounds
            for f in standing:
                if not (x0 - 1e-6 <= f.x - f.radius + 0.05 and f.x + f.radius - 0.05 <= x1 + 1e-6
                        and y0 - 1e-6 <= f.y - f.radius + 0.05 and f.y + f.radius - 0.05 <= y1 + 1e-6):
                    broken.append(f"{f.id} is off the table")
        if state.activation is not None:
            act = state.activation
            if not state.has_figure(act.figure) or state.figure(act.figure).side != state.initiative:
                broken.append("the active figure is not on the side holding the initiative")
            if act.pool < 0:
                broken.append("negative pool")
        for f in state.figures:
            if not 0 <= f.markers.wounds <= 3:
                broken.append(f"{f.id} has {f.markers.wounds} wounds")
        return broken
