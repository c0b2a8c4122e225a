"""Fuzzing every view with random input, headless (issue 10, item 5).

Each view (the menu, the sandbox and the four play screens) gets N frames of random mouse moves,
clicks and drags, keys (with and without modifiers), text, wheel turns and window resizes, the
way ``game/ui/app.py`` delivers them. No exception may escape; the frame times (events, update
and draw of one frame) are measured and printed, not asserted: the budget check lives in
``tools/fuzz.py`` (a shared CI machine is no place for a timing assertion).

N comes from ``TABLETOP_UI_FUZZ_FRAMES`` (600 by default); ``python tools/fuzz.py --ui`` raises
it to 10,000.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
import traceback  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

FRAMES = int(os.environ.get("TABLETOP_UI_FUZZ_FRAMES", "600"))
REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "maps"
SIZE = (1280, 800)
SIZES = [(1280, 800), (640, 480), (1920, 1080), (800, 1200), (320, 240), (1024, 600)]
KEYS = [pygame.K_TAB, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_BACKSPACE,
        pygame.K_DELETE, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_0,
        pygame.K_a, pygame.K_b, pygame.K_c, pygame.K_d, pygame.K_e, pygame.K_f, pygame.K_g,
        pygame.K_h, pygame.K_l, pygame.K_m, pygame.K_n, pygame.K_o, pygame.K_p, pygame.K_q,
        pygame.K_r, pygame.K_s, pygame.K_t, pygame.K_u, pygame.K_v, pygame.K_w, pygame.K_x,
        pygame.K_y, pygame.K_z, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN,
        pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_PLUS,
        pygame.K_MINUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_KP_MINUS, pygame.K_F1,
        pygame.K_F2, pygame.K_F3, pygame.K_F5, pygame.K_F9, pygame.K_F11, pygame.K_F12,
        pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET, pygame.K_COMMA, pygame.K_PERIOD,
        pygame.K_SLASH, pygame.K_QUESTION]
MODS = [0, 0, 0, 0, pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT, pygame.KMOD_LALT,
        pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT]
TEXT = ["a", "z", "1", "?", "+", "-", " ", "é", "ж", "日", "\u200b"]


@dataclass
class UiFuzzReport:
    view: str
    frames: int = 0
    events: int = 0
    resizes: int = 0
    commands: int = 0  #: commands the play screen's match holds at the end (input reached it)
    times_ms: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    @property
    def median_ms(self) -> float:
        return statistics.median(self.times_ms) if self.times_ms else 0.0

    @property
    def p95_ms(self) -> float:
        if not self.times_ms:
            return 0.0
        ordered = sorted(self.times_ms)
        return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]

    @property
    def max_ms(self) -> float:
        return max(self.times_ms, default=0.0)

    def line(self) -> str:
        return (f"{self.view}: {self.frames} frames, {self.events} events, {self.resizes} "
                f"resizes, {self.commands} commands played; frame time median {self.median_ms:.1f} ms, p95 {self.p95_ms:.1f} ms, "
                f"max {self.max_ms:.1f} ms; {len(self.failures)} failure(s)")


class _Dummy:
    """What the menu pushes when it starts a game (the real screens are fuzzed on their own)."""

    def resize(self, size: tuple[int, int]) -> None: ...
    def handle_event(self, event: object) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: object) -> None: ...


# ---------------------------------------------------------------------- the views
def _menu(tmp: Path, seed: int) -> Any:
    from game.ui.menu import make_menu_view

    return make_menu_view(MAPS, SIZE, start=lambda choice: _Dummy(),
                          sandbox=lambda path: _Dummy())


def _sandbox(tmp: Path, seed: int) -> Any:
    from game.ui.sandbox import make_sandbox_view

    return make_sandbox_view(MAPS / "tavern.tmx", SIZE)


def _one_for_all(tmp: Path, seed: int) -> Any:
    from game.board import load_board
    from game.ui.play.ofa.session import PlaySession, new_match
    from game.ui.play.ofa.view import OFAPlayView

    board = load_board(MAPS / "tavern.tmx")
    session = PlaySession(new_match(MAPS / "tavern.tmx", seed + 1), board)
    return OFAPlayView(session, board, SIZE, save_dir=tmp / "saves")


def _helldorado(tmp: Path, seed: int) -> Any:
    from game.ui.play.hd.view import make_hd_view

    return make_hd_view(MAPS / "ruins.tmx", SIZE, (), save_dir=tmp / "saves", seed=seed + 1)


def _mice_and_mystics(tmp: Path, seed: int) -> Any:
    from game.ui.play.mm.view import make_mm_view

    return make_mm_view(MAPS / "mice_chapter.tmx", SIZE, seed=seed + 1, save_dir=tmp / "saves",
                        pace=0.0)


def _relic(tmp: Path, seed: int) -> Any:
    from game.ui.play.relic.view import make_relic_view

    return make_relic_view(MAPS / "relic.tmx", SIZE, players=4, seed=seed + 1,
                           save_dir=tmp / "saves", ai_pace=0.0)


VIEWS: dict[str, Callable[[Path, int], Any]] = {
    "menu": _menu, "sandbox": _sandbox, "one_for_all": _one_for_all,
    "helldorado": _helldorado, "mice_and_mystics": _mice_and_mystics, "relic": _relic,
}


@contextmanager
def _headless(tmp: Path) -> Iterator[None]:
    """A hidden display, and the user folders (data, pictures, config) pointed into ``tmp``: a
    random click on a language button must not change the language of the user's own program.
    The language in use is restored afterwards."""
    from game import i18n

    language = i18n.language()
    saved = {k: os.environ.get(k) for k in ("TABLETOP_DATA_DIR", "TABLETOP_PICTURES_DIR",
                                            i18n.CONFIG_ENV)}
    os.environ["TABLETOP_DATA_DIR"] = str(tmp / "data")
    os.environ["TABLETOP_PICTURES_DIR"] = str(tmp / "pictures")
    os.environ[i18n.CONFIG_ENV] = str(tmp / "config")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1), pygame.HIDDEN)
    try:
        yield
    finally:
        pygame.quit()
        i18n.set_language(language)
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _ev(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def _random_events(rng: random.Random, size: tuple[int, int], held: list[int]) -> list[Any]:
    """A burst of 0 to 4 random events; a ("resize", size) tuple asks for a window resize."""
    w, h = size
    out: list[Any] = []
    for _ in range(rng.choice((0, 1, 1, 1, 2, 2, 3, 4))):
        roll = rng.random()
        # mostly inside the window, sometimes just outside it (a drag leaving the window)
        pos = (rng.randrange(-20, w + 20), rng.randrange(-20, h + 20)) if rng.random() < 0.05 \
            else (rng.randrange(w), rng.randrange(h))
        if roll < 0.30:
            buttons = tuple(1 if b in held else 0 for b in (1, 2, 3))
            out.append(_ev(pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-30, 30),
                                                              rng.randint(-30, 30)),
                           buttons=buttons))
        elif roll < 0.40:  # a whole click: press and release on one spot (widgets act on release)
            out.append(_ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            out.append(_ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            out.append(_ev(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        elif roll < 0.48:
            button = rng.choice((1, 1, 1, 2, 3, 4, 5))
            if button not in held:
                held.append(button)
            out.append(_ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        elif roll < 0.64:
            button = held.pop(rng.randrange(len(held))) if held and rng.random() < 0.9 \
                else rng.choice((1, 2, 3))
            out.append(_ev(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        elif roll < 0.72:
            y = rng.choice((-3, -1, -1, 1, 1, 3))
            x = rng.choice((0, 0, 0, -1, 1))
            out.append(_ev(pygame.MOUSEWHEEL, x=x, y=y, precise_x=float(x), precise_y=float(y),
                           flipped=False))
        elif roll < 0.93:
            k = rng.choice(KEYS)
            mod = rng.choice(MODS)
            kind = pygame.KEYDOWN if rng.random() < 0.8 else pygame.KEYUP
            out.append(_ev(kind, key=k, mod=mod, unicode="", scancode=0))
        elif roll < 0.97:
            out.append(_ev(pygame.TEXTINPUT, text=rng.choice(TEXT)))
        elif roll < 0.99:
            out.append(("resize", rng.choice(SIZES)))
        else:
            out.append(_ev(rng.choice((pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE,
                                       pygame.WINDOWENTER, pygame.ACTIVEEVENT))))
    return out


def fuzz_view(name: str, frames: int, seed: int = 0, tmp: Path | None = None) -> UiFuzzReport:
    """Drive one view for ``frames`` frames of random input; report failures and frame times."""
    report = UiFuzzReport(name)
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as scratch:
        where = Path(tmp or scratch)
        with _headless(where):
            view = VIEWS[name](where, seed)
            size = SIZE
            view.resize(size)
            surface = pygame.Surface(size)
            held: list[int] = []
            trail: list[str] = []
            for i in range(frames):
                started = time.perf_counter()
                elapsed = 0.0
                try:
                    for event in _random_events(rng, size, held):
                        report.events += 1
                        if isinstance(event, tuple):
                            size = event[1]
                            report.resizes += 1
                            trail.append(f"resize {size}")
                            view.handle_event(_ev(pygame.VIDEORESIZE, size=size, w=size[0],
                                                  h=size[1]))
                            view.resize(size)
                            surface = pygame.Surface(size)
                        else:
                            trail.append(pygame.event.event_name(event.type) + " " +
                                         str(event.dict))
                            view.handle_event(event)  # Push, Pop and Quit are ignored: stay
                    view.update(rng.choice((0.0, 1 / 60, 1 / 60, 1 / 30, 0.25)))
                    view.draw(surface)
                    elapsed = time.perf_counter() - started
                    broken = _broken_invariants(view)
                    if broken:
                        raise AssertionError(f"invariants broken: {broken[:3]}")
                except Exception as exc:
                    report.failures.append(
                        f"{name} seed {seed} frame {i}: {type(exc).__name__}: {exc}\n"
                        f"    last events: {'; '.join(trail[-8:])}\n"
                        + "".join(traceback.format_exc(limit=-6)))
                    # start afresh (a broken view could fail every frame after)
                    view = VIEWS[name](where, seed + i + 1)
                    view.resize(size)
                    if len(report.failures) >= 20:
                        break
                report.times_ms.append((elapsed or time.perf_counter() - started) * 1000)
                report.frames += 1
                del trail[:-16]
            session = getattr(view, "session", None)
            if session is not None:
                report.commands = len(session.match.steps)
    return report


def _broken_invariants(view: Any) -> list[str]:
    session = getattr(view, "session", None)
    if session is None:
        return []
    return list(session.system.invariants(session.match.state))


# ---------------------------------------------------------------------- tests
@pytest.mark.parametrize("name", list(VIEWS))
def test_random_input_never_crashes_a_view(name: str, tmp_path: Path) -> None:
    report = fuzz_view(name, FRAMES, seed=1, tmp=tmp_path)
    print(report.line())
    assert report.frames == FRAMES or report.failures
    assert not report.failures, "\n".join(report.failures[:5])


def test_event_bursts_are_well_formed() -> None:
    rng = random.Random(2)
    held: list[int] = []
    for _ in range(500):
        for event in _random_events(rng, (640, 480), held):
            assert isinstance(event, tuple | pygame.event.EventType)
