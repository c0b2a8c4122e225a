"""Engagement (spec section 9.1): the enemies on the space are battled in an order the player
picks (REL-ENG-1, REL-BTL-1), then strangers may be met (REL-ENG-2); after a loss or a tie
nothing more is dealt with this turn (REL-ENG-3).

Handlers: Fight, Meet and EndTurn, each a ``check_*`` and a ``resolve_*``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Dice
from game.rules.engine import Event, IllegalCommand
from game.rules.relic.commands import EndTurn, Fight, Meet
from game.rules.relic.effects import discard, gain
from game.rules.relic.flow import begin_battle, end_turn, phase_is, settle
from game.rules.relic.state import Card, Phase, RelicState

if TYPE_CHECKING:
    from game.rules.relic.game import Relic


# --------------------------------------------------------------------------- Fight

def _enemy(st: RelicState, uid: str) -> Card | None:
    return next((c for c in st.enemies_on(st.active_hero.space) if c.uid == uid), None)


def check_fight(system: Relic, st: RelicState, cmd: Fight) -> None:
    phase_is(st, (Phase.ENGAGEMENT,), "REL-ENG-1", "starting a battle", "fight")
    if st.blocked:
        raise IllegalCommand("REL-ENG-3", "the Engagement phase has ended this turn",
                             key="relic.fight.engagement_over")
    if _enemy(st, cmd.enemy) is None:
        space = st.active_hero.space
        raise IllegalCommand("REL-BTL-1", f"there is no enemy {cmd.enemy!r} on {space}",
                             key="relic.fight.no_such_enemy", params={"enemy": cmd.enemy, "space": space})


def resolve_fight(system: Relic, st: RelicState, cmd: Fight, dice: Dice, ev: list[Event]) -> RelicState:
    enemy = _enemy(st, cmd.enemy)
    assert enemy is not None
    return begin_battle(st, ev, enemy)


# --------------------------------------------------------------------------- Meet

def _stranger(st: RelicState, uid: str) -> Card | None:
    return next((c for c in st.strangers_on(st.active_hero.space) if c.uid == uid), None)


def check_meet(system: Relic, st: RelicState, cmd: Meet) -> None:
    phase_is(st, (Phase.ENGAGEMENT,), "REL-ENG-2", "meeting a stranger", "meet")
    if st.blocked:
        raise IllegalCommand("REL-ENG-3", "after a loss or a tie the other Threat cards on the "
                             "space cannot be dealt with this turn", key="relic.meet.engagement_over")
    space = st.active_hero.space
    if st.enemies_on(space):
        raise IllegalCommand("REL-ENG-2", "every enemy on the space must be beaten first",
                             key="relic.meet.enemies_first")
    if _stranger(st, cmd.card) is None:
        raise IllegalCommand("REL-ENG-2", f"there is no stranger {cmd.card!r} on {space}",
                             key="relic.meet.no_such_stranger", params={"card": cmd.card, "space": space})


def resolve_meet(system: Relic, st: RelicState, cmd: Meet, dice: Dice, ev: list[Event]) -> RelicState:
    hero = st.active_hero
    card = _stranger(st, cmd.card)
    assert card is not None
    st = st.with_cards_on(hero.space, tuple(c for c in st.cards_on(hero.space) if c.uid != card.uid))
    st = discard(st, card)
    ev.append(Event.of("rel.meet", ["REL-ENG-2"], hero.player, card=card.id))
    for e in card.effects_when("meet"):
        st = gain(st, ev, hero.player, e.what, e.n, dice, ["REL-ENG-2"])
    return settle(system, st, ev, dice)


# --------------------------------------------------------------------------- EndTurn

def check_end_turn(system: Relic, st: RelicState, cmd: EndTurn) -> None:
    phase_is(st, (Phase.ENGAGEMENT,), "REL-ENG-1", "ending the turn", "end_turn")
    if not st.blocked and st.enemies_on(st.active_hero.space):
        raise IllegalCommand("REL-ENG-1", "the enemies on your space must be battled; none "
                             "may be skipped", key="relic.end_turn.enemies_left")


def resolve_end_turn(system: Relic, st: RelicState, cmd: EndTurn, dice: Dice,
                     ev: list[Event]) -> RelicState:
    return settle(system, end_turn(system, st, ev, dice), ev, dice)
