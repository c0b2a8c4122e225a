"""Relic matches set up for rule tests: a known board position, known cards, scripted dice."""

from __future__ import annotations

from dataclasses import replace

from game.core.dice import ScriptedDice
from game.rules.engine import Match, Setup
from game.rules.relic.commands import Fight, Prepare, RollBattle, RollForEnemy
from game.rules.relic.game import Relic
from game.rules.relic.state import Card, Effect, Item, Phase, Pile, Power

SYSTEM = Relic()
TWO = ("player1", "player2")
FOUR = ("player1", "player2", "player3", "player4")


def match(faces=(), players=TWO, **options) -> Match:
    """A match with the decks in data order (no dice used to set up), then ``faces``."""
    opts = {"shuffle": False, "scenario": "iron_warlord", **options}
    return Match(SYSTEM, Setup("relic", "relic.tmx", 1, opts, tuple(players)), dice=ScriptedDice(faces))


def enemy(uid: str, attribute: str, value: int, deck: str = "red", effects=()) -> Card:
    return Card(uid, uid.lower(), deck, "enemy", attribute, value, tuple(effects))


GIFT = (Effect("meet", "gain_influence", 1),)


def stranger(uid: str, effects=GIFT) -> Card:
    return Card(uid, uid.lower(), "red", "stranger", effects=tuple(effects))


def power(uid: str, kind: str = "bonus", attribute: str = "", bonus: int = 0) -> Power:
    return Power(uid, {"reroll": "second_chance", "add1": "steady_aim", "set6": "fortune"}.get(kind, uid),
                 kind, attribute, bonus)


def item(uid: str, kind: str = "weapon", attribute: str = "any", bonus: int = 1) -> Item:
    return Item(uid, uid, kind, attribute, bonus)


def place(m: Match, player: str = "player1", space: str = "outer-4", cards=(), phase: str = "engagement",
          **fields) -> None:
    """Make ``player`` active on ``space`` with ``cards`` there; the hero has no hand and no
    ability unless ``fields`` give them (its dealt power cards go to the discard pile)."""
    st = m.state
    hero = st.hero(player)
    pile = st.pile("power")
    st = st.with_pile("power", Pile(pile.draw, pile.discard + hero.hand))
    defaults = {"hand": (), "ability": "", "ability_attribute": "", "space": space}
    hero = replace(hero, **{**defaults, **fields})
    if "life" in fields and "max_life" not in fields:
        hero = replace(hero, max_life=max(hero.max_life, hero.life))
    st = st.with_hero(hero).with_cards_on(space, tuple(cards))
    m.state = replace(st, active=st.seats.index(player), phase=Phase(phase), battle=None, choice=None,
                      blocked=False, move_options=(), move_roll=())


def fight(m: Match, uid: str, items=(), cards=()) -> list:
    """Fight, Prepare, the enemy roll and the player roll: every event, in order."""
    events = list(m.submit(Fight(uid)))
    events += m.submit(Prepare(tuple(items), tuple(cards)))
    if m.state.battle is not None and m.state.battle.step == "enemy_roll":
        events += m.submit(RollForEnemy())
    events += m.submit(RollBattle())
    return events


def first(events, kind):
    return next(e for e in events if e.kind == kind)


def kinds(events) -> list[str]:
    return [e.kind for e in events]
