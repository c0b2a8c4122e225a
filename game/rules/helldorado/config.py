"""The configuration flags of Helldorado (HD-0-8), each pinned to its recommended reading, and the
house flags of the turn flow (HOUSE.md). Lengths are in fathoms unless the name says mm."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.core.units import FATHOM_MM

#: allowed values of the text flags
CHOICES: dict[str, tuple[str, ...]] = {
    "cover_pr_owner": ("target", "shooter"),  # HD-AMB-1
    "impact_first_dice": ("SHS+5", "5"),  # HD-AMB-7
    "melee_victims": ("engaged_with_target",),  # HD-AMB-4
    "behind_melee": ("on_lof_participants",),  # HD-AMB-5
    "blast_melee_no_outside": ("apply_normally",),  # HD-AMB-15
    "impact_tie_order": ("shooter_chooses", "input"),  # HD-AMB-14
    "retreat_attacker_choice": ("opponent", "retreater"),  # HD-AMB-18
    "concentration_scope": ("activation",),  # HD-AMB-9
}


@dataclass(frozen=True)
class HDConfig:
    # ---- HD-0-8: the spec's flags
    fathom_mm: float = FATHOM_MM  #: HD-0-2
    distance_3d: bool = False  #: HD-0-4 / HD-AMB-17 (only 2-D is implemented)
    eps_contact: float = 0.02  #: HD-0-5
    long_band_open: bool = True  #: HD-RANGED-15 / HD-AMB-3
    cover_threshold: float = 0.5  #: HD-RANGED-9 (>=)
    cover_radius: float = 1.0  #: HD-RANGED-9
    cover_pr_owner: str = "target"  #: HD-RANGED-3 / HD-AMB-1
    template_inclusive: bool = True  #: HD-EXPL-6 / HD-AMB-12
    cone_near_width: float = 0.0  #: HD-TMPL-2 / HD-AMB-13
    impact_first_dice: str = "SHS+5"  #: HD-TMPL-11 / HD-AMB-7
    impact_dice_cap: bool = False  #: HD-TMPL-11
    melee_victims: str = "engaged_with_target"  #: HD-RANGED-21 / HD-AMB-4
    behind_melee: str = "on_lof_participants"  #: HD-RANGED-24 / HD-AMB-5
    blast_melee_no_outside: str = "apply_normally"  #: HD-TMPL-14 / HD-AMB-15
    impact_tie_order: str = "shooter_chooses"  #: HD-TMPL-12 / HD-AMB-14
    retreat_attacker_choice: str = "opponent"  #: HD-MELEE-21 / HD-AMB-18
    concentration_scope: str = "activation"  #: HD-MELEE-20 / HD-AMB-9
    eps: float = 1e-9  #: HD-0-4
    # ---- HD-0-3: model data the seed does not give (overridden by a profile's own values)
    base_normal_mm: float = 30.0
    base_large_mm: float = 40.0
    base_huge_mm: float = 50.0
    above_threshold: float = 0.5  #: HD-MELEE-18: half a fathom
    cone_length: float = 6.0  #: HD-TMPL-2
    cone_width: float = 2.0  #: HD-TMPL-2
    # ---- house flags (HOUSE.md)
    rounds: int = 8  #: HD-HOUSE-11: the game ends after this many rounds
    step: float = 0.2  #: HD-HOUSE-4: terrain no higher than this never stops a move
    climb_max: float = 1.0  #: HD-HOUSE-5: the most a unit climbs up or drops down
    aim_bonus: int = 1  #: HD-HOUSE-9: SHS bonus of Concentrate
    focus_heal: int = 1  #: HD-HOUSE-9: LP a Focus restores
    vae_victis_per_side: int = 1  #: HD-HOUSE-10
    ask_rerolls: bool = False  #: HD-HOUSE-13: ask which misses to re-roll (else left to right)
    ask_reduction: bool = False  #: HD-HOUSE-13: ask how many hits to use (else all)

    def base_radius(self, size: str) -> float:
        """HD-0-3: the radius in fathoms of a normal, large or huge base."""
        mm = {"normal": self.base_normal_mm, "large": self.base_large_mm, "huge": self.base_huge_mm}[size]
        return mm / 2.0 / self.fathom_mm

    def to_fathoms(self, mm: float) -> float:
        return mm / self.fathom_mm

    def to_mm(self, fathoms: float) -> float:
        return fathoms * self.fathom_mm

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> HDConfig:
        """Options from a setup; unknown names, wrong types and unknown values are refused by name."""
        fields = {f.name: f for f in dataclasses.fields(cls)}
        values: dict[str, Any] = {}
        defaults = cls()
        for key, value in options.items():
            if key not in fields:
                raise ValueError(f"unknown Helldorado option {key!r}; known: {', '.join(sorted(fields))}")
            default = getattr(defaults, key)
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, float):
                ok = isinstance(value, int | float) and not isinstance(value, bool)
            elif isinstance(default, int):
                ok = isinstance(value, int) and not isinstance(value, bool)
            else:
                ok = isinstance(value, type(default))
            if not ok:
                raise ValueError(f"option {key!r} must be {type(default).__name__}, not {value!r}")
            if key in CHOICES and value not in CHOICES[key]:
                raise ValueError(f"option {key!r} is one of {', '.join(CHOICES[key])}, not {value!r}")
            values[key] = float(value) if isinstance(default, float) else value
        if values.get("distance_3d"):
            raise ValueError("option 'distance_3d' = true is not implemented (HD-AMB-17: 2-D)")
        if values.get("rounds", 1) < 1:
            raise ValueError("option 'rounds' must be at least 1")
        return cls(**values)
