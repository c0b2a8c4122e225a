"""Commands: a player's intent as a frozen, typed value that round-trips to JSON.

Each rule system declares its command classes (frozen dataclasses) in a :class:`CommandSet`;
``to_json`` writes ``{"type": ClassName, field: value, ...}`` and ``from_json`` checks every
field's type on the way back, so a hand-edited save gets a clear error, not a crash later.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable
from typing import Any, TypeVar, cast

C = TypeVar("C")


class CommandFormatError(ValueError):
    """JSON that does not describe a command of this rule system."""


def _check(value: Any, hint: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        for option in args:
            try:
                return _check(value, option, where)
            except CommandFormatError:
                continue
        raise CommandFormatError(f"{where}: {value!r} fits none of {hint}")
    if hint is type(None):
        if value is None:
            return None
        raise CommandFormatError(f"{where}: expected null, got {value!r}")
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise CommandFormatError(f"{where}: expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_check(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise CommandFormatError(f"{where}: expected {len(args)} items, got {len(value)}")
        return tuple(_check(v, a, f"{where}[{i}]") for i, (v, a) in enumerate(zip(args, value, strict=True)))
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise CommandFormatError(f"{where}: expected a number, got {value!r}")
        value = float(value)
        if value != value or value in (float("inf"), float("-inf")):
            raise CommandFormatError(f"{where}: {value!r} is not a finite number")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise CommandFormatError(f"{where}: expected a whole number, got {value!r}")
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise CommandFormatError(f"{where}: expected true or false, got {value!r}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise CommandFormatError(f"{where}: expected text, got {value!r}")
        return value
    raise CommandFormatError(f"{where}: unsupported field type {hint}")


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


class CommandSet:
    """The command classes of one rule system, by name."""

    def __init__(self, classes: Iterable[type] = ()) -> None:
        self._by_name: dict[str, type] = {}
        for cls in classes:
            self.add(cls)

    def add(self, cls: type[C]) -> type[C]:
        if not dataclasses.is_dataclass(cls) or not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            raise TypeError(f"{cls.__name__} must be a frozen dataclass")
        self._by_name[cls.__name__] = cls
        return cls

    def __contains__(self, name: str) -> bool:
        return name in self._by_name

    def names(self) -> list[str]:
        return sorted(self._by_name)

    def to_json(self, command: Any) -> dict[str, Any]:
        name = type(command).__name__
        if self._by_name.get(name) is not type(command):
            raise CommandFormatError(f"{name} is not a command of this rule system")
        out: dict[str, Any] = {"type": name}
        for f in dataclasses.fields(cast(Any, command)):
            out[f.name] = _jsonable(getattr(command, f.name))
        return out

    def from_json(self, data: Any) -> Any:
        if not isinstance(data, dict):
            raise CommandFormatError(f"a command must be a JSON object, not {type(data).__name__}")
        name = data.get("type")
        cls = self._by_name.get(name) if isinstance(name, str) else None
        if cls is None:
            raise CommandFormatError(f"unknown command type {name!r}")
        hints = typing.get_type_hints(cls)
        fields = {f.name: f for f in dataclasses.fields(cls)}
        extra = set(data) - set(fields) - {"type"}
        if extra:
            raise CommandFormatError(f"{name}: unknown field(s) {sorted(extra)}")
        kwargs = {}
        for fname, f in fields.items():
            if fname not in data:
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                    raise CommandFormatError(f"{name}: missing field '{fname}'")
                continue
            kwargs[fname] = _check(data[fname], hints[fname], f"{name}.{fname}")
        return cls(**kwargs)
