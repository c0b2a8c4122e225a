"""Cards and their effects on a player: the decks (draw, reshuffle, discard), Threat draws,
power cards, Life, influence and wargear, being vanquished (REL-OUT-4), missions and the relic
(REL-WIN-2), and experience (REL-EXT-2).

Every function takes the state and returns a new one, appending the events it causes; dice come
only from the ``dice`` argument.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.core.dice import Dice
from game.rules.engine import Event
from game.rules.relic import data
from game.rules.relic.config import ATTRIBUTES, RelicConfig
from game.rules.relic.state import Card, Phase, Pile, RelicState

if TYPE_CHECKING:
    from game.rules.relic.game import Relic

ANY_DECK = {1: "red", 2: "red", 3: "blue", 4: "blue", 5: "yellow", 6: "yellow"}


# --------------------------------------------------------------------------- decks

def shuffle(items: tuple, dice: Dice, cfg: RelicConfig) -> tuple:
    """Fisher-Yates with the match's dice (or data order when ``shuffle`` is off)."""
    out = list(items)
    if not cfg.shuffle:
        return tuple(out)
    for i in range(len(out) - 1, 0, -1):
        j = dice.roll(1, i + 1)[0] - 1
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def take(st: RelicState, deck: str, dice: Dice) -> tuple[RelicState, Any]:
    """The top card of a deck, reshuffling its discard pile when the deck is empty."""
    pile = st.pile(deck)
    if not pile.draw and pile.discard:
        pile = Pile(shuffle(pile.discard, dice, st.cfg), ())
    if not pile.draw:
        return st.with_pile(deck, pile), None
    return st.with_pile(deck, Pile(pile.draw[1:], pile.discard)), pile.draw[0]


def discard(st: RelicState, card: Any) -> RelicState:
    """A card back to its deck's discard pile (guardians and scenario foes leave the game)."""
    deck = {"Power": "power", "Item": "wargear"}.get(type(card).__name__, getattr(card, "deck", ""))
    if deck not in (*data.THREAT_DECKS, "power", "wargear"):
        return st
    pile = st.pile(deck)
    return st.with_pile(deck, replace(pile, discard=pile.discard + (card,)))


def draw_threat(st: RelicState, ev: list[Event], deck: str, cell: str, player: str,
                dice: Dice, *, resolve: bool) -> RelicState:
    """A Threat card onto ``cell`` (REL-BOARD-2); an event is resolved (when ``resolve``) and
    discarded."""
    if deck == "any":
        face = dice.roll(1)[0]
        deck = ANY_DECK[face]
    st, card = take(st, deck, dice)
    if card is None:
        ev.append(Event.of("rel.deck_empty", ["REL-BOARD-2"], player, deck=deck))
        return st
    ev.append(Event.of("rel.draw", ["REL-BOARD-2", "REL-BOARD-7"], player, deck=deck,
                       card=card.id, uid=card.uid, kind=card.kind, space=cell))
    if card.kind != "event":
        return st.with_cards_on(cell, st.cards_on(cell) + (card,))
    st = discard(st, card)
    if resolve:
        for e in card.effects_when("draw"):
            st = gain(st, ev, player, e.what, e.n, dice, ["REL-BOARD-2"])
            if st.blocked:
                break
    return st


def draw_power(st: RelicState, ev: list[Event], player: str, n: int, dice: Dice) -> RelicState:
    for _ in range(n):
        st, card = take(st, "power", dice)
        if card is None:
            break
        hero = st.hero(player)
        hand = hero.hand + (card,)
        while len(hand) > st.cfg.hand_limit:  # default: the oldest card goes
            st = discard(st, hand[0])
            ev.append(Event.of("rel.lose", ["REL-EXT-1"], player, what="power", card=hand[0].id, n=1))
            hand = hand[1:]
        st = st.with_hero(replace(hero, hand=hand))
    return st


def next_mission(st: RelicState, player: str, dice: Dice) -> RelicState:
    st, mission = take(st, "mission", dice)
    return st.with_hero(replace(st.hero(player), mission=mission or ""))


# --------------------------------------------------------------------------- effects on a player

def gain(st: RelicState, ev: list[Event], player: str, what: str, n: int, dice: Dice,
         rules: list[str]) -> RelicState:
    """Apply one effect to a player (Life, influence, cards, flags)."""
    hero = st.hero(player)
    if what == "heal":
        life = min(hero.max_life, hero.life + n)
        ev.append(Event.of("rel.life", rules, player, change=life - hero.life, life=life))
        return st.with_hero(replace(hero, life=life))
    if what == "lose_life":
        life = hero.life - n
        ev.append(Event.of("rel.life", rules, player, change=-n, life=max(life, 0)))
        st = st.with_hero(replace(hero, life=life))
        return vanquish(st, ev, player) if life <= 0 else st
    if what in ("gain_influence", "lose_influence"):
        value = max(0, hero.influence + (n if what == "gain_influence" else -n))
        ev.append(Event.of("rel.influence", rules, player, change=value - hero.influence, influence=value))
        return st.with_hero(replace(hero, influence=value))
    if what == "draw_power":
        ev.append(Event.of("rel.gain", rules, player, what="power", n=n, card=""))
        return draw_power(st, ev, player, n, dice)
    if what == "discard_power":
        gone, keep = hero.hand[:n], hero.hand[n:]
        for card in gone:
            st = discard(st, card)
            ev.append(Event.of("rel.lose", rules, player, what="power", card=card.id, n=1))
        return st.with_hero(replace(st.hero(player), hand=keep))
    if what == "draw_wargear":
        for _ in range(n):
            st, item = take(st, "wargear", dice)
            if item is None:
                break
            h = st.hero(player)
            st = st.with_hero(replace(h, items=h.items + (item,)))
            ev.append(Event.of("rel.gain", rules, player, what="wargear", card=item.id, n=1))
        return st
    if what == "lose_item":
        for _ in range(n):
            h = st.hero(player)
            if not h.items:
                break
            item = h.items[-1]  # default: the newest piece is lost
            st = discard(st.with_hero(replace(h, items=h.items[:-1])), item)
            ev.append(Event.of("rel.lose", rules, player, what="wargear", card=item.id, n=1))
        return st
    if what == "skip_move":
        ev.append(Event.of("rel.flag", rules, player, flag="skip_move"))
        return st.with_hero(replace(hero, skip_move=True))
    if what == "double_roll":
        ev.append(Event.of("rel.flag", rules, player, flag="double_roll"))
        return st.with_hero(replace(hero, double_roll=True))
    raise ValueError(f"unknown effect {what!r} in the Relic data")


def vanquish(st: RelicState, ev: list[Event], player: str) -> RelicState:
    """REL-OUT-4 (published default): trophies and influence lost, Life reset, back to the
    start; if it is the active player, the turn ends."""
    hero = st.hero(player)
    for card in hero.trophies:
        st = discard(st, card)
    ev.append(Event.of("rel.vanquished", ["REL-OUT-4"], player, motion=("move", player, hero.space, hero.start),
                       trophies=len(hero.trophies), influence=hero.influence, to=hero.start))
    st = st.with_hero(replace(hero, life=hero.max_life, trophies=(), influence=0, space=hero.start,
                              vanquished=hero.vanquished + 1))
    if player == st.active_player:
        st = replace(st, blocked=True, battle=None, choice=None, phase=Phase.ENGAGEMENT)
    return st


# --------------------------------------------------------------------------- missions and experience

def check_mission(system: Relic, st: RelicState, ev: list[Event], player: str, trigger: str,
                  dice: Dice, card: Card | None = None) -> RelicState:
    """REL-WIN-2: a mission done on ``trigger`` (arrive, win, turn_end) is rewarded and
    replaced; enough of them make the relic."""
    hero = st.hero(player)
    if not hero.mission:
        return st
    m = data.missions()[hero.mission]
    kind = m["kind"]
    done = False
    if kind == "defeat" and trigger == "win" and card is not None:
        done = ((not m.get("deck") or card.deck == m["deck"])
                and (not m.get("attribute") or card.attribute == m["attribute"])
                and card.value >= int(m.get("min_value", 0)))
    elif kind == "visit" and trigger == "arrive":
        space = system.board(st).spaces[hero.space]
        done = m.get("site") in space.rules.sites or space.tier == m.get("tier")
    elif kind == "trophies":
        done = hero.trophy_value() >= int(m["total"])
    if not done:
        return st
    count = hero.missions_completed + 1
    pile = st.pile("mission")
    st = st.with_pile("mission", replace(pile, discard=pile.discard + (hero.mission,)))
    st = st.with_hero(replace(hero, missions_completed=count, mission=""))
    ev.append(Event.of("rel.mission", ["REL-WIN-2"], player, mission=m["id"], count=count,
                       needed=st.cfg.missions_for_relic))
    reward = m.get("reward")
    if reward:
        st = gain(st, ev, player, reward["what"], int(reward.get("n", 0)), dice, ["REL-WIN-2"])
    hero = st.hero(player)
    if count >= st.cfg.missions_for_relic and not hero.relic:
        st = st.with_hero(replace(hero, relic=True))
        ev.append(Event.of("rel.relic", ["REL-WIN-2", "REL-WIN-3"], player, missions=count))
    return next_mission(st, player, dice)


def experience(st: RelicState, ev: list[Event], player: str) -> RelicState:
    """Default (ref): trophies of one attribute worth ``level_cost`` buy +1 in it (REL-EXT-2)."""
    cost = st.cfg.level_cost
    for attr in ATTRIBUTES:
        hero = st.hero(player)
        while hero.trophy_value(attr) >= cost:
            spent: list[Card] = []
            for t in sorted((t for t in hero.trophies if t.attribute == attr),
                            key=lambda t: (-t.value, t.uid)):
                if sum(s.value for s in spent) >= cost:
                    break
                spent.append(t)
            left = tuple(t for t in hero.trophies if t not in spent)
            levels: dict[str, Any] = {attr: hero.attribute(attr) + 1}
            hero = replace(hero, trophies=left, **levels)
            st = st.with_hero(hero)
            for t in spent:
                st = discard(st, t)
            ev.append(Event.of("rel.level_up", ["REL-EXT-2"], player, attribute=attr,
                               value=hero.attribute(attr), spent=tuple(t.id for t in spent)))
    return st
