"""Drawing the Helldorado play screen: the units with their sight lines and templates, the move
being dragged, the top bar's words, the side panel's tabs (Odds: the targets, Unit) and the dice
tray. Reads the view, changes nothing (its pictures' caches aside)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, language
from game.rules.helldorado.spatial import angle_to
from game.ui.colours import NO_SIDE, RGB, ink_on
from game.ui.play import widgets as ui
from game.ui.play.hd.overlay import draw_sight, draw_template, sight_lines
from game.ui.play.hd.tray import last_rolls
from game.ui.play.side_panel import draw_lines
from game.ui.words import mode_name

if TYPE_CHECKING:
    from game.ui.play.hd.view import HDPlayView

#: the game's name in the top bar, in the One for All title's orange
TITLE_COLOUR: RGB = (0xE6, 0x9F, 0x00)
#: base sizes (HD-0-3) and weapon kinds as the Unit tab names them
BASE_SIZES = {"normal": N_("normal"), "large": N_("large"), "huge": N_("huge")}
WEAPON_LINES = {"melee": N_("• {weapon} (melee) {numbers}"),
                "ranged": N_("• {weapon} (ranged) {numbers}"),
                "explosion": N_("• {weapon} (explosion) {numbers}"),
                "cloud": N_("• {weapon} (cloud) {numbers}"),
                "impact": N_("• {weapon} (impact) {numbers}")}


def draw(view: HDPlayView, surface: pygame.Surface) -> None:
    """The whole frame: table, bars, panel, tray, status line, then the widgets and a card."""
    lay = view.layout
    draw_table(view, view.draw_board(surface))
    draw_top(view, surface)
    view.draw_side_panel(surface)
    session = view.session
    key = (id(session), session.revision, language())
    title, rows = view.memo("rolls", key, lambda: last_rolls(session.match, view.names))
    act = view.state.activation
    info = None
    if act is not None:
        u = view.state.unit(act.unit)
        info = (view.names.of(u.id),
                _("{d:.1f} f").format(d=session.system.remaining(view.state, u)))
    view.tray.draw(surface, lay.tray, (key, info), title, rows, info, view.colours)
    view.action_bar.set(lay.actions, view.groups(), view.hint(), surface.get_size())
    view.action_bar.draw(surface, lay.actions, view.hot)
    view.draw_status(surface)
    view.draw_overlays(surface)


def draw_table(view: HDPlayView, surface: pygame.Surface) -> None:
    cam = view.board_view.camera
    st = view.state
    k = view.k
    pic = view.sight() if view.tool is None and view.drag_from is None else None
    if pic is not None:
        draw_sight(surface, cam, view.texts, st, pic, "lines")
    tpl = view.template()
    if tpl is not None:
        draw_template(surface, cam, st, tpl)
    active = st.activation.unit if st.activation else ""
    for u in sorted(st.units, key=lambda u: (u.alive, u.z, u.y)):
        cx, cy = cam.world_to_screen(u.x * k, u.y * k)
        r = max(9, round(u.radius * k * cam.zoom))
        c = (round(cx), round(cy))
        colour = view.colours.get(u.side, NO_SIDE)
        if not u.alive:
            pygame.draw.circle(surface, (0x50, 0x50, 0x50), c, r, 2)
            pygame.draw.line(surface, (0x50, 0x50, 0x50), (c[0] - r, c[1] - r), (c[0] + r, c[1] + r), 2)
            continue
        if u.id == view.selected:
            pygame.draw.circle(surface, ui.ACCENT, c, r + 5, 3)
        if u.id == active:
            pygame.draw.circle(surface, (0xFF, 0xFF, 0xFF), c, r + 9, 2)
        if u.id == view.hover:
            pygame.draw.circle(surface, (0xF4, 0xF4, 0xF0), c, r + 3, 1)
        fill = colour if not u.activated else tuple(v // 2 for v in colour)
        pygame.draw.circle(surface, fill, c, r)
        pygame.draw.circle(surface, (0x10, 0x10, 0x12), c, r, 2)
        mark = view.texts.render(view.letters.get(u.side, ""), ui.SMALL_PX,
                                 ink_on(fill))  # type: ignore[arg-type]
        surface.blit(mark, mark.get_rect(center=c))
        lifted = _(", height {z:.1f} f").format(z=u.z) if u.z > 0.05 else ""
        name = view.texts.render(f"{view.names.of(u.id)} {u.lp}/{u.max_lp}{lifted}", ui.SMALL_PX, ui.TEXT)
        box = name.get_rect(midbottom=(c[0], c[1] - r - 2))
        pygame.draw.rect(surface, (0x14, 0x14, 0x18), box.inflate(4, 0), border_radius=3)
        surface.blit(name, box)
    if pic is not None:
        draw_sight(surface, cam, view.texts, st, pic, "labels")
    if view.drag_from is not None and view.drag_to is not None and view.selected:
        draw_drag(view, surface)


def draw_drag(view: HDPlayView, surface: pygame.Surface) -> None:
    acting = view.session.acting_state(view.selected)
    if acting is None or view.drag_to is None:
        return
    cam = view.board_view.camera
    k = view.k
    u = acting.unit(view.selected)
    system = view.session.system
    want = math.hypot(view.drag_to[0] - u.x, view.drag_to[1] - u.y)
    left = system.remaining(acting, u)
    if want < 0.02 or left <= 0:
        return
    angle = angle_to(u, view.drag_to)
    res = system.sweep(acting, u, angle, min(want, left))
    a = cam.world_to_screen(u.x * k, u.y * k)
    b = cam.world_to_screen(res.x * k, res.y * k)
    want_pt = cam.world_to_screen(view.drag_to[0] * k, view.drag_to[1] * k)
    pygame.draw.line(surface, ui.DIM, a, want_pt, 1)
    pygame.draw.line(surface, ui.ACCENT, a, b, max(2, round(2 * u.radius * k * cam.zoom)))
    pygame.draw.circle(surface, ui.ACCENT, (round(b[0]), round(b[1])),
                       round(u.radius * k * cam.zoom), 2)
    words = _("{d:.2f} of {left:.2f} f").format(d=res.distance, left=left) + (
        _(", stops at {what}").format(what=view.names.thing(str(res.id), str(res.kind or "")))
        if res.stopped else "")
    tag = view.texts.render(words, ui.SMALL_PX, ui.ACCENT)
    surface.blit(tag, (b[0] + 12, b[1] + 8))


def draw_top(view: HDPlayView, surface: pygame.Surface) -> None:
    """The top bar: the game, the side to play, the round, the mode, the points and the Vae
    Victis left (the shell's words; its buttons are widgets, drawn with ``bars_gui``)."""
    st = view.state
    side = view.session.to_play()
    chip = None
    if side is not None:
        ai = " " + _("(AI)") if side in view.session.ai_sides else ""
        chip = (f"{view.names.side(side)}{ai}", view.colours.get(side, NO_SIDE))
    score = "  ".join(f"{view.names.side(s)} {v}" for s, v in st.tally)
    first = "   ".join((_("Round {n}/{of}").format(n=st.round, of=st.cfg.rounds),
                         mode_name(view.session.mode)))
    second = "   ".join((_("Points: {score}").format(score=score),
                         _("Vae Victis: {left}").format(left=" ".join(str(st.vae(s)) for s in st.sides))))
    view.draw_top_words(surface, f"{first}   {second}", (first, second),
                        title=(_("Helldorado"), TITLE_COLOUR), chip=chip)


def draw_targets(view: HDPlayView, surface: pygame.Surface, body: pygame.Rect) -> None:
    """The Odds tab: the sight lines of the selected unit to every enemy (what each shot
    needs), or what the template being laid catches."""
    tpl = view.template()
    pic = view.sight()
    lines = ([tpl.words, ""] if tpl is not None else []) + (
        sight_lines(pic, view.state, view.names) if pic is not None else [_("Select a unit.")])
    draw_lines(view.texts, surface, body, [(_("Targets"), ui.ACCENT), *lines])


def draw_unit(view: HDPlayView, surface: pygame.Surface, body: pygame.Rect) -> None:
    """The unit's card: the unit under the pointer, else the selected one."""
    draw_lines(view.texts, surface, body, unit_lines(view))


def unit_lines(view: HDPlayView) -> list[str]:
    uid = view.hover or view.selected
    st = view.state
    if not uid or not st.has_unit(uid):
        return [_("Select a unit.")]
    u = st.unit(uid)
    names = view.names
    out = [f"{names.of(u.id)} ({names.side(u.side)}, {names.profile(u.profile)})",
           f"CBT {u.cbt if u.cbt is not None else '–'}  DEF {u.defence}  PR {u.pr}  "
           f"SHS {u.shs if u.shs is not None else '–'}",
           _("LP {lp}/{max}  MOV {mov:g} f  base {size}  {points} pts").format(
               lp=u.lp, max=u.max_lp, mov=u.mov, size=_(BASE_SIZES.get(u.size, u.size)),
               points=u.points),
           _("activated this round") if u.activated else _("ready")]
    for w in u.weapons:
        nums = (_("table {values}").format(values="/".join(map(str, w.table))) if w.table else
                f"{w.difficulty}/{w.power}")
        line = _(WEAPON_LINES.get(w.kind, N_("• {weapon} {numbers}")))
        out.append(line.format(weapon=names.weapon(w.id, w.name), numbers=nums)
                   + (_(", Range {r:g} f").format(r=w.range) if w.range else ""))
    return out
