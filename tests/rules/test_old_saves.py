"""Games saved before the rules layer took one shape (issue 15) still load and replay to the
digest they recorded (``tests/data/saves_before_one_shape``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.rules import registry
from game.rules.engine import Match

SAVES = Path(__file__).resolve().parents[1] / "data" / "saves_before_one_shape"
FILES = sorted(SAVES.glob("*.json"))


def test_there_are_old_saves_of_every_system() -> None:
    systems = {json.loads(p.read_text(encoding="utf-8"))["setup"]["system"] for p in FILES}
    assert systems == set(registry.names())


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_an_old_save_replays_to_its_recorded_digest(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    match = Match.load(path, registry.get)  # raises ReplayDiverged if the digest differs
    assert match.digest() == doc["digest"]
    assert len(match.steps) == len(doc["commands"])
