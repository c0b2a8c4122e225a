"""Template weapons in Helldorado (``Blast``, HD-TMPL-1..14): a cloud-blast rolls at every unit
it catches, nearest first (HD-TMPL-8/9); an impact-blast runs its chain as an attack sequence
(HD-TMPL-11/12, ``sequence.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Dice
from game.geometry.bases import edge_distance
from game.geometry.templates import cloud_blast, impact_blast
from game.rules.engine import Event
from game.rules.helldorado import sequence
from game.rules.helldorado.checks import active, illegal, weapon_of
from game.rules.helldorado.commands import Blast
from game.rules.helldorado.damage import apply_losses, template_hits
from game.rules.helldorado.events import ev
from game.rules.helldorado.flow import after_action
from game.rules.helldorado.shooting import may_shoot
from game.rules.helldorado.spatial import direction, finite
from game.rules.helldorado.state import AttackKind, Exchange, HDState, Reason, Stage, Unit, Weapon

if TYPE_CHECKING:
    from game.rules.helldorado.game import Helldorado


def _template(state: HDState, cmd: Blast) -> tuple[Unit, Weapon]:
    u, act = active(state, cmd.unit)
    may_shoot(state, u, act)
    w = weapon_of(u, cmd.weapon, ("cloud", "impact"), "HD-TMPL-5")
    if not finite(cmd.angle):
        raise illegal("HD-TMPL-2", "the template needs a direction", "hd.blast.no_direction")
    return u, w


def check_blast(system: Helldorado, state: HDState, cmd: Blast) -> None:
    """HD-TMPL-2/5: a free shooter lays the cone of its template weapon along a direction."""
    _template(state, cmd)


def resolve_blast(system: Helldorado, state: HDState, cmd: Blast, dice: Dice,
                  events: list[Event]) -> HDState:
    u, w = _template(state, cmd)
    cfg = state.cfg
    table = system.table_of(state)
    others = [o.base for o in state.alive() if o.id != u.id]
    ux, uy = direction(cmd.angle)
    rules = ["HD-TMPL-1", "HD-TMPL-2", "HD-TMPL-3", "HD-TMPL-4", "HD-TMPL-5"]
    if w.kind == "cloud":
        res = cloud_blast(u.base, (ux, uy), others, length=cfg.cone_length, far_width=cfg.cone_width,
                          near_width=cfg.cone_near_width, inclusive=cfg.template_inclusive,
                          eps=cfg.eps)
        events.append(ev("hd.template", rules + ["HD-TMPL-8"], u.id, weapon=w.id, kind="cloud",
                         angle=round(cmd.angle, 3), caught=res.caught, saved=()))
        under = set(res.under)
        order = sorted(res.caught, key=lambda i: (edge_distance(u.base, state.unit(i).base), i))
        losses: dict[str, int] = {}
        for uid in order:
            more, _ = template_hits(table, state, u, w, uid, 5, under, False, dice, losses)
            events += more
        st, more = apply_losses(state, losses, "HD-TMPL-9")
        st, end = after_action(st)
        events += more + end
        return st
    res_i = impact_blast(u.base, (ux, uy), others, length=cfg.cone_length, far_width=cfg.cone_width,
                         near_width=cfg.cone_near_width, sees=lambda p, b: table.point_sees(p, b),
                         inclusive=cfg.template_inclusive, eps=cfg.eps)
    events.append(ev("hd.template", rules + ["HD-TMPL-8", "HD-TMPL-11"], u.id, weapon=w.id,
                     kind="impact", angle=round(cmd.angle, 3), caught=res_i.caught,
                     saved=res_i.saved, order=res_i.order))
    ex = Exchange(AttackKind.IMPACT, u.id, reason=Reason.IMPACT, one_sided=True, a_weapon=w.id,
                  stage=Stage.ORDER, groups=res_i.order, victims=tuple(res_i.under))
    return sequence.start(system, state, ex, dice, events)
