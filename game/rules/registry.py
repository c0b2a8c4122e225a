"""One registry of rule systems, by name (after python-chess's variants)."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from game.rules.engine.protocol import RuleSystem

#: name -> "module:factory"; modules are imported only when a system is asked for.
_KNOWN: dict[str, str] = {}
_FACTORIES: dict[str, Callable[[], RuleSystem]] = {}


def register(name: str, factory: Callable[[], RuleSystem] | str) -> None:
    if isinstance(factory, str):
        _KNOWN[name] = factory
    else:
        _FACTORIES[name] = factory


def names() -> list[str]:
    return sorted(set(_KNOWN) | set(_FACTORIES))


def get(name: str) -> RuleSystem:
    """The rule system called ``name``; KeyError names the known ones."""
    if name not in _FACTORIES and name in _KNOWN:
        module, _, attr = _KNOWN[name].partition(":")
        _FACTORIES[name] = getattr(importlib.import_module(module), attr)
    if name not in _FACTORIES:
        raise KeyError(f"unknown rule system {name!r}; known: {', '.join(names()) or 'none'}")
    return _FACTORIES[name]()


register("one_for_all", "game.rules.one_for_all.game:OneForAll")
register("relic", "game.rules.relic.game:Relic")
register("mice_and_mystics", "game.rules.mice_and_mystics.game:MiceAndMystics")
register("helldorado", "game.rules.helldorado.game:Helldorado")
