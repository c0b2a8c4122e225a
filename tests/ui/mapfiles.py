"""Small TMX maps with real tile pictures, written into a test's folder."""

from __future__ import annotations

from pathlib import Path

import pygame

RED = (200, 40, 40)
GREEN = (40, 160, 60)


def write_tileset_png(path: Path) -> None:
    """Two 32x32 tiles side by side: red, then green."""
    sheet = pygame.Surface((64, 32))
    sheet.fill(RED, (0, 0, 32, 32))
    sheet.fill(GREEN, (32, 0, 32, 32))
    pygame.image.save(sheet, str(path))


def write_tile_map(folder: Path, image: str = "tiles.png", with_png: bool = True) -> Path:
    """A 12 x 8 map: red floor, a green column, one green tile object and two spawns."""
    if with_png:
        write_tileset_png(folder / image)
    w, h = 12, 8
    rows = [",".join("2" if x == 5 else "1" for x in range(w)) for y in range(h)]
    data = ",\n".join(rows)
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down"
     width="{w}" height="{h}" tilewidth="32" tileheight="32" infinite="0">
 <properties><property name="title" value="Tiny tiles"/></properties>
 <tileset firstgid="1" name="tiles" tilewidth="32" tileheight="32" tilecount="2" columns="2">
  <image source="{image}" width="64" height="32"/>
 </tileset>
 <layer id="1" name="floor" width="{w}" height="{h}">
  <data encoding="csv">
{data}
</data>
 </layer>
 <objectgroup id="2" name="props">
  <object id="1" gid="2" x="320" y="96" width="32" height="32"/>
 </objectgroup>
 <objectgroup id="3" name="spawns">
  <object id="2" name="Hero" type="FigureSpawn" x="48" y="200">
   <properties><property name="side" value="Heroes"/></properties><point/>
  </object>
  <object id="3" name="Foe" type="FigureSpawn" x="300" y="200">
   <properties><property name="side" value="Foes"/><property name="facing" type="float" value="180"/></properties>
   <point/>
  </object>
 </objectgroup>
</map>
"""
    path = folder / "tiny.tmx"
    path.write_text(text, encoding="utf-8")
    return path
