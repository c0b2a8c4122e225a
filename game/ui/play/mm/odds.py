"""The odds of a Mice and Mystics attack before it is rolled (plain Python, no pygame).

MM-DICE-3: melee hits on 3-5, ranged on 4-5, a defence block on 4-5, a 6 is cheese; wounds are
hits minus blocks (MM-DEF-3), and defence is rolled only when something hits (MM-MELEE-4).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from game.i18n import _
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics.commands import Attack
from game.rules.mice_and_mystics.dice import DEFENCE, read
from game.rules.mice_and_mystics.game import MiceAndMystics
from game.rules.mice_and_mystics.state import MMState


@dataclass(frozen=True)
class AttackOdds:
    title: str
    attack_dice: int
    row: str
    defence_dice: int
    p_wound: float  #: at least one wound
    expected_wounds: float
    p_defeat: float  #: the target's health is gone
    expected_cheese: float  #: for the attacking mouse (its attack 6s)


def _binom(n: int, p: float) -> list[float]:
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def _p(row: str, reading: str) -> float:
    return sum(1 for f in range(1, 7) if read(f, row) == reading) / 6


def attack_odds(system: MiceAndMystics, state: MMState, cmd: Attack) -> AttackOdds | None:
    if not state.has_mouse(cmd.mouse) or not state.has_minion(cmd.target):
        return None
    m = state.mouse(cmd.mouse)
    target = state.minion(cmd.target)
    bonus = 0
    if cmd.ability:
        bonus = int(cards.abilities().get(cmd.ability, {}).get("amount", 1))
    n = system.attack_dice(m, cmd.weapon, bonus)
    row = system.attack_mode(cmd.weapon, cmd.mode)
    stats = cards.minion_stats(target.kind, state.page)
    n_def = int(stats["defence"])
    left = int(stats["life"]) - target.wounds
    hits = _binom(n, _p(row, "hit"))
    blocks = _binom(n_def, _p(DEFENCE, "block"))
    wounds: dict[int, float] = {}
    for h, ph in enumerate(hits):
        for b, pb in enumerate(blocks if h else [1.0]):
            w = max(0, h - b)
            wounds[w] = wounds.get(w, 0.0) + ph * pb
    p_wound = sum(p for w, p in wounds.items() if w > 0)
    expected = sum(w * p for w, p in wounds.items())
    p_defeat = sum(p for w, p in wounds.items() if w >= max(1, left))
    # the attack modes are marked for the catalogs in mm/session.py (ATTACK_MODES)
    title = _("{mouse} attacks {target} ({row})").format(mouse=m.name, target=target.name,
                                                         row=_(row))
    return AttackOdds(title, n, row, n_def, p_wound, expected, p_defeat, n / 6)


def pending_attack(system: MiceAndMystics, state: MMState, legal: list[object]) -> Attack | None:
    """The attack on offer with the most expected wounds (None when there is none)."""
    best: tuple[float, Attack] | None = None
    for cmd in legal:
        if isinstance(cmd, Attack):
            odds = attack_odds(system, state, cmd)
            if odds is not None and (best is None or odds.expected_wounds > best[0]):
                best = (odds.expected_wounds, cmd)
    return best[1] if best else None
