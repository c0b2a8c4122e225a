"""Helldorado's events: each carries the rule IDs it applied (house rules as ``HD-HOUSE-n``) and
the numbers that decided it; ``explain.py`` puts them in words."""

from __future__ import annotations

from typing import Any

from game.rules.engine import Event


def ev(kind: str, rules: list[str], actor: str = "", /, *, motion: tuple[Any, ...] = (),
       **values: Any) -> Event:
    """An event with its rule IDs once each, in the order cited."""
    return Event.of(kind, list(dict.fromkeys(rules)), actor, motion=motion, **values)
