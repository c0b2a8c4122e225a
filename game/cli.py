"""The ``tabletop`` command: play (default), learn, render, validate, new."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

#: The scenario ``tabletop`` opens with no arguments.
DEFAULT_MAP = Path(__file__).resolve().parent.parent / "maps" / "tavern.tmx"
MAP_HELP = "a Tiled map (.tmx or .tmj)"


def _parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = text.lower().split("x")
        size = (int(w), int(h))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    if size[0] < 16 or size[1] < 16 or size[0] > 16384 or size[1] > 16384:
        raise argparse.ArgumentTypeError(f"size {text} is out of range (16 to 16384 a side)")
    return size


def _parse_players(text: str) -> int:
    """``--players N``: 1 to 4 (Relic's seats, REL-SEQ-3)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of players from 1 to 4, not {text!r}") from None
    if not 1 <= n <= 4:
        raise argparse.ArgumentTypeError(f"must be 1 to 4 players (Relic seats one to four), not {n}")
    return n


def _version() -> str:
    """The installed package's version (the checkout's pyproject when run from a checkout)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tabletop")
    except PackageNotFoundError:
        return "(not installed)"


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="tabletop",
        description="Skirmish and board games on one screen. With no command, opens the window.",
    )
    p.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = p.add_subparsers(dest="command")

    play = sub.add_parser("play", help="open the window on a map (the default command)")
    play.add_argument("map", nargs="?", type=Path, default=None, help=MAP_HELP)
    play.add_argument("--size", type=_parse_size, default=(1280, 800), help="window size WxH")
    play.add_argument("--ai", action="append", metavar="SIDE",
                      help="let the AI play SIDE (repeat for both sides)")
    play.add_argument("--strict", action="store_true",
                      help="strict mode: no teaching hints, and rolled dice cannot be undone")
    play.add_argument("--players", type=_parse_players, default=None, metavar="N",
                      help="Relic: how many play, 1 to 4 (the map's first N starts; default: all)")

    learn = sub.add_parser("learn", help="a guided first game of a rule system (a lesson)")
    learn.add_argument("system", help="one_for_all, helldorado, mice_and_mystics or relic")
    learn.add_argument("--size", type=_parse_size, default=(1280, 800), help="window size WxH")
    learn.add_argument("--lang", choices=("en", "ru"), default=None,
                       help="the language of the lesson (default: the one chosen in the menu)")

    render = sub.add_parser("render", help="draw a map headless to a PNG")
    render.add_argument("map", type=Path, nargs="?", default=None,
                        help=MAP_HELP + ", or a saved sandbox scene (.json)")
    render.add_argument("--scene", type=Path, default=None, help="a saved sandbox scene (.json)")
    render.add_argument("--lang", choices=("en", "ru"), default=None,
                        help="the language of the words drawn (default: the one chosen in the menu)")
    render.add_argument("-o", "--output", type=Path, required=True, help="the PNG to write")
    render.add_argument("--size", type=_parse_size, default=(1280, 800), help="WxH, default 1280x800")
    render.add_argument(
        "--figures", nargs="*", default=None,
        help="figures to draw: 'spawns' (the map's spawn points, the default), 'none', "
        "or NAME:SIDE:X:Y[:R] items in mm",
    )
    render.add_argument("--terrain", action="store_true", help="outline terrain and show heights")
    render.add_argument("--overlays", "--overlay", dest="overlays", default=None,
                        help="for a saved sandbox scene (.json): comma list of sight, cover, ruler, "
                        "blast, cone, move, push, shadow (default: the scene's own)")

    sandbox = sub.add_parser("sandbox", help="the demonstration sandbox on a map")
    sandbox.add_argument("map", nargs="?", type=Path, default=None, help=MAP_HELP)
    sandbox.add_argument("--scene", type=Path, default=None, help="a saved sandbox scene (.json)")
    sandbox.add_argument("--size", type=_parse_size, default=(1280, 800), help="window size WxH")

    menu = sub.add_parser("menu", help="the main menu: games, scenarios, sandbox, language")
    menu.add_argument("--size", type=_parse_size, default=(1280, 800), help="window size WxH")
    menu.add_argument("--maps", type=Path, default=None, metavar="DIR",
                      help="your own maps folder, listed beside the shipped scenarios (default: "
                           "$TABLETOP_MAPS, else the platform's, e.g. ~/.local/share/tabletop/maps)")

    selfplay = sub.add_parser("selfplay", help="play whole games with the AI on every side")
    selfplay.add_argument("system", help="the rule system, e.g. one_for_all")
    selfplay.add_argument("--map", type=Path, default=None,
                          help=MAP_HELP + " of that system (default: its shipped scenario)")
    selfplay.add_argument("--games", type=int, default=10)
    selfplay.add_argument("--players", type=_parse_players, default=None, metavar="N",
                          help="Relic: how many play, 1 to 4 (the map's first N starts)")
    selfplay.add_argument("--seed", type=int, default=1)
    selfplay.add_argument("--policy", choices=("greedy", "random"), default="greedy")
    selfplay.add_argument("--max-commands", type=int, default=5000)
    selfplay.add_argument("--jobs", type=int, default=None,
                          help="processes to play in (default: all cores); the results are the "
                               "same for any number")

    validate = sub.add_parser("validate", help="check maps and print one line per problem")
    validate.add_argument("paths", nargs="+", type=Path,
                          help="Tiled maps (.tmx or .tmj) or folders of them")
    validate.add_argument("-q", "--quiet", action="store_true", help="print problems only")

    new = sub.add_parser("new", help="write a small starter scenario of a game, to open in Tiled")
    new.add_argument("system", help="one_for_all, helldorado, mice_and_mystics or relic")
    new.add_argument("file", type=Path, help="the Tiled map (.tmx) to write")
    new.add_argument("--title", default=None, help="the scenario's title (default: the starter's)")
    new.add_argument("--force", action="store_true", help="replace FILE if it exists")
    return p


def _new(args: argparse.Namespace) -> int:
    from game.board.starter import StarterError, write_starter

    try:
        written = write_starter(args.system, args.file, force=args.force, title=args.title)
    except StarterError as exc:
        print(f"tabletop new: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {written[0]} ({args.system}); open it in Tiled, and play it with: "
          f"tabletop play {written[0]}")
    for extra in written[1:]:
        print(f"wrote {extra}")
    return 0


def _selfplay(args: argparse.Namespace) -> int:
    from game.rules import registry
    from game.rules.engine import selfplay
    from game.rules.engine.protocol import Setup

    try:
        system = registry.get(args.system)
    except KeyError as exc:
        print(f"tabletop selfplay: {exc.args[0]}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("tabletop selfplay: --games must be at least 1", file=sys.stderr)
        return 2
    jobs = selfplay.default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        print("tabletop selfplay: --jobs must be at least 1", file=sys.stderr)
        return 2
    policy = selfplay.greedy_policy if args.policy == "greedy" else selfplay.random_policy
    default_map = getattr(system, "default_map", "")
    if args.map is not None:
        problem = _map_problem(args.map, args.system)
        if problem:
            print(f"tabletop selfplay: {problem}", file=sys.stderr)
            return 2
        default_map = str(args.map.resolve())
    players: tuple[str, ...] = ()
    if args.players is not None:
        seats_for = getattr(system, "seats_for", None)
        if seats_for is None:
            print(f"tabletop selfplay: --players is for Relic; {args.system} takes the map's sides",
                  file=sys.stderr)
            return 2
        try:
            players = tuple(seats_for(default_map, args.players))
        except (ValueError, OSError) as exc:
            print(f"tabletop selfplay: {exc}", file=sys.stderr)
            return 2
    setup = Setup(args.system, default_map, args.seed, {}, players)
    report = selfplay.run(system, setup, args.games,
                          policy=policy, max_commands=args.max_commands, jobs=jobs)
    for line in report.lines():
        print(line)
    return 1 if report.errors else 0


def _is_scene(path: Path | None) -> bool:
    """Whether ``path`` names a saved sandbox scene: a ``.json`` that is not a Tiled map."""
    if path is None or path.suffix.lower() != ".json":
        return False
    from game.board.validate import is_map_file

    return not is_map_file(path)


def _map_problem(path: Path, system: str) -> str:
    """Why ``path`` cannot be played as a map of ``system`` (one line), or ""."""
    from game.board import MapError, load_board

    if not path.is_file():
        return f"{path}: no such map file"
    try:
        board = load_board(path)
    except MapError as exc:
        return str(exc)
    if board.system != system:
        return (f"{path}: a map of {board.system or 'no game'} (its 'system' property), "
                f"not of {system}")
    return ""


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    command = args.command or "play"
    if command == "new":
        return _new(args)
    if command == "validate":
        from game.board.validate import validate_paths
        from game.rules.scenario_check import scenario_problems

        return validate_paths(args.paths, out=sys.stdout, quiet=args.quiet, games=scenario_problems)
    if command == "selfplay":
        return _selfplay(args)
    if command == "render":
        from game.i18n import load_language, set_language

        if args.lang:
            set_language(args.lang)
        else:
            load_language()
        scene = args.scene or (args.map if _is_scene(args.map) else None)
        if scene is not None:  # a saved sandbox scene
            from game.ui.sandbox import render_scene

            overlays = [o for o in args.overlays.split(",") if o] if args.overlays is not None else None
            return render_scene(scene, args.output, args.size, overlays)
        if args.map is None:
            print("tabletop render: give a Tiled map (.tmx or .tmj) or --scene SCENE.json",
                  file=sys.stderr)
            return 2
    if command == "sandbox":
        from game.ui.sandbox import sandbox_command

        return sandbox_command(args.map or DEFAULT_MAP, args.size, args.scene)
    if command == "menu":
        from game.ui.menu.launch import menu_command

        if args.maps is not None and args.maps.exists() and not args.maps.is_dir():
            print(f"tabletop menu: {args.maps}: not a folder; --maps names the folder of your "
                  "own maps", file=sys.stderr)
            return 2
        return menu_command(args.size, user_maps=args.maps)
    if command == "learn":
        from game.ui.menu.launch import learn_command

        return learn_command(args.system, args.size, lang=args.lang)
    if command == "render":
        from game.ui.render import render_command

        return render_command(args.map, args.output, args.size, args.figures, args.terrain)
    map_path = getattr(args, "map", None) or DEFAULT_MAP
    size = getattr(args, "size", (1280, 800))
    from game.ui.app import play_command
    from game.ui.menu.launch import main_menu_view

    return play_command(map_path, size, ai=getattr(args, "ai", None),
                        mode="strict" if getattr(args, "strict", False) else "teaching",
                        home=main_menu_view, players=getattr(args, "players", None))
