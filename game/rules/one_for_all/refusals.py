"""Why One for All refuses a command, in English: the message of each refusal key, with the ids
and numbers of its params as ``{fields}`` (the screen shows them through
``game.rules.engine.words``; the Russian is in ``locale/ru/LC_MESSAGES/play.po``)."""

from __future__ import annotations

from game.i18n import N_
from game.rules.engine.words import Refusals

MESSAGES = {
    "ofa.game_over": N_("the game is over"),
    "ofa.pending.split_first": N_("first split the duel's hits among the losing figures"),
    "ofa.no_such_figure": N_("there is no figure {figure}"),
    "ofa.not_active": N_("{figure} is not the active figure ({active} is)"),
    "ofa.not_active_none": N_("{figure} is not the active figure: no figure is active"),
    "ofa.target.friend": N_("{target} is on {figure}'s side"),
    "ofa.target.unconscious": N_("{target} is unconscious"),
    # activation
    "ofa.activate.not_your_turn": N_("{figure} ({side}) cannot act: the other side holds the initiative"),
    "ofa.activate.unconscious": N_("{figure} is unconscious"),
    "ofa.activate.just_failed": N_("{figure}'s activation just failed: activate another figure"),
    "ofa.activate.already_active": N_("{figure} is already active"),
    # moves
    "ofa.move.in_contact": N_("{figure} ran into {contact}: stop, act with it or duel"),
    "ofa.move.stunned": N_("{figure} is Stunned and cannot move"),
    "ofa.move.hanging": N_("{figure} hangs from {object}: swing or let go instead"),
    "ofa.move.bad_length": N_("a move needs a positive length (or none: until contact)"),
    "ofa.move.bad_angle": N_("the direction must be a number of degrees"),
    "ofa.move.free_move_cap": N_("the AI safeguard allows {cap} free moves a turn"),
    # actions
    "ofa.act.unknown": N_("unknown action {kind}"),
    "ofa.act.in_contact": N_("{figure} ran into {contact}: act with it, stop or duel"),
    "ofa.act.not_in_contact": N_("{figure} is not in contact with {object}"),
    "ofa.act.touches_nothing": N_("{figure} is not in contact with anything"),
    "ofa.act.needs_scenery": N_("{kind} needs a piece of scenery, not a figure ({object})"),
    "ofa.act.cannot": N_("{kind} cannot be done with {object}"),
    "ofa.act.no_such_object": N_("there is no object {object} on the table"),
    "ofa.act.too_big_to_lift": N_("{object} is too big to lift"),
    "ofa.act.already_carrying": N_("{figure} already carries {object}"),
    "ofa.act.targets_apart": N_("{targets}: not within one base width of {first}"),
    "ofa.act.targets_repeated": N_("a target is named twice"),
    "ofa.act.recover.not_stunned": N_("{figure} is not Stunned"),
    "ofa.act.retrieve.armed": N_("{figure} has its weapon"),
    "ofa.act.insult.blocked": N_("the line of the insult to {target} is blocked by {blocker}"),
    "ofa.act.throw.blocked": N_("the line of the throw to {target} is blocked by {blocker}"),
    "ofa.act.throw.nothing": N_("{figure} has nothing to throw"),
    "ofa.act.throw.no_target": N_("throw at whom? name a target"),
    "ofa.act.roll.not_rollable": N_("{object} cannot be rolled"),
    "ofa.act.roll.no_angle": N_("roll it which way? give an angle"),
    "ofa.act.grab.out_of_reach": N_("{object} is not a swingable within reach above {figure}"),
    # leaps, slides, stairs, swings
    "ofa.act.hanging": N_("{figure} hangs from {object}"),
    "ofa.act.stunned": N_("{figure} is Stunned: no leaps, slides or stairs"),
    "ofa.act.leap.not_a_surface": N_("{object} cannot be stood on"),
    "ofa.act.leap.not_standing_on": N_("{figure} does not stand on {object}"),
    "ofa.act.leap.no_angle": N_("leap off which way? give an angle in degrees"),
    "ofa.act.leap.not_beside": N_("{figure} must stand beside {object} to leap over it"),
    "ofa.act.leap.too_deep": N_("{object} is {depth} mm deep; a leap clears at most {most} mm"),
    "ofa.act.leap.too_high": N_("{figure} can jump up {most} mm, not {rise} mm"),
    "ofa.act.leap.too_deep_a_drop": N_("a {drop} mm drop is more than {figure}'s height of {most} mm"),
    "ofa.act.leap.too_wide": N_("a {gap} mm gap is more than {figure}'s height of {most} mm"),
    "ofa.act.not_stairs": N_("{object} is not a stair"),
    "ofa.act.not_slidable": N_("{object} cannot be slid along"),
    "ofa.act.no_room": N_("there is no room for {figure} there"),
    "ofa.act.swing.not_hanging": N_("{figure} must first grab something to swing on"),
    "ofa.act.swing.no_angle": N_("swing which way? give an angle"),
    # duels
    "ofa.duel.in_contact": N_("{figure} ran into {contact}: duel only with that"),
    "ofa.duel.unarmed": N_("{figure} has dropped its weapon and cannot challenge"),
    "ofa.duel.not_in_contact": N_("{figure} is not in contact with {defender}"),
    "ofa.allocate.nothing_to_split": N_("there are no hits to split"),
    "ofa.allocate.bad_split": N_("split all {hits} hits among {candidates} (one share each, none negative)"),
}

#: the actions by name (``Act.kind``), as a refusal names them
ACTION_WORDS = {
    "punch": N_("punch"), "kick": N_("kick"), "slap": N_("slap"), "shove": N_("shove"),
    "insult": N_("insult"), "pick_up": N_("pick up"), "throw": N_("throw"), "roll": N_("roll"),
    "leap_onto": N_("leap onto"), "leap_off": N_("leap off"), "leap_over": N_("leap over"),
    "grab": N_("grab"), "swing": N_("swing"), "slide": N_("slide"), "stairs": N_("take the stairs"),
    "dodge": N_("dodge"), "recover": N_("recover"), "retrieve_weapon": N_("pick up the weapon"),
    "improvise": N_("improvise"),
}

REFUSALS = Refusals(MESSAGES, {"kind": ACTION_WORDS})
