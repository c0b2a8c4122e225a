"""Keys on the play screen (UI guide): Ctrl+Z undo, Ctrl+Y redo, Ctrl+S save, Ctrl+O load, F1
help, Esc cancel or menu, Tab next figure, Space end the activation (or hurry the AI), Enter
confirm the targets, 1-9 the action bar; arrows, Home, +/- and T go to the table's camera."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.rules.one_for_all.commands import Stop
from game.ui.play import menus
from game.ui.play.game_menu import help_card
from game.ui.view import ViewAction

if TYPE_CHECKING:
    from game.ui.play.ofa_view import OFAPlayView

#: keys the board view (camera) gets
TABLE_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME,
              pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS,
              pygame.K_t)


def key_down(view: OFAPlayView, event: pygame.event.Event) -> ViewAction | None:
    key = getattr(event, "key", 0)
    mods = getattr(event, "mod", 0)
    ctrl = bool(mods & pygame.KMOD_CTRL)
    if view.menu is not None:
        result = view.menu.handle_event(event)
        if result is not None:
            if result.closed:
                view.menu = None
            if result.choice is not None:
                view.choose(result.choice)
            return None
    if ctrl and key == pygame.K_z:
        if mods & pygame.KMOD_SHIFT:
            view.redo()
        else:
            view.undo()
    elif ctrl and key == pygame.K_y:
        view.redo()
    elif ctrl and key == pygame.K_s:
        view.save()
    elif ctrl and key == pygame.K_o:
        view.load()
    elif key == pygame.K_F1:
        view.card, view.card_kind = help_card(view.texts), "help"
    elif key == pygame.K_ESCAPE:
        escape(view)
    elif key == pygame.K_TAB:
        cycle(view, -1 if mods & pygame.KMOD_SHIFT else 1)
    elif key == pygame.K_SPACE:
        space(view)
    elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and view.targeting is not None:
        view.perform(view.targeting.choice, view.targeting.chosen)
    elif pygame.K_1 <= key <= pygame.K_9 and not ctrl:
        choice = view.action_bar.by_number(key - pygame.K_0)
        if choice is not None:
            if view.targeting is not None and choice.command is None:
                view.targeting = None
            elif view.targeting is not None:
                view.perform(view.targeting.choice, view.targeting.chosen)
            else:
                view.choose(choice)
    elif key in TABLE_KEYS:
        view.forward(event)
    return None


def escape(view: OFAPlayView) -> None:
    if view.drag is not None:
        view.drag, view.preview = None, None
        view.say(_("Move cancelled."))
    elif view.targeting is not None:
        view.targeting = None
    elif view.menu is not None:
        view.menu = None
    else:
        menus.open_menu_card(view)


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
    if not view.human_to_play() or view.state.pending is not None:
        return
    side = view.state.initiative
    figs = [f.id for f in view.state.figures if f.side == side and f.conscious]
    if not figs:
        return
    i = figs.index(view.selected) if view.selected in figs else (-1 if step > 0 else 0)
    view.selected = figs[(i + step) % len(figs)]
    view.targeting = None
    view.menu = None
