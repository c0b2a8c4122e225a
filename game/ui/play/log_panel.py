"""The Log tab, the same on every play screen: every command with its events explained in words,
newest first, each line with the rules it applied. A click on an entry's title opens or closes
its rule IDs; each rule ID is a link (the shell opens it in the Rules tab); the wheel scrolls.
Lines are laid out once per change of the log; a frame blits the visible ones and notes their
words for the glossary's tooltips and the links (``glossary_tip.Spots``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.i18n import _
from game.ui.colours import RGB
from game.ui.play.glossary_tip import draw_text, rule_ids
from game.ui.play.match_session import LogEntry
from game.ui.play.widgets import ACCENT, DIM, PANEL_BG, PANEL_LINE, SMALL_PX, TEXT, TEXT_PX, Texts, wrap

LINE_H = 21
PAD = 10
#: entries shown with their rule IDs until clicked shut
OPEN_BY_DEFAULT = 3
#: the wrapped texts kept (forgotten all at once past this many)
WRAP_MEMO = 4000


def once_each(rules: str) -> str:
    """A line's rules with each rule ID cited once ("OFA-3A.1, OFA-3A.2, OFA-3A.1" ->
    "OFA-3A.1, OFA-3A.2"; a label such as "house:" kept before its IDs)."""
    seen: set[str] = set()
    out = []
    at = 0
    for a, b, rid in rule_ids(rules):
        gap = rules[at:a]
        at = b
        if rid in seen:
            continue
        seen.add(rid)
        out.append((gap, rid))
    if not out:
        return rules
    text = ""
    for gap, rid in out:
        if not text:  # a label before the first ID ("seed: ") stays
            text = gap.lstrip(", ") + rid
        elif gap.strip(", "):  # a label between ("; house: ") stays
            text += gap + rid
        else:
            text += ", " + rid
    return text + rules[at:]


@dataclass(frozen=True)
class _Line:
    text: str
    px: int
    colour: RGB
    entry: int  #: the entry's number (for clicks)
    indent: int
    header: bool = False
    side: str = ""


class LogPanel:
    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self.scroll = 0
        self.toggled: set[int] = set()  #: entries opened or closed by hand
        self._key: tuple | None = None
        self._lines: list[_Line] = []
        self._newest = 0
        #: each text wrapped at a width (a new entry, or a width seen before, wraps only what
        #: it has not yet: a command or a resize storm does not wrap the whole log again)
        self._wrapped: dict[tuple[str, int, int], tuple[str, ...]] = {}

    def _wrap(self, text: str, width: int, px: int) -> tuple[str, ...]:
        key = (text, width, px)
        found = self._wrapped.get(key)
        if found is None:
            if len(self._wrapped) > WRAP_MEMO:
                self._wrapped.clear()
            found = self._wrapped[key] = tuple(wrap(self.texts, text, width, px))
        return found

    def _open(self, number: int) -> bool:
        default = number > self._newest - OPEN_BY_DEFAULT
        return default != (number in self.toggled)

    def layout(self, entries: Sequence[LogEntry], width: int, key: object) -> None:
        full = (key, width, frozenset(self.toggled))
        if full == self._key:
            return
        newest = entries[0].number if entries else 0
        if newest != self._newest:
            self.scroll = 0
        self._newest = newest
        self._key = full
        text_w = width - 2 * PAD
        lines = [_Line(part, SMALL_PX, DIM, 0, 0)
                 for part in self._wrap(_("Log (newest first)"), text_w, SMALL_PX)
                 ] if entries else []
        for entry in entries:
            head = f"{entry.number}. {entry.title}"
            for part in self._wrap(head, text_w - 12, TEXT_PX):
                lines.append(_Line(part, TEXT_PX, ACCENT, entry.number, 12, True, entry.side))
            show_rules = self._open(entry.number)
            for line in entry.lines:
                for part in self._wrap(line.text, text_w - 12, SMALL_PX):
                    lines.append(_Line(part, SMALL_PX, TEXT, entry.number, 12))
                if show_rules and line.rules:
                    for part in self._wrap(once_each(line.rules), text_w - 24, SMALL_PX):
                        lines.append(_Line(part, SMALL_PX, DIM, entry.number, 24))
            lines.append(_Line("", SMALL_PX, DIM, entry.number, 0))
        self._lines = lines

    @property
    def content_height(self) -> int:
        return len(self._lines) * LINE_H

    def scroll_by(self, notches: float, view_h: int) -> None:
        most = max(0, self.content_height - view_h + PAD)
        self.scroll = int(min(max(0, self.scroll - notches * 3 * LINE_H), most))

    def click(self, rect: pygame.Rect, pos: tuple[int, int]) -> bool:
        """Open or close the entry whose title was clicked; True when one was."""
        i = (pos[1] - rect.y - PAD + self.scroll) // LINE_H
        if 0 <= i < len(self._lines) and self._lines[i].header:
            self.toggled ^= {self._lines[i].entry}
            return True
        return False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, colours: dict[str, RGB]) -> None:
        clip = surface.get_clip()
        surface.set_clip(rect)
        if not self._lines:
            pic = self.texts.render(_("Nothing has happened yet."), SMALL_PX, DIM)
            surface.blit(pic, (rect.x + PAD, rect.y + PAD))
        first = max(0, self.scroll // LINE_H)
        y = rect.y + PAD + first * LINE_H - self.scroll
        for line in self._lines[first:]:
            if y > rect.bottom:
                break
            if line.header and line.side in colours:
                pygame.draw.rect(surface, colours[line.side], (rect.x + PAD, y + 3, 5, LINE_H - 6))
            if line.text:
                draw_text(surface, self.texts, self.texts.spots, line.text,
                          (rect.x + PAD + line.indent, y), line.px, line.colour,
                          links=line.indent == 24, bg=PANEL_BG, clip=rect)
            elif line.entry:
                pygame.draw.line(surface, PANEL_LINE, (rect.x + PAD, y + LINE_H // 2),
                                 (rect.right - PAD, y + LINE_H // 2))
            y += LINE_H
        surface.set_clip(clip)
