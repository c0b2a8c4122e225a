"""Thrown objects: what can be lifted (OFA-MG.3), the line of throw (OFA-MG.5), where the object
lands, and the heavy-object damage bonus (OFA-7.1).

The decision is exact: the line of throw is the 2-D segment between the centres, tested against
the other bases and the terrain by :func:`game.geometry.contact.line_of_throw_blockers`. A clear
throw hits the target; the object lands at the target's base edge facing the thrower. The flight
(an arc with a shadow) is only drawn, by :mod:`game.physics.animate`.

Size classes (OFA-MG.3, OFA-7.1): ``small`` (plate, goblet, fruit, jug, mug), ``medium`` (chair,
stool, small keg), ``large`` (barrel, table, bench: not liftable) and ``very_large``
(chandelier, cart, wardrobe). The scenario's ``kind`` decides first, then the ``liftable`` flag,
then the geometric fallback of OFA-MG.3 (longest footprint side ≤ 0.6·H and height ≤ 0.6·H).
Between small and medium the fallback splits at 0.3·H (our reading: a 12 mm mug is small, a
20 mm chair medium).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import shapely

from game.geometry.bases import Base, BaseArray
from game.geometry.contact import ThrowBlocker, line_of_throw_blockers
from game.geometry.terrain import Solid, TerrainIndex

SMALL = "small"
MEDIUM = "medium"
LARGE = "large"
VERY_LARGE = "very_large"
SIZE_CLASSES = (SMALL, MEDIUM, LARGE, VERY_LARGE)

#: scenario kinds with a known class (OFA-MG.3 and OFA-7.1 name these)
SIZE_BY_KIND: dict[str, str] = {
    **dict.fromkeys(("plate", "goblet", "fruit", "jug", "mug", "cup", "tankard", "bottle",
                     "banana", "apple", "candle", "book"), SMALL),
    **dict.fromkeys(("chair", "stool", "keg", "small_keg"), MEDIUM),
    **dict.fromkeys(("barrel", "table", "bench", "counter", "chest", "trough"), LARGE),
    **dict.fromkeys(("chandelier", "cart", "wardrobe"), VERY_LARGE),
}
#: OFA-MG.3 geometric fallback: liftable when both the longest side and the height are ≤ 0.6·H
LIFT_FRACTION = 0.6
#: our split between small and medium in the fallback
SMALL_FRACTION = 0.3
#: a thrown object leaves the hand this high above the thrower's feet, in H
RELEASE_HEIGHT = 0.75
#: and strikes the target this high above its feet, in H
IMPACT_HEIGHT = 0.5


def _longest_side(footprint: object) -> float:
    rect = shapely.minimum_rotated_rectangle(footprint)
    coords = shapely.get_coordinates(rect)
    if len(coords) < 3:
        x0, y0, x1, y1 = shapely.bounds(footprint)
        return float(max(x1 - x0, y1 - y0))
    a = math.dist(coords[0], coords[1])
    b = math.dist(coords[1], coords[2])
    return float(max(a, b))


def size_class(solid: Solid | None, figure_height: float = 40.0) -> str:
    """The object's size class (OFA-MG.3, OFA-7.1); ``None`` is a small thing in hand (fruit).

    The ``kind`` table first, then the ``liftable`` flag (small or medium by size), then the
    geometric fallback. ``size_class(Solid("c", box(0, 0, 20, 20), 0, 22, kind="chair"))`` →
    ``"medium"``.
    """
    if solid is None:
        return SMALL
    kind = solid.kind.strip().lower().replace(" ", "_")
    if kind in SIZE_BY_KIND:
        return SIZE_BY_KIND[kind]
    longest = _longest_side(solid.footprint)
    tall = solid.top - solid.bottom
    small = (longest <= SMALL_FRACTION * figure_height + 1e-9
             and tall <= SMALL_FRACTION * figure_height + 1e-9)
    if solid.liftable:
        return SMALL if small else MEDIUM
    if longest <= LIFT_FRACTION * figure_height + 1e-9 and tall <= LIFT_FRACTION * figure_height + 1e-9:
        return SMALL if small else MEDIUM
    return LARGE


def liftable(solid: Solid | None, figure_height: float = 40.0) -> bool:
    """OFA-MG.3: a figure can lift anything up to the size of a chair or a small keg."""
    return size_class(solid, figure_height) in (SMALL, MEDIUM)


def object_bonus(size: str) -> int:
    """OFA-7.1 extra hits for the object's size: chair-sized or large +1, very large +2."""
    if size not in SIZE_CLASSES:
        raise ValueError(f"unknown size class {size!r}; one of {SIZE_CLASSES}")
    return {SMALL: 0, MEDIUM: 1, LARGE: 1, VERY_LARGE: 2}[size]


@dataclass(frozen=True)
class ThrowOutcome:
    """A throw decided: who blocks, whether a roll-off is needed, where the object lands."""

    thrower_id: str
    target_id: str
    object_id: str | None
    size_class: str
    legal: bool  #: liftable and not blocked: the throw may be declared at this target
    reason: str  #: why not, with the rule ID ("" when legal)
    blockers: tuple[ThrowBlocker, ...]  #: verdict "blocks", nearest first (figures and terrain)
    doubt: tuple[ThrowBlocker, ...]  #: within the doubt band: each needs a roll-off (OFA-MG.5)
    clear: bool  #: nothing blocks and nothing is in doubt
    start: tuple[float, float]  #: the thrower's centre: the push-back source (OFA-5D.1)
    start_z: float  #: release height
    impact: tuple[float, float] | None  #: the target's base edge facing the thrower
    impact_z: float
    landing: tuple[float, float] | None  #: where the object comes to rest (= impact)
    landing_z: float  #: the target's standing level
    hit_id: str | None  #: the target, when the throw is legal
    damage_bonus: int  #: OFA-7.1 extra hits (0 unless the option is on)
    rule_ids: tuple[str, ...]

    @property
    def needs_rolloff(self) -> bool:
        """Legal, but someone stands in the doubt band: settle it with a roll-off per figure."""
        return self.legal and bool(self.doubt)

    @property
    def push_source(self) -> tuple[float, float]:
        """OFA-5D.1: a thrown object's push-back source is the thrower's position at release."""
        return self.start


def throw_object(
    thrower: Base,
    target: Base,
    object_solid: Solid | None,
    index: TerrainIndex | None,
    figures: Sequence[Base] | BaseArray = (),
    *,
    elev_min: float = 10.0,
    doubt_band: float = 2.0,
    object_damage_bonus: bool = False,
) -> ThrowOutcome:
    """Throw ``object_solid`` (``None``: something small in hand) from ``thrower`` at ``target``.

    OFA-MG.3: only small and medium objects can be thrown (a barrel is rolled, OFA-MG.4).
    OFA-MG.5: figures within ``r_F`` of the line block it (``doubt_band`` either way: roll-off)
    unless the thrower stands ``elev_min`` or more above them; terrain above the thrower's head
    blocks too. A blocked target may not be chosen (``legal=False``). Otherwise the object hits
    the target at its base edge facing the thrower and stays there. OFA-7.1 with
    ``object_damage_bonus``: a chair-sized object adds 1 hit (the rules add it only when the
    throw already inflicts at least one).
    """
    if math.hypot(target.x - thrower.x, target.y - thrower.y) <= 1e-9:
        raise ValueError(f"{thrower.id!r} cannot throw at {target.id!r}: same spot (OFA-MG.5)")
    size = size_class(object_solid, thrower.height)
    object_id = object_solid.id if object_solid is not None else None
    found = line_of_throw_blockers(thrower, target, figures, index, elev_min=elev_min,
                                   doubt_band=doubt_band)
    if object_id is not None:  # the object in hand never blocks its own throw
        found = [b for b in found if b.id != object_id]
    blocks = tuple(b for b in found if b.verdict == "blocks")
    doubt = tuple(b for b in found if b.verdict == "doubt")
    rules = ["OFA-MG.3", "OFA-MG.5", "OFA-AMB-15"]
    reason = ""
    if size not in (SMALL, MEDIUM):
        reason = (f"{object_id or 'the object'} is {size.replace('_', ' ')}: too big to lift "
                  "(OFA-MG.3)" + ("; roll it instead (OFA-MG.4)"
                                  if object_solid is not None and object_solid.rollable else ""))
    elif blocks:
        reason = f"the line of throw is blocked by {blocks[0].id} (OFA-MG.5)"
    legal = not reason
    dx, dy = target.x - thrower.x, target.y - thrower.y
    d = math.hypot(dx, dy)
    ux, uy = dx / d, dy / d
    impact = (target.x - target.radius * ux, target.y - target.radius * uy) if legal else None
    bonus = object_bonus(size) if (legal and object_damage_bonus) else 0
    if bonus:
        rules.append("OFA-7.1")
    return ThrowOutcome(
        thrower.id, target.id, object_id, size, legal, reason, blocks, doubt,
        legal and not doubt, (thrower.x, thrower.y), thrower.z + RELEASE_HEIGHT * thrower.height,
        impact, target.z + IMPACT_HEIGHT * target.height, impact, target.z,
        target.id if legal else None, bonus, tuple(rules),
    )
