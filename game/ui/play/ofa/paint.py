"""Drawing the play screen from the view's state: the table with its figures and overlays, the
top bar, the side panel, the dice tray, the action bar and the status line. Drawing only reads
the view (its pictures' caches aside); events and time change it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, language
from game.ui.colours import NO_SIDE, RGB
from game.ui.play.choices import Choice, Group
from game.ui.play.ofa.actions import addable_targets, with_targets
from game.ui.play.ofa.figure_card import FigureCard
from game.ui.play.ofa.hints import hint, keys_help
from game.ui.play.ofa.odds_panel import OddsPanel
from game.ui.play.ofa.overlays import MoveOverlay, TargetOverlay
from game.ui.play.ofa.top_bar import TopInfo
from game.ui.play.ofa.tray import DiceRow, DiceTray, last_roll
from game.ui.play.widgets import ACCENT, Texts

if TYPE_CHECKING:
    from game.ui.play.ofa.view import OFAPlayView

HOVER_RING: RGB = (0xF4, 0xF4, 0xF0)


class Painter:
    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self.move_overlay = MoveOverlay(texts)
        self.target_overlay = TargetOverlay()
        self.dice_tray = DiceTray(texts)
        self.odds_panel = OddsPanel(texts)
        self.figure_card = FigureCard(texts)
        self._roll_key: tuple[int, int, str] | None = None
        self._roll: tuple[str, list[DiceRow]] = ("", [])

    def draw(self, view: OFAPlayView, surface: pygame.Surface) -> None:
        self.draw_table(view, view.draw_board(surface))
        self.draw_chrome(view, surface)
        view.bars_gui.draw(surface)  # the bars' widgets, their tooltips over everything
        if view.menu is not None:
            view.menu.draw(surface)
        if view.card is not None:
            view.card.draw(surface)

    def draw_table(self, view: OFAPlayView, table: pygame.Surface) -> None:
        cam = view.board_view.camera
        st = view.shown
        hidden = view.plan.figures if view.plan is not None else frozenset()
        hidden_props = view.plan.props if view.plan is not None else frozenset()
        rings: dict[str, RGB] = {}
        opts = view.options() if view.player is None else None
        if opts is not None and view.targeting is None:
            rings = {g.key: ACCENT for g in opts.groups if g.key in view.names.figures}
        if view.hover and view.hover not in rings:
            rings[view.hover] = HOVER_RING
        active = st.activation.figure if st.activation else ""
        view.figure_layer.draw(table, cam, st, hidden=hidden, hidden_props=hidden_props,
                               selected=view.selected, active=active, rings=rings,
                               labels=view.names.figures)
        if view.preview is not None and opts is not None:
            mover = view.preview.figure
            side = st.figure(mover).side if st.has_figure(mover) else ""
            self.move_overlay.draw(table, cam, view.preview, view.colours.get(side, NO_SIDE),
                                   view.names)
        if view.targeting is not None and opts is not None:
            tg = view.targeting
            first = tg.choice.chain_from
            self.target_overlay.draw(table, cam, opts.state, first, tg.chosen,
                                     addable_targets(opts.state, opts.actor, first, tg.chosen))
        if view.player is not None:
            view.player.draw(table, cam, clip=table.get_rect())

    def draw_chrome(self, view: OFAPlayView, surface: pygame.Surface) -> None:
        lay = view.layout
        session = view.session
        st = view.state
        side = session.to_play() or st.initiative
        info = TopInfo(view.names.side(side), view.colours.get(side, NO_SIDE),
                       view.letters.get(side, ""), st.turn, session.match.mode,
                       side in session.ai_sides, session.can_undo(), session.can_redo(),
                       bool(st.winner))
        view.top_bar.draw(surface, lay.top, info, view.cursor)
        view.draw_side_panel(surface)
        key = (id(session), session.revision, language())
        if key != self._roll_key:
            self._roll_key = key
            self._roll = last_roll(session.match, view.names)
        title, rows = self._roll
        act = st.activation
        pool = (view.names.of(act.figure), act.pool) if act is not None else None
        self.dice_tray.draw(surface, lay.tray, (key, pool), title, rows, pool, view.colours)
        view.action_bar.set(lay.actions, bar_groups(view), hint(view) or keys_help(),
                            surface.get_size())
        view.action_bar.draw(surface, lay.actions, view.hot)
        view.draw_status(surface)


def bar_groups(view: OFAPlayView) -> list[Group]:
    """What the action bar offers: nothing while an animation plays, the targets being picked,
    else the choices of the figure in hand."""
    if view.player is not None:
        return []
    if view.targeting is not None:
        tg = view.targeting
        label = view.names.action(with_targets(tg.choice, tg.chosen), view.state)
        return [Group("targets", _("Targets"), (Choice(label, tg.choice.command, "targets"),
                                                 Choice(_("Cancel"), None, "targets")))]
    opts = view.options()
    return list(opts.groups) if opts is not None else []
