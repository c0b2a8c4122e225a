"""Where each part of the play screen goes, for any window size (designed at 1280x800).

Two arrangements; the one that shows the table larger is used (UI.md: "the board fills the
table area's limiting side; zoom the table, not the interface"):

- **under** (a window taller than the map needs, or a wide map): the top bar across the top;
  the side panel on the right; under the table the dice tray, the action bar and the status
  line. On a small window the side panel narrows first.
- **beside** (a window wider than the map needs: a tall or square map on a wide screen): the
  top bar across the top; the table takes the whole height under it on the left; the other bars
  stack in one column on its right: the dice tray, the action bar, the side panel's tabs and the
  status line at the bottom. The column takes the width the table does not need (within
  ``COLUMN_MIN``..``column_max``).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.board_view import FIT_MARGIN

TOP_H = 44
TRAY_H = 82
ACTIONS_H = 78
STATUS_H = 30
PANEL_MIN_W, PANEL_W = 260, 380
TABLE_MIN_W = 320
#: beside: the dice tray is this much taller (its counter on a line of its own, rows wrapped)
TRAY_EXTRA_H = 48
#: beside: the action bar has room for three rows of buttons
ACTIONS_BESIDE_H = 114
#: beside: the status line has room for two lines (the column is narrow)
STATUS_BESIDE_H = 52
#: beside: the column's narrowest and (at 1280 px and under) widest
COLUMN_MIN, COLUMN_MAX = 360, 480
#: the share of the table's side the fitted map takes
FIT_USE = 1 - 2 * FIT_MARGIN
#: beside is used only when it shows the table at least this much larger
BESIDE_GAIN = 1.05


def column_max(width: int) -> int:
    """The widest the column gets in a window ``width`` wide (the table takes the rest)."""
    return max(COLUMN_MAX, round(width * 0.3))


def fit_zoom(table: pygame.Rect, board: tuple[float, float]) -> float:
    """Screen pixels per map unit when ``board`` (width, height) is fitted into ``table``."""
    bw, bh = max(board[0], 1e-9), max(board[1], 1e-9)
    return FIT_USE * min(table.width / bw, table.height / bh)


@dataclass(frozen=True)
class Layout:
    size: tuple[int, int]
    top: pygame.Rect
    table: pygame.Rect
    panel: pygame.Rect
    tray: pygame.Rect
    actions: pygame.Rect
    status: pygame.Rect
    #: the bars stand in a column beside the table (not under it)
    beside: bool = False

    def parts(self) -> list[pygame.Rect]:
        """Every part of the screen (a text drawn on the screen stays inside one)."""
        return [self.top, self.table, self.panel, self.tray, self.actions, self.status]

    @classmethod
    def of(cls, size: tuple[int, int], board: tuple[float, float] | None = None,
           tray_h: int = TRAY_H) -> Layout:
        """The layout for a window of ``size``: beside when that shows a map of ``board``'s
        width and height (any unit) larger, else under (always under without ``board``)."""
        under = cls.under(size, tray_h)
        if board is None:
            return under
        beside = cls.beside_table(size, board, tray_h)
        if beside is not None and fit_zoom(beside.table, board) \
                > fit_zoom(under.table, board) * BESIDE_GAIN:
            return beside
        return under

    @classmethod
    def under(cls, size: tuple[int, int], tray_h: int = TRAY_H) -> Layout:
        w, h = max(1, size[0]), max(1, size[1])
        panel_w = max(PANEL_MIN_W, min(PANEL_W, round(w * 0.3)))
        panel_w = max(0, min(panel_w, w - TABLE_MIN_W))
        left_w = max(1, w - panel_w)
        bottom = tray_h + ACTIONS_H + STATUS_H
        table_h = max(1, h - TOP_H - bottom)
        top = pygame.Rect(0, 0, w, TOP_H)
        table = pygame.Rect(0, TOP_H, left_w, table_h)
        y = table.bottom
        tray = pygame.Rect(0, y, left_w, tray_h)
        actions = pygame.Rect(0, tray.bottom, left_w, ACTIONS_H)
        status = pygame.Rect(0, actions.bottom, left_w, STATUS_H)
        panel = pygame.Rect(left_w, TOP_H, panel_w, max(1, h - TOP_H))
        return cls((w, h), top, table, panel, tray, actions, status)

    @classmethod
    def beside_table(cls, size: tuple[int, int], board: tuple[float, float],
                     tray_h: int = TRAY_H) -> Layout | None:
        """The top bar across, the table the rest of the window's height on the left, the
        other bars in a column on its right (None when the window is too small for it)."""
        w, h = max(1, size[0]), max(1, size[1])
        bw, bh = max(board[0], 1e-9), max(board[1], 1e-9)
        table_h = h - TOP_H
        needed = round(table_h * bw / bh)  # the table's width when the map fills its height
        col = min(column_max(w), max(COLUMN_MIN, w - needed))
        tray_h += TRAY_EXTRA_H
        if w - col < TABLE_MIN_W or table_h < tray_h + ACTIONS_BESIDE_H + STATUS_BESIDE_H + 120:
            return None
        x = w - col
        top = pygame.Rect(0, 0, w, TOP_H)
        table = pygame.Rect(0, TOP_H, x, table_h)
        tray = pygame.Rect(x, TOP_H, col, tray_h)
        actions = pygame.Rect(x, tray.bottom, col, ACTIONS_BESIDE_H)
        status = pygame.Rect(x, h - STATUS_BESIDE_H, col, STATUS_BESIDE_H)
        panel = pygame.Rect(x, actions.bottom, col, max(1, status.y - actions.bottom))
        return cls((w, h), top, table, panel, tray, actions, status, beside=True)
