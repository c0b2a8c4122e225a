"""The configuration flags of One for All (OFA-0.7), each pinned to its recommended reading."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class OFAConfig:
    tie_hits: int = 1  #: OFA-3C.2 / OFA-AMB-2
    min_dice: int = 0  #: OFA-0.6 / OFA-AMB-9
    count_rolloff_ones: bool = False  #: OFA-3A.1 / OFA-AMB-6
    multi_target_rule: str = "chain"  #: OFA-MG.6: "chain" or "pairwise"
    push_edge: str = "fall"  #: OFA-5D.1: "fall" or "stop"
    board_edge_blocks: bool = True  #: OFA-2B.1
    elev_min: float = 10.0  #: OFA-4A.1, mm
    step: float = 3.0  #: OFA-0.2, mm
    eps_contact: float = 1.0  #: OFA-0.3, mm
    eps_block: float = 1.0  #: OFA-5D.2, mm
    doubt_band: float = 2.0  #: OFA-MG.5, mm
    momentum: bool = True  #: OFA-4A.4 / OFA-7.2
    object_damage_bonus: bool = False  #: OFA-7.1
    extended_swashbuckling: bool = False  #: OFA-7.3
    extended_turn: bool = False  #: OFA-7.4
    ext_turn_other_figure: bool = True  #: OFA-7.4
    count_ones_per: str = "die"  #: OFA-AMB-7
    base_radius: float = 12.5  #: OFA-0.2, mm
    fig_height: float = 40.0  #: OFA-0.2, mm
    prone_height: float = 10.0  #: OFA-5.3, mm
    deploy_depth: float = 50.0  #: OFA-1C.3, mm from a side's own short edge
    #: OFA-AMB-12: an AI-only safeguard; None is the rules (unlimited Free Moves)
    max_free_moves_per_turn: int | None = None

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> OFAConfig:
        """Options from a setup; unknown names and wrong types are refused by name."""
        fields = {f.name: f for f in dataclasses.fields(cls)}
        values: dict[str, Any] = {}
        for key, value in options.items():
            if key not in fields:
                raise ValueError(f"unknown One for All option {key!r}; known: {', '.join(sorted(fields))}")
            default = getattr(cls(), key)
            if default is not None and not isinstance(value, type(default)) and not (
                    isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool)):
                raise ValueError(f"option {key!r} must be {type(default).__name__}, not {value!r}")
            values[key] = float(value) if isinstance(default, float) else value
        if values.get("multi_target_rule", "chain") not in ("chain", "pairwise"):
            raise ValueError("option 'multi_target_rule' is 'chain' or 'pairwise'")
        if values.get("push_edge", "fall") not in ("fall", "stop"):
            raise ValueError("option 'push_edge' is 'fall' or 'stop'")
        return cls(**values)
