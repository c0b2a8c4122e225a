"""The Confrontation of a test scenario (REL-WIN-7, REL-EXT-3): roll the exploding dice and add
the scenario's attribute; reaching the target wins the game (REL-WIN-1), failing costs what the
scenario says and ends the turn. (A battle scenario's Confrontation is a battle: battle.py.)

Handler: ``check_roll_test`` / ``resolve_roll_test`` (RollTest).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.dice import Dice
from game.rules.engine import Event
from game.rules.relic import data
from game.rules.relic.commands import RollTest
from game.rules.relic.dice import roll_exploding, total
from game.rules.relic.effects import gain
from game.rules.relic.flow import phase_is, settle, win
from game.rules.relic.scoring import player_dice
from game.rules.relic.state import Phase, RelicState

if TYPE_CHECKING:
    from game.rules.relic.game import Relic


def check_roll_test(system: Relic, st: RelicState, cmd: RollTest) -> None:
    phase_is(st, (Phase.CONFRONTATION,), "REL-WIN-7", "the Confrontation test", "roll_test")


def resolve_roll_test(system: Relic, st: RelicState, cmd: RollTest, dice: Dice,
                      ev: list[Event]) -> RelicState:
    scen = data.scenarios()[st.scenario]
    hero = st.active_hero
    attr = scen["attribute"]
    cfg = st.cfg
    chains = roll_exploding(player_dice(hero, attr), dice, chain_explosions=cfg.chain_explosions,
                            max_explosions=cfg.max_explosions)
    score = total(chains) + hero.attribute(attr)
    ok = score >= int(scen["target"])
    ev.append(Event.of("rel.test", ["REL-EXT-3", "REL-WIN-7", "REL-DICE-1"], hero.player,
                       attribute=attr, chains=chains, roll=total(chains),
                       value=hero.attribute(attr), score=score, target=int(scen["target"]), ok=ok))
    if ok:
        return win(st, ev, hero.player)
    st = replace(st, phase=Phase.ENGAGEMENT)
    fail = scen.get("on_fail")
    if fail:
        st = gain(st, ev, hero.player, fail["what"], int(fail.get("n", 0)), dice, ["REL-WIN-7"])
    return settle(system, replace(st, blocked=True), ev, dice)
