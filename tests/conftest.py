"""Shared test set-up: headless SDL, and the ``shared`` folder beside the checkout."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

# Set before anything imports pygame, so no window or sound device is ever opened.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Tests never read or write the user's real folders: the remembered language, saves, autosaves
# and screenshots all go to one temporary home for the whole run (and the language starts at
# English whatever the machine remembers).
_HOME = Path(tempfile.mkdtemp(prefix="tabletop-tests-"))
for _name, _sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                    ("XDG_PICTURES_DIR", "pictures")):
    os.environ[_name] = str(_HOME / _sub)
os.environ["TABLETOP_CONFIG_DIR"] = str(_HOME / "config" / "tabletop")

#: The repository checkout (the folder holding ``game/`` and ``tests/``).
REPO_DIR = Path(__file__).resolve().parents[1]
#: The ``shared`` folder beside the checkout (corpus of real maps etc.); may be absent on CI.
SHARED_DIR = REPO_DIR / ".." / "shared"
SHARED_MISSING = "../shared is not beside the checkout"


def shared_path() -> Path:
    """The ``shared`` folder beside the checkout, or skip the calling test when it is absent."""
    if not SHARED_DIR.is_dir():
        pytest.skip(SHARED_MISSING)
    return SHARED_DIR


@pytest.fixture
def shared_dir() -> Path:
    """The ``shared`` folder beside the checkout; the test is skipped when it is absent."""
    return shared_path()


@pytest.fixture(autouse=True)
def _english_and_nothing_remembered():
    """Each test starts in English with no remembered language: a test (or a fuzzed key press)
    that switches to Russian must not change the next test's screen."""
    import shutil

    from game import i18n

    config = Path(os.environ["TABLETOP_CONFIG_DIR"])
    shutil.rmtree(config, ignore_errors=True)
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
    yield
    shutil.rmtree(config, ignore_errors=True)
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
