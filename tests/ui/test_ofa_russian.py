"""The One for All play screen in Russian: no English word and no missing glyph on the screen
with an explained log (a move, an attack with a push-back, a duel), the game menu, the help
card, the figure card and the odds tab; the log's own words in Russian too."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.board import load_board
from game.board.model import Board
from game.i18n import _, set_language
from game.rules.one_for_all.commands import Act, Activate, Duel, Move
from game.rules.one_for_all.explain import profile_name
from game.ui.play.ofa.session import PlaySession, new_match
from game.ui.play.ofa.view import OFAPlayView
from game.ui.play.side_panel import CARD, LOG, ODDS
from tests.rules.one_for_all.scene import start
from tests.ui.ru_texts import english_words, missing_glyphs, recorded_texts

REPO = Path(__file__).resolve().parents[2]
TAVERN = REPO / "maps" / "tavern.tmx"
SIZE = (1280, 800)
M, C = "musketeers", "cardinal"
PNG = Path("/tmp/ru_ofa.png")

#: name, Russian name, side, profile, x, y (mm)
FIGURES = (("Athos", "Атос", M, "athos", 200, 300),
           ("Porthos", "Портос", M, "porthos", 300, 450),
           ("Guard 1", "Гвардеец 1", C, "guard", 225, 300),
           ("Guard 2", "Гвардеец 2", C, "guard", 200, 325))
#: id, name, Russian name, kind, x, y, w, h, height (mm)
PIECES = ((1, "crate", "ящик", "crate", 243, 270, 30, 60, 22),
          (2, "long table", "длинный стол", "table", 420, 420, 60, 60, 25))


def russian_scene(folder: Path) -> Path:
    """A small table whose map gives every name in Russian too (``name_ru``, ``side_*_ru``)."""
    objs = []
    for pid, name, ru, kind, x, y, w, h, height in PIECES:
        objs.append(f'<object id="{pid}" name="{name}" class="Terrain" x="{x}" y="{y}" width="{w}" '
                    f'height="{h}"><properties><property name="kind" value="{kind}"/>'
                    f'<property name="height" type="float" value="{height}"/>'
                    f'<property name="name_ru" value="{ru}"/></properties></object>')
    for i, (name, ru, side, profile, x, y) in enumerate(FIGURES, start=1000):
        objs.append(f'<object id="{i}" name="{name}" class="FigureSpawn" x="{x}" y="{y}">'
                    f'<properties><property name="side" value="{side}"/>'
                    f'<property name="profile" value="{profile}"/>'
                    f'<property name="name_ru" value="{ru}"/></properties><point/></object>')
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="60" height="60" tilewidth="10" tileheight="10" infinite="0">
 <properties><property name="mm_per_pixel" type="float" value="1"/>
  <property name="system" value="one_for_all"/>
  <property name="side_musketeers_ru" value="Мушкетёры"/>
  <property name="side_cardinal_ru" value="Гвардейцы кардинала"/></properties>
 <objectgroup id="1" name="scene">{''.join(objs)}</objectgroup>
</map>"""
    path = folder / "ru_scene.tmx"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def russian(headless: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TABLETOP_PICTURES_DIR", str(tmp_path / "pictures"))
    set_language("ru")


def frame(view: OFAPlayView) -> pygame.Surface:
    surface = pygame.Surface(view.layout.size)
    view.update(1 / 60)
    view.draw(surface)
    return surface


def played(tmp_path: Path, duel: bool = True) -> tuple[OFAPlayView, Board]:
    """Athos punches Guard 1 (pushed back into the crate), duels Guard 2; Porthos moves."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = russian_scene(tmp_path)
    board = load_board(path)
    match = start(path, [6, 2, 2, 6, 6, 5, 2, 2, 3, 2, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3])
    view = OFAPlayView(PlaySession(match, board), board, SIZE, save_dir=tmp_path / "saves",
                       animate=False, handover=False)
    frame(view)
    groups = [(Activate("athos"), Act("athos", "punch", "guard_1", ("guard_1",)))]
    groups += [(Duel("athos", "guard_2"),)] if duel else []
    for commands in groups:
        result = view.submit(*commands)
        assert result.ok, result.reason
        frame(view)
    if not duel:
        return view, board
    if view.state.pending is not None:
        view.choose(view.action_bar.choices[0])
        frame(view)
    for commands in ((Move("athos", 270.0, 20.0),), (Activate("porthos"), Move("porthos", 0.0, None))):
        if view.state.initiative == M:
            assert view.submit(*commands).ok
            frame(view)
    return view, board


def assert_russian(texts: list[str], allowed: set[str] = frozenset()) -> None:  # type: ignore[assignment]
    assert texts
    english = english_words(texts, allowed)
    assert not english, english
    font = pygame.font.Font(None, 24)
    assert not missing_glyphs(texts, font)


def test_the_russian_screen_with_an_explained_log_has_no_english(russian: None,
                                                                 tmp_path: Path) -> None:
    with recorded_texts() as seen:
        view, _board = played(tmp_path)
        kinds = {e.kind for step in view.session.match.steps for e in step.events}
        assert {"ofa.move", "ofa.action", "ofa.attack", "ofa.push", "ofa.duel"} <= kinds
        view.side_panel.tab = LOG
        view.log_panel.toggled = {entry.number for entry in view.session.log()}  # open them all
        surface = frame(view)
        pygame.image.save(surface, str(PNG))
        log_texts = [line.text for entry in view.session.log() for line in entry.lines]
        log_texts += [entry.title for entry in view.session.log()]
        assert_russian(log_texts)
        assert any("Атос бьёт кулаком, цель: Гвардеец 1" in t for t in log_texts)
        assert any("отброшен" in t for t in log_texts)
        assert_russian(seen)


def test_the_russian_cards_figure_card_and_odds_have_no_english(russian: None,
                                                                tmp_path: Path) -> None:
    with recorded_texts() as seen:
        view, _board = played(tmp_path)
        # the game menu and the help card
        view.open_game_menu()
        frame(view)
        view.card_action("help")
        assert view.card_kind == "help"
        frame(view)
        view.card, view.card_kind = None, ""
        # the end card and the handover card
        view.open_end()
        frame(view)
        view.card, view.card_kind = None, ""
        from game.ui.play.handover import handover_card

        view.card = handover_card(view.texts, view.names.side(C), (0, 0, 0), "G",
                                  view.names.side(M))
        frame(view)
        view.card = None
        # the figure card of a battered figure and of the active one
        view.side_panel.tab = CARD
        for fig in view.state.figures:
            view.inspected = fig.id
            frame(view)
        # the odds of a roll on offer
        view.side_panel.tab = ODDS
        view.inspected = ""
        frame(view)
        view, _board = played(tmp_path / "odds", duel=False)
        view.side_panel.tab = ODDS
        view.message = ""  # the status line shows the odds of the hovered choice
        for fig in view.state.figures:
            view.selected = fig.id
            opts = view.options()
            for group in opts.groups if opts is not None else ():
                for choice in group.choices:
                    view.hot = choice
                    frame(view)
        view.hot = None
        frame(view)
    assert any("рейтинг" in t for t in seen)
    assert any("Шансы" in t for t in seen)
    assert any(_("How to play") == t for t in seen)
    assert_russian(seen)


def map_words(board: Board) -> set[str]:
    """Latin words of the names the map gives in English only (no ``name_ru``/``side_*_ru`` yet)."""
    names = [s.name for s in board.spawns if not s.properties.get("name_ru")]
    names += [p.name for p in board.terrain if not p.properties.get("name_ru")]
    sides = {s.side for s in board.spawns}
    names += [s for s in sides if not board.properties.get(f"side_{s}_ru")]
    names += [s.replace("_", " ").title() for s in sides
              if not board.properties.get(f"side_{s}_ru")]
    return {w for n in names for w in re.findall(r"[A-Za-z]{2,}", n)}


def test_the_russian_tavern_screen_draws_only_map_names_in_english(russian: None,
                                                                   tmp_path: Path) -> None:
    """The shipped tavern: what is English on it can only be a name the map gives no Russian
    for (none once the map carries its ``name_ru`` properties)."""
    board = load_board(TAVERN)
    with recorded_texts() as seen:
        view = OFAPlayView(PlaySession(new_match(TAVERN, 3), board), board, SIZE,
                           save_dir=tmp_path / "saves", animate=False)
        frame(view)
        for _i in range(6):
            view.ai_step()
            frame(view)
        for tab in (LOG, ODDS, CARD):
            view.side_panel.tab = tab
            frame(view)
        view.open_game_menu()
        frame(view)
    assert_russian(seen, map_words(board))


def test_the_russian_log_words_of_every_action(russian: None) -> None:
    from game.rules.engine import Event
    from game.rules.one_for_all.commands import ACTION_KINDS
    from game.rules.one_for_all.explain import explain

    for kind in ACTION_KINDS:
        text = explain(Event.of("ofa.action", ["OFA-2A.2"], "Атос", kind=kind.replace("_", " "),
                                object="стол"), "ru")
        assert not english_words([text]), text
    for reason in ("down", "failed"):
        text = explain(Event.of("ofa.activation_end", ["OFA-6.1"], "Атос", reason=reason), "ru")
        assert not english_words([text]), text
    assert profile_name("guard", "ru") == "Гвардеец кардинала"
    assert profile_name("guard", "en") == "Cardinal's Guard"


def test_the_menu_switches_the_whole_screen_and_remembers_it(headless: None, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    from game import i18n

    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv(i18n.CONFIG_ENV, str(tmp_path / "config"))
    with recorded_texts() as before:
        view, _board = played(tmp_path)
    assert i18n.language() == "en"
    assert "Log" in before and "Initiative" in before
    view.open_game_menu()
    view.card_action("lang")
    assert i18n.language() == "ru" and view.session.lang == "ru"
    assert i18n.load_language() == "ru"  # remembered between runs
    view.card, view.card_kind = None, ""
    with recorded_texts() as after:
        frame(view)
    assert "Журнал" in after and "Инициатива" in after
    assert any("Атос" in line.text for entry in view.session.log() for line in entry.lines)
    view.open_game_menu()
    view.card_action("lang")
    assert i18n.language() == "en"


#: the ids of the Russian scene, which the screen must never show
SCENE_IDS = re.compile(r"\b(athos|porthos|guard_\d|musketeers|cardinal)\b")


def test_a_refused_command_says_why_in_russian_with_names(russian: None, tmp_path: Path) -> None:
    """A refusal on the Russian screen: why, in Russian, the figures and pieces by their Russian
    names, then the rule's ID; in English the same sentence in English."""
    path = russian_scene(tmp_path)
    board = load_board(path)
    view = OFAPlayView(PlaySession(start(path, [6, 2]), board), board, SIZE,
                       save_dir=tmp_path / "saves", animate=False, handover=False)
    frame(view)
    shown = []
    for commands in ((Activate("porthos"), Duel("porthos", "guard_1")),  # not in contact
                     (Activate("athos"), Act("athos", "leap_onto", "2"))):  # the table is far
        with recorded_texts() as seen:
            result = view.submit(*commands)
            frame(view)
        assert not result.ok
        said = [t for t in seen if t.startswith("Нельзя: ")]
        if said and said[-1] != view.message:  # two lines in the status line beside the table
            said[-1] += " " + list(seen)[len(seen) - 1 - list(reversed(seen)).index(said[-1]) + 1]
        assert said and said[-1] == view.message == f"Нельзя: {result.reason}"
        shown.append(said[-1])
    assert shown[0] == "Нельзя: Портос не касается противника: Гвардеец 1 (OFA-4.2)"
    assert shown[1] == "Нельзя: Атос: нет контакта с предметом «длинный стол» (OFA-2A.1)"
    assert_russian(shown)
    assert not any(SCENE_IDS.search(s) for s in shown)
    set_language("en")
    again = view.session.submit(Activate("porthos"), Duel("porthos", "guard_1"))
    assert again.reason == "Porthos is not in contact with Guard 1 (OFA-4.2)"


def test_every_refusal_of_one_for_all_reads_in_russian(russian: None, tmp_path: Path) -> None:
    """Each message of the rules, with ids from the scene, as the Russian screen shows it."""
    from game.i18n import placeholders
    from game.rules.engine import IllegalCommand
    from game.rules.one_for_all.refusals import MESSAGES

    path = russian_scene(tmp_path)
    session = PlaySession(start(path, [6, 2]), load_board(path))
    sample = {"figure": "athos", "target": "guard_1", "defender": "guard_2", "active": "porthos",
              "contact": "guard_1", "first": "guard_1", "object": "1", "blocker": "2",
              "side": "musketeers", "kind": "leap_onto", "targets": ("guard_1", "guard_2"),
              "candidates": ("guard_1", "guard_2"), "hits": 3, "cap": 4, "depth": 40, "most": 20,
              "rise": 30, "drop": 50, "gap": 45}
    texts = []
    for key, template in MESSAGES.items():
        params = {p: sample[p] for p in placeholders(template)}
        text = session.refusal(IllegalCommand("OFA-X", "english", key=key, params=params))
        assert text.endswith(" (OFA-X)") and "english" not in text, (key, text)
        assert not SCENE_IDS.search(text), (key, text)
        texts.append(text)
    assert_russian(texts)
    assert sum("Атос" in t for t in texts) > 20 and any("ящик" in t for t in texts)
