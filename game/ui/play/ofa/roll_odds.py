"""The roll a command is about to make, counted the way the rules count it, with exact odds.

Dice counts use the same functions as the rules (``swashbuckling_dice``, ``duel_dice``...), the
bonuses the same geometry (``elevated``, ``friends_in_contact``), and the odds come from
``odds.attack_odds``. Plain Python, no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.geometry.contact import elevated, friends_in_contact
from game.i18n import _
from game.rules.one_for_all.commands import ATTACK_STYLES, Act, Duel
from game.rules.one_for_all.dice import (
    DuelBonuses,
    defence_dice,
    duel_dice,
    swashbuckling_dice,
    swashbuckling_target_dice,
)
from game.rules.one_for_all.odds import Odds, attack_odds, p_no_one
from game.rules.one_for_all.state import OFAState
from game.ui.play.ofa.names import Names

TARGETED = (*ATTACK_STYLES, "insult", "throw")


@dataclass(frozen=True)
class Opposed:
    """One opposed roll: the defender, its dice, and the exact odds."""

    defender: str  #: name
    dice: int
    odds: Odds


@dataclass(frozen=True)
class RollPreview:
    title: str
    actor: str  #: name
    dice: int  #: the active figure's dice
    duel: bool
    opposed: tuple[Opposed, ...]
    p_one: float  #: the chance of at least one 1 among the active dice
    notes: tuple[str, ...]  #: where the dice come from, with rule IDs


def _bonus_words(b: DuelBonuses) -> list[str]:
    out = []
    if b.elevation:
        out.append(_("+1 higher ground (OFA-4A.1)"))
    if b.supporting_friends:
        out.append(_("+{n} friend(s) in contact (OFA-4A.2)").format(n=b.supporting_friends))
    if b.opponent_unarmed:
        out.append(_("+1 opponent unarmed (OFA-4A.3)"))
    if b.momentum:
        out.append(_("+1 momentum (OFA-7.2)"))
    return out


def preview_roll(state: OFAState, command: Any, names: Names) -> RollPreview | None:
    """The roll ``command`` would make from ``state`` (activated for its figure), or None."""
    if isinstance(command, Duel):
        return _duel(state, command, names)
    if isinstance(command, Act):
        return _action(state, command, names)
    return None


def _action(state: OFAState, command: Act, names: Names) -> RollPreview | None:
    if not state.has_figure(command.figure):
        return None
    fig = state.figure(command.figure)
    cfg = state.cfg
    act = state.activation
    pool = (act.pool if act is not None and act.figure == fig.id else 0) + 1
    n = swashbuckling_dice(pool, fig.markers.stunned, min_dice=cfg.min_dice)
    notes = [_("the pool after this action: {pool} (OFA-3D.1)").format(pool=pool)]
    if fig.markers.stunned:
        notes.append(_("-1 die: Stunned (OFA-5D.3)"))
    opposed: list[Opposed] = []
    if command.kind in TARGETED:
        for target_id in command.targets or (command.object,):
            if not state.has_figure(target_id):
                continue
            target = state.figure(target_id)
            m = swashbuckling_target_dice(target.rating, target.markers.stunned,
                                          min_dice=cfg.min_dice)
            opposed.append(Opposed(names.of(target.id), m, attack_odds(n, m, duel=False,
                                                                tie_hits=cfg.tie_hits)))
        if opposed:
            notes.append(_("each target rolls its rating (OFA-3B.1)"))
    return RollPreview(names.command(command, state), names.of(fig.id), n, False, tuple(opposed),
                       1.0 - p_no_one(n), tuple(notes))


def _duel(state: OFAState, command: Duel, names: Names) -> RollPreview | None:
    if not (state.has_figure(command.figure) and state.has_figure(command.defender)):
        return None
    fig, defender = state.figure(command.figure), state.figure(command.defender)
    cfg = state.cfg
    act = state.activation
    mine = act is not None and act.figure == fig.id
    pool = act.pool if mine and act is not None else 0
    friends = [f.base for f in state.figures
               if f.side == fig.side and f.conscious and f.id != fig.id]
    enemies = [f.base for f in state.figures
               if f.side == defender.side and f.conscious and f.id != defender.id]
    momentum = bool(mine and act is not None and act.momentum_ready and cfg.momentum)
    a_bonus = DuelBonuses(
        elevation=elevated(fig.base, defender.base, elev_min=cfg.elev_min),
        supporting_friends=len(friends_in_contact(defender.base, friends,
                                                  eps_contact=cfg.eps_contact)),
        opponent_unarmed=defender.markers.unarmed, momentum=momentum)
    support = friends_in_contact(fig.base, enemies, eps_contact=cfg.eps_contact)
    d_bonus = DuelBonuses(elevation=elevated(defender.base, fig.base, elev_min=cfg.elev_min),
                          supporting_friends=len(support))
    n = duel_dice(pool, fig.rating, a_bonus, fig.markers.stunned, min_dice=cfg.min_dice)
    m = defence_dice(defender.rating, d_bonus, defender.markers.stunned, min_dice=cfg.min_dice)
    me, them = names.of(fig.id), names.of(defender.id)
    notes = [_("{name}: pool {pool} + rating {rating} (OFA-4.3)").format(
        name=me, pool=pool, rating=fig.rating)]
    notes += [f"{me}: {w}" for w in _bonus_words(a_bonus)]
    if fig.markers.stunned:
        notes.append(_("{name}: -1 die, Stunned (OFA-5D.3)").format(name=me))
    notes.append(_("{name}: rating {rating} (OFA-4.3)").format(name=them,
                                                               rating=defender.rating))
    notes += [f"{them}: {w}" for w in _bonus_words(d_bonus)]
    if defender.markers.stunned:
        notes.append(_("{name}: -1 die, Stunned (OFA-5D.3)").format(name=them))
    odds = attack_odds(n, m, duel=True, tie_hits=cfg.tie_hits)
    return RollPreview(names.command(command, state), me, n, True,
                       (Opposed(them, m, odds),), odds.p_one, tuple(notes))
