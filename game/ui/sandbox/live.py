"""The sandbox follows its map as it is saved again in Tiled (issue 18, point 6): the table is
drawn anew and the figures stay where they still fit (``game.ui.live_map`` watches the file)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from shapely import Point

from game.board.model import Board
from game.geometry.terrain import TerrainIndex
from game.ui.live_map import LiveMap, reload_board
from game.ui.sandbox.scene import Scene
from game.ui.sandbox.view import SandboxView


def fits(x: float, y: float, radius: float, board: Board, index: TerrainIndex) -> bool:
    """Does a base of ``radius`` at (x, y) still fit on the changed map: on the table, its
    centre not inside a piece one cannot stand on (a wall drawn over it)?"""
    if not (radius <= x <= board.width_mm - radius and radius <= y <= board.height_mm - radius):
        return False
    centre = Point(x, y)
    return not any(s.footprint.covers(centre) and not s.surface and not s.flat
                   for s in index.solids)


def fitted_scene(scene: Scene, board: Board, index: TerrainIndex) -> tuple[Scene, int]:
    """``scene`` on the changed map: the figures that still fit, each raised to what it now
    stands on, and how many were taken off."""
    kept = tuple(replace(f, z=index.standing_level(f.x, f.y)) for f in scene.figures
                 if fits(f.x, f.y, f.radius, board, index))
    ids = {f.id for f in kept}
    return replace(scene, figures=kept,
                   selected=scene.selected if scene.selected in ids else None,
                   target=scene.target if scene.target in ids else None), \
        len(scene.figures) - len(kept)


def remake_sandbox(old: SandboxView, path: Path) -> SandboxView:
    """The sandbox on the map at ``path`` as it is now, with ``old``'s figures that fit, its
    overlays and, on a table of the same size, its camera. ``ReloadError`` when unreadable."""
    from game.i18n import _

    board, loader = reload_board(path)
    index = TerrainIndex.from_board(board)
    scene, dropped = fitted_scene(old.scene, board, index)
    new = SandboxView(board, scene, old.size, image_loader=loader, scene_path=old.scene_path)
    if (board.width_mm, board.height_mm) == (old.board.width_mm, old.board.height_mm):
        new.table.camera = old.table.camera  # where the player looked, as they zoomed it
        new.table.following_fit = old.table.following_fit
    new.message = (_("The map changed; {n} figure(s) no longer fit and were taken off.").format(
        n=dropped) if dropped else _("The map changed; the table is drawn anew."))
    return new


def live_sandbox(view: SandboxView, path: Path) -> LiveMap:
    """The sandbox on screen, following its map file."""
    return LiveMap(view, path, lambda old: remake_sandbox(old, path))


__all__ = ["fits", "fitted_scene", "live_sandbox", "remake_sandbox"]
