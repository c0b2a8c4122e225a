"""Helldorado as a rule system: the seed's combat rules over the table's geometry, driven by a
small house turn flow (HOUSE.md).

This module holds the protocol (setup, ``check``, ``apply``, whose turn, the outcome, invariants)
and the one dispatch table of the commands; each command's check and resolution live in a module
named for its topic:

* ``flow.py``: Activate, End; turns, rounds and the end of the game (HD-HOUSE-2/3/6/11)
* ``movement.py``: Move, Climb (HD-HOUSE-4/5)
* ``melee.py``: Charge, Fight, Retreat, Focus, Concentrate (HD-MELEE-*, HD-HOUSE-7/9)
* ``shooting.py``: Shoot, ShootAt (HD-RANGED-*, HD-EXPL-1..4)
* ``templates.py``: Blast (HD-TMPL-*)
* ``choices.py``: Vae Victis and the answers to a pending choice (HD-HOUSE-10/13)
* ``sequence.py``: the attack sequence they start; ``damage.py``: losses, healing, blast dice
* ``spatial.py``: contact, fights, sweeps, cover and legal targets; ``checks.py``: shared refusals
* ``legal.py``: the candidate commands; ``ai.py``: their ranking; ``plan.py``: what both work out

Every resolution returns events carrying the rule IDs applied and the numbers that decided them;
house rules are cited as ``HD-HOUSE-n``. Lengths are fathoms (HD-0-2): the map's millimetres are
converted once, when the table is loaded. The state is immutable: ``apply`` runs ``check`` first
and raises ``IllegalCommand`` before rolling anything when a command is refused.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from game.board import MAPS_DIR, load_board, map_path
from game.core.dice import Dice
from game.core.ids import unique_slug
from game.core.units import FATHOM_MM
from game.geometry.measure import LegalTargets
from game.geometry.sweep import MoveResult
from game.rules.engine import Dispatch, IllegalCommand, Outcome, Setup
from game.rules.engine.system import DispatchedSystem
from game.rules.helldorado import ai, choices, commands, flow, legal, melee, movement, shooting, spatial, templates
from game.rules.helldorado import explain as explain_mod
from game.rules.helldorado.config import HDConfig
from game.rules.helldorado.spatial import overlap
from game.rules.helldorado.state import HDState, Unit, Weapon
from game.rules.helldorado.table import Table
from game.rules.helldorado.units import make_unit, unit_data, weapon_from

__all__ = ["DISPATCH", "MAPS_DIR", "Helldorado", "make_unit", "unit_data", "weapon_from"]

#: each topic's module and the commands it checks and resolves (``check_<command>`` and
#: ``resolve_<command>``, e.g. ``melee.check_charge``: ``Dispatch.by_topic``)
DISPATCH = Dispatch.by_topic({
    flow: (commands.Activate, commands.End),
    movement: (commands.Move, commands.Climb),
    melee: (commands.Charge, commands.Fight, commands.Retreat, commands.Focus, commands.Concentrate),
    shooting: (commands.Shoot, commands.ShootAt),
    templates: (commands.Blast,),
    choices: (commands.VaeVictis, commands.PickWeapon, commands.PickAttacker, commands.Reroll,
              commands.UseHits, commands.OrderChain),
}, unknown_rule="HD-HOUSE-3", system_name="Helldorado")


class Helldorado(DispatchedSystem):
    """Helldorado: two sides of units activated one at a time, fighting in melee and shooting
    across ruins measured in fathoms. One instance may serve many matches: it keeps each map's
    table (``table_for``, by map and fathom)."""

    name = "helldorado"
    default_map = "ruins.tmx"
    dispatch, candidates, ranking, words = DISPATCH, legal, ai, explain_mod

    def __init__(self, maps_dir: Path = MAPS_DIR) -> None:
        self.maps_dir = maps_dir
        self._tables: dict[tuple[str, float], Table] = {}

    # ------------------------------------------------------------------ tables and setup
    def add_table(self, name: str, table: Table, fathom_mm: float = FATHOM_MM) -> None:
        """Register a table (in fathoms) under a map name, e.g. a test's scene."""
        self._tables[(name, fathom_mm)] = table

    def table_for(self, map_name: str, cfg: HDConfig | None = None) -> Table:
        cfg = cfg or HDConfig()
        key = (map_name, cfg.fathom_mm)
        if key not in self._tables:
            if map_name == "":
                self._tables[key] = Table()
            else:
                board = load_board(map_path(map_name, self.maps_dir))
                self._tables[key] = Table.from_board(board, cfg.fathom_mm)
        return self._tables[key]

    def table_of(self, state: HDState) -> Table:
        return self.table_for(state.map, state.cfg)

    def new_state(self, setup: Setup, dice: Dice) -> HDState:
        cfg = HDConfig.from_options(setup.options)
        map_name = setup.map or self.default_map
        table = self.table_for(map_name, cfg)
        board = table.board
        if board is None:
            raise ValueError(f"map {map_name!r} has no spawn points to deploy from")
        taken: set[str] = set()
        units: list[Unit] = []
        for spawn in board.spawns:
            if not spawn.side:
                continue
            x, y = cfg.to_fathoms(spawn.x), cfg.to_fathoms(spawn.y)
            uid = unique_slug(spawn.name, taken, fallback="unit", ascii_fold=True)
            probe = make_unit(spawn.profile, uid, spawn.name, spawn.side, x, y, 0.0, cfg)
            z = table.standing_level(x, y, below=probe.height)
            units.append(replace(probe, z=z))
        return self.start(map_name, units, cfg, dice=dice)

    def start(self, map_name: str, units: list[Unit] | tuple[Unit, ...], cfg: HDConfig | None = None,
              *, dice: Dice | None = None, first: str | None = None) -> HDState:
        """HD-HOUSE-1/2: a game on ``map_name`` with these units; the roll-off picks who starts
        unless ``first`` is given."""
        cfg = cfg or HDConfig()
        sides: list[str] = []
        for u in units:
            if u.side not in sides:
                sides.append(u.side)
        if len(sides) != 2:
            raise ValueError(f"Helldorado needs units of exactly two sides; got {len(sides)} "
                             f"({', '.join(sides) or 'none'})")
        rolls: list[tuple[int, int]] = []
        if first is None:
            if dice is None:
                raise ValueError("a roll-off needs dice (or name the first side)")
            while True:  # HD-HOUSE-2: each side rolls a die, ties roll again
                a, b = dice.roll(1)[0], dice.roll(1)[0]
                rolls.append((a, b))
                if a != b:
                    break
            first = sides[0] if rolls[-1][0] > rolls[-1][1] else sides[1]
        if first not in sides:
            raise ValueError(f"{first!r} is not a side")
        return HDState(map_name, (sides[0], sides[1]), tuple(units), cfg, first, first,
                       vae_left=tuple((s, cfg.vae_victis_per_side) for s in sides),
                       tally=tuple((s, 0) for s in sides), first_roll=tuple(rolls))

    # ------------------------------------------------------------------ protocol
    def current_player(self, state: HDState) -> str | None:
        if state.over:
            return None
        if state.pending is not None:
            return state.pending.side
        return state.turn

    def outcome(self, state: HDState) -> Outcome | None:
        """HD-HOUSE-11: the winners (none: a draw), how it ended and the points scored."""
        if not state.over:
            return None
        return Outcome(state.winners, flow.end_reason(state),
                       tuple((s, float(v)) for s, v in state.tally))

    def check_moment(self, state: HDState, command: Any) -> None:
        """What any command needs: a game going on (HD-HOUSE-11), a Helldorado command, and
        an answer exactly while a choice waits (HD-MELEE-1, HD-HOUSE-13)."""
        if state.over:
            raise IllegalCommand("HD-HOUSE-11", "the game is over", key="hd.game.over")
        DISPATCH.handler(command)
        if state.pending is not None:
            if not isinstance(command, commands.ANSWERS + (commands.VaeVictis,)):
                raise IllegalCommand("HD-MELEE-1", "an attack sequence is under way: only its choices "
                                     "and the Vae Victis order may be given now",
                                     key="hd.choice.sequence_under_way")
        elif isinstance(command, commands.ANSWERS):
            raise IllegalCommand("HD-HOUSE-13", "there is no choice to make now", key="hd.choice.none")

    # ------------------------------------------------------------------ geometry of the rules
    # (``spatial.py``, with this system's tables: for the AI, the candidates and the screens)
    def contact(self, state: HDState, a: Unit, b: Unit) -> bool:
        """HD-0-5: base contact, unless one head is below the other's base (HD-MELEE-19)."""
        return spatial.contact(state, a, b)

    def partners(self, state: HDState, unit: Unit) -> list[Unit]:
        """The enemies ``unit`` is in a fight with: in contact, and one of the two can engage."""
        return spatial.partners(state, unit)

    def engaged(self, state: HDState, unit: Unit) -> bool:
        """HD-0-5: in contact with an enemy that can engage."""
        return spatial.engaged(state, unit)

    def supporters(self, state: HDState, unit: Unit, target: Unit) -> list[str]:
        """HD-MELEE-23: allies of ``unit`` able to engage that are engaged with ``target``."""
        return spatial.supporters(state, unit, target)

    def from_above(self, state: HDState, a: Unit, b: Unit) -> bool:
        """HD-MELEE-18: ``a`` stands half a fathom or more above ``b`` and is not flying."""
        return spatial.from_above(state, a, b)

    def remaining(self, state: HDState, unit: Unit) -> float:
        """HD-HOUSE-4: the movement ``unit`` has left this activation."""
        return spatial.remaining(state, unit)

    def sweep(self, state: HDState, unit: Unit, angle: float, length: float) -> MoveResult:
        """HD-HOUSE-4: a straight segment that stops at the first contact."""
        return spatial.sweep(self.table_of(state), state, unit, angle, length)

    def in_cover(self, state: HDState, eye: tuple[float, float, float], unit: Unit) -> bool:
        """HD-RANGED-9: terrain within 1 f hides at least half the body, and the unit is seen."""
        return spatial.in_cover(self.table_of(state), state, eye, unit)

    def shot_targets(self, state: HDState, shooter: Unit, weapon: Weapon) -> LegalTargets:
        """HD-RANGED-2..6: the enemies ``shooter`` may choose, nearest first."""
        return spatial.shot_targets(self.table_of(state), state, shooter, weapon)

    # ------------------------------------------------------------------ invariants
    def invariants(self, state: HDState) -> list[str]:
        broken: list[str] = []
        if state.turn not in state.sides or state.first not in state.sides:
            broken.append("the side to act is not a side")
        if not state.over and self.current_player(state) is None:
            broken.append("nobody is to act")
        if state.pending is not None and state.exchange is None:
            broken.append("a choice is pending with no attack sequence")
        if state.exchange is not None and state.pending is None:
            broken.append("an attack sequence stopped without a choice to make")
        if state.over and (state.pending is not None or state.activation is not None):
            broken.append("the game is over but something is still under way")
        live = state.alive()
        for i, a in enumerate(live):
            for b in live[i + 1:]:
                if overlap(a, b, state.cfg.step):
                    broken.append(f"{a.id} overlaps {b.id}")
        table = self.table_of(state)
        for u in live:
            if not table.on_table(u.x, u.y, u.radius - 0.01):
                broken.append(f"{u.id} is off the table")
        for u in state.units:
            if not 0 <= u.lp <= u.max_lp:
                broken.append(f"{u.id} has {u.lp} LP")
        act = state.activation
        if act is not None:
            if not state.has_unit(act.unit):
                broken.append("the active unit does not exist")
            else:
                au = state.unit(act.unit)
                if not au.alive:
                    broken.append("the active unit is dead")
                if au.side != state.turn:
                    broken.append("the active unit is not on the side to act")
                if act.moved > au.mov + 1e-6:
                    broken.append(f"{au.id} moved {act.moved:.3f} f, more than {au.mov:g}")
        if not state.over and state.activation is None and state.pending is None \
                and not state.ready(state.turn):
            broken.append(f"{state.turn} is to activate but has no unit ready")
        for s, n in state.vae_left:
            if n < 0:
                broken.append(f"{s} has used more Vae Victis than it had")
        return broken
