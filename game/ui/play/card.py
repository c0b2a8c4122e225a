"""A card over the whole screen: a title, a few lines and a column of buttons. The game menu,
the end of the game, the help, the resume offer and the hot-seat handover are cards.
``handle_event`` returns the key of the button chosen (or ``"close"``), else None.

A card is a pygame_gui panel (``game.ui.gui``, theme ``assets/theme.json`` plus the card's own
colours): its title, its lines in a ``UITextBox`` and its items as ``UIButton``s (a disabled
item is a disabled button, its key hint at the button's right, a short tooltip on each). The
card brings its own ``Gui``, so a view only hands it events and draws it as before. The widgets
are built on the first draw and again only when the window size, the language or the card's
content changes. Only one card is up at a time, so the cards share one ``Gui`` (making one takes
~25 ms, and its theme keeps the pictures of buttons already drawn): the card drawn last holds it,
another card that is drawn builds its widgets in it afresh.

Input is as it always was: Up/Down move the choice (over disabled items), Enter takes it, Esc
closes; a press of the left button on an item chooses it (the views hand the card the press,
not the release: the card completes the click for pygame_gui); a card that ``close_on_any``
goes at any other key or click, and none takes input before its ``delay`` is over; ``keys``
name keys that choose an item. A card given the game's glossary makes the terms and the rule
IDs of its lines links: ``hovered_link`` is the one under the pointer (the shell shows a term's
tooltip), a click on a rule ID returns ``"rule:<id>"``.
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from game.i18n import N_, _, language
from game.rules.engine.rulebook import Glossary
from game.ui.colours import RGB, ink_on
from game.ui.gui import Gui, hex_colour
from game.ui.play.glossary_tip import html_with_links
from game.ui.play.widgets import ACCENT, DIM, PANEL_BG, TEXT, Texts

CARD_W = 520
BUTTON_H = 36
BUTTON_GAP = 8
#: the least a button shrinks to in a short window
MIN_BUTTON_H = 22
SHADE = (0, 0, 0, 170)
BORDER = 3
#: the title's size in points (pygame_gui's Noto Sans, bold)
TITLE_PT = 28
#: room around the card's content: top, sides of the text, sides of the buttons, bottom
TOP, TEXT_INSET, BUTTON_INSET, BOTTOM = 24, 24, 40, 20
TITLE_GAP, LINES_GAP = 14, 16
MODIFIERS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL)
_SERIALS = itertools.count(1)

#: what the usual items do, for the tooltip of an item that brings none of its own
TIPS = {
    "undo": N_("Take back the last command."),
    "redo": N_("Play again the command that was taken back."),
    "save": N_("Save the game; Ctrl+O loads it again."),
    "load": N_("Go back to the game as it was last saved."),
    "autosave": N_("Go on from the autosave: the game as it was after its last command."),
    "help": N_("The mouse and the keys of this screen."),
    "new": N_("Start this scenario again from the beginning."),
    "main": N_("Leave this game for the main menu; the autosave keeps it to go on later."),
    "quit": N_("Close tabletop."),
    "look": N_("Close this card to look at the table and the log; Esc opens the menu."),
}


@dataclass(frozen=True)
class CardItem:
    key: str
    label: str
    enabled: bool = True
    hint: str = ""  #: the key that does the same ("Ctrl+Z"), shown at the button's right
    tip: str = ""  #: the tooltip (translated), else the usual one for ``key`` in ``TIPS``


@dataclass
class CardButton:
    """An item's button where it is on the screen (``rect``: screen coordinates)."""

    key: str
    label: str
    enabled: bool
    hint: str
    rect: pygame.Rect
    widget: Any

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


class _KeyHint(UILabel):
    """The key of an item, over the right end of its button: the button under it keeps the
    pointer (hover, tooltip, click)."""

    def can_hover(self) -> bool:
        return False


class _Shared:
    """The cards' ``Gui``, the card whose widgets are in it (its serial number) and what they
    show: a card that shows the same (the menu opened again) takes them over as they are."""

    gui: Gui | None = None
    holder = 0
    theme: dict[str, Any] | None = None  #: the card colours last loaded into its theme
    content: tuple[Any, ...] | None = None  #: what the widgets show (``Card._content``)
    #: the widgets: the panel, the title, the text box and the buttons
    parts: tuple[Any, ...] = ()
    #: the keys of the buttons pressed (their commands note them here)
    pressed: list[str] = []

    @classmethod
    def lend(cls, serial: int, size: tuple[int, int]) -> Gui:
        """The ``Gui``, emptied, for the card ``serial`` to build its widgets in."""
        if cls.gui is None:
            cls.gui = Gui(size)
            cls.gui.manager.preload_fonts([{"name": "noto_sans", "point_size": TITLE_PT,
                                            "style": "bold"}])
            pygame.register_quit(cls.forget)  # its fonts die with pygame
        else:
            cls.gui.clear()
            cls.gui.resize(size)
        cls.holder, cls.content, cls.parts = serial, None, ()
        return cls.gui

    @classmethod
    def colours(cls, theme: dict[str, Any]) -> None:
        """The card's colours over the project's theme (loaded only when they change)."""
        if cls.gui is not None and theme != cls.theme:
            cls.gui.manager.get_theme().load_theme(theme)
            cls.theme = theme

    @classmethod
    def forget(cls) -> None:
        cls.gui, cls.holder, cls.theme, cls.content, cls.parts = None, 0, None, None, ()


def _font(manager: Any, element: str) -> Any:
    font = manager.get_theme().get_font([element])
    assert font is not None, element
    return font


def tooltip(item: CardItem) -> str:
    """The tooltip of an item (pygame_gui HTML): what it does, and its key."""
    tip = item.tip or (_(TIPS[item.key]) if item.key in TIPS else "")
    parts = [html.escape(tip, quote=False)] if tip else []
    if item.hint:
        parts.append(_("Key: {key}").format(key=f"<b>{html.escape(item.hint)}</b>"))
    return "<br>".join(parts)


class Card:
    def __init__(self, texts: Texts, title: str, lines: Sequence[str] = (),
                 items: Sequence[CardItem] = (), *, colour: RGB | None = None,
                 full: bool = False, close_on_any: bool = False, delay: float = 0.0,
                 glossary: Glossary | None = None, keys: Mapping[int, str] | None = None,
                 place: pygame.Rect | None = None) -> None:
        self.texts = texts
        #: a card that does not block: its panel at the top of ``place`` (as tall as its
        #: content, at most the rect), no shade over the screen; the view gives it only the
        #: mouse's events inside its ``rect`` (the goals beside a new game's table)
        self.place = pygame.Rect(place) if place is not None else None
        #: the game's glossary: the lines' terms (and rule IDs) are links, a term's tooltip
        #: shows while the pointer is on it, a rule ID opens its rule (None: plain lines)
        self.glossary = glossary
        #: keys that choose an item (pygame key -> the item's key): F1 on the help card
        self.keys = dict(keys or {})
        self.title = title
        self.lines = list(lines)
        self.items = list(items)
        self.colour = colour
        self.full = full  #: fill the screen with the colour (the handover card)
        self.close_on_any = close_on_any
        self.delay = delay  #: seconds before input is taken (no accidental clicks)
        self.hot = 0
        #: the choice was last moved with the keys: the chosen button is shown selected (under
        #: the mouse the hover highlight shows it)
        self.keyboard_focus = True
        self._serial = next(_SERIALS)
        self.panel: UIPanel | None = None
        self.title_label: UILabel | None = None
        self.text_box: UITextBox | None = None
        self._buttons: list[CardButton] = []
        self._size: tuple[int, int] | None = None
        self._built: tuple[Any, ...] | None = None
        self._shade: pygame.Surface | None = None

    # ------------------------------------------------------------------ widgets
    @property
    def gui(self) -> Gui | None:
        """The ``Gui`` holding this card's widgets (None before its first draw, or when another
        card took it since)."""
        return _Shared.gui if _Shared.holder == self._serial else None

    def _content(self) -> tuple[Any, ...]:
        """What the widgets show: they are built again when it changes."""
        return (language(), self._size, self.title, tuple(self.lines), tuple(self.items),
                self.colour, self.full, self.glossary,
                tuple(self.place) if self.place is not None else None)

    def _sync(self, size: tuple[int, int] | None = None) -> None:
        if size is not None:
            self._size = (max(1, int(size[0])), max(1, int(size[1])))
        if self._size is None or (self.gui is not None and self._built == self._content()):
            return
        content = self._content()
        if _Shared.gui is not None and _Shared.content == content:  # the same card again
            _Shared.holder = self._serial
            self.panel, self.title_label, self.text_box, self._buttons = _Shared.parts
            self._built = content
            self._show_focus()
        else:
            self._build()

    def _filled(self) -> bool:
        return self.full and self.colour is not None

    def _theme(self) -> dict[str, Any]:
        """The card's own colours, over the project's theme."""
        full = self._filled()
        colour = self.colour or ACCENT
        ink = ink_on(colour) if full else TEXT
        title = ink if full or self.colour is None else self.colour
        clear = "#00000000"
        return {
            "#card": {"colours": {"dark_bg": hex_colour(colour if full else PANEL_BG),
                                  "normal_border": hex_colour(colour)},
                      # a plain rectangle: pygame_gui's rounded one takes ~0.1 s to build
                      "misc": {"shape": "rectangle", "border_width": "0" if full else str(BORDER),
                               "shadow_width": "0"}},
            "#card_title": {"colours": {"normal_text": hex_colour(title), "dark_bg": clear},
                            "font": {"name": "noto_sans", "size": str(TITLE_PT), "bold": "1",
                                     "italic": "0"},
                            "misc": {"text_horiz_alignment": "center"}},
            "#card_title_small": {"colours": {"normal_text": hex_colour(title), "dark_bg": clear},
                                  "font": {"name": "noto_sans", "size": "18", "bold": "1",
                                           "italic": "0"},
                                  "misc": {"text_horiz_alignment": "center"}},
            # links (terms, rule IDs) read as the text, underlined, lit under the pointer
            "#card_lines": {"colours": {"dark_bg": clear, "normal_border": clear,
                                        "normal_text": hex_colour(ink),
                                        "link_text": hex_colour(ink),
                                        "link_hover": hex_colour(ink if full else ACCENT),
                                        "link_selected": hex_colour(ink if full else ACCENT)},
                            "misc": {"text_horiz_alignment": "left" if self.place else "center",
                                     "border_width": "0", "shadow_width": "0", "padding": "0,0",
                                     "link_normal_underline": "1",
                                     "link_hover_underline": "1"}},
            "#card_key": {"colours": {"normal_text": hex_colour(ACCENT), "dark_bg": clear},
                          "misc": {"text_horiz_alignment": "right"}},
            "#card_key_off": {"colours": {"normal_text": hex_colour(DIM), "dark_bg": clear},
                              "misc": {"text_horiz_alignment": "right"}},
        }

    def _build(self) -> None:
        """All the widgets, in the current language, for the current size: the panel in the
        middle of the screen (the whole screen for a full card), as tall as its content."""
        assert self._size is not None
        size = self._size
        manager = _Shared.lend(self._serial, size).manager
        _Shared.colours(self._theme())
        full = self._filled()
        width = max(1, min(CARD_W, size[0] - 40))
        room = size[1] if full else max(1, size[1] - 20)
        if self.place is not None:
            width, room = max(1, self.place.width), max(1, self.place.height)
        border = 0 if full else BORDER
        panel_rect = pygame.Rect(0, 0, size[0] if full else width, room)
        panel_rect.center = (size[0] // 2, size[1] // 2)
        self.panel = panel = UIPanel(panel_rect, starting_height=1, manager=manager,
                                     object_id=ObjectID("#card"))
        # the content's column, in the panel's coordinates (inside its border)
        column = pygame.Rect((size[0] - width) // 2 if full else 0, TOP - border,
                             width - 2 * border, room - 2 * border - (TOP - border))
        placed: list[Any] = []
        y = self._place_title(manager, panel, column, placed, small=room < 400)
        # the buttons as tall as the room allows, the lines in what is left
        n = len(self.items)
        avail = column.bottom - (BOTTOM - border) - y
        pitch = BUTTON_H + BUTTON_GAP
        if n and n * pitch - BUTTON_GAP + (LINES_GAP + 24 if self.lines else 4) > avail:
            pitch = max(MIN_BUTTON_H + 4, (avail - (LINES_GAP + 24 if self.lines else 4) + 4) // n)
        button_h = BUTTON_H if pitch >= BUTTON_H + BUTTON_GAP else max(MIN_BUTTON_H, pitch - 4)
        buttons_h = n * pitch - (pitch - button_h) if n else 0
        if self.lines:
            y = self._place_lines(manager, panel, column, y, avail - LINES_GAP - buttons_h,
                                  placed) + LINES_GAP
        elif n:
            y += 4
        y = self._place_buttons(manager, panel, column, y, pitch, button_h, border, placed)
        height = y + BOTTOM + border  # the panel's, border and all
        if full:  # the content in the middle of the screen
            shift = max(0, (size[1] - height) // 2)
            for element in placed:
                element.set_relative_position((element.relative_rect.x,
                                               element.relative_rect.y + shift))
        else:  # the panel as tall as its content, in the middle of the screen (or its place)
            panel_rect.height = min(room, height)
            panel_rect.center = (size[0] // 2, size[1] // 2)
            if self.place is not None:
                panel_rect.topleft = self.place.topleft
            panel.set_dimensions(panel_rect.size)
            panel.set_relative_position(panel_rect.topleft)
        for button in self._buttons:
            button.rect = pygame.Rect(button.widget.rect)
        self._built = _Shared.content = self._content()
        _Shared.parts = (self.panel, self.title_label, self.text_box, self._buttons)
        self._show_focus()

    def _place_title(self, manager: Any, panel: UIPanel, column: pygame.Rect,
                     placed: list[Any], small: bool) -> int:
        """The title atop the column (smaller when too long or the window is short); returns
        where what follows goes."""
        if _font(manager, "#card_title").size(self.title)[0] > column.width - 16:
            small = True
        title_id = "#card_title_small" if small else "#card_title"
        font = _font(manager, title_id)
        th = font.size(self.title or " ")[1] + 8
        shown = self.title
        while shown and font.size(shown + "…")[0] > column.width - 8:  # a very narrow window
            shown = shown[:-1].rstrip()
        if shown != self.title:
            shown += "…"
        self.title_label = UILabel(pygame.Rect(column.x, column.y, column.width, th), shown,
                                   manager, container=panel, object_id=ObjectID(title_id))
        placed.append(self.title_label)
        return column.y + th + TITLE_GAP

    def _place_lines(self, manager: Any, panel: UIPanel, column: pygame.Rect, y: int,
                     room: int, placed: list[Any]) -> int:
        """The lines in a text box as tall as they need, or ``room`` tall with a scroll bar;
        returns where the box ends."""
        if self.glossary is not None:  # each term linked once
            seen: set[str] = set()
            body = "<br>".join(html_with_links(line, self.glossary, seen) for line in self.lines)
        else:
            body = "<br>".join(html.escape(line, quote=False) for line in self.lines)
        rect = pygame.Rect(column.x + TEXT_INSET, y, max(1, column.width - 2 * TEXT_INSET), -1)
        box = UITextBox(body, rect, manager, wrap_to_height=True, container=panel,
                        object_id=ObjectID("#card_lines"))
        if box.rect.height > room:  # too long for the window: a box that scrolls
            box.kill()
            rect.height = max(24, room)
            box = UITextBox(body, rect, manager, container=panel,
                            object_id=ObjectID("#card_lines"))
        self.text_box = box
        placed.append(box)
        return y + box.rect.height

    def _place_buttons(self, manager: Any, panel: UIPanel, column: pygame.Rect, y: int,
                       pitch: int, height: int, border: int, placed: list[Any]) -> int:
        """A button for each item, its key at its right; returns where the last one ends."""
        self._buttons = []
        key_font = _font(manager, "label")
        inset = BUTTON_INSET - border  # from the panel's outer edge, as the text
        for item in self.items:
            rect = pygame.Rect(column.x + inset, y, column.width - 2 * inset, height)
            widget = UIButton(rect, item.label, manager, container=panel,
                              tool_tip_text=tooltip(item) or None,
                              object_id=ObjectID("#card_button"),
                              command=self._command(item.key))
            if not item.enabled:
                widget.disable()
            placed.append(widget)
            kw = key_font.size(item.hint)[0] + 8 if item.hint else 0
            if kw and widget.font is not None and \
                    widget.font.size(item.label)[0] + kw + 30 <= rect.width:
                # the key at the right (a narrow window leaves it to the tooltip)
                placed.append(_KeyHint(
                    pygame.Rect(rect.right - kw - 8, rect.y, kw, rect.height), item.hint,
                    manager, container=panel,
                    object_id=ObjectID("#card_key" if item.enabled else "#card_key_off")))
            self._buttons.append(CardButton(item.key, item.label, item.enabled, item.hint,
                                            pygame.Rect(widget.rect), widget))
            y += pitch
        return y - (pitch - height) if self.items else y

    @staticmethod
    def _command(key: str) -> Any:
        def pressed() -> None:
            _Shared.pressed.append(key)
        return pressed

    def _show_focus(self) -> None:
        """The keyboard's choice shown as the selected button."""
        for i, button in enumerate(self._buttons):
            wanted = self.keyboard_focus and i == self.hot and button.enabled
            if wanted and not button.widget.is_selected:
                button.widget.select()
            elif not wanted and button.widget.is_selected:
                button.widget.unselect()
        gui = self.gui
        if gui is not None:
            gui.touch()

    # ------------------------------------------------------------------ the loop
    def update(self, dt: float) -> None:
        self.delay = max(0.0, self.delay - dt)
        gui = self.gui
        if gui is not None:
            gui.update(dt)

    def handle_event(self, event: pygame.event.Event) -> str | None:  # noqa: C901
        if self.delay > 0:
            if event.type == pygame.MOUSEMOTION:
                self._feed(event)  # hover and tooltips, no choice yet
            return None
        self._sync()
        if event.type == pygame.KEYDOWN:
            self.keyboard_focus = True
            if event.key in self.keys:
                return self.keys[event.key]
            navigate = self.items and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
                                                    pygame.K_KP_ENTER)
            if self.close_on_any and event.key not in MODIFIERS and not navigate:
                return "close"
            if event.key == pygame.K_ESCAPE:
                return "close"
            if event.key in (pygame.K_UP, pygame.K_DOWN) and self.items:
                d = -1 if event.key == pygame.K_UP else 1
                for _i in range(len(self.items)):
                    self.hot = (self.hot + d) % len(self.items)
                    if self.items[self.hot].enabled:
                        break
                self._show_focus()
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.items:
                item = self.items[self.hot % len(self.items)]
                return item.key if item.enabled else None
            return None
        if event.type == pygame.MOUSEWHEEL:  # the lines scroll when they are too long
            self._feed(event)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            link = self.hovered_link()
            if link.startswith("rule:"):
                return link
            if self.close_on_any and not any(b.hit(event.pos) for b in self._buttons):
                return "close"
        chosen = _Shared.pressed
        chosen.clear()
        self._feed(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not chosen:
            # pygame_gui acts on the release; the views hand a card the press (a click has
            # always chosen at once), so the release follows here
            self._feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=event.pos, button=1))
        if event.type == pygame.MOUSEMOTION:
            for i, button in enumerate(self._buttons):
                if button.hit(event.pos) and (self.hot != i or self.keyboard_focus):
                    self.hot = i
                    self.keyboard_focus = False
                    self._show_focus()
        key = chosen[-1] if chosen else None
        chosen.clear()
        return key

    def hovered_link(self) -> str:
        """The link of the lines under the pointer ("term:<id>", "rule:<id>"; "" when none)."""
        box = self.text_box
        if self.gui is None or box is None or not box.alive():
            return ""
        return next((str(c.href) for c in getattr(box, "link_hover_chunks", ())
                     if getattr(c, "is_hovered", False)), "")

    @property
    def rect(self) -> pygame.Rect | None:
        """Where the card's panel is on the screen (None before it is drawn)."""
        return pygame.Rect(self.panel.rect) if self.panel is not None and self.gui is not None \
            else None

    def _feed(self, event: pygame.event.Event) -> None:
        gui = self.gui
        if gui is not None:
            gui.process(event)

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        self._sync(size)
        if self._filled():
            assert self.colour is not None
            surface.fill(self.colour)
        elif self.place is None:
            if self._shade is None or self._shade.get_size() != size:
                self._shade = pygame.Surface(size, pygame.SRCALPHA)
                self._shade.fill(SHADE)
            surface.blit(self._shade, (0, 0))
        gui = self.gui
        if gui is not None:
            gui.draw(surface)
