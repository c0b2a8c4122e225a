"""The main menu: rule system and scenario, new game or load, hot-seat or against the AI,
teaching or strict mode, the sandbox, learning to play, the language, and quit.

``make_menu_view(maps_dir, size, start=..., sandbox=..., learn=...)`` builds it. The first row
plays the default scenario in one click; "Learn to play" opens a page listing the guided first
games (one lesson per rule system, ``game.lessons``) and "Back". What happens on "start",
"sandbox" and a lesson is the caller's (the app wires the play screen, the sandbox and the
lessons in); the menu only gathers the choice.

Each row is a pygame_gui button with a tooltip (``game.ui.gui``, theme ``assets/theme.json``);
left click changes a choice forward, right click back. The keyboard works as well: arrows or Tab
move the focus, Enter/Space/Right change forward, Left back, Esc quits (on the lessons' page: back
to the main one). Switching the language
builds the widgets again in the new language.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pygame

from game.board.names import local_title
from game.board.validate import is_map_file, maps_in
from game.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, language, save_language
from game.lessons import available as available_lessons
from game.rules.scenario_check import ScenarioRefused
from game.ui.colours import BACKGROUND, ORANGE
from game.ui.gui import Gui
from game.ui.view import Push, Quit, View, ViewAction
from game.ui.words import system_name

DEFAULT_MAP = "tavern.tmx"
ROW_PX = 44
TEXT_PX = 18
WIDTH_PX = 600
TITLE_PX = 56
ACCENT = ORANGE

#: what each row does, for its tooltip
TOOLTIPS = {
    "quick": N_("Start the usual scenario at once: a new game, hot-seat, teaching mode."),
    "learn": N_("A guided first game of each rule system: a few minutes, step by step, with "
                "the rules explained."),
    "lesson": N_("A short guided game with fixed dice: each step says what to do and why, "
                 "then shows the rules it applied."),
    "back": N_("Back to the main menu."),
    "system": N_("Change the rule system; the scenario follows. Right-click goes back."),
    "scenario": N_("Change the scenario among the maps of this rule system. "
                   "Right-click goes back."),
    "load": N_("Start a new game, or go on from this scenario's saved game."),
    "ai": N_("Play against someone at this computer, taking turns, or against the AI "
             "(it plays the last side of the map)."),
    "teaching": N_("Teaching mode explains the rules as you play; strict mode only "
                   "applies them."),
    "players": N_("How many play Relic: 1 to 4, at the map's first starts in turn order. "
                  "Right-click goes back."),
    "start": N_("Start the chosen scenario with these settings."),
    "sandbox": N_("Open the chosen map in the sandbox: place figures and see sight, cover, "
                  "ranges and templates."),
    "language": N_("Switch between English and Russian; the choice is remembered."),
    "quit": N_("Close tabletop."),
}


@dataclass(frozen=True)
class Scenario:
    path: Path
    title: str
    system: str
    #: the map's properties (for ``title_<lang>``)
    properties: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)
    #: one of the player's own maps (from their maps folder), not a shipped one
    mine: bool = False

    def shown_title(self) -> str:
        """The title in the current language (the map's ``title_<lang>`` when it has one)."""
        return local_title(self.title, self.properties)


@dataclass(frozen=True)
class MenuChoice:
    scenario: Scenario
    load: bool = False  #: load the autosave/quick save instead of a new game
    ai: bool = False  #: against the AI (else hot-seat)
    teaching: bool = True  #: teaching mode (else strict)
    players: int = 0  #: Relic: how many play, 1 to 4 (0: every start of the map)


def _map_properties(path: Path) -> dict[str, str] | None:
    """A map's own properties as text, read from the file alone (TMX or Tiled JSON), or None
    when it cannot be read."""
    props: dict[str, str] = {}
    try:
        if path.suffix.lower() == ".tmx":
            root = ET.parse(path).getroot()
            for prop in root.findall("./properties/property"):
                props[prop.get("name", "")] = prop.get("value", "") or (prop.text or "")
            return props
        doc = json.loads(path.read_text(encoding="utf-8"))
        for prop in doc.get("properties") or []:
            if isinstance(prop, dict) and isinstance(prop.get("value"), str | int | float):
                props[str(prop.get("name", ""))] = str(prop["value"])
    except (OSError, ET.ParseError, ValueError, AttributeError):
        return None
    return props


def scan_scenarios(maps_dir: Path, mine: Path | None = None) -> list[Scenario]:
    """The Tiled maps (``.tmx``, ``.tmj``, ``.json``) of the shipped folder, then those of the
    player's own folder ``mine`` (and its subfolders), with their title and system (read from
    the file only). A map of the player's without a ``system`` is left out."""
    out = []
    folders = [(Path(maps_dir), False)] + ([(Path(mine), True)] if mine is not None else [])
    for folder, own in folders:
        found = ([p for p in sorted(folder.iterdir()) if is_map_file(p)] if not own else
                 maps_in(folder)) if folder.is_dir() else []
        for path in found:
            props = _map_properties(path)
            if props is None or (own and not props.get("system")):
                continue
            out.append(Scenario(path, props.get("title") or path.stem, props.get("system", ""),
                                props, mine=own))
    return out


Starter = Callable[[MenuChoice], View | None]
SandboxStarter = Callable[[Path], View | None]
#: the lesson of a rule system (None: it cannot start)
LessonStarter = Callable[[str], View | None]
#: the rows of the page that lists the lessons start so
LESSON = "lesson:"


class MenuView:
    def __init__(self, scenarios: Sequence[Scenario], size: tuple[int, int], *,
                 start: Starter | None = None, sandbox: SandboxStarter | None = None,
                 learn: LessonStarter | None = None, lessons: Sequence[str] | None = None,
                 default: str = DEFAULT_MAP, remember: Callable[[str], None] = save_language,
                 maps_folder: Path | None = None) -> None:
        self.scenarios = list(scenarios)
        #: the player's own maps folder, which the menu names at its foot (None: not shown)
        self.maps_folder = maps_folder
        self.systems = list(dict.fromkeys(s.system for s in self.scenarios))
        self.size = size
        self._start = start
        self._sandbox = sandbox
        self._learn = learn
        #: the rule systems that have a lesson, in the order the page lists them
        self.lessons = tuple(available_lessons() if lessons is None else lessons)
        #: "main", or "learn" (the page listing the lessons)
        self.page = "main"
        self._remember = remember
        first = next((s for s in self.scenarios if s.path.name == default),
                     self.scenarios[0] if self.scenarios else None)
        self.default = first
        self.choice: MenuChoice | None = MenuChoice(first) if first is not None else None
        self.focus = 0
        #: the focus was moved with the keys (shown as the selected button; under the mouse the
        #: hover highlight shows it, and a selected button would take no hover nor tooltip)
        self.keyboard_focus = True
        self.message = ""
        self.gui = Gui(size)
        #: action -> its button (rebuilt with the language and the window size)
        self.buttons: dict[str, Any] = {}
        self._built: tuple[str, tuple[int, int], str] | None = None
        self._panel: Any = None
        self._hint_label: Any = None
        self._folder_label: Any = None
        self._pressed: list[ViewAction | None] = []
        self._build()

    # ------------------------------------------------------------------ rows
    def rows(self) -> list[tuple[str, str]]:
        """(action, text) for each row, in the current language."""
        if self.page == "learn":
            return [(LESSON + s, _("{game} — a guided first game").format(game=system_name(s)))
                    for s in self.lessons] + [("back", _("Back"))]
        rows: list[tuple[str, str]] = []
        c = self.choice
        if self.default is not None:
            rows.append(("quick", _("Play {title}").format(title=self.default.shown_title())))
        if c is not None:
            system = system_name(c.scenario.system)
            rows += [
                ("system", _("Rule system: {name}").format(name=system)),
                ("scenario", (_("Scenario: {title} (your map)") if c.scenario.mine else
                              _("Scenario: {title}")).format(title=c.scenario.shown_title())),
                ("load", _("Game: load the saved game") if c.load else _("Game: new game")),
                ("ai", _("Opponent: the AI") if c.ai else _("Opponent: hot-seat")),
                ("teaching", _("Mode: teaching") if c.teaching else _("Mode: strict")),
                *([("players", _("Players: {n}").format(n=c.players) if c.players else
                    _("Players: every start of the map"))] if c.scenario.system == "relic" else []),
                ("start", _("Start")),
                ("sandbox", _("Sandbox on this map")),
            ]
        if self.lessons:
            rows.append(("learn", _("Learn to play")))
        rows += [("language", _("Language: {name}").format(name=LANGUAGE_NAMES[language()])),
                 ("quit", _("Quit"))]
        return rows

    def activate(self, action: str, step: int = 1) -> ViewAction | None:  # noqa: C901
        c = self.choice
        self.message = ""
        if action == "quit":
            return Quit()
        if action == "language":
            k = (LANGUAGES.index(language()) + step) % len(LANGUAGES)
            self._remember(LANGUAGES[k])
            return None
        if action == "quick" and self.default is not None:
            return self._launch(MenuChoice(self.default))
        if action in ("learn", "back"):
            self.page = "learn" if action == "learn" else "main"
            self.focus = 0
            return None
        if action.startswith(LESSON):
            return self._lesson(action[len(LESSON):])
        if c is None:
            return None
        if action == "system" and self.systems:
            k = (self.systems.index(c.scenario.system) + step) % len(self.systems)
            scenario = next(s for s in self.scenarios if s.system == self.systems[k])
            self.choice = replace(c, scenario=scenario)
        elif action == "scenario":
            same = [s for s in self.scenarios if s.system == c.scenario.system]
            k = (same.index(c.scenario) + step) % len(same)
            self.choice = replace(c, scenario=same[k])
        elif action == "players":  # Relic: 0 (every start), 1, 2, 3, 4
            self.choice = replace(c, players=(c.players + step) % 5)
        elif action in ("load", "ai", "teaching"):
            flags: dict[str, Any] = {action: not getattr(c, action)}
            self.choice = replace(c, **flags)
        elif action == "start":
            return self._launch(c)
        elif action == "sandbox":
            view = self._sandbox(c.scenario.path) if self._sandbox else None
            if view is None:
                self.message = _("The sandbox cannot open this map.")
                return None
            return Push(view)
        return None

    def _lesson(self, system: str) -> ViewAction | None:
        view = self._learn(system) if self._learn else None
        if view is None:
            self.message = _("This lesson cannot be started.")
            return None
        return Push(view)

    def tooltip(self, action: str) -> str:
        """What a row does, in the current language."""
        return _(TOOLTIPS[LESSON[:-1] if action.startswith(LESSON) else action])

    def _launch(self, choice: MenuChoice) -> ViewAction | None:
        try:
            view = self._start(choice) if self._start else None
        except ScenarioRefused as refused:  # a broken scenario: its first line on the card
            self.message = _("This scenario cannot be started.") + " " + refused.card()
            return None
        if view is None:
            self.message = _("This scenario cannot be started.")
            return None
        return Push(view)

    # ------------------------------------------------------------------ widgets
    def _layout(self) -> tuple[pygame.Rect, int]:
        """The panel holding the rows (screen coordinates) and the rows' top inside it."""
        w, h = self.size
        n = len(self.rows())
        width = min(WIDTH_PX, max(200, w - 40))
        height = TITLE_PX + n * ROW_PX + 16
        top = max(10, (h - height - 70) // 2)
        return pygame.Rect((w - width) // 2, top, width, height), TITLE_PX

    def _build(self) -> None:
        """All the widgets, in the current language, for the current size."""
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UILabel, UIPanel

        self.gui.clear()
        self._hint_label = None
        self._folder_label = None
        self.gui.resize(self.size)
        manager = self.gui.manager
        rect, rows_top = self._layout()
        panel = UIPanel(rect, starting_height=1, manager=manager,
                        object_id=ObjectID("#menu_panel", "panel"))
        self._panel = panel
        inner = rect.width - 8
        title = _("Learn to play") if self.page == "learn" else "tabletop"
        UILabel(pygame.Rect(0, 4, inner, TITLE_PX - 8), title, manager, container=panel,
                object_id=ObjectID("#title", "label"))
        self.buttons = {}
        for k, (action, text) in enumerate(self.rows()):
            accent = action in ("quick", "start", "learn") or action.startswith(LESSON)
            button = UIButton(
                pygame.Rect(12, rows_top + k * ROW_PX, inner - 20, ROW_PX - 6), text, manager,
                container=panel, tool_tip_text=self.tooltip(action),
                object_id=ObjectID("#accent" if accent else "#menu_button", "button"),
                generate_click_events_from=(pygame.BUTTON_LEFT, pygame.BUTTON_RIGHT),
                command=self._command(action))
            self.buttons[action] = button
        w, h = self.size
        self.message_label = UILabel(pygame.Rect(0, rect.bottom + 8, w, 30), self.message or " ",
                                     manager, object_id=ObjectID("#message", "label"))
        self._hint()
        self._built = (language(), self.size, self.page)
        self._show_focus()

    def _hint(self) -> None:
        """The keys' hint at the foot of the window (a narrow window goes without it)."""
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UILabel

        for old in (self._hint_label, self._folder_label):
            if old is not None:
                old.kill()
        self._hint_label = self._folder_label = None
        w, h = self.size
        manager = self.gui.manager
        hint = (_("Arrows or mouse to choose · Enter or click to start · Esc goes back")
                if self.page == "learn" else
                _("Arrows or mouse to choose · Enter or click to change · Esc quits"))
        font = manager.get_theme().get_font(["label"])
        if font.size(hint)[0] + 20 <= w:
            self._hint_label = UILabel(pygame.Rect(0, h - 40, w, 30), hint, manager,
                                       object_id=ObjectID("#hint", "label"))
        where = self.folder_line()
        below = self._layout()[0].bottom + 40  # under the panel and its message line
        if where and font.size(where)[0] + 20 <= w and below <= h - 70:
            self._folder_label = UILabel(pygame.Rect(0, h - 70, w, 30), where, manager,
                                         object_id=ObjectID("#hint", "label"))

    def folder_line(self) -> str:
        """Where the player puts maps of their own, in the current language ("" on the lessons'
        page, or with no such folder)."""
        if self.maps_folder is None or self.page != "main":
            return ""
        return _("Your own maps (.tmx or .tmj) go in {folder}").format(folder=self.maps_folder)

    def _move(self) -> bool:
        """A resized window, in the same language and page, the panel as wide: the widgets are
        moved rather than made again (a resize storm would make them all on every frame); False
        when they must be made again."""
        built = self._built
        panel = self._panel
        if built is None or panel is None or built[0] != language() or built[2] != self.page:
            return False
        rect, _rows_top = self._layout()
        if rect.size != panel.rect.size:
            return False
        self.gui.resize(self.size)
        panel.set_relative_position(rect.topleft)
        w, _h = self.size
        self.message_label.set_relative_position((0, rect.bottom + 8))
        self.message_label.set_dimensions((w, 30))
        self._hint()
        self._built = (language(), self.size, self.page)
        return True

    def _command(self, action: str) -> Callable[[dict[str, Any]], None]:
        def pressed(data: dict[str, Any]) -> None:
            step = -1 if data.get("mouse_button") == pygame.BUTTON_RIGHT else 1
            actions = [a for a, _text in self.rows()]
            if action in actions:
                self.focus = actions.index(action)
            self._pressed.append(self.activate(action, step))
        return pressed

    def _sync(self) -> None:
        """The widgets follow the menu: rebuilt for a new language or size, else relabelled."""
        if self._built != (language(), self.size, self.page):
            if not self._move():
                self._build()
            return
        for action, text in self.rows():
            button = self.buttons.get(action)
            if button is not None and button.text != text:
                button.set_text(text)
        shown = self.message or " "
        if self.message_label.text != shown:
            self.message_label.set_text(shown)
        self._show_focus()

    def _show_focus(self) -> None:
        actions = [a for a, _text in self.rows()]
        self.focus = min(max(0, self.focus), len(actions) - 1)
        for k, action in enumerate(actions):
            button = self.buttons.get(action)
            if button is None:
                continue
            if k == self.focus and self.keyboard_focus and not button.is_selected:
                button.select()
            elif (k != self.focus or not self.keyboard_focus) and button.is_selected:
                button.unselect()

    # ------------------------------------------------------------------ view protocol
    def resize(self, size: tuple[int, int]) -> None:
        self.size = (max(1, int(size[0])), max(1, int(size[1])))
        self._sync()

    def handle_event(self, event: pygame.event.Event) -> ViewAction | None:
        rows = self.rows()
        self.focus = min(self.focus, len(rows) - 1)
        self._pressed.clear()
        used = self.gui.process(event)
        if self._pressed:
            action = self._pressed[-1]
            self._pressed.clear()
            self._sync()
            return action
        if used:
            return None
        result: ViewAction | None = None
        if event.type == pygame.KEYDOWN:
            self.keyboard_focus = True
            if event.key == pygame.K_ESCAPE:
                if self.page != "main":  # a page goes back to the main one first
                    self.activate("back")
                    self._sync()
                    return None
                return Quit()
            if event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(rows)
            elif event.key == pygame.K_UP:
                self.focus = (self.focus - 1) % len(rows)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_RIGHT):
                result = self.activate(rows[self.focus][0])
            elif event.key == pygame.K_LEFT:
                result = self.activate(rows[self.focus][0], -1)
        elif event.type == pygame.MOUSEMOTION:
            for k, (row, _text) in enumerate(rows):
                button = self.buttons.get(row)
                if button is not None and button.rect.collidepoint(event.pos):
                    self.focus = k
                    self.keyboard_focus = False
        self._sync()
        return result

    def update(self, dt: float) -> None:
        self.gui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        self._sync()
        self.gui.touch()
        surface.fill(BACKGROUND)
        self.gui.draw(surface)


def make_menu_view(maps_dir: Path, size: tuple[int, int] = (1280, 800), *,
                   start: Starter | None = None, sandbox: SandboxStarter | None = None,
                   learn: LessonStarter | None = None, maps_folder: Path | None = None,
                   **kwargs: Any) -> MenuView:
    """The main menu over the maps of ``maps_dir`` and the player's own ``maps_folder`` (named
    at the menu's foot). ``start(choice)``, ``sandbox(map_path)`` and ``learn(system)`` return
    the view to push (None: cannot; the menu says so)."""
    return MenuView(scan_scenarios(maps_dir, maps_folder), size, start=start, sandbox=sandbox,
                    learn=learn, maps_folder=maps_folder, **kwargs)
