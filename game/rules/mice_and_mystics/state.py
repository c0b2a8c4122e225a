"""The state of a Mice and Mystics chapter (spec section 25), as frozen values.

Everything is tuples of frozen dataclasses, so ``repr`` is a stable fingerprint (no sets, no
dicts) and a state is never changed in place: ``replace`` makes the next one. The phases and
endings are enums whose ``repr`` is that of the word they stand for, so a state's fingerprint
is the one it had when they were plain strings (saved games replay to their recorded digest);
so is the chapter, whose ``repr`` is its id (``chapter.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from game.core.ids import by_id, has_id, replacing
from game.core.pairs import value_of, with_value
from game.rules.mice_and_mystics.chapter import Chapter
from game.rules.mice_and_mystics.config import MMConfig

GM = "gm"  #: the seat of the program's game master (minion turns, charmed turns)
MICE = "mice"  #: the mice's seat when the setup names no players; also the winning side
MINIONS = "minions"  #: the side that wins a lost chapter

#: MM-TURN-2 actions and MM-TURN-3 free actions
ACTIONS = ("scurry", "attack", "search", "recover", "explore")
FREE_ACTIONS = ("share", "equip", "level_up")
CONDITIONS = ("stunned", "webbed", "knocked_down", "charmed")


class _Word(StrEnum):
    """A word of the state: equal to its string, and shown like it in a state's ``repr``."""

    def __repr__(self) -> str:
        return repr(self.value)


class Phase(_Word):
    """Who is to act (spec 25): a mouse's turn, a captured mouse's turn, the GM, or nobody."""

    TURN = "turn"
    CAPTURED = "captured"  #: MM-CAPT-5: rescue or skip
    GM = "gm"  #: a minion group or a charmed mouse (MM-MIN-2, MM-COND-4)
    OVER = "over"  #: MM-END-8


class MoveState(_Word):
    """A mouse's move this turn (MM-TURN-4: it is not split around the action)."""

    UNUSED = "unused"
    IN_PROGRESS = "in_progress"
    DONE = "done"


class ActionState(_Word):
    """A mouse's action this turn (MM-TURN-1/2)."""

    UNUSED = "unused"
    DONE = "done"
    DECLINED = "declined"


class EndReason(_Word):
    """Why a chapter ended (``Outcome.reason``)."""

    VICTORY = "victory"  #: MM-END-2
    PAGES_RAN_OUT = "pages_ran_out"  #: MM-END-5
    ALL_CAPTURED = "all_captured"  #: MM-CAPT-7


#: each ending in English (``MMState.reason`` holds it; a screen translates it)
END_TEXTS = {
    EndReason.VICTORY: "the chapter's victory conditions are met (MM-END-2)",
    EndReason.PAGES_RAN_OUT: "the pages ran out before the victory conditions were met (MM-END-5)",
    EndReason.ALL_CAPTURED: "every mouse of the party is captured (MM-CAPT-7)",
}


@dataclass(frozen=True)
class Mouse:
    id: str
    name: str
    profile: str
    klass: str  #: the ability class (MM-LEVEL-1)
    player: str  #: the seat that plays it (hot-seat)
    move: int
    battle: int
    defence: int
    life: int
    cell: str = ""  #: "" while captured (off the board, MM-CAPT-3)
    wounds: int = 0
    poison: int = 0  #: how many of the wounds are poisoned (MM-COND-5)
    cheese: int = 0
    equipped: tuple[str, ...] = ()
    pack: tuple[str, ...] = ()
    starting: tuple[str, ...] = ()  #: its starting equipment (MM-CAPT-2, MM-CAMP-2)
    abilities: tuple[str, ...] = ()
    captured: bool = False
    stunned: bool = False
    webbed: bool = False
    knocked_down: bool = False
    charmed: bool = False
    searched: tuple[str, ...] = ()  #: tiles it searched successfully (MM-SEARCH-5)
    personal_ach: tuple[str, ...] = ()  #: MM-ACH-2

    @property
    def health(self) -> int:
        return self.life - self.wounds

    @property
    def active(self) -> bool:
        return not self.captured

    @property
    def cards(self) -> tuple[str, ...]:
        return self.equipped + self.pack

    @property
    def conditions(self) -> tuple[str, ...]:
        return tuple(c for c in CONDITIONS if getattr(self, c))


@dataclass(frozen=True)
class Minion:
    id: str
    kind: str  #: the minion card (data/minions.json)
    name: str
    cell: str
    tile: str
    size: str = "small"  #: MM-OCC-1
    wounds: int = 0
    knocked_down: bool = False  #: MM-COND-3 (large creatures never fall)


@dataclass(frozen=True)
class Turn:
    """A mouse's turn in progress (spec 25.2)."""

    mouse: str
    mp: int = 0
    d3: int = 0
    move_state: MoveState = MoveState.UNUSED
    action_state: ActionState = ActionState.UNUSED
    action: str = ""  #: the action taken
    free_used: tuple[str, ...] = ()
    ability_used: bool = False  #: MM-LEVEL-2
    scurried: bool = False


@dataclass(frozen=True)
class Pending:
    """A choice the rules wait for in the middle of an action: a found item (MM-SEARCH-4) or a
    discard from a too-full pack (MM-EQUIP-3)."""

    kind: str  #: "find" or "discard"
    mouse: str
    item: str = ""


@dataclass(frozen=True)
class MMState:
    map: str
    #: the chapter played, read once from the map's chapter file; shown as its id, so a state's
    #: fingerprint names the chapter as it names the map
    chapter: Chapter
    cfg: MMConfig
    mice: tuple[Mouse, ...]
    minions: tuple[Minion, ...]
    tile: str  #: the tile the party is on: "the board" (MM-GEO-12)
    order: tuple[str, ...] = ()  #: initiative order of entity ids (MM-ROUND)
    init_rolls: tuple[tuple[str, int], ...] = ()  #: each entity's first initiative roll
    index: int = 0
    round: int = 1
    phase: Phase = Phase.TURN
    turn: Turn | None = None
    pending: tuple[Pending, ...] = ()
    wheel: int = 0  #: MM-WHEEL-1
    page: int = 1
    end_page: int = 5
    group_items: tuple[str, ...] = ()  #: MM-GROUP
    story_ach: tuple[str, ...] = ()  #: MM-ACH-1
    search_decks: tuple[tuple[str, tuple[int, ...]], ...] = ()  #: tile -> card numbers left
    surge_deck: tuple[str, ...] = ()  #: surge cards left
    discarded: tuple[str, ...] = ()  #: cards out of the chapter
    result: str = ""  #: "", "won", "lost"
    reason: str = ""  #: the ending in English (one of ``END_TEXTS``)
    surges: int = 0
    next_minion: int = 1
    visited: tuple[str, ...] = ()  #: tiles the party has stood on
    #: live GM rulings (MM-ADJ-5, MM-LOS-4): (cell a, cell b, "adjacent"/"apart"/"sight"/"blocked")
    rulings: tuple[tuple[str, str, str], ...] = ()

    @property
    def end_reason(self) -> EndReason | None:
        """Why the chapter ended, None while it goes on."""
        if not self.result:
            return None
        for reason, text in END_TEXTS.items():
            if self.reason == text:
                return reason
        return EndReason.VICTORY if self.result == "won" else EndReason.PAGES_RAN_OUT

    # ------------------------------------------------------------------ lookups
    def mouse(self, mouse_id: str) -> Mouse:
        return by_id(self.mice, mouse_id)

    def has_mouse(self, mouse_id: str) -> bool:
        return has_id(self.mice, mouse_id)

    def minion(self, minion_id: str) -> Minion:
        return by_id(self.minions, minion_id)

    def has_minion(self, minion_id: str) -> bool:
        return has_id(self.minions, minion_id)

    def with_mouse(self, mouse: Mouse) -> MMState:
        return replace(self, mice=replacing(self.mice, mouse))

    def with_minion(self, minion: Minion) -> MMState:
        return replace(self, minions=replacing(self.minions, minion))

    def without_minion(self, minion_id: str) -> MMState:
        return replace(self, minions=tuple(m for m in self.minions if m.id != minion_id))

    @property
    def active_mice(self) -> tuple[Mouse, ...]:
        return tuple(m for m in self.mice if m.active)

    @property
    def minions_on_board(self) -> tuple[Minion, ...]:
        """MM-GEO-12: minions on the party's tile (pre-placed ones elsewhere do not count)."""
        return tuple(m for m in self.minions if m.tile == self.tile)

    @property
    def acting(self) -> str:
        return self.order[self.index] if self.order and 0 <= self.index < len(self.order) else ""

    def init_roll(self, entity: str) -> int:
        return value_of(self.init_rolls, entity, 0)

    def initiative_rank(self, entity: str) -> int:
        """Position in the order (0 = first); entities not in it come last."""
        return self.order.index(entity) if entity in self.order else len(self.order)

    def deck(self, tile: str) -> tuple[int, ...]:
        return value_of(self.search_decks, tile, ())

    def with_deck(self, tile: str, cards: tuple[int, ...]) -> MMState:
        return replace(self, search_decks=with_value(self.search_decks, tile, cards))
