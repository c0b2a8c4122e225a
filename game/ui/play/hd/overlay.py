"""What the selected Helldorado unit sees, and the templates being placed, as plain data taken
from the rule system's own queries (``Helldorado.shot_targets``, ``Table.sees``, ``Table.cover``,
``range_band``, the templates of ``game.geometry.templates``); and the drawing of it on the table.

Lengths are fathoms in the data; the table is drawn in millimetres (``cfg.fathom_mm``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.geometry.bases import edge_distance
from game.geometry.measure import BANDS, distance_to_point, range_band
from game.geometry.templates import cloud_blast, cone_polygon, explosion, impact_blast
from game.i18n import N_, _
from game.rules.helldorado.game import Helldorado
from game.rules.helldorado.spatial import direction
from game.rules.helldorado.state import HDState, Unit, Weapon
from game.ui.camera import Camera
from game.ui.colours import INK_LIGHT, RGB
from game.ui.play.hd.names import HDNames
from game.ui.play.widgets import ACCENT, DANGER, GOOD

SEEN: RGB = INK_LIGHT
LEGAL: RGB = GOOD
BLOCKED: RGB = DANGER
RING: RGB = ACCENT
BAND_NAMES = {"point_blank": N_("point blank"), "short": N_("short"), "medium": N_("medium"),
              "long": N_("long"), "beyond": N_("beyond")}


def band_name(band: str) -> str:
    """A range band's name for the screen (HD-RANGED-15)."""
    return _(BAND_NAMES[band]) if band in BAND_NAMES else band


@dataclass(frozen=True)
class Band:
    """One range band of a weapon (HD-RANGED-15): its name, its difficulty, where it starts and
    how far it reaches, edge to edge (``upto`` None: no end, the long band when it is open)."""

    name: str
    difficulty: int
    start: float
    upto: float | None


def weapon_bands(weapon_range: float, long_open: bool = True) -> tuple[Band, ...]:
    """The bands of a weapon of Range R: point blank to R, short to 2R, medium to 3R, long to
    4R (or on without end when the long band is open, HD-AMB-3)."""
    if weapon_range <= 0:
        return ()
    last = len(BANDS) - 1
    return tuple(Band(name, diff, k * weapon_range,
                      None if long_open and k == last else (k + 1) * weapon_range)
                 for k, (name, diff) in enumerate(BANDS))


def band_words(band: Band) -> str:
    """"short ≤16 f: 4+", or "long beyond 24 f: 6+" for an open long band."""
    if band.upto is None:
        return _("{band} beyond {r:g} f: {diff}+").format(
            band=band_name(band.name), r=band.start, diff=band.difficulty)
    return _("{band} ≤{r:g} f: {diff}+").format(band=band_name(band.name), r=band.upto,
                                                 diff=band.difficulty)


def bands_words(weapon_range: float, long_open: bool = True) -> str:
    """All the bands of a weapon in a line, with the rule: "point blank ≤8 f: 3+, short ≤16 f:
    4+, medium ≤24 f: 5+, long beyond 24 f: 6+ (HD-RANGED-15)"."""
    return _("{bands} (HD-RANGED-15)").format(
        bands=", ".join(band_words(b) for b in weapon_bands(weapon_range, long_open)))


def _names(st: HDState) -> HDNames:
    return HDNames(st)


@dataclass(frozen=True)
class Sight:
    """One enemy as the selected unit sees it, with the numbers the rules use."""

    unit: str
    seen: bool  #: HD-RANGED-7/8
    distance: float  #: edge to edge, fathoms (HD-0-4)
    band: str  #: HD-RANGED-15 ("" without a ranged weapon)
    difficulty: int | None
    hidden: float  #: the part of the body terrain within 1 f hides (HD-RANGED-9)
    in_cover: bool
    legal: bool  #: among the targets the nearest-target rule allows (HD-RANGED-2..6)
    engaged: bool
    note: str  #: why it may not be shot, or ""


@dataclass(frozen=True)
class SightPicture:
    shooter: str
    weapon: str  #: the ranged weapon the bands are for ("" when none)
    weapon_range: float
    sights: tuple[Sight, ...]
    legal: tuple[str, ...]
    shooting: str  #: why the unit cannot shoot now, or ""
    teaching: bool = True  #: teaching mode: the legal targets and the reasons are shown


def ranged_weapon(u: Unit) -> Weapon | None:
    for kind in ("ranged", "explosion"):
        ws = u.weapons_of(kind)
        if ws:
            return ws[0]
    return None


def sight_picture(system: Helldorado, st: HDState, unit_id: str,
                  names: HDNames | None = None, teaching: bool = True) -> SightPicture:
    """What ``unit_id`` sees; ``teaching``: which targets the rules allow, and why not the others."""
    names = names or _names(st)
    u = st.unit(unit_id)
    who = names.of(u.id)
    table = system.table_of(st)
    cfg = st.cfg
    w = ranged_weapon(u)
    legal: tuple[str, ...] = ()
    why = ""
    if u.shs is None and w is not None:
        why = _("{unit} has no SHS (HD-RANGED-16)").format(unit=who)
    elif w is not None and system.engaged(st, u):
        why = _("{unit} is engaged and cannot shoot (HD-HOUSE-8)").format(unit=who)
    if w is not None and w.kind == "ranged":
        legal = system.shot_targets(st, u, w).ids
    sights = []
    eye = u.base.eye
    for e in sorted(st.alive(st.other_side(u.side)), key=lambda e: edge_distance(u.base, e.base)):
        d = edge_distance(u.base, e.base)
        seen = table.sees(u.base, e.base)
        band, diff = "", None
        if w is not None:
            b = range_band(d, w.range, long_band_open=cfg.long_band_open)
            band, diff = b.name, b.difficulty
        cov = table.cover(eye, e.base, cfg.cover_radius)
        in_cover = cov.in_cover(cfg.cover_threshold)
        engaged = system.engaged(st, e)
        ok = e.id in legal
        note = ""
        if not seen:
            note = _("out of sight (HD-RANGED-8)")
        elif w is not None and w.kind == "ranged" and not ok and not why:
            if diff is None:
                note = _("beyond 4 × Range (HD-RANGED-15)")
            else:
                nearer = ", ".join(names.of(i) for i in legal) or _("none")
                note = _("not the nearest valid target: {units} (HD-RANGED-2)").format(units=nearer)
        if not teaching:
            ok, note = False, ""
        sights.append(Sight(e.id, seen, d, band, diff, cov.near_hidden_fraction, in_cover, ok,
                            engaged, note))
    if not teaching:
        legal, why = (), ""
    return SightPicture(u.id, w.id if w else "", w.range if w else 0.0, tuple(sights), legal, why,
                        teaching)


def sight_lines(pic: SightPicture, st: HDState, names: HDNames | None = None) -> list[str]:
    """The Targets tab, in words."""
    names = names or _names(st)
    u = st.unit(pic.shooter)
    weapon = names.weapon(pic.weapon) if pic.weapon else _("no ranged weapon")
    out = [f"{names.of(u.id)} — {weapon}"]
    if pic.weapon_range > 0:
        out.append(bands_words(pic.weapon_range, st.cfg.long_band_open))
    if pic.shooting:
        out.append(pic.shooting)
    for s in pic.sights:
        e = st.unit(s.unit)
        head = _("{unit}: {d:.2f} f").format(unit=names.of(e.id), d=s.distance)
        if s.band:
            head += _(", {band} ({diff}), DEF {defence}").format(
                band=band_name(s.band), diff=s.difficulty or "-", defence=e.defence)
        out.append(head)
        tail = [_("cover {pct:.0f}%").format(pct=s.hidden * 100)
                + (_(" — in cover") if s.in_cover else "")]
        tail.append(_("seen") if s.seen else _("not seen"))
        if s.engaged:
            tail.append(_("engaged"))
        if s.legal:
            tail.append(_("LEGAL TARGET"))
        out.append("   " + ", ".join(tail))
        if s.note:
            out.append("   " + s.note)
    return out


@dataclass(frozen=True)
class TemplatePicture:
    """A cone or an explosion being placed: its outline and who it catches."""

    kind: str  #: "cloud", "impact" or "explosion"
    polygon: list[tuple[float, float]]  #: fathoms
    caught: tuple[str, ...]
    saved: tuple[str, ...]
    words: str
    ok: bool = True


def template_picture(system: Helldorado, st: HDState, unit_id: str, weapon_id: str,
                     angle: float = 0.0, point: tuple[float, float] = (0.0, 0.0),
                     names: HDNames | None = None) -> TemplatePicture:
    hd_names = names or _names(st)
    u = st.unit(unit_id)
    w = u.weapon(weapon_id)
    assert w is not None
    cfg = st.cfg
    table = system.table_of(st)
    names_of = {x.id: hd_names.of(x.id) for x in st.units}
    weapon = hd_names.weapon(w.id, w.name)
    if w.kind == "explosion":
        x, y = point
        z = table.standing_level(x, y)
        d = distance_to_point(u.base, (x, y))
        band = range_band(d, w.range, long_band_open=cfg.long_band_open)
        clear = table.point_clear(u.base.eye, (x, y, z))
        res = explosion((x, y, z), [o.base for o in st.alive()], radius=w.radius, surface_z=z,
                        sees=lambda p, b: table.point_sees(p, b),
                        inclusive=cfg.template_inclusive, eps=cfg.eps)
        poly = [(x + w.radius * math.cos(a * math.pi / 24), y + w.radius * math.sin(a * math.pi / 24))
                for a in range(48)]
        words = (_("{weapon}: {d:.2f} f, {band} — needs {diff}; radius {r:g} f; ").format(
            weapon=weapon, d=d, band=band_name(band.name), diff=band.difficulty or "-", r=w.radius)
                 + (_("clear line of fire") if clear else _("NO clear line of fire (HD-EXPL-1)")))
        return TemplatePicture("explosion", poly, res.caught, res.saved,
                               words + _caught_words(res.caught, res.saved, names_of),
                               clear and band.shootable)
    others = [o.base for o in st.alive() if o.id != u.id]
    dx, dy = direction(angle)
    poly_geom = cone_polygon(u.base, (dx, dy), cfg.cone_length, cfg.cone_width, cfg.cone_near_width)
    poly = [(float(px), float(py)) for px, py in poly_geom.exterior.coords]
    if w.kind == "cloud":
        res = cloud_blast(u.base, (dx, dy), others, length=cfg.cone_length, far_width=cfg.cone_width,
                          near_width=cfg.cone_near_width, inclusive=cfg.template_inclusive, eps=cfg.eps)
        saved: tuple[str, ...] = ()
    else:
        res = impact_blast(u.base, (dx, dy), others, length=cfg.cone_length,
                           far_width=cfg.cone_width, near_width=cfg.cone_near_width,
                           sees=lambda p, b: table.point_sees(p, b),
                           inclusive=cfg.template_inclusive, eps=cfg.eps)
        saved = tuple(res.saved)
    kind = _("cloud-blast") if w.kind == "cloud" else _("impact-blast")
    words = _("{weapon} ({kind} {diff}/{power}) at {angle:.0f}°: cone {length:g} × {width:g} f").format(
        weapon=weapon, kind=kind, diff=w.difficulty, power=w.power, angle=angle % 360,
        length=cfg.cone_length, width=cfg.cone_width)
    return TemplatePicture(w.kind, poly, tuple(res.caught), saved,
                           words + _caught_words(tuple(res.caught), saved, names_of))


def _caught_words(caught: tuple[str, ...], saved: tuple[str, ...], names: dict[str, str]) -> str:
    text = _("; caught: {units}").format(units=", ".join(names.get(i, i) for i in caught) or _("nobody"))
    if saved:
        text += _("; saved by cover: {units}").format(units=", ".join(names.get(i, i) for i in saved))
    return text


# ---------------------------------------------------------------------- drawing


def _pt(cam: Camera, k: float, x: float, y: float) -> tuple[int, int]:
    sx, sy = cam.world_to_screen(x * k, y * k)
    return round(sx), round(sy)


def ring_radii(pic: SightPicture, st: HDState) -> list[tuple[Band, float]]:
    """The range rings of the selected unit's weapon: each band that ends, with its outer edge
    from the base's centre in fathoms (the bands are measured from the base's edge)."""
    u = st.unit(pic.shooter)
    return [(b, u.radius + b.upto) for b in weapon_bands(pic.weapon_range, st.cfg.long_band_open)
            if b.upto is not None]


def draw_sight(surface: pygame.Surface, cam: Camera, st: HDState, pic: SightPicture) -> None:
    """The range rings and the sight lines (under the bases; their words are placed with the
    table's other labels)."""
    k = st.cfg.fathom_mm
    u = st.unit(pic.shooter)
    centre = _pt(cam, k, u.x, u.y)
    scale = cam.zoom * k
    for _band, reach in ring_radii(pic, st):
        r = round(reach * scale)
        if r > 4000:
            break
        pygame.draw.circle(surface, RING, centre, r, 1)
    for s in pic.sights:
        e = st.unit(s.unit)
        end = _pt(cam, k, e.x, e.y)
        colour = sight_colour(s)
        if s.seen:
            pygame.draw.line(surface, (0, 0, 0), centre, end, 4)
            pygame.draw.line(surface, colour, centre, end, 2)
        else:
            _dashed(surface, colour, centre, end)


def sight_colour(s: Sight) -> RGB:
    """Green for a target the rules allow, light for one seen, red for one out of sight."""
    return (LEGAL if s.legal else SEEN) if s.seen else BLOCKED


def sight_words(s: Sight) -> str:
    """What the sight line to one enemy says: "29.6 f, long 6+ · cover 20% · TARGET", or
    "29.6 f, long 6+ · unseen"."""
    words = [_("{d:.1f} f").format(d=s.distance)]
    if s.band and s.difficulty:
        words[0] = _("{d:.1f} f, {band} {diff}+").format(d=s.distance, band=band_name(s.band),
                                                         diff=s.difficulty)
    elif s.band:  # beyond the last band (HD-RANGED-15, the long band closed)
        words[0] = _("{d:.1f} f, {band}").format(d=s.distance, band=band_name(s.band))
    if not s.seen:
        words.append(_("unseen"))
        return " · ".join(words)
    words.append(_("cover {pct:.0f}%").format(pct=s.hidden * 100))
    if s.legal:
        words.append(_("TARGET"))
    return " · ".join(words)


def sight_short(s: Sight, name: str) -> str:
    """The sight label when there is no room for all of it: the enemy and its band."""
    if not s.seen:
        return _("{unit}: unseen").format(unit=name)
    if s.band and s.difficulty:
        return _("{unit}: {band} {diff}+").format(unit=name, band=band_name(s.band),
                                                  diff=s.difficulty)
    return name


def _dashed(surface: pygame.Surface, colour: RGB, a: tuple[int, int], b: tuple[int, int],
            dash: int = 8) -> None:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    n = max(1, int(length // dash))
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        pygame.draw.line(surface, colour, p0, p1, 1)


def draw_template(surface: pygame.Surface, cam: Camera, st: HDState, pic: TemplatePicture) -> None:
    k = st.cfg.fathom_mm
    pts = [_pt(cam, k, x, y) for x, y in pic.polygon]
    if len(pts) < 3:
        return
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, y0 = min(xs), min(ys)
    w, h = max(xs) - x0 + 1, max(ys) - y0 + 1
    if w > 0 and h > 0 and w * h < 16_000_000:
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        fill = (0xE8, 0x6A, 0x30, 90) if pic.ok else (0x90, 0x90, 0x90, 70)
        pygame.draw.polygon(layer, fill, [(x - x0, y - y0) for x, y in pts])
        surface.blit(layer, (x0, y0))
    pygame.draw.polygon(surface, RING if pic.ok else BLOCKED, pts, 2)
    for uid in pic.caught:
        u = st.unit(uid)
        pygame.draw.circle(surface, BLOCKED, _pt(cam, k, u.x, u.y),
                           round(u.radius * cam.zoom * k) + 5, 3)
    for uid in pic.saved:
        u = st.unit(uid)
        pygame.draw.circle(surface, LEGAL, _pt(cam, k, u.x, u.y),
                           round(u.radius * cam.zoom * k) + 5, 2)
