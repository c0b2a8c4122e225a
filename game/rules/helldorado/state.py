"""The state of a Helldorado game, as frozen values. Lengths are in fathoms (HD-0-2)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cached_property

from game.core.ids import by_id, has_id, replacing
from game.core.pairs import value_of
from game.geometry.bases import Base
from game.rules.helldorado.config import HDConfig
from game.rules.helldorado.dice import Roll

WEAPON_KINDS = ("melee", "ranged", "explosion", "cloud", "impact")
SHOOTING_KINDS = ("ranged", "explosion", "cloud", "impact")


class _Word(StrEnum):
    """A StrEnum that reprs like the string it replaced, so saved games keep their digests."""

    def __repr__(self) -> str:
        return repr(self.value)


class AttackKind(_Word):
    """What an attack sequence (``Exchange``) resolves."""

    MELEE = "melee"  #: HD-MELEE-6..14
    SHOT = "shot"  #: HD-RANGED-16..22
    EXPLOSION = "explosion"  #: HD-EXPL-4..5: the roll to land, then the blast
    IMPACT = "impact"  #: HD-TMPL-11/12: the impact-blast chain


class Reason(_Word):
    """Why an attack sequence started: what happens once it is over (``flow.after_exchange``)."""

    FIGHT = "fight"  #: HD-MELEE-2
    CHARGE = "charge"  #: HD-HOUSE-7, HD-MELEE-16
    RETREAT = "retreat"  #: HD-MELEE-21: the unit moves on afterwards
    FOCUS = "focus"  #: HD-MELEE-22: the unit heals afterwards (HD-HOUSE-9)
    SHOT = "shot"
    EXPLOSION = "explosion"
    IMPACT = "impact"


class Stage(_Word):
    """Where an attack sequence is: the step it resumes from (``sequence.STAGES``)."""

    ATTACKER = "attacker"  #: HD-MELEE-21/22: who strikes the retreating or focusing unit
    WEAPONS = "weapons"  #: HD-MELEE-24: weapons declared or tables picked
    ROLL = "roll"  #: HD-MELEE-6..8, HD-RANGED-16, HD-EXPL-4
    REROLL_A = "reroll_a"  #: HD-MELEE-9: the attacker's re-rolls
    REROLL_D = "reroll_d"  #: HD-MELEE-9: the defender's re-rolls
    STRAY = "stray"  #: HD-RANGED-21/22/24: odd and even faces
    HITS_A = "hits_a"  #: HD-MELEE-11: the attacker's hits used
    HITS_D = "hits_d"  #: HD-MELEE-11: the defender's hits used
    DAMAGE = "damage"  #: HD-MELEE-10..14, HD-RANGED-18/19
    LAND = "land"  #: HD-EXPL-5/6/12
    ORDER = "order"  #: HD-TMPL-12 / HD-AMB-14: equally near units ordered
    CHAIN = "chain"  #: HD-TMPL-11/12/13


class Choice(_Word):
    """What a pending choice (``Pending``) asks for, and the command that answers it."""

    DECLARE = "declare"  #: HD-MELEE-24: declare a weapon (PickWeapon; "" declares nothing)
    TABLE = "table"  #: HD-MELEE-24: pick the opponent's damage table (PickWeapon)
    ATTACKER = "attacker"  #: HD-MELEE-21/22: who strikes (PickAttacker)
    REROLL = "reroll"  #: HD-MELEE-9: which misses to re-roll (Reroll)
    HITS = "hits"  #: HD-MELEE-11: how many hits to use (UseHits)
    ORDER = "order"  #: HD-TMPL-12: the order of equally near units (OrderChain)


class EndReason(_Word):
    """How a game of Helldorado ended (``Outcome.reason``, HD-HOUSE-11)."""

    WIPED_OUT = "wiped_out"  #: a side has no living unit left (both: a draw)
    POINTS = "points"  #: the last round is over: the points of enemies destroyed decide


@dataclass(frozen=True)
class Weapon:
    """One weapon of a unit card (HD-0-7, HD-EXPL-7, HD-TMPL-5)."""

    id: str
    name: str
    kind: str  #: "melee", "ranged", "explosion", "cloud" (cloud-blast) or "impact" (impact-blast)
    table: tuple[int, ...] = ()  #: damage for 1..5 hits (melee and ranged)
    range: float = 0.0  #: Range R in fathoms (ranged, explosion)
    difficulty: int = 0  #: X (explosion, templates)
    power: int = 0  #: Y (explosion, templates)
    radius: float = 3.0  #: explosion radius (HD-EXPL-3)


@dataclass(frozen=True)
class Unit:
    id: str
    name: str
    side: str
    profile: str
    x: float
    y: float
    z: float  #: standing level
    radius: float
    height: float  #: model height; the head is at z + height
    size: str  #: base size class: "normal", "large" or "huge" (HD-0-3, HD-RANGED-11)
    cbt: int | None  #: None is the card's "–" (HD-MELEE-5)
    defence: int
    pr: int
    lp: int
    max_lp: int
    shs: int | None
    mov: float
    weapons: tuple[Weapon, ...] = ()
    points: int = 0
    harmless: bool = False  #: HD-MELEE-20
    flying: bool = False  #: HD-MELEE-18: a flying unit gets no attack from above
    paralysed: bool = False  #: HD-MELEE-23: gives no support, cannot engage
    activated: bool = False  #: HD-HOUSE-3: has had its activation this round

    @property
    def alive(self) -> bool:
        return self.lp > 0

    @property
    def can_engage(self) -> bool:
        """HD-MELEE-5, HD-0-5: has a CBT value and is not paralysed."""
        return self.alive and self.cbt is not None and not self.paralysed

    @cached_property
    def base(self) -> Base:
        return Base(self.id, self.x, self.y, self.radius, self.z, self.height)

    def weapon(self, weapon_id: str) -> Weapon | None:
        return next((w for w in self.weapons if w.id == weapon_id), None)

    def weapons_of(self, *kinds: str) -> tuple[Weapon, ...]:
        return tuple(w for w in self.weapons if w.kind in kinds)

    @property
    def melee_tables(self) -> tuple[Weapon, ...]:
        """HD-MELEE-24: the melee weapons, one per distinct damage table."""
        seen: dict[tuple[int, ...], Weapon] = {}
        for w in self.weapons_of("melee"):
            seen.setdefault(w.table, w)
        return tuple(seen.values())

    def at(self, x: float, y: float, z: float | None = None) -> Unit:
        return replace(self, x=x, y=y, z=self.z if z is None else z)


@dataclass(frozen=True)
class Activation:
    """HD-HOUSE-3/4/6: the unit acting now and what it has done."""

    unit: str
    moved: float = 0.0  #: fathoms of movement used
    concentrating: bool = False  #: HD-HOUSE-9 (aim) / HD-MELEE-20
    concentration_penalty: bool = False  #: HD-MELEE-20: −1 CBT and −1 DEF to the end of it
    retreated: bool = False  #: HD-MELEE-21: no action after a retreat (HD-HOUSE-6)


@dataclass(frozen=True)
class Exchange:
    """An attack sequence under way (HD-MELEE-6..14, HD-RANGED-16..22, HD-EXPL-4..5, HD-TMPL-11/12).

    It stops at ``stage`` whenever a player must choose, and goes on from there.
    """

    kind: AttackKind
    attacker: str
    defender: str = ""
    reason: Reason = Reason.FIGHT
    one_sided: bool = False  #: HD-MELEE-17: the defender rolls no dice
    a_weapon: str = ""
    d_weapon: str = ""
    stage: Stage = Stage.WEAPONS
    a_roll: Roll | None = None
    d_roll: Roll | None = None
    a_used: int | None = None  #: hits used after a voluntary reduction (HD-MELEE-11)
    d_used: int | None = None
    a_vae: bool = False  #: HD-HOUSE-10: Vae Victis played for the attacker
    d_vae: bool = False
    def_penalty: int = 0  #: HD-MELEE-22: the focusing unit's DEF penalty
    candidates: tuple[str, ...] = ()  #: HD-MELEE-21/22: who may strike the retreating unit
    # shots
    diff: int = 0
    range_diff: int = 0
    distance: float = 0.0
    band: str = ""
    parity: bool = False  #: HD-RANGED-21/24: the odd/even check applies
    victims: tuple[str, ...] = ()  #: who a stray shot may hit
    victim: str = ""  #: who the shot hits in the end
    # explosion
    point: tuple[float, float, float] | None = None
    # impact-blast chain
    groups: tuple[tuple[str, ...], ...] = ()
    chain: tuple[str, ...] = ()
    # retreat: where the unit goes once the one-sided attack is over (x, y, z, distance)
    then_move: tuple[float, float, float, float] | None = None


@dataclass(frozen=True)
class Pending:
    """A choice a player must make before the attack sequence goes on."""

    kind: Choice
    side: str
    unit: str  #: the unit the choice is about
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class HDState:
    map: str
    sides: tuple[str, str]
    units: tuple[Unit, ...]
    cfg: HDConfig
    first: str  #: the side activating first this round (HD-HOUSE-2)
    turn: str  #: the side to activate a unit now (HD-HOUSE-3)
    round: int = 1
    activation: Activation | None = None
    exchange: Exchange | None = None
    pending: Pending | None = None
    vae_left: tuple[tuple[str, int], ...] = ()  #: HD-HOUSE-10
    tally: tuple[tuple[str, int], ...] = ()  #: HD-HOUSE-11: points of enemies destroyed
    over: bool = False
    winners: tuple[str, ...] = ()
    end_reason: str = ""  #: the end in English words (``outcome().reason`` is an EndReason)
    first_roll: tuple[tuple[int, int], ...] = ()

    def unit(self, unit_id: str) -> Unit:
        return by_id(self.units, unit_id)

    def has_unit(self, unit_id: str) -> bool:
        return has_id(self.units, unit_id)

    def with_unit(self, unit: Unit) -> HDState:
        return replace(self, units=replacing(self.units, unit))

    def other_side(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def alive(self, side: str | None = None) -> list[Unit]:
        return [u for u in self.units if u.alive and (side is None or u.side == side)]

    def ready(self, side: str) -> list[Unit]:
        """HD-HOUSE-3: the side's living units that have not been activated this round."""
        return [u for u in self.units if u.alive and u.side == side and not u.activated]

    def score(self, side: str) -> int:
        return value_of(self.tally, side, 0)

    def vae(self, side: str) -> int:
        return value_of(self.vae_left, side, 0)
