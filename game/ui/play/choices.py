"""The actions on offer, as every play screen's action bar and action menu show them: a choice
(its words and the command it gives) in a group (the object it uses, or a kind of action).
Plain Python, no pygame."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


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
