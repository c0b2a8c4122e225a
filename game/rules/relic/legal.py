"""Candidate commands for the Relic AI, the screens and the tests: what a player could say at
the turn's step (every Move, Fight, Choose... it offers; a representative set for Prepare),
kept when the rules' own ``check`` accepts it. The rules are not restated here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.engine import accepts
from game.rules.relic import commands
from game.rules.relic.state import BattleStep, Item, Phase, RelicState

if TYPE_CHECKING:
    from game.rules.relic.game import Relic


def best_of(items: list[Item], kind: str) -> list[Item]:
    """The one best piece of wargear of ``kind`` (weapon or armour), if any."""
    pick = [i for i in items if i.kind == kind]
    return sorted(pick, key=lambda i: (-i.bonus, i.uid))[:1]


def prepare_options(st: RelicState) -> list[commands.Prepare]:
    """Nothing; the best weapon and armour; with each bonus card; with every bonus card."""
    b = st.battle
    assert b is not None
    hero = st.active_hero
    usable = [i for i in hero.items if i.applies(b.attribute)]
    gear = best_of(usable, "weapon")[: st.cfg.max_weapons] + best_of(usable, "armour")[: st.cfg.max_armour]
    items = tuple(i.uid for i in gear)
    cards = [c.uid for c in hero.hand if c.kind == "bonus" and c.attribute == b.attribute]
    out = [commands.Prepare(), commands.Prepare(items)]
    out += [commands.Prepare(items, (c,)) for c in cards]
    if len(cards) > 1:
        out.append(commands.Prepare(items, tuple(cards)))
    seen, unique = set(), []
    for p in out:
        if p not in seen:
            seen.add(p)
            unique.append(p)
    return unique


def _battle_candidates(system: Relic, st: RelicState) -> list[Any]:
    b = st.battle
    if b is None:
        return []
    if b.step == BattleStep.PREPARE:
        return list(prepare_options(st))
    if b.step == BattleStep.ENEMY_ROLL:
        return [commands.RollForEnemy()]
    if b.step == BattleStep.PLAYER_ROLL:
        return [commands.RollBattle()]
    changes = [commands.ChangeDie(source, i) for source, _ in system.change_sources(st)
               for i in range(len(b.player_chains))]
    return [commands.Score(), *changes]


def candidates(system: Relic, st: RelicState) -> list[Any]:
    """What a player could say at the turn's step, before the rules are asked."""
    if st.phase == Phase.OVER:
        return []
    if st.phase == Phase.CHOICE:
        choice = st.choice
        if choice is None:
            return []
        return [commands.Choose(o) for o in choice.options] + [commands.Choose("")]
    if st.phase == Phase.CONFRONTATION:
        return [commands.RollTest()]
    if st.phase == Phase.BATTLE:
        return _battle_candidates(system, st)
    if st.phase == Phase.MOVEMENT:
        return [commands.RollMove()] + [commands.Move(t) for t in system.step_targets(st)]
    if st.phase == Phase.MOVE_CHOICE:
        return [commands.Move(t) for t in st.move_options]
    if st.phase == Phase.ENGAGEMENT:
        space = st.active_hero.space
        return ([commands.Fight(e.uid) for e in st.enemies_on(space)]
                + [commands.Meet(c.uid) for c in st.strangers_on(space)] + [commands.EndTurn()])
    return []


def legal_commands(system: Relic, st: RelicState) -> list[Any]:
    """Every candidate the rules accept now (``Relic.check``)."""
    return [c for c in candidates(system, st) if accepts(system, st, c)]
