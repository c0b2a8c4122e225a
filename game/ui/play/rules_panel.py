"""The Rules tab, the same on every play screen: the game's rule book (``rulebook(system, lang)``)
in the reader's language, by topic, each entry titled with the rule IDs it explains; a search
field over it filters the entries (``Rulebook.search``: every word of the query); the wheel
scrolls. An entry the program decides where the rule book is silent is marked: ``[house]`` (the
program's own rule) or ``[default]`` (a reading or a value we chose), with a stripe of its colour
down the entry. ``open(rule_id)`` shows the entry of a rule (the shell calls it for a rule ID
clicked in the Log, the hint line, the Odds tab or a tooltip): the search is cleared, the entry
scrolled to the top of the tab and lit.

The rows are laid out once per book, width and query; a frame draws the rows in view and notes
their words for the glossary's tooltips and the rule IDs' links (``glossary_tip.Spots``).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import N_, _, language
from game.rules.engine.rulebook import Rulebook, RuleEntry, rulebook
from game.ui.colours import RGB
from game.ui.gui import Gui
from game.ui.play.bar_widgets import BarWidgets
from game.ui.play.glossary_tip import Spots, draw_text
from game.ui.play.widgets import ACCENT, DIM, PANEL_BG, PANEL_LINE, SMALL_PX, TEXT, TEXT_PX, TITLE_PX, Texts, wrap

PAD = 10
SEARCH_H = 32
ROW_H = {SMALL_PX: 20, TEXT_PX: 22, TITLE_PX: 28}
#: the tags' words: a short label and what it means
TAGS = {
    "house": (N_("house rule"), N_("the program's own rule where the rule book is silent")),
    "default": (N_("our default"), N_("a reading or value we chose")),
}
#: the tags' colours (Okabe-Ito: reddish purple, bluish green)
TAG_COLOURS: dict[str, RGB] = {"house": (0xCC, 0x79, 0xA7), "default": (0x00, 0x9E, 0x73)}
LIT_BG: RGB = (0x3A, 0x34, 0x22)
BOLD = re.compile(r"\*\*(.+?)\*\*")


@dataclass(frozen=True)
class _Row:
    text: str
    px: int
    colour: RGB
    indent: int = 0
    entry: RuleEntry | None = None
    kind: str = "text"  #: "title", "topic", "head", "tag", "text", "gap"
    tag: str = ""

    @property
    def height(self) -> int:
        return 8 if self.kind == "gap" else ROW_H.get(self.px, self.px + 4)


def plain(text: str) -> str:
    """Markdown's bold marks taken away (the words stay)."""
    return BOLD.sub(r"\1", text)


class RulesPanel:
    """The Rules tab of one play screen (its rule system's book)."""

    def __init__(self, texts: Texts, system: str = "") -> None:
        self.texts = texts
        self.system = system
        self.query = ""
        self.scroll = 0
        #: the entry opened last (lit until another is opened or the search changes)
        self.lit: RuleEntry | None = None
        self._scroll_to: RuleEntry | None = None
        #: the search field (a pygame_gui UITextEntryLine in the shell's Gui), made by ``sync``
        self.field: Any = None
        self._field_rect: tuple[int, int, int, int] | None = None
        self._field_lang = ""
        self._key: tuple[object, ...] | None = None
        self._rows: list[_Row] = []
        self._tops: list[int] = []
        self._height = 0
        self.matches = 0

    # ------------------------------------------------------------------ the book
    def book(self) -> Rulebook | None:
        if not self.system:
            return None
        try:
            return rulebook(self.system, language())
        except (OSError, ValueError):
            return None

    def entry(self, rule_id: str) -> RuleEntry | None:
        book = self.book()
        return book.entry(rule_id) if book is not None else None

    def open(self, rule_id: str) -> bool:
        """Show the entry of ``rule_id`` (the search cleared, the entry at the top, lit);
        False when the book has none."""
        found = self.entry(rule_id)
        if found is None:
            return False
        self.set_query("")
        self.lit = found
        self._scroll_to = found
        return True

    def set_query(self, query: str) -> None:
        """Filter the entries by ``query`` (the search field shows it too)."""
        if self.field is not None and self.field.get_text() != query:
            self.field.set_text(query)
        if query != self.query:
            self.query = query
            self.scroll = 0
            self.lit = None

    # ------------------------------------------------------------------ the search field
    def sync(self, widgets: BarWidgets, body: pygame.Rect | None, size: tuple[int, int]) -> None:
        """The search field at the top of ``body`` while the tab shows (``body`` None: gone)."""
        if body is None:
            if self.field is not None:
                self.field.kill()
                if self.field in widgets.elements:
                    widgets.elements.remove(self.field)
                self.field = None
                self._field_rect = None
            return
        gui = widgets.ready(size)
        rect = self.field_rect(body)
        key = (rect.x, rect.y, rect.width, rect.height)
        if self.field is not None and key == self._field_rect and self._field_lang == language():
            text = self.field.get_text()
            if text != self.query:
                self.set_query(text)
            return
        from pygame_gui.elements import UITextEntryLine

        focused = self.field is not None and self.field.is_focused
        if self.field is not None:
            self.field.kill()
            if self.field in widgets.elements:
                widgets.elements.remove(self.field)
        self.field = widgets.add(UITextEntryLine(rect, gui.manager, initial_text=self.query,
                                                 placeholder_text=_("Search the rules")))
        self._field_rect, self._field_lang = key, language()
        if focused:
            self.focus(gui)
        gui.touch()

    def focus(self, gui: Gui | None) -> None:
        """Put the keyboard in the search field."""
        if self.field is not None and gui is not None:
            self.field.focus()
            gui.manager.set_focus_set(self.field)

    @property
    def typing(self) -> bool:
        """Does the search field have the keyboard?"""
        return self.field is not None and bool(self.field.is_focused)

    @staticmethod
    def field_rect(body: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(body.x + PAD, body.y + 6, max(40, body.width - 2 * PAD), SEARCH_H)

    def content_rect(self, body: pygame.Rect) -> pygame.Rect:
        top = body.y + 6 + SEARCH_H + 6
        return pygame.Rect(body.x, top, body.width, max(1, body.bottom - top))

    # ------------------------------------------------------------------ layout
    def layout(self, width: int) -> None:
        key = (self.system, language(), width, self.query)
        if key == self._key:
            return
        self._key = key
        book = self.book()
        rows: list[_Row] = []
        inner = width - 2 * PAD - 8  # the scroll bar's room
        if book is None:
            rows.append(_Row(_("This game has no rule book."), SMALL_PX, DIM))
        elif self.query.strip():
            found = book.search(self.query)
            self.matches = len(found)
            words = (_("{n} entries match \u201c{query}\u201d.") if found else
                     _("No entry matches \u201c{query}\u201d.")).format(n=len(found),
                                                                    query=self.query.strip())
            rows += [_Row(part, SMALL_PX, DIM) for part in wrap(self.texts, words, inner, SMALL_PX)]
            topic = ""
            titles = {t.id: t.title for t in book.topics}
            for e in found:
                if e.topic != topic:
                    topic = e.topic
                    rows.append(_Row("", SMALL_PX, DIM, kind="gap"))
                    rows += self._wrapped(titles.get(topic, ""), TITLE_PX, ACCENT, inner, "topic")
                rows += self._entry_rows(e, inner)
        else:
            self.matches = len(book.entries)
            rows += self._wrapped(book.title, TITLE_PX, ACCENT, inner, "title")
            rows += self._paragraphs(book.intro, inner, TEXT)
            for t in book.topics:
                rows.append(_Row("", SMALL_PX, DIM, kind="gap"))
                rows += self._wrapped(t.title, TITLE_PX, ACCENT, inner, "topic")
                rows += self._paragraphs(t.intro, inner, DIM)
                for e in t.entries:
                    rows += self._entry_rows(e, inner)
        rows.append(_Row("", SMALL_PX, DIM, kind="gap"))
        self._rows = rows
        tops, y = [], 0
        for r in rows:
            tops.append(y)
            y += r.height
        self._tops = tops
        self._height = y

    def _wrapped(self, text: str, px: int, colour: RGB, width: int, kind: str = "text",
                 indent: int = 0, entry: RuleEntry | None = None, tag: str = "",
                 hang: int = 0) -> list[_Row]:
        parts = wrap(self.texts, text, width - indent - hang, px) if text else []
        return [_Row(p, px, colour, indent + (hang if i else 0), entry, kind, tag)
                for i, p in enumerate(parts)]

    def _paragraphs(self, text: str, width: int, colour: RGB, entry: RuleEntry | None = None,
                    indent: int = 0, tag: str = "") -> list[_Row]:
        """Markdown paragraphs and "- " bullets as rows (bold marks dropped)."""
        rows: list[_Row] = []
        for line in text.splitlines():
            line = plain(line.rstrip())
            if not line.strip():
                if rows and rows[-1].kind != "gap":
                    rows.append(_Row("", SMALL_PX, DIM, entry=entry, kind="gap", tag=tag))
                continue
            if line.startswith("- "):
                bullet = self.texts.width("• ", SMALL_PX)
                rows += self._wrapped("• " + line[2:], SMALL_PX, colour, width, "text", indent,
                                      entry, tag, hang=bullet)
            else:
                rows += self._wrapped(line, SMALL_PX, colour, width, "text", indent, entry, tag)
        return rows

    def _entry_rows(self, e: RuleEntry, width: int) -> list[_Row]:
        indent = 8
        rows = [_Row("", SMALL_PX, DIM, entry=e, kind="gap", tag=e.tag)]
        head = f"{', '.join(e.ids)} \u00b7 {e.title}"
        rows += self._wrapped(head, TEXT_PX, TEXT, width, "head", indent, e, e.tag)
        if e.tag in TAGS:  # the badge, then what it means (beside it, or under it when narrow)
            label, meaning = TAGS[e.tag]
            badge = self.texts.width(f" {_(label)} ", SMALL_PX) + 12
            beside = width - indent - badge >= max(160, width // 2)
            tag_rows = self._wrapped(_(meaning), SMALL_PX, TAG_COLOURS[e.tag], width, "tag",
                                     indent + (badge if beside else 0), e, e.tag)
            if not beside:
                rows.append(_Row("", SMALL_PX, TAG_COLOURS[e.tag], indent, e, "tag", e.tag))
            rows += [r if i == 0 and beside else
                     _Row(r.text, r.px, r.colour, r.indent, e, "tag_more", e.tag)
                     for i, r in enumerate(tag_rows)]
        rows += self._paragraphs(e.body, width, TEXT, e, indent, e.tag)
        return rows

    # ------------------------------------------------------------------ input
    @property
    def content_height(self) -> int:
        return self._height

    def _most(self, view_h: int) -> int:
        return max(0, self.content_height - view_h)

    def wheel(self, notches: float, body: pygame.Rect) -> None:
        view_h = self.content_rect(body).height
        self.scroll = int(min(max(0, self.scroll - notches * 3 * ROW_H[SMALL_PX]),
                              self._most(view_h)))

    def top_of(self, entry: RuleEntry) -> int | None:
        """Where ``entry`` starts in the laid-out rows (None: not shown)."""
        for r, top in zip(self._rows, self._tops, strict=True):
            if r.entry == entry and r.kind == "head":
                return top
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, body: pygame.Rect, spots: Spots | None) -> None:
        """The rows in view under the search field (the field is a widget, drawn by the
        shell's Gui)."""
        area = self.content_rect(body)
        self.layout(area.width)
        if self._scroll_to is not None:
            top = self.top_of(self._scroll_to)
            self._scroll_to = None
            if top is not None:
                self.scroll = max(0, min(top - 4, self._most(area.height)))
        self.scroll = min(self.scroll, self._most(area.height))
        pygame.draw.line(surface, PANEL_LINE, (area.x + PAD, area.y - 3),
                         (area.right - PAD, area.y - 3))
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip) if clip.width else area)
        first = max(0, bisect.bisect_right(self._tops, self.scroll) - 1)
        for r, top in zip(self._rows[first:], self._tops[first:], strict=True):
            y = area.y + top - self.scroll
            if y > area.bottom:
                break
            self._draw_row(surface, r, area, y, spots)
        surface.set_clip(clip)
        self._draw_scroll_bar(surface, area)

    def _draw_row(self, surface: pygame.Surface, r: _Row, area: pygame.Rect, y: int,
                  spots: Spots | None) -> None:
        x = area.x + PAD
        h = r.height
        if r.entry is not None and r.entry == self.lit:
            surface.fill(LIT_BG, (area.x + 2, y, area.width - 12, h))
            pygame.draw.rect(surface, ACCENT, (area.x + 2, y, 3, h))
        elif r.tag in TAG_COLOURS and r.entry is not None:
            pygame.draw.rect(surface, TAG_COLOURS[r.tag], (x, y, 3, h))
        if r.kind == "tag":  # the badge at the left of the tag's first row
            label = f" {_(TAGS[r.tag][0])} "
            pic = self.texts.render(label, SMALL_PX, (0x10, 0x10, 0x12))
            box = pygame.Rect(x + 8, y + 1, pic.get_width() + 4, h - 3)
            pygame.draw.rect(surface, TAG_COLOURS[r.tag], box, border_radius=4)
            surface.blit(pic, (box.x + 2, box.y + (box.height - pic.get_height()) // 2))
            if spots is not None:
                spots.note(label, (box.x + 2, box.y), SMALL_PX, clip=area)
        if r.kind == "gap" or not r.text:
            return
        lit = r.entry is not None and r.entry == self.lit
        draw_text(surface, self.texts, spots, r.text, (x + r.indent, y + 1), r.px, r.colour,
                  bg=LIT_BG if lit else PANEL_BG, clip=area)

    def _draw_scroll_bar(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        total = self.content_height
        if total <= area.height or area.height < 20:
            return
        track = pygame.Rect(area.right - 7, area.y + 2, 4, area.height - 4)
        pygame.draw.rect(surface, PANEL_LINE, track, border_radius=2)
        h = max(16, track.height * area.height // total)
        y = track.y + (track.height - h) * self.scroll // max(1, total - area.height)
        pygame.draw.rect(surface, DIM, (track.x, y, track.width, h), border_radius=2)

    # ------------------------------------------------------------------ for tests
    def rows_in_view(self, body: pygame.Rect) -> list[str]:
        """The texts of the rows the tab shows now."""
        area = self.content_rect(body)
        self.layout(area.width)
        return [r.text for r, top in zip(self._rows, self._tops, strict=True)
                if r.text and self.scroll <= top < self.scroll + area.height]
