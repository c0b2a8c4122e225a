"""No module in ``game/`` is over 700 lines (issue #15): a longer one holds more than one idea."""

from __future__ import annotations

from pathlib import Path

GAME_DIR = Path(__file__).resolve().parents[1] / "game"
MAX_LINES = 700


def too_long(folder: Path, limit: int = MAX_LINES) -> list[str]:
    out = []
    for path in sorted(folder.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit:
            out.append(f"{path.relative_to(folder.parent)}: {lines} lines")
    return out


def test_no_module_in_game_is_over_700_lines() -> None:
    assert not too_long(GAME_DIR), "split these by topic: " + "; ".join(too_long(GAME_DIR))


def test_the_size_check_names_a_long_module(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "short.py").write_text("x = 1\n" * 10)
    (pkg / "long.py").write_text("x = 1\n" * 11)
    assert too_long(pkg, limit=10) == ["pkg/long.py: 11 lines"]
