"""The engine: dice, command codec, match flow, undo and redo, saves and replays."""

from __future__ import annotations

import json

import pytest

from game.core.dice import DiceExhausted, ScriptedDice, SeededDice
from game.rules.engine import CommandFormatError, IllegalCommand, Match, ReplayDiverged, SaveError, Setup, saves
from tests.rules.toy import Hold, Note, Pig, Roll, systems


def test_seeded_dice_repeat_and_differ_by_seed():
    assert SeededDice(7).roll(20) == SeededDice(7).roll(20)
    assert SeededDice(7).roll(20) != SeededDice(8).roll(20)
    d = SeededDice(3)
    first = d.roll(5)
    state = d.state()
    second = d.roll(5)
    d.restore(state)
    assert d.roll(5) == second and first != second or first == second


def test_seeded_dice_are_fair_enough():
    faces = SeededDice(11).roll(60_000)
    for v in range(1, 7):
        assert abs(faces.count(v) / 60_000 - 1 / 6) < 0.01


def test_scripted_dice_give_exact_faces_and_refuse_more():
    d = ScriptedDice([6, 6, 1])
    assert d.roll(2) == (6, 6)
    assert d.roll(1) == (1,)
    with pytest.raises(DiceExhausted):
        d.roll(1)


def test_commands_round_trip_and_refuse_bad_json():
    cs = Pig.commands
    note = Note("a", "hi", 2.5, ("x", "y"), None)
    assert cs.from_json(json.loads(json.dumps(cs.to_json(note)))) == note
    assert cs.from_json({"type": "Note", "player": "a", "target": 3}).target == 3
    for bad, needle in [
        ({"type": "Nope"}, "unknown command"),
        ({"type": "Roll"}, "missing field"),
        ({"type": "Roll", "player": 3}, "expected text"),
        ({"type": "Roll", "player": "a", "x": 1}, "unknown field"),
        ({"type": "Note", "player": "a", "weight": "heavy"}, "expected a number"),
        ({"type": "Note", "player": "a", "tags": "x"}, "expected a list"),
        ([1, 2], "JSON object"),
    ]:
        with pytest.raises(CommandFormatError, match=needle):
            cs.from_json(bad)


def _match(faces=None, mode="teaching", **kw):
    dice = ScriptedDice(faces) if faces is not None else None
    return Match(Pig(), Setup("pig", seed=5, options={"goal": 10}), mode=mode, dice=dice, **kw)


def test_illegal_command_names_the_rule_and_changes_nothing():
    m = _match([4, 5])
    m.submit(Roll("a"))
    before, dice_before = m.state, m.dice.state()
    with pytest.raises(IllegalCommand) as info:
        m.submit(Roll("b"))
    assert info.value.rule_id == "PIG-TURN" and "a's turn" in str(info.value)
    assert m.state == before and m.dice.state() == dice_before and len(m.steps) == 1


def test_events_carry_rule_ids_and_numbers():
    m = _match([4])
    (event,) = m.submit(Roll("a"))
    assert event.rules == ("PIG-2",) and event["face"] == 4 and event.actor == "a"


def test_undo_in_teaching_mode_crosses_rolls_and_redo_returns():
    m = _match([4, 5, 6])
    m.submit(Roll("a"))
    m.submit(Roll("a"))
    after = m.state
    m.undo()
    assert m.state.pot == 4
    m.redo()
    assert m.state == after


def test_strict_mode_undoes_only_commands_without_dice():
    m = _match([4], mode="strict")
    m.submit(Roll("a"))
    ok, why = m.can_undo()
    assert not ok and "dice" in why
    with pytest.raises(IllegalCommand):
        m.undo()
    m.submit(Note("a", "thinking"))
    m.undo()
    assert len(m.steps) == 1


def test_save_and_load_replays_to_the_identical_state(tmp_path):
    m = _match()
    for _ in range(12):
        p = m.current_player()
        if p is None:
            break
        m.submit(Roll(p) if m.state.pot < 6 else Hold(p))
    path = tmp_path / "game.json"
    m.save(path)
    again = Match.load(path, systems)
    assert again.state == m.state and again.digest() == m.digest()
    assert again.commands == m.commands


def test_changed_seed_or_command_is_a_divergence(tmp_path):
    m = _match()
    for _ in range(6):
        m.submit(Roll(m.current_player()))
    path = tmp_path / "game.json"
    m.save(path)
    doc = json.loads(path.read_text())
    doc["setup"]["seed"] = 6
    path.write_text(json.dumps(doc))
    with pytest.raises(ReplayDiverged):
        Match.load(path, systems)


@pytest.mark.parametrize(
    ("mutate", "needle"),
    [
        (lambda t: t[: len(t) // 2], "not valid JSON"),
        (lambda t: t.replace('"version": 1', '"version": 99'), "newer tabletop"),
        (lambda t: t.replace('"tabletop-save"', '"other"'), "not a tabletop saved game"),
        (lambda t: t.replace('"Roll"', '"Fly"'), "unknown command"),
        (lambda t: t.replace('"system": "pig"', '"system": "chess"'), "unknown rule system"),
        (lambda t: t.replace('"seed": 5', '"seed": NaN'), "NaN"),
    ],
)
def test_bad_saves_are_refused_clearly(tmp_path, mutate, needle):
    m = _match()
    m.submit(Roll("a"))
    path = tmp_path / "s.json"
    m.save(path)
    path.write_text(mutate(path.read_text()))
    with pytest.raises(SaveError) as info:
        Match.load(path, systems)
    assert needle in str(info.value) and str(path) in str(info.value)


def test_autosave_after_every_command(tmp_path):
    auto = tmp_path / "autosave.json"
    m = _match(autosave=auto)
    m.submit(Roll("a"))
    assert len(saves.read(auto)["commands"]) == 1
    m.submit(Roll(m.current_player()))
    assert len(saves.read(auto)["commands"]) == 2
    m.undo()
    assert len(saves.read(auto)["commands"]) == 1


def test_atomic_write_leaves_no_temporary_files(tmp_path):
    target = tmp_path / "x.json"
    saves.write_atomic(target, "one")
    saves.write_atomic(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_a_failed_autosave_keeps_the_command_and_says_why(tmp_path):
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("x")
    m = _match([4], autosave=blocker / "autosave.json")
    m.submit(Roll("a"))
    assert m.state.pot == 4 and len(m.steps) == 1
    assert "autosave.json" in m.autosave_error


def test_grouped_history_takes_back_and_redoes_whole_gestures():
    from game.rules.engine.history import GroupedHistory

    m = _match([4, 5, 6])
    history = GroupedHistory(m)
    start = m.digest()
    history.submit([Roll("a"), Roll("a")])
    after = m.digest()
    assert history.undo() == "" and m.digest() == start  # both rolls at once
    history.redo()
    assert m.digest() == after
    with pytest.raises(IllegalCommand):
        history.submit([Roll("a"), Roll("b")])  # the second is refused: the first is taken back
    assert m.digest() == after


def test_strict_mode_a_failed_group_after_a_roll_is_rolled_back_whole():
    """In strict mode a rolled command cannot be undone by a player, but a gesture whose later
    command is refused never happened: its roll is taken back with it, and the history still
    matches the match's steps (it used to raise on the rollback and leave the roll applied)."""
    from game.rules.engine.history import GroupedHistory

    m = _match([4, 5, 6], mode="strict")
    history = GroupedHistory(m)
    history.submit([Roll("a")])
    before, steps, dice = m.digest(), len(m.steps), m.dice.state()
    with pytest.raises(IllegalCommand):
        history.submit([Roll("a"), Roll("b")])  # rolls a 5, then b is refused (not b's turn)
    assert m.digest() == before and len(m.steps) == steps and m.dice.state() == dice
    assert history.can_undo() == (False, "strict mode: dice were rolled, so this cannot be undone")
    history.submit([Roll("a")])  # the same 5 comes again: the dice were restored
    assert m.state.pot == 4 + 5
    assert len(history._groups) == len(m.steps)
