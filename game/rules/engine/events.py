"""Events: what a resolution did, with the rule IDs applied and the numbers that decided it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One thing that happened. ``kind`` names the message that explains it (``ofa.duel``...)."""

    kind: str
    rules: tuple[str, ...] = ()
    #: the numbers and names that decided it: dice faces, scores, distances, figure ids
    values: tuple[tuple[str, Any], ...] = ()
    actor: str = ""
    #: what the UI may animate: e.g. ("push", figure id, from, to)
    motion: tuple[Any, ...] = field(default=(), compare=False)

    @classmethod
    def of(cls, kind: str, rules: tuple[str, ...] | list[str], actor: str = "", /, *,
           motion: tuple[Any, ...] = (), **values: Any) -> Event:
        """``Event.of("ofa.action", ["OFA-2A.2"], "athos", kind="punch")``: values may use any name."""
        return cls(kind, tuple(rules), tuple(sorted(values.items())), actor, motion)

    @property
    def data(self) -> Mapping[str, Any]:
        return dict(self.values)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]
