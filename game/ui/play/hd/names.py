"""Helldorado's names for the screen: units, sides, weapons and terrain in the current language,
events with names for ids, commands in words. Plain Python, no pygame."""

from __future__ import annotations

from functools import cache
from typing import Any

from game.board.names import local_name, local_side_name
from game.i18n import _, language
from game.rules.engine import Event
from game.rules.helldorado import commands as hd
from game.rules.helldorado.game import unit_data
from game.rules.helldorado.state import HDState


@cache
def _unit_words(lang: str) -> tuple[dict[str, str], dict[str, tuple[str, str]], dict[str, str]]:
    """From ``units.json``: weapon id -> name, profile id -> (English name, name), force id ->
    name, in ``lang`` (``name_<lang>`` where the file has it, else the English name)."""
    data = unit_data()
    key = f"name_{lang}"
    weapons: dict[str, str] = {}
    profiles: dict[str, tuple[str, str]] = {}
    for pid, prof in data.get("profiles", {}).items():
        en = str(prof.get("name", pid))
        profiles[pid] = (en, str(prof.get(key) or en))
        for w in prof.get("weapons", ()):
            weapons[str(w["id"])] = str(w.get(key) or w.get("name", w["id"]))
    forces = {fid: str(f[key]) for fid, f in data.get("forces", {}).items() if f.get(key)}
    return weapons, profiles, forces


class HDNames:
    """Unit, side, weapon and terrain names for the screen, in the current language (ids in
    events become names). The map's ``name_<lang>`` / ``side_<side>_<lang>`` properties win;
    without them the unit data's names stand in: a side named like a force of ``units.json``, a
    unit named after its profile ("Damned 2")."""

    def __init__(self, state: HDState, board: Any = None) -> None:
        self._units = {u.id: u for u in state.units}
        self._names = {u.id: u.name for u in state.units}
        spawns = getattr(board, "spawns", ()) or ()
        self._spawn_props = {sp.name: sp.properties for sp in spawns}
        self._pieces = {str(t.id): t for t in getattr(board, "terrain", ()) or ()}
        self._map_props: Any = getattr(board, "properties", {}) or {}
        self._by_lang: dict[str, dict[str, str]] = {}

    def _local(self) -> dict[str, str]:
        """Unit id (and English name) -> the unit's name in the current language."""
        lang = language()
        got = self._by_lang.get(lang)
        if got is None:
            _w, profiles, _f = _unit_words(lang)
            got = {}
            for uid, u in self._units.items():
                name = local_name(u.name, self._spawn_props.get(u.name, {}), lang)
                if name == u.name and lang != "en" and u.profile in profiles:
                    en, there = profiles[u.profile]
                    if u.name == en or u.name.startswith(en + " "):
                        name = there + u.name[len(en):]
                got[uid] = got[u.name] = name
            self._by_lang[lang] = got
        return got

    def of(self, ident: str) -> str:
        return self._local().get(ident, self._names.get(ident, ident))

    def side(self, side: str) -> str:
        lang = language()
        props = self._map_props
        if lang != "en" and not props.get(f"side_{side}_{lang}"):
            force = _unit_words(lang)[2].get(side)
            if force:
                return force
        return local_side_name(side, props, lang)

    def weapon(self, weapon_id: str, fallback: str = "") -> str:
        return _unit_words(language())[0].get(weapon_id, fallback or weapon_id)

    def profile(self, profile_id: str) -> str:
        return _unit_words(language())[1].get(profile_id, (profile_id, profile_id))[1]

    def thing(self, ident: str, kind: str = "") -> str:
        """What a move touches or what is in the way: a unit, a terrain piece, the table edge."""
        if kind == "board_edge":
            return _("the table edge")
        if kind == "surface_edge":
            return _("the edge of the surface")
        if ident in self._units or ident in self._names.values():
            return self.of(ident)
        piece = self._pieces.get(ident)
        if piece is not None:
            return local_name(piece.name, piece.properties) or _("terrain {id}").format(id=ident)
        return self.of(ident) if not kind else _("terrain {id}").format(id=ident)

    def rename(self, text: str) -> str:
        """An id (or English name) of a unit, a piece of terrain, a side or a weapon, as the
        reader sees it in the current language; anything else as it is."""
        if text in self._units or text in self._names.values():
            return self.of(text)
        if text in self._pieces:
            return self.thing(text, "terrain")
        sides = {u.side for u in self._units.values()}
        if text in sides:
            return self.side(text)
        weapon = _unit_words("en")[0]
        for wid, name in weapon.items():
            if text in (wid, name):
                return self.weapon(wid)
        for piece in self._pieces.values():  # a terrain kind stands for a piece of that kind
            if text == piece.kind:
                return local_name(piece.name, piece.properties)
        return text

    def event(self, event: Event) -> Event:
        def fix(v: Any) -> Any:
            if isinstance(v, str):
                return self.of(v) if v in self._names else v
            if isinstance(v, tuple):
                return tuple(fix(x) for x in v)
            return v

        def value(k: str, v: Any) -> Any:
            if k in ("weapon", "a_weapon", "d_weapon"):
                return self.weapon(v) if v else v
            if k in ("side", "first", "to", "chosen_by"):
                return self.side(v) if isinstance(v, str) and v else v
            if k == "winners":
                return tuple(self.side(s) for s in v)
            if k == "scores":
                return tuple((self.side(s), n) for s, n in v)
            if k == "touched":
                return self.thing(v, str(event.data.get("touched_kind", ""))) if v else v
            if k in ("kind", "reason", "band", "how", "touched_kind"):
                return v
            return fix(v)

        values = tuple((k, value(k, v)) for k, v in event.values)
        return Event(event.kind, event.rules, values, self.of(event.actor), event.motion)

    def command(self, c: Any, st: HDState | None = None) -> str:
        n = self.of
        if isinstance(c, hd.Activate):
            return _("Activate {unit}").format(unit=n(c.unit))
        if isinstance(c, hd.Move):
            return _("{unit} moves {d:.2f} f").format(unit=n(c.unit), d=c.length)
        if isinstance(c, hd.Retreat):
            return _("{unit} retreats {d:.2f} f").format(unit=n(c.unit), d=c.length)
        if isinstance(c, hd.Climb):
            return (_("{unit} climbs up") if c.solid else _("{unit} climbs down")).format(unit=n(c.unit))
        if isinstance(c, hd.Charge):
            text = _("{unit} charges {target}").format(unit=n(c.unit), target=n(c.target))
            return text + (f" ({self.weapon(c.weapon)})" if c.weapon else "")
        if isinstance(c, hd.Fight):
            text = _("{unit} fights {target}").format(unit=n(c.unit), target=n(c.target))
            return text + (f" ({self.weapon(c.weapon)})" if c.weapon else "")
        if isinstance(c, hd.Shoot):
            return _("{unit} shoots {target} ({weapon})").format(
                unit=n(c.unit), target=n(c.target), weapon=self.weapon(c.weapon))
        if isinstance(c, hd.ShootAt):
            return _("{unit} fires {weapon} at ({x:.1f}, {y:.1f}) f").format(
                unit=n(c.unit), weapon=self.weapon(c.weapon), x=c.x, y=c.y)
        if isinstance(c, hd.Blast):
            return _("{unit} lays the {weapon} template at {angle:.0f}°").format(
                unit=n(c.unit), weapon=self.weapon(c.weapon), angle=c.angle)
        if isinstance(c, hd.Concentrate):
            return _("{unit} concentrates").format(unit=n(c.unit))
        if isinstance(c, hd.Focus):
            return _("{unit} focuses").format(unit=n(c.unit))
        if isinstance(c, hd.End):
            return _("{unit} ends its activation").format(unit=n(c.unit))
        if isinstance(c, hd.VaeVictis):
            return _("Vae Victis for {unit}").format(unit=n(c.unit))
        if isinstance(c, hd.PickWeapon):
            return _("Weapon: {weapon}").format(
                weapon=self.weapon(c.weapon) if c.weapon else _("undeclared"))
        if isinstance(c, hd.PickAttacker):
            return _("{unit} strikes").format(unit=n(c.unit))
        if isinstance(c, hd.Reroll):
            return (_("Re-roll dice {dice}").format(dice=", ".join(str(i + 1) for i in c.dice))
                    if c.dice else _("Keep the dice"))
        if isinstance(c, hd.UseHits):
            return _("Use hits: {n}").format(n=c.hits)
        if isinstance(c, hd.OrderChain):
            return _("Chain order: {units}").format(units=", ".join(n(u) for u in c.units))
        return type(c).__name__
