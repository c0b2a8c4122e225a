"""Words every screen shares: the rule systems' names (translated where shown, with ``_()``)."""

from __future__ import annotations

from game.i18n import N_, _

SYSTEM_NAMES = {"helldorado": N_("Helldorado"), "one_for_all": N_("One for All"),
                "relic": N_("Relic"), "mice_and_mystics": N_("Mice and Mystics"),
                "": N_("No rule system")}


def system_name(system: str) -> str:
    """The rule system's name in the current language (its id when the program has no name)."""
    return _(SYSTEM_NAMES[system]) if system in SYSTEM_NAMES else system
