"""The one protocol every rule system implements (after OpenSpiel's small game API)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from game.core.dice import Dice
from game.rules.engine.commands import CommandSet
from game.rules.engine.events import Event


@dataclass(frozen=True)
class Setup:
    """Everything a match starts from; with the command log, everything a save needs."""

    system: str
    map: str = ""  #: path of the map, relative to the maps folder when shipped
    seed: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)
    players: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"system": self.system, "map": self.map, "seed": self.seed,
                "options": dict(self.options), "players": list(self.players)}


@dataclass(frozen=True)
class Outcome:
    """How a game ended."""

    winners: tuple[str, ...]
    reason: str
    scores: tuple[tuple[str, float], ...] = ()


@dataclass(frozen=True)
class Applied:
    """The result of an accepted command."""

    state: Any
    events: tuple[Event, ...]


@runtime_checkable
class RuleSystem(Protocol):
    name: str
    commands: CommandSet

    def new_state(self, setup: Setup, dice: Dice) -> Any:
        """The initial state (may roll, e.g. for the first player)."""

    def legal_commands(self, state: Any) -> Sequence[Any]:
        """Commands accepted now (a finite, representative set for open choices like moves)."""

    def check(self, state: Any, command: Any) -> None:
        """Raise IllegalCommand (with the rule ID) when the rules refuse ``command`` now. No dice,
        no side effects; ``apply`` makes the same check first, so the two always agree."""

    def apply(self, state: Any, command: Any, dice: Dice) -> Applied:
        """Check and resolve a command. Raise IllegalCommand, leaving ``state`` untouched."""

    def current_player(self, state: Any) -> str | None:
        """Who must act now (None once the game is over)."""

    def outcome(self, state: Any) -> Outcome | None:
        """The end of the game, or None while it goes on."""

    def invariants(self, state: Any) -> list[str]:
        """Broken invariants of a state (empty when all hold); used by property tests."""

    def explain(self, event: Event, lang: str = "en") -> str:
        """The event in plain words."""
