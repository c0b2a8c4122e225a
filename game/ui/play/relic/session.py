"""A Relic match as its play screen uses it: the shell's session (``MatchSession``: commands,
undo and redo, the AI's choice, saves, the log) with Relic's own parts: its seats, the names of
its cards and spaces, the buttons' words. Plain Python, no pygame."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from game.core.dice import Dice
from game.i18n import N_, _, language
from game.rules.engine import Event, IllegalCommand, Match
from game.rules.engine.words import refusal
from game.rules.relic import commands as rc
from game.rules.relic import data
from game.rules.relic import explain as explain_mod
from game.rules.relic.config import MAX_PLAYERS
from game.rules.relic.game import MAPS_DIR, Relic
from game.rules.relic.refusals import REFUSALS
from game.rules.relic.state import Phase, RelicState
from game.ui.play import match_session
from game.ui.play.match_session import MatchSession, history_reason


def map_setting(map_path: Path) -> str:
    return match_session.map_setting(map_path, MAPS_DIR)


def new_relic_match(map_path: Path, players: int | None = None, seed: int | None = None, *,
                    autosave: Path | None = None, dice: Dice | None = None,
                    mode: str = "teaching") -> Match:
    """A Relic match for the first ``players`` (1 to 4; None: every start of the map, at most 4)
    seats of the map, in ``mode`` ("teaching" or "strict": strict forbids undoing a step that
    rolled dice). A ValueError says why the map cannot seat them."""
    system = Relic()
    name = map_setting(map_path)
    count = min(len(system.board_for(name).seats), MAX_PLAYERS) if players is None else players
    seats = system.seats_for(name, count)
    return match_session.new_game_match("relic", map_path, MAPS_DIR, seed,
                                        players=seats, autosave=autosave, mode=mode, dice=dice)


#: the attributes as the screen abbreviates them (a battle's type, an enemy's value)
ATTR_SHORT = {"strength": N_("Str"), "willpower": N_("Wil"), "cunning": N_("Cun")}
#: the modes of a match, as the top bar names them
MODE_WORDS = {"teaching": N_("teaching mode"), "strict": N_("strict mode")}


@cache
def _dealt() -> dict[str, str]:
    """uid -> card id of every card the decks deal (the same uids in every game)."""
    cards: list[Any] = [*data.power_deck(), *data.wargear_deck()]
    for deck in data.THREAT_DECKS:
        cards += data.threat_deck(deck)
    return {c.uid: c.id for c in cards}


def seat_number(player: str) -> str:
    """``"player2"`` -> ``"2"``."""
    return player.removeprefix("player")


def player_label(player: str) -> str:
    """``"player2"`` -> ``"Player 2"`` in the current language; the enemy's roller when nobody
    sits beside the player (``"program"``) is "the program"."""
    if player.startswith("player"):
        return _("Player {n}").format(n=seat_number(player))
    if player == "program":
        return _("the program")
    return player


def attr_short(attribute: str) -> str:
    return _(ATTR_SHORT[attribute]) if attribute in ATTR_SHORT else attribute


def more_note(hidden: int) -> str:
    """The note of the actions that did not fit in the bar."""
    return _("+{n} more").format(n=hidden)


def mode_word(mode: str) -> str:
    return _(MODE_WORDS[mode]) if mode in MODE_WORDS else mode


class RelicSession(MatchSession[RelicState, Relic]):
    refusals = REFUSALS
    system_type = Relic
    game_name = "Relic"  # i18n: not shown (the words of a wrong match or save)

    def __init__(self, match: Match, *, ai_sides: Sequence[str] = (), ai_seed: int = 7,
                 lang: str | None = None) -> None:
        self._words: str | None = lang  #: None: the language chosen in the menu, at each call
        #: the words of events and commands, made once (``kept``): their ids and the
        #: language -> (the things, the words)
        super().__init__(match, ai_sides=ai_sides, ai_seed=ai_seed)

    def seats(self) -> Sequence[str]:
        return tuple(self.match.state.seats)

    @property
    def lang(self) -> str:
        """The language of the words (explanations, names) right now: the one given, else the
        one chosen in the menu."""
        return self._words or language()

    @lang.setter
    def lang(self, value: str) -> None:
        self._words = value

    def name(self, ident: str) -> str:
        """A space, card, enemy, character, mission or scenario by name (a space and a
        guardian as the map names them)."""
        own = self.system.board(self.state).name_of(ident, self.lang)
        return own if own is not None else data.name(ident, self.lang)

    def text(self, ident: str) -> str:
        """What a space (as the map says it) or a card says."""
        own = self.system.board(self.state).text_of(ident, self.lang)
        return own if own is not None else data.text(ident, self.lang)

    def refusal(self, exc: IllegalCommand) -> str:
        """Why the rules refused a command, in the words' language: "why (RULE-ID)"."""
        if exc.rule_id in ("UNDO", "REDO"):
            return history_reason(exc.reason)
        return refusal(exc, REFUSALS, name=self.refusal_name, lang=self.lang)

    def refusal_name(self, ident: str) -> str:
        """A player, a card or a piece of wargear (by its uid), a space or an enemy a refusal
        names, in the words' language."""
        st = self.state
        if ident in st.seats:
            return player_label(ident)
        held: list[Any] = [c for _cell, cards in st.threats for c in cards]
        for hero in st.heroes:
            held += [*hero.items, *hero.hand]
        if st.choice is not None:
            held += list(st.choice.offered)
        for thing in held:
            if thing.uid == ident:
                return self.name(thing.id)
        dealt = _dealt().get(ident)
        if dealt is not None:
            return self.name(dealt)
        stem, _dash, number = ident.rpartition("-")
        known = self.system.board(st).name_of(stem) is not None or data.name(stem, default="\0") != "\0"
        if stem and number.isdigit() and known:
            return self.name(stem)  # a guardian or a scenario's foe: "<card id>-<n>"
        return self.name(ident)

    # ------------------------------------------------------------------ words
    def explained(self, event: Event) -> str:
        """The rule system's words, the seats by their players' names."""
        return self.kept((event,), lambda: self._explain(event))

    def _explain(self, event: Event) -> str:
        text = explain_mod.explain(event, self.lang, self.system.board(self.state))
        for p in sorted(self.state.seats, key=len, reverse=True):
            text = text.replace(p, player_label(p))
        return text

    def command_words(self, command: Any, before: RelicState) -> str:
        """A logged command: the words of its button then."""
        return self.kept((command, before), lambda: self.label(command, before))

    def end_words(self) -> str:
        """Why the game ended, in words (the explained end-of-game event)."""
        for step in reversed(self.match.steps):
            for e in reversed(step.events):
                if e.kind == "rel.game_over":
                    return self.explain(e)[0]
        return self.state.end_reason

    def prepared(self, command: rc.Prepare, state: RelicState | None = None) -> str:
        """What a Prepare declares, in words: "Chainsword, Flak armour" ("" for nothing)."""
        hero = (state if state is not None else self.state).active_hero
        named = {i.uid: i.id for i in hero.items} | {c.uid: c.id for c in hero.hand}
        used = [self.name(named.get(u, u)) for u in command.items + command.cards]
        return ", ".join(used)

    def label(self, command: Any, state: RelicState | None = None) -> str:
        """A command in words for its button (offered in ``state``, by default the match's)."""
        st = state if state is not None else self.state
        hero = st.active_hero
        if isinstance(command, rc.RollMove):
            return _("Roll to move")
        if isinstance(command, rc.Move):
            return _("Go to {space}").format(space=self.name(command.to))
        if isinstance(command, rc.Choose):
            if not command.option:
                return _("Decline")
            if command.option == "buy":
                return _("Buy wargear")
            offered = {i.uid: i.id for i in (st.choice.offered if st.choice else ()) + hero.items}
            if command.option in st.seats:
                return _("Swap places with Player {n}").format(n=seat_number(command.option))
            ident = offered.get(command.option, command.option)
            return _("Choose {what}").format(what=self.name(ident))
        if isinstance(command, rc.Fight):
            card = next((c for c in st.cards_on(hero.space) if c.uid == command.enemy), None)
            if card is None:
                return _("Fight {enemy}").format(enemy=command.enemy)
            return _("Fight {enemy} ({attr} {value})").format(
                enemy=self.name(card.id), attr=attr_short(card.attribute), value=card.value)
        if isinstance(command, rc.Prepare):
            what = self.prepared(command, st)
            return _("Prepare with {what}").format(what=what) if what else _("Prepare with nothing")
        if isinstance(command, rc.RollForEnemy):
            return _("Roll for the enemy")
        if isinstance(command, rc.RollBattle):
            return _("Roll battle dice")
        if isinstance(command, rc.ChangeDie):
            how = dict(self.system.change_sources(st)).get(command.source, "")
            src = _("ability") if command.source == "ability" else next(
                (self.name(c.id) for c in hero.hand if c.uid == command.source), command.source)
            n = command.index + 1
            if how == "reroll":
                return _("Re-roll die {n} ({source})").format(n=n, source=src)
            if how == "add1":
                return _("+1 to die {n} ({source})").format(n=n, source=src)
            if how == "set6":
                return _("Set die {n} to 6 ({source})").format(n=n, source=src)
            return _("Change die {n} ({source})").format(n=n, source=src)
        if isinstance(command, rc.Score):
            return _("Count the scores")
        if isinstance(command, rc.Meet):
            card = next((c for c in st.cards_on(hero.space) if c.uid == command.card), None)
            return _("Meet {stranger}").format(stranger=self.name(card.id) if card else command.card)
        if isinstance(command, rc.EndTurn):
            return _("End turn")
        if isinstance(command, rc.RollTest):
            return _("Roll the test")
        return type(command).__name__

    def about(self, command: Any) -> tuple[str, str]:
        """What a command does, in words for its button's tooltip, and the rule it carries out
        ("" when none): "Count both battle scores ...", "REL-SEQ-5"."""
        st = self.state
        if isinstance(command, rc.RollMove):
            return (_("Roll the die: you go that many spaces along your tier, either way round, "
                      "then pick one of the highlighted spaces."), "REL-BOARD-3")
        if isinstance(command, rc.Move):
            return self._about_move(command)
        if isinstance(command, rc.Choose):
            return self._about_choice(command), "REL-BOARD-2"
        if isinstance(command, rc.Fight):
            return self._with_card(_("Battle this enemy next: its value against yours, plus a "
                                     "battle roll each."), command.enemy), "REL-ENG-2"
        if isinstance(command, rc.Prepare):
            return (_("Prepare for battle: declare the wargear and power cards you use (at most "
                      "one weapon and one armour). The odds in the side panel show what it "
                      "gives."), "REL-SEQ-2")
        if isinstance(command, rc.RollForEnemy):
            return (_("Make the enemy's battle roll: one die, and every 6 adds another die."),
                    "REL-SEQ-3")
        if isinstance(command, rc.RollBattle):
            return (_("Make your battle roll: your dice, and every 6 adds another die."),
                    "REL-SEQ-4")
        if isinstance(command, rc.ChangeDie):
            how = dict(self.system.change_sources(st)).get(command.source, "")
            if how == "reroll":
                return (_("Roll this die again, with every die it added; the new die may add "
                          "more."), "REL-DICE-5")
            return _("Change this die of your battle roll before the scores are counted."), \
                "REL-SEQ-4"
        if isinstance(command, rc.Score):
            return (_("Count both battle scores (roll, attribute and modifiers) and settle the "
                      "battle: win, tie or lose."), "REL-SEQ-5")
        if isinstance(command, rc.Meet):
            return self._with_card(_("Meet this stranger on your space and do what its card "
                                     "says."), command.card), "REL-ENG-2"
        if isinstance(command, rc.EndTurn):
            return (_("End your turn: the strangers left on your space need not be met."),
                    "REL-ENG-2")
        if isinstance(command, rc.RollTest):
            return (_("Roll for the scenario's Confrontation test: your dice, every 6 adds "
                      "another, against the scenario's target."), "REL-WIN-7")
        return "", ""

    def _with_card(self, words: str, uid: str) -> str:
        """``words``, then what the card ``uid`` on the active hero's space says (if anything)."""
        st = self.state
        card = next((c for c in st.cards_on(st.active_hero.space) if c.uid == uid), None)
        if card is not None and self.text(card.id):
            words += "\n" + _("{space}: {text}").format(space=self.name(card.id),
                                                        text=self.text(card.id))
        return words

    def _about_move(self, command: rc.Move) -> tuple[str, str]:
        st = self.state
        board = self.system.board(st)
        space = self.name(command.to)
        if st.phase == Phase.MOVE_CHOICE:
            words, rule = _("Move your piece to {space}, a space the roll reaches.").format(
                space=space), "REL-BOARD-3"
        elif board.tier(st.active_hero.space) == "inner":
            words, rule = _("Step on to {space}, the next space of the Inner tier.").format(
                space=space), "REL-BOARD-4"
        else:
            words, rule = _("Cross the link to {space} instead of rolling to move.").format(
                space=space), "REL-BOARD-5"
        text = self.text(command.to) or (board.spaces[command.to].text
                                         if command.to in board.spaces else "")
        if text:
            words += "\n" + _("{space}: {text}").format(space=space, text=text)
        return words, rule

    def _about_choice(self, command: rc.Choose) -> str:
        choice = self.state.choice
        kind = choice.kind if choice is not None else ""
        if not command.option:
            return _("Take nothing of what the space offers.")
        if kind in ("teleport", "shift"):
            return _("Go to {space}, as the space you stand on offers.").format(
                space=self.name(command.option))
        if kind == "buy_wargear":
            return _("Pay influence for a wargear card, as the space offers.")
        if kind == "keep_wargear":
            return _("Keep this wargear card; the others are discarded.")
        if kind == "swap_wargear":
            return _("Discard this wargear card and draw a new one, as the space offers.")
        if kind == "swap_places":
            return _("Swap places with this player, as the space offers.")
        return _("Answer the choice the space offers.")
