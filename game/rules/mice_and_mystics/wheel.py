"""The wheel, the pages and the chapter's end (MM-WHEEL, MM-END), with what a Surge brings: a
surge card (MM-WHEEL-6), new minions (placed by MM-OCC-5) and conditions.
"""

from __future__ import annotations

from dataclasses import replace

from game.core.dice import Dice
from game.rules.engine import Event
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics.board import Table
from game.rules.mice_and_mystics.occupancy import LARGE, SMALL, can_enter, figures, nearest_free
from game.rules.mice_and_mystics.order import group_of, insert_entity
from game.rules.mice_and_mystics.state import END_TEXTS, EndReason, Minion, MMState, Mouse

CONDITION_NAMES = ("stunned", "webbed", "knocked_down", "charmed")


def wheel_add(system: Table, state: MMState, n: int, rules: list[str], dice: Dice,
              events: list[Event], why: str) -> MMState:
    """MM-WHEEL-2..5: one cheese at a time; at 6 a Surge and a page; carry or discard."""
    for i in range(n):
        if state.result:
            return state
        state = replace(state, wheel=state.wheel + 1)
        events.append(Event.of("mm.wheel", rules, "", wheel=state.wheel, why=why))
        if state.wheel >= 6:
            state = replace(state, wheel=0, surges=state.surges + 1)
            events.append(Event.of("mm.surge", ["MM-WHEEL-5", "MM-WHEEL-6"], "", surges=state.surges))
            state = turn_page(state, ["MM-WHEEL-5", "MM-END-4"], "surge", events)
            if state.result:
                return state
            state = surge_card(system, state, dice, events)
            left = n - i - 1
            if state.cfg.wheel_overflow == "discard" and left:
                events.append(Event.of("mm.wheel_discard", ["MM-WHEEL-5"], "", dropped=left))
                return state
    return state


def turn_page(state: MMState, rules: list[str], why: str, events: list[Event]) -> MMState:
    """MM-END-4: the story turns a page; on the last one the chapter is lost (MM-END-5)."""
    state = replace(state, page=state.page + 1)
    text = state.chapter.page_text(state.page)
    events.append(Event.of("mm.page", rules, "", page=state.page, end_page=state.end_page, why=why,
                           text_en=text.text("en"), text_ru=text.text("ru")))
    if state.page >= state.end_page and not state.result:  # MM-END-5
        end = state.chapter.end_text
        events.append(Event.of("mm.chapter_lost", ["MM-END-5", "MM-END-6", "MM-END-8"], "",
                               page=state.page, text_en=end.text("en"), text_ru=end.text("ru")))
        state = replace(state, result="lost", reason=END_TEXTS[EndReason.PAGES_RAN_OUT])
    return state


def check_victory(state: MMState, events: list[Event]) -> MMState:
    """MM-END-1/2: the chapter's victory condition, checked after every event that may meet it."""
    if state.result:
        return state
    chapter = state.chapter
    victory = chapter.victory
    if victory.type == "clear_tile":
        met = state.tile == victory.tile and not state.minions_on_board
    else:  # "clear_all"
        met = not state.minions
    if not met:
        return state
    gained = tuple(a.id for a in chapter.story_achievements)
    story = chapter.victory_text
    events.append(Event.of("mm.chapter_won", ["MM-END-1", "MM-END-2", "MM-ACH-1"], "", page=state.page,
                           achievements=gained, text_en=story.text("en"), text_ru=story.text("ru")))
    return replace(state, result="won", reason=END_TEXTS[EndReason.VICTORY],
                   story_ach=state.story_ach + tuple(a for a in gained if a not in state.story_ach))


def surge_card(system: Table, state: MMState, dice: Dice, events: list[Event]) -> MMState:
    """MM-WHEEL-6: draw one of our surge cards at random and resolve it."""
    deck = state.surge_deck or tuple(sorted(cards.surges()))
    k = dice.roll(1, len(deck))[0] - 1
    name = deck[k]
    state = replace(state, surge_deck=deck[:k] + deck[k + 1:])
    card = cards.surges()[name]
    events.append(Event.of("mm.surge_card", ["MM-WHEEL-6"], "", card=name,
                           text_en=cards.text(card.get("text"), "en"), text_ru=cards.text(card.get("text"), "ru")))
    if card["effect"] == "spawn":
        return spawn(system, state, str(card["kind"]), int(card.get("count", 1)), dice, events)
    if card["effect"] == "condition":
        target = pick_mouse(state, str(card.get("who", "first")))
        if target is not None:
            state = give_condition(state, target.id, str(card["condition"]), ["MM-WHEEL-6"], events)
    return state


def pick_mouse(state: MMState, who: str) -> Mouse | None:
    """The mouse a surge card names: the first in the order, most cheese or fewest wounds."""
    mice = list(state.active_mice)
    if not mice:
        return None
    rank = state.initiative_rank
    if who == "most_cheese":
        return min(mice, key=lambda m: (-m.cheese, rank(m.id)))
    if who == "fewest_wounds":
        return min(mice, key=lambda m: (m.wounds, rank(m.id)))
    return min(mice, key=lambda m: rank(m.id))


def give_condition(state: MMState, mouse_id: str, condition: str, rules: list[str],
                   events: list[Event]) -> MMState:
    """A condition card or event on an active mouse (MM-COND-1..4)."""
    m = state.mouse(mouse_id)
    if not m.active or condition not in CONDITION_NAMES:
        return state
    events.append(Event.of("mm.condition", rules, m.id, condition=condition))
    return state.with_mouse(replace(m, stunned=m.stunned or condition == "stunned",
                                    webbed=m.webbed or condition == "webbed",
                                    knocked_down=m.knocked_down or condition == "knocked_down",
                                    charmed=m.charmed or condition == "charmed"))


def spawn(system: Table, state: MMState, kind: str, count: int, dice: Dice, events: list[Event],
          at: str = "", insert: bool = True) -> MMState:
    """Minions placed by a Surge or the chapter script at ``at`` (default: the tile's surge
    cell); MM-OCC-5: else the nearest cell with room. ``insert``: roll them into the order."""
    g = system.graph(state)
    rules = state.cfg.move_rules
    stats = cards.minion_stats(kind, state.page)
    size = LARGE if stats["size"] == LARGE else SMALL
    start = at or state.chapter.surge_cell(state.tile) or g.cells_on_tile(state.tile)[0]
    for _ in range(count):
        occ = figures(state)
        cell = start if can_enter(g, start, occ, size, rules) else nearest_free(g, start, occ, size, rules)
        if cell is None:
            events.append(Event.of("mm.spawn_blocked", ["MM-OCC-5"], "", kind=kind))
            break
        number = state.next_minion
        taken = {n.id for n in state.minions} | {m.id for m in state.mice}
        while f"{kind}_{number}" in taken:
            number += 1
        ident = f"{kind}_{number}"
        name = f"{cards.text(cards.minions()[kind]['name'], 'en')} {number}"
        minion = Minion(ident, kind, name, cell, g.cell(cell).tile, size=str(stats["size"]))
        state = replace(state, minions=state.minions + (minion,), next_minion=number + 1)
        events.append(Event.of("mm.spawn", ["MM-OCC-5", "MM-WHEEL-6"], ident, kind=kind, cell=cell,
                               moved_aside=cell != start))
        if insert:
            state = insert_entity(state, group_of(state, minion), dice, events)
    return state
