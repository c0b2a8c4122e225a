"""The main menu: rule system and scenario, new game or load, hot-seat or against the AI,
teaching or strict mode, the sandbox, the language, and quit.

``make_menu_view(maps_dir, size, start=..., sandbox=...)`` builds it. The first row plays the
default scenario in one click. What happens on "start" and "sandbox" is the caller's (the app
wires the play screen and the sandbox in); the menu only gathers the choice.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pygame

from game.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, language, save_language
from game.ui.colours import BACKGROUND, STATUS_BG, STATUS_DIM, STATUS_TEXT
from game.ui.fonts import Fonts
from game.ui.view import Push, Quit, View, ViewAction

DEFAULT_MAP = "tavern.tmx"
ROW_PX = 44
TEXT_PX = 22
WIDTH_PX = 560
ACCENT = (0xE6, 0x9F, 0x00)

SYSTEM_NAMES = {"helldorado": N_("Helldorado"), "one_for_all": N_("One for All"),
                "relic": N_("Relic"), "mice_and_mystics": N_("Mice and Mystics"),
                "": N_("No rule system")}


@dataclass(frozen=True)
class Scenario:
    path: Path
    title: str
    system: str


@dataclass(frozen=True)
class MenuChoice:
    scenario: Scenario
    load: bool = False  #: load the autosave/quick save instead of a new game
    ai: bool = False  #: against the AI (else hot-seat)
    teaching: bool = True  #: teaching mode (else strict)


def scan_scenarios(maps_dir: Path) -> list[Scenario]:
    """The ``.tmx`` maps of a folder with their title and system (read from the XML only)."""
    out = []
    for path in sorted(Path(maps_dir).glob("*.tmx")):
        props: dict[str, str] = {}
        try:
            root = ET.parse(path).getroot()
            for prop in root.findall("./properties/property"):
                props[prop.get("name", "")] = prop.get("value", "") or (prop.text or "")
        except (OSError, ET.ParseError):
            continue
        out.append(Scenario(path, props.get("title") or path.stem, props.get("system", "")))
    return out


Starter = Callable[[MenuChoice], View | None]
SandboxStarter = Callable[[Path], View | None]


class MenuView:
    def __init__(self, scenarios: Sequence[Scenario], size: tuple[int, int], *,
                 start: Starter | None = None, sandbox: SandboxStarter | None = None,
                 default: str = DEFAULT_MAP, remember: Callable[[str], None] = save_language) -> None:
        self.scenarios = list(scenarios)
        self.systems = list(dict.fromkeys(s.system for s in self.scenarios))
        self.size = size
        self._start = start
        self._sandbox = sandbox
        self._remember = remember
        self._fonts = Fonts()
        first = next((s for s in self.scenarios if s.path.name == default),
                     self.scenarios[0] if self.scenarios else None)
        self.default = first
        self.choice: MenuChoice | None = MenuChoice(first) if first is not None else None
        self.focus = 0
        self.message = ""
        self._rects: list[pygame.Rect] = []

    # ------------------------------------------------------------------ rows
    def rows(self) -> list[tuple[str, str]]:
        """(action, text) for each row, in the current language."""
        rows: list[tuple[str, str]] = []
        c = self.choice
        if self.default is not None:
            rows.append(("quick", _("Play {title}").format(title=self.default.title)))
        if c is not None:
            system = _(SYSTEM_NAMES.get(c.scenario.system, c.scenario.system))
            rows += [
                ("system", _("Rule system: {name}").format(name=system)),
                ("scenario", _("Scenario: {title}").format(title=c.scenario.title)),
                ("load", _("Game: load the saved game") if c.load else _("Game: new game")),
                ("ai", _("Opponent: the AI") if c.ai else _("Opponent: hot-seat")),
                ("teaching", _("Mode: teaching") if c.teaching else _("Mode: strict")),
                ("start", _("Start")),
                ("sandbox", _("Sandbox on this map")),
            ]
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

    def _launch(self, choice: MenuChoice) -> ViewAction | None:
        view = self._start(choice) if self._start else None
        if view is None:
            self.message = _("This scenario cannot be started.")
            return None
        return Push(view)

    # ------------------------------------------------------------------ view protocol
    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def handle_event(self, event: pygame.event.Event) -> ViewAction | None:
        rows = self.rows()
        self.focus = min(self.focus, len(rows) - 1)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return Quit()
            if event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(rows)
            elif event.key == pygame.K_UP:
                self.focus = (self.focus - 1) % len(rows)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_RIGHT):
                return self.activate(rows[self.focus][0])
            elif event.key == pygame.K_LEFT:
                return self.activate(rows[self.focus][0], -1)
        elif event.type == pygame.MOUSEMOTION:
            for k, rect in enumerate(self._rects):
                if rect.collidepoint(event.pos):
                    self.focus = k
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for k, rect in enumerate(self._rects):
                if rect.collidepoint(event.pos) and k < len(rows):
                    self.focus = k
                    return self.activate(rows[k][0], 1 if event.button == 1 else -1)
        return None

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        w, h = surface.get_size()
        rows = self.rows()
        title = self._fonts.of_height(40).render("tabletop", True, STATUS_TEXT)
        total = len(rows) * ROW_PX
        top = max(70, (h - total) // 2)
        surface.blit(title, title.get_rect(center=(w // 2, top - 40)))
        font = self._fonts.of_height(TEXT_PX)
        self._rects = []
        for k, (action, text) in enumerate(rows):
            rect = pygame.Rect((w - WIDTH_PX) // 2, top + k * ROW_PX, WIDTH_PX, ROW_PX - 6)
            self._rects.append(rect)
            pygame.draw.rect(surface, STATUS_BG, rect, border_radius=6)
            if k == self.focus:
                pygame.draw.rect(surface, ACCENT, rect, 3, border_radius=6)
            colour = ACCENT if action in ("quick", "start") else STATUS_TEXT
            img = font.render(text, True, colour)
            surface.blit(img, img.get_rect(midleft=(rect.left + 16, rect.centery)))
        if self.message:
            img = font.render(self.message, True, STATUS_DIM)
            surface.blit(img, img.get_rect(center=(w // 2, top + total + 20)))
        hint = self._fonts.of_height(16).render(
            _("Arrows or mouse to choose · Enter or click to change · Esc quits"), True, STATUS_DIM)
        surface.blit(hint, hint.get_rect(center=(w // 2, h - 24)))


def make_menu_view(maps_dir: Path, size: tuple[int, int] = (1280, 800), *,
                   start: Starter | None = None, sandbox: SandboxStarter | None = None,
                   **kwargs: Any) -> MenuView:
    """The main menu over the maps of ``maps_dir``. ``start(choice)`` and ``sandbox(map_path)``
    return the view to push (None: cannot; the menu says so)."""
    return MenuView(scan_scenarios(maps_dir), size, start=start, sandbox=sandbox, **kwargs)
