"""The rule system's shape (issue 15): one dispatch table whose checks refuse without dice and
name a message key; endings and phases as enums that keep a state's fingerprint; imports that
point down only; the geometry free of the game's rules."""

from __future__ import annotations

import ast
import random
from dataclasses import replace
from pathlib import Path

import pytest

from game.core.dice import ScriptedDice, SeededDice
from game.geometry import cells
from game.rules.engine import IllegalCommand, Outcome
from game.rules.mice_and_mystics import legal
from game.rules.mice_and_mystics.combat import capture
from game.rules.mice_and_mystics.commands import ALL, Explore, Step, TurnPage, WheelAdd
from game.rules.mice_and_mystics.game import DISPATCH
from game.rules.mice_and_mystics.state import END_TEXTS, MICE, MINIONS, ActionState, EndReason, MoveState, Phase, Turn
from tests.rules.mice_and_mystics.scene import SYSTEM, C, K, fresh, scene

PACKAGE = Path(__file__).resolve().parents[3] / "game" / "rules" / "mice_and_mystics"


# --------------------------------------------------------------------------- check, then resolve


def test_every_command_type_has_one_handler():
    assert set(DISPATCH.table) == set(ALL)


def _tried(state, rng):
    g = SYSTEM.graph(state)
    out = list(legal.candidates(SYSTEM, state))
    out += [Step(m.id, rng.choice(g.keys)) for m in state.mice]
    out += [Explore(m.id, rng.choice(["", "turning", "nowhere"])) for m in state.mice]
    out += [WheelAdd(0), WheelAdd(13), "not a command"]
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_a_refusal_comes_before_any_dice_and_names_a_message_key(seed):
    """``check`` takes no dice; ``apply`` refuses the same command with the same rule before it
    rolls anything (its dice here have no face to give)."""
    rng = random.Random(seed)
    state = fresh(seed=seed)
    dice = SeededDice(seed)
    refusals = 0
    for _ in range(60):
        if state.result:
            break
        for cmd in _tried(state, rng):
            try:
                SYSTEM.check(state, cmd)
            except IllegalCommand as exc:
                refusals += 1
                assert exc.key.startswith(("mm.", "engine.")), exc
                with pytest.raises(IllegalCommand) as err:
                    SYSTEM.apply(state, cmd, ScriptedDice([]))
                assert (err.value.rule_id, err.value.reason) == (exc.rule_id, exc.reason)
        choices = SYSTEM.legal_commands(state)
        state = SYSTEM.apply(state, max(choices, key=lambda c: SYSTEM.rank_command(state, c)), dice).state
    assert refusals > 100


def test_MM_OCC_5_explore_with_no_room_on_the_next_tile_is_refused_by_check():
    """Every cellar cell holds a large minion: the party cannot be placed (MM-EXP-4, MM-OCC-5).
    The check says so, before the resolution rolls for the new tile's round."""
    crowd = tuple((f"brute_{i}", "rat!large", C(i)) for i in range(1, 11))
    state = scene({"tilly": K(3)}, crowd, tile="kitchen", order=("tilly",))
    with pytest.raises(IllegalCommand) as err:
        SYSTEM.check(state, Explore("tilly", "kitchen-east"))
    assert err.value.rule_id == "MM-OCC-5" and err.value.key == "mm.explore.no_room"
    with pytest.raises(IllegalCommand) as applied:
        SYSTEM.apply(state, Explore("tilly", "kitchen-east"), ScriptedDice([]))
    assert applied.value.rule_id == "MM-OCC-5"
    assert Explore("tilly", "kitchen-east") not in SYSTEM.legal_commands(state)


def test_MM_END_8_nothing_is_allowed_once_the_chapter_is_over():
    over = replace(fresh(), result="lost", reason=END_TEXTS[EndReason.PAGES_RAN_OUT], phase=Phase.OVER)
    with pytest.raises(IllegalCommand) as err:
        SYSTEM.check(over, TurnPage())
    assert err.value.rule_id == "MM-END-8" and err.value.key == "mm.end.chapter_over"
    assert SYSTEM.legal_commands(over) == []


# --------------------------------------------------------------------------- endings and phases


def test_MM_END_2_outcome_victory():
    won = replace(fresh(), result="won", reason=END_TEXTS[EndReason.VICTORY])
    assert SYSTEM.outcome(won) == Outcome((MICE,), EndReason.VICTORY)
    assert SYSTEM.outcome(won).reason == "victory"


def test_MM_END_5_outcome_when_the_pages_run_out():
    state = fresh()
    while not state.result:
        state = SYSTEM.apply(state, TurnPage("test"), ScriptedDice([])).state
    out = SYSTEM.outcome(state)
    assert out == Outcome((MINIONS,), EndReason.PAGES_RAN_OUT) and state.phase is Phase.OVER
    assert state.reason == END_TEXTS[EndReason.PAGES_RAN_OUT]  # what the screen translates


def test_MM_CAPT_7_outcome_when_every_mouse_is_captured():
    state = scene({"tilly": C(1)}, tile="cellar")
    state = capture(state, "tilly", [])
    assert SYSTEM.outcome(state) == Outcome((MINIONS,), EndReason.ALL_CAPTURED)
    assert SYSTEM.outcome(fresh()) is None


def test_phases_and_turn_states_repr_like_the_words_they_replace():
    """A state's digest is its ``repr``: saved games replay to the digest they recorded."""
    assert repr(Phase.GM) == "'gm'" and Phase.CAPTURED == "captured"
    turn = Turn("tilly", 3, 1, MoveState.IN_PROGRESS, ActionState.DECLINED)
    assert repr(turn) == ("Turn(mouse='tilly', mp=3, d3=1, move_state='in_progress', "
                          "action_state='declined', action='', free_used=(), ability_used=False, "
                          "scurried=False)")
    assert "phase='turn'" in repr(fresh()) or "phase='gm'" in repr(fresh())


# --------------------------------------------------------------------------- imports and modules


def _modules():
    return sorted(PACKAGE.glob("*.py"))


def test_imports_point_down_no_import_inside_a_function():
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not inner, f"{path.name}: an import inside {node.name}()"


def test_only_game_py_imports_game_py_at_run_time():
    for path in _modules():
        if path.name == "game.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:  # an ``if TYPE_CHECKING:`` block is not module level
            if isinstance(node, ast.ImportFrom):
                assert node.module != "game.rules.mice_and_mystics.game", path.name


def test_no_module_over_700_lines():
    for path in _modules():
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 700, path.name


def test_the_cell_geometry_knows_no_creature():
    """Issue 15: counts of mice, capacity by creature size, movement rules and water rolls are
    the game's (``occupancy.py``, ``paths.py``), not the cell graph's."""
    for name in ("Count", "MoveRules", "WaterRoll", "PathCheck", "Reach", "MOUSE", "SMALL_MINION"):
        assert not hasattr(cells, name), name
    for method in ("check_path", "reachable", "can_enter", "can_leave", "is_full", "nearest_free", "capacity"):
        assert not hasattr(cells.CellGraph, method), method
