"""Words every screen shares: the rule systems' names and the modes of play (translated where
shown, with ``_()``)."""

from __future__ import annotations

from game.i18n import N_, _

SYSTEM_NAMES = {"helldorado": N_("Helldorado"), "one_for_all": N_("One for All"),
                "relic": N_("Relic"), "mice_and_mystics": N_("Mice and Mystics"),
                "": N_("No rule system")}


def system_name(system: str) -> str:
    """The rule system's name in the current language (its id when the program has no name)."""
    return _(SYSTEM_NAMES[system]) if system in SYSTEM_NAMES else system


#: the match's modes as a top bar names them (UI.md: teaching adds hints, strict does not)
MODE_NAMES = {"teaching": N_("Teaching mode"), "strict": N_("Strict mode")}


def mode_name(mode: str) -> str:
    """The mode of play in the current language (its id when unknown)."""
    return _(MODE_NAMES[mode]) if mode in MODE_NAMES else mode
