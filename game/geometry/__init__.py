"""Pure geometry of the table: Shapely and numpy only, no pygame and no rules.

Modules: ``bases`` (figures as round bases), ``terrain`` (solids and the index built once per
board); the query modules (sight, cover, templates, measure, contact, sweep, cells) build on them.
"""

from game.geometry.bases import Base, BaseArray, edge_distance
from game.geometry.terrain import Solid, TerrainIndex, solids_from_board

__all__ = ["Base", "BaseArray", "Solid", "TerrainIndex", "edge_distance", "solids_from_board"]
