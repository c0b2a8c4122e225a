"""The dice maths of "...And One for All!": scores, comparisons, dice counts, hit tables, markers.

Pure functions over plain values; every result is a frozen dataclass and cites its rule ID
(``OFA-...``, see ``shared/rules/one_for_all.md``). Nothing here knows about positions: a
Pushed Back row is handed to the caller as a :class:`PushBack`, the caller asks geometry where the
figure goes and says whether it was blocked (OFA-5D.2), and the batch carries on.

    >>> score((6, 6, 6, 2))
    8
    >>> c = compare((6, 6), (5, 2), duel=False)
    >>> c.winner, c.hits_to_defender
    (<Side.ATTACKER: 'attacker'>, 2)
    >>> table_rows(HitTable.DUELLING, 2)
    (<Result.PUSHED_BACK: 'pushed_back'>, <Result.WOUNDED: 'wounded'>)
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from types import MappingProxyType
from typing import Any

from game.core.dice import Dice

Faces = tuple[int, ...]

SIDES = 6
SIX = 6
ONE = 1
#: OFA-5D.12: the third wound knocks a figure out.
WOUNDS_TO_FALL = 3


# --------------------------------------------------------------------------- score (OFA-0.5)

def _faces(faces: Iterable[int]) -> Faces:
    try:
        out = tuple(operator.index(face) for face in faces)
    except TypeError as exc:
        raise ValueError(f"dice faces are whole numbers: {faces!r}") from exc
    for face in out:
        if not 1 <= face <= SIDES:
            raise ValueError(f"{face!r} is not a face of a d{SIDES}")
    return out


def score(faces: Iterable[int]) -> int:
    """OFA-0.5 / OFA-3C.1 / OFA-3C.3: the highest die; each 6 beyond the first adds 1.

    ``score([2, 3, 3, 5]) == 5``, ``score([6, 6]) == 7``, ``score([6, 6, 6, 2]) == 8``,
    ``score([]) == 0`` (OFA-0.6: no dice score 0).
    """
    rolled = _faces(faces)
    if not rolled:
        return 0
    sixes = rolled.count(SIX)
    return SIX + sixes - 1 if sixes >= 2 else max(rolled)


def count_ones(faces: Iterable[int]) -> int:
    """How many dice show a 1 (OFA-3A.1; OFA-7.3 and OFA-7.4 count individual dice)."""
    return _faces(faces).count(ONE)


def has_one(faces: Iterable[int]) -> bool:
    """OFA-3A.1: does this roll show a 1? (``has_one([]) is False``: zero dice show nothing.)"""
    return count_ones(faces) > 0


def deciding_dice(faces: Iterable[int]) -> tuple[int, ...]:
    """Indices of the dice that make the score (for highlighting): every 6 when two or more
    were rolled (OFA-3C.3), else the first die showing the highest face; ``()`` for no dice."""
    rolled = _faces(faces)
    if not rolled:
        return ()
    if rolled.count(SIX) >= 2:
        return tuple(i for i, face in enumerate(rolled) if face == SIX)
    return (rolled.index(max(rolled)),)


# --------------------------------------------------------------------------- comparison (OFA-3C)

class Side(Enum):
    ATTACKER = "attacker"
    DEFENDER = "defender"


@dataclass(frozen=True)
class Comparison:
    """The opposed roll of an attack or a duel, read with OFA-3C.7."""

    attacker_faces: Faces
    defender_faces: Faces
    attacker_score: int
    defender_score: int
    duel: bool
    winner: Side
    tie: bool
    hits_to_defender: int
    hits_to_attacker: int
    #: indices of the dice that made each score (see :func:`deciding_dice`)
    attacker_deciding: tuple[int, ...]
    defender_deciding: tuple[int, ...]
    #: the rule that decided the hits: OFA-3C.4 (difference), OFA-3C.2 (tie), OFA-3C.5 (a
    #: swashbuckling attacker that lost takes nothing) or OFA-4.5 (a duel attacker that lost)
    rule: str

    @property
    def loser(self) -> Side:
        return Side.DEFENDER if self.winner is Side.ATTACKER else Side.ATTACKER

    @property
    def margin(self) -> int:
        """Attacker score minus defender score."""
        return self.attacker_score - self.defender_score

    @property
    def hits(self) -> int:
        """Hits the loser takes (0 when a swashbuckling attacker loses, OFA-3C.5)."""
        return self.hits_to_defender if self.winner is Side.ATTACKER else self.hits_to_attacker


def compare(attacker_faces: Iterable[int], defender_faces: Iterable[int], *, duel: bool,
            tie_hits: int = 1) -> Comparison:
    """OFA-3C.7 (and OFA-4.4 for duels): higher score wins, ties go to the attacker.

    A > D: the defender takes A − D hits (OFA-3C.4). A = D: the attacker wins and the defender
    takes ``tie_hits`` (``cfg.tie_hits``, OFA-3C.2 / OFA-AMB-2). A < D: nothing in a
    swashbuckling attack (OFA-3C.5); in a duel the attacker takes D − A (OFA-4.5).
    """
    if tie_hits < 0:
        raise ValueError(f"tie_hits must be 0 or more, not {tie_hits}")
    attacker, defender = _faces(attacker_faces), _faces(defender_faces)
    a, d = score(attacker), score(defender)
    to_defender = to_attacker = 0
    if a > d:
        winner, rule, to_defender = Side.ATTACKER, "OFA-3C.4", a - d
    elif a == d:
        winner, rule, to_defender = Side.ATTACKER, "OFA-3C.2", tie_hits
    elif duel:
        winner, rule, to_attacker = Side.DEFENDER, "OFA-4.5", d - a
    else:
        winner, rule = Side.DEFENDER, "OFA-3C.5"
    return Comparison(attacker, defender, a, d, duel, winner, a == d, to_defender, to_attacker,
                      deciding_dice(attacker), deciding_dice(defender), rule)


def opposed_roll(dice: Dice, attacker_dice: int, defender_dice: int, *, duel: bool,
                 tie_hits: int = 1) -> Comparison:
    """Roll the attacker's dice, then the defender's, from ``dice`` and :func:`compare` them."""
    attacker = dice.roll(attacker_dice)
    defender = dice.roll(defender_dice)
    return compare(attacker, defender, duel=duel, tie_hits=tie_hits)


# --------------------------------------------------------------------------- dice counts

@dataclass(frozen=True)
class DuelBonuses:
    """OFA-4A: duellist bonuses, +1 die each, cumulative."""

    elevation: bool = False  #: OFA-4A.1: standing ≥ ``cfg.elev_min`` above the opponent
    supporting_friends: int = 0  #: OFA-4A.2: conscious friends in contact with the opponent
    opponent_unarmed: bool = False  #: OFA-4A.3 = OFA-5D.7 (counted once)
    momentum: bool = False  #: OFA-4A.4 / OFA-7.2

    def __post_init__(self) -> None:
        if self.supporting_friends < 0:
            raise ValueError(f"supporting_friends must be 0 or more, not {self.supporting_friends}")

    @property
    def dice(self) -> int:
        return (int(self.elevation) + self.supporting_friends + int(self.opponent_unarmed)
                + int(self.momentum))


def _bonus_dice(bonuses: int | DuelBonuses) -> int:
    extra = bonuses.dice if isinstance(bonuses, DuelBonuses) else int(bonuses)
    if extra < 0:
        raise ValueError(f"duel bonuses must be 0 or more, not {extra}")
    return extra


def _floored(count: int, stunned: bool, min_dice: int) -> int:
    """OFA-5D.3: a Stunned figure rolls one die fewer; OFA-0.6: never below ``cfg.min_dice``."""
    if min_dice < 0:
        raise ValueError(f"min_dice must be 0 or more, not {min_dice}")
    return max(min_dice, count - int(stunned))


def _check(name: str, value: int) -> int:
    if value < 0:
        raise ValueError(f"{name} must be 0 or more, not {value}")
    return value


def swashbuckling_dice(pool: int, stunned: bool = False, *, min_dice: int = 0) -> int:
    """OFA-3.3 / OFA-3D.1: the active figure rolls its pool (actions this activation), −1 if
    Stunned (OFA-5D.3), floored at ``min_dice`` (OFA-0.6). ``swashbuckling_dice(3) == 3``."""
    return _floored(_check("pool", pool), stunned, min_dice)


def swashbuckling_target_dice(rating: int, stunned: bool = False, *, min_dice: int = 0) -> int:
    """OFA-3.4 / OFA-3B.1: the target of a swashbuckling attack rolls its rating, −1 if
    Stunned, floored (OFA-0.6). ``swashbuckling_target_dice(1, stunned=True) == 0``."""
    return _floored(_check("rating", rating), stunned, min_dice)


def duel_dice(pool: int, rating: int, bonuses: int | DuelBonuses = 0, stunned: bool = False, *,
              min_dice: int = 0) -> int:
    """OFA-4.3: the challenger rolls pool + rating + bonuses (OFA-4A) − 1 if Stunned, floored.
    A pool of 0 is allowed (OFA-AMB-10). ``duel_dice(2, 3, DuelBonuses(elevation=True,
    supporting_friends=1)) == 7``."""
    total = _check("pool", pool) + _check("rating", rating) + _bonus_dice(bonuses)
    return _floored(total, stunned, min_dice)


def defence_dice(rating: int, bonuses: int | DuelBonuses = 0, stunned: bool = False, *,
                 min_dice: int = 0) -> int:
    """OFA-4.3: the duel defender rolls rating + bonuses − 1 if Stunned, floored (OFA-0.6).
    ``defence_dice(2, DuelBonuses(supporting_friends=1)) == 3``."""
    return _floored(_check("rating", rating) + _bonus_dice(bonuses), stunned, min_dice)


# --------------------------------------------------------------------------- hit tables (OFA-5)

class Result(Enum):
    """A row of a hit table (OFA-5A / OFA-5B)."""

    PUSHED_BACK = "pushed_back"
    STUNNED = "stunned"
    DROPPED_WEAPON = "dropped_weapon"
    WOUNDED = "wounded"


class HitTable(Enum):
    SWASHBUCKLING = "swashbuckling"  #: OFA-5A.1 «Лихие Удары»
    DUELLING = "duelling"  #: OFA-5B.1 «Дуэльные Выпады»

    @property
    def rule(self) -> str:
        return "OFA-5A.1" if self is HitTable.SWASHBUCKLING else "OFA-5B.1"

    @property
    def first_rows(self) -> tuple[Result, ...]:
        """Rows 1–3; every row from 4 on is Wounded (OFA-5D.11)."""
        return _FIRST_ROWS[self]


_FIRST_ROWS: dict[HitTable, tuple[Result, ...]] = {
    # OFA-5A.1: 1 Pushed Back, 2 Stunned, 3 Dropped Weapon, 4+ Wounded
    HitTable.SWASHBUCKLING: (Result.PUSHED_BACK, Result.STUNNED, Result.DROPPED_WEAPON),
    # OFA-5B.1: 1 Pushed Back, 2 Wounded (sic, not Stunned), 3 Dropped Weapon, 4+ Wounded
    HitTable.DUELLING: (Result.PUSHED_BACK, Result.WOUNDED, Result.DROPPED_WEAPON),
}


def table_row(table: HitTable, row: int) -> Result:
    """Row ``row`` (1-based) of a hit table; rows 4+ are Wounded (OFA-5D.11)."""
    if row < 1:
        raise ValueError(f"hit table rows start at 1, not {row}")
    first = _FIRST_ROWS[table]
    return first[row - 1] if row <= len(first) else Result.WOUNDED


def table_rows(table: HitTable, hits: int) -> tuple[Result, ...]:
    """OFA-5.4: ``hits`` hits in one resolution are rows 1..hits, starting at row 1 each time.
    ``table_rows(HitTable.SWASHBUCKLING, 3) == (PUSHED_BACK, STUNNED, DROPPED_WEAPON)``."""
    return tuple(table_row(table, row) for row in range(1, _check("hits", hits) + 1))


def hit_table(*, duel: bool, winner_unarmed: bool = False) -> HitTable:
    """Which table converts the hits: swashbuckling attacks use OFA-5A (OFA-3C.4), duels OFA-5B
    (OFA-4.6), except that an unarmed duel winner inflicts Swashbuckling hits (OFA-5D.8)."""
    return HitTable.DUELLING if duel and not winner_unarmed else HitTable.SWASHBUCKLING


def split_hits(table: HitTable, total: int, shares: Sequence[int]) -> tuple[tuple[Result, ...], ...]:
    """OFA-5C.1: the duel winner splits ``total`` hits among the losing group as it likes; every
    hit is allocated, a figure may get 0, and each share is read from row 1 of the table.
    ``split_hits(DUELLING, 3, (1, 2)) == ((PUSHED_BACK,), (PUSHED_BACK, WOUNDED))``."""
    if any(share < 0 for share in shares):
        raise ValueError(f"a share of hits cannot be negative: {tuple(shares)}")
    if sum(shares) != total:
        raise ValueError(f"shares {tuple(shares)} do not add up to the {total} hits (OFA-5C.1)")
    return tuple(table_rows(table, share) for share in shares)


def hits_with_damage_bonus(hits: int, *, object_bonus: int = 0, fall_bonus: int = 0) -> int:
    """OFA-7.1 (``cfg.object_damage_bonus``): +1/+2 hits for a large/very large object or a fall;
    the two do not stack (the larger counts) and apply only when there is at least one hit.
    ``hits_with_damage_bonus(2, object_bonus=1) == 3``; ``hits_with_damage_bonus(0, object_bonus=2)
    == 0``."""
    for name, bonus in (("object_bonus", object_bonus), ("fall_bonus", fall_bonus)):
        if not 0 <= bonus <= 2:
            raise ValueError(f"{name} is 0, 1 or 2 (OFA-7.1), not {bonus}")
    if _check("hits", hits) == 0:
        return 0
    return hits + max(object_bonus, fall_bonus)


# --------------------------------------------------------------------------- markers (OFA-5.4, 5D)

@dataclass(frozen=True)
class FigureMarkers:
    """OFA-5.2: a figure's setbacks and wounds. Unconscious at three wounds (OFA-5D.12)."""

    stunned: bool = False
    unarmed: bool = False
    wounds: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.wounds <= WOUNDS_TO_FALL:
            raise ValueError(f"wounds are 0..{WOUNDS_TO_FALL}, not {self.wounds}")

    @property
    def unconscious(self) -> bool:
        return self.wounds >= WOUNDS_TO_FALL


class Effect(Enum):
    """What one step of a batch of hits did; :data:`EFFECT_RULES` names the rule of each."""

    PUSHED_BACK = "pushed_back"  #: moved straight back until it touched something
    PUSH_BLOCKED = "push_blocked"  #: already against something: counts as Stunned
    STUNNED = "stunned"  #: Stunned marker placed
    STUNNED_AGAIN = "stunned_again"  #: already Stunned: drops its weapon instead
    DROPPED_WEAPON = "dropped_weapon"  #: Dropped Weapon marker placed
    DROPPED_AGAIN = "dropped_again"  #: already unarmed: takes a wound instead
    WOUNDED = "wounded"  #: one wound
    UNCONSCIOUS = "unconscious"  #: third wound: knocked out, laid down as an obstacle
    DAMAGE_BONUS = "damage_bonus"  #: a fall during the push-back added rows (OFA-7.1)
    DISCARDED = "discarded"  #: a row left after the figure went down


EFFECT_RULES: Mapping[Effect, str] = MappingProxyType({
    Effect.PUSHED_BACK: "OFA-5D.1",
    Effect.PUSH_BLOCKED: "OFA-5D.2",
    Effect.STUNNED: "OFA-5D.3",
    Effect.STUNNED_AGAIN: "OFA-5D.4",
    Effect.DROPPED_WEAPON: "OFA-5D.6",
    Effect.DROPPED_AGAIN: "OFA-5D.9",
    Effect.WOUNDED: "OFA-5D.11",
    Effect.UNCONSCIOUS: "OFA-5D.12",
    Effect.DAMAGE_BONUS: "OFA-7.1",
    Effect.DISCARDED: "OFA-5D.12",
})


@dataclass(frozen=True)
class Step:
    """One applied step: the table row it came from, what happened, the rule, the markers after."""

    row: int
    effect: Effect
    rule: str
    markers: FigureMarkers


@dataclass(frozen=True)
class PushBack:
    """A Pushed Back row waiting for geometry (OFA-5D.1): resolve it with
    :meth:`HitResolution.resolve_push`, saying whether the figure was blocked (OFA-5D.2)."""

    row: int
    rule: str = "OFA-5D.1"


def _step(row: int, effect: Effect, markers: FigureMarkers) -> Step:
    return Step(row, effect, EFFECT_RULES[effect], markers)


def _apply(markers: FigureMarkers, result: Result, row: int) -> tuple[FigureMarkers, list[Step]]:
    """Apply one non-push row with the OFA-5.4 cascades."""
    steps: list[Step] = []
    while True:
        if result is Result.STUNNED:
            if markers.stunned:  # OFA-5D.4: stunned twice -> Dropped Weapon (stays Stunned)
                steps.append(_step(row, Effect.STUNNED_AGAIN, markers))
                result = Result.DROPPED_WEAPON
                continue
            markers = replace(markers, stunned=True)
            steps.append(_step(row, Effect.STUNNED, markers))
        elif result is Result.DROPPED_WEAPON:
            if markers.unarmed:  # OFA-5D.9: dropped twice -> a wound
                steps.append(_step(row, Effect.DROPPED_AGAIN, markers))
                result = Result.WOUNDED
                continue
            markers = replace(markers, unarmed=True)
            steps.append(_step(row, Effect.DROPPED_WEAPON, markers))
        elif result is Result.WOUNDED:
            markers = replace(markers, wounds=markers.wounds + 1)
            steps.append(_step(row, Effect.WOUNDED, markers))
            if markers.unconscious:
                steps.append(_step(row, Effect.UNCONSCIOUS, markers))
        else:
            raise ValueError(f"{result} needs geometry: resolve it as a PushBack")
        return markers, steps


@dataclass(frozen=True)
class HitResolution:
    """A batch of hits on one figure, applied row by row (OFA-5.4); immutable, so it can sit in
    a match state. Start with :func:`start_hits`; while :attr:`pending_push` is set, ask geometry
    and call :meth:`resolve_push`; when :attr:`done`, read :attr:`markers` and :attr:`steps`.
    """

    markers: FigureMarkers
    rows: tuple[Result, ...]
    steps: tuple[Step, ...] = ()
    next_row: int = 1
    pending_push: PushBack | None = None

    @property
    def done(self) -> bool:
        return self.pending_push is None and self.next_row > len(self.rows)

    def resolve_push(self, *, blocked: bool,
                     extra_rows: Sequence[Result] = ()) -> HitResolution:
        """Finish the pending Pushed Back row and carry on to the next push or the end.

        ``blocked``: the figure was already against something in the push direction (OFA-5D.2),
        so the row counts as Stunned and cascades (OFA-5D.4, OFA-5D.9). ``extra_rows``: rows a
        fall during this push adds (OFA-7.1, ``push_edge="fall"``); they extend the batch, e.g.
        ``more_rows(table, len(res.rows), 2)``. Object and fall bonuses do not stack, so when an
        object bonus was already counted pass only ``max(0, fall_bonus - object_bonus)`` rows.
        """
        if self.pending_push is None:
            raise ValueError("no Pushed Back row is waiting to be resolved")
        row = self.pending_push.row
        markers, steps = self.markers, list(self.steps)
        if blocked:
            steps.append(_step(row, Effect.PUSH_BLOCKED, markers))
            markers, more = _apply(markers, Result.STUNNED, row)
            steps += more
        else:
            steps.append(_step(row, Effect.PUSHED_BACK, markers))
        if extra_rows:
            steps.append(_step(row, Effect.DAMAGE_BONUS, markers))
        return HitResolution(markers, self.rows + tuple(extra_rows), tuple(steps), row + 1,
                             None)._advance()

    def _advance(self) -> HitResolution:
        markers, steps, row = self.markers, list(self.steps), self.next_row
        while row <= len(self.rows):
            if markers.unconscious:  # OFA-5D.12: the rest of the batch is discarded
                steps += [_step(r, Effect.DISCARDED, markers)
                          for r in range(row, len(self.rows) + 1)]
                row = len(self.rows) + 1
                break
            result = self.rows[row - 1]
            if result is Result.PUSHED_BACK:
                return HitResolution(markers, self.rows, tuple(steps), row, PushBack(row))
            markers, more = _apply(markers, result, row)
            steps += more
            row += 1
        return HitResolution(markers, self.rows, tuple(steps), row, None)


def start_hits(markers: FigureMarkers, rows: Sequence[Result]) -> HitResolution:
    """Begin applying ``rows`` (from :func:`table_rows`) to a figure; runs up to the first
    Pushed Back row or the end."""
    return HitResolution(markers, tuple(rows))._advance()


def more_rows(table: HitTable, rows_so_far: int, extra: int) -> tuple[Result, ...]:
    """Rows ``rows_so_far + 1 .. rows_so_far + extra`` of a table: what OFA-7.1 extra hits add."""
    return tuple(table_row(table, row)
                 for row in range(rows_so_far + 1, rows_so_far + _check("extra", extra) + 1))


PushBlocked = bool | Sequence[bool] | Callable[[int], bool]


def apply_hits(markers: FigureMarkers, rows: Sequence[Result], *,
               pushed_blocked: PushBlocked = False) -> tuple[FigureMarkers, tuple[Step, ...]]:
    """OFA-5.4: apply a whole batch at once when the caller already knows the push outcomes.

    ``pushed_blocked`` is one flag for every push row, a list with one flag per push row in
    order, or a function of the row number. Returns the new markers and the applied steps.
    ``apply_hits(FigureMarkers(), table_rows(HitTable.SWASHBUCKLING, 5))[0] ==
    FigureMarkers(stunned=True, unarmed=True, wounds=2)`` (OFA-TV-S6a).
    """
    resolution = start_hits(markers, rows)
    pushes = 0
    while resolution.pending_push is not None:
        row = resolution.pending_push.row
        if isinstance(pushed_blocked, bool):
            blocked = pushed_blocked
        elif callable(pushed_blocked):
            blocked = bool(pushed_blocked(row))
        else:
            if pushes >= len(pushed_blocked):
                raise ValueError(f"no blocked flag for push row {row} (push #{pushes + 1})")
            blocked = bool(pushed_blocked[pushes])
        pushes += 1
        resolution = resolution.resolve_push(blocked=blocked)
    return resolution.markers, resolution.steps


# --------------------------------------------------------------------------- initiative (OFA-3A, 7)

COUNT_ONES_PER_DIE = "die"
COUNT_ONES_PER_ROLL = "roll"


@dataclass(frozen=True)
class InitiativeRules:
    """The flags that change how 1s are counted (OFA-0.7); any cfg with these names will do."""

    extended_swashbuckling: bool = False  #: OFA-7.3
    extended_turn: bool = False  #: OFA-7.4 (both on: OFA-7.5)
    #: OFA-AMB-7: "die" counts every die showing 1 (recommended), "roll" counts a roll once
    count_ones_per: str = COUNT_ONES_PER_DIE


@dataclass(frozen=True)
class OnesCounters:
    """OFA-SM.1: ``fig_ones`` (OFA-7.3, per activation) and ``turn_fails`` (OFA-7.4, per turn)."""

    figure_ones: int = 0
    turn_fails: int = 0

    def new_activation(self) -> OnesCounters:
        """OFA-AMB-7: the figure's count starts again with each activation."""
        return replace(self, figure_ones=0)

    def new_turn(self) -> OnesCounters:
        """A new player turn starts both counts again."""
        return OnesCounters()


@dataclass(frozen=True)
class InitiativeCheck:
    """The OFA-SM.2 ``ONES(k)`` step after a roll is fully resolved (OFA-3A.2). Truthy when the
    initiative passes to the other player."""

    ones: int
    activation_ends: bool
    initiative_lost: bool
    counters: OnesCounters
    rule: str

    def __bool__(self) -> bool:
        return self.initiative_lost


_DEFAULT_RULES = InitiativeRules()


ActiveRolls = Iterable[int] | Iterable[Iterable[int]]


def _rolls(active_rolls: ActiveRolls) -> list[Faces]:
    """One roll (faces) or several rolls (a list of faces) as a list of rolls."""
    items: list[Any] = list(active_rolls)
    if all(isinstance(item, Iterable) for item in items) and items:
        return [_faces(item) for item in items]
    return [_faces(items)]


def _ones_in(active_rolls: ActiveRolls, per: str) -> int:
    rolls = _rolls(active_rolls)
    if per == COUNT_ONES_PER_DIE:
        return sum(count_ones(r) for r in rolls)
    if per == COUNT_ONES_PER_ROLL:
        return sum(1 for r in rolls if has_one(r))
    raise ValueError(f"count_ones_per is {COUNT_ONES_PER_DIE!r} or {COUNT_ONES_PER_ROLL!r}, "
                     f"not {per!r}")


def loses_initiative(active_rolls: ActiveRolls, cfg: object | None = None,
                     counters: OnesCounters | None = None) -> InitiativeCheck:
    """Does the active player lose the initiative after this roll? (OFA-3A.1, OFA-SM.4)

    ``active_rolls``: the faces the active player rolled for an action or a duel (one roll, or
    several), never the defender's dice or a roll-off (OFA-AMB-6). ``cfg``: anything with
    ``extended_swashbuckling`` / ``extended_turn`` (and optionally ``count_ones_per``), default
    base rules. ``counters``: the counts before this roll (default: none yet).

    Base rules: any 1 loses the initiative (OFA-3A.1). OFA-7.3: the figure fails at its second 1
    this activation. OFA-7.4: each failure ends the activation and is a strike, a roll with k 1s
    is k strikes; the second strike this turn loses the initiative. OFA-7.5: both, where a failing
    roll's 1s beyond the figure's second are extra strikes.
    ``bool(loses_initiative([1, 5]))`` is True; ``bool(loses_initiative([4, 5]))`` is False.
    """
    rules = cfg if cfg is not None else _DEFAULT_RULES
    counters = counters if counters is not None else OnesCounters()
    swash = bool(getattr(rules, "extended_swashbuckling", False))
    turn = bool(getattr(rules, "extended_turn", False))
    per = str(getattr(rules, "count_ones_per", COUNT_ONES_PER_DIE))
    ones = _ones_in(active_rolls, per)
    rule = "OFA-7.5" if swash and turn else "OFA-7.3" if swash else "OFA-7.4" if turn else "OFA-3A.1"
    if ones == 0:
        return InitiativeCheck(0, False, False, counters, rule)
    if not (swash or turn):
        return InitiativeCheck(ones, True, True, counters, rule)
    if swash:
        counters = replace(counters, figure_ones=counters.figure_ones + ones)
        if counters.figure_ones < 2:  # OFA-7.3: the first 1 of the activation is forgiven
            return InitiativeCheck(ones, False, False, counters, rule)
        if not turn:
            return InitiativeCheck(ones, True, True, counters, rule)
        strikes = 1 + max(0, counters.figure_ones - 2)  # OFA-7.5
    else:
        strikes = ones  # OFA-7.4: each die showing 1 is one strike
    counters = replace(counters, turn_fails=counters.turn_fails + strikes)
    return InitiativeCheck(ones, True, counters.turn_fails >= 2, counters, rule)
