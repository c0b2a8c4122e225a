"""Campaign carry-over between chapters as plain JSON (MM-CAMP, MM-ACH, MM-GROUP-3)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.core.dice import SeededDice
from game.rules.engine import Setup
from game.rules.mice_and_mystics.campaign import (
    PartyError,
    default_keep,
    export_party,
    import_party,
    load_party,
    save_party,
)
from game.rules.mice_and_mystics.combat import capture
from tests.rules.mice_and_mystics.scene import SYSTEM, C, scene


def next_chapter(doc, **options):
    return SYSTEM.new_state(Setup("mice_and_mystics", "mice_chapter.tmx", 3, {"party": doc, **options}), SeededDice(3))


def finished_chapter():
    tilly = {"cell": C(1), "cheese": 5, "equipped": ("oak_sword", "walnut_shield"), "pack": ("mending_scroll", "rubber_sling"),
             "abilities": ("rallying_cry", "second_wind"), "personal_ach": ("first_bite",), "wounds": 2,
             "stunned": True, "searched": ("cellar",)}
    state = scene({"tilly": tilly, "bram": C(1)}, group_items=("lantern_moth",), story_ach=("met_the_owl",),
                  wheel=4, page=4, result="won", phase="over")
    return state


def test_MM_TV_31_MM_CAMP_1_2_3_what_the_next_chapter_starts_with():
    """MM-TV-31 (MM-CAMP-1, MM-CAMP-2, MM-CAMP-3)."""
    doc = export_party(finished_chapter(), {"tilly": "rubber_sling"})
    json.dumps(doc)  # plain JSON
    new = next_chapter(doc)
    t = new.mouse("tilly")
    assert t.cheese == 0 and set(t.cards) == {"oak_sword", "walnut_shield", "rubber_sling"}
    assert t.abilities == ("rallying_cry", "second_wind") and new.story_ach == ("met_the_owl",)
    assert t.personal_ach == () and new.group_items == ()


def test_MM_CAMP_2_one_card_kept_and_starting_equipment_always():
    state = finished_chapter()
    with pytest.raises(PartyError):
        export_party(state, {"tilly": "oak_sword"})  # starting equipment is not the kept card
    with pytest.raises(PartyError):
        export_party(state, {"tilly": "honey_drop"})  # not held
    none_kept = next_chapter(export_party(state, {"tilly": ""}))
    assert none_kept.mouse("tilly").cards == ("oak_sword", "walnut_shield")
    assert default_keep(state.mouse("tilly")) == "rubber_sling"
    fits = next_chapter(export_party(state, {"tilly": "mending_scroll"})).mouse("tilly")
    assert fits.pack == ("mending_scroll",)  # a card that cannot be worn waits in the pack


def test_MM_CAMP_4_a_new_chapter_starts_clean():
    new = next_chapter(export_party(finished_chapter()))
    t = new.mouse("tilly")
    assert new.wheel == 0 and new.page == 1 and t.conditions == () and t.searched == () and t.wounds == 0
    assert new.result == "" and new.phase in ("turn", "gm", "captured")
    kept = next_chapter(export_party(finished_chapter()), chapter_start_health="keep_wounds")
    assert kept.mouse("tilly").wounds == 2


def test_MM_CAMP_5_a_captured_mouse_keeps_by_the_same_rule():
    state = finished_chapter()
    state = capture(state, "tilly", [])
    t = state.mouse("tilly")
    assert t.captured and "rubber_sling" in t.pack
    doc = export_party(replace(state, result="won"), {"tilly": "rubber_sling"})
    assert "rubber_sling" in next_chapter(doc).mouse("tilly").cards


def test_MM_GROUP_3_group_items_are_not_kept():
    doc = export_party(finished_chapter())
    assert "lantern_moth" not in json.dumps(doc) and next_chapter(doc).group_items == ()


def test_MM_ACH_1_story_achievements_carry_MM_ACH_2_personal_ones_do_not():
    doc = export_party(finished_chapter())
    assert doc["story_achievements"] == ["met_the_owl"] and "first_bite" not in json.dumps(doc)


def test_party_files_round_trip_and_bad_documents_are_refused(tmp_path):
    doc = export_party(finished_chapter(), {"tilly": "rubber_sling"})
    path = tmp_path / "party.json"
    save_party(path, doc)
    assert load_party(path) == doc and import_party(doc).member("tilly").cards[-1] == "rubber_sling"
    for bad in ({}, {"format": "tabletop-mm-party", "version": 99},
                {"format": "tabletop-mm-party", "version": 1, "mice": [{"abilities": []}]},
                {"format": "tabletop-mm-party", "version": 1, "mice": [{"id": "x", "abilities": ["fly"]}]}):
        with pytest.raises(PartyError):
            import_party(bad)
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    with pytest.raises(PartyError):
        load_party(tmp_path / "broken.json")
