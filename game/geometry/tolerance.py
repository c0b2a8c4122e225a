"""The geometry layer's one tolerance policy: what counts as touching, into, along and away.

Every module of ``game.geometry`` compares with these numbers and these helpers, never with a
bare zero where a position came out of arithmetic (a contact point, a projection, a swept end).
The policy is stated in the package docstring (``game/geometry/__init__.py``); in short:

- **Lengths** (in the call's unit: millimetres on a board, fathoms in Helldorado's examples):
  two lengths within :data:`EPS` of each other are equal. A gap of at most ``EPS`` is contact
  (tangent bases are caught by a template, ``HD-EXPL-6``); a sight line that comes within ``EPS``
  of a solid grazes it, and grazing blocks (``HD-RANGED-7``); a swept disc whose path enters a
  thing by at most ``EPS`` only grazes it and is not stopped (``OFA-0.4``).
- **Touching at the start of a move**: a moving disc within :data:`TOUCH` of a thing already
  touches it (a position produced by an earlier sweep is off by rounding, about 1e-13).
  Contacts reached within ``TOUCH`` of each other along a move are reached together
  (:data:`SIMULTANEOUS`).
- **Directions** (dimensionless): for a thing already touched, let ``q`` be the vector from the
  mover's centre to the nearest point of the thing and ``u`` the unit direction of the move. The
  move goes **into** it when ``u · q / |q| > ALONG``, **away** when ``< -ALONG``, and **along**
  it otherwise. Into does not move at all (distance 0); along and away are free. A move that is
  along by this tolerance may come closer by at most ``ALONG`` per unit travelled (0.1 nm over a
  one-metre table), far below :data:`TOUCH`; rounding in ``q`` is about 1e-13 of ``|q|``, far
  below ``ALONG``.

Pure: no Shapely, no numpy, no pygame.
"""

from __future__ import annotations

import math
from enum import StrEnum

#: lengths: equal within EPS; a gap ≤ EPS is contact; a penetration ≤ EPS is a graze
EPS = 1e-9
#: lengths: a moving disc this close to a thing at the start of a move already touches it
TOUCH = 1e-7
#: lengths: contacts reached within this distance of each other along a move come together
SIMULTANEOUS = TOUCH
#: directions: a cosine of at most this (in absolute value) is "along", not into nor away
ALONG = 1e-10


class Heading(StrEnum):
    """How a move's direction meets a thing that the mover already touches."""

    INTO = "into"
    ALONG = "along"
    AWAY = "away"


def heading(qx: float, qy: float, ux: float, uy: float) -> Heading:
    """Into, along or away from a touched thing: ``q`` is the vector from the mover's centre to
    the nearest point of the thing, ``u`` the move's unit direction. A zero ``q`` (the centre on
    the thing) is along: there is nothing to move into."""
    n = math.hypot(qx, qy)
    if not n > 0.0:
        return Heading.ALONG
    cos = (qx * ux + qy * uy) / n
    if cos > ALONG:
        return Heading.INTO
    if cos < -ALONG:
        return Heading.AWAY
    return Heading.ALONG


def moves_into(qx: float, qy: float, ux: float, uy: float) -> bool:
    """True when the move goes into the touched thing (see :func:`heading`)."""
    n = math.hypot(qx, qy)
    return n > 0.0 and (qx * ux + qy * uy) > ALONG * n


def touching(gap: float, eps: float = EPS) -> bool:
    """A gap (edge to edge, 0 or negative when overlapping) of at most ``eps`` is contact."""
    return gap <= eps


def grazes(penetration: float, eps: float = EPS) -> bool:
    """A path that enters a thing by at most ``eps`` only grazes it."""
    return penetration <= eps
