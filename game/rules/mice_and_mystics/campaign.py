"""Campaign carry-over between chapters (MM-CAMP-1..5, MM-ACH, MM-END-6) as plain JSON.

``export_party`` writes what a finished chapter hands on: each mouse's abilities, its starting
equipment and the one card it keeps (MM-CAMP-2), the story achievements (MM-CAMP-1). Cheese,
group items and personal achievements are not kept (MM-CAMP-3); a captured mouse keeps by the
same rule from what it still holds (MM-CAMP-5). ``Setup.options["party"]`` takes the document
back: the next chapter starts with the wheel at 0, the page at its start, no conditions, no
searched tiles and (``chapter_start_health: full``) no wounds (MM-CAMP-4).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game.rules.engine.saves import write_atomic
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics.config import MMConfig
from game.rules.mice_and_mystics.items import card_value, slots_ok
from game.rules.mice_and_mystics.state import MMState, Mouse

FORMAT = "tabletop-mm-party"
VERSION = 1


class PartyError(ValueError):
    """A party document that cannot be read."""


@dataclass(frozen=True)
class PartyMouse:
    id: str
    abilities: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()  #: starting equipment first, then the kept card
    wounds: int = 0  #: only used with ``chapter_start_health: keep_wounds``
    poison: int = 0


@dataclass(frozen=True)
class Party:
    mice: tuple[PartyMouse, ...]
    story_achievements: tuple[str, ...] = ()
    log: tuple[dict[str, Any], ...] = ()

    def member(self, mouse_id: str) -> PartyMouse | None:
        return next((m for m in self.mice if m.id == mouse_id), None)

    def apply_to(self, mouse: Mouse, cfg: MMConfig) -> Mouse:
        """A new chapter's mouse from its profile and this party (MM-CAMP-1, -2, -4)."""
        member = self.member(mouse.id)
        if member is None:
            return mouse
        extra = tuple(c for c in member.cards if c not in mouse.starting)
        equipped: tuple[str, ...] = tuple(mouse.starting)
        pack: tuple[str, ...] = ()
        for c in extra:
            if not slots_ok(equipped + (c,)):
                equipped += (c,)
            else:
                pack += (c,)
        keep = cfg.chapter_start_health == "keep_wounds"
        wounds = min(member.wounds, mouse.life - 1) if keep else 0
        return replace(mouse, abilities=tuple(member.abilities), equipped=equipped, pack=pack,
                       cheese=0, wounds=wounds, poison=min(member.poison, wounds) if keep else 0)


def default_keep(mouse: Mouse) -> str:
    """The card a mouse keeps when its player names none: its most valuable non-starting card."""
    options = [c for c in mouse.cards if c not in mouse.starting]
    return max(options, key=lambda c: (card_value(c), c)) if options else ""


def export_party(state: MMState, kept: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The party at the end of a chapter as a JSON document. ``kept`` maps a mouse id to the
    one card (equipped or in the pack, not starting equipment) it keeps; "" keeps none."""
    kept = dict(kept or {})
    mice = []
    for m in state.mice:
        choice = kept[m.id] if m.id in kept else default_keep(m)
        if choice and (choice not in m.cards or choice in m.starting):
            raise PartyError(f"{m.name} does not hold {choice!r} to keep (MM-CAMP-2)")
        mice.append({"id": m.id, "name": m.name, "profile": m.profile, "abilities": list(m.abilities),
                     "cards": list(m.starting) + ([choice] if choice else []),
                     "wounds": m.wounds, "poison": m.poison})
    return {"format": FORMAT, "version": VERSION, "chapter": state.chapter.id, "result": state.result,
            "mice": mice, "story_achievements": list(state.story_ach), "log": []}


def import_party(doc: Any) -> Party:
    if not isinstance(doc, Mapping) or doc.get("format") != FORMAT:
        raise PartyError("not a Mice and Mystics party document")
    if not isinstance(doc.get("version"), int) or doc["version"] > VERSION:
        raise PartyError(f"unsupported party version {doc.get('version')!r}")
    try:
        mice = tuple(PartyMouse(str(m["id"]), tuple(str(a) for a in m.get("abilities", [])),
                                tuple(str(c) for c in m.get("cards", [])), int(m.get("wounds", 0)),
                                int(m.get("poison", 0)))
                     for m in doc.get("mice", []))
    except (KeyError, TypeError, ValueError) as exc:
        raise PartyError(f"a mouse entry is malformed: {exc}") from None
    for m in mice:
        unknown = [a for a in m.abilities if a not in cards.abilities()]
        if unknown:
            raise PartyError(f"{m.id} has unknown abilities {unknown}")
    return Party(mice, tuple(str(s) for s in doc.get("story_achievements", [])),
                 tuple(dict(e) for e in doc.get("log", [])))


def party_from_options(options: Mapping[str, Any]) -> Party | None:
    doc = options.get("party")
    return None if doc is None else import_party(doc)


def record_decision(doc: dict[str, Any], chapter: str, result: str, decision: str) -> dict[str, Any]:
    """MM-END-6: the GM's decision after a chapter, kept in the campaign log."""
    entry = {"chapter": chapter, "result": result, "decision": decision}
    return {**doc, "log": [*doc.get("log", []), entry]}


def save_party(path: Path, doc: dict[str, Any]) -> None:
    import_party(doc)
    write_atomic(Path(path), json.dumps(doc, indent=1, sort_keys=True))


def load_party(path: Path) -> dict[str, Any]:
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise PartyError(f"{path}: cannot read the party ({exc})") from None
    import_party(doc)
    return dict(doc)
