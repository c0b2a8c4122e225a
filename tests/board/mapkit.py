"""Small helpers that write TMX files for tests."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path


def write_png(path: Path, width: int, height: int, rgba: tuple[int, int, int, int] = (90, 80, 70, 255)) -> None:
    raw = b"".join(b"\x00" + bytes(rgba) * width for _ in range(height))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw))
                     + chunk(b"IEND", b""))


def tmx(objects: str = "", *, props: str = "", tilesets: str = "", width: int = 10, height: int = 10,
        extra_layers: str = "", attrs: str = "") -> str:
    data = ",".join(["0"] * (width * height))
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.11.0" orientation="orthogonal" renderorder="right-down"
     width="{width}" height="{height}" tilewidth="32" tileheight="32" infinite="0" {attrs}>
 {f'<properties>{props}</properties>' if props else ''}
 {tilesets}
 <layer id="1" name="floor" width="{width}" height="{height}"><data encoding="csv">{data}</data></layer>
 <objectgroup id="2" name="terrain">
 {objects}
 </objectgroup>
 {extra_layers}
</map>
"""


def write_map(folder: Path, text: str, name: str = "m.tmx") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path
