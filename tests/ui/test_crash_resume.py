"""Issue 10, crash safety: a game whose program is killed is offered back at the next start.

For each rule system a child process opens the map's play screen the way ``tabletop play`` does,
plays some commands (each one autosaved), prints the match's digest and kills itself with
SIGKILL. The next start of the same map, in this process, must open with the resume card; taking
it must give back exactly the killed game, and "Start afresh" must keep a new game.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.board import load_board
from game.ui.play.resume import RESUME

REPO = Path(__file__).resolve().parents[2]
MAPS = {
    "one_for_all": REPO / "maps" / "tavern.tmx",
    "helldorado": REPO / "maps" / "ruins.tmx",
    "mice_and_mystics": REPO / "maps" / "mice_chapter.tmx",
    "relic": REPO / "maps" / "relic.tmx",
}
COMMANDS = 6

CHILD = r"""
import os, random, signal, sys
from pathlib import Path
import pygame
pygame.display.init(); pygame.font.init(); pygame.display.set_mode((1280, 800))
from game.board import load_board
from game.rules.engine.selfplay import greedy_policy
from game.ui.app import _play_view
from game.ui.images import SafeImageLoader
path = Path(sys.argv[1])
loader = SafeImageLoader()
view = _play_view(path, load_board(path, image_loader=loader), loader, [])
match = view.session.match
rng = random.Random(5)
for _ in range(int(sys.argv[2])):
    if match.outcome() is not None:
        break
    legal = list(match.system.legal_commands(match.state))
    match.submit(greedy_policy(match.system, match.state, legal, rng))
print(len(match.steps), match.digest(), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.fixture
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TABLETOP_PICTURES_DIR", str(tmp_path / "pictures"))
    return {**os.environ, "PYTHONPATH": str(REPO), "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def _killed_game(path: Path, env: dict[str, str]) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-c", CHILD, str(path), str(COMMANDS)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=240)
    assert done.returncode == -signal.SIGKILL, done.stderr
    steps, digest = done.stdout.split()
    return int(steps), digest


def _start(path: Path) -> object:
    from game.ui.app import _play_view

    pygame.display.set_mode((1280, 800))
    from game.ui.images import SafeImageLoader

    loader = SafeImageLoader()
    view = _play_view(path, load_board(path, image_loader=loader), loader, [])
    assert view is not None
    view.update(1 / 60)  # type: ignore[attr-defined]
    view.draw(pygame.display.get_surface())  # type: ignore[attr-defined]
    return view


def _choose(view: object, key: str) -> None:
    """Press Enter on the card's button ``key`` (arrows to it first), as a player would."""
    card = view.card  # type: ignore[attr-defined]
    keys = [item.key for item in card.items]
    for _ in range(keys.index(key)):
        view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,  # type: ignore[attr-defined]
                                             unicode="", scancode=0))
    view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,  # type: ignore[attr-defined]
                                         unicode="\r", scancode=0))


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("system", sorted(MAPS))
def test_a_killed_game_is_offered_back_at_the_next_start(system: str, headless: None,
                                                          user_dirs: dict[str, str]) -> None:
    path = MAPS[system]
    fresh = _start(path)
    assert fresh.card is None or fresh.card.items[0].key != RESUME  # type: ignore[attr-defined]

    steps, digest = _killed_game(path, user_dirs)
    assert steps > 0

    view = _start(path)
    card = view.card  # type: ignore[attr-defined]
    assert card is not None and [i.key for i in card.items][0] == RESUME, "no resume offer"
    assert str(steps) in " ".join(card.lines)
    _choose(view, RESUME)
    assert view.card is None or view.card.items[0].key != RESUME  # type: ignore[attr-defined]
    assert view.session.match.digest() == digest  # type: ignore[attr-defined]
    assert len(view.session.match.steps) == steps  # type: ignore[attr-defined]

    again = _start(path)  # declined: a new game, and the autosave is still there to offer
    new_digest = again.session.match.digest()  # type: ignore[attr-defined]
    _choose(again, "close")
    assert again.session.match.digest() == new_digest != digest  # type: ignore[attr-defined]
    assert len(again.session.match.steps) == 0  # type: ignore[attr-defined]
