"""A match: the initial state, the command log, snapshots for undo and redo, saves and replays.

A saved game is the setup (system, map, seed, options) plus the list of commands: loading replays
them with the same seeded dice, and the recorded digest of the final state proves the replay
reached the same place (a changed seed, command or rule is reported as a divergence).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.dice import Dice, DiceState, SeededDice
from game.rules.engine import saves
from game.rules.engine.commands import CommandFormatError
from game.rules.engine.errors import IllegalCommand, ReplayDiverged, SaveError
from game.rules.engine.events import Event
from game.rules.engine.protocol import Outcome, RuleSystem, Setup

MODES = ("teaching", "strict")
#: More commands than any game has; a save claiming more is refused before replaying.
MAX_COMMANDS = 100_000
#: The fields a save document and its setup may have (anything else means it was edited).
DOCUMENT_FIELDS = frozenset({"format", "version", "setup", "mode", "commands", "digest"})
SETUP_FIELDS = frozenset({"system", "map", "seed", "options", "players"})


def state_digest(system: RuleSystem, state: Any) -> str:
    """A fingerprint of a state, for replay checks (the system may supply its own)."""
    custom = getattr(system, "digest", None)
    text = custom(state) if callable(custom) else repr(state)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Step:
    """One accepted command with what it did, and what to return to on undo."""

    command: Any
    events: tuple[Event, ...]
    before: Any
    dice_before: DiceState
    rolled: bool  #: did resolving it roll any dice


class Match:
    def __init__(self, system: RuleSystem, setup: Setup, *, mode: str = "teaching",
                 dice: Dice | None = None, autosave: Path | None = None) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
        self.system = system
        self.setup = setup
        self.mode = mode
        self.dice: Dice = dice if dice is not None else SeededDice(setup.seed)
        self.autosave_path = autosave
        self.autosave_error = ""  #: why the last autosave failed, "" when it worked
        self.state = system.new_state(setup, self.dice)
        self.steps: list[Step] = []
        self._redo: list[Any] = []
        self.listeners: list[Callable[[Step], None]] = []

    # ------------------------------------------------------------------ play
    @property
    def commands(self) -> list[Any]:
        return [s.command for s in self.steps]

    @property
    def events(self) -> list[Event]:
        return [e for s in self.steps for e in s.events]

    def current_player(self) -> str | None:
        return self.system.current_player(self.state)

    def outcome(self) -> Outcome | None:
        return self.system.outcome(self.state)

    def submit(self, command: Any, *, _keep_redo: bool = False) -> tuple[Event, ...]:
        """Apply a command. On IllegalCommand nothing changes, dice included."""
        before, dice_before = self.state, self.dice.state()
        try:
            applied = self.system.apply(before, command, self.dice)
        except BaseException:
            self.dice.restore(dice_before)
            raise
        rolled = self.dice.state() != dice_before
        step = Step(command, applied.events, before, dice_before, rolled)
        self.state = applied.state
        self.steps.append(step)
        if not _keep_redo:
            self._redo.clear()
        self._autosave()
        for listener in self.listeners:
            listener(step)
        return applied.events

    # ------------------------------------------------------------------ undo
    def can_undo(self) -> tuple[bool, str]:
        if not self.steps:
            return False, "nothing to undo"
        if self.mode == "strict" and self.steps[-1].rolled:
            return False, "strict mode: dice were rolled, so this cannot be undone"
        return True, ""

    def undo(self) -> Step:
        ok, why = self.can_undo()
        if not ok:
            raise IllegalCommand("UNDO", why)
        step = self.steps.pop()
        self.state = step.before
        self.dice.restore(step.dice_before)
        self._redo.append(step.command)
        self._autosave()
        return step

    def rollback(self, count: int) -> None:
        """Take back the last ``count`` steps of a gesture that failed part-way (a group of
        commands whose later one was refused, see ``GroupedHistory``). Not a player's undo: strict
        mode does not refuse it even after a roll (the gesture as a whole never happened), and
        nothing goes to redo. Saves once at the end."""
        if not 0 <= count <= len(self.steps):
            raise ValueError(f"cannot roll back {count} of {len(self.steps)} steps")
        for _ in range(count):
            step = self.steps.pop()
            self.state = step.before
            self.dice.restore(step.dice_before)
        if count:
            self._autosave()

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> tuple[Event, ...]:
        if not self._redo:
            raise IllegalCommand("REDO", "nothing to redo")
        command = self._redo.pop()
        return self.submit(command, _keep_redo=True)

    # ------------------------------------------------------------------ saving
    def digest(self) -> str:
        return state_digest(self.system, self.state)

    def to_document(self) -> dict[str, Any]:
        return {
            "setup": self.setup.to_json(),
            "mode": self.mode,
            "commands": [self.system.commands.to_json(c) for c in self.commands],
            "digest": self.digest(),
        }

    def save(self, path: Path, *, durable: bool = True) -> None:
        saves.write_atomic(Path(path), saves.dump(self.to_document()), durable=durable)

    def _autosave(self) -> None:
        """Save after every command; a failure (disk full...) is kept, not raised: the command
        stands, the previous autosave is whole, and the screen can say why it did not save.
        Not synced to the disk (``write_atomic``'s ``durable``): it survives the program being
        killed, and a command's frame does not wait for the disk."""
        if self.autosave_path is None:
            return
        try:
            self.save(self.autosave_path, durable=False)
        except OSError as exc:
            self.autosave_error = f"{self.autosave_path}: {exc.strerror or exc}"
        else:
            self.autosave_error = ""

    @classmethod
    def load(cls, path: Path, systems: Callable[[str], RuleSystem], *,
             autosave: Path | None = None, check_digest: bool = True) -> Match:
        """Replay a save. ``systems`` maps a system name to its rule system."""
        where = str(path)
        doc = saves.read(Path(path))
        return cls.from_document(doc, systems, where=where, autosave=autosave,
                                 check_digest=check_digest)

    @classmethod
    def from_document(cls, doc: dict[str, Any], systems: Callable[[str], RuleSystem], *,
                      where: str = "<save>", autosave: Path | None = None,
                      check_digest: bool = True) -> Match:
        """Replay a save document. Any fault is a SaveError (a ReplayDiverged when the commands
        do not replay to the recorded state); nothing is written while loading."""
        setup_doc = doc.get("setup")
        if not isinstance(setup_doc, dict):
            raise SaveError(where, "has no setup")
        for fields, known, what in ((doc, DOCUMENT_FIELDS, ""), (setup_doc, SETUP_FIELDS, " in its setup")):
            unknown = sorted(set(fields) - known)
            if unknown:
                shown = ", ".join(repr(k)[:40] for k in unknown[:5])
                raise SaveError(where, f"has unknown field(s) {shown}{what}: the save was edited or "
                                "made by another program")
        try:
            name = setup_doc["system"]
            seed = setup_doc["seed"]
            if not isinstance(name, str) or not isinstance(seed, int) or isinstance(seed, bool):
                raise TypeError
            map_name = setup_doc.get("map", "")
            options = setup_doc.get("options", {})
            players = setup_doc.get("players", [])
            if (not isinstance(map_name, str) or not isinstance(options, dict)
                    or not isinstance(players, list) or not all(isinstance(p, str) for p in players)):
                raise TypeError
            setup = Setup(name, map_name, seed, options, tuple(players))
        except (KeyError, TypeError):
            raise SaveError(where, "has a malformed setup (system, seed, map, options, players)") from None
        try:
            system = systems(name)
        except KeyError:
            raise SaveError(where, f"is for an unknown rule system {name!r}") from None
        mode = doc.get("mode", "teaching")
        if mode not in MODES:
            raise SaveError(where, f"has an unknown mode {mode!r}")
        commands = doc.get("commands")
        if not isinstance(commands, list):
            raise SaveError(where, "has no command list")
        if len(commands) > MAX_COMMANDS:
            raise SaveError(where, f"has {len(commands)} commands, more than the {MAX_COMMANDS} a "
                            "game can have")
        recorded = doc.get("digest")
        if check_digest and not (isinstance(recorded, str) and len(recorded) == 64):
            raise SaveError(where, "has no digest of its final state, so its replay cannot be "
                            "checked (the save was edited or cut short)")
        try:
            match = cls(system, setup, mode=mode)
        except Exception as exc:  # any fault of the setup: a missing map, options of a wrong type...
            raise SaveError(where, f"cannot start the game it describes: {_reason(exc)}") from None
        for i, data in enumerate(commands):
            try:
                command = system.commands.from_json(data)
                match.submit(command)
            except CommandFormatError as exc:
                raise SaveError(where, f"command {i + 1}: {exc}") from None
            except IllegalCommand as exc:
                raise ReplayDiverged(where, f"command {i + 1} is not legal on replay ({exc}); "
                                     "the save was edited or made with other rules") from None
            except Exception as exc:  # the rules failed on a command that fits its type
                raise ReplayDiverged(where, f"command {i + 1} could not be replayed "
                                     f"({_reason(exc)}); the save was edited or made with other "
                                     "rules") from None
        if check_digest and recorded != match.digest():
            raise ReplayDiverged(where, "replaying the commands did not reach the saved state "
                                 "(changed seed, command or rules)")
        match.autosave_path = autosave
        return match


def _reason(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
