"""A lesson as data: the guided first game of a rule system, read from ``data/<system>.json``.

A lesson is a small scenario (a shipped map, its setup adjusted, scripted dice) and 8 to 15
steps. Each step says what to do and why, names the input it waits for (the commands it accepts,
as patterns, and what their result must show), where the screen points (a drag from a piece to
another, or a button of the action bar), the gentle hint given for any other input, and the
rules it teaches (whose text the rule book gives). Every text is in English and Russian. The
lessons are data, not code per lesson: the runner (``runner.py``) plays any of them. The file::

    {"system": "one_for_all", "map": "tavern.tmx", "dice": [6, 1, 5, ...],
     "focus": [0, 320, 457, 610],
     "setup": {"place": {"porthos": [110, 405]}},
     "title": {"en": "...", "ru": "..."}, "intro": {...}, "outro": {...},
     "steps": [{"id": "run", "title": {...}, "do": {...}, "hint": {...},
                "expect": [{"command": "Activate", "figure": "porthos", "optional": true},
                           {"command": "Move", "figure": "porthos"}],
                "outcome": [{"kind": "ofa.move", "touched": "45"}],
                "point": {"drag": ["porthos", "45"]},
                "teach": ["OFA-2B.1", "OFA-2B.2"]}]}

``expect``: the commands of the group one gesture gives, in order (``optional`` ones may be
missing); a pattern names the command's class and the fields that must be equal (lists are
tuples). ``outcome``: events the group's result must hold (its ``kind`` and values; a number
may be a range ``{"min": a, "max": b}``, for a drag's direction or length).
``point``: ``{"drag": [from, to]}`` (the ids of two things on the table), ``{"click": id}`` (a
thing on the table: a space, a cell, a piece) or ``{"button": pattern}`` (``true``: the last
pattern of ``expect``); a button whose choice is finished on the table (a template to lay, a point to
fire at) names where: ``{"button": pattern, "aim": id or [x, y]}``. ``players``: the seats
of the match, when the game asks (Relic's). ``teach``: rule IDs whose text the step
shows in full (each must be one the step's events cite). ``then``: the commands the program
gives in reply, one at a time, that belong to the step (a game master's turn after the
player's End turn): the screen waits while the program plays them, each is held against its
pattern and the rules like the player's input, and the step is done, with their events in
what it shows, once the last is in. Plain Python, no pygame.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.rules.engine import Event

DATA_DIR = Path(__file__).resolve().parent / "data"
LANGS = ("en", "ru")
MIN_STEPS, MAX_STEPS = 8, 15
#: the systems in the order the menu lists their lessons
SYSTEMS = ("one_for_all", "helldorado", "mice_and_mystics", "relic")


class LessonError(ValueError):
    """A lesson file that does not follow the format (names the file and the place)."""


@dataclass(frozen=True)
class Words:
    """One text in every language of the program."""

    en: str
    ru: str

    def __call__(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


def _frozen(value: Any) -> Any:
    """JSON values as a command's fields hold them: lists as tuples."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


@dataclass(frozen=True)
class Pattern:
    """A command the step accepts: its class name and the fields that must be equal."""

    command: str
    fields: tuple[tuple[str, Any], ...] = ()
    optional: bool = False

    def matches(self, command: Any) -> bool:
        if type(command).__name__ != self.command:
            return False
        return all(_frozen(getattr(command, name, object())) == value
                   for name, value in self.fields)

    @property
    def data(self) -> dict[str, Any]:
        return dict(self.fields)


@dataclass(frozen=True)
class Outcome:
    """An event the step's result must hold: its kind and some of its values (``actor``: the
    event's actor)."""

    kind: str
    values: tuple[tuple[str, Any], ...] = ()

    def found_in(self, events: Sequence[Event]) -> bool:
        return any(e.kind == self.kind and all(
            _holds(v, e.actor if k == "actor" else _frozen(e.data.get(k)))
            for k, v in self.values) for e in events)


@dataclass(frozen=True)
class Between:
    """An outcome's number that may lie anywhere from ``low`` to ``high`` (a drag's direction
    or length: the player's hand is not exact)."""

    low: float = float("-inf")
    high: float = float("inf")


def _holds(wanted: Any, value: Any) -> bool:
    if isinstance(wanted, Between):
        return isinstance(value, int | float) and wanted.low <= value <= wanted.high
    return bool(value == wanted)


@dataclass(frozen=True)
class Point:
    """Where the screen points for a step: a drag between two things on the table
    (``drag``: their ids), a thing on the table to click (``click``: its id) or a button of the
    action bar (``button``: the command it gives; with ``aim``, what it puts in hand is then
    laid or fired at a thing or a point of the table)."""

    drag: tuple[str, str] | None = None
    button: Pattern | None = None
    click: str | None = None  #: a space, a cell or a piece
    #: where on the table the button's choice is finished (a template laid, a blast aimed):
    #: a thing's id or a point [x, y] in the game's units
    aim: str | tuple[float, float] | None = None


@dataclass(frozen=True)
class Step:
    id: str
    title: Words
    do: Words  #: what to do and why
    hint: Words  #: said, gently, for any other input
    expect: tuple[Pattern, ...]
    point: Point
    outcome: tuple[Outcome, ...] = ()
    teach: tuple[str, ...] = ()
    done: Words | None = None  #: the lesson's own words once the step is done
    #: the program's commands in reply to the player's input, in order, one per group
    then: tuple[Pattern, ...] = ()

    def accepts(self, commands: Sequence[Any]) -> bool:
        """Do ``commands`` (one gesture's group) match the expected patterns in order?"""
        return _match(self.expect, tuple(commands))


def _match(patterns: tuple[Pattern, ...], commands: tuple[Any, ...]) -> bool:
    if not patterns:
        return not commands
    first, rest = patterns[0], patterns[1:]
    if commands and first.matches(commands[0]) and _match(rest, commands[1:]):
        return True
    return first.optional and _match(rest, commands)


@dataclass(frozen=True)
class Lesson:
    system: str
    map: str
    title: Words
    intro: Words
    outro: Words
    dice: tuple[int, ...]
    steps: tuple[Step, ...]
    #: how the lesson changes the map's setup (read by ``setups.py``, one reader per system)
    setup: Mapping[str, Any]
    #: the match's options (the rule system's own)
    options: Mapping[str, Any]
    #: the part of the table the screen shows at first (left, top, right, bottom in the
    #: game's units), None: the whole table
    focus: tuple[float, float, float, float] | None = None
    #: the match's seats, when the game takes them from the setup (Relic's players)
    players: tuple[str, ...] = ()


# ------------------------------------------------------------------ reading
def _words(raw: Any, where: str) -> Words:
    if not isinstance(raw, dict) or any(not isinstance(raw.get(k), str) or not raw[k].strip()
                                        for k in LANGS):
        raise LessonError(f"{where}: a text needs both languages ({', '.join(LANGS)})")
    return Words(raw["en"], raw["ru"])


def _pattern(raw: Any, where: str) -> Pattern:
    if not isinstance(raw, dict) or not isinstance(raw.get("command"), str):
        raise LessonError(f"{where}: a pattern is {{\"command\": \"Name\", field: value...}}")
    rest = {k: _frozen(v) for k, v in raw.items() if k not in ("command", "optional")}
    return Pattern(raw["command"], tuple(sorted(rest.items())), bool(raw.get("optional", False)))


def _outcome(raw: Any, where: str) -> Outcome:
    if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
        raise LessonError(f"{where}: an outcome is {{\"kind\": \"event.kind\", value: ...}}")
    rest = {k: _between(v, f"{where}.{k}") if isinstance(v, dict) else _frozen(v)
            for k, v in raw.items() if k != "kind"}
    return Outcome(raw["kind"], tuple(sorted(rest.items())))


def _between(raw: dict[str, Any], where: str) -> Between:
    if not raw or set(raw) - {"min", "max"} or not all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in raw.values()):
        raise LessonError(f"{where}: a range is {{\"min\": number, \"max\": number}}")
    return Between(float(raw.get("min", float("-inf"))), float(raw.get("max", float("inf"))))


def _aim(raw: Any, where: str) -> str | tuple[float, float]:
    if isinstance(raw, str) and raw:
        return raw
    if isinstance(raw, list) and len(raw) == 2 and all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in raw):
        return (float(raw[0]), float(raw[1]))
    raise LessonError(f"{where}: aim is a thing's id or a point [x, y]")


def _point(raw: Any, expect: tuple[Pattern, ...], where: str) -> Point:
    if isinstance(raw, dict) and isinstance(raw.get("drag"), list) and len(raw["drag"]) == 2 \
            and all(isinstance(x, str) for x in raw["drag"]):
        return Point(drag=(raw["drag"][0], raw["drag"][1]))
    if isinstance(raw, dict) and isinstance(raw.get("click"), str):
        return Point(click=raw["click"])
    if isinstance(raw, dict) and raw.get("button") is True and expect:
        return Point(button=expect[-1])
    if isinstance(raw, dict) and isinstance(raw.get("button"), dict):
        aim = _aim(raw["aim"], f"{where}.aim") if "aim" in raw else None
        return Point(button=_pattern(raw["button"], f"{where}.button"), aim=aim)
    raise LessonError(f"{where}: point is {{\"drag\": [from, to]}}, {{\"click\": id}} or "
                      "{\"button\": ...}")


def _step(raw: Any, where: str) -> Step:
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
        raise LessonError(f"{where}: a step needs an id")
    where = f"{where} ({raw['id']})"
    expect = raw.get("expect")
    if not isinstance(expect, list) or not expect:
        raise LessonError(f"{where}: expect lists the commands the step waits for")
    patterns = tuple(_pattern(p, f"{where}.expect[{i}]") for i, p in enumerate(expect))
    outcome = tuple(_outcome(o, f"{where}.outcome[{i}]")
                    for i, o in enumerate(raw.get("outcome", [])))
    teach = raw.get("teach", [])
    if not isinstance(teach, list) or not all(isinstance(t, str) for t in teach):
        raise LessonError(f"{where}: teach lists rule IDs")
    done = _words(raw["done"], f"{where}.done") if "done" in raw else None
    then = raw.get("then", [])
    if not isinstance(then, list):
        raise LessonError(f"{where}: then lists the commands the program gives in reply")
    replies = tuple(_pattern(p, f"{where}.then[{i}]") for i, p in enumerate(then))
    if any(p.optional for p in replies):
        raise LessonError(f"{where}: the program's replies are never optional")
    return Step(raw["id"], _words(raw.get("title"), f"{where}.title"),
                _words(raw.get("do"), f"{where}.do"), _words(raw.get("hint"), f"{where}.hint"),
                patterns, _point(raw.get("point"), patterns, f"{where}.point"), outcome,
                tuple(teach), done, replies)


def parse_lesson(raw: Any, where: str = "lesson") -> Lesson:
    """A lesson from its JSON document; LessonError names what is wrong."""
    if not isinstance(raw, dict):
        raise LessonError(f"{where}: a lesson is a JSON object")
    for key in ("system", "map"):
        if not isinstance(raw.get(key), str) or not raw[key]:
            raise LessonError(f"{where}: {key} is missing")
    dice = raw.get("dice")
    if not isinstance(dice, list) or not all(isinstance(d, int) and not isinstance(d, bool)
                                             and d >= 1 for d in dice):
        raise LessonError(f"{where}: dice lists the faces the lesson rolls, in order")
    steps = raw.get("steps")
    if not isinstance(steps, list) or not MIN_STEPS <= len(steps) <= MAX_STEPS:
        raise LessonError(f"{where}: a lesson has {MIN_STEPS} to {MAX_STEPS} steps")
    parsed = tuple(_step(s, f"{where}: step {i + 1}") for i, s in enumerate(steps))
    ids = [s.id for s in parsed]
    if len(set(ids)) != len(ids):
        raise LessonError(f"{where}: two steps have the same id")
    setup, options = raw.get("setup", {}), raw.get("options", {})
    if not isinstance(setup, dict) or not isinstance(options, dict):
        raise LessonError(f"{where}: setup and options are JSON objects")
    focus = raw.get("focus")
    if focus is not None and not (isinstance(focus, list) and len(focus) == 4 and all(
            isinstance(v, int | float) for v in focus) and focus[0] < focus[2]
            and focus[1] < focus[3]):
        raise LessonError(f"{where}: focus is [left, top, right, bottom]")
    players = raw.get("players", [])
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise LessonError(f"{where}: players lists the seats")
    return Lesson(raw["system"], raw["map"], _words(raw.get("title"), f"{where}: title"),
                  _words(raw.get("intro"), f"{where}: intro"),
                  _words(raw.get("outro"), f"{where}: outro"), tuple(dice), parsed, setup,
                  options, (float(focus[0]), float(focus[1]), float(focus[2]), float(focus[3]))
                  if focus else None, tuple(players))


def lesson_path(system: str) -> Path:
    return DATA_DIR / f"{system}.json"


def available() -> tuple[str, ...]:
    """The systems that have a lesson, in the menu's order."""
    return tuple(s for s in SYSTEMS if lesson_path(s).is_file())


@cache
def load_lesson(system: str) -> Lesson:
    """The lesson of ``system``; KeyError when it has none, LessonError when it is malformed."""
    path = lesson_path(system)
    if not path.is_file():
        raise KeyError(f"no lesson for {system!r}; lessons: {', '.join(available()) or 'none'}")
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise LessonError(f"{path}: {exc}") from exc
    lesson = parse_lesson(raw, str(path))
    if lesson.system != system:
        raise LessonError(f"{path}: the lesson is for {lesson.system!r}, not {system!r}")
    return lesson


def command_fields(command: Any) -> dict[str, Any]:
    """A command's fields by name (for words and tests)."""
    if is_dataclass(command) and not isinstance(command, type):
        return {f.name: getattr(command, f.name) for f in fields(command)}
    return {}
