"""The README's promises: its two commands, and its Python examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_readme_python_examples_run():
    blocks = _blocks("python")
    assert blocks, "the README should show the geometry API"
    for code in blocks:
        exec(compile(code, "README.md", "exec"), {})


def test_ci_runs_the_readme_test_command_word_for_word():
    commands = [b.strip() for b in _blocks("sh")[:2]]
    assert len(commands) == 2 and "tabletop" in commands[0] and "pytest" in commands[1]
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci.splitlines()
