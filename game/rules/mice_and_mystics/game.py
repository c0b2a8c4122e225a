"""Mice and Mystics (GM-run adaptation) as a rule system: the turn flow of spec section 25.

Seats. Each mouse belongs to a player (``Setup.players``, dealt round-robin; the seat "mice"
when none is named). The minions are the program's: when a minion group (or a charmed mouse,
MM-COND-4) is to act, ``current_player`` is the seat "gm" and the only legal command is
``GmTurn(entity)``, which the program resolves by the documented policy of ``gm.py``. Self-play
drives that seat like any other.

Every command is checked, then resolved, by the handlers of one table (``DISPATCH``), each in a
module named for what it resolves: ``moves.py`` (Step, Move, EndMove, StandUp), ``attack.py``,
``search.py`` (Search, KeepFound, Discard), ``explore.py``, ``actions.py`` (Scurry, Recover,
DeclineAction), ``free_actions.py`` (Share, Equip, LevelUp, Use), ``turns.py`` (EndTurn, Rescue,
GmTurn) and ``gm_hooks.py`` (WheelAdd, TurnPage, Grant, Ruling). ``check`` decides without dice
and without changing anything, raising ``IllegalCommand`` (rule ID, reason, message key);
``apply`` makes the same check first, then resolves, returning events with the rule IDs applied
and the numbers that decided them; dice come only from the ``dice`` argument and ``apply`` never
changes the state it is given. Candidate commands come from ``legal.py``, their ranking from
``ai.py``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from game.board import MAPS_DIR
from game.core.dice import Dice
from game.core.ids import unique_slug
from game.geometry.cells import CellGraph
from game.rules.engine import Dispatch, Event, IllegalCommand, Outcome, Setup
from game.rules.engine.system import DispatchedSystem
from game.rules.mice_and_mystics import (
    actions,
    ai,
    attack,
    cards,
    combat,
    commands,
    explore,
    free_actions,
    gm_hooks,
    items,
    legal,
    moves,
    search,
    turns,
)
from game.rules.mice_and_mystics import explain as explain_mod
from game.rules.mice_and_mystics.board import Boards
from game.rules.mice_and_mystics.campaign import party_from_options
from game.rules.mice_and_mystics.chapter import chapter_of
from game.rules.mice_and_mystics.config import MMConfig
from game.rules.mice_and_mystics.occupancy import (
    LARGE,
    LARGE_MINION,
    MOUSE,
    SMALL,
    SMALL_MINION,
    Count,
    can_enter,
    capacity,
    figures,
    nearest_free,
)
from game.rules.mice_and_mystics.order import GROUP_PREFIX, is_group, members
from game.rules.mice_and_mystics.paths import Reach, reachable
from game.rules.mice_and_mystics.rounds import after_command, new_tile_round
from game.rules.mice_and_mystics.scenario import chapter_problems, first_error
from game.rules.mice_and_mystics.state import GM, MICE, MINIONS, EndReason, Minion, MMState, Mouse, MoveState, Phase

#: Every Mice and Mystics command under the module that checks and resolves it
#: (``check_<command>`` and ``resolve_<command>``, e.g. ``moves.check_end_move``)
DISPATCH = Dispatch.by_topic({
    moves: (commands.Step, commands.Move, commands.EndMove, commands.StandUp),
    actions: (commands.Scurry, commands.Recover, commands.DeclineAction),
    attack: (commands.Attack,),
    search: (commands.Search, commands.KeepFound, commands.Discard),
    explore: (commands.Explore,),
    free_actions: (commands.Share, commands.Equip, commands.LevelUp, commands.Use),
    turns: (commands.EndTurn, commands.Rescue, commands.GmTurn),
    gm_hooks: (commands.WheelAdd, commands.TurnPage, commands.Grant, commands.Ruling),
}, unknown_rule="MM-TURN-2", system_name="Mice and Mystics")


class MiceAndMystics(DispatchedSystem):
    """Mice and Mystics: the mice against the program's minions on a chapter's tiles of cells.
    One instance may serve many matches: it keeps each map's boards and cell graphs."""

    name = "mice_and_mystics"
    default_map = "mice_chapter.tmx"
    dispatch, candidates, ranking, words = DISPATCH, legal, ai, explain_mod

    def __init__(self, maps_dir: Path = MAPS_DIR, rulings_dir: Path | None = None) -> None:
        self.boards = Boards(maps_dir, rulings_dir)

    # ------------------------------------------------------------------ the board, for handlers and UIs
    def graph(self, state: MMState) -> CellGraph:
        """The map's cell graph with the state's rulings (MM-ADJ-5, MM-LOS-4)."""
        return self.boards.graph(state.map, state.rulings, los_touch_blocks=state.cfg.los_touch_blocks)

    @staticmethod
    def occupancy(state: MMState) -> dict[str, Count]:
        """MM-GEO-9 / MM-OCC-4: creatures per cell; captured mice are off the board."""
        return figures(state)

    def reach(self, state: MMState) -> Reach | None:
        """MM-GEO-11: the cells the mouse whose turn it is can reach now (for UIs); None when
        no mouse may step."""
        t = state.turn
        if state.phase != Phase.TURN or t is None or state.pending or t.move_state == MoveState.DONE:
            return None
        m = state.mouse(t.mouse)
        if m.webbed or m.knocked_down:
            return None
        return reachable(self.graph(state), m.cell, t.mp, figures(state), state.cfg.move_rules)

    def rescue_cells(self, state: MMState) -> list[str]:
        """MM-RESC-3 (MM-OCC-5 fallback): cells a rescued mouse may be placed in."""
        return turns.rescue_cells(self, state)

    @staticmethod
    def attack_dice(m: Mouse, weapon: str, ability_bonus: int = 0) -> int:
        """MM-MELEE-2: Battle + non-weapon bonuses + the chosen weapon's bonus only."""
        return attack.attack_dice(m, weapon, ability_bonus)

    @staticmethod
    def attack_mode(weapon: str, mode: str) -> str:
        """The row a weapon attacks on (MM-RANGED-6)."""
        return attack.attack_mode(weapon, mode)

    @staticmethod
    def mouse_defence(m: Mouse) -> int:
        """MM-DEF-1: Defense value + the defence bonuses of equipped items (MM-EQUIP-5)."""
        return combat.mouse_defence(m)

    @staticmethod
    def slots_ok(equipped: tuple[str, ...]) -> str:
        """MM-EQUIP-4: why this set cannot be equipped together, or ""."""
        return items.slots_ok(equipped)

    # ------------------------------------------------------------------ setup
    def new_state(self, setup: Setup, dice: Dice) -> MMState:
        cfg = MMConfig.from_options(setup.options)
        map_name = setup.map or self.default_map
        board = self.boards.board(map_name)
        chapter = chapter_of(board)  # MM-END-1: the chapter comes with the map
        if cfg.chapter and cfg.chapter != chapter.id:
            raise ValueError(f"option 'chapter' is {cfg.chapter!r} but {map_name} plays chapter {chapter.id!r} "
                             f"({chapter.source or 'its plain chapter'}); drop the option or pick that map")
        cfg = replace(cfg, chapter=chapter.id)
        rulings = self.boards.stored_rulings(map_name)
        graph = self.boards.graph(map_name, rulings, los_touch_blocks=cfg.los_touch_blocks)
        wrong = first_error(chapter_problems(board, graph, chapter))
        if wrong:
            raise ValueError(wrong)
        party = party_from_options(setup.options)
        taken: set[str] = set()
        mice: list[Mouse] = []
        minions: list[Minion] = []
        players = tuple(setup.players)
        for spawn in board.spawns:
            cell = graph.cell_at(spawn.x, spawn.y)
            if spawn.side == "mice":
                if cell is None:
                    raise ValueError(f"mouse spawn {spawn.name!r} is not inside a cell")
                ident = unique_slug(spawn.name, taken, fallback="figure")
                profile = cards.mouse_profile(spawn.profile)
                player = players[len(mice) % len(players)] if players else MICE
                mouse = Mouse(ident, spawn.name, spawn.profile, str(profile["class"]), player,
                              int(profile["move"]), int(profile["battle"]), int(profile["defence"]),
                              int(profile["life"]), cell=cell, equipped=tuple(profile["starting"]),
                              starting=tuple(profile["starting"]))
                if party is not None:
                    mouse = party.apply_to(mouse, cfg)
                mice.append(mouse)
            elif spawn.side == "minions":
                if cell is None:
                    raise ValueError(f"minion spawn {spawn.name!r} is not inside a cell")
                ident = unique_slug(spawn.name, taken, fallback="figure")
                stats = cards.minion_stats(spawn.profile, 1)
                minions.append(Minion(ident, spawn.profile, spawn.name, cell, graph.cell(cell).tile,
                                      size=str(stats["size"])))
        if not mice:
            raise ValueError(f"{map_name} has no mouse spawns (side 'mice')")
        tile = chapter.start_tile or graph.cell(mice[0].cell).tile
        start_page = cfg.start_page or chapter.start_page
        end_page = cfg.end_page or chapter.end_page
        decks = tuple(sorted((t, tuple(range(len(deck)))) for t, deck in chapter.search))
        state = MMState(map_name, chapter, cfg, tuple(mice), tuple(minions), tile,
                        page=start_page, end_page=end_page, search_decks=decks,
                        surge_deck=tuple(sorted(cards.surges())), visited=(tile,), rulings=rulings,
                        story_ach=party.story_achievements if party is not None else ())
        state = self._settle_capacity(state)
        events: list[Event] = []
        return new_tile_round(self, state, dice, events, first=True)

    def _settle_capacity(self, state: MMState) -> MMState:
        """MM-OCC-5: a map that puts too many figures in a cell has the extras moved aside."""
        g = self.graph(state)
        rules = state.cfg.move_rules
        placed: dict[str, Count] = {}
        for m in state.mice:
            if not m.active or not m.cell:
                continue
            cell = m.cell
            if not can_enter(g, cell, placed, SMALL, rules):
                cell = nearest_free(g, cell, placed, SMALL, rules) or cell
            placed[cell] = placed.get(cell, Count()).plus(SMALL, mouse=True)
            state = state.with_mouse(replace(m, cell=cell))
        for n in state.minions:
            size = LARGE if n.size == LARGE else SMALL
            cell = n.cell
            if not can_enter(g, cell, placed, size, rules):
                cell = nearest_free(g, cell, placed, size, rules) or cell
            placed[cell] = placed.get(cell, Count()).plus(size)
            state = state.with_minion(replace(n, cell=cell))
        return state

    # ------------------------------------------------------------------ protocol
    def current_player(self, state: MMState) -> str | None:
        if state.result:
            return None
        if state.pending:
            return state.mouse(state.pending[0].mouse).player
        if state.phase == Phase.GM:
            return GM
        acting = state.acting
        if state.has_mouse(acting):
            return state.mouse(acting).player
        return GM

    def outcome(self, state: MMState) -> Outcome | None:
        """The mice win when the chapter's victory conditions are met (MM-END-2); the minions
        when the pages run out (MM-END-5) or every mouse is captured (MM-CAPT-7)."""
        reason = state.end_reason
        if reason is None:
            return None
        return Outcome((MICE,) if reason == EndReason.VICTORY else (MINIONS,), reason)

    def status(self, state: MMState, lang: str = "en") -> list[str]:
        """MM-INFO-1: the four lines of the status block."""
        return explain_mod.status_lines(self._status_values(state), lang)

    def check_moment(self, state: MMState, command: Any) -> None:
        if state.result:
            raise IllegalCommand("MM-END-8", "the chapter is over", key="mm.end.chapter_over")

    def settle(self, before: MMState, after: MMState, dice: Dice, events: list[Event]) -> MMState:
        """What follows every command (``rounds.after_command``: a mouse captured in its own
        turn ends it, MM-CAPT-3; an ended chapter has nobody to act, MM-END-8), then MM-INFO-1:
        the status block again whenever it or the one to act changed."""
        settled = after_command(self, after, dice, events)
        status = self._status_values(settled)
        turn = (settled.round, settled.index, settled.acting)
        if status != self._status_values(before) or turn != (before.round, before.index, before.acting):
            events.append(Event.of("mm.status", ["MM-INFO-1", "MM-INFO-2", "MM-GROUP-2"], "", **status))
        return settled

    def _status_values(self, state: MMState) -> dict[str, Any]:
        names = []
        for ent in state.order:
            if state.has_mouse(ent):
                m = state.mouse(ent)
                names.append(("mouse", m.name, m.captured))
            elif is_group(ent):
                names.append(("group", ent[len(GROUP_PREFIX):], False))
            elif state.has_minion(ent):
                names.append(("minion", state.minion(ent).name, False))
        return {"order": tuple(names), "acting": state.index if not state.result else -1,
                "wheel": state.wheel, "page": state.page, "end_page": state.end_page,
                "group_items": state.group_items}

    def invariants(self, state: MMState) -> list[str]:
        broken: list[str] = []
        g = self.graph(state)
        rules = state.cfg.move_rules
        occ = figures(state)
        for key, n in occ.items():
            if key not in g:
                broken.append(f"a figure stands on unknown cell {key!r}")
                continue
            cap_small, cap_large = capacity(g, key, rules)
            if n.small > cap_small or n.large > cap_large or (n.large and n.small):
                broken.append(f"cell {key} holds {n} (MM-OCC-1)")
        for m in state.mice:
            if m.captured and m.cell:
                broken.append(f"captured {m.id} is on the board")
            if m.active and (not m.cell or g.cell(m.cell).tile != state.tile):
                broken.append(f"active {m.id} is not on the party's tile")
            if not 0 <= m.poison <= m.wounds <= m.life:
                broken.append(f"{m.id} has wounds {m.wounds} (poison {m.poison}) of life {m.life}")
            if m.active and m.wounds >= m.life:
                broken.append(f"{m.id} has no health left but is not captured")
            if m.cheese < 0:
                broken.append(f"{m.id} has negative cheese")
            if m.captured and m.conditions:
                broken.append(f"captured {m.id} keeps conditions (MM-CAPT-6)")
            if len(set(m.cards)) != len(m.cards):
                broken.append(f"{m.id} holds a card twice")
            if not state.pending and items.pack_count(state, m) > state.cfg.pack_limit:
                broken.append(f"{m.id}'s pack is over its limit with no discard pending")
        if not 0 <= state.wheel < 6:
            broken.append(f"the wheel shows {state.wheel} (MM-WHEEL-1)")
        if state.result not in ("", "won", "lost"):
            broken.append(f"unknown result {state.result!r}")
        if state.phase not in tuple(Phase):
            broken.append(f"unknown phase {state.phase!r}")
        if not state.result:
            if state.page >= state.end_page:
                broken.append("the pages ran out but the chapter goes on")
            if self.current_player(state) is None:
                broken.append("nobody is to act")
            if not state.order or not 0 <= state.index < len(state.order):
                broken.append("the initiative order has no acting entity")
            if state.phase == Phase.TURN and (state.turn is None or state.turn.mouse != state.acting):
                broken.append("a mouse turn without the acting mouse's turn record")
            for ent in state.order:
                if is_group(ent) or state.has_minion(ent):
                    if not members(state, ent):
                        broken.append(f"{ent} is in the order without minions (MM-ROUND-5)")
                elif not state.has_mouse(ent):
                    broken.append(f"unknown entity {ent!r} in the order")
        ids = [n.id for n in state.minions] + [m.id for m in state.mice]
        if len(set(ids)) != len(ids):
            broken.append("two figures share an id")
        # A mouse's starting equipment is its own (MM-CAMP-2): it is never shared nor lost
        # (MM-CAPT-2), so two mice of one profile each hold their own copy of it. Every other
        # card is one card of the chapter, held by one mouse or the party at most.
        all_cards = [c for m in state.mice for c in m.cards if c not in m.starting] + list(state.group_items)
        if len(set(all_cards)) != len(all_cards):
            broken.append("a card is held twice")
        return broken


__all__ = ["DISPATCH", "GM", "LARGE_MINION", "MICE", "MINIONS", "MOUSE", "SMALL_MINION", "MiceAndMystics",
           "is_group"]
