"""The seed's dice (MM-DICE-3): every die read on its own (MM-DICE-2), 6 = cheese (MM-DICE-1).

Faces are plain d6 results. A UI may show the published symbols beside them: a melee hit is the
sword, a ranged hit the bow, a block the shield, a 6 the cheese, a 4-6 success the star.
"""

from __future__ import annotations

from dataclasses import dataclass

MELEE, RANGED, DEFENCE, SUCCESS = "melee", "ranged", "defence", "success"
ROWS = (MELEE, RANGED, DEFENCE, SUCCESS)

#: MM-DICE-3, face -> reading, per row
TABLE: dict[str, tuple[str, ...]] = {
    MELEE: ("miss", "miss", "hit", "hit", "hit", "cheese"),
    RANGED: ("miss", "miss", "miss", "hit", "hit", "cheese"),
    DEFENCE: ("wound", "wound", "wound", "block", "block", "cheese"),
    SUCCESS: ("fail", "fail", "fail", "success", "success", "success"),
}
#: a UI's symbol for each reading
SYMBOLS = {("melee", "hit"): "sword", ("ranged", "hit"): "bow", ("defence", "block"): "shield",
           ("success", "success"): "star"}


def read(face: int, row: str) -> str:
    if not 1 <= face <= 6:
        raise ValueError(f"{face} is not a d6 face")
    return TABLE[row][face - 1]


def symbol(face: int, row: str) -> str:
    reading = read(face, row)
    if reading == "cheese":
        return "cheese"
    return SYMBOLS.get((row, reading), "")


@dataclass(frozen=True)
class Reading:
    faces: tuple[int, ...]
    row: str
    hits: int = 0  #: attack hits (3-5 melee, 4-5 ranged)
    blocks: int = 0  #: defence blocks (4-5)
    cheese: int = 0  #: 6s of an attack or defence roll (MM-DICE-1); never on a success check
    successes: int = 0  #: 4-6 on a success check

    @property
    def misses(self) -> int:
        return sum(1 for f in self.faces if read(f, self.row) in ("miss", "wound", "fail"))


def read_roll(faces: tuple[int, ...], row: str) -> Reading:
    """Read every die on its own against ``row``; nothing is summed (MM-DICE-2)."""
    readings = [read(f, row) for f in faces]
    return Reading(tuple(faces), row, hits=readings.count("hit"), blocks=readings.count("block"),
                   cheese=readings.count("cheese"), successes=readings.count("success"))


def wounds(hits: int, blocks: int) -> int:
    """MM-DEF-3."""
    return max(0, hits - blocks)
