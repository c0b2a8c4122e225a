"""Headless screenshots of the Mice and Mystics play screen on ``maps/mice_chapter.tmx``.

    python tools/screenshots_mm.py                 # writes docs/mm_*.png
    python tools/screenshots_mm.py --out /tmp/shots --seed 3

* ``mm_reach.png``: a mouse's turn after its movement roll: the reachable cells highlighted
  with their costs, the path to the hovered cell, occupancy of each cell;
* ``mm_battle.png``: later in the chapter, a mouse's attack on offer hovered (its odds in the
  side panel), the last attack and defence dice with their symbols, the cheese wheel filling.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.rules.mice_and_mystics.commands import Attack  # noqa: E402
from game.ui.images import SafeImageLoader  # noqa: E402
from game.ui.play.mm.view import MMPlayView, make_mm_view  # noqa: E402
from game.ui.render import ensure_video_mode  # noqa: E402

MAP = REPO / "maps" / "mice_chapter.tmx"
MAX_COMMANDS = 2000


def _event(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def hover(view: MMPlayView, pos: tuple[int, int]) -> None:
    view.handle_event(_event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def shoot(view: MMPlayView, size: tuple[int, int], path: Path) -> None:
    surface = pygame.Surface(size)
    view.draw(surface)
    pygame.image.save(surface, str(path))
    print(f"wrote {path}")


def reach_scene(size: tuple[int, int], seed: int, out: Path, saves: Path) -> None:
    view = make_mm_view(MAP, size, seed=seed, save_dir=saves, image_loader=SafeImageLoader())
    reach = view.reach()
    assert reach is not None
    far = max(reach.cells, key=lambda c: reach.cost[c])
    g = view.session.system.graph(view.state)
    x, y = view.board_view.camera.world_to_screen(*g.cell(far).centre)
    t = view.layout.table
    hover(view, (round(x) + t.x + 4, round(y) + t.y + 4))
    shoot(view, size, out / "mm_reach.png")


def battle_scene(size: tuple[int, int], seed: int, out: Path, saves: Path,
                 want_cheese: bool = True) -> bool:
    view = make_mm_view(MAP, size, ai_sides=("mice",), seed=seed, save_dir=saves,
                        image_loader=SafeImageLoader(), pace=0.0)
    session = view.session
    for _ in range(MAX_COMMANDS):
        st = session.state
        if st.result:
            return False
        rolls = session.last_rolls()
        seat = session.to_play()
        attacks = [c for c in session.legal() if isinstance(c, Attack)]
        cheese = any(6 in dict(e.values).get("faces", ()) for e in rolls)
        if seat != "gm" and attacks and len(rolls) == 2 and st.wheel > 0 \
                and (cheese or not want_cheese):
            session.set_ai(())
            view.ai_hurry = False
            view._key = None
            view.sync_bars()
            button = next(b for b in view.buttons if isinstance(view._commands.get(b.key), Attack))
            g = session.system.graph(st)
            cx, cy = g.cell(st.mouse(st.acting).cell).centre if st.has_mouse(st.acting) else (0, 0)
            sx, sy = view.board_view.camera.world_to_screen(cx, cy)
            view.board_view.zoom_about(1.35, (sx, sy))
            hover(view, button.rect.center)
            shoot(view, size, out / "mm_battle.png")
            return True
        view.ai_step()
    return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args(argv)
    size = tuple(int(v) for v in args.size.lower().split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    ensure_video_mode()
    with tempfile.TemporaryDirectory() as tmp:
        saves = Path(tmp)
        reach_scene(size, args.seed, args.out, saves)  # type: ignore[arg-type]
        tries = [(seed, True) for seed in range(args.seed, args.seed + 12)]
        tries += [(seed, False) for seed in range(args.seed, args.seed + 12)]
        for seed, cheese in tries:
            if battle_scene(size, seed, args.out, saves, cheese):  # type: ignore[arg-type]
                break
        else:
            print("no battle scene found", file=sys.stderr)
            return 1
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
