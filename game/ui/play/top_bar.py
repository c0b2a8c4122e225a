"""The top bar: the game, whose initiative it is (in that side's colour, with its letter), the
turn, the mode, and the buttons for undo, redo, save, load and the menu."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

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
)

GAME_TITLE = "...And One for All!"
BUTTONS = (("undo", "Undo", "Ctrl+Z"), ("redo", "Redo", ""), ("save", "Save", "Ctrl+S"),
           ("load", "Load", ""), ("menu", "Menu", "Esc"))


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

    def _layout(self, rect: pygame.Rect) -> None:
        if self._rect == rect:
            return
        self._rect = pygame.Rect(rect)
        x = rect.right - 8
        buttons = []
        for key, label, _hint in reversed(BUTTONS):
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
        title = t.render(GAME_TITLE, TITLE_PX, TEXT)
        surface.blit(title, (x, rect.centery - title.get_height() // 2))
        x += title.get_width() + 22
        if info.over:
            over = t.render("Game over", TEXT_PX, DIM)
            surface.blit(over, (x, rect.centery - over.get_height() // 2))
            x += over.get_width() + 18
        else:
            label = t.render("Initiative", SMALL_PX, DIM)
            surface.blit(label, (x, rect.centery - label.get_height() // 2))
            x += label.get_width() + 8
            text = f" {info.side_letter}  {info.side_label}{' (AI)' if info.ai else ''} "
            chip = t.render(text, TEXT_PX, ink_on(info.side_colour))
            box = pygame.Rect(x, rect.y + 8, chip.get_width() + 6, rect.height - 16)
            pygame.draw.rect(surface, info.side_colour, box, border_radius=5)
            surface.blit(chip, (box.x + 3, box.centery - chip.get_height() // 2))
            x = box.right + 18
        for words in (f"Turn {info.turn}", info.mode.capitalize() + " mode"):
            pic = t.render(words, SMALL_PX, DIM)
            if x + pic.get_width() > (self.buttons[0].rect.x - 12 if self.buttons else rect.right):
                break
            surface.blit(pic, (x, rect.centery - pic.get_height() // 2))
            x += pic.get_width() + 18
        enabled = {"undo": info.can_undo, "redo": info.can_redo}
        for b in self.buttons:
            b.enabled = enabled.get(b.key, True)
            draw_button(surface, t, b, hot=hot is not None and b.rect.collidepoint(hot))
