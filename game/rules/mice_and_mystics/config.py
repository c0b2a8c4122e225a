"""The parameters of Mice and Mystics (spec section 26), each pinned to its default reading.

Options come from ``Setup.options``. The spec's nested ``feature_rules: {...}`` is accepted as
well as the flat names; ``party`` (a saved party, see ``campaign.py``) picks the campaign state.
The chapter comes with the map (``chapter.py``); the option ``chapter``, when given, must name
the chapter the map plays (older saves carry it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

_CHOICES = {
    "leave_rule": ("greater", "greater_or_equal"),  # MM-MOVE-4
    "recover_scope": ("all", "one"),  # MM-REC-4
    "wheel_overflow": ("carry", "discard"),  # MM-WHEEL-5
    "charmed_cheese_to": ("wheel", "self"),  # MM-COND-4
    "rescue_health": ("full", "keep_wounds"),  # MM-RESC-5
    "chapter_start_health": ("full", "keep_wounds"),  # MM-CAMP-4
    "minion_initiative": ("per_type", "per_figure"),  # MM-ROUND-2
}
_FEATURES = ("yellow_lines", "red_lines", "water", "mousetraps")


@dataclass(frozen=True)
class MoveRules:
    """The switches of section 26 that movement and occupancy answers depend on."""

    leave_rule: str = "greater"  #: MM-MOVE-4: "greater" or "greater_or_equal"
    wide_unlimited: bool = False  #: MM-FEAT-3
    yellow_lines: bool = False  #: MM-FEAT-4
    red_lines: bool = False  #: MM-FEAT-5
    water: bool = False  #: MM-FEAT-6
    yellow_line_cost: int = 3


DEFAULT_RULES = MoveRules()


@dataclass(frozen=True)
class MMConfig:
    leave_rule: str = "greater"  #: MM-MOVE-4
    recover_scope: str = "all"  #: MM-REC-4
    wheel_overflow: str = "carry"  #: MM-WHEEL-5
    charmed_cheese_to: str = "wheel"  #: MM-COND-4
    rescue_health: str = "full"  #: MM-RESC-5
    chapter_start_health: str = "full"  #: MM-CAMP-4
    initiative_die: int = 6  #: MM-ROUND-1
    minion_initiative: str = "per_type"  #: MM-ROUND-2
    pack_limit: int = 3  #: MM-EQUIP-2
    #: MM-EQUIP-3 (card types): the seed limits the pack to 3 «предметов» (items) and names
    #: scrolls and tricks apart from items («предмету (или свитку или уловке)»), so neither
    #: counts; the spec's default exempted tricks only (the seed wins)
    pack_limit_exempt: tuple[str, ...] = ("trick", "scroll")
    los_touch_blocks: bool = True  #: MM-LOS-1
    wide_unlimited: bool = False  #: MM-FEAT-3
    yellow_lines: bool = False  #: MM-FEAT-4
    red_lines: bool = False  #: MM-FEAT-5
    water: bool = False  #: MM-FEAT-6
    mousetraps: bool = False  #: MM-FEAT-7
    yellow_line_cost: int = 3  #: MM-FEAT-4
    #: the id of the chapter played: the map's chapter's, filled in when the chapter starts
    chapter: str = ""
    #: a chapter's pages (MM-END-3); 0 = the chapter data's own
    start_page: int = 0
    end_page: int = 0

    @property
    def move_rules(self) -> MoveRules:
        return MoveRules(leave_rule=self.leave_rule, wide_unlimited=self.wide_unlimited,
                         yellow_lines=self.yellow_lines, red_lines=self.red_lines,
                         water=self.water, yellow_line_cost=self.yellow_line_cost)

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> MMConfig:
        """Options from a setup; unknown names and wrong types are refused by name."""
        fields = {f.name for f in dataclasses.fields(cls)}
        values: dict[str, Any] = {}
        for key, value in options.items():
            if key in ("party", "map_defaults"):
                continue
            if key == "feature_rules":
                if not isinstance(value, Mapping):
                    raise ValueError("option 'feature_rules' must be a mapping of switches")
                for name, on in value.items():
                    if name not in _FEATURES:
                        raise ValueError(f"unknown feature rule {name!r}; known: {', '.join(_FEATURES)}")
                    if not isinstance(on, bool):
                        raise ValueError(f"feature rule {name!r} must be true or false")
                    values[name] = on
                continue
            if key not in fields:
                raise ValueError(f"unknown Mice and Mystics option {key!r}; "
                                 f"known: {', '.join(sorted(fields | {'feature_rules', 'party'}))}")
            default = getattr(cls(), key)
            if isinstance(default, tuple):
                if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
                    raise ValueError(f"option {key!r} must be a list of names")
                value = tuple(value)
            elif isinstance(default, bool) != isinstance(value, bool) or not isinstance(value, type(default)):
                raise ValueError(f"option {key!r} must be {type(default).__name__}, not {value!r}")
            if key in _CHOICES and value not in _CHOICES[key]:
                raise ValueError(f"option {key!r} is one of {', '.join(_CHOICES[key])}")
            values[key] = value
        return cls(**values)
