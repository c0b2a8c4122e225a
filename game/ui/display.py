"""Is there a screen to open a window on? Plain Python: decided before pygame is imported."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

#: printed to the terminal (no window can show anything), so it stays English
NO_DISPLAY_MESSAGE = (
    "tabletop: no display found, so the window cannot open. "  # i18n: not shown
    "Headless commands: tabletop render MAP -o out.png, tabletop validate PATH"
)


def display_available(environ: Mapping[str, str] | None = None, platform: str | None = None) -> bool:
    """False on Linux and the BSDs when neither X11 nor Wayland is reachable and SDL is not
    told to use some other video driver."""
    env = os.environ if environ is None else environ
    plat = sys.platform if platform is None else platform
    if env.get("SDL_VIDEODRIVER"):
        return True
    if plat.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
    return True


def quiet_pygame_import() -> None:
    """Keep pygame's greeting off stdout (render output may be piped)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def use_headless_drivers() -> None:
    """SDL's dummy video and audio drivers: for renders, benchmarks and tests."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    quiet_pygame_import()
