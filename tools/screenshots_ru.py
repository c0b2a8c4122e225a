"""The screens of issue 7's Russian check, headless, for the README and for a reader to look at.

    python tools/screenshots_ru.py            # writes docs/ru/{menu,sandbox,ofa_duel}.png

The menu (with a tooltip up), the sandbox on the cover example scene, and One for All after a
duel with the explained log; all in Russian. ``tests/ui/test_*_russian.py`` check that such
screens draw no English word and no missing glyph; this tool only draws them.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.i18n import set_language  # noqa: E402
from game.ui.render import ensure_video_mode  # noqa: E402


def menu_picture(path: Path, size: tuple[int, int]) -> None:
    from game.ui.menu import make_menu_view

    view = make_menu_view(REPO / "maps", size, start=lambda c: None, sandbox=lambda p: None)
    surface = pygame.Surface(size)
    view.update(0.0)
    view.draw(surface)
    # rest the pointer on the opponent row so its tooltip shows, as a newcomer would
    rows = [b for b in view.gui.elements() if hasattr(b, "tool_tip_text") and b.tool_tip_text]
    if len(rows) > 4:
        pos = rows[4].rect.center
        view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        for _ in range(40):
            view.update(0.05)
    view.draw(surface)
    pygame.image.save(surface, str(path))
    print(f"wrote {path}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=REPO / "docs" / "ru")
    p.add_argument("--size", default="1280x800")
    args = p.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    set_language("ru")
    ensure_video_mode()
    pygame.font.init()
    menu_picture(args.out / "menu.png", (w, h))
    from game.ui.sandbox import render_scene

    render_scene(REPO / "examples" / "cover.json", args.out / "sandbox.png", (w, h), ["sight", "cover"])
    print(f"wrote {args.out / 'sandbox.png'}")
    from tools import screenshots

    screenshots.main(["--lang", "ru", "--out", str(args.out), "--only", "fight", "--size", args.size])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
