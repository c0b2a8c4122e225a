"""The running hint of teaching mode: what the player can do now, in one line."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.play.ofa_view import OFAPlayView

KEYS_HELP = ("F1 help · Tab next figure · Space stop · Ctrl+Z undo · Ctrl+S save · "
             "wheel zoom · Home fit")


def hint(view: OFAPlayView) -> str:
    st = view.state
    names = view.names
    if st.winner:
        return f"The game is over: {names.side(st.winner)} win."
    side = view.session.to_play() or st.initiative
    if not view.human_to_play():
        return f"{names.side(side)} (AI) is playing. Space hurries it."
    if st.pending is not None:
        return "Split the duel's hits among the losing group: pick a split below."
    if view.targeting is not None:
        return ("Click more targets inside the gold reach (one base width), then Enter to "
                "strike; Esc cancels.")
    act = st.activation
    if view.selected and (act is None or act.figure != view.selected):
        extra = f" (this ends {names.of(act.figure)}'s activation)" if act is not None else ""
        return f"{names.of(view.selected)}: drag from the base to move, or choose an action{extra}."
    if act is not None:
        name = names.of(act.figure)
        if act.contact:
            return (f"{name} ran into {names.of(act.contact)}: act with it, duel, or Space to "
                    "stop.")
        return f"{name} is active, pool {act.pool}: drag to move, choose an action, or Space to stop."
    return f"{names.side(side)}: click one of your figures (or press Tab) to choose who acts."
