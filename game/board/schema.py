"""The custom Tiled classes a tabletop map uses, with typed members and defaults.

This is the single source of truth: the loader takes its defaults from here, and
``tools/make_tiled_project.py`` writes ``maps/tabletop.tiled-project`` from it, so a map author
picks these classes in Tiled instead of typing property names. Tiled does not write a member
that still has its default value, so both sides must agree; a test holds that.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.units import DEFAULT_MM_PER_PIXEL


@dataclass(frozen=True)
class Member:
    name: str
    type: str  #: Tiled property type: bool, int, float, string, color, file
    default: Any
    doc: str


@dataclass(frozen=True)
class ClassSpec:
    name: str
    use_as: tuple[str, ...]  #: Tiled "useAs": object, tile, layer, map, property
    members: tuple[Member, ...]
    doc: str

    def defaults(self) -> dict[str, Any]:
        return {m.name: m.default for m in self.members}

    def member(self, name: str) -> Member | None:
        for m in self.members:
            if m.name == name:
                return m
        return None


TERRAIN = ClassSpec(
    "Terrain",
    ("object", "tile", "layer"),
    (
        Member("kind", "string", "", "what the piece is: table, bench, barrel, stairs, wall..."),
        Member("bottom", "float", 0.0, "height of the underside above the floor, mm"),
        Member("height", "float", 20.0, "the piece's own height, mm (top = bottom + height)"),
        Member("blocks_sight", "bool", True, "hides what is behind it up to its top"),
        Member("surface", "bool", False, "figures can stand on its top"),
        Member("flat", "bool", False, "no higher than a step (3 mm); never stops a move"),
        Member("liftable", "bool", False, "a figure can pick it up and throw it"),
        Member("rollable", "bool", False, "can be rolled along the floor (barrels)"),
        Member("swingable", "bool", False, "can be swung on (chandelier, rope)"),
        Member("slidable", "bool", False, "can be slid down (banister, wet table)"),
        Member("thickness", "float", 5.0, "width of a wall drawn as a polyline, mm"),
    ),
    "A piece of scenery: footprint from the object's shape, a vertical span and flags.",
)

FIGURE_SPAWN = ClassSpec(
    "FigureSpawn",
    ("object",),
    (
        Member("side", "string", "", "the side the figure plays for"),
        Member("profile", "string", "", "the profile id in the rule system's data"),
        Member("facing", "float", 0.0, "degrees clockwise from east"),
    ),
    "Where a figure starts. Its name is the object's name; its base centre the object's centre.",
)

CELL = ClassSpec(
    "Cell",
    ("object",),
    (
        Member("cell_id", "string", "", "stable id (default: the object id)"),
        Member("capacity_small", "int", 4, "most small creatures the cell holds"),
        Member("capacity_large", "int", 1, "most large creatures the cell holds"),
        Member("wide", "bool", False, "a wide cell"),
        Member("water", "bool", False, "a water cell"),
        Member("trap", "bool", False, "a mousetrap"),
        Member("turning", "bool", False, "a turning cell: Explore is allowed here"),
        Member("exit", "string", "", "id of an exit area this cell counts as adjacent to"),
        Member("neighbors_add", "string", "", "comma-separated cell ids made adjacent"),
        Member("neighbors_remove", "string", "", "comma-separated cell ids made not adjacent"),
        Member("los_add", "string", "", "comma-separated cell ids always seen"),
        Member("los_block", "string", "", "comma-separated cell ids never seen"),
        Member("tier", "string", "", "ring of a Relic space: outer, middle, inner, centre"),
        Member("index", "int", 0, "position of a Relic space in its tier"),
        Member("text", "string", "", "what the space or cell says"),
    ),
    "A board-game cell or space; the object's shape is the cell's outline.",
)

TABLETOP_MAP = ClassSpec(
    "TabletopMap",
    ("map",),
    (
        Member("system", "string", "", "one_for_all, helldorado, mice_and_mystics or relic"),
        Member("title", "string", "", "the name players see"),
        Member("mm_per_pixel", "float", DEFAULT_MM_PER_PIXEL, "millimetres on the table per Tiled pixel"),
        Member("tile_id", "string", "", "Mice and Mystics: the board tile this map is"),
        Member("adjacency_gap", "float", 0.0, "Mice and Mystics: gap tolerance between cells, px"),
        Member("wall_tolerance", "float", 1.0, "Mice and Mystics: wall tolerance, px"),
        Member("min_portal", "float", 1.0, "Mice and Mystics: shortest open border, px"),
        Member("sample_step", "float", 1.0, "Mice and Mystics: border sample step, px"),
        Member("chapter", "file", "", "Mice and Mystics: the chapter file (JSON), beside the map"),
    ),
    "Map properties: which game, its title and its scale.",
)

CLASSES: tuple[ClassSpec, ...] = (TERRAIN, FIGURE_SPAWN, CELL, TABLETOP_MAP)
CLASSES_BY_NAME = {c.name: c for c in CLASSES}

#: Object layers that hold objects of one class when the objects name none.
LAYER_DEFAULT_CLASS = {"terrain": "Terrain", "spawns": "FigureSpawn", "cells": "Cell"}
#: Layers with a meaning of their own in a rule system (Mice and Mystics, MM-GEO-3).
KNOWN_LAYERS = frozenset({"walls", "black", "lines", "exits", "labels", "notes"})
