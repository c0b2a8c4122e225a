"""Legal commands (a finite, representative set) and a greedy ranking for the mice's AI.

Every command listed has passed the checks ``apply`` makes (``MiceAndMystics.check``), so
self-play never meets a listed command the rules refuse. Open choices are cut down to a
representative set: single steps (``Move`` with a whole path is accepted but not listed), single
card swaps for Share and Equip, one cheese token at a time.

The greedy mice: settle pending choices; level up and equip better cards; heal the hurt; attack
when a minion is in reach (the best expected wounds); otherwise walk towards the minions on the
tile (melee mice to a cell in reach, ranged mice until they see one), or, with no minion on the
tile, towards a cell from which to explore on towards the chapter's goal; search each tile once;
explore; Scurry when still far; end the turn.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.rules.engine import IllegalCommand
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics.commands import (
    Attack,
    DeclineAction,
    Discard,
    EndMove,
    EndTurn,
    Equip,
    Explore,
    GmTurn,
    KeepFound,
    LevelUp,
    Move,
    Recover,
    Rescue,
    Scurry,
    Search,
    Share,
    StandUp,
    Step,
    Use,
)
from game.rules.mice_and_mystics.dice import MELEE, RANGED
from game.rules.mice_and_mystics.state import MMState, Mouse

if TYPE_CHECKING:
    from game.rules.mice_and_mystics.game import MiceAndMystics

FAR = 99


def _candidates(system: MiceAndMystics, state: MMState) -> list[Any]:
    if state.result:
        return []
    if state.pending:
        p = state.pending[0]
        if p.kind == "find":
            return [KeepFound(p.mouse, True), KeepFound(p.mouse, False)]
        exempt = state.cfg.pack_limit_exempt  # discarding those would not help (MM-EQUIP-3)
        return [Discard(p.mouse, c) for c in state.mouse(p.mouse).pack
                if cards.item(c).get("type") not in exempt]
    if state.phase == "gm":
        return [GmTurn(state.acting)]
    if state.phase == "captured":
        mid = state.acting
        if state.minions_on_board:
            return [EndTurn(mid)]
        return [Rescue(mid, c) for c in system.rescue_cells(state)]
    t = state.turn
    if t is None:
        return []
    m = state.mouse(t.mouse)
    g = system.graph(state)
    out: list[Any] = [Step(m.id, c) for c in g.neighbours(m.cell)]
    out += [EndMove(m.id), StandUp(m.id), Search(m.id), DeclineAction(m.id), EndTurn(m.id)]
    if _has_first_step(system, state, m):  # MM-SCURRY-3: not offered without a legal first step
        out.append(Scurry(m.id))
    out += [Recover(m.id)] if state.cfg.recover_scope == "all" else [Recover(m.id, "stunned"), Recover(m.id, "webbed")]
    out += [Explore(m.id, via) for via, _, _ in system.explore_options(state, m)]
    bonus = [a for a in m.abilities if cards.abilities()[a].get("effect") == "attack_bonus"]
    for w in m.equipped:
        kind = cards.item(w).get("attack")
        if not kind:
            continue
        modes = [MELEE, RANGED] if kind == "both" else [""]
        for n in state.minions_on_board:
            for mode in modes:
                for ab in ["", *bonus]:
                    out.append(Attack(m.id, w, n.id, mode, ab))
    for o in state.active_mice:
        if o.id == m.id or not system.near(state, m.cell, o.cell):
            continue
        out += [Share(m.id, o.id, give=(c,)) for c in m.cards if c not in m.starting]
        out += [Share(m.id, o.id, take=(c,)) for c in o.cards if c not in o.starting]
        if m.cheese:
            out.append(Share(m.id, o.id, give_cheese=1))
        if o.cheese:
            out.append(Share(m.id, o.id, take_cheese=1))
    out += _equip_options(system, m)
    out += [LevelUp(m.id, a) for a, ab in cards.abilities().items() if ab.get("class") == m.klass]
    usable = [a for a in m.abilities] + [c for c in m.cards if "use" in cards.item(c)] + list(state.group_items)
    targets = [""] + [o.id for o in state.active_mice if o.id != m.id and system.near(state, m.cell, o.cell)]
    out += [Use(m.id, w, tg) for w in usable for tg in targets]
    return out


def _has_first_step(system: MiceAndMystics, state: MMState, m: Mouse) -> bool:
    g = system.graph(state)
    occ = system.occupancy(state)
    return any(g.check_path([m.cell, c], m.move + 1, occ, state.cfg.move_rules).legal
               for c in g.neighbours(m.cell))


def _equip_options(system: MiceAndMystics, m: Mouse) -> list[Equip]:
    out: list[Equip] = []
    seen: set[frozenset[str]] = set()

    def add(cards_: tuple[str, ...]) -> None:
        key = frozenset(cards_)
        if key in seen or key == frozenset(m.equipped) or system.slots_ok(cards_):
            return
        seen.add(key)
        out.append(Equip(m.id, cards_))

    for c in m.pack:
        add(m.equipped + (c,))
        for drop in m.equipped:
            rest = tuple(x for x in m.equipped if x != drop)
            add(rest + (c,))
            for drop2 in rest:
                add(tuple(x for x in rest if x != drop2) + (c,))
    for drop in m.equipped:
        add(tuple(x for x in m.equipped if x != drop))
    return out


def legal_commands(system: MiceAndMystics, state: MMState) -> list[Any]:
    out = []
    for cmd in _candidates(system, state):
        try:
            system.check(state, cmd)
        except IllegalCommand:
            continue
        out.append(cmd)
    return out


# --------------------------------------------------------------------------- ranking


def card_value(card: str) -> float:
    c = cards.item(card)
    if c.get("type") == "weapon":
        return 3.0 * (1 + int(c.get("bonus", 0)))
    return 2.0 * int(c.get("defence", 0)) + 2.0 * int(c.get("battle", 0)) + (1.5 if "use" in c else 0.5)


def power(system: MiceAndMystics, m: Mouse, equipped: tuple[str, ...]) -> float:
    probe = replace(m, equipped=equipped)
    melee = [system.attack_dice(probe, w) for w in equipped
             if cards.item(w).get("attack") in ("melee", "both")]
    ranged = [system.attack_dice(probe, w) for w in equipped
              if cards.item(w).get("attack") in ("ranged", "both")]
    best = max(melee, default=0) * 0.5 + max(ranged, default=0) * 0.4
    return best + 0.6 * (system.mouse_defence(probe) - m.defence)


def _melee_mouse(m: Mouse) -> bool:
    return any(cards.item(w).get("attack") in ("melee", "both") for w in m.equipped)


def goal_cells(system: MiceAndMystics, state: MMState) -> tuple[str, ...]:
    """Where the mice want to go: minions on the tile, else cells to explore on from."""
    if state.minions_on_board:
        return tuple(n.cell for n in state.minions_on_board)
    victory = cards.chapter(state.chapter).get("victory", {})
    g = system.graph(state)
    want = victory.get("tile", "")
    out = []
    for c in g.cells_on_tile(state.tile):
        probe = Mouse("probe", "", "", "", "", 0, 0, 0, 1, cell=c)
        for _, tile, _ in system.explore_options(state, probe):
            if not want or tile == want or want == state.tile:
                out.append(c)
    return tuple(dict.fromkeys(out))


def distance(system: MiceAndMystics, state: MMState, m: Mouse, cell: str) -> int:
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


def rank_command(system: MiceAndMystics, state: MMState, cmd: Any) -> float:
    if isinstance(cmd, GmTurn):
        return 100.0
    if isinstance(cmd, KeepFound):
        return 2.0 if cmd.keep else 1.0
    if isinstance(cmd, Discard):
        return -card_value(cmd.card)
    if isinstance(cmd, Rescue):
        return 1.0
    if isinstance(cmd, EndTurn):
        return 0.0
    if isinstance(cmd, DeclineAction):
        return -1.0
    m = state.mouse(cmd.mouse)
    t = state.turn
    if isinstance(cmd, LevelUp):
        return 50.0
    if isinstance(cmd, Equip):
        gain = power(system, m, cmd.equipped) - power(system, m, m.equipped)
        return 40.0 + 5 * gain if gain > 0.05 else -10.0
    if isinstance(cmd, Use):
        source, effect, target = system._check_use(state, cmd)
        kind = effect.get("effect")
        if kind in ("heal", "cure"):
            return 30.0 + 3 * target.wounds
        if kind == "cheese":
            return 15.0
        return 3.0
    if isinstance(cmd, Share):
        o = state.mouse(cmd.other)
        if cmd.give_cheese and o.cheese + 1 >= 6 > o.cheese and m.cheese < 6:
            return 45.0
        return -5.0
    if isinstance(cmd, Attack):
        minion = state.minion(cmd.target)
        stats = cards.minion_stats(minion.kind, state.page)
        mode = system.attack_mode(cmd.weapon, cmd.mode)
        bonus = int(cards.abilities()[cmd.ability]["amount"]) if cmd.ability else 0
        n = system.attack_dice(m, cmd.weapon, bonus)
        p = 0.5 if mode == MELEE else 1 / 3
        exp = max(0.0, n * p - stats["defence"] / 3)
        left = stats["life"] - minion.wounds
        return 60.0 + 10 * exp + (5.0 if exp >= left else 0.0)
    if isinstance(cmd, Recover):
        return 70.0
    if isinstance(cmd, StandUp):
        return 25.0
    if isinstance(cmd, Explore):
        searched = all(state.tile in x.searched for x in state.active_mice)
        return 45.0 if searched or state.round >= 3 or state.wheel >= 4 else 15.0
    if isinstance(cmd, Search):
        return 20.0 if not state.minions_on_board else 5.0
    if isinstance(cmd, Step | Move):
        dest = cmd.cell if isinstance(cmd, Step) else cmd.path[-1]
        before = distance(system, state, m, m.cell)
        after = distance(system, state, m, dest)
        if after < before:
            return 30.0 + 10 * (before - after)
        return -20.0
    if isinstance(cmd, Scurry):
        return 12.0 if distance(system, state, m, m.cell) > 0 else -2.0
    if isinstance(cmd, EndMove):
        return 2.0 if t is not None and t.action_state == "unused" else 0.5
    return 0.0
