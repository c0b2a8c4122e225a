"""Ids made from names: the rules' figure and unit ids, stable in saved games."""

from __future__ import annotations

import re
import unicodedata


def slug(name: str, *, ascii_fold: bool = False) -> str:
    """Lower-case letters and digits joined by ``_`` ("Rat 3" → ``rat_3``); ``ascii_fold`` first
    drops accents ("Tréville" → ``treville``; without it, ``tr_ville``). May be empty."""
    if ascii_fold:
        name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def unique_slug(name: str, taken: set[str], *, fallback: str, ascii_fold: bool = False) -> str:
    """``slug(name)`` (``fallback`` when empty), numbered ``_2``, ``_3``... past the ids already
    ``taken``; the new id is added to ``taken``."""
    base = slug(name, ascii_fold=ascii_fold) or fallback
    ident, n = base, 2
    while ident in taken:
        ident, n = f"{base}_{n}", n + 1
    taken.add(ident)
    return ident
