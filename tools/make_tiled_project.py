"""Write ``maps/tabletop.tiled-project`` from ``game/board/schema.py``.

The project gives Tiled our custom classes (Terrain, FigureSpawn, Cell, TabletopMap) with typed
members and their defaults, so a map author picks a class instead of typing property names.
``schema.py`` is the single source of truth; run this again whenever it changes.

Run from the repository root: ``.venv/bin/python tools/make_tiled_project.py``
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.board.schema import CLASSES, ClassSpec  # noqa: E402

OUT = ROOT / "maps" / "tabletop.tiled-project"

#: Tiled's colour for each class (#AARRGGBB): how its objects are drawn in the editor.
COLORS = {
    "Terrain": "#ffa05a2c",
    "FigureSpawn": "#ff2c5aa0",
    "Cell": "#ff3d7a3d",
    "TabletopMap": "#ff808080",
}
DEFAULT_COLOR = "#ffa0a0a4"  # Tiled's own default


def member_value(type_: str, value: object) -> object:
    if type_ == "float":
        v = float(value)  # type: ignore[arg-type]
        return int(v) if v.is_integer() else v  # Tiled writes 20, not 20.0
    if type_ == "int":
        return int(value)  # type: ignore[call-overload]
    if type_ == "bool":
        return bool(value)
    return "" if value is None else str(value)


def property_type(type_id: int, spec: ClassSpec) -> dict[str, object]:
    return {
        "color": COLORS.get(spec.name, DEFAULT_COLOR),
        "drawFill": True,
        "id": type_id,
        "members": [
            {"name": m.name, "type": m.type, "value": member_value(m.type, m.default)}
            for m in spec.members
        ],
        "name": spec.name,
        "type": "class",
        "useAs": list(spec.use_as),
    }


def project() -> dict[str, object]:
    return {
        "automappingRulesFile": "",
        "commands": [],
        "compatibilityVersion": 1100,
        "extensionsPath": "extensions",
        "folders": [".", "../assets/tilesets"],
        "properties": [],
        "propertyTypes": [property_type(i + 1, spec) for i, spec in enumerate(CLASSES)],
    }


def render() -> str:
    return json.dumps(project(), indent=4, ensure_ascii=False) + "\n"


def main() -> int:
    OUT.parent.mkdir(exist_ok=True)
    text = render()
    OUT.write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
