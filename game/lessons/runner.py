"""The lesson's runner: which step the player is on, whether an input is the one the step waits
for, and what the rules did once it is done.

The screen turns the player's gesture into commands as it always does; before they reach the
match, ``check`` holds them against the step: the commands must match its patterns, and, played
on a scratch copy of the state with a copy of the lesson's dice, they must give the outcome the
step names (a move that ends touching the crate, say). Anything else is refused with the step's
gentle hint, and nothing changes: not the state, not the dice. Once the match has taken the
commands, ``done`` reads the events: the rule IDs they cite, and the rule book's entries for
the ones the step teaches (``rulebook(system, lang).entry(id)``). A step whose ``then`` names
the program's reply (a game master's turn) waits for it (``Phase.WATCH``): each of the
program's commands is held against its pattern and the rules in the same way, and the step is
done once the last is in, its report telling all of it. Plain Python, no pygame.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from game.lessons.model import Lesson, Step
from game.rules.engine import Event, IllegalCommand, Match
from game.rules.engine.rulebook import RuleEntry, rulebook


class Phase(Enum):
    DO = "do"  #: waiting for the step's input
    WATCH = "watch"  #: the input is in: waiting for the program's reply (the step's ``then``)
    DONE = "done"  #: the step is done: what the rules did shows until the player goes on
    END = "end"  #: every step is done: the lesson offers the full scenario


@dataclass(frozen=True)
class Verdict:
    """Is an input the step's? When not: the step's hint in the reader's language, and the
    rules' own reason when they refused it (a rule ID and a key)."""

    ok: bool
    hint: str = ""
    refused: IllegalCommand | None = None

    def __bool__(self) -> bool:
        return self.ok


@dataclass(frozen=True)
class Report:
    """What the rules did in a step: the events, every rule ID they cite (in order, once each),
    the rule book's entries the step teaches in full, and the other cited rules with the entry
    that explains each (None when the rule book has none)."""

    step: Step
    events: tuple[Event, ...]
    cited: tuple[str, ...]
    taught: tuple[RuleEntry, ...]
    also: tuple[tuple[str, RuleEntry | None], ...]


def cited_rules(events: Sequence[Event]) -> tuple[str, ...]:
    """Every rule ID the events cite, in the order they cite them, each once."""
    return tuple(dict.fromkeys(r for e in events for r in e.rules))


class LessonRunner:
    """One lesson played on one match (the match changes only through the screen's session)."""

    def __init__(self, lesson: Lesson, match: Match) -> None:
        self.lesson = lesson
        self.match = match
        self.index = 0
        self.phase = Phase.DO
        self.report: Report | None = None
        #: the events of the step so far (the player's input, the program's replies)
        self.events: list[Event] = []
        self.replies = 0  #: the program's replies in so far

    @property
    def step(self) -> Step:
        return self.lesson.steps[min(self.index, len(self.lesson.steps) - 1)]

    @property
    def total(self) -> int:
        return len(self.lesson.steps)

    # ------------------------------------------------------------------ the step's input
    def check(self, commands: Sequence[Any], lang: str = "en") -> Verdict:
        """Is the group ``commands`` (one gesture's) the input the step waits for? Nothing
        changes either way."""
        step = self.step
        hint = step.hint(lang)
        if self.phase is Phase.WATCH:  # only the program's next reply
            reply = step.then[self.replies]
            if len(commands) != 1 or not reply.matches(commands[0]):
                return Verdict(False, hint)
            events = self.rehearse(commands)
            if isinstance(events, IllegalCommand):
                return Verdict(False, hint, events)
            return Verdict(True)
        if self.phase is not Phase.DO:
            return Verdict(False)
        if not step.accepts(commands):
            return Verdict(False, hint)
        events = self.rehearse(commands)
        if isinstance(events, IllegalCommand):
            return Verdict(False, hint, events)
        if not all(o.found_in(events) for o in step.outcome):
            return Verdict(False, hint)
        return Verdict(True)

    @property
    def watching(self) -> bool:
        """Is the step waiting for the program's reply?"""
        return self.phase is Phase.WATCH

    def rehearse(self, commands: Sequence[Any]) -> tuple[Event, ...] | IllegalCommand:
        """The events ``commands`` would give now, played on the state with a copy of the
        match's dice (the same faces come up); the refusal when the rules refuse one."""
        system = self.match.system
        state = self.match.state
        dice = copy.deepcopy(self.match.dice)
        events: list[Event] = []
        try:
            for command in commands:
                applied = system.apply(state, command, dice)
                state = applied.state
                events += applied.events
        except IllegalCommand as exc:
            return exc
        return tuple(events)

    # ------------------------------------------------------------------ after the input
    def done(self, events: Sequence[Event], lang: str = "en") -> Report:
        """The match took the step's input (or the program's reply) and gave ``events``: what
        the rules did in the step so far. The step is done when no reply is still due."""
        if self.phase is Phase.WATCH:
            self.replies += 1
        elif self.phase is Phase.DO:
            self.events, self.replies = [], 0
        self.events += events
        self.report = self.explain(self.step, self.events, lang)
        self.phase = Phase.WATCH if self.replies < len(self.step.then) else Phase.DONE
        return self.report

    def explain(self, step: Step, events: Sequence[Event], lang: str = "en") -> Report:
        book = rulebook(self.lesson.system, lang)
        cited = cited_rules(events)
        taught: list[RuleEntry] = []
        for rule in step.teach:
            entry = book.entry(rule)
            if entry is not None and entry not in taught:
                taught.append(entry)
        also = tuple((r, book.entry(r)) for r in cited
                     if r not in step.teach and book.entry(r) not in taught)
        return Report(step, tuple(events), cited, tuple(taught), also)

    def relabel(self, lang: str) -> None:
        """The report again in ``lang`` (the reader switched languages)."""
        if self.report is not None:
            self.report = self.explain(self.report.step, self.report.events, lang)

    def next(self) -> Phase:
        """On to the next step (or the end) once the player has read what happened."""
        if self.phase is Phase.DONE:
            self.index += 1
            self.report = None
            self.events, self.replies = [], 0
            self.phase = Phase.DO if self.index < self.total else Phase.END
        return self.phase

    @property
    def finished(self) -> bool:
        return self.phase is Phase.END
