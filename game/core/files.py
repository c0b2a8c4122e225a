"""Reading a whole file a user names (a map, a tileset, a saved game) without trusting it: only a
regular file is read (a folder, pipe or device would fail, block or never end), and never more
than a limit. The caller says what went wrong in its own words (``FileRefused.refusal``)."""

from __future__ import annotations

import enum
import os
import stat


class Refusal(enum.Enum):
    MISSING = "missing"
    FOLDER = "folder"
    NOT_REGULAR = "not regular"  #: a pipe, device or socket
    TOO_LARGE = "too large"
    UNREADABLE = "unreadable"


class FileRefused(Exception):
    """Why a file was not read; ``reason`` is the system's words (UNREADABLE), ``size`` the size
    the file said it had (TOO_LARGE, when it said so before it was read)."""

    def __init__(self, refusal: Refusal, reason: str = "", size: int | None = None) -> None:
        super().__init__(refusal.value if not reason else f"{refusal.value}: {reason}")
        self.refusal = refusal
        self.reason = reason
        self.size = size


def read_regular_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them; ``FileRefused`` when
    it is missing, a folder, not a regular file, larger than ``limit`` or cannot be read."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise FileRefused(Refusal.MISSING) from None
    except IsADirectoryError:
        raise FileRefused(Refusal.FOLDER) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise FileRefused(Refusal.UNREADABLE, reason) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileRefused(Refusal.FOLDER)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(Refusal.NOT_REGULAR)
        if info.st_size > limit:
            raise FileRefused(Refusal.TOO_LARGE, size=info.st_size)
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise FileRefused(Refusal.TOO_LARGE)
        return b"".join(chunks)
    except OSError as exc:
        raise FileRefused(Refusal.UNREADABLE, exc.strerror or str(exc)) from None
    finally:
        os.close(fd)
