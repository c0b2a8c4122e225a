"""Saved games as plain, versioned JSON, written atomically (temporary file, then rename).

Saves are never pickles: a save is data, and loading one must never run code. Reading refuses
anything that is not a tabletop save (truncated, corrupted, not UTF-8, not JSON, a pickle, a
newer version) with one line naming the file and the fault; older versions are brought up to
date by :data:`MIGRATIONS`, or refused naming the version they need.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.core.files import FileRefused, Refusal, read_regular_file
from game.rules.engine.errors import SaveError

FORMAT = "tabletop-save"
VERSION = 1
#: A save larger than this is not a save.
MAX_SAVE_BYTES = 32 * 1024 * 1024

Document = dict[str, Any]
#: ``MIGRATIONS[v]`` turns a version-``v`` document into a version ``v + 1`` one. Version 1 is the
#: first released format, so there is nothing to migrate yet; when version 2 comes, add
#: ``MIGRATIONS[1]`` and every version-1 save keeps loading.
MIGRATIONS: dict[int, Callable[[Document], Document]] = {}


def oldest_readable() -> int:
    """The oldest save version this tabletop can read (migrating it)."""
    version = VERSION
    while version - 1 in MIGRATIONS:
        version -= 1
    return version


def write_atomic(path: Path, text: str, *, durable: bool = True) -> None:
    """Write a file so that a crash half-way leaves the previous file whole.

    The text goes to a hidden temporary file beside the target (``.name.XXXX.tmp``, never
    mistaken for a save), is flushed to disk, then renamed over the target in one step.
    A crash before the rename leaves the old file untouched (and perhaps a stray temporary
    file, which no later write reuses). ``durable=False`` leaves out the ``fsync`` calls (some
    milliseconds each): the file still survives the program being killed (the system keeps
    what was written), only a crash of the whole system may lose the latest write (the
    autosave after every command: the next one writes it again).
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if durable:
        _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); harmless where folders cannot be opened."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def dump(document: Document) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, **document}, indent=1, sort_keys=True,
                      allow_nan=False)


def _read_bytes(path: Path, where: str) -> bytes:
    """The bytes of a regular file of at most MAX_SAVE_BYTES (a pipe or device is refused, not read)."""
    try:
        return read_regular_file(path, MAX_SAVE_BYTES)
    except FileRefused as refused:
        raise SaveError(where, _FILE_FAULTS.get(refused.refusal)
                        or f"cannot be read: {refused.reason}") from None


_FILE_FAULTS = {
    Refusal.MISSING: "no such saved game",
    Refusal.FOLDER: "is a folder, not a saved game",
    Refusal.NOT_REGULAR: "is not a regular file (a pipe or device), not a saved game",
    Refusal.TOO_LARGE: "is too large to be a saved game",
}


def read(path: Path) -> Document:
    """Read and check the envelope of a save, migrated to the current version.

    The body is checked by the match that replays it.
    """
    path = Path(path)
    where = str(path)
    data = _read_bytes(path, where)
    if data[:1] == b"\x80" or data[:2] in (b"(d", b"(l", b"}q", b"]q"):
        raise SaveError(where, "is a Python pickle, not a saved game (saves are plain JSON; "
                        "pickles are never loaded)")
    if not data.strip():
        raise SaveError(where, "is empty: it is not a saved game (or its writing was cut short)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(where, f"is not UTF-8 text (byte {exc.start}): saves are JSON; the file "
                        "may be corrupted") from None

    def no_constants(name: str) -> Any:
        raise SaveError(where, f"contains {name}, which is not valid JSON")

    try:
        doc = json.loads(text, parse_constant=no_constants)
    except json.JSONDecodeError as exc:
        raise SaveError(where, f"is not valid JSON (line {exc.lineno}, column {exc.colno}): "
                        "it may be truncated or corrupted") from None
    except RecursionError:
        raise SaveError(where, "is nested too deeply to be a saved game") from None
    except ValueError as exc:  # e.g. a number of more than 4300 digits
        if isinstance(exc, SaveError):
            raise
        raise SaveError(where, f"is not a valid saved game ({exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(where, "is not a tabletop saved game")
    version = doc.get("version")
    if version is None:
        raise SaveError(where, "has no save version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(where, f"has a save version {json.dumps(version)[:40]} that is not a whole number")
    if version > VERSION:
        raise SaveError(where, f"was written by a newer tabletop (save version {version}; "
                        f"this one reads up to {VERSION})")
    return migrate(doc, where)


def migrate(doc: Document, where: str = "<save>") -> Document:
    """Bring an older document up to :data:`VERSION`, one :data:`MIGRATIONS` step at a time."""
    version = doc["version"]
    oldest = oldest_readable()
    if version < oldest:
        readable = f"version {VERSION}" if oldest == VERSION else f"versions {oldest} to {VERSION}"
        raise SaveError(where, f"uses save version {version}, which this tabletop cannot read (it "
                        f"reads save {readable}); open it with a tabletop that reads save version "
                        f"{version}")
    while version < VERSION:
        try:
            doc = MIGRATIONS[version](dict(doc))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaveError(where, f"could not be upgraded from save version {version} "
                            f"({type(exc).__name__}: {exc})") from None
        version += 1
        doc["version"] = version
    return doc
