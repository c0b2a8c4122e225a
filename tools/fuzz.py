"""The long fuzz runs of issue 10, with the counts the issue asks for.

    python tools/fuzz.py --all          # commands, UI, maps and geometry
    python tools/fuzz.py --geometry     # degenerate positions: >= 100,000 for the sweep alone
    python tools/fuzz.py --commands     # 10,000 random commands per rule system
    python tools/fuzz.py --ui           # 10,000 frames of random input per view
    python tools/fuzz.py --maps         # the map fuzz (tests/hardening/test_map_fuzz.py)
    python tools/fuzz.py --ui --frames 2000 --budget-ms 33 --only sandbox

CI runs the same code through pytest with smaller counts (``TABLETOP_FUZZ_STEPS``,
``TABLETOP_UI_FUZZ_FRAMES``). Prints per rule system the steps run and the failures, per view the
frames run, the failures and the median and p95 frame time against the budget. A view whose
median frame time is over the budget fails (``--strict-p95``: its p95 too); the exit status is
non-zero on any failure.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

# Like the test suite: never read or write the user's real folders (language, saves, pictures).
_HOME = tempfile.mkdtemp(prefix="tabletop-fuzz-")
for _name, _sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                    ("XDG_PICTURES_DIR", "pictures")):
    os.environ[_name] = os.path.join(_HOME, _sub)
os.environ["TABLETOP_CONFIG_DIR"] = os.path.join(_HOME, "config", "tabletop")

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

STEPS = 10_000
FRAMES = 10_000
BUDGET_MS = 1000 / 60  # 16.7 ms: one frame at 60 FPS


def run_commands(steps: int, seed: int, only: list[str]) -> int:
    from game.rules import registry
    from tests.hardening.test_command_fuzz import fuzz_commands

    failures = 0
    print(f"== commands: {steps} steps per rule system")
    for name in registry.names():
        if only and name not in only:
            continue
        report = fuzz_commands(name, steps, seed)
        print("  " + report.line(), flush=True)
        for failure in report.failures[:10]:
            print("    FAIL " + failure)
        failures += len(report.failures)
    return failures


def run_ui(frames: int, seed: int, only: list[str], budget_ms: float, strict_p95: bool) -> int:
    from tests.hardening.test_ui_fuzz import VIEWS, fuzz_view

    failures = 0
    print(f"== UI: {frames} frames per view, budget {budget_ms:.1f} ms a frame")
    for name in VIEWS:
        if only and name not in only:
            continue
        report = fuzz_view(name, frames, seed)
        over = report.median_ms > budget_ms or (strict_p95 and report.p95_ms > budget_ms)
        verdict = "OVER BUDGET" if over else "within budget"
        if report.p95_ms > budget_ms and not over:
            verdict += f" (p95 over {budget_ms:.1f} ms)"
        print(f"  {report.line()}; {verdict}", flush=True)
        for failure in report.failures[:5]:
            print("    FAIL " + failure.replace("\n", "\n    "))
        failures += len(report.failures) + (1 if over else 0)
    return failures


def run_maps(seed: int) -> int:
    """The map fuzz, with its summary; ``seed`` 0 keeps the seed CI uses."""
    print("== maps: tests/hardening/test_map_fuzz.py", flush=True)
    env = dict(os.environ, **({"TABLETOP_MAP_FUZZ_SEED": str(seed)} if seed else {}))
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider",
                             "tests/hardening/test_map_fuzz.py"], cwd=REPO, env=env)
    return 0 if result.returncode == 0 else 1


#: the property tests of degenerate positions (issue 14); the sweep's are in the first file
GEOMETRY_FILES = ("tests/geometry/test_sweep_degenerate.py",
                  "tests/geometry/test_degenerate_sight.py",
                  "tests/geometry/test_degenerate_cover_templates.py")
GEOMETRY_SCALE = 40.0  #: the sweep's properties ask for 1,450 examples at 1; about 2.8 sweeps each
#: the issue's floor for the long run: positions checked against the brute force
SWEEP_POSITIONS = 100_000


def _requested_examples(path: str, scale: float) -> int:
    """How many examples the hypothesis tests of one file ask for at this scale."""
    import importlib

    os.environ["TABLETOP_GEOMETRY_SCALE"] = str(scale)
    name = path.removesuffix(".py").replace("/", ".")
    module = importlib.reload(importlib.import_module(name))
    total = 0
    for value in vars(module).values():
        chosen = getattr(value, "_hypothesis_internal_use_settings", None)
        if chosen is not None and hasattr(value, "hypothesis"):
            total += chosen.max_examples
    return total


def run_geometry(scale: float, seed: int) -> int:
    """The degenerate-position properties at ``scale`` times their CI counts, two files at once
    (the machine has two cores)."""
    print(f"== geometry: degenerate positions at {scale:g} times the CI counts", flush=True)
    for path in GEOMETRY_FILES:
        if (REPO / path).exists():
            print(f"  {path}: {_requested_examples(path, scale):,} examples", flush=True)
    counts = Path(_HOME) / "geometry-counts.txt"
    counts.unlink(missing_ok=True)
    env = dict(os.environ, TABLETOP_GEOMETRY_SCALE=str(scale),
               TABLETOP_GEOMETRY_COUNT_FILE=str(counts))
    sweep_file, *others = [p for p in GEOMETRY_FILES if (REPO / p).exists()]
    half = "slide or moving_into or raised or heading"
    lanes = [[[sweep_file, "-k", half], *[[p] for p in others[:1]]],
             [[sweep_file, "-k", f"not ({half})"], *[[p] for p in others[1:]]]]
    codes: list[int] = []

    def lane(runs: list[list[str]]) -> None:
        for run in runs:
            codes.append(subprocess.run(
                [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                 f"--hypothesis-seed={seed}", *run], cwd=REPO, env=env).returncode)

    workers = [threading.Thread(target=lane, args=(runs,)) for runs in lanes]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    checked = sum(int(n) for n in counts.read_text().split()) if counts.exists() else 0
    print(f"  sweep positions checked against the brute force: {checked:,}", flush=True)
    short = scale >= GEOMETRY_SCALE and checked < SWEEP_POSITIONS
    if short:
        print(f"  FAIL fewer than {SWEEP_POSITIONS:,} sweep positions", flush=True)
    return sum(1 for c in codes if c != 0) + (1 if short else 0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--all", action="store_true", help="commands, UI, maps and geometry")
    parser.add_argument("--commands", action="store_true", help="random commands per rule system")
    parser.add_argument("--ui", action="store_true", help="random input per view")
    parser.add_argument("--maps", action="store_true", help="the map fuzz")
    parser.add_argument("--geometry", action="store_true",
                        help="degenerate positions (contact, along, tangent) against brute force")
    parser.add_argument("--geometry-scale", type=float, default=GEOMETRY_SCALE,
                        help=f"times the CI example counts ({GEOMETRY_SCALE:g})")
    parser.add_argument("--steps", type=int, default=STEPS, help=f"steps per system ({STEPS})")
    parser.add_argument("--frames", type=int, default=FRAMES, help=f"frames per view ({FRAMES})")
    parser.add_argument("--budget-ms", type=float, default=BUDGET_MS,
                        help=f"frame time budget in ms ({BUDGET_MS:.1f})")
    parser.add_argument("--strict-p95", action="store_true",
                        help="fail a view whose p95 frame time is over the budget too")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", action="append", default=[],
                        help="a rule system or view name (repeatable)")
    args = parser.parse_args(argv)
    if not (args.all or args.commands or args.ui or args.maps or args.geometry):
        parser.error("choose --all, --commands, --ui, --maps or --geometry")
    if args.steps < 1 or args.frames < 1:
        parser.error("--steps and --frames must be positive")

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    started = time.perf_counter()
    failures = 0
    if args.all or args.commands:
        failures += run_commands(args.steps, args.seed, args.only)
    if args.all or args.ui:
        failures += run_ui(args.frames, args.seed, args.only, args.budget_ms, args.strict_p95)
    if args.all or args.maps:
        failures += run_maps(args.seed)
    if args.all or args.geometry:
        failures += run_geometry(args.geometry_scale, args.seed)
    print(f"== {failures} failure(s) in {time.perf_counter() - started:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
