"""Issue 7's handout commands, exactly as written: the shipped example scenes render to PNGs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("scene", "overlays"), [("cover", "sight,cover"), ("blast", "blast"),
                                                  ("cone", "cone"), ("move", "move")])
def test_render_a_shipped_example_scene(tmp_path, scene, overlays):
    out = tmp_path / f"{scene}.png"
    run = subprocess.run([sys.executable, "-m", "game", "render", "--scene", f"examples/{scene}.json",
                          "--overlay", overlays, "-o", str(out)], cwd=REPO, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert out.stat().st_size > 10_000 and out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Traceback" not in run.stderr
