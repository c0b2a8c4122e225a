"""Weapons for the ruler and figure looks, from the Helldorado unit profiles (plain Python).

The ruler's range bands are those of a chosen weapon: the shooting weapons of the profiles in
``game/rules/helldorado/data/units.json`` (ranges in fathoms), then a few plain ranges.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from game.core.units import FATHOM_MM
from game.rules.helldorado.game import unit_data

PLAIN_RANGES_F = (2.0, 4.0, 6.0, 8.0, 12.0)
#: HD-0-3 base diameters (mm)
BASE_MM = {"normal": 30.0, "large": 40.0, "huge": 50.0}


@dataclass(frozen=True)
class Weapon:
    name: str  #: the profile's English name ("" for a plain range)
    name_ru: str
    range_mm: float


@cache
def _profiles() -> dict[str, Any]:
    try:
        data = unit_data()  # the rules' own reading of their data file
        profiles = data.get("profiles", {})
        return profiles if isinstance(profiles, dict) else {}
    except (OSError, ValueError, AttributeError):
        return {}


@cache
def weapons() -> tuple[Weapon, ...]:
    out: list[Weapon] = []
    seen: set[str] = set()
    for prof in _profiles().values():
        for w in prof.get("weapons", ()):
            rng = w.get("range")
            if isinstance(rng, int | float) and rng > 0 and w.get("id") not in seen:
                seen.add(w.get("id"))
                out.append(Weapon(str(w.get("name", "")), str(w.get("name_ru", w.get("name", ""))),
                                  float(rng) * FATHOM_MM))
    out.sort(key=lambda w: w.range_mm)
    return tuple(out) + tuple(Weapon("", "", r * FATHOM_MM) for r in PLAIN_RANGES_F)


def next_weapon(current_mm: float, current_name: str) -> Weapon:
    """The weapon after the current one (cycling)."""
    ws = weapons()
    for k, w in enumerate(ws):
        if w.name == current_name and abs(w.range_mm - current_mm) < 1e-6:
            return ws[(k + 1) % len(ws)]
    return ws[0]


def profile_look(profile: str) -> tuple[float, float] | None:
    """(base radius, model height) in mm of a Helldorado profile, None when unknown."""
    prof = _profiles().get(profile)
    if not isinstance(prof, dict):
        return None
    diameter = BASE_MM.get(str(prof.get("base", "")))
    height = prof.get("height")
    if diameter is None or not isinstance(height, int | float) or height <= 0:
        return None
    return diameter / 2.0, float(height) * FATHOM_MM
