"""What the keys and the mouse do on Helldorado's screen, and the answer each one gets.

- Tab: the next unit of the side to play that is ready; Space: the active unit ends its
  activation (HD-HOUSE-6); 1-9: the action bar's actions; Q/E (or the wheel): turn the template
  in hand; Enter: lay it.
- On the table: a click looks at a unit (its sight lines), a drag from a unit that may act moves
  it, a click lays the template in hand, a right-click drops it or opens the action menu of the
  unit under the pointer (every action on offer, also those the bar has no room for).
- Every input that does nothing says why in the hint line, with the rule, in the reader's
  language (issue 16, item 4): a drag of a unit that may not move (the rules' refusal of its
  activation, HD-HOUSE-3), Tab during an activation, Space with nobody active, a number with
  no action, a right-click with nothing to offer.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.rules.helldorado.commands import End
from game.rules.helldorado.spatial import angle_to
from game.ui.play.action_menu import ActionMenu, take_menu_event
from game.ui.play.widgets import DANGER

if TYPE_CHECKING:
    from game.ui.play.hd.view import HDPlayView

#: how far the pointer goes (pixels) before a press becomes a drag
DRAG_PX = 6


# ---------------------------------------------------------------------- keys
def game_key(view: HDPlayView, event: pygame.event.Event) -> bool:
    """The game's own keys; False for a key it leaves to the shell (and the camera)."""
    k = getattr(event, "key", 0)
    if k in (pygame.K_q, pygame.K_e) and view.tool is not None:
        view.tool_angle = (view.tool_angle + (-5.0 if k == pygame.K_q else 5.0)) % 360.0
    elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and view.tool is not None:
        view.lay_tool()
    elif k == pygame.K_TAB:
        next_unit(view)
    elif k == pygame.K_SPACE and view.human_to_play():
        end_activation(view)
    elif k in (pygame.K_q, pygame.K_e):
        view.say(_("Q and E turn a template: pick one from the action bar first."))
    else:
        return False
    return True


def number_key(view: HDPlayView, n: int) -> None:
    """Keys 1-9: the ``n``-th action of the bar, else why there is none."""
    choice = view.action_bar.by_number(n)
    if choice is not None:
        view.choose(choice)
    elif not view.human_to_play():
        view.say(view.why_not_move(""))
    else:
        view.say(_("There is no action {n} on the bar now.").format(n=n))


def end_activation(view: HDPlayView) -> None:
    """Space: the active unit ends its activation (HD-HOUSE-6); else why it cannot."""
    st = view.state
    unit = st.activation.unit if st.activation else st.pending.unit if st.pending else ""
    if unit:  # while a choice waits the rules refuse it and say why (HD-MELEE-1)
        view.submit(End(unit))
    else:
        view.say(_("No unit is active: Space ends an activation once a unit has "
                   "started one (HD-HOUSE-6)."))


def next_unit(view: HDPlayView) -> None:
    """Tab: the next unit of the side to play that is ready (HD-HOUSE-3), else why not."""
    st = view.state
    if not view.human_to_play():
        view.say(view.why_not_move(""))
        return
    if st.activation is not None:
        view.say(_("{unit} is still active: Space ends its activation "
                   "(HD-HOUSE-3).").format(unit=view.names.of(st.activation.unit)))
        return
    ready = [u.id for u in st.ready(st.turn)]
    if not ready:
        view.say(_("{side} has no unit left to activate this round (HD-HOUSE-3).").format(
            side=view.names.side(st.turn)))
        return
    i = ready.index(view.selected) + 1 if view.selected in ready else 0
    view.selected = ready[i % len(ready)]


# ---------------------------------------------------------------------- the action menu
def open_menu(view: HDPlayView, uid: str, pos: tuple[int, int]) -> None:
    """Right-click on a unit: the menu of every action on offer for it (the bar may have no
    room for all), else why there is none."""
    if view.human_to_play() and view.state.pending is None:
        view.selected = uid
    groups = view.groups()
    if not groups:
        why = view.why_not_move(uid) if view.session.state.pending is None else ""
        view.say(why or _("{unit} has no action on offer now.").format(unit=view.names.of(uid)),
                 DANGER)
        return
    view.menu = ActionMenu(view.texts, groups, pos, view.layout.table, f"{view.names.of(uid)}:")


def menu_event(view: HDPlayView, event: pygame.event.Event) -> Any:
    """The open action menu takes ``event``: its result (None when it did not use it)."""
    return take_menu_event(view, event)


# ---------------------------------------------------------------------- the mouse
def table_event(view: HDPlayView, event: pygame.event.Event) -> None:
    kind = event.type
    if kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        mouse(view, event)
    elif kind == pygame.MOUSEWHEEL:
        if view.tool is not None and view.tool.kind == "template":
            view.tool_angle = (view.tool_angle + 5.0 * float(getattr(event, "y", 0))) % 360.0
        else:
            view.forward(event)
    elif kind in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
        view.cursor = None
        view.hover = ""
        view.forward(event)
    else:
        view.forward(event)


def mouse(view: HDPlayView, event: pygame.event.Event) -> None:
    raw = getattr(event, "pos", (0, 0))
    pos = (int(raw[0]), int(raw[1]))
    view.cursor = pos
    if view.menu is not None:
        result = menu_event(view, event)
        if event.type == pygame.MOUSEMOTION:
            view.hot = view.menu.hot_choice() if view.menu is not None else None
            return
        if result is not None:
            return
    lay = view.layout
    on_table = lay.table.collidepoint(pos)
    if event.type == pygame.MOUSEMOTION:
        motion(view, event, pos, on_table)
    elif event.type == pygame.MOUSEBUTTONDOWN:
        press(view, event, pos, on_table)
    elif view.drag_from is not None:  # the button's release ends the drag
        start, view.drag_from = view.drag_from, None
        target, view.drag_to = view.drag_to, None
        if target is not None and math.hypot(pos[0] - start[0], pos[1] - start[1]) > DRAG_PX:
            view.move_to(view.selected, target)
    elif view.refused_drag is not None:  # a unit that may not move was dragged: why
        (uid, start), view.refused_drag = view.refused_drag, None
        if math.hypot(pos[0] - start[0], pos[1] - start[1]) > DRAG_PX:
            view.say(view.why_not_move(uid), DANGER)
    else:
        view.forward(event)


def motion(view: HDPlayView, event: pygame.event.Event, pos: tuple[int, int], on_table: bool) -> None:
    lay = view.layout
    view.hot = view.action_bar.choice_at(pos) if lay.actions.collidepoint(pos) else None
    if on_table and view.tool is not None:
        u = view.state.unit(view.tool.unit)
        p = view.world_at(pos)
        view.tool_point = p
        if math.hypot(p[0] - u.x, p[1] - u.y) > 0.05:
            view.tool_angle = angle_to(u, p)
    if view.drag_from is not None:
        view.drag_to = view.world_at(pos)
        return
    view.hover = view.unit_at(pos) if on_table else ""
    view.hover_piece = view.piece_at(pos) if on_table and not view.hover and view.tool is None else ""
    view.forward(event)


def press(view: HDPlayView, event: pygame.event.Event, pos: tuple[int, int], on_table: bool) -> None:
    lay = view.layout
    button = getattr(event, "button", 1)
    if lay.top.collidepoint(pos) or (lay.actions.collidepoint(pos) and button == 1):
        return  # the bars' buttons act when released
    if not on_table:
        return
    uid = view.unit_at(pos)
    if button == 3:
        if view.tool is not None:
            view.tool, view.confirm_empty = None, False
        elif uid:
            open_menu(view, uid, pos)
        else:
            view.say(_("Right-click a unit to see its actions."))
        return
    if view.tool is not None and button == 1:
        view.lay_tool()
        return
    if button == 1 and uid:
        if view.human_to_play():
            view.selected = uid
        if view.human_to_play() and view.session.can_act(uid):
            view.drag_from = pos
            view.drag_to = None
        else:  # a click looks at it; a drag is told why it cannot move
            view.refused_drag = (uid, pos)
        return
    view.forward(event)
