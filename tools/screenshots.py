"""Headless screenshots of a One for All turn on the tavern map, driven like a player would.

    python tools/screenshots.py                 # writes docs/ofa_*.png
    python tools/screenshots.py --out /tmp/shots --seed 5 --size 1280x800
    python tools/screenshots.py --lang ru --out docs/ru --only fight   # the log in Russian

Scenes (synthetic mouse and key events through the play view, and scripted commands):

* ``ofa_move.png``: a figure dragged towards a barrel: the band as wide as the base, the ghost
  base at the end, the point of contact and the name of what it touches;
* ``ofa_actions.png``: the move committed: the action menu of what the barrel allows;
* ``ofa_duel.png``: after the AI has played a while and a figure duels or attacks: the dice tray
  and the log explaining the resolution with the rules cited;
* ``ofa_odds.png``: a figure in contact with an enemy, an attack hovered: the Odds tab;
* ``ofa_handover.png`` and ``ofa_end.png``: the hot-seat card and the end of a game.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.board import load_board  # noqa: E402
from game.rules.one_for_all.state import OFAState  # noqa: E402
from game.ui.images import SafeImageLoader  # noqa: E402
from game.ui.play.ofa.move_preview import drag_angle, sweep_move  # noqa: E402
from game.ui.play.ofa.session import PlaySession, new_match  # noqa: E402
from game.ui.play.ofa.view import OFAPlayView  # noqa: E402
from game.ui.play.side_panel import LOG, ODDS  # noqa: E402
from game.ui.render import ensure_video_mode  # noqa: E402

TAVERN = REPO / "maps" / "tavern.tmx"
MAX_AI_COMMANDS = 600


def _event(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def click(view: OFAPlayView, pos: tuple[int, int], button: int = 1) -> None:
    view.handle_event(_event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    view.handle_event(_event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    view.handle_event(_event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def drag_to(view: OFAPlayView, start: tuple[int, int], end: tuple[int, int],
            release: bool) -> None:
    view.handle_event(_event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    view.handle_event(_event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    steps = 8
    for i in range(1, steps + 1):
        p = (round(start[0] + (end[0] - start[0]) * i / steps),
             round(start[1] + (end[1] - start[1]) * i / steps))
        view.handle_event(_event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    if release:
        view.handle_event(_event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def hover(view: OFAPlayView, pos: tuple[int, int]) -> None:
    view.handle_event(_event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def settle(view: OFAPlayView) -> None:
    """Let animations finish."""
    for _ in range(200):
        if view.player is None:
            break
        view.update(0.1)


def shoot(view: OFAPlayView, size: tuple[int, int], path: Path) -> None:
    surface = pygame.Surface(size)
    view.update(0.0)
    view.draw(surface)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    print(f"wrote {path}")


def play_ai_until(view: OFAPlayView, done: Callable[[OFAState], bool]) -> bool:
    """Both sides by the AI, until ``done(state)`` holds after a command."""
    view.set_ai_sides(set(view.state.sides))
    for _ in range(MAX_AI_COMMANDS):
        if view.state.winner or not view.ai_step():
            return False
        settle(view)
        if done(view.state):
            view.set_ai_sides(set())
            return True
    view.set_ai_sides(set())
    return False


def make_view(board: object, loader: SafeImageLoader, seed: int, size: tuple[int, int],
              saves: Path) -> OFAPlayView:
    session = PlaySession(new_match(TAVERN, seed), board)  # type: ignore[arg-type]
    view = OFAPlayView(session, board, size, image_loader=loader, save_dir=saves,  # type: ignore[arg-type]
                       ai_pace=0.0)
    view.update(0.0)
    return view


def scene_move(view: OFAPlayView, size: tuple[int, int], out: Path) -> None:
    st = view.state
    system = view.session.system
    index = system.index(st)
    barrels = [s for s in index.solids if s.rollable or s.liftable]
    figs = [f for f in st.figures if f.side == st.initiative and f.conscious]
    best = None
    for f in figs:
        for b in barrels:
            c = b.footprint.centroid
            angle = drag_angle((f.x, f.y), (c.x, c.y))
            if angle is None or sweep_move(system, st, f.id, angle, None).id != b.id:
                continue
            d = math.hypot(c.x - f.x, c.y - f.y)
            if best is None or d < best[0]:
                best = (d, f, b)
    assert best is not None, "no figure has a clear run at a barrel or a crate"
    _, fig, barrel = best
    c = barrel.footprint.centroid
    start = view.screen_point((fig.x, fig.y))
    end = view.screen_point((fig.x + (c.x - fig.x) * 0.7, fig.y + (c.y - fig.y) * 0.7))
    drag_to(view, start, end, release=False)
    shoot(view, size, out / "ofa_move.png")
    view.handle_event(_event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    settle(view)
    shoot(view, size, out / "ofa_actions.png")
    view.handle_event(_event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))


def scene_fight(view: OFAPlayView, size: tuple[int, int], out: Path) -> None:
    def fought(state: OFAState) -> bool:
        steps = view.session.match.steps
        return bool(steps) and any(e.kind == "ofa.duel" for e in steps[-1].events)

    if play_ai_until(view, fought):
        view.side_panel.tab = LOG
        shoot(view, size, out / "ofa_duel.png")


def scene_odds(view: OFAPlayView, size: tuple[int, int], out: Path) -> None:
    def in_contact(state: OFAState) -> bool:
        act = state.activation
        return (act is not None and state.has_figure(act.contact)
                and state.figure(act.contact).side != state.initiative and not state.pending)

    if not play_ai_until(view, in_contact):
        return
    view.side_panel.tab = ODDS
    view.update(0.0)
    view.draw(pygame.Surface(size))  # lays out the action bar
    for button, choice in zip(view.action_bar.buttons, view.action_bar.choices, strict=True):
        if type(choice.command).__name__ == "Duel":
            hover(view, button.rect.center)
            break
    shoot(view, size, out / "ofa_odds.png")


def scene_cards(view: OFAPlayView, size: tuple[int, int], out: Path) -> None:
    view.set_ai_sides(set())
    view.handover_on = True
    side = view.state.initiative
    other = view.state.other_side(side)
    from game.ui.play.handover import handover_card

    view.card = handover_card(view.texts, view.names.side(other), view.colours[other],
                              view.letters[other], view.names.side(side))
    view.card_kind = "handover"
    shoot(view, size, out / "ofa_handover.png")
    view.card, view.card_kind = None, ""
    if play_ai_until(view, lambda s: bool(s.winner)) or view.state.winner:
        settle(view)
        shoot(view, size, out / "ofa_end.png")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=REPO / "docs")
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--size", default="1280x800")
    p.add_argument("--lang", choices=("en", "ru"), default="en", help="the screen's language")
    p.add_argument("--only", nargs="*", default=None, metavar="SCENE",
                   help="some of: move fight odds cards (default: all)")
    args = p.parse_args(argv)
    from game.i18n import set_language

    set_language(args.lang)
    only = set(args.only) if args.only else {"move", "fight", "odds", "cards"}
    w, h = (int(v) for v in args.size.lower().split("x"))
    size = (w, h)
    ensure_video_mode()
    loader = SafeImageLoader()
    board = load_board(TAVERN, image_loader=loader)
    with tempfile.TemporaryDirectory() as tmp:
        saves = Path(tmp)
        if "move" in only:
            scene_move(make_view(board, loader, args.seed, size, saves), size, args.out)
        if "fight" in only:
            scene_fight(make_view(board, loader, args.seed, size, saves), size, args.out)
        if "odds" in only:
            scene_odds(make_view(board, loader, args.seed + 1, size, saves), size, args.out)
        if "cards" in only:
            scene_cards(make_view(board, loader, args.seed, size, saves), size, args.out)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
