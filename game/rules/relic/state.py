"""The state of a Relic game (spec section 9), as frozen values.

Cards are stored whole (REL-EXT-2: a trophy keeps its attribute and value), so a state explains
itself without the data files; names and texts for display are looked up by ``id``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from game.core.pairs import value_of, with_value, without
from game.rules.relic.config import RelicConfig

WIN, LOSE, TIE = "WIN", "LOSE", "TIE"  #: REL-SEQ-6


class _Word(StrEnum):
    """A StrEnum that reprs like the string it replaced, so saved games keep their digests."""

    def __repr__(self) -> str:
        return repr(self.value)


class Phase(_Word):
    """Where the turn is (spec section 9)."""

    MOVEMENT = "movement"  #: roll to move, cross a link, or step on the Inner tier
    MOVE_CHOICE = "move_choice"  #: the roll is made: pick where it takes you
    CHOICE = "choice"  #: a space asks for a decision
    ENGAGEMENT = "engagement"  #: battles in the order the player picks, then strangers
    BATTLE = "battle"  #: a battle is under way (its step in ``Battle.step``)
    CONFRONTATION = "confrontation"  #: the scenario's test (REL-WIN-7)
    OVER = "over"


class BattleStep(_Word):
    """Where a battle is (spec 9.2)."""

    PREPARE = "prepare"  #: B2: declare wargear and power cards
    ENEMY_ROLL = "enemy_roll"  #: B3: the seat to the left rolls for the enemy
    PLAYER_ROLL = "player_roll"  #: B4: the active player rolls
    ADJUST = "adjust"  #: B4: changes to the player's own dice, then the scores


class EndReason(_Word):
    """How a game of Relic ended (``Outcome.reason``)."""

    CONFRONTATION = "confrontation"  #: a player met the scenario's Confrontation (REL-WIN-1)
    LIMIT = "limit"  #: the turn limit (a default): the most advanced player wins


@dataclass(frozen=True)
class Effect:
    """One line of a card's text: ``when`` it applies and ``what`` it does (REL-BTL-3)."""

    when: str  #: score, roll, win, lose, tie, meet, draw
    what: str
    n: int = 0
    arg: str = ""


@dataclass(frozen=True)
class Card:
    """A Threat card (or a guardian / scenario foe): REL-BTL-3's record."""

    uid: str  #: unique in the game
    id: str  #: the card's id in the data
    deck: str  #: red, blue, yellow; "space" for a guardian, "scenario" for a foe
    kind: str  #: enemy, stranger, event
    attribute: str = ""  #: enemy: strength, willpower or cunning
    value: int = 0
    effects: tuple[Effect, ...] = ()

    def effects_when(self, when: str) -> tuple[Effect, ...]:
        return tuple(e for e in self.effects if e.when == when)


@dataclass(frozen=True)
class Power:
    """A power card in hand: a battle bonus, or a way to change one of your own dice."""

    uid: str
    id: str
    kind: str  #: bonus, reroll, add1, set6
    attribute: str = ""
    bonus: int = 0


@dataclass(frozen=True)
class Item:
    """A piece of wargear (REL-SEQ-2: one weapon and one armour per battle)."""

    uid: str
    id: str
    kind: str  #: weapon or armour
    attribute: str  #: the battle type it helps in, or "any"
    bonus: int

    def applies(self, attribute: str) -> bool:
        return self.attribute in ("any", attribute)


@dataclass(frozen=True)
class Hero:
    """A player's character (Strength, Willpower, Cunning, Life) and everything it holds."""

    player: str
    character: str
    strength: int
    willpower: int
    cunning: int
    life: int
    max_life: int
    start: str  #: the starting space (REL-OUT-4 returns here)
    space: str
    ability: str = ""  #: extra_die, reroll, add1, set6
    ability_attribute: str = ""
    influence: int = 0
    items: tuple[Item, ...] = ()
    hand: tuple[Power, ...] = ()
    trophies: tuple[Card, ...] = ()
    mission: str = ""  #: the mission card held
    missions_completed: int = 0  #: REL-WIN-2
    relic: bool = False  #: REL-WIN-2 / REL-WIN-3
    skip_move: bool = False  #: misses the next move
    double_roll: bool = False  #: rolls two dice on the next move and uses either
    vanquished: int = 0  #: times vanquished (REL-OUT-4)

    def attribute(self, name: str) -> int:
        return int(getattr(self, name))

    def trophy_value(self, attribute: str = "") -> int:
        return sum(t.value for t in self.trophies if not attribute or t.attribute == attribute)


@dataclass(frozen=True)
class Pile:
    """A deck: cards to draw (top first) and its discard pile."""

    draw: tuple = ()
    discard: tuple = ()


@dataclass(frozen=True)
class Choice:
    """A decision a space asks for; ``resume`` is the space effect that comes after it."""

    kind: str  #: teleport, buy_wargear, keep_wargear, swap_wargear, swap_places, shift
    options: tuple[str, ...]
    optional: bool = True
    cell: str = ""
    resume: int = 0
    offered: tuple[Item, ...] = ()  #: keep_wargear: the cards looked at


@dataclass(frozen=True)
class Battle:
    """One battle in progress (spec 9.2: B1 to B7)."""

    enemy: Card
    attribute: str  #: REL-SEQ-1: the enemy's attribute
    cell: str
    step: BattleStep = BattleStep.PREPARE
    roller: str = ""  #: REL-SEQ-3: who rolls for the enemy ("" = the program)
    modifiers: tuple[tuple[str, int], ...] = ()  #: declared in B2: (source, value)
    armour: bool = False  #: an armour was declared
    enemy_chains: tuple[tuple[int, ...], ...] = ()
    player_chains: tuple[tuple[int, ...], ...] = ()
    player_adds: tuple[int, ...] = ()  #: additions to each die (never explode, REL-DICE-5)
    ability_used: bool = False
    confrontation: bool = False  #: the scenario's Confrontation (REL-WIN-7)


@dataclass(frozen=True)
class RelicState:
    map: str
    scenario: str
    seats: tuple[str, ...]  #: clockwise turn order (REL-SEQ-3)
    heroes: tuple[Hero, ...]
    cfg: RelicConfig
    #: threat cards lying on spaces: (cell id, cards in the order they arrived)
    threats: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    decks: tuple[tuple[str, Pile], ...] = ()  #: red, blue, yellow, power, wargear, mission
    active: int = 0  #: seat index of the active player
    round: int = 1
    turn: int = 1
    phase: Phase = Phase.MOVEMENT
    move_roll: tuple[int, ...] = ()
    move_options: tuple[str, ...] = ()
    blocked: bool = False  #: REL-OUT-2 / REL-OUT-3 / REL-ENG-3: no more dealings this turn
    choice: Choice | None = None
    battle: Battle | None = None
    winners: tuple[str, ...] = ()
    end_reason: str = ""  #: in words (``Outcome.reason`` is an ``EndReason``)
    next_uid: int = 1

    # ------------------------------------------------------------------ lookups
    @property
    def active_player(self) -> str:
        return self.seats[self.active]

    def hero(self, player: str) -> Hero:
        for h in self.heroes:
            if h.player == player:
                return h
        raise KeyError(player)

    @property
    def active_hero(self) -> Hero:
        return self.hero(self.active_player)

    def with_hero(self, hero: Hero) -> RelicState:
        return replace(self, heroes=tuple(hero if h.player == hero.player else h for h in self.heroes))

    def cards_on(self, cell: str) -> tuple[Card, ...]:
        return value_of(self.threats, cell, ())

    def with_cards_on(self, cell: str, cards: tuple[Card, ...]) -> RelicState:
        """A cell whose last card goes leaves the threats."""
        threats = with_value(self.threats, cell, cards) if cards else without(self.threats, cell)
        return replace(self, threats=threats)

    def enemies_on(self, cell: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards_on(cell) if c.kind == "enemy")

    def strangers_on(self, cell: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards_on(cell) if c.kind == "stranger")

    def pile(self, name: str) -> Pile:
        return value_of(self.decks, name, Pile())

    def with_pile(self, name: str, pile: Pile) -> RelicState:
        return replace(self, decks=with_value(self.decks, name, pile))

    def seat_left_of(self, player: str) -> str:
        """REL-SEQ-3: the next seat clockwise; "" (the program) when playing alone."""
        if len(self.seats) == 1:
            return ""
        i = self.seats.index(player)
        return self.seats[(i + 1) % len(self.seats)]

    def uid(self, prefix: str) -> tuple[str, RelicState]:
        return f"{prefix}-{self.next_uid}", replace(self, next_uid=self.next_uid + 1)
