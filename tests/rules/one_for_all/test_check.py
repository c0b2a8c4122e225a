"""``check`` (issue 15): legality without dice. It refuses exactly what ``apply`` refuses, with the
same rule ID and a message key, never changes anything, and no refusal waits for the dice."""

from __future__ import annotations

import ast
import math
import random
from dataclasses import replace
from pathlib import Path

import pytest

from game.core.dice import ScriptedDice, SeededDice
from game.rules.engine import IllegalCommand, Match, Setup
from game.rules.one_for_all import explain
from game.rules.one_for_all.commands import ACTION_KINDS, Act, Activate, AllocateHits, Duel, Move, Stop
from game.rules.one_for_all.game import OneForAll
from game.rules.one_for_all.space import touching
from game.rules.one_for_all.state import EndReason, OFAState
from tests.rules.one_for_all.scene import Piece, start, write_scene

M, C = "musketeers", "cardinal"
SYSTEM = OneForAll()
PACKAGE = Path(__file__).resolve().parents[3] / "game" / "rules" / "one_for_all"


def _verdict(state: OFAState, command: object) -> str | None:
    try:
        SYSTEM.check(state, command)
    except IllegalCommand as exc:
        assert exc.key.startswith(("ofa.", "engine.")), (command, exc.key)
        return exc.rule_id
    return None


def _applied(state: OFAState, command: object, seed: int) -> str | None:
    try:
        SYSTEM.apply(state, command, SeededDice(seed))
    except IllegalCommand as exc:
        return exc.rule_id
    return None


def _tries(state: OFAState, rng: random.Random) -> list[object]:
    """Commands of every type, most of them wrong in some way."""
    figures = [f.id for f in state.figures] + ["nobody"]
    act = state.activation
    me = act.figure if act else rng.choice(figures)
    objects = [s.id for s in SYSTEM.index(state).solids] + figures + [""]
    if act is not None:
        objects += list(touching(SYSTEM.index(state), state, state.figure(me))) * 5
    out: list[object] = []
    for _ in range(40):
        targets = rng.choice([(), (rng.choice(figures),), (rng.choice(figures), rng.choice(figures))])
        angle = rng.choice([None, 0.0, 90.0, rng.uniform(0, 360), math.nan])
        out.append(Act(me, rng.choice((*ACTION_KINDS, "juggle")), rng.choice(objects), targets, angle))
    for _ in range(5):
        out.append(Move(rng.choice([me, rng.choice(figures)]), rng.choice([0.0, rng.uniform(0, 360), math.nan]),
                        rng.choice([None, 20.0, -1.0, 0.0, math.inf])))
    for f in figures:
        out += [Duel(me, f), Activate(f), Stop(f)]
    out += [AllocateHits((1,)), AllocateHits((0, 2)), AllocateHits((-1, 2)), "not a command"]
    return out


@pytest.mark.parametrize("seed", [3, 4])
def test_OFA_SM_2_check_and_apply_refuse_the_same_commands_with_the_same_rule(seed: int) -> None:
    rng = random.Random(seed)
    match = Match(SYSTEM, Setup("one_for_all", "", seed, {"extended_turn": seed % 2 == 0}))
    tried = refused = 0
    for step in range(60):
        if match.outcome() is not None:
            break
        state = match.state
        legal = list(SYSTEM.legal_commands(state))
        if step % 4 == 0:
            before = repr(state)
            for i, command in enumerate(legal + _tries(state, rng)):
                checked = _verdict(state, command)
                applied = _applied(state, command, step * 1000 + i)
                assert checked == applied, (command, checked, applied)
                if applied is not None:  # a refusal never depends on the dice
                    assert _applied(state, command, step * 1000 + i + 7) == applied
                    refused += 1
                tried += 1
            assert repr(state) == before
        assert all(_verdict(state, c) is None for c in legal)
        ranked = max(legal, key=lambda c: SYSTEM.rank_command(state, c))
        match.submit(ranked if rng.random() < 0.7 else rng.choice(legal))
    assert tried > 500 and refused > 300


def test_OFA_SM_2_unknown_commands_and_the_end_of_the_game(tmp_path: Path) -> None:
    path = write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("Guard", C, "guard", 225, 300)])
    m = start(path, [])
    with pytest.raises(IllegalCommand) as info:
        SYSTEM.check(m.state, "Move(athos, 0)")
    assert info.value.rule_id == "OFA-SM.2" and info.value.key == "engine.unknown_command"
    with pytest.raises(IllegalCommand) as info:
        SYSTEM.check(m.state, Activate("guard"))
    assert info.value.rule_id == "OFA-6.2" and info.value.params == {"figure": "guard", "side": C}
    over = replace(m.state, winner=M)
    with pytest.raises(IllegalCommand) as info:
        SYSTEM.check(over, "anything")
    assert info.value.rule_id == "OFA-1.3" and info.value.key == "ofa.game_over"


def _doubtful_throw(tmp_path: Path, faces: list[int]) -> Match:
    """TV-E12: Porthos throws a plate at the Guard past Aramis, whose base is in doubt (a
    roll-off); Rochefort stands beside the Guard, Athos far off."""
    figs = [("Porthos", M, "porthos", 100, 300), ("Guard", C, "guard", 300, 300),
            ("Aramis", M, "aramis", 200, 314), ("Rochefort", C, "rochefort", 300, 326),
            ("Athos", M, "athos", 500, 500)]
    plate = [Piece(1, 105, 305, 10, 10, 2, kind="plate", flags={"liftable": True, "blocks_sight": False})]
    m = start(write_scene(tmp_path, figs, plate), faces)
    m.submit(Activate("porthos"))
    return m


def test_OFA_MG_5_a_doubtful_line_is_allowed_before_its_roll_off(tmp_path: Path) -> None:
    """The roll-off comes with the resolution: ``check`` accepts the throw without any dice."""
    m = _doubtful_throw(tmp_path, [2, 5, 4, 4, 4])
    throw = Act("porthos", "throw", "1", ("guard", "rochefort"))
    SYSTEM.check(m.state, throw)
    assert Act("porthos", "throw", "1", ("guard",)) in SYSTEM.legal_commands(m.state)
    events = m.submit(throw)
    roll = next(e for e in events if e.kind == "ofa.rolloff")
    action = next(e for e in events if e.kind == "ofa.action")
    assert roll["clear"] is False and action["clear"] is False
    assert [e.kind for e in events].index("ofa.rolloff") == 1 and "ofa.attack" not in [e.kind for e in events]


@pytest.mark.parametrize("faces", [[2, 5], [5, 2]], ids=["roll-off lost", "roll-off won"])
def test_OFA_MG_6_a_throw_at_a_friend_beyond_the_target_is_refused_whatever_the_roll_off(
        tmp_path: Path, faces: list[int]) -> None:
    """The further targets are checked before the roll-off: a refusal never waits for the dice
    (before issue 15, a lost roll-off let this throw through)."""
    m = _doubtful_throw(tmp_path, faces + [4, 4, 4])
    with pytest.raises(IllegalCommand) as info:
        m.submit(Act("porthos", "throw", "1", ("guard", "aramis")))
    assert info.value.rule_id == "OFA-MG.6" and info.value.key == "ofa.target.friend"
    with pytest.raises(IllegalCommand) as info:
        m.submit(Act("porthos", "throw", "1", ("guard", "guard")))
    assert info.value.rule_id == "OFA-MG.6" and info.value.key == "ofa.act.targets_apart"


def test_OFA_1_3_the_outcome_names_why_the_game_ended(tmp_path: Path) -> None:
    path = write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("Guard", C, "guard", 225, 300)])
    m = Match(SYSTEM, Setup("one_for_all", str(path), 1), dice=ScriptedDice([6, 1]))
    guard = m.state.figure("guard")
    won = replace(m.state.with_figure(replace(guard, markers=replace(guard.markers, wounds=3))), winner=M)
    outcome = SYSTEM.outcome(won)
    assert outcome is not None and outcome.winners == (M,)
    assert outcome.reason == EndReason.ALL_UNCONSCIOUS == "all_unconscious"
    assert repr(outcome.reason) == "'all_unconscious'"
    assert explain.end_reason(outcome.reason) == "every figure of the other side is unconscious (OFA-1.3)"


def test_the_package_has_one_shape() -> None:
    """Candidates in legal.py, ranking in ai.py, handlers by topic: no module imports game.py at
    run time but the ones above it, none imports inside a function, none passes 700 lines."""
    for path in sorted(PACKAGE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert len(text.splitlines()) <= 700, path.name
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert not any(isinstance(n, ast.Import | ast.ImportFrom) for n in ast.walk(node)), \
                    f"{path.name}: an import inside {node.name}()"
        for node in tree.body:  # module level, outside ``if TYPE_CHECKING:``
            if isinstance(node, ast.ImportFrom) and node.module:
                assert node.module != "game.rules.one_for_all.game", f"{path.name} imports game.py"
