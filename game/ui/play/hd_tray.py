"""The Helldorado dice tray: the attack sequence of the last command that rolled, as rows of dice
(hits ringed in gold, re-rolled dice ringed in blue with what they showed before), with the
active unit's movement left beside it. ``hd_rows`` reads the rows from events (plain data).

Also the screen's other controls as pygame_gui widgets (``bar_widgets``), in the Gui the view
shares with its action bar: the top bar's buttons (``HDTopButtons``) and the side panel's tabs
(``HDTabs``). Each has a tooltip that says what it does and its key; they are built once and
built again only when their place or the language changes; a press waits in ``take()`` for the
view (pygame_gui buttons act when released).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import N_, _, language
from game.rules.engine import Event, Match
from game.rules.helldorado.state import HDState
from game.ui.colours import RGB
from game.ui.gui import Gui
from game.ui.play.bar_widgets import BarWidgets, text_width
from game.ui.play.dice_tray import draw_die
from game.ui.play.hd_session import HDNames
from game.ui.play.side_panel import Tabs
from game.ui.play.top_bar import TOOLTIPS
from game.ui.play.widgets import (
    ACCENT,
    BIG_PX,
    DIM,
    PANEL_BG,
    PANEL_LINE,
    SMALL_PX,
    TEXT,
    Texts,
    ellipsize,
    wrap,
)

DIE = 24
ROW_H = 31
INFO_W = 130
REROLLED: RGB = (0x56, 0xB4, 0xE9)
#: the top bar's buttons: what each does for the view, its caption
TOP_BUTTONS = (("undo", N_("Undo")), ("redo", N_("Redo")), ("save", N_("Save")), ("load", N_("Load")),
               ("menu", N_("Menu")))
#: what each top bar button does, with its key (the One for All screen's words: the same keys)
TOP_TIPS = TOOLTIPS  #: the same buttons and keys as One for All's top bar
#: the side panel's tabs (their ids, which are their English names, shown through ``_()``)
TABS = (N_("Log"), N_("Targets"), N_("Unit"))
#: what each tab shows, for its tooltip
TAB_TIPS = {
    "Log": N_("What happened, newest first, each event with its rule IDs; click an entry "
              "to open it."),
    "Targets": N_("The sight lines of the selected unit to every enemy: distance, range band, "
                  "difficulty and cover; or what the template being laid catches."),
    "Unit": N_("The card of the unit under the pointer or selected: profile, life points, "
               "weapons."),
}
SMALL_IDS = ("#small", "button")


@dataclass(frozen=True)
class HDRow:
    label: str
    faces: tuple[int, ...] = ()
    hits: tuple[int, ...] = ()  #: indices ringed in gold
    rerolled: tuple[int, ...] = ()  #: indices ringed in blue
    before: tuple[int, ...] = ()  #: the faces before the re-roll (drawn small)
    side: str = ""
    result: str = ""


def _ints(v: object) -> tuple[int, ...]:
    return tuple(int(x) for x in v) if isinstance(v, tuple | list) else ()


def hd_rows(events: Sequence[Event], state: HDState, names: HDNames) -> list[HDRow]:
    rows: list[HDRow] = []
    need: dict[str, int] = {}

    def side(uid: str) -> str:
        return state.unit(uid).side if state.has_unit(uid) else ""

    for e in events:
        d = e.data
        if e.kind == "hd.roll":
            faces = _ints(d.get("faces"))
            diff = int(d.get("diff", 7))
            need[e.actor] = diff
            auto = int(d.get("auto", 0))
            extra = _(", re-rolls: {n}").format(n=d.get("rerolls", 0)) + (
                _(", +{n} automatic").format(n=auto) if auto else "")
            rows.append(HDRow(_("{unit} {n}d need {diff}+").format(unit=names.of(e.actor),
                                                                    n=len(faces), diff=diff), faces,
                              tuple(i for i, f in enumerate(faces) if f >= diff), side=side(e.actor),
                              result=_("hits: {n}").format(n=d.get("hits", 0)) + extra))
        elif e.kind == "hd.reroll":
            idx = _ints(d.get("indices"))
            faces = _ints(d.get("faces"))
            diff = need.get(e.actor, 7)
            if not idx:
                rows.append(HDRow(_("{unit} keeps the dice").format(unit=names.of(e.actor)),
                                  side=side(e.actor),
                                  result=_("re-rolls unused: {n}").format(n=d.get("unused", 0))))
                continue
            rows.append(HDRow(_("{unit} re-rolls").format(unit=names.of(e.actor)), faces,
                              tuple(i for i, f in enumerate(faces) if f >= diff), idx,
                              _ints(d.get("before")), side(e.actor),
                              _("hits: {n}; re-rolls unused: {u}").format(
                                  n=d.get("hits", 0), u=d.get("unused", 0))))
        elif e.kind == "hd.blast_roll":
            faces = _ints(d.get("faces"))
            diff = int(d.get("difficulty", 7))
            rows.append(HDRow(_("vs {unit} need {diff}+").format(
                unit=names.of(str(d.get("unit", ""))), diff=diff), faces,
                              tuple(i for i, f in enumerate(faces) if f >= diff),
                              side=side(str(d.get("unit", ""))),
                              result=f"{d.get('hits', 0)} × {d.get('power', 0)}"))
        elif e.kind == "hd.parity":
            verdict = (_("strays onto {unit}").format(unit=names.of(str(d.get("victim", ""))))
                       if d.get("stray") else _("hits its target"))
            rows.append(HDRow(_("odd {odd} / even {even}").format(odd=d.get("odd"), even=d.get("even")),
                              result=verdict))
        elif e.kind == "hd.redirect":
            rows.append(HDRow(_("{unit} in a fight").format(unit=names.of(str(d.get("unit", "")))),
                              (int(d.get("die", 1)),), result=(
                                  _("hits go to {unit}").format(unit=names.of(str(d.get("victim", ""))))
                                  if d.get("moved") else _("hits stay"))))
        elif e.kind in ("hd.damage", "hd.blast_damage"):
            who = str(d.get("target", d.get("unit", "")))
            rows.append(HDRow(f"{names.of(who)}", side=side(who), result=_("−{n} LP").format(n=d.get("loss", 0))))
    return rows


def last_rolls(match: Match, names: HDNames) -> tuple[str, list[HDRow]]:
    for step in reversed(match.steps):
        if step.rolled:
            rows = hd_rows(step.events, step.before, names)
            if any(r.faces for r in rows):
                return names.command(step.command, step.before), rows
    st: HDState = match.state
    if st.first_roll:
        a, b = st.first_roll[-1]
        return _("Who starts (HD-HOUSE-2)"), [
            HDRow(names.side(st.sides[0]), (a,), (0,) if a > b else (), side=st.sides[0]),
            HDRow(names.side(st.sides[1]), (b,), (0,) if b > a else (), side=st.sides[1],
                  result=_("{side} start").format(side=names.side(st.first)))]
    return "", []


class HDTray:
    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self._key: object = None
        self._pic: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, key: object, title: str,
             rows: Sequence[HDRow], info: tuple[str, str] | None, colours: dict[str, RGB]) -> None:
        full = (key, rect.size)
        if full != self._key or self._pic is None:
            self._key = full
            self._pic = self._render(rect.size, title, rows, info, colours)
        surface.blit(self._pic, rect)

    def _render(self, size: tuple[int, int], title: str, rows: Sequence[HDRow],
                info: tuple[str, str] | None, colours: dict[str, RGB]) -> pygame.Surface:
        t = self.texts
        pic = pygame.Surface(size)
        pic.fill(PANEL_BG)
        w, h = size
        pygame.draw.line(pic, PANEL_LINE, (0, 0), (w, 0))
        pygame.draw.line(pic, PANEL_LINE, (INFO_W, 6), (INFO_W, h - 6))
        if info is not None:
            name, value = info
            pic.blit(t.render(_("MOVE LEFT"), SMALL_PX, DIM), (10, 6))
            pic.blit(t.render(value, BIG_PX, ACCENT), (10, 28))
            pic.blit(t.render(ellipsize(t, name, INFO_W - 16, SMALL_PX), SMALL_PX, TEXT), (10, h - 26))
        else:
            for i, part in enumerate(wrap(t, _("no one active"), INFO_W - 16, SMALL_PX)):
                pic.blit(t.render(part, SMALL_PX, DIM), (10, 6 + 20 * i))
        x0 = INFO_W + 12
        pic.blit(t.render(ellipsize(t, _("Last roll: {title}").format(title=title) if title
                                    else _("No dice rolled yet."),
                                    w - x0 - 8, SMALL_PX), SMALL_PX, DIM), (x0, 4))
        x, y = x0, 26
        for row in rows:
            need = self._width(row)
            if x > x0 and x + need > w - 8:
                x, y = x0, y + ROW_H
            if y + DIE > h:
                break
            x = self._row(pic, row, x, y, colours) + 16
        return pic

    def _width(self, row: HDRow) -> int:
        t = self.texts
        return (t.width(row.label, SMALL_PX) + 8 + len(row.faces) * (DIE + 6)
                + t.width(row.result, SMALL_PX) + 12
                + (t.width(self._before(row), SMALL_PX) + 6 if row.before else 0))

    @staticmethod
    def _before(row: HDRow) -> str:
        return _("was {faces}").format(
            faces=",".join(str(row.before[i]) for i in row.rerolled if i < len(row.before)))

    def _row(self, pic: pygame.Surface, row: HDRow, x: int, y: int, colours: dict[str, RGB]) -> int:
        t = self.texts
        if row.side in colours:
            pygame.draw.rect(pic, colours[row.side], (x, y + 3, 5, DIE - 6))
            x += 9
        label = t.render(row.label, SMALL_PX, TEXT)
        pic.blit(label, (x, y + (DIE - label.get_height()) // 2))
        x += label.get_width() + 8
        for i, face in enumerate(row.faces):
            if i in row.rerolled:
                pygame.draw.rect(pic, REROLLED, pygame.Rect(x - 4, y - 4, DIE + 8, DIE + 8),
                                 border_radius=7)
            draw_die(pic, x, y, face, size=DIE, deciding=i in row.hits)
            x += DIE + 6
        if row.before:
            was = t.render(self._before(row), SMALL_PX, REROLLED)
            pic.blit(was, (x, y + (DIE - was.get_height()) // 2))
            x += was.get_width() + 6
        if row.result:
            res = t.render(row.result, SMALL_PX, ACCENT if row.faces else TEXT)
            pic.blit(res, (x + 2, y + (DIE - res.get_height()) // 2))
            x += res.get_width() + 4
        return x


class HDTopButtons:
    """The top bar's buttons (undo, redo, save, load, menu), right-aligned in the bar."""

    def __init__(self, gui: Gui | None = None) -> None:
        self.widgets = BarWidgets(gui)
        #: ``buttons[i]`` does ``keys[i]``
        self.keys: list[str] = []
        self.buttons: list[Any] = []
        self._built: tuple[tuple[int, int, int, int], str] | None = None

    def layout(self, rect: pygame.Rect, size: tuple[int, int]) -> None:
        """Build the buttons (only when the bar's rect or the language changed)."""
        gui = self.widgets.ready(size)
        key = ((rect.x, rect.y, rect.width, rect.height), language())
        if key == self._built:
            return
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton

        self.widgets.clear()
        self._built = key
        made: list[tuple[str, Any]] = []
        x = rect.right - 8
        for action, msgid in reversed(TOP_BUTTONS):
            label = _(msgid)
            w = text_width(gui, label, SMALL_IDS) + 18
            x -= w
            made.append((action, self.widgets.add(UIButton(
                pygame.Rect(x, rect.y + 6, w, rect.height - 12), label, gui.manager,
                tool_tip_text=_(TOP_TIPS[action]), object_id=ObjectID(*SMALL_IDS),
                command=self.widgets.command(action)))))
            x -= 6
        made.reverse()
        self.keys = [a for a, _b in made]
        self.buttons = [b for _a, b in made]

    def left(self, rect: pygame.Rect) -> int:
        """Where the first button starts (the words of the bar end before it)."""
        return self.buttons[0].rect.x if self.buttons else rect.right

    def enable(self, states: dict[str, bool]) -> None:
        """Enable or disable the buttons named in ``states`` (the others stay as they are)."""
        changed = False
        for action, button in zip(self.keys, self.buttons, strict=True):
            want = states.get(action)
            if want is True and not button.is_enabled:
                button.enable()
                changed = True
            elif want is False and button.is_enabled:
                button.disable()
                changed = True
        if changed and self.widgets.gui is not None:
            self.widgets.gui.touch()

    def button_at(self, pos: tuple[int, int]) -> str:
        """The action of the enabled button at ``pos`` ("" when none)."""
        for action, button in zip(self.keys, self.buttons, strict=True):
            if button.is_enabled and button.rect.collidepoint(pos):
                return action
        return ""

    def take(self) -> list[str]:
        """The actions of the buttons pressed since the last call."""
        return self.widgets.take()


def HDTabs(gui: Gui | None = None) -> Tabs:  # noqa: N802 - reads as the class it makes
    """The Helldorado side panel's tabs (Log, Targets, Unit): the shared ``Tabs``."""
    return Tabs(TABS, TAB_TIPS, gui)
