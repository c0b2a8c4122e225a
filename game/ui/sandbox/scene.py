"""A sandbox arrangement kept as a small JSON file: the map, the figures and the overlays.

Plain Python (no pygame; it lives with the sandbox it describes): ``tabletop render`` and tests
read scenes headless. Lengths are table
millimetres, angles degrees clockwise from +x (screen right), as everywhere on a Board.

    {"version": 1, "map": "../maps/ruins.tmx",
     "figures": [{"id": "a", "name": "Archer", "side": "Red", "x": 100, "y": 80,
                  "radius": 15, "height": 40, "z": 0}],
     "selected": "a", "target": "b", "overlays": ["sight", "cover", "ruler"],
     "weapon_range": 152.4, "blast": {"x": 300, "y": 200, "radius": 76.2}, ...}

``map`` is relative to the scene file (or absolute).
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from game.core.units import FATHOM_MM
from game.geometry.bases import Base
from game.ui.figures import base_radius
from game.ui.sandbox.weapons import profile_look

SCENE_VERSION = 1
#: every overlay the sandbox draws, in panel order
OVERLAYS = ("sight", "cover", "ruler", "blast", "cone", "move", "push", "shadow")
DEFAULT_OVERLAYS = ("sight", "cover", "ruler")


class SceneError(ValueError):
    """A scene file that cannot be read; ``str()`` says why."""


@dataclass(frozen=True)
class SceneFigure:
    id: str
    name: str
    side: str
    x: float
    y: float
    radius: float = 12.5  #: mm
    height: float = 40.0  #: model height, mm
    z: float = 0.0  #: standing level, mm (raised onto a surface)
    name_ru: str = ""  #: the name on a Russian screen ("": the name, or the map spawn's)

    def base(self) -> Base:
        return Base(self.id, self.x, self.y, self.radius, self.z, self.height)


@dataclass(frozen=True)
class Scene:
    map: str
    figures: tuple[SceneFigure, ...] = ()
    selected: str | None = None
    target: str | None = None
    overlays: tuple[str, ...] = DEFAULT_OVERLAYS
    weapon_range: float = 6 * FATHOM_MM  #: R of the ruler's weapon (bands R, 2R, 3R, 4R)
    weapon: str = ""  #: the weapon's name ("" for a plain range)
    blast: tuple[float, float, float] | None = None  #: x, y, radius
    cone_angle: float = 0.0  #: degrees, from the selected figure
    cone_length: float = 6 * FATHOM_MM
    cone_width: float = 2 * FATHOM_MM
    move_angle: float = 0.0  #: degrees, the selected figure's straight move
    move_length: float = 200.0
    push_source: tuple[float, float] | None = None  #: pushes the target away from here
    shadow_eye: tuple[float, float, float] | None = None  #: None: the selected figure's eye
    shadow_radius: float = 400.0
    cover_radius: float = FATHOM_MM  #: HD-RANGED-9: 1 fathom
    #: the part of the table to show first (left, top, right, bottom); None: the whole table
    focus: tuple[float, float, float, float] | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    # ------------------------------------------------------------------ look-ups
    def figure(self, fid: str | None) -> SceneFigure | None:
        return next((f for f in self.figures if f.id == fid), None)

    def bases(self) -> list[Base]:
        return [f.base() for f in self.figures]

    def shows(self, overlay: str) -> bool:
        return overlay in self.overlays

    # ------------------------------------------------------------------ edits (new scenes)
    def with_figure(self, fig: SceneFigure) -> Scene:
        rest = tuple(f for f in self.figures if f.id != fig.id)
        return replace(self, figures=(*rest, fig))

    def without_figure(self, fid: str) -> Scene:
        return replace(self, figures=tuple(f for f in self.figures if f.id != fid),
                       selected=None if self.selected == fid else self.selected,
                       target=None if self.target == fid else self.target)

    def toggled(self, overlay: str) -> Scene:
        if overlay not in OVERLAYS:
            raise ValueError(f"unknown overlay {overlay!r}")
        now = tuple(o for o in self.overlays if o != overlay)
        if overlay not in self.overlays:
            now = tuple(o for o in OVERLAYS if o in (*now, overlay))
        return replace(self, overlays=now)

    def next_id(self) -> str:
        taken = {f.id for f in self.figures}
        n = len(self.figures) + 1
        while f"f{n}" in taken:
            n += 1
        return f"f{n}"

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"version": SCENE_VERSION}
        for key, value in asdict(self).items():
            if key == "extra":
                continue
            if key == "figures":
                value = [{k: v for k, v in asdict(f).items() if k != "name_ru" or v}
                         for f in self.figures]
            elif isinstance(value, tuple):
                value = list(value)
            data[key] = value
        return data


def _num(value: Any, what: str) -> float:
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise SceneError(f"{what} is not a number: {value!r}") from None
    if not math.isfinite(x):
        raise SceneError(f"{what} is not a finite number: {value!r}")
    return x


def _point(value: Any, n: int, what: str) -> tuple[float, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list | tuple) or len(value) != n:
        raise SceneError(f"{what} must be a list of {n} numbers")
    return tuple(_num(v, what) for v in value)


def scene_from_json(data: Any) -> Scene:
    if not isinstance(data, dict):
        raise SceneError("a scene is a JSON object")
    if int(data.get("version", SCENE_VERSION)) > SCENE_VERSION:
        raise SceneError(f"scene version {data.get('version')} is newer than this program's")
    if not isinstance(data.get("map"), str):
        raise SceneError("the scene names no map")
    figures = []
    for k, raw in enumerate(data.get("figures", [])):
        if not isinstance(raw, dict):
            raise SceneError(f"figure {k + 1} is not an object")
        fid = str(raw.get("id", f"f{k + 1}"))
        radius = _num(raw.get("radius", 12.5), f"figure {fid} radius")
        height = _num(raw.get("height", 40.0), f"figure {fid} height")
        if not 0 < radius <= 1000 or not 0 < height <= 10000:
            raise SceneError(f"figure {fid}: radius and height must be positive")
        figures.append(SceneFigure(fid, str(raw.get("name", fid)), str(raw.get("side", "")),
                                   _num(raw.get("x"), f"figure {fid} x"),
                                   _num(raw.get("y"), f"figure {fid} y"), radius, height,
                                   _num(raw.get("z", 0.0), f"figure {fid} z"),
                                   str(raw.get("name_ru", "") or "")))
    ids = [f.id for f in figures]
    if len(set(ids)) != len(ids):
        raise SceneError("two figures share an id")
    overlays = tuple(o for o in data.get("overlays", DEFAULT_OVERLAYS) if o in OVERLAYS)
    blast = data.get("blast")
    if isinstance(blast, dict):
        blast = [blast.get("x"), blast.get("y"), blast.get("radius", 3 * FATHOM_MM)]
    defaults = Scene(map="")
    scalars: dict[str, Any] = {}
    for key in ("weapon_range", "cone_angle", "cone_length", "cone_width", "move_angle",
                "move_length", "shadow_radius", "cover_radius"):
        scalars[key] = _num(data.get(key, getattr(defaults, key)), key)
    for key in ("weapon_range", "cone_length", "shadow_radius", "cover_radius"):
        if scalars[key] <= 0:
            raise SceneError(f"{key} must be positive")
    scalars["weapon"] = str(data.get("weapon", ""))
    selected = data.get("selected")
    target = data.get("target")
    return Scene(
        map=data["map"], figures=tuple(figures),
        selected=selected if selected in ids else None,
        target=target if target in ids else None,
        overlays=overlays,
        blast=_point(blast, 3, "blast"),  # type: ignore[arg-type]
        push_source=_point(data.get("push_source"), 2, "push_source"),  # type: ignore[arg-type]
        shadow_eye=_point(data.get("shadow_eye"), 3, "shadow_eye"),  # type: ignore[arg-type]
        focus=_point(data.get("focus"), 4, "focus"),  # type: ignore[arg-type]
        **scalars,
    )


def load_scene(path: Path) -> Scene:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise SceneError(f"{path}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise SceneError(f"{path}: not JSON ({exc})") from None
    return scene_from_json(data)


def save_scene(scene: Scene, path: Path) -> None:
    Path(path).write_text(json.dumps(scene.to_json(), ensure_ascii=False, indent=1) + "\n",
                          encoding="utf-8")


def map_path(scene: Scene, scene_path: Path) -> Path:
    """The scene's map file, resolved against the folder of the scene file."""
    p = Path(scene.map)
    return p if p.is_absolute() else (Path(scene_path).resolve().parent / p)


def _height(properties: Any) -> float:
    try:
        h = float(properties.get("height", 40.0))
    except (TypeError, ValueError):
        return 40.0
    return h if math.isfinite(h) and 0 < h <= 10000 else 40.0


def scene_from_board(board: Any, map_ref: str) -> Scene:
    """A starting scene: the map's spawn points as figures."""
    figures = []
    for s in getattr(board, "spawns", ()):
        radius, height = base_radius(s.properties), _height(s.properties)
        look = profile_look(s.profile) if getattr(board, "system", "") == "helldorado" else None
        if look is not None and "radius" not in s.properties:
            radius, height = look
        figures.append(SceneFigure(f"s{s.id}", s.name or f"s{s.id}", s.side, float(s.x),
                                   float(s.y), radius, height))
    first = figures[0].id if figures else None
    second = figures[1].id if len(figures) > 1 else None
    return Scene(map=map_ref, figures=tuple(figures), selected=first, target=second)
