"""What a Mice and Mystics player (or the program's GM) can say, as frozen commands.

Mouse turn (spec 25.2): ``Step``/``Move``, ``EndMove``, ``StandUp``; one action of ``Scurry``,
``Attack``, ``Search``, ``Recover``, ``Explore`` (or ``DeclineAction``); the free actions
``Share``, ``Equip``, ``LevelUp``; ``Use`` (an ability, a one-shot card, a group item); ``EndTurn``.
Choices inside an action: ``KeepFound``, ``Discard``. A captured mouse's turn: ``Rescue`` or
``EndTurn``. The GM seat: ``GmTurn`` (a minion group's or a charmed mouse's turn, resolved by
the documented policy). GM hooks accepted at any time of a running chapter and never offered by
``legal_commands``: ``WheelAdd`` (MM-WHEEL-4), ``TurnPage`` (MM-END-4), ``Grant`` (MM-ACH),
``Ruling`` (MM-ADJ-5, MM-LOS-4).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    """One step to an adjacent cell (MM-MOVE-2)."""

    mouse: str
    cell: str


@dataclass(frozen=True)
class Move:
    """Several steps at once; the same as one ``Step`` per cell of ``path`` (start excluded)."""

    mouse: str
    path: tuple[str, ...]


@dataclass(frozen=True)
class EndMove:
    """Finish the move (MM-MOVE-2; unspent points are lost)."""

    mouse: str


@dataclass(frozen=True)
class StandUp:
    """Spend the whole move getting up (MM-COND-3)."""

    mouse: str


@dataclass(frozen=True)
class Scurry:
    mouse: str


@dataclass(frozen=True)
class Attack:
    """Attack ``target`` with the equipped ``weapon``. ``mode`` is "melee" or "ranged" for a
    weapon usable both ways (MM-RANGED-6); ``ability`` names an attack-bonus ability to use."""

    mouse: str
    weapon: str
    target: str
    mode: str = ""
    ability: str = ""


@dataclass(frozen=True)
class Search:
    mouse: str


@dataclass(frozen=True)
class Recover:
    """``condition`` picks one of stunned / webbed under ``recover_scope: one`` (MM-REC-4)."""

    mouse: str
    condition: str = ""


@dataclass(frozen=True)
class Explore:
    """``via`` names the exit id, or "turning" for the mouse's turning cell ("" = the only one)."""

    mouse: str
    via: str = ""


@dataclass(frozen=True)
class DeclineAction:
    mouse: str


@dataclass(frozen=True)
class Share:
    """Swap search cards and cheese with ``other`` in the same or an adjacent cell (MM-SHARE-1)."""

    mouse: str
    other: str
    give: tuple[str, ...] = ()
    take: tuple[str, ...] = ()
    give_cheese: int = 0
    take_cheese: int = 0


@dataclass(frozen=True)
class Equip:
    """The cards to have equipped afterwards; every other card of the mouse goes to the pack
    (MM-EQUIP-1)."""

    mouse: str
    equipped: tuple[str, ...]


@dataclass(frozen=True)
class LevelUp:
    mouse: str
    ability: str


@dataclass(frozen=True)
class Use:
    """Use an ability (MM-LEVEL-2), a one-shot card or a group item (MM-GROUP-1) on ``target``
    (a mouse; "" = the user)."""

    mouse: str
    what: str
    target: str = ""


@dataclass(frozen=True)
class EndTurn:
    mouse: str


@dataclass(frozen=True)
class KeepFound:
    """Keep the item just found (it goes to the pack) or discard it for 1 cheese (MM-SEARCH-4)."""

    mouse: str
    keep: bool


@dataclass(frozen=True)
class Discard:
    """Discard a card from a pack over its limit (MM-EQUIP-3)."""

    mouse: str
    card: str


@dataclass(frozen=True)
class Rescue:
    """Place a rescued mouse (MM-RESC-3)."""

    mouse: str
    cell: str


@dataclass(frozen=True)
class GmTurn:
    """The program's GM plays ``entity``'s turn: a minion group (MM-MIN-2) or a charmed mouse
    (MM-COND-4)."""

    entity: str


@dataclass(frozen=True)
class WheelAdd:
    """MM-WHEEL-4: the GM puts ``n`` cheese on the wheel."""

    n: int
    reason: str = ""


@dataclass(frozen=True)
class TurnPage:
    """MM-END-4: a scripted story turn of the page."""

    reason: str = ""


@dataclass(frozen=True)
class Grant:
    """MM-ACH-1/2: grant a story achievement (``mouse`` = "") or a mouse's personal one."""

    achievement: str
    mouse: str = ""


@dataclass(frozen=True)
class Ruling:
    """MM-ADJ-5 / MM-LOS-4: a GM ruling on two cells: "adjacent", "apart", "sight", "blocked"."""

    a: str
    b: str
    kind: str


ALL = (Step, Move, EndMove, StandUp, Scurry, Attack, Search, Recover, Explore, DeclineAction,
       Share, Equip, LevelUp, Use, EndTurn, KeepFound, Discard, Rescue, GmTurn, WheelAdd,
       TurnPage, Grant, Ruling)
