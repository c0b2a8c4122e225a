"""Candidate commands: a finite, representative set of what a seat may say now, each passed
through the rules' own ``check`` (``MiceAndMystics.check``), so self-play never meets a listed
command the rules refuse.

Open choices are cut down to a representative set: single steps (``Move`` with a whole path is
accepted but not listed), single card swaps for Share and Equip, one cheese token at a time. The
GM's hooks (``WheelAdd``, ``TurnPage``, ``Grant``, ``Ruling``) are never listed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.engine import accepts
from game.rules.mice_and_mystics import cards, commands
from game.rules.mice_and_mystics.board import Table, near
from game.rules.mice_and_mystics.dice import MELEE, RANGED
from game.rules.mice_and_mystics.explore import explore_options
from game.rules.mice_and_mystics.items import slots_ok
from game.rules.mice_and_mystics.occupancy import figures
from game.rules.mice_and_mystics.paths import check_path
from game.rules.mice_and_mystics.state import MMState, Mouse, Phase
from game.rules.mice_and_mystics.turns import rescue_cells

if TYPE_CHECKING:
    from game.rules.mice_and_mystics.game import MiceAndMystics


def candidates(system: Table, state: MMState) -> list[Any]:
    """Every command worth trying now, legal or not (``legal_commands`` keeps the legal ones)."""
    if state.result:
        return []
    if state.pending:
        p = state.pending[0]
        if p.kind == "find":
            return [commands.KeepFound(p.mouse, True), commands.KeepFound(p.mouse, False)]
        exempt = state.cfg.pack_limit_exempt  # discarding those would not help (MM-EQUIP-3)
        return [commands.Discard(p.mouse, c) for c in state.mouse(p.mouse).pack
                if cards.item(c).get("type") not in exempt]
    if state.phase == Phase.GM:
        return [commands.GmTurn(state.acting)]
    if state.phase == Phase.CAPTURED:
        mid = state.acting
        if state.minions_on_board:
            return [commands.EndTurn(mid)]
        return [commands.Rescue(mid, c) for c in rescue_cells(system, state)]
    t = state.turn
    if t is None:
        return []
    m = state.mouse(t.mouse)
    g = system.graph(state)
    out: list[Any] = [commands.Step(m.id, c) for c in g.neighbours(m.cell)]
    out += [commands.EndMove(m.id), commands.StandUp(m.id), commands.Search(m.id),
            commands.DeclineAction(m.id), commands.EndTurn(m.id)]
    if _has_first_step(system, state, m):  # MM-SCURRY-3: not offered without a legal first step
        out.append(commands.Scurry(m.id))
    if state.cfg.recover_scope == "all":
        out.append(commands.Recover(m.id))
    else:
        out += [commands.Recover(m.id, "stunned"), commands.Recover(m.id, "webbed")]
    out += [commands.Explore(m.id, via) for via, _, _ in explore_options(system, state, m)]
    bonus = [a for a in m.abilities if cards.abilities()[a].get("effect") == "attack_bonus"]
    for w in m.equipped:
        kind = cards.item(w).get("attack")
        if not kind:
            continue
        modes = [MELEE, RANGED] if kind == "both" else [""]
        for n in state.minions_on_board:
            for mode in modes:
                for ab in ["", *bonus]:
                    out.append(commands.Attack(m.id, w, n.id, mode, ab))
    for o in state.active_mice:
        if o.id == m.id or not near(g, m.cell, o.cell):
            continue
        out += [commands.Share(m.id, o.id, give=(c,)) for c in m.cards if c not in m.starting]
        out += [commands.Share(m.id, o.id, take=(c,)) for c in o.cards if c not in o.starting]
        if m.cheese:
            out.append(commands.Share(m.id, o.id, give_cheese=1))
        if o.cheese:
            out.append(commands.Share(m.id, o.id, take_cheese=1))
    out += _equip_options(m)
    out += [commands.LevelUp(m.id, a) for a, ab in cards.abilities().items()
            if ab.get("class") == m.klass]
    usable = list(m.abilities) + [c for c in m.cards if "use" in cards.item(c)] + list(state.group_items)
    targets = [""] + [o.id for o in state.active_mice if o.id != m.id and near(g, m.cell, o.cell)]
    out += [commands.Use(m.id, w, tg) for w in usable for tg in targets]
    return out


def _has_first_step(system: Table, state: MMState, m: Mouse) -> bool:
    g = system.graph(state)
    occ = figures(state)
    return any(check_path(g, [m.cell, c], m.move + 1, occ, state.cfg.move_rules).legal
               for c in g.neighbours(m.cell))


def _equip_options(m: Mouse) -> list[commands.Equip]:
    out: list[commands.Equip] = []
    seen: set[frozenset[str]] = set()

    def add(cards_: tuple[str, ...]) -> None:
        key = frozenset(cards_)
        if key in seen or key == frozenset(m.equipped) or slots_ok(cards_):
            return
        seen.add(key)
        out.append(commands.Equip(m.id, cards_))

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
    """The candidates the rules accept now (``system.check``)."""
    return [cmd for cmd in candidates(system, state) if accepts(system, state, cmd)]
