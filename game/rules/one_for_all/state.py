"""The state of a One for All game (OFA-SM.1), as frozen values."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from game.core.ids import by_id, has_id, replacing
from game.geometry.bases import Base
from game.rules.one_for_all.config import OFAConfig
from game.rules.one_for_all.dice import FigureMarkers, OnesCounters


class EndReason(StrEnum):
    """Why a game of One for All ended (``Outcome.reason``)."""

    #: OFA-1.3: every figure of one side is unconscious
    ALL_UNCONSCIOUS = "all_unconscious"

    def __repr__(self) -> str:
        return repr(self.value)


@dataclass(frozen=True)
class Figure:
    id: str
    name: str
    side: str
    profile: str
    rating: int
    x: float
    y: float
    z: float
    radius: float
    height: float
    facing: float = 0.0  #: degrees clockwise from east
    markers: FigureMarkers = FigureMarkers()
    hanging_on: str = ""  #: the swingable it hangs from (OFA-2A.2)
    carrying: str = ""  #: the object it has picked up (OFA-2A.3 split throw)
    #: OFA-5.3: once unconscious, the direction its body fell (it lies along it as an obstacle)
    fallen: tuple[float, float] = (0.0, 0.0)

    @property
    def conscious(self) -> bool:
        return not self.markers.unconscious

    @property
    def base(self) -> Base:
        return Base(self.id, self.x, self.y, self.radius, self.z, self.height)

    def at(self, x: float, y: float, z: float | None = None) -> Figure:
        return replace(self, x=x, y=y, z=self.z if z is None else z)


@dataclass(frozen=True)
class Prop:
    """A terrain piece that has moved (rolled, thrown) or been picked up."""

    id: str
    dx: float = 0.0  #: offset from where the map put it, mm
    dy: float = 0.0
    carried_by: str = ""  #: a figure holding it: it is off the table


@dataclass(frozen=True)
class Activation:
    figure: str
    pool: int = 0  #: actions performed this activation (OFA-3D.1)
    contact: str = ""  #: what the last move ran into (OFA-2B.2), "" after an action
    momentum_ready: bool = False  #: OFA-7.2: the last action was a leap-from, swing or slide
    dodged: str = ""  #: OFA-2A.2: the next move may pass this object
    free_moves: int = 0


@dataclass(frozen=True)
class PendingAllocation:
    """OFA-5C.1: the duel winner splits its hits among the losing group."""

    winner: str
    hits: int
    candidates: tuple[str, ...]
    table: str  #: "duelling" or "swashbuckling"
    initiative_lost: bool
    activation_ends: bool
    counters: OnesCounters


@dataclass(frozen=True)
class OFAState:
    map: str  #: the map the match is played on (as the setup names it)
    sides: tuple[str, str]
    figures: tuple[Figure, ...]
    initiative: str
    cfg: OFAConfig
    props: tuple[Prop, ...] = ()
    activation: Activation | None = None
    pending: PendingAllocation | None = None
    counters: OnesCounters = OnesCounters()
    last_failed: str = ""  #: OFA-7.4: the figure whose activation just failed
    turn: int = 1  #: player turns so far
    free_moves_this_turn: int = 0
    winner: str = ""
    first_player_roll: tuple[tuple[int, ...], ...] = ()

    def figure(self, figure_id: str) -> Figure:
        return by_id(self.figures, figure_id)

    def has_figure(self, figure_id: str) -> bool:
        return has_id(self.figures, figure_id)

    def with_figure(self, figure: Figure) -> OFAState:
        return replace(self, figures=replacing(self.figures, figure))

    def other_side(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def conscious(self, side: str) -> list[Figure]:
        return [f for f in self.figures if f.side == side and f.conscious]

    def prop(self, prop_id: str) -> Prop:
        for p in self.props:
            if p.id == prop_id:
                return p
        return Prop(prop_id)

    def with_prop(self, prop: Prop) -> OFAState:
        rest = tuple(p for p in self.props if p.id != prop.id)
        return replace(self, props=tuple(sorted(rest + (prop,), key=lambda p: p.id)))
