"""Small One for All tables written as TMX (1 mm per pixel) for rule tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.core.dice import ScriptedDice
from game.rules.engine import Match, Setup
from game.rules.one_for_all.game import OneForAll


@dataclass
class Piece:
    id: int
    x: float
    y: float
    w: float
    h: float
    height: float
    kind: str = "crate"
    shape: str = "rect"  # "rect" or "ellipse"
    bottom: float = 0.0
    flags: dict[str, bool] = field(default_factory=dict)


def write_scene(folder: Path, figures: list[tuple[str, str, str, float, float]], pieces: list[Piece] = (),
                size: tuple[int, int] = (600, 600), name: str = "scene.tmx") -> Path:
    objs = []
    for p in pieces:
        props = [f'<property name="kind" value="{p.kind}"/>',
                 f'<property name="height" type="float" value="{p.height}"/>',
                 f'<property name="bottom" type="float" value="{p.bottom}"/>']
        props += [f'<property name="{k}" type="bool" value="{str(v).lower()}"/>' for k, v in p.flags.items()]
        shape = "<ellipse/>" if p.shape == "ellipse" else ""
        objs.append(f'<object id="{p.id}" name="{p.kind}" class="Terrain" x="{p.x}" y="{p.y}" width="{p.w}" '
                    f'height="{p.h}"><properties>{"".join(props)}</properties>{shape}</object>')
    for i, (fname, side, profile, x, y) in enumerate(figures, start=1000):
        objs.append(f'<object id="{i}" name="{fname}" class="FigureSpawn" x="{x}" y="{y}"><properties>'
                    f'<property name="side" value="{side}"/><property name="profile" value="{profile}"/>'
                    f'</properties><point/></object>')
    w, h = size[0] // 10, size[1] // 10
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="{w}" height="{h}" tilewidth="10" tileheight="10" infinite="0">
 <properties><property name="mm_per_pixel" type="float" value="1"/></properties>
 <objectgroup id="1" name="scene">{''.join(objs)}</objectgroup>
</map>"""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def start(path: Path, faces: list[int], first: tuple[int, int] = (6, 1), **options) -> Match:
    """A match on the scene whose first side (first figure's) wins the roll-off, then ``faces``."""
    return Match(OneForAll(), Setup("one_for_all", str(path), 1, options),
                 dice=ScriptedDice(list(first) + list(faces)))
