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
# Texture helpers. Everything is periodic over one tile, and whatever touches a tile's edges
# (the border of the noise lattice, the stones along the edges, the planks that cross an edge)
# is drawn from a generator shared by all variants of a material. So any variant can sit next to
# any other without a visible seam, while the middle of each variant differs.


class Tex:
    def __init__(self, material: int, variant: int) -> None:
        self.material = material
        self.variant = variant
        self.rng = np.random.default_rng(1000 * (material + 1) + variant)
        self._shared_calls = 0

    def shared(self) -> np.random.Generator:
        """A generator that gives the same numbers for every variant (call in the same order)."""
        self._shared_calls += 1
        return np.random.default_rng(7_000_000 + 1000 * self.material + self._shared_calls)

    def noise(self, cells: int) -> np.ndarray:
        """Smooth value noise in [0, 1] with ``cells`` lattice steps over a tile."""
        grid = self.rng.random((cells, cells))
        border = self.shared()
        grid[0, :] = border.random(cells)
        grid[:, 0] = border.random(cells)
        t = (np.arange(TILE) + 0.5) * cells / TILE
        i0 = np.floor(t).astype(int) % cells
        i1 = (i0 + 1) % cells
        f = t - np.floor(t)
        f = f * f * (3 - 2 * f)  # smoothstep
        a = grid[i0][:, i0] * (1 - f)[None, :] + grid[i0][:, i1] * f[None, :]
        b = grid[i1][:, i0] * (1 - f)[None, :] + grid[i1][:, i1] * f[None, :]
        return a * (1 - f)[:, None] + b * f[:, None]

    def fbm(self, octaves: tuple[int, ...] = (2, 4, 8, 16)) -> np.ndarray:
        out = np.zeros((TILE, TILE))
        amp, total = 1.0, 0.0
        for cells in octaves:
            out += amp * self.noise(cells)
            total += amp
            amp *= 0.5
        return out / total

    def sites(self, n_side: int, jitter: float) -> tuple[np.ndarray, np.ndarray]:
        """Jittered sites on an n x n grid; returns (points N x 2, is_border N)."""
        step = TILE / n_side
        sh = self.shared()
        pts, border = [], []
        for j in range(n_side):
            for i in range(n_side):
                edge = i in (0, n_side - 1) or j in (0, n_side - 1)
                g = sh if edge else self.rng
                jx, jy = g.uniform(-jitter, jitter), g.uniform(-jitter, jitter)
                pts.append(((i + 0.5 + jx) * step % TILE, (j + 0.5 + jy) * step % TILE))
                border.append(edge)
        return np.array(pts), np.array(border)

    def per_site(self, border: np.ndarray, low: float, high: float, shape=()) -> np.ndarray:
        """A random value per site: shared for border sites, per variant for the others."""
        n = len(border)
        shared = self.shared().uniform(low, high, (n, *shape))
        own = self.rng.uniform(low, high, (n, *shape))
        mask = border.reshape((n,) + (1,) * len(shape))
        return np.where(mask, shared, own)

    def white(self, amount: float) -> np.ndarray:
        return 1.0 + self.rng.normal(0.0, amount, (TILE, TILE))


def voronoi(points: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Periodic Voronoi: nearest site index, F1, F2 and the offset (dx, dy) to the nearest site."""
    offs = np.array([(dx, dy) for dx in (-TILE, 0, TILE) for dy in (-TILE, 0, TILE)], float)
    pts = (points[None, :, :] + offs[:, None, :]).reshape(-1, 2)
    idx = np.tile(np.arange(len(points)), len(offs))
    ys, xs = np.mgrid[0:TILE, 0:TILE] + 0.5
    dx = xs[..., None] - pts[:, 0]
    dy = ys[..., None] - pts[:, 1]
    d = np.hypot(dx, dy)
    k = d.argmin(axis=-1)
    f1 = np.take_along_axis(d, k[..., None], -1)[..., 0]
    nearest = idx[k]
    d2 = np.where(idx[None, None, :] == nearest[..., None], np.inf, d)
    f2 = d2.min(axis=-1)
    off = np.stack(
        [
            np.take_along_axis(dx, k[..., None], -1)[..., 0],
            np.take_along_axis(dy, k[..., None], -1)[..., 0],
        ],
        axis=-1,
    )
    return nearest, f1, f2, off


def tint(base: tuple[int, int, int], shade: np.ndarray) -> np.ndarray:
    """An RGB image: ``base`` multiplied by ``shade`` (HxW, around 1.0)."""
    return np.array(base, float)[None, None, :] * shade[..., None]


def mix(a: np.ndarray, b: np.ndarray, t: np.ndarray) -> np.ndarray:
    return a * (1 - t[..., None]) + b * t[..., None]


def specks(
    tx: Tex, img: np.ndarray, count: int, shade: float, length: int = 1, vertical: bool = False
) -> None:
    """Small dots or dashes, kept inside the tile (no wrap-around)."""
    for _ in range(count):
        x, y = int(tx.rng.integers(0, TILE)), int(tx.rng.integers(0, TILE - length + 1))
        s = shade if tx.rng.random() < 0.5 else 1 / shade
        for k in range(length):
            if vertical:
                img[y + k, x] *= s
            else:
                img[y, min(x + k, TILE - 1)] *= s


# --------------------------------------------------------------------------------------------
# floor materials: each returns an HxWx3 float image


def courses(
    tx: Tex,
    course_h: int,
    max_joints: int,
    base: tuple[int, int, int],
    tone_range: tuple[float, float],
    joint: float,
    stripe: float,
) -> np.ndarray:
    """Rows of boards or slabs ``course_h`` px high with staggered joints. The pieces that cross
    a tile edge take shared values, so variants join without seams."""
    img = np.zeros((TILE, TILE, 3))
    xs = np.arange(TILE)
    edge = tx.shared()
    n_rows = TILE // course_h
    edge_looks = [(edge.uniform(*tone_range), edge.uniform(0, 6.28)) for _ in range(n_rows)]
    for row in range(n_rows):
        y0 = row * course_h
        n_joints = int(tx.rng.integers(0, max_joints + 1))
        joints = sorted(
            int(j) for j in tx.rng.choice(np.arange(6, TILE - 6), n_joints, replace=False)
        )
        bounds = [0, *joints, TILE]
        for seg, (a, b) in enumerate(zip(bounds[:-1], bounds[1:], strict=False)):
            inner = 0 < seg < len(bounds) - 2
            tone, phase = (
                (tx.rng.uniform(*tone_range), tx.rng.uniform(0, 6.28)) if inner else edge_looks[row]
            )
            for y in range(y0, y0 + course_h):
                wave = 1 + stripe * np.sin(2 * np.pi * 2 * xs[a:b] / TILE + phase + (y - y0) * 1.3)
                img[y, a:b] = np.array(base, float) * tone * wave[:, None]
            if a > 0:
                img[y0 : y0 + course_h, a] *= joint
                img[y0 : y0 + course_h, a + 1] *= 1.04
        img[y0 + course_h - 1, :] *= joint  # the joint between two rows
        img[y0, :] *= 1.04
    return img


def wood(tx: Tex) -> np.ndarray:
    mottle = tx.fbm()
    img = courses(tx, 8, 1, (112, 88, 64), (0.88, 1.08), 0.68, 0.045)
    if tx.variant in (1, 3):  # a knot
        kx, ky = tx.rng.uniform(8, 24), tx.rng.integers(0, 4) * 8 + 3.5
        ys, xg = np.mgrid[0:TILE, 0:TILE]
        r = np.hypot((xg - kx) / 2.2, (ys - ky) / 1.3)
        img *= (1 - 0.25 * np.clip(1.4 - r, 0, 1))[..., None]
    img *= (0.93 + 0.14 * mottle)[..., None]
    return img * tx.white(0.03)[..., None]


def flagstones(tx: Tex) -> np.ndarray:
    mottle = tx.fbm((4, 8, 16))
    img = courses(tx, 16, 1, (138, 130, 116), (0.8, 1.1), 0.7, 0.0)
    img[:, :, :] *= (0.88 + 0.2 * mottle)[..., None]
    specks(tx, img, 10, 0.85)
    return img * tx.white(0.03)[..., None]


def _stones(tx: Tex, n_side, jitter, base, mortar, edge, tone_range, hue=0.03) -> np.ndarray:
    pts, border = tx.sites(n_side, jitter)
    tones = tx.per_site(border, *tone_range)
    hues = 1 + tx.per_site(border, -hue, hue, (3,))
    nearest, f1, f2, off = voronoi(pts)
    img = np.array(base, float)[None, None, :] * tones[nearest][..., None] * hues[nearest]
    gap = f2 - f1
    img *= (0.8 + 0.2 * np.clip(gap / (edge * 2.5), 0, 1))[..., None]  # rounded edges
    # light from the upper left
    light = -(off[..., 0] + off[..., 1]) / (TILE / n_side)
    img *= (1 + 0.08 * np.clip(light, -1, 1))[..., None]
    t = np.clip((edge - gap) / edge, 0, 1)
    return mix(img, np.array(mortar, float)[None, None, :] * np.ones_like(img), t)


def cobbles(tx: Tex) -> np.ndarray:
    mottle = tx.fbm()
    img = _stones(tx, 4, 0.22, (128, 124, 116), (80, 76, 70), 1.6, (0.82, 1.08))
    img *= (0.94 + 0.12 * mottle)[..., None]
    return img * tx.white(0.035)[..., None]


def grass(tx: Tex) -> np.ndarray:
    n = tx.fbm()
    img = tint((104, 112, 82), 0.88 + 0.2 * n)
    specks(tx, img, 70, 0.85, length=3, vertical=True)  # short blades
    if tx.variant == 3:  # a dry patch
        dry = tint((122, 114, 84), np.ones((TILE, TILE)))
        img = mix(img, dry, np.clip((n - 0.55) * 3, 0, 0.6))
    return img * tx.white(0.04)[..., None]


def dirt(tx: Tex) -> np.ndarray:
    n = tx.fbm()
    img = tint((118, 104, 80), 0.87 + 0.22 * n)
    specks(tx, img, 12 + tx.variant * 3, 0.72, length=2)  # pebbles
    return img * tx.white(0.05)[..., None]


def rubble(tx: Tex) -> np.ndarray:
    img = dirt(tx) * np.array((0.96, 0.96, 0.98))
    pts, border = tx.sites(4, 0.35)
    keep = tx.per_site(border, 0, 1) < 0.5  # only some sites hold a stone
    size = tx.per_site(border, 2.0, 3.8)
    angle = tx.per_site(border, 0, np.pi)
    aspect = tx.per_site(border, 0.6, 1.0)
    tones = tx.per_site(border, 0.8, 1.1)
    nearest, f1, f2, off = voronoi(pts)
    # angular chunks: a rotated, squashed square around each site
    c, s = np.cos(angle[nearest]), np.sin(angle[nearest])
    u = off[..., 0] * c + off[..., 1] * s
    v = (-off[..., 0] * s + off[..., 1] * c) / aspect[nearest]
    r = np.maximum(np.abs(u), np.abs(v))
    stone = keep[nearest] & (r < size[nearest]) & (f2 - f1 > 0.7)
    rgb = np.array((134, 128, 120), float)[None, None, :] * tones[nearest][..., None]
    shade = 1 + 0.12 * np.clip(-(off[..., 0] + off[..., 1]) / size[nearest], -1, 1)
    edge = r > size[nearest] - 0.9
    shade = np.where(edge, shade * 0.8, shade)
    img = np.where(stone[..., None], rgb * shade[..., None], img)
    return img * tx.white(0.03)[..., None]


def mouse_wood(tx: Tex) -> np.ndarray:
    # one plank seen up close: long wavy grain lines across the tile
    ys = np.mgrid[0:TILE, 0:TILE][0].astype(float)
    warp = tx.fbm((2, 4)) * 5
    mottle = tx.fbm((2, 4, 8))
    lines = np.sin((ys + warp) * 2 * np.pi * 5 / TILE)  # 5 grain lines a tile: periodic
    img = tint((134, 104, 72), 0.95 + 0.05 * lines + 0.06 * (mottle - 0.5))
    if tx.variant == 3:  # seam between two planks along the top edge
        img[0, :] *= 0.55
        img[1, :] *= 0.8
        img[2, :] *= 1.06
    return img * tx.white(0.025)[..., None]


def mouse_stone(tx: Tex) -> np.ndarray:
    img = tint((118, 116, 110), 0.9 + 0.16 * tx.fbm())
    specks(tx, img, 8, 0.82)  # pits
    mortar = np.array((84, 80, 74), float)
    if tx.variant in (1, 3):  # joint along the top edge
        img[0:2, :] = mortar
        img[2, :] *= 0.85
    if tx.variant in (2, 3):  # joint along the left edge
        img[:, 0:2] = mortar
        img[:, 2] *= 0.85
    return img * tx.white(0.03)[..., None]


def parchment(tx: Tex) -> np.ndarray:
    n = tx.fbm((2, 4, 8))
    fibres = tx.noise(16)
    img = tint((214, 198, 160), 0.93 + 0.1 * n)
    img *= (0.985 + 0.03 * (fibres > 0.72))[..., None]
    return img * tx.white(0.015)[..., None]


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
            sheet.blit(to_surface(PAINTERS[name](Tex(row, v))), (v * TILE, row * TILE))
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
    (
        0,
        "barrel",
        (32, 32),
        draw_barrel,
        ("ellipse", 3, 3, 26, 26),
        (("kind", "string", "barrel"), ("height", "float", 25.0), ("rollable", "bool", True)),
    ),
    (
        1,
        "crate",
        (32, 32),
        draw_crate,
        ("rect", 3, 3, 26, 26),
        (
            ("kind", "string", "crate"),
            ("height", "float", 22.0),
            ("surface", "bool", True),
            ("liftable", "bool", True),
        ),
    ),
    (
        2,
        "well",
        (64, 64),
        draw_well,
        ("ellipse", 4, 4, 56, 56),
        (("kind", "string", "well"), ("height", "float", 20.0)),
    ),
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
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "props").mkdir(exist_ok=True)
    sheet = make_floors()
    pygame.image.save(sheet, str(OUT / "floors.png"))
    write_text(OUT / "floors.tsx", floors_tsx(sheet.get_width(), sheet.get_height()))
    for _tid, name, _size, draw, _shape, _props in PROPS:
        pygame.image.save(draw(), str(OUT / "props" / f"{name}.png"))
    write_text(OUT / "props.tsx", props_tsx())
    print(f"wrote {OUT.relative_to(ROOT)}/floors.png, floors.tsx, props.tsx, props/*.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
