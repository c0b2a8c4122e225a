"""The program's game master: how minions and charmed mice act (MM-MIN-2, MM-COND-4).

The policy, step by step (the seed leaves minions to the GM; this is the spec's default):

* A group's minions act one after another, in the order of their ids (MM-ROUND-2).
* A knocked-down minion spends its move standing up (MM-COND-3) and still attacks.
* Melee minion: if a mouse shares its cell it does not move. Otherwise it rolls 1d3 and walks up
  to that many cells (full cells stop it, MM-MIN-3; it ignores water, traps and lines) towards
  the nearest mouse it can reach (path length; tie -> the mouse higher in initiative), ending
  its walk on entering a cell that holds a mouse. It picks, among the cells it can reach, the
  one fewest steps from that mouse (then the cheaper one).
* Ranged minion ("keeps its distance"): it does not move while it sees a mouse. Otherwise it
  rolls 1d3 and walks the same way, stopping as soon as it sees a mouse.
* Attack: every minion then attacks one mouse in reach: melee - in its cell or an adjacent one;
  ranged - in its cell or an adjacent one if there is any (forced, as for mice), else any mouse
  it sees. Among those it prefers mice its group has not attacked yet this turn, then the
  nearest (own cell, then adjacent, then by steps), then the one higher in initiative.
  Dice: its Battle value on the melee or ranged row; its 6s go on the wheel (MM-WHEEL-2); the
  mouse defends with MM-DEF-1..3 and keeps its own 6s (MM-DEF-5); a poisonous minion's wounds
  are poisoned (MM-COND-5).
* Charmed mouse (MM-COND-4): base Move + 1d3 points, mouse movement rules, towards the nearest
  other active mouse, stopping on entering a cell that holds a mouse; then one melee attack with
  its base Battle dice on a mouse in its cell or an adjacent one (nearest, tie -> initiative);
  its 6s go on the wheel (``charmed_cheese_to``). The charm ends with the turn.
"""

from __future__ import annotations

from dataclasses import replace

from game.core.dice import Dice
from game.geometry.cells import CellGraph
from game.rules.engine import Event
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics.board import Table, near
from game.rules.mice_and_mystics.combat import roll_attack
from game.rules.mice_and_mystics.dice import MELEE
from game.rules.mice_and_mystics.occupancy import LARGE, LARGE_MINION, MOUSE, SMALL_MINION, Count, figures
from game.rules.mice_and_mystics.order import members
from game.rules.mice_and_mystics.paths import reachable
from game.rules.mice_and_mystics.state import Minion, MMState, Mouse

FAR = 99


def _hops_from(g: CellGraph, start: str) -> dict[str, int]:
    return dict(g.hops(start))


def mouse_distances(system: Table, state: MMState, minion: Minion) -> dict[str, int]:
    """Path length from the minion to each active mouse (to its cell, or next to it when that
    cell is full); unreachable mice fall back to plain steps on the map."""
    g = system.graph(state)
    mover = LARGE_MINION if minion.size == LARGE else SMALL_MINION
    reach = reachable(g, minion.cell, FAR, figures(state), mover=mover)
    hops = _hops_from(g, minion.cell)
    out: dict[str, int] = {}
    for m in state.active_mice:
        if m.cell == minion.cell:
            out[m.id] = 0
            continue
        options = [reach.cost[m.cell]] if m.cell in reach.cost else []
        options += [reach.cost[n] + 1 for n in g.neighbours(m.cell) if n in reach.cost]
        if options:
            out[m.id] = min(options)
        elif m.cell in hops:
            out[m.id] = FAR + hops[m.cell]
    return out


def nearest_mouse(state: MMState, dist: dict[str, int]) -> Mouse | None:
    if not dist:
        return None
    best = min(dist, key=lambda mid: (dist[mid], state.initiative_rank(mid)))
    return state.mouse(best)


def _walk(system: Table, state: MMState, minion: Minion, budget: int, target: Mouse,
          stop_when_seeing: bool) -> tuple[str, ...]:
    """The path the minion walks towards ``target`` with ``budget`` points (start first)."""
    g = system.graph(state)
    mover = LARGE_MINION if minion.size == LARGE else SMALL_MINION
    reach = reachable(g, minion.cell, budget, figures(state), mover=mover)
    to_target = _hops_from(g, target.cell)
    here = to_target.get(minion.cell, FAR)
    best = min(reach.cost, key=lambda c: (to_target.get(c, FAR), reach.cost[c], g.keys.index(c)))
    if to_target.get(best, FAR) >= here:
        return (minion.cell,)
    path = reach.path_to(best)
    if stop_when_seeing:
        mice_cells = {m.cell for m in state.active_mice}
        for i, cell in enumerate(path[1:], start=1):
            if mice_cells & set(g.visible_from(cell)):
                return path[:i + 1]
    return path


def _targets(system: Table, state: MMState, cell: str, ranged: bool) -> list[Mouse]:
    g = system.graph(state)
    close = [m for m in state.active_mice if near(g, cell, m.cell)]
    if not ranged or close:
        return close
    seen = set(g.visible_from(cell))
    return [m for m in state.active_mice if m.cell in seen]


def _pick_target(system: Table, state: MMState, cell: str, options: list[Mouse],
                 attacked: list[str]) -> Mouse | None:
    if not options:
        return None
    hops = _hops_from(system.graph(state), cell)
    return min(options, key=lambda m: (m.id in attacked, hops.get(m.cell, FAR), state.initiative_rank(m.id)))


def minion_turn(system: Table, state: MMState, entity: str, dice: Dice, events: list[Event]) -> MMState:
    """One minion group's (or figure's) turn by the policy above."""
    g = system.graph(state)
    attacked: list[str] = []
    for ident in [n.id for n in members(state, entity)]:
        if state.result:
            return state
        if not state.has_minion(ident):
            continue
        mn = state.minion(ident)
        stats = cards.minion_stats(mn.kind, state.page)
        ranged = stats["attack"] == "ranged"
        if mn.knocked_down:
            state = state.with_minion(replace(mn, knocked_down=False))
            events.append(Event.of("mm.stand_up", ["MM-COND-3"], mn.id, spent=0))
        elif state.active_mice:
            sees = {m.cell for m in state.active_mice} & set(g.visible_from(mn.cell))
            in_cell = any(m.cell == mn.cell for m in state.active_mice)
            if not in_cell and not (ranged and sees):
                target = nearest_mouse(state, mouse_distances(system, state, mn))
                if target is not None:
                    d3 = dice.roll(1, 3)[0]
                    path = _walk(system, state, mn, d3, target, stop_when_seeing=ranged)
                    if len(path) > 1:
                        state = state.with_minion(replace(mn, cell=path[-1]))
                    events.append(Event.of("mm.minion_move", ["MM-MIN-2", "MM-MIN-3", "MM-OCC-3"], mn.id,
                                           motion=("path", mn.id, path), d3=d3, path=path, towards=target.id))
        mn = state.minion(ident)
        target = _pick_target(system, state, mn.cell, _targets(system, state, mn.cell, ranged), attacked)
        if target is None:
            continue
        attacked.append(target.id)
        rules = ["MM-DEF-5", "MM-MIN-2", "MM-DEF-6"] + (["MM-RANGED-3"] if ranged else [])
        state = roll_attack(system, state, mn.id, target.id, int(stats["battle"]),
                            "ranged" if ranged else MELEE, dice, events, rules, cheese_to="wheel",
                            poison=bool(stats["poison"]))
    return state


def charmed_turn(system: Table, state: MMState, mouse_id: str, dice: Dice, events: list[Event]) -> MMState:
    """MM-COND-4 by the program: the charmed mouse acts like a melee minion, on base values."""
    g = system.graph(state)
    m = state.mouse(mouse_id)
    others = [o for o in state.active_mice if o.id != m.id]
    d3 = dice.roll(1, 3)[0]
    mp = m.move + d3
    path: tuple[str, ...] = (m.cell,)
    if others and not any(o.cell == m.cell for o in others) and not m.webbed and not m.knocked_down:
        # other mice stop the walk like minions stop a mouse: count them as minions
        occ = dict(figures(state))
        for o in others:
            c = occ[o.cell]
            occ[o.cell] = Count(c.mice - 1, c.small_minions + 1, c.large_minions)
        reach = reachable(g, m.cell, mp, occ, state.cfg.move_rules, mover=MOUSE)
        hops = {o.id: _hops_from(g, o.cell) for o in others}
        dist = {o.id: min((reach.cost[c] + hops[o.id].get(c, FAR)) for c in reach.cost) for o in others}
        target = nearest_mouse(state, dist)
        if target is not None:
            to_target = hops[target.id]
            cells = [c for c in reach.cost if c not in reach.conditional]
            best = min(cells, key=lambda c: (to_target.get(c, FAR), reach.cost[c], g.keys.index(c)))
            if to_target.get(best, FAR) < to_target.get(m.cell, FAR):
                path = reach.path_to(best)
    elif m.knocked_down:
        state = state.with_mouse(replace(m, knocked_down=False))
        events.append(Event.of("mm.stand_up", ["MM-COND-3"], m.id, spent=mp))
    if len(path) > 1:
        state = state.with_mouse(replace(state.mouse(m.id), cell=path[-1]))
    events.append(Event.of("mm.charmed_move", ["MM-COND-4", "MM-MOVE-5"], m.id, motion=("path", m.id, path),
                           d3=d3, mp=mp, path=path))
    m = state.mouse(m.id)
    options = [o for o in state.active_mice if o.id != m.id and near(g, m.cell, o.cell)]
    target = _pick_target(system, state, m.cell, options, [])
    if target is not None:
        sink = "wheel" if state.cfg.charmed_cheese_to == "wheel" else f"mouse:{m.id}"
        state = roll_attack(system, state, m.id, target.id, m.battle, MELEE, dice, events,
                            ["MM-COND-4", "MM-MELEE-3"], cheese_to=sink)
    if state.has_mouse(m.id) and state.mouse(m.id).charmed:
        state = state.with_mouse(replace(state.mouse(m.id), charmed=False))
    events.append(Event.of("mm.charm_ends", ["MM-COND-4"], m.id))
    return state
