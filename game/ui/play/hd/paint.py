"""Drawing the Helldorado play screen: the units with their sight lines and templates, the move
being dragged, the top bar's words, the side panel's tabs (Odds: the targets, Unit) and the dice
tray. Reads the view, changes nothing (its pictures' caches aside)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _, language
from game.ui.colours import NO_SIDE, ORANGE, RGB
from game.ui.play import widgets as ui
from game.ui.play.hd.odds_tab import Pane, draw_odds
from game.ui.play.hd.overlay import SightPicture, bands_words, sight_lines
from game.ui.play.hd.table import draw_table
from game.ui.play.hd.tray import last_rolls
from game.ui.play.side_panel import PAD, draw_lines
from game.ui.play.top_bar import top_words
from game.ui.words import mode_name

if TYPE_CHECKING:
    from game.ui.play.hd.view import HDPlayView

#: the game's name in the top bar, in the One for All title's orange
TITLE_COLOUR: RGB = ORANGE
#: the mode of play in the top bar when the full name does not fit
SHORT_MODES = {"teaching": N_("Teaching"), "strict": N_("Strict")}
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
    if view.menu is not None:
        view.menu.draw(surface)
    view.draw_overlays(surface)


def draw_top(view: HDPlayView, surface: pygame.Surface) -> None:
    """The top bar: the game, the side to play, the round, the mode, the points and the Vae
    Victis left, on one line: the longest form that fits (``top_forms``), the shell's words
    and buttons (drawn with ``bars_gui``)."""
    side = view.session.to_play()
    chip = None
    if side is not None:
        ai = " " + _("(AI)") if side in view.session.ai_sides else ""
        chip = (f"{view.names.side(side)}{ai}", view.colours.get(side, NO_SIDE))
    room = view.draw_top_frame(surface)
    key = (id(view.session), view.session.revision, language(), room.width, chip)
    title, one = view.memo("top", key, lambda: top_form(view, room.width, chip))
    top_words(view.texts, surface, room, one, (one,),
              title=(title, TITLE_COLOUR) if title else None, chip=chip)


def top_forms(view: HDPlayView) -> list[tuple[bool, str]]:
    """The top bar's facts, longest first: (with the game's title?, the line). The points and
    the Vae Victis left name the sides while there is room, then follow the sides' order."""
    st = view.state
    side_names = [view.names.side(s) for s, _v in st.tally]
    points = [str(v) for _s, v in st.tally]
    rnd = _("Round {n}/{of}").format(n=st.round, of=st.cfg.rounds)
    mode = mode_name(view.session.mode)
    vae = [str(st.vae(s)) for s in st.sides]
    full = "   ".join((rnd, mode, _("Points: {score}").format(
        score="  ".join(f"{n} {v}" for n, v in zip(side_names, points, strict=True))),
        _("Vae Victis: {left}").format(left=" ".join(vae))))
    vae_short = _("Vae Victis {left}").format(left=" : ".join(vae))
    points_short = _("Points {score}").format(score=" : ".join(points))
    forms = [(True, full)]
    if len(side_names) == 2:
        named = _("{one} {a} : {b} {two}").format(one=side_names[0], a=points[0], b=points[1],
                                                  two=side_names[1])
        forms.append((True, " · ".join((rnd, mode, named, vae_short))))
    short_mode = _(SHORT_MODES[view.session.mode]) if view.session.mode in SHORT_MODES else mode
    compact = " · ".join((rnd, short_mode, points_short, vae_short))
    bare = " · ".join((rnd, points_short, vae_short))
    return [*forms, (True, compact), (False, compact), (True, bare), (False, bare)]


def top_form(view: HDPlayView, width: int, chip: tuple[str, RGB] | None) -> tuple[str, str]:
    """The first of ``top_forms`` that fits on one line in a top bar room ``width`` wide (as
    ``top_words`` lays it out: the title, the chip, then the facts); the last when none does."""
    texts = view.texts
    title = _("Helldorado")
    title_w = texts.width(title, ui.TITLE_PX) + 20
    chip_w = texts.width(f" {chip[0]} ", ui.TEXT_PX) + 22 if chip is not None else 0
    forms = top_forms(view)
    for with_title, line in forms:
        room = width - 24 - chip_w - (title_w if with_title else 0)
        if texts.width(line, ui.TEXT_PX) <= room:
            return (title if with_title else ""), line
    return "", forms[-1][1]


def draw_odds_tab(view: HDPlayView, surface: pygame.Surface, body: pygame.Rect) -> None:
    """The Odds tab (scrolled by the wheel): the exact odds of the roll on offer (the action
    under the pointer, the template in hand, the attack on the enemy under the pointer, else
    the first roll on offer), then what the template catches and the sight lines of the
    selected unit to every enemy (what each shot needs). Drawn once per change into a picture
    the frames blit."""
    subject = view.odds_subject()
    tpl = view.template()
    pic = view.sight()
    # the rules are listed here unless the shell's footer links to them (``odds_rules``)
    footer = callable(getattr(super(type(view), view), "odds_rules", None))
    key = (id(view.session), view.session.revision, language(), body.width, footer,
           None if subject is None else (subject[0], id(subject[2])),
           tpl.words if tpl is not None else "", id(pic))
    picture = view.memo("odds_picture", key, lambda: odds_picture(
        view, body.width, subject, tpl.words if tpl is not None else "", pic, footer))
    clip = surface.get_clip()
    surface.set_clip(body.clip(clip) if clip else body)
    surface.blit(picture, (body.x, body.y - view.odds_scroll))
    surface.set_clip(clip)
    view.odds_height, view.odds_shown_h = picture.get_height(), body.height


#: the tallest the Odds tab's words may be (pixels)
ODDS_MAX_H = 6000


def odds_picture(view: HDPlayView, width: int, subject: tuple[Any, Any, Any] | None,
                 template_words: str, pic: SightPicture | None, footer: bool) -> pygame.Surface:
    """The Odds tab's words and charts, ``width`` wide, as tall as they are."""
    canvas = pygame.Surface((width, ODDS_MAX_H), pygame.SRCALPHA)
    pane = Pane(view.texts, canvas, canvas.get_rect(), PAD)
    if subject is not None:
        command, st, odds = subject
        draw_odds(pane, view.names, st, view.names.command(command), odds, rules=not footer)
    else:
        pane.line(_("No roll on offer: point at an action, aim a template or select a unit "
                    "that can attack."), ui.DIM)
        pane.gap()
    if template_words:
        pane.line(template_words)
        pane.gap()
    pane.line(_("Targets"), ui.ACCENT)
    for line in sight_lines(pic, view.state, view.names) if pic is not None else [_("Select a unit.")]:
        pane.line(line)
    return canvas.subsurface((0, 0, width, min(ODDS_MAX_H, pane.y + PAD))).copy()


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
        out.append(line.format(weapon=names.weapon(w.id, w.name), numbers=nums))
        if w.range:  # the weapon's range bands by name (HD-RANGED-15)
            out.append("   " + bands_words(w.range, st.cfg.long_band_open))
    return out
