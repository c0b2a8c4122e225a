"""Relic as a rule system: the turn of spec section 9 over the ring board.

A turn is Movement (roll and pick a direction, cross a link, or step on the Inner tier),
Exploration (the space's draws and effects), Engagement (battles in an order the player picks,
then strangers), Experience (trophies into levels) and the hand-over to the next seat. A battle
is the seven steps of section 3: the enemy's die is rolled by the next seat, which is then the
current player (hot-seat), and the active player may change their own dice only after their roll.

Every resolution returns events carrying the rule IDs applied and the numbers that decided it.
The state is immutable: ``apply`` returns a new one; dice come only from the ``dice`` argument.
``check`` decides, without dice and without changing anything, whether the rules allow a
command now; ``apply`` makes the same check first, then resolves (``DISPATCH`` below).

Where things are: this module holds the protocol and the one dispatch table; the handlers (a
``check_*`` and a ``resolve_*`` per command) live in movement.py, exploration.py (Choose),
engagement.py (Fight, Meet, EndTurn), battle.py (Prepare to Score) and confrontation.py
(RollTest); the turn's flow in flow.py, card effects in effects.py, a battle's numbers in
scoring.py; candidate commands in legal.py, the AI's ranking in ai.py.

Defaults where the seed is silent (each also in config.py or data/):
* the game ends after ``max_rounds`` rounds if nobody has won; the most advanced player wins
  (on the scenario space, then furthest along the Inner tier, then the relic, missions,
  trophy value, Life);
* a space's effects are read on the turn a move ends there; moving by a space's choice
  (a teleport, a shift along the tier, a swap of places) does not read the new space again;
* an unspecified threat deck is picked by a die: 1-2 red, 3-4 blue, 5-6 yellow;
* at the end of each turn, trophies of one attribute worth ``level_cost`` are spent for +1 in it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.board import MAPS_DIR, PerMap
from game.core.dice import Dice
from game.rules.engine import Dispatch, Event, Outcome, Setup
from game.rules.engine.system import DispatchedSystem
from game.rules.relic import ai, battle, commands, confrontation, data, engagement, exploration, legal, movement
from game.rules.relic import explain as explain_mod
from game.rules.relic.board import RingBoard
from game.rules.relic.config import MAX_PLAYERS, MIN_PLAYERS, RelicConfig
from game.rules.relic.effects import draw_power, next_mission, shuffle
from game.rules.relic.flow import check_not_over, end_reason, progress, start_turn
from game.rules.relic.odds import BattleOdds
from game.rules.relic.scoring import change_sources, enemy_dice, pending_battle_odds, pending_test_odds, player_dice
from game.rules.relic.state import BattleStep, Card, Hero, Phase, Pile, RelicState

#: each topic's module and the commands it checks (no dice, no change) and resolves
#: (``check_<command>`` and ``resolve_<command>``, e.g. ``battle.check_roll_for_enemy``)
DISPATCH = Dispatch.by_topic({
    movement: (commands.RollMove, commands.Move),
    exploration: (commands.Choose,),
    engagement: (commands.Fight, commands.Meet, commands.EndTurn),
    battle: (commands.Prepare, commands.RollForEnemy, commands.RollBattle, commands.ChangeDie,
             commands.Score),
    confrontation: (commands.RollTest,),
}, unknown_rule="REL-SEQ-1", system_name="Relic")


class Relic(DispatchedSystem):
    """Relic: one to four heroes around a ring board, each turn a move, the space's cards and
    the battles they bring. One instance may serve many matches: it keeps each map's ring
    board (``board_for``)."""

    name = "relic"
    default_map = "relic.tmx"
    dispatch, candidates, ranking, words = DISPATCH, legal, ai, explain_mod

    def __init__(self, maps_dir: Path = MAPS_DIR) -> None:
        self.boards = PerMap(RingBoard, maps_dir)

    # ------------------------------------------------------------------ setup
    def board_for(self, map_name: str) -> RingBoard:
        return self.boards[map_name]

    def board(self, state: RelicState) -> RingBoard:
        return self.board_for(state.map)

    def seats_for(self, map_name: str, players: int) -> tuple[str, ...]:
        """The first ``players`` seats of the map's starts, in turn order; a clear ValueError when
        the number is not 1 to 4 or the map has fewer starts."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Relic is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        seats = self.board_for(map_name).seats
        if players > len(seats):
            raise ValueError(f"{map_name} has starts for {len(seats)} player(s) ({', '.join(seats)}), "
                             f"not {players}: add FigureSpawn starts or choose fewer players")
        return seats[:players]

    def new_state(self, setup: Setup, dice: Dice) -> RelicState:
        cfg = RelicConfig.from_options(setup.options)
        map_name = setup.map or self.default_map
        board = self.board_for(map_name)
        outer = len(board.tiers["outer"])
        if "outer_tier_spaces" in setup.options and outer != cfg.outer_tier_spaces:  # REL-BOARD-1
            raise ValueError(f"REL-BOARD-1: the map's Outer tier has {outer} spaces, "
                             f"the setup asks for {cfg.outer_tier_spaces}")
        cfg = replace(cfg, outer_tier_spaces=outer)  # REL-BOARD-1: the count is the board's
        spawns = {s.side: s for s in board.board.spawns if s.side}
        seats = tuple(setup.players) or board.seats[:MAX_PLAYERS]
        most = min(len(spawns), MAX_PLAYERS)
        if not MIN_PLAYERS <= len(seats) <= most or len(set(seats)) != len(seats):
            raise ValueError(f"Relic on {map_name} is for {MIN_PLAYERS} to {most} different players, "
                             f"not {seats!r}")
        unknown = [p for p in seats if p not in spawns]
        if unknown:
            raise ValueError(f"no start on the map for {', '.join(unknown)}; seats are "
                             f"{', '.join(sorted(spawns))}")
        chars = data.characters()
        heroes = []
        for p in seats:
            profile = spawns[p].profile
            if profile not in chars:
                raise ValueError(f"unknown Relic character {profile!r} for {p}")
            c = chars[profile]
            start = board.start_of[p]
            heroes.append(Hero(p, profile, c["strength"], c["willpower"], c["cunning"], c["life"],
                               c["life"], start, start, c["ability"]["kind"],
                               c["ability"].get("attribute", ""), influence=cfg.start_influence))
        scen = data.scenarios()
        if cfg.scenario:
            if cfg.scenario not in scen:
                raise ValueError(f"unknown scenario {cfg.scenario!r}; known: {', '.join(scen)}")
            scenario = cfg.scenario
        else:
            ids = sorted(scen)
            scenario = shuffle(tuple(ids), dice, cfg)[0]
        st = RelicState(map_name, scenario, seats, tuple(heroes), cfg)
        for deck in data.THREAT_DECKS:
            st = st.with_pile(deck, Pile(shuffle(data.threat_deck(deck), dice, cfg)))
        st = st.with_pile("power", Pile(shuffle(data.power_deck(), dice, cfg)))
        st = st.with_pile("wargear", Pile(shuffle(data.wargear_deck(), dice, cfg)))
        st = st.with_pile("mission", Pile(shuffle(data.mission_deck(board.sites()), dice, cfg)))
        ev: list[Event] = []
        for p in seats:
            st = draw_power(st, ev, p, cfg.start_power_cards, dice)
            st = next_mission(st, p, dice)
        return start_turn(self, st, [])

    # ------------------------------------------------------------------ protocol
    def current_player(self, state: RelicState) -> str | None:
        if state.phase == Phase.OVER:
            return None
        b = state.battle
        if b is not None and b.step == BattleStep.ENEMY_ROLL and b.roller:
            return b.roller  # REL-SEQ-3: the player to the left rolls for the enemy
        return state.active_player

    def outcome(self, state: RelicState) -> Outcome | None:
        if state.phase != Phase.OVER:
            return None
        scores = tuple((h.player, float(self.progress(state, h))) for h in state.heroes)
        return Outcome(state.winners, end_reason(state), scores)

    def explain(self, event: Event, lang: str = "en") -> str:
        """The event in words, the spaces and guardians named as the default map names them (a
        screen on another map passes its board: ``explain.explain(event, lang, board)``)."""
        return explain_mod.explain(event, lang, self.board_for(self.default_map))

    def check_moment(self, state: RelicState, command: Any) -> None:
        check_not_over(state)

    # ------------------------------------------------------------------ for the screens and the AI
    def battle_odds(self, state: RelicState, items: tuple[str, ...] | None = None,
                    cards: tuple[str, ...] | None = None) -> BattleOdds | None:
        """The odds of winning the pending battle (scoring.pending_battle_odds)."""
        return pending_battle_odds(state, items, cards)

    def test_odds(self, state: RelicState) -> float | None:
        """P(passing the pending Confrontation test) of a test scenario (REL-WIN-7, REL-EXT-3)."""
        return pending_test_odds(state)

    @staticmethod
    def player_dice(hero: Hero, attribute: str) -> int:
        """REL-SEQ-4: 1 die, plus any an ability grants."""
        return player_dice(hero, attribute)

    @staticmethod
    def enemy_dice(card: Card) -> int:
        """REL-SEQ-3: 1 die, plus any the enemy's own card grants (REL-DICE-6)."""
        return enemy_dice(card)

    def change_sources(self, state: RelicState) -> tuple[tuple[str, str], ...]:
        """What may change one of the active player's dice now: (source, how) (REL-SEQ-4)."""
        return change_sources(state)

    def step_targets(self, state: RelicState) -> tuple[str, ...]:
        """Spaces the active player may Move to without rolling (REL-BOARD-4, REL-BOARD-5)."""
        return movement.step_targets(self, state)

    def progress(self, state: RelicState, hero: Hero) -> int:
        """How far along the road to victory a player is (for the turn-limit default)."""
        return progress(self, state, hero)

    # ------------------------------------------------------------------ invariants
    def invariants(self, state: RelicState) -> list[str]:
        broken: list[str] = []
        board = self.board(state)
        if state.phase != Phase.OVER and self.current_player(state) is None:
            broken.append("nobody is to act")
        if (state.phase == Phase.BATTLE) != (state.battle is not None):
            broken.append(f"phase {state.phase} with battle {state.battle is not None}")
        if (state.phase == Phase.CHOICE) != (state.choice is not None):
            broken.append(f"phase {state.phase} with choice {state.choice is not None}")
        for h in state.heroes:
            if not 1 <= h.life <= h.max_life:
                broken.append(f"{h.player} has {h.life} Life of {h.max_life}")
            if h.space not in board.spaces:
                broken.append(f"{h.player} is on unknown space {h.space}")
            elif board.is_inner(h.space) and not h.relic:
                broken.append(f"{h.player} is on the Inner tier without a relic (REL-WIN-3)")
            if h.relic != (h.missions_completed >= state.cfg.missions_for_relic):
                broken.append(f"{h.player}: relic {h.relic} after {h.missions_completed} missions")
            if h.influence < 0 or len(h.hand) > state.cfg.hand_limit:
                broken.append(f"{h.player}: influence {h.influence}, hand {len(h.hand)}")
        b = state.battle
        if b is not None and b.roller != state.seat_left_of(state.active_player):
            broken.append("the enemy's roller is not the seat to the left (REL-SEQ-3)")
        uids: list[str] = []
        for deck in data.THREAT_DECKS:
            pile = state.pile(deck)
            uids += [c.uid for c in pile.draw + pile.discard]
        for _, cards in state.threats:
            uids += [c.uid for c in cards]
        for h in state.heroes:
            uids += [c.uid for c in h.trophies] + [c.uid for c in h.hand] + [i.uid for i in h.items]
        for name in ("power", "wargear"):
            pile = state.pile(name)
            uids += [c.uid for c in pile.draw + pile.discard]
        if state.choice is not None:
            uids += [i.uid for i in state.choice.offered]
        if len(uids) != len(set(uids)):
            broken.append("a card is in two places at once")
        have = Counter(u.rsplit("-", 1)[0] for u in uids)
        for prefix, n in data.deck_sizes().items():
            if have[prefix] != n:
                broken.append(f"{prefix}: {have[prefix]} cards in play, the deck has {n}")
        if state.phase == Phase.OVER and not state.winners:
            broken.append("the game is over without a winner")
        return broken
