"""Line of sight in 2.5-D: exact, vectorised, over the terrain index (HD-RANGED-7/8, HD-EXPL-1/12).

The world: terrain solids are footprint polygons raised between a bottom and a top height
(``terrain.Solid``); figures are round bases with a standing level and a model height
(``bases.Base``). A target is seen from an eye when some point of it can be joined to the eye by a
straight 3-D segment that crosses no sight-blocking solid. Touching a solid within ``eps`` counts as
crossing it ("grazing is blocked", HD-RANGED-7); contacts at the two ends of a segment (a point on a
roof, a base against a wall) are not crossings: an end that touches a solid is only a contact when
the segment heads away from a face it touches there (cosine above ``ALONG``, however shallow), while
a segment along that face grazes it. Figures never block (HD-RANGED-8).

The target is its *silhouette* (the vertical rectangle through its centre, perpendicular to the
horizontal direction eye -> target, ``u`` in [-r, r] across, ``v`` in [0, h] up from its standing
level) plus its *base rim* (the circle of radius r at its standing level). Where the rules sample a
21x21 grid, this module is exact:

* every footprint is split once per index into convex pieces (kept in a cache beside the index);
* a segment against a convex prism is a Cyrus-Beck clip, done in numpy for many segments at once;
* the part of the silhouette hidden by a convex prism is the convex hull of the central projection
  of its corners from the eye onto the silhouette plane (the prism is first clipped to the slab
  between the eye and the plane); the hidden part is the union of those hulls, and its area over
  the rectangle's is the hidden fraction;
* the base rim is tested the same way in its horizontal plane: the solids between the eye and the
  plane are projected onto it (their "shadows") and the rim is visible when the shadows do not
  cover it.

A solid whose inside (not its surface) contains the eye is ignored for that eye: one sees out of a
piece of terrain one stands in. Nothing here imports a rule system or pygame.

``sight_matrix`` decides most pairs in plan view first (``_plan_pass``): seen from each eye, a
convex piece covers an interval of directions, and pieces that span the heights of a pair hide it
exactly when the intervals of those nearer than its disc cover the disc's directions; one exact ray
into an uncovered direction proves a pair seen. Only the pairs neither proof settles go to the
exact test.

The package's modules, each one concept, each importing only those listed before it:

* ``pieces``: the convex pieces of the index as flat arrays, cached per index (the cut itself is
  ``game.geometry.convex``, shared with the physics Space);
* ``segments``: segments against convex prisms (Cyrus-Beck), ``points_clear``, ``point_clear``;
* ``silhouette``: eye-target frames, the hulls a prism hides of the silhouette, unions by row;
* ``shadows``: shadows in a horizontal plane: the base rim's test and ``shadow`` (the floor);
* ``proofs``: cheap exact proofs by rays (seen) and by one convex piece (hidden);
* ``visible``: the exact test, ``point_sees_base``, ``sees``, ``seen_point``;
* ``plan``: the plan pass of ``sight_matrix`` (angular intervals per eye);
* ``matrix``: ``sight_matrix`` (the plan pass, then exact stages for the pairs it leaves).
"""

from game.geometry.sight.matrix import sight_matrix
from game.geometry.sight.pieces import ConvexPieces, convex_pieces
from game.geometry.sight.segments import point_clear, points_clear
from game.geometry.sight.shadows import shadow
from game.geometry.sight.visible import point_sees_base, seen_point, sees

__all__ = [
    "ConvexPieces",
    "convex_pieces",
    "point_clear",
    "point_sees_base",
    "points_clear",
    "sees",
    "seen_point",
    "shadow",
    "sight_matrix",
]
