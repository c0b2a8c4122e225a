"""Relic's exploding battle dice (REL-DICE), as pure functions over the match's dice.

A battle roll is a tuple of *chains*: one chain per base die, each chain the faces in the order
rolled, explosion dice included. ``((6, 6, 3), (2,))`` is two dice, the first exploding twice.

    >>> from game.core.dice import ScriptedDice
    >>> roll_exploding(1, ScriptedDice([6, 6, 3]))
    ((6, 6, 3),)
    >>> roll_exploding(1, ScriptedDice([6, 6, 3]), chain_explosions=False)
    ((6, 6),)
    >>> total(((6, 6, 3), (2,)))
    17
"""

from __future__ import annotations

from collections.abc import Iterable

from game.core.dice import Dice

SIX = 6
Chain = tuple[int, ...]
Chains = tuple[Chain, ...]


def roll_chain(dice: Dice, *, chain_explosions: bool = True, max_explosions: int = 100) -> Chain:
    """One base die and its explosions (REL-DICE-1, REL-DICE-2).

    A 6 adds a die; with ``chain_explosions`` that die explodes again on a 6, else only the base
    die explodes. At ``max_explosions`` explosions the last die is simply added (the loop guard).
    """
    chain = [dice.roll(1)[0]]
    while chain[-1] == SIX and (chain_explosions or len(chain) == 1) and len(chain) <= max_explosions:
        chain.append(dice.roll(1)[0])
    return tuple(chain)


def continue_chain(start: Chain, dice: Dice, *, chain_explosions: bool = True,
                   max_explosions: int = 100) -> Chain:
    """Explode a chain whose last die was just *set* to 6 (REL-DICE-5)."""
    chain = list(start)
    while chain[-1] == SIX and (chain_explosions or len(chain) == 1) and len(chain) <= max_explosions:
        chain.append(dice.roll(1)[0])
    return tuple(chain)


def roll_exploding(n: int, dice: Dice, *, chain_explosions: bool = True,
                   max_explosions: int = 100) -> Chains:
    """``n`` battle dice, every one exploding independently (REL-DICE-3). The base dice are
    rolled together (REL-SEQ-4), then each die's explosions in turn, first die first."""
    if n < 0:
        raise ValueError(f"cannot roll {n} dice")
    base = dice.roll(n)
    return tuple(continue_chain((face,), dice, chain_explosions=chain_explosions,
                                max_explosions=max_explosions) for face in base)


def total(chains: Iterable[Chain], adds: Iterable[int] = ()) -> int:
    """REL-DICE-4: the sum of every die of every chain, plus additions made to dice."""
    return sum(sum(c) for c in chains) + sum(adds)


def explosions(chains: Iterable[Chain]) -> int:
    """How many dice were added by explosions."""
    return sum(len(c) - 1 for c in chains)
