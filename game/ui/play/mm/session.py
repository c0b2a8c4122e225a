"""A Mice and Mystics match as the play screen uses it: the shell's session (``MatchSession``:
commands, undo and redo, the AI's command, saves, the log) with the game's own parts: its seats,
the names of its figures, cells and cards, its commands in words. Plain Python, no pygame.

Seats: each mouse belongs to a player seat (``Setup.players``, dealt round-robin); the
program's GM seat ("gm") is always played by the program; ``ai_sides`` are mouse seats the
mice's AI plays. Undo (the shell's) takes back the last command a person gave, with the GM's and
the AI's commands after it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import i18n
from game.board.names import local_name
from game.i18n import N_, _
from game.rules.engine import Event, Match
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics import explain as explain_mod
from game.rules.mice_and_mystics.dice import DEFENCE, MELEE, SUCCESS
from game.rules.mice_and_mystics.explain import name_of, place_name, tile_name
from game.rules.mice_and_mystics.game import MAPS_DIR, MiceAndMystics
from game.rules.mice_and_mystics.refusals import REFUSALS
from game.rules.mice_and_mystics.state import GM, MMState, Phase
from game.ui.play import match_session
from game.ui.play.match_session import MatchSession

#: the seats' ids when none are named (kept in saves); ``seat_name`` shows them translated
DEFAULT_PLAYERS = (N_("Player 1"), N_("Player 2"))
#: a command without words of its own in the log: a sentence of its kind, with the mouse that
#: gives it (``{who}``) where there is one
_KIND_WORDS = {
    "EndMove": N_("{who} ends the move"), "StandUp": N_("{who} stands up"),
    "Scurry": N_("{who} scurries"), "Search": N_("{who} searches"),
    "Recover": N_("{who} recovers"), "Explore": N_("{who} explores"),
    "DeclineAction": N_("{who} takes no action"), "Share": N_("{who} shares"),
    "Equip": N_("{who} changes equipment"), "LevelUp": N_("{who} levels up"),
    "Use": N_("{who} uses a card"), "EndTurn": N_("{who} ends the turn"),
    "KeepFound": N_("{who} keeps or drops the find"), "Discard": N_("{who} discards a card"),
    "Rescue": N_("{who} is rescued"), "WheelAdd": N_("Cheese on the wheel"),
    "TurnPage": N_("The page turns"), "Grant": N_("An achievement"),
    "Ruling": N_("A GM ruling"),
}
#: the words a session keeps (more: it forgets them all and starts again)
#: attack modes of a weapon usable both ways (MM-RANGED-6)
ATTACK_MODES = {"melee": N_("melee"), "ranged": N_("ranged")}
#: an attack in the log, by the mode named (none: the weapon's only one)
ATTACK_TITLES = {"": N_("{who} attacks {target} with {weapon}"),
                 "melee": N_("{who} attacks {target} with {weapon} in melee"),
                 "ranged": N_("{who} shoots at {target} with {weapon}")}


def map_setting(map_path: Path) -> str:
    return match_session.map_setting(map_path, MAPS_DIR)


def new_mm_match(map_path: Path, seed: int | None = None, *,
                 players: Sequence[str] = DEFAULT_PLAYERS, autosave: Path | None = None,
                 mode: str = "teaching") -> Match:
    return match_session.new_game_match("mice_and_mystics", map_path, MAPS_DIR, seed,
                                        players=players, autosave=autosave, mode=mode)


def seat_name(seat: str) -> str:
    """A seat for the screen: the GM and the default players translated, a named player as is."""
    if seat == GM:
        return _("GM")
    return _(seat) if seat in DEFAULT_PLAYERS else seat


def figure_names(system: MiceAndMystics, state: MMState, lang: str | None = None) -> dict[str, str]:
    """Names the map gives in ``lang``: a spawn's ``name_<lang>``, a cell's name (its
    ``name_<lang>``, else the name it has on the map): id -> name. Figures and cells without one
    are named by the rules' data (``explain.name_of``, ``place_name``)."""
    lang = lang or i18n.language()
    key = f"name_{lang}"
    out: dict[str, str] = {}
    try:
        board = system.boards.board(state.map)
    except (OSError, ValueError):
        return out
    props = {s.name: s.properties for s in board.spawns}
    figures = [(m.id, m.name) for m in state.mice] + [(n.id, n.name) for n in state.minions]
    for ident, name in figures:
        p = props.get(name, {})
        if isinstance(p.get(key), str) and p[key].strip():
            out[ident] = local_name(name, p, lang)
    g = system.graph(state)
    for cell in g.keys:  # a named cell has its name on the board, in the log and on the buttons
        info = g.cell(cell)
        if info.name:
            out[cell] = local_name(info.name, info.properties, lang)
    return out


def command_title(cmd: Any, state: MMState, names: dict[str, str] | None = None) -> str:
    """A command in a few words, with the figures' names (in the current language)."""
    lang = i18n.language()
    given = names or {}

    def name(ident: str) -> str:
        if ident in given:
            return given[ident]
        return name_of(ident, lang) if lang != "en" or not (
            state.has_mouse(ident) or state.has_minion(ident)) else (
            state.mouse(ident).name if state.has_mouse(ident) else state.minion(ident).name)

    kind = type(cmd).__name__
    who = name(getattr(cmd, "mouse", "") or getattr(cmd, "entity", ""))
    if kind == "GmTurn":
        return _("GM plays {who}").format(who=who)
    if kind in ("Move", "Step"):
        cell = place_name(cmd.path[-1] if kind == "Move" else cmd.cell, lang, names)
        return _("{who} moves to {cell}").format(who=who, cell=cell)
    if kind == "Attack":
        words = ATTACK_TITLES.get(cmd.mode, ATTACK_TITLES[""])
        return _(words).format(who=who, target=name(cmd.target), weapon=name(cmd.weapon))
    if kind in _KIND_WORDS:
        return _(_KIND_WORDS[kind]).format(who=who)
    return re.sub(r"(?<!^)([A-Z])", r" \1", kind).lower()  # i18n: a command this table lacks


#: the dice tray's title of each roll but an attack's ("{who}: ..."; ``_()`` where drawn)
ROLL_TITLES = {
    "mm.defence": N_("{who}: defence"), "mm.search": N_("{who}: search"),
    "mm.recover": N_("{who}: the web"), "mm.water_roll": N_("{who}: swimming"),
    "mm.trap": N_("{who}: the mousetrap"), "mm.scurry": N_("{who}: scurry"),
    "mm.turn_start": N_("{who}: movement"), "mm.minion_move": N_("{who}: movement"),
    "mm.charmed_move": N_("{who}, charmed: movement"), "mm.joins_order": N_("{who}: initiative"),
    "mm.initiative": N_("Initiative"),
}
ATTACK_TITLE = N_("{who}: {row} attack")


@dataclass(frozen=True)
class TrayRoll:
    """One roll as the dice tray shows it: who rolled (an id, "" for the initiative), its title
    (a msgid with ``{who}``, an attack's with ``{row}`` too), the faces, how a face reads (a row
    of MM-DICE-3: melee, ranged, defence, success; "" for a plain die: a d3, an initiative
    die) and, for the initiative, whose each die is."""

    who: str
    title: str
    faces: tuple[int, ...]
    row: str = ""
    owners: tuple[str, ...] = ()


def rolled(event: Event) -> bool:
    """Whether ``event`` reports dice rolled (a stun shaken off or a turn begun captured or
    charmed rolls none)."""
    values = dict(event.values)
    if event.kind in ("mm.attack", "mm.defence", "mm.water_roll", "mm.trap"):
        return bool(values.get("faces"))
    if event.kind in ("mm.search", "mm.recover"):
        return int(values.get("face", 0)) > 0
    if event.kind in ("mm.scurry", "mm.turn_start", "mm.minion_move", "mm.charmed_move"):
        return int(values.get("d3", 0)) > 0
    if event.kind == "mm.joins_order":
        return "roll" in values
    return event.kind == "mm.initiative" and bool(values.get("rolls"))


def tray_roll(event: Event) -> TrayRoll:
    """A dice event (``rolled``) as the tray shows it."""
    values = dict(event.values)
    kind, who = event.kind, event.actor
    if kind == "mm.attack":
        return TrayRoll(who, ATTACK_TITLE, tuple(values["faces"]), str(values.get("row", MELEE)))
    title = ROLL_TITLES[kind]
    if kind in ("mm.defence", "mm.water_roll", "mm.trap"):
        return TrayRoll(who, title, tuple(values["faces"]), DEFENCE if kind == "mm.defence" else SUCCESS)
    if kind in ("mm.search", "mm.recover"):
        return TrayRoll(who, title, (int(values["face"]),), SUCCESS)
    if kind == "mm.joins_order":
        return TrayRoll(who, title, (int(values["roll"]),))
    if kind == "mm.initiative":
        pairs = [(str(e), int(f)) for rerolls in values["rolls"] for e, f in rerolls]
        return TrayRoll("", title, tuple(f for _e, f in pairs), owners=tuple(e for e, _f in pairs))
    return TrayRoll(who, title, (int(values["d3"]),))


#: what each action of the action bar does, for its button's tooltip (``_()`` where shown)
ACTION_HELP = {
    "Attack": N_("The action: roll the attack dice against this minion; the side panel shows "
                 "the odds."),
    "Keep": N_("Keep the item found: it goes into the pack."),
    "Drop": N_("Discard the item found for 1 cheese."),
    "Discard": N_("The pack holds too many cards: discard this one (no cheese)."),
    "Rescue": N_("Put the rescued mouse back on the board in this cell."),
    "Search": N_("The action: roll 1d6 to search this tile; 4-6 finds something."),
    "Explore": N_("The action: the whole party goes on to the next tile."),
    "Scurry": N_("The action: roll a new 1d3 and move again."),
    "Recover": N_("The action: shake off a stun, or roll 1d6 against a web (4-6)."),
    "EndMove": N_("End the move here; the points left are lost."),
    "StandUp": N_("Spend the whole move getting up."),
    "Use": N_("Use the card or the ability now."),
    "Equip": N_("A free action: move cards between the paws, the body and the pack."),
    "LevelUp": N_("A free action: pay 6 cheese for a new ability."),
    "Share": N_("A free action: swap cards or cheese with a mouse in the same or an adjacent "
                "cell."),
    "DeclineAction": N_("Take no action this turn."),
    "EndTurn": N_("End the mouse's turn; an unused move and action are lost."),
}
#: the rule each action carries out (the first its event cites)
_ACTION_RULES = {
    "KeepFound": "MM-SEARCH-4", "Discard": "MM-EQUIP-3", "Rescue": "MM-RESC-3",
    "Search": "MM-SEARCH-1", "Explore": "MM-EXP-1", "Scurry": "MM-SCURRY-1", "Recover": "MM-REC-1",
    "EndMove": "MM-MOVE-2", "StandUp": "MM-COND-3", "Equip": "MM-EQUIP-1",
    "LevelUp": "MM-LEVEL-1", "Share": "MM-SHARE-1", "DeclineAction": "MM-TURN-1",
    "EndTurn": "MM-TURN-5",
}


def action_help(cmd: Any, state: MMState, system: MiceAndMystics) -> tuple[str, str]:
    """What an action does (a msgid of ``ACTION_HELP``, "" when none) and the rule it carries
    out ("" when none)."""
    kind = type(cmd).__name__
    if kind == "Attack":
        ranged = system.attack_mode(cmd.weapon, cmd.mode) == "ranged"
        return ACTION_HELP[kind], "MM-RANGED-1" if ranged else "MM-MELEE-1"
    if kind == "KeepFound":
        return ACTION_HELP["Keep" if cmd.keep else "Drop"], _ACTION_RULES[kind]
    if kind == "Use":
        m = state.mouse(cmd.mouse) if state.has_mouse(cmd.mouse) else None
        rule = "MM-LEVEL-2" if m is not None and cmd.what in m.abilities else \
            "MM-GROUP-1" if cmd.what in state.group_items else "MM-TURN-3"
        return ACTION_HELP[kind], rule
    if kind == "EndTurn" and state.phase == Phase.CAPTURED:
        return ACTION_HELP[kind], "MM-RESC-2"
    return ACTION_HELP.get(kind, ""), _ACTION_RULES.get(kind, "")


class MMSession(MatchSession[MMState, MiceAndMystics]):
    refusals = REFUSALS
    system_type = MiceAndMystics
    game_name = "Mice and Mystics"  # i18n: not shown (the words of a wrong match or save)

    def __init__(self, match: Match, *, ai_sides: Sequence[str] = (), ai_seed: int = 7) -> None:
        super().__init__(match, ai_sides=ai_sides, ai_seed=ai_seed)
        self._names: tuple[tuple[Any, ...], dict[str, str]] | None = None
        #: the words of events and commands, made once (``kept``): their ids and the
        #: language -> (the things, the words)
        self.set_ai(ai_sides)

    # ------------------------------------------------------------------ seats
    def seats(self) -> tuple[str, ...]:
        """The players' seats (the GM's is the program's, not among them)."""
        return tuple(dict.fromkeys(m.player for m in self.state.mice))

    def set_ai(self, sides: Sequence[str]) -> None:
        """"mice" (or "all") means every mouse seat."""
        seats = set(self.seats())
        wanted = set(sides)
        if wanted & {"mice", "all"}:
            wanted |= seats
        self.ai_sides = wanted & seats

    def program_seats(self) -> set[str]:
        return {GM} | self.ai_sides

    def refusal_name(self, ident: str) -> str:
        """A mouse, a minion (or a group), a cell, a tile, an exit, a card or an ability a refusal
        names, as the screen shows it in the current language; anything else as it is."""
        st, lang, names = self.state, i18n.language(), self.map_names()
        if ident in names:
            return names[ident]
        if st.has_mouse(ident) or st.has_minion(ident):
            if lang == "en":
                return st.mouse(ident).name if st.has_mouse(ident) else st.minion(ident).name
            return self.name(ident)
        g = self.system.graph(st)
        if ident in g:  # a cell: its number on the tile in English, the tile and the number otherwise
            return place_name(ident, lang, names)
        if ident == "turning":
            return _("the turning cell")
        way = g.exit(ident)
        if way is not None:
            return _("the exit to {tile}").format(tile=tile_name(way.target_tile, lang)) \
                if way.target_tile else _("the exit")
        if ident in g.tiles:
            return tile_name(ident, lang)
        known = (ident.startswith("minions:") or ident in cards.items() or ident in cards.abilities()
                 or ident in cards.achievement_titles())
        return name_of(ident, lang) if known else ident

    # ------------------------------------------------------------------ words
    def map_names(self) -> dict[str, str]:
        """The map's own names of figures and cells in the current language (id -> name)."""
        key = (i18n.language(), self.state.map, tuple(n.id for n in self.state.minions))
        if self._names is None or self._names[0] != key:
            self._names = (key, figure_names(self.system, self.state))
        return self._names[1]

    def name(self, ident: str) -> str:
        """A figure, a minion group or a card in the current language."""
        return self.map_names().get(ident) or name_of(ident, i18n.language())

    def explained(self, event: Event) -> str:
        return self.kept((event,), lambda: explain_mod.explain(event, self.lang, self.map_names()))

    def shown(self, events: Sequence[Event]) -> list[Event]:
        """The events a player reads: the status echoes left out."""
        return [e for e in events if e.kind != "mm.status"]

    def command_words(self, command: Any, before: MMState) -> str:
        return self.kept((command, before), lambda: command_title(command, before, self.map_names()))

    def tray_rolls(self) -> list[TrayRoll]:
        """What the dice tray shows: the rolls of the latest command that rolled (``last_rolls``);
        before any, the rolls the chapter opened with (the initiative, the first mouse's
        movement roll), read from the state."""
        rolls = [tray_roll(e) for e in self.last_rolls()]
        if rolls or self.match.steps:
            return rolls
        st = self.state
        if st.init_rolls:
            rolls.append(TrayRoll("", ROLL_TITLES["mm.initiative"], tuple(r for _e, r in st.init_rolls),
                                  owners=tuple(e for e, _r in st.init_rolls)))
        if st.turn is not None and st.turn.d3:
            rolls.append(TrayRoll(st.turn.mouse, ROLL_TITLES["mm.turn_start"], (st.turn.d3,)))
        return rolls

    def last_rolls(self) -> list[Event]:
        """The dice events of the latest command that rolled dice (every roll: attack and
        defence, search, movement, scurry, water, mousetrap, web, initiative)."""
        for step in reversed(self.match.steps):
            rolls = [e for e in step.events if rolled(e)]
            if rolls:
                return rolls
        return []
