"""Drawing the Mice and Mystics play screen: the cells the mouse in turn can reach (after its
movement roll) and the path to the hovered one, the figures in their cells with each cell's
occupancy, the top bar (round, the initiative track, the cheese wheel, the page counter), the
side panel's tabs (the odds of the attack on offer, the party and their cards; the log is the
shell's), the dice tray (the last roll with its symbols and their meanings) and the action bar's
words. Reads the view; changes nothing but which top bar buttons show."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.rules.mice_and_mystics.commands import Attack
from game.rules.mice_and_mystics.occupancy import capacity
from game.rules.mice_and_mystics.state import GM, MMState
from game.ui.colours import RGB
from game.ui.play import widgets as ui
from game.ui.play.mm.dice import CHEESE, MEANINGS, die_word, draw_die, draw_symbol
from game.ui.play.mm.session import ATTACK_MODES, seat_name
from game.ui.play.side_panel import draw_lines
from game.ui.terrain_art import polygons_of

if TYPE_CHECKING:
    from game.ui.play.mm.view import MMPlayView

REACH_FILL = (0x3C, 0xC0, 0x7A, 70)
REACH_END = (0xE0, 0xA0, 0x30, 70)
RESCUE_FILL = (0x3C, 0x7C, 0xE0, 80)
MINION: RGB = (0x8A, 0x22, 0x22)
FIG_R = 11
#: the Odds tab when no attack is on offer
NO_ODDS = N_("No attack on offer: the odds of an attack show here when the mouse in turn can "
             "attack, or when the pointer is on an attack in the action bar.")
#: a mouse's conditions, for the party panel and the Recover action
CONDITION_WORDS = {"stunned": N_("stunned"), "webbed": N_("webbed"),
                   "knocked_down": N_("knocked down"), "charmed": N_("charmed")}


def draw(view: MMPlayView, surface: pygame.Surface) -> None:
    """The whole frame: table, bars, panel, tray, status line, then the widgets and a card."""
    table = view.draw_board(surface)
    draw_table(view, table)
    view.sync_bars()
    draw_top(view, surface)
    view.draw_side_panel(surface)
    draw_tray(view, surface)
    draw_actions(view, surface)
    view.draw_status(surface)
    view.draw_overlays(surface)


def _poly(view: MMPlayView, table: pygame.Surface, cell: str, rgba: tuple[int, int, int, int],
          layer: pygame.Surface, edge: RGB | None = None) -> None:
    cam = view.board_view.camera
    info = view.session.system.graph(view.state).cell(cell)
    for poly in polygons_of(info.polygon):
        pts = [cam.world_to_screen(x, y) for x, y, *_ in poly.exterior.coords]
        if len(pts) >= 3:
            pygame.draw.polygon(layer, rgba, pts)
            if edge is not None:
                pygame.draw.lines(table, edge, True, pts, 3)


def draw_table(view: MMPlayView, table: pygame.Surface) -> None:
    st = view.state
    cam = view.board_view.camera
    g = view.session.system.graph(st)
    layer = pygame.Surface(table.get_size(), pygame.SRCALPHA)
    reach = view.reach()
    path: tuple[str, ...] = ()
    if reach is not None:
        for cell in reach.cells:
            if cell != reach.start:
                _poly(view, table, cell, REACH_END if cell in reach.terminal else REACH_FILL, layer)
        if view.hover_cell in reach:
            path = reach.path_to(view.hover_cell)
    for cell in view.rescue_cells():
        _poly(view, table, cell, RESCUE_FILL, layer)
    table.blit(layer, (0, 0))
    if reach is not None:
        for cell in reach.cells:
            if cell == reach.start:
                continue
            x, y = cam.world_to_screen(*g.cell(cell).centre)
            pic = view.texts.render(str(reach.cost[cell]), ui.SMALL_PX, ui.GOOD)
            table.blit(pic, (round(x) - pic.get_width() // 2, round(y) + FIG_R + 2))
    if len(path) > 1:
        pts = [cam.world_to_screen(*g.cell(c).centre) for c in path]
        pygame.draw.lines(table, ui.ACCENT, False, pts, 4)
    if view.hover_cell:
        _poly(view, table, view.hover_cell, (0, 0, 0, 0), layer, ui.ACCENT)
    occ = view.session.system.occupancy(st)
    acting = st.acting
    near_targets = {c.target for c in view.session.legal() if isinstance(c, Attack)} \
        if view.session.human_to_play() and view.teaching else set()
    named: dict[str, int] = {}  #: cell -> half the width of the name over its lone figure
    for ident, label, seat, p in view.figure_spots(st):
        x, y = (round(v) for v in cam.world_to_screen(*p))
        colour = MINION if seat == "minion" else view.colours.get(seat, (150, 150, 150))
        if ident == acting:
            pygame.draw.circle(table, ui.ACCENT, (x, y), FIG_R + 4, 3)
        if ident in near_targets:
            pygame.draw.circle(table, (0xFF, 0x50, 0x40), (x, y), FIG_R + 4, 3)
        pygame.draw.circle(table, colour, (x, y), FIG_R)
        pygame.draw.circle(table, (0x10, 0x10, 0x10), (x, y), FIG_R, 2)
        pic = view.texts.render(label[:1], ui.SMALL_PX, (0xFF, 0xFF, 0xFF))
        table.blit(pic, (x - pic.get_width() // 2, y - pic.get_height() // 2))
        if occ.get(_cell_of(st, ident)) is not None and _alone(view, st, ident):
            name = view.texts.render(label, ui.SMALL_PX, ui.TEXT)
            table.blit(name, (x - name.get_width() // 2, y - FIG_R - name.get_height()))
            named[_cell_of(st, ident)] = name.get_width() // 2
    for cell, n in occ.items():
        if cell not in g or g.cell(cell).tile != st.tile:
            continue
        cap_small, cap_large = capacity(g, cell, st.cfg.move_rules)
        x, y = cam.world_to_screen(*g.cell(cell).centre)
        used = _("{n}/{cap}L").format(n=n.large, cap=int(cap_large)) if n.large \
            else f"{n.small}/{int(cap_small)}"
        pic = view.texts.render(used, ui.SMALL_PX, ui.ACCENT)
        dx = max(FIG_R * 2, named.get(cell, 0) + 6)  # clear of the figure's name
        box = pic.get_rect(topleft=(round(x) + dx, round(y) - FIG_R * 2 - 4)).inflate(6, 2)
        table.fill((0x10, 0x10, 0x14), box)
        table.blit(pic, (box.x + 3, box.y + 1))


def _cell_of(st: MMState, ident: str) -> str:
    return st.mouse(ident).cell if st.has_mouse(ident) else st.minion(ident).cell


def _alone(view: MMPlayView, st: MMState, ident: str) -> bool:
    cell = _cell_of(st, ident)
    n = view.session.system.occupancy(st).get(cell)
    return n is not None and n.mice + n.small_minions + n.large_minions == 1


def draw_top(view: MMPlayView, surface: pygame.Surface) -> None:
    st = view.state
    top = view.layout.top
    first = view.draw_top_frame(surface).right  # where the buttons start
    x = top.x + 10
    cy = top.centery
    seat = view.session.to_play()
    who = _("Chapter over") if seat is None else seat_name(seat)
    pic = view.texts.render(_("Round {n}").format(n=st.round) + f"  ·  {who}", ui.TEXT_PX,
                            view.colours.get(seat or "", ui.TEXT) if seat not in (None, GM) else ui.TEXT)
    surface.blit(pic, (x, cy - pic.get_height() // 2))
    x += pic.get_width() + 14
    r = (top.height - 10) // 2  # the cheese wheel's radius
    wheel_text = _("Wheel {wheel}/6   Page {page}/{end}").format(
        wheel=st.wheel, page=st.page, end=st.end_page)
    wheel = view.texts.render(wheel_text, ui.TEXT_PX, ui.TEXT)
    room = first - 8 - (8 + 2 * r + 6 + wheel.get_width())  # where the track must end
    more = view.texts.render("...", ui.SMALL_PX, ui.DIM)
    for i, ent in enumerate(st.order):  # the initiative track
        if st.has_mouse(ent):
            m = st.mouse(ent)
            label, colour = view.name(m.id), view.colours.get(m.player, (150, 150, 150))
            if m.captured:
                colour = (90, 90, 90)
        else:
            label, colour = view.name(ent), MINION
        w = view.texts.width(label, ui.SMALL_PX) + 12
        last = i == len(st.order) - 1
        if x + w > room - (0 if last else more.get_width() + 6):
            # no room for the rest of the track: "..." (where it fits), the buttons whole
            if x + more.get_width() <= room:
                surface.blit(more, (x, cy - more.get_height() // 2))
                x += more.get_width() + 6
            break
        chip = pygame.Rect(x, top.y + 8, w, top.height - 16)
        pygame.draw.rect(surface, colour, chip, border_radius=4)
        if i == st.index:
            pygame.draw.rect(surface, ui.ACCENT, chip.inflate(4, 4), 2, border_radius=5)
        text = view.texts.render(label, ui.SMALL_PX, (0xFF, 0xFF, 0xFF))
        surface.blit(text, (chip.x + 6, chip.centery - text.get_height() // 2))
        x = chip.right + 6
    x += 8
    fits = first - 8 - (x + 2 * r + 6)  # a narrow window: the words cut, not the buttons
    if wheel.get_width() > fits:
        wheel = view.texts.render(ui.ellipsize(view.texts, wheel_text, max(0, fits), ui.TEXT_PX),
                                  ui.TEXT_PX, ui.TEXT)
    centre = (x + r, cy)
    for k in range(6):
        a0 = -math.pi / 2 + k * math.pi / 3
        pts = [centre] + [(centre[0] + r * math.cos(a0 + j * math.pi / 15),
                           centre[1] + r * math.sin(a0 + j * math.pi / 15)) for j in range(6)]
        pygame.draw.polygon(surface, CHEESE if k < st.wheel else (0x40, 0x40, 0x48), pts)
        pygame.draw.polygon(surface, (0x10, 0x10, 0x10), pts, 1)
    x += 2 * r + 6
    surface.blit(wheel, (x, cy - wheel.get_height() // 2))
    end = x + wheel.get_width()  # where the words end
    x = end + 14
    mode = view.texts.render(view.mode_name(), ui.SMALL_PX, ui.DIM)
    view.mode_on_top = x + mode.get_width() < first - 8
    if view.mode_on_top:
        surface.blit(mode, (x, cy - mode.get_height() // 2))
        end = x + mode.get_width()
    for widget in view.top_buttons.buttons:  # a button the words reached (a tiny window) hides
        if bool(widget.visible) != (widget.rect.x > end):
            (widget.show if widget.rect.x > end else widget.hide)()
            view.bars_gui.touch()


def draw_party(view: MMPlayView, surface: pygame.Surface, body: pygame.Rect) -> None:
    """The Mice tab: the party (each mouse's health, cheese, cards and conditions, the one in
    turn lit), the group's cards; the mode when the top bar had no room for it."""
    st = view.state
    x, y, w = body.x + 10, body.y + 8, body.width - 20
    if not view.mode_on_top:  # no room in the top bar: the mode heads the party
        mode = view.texts.render(view.mode_name(), ui.SMALL_PX, ui.DIM)
        surface.blit(mode, (body.right - 10 - mode.get_width(), y))
        y += 20
    for m in st.mice:  # the party and the cards in hand
        colour = view.colours.get(m.player, ui.TEXT)
        head = _("{name} ({player})  {health}/{life} hp  {cheese} cheese").format(
            name=view.name(m.id), player=seat_name(m.player), health=m.health, life=m.life,
            cheese=m.cheese)
        if m.captured:
            head += "  " + _("captured")
        pygame.draw.rect(surface, colour, pygame.Rect(x, y + 3, 6, 14))
        surface.blit(view.texts.render(ui.ellipsize(view.texts, head, w - 10, ui.SMALL_PX), ui.SMALL_PX,
                                       ui.ACCENT if m.id == st.acting else ui.TEXT), (x + 10, y))
        y += 18
        held = ", ".join(view.name(c) for c in m.equipped) or _("nothing")
        pack = ", ".join(view.name(c) for c in m.pack)
        extra = ("; " + _("pack: {cards}").format(cards=pack) if pack else "") + \
                (" [" + ", ".join(_(CONDITION_WORDS.get(c, c)) for c in m.conditions) + "]"
                 if m.conditions else "")
        for line in ui.wrap(view.texts, _("Cards: {cards}").format(cards=held) + extra, w - 10,
                            ui.SMALL_PX):
            surface.blit(view.texts.render(line, ui.SMALL_PX, ui.DIM), (x + 10, y))
            y += 17
        y += 5
    if st.group_items:
        group = _("Group: {cards}").format(cards=", ".join(view.name(c) for c in st.group_items))
        draw_lines(view.texts, surface, pygame.Rect(body.x, y - 10, body.width, body.bottom - y),
                   [(group, ui.DIM)])


def draw_odds(view: MMPlayView, surface: pygame.Surface, body: pygame.Rect) -> None:
    """The Odds tab: the attack hovered in the action bar, else the best on offer."""
    odds, source, cmd = view.odds()
    if odds is None or cmd is None:
        draw_lines(view.texts, surface, body, [(_(NO_ODDS), ui.DIM)])
        return
    draw_lines(view.texts, surface, body, [
        (_("Odds ({source}): {title}").format(source=_(source), title=view.odds_title(cmd)),
         ui.ACCENT),
        _("{attack} attack dice vs {defence} defence dice").format(
            attack=odds.attack_dice, defence=odds.defence_dice),
        _("{wound:.0f}% at least one wound, {expected:.1f} expected; "
          "{defeat:.0f}% defeats it").format(
            wound=odds.p_wound * 100, expected=odds.expected_wounds,
            defeat=odds.p_defeat * 100),
        _("{cheese:.1f} cheese expected from the 6s").format(cheese=odds.expected_cheese)])


def draw_tray(view: MMPlayView, surface: pygame.Surface) -> None:
    rect = view.layout.tray
    ui.panel(surface, rect, ui.CHROME_BG)
    rolls = view.session.last_rolls()
    x = rect.x + 10
    size = min(40, rect.height - 34)
    if not rolls:
        surface.blit(view.texts.render(_("No dice rolled yet."), ui.TEXT_PX, ui.DIM), (x, rect.y + 8))
    for ev in rolls:
        values = dict(ev.values)
        row = str(values.get("row", "defence")) if ev.kind == "mm.attack" else "defence"
        who = view.name(ev.actor)
        title = (_("{who}: {row} attack").format(who=who, row=_(ATTACK_MODES.get(row, row)))
                 if ev.kind == "mm.attack" else _("{who}: defence").format(who=who))
        surface.blit(view.texts.render(title, ui.SMALL_PX, ui.TEXT), (x, rect.y + 4))
        dx = x
        for face in values.get("faces", ()):
            die = pygame.Rect(dx, rect.y + 24, size, size)
            word = die_word(int(face), row)
            shift = max(0, (view.texts.width(word, ui.SMALL_PX) - size) // 2)
            die.x += shift
            draw_die(surface, view.texts, die, int(face), row)
            dx = die.right + shift + 10
        x = max(dx, x + view.texts.width(title, ui.SMALL_PX)) + 20
    legend_w = max(view.texts.width(_(text), ui.SMALL_PX) for _name, text in MEANINGS) + 22
    legend_x = max(x, rect.right - legend_w - 10)
    ly = rect.y + 4
    for name, text in MEANINGS:
        draw_symbol(surface, name, pygame.Rect(legend_x, ly, 18, 18))
        surface.blit(view.texts.render(_(text), ui.SMALL_PX, ui.DIM), (legend_x + 22, ly))
        ly += 18


def draw_actions(view: MMPlayView, surface: pygame.Surface) -> None:
    rect = view.layout.actions
    ui.panel(surface, rect, ui.CHROME_BG)
    if not view.buttons:
        seat = view.session.to_play()
        text = _("The GM plays the minions (Space: faster).") if seat == GM else \
            _("{seat} (AI) is playing.").format(seat=seat_name(seat)) if seat is not None \
            else view.outcome_text()
        y = rect.y + 8
        for line in ui.wrap(view.texts, text, rect.width - 24, ui.TEXT_PX)[:2]:
            surface.blit(view.texts.render(line, ui.TEXT_PX, ui.DIM), (rect.x + 12, y))
            y += 22
