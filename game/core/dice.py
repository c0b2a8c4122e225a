"""Dice. Every roll in a match comes from its roller; tests script exact faces.

``SeededDice`` is counter-based (SplitMix64 over seed and roll number), so its whole state is two
integers: trivially snapshotted for undo, saved, and identical on every machine and Python version.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

_MASK = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


@dataclass(frozen=True)
class DiceState:
    seed: int
    counter: int


class DiceExhausted(RuntimeError):
    """A scripted roller was asked for more faces than the test gave it."""


class Dice(Protocol):
    def roll(self, n: int, sides: int = 6) -> tuple[int, ...]: ...

    def state(self) -> DiceState: ...

    def restore(self, state: DiceState) -> None: ...


class SeededDice:
    """Deterministic dice: the same seed gives the same faces, roll after roll, everywhere."""

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = int(seed) & _MASK
        self.counter = int(counter)

    def _next(self) -> int:
        value = _splitmix64(self.seed ^ _splitmix64(self.counter))
        self.counter += 1
        return value

    def die(self, sides: int = 6) -> int:
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        limit = (1 << 64) - ((1 << 64) % sides)  # reject the biased top end
        while True:
            value = self._next()
            if value < limit:
                return value % sides + 1

    def roll(self, n: int, sides: int = 6) -> tuple[int, ...]:
        if n < 0:
            raise ValueError(f"cannot roll {n} dice")
        return tuple(self.die(sides) for _ in range(n))

    def state(self) -> DiceState:
        return DiceState(self.seed, self.counter)

    def restore(self, state: DiceState) -> None:
        self.seed, self.counter = state.seed, state.counter


class ScriptedDice:
    """Dice that show exactly the faces a test wrote, in order."""

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = tuple(faces)
        self.counter = 0

    def roll(self, n: int, sides: int = 6) -> tuple[int, ...]:
        if self.counter + n > len(self.faces):
            raise DiceExhausted(
                f"asked for {n} more dice after {self.counter}, but the script has {len(self.faces)}")
        out = self.faces[self.counter:self.counter + n]
        self.counter += n
        for face in out:
            if not 1 <= face <= sides:
                raise ValueError(f"scripted face {face} is not on a d{sides}")
        return out

    def state(self) -> DiceState:
        return DiceState(-1, self.counter)

    def restore(self, state: DiceState) -> None:
        self.counter = state.counter

    @property
    def remaining(self) -> int:
        return len(self.faces) - self.counter
