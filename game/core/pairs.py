"""Small tables a frozen state keeps as (key, value) pairs: tuples stay hashable, compare and print
the same in every run (a saved game replays to the same digest), where a dict would not be frozen."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")
D = TypeVar("D")


def value_of(pairs: Iterable[tuple[K, V]], key: K, default: D) -> V | D:
    """The value paired with ``key``, ``default`` when there is none."""
    for k, value in pairs:
        if k == key:
            return value
    return default


def without(pairs: Iterable[tuple[K, V]], key: K) -> tuple[tuple[K, V], ...]:
    """``pairs`` less the one of ``key``."""
    return tuple((k, v) for k, v in pairs if k != key)


def with_value(pairs: Iterable[tuple[K, V]], key: K, value: V) -> tuple[tuple[K, V], ...]:
    """``pairs`` with ``key`` paired with ``value`` (added or replaced), in the order of the keys."""
    return tuple(sorted((*without(pairs, key), (key, value)), key=_key))


def _key(pair: tuple[Any, Any]) -> Any:
    return pair[0]
