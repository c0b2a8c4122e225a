"""A Helldorado match as the play screen uses it: the shell's session (``MatchSession``:
commands in player-sized groups, undo and redo by group, the AI's next command, saves, the log)
with Helldorado's own parts: the choices the rules allow for a unit, the ``Activate`` a command
needs first, its names and refusals. Plain Python, no pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.dice import SeededDice
from game.i18n import N_, _
from game.rules.engine import Event, IllegalCommand, Match
from game.rules.helldorado import commands as hd
from game.rules.helldorado.game import MAPS_DIR, Helldorado
from game.rules.helldorado.refusals import REFUSALS
from game.rules.helldorado.state import HDState
from game.ui.play import match_session
from game.ui.play.choices import Choice, Group
from game.ui.play.hd.names import HDNames
from game.ui.play.match_session import MatchSession


def map_setting(map_path: Path) -> str:
    return match_session.map_setting(map_path, MAPS_DIR)


def new_hd_match(map_path: Path, seed: int | None = None, *, autosave: Path | None = None,
                 options: dict[str, Any] | None = None, mode: str = "teaching") -> Match:
    return match_session.new_game_match("helldorado", map_path, MAPS_DIR, seed, options=options,
                                        autosave=autosave, mode=mode)


@dataclass(frozen=True)
class Tool:
    """An action the player finishes on the table: a template to turn, a point to fire at."""

    kind: str  #: "template" or "explosion"
    unit: str
    weapon: str


#: the titles of the pending choices of an attack sequence (``Pending.kind``)
PENDING_TITLES = {"declare": N_("Declare the weapon"), "table": N_("Pick the opponent's table"),
                  "attacker": N_("Who strikes"), "reroll": N_("Re-roll misses"),
                  "hits": N_("Hits to use"), "order": N_("Chain order")}
class HDSession(MatchSession[HDState, Helldorado]):
    system_type = Helldorado
    game_name = "Helldorado"  # i18n: not shown (the words of a wrong match or save)
    wrong_game = N_("is a {system} game, not Helldorado")

    def __init__(self, match: Match, *, ai_sides: Sequence[str] = (), ai_seed: int = 7,
                 lang: str | None = None) -> None:
        super().__init__(match, ai_sides=ai_sides, ai_seed=ai_seed)
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
            return self.system.apply(st, hd.Activate(unit_id), SeededDice(0)).state
        except IllegalCommand:
            return None

    def prefix(self, unit_id: str) -> tuple[Any, ...]:
        """The ``Activate`` a command of ``unit_id`` needs first (or nothing)."""
        act = self.state.activation
        return () if act is not None and act.unit == unit_id else (hd.Activate(unit_id),)

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
                       if not isinstance(c, hd.VaeVictis)]
            vae = [Choice(self.names.command(c), c, "vae") for c in self.legal()
                   if isinstance(c, hd.VaeVictis)]
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
            if isinstance(c, hd.Charge | hd.Fight):
                label = (_("charges {target}") if isinstance(c, hd.Charge) else _("fights {target}")).format(
                    target=self.names.of(c.target))
                attack.append(Choice(label + (f" ({self.names.weapon(c.weapon)})" if c.weapon else ""), c,
                                     "attack"))
            elif isinstance(c, hd.Shoot):
                shoot.append(Choice(_("Shoot {target} ({weapon})").format(
                    target=self.names.of(c.target), weapon=self.names.weapon(c.weapon)), c, "shoot"))
            elif isinstance(c, hd.Climb):
                other.append(Choice(_("Climb up") if c.solid else _("Climb down"), c, "self"))
            elif isinstance(c, hd.Concentrate):
                other.append(Choice(_("Concentrate"), c, "self"))
            elif isinstance(c, hd.Focus):
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
            groups.append(Group("end", _("Activation"), (Choice(_("End"), hd.End(unit_id), "end"),)))
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

    # ------------------------------------------------------------------ words
    def explained(self, event: Event) -> str:
        """The rule system's words, its arrows as the screen's font draws them."""
        return super().explained(event).replace("→", "->")

    def _step_side(self, before: HDState, command: Any) -> str:
        """The side answering a pending choice, else the side whose turn it was."""
        return before.pending.side if before.pending is not None else before.turn
