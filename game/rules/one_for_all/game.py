""""...And One for All!" as a rule system: the turn flow of OFA-SM over the table's geometry.

Every resolution returns events that carry the rule IDs applied and the numbers that decided it.
Geometry (contact, sweeps, lines of throw) comes from ``game.geometry``; the dice maths from
``dice.py``. The state is immutable: ``apply`` returns a new one and never touches the old.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import LineString, Point
from shapely.ops import nearest_points

from game.board import load_board
from game.core.dice import Dice
from game.core.ids import unique_slug
from game.geometry.contact import (
    elevated,
    eligible_targets,
    friends_in_contact,
    in_contact,
    line_of_throw_blockers,
    touching_solids,
)
from game.geometry.sweep import MoveResult, sweep_disc
from game.geometry.terrain import Solid, TerrainIndex
from game.physics.knockback import push_back
from game.rules.engine import Applied, CommandSet, Event, IllegalCommand, Outcome, Setup
from game.rules.one_for_all import explain as explain_mod
from game.rules.one_for_all.commands import (
    ACTION_KINDS,
    Act,
    Activate,
    AllocateHits,
    Duel,
    Move,
    Stop,
)
from game.rules.one_for_all.config import OFAConfig
from game.rules.one_for_all.dice import (
    Comparison,
    DuelBonuses,
    HitTable,
    OnesCounters,
    compare,
    defence_dice,
    duel_dice,
    hit_table,
    loses_initiative,
    more_rows,
    start_hits,
    swashbuckling_dice,
    swashbuckling_target_dice,
    table_rows,
)
from game.rules.one_for_all.state import Activation, Figure, OFAState, PendingAllocation, Prop
from game.rules.one_for_all.table import Table

MAPS_DIR = Path(__file__).resolve().parents[3] / "maps"
DATA = Path(__file__).resolve().parent / "data"
NUDGE = 0.5  #: mm of clearance added where a leap puts a base beside something


@cache
def _profiles() -> dict[str, Any]:
    return dict(json.loads((DATA / "profiles.json").read_text(encoding="utf-8")))


def rating_of(profile: str) -> int:
    data = _profiles()
    entry = data["profiles"].get(profile)
    return int(entry["rating"]) if entry else int(data["default_rating"])


def _unit(angle_deg: float) -> tuple[float, float]:
    """Degrees clockwise from east to a unit vector; exact on the compass points (cos 90° is 0)."""
    a = math.radians(angle_deg)
    ux, uy = math.cos(a), math.sin(a)
    return (0.0 if abs(ux) < 1e-12 else ux, 0.0 if abs(uy) < 1e-12 else uy)


def _direction(frm: tuple[float, float], to: tuple[float, float]) -> tuple[float, float] | None:
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    d = math.hypot(dx, dy)
    return None if d < 1e-9 else (dx / d, dy / d)


def _angle(u: tuple[float, float]) -> float:
    return math.degrees(math.atan2(u[1], u[0])) % 360.0


class OneForAll:
    """The rule system. One instance may serve many matches (it caches boards by map)."""

    name = "one_for_all"
    default_map = "tavern.tmx"
    commands = CommandSet([Activate, Move, Act, Duel, AllocateHits, Stop])

    def __init__(self, maps_dir: Path = MAPS_DIR) -> None:
        self.maps_dir = maps_dir
        self._tables: dict[str, Table] = {}

    # ------------------------------------------------------------------ setup
    def table_for(self, map_name: str) -> Table:
        if map_name not in self._tables:
            path = Path(map_name)
            if not path.is_absolute():
                path = self.maps_dir / path
            self._tables[map_name] = Table(load_board(path))
        return self._tables[map_name]

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
        return Outcome((state.winner,), "every figure of the other side is unconscious (OFA-1.3)")

    def explain(self, event: Event, lang: str = "en") -> str:
        return explain_mod.explain(event, lang)

    def digest(self, state: OFAState) -> str:
        return repr(state)

    def apply(self, state: OFAState, command: Any, dice: Dice) -> Applied:
        if state.winner:
            raise IllegalCommand("OFA-1.3", "the game is over")
        handler: Any = {
            Activate: self._activate, Move: self._move, Act: self._act, Duel: self._duel,
            AllocateHits: self._allocate, Stop: self._stop,
        }.get(type(command))
        if handler is None:
            raise IllegalCommand("OFA-SM.2", f"{type(command).__name__} is not a One for All command")
        if state.pending is not None and not isinstance(command, AllocateHits):
            raise IllegalCommand("OFA-5C.1", "first split the duel's hits among the losing figures")
        return handler(state, command, dice)

    # ------------------------------------------------------------------ helpers
    def _index(self, state: OFAState) -> TerrainIndex:
        return self.table_for_state(state).index(state)

    def table_for_state(self, state: OFAState) -> Table:
        return self.table_for(state.map)

    def _figure(self, state: OFAState, figure_id: str, rule: str = "OFA-SM.2") -> Figure:
        try:
            return state.figure(figure_id)
        except KeyError:
            raise IllegalCommand(rule, f"there is no figure {figure_id!r}") from None

    def _active(self, state: OFAState, figure_id: str) -> tuple[Figure, Activation]:
        act = state.activation
        if act is None or act.figure != figure_id:
            who = act.figure if act else "no figure"
            raise IllegalCommand("OFA-6.2", f"{figure_id} is not the active figure ({who} is)")
        return state.figure(figure_id), act

    def _touching(self, state: OFAState, fig: Figure) -> dict[str, str]:
        """Everything ``fig`` is in contact with: solid ids -> how, figure ids -> 'figure'."""
        index = self._index(state)
        found = {c.id: c.how for c in touching_solids(fig.base, index, eps_contact=state.cfg.eps_contact)}
        for other in state.figures:
            if other.id != fig.id and other.conscious and in_contact(
                    fig.base, other.base, eps_contact=state.cfg.eps_contact):
                found[other.id] = "figure"
        return found

    def _enemy(self, state: OFAState, fig: Figure, target_id: str, rule: str) -> Figure:
        target = self._figure(state, target_id, rule)
        if target.side == fig.side:
            raise IllegalCommand(rule, f"{target.name} is on {fig.name}'s side")
        if not target.conscious:
            raise IllegalCommand(rule, f"{target.name} is unconscious")
        return target

    # ------------------------------------------------------------------ Activate / Stop
    def _activate(self, state: OFAState, cmd: Activate, dice: Dice) -> Applied:
        fig = self._figure(state, cmd.figure, "OFA-6.2")
        if fig.side != state.initiative:
            raise IllegalCommand("OFA-6.2", f"{fig.name} is not on the side holding the initiative")
        if not fig.conscious:
            raise IllegalCommand("OFA-5D.12", f"{fig.name} is unconscious")
        if state.cfg.extended_turn and state.cfg.ext_turn_other_figure and state.last_failed == fig.id:
            raise IllegalCommand("OFA-7.4", f"{fig.name}'s activation just failed: activate another figure")
        events = []
        if state.activation is not None:
            if state.activation.figure == fig.id:
                raise IllegalCommand("OFA-6.2", f"{fig.name} is already active")
            events.append(Event.of("ofa.stop", ["OFA-FAQ.3", "OFA-3D.4"], state.activation.figure,
                                   pool=state.activation.pool))
        nxt = replace(state, activation=Activation(fig.id),
                      counters=state.counters.new_activation())
        events.append(Event.of("ofa.activate", ["OFA-6.2", "OFA-6.4", "OFA-6.5"], fig.id))
        return Applied(nxt, tuple(events))

    def _stop(self, state: OFAState, cmd: Stop, dice: Dice) -> Applied:
        fig, act = self._active(state, cmd.figure)
        rules = ["OFA-2B.4"] if act.contact else ["OFA-FAQ.3"]
        nxt = replace(state, activation=None)
        return Applied(nxt, (Event.of("ofa.stop", rules + ["OFA-3D.4"], fig.id, pool=act.pool),))

    # ------------------------------------------------------------------ Move
    def _move(self, state: OFAState, cmd: Move, dice: Dice) -> Applied:
        fig, act = self._active(state, cmd.figure)
        if act.contact:
            raise IllegalCommand("OFA-2B.2", f"{fig.name} ran into {act.contact}: stop, act with it or duel")
        if fig.markers.stunned:
            raise IllegalCommand("OFA-5D.3", f"{fig.name} is Stunned and cannot move")
        if fig.hanging_on:
            raise IllegalCommand("OFA-2B.1", f"{fig.name} hangs from {fig.hanging_on}: swing or drop instead")
        if cmd.length is not None and not (math.isfinite(cmd.length) and cmd.length > 0):
            raise IllegalCommand("OFA-2B.1", "a move needs a positive length (or none: until contact)")
        if not math.isfinite(cmd.angle):
            raise IllegalCommand("OFA-2B.1", "the direction must be a number of degrees")
        cap = state.cfg.max_free_moves_per_turn
        if cap is not None and state.free_moves_this_turn >= cap:
            raise IllegalCommand("OFA-AMB-12", f"the AI safeguard allows {cap} free moves a turn")
        result = self.move_sweep(state, cmd)
        moved = fig.at(result.x, result.y)
        moved = replace(moved, facing=cmd.angle % 360.0)
        touched = result.id or ""
        event = Event.of("ofa.move", ["OFA-2B.1", "OFA-0.4"], fig.id,
                         motion=("slide", fig.id, (fig.x, fig.y), (result.x, result.y)),
                         angle=round(cmd.angle, 3), distance=round(result.distance, 3),
                         touched=touched, touched_kind=result.kind or "")
        nxt = state.with_figure(moved)
        if not touched:  # OFA-2B.4: a move into open space is a Free Move and ends the activation
            nxt = replace(nxt, activation=None, free_moves_this_turn=state.free_moves_this_turn + 1)
            return Applied(nxt, (event, Event.of("ofa.free_move", ["OFA-2B.4"], fig.id)))
        nxt = replace(nxt, activation=replace(act, contact=touched, dodged="", momentum_ready=False))
        return Applied(nxt, (event,))

    def move_sweep(self, state: OFAState, cmd: Move) -> MoveResult:
        """Where ``cmd`` takes its figure: the straight move until contact (OFA-2B.1) past an
        object the figure has just dodged (OFA-2A.2). No check that the move is allowed: the
        screen's drag preview asks this too, so what it shows is what the move will do."""
        fig = state.figure(cmd.figure)
        act = state.activation
        dodged = act.dodged if act is not None and act.figure == cmd.figure else ""
        index = self._index(state)
        result = self._sweep_move(state, fig, cmd, index, dodged)
        if dodged and self._overlaps(state, index, result.x, result.y, fig, dodged):
            # OFA-2A.2: a dodge lets the move pass the object, not end on top of it
            result = self._sweep_move(state, fig, cmd, index, "")
        return result

    @staticmethod
    def _sweep_move(state: OFAState, fig: Figure, cmd: Move, index: TerrainIndex,
                    dodged: str) -> MoveResult:
        ignore = (dodged,) if dodged else ()
        return sweep_disc(
            (fig.x, fig.y), fig.radius, _unit(cmd.angle),
            math.inf if cmd.length is None else cmd.length, index, Table.bases(state, fig.id),
            z=fig.z, height=fig.height, step=state.cfg.step,
            board_edge=state.cfg.board_edge_blocks, ignore=ignore, ignore_bases=ignore)

    @staticmethod
    def _overlaps(state: OFAState, index: TerrainIndex, x: float, y: float, fig: Figure, thing: str) -> bool:
        if state.has_figure(thing) and state.figure(thing).conscious:
            other = state.figure(thing)
            return math.hypot(other.x - x, other.y - y) < other.radius + fig.radius - 1e-6
        try:
            solid = index.solids[index.index_of(thing)]
        except KeyError:
            return False
        return bool(solid.footprint.distance(Point(x, y)) < fig.radius - 1e-6)

    # ------------------------------------------------------------------ Act
    def _act(self, state: OFAState, cmd: Act, dice: Dice) -> Applied:
        fig, act = self._active(state, cmd.figure)
        if cmd.kind not in ACTION_KINDS:
            raise IllegalCommand("OFA-2A.2", f"unknown action {cmd.kind!r}; known: {', '.join(ACTION_KINDS)}")
        if act.contact and cmd.object != act.contact and act.contact not in cmd.targets:
            raise IllegalCommand("OFA-2B.2", f"{fig.name} ran into {act.contact}: act with it, stop or duel")
        effect = self._action_effect(state, fig, act, cmd, dice)
        st = effect.state
        fig = st.figure(fig.id)
        act = replace(st.activation or act, pool=act.pool + 1, contact="",
                      dodged=effect.dodged, momentum_ready=effect.momentum)
        st = replace(st, activation=act)
        events = list(effect.events)
        faces = dice.roll(swashbuckling_dice(act.pool, fig.markers.stunned, min_dice=st.cfg.min_dice))
        events.append(Event.of("ofa.pool_roll", ["OFA-3.3", "OFA-3D.1"] + (["OFA-5D.3"] if fig.markers.stunned else []),
                               fig.id, pool=act.pool, faces=faces))
        for target_id in effect.targets:
            st, more = self._swashbuckling_attack(st, fig.id, target_id, faces, effect, dice)
            events += more
        st, more = self._after_roll(st, fig.id, faces)
        return Applied(st, tuple(events + more))

    class _Effect:
        def __init__(self, state: OFAState, events: list[Event], targets: tuple[str, ...] = (),
                     source: tuple[float, float] | None = None, travel: tuple[float, float] | None = None,
                     object_bonus: int = 0, momentum: bool = False, dodged: str = "") -> None:
            self.state, self.events, self.targets = state, events, targets
            self.source, self.travel, self.object_bonus = source, travel, object_bonus
            self.momentum, self.dodged = momentum, dodged

    def _action_effect(self, state: OFAState, fig: Figure, act: Activation, cmd: Act,
                       dice: Dice) -> OneForAll._Effect:
        """OFA-2.2: apply the declared effect before any dice are rolled."""
        kind = cmd.kind
        touching = self._touching(state, fig)
        if kind in ("punch", "kick", "slap", "shove") or (kind == "improvise" and cmd.object in
                                                          {f.id for f in state.figures}):
            target_id = cmd.targets[0] if cmd.targets else cmd.object
            target = self._enemy(state, fig, target_id, "OFA-3B.1")
            if touching.get(target.id) != "figure":
                raise IllegalCommand("OFA-0.3", f"{fig.name} is not in contact with {target.name}")
            targets = self._chain(state, fig, target, cmd.targets[1:])
            ev = Event.of("ofa.action", ["OFA-2A.2", "OFA-3B.1"], fig.id, kind=kind, object=target.id)
            return self._Effect(state, [ev], targets, source=(fig.x, fig.y))
        if kind == "insult":
            target = self._enemy(state, fig, cmd.targets[0] if cmd.targets else cmd.object, "OFA-FAQ.10")
            state, events, clear = self._line_of_throw(state, fig, target, dice, "insult")
            targets = (target.id,) if clear else ()
            events.insert(0, Event.of("ofa.action", ["OFA-2A.2", "OFA-FAQ.10"], fig.id, kind=kind, object=target.id))
            return self._Effect(state, events, targets, source=(fig.x, fig.y))
        if kind in ("recover", "retrieve_weapon"):
            if kind == "recover" and not fig.markers.stunned:
                raise IllegalCommand("OFA-5D.5", f"{fig.name} is not Stunned")
            if kind == "retrieve_weapon" and not fig.markers.unarmed:
                raise IllegalCommand("OFA-5D.10", f"{fig.name} has its weapon")
            markers = replace(fig.markers, stunned=False) if kind == "recover" else replace(fig.markers, unarmed=False)
            rule = "OFA-5D.5" if kind == "recover" else "OFA-5D.10"
            ev = Event.of("ofa.action", [rule, "OFA-AMB-8"] if kind == "recover" else [rule], fig.id, kind=kind)
            return self._Effect(state.with_figure(replace(fig, markers=markers)), [ev])
        if kind == "throw":
            return self._throw(state, fig, cmd, touching, dice)
        # the rest act on a terrain piece the figure touches
        obj = cmd.object
        how = touching.get(obj)
        if how is None and kind != "swing":
            raise IllegalCommand("OFA-2A.1", f"{fig.name} is not in contact with {obj or 'anything'}")
        if how == "figure":
            if kind == "dodge":
                ev = Event.of("ofa.action", ["OFA-2A.2"], fig.id, kind=kind, object=obj)
                return self._Effect(state, [ev], dodged=obj)
            raise IllegalCommand("OFA-2A.2", f"{kind} needs a piece of scenery, not a figure")
        solid = self._solid(state, obj) if kind != "swing" else None
        if kind in ("dodge", "improvise"):
            ev = Event.of("ofa.action", ["OFA-2A.2"], fig.id, kind=kind, object=obj)
            return self._Effect(state, [ev], dodged=obj if kind == "dodge" else "")
        if kind == "pick_up":
            assert solid is not None
            self._check_liftable(fig, solid)
            st = state.with_prop(replace(state.prop(obj), carried_by=fig.id))
            st = st.with_figure(replace(fig, carrying=obj))
            return self._Effect(st, [Event.of("ofa.action", ["OFA-2A.2", "OFA-2A.3", "OFA-MG.3"], fig.id,
                                              kind=kind, object=obj)])
        if kind == "roll":
            assert solid is not None
            return self._roll(state, fig, solid, cmd)
        if kind in ("leap_onto", "leap_off", "leap_over", "stairs", "slide"):
            assert solid is not None
            return self._relocate(state, fig, solid, cmd, how or "")
        if kind == "grab":
            assert solid is not None
            if not solid.swingable or how != "overhead":
                raise IllegalCommand("OFA-MG.2", f"{obj} is not a swingable within reach above {fig.name}")
            st = state.with_figure(replace(fig, hanging_on=obj))
            return self._Effect(st, [Event.of("ofa.action", ["OFA-2A.2", "OFA-MG.2"], fig.id, kind=kind, object=obj)])
        if kind == "swing":
            return self._swing(state, fig, cmd)
        raise IllegalCommand("OFA-2A.2", f"{kind} cannot be done with {obj}")

    def _solid(self, state: OFAState, obj: str) -> Solid:
        index = self._index(state)
        try:
            return index.solids[index.index_of(obj)]
        except KeyError:
            raise IllegalCommand("OFA-2A.1", f"there is no object {obj!r} on the table") from None

    def _check_liftable(self, fig: Figure, solid: Solid) -> None:
        if not solid.liftable:
            raise IllegalCommand("OFA-MG.3", f"{solid.id} ({solid.kind}) is too big to lift")
        if fig.carrying:
            raise IllegalCommand("OFA-MG.3", f"{fig.name} already carries {fig.carrying}")

    def _chain(self, state: OFAState, fig: Figure, first: Figure, more: tuple[str, ...]) -> tuple[str, ...]:
        """OFA-MG.6: further targets must stand within one base width, chained from the first."""
        if not more:
            return (first.id,)
        others = [self._enemy(state, fig, t, "OFA-MG.6") for t in more]
        rule: Any = state.cfg.multi_target_rule
        ok = set(eligible_targets(first.base, [o.base for o in others], rule))
        bad = [o.name for o in others if o.id not in ok]
        if bad or len(set(more)) != len(more) or first.id in more:
            raise IllegalCommand("OFA-MG.6", f"not within one base width of the others: {', '.join(bad) or 'repeated'}")
        return (first.id, *more)

    def _line_of_throw(self, state: OFAState, fig: Figure, target: Figure, dice: Dice,
                       what: str) -> tuple[OFAState, list[Event], bool]:
        """OFA-MG.5: blocked targets may not be chosen; doubtful ones are settled by a roll-off."""
        blockers = line_of_throw_blockers(fig.base, target.base, Table.base_list(state),
                                          self._index(state), elev_min=state.cfg.elev_min,
                                          doubt_band=state.cfg.doubt_band)
        hard = [b for b in blockers if b.verdict == "blocks"]
        if hard:
            raise IllegalCommand("OFA-MG.5", f"the line of {what} to {target.name} is blocked by {hard[0].id}")
        events: list[Event] = []
        for b in blockers:  # "doubt": each player rolls 1d6, higher wins, re-roll ties
            rolls = []
            while True:
                a, d = dice.roll(1)[0], dice.roll(1)[0]
                rolls.append((a, d))
                if a != d:
                    break
            clear = rolls[-1][0] > rolls[-1][1]
            events.append(Event.of("ofa.rolloff", ["OFA-MG.5", "OFA-AMB-15", "OFA-AMB-6"], fig.id,
                                   blocker=b.id, clearance=round(b.clearance, 3), rolls=tuple(rolls), clear=clear))
            if not clear:
                return state, events, False
        return state, events, True

    def _throw(self, state: OFAState, fig: Figure, cmd: Act, touching: dict[str, str], dice: Dice) -> OneForAll._Effect:
        obj = cmd.object or fig.carrying
        if not obj:
            raise IllegalCommand("OFA-2A.2", f"{fig.name} has nothing to throw")
        rules = ["OFA-2A.2", "OFA-MG.5"]
        if fig.carrying != obj:  # the whole compound action: pick up and throw (OFA-2A.3)
            if touching.get(obj) is None:
                raise IllegalCommand("OFA-2A.1", f"{fig.name} is not in contact with {obj}")
            solid = self._solid(state, obj)
            self._check_liftable(fig, solid)
            rules.append("OFA-2A.3")
        if not cmd.targets:
            raise IllegalCommand("OFA-MG.5", "throw at whom? name a target")
        target = self._enemy(state, fig, cmd.targets[0], "OFA-MG.5")
        state, events, clear = self._line_of_throw(state, fig, target, dice, "throw")
        # the object lands at the target's base edge facing the thrower, or at the blocker's feet
        u = _direction((fig.x, fig.y), (target.x, target.y)) or (1.0, 0.0)
        land = (target.x - u[0] * target.radius, target.y - u[1] * target.radius)
        base_solid = self.table_for_state(state).solid(obj)
        c = base_solid.footprint.centroid
        st = state.with_prop(Prop(obj, land[0] - c.x, land[1] - c.y, ""))
        st = st.with_figure(replace(st.figure(fig.id), carrying=""))
        events.insert(0, Event.of("ofa.action", rules, fig.id, kind="throw", object=obj, target=target.id,
                                  motion=("throw", obj, (fig.x, fig.y), land), clear=clear))
        targets = self._chain(st, fig, target, cmd.targets[1:]) if clear else ()
        return self._Effect(st, events, targets, source=(fig.x, fig.y),
                            object_bonus=self._object_bonus(base_solid, st.cfg))

    @staticmethod
    def _object_bonus(solid: Solid, cfg: OFAConfig) -> int:
        """OFA-7.1 (optional): large objects +1, very large +2; small liftables nothing."""
        if not cfg.object_damage_bonus:
            return 0
        if solid.liftable:
            return 0
        return 2 if solid.kind in ("chandelier", "cart", "wardrobe") else 1

    def _roll(self, state: OFAState, fig: Figure, solid: Solid, cmd: Act) -> OneForAll._Effect:
        if not solid.rollable:
            raise IllegalCommand("OFA-MG.4", f"{solid.id} ({solid.kind}) cannot be rolled")
        if cmd.angle is None or not math.isfinite(cmd.angle):
            raise IllegalCommand("OFA-MG.4", "roll it which way? give an angle")
        c = solid.footprint.centroid
        radius = max(float(shapely.minimum_bounding_radius(solid.footprint)), 1.0)
        u = _unit(cmd.angle)
        result = sweep_disc((c.x, c.y), radius, u, math.inf, self._index(state), Table.bases(state),
                            z=solid.bottom, height=max(solid.top - solid.bottom, state.cfg.step + 1),
                            step=state.cfg.step, surface_edge=False,
                            board_edge=state.cfg.board_edge_blocks, ignore=(solid.id,))
        prop = state.prop(solid.id)
        st = state.with_prop(Prop(solid.id, prop.dx + result.x - c.x, prop.dy + result.y - c.y, ""))
        hit = result.id if result.kind == "figure" else ""
        ev = Event.of("ofa.action", ["OFA-2A.2", "OFA-MG.4", "OFA-0.4"], fig.id, kind="roll", object=solid.id,
                      motion=("roll", solid.id, (c.x, c.y), (result.x, result.y)),
                      distance=round(result.distance, 3), hit=hit or result.id or "")
        targets: tuple[str, ...] = ()
        if hit and st.figure(hit).side != fig.side and st.figure(hit).conscious:
            targets = self._chain(st, fig, st.figure(hit), tuple(t for t in cmd.targets if t != hit))
        return self._Effect(st, [ev], targets, travel=u, object_bonus=self._object_bonus(solid, st.cfg))

    def _free_at(self, state: OFAState, fig: Figure, x: float, y: float, z: float,
                 ignore: tuple[str, ...] = ()) -> bool:
        """Can ``fig`` stand at (x, y, z) without overlapping a figure or blocking terrain?"""
        disc = Point(x, y).buffer(fig.radius - 0.01, quad_segs=16)
        index = self._index(state)
        if index.table is not None and not index.table.buffer(1e-6).contains(disc):
            return False
        for i in index.query(disc):
            s = index.solids[int(i)]
            if s.id in ignore or s.flat:
                continue
            if s.bottom < z + fig.height and s.top > z + state.cfg.step:
                return False
        for other in state.figures:
            if other.id == fig.id or not other.conscious:
                continue
            if abs(other.z - z) < max(other.height, fig.height) and \
                    math.hypot(other.x - x, other.y - y) < other.radius + fig.radius - 0.01:
                return False
        return True

    def _relocate(self, state: OFAState, fig: Figure, solid: Solid, cmd: Act, how: str) -> OneForAll._Effect:
        index = self._index(state)
        kind, H, r = cmd.kind, fig.height, fig.radius
        if fig.hanging_on:
            raise IllegalCommand("OFA-2B.1", f"{fig.name} hangs from {fig.hanging_on}")
        if fig.markers.stunned:
            raise IllegalCommand("OFA-5D.3", f"{fig.name} is Stunned: no leaps, slides or stairs")
        rules = ["OFA-2A.2"]
        momentum = False
        if kind == "leap_onto":
            if not solid.surface:
                raise IllegalCommand("OFA-MG.1", f"{solid.id} cannot be stood on")
            inner = solid.footprint.buffer(-r * 0.5)
            region = inner if not inner.is_empty else solid.footprint
            p = nearest_points(region, Point(fig.x, fig.y))[0]
            x, y, z = p.x, p.y, solid.top
            rules.append("OFA-MG.2" if z > fig.z else "OFA-MG.1")
        elif kind == "leap_off":
            if how != "standing_on" or fig.z <= 0:
                raise IllegalCommand("OFA-MG.1", f"{fig.name} does not stand on {solid.id}")
            if cmd.angle is None or not math.isfinite(cmd.angle):
                raise IllegalCommand("OFA-MG.1", "leap off which way? give an angle in degrees")
            u = _unit(cmd.angle)
            far = LineString([(fig.x, fig.y), (fig.x + u[0] * 1e4, fig.y + u[1] * 1e4)])
            inside = far.intersection(solid.footprint)
            reach = inside.length if not inside.is_empty else 0.0
            x, y = fig.x + u[0] * (reach + r + NUDGE), fig.y + u[1] * (reach + r + NUDGE)
            z = index.standing_level(x, y, below=fig.z - 1e-6)
            rules.append("OFA-MG.1")
            momentum = True  # OFA-7.2: a leap *from* an object
        elif kind == "leap_over":
            if how not in ("beside",):
                raise IllegalCommand("OFA-MG.1", f"{fig.name} must stand beside {solid.id} to leap over it")
            c = solid.footprint.centroid
            u = _direction((fig.x, fig.y), (c.x, c.y)) or (1.0, 0.0)
            far = LineString([(fig.x, fig.y), (fig.x + u[0] * 1e4, fig.y + u[1] * 1e4)])
            inside = far.intersection(solid.footprint)
            depth = inside.length if not inside.is_empty else 0.0
            if depth > H:
                raise IllegalCommand("OFA-MG.1", f"{solid.id} is {depth:.0f} mm deep; a leap clears at most {H:.0f}")
            exit_d = max((Point(q).distance(Point(fig.x, fig.y)) for q in shapely.get_coordinates(inside)),
                         default=0.0)
            x, y = fig.x + u[0] * (exit_d + r + NUDGE), fig.y + u[1] * (exit_d + r + NUDGE)
            z = index.standing_level(x, y, below=fig.z + H / 2)
            rules.append("OFA-MG.1")
            momentum = fig.z > 0
        elif kind == "stairs":
            if solid.kind != "stairs":
                raise IllegalCommand("OFA-2A.2", f"{solid.id} is not a stair")
            flight = self._flight(index, solid)
            top = max(flight, key=lambda s: s.top)
            low = min(flight, key=lambda s: s.top)
            dest = top if fig.z < top.top - 1e-6 else low
            p = dest.footprint.representative_point()
            x, y, z = p.x, p.y, dest.top
            rules.append("OFA-2A.2")
        else:  # slide
            if not solid.slidable:
                raise IllegalCommand("OFA-2A.2", f"{solid.id} cannot be slid along")
            rect = solid.footprint.minimum_rotated_rectangle
            pts = shapely.get_coordinates(rect)[:4]
            edges = [(pts[i], pts[(i + 1) % 4]) for i in range(4)]
            long_edge = max(edges, key=lambda e: math.dist(e[0], e[1]))
            axis = _direction(tuple(long_edge[0]), tuple(long_edge[1])) or (1.0, 0.0)
            c = solid.footprint.centroid
            half = math.dist(long_edge[0], long_edge[1]) / 2
            ends = [(c.x + axis[0] * half, c.y + axis[1] * half), (c.x - axis[0] * half, c.y - axis[1] * half)]
            far_end = max(ends, key=lambda e: math.hypot(e[0] - fig.x, e[1] - fig.y))
            u = _direction((c.x, c.y), far_end) or axis
            x, y = far_end[0] + u[0] * (r + NUDGE), far_end[1] + u[1] * (r + NUDGE)
            z = index.standing_level(x, y, below=max(fig.z, solid.top) + 1e-6)
            rules.append("OFA-7.2")
            momentum = True
        gap = max(0.0, math.hypot(x - fig.x, y - fig.y) - 2 * r)
        rise, drop = z - fig.z, fig.z - z
        if kind in ("leap_onto", "leap_off", "leap_over"):
            if rise > H / 2 + 1e-9:
                raise IllegalCommand("OFA-MG.2", f"{fig.name} can jump up {H / 2:.0f} mm, not {rise:.0f}")
            if drop > H + 1e-9:
                raise IllegalCommand("OFA-MG.1", f"a {drop:.0f} mm drop is more than {fig.name}'s height {H:.0f}")
            if gap > H + 1e-9 and kind != "leap_over":
                raise IllegalCommand("OFA-MG.1", f"a {gap:.0f} mm gap is more than {fig.name}'s height {H:.0f}")
        if not self._free_at(state, fig, x, y, z, ignore=(solid.id,) if kind != "leap_over" else ()):
            raise IllegalCommand("OFA-2A.2", f"there is no room for {fig.name} there")
        moved = replace(fig.at(x, y, z), hanging_on="")
        ev = Event.of("ofa.action", rules, fig.id, kind=kind, object=solid.id,
                      motion=("leap", fig.id, (fig.x, fig.y, fig.z), (x, y, z)),
                      rise=round(rise, 3), gap=round(gap, 3))
        return self._Effect(state.with_figure(moved), [ev], momentum=momentum and state.cfg.momentum)

    @staticmethod
    def _flight(index: TerrainIndex, first: Solid) -> list[Solid]:
        """The stair pieces connected to ``first`` (touching each other)."""
        stairs = [s for s in index.solids if s.kind == "stairs"]
        group, todo = {first.id}, [first]
        while todo:
            s = todo.pop()
            for o in stairs:
                if o.id not in group and s.footprint.distance(o.footprint) <= 1.0:
                    group.add(o.id)
                    todo.append(o)
        return [s for s in stairs if s.id in group]

    def _swing(self, state: OFAState, fig: Figure, cmd: Act) -> OneForAll._Effect:
        if not fig.hanging_on:
            raise IllegalCommand("OFA-2A.2", f"{fig.name} must first grab something to swing on")
        if cmd.angle is None or not math.isfinite(cmd.angle):
            raise IllegalCommand("OFA-2A.2", "swing which way? give an angle")
        solid = self._solid(state, fig.hanging_on)
        c = solid.footprint.centroid
        u = _unit(cmd.angle)
        # reading: the figure lets go one figure-height beyond the swingable's rim, swept on the floor
        rim = max(float(shapely.minimum_bounding_radius(solid.footprint)), 1.0)
        result = sweep_disc((c.x, c.y), fig.radius, u, rim + fig.height, self._index(state),
                            Table.bases(state, fig.id), z=0.0, height=fig.height, step=state.cfg.step,
                            board_edge=state.cfg.board_edge_blocks, ignore=(solid.id,))
        x, y = result.x, result.y
        z = self._index(state).standing_level(x, y, below=fig.height / 2)
        if not self._free_at(state, fig, x, y, z, ignore=(solid.id,)):
            raise IllegalCommand("OFA-2A.2", f"there is no room for {fig.name} to land there")
        moved = replace(fig.at(x, y, z), hanging_on="", facing=cmd.angle % 360.0)
        ev = Event.of("ofa.action", ["OFA-2A.2", "OFA-7.2"], fig.id, kind="swing", object=solid.id,
                      motion=("leap", fig.id, (fig.x, fig.y, fig.z), (x, y, z)), distance=round(result.distance, 3))
        return self._Effect(state.with_figure(moved), [ev], momentum=state.cfg.momentum)

    # ------------------------------------------------------------------ resolution
    def _swashbuckling_attack(self, state: OFAState, attacker_id: str, target_id: str, faces: tuple[int, ...],
                              effect: OneForAll._Effect, dice: Dice) -> tuple[OFAState, list[Event]]:
        target = state.figure(target_id)
        n = swashbuckling_target_dice(target.rating, target.markers.stunned, min_dice=state.cfg.min_dice)
        defence = dice.roll(n)
        cmp = compare(faces, defence, duel=False, tie_hits=state.cfg.tie_hits)
        events = [self._comparison_event("ofa.attack", attacker_id, target_id, cmp,
                                         ["OFA-3.4", "OFA-3B.1", "OFA-3C.1", cmp.rule] +
                                         (["OFA-3C.3"] if faces.count(6) > 1 or defence.count(6) > 1 else []))]
        hits = cmp.hits_to_defender
        if hits == 0:
            return state, events
        bonus = effect.object_bonus if hits else 0
        rows = table_rows(HitTable.SWASHBUCKLING, hits + bonus)
        if bonus:
            events.append(Event.of("ofa.damage_bonus", ["OFA-7.1"], attacker_id, target=target_id, extra=bonus))
        source = effect.source or (state.figure(attacker_id).x, state.figure(attacker_id).y)
        state, more = self._apply_hits(state, target_id, rows, HitTable.SWASHBUCKLING, source, effect.travel)
        return state, events + more

    @staticmethod
    def _comparison_event(kind: str, attacker: str, defender: str, cmp: Comparison, rules: list[str]) -> Event:
        return Event.of(kind, rules, attacker, defender=defender, attacker_faces=cmp.attacker_faces,
                        defender_faces=cmp.defender_faces, attacker_score=cmp.attacker_score,
                        defender_score=cmp.defender_score, winner=cmp.winner.value,
                        hits_to_defender=cmp.hits_to_defender, hits_to_attacker=cmp.hits_to_attacker)

    def _apply_hits(self, state: OFAState, target_id: str, rows: tuple, table: HitTable,
                    source: tuple[float, float], travel: tuple[float, float] | None) -> tuple[OFAState, list[Event]]:
        """OFA-5.4: rows in order; push-backs move the figure before the later rows apply."""
        target = state.figure(target_id)
        res = start_hits(target.markers, rows)
        events: list[Event] = []
        last_dir = _direction(source, (target.x, target.y)) or travel or (1.0, 0.0)
        while res.pending_push is not None:
            target = state.figure(target_id)
            state, push_ev, blocked, fall_rows = self._push(state, target, source, travel, table, len(res.rows))
            events.append(push_ev)
            last_dir = push_ev.data.get("direction", last_dir)
            res = res.resolve_push(blocked=blocked, extra_rows=fall_rows)
        target = state.figure(target_id)
        updated = replace(target, markers=res.markers)
        if res.markers.unconscious and target.conscious:
            updated = replace(updated, fallen=(float(last_dir[0]), float(last_dir[1])), hanging_on="", carrying="")
            if target.carrying:
                base_solid = self.table_for_state(state).solid(target.carrying)
                c = base_solid.footprint.centroid
                state = state.with_prop(Prop(target.carrying, target.x - c.x, target.y - c.y, ""))
        state = state.with_figure(updated)
        events.append(Event.of("ofa.hits", ["OFA-5.1", "OFA-5.4", table.rule], target_id,
                               table=table.value, rows=tuple(r.value for r in rows),
                               steps=tuple((s.row, s.effect.value, s.rule) for s in res.steps),
                               stunned=res.markers.stunned, unarmed=res.markers.unarmed,
                               wounds=res.markers.wounds))
        if res.markers.unconscious and target.conscious:
            events.append(Event.of("ofa.down", ["OFA-5D.12", "OFA-5.3"], target_id))
        return state, events

    def _push(self, state: OFAState, target: Figure, source: tuple[float, float],
              travel: tuple[float, float] | None, table: HitTable, rows_so_far: int
              ) -> tuple[OFAState, Event, bool, tuple]:
        """OFA-5D.1/5D.2: straight back until touching; blocked within eps_block counts as Stunned."""
        cfg = state.cfg
        out = push_back(target.base, source, self._index(state), Table.bases(state, target.id),
                        travel_dir=travel, direction=travel, push_edge=cfg.push_edge,
                        eps_block=cfg.eps_block, step=cfg.step)
        rules = list(out.rule_ids) + ["OFA-AMB-4"]
        fall_rows: tuple = ()
        if out.fell and cfg.object_damage_bonus and out.fall_bonus:
            fall_rows = more_rows(table, rows_so_far, out.fall_bonus)
        ev = Event.of("ofa.push", rules, target.id,
                      motion=() if out.blocked else ("slide", target.id, out.start, out.end),
                      direction=out.direction, distance=round(out.distance, 3), blocked=out.blocked,
                      touched=out.touched_id or "", touched_kind=out.touched_kind or "",
                      fell=round(out.drop, 3))
        if out.blocked:
            return state, ev, True, ()
        moved = replace(target.at(out.end[0], out.end[1], out.z_end), hanging_on="")
        return state.with_figure(moved), ev, False, fall_rows

    def _after_roll(self, state: OFAState, figure_id: str, faces: tuple[int, ...]) -> tuple[OFAState, list[Event]]:
        """OFA-SM.4: game over, then the 1s, after the whole resolution (OFA-3A.2)."""
        events: list[Event] = []
        for side in state.sides:
            if not state.conscious(side):
                winner = state.other_side(side)
                state = replace(state, winner=winner, activation=None, pending=None)
                return state, [Event.of("ofa.game_over", ["OFA-1.3", "OFA-AMB-1"], "", winner=winner)]
        check = loses_initiative(faces, state.cfg, state.counters)
        fig = state.figure(figure_id)
        if not fig.conscious and state.activation is not None:
            state = replace(state, activation=None)
            events.append(Event.of("ofa.activation_end", ["OFA-6.1"], figure_id, reason="down"))
        if check.initiative_lost:
            state = replace(state, activation=None, initiative=state.other_side(state.initiative),
                            counters=OnesCounters(), turn=state.turn + 1, last_failed="",
                            free_moves_this_turn=0)
            events.append(Event.of("ofa.initiative_lost", ["OFA-3A.1", "OFA-3A.2", "OFA-3A.3", check.rule],
                                   figure_id, ones=check.ones, to=state.initiative))
        elif check.activation_ends:
            state = replace(state, activation=None, counters=check.counters, last_failed=figure_id)
            events.append(Event.of("ofa.activation_end", [check.rule], figure_id, reason="failed",
                                   ones=check.ones))
        else:
            state = replace(state, counters=check.counters)
        return state, events

    # ------------------------------------------------------------------ Duel
    def _duel(self, state: OFAState, cmd: Duel, dice: Dice) -> Applied:
        fig, act = self._active(state, cmd.figure)
        defender = self._enemy(state, fig, cmd.defender, "OFA-4.2")
        if act.contact and act.contact != defender.id:
            raise IllegalCommand("OFA-2B.2", f"{fig.name} ran into {act.contact}: duel only with that")
        if fig.markers.unarmed:
            raise IllegalCommand("OFA-5D.6", f"{fig.name} has dropped its weapon and cannot challenge")
        if not in_contact(fig.base, defender.base, eps_contact=state.cfg.eps_contact):
            raise IllegalCommand("OFA-4.2", f"{fig.name} is not in contact with {defender.name}")
        cfg = state.cfg
        friends = [f.base for f in state.figures if f.side == fig.side and f.conscious and f.id != fig.id]
        enemies = [f.base for f in state.figures if f.side == defender.side and f.conscious and f.id != defender.id]
        momentum = act.momentum_ready and cfg.momentum
        a_bonus = DuelBonuses(
            elevation=elevated(fig.base, defender.base, elev_min=cfg.elev_min),
            supporting_friends=len(friends_in_contact(defender.base, friends, eps_contact=cfg.eps_contact)),
            opponent_unarmed=defender.markers.unarmed, momentum=momentum)
        support = friends_in_contact(fig.base, enemies, eps_contact=cfg.eps_contact)
        d_bonus = DuelBonuses(elevation=elevated(defender.base, fig.base, elev_min=cfg.elev_min),
                              supporting_friends=len(support))
        n_a = duel_dice(act.pool, fig.rating, a_bonus, fig.markers.stunned, min_dice=cfg.min_dice)
        n_d = defence_dice(defender.rating, d_bonus, defender.markers.stunned, min_dice=cfg.min_dice)
        a_faces = dice.roll(n_a)
        d_faces = dice.roll(n_d)
        cmp = compare(a_faces, d_faces, duel=True, tie_hits=cfg.tie_hits)
        rules = ["OFA-4.2", "OFA-4.3", "OFA-4.4", "OFA-4A.1", "OFA-4A.2", "OFA-4A.3", cmp.rule]
        if momentum:
            rules.append("OFA-7.2")
        event = self._comparison_event("ofa.duel", fig.id, defender.id, cmp, rules)
        event = replace(event, values=tuple(sorted({**event.data, "attacker_dice": n_a, "defender_dice": n_d,
                                                    "attacker_bonus": a_bonus.dice, "defender_bonus": d_bonus.dice,
                                                    "pool": act.pool}.items())))
        events = [event]
        st = replace(state, activation=replace(act, contact="", momentum_ready=False, dodged=""))
        check = loses_initiative(a_faces, cfg, st.counters)
        group = (defender.id, *support)  # OFA-4.7: the defender and its friends touching the challenger
        if cmp.hits_to_defender:
            table = hit_table(duel=True, winner_unarmed=fig.markers.unarmed)
            if len(group) > 1:
                pending = PendingAllocation(fig.id, cmp.hits_to_defender, tuple(group), table.value,
                                            check.initiative_lost, check.activation_ends, check.counters)
                events.append(Event.of("ofa.allocate", ["OFA-5C.1", "OFA-4.7", "OFA-AMB-5"], fig.id,
                                       hits=cmp.hits_to_defender, candidates=tuple(group)))
                return Applied(replace(st, pending=pending), tuple(events))
            st, more = self._apply_hits(st, defender.id, table_rows(table, cmp.hits_to_defender), table,
                                        (fig.x, fig.y), None)
            events += more
        elif cmp.hits_to_attacker:
            table = hit_table(duel=True, winner_unarmed=defender.markers.unarmed)
            st, more = self._apply_hits(st, fig.id, table_rows(table, cmp.hits_to_attacker), table,
                                        (defender.x, defender.y), None)
            events += more
        st, more = self._after_roll(st, fig.id, a_faces)
        return Applied(st, tuple(events + more))

    def _allocate(self, state: OFAState, cmd: AllocateHits, dice: Dice) -> Applied:
        pending = state.pending
        if pending is None:
            raise IllegalCommand("OFA-5C.1", "there are no hits to split")
        if len(cmd.shares) != len(pending.candidates) or any(s < 0 for s in cmd.shares) \
                or sum(cmd.shares) != pending.hits:
            raise IllegalCommand("OFA-5C.1", f"split all {pending.hits} hits among "
                                 f"{', '.join(pending.candidates)} (one share each, none negative)")
        table = HitTable(pending.table)
        winner = state.figure(pending.winner)
        st = replace(state, pending=None)
        events = [Event.of("ofa.allocated", ["OFA-5C.1"], winner.id, shares=tuple(zip(pending.candidates, cmd.shares, strict=True)))]
        for cand, share in zip(pending.candidates, cmd.shares, strict=True):
            if share and st.figure(cand).conscious:
                st, more = self._apply_hits(st, cand, table_rows(table, share), table, (winner.x, winner.y), None)
                events += more
        # the initiative check of the duel roll, now that its hits are applied (OFA-3A.2)
        for side in st.sides:
            if not st.conscious(side):
                w = st.other_side(side)
                return Applied(replace(st, winner=w, activation=None),
                               tuple(events + [Event.of("ofa.game_over", ["OFA-1.3"], "", winner=w)]))
        if pending.initiative_lost:
            st = replace(st, activation=None, initiative=st.other_side(st.initiative), counters=OnesCounters(),
                         turn=st.turn + 1, last_failed="", free_moves_this_turn=0)
            events.append(Event.of("ofa.initiative_lost", ["OFA-3A.1", "OFA-3A.3"], winner.id, to=st.initiative))
        elif pending.activation_ends:
            st = replace(st, activation=None, counters=pending.counters, last_failed=winner.id)
        else:
            st = replace(st, counters=pending.counters)
        return Applied(st, tuple(events))

    # ------------------------------------------------------------------ legal commands and AI
    def legal_commands(self, state: OFAState) -> list[Any]:
        from game.rules.one_for_all.ai import legal_commands

        return legal_commands(self, state)

    def rank_command(self, state: OFAState, command: Any) -> float:
        from game.rules.one_for_all.ai import rank_command

        return rank_command(self, state, command)

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
