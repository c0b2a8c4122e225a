"""The free actions (MM-TURN-3): ``Share`` (MM-SHARE), ``Equip`` (MM-EQUIP), ``LevelUp``
(MM-LEVEL-1), and ``Use`` of an ability (MM-LEVEL-2), a one-shot card or a group item
(MM-GROUP-1).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.dice import Dice
from game.rules.engine import Event, IllegalCommand
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics.board import Table, near
from game.rules.mice_and_mystics.checks import free_ready, turn_mouse
from game.rules.mice_and_mystics.commands import Equip, LevelUp, Share, Use
from game.rules.mice_and_mystics.items import overflow, slots_refusal
from game.rules.mice_and_mystics.state import MMState, Mouse, MoveState

LEVEL_COST = 6  #: MM-LEVEL-1: cheese per level


# --------------------------------------------------------------------------- Share


def check_share(system: Table, state: MMState, cmd: Share) -> None:
    m, _ = free_ready(system, state, cmd.mouse, "share")
    if not state.has_mouse(cmd.other) or cmd.other == m.id:
        raise IllegalCommand("MM-SHARE-1", f"there is no other mouse {cmd.other!r}",
                             key="mm.share.no_other", params={"other": cmd.other})
    o = state.mouse(cmd.other)
    if o.captured:
        raise IllegalCommand("MM-SHARE-2", f"{o.name} is captured and cannot share",
                             key="mm.share.captured", params={"other": o.id})
    if not near(system.graph(state), m.cell, o.cell):
        raise IllegalCommand("MM-SHARE-1", f"{o.name} is not in {m.name}'s cell or an adjacent one",
                             key="mm.share.out_of_reach", params={"other": o.id, "mouse": m.id})
    for who, given in ((m, cmd.give), (o, cmd.take)):
        for c in given:
            if c not in who.cards or c in who.starting:
                raise IllegalCommand("MM-SHARE-1", f"{who.name} has no search card {c!r} to swap",
                                     key="mm.share.no_card", params={"mouse": who.id, "card": c})
        if len(set(given)) != len(given):
            raise IllegalCommand("MM-SHARE-1", "a card is named twice", key="mm.share.card_twice")
    if not (0 <= cmd.give_cheese <= m.cheese and 0 <= cmd.take_cheese <= o.cheese):
        raise IllegalCommand("MM-SHARE-1", "cannot give more cheese than a mouse has",
                             key="mm.share.too_much_cheese")
    if not (cmd.give or cmd.take or cmd.give_cheese or cmd.take_cheese):
        raise IllegalCommand("MM-SHARE-1", "a Share swaps at least one card or cheese token",
                             key="mm.share.nothing")


def resolve_share(system: Table, state: MMState, cmd: Share, dice: Dice, events: list[Event]) -> MMState:
    m, o = state.mouse(cmd.mouse), state.mouse(cmd.other)
    t = state.turn
    assert t is not None

    def without(x: Mouse, gone: tuple[str, ...]) -> Mouse:
        return replace(x, equipped=tuple(c for c in x.equipped if c not in gone),
                       pack=tuple(c for c in x.pack if c not in gone))

    m2, o2 = without(m, cmd.give), without(o, cmd.take)
    m2 = replace(m2, pack=m2.pack + cmd.take, cheese=m.cheese - cmd.give_cheese + cmd.take_cheese)
    o2 = replace(o2, pack=o2.pack + cmd.give, cheese=o.cheese + cmd.give_cheese - cmd.take_cheese)
    state = state.with_mouse(m2).with_mouse(o2)
    state = replace(state, turn=replace(t, free_used=t.free_used + ("share",)))
    events.append(Event.of("mm.share", ["MM-SHARE-1", "MM-SHARE-2", "MM-TURN-3"], m.id, other=o.id,
                           give=cmd.give, take=cmd.take, give_cheese=cmd.give_cheese, take_cheese=cmd.take_cheese))
    state = overflow(state, m.id, events)
    return overflow(state, o.id, events)


# --------------------------------------------------------------------------- Equip


def check_equip(system: Table, state: MMState, cmd: Equip) -> None:
    m, _ = free_ready(system, state, cmd.mouse, "equip")
    if len(set(cmd.equipped)) != len(cmd.equipped):
        raise IllegalCommand("MM-EQUIP-1", "a card is named twice", key="mm.equip.card_twice")
    for c in cmd.equipped:
        if c not in m.cards:
            raise IllegalCommand("MM-EQUIP-1", f"{m.name} has no card {c!r}",
                                 key="mm.equip.no_card", params={"mouse": m.id, "card": c})
    why, key, params = slots_refusal(cmd.equipped)
    if why:
        raise IllegalCommand("MM-EQUIP-4", why, key=key, params=params)
    if set(cmd.equipped) == set(m.equipped):
        raise IllegalCommand("MM-EQUIP-1", "that changes nothing", key="mm.equip.no_change")


def resolve_equip(system: Table, state: MMState, cmd: Equip, dice: Dice, events: list[Event]) -> MMState:
    m = state.mouse(cmd.mouse)
    t = state.turn
    assert t is not None
    pack = tuple(c for c in m.pack if c not in cmd.equipped) + tuple(c for c in m.equipped if c not in cmd.equipped)
    state = state.with_mouse(replace(m, equipped=tuple(cmd.equipped), pack=pack))
    state = replace(state, turn=replace(t, free_used=t.free_used + ("equip",)))
    events.append(Event.of("mm.equip", ["MM-EQUIP-1", "MM-EQUIP-4", "MM-TURN-3"], m.id,
                           equipped=tuple(cmd.equipped), pack=pack))
    return overflow(state, m.id, events)


# --------------------------------------------------------------------------- LevelUp


def check_level_up(system: Table, state: MMState, cmd: LevelUp) -> None:
    m, _ = free_ready(system, state, cmd.mouse, "level_up")
    if m.cheese < LEVEL_COST:
        raise IllegalCommand("MM-LEVEL-1", f"{m.name} has {m.cheese} cheese; a level costs {LEVEL_COST}",
                             key="mm.level.too_little_cheese",
                             params={"mouse": m.id, "cheese": m.cheese, "cost": LEVEL_COST})
    ab = cards.abilities().get(cmd.ability)
    if ab is None:
        raise IllegalCommand("MM-LEVEL-1", f"there is no ability {cmd.ability!r}",
                             key="mm.level.no_ability", params={"ability": cmd.ability})
    if ab.get("class") != m.klass:
        raise IllegalCommand("MM-LEVEL-1", f"{cmd.ability} is not a {m.klass} ability",
                             key="mm.level.other_class", params={"ability": cmd.ability, "class": m.klass})
    if cmd.ability in m.abilities:
        raise IllegalCommand("MM-LEVEL-1", f"{m.name} already has {cmd.ability}",
                             key="mm.level.already_had", params={"mouse": m.id, "ability": cmd.ability})


def resolve_level_up(system: Table, state: MMState, cmd: LevelUp, dice: Dice, events: list[Event]) -> MMState:
    m = state.mouse(cmd.mouse)
    t = state.turn
    assert t is not None
    m = replace(m, cheese=m.cheese - LEVEL_COST, abilities=m.abilities + (cmd.ability,))
    events.append(Event.of("mm.level_up", ["MM-LEVEL-1", "MM-LEVEL-3", "MM-TURN-3"], m.id,
                           ability=cmd.ability, cheese=m.cheese))
    return replace(state.with_mouse(m), turn=replace(t, free_used=t.free_used + ("level_up",)))


# --------------------------------------------------------------------------- Use


def use_source(state: MMState, m: Mouse, what: str) -> tuple[str, dict[str, Any]]:
    """Where ``what`` comes from ("ability", "card" or "group") and the effect it has."""
    if what in m.abilities:
        return "ability", dict(cards.abilities()[what])
    if what in m.cards and "use" in cards.item(what):
        return "card", dict(cards.item(what)["use"])
    if what in state.group_items:
        return "group", dict(cards.item(what)["use"])
    raise IllegalCommand("MM-GROUP-1", f"{m.name} has no ability, usable card or group item {what!r}",
                         key="mm.use.nothing_to_use", params={"mouse": m.id, "what": what})


def use_plan(system: Table, state: MMState, cmd: Use) -> tuple[str, dict[str, Any], Mouse]:
    """The checks of a Use; its source, its effect and the mouse it works on."""
    m, t = turn_mouse(state, cmd.mouse, "MM-TURN-3")
    source, effect = use_source(state, m, cmd.what)
    if source == "ability" and t.ability_used:
        raise IllegalCommand("MM-LEVEL-2", f"{m.name} has already used an ability this turn",
                             key="mm.ability.already_used", params={"mouse": m.id})
    kind = effect.get("effect")
    target = state.mouse(cmd.target) if cmd.target and state.has_mouse(cmd.target) else None
    if cmd.target and target is None:
        raise IllegalCommand("MM-GROUP-1", f"there is no mouse {cmd.target!r}",
                             key="mm.use.no_target", params={"target": cmd.target})
    target = target or m
    if kind == "attack_bonus":
        raise IllegalCommand("MM-LEVEL-2", f"{cmd.what} is used by naming it in an Attack",
                             key="mm.use.in_attack", params={"what": cmd.what})
    if kind == "dash":
        if target.id != m.id or t.move_state == MoveState.DONE:
            raise IllegalCommand("MM-LEVEL-2", "a dash adds points to the user's unfinished move",
                                 key="mm.use.dash")
        return source, effect, target
    if kind == "cheese":
        if target.id != m.id:
            raise IllegalCommand("MM-TURN-3", "the crumbs are for the user", key="mm.use.cheese_for_user")
        return source, effect, target
    if target.captured or not near(system.graph(state), m.cell, target.cell):
        raise IllegalCommand("MM-ADJ-4", f"{target.name} is not an active mouse in or next to {m.name}'s cell",
                             key="mm.use.out_of_reach", params={"target": target.id, "mouse": m.id})
    if effect.get("self_only") and target.id != m.id:
        raise IllegalCommand("MM-LEVEL-2", f"{cmd.what} works only on its owner",
                             key="mm.use.owner_only", params={"what": cmd.what})
    curable = target.wounds if effect.get("cures_poison") else target.wounds - target.poison
    if curable <= 0 and target.poison:
        raise IllegalCommand("MM-COND-5", f"{target.name} has no wound this can heal (poisoned wounds need a cure)",
                             key="mm.use.poisoned_wounds", params={"target": target.id})
    if curable <= 0:
        raise IllegalCommand("MM-COND-5", f"{target.name} has no wound this can heal",
                             key="mm.use.no_wound", params={"target": target.id})
    return source, effect, target


def check_use(system: Table, state: MMState, cmd: Use) -> None:
    use_plan(system, state, cmd)


def resolve_use(system: Table, state: MMState, cmd: Use, dice: Dice, events: list[Event]) -> MMState:
    source, effect, target = use_plan(system, state, cmd)
    m = state.mouse(cmd.mouse)
    t = state.turn
    assert t is not None
    kind = effect.get("effect")
    amount = int(effect.get("amount", 1))
    rules = {"ability": ["MM-LEVEL-2"], "card": ["MM-TURN-3"], "group": ["MM-GROUP-1"]}[source]
    if source == "ability":
        state = replace(state, turn=replace(t, ability_used=True))
    elif source == "card":
        m = replace(m, equipped=tuple(c for c in m.equipped if c != cmd.what),
                    pack=tuple(c for c in m.pack if c != cmd.what))
        state = replace(state.with_mouse(m), discarded=state.discarded + (cmd.what,))
    else:
        state = replace(state, group_items=tuple(c for c in state.group_items if c != cmd.what),
                        discarded=state.discarded + (cmd.what,))
    target = state.mouse(target.id)
    healed = 0
    if kind == "dash":
        t = state.turn
        assert t is not None
        state = replace(state, turn=replace(t, mp=t.mp + amount))
    elif kind == "cheese":
        state = state.with_mouse(replace(target, cheese=target.cheese + amount))
    else:
        if effect.get("cures_poison"):  # MM-COND-5: only a cure removes poisoned wounds
            healed = min(amount, target.wounds)
            poison = max(0, target.poison - healed)
            state = state.with_mouse(replace(target, wounds=target.wounds - healed, poison=poison))
            rules = rules + ["MM-COND-5"]
        else:
            healed = min(amount, target.wounds - target.poison)
            state = state.with_mouse(replace(target, wounds=target.wounds - healed))
            if target.poison:
                rules = rules + ["MM-COND-5"]
    events.append(Event.of("mm.use", rules, m.id, what=cmd.what, source=source, effect=kind,
                           target=target.id, amount=amount, healed=healed))
    return state
