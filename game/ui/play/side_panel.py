"""The side panel: tabs for the Log, the Odds of the pending roll and the Figure card.

The tabs are pygame_gui buttons (``bar_widgets``) with a tooltip each; the chosen one is lit.
A click on a tab chooses it; ``click`` does the same for a position (and says whether it was on
a tab), so the view can give the other clicks to the tab's body.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import N_, _, language
from game.ui.gui import Gui
from game.ui.play.bar_widgets import BarWidgets, fitted
from game.ui.play.widgets import PANEL_BG, PANEL_LINE, Texts

#: the tabs' ids, which are also their English names (translated where drawn)
TABS = (N_("Log"), N_("Odds"), N_("Figure"))
TAB_H = 36
#: what each tab shows, for its tooltip
TOOLTIPS = {
    "Log": N_("What happened, newest first, each event with its rule IDs; click an entry "
              "to open it."),
    "Odds": N_("The chances of the roll on offer, or of the action under the pointer."),
    "Figure": N_("The card of the figure under the pointer or selected: profile, markers, "
                 "wounds."),
}
ON, OFF = "#toggle_on", "#toggle"


class Tabs:
    """A row of tabs as pygame_gui toggle buttons, each with its tooltip, the chosen one lit;
    built again only when the row's place or the language changes. The One for All panel
    (``SidePanel``) and the Helldorado one (``hd/view.py``) use it with their own tabs.

    ``names`` are the tabs' ids, which are their English names (shown through ``_()``);
    ``on_choose(name)`` is called when a tab is clicked, else the click waits in ``take``."""

    def __init__(self, names: tuple[str, ...], tips: dict[str, str], gui: Gui | None = None,
                 on_choose: Any = None) -> None:
        self.names = names
        self.tips = tips
        self.on_choose = on_choose
        self.widgets = BarWidgets(gui)
        #: tab name -> its UIButton
        self.buttons: dict[str, Any] = {}
        self._built: tuple[tuple[int, int, int, int], str] | None = None

    def tab_rects(self, rect: pygame.Rect) -> list[tuple[str, pygame.Rect]]:
        w = rect.width // len(self.names)
        return [(name, pygame.Rect(rect.x + i * w, rect.y, w, TAB_H))
                for i, name in enumerate(self.names)]

    @staticmethod
    def body(rect: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(rect.x, rect.y + TAB_H, rect.width, max(1, rect.height - TAB_H))

    def layout(self, rect: pygame.Rect, size: tuple[int, int], chosen: str) -> None:
        """The tabs in ``rect`` on a screen of ``size`` (built when needed), ``chosen`` lit."""
        gui = self.widgets.ready(size)
        key = ((rect.x, rect.y, rect.width, rect.height), language())
        if key != self._built:
            from pygame_gui.core import ObjectID
            from pygame_gui.elements import UIButton

            self.widgets.clear()
            self._built = key
            self.buttons = {}
            for name, r in self.tab_rects(rect):
                box = pygame.Rect(r.x + 3, r.y + 4, r.width - 6, r.height - 8)
                command = (self._chooser(name) if self.on_choose is not None
                           else self.widgets.command(name))
                self.buttons[name] = self.widgets.add(UIButton(
                    box, fitted(gui, _(name), box.width - 8, (OFF, "button")), gui.manager,
                    tool_tip_text=_(self.tips[name]),
                    object_id=ObjectID(ON if name == chosen else OFF, "button"),
                    command=command))
        self.light(chosen)

    def _chooser(self, name: str) -> Any:
        def chosen() -> None:
            self.on_choose(name)
        return chosen

    def light(self, chosen: str) -> None:
        """The chosen tab lit, the others not (pygame_gui styles them by object id)."""
        from pygame_gui.core import ObjectID

        changed = False
        for name, button in self.buttons.items():
            want = ON if name == chosen else OFF
            if button.object_ids[-1] != want:
                button.change_object_id(ObjectID(want, "button"))
                changed = True
        if changed and self.widgets.gui is not None:
            self.widgets.gui.touch()

    def take(self) -> list[str]:
        """The tabs clicked since the last call (when there is no ``on_choose``)."""
        return self.widgets.take()


class SidePanel:
    def __init__(self, texts: Texts, gui: Gui | None = None) -> None:
        self.texts = texts
        self.tab = TABS[0]
        self.tabs = Tabs(TABS, TOOLTIPS, gui, on_choose=self._choose)
        self.widgets = self.tabs.widgets

    @property
    def buttons(self) -> dict[str, Any]:
        """Tab name -> its UIButton."""
        return self.tabs.buttons

    @staticmethod
    def tab_rects(rect: pygame.Rect) -> list[tuple[str, pygame.Rect]]:
        w = rect.width // len(TABS)
        return [(name, pygame.Rect(rect.x + i * w, rect.y, w, TAB_H)) for i, name in enumerate(TABS)]

    body = staticmethod(Tabs.body)

    def click(self, rect: pygame.Rect, pos: tuple[int, int]) -> bool:
        for name, r in self.tab_rects(rect):
            if r.collidepoint(pos):
                self.tab = name
                return True
        return False

    def _choose(self, name: str) -> None:
        self.tab = name

    def process(self, event: pygame.event.Event) -> bool:
        """Feed an event to the panel's own Gui (a shared one is fed by the view)."""
        return self.widgets.process(event)

    def update(self, dt: float) -> None:
        self.widgets.update(dt)

    def draw_frame(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The panel's background and its tabs (the widgets are drawn with their Gui: here
        when the panel has its own)."""
        self.tabs.layout(rect, surface.get_size(), self.tab)
        surface.fill(PANEL_BG, rect)
        pygame.draw.line(surface, PANEL_LINE, rect.topleft, rect.bottomleft)
        pygame.draw.line(surface, PANEL_LINE, (rect.x, rect.y + TAB_H - 1),
                         (rect.right, rect.y + TAB_H - 1))
        self.widgets.draw(surface)
