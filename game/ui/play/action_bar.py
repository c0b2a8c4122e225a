"""The action bar under the table: the actions allowed right now as buttons, grouped by the
object they use, numbered 1-9 for the keyboard. When nothing can be chosen it shows a hint.

The buttons and the groups' captions are pygame_gui widgets (``bar_widgets``), built again only
when the actions, the hint, the bar's rect or the language change. Each button's tooltip says
what it does and its key; a press waits in ``take()`` for the view.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pygame

from game.i18n import _, language
from game.ui.gui import Gui
from game.ui.play.bar_widgets import BarWidgets, WidgetBar, fitted, text_width
from game.ui.play.choices import Choice, Group
from game.ui.play.glossary_tip import draw_text
from game.ui.play.widgets import DIM, PANEL_BG, PANEL_LINE, SMALL_PX, TEXT_PX, Texts, wrap

ROW_H = 30
GAP = 6
MAX_LABEL_W = 400
#: a button cut to the bar's width keeps at least this much
MIN_BUTTON_W = 80
BUTTON_IDS = ("button",)
CAPTION_IDS = ("#hint", "label")
#: a rule ID in a choice's words ("OFA-3C.2", "HD-4.1")
RULE_ID = re.compile(r"\b[A-Z]{2,}(?:-[A-Z0-9]+)+(?:\.[0-9A-Za-z]+)*\b")


class Rows:
    """Where the buttons of an action bar go: in rows from the top of ``rect``, each row as far
    as it fits, ``reserve`` pixels kept free at the right of one row (the last, or
    ``reserve_row``) for a note or a button of the bar's own. The same on every play screen's
    bar; the bar says what a button is and what becomes of those past the last row."""

    def __init__(self, rect: pygame.Rect, reserve: int = 0, reserve_row: int = -1) -> None:
        self.rect = rect
        self.left = rect.x + 10
        self.rows = max(1, (rect.height - GAP) // (ROW_H + GAP))
        self.reserve = reserve
        self.reserve_row = self.rows - 1 if reserve_row < 0 else reserve_row
        self.top()

    def top(self) -> None:
        """Back to the first row (a new page)."""
        self.x, self.y, self.row = self.left, self.rect.y + GAP, 0

    @property
    def right(self) -> int:
        """Where the current row ends."""
        return self.rect.right - 8 - (self.reserve if self.row == self.reserve_row else 0)

    @property
    def at_start(self) -> bool:
        return self.x <= self.left

    @property
    def on_last(self) -> bool:
        return self.row == self.rows - 1

    @property
    def full(self) -> bool:
        """Past the last row."""
        return self.row >= self.rows

    def fits(self, width: int) -> bool:
        return self.x + width <= self.right

    def wrap(self) -> bool:
        """On to the next row; False when there is none left."""
        self.row += 1
        self.x, self.y = self.left, self.y + ROW_H + GAP
        return not self.full

    def close(self) -> None:
        """No more buttons in this bar."""
        self.row = self.rows

    def place(self, width: int) -> pygame.Rect:
        """A button's box here; the next one goes after it."""
        box = pygame.Rect(self.x, self.y, width, ROW_H)
        self.x += width + GAP
        return box


def rule_of(command: Any) -> str:
    """The rule a command carries out: the first rule ID its class names ("" when none)."""
    if command is None:
        return ""
    found = RULE_ID.search(type(command).__doc__ or "")
    return found.group(0) if found else ""


def tooltip(choice: Choice, group: Group, n: int) -> str:
    """What a button does, its rule ID when the choice names one, and its key."""
    label = choice.label
    if choice.command is None:
        words = _("{action}: leave this choice.").format(action=label)
    elif group.title and group.title not in label:
        words = _("{object}: {action}.").format(object=group.title, action=label)
    else:
        words = _("{action}.").format(action=label)
    rule = rule_of(choice.command)
    if rule and rule not in words:
        words += " " + _("Rule {rule}.").format(rule=rule)
    if n <= 9:
        words += " " + _("Key {n}.").format(n=n)
    return words


class ActionBar(WidgetBar):
    def __init__(self, texts: Texts, gui: Gui | None = None) -> None:
        self.texts = texts
        self.widgets = BarWidgets(gui)
        #: the UIButtons, one per choice (``buttons[i]`` offers ``choices[i]``)
        self.buttons: list[Any] = []
        #: each group's caption, where it goes and how wide it is
        self.captions: list[tuple[str, tuple[int, int], int]] = []
        self.choices: list[Choice] = []
        self.hidden = 0  #: choices that did not fit (they are in the right-click menu)
        self.hint = ""
        self._key: tuple | None = None
        self._size: tuple[int, int] | None = None
        self._hot: Choice | None = None

    def set(self, rect: pygame.Rect, groups: Sequence[Group], hint: str = "",
            size: tuple[int, int] | None = None) -> None:
        """Lay out the buttons (only when the groups, the hint, the rect or the language
        change). ``size`` is the screen's (the bar's own Gui covers it for the tooltips)."""
        gui = self.widgets.ready(size or self._size or (rect.right, rect.bottom))
        key = (tuple(groups), hint, tuple(rect), language())
        if key == self._key or (self.widgets.holding() and self._key is not None
                                and key[:2] + key[3:] == self._key[:2] + self._key[3:]):
            return
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UILabel

        self._key = key
        self._hot = None
        self.hint = hint
        self.widgets.clear()
        self.buttons, self.captions, self.choices, self.hidden = [], [], [], 0
        places = self._places(rect, groups, 0)
        if self.hidden:  # the last row leaves room for the note of what did not fit
            note = _("+{n} more: right-click the figure").format(n=self.hidden)
            places = self._places(rect, groups, self.texts.width(note, SMALL_PX) + 16)
        for caption, (x, y), cw in self.captions:
            self.widgets.add(UILabel(pygame.Rect(x - 4, y, cw + 4, ROW_H), caption,
                                     gui.manager, object_id=ObjectID("#hint", "label")))
        for n, (choice, group, box) in enumerate(places, start=1):
            number = f"{n}  " if n <= 9 else ""
            text = fitted(gui, number + choice.label, box.width - 30, BUTTON_IDS)
            self.buttons.append(self.widgets.add(UIButton(
                box, text, gui.manager, tool_tip_text=tooltip(choice, group, n),
                command=self.widgets.command(choice))))
            self.choices.append(choice)

    def _places(self, rect: pygame.Rect, groups: Sequence[Group],
                reserve: int) -> list[tuple[Choice, Group, pygame.Rect]]:
        """Where each choice's button goes (rows from the top, the last row ``reserve``
        pixels shorter); sets ``captions`` and ``hidden``."""
        gui = self.widgets.gui
        assert gui is not None
        self.captions, self.hidden = [], 0
        out: list[tuple[Choice, Group, pygame.Rect]] = []
        rows = Rows(rect, reserve)
        for group in groups:
            caption = f"{group.title}:"
            cw = text_width(gui, caption, CAPTION_IDS) + 8
            first = True
            for choice in group.choices:
                n = len(out) + 1
                number = f"{n}  " if n <= 9 else ""
                bw = min(MAX_LABEL_W, text_width(gui, number + choice.label, BUTTON_IDS) + 32)
                need = bw + (cw if first else 0)
                if not rows.fits(need) and not rows.at_start:
                    rows.wrap()
                if rows.at_start and not rows.fits(need):  # a narrow bar: the label is cut
                    bw = max(MIN_BUTTON_W, rows.right - rows.x - (cw if first else 0))
                    need = bw + (cw if first else 0)
                if rows.full or (rows.on_last and not rows.fits(need)):
                    self.hidden += 1
                    rows.close()  # what comes after goes into the menu too
                    continue
                if first:
                    self.captions.append((caption, (rows.x, rows.y), cw))
                    rows.x += cw
                    first = False
                out.append((choice, group, rows.place(bw)))
            rows.x += 10
        return out

    def choice_at(self, pos: tuple[int, int]) -> Choice | None:
        for button, choice in zip(self.buttons, self.choices, strict=True):
            if button.is_enabled and button.rect.collidepoint(pos):
                return choice
        return None

    def by_number(self, n: int) -> Choice | None:
        return self.choices[n - 1] if 1 <= n <= len(self.choices) else None

    def take(self) -> list[Choice]:
        """The choices whose buttons were pressed since the last call."""
        return self.widgets.take()

    def _light(self, hot: Choice | None) -> None:
        """The button of ``hot`` (hovered in the action menu, say) shown selected."""
        if hot == self._hot:
            return
        self._hot = hot
        for button, choice in zip(self.buttons, self.choices, strict=True):
            if choice == hot and not button.hovered and not button.is_selected:
                button.select()
            elif choice != hot and button.is_selected:
                button.unselect()
        if self.widgets.gui is not None:
            self.widgets.gui.touch()

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, hot: Choice | None) -> None:
        """The bar's background, the hint when there is nothing to choose and the note of
        the choices left out; the widgets are drawn with their Gui (here when the bar has
        its own)."""
        self._size = surface.get_size()
        self.widgets.ready(self._size)
        if self._key is None:
            self.set(rect, (), self.hint, self._size)
        self._light(hot)
        surface.fill(PANEL_BG, rect)
        pygame.draw.line(surface, PANEL_LINE, rect.topleft, rect.topright)
        t = self.texts
        if not self.buttons:  # the hint, wrapped to the bar (two lines at most)
            lines = wrap(t, self.hint, rect.width - 24, TEXT_PX)[:2]
            high = t.font(TEXT_PX).get_height()
            y = rect.y + (rect.height - high * len(lines)) // 2
            for line in lines:  # noted: its terms explain themselves on hover
                draw_text(surface, t, t.spots, line, (rect.x + 12, y), TEXT_PX, DIM)
                y += high
        elif self.hidden:
            more = t.render(_("+{n} more: right-click the figure").format(n=self.hidden),
                            SMALL_PX, DIM)
            surface.blit(more, (rect.right - more.get_width() - 10, rect.bottom - more.get_height() - 2))
        self.widgets.draw(surface)
