"""A battle's steps after B1 (spec section 3, 9.2): B2 Prepare (REL-SEQ-2), B3 the enemy's roll
by the seat to the left (REL-SEQ-3), B4 the player's roll and changes to their own dice
(REL-SEQ-4, REL-DICE-5, REL-DICE-6), B5 to B7 the scores, the result and its consequences
(REL-SCORE-1..3, REL-SEQ-5..7, REL-OUT-1..3).

Handlers: Prepare, RollForEnemy, RollBattle, ChangeDie and Score, each a ``check_*`` and a
``resolve_*``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.dice import Dice
from game.rules.engine import Event, IllegalCommand
from game.rules.relic import data
from game.rules.relic.commands import ChangeDie, Prepare, RollBattle, RollForEnemy, Score
from game.rules.relic.dice import continue_chain, explosions, roll_exploding, total
from game.rules.relic.effects import check_mission, discard, gain
from game.rules.relic.flow import battle_step, settle, win
from game.rules.relic.scoring import change_sources, enemy_dice, enemy_modifiers, player_dice
from game.rules.relic.state import LOSE, TIE, WIN, BattleStep, Item, Phase, Power, RelicState

if TYPE_CHECKING:
    from game.rules.relic.game import Relic


# --------------------------------------------------------------------------- B2 Prepare

def _declared(st: RelicState, cmd: Prepare) -> tuple[list[Item], list[Power]]:
    """The wargear and power cards a Prepare declares, refused as REL-SEQ-2 says."""
    b = battle_step(st, BattleStep.PREPARE, "REL-SEQ-2", "declaring modifiers", "prepare")
    hero = st.active_hero
    if len(set(cmd.items)) != len(cmd.items) or len(set(cmd.cards)) != len(cmd.cards):
        raise IllegalCommand("REL-SEQ-2", "each modifier is declared once", key="relic.prepare.twice")
    items = []
    for uid in cmd.items:
        item = next((i for i in hero.items if i.uid == uid), None)
        if item is None:
            raise IllegalCommand("REL-SEQ-2", f"{hero.player} does not own {uid!r}",
                                 key="relic.prepare.not_owned", params={"player": hero.player, "uid": uid})
        if not item.applies(b.attribute):
            raise IllegalCommand("REL-SEQ-2", f"{data.name(item.id)} does not help in a "
                                 f"{b.attribute} battle", key="relic.prepare.item_does_not_help",
                                 params={"item": item.id, "attribute": b.attribute})
        items.append(item)
    weapons = sum(1 for i in items if i.kind == "weapon")
    armour = sum(1 for i in items if i.kind == "armour")
    if weapons > st.cfg.max_weapons or armour > st.cfg.max_armour:
        raise IllegalCommand("REL-SEQ-2", "in one battle a player may use only one weapon and "
                             "one armour", key="relic.prepare.too_much_wargear",
                             params={"weapons": st.cfg.max_weapons, "armour": st.cfg.max_armour})
    cards = []
    for uid in cmd.cards:
        card = next((c for c in hero.hand if c.uid == uid), None)
        if card is None:
            raise IllegalCommand("REL-SEQ-2", f"{uid!r} is not in {hero.player}'s hand",
                                 key="relic.prepare.not_in_hand", params={"player": hero.player, "uid": uid})
        if card.kind != "bonus" or card.attribute != b.attribute:
            raise IllegalCommand("REL-SEQ-2" if card.kind == "bonus" else "REL-SEQ-4",
                                 f"{data.name(card.id)} is not a {b.attribute} battle bonus",
                                 key="relic.prepare.not_a_bonus",
                                 params={"card": card.id, "attribute": b.attribute})
        cards.append(card)
    return items, cards


def check_prepare(system: Relic, st: RelicState, cmd: Prepare) -> None:
    _declared(st, cmd)


def resolve_prepare(system: Relic, st: RelicState, cmd: Prepare, dice: Dice, ev: list[Event]) -> RelicState:
    b = st.battle
    assert b is not None
    items, cards = _declared(st, cmd)
    hero = st.active_hero
    armour = sum(1 for i in items if i.kind == "armour")
    mods = tuple((i.id, i.bonus) for i in items) + tuple((c.id, c.bonus) for c in cards)
    hand = tuple(c for c in hero.hand if c not in cards)
    st = st.with_hero(replace(hero, hand=hand))
    for c in cards:  # played cards are gone before the score step (REL-SEQ-5)
        st = discard(st, c)
    ev.append(Event.of("rel.prepare", ["REL-SEQ-2"], hero.player, modifiers=mods,
                       total=sum(v for _, v in mods)))
    b = replace(b, step=BattleStep.ENEMY_ROLL, modifiers=mods, armour=armour > 0)
    st = replace(st, battle=b)
    if not b.roller:  # REL-SEQ-3: playing alone, the program rolls for the enemy
        return enemy_roll(st, ev, dice)
    return st


# --------------------------------------------------------------------------- B3 the enemy's roll

def check_roll_for_enemy(system: Relic, st: RelicState, cmd: RollForEnemy) -> None:
    battle_step(st, BattleStep.ENEMY_ROLL, "REL-SEQ-3", "rolling for the enemy", "roll_for_enemy")


def resolve_roll_for_enemy(system: Relic, st: RelicState, cmd: RollForEnemy, dice: Dice,
                           ev: list[Event]) -> RelicState:
    return enemy_roll(st, ev, dice)


def enemy_roll(st: RelicState, ev: list[Event], dice: Dice) -> RelicState:
    b = st.battle
    assert b is not None
    cfg = st.cfg
    n = enemy_dice(b.enemy)
    chains = roll_exploding(n, dice, chain_explosions=cfg.chain_explosions,
                            max_explosions=cfg.max_explosions)
    rules = ["REL-SEQ-3", "REL-DICE-1", "REL-DICE-3", "REL-DICE-6"]
    if any(len(c) > 2 for c in chains):
        rules.append("REL-DICE-2")
    ev.append(Event.of("rel.enemy_roll", rules, b.roller or "program", enemy=b.enemy.id,
                       chains=chains, total=total(chains), explosions=explosions(chains)))
    return replace(st, battle=replace(b, step=BattleStep.PLAYER_ROLL, enemy_chains=chains))


# --------------------------------------------------------------------------- B4 the player's roll

def check_roll_battle(system: Relic, st: RelicState, cmd: RollBattle) -> None:
    battle_step(st, BattleStep.PLAYER_ROLL, "REL-SEQ-4", "the battle roll", "roll_battle")


def resolve_roll_battle(system: Relic, st: RelicState, cmd: RollBattle, dice: Dice,
                        ev: list[Event]) -> RelicState:
    b = st.battle
    assert b is not None
    hero = st.active_hero
    cfg = st.cfg
    n = player_dice(hero, b.attribute)
    chains = roll_exploding(n, dice, chain_explosions=cfg.chain_explosions,
                            max_explosions=cfg.max_explosions)
    rules = ["REL-SEQ-4", "REL-DICE-1", "REL-DICE-3", "REL-DICE-4"]
    if any(len(c) > 2 for c in chains):
        rules.append("REL-DICE-2")
    ev.append(Event.of("rel.player_roll", rules, hero.player, chains=chains, dice=n,
                       total=total(chains), explosions=explosions(chains)))
    st = replace(st, battle=replace(b, step=BattleStep.ADJUST, player_chains=chains, player_adds=(0,) * n))
    if not change_sources(st):
        return resolve_battle(system, st, ev, dice)
    return st


def check_change_die(system: Relic, st: RelicState, cmd: ChangeDie) -> None:
    if cmd.roll != "player":
        raise IllegalCommand("REL-DICE-6", "nobody may change the enemy's roll with their own "
                             "character's abilities or cards", key="relic.change_die.enemy_roll")
    b = st.battle
    if b is not None and b.step == BattleStep.ENEMY_ROLL:
        raise IllegalCommand("REL-SEQ-3", "the player rolling for the enemy may not change "
                             "that roll", key="relic.change_die.roller")
    b = battle_step(st, BattleStep.ADJUST, "REL-SEQ-4", "re-rolls and changes to a battle die "
                    "come only right after the player's own roll", "change_die")
    sources = dict(change_sources(st))
    if cmd.source not in sources:
        raise IllegalCommand("REL-SEQ-4", f"{cmd.source!r} cannot change a die now",
                             key="relic.change_die.no_source", params={"source": cmd.source})
    if not 0 <= cmd.index < len(b.player_chains):
        raise IllegalCommand("REL-DICE-5", f"there is no die {cmd.index}",
                             key="relic.change_die.no_die", params={"die": cmd.index + 1})
    if sources[cmd.source] == "set6" and b.player_chains[cmd.index][0] == 6:
        raise IllegalCommand("REL-DICE-5", "that die already shows 6", key="relic.change_die.already_6",
                             params={"die": cmd.index + 1})


def resolve_change_die(system: Relic, st: RelicState, cmd: ChangeDie, dice: Dice,
                       ev: list[Event]) -> RelicState:
    b = st.battle
    assert b is not None
    how = dict(change_sources(st))[cmd.source]
    hero = st.active_hero
    cfg = st.cfg
    chains, adds = list(b.player_chains), list(b.player_adds)
    before = chains[cmd.index]
    if how == "reroll":  # the base die and its whole chain are replaced
        chains[cmd.index] = roll_exploding(1, dice, chain_explosions=cfg.chain_explosions,
                                           max_explosions=cfg.max_explosions)[0]
        adds[cmd.index] = 0
    elif how == "add1":  # an addition never explodes
        adds[cmd.index] += 1
    else:  # set6: the die becomes a 6 and explodes
        chains[cmd.index] = continue_chain((6,), dice, chain_explosions=cfg.chain_explosions,
                                           max_explosions=cfg.max_explosions)
    after = chains[cmd.index]
    used = "ability" if cmd.source == "ability" else next(c.id for c in hero.hand if c.uid == cmd.source)
    if cmd.source == "ability":
        b = replace(b, ability_used=True)
    else:
        card = next(c for c in hero.hand if c.uid == cmd.source)
        st = discard(st.with_hero(replace(hero, hand=tuple(c for c in hero.hand if c != card))), card)
    b = replace(b, player_chains=tuple(chains), player_adds=tuple(adds))
    ev.append(Event.of("rel.die_changed", ["REL-SEQ-4", "REL-DICE-5"], hero.player, how=how,
                       source=used, uid=cmd.source, index=cmd.index, before=before, after=after,
                       added=adds[cmd.index], explodes=len(after) > 1,
                       total=total(b.player_chains, b.player_adds)))
    st = replace(st, battle=b)
    if not change_sources(st):
        return resolve_battle(system, st, ev, dice)
    return st


# --------------------------------------------------------------------------- B5 to B7

def check_score(system: Relic, st: RelicState, cmd: Score) -> None:
    battle_step(st, BattleStep.ADJUST, "REL-SEQ-5", "counting the scores", "score")


def resolve_score(system: Relic, st: RelicState, cmd: Score, dice: Dice, ev: list[Event]) -> RelicState:
    return resolve_battle(system, st, ev, dice)


def resolve_battle(system: Relic, st: RelicState, ev: list[Event], dice: Dice) -> RelicState:
    """B5 to B7: scores, result, the card's text for it, consequences."""
    b = st.battle
    assert b is not None
    hero = st.active_hero
    enemy = b.enemy
    e_mods = enemy_modifiers(hero, hero.hand, enemy, b.armour)  # REL-SEQ-5 snapshot
    e_roll = total(b.enemy_chains)
    p_roll = total(b.player_chains, b.player_adds)
    e_score = e_roll + enemy.value + sum(v for _, v in e_mods)  # REL-SCORE-1
    p_value = hero.attribute(b.attribute)
    p_score = p_roll + p_value + sum(v for _, v in b.modifiers)  # REL-SCORE-2
    result = WIN if p_score > e_score else LOSE if p_score < e_score else TIE  # REL-SEQ-6
    rules = ["REL-SEQ-5", "REL-SCORE-1", "REL-SCORE-2"]
    if any(v < 0 for _, v in (*b.modifiers, *e_mods)) or p_score < 0 or e_score < 0:
        rules.append("REL-SCORE-3")
    ev.append(Event.of("rel.score", rules, hero.player, enemy=enemy.id, attribute=b.attribute,
                       enemy_roll=e_roll, enemy_value=enemy.value, enemy_modifiers=tuple(e_mods),
                       enemy_score=e_score, player_roll=p_roll, player_value=p_value,
                       player_modifiers=b.modifiers, player_score=p_score))
    ev.append(Event.of("rel.result", ["REL-SEQ-6", "REL-SEQ-7"], hero.player, enemy=enemy.id,
                       result=result, player_score=p_score, enemy_score=e_score))
    st = replace(st, battle=None, phase=Phase.ENGAGEMENT)
    player = hero.player
    if b.confrontation:
        if result == WIN:
            return win(st, ev, player)
        if result == LOSE:
            st = gain(st, ev, player, "lose_life", 1, dice, ["REL-OUT-2", "REL-WIN-6"])
        ev.append(Event.of("rel.engagement_end", ["REL-ENG-3", "REL-WIN-6"], player, reason=result))
        return settle(system, replace(st, blocked=True), ev, dice)
    text = {WIN: "win", LOSE: "lose", TIE: "tie"}[result]
    effects = enemy.effects_when(text)
    if result == WIN:  # REL-OUT-1
        on_space = tuple(c for c in st.cards_on(b.cell) if c.uid != enemy.uid)
        st = st.with_cards_on(b.cell, on_space)
        if any(e.what == "discard" for e in effects):
            st = discard(st, enemy)
            ev.append(Event.of("rel.discarded", ["REL-OUT-1", "REL-SEQ-6"], player, card=enemy.id))
        else:
            h = st.hero(player)
            st = st.with_hero(replace(h, trophies=h.trophies + (enemy,)))
            ev.append(Event.of("rel.trophy", ["REL-OUT-1", "REL-EXT-2"], player, card=enemy.id,
                               attribute=enemy.attribute, value=enemy.value))
        for e in effects:
            if e.what != "discard":
                st = gain(st, ev, player, e.what, e.n, dice, ["REL-SEQ-6"])
        bounty = system.board(st).spaces[b.cell].rules.bounty
        if bounty:
            st = gain(st, ev, player, "gain_influence", bounty, dice, ["REL-BOARD-2"])
        st = check_mission(system, st, ev, player, "win", dice, enemy)
        return settle(system, st, ev, dice)
    if result == LOSE:  # REL-OUT-2
        st = gain(st, ev, player, "lose_life", 1, dice, ["REL-OUT-2"])
        if not st.blocked:  # not vanquished: the penalties printed on the card and the space
            for e in effects:
                st = gain(st, ev, player, e.what, e.n, dice, ["REL-OUT-2", "REL-SEQ-6"])
                if st.blocked:
                    break
        penalty = system.board(st).spaces[b.cell].rules.loss_penalty
        if penalty and not st.blocked:
            st = gain(st, ev, player, penalty.do, penalty.n, dice, ["REL-BOARD-2"])
        ev.append(Event.of("rel.engagement_end", ["REL-OUT-2", "REL-ENG-3"], player, reason=result))
    else:  # TIE: REL-OUT-3
        for e in effects:
            st = gain(st, ev, player, e.what, e.n, dice, ["REL-OUT-3", "REL-SEQ-6"])
            if st.blocked:
                break
        ev.append(Event.of("rel.engagement_end", ["REL-OUT-3", "REL-ENG-3"], player, reason=result))
    return settle(system, replace(st, blocked=True), ev, dice)
