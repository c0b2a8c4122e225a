"""A Helldorado match as the play screen uses it: commands in player-sized groups (``Activate``
then the action), undo and redo by group, the AI's next command, saves, the log in words and the
choices the rules allow for a unit. Plain Python, no pygame.

The match state changes only through ``Match.submit``, ``Match.undo`` and ``Match.redo``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.dice import SeededDice
from game.rules import registry
from game.rules.engine import Event, IllegalCommand, Match, SaveError, Setup
from game.rules.engine.history import GroupedHistory
from game.rules.engine.selfplay import greedy_policy
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
from game.rules.helldorado.game import MAPS_DIR, Helldorado
from game.rules.helldorado.state import HDState
from game.ui.play.actions import Choice, Group
from game.ui.play.names import split_rules
from game.ui.play.session import LogEntry, LogLine


def map_setting(map_path: Path) -> str:
    path = Path(map_path).resolve()
    try:
        return str(path.relative_to(MAPS_DIR.resolve()))
    except ValueError:
        return str(path)


def new_hd_match(map_path: Path, seed: int | None = None, *, autosave: Path | None = None,
                 options: dict[str, Any] | None = None) -> Match:
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else seed
    return Match(registry.get("helldorado"), Setup("helldorado", map_setting(map_path), seed,
                                                   dict(options or {})), autosave=autosave)


@dataclass(frozen=True)
class Submitted:
    """What a group of commands did: the events, the state before, or why it was refused."""

    ok: bool
    events: tuple[Event, ...] = ()
    before: HDState | None = None
    reason: str = ""


@dataclass(frozen=True)
class Tool:
    """An action the player finishes on the table: a template to turn, a point to fire at."""

    kind: str  #: "template" or "explosion"
    unit: str
    weapon: str


class HDNames:
    """Unit and side names for the screen (ids in events become the units' names)."""

    def __init__(self, state: HDState) -> None:
        self._names = {u.id: u.name for u in state.units}

    def of(self, ident: str) -> str:
        return self._names.get(ident, ident)

    @staticmethod
    def side(side: str) -> str:
        return side.replace("_", " ").title()

    def event(self, event: Event) -> Event:
        def fix(v: Any) -> Any:
            if isinstance(v, str):
                return self._names.get(v, v)
            if isinstance(v, tuple):
                return tuple(fix(x) for x in v)
            return v

        values = tuple((k, fix(v) if k not in ("weapon", "side", "kind", "reason", "band") else v)
                       for k, v in event.values)
        return Event(event.kind, event.rules, values, self.of(event.actor), event.motion)

    def command(self, c: Any, st: HDState | None = None) -> str:
        n = self.of
        if isinstance(c, Activate):
            return f"Activate {n(c.unit)}"
        if isinstance(c, Move):
            return f"{n(c.unit)} moves {c.length:.2f} f"
        if isinstance(c, Retreat):
            return f"{n(c.unit)} retreats {c.length:.2f} f"
        if isinstance(c, Climb):
            return f"{n(c.unit)} climbs {'up' if c.solid else 'down'}"
        if isinstance(c, Charge):
            return f"{n(c.unit)} charges {n(c.target)}" + (f" ({c.weapon})" if c.weapon else "")
        if isinstance(c, Fight):
            return f"{n(c.unit)} fights {n(c.target)}" + (f" ({c.weapon})" if c.weapon else "")
        if isinstance(c, Shoot):
            return f"{n(c.unit)} shoots {n(c.target)} ({c.weapon})"
        if isinstance(c, ShootAt):
            return f"{n(c.unit)} fires {c.weapon} at ({c.x:.1f}, {c.y:.1f}) f"
        if isinstance(c, Blast):
            return f"{n(c.unit)} lays the {c.weapon} template at {c.angle:.0f}°"
        if isinstance(c, Concentrate):
            return f"{n(c.unit)} concentrates"
        if isinstance(c, Focus):
            return f"{n(c.unit)} focuses"
        if isinstance(c, End):
            return f"{n(c.unit)} ends its activation"
        if isinstance(c, VaeVictis):
            return f"Vae Victis for {n(c.unit)}"
        if isinstance(c, PickWeapon):
            return f"Weapon: {c.weapon or 'undeclared'}"
        if isinstance(c, PickAttacker):
            return f"{n(c.unit)} strikes"
        if isinstance(c, Reroll):
            return ("Re-roll dice " + ", ".join(str(i + 1) for i in c.dice)) if c.dice \
                else "Keep the dice"
        if isinstance(c, UseHits):
            return f"Use {c.hits} hit(s)"
        if isinstance(c, OrderChain):
            return "Chain order: " + ", ".join(n(u) for u in c.units)
        return type(c).__name__


class HDSession:
    def __init__(self, match: Match, *, ai_sides: Sequence[str] = (), ai_seed: int = 7,
                 lang: str = "en") -> None:
        if not isinstance(match.system, Helldorado):
            raise TypeError("the Helldorado play screen needs a Helldorado match")
        self.match = match
        self.system: Helldorado = match.system
        self.names = HDNames(match.state)
        self.ai_sides: set[str] = {s for s in ai_sides if s in match.state.sides}
        self.lang = lang
        self._rng = random.Random(ai_seed)
        self.history = GroupedHistory(match)
        self._legal: tuple[HDState, list[Any]] | None = None
        self._log: tuple[tuple[int, str], list[LogEntry]] | None = None
        self.revision = 0

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> HDState:
        return self.match.state

    def to_play(self) -> str | None:
        return self.match.current_player()

    def ai_to_play(self) -> bool:
        side = self.to_play()
        return side is not None and side in self.ai_sides

    def legal(self) -> list[Any]:
        st = self.state
        if self._legal is None or self._legal[0] is not st:
            self._legal = (st, list(self.system.legal_commands(st)))
        return self._legal[1]

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
            title = {"declare": "Declare the weapon", "table": "Pick the opponent's table",
                     "attacker": "Who strikes", "reroll": "Re-roll misses",
                     "hits": "Hits to use", "order": "Chain order"}.get(p.kind, p.kind)
            answers = [Choice(self.names.command(c), c, "pending") for c in self.legal()
                       if not isinstance(c, VaeVictis)]
            vae = [Choice(self.names.command(c), c, "vae") for c in self.legal()
                   if isinstance(c, VaeVictis)]
            groups = [Group("pending", f"{self.names.of(p.unit)}: {title}", tuple(answers))]
            if vae:
                groups.append(Group("vae", "Order", tuple(vae)))
            return groups
        acting = self.acting_state(unit_id)
        if acting is None:
            return []
        legal = self.system.legal_commands(acting)
        u = acting.unit(unit_id)
        attack, shoot, other = [], [], []
        for c in legal:
            if isinstance(c, Charge | Fight):
                attack.append(Choice(self.names.command(c).replace(f"{u.name} ", ""), c, "attack"))
            elif isinstance(c, Shoot):
                shoot.append(Choice(f"Shoot {self.names.of(c.target)} ({c.weapon})", c, "shoot"))
            elif isinstance(c, Climb):
                other.append(Choice("Climb up" if c.solid else "Climb down", c, "self"))
            elif isinstance(c, Concentrate | Focus):
                other.append(Choice(type(c).__name__, c, "self"))
        for w in u.weapons:
            if w.kind in ("cloud", "impact") and self._may_shoot(acting, unit_id):
                shoot.append(Choice(f"Template: {w.name}", Tool("template", u.id, w.id), "shoot"))
            if w.kind == "explosion" and self._may_shoot(acting, unit_id):
                shoot.append(Choice(f"Fire {w.name} at a point", Tool("explosion", u.id, w.id),
                                    "shoot"))
        groups = []
        if attack:
            groups.append(Group("attack", "Melee", tuple(attack)))
        if shoot:
            groups.append(Group("shoot", "Shoot", tuple(shoot)))
        if other:
            groups.append(Group("self", "Unit", tuple(other)))
        if st.activation is not None:
            groups.append(Group("end", "Activation", (Choice("End", End(unit_id), "end"),)))
        return groups

    def _may_shoot(self, st: HDState, unit_id: str) -> bool:
        u = st.unit(unit_id)
        act = st.activation
        return (u.shs is not None and not self.system.engaged(st, u)
                and not (act is not None and act.retreated))

    # ------------------------------------------------------------------ changing
    def submit(self, *commands: Any) -> Submitted:
        if not commands:
            return Submitted(False, reason="nothing to do")
        before = self.state
        if len(commands) > 1:
            scratch = before
            try:
                for command in commands[:-1]:
                    scratch = self.system.apply(scratch, command, SeededDice(0)).state
                from game.rules.helldorado.ai import passes

                if not passes(self.system, scratch, commands[-1]):
                    self.system.apply(scratch, commands[-1], SeededDice(0))
            except IllegalCommand as exc:
                return Submitted(False, before=before, reason=f"{exc.rule_id}: {exc.reason}")
        try:
            events = self.history.submit(commands)
        except IllegalCommand as exc:  # the real dice made a later command illegal
            self._changed()
            return Submitted(False, before=before, reason=f"{exc.rule_id}: {exc.reason}")
        self._changed()
        return Submitted(True, events, before)

    def can_undo(self) -> tuple[bool, str]:
        return self.history.can_undo()

    def undo(self) -> str:
        """Undo the last group; returns the reason when it cannot be undone ("" when done)."""
        why = self.history.undo()
        if not why:
            self._changed()
        return why

    def can_redo(self) -> bool:
        return self.history.can_redo()

    def redo(self) -> Submitted:
        if not self.history.can_redo():
            return Submitted(False, reason="nothing to redo")
        before = self.state
        try:
            events = self.history.redo()
        except IllegalCommand as exc:
            self._changed()
            return Submitted(False, before=before, reason=f"{exc.rule_id}: {exc.reason}")
        self._changed()
        return Submitted(True, events, before)

    def ai_command(self) -> Any | None:
        legal = self.legal()
        if not legal:
            return None
        return greedy_policy(self.system, self.state, legal, self._rng)

    def _changed(self) -> None:
        self.revision += 1

    # ------------------------------------------------------------------ saves
    def save(self, path: Path) -> None:
        self.match.save(path)

    @classmethod
    def load(cls, path: Path, *, autosave: Path | None = None, ai_sides: Sequence[str] = (),
             lang: str = "en") -> HDSession:
        match = Match.load(path, registry.get, autosave=autosave)
        if not isinstance(match.system, Helldorado):
            raise SaveError(str(path), f"is a {match.setup.system} game, not Helldorado")
        return cls(match, ai_sides=ai_sides, lang=lang)

    # ------------------------------------------------------------------ words
    def explain(self, event: Event) -> LogLine:
        line = self.system.explain(self.names.event(event), self.lang).replace("→", "->")
        text, rules = split_rules(line)
        return LogLine(text, rules)

    def log(self) -> list[LogEntry]:
        key = (self.revision, self.lang)
        if self._log is not None and self._log[0] == key:
            return self._log[1]
        entries: list[LogEntry] = []
        for i, step in enumerate(self.match.steps):
            before: HDState = step.before
            side = before.pending.side if before.pending is not None else before.turn
            lines = tuple(self.explain(e) for e in step.events)
            entries.append(LogEntry(i + 1, self.names.command(step.command, before), side, lines))
        entries.reverse()
        self._log = (key, entries)
        return entries
