"""Scripted crowded states of the six views (issue 16): the same busy tables for the frame-time
benchmark (``tools/bench_parts/frames.py``) and for the readability test
(``tests/ui/test_crowded_views.py``).

Each view is made as the UI fuzz makes it (``tests/hardening/test_ui_fuzz.VIEWS``), then crowded:

- the main menu: the pointer on the Start button, its tooltip up;
- the sandbox (the tavern): every spawn on the table in one tight melee, every overlay on (sight,
  cover, ruler, blast, cone, move, push, shadow), the blast over the melee, terrain outlines and
  heights on (T), a tooltip of the side panel up;
- One for All (the tavern): some turns played by the AI (a roll in the tray), then every figure
  in one melee (musketeers in base contact with the Cardinal's men), a figure of the side to play
  selected with a move dragged across the melee;
- Helldorado (the ruins): every unit in one melee, some commands played (a roll in the tray);
  two moments: "sight" (a shooter beside the melee: its sight lines, range rings and the label of
  every enemy) and "blast" (an explosion being laid over the melee);
- Mice and Mystics (the chapter): the four mice in one cell, the minions brought onto the same tile
  around it, an attack rolled (its dice in the tray), the reachable cells of the mouse in turn and
  the path to the farthest of them;
- Relic (four players): turns played by the AI up to a battle's rolls, every hero on one space;
  two moments: "battle" (the battle's dice in the tray) and "move" (the next move rolled, the
  spaces it may reach lit).

The play screens show a tooltip of their action bar (else of the top bar): only the widgets are
told where the pointer is, so that the table keeps the overlays the script set up. Every table is
fitted to its window (``BoardView.following_fit``). ``Crowded.bases()`` gives the figures' bases
on the screen as the game state has them (for the test: no label may cover one); for Mice and
Mystics and Relic it follows where their paint code puts the pieces.

The match is put in a crowded position directly (``match.state``: a position the rules would take
many turns to reach) and the overlays the pointer would set up are set up through the views'
attributes (a Helldorado template in hand, a hovered cell); what could not be set up is listed in
``Crowded.missing`` (the test fails on it), and a script that no longer fits a view fails loudly.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pygame
from shapely.geometry import Point
from shapely.ops import unary_union

from tests.hardening.test_ui_fuzz import VIEWS, _headless

#: the three window sizes of the readability test (issue 16, "Done when")
SIZES: tuple[tuple[int, int], ...] = ((1024, 640), (1280, 800), (1920, 1080))
#: the window size of the frame-time benchmark
BENCH_SIZE = (1280, 800)
VIEW_NAMES: tuple[str, ...] = tuple(VIEWS)
#: a tooltip shows after the pointer rests this long on a button (the theme's delay is 0.6 s)
TOOLTIP_WAIT_S = 1.0
SEED = 1


def ev(kind: int, **data: Any) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


@dataclass
class Crowded:
    """A view in a crowded scripted state, and how to read its table."""

    name: str
    view: Any
    size: tuple[int, int]
    #: the moments of the view (overlays that cannot show at once), each set up by its function
    moments: dict[str, Callable[[], None]] = field(default_factory=dict)
    #: what the scripted state shows, in words (the benchmark prints it)
    shows: list[str] = field(default_factory=list)
    #: what could not be set up (a view changed under the script)
    missing: list[str] = field(default_factory=list)
    #: where the pointer rests (on a button with a tooltip), screen pixels
    pointer: tuple[int, int] | None = None
    #: (x, y, radius) of every figure's base on the screen, in table pixels before the offset
    _bases: Callable[[], list[tuple[float, float, float]]] = lambda: []

    # ------------------------------------------------------------------ reading
    @property
    def board_view(self) -> Any | None:
        """The view's ``BoardView`` (the table under its camera), None for the menu."""
        view = self.view
        return getattr(view, "board_view", None) or getattr(view, "table", None)

    def table_rect(self) -> pygame.Rect | None:
        """Where the table (the board view's viewport) is on the screen."""
        bv = self.board_view
        if bv is None:
            return None
        layout = getattr(self.view, "layout", None)
        left, top = (layout.table.x, layout.table.y) if layout is not None else (0, 0)
        vw, vh = bv.viewport
        return pygame.Rect(left, top, vw, vh)

    def bases(self) -> list[tuple[float, float, float]]:
        """Every figure's base on the screen: (centre x, centre y, radius) in screen pixels."""
        rect = self.table_rect()
        if rect is None:
            return []
        return [(x + rect.x, y + rect.y, r) for x, y, r in self._bases()]

    # ------------------------------------------------------------------ driving
    def resize(self, size: tuple[int, int]) -> None:
        """A new window size, delivered as ``game/ui/app.py`` delivers it."""
        self.size = size
        self.view.handle_event(ev(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        self.view.resize(size)

    def frame(self, surface: pygame.Surface, dt: float = 1 / 60) -> None:
        self.view.update(dt)
        self.view.draw(surface)

    def settle(self, surface: pygame.Surface) -> None:
        """A frame (the bars are built for the window), then the pointer on its button and time
        for the tooltip to show."""
        self.frame(surface, 0.0)
        self.point_at_tooltip()
        waited = 0.0
        while waited < TOOLTIP_WAIT_S:
            self.frame(surface, 0.25)
            waited += 0.25

    def point_at_tooltip(self) -> None:
        """The pointer onto the button chosen for its tooltip (found again after a resize). Only
        the widgets are told: the table keeps what the pointer set up there (a drag, a hovered
        cell), so that the tooltip and the table's overlays show at once."""
        button = _tooltip_button(self)
        gui = _gui(self.view)
        if button is None or gui is None:
            self.pointer = None
            return
        self.pointer = (button.rect.centerx, button.rect.centery)
        gui.process(ev(pygame.MOUSEMOTION, pos=self.pointer, rel=(0, 0), buttons=(0, 0, 0)))


def _gui(view: Any) -> Any | None:
    return getattr(view, "bars_gui", None) or getattr(view, "gui", None)


def _tooltip_button(c: Crowded) -> Any | None:
    """The button whose tooltip the crowded state shows: the menu's Start, the sandbox's first
    overlay switch, else the first action of the action bar (the top bar's first button when the
    bar has none)."""
    from pygame_gui.elements import UIButton

    gui = _gui(c.view)
    if gui is None:
        return None
    buttons = [e for e in gui.elements() if isinstance(e, UIButton) and e.visible
               and getattr(e, "tool_tip_text", None)]
    if not buttons:
        return None
    if c.name == "menu":
        start = getattr(c.view, "buttons", {}).get("start")
        return start if start is not None else buttons[0]
    if c.name == "sandbox":
        toggles = list(getattr(c.view.side, "toggles", {}).values())
        return toggles[0] if toggles else buttons[0]
    layout = getattr(c.view, "layout", None)
    if layout is not None:
        for area in (layout.actions, layout.top):
            inside = [b for b in buttons if area.contains(b.rect)]
            if inside:
                return min(inside, key=lambda b: (b.rect.y, b.rect.x))
    return buttons[0]


# ---------------------------------------------------------------------- where to crowd
def open_spot(board: Any, margin: float = 0.2) -> tuple[float, float]:
    """The point of the table's middle part (``margin`` of each side left out) farthest from any
    terrain that blocks (mm): a melee there is in the open."""
    pieces = [p.footprint for p in board.terrain if not p.flat]
    blocked = unary_union(pieces) if pieces else None
    w, h = board.width_mm, board.height_mm
    best, best_d = (w / 2, h / 2), -1.0
    steps = 24
    for i in range(steps + 1):
        for j in range(steps + 1):
            x = w * (margin + (1 - 2 * margin) * i / steps)
            y = h * (margin + (1 - 2 * margin) * j / steps)
            d = blocked.distance(Point(x, y)) if blocked is not None else 0.0
            d -= 1e-3 * math.hypot(x - w / 2, y - h / 2)  # the middle wins a tie
            if d > best_d:
                best, best_d = (x, y), d
    return best


def melee_rows(a: list[float], b: list[float], centre: tuple[float, float],
               gap: float = 0.0) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Two rows of bases in a melee: side A's bases (radii ``a``) on a row, side B's (radii
    ``b``) on the row below, each one in base contact with the one above it; neighbours in a
    row ``gap`` apart. Returns the centres of A's and of B's."""
    cx, cy = centre
    widest = max([*a, *b, 0.0])
    pitch = 2 * widest + gap
    n = max(len(a), len(b))
    xs = [cx + (i - (n - 1) / 2) * pitch for i in range(n)]
    ra, rb = max(a, default=0.0), max(b, default=0.0)
    top = [(xs[i], cy - ra) for i in range(len(a))]
    bottom = [(xs[i], cy + rb) for i in range(len(b))]
    return top, bottom


# ---------------------------------------------------------------------- the views
def _play(view: Any, steps: int, done: Callable[[], bool] = lambda: False) -> int:
    """The AI plays up to ``steps`` commands for whoever is to play (through the view, as its
    own AI seats would), stopping early once ``done()``; the number played."""
    played = 0
    for _ in range(steps):
        if done():
            break
        command = view.session.ai_command()
        if command is None:
            break
        view.submit(command)
        skip = getattr(view, "_skip_animation", None)
        if callable(skip):
            skip()
        view.card, view.card_kind = None, ""
        played += 1
    return played


def _set_state(view: Any, state: Any) -> None:
    """Put the match in ``state`` (a position the rules would take many turns to reach)."""
    session = view.session
    session.match.state = state
    session.revision += 1
    if hasattr(view, "shown"):
        view.shown = state
    view.after_change()


def _rolled_lately(view: Any, within: int = 3) -> bool:
    return any(s.rolled for s in view.session.match.steps[-within:])


def _menu(c: Crowded) -> None:
    c.shows.append("the Start button's tooltip")


def _sandbox(c: Crowded) -> None:
    from game.ui.sandbox.scene import OVERLAYS

    view = c.view
    scene = view.scene
    figures = list(scene.figures)
    sides = list(dict.fromkeys(f.side for f in figures))
    a = [f for f in figures if f.side == sides[0]]
    b = [f for f in figures if f not in a]
    centre = open_spot(view.board)
    top, bottom = melee_rows([f.radius for f in a], [f.radius for f in b], centre, gap=2.0)
    for fig, (x, y) in [*zip(a, top, strict=False), *zip(b, bottom, strict=False)]:
        view.place(fig, x, y)
    scene = view.scene
    me = next(f for f in scene.figures if f.id == a[0].id)
    them = next(f for f in scene.figures if f.id == b[-1].id)
    # the shooter stands back from the melee; the target is at its far end
    view.place(me, centre[0] - 160.0, centre[1] - 120.0)
    scene = view.scene
    me = scene.figure(me.id)
    assert me is not None
    aim = math.degrees(math.atan2(centre[1] - me.y, centre[0] - me.x))
    view.set_scene(replace(
        scene, overlays=OVERLAYS, selected=me.id, target=them.id,
        blast=(centre[0], centre[1], 3 * 25.4), cone_angle=aim, move_angle=aim,
        move_length=400.0, push_source=(them.x + 30.0, them.y + 30.0), shadow_eye=None))
    view.table.show_terrain = True
    c.shows += [f"{len(figures)} figures in one melee", "every overlay: " + ", ".join(OVERLAYS),
                "the blast over the melee", "terrain outlines and heights (T)",
                "an overlay switch's tooltip"]
    c._bases = lambda: _sandbox_bases(view)


def _sandbox_bases(view: Any) -> list[tuple[float, float, float]]:
    cam = view.table.camera
    return [(*cam.world_to_screen(f.x, f.y), f.radius * cam.zoom) for f in view.scene.figures]


def _one_for_all(c: Crowded) -> None:
    view = c.view
    played = _play(view, 40, lambda: len(view.session.match.steps) >= 6 and _rolled_lately(view)
                   and view.human_to_play() and view.state.pending is None)
    st = view.state
    c.shows.append(f"{played} commands played by the AI"
                   + (" (the last ones rolled dice)" if _rolled_lately(view) else ""))
    sides = list(dict.fromkeys(f.side for f in st.figures))
    mover_side = view.session.to_play() or st.initiative
    a = [f for f in st.figures if f.side == mover_side and f.conscious]
    b = [f for f in st.figures if f.side != mover_side and f.conscious]
    centre = open_spot(view.board)
    top, bottom = melee_rows([f.radius for f in a], [f.radius for f in b], centre, gap=3.0)
    for fig, (x, y) in [*zip(a, top, strict=False), *zip(b, bottom, strict=False)]:
        st = st.with_figure(fig.at(x, y))
    _set_state(view, st)
    c.shows.append(f"{len(a) + len(b)} figures of {len(sides)} sides in one melee")
    c._bases = lambda: _ofa_bases(view)

    def dragged() -> None:
        """A figure of the side to play pressed and dragged across the melee (its move preview,
        the point of contact and what it touches show)."""
        view.drag = view.preview = None
        mover = next((f for f in a if view.state.figure(f.id).conscious), None)
        if mover is None or not view.human_to_play():
            c.missing.append("a move being dragged (no figure of a person's side)")
            return
        fig = view.state.figure(mover.id)
        start = view.screen_point((fig.x, fig.y))
        end = view.screen_point((centre[0] + 60.0, centre[1] + 40.0))
        view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        for t in (0.5, 1.0):
            at = (round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t))
            view.handle_event(ev(pygame.MOUSEMOTION, pos=at, rel=(1, 1), buttons=(1, 0, 0)))
        if getattr(view, "preview", None) is None:
            c.missing.append("a move being dragged (no preview came)")

    c.moments["drag"] = dragged
    c.shows.append("a move dragged across the melee")


def _ofa_bases(view: Any) -> list[tuple[float, float, float]]:
    cam = view.board_view.camera
    return [(*cam.world_to_screen(f.x, f.y), max(3, round(f.radius * cam.zoom)))
            for f in view.shown.figures if f.conscious]


def _helldorado(c: Crowded) -> None:
    from game.ui.play.hd.session import Tool

    view = c.view
    st = view.state
    k = st.cfg.fathom_mm
    a = [u for u in st.units if u.side == st.sides[0] and u.alive]
    b = [u for u in st.units if u.side == st.sides[1] and u.alive]
    cx, cy = open_spot(view.board)
    top, bottom = melee_rows([u.radius for u in a], [u.radius for u in b], (cx / k, cy / k),
                             gap=0.3)
    for u, (x, y) in [*zip(a, top, strict=False), *zip(b, bottom, strict=False)]:
        st = st.with_unit(u.at(x, y, view.session.system.table_of(st).standing_level(x, y)))
    _set_state(view, st)
    played = _play(view, 30, lambda: len(view.session.match.steps) >= 2 and _rolled_lately(view)
                   and view.human_to_play() and view.state.pending is None
                   and view.state.exchange is None)
    c.shows += [f"{len(a) + len(b)} units in one melee",
                f"{played} commands played by the AI"
                + (" (the last ones rolled dice)" if _rolled_lately(view) else "")]
    c._bases = lambda: _hd_bases(view)
    centre = (cx / k, cy / k)

    def sight() -> None:
        """A shooter of the side to play two fathoms off the melee: the lines to every enemy,
        their labels and the range rings."""
        view.tool = None
        st = view.state
        side = view.session.to_play() or st.turn
        mine = [u for u in st.alive(side) if u.weapons_of("ranged", "explosion")] or st.alive(side)
        if not mine:
            c.missing.append("sight lines (no unit of the side to play)")
            return
        shooter = mine[0]
        x, y = centre[0] - 6.0, centre[1] - 5.0
        _set_state(view, st.with_unit(shooter.at(x, y, view.session.system.table_of(st)
                                                 .standing_level(x, y))))
        view.selected = shooter.id
        view.hover = ""
        if view.sight() is None:
            c.missing.append("sight lines (the view shows none)")

    def blast() -> None:
        """An explosion being laid over the melee (else a cone template across it)."""
        st = view.state
        side = view.session.to_play() or st.turn
        ready = [u for u in st.alive(side) if view.session.can_act(u.id)]
        pick = next(((u, w) for u in ready for w in u.weapons_of("explosion")), None)
        kind = "explosion"
        if pick is None:
            pick = next(((u, w) for u in ready for w in u.weapons_of("cloud", "impact")), None)
            kind = "template"
        if pick is None:
            c.missing.append("a blast over the melee (no unit of the side to play has one)")
            return
        unit, weapon = pick
        view.tool = Tool(kind, unit.id, weapon.id)
        view.tool_point = centre
        view.tool_angle = math.degrees(math.atan2(centre[1] - unit.y, centre[0] - unit.x)) % 360
        if view.template() is None:
            c.missing.append("a blast over the melee (the view shows none)")

    c.moments["sight"] = sight
    c.moments["blast"] = blast
    c.shows += ["moment 'sight': a shooter's lines to every enemy",
                "moment 'blast': an explosion laid over the melee"]


def _hd_bases(view: Any) -> list[tuple[float, float, float]]:
    cam = view.board_view.camera
    k = view.state.cfg.fathom_mm
    from game.ui.play.hd.table import base_radius  # as the table draws them

    return [(*cam.world_to_screen(u.x * k, u.y * k), base_radius(u, k * cam.zoom))
            for u in view.state.units if u.alive]


def _mice_and_mystics(c: Crowded) -> None:
    view = c.view
    st = view.state
    graph = view.session.system.graph(st)
    mice_cells = [m.cell for m in st.mice if m.active]
    home = max(set(mice_cells), key=mice_cells.count) if mice_cells else ""
    together = mice_cells.count(home)
    # the minions come onto the party's tile, in the cells around the mice
    near = _cells_around(graph, home, st.tile)
    minions = list(st.minions)
    for i, m in enumerate(minions):
        if not near:
            break
        st = st.with_minion(replace(m, cell=near[i % len(near)], tile=st.tile))
    _set_state(view, st)
    c.shows += [f"{together} mice in one cell",
                f"{min(len(minions), len(near))} minions in the cells around them"]
    attack = next((cmd for cmd in view.session.legal() if type(cmd).__name__ == "Attack"), None)
    if attack is not None and view.submit(attack):
        c.shows.append("an attack rolled (its dice in the tray)")
    else:
        c.missing.append("an attack's dice in the tray (no attack on offer)")
    reach = view.reach()
    if reach is None:
        c.missing.append("the reachable cells (no mouse of a person to move)")
    else:
        c.shows.append(f"{len(reach.cells)} reachable cells")
    c._bases = lambda: _mm_bases(view)

    def path() -> None:
        reach = view.reach()
        far = [cell for cell in (reach.cells if reach is not None else ()) if cell != reach.start]
        if not far:
            c.missing.append("the path to a cell (none reachable)")
            return
        view.hover_cell = far[-1]

    c.moments["path"] = path
    c.shows.append("the path to the farthest reachable cell")


def _cells_around(graph: Any, home: str, tile: str) -> list[str]:
    """The cells of ``tile`` nearest to ``home`` (``home`` itself left out)."""
    if not home or home not in graph:
        return []
    hx, hy = graph.cell(home).centre
    cells = [cid for cid in graph.cells_on_tile(tile) if cid != home]
    return sorted(cells, key=lambda cid: math.hypot(graph.cell(cid).centre[0] - hx,
                                                    graph.cell(cid).centre[1] - hy))[:4]


def _mm_bases(view: Any) -> list[tuple[float, float, float]]:
    from game.ui.play.mm.paint import FIG_R

    cam = view.board_view.camera
    return [(*cam.world_to_screen(*p), float(FIG_R)) for _i, _l, _s, p in view.figure_spots(view.state)]


def _relic(c: Crowded) -> None:
    view = c.view

    def last_events() -> set[str]:
        steps = view.session.match.steps
        return {e.kind for e in steps[-1].events} if steps else set()

    def crowd_heroes() -> None:
        st = view.state
        active = next((h for h in st.heroes if h.player == st.active_player), st.heroes[0])
        for h in st.heroes:
            st = st.with_hero(replace(h, space=active.space))
        _set_state(view, st)

    played = _play(view, 200, lambda: "rel.player_roll" in last_events() and view.human_to_play())
    c.shows.append(f"{played} commands played by the AI")
    c._bases = lambda: _relic_bases(view)
    n = len(view.state.heroes)

    def battle() -> None:
        """A battle's dice in the tray (both rolls, explosions), every hero on one space."""
        if not view.battle_events:
            c.missing.append("a battle in the tray (none within the commands played)")
        crowd_heroes()

    def move() -> None:
        """The next move rolled: the spaces it may reach lit, every hero on one space."""
        _play(view, 40, lambda: bool(view.targets()))
        crowd_heroes()
        if not view.targets():
            c.missing.append("the spaces a move may reach (none on offer)")

    c.moments["battle"] = battle
    c.moments["move"] = move
    c.shows += [f"{n} heroes on one space", "moment 'battle': a battle's dice in the tray",
                "moment 'move': the spaces the next move may reach lit"]


def _relic_bases(view: Any) -> list[tuple[float, float, float]]:
    """The heroes' pieces as ``relic/paint.py`` places them: side by side on their space."""
    from game.ui.play.relic.table import piece_radius

    cam = view.board_view.camera
    cells = {cell.id: cell for cell in view.board.cells}
    rad = piece_radius(cam.zoom)
    by_space: dict[str, list[str]] = {}
    for hero in view.state.heroes:
        by_space.setdefault(hero.space, []).append(hero.player)
    out = []
    for cid, players in by_space.items():
        cell = cells.get(cid)
        if cell is None:
            continue
        p = cell.polygon.representative_point()
        cx, cy = cam.world_to_screen(p.x, p.y)
        for i in range(len(players)):
            out.append((round(cx - (len(players) - 1) * rad + i * 2 * rad), round(cy + rad * 0.8),
                        float(rad)))
    return out


SCRIPTS: dict[str, Callable[[Crowded], None]] = {
    "menu": _menu, "sandbox": _sandbox, "one_for_all": _one_for_all,
    "helldorado": _helldorado, "mice_and_mystics": _mice_and_mystics, "relic": _relic,
}


def crowd(name: str, tmp: Path, size: tuple[int, int] = BENCH_SIZE) -> Crowded:
    """The view ``name`` (made as the UI fuzz makes it) in its crowded state at ``size``, its
    first moment set up (needs the display of ``headless``)."""
    view = VIEWS[name](tmp, SEED)
    if hasattr(view, "handover_on"):
        view.handover_on = False  # a card over the table would hide what is crowded on it
    c = Crowded(name, view, size)
    view.resize(size)
    SCRIPTS[name](c)
    if hasattr(view, "card"):
        view.card, view.card_kind = None, ""
    first = next(iter(c.moments.values()), None)
    if first is not None:
        first()
    return c


@contextmanager
def headless(tmp: Path) -> Iterator[None]:
    """The UI fuzz's hidden display, with the user's folders pointed into ``tmp``."""
    with _headless(tmp):
        yield
