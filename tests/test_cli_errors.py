"""No traceback from any command (issue 18, item 2): given a missing file, a bad argument or a
broken map, every ``tabletop`` subcommand ends with one line naming the problem and a non-zero
exit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TAVERN = str(REPO / "maps" / "tavern.tmx")

CASES = [
    ("play {tmp}/missing.tmx", "missing.tmx"),
    ("play {tmp}/broken.tmx", "broken.tmx"),
    ("render {tmp}/missing.tmx -o {tmp}/o.png", "missing.tmx"),
    ("render {tmp}/broken.tmx -o {tmp}/o.png", "broken.tmx"),
    ("render --scene {tmp}/bad.json -o {tmp}/o.png", "bad.json"),
    ("render " + TAVERN + " -o {tmp}/no/such/folder/o.png", "o.png"),
    ("sandbox {tmp}/missing.tmx", "missing.tmx"),
    ("sandbox " + TAVERN + " --scene {tmp}/bad.json", "bad.json"),
    ("selfplay relic --games 2 --jobs 0", "--jobs"),
    ("selfplay one-for-all", "one-for-all"),
    ("selfplay relic --games -1", "--games"),
    ("validate {tmp}/missing.tmx", "missing.tmx"),
    ("validate {tmp}/broken.tmx", "broken.tmx"),
    ("menu --size 5x5", "5x5"),
    ("play --size huge " + TAVERN, "huge"),
    ("new one_for_al {tmp}/n.tmx", "one_for_all"),
    ("new relic " + TAVERN, "tavern.tmx"),
    ("new helldorado {tmp}/n.tmj", "n.tmj"),
    ("new helldorado {tmp}", "folder"),
    ("new relic {tmp}/broken.tmx/n.tmx", "broken.tmx"),
    ("new", "system"),
    ("selfplay helldorado --map " + TAVERN, "tavern.tmx"),
    ("selfplay relic --map {tmp}/broken.tmx", "broken.tmx"),
    ("menu --maps {tmp}/bad.json", "bad.json"),
]


@pytest.fixture
def bad_files(tmp_path: Path) -> Path:
    (tmp_path / "broken.tmx").write_text('<map version="1.10" broken', encoding="utf-8")
    (tmp_path / "bad.json").write_text("not json", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(("args", "named"), CASES, ids=[c[0].split()[0] + ":" + c[1] for c in CASES])
def test_a_bad_input_ends_in_one_line_and_a_non_zero_exit(args: str, named: str, bad_files: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TABLETOP_CONFIG_DIR": str(bad_files / "config"), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-m", "game", *args.format(tmp=bad_files).split()],
                          cwd=bad_files, env=env, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr + done.stdout
    # one line naming the problem (validate's report is its output, one line a problem)
    said = [line for line in (done.stdout if args.startswith("validate") else done.stderr).splitlines()
            if line.strip() and named in line]
    assert said, (done.stdout, done.stderr)
    # (argparse puts its usage line before its one line of error)
    lines = [line for line in done.stderr.splitlines() if line.strip() and not line.startswith("usage:")
             and not line.startswith(" ")]
    assert len(lines) <= 1, done.stderr
