"""What a rule system works out once per state: ``legal.py`` lists the candidate commands and
``ai.py`` ranks each of them over the same state, so what both need (a plan of sweeps and distances)
is made for the last state asked about and kept until another state is asked about."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

System = TypeVar("System")
State = TypeVar("State")
Made = TypeVar("Made")


def kept_for_last_state(make: Callable[[System, State], Made]) -> Callable[[System, State], Made]:
    """``make(system, state)``, made once for the last state asked about (the same object: states
    are immutable) and made anew when another state is asked about."""
    last: list[tuple[State, Made]] = []

    @functools.wraps(make)
    def kept(system: System, state: State) -> Made:
        if last and last[0][0] is state:
            return last[0][1]
        made = make(system, state)
        last[:] = [(state, made)]
        return made

    return kept
