"""Drawing the play screen from the view's state: the table with its figures and overlays, the
top bar, the side panel, the dice tray, the action bar and the status line. Drawing only reads
the view (its pictures' caches aside); events and time change it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, language
from game.ui.colours import INK_LIGHT, NO_SIDE, RGB
from game.ui.label_layout import circle_box
from game.ui.labels import LabelPlacer, plate
from game.ui.play.choices import Choice, Group
from game.ui.play.ofa.actions import addable_targets, with_targets
from game.ui.play.ofa.chances import with_chances
from game.ui.play.ofa.figure_card import FigureCard
from game.ui.play.ofa.hints import hint, keys_help
from game.ui.play.ofa.odds_panel import OddsPanel
from game.ui.play.ofa.overlays import ContactMark, MoveOverlay, TargetOverlay
from game.ui.play.ofa.top_bar import TopInfo
from game.ui.play.ofa.tray import DiceRow, DiceTray, last_roll
from game.ui.play.widgets import ACCENT, DANGER, SMALL_PX, Texts

if TYPE_CHECKING:
    from game.ui.play.ofa.view import OFAPlayView

HOVER_RING: RGB = INK_LIGHT
#: the names' priorities on the table (higher is placed first; the move's label is above all)
HOVER_PRIORITY = 95
ACTOR_PRIORITY = 90
CONTACT_PRIORITY = 85
TARGET_PRIORITY = 80
SIDE_PRIORITY = 50
#: a piece no wider than this many bases is kept clear of the labels when it stops a move
SMALL_PIECE_BASES = 4


class Painter:
    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self.move_overlay = MoveOverlay(texts)
        self.target_overlay = TargetOverlay()
        self.dice_tray = DiceTray(texts)
        self.odds_panel = OddsPanel(texts)
        self.figure_card = FigureCard(texts)
        self.contact_mark = ContactMark()
        self._plates: dict[tuple[str, RGB], pygame.Surface] = {}
        self._words_of: object = None
        self._words: tuple[tuple[float, float, float, float], ...] = ()
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
        """The figures, what stopped the move (being dragged or made), the move's preview and
        the targets; then every word on the table at once through one ``LabelPlacer`` (names by
        ``name_priorities``), then the animation."""
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
        placer = LabelPlacer(table, spots=view.spots)
        for x0, y0, x1, y1 in self._map_words(view):  # the map's own words stay readable
            (sx0, sy0), (sx1, sy1) = cam.world_to_screen(x0, y0), cam.world_to_screen(x1, y1)
            placer.keep_clear((sx0, sy0, sx1 - sx0, sy1 - sy0))
        view.figure_layer.draw(table, cam, st, hidden=hidden, hidden_props=hidden_props,
                               selected=view.selected, active=active, rings=rings,
                               labels=view.names.figures, placer=placer,
                               priorities=name_priorities(view, rings))
        if view.player is None:
            self.draw_contact(view, table, placer)
        if view.preview is not None and opts is not None:
            mover = view.preview.figure
            side = st.figure(mover).side if st.has_figure(mover) else ""
            self.move_overlay.draw(table, cam, view.preview, view.colours.get(side, NO_SIDE),
                                   view.names, placer)
        if view.targeting is not None and opts is not None:
            tg = view.targeting
            first = tg.choice.chain_from
            self.target_overlay.draw(table, cam, opts.state, first, tg.chosen,
                                     addable_targets(opts.state, opts.actor, first, tg.chosen))
        placer.draw()
        if view.player is not None:
            view.player.draw(table, cam, clip=table.get_rect())

    def draw_contact(self, view: OFAPlayView, table: pygame.Surface, placer: LabelPlacer) -> None:
        """What stopped the move: the piece the dragged move would run into, else the one the
        active figure ran into, outlined and named (OFA-2B.1, OFA-2B.2)."""
        st = view.shown
        preview = view.preview
        if preview is not None and preview.touched:
            ident, mover = preview.touched, preview.figure
            ink = DANGER if preview.result.blocked else ACCENT
            near = preview.result.point or preview.result.end
        elif st.activation is not None and st.activation.contact \
                and st.has_figure(st.activation.figure):
            ident, mover, ink = st.activation.contact, st.activation.figure, ACCENT
            fig = st.figure(mover)
            near = (fig.x, fig.y)
        elif view.hover_piece and view.drag is None:  # terrain under the pointer: what it is
            ident, ink, near = view.hover_piece, HOVER_RING, view.hover_at
        else:
            return
        system = view.session.system
        cam = view.board_view.camera
        anchor = self.contact_mark.draw(table, cam, st, system.index(st),
                                        system.table_for_state(st).bounds, ident, near, ink)
        box = self.contact_mark.box
        small = SMALL_PIECE_BASES * 2 * st.cfg.base_radius * cam.zoom
        if box is not None and box[2] <= small and box[3] <= small:
            placer.keep_clear(box)  # a small piece is never hidden under its own name
        if anchor is None or preview is not None or ident in view.names.figures:
            return  # the preview's label names it; a figure has its own name
        words = view.names.of(ident)
        if ident == view.hover_piece:
            index = view.session.system.index(st)
            top = float(index.top[index.index_of(ident)])
            words = _("{name} · {height:.0f} mm high").format(name=words, height=top)
        name = self._plate(words, ink)
        placer.keep_clear(circle_box(anchor, 4))
        placer.add(name, anchor, clearance=6, priority=CONTACT_PRIORITY)

    def _map_words(self, view: OFAPlayView) -> tuple[tuple[float, float, float, float], ...]:
        """Where the map's text objects are written on the table (mm): its words are drawn
        with the table's picture, and no label of play is put over them."""
        board = view.board
        if self._words_of is not board:
            self._words_of = board
            self._words = tuple(o.geometry.bounds for o in board.objects
                                if o.shape == "text" and o.visible and o.text)
        return self._words

    def _plate(self, text: str, ink: RGB) -> pygame.Surface:
        key = (text, ink)
        found = self._plates.get(key)
        if found is None:
            found = self._plates[key] = plate(self.texts.font(SMALL_PX), text, ink)
        return found

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


def name_priorities(view: OFAPlayView, rings: Mapping[str, RGB]) -> dict[str, int]:
    """Whose name is placed first on a crowded table (UI.md, "Reading the table"): the one
    under the pointer, the selected and the active figure, what they can act on or run into
    (``rings``, the targets being chosen, the contact), then the side to act; the rest keep
    ``NAME_PRIORITY`` (shortened, or shown on hover, when there is no room)."""
    st = view.shown
    out = {f.id: SIDE_PRIORITY for f in st.figures if f.side == st.initiative}
    targets = set(rings)
    if st.activation is not None and st.activation.contact:
        targets.add(st.activation.contact)
    if view.preview is not None and view.preview.touched:
        targets.add(view.preview.touched)
    if view.targeting is not None:
        targets.update((view.targeting.choice.chain_from, *view.targeting.chosen))
    out.update({t: TARGET_PRIORITY for t in targets})
    out.update({f: ACTOR_PRIORITY for f in (view.selected,
                                            st.activation.figure if st.activation else "") if f})
    if view.hover:
        out[view.hover] = HOVER_PRIORITY
    return out


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
    return with_chances(opts.groups, opts.state, view.names) if opts is not None else []
