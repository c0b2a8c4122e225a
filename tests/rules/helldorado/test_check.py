"""The one shape of the rules (issue 15): ``check`` decides without dice, ``apply`` checks first
and then resolves through the one dispatch table; candidates come from ``legal.py``, their ranking
from ``ai.py``, and no module of the package leans on ``game.py`` at run time."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from game.rules.engine import IllegalCommand, Match, Setup
from game.rules.helldorado import commands as cmds
from game.rules.helldorado.game import DISPATCH, Helldorado
from game.rules.helldorado.state import AttackKind, Choice, EndReason, Exchange, Pending, Reason, Stage
from tests.rules.helldorado.scene import SYSTEM, THEM, US, active, do, refused, start, unit

PACKAGE = Path(__file__).resolve().parents[3] / "game" / "rules" / "helldorado"


def test_the_dispatch_table_has_every_command_once():
    assert set(DISPATCH.table) == set(cmds.ALL)


def test_check_refuses_what_apply_refuses_before_any_die_is_rolled():
    """The game-wide refusals (HD-HOUSE-3 unknown command, HD-HOUSE-13 no choice to make, HD-MELEE-1
    only answers during a sequence, HD-HOUSE-11 after the end) come from check too."""
    st = active(start([unit("a", US, 0, 0), unit("b", THEM, 1.2, 0)]), "a")
    refused(st, object(), "HD-HOUSE-3")
    refused(st, cmds.UseHits(1), "HD-HOUSE-13")
    refused(st, cmds.Move("a", 90.0, 1.0), "HD-MELEE-21")
    asked = active(start([unit("a", US, 0, 0), unit("b", THEM, 1.2, 0)], ask_reduction=True), "a")
    waiting = do(asked, cmds.Fight("a", "b"), [6, 6, 6, 6, 1, 1, 1, 1], exact=False).state
    assert waiting.pending is not None
    refused(waiting, cmds.End("a"), "HD-MELEE-1")
    over = do(active(start([unit("a", US, 0, 0, cbt=5), unit("b", THEM, 1.2, 0, cbt=None, lp=1)]), "a"),
              cmds.Fight("a", "b"), [6] * 5).state
    assert over.over
    refused(over, cmds.End("a"), "HD-HOUSE-11")


def test_check_does_not_change_the_state_and_accepts_what_apply_accepts():
    st = active(start([unit("a", US, 0, 0), unit("b", THEM, 9, 0)]), "a")
    before = repr(st)
    assert SYSTEM.check(st, cmds.Move("a", 0.0, 2.0)) is None
    assert repr(st) == before
    assert do(st, cmds.Move("a", 0.0, 2.0)).state.unit("a").x == pytest.approx(2.0)


def test_every_candidate_passes_check_along_a_game():
    system = Helldorado()
    rng = random.Random(5)
    match = Match(system, Setup("helldorado", "ruins.tmx", 5, {"ask_rerolls": True, "ask_reduction": True}))
    for _ in range(120):
        if match.outcome() is not None:
            break
        legal = system.legal_commands(match.state)
        for command in legal:
            system.check(match.state, command)
        match.submit(rng.choice(legal))


def test_refusals_carry_a_message_key_and_the_values_they_name():
    st = active(start([unit("a", US, 0, 0, mov=3.0), unit("b", THEM, 9, 0)]), "a")
    with pytest.raises(IllegalCommand) as err:
        SYSTEM.check(st, cmds.Move("a", 90.0, 4.0))
    assert err.value.rule_id == "HD-HOUSE-4" and err.value.key == "hd.move.too_far"
    assert dict(err.value.params) == {"unit": "a", "left": 3.0}  # a number: the message formats it
    assert err.value.reason == "a has 3.00 f of movement left"


def test_enums_in_the_state_repr_like_the_strings_they_replace():
    """Saved games replay to their recorded digest (``repr`` of the state)."""
    ex = Exchange(AttackKind.MELEE, "a", "b", reason=Reason.CHARGE, stage=Stage.REROLL_A)
    assert repr(ex) == repr(Exchange("melee", "a", "b", reason="charge", stage="reroll_a"))  # type: ignore[arg-type]
    assert repr(Pending(Choice.HITS, US, "a", ("0", "1"))) == "Pending(kind='hits', side='us', unit='a', options=('0', '1'))"
    assert repr(EndReason.WIPED_OUT) == "'wiped_out'" and EndReason.POINTS == "points"


def test_outcome_reason_is_an_end_reason():
    st = start([unit("a", US, 0, 0), unit("b", THEM, 9, 9)], rounds=1)
    st = do(do(active(st, "a"), cmds.End("a")).state, cmds.Activate("b")).state
    over = do(st, cmds.End("b")).state
    outcome = SYSTEM.outcome(over)
    assert outcome is not None and outcome.reason is EndReason.POINTS and outcome.winners == ()
    assert SYSTEM.outcome(st) is None


# ---------------------------------------------------------------------- the package's shape


def _modules() -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(PACKAGE.glob("*.py"))}


def _runtime_imports(tree: ast.Module) -> list[tuple[str, bool]]:
    """(module imported, inside a function?) for every import not under ``if TYPE_CHECKING:``."""
    skip = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
            and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
    inside = {id(n) for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.Lambda)
              for n in ast.walk(node) if n is not node}
    found: list[tuple[str, bool]] = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom) and node.module:
            found += [(f"{node.module}.{a.name}", id(node) in inside) for a in node.names]
            found.append((node.module, id(node) in inside))
        elif isinstance(node, ast.Import):
            found += [(a.name, id(node) in inside) for a in node.names]
    return found


def test_no_import_inside_a_function_and_nothing_leans_on_game_py():
    for name, tree in _modules().items():
        imports = _runtime_imports(tree)
        assert not [m for m, inside in imports if inside], f"{name}.py imports inside a function"
        if name != "game":
            assert "game.rules.helldorado.game" not in {m for m, _ in imports}, (
                f"{name}.py imports game.py at run time")


def test_legal_lists_and_ai_ranks():
    trees = _modules()
    legal = {n.name for n in trees["legal"].body if isinstance(n, ast.FunctionDef)}
    ai = {n.name for n in trees["ai"].body if isinstance(n, ast.FunctionDef)}
    assert "legal_commands" in legal and "legal_commands" not in ai and "rank_command" in ai
    assert "game.rules.helldorado.legal" not in {m for m, _ in _runtime_imports(trees["ai"])}


def test_no_module_of_the_package_passes_700_lines():
    for path in PACKAGE.glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 700, path.name
