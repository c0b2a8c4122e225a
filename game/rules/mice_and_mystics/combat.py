"""One attack's dice and what they do (MM-DEF-1..7, MM-DICE): cheese from 6s, wounds, a
captured mouse (MM-CAPT), a defeated minion (MM-DEF-4). Shared by the mice's Attack and the
program's GM (``gm.py``).
"""

from __future__ import annotations

from dataclasses import replace

from game.core.dice import Dice
from game.rules.engine import Event
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics.board import Table
from game.rules.mice_and_mystics.dice import DEFENCE, read_roll, wounds
from game.rules.mice_and_mystics.order import drop_entity, group_of, members
from game.rules.mice_and_mystics.state import END_TEXTS, EndReason, MMState, Mouse
from game.rules.mice_and_mystics.wheel import check_victory, turn_page, wheel_add


def mouse_defence(m: Mouse) -> int:
    """MM-DEF-1: Defense value + the defence bonuses of equipped items (MM-EQUIP-5)."""
    return m.defence + sum(int(cards.item(c).get("defence", 0)) for c in m.equipped)


def roll_attack(system: Table, state: MMState, attacker: str, target: str, n_dice: int, row: str,
                dice: Dice, events: list[Event], rules: list[str], *, cheese_to: str,
                poison: bool = False) -> MMState:
    """One attack in the order of MM-DEF-7: attack dice and their cheese; if any hit, defence
    dice and their cheese (a filling wheel surges at once); then wounds (MM-END-8)."""
    faces = dice.roll(n_dice, 6)
    r = read_roll(faces, row)
    events.append(Event.of("mm.attack", rules + ["MM-DICE-1", "MM-DICE-2", "MM-DICE-3"], attacker,
                           target=target, row=row, dice=n_dice, faces=faces, hits=r.hits,
                           misses=r.misses, cheese=r.cheese))
    state = give_cheese(system, state, cheese_to, r.cheese, ["MM-DICE-1", "MM-WHEEL-2"], dice, events)
    if state.result:
        return state
    if r.hits == 0:
        events.append(Event.of("mm.no_defence", ["MM-MELEE-4"], target))
        return state
    target_is_mouse = state.has_mouse(target)
    if target_is_mouse:
        n_def = mouse_defence(state.mouse(target))
    else:
        n_def = cards.minion_stats(state.minion(target).kind, state.page)["defence"]
    dfaces = dice.roll(n_def, 6)
    d = read_roll(dfaces, DEFENCE)
    dealt = wounds(r.hits, d.blocks)
    events.append(Event.of("mm.defence", ["MM-DEF-1", "MM-DEF-2", "MM-DEF-3", "MM-DEF-7"], target,
                           dice=n_def, faces=dfaces, blocks=d.blocks, cheese=d.cheese, hits=r.hits,
                           wounds=dealt))
    sink = f"mouse:{target}" if target_is_mouse else "wheel"
    state = give_cheese(system, state, sink, d.cheese, ["MM-DEF-2", "MM-DEF-7", "MM-WHEEL-2"], dice, events)
    if state.result:
        return state
    if target_is_mouse:
        return wound_mouse(state, target, dealt, poison, ["MM-DEF-3", "MM-DEF-5"], events)
    return wound_minion(state, target, dealt, attacker if state.has_mouse(attacker) else "", events)


def give_cheese(system: Table, state: MMState, sink: str, n: int, rules: list[str], dice: Dice,
                events: list[Event]) -> MMState:
    """``n`` cheese to ``sink``: "wheel" (MM-WHEEL-2) or "mouse:<id>"."""
    if n <= 0:
        return state
    if sink == "wheel":
        return wheel_add(system, state, n, rules, dice, events, "sixes")
    mouse_id = sink.split(":", 1)[1]
    m = state.mouse(mouse_id)
    events.append(Event.of("mm.cheese", rules, m.id, gained=n, total=m.cheese + n))
    return state.with_mouse(replace(m, cheese=m.cheese + n))


def wound_mouse(state: MMState, mouse_id: str, n: int, poison: bool, rules: list[str],
                events: list[Event]) -> MMState:
    """Wounds on a mouse (poisoned ones, MM-COND-5); at no health it is captured."""
    m = state.mouse(mouse_id)
    if n <= 0 or not m.active:
        return state
    w = min(m.wounds + n, m.life)
    p = min(m.poison + (w - m.wounds if poison else 0), w)
    m = replace(m, wounds=w, poison=p)
    state = state.with_mouse(m)
    events.append(Event.of("mm.wounds", rules + (["MM-COND-5"] if poison else []), m.id, wounds=n,
                           total=w, life=m.life, poison=poison))
    if m.health <= 0:
        state = capture(state, m.id, events)
    return state


def capture(state: MMState, mouse_id: str, events: list[Event]) -> MMState:
    """MM-CAPT-1..7."""
    m = state.mouse(mouse_id)
    lost = tuple(c for c in m.equipped if c not in m.starting)
    kept = tuple(c for c in m.equipped if c in m.starting)
    events.append(Event.of("mm.captured", ["MM-DEF-4", "MM-CAPT-1", "MM-CAPT-2", "MM-CAPT-3", "MM-CAPT-6"],
                           m.id, cheese_lost=m.cheese, discarded=lost, conditions=m.conditions))
    m = replace(m, captured=True, cell="", cheese=0, equipped=kept, stunned=False, webbed=False,
                knocked_down=False, charmed=False)
    state = replace(state.with_mouse(m), discarded=state.discarded + lost,
                    pending=tuple(p for p in state.pending if p.mouse != m.id))
    state = turn_page(state, ["MM-CAPT-4", "MM-END-4"], "capture", events)
    if not state.result and not state.active_mice:
        events.append(Event.of("mm.chapter_lost", ["MM-CAPT-7"], "", page=state.page, text_en="", text_ru=""))
        state = replace(state, result="lost", reason=END_TEXTS[EndReason.ALL_CAPTURED])
    return state


def wound_minion(state: MMState, minion_id: str, n: int, by: str, events: list[Event]) -> MMState:
    """Wounds on a minion; at its life it is defeated (MM-DEF-4) and may end the chapter."""
    mn = state.minion(minion_id)
    if n <= 0:
        return state
    stats = cards.minion_stats(mn.kind, state.page)
    mn = replace(mn, wounds=mn.wounds + n)
    events.append(Event.of("mm.minion_wounds", ["MM-DEF-3"], mn.id, wounds=n, total=mn.wounds, life=stats["life"]))
    if mn.wounds < stats["life"]:
        return state.with_minion(mn)
    state = state.without_minion(mn.id)
    events.append(Event.of("mm.defeated", ["MM-DEF-4"], mn.id, by=by))
    if by and state.has_mouse(by):
        state = personal_trigger(state, by, "defeat_minion", events)
    group = group_of(state, mn)
    if not members(state, group):
        state = drop_entity(state, group, events)
    return check_victory(state, events)


def personal_trigger(state: MMState, mouse_id: str, trigger: str, events: list[Event]) -> MMState:
    """MM-ACH-2: personal achievements whose trigger the chapter names."""
    m = state.mouse(mouse_id)
    for ach in state.chapter.personal_achievements:
        if ach.trigger == trigger and ach.id not in m.personal_ach:
            m = replace(m, personal_ach=m.personal_ach + (ach.id,))
            events.append(Event.of("mm.achievement", ["MM-ACH-2"], m.id, achievement=ach.id, story=False))
    return state.with_mouse(m)
