"""The sandbox's numbers, straight from the geometry layer (plain Python, no pygame).

``analyse(scene, index)`` answers every question the overlays ask, once per change: who sees
whom from the selected figure, the cover of the target under each rule system that uses cover,
edge-to-edge distances with range bands, the blast and cone templates, the straight move, the
push-back and the shadow. The view draws these results and the panel prints them; nothing is
computed twice or differently.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import shapely.errors
from shapely.geometry.base import BaseGeometry

from game.geometry.bases import Base
from game.geometry.cover import CoverResult, cover, cover_bonus
from game.geometry.measure import RangeBand, edge_distances_from, range_band
from game.geometry.sight import point_sees_base, seen_point, shadow
from game.geometry.sweep import MoveResult, move_until_contact
from game.geometry.templates import TemplateResult, explosion, impact_blast
from game.geometry.terrain import TerrainIndex
from game.physics.knockback import PushOutcome, push_back
from game.ui.sandbox.scene import FATHOM_MM, Scene, SceneFigure

#: HD-0-3 base diameters (mm) that separate the size classes of HD-RANGED-11
HD_CLASS_LIMITS = ((35.0, "normal"), (45.0, "large"))


def hd_base_class(radius_mm: float) -> str:
    """Helldorado's base class of a base (30 mm normal, 40 large, 50 huge; nearest class)."""
    for limit, name in HD_CLASS_LIMITS:
        if 2 * radius_mm < limit:
            return name
    return "huge"


@dataclass(frozen=True)
class SightLine:
    target: str
    seen: bool
    point: tuple[float, float, float] | None  #: where the line ends on the target (seen only)


@dataclass(frozen=True)
class CoverVerdict:
    """One rule system's verdict on the target's cover."""

    system: str
    in_cover: bool
    bonus: int  #: the PR bonus when in cover, else 0
    rule: str


@dataclass(frozen=True)
class Ruler:
    target: str
    distance: float  #: mm, base edge to base edge
    band: RangeBand  #: bands of R in mm


@dataclass
class Analysis:
    sight: list[SightLine] = field(default_factory=list)
    cover: CoverResult | None = None
    cover_all: CoverResult | None = None  #: all terrain (what the hatching shows)
    verdicts: list[CoverVerdict] = field(default_factory=list)
    rulers: list[Ruler] = field(default_factory=list)
    blast: TemplateResult | None = None
    cone: TemplateResult | None = None
    move: MoveResult | None = None
    push: PushOutcome | None = None
    shadow: BaseGeometry | None = None
    shadow_eye: tuple[float, float, float] | None = None
    terrain_kinds: dict[str, str] = field(default_factory=dict)  #: solid id -> kind, for names
    failed: list[str] = field(default_factory=list)  #: readouts the geometry could not compute


def _direction(angle_deg: float) -> tuple[float, float]:
    a = math.radians(angle_deg)
    return (math.cos(a), math.sin(a))


def analyse(scene: Scene, index: TerrainIndex) -> Analysis:
    """Every switched-on readout. A readout the geometry cannot compute for this arrangement
    (a degenerate case) is left out and named in ``failed``, never taking the sandbox down."""
    out = Analysis(terrain_kinds={s.id: s.kind for s in index.solids if s.kind})
    bases = scene.bases()
    me = scene.figure(scene.selected)
    viewer = me.base() if me is not None else None
    tgt = scene.figure(scene.target)
    steps = (("sight", _sight), ("cover", _cover), ("ruler", _ruler), ("blast", _blast),
             ("cone", _cone), ("move", _move), ("push", _push), ("shadow", _shadow))
    for name, step in steps:
        if not scene.shows(name):
            continue
        try:
            step(out, scene, index, bases, viewer, tgt)
        except (shapely.errors.GEOSException, ValueError, ArithmeticError, FloatingPointError):
            out.failed.append(name)
    return out


def _sight(out: Analysis, scene: Scene, index: TerrainIndex, bases: list[Base],
           viewer: Base | None, tgt: SceneFigure | None) -> None:
    if viewer is None:
        return
    for b in bases:
        if b.id != viewer.id:
            seen = point_sees_base(index, viewer.eye, b)
            out.sight.append(SightLine(b.id, seen, seen_point(index, viewer.eye, b) if seen else None))


def _cover(out: Analysis, scene: Scene, index: TerrainIndex, bases: list[Base],
           viewer: Base | None, tgt: SceneFigure | None) -> None:
    if viewer is None or tgt is None or tgt.id == viewer.id:
        return
    target = tgt.base()
    out.cover = cover(index, viewer.eye, target, cover_radius=scene.cover_radius)
    out.cover_all = cover(index, viewer.eye, target, cover_radius=scene.cover_radius,
                          near_only=False)
    out.verdicts = cover_verdicts(out.cover, target)


def _ruler(out: Analysis, scene: Scene, index: TerrainIndex, bases: list[Base],
           viewer: Base | None, tgt: SceneFigure | None) -> None:
    if viewer is None:
        return
    others = [b for b in bases if b.id != viewer.id]
    if others:
        ds = edge_distances_from(viewer, others)
        out.rulers = [Ruler(b.id, float(d), range_band(float(d), scene.weapon_range))
                      for b, d in zip(others, ds, strict=True)]


def _blast(out: Analysis, scene: Scene, index: TerrainIndex, bases: list[Base],
           viewer: Base | None, tgt: SceneFigure | None) -> None:
    if scene.blast is not None:
        x, y, r = scene.blast
        out.blast = explosion((x, y), bases, radius=r, index=index)


def _cone(out: Analysis, scene: Scene, index: TerrainIndex, bases: list[Base],
          viewer: Base | None, tgt: SceneFigure | None) -> None:
    if viewer is not None:
        out.cone = impact_blast(viewer, _direction(scene.cone_angle), bases,
                                length=scene.cone_length, far_width=scene.cone_width, index=index)


def _move(out: Analysis, scene: Scene, index: TerrainIndex, bases: list[Base],
          viewer: Base | None, tgt: SceneFigure | None) -> None:
    if viewer is not None:
        out.move = move_until_contact(viewer, _direction(scene.move_angle), scene.move_length,
                                      index, bases)


def _push(out: Analysis, scene: Scene, index: TerrainIndex, bases: list[Base],
          viewer: Base | None, tgt: SceneFigure | None) -> None:
    if tgt is not None and scene.push_source is not None:
        out.push = push_back(tgt.base(), scene.push_source, index, bases)


def _shadow(out: Analysis, scene: Scene, index: TerrainIndex, bases: list[Base],
            viewer: Base | None, tgt: SceneFigure | None) -> None:
    eye = scene.shadow_eye if scene.shadow_eye is not None else (
        viewer.eye if viewer is not None else None)
    if eye is not None:
        out.shadow_eye = eye
        out.shadow = shadow(index, eye, scene.shadow_radius)


def cover_verdicts(result: CoverResult, target: Base) -> list[CoverVerdict]:
    """The cover verdict of each rule system that uses cover.

    Helldorado (HD-RANGED-9/11): terrain within 1 fathom of the base hides at least half of the
    target, which is seen; the PR bonus goes by base class. One for All, Relic and Mice and
    Mystics have no cover rule: only sight counts there.
    """
    inside = result.in_cover()
    bonus = cover_bonus(hd_base_class(target.radius)) if inside else 0
    return [CoverVerdict("helldorado", inside, bonus, "HD-RANGED-9/11")]


def fathoms(mm: float) -> float:
    return mm / FATHOM_MM
