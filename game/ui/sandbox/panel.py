"""The sandbox's side panel: overlay switches and the numbers of every readout.

``panel_lines`` is plain text (tested against the geometry layer); ``draw_panel`` lays it out.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.sandbox_scene import OVERLAYS, Scene
from game.ui.colours import STATUS_BG, STATUS_DIM, STATUS_TEXT, STATUS_WARN
from game.ui.fonts import Fonts
from game.ui.sandbox.analysis import Analysis
from game.ui.sandbox.overlays import touch_name

PANEL_WIDTH = 340
LINE_PX = 17
PAD = 8

OVERLAY_NAMES = {
    "sight": N_("Sight lines"), "cover": N_("Cover"), "ruler": N_("Ruler and range bands"),
    "blast": N_("Blast template"), "cone": N_("Cone template"), "move": N_("Move preview"),
    "push": N_("Push-back preview"), "shadow": N_("Shadow"),
}
HELP_LINES = (
    N_("Drag a figure to move it; click selects, right-click targets"),
    N_("N new figure · Del delete · [ ] base · PgUp PgDn height"),
    N_("U onto surface or floor · S side · Tab next figure"),
    N_("B blast here · R F blast radius · C cone · M move · P push source"),
    N_("H shadow from here · W weapon range"),
    N_("1-8 overlays · Ctrl+S save · Ctrl+O load · Esc back"),
)


def _f(mm: float) -> str:
    return _("{mm:.0f} mm ({f:.2f} f)").format(mm=mm, f=mm / 25.4)


def _names(scene: Scene, ids: tuple[str, ...]) -> str:
    out = [scene.figure(i).name if scene.figure(i) else i for i in ids]  # type: ignore[union-attr]
    return ", ".join(out) if out else _("none")


def _weapon_name(name: str) -> str:
    from game.i18n import language
    from game.ui.sandbox.weapons import weapons

    if language() == "ru":
        return next((w.name_ru for w in weapons() if w.name == name), name)
    return name


def panel_lines(scene: Scene, result: Analysis) -> list[tuple[str, str]]:
    """(kind, text) lines: kind is "head", "text", "dim" or "warn"."""
    lines: list[tuple[str, str]] = [("head", _("Sandbox"))]
    for k, name in enumerate(OVERLAYS, start=1):
        mark = "[x]" if scene.shows(name) else "[ ]"
        lines.append(("text" if scene.shows(name) else "dim",
                      f"{k} {mark} {_(OVERLAY_NAMES[name])}"))
    me = scene.figure(scene.selected)
    lines.append(("head", _("Selected")))
    if me is None:
        lines.append(("dim", _("no figure selected")))
    else:
        lines.append(("text", _("{name} ({side})").format(name=me.name, side=me.side or "—")))
        lines.append(("dim", _("base {d:.0f} mm · height {h:.0f} mm · level {z:.0f} mm").format(
            d=2 * me.radius, h=me.height, z=me.z)))
    if result.sight:
        seen = sum(1 for s in result.sight if s.seen)
        lines.append(("head", _("Sight")))
        lines.append(("text", _("sees {seen} of {total}").format(seen=seen, total=len(result.sight))))
        hidden = [s.target for s in result.sight if not s.seen]
        if hidden:
            lines.append(("dim", _("hidden: {names}").format(names=_names(scene, tuple(hidden)))))
    tgt = scene.figure(scene.target)
    if result.cover is not None and tgt is not None:
        cov = result.cover
        lines.append(("head", _("Cover of {name}").format(name=tgt.name)))
        lines.append(("text", _("hidden {pct:.1f}% (all terrain)").format(
            pct=100 * cov.hidden_fraction)))
        lines.append(("text", _("hidden {pct:.1f}% within {r}").format(
            pct=100 * cov.near_hidden_fraction, r=_f(scene.cover_radius))))
        if not cov.visible:
            lines.append(("warn", _("not seen at all")))
        for v in result.verdicts:
            if v.in_cover:
                text = _("{system}: in cover, PR +{bonus} ({rule})")
            else:
                text = _("{system}: not in cover ({rule})")
            lines.append(("text" if v.in_cover else "dim",
                          text.format(system=_(SYSTEM_NAMES.get(v.system, v.system)),
                                      bonus=v.bonus, rule=v.rule)))
    if result.rulers:
        if scene.weapon:
            lines.append(("head", _("Ruler, {weapon}: range {r}").format(
                weapon=_weapon_name(scene.weapon), r=_f(scene.weapon_range))))
        else:
            lines.append(("head", _("Ruler, weapon range {r}").format(r=_f(scene.weapon_range))))
        for r in sorted(result.rulers, key=lambda r: r.distance)[:6]:
            fig = scene.figure(r.target)
            diff = r.band.difficulty
            band = _(BAND_NAMES.get(r.band.name, r.band.name))
            lines.append(("text", _("{name}: {d} · {band} {diff}").format(
                name=fig.name if fig else r.target, d=_f(r.distance), band=band,
                diff="—" if diff is None else diff)))
    if result.blast is not None and scene.blast is not None:
        lines.append(("head", _("Blast, radius {r}").format(r=_f(scene.blast[2]))))
        lines.append(("text", _("caught: {names}").format(names=_names(scene, result.blast.caught))))
        lines.append(("dim", _("saved by full cover: {names}").format(
            names=_names(scene, result.blast.saved))))
    if result.cone is not None:
        lines.append(("head", _("Cone")))
        lines.append(("text", _("caught: {names}").format(names=_names(scene, result.cone.caught))))
        lines.append(("dim", _("saved by full cover: {names}").format(
            names=_names(scene, result.cone.saved))))
    if result.move is not None:
        mv = result.move
        lines.append(("head", _("Move")))
        lines.append(("text", _("{d} until {what}").format(
            d=_f(mv.distance), what=touch_name(mv.kind, mv.id, scene, result.terrain_kinds))))
    if result.push is not None:
        p = result.push
        lines.append(("head", _("Push-back")))
        if p.blocked:
            lines.append(("warn", _("blocked at once by {what}").format(
                what=touch_name(p.touched_kind, p.touched_id, scene, result.terrain_kinds))))
        else:
            lines.append(("text", _("{d} until {what}").format(
                d=_f(p.distance), what=touch_name(p.touched_kind, p.touched_id, scene, result.terrain_kinds))))
        if p.fell:
            lines.append(("warn", _("falls {drop:.0f} mm").format(drop=p.drop)))
    if result.shadow is not None:
        lines.append(("head", _("Shadow")))
        lines.append(("text", _("{area:.0f} cm² unseen within {r}").format(
            area=result.shadow.area / 100.0, r=_f(scene.shadow_radius))))
    for name in result.failed:
        lines.append(("warn", _("{what}: cannot be computed for this arrangement").format(
            what=_(OVERLAY_NAMES[name]))))
    return lines


SYSTEM_NAMES = {"helldorado": N_("Helldorado"), "one_for_all": N_("One for All"),
                "relic": N_("Relic"), "mice_and_mystics": N_("Mice and Mystics")}
BAND_NAMES = {"point_blank": N_("point blank"), "short": N_("short"), "medium": N_("medium"),
              "long": N_("long"), "beyond": N_("beyond")}


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, fonts: Fonts,
               lines: list[tuple[str, str]]) -> None:
    surface.fill(STATUS_BG, rect)
    font = fonts.of_height(LINE_PX)
    y = rect.top + PAD
    colours = {"head": STATUS_TEXT, "text": STATUS_TEXT, "dim": STATUS_DIM, "warn": STATUS_WARN}
    for kind, text in lines:
        if kind == "head":
            y += 6
        img = font.render(text, True, colours[kind])
        if img.get_width() > rect.width - 2 * PAD:
            img = pygame.transform.smoothscale(
                img, (rect.width - 2 * PAD, img.get_height()))
        surface.blit(img, (rect.left + PAD, y))
        if kind == "head":
            pygame.draw.line(surface, STATUS_DIM, (rect.left + PAD, y + LINE_PX + 2),
                             (rect.right - PAD, y + LINE_PX + 2))
            y += 4
        y += LINE_PX + 3
    small = fonts.of_height(14)
    if y + 8 > rect.bottom - PAD - len(HELP_LINES) * 17:
        return  # no room: the readouts matter more than the key help
    y = rect.bottom - PAD - len(HELP_LINES) * 17
    for text in HELP_LINES:
        img = small.render(_(text), True, STATUS_DIM)
        if img.get_width() > rect.width - 2 * PAD:
            img = pygame.transform.smoothscale(img, (rect.width - 2 * PAD, img.get_height()))
        surface.blit(img, (rect.left + PAD, y))
        y += 17
