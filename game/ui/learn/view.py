"""The lesson's screen: a game's own play screen, wrapped, with the lesson's card in the side
panel's place (kept the window's height) and the place to click or drag lit on the table or the
action bar; a button whose choice is finished on the table (a template) is lit first, then the
spot to lay it at.

The play screen is the one the game always has (its table, bars, dice tray and animations),
over the lesson's match and a session that passes every command through the lesson's gate
(``session.py``). This view stands in front of it: input at the lit place (and the camera's:
motion, the wheel, the middle button, the arrow keys) goes through; anything else is refused
with the step's gentle hint and changes nothing. The gate is the last word: a drag in the wrong
direction reaches the session and is refused there, with the same hint. Once the step is done,
the card shows what the rules did (the events in words, with the rule book's text of the rules
the step teaches, and every other rule applied) until the player presses Next; a step that
waits for the program's reply (a game master's turn) lights nothing while the program plays.
At the end it offers the full scenario (``full_game``: the caller's), the lesson again or the
main menu. Esc opens the lesson's own menu; undo, redo, saving and loading rest while a lesson
runs.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame

from game.i18n import N_, _, language, save_language
from game.lessons import Lesson, LessonRunner, Phase, Verdict, lesson_match, load_lesson
from game.rules.engine import Event
from game.rules.engine.rulebook import RuleEntry
from game.ui.camera import Rect as CameraRect
from game.ui.learn.card import CardButton, LessonCard, Para
from game.ui.learn.games import ADAPTERS, Adapter
from game.ui.learn.highlight import Mark, draw_mark
from game.ui.learn.session import forward_only
from game.ui.play.card import Card, CardItem
from game.ui.play.game_menu import help_card
from game.ui.play.widgets import ACCENT, DIM, GOOD, SMALL_PX, TEXT, TEXT_PX, TITLE_PX, Texts
from game.ui.view import Home, Push, Quit, View, ViewAction
from game.ui.words import system_name

#: the colour of a gentle hint (the lit place's colour: it points there)
HINT = ACCENT
#: the camera's keys (they go to the table whatever the step)
CAMERA_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME,
               pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS,
               pygame.K_KP_MINUS, pygame.K_t)
MODIFIER_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
                 pygame.K_LALT, pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK)
#: how far outside a piece's edge a press still takes it (pixels)
GRAB_SLACK_PX = 6
#: how near a point of the table the step aims at a press lands on it (pixels)
AIM_PX = 16
#: the lesson's lines of the help card, before the game's own and the shared keys
LESSON_HELP = N_("The card on the right says what to do and why; the lit place on the table "
                 "or the action bar is where to do it. Esc opens the lesson's menu.")

FullGame = Callable[[str], View | None]


def plain_rule_text(body: str) -> list[str]:
    """A rule book entry's body as paragraphs to show: no ``**``, bullets as "• "."""
    out = []
    for line in body.replace("**", "").splitlines():
        line = line.strip()
        if not line:
            continue
        out.append("• " + line[2:] if line.startswith("- ") else line)
    return out


class LearnView:
    """A lesson of ``system`` over its play screen (the view protocol: resize, handle_event,
    update, draw)."""

    def __init__(self, system: str, size: tuple[int, int], *, full_game: FullGame | None = None,
                 image_loader: Callable[..., Any] | None = None, save_dir: Path | None = None,
                 lesson: Lesson | None = None) -> None:
        self.lesson = lesson if lesson is not None else load_lesson(system)
        self.adapter: Adapter = ADAPTERS[self.lesson.system]
        self.size = (max(1, int(size[0])), max(1, int(size[1])))
        self.full_game = full_game
        self.loader = image_loader
        self.save_dir = save_dir
        self.texts = Texts()
        self.card = LessonCard(self.texts, self.size)
        self.menu: Card | None = None
        self.clock = 0.0
        self.board = self.adapter.board(self.lesson.map, image_loader)
        self.start()

    def start(self) -> None:
        """The lesson from its first step, on a new match."""
        match = lesson_match(self.lesson)
        self.runner = LessonRunner(self.lesson, match)
        self.play: Any = self.adapter.build(match, self.board, self.size, loader=self.loader,
                                            save_dir=self.save_dir)
        self.play.session.gate = self
        # the lesson's card takes the side panel's place: the panel keeps the window's height
        # (the bars under the table, not in a column beside it)
        self.play.bars_beside = False
        self.play.resize(self.size)
        self.drop_cards()
        if self.lesson.focus is not None:
            k = self.play.unit_mm
            left, top, right, bottom = self.lesson.focus
            self.play.board_view.fit_to(CameraRect(left * k, top * k, right * k, bottom * k))
        self.hint = ""
        self.refusals = 0  #: inputs refused so far (tests read it)
        self._say_hint = False
        self._dragging = False

    def drop_cards(self) -> None:
        """The play screen's own cards (its goals, hand-over, menu) never show in a lesson:
        the lesson's card says what to do, and its menu is the lesson's."""
        if self.play.card is not None:
            self.play.card, self.play.card_kind = None, ""

    # ------------------------------------------------------------------ the gate
    def check(self, commands: Sequence[Any], lang: str) -> Verdict:
        return self.runner.check(commands, lang)

    def refused(self, verdict: Verdict) -> None:
        self.refuse(verdict.hint or self.phase_hint())

    def passed(self, events: Sequence[Event]) -> None:
        self.runner.done(events, language())
        self.hint = ""

    def refuse(self, hint: str) -> None:
        """An input the step does not take: nothing changes, the hint says what to do."""
        self.hint = hint
        self.refusals += 1
        self._say_hint = True
        self.play.say(hint, HINT)

    def phase_hint(self) -> str:
        phase = self.runner.phase
        if phase is Phase.DONE:
            return _("Read what the rules did, then press Next.")
        if phase is Phase.END:
            return _("The lesson is over: play the full scenario, or go back to the menu.")
        return self.runner.step.hint(language())

    # ------------------------------------------------------------------ where the lesson points
    def mark(self) -> Mark | None:
        """What the lesson points at now (None while the table still shows the last events)."""
        phase = self.runner.phase
        if phase is Phase.WATCH:  # the program plays its reply: nothing to click
            return None
        if phase is not Phase.DO:
            rect = self.card.button_rect("next" if phase is Phase.DONE else "full")
            return Mark("click", rect.center, rect=rect) if rect is not None else None
        if self.adapter.busy(self.play):
            return None
        point = self.runner.step.point
        if point.drag is not None:
            a, b = point.drag
            start, end = self.adapter.screen_spot(self.play, a), \
                self.adapter.screen_spot(self.play, b)
            if start is None or end is None:
                return None
            return Mark("drag", start, end, self.adapter.screen_reach(self.play, a),
                        self.adapter.screen_reach(self.play, b))
        if point.click is not None:
            spot = self.adapter.screen_spot(self.play, point.click)
            if spot is None:
                return None
            return Mark("spot", spot, start_px=self.adapter.screen_reach(self.play, point.click))
        if point.button is not None:
            if point.aim is not None and self.adapter.holding(self.play, point.button):
                return self.aim_mark(point.aim)
            rect = self.adapter.button(self.play, point.button)
            if rect is not None:
                return Mark("click", rect.center, rect=rect)
        return None

    def aim_mark(self, aim: str | tuple[float, float]) -> Mark | None:
        """Where to finish the choice in hand on the table: a thing, or a point of it."""
        if isinstance(aim, str):
            spot = self.adapter.screen_spot(self.play, aim)
            reach = self.adapter.screen_reach(self.play, aim)
        else:
            spot, reach = self.play.screen_point(aim), float(AIM_PX)
        return Mark("spot", spot, start_px=reach) if spot is not None else None

    # ------------------------------------------------------------------ the card
    def paras(self) -> list[Para]:
        """The card's words now."""
        r, lesson, lang = self.runner, self.lesson, language()
        out = [Para(_("Learn to play: {game}").format(game=system_name(lesson.system)),
                    SMALL_PX, ACCENT, gap=10),
               Para(lesson.title(lang), TITLE_PX, TEXT, gap=2)]
        if r.phase is Phase.END:
            out += [Para(_("The lesson is done."), TITLE_PX, GOOD, gap=16),
                    Para(lesson.outro(lang), TEXT_PX, TEXT, gap=8)]
            return out
        step = r.step
        out.append(Para(_("Step {n} of {total}").format(n=r.index + 1, total=r.total),
                        SMALL_PX, DIM, gap=4))
        if r.index == 0 and r.phase is Phase.DO:
            out.append(Para(lesson.intro(lang), SMALL_PX, DIM, gap=10))
        if r.phase in (Phase.DO, Phase.WATCH):
            out += [Para(step.title(lang), TITLE_PX, ACCENT, gap=14),
                    Para(step.do(lang), TEXT_PX, TEXT, gap=6)]
        else:
            out.append(Para(_("Done: {step}").format(step=step.title(lang)), TITLE_PX, GOOD,
                            gap=14))
            if step.done is not None:
                out.append(Para(step.done(lang), TEXT_PX, TEXT, gap=6))
            out += self._report_paras()
        if self.hint:
            out.append(Para(self.hint, TEXT_PX, HINT, gap=12))
        return out

    def _report_paras(self) -> list[Para]:
        report = self.runner.report
        if report is None:
            return []
        session = self.play.session
        out = [Para(_("What happened"), TEXT_PX, TEXT, gap=12)]
        for event in session.shown(report.events):
            line = session.explain(event)
            words = f"{line.text} ({line.rules})" if line.rules else line.text
            out.append(Para("• " + words, SMALL_PX, TEXT, gap=3))
        if report.taught:
            out.append(Para(_("The rules behind it"), TEXT_PX, TEXT, gap=12))
        for entry in report.taught:
            out.append(Para(entry_title(entry), SMALL_PX, ACCENT, gap=8))
            out += [Para(p, SMALL_PX, TEXT, gap=2) for p in plain_rule_text(entry.body)]
        if report.also:
            also = "; ".join(f"{rid} {entry.title}" if entry is not None else rid
                             for rid, entry in report.also)
            out.append(Para(_("Also applied: {rules}").format(rules=also), SMALL_PX, DIM,
                            gap=10))
        return out

    def card_buttons(self) -> list[CardButton]:
        phase = self.runner.phase
        if phase is Phase.DONE:
            last = self.runner.index + 1 >= self.runner.total
            return [CardButton("next", _("Finish") if last else _("Next"), True)]
        if phase is Phase.END:
            return [CardButton("full", _("Play the full scenario"), True),
                    CardButton("again", _("Start the lesson again")),
                    CardButton("main", _("Main menu"))]
        return []

    def sync_card(self) -> None:
        self.card.show(self.play.layout.panel, self.paras(), self.card_buttons(), self.size)

    def card_action(self, key: str) -> ViewAction | None:
        """A button of the card (or of the lesson's menu) was chosen."""
        if key == "next":
            self.runner.next()
            self.hint = ""
        elif key == "full":
            view = self.full_game(self.lesson.system) if self.full_game is not None else None
            if view is None:
                self.refuse(_("The full scenario cannot be started from here."))
                return None
            return Push(view)
        elif key == "again":
            self.start()
        elif key == "main":
            return Home()
        elif key == "quit":
            return Quit()
        elif key == "help":
            self.menu = help_card(self.texts, (LESSON_HELP, *self.play.help_lines))
        elif key == "lang":
            save_language("ru" if language() == "en" else "en")
            self.play.language_changed()
            self.runner.relabel(language())
            if self.hint:
                self.hint = self.phase_hint()
            self.open_menu()
        return None

    def open_menu(self) -> None:
        other = "Русский" if language() == "en" else "English"  # i18n: not shown (names)
        self.menu = Card(self.texts, _("Lesson"), (), [
            CardItem("close", _("Back to the lesson"), hint="Esc",
                     tip=_("Close the menu and go on with the lesson.")),
            CardItem("again", _("Start the lesson again"),
                     tip=_("The lesson from its first step.")),
            CardItem("help", _("Help"), hint="F1"),
            CardItem("lang", _("Language: {language}").format(language=other),
                     tip=_("Switch between English and Russian; the choice is remembered.")),
            CardItem("main", _("Main menu")),
            CardItem("quit", _("Quit")),
        ])

    # ------------------------------------------------------------------ the view protocol
    def resize(self, size: tuple[int, int]) -> None:
        self.size = (max(1, int(size[0])), max(1, int(size[1])))
        self.play.resize(self.size)

    def handle_event(self, event: pygame.event.Event) -> ViewAction | None:
        kind = event.type
        if self.menu is not None:
            return self._menu_event(event)
        if kind == pygame.KEYDOWN:
            return self._key(event)
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return self._mouse(event)
        if kind == pygame.MOUSEWHEEL:
            pointer = self.play.pointer
            if pointer is not None and self.play.layout.panel.collidepoint(pointer):
                self.card.wheel(float(getattr(event, "precise_y", getattr(event, "y", 0))))
                return None
        return self.forward(event)

    def forward(self, event: pygame.event.Event) -> ViewAction | None:
        """Give the play screen an event; then close what the lesson does not use and say the
        hint again when the gate refused what the event gave (the screen's own words for a
        refusal are sterner)."""
        done = self.play.handle_event(event)
        self.adapter.settle(self.play)
        self.drop_cards()
        if self._say_hint:
            self._say_hint = False
            self.play.say(self.hint, HINT)
        return done if isinstance(done, Quit) else None

    def _menu_event(self, event: pygame.event.Event) -> ViewAction | None:
        assert self.menu is not None
        if event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            return None
        key = self.menu.handle_event(event)
        if key is None:
            return None
        self.menu = None
        return None if key == "close" else self.card_action(key)

    def _key(self, event: pygame.event.Event) -> ViewAction | None:  # noqa: C901
        key = getattr(event, "key", 0)
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        phase = self.runner.phase
        if key == pygame.K_ESCAPE:
            if not self.play.cancel():
                self.open_menu()
            return None
        if key == pygame.K_F1:
            self.menu = help_card(self.texts, (LESSON_HELP, *self.play.help_lines))
            return None
        if key == pygame.K_F12 or key in CAMERA_KEYS and not ctrl:
            return self.forward(event)
        if key in MODIFIER_KEYS:
            return None
        if ctrl:
            if key in (pygame.K_z, pygame.K_y, pygame.K_s, pygame.K_o):
                self.refuse(_("Undo, redo, save and load rest during a lesson: {why}.").format(
                    why=forward_only()))
            return None
        if phase is Phase.DONE and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.card_action("next")
        if phase is Phase.DO and self._key_is_the_steps(key):
            return self.forward(event)
        self.refuse(self.phase_hint())
        return None

    def _key_is_the_steps(self, key: int) -> bool:
        """Does this key give the button the step points at?"""
        pattern = self.runner.step.point.button
        if pattern is None:
            return False
        n = self.adapter.number_of(self.play, pattern)
        if n and key == pygame.K_0 + n:
            return True
        return key in (pygame.K_SPACE, pygame.K_RETURN) and self.adapter.space_gives(self.play,
                                                                                 pattern)

    def _mouse(self, event: pygame.event.Event) -> ViewAction | None:
        kind = event.type
        pos = (int(event.pos[0]), int(event.pos[1]))
        lay = self.play.layout
        if kind == pygame.MOUSEMOTION:
            self.card.process(event)
            return self.forward(event)
        if lay.panel.collidepoint(pos) and not (kind == pygame.MOUSEBUTTONUP and self._dragging):
            self.card.process(event)
            if kind == pygame.MOUSEBUTTONUP:
                self.play.handle_event(event)  # a press that began elsewhere ends
            for key in self.card.take():
                return self.card_action(key)
            return None
        if kind == pygame.MOUSEBUTTONUP:
            self._dragging = False
            self.card.process(event)
            return self.forward(event)
        button = getattr(event, "button", 1)
        if button == 3:
            self.refuse(self.phase_hint())
            return None
        if button != 1:
            return self.forward(event)  # the middle button pans, an old wheel zooms
        if lay.top.collidepoint(pos):
            if self._top_button(pos) == "menu":
                self.open_menu()
            else:
                self.refuse(_("Undo, redo, save and load rest during a lesson: {why}.").format(
                    why=forward_only()))
            return None
        if self._press_is_the_steps(pos):
            self._dragging = self.runner.step.point.drag is not None
            return self.forward(event)
        self.refuse(self.phase_hint())
        return None

    def _press_is_the_steps(self, pos: tuple[int, int]) -> bool:
        """Is a press of the left button here the start of the step's input?"""
        if self.runner.phase is not Phase.DO:
            return False
        mark = self.mark()
        if mark is None:
            return False
        if mark.kind == "click":
            return mark.rect is not None and mark.rect.collidepoint(pos)
        if mark.kind == "spot":
            return math.dist(pos, mark.start) <= mark.start_px
        return math.dist(pos, mark.start) <= mark.start_px + GRAB_SLACK_PX

    def _top_button(self, pos: tuple[int, int]) -> str:
        buttons = self.play.top_buttons
        for key, widget in zip(buttons.keys, buttons.buttons, strict=False):
            if widget.rect.collidepoint(pos):
                return str(key)
        return ""

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.runner.phase is Phase.DO:
            self.adapter.prepare(self.play, self.runner.step)
        self.play.update(dt)
        self.adapter.settle(self.play)
        self.drop_cards()
        self.sync_card()
        self.card.update(dt)
        if self.menu is not None:
            self.menu.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        self.sync_card()
        self.play.draw(surface)
        self.card.draw(surface)
        mark = self.mark()
        if mark is not None:
            draw_mark(surface, mark, self.clock,
                      self.play.layout.table if mark.kind in ("drag", "spot") else None)
        if self.menu is not None:
            self.menu.draw(surface)

    # ------------------------------------------------------------------ for tests and checks
    @property
    def session(self) -> Any:
        return self.play.session

    def card_text(self) -> str:
        self.sync_card()
        return self.card.text()


def entry_title(entry: RuleEntry) -> str:
    """A rule book entry's heading as the card shows it: its rule IDs and its title."""
    return f"{', '.join(entry.ids)} · {entry.title}"


def make_learn_view(system: str, size: tuple[int, int], *, full_game: FullGame | None = None,
                    image_loader: Callable[..., Any] | None = None,
                    save_dir: Path | None = None) -> LearnView:
    """The lesson of ``system`` (KeyError: it has none) in a window of ``size``."""
    return LearnView(system, size, full_game=full_game, image_loader=image_loader,
                     save_dir=save_dir)
