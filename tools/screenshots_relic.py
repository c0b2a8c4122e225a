"""Render the Relic play screen headless into docs/relic_*.png.

    .venv/bin/python tools/screenshots_relic.py

relic_battle.png: a battle being resolved (the enemy's and the player's dice with an explosion,
both scores, the odds); relic_battle_scored.png: the same battle once
counted; relic_moves.png: the board after a move roll with the spaces it reaches
highlighted. The games are seeded; the script searches seeds for a battle with an explosion.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import pygame  # noqa: E402

from game.rules.relic.commands import RollMove, Score  # noqa: E402
from game.ui.play.relic.view import RelicPlayView, make_relic_view  # noqa: E402

MAP = REPO / "maps" / "relic.tmx"
SIZE = (1280, 800)
DOCS = REPO / "docs"


def _view(seed: int, saves: Path) -> RelicPlayView:
    return make_relic_view(MAP, SIZE, seed=seed, players=3, save_dir=saves, handover=False,
                           ai_pace=0.0)


def _shot(view: RelicPlayView, name: str) -> Path:
    surface = pygame.Surface(SIZE)
    view.update(5.0)  # every die revealed
    view.draw(surface)
    path = DOCS / name
    pygame.image.save(surface, str(path))
    return path


def battle_with_explosion(saves: Path, tries: int = 300) -> RelicPlayView:
    """A view stopped in a battle being resolved: the enemy's roll exploded, the player has
    rolled too and may still change a die (or, failing that, is about to roll)."""
    fallback = None
    for seed in range(1, tries):
        view = _view(seed, saves)
        session = view.session
        for _ in range(400):
            st = session.state
            b = st.battle
            if st.phase == "over":
                break
            if b is not None and b.enemy_chains and any(len(c) > 1 for c in b.enemy_chains):
                if b.step == "adjust":
                    return _settled(view)
                if fallback is None and b.step == "player_roll":
                    fallback = seed
            session.submit(session.ai_command())
    if fallback is not None:
        view = _view(fallback, saves)
        while not (view.session.state.battle and view.session.state.battle.step == "player_roll"
                   and any(len(c) > 1 for c in view.session.state.battle.enemy_chains)):
            view.session.submit(view.session.ai_command())
        return _settled(view)
    raise RuntimeError("no battle with an explosion found")


def _settled(view: RelicPlayView) -> RelicPlayView:
    view._rebuild_battle()
    view._settle()
    view.card = None
    return view


def moves_highlighted(saves: Path) -> RelicPlayView:
    view = _view(5, saves)
    view.submit(RollMove())
    view.card = None
    return view


def main() -> int:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1), pygame.HIDDEN)
    DOCS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        saves = Path(tmp)
        view = battle_with_explosion(saves)
        print(_shot(view, "relic_battle.png"))
        view.submit(Score())  # counted: both scores and the result
        view.card = None
        print(_shot(view, "relic_battle_scored.png"))
        print(_shot(moves_highlighted(saves), "relic_moves.png"))
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
