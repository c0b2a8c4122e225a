"""Views: what the app loop shows. A view handles events, updates with time and draws itself;
the loop only dispatches. Views are kept in a stack so a menu or a sandbox can sit on a game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame


@dataclass(frozen=True)
class Quit:
    """Close the app."""


@dataclass(frozen=True)
class Push:
    view: View


@dataclass(frozen=True)
class Pop:
    """Remove the top view (closing the app when it was the last)."""


@dataclass(frozen=True)
class Home:
    """Back to the main menu: the first view of the stack when others lie on it (a game started
    from the menu), else a main menu made by the stack's ``home`` (a game opened directly);
    closes the app when there is neither."""


ViewAction = Quit | Push | Pop | Home


class View(Protocol):
    def resize(self, size: tuple[int, int]) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> ViewAction | None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class ViewStack:
    """The views on screen; the top one gets the events and is drawn. ``home(size)`` makes the
    main menu for ``Home`` when the stack did not start with it."""

    def __init__(self, first: View, home: Callable[[tuple[int, int]], View] | None = None) -> None:
        self._views: list[View] = [first]
        self.home = home

    @property
    def top(self) -> View | None:
        return self._views[-1] if self._views else None

    @property
    def empty(self) -> bool:
        return not self._views

    def apply(self, action: ViewAction | None, size: tuple[int, int]) -> None:
        if isinstance(action, Quit):
            self._views.clear()
        elif isinstance(action, Pop):
            if self._views:
                self._views.pop()
        elif isinstance(action, Push):
            action.view.resize(size)
            self._views.append(action.view)
        elif isinstance(action, Home):
            if len(self._views) > 1:
                del self._views[1:]
                self._views[0].resize(size)
            elif self.home is not None:
                menu = self.home(size)
                menu.resize(size)
                self._views = [menu]
            else:
                self._views.clear()
