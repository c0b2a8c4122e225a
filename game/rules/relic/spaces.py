"""What a Relic space does, as its map writes it (REL-BOARD-2, REL-WIN-4).

A space is a cell of the map's ``cells`` layer. Its name is the object's name (``name_ru`` in
Russian), what it says is ``text`` (``text_ru``), and what it does is in these properties:

* ``threats``: Threat cards drawn on landing, ``deck[:count]`` by commas (``red``, ``any:2``;
  ``any`` lets a die pick the deck);
* ``effects``: what happens next, in order, one effect a line or ``;`` between them:
  ``kind key=value ...`` with a kind of ``data/effects.json`` (``heal n=2``,
  ``roll min=3 else=lose_life:1``, ``teleport to=outer-18``);
* ``guardian``, ``guardian_name``, ``guardian_name_ru``, ``guardian_attribute``,
  ``guardian_value``: an enemy placed on the space on landing unless one is there;
* ``stop`` (a move passing here ends here), ``bounty`` (influence per battle won here),
  ``loss_penalty`` (``kind:n``, also paid for a battle lost here), ``sites`` (names missions
  look for, by commas: ``shrine``).

Reading a cell gives its rules and the faults found (a message each, error or warning); the
rings, crossings and starts are checked over the whole board (scenario.py). Pure Python.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.rules.relic.config import ATTRIBUTES

DATA = Path(__file__).resolve().parent / "data"
LANGS = ("en", "ru")  #: every name and text a player reads is given in each
THREAT_DECKS = ("red", "blue", "yellow")  #: REL-BOARD-7
ANY_DECK = "any"  #: a die picks the deck (1-2 red, 3-4 blue, 5-6 yellow)
ERROR, WARNING = "error", "warning"


@cache
def effect_types() -> dict[str, dict[str, Any]]:
    """The kinds of effect a space may have: kind -> {params: {name: default}, player, choice}."""
    doc = json.loads((DATA / "effects.json").read_text(encoding="utf-8"))
    return {k: dict(v) for k, v in doc["types"].items()}


@dataclass(frozen=True)
class SpaceEffect:
    """One effect printed on a space (a kind of ``data/effects.json`` and its numbers)."""

    do: str
    n: int = 0
    min: int = 0  #: roll: the least face that succeeds
    then: SpaceEffect | None = None  #: roll: on a success
    otherwise: SpaceEffect | None = None  #: roll: on a failure
    choice: bool = False  #: the space offers a choice of kind ``do``
    tier: str = ""  #: teleport, swap_places: the tier
    to: tuple[str, ...] = ()  #: teleport: the spaces offered (else the whole tier)
    cost: int = 0  #: buy_wargear: influence paid
    up_to: int = 0  #: shift: spaces moved at most


@dataclass(frozen=True)
class Guardian:
    """An enemy a space sets on itself (REL-BTL-3's record, without card text)."""

    id: str
    attribute: str
    value: int
    names: tuple[tuple[str, str], ...] = ()  #: (language, name)


@dataclass(frozen=True)
class SpaceRules:
    """Everything a space does besides where it lies."""

    threats: tuple[tuple[str, int], ...] = ()  #: (deck, cards), by deck name
    effects: tuple[SpaceEffect, ...] = ()
    guardian: Guardian | None = None
    stop: bool = False
    bounty: int = 0
    loss_penalty: SpaceEffect | None = None
    sites: tuple[str, ...] = ()


Found = list[tuple[str, str]]  #: (severity, message)


def did_you_mean(word: str, known: list[str] | tuple[str, ...]) -> str:
    """``"; did you mean 'heal'?"`` when ``word`` is close to a known one, else ``""``."""
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def _text(properties: Mapping[str, Any], key: str) -> str:
    value = properties.get(key)
    return value.strip() if isinstance(value, str) else ""


def _split(text: str) -> list[str]:
    return [v.strip() for v in text.split(",") if v.strip()]


def _int(text: str, what: str, found: Found) -> int | None:
    try:
        return int(text)
    except ValueError:
        found.append((ERROR, f"{what} must be a whole number, not {text!r}"))
        return None


def parse_player_effect(text: str, what: str, found: Found) -> SpaceEffect | None:
    """``lose_life:1`` (or ``skip_move``): a plain change to the player."""
    kind, _colon, count = text.strip().partition(":")
    types = effect_types()
    plain = sorted(k for k, v in types.items() if v.get("player"))
    if kind not in plain:
        found.append((ERROR, f"{what}: {kind!r} is not a change to the player{did_you_mean(kind, plain)} "
                             f"(one of {', '.join(plain)})"))
        return None
    n = types[kind]["params"].get("n", 0)
    if count:
        got = _int(count, f"{what}: the count after {kind}:", found)
        if got is None:
            return None
        n = got
    return SpaceEffect(kind, n=n)


def parse_effect(line: str, found: Found) -> SpaceEffect | None:
    """One line of ``effects``: ``kind key=value ...``."""
    words = line.split()
    kind = words[0]
    types = effect_types()
    if kind not in types:
        found.append((ERROR, f"unknown effect {kind!r}{did_you_mean(kind, sorted(types))} "
                             f"(the kinds are in game/rules/relic/data/effects.json)"))
        return None
    spec = types[kind]
    params: dict[str, Any] = dict(spec.get("params", {}))
    fields: dict[str, Any] = {}
    ok = True
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if not eq or key not in params:
            names = sorted(params)
            found.append((ERROR, f"effect {kind}: {word!r} is not a parameter of it"
                                 f"{did_you_mean(key, names)} (its parameters: {', '.join(names) or 'none'}; "
                                 "write key=value)"))
            ok = False
            continue
        if key in ("then", "else"):
            effect = parse_player_effect(value, f"effect {kind} {key}=", found)
            ok = ok and effect is not None
            fields["then" if key == "then" else "otherwise"] = effect
        elif key == "to":
            fields["to"] = tuple(_split(value))
        elif isinstance(params[key], int):
            got = _int(value, f"effect {kind} {key}=", found)
            ok = ok and got is not None
            params[key] = got
        else:
            params[key] = value
    if not ok:
        return None
    for key in ("n", "min", "cost", "up_to"):
        if key in params:
            fields[key] = int(params[key])
    if "tier" in params:
        fields["tier"] = str(params["tier"])
    if kind == "roll" and not (1 <= fields["min"] <= 6):
        found.append((ERROR, f"effect roll: min={fields['min']} is not a die's face (1 to 6)"))
        return None
    if kind == "roll" and fields.get("then") is None and fields.get("otherwise") is None:
        found.append((WARNING, "effect roll: neither then= nor else= says what the roll does"))
    return SpaceEffect(kind, choice=bool(spec.get("choice")), **fields)


def parse_threats(text: str, found: Found) -> tuple[tuple[str, int], ...]:
    counts: dict[str, int] = {}
    decks = [*THREAT_DECKS, ANY_DECK]
    for part in _split(text):
        deck, _colon, count = part.partition(":")
        deck = deck.strip()
        if deck not in decks:
            found.append((ERROR, f"threats: unknown deck {deck!r}{did_you_mean(deck, decks)} "
                                 f"(decks: {', '.join(decks)}; write deck or deck:count)"))
            continue
        n = _int(count.strip(), f"threats: the count of {deck}", found) if count else 1
        if n is not None:
            counts[deck] = counts.get(deck, 0) + n
    return tuple(sorted(counts.items()))


def parse_guardian(properties: Mapping[str, Any], found: Found) -> Guardian | None:
    ident = _text(properties, "guardian")
    keys = ("guardian_name", "guardian_attribute", "guardian_value")
    if not ident:
        if any(k in properties for k in keys):
            found.append((ERROR, "guardian_* properties without a 'guardian' id: give the enemy an id"))
        return None
    attribute = _text(properties, "guardian_attribute")
    if attribute not in ATTRIBUTES:
        found.append((ERROR, f"guardian {ident}: guardian_attribute {attribute!r} must be one of "
                             f"{', '.join(ATTRIBUTES)}{did_you_mean(attribute, ATTRIBUTES)}"))
        return None
    value = properties.get("guardian_value")
    if isinstance(value, str):
        value = _int(value, f"guardian {ident}: guardian_value", found)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        found.append((ERROR, f"guardian {ident}: guardian_value must be a whole number of 1 or more"))
        return None
    names = tuple((lang, _text(properties, "guardian_name" if lang == "en" else f"guardian_name_{lang}"))
                  for lang in LANGS)
    for lang, name in names:
        if not name:
            key = "guardian_name" if lang == "en" else f"guardian_name_{lang}"
            found.append((ERROR, f"guardian {ident} has no name in {lang}: add the property {key}"))
    return Guardian(ident, attribute, int(value), tuple((lang, n) for lang, n in names if n))


def parse_rules(properties: Mapping[str, Any]) -> tuple[SpaceRules, Found]:
    """What a space does, from its cell's properties, and the faults in them."""
    found: Found = []
    threats = parse_threats(_text(properties, "threats"), found)
    effects = []
    raw = properties.get("effects")
    for line in str(raw or "").replace(";", "\n").splitlines():
        if line.strip():
            effect = parse_effect(line.strip(), found)
            if effect is not None:
                effects.append(effect)
    penalty = None
    if _text(properties, "loss_penalty"):
        penalty = parse_player_effect(_text(properties, "loss_penalty"), "loss_penalty", found)
    bounty = properties.get("bounty", 0)
    if isinstance(bounty, str) and bounty.strip().isdigit():
        bounty = int(bounty)  # a string property that says a number will do
    if not isinstance(bounty, int) or isinstance(bounty, bool) or bounty < 0:
        found.append((ERROR, f"bounty must be a whole number of 0 or more, not {bounty!r}"))
        bounty = 0
    stop = properties.get("stop", False)
    if isinstance(stop, str) and stop.strip().lower() in ("true", "false"):
        stop = stop.strip().lower() == "true"
    if not isinstance(stop, bool):
        found.append((ERROR, f"stop must be true or false (a bool property), not {stop!r}"))
        stop = False
    rules = SpaceRules(threats, tuple(effects), parse_guardian(properties, found), stop, bounty,
                       penalty, tuple(_split(_text(properties, "sites"))))
    return rules, found


def names_of(name: str, properties: Mapping[str, Any], key: str = "name") -> tuple[tuple[str, str], ...]:
    """(language, words) of a space's name (the object's name and ``name_ru``) or of its text
    (``text``, ``text_ru``); a language the map does not give is left out."""
    out = []
    for lang in LANGS:
        if lang == "en":
            words = name.strip() if key == "name" else _text(properties, key)
        else:
            words = _text(properties, f"{key}_{lang}")
        if words:
            out.append((lang, words))
    return tuple(out)
