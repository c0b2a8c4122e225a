"""Search, cards, free actions, abilities, group items and poison (MM-SEARCH, MM-EQUIP,
MM-SHARE, MM-LEVEL, MM-GROUP, MM-COND-5) with scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.dice import ScriptedDice
from game.rules.engine import IllegalCommand
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics.commands import Attack, Discard, EndTurn, Equip, KeepFound, LevelUp, Search, Share, Use
from game.rules.mice_and_mystics.items import pack_count
from game.rules.mice_and_mystics.state import Pending, Turn
from tests.rules.mice_and_mystics.scene import SYSTEM, C, K, first, fresh, kinds, legal, run, scene

KITCHEN = fresh().chapter.deck("kitchen")  # the map's chapter file (maps/down_the_drain.chapter.json)
CELLAR = fresh().chapter.deck("cellar")


def draw(deck, what):
    """The die face that draws the entry ``what`` (an item id or an event kind) from a full deck."""
    return next(i for i, e in enumerate(deck) if what in (e.item, e.event)) + 1


def refused(state, command, rule):
    with pytest.raises(IllegalCommand) as err:
        SYSTEM.apply(state, command, ScriptedDice([]))
    assert err.value.rule_id == rule, err.value
    return err.value


def new_turn(state, mouse="tilly", mp=3):
    return replace(state, index=state.order.index(mouse), phase="turn", turn=Turn(mouse, mp, 1))


def kitchen(**fields):
    return scene({"tilly": {"cell": K(2), **fields}, "bram": K(2)}, tile="kitchen",
                 order=("tilly", "bram"))


# --------------------------------------------------------------------------- MM-SEARCH


def test_MM_TV_21_MM_SEARCH_2_MM_SEARCH_5_search_once_per_tile_per_mouse():
    """MM-TV-21 (MM-SEARCH-2, MM-SEARCH-5): 3 fails, 4 succeeds; no third search by that mouse on
    the tile; another mouse still may."""
    state = kitchen()
    a = run(state, Search("tilly"), 3)
    assert not first(a, "mm.search")["success"] and a.state.mouse("tilly").searched == ()
    b = run(new_turn(a.state), Search("tilly"), 4, draw(KITCHEN, "sewing_needle"))
    assert first(b, "mm.search")["success"] and b.state.mouse("tilly").searched == ("kitchen",)
    kept = run(b.state, KeepFound("tilly", True)).state
    refused(new_turn(kept), Search("tilly"), "MM-SEARCH-5")
    assert Search("bram") in legal(new_turn(kept, "bram"))


def test_MM_SEARCH_1_the_search_is_announced_then_rolled():
    a = run(kitchen(), Search("tilly"), 2, pad=False)
    ev = first(a, "mm.search")
    assert ev["face"] == 2 and ev["tile"] == "kitchen" and run.used == 1
    assert "MM-SEARCH-1" in ev.rules
    assert "searches" in SYSTEM.explain(ev) and "обыскивает" in SYSTEM.explain(ev, "ru")


def test_MM_SEARCH_3_our_search_deck_items_and_events():
    for deck in (KITCHEN, CELLAR):
        for entry in deck:
            assert entry.item in cards.items() or entry.event in ("cheese", "wheel", "webbed", "page")
    cheese = run(kitchen(), Search("tilly"), 5, draw(KITCHEN, "cheese"))
    assert cheese.state.mouse("tilly").cheese == 2 and "mm.search_event" in kinds(cheese)
    wheel = run(kitchen(), Search("tilly"), 5, draw(KITCHEN, "wheel"))
    assert wheel.state.wheel == 1 and "MM-WHEEL-4" in first(wheel, "mm.wheel").rules
    cellar = scene({"tilly": C(4), "bram": C(4)}, order=("tilly", "bram"))
    web = run(cellar, Search("tilly"), 5, draw(CELLAR, "webbed"))
    assert web.state.mouse("tilly").webbed
    page = run(cellar, Search("tilly"), 5, draw(CELLAR, "page"))
    assert page.state.page == cellar.page + 1 and "MM-END-4" in first(page, "mm.page").rules
    empty = replace(kitchen(), search_decks=(("kitchen", ()),))
    assert "mm.search_empty" in kinds(run(empty, Search("tilly"), 6))
    # the drawn card leaves the deck
    assert len(cheese.state.deck("kitchen")) == len(KITCHEN) - 1


def test_MM_SEARCH_4_keep_the_find_or_discard_it_for_one_cheese():
    found = run(kitchen(), Search("tilly"), 6, draw(KITCHEN, "thimble_helm")).state
    assert found.pending[0].item == "thimble_helm" and SYSTEM.current_player(found) == "mice"
    assert set(legal(found)) == {KeepFound("tilly", True), KeepFound("tilly", False)}
    kept = run(found, KeepFound("tilly", True)).state
    assert kept.mouse("tilly").pack == ("thimble_helm",) and kept.mouse("tilly").cheese == 0
    dropped = run(found, KeepFound("tilly", False)).state
    assert dropped.mouse("tilly").pack == () and dropped.mouse("tilly").cheese == 1
    assert "thimble_helm" in dropped.discarded


def test_MM_SEARCH_6_a_stunned_mouse_cannot_search():
    refused(kitchen(stunned=True), Search("tilly"), "MM-SEARCH-6")


# --------------------------------------------------------------------------- MM-EQUIP


def test_MM_EQUIP_1_one_equip_moves_any_number_of_cards_swaps_included():
    state = kitchen(pack=("sewing_needle", "thimble_helm"))
    a = run(state, Equip("tilly", ("sewing_needle", "thimble_helm", "walnut_shield")))
    t = a.state.mouse("tilly")
    assert set(t.equipped) == {"sewing_needle", "thimble_helm", "walnut_shield"} and t.pack == ("oak_sword",)
    refused(state, Equip("tilly", ("oak_sword", "walnut_shield")), "MM-EQUIP-1")  # nothing changes
    refused(state, Equip("tilly", ("pin_dagger",)), "MM-EQUIP-1")  # not its card


def test_MM_TV_26_MM_EQUIP_2_MM_EQUIP_3_a_pack_over_three_is_cut_at_once_without_cheese():
    """MM-TV-26 (MM-EQUIP-2, MM-EQUIP-3): pack a, b, c; equipped d goes to the pack -> discard 1."""
    state = kitchen(pack=("sewing_needle", "thimble_helm", "lucky_bead"), equipped=("oak_sword",))
    a = run(state, Equip("tilly", ()))
    assert a.state.pending[0].kind == "discard" and first(a, "mm.pack_full")["over"] == 1
    assert set(legal(a.state)) == {Discard("tilly", c) for c in a.state.mouse("tilly").pack}
    refused(a.state, EndTurn("tilly"), "MM-TURN-3")
    b = run(a.state, Discard("tilly", "lucky_bead"))
    assert not b.state.pending and b.state.mouse("tilly").cheese == 0 and len(b.state.mouse("tilly").pack) == 3
    assert first(b, "mm.discard")["cheese"] == 0


def test_MM_EQUIP_3_tricks_do_not_count_towards_the_limit():
    state = kitchen(pack=("sewing_needle", "thimble_helm", "lucky_bead", "crumb_trick"))
    assert pack_count(state, state.mouse("tilly")) == 3 and SYSTEM.invariants(state) == []
    strict = kitchen(pack=("sewing_needle", "thimble_helm", "lucky_bead"))
    strict = replace(strict, cfg=replace(strict.cfg, pack_limit_exempt=()))
    found = run(strict, Search("tilly"), 6, draw(KITCHEN, "crumb_trick")).state
    assert run(found, KeepFound("tilly", True)).state.pending[0].kind == "discard"


def test_MM_EQUIP_3_scrolls_do_not_count_either_as_the_seed_reads():
    """The seed: «В сумке может находиться не более 3 предметов», and scrolls and tricks are not
    «предметы» («по 1 предмету (или свитку или уловке)»): three items and a scroll fit."""
    state = kitchen(pack=("sewing_needle", "thimble_helm", "lucky_bead", "mending_scroll"))
    assert pack_count(state, state.mouse("tilly")) == 3 and SYSTEM.invariants(state) == []
    full = kitchen(pack=("sewing_needle", "thimble_helm", "lucky_bead"))
    found = run(full, Search("tilly"), 6, draw(KITCHEN, "mending_scroll")).state
    kept = run(found, KeepFound("tilly", True)).state
    assert not kept.pending and "mending_scroll" in kept.mouse("tilly").pack


def test_MM_EQUIP_4_body_slots_and_two_paws():
    assert SYSTEM.slots_ok(("oak_sword", "walnut_shield", "thimble_helm", "bottlecap_mail", "lucky_bead")) == ""
    assert "paws" in SYSTEM.slots_ok(("oak_sword", "walnut_shield", "pin_dagger"))
    assert "paws" in SYSTEM.slots_ok(("reed_bow", "oak_sword"))  # a two-pawed bow
    assert "cannot be equipped" in SYSTEM.slots_ok(("mending_scroll",))
    state = kitchen(pack=("rubber_sling",))
    refused(state, Equip("tilly", ("rubber_sling", "oak_sword")), "MM-EQUIP-4")
    assert run(state, Equip("tilly", ("rubber_sling",))).state.mouse("tilly").equipped == ("rubber_sling",)


def test_MM_EQUIP_5_pack_contents_are_inert():
    state = scene({"tilly": {"cell": C(1), "pack": ("sewing_needle", "thimble_helm")}}, (("rat_1", "rat", C(2)),))
    refused(state, Attack("tilly", "sewing_needle", "rat_1"), "MM-EQUIP-5")
    assert SYSTEM.mouse_defence(state.mouse("tilly")) == 3  # the helm in the pack adds nothing


# --------------------------------------------------------------------------- MM-SHARE


def test_MM_SHARE_1_swap_cards_and_cheese_either_way_with_a_mouse_in_reach():
    state = kitchen(pack=("sewing_needle",), cheese=3)
    state = state.with_mouse(replace(state.mouse("bram"), pack=("thimble_helm",), cheese=1))
    a = run(state, Share("tilly", "bram", give=("sewing_needle",), take=("thimble_helm",), give_cheese=2, take_cheese=1))
    t, b = a.state.mouse("tilly"), a.state.mouse("bram")
    assert t.pack == ("thimble_helm",) and b.pack == ("sewing_needle",) and (t.cheese, b.cheese) == (2, 2)
    refused(state, Share("tilly", "bram", give=("oak_sword",)), "MM-SHARE-1")  # starting equipment
    refused(state, Share("tilly", "bram", give_cheese=9), "MM-SHARE-1")
    refused(a.state, Share("tilly", "bram", give_cheese=1), "MM-TURN-3")  # once a turn


def test_MM_SHARE_2_received_cards_go_to_the_pack_and_captured_mice_cannot_share():
    state = kitchen(pack=("sewing_needle",))
    state = state.with_mouse(replace(state.mouse("bram"), pack=("thimble_helm", "lucky_bead", "pin_dagger")))
    a = run(state, Share("tilly", "bram", give=("sewing_needle",)))
    assert a.state.pending == (Pending("discard", "bram"),)
    assert SYSTEM.current_player(a.state) == "mice"
    cap = state.with_mouse(replace(state.mouse("bram"), captured=True, cell=""))
    refused(cap, Share("tilly", "bram", give=("sewing_needle",)), "MM-SHARE-2")


# --------------------------------------------------------------------------- MM-LEVEL


def test_MM_TV_24_MM_LEVEL_1_MM_LEVEL_3_one_level_a_turn_for_six_cheese():
    """MM-TV-24 (MM-LEVEL-1, MM-LEVEL-3): 13 cheese -> one ability this turn, 7 left."""
    state = kitchen(cheese=13)
    a = run(state, LevelUp("tilly", "rallying_cry"))
    assert a.state.mouse("tilly").cheese == 7 and a.state.mouse("tilly").abilities == ("rallying_cry",)
    refused(a.state, LevelUp("tilly", "second_wind"), "MM-TURN-3")
    assert not any(isinstance(c, LevelUp) for c in legal(a.state))


def test_MM_TV_25_MM_LEVEL_1_five_cheese_is_not_enough_and_the_class_must_match():
    """MM-TV-25 (MM-LEVEL-1)."""
    refused(kitchen(cheese=5), LevelUp("tilly", "rallying_cry"), "MM-LEVEL-1")
    refused(kitchen(cheese=6), LevelUp("tilly", "mend"), "MM-LEVEL-1")  # a healer's
    refused(kitchen(cheese=6, abilities=("rallying_cry",)), LevelUp("tilly", "rallying_cry"), "MM-LEVEL-1")
    assert {c.ability for c in legal(kitchen(cheese=6)) if isinstance(c, LevelUp)} == {"rallying_cry", "second_wind"}


def test_MM_LEVEL_2_one_ability_a_turn():
    state = scene({"tilly": {"cell": C(1), "abilities": ("rallying_cry", "second_wind"), "wounds": 2}},
                  (("rat_1", "rat", C(2)),))
    healed = run(state, Use("tilly", "second_wind"))
    assert healed.state.mouse("tilly").wounds == 1 and healed.state.turn.ability_used
    refused(healed.state, Attack("tilly", "oak_sword", "rat_1", ability="rallying_cry"), "MM-LEVEL-2")
    boosted = run(state, Attack("tilly", "oak_sword", "rat_1", ability="rallying_cry"), 1, 1, 1, 1)
    assert first(boosted, "mm.attack")["dice"] == 4
    refused(boosted.state, Use("tilly", "second_wind"), "MM-LEVEL-2")


# --------------------------------------------------------------------------- MM-GROUP, MM-COND-5


def test_MM_GROUP_1_MM_GROUP_2_group_items_belong_to_the_party():
    found = run(kitchen(pack=("a1", "a2", "a3")), Search("tilly"), 6, draw(KITCHEN, "lantern_moth")).state
    kept = run(found, KeepFound("tilly", True))
    assert kept.state.group_items == ("lantern_moth",) and kept.state.mouse("tilly").pack == ("a1", "a2", "a3")
    assert not kept.state.pending  # no slot, no pack space
    assert "Lantern Moth" in SYSTEM.status(kept.state)[3] and "Мотылёк" in SYSTEM.status(kept.state, "ru")[3]
    hurt = new_turn(kept.state.with_mouse(replace(kept.state.mouse("bram"), wounds=2)), "bram")
    used = run(hurt, Use("bram", "lantern_moth"))  # another mouse uses it, no Share needed
    assert used.state.mouse("bram").wounds == 1 and used.state.group_items == ()


def test_MM_COND_5_ordinary_healing_leaves_poisoned_wounds():
    state = scene({"hazel": {"cell": C(1), "wounds": 2, "poison": 2, "abilities": ("mend", "purge"),
                             "pack": ("mending_scroll",)}}, turn="hazel")
    refused(state, Use("hazel", "mend"), "MM-COND-5")
    refused(state, Use("hazel", "mending_scroll"), "MM-COND-5")
    cured = run(state, Use("hazel", "purge"))
    assert cured.state.mouse("hazel").wounds == 1 and cured.state.mouse("hazel").poison == 1
    assert "MM-COND-5" in first(cured, "mm.use").rules
    mixed = scene({"hazel": {"cell": C(1), "wounds": 2, "poison": 1, "pack": ("mending_scroll",)}}, turn="hazel")
    healed = run(mixed, Use("hazel", "mending_scroll"))
    assert (healed.state.mouse("hazel").wounds, healed.state.mouse("hazel").poison) == (1, 1)
    assert "mending_scroll" not in healed.state.mouse("hazel").cards
