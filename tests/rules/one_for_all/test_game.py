"""The One for All turn flow (OFA-SM) on small tables, with dice fixed by a scripted roller."""

from __future__ import annotations

import pytest

from game.rules.engine import IllegalCommand
from game.rules.one_for_all.commands import Act, Activate, AllocateHits, Duel, Move, Stop
from tests.rules.one_for_all.scene import Piece, start, write_scene

M, C = "musketeers", "cardinal"


def kinds(events):
    return [e.kind for e in events]


def first(events, kind):
    return next(e for e in events if e.kind == kind)


@pytest.fixture
def duo(tmp_path):
    """Athos and a Guard in base contact on the floor, room all around."""
    return write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("Guard", C, "guard", 225, 300)])


def test_OFA_1C_4_roll_off_rerolls_ties_and_the_higher_goes_first(duo):
    from game.core.dice import ScriptedDice
    from game.rules.engine import Match, Setup
    from game.rules.one_for_all.game import OneForAll

    m = Match(OneForAll(), Setup("one_for_all", str(duo), 1), dice=ScriptedDice([3, 3, 2, 5]))
    assert m.state.first_player_roll == ((3, 3), (2, 5))
    assert m.state.initiative == C


def test_OFA_0_4_and_2B_1_move_stops_at_the_barrel_not_the_rug(tmp_path):
    """The spec's example: contact with the barrel after 67.887 mm; the rug is flat."""
    path = write_scene(tmp_path, [("Athos", M, "athos", 100, 100), ("Guard", C, "guard", 500, 500)], [
        Piece(1, 180, 85, 40, 40, 30, kind="barrel", shape="ellipse"),
        Piece(2, 130, 60, 30, 80, 1, kind="rug", flags={"flat": True, "blocks_sight": False}),
    ])
    m = start(path, [])
    m.submit(Activate("athos"))
    (ev,) = m.submit(Move("athos", 0.0))
    assert ev["touched"] == "1" and ev["distance"] == pytest.approx(67.887, abs=0.05)
    assert m.state.activation.contact == "1"
    assert "OFA-0.4" in ev.rules and "OFA-2B.1" in ev.rules


def test_OFA_2B_4_a_move_into_open_space_is_a_free_move_and_ends_the_activation(duo):
    """OFA-FAQ.2, OFA-FAQ.3, OFA-6.1: moving into empty space is allowed and ends the activation."""
    m = start(duo, [])
    m.submit(Activate("athos"))
    events = m.submit(Move("athos", 180.0, 50.0))
    assert "ofa.free_move" in kinds(events) and m.state.activation is None
    assert m.state.initiative == M  # OFA-6.2: the player goes on with another activation
    assert m.state.figure("athos").x == pytest.approx(150.0)


def test_OFA_2B_2_after_running_into_something_stop_act_with_it_or_duel(duo, tmp_path):
    path = write_scene(tmp_path, [("Athos", M, "athos", 100, 300), ("Guard", C, "guard", 300, 300),
                                  ("Rochefort", C, "rochefort", 100, 100)], name="b.tmx")
    m = start(path, [])
    m.submit(Activate("athos"))
    m.submit(Move("athos", 0.0))
    assert m.state.activation.contact == "guard"
    with pytest.raises(IllegalCommand) as info:
        m.submit(Move("athos", 90.0))
    assert info.value.rule_id == "OFA-2B.2"
    with pytest.raises(IllegalCommand, match="OFA-2B.2"):
        m.submit(Act("athos", "insult", "rochefort", ("rochefort",)))
    events = m.submit(Stop("athos"))
    assert "OFA-2B.4" in events[0].rules


def test_OFA_3C_5_and_TV_S3_a_punch_the_guard_beats_hurts_nobody(duo):
    """OFA-FAQ.9: the attacker who loses takes nothing."""
    m = start(duo, [4, 5, 3])
    m.submit(Activate("athos"))
    events = m.submit(Act("athos", "punch", "guard", ("guard",)))
    attack = first(events, "ofa.attack")
    assert (attack["attacker_score"], attack["defender_score"], attack["hits_to_defender"]) == (4, 5, 0)
    assert "OFA-3C.5" in attack.rules
    assert m.state.figure("athos").markers.wounds == 0 and m.state.initiative == M


def test_TV_S2_porthos_plate_two_hits_pushed_back_and_stunned(tmp_path):
    """OFA-3C.4: pick up (pool 1, [3]), throw (pool 2, [6,6] = 7) against the Guard's [5,2]."""
    path = write_scene(tmp_path, [("Porthos", M, "porthos", 100, 300), ("Guard", C, "guard", 300, 300)], [
        Piece(1, 105, 305, 10, 10, 2, kind="plate", flags={"liftable": True, "blocks_sight": False}),
    ])
    m = start(path, [3, 6, 6, 5, 2])
    m.submit(Activate("porthos"))
    m.submit(Act("porthos", "pick_up", "1"))
    assert m.state.figure("porthos").carrying == "1"
    events = m.submit(Act("porthos", "throw", "1", ("guard",)))
    attack = first(events, "ofa.attack")
    assert (attack["attacker_score"], attack["defender_score"], attack["hits_to_defender"]) == (7, 5, 2)
    guard = m.state.figure("guard")
    assert guard.markers.stunned and not guard.markers.unarmed and guard.x > 300  # pushed back first
    assert m.state.initiative == M and m.state.activation.pool == 2


def test_TV_S7_a_one_loses_the_initiative_only_after_the_barrel_is_resolved(tmp_path):
    """OFA-3A.2: d'Artagnan's second action rolls [1,5]; the Guard [3,4] is still pushed back.
    Then OFA-3A.3 / OFA-SM.4: the pool is lost and the other player's turn starts."""
    path = write_scene(tmp_path, [("dArtagnan", M, "dartagnan", 100, 300), ("Guard", C, "guard", 400, 300)], [
        Piece(1, 112.5, 280, 40, 40, 40, kind="barrel", shape="ellipse", flags={"rollable": True}),
    ])
    m = start(path, [4, 1, 5, 3, 4])
    m.submit(Activate("dartagnan"))
    m.submit(Act("dartagnan", "improvise", "1"))  # action 1: pool 1, [4]
    events = m.submit(Act("dartagnan", "roll", "1", angle=0.0))
    assert kinds(events).index("ofa.push") < kinds(events).index("ofa.initiative_lost")
    assert first(events, "ofa.attack")["hits_to_defender"] == 1
    assert m.state.initiative == C and m.state.activation is None


def test_TV_S5_a_duel_does_not_spend_the_pool(duo):
    """OFA-3D.2, OFA-FAQ.8, OFA-2A.4, OFA-4.1: a duel is not an action. Three actions, a lost duel
    (the loser takes the hits, OFA-5.1), then a fourth action rolls 4 dice (OFA-SM.2 FIGURE_STEP)."""
    m = start(duo, [2, 3, 4, 2, 3, 4, 5, 2, 2, 3, 4, 5,  # three punches, the guard always higher
                    2, 2, 2, 3, 3, 4, 5, 2,  # the duel: 6 dice [..4] against [5,2]: Athos loses by 1
                    3, 3, 3, 3, 2, 2])  # the insult after it: 4 dice
    m.submit(Activate("athos"))
    for _ in range(3):
        m.submit(Act("athos", "improvise", "guard"))
    assert m.state.activation.pool == 3
    duel = first(m.submit(Duel("athos", "guard")), "ofa.duel")
    assert duel["attacker_dice"] == 6 and duel["pool"] == 3  # pool 3 + rating 3
    assert m.state.activation.pool == 3 and m.state.activation.figure == "athos"
    roll = first(m.submit(Act("athos", "insult", "guard", ("guard",))), "ofa.pool_roll")
    assert len(roll["faces"]) == 4


def test_OFA_4_2_a_duel_needs_contact_and_a_weapon(tmp_path):
    path = write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("Guard", C, "guard", 227.5, 300)])
    m = start(path, [])
    m.submit(Activate("athos"))
    with pytest.raises(IllegalCommand) as info:
        m.submit(Duel("athos", "guard"))  # gap 2.5 > 1 mm
    assert info.value.rule_id == "OFA-4.2"


def test_OFA_5D_6_unarmed_cannot_challenge_and_5D_3_stunned_cannot_move(duo):
    from dataclasses import replace

    from game.rules.one_for_all.dice import FigureMarkers

    m = start(duo, [3])
    athos = m.state.figure("athos")
    m.state = m.state.with_figure(replace(athos, markers=FigureMarkers(stunned=True, unarmed=True)))
    m.submit(Activate("athos"))
    with pytest.raises(IllegalCommand, match="OFA-5D.6"):
        m.submit(Duel("athos", "guard"))
    with pytest.raises(IllegalCommand, match="OFA-5D.3"):
        m.submit(Move("athos", 180.0))
    events = m.submit(Act("athos", "recover"))  # OFA-5D.5: cleared before the roll
    assert not m.state.figure("athos").markers.stunned
    assert "OFA-5D.5" in events[0].rules


def test_TV_E5_duel_bonuses_elevation_and_friends_in_contact(tmp_path):
    """OFA-4A.1/4A.2: Athos on a table (+1), Aramis touching the Guard (+1), pool 2: 7 dice."""
    path = write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("Guard1", C, "guard", 225, 300),
                                  ("Aramis", M, "aramis", 225, 325), ("Guard2", C, "guard", 200, 275)], [
        Piece(1, 150, 250, 62.5, 100, 18, kind="table", flags={"surface": True}),
    ])
    m = start(path, [5, 5, 4, 1, 3, 4, 4, 5, 2, 6, 6, 6, 2])
    athos = m.state.figure("athos")
    assert athos.z == 18.0  # stands on the table
    m.submit(Activate("athos"))
    m.submit(Act("athos", "improvise", "1"))
    m.submit(Act("athos", "improvise", "1"))
    duel = first(m.submit(Duel("athos", "guard1")), "ofa.duel")
    assert duel["attacker_dice"] == 7 and duel["attacker_bonus"] == 2
    assert duel["defender_dice"] == 3  # rating 2 + Guard2 touching Athos (Δz 18 ≤ 40)


def test_OFA_5C_1_a_won_duel_against_a_group_waits_for_the_split(tmp_path):
    """OFA-4.7: the defender and its friends touching the challenger share its fate."""
    path = write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("GuardA", C, "guard", 225, 300),
                                  ("GuardB", C, "guard", 200, 325)])
    m = start(path, [6, 6, 5, 2, 2, 3, 2])  # Athos 3 dice [6,6,5] = 7; GuardA 2+1 dice [2,2,3] = 3
    m.submit(Activate("athos"))
    events = m.submit(Duel("athos", "guarda"))
    alloc = first(events, "ofa.allocate")
    assert alloc["hits"] == 4 and set(alloc["candidates"]) == {"guarda", "guardb"}
    assert m.current_player() == M
    with pytest.raises(IllegalCommand, match="OFA-5C.1"):
        m.submit(AllocateHits((1, 1)))
    with pytest.raises(IllegalCommand, match="OFA-5C.1"):
        m.submit(Stop("athos"))
    m.submit(AllocateHits((1, 3)))
    b = m.state.figure("guardb").markers
    assert b.wounds == 1 and b.unarmed  # pushed back, wounded, dropped weapon


def test_OFA_1_3_the_game_ends_when_a_side_is_all_unconscious(duo):
    from dataclasses import replace

    from game.rules.one_for_all.dice import FigureMarkers

    m = start(duo, [6, 6, 6, 6, 1, 1])
    guard = m.state.figure("guard")
    m.state = m.state.with_figure(replace(guard, markers=FigureMarkers(wounds=2)))
    m.submit(Activate("athos"))
    events = m.submit(Duel("athos", "guard"))  # 3 + 0 dice: [6,6,6] = 8 vs [6,1] = 6 -> 2 hits
    assert "ofa.down" in kinds(events) and "ofa.game_over" in kinds(events)
    assert m.outcome().winners == (M,) and m.current_player() is None
    with pytest.raises(IllegalCommand, match="OFA-1.3"):
        m.submit(Activate("athos"))


def test_OFA_5_3_an_unconscious_figure_lies_as_an_obstacle(duo):
    from dataclasses import replace

    from game.rules.one_for_all.dice import FigureMarkers
    from game.rules.one_for_all.table import lying_footprint

    m = start(duo, [])
    guard = replace(m.state.figure("guard"), x=100, y=100, markers=FigureMarkers(wounds=3), fallen=(1.0, 0.0))
    assert lying_footprint(guard).bounds == pytest.approx((87.5, 87.5, 127.5, 112.5))
    m.state = m.state.with_figure(guard)
    m.submit(Activate("athos"))
    import math

    ev = m.submit(Move("athos", math.degrees(math.atan2(100 - 300, 107.5 - 200))))[0]  # at the body
    assert ev["touched"] == "guard" and ev["touched_kind"] == "terrain"


def test_OFA_6_4_a_figure_may_be_activated_again(duo):
    """OFA-6.5: the renewed activation starts from a pool of 0."""
    m = start(duo, [])
    m.submit(Activate("athos"))
    m.submit(Move("athos", 180.0, 10.0))
    m.submit(Activate("athos"))
    assert m.state.activation.figure == "athos" and m.state.activation.pool == 0


def test_TV_E9_extended_turn_a_one_ends_the_activation_then_another_figure(tmp_path):
    """OFA-7.4: A rolls [1,3]: its activation ends and the player must activate someone else."""
    path = write_scene(tmp_path, [("A", M, "athos", 200, 300), ("Guard", C, "guard", 225, 300),
                                  ("B", M, "porthos", 100, 100)])
    m = start(path, [1, 4, 3, 3, 2, 1, 4, 5], extended_turn=True)
    m.submit(Activate("a"))
    m.submit(Act("a", "improvise", "guard"))  # pool 1: [1] vs guard [4,3]
    assert m.state.activation is None and m.state.initiative == M
    with pytest.raises(IllegalCommand, match="OFA-7.4"):
        m.submit(Activate("a"))
    m.submit(Activate("b"))


def test_OFA_7_4_a_lone_figure_that_fails_passes_the_initiative(tmp_path):
    """OFA-7.4 with "another figure" (cfg.ext_turn_other_figure): when the figure whose activation
    failed is the only one its side has standing, there is no other figure to activate, so the
    initiative passes at once instead of leaving the side with no legal command (our reading: the
    seed's "may activate another figure" cannot be taken up)."""
    path = write_scene(tmp_path, [("A", M, "athos", 200, 300), ("Guard", C, "guard", 225, 300)])
    m = start(path, [1, 4, 3, 3, 2, 1, 4, 5], extended_turn=True)
    m.submit(Activate("a"))
    events = m.submit(Act("a", "improvise", "guard"))  # pool 1: [1] vs guard [4,3]
    assert m.state.initiative == C and m.state.activation is None
    passed = first(events, "ofa.initiative_lost")
    assert "OFA-7.4" in passed.rules and "OFA-3A.1" in passed.rules
    assert m.system.legal_commands(m.state), "the other side can act"


def test_OFA_MG_5_throw_blocked_by_a_bystander_and_a_doubtful_one_rolls_off(tmp_path):
    """TV-E12: bystander at y+8 blocks; at y+14 it is a roll-off."""
    figs = [("Porthos", M, "porthos", 100, 300), ("Guard", C, "guard", 300, 300),
            ("Aramis", M, "aramis", 200, 308)]
    plate = [Piece(1, 105, 305, 10, 10, 2, kind="plate", flags={"liftable": True, "blocks_sight": False})]
    m = start(write_scene(tmp_path, figs, plate), [])
    m.submit(Activate("porthos"))
    with pytest.raises(IllegalCommand) as info:
        m.submit(Act("porthos", "throw", "1", ("guard",)))
    assert info.value.rule_id == "OFA-MG.5"
    figs[2] = ("Aramis", M, "aramis", 200, 314)
    m = start(write_scene(tmp_path, figs, plate, name="d.tmx"), [2, 5, 4, 4, 4])
    m.submit(Activate("porthos"))
    events = m.submit(Act("porthos", "throw", "1", ("guard",)))
    roll = first(events, "ofa.rolloff")
    assert roll["rolls"] == ((2, 5),) and roll["clear"] is False
    assert "ofa.attack" not in kinds(events)  # the throw is spoiled: no target roll


def test_OFA_MG_2_leap_onto_a_bench_but_not_a_table(tmp_path):
    path = write_scene(tmp_path, [("Athos", M, "athos", 200, 300), ("Guard", C, "guard", 500, 500)], [
        Piece(1, 212.5, 250, 40, 100, 18, kind="bench", flags={"surface": True}),
        Piece(2, 137.5, 250, 50, 100, 25, kind="table", flags={"surface": True}),
    ])
    m = start(path, [3, 3])
    m.submit(Activate("athos"))
    with pytest.raises(IllegalCommand, match="OFA-MG.2"):
        m.submit(Act("athos", "leap_onto", "2"))
    events = m.submit(Act("athos", "leap_onto", "1"))
    assert m.state.figure("athos").z == 18.0 and "OFA-MG.2" in events[0].rules


def test_rejected_commands_leave_the_state_and_dice_alone(duo):
    m = start(duo, [])
    before, dice = m.digest(), m.dice.state()
    for bad in (Move("athos", 0.0), Activate("guard"), Duel("athos", "guard"), Activate("nobody")):
        with pytest.raises(IllegalCommand):
            m.submit(bad)
        assert m.digest() == before and m.dice.state() == dice


def test_TV_E13_momentum_from_a_swing_into_a_duel(tmp_path):
    """OFA-7.2, OFA-4A.4: grab (pool 1), swing into contact with Rochefort (pool 2), duel:
    2 + 4 + 1 Momentum = 7 dice. A punch in between loses it: 3 + 4 + 0 = 7, no Momentum die."""
    path = write_scene(tmp_path, [("dArtagnan", M, "dartagnan", 200, 300), ("Rochefort", C, "rochefort", 270, 300)], [
        Piece(1, 190, 290, 20, 20, 8, kind="chandelier", shape="ellipse", bottom=55,
              flags={"swingable": True, "blocks_sight": False}),
    ])
    m = start(path, [3, 3, 4, 2, 2, 2, 2, 2, 2, 3, 5, 5, 5, 5])
    m.submit(Activate("dartagnan"))
    m.submit(Act("dartagnan", "grab", "1"))
    assert m.state.figure("dartagnan").hanging_on == "1"
    m.submit(Act("dartagnan", "swing", "1", angle=0.0))
    d = m.state.figure("dartagnan")
    assert d.x == pytest.approx(245.0) and not d.hanging_on and m.state.activation.momentum_ready
    duel = first(m.submit(Duel("dartagnan", "rochefort")), "ofa.duel")
    assert duel["attacker_dice"] == 7 and "OFA-7.2" in duel.rules

    m = start(path, [3, 3, 4, 2, 2, 2, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 3, 5, 5, 5, 5])  # the punch is parried
    m.submit(Activate("dartagnan"))
    m.submit(Act("dartagnan", "grab", "1"))
    m.submit(Act("dartagnan", "swing", "1", angle=0.0))
    m.submit(Act("dartagnan", "punch", "rochefort", ("rochefort",)))
    duel = first(m.submit(Duel("dartagnan", "rochefort")), "ofa.duel")
    assert duel["attacker_dice"] == 7 and duel["attacker_bonus"] == 0 and "OFA-7.2" not in duel.rules
