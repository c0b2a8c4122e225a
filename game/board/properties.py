"""Typed Tiled custom properties, read straight from the XML.

pytmx turns properties into attributes (so a property named ``height`` fights the object's own
height) and crashes on class-typed properties inside tilesets; reading them ourselves avoids both.
"""

from __future__ import annotations

import math
import os
import xml.etree.ElementTree as ET
from typing import Any


class PropertyError(ValueError):
    """A property value that does not fit its declared type."""


def _to_bool(text: str) -> bool:
    low = text.strip().lower()
    if low in ("true", "1"):
        return True
    if low in ("false", "0", ""):
        return False
    raise PropertyError(f"'{text}' is not a bool (true or false)")


def finite_number(text: str) -> float:
    """The number ``text`` writes; PropertyError when it is none, or not finite."""
    try:
        value = float(text)
    except ValueError:
        raise PropertyError(f"'{text}' is not a number") from None
    if not math.isfinite(value):
        raise PropertyError(f"'{text}' is not a finite number")
    return value


def _to_int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        value = finite_number(text)
        if value != int(value):
            raise PropertyError(f"'{text}' is not a whole number") from None
        return int(value)


def convert(type_name: str, text: str, base_dir: str = "") -> Any:
    """Convert one property value written as text to its Python value."""
    if type_name == "bool":
        return _to_bool(text)
    if type_name == "int":
        return _to_int(text)
    if type_name == "float":
        return finite_number(text)
    if type_name == "object":
        return _to_int(text or "0")
    if type_name == "file":
        return os.path.normpath(os.path.join(base_dir, text)) if text else ""
    return text  # string, color, and anything newer we do not know: keep the text


def property_value(node: ET.Element, base_dir: str = "") -> Any:
    """The value of a ``<property>`` or of a list's ``<item>``: typed, a class as a mapping of its
    members, a list (Tiled 1.11+, ``type="list"`` holding ``<item>``s) as a tuple of its items."""
    type_name = node.get("type", "string")
    if type_name == "class":
        inner = node.find("properties")
        return parse_properties(inner, base_dir) if inner is not None else {}
    if type_name == "list":
        items = []
        for k, item in enumerate(node.findall("item")):
            try:
                items.append(property_value(item, base_dir))
            except PropertyError as exc:
                raise PropertyError(f"list item {k + 1}: {exc}") from None
        return tuple(items)
    text = node.get("value")
    if text is None:
        text = node.text or ""
    return convert(type_name, text, base_dir)


def parse_properties(node: ET.Element | None, base_dir: str = "",
                     errors: list[str] | None = None) -> dict[str, Any]:
    """All ``<property>`` children of a ``<properties>`` node (or of an element holding one).

    A value that does not fit its type is left out and described in ``errors`` when given,
    or raises :class:`PropertyError` otherwise.
    """
    if node is None:
        return {}
    if node.tag != "properties":
        node = node.find("properties")
        if node is None:
            return {}
    result: dict[str, Any] = {}
    for prop in node.findall("property"):
        name = prop.get("name", "")
        if not name:
            continue
        try:
            result[name] = property_value(prop, base_dir)
        except PropertyError as exc:
            if errors is None:
                raise PropertyError(f"property '{name}': {exc}") from None
            errors.append(f"property '{name}': {exc}")
    return result


def coerce(type_name: str, value: Any) -> Any:
    """Bring a value given with another type (e.g. a string '18' for a float member) to type."""
    if type_name == "bool":
        return value if isinstance(value, bool) else _to_bool(str(value))
    if type_name == "float":
        if isinstance(value, bool):
            raise PropertyError(f"{value} is not a number")
        return float(value) if isinstance(value, int | float) and math.isfinite(value) else finite_number(str(value))
    if type_name == "int":
        if isinstance(value, bool):
            raise PropertyError(f"{value} is not a whole number")
        return value if isinstance(value, int) else _to_int(str(value))
    return value if isinstance(value, str) else str(value)
