"""Watching a file for changes without busy polling: the map open on screen, saved again in Tiled.

``FileWatch(path).changed()`` looks at the file's modification time and size at most once every
``interval`` seconds (twice a second by default), however often it is asked, and says True once
for each change it sees. The screen asks once a frame; the disk is asked twice a second. A file
that disappears for a moment (an editor saving by writing a new file and renaming it) is not a
change until it is back. Plain Python: no pygame, no thread.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path

#: how often the disk is asked, seconds: a saved map shows within a second
INTERVAL_S = 0.5

Stamp = tuple[int, int]


def stamp(path: Path) -> Stamp | None:
    """The file's modification time (ns) and size, or None when it cannot be seen now."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (info.st_mtime_ns, info.st_size)


class FileWatch:
    """Changes to one or more files (a map and the files it uses), looked at on a timer."""

    def __init__(self, paths: Path | Iterable[Path], *, interval: float = INTERVAL_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.paths = (Path(paths),) if isinstance(paths, str | os.PathLike) else \
            tuple(Path(p) for p in paths)
        self.interval = interval
        self.clock = clock
        self._seen = self._stamps()
        self._next = clock() + interval
        #: how many times the disk was asked (the tests hold that it is not every frame)
        self.looks = 0

    def _stamps(self) -> tuple[Stamp | None, ...]:
        return tuple(stamp(p) for p in self.paths)

    def changed(self) -> bool:
        """Whether a watched file changed since the last True (at most one look a ``interval``)."""
        now = self.clock()
        if now < self._next:
            return False
        self._next = now + self.interval
        self.looks += 1
        stamps = self._stamps()
        if stamps == self._seen or any(s is None for s in stamps):
            return False  # the same, or a file missing for a moment while it is written
        self._seen = stamps
        return True

    def forget(self) -> None:
        """Take the files as they are now as seen (after the program wrote them itself)."""
        self._seen = self._stamps()


__all__ = ["INTERVAL_S", "FileWatch", "stamp"]
