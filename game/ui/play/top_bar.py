"""The top bar: the game, whose initiative it is (in that side's colour, with its letter), the
turn, the mode, and the buttons for undo, redo, save, load and the menu."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import N_, _, language
from game.ui.colours import RGB, ink_on
from game.ui.play.widgets import (
    CHROME_BG,
    DIM,
    PANEL_LINE,
    SMALL_PX,
    TEXT,
    TEXT_PX,
    TITLE_PX,
    Button,
    Texts,
    button_width,
    draw_button,
    ellipsize,
)

GAME_TITLE = N_("...And One for All!")
BUTTONS = (("undo", N_("Undo"), "Ctrl+Z"), ("redo", N_("Redo"), ""), ("save", N_("Save"), "Ctrl+S"),
           ("load", N_("Load"), ""), ("menu", N_("Menu"), "Esc"))
#: the match's modes as the bar names them
MODE_WORDS = {"teaching": N_("Teaching mode"), "strict": N_("Strict mode")}


@dataclass(frozen=True)
class TopInfo:
    side_label: str  #: "Musketeers"
    side_colour: RGB
    side_letter: str
    turn: int
    mode: str
    ai: bool
    can_undo: bool
    can_redo: bool
    over: bool = False


class TopBar:
    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self.buttons: list[Button] = []
        self._rect: pygame.Rect | None = None
        self._lang = ""

    def _layout(self, rect: pygame.Rect) -> None:
        if self._rect == rect and self._lang == language():
            return
        self._rect = pygame.Rect(rect)
        self._lang = language()
        x = rect.right - 8
        buttons = []
        for key, msgid, _hint in reversed(BUTTONS):
            label = _(msgid)
            w = button_width(self.texts, label) + 8
            x -= w
            buttons.append(Button(pygame.Rect(x, rect.y + 6, w, rect.height - 12), label, key))
            x -= 6
        self.buttons = list(reversed(buttons))

    def button_at(self, rect: pygame.Rect, pos: tuple[int, int]) -> str:
        self._layout(rect)
        for b in self.buttons:
            if b.hit(pos):
                return b.key
        return ""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, info: TopInfo,
             hot: tuple[int, int] | None) -> None:
        self._layout(rect)
        surface.fill(CHROME_BG, rect)
        pygame.draw.line(surface, PANEL_LINE, rect.bottomleft, rect.bottomright)
        t = self.texts
        x = rect.x + 12
        right = self.buttons[0].rect.x - 12 if self.buttons else rect.right
        title = t.render(_(GAME_TITLE), TITLE_PX, TEXT)
        mode = _(MODE_WORDS[info.mode]) if info.mode in MODE_WORDS else info.mode
        facts = [t.render(words, SMALL_PX, DIM)
                 for words in (_("Turn {n}").format(n=info.turn), mode)]
        facts_w = sum(pic.get_width() + 18 for pic in facts)
        label = t.render(_("Initiative"), SMALL_PX, DIM)
        who = _("{side} (AI)").format(side=info.side_label) if info.ai else info.side_label
        text = f" {info.side_letter}  {who} "
        # when the words do not all fit before the buttons: the "Initiative" label goes first,
        # then the title, then the side's name is shortened (the turn and the mode stay)
        chip_w = t.width(text, TEXT_PX) + 6
        show_label = x + title.get_width() + 22 + label.get_width() + 8 + chip_w + 18 + facts_w \
            <= right or info.over
        show_title = x + title.get_width() + 22 + chip_w + 18 + facts_w <= right or show_label \
            or info.over
        if show_title:
            surface.blit(title, (x, rect.centery - title.get_height() // 2))
            x += title.get_width() + 22
        if info.over:
            over = t.render(_("Game over"), TEXT_PX, DIM)
            surface.blit(over, (x, rect.centery - over.get_height() // 2))
            x += over.get_width() + 18
        else:
            if show_label:
                surface.blit(label, (x, rect.centery - label.get_height() // 2))
                x += label.get_width() + 8
            room = right - x - 18 - facts_w - 6
            if chip_w - 6 > room:
                text = ellipsize(t, text, max(room, 40), TEXT_PX)
            chip = t.render(text, TEXT_PX, ink_on(info.side_colour))
            box = pygame.Rect(x, rect.y + 8, chip.get_width() + 6, rect.height - 16)
            pygame.draw.rect(surface, info.side_colour, box, border_radius=5)
            surface.blit(chip, (box.x + 3, box.centery - chip.get_height() // 2))
            x = box.right + 18
        for pic in facts:
            if x + pic.get_width() > right:
                break
            surface.blit(pic, (x, rect.centery - pic.get_height() // 2))
            x += pic.get_width() + 18
        enabled = {"undo": info.can_undo, "redo": info.can_redo}
        for b in self.buttons:
            b.enabled = enabled.get(b.key, True)
            draw_button(surface, t, b, hot=hot is not None and b.rect.collidepoint(hot))
