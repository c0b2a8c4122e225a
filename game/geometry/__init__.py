"""Pure geometry of the table: Shapely and numpy only, no pygame and no rules.

Modules: ``bases`` (figures as round bases), ``terrain`` (solids and the index built once per
board), ``tolerance`` (the one tolerance policy below), ``convex`` (footprints cut into convex
pieces, for line of sight and the physics Space); the query modules (the ``sight`` package,
cover, templates, measure, contact, sweep, cells) build on them.

Tolerance policy (numbers and helpers in ``game.geometry.tolerance``; every module uses them):

- Lengths are equal within ``EPS`` (1e-9 in the call's unit). A gap of at most ``EPS`` is
  contact: tangent bases touch, a base exactly on a template's edge is caught (HD-EXPL-6). A
  sight line that comes within ``EPS`` of a solid grazes it, and grazing blocks (HD-RANGED-7),
  except a contact at one of its ends when the line heads away from the face it touches there (a
  point on a roof, a base against a wall). An eye within ``EPS`` of a solid's top is on it, not
  inside it, so the solid counts: lines level with the top (within ``ALONG``) graze it and are
  blocked, and so are those going down through it; rising lines clear it (from beside it once more
  than ``EPS`` above its near edge, from its top face at any rise). A target behind a wall as tall
  as the eye is seen iff its head is above the top. A swept disc whose path enters a thing by at
  most ``EPS`` (plus the drift an along move may gather, ``ALONG`` per unit travelled) grazes it
  and goes on (OFA-0.4).
- A moving disc within ``TOUCH`` (1e-7) of a thing at the start of a move already touches it,
  and contacts reached within ``TOUCH`` of each other along a move are reached together.
- For a thing already touched, a move goes into it when the cosine between the move and the way
  to the thing's nearest point is above ``ALONG`` (1e-10), away below ``-ALONG``, along it
  otherwise. Into does not move (distance 0); along and away are free, so a figure that moved
  into a wall can slide along it until the next real obstacle.

Never a bare comparison with zero on a quantity that came out of arithmetic on positions (a
projection, a contact point, a swept end): those are off by rounding (about 1e-13 of the
lengths involved), which these tolerances are chosen far above and far below what play can see.
"""

from game.geometry.bases import Base, BaseArray, edge_distance
from game.geometry.terrain import Solid, TerrainIndex, solids_from_board

__all__ = ["Base", "BaseArray", "Solid", "TerrainIndex", "edge_distance", "solids_from_board"]
