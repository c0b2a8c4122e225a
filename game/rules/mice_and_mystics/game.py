"""Mice and Mystics (GM-run adaptation) as a rule system: the turn flow of spec section 25.

Seats. Each mouse belongs to a player (``Setup.players``, dealt round-robin; the seat "mice"
when none is named). The minions are the program's: when a minion group (or a charmed mouse,
MM-COND-4) is to act, ``current_player`` is the seat "gm" and the only legal command is
``GmTurn(entity)``, which the program resolves by the documented policy of ``gm.py``. Self-play
drives that seat like any other.

Every resolution returns events with the rule IDs applied and the numbers that decided them;
dice come only from the ``dice`` argument; ``apply`` never changes the state it is given and
raises ``IllegalCommand`` (rule ID, reason) before rolling anything when a command is refused.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.core.dice import Dice
from game.core.ids import unique_slug
from game.geometry.cells import (
    LARGE,
    LARGE_MINION,
    MOUSE,
    SMALL,
    SMALL_MINION,
    CellGraph,
    Count,
    Reach,
)
from game.rules.engine import Applied, CommandSet, Event, IllegalCommand, Outcome, Setup
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics import explain as explain_mod
from game.rules.mice_and_mystics.board import RULING_KINDS, Boards
from game.rules.mice_and_mystics.commands import (
    ALL,
    Attack,
    DeclineAction,
    Discard,
    EndMove,
    EndTurn,
    Equip,
    Explore,
    GmTurn,
    Grant,
    KeepFound,
    LevelUp,
    Move,
    Recover,
    Rescue,
    Ruling,
    Scurry,
    Search,
    Share,
    StandUp,
    Step,
    TurnPage,
    Use,
    WheelAdd,
)
from game.rules.mice_and_mystics.config import MMConfig
from game.rules.mice_and_mystics.dice import DEFENCE, MELEE, RANGED, SUCCESS, read_roll, wounds
from game.rules.mice_and_mystics.state import (
    GM,
    MICE,
    MINIONS,
    Minion,
    MMState,
    Mouse,
    Pending,
    Turn,
)

MAPS_DIR = Path(__file__).resolve().parents[3] / "maps"
GROUP_PREFIX = "minions:"
SLOTS = ("head", "body", "accessory")
PAWS = 2  #: MM-EQUIP-4


def is_group(entity: str) -> bool:
    return entity.startswith(GROUP_PREFIX)


class MiceAndMystics:
    """The rule system. One instance may serve many matches (it caches boards and graphs)."""

    name = "mice_and_mystics"
    default_map = "mice_chapter.tmx"
    commands = CommandSet(ALL)

    def __init__(self, maps_dir: Path = MAPS_DIR, rulings_dir: Path | None = None) -> None:
        self.boards = Boards(maps_dir, rulings_dir)

    # ------------------------------------------------------------------ geometry
    def graph(self, state: MMState) -> CellGraph:
        return self.boards.graph(state.map, state.rulings, los_touch_blocks=state.cfg.los_touch_blocks)

    @staticmethod
    def occupancy(state: MMState) -> dict[str, Count]:
        """MM-GEO-9 / MM-OCC-4: creatures per cell; captured mice are off the board."""
        occ: dict[str, Count] = {}
        for m in state.mice:
            if m.active and m.cell:
                c = occ.get(m.cell, Count())
                occ[m.cell] = Count(c.mice + 1, c.small_minions, c.large_minions)
        for n in state.minions:
            c = occ.get(n.cell, Count())
            if n.size == LARGE:
                occ[n.cell] = Count(c.mice, c.small_minions, c.large_minions + 1)
            else:
                occ[n.cell] = Count(c.mice, c.small_minions + 1, c.large_minions)
        return occ

    def reach(self, state: MMState) -> Reach | None:
        """MM-GEO-11: the cells the mouse whose turn it is can reach now (for UIs); None when
        no mouse may step."""
        t = state.turn
        if state.phase != "turn" or t is None or state.pending or t.move_state == "done":
            return None
        m = state.mouse(t.mouse)
        if m.webbed or m.knocked_down:
            return None
        return self.graph(state).reachable(m.cell, t.mp, self.occupancy(state), state.cfg.move_rules)

    def near(self, state: MMState, a: str, b: str) -> bool:
        """Same cell or adjacent (MM-ADJ-4: melee reach, Share reach, forced ranged targets)."""
        return bool(a) and bool(b) and (a == b or self.graph(state).adjacent(a, b))

    # ------------------------------------------------------------------ setup
    def new_state(self, setup: Setup, dice: Dice) -> MMState:
        from game.rules.mice_and_mystics.campaign import party_from_options

        cfg = MMConfig.from_options(setup.options)
        chapter = cards.chapter(cfg.chapter)
        map_name = setup.map or str(chapter.get("map") or self.default_map)
        board = self.boards.board(map_name)
        rulings = self.boards.stored_rulings(map_name)
        graph = self.boards.graph(map_name, rulings, los_touch_blocks=cfg.los_touch_blocks)
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
        tile = str(chapter.get("start_tile") or graph.cell(mice[0].cell).tile)
        start_page = cfg.start_page or int(chapter.get("start_page", 1))
        end_page = cfg.end_page or int(chapter.get("end_page", 5))
        decks = tuple(sorted((t, tuple(range(len(entries))))
                             for t, entries in chapter.get("search", {}).items()))
        state = MMState(map_name, cfg.chapter, cfg, tuple(mice), tuple(minions), tile,
                        page=start_page, end_page=end_page, search_decks=decks,
                        surge_deck=tuple(sorted(cards.surges())), visited=(tile,), rulings=rulings,
                        story_ach=party.story_achievements if party is not None else ())
        state = self._settle_capacity(state)
        events: list[Event] = []
        return self._new_tile_round(state, dice, events, first=True)

    def _settle_capacity(self, state: MMState) -> MMState:
        """MM-OCC-5: a map that puts too many figures in a cell has the extras moved aside."""
        g = self.graph(state)
        rules = state.cfg.move_rules
        placed: dict[str, Count] = {}
        for m in state.mice:
            if not m.active or not m.cell:
                continue
            cell = m.cell
            if not g.can_enter(cell, placed, SMALL, rules):
                cell = g.nearest_free(cell, placed, SMALL, rules) or cell
            c = placed.get(cell, Count())
            placed[cell] = Count(c.mice + 1, c.small_minions, c.large_minions)
            state = state.with_mouse(replace(m, cell=cell))
        for n in state.minions:
            size = LARGE if n.size == LARGE else SMALL
            cell = n.cell
            if not g.can_enter(cell, placed, size, rules):
                cell = g.nearest_free(cell, placed, size, rules) or cell
            c = placed.get(cell, Count())
            placed[cell] = (Count(c.mice, c.small_minions, c.large_minions + 1) if size == LARGE
                            else Count(c.mice, c.small_minions + 1, c.large_minions))
            state = state.with_minion(replace(n, cell=cell))
        return state

    # ------------------------------------------------------------------ protocol
    def current_player(self, state: MMState) -> str | None:
        if state.result:
            return None
        if state.pending:
            return state.mouse(state.pending[0].mouse).player
        if state.phase == "gm":
            return GM
        acting = state.acting
        if state.has_mouse(acting):
            return state.mouse(acting).player
        return GM

    def outcome(self, state: MMState) -> Outcome | None:
        if state.result == "won":
            return Outcome((MICE,), state.reason or "the chapter's victory conditions are met (MM-END-2)")
        if state.result == "lost":
            return Outcome((MINIONS,), state.reason or "the pages ran out (MM-END-5)")
        return None

    def explain(self, event: Event, lang: str = "en") -> str:
        return explain_mod.explain(event, lang)

    def digest(self, state: MMState) -> str:
        return repr(state)

    def legal_commands(self, state: MMState) -> list[Any]:
        from game.rules.mice_and_mystics.ai import legal_commands

        return legal_commands(self, state)

    def rank_command(self, state: MMState, command: Any) -> float:
        from game.rules.mice_and_mystics.ai import rank_command

        return rank_command(self, state, command)

    def status(self, state: MMState, lang: str = "en") -> list[str]:
        """MM-INFO-1: the four lines of the status block."""
        return explain_mod.status_lines(self._status_values(state), lang)

    def invariants(self, state: MMState) -> list[str]:
        broken: list[str] = []
        g = self.graph(state)
        rules = state.cfg.move_rules
        occ = self.occupancy(state)
        for key, n in occ.items():
            if key not in g:
                broken.append(f"a figure stands on unknown cell {key!r}")
                continue
            cap_small, cap_large = g.capacity(key, rules)
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
            if not state.pending and self._pack_count(state, m) > state.cfg.pack_limit:
                broken.append(f"{m.id}'s pack is over its limit with no discard pending")
        if not 0 <= state.wheel < 6:
            broken.append(f"the wheel shows {state.wheel} (MM-WHEEL-1)")
        if state.result not in ("", "won", "lost"):
            broken.append(f"unknown result {state.result!r}")
        if not state.result:
            if state.page >= state.end_page:
                broken.append("the pages ran out but the chapter goes on")
            if self.current_player(state) is None:
                broken.append("nobody is to act")
            if not state.order or not 0 <= state.index < len(state.order):
                broken.append("the initiative order has no acting entity")
            if state.phase == "turn" and (state.turn is None or state.turn.mouse != state.acting):
                broken.append("a mouse turn without the acting mouse's turn record")
            for ent in state.order:
                if is_group(ent) or state.has_minion(ent):
                    if not self._members(state, ent):
                        broken.append(f"{ent} is in the order without minions (MM-ROUND-5)")
                elif not state.has_mouse(ent):
                    broken.append(f"unknown entity {ent!r} in the order")
        ids = [n.id for n in state.minions] + [m.id for m in state.mice]
        if len(set(ids)) != len(ids):
            broken.append("two figures share an id")
        all_cards = [c for m in state.mice for c in m.cards] + list(state.group_items)
        if len(set(all_cards)) != len(all_cards):
            broken.append("a card is held twice")
        return broken

    # ------------------------------------------------------------------ apply
    def apply(self, state: MMState, command: Any, dice: Dice) -> Applied:
        if state.result:
            raise IllegalCommand("MM-END-8", "the chapter is over")
        handler = self._HANDLERS.get(type(command))
        if handler is None:
            raise IllegalCommand("MM-TURN-2", f"{type(command).__name__} is not a Mice and Mystics command")
        events: list[Event] = []
        before = self._status_values(state)
        turn_before = (state.round, state.index, state.acting)
        new = handler(self, state, command, dice, events)
        new = self._after_command(new, dice, events)
        after = self._status_values(new)
        if after != before or (new.round, new.index, new.acting) != turn_before:
            events.append(Event.of("mm.status", ["MM-INFO-1", "MM-INFO-2", "MM-GROUP-2"], "", **after))
        return Applied(new, tuple(events))

    def check(self, state: MMState, command: Any) -> None:
        """Raise IllegalCommand if ``command`` is refused now (the checks ``apply`` makes first)."""
        if state.result:
            raise IllegalCommand("MM-END-8", "the chapter is over")
        checker = self._CHECKS.get(type(command))
        if checker is None:
            raise IllegalCommand("MM-TURN-2", f"{type(command).__name__} is not a Mice and Mystics command")
        checker(self, state, command)

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

    def _after_command(self, state: MMState, dice: Dice, events: list[Event]) -> MMState:
        """A mouse captured during its own turn ends that turn (MM-CAPT-3)."""
        if state.result:
            return replace(state, phase="over", turn=None, pending=())
        if (state.phase == "turn" and state.turn is not None and not state.pending
                and state.mouse(state.turn.mouse).captured):
            state = self._end_entity(state, dice, events)
        if state.result:
            return replace(state, phase="over", turn=None, pending=())
        return state

    # ------------------------------------------------------------------ entities, rounds
    def _members(self, state: MMState, entity: str) -> list[Minion]:
        if is_group(entity):
            kind = entity[len(GROUP_PREFIX):]
            return [n for n in state.minions if n.kind == kind and n.tile == state.tile]
        if state.has_minion(entity):
            n = state.minion(entity)
            return [n] if n.tile == state.tile else []
        return []

    def _entities_for_tile(self, state: MMState) -> list[str]:
        """MM-ROUND-2: every mouse (captured ones too) and every minion group on the tile."""
        ents = [m.id for m in state.mice]
        if state.cfg.minion_initiative == "per_figure":
            ents += [n.id for n in state.minions if n.tile == state.tile]
        else:
            kinds = sorted({n.kind for n in state.minions if n.tile == state.tile})
            ents += [GROUP_PREFIX + k for k in kinds]
        return ents

    def _group_of(self, state: MMState, minion: Minion) -> str:
        return minion.id if state.cfg.minion_initiative == "per_figure" else GROUP_PREFIX + minion.kind

    @staticmethod
    def _roll_order(entities: list[str], dice: Dice, sides: int) -> tuple[list[str], dict[str, int], list[tuple[tuple[str, int], ...]]]:
        """MM-ROUND-1: 1 die each, highest first; ties re-roll among themselves until strict."""
        first: dict[str, int] = {}
        log: list[tuple[tuple[str, int], ...]] = []

        def resolve(group: list[str]) -> list[str]:
            if len(group) < 2 or sides < 2:
                return list(group)
            faces = dice.roll(len(group), sides)
            log.append(tuple(zip(group, faces, strict=True)))
            for e, f in zip(group, faces, strict=True):
                first.setdefault(e, f)
            out: list[str] = []
            for face in sorted(set(faces), reverse=True):
                tied = [e for e, f in zip(group, faces, strict=True) if f == face]
                out += resolve(tied) if len(tied) > 1 else tied
            return out

        order = resolve(list(entities))
        for e in entities:
            first.setdefault(e, sides)
        return order, first, log

    def _new_tile_round(self, state: MMState, dice: Dice, events: list[Event], *, first: bool = False) -> MMState:
        """MM-ROUND-1/MM-EXP-5: roll initiative for the tile and start a new round."""
        ents = self._entities_for_tile(state)
        order, rolls, log = self._roll_order(ents, dice, state.cfg.initiative_die)
        state = replace(state, order=tuple(order), init_rolls=tuple((e, rolls[e]) for e in order),
                        index=0, round=1 if first else state.round + 1, turn=None, phase="turn")
        events.append(Event.of("mm.initiative", ["MM-ROUND-1", "MM-ROUND-2", "MM-ROUND-3"], "",
                               order=tuple(order), rolls=tuple(log), tile=state.tile))
        return self._begin_entity(state, dice, events)

    def _begin_entity(self, state: MMState, dice: Dice, events: list[Event]) -> MMState:
        for _ in range(len(state.order) + 2):
            if state.result:
                return state
            if state.index >= len(state.order):
                state = replace(state, index=0, round=state.round + 1)
                events.append(Event.of("mm.round", ["MM-ROUND-3"], "", round=state.round))
            ent = state.acting
            if state.has_mouse(ent):
                m = state.mouse(ent)
                if m.captured:
                    events.append(Event.of("mm.turn_start", ["MM-TURN-6", "MM-CAPT-5"], m.id, kind="captured",
                                           minions=len(state.minions_on_board)))
                    return replace(state, phase="captured", turn=Turn(m.id))
                if m.charmed:
                    events.append(Event.of("mm.turn_start", ["MM-TURN-6", "MM-COND-4"], m.id, kind="charmed"))
                    return replace(state, phase="gm", turn=None)
                d3 = dice.roll(1, 3)[0]
                mp = m.move + d3
                events.append(Event.of("mm.turn_start", ["MM-TURN-1", "MM-MOVE-1"], m.id, kind="mouse",
                                       move=m.move, d3=d3, mp=mp, round=state.round))
                return replace(state, phase="turn", turn=Turn(m.id, mp, d3))
            if not self._members(state, ent):  # MM-ROUND-5: a defeated group leaves the order
                state = self._drop_entity(state, ent, events)
                continue
            events.append(Event.of("mm.turn_start", ["MM-ROUND-2"], ent, kind="minions"))
            return replace(state, phase="gm", turn=None)
        raise RuntimeError("no entity can act")  # pragma: no cover - mice never leave the order

    def _drop_entity(self, state: MMState, entity: str, events: list[Event]) -> MMState:
        if entity not in state.order:
            return state
        i = state.order.index(entity)
        order = state.order[:i] + state.order[i + 1:]
        index = state.index - 1 if i < state.index else state.index
        events.append(Event.of("mm.leaves_order", ["MM-ROUND-5"], entity))
        return replace(state, order=order, index=index,
                       init_rolls=tuple((e, r) for e, r in state.init_rolls if e != entity))

    def _insert_entity(self, state: MMState, entity: str, dice: Dice, events: list[Event]) -> MMState:
        """MM-ROUND-4: a group that appears rolls and is inserted by its result (after equal
        rolls); landing before the acting entity, it first acts next round."""
        if entity in state.order:
            return state
        roll = dice.roll(1, state.cfg.initiative_die)[0]
        pos = len(state.order)
        for i, e in enumerate(state.order):
            if state.init_roll(e) < roll:
                pos = i
                break
        order = state.order[:pos] + (entity,) + state.order[pos:]
        index = state.index + 1 if pos <= state.index else state.index
        rolls = state.init_rolls + ((entity, roll),)
        events.append(Event.of("mm.joins_order", ["MM-ROUND-4"], entity, roll=roll, position=pos,
                               this_round=pos > state.index))
        return replace(state, order=order, index=index, init_rolls=rolls)

    def _last_mouse(self, state: MMState) -> str:
        """MM-ROUND-6: the mouse entity that comes last in the current order."""
        mice = [e for e in state.order if state.has_mouse(e)]
        return mice[-1] if mice else ""

    def _end_entity(self, state: MMState, dice: Dice, events: list[Event]) -> MMState:
        ent = state.acting
        if state.has_mouse(ent) and ent == self._last_mouse(state) and not state.minions_on_board:
            state = self._wheel_add(state, 1, ["MM-WHEEL-3", "MM-ROUND-6"], dice, events, "no minions")
            if state.result:
                return state
        state = replace(state, index=state.index + 1, turn=None, pending=())
        return self._begin_entity(state, dice, events)

    # ------------------------------------------------------------------ wheel, pages, end
    def _wheel_add(self, state: MMState, n: int, rules: list[str], dice: Dice, events: list[Event],
                   why: str) -> MMState:
        """MM-WHEEL-2..5: one cheese at a time; at 6 a Surge and a page; carry or discard."""
        for i in range(n):
            if state.result:
                return state
            state = replace(state, wheel=state.wheel + 1)
            events.append(Event.of("mm.wheel", rules, "", wheel=state.wheel, why=why))
            if state.wheel >= 6:
                state = replace(state, wheel=0, surges=state.surges + 1)
                events.append(Event.of("mm.surge", ["MM-WHEEL-5", "MM-WHEEL-6"], "", surges=state.surges))
                state = self._turn_page(state, ["MM-WHEEL-5", "MM-END-4"], "surge", events)
                if state.result:
                    return state
                state = self._surge_card(state, dice, events)
                left = n - i - 1
                if state.cfg.wheel_overflow == "discard" and left:
                    events.append(Event.of("mm.wheel_discard", ["MM-WHEEL-5"], "", dropped=left))
                    return state
        return state

    def _turn_page(self, state: MMState, rules: list[str], why: str, events: list[Event]) -> MMState:
        state = replace(state, page=state.page + 1)
        story = cards.chapter(state.chapter).get("story", {})
        text = story.get("pages", {}).get(str(state.page), {})
        events.append(Event.of("mm.page", rules, "", page=state.page, end_page=state.end_page, why=why,
                               text_en=cards.text(text, "en"), text_ru=cards.text(text, "ru")))
        if state.page >= state.end_page and not state.result:  # MM-END-5
            end = story.get("end_page", {})
            events.append(Event.of("mm.chapter_lost", ["MM-END-5", "MM-END-6", "MM-END-8"], "",
                                   page=state.page, text_en=cards.text(end, "en"), text_ru=cards.text(end, "ru")))
            state = replace(state, result="lost", reason="the pages ran out before the victory conditions were met (MM-END-5)")
        return state

    def _check_victory(self, state: MMState, events: list[Event]) -> MMState:
        """MM-END-1/2: the chapter's victory condition, checked after every event that may meet it."""
        if state.result:
            return state
        chapter = cards.chapter(state.chapter)
        victory = chapter.get("victory", {})
        met = False
        if victory.get("type") == "clear_tile":
            met = state.tile == victory.get("tile") and not state.minions_on_board
        if not met:
            return state
        gained = tuple(a["id"] for a in chapter.get("story_achievements", {}).get("victory", []))
        story = chapter.get("story", {}).get("victory", {})
        events.append(Event.of("mm.chapter_won", ["MM-END-1", "MM-END-2", "MM-ACH-1"], "", page=state.page,
                               achievements=gained, text_en=cards.text(story, "en"), text_ru=cards.text(story, "ru")))
        return replace(state, result="won", reason="the chapter's victory conditions are met (MM-END-2)",
                       story_ach=state.story_ach + tuple(a for a in gained if a not in state.story_ach))

    def _surge_card(self, state: MMState, dice: Dice, events: list[Event]) -> MMState:
        """MM-WHEEL-6: draw one of our surge cards at random and resolve it."""
        deck = state.surge_deck or tuple(sorted(cards.surges()))
        k = dice.roll(1, len(deck))[0] - 1
        name = deck[k]
        state = replace(state, surge_deck=deck[:k] + deck[k + 1:])
        card = cards.surges()[name]
        events.append(Event.of("mm.surge_card", ["MM-WHEEL-6"], "", card=name,
                               text_en=cards.text(card.get("text"), "en"), text_ru=cards.text(card.get("text"), "ru")))
        if card["effect"] == "spawn":
            return self._spawn(state, str(card["kind"]), int(card.get("count", 1)), dice, events)
        if card["effect"] == "condition":
            target = self._pick_mouse(state, str(card.get("who", "first")))
            if target is not None:
                state = self._give_condition(state, target.id, str(card["condition"]), ["MM-WHEEL-6"], events)
        return state

    def _pick_mouse(self, state: MMState, who: str) -> Mouse | None:
        mice = [m for m in state.active_mice]
        if not mice:
            return None
        rank = state.initiative_rank
        if who == "most_cheese":
            return min(mice, key=lambda m: (-m.cheese, rank(m.id)))
        if who == "fewest_wounds":
            return min(mice, key=lambda m: (m.wounds, rank(m.id)))
        return min(mice, key=lambda m: rank(m.id))

    def _give_condition(self, state: MMState, mouse_id: str, condition: str, rules: list[str],
                        events: list[Event]) -> MMState:
        m = state.mouse(mouse_id)
        if not m.active or condition not in ("stunned", "webbed", "knocked_down", "charmed"):
            return state
        events.append(Event.of("mm.condition", rules, m.id, condition=condition))
        return state.with_mouse(replace(m, stunned=m.stunned or condition == "stunned",
                                        webbed=m.webbed or condition == "webbed",
                                        knocked_down=m.knocked_down or condition == "knocked_down",
                                        charmed=m.charmed or condition == "charmed"))

    def _spawn(self, state: MMState, kind: str, count: int, dice: Dice, events: list[Event],
               at: str = "", insert: bool = True) -> MMState:
        """Minions placed by a Surge or the chapter script at ``at`` (default: the tile's surge
        cell); MM-OCC-5: else the nearest cell with room. ``insert``: roll them into the order."""
        chapter = cards.chapter(state.chapter)
        g = self.graph(state)
        rules = state.cfg.move_rules
        stats = cards.minion_stats(kind, state.page)
        size = LARGE if stats["size"] == LARGE else SMALL
        start = at or chapter.get("surge_cells", {}).get(state.tile) or g.cells_on_tile(state.tile)[0]
        for _ in range(count):
            occ = self.occupancy(state)
            cell = start if g.can_enter(start, occ, size, rules) else g.nearest_free(start, occ, size, rules)
            if cell is None:
                events.append(Event.of("mm.spawn_blocked", ["MM-OCC-5"], "", kind=kind))
                break
            number = state.next_minion
            taken = {n.id for n in state.minions} | {m.id for m in state.mice}
            while f"{kind}_{number}" in taken:
                number += 1
            ident = f"{kind}_{number}"
            name = f"{cards.text(cards.minions()[kind]['name'], 'en')} {number}"
            minion = Minion(ident, kind, name, cell, g.cell(cell).tile, size=str(stats["size"]))
            state = replace(state, minions=state.minions + (minion,), next_minion=number + 1)
            events.append(Event.of("mm.spawn", ["MM-OCC-5", "MM-WHEEL-6"], ident, kind=kind, cell=cell,
                                   moved_aside=cell != start))
            if insert:
                state = self._insert_entity(state, self._group_of(state, minion), dice, events)
        return state

    # ------------------------------------------------------------------ wounds, capture
    def mouse_defence(self, m: Mouse) -> int:
        """MM-DEF-1: Defense value + the defence bonuses of equipped items (MM-EQUIP-5)."""
        return m.defence + sum(int(cards.item(c).get("defence", 0)) for c in m.equipped)

    def _wound_mouse(self, state: MMState, mouse_id: str, n: int, poison: bool, rules: list[str],
                     events: list[Event]) -> MMState:
        m = state.mouse(mouse_id)
        if n <= 0 or not m.active:
            return state
        w = min(m.wounds + n, m.life)
        p = min(m.poison + (w - m.wounds if poison else 0), w)
        m = replace(m, wounds=w, poison=p)
        state = state.with_mouse(m)
        events.append(Event.of("mm.wounds", rules + (["MM-COND-5"] if poison else []), m.id, wounds=n,
                               total=w, life=m.life, poison=poison))
        if m.health <= 0:
            state = self._capture(state, m.id, events)
        return state

    def _capture(self, state: MMState, mouse_id: str, events: list[Event]) -> MMState:
        """MM-CAPT-1..7."""
        m = state.mouse(mouse_id)
        lost = tuple(c for c in m.equipped if c not in m.starting)
        kept = tuple(c for c in m.equipped if c in m.starting)
        events.append(Event.of("mm.captured", ["MM-DEF-4", "MM-CAPT-1", "MM-CAPT-2", "MM-CAPT-3", "MM-CAPT-6"],
                               m.id, cheese_lost=m.cheese, discarded=lost, conditions=m.conditions))
        m = replace(m, captured=True, cell="", cheese=0, equipped=kept, stunned=False, webbed=False,
                    knocked_down=False, charmed=False)
        state = replace(state.with_mouse(m), discarded=state.discarded + lost,
                        pending=tuple(p for p in state.pending if p.mouse != m.id))
        state = self._turn_page(state, ["MM-CAPT-4", "MM-END-4"], "capture", events)
        if not state.result and not state.active_mice:
            events.append(Event.of("mm.chapter_lost", ["MM-CAPT-7"], "", page=state.page, text_en="", text_ru=""))
            state = replace(state, result="lost", reason="every mouse of the party is captured (MM-CAPT-7)")
        return state

    def _wound_minion(self, state: MMState, minion_id: str, n: int, by: str, events: list[Event]) -> MMState:
        mn = state.minion(minion_id)
        if n <= 0:
            return state
        stats = cards.minion_stats(mn.kind, state.page)
        mn = replace(mn, wounds=mn.wounds + n)
        events.append(Event.of("mm.minion_wounds", ["MM-DEF-3"], mn.id, wounds=n, total=mn.wounds, life=stats["life"]))
        if mn.wounds < stats["life"]:
            return state.with_minion(mn)
        state = state.without_minion(mn.id)
        events.append(Event.of("mm.defeated", ["MM-DEF-4"], mn.id, by=by))
        if by and state.has_mouse(by):
            state = self._personal_trigger(state, by, "defeat_minion", events)
        group = self._group_of(state, mn)
        if not self._members(state, group):
            state = self._drop_entity(state, group, events)
        return self._check_victory(state, events)

    def _personal_trigger(self, state: MMState, mouse_id: str, trigger: str, events: list[Event]) -> MMState:
        """MM-ACH-2: personal achievements whose trigger the chapter names."""
        m = state.mouse(mouse_id)
        for ach in cards.chapter(state.chapter).get("personal_achievements", []):
            if ach.get("trigger") == trigger and ach["id"] not in m.personal_ach:
                m = replace(m, personal_ach=m.personal_ach + (ach["id"],))
                events.append(Event.of("mm.achievement", ["MM-ACH-2"], m.id, achievement=ach["id"], story=False))
        return state.with_mouse(m)

    # ------------------------------------------------------------------ attacks
    def resolve_attack(self, state: MMState, attacker: str, target: str, n_dice: int, row: str,
                       dice: Dice, events: list[Event], rules: list[str], *, cheese_to: str,
                       poison: bool = False) -> MMState:
        """One attack in the order of MM-DEF-7: attack dice and their cheese; if any hit, defence
        dice and their cheese (a filling wheel surges at once); then wounds (MM-END-8)."""
        faces = dice.roll(n_dice, 6)
        r = read_roll(faces, row)
        events.append(Event.of("mm.attack", rules + ["MM-DICE-1", "MM-DICE-2", "MM-DICE-3"], attacker,
                               target=target, row=row, dice=n_dice, faces=faces, hits=r.hits,
                               misses=r.misses, cheese=r.cheese))
        state = self._give_cheese(state, cheese_to, r.cheese, ["MM-DICE-1", "MM-WHEEL-2"], dice, events)
        if state.result:
            return state
        if r.hits == 0:
            events.append(Event.of("mm.no_defence", ["MM-MELEE-4"], target))
            return state
        target_is_mouse = state.has_mouse(target)
        if target_is_mouse:
            n_def = self.mouse_defence(state.mouse(target))
        else:
            n_def = cards.minion_stats(state.minion(target).kind, state.page)["defence"]
        dfaces = dice.roll(n_def, 6)
        d = read_roll(dfaces, DEFENCE)
        dealt = wounds(r.hits, d.blocks)
        events.append(Event.of("mm.defence", ["MM-DEF-1", "MM-DEF-2", "MM-DEF-3", "MM-DEF-7"], target,
                               dice=n_def, faces=dfaces, blocks=d.blocks, cheese=d.cheese, hits=r.hits,
                               wounds=dealt))
        sink = f"mouse:{target}" if target_is_mouse else "wheel"
        state = self._give_cheese(state, sink, d.cheese, ["MM-DEF-2", "MM-DEF-7", "MM-WHEEL-2"], dice, events)
        if state.result:
            return state
        if target_is_mouse:
            return self._wound_mouse(state, target, dealt, poison, ["MM-DEF-3", "MM-DEF-5"], events)
        return self._wound_minion(state, target, dealt, attacker if state.has_mouse(attacker) else "", events)

    def _give_cheese(self, state: MMState, sink: str, n: int, rules: list[str], dice: Dice,
                     events: list[Event]) -> MMState:
        if n <= 0:
            return state
        if sink == "wheel":
            return self._wheel_add(state, n, rules, dice, events, "sixes")
        mouse_id = sink.split(":", 1)[1]
        m = state.mouse(mouse_id)
        events.append(Event.of("mm.cheese", rules, m.id, gained=n, total=m.cheese + n))
        return state.with_mouse(replace(m, cheese=m.cheese + n))

    # ------------------------------------------------------------------ checks shared by commands
    def _turn_mouse(self, state: MMState, mouse_id: str, rule: str = "MM-TURN-1") -> tuple[Mouse, Turn]:
        if state.pending:
            p = state.pending[0]
            raise IllegalCommand("MM-TURN-3", f"first settle {p.kind} for {p.mouse} "
                                 "(nothing else while an action is being resolved)")
        if state.phase != "turn" or state.turn is None:
            raise IllegalCommand(rule, f"it is not a mouse's normal turn ({state.acting} is acting)")
        if state.turn.mouse != mouse_id:
            raise IllegalCommand(rule, f"it is {state.turn.mouse}'s turn, not {mouse_id}'s")
        return state.mouse(mouse_id), state.turn

    def _action_ready(self, state: MMState, mouse_id: str, action: str) -> tuple[Mouse, Turn]:
        m, t = self._turn_mouse(state, mouse_id)
        if t.action_state != "unused":
            raise IllegalCommand("MM-TURN-2", f"{m.name} has already {'declined' if t.action_state == 'declined' else 'taken'} "
                                 "this turn's action")
        if t.move_state == "in_progress":
            raise IllegalCommand("MM-TURN-4", "finish the move first: the move cannot be split around the action")
        if m.stunned and action != "recover":
            rule = {"search": "MM-SEARCH-6", "explore": "MM-EXP-6", "scurry": "MM-SCURRY-3"}.get(action, "MM-COND-1")
            raise IllegalCommand(rule, f"{m.name} is stunned: Recover is the only action (MM-COND-1)")
        return m, t

    def _free_ready(self, state: MMState, mouse_id: str, free: str) -> tuple[Mouse, Turn]:
        m, t = self._turn_mouse(state, mouse_id, "MM-TURN-3")
        if free in t.free_used:
            raise IllegalCommand("MM-TURN-3", f"{m.name} has already used {free} this turn")
        if state.cfg.water and self.graph(state).cell(m.cell).water:
            raise IllegalCommand("MM-FEAT-6", f"{m.name} stands in water: no Share, Equip or Level Up")
        return m, t

    def _pack_count(self, state: MMState, m: Mouse) -> int:
        exempt = state.cfg.pack_limit_exempt
        return sum(1 for c in m.pack if cards.item(c).get("type") not in exempt)

    def _overflow(self, state: MMState, mouse_id: str, events: list[Event]) -> MMState:
        """MM-EQUIP-3: a pack over its limit must be cut down at once."""
        m = state.mouse(mouse_id)
        over = self._pack_count(state, m) - state.cfg.pack_limit
        if over > 0 and not any(p.kind == "discard" and p.mouse == m.id for p in state.pending):
            events.append(Event.of("mm.pack_full", ["MM-EQUIP-2", "MM-EQUIP-3"], m.id, over=over))
            state = replace(state, pending=state.pending + (Pending("discard", m.id),))
        return state

    # ------------------------------------------------------------------ movement
    def _check_step(self, state: MMState, mouse_id: str, cell: str) -> Any:
        m, t = self._turn_mouse(state, mouse_id, "MM-MOVE-2")
        if t.move_state == "done":
            raise IllegalCommand("MM-TURN-4", f"{m.name}'s move is over (Scurry gives a new one)")
        if m.webbed:
            raise IllegalCommand("MM-COND-2", f"{m.name} is webbed and cannot move")
        if m.knocked_down:
            raise IllegalCommand("MM-COND-3", f"{m.name} is knocked down: stand up with the whole move")
        g = self.graph(state)
        if cell not in g:
            raise IllegalCommand("MM-GEO-10", f"there is no cell {cell!r}")
        check = g.check_path([m.cell, cell], t.mp, self.occupancy(state), state.cfg.move_rules)
        if not check.legal:
            rule = re.search(r"MM-[A-Z]+-\d+", check.reason)
            raise IllegalCommand(rule.group(0) if rule else "MM-GEO-10", check.reason)
        return check

    def _step(self, state: MMState, cmd: Step, dice: Dice, events: list[Event]) -> MMState:
        check = self._check_step(state, cmd.mouse, cmd.cell)
        return self._do_step(state, cmd.mouse, cmd.cell, check, dice, events)

    def _do_step(self, state: MMState, mouse_id: str, cell: str, check: Any, dice: Dice,
                 events: list[Event]) -> MMState:
        m = state.mouse(mouse_id)
        t = state.turn
        assert t is not None
        g = self.graph(state)
        if check.rolls:  # MM-FEAT-6: out of the water needs a success
            n = check.rolls[0].dice
            faces = dice.roll(n, 6)
            ok = read_roll(faces, SUCCESS).successes > 0
            events.append(Event.of("mm.water_roll", ["MM-FEAT-6", "MM-DICE-3"], m.id, faces=faces, dice=n, success=ok))
            if not ok:
                return replace(state, turn=replace(t, mp=0, move_state="done"))
        events.append(Event.of("mm.step", ["MM-MOVE-2", "MM-ADJ-3", "MM-GEO-10", "MM-MOVE-5"], m.id,
                               motion=("step", m.id, m.cell, cell), frm=m.cell, to=cell, cost=check.cost,
                               mp_left=check.mp_left, ends=check.ends_move))
        state = state.with_mouse(replace(m, cell=cell))
        t = replace(t, mp=check.mp_left, move_state="done" if check.ends_move else "in_progress")
        if check.ends_move:
            n = self.occupancy(state).get(cell, Count())
            rule = "MM-MOVE-3" if n.minions else "MM-FEAT-6"
            events.append(Event.of("mm.move_end", [rule], m.id, cell=cell, why="minion" if n.minions else "water"))
        state = replace(state, turn=t)
        if state.cfg.mousetraps and g.cell(cell).trap:  # MM-FEAT-7
            faces = dice.roll(max(m.move, 1), 6)
            escaped = read_roll(faces, SUCCESS).successes > 0
            events.append(Event.of("mm.trap", ["MM-FEAT-7", "MM-DICE-3"], m.id, faces=faces, escaped=escaped))
            if not escaped:
                state = replace(state, turn=replace(t, mp=0, move_state="done"))
                state = state.with_mouse(replace(state.mouse(m.id), knocked_down=True))
                state = self._wound_mouse(state, m.id, 1, False, ["MM-FEAT-7"], events)
        return state

    def _check_move(self, state: MMState, cmd: Move) -> Any:
        m, t = self._turn_mouse(state, cmd.mouse, "MM-MOVE-2")
        if not cmd.path or cmd.path[0] != m.cell:
            raise IllegalCommand("MM-GEO-10", f"a path starts at {m.name}'s cell {m.cell}")
        if len(cmd.path) < 2:
            raise IllegalCommand("MM-GEO-10", "a move needs at least one step")
        self._check_step(state, cmd.mouse, cmd.path[1])
        g = self.graph(state)
        check = g.check_path(list(cmd.path), t.mp, self.occupancy(state), state.cfg.move_rules, webbed=m.webbed)
        if not check.legal:
            rule = re.search(r"MM-[A-Z]+-\d+", check.reason)
            raise IllegalCommand(rule.group(0) if rule else "MM-GEO-10", check.reason)
        return check

    def _move(self, state: MMState, cmd: Move, dice: Dice, events: list[Event]) -> MMState:
        self._check_move(state, cmd)
        for cell in cmd.path[1:]:
            t = state.turn
            if (state.phase != "turn" or t is None or t.mouse != cmd.mouse or t.move_state == "done"
                    or state.result or state.mouse(cmd.mouse).captured):
                break  # a failed water roll or a trap ended the move
            check = self._check_step(state, cmd.mouse, cell)
            state = self._do_step(state, cmd.mouse, cell, check, dice, events)
        return state

    def _check_end_move(self, state: MMState, cmd: EndMove) -> None:
        m, t = self._turn_mouse(state, cmd.mouse, "MM-MOVE-2")
        if t.move_state == "done":
            raise IllegalCommand("MM-MOVE-2", f"{m.name}'s move is already over")

    def _end_move(self, state: MMState, cmd: EndMove, dice: Dice, events: list[Event]) -> MMState:
        self._check_end_move(state, cmd)
        t = state.turn
        assert t is not None
        events.append(Event.of("mm.move_end", ["MM-MOVE-2", "MM-TURN-5"], cmd.mouse, lost=t.mp, why="ended"))
        return replace(state, turn=replace(t, mp=0, move_state="done"))

    def _check_stand_up(self, state: MMState, cmd: StandUp) -> None:
        m, t = self._turn_mouse(state, cmd.mouse, "MM-COND-3")
        if not m.knocked_down:
            raise IllegalCommand("MM-COND-3", f"{m.name} is not knocked down")
        if t.move_state != "unused":
            raise IllegalCommand("MM-COND-3", "standing up takes a whole, unused move")

    def _stand_up(self, state: MMState, cmd: StandUp, dice: Dice, events: list[Event]) -> MMState:
        self._check_stand_up(state, cmd)
        t = state.turn
        assert t is not None
        m = state.mouse(cmd.mouse)
        events.append(Event.of("mm.stand_up", ["MM-COND-3", "MM-MOVE-6"], m.id, spent=t.mp))
        return replace(state.with_mouse(replace(m, knocked_down=False)),
                       turn=replace(t, mp=0, move_state="done"))

    # ------------------------------------------------------------------ actions
    def _check_scurry(self, state: MMState, cmd: Scurry) -> None:
        m, t = self._action_ready(state, cmd.mouse, "scurry")
        if t.move_state != "done":
            raise IllegalCommand("MM-SCURRY-1", "Scurry comes after the move is finished")
        if m.webbed or m.stunned:
            raise IllegalCommand("MM-SCURRY-3", f"{m.name} is {'webbed' if m.webbed else 'stunned'}: no Scurry")

    def _scurry(self, state: MMState, cmd: Scurry, dice: Dice, events: list[Event]) -> MMState:
        self._check_scurry(state, cmd)
        m = state.mouse(cmd.mouse)
        t = state.turn
        assert t is not None
        d3 = dice.roll(1, 3)[0]
        mp = m.move + d3
        events.append(Event.of("mm.scurry", ["MM-SCURRY-1", "MM-SCURRY-2", "MM-TURN-2", "MM-MOVE-5"], m.id,
                               move=m.move, d3=d3, mp=mp))
        return replace(state, turn=replace(t, mp=mp, move_state="unused", action_state="done",
                                           action="scurry", scurried=True))

    def attack_dice(self, m: Mouse, weapon: str, ability_bonus: int = 0) -> int:
        """MM-MELEE-2: Battle + non-weapon bonuses + the chosen weapon's bonus only."""
        others = sum(int(cards.item(c).get("battle", 0)) for c in m.equipped
                     if cards.item(c).get("type") != "weapon")
        return m.battle + others + int(cards.item(weapon).get("bonus", 0)) + ability_bonus

    def attack_mode(self, weapon: str, mode: str) -> str:
        kind = str(cards.item(weapon).get("attack", ""))
        if kind == "both":
            return mode or MELEE
        return kind

    def _check_attack(self, state: MMState, cmd: Attack) -> tuple[Mouse, str, int]:
        m, t = self._action_ready(state, cmd.mouse, "attack")
        if cmd.weapon not in m.equipped:
            raise IllegalCommand("MM-EQUIP-5", f"{cmd.weapon} is not equipped (pack items are inert)")
        card = cards.item(cmd.weapon)
        if card.get("type") != "weapon":
            raise IllegalCommand("MM-MELEE-1", f"{cmd.weapon} is not a weapon")
        kind = str(card.get("attack", ""))
        if cmd.mode and cmd.mode not in (MELEE, RANGED):
            raise IllegalCommand("MM-RANGED-6", "mode is melee or ranged")
        if cmd.mode and kind != "both" and cmd.mode != kind:
            raise IllegalCommand("MM-RANGED-6", f"{cmd.weapon} is a {kind} weapon only")
        mode = self.attack_mode(cmd.weapon, cmd.mode)
        if not state.has_minion(cmd.target) or state.minion(cmd.target).tile != state.tile:
            raise IllegalCommand("MM-MELEE-1", f"there is no minion {cmd.target!r} on the board")
        target = state.minion(cmd.target)
        near = [n.id for n in state.minions_on_board if self.near(state, m.cell, n.cell)]
        if mode == MELEE:
            if target.id not in near:
                raise IllegalCommand("MM-MELEE-1", f"{target.name} is not in {m.name}'s cell or an adjacent one")
        else:
            if not self.graph(state).sees(m.cell, target.cell):
                raise IllegalCommand("MM-RANGED-2", f"{m.name} cannot see {target.name} (MM-LOS-1)")
            if near and target.id not in near:
                raise IllegalCommand("MM-RANGED-3", f"a minion is in or next to {m.name}'s cell: target one of {', '.join(near)}")
        bonus = 0
        if cmd.ability:
            if cmd.ability not in m.abilities:
                raise IllegalCommand("MM-LEVEL-1", f"{m.name} does not have {cmd.ability}")
            ab = cards.abilities()[cmd.ability]
            if ab.get("effect") != "attack_bonus":
                raise IllegalCommand("MM-LEVEL-2", f"{cmd.ability} is not an attack ability")
            if t.ability_used:
                raise IllegalCommand("MM-LEVEL-2", f"{m.name} has already used an ability this turn")
            bonus = int(ab.get("amount", 1))
        return m, mode, self.attack_dice(m, cmd.weapon, bonus)

    def _attack(self, state: MMState, cmd: Attack, dice: Dice, events: list[Event]) -> MMState:
        m, mode, n = self._check_attack(state, cmd)
        t = state.turn
        assert t is not None
        state = replace(state, turn=replace(t, action_state="done", action="attack",
                                            ability_used=t.ability_used or bool(cmd.ability)))
        rules = (["MM-MELEE-1", "MM-MELEE-2", "MM-MELEE-3"] if mode == MELEE
                 else ["MM-RANGED-1", "MM-RANGED-2", "MM-RANGED-3", "MM-RANGED-4", "MM-RANGED-5"])
        if cards.item(cmd.weapon).get("attack") == "both":
            rules.append("MM-RANGED-6")
        if cmd.ability:
            rules.append("MM-LEVEL-2")
        return self.resolve_attack(state, m.id, cmd.target, n, mode, dice, events, rules + ["MM-TURN-2"],
                                   cheese_to=f"mouse:{m.id}")

    def _check_search(self, state: MMState, cmd: Search) -> None:
        m, _ = self._action_ready(state, cmd.mouse, "search")
        if state.tile in m.searched:
            raise IllegalCommand("MM-SEARCH-5", f"{m.name} has already searched this tile successfully")

    def _search(self, state: MMState, cmd: Search, dice: Dice, events: list[Event]) -> MMState:
        self._check_search(state, cmd)
        m = state.mouse(cmd.mouse)
        t = state.turn
        assert t is not None
        state = replace(state, turn=replace(t, action_state="done", action="search"))
        face = dice.roll(1, 6)[0]
        ok = read_roll((face,), SUCCESS).successes > 0
        events.append(Event.of("mm.search", ["MM-SEARCH-1", "MM-SEARCH-2", "MM-DICE-3", "MM-TURN-2"], m.id,
                               face=face, success=ok, tile=state.tile))
        if not ok:
            return state
        m = replace(m, searched=m.searched + (state.tile,))
        state = state.with_mouse(m)
        state = self._personal_trigger(state, m.id, "search_success", events)
        deck = state.deck(state.tile)
        if not deck:
            events.append(Event.of("mm.search_empty", ["MM-SEARCH-3"], m.id, tile=state.tile))
            return state
        k = dice.roll(1, len(deck))[0] - 1
        number = deck[k]
        state = state.with_deck(state.tile, deck[:k] + deck[k + 1:])
        entry = cards.chapter(state.chapter)["search"][state.tile][number]
        if "item" in entry:
            events.append(Event.of("mm.found", ["MM-SEARCH-3", "MM-SEARCH-4"], m.id, item=entry["item"]))
            return replace(state, pending=state.pending + (Pending("find", m.id, entry["item"]),))
        return self._search_event(state, m.id, entry, dice, events)

    def _search_event(self, state: MMState, mouse_id: str, entry: dict[str, Any], dice: Dice,
                      events: list[Event]) -> MMState:
        kind = entry["event"]
        events.append(Event.of("mm.search_event", ["MM-SEARCH-3"], mouse_id, event=kind,
                               text_en=cards.text(entry.get("text"), "en"), text_ru=cards.text(entry.get("text"), "ru")))
        if kind == "cheese":
            return self._give_cheese(state, f"mouse:{mouse_id}", int(entry.get("amount", 1)), ["MM-SEARCH-3"], dice, events)
        if kind == "wheel":
            return self._wheel_add(state, int(entry.get("amount", 1)), ["MM-WHEEL-4"], dice, events, "search event")
        if kind == "page":
            state = self._turn_page(state, ["MM-END-4"], "story", events)
            return state
        if kind in ("webbed", "stunned", "knocked_down", "charmed"):
            return self._give_condition(state, mouse_id, kind, ["MM-SEARCH-3"], events)
        return state

    def _check_keep(self, state: MMState, cmd: KeepFound) -> Pending:
        if not state.pending or state.pending[0].kind != "find" or state.pending[0].mouse != cmd.mouse:
            raise IllegalCommand("MM-SEARCH-4", f"{cmd.mouse} has no found item to keep or discard")
        return state.pending[0]

    def _keep(self, state: MMState, cmd: KeepFound, dice: Dice, events: list[Event]) -> MMState:
        p = self._check_keep(state, cmd)
        state = replace(state, pending=state.pending[1:])
        m = state.mouse(cmd.mouse)
        if not cmd.keep:
            events.append(Event.of("mm.keep", ["MM-SEARCH-4", "MM-DICE-3"], m.id, item=p.item, kept=False, cheese=1))
            return replace(state.with_mouse(replace(m, cheese=m.cheese + 1)), discarded=state.discarded + (p.item,))
        if cards.item(p.item).get("type") == "group":  # MM-GROUP-1: the party's, not the mouse's
            events.append(Event.of("mm.keep", ["MM-SEARCH-4", "MM-GROUP-1", "MM-GROUP-2"], m.id, item=p.item,
                                   kept=True, group=True))
            return replace(state, group_items=state.group_items + (p.item,))
        events.append(Event.of("mm.keep", ["MM-SEARCH-4"], m.id, item=p.item, kept=True, group=False))
        state = state.with_mouse(replace(m, pack=m.pack + (p.item,)))
        return self._overflow(state, m.id, events)

    def _check_discard(self, state: MMState, cmd: Discard) -> None:
        if not state.pending or state.pending[0].kind != "discard" or state.pending[0].mouse != cmd.mouse:
            raise IllegalCommand("MM-EQUIP-3", f"{cmd.mouse} has nothing it must discard")
        if cmd.card not in state.mouse(cmd.mouse).pack:
            raise IllegalCommand("MM-EQUIP-3", f"{cmd.card} is not in {cmd.mouse}'s pack")

    def _discard(self, state: MMState, cmd: Discard, dice: Dice, events: list[Event]) -> MMState:
        self._check_discard(state, cmd)
        m = state.mouse(cmd.mouse)
        m = replace(m, pack=tuple(c for c in m.pack if c != cmd.card))
        events.append(Event.of("mm.discard", ["MM-EQUIP-3"], m.id, card=cmd.card, cheese=0))
        state = replace(state.with_mouse(m), discarded=state.discarded + (cmd.card,))
        if self._pack_count(state, m) <= state.cfg.pack_limit:
            state = replace(state, pending=state.pending[1:])
        return state

    def _check_recover(self, state: MMState, cmd: Recover) -> tuple[bool, bool]:
        m, _ = self._action_ready(state, cmd.mouse, "recover")
        if not (m.stunned or m.webbed):
            raise IllegalCommand("MM-REC-1", f"{m.name} is neither stunned nor webbed (MM-REC-5)")
        if state.cfg.recover_scope == "all":
            if cmd.condition:
                raise IllegalCommand("MM-REC-4", "one Recover handles both conditions: name none")
            return m.stunned, m.webbed
        have = m.conditions
        pick = cmd.condition or (("stunned" if m.stunned else "webbed") if m.stunned != m.webbed else "")
        if pick not in ("stunned", "webbed") or pick not in have:
            raise IllegalCommand("MM-REC-4", "name the condition to recover from (stunned or webbed)")
        return pick == "stunned", pick == "webbed"

    def _recover(self, state: MMState, cmd: Recover, dice: Dice, events: list[Event]) -> MMState:
        stun, web = self._check_recover(state, cmd)
        m = state.mouse(cmd.mouse)
        t = state.turn
        assert t is not None
        state = replace(state, turn=replace(t, action_state="done", action="recover"))
        rules = ["MM-REC-1", "MM-TURN-2"] + (["MM-REC-4"] if m.stunned and m.webbed else [])
        if stun:
            m = replace(m, stunned=False)
            events.append(Event.of("mm.recover", rules + ["MM-REC-2", "MM-COND-1"], m.id, condition="stunned",
                                   success=True, face=0))
        if web:
            face = dice.roll(1, 6)[0]
            ok = read_roll((face,), SUCCESS).successes > 0
            m = replace(m, webbed=not ok)
            events.append(Event.of("mm.recover", rules + ["MM-REC-3", "MM-COND-2", "MM-REC-6"], m.id,
                                   condition="webbed", success=ok, face=face))
        return state.with_mouse(m)

    def explore_options(self, state: MMState, m: Mouse) -> list[tuple[str, str, tuple[str, ...]]]:
        """MM-EXP-3/4: (via, target tile, entry cells) for each way out of the mouse's cell."""
        g = self.graph(state)
        out: list[tuple[str, str, tuple[str, ...]]] = []
        if not m.cell:
            return out
        for exit_id in g.exits_of(m.cell):
            x = g.exit(exit_id)
            if x is None or not x.target_tile or x.target_tile == state.tile:
                continue
            entry = g.exit(x.target_exit) if x.target_exit else None
            if entry is None:
                entry = next((e for e in g.exits if e.tile == x.target_tile and e.target_tile == state.tile), None)
            cells = entry.cells if entry is not None and entry.cells else g.cells_on_tile(x.target_tile)[:1]
            out.append((exit_id, x.target_tile, tuple(cells)))
        cell = g.cell(m.cell)
        if cell.turning:
            target = cell.turn_target or cards.chapter(state.chapter).get("turn_targets", {}).get(m.cell, "")
            if target and target in g and g.cell(target).tile != state.tile:
                out.append(("turning", g.cell(target).tile, (target,)))
        return out

    def _check_explore(self, state: MMState, cmd: Explore) -> tuple[str, str, tuple[str, ...]]:
        m, _ = self._action_ready(state, cmd.mouse, "explore")  # stunned: MM-EXP-6
        if state.minions_on_board:
            raise IllegalCommand("MM-EXP-2", "minions are still on this tile")
        options = self.explore_options(state, m)
        if not options:
            raise IllegalCommand("MM-EXP-3", f"{m.name} is not next to an exit nor on a turning cell that leads on")
        if cmd.via:
            chosen = [o for o in options if o[0] == cmd.via]
            if not chosen:
                raise IllegalCommand("MM-EXP-3", f"{m.name} cannot explore via {cmd.via!r} from here")
            return chosen[0]
        if len({o[0] for o in options}) > 1:
            raise IllegalCommand("MM-EXP-3", f"name the way: {', '.join(o[0] for o in options)}")
        return options[0]

    def _explore(self, state: MMState, cmd: Explore, dice: Dice, events: list[Event]) -> MMState:
        via, tile, entry = self._check_explore(state, cmd)
        g = self.graph(state)
        rules = state.cfg.move_rules
        frm = state.tile
        events.append(Event.of("mm.explore", ["MM-EXP-1", "MM-EXP-2", "MM-EXP-3", "MM-EXP-6", "MM-TURN-2"],
                               cmd.mouse, via=via, frm=frm, to=tile))
        state = replace(state, tile=tile)
        placed = []
        order = sorted(state.active_mice, key=lambda m: (m.id != cmd.mouse, state.initiative_rank(m.id)))
        for m in order:  # MM-EXP-4, MM-OCC-5
            state = state.with_mouse(replace(m, cell=""))
        for m in order:
            occ = self.occupancy(state)
            cell = next((c for c in entry if g.can_enter(c, occ, SMALL, rules)), None)
            if cell is None:
                cell = g.nearest_free(entry[0], occ, SMALL, rules)
            if cell is None:
                raise IllegalCommand("MM-OCC-5", f"no room for {m.name} on {tile}: the GM must place it")
            state = state.with_mouse(replace(state.mouse(m.id), cell=cell))
            placed.append((m.id, cell))
        events.append(Event.of("mm.arrive", ["MM-EXP-4", "MM-OCC-5", "MM-GEO-12"], cmd.mouse, tile=tile,
                               placed=tuple(placed), motion=("arrive", tuple(placed))))
        if tile not in state.visited:
            arrive = cards.chapter(state.chapter).get("story", {}).get("arrive", {}).get(tile)
            if arrive:
                events.append(Event.of("mm.story", ["MM-END-1"], "", tile=tile,
                                       text_en=cards.text(arrive.get("text"), "en"),
                                       text_ru=cards.text(arrive.get("text"), "ru")))
                for spawn in arrive.get("spawn", []):  # MM-EXP-4: the chapter sets up the tile
                    state = self._spawn(state, str(spawn["kind"]), int(spawn.get("count", 1)), dice, events,
                                        at=str(spawn.get("cell", "")), insert=False)
                if arrive.get("turn_page"):
                    state = self._turn_page(state, ["MM-END-4"], "story", events)
                    if state.result:
                        return state
            state = replace(state, visited=state.visited + (tile,))
        state = self._check_victory(state, events)
        if state.result:
            return state
        events.append(Event.of("mm.round_cut", ["MM-EXP-5"], cmd.mouse, wheel=state.wheel))
        return self._new_tile_round(state, dice, events)

    def _check_decline(self, state: MMState, cmd: DeclineAction) -> None:
        m, t = self._turn_mouse(state, cmd.mouse)
        if t.action_state != "unused":
            raise IllegalCommand("MM-TURN-1", f"{m.name}'s action is already settled")

    def _decline(self, state: MMState, cmd: DeclineAction, dice: Dice, events: list[Event]) -> MMState:
        self._check_decline(state, cmd)
        t = state.turn
        assert t is not None
        events.append(Event.of("mm.decline", ["MM-TURN-1"], cmd.mouse))
        return replace(state, turn=replace(t, action_state="declined"))

    # ------------------------------------------------------------------ free actions
    def _check_share(self, state: MMState, cmd: Share) -> None:
        m, _ = self._free_ready(state, cmd.mouse, "share")
        if not state.has_mouse(cmd.other) or cmd.other == m.id:
            raise IllegalCommand("MM-SHARE-1", f"there is no other mouse {cmd.other!r}")
        o = state.mouse(cmd.other)
        if o.captured:
            raise IllegalCommand("MM-SHARE-2", f"{o.name} is captured and cannot share")
        if not self.near(state, m.cell, o.cell):
            raise IllegalCommand("MM-SHARE-1", f"{o.name} is not in {m.name}'s cell or an adjacent one")
        for who, given in ((m, cmd.give), (o, cmd.take)):
            for c in given:
                if c not in who.cards or c in who.starting:
                    raise IllegalCommand("MM-SHARE-1", f"{who.name} has no search card {c!r} to swap")
            if len(set(given)) != len(given):
                raise IllegalCommand("MM-SHARE-1", "a card is named twice")
        if not (0 <= cmd.give_cheese <= m.cheese and 0 <= cmd.take_cheese <= o.cheese):
            raise IllegalCommand("MM-SHARE-1", "cannot give more cheese than a mouse has")
        if not (cmd.give or cmd.take or cmd.give_cheese or cmd.take_cheese):
            raise IllegalCommand("MM-SHARE-1", "a Share swaps at least one card or cheese token")

    def _share(self, state: MMState, cmd: Share, dice: Dice, events: list[Event]) -> MMState:
        self._check_share(state, cmd)
        m, o = state.mouse(cmd.mouse), state.mouse(cmd.other)
        t = state.turn
        assert t is not None

        def without(x: Mouse, gone: tuple[str, ...]) -> Mouse:
            return replace(x, equipped=tuple(c for c in x.equipped if c not in gone),
                           pack=tuple(c for c in x.pack if c not in gone))

        m2, o2 = without(m, cmd.give), without(o, cmd.take)
        m2 = replace(m2, pack=m2.pack + cmd.take, cheese=m.cheese - cmd.give_cheese + cmd.take_cheese)
        o2 = replace(o2, pack=o2.pack + cmd.give, cheese=o.cheese + cmd.give_cheese - cmd.take_cheese)
        state = state.with_mouse(m2).with_mouse(o2)
        state = replace(state, turn=replace(t, free_used=t.free_used + ("share",)))
        events.append(Event.of("mm.share", ["MM-SHARE-1", "MM-SHARE-2", "MM-TURN-3"], m.id, other=o.id,
                               give=cmd.give, take=cmd.take, give_cheese=cmd.give_cheese, take_cheese=cmd.take_cheese))
        state = self._overflow(state, m.id, events)
        return self._overflow(state, o.id, events)

    @staticmethod
    def slots_ok(equipped: tuple[str, ...]) -> str:
        """MM-EQUIP-4: why this set cannot be equipped together, or ""."""
        paws = 0
        used: dict[str, str] = {}
        for c in equipped:
            card = cards.item(c)
            slot = card.get("slot")
            if slot is None and not card.get("paws"):
                return f"{c} cannot be equipped (a card to use, not to wear)"
            paws += int(card.get("paws", 0))
            if slot:
                if slot in used:
                    return f"{c} and {used[slot]} both need the {slot} slot"
                used[slot] = c
        if paws > PAWS:
            return f"these need {paws} paws; a mouse has {PAWS}"
        return ""

    def _check_equip(self, state: MMState, cmd: Equip) -> None:
        m, _ = self._free_ready(state, cmd.mouse, "equip")
        if len(set(cmd.equipped)) != len(cmd.equipped):
            raise IllegalCommand("MM-EQUIP-1", "a card is named twice")
        for c in cmd.equipped:
            if c not in m.cards:
                raise IllegalCommand("MM-EQUIP-1", f"{m.name} has no card {c!r}")
        why = self.slots_ok(cmd.equipped)
        if why:
            raise IllegalCommand("MM-EQUIP-4", why)
        if set(cmd.equipped) == set(m.equipped):
            raise IllegalCommand("MM-EQUIP-1", "that changes nothing")

    def _equip(self, state: MMState, cmd: Equip, dice: Dice, events: list[Event]) -> MMState:
        self._check_equip(state, cmd)
        m = state.mouse(cmd.mouse)
        t = state.turn
        assert t is not None
        pack = tuple(c for c in m.pack if c not in cmd.equipped) + tuple(c for c in m.equipped if c not in cmd.equipped)
        state = state.with_mouse(replace(m, equipped=tuple(cmd.equipped), pack=pack))
        state = replace(state, turn=replace(t, free_used=t.free_used + ("equip",)))
        events.append(Event.of("mm.equip", ["MM-EQUIP-1", "MM-EQUIP-4", "MM-TURN-3"], m.id,
                               equipped=tuple(cmd.equipped), pack=pack))
        return self._overflow(state, m.id, events)

    def _check_level_up(self, state: MMState, cmd: LevelUp) -> None:
        m, _ = self._free_ready(state, cmd.mouse, "level_up")
        if m.cheese < 6:
            raise IllegalCommand("MM-LEVEL-1", f"{m.name} has {m.cheese} cheese; a level costs 6")
        ab = cards.abilities().get(cmd.ability)
        if ab is None:
            raise IllegalCommand("MM-LEVEL-1", f"there is no ability {cmd.ability!r}")
        if ab.get("class") != m.klass:
            raise IllegalCommand("MM-LEVEL-1", f"{cmd.ability} is not a {m.klass} ability")
        if cmd.ability in m.abilities:
            raise IllegalCommand("MM-LEVEL-1", f"{m.name} already has {cmd.ability}")

    def _level_up(self, state: MMState, cmd: LevelUp, dice: Dice, events: list[Event]) -> MMState:
        self._check_level_up(state, cmd)
        m = state.mouse(cmd.mouse)
        t = state.turn
        assert t is not None
        m = replace(m, cheese=m.cheese - 6, abilities=m.abilities + (cmd.ability,))
        events.append(Event.of("mm.level_up", ["MM-LEVEL-1", "MM-LEVEL-3", "MM-TURN-3"], m.id,
                               ability=cmd.ability, cheese=m.cheese))
        return replace(state.with_mouse(m), turn=replace(t, free_used=t.free_used + ("level_up",)))

    def _use_source(self, state: MMState, m: Mouse, what: str) -> tuple[str, dict[str, Any]]:
        if what in m.abilities:
            return "ability", dict(cards.abilities()[what])
        if what in m.cards and "use" in cards.item(what):
            return "card", dict(cards.item(what)["use"])
        if what in state.group_items:
            return "group", dict(cards.item(what)["use"])
        raise IllegalCommand("MM-GROUP-1", f"{m.name} has no ability, usable card or group item {what!r}")

    def _check_use(self, state: MMState, cmd: Use) -> tuple[str, dict[str, Any], Mouse]:
        m, t = self._turn_mouse(state, cmd.mouse, "MM-TURN-3")
        source, effect = self._use_source(state, m, cmd.what)
        if source == "ability" and t.ability_used:
            raise IllegalCommand("MM-LEVEL-2", f"{m.name} has already used an ability this turn")
        kind = effect.get("effect")
        target = state.mouse(cmd.target) if cmd.target and state.has_mouse(cmd.target) else None
        if cmd.target and target is None:
            raise IllegalCommand("MM-GROUP-1", f"there is no mouse {cmd.target!r}")
        target = target or m
        if kind == "attack_bonus":
            raise IllegalCommand("MM-LEVEL-2", f"{cmd.what} is used by naming it in an Attack")
        if kind == "dash":
            if target.id != m.id or t.move_state == "done":
                raise IllegalCommand("MM-LEVEL-2", "a dash adds points to the user's unfinished move")
            return source, effect, target
        if kind == "cheese":
            if target.id != m.id:
                raise IllegalCommand("MM-TURN-3", "the crumbs are for the user")
            return source, effect, target
        if target.captured or not self.near(state, m.cell, target.cell):
            raise IllegalCommand("MM-ADJ-4", f"{target.name} is not an active mouse in or next to {m.name}'s cell")
        if effect.get("self_only") and target.id != m.id:
            raise IllegalCommand("MM-LEVEL-2", f"{cmd.what} works only on its owner")
        curable = target.wounds if effect.get("cures_poison") else target.wounds - target.poison
        if curable <= 0:
            raise IllegalCommand("MM-COND-5", f"{target.name} has no wound this can heal"
                                 + (" (poisoned wounds need a cure)" if target.poison else ""))
        return source, effect, target

    def _use(self, state: MMState, cmd: Use, dice: Dice, events: list[Event]) -> MMState:
        source, effect, target = self._check_use(state, cmd)
        m = state.mouse(cmd.mouse)
        t = state.turn
        assert t is not None
        kind = effect.get("effect")
        amount = int(effect.get("amount", 1))
        rules = {"ability": ["MM-LEVEL-2"], "card": ["MM-TURN-3"], "group": ["MM-GROUP-1"]}[source]
        if source == "ability":
            state = replace(state, turn=replace(t, ability_used=True))
        elif source == "card":
            m = replace(m, equipped=tuple(c for c in m.equipped if c != cmd.what),
                        pack=tuple(c for c in m.pack if c != cmd.what))
            state = replace(state.with_mouse(m), discarded=state.discarded + (cmd.what,))
        else:
            state = replace(state, group_items=tuple(c for c in state.group_items if c != cmd.what),
                            discarded=state.discarded + (cmd.what,))
        target = state.mouse(target.id)
        healed = 0
        if kind == "dash":
            t = state.turn
            assert t is not None
            state = replace(state, turn=replace(t, mp=t.mp + amount))
        elif kind == "cheese":
            state = state.with_mouse(replace(target, cheese=target.cheese + amount))
        else:
            if effect.get("cures_poison"):  # MM-COND-5: only a cure removes poisoned wounds
                healed = min(amount, target.wounds)
                poison = max(0, target.poison - healed)
                state = state.with_mouse(replace(target, wounds=target.wounds - healed, poison=poison))
                rules = rules + ["MM-COND-5"]
            else:
                healed = min(amount, target.wounds - target.poison)
                state = state.with_mouse(replace(target, wounds=target.wounds - healed))
                if target.poison:
                    rules = rules + ["MM-COND-5"]
        events.append(Event.of("mm.use", rules, m.id, what=cmd.what, source=source, effect=kind,
                               target=target.id, amount=amount, healed=healed))
        return state

    # ------------------------------------------------------------------ end of turn, rescue, GM
    def _check_end_turn(self, state: MMState, cmd: EndTurn) -> None:
        if state.phase == "captured":
            if state.acting != cmd.mouse:
                raise IllegalCommand("MM-TURN-5", f"it is {state.acting}'s turn")
            if not state.minions_on_board:
                raise IllegalCommand("MM-RESC-1", "no minion is on the board: the mouse is rescued (choose its cell)")
            return
        self._turn_mouse(state, cmd.mouse, "MM-TURN-5")

    def _end_turn(self, state: MMState, cmd: EndTurn, dice: Dice, events: list[Event]) -> MMState:
        self._check_end_turn(state, cmd)
        if state.phase == "captured":
            events.append(Event.of("mm.skip", ["MM-RESC-2", "MM-CAPT-5"], cmd.mouse,
                                   minions=len(state.minions_on_board)))
        else:
            t = state.turn
            assert t is not None
            events.append(Event.of("mm.end_turn", ["MM-TURN-5"], cmd.mouse, lost_mp=t.mp,
                                   action=t.action or t.action_state))
        return self._end_entity(state, dice, events)

    def rescue_cells(self, state: MMState) -> list[str]:
        """MM-RESC-3 (MM-OCC-5 fallback): cells a rescued mouse may be placed in."""
        g = self.graph(state)
        occ = self.occupancy(state)
        rules = state.cfg.move_rules
        near: list[str] = []
        for m in state.active_mice:
            for c in (m.cell, *g.neighbours(m.cell)):
                if c not in near and g.can_enter(c, occ, SMALL, rules):
                    near.append(c)
        if near or not state.active_mice:
            return near
        start = state.active_mice[0].cell
        fallback = g.nearest_free(start, occ, SMALL, rules)
        return [fallback] if fallback else []

    def _check_rescue(self, state: MMState, cmd: Rescue) -> None:
        if state.phase != "captured" or state.acting != cmd.mouse or state.pending:
            raise IllegalCommand("MM-RESC-1", f"it is not {cmd.mouse}'s captured turn")
        if state.minions_on_board:
            raise IllegalCommand("MM-RESC-2", "minions are on the board: the mouse stays captured")
        if cmd.cell not in self.rescue_cells(state):
            raise IllegalCommand("MM-RESC-3", f"{cmd.cell} neither holds nor adjoins an active mouse with room")

    def _rescue(self, state: MMState, cmd: Rescue, dice: Dice, events: list[Event]) -> MMState:
        self._check_rescue(state, cmd)
        m = state.mouse(cmd.mouse)
        healed = state.cfg.rescue_health == "full"
        m = replace(m, captured=False, cell=cmd.cell, wounds=0 if healed else m.wounds,
                    poison=0 if healed else m.poison)
        if m.wounds >= m.life:  # keep_wounds: it still needs one point of health to stand
            m = replace(m, wounds=m.life - 1, poison=min(m.poison, m.life - 1))
        events.append(Event.of("mm.rescued", ["MM-RESC-1", "MM-RESC-3", "MM-RESC-4", "MM-RESC-5", "MM-OCC-5"],
                               m.id, cell=cmd.cell, wounds=m.wounds, motion=("place", m.id, cmd.cell)))
        return self._end_entity(state.with_mouse(m), dice, events)

    def _check_gm_turn(self, state: MMState, cmd: GmTurn) -> None:
        if state.pending or state.phase != "gm":
            raise IllegalCommand("MM-MIN-2", "it is not the GM's turn")
        if cmd.entity != state.acting:
            raise IllegalCommand("MM-MIN-2", f"{state.acting} acts now, not {cmd.entity}")

    def _gm_turn(self, state: MMState, cmd: GmTurn, dice: Dice, events: list[Event]) -> MMState:
        from game.rules.mice_and_mystics import gm

        self._check_gm_turn(state, cmd)
        events.append(Event.of("mm.gm_turn", ["MM-MIN-2", "MM-DEF-6"], cmd.entity))
        if state.has_mouse(cmd.entity):
            state = gm.charmed_turn(self, state, cmd.entity, dice, events)
        else:
            state = gm.minion_turn(self, state, cmd.entity, dice, events)
        if state.result:
            return state
        return self._end_entity(state, dice, events)

    # ------------------------------------------------------------------ GM hooks
    def _check_wheel_add(self, state: MMState, cmd: WheelAdd) -> None:
        if not 1 <= cmd.n <= 12:
            raise IllegalCommand("MM-WHEEL-4", "the GM adds 1 to 12 cheese at a time")

    def _wheel_hook(self, state: MMState, cmd: WheelAdd, dice: Dice, events: list[Event]) -> MMState:
        self._check_wheel_add(state, cmd)
        return self._wheel_add(state, cmd.n, ["MM-WHEEL-4"], dice, events, cmd.reason or "GM")

    def _check_turn_page(self, state: MMState, cmd: TurnPage) -> None:
        return None

    def _page_hook(self, state: MMState, cmd: TurnPage, dice: Dice, events: list[Event]) -> MMState:
        return self._turn_page(state, ["MM-END-4"], cmd.reason or "story", events)

    def _check_grant(self, state: MMState, cmd: Grant) -> None:
        if not cmd.achievement:
            raise IllegalCommand("MM-ACH-1", "name the achievement")
        if cmd.mouse and not state.has_mouse(cmd.mouse):
            raise IllegalCommand("MM-ACH-2", f"there is no mouse {cmd.mouse!r}")

    def _grant(self, state: MMState, cmd: Grant, dice: Dice, events: list[Event]) -> MMState:
        self._check_grant(state, cmd)
        if not cmd.mouse:
            events.append(Event.of("mm.achievement", ["MM-ACH-1"], "", achievement=cmd.achievement, story=True))
            if cmd.achievement in state.story_ach:
                return state
            return replace(state, story_ach=state.story_ach + (cmd.achievement,))
        m = state.mouse(cmd.mouse)
        events.append(Event.of("mm.achievement", ["MM-ACH-2"], m.id, achievement=cmd.achievement, story=False))
        if cmd.achievement in m.personal_ach:
            return state
        return state.with_mouse(replace(m, personal_ach=m.personal_ach + (cmd.achievement,)))

    def _check_ruling(self, state: MMState, cmd: Ruling) -> None:
        g = self.graph(state)
        if cmd.kind not in RULING_KINDS:
            raise IllegalCommand("MM-ADJ-5", f"a ruling is one of {', '.join(RULING_KINDS)}")
        if cmd.a not in g or cmd.b not in g or cmd.a == cmd.b:
            raise IllegalCommand("MM-ADJ-5", "a ruling names two different cells of the map")
        if g.cell(cmd.a).tile != g.cell(cmd.b).tile:
            raise IllegalCommand("MM-GEO-12", "cells of different tiles are never adjacent or in sight")

    def _ruling(self, state: MMState, cmd: Ruling, dice: Dice, events: list[Event]) -> MMState:
        self._check_ruling(state, cmd)
        rule = "MM-ADJ-5" if cmd.kind in ("adjacent", "apart") else "MM-LOS-4"
        events.append(Event.of("mm.ruling", [rule, "MM-GEO-5"], "", a=cmd.a, b=cmd.b, kind=cmd.kind))
        return replace(state, rulings=state.rulings + ((cmd.a, cmd.b, cmd.kind),))

    _HANDLERS: dict[type, Any] = {
        Step: _step, Move: _move, EndMove: _end_move, StandUp: _stand_up, Scurry: _scurry,
        Attack: _attack, Search: _search, Recover: _recover, Explore: _explore,
        DeclineAction: _decline, Share: _share, Equip: _equip, LevelUp: _level_up, Use: _use,
        EndTurn: _end_turn, KeepFound: _keep, Discard: _discard, Rescue: _rescue,
        GmTurn: _gm_turn, WheelAdd: _wheel_hook, TurnPage: _page_hook, Grant: _grant, Ruling: _ruling,
    }
    _CHECKS: dict[type, Any] = {
        Step: lambda s, st, c: s._check_step(st, c.mouse, c.cell), Move: _check_move,
        EndMove: _check_end_move, StandUp: _check_stand_up, Scurry: _check_scurry,
        Attack: _check_attack, Search: _check_search, Recover: _check_recover, Explore: _check_explore,
        DeclineAction: _check_decline, Share: _check_share, Equip: _check_equip,
        LevelUp: _check_level_up, Use: _check_use, EndTurn: _check_end_turn, KeepFound: _check_keep,
        Discard: _check_discard, Rescue: _check_rescue, GmTurn: _check_gm_turn,
        WheelAdd: _check_wheel_add, TurnPage: _check_turn_page, Grant: _check_grant, Ruling: _check_ruling,
    }


__all__ = ["GM", "LARGE_MINION", "MICE", "MINIONS", "MOUSE", "SMALL_MINION", "MiceAndMystics", "is_group"]
