"""The sandbox's side panel as pygame_gui widgets: the overlay switches (keys 1-8 too), the
weapon, the blast radius slider, save, load and back, and the readouts in a text box.

The panel only reports what was pressed (``SidePanel.take``) and shows what it is given
(``show``); the view changes the scene.
"""

from __future__ import annotations

import html
import time
from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import N_, _, language
from game.ui.gui import Gui
from game.ui.sandbox.panel import HELP_LINES, OVERLAY_NAMES, OVERLAY_TIPS, SECTION_BREAK, panel_sections
from game.ui.sandbox.scene import FATHOM_MM, OVERLAYS, Scene

PAD = 8
ROW = 30
#: the readouts are laid out again at most this often (s) while the scene keeps changing (a
#: drag); only the sections that changed are, each in its own small text box (a few ms each,
#: where one box of everything with its scroll bar took 35-50 ms); the last state always shows
RELAYOUT_S = 0.05
#: the gap between two sections of the readouts (px)
SECTION_GAP = 6
#: the longest name a figure may be given (characters)
NAME_LIMIT = 32
#: the blast slider's range (mm): 0.2 to 12 fathoms
BLAST_RANGE = (5.0, 12 * FATHOM_MM)
BUTTONS = {
    "weapon": (N_("Next weapon"), N_("The ruler's weapon: the shooting weapons of the "
                                     "Helldorado profiles, then plain ranges (key W).")),
    "keys": (N_("Keys"), ""),  # the tooltip is the list of keys (HELP_LINES)
    "save": (N_("Save"), N_("Save this arrangement as a scene file (Ctrl+S).")),
    "load": (N_("Load"), N_("Load the saved scene again (Ctrl+O).")),
    "back": (N_("Back"), N_("Leave the sandbox (Esc).")),
}


@dataclass(frozen=True)
class Pressed:
    """A widget the player used: ``what`` is an overlay name, a ``BUTTONS`` key or "radius"
    (then ``value`` is the new radius in mm)."""

    what: str
    value: float = 0.0


class SidePanel:
    def __init__(self, gui: Gui) -> None:
        self.gui = gui
        self.toggles: dict[str, Any] = {}
        self.buttons: dict[str, Any] = {}
        self.readouts: Any = None  #: the scrolling container of the readouts' section boxes
        self.boxes: list[Any] = []  #: one UITextBox per section of the readouts
        self.slider: Any = None
        self.slider_label: Any = None
        self._html = ""
        self._pending: str | None = None
        self._laid_out = -1e9  #: when the readouts were last laid out (time.perf_counter)
        self._slider_value: float | None = None
        self._built: tuple[str, tuple[int, int, int, int]] | None = None
        self._pressed: list[Pressed] = []
        self._panel: Any = None
        self._readouts_top = 0
        self._inner = 40
        #: the name field while a figure is renamed (F2): (its label, the text line)
        self._rename: tuple[Any, Any] | None = None

    # ------------------------------------------------------------------ building
    def build(self, rect: pygame.Rect) -> None:
        """Every widget of the panel in ``rect`` (screen coordinates), in the current language."""
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UIHorizontalSlider, UILabel, UIPanel, UIScrollingContainer

        manager = self.gui.manager
        self.gui.clear()
        panel = UIPanel(rect, starting_height=1, manager=manager,
                        object_id=ObjectID("#side_panel", "panel"))
        inner = max(40, rect.width - 2 * PAD)
        y = PAD
        self.toggles = {}
        for k, name in enumerate(OVERLAYS, start=1):
            self.toggles[name] = UIButton(
                pygame.Rect(PAD, y, inner, ROW - 2), f"{k}   {_(OVERLAY_NAMES[name])}", manager,
                container=panel, tool_tip_text=_(OVERLAY_TIPS[name]),
                object_id=ObjectID("#toggle", "button"), command=self._command(name))
            y += ROW
        y += 4
        self.buttons = {}
        text, tip = BUTTONS["weapon"]
        wide = (inner - 4) * 2 // 3
        self.buttons["weapon"] = UIButton(pygame.Rect(PAD, y, wide, ROW - 2), _(text), manager,
                                          container=panel, tool_tip_text=_(tip),
                                          command=self._command("weapon"))
        keys = "<br>".join(html.escape(_(line), quote=False) for line in HELP_LINES)
        self.buttons["keys"] = UIButton(
            pygame.Rect(PAD + wide + 4, y, inner - wide - 4, ROW - 2), _(BUTTONS["keys"][0]),
            manager, container=panel, tool_tip_text=keys,
            object_id=ObjectID("#small", "button"), command=self._command("keys"))
        y += ROW + 2
        self.slider_label = UILabel(pygame.Rect(PAD, y, inner, 24), _("Blast radius"), manager,
                                    container=panel)
        y += 24
        self.slider = UIHorizontalSlider(pygame.Rect(PAD, y, inner, 26), BLAST_RANGE[0],
                                         BLAST_RANGE, manager, container=panel,
                                         click_increment=FATHOM_MM / 2)
        self._slider_value = float(self.slider.get_current_value())
        y += 26 + 6
        third = (inner - 2 * 4) // 3
        for k, key in enumerate(("save", "load", "back")):
            text, tip = BUTTONS[key]
            self.buttons[key] = UIButton(
                pygame.Rect(PAD + k * (third + 4), y, third, ROW - 2), _(text), manager,
                container=panel, tool_tip_text=_(tip),
                object_id=ObjectID("#small", "button"), command=self._command(key))
        y += ROW + 4
        self._panel = panel
        self._inner = inner
        self._readouts_top = y
        self._rename = None
        height = max(40, rect.height - y - PAD)
        if self._pending is not None:
            self._html, self._pending = self._pending, None
        self.readouts = UIScrollingContainer(pygame.Rect(PAD, y, inner, height), manager,
                                             container=panel, allow_scroll_x=False,
                                             object_id=ObjectID("#readouts", "scrolling_container"))
        self.boxes = []
        self._lay_out(panel_sections(self._html) or [" "])
        self._built = (language(), (rect.x, rect.y, rect.width, rect.height))

    # ------------------------------------------------------------------ renaming a figure
    def begin_rename(self, figure: str) -> None:
        """A name field over the top of the readouts, holding ``figure``'s name, with the keyboard."""
        from pygame_gui.elements import UITextBox, UITextEntryLine

        self.end_rename()
        if self._panel is None:
            return
        inner = self._inner
        if self.readouts is not None:
            self.readouts.hide()  # the name field takes the readouts' place until it is done
        words = _("Name of {figure} (Enter keeps it, Esc cancels):").format(figure=figure)
        label = UITextBox(html.escape(words, quote=False), pygame.Rect(PAD, self._readouts_top, inner, 66),
                          self.gui.manager, container=self._panel)
        line = UITextEntryLine(pygame.Rect(PAD, self._readouts_top + 68, inner, 32), self.gui.manager,
                               container=self._panel, initial_text=figure)
        line.set_text_length_limit(NAME_LIMIT)
        line.focus()
        self.gui.manager.set_focus_set(line)
        line.edit_position = len(figure)
        self._rename = (label, line)

    @property
    def renaming(self) -> bool:
        return self._rename is not None

    def rename_text(self) -> str:
        return self._rename[1].get_text().strip() if self._rename is not None else ""

    def end_rename(self) -> None:
        if self._rename is not None:
            for widget in self._rename:
                widget.kill()
            self._rename = None
            if self.readouts is not None:
                self.readouts.show()

    def needs_build(self, rect: pygame.Rect) -> bool:
        """Whether the widgets must be made again for ``rect``: in another language or width
        (a panel only moved or made taller is ``place``d)."""
        built = self._built
        return built is None or built[0] != language() or built[1][2] != rect.width

    def needs_place(self, rect: pygame.Rect) -> bool:
        return self._built is not None and self._built[1] != (rect.x, rect.y, rect.width, rect.height)

    def place(self, rect: pygame.Rect) -> None:
        """The panel moved to ``rect`` (same width: a window resized), its readouts as tall as
        the room left: the widgets are moved, not made again."""
        if self._panel is None or self._built is None:
            self.build(rect)
            return
        self._panel.set_relative_position(rect.topleft)
        self._panel.set_dimensions(rect.size)
        if self.readouts is not None:
            height = max(40, rect.height - self._readouts_top - PAD)
            self.readouts.set_dimensions((self._inner, height))
        self._built = (self._built[0], (rect.x, rect.y, rect.width, rect.height))

    def _command(self, what: str) -> Any:
        def pressed() -> None:
            self._pressed.append(Pressed(what))
        return pressed

    # ------------------------------------------------------------------ in and out
    def take(self) -> list[Pressed]:
        """What was pressed or moved since the last call."""
        out = list(self._pressed)
        self._pressed.clear()
        if self.slider is not None and self._slider_value is not None:
            value = float(self.slider.get_current_value())
            if abs(value - self._slider_value) > 1e-6:
                self._slider_value = value
                out.append(Pressed("radius", value))
        return out

    def show(self, scene: Scene, html_text: str) -> bool:
        """The switches, the slider and the readouts as ``scene`` has them; True when a widget
        changed (it is redrawn on the next ``update``)."""
        changed = False
        from pygame_gui.core import ObjectID

        for name, button in self.toggles.items():
            wanted = "#toggle_on" if scene.shows(name) else "#toggle"
            if button.object_ids[-1] != wanted:  # a switched-on overlay: lit, still hoverable
                button.change_object_id(ObjectID(wanted, "button"))
                changed = True
        if self.slider is not None:
            if scene.blast is None:
                if self.slider.is_enabled:
                    self.slider.disable()
                    changed = True
            else:
                if not self.slider.is_enabled:
                    self.slider.enable()
                    changed = True
                radius = min(max(scene.blast[2], BLAST_RANGE[0]), BLAST_RANGE[1])
                if self._slider_value is None or abs(radius - self._slider_value) > 1e-6:
                    self.slider.set_current_value(radius)
                    self._slider_value = float(self.slider.get_current_value())
                    changed = True
            text = (_("Blast radius: {r:.0f} mm").format(r=scene.blast[2]) if scene.blast
                    else _("Blast radius (B places a blast)"))
            if self.slider_label is not None and self.slider_label.text != text:
                self.slider_label.set_text(text)
                changed = True
        if html_text != self._html:
            self._pending = html_text
        return self.flush(force=False) or changed

    def flush(self, force: bool = True) -> bool:
        """Lay out the readouts given to ``show`` (``force=False``: unless that was done less
        than ``RELAYOUT_S`` ago); True when it was done."""
        now = time.perf_counter()
        if self._pending is None or self.readouts is None or (
                not force and now - self._laid_out < RELAYOUT_S):
            return False
        self._html, self._pending = self._pending, None
        self._lay_out(panel_sections(self._html) or [" "])
        self._laid_out = now
        return True

    def _lay_out(self, sections: list[str]) -> None:
        """One text box per section, stacked in the scrolling container; a box whose text did
        not change is kept as it is."""
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UITextBox

        width = self.readouts.get_container().get_rect().width
        room = max(40, width - 22)  # leave the vertical scroll bar its place
        while len(self.boxes) > len(sections):
            self.boxes.pop().kill()
        for k, section in enumerate(sections):
            if k == len(self.boxes):
                self.boxes.append(UITextBox(
                    section, pygame.Rect(0, 0, room, -1), self.gui.manager,
                    container=self.readouts, object_id=ObjectID("#readouts", "text_box")))
            elif self.boxes[k].html_text != section:
                self.boxes[k].set_text(section)
        y = 0
        for box in self.boxes:
            box.set_relative_position((0, y))
            y += box.rect.height + SECTION_GAP
        self.readouts.set_scrollable_area_dimensions((room, max(1, y - SECTION_GAP)))

    @property
    def readouts_html(self) -> str:
        """The readouts shown, as one HTML text (the sections joined as ``panel_html`` made it)."""
        return SECTION_BREAK.join(box.html_text for box in self.boxes)
