"""Mice and Mystics dice drawn with their symbols (MM-DICE-3): sword (melee hit), bow (ranged
hit), shield (block), cheese (a 6), star (success); a blank face is a miss."""

from __future__ import annotations

import math

import pygame

from game.i18n import N_, _
from game.rules.mice_and_mystics.dice import read, symbol
from game.ui.colours import RGB
from game.ui.play.dice_tray import IVORY
from game.ui.play.widgets import DIM, SMALL_PX, TEXT, Texts

DIE_BG = IVORY  #: the dice of every game are ivory
DIE_EDGE: RGB = (0x6A, 0x5A, 0x40)
INK: RGB = (0x2A, 0x24, 0x1C)
CHEESE: RGB = (0xF2, 0xC9, 0x1E)
#: the symbols' metal, wood and shield
STEEL, WOOD, BLUE = (0x50, 0x5A, 0x6A), (0x8A, 0x5A, 0x2A), (0x3C, 0x6C, 0xC0)
#: the legend beside the dice: (symbol, what it means); ``_()`` where drawn
MEANINGS = (("sword", N_("sword = melee hit (3-5)")), ("bow", N_("bow = ranged hit (4-5)")),
            ("shield", N_("shield = block (4-5)")), ("star", N_("star = success (4-6)")),
            ("cheese", N_("cheese = a 6: cheese")))
#: the symbols a row's dice may show (the legend lists those of the dice in the tray)
ROW_SYMBOLS = {"melee": ("sword", "cheese"), "ranged": ("bow", "cheese"),
               "defence": ("shield", "cheese"), "success": ("star",)}
#: the word under a die: its symbol's name, else what the face reads
DIE_WORDS = {"sword": N_("sword"), "bow": N_("bow"), "shield": N_("shield"), "cheese": N_("cheese"),
             "star": N_("star"), "miss": N_("miss"), "wound": N_("no block"), "fail": N_("fail"),
             "hit": N_("hit"), "block": N_("block"), "success": N_("success")}


def draw_symbol(surface: pygame.Surface, name: str, rect: pygame.Rect) -> None:
    cx, cy = rect.center
    r = min(rect.width, rect.height) * 0.36
    if name == "sword":
        pygame.draw.line(surface, STEEL, (cx - r, cy + r), (cx + r, cy - r), 4)
        pygame.draw.line(surface, WOOD, (cx - r * 0.75, cy + r * 0.15), (cx - r * 0.15, cy + r * 0.75), 4)
    elif name == "bow":
        arc = pygame.Rect(0, 0, r * 1.6, r * 2.2)
        arc.center = (round(cx - r * 0.2), cy)
        pygame.draw.arc(surface, WOOD, arc, -math.pi / 2, math.pi / 2, 4)
        pygame.draw.line(surface, INK, (cx - r * 0.2, cy - r * 1.05), (cx - r * 0.2, cy + r * 1.05), 1)
        pygame.draw.line(surface, STEEL, (cx - r, cy), (cx + r, cy), 2)
    elif name == "shield":
        pts = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy), (cx, cy + r * 1.1), (cx - r, cy)]
        pygame.draw.polygon(surface, BLUE, pts)
        pygame.draw.polygon(surface, INK, pts, 2)
    elif name == "cheese":
        pts = [(cx - r, cy + r * 0.7), (cx + r, cy + r * 0.7), (cx + r, cy - r * 0.2), (cx - r, cy + r * 0.1)]
        pygame.draw.polygon(surface, CHEESE, pts)
        pygame.draw.polygon(surface, INK, pts, 2)
        pygame.draw.circle(surface, INK, (round(cx + r * 0.3), round(cy + r * 0.3)), max(1, round(r * 0.15)))
    elif name == "star":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        pygame.draw.polygon(surface, CHEESE, pts)
        pygame.draw.polygon(surface, INK, pts, 1)


def draw_die(surface: pygame.Surface, texts: Texts, rect: pygame.Rect, face: int, row: str) -> None:
    """A die with its symbol, the face in a corner and what it means under it."""
    pygame.draw.rect(surface, DIE_BG, rect, border_radius=6)
    pygame.draw.rect(surface, DIE_EDGE, rect, 2, border_radius=6)
    name = symbol(face, row)
    draw_symbol(surface, name, rect)
    num = texts.render(str(face), SMALL_PX, INK)
    surface.blit(num, (rect.x + 3, rect.y + 1))
    word = die_word(face, row)
    pic = texts.render(word, SMALL_PX, TEXT if name else DIM)
    surface.blit(pic, (rect.centerx - pic.get_width() // 2, rect.bottom + 1))
    if texts.spots is not None:  # the word explains itself (the glossary's tooltip)
        texts.spots.note(word, (rect.centerx - pic.get_width() // 2, rect.bottom + 1), SMALL_PX)


def die_word(face: int, row: str) -> str:
    """What a face means on ``row``: the symbol's name, else "miss" / "no block" / "fail"
    (in the current language)."""
    word = symbol(face, row) or read(face, row)
    return _(DIE_WORDS[word]) if word in DIE_WORDS else word

