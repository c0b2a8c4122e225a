"""Relic's data files (``data/*.json``), loaded once: characters, the three Threat decks, power
cards and wargear, missions and scenarios. Everything is in our own words. What each space of a
board does, and its name, is the map's (spaces.py); the kinds of effect a space may have are in
``data/effects.json``.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from game.rules.relic.spaces import THREAT_DECKS as THREAT_DECKS  # REL-BOARD-7, defined once
from game.rules.relic.state import Card, Effect, Item, Power

DATA = Path(__file__).resolve().parent / "data"


@cache
def _load(name: str) -> dict[str, Any]:
    return dict(json.loads((DATA / name).read_text(encoding="utf-8")))


def characters() -> dict[str, Any]:
    return dict(_load("characters.json")["characters"])


def scenarios() -> dict[str, Any]:
    return {s["id"]: s for s in _load("scenarios.json")["scenarios"]}


def missions() -> dict[str, Any]:
    return {m["id"]: m for m in _load("missions.json")["missions"]}


def mission_deck(sites: frozenset[str]) -> tuple[str, ...]:
    """REL-WIN-2: the missions a board can give, by id: a mission to visit a site goes in only
    when a space of the board has that site."""
    return tuple(sorted(k for k, m in missions().items() if not m.get("site") or m["site"] in sites))


@cache
def deck_sizes() -> dict[str, int]:
    """Cards per deck, by uid prefix: red, blue, yellow, power, gear."""
    sizes = {d: len(threat_deck(d)) for d in THREAT_DECKS}
    sizes["power"] = len(power_deck())
    sizes["gear"] = len(wargear_deck())
    return sizes


def effects_of(record: dict[str, Any]) -> tuple[Effect, ...]:
    return tuple(Effect(str(e["when"]), str(e["what"]), int(e.get("n", 0)), str(e.get("arg", "")))
                 for e in record.get("effects", ()))


def _expand(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in records for _ in range(int(r.get("copies", 1)))]


@cache
def threat_deck(deck: str) -> tuple[Card, ...]:
    """The cards of one Threat deck, in data order, each with a unique uid."""
    records = _expand(_load("threats.json")["decks"][deck])
    return tuple(Card(f"{deck}-{k + 1}", r["id"], deck, r["kind"], r.get("attribute", ""),
                      int(r.get("value", 0)), effects_of(r)) for k, r in enumerate(records))


@cache
def power_deck() -> tuple[Power, ...]:
    records = _expand(_load("cards.json")["powers"])
    return tuple(Power(f"power-{k + 1}", r["id"], r["kind"], r.get("attribute", ""),
                       int(r.get("bonus", 0))) for k, r in enumerate(records))


@cache
def wargear_deck() -> tuple[Item, ...]:
    records = _expand(_load("cards.json")["wargear"])
    return tuple(Item(f"gear-{k + 1}", r["id"], r["kind"], r["attribute"], int(r["bonus"]))
                 for k, r in enumerate(records))


@cache
def _names() -> dict[str, dict[str, str]]:
    """Display names and texts of every id in the data, for explanations and the UI."""
    out: dict[str, dict[str, str]] = {}

    def add(ident: str, rec: dict[str, Any]) -> None:
        entry = out.setdefault(ident, {})
        for lang, text in (rec.get("name") or {}).items():
            entry[f"name.{lang}"] = text
        for lang, text in (rec.get("text") or {}).items():
            entry[f"text.{lang}"] = text

    for ident, rec in characters().items():
        add(ident, rec)
    for deck in _load("threats.json")["decks"].values():
        for rec in deck:
            add(rec["id"], rec)
    for rec in _load("cards.json")["powers"] + _load("cards.json")["wargear"]:
        add(rec["id"], rec)
    for rec in missions().values():
        add(rec["id"], rec)
    for rec in scenarios().values():
        add(rec["id"], rec)
        if "foe" in rec:
            add(rec["foe"]["id"], rec["foe"])
    return out


def name(ident: str, lang: str = "en", default: str = "") -> str:
    entry = _names().get(ident, {})
    return entry.get(f"name.{lang}") or entry.get("name.en") or default or ident


def text(ident: str, lang: str = "en") -> str:
    entry = _names().get(ident, {})
    return entry.get(f"text.{lang}") or entry.get("text.en", "")
