"""The side panel, the same on every play screen: a row of tabs over a body that shows the chosen
one. The shell owns the panel (its frame, the tab buttons, switching by a click or by Ctrl+Tab,
the clicks and the wheel in its body) and the Log tab; each game fills in the others with
``PanelTab``s: the Odds of the roll on offer and the card of its piece (figure, unit, mouse,
hero). The Rules tab (``RULES``, the shell's too: ``rules_panel.py``) shows the game's rule
book, searchable, and opens at the entry of a rule ID clicked anywhere on the screen.

The tabs are pygame_gui toggle buttons (``bar_widgets``) with a tooltip each, the chosen one lit,
built again only when the panel's place, the language or the tabs' words change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import N_, _, language
from game.ui.gui import Gui
from game.ui.play.bar_widgets import BarWidgets, WidgetBar, fitted, text_width
from game.ui.play.widgets import PANEL_BG, PANEL_LINE, SMALL_PX, TEXT, Texts, wrap

#: the tabs' ids, in their order on every play screen
LOG, ODDS, CARD, RULES = "log", "odds", "card", "rules"
TAB_IDS = (LOG, ODDS, CARD, RULES)
TAB_H = 36
LINE_H = 20
PAD = 10
#: the Log tab's words (the shell's own tab)
LOG_LABEL = N_("Log")
LOG_TIP = N_("What happened, newest first, each event with its rule IDs; click an entry "
             "to open it.")
#: the Rules tab's words (the shell's own tab)
RULES_LABEL = N_("Rules")
RULES_TIP = N_("The game's rules by topic, in our own words: search them, or click a rule ID "
               "anywhere on the screen to open its entry.")
ON, OFF = "#toggle_on", "#toggle"
#: the tabs' class: the label centred with little padding (the theme's buttons keep 14 px each
#: side for left-aligned words; four tabs in a narrow panel need the room)
TAB_CLASS = "#tab"
TAB_THEME = {TAB_CLASS: {"misc": {"text_horiz_alignment": "center",
                                  "text_horiz_alignment_padding": "2"}}}

#: draws a tab's body: ``draw(surface, body)``
Painter = Callable[[pygame.Surface, pygame.Rect], None]


@dataclass(frozen=True)
class PanelTab:
    """One tab of the side panel: its id (``LOG``, ``ODDS``, ``CARD``...), its words (msgids,
    shown through ``_()``) and what draws its body; ``click(body, pos)`` takes a press of the
    left button in the body (True when it used it), ``wheel(notches, body)`` the wheel."""

    id: str
    label: str
    tip: str
    draw: Painter
    click: Callable[[pygame.Rect, tuple[int, int]], bool] | None = None
    wheel: Callable[[float, pygame.Rect], None] | None = None


def body_of(rect: pygame.Rect) -> pygame.Rect:
    """The part of the panel under the tabs."""
    return pygame.Rect(rect.x, rect.y + TAB_H, rect.width, max(1, rect.height - TAB_H))


def draw_lines(texts: Texts, surface: pygame.Surface, body: pygame.Rect,
               lines: Sequence[str | tuple[str, tuple[int, int, int]]]) -> int:
    """Lines of small text in a tab's body, each wrapped to its width (a line may come with its
    colour), noted for the glossary's tooltips; returns where they end."""
    clip = surface.get_clip()
    surface.set_clip(body)
    y = body.y + PAD
    for line in lines:
        text, colour = line if isinstance(line, tuple) else (line, TEXT)
        for part in wrap(texts, text, body.width - 2 * PAD, SMALL_PX):
            surface.blit(texts.render(part, SMALL_PX, colour), (body.x + PAD, y))
            if texts.spots is not None:  # its terms explain themselves on hover
                texts.spots.note(part, (body.x + PAD, y), SMALL_PX, clip=body)
            y += LINE_H
    surface.set_clip(clip)
    return y


class Tabs:
    """A row of tabs as pygame_gui toggle buttons, each with its tooltip, the chosen one lit.
    ``on_choose(id)`` is called when a tab is clicked, else the click waits in ``take``."""

    def __init__(self, gui: Gui | None = None, on_choose: Callable[[str], None] | None = None
                 ) -> None:
        self.on_choose = on_choose
        self.widgets = BarWidgets(gui)
        #: tab id -> its UIButton
        self.buttons: dict[str, Any] = {}
        self._built: tuple[Any, ...] | None = None
        #: each tab's width as laid out last (by its label), for ``tab_rects``
        self.widths: dict[str, int] = {}
        self._themed: Any = None

    def tab_rects(self, rect: pygame.Rect, ids: Sequence[str]) -> list[tuple[str, pygame.Rect]]:
        """Where each tab is: as wide as its label needs, the room left shared out (the same
        share each when the tabs were not laid out for ``ids``)."""
        if set(ids) != set(self.widths) or sum(self.widths.values()) != rect.width:
            w = rect.width // max(1, len(ids))
            widths = [w] * len(ids)
        else:
            widths = [self.widths[t] for t in ids]
        out, x = [], rect.x
        for tab, w in zip(ids, widths, strict=True):
            out.append((tab, pygame.Rect(x, rect.y, w, TAB_H)))
            x += w
        return out

    def _share(self, gui: Gui, rect: pygame.Rect, tabs: Sequence[PanelTab]) -> None:
        """Each tab as wide as its lit label needs (plus its margins), the rest shared out; a
        panel too narrow for all shrinks them alike."""
        need = [text_width(gui, _(t.label), (ON, "button")) + 14 for t in tabs]
        total = sum(need)
        if total <= rect.width:
            extra = rect.width - total
            widths = [n + extra // len(tabs) for n in need]
        else:
            widths = [n * rect.width // total for n in need]
        widths[-1] += rect.width - sum(widths)  # the last one takes the rounding
        self.widths = {t.id: w for t, w in zip(tabs, widths, strict=True)}

    def layout(self, rect: pygame.Rect, size: tuple[int, int], tabs: Sequence[PanelTab],
               chosen: str) -> None:
        """The tabs in ``rect`` on a screen of ``size`` (built when needed), ``chosen`` lit."""
        gui = self.widgets.ready(size)
        key = ((rect.x, rect.y, rect.width, rect.height), language(),
               tuple((t.id, t.label, t.tip) for t in tabs))
        held = self.widgets.holding() and self._built is not None and key[1:] == self._built[1:]
        if key != self._built and not held:
            from pygame_gui.core import ObjectID
            from pygame_gui.elements import UIButton

            self.widgets.clear()
            self._built = key
            self.buttons = {}
            if self._themed is not gui:  # the tabs' class, once in the Gui's theme
                gui.manager.get_theme().load_theme(TAB_THEME)
                self._themed = gui
            if tabs:
                self._share(gui, rect, tabs)
            for tab, (_id, r) in zip(tabs, self.tab_rects(rect, [t.id for t in tabs]),
                                     strict=True):
                box = pygame.Rect(r.x + 2, r.y + 4, r.width - 4, r.height - 8)
                self.buttons[tab.id] = self.widgets.add(UIButton(
                    box, fitted(gui, _(tab.label), box.width - 6, (ON, "button")), gui.manager,
                    tool_tip_text=_(tab.tip),
                    object_id=ObjectID(ON if tab.id == chosen else OFF, TAB_CLASS),
                    command=self._chooser(tab.id)))
        self.light(chosen)

    def _chooser(self, tab: str) -> Callable[[], None]:
        if self.on_choose is None:
            return self.widgets.command(tab)
        choose = self.on_choose

        def chosen() -> None:
            choose(tab)
        return chosen

    def light(self, chosen: str) -> None:
        """The chosen tab lit, the others not (pygame_gui styles them by object id)."""
        from pygame_gui.core import ObjectID

        changed = False
        for tab, button in self.buttons.items():
            want = ON if tab == chosen else OFF
            if button.object_ids[-1] != want:
                button.change_object_id(ObjectID(want, TAB_CLASS))
                changed = True
        if changed and self.widgets.gui is not None:
            self.widgets.gui.touch()

    def take(self) -> list[str]:
        """The tabs clicked since the last call (when there is no ``on_choose``)."""
        return self.widgets.take()


class SidePanel(WidgetBar):
    """The shell's side panel: the tabs a screen has (``tabs``, given at each frame), the chosen
    one (``tab``), its frame and its body."""

    def __init__(self, texts: Texts, gui: Gui | None = None) -> None:
        self.texts = texts
        self.tab = LOG
        self.tabs = Tabs(gui, on_choose=self.choose)
        self.widgets = self.tabs.widgets
        self.shown: tuple[PanelTab, ...] = ()

    @property
    def buttons(self) -> dict[str, Any]:
        """Tab id -> its UIButton."""
        return self.tabs.buttons

    @property
    def ids(self) -> list[str]:
        return [t.id for t in self.shown]

    body = staticmethod(body_of)

    def tab_rects(self, rect: pygame.Rect) -> list[tuple[str, pygame.Rect]]:
        return self.tabs.tab_rects(rect, self.ids)

    def choose(self, tab: str) -> None:
        self.tab = tab

    def step(self, by: int) -> None:
        """The next tab (``by`` 1) or the one before (-1), round the row."""
        ids = self.ids
        if ids:
            i = ids.index(self.tab) if self.tab in ids else 0
            self.tab = ids[(i + by) % len(ids)]

    def current(self) -> PanelTab | None:
        return next((t for t in self.shown if t.id == self.tab), None)

    def click(self, rect: pygame.Rect, pos: tuple[int, int]) -> bool:
        """A press of the left button at ``pos``: a tab chosen (True), else the chosen tab's
        body takes it."""
        for tab, r in self.tab_rects(rect):
            if r.collidepoint(pos):
                self.tab = tab
                return True
        got = self.current()
        body = self.body(rect)
        if got is not None and got.click is not None and body.collidepoint(pos):
            return got.click(body, pos)
        return False

    def wheel(self, rect: pygame.Rect, notches: float) -> None:
        got = self.current()
        if got is not None and got.wheel is not None:
            got.wheel(notches, self.body(rect))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, tabs: Sequence[PanelTab]) -> None:
        """The panel's background, its tabs (``tabs``: the screen's, in their order) and the
        chosen tab's body (the first tab when the chosen one is not there)."""
        self.shown = tuple(tabs)
        if tabs and self.tab not in self.ids:
            self.tab = tabs[0].id
        self.tabs.layout(rect, surface.get_size(), self.shown, self.tab)
        surface.fill(PANEL_BG, rect)
        pygame.draw.line(surface, PANEL_LINE, rect.topleft, rect.bottomleft)
        pygame.draw.line(surface, PANEL_LINE, (rect.x, rect.y + TAB_H - 1),
                         (rect.right, rect.y + TAB_H - 1))
        got = self.current()
        if got is not None:
            got.draw(surface, self.body(rect))
        self.widgets.draw(surface)
