"""Physics of the table: push-backs, falls, thrown and rolled objects, leaps, and their animation.

Outcomes are decided by exact geometry (:mod:`game.geometry.sweep` and
:mod:`game.geometry.contact`) and returned as frozen values with the rule IDs they applied; a
pymunk Space (:mod:`game.physics.space`, built once per board) only animates them
(:mod:`game.physics.animate`). No pygame here: drawing lives in :mod:`game.ui.animation`.

* ``push_back`` → :class:`PushOutcome` (OFA-5D.1/5D.2, falls for OFA-7.1); ``lying_obstacle``
  (OFA-5.3)
* ``throw_object`` → :class:`ThrowOutcome` (OFA-MG.3/MG.5, OFA-7.1); ``size_class``, ``liftable``
* ``roll_barrel`` → :class:`RollOutcome` (OFA-MG.4, OFA-7.1)
* ``jump``, ``grab``, ``swing``, ``slide``, ``stairs`` → :class:`LeapOutcome` (OFA-MG.1/MG.2,
  OFA-7.2 Momentum)
* ``build_space``, ``space_for`` and ``animate`` → :class:`Timeline`
"""

from game.physics.animate import Arrow, BodyInfo, Pose, Timeline, animate
from game.physics.knockback import PushOutcome, fall_bonus, lying_obstacle, push_back, push_direction
from game.physics.leaps import LeapOutcome, can_reach, grab, jump, slide, stairs, swing
from game.physics.roll import RollOutcome, barrel_disc, roll_barrel, roll_solid
from game.physics.space import build_space, convex_pieces, space_for, sync_bases
from game.physics.throw import ThrowOutcome, liftable, object_bonus, size_class, throw_object

__all__ = [
    "Arrow", "BodyInfo", "LeapOutcome", "Pose", "PushOutcome", "RollOutcome", "ThrowOutcome",
    "Timeline", "animate", "barrel_disc", "build_space", "can_reach", "convex_pieces",
    "fall_bonus", "grab", "jump", "liftable", "lying_obstacle", "object_bonus", "push_back",
    "push_direction", "roll_barrel", "roll_solid", "size_class", "slide", "space_for", "stairs",
    "swing", "sync_bases", "throw_object",
]
