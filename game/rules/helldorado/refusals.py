"""Why Helldorado refuses a command, in English: the message of each refusal key, with the ids and
numbers of its params as ``{fields}`` (the screen shows them through
``game.rules.engine.words``; the Russian is in ``locale/ru/LC_MESSAGES/helldorado.po``).
Distances are in fathoms ("f")."""

from __future__ import annotations

from game.i18n import N_
from game.rules.engine.words import Refusals

MESSAGES = {
    "hd.game.over": N_("the game is over"),
    "hd.unit.unknown": N_("there is no unit {unit}"),
    "hd.unit.dead": N_("{unit} is dead"),
    "hd.unit.not_active": N_("{unit} is not the active unit ({active} is)"),
    "hd.unit.not_active_none": N_("{unit} is not the active unit: no unit is active"),
    "hd.target.friend": N_("{target} is on {unit}'s side"),
    "hd.action.after_retreat": N_("{unit} retreated this activation: no {action} now"),
    "hd.weapon.unknown": N_("{unit} has no weapon {weapon}"),
    "hd.weapon.wrong_kind": N_("{weapon} is {kind}; this needs {kinds}"),
    # the turn
    "hd.activate.other_active": N_("{unit} is still active: end its activation first"),
    "hd.activate.not_your_turn": N_("it is the turn of {side} to activate a unit"),
    "hd.activate.already": N_("{unit} has already been activated this round"),
    # moving and climbing
    "hd.move.engaged": N_("{unit} is engaged: it may only leave by retreating"),
    "hd.move.too_far": N_("{unit} has {left:.2f} f of movement left"),
    "hd.move.blocked": N_("{unit} cannot move that way ({blocker} is in the way)"),
    "hd.move.no_length": N_("a move needs a direction and a positive length"),
    "hd.move.runs_into_enemy": N_("the move runs into {unit}: contact with an enemy is made by charging"),
    "hd.move.ends_touching_enemy": N_("the move ends touching {unit}: contact with an enemy is made by "
                                      "charging"),
    "hd.climb.not_a_surface": N_("{solid} is not terrain to stand on"),
    "hd.climb.not_below": N_("{unit} is not below the top of {solid}"),
    "hd.climb.too_high": N_("{solid} is {rise:.2f} f up; a unit climbs at most {most:g} f"),
    "hd.climb.not_touching": N_("{unit} must touch {solid} to climb it"),
    "hd.climb.no_room": N_("the base of {unit} does not fit on {solid}"),
    "hd.climb.on_the_ground": N_("{unit} stands on nothing to climb down from"),
    "hd.climb.drop_too_deep": N_("the drop is {drop:.2f} f; a unit climbs down at most {most:g} f"),
    "hd.climb.too_far": N_("climbing costs {cost:.2f} f; {left:.2f} f left"),
    "hd.place.off_table": N_("it would leave the table"),
    "hd.place.terrain": N_("there is no room: {terrain} is in the way"),
    "hd.place.taken": N_("{unit} stands there"),
    "hd.place.touches_enemy": N_("it would touch {unit}: contact with an enemy is made by charging"),
    # melee
    "hd.melee.no_cbt": N_("{unit} has no CBT and cannot engage"),
    "hd.charge.engaged": N_("{unit} is already engaged: fight instead"),
    "hd.charge.touching": N_("{unit} already touches {target}: fight instead"),
    "hd.charge.no_movement": N_("{unit} has no movement left to charge"),
    "hd.charge.blocked": N_("{unit} cannot charge {target}: {blocker} is in the way"),
    "hd.charge.out_of_reach": N_("{unit} cannot charge {target}: out of reach"),
    "hd.melee.head_below_base": N_("{target} is out of contact: a head is below a base"),
    "hd.fight.not_engaged": N_("{unit} is not engaged with {target}"),
    "hd.retreat.no_length": N_("a retreat needs a direction and a positive length"),
    "hd.retreat.not_engaged": N_("{unit} is not engaged: just move"),
    "hd.retreat.still_in_contact": N_("the retreat must end out of contact ({unit})"),
    "hd.concentrate.already": N_("{unit} is already concentrating"),
    # shooting, explosions, templates
    "hd.shoot.no_shs": N_("{unit} has no SHS and cannot shoot"),
    "hd.shoot.engaged": N_("{unit} is engaged and cannot shoot"),
    "hd.shoot.unseen": N_("{unit} cannot see {target} behind the terrain"),
    "hd.shoot.out_of_range": N_("{target} is {distance:.2f} f away, beyond 4 x Range"),
    "hd.shoot.not_nearest": N_("{unit} must shoot the nearest enemy ({targets})"),
    "hd.shoot.no_target": N_("{unit} has no enemy to shoot at"),
    "hd.explode.no_point": N_("the point must be a place on the table"),
    "hd.explode.off_table": N_("the point must be on the table"),
    "hd.explode.no_line_of_fire": N_("{unit} has no clear line of fire to the point"),
    "hd.explode.out_of_range": N_("the point is {distance:.2f} f away, beyond 4 x Range"),
    "hd.blast.no_direction": N_("the template needs a direction"),
    # the attack sequence's choices and Vae Victis
    "hd.choice.sequence_under_way": N_("an attack sequence is under way: only its choices and the Vae "
                                       "Victis order may be given now"),
    "hd.choice.none": N_("there is no choice to make now"),
    "hd.choice.other_kind": N_("the choice now is \"{now}\", not \"{asked}\""),
    "hd.choice.not_weapon": N_("the choice now is \"{now}\", not a weapon"),
    "hd.choice.weapon": N_("choose one of: {options}"),
    "hd.choice.attacker": N_("the attacker is one of: {options}"),
    "hd.choice.reroll.twice": N_("each die may be re-rolled once only"),
    "hd.choice.reroll.too_many": N_("only {most} re-roll(s)"),
    "hd.choice.reroll.not_misses": N_("dice {dice} are not misses that may be re-rolled"),
    "hd.choice.hits": N_("use between 0 and {most} hits"),
    "hd.choice.order": N_("order exactly these units: {units}"),
    "hd.vae.no_sequence": N_("Vae Victis is given during an attack sequence"),
    "hd.vae.explosion": N_("Vae Victis cannot be used during an explosion"),
    "hd.vae.template": N_("Vae Victis cannot be used during a template attack"),
    "hd.vae.none_left": N_("{side} have no Vae Victis left"),
    "hd.vae.already": N_("Vae Victis is already given for this unit"),
    "hd.vae.not_striking": N_("{unit} does not strike in this attack sequence"),
}

#: weapon kinds (``Weapon.kind``)
WEAPON_KINDS = {"melee": N_("a melee weapon"), "ranged": N_("a ranged weapon"),
                "explosion": N_("an explosive weapon"), "cloud": N_("a cloud-blast template"),
                "impact": N_("an impact-blast template")}
#: the pending choices of an attack sequence (``Choice``), as the screen titles them
CHOICE_TITLES = {"declare": N_("Declare the weapon"), "table": N_("Pick the opponent's table"),
                 "attacker": N_("Who strikes"), "reroll": N_("Re-roll misses"),
                 "hits": N_("Hits to use"), "order": N_("Chain order")}
#: what a unit that retreated may no longer do (``free_to_act``)
ACTIONS = {"charge": N_("charging"), "fight": N_("fighting"), "focus": N_("focusing"),
           "concentration": N_("concentrating"), "shooting": N_("shooting")}
#: the table's edges, where a move stops
EDGES = {edge: N_("the table edge") for edge in ("x_min", "y_min", "x_max", "y_max")}

REFUSALS = Refusals(MESSAGES, {
    "kind": WEAPON_KINDS, "kinds": WEAPON_KINDS, "now": CHOICE_TITLES, "asked": CHOICE_TITLES,
    "action": ACTIONS, "blocker": EDGES, "options": {"": N_("undeclared")},
})
