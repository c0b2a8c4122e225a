"""A greedy ranking for the Relic AI (the candidates are legal.py's): battle choices by their
exact odds (odds.py), moves by how far they bring the player along the road to victory
(missions, then the relic, the Inner tier, the centre).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.relic import commands, data
from game.rules.relic.board import Space
from game.rules.relic.dice import total
from game.rules.relic.legal import best_of
from game.rules.relic.odds import BattleOdds, battle_odds
from game.rules.relic.scoring import enemy_modifiers
from game.rules.relic.state import Card, Hero, Phase, RelicState

if TYPE_CHECKING:
    from game.rules.relic.game import Relic

CARD_COST = 0.04  #: how much a power card is worth keeping, in win probability


# --------------------------------------------------------------------------- ranking

def _fight_odds(st: RelicState, system: Relic, hero: Hero, enemy: Card) -> float:
    """P(win) with the best wargear and no cards (a quick estimate for choosing)."""
    usable = [i for i in hero.items if i.applies(enemy.attribute)]
    bonus = sum(i.bonus for i in best_of(usable, "weapon") + best_of(usable, "armour"))
    e_bonus = enemy.value + sum(v for _, v in enemy_modifiers(hero, hero.hand, enemy, True))
    odds = battle_odds(system.player_dice(hero, enemy.attribute), hero.attribute(enemy.attribute) + bonus,
                       e_bonus, system.enemy_dice(enemy), chain=st.cfg.chain_explosions,
                       max_explosions=st.cfg.max_explosions)
    return odds.p_win + 0.3 * odds.p_tie


def space_features(space: Space) -> tuple[float, float, float, tuple[str, ...]]:
    """(healing, hazard, draws, decks drawn) of a space, from what its map says it does."""
    rec = space.rules
    heal = hazard = 0.0
    for eff in rec.effects:
        if eff.do == "heal":
            heal += eff.n
        if eff.do == "roll" and eff.otherwise is not None and eff.otherwise.do == "lose_life":
            hazard += (eff.min - 1) / 6
        if eff.do == "lose_life_unless_armour":
            hazard += 1.0
    draws = float(sum(n for _deck, n in rec.threats))
    decks = tuple(deck for deck, _n in rec.threats)
    if rec.guardian:
        draws += 1.0
    return heal, hazard, draws, decks


def space_value(system: Relic, st: RelicState, hero: Hero, cell: str) -> float:
    """How good it is for ``hero`` to end a move on ``cell``."""
    board = system.board(st)
    dist = board.distances[cell]
    heal, hazard, draws, decks = space_features(board.spaces[cell])
    missing = hero.max_life - hero.life
    value = min(heal, missing) * (2.0 + missing) - hazard * (1.0 + 2.0 * (hero.life <= 2))
    strength = max(hero.strength, hero.willpower, hero.cunning)
    fight_wish = 1.0 if hero.life >= 3 else -1.5
    for enemy in st.enemies_on(cell):
        value += (_fight_odds(st, system, hero, enemy) - 0.55) * 8.0
    value += len(st.strangers_on(cell)) * 1.5
    if hero.relic:
        steps = dist.get(board.centre, 99)
        ready = hero.life >= hero.max_life - 1 or board.is_inner(cell)
        value += 60.0 - 4.0 * steps if ready or steps > 8 else 40.0 - 2.0 * steps
        return value
    mission = data.missions().get(hero.mission, {})
    kind = mission.get("kind")
    if kind == "visit":
        if mission.get("site"):
            near = min((d for c, d in dist.items() if mission["site"] in board.spaces[c].rules.sites),
                       default=99)
        else:
            near = min((d for c, d in dist.items() if board.tier(c) == mission.get("tier")), default=99)
        value += 30.0 - 3.0 * near
    elif kind in ("defeat", "trophies"):
        wanted = mission.get("deck")
        match = draws if not wanted else sum(1.0 for d in decks if d in (wanted, "any"))
        value += (2.0 + 0.3 * strength) * match * fight_wish
    else:
        value += 0.5 * draws * fight_wish
    if board.tier(cell) == "middle" and kind != "visit":
        value -= 1.0  # the Middle tier is harder; go there for a reason
    return value


def _roll_move_value(system: Relic, st: RelicState, hero: Hero) -> float:
    board = system.board(st)
    stops = board.stops
    faces = range(1, 7)
    best = []
    for f in faces:
        ends = {board.walk(hero.space, f, d, stops) for d in (1, -1)} - {hero.space} or {hero.space}
        best.append(max(space_value(system, st, hero, c) for c in ends))
    return sum(best) / len(best)


def _battle_value(odds: BattleOdds) -> float:
    return odds.p_win + 0.3 * odds.p_tie


def rank_command(system: Relic, st: RelicState, cmd: Any) -> float:
    """Higher is better."""
    if isinstance(cmd, commands.RollForEnemy | commands.RollBattle | commands.RollTest):
        return 1.0
    hero = st.active_hero
    if isinstance(cmd, commands.Prepare):
        b = st.battle
        assert b is not None
        odds = system.battle_odds(st, cmd.items, cmd.cards)
        assert odds is not None
        cost = 0.0 if b.confrontation else CARD_COST * len(cmd.cards)
        return _battle_value(odds) - cost + 0.001 * len(cmd.items)
    if isinstance(cmd, commands.Score):
        odds = system.battle_odds(st)
        return _battle_value(odds) if odds else 0.0
    if isinstance(cmd, commands.ChangeDie):
        return _change_value(system, st, cmd)
    if isinstance(cmd, commands.Fight):
        enemy = next(e for e in st.enemies_on(hero.space) if e.uid == cmd.enemy)
        return _fight_odds(st, system, hero, enemy)
    if isinstance(cmd, commands.Meet):
        return 2.0
    if isinstance(cmd, commands.EndTurn):
        return 0.0
    if isinstance(cmd, commands.RollMove):
        return _roll_move_value(system, st, hero)
    if isinstance(cmd, commands.Move):
        return space_value(system, st, hero, cmd.to) + (0.5 if st.phase == Phase.MOVEMENT else 0.0)
    if isinstance(cmd, commands.Choose):
        return _choice_value(system, st, hero, cmd)
    return 1.0


def _change_value(system: Relic, st: RelicState, cmd: commands.ChangeDie) -> float:
    b = st.battle
    assert b is not None
    hero = st.active_hero
    how = dict(system.change_sources(st))[cmd.source]
    cost = 0.0 if cmd.source == "ability" or b.confrontation else CARD_COST
    now = system.battle_odds(st)
    assert now is not None
    chain = b.player_chains[cmd.index]
    others = total(b.player_chains, b.player_adds) - sum(chain) - b.player_adds[cmd.index]
    e_mods = sum(v for _, v in enemy_modifiers(hero, hero.hand, b.enemy, b.armour))
    p_bonus = hero.attribute(b.attribute) + sum(v for _, v in b.modifiers) + others
    e_bonus = b.enemy.value + e_mods
    e_total = total(b.enemy_chains)
    cfg = st.cfg
    if how == "reroll":
        odds = battle_odds(1, p_bonus, e_bonus, chain=cfg.chain_explosions,
                           max_explosions=cfg.max_explosions, enemy_total=e_total)
    elif how == "add1":
        odds = battle_odds(0, p_bonus + sum(chain) + b.player_adds[cmd.index] + 1, e_bonus,
                           enemy_total=e_total)
    else:
        if cfg.chain_explosions or cfg.max_explosions == 0:
            odds = battle_odds(1, p_bonus + 6, e_bonus, chain=cfg.chain_explosions,
                               max_explosions=max(cfg.max_explosions - 1, 0), enemy_total=e_total)
        else:  # only the base die explodes: the extra die is a plain d6
            odds = battle_odds(1, p_bonus + 6, e_bonus, max_explosions=0, enemy_total=e_total)
    gain = _battle_value(odds) - _battle_value(now)
    return _battle_value(now) + gain - cost if gain > 0 else _battle_value(now) - 0.5


def _choice_value(system: Relic, st: RelicState, hero: Hero, cmd: commands.Choose) -> float:
    choice = st.choice
    assert choice is not None
    here = space_value(system, st, hero, hero.space)
    if not cmd.option:
        return 0.0
    if choice.kind in ("teleport", "shift"):
        return space_value(system, st, hero, cmd.option) - here
    if choice.kind == "buy_wargear":
        return 1.0
    if choice.kind == "keep_wargear":
        item = next(i for i in choice.offered if i.uid == cmd.option)
        return 1.0 + item.bonus + (0.5 if item.attribute == "any" else 0.0)
    if choice.kind == "swap_wargear":
        item = next(i for i in hero.items if i.uid == cmd.option)
        return 1.5 - item.bonus
    if choice.kind == "swap_places":
        other = st.hero(cmd.option)
        return space_value(system, st, hero, other.space) - here
    return 0.0
