"""Scenarios are data (issue 18): a Mice and Mystics chapter comes with its map (map property
``chapter``, a JSON file beside the map), the rules name no shipped map's tiles or cells, a
hand-made chapter of three tiles of its own plays to the end, two mice of one profile are two
mice, and ``scenario_problems`` reports every chapter/board mismatch (MM-END-1, MM-END-3,
MM-SEARCH-3, MM-WHEEL-6, MM-EXP-4, MM-ACH)."""

from __future__ import annotations

import io
import json
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game.board.loader import load_board
from game.core.dice import ScriptedDice, SeededDice
from game.rules.engine import IllegalCommand, Match, Setup, selfplay
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics.chapter import ChapterError, parse_chapter
from game.rules.mice_and_mystics.commands import Share
from game.rules.mice_and_mystics.explain import tile_name
from game.rules.mice_and_mystics.game import MiceAndMystics
from game.rules.mice_and_mystics.scenario import scenario_problems
from game.rules.mice_and_mystics.state import MMState

HERE = Path(__file__).resolve().parent
ATTIC = HERE / "data" / "attic_run.tmx"
ATTIC_CHAPTER = HERE / "data" / "attic_run.chapter.json"
REPO = HERE.parents[2]
SHIPPED = REPO / "maps" / "mice_chapter.tmx"
PACKAGE = Path(cards.__file__).resolve().parent
SYSTEM = MiceAndMystics()


def start(map_path: Path | str, seed: int = 1, options: dict[str, Any] | None = None) -> MMState:
    return SYSTEM.new_state(Setup("mice_and_mystics", str(map_path), seed, options or {}), SeededDice(seed))


def attic_copy(tmp_path: Path, chapter: dict[str, Any] | str | None = None,
               tmx: tuple[tuple[str, str], ...] = ()) -> Path:
    """The hand-made map and its chapter written to ``tmp_path``: ``chapter`` replaces the
    chapter document (a string is written as it is), ``tmx`` are (old, new) edits of the map."""
    text = ATTIC.read_text(encoding="utf-8")
    for old, new in tmx:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / "attic_run.tmx"
    path.write_text(text, encoding="utf-8")
    doc = json.loads(ATTIC_CHAPTER.read_text(encoding="utf-8")) if chapter is None else chapter
    if not isinstance(doc, str):
        doc = json.dumps(doc, ensure_ascii=False)
    (tmp_path / "attic_run.chapter.json").write_text(doc, encoding="utf-8")
    return path


def attic_doc() -> dict[str, Any]:
    return dict(json.loads(ATTIC_CHAPTER.read_text(encoding="utf-8")))


def lines(path: Path) -> list[tuple[str, str]]:
    """(severity, line) of each problem of the map at ``path``."""
    return [(p.severity, p.line()) for p in scenario_problems(load_board(path))]


# --------------------------------------------------------------------------- the shipped chapter


def test_the_shipped_chapter_comes_with_its_map_and_keeps_the_states_fingerprint():
    state = start("mice_chapter.tmx")
    chapter = state.chapter
    assert Path(chapter.source) == REPO / "maps" / "down_the_drain.chapter.json"
    assert load_board(SHIPPED).properties["chapter"] == chapter.source
    assert chapter.id == state.cfg.chapter == "down_the_drain"
    # a state's fingerprint names the chapter by its id, as it did when the state held the name
    assert repr(state).startswith("MMState(map='mice_chapter.tmx', chapter='down_the_drain', cfg=MMConfig(")
    assert "chapter='down_the_drain', start_page=0" in repr(state.cfg)
    assert (state.tile, state.page, state.end_page) == (chapter.start_tile, 1, 6)
    assert [t for t, _ in state.search_decks] == sorted(t for t, _ in chapter.search)
    assert scenario_problems(load_board(SHIPPED)) == []


def test_the_rules_name_no_tile_cell_or_chapter_of_a_shipped_map():
    """Everything a chapter needs is in the map or its chapter file: no rules module, and no data
    file the rules read, names a shipped map's tiles, cells or chapter."""
    boards = [load_board(p) for p in sorted((REPO / "maps").glob("*.tmx"))]
    boards = [b for b in boards if b.system == "mice_and_mystics"]
    assert boards
    words: set[str] = set()
    keys: set[str] = set()
    for board in boards:
        state = SYSTEM.new_state(Setup("mice_and_mystics", board.path), SeededDice(1))
        graph = SYSTEM.graph(state)
        words |= set(graph.tiles) | {state.chapter.id}
        keys |= set(graph.keys)
    sources = {p.name: p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py")}
    code = "\n".join(sources.values())
    read = [p for p in (PACKAGE / "data").iterdir() if p.name in code]
    assert {"mice.json", "items.json", "minions.json"} <= {p.name for p in read}
    for name, text in [*sources.items(), *((p.name, p.read_text(encoding="utf-8")) for p in read)]:
        found = [k for k in keys if k in text] + [w for w in words if re.search(rf"[\"']{re.escape(w)}[\"']", text)]
        assert not found, f"{name} names {found}"


def test_an_option_chapter_must_be_the_maps_own():
    assert start("mice_chapter.tmx", options={"chapter": "down_the_drain"}).chapter.id == "down_the_drain"
    with pytest.raises(ValueError, match=r"option 'chapter' is 'attic_run' but mice_chapter\.tmx plays "
                                         r"chapter 'down_the_drain'"):
        start("mice_chapter.tmx", options={"chapter": "attic_run"})


# --------------------------------------------------------------------------- a hand-made chapter


def test_the_hand_made_map_has_tiles_and_cells_of_its_own():
    own = SYSTEM.graph(start(ATTIC))
    shipped = SYSTEM.graph(start(SHIPPED))
    assert set(own.tiles) == {"porch", "hallway", "study"}
    assert not set(own.tiles) & set(shipped.tiles)
    assert not {c.id for c in own.cells} & {c.id for c in shipped.cells}
    assert scenario_problems(load_board(ATTIC)) == []


def test_MM_END_1_MM_END_3_the_hand_made_chapter_sets_up_the_game():
    state = start(ATTIC)
    assert state.chapter.id == "attic_run" and state.tile == "porch" and (state.page, state.end_page) == (1, 7)
    assert [t for t, deck in state.search_decks] == ["hallway", "porch"]
    assert state.deck("porch") == (0, 1, 2) and state.visited == ("porch",)
    assert {m.cell.split(":")[0] for m in state.mice} == {"porch"}
    assert {n.tile for n in state.minions} == {"hallway", "study"}
    assert tile_name("study", "ru") == "Кабинет" and tile_name("hallway") == "Hallway"


def test_the_hand_made_chapter_plays_ai_games_to_the_end_without_rule_errors():
    report = selfplay.run(SYSTEM, Setup("mice_and_mystics", str(ATTIC), 1), 12, out=io.StringIO())
    assert report.errors == [] and report.finished == report.games == 12
    random_games = selfplay.run(SYSTEM, Setup("mice_and_mystics", str(ATTIC), 40), 6,
                                policy=selfplay.random_policy, out=io.StringIO())
    assert random_games.errors == [] and random_games.finished == 6


def test_MM_EXP_4_MM_END_2_MM_ACH_a_won_hand_made_game_used_the_chapters_data():
    match, error = selfplay.play_one(SYSTEM, Setup("mice_and_mystics", str(ATTIC), 3), selfplay.greedy_policy,
                                     random.Random(3))
    assert error is None and match.state.result == "won"
    state = match.state
    assert set(state.visited) == {"porch", "hallway", "study"} and state.story_ach == ("reached_the_study",)
    events = match.events
    story = [e for e in events if e.kind == "mm.story"]
    assert [e["tile"] for e in story] == ["study"] and story[0]["text_ru"].startswith("Шуршат бумаги")
    spawned = [e for e in events if e.kind == "mm.spawn"]
    assert any(e["cell"] == "study:s3" and e["kind"] == "roach" for e in spawned)
    won = next(e for e in events if e.kind == "mm.chapter_won")
    assert won["achievements"] == ("reached_the_study",) and won["text_en"] == "The study is quiet again."
    explore = next(e for e in events if e.kind == "mm.explore")
    assert "Hallway" in SYSTEM.explain(explore) and "Прихожая" in SYSTEM.explain(explore, "ru")


def test_a_hand_made_game_saves_and_replays_to_its_digest(tmp_path):
    match, error = selfplay.play_one(SYSTEM, Setup("mice_and_mystics", str(ATTIC), 5), selfplay.greedy_policy,
                                     random.Random(5))
    assert error is None
    match.save(tmp_path / "game.json")
    again = Match.load(tmp_path / "game.json", lambda name: SYSTEM)
    assert again.digest() == match.digest() and again.state.chapter == match.state.chapter


def test_MM_WHEEL_6_a_surge_comes_out_at_the_chapters_surge_cell():
    from game.rules.mice_and_mystics.wheel import spawn

    state = start(ATTIC)
    events: list[Any] = []
    state = spawn(SYSTEM, state, "rat", 1, ScriptedDice([1] * 10), events)
    assert events[0].kind == "mm.spawn" and events[0]["cell"] == "porch:p2"


def test_MM_EXP_4_a_turning_cell_leads_where_the_chapter_says():
    from game.rules.mice_and_mystics.explore import explore_options

    state = start(ATTIC)
    state = replace(state, tile="hallway", minions=(),
                    mice=tuple(replace(m, cell="hallway:h5") for m in state.mice))
    assert ("turning", "study", ("study:s5",)) in explore_options(SYSTEM, state, state.mice[0])


# --------------------------------------------------------------------------- two mice of one profile


def test_two_mice_of_one_profile_are_two_mice_each_with_its_own_starting_equipment():
    """Ash and Birch are both knights: two figures, two ids, one profile. A mouse's starting
    equipment is its own (MM-CAMP-2), never shared (MM-SHARE-1 swaps search cards) nor lost
    (MM-CAPT-2), so each knight holds its own oak sword and walnut shield."""
    state = start(ATTIC)
    ash, birch = state.mouse("ash"), state.mouse("birch")
    assert ash.profile == birch.profile == "knight" and ash.id != birch.id
    assert ash.starting == birch.starting == tuple(cards.mouse_profile("knight")["starting"])
    assert SYSTEM.invariants(state) == []
    share = Share("ash", "birch", give=("oak_sword",))
    assert state.turn is not None
    turn = replace(state, index=state.order.index("ash"), turn=replace(state.turn, mouse="ash"))
    with pytest.raises(IllegalCommand) as err:
        SYSTEM.check(turn, share)
    assert err.value.rule_id == "MM-SHARE-1"
    # a found card is still one card of the chapter: two mice cannot both hold it
    doubled = state.with_mouse(replace(ash, pack=("pin_dagger",))).with_mouse(replace(birch, pack=("pin_dagger",)))
    assert "a card is held twice" in SYSTEM.invariants(doubled)


def test_two_spawns_of_one_name_and_profile_play_as_two_mice(tmp_path):
    path = attic_copy(tmp_path, tmx=(('name="Birch"', 'name="Ash"'),))
    state = start(path)
    knights = [m for m in state.mice if m.profile == "knight"]
    assert [m.id for m in knights] == ["ash", "ash_2"] and SYSTEM.invariants(state) == []
    report = selfplay.run(SYSTEM, Setup("mice_and_mystics", str(path), 7), 4, out=io.StringIO())
    assert report.errors == [] and report.finished == 4


# --------------------------------------------------------------------------- scenario_problems


def test_a_map_without_a_chapter_file_plays_its_plain_chapter_with_a_warning(tmp_path):
    path = attic_copy(tmp_path, tmx=(('  <property name="chapter" type="file" value="attic_run.chapter.json"/>\n', ""),))
    found = lines(path)
    assert [s for s, _ in found] == ["warning"] and "names no chapter file" in found[0][1]
    state = start(path)
    assert state.chapter.source == "" and state.chapter.victory.type == "clear_all" and state.tile == "porch"
    report = selfplay.run(SYSTEM, Setup("mice_and_mystics", str(path), 2), 3, out=io.StringIO())
    assert report.errors == [] and report.finished == 3


def test_a_missing_chapter_file_is_one_error_naming_it(tmp_path):
    path = attic_copy(tmp_path)
    (tmp_path / "attic_run.chapter.json").unlink()
    found = lines(path)
    assert len(found) == 1 and found[0][0] == "error"
    assert "attic_run.tmx" in found[0][1] and "chapter file 'attic_run.chapter.json'" in found[0][1]
    with pytest.raises(ValueError) as err:
        start(path)
    assert "attic_run.chapter.json: does not exist" in str(err.value) and "\n" not in str(err.value)


def test_a_chapter_property_that_names_no_file_is_an_error_of_the_map(tmp_path):
    path = attic_copy(tmp_path, tmx=(('<property name="chapter" type="file" value="attic_run.chapter.json"/>',
                                      '<property name="chapter" type="int" value="3"/>'),))
    (severity, line), = lines(path)
    assert severity == "error" and line.startswith(f"{path}: error: the map property 'chapter' must name")
    with pytest.raises(ValueError, match="must name the chapter file"):
        start(path)


def test_a_chapter_file_that_is_not_json_names_the_line(tmp_path):
    path = attic_copy(tmp_path, '{"id": "attic_run",\n "start_tile": porch}')
    (severity, line), = lines(path)
    assert severity == "error" and "is not JSON" in line and "line 2" in line


#: (what is changed in the chapter, the severity, what the line says)
CHAPTER_FAULTS = [
    ({"end_page": "six"}, "error", "field 'end_page': must be a whole number of at least 1"),
    ({"end_page": 1}, "error", "field 'end_page': is 1: it must come after start_page"),
    ({"id": ""}, "error", "field 'id': must be a non-empty string"),
    ({"start_tlie": "porch"}, "error", "field 'start_tlie': is not a chapter field"),
    ({"start_tile": "prch"}, "error", "field 'start_tile': 'prch' is not a tile of the map attic_run.tmx"
                                      " (a tile is a group layer's tile_id); did you mean 'porch'?"),
    ({"victory": {"type": "clear_tile", "tile": "attic"}}, "error", "field 'victory.tile': 'attic' is not a tile"),
    ({"victory": {"type": "escape"}}, "error", "field 'victory.type': is 'escape'; a victory is one of"),
    ({"tiles": {"cellar": "Cellar"}}, "error", "field 'tiles.cellar': 'cellar' is not a tile"),
    ({"surge_cells": {"porch": "porch:p9"}}, "error", "field 'surge_cells.porch': 'porch:p9' is not a cell"),
    ({"surge_cells": {"porch": "study:s1"}}, "error", "cell 'study:s1' is on tile 'study', not on 'porch'"),
    ({"surge_cells": {"attic": "study:s1"}}, "error", "field 'surge_cells.attic': 'attic' is not a tile"),
    ({"turn_targets": {"hallway:h5": "study:s9"}}, "error", "field 'turn_targets.hallway:h5': 'study:s9' is not a cell"),
    ({"turn_targets": {"hallway:h2": "study:s5"}}, "warning", "cell 'hallway:h2' is not a turning cell"),
    ({"search": {"attic": [{"item": "pin_dagger"}]}}, "error", "field 'search.attic': 'attic' is not a tile"),
    ({"search": {"porch": [{"item": "golden_key"}]}}, "warning", "'golden_key' is no card of data/items.json"),
    ({"search": {"porch": [{"item": "oak_sword"}]}}, "error", "'oak_sword' is starting equipment of the knight"),
    ({"search": {"porch": [{"event": "flood"}]}}, "error", "field 'search.porch[0].event': is 'flood'"),
    ({"search": {"porch": [{"item": "pin_dagger", "event": "cheese"}]}}, "error", "field 'search.porch[0]':"),
    ({"story": {"pages": {"9": "late"}}}, "warning", "field 'story.pages.9': the chapter runs from page 1 to 7"),
    ({"story": {"pages": {"two": "late"}}}, "error", "field 'story.pages.two': a page is named by its number"),
    ({"story": {"arrive": {"attic": {"text": "dust"}}}}, "error", "field 'story.arrive.attic': 'attic' is not a tile"),
    ({"story": {"arrive": {"study": {"spawn": [{"kind": "spider"}]}}}}, "error",
     "field 'story.arrive.study.spawn[0].kind': 'spider' is no minion"),
    ({"story": {"arrive": {"study": {"spawn": [{"kind": "rat", "cell": "hallway:h1"}]}}}}, "error",
     "cell 'hallway:h1' is on tile 'hallway', not on 'study'"),
    ({"story": {"arrive": {"study": {"spawn": [{"kind": "rat", "count": 0}]}}}}, "error",
     "field 'story.arrive.study.spawn[0].count': must be a whole number of at least 1"),
    ({"personal_achievements": [{"id": "x", "trigger": "sneeze"}]}, "error",
     "field 'personal_achievements[0].trigger': is 'sneeze'; a trigger is one of"),
    ({"title": {"de": "Dachboden"}}, "error", "field 'title.de': a text is"),
]


@pytest.mark.parametrize(("change", "severity", "says"), CHAPTER_FAULTS, ids=lambda v: str(v)[:40])
def test_each_chapter_fault_is_one_line_naming_the_file_and_field(tmp_path, change, severity, says):
    doc = {**attic_doc(), **change}
    path = attic_copy(tmp_path, doc)
    found = lines(path)
    assert len(found) == 1, found
    (got, line), = found
    assert got == severity and says in line, line
    assert "attic_run.chapter.json" in line
    if severity == "error":
        with pytest.raises(ValueError) as err:
            start(path)
        assert says in str(err.value) and "attic_run.chapter.json" in str(err.value)
    else:
        assert start(path).chapter.id == "attic_run"


DILL = 'name="Dill" type="FigureSpawn" x="72" y="168"'
#: (a text of the map, what it becomes, the severity, what the line says)
MAP_FAULTS = [
    (DILL, DILL.replace('x="72"', 'x="328"'), "error",
     "object 26 'Dill': error: this mouse starts on tile 'hallway' but chapter file 'attic_run.chapter.json' "
     "starts on 'porch'"),
    (DILL, DILL.replace('x="72"', 'x="250"'), "error", "object 26 'Dill': error: this mice spawn is not inside a cell"),
    ('value="roach"', 'value="roch"', "error", "profile 'roch' is not one of Mice and Mystics's minions; "
                                               "did you mean 'roach'?"),
    ('value="scout"', 'value="scuot"', "warning", "profile 'scuot' is not one of Mice and Mystics's mouse profiles"),
]


@pytest.mark.parametrize(("old", "new", "severity", "says"), MAP_FAULTS, ids=lambda v: str(v)[:30])
def test_each_spawn_fault_is_one_line_naming_the_map_and_spawn(tmp_path, old, new, severity, says):
    path = attic_copy(tmp_path, tmx=((old, new),))
    found = lines(path)
    assert len(found) == 1, found
    (got, line), = found
    assert got == severity and says in line and "attic_run.tmx" in line, line


def test_a_map_without_mice_is_an_error(tmp_path):
    path = attic_copy(tmp_path, tmx=(('<property name="side" value="mice"/>', '<property name="side" value="cats"/>'),))
    found = [line for severity, line in lines(path) if severity == "error"]
    assert found == [f"{path}: error: Mice and Mystics needs mice: add FigureSpawn points with side 'mice'"]
    with pytest.raises(ValueError, match="needs mice"):
        start(path)


def test_parse_chapter_refuses_a_document_that_is_not_an_object():
    with pytest.raises(ChapterError) as err:
        parse_chapter(["id"], "x.chapter.json")
    assert str(err.value) == "x.chapter.json: must be a JSON object {...}, not [\"id\"]"


def test_a_minion_wounded_past_its_life_is_not_told_2_of_1() -> None:
    """Issue 16 (words): a rat of life 1 hit twice reads 'as many as its life', not '2/1'."""
    from game.rules.engine import Event
    from game.rules.mice_and_mystics.explain import explain

    fatal = Event.of("mm.minion_wounds", ["MM-DEF-3"], "rat_1", wounds=2, total=2, life=1)
    hurt = Event.of("mm.minion_wounds", ["MM-DEF-3"], "roach_1", wounds=1, total=1, life=2)
    assert "2/1" not in explain(fatal, "en") and "as many as its life (1)" in explain(fatal, "en")
    assert "1/2 wounds taken" in explain(hurt, "en")
    assert "2/1" not in explain(fatal, "ru") and "(1)" in explain(fatal, "ru")
