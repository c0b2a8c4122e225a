"""Relic as a rule system: the turn of spec section 9 over the ring board.

A turn is Movement (roll and pick a direction, cross a link, or step on the Inner tier),
Exploration (the space's draws and effects), Engagement (battles in an order the player picks,
then strangers), Experience (trophies into levels) and the hand-over to the next seat. A battle
is the seven steps of section 3: the enemy's die is rolled by the next seat, which is then the
current player (hot-seat), and the active player may change their own dice only after their roll.

Every resolution returns events carrying the rule IDs applied and the numbers that decided it.
The state is immutable: ``apply`` returns a new one; dice come only from the ``dice`` argument.

Defaults where the seed is silent (each also in config.py or data/):
* the game ends after ``max_rounds`` rounds if nobody has won; the most advanced player wins
  (on the scenario space, then furthest along the Inner tier, then the relic, missions,
  trophy value, Life);
* a space's effects are read on the turn a move ends there; moving by a space's choice
  (Warp Storm, Starport, Star Chart, Mirror Lake) does not read the new space again;
* an unspecified threat deck is picked by a die: 1-2 red, 3-4 blue, 5-6 yellow;
* at the end of each turn, trophies of one attribute worth ``level_cost`` are spent for +1 in it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.board import load_board
from game.core.dice import Dice
from game.rules.engine import Applied, CommandSet, Event, IllegalCommand, Outcome, Setup
from game.rules.relic import data
from game.rules.relic import explain as explain_mod
from game.rules.relic.board import CENTRE, RingBoard
from game.rules.relic.commands import (
    ChangeDie,
    Choose,
    EndTurn,
    Fight,
    Meet,
    Move,
    Prepare,
    RollBattle,
    RollForEnemy,
    RollMove,
    RollTest,
    Score,
)
from game.rules.relic.config import ATTRIBUTES, RelicConfig
from game.rules.relic.dice import continue_chain, explosions, roll_exploding, total
from game.rules.relic.odds import BattleOdds, battle_odds, skill_test_odds
from game.rules.relic.state import (
    LOSE,
    TIE,
    WIN,
    Battle,
    Card,
    Choice,
    Hero,
    Item,
    Pile,
    Power,
    RelicState,
)

MAPS_DIR = Path(__file__).resolve().parents[3] / "maps"
CHANGES = ("reroll", "add1", "set6")  #: ways to change one of your own dice (REL-DICE-5)
ANY_DECK = {1: "red", 2: "red", 3: "blue", 4: "blue", 5: "yellow", 6: "yellow"}


def _shuffle(items: tuple, dice: Dice, cfg: RelicConfig) -> tuple:
    """Fisher-Yates with the match's dice (or data order when ``shuffle`` is off)."""
    out = list(items)
    if not cfg.shuffle:
        return tuple(out)
    for i in range(len(out) - 1, 0, -1):
        j = dice.roll(1, i + 1)[0] - 1
        out[i], out[j] = out[j], out[i]
    return tuple(out)


class Relic:
    """The rule system. One instance may serve many matches (it caches boards by map)."""

    name = "relic"
    default_map = "relic.tmx"
    commands = CommandSet([RollMove, Move, Choose, Fight, Prepare, RollForEnemy, RollBattle,
                           ChangeDie, Score, Meet, EndTurn, RollTest])

    def __init__(self, maps_dir: Path = MAPS_DIR) -> None:
        self.maps_dir = maps_dir
        self._boards: dict[str, RingBoard] = {}

    # ------------------------------------------------------------------ setup
    def board_for(self, map_name: str) -> RingBoard:
        if map_name not in self._boards:
            path = Path(map_name)
            if not path.is_absolute():
                path = self.maps_dir / path
            self._boards[map_name] = RingBoard(load_board(path))
        return self._boards[map_name]

    def board(self, state: RelicState) -> RingBoard:
        return self.board_for(state.map)

    def new_state(self, setup: Setup, dice: Dice) -> RelicState:
        cfg = RelicConfig.from_options(setup.options)
        map_name = setup.map or self.default_map
        board = self.board_for(map_name)
        outer = len(board.tiers["outer"])
        if outer != cfg.outer_tier_spaces:  # REL-BOARD-1
            raise ValueError(f"REL-BOARD-1: the map's Outer tier has {outer} spaces, "
                             f"the game expects {cfg.outer_tier_spaces}")
        spawns = {s.side: s for s in board.board.spawns if s.side}
        seats = tuple(setup.players) or tuple(sorted(spawns))
        if not 1 <= len(seats) <= len(spawns) or len(set(seats)) != len(seats):
            raise ValueError(f"Relic is for 1 to {len(spawns)} different players, not {seats!r}")
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
            scenario = _shuffle(tuple(ids), dice, cfg)[0]
        st = RelicState(map_name, scenario, seats, tuple(heroes), cfg)
        for deck in data.THREAT_DECKS:
            st = st.with_pile(deck, Pile(_shuffle(data.threat_deck(deck), dice, cfg)))
        st = st.with_pile("power", Pile(_shuffle(data.power_deck(), dice, cfg)))
        st = st.with_pile("wargear", Pile(_shuffle(data.wargear_deck(), dice, cfg)))
        st = st.with_pile("mission", Pile(_shuffle(tuple(sorted(data.missions())), dice, cfg)))
        ev: list[Event] = []
        for p in seats:
            st = self._draw_power(st, ev, p, cfg.start_power_cards, dice)
            st = self._next_mission(st, p, dice)
        return self._start_turn(st, [])

    # ------------------------------------------------------------------ protocol
    def current_player(self, state: RelicState) -> str | None:
        if state.phase == "over":
            return None
        b = state.battle
        if b is not None and b.step == "enemy_roll" and b.roller:
            return b.roller  # REL-SEQ-3: the player to the left rolls for the enemy
        return state.active_player

    def outcome(self, state: RelicState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = tuple((h.player, float(self.progress(state, h))) for h in state.heroes)
        return Outcome(state.winners, state.end_reason, scores)

    def explain(self, event: Event, lang: str = "en") -> str:
        return explain_mod.explain(event, lang)

    def digest(self, state: RelicState) -> str:
        return repr(state)

    def apply(self, state: RelicState, command: Any, dice: Dice) -> Applied:
        if state.phase == "over":
            raise IllegalCommand("REL-WIN-1", "the game is over")
        handler: Any = {
            RollMove: self._roll_move, Move: self._move, Choose: self._choose, Fight: self._fight,
            Prepare: self._prepare, RollForEnemy: self._roll_for_enemy,
            RollBattle: self._roll_battle, ChangeDie: self._change_die, Score: self._score,
            Meet: self._meet, EndTurn: self._end_turn_cmd, RollTest: self._roll_test,
        }.get(type(command))
        if handler is None:
            raise IllegalCommand("REL-SEQ-1", f"{type(command).__name__} is not a Relic command")
        ev: list[Event] = []
        st = handler(state, command, dice, ev)
        return Applied(st, tuple(ev))

    def legal_commands(self, state: RelicState) -> list[Any]:
        from game.rules.relic.ai import legal_commands

        return legal_commands(self, state)

    def rank_command(self, state: RelicState, command: Any) -> float:
        from game.rules.relic.ai import rank_command

        return rank_command(self, state, command)

    # ------------------------------------------------------------------ odds for the UI
    def battle_odds(self, state: RelicState, items: tuple[str, ...] | None = None,
                    cards: tuple[str, ...] | None = None) -> BattleOdds | None:
        """The odds of winning the pending battle (exact with explosions, see odds.py), with
        what is known now: after Prepare its modifiers, after the enemy roll its total. Before
        Prepare, ``items`` and ``cards`` say what the player would declare."""
        b = state.battle
        if b is None:
            return None
        hero = state.active_hero
        mods = sum(v for _, v in b.modifiers)
        armour = b.armour
        hand = hero.hand
        if b.step == "prepare" and (items or cards):
            chosen = [i for i in hero.items if i.uid in (items or ())]
            played = [c for c in hand if c.uid in (cards or ())]
            mods = sum(i.bonus for i in chosen) + sum(c.bonus for c in played)
            armour = any(i.kind == "armour" for i in chosen)
            hand = tuple(c for c in hand if c not in played)
        e_mods = sum(v for _, v in self._enemy_modifiers(hero, hand, b.enemy, armour))
        p_bonus = hero.attribute(b.attribute) + mods
        e_bonus = b.enemy.value + e_mods
        cfg = state.cfg
        if b.player_chains:
            p_bonus += total(b.player_chains, b.player_adds)
            return battle_odds(0, p_bonus, e_bonus, 0, chain=cfg.chain_explosions,
                               max_explosions=cfg.max_explosions, enemy_total=total(b.enemy_chains))
        known = total(b.enemy_chains) if b.enemy_chains else None
        return battle_odds(self.player_dice(hero, b.attribute), p_bonus, e_bonus,
                           self.enemy_dice(b.enemy), chain=cfg.chain_explosions,
                           max_explosions=cfg.max_explosions, enemy_total=known)

    def test_odds(self, state: RelicState) -> float | None:
        """P(passing the pending Confrontation test) of a test scenario (REL-WIN-7, REL-EXT-3)."""
        if state.phase != "confrontation":
            return None
        scen = data.scenarios()[state.scenario]
        hero = state.active_hero
        attr = scen["attribute"]
        return skill_test_odds(self.player_dice(hero, attr), hero.attribute(attr), int(scen["target"]),
                               chain=state.cfg.chain_explosions, max_explosions=state.cfg.max_explosions)

    @staticmethod
    def player_dice(hero: Hero, attribute: str) -> int:
        """REL-SEQ-4: 1 die, plus any an ability grants."""
        return 1 + (1 if hero.ability == "extra_die" and hero.ability_attribute == attribute else 0)

    @staticmethod
    def enemy_dice(card: Card) -> int:
        """REL-SEQ-3: 1 die, plus any the enemy's own card grants (REL-DICE-6)."""
        return 1 + sum(e.n for e in card.effects_when("roll") if e.what == "extra_die")

    # ------------------------------------------------------------------ turn flow
    def _start_turn(self, st: RelicState, ev: list[Event]) -> RelicState:
        hero = st.active_hero
        st = replace(st, phase="movement", move_roll=(), move_options=(), blocked=False,
                     choice=None, battle=None)
        ev.append(Event.of("rel.turn", ["REL-SEQ-3"], hero.player, round=st.round, turn=st.turn,
                           space=hero.space))
        if hero.space == self.board(st).centre:  # REL-WIN-6: no movement; Engagement = Confrontation
            ev.append(Event.of("rel.no_move", ["REL-WIN-6"], hero.player, reason="scenario"))
            return self._begin_confrontation(st, ev, arrived=False)
        if hero.skip_move:
            st = st.with_hero(replace(hero, skip_move=False))
            ev.append(Event.of("rel.no_move", ["REL-BOARD-2"], hero.player, reason="skip"))
            return replace(st, phase="engagement")
        return st

    def _settle(self, st: RelicState, ev: list[Event], dice: Dice) -> RelicState:
        """Run on until a player must decide: the Engagement loop and the hand-over."""
        while st.phase == "engagement" and st.battle is None and st.choice is None:
            hero = st.active_hero
            if not st.blocked:
                enemies = st.enemies_on(hero.space)
                if enemies:
                    if st.cfg.enemy_order == "drawn":
                        return self._begin_battle(st, ev, enemies[0])
                    return st  # REL-ENG-1 / REL-ENG-2: the player picks the next enemy
                if st.strangers_on(hero.space):
                    return st  # REL-ENG-2: every enemy beaten, strangers may be met
            st = self._end_turn(st, ev, dice)
        return st

    def _end_turn(self, st: RelicState, ev: list[Event], dice: Dice) -> RelicState:
        player = st.active_player
        st = self._experience(st, ev, player)
        st = self._check_mission(st, ev, player, "turn_end", dice)
        ev.append(Event.of("rel.turn_end", ["REL-SEQ-3"], player))
        nxt = (st.active + 1) % len(st.seats)
        rnd = st.round + (1 if nxt == 0 else 0)
        st = replace(st, active=nxt, round=rnd, turn=st.turn + 1)
        if rnd > st.cfg.max_rounds:
            return self._end_by_limit(st, ev)
        return self._start_turn(st, ev)

    def progress(self, st: RelicState, hero: Hero) -> int:
        """How far along the road to victory a player is (for the turn-limit default)."""
        board = self.board(st)
        space = board.spaces[hero.space]
        where = 1000 if space.tier == CENTRE else (100 * (space.index + 1) if space.tier == "inner" else 0)
        return where + 50 * hero.relic + 10 * hero.missions_completed + hero.trophy_value() + hero.life

    def _end_by_limit(self, st: RelicState, ev: list[Event]) -> RelicState:
        best = max(self.progress(st, h) for h in st.heroes)
        winners = tuple(h.player for h in st.heroes if self.progress(st, h) == best)
        reason = (f"the turn limit of {st.cfg.max_rounds} rounds (a default; the seed has none): "
                  "the most advanced player wins")
        ev.append(Event.of("rel.game_over", ["REL-WIN-1"], "", winners=winners, reason="limit",
                           rounds=st.cfg.max_rounds))
        return replace(st, phase="over", winners=winners, end_reason=reason, battle=None, choice=None)

    def _win(self, st: RelicState, ev: list[Event], player: str) -> RelicState:
        name = data.name(st.scenario)
        ev.append(Event.of("rel.game_over", ["REL-WIN-1", "REL-WIN-7"], player, winners=(player,),
                           reason="confrontation", scenario=st.scenario))
        return replace(st, phase="over", winners=(player,), battle=None, choice=None,
                       end_reason=f"{player} met the Confrontation of {name} (REL-WIN-1)")

    # ------------------------------------------------------------------ movement
    @staticmethod
    def _phase_is(st: RelicState, phases: tuple[str, ...], rule: str, what: str) -> None:
        if st.phase not in phases:
            raise IllegalCommand(rule, f"{what}: not now (the turn is at its {st.phase.replace('_', ' ')} step)")

    def step_targets(self, st: RelicState) -> tuple[str, ...]:
        """Spaces the active player may Move to without rolling: crossings (REL-BOARD-5) and,
        on the Inner tier, the next spaces (REL-BOARD-4). Relic conditions not applied."""
        board = self.board(st)
        hero = st.active_hero
        out = {to for to, _ in board.links(hero.space)}
        if board.tier(hero.space) == "inner":
            out |= set(board.inner_steps(hero.space, st.cfg.inner_step))
        return tuple(sorted(out))

    def _roll_move(self, st: RelicState, cmd: RollMove, dice: Dice, ev: list[Event]) -> RelicState:
        self._phase_is(st, ("movement",), "REL-BOARD-3", "rolling to move")
        board = self.board(st)
        hero = st.active_hero
        if board.tier(hero.space) not in ("outer", "middle"):
            raise IllegalCommand("REL-BOARD-4", "on the Inner tier a piece steps one space: Move there")
        faces = dice.roll(2 if hero.double_roll else 1)
        options = sorted({board.walk(hero.space, f, d, data.stops()) for f in faces for d in (1, -1)}
                         - {hero.space}) or [hero.space]
        st = st.with_hero(replace(hero, double_roll=False))
        ev.append(Event.of("rel.move_roll", ["REL-BOARD-3"], hero.player, faces=faces,
                           options=tuple(options)))
        return replace(st, phase="move_choice", move_roll=faces, move_options=tuple(options))

    def _move(self, st: RelicState, cmd: Move, dice: Dice, ev: list[Event]) -> RelicState:
        self._phase_is(st, ("movement", "move_choice"), "REL-BOARD-3", "moving")
        board = self.board(st)
        hero = st.active_hero
        if cmd.to not in board.spaces:
            raise IllegalCommand("REL-BOARD-2", f"there is no space {cmd.to!r}")
        if board.is_inner(cmd.to) and not hero.relic:
            raise IllegalCommand("REL-WIN-3", "only a player holding a relic may enter the Inner tier")
        if st.phase == "move_choice":
            if cmd.to not in st.move_options:
                raise IllegalCommand("REL-BOARD-3", f"the roll {st.move_roll} reaches "
                                     f"{', '.join(st.move_options)}, not {cmd.to}")
            how, rules = "roll", ["REL-BOARD-3"]
        else:
            if cmd.to not in self.step_targets(st):
                rule = "REL-BOARD-4" if board.tier(hero.space) == "inner" else "REL-BOARD-5"
                raise IllegalCommand(rule, f"{cmd.to} is not linked to {hero.space}: roll to move")
            inner = board.tier(hero.space) == "inner"
            how, rules = ("step", ["REL-BOARD-4"]) if inner else ("cross", ["REL-BOARD-5"])
            if board.is_inner(cmd.to):
                rules.append("REL-WIN-3")
        ev.append(Event.of("rel.move", rules, hero.player, motion=("move", hero.player, hero.space, cmd.to),
                           frm=hero.space, to=cmd.to, how=how))
        return self._arrive(st, ev, cmd.to, dice)

    def _arrive(self, st: RelicState, ev: list[Event], cell: str, dice: Dice) -> RelicState:
        hero = st.active_hero
        st = st.with_hero(replace(hero, space=cell))
        st = self._check_mission(st, ev, hero.player, "arrive", dice)
        if cell == self.board(st).centre:
            return self._begin_confrontation(st, ev, arrived=True)  # REL-WIN-5
        st = self._explore(st, ev, cell, dice, 0)
        return self._settle(st, ev, dice)

    # ------------------------------------------------------------------ exploration
    def _explore(self, st: RelicState, ev: list[Event], cell: str, dice: Dice, start: int) -> RelicState:
        """The space's draws and effects (REL-BOARD-2); on the Inner tier, its dangers
        (REL-WIN-4). Stops at a choice, or when the player is vanquished."""
        rec = data.space(cell)
        player = st.active_player
        inner = self.board(st).tier(cell) == "inner"
        rules = ["REL-BOARD-2"] + (["REL-WIN-4"] if inner else [])
        st = replace(st, phase="engagement")
        if start == 0:
            ev.append(Event.of("rel.space", rules, player, space=cell))
            for deck, n in sorted((rec.get("threat_icons") or {}).items()):
                for _ in range(int(n)):
                    st = self._draw_threat(st, ev, deck, cell, player, dice, resolve=True)
                    if st.blocked:
                        return st
            guardian = rec.get("guardian")
            if guardian and not any(c.id == guardian["id"] for c in st.cards_on(cell)):
                uid, st = st.uid(guardian["id"])
                card = Card(uid, guardian["id"], "space", "enemy", guardian["attribute"],
                            int(guardian["value"]))
                st = st.with_cards_on(cell, st.cards_on(cell) + (card,))
                ev.append(Event.of("rel.guardian", rules, player, card=card.id, uid=uid,
                                   attribute=card.attribute, value=card.value, space=cell))
        effects = list(rec.get("effects") or ())
        for i in range(start, len(effects)):
            eff = effects[i]
            if eff["do"] == "choose":
                made = self._make_choice(st, eff, cell, i + 1, dice)
                if made is not None:
                    st, choice = made
                    ev.append(Event.of("rel.choice", rules, player, kind=choice.kind,
                                       options=choice.options))
                    return replace(st, phase="choice", choice=choice)
                continue
            st = self._space_effect(st, ev, eff, player, dice, rules)
            if st.blocked:
                return st
        return st

    def _space_effect(self, st: RelicState, ev: list[Event], eff: dict[str, Any], player: str,
                      dice: Dice, rules: list[str]) -> RelicState:
        do = eff["do"]
        if do == "roll":
            face = dice.roll(1)[0]
            ok = face >= int(eff["min"])
            ev.append(Event.of("rel.space_roll", rules, player, face=face, need=int(eff["min"]), ok=ok))
            nxt = eff.get("then") if ok else eff.get("else")
            return self._space_effect(st, ev, nxt, player, dice, rules) if nxt else st
        if do == "others_draw":
            board = self.board(st)
            for h in st.heroes:
                if h.player != player and board.tier(h.space) in ("outer", "middle"):
                    face = dice.roll(1)[0]
                    st = self._draw_threat(st, ev, ANY_DECK[face], h.space, h.player, dice, resolve=False)
            return st
        if do == "lose_life_unless_armour":
            hero = st.hero(player)
            if any(i.kind == "armour" for i in hero.items):
                ev.append(Event.of("rel.spared", rules, player, by="armour"))
                return st
            do = "lose_life"
        return self._gain(st, ev, player, do, int(eff.get("n", 0)), dice, rules)

    def _make_choice(self, st: RelicState, eff: dict[str, Any], cell: str, resume: int,
                     dice: Dice) -> tuple[RelicState, Choice] | None:
        kind = eff["kind"]
        board = self.board(st)
        hero = st.active_hero
        offered: tuple[Item, ...] = ()
        options: tuple[str, ...]
        if kind == "teleport":
            targets = eff.get("to") or board.tiers[eff.get("tier", "outer")]
            options = tuple(t for t in targets if t != hero.space)
        elif kind == "buy_wargear":
            have = st.pile("wargear").draw or st.pile("wargear").discard
            options = ("buy",) if hero.influence >= int(eff.get("cost", 1)) and have else ()
        elif kind == "keep_wargear":
            for _ in range(int(eff.get("n", 3))):
                st, item = self._take(st, "wargear", dice)
                if item is not None:
                    offered += (item,)
            options = tuple(i.uid for i in offered)
        elif kind == "swap_wargear":
            have = st.pile("wargear").draw or st.pile("wargear").discard
            options = tuple(i.uid for i in hero.items) if have else ()
        elif kind == "swap_places":
            tier = eff.get("tier", "middle")
            options = tuple(h.player for h in st.heroes
                            if h.player != hero.player and board.tier(h.space) == tier)
        elif kind == "shift":
            up_to = int(eff.get("up_to", 3))
            options = tuple(sorted({board.walk(hero.space, k, d) for k in range(1, up_to + 1)
                                    for d in (1, -1)} - {hero.space}))
        else:
            raise ValueError(f"unknown choice {kind!r} in data/spaces.json ({cell})")
        if not options:
            return None
        return st, Choice(kind, options, True, cell, resume, offered)

    def _choose(self, st: RelicState, cmd: Choose, dice: Dice, ev: list[Event]) -> RelicState:
        self._phase_is(st, ("choice",), "REL-BOARD-2", "choosing")
        choice = st.choice
        assert choice is not None
        if cmd.option not in choice.options and not (cmd.option == "" and choice.optional):
            raise IllegalCommand("REL-BOARD-2", f"choose one of {', '.join(choice.options)}"
                                 + (" or nothing" if choice.optional else ""))
        hero = st.active_hero
        player = hero.player
        rules = ["REL-BOARD-2"]
        st = replace(st, choice=None, phase="engagement")
        named = {i.uid: i.id for i in choice.offered + hero.items}
        ev.append(Event.of("rel.chosen", rules, player, kind=choice.kind, option=cmd.option,
                           option_id=named.get(cmd.option, cmd.option)))
        if choice.kind in ("teleport", "shift") and cmd.option:
            ev.append(Event.of("rel.relocate", rules, player,
                               motion=("move", player, hero.space, cmd.option),
                               frm=hero.space, to=cmd.option))
            st = st.with_hero(replace(hero, space=cmd.option))
            st = self._check_mission(st, ev, player, "arrive", dice)
        elif choice.kind == "buy_wargear" and cmd.option:
            st = st.with_hero(replace(hero, influence=hero.influence - 1))
            st = self._gain(st, ev, player, "draw_wargear", 1, dice, rules)
        elif choice.kind == "keep_wargear":
            kept = tuple(i for i in choice.offered if i.uid == cmd.option)
            rest = tuple(i for i in choice.offered if i.uid != cmd.option)
            st = st.with_hero(replace(hero, items=hero.items + kept))
            pile = st.pile("wargear")
            st = st.with_pile("wargear", replace(pile, discard=pile.discard + rest))
            if kept:
                ev.append(Event.of("rel.gain", rules, player, what="wargear", card=kept[0].id, n=1))
        elif choice.kind == "swap_wargear" and cmd.option:
            item = next(i for i in hero.items if i.uid == cmd.option)
            st = st.with_hero(replace(hero, items=tuple(i for i in hero.items if i.uid != cmd.option)))
            pile = st.pile("wargear")
            st = st.with_pile("wargear", replace(pile, discard=pile.discard + (item,)))
            ev.append(Event.of("rel.lose", rules, player, what="wargear", card=item.id, n=1))
            st = self._gain(st, ev, player, "draw_wargear", 1, dice, rules)
        elif choice.kind == "swap_places" and cmd.option:
            other = st.hero(cmd.option)
            ev.append(Event.of("rel.relocate", rules, player,
                               motion=("swap", player, cmd.option), frm=hero.space, to=other.space,
                               other=cmd.option))
            st = st.with_hero(replace(hero, space=other.space))
            st = st.with_hero(replace(other, space=hero.space))
            st = self._check_mission(st, ev, player, "arrive", dice)
        st = self._explore(st, ev, choice.cell, dice, choice.resume)
        return self._settle(st, ev, dice)

    # ------------------------------------------------------------------ cards and effects
    def _take(self, st: RelicState, deck: str, dice: Dice) -> tuple[RelicState, Any]:
        """The top card of a deck, reshuffling its discard pile when the deck is empty."""
        pile = st.pile(deck)
        if not pile.draw and pile.discard:
            pile = Pile(_shuffle(pile.discard, dice, st.cfg), ())
        if not pile.draw:
            return st.with_pile(deck, pile), None
        return st.with_pile(deck, Pile(pile.draw[1:], pile.discard)), pile.draw[0]

    def _discard(self, st: RelicState, card: Any) -> RelicState:
        """A card back to its deck's discard pile (guardians and scenario foes leave the game)."""
        deck = {"Power": "power", "Item": "wargear"}.get(type(card).__name__, getattr(card, "deck", ""))
        if deck not in (*data.THREAT_DECKS, "power", "wargear"):
            return st
        pile = st.pile(deck)
        return st.with_pile(deck, replace(pile, discard=pile.discard + (card,)))

    def _draw_threat(self, st: RelicState, ev: list[Event], deck: str, cell: str, player: str,
                     dice: Dice, *, resolve: bool) -> RelicState:
        if deck == "any":
            face = dice.roll(1)[0]
            deck = ANY_DECK[face]
        st, card = self._take(st, deck, dice)
        if card is None:
            ev.append(Event.of("rel.deck_empty", ["REL-BOARD-2"], player, deck=deck))
            return st
        ev.append(Event.of("rel.draw", ["REL-BOARD-2", "REL-BOARD-7"], player, deck=deck,
                           card=card.id, uid=card.uid, kind=card.kind, space=cell))
        if card.kind != "event":
            return st.with_cards_on(cell, st.cards_on(cell) + (card,))
        st = self._discard(st, card)
        if resolve:
            for e in card.effects_when("draw"):
                st = self._gain(st, ev, player, e.what, e.n, dice, ["REL-BOARD-2"])
                if st.blocked:
                    break
        return st

    def _draw_power(self, st: RelicState, ev: list[Event], player: str, n: int, dice: Dice) -> RelicState:
        for _ in range(n):
            st, card = self._take(st, "power", dice)
            if card is None:
                break
            hero = st.hero(player)
            hand = hero.hand + (card,)
            while len(hand) > st.cfg.hand_limit:  # default: the oldest card goes
                st = self._discard(st, hand[0])
                ev.append(Event.of("rel.lose", ["REL-EXT-1"], player, what="power", card=hand[0].id, n=1))
                hand = hand[1:]
            st = st.with_hero(replace(hero, hand=hand))
        return st

    def _next_mission(self, st: RelicState, player: str, dice: Dice) -> RelicState:
        st, mission = self._take(st, "mission", dice)
        return st.with_hero(replace(st.hero(player), mission=mission or ""))

    def _gain(self, st: RelicState, ev: list[Event], player: str, what: str, n: int, dice: Dice,
              rules: list[str]) -> RelicState:
        """Apply one effect to a player (Life, influence, cards, flags)."""
        hero = st.hero(player)
        if what == "heal":
            life = min(hero.max_life, hero.life + n)
            ev.append(Event.of("rel.life", rules, player, change=life - hero.life, life=life))
            return st.with_hero(replace(hero, life=life))
        if what == "lose_life":
            life = hero.life - n
            ev.append(Event.of("rel.life", rules, player, change=-n, life=max(life, 0)))
            st = st.with_hero(replace(hero, life=life))
            return self._vanquish(st, ev, player) if life <= 0 else st
        if what in ("gain_influence", "lose_influence"):
            value = max(0, hero.influence + (n if what == "gain_influence" else -n))
            ev.append(Event.of("rel.influence", rules, player, change=value - hero.influence, influence=value))
            return st.with_hero(replace(hero, influence=value))
        if what == "draw_power":
            ev.append(Event.of("rel.gain", rules, player, what="power", n=n, card=""))
            return self._draw_power(st, ev, player, n, dice)
        if what == "discard_power":
            gone, keep = hero.hand[:n], hero.hand[n:]
            for card in gone:
                st = self._discard(st, card)
                ev.append(Event.of("rel.lose", rules, player, what="power", card=card.id, n=1))
            return st.with_hero(replace(st.hero(player), hand=keep))
        if what == "draw_wargear":
            for _ in range(n):
                st, item = self._take(st, "wargear", dice)
                if item is None:
                    break
                h = st.hero(player)
                st = st.with_hero(replace(h, items=h.items + (item,)))
                ev.append(Event.of("rel.gain", rules, player, what="wargear", card=item.id, n=1))
            return st
        if what == "lose_item":
            for _ in range(n):
                h = st.hero(player)
                if not h.items:
                    break
                item = h.items[-1]  # default: the newest piece is lost
                st = self._discard(st.with_hero(replace(h, items=h.items[:-1])), item)
                ev.append(Event.of("rel.lose", rules, player, what="wargear", card=item.id, n=1))
            return st
        if what == "skip_move":
            ev.append(Event.of("rel.flag", rules, player, flag="skip_move"))
            return st.with_hero(replace(hero, skip_move=True))
        if what == "double_roll":
            ev.append(Event.of("rel.flag", rules, player, flag="double_roll"))
            return st.with_hero(replace(hero, double_roll=True))
        raise ValueError(f"unknown effect {what!r} in the Relic data")

    def _vanquish(self, st: RelicState, ev: list[Event], player: str) -> RelicState:
        """REL-OUT-4 (published default): trophies and influence lost, Life reset, back to the
        start; if it is the active player, the turn ends."""
        hero = st.hero(player)
        for card in hero.trophies:
            st = self._discard(st, card)
        ev.append(Event.of("rel.vanquished", ["REL-OUT-4"], player, motion=("move", player, hero.space, hero.start),
                           trophies=len(hero.trophies), influence=hero.influence, to=hero.start))
        st = st.with_hero(replace(hero, life=hero.max_life, trophies=(), influence=0, space=hero.start,
                                  vanquished=hero.vanquished + 1))
        if player == st.active_player:
            st = replace(st, blocked=True, battle=None, choice=None, phase="engagement")
        return st

    def _check_mission(self, st: RelicState, ev: list[Event], player: str, trigger: str, dice: Dice,
                       card: Card | None = None) -> RelicState:
        hero = st.hero(player)
        if not hero.mission:
            return st
        m = data.missions()[hero.mission]
        kind = m["kind"]
        done = False
        if kind == "defeat" and trigger == "win" and card is not None:
            done = ((not m.get("deck") or card.deck == m["deck"])
                    and (not m.get("attribute") or card.attribute == m["attribute"])
                    and card.value >= int(m.get("min_value", 0)))
        elif kind == "visit" and trigger == "arrive":
            done = hero.space == m.get("space") or self.board(st).tier(hero.space) == m.get("tier")
        elif kind == "trophies":
            done = hero.trophy_value() >= int(m["total"])
        if not done:
            return st
        count = hero.missions_completed + 1
        pile = st.pile("mission")
        st = st.with_pile("mission", replace(pile, discard=pile.discard + (hero.mission,)))
        st = st.with_hero(replace(hero, missions_completed=count, mission=""))
        ev.append(Event.of("rel.mission", ["REL-WIN-2"], player, mission=m["id"], count=count,
                           needed=st.cfg.missions_for_relic))
        reward = m.get("reward")
        if reward:
            st = self._gain(st, ev, player, reward["what"], int(reward.get("n", 0)), dice, ["REL-WIN-2"])
        hero = st.hero(player)
        if count >= st.cfg.missions_for_relic and not hero.relic:
            st = st.with_hero(replace(hero, relic=True))
            ev.append(Event.of("rel.relic", ["REL-WIN-2", "REL-WIN-3"], player, missions=count))
        return self._next_mission(st, player, dice)

    def _experience(self, st: RelicState, ev: list[Event], player: str) -> RelicState:
        """Default (ref): trophies of one attribute worth ``level_cost`` buy +1 in it (REL-EXT-2)."""
        cost = st.cfg.level_cost
        for attr in ATTRIBUTES:
            hero = st.hero(player)
            while hero.trophy_value(attr) >= cost:
                spent: list[Card] = []
                for t in sorted((t for t in hero.trophies if t.attribute == attr),
                                key=lambda t: (-t.value, t.uid)):
                    if sum(s.value for s in spent) >= cost:
                        break
                    spent.append(t)
                left = tuple(t for t in hero.trophies if t not in spent)
                levels: dict[str, Any] = {attr: hero.attribute(attr) + 1}
                hero = replace(hero, trophies=left, **levels)
                st = st.with_hero(hero)
                for t in spent:
                    st = self._discard(st, t)
                ev.append(Event.of("rel.level_up", ["REL-EXT-2"], player, attribute=attr,
                                   value=hero.attribute(attr), spent=tuple(t.id for t in spent)))
        return st

    # ------------------------------------------------------------------ engagement
    def _fight(self, st: RelicState, cmd: Fight, dice: Dice, ev: list[Event]) -> RelicState:
        self._phase_is(st, ("engagement",), "REL-ENG-1", "starting a battle")
        if st.blocked:
            raise IllegalCommand("REL-ENG-3", "the Engagement phase has ended this turn")
        hero = st.active_hero
        enemy = next((c for c in st.enemies_on(hero.space) if c.uid == cmd.enemy), None)
        if enemy is None:
            raise IllegalCommand("REL-BTL-1", f"there is no enemy {cmd.enemy!r} on {hero.space}")
        return self._begin_battle(st, ev, enemy)

    def _begin_battle(self, st: RelicState, ev: list[Event], enemy: Card, *,
                      confrontation: bool = False) -> RelicState:
        hero = st.active_hero
        attr = enemy.attribute  # REL-SEQ-1
        battle = Battle(enemy, attr, hero.space, roller=st.seat_left_of(hero.player),
                        confrontation=confrontation)
        rules = ["REL-BTL-1", "REL-BTL-2", "REL-SEQ-1"] + (["REL-ENG-4"] if confrontation else [])
        ev.append(Event.of("rel.battle", rules, hero.player, enemy=enemy.id, uid=enemy.uid,
                           deck=enemy.deck, attribute=attr, value=enemy.value,
                           player_value=hero.attribute(attr)))
        return replace(st, phase="battle", battle=battle)

    def _battle_step(self, st: RelicState, step: str, rule: str, what: str) -> Battle:
        b = st.battle
        if b is None:
            raise IllegalCommand(rule, f"{what}: there is no battle")
        if b.step != step:
            raise IllegalCommand(rule, f"{what}: the battle is at its {b.step.replace('_', ' ')} step")
        return b

    def _prepare(self, st: RelicState, cmd: Prepare, dice: Dice, ev: list[Event]) -> RelicState:
        b = self._battle_step(st, "prepare", "REL-SEQ-2", "declaring modifiers")
        hero = st.active_hero
        if len(set(cmd.items)) != len(cmd.items) or len(set(cmd.cards)) != len(cmd.cards):
            raise IllegalCommand("REL-SEQ-2", "each modifier is declared once")
        items = []
        for uid in cmd.items:
            item = next((i for i in hero.items if i.uid == uid), None)
            if item is None:
                raise IllegalCommand("REL-SEQ-2", f"{hero.player} does not own {uid!r}")
            if not item.applies(b.attribute):
                raise IllegalCommand("REL-SEQ-2", f"{data.name(item.id)} does not help in a "
                                     f"{b.attribute} battle")
            items.append(item)
        weapons = sum(1 for i in items if i.kind == "weapon")
        armour = sum(1 for i in items if i.kind == "armour")
        if weapons > st.cfg.max_weapons or armour > st.cfg.max_armour:
            raise IllegalCommand("REL-SEQ-2", "in one battle a player may use only one weapon and "
                                 "one armour")
        cards = []
        for uid in cmd.cards:
            card = next((c for c in hero.hand if c.uid == uid), None)
            if card is None:
                raise IllegalCommand("REL-SEQ-2", f"{uid!r} is not in {hero.player}'s hand")
            if card.kind != "bonus" or card.attribute != b.attribute:
                raise IllegalCommand("REL-SEQ-2" if card.kind == "bonus" else "REL-SEQ-4",
                                     f"{data.name(card.id)} is not a {b.attribute} battle bonus")
            cards.append(card)
        mods = tuple((i.id, i.bonus) for i in items) + tuple((c.id, c.bonus) for c in cards)
        hand = tuple(c for c in hero.hand if c not in cards)
        st = st.with_hero(replace(hero, hand=hand))
        for c in cards:  # played cards are gone before the score step (REL-SEQ-5)
            st = self._discard(st, c)
        ev.append(Event.of("rel.prepare", ["REL-SEQ-2"], hero.player, modifiers=mods,
                           total=sum(v for _, v in mods)))
        b = replace(b, step="enemy_roll", modifiers=mods, armour=armour > 0)
        st = replace(st, battle=b)
        if not b.roller:  # REL-SEQ-3: playing alone, the program rolls for the enemy
            return self._enemy_roll(st, ev, dice)
        return st

    def _roll_for_enemy(self, st: RelicState, cmd: RollForEnemy, dice: Dice, ev: list[Event]) -> RelicState:
        self._battle_step(st, "enemy_roll", "REL-SEQ-3", "rolling for the enemy")
        return self._enemy_roll(st, ev, dice)

    def _enemy_roll(self, st: RelicState, ev: list[Event], dice: Dice) -> RelicState:
        b = st.battle
        assert b is not None
        cfg = st.cfg
        n = self.enemy_dice(b.enemy)
        chains = roll_exploding(n, dice, chain_explosions=cfg.chain_explosions,
                                max_explosions=cfg.max_explosions)
        rules = ["REL-SEQ-3", "REL-DICE-1", "REL-DICE-3", "REL-DICE-6"]
        if any(len(c) > 2 for c in chains):
            rules.append("REL-DICE-2")
        ev.append(Event.of("rel.enemy_roll", rules, b.roller or "program", enemy=b.enemy.id,
                           chains=chains, total=total(chains), explosions=explosions(chains)))
        return replace(st, battle=replace(b, step="player_roll", enemy_chains=chains))

    def _roll_battle(self, st: RelicState, cmd: RollBattle, dice: Dice, ev: list[Event]) -> RelicState:
        b = self._battle_step(st, "player_roll", "REL-SEQ-4", "the battle roll")
        hero = st.active_hero
        cfg = st.cfg
        n = self.player_dice(hero, b.attribute)
        chains = roll_exploding(n, dice, chain_explosions=cfg.chain_explosions,
                                max_explosions=cfg.max_explosions)
        rules = ["REL-SEQ-4", "REL-DICE-1", "REL-DICE-3", "REL-DICE-4"]
        if any(len(c) > 2 for c in chains):
            rules.append("REL-DICE-2")
        ev.append(Event.of("rel.player_roll", rules, hero.player, chains=chains, dice=n,
                           total=total(chains), explosions=explosions(chains)))
        st = replace(st, battle=replace(b, step="adjust", player_chains=chains, player_adds=(0,) * n))
        if not self.change_sources(st):
            return self._resolve(st, ev, dice)
        return st

    def change_sources(self, st: RelicState) -> tuple[tuple[str, str], ...]:
        """What may change one of the active player's dice now: (source, how) (REL-SEQ-4)."""
        b = st.battle
        if b is None or b.step != "adjust":
            return ()
        hero = st.active_hero
        out: list[tuple[str, str]] = []
        if hero.ability in CHANGES and not b.ability_used:
            out.append(("ability", hero.ability))
        out += [(c.uid, c.kind) for c in hero.hand if c.kind in CHANGES]
        return tuple(out)

    def _change_die(self, st: RelicState, cmd: ChangeDie, dice: Dice, ev: list[Event]) -> RelicState:
        if cmd.roll != "player":
            raise IllegalCommand("REL-DICE-6", "nobody may change the enemy's roll with their own "
                                 "character's abilities or cards")
        b = st.battle
        if b is not None and b.step == "enemy_roll":
            raise IllegalCommand("REL-SEQ-3", "the player rolling for the enemy may not change "
                                 "that roll")
        b = self._battle_step(st, "adjust", "REL-SEQ-4", "re-rolls and changes to a battle die "
                              "come only right after the player's own roll")
        sources = dict(self.change_sources(st))
        if cmd.source not in sources:
            raise IllegalCommand("REL-SEQ-4", f"{cmd.source!r} cannot change a die now")
        if not 0 <= cmd.index < len(b.player_chains):
            raise IllegalCommand("REL-DICE-5", f"there is no die {cmd.index}")
        how = sources[cmd.source]
        hero = st.active_hero
        cfg = st.cfg
        chains, adds = list(b.player_chains), list(b.player_adds)
        before = chains[cmd.index]
        if how == "reroll":  # the base die and its whole chain are replaced
            chains[cmd.index] = roll_exploding(1, dice, chain_explosions=cfg.chain_explosions,
                                               max_explosions=cfg.max_explosions)[0]
            adds[cmd.index] = 0
        elif how == "add1":  # an addition never explodes
            adds[cmd.index] += 1
        else:  # set6: the die becomes a 6 and explodes
            if before[0] == 6:
                raise IllegalCommand("REL-DICE-5", "that die already shows 6")
            chains[cmd.index] = continue_chain((6,), dice, chain_explosions=cfg.chain_explosions,
                                               max_explosions=cfg.max_explosions)
        after = chains[cmd.index]
        used = "ability" if cmd.source == "ability" else next(c.id for c in hero.hand if c.uid == cmd.source)
        if cmd.source == "ability":
            b = replace(b, ability_used=True)
        else:
            card = next(c for c in hero.hand if c.uid == cmd.source)
            st = self._discard(st.with_hero(replace(hero, hand=tuple(c for c in hero.hand if c != card))), card)
        b = replace(b, player_chains=tuple(chains), player_adds=tuple(adds))
        ev.append(Event.of("rel.die_changed", ["REL-SEQ-4", "REL-DICE-5"], hero.player, how=how,
                           source=used, uid=cmd.source, index=cmd.index, before=before, after=after,
                           added=adds[cmd.index], explodes=len(after) > 1,
                           total=total(b.player_chains, b.player_adds)))
        st = replace(st, battle=b)
        if not self.change_sources(st):
            return self._resolve(st, ev, dice)
        return st

    def _score(self, st: RelicState, cmd: Score, dice: Dice, ev: list[Event]) -> RelicState:
        self._battle_step(st, "adjust", "REL-SEQ-5", "counting the scores")
        return self._resolve(st, ev, dice)

    @staticmethod
    def _enemy_modifiers(hero: Hero, hand: tuple[Power, ...], enemy: Card, armour: bool
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

    def _resolve(self, st: RelicState, ev: list[Event], dice: Dice) -> RelicState:
        """B5 to B7: scores, result, the card's text for it, consequences."""
        b = st.battle
        assert b is not None
        hero = st.active_hero
        enemy = b.enemy
        e_mods = self._enemy_modifiers(hero, hero.hand, enemy, b.armour)  # REL-SEQ-5 snapshot
        e_roll = total(b.enemy_chains)
        p_roll = total(b.player_chains, b.player_adds)
        e_score = e_roll + enemy.value + sum(v for _, v in e_mods)  # REL-SCORE-1
        p_value = hero.attribute(b.attribute)
        p_score = p_roll + p_value + sum(v for _, v in b.modifiers)  # REL-SCORE-2
        result = WIN if p_score > e_score else LOSE if p_score < e_score else TIE  # REL-SEQ-6
        rules = ["REL-SEQ-5", "REL-SCORE-1", "REL-SCORE-2"]
        if any(v < 0 for _, v in (*b.modifiers, *e_mods)) or p_score < 0 or e_score < 0:
            rules.append("REL-SCORE-3")
        ev.append(Event.of("rel.score", rules, hero.player, enemy=enemy.id, attribute=b.attribute,
                           enemy_roll=e_roll, enemy_value=enemy.value, enemy_modifiers=tuple(e_mods),
                           enemy_score=e_score, player_roll=p_roll, player_value=p_value,
                           player_modifiers=b.modifiers, player_score=p_score))
        ev.append(Event.of("rel.result", ["REL-SEQ-6", "REL-SEQ-7"], hero.player, enemy=enemy.id,
                           result=result, player_score=p_score, enemy_score=e_score))
        st = replace(st, battle=None, phase="engagement")
        player = hero.player
        if b.confrontation:
            if result == WIN:
                return self._win(st, ev, player)
            if result == LOSE:
                st = self._gain(st, ev, player, "lose_life", 1, dice, ["REL-OUT-2", "REL-WIN-6"])
            ev.append(Event.of("rel.engagement_end", ["REL-ENG-3", "REL-WIN-6"], player, reason=result))
            return self._settle(replace(st, blocked=True), ev, dice)
        text = {WIN: "win", LOSE: "lose", TIE: "tie"}[result]
        effects = enemy.effects_when(text)
        if result == WIN:  # REL-OUT-1
            on_space = tuple(c for c in st.cards_on(b.cell) if c.uid != enemy.uid)
            st = st.with_cards_on(b.cell, on_space)
            if any(e.what == "discard" for e in effects):
                st = self._discard(st, enemy)
                ev.append(Event.of("rel.discarded", ["REL-OUT-1", "REL-SEQ-6"], player, card=enemy.id))
            else:
                h = st.hero(player)
                st = st.with_hero(replace(h, trophies=h.trophies + (enemy,)))
                ev.append(Event.of("rel.trophy", ["REL-OUT-1", "REL-EXT-2"], player, card=enemy.id,
                                   attribute=enemy.attribute, value=enemy.value))
            for e in effects:
                if e.what != "discard":
                    st = self._gain(st, ev, player, e.what, e.n, dice, ["REL-SEQ-6"])
            bounty = int(data.space(b.cell).get("bounty", 0))
            if bounty:
                st = self._gain(st, ev, player, "gain_influence", bounty, dice, ["REL-BOARD-2"])
            st = self._check_mission(st, ev, player, "win", dice, enemy)
            return self._settle(st, ev, dice)
        if result == LOSE:  # REL-OUT-2
            st = self._gain(st, ev, player, "lose_life", 1, dice, ["REL-OUT-2"])
            if not st.blocked:  # not vanquished: the penalties printed on the card and the space
                for e in effects:
                    st = self._gain(st, ev, player, e.what, e.n, dice, ["REL-OUT-2", "REL-SEQ-6"])
                    if st.blocked:
                        break
            penalty = data.space(b.cell).get("loss_penalty")
            if penalty and not st.blocked:
                st = self._gain(st, ev, player, penalty["what"], int(penalty.get("n", 1)), dice,
                                ["REL-BOARD-2"])
            ev.append(Event.of("rel.engagement_end", ["REL-OUT-2", "REL-ENG-3"], player, reason=result))
        else:  # TIE: REL-OUT-3
            for e in effects:
                st = self._gain(st, ev, player, e.what, e.n, dice, ["REL-OUT-3", "REL-SEQ-6"])
                if st.blocked:
                    break
            ev.append(Event.of("rel.engagement_end", ["REL-OUT-3", "REL-ENG-3"], player, reason=result))
        return self._settle(replace(st, blocked=True), ev, dice)

    def _meet(self, st: RelicState, cmd: Meet, dice: Dice, ev: list[Event]) -> RelicState:
        self._phase_is(st, ("engagement",), "REL-ENG-2", "meeting a stranger")
        if st.blocked:
            raise IllegalCommand("REL-ENG-3", "after a loss or a tie the other Threat cards on the "
                                 "space cannot be dealt with this turn")
        hero = st.active_hero
        if st.enemies_on(hero.space):
            raise IllegalCommand("REL-ENG-2", "every enemy on the space must be beaten first")
        card = next((c for c in st.strangers_on(hero.space) if c.uid == cmd.card), None)
        if card is None:
            raise IllegalCommand("REL-ENG-2", f"there is no stranger {cmd.card!r} on {hero.space}")
        st = st.with_cards_on(hero.space, tuple(c for c in st.cards_on(hero.space) if c.uid != card.uid))
        st = self._discard(st, card)
        ev.append(Event.of("rel.meet", ["REL-ENG-2"], hero.player, card=card.id))
        for e in card.effects_when("meet"):
            st = self._gain(st, ev, hero.player, e.what, e.n, dice, ["REL-ENG-2"])
        return self._settle(st, ev, dice)

    def _end_turn_cmd(self, st: RelicState, cmd: EndTurn, dice: Dice, ev: list[Event]) -> RelicState:
        self._phase_is(st, ("engagement",), "REL-ENG-1", "ending the turn")
        if not st.blocked and st.enemies_on(st.active_hero.space):
            raise IllegalCommand("REL-ENG-1", "the enemies on your space must be battled; none "
                                 "may be skipped")
        return self._settle(self._end_turn(st, ev, dice), ev, dice)

    # ------------------------------------------------------------------ the Confrontation
    def _begin_confrontation(self, st: RelicState, ev: list[Event], *, arrived: bool) -> RelicState:
        scen = data.scenarios()[st.scenario]
        player = st.active_player
        rules = (["REL-WIN-5"] if arrived else ["REL-WIN-6"]) + ["REL-ENG-4", "REL-WIN-7"]
        ev.append(Event.of("rel.confrontation", rules, player, scenario=st.scenario, kind=scen["kind"]))
        if scen["kind"] == "battle":
            foe = scen["foe"]
            uid, st = st.uid(foe["id"])
            card = Card(uid, foe["id"], "scenario", "enemy", foe["attribute"], int(foe["value"]))
            return self._begin_battle(st, ev, card, confrontation=True)
        return replace(st, phase="confrontation")

    def _roll_test(self, st: RelicState, cmd: RollTest, dice: Dice, ev: list[Event]) -> RelicState:
        self._phase_is(st, ("confrontation",), "REL-WIN-7", "the Confrontation test")
        scen = data.scenarios()[st.scenario]
        hero = st.active_hero
        attr = scen["attribute"]
        cfg = st.cfg
        chains = roll_exploding(self.player_dice(hero, attr), dice, chain_explosions=cfg.chain_explosions,
                                max_explosions=cfg.max_explosions)
        score = total(chains) + hero.attribute(attr)
        ok = score >= int(scen["target"])
        ev.append(Event.of("rel.test", ["REL-EXT-3", "REL-WIN-7", "REL-DICE-1"], hero.player,
                           attribute=attr, chains=chains, roll=total(chains),
                           value=hero.attribute(attr), score=score, target=int(scen["target"]), ok=ok))
        if ok:
            return self._win(st, ev, hero.player)
        st = replace(st, phase="engagement")
        fail = scen.get("on_fail")
        if fail:
            st = self._gain(st, ev, hero.player, fail["what"], int(fail.get("n", 0)), dice, ["REL-WIN-7"])
        return self._settle(replace(st, blocked=True), ev, dice)

    # ------------------------------------------------------------------ invariants
    def invariants(self, state: RelicState) -> list[str]:
        broken: list[str] = []
        board = self.board(state)
        if state.phase != "over" and self.current_player(state) is None:
            broken.append("nobody is to act")
        if (state.phase == "battle") != (state.battle is not None):
            broken.append(f"phase {state.phase} with battle {state.battle is not None}")
        if (state.phase == "choice") != (state.choice is not None):
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
        if state.phase == "over" and not state.winners:
            broken.append("the game is over without a winner")
        return broken
