"""Helldorado as a rule system: the seed's combat rules over the table's geometry, driven by a
small house turn flow (HOUSE.md).

Every resolution returns events carrying the rule IDs applied and the numbers that decided them;
house rules are cited as ``HD-HOUSE-n``. Lengths are fathoms (HD-0-2): the map's millimetres are
converted once, when the table is loaded. The state is immutable: ``apply`` returns a new one and
raises ``IllegalCommand`` before rolling anything when a command is refused.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import Point
from shapely.ops import nearest_points

from game.board import load_board
from game.core.dice import Dice
from game.core.ids import unique_slug
from game.core.units import FATHOM_MM
from game.geometry.bases import Base, BaseArray, edge_distance
from game.geometry.contact import attack_from_above, gap, head_below_base, in_contact
from game.geometry.cover import cover_bonus
from game.geometry.measure import (
    LegalTargets,
    distance_to_point,
    fight_on_line_of_fire,
    nearest_valid_targets,
    range_band,
)
from game.geometry.sweep import FIGURE, MoveResult, sweep_disc
from game.geometry.templates import cloud_blast, explosion, impact_blast
from game.rules.engine import Applied, CommandSet, Event, IllegalCommand, Outcome, Setup
from game.rules.helldorado import explain as explain_mod
from game.rules.helldorado.commands import (
    ALL,
    ANSWERS,
    Activate,
    Blast,
    Charge,
    Climb,
    Concentrate,
    End,
    Fight,
    Focus,
    Move,
    OrderChain,
    PickAttacker,
    PickWeapon,
    Reroll,
    Retreat,
    Shoot,
    ShootAt,
    UseHits,
    VaeVictis,
)
from game.rules.helldorado.config import HDConfig
from game.rules.helldorado.dice import (
    Roll,
    count_hits,
    lp_loss,
    pool,
    power_loss,
    table_damage,
)
from game.rules.helldorado.state import Activation, Exchange, HDState, Pending, Unit, Weapon
from game.rules.helldorado.table import Table

MAPS_DIR = Path(__file__).resolve().parents[3] / "maps"
DATA = Path(__file__).resolve().parent / "data"
CLEAR = 0.01  #: fathoms of room left between a climbing base and an edge
TOL = 1e-6


# ---------------------------------------------------------------------- unit data


@cache
def unit_data() -> dict[str, Any]:
    """``data/units.json``: the profiles (by the map's profile ids) and the two forces."""
    return dict(json.loads((DATA / "units.json").read_text(encoding="utf-8")))


def weapon_from(data: dict[str, Any]) -> Weapon:
    return Weapon(str(data["id"]), str(data.get("name", data["id"])), str(data["kind"]),
                  tuple(int(v) for v in data.get("table", ())), float(data.get("range", 0.0)),
                  int(data.get("difficulty", 0)), int(data.get("power", 0)),
                  float(data.get("radius", 3.0)))


def make_unit(profile: str, uid: str, name: str, side: str, x: float, y: float, z: float = 0.0,
              cfg: HDConfig | None = None, **overrides: Any) -> Unit:
    """A unit of ``profile`` (a key of units.json) at (x, y, z) fathoms; overrides win."""
    cfg = cfg or HDConfig()
    data = unit_data()["profiles"].get(profile)
    if data is None:
        raise ValueError(f"unknown Helldorado profile {profile!r}; known: "
                         f"{', '.join(sorted(unit_data()['profiles']))}")
    size = str(data.get("base", "normal"))
    values: dict[str, Any] = {
        "id": uid, "name": name, "side": side, "profile": profile, "x": x, "y": y, "z": z,
        "radius": float(data.get("radius", cfg.base_radius(size))), "height": float(data.get("height", 1.0)),
        "size": size, "cbt": data.get("cbt"), "defence": int(data["def"]), "pr": int(data["pr"]),
        "lp": int(data["lp"]), "max_lp": int(data["lp"]), "shs": data.get("shs"),
        "mov": float(data["mov"]), "weapons": tuple(weapon_from(w) for w in data.get("weapons", ())),
        "points": int(data.get("points", 0)), "harmless": bool(data.get("harmless", False)),
        "flying": bool(data.get("flying", False)),
    }
    values.update(overrides)
    if "lp" in overrides and "max_lp" not in overrides:
        values["max_lp"] = max(values["lp"], values["max_lp"])
    return Unit(**values)


def direction(angle_deg: float) -> tuple[float, float]:
    """Degrees clockwise from east (y grows down) to a unit vector; exact on the compass points."""
    a = math.radians(angle_deg)
    ux, uy = math.cos(a), math.sin(a)
    return (0.0 if abs(ux) < 1e-12 else ux, 0.0 if abs(uy) < 1e-12 else uy)


def angle_to(a: Unit | tuple[float, float], b: Unit | tuple[float, float]) -> float:
    ax, ay = (a.x, a.y) if isinstance(a, Unit) else a
    bx, by = (b.x, b.y) if isinstance(b, Unit) else b
    return round(math.degrees(math.atan2(by - ay, bx - ax)) % 360.0, 6)


def ev(kind: str, rules: list[str], actor: str = "", /, *, motion: tuple[Any, ...] = (),
       **values: Any) -> Event:
    """An event with its rule IDs once each, in the order cited."""
    return Event.of(kind, list(dict.fromkeys(rules)), actor, motion=motion, **values)


def _finite(*values: float) -> bool:
    return all(isinstance(v, int | float) and math.isfinite(v) for v in values)


# ---------------------------------------------------------------------- the rule system


class Helldorado:
    """The rule system. One instance may serve many matches (it caches tables by map)."""

    name = "helldorado"
    default_map = "ruins.tmx"
    commands = CommandSet(ALL)

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
                path = Path(map_name)
                if not path.is_absolute():
                    path = self.maps_dir / path
                self._tables[key] = Table.from_board(load_board(path), cfg.fathom_mm)
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
        if not state.over:
            return None
        return Outcome(state.winners, state.end_reason, tuple((s, float(v)) for s, v in state.tally))

    def explain(self, event: Event, lang: str = "en") -> str:
        return explain_mod.explain(event, lang)

    def digest(self, state: HDState) -> str:
        return repr(state)

    def legal_commands(self, state: HDState) -> list[Any]:
        from game.rules.helldorado.ai import legal_commands

        return legal_commands(self, state)

    def rank_command(self, state: HDState, command: Any) -> float:
        from game.rules.helldorado.ai import rank_command

        return rank_command(self, state, command)

    def apply(self, state: HDState, command: Any, dice: Dice) -> Applied:
        if state.over:
            raise IllegalCommand("HD-HOUSE-11", "the game is over")
        handler: Any = {
            Activate: self._activate, Move: self._move, Climb: self._climb, Charge: self._charge,
            Fight: self._fight, Retreat: self._retreat, Shoot: self._shoot, ShootAt: self._shoot_at,
            Blast: self._blast, Concentrate: self._concentrate, Focus: self._focus, End: self._end,
            VaeVictis: self._vae_victis, PickWeapon: self._pick_weapon,
            PickAttacker: self._pick_attacker, Reroll: self._reroll, UseHits: self._use_hits,
            OrderChain: self._order_chain,
        }.get(type(command))
        if handler is None:
            raise IllegalCommand("HD-HOUSE-3", f"{type(command).__name__} is not a Helldorado command")
        if state.pending is not None:
            if not isinstance(command, ANSWERS + (VaeVictis,)):
                raise IllegalCommand("HD-MELEE-1", "an attack sequence is under way: only its choices "
                                     "and the Vae Victis order may be given now")
        elif isinstance(command, ANSWERS):
            raise IllegalCommand("HD-HOUSE-13", "there is no choice to make now")
        st, events = handler(state, command, dice)
        return Applied(st, tuple(events))

    # ------------------------------------------------------------------ geometry of the rules
    def contact(self, state: HDState, a: Unit, b: Unit) -> bool:
        """HD-0-5: base contact, unless one head is below the other's base (HD-MELEE-19)."""
        if math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius > state.cfg.eps_contact + TOL:
            return False
        return in_contact(a.base, b.base, eps_contact=state.cfg.eps_contact, height_rule="head")

    def partners(self, state: HDState, unit: Unit) -> list[Unit]:
        """The enemies ``unit`` is in a fight with: in contact, and one of the two can engage."""
        return [e for e in state.units if e.alive and e.side != unit.side and unit.alive
                and (e.can_engage or unit.can_engage) and self.contact(state, unit, e)]

    def engaged(self, state: HDState, unit: Unit) -> bool:
        """HD-0-5: in contact with an enemy that can engage."""
        return any(e.can_engage for e in self.partners(state, unit))

    def supporters(self, state: HDState, unit: Unit, target: Unit) -> list[str]:
        """HD-MELEE-23: allies of ``unit`` able to engage that are engaged with ``target``."""
        return [c.id for c in state.units if c.alive and c.side == unit.side and c.id != unit.id
                and c.can_engage and self.contact(state, c, target)]

    def from_above(self, state: HDState, a: Unit, b: Unit) -> bool:
        """HD-MELEE-18: ``a`` stands half a fathom or more above ``b`` and is not flying."""
        return not a.flying and attack_from_above(a.base, b.base, threshold=state.cfg.above_threshold)

    def remaining(self, state: HDState, unit: Unit) -> float:
        act = state.activation
        return max(0.0, unit.mov - (act.moved if act and act.unit == unit.id else 0.0))

    def _others(self, state: HDState, unit: Unit) -> BaseArray:
        return BaseArray.of([u.base for u in state.units if u.alive and u.id != unit.id])

    def sweep(self, state: HDState, unit: Unit, angle: float, length: float) -> MoveResult:
        """HD-HOUSE-4: a straight segment that stops at the first contact."""
        return sweep_disc((unit.x, unit.y), unit.radius, direction(angle), length,
                          self.table_of(state).index, self._others(state, unit), z=unit.z,
                          height=unit.height, step=state.cfg.step, board_edge=True,
                          ignore_bases=(unit.id,))

    def _enemies_touching(self, state: HDState, unit: Unit) -> list[str]:
        return [e.id for e in state.alive(state.other_side(unit.side)) if self.contact(state, unit, e)]

    def in_cover(self, state: HDState, eye: tuple[float, float, float], unit: Unit) -> bool:
        """HD-RANGED-9: terrain within 1 f hides at least half the body, and the unit is seen."""
        res = self.table_of(state).cover(eye, unit.base, state.cfg.cover_radius)
        return res.in_cover(state.cfg.cover_threshold)

    def shot_targets(self, state: HDState, shooter: Unit, weapon: Weapon) -> LegalTargets:
        """HD-RANGED-2..6: the enemies ``shooter`` may choose, nearest first."""
        table = self.table_of(state)
        cfg = state.cfg
        enemies = state.alive(state.other_side(shooter.side))
        by_id = {e.id: e for e in enemies}
        eye = shooter.base.eye

        def visible(b: Base) -> bool:
            return table.sees(shooter.base, b)

        def engaged(b: Base) -> bool:
            return self.engaged(state, by_id[b.id])

        def covered(b: Base) -> bool:
            e = by_id[b.id]
            owner = e.pr if cfg.cover_pr_owner == "target" else shooter.pr
            return cover_bonus(e.size) >= owner and self.in_cover(state, eye, e)

        def targetable(b: Base) -> bool:
            d = edge_distance(shooter.base, b)
            return range_band(d, weapon.range, long_band_open=cfg.long_band_open).shootable

        return nearest_valid_targets(shooter.base, [e.base for e in enemies], visible=visible,
                                     engaged=engaged, in_cover_bonus_ge_pr=covered,
                                     targetable=targetable, eps=cfg.eps)

    # ------------------------------------------------------------------ checks
    def _unit(self, state: HDState, unit_id: str, rule: str = "HD-HOUSE-3") -> Unit:
        try:
            u = state.unit(unit_id)
        except KeyError:
            raise IllegalCommand(rule, f"there is no unit {unit_id!r}") from None
        if not u.alive:
            raise IllegalCommand("HD-MELEE-14", f"{u.name} is dead")
        return u

    def _active(self, state: HDState, unit_id: str) -> tuple[Unit, Activation]:
        act = state.activation
        if act is None or act.unit != unit_id:
            who = act.unit if act else "no unit"
            raise IllegalCommand("HD-HOUSE-3", f"{unit_id} is not the active unit ({who} is)")
        return state.unit(unit_id), act

    def _enemy(self, state: HDState, unit: Unit, target_id: str, friend_rule: str) -> Unit:
        target = self._unit(state, target_id)
        if target.side == unit.side:
            raise IllegalCommand(friend_rule, f"{target.name} is on {unit.name}'s side")
        return target

    def _free_to_act(self, state: HDState, unit: Unit, act: Activation, what: str) -> None:
        if act.retreated:
            raise IllegalCommand("HD-HOUSE-6", f"{unit.name} retreated this activation: no {what} now")

    def _weapon(self, unit: Unit, weapon_id: str, kinds: tuple[str, ...], rule: str) -> Weapon:
        w = unit.weapon(weapon_id)
        if w is None:
            raise IllegalCommand(rule, f"{unit.name} has no weapon {weapon_id!r}")
        if w.kind not in kinds:
            raise IllegalCommand(rule, f"{w.name} is a {w.kind} weapon, not {' or '.join(kinds)}")
        return w

    def _placement_problem(self, state: HDState, unit: Unit, x: float, y: float, z: float,
                           ignore_solid: str = "") -> str:
        """Why a base cannot stand at (x, y, z), or ""."""
        table = self.table_of(state)
        if not table.on_table(x, y, unit.radius):
            return "it would leave the table"
        blocking = table.blocking(x, y, unit.radius, z, unit.height, state.cfg.step,
                                  ignore=(ignore_solid,) if ignore_solid else ())
        if blocking:
            return f"there is no room: terrain {blocking[0]} is in the way"
        moved = unit.at(x, y, z)
        for o in state.alive():
            if o.id != unit.id and _overlap(moved, o, state.cfg.step):
                return f"{o.name} stands there"
        for o in state.alive(state.other_side(unit.side)):
            if self.contact(state, moved, o):
                return f"it would touch {o.name}: contact with an enemy is made by charging"
        return ""

    # ------------------------------------------------------------------ Activate / End
    def _activate(self, state: HDState, cmd: Activate, dice: Dice) -> tuple[HDState, list[Event]]:
        u = self._unit(state, cmd.unit, "HD-HOUSE-3")
        if state.activation is not None:
            raise IllegalCommand("HD-HOUSE-3", f"{state.activation.unit} is still active: end it first")
        if u.side != state.turn:
            raise IllegalCommand("HD-HOUSE-3", f"it is {state.turn}'s turn to activate a unit")
        if u.activated:
            raise IllegalCommand("HD-HOUSE-3", f"{u.name} has already been activated this round")
        st = replace(state.with_unit(replace(u, activated=True)), activation=Activation(u.id))
        return st, [ev("hd.activate", ["HD-HOUSE-3"], u.id, round=state.round, side=u.side,
                             mov=u.mov)]

    def _end(self, state: HDState, cmd: End, dice: Dice) -> tuple[HDState, list[Event]]:
        u, _ = self._active(state, cmd.unit)
        events = [ev("hd.end", ["HD-HOUSE-6"], u.id)]
        st, more = self._end_activation(state)
        return st, events + more

    def _end_activation(self, state: HDState) -> tuple[HDState, list[Event]]:
        """HD-HOUSE-3: the turn passes to the other side if it has units to activate; when no
        unit is left, a new round starts (HD-HOUSE-2) or the game ends (HD-HOUSE-11)."""
        st = replace(state, activation=None)
        if st.over:
            return st, []
        other = st.other_side(st.turn)
        if st.ready(other):
            return replace(st, turn=other), []
        if st.ready(st.turn):
            return st, []
        if st.round >= st.cfg.rounds:
            return self._game_over_by_points(st)
        first = st.other_side(st.first)
        if not st.alive(first):
            first = st.other_side(first)
        units = tuple(replace(u, activated=False) if u.alive else u for u in st.units)
        st = replace(st, units=units, round=st.round + 1, first=first, turn=first)
        return st, [ev("hd.round", ["HD-HOUSE-2", "HD-HOUSE-3"], "", round=st.round, first=first)]

    def _game_over_by_points(self, st: HDState) -> tuple[HDState, list[Event]]:
        a, b = st.sides
        sa, sb = st.score(a), st.score(b)
        winners = (a,) if sa > sb else (b,) if sb > sa else ()
        reason = (f"after {st.round} rounds: {a} {sa} points, {b} {sb} points (HD-HOUSE-11)")
        st = replace(st, over=True, winners=winners, end_reason=reason, activation=None)
        return st, [ev("hd.game_over", ["HD-HOUSE-11"], "", winners=winners, reason="points",
                             scores=st.tally, round=st.round)]

    def _check_wipe_out(self, st: HDState) -> tuple[HDState, list[Event]]:
        """HD-HOUSE-11: a side with no unit left loses at once (both: a draw)."""
        if st.over:
            return st, []
        gone = [s for s in st.sides if not st.alive(s)]
        if not gone:
            return st, []
        winners = tuple(s for s in st.sides if s not in gone)
        reason = f"{' and '.join(gone)} wiped out (HD-HOUSE-11)"
        st = replace(st, over=True, winners=winners, end_reason=reason, activation=None,
                     exchange=None, pending=None)
        return st, [ev("hd.game_over", ["HD-HOUSE-11"], "", winners=winners, reason="wiped_out",
                             scores=st.tally, round=st.round)]

    # ------------------------------------------------------------------ movement
    def _move(self, state: HDState, cmd: Move, dice: Dice) -> tuple[HDState, list[Event]]:
        u, act = self._active(state, cmd.unit)
        if not _finite(cmd.angle, cmd.length) or cmd.length <= 0:
            raise IllegalCommand("HD-HOUSE-4", "a move needs a direction and a positive length")
        if self.engaged(state, u):
            raise IllegalCommand("HD-MELEE-21", f"{u.name} is engaged: it may only leave by retreating")
        left = self.remaining(state, u)
        if cmd.length > left + TOL:
            raise IllegalCommand("HD-HOUSE-4", f"{u.name} has {left:.2f} f of movement left")
        res = self.sweep(state, u, cmd.angle, cmd.length)
        enemies = {e.id for e in state.alive(state.other_side(u.side))}
        hit = [t.id for t in res.touches if t.kind == FIGURE and t.id in enemies]
        if hit:
            raise IllegalCommand("HD-HOUSE-4", f"the move runs into {hit[0]}: contact with an enemy "
                                 "is made by charging")
        if res.distance <= TOL:
            raise IllegalCommand("HD-HOUSE-4", f"{u.name} cannot move that way ({res.id} is in the way)")
        moved = u.at(res.x, res.y)
        for e in state.alive(state.other_side(u.side)):
            if self.contact(state, moved, e):
                raise IllegalCommand("HD-HOUSE-4", f"the move ends touching {e.name}: contact with an "
                                     "enemy is made by charging")
        st = replace(state.with_unit(moved), activation=replace(act, moved=act.moved + res.distance))
        return st, [ev("hd.move", ["HD-HOUSE-4"], u.id,
                             motion=("slide", u.id, (u.x, u.y), (res.x, res.y)),
                             angle=round(cmd.angle, 3), distance=round(res.distance, 3),
                             touched=res.id or "", touched_kind=res.kind or "",
                             left=round(left - res.distance, 3))]

    def _climb(self, state: HDState, cmd: Climb, dice: Dice) -> tuple[HDState, list[Event]]:
        u, act = self._active(state, cmd.unit)
        if self.engaged(state, u):
            raise IllegalCommand("HD-MELEE-21", f"{u.name} is engaged: it may only leave by retreating")
        table = self.table_of(state)
        cfg = state.cfg
        here = Point(u.x, u.y)
        ignore = ""
        if cmd.solid:
            s = table.solids.get(cmd.solid)
            if s is None or not s.surface:
                raise IllegalCommand("HD-HOUSE-5", f"{cmd.solid!r} is not terrain to stand on")
            rise = s.top - u.z
            if rise <= cfg.step:
                raise IllegalCommand("HD-HOUSE-5", f"{u.name} is not below the top of {s.kind or s.id}")
            if rise > cfg.climb_max + TOL:
                raise IllegalCommand("HD-HOUSE-5", f"{s.kind or s.id} is {rise:.2f} f up; a unit climbs "
                                     f"at most {cfg.climb_max:g} f")
            if gap(u.base, s.footprint) > cfg.eps_contact + TOL:
                raise IllegalCommand("HD-HOUSE-5", f"{u.name} must touch {s.kind or s.id} to climb it")
            room = s.footprint.buffer(-(u.radius + CLEAR))
            if room.is_empty:
                raise IllegalCommand("HD-HOUSE-5", f"{u.name}'s base does not fit on {s.kind or s.id}")
            p = nearest_points(room, here)[0]
            z = table.standing_level(p.x, p.y, below=s.top + TOL)
            ignore = s.id
        else:
            under = table.supports(u.x, u.y, u.radius, u.z)
            if u.z <= cfg.step or not under:
                raise IllegalCommand("HD-HOUSE-5", f"{u.name} stands on nothing to climb down from")
            area = shapely.union_all([s.footprint for s in under]).buffer(u.radius + CLEAR)
            ring = area.exterior if hasattr(area, "exterior") else area.boundary
            p = ring.interpolate(ring.project(here))
            z = table.standing_level(p.x, p.y, below=u.z - cfg.step)
            if u.z - z > cfg.climb_max + TOL:
                raise IllegalCommand("HD-HOUSE-5", f"the drop is {u.z - z:.2f} f; a unit climbs down "
                                     f"at most {cfg.climb_max:g} f")
        cost = math.hypot(p.x - u.x, p.y - u.y) + abs(z - u.z)
        left = self.remaining(state, u)
        if cost > left + TOL:
            raise IllegalCommand("HD-HOUSE-5", f"climbing costs {cost:.2f} f; {left:.2f} f left")
        why = self._placement_problem(state, u, p.x, p.y, z, ignore)
        if why:
            raise IllegalCommand("HD-HOUSE-5", why)
        moved = u.at(p.x, p.y, z)
        st = replace(state.with_unit(moved), activation=replace(act, moved=act.moved + cost))
        return st, [ev("hd.climb", ["HD-HOUSE-5"], u.id,
                             motion=("slide", u.id, (u.x, u.y), (p.x, p.y)),
                             solid=cmd.solid, z_from=round(u.z, 3), z_to=round(z, 3),
                             cost=round(cost, 3))]

    # ------------------------------------------------------------------ melee
    def _charge(self, state: HDState, cmd: Charge, dice: Dice) -> tuple[HDState, list[Event]]:
        u, act = self._active(state, cmd.unit)
        target = self._enemy(state, u, cmd.target, "HD-MELEE-4")
        self._free_to_act(state, u, act, "charge")
        if not u.can_engage:
            raise IllegalCommand("HD-MELEE-5", f"{u.name} has no CBT and cannot engage")
        if self.engaged(state, u):
            raise IllegalCommand("HD-HOUSE-7", f"{u.name} is already engaged: fight instead")
        if self.contact(state, u, target):
            raise IllegalCommand("HD-HOUSE-7", f"{u.name} already touches {target.name}: fight instead")
        weapon = self._melee_choice(u, cmd.weapon)
        left = self.remaining(state, u)
        if left <= TOL:
            raise IllegalCommand("HD-HOUSE-7", f"{u.name} has no movement left to charge")
        angle = angle_to(u, target)
        res = self.sweep(state, u, angle, left)
        touched = {t.id for t in res.touches if t.kind == FIGURE}
        if target.id not in touched:
            why = f"{res.id} is in the way" if res.stopped else f"{target.name} is out of reach"
            raise IllegalCommand("HD-HOUSE-7", f"{u.name} cannot charge {target.name}: {why}")
        moved = u.at(res.x, res.y)
        if head_below_base(moved.base, target.base):
            raise IllegalCommand("HD-MELEE-19", f"{target.name} is out of contact: a head is below a base")
        st = replace(state.with_unit(moved), activation=replace(act, moved=act.moved + res.distance))
        events = [ev("hd.charge", ["HD-HOUSE-7", "HD-MELEE-16"], u.id,
                           motion=("slide", u.id, (u.x, u.y), (res.x, res.y)),
                           target=target.id, distance=round(res.distance, 3))]
        ex = Exchange("melee", u.id, target.id, reason="charge", one_sided=not target.can_engage,
                      a_weapon=weapon)
        st, more = self._run(replace(st, exchange=ex), dice)
        return st, events + more

    def _melee_choice(self, u: Unit, weapon_id: str) -> str:
        """HD-MELEE-24: a declared melee weapon, or "" to leave the table to the opponent."""
        if weapon_id:
            return self._weapon(u, weapon_id, ("melee",), "HD-MELEE-24").id
        return ""

    def _fight(self, state: HDState, cmd: Fight, dice: Dice) -> tuple[HDState, list[Event]]:
        u, act = self._active(state, cmd.unit)
        target = self._enemy(state, u, cmd.target, "HD-MELEE-4")
        self._free_to_act(state, u, act, "fight")
        if not u.can_engage:
            raise IllegalCommand("HD-MELEE-5", f"{u.name} has no CBT and cannot engage")
        if not self.contact(state, u, target):
            rule = "HD-MELEE-19" if gap(u.base, target.base) <= state.cfg.eps_contact + TOL else "HD-MELEE-2"
            raise IllegalCommand(rule, f"{u.name} is not engaged with {target.name}")
        weapon = self._melee_choice(u, cmd.weapon)
        ex = Exchange("melee", u.id, target.id, reason="fight", one_sided=not target.can_engage,
                      a_weapon=weapon)
        return self._run(replace(state, exchange=ex), dice)

    def _retreat(self, state: HDState, cmd: Retreat, dice: Dice) -> tuple[HDState, list[Event]]:
        u, act = self._active(state, cmd.unit)
        if not _finite(cmd.angle, cmd.length) or cmd.length <= 0:
            raise IllegalCommand("HD-HOUSE-4", "a retreat needs a direction and a positive length")
        strikers = [e for e in self.partners(state, u) if e.can_engage]
        if not strikers:
            raise IllegalCommand("HD-MELEE-21", f"{u.name} is not engaged: just move")
        left = self.remaining(state, u)
        if cmd.length > left + TOL:
            raise IllegalCommand("HD-HOUSE-4", f"{u.name} has {left:.2f} f of movement left")
        res = self.sweep(state, u, cmd.angle, cmd.length)
        if res.distance <= TOL:
            raise IllegalCommand("HD-HOUSE-4", f"{u.name} cannot move that way ({res.id} is in the way)")
        moved = u.at(res.x, res.y)
        still = [e.name for e in state.alive(state.other_side(u.side)) if self.contact(state, moved, e)]
        if still:
            raise IllegalCommand("HD-MELEE-21", f"the retreat must end out of contact ({still[0]})")
        events = [ev("hd.retreat", ["HD-MELEE-21", "HD-MELEE-17"], u.id,
                           strikers=tuple(e.id for e in strikers), distance=round(res.distance, 3))]
        ex = Exchange("melee", "", u.id, reason="retreat", one_sided=True, stage="attacker",
                      candidates=tuple(sorted(e.id for e in strikers)),
                      then_move=(res.x, res.y, u.z, res.distance))
        st, more = self._run(replace(state, exchange=ex), dice)
        return st, events + more

    def _focus(self, state: HDState, cmd: Focus, dice: Dice) -> tuple[HDState, list[Event]]:
        u, act = self._active(state, cmd.unit)
        self._free_to_act(state, u, act, "focus")
        strikers = [e for e in self.partners(state, u) if e.can_engage]
        events = [ev("hd.focus", ["HD-MELEE-22", "HD-HOUSE-9"], u.id,
                           strikers=tuple(e.id for e in strikers))]
        if not strikers:
            st, more = self._heal(state, u)
            st, end = self._end_activation(st)
            return st, events + more + end
        ex = Exchange("melee", "", u.id, reason="focus", one_sided=True, stage="attacker",
                      def_penalty=1, candidates=tuple(sorted(e.id for e in strikers)))
        st, more = self._run(replace(state, exchange=ex), dice)
        return st, events + more

    def _heal(self, state: HDState, u: Unit) -> tuple[HDState, list[Event]]:
        lp = min(u.max_lp, u.lp + state.cfg.focus_heal)
        return state.with_unit(replace(u, lp=lp)), [
            ev("hd.heal", ["HD-HOUSE-9"], u.id, gained=lp - u.lp, lp=lp)]

    def _concentrate(self, state: HDState, cmd: Concentrate, dice: Dice) -> tuple[HDState, list[Event]]:
        u, act = self._active(state, cmd.unit)
        self._free_to_act(state, u, act, "concentration")
        if act.concentrating:
            raise IllegalCommand("HD-HOUSE-9", f"{u.name} is already concentrating")
        foes = [e for e in self.partners(state, u) if not e.harmless]
        penalty = bool(foes)
        st = replace(state, activation=replace(act, concentrating=True, concentration_penalty=penalty))
        rules = ["HD-HOUSE-9"] + (["HD-MELEE-20"] if self.partners(state, u) else [])
        return st, [ev("hd.concentrate", rules, u.id, penalty=penalty,
                             against=tuple(e.id for e in foes), aim=state.cfg.aim_bonus)]

    # ------------------------------------------------------------------ shooting
    def _may_shoot(self, state: HDState, u: Unit, act: Activation) -> None:
        self._free_to_act(state, u, act, "shooting")
        if u.shs is None:
            raise IllegalCommand("HD-RANGED-16", f"{u.name} has no SHS and cannot shoot")
        if self.engaged(state, u):
            raise IllegalCommand("HD-HOUSE-8", f"{u.name} is engaged and cannot shoot")

    def _shoot(self, state: HDState, cmd: Shoot, dice: Dice) -> tuple[HDState, list[Event]]:
        u, act = self._active(state, cmd.unit)
        self._may_shoot(state, u, act)
        w = self._weapon(u, cmd.weapon, ("ranged",), "HD-MELEE-24")
        target = self._enemy(state, u, cmd.target, "HD-RANGED-6")
        table = self.table_of(state)
        cfg = state.cfg
        if not table.sees(u.base, target.base):
            raise IllegalCommand("HD-RANGED-8", f"{u.name} cannot see {target.name} behind the terrain")
        d = edge_distance(u.base, target.base)
        band = range_band(d, w.range, long_band_open=cfg.long_band_open)
        if not band.shootable:
            raise IllegalCommand("HD-RANGED-15", f"{target.name} is {d:.2f} f away, beyond 4 x Range")
        legal = self.shot_targets(state, u, w)
        if target.id not in legal:
            raise IllegalCommand("HD-RANGED-2", f"{u.name} must shoot the nearest enemy "
                                 f"({', '.join(legal.ids) or 'none'})")
        range_diff = int(band.difficulty or 7)
        rules = ["HD-RANGED-1", "HD-RANGED-2", "HD-RANGED-7", "HD-RANGED-12", "HD-RANGED-14",
                 "HD-RANGED-15"]
        partners = self.partners(state, target)
        over: tuple[str, ...] = ()
        if self.engaged(state, target):
            victims = tuple(sorted(p.id for p in partners))
            diff = max([range_diff, target.defence] + [p.defence for p in partners])
            parity = True
            rules += ["HD-RANGED-20", "HD-RANGED-21"]
        else:
            fighters = [o for o in state.alive() if o.id not in (u.id, target.id) and self.partners(state, o)]
            bases = [o.base for o in fighters]
            on_line = fight_on_line_of_fire(u.base, target.base, bases, eps=cfg.eps)
            in_way = fight_on_line_of_fire(u.base, target.base, bases, eye=u.base.eye, eps=cfg.eps)
            over = tuple(i for i in on_line if i not in in_way)
            if over:
                rules.append("HD-RANGED-25")
            if in_way:
                victims = tuple(sorted(in_way))
                diff = max([range_diff, target.defence] + [state.unit(i).defence for i in in_way])
                parity = True
                rules += ["HD-RANGED-24", "HD-RANGED-21"]
            else:
                victims, parity = (), False
                diff = max(range_diff, target.defence)
        passed: list[tuple[str, str]] = []
        for other in legal.ids[: legal.ids.index(target.id)]:
            why = "engaged" if self.engaged(state, state.unit(other)) else "cover"
            passed.append((other, why))
            rules.append("HD-RANGED-4" if why == "engaged" else "HD-RANGED-3")
        nearer = [e.id for e in state.alive(target.side)
                  if edge_distance(u.base, e.base) < d - cfg.eps and e.id not in legal.ids]
        if nearer:
            rules += ["HD-RANGED-5", "HD-RANGED-8"]
        events = [ev("hd.shot", rules, u.id, target=target.id, weapon=w.id, distance=round(d, 3),
                           band=band.name, range_diff=range_diff, defence=target.defence, diff=diff,
                           parity=parity, victims=victims, over=over, legal=legal.ids,
                           passed=tuple(passed), unseen=tuple(nearer))]
        ex = Exchange("shot", u.id, target.id, reason="shot", one_sided=True, a_weapon=w.id,
                      stage="roll", diff=diff, range_diff=range_diff, distance=d, band=band.name,
                      parity=parity, victims=victims)
        st, more = self._run(replace(state, exchange=ex), dice)
        return st, events + more

    def _shoot_at(self, state: HDState, cmd: ShootAt, dice: Dice) -> tuple[HDState, list[Event]]:
        u, act = self._active(state, cmd.unit)
        self._may_shoot(state, u, act)
        w = self._weapon(u, cmd.weapon, ("explosion",), "HD-EXPL-7")
        if not _finite(cmd.x, cmd.y):
            raise IllegalCommand("HD-EXPL-1", "the point must be a place on the table")
        table = self.table_of(state)
        if not table.on_table(cmd.x, cmd.y):
            raise IllegalCommand("HD-EXPL-1", "the point must be on the table")
        z = table.standing_level(cmd.x, cmd.y)
        point = (float(cmd.x), float(cmd.y), float(z))
        if not table.point_clear(u.base.eye, point):
            raise IllegalCommand("HD-EXPL-1", f"{u.name} has no clear line of fire to the point")
        d = distance_to_point(u.base, point)
        band = range_band(d, w.range, long_band_open=state.cfg.long_band_open)
        if not band.shootable:
            raise IllegalCommand("HD-RANGED-15", f"the point is {d:.2f} f away, beyond 4 x Range")
        diff = int(band.difficulty or 7)
        events = [ev("hd.aim", ["HD-EXPL-1", "HD-EXPL-2", "HD-EXPL-4", "HD-RANGED-15"], u.id,
                           weapon=w.id, point=tuple(round(c, 3) for c in point), distance=round(d, 3),
                           band=band.name, diff=diff)]
        ex = Exchange("explosion", u.id, reason="explosion", one_sided=True, a_weapon=w.id,
                      stage="roll", diff=diff, range_diff=diff, distance=d, band=band.name, point=point)
        st, more = self._run(replace(state, exchange=ex), dice)
        return st, events + more

    def _blast(self, state: HDState, cmd: Blast, dice: Dice) -> tuple[HDState, list[Event]]:
        u, act = self._active(state, cmd.unit)
        self._may_shoot(state, u, act)
        w = self._weapon(u, cmd.weapon, ("cloud", "impact"), "HD-TMPL-5")
        if not _finite(cmd.angle):
            raise IllegalCommand("HD-TMPL-2", "the template needs a direction")
        cfg = state.cfg
        table = self.table_of(state)
        others = [o.base for o in state.alive() if o.id != u.id]
        ux, uy = direction(cmd.angle)
        rules = ["HD-TMPL-1", "HD-TMPL-2", "HD-TMPL-3", "HD-TMPL-4", "HD-TMPL-5"]
        if w.kind == "cloud":
            res = cloud_blast(u.base, (ux, uy), others, length=cfg.cone_length, far_width=cfg.cone_width,
                              near_width=cfg.cone_near_width, inclusive=cfg.template_inclusive,
                              eps=cfg.eps)
            events = [ev("hd.template", rules + ["HD-TMPL-8"], u.id, weapon=w.id, kind="cloud",
                               angle=round(cmd.angle, 3), caught=res.caught, saved=())]
            under = set(res.under)
            order = sorted(res.caught, key=lambda i: (edge_distance(u.base, state.unit(i).base), i))
            losses: dict[str, int] = {}
            for uid in order:
                more, _ = self._template_hits(state, u, w, uid, 5, under, False, dice, losses)
                events += more
            st, more = self._apply_losses(state, losses, "HD-TMPL-9")
            st, end = self._after_action(st)
            return st, events + more + end
        res = impact_blast(u.base, (ux, uy), others, length=cfg.cone_length, far_width=cfg.cone_width,
                           near_width=cfg.cone_near_width,
                           sees=lambda p, b: table.point_sees(p, b), inclusive=cfg.template_inclusive,
                           eps=cfg.eps)
        events = [ev("hd.template", rules + ["HD-TMPL-8", "HD-TMPL-11"], u.id, weapon=w.id,
                           kind="impact", angle=round(cmd.angle, 3), caught=res.caught, saved=res.saved,
                           order=res.order)]
        ex = Exchange("impact", u.id, reason="impact", one_sided=True, a_weapon=w.id, stage="order",
                      groups=res.order, victims=tuple(res.under))
        st, more = self._run(replace(state, exchange=ex), dice)
        return st, events + more

    def _template_hits(self, state: HDState, shooter: Unit, w: Weapon, uid: str, n: int,
                       under: set[str], cover_counts: bool, dice: Dice,
                       losses: dict[str, int]) -> tuple[list[Event], int]:
        """HD-EXPL-8, HD-TMPL-9/11, HD-TMPL-14: n dice against one caught unit, maybe redirected."""
        faces = dice.roll(n)
        hits = count_hits(faces, w.difficulty)
        unit = state.unit(uid)
        kind = "explosion" if w.kind == "explosion" else w.kind
        rules = {"explosion": ["HD-EXPL-8", "HD-EXPL-9", "HD-EXPL-10"],
                 "cloud": ["HD-TMPL-9", "HD-TMPL-6", "HD-TMPL-10"],
                 "impact": ["HD-TMPL-11", "HD-TMPL-6", "HD-TMPL-13"]}[kind]
        events = [ev("hd.blast_roll", rules, shooter.id, unit=uid, faces=faces,
                           difficulty=w.difficulty, hits=hits, power=w.power)]
        victim = unit
        if self.engaged(state, unit):
            die = dice.roll(1)[0]
            outside = sorted(p.id for p in self.partners(state, unit) if p.id not in under)
            pick = ""
            if die % 2 and outside:
                pick = outside[0] if len(outside) == 1 else outside[dice.roll(1, len(outside))[0] - 1]
                victim = state.unit(pick)
            events.append(ev("hd.redirect", ["HD-TMPL-14"], shooter.id, unit=uid, die=die,
                                   outside=tuple(outside), victim=victim.id, moved=bool(pick)))
        bonus = 0
        if cover_counts and self.in_cover(state, shooter.base.eye, victim):
            bonus = cover_bonus(victim.size)
        loss = power_loss(hits, w.power, victim.pr + bonus)
        losses[victim.id] = losses.get(victim.id, 0) + loss
        events.append(ev("hd.blast_damage", rules + ["HD-RANGED-11"] * bool(bonus), shooter.id,
                               unit=victim.id, hits=hits, power=w.power, pr=victim.pr,
                               cover=bonus, loss=loss))
        return events, hits

    # ------------------------------------------------------------------ orders and choices
    def _vae_victis(self, state: HDState, cmd: VaeVictis, dice: Dice) -> tuple[HDState, list[Event]]:
        u = self._unit(state, cmd.unit, "HD-MELEE-1")
        ex = state.exchange
        if ex is None or state.pending is None:
            raise IllegalCommand("HD-MELEE-1", "Vae Victis is given during an attack sequence")
        if ex.kind == "explosion":
            raise IllegalCommand("HD-EXPL-11", "Vae Victis cannot be used during an explosion")
        if ex.kind == "impact":
            raise IllegalCommand("HD-TMPL-7", "Vae Victis cannot be used during a template attack")
        if state.vae(u.side) <= 0:
            raise IllegalCommand("HD-HOUSE-10", f"{u.side} has no Vae Victis left")
        if u.id == ex.attacker and ex.attacker:
            if ex.a_vae:
                raise IllegalCommand("HD-HOUSE-10", "already given for this unit")
            ex = replace(ex, a_vae=True)
        elif u.id == ex.defender and not ex.one_sided:
            if ex.d_vae:
                raise IllegalCommand("HD-HOUSE-10", "already given for this unit")
            ex = replace(ex, d_vae=True)
        else:
            raise IllegalCommand("HD-HOUSE-10", f"{u.name} does not strike in this attack sequence")
        left = tuple((s, n - 1 if s == u.side else n) for s, n in state.vae_left)
        st = replace(state, exchange=ex, vae_left=left)
        return st, [ev("hd.vae_victis", ["HD-MELEE-1", "HD-HOUSE-10"], u.id, side=u.side)]

    def _answer(self, state: HDState, kind: str) -> Pending:
        p = state.pending
        assert p is not None
        if p.kind != kind:
            raise IllegalCommand("HD-HOUSE-13", f"the choice now is a {p.kind!r} one, not {kind!r}")
        return p

    def _pick_weapon(self, state: HDState, cmd: PickWeapon, dice: Dice) -> tuple[HDState, list[Event]]:
        p = state.pending
        assert p is not None and state.exchange is not None
        if p.kind not in ("declare", "table"):
            raise IllegalCommand("HD-HOUSE-13", f"the choice now is a {p.kind!r} one, not a weapon")
        ex = state.exchange
        if cmd.weapon not in p.options:
            raise IllegalCommand("HD-MELEE-24", f"choose one of {', '.join(o or '(none)' for o in p.options)}")
        who = "declared" if p.kind == "declare" else "chosen by the opponent"
        if p.kind == "declare" and cmd.weapon == "":
            # HD-MELEE-24: nothing declared, so the opponent picks the table
            opts = tuple(w.id for w in state.unit(p.unit).melee_tables)
            other = state.other_side(p.side)
            st = replace(state, pending=Pending("table", other, p.unit, opts))
            return st, [ev("hd.weapon", ["HD-MELEE-24"], p.unit, weapon="", how="undeclared")]
        if p.unit == ex.attacker:
            ex = replace(ex, a_weapon=cmd.weapon)
        else:
            ex = replace(ex, d_weapon=cmd.weapon)
        events = [ev("hd.weapon", ["HD-MELEE-24"], p.unit, weapon=cmd.weapon, how=who)]
        st, more = self._run(replace(state, exchange=ex, pending=None), dice)
        return st, events + more

    def _pick_attacker(self, state: HDState, cmd: PickAttacker, dice: Dice) -> tuple[HDState, list[Event]]:
        p = self._answer(state, "attacker")
        assert state.exchange is not None
        if cmd.unit not in p.options:
            raise IllegalCommand("HD-MELEE-21", f"the attacker is one of {', '.join(p.options)}")
        ex = replace(state.exchange, attacker=cmd.unit, stage="weapons")
        events = [ev("hd.striker", ["HD-MELEE-21", "HD-MELEE-22"], cmd.unit,
                           target=ex.defender, chosen_by=p.side)]
        st, more = self._run(replace(state, exchange=ex, pending=None), dice)
        return st, events + more

    def _reroll(self, state: HDState, cmd: Reroll, dice: Dice) -> tuple[HDState, list[Event]]:
        p = self._answer(state, "reroll")
        ex = state.exchange
        assert ex is not None
        attacker_side = p.unit == ex.attacker and ex.stage == "reroll_a"
        roll = ex.a_roll if attacker_side else ex.d_roll
        assert roll is not None
        indices = tuple(int(i) for i in cmd.dice)
        why = roll.check_choice(indices)
        if why:
            raise IllegalCommand("HD-MELEE-9", why)
        new = roll.with_rerolls(indices, dice.roll(len(indices)))
        ex = replace(ex, a_roll=new) if attacker_side else replace(ex, d_roll=new)
        ex = replace(ex, stage="reroll_d" if attacker_side else self._after_rerolls(ex))
        events = [self._reroll_event(p.unit, roll, new)]
        st, more = self._run(replace(state, exchange=ex, pending=None), dice)
        return st, events + more

    def _use_hits(self, state: HDState, cmd: UseHits, dice: Dice) -> tuple[HDState, list[Event]]:
        p = self._answer(state, "hits")
        ex = state.exchange
        assert ex is not None
        if str(cmd.hits) not in p.options:
            raise IllegalCommand("HD-MELEE-11", f"use between 0 and {p.options[-1]} hits")
        if ex.stage == "hits_a":
            ex = replace(ex, a_used=cmd.hits, stage="hits_d")
        else:
            ex = replace(ex, d_used=cmd.hits, stage="damage")
        events = [ev("hd.reduce", ["HD-MELEE-11"], p.unit, used=cmd.hits,
                           hits=int(p.options[-1]))]
        st, more = self._run(replace(state, exchange=ex, pending=None), dice)
        return st, events + more

    def _order_chain(self, state: HDState, cmd: OrderChain, dice: Dice) -> tuple[HDState, list[Event]]:
        p = self._answer(state, "order")
        ex = state.exchange
        assert ex is not None
        if sorted(cmd.units) != sorted(p.options) or len(cmd.units) != len(p.options):
            raise IllegalCommand("HD-TMPL-12", f"order exactly these units: {', '.join(p.options)}")
        groups: list[tuple[str, ...]] = []
        for g in ex.groups:
            if tuple(g) == p.options:
                groups += [(i,) for i in cmd.units]
            else:
                groups.append(g)
        ex = replace(ex, groups=tuple(groups))
        events = [ev("hd.order", ["HD-TMPL-12"], ex.attacker, order=tuple(cmd.units))]
        st, more = self._run(replace(state, exchange=ex, pending=None), dice)
        return st, events + more

    # ------------------------------------------------------------------ the attack sequence
    def _run(self, state: HDState, dice: Dice) -> tuple[HDState, list[Event]]:
        """Advance the attack sequence until a player must choose, or it is over."""
        events: list[Event] = []
        st = state
        while st.exchange is not None and st.pending is None:
            step = getattr(self, f"_stage_{st.exchange.stage}")
            st, more = step(st, st.exchange, dice)
            events += more
        return st, events

    def _stage_attacker(self, st: HDState, ex: Exchange, dice: Dice) -> tuple[HDState, list[Event]]:
        """HD-MELEE-21/22: one engaged enemy strikes; the others support it."""
        if len(ex.candidates) == 1:
            ex = replace(ex, attacker=ex.candidates[0], stage="weapons")
            return replace(st, exchange=ex), [
                ev("hd.striker", ["HD-MELEE-21", "HD-MELEE-22"], ex.attacker, target=ex.defender,
                         chosen_by="")]
        defender = st.unit(ex.defender)
        chooser = (st.other_side(defender.side) if st.cfg.retreat_attacker_choice == "opponent"
                   else defender.side)
        return replace(st, pending=Pending("attacker", chooser, ex.defender, ex.candidates)), []

    def _stage_weapons(self, st: HDState, ex: Exchange, dice: Dice) -> tuple[HDState, list[Event]]:
        """HD-MELEE-24: each fighter's weapon is declared, or the opponent picks its table."""
        a = st.unit(ex.attacker)
        d = st.unit(ex.defender)
        if not ex.a_weapon:
            tables = a.melee_tables
            if len(tables) > 1:
                opts = tuple(w.id for w in tables)
                if ex.reason in ("retreat", "focus"):
                    # the striker did not start this sequence: its side declares first
                    return replace(st, pending=Pending("declare", a.side, a.id, opts + ("",))), []
                return replace(st, pending=Pending("table", d.side, a.id, opts)), []
            ex = replace(ex, a_weapon=tables[0].id if tables else "-")
        if not ex.one_sided and not ex.d_weapon:
            tables = d.melee_tables
            if len(tables) > 1:
                opts = tuple(w.id for w in tables) + ("",)
                return replace(st, exchange=ex, pending=Pending("declare", d.side, d.id, opts)), []
            ex = replace(ex, d_weapon=tables[0].id if tables else "-")
        return replace(st, exchange=replace(ex, stage="roll")), []

    def _melee_numbers(self, st: HDState, ex: Exchange, u: Unit, opp: Unit, attacking: bool
                       ) -> tuple[int, list[tuple[str, int, str]], int, list[tuple[str, int, str]]]:
        """CBT after modifiers (HD-MELEE-6) and the opponent's DEF after penalties."""
        act = st.activation
        mods: list[tuple[str, int, str]] = []
        if attacking and ex.reason == "charge":
            mods.append(("charge", -1, "HD-MELEE-16"))
        sup = len(self.supporters(st, u, opp))
        if sup:
            mods.append(("support", sup, "HD-MELEE-23"))
        if self.from_above(st, u, opp):
            mods.append(("above", 1, "HD-MELEE-18"))
        if act is not None and act.unit == u.id and act.concentration_penalty:
            mods.append(("concentration", -1, "HD-MELEE-20"))
        cbt = (u.cbt or 0) + sum(m[1] for m in mods)
        dmods: list[tuple[str, int, str]] = []
        if act is not None and act.unit == opp.id and act.concentration_penalty:
            dmods.append(("concentration", -1, "HD-MELEE-20"))
        if attacking and ex.def_penalty:
            dmods.append(("focus", -ex.def_penalty, "HD-MELEE-22"))
        defence = opp.defence + sum(m[1] for m in dmods)
        return cbt, mods, defence, dmods

    def _stage_roll(self, st: HDState, ex: Exchange, dice: Dice) -> tuple[HDState, list[Event]]:
        """HD-MELEE-6..8 (and HD-RANGED-16, HD-EXPL-4): count the dice, roll them."""
        a = st.unit(ex.attacker)
        events: list[Event] = []
        if ex.kind == "melee":
            d = st.unit(ex.defender)
            a_cbt, a_mods, d_def, d_mods = self._melee_numbers(st, ex, a, d, True)
            a_pool = pool(a_cbt)
            a_roll = Roll(dice.roll(a_pool.dice), d_def, a_pool.rerolls, a_pool.auto)
            rules = ["HD-MELEE-3", "HD-MELEE-6", "HD-MELEE-7", "HD-MELEE-8"] + [m[2] for m in a_mods + d_mods]
            if ex.one_sided:
                rules.append("HD-MELEE-17")
            events.append(ev("hd.roll", rules, a.id, against=d.id, value=a_cbt, mods=tuple(a_mods),
                                   dice=a_pool.dice, rerolls=a_pool.rerolls, auto=a_pool.auto,
                                   faces=a_roll.first, diff=d_def, def_mods=tuple(d_mods),
                                   hits=a_roll.hits))
            d_roll = None
            if not ex.one_sided:
                d_cbt, dm, a_def, am = self._melee_numbers(st, ex, d, a, False)
                d_pool = pool(d_cbt)
                d_roll = Roll(dice.roll(d_pool.dice), a_def, d_pool.rerolls, d_pool.auto)
                events.append(ev("hd.roll", ["HD-MELEE-6", "HD-MELEE-7", "HD-MELEE-8"]
                                       + [m[2] for m in dm + am], d.id, against=a.id, value=d_cbt,
                                       mods=tuple(dm), dice=d_pool.dice, rerolls=d_pool.rerolls,
                                       auto=d_pool.auto, faces=d_roll.first, diff=a_def,
                                       def_mods=tuple(am), hits=d_roll.hits))
            ex = replace(ex, a_roll=a_roll, d_roll=d_roll, stage="reroll_a")
            return replace(st, exchange=ex), events
        # a shot or an explosion: the shooter alone rolls (HD-RANGED-16/17, HD-EXPL-4)
        act = st.activation
        aim = st.cfg.aim_bonus if act is not None and act.unit == a.id and act.concentrating else 0
        shs = (a.shs or 0) + aim
        p = pool(shs)
        roll = Roll(dice.roll(p.dice), ex.diff, p.rerolls, p.auto)
        rules = ["HD-RANGED-16", "HD-MELEE-6", "HD-MELEE-7", "HD-MELEE-8"]
        if aim:
            rules.append("HD-HOUSE-9")
        if ex.kind == "explosion":
            rules.append("HD-EXPL-4")
        events.append(ev("hd.roll", rules, a.id, against=ex.defender, value=shs,
                               mods=(("aim", aim, "HD-HOUSE-9"),) if aim else (), dice=p.dice,
                               rerolls=p.rerolls, auto=p.auto, faces=roll.first, diff=ex.diff,
                               def_mods=(), hits=roll.hits))
        return replace(st, exchange=replace(ex, a_roll=roll, stage="reroll_a")), events

    def _reroll_event(self, uid: str, before: Roll, after: Roll) -> Event:
        return ev("hd.reroll", ["HD-MELEE-9", "HD-0-6"], uid, indices=after.rerolled,
                        before=before.faces, faces=after.faces, hits=after.hits,
                        unused=before.rerolls - len(after.rerolled))

    def _stage_reroll_a(self, st: HDState, ex: Exchange, dice: Dice) -> tuple[HDState, list[Event]]:
        return self._reroll_stage(st, ex, dice, True)

    def _stage_reroll_d(self, st: HDState, ex: Exchange, dice: Dice) -> tuple[HDState, list[Event]]:
        return self._reroll_stage(st, ex, dice, False)

    def _after_rerolls(self, ex: Exchange) -> str:
        return {"melee": "hits_a", "shot": "stray", "explosion": "land"}[ex.kind]

    def _reroll_stage(self, st: HDState, ex: Exchange, dice: Dice, attacker: bool
                      ) -> tuple[HDState, list[Event]]:
        """HD-MELEE-9: misses may be re-rolled once each; spare re-rolls are lost."""
        roll = ex.a_roll if attacker else ex.d_roll
        nxt = "reroll_d" if attacker else self._after_rerolls(ex)
        uid = ex.attacker if attacker else ex.defender
        events: list[Event] = []
        if roll is not None and roll.wants_reroll:
            if st.cfg.ask_rerolls:
                side = st.unit(uid).side
                return replace(st, pending=Pending("reroll", side, uid, tuple(str(i) for i in roll.misses))), []
            choice = roll.default_choice()
            new = roll.with_rerolls(choice, dice.roll(len(choice)))
            events.append(self._reroll_event(uid, roll, new))
            roll = new
        elif roll is not None and roll.rerolls and not roll.rerolls_done:
            events.append(ev("hd.reroll", ["HD-MELEE-9"], uid, indices=(), before=roll.faces,
                                   faces=roll.faces, hits=roll.hits, unused=roll.rerolls))
        if roll is not None:
            roll = replace(roll, rerolls_done=True)
        ex = replace(ex, a_roll=roll, stage=nxt) if attacker else replace(ex, d_roll=roll, stage=nxt)
        return replace(st, exchange=ex), events

    def _stage_stray(self, st: HDState, ex: Exchange, dice: Dice) -> tuple[HDState, list[Event]]:
        """HD-RANGED-21/22/24: more odd than even faces sends the shot to another fighter."""
        roll = ex.a_roll
        assert roll is not None
        if not ex.parity:
            return replace(st, exchange=replace(ex, victim=ex.defender, stage="hits_a")), []
        victim = ex.defender
        die = 0
        if roll.stray and ex.victims:
            if len(ex.victims) == 1:
                victim = ex.victims[0]
            else:
                die = dice.roll(1, len(ex.victims))[0]
                victim = ex.victims[die - 1]
        rules = ["HD-RANGED-21"] + (["HD-RANGED-22", "HD-HOUSE-12"] if victim != ex.defender else [])
        event = ev("hd.parity", rules, ex.attacker, odd=roll.odd, even=roll.even,
                         stray=victim != ex.defender, victim=victim, pick=die, among=ex.victims)
        return replace(st, exchange=replace(ex, victim=victim, stage="hits_a")), [event]

    def _stage_hits_a(self, st: HDState, ex: Exchange, dice: Dice) -> tuple[HDState, list[Event]]:
        return self._hits_stage(st, ex, True)

    def _stage_hits_d(self, st: HDState, ex: Exchange, dice: Dice) -> tuple[HDState, list[Event]]:
        return self._hits_stage(st, ex, False)

    def _hits_stage(self, st: HDState, ex: Exchange, attacker: bool) -> tuple[HDState, list[Event]]:
        """HD-MELEE-11: a player may use fewer hits — never on a stray shot (HD-RANGED-22)."""
        roll = ex.a_roll if attacker else ex.d_roll
        nxt = "hits_d" if attacker else "damage"
        if roll is None:
            return replace(st, exchange=replace(ex, stage=nxt)), []
        hits = roll.hits
        stray = ex.kind == "shot" and ex.victim != ex.defender
        if st.cfg.ask_reduction and hits > 0 and not stray:
            uid = ex.attacker if attacker else ex.defender
            opts = tuple(str(i) for i in range(hits + 1))
            return replace(st, pending=Pending("hits", st.unit(uid).side, uid, opts)), []
        ex = replace(ex, a_used=hits, stage=nxt) if attacker else replace(ex, d_used=hits, stage=nxt)
        return replace(st, exchange=ex), []

    def _table_of(self, unit: Unit, weapon_id: str) -> tuple[int, ...]:
        w = unit.weapon(weapon_id)
        return w.table if w is not None else (1, 2, 3, 4, 5)

    def _stage_damage(self, st: HDState, ex: Exchange, dice: Dice) -> tuple[HDState, list[Event]]:
        """HD-MELEE-10..14 / HD-RANGED-18/19: tables, PR, simultaneous damage, the Reaper."""
        a = st.unit(ex.attacker)
        events: list[Event] = []
        losses: dict[str, int] = {}
        a_roll = ex.a_roll
        assert a_roll is not None
        if ex.kind == "melee":
            d = st.unit(ex.defender)
            used = ex.a_used if ex.a_used is not None else a_roll.hits
            dmg = table_damage(self._table_of(a, ex.a_weapon), used)
            auto = a_roll.auto + int(ex.a_vae)
            losses[d.id] = lp_loss(dmg, d.pr, auto)
            events.append(ev("hd.damage", ["HD-MELEE-10", "HD-MELEE-11", "HD-MELEE-12", "HD-0-7"]
                                   + ["HD-MELEE-7"] * bool(a_roll.auto), a.id, target=d.id,
                                   weapon=ex.a_weapon, hits=a_roll.hits, used=used, damage=dmg, pr=d.pr,
                                   cover=0, auto=auto, loss=losses[d.id]))
            if ex.d_roll is not None:
                d_used = ex.d_used if ex.d_used is not None else ex.d_roll.hits
                d_dmg = table_damage(self._table_of(d, ex.d_weapon), d_used)
                d_auto = ex.d_roll.auto + int(ex.d_vae)
                losses[a.id] = lp_loss(d_dmg, a.pr, d_auto)
                events.append(ev("hd.damage", ["HD-MELEE-10", "HD-MELEE-11", "HD-MELEE-12",
                                                     "HD-MELEE-13"], d.id, target=a.id,
                                       weapon=ex.d_weapon, hits=ex.d_roll.hits, used=d_used,
                                       damage=d_dmg, pr=a.pr, cover=0, auto=d_auto, loss=losses[a.id]))
            st, more = self._apply_losses(replace(st, exchange=None), losses, "HD-MELEE-13")
            st, end = self._after_exchange(st, ex)
            return st, events + more + end
        victim = st.unit(ex.victim or ex.defender)
        used = ex.a_used if ex.a_used is not None else a_roll.hits
        w = a.weapon(ex.a_weapon)
        dmg = table_damage(w.table if w else (), used)
        covered = self.in_cover(st, a.base.eye, victim)
        bonus = cover_bonus(victim.size) if covered else 0
        auto = a_roll.auto + int(ex.a_vae)
        loss = lp_loss(dmg, victim.pr + bonus, auto)
        rules = ["HD-RANGED-17", "HD-RANGED-18", "HD-MELEE-12", "HD-0-7"]
        if covered:
            rules += ["HD-RANGED-9", "HD-RANGED-11"]
        if victim.id != ex.defender:
            rules.append("HD-RANGED-22")
        events.append(ev("hd.damage", rules, a.id, target=victim.id, weapon=ex.a_weapon,
                               hits=a_roll.hits, used=used, damage=dmg, pr=victim.pr, cover=bonus,
                               auto=auto, loss=loss))
        st, more = self._apply_losses(replace(st, exchange=None), {victim.id: loss}, "HD-RANGED-19")
        st, end = self._after_exchange(st, ex)
        return st, events + more + end

    def _stage_land(self, st: HDState, ex: Exchange, dice: Dice) -> tuple[HDState, list[Event]]:
        """HD-EXPL-5/6/12: a hit lands the blast on the point; no hit, nothing at all."""
        a = st.unit(ex.attacker)
        roll = ex.a_roll
        assert roll is not None and ex.point is not None
        w = a.weapon(ex.a_weapon)
        assert w is not None
        st = replace(st, exchange=None)
        if roll.hits < 1:
            events = [ev("hd.dud", ["HD-EXPL-5"], a.id, faces=roll.faces, diff=roll.diff)]
            st, end = self._after_exchange(st, ex)
            return st, events + end
        table = self.table_of(st)
        cfg = st.cfg
        others = [o.base for o in st.alive()]
        res = explosion(ex.point, others, radius=w.radius, surface_z=ex.point[2],
                        sees=lambda p, b: table.point_sees(p, b), inclusive=cfg.template_inclusive,
                        eps=cfg.eps)
        events = [ev("hd.explosion", ["HD-EXPL-3", "HD-EXPL-5", "HD-EXPL-6", "HD-EXPL-12"], a.id,
                           weapon=w.id, point=tuple(round(c, 3) for c in ex.point), radius=w.radius,
                           caught=res.caught, saved=res.saved)]
        under = set(res.under)
        px, py = ex.point[0], ex.point[1]
        order = sorted(res.caught, key=lambda i: (distance_to_point(st.unit(i).base, (px, py)), i))
        losses: dict[str, int] = {}
        for uid in order:
            events += self._template_hits(st, a, w, uid, 5, under, False, dice, losses)[0]
        st, more = self._apply_losses(st, losses, "HD-EXPL-8")
        st, end = self._after_exchange(st, ex)
        return st, events + more + end

    def _stage_order(self, st: HDState, ex: Exchange, dice: Dice) -> tuple[HDState, list[Event]]:
        """HD-TMPL-12 / HD-AMB-14: the shooter orders units equally near."""
        if st.cfg.impact_tie_order == "shooter_chooses":
            for g in ex.groups:
                if len(g) > 1:
                    side = st.unit(ex.attacker).side
                    return replace(st, pending=Pending("order", side, ex.attacker, tuple(g))), []
        chain = tuple(i for g in ex.groups for i in g)
        return replace(st, exchange=replace(ex, chain=chain, stage="chain")), []

    def _stage_chain(self, st: HDState, ex: Exchange, dice: Dice) -> tuple[HDState, list[Event]]:
        """HD-TMPL-11/12/13: SHS+5 dice at the nearest, then the misses at the next, and on."""
        a = st.unit(ex.attacker)
        w = a.weapon(ex.a_weapon)
        assert w is not None
        cfg = st.cfg
        n = (a.shs or 0) + 5 if cfg.impact_first_dice == "SHS+5" else 5
        if cfg.impact_dice_cap:
            n = min(n, 5)
        events: list[Event] = []
        losses: dict[str, int] = {}
        under = set(ex.victims)
        for uid in ex.chain:
            if n <= 0:
                break
            more, hits = self._template_hits(st, a, w, uid, n, under, True, dice, losses)
            events += more
            n -= hits
            events.append(ev("hd.chain", ["HD-TMPL-12"], a.id, unit=uid, hits=hits, left=n))
        st, more = self._apply_losses(replace(st, exchange=None), losses, "HD-TMPL-11")
        st, end = self._after_exchange(st, ex)
        return st, events + more + end

    # ------------------------------------------------------------------ damage and endings
    def _apply_losses(self, st: HDState, losses: dict[str, int], rule: str) -> tuple[HDState, list[Event]]:
        """HD-MELEE-13/14: all the damage lands at once; a unit at 0 LP dies."""
        events: list[Event] = []
        tally = dict(st.tally)
        for uid in sorted(losses):
            loss = losses[uid]
            u = st.unit(uid)
            if loss <= 0 or not u.alive:
                continue
            lp = max(0, u.lp - loss)
            st = st.with_unit(replace(u, lp=lp))
            events.append(ev("hd.wound", [rule, "HD-MELEE-12", "HD-MELEE-15"], uid, loss=loss,
                                   lp=lp))
            if lp == 0:
                other = st.other_side(u.side)
                tally[other] = tally.get(other, 0) + u.points
                events.append(ev("hd.death", ["HD-MELEE-14", "HD-RANGED-19", "HD-HOUSE-11"], uid,
                                       points=u.points, to=other))
        st = replace(st, tally=tuple((s, tally.get(s, 0)) for s in st.sides))
        return st, events

    def _after_exchange(self, st: HDState, ex: Exchange) -> tuple[HDState, list[Event]]:
        """After an attack sequence: the retreat goes on, a focus heals, an action ends the
        activation (HD-HOUSE-6); then the end of the game is checked."""
        events: list[Event] = []
        act = st.activation
        active = st.unit(act.unit) if act is not None else None
        if ex.reason == "retreat" and active is not None and active.alive and ex.then_move is not None:
            x, y, z, dist = ex.then_move
            st = st.with_unit(active.at(x, y, z))
            assert act is not None
            st = replace(st, activation=replace(act, moved=act.moved + dist, retreated=True))
            events.append(ev("hd.retreat_move", ["HD-MELEE-21", "HD-HOUSE-4"], active.id,
                                   motion=("slide", active.id, (active.x, active.y), (x, y)),
                                   distance=round(dist, 3)))
        elif ex.reason == "focus" and active is not None and active.alive:
            st, more = self._heal(st, active)
            events += more
        st, more = self._check_wipe_out(st)
        events += more
        if st.over:
            return st, events
        act = st.activation
        if act is not None and (ex.reason != "retreat" or not st.unit(act.unit).alive):
            st, more = self._end_activation(st)
            events += more
        return st, events

    def _after_action(self, st: HDState) -> tuple[HDState, list[Event]]:
        st, events = self._check_wipe_out(st)
        if st.over:
            return st, events
        st, more = self._end_activation(st)
        return st, events + more

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
                if _overlap(a, b, state.cfg.step):
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


def _overlap(a: Unit, b: Unit, step: float) -> bool:
    """Two bases in the same space: plan overlap and vertical bands that meet (as moves see them)."""
    if math.hypot(a.x - b.x, a.y - b.y) >= a.radius + b.radius - 0.01:
        return False
    a_band = (a.z + step, a.z + a.height)
    b_band = (b.z + step, b.z + b.height)
    meets_a = a_band[0] < b.z + b.height and a_band[1] > b.z
    meets_b = b_band[0] < a.z + a.height and b_band[1] > a.z
    return meets_a or meets_b
