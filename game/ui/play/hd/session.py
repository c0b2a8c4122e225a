"""A Helldorado match as the play screen uses it: commands in player-sized groups (``Activate``
then the action), undo and redo by group, the AI's next command, saves, the log in words and the
choices the rules allow for a unit. Plain Python, no pygame.

The match state changes only through ``Match.submit``, ``Match.undo`` and ``Match.redo``. The
plumbing shared with One for All is ``MatchSession`` (``game.ui.play.match_session``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.board.names import local_name, local_side_name
from game.core.dice import SeededDice
from game.i18n import N_, _, language
from game.rules import registry
from game.rules.engine import Event, IllegalCommand, Match, SaveError, Setup
from game.rules.helldorado.commands import (
    Activate,
    Blast,
    Charge,
    Climb,
    Concentrate,
    End,
    Fight,
    Focus,
    Move,
    OrderChain,
    PickAttacker,
    PickWeapon,
    Reroll,
    Retreat,
    Shoot,
    ShootAt,
    UseHits,
    VaeVictis,
)
from game.rules.helldorado.game import MAPS_DIR, Helldorado, unit_data
from game.rules.helldorado.refusals import REFUSALS
from game.rules.helldorado.state import HDState
from game.ui.play import match_session
from game.ui.play.choices import Choice, Group
from game.ui.play.match_session import (
    HISTORY_REASONS,
    LogEntry,
    LogLine,
    MatchSession,
    Submitted,
    history_reason,
    split_rules,
)

__all__ = ["HISTORY_REASONS", "PENDING_TITLES", "HDNames", "HDSession", "LogEntry", "LogLine",
           "Submitted", "Tool", "history_reason", "map_setting", "new_hd_match"]


def map_setting(map_path: Path) -> str:
    return match_session.map_setting(map_path, MAPS_DIR)


def new_hd_match(map_path: Path, seed: int | None = None, *, autosave: Path | None = None,
                 options: dict[str, Any] | None = None, mode: str = "teaching") -> Match:
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else seed
    return Match(registry.get("helldorado"), Setup("helldorado", map_setting(map_path), seed,
                                                   dict(options or {})), mode=mode, autosave=autosave)


@dataclass(frozen=True)
class Tool:
    """An action the player finishes on the table: a template to turn, a point to fire at."""

    kind: str  #: "template" or "explosion"
    unit: str
    weapon: str


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
        if isinstance(c, Activate):
            return _("Activate {unit}").format(unit=n(c.unit))
        if isinstance(c, Move):
            return _("{unit} moves {d:.2f} f").format(unit=n(c.unit), d=c.length)
        if isinstance(c, Retreat):
            return _("{unit} retreats {d:.2f} f").format(unit=n(c.unit), d=c.length)
        if isinstance(c, Climb):
            return (_("{unit} climbs up") if c.solid else _("{unit} climbs down")).format(unit=n(c.unit))
        if isinstance(c, Charge):
            text = _("{unit} charges {target}").format(unit=n(c.unit), target=n(c.target))
            return text + (f" ({self.weapon(c.weapon)})" if c.weapon else "")
        if isinstance(c, Fight):
            text = _("{unit} fights {target}").format(unit=n(c.unit), target=n(c.target))
            return text + (f" ({self.weapon(c.weapon)})" if c.weapon else "")
        if isinstance(c, Shoot):
            return _("{unit} shoots {target} ({weapon})").format(
                unit=n(c.unit), target=n(c.target), weapon=self.weapon(c.weapon))
        if isinstance(c, ShootAt):
            return _("{unit} fires {weapon} at ({x:.1f}, {y:.1f}) f").format(
                unit=n(c.unit), weapon=self.weapon(c.weapon), x=c.x, y=c.y)
        if isinstance(c, Blast):
            return _("{unit} lays the {weapon} template at {angle:.0f}°").format(
                unit=n(c.unit), weapon=self.weapon(c.weapon), angle=c.angle)
        if isinstance(c, Concentrate):
            return _("{unit} concentrates").format(unit=n(c.unit))
        if isinstance(c, Focus):
            return _("{unit} focuses").format(unit=n(c.unit))
        if isinstance(c, End):
            return _("{unit} ends its activation").format(unit=n(c.unit))
        if isinstance(c, VaeVictis):
            return _("Vae Victis for {unit}").format(unit=n(c.unit))
        if isinstance(c, PickWeapon):
            return _("Weapon: {weapon}").format(
                weapon=self.weapon(c.weapon) if c.weapon else _("undeclared"))
        if isinstance(c, PickAttacker):
            return _("{unit} strikes").format(unit=n(c.unit))
        if isinstance(c, Reroll):
            return (_("Re-roll dice {dice}").format(dice=", ".join(str(i + 1) for i in c.dice))
                    if c.dice else _("Keep the dice"))
        if isinstance(c, UseHits):
            return _("Use hits: {n}").format(n=c.hits)
        if isinstance(c, OrderChain):
            return _("Chain order: {units}").format(units=", ".join(n(u) for u in c.units))
        return type(c).__name__


#: the titles of the pending choices of an attack sequence (``Pending.kind``)
PENDING_TITLES = {"declare": N_("Declare the weapon"), "table": N_("Pick the opponent's table"),
                  "attacker": N_("Who strikes"), "reroll": N_("Re-roll misses"),
                  "hits": N_("Hits to use"), "order": N_("Chain order")}
class HDSession(MatchSession[HDState, Helldorado]):
    def __init__(self, match: Match, *, ai_sides: Sequence[str] = (), ai_seed: int = 7,
                 lang: str | None = None) -> None:
        if not isinstance(match.system, Helldorado):
            raise TypeError("the Helldorado play screen needs a Helldorado match")
        super().__init__(match, match.system, ai_sides=ai_sides, ai_seed=ai_seed)
        board = getattr(self.system.table_of(match.state), "board", None)
        self.names: HDNames = HDNames(match.state, board)
        del lang  # the log follows the program's language (``lang``), kept for old callers

    # ------------------------------------------------------------------ reading
    def can_act(self, unit_id: str) -> bool:
        """May the side to play use this unit now (the active one, or one ready to activate)?"""
        st = self.state
        if st.over or st.pending is not None or not st.has_unit(unit_id):
            return False
        u = st.unit(unit_id)
        if not u.alive or u.side != st.turn:
            return False
        if st.activation is not None:
            return st.activation.unit == unit_id
        return not u.activated

    def acting_state(self, unit_id: str) -> HDState | None:
        """The state in which ``unit_id`` is active (after a scratch Activate), or None."""
        st = self.state
        if not self.can_act(unit_id):
            return None
        if st.activation is not None:
            return st
        try:
            return self.system.apply(st, Activate(unit_id), SeededDice(0)).state
        except IllegalCommand:
            return None

    def prefix(self, unit_id: str) -> tuple[Any, ...]:
        """The ``Activate`` a command of ``unit_id`` needs first (or nothing)."""
        act = self.state.activation
        return () if act is not None and act.unit == unit_id else (Activate(unit_id),)

    # ------------------------------------------------------------------ choices
    def choices(self, unit_id: str) -> list[Group]:
        """What the player may do now: the pending choice's answers, else the unit's actions
        (moves are dragged on the table; templates and explosions are placed on it)."""
        st = self.state
        if st.over:
            return []
        if st.pending is not None:
            p = st.pending
            title = _(PENDING_TITLES[p.kind]) if p.kind in PENDING_TITLES else p.kind
            answers = [Choice(self.names.command(c), c, "pending") for c in self.legal()
                       if not isinstance(c, VaeVictis)]
            vae = [Choice(self.names.command(c), c, "vae") for c in self.legal()
                   if isinstance(c, VaeVictis)]
            groups = [Group("pending", f"{self.names.of(p.unit)}: {title}", tuple(answers))]
            if vae:
                groups.append(Group("vae", _("Order"), tuple(vae)))
            return groups
        acting = self.acting_state(unit_id)
        if acting is None:
            return []
        legal = self.system.legal_commands(acting)
        u = acting.unit(unit_id)
        attack: list[Choice] = []
        shoot: list[Choice] = []
        other: list[Choice] = []
        for c in legal:
            if isinstance(c, Charge | Fight):
                label = (_("charges {target}") if isinstance(c, Charge) else _("fights {target}")).format(
                    target=self.names.of(c.target))
                attack.append(Choice(label + (f" ({self.names.weapon(c.weapon)})" if c.weapon else ""), c,
                                     "attack"))
            elif isinstance(c, Shoot):
                shoot.append(Choice(_("Shoot {target} ({weapon})").format(
                    target=self.names.of(c.target), weapon=self.names.weapon(c.weapon)), c, "shoot"))
            elif isinstance(c, Climb):
                other.append(Choice(_("Climb up") if c.solid else _("Climb down"), c, "self"))
            elif isinstance(c, Concentrate):
                other.append(Choice(_("Concentrate"), c, "self"))
            elif isinstance(c, Focus):
                other.append(Choice(_("Focus"), c, "self"))
        for w in u.weapons:
            name = self.names.weapon(w.id, w.name)
            if w.kind in ("cloud", "impact") and self._may_shoot(acting, unit_id):
                shoot.append(Choice(_("Template: {weapon}").format(weapon=name),
                                    Tool("template", u.id, w.id), "shoot"))
            if w.kind == "explosion" and self._may_shoot(acting, unit_id):
                shoot.append(Choice(_("Fire {weapon} at a point").format(weapon=name),
                                    Tool("explosion", u.id, w.id), "shoot"))
        groups = []
        if attack:
            groups.append(Group("attack", _("Melee"), tuple(attack)))
        if shoot:
            groups.append(Group("shoot", _("Shoot"), tuple(shoot)))
        if other:
            groups.append(Group("self", _("Unit"), tuple(other)))
        if st.activation is not None:
            groups.append(Group("end", _("Activation"), (Choice(_("End"), End(unit_id), "end"),)))
        return groups

    def _may_shoot(self, st: HDState, unit_id: str) -> bool:
        u = st.unit(unit_id)
        act = st.activation
        return (u.shs is not None and not self.system.engaged(st, u)
                and not (act is not None and act.retreated))

    # ------------------------------------------------------------------ changing
    def _rehearse(self, state: HDState, commands: Sequence[Any]) -> None:
        """All but the last command in turn, then the rules' check of the last one (it raises
        ``IllegalCommand`` when the rules refuse it; nothing is rolled)."""
        scratch = state
        for command in commands[:-1]:
            scratch = self.system.apply(scratch, command, SeededDice(0)).state
        self.system.check(scratch, commands[-1])

    refusals = REFUSALS

    def refusal_name(self, ident: str) -> str:
        """A unit, a side, a weapon or a piece of terrain a refusal names, in the current
        language."""
        return self.names.rename(ident)

    # undo: the engine's words as they are (the view words them with ``history_reason``)

    # ------------------------------------------------------------------ saves
    @classmethod
    def load(cls, path: Path, *, autosave: Path | None = None, ai_sides: Sequence[str] = (),
             lang: str | None = None) -> HDSession:
        match = Match.load(path, registry.get, autosave=autosave)
        if not isinstance(match.system, Helldorado):
            raise SaveError(str(path), _("is a {system} game, not Helldorado").format(
                system=match.setup.system))
        return cls(match, ai_sides=ai_sides, lang=lang)

    # ------------------------------------------------------------------ words
    def explain(self, event: Event) -> LogLine:
        line = self.system.explain(self.names.event(event), self.lang).replace("→", "->")
        text, rules = split_rules(line)
        return LogLine(text, rules)

    def _step_side(self, before: HDState, command: Any) -> str:
        """The side answering a pending choice, else the side whose turn it was."""
        return before.pending.side if before.pending is not None else before.turn
