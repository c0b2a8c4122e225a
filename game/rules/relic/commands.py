"""What a Relic player can say, as frozen commands (spec section 9's inputs)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RollMove:
    """Movement: roll a die to move on the Outer or Middle tier (REL-BOARD-3)."""


@dataclass(frozen=True)
class Move:
    """Movement: go to ``to``: a space the roll reaches, a linked space across tiers
    (REL-BOARD-5) instead of rolling, or the next space on the Inner tier (REL-BOARD-4)."""

    to: str


@dataclass(frozen=True)
class Choose:
    """Answer the choice a space offers; ``""`` declines when it is optional."""

    option: str = ""


@dataclass(frozen=True)
class Fight:
    """Engagement: battle this enemy on your space next (REL-ENG-1, REL-ENG-2)."""

    enemy: str


@dataclass(frozen=True)
class Prepare:
    """B2 Prepare for battle: declare the wargear and power cards used (REL-SEQ-2)."""

    items: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class RollForEnemy:
    """B3: the player to the left of the active player rolls the enemy's die (REL-SEQ-3)."""


@dataclass(frozen=True)
class RollBattle:
    """B4: the active player rolls their battle dice (REL-SEQ-4)."""


@dataclass(frozen=True)
class ChangeDie:
    """B4: change one of the battle dice with ``source`` ("ability" or a power card's uid).

    ``roll`` names whose dice: only "player" is ever allowed (REL-DICE-6)."""

    source: str
    index: int = 0
    roll: str = "player"


@dataclass(frozen=True)
class Score:
    """B4 done: count the battle scores and settle the result (B5 to B7)."""


@dataclass(frozen=True)
class Meet:
    """Engagement, every enemy beaten: deal with a stranger on your space."""

    card: str


@dataclass(frozen=True)
class EndTurn:
    """Leave the rest of the Engagement (strangers are optional) and end the turn."""


@dataclass(frozen=True)
class RollTest:
    """Confrontation of a test scenario: roll the exploding dice (REL-EXT-3, REL-WIN-7)."""
