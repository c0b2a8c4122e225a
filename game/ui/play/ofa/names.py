"""Words for what the player sees: figures and scenery by name, commands and events in the
player's language.

The rules speak in ids (``guard_1``, terrain piece ``"12"``, board side ``"y_max"``); the screen
speaks in names (Guard 1, long table, the south edge of the table). Names the map author wrote
come in the current language when the map gives them (``name_ru``, ``side_<side>_ru``, see
:mod:`game.board.names`); the program's own words go through the catalogs. Plain Python, no pygame.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from game.board.model import Board
from game.board.names import local_name, local_side_name
from game.i18n import N_, _, language
from game.rules.engine import Event
from game.rules.one_for_all.commands import Act, Activate, AllocateHits, Duel, Move, Stop
from game.rules.one_for_all.state import OFAState

#: the board's edges (translated where shown)
EDGE_NAMES = {
    "x_min": N_("the west edge of the table"),
    "y_min": N_("the north edge of the table"),
    "x_max": N_("the east edge of the table"),
    "y_max": N_("the south edge of the table"),
}
COMPASS = (N_("east"), N_("south-east"), N_("south"), N_("south-west"), N_("west"),
           N_("north-west"), N_("north"), N_("north-east"))
#: the attacks on a figure: ``{target}`` is who is attacked
ATTACK_WORDS = {"punch": N_("Punch {target}"), "kick": N_("Kick {target}"),
                "slap": N_("Slap {target}"), "shove": N_("Shove {target}"),
                "insult": N_("Insult {target}")}
#: the actions with an object only: ``{object}`` is what the figure acts with
OBJECT_WORDS = {"pick_up": N_("Pick up {object}"), "leap_onto": N_("Leap onto {object}"),
                "leap_over": N_("Leap over {object}"), "grab": N_("Grab {object}"),
                "slide": N_("Slide along {object}"), "stairs": N_("Take {object}"),
                "dodge": N_("Dodge {object}"), "improvise": N_("Improvise with {object}")}


def compass(angle_deg: float) -> str:
    """Degrees clockwise from east (y down the screen) as a compass word."""
    return _(COMPASS[round((angle_deg % 360.0) / 45.0) % 8])


class Names:
    """Names of the figures, the terrain pieces and the sides of one table."""

    def __init__(self, board: Board | None, state: OFAState) -> None:
        self._figures = {f.id: f.name for f in state.figures}
        spawns = {s.name: s.properties for s in board.spawns} if board is not None else {}
        self._figure_props = {f.id: spawns.get(f.name, {}) for f in state.figures}
        self._solids: dict[str, str] = {}
        self._solid_props: dict[str, Any] = {}
        self.kinds: dict[str, str] = {}
        for piece in board.terrain if board is not None else ():
            self._solids[str(piece.id)] = piece.name or piece.kind or f"#{piece.id}"
            self._solid_props[str(piece.id)] = piece.properties
            self.kinds[str(piece.id)] = piece.kind
        self._map_properties = board.properties if board is not None else {}
        self._sides = tuple(state.sides)
        self._lang = ""
        self._tables: tuple[dict[str, str], dict[str, str], dict[str, str], dict[str, str]] = (
            {}, {}, {}, {})

    def _local(self) -> tuple[dict[str, str], dict[str, str], dict[str, str], dict[str, str]]:
        """Figures, pieces, edges and sides by id, in the current language (built once per
        language)."""
        lang = language()
        if lang != self._lang:
            self._lang = lang
            self._tables = (
                {i: local_name(n, self._figure_props.get(i, {})) for i, n in self._figures.items()},
                {i: local_name(n, self._solid_props.get(i, {})) for i, n in self._solids.items()},
                {k: _(v) for k, v in EDGE_NAMES.items()},
                {s: local_side_name(s, self._map_properties) for s in self._sides},
            )
        return self._tables

    @property
    def figures(self) -> dict[str, str]:
        """Figure id -> its name in the current language."""
        return self._local()[0]

    @property
    def solids(self) -> dict[str, str]:
        """Terrain piece id -> its name in the current language."""
        return self._local()[1]

    @property
    def sides(self) -> dict[str, str]:
        """Side id -> its name in the current language."""
        return self._local()[3]

    def of(self, ident: str) -> str:
        """The name of a figure, a terrain piece, a board edge or a side (the id when unknown)."""
        for table in self._local():
            if ident in table:
                return table[ident]
        return ident

    def side(self, side: str) -> str:
        return self.sides.get(side) or local_side_name(side, self._map_properties)

    # ------------------------------------------------------------------ events
    def _known(self, value: str) -> bool:
        return value in self._figures or value in self._solids or value in EDGE_NAMES \
            or value in self._sides

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
        """A command as a short phrase: ``"Throw mug 3 at Guard 1"``."""
        if isinstance(command, Activate):
            return _("Activate {name}").format(name=self.of(command.figure))
        if isinstance(command, Move):
            how = _("until contact") if command.length is None else _("{length:.0f} mm").format(
                length=command.length)
            return _("{name} moves {direction} {how}").format(
                name=self.of(command.figure), direction=compass(command.angle), how=how)
        if isinstance(command, Stop):
            return _("{name} stops").format(name=self.of(command.figure))
        if isinstance(command, Duel):
            return _("{name} duels {defender}").format(name=self.of(command.figure),
                                                       defender=self.of(command.defender))
        if isinstance(command, AllocateHits):
            return _("Split the hits: {shares}").format(shares=self.shares(command, state))
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
        targets = _(" and ").join(self.of(t) for t in act.targets)
        kind = act.kind
        if kind in ATTACK_WORDS:
            return _(ATTACK_WORDS[kind]).format(target=targets or obj)
        if kind == "throw":
            return _("Throw {object} at {target}").format(
                object=obj or _("what it carries"), target=targets or "?")
        if kind in OBJECT_WORDS:
            return _(OBJECT_WORDS[kind]).format(object=obj)
        if kind == "roll":
            return _("Roll {object} {direction}").format(object=obj,
                                                         direction=self._towards(act, state))
        if kind == "leap_off":
            return _("Leap off {object} {direction}").format(object=obj,
                                                             direction=self._towards(act, state))
        if kind == "swing":
            return _("Swing {direction} from {object}").format(
                direction=compass(act.angle or 0.0), object=obj)
        if kind == "recover":
            return _("Recover (lose Stunned)")
        if kind == "retrieve_weapon":
            return _("Pick up the dropped weapon")
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
                    return _("towards {name}").format(name=self.of(other.id))
        return compass(angle)
