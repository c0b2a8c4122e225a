"""What a One for All player can say (OFA-SM.2's inputs), as frozen commands."""

from __future__ import annotations

from dataclasses import dataclass

#: The actions of the seed's catalogue (OFA-2A.2) that the engine knows how to resolve.
ACTION_KINDS = (
    "punch", "kick", "slap", "shove",  # hand-to-hand swashbuckling attacks on a figure in contact
    "insult",  # a swashbuckling attack at any figure in sight (OFA-FAQ.10, OFA-MG.5)
    "pick_up", "throw",  # OFA-2A.3: split or whole ("throw" picks up what it touches)
    "roll",  # OFA-MG.4: roll a barrel along a direction
    "leap_onto", "leap_off", "leap_over",  # OFA-MG.1/2
    "grab", "swing", "slide", "stairs",  # chandelier, banister, stairs
    "dodge",  # the next move may pass the object
    "recover", "retrieve_weapon",  # OFA-5D.5, OFA-5D.10
    "improvise",  # any other interaction with the touched object (the list is open, OFA-2A.2)
)
ATTACK_STYLES = ("punch", "kick", "slap", "shove")


@dataclass(frozen=True)
class Activate:
    """Pick a figure to activate (OFA-6.2, OFA-6.4)."""

    figure: str


@dataclass(frozen=True)
class Move:
    """Move straight along ``angle`` (degrees clockwise from east) for ``length`` mm, or until
    contact when ``length`` is None (OFA-2B.1)."""

    figure: str
    angle: float
    length: float | None = None


@dataclass(frozen=True)
class Act:
    """Perform an action with ``object`` (a terrain piece or a figure), aimed at ``targets``."""

    figure: str
    kind: str
    object: str = ""
    targets: tuple[str, ...] = ()
    angle: float | None = None  #: direction for roll, leap_off, swing


@dataclass(frozen=True)
class Duel:
    """Challenge an enemy in contact to a duel (OFA-4.2)."""

    figure: str
    defender: str


@dataclass(frozen=True)
class AllocateHits:
    """Split a won duel's hits among the losing group (OFA-5C.1), in the pending order."""

    shares: tuple[int, ...]


@dataclass(frozen=True)
class Stop:
    """End the activation (OFA-6.1, OFA-FAQ.3)."""

    figure: str
