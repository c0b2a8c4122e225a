"""The parameters of Relic (spec section 11), each pinned to its default.

The spec's own parameters come first; then the defaults this program adds where the seed is
silent (marked ``default``). Options a setup may pass are checked by name and type; a value the
program has no mechanics for (``combine_same_attribute=True``, another ``vanquish_rule``) is
refused with the rule that reserves it, instead of being silently ignored.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

ATTRIBUTES = ("strength", "willpower", "cunning")  #: REL-BTL-2: exactly three battle types
#: REL-BOARD-3: the Outer and Middle tiers are cycles, so each has at least three spaces (with
#: fewer, ``i + 1`` and ``i - 1`` are one space); REL-BOARD-1: the counts are the map's
MIN_RING_SPACES = 3
#: REL-BOARD-4 / REL-WIN-1: the Inner tier is a path of at least one space to the scenario space
MIN_INNER_SPACES = 1
#: REL-SEQ-3 / REL-TV-10: one to four seats round the table (one: the program rolls for enemies)
MIN_PLAYERS, MAX_PLAYERS = 1, 4


@dataclass(frozen=True)
class RelicConfig:
    # ---------------------------------------------------------------- the spec's parameters
    chain_explosions: bool = True  #: REL-DICE-2: an explosion die that shows 6 explodes again
    max_explosions: int = 100  #: REL-DICE-2: safety cap on one chain
    extra_dice_mode: str = "sum"  #: REL-DICE-4: the only mode the seed describes
    missions_for_relic: int = 3  #: REL-WIN-2
    combine_same_attribute: bool = False  #: REL-ENG-5: a reserved hook, no mechanics
    enemy_order: str = "player_choice"  #: REL-ENG-2: or "drawn" (oldest card first)
    vanquish_rule: str = "published"  #: REL-OUT-4
    movement_rule: str = "d6_either_direction"  #: REL-BOARD-3
    inner_step: int = 1  #: REL-BOARD-4: spaces a piece steps on the Inner tier per turn
    #: REL-BOARD-1 (ref: the published board has 24): the Outer tier's spaces. The map's count
    #: is used; a setup that passes this option asks for exactly that many (else refused)
    outer_tier_spaces: int = 24
    # ---------------------------------------------------------------- this program's defaults
    max_weapons: int = 1  #: REL-SEQ-2 / REL-EXT-1: item limit per battle (the seed says one)
    max_armour: int = 1  #: REL-SEQ-2 / REL-EXT-1
    #: default: the game ends after this many rounds; the most advanced player wins (see game.py)
    max_rounds: int = 80
    #: default: scenario id from data/scenarios.json; "" = one is dealt at random
    scenario: str = ""
    #: default: shuffle the decks with the match's dice; False keeps data order (for tests)
    shuffle: bool = True
    hand_limit: int = 4  #: default: power cards a player may hold (the oldest is discarded)
    start_power_cards: int = 2  #: default: power cards dealt to each player at the start
    level_cost: int = 7  #: default (ref, REL-EXT-2): trophy value of one attribute per +1 level
    start_influence: int = 1  #: default

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> RelicConfig:
        """Options from a setup; unknown names, wrong types and unsupported values are refused."""
        fields = {f.name for f in dataclasses.fields(cls)}
        values: dict[str, Any] = {}
        defaults = cls()
        for key, value in options.items():
            if key not in fields:
                raise ValueError(f"unknown Relic option {key!r}; known: {', '.join(sorted(fields))}")
            default = getattr(defaults, key)
            if type(value) is not type(default):
                raise ValueError(f"option {key!r} must be {type(default).__name__}, not {value!r}")
            values[key] = value
        cfg = cls(**values)
        cfg.check()
        return cfg

    def check(self) -> None:
        if self.extra_dice_mode != "sum":
            raise ValueError("REL-DICE-4: only extra_dice_mode 'sum' is defined (the seed sums the dice)")
        if self.combine_same_attribute:
            raise ValueError("REL-ENG-5: combining enemies of one attribute needs mechanics the seed "
                             "does not give; the hook is reserved")
        if self.enemy_order not in ("player_choice", "drawn"):
            raise ValueError("REL-ENG-2: enemy_order is 'player_choice' or 'drawn'")
        if self.vanquish_rule != "published":
            raise ValueError("REL-OUT-4: only vanquish_rule 'published' is implemented")
        if self.movement_rule != "d6_either_direction":
            raise ValueError("REL-BOARD-3: only movement_rule 'd6_either_direction' is implemented")
        if self.max_explosions < 0 or self.inner_step < 1 or self.missions_for_relic < 1:
            raise ValueError("max_explosions >= 0, inner_step >= 1 and missions_for_relic >= 1")
        if self.max_weapons < 0 or self.max_armour < 0 or self.max_rounds < 1 or self.hand_limit < 0:
            raise ValueError("item limits, hand_limit >= 0 and max_rounds >= 1")
        if self.level_cost < 1:
            raise ValueError("level_cost >= 1")
