"""``tabletop validate`` knows the games (issue 18, point 4): for a map of a rule system it says
what would stop or spoil a game, each line naming the object and what to change; the play
screen refuses such a map with the same lines."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.board.validate import check_map, validate_paths
from game.rules import registry
from game.rules.scenario_check import ScenarioRefused, scenario_problems, system_hook

REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "maps"


# --------------------------------------------------------------------------- small maps


def spawn(oid: int, name: str, side: str, profile: str, x: float, y: float, *,
          cls: str = "FigureSpawn", attr: str = "type") -> str:
    return (f'<object id="{oid}" name="{name}" {attr}="{cls}" x="{x}" y="{y}"><properties>'
            f'<property name="side" value="{side}"/><property name="profile" value="{profile}"/>'
            "</properties><point/></object>")


def piece(oid: int, name: str, x: float, y: float, w: float, h: float, **props: object) -> str:
    def prop(k: str, v: object) -> str:
        if isinstance(v, bool):
            return f'<property name="{k}" type="bool" value="{str(v).lower()}"/>'
        if isinstance(v, (int, float)):
            return f'<property name="{k}" type="float" value="{v}"/>'
        return f'<property name="{k}" value="{v}"/>'

    inner = "".join(prop(k, v) for k, v in props.items())
    return (f'<object id="{oid}" name="{name}" type="Terrain" x="{x}" y="{y}" width="{w}" '
            f'height="{h}"><properties>{inner}</properties></object>')


def cell(oid: int, cell_id: str, x: float, y: float, **props: str) -> str:
    """A 64 px square cell."""
    inner = "".join(f'<property name="{k}" value="{v}"/>' for k, v in props.items())
    return (f'<object id="{oid}" name="{cell_id}" x="{x}" y="{y}" width="64" height="64">'
            f'<properties><property name="cell_id" value="{cell_id}"/>{inner}</properties></object>')


def write(folder: Path, system: str, *, spawns: str = "", terrain: str = "", cells: str = "",
          extra: str = "", props: str = "", name: str = "m.tmx", width: int = 10,
          height: int = 10) -> Path:
    data = ",".join(["0"] * (width * height))
    system_prop = f'<property name="system" value="{system}"/>' if system else ""
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.11.0" orientation="orthogonal" renderorder="right-down"
     width="{width}" height="{height}" tilewidth="32" tileheight="32" infinite="0">
 <properties>{system_prop}{props}</properties>
 <layer id="1" name="floor" width="{width}" height="{height}"><data encoding="csv">{data}</data></layer>
 <objectgroup id="2" name="terrain">{terrain}</objectgroup>
 <objectgroup id="3" name="cells">{cells}</objectgroup>
 <objectgroup id="4" name="spawns">{spawns}</objectgroup>
 {extra}
</map>
"""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def lines(path: Path) -> list[str]:
    problems, summary = check_map(path, scenario_problems)
    assert summary != "refused", problems
    return [p.line() for p in problems]


def line_with(found: list[str], *needles: str) -> str:
    """The one line holding every needle."""
    hits = [line for line in found if all(n in line for n in needles)]
    assert len(hits) == 1, (needles, found)
    return hits[0]


def two_ofa_sides() -> str:
    return (spawn(10, "Athos", "musketeers", "athos", 60, 280)
            + spawn(11, "Rochefort", "cardinal", "rochefort", 260, 40))


# --------------------------------------------------------------------------- the system's name


@pytest.mark.parametrize(("written", "meant"), [("one-for-all", "one_for_all"),
                                                ("Helldorado", "helldorado"),
                                                ("Mice and Mystics", "mice_and_mystics")])
def test_an_unknown_system_name_is_offered_the_one_it_meant(tmp_path: Path, written: str,
                                                            meant: str) -> None:
    found = lines(write(tmp_path, written))
    line = line_with(found, "map property system")
    assert f"'{written}' is no rule system; did you mean '{meant}'?" in line
    assert ": error:" in line and "Map Properties" in line


def test_a_system_name_like_none_lists_the_known(tmp_path: Path) -> None:
    line = line_with(lines(write(tmp_path, "chess")), "map property system 'chess'")
    assert "known: " + ", ".join(f"'{n}'" for n in registry.names()) in line


def test_a_plain_map_has_no_game_lines(tmp_path: Path) -> None:
    assert lines(write(tmp_path, "", spawns=spawn(10, "Hero", "heroes", "", 40, 40))) == []


# --------------------------------------------------------------------------- sides


def test_one_for_all_needs_two_sides_and_names_the_odd_spawn(tmp_path: Path) -> None:
    spawns = two_ofa_sides() + spawn(12, "Porthos", "Musketeers", "porthos", 120, 280)
    found = lines(write(tmp_path, "one_for_all", spawns=spawns))
    assert ": error: One for All needs figures of exactly two sides; this map has 3" in \
        line_with(found, "exactly two sides")
    line = line_with(found, "object 12 'Porthos'", "side 'Musketeers'")
    assert ": error:" in line and "did you mean 'musketeers'?" in line


def test_one_for_all_with_one_side_says_to_name_the_other(tmp_path: Path) -> None:
    spawns = spawn(10, "Athos", "musketeers", "athos", 60, 280)
    line = line_with(lines(write(tmp_path, "one_for_all", spawns=spawns)), "two sides")
    assert "every FigureSpawn here plays for 'musketeers' (1)" in line
    assert "give the other side's spawns another 'side'" in line


def test_helldorado_side_close_to_a_force_gets_its_name(tmp_path: Path) -> None:
    spawns = (spawn(10, "Imp", "infernal", "imp", 60, 280)
              + spawn(11, "Friar", "conquistadors", "friar", 260, 40))
    line = line_with(lines(write(tmp_path, "helldorado", spawns=spawns)), "object 10 'Imp'")
    assert ": warning: side 'infernal' is no force" in line and "did you mean 'inferno'?" in line


def test_mice_and_mystics_reads_only_mice_and_minions(tmp_path: Path) -> None:
    cells = cell(1, "k1", 0, 0) + cell(2, "k2", 64, 0)
    spawns = spawn(10, "Tilly", "mouse", "knight", 30, 30) + spawn(11, "Bram", "mice", "tinkerer", 90, 30)
    path = write(tmp_path, "mice_and_mystics", cells=cells, spawns=spawns,
                 props='<property name="tile_id" value="kitchen"/>')
    line = line_with(lines(path), "object 10 'Tilly'", "side 'mouse'")
    assert ": error:" in line and "the figure is left out" in line and "did you mean 'mice'?" in line


# --------------------------------------------------------------------------- profiles


def test_helldorado_unknown_profile_stops_the_game_and_is_offered_the_unit(tmp_path: Path) -> None:
    spawns = (spawn(10, "Damned 1", "inferno", "damed", 60, 280)
              + spawn(11, "Friar", "conquistadors", "friar", 260, 40))
    line = line_with(lines(write(tmp_path, "helldorado", spawns=spawns)), "object 10 'Damned 1'")
    assert ": error: profile 'damed' is not one of Helldorado's units; did you mean 'damned'?" in line
    assert "the game cannot start without it" in line


def test_one_for_all_unknown_profile_falls_back_and_says_so(tmp_path: Path) -> None:
    spawns = (spawn(10, "Athos", "musketeers", "athoss", 60, 280)
              + spawn(11, "Rochefort", "cardinal", "", 260, 40))
    found = lines(write(tmp_path, "one_for_all", spawns=spawns))
    line = line_with(found, "object 10 'Athos'")
    assert ": warning: profile 'athoss' is not one of One for All's profiles; did you mean 'athos'?" in line
    assert "default rating" in line
    empty = line_with(found, "object 11 'Rochefort'")
    assert "no 'profile': set it to one of One for All's profiles ('aramis', 'athos'" in empty


def test_a_relic_start_with_an_unknown_character_comes_through_relics_own_checks(tmp_path: Path) -> None:
    """The dispatch runs ``game/rules/relic/scenario.py``: its lines name the object too."""
    cells = cell(1, "outer-0", 0, 0, tier="outer", index="0")
    path = write(tmp_path, "relic", cells=cells, spawns=spawn(10, "Player 1", "player1", "captian", 30, 30))
    line = line_with(lines(path), "object 10 'Player 1'", "captian")
    assert ": error:" in line and "captain" in line


# --------------------------------------------------------------------------- classes


@pytest.mark.parametrize(("cls", "attr"), [("Spawn", "type"), ("figurespawn", "class"),
                                           ("Figure_Spawn", "class")])
def test_a_class_like_figurespawn_is_named(tmp_path: Path, cls: str, attr: str) -> None:
    spawns = two_ofa_sides() + spawn(12, "Aramis", "musketeers", "aramis", 120, 280, cls=cls, attr=attr)
    line = line_with(lines(write(tmp_path, "one_for_all", spawns=spawns)), "object 12 'Aramis'")
    assert f": error: class '{cls}' is not a class the loader reads" in line
    assert "did you mean 'FigureSpawn'?" in line and "Set the object's Class in Tiled" in line


def test_a_class_like_terrain_is_named_on_any_map(tmp_path: Path) -> None:
    terrain = piece(5, "table", 100, 100, 40, 20).replace('type="Terrain"', 'type="Terain"')
    line = line_with(lines(write(tmp_path, "", terrain=terrain)), "object 5 'table'")
    assert "class 'Terain'" in line and "did you mean 'Terrain'?" in line


# --------------------------------------------------------------------------- bases


def test_a_spawn_off_the_table_or_over_its_edge_is_moved(tmp_path: Path) -> None:
    spawns = (two_ofa_sides() + spawn(12, "Far", "musketeers", "porthos", 400, 100)
              + spawn(13, "Edge", "cardinal", "guard", 5, 100))
    found = lines(write(tmp_path, "one_for_all", spawns=spawns))
    far = line_with(found, "object 12 'Far'")
    assert ": error: stands at (318, 79) mm, off the table (254 x 254 mm): move it onto the map" in far
    edge = line_with(found, "object 13 'Edge'")
    assert "its base (radius 12.5 mm) runs 9 mm over the table's edge: move it 9 mm in" in edge


def test_overlapping_bases_name_both_spawns(tmp_path: Path) -> None:
    spawns = two_ofa_sides() + spawn(12, "Porthos", "musketeers", "porthos", 80, 280)
    line = line_with(lines(write(tmp_path, "one_for_all", spawns=spawns)), "overlaps")
    assert "object 12 'Porthos'" in line and "the base of object 10 'Athos'" in line
    assert "(centres 16 mm apart, the bases need 25 mm): move one of them 10 mm away" in line


def test_helldorado_bases_come_from_the_unit_data(tmp_path: Path) -> None:
    """A hellhound's base is large (HD-0-3): 20 px apart overlaps, though two normal bases
    would not."""
    spawns = (spawn(10, "Hellhound", "inferno", "hellhound", 100, 100)
              + spawn(11, "Imp", "inferno", "imp", 140, 100)
              + spawn(12, "Friar", "conquistadors", "friar", 260, 260))
    line = line_with(lines(write(tmp_path, "helldorado", spawns=spawns)), "overlaps")
    assert "object 11 'Imp'" in line and "object 10 'Hellhound'" in line


def test_bases_on_different_levels_do_not_overlap(tmp_path: Path) -> None:
    """One figure at the rim of a 60 mm balcony, one on the floor by it: not in each other's way
    (on the floor both, they would be)."""
    balcony = piece(5, "balcony", 40, 40, 100, 100, surface=True, bottom=55.0, height=5.0)
    spawns = (spawn(10, "Athos", "musketeers", "athos", 135, 80)
              + spawn(11, "Rochefort", "cardinal", "rochefort", 150, 80))
    found = lines(write(tmp_path, "one_for_all", spawns=spawns, terrain=balcony))
    assert not [line for line in found if "overlaps" in line], found
    rug = piece(5, "rug", 40, 40, 100, 100, surface=True, height=1.0)
    found = lines(write(tmp_path, "one_for_all", spawns=spawns, terrain=rug))
    assert "object 10 'Athos' (centres 12 mm apart" in line_with(found, "overlaps")


# --------------------------------------------------------------------------- terrain kinds


def test_a_kind_close_to_one_the_rules_read_is_named(tmp_path: Path) -> None:
    terrain = (piece(5, "step", 200, 40, 30, 30, kind="stair", surface=True)
               + piece(6, "Stairs 2", 200, 80, 30, 30, surface=True)
               + piece(7, "hearth", 40, 200, 40, 20, kind="hearth")
               + piece(8, "stairs 3", 200, 120, 30, 30, kind="stairs"))
    found = lines(write(tmp_path, "one_for_all", spawns=two_ofa_sides(), terrain=terrain))
    stair = line_with(found, "object 5 'step'")
    assert ": warning: kind 'stair' is not one the rules read; did you mean 'stairs'?" in stair
    named = line_with(found, "object 6 'Stairs 2'")
    assert "kind 'stairs 2' (none is set, so the name stands in)" in named
    assert not [line for line in found if "'hearth'" in line], found
    step = line_with(found, "object 8 'stairs 3'")
    assert "a stair step is stood on: set 'surface' true" in step


def test_a_chandelier_must_hang_above_the_heads_and_within_reach(tmp_path: Path) -> None:
    terrain = (piece(5, "low chandelier", 40, 40, 30, 30, kind="chandelier", swingable=True, bottom=20.0,
                     height=8.0)
               + piece(6, "high chandelier", 40, 200, 30, 30, kind="chandelier", swingable=True,
                       bottom=100.0, height=8.0)
               + piece(7, "good chandelier", 200, 40, 30, 30, kind="chandelier", swingable=True,
                       bottom=55.0, height=8.0)
               + piece(8, "over the table", 200, 200, 30, 30, kind="chandelier", swingable=True,
                       bottom=70.0, height=8.0)
               + piece(9, "table", 230, 200, 40, 30, kind="table", surface=True, height=25.0)
               + piece(10, "lamp", 120, 120, 20, 20, kind="chandelier", bottom=50.0))
    found = lines(write(tmp_path, "one_for_all", spawns=two_ofa_sides(), terrain=terrain))
    low = line_with(found, "object 5 'low chandelier'")
    assert "swingable hangs at 20 mm, not above a figure's head (40 mm): no figure can grab it" in low
    assert "set 'bottom' over 40 and at most 60 mm (a figure on the floor)" in low
    high = line_with(found, "object 6 'high chandelier'")
    assert "out of every figure's reach" in high and "or put a surface within reach beside it" in high
    assert not [line for line in found if "good chandelier" in line or "over the table" in line], found
    lamp = line_with(found, "object 10 'lamp'")
    assert "a chandelier is swung on (OFA-MG.2): set 'swingable' true" in lamp


# --------------------------------------------------------------------------- cells


def _mm_map(folder: Path, cells: str, spawns: str = "", extra: str = "") -> Path:
    return write(folder, "mice_and_mystics", cells=cells, spawns=spawns, extra=extra,
                 props='<property name="tile_id" value="kitchen"/>'
                       '<property name="adjacency_gap" type="float" value="2"/>')


def test_a_cell_with_no_exit_is_a_dead_end(tmp_path: Path) -> None:
    cells = cell(1, "k1", 0, 0) + cell(2, "k2", 64, 0) + cell(3, "k3", 200, 200)
    spawns = spawn(10, "Tilly", "mice", "knight", 230, 230)
    found = lines(_mm_map(tmp_path, cells, spawns))
    line = line_with(found, "object 3 'k3'")
    assert ": error: cell 'kitchen:k3' has no exit" in line
    assert "Tilly would start there and never move" in line and "add neighbors_add" in line
    assert not [line for line in found if "'k1'" in line or "'k2'" in line], found


def test_an_exit_to_nowhere_is_named_with_the_cell_it_meant(tmp_path: Path) -> None:
    cells = (cell(1, "k1", 0, 0, neighbors_add="k22") + cell(2, "k2", 64, 0, exit="east-door")
             + cell(3, "k3", 0, 64, turn_target="kitchen:k33"))
    exits = ('<objectgroup id="5" name="exits"><object id="20" name="door" x="126" y="0" width="4" '
             'height="64"><properties><property name="exit_id" value="east_door"/>'
             '<property name="target_tile" value="kitchn"/></properties></object></objectgroup>')
    spawns = spawn(10, "Tilly", "mice", "knight", 30, 30)
    found = lines(_mm_map(tmp_path, cells, spawns, exits))
    add = line_with(found, "object 1 'k1'")
    assert ": error: neighbors_add names cell 'k22', which is not on the map (a way to nowhere);" \
           " did you mean 'k2'?" in add
    named = line_with(found, "object 2 'k2'")
    assert "exit 'east-door' names no object of an 'exits' layer" in named
    assert "did you mean 'east_door'?" in named
    turn = line_with(found, "object 3 'k3'")
    assert "turn_target 'kitchen:k33' is not a cell of the map" in turn and "did you mean 'kitchen:k3'?" in turn
    door = line_with(found, "object 20 'door'")
    assert "exit 'east_door' leads to tile 'kitchn', which has no cells on this map; did you mean " \
           "'kitchen'?" in door


def test_a_relic_space_nothing_joins_has_no_exit(tmp_path: Path) -> None:
    """A board the rules accept, but ``neighbors_remove`` cuts outer-2 off both its neighbours."""
    spaces: list[tuple[str, int, dict[str, dict[str, str]]]] = [("outer", 3, {"outer-0": {"neighbors_add": "middle-0"},
                            "outer-2": {"neighbors_remove": "outer-0,outer-1"}}),
              ("middle", 3, {"middle-0": {"neighbors_add": "inner-0"}}),
              ("inner", 1, {"inner-0": {"neighbors_add": "centre"}})]
    cells, oid = "", 1
    for row, (tier, count, extra) in enumerate(spaces):
        for i in range(count):
            sid = f"{tier}-{i}"
            props = {"tier": tier, "index": str(i), **extra.get(sid, {})}
            cells += cell(oid, sid, i * 70, row * 70, **props)
            oid += 1
    cells += cell(oid, "centre", 0, 210, tier="centre")
    spawns = spawn(20, "Player 1", "player1", "captain", 30, 30)
    found = lines(write(tmp_path, "relic", cells=cells, spawns=spawns))
    assert not [line for line in found if ": error:" in line and "outer-2" not in line], found
    line = line_with(found, "object 3 'outer-2'", "has no exit")
    assert ": error: space 'outer-2' has no exit: no space of its tier is next to it" in line
    assert "add neighbors_add" in line


# --------------------------------------------------------------------------- the dispatch


def test_a_system_without_scenario_checks_is_still_checked(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A system's ``scenario.py`` may be missing; when it is there, its problems get the path."""
    import game.rules

    package = tmp_path / "pkg" / "toy_game"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.setattr(game.rules, "__path__", [*game.rules.__path__, str(tmp_path / "pkg")])
    monkeypatch.setitem(registry._KNOWN, "toy_game", "game.rules.toy_game:Toy")
    path = write(tmp_path, "toy_game")
    assert system_hook("toy_game") is None
    assert lines(path) == []
    (package / "scenario.py").write_text(
        "from game.core.errors import Problem\n"
        "def scenario_problems(board):\n"
        "    return [Problem('', 'the toy needs a toy box', object_id=7)]\n", encoding="utf-8")
    sys.modules.pop("game.rules.toy_game.scenario", None)
    try:
        assert lines(path) == [f"{path} object 7: error: the toy needs a toy box"]
    finally:
        sys.modules.pop("game.rules.toy_game.scenario", None)
        sys.modules.pop("game.rules.toy_game", None)


def test_every_shipped_map_validates_with_no_error() -> None:
    out = io.StringIO()
    assert validate_paths([MAPS], out, games=scenario_problems) == 0, out.getvalue()
    assert ": error:" not in out.getvalue()
    assert "; 0 error(s), " in out.getvalue().splitlines()[-1]


# --------------------------------------------------------------------------- the command line


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TABLETOP_CONFIG_DIR": str(cwd / "config"), "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300, stdin=subprocess.DEVNULL)


def test_validate_and_play_say_the_same_lines_and_play_refuses(tmp_path: Path) -> None:
    spawns = (spawn(10, "Damned 1", "inferno", "damed", 60, 280)
              + spawn(11, "Friar", "conquistadors", "friar", 260, 40))
    path = write(tmp_path, "helldorado", spawns=spawns)
    expected = f"{path} layer 'spawns' object 10 'Damned 1': error: profile 'damed'"
    checked = _run(["validate", str(path)], tmp_path)
    assert checked.returncode == 1
    said = [line for line in checked.stdout.splitlines() if line.startswith(expected)]
    assert len(said) == 1, checked.stdout
    played = _run(["play", str(path)], tmp_path)
    assert played.returncode == 2, played.stderr
    assert "Traceback" not in played.stderr
    assert said[0] in played.stderr.splitlines(), played.stderr


def test_the_menu_shows_the_refusal_on_its_card(tmp_path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui.menu import MenuChoice, Scenario, make_menu_view
    from game.ui.menu.launch import start_view

    spawns = spawn(10, "Athos", "musketeers", "athoss", 60, 280)
    path = write(tmp_path, "one_for_all", spawns=spawns, name="lonely.tmx")
    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_mode((1, 1), pygame.HIDDEN)
        with pytest.raises(ScenarioRefused) as refused:
            start_view(MenuChoice(Scenario(path, "lonely", "one_for_all")), (800, 600))
        assert refused.value.problems and all(p.severity == "error" for p in refused.value.problems)
        menu = make_menu_view(tmp_path, (1280, 800), start=lambda c: start_view(c, (800, 600)))
        menu.draw(pygame.Surface((1280, 800)))
        assert menu._launch(MenuChoice(Scenario(path, "lonely", "one_for_all"))) is None
        assert menu.message.startswith("This scenario cannot be started. lonely.tmx: error: One for "
                                       "All needs figures of two sides")
    finally:
        pygame.quit()
