"""Where a dragged move would end, before it is committed. Plain Python, no pygame.

The sweep is the rules' own for a ``Move`` (``OneForAll.move_sweep``: the figure's radius,
height and level, the terrain, the other standing bases, a dodged object passed), so the path,
the ghost base and the point of contact shown are the ones the move will have. Results are cached by
(state, figure, angle, length): a drag that does not change the direction costs nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.geometry.sweep import MoveResult
from game.rules.one_for_all.commands import Move
from game.rules.one_for_all.game import OneForAll
from game.rules.one_for_all.state import OFAState

#: the direction of a drag is rounded to this many degrees (so the preview is the committed move)
ANGLE_STEP = 0.25
#: a Shift-drag length is rounded to whole millimetres
LENGTH_STEP = 1.0
#: a drag shorter than this many base radii from the centre is a click, not a move
MIN_DRAG_RADII = 1.1


@dataclass(frozen=True)
class MovePreview:
    figure: str
    angle: float  #: degrees clockwise from east, rounded to ANGLE_STEP
    length: float | None  #: None: until contact
    result: MoveResult

    @property
    def command(self) -> Move:
        return Move(self.figure, self.angle, self.length)

    @property
    def touched(self) -> str:
        """The id of what the move runs into ("" when it stops in open space)."""
        return (self.result.id or "") if self.result.kind is not None else ""

    @property
    def free_move(self) -> bool:
        """Stops in open space: a Free Move, which ends the activation (OFA-2B.4)."""
        return self.result.kind is None


def drag_angle(start: tuple[float, float], to: tuple[float, float]) -> float | None:
    """Degrees clockwise from east from ``start`` towards ``to`` (y down), rounded; None if equal."""
    dx, dy = to[0] - start[0], to[1] - start[1]
    if math.hypot(dx, dy) < 1e-9:
        return None
    angle = math.degrees(math.atan2(dy, dx)) % 360.0
    return round(angle / ANGLE_STEP) * ANGLE_STEP % 360.0


class MovePreviewer:
    """Sweeps for dragged moves, remembered for the current state."""

    def __init__(self, system: OneForAll) -> None:
        self.system = system
        self._state: OFAState | None = None
        self._cache: dict[tuple[str, float, float | None], MoveResult] = {}
        self.sweeps = 0  #: how many sweeps were computed (tests check the cache works)

    def preview(self, state: OFAState, figure_id: str, to: tuple[float, float],
                exact_length: bool = False) -> MovePreview | None:
        """The move of ``figure_id`` towards the table point ``to``. With ``exact_length`` the
        move stops at ``to`` when that is short of contact (Shift-drag)."""
        if not state.has_figure(figure_id):
            return None
        fig = state.figure(figure_id)
        if math.hypot(to[0] - fig.x, to[1] - fig.y) < fig.radius * MIN_DRAG_RADII:
            return None
        angle = drag_angle((fig.x, fig.y), to)
        if angle is None:
            return None
        full = self._sweep(state, figure_id, angle, None)
        length: float | None = None
        if exact_length:
            wanted = max(LENGTH_STEP, round(math.hypot(to[0] - fig.x, to[1] - fig.y)))
            if wanted < full.distance:
                length = wanted
        result = full if length is None else self._sweep(state, figure_id, angle, length)
        return MovePreview(figure_id, angle, length, result)

    def _sweep(self, state: OFAState, figure_id: str, angle: float,
               length: float | None) -> MoveResult:
        if state is not self._state:
            self._state = state
            self._cache.clear()
        key = (figure_id, angle, length)
        found = self._cache.get(key)
        if found is None:
            found = sweep_move(self.system, state, figure_id, angle, length)
            self._cache[key] = found
            self.sweeps += 1
        return found


def sweep_move(system: OneForAll, state: OFAState, figure_id: str, angle: float,
               length: float | None) -> MoveResult:
    """The sweep of ``Move(figure_id, angle, length)``: the rules' own (``OneForAll.move_sweep``)."""
    return system.move_sweep(state, Move(figure_id, angle, length))
