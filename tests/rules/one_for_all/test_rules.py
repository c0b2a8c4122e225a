"""One for All rules not covered elsewhere, each checked on a table with scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.dice import ScriptedDice
from game.rules.engine import IllegalCommand, Match, Setup
from game.rules.one_for_all.commands import ACTION_KINDS, Act, Activate, Duel, Move, Stop
from game.rules.one_for_all.config import OFAConfig
from game.rules.one_for_all.dice import FigureMarkers
from game.rules.one_for_all.game import OneForAll
from tests.rules.one_for_all.scene import Piece, start, write_scene

M, C = "musketeers", "cardinal"
PLATE = Piece(1, 205, 305, 10, 10, 2, kind="plate", flags={"liftable": True, "blocks_sight": False})


def kinds(events):
    return [e.kind for e in events]


def first(events, kind):
    return next(e for e in events if e.kind == kind)


@pytest.fixture(scope="module")
def tavern():
    return Match(OneForAll(), Setup("one_for_all", "tavern.tmx", 1), dice=ScriptedDice([6, 1]))


@pytest.fixture
def duo(tmp_path):
    return write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("Guard", C, "guard", 225, 300),
                                  ("Rochefort", C, "rochefort", 200, 100)], [PLATE])


def test_OFA_0_2_and_1A_1_figures_are_40mm_models_on_25mm_bases(tavern):
    """OFA-0.2, OFA-1A.1: H = 40 mm and r = 12.5 mm unless a map says otherwise."""
    for f in tavern.state.figures:
        assert (f.radius, f.height) == (12.5, 40.0)


def test_OFA_1_2_basic_game_forces_and_OFA_3B_2_ratings(tavern):
    by_side = {}
    for f in tavern.state.figures:
        by_side.setdefault(f.side, {})[f.profile] = f.rating
    assert sorted(by_side[M].items()) == [("aramis", 3), ("athos", 3), ("dartagnan", 4), ("porthos", 3)]
    assert by_side[C]["rochefort"] == 4 and by_side[C]["guard"] == 2
    assert sum(1 for f in tavern.state.figures if f.side == C) == 5


def test_OFA_1C_1_the_tavern_is_an_18_by_24_inch_table(tavern):
    board = OneForAll().table_for("tavern.tmx").board
    assert (board.width_mm, board.height_mm) == pytest.approx((457.2, 609.6))


def test_OFA_1C_2_the_courtyard_holds_the_scenery_the_seed_names():
    board = OneForAll().table_for("tavern.tmx").board
    assert {"table", "bench", "barrel", "stairs", "balcony", "chandelier", "well"} <= {t.kind for t in board.terrain}


def test_OFA_1C_3_both_sides_deploy_along_their_own_short_edge(tavern):
    system = OneForAll()
    assert system.deployment_problems(tavern.state) == []
    athos = tavern.state.figure("athos")
    moved = tavern.state.with_figure(replace(athos, y=300.0))
    assert any("Athos" in p for p in system.deployment_problems(moved))


def test_OFA_1_4_and_3D_1_every_action_adds_a_die_and_OFA_3D_4_the_pool_is_lost(duo):
    m = start(duo, [2, 3, 4, 5, 5, 6])
    m.submit(Activate("athos"))
    assert first(m.submit(Act("athos", "pick_up", "1")), "ofa.pool_roll")["pool"] == 1
    assert len(first(m.submit(Act("athos", "dodge", "guard")), "ofa.pool_roll")["faces"]) == 2
    m.submit(Stop("athos"))
    m.submit(Activate("athos"))
    assert m.state.activation.pool == 0


def test_OFA_1B_1_the_pool_has_no_maximum(duo):
    m = start(duo, [3] * 12 + [2, 2])
    m.submit(Activate("athos"))
    m.state = replace(m.state, activation=replace(m.state.activation, pool=11))
    assert len(first(m.submit(Act("athos", "punch", "guard", ("guard",))), "ofa.pool_roll")["faces"]) == 12


def test_OFA_2_2_and_3_2_an_action_happens_before_and_whatever_the_dice(duo):
    """OFA-2.1, OFA-2.2, OFA-3.2: announced and done; the plate is picked up although the roll
    that follows shows a 1 (OFA-3A.2), and the hand-over follows (OFA-3A.3, OFA-FAQ.4)."""
    m = start(duo, [1])
    m.submit(Activate("athos"))
    events = m.submit(Act("athos", "pick_up", "1"))
    assert m.state.figure("athos").carrying == "1" and m.state.initiative == C
    assert kinds(events).index("ofa.action") < kinds(events).index("ofa.pool_roll")


def test_OFA_2A_1_an_action_needs_an_object_in_contact(duo):
    m = start(duo, [])
    m.submit(Activate("athos"))
    with pytest.raises(IllegalCommand) as info:
        m.submit(Act("athos", "pick_up", "nothing here"))
    assert info.value.rule_id == "OFA-2A.1"


def test_OFA_2A_2_the_catalogue_and_unknown_actions(duo):
    assert {"throw", "roll", "leap_onto", "leap_off", "leap_over", "grab", "swing", "slide", "stairs",
            "punch", "kick", "slap", "insult", "dodge"} <= set(ACTION_KINDS)
    m = start(duo, [])
    m.submit(Activate("athos"))
    with pytest.raises(IllegalCommand, match="OFA-2A.2"):
        m.submit(Act("athos", "juggle", "1"))


def test_OFA_2A_3_pick_up_and_throw_whole_is_one_action(duo):
    m = start(duo, [3, 4, 2, 2, 2])  # Athos [3] against Rochefort's four dice
    m.submit(Activate("athos"))
    events = m.submit(Act("athos", "throw", "1", ("rochefort",)))
    assert "OFA-2A.3" in first(events, "ofa.action").rules and m.state.activation.pool == 1


def test_OFA_2B_3_chaining_move_act_move(duo):
    m = start(duo, [4, 2, 2])
    m.submit(Activate("athos"))
    m.submit(Act("athos", "punch", "guard", ("guard",)))
    m.submit(Move("athos", 180.0, 30.0))  # a move after an action, in the same activation
    assert m.state.activation is None  # it ended in open space: a Free Move (OFA-2B.4)


def test_OFA_2B_5_and_3B_1_acting_without_moving_and_OFA_FAQ_11_rating_adds_nothing(duo):
    m = start(duo, [5, 2, 2])
    m.submit(Activate("athos"))
    roll = first(m.submit(Act("athos", "punch", "guard", ("guard",))), "ofa.pool_roll")
    assert len(roll["faces"]) == 1  # Athos's rating 3 does not add to a swashbuckling attack


def test_OFA_3C_6_and_4_5_in_a_duel_the_attacker_takes_the_hits_when_it_loses(duo):
    m = start(duo, [2, 2, 2, 6, 5])
    m.submit(Activate("athos"))
    events = m.submit(Duel("athos", "guard"))
    assert first(events, "ofa.duel")["hits_to_attacker"] == 4
    assert m.state.figure("athos").markers.wounds >= 1


def test_OFA_4B_2_duel_again_with_the_same_pool_and_OFA_4B_3_break_off_freely(duo):
    m = start(duo, [4, 2, 2, 4, 4, 3, 2, 3, 3, 3, 2])
    m.submit(Activate("athos"))
    m.submit(Act("athos", "punch", "guard", ("guard",)))  # pool 1, [4] vs [2,2]: 2 hits, guard pushed
    m.submit(Move("athos", 0.0))  # runs back into the guard
    first(m.submit(Duel("athos", "guard")), "ofa.duel")
    assert m.state.activation.pool == 1
    if m.state.activation and m.state.figure("guard").conscious:
        m.submit(Move("athos", 180.0, 20.0))  # OFA-4B.3: no disengagement test


def test_OFA_5D_10_retrieve_the_weapon_and_OFA_5D_13_no_healing(duo):
    m = start(duo, [3])
    athos = m.state.figure("athos")
    m.state = m.state.with_figure(replace(athos, markers=FigureMarkers(unarmed=True, wounds=2)))
    m.submit(Activate("athos"))
    m.submit(Act("athos", "retrieve_weapon"))
    assert m.state.figure("athos").markers == FigureMarkers(wounds=2)
    with pytest.raises(IllegalCommand):
        m.submit(Act("athos", "recover"))  # nothing to recover from; wounds never heal


def test_OFA_6_3_a_player_keeps_activating_until_a_one(duo):
    m = start(duo, [2, 5, 5, 5, 5, 2, 5, 5, 5, 5])  # Rochefort (rating 4) parries both
    for _ in range(2):
        m.submit(Activate("athos"))
        m.submit(Act("athos", "insult", "rochefort", ("rochefort",)))
        m.submit(Stop("athos"))
    assert m.state.initiative == M


def test_OFA_FAQ_1_a_move_has_no_length_limit(duo):
    m = start(duo, [])
    m.submit(Activate("athos"))
    (ev, *_rest) = m.submit(Move("athos", 90.0))
    assert ev["distance"] == pytest.approx(600 - 300 - 12.5) and ev["touched"] == "y_max"


def test_OFA_FAQ_5_and_6_the_other_player_never_acts_or_reacts(duo):
    """OFA-FAQ.5, OFA-FAQ.6: no reactions; the enemy cannot hold a figure in a duel."""
    m = start(duo, [])
    with pytest.raises(IllegalCommand, match="OFA-6.2"):
        m.submit(Activate("guard"))
    m.submit(Activate("athos"))
    with pytest.raises(IllegalCommand):
        m.submit(Move("guard", 0.0))


def test_OFA_FAQ_10_an_insult_can_hurt(duo):
    m = start(duo, [6, 2, 2, 1, 2])
    m.submit(Activate("athos"))
    attack = first(m.submit(Act("athos", "insult", "rochefort", ("rochefort",))), "ofa.attack")
    assert attack["hits_to_defender"] == 4 and m.state.figure("rochefort").markers.wounds == 1


def test_OFA_SM_3_the_defenders_ones_never_cost_the_initiative(duo):
    """OFA-SM.3 (3), OFA-3.1: the roll decides the initiative and the avoidance, only the active dice count."""
    m = start(duo, [5, 1, 1])
    m.submit(Activate("athos"))
    m.submit(Act("athos", "punch", "guard", ("guard",)))
    assert m.state.initiative == M and m.state.activation is not None


def test_OFA_SM_1_the_state_holds_what_the_machine_needs(tavern):
    st = tavern.state
    assert st.sides == (M, C) and st.initiative in st.sides and st.activation is None
    assert st.counters.figure_ones == 0 and st.counters.turn_fails == 0


def test_OFA_MG_0_measurement_guides_are_settings(duo, tmp_path):
    """OFA-MG.0: every number of the guide is a cfg value; OFA-4A.1 with elev_min raised."""
    assert OFAConfig.from_options({"elev_min": 30}).elev_min == 30.0
    with pytest.raises(ValueError, match="unknown One for All option"):
        OFAConfig.from_options({"elevation": 3})
    path = write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("Guard", C, "guard", 225, 300)],
                       [Piece(1, 150, 250, 62.5, 100, 18, kind="table", flags={"surface": True})], name="t.tmx")
    for elev_min, bonus in ((10, 1), (30, 0)):
        m = start(path, [3, 3, 3, 3, 3, 3, 3], elev_min=elev_min)
        m.submit(Activate("athos"))
        assert first(m.submit(Duel("athos", "guard")), "ofa.duel")["attacker_bonus"] == bonus


def test_OFA_0_1_explanations_use_the_spec_terms(duo):
    m = start(duo, [6, 2, 2])
    m.submit(Activate("athos"))
    m.submit(Act("athos", "punch", "guard", ("guard",)))
    text = " ".join(OneForAll().explain(e) for e in m.events)
    assert "pool" in text and "Pushed Back, Stunned, Dropped Weapon, Wounded" in text
    m.submit(Move("athos", 180.0, 20.0))
    assert "Free Move" in OneForAll().explain(m.events[-1])
    ru = OneForAll().explain(m.events[-1], "ru")
    assert "свободный ход" in ru and "[OFA-2B.4]" in ru


def test_OFA_MG_1_a_leap_needs_a_real_direction(tmp_path):
    """Found by the command fuzzer: a NaN or infinite angle is refused, not a crash."""
    path = write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("Guard", C, "guard", 500, 500)],
                       [Piece(1, 150, 250, 100, 100, 18, kind="table", flags={"surface": True})], name="l.tmx")
    m = start(path, [])
    m.submit(Activate("athos"))
    for angle in (float("nan"), float("inf")):
        with pytest.raises(IllegalCommand, match="OFA-MG.1"):
            m.submit(Act("athos", "leap_off", "1", angle=angle))
