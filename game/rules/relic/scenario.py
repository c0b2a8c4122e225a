"""Is a map a Relic board the rules can play on? ``scenario_problems(board)`` lists every fault,
one ``Problem`` each, naming the map, the object and what to change (``tabletop validate``).

What a Relic map must hold (REL-BOARD-1 to REL-BOARD-5; the counts are the map's):

* a ``cells`` layer of spaces, each with ``tier`` (outer, middle, inner, centre) and ``index``
  (0 to n-1 round its tier, clockwise); the Outer and Middle tiers are rings of at least
  ``MIN_RING_SPACES``, the Inner tier a path of at least ``MIN_INNER_SPACES``, and one centre
  (the scenario space);
* a name on every space (the object's name, ``name_ru`` in Russian) and what it does
  (spaces.py: ``threats``, ``effects``, ``guardian*``, ``stop``, ``bounty``, ``loss_penalty``,
  ``sites``; ``text`` and ``text_ru`` say it in words);
* crossings (``neighbors_add``) from the Outer to the Middle tier, from the Middle to the Inner
  tier and from the Inner tier to the centre, so that every start can reach the centre;
* one to four starts: ``FigureSpawn`` points with a ``side`` (the seat, e.g. ``player1``) and a
  ``profile`` (a character of ``data/characters.json``), each on an Outer or Middle space.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from shapely.geometry import Point

from game.board.model import Board, Cell, SpawnPoint
from game.core.errors import Problem
from game.rules.relic import data
from game.rules.relic.config import MAX_PLAYERS, MIN_INNER_SPACES, MIN_RING_SPACES
from game.rules.relic.spaces import ERROR, THREAT_DECKS, WARNING, SpaceEffect, did_you_mean, parse_rules

TIERS = ("outer", "middle", "inner", "centre")
RINGS = ("outer", "middle", "inner")
CENTRE = "centre"
#: uid prefixes of the decks' cards: a guardian's id may not be one (its uids would mix in)
DECK_PREFIXES = (*THREAT_DECKS, "power", "gear")


def split_ids(value: object) -> list[str]:
    return [v.strip() for v in str(value or "").split(",") if v.strip()]


def point_space(board: Board, x: float, y: float) -> tuple[str, bool]:
    """The space under a point, else the nearest one; and whether the point is on it."""
    p = Point(x, y)
    for c in board.cells:
        if c.polygon.contains(p):
            return c.id, True
    return min(board.cells, key=lambda c: c.polygon.distance(p)).id, False


def spawn_space(board: Board, spawn: SpawnPoint) -> str:
    """REL-BOARD-2 ``start_for``: the space a start stands on (the nearest when on none)."""
    return point_space(board, spawn.x, spawn.y)[0]


def tier_of(cell: Cell) -> str:
    return str(cell.properties.get("tier", "") or "")


def index_of(cell: Cell) -> int | None:
    value = cell.properties.get("index", 0)
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            return int(str(value))
        except ValueError:
            return None
    return value


def ring_edges(cells: Iterable[Cell]) -> dict[str, frozenset[str]]:
    """Who is next to whom: each ring ``i ± 1`` (the Inner tier a path), then the map's
    ``neighbors_add`` and ``neighbors_remove`` (ids not on the map are left out)."""
    cells = list(cells)
    ids = {c.id for c in cells}
    edges: set[frozenset[str]] = set()
    for tier in RINGS:
        ring = sorted((c for c in cells if tier_of(c) == tier), key=lambda c: index_of(c) or 0)
        joins = len(ring) if tier != "inner" else len(ring) - 1  # REL-BOARD-4: a path
        for i in range(max(joins, 0)):
            j = (i + 1) % len(ring)
            if i != j:
                edges.add(frozenset((ring[i].id, ring[j].id)))
    for c in cells:
        for other in split_ids(c.properties.get("neighbors_add")):
            if other in ids and other != c.id:
                edges.add(frozenset((c.id, other)))
    for c in cells:
        for other in split_ids(c.properties.get("neighbors_remove")):
            edges.discard(frozenset((c.id, other)))
    out: dict[str, set[str]] = {c.id: set() for c in cells}
    for e in edges:
        a, b = tuple(e)
        out[a].add(b)
        out[b].add(a)
    return {k: frozenset(v) for k, v in out.items()}


class _Report:
    def __init__(self, board: Board) -> None:
        self.board = board
        self.problems: list[Problem] = []

    def add(self, message: str, cell: Cell | None = None, severity: str = ERROR, *,
            spawn: SpawnPoint | None = None) -> None:
        if cell is not None:
            self.problems.append(Problem(self.board.path, f"space {cell.id}: {message}", severity,
                                         cell.object_id, cell.name, cell.layer))
        elif spawn is not None:
            self.problems.append(Problem(self.board.path, message, severity, spawn.id, spawn.name,
                                         spawn.layer))
        else:
            self.problems.append(Problem(self.board.path, message, severity))


def scenario_problems(board: Board) -> list[Problem]:
    """Every fault of ``board`` as a Relic board, errors and warnings (empty: it plays)."""
    r = _Report(board)
    cells = list(board.cells)
    if not cells:
        r.add("a Relic map needs a 'cells' layer of spaces (objects of class Cell with tier and "
              "index); this one has none")
        return r.problems
    _tiers(r, cells)
    by_id = {c.id: c for c in cells}
    _spaces(r, cells, by_id)
    _links(r, cells, by_id)
    _starts(r, cells)
    _missions(r, cells)
    return r.problems


def _tiers(r: _Report, cells: list[Cell]) -> None:
    """REL-BOARD-1: known tiers, enough spaces in each, indices 0..n-1 once each."""
    for c in cells:
        tier = tier_of(c)
        if tier not in TIERS:
            hint = did_you_mean(tier, TIERS) if tier else ""
            r.add(f"tier {tier!r} is not a Relic tier{hint}: set 'tier' to one of {', '.join(TIERS)}", c)
        elif index_of(c) is None or (index_of(c) or 0) < 0:
            r.add(f"index {c.properties.get('index')!r} must be a whole number from 0", c)
    least = {"outer": MIN_RING_SPACES, "middle": MIN_RING_SPACES, "inner": MIN_INNER_SPACES}
    for tier in RINGS:
        ring = [c for c in cells if tier_of(c) == tier]
        if len(ring) < least[tier]:
            shape = "a ring (REL-BOARD-3)" if tier != "inner" else "a path to the centre (REL-BOARD-4)"
            r.add(f"the {tier} tier has {len(ring)} space(s); it is {shape} and needs at least "
                  f"{least[tier]}: add spaces with tier={tier}")
            continue
        at: dict[int, list[Cell]] = {}
        for c in ring:
            k = index_of(c)
            if k is not None and k >= 0:
                at.setdefault(k, []).append(c)
        for k, same in sorted(at.items()):
            for c in same[1:]:
                r.add(f"index {k} of the {tier} tier is also space {same[0].id}'s: give each space "
                      f"of the tier its own index, 0 to {len(ring) - 1} clockwise", c)
        missing = [k for k in range(len(ring)) if k not in at]
        if missing:
            r.add(f"the {tier} tier has {len(ring)} spaces but no space with index "
                  f"{', '.join(map(str, missing))}: number them 0 to {len(ring) - 1} clockwise")
    centres = [c for c in cells if tier_of(c) == CENTRE]
    if len(centres) != 1:
        r.add(f"a Relic board has exactly one centre (the scenario space, tier=centre); this one "
              f"has {len(centres)}" + (f": {', '.join(c.id for c in centres)}" if centres else ""))


def _effect_refs(r: _Report, c: Cell, effect: SpaceEffect, by_id: dict[str, Cell]) -> None:
    if effect.do in ("teleport", "swap_places") and effect.tier not in RINGS:
        r.add(f"effect {effect.do}: tier={effect.tier!r} is not a tier{did_you_mean(effect.tier, RINGS)} "
              f"(one of {', '.join(RINGS)})", c)
    for to in effect.to:
        if to not in by_id:
            r.add(f"effect {effect.do}: to={to!r} is not a space of the map{did_you_mean(to, sorted(by_id))}", c)
        elif tier_of(by_id[to]) in ("inner", CENTRE):
            r.add(f"effect {effect.do}: to={to} is on the {tier_of(by_id[to])} tier, which only a "
                  "relic opens (REL-WIN-3): send players to the Outer or Middle tier", c)


def _spaces(r: _Report, cells: list[Cell], by_id: dict[str, Cell]) -> None:
    """REL-BOARD-2: each space's name, text and what it does."""
    guardians: dict[str, tuple[str, int, str]] = {}
    for c in cells:
        rules, found = parse_rules(c.properties)
        for severity, message in found:
            r.add(message, c, severity)
        for ident, what in ((c.id, "space id"), (rules.guardian.id if rules.guardian else "", "guardian id")):
            if ident and data.name(ident, default="\0") != "\0":
                r.add(f"{what} {ident!r} is also the id of a card, character, mission or scenario of "
                      "the rules' data, so the two would share a name: give it another id", c)
        if not c.name.strip():
            r.add("has no name: give the object a name (English), and name_ru (Russian)", c)
        elif not str(c.properties.get("name_ru", "") or "").strip():
            r.add(f"'{c.name}' has no Russian name: add the property name_ru", c, WARNING)
        text = str(c.properties.get("text", "") or "").strip()
        does = rules.threats or rules.effects or rules.guardian or rules.stop or rules.bounty
        if not text and does:
            r.add("does something but says nothing: add the property text (English) and text_ru "
                  "(Russian) in words", c, WARNING)
        elif text and not str(c.properties.get("text_ru", "") or "").strip():
            r.add("has a text but no Russian one: add the property text_ru", c, WARNING)
        for effect in rules.effects:
            _effect_refs(r, c, effect, by_id)
        if tier_of(c) == CENTRE and (does or rules.loss_penalty):
            r.add("the scenario space's Engagement is the Confrontation (REL-ENG-4): its threats, "
                  "effects and guardian are never used; take them off", c, WARNING)
        g = rules.guardian
        if g is not None:
            if g.id in DECK_PREFIXES:
                r.add(f"guardian id {g.id!r} is a deck's name: give the guardian another id", c)
            seen = guardians.get(g.id)
            if seen is not None and seen[:2] != (g.attribute, g.value):
                r.add(f"guardian {g.id} is {g.attribute} {g.value} here but {seen[0]} {seen[1]} on "
                      f"space {seen[2]}: one id, one enemy", c)
            guardians.setdefault(g.id, (g.attribute, g.value, c.id))


def _links(r: _Report, cells: list[Cell], by_id: dict[str, Cell]) -> None:
    """REL-BOARD-5: crossings name spaces of the map and join the tiers up to the centre."""
    for c in cells:
        for key in ("neighbors_add", "neighbors_remove"):
            for other in split_ids(c.properties.get(key)):
                if other not in by_id:
                    r.add(f"{key} names {other!r}, which is not a space of the map"
                          f"{did_you_mean(other, sorted(by_id))}: a crossing to nowhere", c)
                elif other == c.id:
                    r.add(f"{key} names the space itself", c, WARNING)
    if any(p.severity == ERROR for p in r.problems):
        return  # the rings are not sound: their joins would only repeat the faults
    near = ring_edges(cells)
    tiers = {c.id: tier_of(c) for c in cells}

    def crossing(a: str, b: str) -> bool:
        return any(tiers[x] == a and any(tiers[y] == b for y in near[x]) for x in near)

    for a, b in (("outer", "middle"), ("middle", "inner"), ("inner", CENTRE)):
        if not crossing(a, b):
            r.add(f"no crossing from the {a} tier to the {b}: give a space of the {a} tier "
                  f"neighbors_add naming a space of the {b} (REL-BOARD-5)")
    centre = next(c for c in cells if tiers[c.id] == CENTRE)
    for other in sorted(near[centre.id]):
        if tiers[other] != "inner":
            r.add(f"the scenario space is next to {other} of the {tiers[other]} tier: only the Inner "
                  "tier leads to it (REL-WIN-1); remove that crossing", by_id[other])
    for spawn in r.board.spawns:
        if not spawn.side:
            continue
        start, _on = point_space(r.board, spawn.x, spawn.y)
        seen = {start}
        queue = deque([start])
        while queue:
            for other in near[queue.popleft()]:
                if other not in seen:
                    seen.add(other)
                    queue.append(other)
        if centre.id not in seen:
            r.add(f"start {spawn.side} (space {start}) cannot reach the scenario space: join the "
                  "tiers with neighbors_add", spawn=spawn)


def _starts(r: _Report, cells: list[Cell]) -> None:
    """Seats: one to MAX_PLAYERS starts, a known character each, on the Outer or Middle tier."""
    starts = [s for s in r.board.spawns if s.side]
    if not starts:
        r.add(f"no player starts: add 1 to {MAX_PLAYERS} FigureSpawn points with side (player1...) "
              "and profile (a character) on Outer or Middle spaces")
        return
    chars = sorted(data.characters())
    sides: dict[str, SpawnPoint] = {}
    by_id = {c.id: c for c in cells}
    for s in starts:
        if s.side in sides:
            r.add(f"side {s.side} starts twice (also object {sides[s.side].id}): give each start "
                  "its own side", spawn=s)
        sides.setdefault(s.side, s)
        if s.profile not in chars:
            r.add(f"start {s.side}: profile {s.profile!r} is not a Relic character"
                  f"{did_you_mean(s.profile, chars)} (one of {', '.join(chars)})", spawn=s)
        space, on = point_space(r.board, s.x, s.y)
        tier = tier_of(by_id[space])
        if tier in ("inner", CENTRE):
            r.add(f"start {s.side} is on space {space} of the {tier} tier, which only a relic opens "
                  "(REL-WIN-3): move it to an Outer or Middle space", spawn=s)
        elif not on:
            r.add(f"start {s.side} is on no space; it is taken as the nearest, {space}: move it "
                  "onto a space", severity=WARNING, spawn=s)
    if len(sides) > MAX_PLAYERS:
        r.add(f"{len(sides)} starts, but Relic is for 1 to {MAX_PLAYERS} players: only the first "
              f"{MAX_PLAYERS} sides ({', '.join(sorted(sides)[:MAX_PLAYERS])}) can play", severity=WARNING)


def _missions(r: _Report, cells: list[Cell]) -> None:
    """REL-WIN-2: a mission to visit a site no space has is left out of the deck."""
    sites = {site for c in cells for site in parse_rules(c.properties)[0].sites}
    wanted = {m["site"]: m["id"] for m in data.missions().values() if m.get("site")}
    for site, mission in sorted(wanted.items()):
        if site not in sites:
            r.add(f"no space has the site {site!r}, so the mission {mission} is left out of the "
                  f"deck: add sites={site} to a space to keep it", severity=WARNING)
    for c in cells:
        for site in parse_rules(c.properties)[0].sites:
            if site not in wanted:
                r.add(f"sites: no mission looks for {site!r}{did_you_mean(site, sorted(wanted))} "
                      f"(missions look for {', '.join(sorted(wanted))})", c, WARNING)
