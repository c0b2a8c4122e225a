"""The hot-seat hand-over: the screen passes from one player to the next, saying what just happened
(the roll that ended the turn, with its rules) and why the turn passed.

Where no information is hidden (the four games here) it is a ``Banner`` across the top of the
table, in the next player's colour, that does not block: the next player simply plays on, and it
goes after ``BANNER_S`` or a click on it. The full-screen card (``handover_card``: "pass to
<side>", taken away by a click or a key once it has been up long enough not to be clicked
through) is the option for players who want it (the game menu's hand-over setting).
``handover_words`` reads both from the log: the last command's title and lines, and the line
that says why the turn passed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.i18n import _
from game.rules.engine.rulebook import Glossary
from game.ui.colours import RGB, ink_on
from game.ui.play.card import Card
from game.ui.play.glossary_tip import Spots, draw_text
from game.ui.play.log_panel import once_each
from game.ui.play.match_session import LogEntry, LogLine
from game.ui.play.widgets import SMALL_PX, TEXT_PX, Texts, ellipsize, ellipsize_message

#: seconds the card ignores input (a click meant for the table must not dismiss it)
HOLD_S = 0.6
#: seconds the banner stays (the next command of anyone takes it away sooner)
BANNER_S = 8.0
BANNER_H = 50
#: lines of the last command the card shows at most
HAPPENED_LINES = 4


@dataclass(frozen=True)
class HandoverWords:
    """What the hand-over says: why the turn passed, and the command that ended it (its title
    and its lines, each with its rules in brackets)."""

    why: str = ""
    title: str = ""
    lines: tuple[str, ...] = ()


def _with_rules(line: LogLine) -> str:
    return f"{line.text} ({once_each(line.rules)})" if line.rules else line.text


def handover_words(log: Sequence[LogEntry], side_label: str) -> HandoverWords:
    """The hand-over to ``side_label`` read from the log (newest first): the last command, and
    why the turn passed (its line that names the next side, else its last line)."""
    if not log:
        return HandoverWords()
    entry = log[0]
    lines = list(entry.lines)
    if not lines:
        return HandoverWords("", entry.title, ())
    why = next((ln for ln in reversed(lines) if side_label and side_label in ln.text), lines[-1])
    shown = [_with_rules(ln) for ln in lines if ln is not why][-HAPPENED_LINES:]
    return HandoverWords(_with_rules(why), entry.title, tuple(shown))


def handover_card(texts: Texts, side_label: str, colour: RGB, letter: str,
                  previous: str = "", words: HandoverWords | None = None,
                  glossary: Glossary | None = None) -> Card:
    """The full-screen card to ``side_label``: what ended the turn and why, then who takes the
    seat."""
    lines = []
    if words is not None and words.why:
        lines.append(_("**Why:** {why}").format(why=words.why))
    if words is not None and words.title:
        lines.append(_("**What happened:** {command}").format(command=words.title))
        lines += list(words.lines)
    lines += [_("{side} hand over.").format(side=previous) if previous else "",
              _("{side} ({letter}): click or press a key when you are ready.").format(
                  side=side_label, letter=letter)]
    return Card(texts, _("Pass to {side}").format(side=side_label),
                [line for line in lines if line], colour=colour, full=True, close_on_any=True,
                delay=HOLD_S, glossary=glossary)


class Banner:
    """The hand-over as a banner over the top of the table: "Your turn, <side>", and why the turn
    passed (its rule IDs are links). It does not block; it goes after ``BANNER_S``, at the next
    command, or at a click on it."""

    def __init__(self, texts: Texts, side_label: str, colour: RGB, words: HandoverWords,
                 note: str = "") -> None:
        self.texts = texts
        self.side_label = side_label
        self.colour = colour
        self.words = words
        self.note = note
        self.left = BANNER_S
        self.rect: pygame.Rect | None = None

    @property
    def title(self) -> str:
        return _("Your turn, {side}").format(side=self.side_label)

    @property
    def line(self) -> str:
        """The banner's second line: the game's note (Relic: roll for the enemy), else why."""
        if self.note:
            return self.note
        return _("Why: {why}").format(why=self.words.why) if self.words.why else ""

    def update(self, dt: float) -> bool:
        """Time passes; False when the banner is done."""
        self.left -= dt
        return self.left > 0

    def hit(self, pos: tuple[int, int] | None) -> bool:
        return pos is not None and self.rect is not None and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, table: pygame.Rect, spots: Spots | None) -> None:
        """Across the top of ``table``, in the side's colour."""
        rect = pygame.Rect(table.x, table.y, table.width, min(BANNER_H, table.height))
        self.rect = rect
        ink = ink_on(self.colour)
        surface.fill(self.colour, rect)
        pygame.draw.line(surface, ink, rect.bottomleft, (rect.right, rect.bottom), 1)
        if spots is not None:
            spots.block(rect)  # the words under the banner do not explain themselves
        t = self.texts
        room = rect.width - 24
        title = ellipsize(t, self.title, room, TEXT_PX)
        draw_text(surface, t, spots, title, (rect.x + 12, rect.y + 4), TEXT_PX, ink, links=False)
        line = self.line
        if line:
            shown = ellipsize_message(t, line, room, SMALL_PX)
            draw_text(surface, t, spots, shown, (rect.x + 12, rect.y + 26), SMALL_PX, ink,
                      link_colour=ink, bg=self.colour)

    def texts_shown(self) -> list[str]:
        return [self.title, self.line]


