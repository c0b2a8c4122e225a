"""What the UI tests put in place of a real screen."""

from __future__ import annotations


class NullView:
    """A view that does nothing: what a menu test lets the menu push instead of a game."""

    def resize(self, size: tuple[int, int]) -> None: ...

    def handle_event(self, event: object) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: object) -> None: ...
