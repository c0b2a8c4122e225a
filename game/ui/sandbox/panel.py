"""The sandbox's side panel: overlay switches and the numbers of every readout.

``panel_lines`` is plain text (tested against the geometry layer); ``panel_html`` is the same as
pygame_gui HTML for the panel's text box (numbers in bold, the rule verdicts in colour). The
widgets themselves are ``game.ui.sandbox.side``.
"""

from __future__ import annotations

import html
import re

from game.core.units import FATHOM_MM
from game.i18n import N_, _
from game.ui.colours import ORANGE, STATUS_DIM, STATUS_WARN
from game.ui.gui import hex_colour
from game.ui.sandbox.analysis import Analysis
from game.ui.sandbox.names import ShownNames
from game.ui.sandbox.overlays import SEEN, touch_name
from game.ui.sandbox.scene import Scene
from game.ui.words import system_name

PANEL_WIDTH = 340
ACCENT = ORANGE

OVERLAY_NAMES = {
    "sight": N_("Sight lines"), "cover": N_("Cover"), "ruler": N_("Ruler and range bands"),
    "blast": N_("Blast template"), "cone": N_("Cone template"), "move": N_("Move preview"),
    "push": N_("Push-back preview"), "shadow": N_("Shadow"),
}
#: what each overlay shows, for its button's tooltip
OVERLAY_TIPS = {
    "sight": N_("Lines from the selected figure to every other: solid where it sees, dashed "
                "where it does not."),
    "cover": N_("How much of the target the terrain hides, the pieces that hide it, and each "
                "rule system's cover verdict."),
    "ruler": N_("Distances from base edge to base edge and the range bands of the chosen "
                "weapon (W changes it)."),
    "blast": N_("A round blast template: drag it; B puts it under the pointer, the slider or "
                "R and F change its radius."),
    "cone": N_("A cone template from the selected figure: C turns it towards the pointer "
               "until a click."),
    "move": N_("A straight move of the selected figure until it touches something: M aims "
               "it at the pointer."),
    "push": N_("Where the target is pushed back, away from the point set with P."),
    "shadow": N_("The ground that cannot be seen from the selected figure (H: from the "
                 "pointer)."),
}
HELP_LINES = (
    N_("Drag a figure to move it; click selects, right-click targets"),
    N_("N new figure · Del delete · [ ] base · PgUp PgDn height"),
    N_("U onto surface or floor · S side · Tab next figure"),
    N_("B blast here · R F blast radius · C cone · M move · P push source"),
    N_("F2 rename · H shadow from here · W weapon range"),
    N_("1-8 overlays · Ctrl+S save · Ctrl+O load · Esc back"),
)
_NUMBER = re.compile(r"(?<![\w#&;/-])([+-]?\d+(?:[.,]\d+)?(?:\s?%)?)")


def _f(mm: float) -> str:
    return _("{mm:.0f} mm ({f:.2f} f)").format(mm=mm, f=mm / FATHOM_MM)


def _names(scene: Scene, ids: tuple[str, ...]) -> str:
    out = [scene.figure(i).name if scene.figure(i) else i for i in ids]  # type: ignore[union-attr]
    return ", ".join(out) if out else _("none")


def _weapon_name(name: str) -> str:
    from game.i18n import language
    from game.ui.sandbox.weapons import weapons

    if language() == "ru":
        return next((w.name_ru for w in weapons() if w.name == name), name)
    return name


def panel_lines(scene: Scene, result: Analysis,
                names: ShownNames | None = None) -> list[tuple[str, str]]:
    """(kind, text) lines: kind is "head", "text", "dim", "warn", or "yes"/"no" for a rule's
    verdict. ``names``: the figures, sides and pieces in the reader's language (the view's)."""
    if names is not None:
        scene = names.scene(scene)
    terrain = names.terrain if names is not None else None

    def touched(kind: str | None, tid: str | None) -> str:
        return touch_name(kind, tid, scene, result.terrain_kinds, terrain)

    lines: list[tuple[str, str]] = []
    me = scene.figure(scene.selected)
    lines.append(("head", _("Selected")))
    if me is None:
        lines.append(("dim", _("no figure selected")))
    else:
        side = (names.side(me.side) if names is not None else me.side) or "—"
        lines.append(("text", _("{name} ({side})").format(name=me.name, side=side)))
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
            lines.append(("yes" if v.in_cover else "no",
                          text.format(system=system_name(v.system),
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
            d=_f(mv.distance), what=touched(mv.kind, mv.id))))
    if result.push is not None:
        p = result.push
        lines.append(("head", _("Push-back")))
        if p.blocked:
            lines.append(("warn", _("blocked at once by {what}").format(
                what=touched(p.touched_kind, p.touched_id))))
        else:
            lines.append(("text", _("{d} until {what}").format(
                d=_f(p.distance), what=touched(p.touched_kind, p.touched_id))))
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


BAND_NAMES = {"point_blank": N_("point blank"), "short": N_("short"), "medium": N_("medium"),
              "long": N_("long"), "beyond": N_("beyond")}


def _bold_numbers(text: str) -> str:
    return _NUMBER.sub(r"<b>\1</b>", text)


def _font(colour: str, body: str) -> str:
    return f"<font color='{colour}'>{body}</font>"  # i18n: not shown (markup)


def panel_html(lines: list[tuple[str, str]], message: str = "", help_lines: bool = False) -> str:
    """The panel's lines as pygame_gui HTML: headings in the accent colour, numbers in bold,
    a verdict in cover green, one not in cover and the quieter lines dimmed, warnings amber."""
    colours = {"dim": hex_colour(STATUS_DIM), "no": hex_colour(STATUS_DIM),
               "warn": hex_colour(STATUS_WARN), "yes": hex_colour(SEEN)}
    out: list[str] = []
    if message:
        out.append(_font(hex_colour(STATUS_WARN), html.escape(message, quote=False)))
    if help_lines:  # first, where it is seen without scrolling (the Keys button asked for it)
        out.append(_font(hex_colour(ACCENT), f"<b>{html.escape(_('Keys'), quote=False)}</b>"))
        out += [html.escape(_(t), quote=False) for t in HELP_LINES]
    for kind, text in lines:
        body = html.escape(text, quote=False)
        if kind == "head":
            if out:
                out.append("")
            out.append(_font(hex_colour(ACCENT), f"<b>{body}</b>"))
            continue
        body = _bold_numbers(body)
        if kind in ("yes", "no"):
            system, sep, rest = body.partition(":")
            body = f"<b>{system}</b>{sep}{rest}" if sep else body
        out.append(_font(colours[kind], body) if kind in colours else body)
    return "<br>".join(out)


#: what ``panel_html`` puts between two sections (a blank line): the side panel lays each section
#: out in a text box of its own, so a drag that changes one readout re-lays that one only
SECTION_BREAK = "<br><br>"


def panel_sections(html_text: str) -> list[str]:
    """``panel_html``'s text cut into its sections (the message, each heading's block, the keys)."""
    return [part for part in html_text.split(SECTION_BREAK) if part]
