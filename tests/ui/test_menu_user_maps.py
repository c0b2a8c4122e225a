"""The main menu lists the player's own maps (issue 18, points 5 and 6): the folder the
platform's way (``TABLETOP_MAPS``, ``tabletop menu --maps DIR``), ``.tmx`` and ``.tmj`` maps in it
and its subfolders, the folder named at the menu's foot; and ``tabletop play`` and ``sandbox``
open a Tiled JSON map as well as a ``.tmx``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.board.starter import write_starter
from game.i18n import set_language
from game.ui.menu import MenuChoice, make_menu_view, scan_scenarios
from game.ui.play import user_dirs
from game.ui.view import Push
from tests.board.tmjkit import save_as_tmj
from tests.ui.stand_ins import NullView as _Dummy

REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "maps"


@pytest.fixture
def mine(tmp_path: Path) -> Path:
    """A player's maps folder: a starter .tmx, the same game saved as .tmj in a subfolder, a
    chapter-like JSON that is no map, and a map that names no game."""
    folder = tmp_path / "my maps"
    write_starter("helldorado", folder / "crossroads.tmx", title="My Crossroads")
    write_starter("one_for_all", folder / "work" / "brawl.tmx", title="My Brawl")
    save_as_tmj(folder / "work" / "brawl.tmx", folder / "work" / "brawl-json.tmj")
    (folder / "work" / "brawl.tmx").unlink()
    (folder / "notes.json").write_text(json.dumps({"id": "a chapter"}), encoding="utf-8")
    text = (folder / "crossroads.tmx").read_text(encoding="utf-8")
    (folder / "nogame.tmx").write_text(text.replace('value="helldorado"', 'value=""'),
                                       encoding="utf-8")
    return folder


def test_the_folder_is_the_platforms_and_can_be_overridden() -> None:
    home = {"HOME": "/home/ann"}
    assert user_dirs.maps_dir(home, "linux") == Path("/home/ann/.local/share/tabletop/maps")
    assert user_dirs.maps_dir({**home, "XDG_DATA_HOME": "/d"}, "linux") == Path("/d/tabletop/maps")
    assert user_dirs.maps_dir({**home, "APPDATA": "C:/Users/ann/AppData/Roaming"}, "win32") == \
        Path("C:/Users/ann/AppData/Roaming/tabletop/maps")
    assert user_dirs.maps_dir(home, "darwin") == \
        Path("/home/ann/Library/Application Support/tabletop/maps")
    assert user_dirs.maps_dir({**home, "TABLETOP_MAPS": "/srv/maps"}, "linux") == Path("/srv/maps")


def test_the_players_maps_follow_the_shipped_ones(mine: Path) -> None:
    found = scan_scenarios(MAPS, mine)
    shipped = [s for s in found if not s.mine]
    own = [s for s in found if s.mine]
    assert {s.path.name for s in shipped} >= {"tavern.tmx", "ruins.tmx", "relic.tmx"}
    assert found[:len(shipped)] == shipped
    assert [(s.path.relative_to(mine).as_posix(), s.title, s.system) for s in own] == [
        ("crossroads.tmx", "My Crossroads", "helldorado"),
        ("work/brawl-json.tmj", "My Brawl", "one_for_all"),
    ]


def test_the_menu_names_the_folder_and_starts_a_players_map(headless: None, mine: Path) -> None:
    started: list[MenuChoice] = []
    menu = make_menu_view(MAPS, (1280, 800), maps_folder=mine,
                          start=lambda c: _kept(started, c),
                          remember=lambda lang: set_language(lang))
    menu.draw(pygame.Surface((1280, 800)))
    assert menu._folder_label is not None and str(mine) in menu._folder_label.text
    # one_for_all's scenarios: the tavern, then the player's JSON map
    while menu.choice.scenario.path.name != "brawl-json.tmj":  # type: ignore[union-attr]
        menu.activate("scenario")
    rows = dict(menu.rows())
    assert rows["scenario"] == "Scenario: My Brawl (your map)"
    assert isinstance(menu.activate("start"), Push)
    assert started[-1].scenario.path == mine / "work" / "brawl-json.tmj"
    menu.activate("language")
    menu.draw(pygame.Surface((1280, 800)))
    assert dict(menu.rows())["scenario"] == "Сценарий: My Brawl (ваша карта)"
    assert menu.folder_line().startswith("Свои карты") and str(mine) in menu.folder_line()
    menu.activate("learn")
    assert menu.folder_line() == ""


def test_a_players_json_map_starts_a_game_and_the_sandbox(headless: None, mine: Path) -> None:
    from game.ui.menu.launch import sandbox_view, start_view

    scenario = next(s for s in scan_scenarios(MAPS, mine) if s.path.suffix == ".tmj")
    view = start_view(MenuChoice(scenario), (1280, 800))
    assert view is not None and getattr(view, "session", None) is not None
    assert sandbox_view(scenario.path, (1280, 800)) is not None


def test_play_sandbox_and_menu_commands_take_json_maps_and_the_folder(
        headless: None, mine: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game import cli
    from game.ui.app import run_window
    from game.ui.menu import launch
    from game.ui.sandbox import sandbox_command

    tmj = mine / "work" / "brawl-json.tmj"
    assert run_window(tmj, (900, 600), max_frames=2) == 0
    assert sandbox_command(tmj, (900, 600), max_frames=2) == 0
    seen: list[object] = []

    def menu_command(size: tuple[int, int], user_maps: Path | None = None) -> int:
        seen.append(user_maps)
        return 0

    monkeypatch.setattr(launch, "menu_command", menu_command)
    assert cli.main(["menu", "--maps", str(mine)]) == 0
    assert cli.main(["menu"]) == 0
    assert seen == [mine, None]


def test_the_real_menu_makes_and_lists_the_folder(headless: None, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.menu.launch import main_menu_view

    monkeypatch.setenv("TABLETOP_MAPS", str(tmp_path / "maps of mine"))
    menu = main_menu_view((1280, 800), MAPS)
    assert (tmp_path / "maps of mine").is_dir()
    assert menu.maps_folder == tmp_path / "maps of mine"  # type: ignore[attr-defined]
    write_starter("relic", tmp_path / "maps of mine" / "ring.tmx", title="My Ring")
    again = main_menu_view((1280, 800), MAPS)
    assert any(s.mine and s.title == "My Ring" for s in again.scenarios)  # type: ignore[attr-defined]


def _kept(into: list[Any], item: Any) -> _Dummy:
    into.append(item)
    return _Dummy()


def test_render_draws_a_json_map_not_taken_for_a_sandbox_scene(mine: Path, tmp_path: Path) -> None:
    from game import cli

    as_json = save_as_tmj(mine / "crossroads.tmx", mine / "crossroads-map.json")
    out = tmp_path / "map.png"
    assert cli.main(["render", str(as_json), "-o", str(out)]) == 0
    assert out.is_file() and pygame.image.load(str(out)).get_size() == (1280, 800)
