"""Shared by the property tests of degenerate positions (issue 14): how many examples to run.

CI runs each property at the count its test names; ``tools/fuzz.py --geometry`` runs the same
tests with ``TABLETOP_GEOMETRY_SCALE`` set (for example 400), so the sweep alone meets at least
100,000 generated positions.
"""

from __future__ import annotations

import os


def examples(n: int) -> int:
    """``n`` examples, times ``TABLETOP_GEOMETRY_SCALE`` when it is set (1 by default)."""
    scale = float(os.environ.get("TABLETOP_GEOMETRY_SCALE", "1") or 1)
    return max(1, round(n * scale))
