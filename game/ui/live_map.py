"""Live reload (issue 18, point 6): a screen on a map file follows the file as it is saved again
in Tiled.

``LiveMap(view, path, remake)`` is the view on screen: it shows ``view`` and hands it everything,
and its update asks a ``FileWatch`` (``game.core.watch``: the disk looked at twice a second at
most) whether the map, or a file it names beside it (a Mice and Mystics chapter), changed. When
one did, ``remake(view)`` makes the screen again on the files as they are now:

* in the sandbox, and in a game nobody has moved in yet (its setup), at once: the table is drawn
  anew within a second (the sandbox keeps its figures where they still fit, ``sandbox/live.py``);
* in a game in progress, a card offers to restart on the changed map, or to keep playing.

A file that cannot be read as it is now (half written, or broken) leaves the screen as it was,
saying so in one line. Attributes the screen's callers read (``session``, ``board``...) are the
shown view's.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.board import load_board
from game.board.model import Board
from game.core.errors import MapError
from game.core.watch import FileWatch
from game.i18n import _
from game.ui.view import View, ViewAction

#: the card's button that restarts the game on the changed map
RESTART = "restart"
#: events the card takes while it is up (the rest wait until it is gone)
CARD_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION)


class ReloadError(Exception):
    """The changed map cannot be shown: ``str()`` is one line naming the file and the fault,
    ``reason`` the fault alone (for a card that names the file itself)."""

    def __init__(self, line: str, reason: str) -> None:
        super().__init__(line)
        self.reason = reason


def reload_board(path: Path) -> tuple[Board, Any]:
    """The map at ``path`` as it is now, with a fresh image loader (the tilesets may have
    changed too); ``ReloadError`` when it cannot be read."""
    from game.ui.images import SafeImageLoader

    loader = SafeImageLoader()
    try:
        return load_board(path, image_loader=loader), loader
    except MapError as exc:
        raise ReloadError(str(exc), exc.problem.message) from None
    except (OSError, RecursionError, ValueError) as exc:
        reason = str(getattr(exc, "strerror", None) or exc)
        raise ReloadError(f"{path}: error: {reason}", reason) from None


def watched_files(map_file: Path, board: Board | None) -> tuple[Path, ...]:
    """The map and the files its properties name beside it (a Mice and Mystics chapter): a
    save of any of them makes the screen again."""
    found = [map_file]
    for value in (board.properties.values() if board is not None else ()):
        if isinstance(value, str) and value.strip():  # a file property is read as a full path
            named = map_file.parent / value  # (a relative one is taken from the map's folder)
            if named.suffix and named.is_file() and named not in found:
                found.append(named)
    return tuple(found)


def in_progress(view: Any) -> bool:
    """Has a command been played in the game ``view`` shows (False: no game, or its setup)?"""
    match = getattr(getattr(view, "session", None), "match", None)
    return bool(getattr(match, "steps", ()))


Remake = Callable[[Any], Any]


class LiveMap:
    """``view``, made again by ``remake(view)`` whenever its map file changes on disk."""

    def __init__(self, view: View, path: Path, remake: Remake, *,
                 watch: FileWatch | None = None) -> None:
        self.__dict__["inner"] = view  # first: ``__getattr__`` reads through it
        self.map_file = Path(path)
        self.remake = remake
        self.watch = watch if watch is not None else \
            FileWatch(watched_files(self.map_file, getattr(view, "board", None)))
        self._size: tuple[int, int] | None = None
        #: the card up over the screen (None: none): the offer to restart a game in progress on
        #: the changed map, or why the changed map cannot be read
        self.offer: Any = None
        #: the card saying why the changed map cannot be read, while it is up (None: not up)
        self.unreadable: Any = None
        #: how many times the screen was made again on a changed map
        self.reloads = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.__dict__["inner"], name)

    # ------------------------------------------------------------------ the file
    def check(self) -> bool:
        """Look at the file (at most twice a second); on a change, remake the screen or offer
        to. True when the file changed."""
        if not self.watch.changed():
            return False
        if in_progress(self.inner):
            self.offer, self.unreadable = restart_card(self.map_file), None
        else:
            self.reload()
        return True

    def reload(self) -> bool:
        """Make the screen again on the map as it is now; False (said on the screen and the
        terminal) when it cannot be."""
        try:
            made = self.remake(self.inner)
        except ReloadError as exc:
            self.tell(_("The map changed but cannot be read: {error}. The table stays as it "
                        "was.").format(error=str(exc)))
            self.offer = self.unreadable = unreadable_card(self.map_file, exc.reason)  # all of it
            return False
        if made is None:
            self.tell(_("The map changed but cannot be played now (the terminal says why). "
                        "The table stays as it was."))
            return False
        if self._size is not None:
            made.resize(self._size)
        self.__dict__["inner"] = made
        files = watched_files(self.map_file, getattr(made, "board", None))
        if files != self.watch.paths:  # the map names another chapter file now
            self.watch = FileWatch(files, interval=self.watch.interval, clock=self.watch.clock)
        self.offer = self.unreadable = None
        self.reloads += 1
        return True

    def tell(self, text: str) -> None:
        """One line on the shown screen (its status or message), and on the terminal."""
        print(f"{self.map_file}: {text}", file=sys.stderr)
        say = getattr(self.inner, "say", None)
        if callable(say):
            say(text)
        elif hasattr(self.inner, "message"):
            self.inner.message = text

    # ------------------------------------------------------------------ view protocol
    def resize(self, size: tuple[int, int]) -> None:
        self._size = size
        self.inner.resize(size)

    def handle_event(self, event: pygame.event.Event) -> ViewAction | None:
        if self.offer is not None:
            if event.type in CARD_EVENTS:
                key = self.offer.handle_event(event)
                if key == RESTART:
                    self.reload()
                elif key is not None:
                    self.offer = self.unreadable = None
            return None
        return self.inner.handle_event(event)

    def update(self, dt: float) -> None:
        self.inner.update(dt)
        if self.offer is not None:
            self.offer.update(dt)
        if self.offer is None or self.offer is self.unreadable:
            self.check()  # a save that mends the map takes the card away

    def draw(self, surface: pygame.Surface) -> None:
        self.inner.draw(surface)
        if self.offer is not None:
            self.offer.draw(surface)


def live_game(view: View, path: Path,
              make: Callable[[Board, Any, list[str]], View | None]) -> LiveMap:
    """A play screen (or the board view of a map without one) following its map file: made
    again as ``make(board, image_loader, ai_sides)``, the AI keeping the sides it plays now;
    the board view when no game can start on the changed map (a later save may mend it)."""
    def remake(old: Any) -> View:
        board, loader = reload_board(path)
        ai = list(getattr(getattr(old, "session", None), "ai_sides", ()) or ())
        made = make(board, loader, ai)
        if made is None:
            from game.ui.board_view import BoardView

            surface = pygame.display.get_surface()
            size = surface.get_size() if surface is not None else (1280, 800)
            made = BoardView(board, size, image_loader=loader)
        return made

    return LiveMap(view, path, remake)


def restart_card(path: Path) -> Any:
    """The card offering to restart a game in progress on its changed map."""
    from game.ui.play.card import Card, CardItem
    from game.ui.play.widgets import Texts

    return Card(Texts(), _("The map has changed"),
                [_("{file} was saved again while this game was being played.").format(
                    file=path.name),
                 _("Restart the game on the changed map? The moves played so far are "
                   "dropped.")],
                [CardItem(RESTART, _("Restart on the changed map"),
                          tip=_("A new game on the map as it is now.")),
                 CardItem("close", _("Keep playing"),
                          tip=_("Go on with the map as it was; the next game uses the "
                                "change."))])


def unreadable_card(path: Path, reason: str) -> Any:
    """The card saying why the map saved again cannot be read (the status line has room for
    the start of it only); it goes by itself once a later save can be read."""
    from game.ui.play.card import Card, CardItem
    from game.ui.play.widgets import Texts

    return Card(Texts(), _("The changed map cannot be read"),
                [_("{file} was saved again, but it cannot be read:").format(file=path.name),
                 reason,
                 _("Mend the map and save it again: the table follows.")],
                [CardItem("close", _("Keep the table as it was"),
                          tip=_("Close this card; the next save that can be read redraws the table."))])


__all__ = ["RESTART", "LiveMap", "ReloadError", "in_progress", "live_game", "reload_board",
           "restart_card", "unreadable_card"]
