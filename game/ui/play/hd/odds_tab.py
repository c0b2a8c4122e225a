"""Helldorado's odds on the screen (issue 17, item 4): the chance of success on each action button
that leads to a roll, and the Odds tab: for the attack, shot or explosion on offer, the exact
distribution of the hits and of the LP lost, the chance to kill and the rules applied.

Every number comes from ``game.rules.helldorado.odds`` (exact, by counting; never sampled). What
"success" means on a button: a fight, a charge or a shot takes at least 1 LP from its target
(HD-MELEE-10..14, HD-RANGED-18); an explosion lands (HD-EXPL-5); a re-roll gains at least one
hit (HD-MELEE-9). A template needs no roll to land (HD-TMPL-4): its button says how many units
it catches.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.rules.engine import IllegalCommand
from game.rules.helldorado import commands as hd
from game.rules.helldorado.odds import BlastOdds, DamageOdds, HitOdds, MeleeOdds, ShotOdds, odds_for, reroll_odds
from game.rules.helldorado.state import HDState
from game.ui.colours import ORANGE, RGB, SKY_BLUE
from game.ui.play import widgets as ui
from game.ui.play.choices import Choice, Group, with_chance
from game.ui.play.hd.names import HDNames
from game.ui.play.hd.overlay import band_name
from game.ui.play.side_panel import LINE_H, PAD

if TYPE_CHECKING:
    from game.rules.helldorado.game import Helldorado

Odds = MeleeOdds | ShotOdds | BlastOdds
#: the bars of the hits and of the LP lost
HITS: RGB = SKY_BLUE
LOSS: RGB = ORANGE
BAR_H = 40
#: the rules of a re-roll's odds (HD-MELEE-9: misses re-rolled once; HD-0-6: the pool)
REROLL_RULES = ("HD-MELEE-9", "HD-0-6")
SLOT_MAX = 36


# ---------------------------------------------------------------------- numbers
def odds_of(system: Helldorado, st: HDState, command: Any) -> Odds | HitOdds | None:
    """The exact odds of ``command`` in ``st`` (a re-roll waiting: its hits), None when it
    leads to no roll or the rules refuse it."""
    try:
        if isinstance(command, hd.Reroll):
            return reroll_odds(st, command)
        return odds_for(system, st, command)
    except (IllegalCommand, ValueError, TypeError):
        return None


def _hits_now(st: HDState) -> int:
    """The hits of the roll a re-roll choice waits on, as they stand (nothing re-rolled)."""
    kept = reroll_odds(st, hd.Reroll(()))
    return max(k for k, p in enumerate(kept.probs) if p > 0)


def chance(system: Helldorado, st: HDState, command: Any) -> float | None:
    """The chance ``command`` succeeds (see the module's words), None when it rolls nothing."""
    if isinstance(command, hd.Reroll) and not command.dice:
        return None  # keeping the dice rolls nothing
    odds = odds_of(system, st, command)
    if isinstance(odds, MeleeOdds):
        return odds.to_defender.p_any_damage
    if isinstance(odds, ShotOdds):
        return odds.to_target.p_any_damage
    if isinstance(odds, BlastOdds):
        return odds.p_land if odds.land is not None else None
    if isinstance(odds, HitOdds):
        return odds.p_hit_at_least(_hits_now(st) + 1)
    return None


def with_chances(groups: Sequence[Group], system: Helldorado, unit_state: HDState | None,
                 state: HDState) -> list[Group]:
    """The action bar's groups with each roll's chance of success on its button ("Shoot
    Pikeman (Arquebus) — 58%"): a unit's actions in ``unit_state`` (the unit active), the
    answers to a pending choice in ``state``."""
    out = []
    for group in groups:
        st = state if group.key in ("pending", "vae") else unit_state
        choices = []
        for c in group.choices:
            p = chance(system, st, c.command) if st is not None and c.command is not None else None
            choices.append(Choice(with_chance(c.label, p), c.command, c.group, c.chain_from))
        out.append(Group(group.key, group.title, tuple(choices)))
    return out


def lay_label(odds: Odds | HitOdds | None, caught: int) -> str:
    """The words of the button that lays the template in hand: an explosion's chance to land,
    a template's units caught."""
    if isinstance(odds, BlastOdds) and odds.land is not None:
        return _("Lay it here — lands {pct:.0f}%").format(pct=odds.p_land * 100)
    return _("Lay it here — {n} caught").format(n=caught)


# ---------------------------------------------------------------------- words
def _pct(p: float) -> str:
    """A chance for a bar: whole per cent, "<1" for a small one, "" for none."""
    if p <= 0:
        return ""
    return "<1" if p < 0.005 else f"{p * 100:.0f}"


def _pool_words(names: HDNames, unit: str, roll: HitOdds) -> str:
    return _("{unit}: {dice} dice, {diff}+ to hit, re-rolls {rerolls}, automatic damage "
             "{auto}").format(unit=names.of(unit), dice=roll.dice, diff=roll.diff,
                              rerolls=roll.rerolls, auto=roll.auto)


def _loss_caption(names: HDNames, d: DamageOdds) -> str:
    if d.cover:
        return _("LP {unit} loses (%): PR {pr}, cover +{cover}").format(
            unit=names.of(d.unit), pr=d.pr, cover=d.cover)
    return _("LP {unit} loses (%): PR {pr}").format(unit=names.of(d.unit), pr=d.pr)


def _loss_summary(names: HDNames, d: DamageOdds) -> str:
    return _("{unit}: killed {kill}%, at least 1 LP {hurt}%, {lp:.1f} LP on average").format(
        unit=names.of(d.unit), kill=_whole(d.p_kill), hurt=_whole(d.p_any_damage), lp=d.expected_lp)


def _whole(p: float) -> str:
    return "<1" if 0 < p < 0.005 else f"{p * 100:.0f}"


# ---------------------------------------------------------------------- drawing
class Pane:
    """Lines and charts down a tab's body, from ``y`` (scrolled by the caller), clipped."""

    def __init__(self, texts: ui.Texts, surface: pygame.Surface, body: pygame.Rect, y: int) -> None:
        self.texts, self.surface, self.body, self.y = texts, surface, body, y

    @property
    def width(self) -> int:
        return self.body.width - 2 * PAD

    def line(self, text: str, colour: RGB = ui.TEXT) -> None:
        for part in ui.wrap(self.texts, text, self.width, ui.SMALL_PX):
            self.surface.blit(self.texts.render(part, ui.SMALL_PX, colour), (self.body.x + PAD, self.y))
            if self.texts.spots is not None:  # its terms explain themselves, its rule IDs link
                self.texts.spots.note(part, (self.body.x + PAD, self.y), ui.SMALL_PX, clip=self.body)
            self.y += LINE_H

    def gap(self, px: int = 6) -> None:
        self.y += px

    def chart(self, caption: str, probs: Sequence[float], colour: RGB) -> None:
        """A bar per outcome 0..n: its chance in per cent above it, the outcome under it."""
        self.line(caption, ui.DIM)
        n = max(1, len(probs))
        slot = min(SLOT_MAX, self.width // n)
        top = max(probs) if probs else 0.0
        x0, y = self.body.x + PAD, self.y
        for k, p in enumerate(probs):
            x = x0 + k * slot
            h = round(BAR_H * p / top) if top > 0 else 0
            bar = pygame.Rect(x + 2, y + LINE_H + BAR_H - h, slot - 4, max(h, 1 if p > 0 else 0))
            pygame.draw.rect(self.surface, colour, bar)
            pct = _pct(p)
            if pct:
                pic = self.texts.render(pct, ui.SMALL_PX, ui.TEXT)
                self.surface.blit(pic, pic.get_rect(midbottom=(x + slot // 2, bar.y)))
            pic = self.texts.render(str(k), ui.SMALL_PX, ui.DIM)
            self.surface.blit(pic, pic.get_rect(midtop=(x + slot // 2, y + LINE_H + BAR_H + 1)))
        pygame.draw.line(self.surface, ui.PANEL_LINE, (x0, y + LINE_H + BAR_H),
                         (x0 + n * slot, y + LINE_H + BAR_H))
        self.y = y + 2 * LINE_H + BAR_H + 4


def draw_odds(pane: Pane, names: HDNames, st: HDState, title: str, odds: Odds | HitOdds,
              rules: bool = True) -> None:
    """The Odds tab's part for one command: its rolls, what each side loses, and the rules
    applied (unless the shell's footer lists them: ``rules`` False)."""
    pane.line(_("Odds: {action}").format(action=title), ui.ACCENT)
    if isinstance(odds, MeleeOdds):
        _melee(pane, names, odds)
    elif isinstance(odds, ShotOdds):
        _shot(pane, names, st, odds)
    elif isinstance(odds, BlastOdds):
        _blast(pane, names, odds)
    else:
        pane.line(_("After the re-roll: {dice} dice, {diff}+ to hit").format(dice=odds.dice,
                                                                               diff=odds.diff))
        pane.chart(_("Hits (%)"), odds.probs, HITS)
        if rules:
            pane.line(_("Rules: {rules}").format(rules=", ".join(REROLL_RULES)), ui.DIM)
        return
    if rules:
        pane.line(_("Rules: {rules}").format(rules=", ".join(odds.rules)), ui.DIM)


def _melee(pane: Pane, names: HDNames, o: MeleeOdds) -> None:
    pane.line(_pool_words(names, o.attacker, o.attack))
    pane.chart(_("Hits of {unit} (%)").format(unit=names.of(o.attacker)), o.attack.probs, HITS)
    pane.chart(_loss_caption(names, o.to_defender), o.to_defender.probs, LOSS)
    pane.line(_loss_summary(names, o.to_defender))
    pane.gap()
    if o.defence is None:
        pane.line(_("{unit} does not strike back (HD-MELEE-17).").format(unit=names.of(o.defender)))
    else:
        pane.line(_pool_words(names, o.defender, o.defence))
        pane.chart(_("Hits of {unit} (%)").format(unit=names.of(o.defender)), o.defence.probs, HITS)
        pane.chart(_loss_caption(names, o.to_attacker), o.to_attacker.probs, LOSS)
        pane.line(_loss_summary(names, o.to_attacker))
        if o.p_both_die > 0:
            pane.line(_("Both die: {pct}%").format(pct=_whole(o.p_both_die)))
    pane.gap()


def _shot(pane: Pane, names: HDNames, st: HDState, o: ShotOdds) -> None:
    target = st.unit(o.target)
    pane.line(_("Range {band} ({range}+), DEF {defence}: the shot needs {diff}+ "
                "(HD-RANGED-14)").format(band=band_name(o.band), range=o.range_diff,
                                         defence=target.defence, diff=o.roll.diff))
    pane.line(_pool_words(names, o.shooter, o.roll))
    pane.chart(_("Hits of {unit} (%)").format(unit=names.of(o.shooter)), o.roll.probs, HITS)
    pane.chart(_loss_caption(names, o.to_target), o.to_target.probs, LOSS)
    pane.line(_loss_summary(names, o.to_target))
    if o.to_victims:
        pane.gap()
        pane.line(_("Stray shot: {pct}% (HD-RANGED-21), onto one of: {units}").format(
            pct=_whole(o.p_stray), units=", ".join(names.of(d.unit) for d in o.to_victims)))
        for d in o.to_victims:
            pane.line(_loss_summary(names, d))
    pane.gap()


def _blast(pane: Pane, names: HDNames, o: BlastOdds) -> None:
    if o.land is not None:
        pane.line(_("Lands: {pct}% (HD-EXPL-4, HD-EXPL-5)").format(pct=_whole(o.p_land)))
        pane.line(_pool_words(names, o.shooter, o.land))
    else:
        pane.line(_("A template needs no roll to land (HD-TMPL-4)."))
    if not o.caught:
        pane.line(_("Nobody is caught."))
    pane.line(_("Each caught unit: dice needing {diff}+, {power} LP a hit, less its PR.").format(
        diff=o.difficulty, power=o.power))
    pane.gap()
    for c in o.caught:
        pane.line(_("{unit}: {dice} dice").format(unit=names.of(c.unit), dice=c.dice)
                  + (" · " + _("{pct}% the hits go to a fighter outside (HD-TMPL-14)").format(
                      pct=_whole(c.p_redirect)) if c.outside else ""))
        pane.chart(_("Hits on {unit} (%)").format(unit=names.of(c.unit)), c.hits, HITS)
        hurt = o.for_unit(c.unit)
        if hurt is not None:
            pane.chart(_loss_caption(names, hurt), hurt.probs, LOSS)
            pane.line(_loss_summary(names, hurt))
        pane.gap()
    caught = {c.unit for c in o.caught}
    for d in o.damage:
        if d.unit not in caught:  # a fighter outside the template the hits may reach
            pane.line(_loss_summary(names, d))
