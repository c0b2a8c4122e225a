"""The dice maths of Helldorado, as pure functions over faces (HD-0-6, HD-0-7, HD-MELEE-6..12).

Nothing here rolls: the rule system rolls with the match's dice and hands the faces in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

#: HD-MELEE-6/7: at most 5 attack dice and 5 re-rolls; every die beyond is automatic damage
MAX_DICE = 5
MAX_REROLLS = 5


@dataclass(frozen=True)
class Pool:
    """What a modified CBT or SHS gives (HD-0-6)."""

    dice: int
    rerolls: int
    auto: int  #: HD-MELEE-7: automatic damage, ignores PR, needs no hit

    @property
    def total(self) -> int:
        return self.dice + self.rerolls + self.auto


def pool(n: int) -> Pool:
    """HD-0-6, HD-MELEE-6/7: ``pool(7) == Pool(5, 2, 0)``, ``pool(12) == Pool(5, 5, 2)``."""
    if n <= 0:
        return Pool(0, 0, 0)
    dice = min(n, MAX_DICE)
    rerolls = min(max(n - MAX_DICE, 0), MAX_REROLLS)
    auto = max(n - MAX_DICE - MAX_REROLLS, 0)
    return Pool(dice, rerolls, auto)


def count_hits(faces: Sequence[int], diff: int) -> int:
    """HD-MELEE-8: every die showing at least the difficulty is a hit (none when diff > 6)."""
    return sum(1 for f in faces if f >= diff)


@dataclass(frozen=True)
class Roll:
    """One side's dice in an attack sequence: first faces, re-rolls, final faces (HD-0-6)."""

    first: tuple[int, ...]
    diff: int
    rerolls: int = 0  #: re-rolls available (HD-MELEE-9)
    auto: int = 0  #: HD-MELEE-7
    faces: tuple[int, ...] = ()  #: the faces now (after re-rolls)
    rerolled: tuple[int, ...] = ()  #: indices re-rolled, each at most once
    rerolls_done: bool = False

    def __post_init__(self) -> None:
        if not self.faces:
            object.__setattr__(self, "faces", tuple(self.first))

    @property
    def hits(self) -> int:
        return count_hits(self.faces, self.diff)

    @property
    def misses(self) -> tuple[int, ...]:
        """Indices of the dice showing a miss that may still be re-rolled."""
        return tuple(i for i, f in enumerate(self.faces) if f < self.diff and i not in self.rerolled)

    @property
    def wants_reroll(self) -> bool:
        """HD-MELEE-9: re-rolls left and a miss to spend them on."""
        return not self.rerolls_done and self.rerolls > 0 and bool(self.misses)

    @property
    def odd(self) -> int:
        return sum(1 for f in self.faces if f % 2)

    @property
    def even(self) -> int:
        return sum(1 for f in self.faces if f % 2 == 0)

    @property
    def stray(self) -> bool:
        """HD-RANGED-21: strictly more odd faces than even ones, all dice counted."""
        return self.odd > self.even

    def default_choice(self) -> tuple[int, ...]:
        """HD-0-6: the engine re-rolls the misses from left to right, as many as it may."""
        return self.misses[: self.rerolls]

    def check_choice(self, indices: Sequence[int]) -> str:
        """Why a re-roll choice is refused, or "" when it is allowed (HD-MELEE-9, HD-0-6)."""
        return self.refusal(indices)[0]

    def refusal(self, indices: Sequence[int]) -> tuple[str, str, dict[str, Any]]:
        """Why a re-roll choice is refused: (English reason, message key, its values; the dice
        counted from 1), or ("", "", {}) when it is allowed (HD-MELEE-9, HD-0-6)."""
        if len(set(indices)) != len(indices):
            return "each die may be re-rolled once only", "hd.choice.reroll.twice", {}
        if len(indices) > self.rerolls:
            return f"only {self.rerolls} re-roll(s)", "hd.choice.reroll.too_many", {"most": self.rerolls}
        bad = [i for i in indices if i not in self.misses]
        if bad:
            return (f"dice {bad} are not misses that may be re-rolled", "hd.choice.reroll.not_misses",
                    {"dice": tuple(i + 1 for i in bad)})
        return "", "", {}

    def with_rerolls(self, indices: Sequence[int], new_faces: Sequence[int]) -> Roll:
        """The roll after re-rolling ``indices`` to ``new_faces``; unused re-rolls are lost."""
        faces = list(self.faces)
        for i, f in zip(indices, new_faces, strict=True):
            faces[i] = f
        return replace(self, faces=tuple(faces), rerolled=tuple(indices), rerolls_done=True)


def table_damage(table: Sequence[int], hits: int) -> int:
    """HD-0-7: damage for ``hits`` on a damage table; 0 hits → 0; beyond the table, its last entry."""
    if hits <= 0 or not table:
        return 0
    return int(table[min(hits, len(table)) - 1])


def lp_loss(damage: int, pr: int, auto: int = 0) -> int:
    """HD-MELEE-12: ``max(0, damage − PR) + automatic damage`` (HD-MELEE-7 ignores PR)."""
    return max(0, damage - pr) + max(0, auto)


def power_loss(hits: int, power: int, pr: int) -> int:
    """HD-EXPL-8, HD-TMPL-9: every hit deals the Power; PR is subtracted once from the sum."""
    return max(0, hits * power - pr)


def range_difficulty_with_def(range_diff: int, *defs: int) -> int:
    """HD-RANGED-14/20: the highest of the range difficulty and the DEF values that count."""
    return max((range_diff, *defs))
