"""A tiny dice game ("Pig") that exercises the engine without a real rule system."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.core.dice import Dice
from game.rules.engine import Applied, CommandSet, Event, IllegalCommand, Outcome, Setup


@dataclass(frozen=True)
class Roll:
    player: str


@dataclass(frozen=True)
class Hold:
    player: str


@dataclass(frozen=True)
class Note:
    """A command without dice, with every field type the codec handles."""

    player: str
    text: str = ""
    weight: float = 0.0
    tags: tuple[str, ...] = ()
    target: int | None = None


@dataclass(frozen=True)
class PigState:
    players: tuple[str, ...]
    scores: tuple[int, ...]
    turn: int
    pot: int
    goal: int


class Pig:
    name = "pig"
    commands = CommandSet([Roll, Hold, Note])

    def new_state(self, setup: Setup, dice: Dice) -> PigState:
        players = setup.players or ("a", "b")
        return PigState(players, (0,) * len(players), 0, 0, int(setup.options.get("goal", 20)))

    def current_player(self, state: PigState) -> str | None:
        return None if self.outcome(state) else state.players[state.turn]

    def outcome(self, state: PigState) -> Outcome | None:
        for p, s in zip(state.players, state.scores, strict=True):
            if s >= state.goal:
                return Outcome((p,), "goal")
        return None

    def legal_commands(self, state: PigState) -> list[object]:
        p = self.current_player(state)
        return [] if p is None else [Roll(p), Hold(p)]

    def check(self, state: PigState, command: object) -> None:
        player = getattr(command, "player", None)
        if self.outcome(state):
            raise IllegalCommand("PIG-END", "the game is over")
        if player != state.players[state.turn]:
            raise IllegalCommand("PIG-TURN", f"it is {state.players[state.turn]}'s turn")
        if not isinstance(command, Roll | Hold | Note):
            raise IllegalCommand("PIG-0", f"unknown command {command!r}")

    def apply(self, state: PigState, command: object, dice: Dice) -> Applied:
        self.check(state, command)
        player = getattr(command, "player", None)
        if isinstance(command, Roll):
            (face,) = dice.roll(1)
            if face == 1:
                nxt = replace(state, turn=(state.turn + 1) % len(state.players), pot=0)
                return Applied(nxt, (Event.of("pig.bust", ["PIG-1"], player, face=face),))
            return Applied(replace(state, pot=state.pot + face),
                           (Event.of("pig.roll", ["PIG-2"], player, face=face),))
        if isinstance(command, Hold):
            scores = list(state.scores)
            scores[state.turn] += state.pot
            nxt = replace(state, scores=tuple(scores), pot=0, turn=(state.turn + 1) % len(state.players))
            return Applied(nxt, (Event.of("pig.hold", ["PIG-3"], player, banked=state.pot),))
        if isinstance(command, Note):
            return Applied(state, (Event.of("pig.note", ["PIG-4"], player, text=command.text),))
        raise IllegalCommand("PIG-0", f"unknown command {command!r}")

    def invariants(self, state: PigState) -> list[str]:
        return [] if state.pot >= 0 and all(s >= 0 for s in state.scores) else ["negative score"]

    def explain(self, event: Event, lang: str = "en") -> str:
        return f"{event.actor}: {event.kind} {dict(event.values)}"


def systems(name: str) -> Pig:
    if name != "pig":
        raise KeyError(name)
    return Pig()
