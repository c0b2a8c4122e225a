"""The Search action and what it finds (MM-SEARCH): a card kept or discarded for cheese
(``KeepFound``, MM-SEARCH-4; group items, MM-GROUP-1), or a search event; and the discard a
too-full pack must make (``Discard``, MM-EQUIP-3).
"""

from __future__ import annotations

from dataclasses import replace

from game.core.dice import Dice
from game.rules.engine import Event, IllegalCommand
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics.board import Table
from game.rules.mice_and_mystics.chapter import SearchCard
from game.rules.mice_and_mystics.checks import action_ready
from game.rules.mice_and_mystics.combat import give_cheese, personal_trigger
from game.rules.mice_and_mystics.commands import Discard, KeepFound, Search
from game.rules.mice_and_mystics.dice import SUCCESS, read_roll
from game.rules.mice_and_mystics.items import overflow, pack_count
from game.rules.mice_and_mystics.state import ActionState, MMState, Pending
from game.rules.mice_and_mystics.wheel import give_condition, turn_page, wheel_add


def check_search(system: Table, state: MMState, cmd: Search) -> None:
    m, _ = action_ready(state, cmd.mouse, "search")
    if state.tile in m.searched:
        raise IllegalCommand("MM-SEARCH-5", f"{m.name} has already searched this tile successfully",
                             key="mm.search.already_searched", params={"mouse": m.id, "tile": state.tile})


def resolve_search(system: Table, state: MMState, cmd: Search, dice: Dice, events: list[Event]) -> MMState:
    m = state.mouse(cmd.mouse)
    t = state.turn
    assert t is not None
    state = replace(state, turn=replace(t, action_state=ActionState.DONE, action="search"))
    face = dice.roll(1, 6)[0]
    ok = read_roll((face,), SUCCESS).successes > 0
    events.append(Event.of("mm.search", ["MM-SEARCH-1", "MM-SEARCH-2", "MM-DICE-3", "MM-TURN-2"], m.id,
                           face=face, success=ok, tile=state.tile))
    if not ok:
        return state
    m = replace(m, searched=m.searched + (state.tile,))
    state = state.with_mouse(m)
    state = personal_trigger(state, m.id, "search_success", events)
    deck = state.deck(state.tile)
    if not deck:
        events.append(Event.of("mm.search_empty", ["MM-SEARCH-3"], m.id, tile=state.tile))
        return state
    k = dice.roll(1, len(deck))[0] - 1
    number = deck[k]
    state = state.with_deck(state.tile, deck[:k] + deck[k + 1:])
    entry = state.chapter.deck(state.tile)[number]
    if entry.item:
        events.append(Event.of("mm.found", ["MM-SEARCH-3", "MM-SEARCH-4"], m.id, item=entry.item))
        return replace(state, pending=state.pending + (Pending("find", m.id, entry.item),))
    return search_event(system, state, m.id, entry, dice, events)


def search_event(system: Table, state: MMState, mouse_id: str, entry: SearchCard, dice: Dice,
                 events: list[Event]) -> MMState:
    """MM-SEARCH-3: a search card that is an event rather than an item."""
    kind = entry.event
    events.append(Event.of("mm.search_event", ["MM-SEARCH-3"], mouse_id, event=kind,
                           text_en=entry.text.text("en"), text_ru=entry.text.text("ru")))
    if kind == "cheese":
        return give_cheese(system, state, f"mouse:{mouse_id}", entry.amount, ["MM-SEARCH-3"], dice, events)
    if kind == "wheel":
        return wheel_add(system, state, entry.amount, ["MM-WHEEL-4"], dice, events, "search event")
    if kind == "page":
        return turn_page(state, ["MM-END-4"], "story", events)
    if kind in ("webbed", "stunned", "knocked_down", "charmed"):
        return give_condition(state, mouse_id, kind, ["MM-SEARCH-3"], events)
    return state


def _found(state: MMState, cmd: KeepFound) -> Pending:
    if not state.pending or state.pending[0].kind != "find" or state.pending[0].mouse != cmd.mouse:
        raise IllegalCommand("MM-SEARCH-4", f"{cmd.mouse} has no found item to keep or discard",
                             key="mm.search.nothing_found", params={"mouse": cmd.mouse})
    return state.pending[0]


def check_keep_found(system: Table, state: MMState, cmd: KeepFound) -> None:
    _found(state, cmd)


def resolve_keep_found(system: Table, state: MMState, cmd: KeepFound, dice: Dice, events: list[Event]) -> MMState:
    p = _found(state, cmd)
    state = replace(state, pending=state.pending[1:])
    m = state.mouse(cmd.mouse)
    if not cmd.keep:
        events.append(Event.of("mm.keep", ["MM-SEARCH-4", "MM-DICE-3"], m.id, item=p.item, kept=False, cheese=1))
        return replace(state.with_mouse(replace(m, cheese=m.cheese + 1)), discarded=state.discarded + (p.item,))
    if cards.item(p.item).get("type") == "group":  # MM-GROUP-1: the party's, not the mouse's
        events.append(Event.of("mm.keep", ["MM-SEARCH-4", "MM-GROUP-1", "MM-GROUP-2"], m.id, item=p.item,
                               kept=True, group=True))
        return replace(state, group_items=state.group_items + (p.item,))
    events.append(Event.of("mm.keep", ["MM-SEARCH-4"], m.id, item=p.item, kept=True, group=False))
    state = state.with_mouse(replace(m, pack=m.pack + (p.item,)))
    return overflow(state, m.id, events)


def check_discard(system: Table, state: MMState, cmd: Discard) -> None:
    if not state.pending or state.pending[0].kind != "discard" or state.pending[0].mouse != cmd.mouse:
        raise IllegalCommand("MM-EQUIP-3", f"{cmd.mouse} has nothing it must discard",
                             key="mm.discard.nothing_due", params={"mouse": cmd.mouse})
    if cmd.card not in state.mouse(cmd.mouse).pack:
        raise IllegalCommand("MM-EQUIP-3", f"{cmd.card} is not in {cmd.mouse}'s pack",
                             key="mm.discard.not_in_pack", params={"card": cmd.card, "mouse": cmd.mouse})


def resolve_discard(system: Table, state: MMState, cmd: Discard, dice: Dice, events: list[Event]) -> MMState:
    m = state.mouse(cmd.mouse)
    m = replace(m, pack=tuple(c for c in m.pack if c != cmd.card))
    events.append(Event.of("mm.discard", ["MM-EQUIP-3"], m.id, card=cmd.card, cheese=0))
    state = replace(state.with_mouse(m), discarded=state.discarded + (cmd.card,))
    if pack_count(state, m) <= state.cfg.pack_limit:
        state = replace(state, pending=state.pending[1:])
    return state
