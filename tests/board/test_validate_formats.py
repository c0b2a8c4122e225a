"""``tabletop validate FOLDER`` finds Tiled maps in every format: .tmx, .tmj, and .json files that
are Tiled maps (other JSON files, a chapter or a saved scene, are left alone)."""

from __future__ import annotations

import io
from pathlib import Path

from game.board.validate import validate_paths
from tests.board import tmjkit
from tests.board.mapkit import tmx, write_map

REPO = Path(__file__).resolve().parents[2]


def test_validate_a_folder_counts_tmj_and_json_maps_and_skips_other_json(tmp_path: Path) -> None:
    for name in ("tavern", "ruins"):
        tmjkit.save_as_tmj(REPO / "maps" / f"{name}.tmx", tmp_path / f"{name}.tmj")
    (tmp_path / "sub").mkdir()
    tmjkit.save_as_tmj(REPO / "maps" / "relic.tmx", tmp_path / "sub" / "relic.json")
    write_map(tmp_path, tmx(), "plain.tmx")
    (tmp_path / "chapter.json").write_text('{"chapter": 1, "type": "story"}', encoding="utf-8")
    (tmp_path / "scene.json").write_text("not json at all", encoding="utf-8")
    (tmp_path / "floors.tsj").write_text('{"type": "tileset"}', encoding="utf-8")
    out = io.StringIO()
    assert validate_paths([tmp_path], out) == 0, out.getvalue()
    text = out.getvalue()
    for name in ("tavern.tmj", "ruins.tmj", "relic.json", "plain.tmx"):
        assert f"{name}: loaded (" in text
    assert "chapter.json" not in text and "scene.json" not in text and "floors.tsj" not in text
    assert text.splitlines()[-1].startswith("4 map(s): 4 loaded, 0 refused; 0 error(s)")


def test_validate_a_folder_reports_a_broken_tmj_in_one_line(tmp_path: Path) -> None:
    write_map(tmp_path, tmx(), "good.tmx")
    (tmp_path / "bad.tmj").write_text('{"type": "map", "width": ', encoding="utf-8")
    (tmp_path / "bad_map.json").write_text('{"type": "map", "width": 3,, }', encoding="utf-8")
    out = io.StringIO()
    assert validate_paths([tmp_path], out) == 1
    lines = out.getvalue().splitlines()
    assert f"{tmp_path / 'bad.tmj'}: error: not valid JSON (line 1, column 26: Expecting value)" in lines
    assert any(line.startswith(f"{tmp_path / 'bad_map.json'}: error: not valid JSON") for line in lines)
    assert lines[-1].startswith("3 map(s): 1 loaded, 2 refused; 2 error(s)")


def test_validate_an_empty_folder_names_the_formats(tmp_path: Path) -> None:
    out = io.StringIO()
    assert validate_paths([tmp_path], out) == 1
    assert ".tmj" in out.getvalue().splitlines()[0]
