"""Words for what the player sees: figures and scenery by name, commands and events in English.

The rules speak in ids (``guard_1``, terrain piece ``"12"``, board side ``"y_max"``); the screen
speaks in names (Guard 1, long table, the south edge of the table). Plain Python, no pygame.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from game.board.model import Board
from game.rules.engine import Event
from game.rules.one_for_all.commands import Act, Activate, AllocateHits, Duel, Move, Stop
from game.rules.one_for_all.state import OFAState

EDGE_NAMES = {
    "x_min": "the west edge of the table",
    "y_min": "the north edge of the table",
    "x_max": "the east edge of the table",
    "y_max": "the south edge of the table",
}
COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north",
           "north-east")
ATTACK_WORDS = {"punch": "Punch", "kick": "Kick", "slap": "Slap", "shove": "Shove",
                "insult": "Insult"}


def compass(angle_deg: float) -> str:
    """Degrees clockwise from east (y down the screen) as a compass word."""
    return COMPASS[round((angle_deg % 360.0) / 45.0) % 8]


def side_title(side: str) -> str:
    """``"cardinal"`` -> ``"Cardinal"``; ``"red_team"`` -> ``"Red team"``."""
    text = side.replace("_", " ").strip()
    return text[:1].upper() + text[1:] if text else "nobody"


def split_rules(line: str) -> tuple[str, str]:
    """``"text [OFA-1, OFA-2]"`` -> ``("text", "OFA-1, OFA-2")``."""
    if line.endswith("]") and " [" in line:
        text, _, rules = line.rpartition(" [")
        return text, rules[:-1]
    return line, ""


class Names:
    """Names of the figures, the terrain pieces and the sides of one table."""

    def __init__(self, board: Board | None, state: OFAState) -> None:
        self.figures = {f.id: f.name for f in state.figures}
        self.solids: dict[str, str] = {}
        self.kinds: dict[str, str] = {}
        for piece in board.terrain if board is not None else ():
            self.solids[str(piece.id)] = piece.name or piece.kind or f"piece {piece.id}"
            self.kinds[str(piece.id)] = piece.kind
        self.sides = {s: side_title(s) for s in state.sides}

    def of(self, ident: str) -> str:
        """The name of a figure, a terrain piece, a board edge or a side (the id when unknown)."""
        for table in (self.figures, self.solids, EDGE_NAMES, self.sides):
            if ident in table:
                return table[ident]
        return ident

    def side(self, side: str) -> str:
        return self.sides.get(side, side_title(side))

    # ------------------------------------------------------------------ events
    def _known(self, value: str) -> bool:
        return value in self.figures or value in self.solids or value in EDGE_NAMES \
            or value in self.sides

    def _value(self, value: Any) -> Any:
        """Ids become names; a list of ids becomes words; other values keep their shape."""
        if isinstance(value, str):
            return self.of(value) if self._known(value) else value
        if isinstance(value, tuple) and value and all(isinstance(v, str) and self._known(v)
                                                      for v in value):
            return ", ".join(self.of(v) for v in value)
        if isinstance(value, tuple) and value and all(isinstance(v, int) for v in value):
            return ", ".join(str(v) for v in value)  # dice faces: "4, 1, 6"
        if isinstance(value, tuple) and value and all(isinstance(v, tuple) for v in value):
            # roll-offs ((3, 5), (4, 4)) and hit shares (("guard_1", 2), ...)
            parts = []
            for v in value:
                if len(v) == 2 and isinstance(v[0], str):
                    parts.append(f"{self._value(v[0])}: {v[1]}")
                else:
                    parts.append("(" + ", ".join(str(x) for x in v) + ")")
            return ", ".join(parts)
        return value

    def event(self, event: Event) -> Event:
        """The event with ids replaced by names and lists joined into words (for ``explain``)."""
        keep = {"table", "touched_kind", "reason", "rows"}
        values = tuple((k, v if k in keep else str(v).replace("_", " ") if k == "kind"
                        else self._value(v)) for k, v in event.values)
        return replace(event, actor=self.of(event.actor) if event.actor else "", values=values)

    # ------------------------------------------------------------------ commands
    def command(self, command: Any, state: OFAState | None = None) -> str:
        """A command as a short English phrase: ``"Throw mug 3 at Guard 1"``."""
        if isinstance(command, Activate):
            return f"Activate {self.of(command.figure)}"
        if isinstance(command, Move):
            how = "until contact" if command.length is None else f"{command.length:.0f} mm"
            return f"{self.of(command.figure)} moves {compass(command.angle)} {how}"
        if isinstance(command, Stop):
            return f"{self.of(command.figure)} stops"
        if isinstance(command, Duel):
            return f"{self.of(command.figure)} duels {self.of(command.defender)}"
        if isinstance(command, AllocateHits):
            return "Split the hits: " + self.shares(command, state)
        if isinstance(command, Act):
            return f"{self.of(command.figure)}: {self.action(command, state)}"
        return type(command).__name__

    def shares(self, command: AllocateHits, state: OFAState | None) -> str:
        pending = state.pending if state is not None else None
        if pending is None or len(pending.candidates) != len(command.shares):
            return ", ".join(str(s) for s in command.shares)
        return ", ".join(f"{self.of(c)} {n}" for c, n in zip(pending.candidates, command.shares,
                                                              strict=True))

    def action(self, act: Act, state: OFAState | None = None) -> str:
        """The action without the actor: ``"Punch Guard 1 and Guard 2"``, ``"Leap onto bench 1"``."""
        obj = self.of(act.object) if act.object else ""
        targets = " and ".join(self.of(t) for t in act.targets)
        kind = act.kind
        if kind in ATTACK_WORDS:
            return f"{ATTACK_WORDS[kind]} {targets or obj}"
        if kind == "throw":
            return f"Throw {obj or 'what it carries'} at {targets or '?'}"
        if kind == "pick_up":
            return f"Pick up {obj}"
        if kind == "roll":
            return f"Roll {obj} {self._towards(act, state)}"
        if kind == "leap_onto":
            return f"Leap onto {obj}"
        if kind == "leap_over":
            return f"Leap over {obj}"
        if kind == "leap_off":
            return f"Leap off {obj} {self._towards(act, state)}"
        if kind == "grab":
            return f"Grab {obj}"
        if kind == "swing":
            return f"Swing {compass(act.angle or 0.0)} from {obj}"
        if kind == "slide":
            return f"Slide along {obj}"
        if kind == "stairs":
            return f"Take {obj}"
        if kind == "dodge":
            return f"Dodge {obj}"
        if kind == "improvise":
            return f"Improvise with {obj}"
        if kind == "recover":
            return "Recover (lose Stunned)"
        if kind == "retrieve_weapon":
            return "Pick up the dropped weapon"
        return f"{kind.replace('_', ' ').capitalize()} {obj}".strip()

    def _towards(self, act: Act, state: OFAState | None) -> str:
        """``towards Guard 1`` when the angle points straight at a figure, else a compass word."""
        angle = act.angle or 0.0
        if state is not None and state.has_figure(act.figure):
            me = state.figure(act.figure)
            for other in state.figures:
                if other.id == me.id or not other.conscious:
                    continue
                to = math.degrees(math.atan2(other.y - me.y, other.x - me.x)) % 360.0
                if abs((to - angle + 180.0) % 360.0 - 180.0) < 0.01:
                    return f"towards {other.name}"
        return compass(angle)
