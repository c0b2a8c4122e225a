"""Names the map author wrote, in the reader's language.

A map names its figures, pieces and sides in one language; it can give others beside them as
custom properties: ``name_ru`` on a spawn or a terrain object, and ``side_<side>_ru`` on the map
(for a side whose id is ``cardinal``: ``side_cardinal_ru``). Without them the map's own words show.
Plain Python.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game import i18n


def _given(properties: Mapping[str, Any], key: str) -> str | None:
    """The string property ``key`` when it says something (not missing, not blank)."""
    value = properties.get(key)
    return value if isinstance(value, str) and value.strip() else None


def local_name(name: str, properties: Mapping[str, Any], lang: str | None = None) -> str:
    """``name`` in ``lang`` (default: the current language) when the object carries it."""
    value = _given(properties, f"name_{lang or i18n.language()}")
    return value.strip() if value is not None else name


def side_title(side: str) -> str:
    """``"cardinal"`` -> ``"Cardinal"``; ``"red_team"`` -> ``"Red team"``."""
    text = side.replace("_", " ").strip()
    return text[:1].upper() + text[1:] if text else side


def local_side_name(side: str, map_properties: Mapping[str, Any], lang: str | None = None) -> str:
    """The side's name for the screen: the map's ``side_<side>_<lang>`` property, else its
    ``side_<side>`` property, else the id in title case."""
    lang = lang or i18n.language()
    for key in (f"side_{side}_{lang}", f"side_{side}"):
        value = _given(map_properties, key)
        if value is not None:
            return value.strip()
    return side_title(side)


def local_title(title: str, map_properties: Mapping[str, Any], lang: str | None = None) -> str:
    """The map's title for the screen: its ``title_<lang>`` property, else ``title``."""
    value = _given(map_properties, f"title_{lang or i18n.language()}")
    return value.strip() if value is not None else title


def local_text(text: str, properties: Mapping[str, Any], lang: str | None = None) -> str:
    """A text object's words for the screen: its ``text_<lang>`` property (lines kept as
    written), else ``text``."""
    value = _given(properties, f"text_{lang or i18n.language()}")
    return value if value is not None else text
