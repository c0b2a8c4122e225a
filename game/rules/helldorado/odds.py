"""Exact odds of Helldorado's rolls (melee, shots, explosions, templates), by counting: no dice.

From a state and a command about to be given (what the UI has at hand):

* :func:`attack_odds` (``Fight``, ``Charge``, ``Retreat``, ``Focus``) → :class:`MeleeOdds`: both
  sides of the attack sequence (HD-MELEE-6..14), one-sided or not;
* :func:`shot_odds` (``Shoot``) → :class:`ShotOdds`: the hits (HD-RANGED-14..20) and, into or
  behind a fight, the odd/even check and the stray victims (HD-RANGED-21/22/24);
* :func:`blast_odds` (``ShootAt``, ``Blast``) → :class:`BlastOdds`: an explosion's roll to land
  (HD-EXPL-4/5), every caught unit in the rules' order (HD-EXPL-8, HD-TMPL-9/11/12) and hits a
  fight sends outside the template (HD-TMPL-14);
* :func:`odds_for`: whichever a command needs (None if it rolls nothing); :func:`reroll_odds`: a
  re-roll choice waiting. Each raises ``IllegalCommand`` where ``system.check`` would.

Where the numbers come from. The odds never work out a difficulty, a pool, a PR or who is
caught: they resolve the command through the rules (``system.apply``) with :class:`ProbeDice`
showing one face and read what the rules announce (``hd.shot``, ``hd.aim``, ``hd.roll``,
``hd.damage``, ``hd.explosion``, ``hd.template``, ``hd.blast_roll``, ``hd.redirect``,
``hd.blast_damage``). Choices before the dice (a table, HD-MELEE-24; who strikes,
HD-MELEE-21/22; the order of equally near units, HD-TMPL-12) are answered as the AI answers them
(``system.rank_command``). Tables, PR and base sizes come from the cards; a stray or redirected
victim's cover from the rules' ``in_cover`` and ``cover_bonus``.

The policy modelled (HD-0-6, HD-MELEE-11, HD-HOUSE-13): every miss that may be re-rolled is, left
to right, up to the re-rolls the pool gives (``Roll.default_choice``: the engine's default when
``cfg.ask_rerolls`` is off, and the AI's choice); which misses are re-rolled never changes the
hits, but a player who picks other misses gets other odds of a stray shot (HD-RANGED-21). All
hits are used (no reduction, HD-MELEE-11: the default and the AI's choice). Vae Victis
(HD-HOUSE-10) is an order given during a sequence: the odds before a command leave it out.

Method. One die is read through the rules' ``Roll`` (which faces hit, which are odd). With ``n``
dice and ``r`` re-rolls, ``m`` first-roll misses (``C(n, m)`` ways) and ``k`` of them re-rolled,
the dice are alike, so the final faces are ``n − m`` first-roll hits, ``m − k`` first-roll misses
and ``k`` fresh dice; their generating function in (hits, odd faces) is counted in whole numbers
over ``6**(n + min(r, n))`` and summed over ``m``, and only the final division rounds. Hits map
to LP through ``table_damage`` / ``lp_loss`` (blasts: ``power_loss``). In a blast the rolls at
different units are independent, except down an impact-blast chain (HD-TMPL-12: each unit gets
the misses left), whose hits per unit are followed over the dice left; a fighter outside the
template reached from several links of a chain needs a programme over (dice left, LP lost). LP
lost is capped at the unit's LP, so ``probs[-1]`` is ``p_kill``.

    >>> o = roll_odds(5, 3, 4)  # HD-TV-S2: CBT 8 against DEF 4
    >>> o.probs[0] == 1 / 256  # all five miss, then the three re-rolled miss too
    True
    >>> o.expected_hits  # 5/2 + E[min(misses, 3)]/2 = 5/2 + (73/32)/2
    3.640625
    >>> d = damage_odds("B", 20, o, (1, 2, 3, 5, 7), pr=2)  # T_sword against PR 2
    >>> round(d.expected_lp, 4), round(d.p_any_damage, 4)
    (2.5039, 0.8555)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from game.core.dice import DiceState
from game.geometry.cover import cover_bonus
from game.rules.engine import Event
from game.rules.helldorado import commands
from game.rules.helldorado.damage import weapon_table
from game.rules.helldorado.dice import Roll, lp_loss, pool, power_loss, table_damage
from game.rules.helldorado.spatial import in_cover
from game.rules.helldorado.state import HDState, Stage

if TYPE_CHECKING:
    from game.rules.helldorado.game import Helldorado

FACES = 6
MELEE_COMMANDS = (commands.Fight, commands.Charge, commands.Retreat, commands.Focus)
BLAST_COMMANDS = (commands.ShootAt, commands.Blast)


# ====================================================================== one die, one roll
@lru_cache(maxsize=64)
def _faces(diff: int) -> tuple[int, int, int, int]:
    """How many faces of a d6 are (hit and odd, hit and even, miss and odd, miss and even) at
    ``diff``, each face read by the rules' ``Roll`` (HD-MELEE-8, HD-RANGED-21)."""
    dice = [Roll((face,), diff) for face in range(1, FACES + 1)]
    ho, he = sum(d.hits * d.odd for d in dice), sum(d.hits * d.even for d in dice)
    return ho, he, sum(d.odd for d in dice) - ho, sum(d.even for d in dice) - he


@lru_cache(maxsize=256)
def _rerolled(dice: int, misses: int, rerolls: int) -> int:
    """How many of ``misses`` the policy re-rolls: the rules' default choice (HD-0-6)."""
    faces = (1,) * misses + (FACES,) * (dice - misses)
    return len(Roll(faces, FACES, rerolls).default_choice())


@lru_cache(maxsize=64)
def _stray(dice: int, odd: int) -> bool:
    """HD-RANGED-21 as the rules' ``Roll.stray`` reads ``odd`` odd faces among ``dice``."""
    return Roll((1,) * odd + (2,) * (dice - odd), FACES + 1).stray


def _binomial_row(n: int, a: int, b: int) -> list[int]:
    """Counts ``C(n, j) a**j b**(n−j)`` for j = 0..n."""
    return [math.comb(n, j) * a ** j * b ** (n - j) for j in range(n + 1)]


@lru_cache(maxsize=1024)
def _joint_counts(dice: int, rerolls: int, diff: int) -> tuple[tuple[tuple[int, ...], ...], int]:
    """Outcomes by (hits, odd faces) after the re-rolls: ``counts[hits][odd]``, and their sum."""
    ho, he, mo, me = _faces(diff)
    miss = mo + me
    most = _rerolled(dice, dice, rerolls)
    counts = [[0] * (dice + 1) for _ in range(dice + 1)]
    fresh: dict[int, dict[tuple[int, int], int]] = {}
    for m in range(dice + 1):
        k = _rerolled(dice, m, rerolls)
        ways = math.comb(dice, m) * miss ** k * FACES ** (most - k)
        if not ways:
            continue
        kept_hits = _binomial_row(dice - m, ho, he)  # odd faces among the hits kept
        kept_miss = _binomial_row(m - k, mo, me)  # odd faces among the misses kept
        if k not in fresh:
            fresh[k] = _fresh(k, ho, he, mo, me)
        for (a, ca), (b, cb) in itertools.product(enumerate(kept_hits), enumerate(kept_miss)):
            for (fh, fo), cf in fresh[k].items() if ca * cb else ():
                counts[dice - m + fh][a + b + fo] += ways * ca * cb * cf
    return tuple(tuple(row) for row in counts), FACES ** (dice + most)


def _fresh(k: int, ho: int, he: int, mo: int, me: int) -> dict[tuple[int, int], int]:
    """(hits, odd faces) of ``k`` fresh dice: counts over 6**k."""
    out: dict[tuple[int, int], int] = {(0, 0): 1}
    for _ in range(k):
        nxt: dict[tuple[int, int], int] = {}
        for (h, o), c in out.items():
            for dh, do, w in ((1, 1, ho), (1, 0, he), (0, 1, mo), (0, 0, me)):
                if w:
                    key = (h + dh, o + do)
                    nxt[key] = nxt.get(key, 0) + c * w
        out = nxt
    return out


@dataclass(frozen=True)
class HitOdds:
    """The hits of one roll after its re-rolls: ``probs[k]`` is P(k hits), k = 0..dice;
    ``probs_stray[k]`` is P(k hits and more odd than even faces: a stray, HD-RANGED-21) when
    ``parity`` applies, all zero otherwise."""

    dice: int
    rerolls: int
    auto: int  #: HD-MELEE-7: automatic damage of the pool (ignores PR, needs no hit)
    diff: int
    probs: tuple[float, ...]
    parity: bool = False
    probs_stray: tuple[float, ...] = ()

    def p_hit_at_least(self, n: int) -> float:
        """P(at least ``n`` hits)."""
        return 1.0 if n <= 0 else math.fsum(self.probs[n:])

    @property
    def p_any_hit(self) -> float:
        return self.p_hit_at_least(1)

    @property
    def expected_hits(self) -> float:
        return math.fsum(k * p for k, p in enumerate(self.probs))

    @property
    def p_stray(self) -> float:
        """HD-RANGED-21: P(more odd faces than even), when the parity check applies."""
        return math.fsum(self.probs_stray) if self.parity else 0.0


@lru_cache(maxsize=2048)
def roll_odds(dice: int, rerolls: int, diff: int, *, auto: int = 0, parity: bool = False) -> HitOdds:
    """The exact hits of ``dice`` dice with ``rerolls`` re-rolls needing ``diff`` (HD-0-6,
    HD-MELEE-8/9); with ``parity``, also the joint odds of a stray shot (HD-RANGED-21).
    Take ``dice``, ``rerolls`` and ``auto`` from the rules' ``pool()`` (or from :func:`pool_odds`).
    """
    if dice < 0 or rerolls < 0:
        raise ValueError(f"a roll needs 0 or more dice and re-rolls, not {dice} and {rerolls}")
    joint, total = _joint_counts(dice, rerolls, diff)
    probs = tuple(sum(row) / total for row in joint)
    if not parity:
        return HitOdds(dice, rerolls, auto, diff, probs, False, (0.0,) * len(probs))
    stray = tuple(sum(c for odd, c in enumerate(row) if _stray(dice, odd)) / total for row in joint)
    return HitOdds(dice, rerolls, auto, diff, probs, True, stray)


def pool_odds(value: int, diff: int, *, parity: bool = False) -> HitOdds:
    """:func:`roll_odds` for a modified CBT or SHS ``value`` through the rules' ``pool()``."""
    p = pool(value)
    return roll_odds(p.dice, p.rerolls, diff, auto=p.auto, parity=parity)


@dataclass(frozen=True)
class DamageOdds:
    """The LP one unit loses: ``probs[k]`` is P(it loses k LP), k = 0..``lp`` (a unit never
    loses more than it has; ``probs[lp]`` is the chance it dies, HD-MELEE-14)."""

    unit: str
    lp: int  #: its LP before the roll
    probs: tuple[float, ...]
    pr: int = 0  #: its PR (HD-MELEE-12)
    cover: int = 0  #: its cover bonus (HD-RANGED-11), 0 out of cover
    auto: int = 0  #: automatic damage it takes whatever the dice (HD-MELEE-7)

    def p_lose_at_least(self, n: int) -> float:
        return 1.0 if n <= 0 else math.fsum(self.probs[n:])

    @property
    def expected_lp(self) -> float:
        """Expected LP lost."""
        return math.fsum(k * p for k, p in enumerate(self.probs))

    @property
    def p_any_damage(self) -> float:
        """P(it loses at least 1 LP)."""
        return self.p_lose_at_least(1)

    @property
    def p_kill(self) -> float:
        """P(it loses all its LP)."""
        return self.probs[-1] if self.lp > 0 else 0.0


def _capped(unit: str, lp: int, loss: dict[int, float], **info: int) -> DamageOdds:
    top = max(lp, 0)
    probs = [0.0] * (top + 1)
    for k, p in loss.items():
        probs[min(k, top)] += p
    return DamageOdds(unit, top, tuple(probs), **info)


def damage_odds(unit: str, lp: int, hits: HitOdds, table: Sequence[int], *, pr: int, cover: int = 0,
                auto: int = 0, weights: Sequence[float] | None = None) -> DamageOdds:
    """LP lost by ``unit`` when ``hits`` land through a damage table: ``lp_loss(T(hits), PR +
    cover, auto)`` (HD-MELEE-10..12, HD-RANGED-18). ``weights[k]`` (default ``hits.probs``) is
    the chance that k hits land on this unit."""
    weights = hits.probs if weights is None else weights
    loss: dict[int, float] = {}
    for k, p in enumerate(weights):
        value = lp_loss(table_damage(table, k), pr + cover, auto)
        loss[value] = loss.get(value, 0.0) + p
    # what is missing from the weights landed elsewhere: no table damage, no automatic damage
    loss[0] = loss.get(0, 0.0) + max(0.0, 1.0 - math.fsum(weights))
    return _capped(unit, lp, loss, pr=pr, cover=cover, auto=auto)


# ====================================================================== results
@dataclass(frozen=True)
class MeleeOdds:
    """An attack sequence (HD-MELEE-6..14): the attacker's and the defender's rolls and what each
    loses. Both sides' damage lands at once (HD-MELEE-13), so both may die."""

    attacker: str
    defender: str
    attack: HitOdds  #: the attacker's hits on the defender
    defence: HitOdds | None  #: the defender's hits back; None in a one-sided attack (HD-MELEE-17)
    to_defender: DamageOdds
    to_attacker: DamageOdds
    weapon: str  #: the attacker's weapon (its damage table)
    defender_weapon: str
    rules: tuple[str, ...]

    @property
    def one_sided(self) -> bool:
        return self.defence is None

    @property
    def p_both_die(self) -> float:
        return self.to_defender.p_kill * self.to_attacker.p_kill  # the two rolls are independent


@dataclass(frozen=True)
class ShotOdds:
    """A shot (HD-RANGED-14..24): its hits, what the target loses and, when the shot may stray
    (HD-RANGED-21/24), what each possible victim loses."""

    shooter: str
    target: str
    weapon: str
    band: str  #: the range band (HD-RANGED-15)
    range_diff: int
    roll: HitOdds  #: ``roll.diff`` is the shot's difficulty (HD-RANGED-14/20)
    to_target: DamageOdds
    to_victims: tuple[DamageOdds, ...]  #: the stray shot's possible victims (HD-RANGED-22)
    rules: tuple[str, ...]

    @property
    def p_stray(self) -> float:
        return self.roll.p_stray if self.to_victims else 0.0

    def for_unit(self, unit: str) -> DamageOdds | None:
        return next((d for d in (self.to_target, *self.to_victims) if d.unit == unit), None)


@dataclass(frozen=True)
class CaughtOdds:
    """One caught unit's roll in a blast: the dice thrown at it (``dice`` before the chain; for an
    impact-blast the first unit's SHS + 5, the next ones whatever misses are left) and its hits,
    and the chance an odd die sends them to a fighter outside the template (HD-TMPL-14)."""

    unit: str
    dice: int
    hits: tuple[float, ...]  #: P(k hits against it); an explosion that does not land counts as 0
    outside: tuple[str, ...]  #: fighters outside the template its hits may go to
    p_redirect: float

    @property
    def expected_hits(self) -> float:
        return math.fsum(k * p for k, p in enumerate(self.hits))

    def p_hit_at_least(self, n: int) -> float:
        return 1.0 if n <= 0 else math.fsum(self.hits[n:])


@dataclass(frozen=True)
class BlastOdds:
    """An explosion (HD-EXPL-4..12) or a template (HD-TMPL-*): whether it happens, the caught
    units' rolls in the rules' order, and what every unit it may reach loses."""

    shooter: str
    weapon: str
    kind: str  #: "explosion", "cloud" or "impact"
    difficulty: int  #: X
    power: int  #: Y
    land: HitOdds | None  #: an explosion's roll to land (HD-EXPL-4); None for templates
    caught: tuple[CaughtOdds, ...]
    damage: tuple[DamageOdds, ...]  #: caught units first, then fighters hits may go to
    rules: tuple[str, ...]

    @property
    def p_land(self) -> float:
        """HD-EXPL-5: at least one hit lands the blast; templates need no roll (HD-TMPL-4)."""
        return self.land.p_any_hit if self.land is not None else 1.0

    def for_unit(self, unit: str) -> DamageOdds | None:
        return next((d for d in self.damage if d.unit == unit), None)


# ====================================================================== the numbers the rules use
class ProbeDice:
    """Dice that show one face (a pick among victims shows 1): the probe's dice. With sixes
    everything hits a reachable difficulty and is even (no stray, no redirect); with ones
    everything misses (an impact-blast chain reaches every unit)."""

    def __init__(self, face: int) -> None:
        self.face, self.counter = face, 0

    def roll(self, n: int, sides: int = FACES) -> tuple[int, ...]:
        self.counter += n
        return (self.face if sides == FACES else 1,) * n

    def state(self) -> DiceState:
        return DiceState(-2, self.counter)

    def restore(self, state: DiceState) -> None:
        self.counter = state.counter


def _answer(system: Helldorado, state: HDState) -> Any:
    """The AI's answer to the choice waiting (never Vae Victis)."""
    options = [c for c in system.legal_commands(state) if not isinstance(c, commands.VaeVictis)]
    return max(options, key=lambda c: system.rank_command(state, c))


def probe(system: Helldorado, state: HDState, command: Any, face: int = FACES) -> list[Event]:
    """The events of ``command`` resolved by the rules with :class:`ProbeDice` showing ``face``,
    re-rolls and hits left to the engine's defaults, other choices answered as the AI would.
    Raises ``IllegalCommand`` when the rules refuse the command."""
    st, cfg = state, state.cfg
    if cfg.ask_rerolls or cfg.ask_reduction:
        st = replace(state, cfg=replace(cfg, ask_rerolls=False, ask_reduction=False))
    dice = ProbeDice(face)
    applied = system.apply(st, command, dice)
    events = list(applied.events)
    st = applied.state
    for _ in range(8):
        if st.pending is None:
            break
        applied = system.apply(st, _answer(system, st), dice)
        events += applied.events
        st = applied.state
    return events


def _kinds(events: Iterable[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def _rules(events: Iterable[Event], kinds: tuple[str, ...], *extra: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys([r for e in events if e.kind in kinds for r in e.rules] + list(extra)))


def _roll_of(e: Event, parity: bool = False) -> HitOdds:
    return roll_odds(int(e["dice"]), int(e["rerolls"]), int(e["diff"]), auto=int(e["auto"]),
                     parity=parity)


def _cover(system: Helldorado, state: HDState, eye: tuple[float, float, float], uid: str) -> int:
    """The cover bonus of ``uid`` seen from ``eye``, as the rules' damage step works it out."""
    u = state.unit(uid)
    return cover_bonus(u.size) if in_cover(system.table_of(state), state, eye, u) else 0


# ====================================================================== melee
def attack_odds(system: Helldorado, state: HDState, command: Any) -> MeleeOdds | None:
    """The odds of the attack sequence a ``Fight``, ``Charge``, ``Retreat`` or ``Focus`` starts
    (None when it starts none: a Focus out of a fight). Raises ``IllegalCommand`` if refused."""
    if not isinstance(command, MELEE_COMMANDS):
        raise TypeError(f"{type(command).__name__} starts no attack sequence")
    return melee_from_events(state, probe(system, state, command))


def melee_from_events(state: HDState, events: Sequence[Event]) -> MeleeOdds | None:
    """:class:`MeleeOdds` from the events of a melee sequence's resolution (see :func:`probe`)."""
    rolls, hurts = _kinds(events, "hd.roll"), _kinds(events, "hd.damage")
    if not rolls or not hurts:
        return None
    attacker, defender, a_hits = rolls[0].actor, str(rolls[0]["against"]), _roll_of(rolls[0])
    d_hits = _roll_of(rolls[1]) if len(rolls) > 1 else None
    by_dealer = {e.actor: e for e in hurts}
    a, d = state.unit(attacker), state.unit(defender)
    a_dmg = by_dealer[attacker]
    to_defender = damage_odds(defender, d.lp, a_hits, weapon_table(a, str(a_dmg["weapon"])),
                              pr=int(a_dmg["pr"]), cover=int(a_dmg["cover"]), auto=int(a_dmg["auto"]))
    d_weapon = ""
    if d_hits is not None and defender in by_dealer:
        d_dmg = by_dealer[defender]
        d_weapon = str(d_dmg["weapon"])
        to_attacker = damage_odds(attacker, a.lp, d_hits, weapon_table(d, d_weapon),
                                  pr=int(d_dmg["pr"]), cover=int(d_dmg["cover"]),
                                  auto=int(d_dmg["auto"]))
    else:
        to_attacker = _capped(attacker, a.lp, {0: 1.0}, pr=a.pr)
    rerolls = a_hits.rerolls or (d_hits.rerolls if d_hits else 0)
    rules = _rules(events, ("hd.charge", "hd.striker", "hd.roll", "hd.damage"),
                   *(("HD-MELEE-9", "HD-0-6") if rerolls else ()))
    return MeleeOdds(attacker, defender, a_hits, d_hits, to_defender, to_attacker,
                     str(a_dmg["weapon"]), d_weapon, rules)


# ====================================================================== shots
def shot_odds(system: Helldorado, state: HDState, command: commands.Shoot) -> ShotOdds:
    """The odds of a ``Shoot``. Raises ``IllegalCommand`` if the rules refuse it."""
    events = probe(system, state, command)
    shot = _kinds(events, "hd.shot")[0]
    victims = tuple(str(v) for v in shot["victims"]) if shot["parity"] else ()
    shooter = state.unit(shot.actor)
    covers = {v: _cover(system, state, shooter.base.eye, v) for v in victims}
    return shot_from_events(state, events, covers)


def shot_from_events(state: HDState, events: Sequence[Event], victim_cover: dict[str, int]) -> ShotOdds:
    """:class:`ShotOdds` from a shot's events (see :func:`probe`) and its victims' cover."""
    shot, hurt = _kinds(events, "hd.shot")[0], _kinds(events, "hd.damage")[0]
    parity = bool(shot["parity"])
    victims = tuple(str(v) for v in shot["victims"]) if parity else ()
    hits = _roll_of(_kinds(events, "hd.roll")[0], parity and bool(victims))
    shooter, target = state.unit(shot.actor), state.unit(str(shot["target"]))
    table, auto = weapon_table(shooter, str(hurt["weapon"])), int(hurt["auto"])
    kept = [p - s for p, s in zip(hits.probs, hits.probs_stray, strict=True)]
    to_target = damage_odds(target.id, target.lp, hits, table, pr=int(hurt["pr"]),
                            cover=int(hurt["cover"]), auto=auto, weights=kept)
    to_victims = []
    for v in victims:
        unit = state.unit(v)
        share = [s / len(victims) for s in hits.probs_stray]  # HD-RANGED-21: one at random
        to_victims.append(damage_odds(v, unit.lp, hits, table, pr=unit.pr, cover=victim_cover[v],
                                      auto=auto, weights=share))
    rules = _rules(events, ("hd.shot", "hd.roll", "hd.damage"),
                   *(("HD-MELEE-9", "HD-0-6") if hits.rerolls else ()),
                   *(("HD-RANGED-21", "HD-RANGED-22") if victims else ()))
    return ShotOdds(shooter.id, target.id, str(hurt["weapon"]), str(shot["band"]),
                    int(shot["range_diff"]), hits, to_target, tuple(to_victims), rules)


# ====================================================================== explosions and templates
@dataclass(frozen=True)
class BlastStep:
    """One caught unit in the order the rules roll at them."""

    unit: str
    dice: int  #: dice thrown at it (the chain's first unit: all of them)
    outside: tuple[str, ...] = ()  #: HD-TMPL-14: fighters outside the template


@dataclass(frozen=True)
class Protection:
    unit: str
    lp: int
    pr: int
    cover: int


@lru_cache(maxsize=512)
def _binomial(n: int, diff: int) -> tuple[float, ...]:
    """P(k hits) of ``n`` dice needing ``diff``: a blast's dice are never re-rolled (HD-EXPL-8,
    HD-TMPL-9: the rules only count their hits)."""
    ho, he, mo, me = _faces(diff)
    total = FACES ** n
    return tuple(c / total for c in _binomial_row(n, ho + he, mo + me))


@lru_cache(maxsize=8)
def _p_odd() -> float:
    """HD-TMPL-14: the chance a die is odd, as the rules' ``Roll`` reads it."""
    return sum(Roll((f,), FACES + 1).odd for f in range(1, FACES + 1)) / FACES


def _share(step: BlastStep, unit: str) -> float:
    """The chance the hits rolled at ``step.unit`` land on ``unit`` (HD-TMPL-14)."""
    moved = _p_odd() if step.outside else 0.0
    if unit == step.unit:
        return 1.0 - moved
    if unit in step.outside:
        return moved / len(step.outside)
    return 0.0


def _chain_hits(steps: Sequence[BlastStep], difficulty: int, chain: bool) -> list[tuple[float, ...]]:
    """Each step's hits: its own dice, or down an impact-blast chain the misses of the step
    before (HD-TMPL-12). There each die of the first roll is rolled again at the next unit until
    it hits, so it hits the i-th unit with ``q(1 − q)**i`` (q: a die's chance to hit): counted
    as ``a = h(6 − h)**i`` faces of ``6**(i + 1)``, h the faces that hit."""
    if not chain:
        return [_binomial(s.dice, difficulty) for s in steps]
    ho, he, mo, me = _faces(difficulty)
    n, out = (steps[0].dice if steps else 0), []
    for i in range(len(steps)):
        a, total = (ho + he) * (mo + me) ** i, FACES ** (i + 1)
        out.append(tuple(c / total ** n for c in _binomial_row(n, a, total - a)))
    return out


def _blast_loss(steps: Sequence[BlastStep], hits: Sequence[tuple[float, ...]], difficulty: int,
                power: int, chain: bool, who: Protection) -> dict[int, float]:
    """LP ``who`` loses from the whole blast (before the cap), each step's hits landing on it
    with the chance HD-TMPL-14 gives. Rolls at different units are independent except in an
    impact-blast chain, where a unit reached by several steps (a fighter outside the template)
    needs a programme over (dice left, loss so far); otherwise each step's own hit marginal
    (``hits``) is enough."""
    involved = [i for i, s in enumerate(steps) if _share(s, who.unit) > 0]
    if not chain or len(involved) <= 1:
        out: dict[int, float] = {0: 1.0}
        for i in involved:
            share = _share(steps[i], who.unit)
            one: dict[int, float] = {0: 1.0 - share}
            for k, pk in enumerate(hits[i]):
                hurt = power_loss(k, power, who.pr + who.cover)
                one[hurt] = one.get(hurt, 0.0) + share * pk
            nxt: dict[int, float] = {}
            for a, pa in out.items():
                for b, pb in one.items():
                    nxt[a + b] = nxt.get(a + b, 0.0) + pa * pb
            out = nxt
        return out
    return _chain_programme(steps[: involved[-1] + 1], difficulty, power, who)


def _chain_programme(steps: Sequence[BlastStep], difficulty: int, power: int,
                     who: Protection) -> dict[int, float]:
    """HD-TMPL-12 with HD-TMPL-14: the LP ``who`` loses from several steps of one chain, over a
    matrix of (dice left, loss so far); each hit count k moves mass k rows down (the misses go
    on) and, with the chance the hits land on ``who``, ``power_loss(k)`` columns right."""
    n0 = steps[0].dice
    hurts = [power_loss(k, power, who.pr + who.cover) for k in range(n0 + 1)]
    # max(0, kY − PR) is superadditive for PR ≥ 0: the links never take more than all the hits
    width = 1 + hurts[-1] * (1 if who.pr + who.cover >= 0 else len(steps))
    ho, he, _mo, _me = _faces(difficulty)
    q = (ho + he) / FACES
    binom = np.zeros((n0 + 1, n0 + 1))  # binom[n, k]: n dice, k hits (Pascal: die n hits or not)
    binom[0, 0] = 1.0
    for n in range(1, n0 + 1):
        binom[n, :n] = binom[n - 1, :n] * (1.0 - q)
        binom[n, 1 : n + 1] += binom[n - 1, :n] * q
    m, n_ = np.indices(binom.shape)
    stay = np.where(m <= n_, binom[n_, np.clip(n_ - m, 0, n0)], 0.0)  # stay[m, n]: m misses left
    mass = np.zeros((n0 + 1, width))
    mass[n0, 0] = 1.0
    for step in steps:
        share = _share(step, who.unit)
        nxt = (1.0 - share) * (stay @ mass)  # the hits land elsewhere
        for k in range(n0 + 1) if share > 0.0 else ():
            h = hurts[k]
            nxt[: n0 + 1 - k, h:] += mass[k:, : width - h] * (share * binom[k:, k, None])
        mass = nxt
    total = mass.sum(axis=0)
    return {loss: float(p) for loss, p in enumerate(total) if p > 0.0}


def blast_odds_from(shooter: str, weapon: str, kind: str, difficulty: int, power: int,
                    steps: Sequence[BlastStep], protection: Sequence[Protection],
                    land: HitOdds | None = None, rules: tuple[str, ...] = ()) -> BlastOdds:
    """:class:`BlastOdds` from the numbers: the caught units in the rules' order with their
    dice, the Power and difficulty, each unit's LP, PR and cover that counts, and an explosion's
    roll to land."""
    chain = kind == "impact"
    p_land = land.p_any_hit if land is not None else 1.0
    hits = _chain_hits(steps, difficulty, chain)
    caught = []
    for step, h in zip(steps, hits, strict=True):
        scaled = tuple(p * p_land for p in h)
        scaled = (scaled[0] + 1.0 - p_land,) + scaled[1:]
        caught.append(CaughtOdds(step.unit, step.dice, scaled, step.outside,
                                 _p_odd() if step.outside else 0.0))
    damage = []
    for who in protection:
        loss = _blast_loss(steps, hits, difficulty, power, chain, who)
        loss = {k: p * p_land for k, p in loss.items()}
        loss[0] = loss.get(0, 0.0) + 1.0 - p_land
        damage.append(_capped(who.unit, who.lp, loss, pr=who.pr, cover=who.cover))
    return BlastOdds(shooter, weapon, kind, difficulty, power, land, tuple(caught), tuple(damage),
                     rules)


def blast_odds(system: Helldorado, state: HDState, command: commands.ShootAt | commands.Blast
               ) -> BlastOdds:
    """The odds of an explosion (``ShootAt``) or a template (``Blast``). Raises
    ``IllegalCommand`` if the rules refuse it."""
    if not isinstance(command, BLAST_COMMANDS):
        raise TypeError(f"{type(command).__name__} is not an explosion or a template")
    shooter = state.unit(command.unit)
    w = shooter.weapon(command.weapon)
    impact = w is not None and w.kind == "impact"
    # ones carry an impact-blast's every die on to the last unit; sixes land an explosion
    events = probe(system, state, command, 1 if impact else FACES)
    kind = "explosion" if isinstance(command, commands.ShootAt) else ("impact" if impact else "cloud")
    land = _roll_of(_kinds(events, "hd.roll")[0]) if kind == "explosion" else None
    redirects = {str(e["unit"]): tuple(str(o) for o in e["outside"]) for e in _kinds(events, "hd.redirect")}
    steps = tuple(BlastStep(str(e["unit"]), len(e["faces"]), redirects.get(str(e["unit"]), ()))
                  for e in _kinds(events, "hd.blast_roll"))
    first = _kinds(events, "hd.blast_roll")  # X and Y as the rules rolled them (else the card's)
    difficulty = int(first[0]["difficulty"]) if first else (w.difficulty if w else 0)
    power = int(first[0]["power"]) if first else (w.power if w else 0)
    seen = {str(e["unit"]): e for e in _kinds(events, "hd.blast_damage")}
    protection = []
    reached = list(dict.fromkeys([s.unit for s in steps] + [o for s in steps for o in s.outside]))
    for uid in reached:
        u = state.unit(uid)
        if impact:  # HD-TMPL-13: cover counts against an impact-blast, judged from the shooter
            cover = _cover(system, state, shooter.base.eye, uid)
        else:  # HD-EXPL-10, HD-TMPL-10: no cover bonus inside the template
            cover = int(seen[uid]["cover"]) if uid in seen else 0
        protection.append(Protection(uid, u.lp, u.pr, cover))
    rules = _rules(events, ("hd.aim", "hd.roll", "hd.explosion", "hd.template", "hd.blast_roll",
                            "hd.blast_damage", "hd.redirect"),
                   *(("HD-MELEE-9", "HD-0-6") if land is not None and land.rerolls else ()),
                   *(("HD-TMPL-12",) if impact else ()))
    return blast_odds_from(shooter.id, command.weapon, kind, difficulty, power, steps, protection,
                           land, rules)


# ====================================================================== any command, re-rolls
def odds_for(system: Helldorado, state: HDState, command: Any
             ) -> MeleeOdds | ShotOdds | BlastOdds | None:
    """The odds of any command that leads to a roll; None for one that rolls nothing."""
    if isinstance(command, MELEE_COMMANDS):
        return attack_odds(system, state, command)
    if isinstance(command, commands.Shoot):
        return shot_odds(system, state, command)
    if isinstance(command, BLAST_COMMANDS):
        return blast_odds(system, state, command)
    return None


def reroll_odds(state: HDState, command: commands.Reroll) -> HitOdds:
    """The hits (and, in a shot into a fight, the odds of a stray) once the misses ``command``
    names are re-rolled, while a re-roll choice waits (HD-MELEE-9, HD-HOUSE-13)."""
    p, ex = state.pending, state.exchange
    if p is None or ex is None:
        raise ValueError("no re-roll choice is waiting")
    roll = ex.a_roll if p.unit == ex.attacker and ex.stage == Stage.REROLL_A else ex.d_roll
    if roll is None:
        raise ValueError("the choice waiting has no roll")
    chosen = set(int(i) for i in command.dice)
    kept = Roll(tuple(f for i, f in enumerate(roll.faces) if i not in chosen), roll.diff)
    base_hits, base_odd, n, total = kept.hits, kept.odd, len(roll.faces), FACES ** len(chosen)
    probs, stray = [0.0] * (n + 1), [0.0] * (n + 1)
    parity = ex.parity and bool(ex.victims) and p.unit == ex.attacker
    for (fh, fo), c in _fresh(len(chosen), *_faces(roll.diff)).items():
        probs[base_hits + fh] += c / total
        if parity and _stray(n, base_odd + fo):
            stray[base_hits + fh] += c / total
    return HitOdds(n, roll.rerolls, roll.auto, roll.diff, tuple(probs), parity, tuple(stray))


def clear_caches() -> None:
    """Forget every cached distribution (benchmarks measure cold costs)."""
    for f in (_faces, _rerolled, _stray, _joint_counts, roll_odds, _binomial, _p_odd):
        f.cache_clear()

