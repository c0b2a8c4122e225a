"""The play screen's shell: what the four games' screens share (ARCHITECTURE.md: "one shell with
four fillings").

The shell owns the frame of the screen (the layout, the board view under its camera, the top
bar's buttons, the side panel with its tabs and the Log, the status line), the cards (the game
menu, help, the handover between players, the end of the game, the offer to resume after a
crash), the keys every game shares, undo and redo, save, load and a new game, the AI's seats and
their pacing. The keys are the same in all four games: Esc cancels what is in hand, else opens
the game menu (it never quits at once), F1 help (F1 again: the rules), Ctrl+F the rules' search,
Ctrl+Z / Ctrl+Y undo and redo (Ctrl+Shift+Z redo too), Ctrl+S save, Ctrl+O load, Ctrl+Tab /
Ctrl+Shift+Tab the next and the previous tab of the side panel, F12 a screenshot. The game menu's "Main menu" returns ``Home`` (the view stack
goes back to the main menu, or opens one when the game was opened directly); "Quit" closes the
program.

A game's view subclasses ``PlayShell`` and fills in what is its own:

- ``paint(surface)``: the frame, with the shell's ``draw_board``, ``draw_top_frame``,
  ``draw_side_panel``, ``draw_status`` and ``draw_overlays``; ``hint()``: the status line's
  running hint;
- the side panel's tabs it fills: the Odds (``odds_tab``: its words, ``draw_odds``: its body)
  and the card of its piece (``card_tab``, ``draw_card``), or ``panel_tabs()`` whole; the shell
  puts its Log first and its Rules last, and links the Odds to the rules it counts by
  (``odds_rules``);
- ``table_event(event)``: what the mouse (and a key released) means on its table and panels;
  ``game_key(event)``: its own keys (Tab, Space, 1-9...); ``bars_pressed()``: what its bars'
  widgets were pressed for; ``cancel()``: what Esc drops before it opens the menu;
- the words and colours of its seats (``seats``, ``side_name``, ``side_colour``,
  ``side_letter``), when the game is over (``over``) and its end card (``end_parts``), its
  lines of help (``help_lines``);
- ``after_change()``: what follows any change of the match (the active figure selected...).

What the shell does with the match (commands, undo and redo, saving, the AI's seats, when the
screen passes between players) is ``MatchControls`` in ``shell_match.py``; what it does to teach
(the Rules tab and the rule IDs' links, the glossary's tooltips, the goals card, the hand-over
banner) is ``Teaching`` in ``shell_teach.py``; this module is the screen.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame

from game.board.model import Board
from game.i18n import N_, _, language, save_language
from game.ui.board_view import BoardView
from game.ui.colours import NO_SIDE, RGB, STATUS_BG, side_colours
from game.ui.figures import side_letters
from game.ui.gui import Gui
from game.ui.play import user_dirs
from game.ui.play.card import Card
from game.ui.play.end_screen import game_over_card
from game.ui.play.game_menu import help_card, menu_card
from game.ui.play.glossary_tip import draw_text
from game.ui.play.layout import TRAY_H, Layout
from game.ui.play.log_panel import LogPanel
from game.ui.play.resume import RESUME, resume_card
from game.ui.play.shell_match import AI_PACE_S, St
from game.ui.play.shell_teach import Teaching
from game.ui.play.side_panel import CARD, LOG, LOG_LABEL, LOG_TIP, ODDS, PanelTab, SidePanel
from game.ui.play.top_bar import TopButtons, top_words
from game.ui.play.widgets import CHROME_BG, DANGER, DIM, GOOD, PANEL_LINE, TEXT, TEXT_PX, Texts, ellipsize_message, wrap
from game.ui.view import Home, Quit, ViewAction

#: the spaces the status line is not broken at: before a number, before a rule ID's bracket
GLUE = re.compile(r" (?=\d+\b|\([A-Z]{2,}-)")
#: events a card takes (the rest wait until it is gone)
CARD_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION)


class PlayShell(Teaching[St]):
    """The shared part of a play screen (see the module's words for what a game fills in)."""

    #: the game's own lines of the help card (msgids), before the keys every screen shares
    help_lines: Sequence[str] = ()
    #: seconds between the program's commands (it plays at a readable pace)
    ai_pace_s = AI_PACE_S
    #: the side panel's Odds tab and the piece's card tab of the game: (label, tooltip) msgids
    odds_tab: tuple[str, str] = (N_("Odds"), "")
    card_tab: tuple[str, str] = ("", "")
    #: the dice tray's height (under the table; beside it a line more)
    tray_h = TRAY_H
    #: the game's tray, action bar and top bar read well in a column beside the table (about
    #: 400 px wide): the layout may put them there when that shows the map larger
    bars_beside = False
    session: Any

    def __init__(self, session: Any, board: Board, size: tuple[int, int], *,
                 image_loader: Callable[..., Any] | None = None, save_dir: Path | None = None,
                 handover: bool | None = None, ai_pace: float | None = None,
                 goals: bool | None = None) -> None:
        self.board = board
        self.texts = Texts()
        #: the pygame_gui widgets of the bars (top bar, tabs, action bar), drawn after them
        self.bars_gui = Gui(size)
        self.top_buttons = TopButtons(self.bars_gui)
        self.layout = self.layout_for(size)
        t = self.layout.table
        # the shell's status line says what the board view's status bar would
        self.board_view = BoardView(board, t.size, figures=(), image_loader=image_loader,
                                    status=False)
        self.save_dir = save_dir if save_dir is not None else user_dirs.saves_dir()
        self.ai_pace = self.ai_pace_s if ai_pace is None else ai_pace
        self.side_panel = SidePanel(self.texts, self.bars_gui)
        self.log_panel = LogPanel(self.texts)
        #: where the mouse was last (the wheel's events carry no position)
        self.pointer: tuple[int, int] | None = None
        self.card: Card | None = None
        #: what the card is: "menu", "help", "handover", "end", "resume" ("" when none)
        self.card_kind = ""
        self.message = ""
        self.message_colour: RGB = TEXT
        self._message_left = 0.0
        self.ai_hurry = False
        self._ai_wait = self.ai_pace
        self._last_side: str | None = None
        #: the last seat played at this screen (the handover card passes the screen from it)
        self._last_human: str | None = None
        self._screenshot = False
        self.build_teaching()
        self.build()
        self._use(session)
        if handover is None:
            self.handover_mode = self.usual_handover() if self.default_handover() else "off"
        else:
            self.handover_mode = "card" if handover else "off"
        if goals if goals is not None else self.goals_at_start():
            self.open_goals(beside=True)

    def _start(self, session: Any) -> None:
        """Show ``session`` (at start, after a load or a new game): the shell's part."""
        self.session = session
        seats = self.seats()
        self.colours: dict[str, RGB] = side_colours(seats)
        self.letters: dict[str, str] = side_letters(seats)
        self.card, self.card_kind = None, ""
        self.goals_sheet, self.banner = None, None  # a game loaded goes straight on
        self.message, self.message_colour, self._message_left = "", TEXT, 0.0
        self.ai_hurry = False
        self._ai_wait = self.ai_pace
        side = session.to_play()
        self._last_side = side
        self._last_human = side if self.is_human(side) else None

    def default_handover(self) -> bool:
        """The hand-over shows when two or more seats are played at this screen."""
        return sum(1 for s in self.seats() if s not in self.session.ai_sides) >= 2

    def goals_at_start(self) -> bool:
        """A new game opens with its goals card (a game resumed or loaded goes straight on)."""
        return not self.session.match.steps

    # ------------------------------------------------------------------ what a game fills in
    def layout_for(self, size: tuple[int, int]) -> Layout:
        """Where the parts of the screen go in a window of ``size`` (the bars beside the
        table when that shows the map larger and the game's tray draws in a narrow column)."""
        return Layout.of(size, self.map_size() if self.bars_beside else None,
                         tray_h=self.tray_h)

    def map_size(self) -> tuple[float, float]:
        """The map's width and height (millimetres), which the layout fits the table to."""
        return self.board.width_mm, self.board.height_mm

    def build(self) -> None:
        """The game's own parts (panels, bars), made before the first session shows."""

    def _use(self, session: Any) -> None:
        self._start(session)

    def side_colour(self, side: str) -> RGB:
        return self.colours.get(side, NO_SIDE)

    def side_letter(self, side: str) -> str:
        return self.letters.get(side, "")

    def end_parts(self) -> tuple[str, RGB | None, list[str]]:
        """The end card's title, colour and lines."""
        return _("Game over"), None, []

    def handover_note(self, side: str) -> str:
        """A line for the top of the handover card (or the banner) to ``side`` ("" for
        none)."""
        return ""

    def hint(self) -> str:
        return ""

    def cancel(self) -> bool:
        """Esc: drop what the player has in hand; False when there was nothing."""
        return False

    def number_key(self, n: int) -> None:
        """Keys 1-9: the ``n``-th action of the action bar."""

    def game_key(self, event: pygame.event.Event) -> ViewAction | None:
        """A key the shell does not take: Space hurries the program in its turn; the rest go
        to the table's camera."""
        if getattr(event, "key", 0) == pygame.K_SPACE and not self.human_to_play():
            self.hurry_ai()
        else:
            self.forward(event)
        return None

    def table_event(self, event: pygame.event.Event) -> None:
        """A mouse event (or a key released) the bars did not use: the camera by default."""
        self.forward(event)

    def panel_tabs(self) -> list[PanelTab]:
        """The side panel's tabs the game fills, after the shell's Log: its Odds (``ODDS``) and
        its piece's card (``CARD``)."""
        return [PanelTab(ODDS, *self.odds_tab, self.draw_odds),
                PanelTab(CARD, *self.card_tab, self.draw_card)]

    def draw_odds(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """The Odds tab's body: the chances of the roll on offer."""

    def draw_card(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """The card tab's body: the piece under the pointer or selected (or all of them)."""

    def bars_pressed(self) -> None:
        """Do what the game's own widgets were pressed for (the top bar's are the shell's)."""

    def sync_bars(self) -> None:
        """Build the game's widgets for what is on offer now (before they take an event)."""

    def advance(self, dt: float) -> bool:
        """Advance the game's animation; True while it holds the game (no AI step)."""
        return False

    def ai_ready(self) -> bool:
        """May the AI give its next command now (its last one has been shown)?"""
        return True

    # ------------------------------------------------------------------ cards
    def open_game_menu(self) -> None:
        auto = self.session.match.autosave_path
        self.card = menu_card(
            self.texts, can_undo=self.can_undo(), can_redo=self.can_redo(),
            has_save=self.quick_save_path().is_file(),
            has_autosave=auto is not None and Path(auto).is_file(), ai_label=self.ai_label(),
            handover=self.handover_mode, lang=language())
        self.card_kind = "menu"

    def open_help(self) -> None:
        self.card = help_card(self.texts, self.help_lines, self.glossary())
        self.card_kind = "help"

    def open_end(self) -> None:
        title, colour, lines = self.end_parts()
        self.card = game_over_card(self.texts, title, lines, colour, self.can_undo())
        self.card_kind = "end"

    def offer_resume(self, commands: int) -> None:
        """After a crash (or any exit), offer to go on from the autosave (``commands`` long);
        the new game only overwrites it with its first command."""
        self.card, self.card_kind = resume_card(self.texts, commands), "resume"

    def card_action(self, key: str) -> ViewAction | None:
        """Do what a card's button (or Enter on it) chose."""
        kind = self.card_kind
        self.card, self.card_kind = None, ""
        if key == "quit":
            return Quit()
        if key == "main":
            return Home()
        plain: dict[str, Callable[[], Any]] = {
            "undo": self.undo, "redo": self.redo, "save": self.save, "load": self.load,
            "new": self.new_game, "help": self.open_help}
        if key in plain:
            plain[key]()
        elif self.teaching_action(key):
            pass
        elif key == RESUME:
            path = self.session.match.autosave_path
            if path is not None:
                self.load(Path(path))
        elif key in ("ai", "handover", "lang"):
            self._setting(key)
            self.open_game_menu()  # the menu stays open to show the change
        elif key == "look" and kind == "end":
            self.say(_("The game is over. Esc opens the menu for a new game."))
        return None

    def _setting(self, key: str) -> None:
        if key == "ai":
            self.say(_("AI plays: {who}").format(who=self.cycle_ai()))
        elif key == "handover":
            self.next_handover_mode()
        else:  # the other language for the whole program, remembered between runs
            save_language("ru" if language() == "en" else "en")
            self.message = ""
            self.language_changed()

    def language_changed(self) -> None:
        """Build the widgets in the new language now (the old captions are not drawn again):
        the shell's bars here, the game's own in ``build_widgets``."""
        self.top_buttons.layout(self.layout.top, self.layout.size)
        self.sync_panel()
        self.build_widgets()

    def build_widgets(self) -> None:
        """The game's own widgets built for what is on offer now (after a change of language)."""

    # ------------------------------------------------------------------ the side panel
    def side_tabs(self) -> list[PanelTab]:
        """The side panel's tabs: the Log, the game's, then Rules (when there is one)."""
        rules = self.rules_tab()
        return [PanelTab(LOG, LOG_LABEL, LOG_TIP, self.draw_log, self.click_log,
                         self.scroll_log), *self.with_odds_rules(self.panel_tabs()),
                *([rules] if rules else [])]

    def next_tab(self, by: int = 1) -> None:
        """Ctrl+Tab (``by`` 1) and Ctrl+Shift+Tab (-1): the next or the previous tab."""
        self.sync_panel()
        self.side_panel.step(by)

    def sync_panel(self) -> None:
        """The side panel's tab buttons for the tabs and the language of now (before they take
        an event or are updated: no button of another language is drawn)."""
        lay = self.layout
        self.side_panel.shown = tuple(self.side_tabs())
        self.side_panel.tabs.layout(lay.panel, lay.size, self.side_panel.shown,
                                    self.side_panel.tab)
        self.sync_rules_field()

    def draw_side_panel(self, surface: pygame.Surface) -> None:
        self.side_panel.draw(surface, self.layout.panel, self.side_tabs())

    def draw_log(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        session = self.session
        self.log_panel.layout(session.log(), body.width, (id(session), session.revision,
                                                          session.lang))
        self.log_panel.draw(surface, body, self.colours)

    def click_log(self, body: pygame.Rect, pos: tuple[int, int]) -> bool:
        return self.log_panel.click(body, pos)

    def scroll_log(self, notches: float, body: pygame.Rect) -> None:
        self.log_panel.scroll_by(notches, body.height)

    def panel_event(self, event: pygame.event.Event) -> bool:
        """A press of the left button or the wheel over the side panel (its tabs' buttons took
        theirs): the chosen tab's; True when the event was the panel's."""
        panel = self.layout.panel
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 \
                and panel.collidepoint(getattr(event, "pos", (-1, -1))):
            self.side_panel.click(panel, tuple(event.pos))
            return True
        if event.type == pygame.MOUSEWHEEL and self.pointer is not None \
                and panel.collidepoint(self.pointer):
            self.side_panel.wheel(panel, float(getattr(event, "precise_y",
                                                       getattr(event, "y", 0))))
            return True
        return False

    # ------------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> ViewAction | None:
        kind = event.type
        if kind == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_F12:
            self._screenshot = True
            return None
        if kind == pygame.MOUSEMOTION and "pos" in event.dict:  # a card's terms explain too
            self.pointer = (int(event.pos[0]), int(event.pos[1]))
        if self.card is not None:
            if kind in CARD_EVENTS:
                key = self.card.handle_event(event)
                if key is not None:
                    return self.card_action(key)
            return None
        if "pos" in event.dict and kind != pygame.MOUSEWHEEL:
            self.pointer = (int(event.pos[0]), int(event.pos[1]))
        if self.typing_event(event) or self.sheet_event(event):
            return None
        used = self.feed_bars(event)
        done = self.take_bars()
        if done is not None or (used and kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)):
            return done
        if kind == pygame.KEYDOWN:
            return self.key_down(event)
        if self.link_event(event):
            return None
        if not self.panel_event(event):
            self.table_event(event)
        return None

    def feed_bars(self, event: pygame.event.Event) -> bool:
        """Give the bars' widgets an event; True when one used it."""
        self.sync_panel()
        self.sync_bars()
        return bool(self.bars_gui.process(event))

    def take_bars(self) -> ViewAction | None:
        """Do what the bars' buttons were pressed for (a click acts on the release)."""
        done: ViewAction | None = None
        for action in self.top_buttons.take():
            if action == "menu":
                self.open_game_menu()
            else:
                done = self.card_action(action) or done
        self.bars_pressed()
        return done

    def key_down(self, event: pygame.event.Event) -> ViewAction | None:
        """The keys every play screen shares; the rest go to the game (``game_key``)."""
        key = getattr(event, "key", 0)
        mods = getattr(event, "mod", 0)
        ctrl = bool(mods & pygame.KMOD_CTRL)
        if ctrl and key == pygame.K_z:
            (self.redo if mods & pygame.KMOD_SHIFT else self.undo)()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif ctrl and key == pygame.K_s:
            self.save()
        elif ctrl and key == pygame.K_o:
            self.load()
        elif ctrl and key == pygame.K_TAB:
            self.next_tab(-1 if mods & pygame.KMOD_SHIFT else 1)
        elif key == pygame.K_F1:
            self.open_help()
        elif ctrl and key == pygame.K_f:
            self.open_rules(search=True)
        elif key == pygame.K_ESCAPE:
            if not self.cancel():
                self.open_game_menu()
        elif pygame.K_1 <= key <= pygame.K_9 and not ctrl:
            self.number_key(key - pygame.K_0)
        else:
            return self.game_key(event)
        return None

    def forward(self, event: pygame.event.Event) -> None:
        """Give the board view (camera) an event, in its own coordinates (never Esc: that is
        the game menu's)."""
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_ESCAPE:
            return
        data = dict(event.dict)
        if "pos" in data:
            data["pos"] = self.to_table(data["pos"])
        self.board_view.handle_event(pygame.event.Event(event.type, data))

    # ------------------------------------------------------------------ geometry
    @property
    def unit_mm(self) -> float:
        """Millimetres of the table in one unit of the game's coordinates."""
        return 1.0

    def to_table(self, pos: Sequence[float]) -> tuple[int, int]:
        t = self.layout.table
        return int(pos[0]) - t.x, int(pos[1]) - t.y

    def world_at(self, pos: Sequence[float]) -> tuple[float, float]:
        """The table point under a screen position, in the game's units."""
        x, y = self.board_view.camera.screen_to_world(*self.to_table(pos))
        return x / self.unit_mm, y / self.unit_mm

    def screen_point(self, point: Sequence[float]) -> tuple[int, int]:
        """Where a table point (in the game's units) is on the screen."""
        k = self.unit_mm
        sx, sy = self.board_view.camera.world_to_screen(point[0] * k, point[1] * k)
        return round(sx) + self.layout.table.x, round(sy) + self.layout.table.y

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = self.layout_for(size)
        t = self.layout.table
        self.board_view.resize(t.size)
        self.bars_gui.resize(size)

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        self.board_view.update(dt)
        if self.card is None:  # no tooltip comes up under a card
            self.sync_panel()
            self.sync_bars()
            self.bars_gui.update(dt)
        self._message_left = max(0.0, self._message_left - dt)
        self.update_teaching(dt)
        if self.card is not None:
            self.card.update(dt)
        if self.advance(dt) or self.card is not None or self.over():
            return
        if self.auto_to_play():
            self._ai_wait -= dt
            if self._ai_wait <= 0.0 and self.ai_ready():
                self.ai_step()

    # ------------------------------------------------------------------ drawing
    def paint(self, surface: pygame.Surface) -> None:
        """The game's frame."""
        self.draw_board(surface)
        self.draw_top_frame(surface)
        self.draw_side_panel(surface)
        self.draw_status(surface)
        self.draw_overlays(surface)

    def draw(self, surface: pygame.Surface) -> None:
        self.spots.clear(self.glossary())  # the frame notes its words anew
        self._under_drawn = False
        self.paint(surface)
        if not self._under_drawn:  # a game that draws its widgets and card itself
            self.draw_teaching_under(surface)
        self.draw_tip(surface)
        if self._screenshot:
            self._screenshot = False
            self._save_screenshot(surface)

    def draw_board(self, surface: pygame.Surface) -> pygame.Surface:
        """The board view (the map under the camera) in the table's place; returns the table
        as a subsurface for the game's marks."""
        t = self.layout.table
        if t.width > 0 and t.height > 0 and surface.get_rect().contains(t):
            self.board_view.draw(surface.subsurface(t))
        return surface.subsurface(t.clip(surface.get_rect()))

    def draw_top_frame(self, surface: pygame.Surface) -> pygame.Rect:
        """The top bar's background and its buttons (undo and redo lit when they can act);
        returns the room left of the buttons for the game's words."""
        rect = self.layout.top
        self.top_buttons.layout(rect, surface.get_size())
        self.top_buttons.enable({"undo": self.can_undo(), "redo": self.can_redo()})
        surface.fill(CHROME_BG, rect)
        pygame.draw.line(surface, PANEL_LINE, rect.bottomleft, rect.bottomright)
        return pygame.Rect(rect.x, rect.y, max(0, self.top_buttons.left(rect) - rect.x),
                           rect.height)

    def draw_top_words(self, surface: pygame.Surface, one: str, two: Sequence[str], *,
                       title: tuple[str, RGB] | None = None,
                       chip: tuple[str, RGB] | None = None) -> None:
        """The top bar with its words left of the buttons (``top_bar.top_words``): the game's
        title, the side to play as a chip, then the facts in one line or in the lines of
        ``two``."""
        room = self.draw_top_frame(surface)
        top_words(self.texts, surface, room, one, two, title=title, chip=chip)

    def status_line(self) -> tuple[str, RGB]:
        """The status line: the last message while it lasts, else the hint."""
        if self.message_showing:
            return self.message, self.message_colour
        return self.hint(), DIM

    def draw_status(self, surface: pygame.Surface) -> None:
        rect = self.layout.status
        surface.fill(STATUS_BG, rect)
        pygame.draw.line(surface, PANEL_LINE, rect.topleft, rect.topright)
        text, colour = self.status_line()
        high = self.texts.font(TEXT_PX).get_height()
        room = rect.width - 20
        # as many lines as the line's height holds (two beside the table), the last one cut
        most = max(1, (rect.height - 4) // high)
        # a number stays with the word before it ("Guard 1"), a rule ID with its word
        glued = GLUE.sub("\u00a0", text) if most > 1 else text
        lines = [line.replace("\u00a0", " ") for line in wrap(self.texts, glued, room, TEXT_PX)] \
            if most > 1 else [text]
        if len(lines) > most:
            lines = [*lines[:most - 1], " ".join(lines[most - 1:])]
        lines[-1] = ellipsize_message(self.texts, lines[-1], room, TEXT_PX)
        y = rect.y + (rect.height - high * len(lines)) // 2
        for line in lines:
            # a refusal's rule ID is a link; the terms explain themselves on hover
            draw_text(surface, self.texts, self.spots, line, (rect.x + 10, y), TEXT_PX, colour,
                      bg=STATUS_BG)
            y += high

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """The goals beside the table and the hand-over banner, the bars' widgets (their
        tooltips over everything), then the card over all (``draw`` adds the tooltip of the term
        under the pointer)."""
        self.draw_teaching_under(surface)
        self.bars_gui.draw(surface)
        if self.card is not None:
            self.card.draw(surface)

    def _save_screenshot(self, surface: pygame.Surface) -> None:
        folder = user_dirs.pictures_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = user_dirs.screenshot_path(folder)
            pygame.image.save(surface, str(path))
        except (OSError, pygame.error) as exc:
            self.say(_("Could not save the screenshot: {reason}").format(reason=exc), DANGER)
            return
        self.say(_("Screenshot saved to {path}").format(path=path), GOOD)
