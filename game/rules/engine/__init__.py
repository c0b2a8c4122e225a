"""The rules engine shared by the four rule systems: commands, events, dice, match, saves."""

from game.core.dice import Dice, DiceState, ScriptedDice, SeededDice
from game.rules.engine.commands import CommandFormatError, CommandSet
from game.rules.engine.dispatch import Dispatch, Handler, accepts
from game.rules.engine.errors import IllegalCommand, ReplayDiverged, SaveError
from game.rules.engine.events import Event
from game.rules.engine.match import Match, Step, state_digest
from game.rules.engine.protocol import Applied, Outcome, RuleSystem, Setup

__all__ = ["Applied", "accepts", "CommandFormatError", "CommandSet", "Dice", "DiceState", "Dispatch", "Event", "Handler",
           "IllegalCommand", "Match", "Outcome", "ReplayDiverged", "RuleSystem", "SaveError",
           "ScriptedDice", "SeededDice", "Setup", "Step", "state_digest"]
