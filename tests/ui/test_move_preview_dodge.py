"""The drag preview of a One for All move is the rules' own sweep, also just after a dodge."""

from __future__ import annotations

from pathlib import Path

from game.rules.one_for_all.commands import Act, Activate, Move
from game.ui.play.ofa.move_preview import MovePreviewer, sweep_move
from tests.rules.one_for_all.scene import Piece, start, write_scene


def test_OFA_2A_2_the_preview_after_a_dodge_is_where_the_move_ends(tmp_path: Path) -> None:
    scene = write_scene(tmp_path, [("Athos", "musketeers", "athos", 200, 300),
                                   ("Guard", "cardinal", "guard", 500, 100)],
                        [Piece(7, 240, 280, 30, 40, 40.0), Piece(8, 330, 280, 30, 40, 40.0)])
    match = start(scene, [3, 3, 3, 3, 3, 3])
    match.submit(Activate("athos"))
    match.submit(Move("athos", 0.0, None))
    assert match.state.activation.contact == "7"  # ran into the first crate
    match.submit(Act("athos", "dodge", "7"))
    assert match.state.activation.dodged == "7"

    system = match.system
    before = match.state
    preview = MovePreviewer(system).preview(before, "athos", (450.0, 300.0))
    assert preview is not None and preview.command == Move("athos", 0.0, None)
    assert preview.touched == "8"  # past the dodged crate, up to the next one
    assert sweep_move(system, before, "athos", 0.0, None) == preview.result
    match.submit(preview.command)
    athos = match.state.figure("athos")
    assert (round(athos.x, 6), round(athos.y, 6)) == (round(preview.result.x, 6), round(preview.result.y, 6))
    assert match.state.activation.contact == "8"


def test_OFA_2A_2_a_dodge_does_not_let_the_preview_end_on_the_dodged_object(tmp_path: Path) -> None:
    """A second crate right behind the dodged one: ending against it would stand on the first,
    so the rules keep the first in the way (OFA-2A.2), and the preview shows the same."""
    scene = write_scene(tmp_path, [("Athos", "musketeers", "athos", 200, 300),
                                   ("Guard", "cardinal", "guard", 500, 100)],
                        [Piece(7, 240, 280, 30, 40, 40.0), Piece(8, 280, 280, 30, 40, 40.0)])
    match = start(scene, [3, 3, 3, 3, 3, 3])
    match.submit(Activate("athos"))
    match.submit(Move("athos", 0.0, None))
    match.submit(Act("athos", "dodge", "7"))
    before = match.state
    preview = MovePreviewer(match.system).preview(before, "athos", (450.0, 300.0))
    assert preview is not None
    match.submit(preview.command)
    athos = match.state.figure("athos")
    assert abs(athos.x - preview.result.x) < 1e-6 and abs(athos.y - preview.result.y) < 1e-6
    assert preview.touched == match.state.activation.contact == "7"
