"""The One for All AI's ranking: a greedy score for each candidate command (``legal.py`` lists them).

Fight when it is worth it, close in on the enemy by the navigation field, bank a big pool.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from game.rules.one_for_all.commands import Act, Activate, AllocateHits, Duel, Move, Stop
from game.rules.one_for_all.navigation import plan_for
from game.rules.one_for_all.state import OFAState

if TYPE_CHECKING:
    from game.rules.one_for_all.game import OneForAll


def rank_command(system: OneForAll, state: OFAState, command: Any) -> float:
    """Higher is better: fight when it is worth it, close in on the enemy, bank a big pool."""
    if isinstance(command, AllocateHits):
        return float(max(command.shares))
    act = state.activation
    if isinstance(command, Activate):
        fig = state.figure(command.figure)
        if fig.markers.stunned or fig.markers.unarmed:
            return 6.0  # recover first
        steps = plan_for(system, state).distance(fig, fig.x, fig.y)
        return 1.0 if math.isinf(steps) else 5.0 - steps / 100.0
    pool = act.pool if act else 0
    if isinstance(command, Duel):
        fig, enemy = state.figure(command.figure), state.figure(command.defender)
        return 9.0 + (pool + fig.rating - enemy.rating) * 0.3
    if isinstance(command, Stop):
        if pool == 0:
            return 0.0  # stopping with an empty pool achieves nothing
        return 0.5 if act and act.contact else pool * 1.2
    if isinstance(command, Move):
        fig = state.figure(command.figure)
        plan = plan_for(system, state)
        result = plan.move(fig, command.angle)
        if command.length is None and result.kind == "figure" and result.id \
                and state.figure(result.id).side != fig.side:
            return 7.0  # straight into an enemy: a fight follows
        ex, ey = plan.end_of(fig, command)
        now, then = plan.distance(fig, fig.x, fig.y), plan.distance(fig, ex, ey)
        if math.isinf(now) or math.isinf(then):
            return 0.3 if math.isinf(now) else 0.1
        return 1.0 + 5.0 * (now - then) / max(now, 1.0) - pool * 0.3
    if isinstance(command, Act):
        if command.kind in ("recover", "retrieve_weapon"):
            return 7.5
        if command.kind in ("punch", "kick", "slap", "shove", "throw", "roll"):
            return 8.0 - pool * 0.8
        if command.kind == "insult":
            fig = state.figure(command.figure)
            stuck = math.isinf(plan_for(system, state).distance(fig, fig.x, fig.y))
            return (6.0 if stuck else 2.0) - pool * 0.8
        if command.kind in ("dodge", "improvise"):
            return 0.6 if act and act.contact and pool == 0 else 0.2
        return 1.5
    return 0.0
