"""The actions on offer, as every play screen's action bar and action menu show them: a choice
(its words and the command it gives) in a group (the object it uses, or a kind of action), and
the chance a button that leads to a roll says (``with_chance``). Plain Python, no pygame."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.i18n import _


@dataclass(frozen=True)
class Choice:
    label: str
    command: Any
    group: str  #: the object id the action uses ("" for none)
    #: the first target of an action that may take more (OFA-MG.6), else ""
    chain_from: str = ""


@dataclass(frozen=True)
class Group:
    key: str
    title: str
    choices: tuple[Choice, ...]


def with_chance(label: str, p: float | None) -> str:
    """A button's words with the chance of success of the roll it leads to ("Shoot Imp — 58%");
    the words alone when it rolls nothing (``p`` None)."""
    return label if p is None else _("{action} — {pct:.0f}%").format(action=label, pct=p * 100)
