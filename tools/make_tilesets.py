"""Draw tabletop's own tileset art and write the matching Tiled ``.tsx`` files.

Everything here is procedural (no third-party art): numpy noise and Voronoi patterns for the
floors, pygame drawing (supersampled, then smooth-scaled) for the props. The random generator has
a fixed seed, so running the script twice writes identical files.

Writes into ``assets/tilesets/``:

* ``floors.png`` + ``floors.tsx`` -- a 4-column spritesheet of 32x32 floor tiles, one material per
  row, four variants per row (see ``MATERIALS``; a tile's gid offset is ``row * 4 + variant``).
* ``props/*.png`` + ``props.tsx`` -- an image-collection tileset of props (barrel, crate, well).
  Each prop tile has the class ``Terrain``, its properties and a collision shape (an ellipse
  for round props, a rectangle for the crate), so a tile object placed on a map is a terrain piece.

Run from the repository root: ``.venv/bin/python tools/make_tilesets.py``
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "tilesets"
TILE = 32
VARIANTS = 4
TILED_VERSION = ("1.10", "1.10.2")

#: Rows of floors.png, top to bottom. Map scripts compute gids from this order.
MATERIALS = (
    "wood",  # tavern floorboards, 4 planks a tile
    "cobbles",  # courtyard cobblestones
    "flagstones",  # irregular paving
    "grass",
    "dirt",
    "rubble",  # dirt strewn with broken stone
    "mouse_wood",  # mouse scale: part of one huge plank; variant 3 has a seam along its top edge
    "mouse_stone",  # mouse scale: part of a huge block; variants: plain, top joint, left, both
    "parchment",
)


# --------------------------------------------------------------------------------------------
# noise helpers (all periodic over one tile, so a tile tiles with itself without seams)


def periodic_noise(rng: np.random.Generator, cells: int, size: int = TILE) -> np.ndarray:
    """Smooth value noise in [0, 1], periodic over ``size`` pixels, ``cells`` lattice steps."""
    grid = rng.random((cells, cells))
    t = (np.arange(size) + 0.5) * cells / size
    i0 = np.floor(t).astype(int) % cells
    i1 = (i0 + 1) % cells
    f = t - np.floor(t)
    f = f * f * (3 - 2 * f)  # smoothstep
    # rows (y) then columns (x)
    a = grid[i0][:, i0] * (1 - f)[None, :] + grid[i0][:, i1] * f[None, :]
    b = grid[i1][:, i0] * (1 - f)[None, :] + grid[i1][:, i1] * f[None, :]
    return a * (1 - f)[:, None] + b * f[:, None]


def fbm(rng: np.random.Generator, octaves: tuple[int, ...] = (2, 4, 8, 16)) -> np.ndarray:
    out = np.zeros((TILE, TILE))
    amp, total = 1.0, 0.0
    for cells in octaves:
        out += amp * periodic_noise(rng, cells)
        total += amp
        amp *= 0.5
    return out / total


def voronoi(points: np.ndarray, size: int = TILE) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Periodic Voronoi of ``points`` (N x 2, px): nearest index, F1 and F2 distances per pixel."""
    offs = np.array([(dx, dy) for dx in (-size, 0, size) for dy in (-size, 0, size)], float)
    pts = (points[None, :, :] + offs[:, None, :]).reshape(-1, 2)
    idx = np.tile(np.arange(len(points)), len(offs))
    ys, xs = np.mgrid[0:size, 0:size] + 0.5
    d = np.hypot(xs[..., None] - pts[:, 0], ys[..., None] - pts[:, 1])
    order = np.argsort(d, axis=-1)
    f1 = np.take_along_axis(d, order[..., :1], -1)[..., 0]
    nearest = idx[order[..., 0]]
    # F2 must come from a different site than F1 (periodic copies of the same site are skipped)
    d2 = np.where(idx[None, None, :] == nearest[..., None], np.inf, d)
    f2 = d2.min(axis=-1)
    return nearest, f1, f2


def jittered_points(rng: np.random.Generator, n_side: int, jitter: float) -> np.ndarray:
    step = TILE / n_side
    pts = []
    for j in range(n_side):
        for i in range(n_side):
            off = 0.5 * step if j % 2 else 0.0
            x = (i + 0.5) * step + off + rng.uniform(-jitter, jitter) * step
            y = (j + 0.5) * step + rng.uniform(-jitter, jitter) * step
            pts.append((x % TILE, y % TILE))
    return np.array(pts)


def tint(base: tuple[int, int, int], shade: np.ndarray) -> np.ndarray:
    """An RGB image: ``base`` multiplied by ``shade`` (HxW, around 1.0)."""
    rgb = np.array(base, float)[None, None, :] * shade[..., None]
    return rgb


def mix(a: np.ndarray, b: np.ndarray, t: np.ndarray) -> np.ndarray:
    return a * (1 - t[..., None]) + b * t[..., None]


def grain(rng: np.random.Generator, amount: float = 0.04) -> np.ndarray:
    return 1.0 + rng.normal(0.0, amount, (TILE, TILE))


# --------------------------------------------------------------------------------------------
# floor materials: each returns an HxWx3 float image


def wood(rng: np.random.Generator, variant: int) -> np.ndarray:
    base = np.array((112, 88, 64), float)
    img = np.zeros((TILE, TILE, 3))
    plank_h = 8
    xs = np.arange(TILE)
    for row in range(TILE // plank_h):
        y0 = row * plank_h
        # butt joints: where one plank ends and the next begins on this row
        joints = sorted(rng.choice(np.arange(3, TILE - 3), size=int(rng.integers(0, 2)), replace=False))
        bounds = [0, *joints, TILE]
        for a, b in zip(bounds[:-1], bounds[1:], strict=False):
            tone = rng.uniform(0.86, 1.1)
            phase = rng.uniform(0, 6.28)
            freq = rng.uniform(0.18, 0.35)
            for y in range(y0, y0 + plank_h):
                stripe = 1 + 0.05 * np.sin(freq * xs[a:b] * 0.35 + phase + (y - y0) * 1.3)
                img[y, a:b] = base * tone * stripe[:, None]
            if a > 0:
                img[y0 : y0 + plank_h, a] *= 0.62
        img[y0 + plank_h - 1, :] *= 0.6  # seam between plank rows
        img[y0, :] *= 1.05
    # knots, here and there
    if variant in (1, 3):
        kx, ky = rng.uniform(6, 26), rng.integers(0, 4) * plank_h + plank_h / 2 - 0.5
        ys, xg = np.mgrid[0:TILE, 0:TILE]
        r = np.hypot((xg - kx) / 2.2, (ys - ky) / 1.3)
        img *= (1 - 0.28 * np.clip(1.4 - r, 0, 1))[..., None]
    img *= (0.93 + 0.14 * fbm(rng))[..., None]
    return img * grain(rng, 0.03)[..., None]


def _stones(rng, points, base, mortar, edge, tone_range, vary_hue=0.0):
    nearest, f1, f2 = voronoi(points)
    tones = rng.uniform(*tone_range, len(points))
    hues = 1 + rng.uniform(-vary_hue, vary_hue, (len(points), 3))
    img = np.array(base, float)[None, None, :] * tones[nearest][..., None] * hues[nearest]
    gap = f2 - f1
    # rounded stones: darken towards the joint, mortar in the joint
    img *= (0.78 + 0.22 * np.clip(gap / (edge * 2.5), 0, 1))[..., None]
    t = np.clip((edge - gap) / edge, 0, 1)
    img = mix(img, np.array(mortar, float)[None, None, :] * np.ones_like(img), t)
    # a soft highlight on the upper-left of each stone
    return img


def cobbles(rng: np.random.Generator, variant: int) -> np.ndarray:
    pts = jittered_points(rng, 4, 0.22)
    img = _stones(rng, pts, (128, 124, 116), (78, 74, 68), 1.6, (0.82, 1.08), 0.03)
    img *= (0.94 + 0.12 * fbm(rng))[..., None]
    return img * grain(rng, 0.035)[..., None]


def flagstones(rng: np.random.Generator, variant: int) -> np.ndarray:
    pts = jittered_points(rng, 2, 0.3)
    img = _stones(rng, pts, (140, 132, 116), (92, 86, 76), 1.3, (0.88, 1.06), 0.025)
    img *= (0.9 + 0.18 * fbm(rng, (4, 8, 16)))[..., None]
    return img * grain(rng, 0.03)[..., None]


def grass(rng: np.random.Generator, variant: int) -> np.ndarray:
    n = fbm(rng)
    img = tint((92, 112, 70), 0.88 + 0.22 * n)
    # short blades: vertical dashes, darker and lighter
    for _ in range(70):
        x, y = int(rng.integers(0, TILE)), int(rng.integers(0, TILE))
        length = int(rng.integers(2, 4))
        shade = rng.choice((0.82, 1.12))
        for k in range(length):
            img[(y + k) % TILE, x] *= shade
    if variant == 3:  # a few dry patches
        img = mix(img, tint((120, 112, 78), np.ones((TILE, TILE))), np.clip((n - 0.55) * 3, 0, 0.6))
    return img * grain(rng, 0.04)[..., None]


def dirt(rng: np.random.Generator, variant: int) -> np.ndarray:
    n = fbm(rng)
    img = tint((122, 100, 74), 0.86 + 0.24 * n)
    for _ in range(10 + variant * 3):  # pebbles
        x, y = int(rng.integers(0, TILE)), int(rng.integers(0, TILE))
        img[y, x] = img[y, x] * 0.7
        img[y, (x + 1) % TILE] = img[y, (x + 1) % TILE] * 1.15
    return img * grain(rng, 0.05)[..., None]


def rubble(rng: np.random.Generator, variant: int) -> np.ndarray:
    img = dirt(rng, variant) * np.array((0.96, 0.96, 0.98))
    pts = jittered_points(rng, 4, 0.35)
    nearest, f1, f2 = voronoi(pts)
    keep = rng.random(len(pts)) < 0.45  # only some cells hold a stone
    sizes = rng.uniform(2.0, 3.6, len(pts))
    stone = keep[nearest] & (f1 < sizes[nearest])
    tones = rng.uniform(0.8, 1.1, len(pts))
    stone_rgb = np.array((132, 126, 118), float)[None, None, :] * tones[nearest][..., None]
    shade = np.clip(1.05 - f1 / (sizes[nearest] * 2.2), 0.7, 1.05)
    img = np.where(stone[..., None], stone_rgb * shade[..., None], img)
    return img * grain(rng, 0.03)[..., None]


def mouse_wood(rng: np.random.Generator, variant: int) -> np.ndarray:
    # one plank seen up close: long wavy grain lines across the tile
    ys, xs = np.mgrid[0:TILE, 0:TILE].astype(float)
    warp = fbm(rng, (2, 4)) * 5
    lines = np.sin((ys + warp + rng.uniform(0, 6)) * 0.9)
    shade = 0.95 + 0.05 * lines + 0.06 * (fbm(rng, (2, 4, 8)) - 0.5)
    img = tint((134, 104, 72), shade)
    if variant == 3:  # seam between two planks along the top edge
        img[0, :] *= 0.55
        img[1, :] *= 0.8
        img[2, :] *= 1.06
    return img * grain(rng, 0.025)[..., None]


def mouse_stone(rng: np.random.Generator, variant: int) -> np.ndarray:
    shade = 0.9 + 0.16 * fbm(rng, (2, 4, 8, 16))
    img = tint((118, 116, 110), shade)
    # pits in the stone
    for _ in range(6):
        x, y = int(rng.integers(0, TILE)), int(rng.integers(0, TILE))
        img[y, x] *= 0.8
    mortar = np.array((84, 80, 74), float)
    if variant in (1, 3):  # joint along the top edge
        img[0:2, :] = mortar
        img[2, :] *= 0.85
    if variant in (2, 3):  # joint along the left edge
        img[:, 0:2] = mortar
        img[:, 2] *= 0.85
    return img * grain(rng, 0.03)[..., None]


def parchment(rng: np.random.Generator, variant: int) -> np.ndarray:
    n = fbm(rng, (2, 4, 8))
    img = tint((214, 198, 160), 0.93 + 0.1 * n)
    fibres = periodic_noise(rng, 16)
    img *= (0.985 + 0.03 * (fibres > 0.72))[..., None]
    if variant == 2:  # a faint stain
        ys, xs = np.mgrid[0:TILE, 0:TILE]
        r = np.hypot(xs - rng.uniform(8, 24), ys - rng.uniform(8, 24))
        img *= (1 - 0.05 * np.clip(1 - np.abs(r - 7) / 2, 0, 1))[..., None]
    return img * grain(rng, 0.015)[..., None]


PAINTERS = {
    "wood": wood,
    "cobbles": cobbles,
    "flagstones": flagstones,
    "grass": grass,
    "dirt": dirt,
    "rubble": rubble,
    "mouse_wood": mouse_wood,
    "mouse_stone": mouse_stone,
    "parchment": parchment,
}


def to_surface(img: np.ndarray) -> pygame.Surface:
    arr = np.clip(np.rint(img), 0, 255).astype(np.uint8)
    return pygame.surfarray.make_surface(arr.transpose(1, 0, 2).copy())


def make_floors() -> pygame.Surface:
    sheet = pygame.Surface((TILE * VARIANTS, TILE * len(MATERIALS)))
    for row, name in enumerate(MATERIALS):
        for v in range(VARIANTS):
            rng = np.random.default_rng(1000 * (row + 1) + v)
            sheet.blit(to_surface(PAINTERS[name](rng, v)), (v * TILE, row * TILE))
    return sheet


# --------------------------------------------------------------------------------------------
# props: drawn 4x larger, then smooth-scaled down for soft edges

SS = 4


def _canvas(w: int, h: int) -> pygame.Surface:
    return pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)


def _finish(surf: pygame.Surface, w: int, h: int) -> pygame.Surface:
    return pygame.transform.smoothscale(surf, (w, h))


def _c(x: float) -> int:
    return int(round(x * SS))


def draw_barrel() -> pygame.Surface:
    """Top view of a barrel: lid planks inside a hooped rim. Footprint circle: 3..29 px."""
    s = _canvas(32, 32)
    cx = cy = 16
    pygame.draw.circle(s, (60, 46, 34), (_c(cx), _c(cy)), _c(13))  # outline
    pygame.draw.circle(s, (122, 92, 60), (_c(cx), _c(cy)), _c(12.2))  # staves
    pygame.draw.circle(s, (84, 82, 80), (_c(cx), _c(cy)), _c(12.2), _c(1.3))  # iron hoop
    pygame.draw.circle(s, (104, 78, 52), (_c(cx), _c(cy)), _c(9.6))  # lid
    for k in range(-3, 4):  # lid planks
        x = cx + k * 2.6
        half = max(0.0, 9.6**2 - (x - cx) ** 2) ** 0.5
        pygame.draw.line(s, (82, 60, 40), (_c(x), _c(cy - half)), (_c(x), _c(cy + half)), _c(0.45))
    pygame.draw.circle(s, (70, 52, 36), (_c(cx + 3), _c(cy - 2)), _c(1.1))  # bung
    return _finish(s, 32, 32)


def draw_crate() -> pygame.Surface:
    """Top view of a wooden crate. Footprint rectangle: 3..29 px square."""
    s = _canvas(32, 32)
    pygame.draw.rect(s, (58, 44, 30), (_c(3), _c(3), _c(26), _c(26)))
    pygame.draw.rect(s, (140, 110, 72), (_c(4), _c(4), _c(24), _c(24)))
    for k in range(1, 4):  # board seams
        y = 4 + k * 6
        pygame.draw.line(s, (98, 74, 48), (_c(4), _c(y)), (_c(28), _c(y)), _c(0.6))
    frame = (112, 84, 52)
    for r in ((4, 4, 24, 3), (4, 25, 24, 3), (4, 4, 3, 24), (25, 4, 3, 24)):
        pygame.draw.rect(s, frame, tuple(_c(v) for v in r))
    pygame.draw.line(s, frame, (_c(6), _c(26)), (_c(26), _c(6)), _c(3))  # brace
    pygame.draw.rect(s, (58, 44, 30), (_c(3), _c(3), _c(26), _c(26)), _c(1))
    return _finish(s, 32, 32)


def draw_well() -> pygame.Surface:
    """Top view of a stone well with dark water. Footprint circle: 4..60 px."""
    s = _canvas(64, 64)
    cx = cy = 32
    pygame.draw.circle(s, (70, 66, 60), (_c(cx), _c(cy)), _c(28))
    pygame.draw.circle(s, (136, 130, 120), (_c(cx), _c(cy)), _c(27))
    pygame.draw.circle(s, (46, 62, 70), (_c(cx), _c(cy)), _c(18))  # water
    pygame.draw.circle(s, (58, 78, 88), (_c(cx - 3), _c(cy - 3)), _c(10))
    # stone blocks of the rim
    import math

    for k in range(14):
        a = k * 2 * math.pi / 14
        x0, y0 = cx + 18 * math.cos(a), cy + 18 * math.sin(a)
        x1, y1 = cx + 27 * math.cos(a), cy + 27 * math.sin(a)
        pygame.draw.line(s, (92, 88, 80), (_c(x0), _c(y0)), (_c(x1), _c(y1)), _c(0.9))
    pygame.draw.circle(s, (92, 88, 80), (_c(cx), _c(cy)), _c(22.5), _c(0.8))
    pygame.draw.circle(s, (70, 66, 60), (_c(cx), _c(cy)), _c(18), _c(1))
    # the winch beam across the top
    pygame.draw.rect(s, (96, 72, 46), (_c(4), _c(cy - 2), _c(56), _c(4)))
    pygame.draw.rect(s, (62, 46, 30), (_c(4), _c(cy - 2), _c(56), _c(4)), _c(0.6))
    return _finish(s, 64, 64)


#: id, file, size, drawing, collision shape (kind, x, y, w, h in tile px), properties
PROPS = (
    (0, "barrel", (32, 32), draw_barrel, ("ellipse", 3, 3, 26, 26),
     (("kind", "string", "barrel"), ("height", "float", 25.0), ("rollable", "bool", True))),
    (1, "crate", (32, 32), draw_crate, ("rect", 3, 3, 26, 26),
     (("kind", "string", "crate"), ("height", "float", 22.0), ("surface", "bool", True),
      ("liftable", "bool", True))),
    (2, "well", (64, 64), draw_well, ("ellipse", 4, 4, 56, 56),
     (("kind", "string", "well"), ("height", "float", 20.0))),
)


# --------------------------------------------------------------------------------------------
# .tsx writing


def fmt_value(type_: str, value) -> str:
    if type_ == "bool":
        return "true" if value else "false"
    if type_ == "float":
        return f"{value:g}"
    return str(value)


def property_xml(name: str, type_: str, value, indent: str) -> str:
    t = "" if type_ == "string" else f" type={quoteattr(type_)}"
    return f"{indent}<property name={quoteattr(name)}{t} value={quoteattr(fmt_value(type_, value))}/>\n"


def floors_tsx(width: int, height: int) -> str:
    v, tv = TILED_VERSION
    rows = len(MATERIALS)
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n']
    out.append(
        f'<tileset version="{v}" tiledversion="{tv}" name="floors" tilewidth="{TILE}" '
        f'tileheight="{TILE}" tilecount="{rows * VARIANTS}" columns="{VARIANTS}">\n'
    )
    out.append(f' <image source="floors.png" width="{width}" height="{height}"/>\n')
    for row, name in enumerate(MATERIALS):
        for v_ in range(VARIANTS):
            out.append(f' <tile id="{row * VARIANTS + v_}">\n  <properties>\n')
            out.append(property_xml("material", "string", name, "   "))
            out.append("  </properties>\n </tile>\n")
    out.append("</tileset>\n")
    return "".join(out)


def props_tsx() -> str:
    v, tv = TILED_VERSION
    maxw = max(p[2][0] for p in PROPS)
    maxh = max(p[2][1] for p in PROPS)
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n']
    out.append(
        f'<tileset version="{v}" tiledversion="{tv}" name="props" tilewidth="{maxw}" '
        f'tileheight="{maxh}" tilecount="{len(PROPS)}" columns="0">\n'
    )
    out.append(' <grid orientation="orthogonal" width="1" height="1"/>\n')
    for tid, name, (w, h), _draw, (shape, x, y, sw, sh), props in PROPS:
        out.append(f' <tile id="{tid}" type="Terrain">\n  <properties>\n')
        for pname, ptype, pvalue in props:
            out.append(property_xml(pname, ptype, pvalue, "   "))
        out.append("  </properties>\n")
        out.append(f'  <image source="props/{name}.png" width="{w}" height="{h}"/>\n')
        out.append('  <objectgroup draworder="index" id="2">\n')
        body = "<ellipse/>" if shape == "ellipse" else ""
        out.append(
            f'   <object id="1" name="{name}" x="{x}" y="{y}" width="{sw}" height="{sh}"'
            + (f">\n    {body}\n   </object>\n" if body else "/>\n")
        )
        out.append("  </objectgroup>\n </tile>\n")
    out.append("</tileset>\n")
    return "".join(out)


def write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")


def main() -> int:
    pygame.init()
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "props").mkdir(exist_ok=True)
    sheet = make_floors()
    pygame.image.save(sheet, str(OUT / "floors.png"))
    write_text(OUT / "floors.tsx", floors_tsx(sheet.get_width(), sheet.get_height()))
    for _tid, name, _size, draw, _shape, _props in PROPS:
        pygame.image.save(draw(), str(OUT / "props" / f"{name}.png"))
    write_text(OUT / "props.tsx", props_tsx())
    pygame.quit()
    print(f"wrote {OUT.relative_to(ROOT)}/floors.png, floors.tsx, props.tsx, props/*.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
