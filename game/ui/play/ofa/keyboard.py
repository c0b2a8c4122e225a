"""One for All's own keys (the shell takes the shared ones: Esc, F1, Ctrl+Z/Y/S/O, F12): Tab next
figure, Space end the activation (or hurry the AI), Enter confirm the targets, 1-9 the action
bar; arrows, Home, +/- and T go to the table's camera. Esc first drops what is in hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.rules.one_for_all.commands import Stop

if TYPE_CHECKING:
    from game.ui.play.ofa.view import OFAPlayView

#: keys the board view (camera) gets
TABLE_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME,
              pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS,
              pygame.K_t)


def game_key(view: OFAPlayView, event: pygame.event.Event) -> None:
    key = getattr(event, "key", 0)
    mods = getattr(event, "mod", 0)
    if key == pygame.K_TAB:
        cycle(view, -1 if mods & pygame.KMOD_SHIFT else 1)
    elif key == pygame.K_SPACE:
        space(view)
    elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and view.targeting is not None:
        view.perform(view.targeting.choice, view.targeting.chosen)
    elif key in TABLE_KEYS:
        view.forward(event)


def number_key(view: OFAPlayView, n: int) -> None:
    """Keys 1-9: the action bar's ``n``-th choice (Cancel or strike while picking targets)."""
    choice = view.action_bar.by_number(n)
    if choice is None:
        view.say(_("No action has the number {n} now.").format(n=n))
        return
    if view.targeting is not None and choice.command is None:
        view.targeting = None
    elif view.targeting is not None:
        view.perform(view.targeting.choice, view.targeting.chosen)
    else:
        view.choose(choice)


def cancel(view: OFAPlayView) -> bool:
    """Esc: a drag, the targets being picked or the action menu go first."""
    if view.drag is not None:
        view.drag, view.preview = None, None
        view.say(_("Move cancelled."))
    elif view.targeting is not None:
        view.targeting = None
        view.say(_("Targets cancelled."))
    elif view.menu is not None:
        view.menu = None
    else:
        return False
    return True


def space(view: OFAPlayView) -> None:
    if not view.human_to_play():
        view.hurry_ai()
        return
    act = view.state.activation
    if act is not None and view.state.pending is None:
        view.submit(Stop(act.figure))
    else:
        view.say(_("No figure is active: there is nothing to stop."))


def cycle(view: OFAPlayView, step: int) -> None:
    if not view.human_to_play():
        view.say(view.hint())
        return
    if view.state.pending is not None:
        view.say(_("Split the duel's hits among the losing group: pick a split below."))
        return
    side = view.state.initiative
    figs = [f.id for f in view.state.figures if f.side == side and f.conscious]
    if not figs:
        return
    i = figs.index(view.selected) if view.selected in figs else (-1 if step > 0 else 0)
    view.selected = figs[(i + step) % len(figs)]
    view.targeting = None
    view.menu = None
