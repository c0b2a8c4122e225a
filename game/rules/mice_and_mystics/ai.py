"""A greedy ranking for the mice's AI (the candidates are ``legal.py``'s).

The greedy mice: settle pending choices; level up and equip better cards; heal the hurt; attack
when a minion is in reach (the best expected wounds); otherwise walk towards the minions on the
tile (melee mice to a cell in reach, ranged mice until they see one), or, with no minion on the
tile, towards a cell from which to explore on towards where the chapter is won (its victory
tile, or the tiles that still hold minions, along the shortest way through the map's tiles);
search each tile once; explore that way, never back; Scurry when still far; end the turn.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.rules.mice_and_mystics import cards, commands
from game.rules.mice_and_mystics.attack import attack_dice, attack_mode
from game.rules.mice_and_mystics.board import Table
from game.rules.mice_and_mystics.combat import mouse_defence
from game.rules.mice_and_mystics.dice import MELEE
from game.rules.mice_and_mystics.explore import explore_options
from game.rules.mice_and_mystics.free_actions import use_plan
from game.rules.mice_and_mystics.items import card_value
from game.rules.mice_and_mystics.state import ActionState, MMState, Mouse

FAR = 99


def power(m: Mouse, equipped: tuple[str, ...]) -> float:
    """How strong a mouse is with ``equipped``: its best attack dice and its added defence."""
    probe = replace(m, equipped=equipped)
    melee = [attack_dice(probe, w) for w in equipped
             if cards.item(w).get("attack") in ("melee", "both")]
    ranged = [attack_dice(probe, w) for w in equipped
              if cards.item(w).get("attack") in ("ranged", "both")]
    best = max(melee, default=0) * 0.5 + max(ranged, default=0) * 0.4
    return best + 0.6 * (mouse_defence(probe) - m.defence)


def _melee_mouse(m: Mouse) -> bool:
    return any(cards.item(w).get("attack") in ("melee", "both") for w in m.equipped)


def goal_cells(system: Table, state: MMState) -> tuple[str, ...]:
    """Where the mice want to go: minions on the tile, else cells to explore on from."""
    if state.minions_on_board:
        return tuple(n.cell for n in state.minions_on_board)
    g = system.graph(state)
    ways: dict[str, set[str]] = {}
    for c in g.cells_on_tile(state.tile):
        probe = Mouse("probe", "", "", "", "", 0, 0, 0, 1, cell=c)
        ways[c] = {tile for _, tile, _ in explore_options(system, state, probe)}
    wanted = next_tiles(system, state, set().union(*ways.values()))
    return tuple(c for c, tiles in ways.items() if tiles & wanted)


def next_tiles(system: Table, state: MMState, near: set[str]) -> set[str]:
    """Of the tiles ``near`` the party's, those on a shortest way to where the chapter is won
    (MM-END-1: its victory tile, or the tiles that still hold minions), none when none is
    nearer to it than the party's; with no way there, the tiles not visited yet, else all."""
    victory = state.chapter.victory
    goals = {victory.tile} if victory.type == "clear_tile" else {n.tile for n in state.minions}
    goals.discard(state.tile)
    if goals:
        links: dict[str, set[str]] = {}
        g = system.graph(state)
        for x in g.exits:
            if x.tile and x.target_tile:
                links.setdefault(x.tile, set()).add(x.target_tile)
        for info in g.cells:
            target = info.turn_target or state.chapter.turn_target(info.key)
            if info.turning and target in g:
                links.setdefault(info.tile, set()).add(g.cell(target).tile)
        far = dict.fromkeys(goals, 0)  # hops from each tile to a goal, walking the links backwards
        todo = sorted(goals)
        while todo:
            tile = todo.pop(0)
            for src, dsts in sorted(links.items()):
                if tile in dsts and src not in far:
                    far[src] = far[tile] + 1
                    todo.append(src)
        if state.tile in far:  # only the ways that bring the party nearer
            best = min((far[t] for t in near if t in far), default=FAR)
            return {t for t in near if far.get(t) == best < far[state.tile]}
    fresh = {t for t in near if t not in state.visited}
    return fresh or set(near)


def distance(system: Table, state: MMState, m: Mouse, cell: str) -> int:
    """How far ``m`` standing on ``cell`` is from what it wants (0 = there)."""
    g = system.graph(state)
    goals = goal_cells(system, state)
    if not goals:
        return 0
    hops = g.hops(cell)
    d = min((hops.get(x, FAR) for x in goals), default=FAR)
    if state.minions_on_board:
        if _melee_mouse(m):
            return max(d - 1, 0)
        seen = set(g.visible_from(cell))
        return 0 if any(n.cell in seen for n in state.minions_on_board) else d
    return d


def rank_command(system: Table, state: MMState, cmd: Any) -> float:
    """How much the greedy mice (and the GM seat) like ``cmd`` now: higher is better."""
    if isinstance(cmd, commands.GmTurn):
        return 100.0
    if isinstance(cmd, commands.KeepFound):
        return 2.0 if cmd.keep else 1.0
    if isinstance(cmd, commands.Discard):
        return -card_value(cmd.card)
    if isinstance(cmd, commands.Rescue):
        return 1.0
    if isinstance(cmd, commands.EndTurn):
        return 0.0
    if isinstance(cmd, commands.DeclineAction):
        return -1.0
    m = state.mouse(cmd.mouse)
    t = state.turn
    if isinstance(cmd, commands.LevelUp):
        return 50.0
    if isinstance(cmd, commands.Equip):
        gain = power(m, cmd.equipped) - power(m, m.equipped)
        return 40.0 + 5 * gain if gain > 0.05 else -10.0
    if isinstance(cmd, commands.Use):
        source, effect, target = use_plan(system, state, cmd)
        kind = effect.get("effect")
        if kind in ("heal", "cure"):
            return 30.0 + 3 * target.wounds
        if kind == "cheese":
            return 15.0
        return 3.0
    if isinstance(cmd, commands.Share):
        o = state.mouse(cmd.other)
        if cmd.give_cheese and o.cheese + 1 >= 6 > o.cheese and m.cheese < 6:
            return 45.0
        return -5.0
    if isinstance(cmd, commands.Attack):
        minion = state.minion(cmd.target)
        stats = cards.minion_stats(minion.kind, state.page)
        mode = attack_mode(cmd.weapon, cmd.mode)
        bonus = int(cards.abilities()[cmd.ability]["amount"]) if cmd.ability else 0
        n = attack_dice(m, cmd.weapon, bonus)
        p = 0.5 if mode == MELEE else 1 / 3
        exp = max(0.0, n * p - stats["defence"] / 3)
        left = stats["life"] - minion.wounds
        return 60.0 + 10 * exp + (5.0 if exp >= left else 0.0)
    if isinstance(cmd, commands.Recover):
        return 70.0
    if isinstance(cmd, commands.StandUp):
        return 25.0
    if isinstance(cmd, commands.Explore):
        ways = {via: tile for via, tile, _ in explore_options(system, state, state.mouse(cmd.mouse))}
        tile = ways.get(cmd.via) if cmd.via else next(iter(ways.values()), None)
        if tile not in next_tiles(system, state, set(ways.values())):
            return -5.0  # away from the chapter's goal: the way back is no progress
        searched = all(state.tile in x.searched for x in state.active_mice)
        return 45.0 if searched or state.round >= 3 or state.wheel >= 4 else 15.0
    if isinstance(cmd, commands.Search):
        return 20.0 if not state.minions_on_board else 5.0
    if isinstance(cmd, commands.Step | commands.Move):
        dest = cmd.cell if isinstance(cmd, commands.Step) else cmd.path[-1]
        before = distance(system, state, m, m.cell)
        after = distance(system, state, m, dest)
        if after < before:
            return 30.0 + 10 * (before - after)
        return -20.0
    if isinstance(cmd, commands.Scurry):
        return 12.0 if distance(system, state, m, m.cell) > 0 else -2.0
    if isinstance(cmd, commands.EndMove):
        return 2.0 if t is not None and t.action_state == ActionState.UNUSED else 0.5
    return 0.0
