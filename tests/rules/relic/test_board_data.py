"""Scenarios are data (issue 18, point 3): a Relic board of any ring sizes, each space's effects,
names and texts from its map, 1 to 4 players, and ``scenario_problems`` naming every fault.

``data/square_ring.tmx`` is a board written for these tests: a square track of 20 Outer, 12
Middle and 3 Inner spaces with their own ids, names and effects, and two starts."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from game.board import load_board
from game.cli import main
from game.core.dice import ScriptedDice
from game.rules.engine import Match, Setup, selfplay
from game.rules.relic import data
from game.rules.relic.board import RingBoard
from game.rules.relic.commands import Choose, Move, RollMove
from game.rules.relic.explain import explain
from game.rules.relic.game import Relic
from game.rules.relic.scenario import scenario_problems
from tests.rules.relic.helpers import first, place

HERE = Path(__file__).resolve().parent
SQUARE = HERE / "data" / "square_ring.tmx"
RULES = HERE.parents[2] / "game" / "rules" / "relic"
SHIPPED = HERE.parents[2] / "maps" / "relic.tmx"
SYSTEM = Relic()


def square_match(faces=(), players=("player1", "player2")) -> Match:
    opts = {"shuffle": False, "scenario": "iron_warlord"}
    return Match(SYSTEM, Setup("relic", str(SQUARE), 1, opts, tuple(players)), dice=ScriptedDice(faces))


def play(setup: Setup, games: int) -> selfplay.SelfPlayReport:
    return selfplay.run(SYSTEM, setup, games, jobs=1, out=io.StringIO())


# --------------------------------------------------------------------------- the shipped board


def test_nothing_in_the_rules_names_a_space_of_the_shipped_map() -> None:
    ids = {c.id for c in load_board(SHIPPED).cells} - {"centre"}  # "centre" is also a tier's name
    named = []
    for path in sorted(RULES.rglob("*")):
        if path.suffix in (".py", ".json", ".md"):
            text = path.read_text(encoding="utf-8")
            named += [f"{path.name}: {i}" for i in ids if re.search(rf"[\"'`]{re.escape(i)}[\"'`]", text)]
    assert named == []


def test_the_shipped_map_says_what_each_space_does_in_both_languages() -> None:
    board = SYSTEM.board_for("relic.tmx")
    assert [len(board.tiers[t]) for t in ("outer", "middle", "inner", "centre")] == [24, 16, 6, 1]
    titan = board.spaces["middle-5"].rules.guardian
    assert titan is not None and (titan.attribute, titan.value) == ("strength", 6)
    assert board.name_of("titan_guardian", "ru") == "Страж титана"
    assert board.name_of("outer-0", "ru") == "Мир-кузница" and board.text_of("outer-0", "ru")
    assert board.stops == frozenset({"middle-10"})
    assert board.spaces["outer-3"].rules.effects[0].otherwise.do == "lose_life"  # type: ignore[union-attr]
    assert scenario_problems(load_board(SHIPPED)) == []


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_one_to_four_players_play_the_shipped_board_to_the_end(players: int) -> None:
    seats = SYSTEM.seats_for("relic.tmx", players)
    assert seats == ("player1", "player2", "player3", "player4")[:players]
    report = play(Setup("relic", "relic.tmx", 5, {}, seats), 2)
    assert report.errors == [] and report.finished == 2
    assert set(report.winners) <= set(seats)


# --------------------------------------------------------------------------- a board of other sizes


def test_a_board_of_other_ring_sizes_with_two_players_plays_ai_games_to_the_end() -> None:
    board = RingBoard(load_board(SQUARE))
    assert [len(board.tiers[t]) for t in ("outer", "middle", "inner", "centre")] == [20, 12, 3, 1]
    assert board.seats == ("player1", "player2") and board.centre == "heart"
    for policy in (selfplay.greedy_policy, selfplay.random_policy):
        report = selfplay.run(SYSTEM, Setup("relic", str(SQUARE), 1), 4, jobs=1, out=io.StringIO(),
                              policy=policy, max_commands=4000)
        assert report.errors == [] and report.finished == 4


def test_REL_BOARD_1_the_count_is_the_maps_unless_a_setup_asks_for_one() -> None:
    m = square_match()
    assert m.state.cfg.outer_tier_spaces == 20
    with pytest.raises(ValueError, match="REL-BOARD-1.*20 spaces.*asks for 24"):
        Match(SYSTEM, Setup("relic", str(SQUARE), 1, {"outer_tier_spaces": 24}))


def test_a_space_does_what_its_map_says_buy_wargear_at_its_own_cost() -> None:
    m = square_match([2])
    place(m, space="gate", phase="movement", influence=3)
    m.submit(RollMove())
    assert set(m.state.move_options) == {"bazaar", "crossroads"}  # 2 either way round 20 spaces
    m.submit(Move("bazaar"))
    assert m.state.choice is not None and m.state.choice.kind == "buy_wargear"
    events = m.submit(Choose("buy"))
    hero = m.state.hero("player1")
    assert hero.influence == 1 and len(hero.items) == 1  # cost=2 on the map
    assert first(events, "rel.gain")["what"] == "wargear"


def test_a_guardian_and_its_names_come_from_the_map() -> None:
    m = square_match([1])
    place(m, space="vault", phase="movement")
    m.submit(RollMove())
    events = m.submit(Move("sentinel"))
    guard = first(events, "rel.guardian")
    assert (guard["card"], guard["attribute"], guard["value"]) == ("stone_sentinel", "cunning", 5)
    board = SYSTEM.board(m.state)
    assert "Каменный страж" in explain(guard, "ru", board) and "Врата стража" in explain(guard, "ru", board)
    assert "Stone Sentinel" in explain(guard, "en", board)


def test_REL_BOARD_3_a_stop_space_of_the_map_ends_a_move() -> None:
    m = square_match([3])
    place(m, space="vault", phase="movement")
    m.submit(RollMove())
    assert set(m.state.move_options) == {"chasm", "obelisk"}  # the Chasm stops the clockwise move


def test_REL_WIN_2_a_mission_to_a_site_no_space_has_is_left_out_of_the_deck(tmp_path: Path) -> None:
    full = square_match().state
    dealt = {h.mission for h in full.heroes}
    assert set(full.pile("mission").draw) | dealt == set(data.missions())
    path = variant(tmp_path, lambda root: drop(root, "watchtower", "sites"))
    st = Match(SYSTEM, Setup("relic", str(path), 1, {"shuffle": False})).state
    kept = set(st.pile("mission").draw) | {h.mission for h in st.heroes}
    assert kept == set(data.missions()) - {"light_the_beacon"}


# --------------------------------------------------------------------------- players


def test_seats_for_refuses_zero_five_and_more_than_the_map_starts() -> None:
    with pytest.raises(ValueError, match="1 to 4 players, not 0"):
        SYSTEM.seats_for("relic.tmx", 0)
    with pytest.raises(ValueError, match="1 to 4 players, not 5"):
        SYSTEM.seats_for("relic.tmx", 5)
    with pytest.raises(ValueError, match="starts for 2 player.*not 3"):
        SYSTEM.seats_for(str(SQUARE), 3)


@pytest.mark.parametrize("n", ["0", "5"])
def test_cli_players_out_of_range_is_one_clear_line(n: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["selfplay", "relic", "--players", n])
    assert done.value.code == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if line and not line.startswith(("usage", " "))]
    assert lines == [f"tabletop selfplay: error: argument --players: must be 1 to 4 players "
                     f"(Relic seats one to four), not {n}"]


def test_cli_players_sets_the_seats_of_selfplay(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "relic", "--players", "3", "--games", "1", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "finished: 1" in out and "rule errors: 0" in out and "player4" not in out
    assert main(["selfplay", "one_for_all", "--players", "2", "--games", "1"]) == 2
    assert "--players is for Relic" in capsys.readouterr().err


# --------------------------------------------------------------------------- scenario_problems

Edit = Callable[[ET.Element], None]


def cell(root: ET.Element, cid: str) -> ET.Element:
    for obj in root.iter("object"):
        prop = obj.find("properties/property[@name='cell_id']")
        if prop is not None and prop.get("value") == cid:
            return obj
    raise KeyError(cid)


def put(root: ET.Element, cid: str, name: str, value: str, kind: str = "") -> None:
    props = cell(root, cid).find("properties")
    assert props is not None
    for prop in props.findall("property"):
        if prop.get("name") == name:
            props.remove(prop)
    attrs = {"name": name, "value": value} | ({"type": kind} if kind else {})
    ET.SubElement(props, "property", attrs)


def drop(root: ET.Element, cid: str, name: str) -> None:
    props = cell(root, cid).find("properties")
    assert props is not None
    for prop in props.findall("property"):
        if prop.get("name") == name:
            props.remove(prop)


def spawn(root: ET.Element, side: str) -> ET.Element:
    return next(o for o in root.iter("object") if o.get("type") == "FigureSpawn"
                and o.find(f"properties/property[@name='side'][@value='{side}']") is not None)


def variant(tmp_path: Path, *edits: Edit) -> Path:
    tree = ET.parse(SQUARE)
    for edit in edits:
        edit(tree.getroot())
    path = tmp_path / "variant.tmx"
    tree.write(path, encoding="utf-8", xml_declaration=True)
    return path


def problems(tmp_path: Path, *edits: Edit) -> list[str]:
    return [p.line() for p in scenario_problems(load_board(variant(tmp_path, *edits)))]


def only(found: list[str], pattern: str, severity: str = "error") -> str:
    hits = [line for line in found if re.search(pattern, line)]
    assert len(hits) == 1, found
    assert f": {severity}: " in hits[0] and "variant.tmx" in hits[0]
    return hits[0]


def test_the_hand_written_board_has_no_problem() -> None:
    assert scenario_problems(load_board(SQUARE)) == []


def test_problem_index_duplicated(tmp_path: Path) -> None:
    line = only(problems(tmp_path, lambda r: put(r, "bazaar", "index", "1", "int")),
                r"index 1 of the outer tier is also space salt_flats's")
    assert "object" in line and "'Bazaar'" in line


def test_problem_index_missing(tmp_path: Path) -> None:
    only(problems(tmp_path, lambda r: put(r, "bazaar", "index", "25", "int")),
         r"the outer tier has 20 spaces but no space with index 2: number them 0 to 19")


def test_problem_a_tier_with_too_few_spaces(tmp_path: Path) -> None:
    def shrink(root: ET.Element) -> None:
        for k, cid in enumerate(("obelisk", "quay", "hall", "vault", "sentinel", "chasm", "lava",
                                 "garden", "maze", "storm_peak")):
            put(root, cid, "tier", "outer")
            put(root, cid, "index", str(20 + k), "int")
    only(problems(tmp_path, shrink), r"the middle tier has 2 space\(s\); it is a ring \(REL-BOARD-3\) "
                                     r"and needs at least 3")


def test_problem_unknown_tier_with_did_you_mean(tmp_path: Path) -> None:
    only(problems(tmp_path, lambda r: put(r, "ferry", "tier", "outter")),
         r"space ferry: tier 'outter' is not a Relic tier; did you mean 'outer'\?")


def test_problem_unknown_effect_type_with_did_you_mean(tmp_path: Path) -> None:
    line = only(problems(tmp_path, lambda r: put(r, "gate", "effects", "heall n=1")),
                r"unknown effect 'heall'; did you mean 'heal'\?")
    assert "space gate" in line and "'Landing Gate'" in line


def test_problem_effect_parameter_and_roll_outcome(tmp_path: Path) -> None:
    found = problems(tmp_path, lambda r: put(r, "gate", "effects", "heal count=2"),
                     lambda r: put(r, "dunes", "effects", "roll min=3 else=los_life:1"),
                     lambda r: put(r, "library", "effects", "roll min=9 then=draw_power:1"))
    only(found, r"effect heal: 'count=2' is not a parameter of it")
    only(found, r"'los_life' is not a change to the player; did you mean 'lose_life'\?")
    only(found, r"min=9 is not a die's face")


def test_problem_unknown_threat_deck(tmp_path: Path) -> None:
    only(problems(tmp_path, lambda r: put(r, "salt_flats", "threats", "rde")),
         r"threats: unknown deck 'rde'; did you mean 'red'\?")


def test_problem_missing_names_and_texts(tmp_path: Path) -> None:
    def unnamed(root: ET.Element) -> None:
        cell(root, "oasis").set("name", "")
    found = problems(tmp_path, unnamed, lambda r: drop(r, "dunes", "name_ru"),
                     lambda r: drop(r, "dunes", "text_ru"), lambda r: drop(r, "camp", "text"),
                     lambda r: drop(r, "sentinel", "guardian_name_ru"))
    only(found, r"space oasis: has no name: give the object a name")
    only(found, r"space dunes: 'Dunes' has no Russian name: add the property name_ru", "warning")
    only(found, r"space dunes: has a text but no Russian one", "warning")
    only(found, r"space camp: does something but says nothing", "warning")
    only(found, r"guardian stone_sentinel has no name in ru: add the property guardian_name_ru")


def test_problem_guardian_attribute(tmp_path: Path) -> None:
    only(problems(tmp_path, lambda r: put(r, "sentinel", "guardian_attribute", "cuning")),
         r"guardian_attribute 'cuning' must be one of strength, willpower, cunning; did you mean 'cunning'\?")


def test_problem_crossing_to_nowhere(tmp_path: Path) -> None:
    found = problems(tmp_path, lambda r: put(r, "ferry", "neighbors_add", "quai"),
                     lambda r: put(r, "mirage", "effects", "teleport to=gate,old_wel"))
    only(found, r"space ferry: neighbors_add names 'quai', which is not a space of the map; "
                r"did you mean 'quay'\?: a crossing to nowhere")
    only(found, r"space mirage: effect teleport: to='old_wel' is not a space of the map; did you mean 'old_well'")


def test_problem_tiers_not_joined(tmp_path: Path) -> None:
    only(problems(tmp_path, lambda r: drop(r, "ferry", "neighbors_add")),
         r"no crossing from the outer tier to the middle")


def test_problem_the_centre_reached_without_the_inner_tier(tmp_path: Path) -> None:
    only(problems(tmp_path, lambda r: put(r, "forge", "neighbors_add", "heart")),
         r"the scenario space is next to forge of the middle tier: only the Inner tier leads to it")


def test_problem_two_centres(tmp_path: Path) -> None:
    only(problems(tmp_path, lambda r: put(r, "trial", "tier", "centre")),
         r"exactly one centre.*has 2: ")


def test_problem_starts(tmp_path: Path) -> None:
    def on_inner(root: ET.Element) -> None:
        p2 = spawn(root, "player2")
        p2.set("x", str(2 * 128 + 64))  # the Stair of Ash (inner tier)
        p2.set("y", str(2 * 128 + 64))
    found = problems(tmp_path, on_inner,
                     lambda r: spawn(r, "player1").find("properties/property[@name='profile']")
                     .set("value", "captian"))  # type: ignore[union-attr]
    only(found, r"start player2 is on space stair of the inner tier, which only a relic opens")
    only(found, r"start player1: profile 'captian' is not a Relic character; did you mean 'captain'\?")


def test_problem_no_start_and_more_starts_than_players(tmp_path: Path) -> None:
    def none(root: ET.Element) -> None:
        for obj in list(root.iter("objectgroup"))[1].findall("object"):
            list(root.iter("objectgroup"))[1].remove(obj)
    only(problems(tmp_path, none), r"no player starts: add 1 to 4 FigureSpawn points")

    def five(root: ET.Element) -> None:
        group = list(root.iter("objectgroup"))[1]
        for k in range(3, 6):
            obj = ET.fromstring(ET.tostring(spawn(root, "player1")))
            obj.set("id", str(100 + k))
            obj.find("properties/property[@name='side']").set("value", f"player{k}")  # type: ignore[union-attr]
            group.append(obj)
    only(problems(tmp_path, five), r"5 starts, but Relic is for 1 to 4 players", "warning")


def test_problem_a_side_twice(tmp_path: Path) -> None:
    def twice(root: ET.Element) -> None:
        spawn(root, "player2").find("properties/property[@name='side']").set("value", "player1")  # type: ignore[union-attr]
    only(problems(tmp_path, twice), r"side player1 starts twice")


def test_problem_missions_and_sites(tmp_path: Path) -> None:
    found = problems(tmp_path, lambda r: drop(r, "watchtower", "sites"),
                     lambda r: put(r, "oasis", "sites", "shrine, shrin"))
    only(found, r"no space has the site 'beacon', so the mission light_the_beacon is left out", "warning")
    only(found, r"sites: no mission looks for 'shrin'; did you mean 'shrine'\?", "warning")


def test_a_board_with_an_error_is_refused_in_one_line_naming_the_file_and_object(tmp_path: Path) -> None:
    path = variant(tmp_path, lambda r: put(r, "gate", "effects", "heall n=1"))
    with pytest.raises(ValueError) as refused:
        RingBoard(load_board(path))
    text = str(refused.value)
    assert "\n" not in text and "variant.tmx" in text and "'Landing Gate'" in text and "did you mean 'heal'" in text


def _off_the_board(root: ET.Element) -> None:
    p2 = spawn(root, "player2")
    p2.set("x", "900")  # beyond the grid of spaces (6 x 128 px)
    p2.set("y", "700")


def _no_cells(root: ET.Element) -> None:
    group = list(root.iter("objectgroup"))[0]
    for obj in group.findall("object"):
        group.remove(obj)


MORE = [
    ("index_negative", [lambda r: put(r, "ferry", "index", "-1", "int")], r"index -1 must be a whole number from 0", "error"),
    ("bounty", [lambda r: put(r, "arena", "bounty", "-2", "int")], r"bounty must be a whole number of 0 or more", "error"),
    ("stop_not_bool", [lambda r: put(r, "chasm", "stop", "yes")], r"stop must be true or false", "error"),
    ("guardian_deck_id", [lambda r: put(r, "sentinel", "guardian", "red")], r"guardian id 'red' is a deck's name", "error"),
    ("guardian_twice", [lambda r: put(r, "trial", "guardian", "stone_sentinel")],
     r"guardian stone_sentinel is cunning 7 here but cunning 5 on space sentinel", "error"),
    ("guardian_no_id", [lambda r: drop(r, "sentinel", "guardian")], r"guardian_\* properties without a 'guardian' id", "error"),
    ("teleport_tier", [lambda r: put(r, "sandstorm", "effects", "teleport tier=midle")],
     r"effect teleport: tier='midle' is not a tier; did you mean 'middle'\?", "error"),
    ("teleport_inner", [lambda r: put(r, "mirage", "effects", "teleport to=stair")],
     r"effect teleport: to=stair is on the inner tier, which only a relic opens", "error"),
    ("centre_does", [lambda r: put(r, "heart", "effects", "heal n=1")], r"its threats, effects and guardian are never used", "warning"),
    ("start_cut_off", [lambda r: put(r, "gate", "neighbors_remove", "salt_flats,bandit_pass")],
     r"start player1 \(space gate\) cannot reach the scenario space", "error"),
    ("start_off_the_board", [_off_the_board], r"start player2 is on no space; it is taken as the nearest", "warning"),
    ("no_cells", [_no_cells], r"a Relic map needs a 'cells' layer of spaces", "error"),
    ("id_of_a_card", [lambda r: put(r, "sentinel", "guardian", "chain_blade")],
     r"guardian id 'chain_blade' is also the id of a card", "error"),
]


@pytest.mark.parametrize(("edits", "pattern", "severity"), [m[1:] for m in MORE], ids=[m[0] for m in MORE])
def test_problem_more_findings(tmp_path: Path, edits: list[Edit], pattern: str, severity: str) -> None:
    only(problems(tmp_path, *edits), pattern, severity)


def test_cli_play_refuses_more_players_than_the_board_has_starts(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``tabletop play --players 3`` on a board of two starts: one line naming the map and what to
    change, a non-zero exit, never a plain board."""
    from game.ui.app import _play

    square = Path(__file__).resolve().parent / "data" / "square_ring.tmx"
    assert _play(square, 1, players=3) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--players 3, but the board has 2 start(s)" in err[0]
    assert err[0].startswith(str(square))
