"""The Tiled project file declares exactly the classes and defaults the loader uses."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from game.board.schema import CLASSES

REPO = Path(__file__).resolve().parents[2]
PROJECT = REPO / "maps" / "tabletop.tiled-project"


def _declared() -> dict[str, dict]:
    data = json.loads(PROJECT.read_text(encoding="utf-8"))
    return {t["name"]: t for t in data["propertyTypes"] if t.get("type") == "class"}


@pytest.mark.parametrize("spec", CLASSES, ids=lambda c: c.name)
def test_project_declares_every_member_with_the_loader_default(spec):
    declared = _declared()[spec.name]
    members = {m["name"]: m for m in declared["members"]}
    assert set(members) == {m.name for m in spec.members}
    for m in spec.members:
        assert members[m.name]["type"] == m.type
        value = members[m.name]["value"]
        assert value == pytest.approx(m.default) if m.type == "float" else value == m.default
    assert set(declared["useAs"]) == set(spec.use_as)


def test_project_file_is_up_to_date_with_the_schema():
    spec = importlib.util.spec_from_file_location("make_tiled_project", REPO / "tools" / "make_tiled_project.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.render() == PROJECT.read_text(encoding="utf-8"), \
        "run tools/make_tiled_project.py and commit the result"
