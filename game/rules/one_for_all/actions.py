"""Actions (OFA-2A, OFA-3): what the active figure does with the object or figure it touches,
then the roll of its pool against the targets.

Handlers: ``check_act``/``resolve_act``. Both start from :func:`declare`, which works out the
declared effect (OFA-2.2: it happens before any dice, whatever they show) or refuses the action;
the only dice an action's effect needs, the roll-offs of a doubtful line of throw (OFA-MG.5), are
rolled by ``resolve_act`` afterwards, so a refusal never depends on them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import shapely

from game.core.dice import Dice
from game.geometry.contact import ThrowBlocker, line_of_throw_blockers
from game.geometry.sweep import sweep_disc
from game.geometry.terrain import Solid, TerrainIndex
from game.rules.engine import Event, IllegalCommand
from game.rules.one_for_all import checks
from game.rules.one_for_all.activation import after_roll
from game.rules.one_for_all.commands import ACTION_KINDS, ATTACK_STYLES, Act
from game.rules.one_for_all.config import OFAConfig
from game.rules.one_for_all.dice import swashbuckling_dice
from game.rules.one_for_all.hits import swashbuckling_attack
from game.rules.one_for_all.leaps import RELOCATIONS, Landing, relocate, swing
from game.rules.one_for_all.space import direction, touching, unit
from game.rules.one_for_all.state import Figure, OFAState, Prop
from game.rules.one_for_all.table import Table

if TYPE_CHECKING:
    from game.rules.one_for_all.game import OneForAll


@dataclass(frozen=True)
class ActionEffect:
    """OFA-2.2: what an action does before any dice are rolled, and whom its roll attacks."""

    state: OFAState
    events: tuple[Event, ...]
    targets: tuple[str, ...] = ()
    source: tuple[float, float] | None = None  #: where the hits come from (push-backs, OFA-5D.1)
    travel: tuple[float, float] | None = None  #: the direction a rolled object travelled
    object_bonus: int = 0  #: OFA-7.1
    momentum: bool = False  #: OFA-7.2
    dodged: str = ""  #: OFA-2A.2: the next move may pass this
    #: OFA-MG.5: blockers in doubt on the line of throw, each settled by a roll-off; the targets
    #: are attacked only if every roll-off is won (the first event's ``clear`` says which)
    doubts: tuple[ThrowBlocker, ...] = ()

    @classmethod
    def landed(cls, state: OFAState, landing: Landing) -> ActionEffect:
        return cls(state.with_figure(landing.figure), (landing.event,), momentum=landing.momentum)


# ------------------------------------------------------------------ the handler
def check_act(system: OneForAll, state: OFAState, cmd: Act) -> None:
    """OFA-2A.1/2A.2: a known action, with what the active figure ran into if it ran into
    something (OFA-2B.2), that the rules allow with that object now."""
    checks.no_pending(state)
    fig, act = checks.active(state, cmd.figure)
    if cmd.kind not in ACTION_KINDS:
        raise IllegalCommand("OFA-2A.2", f"unknown action {cmd.kind!r}; known: {', '.join(ACTION_KINDS)}",
                             key="ofa.act.unknown", params={"kind": cmd.kind})
    if act.contact and cmd.object != act.contact and act.contact not in cmd.targets:
        raise IllegalCommand("OFA-2B.2", f"{fig.name} ran into {act.contact}: act with it, stop or duel",
                             key="ofa.act.in_contact", params={"figure": fig.id, "contact": act.contact})
    declare(system, state, fig, cmd)


def resolve_act(system: OneForAll, state: OFAState, cmd: Act, dice: Dice, events: list[Event]) -> OFAState:
    """The effect, a die more in the pool (OFA-3D.1), the pool rolled against every target
    (OFA-3.3, OFA-3B.1), then the 1s (OFA-3A.2)."""
    before = state.activation
    assert before is not None
    effect = _settle(declare(system, state, state.figure(cmd.figure), cmd), dice)
    st = effect.state
    fig = st.figure(cmd.figure)
    act = replace(st.activation or before, pool=before.pool + 1, contact="",
                  dodged=effect.dodged, momentum_ready=effect.momentum)
    st = replace(st, activation=act)
    events += effect.events
    faces = dice.roll(swashbuckling_dice(act.pool, fig.markers.stunned, min_dice=st.cfg.min_dice))
    events.append(Event.of("ofa.pool_roll", ["OFA-3.3", "OFA-3D.1"] + (["OFA-5D.3"] if fig.markers.stunned else []),
                           fig.id, pool=act.pool, faces=faces))
    for target_id in effect.targets:
        st, more = swashbuckling_attack(system, st, fig.id, target_id, faces, dice, source=effect.source,
                                        travel=effect.travel, object_bonus=effect.object_bonus)
        events += more
    st, more = after_roll(st, fig.id, faces)
    events += more
    return st


# ------------------------------------------------------------------ the declared effect
def declare(system: OneForAll, state: OFAState, fig: Figure, cmd: Act) -> ActionEffect:
    """OFA-2.2: apply the declared effect before any dice are rolled; refuse what the rules do not
    allow. No dice: a doubtful line of throw is left in ``doubts``."""
    kind = cmd.kind
    index = system.index(state)
    touched = touching(index, state, fig)
    if kind in ATTACK_STYLES or (kind == "improvise" and cmd.object in {f.id for f in state.figures}):
        target_id = cmd.targets[0] if cmd.targets else cmd.object
        target = checks.enemy(state, fig, target_id, "OFA-3B.1")
        if touched.get(target.id) != "figure":
            raise IllegalCommand("OFA-0.3", f"{fig.name} is not in contact with {target.name}",
                                 key="ofa.act.not_in_contact", params={"figure": fig.id, "object": target.id})
        targets = checks.chain(state, fig, target, cmd.targets[1:])
        ev = Event.of("ofa.action", ["OFA-2A.2", "OFA-3B.1"], fig.id, kind=kind, object=target.id)
        return ActionEffect(state, (ev,), targets, source=(fig.x, fig.y))
    if kind == "insult":
        target = checks.enemy(state, fig, cmd.targets[0] if cmd.targets else cmd.object, "OFA-FAQ.10")
        doubts = _line_of_throw(index, state, fig, target, "insult")
        ev = Event.of("ofa.action", ["OFA-2A.2", "OFA-FAQ.10"], fig.id, kind=kind, object=target.id)
        return ActionEffect(state, (ev,), (target.id,), source=(fig.x, fig.y), doubts=doubts)
    if kind in ("recover", "retrieve_weapon"):
        return _recover(state, fig, kind)
    if kind == "throw":
        return _throw(system, index, state, fig, cmd, touched)
    # the rest act on a terrain piece the figure touches
    obj = cmd.object
    how = touched.get(obj)
    if how is None and kind != "swing":
        if not obj:
            raise IllegalCommand("OFA-2A.1", f"{fig.name} is not in contact with anything",
                                 key="ofa.act.touches_nothing", params={"figure": fig.id})
        raise IllegalCommand("OFA-2A.1", f"{fig.name} is not in contact with {obj}",
                             key="ofa.act.not_in_contact", params={"figure": fig.id, "object": obj})
    if how == "figure":
        if kind == "dodge":
            ev = Event.of("ofa.action", ["OFA-2A.2"], fig.id, kind=kind, object=obj)
            return ActionEffect(state, (ev,), dodged=obj)
        raise IllegalCommand("OFA-2A.2", f"{kind} needs a piece of scenery, not a figure",
                             key="ofa.act.needs_scenery", params={"kind": kind, "object": obj})
    if kind == "swing":
        return ActionEffect.landed(state, swing(index, state, fig, cmd))
    solid = checks.solid(index, obj)
    if kind in ("dodge", "improvise"):
        ev = Event.of("ofa.action", ["OFA-2A.2"], fig.id, kind=kind, object=obj)
        return ActionEffect(state, (ev,), dodged=obj if kind == "dodge" else "")
    if kind == "pick_up":
        checks.liftable(fig, solid)
        st = state.with_prop(replace(state.prop(obj), carried_by=fig.id))
        st = st.with_figure(replace(fig, carrying=obj))
        return ActionEffect(st, (Event.of("ofa.action", ["OFA-2A.2", "OFA-2A.3", "OFA-MG.3"], fig.id,
                                          kind=kind, object=obj),))
    if kind == "roll":
        return _roll(index, state, fig, solid, cmd)
    if kind in RELOCATIONS:
        return ActionEffect.landed(state, relocate(index, state, fig, solid, cmd, how or ""))
    if kind == "grab":
        if not solid.swingable or how != "overhead":
            raise IllegalCommand("OFA-MG.2", f"{obj} is not a swingable within reach above {fig.name}",
                                 key="ofa.act.grab.out_of_reach", params={"figure": fig.id, "object": obj})
        st = state.with_figure(replace(fig, hanging_on=obj))
        return ActionEffect(st, (Event.of("ofa.action", ["OFA-2A.2", "OFA-MG.2"], fig.id, kind=kind, object=obj),))
    raise IllegalCommand("OFA-2A.2", f"{kind} cannot be done with {obj}", key="ofa.act.cannot",
                         params={"kind": kind, "object": obj})


def _recover(state: OFAState, fig: Figure, kind: str) -> ActionEffect:
    """OFA-5D.5 (recover from Stunned, OFA-AMB-8) and OFA-5D.10 (pick the weapon up again)."""
    if kind == "recover" and not fig.markers.stunned:
        raise IllegalCommand("OFA-5D.5", f"{fig.name} is not Stunned", key="ofa.act.recover.not_stunned",
                             params={"figure": fig.id})
    if kind == "retrieve_weapon" and not fig.markers.unarmed:
        raise IllegalCommand("OFA-5D.10", f"{fig.name} has its weapon", key="ofa.act.retrieve.armed",
                             params={"figure": fig.id})
    markers = replace(fig.markers, stunned=False) if kind == "recover" else replace(fig.markers, unarmed=False)
    rule = "OFA-5D.5" if kind == "recover" else "OFA-5D.10"
    ev = Event.of("ofa.action", [rule, "OFA-AMB-8"] if kind == "recover" else [rule], fig.id, kind=kind)
    return ActionEffect(state.with_figure(replace(fig, markers=markers)), (ev,))


def _line_of_throw(index: TerrainIndex, state: OFAState, fig: Figure, target: Figure,
                   what: str) -> tuple[ThrowBlocker, ...]:
    """OFA-MG.5: blocked targets may not be chosen; the doubtful blockers, to roll off."""
    blockers = line_of_throw_blockers(fig.base, target.base, Table.base_list(state), index,
                                      elev_min=state.cfg.elev_min, doubt_band=state.cfg.doubt_band)
    hard = [b for b in blockers if b.verdict == "blocks"]
    if hard:
        raise IllegalCommand("OFA-MG.5", f"the line of {what} to {target.name} is blocked by {hard[0].id}",
                             key=f"ofa.act.{what}.blocked", params={"target": target.id, "blocker": hard[0].id})
    return tuple(blockers)


def _throw(system: OneForAll, index: TerrainIndex, state: OFAState, fig: Figure, cmd: Act,
           touched: dict[str, str]) -> ActionEffect:
    """OFA-2A.3 / OFA-MG.5: throw what the figure carries, or pick up and throw what it touches."""
    obj = cmd.object or fig.carrying
    if not obj:
        raise IllegalCommand("OFA-2A.2", f"{fig.name} has nothing to throw", key="ofa.act.throw.nothing",
                             params={"figure": fig.id})
    rules = ["OFA-2A.2", "OFA-MG.5"]
    if fig.carrying != obj:  # the whole compound action: pick up and throw (OFA-2A.3)
        if touched.get(obj) is None:
            raise IllegalCommand("OFA-2A.1", f"{fig.name} is not in contact with {obj}",
                                 key="ofa.act.not_in_contact", params={"figure": fig.id, "object": obj})
        checks.liftable(fig, checks.solid(index, obj))
        rules.append("OFA-2A.3")
    if not cmd.targets:
        raise IllegalCommand("OFA-MG.5", "throw at whom? name a target", key="ofa.act.throw.no_target")
    target = checks.enemy(state, fig, cmd.targets[0], "OFA-MG.5")
    doubts = _line_of_throw(index, state, fig, target, "throw")
    # the object lands at the target's base edge facing the thrower, or at the blocker's feet
    u = direction((fig.x, fig.y), (target.x, target.y)) or (1.0, 0.0)
    land = (target.x - u[0] * target.radius, target.y - u[1] * target.radius)
    base_solid = system.table_for_state(state).solid(obj)
    c = base_solid.footprint.centroid
    st = state.with_prop(Prop(obj, land[0] - c.x, land[1] - c.y, ""))
    st = st.with_figure(replace(st.figure(fig.id), carrying=""))
    ev = Event.of("ofa.action", rules, fig.id, kind="throw", object=obj, target=target.id,
                  motion=("throw", obj, (fig.x, fig.y), land), clear=True)
    # the further targets are checked whatever the roll-offs give: a refusal never waits for dice
    targets = checks.chain(st, fig, target, cmd.targets[1:])
    return ActionEffect(st, (ev,), targets, source=(fig.x, fig.y),
                        object_bonus=_object_bonus(base_solid, st.cfg), doubts=doubts)


def _object_bonus(solid: Solid, cfg: OFAConfig) -> int:
    """OFA-7.1 (optional): large objects +1, very large +2; small liftables nothing."""
    if not cfg.object_damage_bonus:
        return 0
    if solid.liftable:
        return 0
    return 2 if solid.kind in ("chandelier", "cart", "wardrobe") else 1


def _roll(index: TerrainIndex, state: OFAState, fig: Figure, solid: Solid, cmd: Act) -> ActionEffect:
    """OFA-MG.4: roll a barrel along a direction; the first enemy it reaches is attacked."""
    if not solid.rollable:
        raise IllegalCommand("OFA-MG.4", f"{solid.id} ({solid.kind}) cannot be rolled",
                             key="ofa.act.roll.not_rollable", params={"object": solid.id})
    if cmd.angle is None or not math.isfinite(cmd.angle):
        raise IllegalCommand("OFA-MG.4", "roll it which way? give an angle", key="ofa.act.roll.no_angle")
    c = solid.footprint.centroid
    radius = max(float(shapely.minimum_bounding_radius(solid.footprint)), 1.0)
    u = unit(cmd.angle)
    result = sweep_disc((c.x, c.y), radius, u, math.inf, index, Table.bases(state),
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
        targets = checks.chain(st, fig, st.figure(hit), tuple(t for t in cmd.targets if t != hit))
    return ActionEffect(st, (ev,), targets, travel=u, object_bonus=_object_bonus(solid, st.cfg))


# ------------------------------------------------------------------ the roll-offs (dice)
def _settle(effect: ActionEffect, dice: Dice) -> ActionEffect:
    """OFA-MG.5: each doubtful blocker is rolled off (1d6 each, higher wins, re-roll ties, the
    first lost one stops the throw); a lost roll-off leaves the targets unharmed."""
    if not effect.doubts:
        return effect
    first, *rest = effect.events
    rolloffs: list[Event] = []
    clear = True
    for b in effect.doubts:
        rolls = []
        while True:
            a, d = dice.roll(1)[0], dice.roll(1)[0]
            rolls.append((a, d))
            if a != d:
                break
        clear = rolls[-1][0] > rolls[-1][1]
        rolloffs.append(Event.of("ofa.rolloff", ["OFA-MG.5", "OFA-AMB-15", "OFA-AMB-6"], first.actor,
                                 blocker=b.id, clearance=round(b.clearance, 3), rolls=tuple(rolls), clear=clear))
        if not clear:
            break
    if "clear" in first.data:
        first = replace(first, values=tuple(sorted({**first.data, "clear": clear}.items())))
    return replace(effect, events=(first, *rolloffs, *rest), targets=effect.targets if clear else (), doubts=())
