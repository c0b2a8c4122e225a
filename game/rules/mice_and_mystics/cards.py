"""The data files of Mice and Mystics (``data/*.json``): mice, items, abilities, minions, surges,
chapters. All of it is our own text. Loaded once and read-only."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"


def _load(name: str) -> dict[str, Any]:
    return dict(json.loads((DATA / name).read_text(encoding="utf-8")))


@cache
def mice() -> dict[str, Any]:
    return _load("mice.json")


@cache
def items() -> dict[str, Any]:
    return dict(_load("items.json")["items"])


@cache
def abilities() -> dict[str, Any]:
    return dict(_load("abilities.json")["abilities"])


@cache
def minions() -> dict[str, Any]:
    return dict(_load("minions.json")["minions"])


@cache
def surges() -> dict[str, Any]:
    return dict(_load("surges.json")["surges"])


@cache
def chapter(name: str) -> dict[str, Any]:
    path = DATA / f"chapter_{name}.json"
    if not path.is_file():
        known = sorted(p.stem.removeprefix("chapter_") for p in DATA.glob("chapter_*.json"))
        raise ValueError(f"unknown chapter {name!r}; known: {', '.join(known)}")
    return _load(path.name)


@cache
def achievement_titles() -> dict[str, Any]:
    """Titles of the story and personal achievements of every chapter (MM-ACH)."""
    out: dict[str, Any] = {}
    for path in sorted(DATA.glob("chapter_*.json")):
        data = _load(path.name)
        for entries in data.get("story_achievements", {}).values():
            out.update({a["id"]: a.get("title", {}) for a in entries})
        out.update({a["id"]: a.get("title", {}) for a in data.get("personal_achievements", [])})
    return out


def mouse_profile(profile: str) -> dict[str, Any]:
    data = mice()
    return dict(data["profiles"].get(profile) or data["profiles"][data["default"]])


def item(card: str) -> dict[str, Any]:
    """An item card; unknown ids are inert trinkets (no slot, no bonus)."""
    return dict(items().get(card, {"name": {"en": card, "ru": card}, "type": "trinket"}))


def item_name(card: str, lang: str = "en") -> str:
    name = item(card).get("name", {})
    return str(name.get(lang) or name.get("en") or card)


def minion_stats(kind: str, page: int) -> dict[str, Any]:
    """MM-MIN-1 / MM-END-7: the minion card's values for the current page."""
    card = minions().get(kind)
    if card is None:
        raise ValueError(f"unknown minion type {kind!r}; known: {', '.join(sorted(minions()))}")
    chosen = card["stats"][0]
    for entry in card["stats"]:
        if page >= int(entry["from_page"]):
            chosen = entry
    return {"size": card.get("size", "small"), "attack": card.get("attack", "melee"),
            "poison": bool(card.get("poison", False)), "battle": int(chosen["battle"]),
            "defence": int(chosen["defence"]), "life": int(chosen["life"])}


def text(entry: Any, lang: str = "en") -> str:
    """A ``{"en": ..., "ru": ...}`` text in ``lang`` (English when missing)."""
    if isinstance(entry, dict):
        return str(entry.get(lang) or entry.get("en") or "")
    return str(entry or "")
