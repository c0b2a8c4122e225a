"""A Relic match as its play screen uses it: commands, undo and redo, the AI's choice, saves and
the log in words. Plain Python, no pygame (the Relic variant of ``session.py``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.dice import Dice
from game.rules import registry
from game.rules.engine import Event, IllegalCommand, Match, SaveError, Setup
from game.rules.engine.selfplay import greedy_policy
from game.rules.relic import data
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
from game.rules.relic.game import MAPS_DIR, Relic
from game.rules.relic.state import RelicState
from game.ui.play.names import split_rules

SEATS = ("player1", "player2", "player3", "player4")


def map_setting(map_path: Path) -> str:
    path = Path(map_path).resolve()
    try:
        return str(path.relative_to(MAPS_DIR.resolve()))
    except ValueError:
        return str(path)


def new_relic_match(map_path: Path, players: int = 4, seed: int | None = None, *,
                    autosave: Path | None = None, dice: Dice | None = None) -> Match:
    """A Relic match for ``players`` (2 to 4) seats on the map."""
    if not 1 <= players <= len(SEATS):
        raise ValueError(f"Relic is for 1 to {len(SEATS)} players, not {players}")
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else seed
    setup = Setup("relic", map_setting(map_path), seed, players=SEATS[:players])
    return Match(registry.get("relic"), setup, autosave=autosave, dice=dice)


@dataclass(frozen=True)
class Done:
    ok: bool
    events: tuple[Event, ...] = ()
    reason: str = ""


@dataclass(frozen=True)
class LogLine:
    number: int
    actor: str
    text: str
    rules: str


def player_label(player: str) -> str:
    return player.replace("player", "Player ") if player.startswith("player") else player


class RelicSession:
    def __init__(self, match: Match, *, ai_sides: Sequence[str] = (), ai_seed: int = 7,
                 lang: str = "en") -> None:
        if not isinstance(match.system, Relic):
            raise TypeError("the Relic play screen needs a Relic match")
        self.match = match
        self.system: Relic = match.system
        self.ai_sides: set[str] = {s for s in ai_sides if s in match.state.seats}
        self.lang = lang
        self._rng = random.Random(ai_seed)
        self.revision = 0
        self._log: tuple[int, list[LogLine]] | None = None

    @property
    def state(self) -> RelicState:
        return self.match.state

    def to_play(self) -> str | None:
        return self.match.current_player()

    def ai_to_play(self) -> bool:
        p = self.to_play()
        return p is not None and p in self.ai_sides

    def legal(self) -> list[Any]:
        return list(self.system.legal_commands(self.state))

    def submit(self, command: Any) -> Done:
        try:
            events = self.match.submit(command)
        except IllegalCommand as exc:
            return Done(False, reason=f"{exc.rule_id}: {exc.reason}")
        self.revision += 1
        return Done(True, tuple(events))

    def undo(self) -> str:
        ok, why = self.match.can_undo()
        if not ok:
            return why
        self.match.undo()
        self.revision += 1
        return ""

    def undo_turn(self) -> str:
        """Undo the last human command and the AI's commands after it."""
        steps = self.match.steps
        ai = self.ai_sides if len(self.ai_sides) < len(self.state.seats) else set()
        while steps and ai and self.system.current_player(steps[-1].before) in ai:
            if self.undo():
                break
        return self.undo()

    def redo(self) -> Done:
        if not self.match.can_redo():
            return Done(False, reason="nothing to redo")
        try:
            events = self.match.redo()
        except IllegalCommand as exc:
            return Done(False, reason=f"{exc.rule_id}: {exc.reason}")
        self.revision += 1
        return Done(True, tuple(events))

    def ai_command(self) -> Any | None:
        legal = self.legal()
        return greedy_policy(self.system, self.state, legal, self._rng) if legal else None

    def save(self, path: Path) -> None:
        self.match.save(path)

    @classmethod
    def load(cls, path: Path, *, autosave: Path | None = None, ai_sides: Sequence[str] = (),
             lang: str = "en") -> RelicSession:
        match = Match.load(path, registry.get, autosave=autosave)
        if not isinstance(match.system, Relic):
            raise SaveError(str(path), f"is a {match.setup.system} game, not Relic")
        return cls(match, ai_sides=ai_sides, lang=lang)

    # ------------------------------------------------------------------ words
    def explain(self, event: Event) -> tuple[str, str]:
        text = self.system.explain(event, self.lang)
        for p in self.state.seats:
            text = text.replace(p, player_label(p))
        return split_rules(text)

    def log(self) -> list[LogLine]:
        """Every event so far in words, newest first."""
        if self._log is not None and self._log[0] == self.revision:
            return self._log[1]
        out: list[LogLine] = []
        for i, step in enumerate(self.match.steps):
            for e in step.events:
                text, rules = self.explain(e)
                out.append(LogLine(i + 1, e.actor, text, rules))
        out.reverse()
        self._log = (self.revision, out)
        return out

    def label(self, command: Any) -> str:
        """A command in words for its button."""
        st = self.state
        hero = st.active_hero
        if isinstance(command, RollMove):
            return "Roll to move"
        if isinstance(command, Move):
            return f"Go to {data.name(command.to, self.lang)}"
        if isinstance(command, Choose):
            if not command.option:
                return "Decline"
            offered = {i.uid: i.id for i in (st.choice.offered if st.choice else ()) + hero.items}
            if command.option in st.seats:
                return f"Swap with {player_label(command.option)}"
            ident = offered.get(command.option, command.option)
            return f"Choose {data.name(ident, self.lang)}"
        if isinstance(command, Fight):
            card = next((c for c in st.cards_on(hero.space) if c.uid == command.enemy), None)
            name = data.name(card.id, self.lang) if card else command.enemy
            return f"Fight {name}" + (f" ({card.attribute[:3]} {card.value})" if card else "")
        if isinstance(command, Prepare):
            named = {i.uid: i.id for i in hero.items} | {c.uid: c.id for c in hero.hand}
            used = [data.name(named.get(u, u), self.lang) for u in command.items + command.cards]
            return "Prepare: " + (", ".join(used) if used else "nothing")
        if isinstance(command, RollForEnemy):
            return "Roll for the enemy"
        if isinstance(command, RollBattle):
            return "Roll battle dice"
        if isinstance(command, ChangeDie):
            how = dict(self.system.change_sources(st)).get(command.source, "")
            src = "ability" if command.source == "ability" else next(
                (data.name(c.id, self.lang) for c in hero.hand if c.uid == command.source), command.source)
            return f"{how} die {command.index + 1} ({src})"
        if isinstance(command, Score):
            return "Count the scores"
        if isinstance(command, Meet):
            card = next((c for c in st.cards_on(hero.space) if c.uid == command.card), None)
            return f"Meet {data.name(card.id, self.lang) if card else command.card}"
        if isinstance(command, EndTurn):
            return "End turn"
        if isinstance(command, RollTest):
            return "Roll the test"
        return type(command).__name__
