"""The refusals several commands share: who may act now, which figure, which enemy, which object.

Each raises ``IllegalCommand(rule_id, english_reason, key=..., params=...)``; ``params`` hold ids
(figures, objects), which a screen turns into display names in the reader's language. No dice, no
change to anything.
"""

from __future__ import annotations

from typing import Any

from game.geometry.contact import eligible_targets
from game.geometry.terrain import Solid, TerrainIndex
from game.rules.engine import IllegalCommand
from game.rules.one_for_all.space import solid_named
from game.rules.one_for_all.state import Activation, Figure, OFAState


def no_pending(state: OFAState) -> None:
    """OFA-5C.1: while a won duel's hits wait to be split, nothing else may happen."""
    if state.pending is not None:
        raise IllegalCommand("OFA-5C.1", "first split the duel's hits among the losing figures",
                             key="ofa.pending.split_first")


def figure(state: OFAState, figure_id: str, rule: str = "OFA-SM.2") -> Figure:
    try:
        return state.figure(figure_id)
    except KeyError:
        raise IllegalCommand(rule, f"there is no figure {figure_id!r}", key="ofa.no_such_figure",
                             params={"figure": figure_id}) from None


def active(state: OFAState, figure_id: str) -> tuple[Figure, Activation]:
    """OFA-6.2: only the active figure moves, acts, duels or stops."""
    act = state.activation
    if act is None or act.figure != figure_id:
        if act is None:
            raise IllegalCommand("OFA-6.2", f"{figure_id} is not the active figure (no figure is)",
                                 key="ofa.not_active_none", params={"figure": figure_id})
        raise IllegalCommand("OFA-6.2", f"{figure_id} is not the active figure ({act.figure} is)",
                             key="ofa.not_active", params={"figure": figure_id, "active": act.figure})
    return state.figure(figure_id), act


def enemy(state: OFAState, fig: Figure, target_id: str, rule: str) -> Figure:
    """A conscious figure of the other side, or the refusal of ``rule``."""
    target = figure(state, target_id, rule)
    if target.side == fig.side:
        raise IllegalCommand(rule, f"{target.name} is on {fig.name}'s side", key="ofa.target.friend",
                             params={"figure": fig.id, "target": target.id})
    if not target.conscious:
        raise IllegalCommand(rule, f"{target.name} is unconscious", key="ofa.target.unconscious",
                             params={"target": target.id})
    return target


def solid(index: TerrainIndex, obj: str) -> Solid:
    """OFA-2A.1: the terrain piece ``obj`` on the table."""
    found = solid_named(index, obj)
    if found is None:
        raise IllegalCommand("OFA-2A.1", f"there is no object {obj!r} on the table",
                             key="ofa.act.no_such_object", params={"object": obj})
    return found


def liftable(fig: Figure, piece: Solid) -> None:
    """OFA-MG.3: only small objects are lifted, one at a time."""
    if not piece.liftable:
        raise IllegalCommand("OFA-MG.3", f"{piece.id} ({piece.kind}) is too big to lift",
                             key="ofa.act.too_big_to_lift", params={"object": piece.id})
    if fig.carrying:
        raise IllegalCommand("OFA-MG.3", f"{fig.name} already carries {fig.carrying}",
                             key="ofa.act.already_carrying",
                             params={"figure": fig.id, "object": fig.carrying})


def chain(state: OFAState, fig: Figure, first: Figure, more: tuple[str, ...]) -> tuple[str, ...]:
    """OFA-MG.6: further targets must stand within one base width, chained from the first."""
    if not more:
        return (first.id,)
    others = [enemy(state, fig, t, "OFA-MG.6") for t in more]
    rule: Any = state.cfg.multi_target_rule
    ok = set(eligible_targets(first.base, [o.base for o in others], rule))
    bad = [o.name for o in others if o.id not in ok]
    if bad:
        raise IllegalCommand("OFA-MG.6", f"not within one base width of the others: {', '.join(bad)}",
                             key="ofa.act.targets_apart",
                             params={"first": first.id, "targets": tuple(o.id for o in others if o.id not in ok)})
    if len(set(more)) != len(more) or first.id in more:
        raise IllegalCommand("OFA-MG.6", "not within one base width of the others: repeated",
                             key="ofa.act.targets_repeated")
    return (first.id, *more)
