"""Games saved before the rules layer took one shape (issue 15) still load and replay to the
digest they recorded (``tests/data/saves_before_one_shape``).

A reading of the rules changed since, on purpose, is replayed under the options that were the
defaults when the game was saved (``READINGS_THEN``): the save shows that the code still plays
those rules the same way, and the default is the new reading."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.rules import registry
from game.rules.engine import Match

SAVES = Path(__file__).resolve().parents[1] / "data" / "saves_before_one_shape"
FILES = sorted(SAVES.glob("*.json"))
#: system -> the options whose default changed since the saves were made, at their old values
READINGS_THEN = {
    # MM-EQUIP-3: scrolls no longer count towards the pack's 3 items (the seed names them apart
    # from «предметы»); the saves were played when only tricks were exempt
    "mice_and_mystics": {"pack_limit_exempt": ["trick"]},
}


def test_there_are_old_saves_of_every_system() -> None:
    systems = {json.loads(p.read_text(encoding="utf-8"))["setup"]["system"] for p in FILES}
    assert systems == set(registry.names())


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_an_old_save_replays_to_its_recorded_digest(path: Path, tmp_path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    then = READINGS_THEN.get(doc["setup"]["system"], {})
    if then:
        doc["setup"]["options"] = {**then, **doc["setup"]["options"]}
        path = tmp_path / path.name
        path.write_text(json.dumps(doc), encoding="utf-8")
    match = Match.load(path, registry.get)  # raises ReplayDiverged if the digest differs
    assert match.digest() == doc["digest"]
    assert len(match.steps) == len(doc["commands"])
