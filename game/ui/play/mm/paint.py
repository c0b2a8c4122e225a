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

from game import i18n
from game.i18n import N_, _
from game.rules.mice_and_mystics.state import GM
from game.ui.colours import RGB
from game.ui.play import widgets as ui
from game.ui.play.dice_tray import draw_die as draw_plain_die
from game.ui.play.marks import draw_kept_marks
from game.ui.play.mm.dice import CHEESE, MEANINGS, ROW_SYMBOLS, die_word, draw_die, draw_symbol
from game.ui.play.mm.session import ATTACK_MODES, TrayRoll, seat_name
from game.ui.play.mm.table import FIG_R as FIG_R  # a base's radius, read here by the crowded test
from game.ui.play.mm.table import MINION, draw_figures, draw_labels
from game.ui.play.side_panel import draw_lines
from game.ui.terrain_art import polygons_of

if TYPE_CHECKING:
    from game.ui.play.mm.view import MMPlayView

REACH_FILL = (0x3C, 0xE0, 0x7A, 100)
REACH_END = (0xF0, 0xB0, 0x30, 110)
RESCUE_FILL = (0x3C, 0x7C, 0xE0, 80)
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


def _poly(view: MMPlayView, layer: pygame.Surface, cell: str,
          fill: tuple[int, int, int, int] | None, edge: RGB | None = None) -> None:
    cam = view.board_view.camera
    info = view.session.system.graph(view.state).cell(cell)
    for poly in polygons_of(info.polygon):
        pts = [cam.world_to_screen(x, y) for x, y, *_ in poly.exterior.coords]
        if len(pts) >= 3:
            if fill is not None:
                pygame.draw.polygon(layer, fill, pts)
            if edge is not None:
                pygame.draw.lines(layer, edge, True, pts, 3)


def draw_table(view: MMPlayView, table: pygame.Surface) -> None:
    """The table's marks (``paint_table``), drawn again only when what they show changes (the
    match, the camera, the window, the cell or the figure under the pointer, the language);
    else the picture made last is laid on the table."""
    st = view.state
    hovered = view.figure_at(view.cursor) if view.cursor is not None else ""
    key = (id(st), view.hover_cell, hovered, i18n.language(), view.session.human_to_play(),
           view.teaching, view.board_view.show_terrain)
    draw_kept_marks(view, table, key, st, paint_table, view.board_view.camera)


def paint_table(view: MMPlayView, layer: pygame.Surface) -> None:
    """The table's marks: the cells the mouse in turn can reach (its move's end in amber), the
    cells a rescued mouse may go to, the path to the cell under the pointer, then the figures
    and every word on the table (``mm/table.py``)."""
    cam = view.board_view.camera
    g = view.session.system.graph(view.state)
    reach = view.reach()
    path: tuple[str, ...] = ()
    if reach is not None:  # the layer is clear: the fills go straight onto it
        for cell in reach.cells:
            if cell != reach.start:
                _poly(view, layer, cell, REACH_END if cell in reach.terminal else REACH_FILL)
        if view.hover_cell in reach:
            path = reach.path_to(view.hover_cell)
    for cell in view.rescue_cells():
        _poly(view, layer, cell, RESCUE_FILL)
    if len(path) > 1:
        pts = [cam.world_to_screen(*g.cell(c).centre) for c in path]
        pygame.draw.lines(layer, ui.ACCENT, False, pts, 4)
    if view.hover_cell:
        _poly(view, layer, view.hover_cell, None, ui.ACCENT)
    draw_labels(view, layer, draw_figures(view, layer))


def draw_top(view: MMPlayView, surface: pygame.Surface) -> None:
    st = view.state
    top = view.layout.top
    first = view.draw_top_frame(surface).right  # where the buttons start
    x = top.x + 10
    cy = top.centery
    seat = view.session.to_play()
    who = _("Chapter over") if seat is None else seat_name(seat)
    round_text = _("Round {n}").format(n=st.round) + f"  ·  {who}"
    pic = view.texts.render(round_text, ui.TEXT_PX,
                            view.colours.get(seat or "", ui.TEXT) if seat not in (None, GM) else ui.TEXT)
    surface.blit(pic, (x, cy - pic.get_height() // 2))
    view.spots.note(round_text, (x, cy - pic.get_height() // 2), ui.TEXT_PX)
    x += pic.get_width() + 14
    r = (top.height - 10) // 2  # the cheese wheel's radius
    wheel_text = _("Wheel {wheel}/6   Page {page}/{end}").format(
        wheel=st.wheel, page=st.page, end=st.end_page)
    room = first - 8 - (8 + 2 * r + 6 + view.texts.width(wheel_text, ui.TEXT_PX))  # the track's end
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
    if view.texts.width(wheel_text, ui.TEXT_PX) > fits:
        wheel_text = ui.ellipsize(view.texts, wheel_text, max(0, fits), ui.TEXT_PX)
    wheel = view.texts.render(wheel_text, ui.TEXT_PX, ui.TEXT)
    centre = (x + r, cy)
    for k in range(6):
        a0 = -math.pi / 2 + k * math.pi / 3
        pts = [centre] + [(centre[0] + r * math.cos(a0 + j * math.pi / 15),
                           centre[1] + r * math.sin(a0 + j * math.pi / 15)) for j in range(6)]
        pygame.draw.polygon(surface, CHEESE if k < st.wheel else (0x40, 0x40, 0x48), pts)
        pygame.draw.polygon(surface, (0x10, 0x10, 0x10), pts, 1)
    x += 2 * r + 6
    surface.blit(wheel, (x, cy - wheel.get_height() // 2))
    view.spots.note(wheel_text, (x, cy - wheel.get_height() // 2), ui.TEXT_PX)
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
        head = ui.ellipsize(view.texts, head, w - 10, ui.SMALL_PX)
        surface.blit(view.texts.render(head, ui.SMALL_PX,
                                       ui.ACCENT if m.id == st.acting else ui.TEXT), (x + 10, y))
        view.spots.note(head, (x + 10, y), ui.SMALL_PX)
        y += 18
        held = ", ".join(view.name(c) for c in m.equipped) or _("nothing")
        pack = ", ".join(view.name(c) for c in m.pack)
        extra = ("; " + _("pack: {cards}").format(cards=pack) if pack else "") + \
                (" [" + ", ".join(_(CONDITION_WORDS.get(c, c)) for c in m.conditions) + "]"
                 if m.conditions else "")
        for line in ui.wrap(view.texts, _("Cards: {cards}").format(cards=held) + extra, w - 10,
                            ui.SMALL_PX):
            surface.blit(view.texts.render(line, ui.SMALL_PX, ui.DIM), (x + 10, y))
            view.spots.note(line, (x + 10, y), ui.SMALL_PX)
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
    """The dice tray: every die of the latest command that rolled (an attack and its defence,
    a search, a movement roll, the initiative...), each roll under its title, and the meaning of
    the symbols shown; the oldest rolls give way when they do not all fit."""
    rect = view.layout.tray
    ui.panel(surface, rect, ui.CHROME_BG)
    rolls = view.session.tray_rolls()
    x = rect.x + 10
    if not rolls:
        surface.blit(view.texts.render(_("No dice rolled yet."), ui.TEXT_PX, ui.DIM), (x, rect.y + 8))
        return
    # a die from the tray's top + 24, the word under it from + 25 + size: both inside the tray
    word_h = view.texts.font(ui.SMALL_PX).get_height()
    size = max(18, min(40, rect.height - 27 - word_h))
    legend_x = _legend(view, surface, rect, rolls)
    groups = [(roll, _roll_title(view, roll)) for roll in rolls]
    widths = [_group_width(view, roll, title, size) for roll, title in groups]
    while len(groups) > 1 and sum(widths) + 20 * (len(widths) - 1) > legend_x - x - 10:
        groups, widths = groups[1:], widths[1:]  # the oldest rolls give way
    for (roll, title), width in zip(groups, widths, strict=True):
        title = ui.ellipsize(view.texts, title, width, ui.SMALL_PX)
        surface.blit(view.texts.render(title, ui.SMALL_PX, ui.TEXT), (x, rect.y + 4))
        view.spots.note(title, (x, rect.y + 4), ui.SMALL_PX)
        dx = x
        for i, face in enumerate(roll.faces):
            word = _die_word(view, roll, i)
            shift = max(0, (view.texts.width(word, ui.SMALL_PX) - size) // 2)
            if roll.row:
                draw_die(surface, view.texts, pygame.Rect(dx + shift, rect.y + 24, size, size),
                         int(face), roll.row)
            else:
                draw_plain_die(surface, dx + shift, rect.y + 24, int(face), size=size)
                if word:
                    under = view.texts.render(word, ui.SMALL_PX, ui.DIM)
                    at = (dx + shift + size // 2 - under.get_width() // 2, rect.y + 25 + size)
                    surface.blit(under, at)
                    view.spots.note(word, at, ui.SMALL_PX)
            dx += size + 2 * shift + 10
        x += width + 20


def _roll_title(view: MMPlayView, roll: TrayRoll) -> str:
    row = _(ATTACK_MODES.get(roll.row, roll.row))
    return _(roll.title).format(who=view.name(roll.who) if roll.who else "", row=row)


def _die_word(view: MMPlayView, roll: TrayRoll, i: int) -> str:
    """The word under a die: what its face means, or whose initiative die it is."""
    if roll.row:
        return die_word(int(roll.faces[i]), roll.row)
    return view.name(roll.owners[i]) if i < len(roll.owners) else ""


def _group_width(view: MMPlayView, roll: TrayRoll, title: str, size: int) -> int:
    dice = 0
    for i in range(len(roll.faces)):
        shift = max(0, (view.texts.width(_die_word(view, roll, i), ui.SMALL_PX) - size) // 2)
        dice += size + 2 * shift + 10
    return max(dice - 10, min(view.texts.width(title, ui.SMALL_PX), 260))


def _legend(view: MMPlayView, surface: pygame.Surface, rect: pygame.Rect,
            rolls: list[TrayRoll]) -> int:
    """The meaning of each symbol on the dice shown, in columns from the tray's right edge;
    returns where the legend starts."""
    symbols = {name for roll in rolls for name in ROW_SYMBOLS.get(roll.row, ())}
    shown = [(name, _(text)) for name, text in MEANINGS if name in symbols]
    if not shown:
        return rect.right
    per_column = max(1, (rect.height - 6) // 18)
    columns = [shown[i:i + per_column] for i in range(0, len(shown), per_column)]
    right = rect.right - 10
    for column in reversed(columns):
        w = max(view.texts.width(text, ui.SMALL_PX) for _name, text in column) + 22
        ly = rect.y + 4
        for name, text in column:
            draw_symbol(surface, name, pygame.Rect(right - w, ly, 18, 18))
            surface.blit(view.texts.render(text, ui.SMALL_PX, ui.DIM), (right - w + 22, ly))
            view.spots.note(text, (right - w + 22, ly), ui.SMALL_PX)
            ly += 18
        right -= w + 12
    return right


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
            view.spots.note(line, (rect.x + 12, y), ui.TEXT_PX)
            y += 22
