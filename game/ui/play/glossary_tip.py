"""Words that explain themselves: the glossary terms and the rule IDs a play screen draws, found
where they are drawn, and the tooltip that explains a term under the pointer.

Whoever draws a line of text notes it (``Spots.note``: the text, where it stands, its size); the
shell notes what it draws itself (the top bar's words, the Log, the hint line, the dice tray's
frame, the Odds tab's rules, the Rules tab, the banner) and a game may note its own words the same
way (``view.spots.note(text, (x, y), px)``). Nothing is measured until the pointer is over a noted
line: then the glossary (``game.rules.engine.rulebook.glossary``: ``found_in``) and the rule-ID
pattern find the words in it, and their places are measured with the font that drew them (once
per text). ``Spots.at(pos)`` is the term or the rule ID under the pointer; a rule ID is a link the
shell opens in the Rules tab, a term gets a ``Tip``.

``draw_text`` draws a line with its rule IDs in the link colour and notes it; ``Tip`` is the
tooltip: the term, its explanation in the reader's language and the rules it comes from, placed
beside the word but never over the rects it is told to keep clear (the dice tray, the readouts).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import pygame

from game.i18n import _
from game.rules.engine.rulebook import RULE_ID, Glossary, Term
from game.ui.colours import RGB, SKY_BLUE
from game.ui.play.widgets import ACCENT, DIM, PANEL_LINE, SMALL_PX, TEXT, Texts, wrap

#: rule IDs drawn as links (Okabe-Ito sky blue, readable on the dark chrome)
LINK: RGB = SKY_BLUE
TIP_BG: RGB = (0x14, 0x15, 0x1A)
TIP_W = 340
TIP_PAD = 10
TIP_LINE = 20
#: seconds the pointer rests on a word before its tooltip shows
TIP_DELAY_S = 0.3
MAX_MEASURED = 2048


@dataclass(frozen=True)
class Spot:
    """A word drawn on the screen that explains itself: a glossary ``term`` or a ``rule`` ID."""

    rect: pygame.Rect
    text: str
    term: Term | None = None
    rule: str = ""

    @property
    def key(self) -> tuple[object, ...]:
        return (self.rect.x, self.rect.y, self.rect.w, self.text, self.rule,
                self.term.id if self.term else "")


class _Line(NamedTuple):
    """A line noted (a tuple: noting costs next to nothing, a frame notes dozens)."""

    text: str
    x: int
    y: int
    px: int
    height: int
    terms: bool
    rules: bool
    clip: pygame.Rect | None
    font: Any = None  #: the font that drew it, when not the texts' font of ``px``


def rule_ids(text: str) -> list[tuple[int, int, str]]:
    """Where the rule IDs stand in ``text``: (start, end, id)."""
    return [(m.start(), m.end(), m.group(0)) for m in RULE_ID.finditer(text)]


class Spots:
    """The lines of text drawn in this frame that may hold terms or rule IDs (``note``), and
    what is under the pointer (``at``). Cleared at the start of each frame (``clear``); a
    ``block`` hides what was noted before it (a tooltip over the Log)."""

    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self.glossary: Glossary | None = None
        self._notes: list[_Line | pygame.Rect] = []
        self._heights: dict[int, int] = {}
        self._measured: OrderedDict[tuple[object, ...], tuple[Spot, ...]] = OrderedDict()

    def clear(self, glossary: Glossary | None = None) -> None:
        self._notes = []
        if glossary is not None:
            self.glossary = glossary

    def note(self, text: str, pos: Sequence[int], px: int = SMALL_PX, *, terms: bool = True,
             rules: bool = True, clip: pygame.Rect | None = None, font: Any = None) -> None:
        """``text`` was drawn with its top left at ``pos`` in the font of ``px`` (or in
        ``font``, a pygame or pygame_gui font; only its part inside ``clip`` shows)."""
        if text.strip():
            high = self._heights.get(px) if font is None else font.size(text)[1]
            if high is None:
                high = self._heights[px] = self.texts.font(px).get_height()
            self._notes.append(_Line(text, int(pos[0]), int(pos[1]), px, high, terms, rules,
                                     clip, font))

    def note_labels(self, elements: Iterable[Any], area: pygame.Rect) -> None:
        """The pygame_gui labels among ``elements`` inside ``area`` (a game's top bar drawn
        with widgets), noted where their text stands."""
        from pygame_gui.elements import UILabel

        for e in elements:
            if not isinstance(e, UILabel) or not area.contains(e.rect) or e.font is None:
                continue
            text = str(e.text)
            w, h = e.font.size(text)
            align = getattr(e, "text_horiz_alignment", "center")
            x = e.rect.x + 4 if align == "left" else (
                e.rect.right - 4 - w if align == "right" else e.rect.centerx - w // 2)
            self.note(text, (x, e.rect.centery - h // 2), font=e.font)

    def block(self, rect: pygame.Rect) -> None:
        """Nothing noted so far shows inside ``rect`` (something is drawn over it)."""
        self._notes.append(pygame.Rect(rect))

    def __len__(self) -> int:
        return sum(1 for n in self._notes if isinstance(n, _Line))

    def texts_noted(self) -> list[str]:
        return [n.text for n in self._notes if isinstance(n, _Line)]

    def _spots(self, line: _Line) -> tuple[Spot, ...]:
        """The terms and rule IDs of a noted line and where each is drawn (measured once per
        text, size and glossary)."""
        g = self.glossary
        key = (line.text, line.px, line.terms, line.rules, (g.system, g.lang) if g else None,
               id(line.font))
        got = self._measured.get(key)
        if got is None:
            font = line.font if line.font is not None else self.texts.font(line.px)
            found: list[tuple[int, int, Term | None, str]] = []
            if line.rules:
                found += [(a, b, None, rid) for a, b, rid in rule_ids(line.text)]
            if line.terms and g is not None:
                taken = [(a, b) for a, b, _t, _r in found]
                found += [(a, b, t, "") for a, b, t in g.found_in(line.text)
                          if all(b <= s or a >= e for s, e in taken)]
            got = tuple(Spot(pygame.Rect(font.size(line.text[:a])[0], 0,
                                         max(1, font.size(line.text[a:b])[0]), line.height),
                             line.text[a:b], term, rule) for a, b, term, rule in found)
            self._measured[key] = got
            if len(self._measured) > MAX_MEASURED:
                self._measured.popitem(last=False)
        else:
            self._measured.move_to_end(key)
        return got

    def spots_of(self, line_text: str) -> list[Spot]:
        """The spots of every noted line that reads ``line_text``, in screen coordinates (for
        tests and for drawing marks)."""
        out = []
        for n in self._notes:
            if isinstance(n, _Line) and n.text == line_text:
                out += [Spot(s.rect.move(n.x, n.y), s.text, s.term, s.rule) for s in self._spots(n)]
        return out

    def all_spots(self) -> list[Spot]:
        out = []
        for n in self._notes:
            if isinstance(n, _Line):
                out += [Spot(s.rect.move(n.x, n.y), s.text, s.term, s.rule) for s in self._spots(n)]
        return out

    def at(self, pos: Sequence[int] | None) -> Spot | None:
        """The term or rule ID drawn under ``pos`` (the last drawn wins; a block hides what is
        under it)."""
        if pos is None:
            return None
        x, y = int(pos[0]), int(pos[1])
        for n in reversed(self._notes):
            if isinstance(n, pygame.Rect):
                if n.collidepoint(x, y):
                    return None
                continue
            if not (n.y <= y < n.y + n.height and x >= n.x) or (
                    n.clip is not None and not n.clip.collidepoint(x, y)):
                continue
            for s in self._spots(n):
                if s.rect.x <= x - n.x < s.rect.right:
                    return Spot(s.rect.move(n.x, n.y), s.text, s.term, s.rule)
        return None

    def rule_at(self, pos: Sequence[int] | None) -> str:
        got = self.at(pos)
        return got.rule if got is not None else ""


#: lines with links drawn once (the whole line, then its links over it): (texts, text...) -> picture
_LINKED: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
MAX_LINKED = 512


class Written:
    """The lines written on a picture that is kept between frames (a card, a tab), noted for
    the tooltips and links each time the picture is drawn: ``write`` while composing it,
    ``note`` where it is blitted."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, int, int, int]] = []  #: (text, x, y, px) on the picture

    def clear(self) -> None:
        self.lines = []

    def add(self, text: str, pos: Sequence[int], px: int) -> None:
        """``text`` was drawn on the picture at ``pos`` in the font of ``px``."""
        self.lines.append((text, int(pos[0]), int(pos[1]), px))

    def write(self, pic: pygame.Surface, texts: Texts, text: str, pos: Sequence[int], px: int,
              colour: RGB) -> None:
        pic.blit(texts.render(text, px, colour), (int(pos[0]), int(pos[1])))
        self.add(text, pos, px)

    def note(self, spots: Spots | None, rect: pygame.Rect) -> None:
        if spots is not None:
            for text, x, y, px in self.lines:
                spots.note(text, (rect.x + x, rect.y + y), px, clip=rect)


def draw_text(surface: pygame.Surface, texts: Texts, spots: Spots | None, text: str,
              pos: Sequence[int], px: int = SMALL_PX, colour: RGB = TEXT, *,
              links: bool = True, link_colour: RGB = LINK, bg: RGB | None = None,
              clip: pygame.Rect | None = None) -> int:
    """``text`` at ``pos`` with its rule IDs in the link colour, underlined (``links``), noted
    in ``spots``; returns its width. The line is rendered whole (a reader of what the fonts
    drew sees the sentence), its links drawn over it (on ``bg`` when it is given); a line with
    links is composed once and kept."""
    x, y = int(pos[0]), int(pos[1])
    if spots is not None:
        spots.note(text, (x, y), px, rules=links, clip=clip)
    if not links or RULE_ID.search(text) is None:
        pic = texts.render(text, px, colour)
    else:
        pic = _linked(texts, text, px, colour, link_colour, bg)
    surface.blit(pic, (x, y))
    return pic.get_width()


def _linked(texts: Texts, text: str, px: int, colour: RGB, link_colour: RGB,
            bg: RGB | None) -> pygame.Surface:
    key = (id(texts), text, px, colour, link_colour, bg)
    got = _LINKED.get(key)
    if got is not None:
        _LINKED.move_to_end(key)
        return got
    whole = texts.render(text, px, colour)
    if bg is not None:
        pic = pygame.Surface(whole.get_size())
        pic.fill(bg)
    else:
        pic = pygame.Surface(whole.get_size(), pygame.SRCALPHA)
    pic.blit(whole, (0, 0))
    font = texts.font(px)
    for a, b, _rid in rule_ids(text):
        left = font.size(text[:a])[0]
        link = texts.render(text[a:b], px, link_colour)
        # the words under the link go first (on a clear picture too: the link's glyphs, kerned
        # on their own, would not cover the line's own exactly)
        pic.fill(bg if bg is not None else (0, 0, 0, 0), (left, 0, link.get_width(), link.get_height()))
        pic.blit(link, (left, 0))
        base = link.get_height() - 2
        pygame.draw.line(pic, link_colour, (left, base), (left + link.get_width() - 1, base))
    _LINKED[key] = pic
    if len(_LINKED) > MAX_LINKED:
        _LINKED.popitem(last=False)
    return pic


def underline(surface: pygame.Surface, rect: pygame.Rect, colour: RGB = ACCENT) -> None:
    """A dotted line under a word (the term under the pointer)."""
    y = rect.bottom - 1
    for x in range(rect.x, rect.right, 4):
        pygame.draw.line(surface, colour, (x, y), (min(x + 1, rect.right - 1), y))


def place(size: tuple[int, int], anchor: pygame.Rect, bounds: pygame.Rect,
          avoid: Iterable[pygame.Rect] = ()) -> pygame.Rect:
    """Where a box of ``size`` goes beside ``anchor``: below it, above it, right of it, left of
    it, then just above or below each rect to avoid; the first place inside ``bounds`` that
    covers none of ``avoid`` (else the one that covers least)."""
    w, h = size
    keep = [pygame.Rect(r) for r in avoid if r.width > 0 and r.height > 0]
    spots = [(anchor.x, anchor.bottom + 4), (anchor.x, anchor.y - 4 - h),
             (anchor.right + 8, anchor.y), (anchor.x - 8 - w, anchor.y)]
    for r in keep:
        spots += [(anchor.x, r.y - 4 - h), (anchor.x, r.bottom + 4)]
    best: tuple[int, pygame.Rect] | None = None
    for x, y in spots:
        box = pygame.Rect(x, y, w, h)
        box.clamp_ip(bounds)
        covered = sum(box.clip(r).width * box.clip(r).height for r in keep)
        if anchor.colliderect(box):
            covered += w * h
        if covered == 0:
            return box
        if best is None or covered < best[0]:
            best = (covered, box)
    assert best is not None
    return best[1]


class Tip:
    """The tooltip of a glossary term: its word, its explanation, the rules it comes from (as
    links), drawn beside the word and never over ``avoid``."""

    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self.rect: pygame.Rect | None = None
        self._key: tuple[object, ...] | None = None
        self._lines: list[tuple[str, RGB]] = []

    def _layout(self, term: Term, width: int) -> list[tuple[str, RGB]]:
        key = (term, width)
        if key != self._key:
            self._key = key
            inner = width - 2 * TIP_PAD
            lines = [(part, ACCENT) for part in wrap(self.texts, term.headword, inner, SMALL_PX)]
            lines += [(part, TEXT) for part in wrap(self.texts, term.text, inner, SMALL_PX)]
            if term.rules:
                rules = _("Rules: {rules}").format(rules=", ".join(term.rules))
                lines += [(part, DIM) for part in wrap(self.texts, rules, inner, SMALL_PX)]
            self._lines = lines
        return self._lines

    def draw(self, surface: pygame.Surface, spots: Spots | None, term: Term,
             anchor: pygame.Rect, avoid: Iterable[pygame.Rect] = ()) -> pygame.Rect:
        """Draw the tooltip of ``term`` for the word at ``anchor``; returns its rect (noted in
        ``spots`` as a block, its rule IDs as links)."""
        bounds = surface.get_rect()
        width = min(TIP_W, max(160, bounds.width - 20))
        lines = self._layout(term, width)
        box = place((width, len(lines) * TIP_LINE + 2 * TIP_PAD - 4), anchor, bounds, avoid)
        pygame.draw.rect(surface, TIP_BG, box, border_radius=6)
        pygame.draw.rect(surface, PANEL_LINE, box, 1, border_radius=6)
        pygame.draw.rect(surface, ACCENT, (box.x, box.y + 6, 3, box.height - 12))
        if spots is not None:
            spots.block(box)
        y = box.y + TIP_PAD - 2
        for text, colour in lines:
            draw_text(surface, self.texts, spots if colour == DIM else None, text,
                      (box.x + TIP_PAD + 2, y), SMALL_PX, colour, links=colour == DIM, bg=TIP_BG)
            y += TIP_LINE
        self.rect = box
        return box


def html_with_links(text: str, glossary: Glossary | None, seen: set[str] | None = None) -> str:
    """``text`` as pygame_gui HTML: ``**bold**`` in bold, each rule ID a link to ``rule:<id>``
    (a click opens it) and each glossary term a link to ``term:<id>`` (a card shows its tooltip
    while the pointer is on it); a term already in ``seen`` (an earlier line of the card) is
    not linked again."""
    import html

    seen = set() if seen is None else seen
    out = []
    for i, part in enumerate(text.split("**")):
        found = [(a, b, f"rule:{rid}") for a, b, rid in rule_ids(part)]
        if glossary is not None:
            for a, b, t in glossary.found_in(part):
                if t.id not in seen and all(b <= s or a >= e for s, e, _h in found):
                    seen.add(t.id)
                    found.append((a, b, f"term:{t.id}"))
        words, at = [], 0
        for a, b, href in sorted(found):
            words.append(html.escape(part[at:a], quote=False))
            words.append(f"<a href='{html.escape(href)}'>{html.escape(part[a:b], quote=False)}</a>")  # i18n: not shown
            at = b
        words.append(html.escape(part[at:], quote=False))
        out.append(f"<b>{''.join(words)}</b>" if i % 2 else "".join(words))
    return "".join(out)


LINK_HREF = re.compile(r"^(term|rule):(.+)$")


def term_of_link(glossary: Glossary | None, href: str) -> Term | None:
    """The glossary term a card's link names (None: not a term)."""
    m = LINK_HREF.match(href or "")
    return glossary.term(m.group(2)) if m and m.group(1) == "term" and glossary else None


def rule_of_link(href: str) -> str:
    """The rule ID a card's link names ("" : not a rule)."""
    m = LINK_HREF.match(href or "")
    return m.group(2) if m and m.group(1) == "rule" else ""
