"""The wheel carries the program's data: the top-level ``maps``, ``assets`` and ``locale`` folders
are copied into the package as ``game/_data/<name>`` when it is built (``game/core/resources.py`` finds
them there once installed). Everything else is in ``pyproject.toml``."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DATA_FOLDERS = ("maps", "assets", "locale")


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        here = Path(__file__).resolve().parent
        for name in DATA_FOLDERS:
            source = here / name
            if source.is_dir():
                shutil.copytree(source, Path(self.build_lib) / "game" / "_data" / name,
                                dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildWithData})
