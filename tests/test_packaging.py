"""Install anywhere (issue 18, item 1): the wheel carries everything the program reads (maps,
tilesets, theme, catalogs, the rules' data), found through ``importlib.resources`` once installed;
``tabletop --version`` answers."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from game.cli import main
from game.core.resources import DATA_FOLDERS, data_dir

REPO = Path(__file__).resolve().parents[1]


def test_the_data_folders_are_the_checkouts_when_run_from_it() -> None:
    for name in DATA_FOLDERS:
        assert data_dir(name) == REPO / name
    with pytest.raises(ValueError):
        data_dir("secrets")


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("tabletop ")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "-q",
                            "-w", str(out)], capture_output=True, text=True, timeout=600)
    if built.returncode != 0:
        pytest.skip(f"no wheel could be built here (pip wheel: {built.stderr.strip()[-300:]})")
    return next(out.glob("tabletop-*.whl"))


def test_the_wheel_carries_everything_the_program_reads(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for shipped in [*(REPO / "maps").glob("*.tmx"), *(REPO / "maps").glob("*.json"),
                    *(REPO / "assets").rglob("*.*"),
                    *(REPO / "locale").rglob("*.po")]:
        inside = "game/_data/" + shipped.relative_to(REPO).as_posix()
        assert inside in names, inside
    for data in (REPO / "game").rglob("data/*.*"):
        assert data.relative_to(REPO).as_posix() in names, data


def test_the_installed_program_runs_from_any_folder(wheel: Path, tmp_path: Path) -> None:
    """Installed without the checkout on the path, from an empty folder: self-play ends (it
    used to end in a traceback), a shipped map renders, the Russian catalogs are found."""
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target),
                    str(wheel)], check=True, timeout=600)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "TABLETOP_CONFIG_DIR": str(tmp_path / "config")}

    def run(*code: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", "\n".join(code)], cwd=elsewhere, env=env,
                              capture_output=True, text=True, timeout=600)

    where = run("import game, game.i18n as i, game.board.maps as m",
                "print(game.__file__); print(i.LOCALE_DIR); print(m.MAPS_DIR)")
    assert where.returncode == 0, where.stderr
    lines = where.stdout.split()
    assert all(str(target) in line for line in lines), lines
    played = run("import sys; from game.cli import main",
                 "sys.exit(main(['selfplay', 'relic', '--games', '2', '--seed', '1']))")
    assert played.returncode == 0, played.stderr[-2000:]
    assert "rule errors: 0" in played.stdout and "Traceback" not in played.stderr
    for shipped in sorted((REPO / "maps").glob("*.tmx")):  # every shipped map, from the package
        png = tmp_path / f"{shipped.stem}.png"
        drawn = run("import sys; from game.cli import main; from game.board.maps import MAPS_DIR",
                    f"sys.exit(main(['render', str(MAPS_DIR / {shipped.name!r}), '-o', {str(png)!r}]))")
        assert drawn.returncode == 0, drawn.stderr[-2000:]
        assert png.stat().st_size > 1000
    checked = run("import sys; from game.cli import main; from game.board.maps import MAPS_DIR",
                  "sys.exit(main(['validate', str(MAPS_DIR)]))")
    assert checked.returncode == 0 and "0 error(s), 0 warning(s)" in checked.stdout, checked.stdout
    version = run("import sys; from game.cli import main", "sys.exit(main(['--version']))")
    assert version.returncode == 0 and version.stdout.strip(), version.stderr
    chapter = run("import sys; from game.cli import main",  # its chapter file beside the map
                  "sys.exit(main(['selfplay', 'mice_and_mystics', '--games', '1', '--seed', '1']))")
    assert chapter.returncode == 0 and "rule errors: 0" in chapter.stdout, chapter.stderr[-2000:]
    russian = run("from game import i18n", "print(i18n.catalog('ru').get('Undone.'))")
    assert russian.stdout.strip() and russian.stdout.strip() != "Undone.", russian


def test_the_wheel_installs_into_a_fresh_virtual_environment(wheel: Path, tmp_path: Path) -> None:
    """As ``pipx install`` would: a new virtual environment in a temporary folder, the wheel and
    its dependencies installed by pip, then the ``tabletop`` command run from an empty folder:
    ``--version``, ``render`` of each shipped map, ``validate`` and a Relic self-play."""
    venv = tmp_path / "fresh"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=600)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    installed = subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)],
                               capture_output=True, text=True, timeout=1200)
    if installed.returncode != 0:
        pytest.skip(f"pip could not install the dependencies here: {installed.stderr.strip()[-300:]}")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TABLETOP_CONFIG_DIR=str(tmp_path / "config"))
    tabletop = str(bin_dir / "tabletop")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([tabletop, *args], cwd=elsewhere, env=env, capture_output=True,
                              text=True, timeout=900)

    version = run("--version")
    assert version.returncode == 0 and version.stdout.startswith("tabletop "), version.stderr
    where = subprocess.run([str(bin_dir / "python"), "-c",
                            "import game.board.maps as m; print(m.MAPS_DIR)"],
                           cwd=elsewhere, env=env, capture_output=True, text=True, timeout=300)
    maps_dir = Path(where.stdout.strip())
    assert str(venv) in str(maps_dir), where.stdout + where.stderr
    for shipped in sorted(maps_dir.glob("*.tmx")):
        png = tmp_path / f"{shipped.stem}.png"
        drawn = run("render", str(shipped), "-o", str(png))
        assert drawn.returncode == 0 and png.stat().st_size > 1000, drawn.stderr[-2000:]
    assert len(list(maps_dir.glob("*.tmx"))) == 4
    checked = run("validate", str(maps_dir))
    assert checked.returncode == 0 and "0 error(s)" in checked.stdout, checked.stdout + checked.stderr
    played = run("selfplay", "relic", "--games", "2", "--seed", "1")
    assert played.returncode == 0 and "rule errors: 0" in played.stdout, played.stderr[-2000:]
    assert "Traceback" not in played.stderr + checked.stderr
