"""What a Helldorado player can say, as frozen commands. Angles are degrees clockwise from east
(the table's y grows down, as in Tiled); lengths and points are in fathoms."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Activate:
    """HD-HOUSE-3: pick a unit of the side to act that has not acted this round."""

    unit: str


@dataclass(frozen=True)
class Move:
    """HD-HOUSE-4: a straight segment of ``length`` fathoms that stops at the first contact."""

    unit: str
    angle: float
    length: float


@dataclass(frozen=True)
class Climb:
    """HD-HOUSE-5: up onto the surface ``solid`` the unit touches, or down (``solid`` "")."""

    unit: str
    solid: str = ""


@dataclass(frozen=True)
class Charge:
    """HD-HOUSE-7, HD-MELEE-16: straight into contact with ``target``, then an attack sequence.

    ``weapon`` "" leaves the table to the opponent when the unit has several (HD-MELEE-24)."""

    unit: str
    target: str
    weapon: str = ""


@dataclass(frozen=True)
class Fight:
    """HD-MELEE-2/3: an attack sequence against an enemy the unit is engaged with."""

    unit: str
    target: str
    weapon: str = ""


@dataclass(frozen=True)
class Retreat:
    """HD-MELEE-21: leave the fight along ``angle``; one engaged enemy strikes first."""

    unit: str
    angle: float
    length: float


@dataclass(frozen=True)
class Shoot:
    """HD-RANGED-*: shoot a ranged weapon at ``target``."""

    unit: str
    weapon: str
    target: str


@dataclass(frozen=True)
class ShootAt:
    """HD-EXPL-1: fire an explosion weapon at the point (x, y)."""

    unit: str
    weapon: str
    x: float
    y: float


@dataclass(frozen=True)
class Blast:
    """HD-TMPL-2: lay a cone template from the unit's base along ``angle``."""

    unit: str
    weapon: str
    angle: float


@dataclass(frozen=True)
class Concentrate:
    """HD-MELEE-20 / HD-HOUSE-9: aim (+SHS this activation); costly while engaged."""

    unit: str


@dataclass(frozen=True)
class Focus:
    """HD-MELEE-22 / HD-HOUSE-9: regain LP; while engaged it draws a one-sided attack."""

    unit: str


@dataclass(frozen=True)
class End:
    """HD-HOUSE-6: end the activation."""

    unit: str


@dataclass(frozen=True)
class VaeVictis:
    """HD-MELEE-1 / HD-HOUSE-10: the order that may be given during an attack sequence."""

    unit: str


@dataclass(frozen=True)
class PickWeapon:
    """HD-MELEE-24: declare the unit's weapon ("" declares nothing), or pick the opponent's table."""

    weapon: str


@dataclass(frozen=True)
class PickAttacker:
    """HD-MELEE-21/22: which engaged enemy makes the one-sided attack."""

    unit: str


@dataclass(frozen=True)
class Reroll:
    """HD-MELEE-9, HD-0-6: the indices of the missed dice to roll again."""

    dice: tuple[int, ...]


@dataclass(frozen=True)
class UseHits:
    """HD-MELEE-11: how many of the hits to inflict (0..hits)."""

    hits: int


@dataclass(frozen=True)
class OrderChain:
    """HD-TMPL-12 / HD-AMB-14: the order of equally near units in an impact-blast chain."""

    units: tuple[str, ...]


ALL = (Activate, Move, Climb, Charge, Fight, Retreat, Shoot, ShootAt, Blast, Concentrate, Focus,
       End, VaeVictis, PickWeapon, PickAttacker, Reroll, UseHits, OrderChain)
#: answers to a pending choice
ANSWERS = (PickWeapon, PickAttacker, Reroll, UseHits, OrderChain)
