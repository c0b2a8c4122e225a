"""Tiled maps into a display-free Board model (table millimetres)."""

from game.board.loader import load_board
from game.board.maps import MAPS_DIR, PerMap, map_name, map_path
from game.board.model import Board, Cell, LayerInfo, MapObject, SpawnPoint, TerrainPiece
from game.core.errors import MapError, Problem

__all__ = ["MAPS_DIR", "Board", "Cell", "LayerInfo", "MapError", "MapObject", "PerMap", "Problem",
           "SpawnPoint", "TerrainPiece", "load_board", "map_name", "map_path"]
