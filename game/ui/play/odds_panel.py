"""The Odds tab: the roll the hovered (or chosen) action or duel would make, counted as the
rules count it, with its exact odds: the chance to win, the hits each side may take, and the
chance of a 1 that passes the initiative."""

from __future__ import annotations

import pygame

from game.ui.play.roll_odds import RollPreview
from game.ui.play.widgets import (
    ACCENT,
    BIG_PX,
    DANGER,
    DIM,
    GOOD,
    PANEL_LINE,
    SMALL_PX,
    TEXT,
    TEXT_PX,
    TITLE_PX,
    Texts,
    wrap,
)

PAD = 12
BAR_H = 16
MAX_BARS = 6


def _dice(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


class OddsPanel:
    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self._key: tuple | None = None
        self._picture: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, preview: RollPreview | None,
             source: str) -> None:
        key = (preview, source, rect.size)
        if key != self._key or self._picture is None:
            self._key = key
            self._picture = self._render(rect.size, preview, source)
        surface.blit(self._picture, rect)

    def _text(self, pic: pygame.Surface, text: str, y: int, px: int = TEXT_PX,
              colour: tuple[int, int, int] = TEXT, indent: int = 0) -> int:
        w = pic.get_width() - 2 * PAD - indent
        for line in wrap(self.texts, text, w, px):
            pic.blit(self.texts.render(line, px, colour), (PAD + indent, y))
            y += self.texts.font(px).get_linesize()
        return y

    def _render(self, size: tuple[int, int], preview: RollPreview | None,
                source: str) -> pygame.Surface:
        pic = pygame.Surface(size, pygame.SRCALPHA)
        y = PAD
        if preview is None:
            self._text(pic, "Hover an action or a duel in the action bar or the menu to see "
                       "the odds of its roll.", y, SMALL_PX, DIM)
            return pic
        y = self._text(pic, preview.title, y, TITLE_PX, ACCENT)
        if source:
            y = self._text(pic, source, y, SMALL_PX, DIM)
        y += 6
        kind = "duel" if preview.duel else "pool"
        y = self._text(pic, f"{preview.actor} rolls {_dice(preview.dice)} ({kind})", y)
        for opp in preview.opposed:
            y += 8
            pygame.draw.line(pic, PANEL_LINE, (PAD, y), (size[0] - PAD, y))
            y += 8
            y = self._text(pic, f"against {opp.defender}: {_dice(opp.dice)}", y)
            win = opp.odds.p_attacker_wins
            big = self.texts.render(f"{win * 100:.0f}%", BIG_PX, GOOD if win >= 0.5 else TEXT)
            pic.blit(big, (PAD, y))
            pic.blit(self.texts.render(f"chance {preview.actor} wins", SMALL_PX, TEXT),
                     (PAD + big.get_width() + 10, y + big.get_height() - 20))
            y += big.get_height() + 2
            y = self._text(pic, "ties go to the attacker (OFA-3C.7)", y, SMALL_PX, DIM)
            y += 4
            y = self._bars(pic, y, f"hits on {opp.defender}", opp.odds.hits_to_defender)
            if preview.duel:
                y = self._bars(pic, y, f"hits on {preview.actor} (OFA-4.5)",
                               opp.odds.hits_to_attacker)
        y += 10
        pygame.draw.line(pic, PANEL_LINE, (PAD, y), (size[0] - PAD, y))
        y += 8
        y = self._text(pic, f"A 1 among {preview.actor}'s dice: {preview.p_one * 100:.0f}%", y,
                       TEXT_PX, DANGER)
        y = self._text(pic, "a 1 passes the initiative to the other side (OFA-3A.1)", y,
                       SMALL_PX, DIM)
        y += 8
        for note in preview.notes:
            y = self._text(pic, f"· {note}", y, SMALL_PX, DIM)
        return pic

    def _bars(self, pic: pygame.Surface, y: int, title: str, probs: tuple[float, ...]) -> int:
        y = self._text(pic, title, y, SMALL_PX, TEXT)
        label_w = 64
        bar_w = pic.get_width() - 2 * PAD - label_w - 52
        shown = list(enumerate(probs))[:MAX_BARS]
        rest = sum(probs[MAX_BARS:])
        for k, p in shown:
            last = k == MAX_BARS - 1 and rest > 0
            words = f"{k}+ hits" if last else f"{k} hit{'s' if k != 1 else ''}"
            p_here = p + rest if last else p
            pic.blit(self.texts.render(words, SMALL_PX, DIM), (PAD, y))
            pygame.draw.rect(pic, PANEL_LINE, (PAD + label_w, y + 2, bar_w, BAR_H - 2))
            pygame.draw.rect(pic, ACCENT if k else DIM,
                             (PAD + label_w, y + 2, max(1, round(bar_w * p_here)), BAR_H - 2))
            pic.blit(self.texts.render(f"{p_here * 100:.0f}%", SMALL_PX, TEXT),
                     (PAD + label_w + bar_w + 6, y))
            y += BAR_H + 4
        return y + 4
