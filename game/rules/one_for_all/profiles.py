"""The figures' profiles (``data/profiles.json``): each profile's rating (the dice of
OFA-3B) and its names, read once. Plain Python."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

PROFILES_FILE = Path(__file__).resolve().parent / "data" / "profiles.json"


@cache
def profile_data() -> dict[str, Any]:
    """The whole file: ``profiles`` (id -> entry) and ``default_rating``."""
    return dict(json.loads(PROFILES_FILE.read_text(encoding="utf-8")))


def profiles() -> dict[str, Any]:
    """Profile id -> its entry (rating, names)."""
    return dict(profile_data().get("profiles", {}))


def rating_of(profile: str) -> int:
    """A profile's rating; the default rating for a profile the file does not list."""
    data = profile_data()
    entry = data["profiles"].get(profile)
    return int(entry["rating"]) if entry else int(data["default_rating"])
