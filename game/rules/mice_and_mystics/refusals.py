"""Why Mice and Mystics refuses a command, in English: the message of each refusal key, with the
ids and numbers of its params as ``{fields}`` (the screen shows them through
``game.rules.engine.words``; the Russian is in ``locale/ru/LC_MESSAGES/mice_and_mystics.po``).

The params are ids: a mouse or a minion (``tilly``, ``rat_3``), a minion group
(``minions:roach``), a cell key (``hall:hall-3``), a tile (``hall``), an exit, a card or
an ability; the screen's name lookup shows each by the name the reader sees. Words of the rules (a
free action, an attack mode, a class, a slot, a kind of GM ruling) are in ``REFUSALS.words``.
The path's refusals (``mm.path.*``) are those of ``paths.check_path``, raised by a step or a move.
"""

from __future__ import annotations

from game.i18n import N_
from game.rules.engine.words import Refusals

MESSAGES = {
    "mm.end.chapter_over": N_("the chapter is over"),
    # whose turn it is (MM-TURN)
    "mm.turn.pending_choice": N_("{mouse} must first settle {kind}: nothing else while an action is being "
                                 "resolved"),
    "mm.turn.not_a_mouse_turn": N_("it is not a mouse's normal turn (now acting: {acting})"),
    "mm.turn.not_your_turn": N_("it is the turn of {acting}, not of {mouse}"),
    "mm.action.already_declined": N_("{mouse} has already declined this turn's action"),
    "mm.action.already_taken": N_("{mouse} has already taken this turn's action"),
    "mm.action.move_in_progress": N_("finish the move first: the move cannot be split around the action"),
    "mm.action.stunned": N_("{mouse} is stunned: Recover is the only action"),
    "mm.free.already_used": N_("{mouse} has already used {free} this turn"),
    "mm.free.in_water": N_("{mouse} stands in water: no Share, Equip or Level Up"),
    "mm.decline.already_settled": N_("{mouse}'s action is already settled"),
    # the move (MM-MOVE, MM-COND, MM-GEO-10)
    "mm.move.over": N_("{mouse}'s move is over (Scurry gives a new one)"),
    "mm.move.already_over": N_("{mouse}'s move is already over"),
    "mm.move.webbed": N_("{mouse} is webbed and cannot move"),
    "mm.move.knocked_down": N_("{mouse} is knocked down: standing up takes the whole move"),
    "mm.move.no_cell": N_("there is no cell {cell}"),
    "mm.move.path_start": N_("a path starts at the cell of {mouse}: {cell}"),
    "mm.move.no_step": N_("a move needs at least one step"),
    "mm.stand_up.not_down": N_("{mouse} is not knocked down"),
    "mm.stand_up.move_used": N_("standing up takes a whole, unused move"),
    "mm.path.empty": N_("the path is empty"),
    "mm.path.webbed": N_("a webbed mouse cannot move"),
    "mm.path.cannot_leave": N_("there are no more mice than minions in {cell}: the mice cannot leave it"),
    "mm.path.not_adjacent": N_("{frm} and {to} are not adjacent"),
    "mm.path.red_line": N_("a red line runs between {frm} and {to}: no crossing it"),
    "mm.path.against_current": N_("from {frm} to {to} is against the current: no swimming that way"),
    "mm.path.full": N_("{cell} is full or holds a creature of the other size"),
    "mm.path.water_stops": N_("water in {cell} ends the move: no passing through it"),
    "mm.path.minion_stops": N_("a minion in {cell} ends the move: no passing through it"),
    "mm.path.mouse_stops": N_("a mouse in {cell} ends the minion's move: no passing through it"),
    "mm.path.too_far": N_("the path costs {cost} movement points, only {mp} are left"),
    # the actions (MM-SCURRY, MM-REC, MM-MELEE, MM-RANGED, MM-SEARCH, MM-EXP)
    "mm.scurry.move_not_finished": N_("Scurry comes after the move is finished"),
    "mm.scurry.webbed": N_("{mouse} is webbed: no Scurry"),
    "mm.scurry.stunned": N_("{mouse} is stunned: no Scurry"),
    "mm.recover.nothing": N_("{mouse} is neither stunned nor webbed"),
    "mm.recover.name_none": N_("one Recover handles both conditions: name none"),
    "mm.recover.name_one": N_("name the condition to recover from (stunned or webbed)"),
    "mm.attack.not_equipped": N_("{weapon} is not equipped (pack items are inert)"),
    "mm.attack.not_a_weapon": N_("{weapon} is not a weapon"),
    "mm.attack.bad_mode": N_("an attack is melee or ranged, not {mode}"),
    "mm.attack.one_mode_only": N_("{weapon} is a {mode} weapon only"),
    "mm.attack.no_minion": N_("there is no minion {target} on the board"),
    "mm.attack.out_of_reach": N_("{target} is neither in the cell of {mouse} nor in an adjacent one"),
    "mm.attack.not_seen": N_("{mouse} cannot see {target}"),
    "mm.attack.forced_target": N_("a minion is in or next to the cell of {mouse}: target one of "
                                  "{targets}"),
    "mm.ability.not_had": N_("{mouse} does not have {ability}"),
    "mm.ability.not_for_attack": N_("{ability} is not an attack ability"),
    "mm.ability.already_used": N_("{mouse} has already used an ability this turn"),
    "mm.search.already_searched": N_("{mouse} has already searched {tile} successfully"),
    "mm.search.nothing_found": N_("{mouse} has no found item to keep or discard"),
    "mm.discard.nothing_due": N_("{mouse} has nothing it must discard"),
    "mm.discard.not_in_pack": N_("{card} is not in the pack of {mouse}"),
    "mm.explore.minions_left": N_("minions are still on this tile"),
    "mm.explore.no_way": N_("{mouse} is neither next to an exit nor on a turning cell that leads on"),
    "mm.explore.not_this_way": N_("{mouse} cannot explore through {via} from here"),
    "mm.explore.name_the_way": N_("name the way: {ways}"),
    "mm.explore.no_room": N_("no room for {mouse} on {tile}: the GM must place it"),
    # the free actions (MM-SHARE, MM-EQUIP, MM-LEVEL, MM-GROUP)
    "mm.share.no_other": N_("there is no other mouse {other}"),
    "mm.share.captured": N_("{other} is captured and cannot share"),
    "mm.share.out_of_reach": N_("{other} is neither in the cell of {mouse} nor in an adjacent one"),
    "mm.share.no_card": N_("{mouse} has no search card {card} to swap"),
    "mm.share.card_twice": N_("a card is named twice"),
    "mm.share.too_much_cheese": N_("a mouse cannot give more cheese than it has"),
    "mm.share.nothing": N_("a Share swaps at least one card or cheese token"),
    "mm.equip.card_twice": N_("a card is named twice"),
    "mm.equip.no_card": N_("{mouse} has no card {card}"),
    "mm.equip.no_change": N_("that changes nothing"),
    "mm.equip.not_wearable": N_("{card} cannot be equipped: it is a card to use, not to wear"),
    "mm.equip.same_slot": N_("{card} and {other} both need the same slot: {slot}"),
    "mm.equip.too_many_paws": N_("these need {paws} paws; a mouse has {most}"),
    "mm.level.too_little_cheese": N_("{mouse} has {cheese} cheese; a level costs {cost}"),
    "mm.level.no_ability": N_("there is no ability {ability}"),
    "mm.level.other_class": N_("{ability} is not an ability of the class {class}"),
    "mm.level.already_had": N_("{mouse} already has {ability}"),
    "mm.use.nothing_to_use": N_("{mouse} has no ability, usable card or group item {what}"),
    "mm.use.no_target": N_("there is no mouse {target}"),
    "mm.use.in_attack": N_("{what} is used by naming it in an Attack"),
    "mm.use.dash": N_("a dash adds points to the user's own unfinished move"),
    "mm.use.cheese_for_user": N_("the crumbs are for the mouse that uses them"),
    "mm.use.out_of_reach": N_("{target} is not an active mouse in or next to the cell of {mouse}"),
    "mm.use.owner_only": N_("{what} works only on its owner"),
    "mm.use.no_wound": N_("{target} has no wound this can heal"),
    "mm.use.poisoned_wounds": N_("{target} has no wound this can heal (poisoned wounds need a cure)"),
    # a captured mouse (MM-RESC)
    "mm.rescue.must_rescue": N_("no minion is on the board: the mouse is rescued (choose its cell)"),
    "mm.rescue.not_captured_turn": N_("it is not the turn of the captured mouse {mouse}"),
    "mm.rescue.minions_on_board": N_("minions are on the board: the mouse stays captured"),
    "mm.rescue.bad_cell": N_("{cell} neither holds nor adjoins an active mouse, or has no room"),
    # the GM (MM-MIN-2, MM-WHEEL-4, MM-ACH, MM-ADJ-5)
    "mm.gm.not_gm_turn": N_("it is not the GM's turn"),
    "mm.gm.other_entity": N_("{acting} acts now, not {entity}"),
    "mm.gm.wheel_amount": N_("the GM adds 1 to {most} cheese at a time, not {n}"),
    "mm.gm.name_achievement": N_("name the achievement"),
    "mm.gm.no_mouse": N_("there is no mouse {mouse}"),
    "mm.gm.ruling_kind": N_("a ruling is one of: {kinds}"),
    "mm.gm.ruling_cells": N_("a ruling names two different cells of the map, not {a} and {b}"),
    "mm.gm.ruling_tiles": N_("{a} and {b} are on different tiles: such cells are never adjacent or in "
                             "sight"),
}

#: the choices the rules wait for (``Pending.kind``)
PENDING = {"find": N_("the item found"), "discard": N_("the card to discard")}
#: the free actions (MM-TURN-3)
FREE_ACTIONS = {"share": N_("Share"), "equip": N_("Equip"), "level_up": N_("Level Up")}
#: the attack modes (MM-RANGED-6)
MODES = {"melee": N_("melee"), "ranged": N_("ranged")}
#: the mice's classes (an ability's ``class``)
CLASSES = {"warrior": N_("warrior"), "tinkerer": N_("tinkerer"), "scout": N_("scout"),
           "healer": N_("healer")}
#: the slots of the body (MM-EQUIP-4)
SLOTS = {"head": N_("head"), "body": N_("body"), "accessory": N_("accessory")}
#: the kinds of a GM's ruling on two cells (MM-ADJ-5)
RULINGS = {"adjacent": N_("adjacent"), "apart": N_("not adjacent"), "sight": N_("in sight"),
           "blocked": N_("out of sight")}

REFUSALS = Refusals(MESSAGES, {
    "kind": PENDING, "free": FREE_ACTIONS, "mode": MODES, "class": CLASSES, "slot": SLOTS,
    "kinds": RULINGS,
})
