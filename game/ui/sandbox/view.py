"""The sandbox view: a map with figures to place, drag and question, live overlays, a side panel.

The table, camera, pan and zoom are the board view's (reused, not copied); the sandbox adds the
figures of a ``Scene``, the overlays of an ``Analysis`` and the panel. Every change makes a new
scene; the analysis is recomputed when the scene changes (while dragging too).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from game.board.model import Board
from game.geometry.terrain import TerrainIndex
from game.i18n import _, language
from game.ui import table_cache
from game.ui.board_view import BoardView
from game.ui.camera import Camera, Rect
from game.ui.colours import BACKGROUND, side_colours
from game.ui.figures import side_letters
from game.ui.fonts import Fonts
from game.ui.gui import Gui
from game.ui.labels import LabelPlacer
from game.ui.sandbox.analysis import Analysis, analyse
from game.ui.sandbox.names import SIDES, ShownNames, shown_names
from game.ui.sandbox.overlays import draw_figures, draw_marks, draw_overlays
from game.ui.sandbox.panel import PANEL_WIDTH, panel_html, panel_lines
from game.ui.sandbox.scene import FATHOM_MM, OVERLAYS, Scene, SceneFigure, save_scene
from game.ui.sandbox.side import SidePanel
from game.ui.sandbox.weapons import next_weapon
from game.ui.view import Pop, ViewAction

OVERLAY_KEYS = {getattr(pygame, f"K_{k}"): name for k, name in enumerate(OVERLAYS, start=1)}


class SandboxView:
    def __init__(self, board: Board, scene: Scene, size: tuple[int, int], *,
                 image_loader: Callable[..., Any] | None = None,
                 scene_path: Path | None = None) -> None:
        self.board = board
        self.index = TerrainIndex.from_board(board)
        self.scene_path = scene_path
        self._fonts = Fonts()
        self.size = (max(PANEL_WIDTH + 100, size[0]), max(100, size[1]))
        self.table = BoardView(board, self._table_size(), figures=(), image_loader=image_loader)
        self.table.name_terrain_on_hover = True
        #: the map's words (and the terrain heights) are placed with the figures' names each
        #: frame, clear of every base, rather than drawn into the table's picture under them
        self.table.bake_map_labels = False
        self.scene = scene
        if scene.focus is not None:
            left, top, right, bottom = scene.focus
            if right > left and bottom > top:
                self.table.fit_to(Rect(left, top, right, bottom))
        self._analysed: tuple[Scene, Analysis] | None = None
        self.cursor: tuple[int, int] | None = None
        self._drag: str | None = None
        #: "blast" while the blast template is dragged; "cone"/"move" while they follow the pointer
        self._aiming: str | None = None
        self._grab = (0.0, 0.0)  #: blast centre minus the pointer, while dragging it
        self.message = ""
        self.show_keys = False  #: the key list under the readouts (the panel's Keys button)
        self._names: tuple[Scene, str, ShownNames] | None = None
        #: the table's last picture (the overlays drawn over the board) and what it shows
        self._frame: pygame.Surface | None = None
        self._frame_shown: tuple[Any, ...] | None = None
        #: the window was resized since the last frame (in the window: the panel follows later)
        self._resized = False
        #: what the last scaled picture was drawn for (while the zoom keeps changing)
        self._scaled_for: tuple[Any, ...] | None = None
        self.gui = Gui(self.size)
        self.side = SidePanel(self.gui)
        self._sync_panel()

    # ------------------------------------------------------------------ state
    def _table_size(self) -> tuple[int, int]:
        return (self.size[0] - PANEL_WIDTH, self.size[1])

    @property
    def analysis(self) -> Analysis:
        if self._analysed is None or self._analysed[0] is not self.scene:
            self._analysed = (self.scene, analyse(self.scene, self.index))
        return self._analysed[1]

    def world(self, pos: tuple[int, int]) -> tuple[float, float]:
        return self.table.camera.screen_to_world(*pos)

    def figure_at(self, pos: tuple[int, int]) -> SceneFigure | None:
        x, y = self.world(pos)
        near = [f for f in self.scene.figures if math.hypot(f.x - x, f.y - y) <= f.radius]
        return max(near, key=lambda f: f.z, default=None)

    @property
    def names(self) -> ShownNames:
        """The figures', sides' and pieces' names in the current language."""
        if self._names is None or self._names[0] is not self.scene or self._names[1] != language():
            self._names = (self.scene, language(), shown_names(self.board, self.scene))
        return self._names[2]

    def panel_rect(self) -> pygame.Rect:
        return pygame.Rect(self._table_size()[0], 0, PANEL_WIDTH, self.size[1])

    def _sync_panel(self) -> bool:
        """The side panel's widgets follow the scene (built again for a new size or language);
        True when something changed."""
        rect = self.panel_rect()
        built = self.side.needs_build(rect)
        if built:
            self.gui.resize(self.size)
            self.side.build(rect)
        elif self.side.needs_place(rect):  # a resized window: the same widgets, moved
            self.gui.resize(self.size)
            self.side.place(rect)
            built = True
        html_text = panel_html(panel_lines(self.scene, self.analysis, self.names), self.message,
                               self.show_keys)
        return self.side.show(self.scene, html_text) or built

    def _apply_panel(self) -> ViewAction | None:
        """What was pressed in the side panel, done."""
        action: ViewAction | None = None
        for pressed in self.side.take():
            s = self.scene
            if pressed.what in OVERLAY_KEYS.values():
                self.scene = s.toggled(pressed.what)
            elif pressed.what == "radius" and s.blast is not None:
                self.scene = replace(s, blast=(s.blast[0], s.blast[1], pressed.value))
            elif pressed.what == "weapon":
                w = next_weapon(s.weapon_range, s.weapon)
                self.scene = replace(s, weapon_range=w.range_mm, weapon=w.name)
            elif pressed.what == "save":
                self.save()
            elif pressed.what == "load":
                self.load()
            elif pressed.what == "keys":
                self.show_keys = not self.show_keys
            elif pressed.what == "back":
                action = Pop()
        return action

    # ------------------------------------------------------------------ edits
    def set_scene(self, scene: Scene) -> None:
        self.scene = scene

    def place(self, fig: SceneFigure, x: float, y: float, raise_up: bool = True) -> None:
        z = self.index.standing_level(x, y) if raise_up else fig.z
        self.scene = self.scene.with_figure(replace(fig, x=x, y=y, z=z))

    def add_figure(self, x: float, y: float) -> SceneFigure:
        fid = self.scene.next_id()
        sides = [f.side for f in self.scene.figures]
        side = SIDES[len(set(sides)) % len(SIDES)] if not sides else sides[-1]
        fig = SceneFigure(fid, fid.upper(), side, x, y, 12.5, 40.0, self.index.standing_level(x, y))
        self.scene = replace(self.scene.with_figure(fig), selected=fid)
        return fig

    def _edit_selected(self, **changes: Any) -> None:
        fig = self.scene.figure(self.scene.selected)
        if fig is not None:
            self.scene = self.scene.with_figure(replace(fig, **changes))

    def _aim(self, pos: tuple[int, int]) -> float | None:
        me = self.scene.figure(self.scene.selected)
        if me is None:
            return None
        x, y = self.world(pos)
        if math.hypot(x - me.x, y - me.y) < 1e-6:
            return None
        return math.degrees(math.atan2(y - me.y, x - me.x))

    def _on_blast(self, pos: tuple[int, int]) -> bool:
        b = self.scene.blast
        if b is None or not self.scene.shows("blast"):
            return False
        x, y = self.world(pos)
        return math.hypot(x - b[0], y - b[1]) <= b[2]

    def _follow(self, pos: tuple[int, int]) -> None:
        """The dragged blast or the aimed cone/move follows the pointer."""
        s = self.scene
        at = self.world(pos)
        if self._aiming == "blast" and s.blast is not None:
            gx, gy = self._grab
            self.scene = replace(s, blast=(at[0] + gx, at[1] + gy, s.blast[2]))
            return
        angle = self._aim(pos)
        me = s.figure(s.selected)
        if angle is None or me is None:
            return
        if self._aiming == "cone":
            self.scene = replace(s, cone_angle=angle)
        elif self._aiming == "move":
            length = max(1.0, math.hypot(at[0] - me.x, at[1] - me.y))
            self.scene = replace(s, move_angle=angle, move_length=length)

    def save(self, path: Path | None = None) -> Path | None:
        target = path or self.scene_path
        if target is None:
            from game.ui.play import user_dirs

            target = user_dirs.saves_dir() / "sandbox.json"
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            save_scene(self.scene, target)
        except OSError:
            self.message = _("The scene could not be saved to {path}.").format(path=target)
            return None
        self.scene_path = target
        self.message = _("Saved to {path}").format(path=target)
        return target

    def load(self, path: Path | None = None) -> bool:
        from game.ui.sandbox.scene import SceneError, load_scene

        target = path or self.scene_path
        if target is None:
            self.message = _("No scene saved yet.")
            return False
        try:
            scene = load_scene(target)
        except SceneError:
            self.message = _("The scene {path} could not be loaded.").format(path=target)
            return False
        self.scene = replace(scene, map=self.scene.map)
        self.message = _("Loaded {path}").format(path=target)
        return True

    # ------------------------------------------------------------------ view protocol
    def resize(self, size: tuple[int, int]) -> None:
        self.size = (max(PANEL_WIDTH + 100, size[0]), max(100, size[1]))
        self.table.resize(self._table_size())
        if table_cache.QUICK_WHILE_ZOOMING:
            # in the window the panel follows on the first frame drawn without a resize before
            # it: a resize storm does not lay its widgets out again on every frame
            self._resized = True
            return
        self._sync_panel()

    def handle_event(self, event: pygame.event.Event) -> ViewAction | None:
        if self.side.renaming:
            return self._renaming(event)
        used = self.gui.process(event)
        done = self._apply_panel()
        if done is not None:
            return done
        kind = event.type
        if kind == pygame.KEYDOWN:
            self.message = ""
            return self._key(event)
        if used and kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            return None  # a widget of the side panel took it
        if kind == pygame.MOUSEWHEEL and self.cursor is not None \
                and self.cursor[0] >= self._table_size()[0]:
            return None  # the wheel over the panel is not a zoom of the table
        return self._table_event(event)

    def _renaming(self, event: pygame.event.Event) -> ViewAction | None:
        """While a figure's name is typed, the keys are the name field's: Enter (or a click
        outside it) keeps the name, Esc leaves it as it was."""
        kind = event.type
        if kind == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._finish_rename(keep=True)
            return None
        if kind == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._finish_rename(keep=False)
            return None
        used = self.gui.process(event)
        if kind == pygame.MOUSEBUTTONDOWN and not used:
            self._finish_rename(keep=True)
            return self.handle_event(event)
        return None

    def rename_selected(self) -> bool:
        """F2: a name field for the selected figure (False when none is selected)."""
        me = self.scene.figure(self.scene.selected)
        if me is None:
            self.message = _("Select a figure first (click it or press Tab).")
            return False
        self.side.begin_rename(self.names.figures.get(me.id, me.name))
        return True

    def _finish_rename(self, *, keep: bool) -> None:
        name = self.side.rename_text()
        self.side.end_rename()
        me = self.scene.figure(self.scene.selected)
        if not keep or not name or me is None:
            return
        old = self.names.figures.get(me.id, me.name)
        if name != old:
            # the name in the language it was typed in: a Russian screen keeps the English one
            self._edit_selected(**({"name": name} if language() == "en" else {"name_ru": name}))
            self.message = _("Renamed {old} to {new}.").format(old=old, new=name)

    def _table_event(self, event: pygame.event.Event) -> ViewAction | None:  # noqa: C901
        kind = event.type
        if kind == pygame.MOUSEBUTTONDOWN and self._aiming in ("cone", "move"):
            self._aiming = None  # a click sets the aim
            return None
        if kind == pygame.MOUSEBUTTONDOWN and event.pos[0] < self._table_size()[0]:
            fig = self.figure_at(event.pos)
            if event.button == 1 and fig is None and self._on_blast(event.pos):
                self._aiming = "blast"
                x, y = self.world(event.pos)
                b = self.scene.blast
                self._grab = (b[0] - x, b[1] - y) if b is not None else (0.0, 0.0)
                return None
            if event.button == 1 and fig is not None:
                self.scene = replace(self.scene, selected=fig.id,
                                     target=None if self.scene.target == fig.id else self.scene.target)
                self._drag = fig.id
                return None
            if event.button == 3 and fig is not None:
                self.scene = replace(self.scene, target=fig.id)
                return None
        elif kind == pygame.MOUSEBUTTONUP and event.button == 1 and (
                self._drag is not None or self._aiming == "blast"):
            self._drag = None
            self._aiming = None
            return None
        elif kind == pygame.MOUSEMOTION:
            self.cursor = event.pos
            if self._aiming is not None:
                self._follow(event.pos)
                return None
            if self._drag is not None:
                fig = self.scene.figure(self._drag)
                if fig is not None and event.buttons[0]:
                    self.place(fig, *self.world(event.pos))
                    return None
                self._drag = None
            else:
                hover = self.figure_at(event.pos)
                if hover is not None and hover.id != self.scene.selected \
                        and hover.id != self.scene.target:
                    self.scene = replace(self.scene, target=hover.id)
        if kind == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Pop()
        self.table.handle_event(event)
        return None

    def _key(self, event: pygame.event.Event) -> ViewAction | None:  # noqa: C901
        key = event.key
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        where = self.cursor
        at = self.world(where) if where is not None else None
        s = self.scene
        me = s.figure(s.selected)
        if key == pygame.K_ESCAPE:
            return Pop()
        if key == pygame.K_F2:
            self.rename_selected()
        elif ctrl and key == pygame.K_s:
            self.save()
        elif ctrl and key == pygame.K_o:
            self.load()
        elif key in OVERLAY_KEYS:
            self.scene = s.toggled(OVERLAY_KEYS[key])
        elif key == pygame.K_n and at is not None:
            self.add_figure(*at)
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE) and me is not None:
            self.scene = s.without_figure(me.id)
        elif key == pygame.K_LEFTBRACKET and me is not None:
            self._edit_selected(radius=max(5.0, me.radius - 2.5))
        elif key == pygame.K_RIGHTBRACKET and me is not None:
            self._edit_selected(radius=min(100.0, me.radius + 2.5))
        elif key == pygame.K_PAGEUP and me is not None:
            self._edit_selected(height=min(400.0, me.height + 5.0))
        elif key == pygame.K_PAGEDOWN and me is not None:
            self._edit_selected(height=max(5.0, me.height - 5.0))
        elif key == pygame.K_u and me is not None:
            level = self.index.standing_level(me.x, me.y)
            self._edit_selected(z=0.0 if me.z > 0 else level)
        elif key == pygame.K_s and me is not None:
            sides = list(dict.fromkeys([*(f.side for f in s.figures), *SIDES]))
            self._edit_selected(side=sides[(sides.index(me.side) + 1) % len(sides)])
        elif key == pygame.K_TAB and s.figures:
            ids = [f.id for f in s.figures]
            k = (ids.index(s.selected) + 1) % len(ids) if s.selected in ids else 0
            self.scene = replace(s, selected=ids[k])
        elif key == pygame.K_b and at is not None:
            r = s.blast[2] if s.blast else 3 * FATHOM_MM
            self.scene = replace(s, blast=(at[0], at[1], r)).toggled("blast") \
                if not s.shows("blast") else replace(s, blast=(at[0], at[1], r))
        elif key in (pygame.K_r, pygame.K_f) and s.blast is not None:
            step = FATHOM_MM / 2 if key == pygame.K_r else -FATHOM_MM / 2
            self.scene = replace(s, blast=(s.blast[0], s.blast[1], max(5.0, s.blast[2] + step)))
        elif key == pygame.K_c and where is not None:
            angle = self._aim(where)
            if angle is not None:
                self.scene = self._shown(replace(s, cone_angle=angle), "cone")
                self._aiming = "cone"  # turns with the pointer until a click
        elif key == pygame.K_m and where is not None and at is not None:
            angle = self._aim(where)
            if angle is not None and me is not None:
                length = max(1.0, math.hypot(at[0] - me.x, at[1] - me.y))
                self.scene = self._shown(replace(s, move_angle=angle, move_length=length), "move")
                self._aiming = "move"
        elif key == pygame.K_p and at is not None:
            self.scene = self._shown(replace(s, push_source=at), "push")
        elif key == pygame.K_h:
            if at is not None and (me is None or self.figure_at(where) is None):  # type: ignore[arg-type]
                eye = (at[0], at[1], self.index.standing_level(*at) + 40.0)
                self.scene = self._shown(replace(s, shadow_eye=eye), "shadow")
            else:
                self.scene = self._shown(replace(s, shadow_eye=None), "shadow")
        elif key == pygame.K_w:
            w = next_weapon(s.weapon_range, s.weapon)
            self.scene = replace(s, weapon_range=w.range_mm, weapon=w.name)
        else:
            self.table.handle_event(event)
        return None

    @staticmethod
    def _shown(scene: Scene, overlay: str) -> Scene:
        return scene if scene.shows(overlay) else scene.toggled(overlay)

    def update(self, dt: float) -> None:
        self.table.update(dt)
        self.gui.update(dt)
        self._apply_panel()  # the slider is read here (it is dragged between events)

    def draw(self, surface: pygame.Surface) -> None:
        tw, th = self._table_size()
        area = surface.subsurface(pygame.Rect(0, 0, tw, th))
        cam = self.table.camera
        vw, vh = cam.viewport
        key = self._frame_key()
        frame, shown = self._frame, self._frame_shown
        if frame is not None and key == shown and frame.get_size() == (vw, vh):
            area.blit(frame, (0, 0))  # nothing on the table changed: the last picture
            self.table.draw_status(area)
        elif frame is not None and shown is not None and key != self._scaled_for \
                and self._zooming(shown, key):
            self._draw_scaled(area.subsurface(pygame.Rect(0, 0, vw, vh)), frame, shown[1])
            self._scaled_for = key  # drawn properly once the camera rests a frame
            self.table.draw_status(area)
        else:
            view = area.subsurface(pygame.Rect(0, 0, vw, vh))
            placer = LabelPlacer(view)
            self.table.draw(area, placer)
            self._draw_table(view, placer)
            placer.draw()
            self._frame = view.copy()
            self._frame_shown = self._frame_key()
        if self._resized:
            self._resized = False  # the panel follows once the window rests (``resize``)
        elif self._sync_panel():
            self.gui.touch()  # the changed widgets make their pictures again
        self.gui.draw(surface)

    def _frame_key(self) -> tuple[Any, ...]:
        """What the table's picture shows: a frame with the same key draws the same table."""
        cache = self.table.table
        return (self.scene, self.table.camera, self.table.show_terrain, language(),
                cache.rebuilds, cache.quick_rebuilds)

    def _zooming(self, shown: tuple[Any, ...], key: tuple[Any, ...]) -> bool:
        """In the window, while the zoom keeps changing (a resize storm): only the camera moved
        since the last picture (``table_cache.QUICK_WHILE_ZOOMING``)."""
        return (table_cache.QUICK_WHILE_ZOOMING and shown[0] is key[0] and shown[2:4] == key[2:4]
                and shown[1].zoom != key[1].zoom)

    def _draw_scaled(self, view: pygame.Surface, frame: pygame.Surface, drawn: Camera) -> None:
        """The last picture of the table, scaled and moved to the camera (drawn properly on the
        first frame the zoom rests)."""
        cam = self.table.camera
        k = cam.zoom / drawn.zoom
        x0, y0 = drawn.world_to_screen(0.0, 0.0)
        x1, y1 = cam.world_to_screen(0.0, 0.0)
        size = (max(1, round(frame.get_width() * k)), max(1, round(frame.get_height() * k)))
        view.fill(BACKGROUND)
        view.blit(pygame.transform.scale(frame, size), (round(x1 - x0 * k), round(y1 - y0 * k)))

    def _draw_table(self, view: pygame.Surface, placer: LabelPlacer) -> None:
        """The overlays, the figures and their marks over the board view's table; every word
        on it goes to ``placer`` (the map's are there already)."""
        cam = self.table.camera
        result = self.analysis
        sides = [f.side for f in self.scene.figures]
        names = self.names
        shown = names.scene(self.scene)
        draw_overlays(view, cam, self._fonts, shown, result, placer)
        local = {side: names.side(side) for side in dict.fromkeys(sides)}
        letters = side_letters(local.values())  # the marks on the bases, from the shown names
        draw_figures(view, cam, self._fonts, shown, side_colours(sides),
                     {side: letters.get(name, "") for side, name in local.items()}, placer)
        draw_marks(view, cam, self._fonts, shown, result, names.terrain, placer)
