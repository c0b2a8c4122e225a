"""Where each part of the play screen goes, for any window size (designed at 1280x800).

Top bar across the top; side panel on the right; under the table the dice tray, the action bar
and the status line. The table takes what is left and never shrinks below a usable size: on a
small window the side panel narrows first.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

TOP_H = 44
TRAY_H = 82
ACTIONS_H = 78
STATUS_H = 30
PANEL_MIN_W, PANEL_W = 260, 380
TABLE_MIN_W = 320


@dataclass(frozen=True)
class Layout:
    size: tuple[int, int]
    top: pygame.Rect
    table: pygame.Rect
    panel: pygame.Rect
    tray: pygame.Rect
    actions: pygame.Rect
    status: pygame.Rect

    @classmethod
    def of(cls, size: tuple[int, int]) -> Layout:
        w, h = max(1, size[0]), max(1, size[1])
        panel_w = max(PANEL_MIN_W, min(PANEL_W, round(w * 0.3)))
        panel_w = max(0, min(panel_w, w - TABLE_MIN_W))
        left_w = max(1, w - panel_w)
        bottom = TRAY_H + ACTIONS_H + STATUS_H
        table_h = max(1, h - TOP_H - bottom)
        top = pygame.Rect(0, 0, w, TOP_H)
        table = pygame.Rect(0, TOP_H, left_w, table_h)
        y = table.bottom
        tray = pygame.Rect(0, y, left_w, TRAY_H)
        actions = pygame.Rect(0, tray.bottom, left_w, ACTIONS_H)
        status = pygame.Rect(0, actions.bottom, left_w, STATUS_H)
        panel = pygame.Rect(left_w, TOP_H, panel_w, max(1, h - TOP_H))
        return cls((w, h), top, table, panel, tray, actions, status)
