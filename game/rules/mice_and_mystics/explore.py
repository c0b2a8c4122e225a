"""The Explore action (MM-EXP): the ways out of a mouse's cell, the party's arrival on the next
tile (MM-EXP-4, placed by MM-OCC-5), the chapter's script for a new tile, and the new round
that cuts the old one short (MM-EXP-5).
"""

from __future__ import annotations

from dataclasses import replace

from game.core.dice import Dice
from game.rules.engine import Event, IllegalCommand
from game.rules.mice_and_mystics.board import Table
from game.rules.mice_and_mystics.checks import action_ready
from game.rules.mice_and_mystics.commands import Explore
from game.rules.mice_and_mystics.occupancy import SMALL, can_enter, figures, nearest_free
from game.rules.mice_and_mystics.rounds import new_tile_round
from game.rules.mice_and_mystics.state import MMState, Mouse
from game.rules.mice_and_mystics.wheel import check_victory, spawn, turn_page

#: a way out: (via, the tile it leads to, the cells the party arrives in)
Way = tuple[str, str, tuple[str, ...]]


def explore_options(system: Table, state: MMState, m: Mouse) -> list[Way]:
    """MM-EXP-3/4: (via, target tile, entry cells) for each way out of the mouse's cell."""
    g = system.graph(state)
    out: list[Way] = []
    if not m.cell:
        return out
    for exit_id in g.exits_of(m.cell):
        x = g.exit(exit_id)
        if x is None or not x.target_tile or x.target_tile == state.tile:
            continue
        entry = g.exit(x.target_exit) if x.target_exit else None
        if entry is None:
            entry = next((e for e in g.exits if e.tile == x.target_tile and e.target_tile == state.tile), None)
        cells = entry.cells if entry is not None and entry.cells else g.cells_on_tile(x.target_tile)[:1]
        out.append((exit_id, x.target_tile, tuple(cells)))
    cell = g.cell(m.cell)
    if cell.turning:
        target = cell.turn_target or state.chapter.turn_target(m.cell)
        if target and target in g and g.cell(target).tile != state.tile:
            out.append(("turning", g.cell(target).tile, (target,)))
    return out


def explore_plan(system: Table, state: MMState, cmd: Explore) -> tuple[str, str, tuple[tuple[str, str], ...]]:
    """The checks of an Explore; the way taken, the new tile and where each active mouse
    arrives (MM-EXP-4: the explorer first, then by initiative; MM-OCC-5: the nearest cell with
    room when the entry cells are full)."""
    m, _ = action_ready(state, cmd.mouse, "explore")  # stunned: MM-EXP-6
    if state.minions_on_board:
        raise IllegalCommand("MM-EXP-2", "minions are still on this tile", key="mm.explore.minions_left")
    options = explore_options(system, state, m)
    if not options:
        raise IllegalCommand("MM-EXP-3", f"{m.name} is not next to an exit nor on a turning cell that leads on",
                             key="mm.explore.no_way", params={"mouse": m.id})
    if cmd.via:
        chosen = [o for o in options if o[0] == cmd.via]
        if not chosen:
            raise IllegalCommand("MM-EXP-3", f"{m.name} cannot explore via {cmd.via!r} from here",
                                 key="mm.explore.not_this_way", params={"mouse": m.id, "via": cmd.via})
        via, tile, entry = chosen[0]
    elif len({o[0] for o in options}) > 1:
        names = ", ".join(o[0] for o in options)
        raise IllegalCommand("MM-EXP-3", f"name the way: {names}", key="mm.explore.name_the_way",
                             params={"ways": tuple(o[0] for o in options)})
    else:
        via, tile, entry = options[0]
    g = system.graph(state)
    rules = state.cfg.move_rules
    order = sorted(state.active_mice, key=lambda x: (x.id != cmd.mouse, state.initiative_rank(x.id)))
    probe = state
    for x in order:
        probe = probe.with_mouse(replace(x, cell=""))
    placed: list[tuple[str, str]] = []
    for x in order:
        occ = figures(probe)
        cell = next((c for c in entry if can_enter(g, c, occ, SMALL, rules)), None)
        if cell is None:
            cell = nearest_free(g, entry[0], occ, SMALL, rules)
        if cell is None:
            raise IllegalCommand("MM-OCC-5", f"no room for {x.name} on {tile}: the GM must place it",
                                 key="mm.explore.no_room", params={"mouse": x.id, "tile": tile})
        probe = probe.with_mouse(replace(probe.mouse(x.id), cell=cell))
        placed.append((x.id, cell))
    return via, tile, tuple(placed)


def check_explore(system: Table, state: MMState, cmd: Explore) -> None:
    explore_plan(system, state, cmd)


def resolve_explore(system: Table, state: MMState, cmd: Explore, dice: Dice, events: list[Event]) -> MMState:
    via, tile, placed = explore_plan(system, state, cmd)
    frm = state.tile
    events.append(Event.of("mm.explore", ["MM-EXP-1", "MM-EXP-2", "MM-EXP-3", "MM-EXP-6", "MM-TURN-2"],
                           cmd.mouse, via=via, frm=frm, to=tile))
    state = replace(state, tile=tile)
    for mouse_id, cell in placed:  # MM-EXP-4, MM-OCC-5
        state = state.with_mouse(replace(state.mouse(mouse_id), cell=cell))
    events.append(Event.of("mm.arrive", ["MM-EXP-4", "MM-OCC-5", "MM-GEO-12"], cmd.mouse, tile=tile,
                           placed=placed, motion=("arrive", placed)))
    if tile not in state.visited:
        arrive = state.chapter.arrival(tile)
        if arrive is not None:
            events.append(Event.of("mm.story", ["MM-END-1"], "", tile=tile,
                                   text_en=arrive.text.text("en"), text_ru=arrive.text.text("ru")))
            for new in arrive.spawns:  # MM-EXP-4: the chapter sets up the tile
                state = spawn(system, state, new.kind, new.count, dice, events, at=new.cell, insert=False)
            if arrive.turn_page:
                state = turn_page(state, ["MM-END-4"], "story", events)
                if state.result:
                    return state
        state = replace(state, visited=state.visited + (tile,))
    state = check_victory(state, events)
    if state.result:
        return state
    events.append(Event.of("mm.round_cut", ["MM-EXP-5"], cmd.mouse, wheel=state.wheel))
    return new_tile_round(system, state, dice, events)
