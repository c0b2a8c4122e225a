"""The turn's flow (spec section 9): its start, the Engagement loop that runs on until a player
must decide, the hand-over to the next seat, the start of a battle or of the Confrontation, and
the two ends of the game (REL-WIN-1 and the turn limit). Also the checks every handler shares:
the game is not over, the turn or the battle is at the right step.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.dice import Dice
from game.rules.engine import Event, IllegalCommand
from game.rules.relic import data
from game.rules.relic.board import CENTRE
from game.rules.relic.effects import check_mission, experience
from game.rules.relic.state import Battle, BattleStep, Card, EndReason, Hero, Phase, RelicState

if TYPE_CHECKING:
    from game.rules.relic.game import Relic


# --------------------------------------------------------------------------- shared checks

def check_not_over(st: RelicState) -> None:
    """REL-WIN-1: nothing more is done once the game is over."""
    if st.phase == Phase.OVER:
        raise IllegalCommand("REL-WIN-1", "the game is over", key="relic.game_over")


def phase_is(st: RelicState, phases: tuple[Phase, ...], rule: str, what: str, key: str) -> None:
    """Refuse (``rule``) a command that the turn's step does not allow: "``what``: not now"."""
    if st.phase not in phases:
        raise IllegalCommand(rule, f"{what}: not now (the turn is at its {st.phase.replace('_', ' ')} step)",
                             key=f"relic.{key}.not_now", params={"phase": str(st.phase)})


def battle_step(st: RelicState, step: BattleStep, rule: str, what: str, key: str) -> Battle:
    """The battle under way, when it is at ``step``; otherwise refuse (``rule``)."""
    b = st.battle
    if b is None:
        raise IllegalCommand(rule, f"{what}: there is no battle", key=f"relic.{key}.no_battle")
    if b.step != step:
        raise IllegalCommand(rule, f"{what}: the battle is at its {b.step.replace('_', ' ')} step",
                             key=f"relic.{key}.not_now", params={"step": str(b.step)})
    return b


# --------------------------------------------------------------------------- the turn

def start_turn(system: Relic, st: RelicState, ev: list[Event]) -> RelicState:
    hero = st.active_hero
    st = replace(st, phase=Phase.MOVEMENT, move_roll=(), move_options=(), blocked=False,
                 choice=None, battle=None)
    ev.append(Event.of("rel.turn", ["REL-SEQ-3"], hero.player, round=st.round, turn=st.turn,
                       space=hero.space))
    if hero.space == system.board(st).centre:  # REL-WIN-6: no movement; Engagement = Confrontation
        ev.append(Event.of("rel.no_move", ["REL-WIN-6"], hero.player, reason="scenario"))
        return begin_confrontation(st, ev, arrived=False)
    if hero.skip_move:
        st = st.with_hero(replace(hero, skip_move=False))
        ev.append(Event.of("rel.no_move", ["REL-BOARD-2"], hero.player, reason="skip"))
        return replace(st, phase=Phase.ENGAGEMENT)
    return st


def settle(system: Relic, st: RelicState, ev: list[Event], dice: Dice) -> RelicState:
    """Run on until a player must decide: the Engagement loop and the hand-over."""
    while st.phase == Phase.ENGAGEMENT and st.battle is None and st.choice is None:
        hero = st.active_hero
        if not st.blocked:
            enemies = st.enemies_on(hero.space)
            if enemies:
                if st.cfg.enemy_order == "drawn":
                    return begin_battle(st, ev, enemies[0])
                return st  # REL-ENG-1 / REL-ENG-2: the player picks the next enemy
            if st.strangers_on(hero.space):
                return st  # REL-ENG-2: every enemy beaten, strangers may be met
        st = end_turn(system, st, ev, dice)
    return st


def end_turn(system: Relic, st: RelicState, ev: list[Event], dice: Dice) -> RelicState:
    """Experience, the turn-end mission check and the hand-over to the next seat (REL-SEQ-3)."""
    player = st.active_player
    st = experience(st, ev, player)
    st = check_mission(system, st, ev, player, "turn_end", dice)
    ev.append(Event.of("rel.turn_end", ["REL-SEQ-3"], player))
    nxt = (st.active + 1) % len(st.seats)
    rnd = st.round + (1 if nxt == 0 else 0)
    st = replace(st, active=nxt, round=rnd, turn=st.turn + 1)
    if rnd > st.cfg.max_rounds:
        return end_by_limit(system, st, ev)
    return start_turn(system, st, ev)


# --------------------------------------------------------------------------- the end of the game

def progress(system: Relic, st: RelicState, hero: Hero) -> int:
    """How far along the road to victory a player is (for the turn-limit default)."""
    board = system.board(st)
    space = board.spaces[hero.space]
    where = 1000 if space.tier == CENTRE else (100 * (space.index + 1) if space.tier == "inner" else 0)
    return where + 50 * hero.relic + 10 * hero.missions_completed + hero.trophy_value() + hero.life


def end_reason(st: RelicState) -> EndReason:
    """How an ended game ended: only the turn limit takes the round past ``max_rounds``."""
    return EndReason.LIMIT if st.round > st.cfg.max_rounds else EndReason.CONFRONTATION


def end_by_limit(system: Relic, st: RelicState, ev: list[Event]) -> RelicState:
    best = max(progress(system, st, h) for h in st.heroes)
    winners = tuple(h.player for h in st.heroes if progress(system, st, h) == best)
    reason = (f"the turn limit of {st.cfg.max_rounds} rounds (a default; the seed has none): "
              "the most advanced player wins")
    ev.append(Event.of("rel.game_over", ["REL-WIN-1"], "", winners=winners, reason=EndReason.LIMIT,
                       rounds=st.cfg.max_rounds))
    return replace(st, phase=Phase.OVER, winners=winners, end_reason=reason, battle=None, choice=None)


def win(st: RelicState, ev: list[Event], player: str) -> RelicState:
    """REL-WIN-1: ``player`` met the Confrontation and wins."""
    name = data.name(st.scenario)
    ev.append(Event.of("rel.game_over", ["REL-WIN-1", "REL-WIN-7"], player, winners=(player,),
                       reason=EndReason.CONFRONTATION, scenario=st.scenario))
    return replace(st, phase=Phase.OVER, winners=(player,), battle=None, choice=None,
                   end_reason=f"{player} met the Confrontation of {name} (REL-WIN-1)")


# --------------------------------------------------------------------------- battles and the Confrontation begin

def begin_battle(st: RelicState, ev: list[Event], enemy: Card, *,
                 confrontation: bool = False) -> RelicState:
    """B1: the battle's type is the enemy's attribute (REL-SEQ-1); the seat to the left will
    roll for the enemy (REL-SEQ-3)."""
    hero = st.active_hero
    attr = enemy.attribute  # REL-SEQ-1
    battle = Battle(enemy, attr, hero.space, roller=st.seat_left_of(hero.player),
                    confrontation=confrontation)
    rules = ["REL-BTL-1", "REL-BTL-2", "REL-SEQ-1"] + (["REL-ENG-4"] if confrontation else [])
    ev.append(Event.of("rel.battle", rules, hero.player, enemy=enemy.id, uid=enemy.uid,
                       deck=enemy.deck, attribute=attr, value=enemy.value,
                       player_value=hero.attribute(attr)))
    return replace(st, phase=Phase.BATTLE, battle=battle)


def begin_confrontation(st: RelicState, ev: list[Event], *, arrived: bool) -> RelicState:
    """On the scenario space the Engagement is the Confrontation: a battle with the scenario's
    foe, or a test (REL-WIN-5 to REL-WIN-7, REL-ENG-4)."""
    scen = data.scenarios()[st.scenario]
    player = st.active_player
    rules = (["REL-WIN-5"] if arrived else ["REL-WIN-6"]) + ["REL-ENG-4", "REL-WIN-7"]
    ev.append(Event.of("rel.confrontation", rules, player, scenario=st.scenario, kind=scen["kind"]))
    if scen["kind"] == "battle":
        foe = scen["foe"]
        uid, st = st.uid(foe["id"])
        card = Card(uid, foe["id"], "scenario", "enemy", foe["attribute"], int(foe["value"]))
        return begin_battle(st, ev, card, confrontation=True)
    return replace(st, phase=Phase.CONFRONTATION)
