"""Helldorado's unit data (HD-HOUSE-1): the profiles of ``data/units.json`` made into units."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from game.rules.helldorado.config import HDConfig
from game.rules.helldorado.state import Unit, Weapon

DATA = Path(__file__).resolve().parent / "data"


@cache
def unit_data() -> dict[str, Any]:
    """``data/units.json``: the profiles (by the map's profile ids) and the two forces."""
    return dict(json.loads((DATA / "units.json").read_text(encoding="utf-8")))


def weapon_from(data: dict[str, Any]) -> Weapon:
    return Weapon(str(data["id"]), str(data.get("name", data["id"])), str(data["kind"]),
                  tuple(int(v) for v in data.get("table", ())), float(data.get("range", 0.0)),
                  int(data.get("difficulty", 0)), int(data.get("power", 0)),
                  float(data.get("radius", 3.0)))


def make_unit(profile: str, uid: str, name: str, side: str, x: float, y: float, z: float = 0.0,
              cfg: HDConfig | None = None, **overrides: Any) -> Unit:
    """A unit of ``profile`` (a key of units.json) at (x, y, z) fathoms; overrides win."""
    cfg = cfg or HDConfig()
    data = unit_data()["profiles"].get(profile)
    if data is None:
        raise ValueError(f"unknown Helldorado profile {profile!r}; known: "
                         f"{', '.join(sorted(unit_data()['profiles']))}")
    size = str(data.get("base", "normal"))
    values: dict[str, Any] = {
        "id": uid, "name": name, "side": side, "profile": profile, "x": x, "y": y, "z": z,
        "radius": float(data.get("radius", cfg.base_radius(size))), "height": float(data.get("height", 1.0)),
        "size": size, "cbt": data.get("cbt"), "defence": int(data["def"]), "pr": int(data["pr"]),
        "lp": int(data["lp"]), "max_lp": int(data["lp"]), "shs": data.get("shs"),
        "mov": float(data["mov"]), "weapons": tuple(weapon_from(w) for w in data.get("weapons", ())),
        "points": int(data.get("points", 0)), "harmless": bool(data.get("harmless", False)),
        "flying": bool(data.get("flying", False)),
    }
    values.update(overrides)
    if "lp" in overrides and "max_lp" not in overrides:
        values["max_lp"] = max(values["lp"], values["max_lp"])
    return Unit(**values)
