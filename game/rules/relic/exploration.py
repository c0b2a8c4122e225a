"""Exploration (REL-BOARD-2): a space's Threat draws, its guardian, its effects, and the choices
some spaces offer (to move elsewhere, to buy or swap wargear, to swap places...), all as the
board's map writes them (spaces.py); on the Inner tier its dangers (REL-WIN-4).

Handlers: ``check_choose`` / ``resolve_choose`` (Choose).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.dice import Dice
from game.rules.engine import Event, IllegalCommand
from game.rules.relic.commands import Choose
from game.rules.relic.effects import ANY_DECK, check_mission, draw_threat, gain, take
from game.rules.relic.flow import phase_is, settle
from game.rules.relic.spaces import SpaceEffect
from game.rules.relic.state import Card, Choice, Item, Phase, RelicState

if TYPE_CHECKING:
    from game.rules.relic.game import Relic


def explore(system: Relic, st: RelicState, ev: list[Event], cell: str, dice: Dice,
            start: int) -> RelicState:
    """The space's draws and effects, as its map writes them (REL-BOARD-2); on the Inner tier,
    its dangers (REL-WIN-4). Stops at a choice, or when the player is vanquished."""
    space = system.board(st).spaces[cell]
    rec = space.rules
    player = st.active_player
    inner = space.tier == "inner"
    rules = ["REL-BOARD-2"] + (["REL-WIN-4"] if inner else [])
    st = replace(st, phase=Phase.ENGAGEMENT)
    if start == 0:
        ev.append(Event.of("rel.space", rules, player, space=cell))
        for deck, n in rec.threats:
            for _ in range(n):
                st = draw_threat(st, ev, deck, cell, player, dice, resolve=True)
                if st.blocked:
                    return st
        guardian = rec.guardian
        if guardian and not any(c.id == guardian.id for c in st.cards_on(cell)):
            uid, st = st.uid(guardian.id)
            card = Card(uid, guardian.id, "space", "enemy", guardian.attribute, guardian.value)
            st = st.with_cards_on(cell, st.cards_on(cell) + (card,))
            ev.append(Event.of("rel.guardian", rules, player, card=card.id, uid=uid,
                               attribute=card.attribute, value=card.value, space=cell))
    effects = rec.effects
    for i in range(start, len(effects)):
        eff = effects[i]
        if eff.choice:
            made = make_choice(system, st, eff, cell, i + 1, dice)
            if made is not None:
                st, choice = made
                ev.append(Event.of("rel.choice", rules, player, kind=choice.kind,
                                   options=choice.options))
                return replace(st, phase=Phase.CHOICE, choice=choice)
            continue
        st = space_effect(system, st, ev, eff, player, dice, rules)
        if st.blocked:
            return st
    return st


def space_effect(system: Relic, st: RelicState, ev: list[Event], eff: SpaceEffect, player: str,
                 dice: Dice, rules: list[str]) -> RelicState:
    """One effect printed on a space."""
    do = eff.do
    if do == "roll":
        face = dice.roll(1)[0]
        ok = face >= eff.min
        ev.append(Event.of("rel.space_roll", rules, player, face=face, need=eff.min, ok=ok))
        nxt = eff.then if ok else eff.otherwise
        return space_effect(system, st, ev, nxt, player, dice, rules) if nxt else st
    if do == "others_draw":
        board = system.board(st)
        for h in st.heroes:
            if h.player != player and board.tier(h.space) in ("outer", "middle"):
                face = dice.roll(1)[0]
                st = draw_threat(st, ev, ANY_DECK[face], h.space, h.player, dice, resolve=False)
        return st
    if do == "lose_life_unless_armour":
        hero = st.hero(player)
        if any(i.kind == "armour" for i in hero.items):
            ev.append(Event.of("rel.spared", rules, player, by="armour"))
            return st
        do = "lose_life"
    return gain(st, ev, player, do, eff.n, dice, rules)


def make_choice(system: Relic, st: RelicState, eff: SpaceEffect, cell: str, resume: int,
                dice: Dice) -> tuple[RelicState, Choice] | None:
    """The choice a space offers now, or None when it has no option."""
    kind = eff.do
    board = system.board(st)
    hero = st.active_hero
    offered: tuple[Item, ...] = ()
    options: tuple[str, ...]
    if kind == "teleport":
        targets = eff.to or board.tiers[eff.tier]
        options = tuple(t for t in targets if t != hero.space)
    elif kind == "buy_wargear":
        have = st.pile("wargear").draw or st.pile("wargear").discard
        options = ("buy",) if hero.influence >= eff.cost and have else ()
    elif kind == "keep_wargear":
        for _ in range(eff.n):
            st, item = take(st, "wargear", dice)
            if item is not None:
                offered += (item,)
        options = tuple(i.uid for i in offered)
    elif kind == "swap_wargear":
        have = st.pile("wargear").draw or st.pile("wargear").discard
        options = tuple(i.uid for i in hero.items) if have else ()
    elif kind == "swap_places":
        options = tuple(h.player for h in st.heroes
                        if h.player != hero.player and board.tier(h.space) == eff.tier)
    elif kind == "shift":
        options = tuple(sorted({board.walk(hero.space, k, d) for k in range(1, eff.up_to + 1)
                                for d in (1, -1)} - {hero.space}))
    else:
        raise ValueError(f"{board.board.path}: space {cell} offers a choice of unknown kind {kind!r}")
    if not options:
        return None
    return st, Choice(kind, options, True, cell, resume, offered)


# --------------------------------------------------------------------------- Choose

def check_choose(system: Relic, st: RelicState, cmd: Choose) -> None:
    phase_is(st, (Phase.CHOICE,), "REL-BOARD-2", "choosing", "choose")
    choice = st.choice
    assert choice is not None
    if cmd.option not in choice.options and not (cmd.option == "" and choice.optional):
        if choice.optional:
            raise IllegalCommand("REL-BOARD-2", f"choose one of {', '.join(choice.options)} or nothing",
                                 key="relic.choose.not_offered_or_nothing",
                                 params={"options": choice.options})
        raise IllegalCommand("REL-BOARD-2", f"choose one of {', '.join(choice.options)}",
                             key="relic.choose.not_offered", params={"options": choice.options})


def resolve_choose(system: Relic, st: RelicState, cmd: Choose, dice: Dice, ev: list[Event]) -> RelicState:
    choice = st.choice
    assert choice is not None
    hero = st.active_hero
    player = hero.player
    rules = ["REL-BOARD-2"]
    st = replace(st, choice=None, phase=Phase.ENGAGEMENT)
    named = {i.uid: i.id for i in choice.offered + hero.items}
    ev.append(Event.of("rel.chosen", rules, player, kind=choice.kind, option=cmd.option,
                       option_id=named.get(cmd.option, cmd.option)))
    if choice.kind in ("teleport", "shift") and cmd.option:
        ev.append(Event.of("rel.relocate", rules, player,
                           motion=("move", player, hero.space, cmd.option),
                           frm=hero.space, to=cmd.option))
        st = st.with_hero(replace(hero, space=cmd.option))
        st = check_mission(system, st, ev, player, "arrive", dice)
    elif choice.kind == "buy_wargear" and cmd.option:
        cost = system.board(st).spaces[choice.cell].rules.effects[choice.resume - 1].cost
        st = st.with_hero(replace(hero, influence=hero.influence - cost))
        st = gain(st, ev, player, "draw_wargear", 1, dice, rules)
    elif choice.kind == "keep_wargear":
        kept = tuple(i for i in choice.offered if i.uid == cmd.option)
        rest = tuple(i for i in choice.offered if i.uid != cmd.option)
        st = st.with_hero(replace(hero, items=hero.items + kept))
        pile = st.pile("wargear")
        st = st.with_pile("wargear", replace(pile, discard=pile.discard + rest))
        if kept:
            ev.append(Event.of("rel.gain", rules, player, what="wargear", card=kept[0].id, n=1))
    elif choice.kind == "swap_wargear" and cmd.option:
        item = next(i for i in hero.items if i.uid == cmd.option)
        st = st.with_hero(replace(hero, items=tuple(i for i in hero.items if i.uid != cmd.option)))
        pile = st.pile("wargear")
        st = st.with_pile("wargear", replace(pile, discard=pile.discard + (item,)))
        ev.append(Event.of("rel.lose", rules, player, what="wargear", card=item.id, n=1))
        st = gain(st, ev, player, "draw_wargear", 1, dice, rules)
    elif choice.kind == "swap_places" and cmd.option:
        other = st.hero(cmd.option)
        ev.append(Event.of("rel.relocate", rules, player,
                           motion=("swap", player, cmd.option), frm=hero.space, to=other.space,
                           other=cmd.option))
        st = st.with_hero(replace(hero, space=other.space))
        st = st.with_hero(replace(other, space=hero.space))
        st = check_mission(system, st, ev, player, "arrive", dice)
    st = explore(system, st, ev, choice.cell, dice, choice.resume)
    return settle(system, st, ev, dice)
