"""The running hint of teaching mode: what the player can do now, in one line. Strict mode
gives no teaching hints: only who is playing and the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import N_, _

if TYPE_CHECKING:
    from game.ui.play.ofa.view import OFAPlayView

KEYS_HELP = N_("F1 help · Tab next figure · Space stop · Ctrl+Z undo · Ctrl+S save · "
               "wheel zoom · Home fit")


def keys_help() -> str:
    """The keys line (in the current language)."""
    return _(KEYS_HELP)


def hint(view: OFAPlayView) -> str:
    st = view.state
    names = view.names
    if st.winner:
        return _("The game is over: {side} won.").format(side=names.side(st.winner))
    side = view.session.to_play() or st.initiative
    if not view.human_to_play():
        return _("{side} (AI) is playing. Space hurries it.").format(side=names.side(side))
    if view.session.match.mode == "strict":
        return ""
    if st.pending is not None:
        return _("Split the duel's hits among the losing group: pick a split below.")
    if view.targeting is not None:
        return _("Click more targets inside the gold reach (one base width), then Enter to "
                 "strike; Esc cancels.")
    act = st.activation
    if view.selected and (act is None or act.figure != view.selected):
        name = names.of(view.selected)
        if act is not None:
            return _("{name}: drag from the base to move, or choose an action (this ends "
                     "{active}'s activation).").format(name=name, active=names.of(act.figure))
        return _("{name}: drag from the base to move, or choose an action.").format(name=name)
    if act is not None:
        name = names.of(act.figure)
        if act.contact:
            return _("{name} ran into {other}: act with it, duel, or Space to stop.").format(
                name=name, other=names.of(act.contact))
        return _("{name} is active, pool {pool}: drag to move, choose an action, or Space to "
                 "stop.").format(name=name, pool=act.pool)
    return _("{side}: click one of your figures (or press Tab) to choose who acts.").format(
        side=names.side(side))
