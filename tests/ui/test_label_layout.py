"""The one placement of labels on the table (issue 16, item 1): never over another label or a
base, never off the view, the important ones first, moved labels tied back by a leader line."""

from __future__ import annotations

import random

from game.ui.label_layout import Label, Placed, circle_box, inside, layout, overlaps

VIEW = (0.0, 0.0, 800.0, 600.0)


def _check(placed: tuple[Placed, ...], obstacles: list[tuple[float, float, float, float]]) -> None:
    for i, a in enumerate(placed):
        assert inside(a.box, VIEW), a
        for b in placed[i + 1:]:
            assert not overlaps(a.box, b.box), (a, b)
        for o in obstacles:
            assert not overlaps(a.box, o), (a, o)


def test_a_lone_label_sits_just_below_its_base() -> None:
    base = circle_box((400, 300), 12)
    (p,) = layout([Label("athos", (400, 300), (60, 14), clearance=12)], VIEW, [base])
    x, y, w, h = p.box
    assert (x + w / 2, y) == (400, 300 + 12 + 2)
    assert p.leader is None and not p.short


def test_crowded_labels_never_overlap_each_other_nor_bases_nor_leave_the_view() -> None:
    rng = random.Random(16)
    for _ in range(40):
        figures = [(rng.uniform(-20, 820), rng.uniform(-20, 620), rng.uniform(6, 20)) for _ in range(30)]
        bases = [circle_box((x, y), r) for x, y, r in figures]
        labels = [Label(i, (x, y), (rng.randint(30, 120), 14), clearance=r, priority=rng.randint(0, 2),
                        short_size=(24, 14)) for i, (x, y, r) in enumerate(figures)]
        _check(layout(labels, VIEW, bases), bases)


def test_four_labels_on_one_anchor_all_find_a_place_with_leaders_for_the_far_ones() -> None:
    """Four mice in one cell: one name below, one above, then right and left."""
    labels = [Label(name, (400, 300), (70, 14), clearance=10) for name in ("Tilly", "Nez", "Filch", "Collin")]
    placed = layout(labels, VIEW, [circle_box((400, 300), 10)])
    assert [p.key for p in placed] == ["Tilly", "Nez", "Filch", "Collin"]
    _check(placed, [circle_box((400, 300), 10)])


def test_the_selected_figure_is_placed_first_at_its_best_place() -> None:
    bases = [circle_box((400, 300), 10), circle_box((440, 300), 10)]
    guard = Label("guard", (440, 300), (60, 14), clearance=10)
    athos = Label("athos", (400, 300), (60, 14), clearance=10)
    plain = {p.key: p.box for p in layout([guard, athos], VIEW, bases)}
    assert plain["guard"][1] == 312 and plain["athos"][1] < 300  # first come, first below
    chosen = {p.key: p.box for p in layout([guard, Label("athos", (400, 300), (60, 14), clearance=10,
                                                         priority=5)], VIEW, bases)}
    assert chosen["athos"] == (370, 312, 60, 14) and chosen["guard"][1] < 300


def test_a_label_moved_away_gets_a_leader_from_its_base() -> None:
    # everything just around the base is taken: below, above, right and left (and so the corners)
    blocks = [circle_box((400, 300), 10), (330, 311, 140, 12), (330, 277, 140, 12), (411, 290, 80, 20),
              (309, 290, 80, 20)]
    (p,) = layout([Label("porthos", (400, 300), (60, 14), clearance=10)], VIEW, blocks)
    assert p.leader is not None
    (sx, sy), (ex, ey) = p.leader
    assert abs(((sx - 400) ** 2 + (sy - 300) ** 2) ** 0.5 - 10) < 1e-6
    x, y, w, h = p.box
    assert x <= ex <= x + w and y <= ey <= y + h


def test_the_short_form_when_the_full_one_finds_no_room_and_none_when_neither_does() -> None:
    walls = [(0, 0, 800, 290), (0, 318, 800, 282), (0, 290, 330, 28), (470, 290, 330, 28)]
    short = Label("damned", (400, 304), (200, 14), short_size=(40, 14))
    (p,) = layout([short], VIEW, walls)
    assert p.short and p.box[2] == 40
    assert layout([Label("x", (400, 304), (200, 14))], VIEW, walls) == ()


def test_a_label_at_the_edge_slides_into_the_view() -> None:
    (p,) = layout([Label("aramis", (795, 300), (80, 14), clearance=5)], VIEW)
    assert inside(p.box, VIEW)


def test_the_same_input_gives_the_same_layout_from_memory() -> None:
    labels = [Label(i, (100 + 10 * i, 100), (50, 14), clearance=5) for i in range(10)]
    assert layout(labels, VIEW) is layout(list(labels), VIEW)
