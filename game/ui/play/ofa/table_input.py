"""Mouse on the play screen: choosing a figure, dragging a move, opening the action menu on
what a figure touches, picking an action's targets, and the clicks on the bars and panels.
Each function takes the view and changes its state (never the match: commands go through
``view.submit``)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
from shapely.geometry import Point

from game.i18n import _
from game.rules.engine.errors import IllegalCommand
from game.rules.one_for_all.commands import Activate, Move
from game.ui.play.choices import Choice
from game.ui.play.ofa.actions import addable_targets, still_linked
from game.ui.play.widgets import DANGER

if TYPE_CHECKING:
    from game.ui.play.ofa.view import OFAPlayView

#: a drag this many pixels long that did not become a move says why
TOLD_DRAG_PX = 12


@dataclass
class Drag:
    """A press on a figure of the side to play: becomes a move once it leaves the base."""

    figure: str
    start: tuple[int, int]
    blocked: str = ""  #: why the figure cannot move ("" when it can)
    own: bool = True  #: a figure of the side to play (else only its card shows, and why not)


@dataclass
class Targeting:
    """An action waiting for more targets (OFA-MG.6)."""

    choice: Choice
    chosen: list[str]


def figure_at(view: OFAPlayView, pos: tuple[int, int]) -> str | None:
    if not view.layout.table.collidepoint(pos):
        return None
    return view.figure_layer.figure_at(view.board_view.camera, view.shown, view.to_table(pos))


def object_at(view: OFAPlayView, pos: tuple[int, int], keys: set[str]) -> str:
    """A terrain piece under ``pos`` that the choices use ("" when none)."""
    if not keys or not view.layout.table.collidepoint(pos):
        return ""
    x, y = view.world_at(pos)
    index = view.session.system.index(view.state)
    hits = index.tree.query(Point(x, y).buffer(2.0), predicate="intersects")
    for i in sorted(hits.tolist(), key=lambda i: -index.solids[int(i)].top):
        ident = index.solids[int(i)].id
        if ident in keys:
            return ident
    return ""


def piece_at(view: OFAPlayView, pos: tuple[int, int]) -> str:
    """The terrain piece under ``pos`` (the highest where pieces stack), "" for none."""
    if not view.layout.table.collidepoint(pos):
        return ""
    x, y = view.world_at(pos)
    index = view.session.system.index(view.state)
    hits = [index.solids[int(i)] for i in index.tree.query(Point(x, y), predicate="intersects")]
    return max(hits, key=lambda s: s.top).id if hits else ""


def motion(view: OFAPlayView, event: pygame.event.Event, pos: tuple[int, int]) -> None:
    view.hover = figure_at(view, pos) or ""
    view.hover_piece = "" if view.hover or view.drag is not None else piece_at(view, pos)
    if view.hover_piece:
        view.hover_at = view.world_at(pos)
    view.hot = view.action_bar.choice_at(pos) if view.layout.actions.collidepoint(pos) else None
    if view.drag is not None:
        update_preview(view, pos)
    elif view.panning:
        view.forward(event)
        if not any(getattr(event, "buttons", (0, 0, 0))[:2]):
            view.panning = False
    else:
        view.forward(event)


def shift(view: OFAPlayView) -> bool:
    return bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)


def update_preview(view: OFAPlayView, pos: tuple[int, int]) -> None:
    drag = view.drag
    opts = view.options()
    if drag is None or opts is None or drag.blocked:
        view.preview = None
        return
    view.preview = view.previewer.preview(opts.state, drag.figure, view.world_at(pos),
                                          exact_length=shift(view))


def press(view: OFAPlayView, event: pygame.event.Event, pos: tuple[int, int]) -> None:
    button = getattr(event, "button", 0)
    lay = view.layout
    if button == 3:
        right_click(view, pos)
        return
    if button != 1:
        if lay.table.collidepoint(pos):
            view.panning = True
            view.forward(event)
        return
    if lay.top.collidepoint(pos) or lay.actions.collidepoint(pos):
        return  # the bars' buttons act when they are released (``bars_pressed``)
    if lay.panel.collidepoint(pos):
        return  # the side panel's (the shell's ``panel_event``)
    if not lay.table.collidepoint(pos):
        return
    fig_id = figure_at(view, pos)
    if view.targeting is not None:
        target_click(view, fig_id)
        return
    st = view.state
    if fig_id is not None:
        fig = st.figure(fig_id)
        view.inspected = fig_id
        if view.human_to_play() and fig.side == st.initiative and st.pending is None:
            view.selected = fig_id
            view.drag = Drag(fig_id, pos, move_blocked(view, fig_id))
            view.preview = None
            return
        opts = view.options()
        if opts is not None and any(g.key == fig_id for g in opts.groups):
            view.open_menu(fig_id, pos)
            return
        # not a figure to play: the release says why (its card shows meanwhile)
        view.drag = Drag(fig_id, pos, not_to_play(view, fig_id), own=False)
        view.preview = None
        return
    opts = view.options()
    keys = {g.key for g in opts.groups} if opts is not None else set()
    obj = object_at(view, pos, keys)
    if obj:
        view.open_menu(obj, pos)
        return
    view.panning = True
    view.forward(event)


def bars_pressed(view: OFAPlayView) -> None:
    """Do what the action bar's buttons were pressed for (the tabs choose themselves, the top
    bar's buttons are the shell's)."""
    for choice in view.action_bar.take():
        if view.targeting is not None:
            if choice.command is None:
                view.targeting = None
            else:
                view.perform(view.targeting.choice, view.targeting.chosen)
        else:
            view.choose(choice)


def not_to_play(view: OFAPlayView, figure_id: str) -> str:
    """Why a figure the player pressed cannot be played now, in the rules' own words (the
    refusal of activating it, with its rule ID)."""
    st = view.state
    if not view.human_to_play():
        side = view.session.to_play() or st.initiative
        return _("{side} (AI) is playing").format(side=view.names.side(side))
    try:
        view.session.system.check(st, Activate(figure_id))
    except IllegalCommand as exc:
        return view.session.refusal(exc)
    return _("it cannot act now")


def move_blocked(view: OFAPlayView, figure_id: str) -> str:
    """Why this figure cannot move now ("" when it can), from the rules themselves."""
    opts = view.options()
    if opts is None or opts.actor != figure_id:
        return _("it cannot act now")
    act = opts.state.activation
    fig = opts.state.figure(figure_id)
    if act is not None and act.contact:
        return _("{name} ran into {other}: act with it, duel or stop (OFA-2B.2)").format(
            name=view.names.of(fig.id), other=view.names.of(act.contact))
    if fig.markers.stunned:
        return _("{name} is Stunned and cannot move (OFA-5D.3)").format(name=view.names.of(fig.id))
    if fig.hanging_on:
        return _("{name} hangs from {other} (OFA-2B.1)").format(
            name=view.names.of(fig.id), other=view.names.of(fig.hanging_on))
    return ""


def release(view: OFAPlayView, event: pygame.event.Event, pos: tuple[int, int]) -> None:
    button = getattr(event, "button", 0)
    if button in (1, 2) and view.panning:
        view.panning = False
        view.forward(event)
    if button != 1 or view.drag is None:
        return
    drag, preview = view.drag, view.preview
    view.drag, view.preview = None, None
    if preview is None:
        if drag.blocked and math.dist(drag.start, pos) > TOLD_DRAG_PX:
            view.say(_("Not allowed: {reason}").format(reason=drag.blocked), DANGER)
        elif not drag.own:
            view.say(_("{reason}. Its card is in the Figure tab.").format(reason=drag.blocked))
        return
    opts = view.options()
    command: Move = preview.command
    if opts is not None and opts.activate_first:
        view.submit(Activate(opts.actor), command)
    else:
        view.submit(command)


def right_click(view: OFAPlayView, pos: tuple[int, int]) -> None:
    if view.drag is not None:
        view.drag, view.preview = None, None
        view.say(_("Move cancelled."))
        return
    if view.targeting is not None:
        view.targeting = None
        view.say(_("Targets cancelled."))
        return
    if not view.layout.table.collidepoint(pos):
        return
    fig_id = figure_at(view, pos)
    opts = view.options()
    if opts is None:
        view.say(not_to_play(view, fig_id) if fig_id is not None else view.hint())
        return
    if fig_id is not None and fig_id != opts.actor and view.open_menu(fig_id, pos):
        return
    obj = "" if fig_id is not None else object_at(view, pos, {g.key for g in opts.groups})
    if not view.open_menu(obj or "*", pos):
        view.say(_("Nothing to do there now."))


def target_click(view: OFAPlayView, fig_id: str | None) -> None:
    tg = view.targeting
    opts = view.options()
    if tg is None or opts is None:
        return
    if fig_id is None:
        view.say(_("No figure there: click a target inside the gold reach, Enter to strike, Esc "
                   "to cancel."))
        return
    first = tg.choice.chain_from
    if fig_id == first:
        view.perform(tg.choice, tg.chosen)
    elif fig_id in tg.chosen:
        tg.chosen.remove(fig_id)
        tg.chosen[:] = still_linked(opts.state, first, tg.chosen)
    elif fig_id in addable_targets(opts.state, opts.actor, first, tg.chosen):
        tg.chosen.append(fig_id)
    else:
        view.say(_("{name} is not within a base width of the targets (OFA-MG.6).").format(
            name=view.names.of(fig_id)), DANGER)
