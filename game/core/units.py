"""Units of length. World units are millimetres on the table."""

from __future__ import annotations

MM_PER_INCH = 25.4
#: Default scale of a Tiled pixel: one inch per 32-pixel tile.
DEFAULT_MM_PER_PIXEL = MM_PER_INCH / 32.0
#: Helldorado's unit of length, the fathom, on the table: one inch (HD-0-2, ``cfg.fathom_mm``)
FATHOM_MM = MM_PER_INCH
