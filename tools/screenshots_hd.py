"""Headless screenshots of the Helldorado play screen on the ruins map.

    python tools/screenshots_hd.py                 # writes docs/hd_*.png
    python tools/screenshots_hd.py --out /tmp/shots --seed 5

The AI plays both sides (through the session, as the view would) until each scene is on the table:

* ``hd_sight.png``: a conquistador shooter selected: the line to every enemy it sees (green: the
  targets the nearest-target rule allows), distance, range band, difficulty and cover of each, the
  range bands as rings, and the Targets tab;
* ``hd_template.png``: a cone template being placed and turned towards an enemy, the units it
  catches ringed;
* ``hd_dice.png``: an attack sequence with re-rolls in the dice tray (re-rolled dice ringed in
  blue with their old faces), the log explaining it with the rules.
"""

from __future__ import annotations

import argparse
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

from game.geometry.bases import edge_distance  # noqa: E402
from game.rules.helldorado.state import HDState  # noqa: E402
from game.ui.images import SafeImageLoader  # noqa: E402
from game.ui.play.hd.session import Tool  # noqa: E402
from game.ui.play.hd.view import HDPlayView, make_hd_view  # noqa: E402
from game.ui.play.side_panel import LOG, ODDS  # noqa: E402
from game.ui.render import ensure_video_mode  # noqa: E402

RUINS = REPO / "maps" / "ruins.tmx"
MAX_COMMANDS = 900


def _event(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def fresh(seed: int, size: tuple[int, int], saves: Path) -> HDPlayView:
    view = make_hd_view(RUINS, size, (), image_loader=SafeImageLoader(), save_dir=saves, seed=seed)
    view.handover_on = False
    return view


def advance(view: HDPlayView, until: Callable[[HDPlayView], bool]) -> bool:
    """The AI plays both sides until ``until(view)`` holds (False when the game ended first)."""
    for _ in range(MAX_COMMANDS):
        if until(view):
            view.after_change()
            return True
        if view.state.over:
            return False
        cmd = view.session.ai_command()
        if cmd is None or not view.session.submit(cmd).ok:
            return False
    return False


def focus_on(view: HDPlayView, unit_id: str, zoom: float = 1.6) -> None:
    u = view.state.unit(unit_id)
    sx, sy = view.screen_point((u.x, u.y))
    t = view.layout.table
    view.board_view.zoom_about(zoom, (sx - t.x, sy - t.y))


def shoot(view: HDPlayView, surface: pygame.Surface, path: Path) -> None:
    view.update(0.0)
    view.draw(surface)
    pygame.image.save(surface, str(path))
    print(f"wrote {path}")


def ready_unit(st: HDState, profile: str) -> str:
    if st.over or st.activation is not None or st.pending is not None:
        return ""
    for u in st.ready(st.turn):
        if u.profile == profile:
            return u.id
    return ""


def sight_scene(view: HDPlayView) -> bool:
    st = view.state
    uid = ready_unit(st, "arquebusier")
    if not uid or st.round < 2:
        return False
    u = st.unit(uid)
    seen = [e for e in st.alive(st.other_side(u.side))
            if view.session.system.table_of(st).sees(u.base, e.base)]
    return len(seen) >= 2 and len(seen) < len(st.alive(st.other_side(u.side)))


def template_scene(view: HDPlayView) -> bool:
    st = view.state
    for profile in ("capitan", "imp"):
        uid = ready_unit(st, profile)
        if uid:
            u = st.unit(uid)
            if any(edge_distance(u.base, e.base) < st.cfg.cone_length - 1
                   for e in st.alive(st.other_side(u.side))) \
                    and not view.session.system.engaged(st, u):
                return True
    return False


def explosion_scene(view: HDPlayView) -> bool:
    """A unit with an explosion weapon, free, with two enemies close together in sight."""
    st = view.state
    for u in st.ready(st.turn) if not (st.over or st.activation or st.pending) else ():
        if not any(w.kind == "explosion" for w in u.weapons) or view.session.system.engaged(st, u):
            continue
        enemies = st.alive(st.other_side(u.side))
        pairs = [(a, b) for a in enemies for b in enemies if a.id < b.id and edge_distance(a.base, b.base) < 2.5]
        if pairs:
            return True
    return False


def reroll_scene(view: HDPlayView) -> bool:
    steps = view.session.match.steps
    return bool(steps) and any(e.kind == "hd.reroll" and e.data.get("indices")
                               for e in steps[-1].events)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    ensure_video_mode()
    args.out.mkdir(parents=True, exist_ok=True)
    surface = pygame.Surface((w, h))
    saves = Path(tempfile.mkdtemp(prefix="hd-shots-"))
    done = 0
    for seed in range(args.seed, args.seed + 12):
        view = fresh(seed, (w, h), saves)
        if advance(view, sight_scene):
            view.selected = ready_unit(view.state, "arquebusier")
            view.side_panel.tab = ODDS
            focus_on(view, view.selected, 1.3)
            shoot(view, surface, args.out / "hd_sight.png")
            done += 1
            break
    for seed in range(args.seed, args.seed + 12):
        view = fresh(seed, (w, h), saves)
        if advance(view, template_scene):
            st = view.state
            uid = ready_unit(st, "capitan") or ready_unit(st, "imp")
            view.selected = uid
            weapon = next(x for x in st.unit(uid).weapons if x.kind in ("cloud", "impact"))
            for group in view.session.choices(uid):
                for choice in group.choices:
                    if isinstance(choice.command, Tool) and choice.command.weapon == weapon.id:
                        view.choose(choice)
            view.side_panel.tab = ODDS
            focus_on(view, uid, 1.8)
            u = st.unit(uid)
            pos = view.screen_point((u.x + 3.0, u.y))
            view.handle_event(_event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            if view.tool is not None:  # aim at the nearest enemy again, as a player would
                enemy = min(st.alive(st.other_side(u.side)), key=lambda e: edge_distance(u.base, e.base))
                view.handle_event(_event(pygame.MOUSEMOTION, pos=view.screen_point((enemy.x, enemy.y)),
                                         rel=(0, 0), buttons=(0, 0, 0)))
            shoot(view, surface, args.out / "hd_template.png")
            done += 1
            break
    for seed in range(args.seed, args.seed + 12):
        view = fresh(seed, (w, h), saves)
        if advance(view, explosion_scene):
            st = view.state
            u = next(x for x in st.ready(st.turn) if any(w.kind == "explosion" for w in x.weapons)
                     and not view.session.system.engaged(st, x))
            weapon = next(x for x in u.weapons if x.kind == "explosion")
            view.selected = u.id
            for group in view.session.choices(u.id):
                for choice in group.choices:
                    if isinstance(choice.command, Tool) and choice.command.weapon == weapon.id:
                        view.choose(choice)
            enemies = st.alive(st.other_side(u.side))
            a, b = min(((a, b) for a in enemies for b in enemies if a.id < b.id),
                       key=lambda p: edge_distance(p[0].base, p[1].base))
            focus_on(view, a.id, 1.4)
            view.side_panel.tab = ODDS
            point = ((a.x + b.x) / 2, (a.y + b.y) / 2)
            view.handle_event(_event(pygame.MOUSEMOTION, pos=view.screen_point(point), rel=(0, 0),
                                     buttons=(0, 0, 0)))
            shoot(view, surface, args.out / "hd_explosion.png")
            done += 1
            break
    for seed in range(args.seed, args.seed + 12):
        view = fresh(seed, (w, h), saves)
        if advance(view, reroll_scene):
            view.after_change()
            view.side_panel.tab = LOG
            rolls = [e.actor for e in view.session.match.steps[-1].events if e.kind == "hd.roll"]
            if rolls and view.state.has_unit(rolls[0]):
                focus_on(view, rolls[0], 1.8)
            shoot(view, surface, args.out / "hd_dice.png")
            done += 1
            break
    pygame.quit()
    return 0 if done == 4 else 1


if __name__ == "__main__":
    raise SystemExit(main())
