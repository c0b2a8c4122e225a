"""The choices in front of the player, grouped by the object they use. Plain Python, no pygame.

The commands come from ``OneForAll.legal_commands`` (so every button is one the rules accept);
moves are left out (they are dragged on the table) and so is Activate (choosing a figure's action
activates it). A figure that is not active yet is shown what it could do once activated: the
rules are asked about the state after ``Activate`` without touching the match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.core.dice import SeededDice
from game.geometry.contact import eligible_targets
from game.i18n import _
from game.rules.engine import IllegalCommand
from game.rules.one_for_all.commands import ATTACK_STYLES, Act, Activate, AllocateHits, Duel, Move, Stop
from game.rules.one_for_all.game import OneForAll
from game.rules.one_for_all.state import OFAState
from game.ui.play.choices import Choice, Group
from game.ui.play.ofa.names import Names

#: actions whose first target may bring more enemies within one base width (OFA-MG.6)
CHAIN_KINDS = (*ATTACK_STYLES, "throw")
SELF = ""  #: the group of actions that use no object (recover, pick up the weapon)
END = "\x00end"  #: the group holding Stop
HITS = "\x00hits"  #: the group of hit splits


def activated(system: OneForAll, state: OFAState, figure_id: str) -> OFAState | None:
    """The state once ``figure_id`` is activated (None when it cannot be). The match is untouched."""
    act = state.activation
    if act is not None and act.figure == figure_id:
        return state
    try:
        return system.apply(state, Activate(figure_id), SeededDice(0)).state
    except IllegalCommand:
        return None


def _group_of(command: Any) -> str:
    if isinstance(command, Duel):
        return command.defender
    if isinstance(command, Act):
        if command.kind == "insult" and command.targets:
            return command.targets[0]
        if command.kind == "swing":
            return command.object
        return command.object
    if isinstance(command, Stop):
        return END
    if isinstance(command, AllocateHits):
        return HITS
    return SELF


def choices(commands: Sequence[Any], names: Names, state: OFAState) -> list[Choice]:
    """Buttons for every legal command except moves and activations."""
    out: list[Choice] = []
    for command in commands:
        if isinstance(command, Move | Activate):
            continue
        group = _group_of(command)
        if isinstance(command, Act):
            label = names.action(command, state)
        elif isinstance(command, Duel):
            label = _("Duel {name}").format(name=names.of(command.defender))
        elif isinstance(command, Stop):
            label = _("Stop: end the activation")
        elif isinstance(command, AllocateHits):
            label = names.shares(command, state)
        else:
            label = names.command(command, state)
        chain = ""
        if isinstance(command, Act) and command.kind in CHAIN_KINDS and len(command.targets) == 1:
            chain = command.targets[0]
        out.append(Choice(label, command, group, chain))
    return out


def grouped(items: Sequence[Choice], names: Names, state: OFAState) -> list[Group]:
    """Choices by object: the thing the last move ran into first, then figures, scenery, the
    figure itself, the hit splits, and Stop last."""
    contact = state.activation.contact if state.activation else ""
    order: dict[str, list[Choice]] = {}
    for c in items:
        order.setdefault(c.group, []).append(c)

    def rank(key: str) -> tuple[int, str]:
        if key == contact:
            return (0, "")
        if key in names.figures:
            return (1, names.of(key))
        if key == SELF:
            return (3, "")
        if key == HITS:
            return (4, "")
        if key == END:
            return (5, "")
        return (2, names.of(key))

    groups = []
    for key in sorted(order, key=rank):
        if key == SELF:
            title = _("Itself")
        elif key == END:
            title = _("Activation")
        elif key == HITS:
            title = _("Split the duel's hits")
        else:
            title = names.of(key)
        groups.append(Group(key, title, tuple(order[key])))
    return groups


def addable_targets(state: OFAState, actor_id: str, first_id: str,
                    chosen: Sequence[str]) -> list[str]:
    """Enemies that may join the targets now: linked to ``first_id`` within one base width
    through the targets already chosen (OFA-MG.6, the state's chain rule)."""
    if not state.has_figure(first_id) or not state.has_figure(actor_id):
        return []
    actor, first = state.figure(actor_id), state.figure(first_id)
    taken = {first.id, *chosen}
    enemies = [f for f in state.figures if f.side != actor.side and f.conscious]
    rule: Any = state.cfg.multi_target_rule
    chosen_bases = [state.figure(c).base for c in chosen if state.has_figure(c)]
    out = []
    for e in enemies:
        if e.id in taken:
            continue
        if e.id in eligible_targets(first.base, [*chosen_bases, e.base], rule):
            out.append(e.id)
    return out


def still_linked(state: OFAState, first_id: str, chosen: Sequence[str]) -> list[str]:
    """The chosen extra targets that still link to the first (after one was taken away)."""
    if not state.has_figure(first_id):
        return []
    rule: Any = state.cfg.multi_target_rule
    bases = [state.figure(c).base for c in chosen if state.has_figure(c)]
    ok = set(eligible_targets(state.figure(first_id).base, bases, rule))
    return [c for c in chosen if c in ok]


@dataclass(frozen=True)
class Options:
    """What the player can choose for one figure, and the state those choices are made from."""

    actor: str
    state: OFAState  #: the match state, or the state once ``actor`` is activated
    activate_first: bool  #: submit ``Activate(actor)`` before the choice
    groups: tuple[Group, ...]


def options_for(system: OneForAll, state: OFAState, legal: Sequence[Any], actor: str,
                names: Names) -> Options | None:
    """The choices of ``actor`` (or of the duel winner splitting hits when they are pending)."""
    if state.winner:
        return None
    if state.pending is not None:
        items = choices(legal, names, state)
        return Options(state.pending.winner, state, False, tuple(grouped(items, names, state)))
    if not actor:
        return None
    act = state.activation
    if act is not None and act.figure == actor:
        items = choices(legal, names, state)
        return Options(actor, state, False, tuple(grouped(items, names, state)))
    ready = activated(system, state, actor)
    if ready is None:
        return None
    items = [c for c in choices(system.legal_commands(ready), names, ready)
             if not isinstance(c.command, Stop)]
    return Options(actor, ready, True, tuple(grouped(items, names, ready)))


def with_targets(choice: Choice, extra: Sequence[str]) -> Any:
    """The choice's command with more targets after its first."""
    command = choice.command
    if not isinstance(command, Act) or not extra:
        return command
    return Act(command.figure, command.kind, command.object, (*command.targets, *extra),
               command.angle)
