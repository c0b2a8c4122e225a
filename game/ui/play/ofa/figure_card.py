"""The Figure tab: the selected (or hovered) figure's card: side, profile, rating, markers with
what they do, wounds, height, what it carries or hangs from, its pool when active; and the
legend of the marks drawn on the bases."""

from __future__ import annotations

import pygame

from game.i18n import _, language
from game.rules.one_for_all.explain import profile_name
from game.rules.one_for_all.state import Figure, OFAState
from game.ui.colours import BASE_RIM, INK_LIGHT, RGB, ink_on
from game.ui.play.glossary_tip import Written
from game.ui.play.ofa.figure_layer import BADGE, STAR, SWORD, WOUND, star_points
from game.ui.play.ofa.names import Names
from game.ui.play.widgets import ACCENT, DIM, PANEL_LINE, SMALL_PX, TEXT, TEXT_PX, TITLE_PX, Texts, wrap

PAD = 12


def draw_stunned_icon(surface: pygame.Surface, x: float, y: float, b: int = 8) -> None:
    pygame.draw.polygon(surface, BASE_RIM, star_points(x, y, b + 2))
    pygame.draw.polygon(surface, STAR, star_points(x, y, b))


def draw_unarmed_icon(surface: pygame.Surface, x: float, y: float, b: int = 8) -> None:
    pygame.draw.circle(surface, INK_LIGHT, (x, y), b + 1)
    pygame.draw.circle(surface, BADGE, (x, y), b)
    k = b * 0.65
    pygame.draw.line(surface, SWORD, (x - k, y + k), (x + k, y - k), 3)
    pygame.draw.line(surface, WOUND, (x - k, y - k), (x + k, y + k), 3)


def draw_wound_icon(surface: pygame.Surface, x: float, y: float, b: int = 6) -> None:
    pygame.draw.circle(surface, INK_LIGHT, (x, y), b + 1)
    pygame.draw.circle(surface, WOUND, (x, y), b)


class FigureCard:
    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self._key: tuple | None = None
        self._picture: pygame.Surface | None = None
        self._written = Written()  #: its lines, noted for the glossary's tooltips

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, state: OFAState,
             figure_id: str, names: Names, colours: dict[str, RGB]) -> None:
        fig = state.figure(figure_id) if figure_id and state.has_figure(figure_id) else None
        act = state.activation
        key = (fig, act, rect.size, language())
        if key != self._key or self._picture is None:
            self._key = key
            self._written.clear()
            self._picture = self._render(rect.size, state, fig, names, colours)
        surface.blit(self._picture, rect)
        self._written.note(self.texts.spots, rect)

    def _write(self, pic: pygame.Surface, text: str, pos: tuple[int, int], px: int,
               colour: RGB) -> None:
        self._written.write(pic, self.texts, text, pos, px, colour)

    def _line(self, pic: pygame.Surface, text: str, y: int, px: int = TEXT_PX,
              colour: RGB = TEXT, indent: int = 0) -> int:
        for part in wrap(self.texts, text, pic.get_width() - 2 * PAD - indent, px):
            self._write(pic, part, (PAD + indent, y), px, colour)
            y += self.texts.font(px).get_linesize()
        return y

    def _render(self, size: tuple[int, int], state: OFAState, fig: Figure | None, names: Names,
                colours: dict[str, RGB]) -> pygame.Surface:
        pic = pygame.Surface(size, pygame.SRCALPHA)
        y = PAD
        if fig is None:
            y = self._line(pic, _("Click a figure (or press Tab) to see its card."), y, SMALL_PX,
                           DIM)
        else:
            colour = colours.get(fig.side, (154, 154, 154))
            chip = pygame.Rect(PAD, y, 8, 26)
            pygame.draw.rect(pic, colour, chip)
            pic.blit(self.texts.render(names.of(fig.id), TITLE_PX, TEXT), (PAD + 16, y + 2))
            y += 34
            side = self.texts.render(f" {names.side(fig.side)} ", SMALL_PX, ink_on(colour))
            pygame.draw.rect(pic, colour, (PAD, y, side.get_width(), side.get_height()), border_radius=3)
            pic.blit(side, (PAD, y))
            profile = _("{profile}, rating {rating}").format(
                profile=profile_name(fig.profile, language()), rating=fig.rating)
            x = PAD + side.get_width() + 10
            if x + self.texts.width(profile, SMALL_PX) > size[0] - PAD:  # too long: below the side
                x, y = PAD, y + 24
            pic.blit(self.texts.render(profile, SMALL_PX, DIM), (x, y))
            y += 28
            act = state.activation
            if act is not None and act.figure == fig.id:
                y = self._line(pic, _("Active: pool {pool}").format(pool=act.pool), y, TEXT_PX,
                               ACCENT)
                if act.contact:
                    y = self._line(pic, _("Ran into {name}: act with it, duel or stop "
                                          "(OFA-2B.2)").format(name=names.of(act.contact)),
                                   y, SMALL_PX, TEXT)
                if act.momentum_ready:
                    y = self._line(pic, _("Momentum: +1 die in a duel now (OFA-7.2)"), y,
                                   SMALL_PX)
            elif not fig.conscious:
                y = self._line(pic, _("Unconscious: lies as an obstacle (OFA-5.3)"), y, TEXT_PX,
                               DIM)
            y = self._markers(pic, fig, y + 4)
            if fig.z > 1.0:
                y = self._line(pic, _("Standing {height:.0f} mm above the floor").format(
                    height=fig.z), y, SMALL_PX)
            if fig.carrying:
                y = self._line(pic, _("Carries {name}").format(name=names.of(fig.carrying)), y,
                               SMALL_PX)
            if fig.hanging_on:
                y = self._line(pic, _("Hangs from {name}: swing or let go").format(
                    name=names.of(fig.hanging_on)), y, SMALL_PX)
            facing = round(fig.facing) % 360
            y = self._line(pic, _("Facing {facing}° · base {base:.0f} mm").format(
                facing=facing, base=fig.radius * 2), y, SMALL_PX, DIM)
        self._legend(pic, max(y + 16, size[1] - 118))
        return pic

    def _markers(self, pic: pygame.Surface, fig: Figure, y: int) -> int:
        m = fig.markers
        wounds = (_("Wounds {n} of 3 (the third knocks out, OFA-5D.12)") if m.wounds
                  else _("Wounds {n} of 3")).format(n=m.wounds)
        y = self._line(pic, wounds, y, TEXT_PX, TEXT)
        for i in range(3):
            cx = PAD + 8 + i * 20
            if i < m.wounds:
                draw_wound_icon(pic, cx, y + 8)
            else:
                pygame.draw.circle(pic, PANEL_LINE, (cx, y + 8), 6, 2)
        y += 24
        if m.stunned:
            draw_stunned_icon(pic, PAD + 8, y + 10)
            y = self._line(pic, _("Stunned: one die fewer, no moves or leaps (OFA-5D.3)"), y,
                           SMALL_PX, TEXT, 26)
        if m.unarmed:
            draw_unarmed_icon(pic, PAD + 8, y + 10)
            y = self._line(pic, _("Dropped weapon: no duels it starts; duel foes +1 (OFA-5D.6)"),
                           y, SMALL_PX, TEXT, 26)
        if not (m.stunned or m.unarmed or m.wounds):
            y = self._line(pic, _("No markers"), y, SMALL_PX, DIM)
        return y + 4

    def _legend(self, pic: pygame.Surface, y: int) -> None:
        pygame.draw.line(pic, PANEL_LINE, (PAD, y), (pic.get_width() - PAD, y))
        y += 8
        pic.blit(self.texts.render(_("Marks on the bases"), SMALL_PX, DIM), (PAD, y))
        y += 24
        half = (pic.get_width() - 2 * PAD) // 2
        draw_stunned_icon(pic, PAD + 8, y + 9)
        self._write(pic, _("Stunned"), (PAD + 22, y), SMALL_PX, TEXT)
        draw_unarmed_icon(pic, PAD + half + 8, y + 9)
        self._write(pic, _("Dropped weapon"), (PAD + half + 22, y), SMALL_PX, TEXT)
        y += 26
        draw_wound_icon(pic, PAD + 8, y + 9)
        self._write(pic, _("One wound"), (PAD + 22, y), SMALL_PX, TEXT)
        cx, cy = PAD + half + 8, y + 9
        pygame.draw.circle(pic, BASE_RIM, (cx, cy), 10)
        pygame.draw.circle(pic, ACCENT, (cx, cy), 8, 3)
        self._write(pic, _("Active figure"), (PAD + half + 22, y), SMALL_PX, TEXT)
