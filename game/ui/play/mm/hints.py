"""The Mice and Mystics screen's running words on the status line: the hint of what the mouse in
turn can do (teaching mode) or of the keys (strict mode), the chapter's outcome, and why a move
is refused (a mouse that may not leave its cell, a cell out of reach). Each fits the status line
whole: the longest of its forms that fits is chosen (``fitting``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import N_, _
from game.rules.engine import IllegalCommand
from game.rules.mice_and_mystics.commands import Attack, Step
from game.rules.mice_and_mystics.occupancy import can_leave
from game.rules.mice_and_mystics.state import END_TEXTS, GM, EndReason, Phase
from game.ui.play.widgets import TEXT_PX

if TYPE_CHECKING:
    from game.ui.play.mm.view import MMPlayView

#: why the mouse in turn may not leave its cell (MM-MOVE-4), by the leave rule in play: the
#: sentence, then shorter ones for a narrower status line
LEAVE_WORDS = {
    "greater": (N_("{mouse} cannot leave {cell}: mice {mice}, minions {minions}; the mice must "
                   "outnumber the minions (MM-MOVE-4)"),
                N_("{mouse} cannot leave: mice {mice}, minions {minions}; the mice must "
                   "outnumber them (MM-MOVE-4)"),
                N_("{mouse} cannot leave: too few mice for the minions (MM-MOVE-4)")),
    "greater_or_equal": (N_("{mouse} cannot leave {cell}: mice {mice}, minions {minions}; the "
                            "minions must be no more than the mice (MM-MOVE-4)"),
                         N_("{mouse} cannot leave: mice {mice}, minions {minions}; the minions "
                            "must be no more than the mice (MM-MOVE-4)"),
                         N_("{mouse} cannot leave: too few mice for the minions (MM-MOVE-4)")),
}


def outcome_text(view: MMPlayView) -> str:
    """How the chapter ended, with the rules' reason ("" while it goes on)."""
    out = view.session.match.outcome()
    if out is None:
        return ""
    reason = _(END_TEXTS[EndReason(out.reason)])
    if view.state.result == "won":
        return _("Chapter over: the mice win - {reason}").format(reason=reason)
    return _("Chapter over: the mice lose - {reason}").format(reason=reason)


def hint(view: MMPlayView) -> str:
    """The status line's running hint: what the mouse in turn can do (teaching mode), else the
    keys (strict mode)."""
    st = view.state
    if st.result:
        return outcome_text(view)
    if not view.session.human_to_play():
        return _("Minions are acting...") if view.session.to_play() == GM else \
            _("The AI is playing...")
    t = st.turn
    if not view.teaching:  # strict mode: no hints about what to do, the keys only
        if t is None:
            return _("F1 help, Ctrl+Z undo, Ctrl+S save, Ctrl+O load.")
        who = view.name(t.mouse)
        return fitting(view, _("{mouse} to play. F1 help, Ctrl+Z undo, Ctrl+S save, Ctrl+O "
                               "load.").format(mouse=who),
                       _("{mouse} to play. F1 help.").format(mouse=who))
    if st.pending:
        return _("Settle the choice in the action bar.")
    if st.phase == Phase.CAPTURED:
        return _("Captured: rescue the mouse onto a blue cell, or end the turn.")
    reach = view.reach()
    if t is not None and reach is not None:
        stuck = leave_refusal(view)
        if stuck:
            return stuck
        m = st.mouse(t.mouse)
        facts = dict(mouse=view.name(m.id), move=m.move, d3=t.d3, mp=t.mp)
        if any(isinstance(c, Attack) for c in view.session.legal()):
            return fitting(
                view,
                _("{mouse}: Move {move} + {d3} rolled on a d3 = {mp} move points. Click a green cell to move "
                  "there, a minion ringed in red to attack it.").format(**facts),
                _("{mouse}: {mp} move points. Click a green cell to move, a red-ringed minion "
                  "to attack.").format(**facts))
        return fitting(
            view,
            _("{mouse}: Move {move} + {d3} rolled on a d3 = {mp} move points. Click a green cell to move "
              "there.").format(**facts),
            _("{mouse}: {mp} move points. Click a green cell to move.").format(**facts))
    return fitting(view, _("Pick an action below (keys 1-9), or end the turn. F1 help."),
                   _("Pick an action below, or end the turn."))


def fitting(view: MMPlayView, *texts: str) -> str:
    """The first of ``texts`` that fits the status line whole (the last one else)."""
    room = view.layout.status.width - 20
    return next((t for t in texts if view.texts.width(t, TEXT_PX) <= room), texts[-1])


def why_not_there(view: MMPlayView, cell: str) -> str:
    """Why the mouse in turn cannot move to ``cell`` (not among the cells it can reach): it
    may not leave its cell, the rules refuse the step (its move is over, it is webbed...),
    or the cell is farther than its move points take it."""
    st = view.state
    t = st.turn
    assert t is not None
    stuck = leave_refusal(view)
    if stuck:
        return stuck
    try:
        view.session.system.check(st, Step(t.mouse, cell))
    except IllegalCommand as exc:
        if exc.key not in ("mm.path.not_adjacent", "mm.path.too_far"):
            return view.session.refusal(exc)
    return _("{cell} is out of reach: {mouse} has {mp} move points this turn.").format(
        cell=view.cell_name(cell), mouse=view.name(t.mouse), mp=t.mp)


def leave_refusal(view: MMPlayView) -> str:
    """Why the mouse in turn may not leave its cell (MM-MOVE-4: the minions there are too
    many for the mice), with the count of both; "" when it may."""
    st = view.state
    t = st.turn
    if t is None or st.phase != Phase.TURN or not st.has_mouse(t.mouse):
        return ""
    m = st.mouse(t.mouse)
    occ = view.session.system.occupancy(st)
    rules = st.cfg.move_rules
    if can_leave(occ, m.cell, rules):
        return ""
    n = occ[m.cell]
    words = LEAVE_WORDS["greater_or_equal" if rules.leave_rule == "greater_or_equal" else "greater"]
    facts = dict(mouse=view.name(m.id), cell=view.cell_name(m.cell), mice=max(n.mice, 1),
                 minions=n.minions)
    return fitting(view, *(_(w).format(**facts) for w in words))
