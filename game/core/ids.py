"""Ids made from names: the rules' figure and unit ids, stable in saved games; and a state's
pieces (units, figures, mice, minions) found and replaced by their id."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Protocol, TypeVar


class HasId(Protocol):
    @property
    def id(self) -> str: ...


Piece = TypeVar("Piece", bound=HasId)


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


def by_id(pieces: Iterable[Piece], piece_id: str) -> Piece:
    """The piece whose id is ``piece_id``; KeyError when there is none."""
    for piece in pieces:
        if piece.id == piece_id:
            return piece
    raise KeyError(piece_id)


def has_id(pieces: Iterable[HasId], piece_id: str) -> bool:
    return any(piece.id == piece_id for piece in pieces)


def replacing(pieces: Iterable[Piece], new: Piece) -> tuple[Piece, ...]:
    """``pieces`` with the one of ``new``'s id replaced by ``new``."""
    return tuple(new if piece.id == new.id else piece for piece in pieces)
