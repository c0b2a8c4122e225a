"""The numbers of a battle: how many dice each side rolls (REL-SEQ-3, REL-SEQ-4), the enemy
card's modifiers to its own score (REL-SEQ-5), what may change one of the player's dice
(REL-SEQ-4, REL-DICE-5), and the odds of the pending battle or test for the screen and the AI.
"""

from __future__ import annotations

from game.rules.relic import data
from game.rules.relic.dice import total
from game.rules.relic.odds import BattleOdds, battle_odds, skill_test_odds
from game.rules.relic.state import BattleStep, Card, Hero, Phase, Power, RelicState

CHANGES = ("reroll", "add1", "set6")  #: ways to change one of your own dice (REL-DICE-5)


def player_dice(hero: Hero, attribute: str) -> int:
    """REL-SEQ-4: 1 die, plus any an ability grants."""
    return 1 + (1 if hero.ability == "extra_die" and hero.ability_attribute == attribute else 0)


def enemy_dice(card: Card) -> int:
    """REL-SEQ-3: 1 die, plus any the enemy's own card grants (REL-DICE-6)."""
    return 1 + sum(e.n for e in card.effects_when("roll") if e.what == "extra_die")


def enemy_modifiers(hero: Hero, hand: tuple[Power, ...], enemy: Card, armour: bool
                    ) -> list[tuple[str, int]]:
    """REL-SEQ-5: the enemy card's effects on its own score, on the state at this moment."""
    out = []
    for e in enemy.effects_when("score"):
        if e.what == "per_hand_card":
            k = sum(1 for c in hand if c.kind == "bonus" and c.attribute == e.arg)
            out.append((f"{e.arg}_cards_in_hand", k * e.n))
        elif e.what == "no_armour":
            out.append(("no_armour", 0 if armour else e.n))
        elif e.what == "relic":
            out.append(("relic", e.n if hero.relic else 0))
        else:
            raise ValueError(f"unknown score effect {e.what!r}")
    return out


def change_sources(st: RelicState) -> tuple[tuple[str, str], ...]:
    """What may change one of the active player's dice now: (source, how) (REL-SEQ-4)."""
    b = st.battle
    if b is None or b.step != BattleStep.ADJUST:
        return ()
    hero = st.active_hero
    out: list[tuple[str, str]] = []
    if hero.ability in CHANGES and not b.ability_used:
        out.append(("ability", hero.ability))
    out += [(c.uid, c.kind) for c in hero.hand if c.kind in CHANGES]
    return tuple(out)


def pending_battle_odds(st: RelicState, items: tuple[str, ...] | None = None,
                        cards: tuple[str, ...] | None = None) -> BattleOdds | None:
    """The odds of winning the pending battle (exact with explosions, see odds.py), with what
    is known now: after Prepare its modifiers, after the enemy roll its total. Before Prepare,
    ``items`` and ``cards`` say what the player would declare."""
    b = st.battle
    if b is None:
        return None
    hero = st.active_hero
    mods = sum(v for _, v in b.modifiers)
    armour = b.armour
    hand = hero.hand
    if b.step == BattleStep.PREPARE and (items or cards):
        chosen = [i for i in hero.items if i.uid in (items or ())]
        played = [c for c in hand if c.uid in (cards or ())]
        mods = sum(i.bonus for i in chosen) + sum(c.bonus for c in played)
        armour = any(i.kind == "armour" for i in chosen)
        hand = tuple(c for c in hand if c not in played)
    e_mods = sum(v for _, v in enemy_modifiers(hero, hand, b.enemy, armour))
    p_bonus = hero.attribute(b.attribute) + mods
    e_bonus = b.enemy.value + e_mods
    cfg = st.cfg
    if b.player_chains:
        p_bonus += total(b.player_chains, b.player_adds)
        return battle_odds(0, p_bonus, e_bonus, 0, chain=cfg.chain_explosions,
                           max_explosions=cfg.max_explosions, enemy_total=total(b.enemy_chains))
    known = total(b.enemy_chains) if b.enemy_chains else None
    return battle_odds(player_dice(hero, b.attribute), p_bonus, e_bonus,
                       enemy_dice(b.enemy), chain=cfg.chain_explosions,
                       max_explosions=cfg.max_explosions, enemy_total=known)


def pending_test_odds(st: RelicState) -> float | None:
    """P(passing the pending Confrontation test) of a test scenario (REL-WIN-7, REL-EXT-3)."""
    if st.phase != Phase.CONFRONTATION:
        return None
    scen = data.scenarios()[st.scenario]
    hero = st.active_hero
    attr = scen["attribute"]
    return skill_test_odds(player_dice(hero, attr), hero.attribute(attr), int(scen["target"]),
                           chain=st.cfg.chain_explosions, max_explosions=st.cfg.max_explosions)
