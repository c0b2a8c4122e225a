"""The names the sandbox shows, in the reader's language.

Figures, sides and terrain pieces are named by the map's author (``name_ru`` on a spawn or a piece,
``side_<side>_ru`` on the map: ``game.board.names``); the sandbox's own side names for new figures
go through the catalogs. A scene figure made from a spawn (id ``s<spawn id>``) or named like one
takes that spawn's name in the current language; a scene figure can carry its own ``name_ru``. Plain Python.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from game.board.names import local_name, local_side_name
from game.i18n import N_, _, language
from game.ui.sandbox.scene import Scene

#: the sides a new figure takes on a map without sides
SIDES = (N_("Red"), N_("Blue"), N_("Green"), N_("Orange"))


@dataclass(frozen=True)
class ShownNames:
    """Figure id -> name, side id -> name, terrain solid id -> name, for one language."""

    lang: str = "en"
    figures: dict[str, str] = field(default_factory=dict)
    sides: dict[str, str] = field(default_factory=dict)
    terrain: dict[str, str] = field(default_factory=dict)

    def side(self, side: str) -> str:
        if side in self.sides:
            return self.sides[side]
        return _(side) if side in SIDES else side

    def scene(self, scene: Scene) -> Scene:
        """``scene`` with its figures renamed for the screen (ids, places and sizes unchanged)."""
        figs = tuple(replace(f, name=self.figures.get(f.id, f.name)) for f in scene.figures)
        return replace(scene, figures=figs)


def shown_names(board: Any, scene: Scene) -> ShownNames:
    """The names of ``scene``'s figures, the map's sides and its terrain in the current language."""
    spawns = list(getattr(board, "spawns", ()))
    by_id = {f"s{s.id}": s for s in spawns}
    by_name = {s.name: s for s in spawns if s.name}
    figures: dict[str, str] = {}
    for fig in scene.figures:
        spawn = by_id.get(fig.id)
        if spawn is None or spawn.name != fig.name:
            spawn = by_name.get(fig.name)
        if fig.name_ru:
            figures[fig.id] = local_name(fig.name, {"name_ru": fig.name_ru})
        elif spawn is not None:
            figures[fig.id] = local_name(fig.name, spawn.properties)
    props = getattr(board, "properties", {})
    sides: dict[str, str] = {}
    for side in {f.side for f in scene.figures} | {s.side for s in spawns}:
        if not side:
            continue
        if side in SIDES:
            sides[side] = _(side)
        else:
            sides[side] = local_side_name(side, props)
    terrain = {str(t.id): local_name(t.name, t.properties) for t in getattr(board, "terrain", ())
               if t.name}
    return ShownNames(language(), figures, sides, terrain)
