"""Where units stand, as the rules read it: contact and fights (HD-0-5), straight moves
(HD-HOUSE-4), attacks from above (HD-MELEE-18), cover (HD-RANGED-9), who may be shot at
(HD-RANGED-2..6) and where a base may be put (HD-HOUSE-5).

Plain functions over a state (and the map's ``Table`` where terrain counts), used by the
handlers, the candidate list and the AI alike; the rule system's methods of the same names
(``Helldorado.engaged``...) call them. Lengths are fathoms (HD-0-2).
"""

from __future__ import annotations

import math

from game.geometry.bases import Base, BaseArray, edge_distance
from game.geometry.contact import attack_from_above, in_contact
from game.geometry.cover import cover_bonus
from game.geometry.measure import LegalTargets, nearest_valid_targets, range_band
from game.geometry.sweep import MoveResult, sweep_disc
from game.rules.helldorado.state import HDState, Unit, Weapon
from game.rules.helldorado.table import Table

CLEAR = 0.01  #: fathoms of room left between a climbing base and an edge
TOL = 1e-6


def direction(angle_deg: float) -> tuple[float, float]:
    """Degrees clockwise from east (y grows down) to a unit vector; exact on the compass points."""
    a = math.radians(angle_deg)
    ux, uy = math.cos(a), math.sin(a)
    return (0.0 if abs(ux) < 1e-12 else ux, 0.0 if abs(uy) < 1e-12 else uy)


def angle_to(a: Unit | tuple[float, float], b: Unit | tuple[float, float]) -> float:
    ax, ay = (a.x, a.y) if isinstance(a, Unit) else a
    bx, by = (b.x, b.y) if isinstance(b, Unit) else b
    return round(math.degrees(math.atan2(by - ay, bx - ax)) % 360.0, 6)


def finite(*values: float) -> bool:
    return all(isinstance(v, int | float) and math.isfinite(v) for v in values)


def overlap(a: Unit, b: Unit, step: float) -> bool:
    """Two bases in the same space: plan overlap and vertical bands that meet (as moves see them)."""
    if math.hypot(a.x - b.x, a.y - b.y) >= a.radius + b.radius - 0.01:
        return False
    a_band = (a.z + step, a.z + a.height)
    b_band = (b.z + step, b.z + b.height)
    meets_a = a_band[0] < b.z + b.height and a_band[1] > b.z
    meets_b = b_band[0] < a.z + a.height and b_band[1] > a.z
    return meets_a or meets_b


# ---------------------------------------------------------------------- contact and fights


def contact(state: HDState, a: Unit, b: Unit) -> bool:
    """HD-0-5: base contact, unless one head is below the other's base (HD-MELEE-19)."""
    if math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius > state.cfg.eps_contact + TOL:
        return False
    return in_contact(a.base, b.base, eps_contact=state.cfg.eps_contact, height_rule="head")


def partners(state: HDState, unit: Unit) -> list[Unit]:
    """The enemies ``unit`` is in a fight with: in contact, and one of the two can engage."""
    return [e for e in state.units if e.alive and e.side != unit.side and unit.alive
            and (e.can_engage or unit.can_engage) and contact(state, unit, e)]


def strikers(state: HDState, unit: Unit) -> list[Unit]:
    """The enemies in a fight with ``unit`` that can engage (who may strike it, HD-MELEE-21/22)."""
    return [e for e in partners(state, unit) if e.can_engage]


def engaged(state: HDState, unit: Unit) -> bool:
    """HD-0-5: in contact with an enemy that can engage."""
    return any(e.can_engage for e in partners(state, unit))


def supporters(state: HDState, unit: Unit, target: Unit) -> list[str]:
    """HD-MELEE-23: allies of ``unit`` able to engage that are engaged with ``target``."""
    return [c.id for c in state.units if c.alive and c.side == unit.side and c.id != unit.id
            and c.can_engage and contact(state, c, target)]


def from_above(state: HDState, a: Unit, b: Unit) -> bool:
    """HD-MELEE-18: ``a`` stands half a fathom or more above ``b`` and is not flying."""
    return not a.flying and attack_from_above(a.base, b.base, threshold=state.cfg.above_threshold)


def touches_enemy(state: HDState, unit: Unit) -> Unit | None:
    """The first enemy ``unit`` (maybe placed somewhere new) would be in contact with."""
    return next((e for e in state.alive(state.other_side(unit.side)) if contact(state, unit, e)), None)


# ---------------------------------------------------------------------- movement


def remaining(state: HDState, unit: Unit) -> float:
    """HD-HOUSE-4: the movement ``unit`` has left this activation."""
    act = state.activation
    return max(0.0, unit.mov - (act.moved if act and act.unit == unit.id else 0.0))


def sweep(table: Table, state: HDState, unit: Unit, angle: float, length: float) -> MoveResult:
    """HD-HOUSE-4: a straight segment that stops at the first contact."""
    others = BaseArray.of([u.base for u in state.units if u.alive and u.id != unit.id])
    return sweep_disc((unit.x, unit.y), unit.radius, direction(angle), length, table.index, others,
                      z=unit.z, height=unit.height, step=state.cfg.step, board_edge=True,
                      ignore_bases=(unit.id,))


def placement_problem(table: Table, state: HDState, unit: Unit, x: float, y: float, z: float,
                      ignore_solid: str = "") -> tuple[str, str, dict[str, str]]:
    """Why a base cannot stand at (x, y, z): (English reason, message key, its values), or
    ("", "", {}) when it can (HD-HOUSE-5)."""
    if not table.on_table(x, y, unit.radius):
        return "it would leave the table", "hd.place.off_table", {}
    blocking = table.blocking(x, y, unit.radius, z, unit.height, state.cfg.step,
                              ignore=(ignore_solid,) if ignore_solid else ())
    if blocking:
        return (f"there is no room: terrain {blocking[0]} is in the way", "hd.place.terrain",
                {"terrain": blocking[0]})
    moved = unit.at(x, y, z)
    for o in state.alive():
        if o.id != unit.id and overlap(moved, o, state.cfg.step):
            return f"{o.name} stands there", "hd.place.taken", {"unit": o.id}
    enemy = touches_enemy(state, moved)
    if enemy is not None:
        return (f"it would touch {enemy.name}: contact with an enemy is made by charging",
                "hd.place.touches_enemy", {"unit": enemy.id})
    return "", "", {}


# ---------------------------------------------------------------------- shooting


def in_cover(table: Table, state: HDState, eye: tuple[float, float, float], unit: Unit) -> bool:
    """HD-RANGED-9: terrain within 1 f hides at least half the body, and the unit is seen."""
    res = table.cover(eye, unit.base, state.cfg.cover_radius)
    return res.in_cover(state.cfg.cover_threshold)


def shot_targets(table: Table, state: HDState, shooter: Unit, weapon: Weapon) -> LegalTargets:
    """HD-RANGED-2..6: the enemies ``shooter`` may choose, nearest first."""
    cfg = state.cfg
    enemies = state.alive(state.other_side(shooter.side))
    by_id = {e.id: e for e in enemies}
    eye = shooter.base.eye

    def visible(b: Base) -> bool:
        return table.sees(shooter.base, b)

    def is_engaged(b: Base) -> bool:
        return engaged(state, by_id[b.id])

    def covered(b: Base) -> bool:
        e = by_id[b.id]
        owner = e.pr if cfg.cover_pr_owner == "target" else shooter.pr
        return cover_bonus(e.size) >= owner and in_cover(table, state, eye, e)

    def targetable(b: Base) -> bool:
        d = edge_distance(shooter.base, b)
        return range_band(d, weapon.range, long_band_open=cfg.long_band_open).shootable

    return nearest_valid_targets(shooter.base, [e.base for e in enemies], visible=visible,
                                 engaged=is_engaged, in_cover_bonus_ge_pr=covered,
                                 targetable=targetable, eps=cfg.eps)
