"""Saved games as plain, versioned JSON, written atomically (temporary file, then rename)."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from game.rules.engine.errors import SaveError

FORMAT = "tabletop-save"
VERSION = 1
#: A save larger than this is not a save.
MAX_SAVE_BYTES = 32 * 1024 * 1024


def write_atomic(path: Path, text: str) -> None:
    """Write a file so that a crash half-way leaves the previous file whole."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def dump(document: dict[str, Any]) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, **document}, indent=1, sort_keys=True,
                      allow_nan=False)


def read(path: Path) -> dict[str, Any]:
    """Read and check the envelope of a save; the body is checked by the match that replays it."""
    path = Path(path)
    where = str(path)
    try:
        if path.is_dir():
            raise SaveError(where, "is a folder, not a saved game")
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise SaveError(where, "is too large to be a saved game")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(where, "no such saved game") from None
    except UnicodeDecodeError:
        raise SaveError(where, "is not a text file (saves are JSON)") from None
    except OSError as exc:
        raise SaveError(where, f"cannot be read: {exc.strerror or exc}") from None

    def no_constants(name: str) -> Any:
        raise SaveError(where, f"contains {name}, which is not valid JSON")

    try:
        doc = json.loads(text, parse_constant=no_constants)
    except json.JSONDecodeError as exc:
        raise SaveError(where, f"is not valid JSON (line {exc.lineno}, column {exc.colno}): "
                        "it may be truncated or corrupted") from None
    except RecursionError:
        raise SaveError(where, "is nested too deeply to be a saved game") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(where, "is not a tabletop saved game")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(where, "has no save version")
    if version > VERSION:
        raise SaveError(where, f"was written by a newer tabletop (save version {version}; "
                        f"this one reads up to {VERSION})")
    if version < 1:
        raise SaveError(where, f"has an unknown save version {version}")
    return doc
