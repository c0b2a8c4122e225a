"""Helldorado's table a player can read (issue 16): driven with real pygame events at 1024x640,
1280x800 and 1920x1080 in English and Russian, on the ruins with every unit deployed, three
fights in the open, a unit selected with its sight lines and a blast laid over the melee.

- 16.1: the words on the table (names, sight and cover labels, the rings' bands) never overlap,
  never lie on a base, never leave the table; each sight label names its enemy; the selected
  unit and its targets are labelled first; the rings and the Odds tab give the weapon's bands
  by name (no "Range 8 f").
- 16.4: a template or an explosion laid on nobody asks before the activation is spent; a drag
  of a unit that may not move, Tab during an activation, Space and a number key with nothing
  to do say why, with the rule, in the reader's language.
- 16 (Russian): the top bar stays on one line.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from shapely.geometry import Point
from shapely.ops import unary_union

from game.i18n import _, set_language
from game.rules.helldorado.commands import Activate, Blast, End, ShootAt
from game.ui.play.hd.session import Tool
from game.ui.play.hd.view import HDPlayView, make_hd_view
from game.ui.play.side_panel import ODDS
from tests.ui.ru_texts import english_words, recorded_texts

REPO = Path(__file__).resolve().parents[2]
RUINS = REPO / "maps" / "ruins.tmx"
SIZES = ((1024, 640), (1280, 800), (1920, 1080))
#: Latin words the Russian screen keeps (the rulebook's stats, Vae Victis, the game's name)
KEPT = ("CBT", "DEF", "PR", "LP", "SHS", "Vae", "Victis", "Helldorado")
#: the fights of the scene: (Inferno, Conquistadors) in base contact
FIGHTS = (("damned_1", "pikeman"), ("damned_2", "capitan_ortega"), ("hellhound", "arquebusier_1"))


def ev(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, data)


def key(view: HDPlayView, k: int, mod: int = 0) -> object:
    return view.handle_event(ev(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def move_mouse(view: HDPlayView, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
    view.handle_event(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))


def click(view: HDPlayView, pos: tuple[int, int], button: int = 1) -> None:
    move_mouse(view, pos)
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def drag(view: HDPlayView, a: tuple[int, int], b: tuple[int, int]) -> None:
    move_mouse(view, a)
    view.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    for i in range(1, 6):
        p = (a[0] + (b[0] - a[0]) * i // 5, a[1] + (b[1] - a[1]) * i // 5)
        move_mouse(view, p, (1, 0, 0))
    view.handle_event(ev(pygame.MOUSEBUTTONUP, pos=b, button=1))


def frame(view: HDPlayView, surface: pygame.Surface | None = None) -> pygame.Surface:
    surface = surface or pygame.Surface(view.layout.size)
    view.update(1 / 60)
    view.draw(surface)
    return surface


# ---------------------------------------------------------------------- the scene
def _blocked(view: HDPlayView) -> object:
    return unary_union([p.footprint for p in view.board.terrain if not p.flat])


def open_spot(view: HDPlayView) -> tuple[float, float]:
    """The point of the table's middle farthest from terrain that stands up (fathoms)."""
    board = view.board
    blocked = _blocked(view)
    best, best_d = (board.width_mm / 2, board.height_mm / 2), -1.0
    for i in range(25):
        for j in range(25):
            x = board.width_mm * (0.25 + 0.5 * i / 24)
            y = board.height_mm * (0.25 + 0.5 * j / 24)
            d = blocked.distance(Point(x, y))  # type: ignore[attr-defined]
            if d > best_d:
                best, best_d = (x, y), d
    return best[0] / view.k, best[1] / view.k


def crowd(view: HDPlayView, turn: str = "inferno") -> tuple[float, float]:
    """Every unit on the table as deployed, then three fights in the open (``FIGHTS``), Malakh
    about 4 f north of them (its explosion reaches them), the Imp beside it, the second
    Arquebusier and the Friar about 9 f south, each on open ground: the match put in that state
    with ``turn`` to play, nobody active and no card up. Returns the fights' centre (fathoms)."""
    st = view.state
    system = view.session.system
    table = system.table_of(st)
    blocked = _blocked(view)
    k = view.k
    cx, cy = open_spot(view)

    def put(uid: str, x: float, y: float, search: bool = True) -> None:
        nonlocal st
        u = st.unit(uid)
        for ring in range(12 if search else 1):
            for a in range(0, 360, 30) if ring else (0,):
                px = x + 0.5 * ring * math.cos(math.radians(a))
                py = y + 0.5 * ring * math.sin(math.radians(a))
                free = blocked.distance(Point(px * k, py * k)) > (u.radius + 0.2) * k  # type: ignore[attr-defined]
                near = all(math.hypot(o.x - px, o.y - py) > o.radius + u.radius + 0.3
                           for o in st.units if o.id != uid)
                if free and near or not search:
                    st = st.with_unit(u.at(px, py, table.standing_level(px, py)))
                    return
        raise AssertionError(f"no open ground for {uid}")

    for i, (a, b) in enumerate(FIGHTS):
        x = cx + (i - 1) * 2.2
        put(a, x, cy - st.unit(a).radius, search=False)
        put(b, x, cy + st.unit(b).radius, search=False)
    put("malakh", cx - 1.0, cy - 4.5)
    put("imp", cx + 2.5, cy - 5.0)
    put("arquebusier_2", cx + 1.0, cy + 9.0)
    put("friar_tomas", cx - 2.5, cy + 9.5)
    st = replace(st, turn=turn)
    session = view.session
    session.match.state = st
    session.revision += 1
    view.card, view.card_kind = None, ""
    view.selected = ""
    view.after_change()
    assert all(system.engaged(st, st.unit(a)) for a, _b in FIGHTS)
    assert system.invariants(st) == []
    return cx, cy


@pytest.fixture
def en(headless: None) -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


@pytest.fixture
def ru(headless: None) -> Iterator[None]:
    set_language("ru")
    yield
    set_language("en")


def make(tmp_path: Path, size: tuple[int, int]) -> HDPlayView:
    view = make_hd_view(RUINS, size, (), save_dir=tmp_path, seed=4)
    view.handover_on = False
    return view


# ---------------------------------------------------------------------- what the table shows
class Placements:
    """Every label layout worked out while it is on (the table's and the map's), as
    ``(labels, bounds, obstacles, placed)``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from game.ui import labels

        self.calls: list[tuple[tuple, tuple, tuple, tuple]] = []
        real = labels.layout

        def spy(ls, bounds, obstacles=(), gap=2.0):  # type: ignore[no-untyped-def]
            out = real(ls, bounds, obstacles, gap)
            self.calls.append((tuple(ls), tuple(bounds), tuple(obstacles), out))
            return out

        monkeypatch.setattr(labels, "layout", spy)

    def table(self, view: HDPlayView) -> tuple[tuple, tuple, tuple, tuple]:
        """The last layout of the Helldorado table: the one that kept every base clear."""
        n = len(view.state.units)
        mine = [c for c in self.calls if len(c[2]) >= n]
        assert mine, "the table placed no labels"
        return mine[-1]


def bases(view: HDPlayView) -> list[tuple[float, float, float]]:
    """Each living unit's base on the table (x, y, radius in pixels), from the state."""
    cam = view.board_view.camera
    k = view.k
    return [(*cam.world_to_screen(u.x * k, u.y * k), max(9, round(u.radius * k * cam.zoom)))
            for u in view.state.units if u.alive]


def overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def moment(view: HDPlayView, name: str, centre: tuple[float, float]) -> None:
    """"sight": Malakh selected (its lines to every enemy); "shot": the second Arquebusier
    selected, the Conquistadors to play; "blast": Malakh's Hellfire Orb aimed at the fights,
    picked from the action bar and aimed with the mouse."""
    view.side_panel.tab = ODDS
    if name == "blast":
        frame(view)
        n = next(i for i, c in enumerate(view.action_bar.choices, 1) if isinstance(c.command, Tool))
        key(view, pygame.K_0 + n)
        assert view.tool is not None
        move_mouse(view, view.screen_point(centre))
        return
    uid = "malakh" if name == "sight" else "arquebusier_2"
    click(view, view.screen_point((view.state.unit(uid).x, view.state.unit(uid).y)))
    assert view.selected == uid and view.sight() is not None


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["sight", "shot", "blast"])
def test_the_table_s_words_never_overlap_never_cover_a_base_never_leave_the_table(
        headless: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str,
        size: tuple[int, int], name: str) -> None:
    set_language(lang)
    try:
        view = make(tmp_path, size)
        centre = crowd(view, "conquistadors" if name == "shot" else "inferno")
        moment(view, name, centre)
        spy = Placements(monkeypatch)
        frame(view)
        labels, bounds, _obstacles, placed = spy.table(view)
    finally:
        set_language("en")
    assert placed
    for i, p in enumerate(placed):
        box = p.box
        assert bounds[0] <= box[0] and bounds[1] <= box[1], (p, bounds)
        assert box[0] + box[2] <= bounds[0] + bounds[2] and box[1] + box[3] <= bounds[1] + bounds[3]
        for q in placed[i + 1:]:
            assert not overlaps(box, q.box), (p, q)
        for x, y, r in bases(view):
            assert not overlaps(box, (x - r, y - r, 2 * r, 2 * r)), (p, (x, y, r))
    # the selected unit and its targets (every enemy it looks at) are all labelled
    shown = {p.key for p in placed}
    wanted = [lb for lb in labels if lb.priority >= 80]
    assert wanted and all(lb.key in shown for lb in wanted), \
        [lb for lb in wanted if lb.key not in shown]


def test_each_sight_label_names_its_enemy_and_the_bands_have_names(
        en: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sight label of each enemy starts with its name (no column of numbers that says
    nobody's); the rings and the Odds tab give the arquebus's bands by name, never "Range 8 f"."""
    from game.ui.play.hd import table

    view = make(tmp_path, (1280, 800))
    centre = crowd(view, "conquistadors")
    moment(view, "shot", centre)
    made: list[list[str]] = []
    real = table.plate
    monkeypatch.setattr(table, "plate", lambda texts, lines: made.append([t for t, _c in lines])
                        or real(texts, lines))
    with recorded_texts() as seen:
        frame(view)
    st = view.state
    pic = view.sight()
    assert pic is not None
    for s in pic.sights:
        name = view.names.of(s.unit)
        e = st.unit(s.unit)
        plates = [lines for lines in made if len(lines) == 2 and lines[0].startswith(f"{name} ")]
        assert plates, name
        assert plates[0][0] == f"{name} {e.lp}/{e.max_lp}"
        assert plates[0][1].startswith(f"{s.distance:.1f} f")
    rings = {"point blank ≤8 f: 3+", "short ≤16 f: 4+", "medium ≤24 f: 5+", "long beyond 24 f: 6+"}
    assert rings <= {lines[0] for lines in made}
    bands = ("point blank ≤8 f: 3+, short ≤16 f: 4+, medium ≤24 f: 5+, long beyond 24 f: 6+ "
             "(HD-RANGED-15)")
    assert any(bands in t for t in seen) or any(t in bands for t in seen if len(t) > 20)
    assert not any(re.search(r"\bRange \d", t) for t in seen)


# ---------------------------------------------------------------------- the top bar
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}")
@pytest.mark.parametrize("turn", ["inferno", "conquistadors"])
def test_the_top_bar_stays_on_one_line(headless: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       lang: str, size: tuple[int, int], turn: str) -> None:
    """Issue 16 (Russian): the top bar's facts on one line, whole (nothing cut short), with the
    round, the points and the Vae Victis left; the mode while there is room."""
    from game.ui.play.hd import paint

    drawn: list[tuple[str, tuple[str, ...], str]] = []
    real = paint.top_words

    def spy(texts, surface, room, one, two, *, title=None, chip=None):  # type: ignore[no-untyped-def]
        drawn.append((one, tuple(two), title[0] if title else ""))
        real(texts, surface, room, one, two, title=title, chip=chip)

    monkeypatch.setattr(paint, "top_words", spy)
    set_language(lang)
    try:
        view = make(tmp_path, size)
        crowd(view, turn)
        with recorded_texts() as seen:
            frame(view)
        one, two, title = drawn[-1]
        assert two == (one,)  # never a second line
        assert one in seen and not any(t.endswith("...") and t[:-3] in one for t in seen)
        assert _("Round {n}/{of}").format(n=1, of=8) in one and "Vae Victis" in one
        if size[0] >= 1280:
            assert title == _("Helldorado")
            assert _("Teaching mode") in one or f"· {_('Teaching')} ·" in one
        if lang == "ru":
            assert english_words([one, title], KEPT) == {}
    finally:
        set_language("en")


# ---------------------------------------------------------------------- every input answers
def test_a_template_on_nobody_asks_before_the_activation_is_spent(en: None, tmp_path: Path) -> None:
    """Issue 16.4: the Imp's cloud laid where it catches nobody asks first (HD-TMPL-3,
    HD-HOUSE-6); Esc goes back to aiming; asked again, a second click lays it."""
    view = make(tmp_path, (1280, 800))
    crowd(view, "inferno")
    imp = view.state.unit("imp")
    click(view, view.screen_point((imp.x, imp.y)))
    assert view.selected == "imp"
    frame(view)
    n = next(i for i, c in enumerate(view.action_bar.choices, 1) if isinstance(c.command, Tool))
    button = view.action_bar.buttons[n - 1]
    click(view, button.rect.center)  # the action bar's button, pressed and released
    frame(view)
    assert view.tool is not None and view.tool.unit == "imp"
    away = view.screen_point((imp.x + 3.0, imp.y - 2.0))  # north-east: open ground, nobody
    move_mouse(view, away)
    tpl = view.template()
    assert tpl is not None and tpl.caught == ()
    click(view, away)
    assert view.session.match.commands == [] and view.confirm_empty
    text, _colour = view.status_line()
    assert "HD-TMPL-3" in text and "HD-HOUSE-6" in text and view.names.of("imp") in text
    assert [c.label for c in view.action_bar.choices][:2] == ["Lay it anyway", "Aim again"] or \
        [c.label for c in view.groups()[0].choices][:2] == ["Lay it anyway", "Aim again"]
    key(view, pygame.K_ESCAPE)  # back to aiming: the template still in hand, nothing spent
    assert view.tool is not None and not view.confirm_empty and view.card is None
    click(view, away)
    assert view.confirm_empty and view.session.match.commands == []
    click(view, away)
    assert [type(c) for c in view.session.match.commands] == [Activate, Blast]
    assert view.tool is None and not view.confirm_empty


def test_an_explosion_on_nobody_asks_in_russian(ru: None, tmp_path: Path) -> None:
    view = make(tmp_path, (1024, 640))
    crowd(view, "inferno")
    malakh = view.state.unit("malakh")
    frame(view)
    view.selected = "malakh"
    frame(view)
    n = next(i for i, c in enumerate(view.action_bar.choices, 1) if isinstance(c.command, Tool))
    key(view, pygame.K_0 + n)
    for dx, dy in ((-2.5, 1.0), (-3.0, -2.0), (2.0, -3.0), (-4.0, 0.0), (0.0, -4.0), (4.0, -1.0)):
        move_mouse(view, view.screen_point((malakh.x + dx, malakh.y + dy)))
        tpl = view.template()
        assert tpl is not None
        if tpl.ok and not tpl.caught:  # in reach, a clear line of fire, nobody under it
            break
    else:
        pytest.fail("no empty point in reach of Malakh")
    key(view, pygame.K_RETURN)
    assert view.confirm_empty and view.session.match.commands == []
    text, _colour = view.status_line()
    assert "HD-EXPL-6" in text and "HD-HOUSE-6" in text and english_words([text], KEPT) == {}
    key(view, pygame.K_RETURN)
    assert [type(c) for c in view.session.match.commands] == [Activate, ShootAt]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_dragging_a_unit_that_may_not_move_says_why(headless: None, tmp_path: Path, lang: str) -> None:
    """An enemy (the other side's turn) and a unit already activated: the rules' own refusal of
    its activation (HD-HOUSE-3), named, in the reader's language; nothing moves."""
    set_language(lang)
    try:
        view = make(tmp_path, (1280, 800))
        crowd(view, "inferno")
        friar = view.state.unit("friar_tomas")
        a = view.screen_point((friar.x, friar.y))
        drag(view, a, (a[0] + 60, a[1] - 40))
        assert view.session.match.commands == [] and view.state.unit("friar_tomas") == friar
        said = view.message
        assert said.startswith(_("{unit} cannot move: {reason}").format(
            unit=view.names.of("friar_tomas"), reason="")) and said.endswith("(HD-HOUSE-3)")
        assert view.names.side("inferno") in said
        if lang == "ru":
            assert english_words([said], KEPT) == {}
        # the Imp activated and ended: dragging it again is refused as already activated
        view.submit(Activate("imp"), End("imp"))
        view.submit(Activate("pikeman"), End("pikeman"))  # the Conquistadors' turn passes back
        imp = view.state.unit("imp")
        b = view.screen_point((imp.x, imp.y))
        drag(view, b, (b[0] - 50, b[1]))
        assert view.state.unit("imp") == imp and view.message.endswith("(HD-HOUSE-3)")
        assert view.message != said and view.names.of("imp") in view.message
    finally:
        set_language("en")


def test_keys_with_nothing_to_do_say_why(en: None, tmp_path: Path) -> None:
    view = make(tmp_path, (1280, 800))
    crowd(view, "inferno")
    frame(view)
    key(view, pygame.K_SPACE)  # nobody active
    assert "HD-HOUSE-6" in view.message and view.session.match.commands == []
    key(view, pygame.K_9)  # no ninth action
    assert view.message == "There is no action 9 on the bar now."
    key(view, pygame.K_q)  # no template in hand
    assert view.message == "Q and E turn a template: pick one from the action bar first."
    view.submit(Activate("malakh"))
    key(view, pygame.K_TAB)  # Malakh is active: Tab cannot pick another
    assert view.message == "Malakh is still active: Space ends its activation (HD-HOUSE-3)."
    assert view.selected == "malakh"
    key(view, pygame.K_SPACE)  # Space ends the activation
    assert [type(c) for c in view.session.match.commands] == [Activate, End]
    assert view.state.turn == "conquistadors"


def test_right_click_opens_the_unit_s_actions(en: None, tmp_path: Path) -> None:
    """The action bar's "+N more: right-click the figure" keeps its word: a right-click on the
    unit opens every action on offer; one chosen there is done; a right-click on nobody says
    what it is for."""
    view = make(tmp_path, (1024, 640))
    crowd(view, "conquistadors")
    arq = view.state.unit("arquebusier_2")
    at = view.screen_point((arq.x, arq.y))
    click(view, at, button=3)
    assert view.menu is not None and view.selected == "arquebusier_2"
    offered = [c.command for g in view.groups() for c in g.choices]
    assert [c.command for c in view.menu.choices] == offered
    frame(view)
    shot = next(i for i, c in enumerate(view.menu.choices) if type(c.command).__name__ == "Shoot")
    rect = view.menu._row_rects()[[i for i, (_t, c) in enumerate(view.menu.rows) if c is not None][shot]]
    click(view, rect.center)
    assert view.menu is None
    assert [type(c).__name__ for c in view.session.match.commands][:2] == ["Activate", "Shoot"]
    nobody = view.screen_point((arq.x + 6.0, arq.y - 3.0))
    assert view.unit_at(nobody) == ""
    click(view, nobody, button=3)
    assert view.menu is None and view.message == "Right-click a unit to see its actions."
