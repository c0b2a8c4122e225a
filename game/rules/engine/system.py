"""What the four rule systems share around their one table of handlers.

A system subclasses ``DispatchedSystem`` and names, as class attributes, its table of handlers
(``dispatch``), the module that makes its candidate commands (``candidates``: its ``legal.py``),
the one that ranks them for the AI (``ranking``: its ``ai.py``) and the one that puts its events
into words (``words``: its ``explain.py``). ``check`` and ``apply`` read the same table, so the
two cannot disagree, and the command types a save may hold (``commands``) are made from it too.

What is the system's own it writes itself: the setup, whose turn it is, the outcome, the
invariants, ``check_moment`` (what every command needs before its own check: a game still going
on, an answer while a choice waits) and ``settle`` (what follows every resolution, e.g. Mice and
Mystics' status block).
"""

from __future__ import annotations

from typing import Any, Protocol

from game.core.dice import Dice
from game.rules.engine.commands import CommandSet
from game.rules.engine.dispatch import Dispatch
from game.rules.engine.events import Event
from game.rules.engine.protocol import Applied


class Candidates(Protocol):
    """A system's ``legal.py``."""

    def legal_commands(self, system: Any, state: Any, /) -> list[Any]: ...


class Ranking(Protocol):
    """A system's ``ai.py``."""

    def rank_command(self, system: Any, state: Any, command: Any, /) -> float: ...


class Words(Protocol):
    """A system's ``explain.py``."""

    def explain(self, event: Event, lang: str = "en", /) -> str: ...


class DispatchedSystem:
    """The protocol's ``check``, ``apply``, ``legal_commands``, ``rank_command`` and ``explain``
    over the class attributes a system names (see the module's text)."""

    name: str
    default_map: str
    dispatch: Dispatch
    candidates: Candidates
    ranking: Ranking
    words: Words
    #: every command type of the system, as saves read and write them (from ``dispatch``)
    commands: CommandSet

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.commands = CommandSet(cls.dispatch.command_types)

    def check_moment(self, state: Any, command: Any) -> None:
        """Raise ``IllegalCommand`` when no command of this kind may be given now, whatever its
        own check says (the game is over, a choice waits for its answer). Nothing by default."""

    def settle(self, before: Any, after: Any, dice: Dice, events: list[Event]) -> Any:
        """What follows every resolution, given the state ``before`` it and the state ``after``
        it; may roll and add events. By default nothing: ``after`` as it is."""
        return after

    def check(self, state: Any, command: Any) -> None:
        """Raise ``IllegalCommand`` (with the rule ID) when the rules refuse ``command`` now: no
        dice, nothing changed."""
        self.check_moment(state, command)
        self.dispatch.check(self, state, command)

    def apply(self, state: Any, command: Any, dice: Dice) -> Applied:
        """The same check as ``check``, then the command's resolution (the only place dice are
        rolled) and ``settle``: the new state and its events. ``state`` is never changed."""
        self.check_moment(state, command)
        after, events = self.dispatch.resolve(self, state, command, dice)
        return Applied(self.settle(state, after, dice, events), tuple(events))

    def legal_commands(self, state: Any) -> list[Any]:
        return self.candidates.legal_commands(self, state)

    def rank_command(self, state: Any, command: Any) -> float:
        return self.ranking.rank_command(self, state, command)

    def explain(self, event: Event, lang: str = "en") -> str:
        return self.words.explain(event, lang)
