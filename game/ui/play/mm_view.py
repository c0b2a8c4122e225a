"""The Mice and Mystics play screen: hot-seat (each mouse may belong to another player), the
minions run by the program's GM at a readable pace, optional AI mouse seats.

Screen: the top bar (round, the initiative track, the cheese wheel, the page counter, undo /
redo / save / load), the table (cells drawn from their polygons by the board view's map marks;
the reachable cells of the mouse in turn highlighted after its movement roll; figures shown in
their cells with each cell's occupancy), the side panel (the party with the cards in hand, the
odds of the attack on offer, the explained log), the dice tray (the last roll with its symbols
and their meanings), the action bar and the status line.

Input: click a highlighted cell to move there (the cheapest path); click a minion to attack it
with the best weapon on offer; the action bar for everything else. Ctrl+Z undo, Ctrl+Y redo,
Ctrl+S save, Ctrl+L load, Space hurries the GM, Esc quits. Reuses the One for All screen's
layout, widgets, handover card and user folders (imported, not changed).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame

from game.board.model import Board
from game.geometry.cells import Reach
from game.rules.engine import SaveError
from game.rules.mice_and_mystics.commands import (
    Attack,
    Move,
    Rescue,
    Step,
)
from game.rules.mice_and_mystics.explain import name_of
from game.rules.mice_and_mystics.state import GM, MMState
from game.ui.board_view import BoardView
from game.ui.colours import RGB, side_colours
from game.ui.play import user_dirs
from game.ui.play.card import Card
from game.ui.play.handover import handover_card
from game.ui.play.layout import Layout
from game.ui.play.mm_dice import MEANINGS, die_word, draw_die, draw_symbol
from game.ui.play.mm_odds import AttackOdds, attack_odds, pending_attack
from game.ui.play.mm_session import MMSession
from game.ui.play.widgets import (
    ACCENT,
    CHROME_BG,
    DANGER,
    DIM,
    GOOD,
    PANEL_LINE,
    SMALL_PX,
    TEXT,
    TEXT_PX,
    Button,
    Texts,
    button_width,
    draw_button,
    ellipsize,
    panel,
    wrap,
)
from game.ui.status_bar import StatusBar
from game.ui.terrain_art import polygons_of
from game.ui.view import Quit, ViewAction

GM_PACE_S = 0.6
MESSAGE_S = 7.0
REACH_FILL = (0x3C, 0xC0, 0x7A, 70)
REACH_END = (0xE0, 0xA0, 0x30, 70)
RESCUE_FILL = (0x3C, 0x7C, 0xE0, 80)
MINION: RGB = (0x8A, 0x22, 0x22)
CHEESE: RGB = (0xF2, 0xC9, 0x1E)
FIG_R = 11
BTN_H = 32


class MMPlayView:
    def __init__(self, session: MMSession, board: Board, size: tuple[int, int], *,
                 image_loader: Callable[..., Any] | None = None, save_dir: Path | None = None,
                 pace: float = GM_PACE_S, handover: bool = True) -> None:
        self.board = board
        self.texts = Texts()
        self.layout = Layout.of(size)
        self.status_height = StatusBar(self.texts.fonts).height
        t = self.layout.table
        self.board_view = BoardView(board, (t.width, t.height + self.status_height), figures=(),
                                    image_loader=image_loader)
        self.save_dir = save_dir if save_dir is not None else user_dirs.saves_dir()
        self.pace = pace
        self.handover_on = handover
        self._use(session)

    def _use(self, session: MMSession) -> None:
        self.session = session
        self.colours: dict[str, RGB] = side_colours(session.seats)
        self.cursor: tuple[int, int] | None = None
        self.hover_cell = ""
        self.hot: Button | None = None
        self.page = 0
        self.buttons: list[Button] = []
        self.top_buttons: list[Button] = []
        self._commands: dict[str, Any] = {}
        self._key: tuple | None = None
        self.card: Card | None = None
        self.message = ""
        self.message_colour: RGB = TEXT
        self._message_left = 0.0
        self._wait = self.pace
        self.hurry = False
        self._last_seat = session.to_play()
        self._drag_from: tuple[int, int] | None = None

    @property
    def state(self) -> MMState:
        return self.session.state

    # ------------------------------------------------------------------ helpers
    def say(self, text: str, colour: RGB = TEXT) -> None:
        self.message, self.message_colour, self._message_left = text, colour, MESSAGE_S

    def reach(self) -> Reach | None:
        if not self.session.human_to_play():
            return None
        return self.session.system.reach(self.state)

    def rescue_cells(self) -> list[str]:
        st = self.state
        if st.phase != "captured" or not self.session.human_to_play() or st.minions_on_board:
            return []
        return self.session.system.rescue_cells(st)

    def world_at(self, pos: tuple[int, int]) -> tuple[float, float]:
        t = self.layout.table
        return self.board_view.camera.screen_to_world(pos[0] - t.x, pos[1] - t.y)

    def cell_at(self, pos: tuple[int, int]) -> str:
        if not self.layout.table.collidepoint(pos):
            return ""
        x, y = self.world_at(pos)
        return self.session.system.graph(self.state).cell_at(x, y) or ""

    def figure_spots(self, state: MMState) -> list[tuple[str, str, str, tuple[float, float]]]:
        """(id, label, seat or "minion", table point) of every figure on the party's tile."""
        g = self.session.system.graph(state)
        by_cell: dict[str, list[tuple[str, str, str]]] = {}
        for m in state.mice:
            if m.active and m.cell:
                by_cell.setdefault(m.cell, []).append((m.id, m.name, m.player))
        for n in state.minions_on_board:
            by_cell.setdefault(n.cell, []).append((n.id, n.name, "minion"))
        out = []
        spread = (FIG_R * 2.4) / max(self.board_view.camera.zoom, 1e-6)
        for cell, figs in by_cell.items():
            cx, cy = g.cell(cell).centre
            k = len(figs)
            for i, (ident, label, seat) in enumerate(figs):
                if k == 1:
                    p = (cx, cy)
                else:
                    a = 2 * math.pi * i / k - math.pi / 2
                    rr = spread * (0.6 if k <= 3 else 0.8)
                    p = (cx + rr * math.cos(a), cy + rr * math.sin(a))
                out.append((ident, label, seat, p))
        return out

    def figure_at(self, pos: tuple[int, int]) -> str:
        t = self.layout.table
        cam = self.board_view.camera
        for ident, _label, _seat, p in self.figure_spots(self.state):
            sx, sy = cam.world_to_screen(*p)
            if math.hypot(sx + t.x - pos[0], sy + t.y - pos[1]) <= FIG_R + 3:
                return ident
        return ""

    # ------------------------------------------------------------------ choices
    def choices(self) -> list[tuple[str, Any]]:
        """What the action bar offers the person to play: (label, command), steps left out."""
        if not self.session.human_to_play():
            return []
        st = self.state
        out: list[tuple[str, Any]] = []
        for cmd in self.session.legal():
            if isinstance(cmd, Step | Move):
                continue
            out.append((self.label(cmd, st), cmd))
        order = {"Attack": 0, "KeepFound": 0, "Discard": 0, "Rescue": 0, "Search": 1,
                 "Explore": 1, "Scurry": 1, "Recover": 2, "EndMove": 3, "StandUp": 3,
                 "Use": 4, "Equip": 5, "LevelUp": 6, "Share": 7, "DeclineAction": 8,
                 "EndTurn": 9}
        out.sort(key=lambda lc: order.get(type(lc[1]).__name__, 5))
        return out

    def label(self, cmd: Any, st: MMState) -> str:
        kind = type(cmd).__name__
        if kind == "Attack":
            odds = attack_odds(self.session.system, st, cmd)
            mode = f" {cmd.mode}" if cmd.mode else ""
            extra = f" +{name_of(cmd.ability)}" if cmd.ability else ""
            pct = f" {odds.p_wound * 100:.0f}%" if odds else ""
            return f"Attack {st.minion(cmd.target).name} ({name_of(cmd.weapon)}{mode}{extra}){pct}"
        if kind == "KeepFound":
            item = st.pending[0].item if st.pending else ""
            return f"Keep {name_of(item)}" if cmd.keep else f"Drop {name_of(item)} for cheese"
        if kind == "Discard":
            return f"Discard {name_of(cmd.card)}"
        if kind == "Rescue":
            return f"Rescue to {cmd.cell.split(':')[-1]}"
        if kind == "Explore":
            return f"Explore via {cmd.via or 'the exit'}"
        if kind == "Recover":
            return f"Recover {cmd.condition}".strip()
        if kind == "Equip":
            return "Equip " + ", ".join(name_of(c) for c in cmd.equipped)
        if kind == "LevelUp":
            return f"Level up: {name_of(cmd.ability)}"
        if kind == "Use":
            on = f" on {st.mouse(cmd.target).name}" if cmd.target and st.has_mouse(cmd.target) else ""
            return f"Use {name_of(cmd.what)}{on}"
        if kind == "Share":
            other = st.mouse(cmd.other).name
            if cmd.give:
                return f"Give {name_of(cmd.give[0])} to {other}"
            if cmd.take:
                return f"Take {name_of(cmd.take[0])} from {other}"
            return f"Give cheese to {other}" if cmd.give_cheese else f"Take cheese from {other}"
        words = {"EndMove": "End move", "StandUp": "Stand up", "DeclineAction": "No action",
                 "EndTurn": "End turn", "Scurry": "Scurry", "Search": "Search"}
        return words.get(kind, kind)

    def _build_buttons(self) -> None:
        key = (id(self.session), self.session.revision, self.page, self.layout.size)
        if key == self._key:
            return
        self._key = key
        area = self.layout.actions.inflate(-12, -10)
        items = self.choices()
        self.buttons = []
        self._commands = {}
        x, y = area.x, area.y
        rows = max(1, (area.height + 4) // (BTN_H + 4))
        pages: list[list[tuple[pygame.Rect, str, Any]]] = [[]]
        more_w = button_width(self.texts, "More 9/9", "", SMALL_PX) + 8
        for n, (label, cmd) in enumerate(items):
            w = min(button_width(self.texts, label, str(n % 9 + 1), SMALL_PX), area.width - more_w)
            if x + w > area.right - more_w:
                x = area.x
                y += BTN_H + 4
                if y + BTN_H > area.y + rows * (BTN_H + 4):
                    pages.append([])
                    y = area.y
            pages[-1].append((pygame.Rect(x, y, w, BTN_H), label, cmd))
            x += w + 4
        self.page %= len(pages)
        for i, (rect, label, cmd) in enumerate(pages[self.page]):
            k = f"cmd{i}"
            self.buttons.append(Button(rect, label, k))
            self._commands[k] = cmd
        if len(pages) > 1:
            self.buttons.append(Button(pygame.Rect(area.right - more_w + 4, area.y, more_w - 4, BTN_H),
                                       f"More {self.page + 1}/{len(pages)}", "more"))
        top = self.layout.top
        self.top_buttons = []
        x = top.right - 8
        for label, k, on in (("Load", "load", True), ("Save", "save", True),
                             ("Redo", "redo", self.session.match.can_redo()),
                             ("Undo", "undo", self.session.can_undo())):
            w = button_width(self.texts, label)
            x -= w
            self.top_buttons.append(Button(pygame.Rect(x, top.y + 6, w, top.height - 12), label, k, on))
            x -= 6

    # ------------------------------------------------------------------ doing things
    def submit(self, cmd: Any) -> bool:
        result = self.session.submit(cmd)
        if not result.ok:
            self.say(f"Not allowed: {result.reason}", DANGER)
            return False
        lines = [self.session.explain(e)[0] for e in result.events if e.kind != "mm.status"]
        if lines:
            self.say(lines[-1])
        self.page = 0
        self._settle()
        return True

    def _settle(self) -> None:
        seat = self.session.to_play()
        if seat is not None and seat != GM and seat != self._last_seat and self.handover_on \
                and not self.session.program_to_play() and self._last_seat not in (None, GM) \
                and len([s for s in self.session.seats if s not in self.session.ai_sides]) > 1:
            self.card = handover_card(self.texts, seat, self.colours.get(seat, ACCENT), seat[:1],
                                      self._last_seat or "")
        if seat is not None and seat != GM and not self.session.program_to_play():
            self._last_seat = seat
        if seat is None:
            self.say(self.outcome_text(), GOOD if self.state.result == "won" else DANGER)
        if not self.session.program_to_play():
            self.hurry = False

    def outcome_text(self) -> str:
        out = self.session.match.outcome()
        return f"Chapter over: {self.state.result} - {out.reason}" if out else ""

    def press(self, key: str) -> ViewAction | None:
        if key == "more":
            self.page += 1
            self._key = None
        elif key == "undo":
            self.undo()
        elif key == "redo":
            why = self.session.redo()
            self.say(f"Cannot redo: {why}" if why else "Redone.", DANGER if why else TEXT)
        elif key == "save":
            self.save()
        elif key == "load":
            self.load()
        elif key in self._commands:
            self.submit(self._commands[key])
        return None

    def undo(self) -> None:
        why = self.session.undo()
        self.card = None
        self._wait = max(self.pace, 1.0)
        self._last_seat = self.session.to_play()
        self.page = 0
        self.say(f"Cannot undo: {why}" if why else "Undone.", DANGER if why else TEXT)

    def save(self) -> Path | None:
        path = user_dirs.quick_save_path(self.save_dir, self.session.match.setup.map)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.session.save(path)
        except OSError as exc:
            self.say(f"Could not save to {path}: {exc.strerror or exc}", DANGER)
            return None
        self.say(f"Saved to {path}", GOOD)
        return path

    def load(self, path: Path | None = None) -> bool:
        path = path or user_dirs.quick_save_path(self.save_dir, self.session.match.setup.map)
        try:
            loaded = MMSession.load(path, autosave=self.session.match.autosave_path,
                                    ai_sides=sorted(self.session.ai_sides))
        except SaveError as exc:
            self.say(f"Could not load: {exc}", DANGER)
            return False
        self._use(loaded)
        self.say(f"Loaded {path}", GOOD)
        return True

    def click_table(self, pos: tuple[int, int]) -> None:
        if not self.session.human_to_play():
            return
        st = self.state
        target = self.figure_at(pos)
        if target and st.has_minion(target):
            attacks = [c for c in self.session.legal() if isinstance(c, Attack) and c.target == target]
            if attacks:
                best = max(attacks, key=lambda c: (attack_odds(self.session.system, st, c).expected_wounds  # type: ignore[union-attr]
                                                   if attack_odds(self.session.system, st, c) else 0.0))
                self.submit(best)
                return
        cell = self.cell_at(pos)
        if not cell:
            return
        if cell in self.rescue_cells() and st.turn is not None:
            self.submit(Rescue(st.turn.mouse, cell))
            return
        reach = self.reach()
        if reach is not None and cell in reach and cell != reach.start and st.turn is not None:
            self.submit(Move(st.turn.mouse, reach.path_to(cell)))
        elif reach is not None and cell != reach.start:
            self.say("That cell is out of reach this turn.", DIM)

    # ------------------------------------------------------------------ view protocol
    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout.of(size)
        t = self.layout.table
        self.board_view.resize((t.width, t.height + self.status_height))
        self._key = None

    def handle_event(self, event: pygame.event.Event) -> ViewAction | None:
        kind = event.type
        if self.card is not None:
            if kind in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION) \
                    and self.card.handle_event(event) is not None:
                self.card = None
            return None
        if kind == pygame.KEYDOWN:
            k = getattr(event, "key", 0)
            ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
            if k == pygame.K_ESCAPE:
                return Quit()
            if ctrl and k == pygame.K_z:
                return self.press("undo")
            if ctrl and k == pygame.K_y:
                return self.press("redo")
            if ctrl and k == pygame.K_s:
                return self.press("save")
            if ctrl and k == pygame.K_l:
                return self.press("load")
            if k == pygame.K_SPACE:
                self.hurry = True
                self._wait = 0.0
                return None
            if pygame.K_1 <= k <= pygame.K_9:
                self._build_buttons()
                i = k - pygame.K_1
                keys = [b.key for b in self.buttons if b.key.startswith("cmd")]
                if i < len(keys):
                    return self.press(keys[i])
                return None
            self.forward(event)
        elif kind == pygame.KEYUP:
            self.forward(event)
        elif kind == pygame.MOUSEMOTION:
            pos = tuple(int(v) for v in getattr(event, "pos", (0, 0)))[:2]
            self.cursor = (pos[0], pos[1])
            self.hover_cell = self.cell_at(self.cursor)
            self._build_buttons()
            self.hot = next((b for b in self.buttons + self.top_buttons if b.hit(self.cursor)), None)
            if self.layout.table.collidepoint(self.cursor):
                self.forward(event)
        elif kind == pygame.MOUSEBUTTONDOWN:
            pos = tuple(int(v) for v in getattr(event, "pos", (0, 0)))[:2]
            p = (pos[0], pos[1])
            self.cursor = p
            if getattr(event, "button", 1) == 1:
                self._build_buttons()
                for b in self.buttons + self.top_buttons:
                    if b.hit(p):
                        return self.press(b.key)
                if self.layout.table.collidepoint(p):
                    self._drag_from = p
            if self.layout.table.collidepoint(p):
                self.forward(event)
        elif kind == pygame.MOUSEBUTTONUP:
            pos = tuple(int(v) for v in getattr(event, "pos", (0, 0)))[:2]
            p = (pos[0], pos[1])
            start, self._drag_from = self._drag_from, None
            self.forward(event)
            if getattr(event, "button", 1) == 1 and start is not None \
                    and abs(start[0] - p[0]) + abs(start[1] - p[1]) < 6:
                self.click_table(p)
        elif kind == pygame.MOUSEWHEEL and (self.cursor is None
                                            or self.layout.table.collidepoint(self.cursor)):
            self.forward(event)
        return None

    def forward(self, event: pygame.event.Event) -> None:
        data = dict(event.dict)
        if "pos" in data:
            t = self.layout.table
            data["pos"] = (data["pos"][0] - t.x, data["pos"][1] - t.y)
        self.board_view.handle_event(pygame.event.Event(event.type, data))

    def update(self, dt: float) -> None:
        self.board_view.update(dt)
        self._message_left = max(0.0, self._message_left - dt)
        if self.card is not None:
            self.card.update(dt)
            return
        if self.session.program_to_play():
            self._wait -= dt
            if self._wait <= 0.0:
                self.program_step()

    def program_step(self) -> bool:
        """The GM (or an AI seat) gives one command now."""
        if not self.session.program_to_play():
            return False
        cmd = self.session.program_command()
        self._wait = 0.0 if self.hurry else self.pace
        return cmd is not None and self.submit(cmd)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        t = lay.table
        full = pygame.Rect(t.x, t.y, t.width, t.height + self.status_height)
        if surface.get_rect().contains(full):
            self.board_view.draw(surface.subsurface(full))
        table = surface.subsurface(t.clip(surface.get_rect()))
        self.draw_table(table)
        self._build_buttons()
        self.draw_top(surface)
        self.draw_panel(surface)
        self.draw_tray(surface)
        self.draw_actions(surface)
        self.draw_status(surface)
        if self.card is not None:
            self.card.draw(surface)

    def _poly(self, table: pygame.Surface, cell: str, rgba: tuple[int, int, int, int],
              layer: pygame.Surface, edge: RGB | None = None) -> None:
        cam = self.board_view.camera
        info = self.session.system.graph(self.state).cell(cell)
        for poly in polygons_of(info.polygon):
            pts = [cam.world_to_screen(x, y) for x, y, *_ in poly.exterior.coords]
            if len(pts) >= 3:
                pygame.draw.polygon(layer, rgba, pts)
                if edge is not None:
                    pygame.draw.lines(table, edge, True, pts, 3)

    def draw_table(self, table: pygame.Surface) -> None:
        st = self.state
        cam = self.board_view.camera
        g = self.session.system.graph(st)
        layer = pygame.Surface(table.get_size(), pygame.SRCALPHA)
        reach = self.reach()
        path: tuple[str, ...] = ()
        if reach is not None:
            for cell in reach.cells:
                if cell != reach.start:
                    self._poly(table, cell, REACH_END if cell in reach.terminal else REACH_FILL, layer)
            if self.hover_cell in reach:
                path = reach.path_to(self.hover_cell)
        for cell in self.rescue_cells():
            self._poly(table, cell, RESCUE_FILL, layer)
        table.blit(layer, (0, 0))
        if reach is not None:
            for cell in reach.cells:
                if cell == reach.start:
                    continue
                x, y = cam.world_to_screen(*g.cell(cell).centre)
                pic = self.texts.render(str(reach.cost[cell]), SMALL_PX, GOOD)
                table.blit(pic, (round(x) - pic.get_width() // 2, round(y) + FIG_R + 2))
        if len(path) > 1:
            pts = [cam.world_to_screen(*g.cell(c).centre) for c in path]
            pygame.draw.lines(table, ACCENT, False, pts, 4)
        if self.hover_cell:
            self._poly(table, self.hover_cell, (0, 0, 0, 0), layer, ACCENT)
        occ = self.session.system.occupancy(st)
        acting = st.acting
        near_targets = {c.target for c in self.session.legal() if isinstance(c, Attack)} \
            if self.session.human_to_play() else set()
        for ident, label, seat, p in self.figure_spots(st):
            x, y = (round(v) for v in cam.world_to_screen(*p))
            colour = MINION if seat == "minion" else self.colours.get(seat, (150, 150, 150))
            if ident == acting:
                pygame.draw.circle(table, ACCENT, (x, y), FIG_R + 4, 3)
            if ident in near_targets:
                pygame.draw.circle(table, (0xFF, 0x50, 0x40), (x, y), FIG_R + 4, 3)
            pygame.draw.circle(table, colour, (x, y), FIG_R)
            pygame.draw.circle(table, (0x10, 0x10, 0x10), (x, y), FIG_R, 2)
            pic = self.texts.render(label[:1], SMALL_PX, (0xFF, 0xFF, 0xFF))
            table.blit(pic, (x - pic.get_width() // 2, y - pic.get_height() // 2))
            if occ.get(self._cell_of(st, ident)) is not None and self._alone(st, ident):
                name = self.texts.render(label, SMALL_PX, TEXT)
                table.blit(name, (x - name.get_width() // 2, y - FIG_R - name.get_height()))
        for cell, n in occ.items():
            if cell not in g or g.cell(cell).tile != st.tile:
                continue
            cap_small, cap_large = g.capacity(cell, st.cfg.move_rules)
            x, y = cam.world_to_screen(*g.cell(cell).centre)
            used = f"{n.large}/{int(cap_large)}L" if n.large else f"{n.small}/{int(cap_small)}"
            pic = self.texts.render(used, SMALL_PX, ACCENT)
            box = pic.get_rect(topleft=(round(x) + FIG_R * 2, round(y) - FIG_R * 2 - 4)).inflate(6, 2)
            table.fill((0x10, 0x10, 0x14), box)
            table.blit(pic, (box.x + 3, box.y + 1))

    @staticmethod
    def _cell_of(st: MMState, ident: str) -> str:
        return st.mouse(ident).cell if st.has_mouse(ident) else st.minion(ident).cell

    def _alone(self, st: MMState, ident: str) -> bool:
        cell = self._cell_of(st, ident)
        n = self.session.system.occupancy(st).get(cell)
        return n is not None and n.mice + n.small_minions + n.large_minions == 1

    def draw_top(self, surface: pygame.Surface) -> None:
        st = self.state
        top = self.layout.top
        surface.fill(CHROME_BG, top)
        pygame.draw.line(surface, PANEL_LINE, top.bottomleft, top.bottomright)
        x = top.x + 10
        cy = top.centery
        seat = self.session.to_play()
        who = "Chapter over" if seat is None else ("GM" if seat == GM else seat)
        pic = self.texts.render(f"Round {st.round}  ·  {who}", TEXT_PX,
                                self.colours.get(seat or "", TEXT) if seat not in (None, GM) else TEXT)
        surface.blit(pic, (x, cy - pic.get_height() // 2))
        x += pic.get_width() + 14
        for i, ent in enumerate(st.order):  # the initiative track
            if st.has_mouse(ent):
                m = st.mouse(ent)
                label, colour = m.name, self.colours.get(m.player, (150, 150, 150))
                if m.captured:
                    colour = (90, 90, 90)
            else:
                label, colour = name_of(ent), MINION
            w = self.texts.width(label, SMALL_PX) + 12
            chip = pygame.Rect(x, top.y + 8, w, top.height - 16)
            pygame.draw.rect(surface, colour, chip, border_radius=4)
            if i == st.index:
                pygame.draw.rect(surface, ACCENT, chip.inflate(4, 4), 2, border_radius=5)
            text = self.texts.render(label, SMALL_PX, (0xFF, 0xFF, 0xFF))
            surface.blit(text, (chip.x + 6, chip.centery - text.get_height() // 2))
            x = chip.right + 6
        x += 8
        r = (top.height - 10) // 2  # the cheese wheel
        centre = (x + r, cy)
        for k in range(6):
            a0 = -math.pi / 2 + k * math.pi / 3
            pts = [centre] + [(centre[0] + r * math.cos(a0 + j * math.pi / 15),
                               centre[1] + r * math.sin(a0 + j * math.pi / 15)) for j in range(6)]
            pygame.draw.polygon(surface, CHEESE if k < st.wheel else (0x40, 0x40, 0x48), pts)
            pygame.draw.polygon(surface, (0x10, 0x10, 0x10), pts, 1)
        x += 2 * r + 6
        pic = self.texts.render(f"Wheel {st.wheel}/6   Page {st.page}/{st.end_page}", TEXT_PX, TEXT)
        surface.blit(pic, (x, cy - pic.get_height() // 2))
        for b in self.top_buttons:
            if b.rect.x > x + pic.get_width():
                draw_button(surface, self.texts, b, self.hot is b)

    def draw_panel(self, surface: pygame.Surface) -> None:
        st = self.state
        rect = self.layout.panel
        panel(surface, rect)
        x, y, w = rect.x + 10, rect.y + 8, rect.width - 20
        for m in st.mice:  # the party and the cards in hand
            colour = self.colours.get(m.player, TEXT)
            head = f"{m.name} ({m.player})  {m.health}/{m.life} hp  {m.cheese} cheese"
            if m.captured:
                head += "  captured"
            pygame.draw.rect(surface, colour, pygame.Rect(x, y + 3, 6, 14))
            surface.blit(self.texts.render(ellipsize(self.texts, head, w - 10, SMALL_PX), SMALL_PX,
                                           ACCENT if m.id == st.acting else TEXT), (x + 10, y))
            y += 18
            held = ", ".join(name_of(c) for c in m.equipped) or "nothing"
            pack = ", ".join(name_of(c) for c in m.pack)
            extra = ("; pack: " + pack if pack else "") + \
                    (" [" + ", ".join(m.conditions) + "]" if m.conditions else "")
            for line in wrap(self.texts, f"Cards: {held}{extra}", w - 10, SMALL_PX)[:2]:
                surface.blit(self.texts.render(line, SMALL_PX, DIM), (x + 10, y))
                y += 17
            y += 3
        if st.group_items:
            surface.blit(self.texts.render("Group: " + ", ".join(name_of(c) for c in st.group_items),
                                           SMALL_PX, DIM), (x, y))
            y += 18
        pygame.draw.line(surface, PANEL_LINE, (rect.x, y), (rect.right, y))
        y += 6
        odds, source = self.odds()
        if odds is not None:
            lines = [f"Odds ({source}): {odds.title}",
                     f"{odds.attack_dice} attack dice vs {odds.defence_dice} defence dice",
                     f"{odds.p_wound * 100:.0f}% at least one wound, "
                     f"{odds.expected_wounds:.1f} expected; {odds.p_defeat * 100:.0f}% defeats it",
                     f"{odds.expected_cheese:.1f} cheese expected from the 6s"]
            for i, text in enumerate(lines):
                for line in wrap(self.texts, text, w, SMALL_PX):
                    surface.blit(self.texts.render(line, SMALL_PX, ACCENT if i == 0 else TEXT), (x, y))
                    y += 17
            pygame.draw.line(surface, PANEL_LINE, (rect.x, y + 3), (rect.right, y + 3))
            y += 8
        surface.blit(self.texts.render("Log", TEXT_PX, ACCENT), (x, y))
        y += 22
        for entry in self.session.log():
            if y > rect.bottom - 18:
                break
            colour = self.colours.get(entry.seat, DIM if entry.seat == GM else TEXT)
            surface.blit(self.texts.render(ellipsize(self.texts, f"{entry.number}. {entry.title}", w,
                                                     SMALL_PX), SMALL_PX, colour), (x, y))
            y += 17
            for text, rules in entry.lines:
                for line in wrap(self.texts, f"{text} [{rules}]" if rules else text, w - 12, SMALL_PX):
                    if y > rect.bottom - 18:
                        break
                    surface.blit(self.texts.render(line, SMALL_PX, DIM), (x + 12, y))
                    y += 17

    def odds(self) -> tuple[AttackOdds | None, str]:
        hot = self.hot
        st = self.state
        system = self.session.system
        if hot is not None and isinstance(self._commands.get(hot.key), Attack):
            return attack_odds(system, st, self._commands[hot.key]), "hovered"
        if not self.session.human_to_play():
            return None, ""
        cmd = pending_attack(system, st, self.session.legal())
        return (attack_odds(system, st, cmd), "best on offer") if cmd else (None, "")

    def draw_tray(self, surface: pygame.Surface) -> None:
        rect = self.layout.tray
        panel(surface, rect, CHROME_BG)
        rolls = self.session.last_rolls()
        x = rect.x + 10
        size = min(40, rect.height - 34)
        if not rolls:
            surface.blit(self.texts.render("No dice rolled yet.", TEXT_PX, DIM), (x, rect.y + 8))
        for ev in rolls:
            values = dict(ev.values)
            row = str(values.get("row", "defence")) if ev.kind == "mm.attack" else "defence"
            title = (f"{name_of(ev.actor)}: {row} attack" if ev.kind == "mm.attack"
                     else f"{name_of(ev.actor)}: defence")
            surface.blit(self.texts.render(title, SMALL_PX, TEXT), (x, rect.y + 4))
            dx = x
            for face in values.get("faces", ()):
                die = pygame.Rect(dx, rect.y + 24, size, size)
                word = die_word(int(face), row)
                shift = max(0, (self.texts.width(word, SMALL_PX) - size) // 2)
                die.x += shift
                draw_die(surface, self.texts, die, int(face), row)
                dx = die.right + shift + 10
            x = max(dx, x + self.texts.width(title, SMALL_PX)) + 20
        legend_x = max(x, rect.right - 250)
        ly = rect.y + 4
        for text in MEANINGS:
            name = text.split(" ", 1)[0]
            draw_symbol(surface, name, pygame.Rect(legend_x, ly, 18, 18))
            surface.blit(self.texts.render(text, SMALL_PX, DIM), (legend_x + 22, ly))
            ly += 18

    def draw_actions(self, surface: pygame.Surface) -> None:
        rect = self.layout.actions
        panel(surface, rect, CHROME_BG)
        if not self.buttons:
            seat = self.session.to_play()
            text = "The GM plays the minions (Space: faster)." if seat == GM else \
                f"{seat} (AI) is playing." if seat is not None else self.outcome_text()
            surface.blit(self.texts.render(text, TEXT_PX, DIM), (rect.x + 12, rect.y + 12))
        n = 0
        for b in self.buttons:
            if b.key.startswith("cmd") and n < 9:
                n += 1
                b.hint = str(n)
            draw_button(surface, self.texts, b, self.hot is b, SMALL_PX)

    def draw_status(self, surface: pygame.Surface) -> None:
        rect = self.layout.status
        surface.fill((0x1A, 0x1B, 0x1F), rect)
        if self._message_left > 0 and self.message:
            text, colour = self.message, self.message_colour
        else:
            text, colour = self.hint(), DIM
        pic = self.texts.render(ellipsize(self.texts, text, rect.width - 20, TEXT_PX), TEXT_PX, colour)
        surface.blit(pic, (rect.x + 10, rect.y + (rect.height - pic.get_height()) // 2))

    def hint(self) -> str:
        st = self.state
        if st.result:
            return self.outcome_text()
        if not self.session.human_to_play():
            return "Minions are acting..." if self.session.to_play() == GM else "The AI is playing..."
        if st.pending:
            return "Settle the choice in the action bar."
        t = st.turn
        if st.phase == "captured":
            return "Captured: rescue the mouse onto a blue cell, or end the turn."
        if t is not None and self.reach() is not None:
            m = st.mouse(t.mouse)
            return (f"{m.name}: rolled {m.move} + d3 {t.d3} = {t.mp} move points. Click a green "
                    "cell to move, a red-ringed minion to attack. Ctrl+Z undo, Ctrl+S save.")
        return "Pick an action below (1-9), or End turn. Ctrl+Z undo, Ctrl+S save, Ctrl+L load."


def make_mm_view(board_path: Path, size: tuple[int, int], ai_sides: Sequence[str] = (), *,
                 players: Sequence[str] | None = None, seed: int | None = None,
                 save_dir: Path | None = None, image_loader: Callable[..., Any] | None = None,
                 pace: float = GM_PACE_S) -> MMPlayView:
    """The play screen for a Mice and Mystics map (what ``game/ui/app.py`` opens)."""
    from game.board import load_board
    from game.ui.play.mm_session import DEFAULT_PLAYERS, map_setting, new_mm_match

    board = load_board(Path(board_path), image_loader=image_loader) if image_loader else \
        load_board(Path(board_path))
    saves = save_dir if save_dir is not None else user_dirs.saves_dir()
    autosave = user_dirs.autosave_path(saves, map_setting(Path(board_path)))
    try:
        saves.mkdir(parents=True, exist_ok=True)
    except OSError:
        autosave = None  # type: ignore[assignment]
    match = new_mm_match(Path(board_path), seed, players=players or DEFAULT_PLAYERS,
                         autosave=autosave)
    session = MMSession(match, ai_sides=ai_sides)
    return MMPlayView(session, board, size, image_loader=image_loader, save_dir=saves, pace=pace)


__all__ = ["MMPlayView", "make_mm_view"]
