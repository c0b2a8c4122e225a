"""The data files of Mice and Mystics (``data/*.json``): mice, items, abilities, minions, surges.
All of it is our own text. Loaded once and read-only. Chapters come with their maps
(``chapter.py``)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from game.rules.mice_and_mystics.chapter import Words
from game.rules.mice_and_mystics.chapter import achievement_titles as chapter_titles

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


def achievement_titles() -> dict[str, Any]:
    """Titles of the story and personal achievements of every chapter read (MM-ACH)."""
    return dict(chapter_titles())


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
    """A ``{"en": ..., "ru": ...}`` text (or chapter ``Words``) in ``lang`` (English when missing)."""
    if isinstance(entry, Words):
        return entry.text(lang)
    if isinstance(entry, dict):
        return str(entry.get(lang) or entry.get("en") or "")
    return str(entry or "")
