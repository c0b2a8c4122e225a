"""Where Tiled puts each tile of a tile layer: orthogonal, hexagonal and staggered maps.

Objects in every orientation we read are plain pixel coordinates; only the tile grid differs.
The arithmetic is Tiled's own (``src/libtiled/hexagonalrenderer.cpp``, whose ``RenderParams``,
``tileToScreenCoords``, ``boundingRect`` and ``drawTileLayer`` this mirrors; a staggered map is
a hexagonal one whose hexagon sides have no length).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

#: Orientations whose tiles we draw (isometric and oblique maps are refused).
ORIENTATIONS = ("orthogonal", "hexagonal", "staggered")


@dataclass(frozen=True)
class TileGrid:
    """A map's tile grid: orientation, tile size (px) and, for hexagonal and staggered maps,
    the stagger axis ("x" or "y"), the stagger index ("odd" or "even") and the hexagon side."""

    orientation: str
    tile_width: int
    tile_height: int
    stagger_axis: str = "y"
    stagger_index: str = "odd"
    hex_side_length: int = 0

    @property
    def staggered(self) -> bool:
        """Whether every other row (or column) is shifted: hexagonal and staggered maps."""
        return self.orientation in ("hexagonal", "staggered")

    def _params(self) -> tuple[int, int, int, int, int, int, int, int]:
        """Tiled's RenderParams: side lengths, side offsets, column width, row height, and the
        tile size they add up to (Tiled rounds odd sizes down through its side offsets)."""
        side_x = side_y = 0
        if self.orientation == "hexagonal":
            if self.stagger_axis == "x":
                side_x = self.hex_side_length
            else:
                side_y = self.hex_side_length
        offset_x = (self.tile_width - side_x) // 2
        offset_y = (self.tile_height - side_y) // 2
        column_width = offset_x + side_x
        row_height = offset_y + side_y
        return (side_x, side_y, offset_x, offset_y, column_width, row_height,
                column_width + offset_x, row_height + offset_y)

    def shifted(self, x: int, y: int) -> bool:
        """Whether the column ``x`` (stagger axis x) or row ``y`` (axis y) is the shifted one."""
        if not self.staggered:
            return False
        index = x if self.stagger_axis == "x" else y
        return bool(index & 1) ^ (self.stagger_index == "even")

    def tile_origin(self, x: int, y: int) -> tuple[int, int]:
        """The top-left corner (px) of the tile cell (x, y)."""
        if not self.staggered:
            return x * self.tile_width, y * self.tile_height
        side_x, side_y, _ox, _oy, column_width, row_height, tile_w, tile_h = self._params()
        if self.stagger_axis == "x":
            py = y * (tile_h + side_y) + (row_height if self.shifted(x, y) else 0)
            return x * column_width, py
        px = x * (tile_w + side_x) + (column_width if self.shifted(x, y) else 0)
        return px, y * row_height

    @property
    def cell_height(self) -> int:
        """How far below its origin a cell's bottom edge is: a tile picture stands on it."""
        return self.tile_height if not self.staggered else self._params()[7]

    def tile_centre(self, x: int, y: int) -> tuple[float, float]:
        """The middle (px) of the tile cell (x, y)."""
        px, py = self.tile_origin(x, y)
        if not self.staggered:
            return px + self.tile_width / 2, py + self.tile_height / 2
        tile_w, tile_h = self._params()[6:8]
        return px + tile_w / 2, py + tile_h / 2

    def pixel_size(self, width: int, height: int) -> tuple[int, int]:
        """The map's size in pixels for ``width`` x ``height`` tiles (Tiled's map bounding rect)."""
        if not self.staggered:
            return width * self.tile_width, height * self.tile_height
        side_x, side_y, offset_x, offset_y, column_width, row_height, tile_w, tile_h = self._params()
        if self.stagger_axis == "x":
            return (width * column_width + offset_x,
                    height * (tile_h + side_y) + (row_height if width > 1 else 0))
        return (width * (tile_w + side_x) + (column_width if height > 1 else 0),
                height * row_height + offset_y)

    def draw_order(self, width: int, height: int) -> Iterator[tuple[int, int]]:
        """Every cell in the order Tiled draws them (later ones over earlier ones): row by row,
        and on a map staggered along x, a row's unshifted columns before its shifted ones."""
        for y in range(height):
            if self.staggered and self.stagger_axis == "x":
                for shifted in (False, True):
                    for x in range(width):
                        if self.shifted(x, y) == shifted:
                            yield x, y
            else:
                for x in range(width):
                    yield x, y
