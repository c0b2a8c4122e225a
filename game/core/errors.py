"""Narrow error types shared by every layer.

Each error says *where* the problem is (file, object, rule) as well as *what* it is, so the
command line and the screen can show one clear line instead of a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass


def one_line(text: str) -> str:
    """``text`` with line breaks and other control characters escaped, so it stays one line."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


@dataclass(frozen=True)
class Problem:
    """One thing wrong (or worth a warning) in a file, located as precisely as we can."""

    path: str
    message: str
    severity: str = "error"  # "error" or "warning"
    object_id: int | None = None
    object_name: str = ""
    layer: str = ""

    def line(self) -> str:
        where = self.path
        if self.layer:
            where += f" layer '{self.layer}'"
        if self.object_id is not None:
            where += f" object {self.object_id}"
            if self.object_name:
                where += f" '{self.object_name}'"
        return one_line(f"{where}: {self.severity}: {self.message}")


class MapError(ValueError):
    """A map that cannot be loaded. ``str()`` is one line naming the file and the fault."""

    def __init__(self, path: str, message: str, *, object_id: int | None = None,
                 object_name: str = "", layer: str = "") -> None:
        self.problem = Problem(path, message, "error", object_id, object_name, layer)
        super().__init__(self.problem.line())
