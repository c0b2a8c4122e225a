"""The Odds tab: the roll the hovered (or chosen) action or duel would make, counted as the
rules count it, with its exact odds: the chance to win, the hits each side may take, and the
chance of a 1 that passes the initiative."""

from __future__ import annotations

import pygame

from game.i18n import _, language
from game.ui.play import widgets as ui
from game.ui.play.glossary_tip import Written
from game.ui.play.ofa.roll_odds import RollPreview

PAD = 12
BAR_H = 16
MAX_BARS = 6


def _dice(n: int) -> str:
    return _("{n} die").format(n=n) if n == 1 else _("{n} dice").format(n=n)


class OddsPanel:
    def __init__(self, texts: ui.Texts) -> None:
        self.texts = texts
        self._key: tuple | None = None
        self._picture: pygame.Surface | None = None
        self._written = Written()  #: its lines, noted for the glossary's tooltips and links

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, preview: RollPreview | None,
             source: str) -> None:
        key = (preview, source, rect.size, language())
        if key != self._key or self._picture is None:
            self._key = key
            self._written.clear()
            self._picture = self._render(rect.size, preview, source)
        surface.blit(self._picture, rect)
        self._written.note(self.texts.spots, rect)

    def _text(self, pic: pygame.Surface, text: str, y: int, px: int = ui.TEXT_PX,
              colour: tuple[int, int, int] = ui.TEXT, indent: int = 0) -> int:
        w = pic.get_width() - 2 * PAD - indent
        for line in ui.wrap(self.texts, text, w, px):
            self._written.write(pic, self.texts, line, (PAD + indent, y), px, colour)
            y += self.texts.font(px).get_linesize()
        return y

    def _render(self, size: tuple[int, int], preview: RollPreview | None,
                source: str) -> pygame.Surface:
        pic = pygame.Surface(size, pygame.SRCALPHA)
        y = PAD
        if preview is None:
            self._text(pic, _("Hover an action or a duel in the action bar or the menu to see "
                         "the odds of its roll."), y, ui.SMALL_PX, ui.DIM)
            return pic
        y = self._text(pic, preview.title, y, ui.TITLE_PX, ui.ACCENT)
        if source:
            y = self._text(pic, source, y, ui.SMALL_PX, ui.DIM)
        y += 6
        rolls = (_("{name} rolls {dice} (duel)") if preview.duel
                 else _("{name} rolls {dice} (pool)"))
        y = self._text(pic, rolls.format(name=preview.actor, dice=_dice(preview.dice)), y)
        for opp in preview.opposed:
            y += 8
            pygame.draw.line(pic, ui.PANEL_LINE, (PAD, y), (size[0] - PAD, y))
            y += 8
            y = self._text(pic, _("against {name}: {dice}").format(name=opp.defender,
                                                                   dice=_dice(opp.dice)), y)
            win = opp.odds.p_attacker_wins
            big = self.texts.render(f"{win * 100:.0f}%", ui.BIG_PX, ui.GOOD if win >= 0.5 else ui.TEXT)
            pic.blit(big, (PAD, y))
            pic.blit(self.texts.render(_("chance {name} wins").format(name=preview.actor),
                                       ui.SMALL_PX, ui.TEXT),
                     (PAD + big.get_width() + 10, y + big.get_height() - 20))
            y += big.get_height() + 2
            y = self._text(pic, _("ties go to the attacker (OFA-3C.7)"), y, ui.SMALL_PX, ui.DIM)
            y += 4
            y = self._bars(pic, y, _("hits on {name}").format(name=opp.defender),
                           opp.odds.hits_to_defender)
            if preview.duel:
                y = self._bars(pic, y, _("hits on {name} (OFA-4.5)").format(name=preview.actor),
                               opp.odds.hits_to_attacker)
        y += 10
        pygame.draw.line(pic, ui.PANEL_LINE, (PAD, y), (size[0] - PAD, y))
        y += 8
        y = self._text(pic, _("A 1 among {name}'s dice: {p:.0f}%").format(
            name=preview.actor, p=preview.p_one * 100), y, ui.TEXT_PX, ui.DANGER)
        y = self._text(pic, _("a 1 passes the initiative to the other side (OFA-3A.1)"), y,
                       ui.SMALL_PX, ui.DIM)
        y += 8
        for note in preview.notes:
            y = self._text(pic, f"· {note}", y, ui.SMALL_PX, ui.DIM)
        return pic

    def _bars(self, pic: pygame.Surface, y: int, title: str, probs: tuple[float, ...]) -> int:
        y = self._text(pic, title, y, ui.SMALL_PX, ui.TEXT)
        shown = list(enumerate(probs))[:MAX_BARS]
        rest = sum(probs[MAX_BARS:])

        def words(k: int) -> str:
            if k == MAX_BARS - 1 and rest > 0:
                return _("{n}+ hits").format(n=k)
            return _("{n} hit").format(n=k) if k == 1 else _("{n} hits").format(n=k)

        label_w = max([64] + [self.texts.width(words(k), ui.SMALL_PX) + 8 for k, _p in shown])
        bar_w = max(20, pic.get_width() - 2 * PAD - label_w - 52)
        for k, p in shown:
            last = k == MAX_BARS - 1 and rest > 0
            p_here = p + rest if last else p
            self._written.write(pic, self.texts, words(k), (PAD, y), ui.SMALL_PX, ui.DIM)
            pygame.draw.rect(pic, ui.PANEL_LINE, (PAD + label_w, y + 2, bar_w, BAR_H - 2))
            pygame.draw.rect(pic, ui.ACCENT if k else ui.DIM,
                             (PAD + label_w, y + 2, max(1, round(bar_w * p_here)), BAR_H - 2))
            pic.blit(self.texts.render(f"{p_here * 100:.0f}%", ui.SMALL_PX, ui.TEXT),
                     (PAD + label_w + bar_w + 6, y))
            y += BAR_H + 4
        return y + 4
