"""Movement (spec section 8): roll and pick where the roll reaches on the Outer and Middle tiers
(REL-BOARD-3), cross a link between tiers instead (REL-BOARD-5), or step one space on the Inner
tier (REL-BOARD-4), which only a player holding a relic may enter (REL-WIN-3). Arriving reads
the space (exploration.py), or begins the Confrontation on the scenario space (REL-WIN-5).

Handlers: ``check_roll_move`` / ``resolve_roll_move`` (RollMove), ``check_move`` /
``resolve_move`` (Move).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.dice import Dice
from game.rules.engine import Event, IllegalCommand
from game.rules.relic.commands import Move, RollMove
from game.rules.relic.effects import check_mission
from game.rules.relic.exploration import explore
from game.rules.relic.flow import begin_confrontation, phase_is, settle
from game.rules.relic.state import Phase, RelicState

if TYPE_CHECKING:
    from game.rules.relic.game import Relic


def step_targets(system: Relic, st: RelicState) -> tuple[str, ...]:
    """Spaces the active player may Move to without rolling: crossings (REL-BOARD-5) and,
    on the Inner tier, the next spaces (REL-BOARD-4). Relic conditions not applied."""
    board = system.board(st)
    hero = st.active_hero
    out = {to for to, _ in board.links(hero.space)}
    if board.tier(hero.space) == "inner":
        out |= set(board.inner_steps(hero.space, st.cfg.inner_step))
    return tuple(sorted(out))


# --------------------------------------------------------------------------- RollMove

def check_roll_move(system: Relic, st: RelicState, cmd: RollMove) -> None:
    phase_is(st, (Phase.MOVEMENT,), "REL-BOARD-3", "rolling to move", "roll_move")
    if system.board(st).tier(st.active_hero.space) not in ("outer", "middle"):
        raise IllegalCommand("REL-BOARD-4", "on the Inner tier a piece steps one space: Move there",
                             key="relic.roll_move.inner_tier")


def resolve_roll_move(system: Relic, st: RelicState, cmd: RollMove, dice: Dice,
                      ev: list[Event]) -> RelicState:
    board = system.board(st)
    hero = st.active_hero
    faces = dice.roll(2 if hero.double_roll else 1)
    options = sorted({board.walk(hero.space, f, d, board.stops) for f in faces for d in (1, -1)}
                     - {hero.space}) or [hero.space]
    st = st.with_hero(replace(hero, double_roll=False))
    ev.append(Event.of("rel.move_roll", ["REL-BOARD-3"], hero.player, faces=faces,
                       options=tuple(options)))
    return replace(st, phase=Phase.MOVE_CHOICE, move_roll=faces, move_options=tuple(options))


# --------------------------------------------------------------------------- Move

def check_move(system: Relic, st: RelicState, cmd: Move) -> None:
    phase_is(st, (Phase.MOVEMENT, Phase.MOVE_CHOICE), "REL-BOARD-3", "moving", "move")
    board = system.board(st)
    hero = st.active_hero
    if cmd.to not in board.spaces:
        raise IllegalCommand("REL-BOARD-2", f"there is no space {cmd.to!r}",
                             key="relic.move.no_such_space", params={"space": cmd.to})
    if board.is_inner(cmd.to) and not hero.relic:
        raise IllegalCommand("REL-WIN-3", "only a player holding a relic may enter the Inner tier",
                             key="relic.move.inner_needs_relic", params={"space": cmd.to})
    if st.phase == Phase.MOVE_CHOICE:
        if cmd.to not in st.move_options:
            raise IllegalCommand("REL-BOARD-3", f"the roll {st.move_roll} reaches "
                                 f"{', '.join(st.move_options)}, not {cmd.to}",
                                 key="relic.move.not_reached",
                                 params={"roll": st.move_roll, "options": st.move_options,
                                         "space": cmd.to})
    elif cmd.to not in step_targets(system, st):
        rule = "REL-BOARD-4" if board.tier(hero.space) == "inner" else "REL-BOARD-5"
        raise IllegalCommand(rule, f"{cmd.to} is not linked to {hero.space}: roll to move",
                             key="relic.move.not_linked", params={"space": cmd.to, "frm": hero.space})


def resolve_move(system: Relic, st: RelicState, cmd: Move, dice: Dice, ev: list[Event]) -> RelicState:
    board = system.board(st)
    hero = st.active_hero
    if st.phase == Phase.MOVE_CHOICE:
        how, rules = "roll", ["REL-BOARD-3"]
    else:
        inner = board.tier(hero.space) == "inner"
        how, rules = ("step", ["REL-BOARD-4"]) if inner else ("cross", ["REL-BOARD-5"])
        if board.is_inner(cmd.to):
            rules.append("REL-WIN-3")
    ev.append(Event.of("rel.move", rules, hero.player, motion=("move", hero.player, hero.space, cmd.to),
                       frm=hero.space, to=cmd.to, how=how))
    return arrive(system, st, ev, cmd.to, dice)


def arrive(system: Relic, st: RelicState, ev: list[Event], cell: str, dice: Dice) -> RelicState:
    """The end of a move: missions to visit, then the Confrontation or the space's effects."""
    hero = st.active_hero
    st = st.with_hero(replace(hero, space=cell))
    st = check_mission(system, st, ev, hero.player, "arrive", dice)
    if cell == system.board(st).centre:
        return begin_confrontation(st, ev, arrived=True)  # REL-WIN-5
    st = explore(system, st, ev, cell, dice, 0)
    return settle(system, st, ev, dice)
