"""The attack sequence of Helldorado (``Exchange``): melee (HD-MELEE-6..14), shots
(HD-RANGED-16..22), explosions (HD-EXPL-4..6) and impact-blast chains (HD-TMPL-11..13).

A sequence runs stage by stage (``Stage``) until a player must choose (``Pending``) or it is
over; the answer to the choice (``choices.py``) sets the stage it resumes from and runs it on."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.dice import Dice
from game.geometry.cover import cover_bonus
from game.geometry.measure import distance_to_point
from game.geometry.templates import explosion
from game.rules.engine import Event
from game.rules.helldorado.damage import apply_losses, template_hits, weapon_table
from game.rules.helldorado.dice import Roll, lp_loss, pool, table_damage
from game.rules.helldorado.events import ev
from game.rules.helldorado.flow import after_exchange
from game.rules.helldorado.spatial import from_above, in_cover, supporters
from game.rules.helldorado.state import AttackKind, Choice, Exchange, HDState, Pending, Reason, Stage, Unit

if TYPE_CHECKING:
    from game.rules.helldorado.game import Helldorado

Step = Callable[["Helldorado", HDState, Exchange, Dice], tuple[HDState, list[Event]]]
Modifier = tuple[str, int, str]


def run(system: Helldorado, state: HDState, dice: Dice) -> tuple[HDState, list[Event]]:
    """Advance the attack sequence until a player must choose, or it is over."""
    events: list[Event] = []
    st = state
    while st.exchange is not None and st.pending is None:
        st, more = STAGES[st.exchange.stage](system, st, st.exchange, dice)
        events += more
    return st, events


def start(system: Helldorado, state: HDState, ex: Exchange, dice: Dice,
          events: list[Event]) -> HDState:
    """Run a new attack sequence from its first stage; its events join ``events``."""
    st, more = run(system, replace(state, exchange=ex), dice)
    events += more
    return st


# ---------------------------------------------------------------------- who strikes, with what


def stage_attacker(system: Helldorado, st: HDState, ex: Exchange, dice: Dice
                   ) -> tuple[HDState, list[Event]]:
    """HD-MELEE-21/22: one engaged enemy strikes; the others support it."""
    if len(ex.candidates) == 1:
        ex = replace(ex, attacker=ex.candidates[0], stage=Stage.WEAPONS)
        return replace(st, exchange=ex), [
            ev("hd.striker", ["HD-MELEE-21", "HD-MELEE-22"], ex.attacker, target=ex.defender,
               chosen_by="")]
    defender = st.unit(ex.defender)
    chooser = (st.other_side(defender.side) if st.cfg.retreat_attacker_choice == "opponent"
               else defender.side)
    return replace(st, pending=Pending(Choice.ATTACKER, chooser, ex.defender, ex.candidates)), []


def stage_weapons(system: Helldorado, st: HDState, ex: Exchange, dice: Dice
                  ) -> tuple[HDState, list[Event]]:
    """HD-MELEE-24: each fighter's weapon is declared, or the opponent picks its table."""
    a = st.unit(ex.attacker)
    d = st.unit(ex.defender)
    if not ex.a_weapon:
        tables = a.melee_tables
        if len(tables) > 1:
            opts = tuple(w.id for w in tables)
            if ex.reason in (Reason.RETREAT, Reason.FOCUS):
                # the striker did not start this sequence: its side declares first
                return replace(st, pending=Pending(Choice.DECLARE, a.side, a.id, opts + ("",))), []
            return replace(st, pending=Pending(Choice.TABLE, d.side, a.id, opts)), []
        ex = replace(ex, a_weapon=tables[0].id if tables else "-")
    if not ex.one_sided and not ex.d_weapon:
        tables = d.melee_tables
        if len(tables) > 1:
            opts = tuple(w.id for w in tables) + ("",)
            return replace(st, exchange=ex, pending=Pending(Choice.DECLARE, d.side, d.id, opts)), []
        ex = replace(ex, d_weapon=tables[0].id if tables else "-")
    return replace(st, exchange=replace(ex, stage=Stage.ROLL)), []


# ---------------------------------------------------------------------- the dice


def melee_numbers(st: HDState, ex: Exchange, u: Unit, opp: Unit, attacking: bool
                  ) -> tuple[int, list[Modifier], int, list[Modifier]]:
    """CBT after modifiers (HD-MELEE-6) and the opponent's DEF after penalties."""
    act = st.activation
    mods: list[Modifier] = []
    if attacking and ex.reason == Reason.CHARGE:
        mods.append(("charge", -1, "HD-MELEE-16"))
    sup = len(supporters(st, u, opp))
    if sup:
        mods.append(("support", sup, "HD-MELEE-23"))
    if from_above(st, u, opp):
        mods.append(("above", 1, "HD-MELEE-18"))
    if act is not None and act.unit == u.id and act.concentration_penalty:
        mods.append(("concentration", -1, "HD-MELEE-20"))
    cbt = (u.cbt or 0) + sum(m[1] for m in mods)
    dmods: list[Modifier] = []
    if act is not None and act.unit == opp.id and act.concentration_penalty:
        dmods.append(("concentration", -1, "HD-MELEE-20"))
    if attacking and ex.def_penalty:
        dmods.append(("focus", -ex.def_penalty, "HD-MELEE-22"))
    defence = opp.defence + sum(m[1] for m in dmods)
    return cbt, mods, defence, dmods


def stage_roll(system: Helldorado, st: HDState, ex: Exchange, dice: Dice
               ) -> tuple[HDState, list[Event]]:
    """HD-MELEE-6..8 (and HD-RANGED-16, HD-EXPL-4): count the dice, roll them."""
    a = st.unit(ex.attacker)
    events: list[Event] = []
    if ex.kind == AttackKind.MELEE:
        d = st.unit(ex.defender)
        a_cbt, a_mods, d_def, d_mods = melee_numbers(st, ex, a, d, True)
        a_pool = pool(a_cbt)
        a_roll = Roll(dice.roll(a_pool.dice), d_def, a_pool.rerolls, a_pool.auto)
        rules = ["HD-MELEE-3", "HD-MELEE-6", "HD-MELEE-7", "HD-MELEE-8"] + [m[2] for m in a_mods + d_mods]
        if ex.one_sided:
            rules.append("HD-MELEE-17")
        events.append(ev("hd.roll", rules, a.id, against=d.id, value=a_cbt, mods=tuple(a_mods),
                         dice=a_pool.dice, rerolls=a_pool.rerolls, auto=a_pool.auto,
                         faces=a_roll.first, diff=d_def, def_mods=tuple(d_mods), hits=a_roll.hits))
        d_roll = None
        if not ex.one_sided:
            d_cbt, dm, a_def, am = melee_numbers(st, ex, d, a, False)
            d_pool = pool(d_cbt)
            d_roll = Roll(dice.roll(d_pool.dice), a_def, d_pool.rerolls, d_pool.auto)
            events.append(ev("hd.roll", ["HD-MELEE-6", "HD-MELEE-7", "HD-MELEE-8"]
                             + [m[2] for m in dm + am], d.id, against=a.id, value=d_cbt,
                             mods=tuple(dm), dice=d_pool.dice, rerolls=d_pool.rerolls,
                             auto=d_pool.auto, faces=d_roll.first, diff=a_def,
                             def_mods=tuple(am), hits=d_roll.hits))
        ex = replace(ex, a_roll=a_roll, d_roll=d_roll, stage=Stage.REROLL_A)
        return replace(st, exchange=ex), events
    # a shot or an explosion: the shooter alone rolls (HD-RANGED-16/17, HD-EXPL-4)
    act = st.activation
    aim = st.cfg.aim_bonus if act is not None and act.unit == a.id and act.concentrating else 0
    shs = (a.shs or 0) + aim
    p = pool(shs)
    roll = Roll(dice.roll(p.dice), ex.diff, p.rerolls, p.auto)
    rules = ["HD-RANGED-16", "HD-MELEE-6", "HD-MELEE-7", "HD-MELEE-8"]
    if aim:
        rules.append("HD-HOUSE-9")
    if ex.kind == AttackKind.EXPLOSION:
        rules.append("HD-EXPL-4")
    events.append(ev("hd.roll", rules, a.id, against=ex.defender, value=shs,
                     mods=(("aim", aim, "HD-HOUSE-9"),) if aim else (), dice=p.dice,
                     rerolls=p.rerolls, auto=p.auto, faces=roll.first, diff=ex.diff,
                     def_mods=(), hits=roll.hits))
    return replace(st, exchange=replace(ex, a_roll=roll, stage=Stage.REROLL_A)), events


def reroll_event(uid: str, before: Roll, after: Roll) -> Event:
    return ev("hd.reroll", ["HD-MELEE-9", "HD-0-6"], uid, indices=after.rerolled,
              before=before.faces, faces=after.faces, hits=after.hits,
              unused=before.rerolls - len(after.rerolled))


def after_rerolls(ex: Exchange) -> Stage:
    """The stage that follows the re-rolls of a sequence of this kind."""
    return {AttackKind.MELEE: Stage.HITS_A, AttackKind.SHOT: Stage.STRAY,
            AttackKind.EXPLOSION: Stage.LAND}[ex.kind]


def stage_reroll_a(system: Helldorado, st: HDState, ex: Exchange, dice: Dice
                   ) -> tuple[HDState, list[Event]]:
    return _reroll_stage(st, ex, dice, True)


def stage_reroll_d(system: Helldorado, st: HDState, ex: Exchange, dice: Dice
                   ) -> tuple[HDState, list[Event]]:
    return _reroll_stage(st, ex, dice, False)


def _reroll_stage(st: HDState, ex: Exchange, dice: Dice, attacker: bool) -> tuple[HDState, list[Event]]:
    """HD-MELEE-9: misses may be re-rolled once each; spare re-rolls are lost."""
    roll = ex.a_roll if attacker else ex.d_roll
    nxt = Stage.REROLL_D if attacker else after_rerolls(ex)
    uid = ex.attacker if attacker else ex.defender
    events: list[Event] = []
    if roll is not None and roll.wants_reroll:
        if st.cfg.ask_rerolls:
            side = st.unit(uid).side
            misses = tuple(str(i) for i in roll.misses)
            return replace(st, pending=Pending(Choice.REROLL, side, uid, misses)), []
        choice = roll.default_choice()
        new = roll.with_rerolls(choice, dice.roll(len(choice)))
        events.append(reroll_event(uid, roll, new))
        roll = new
    elif roll is not None and roll.rerolls and not roll.rerolls_done:
        events.append(ev("hd.reroll", ["HD-MELEE-9"], uid, indices=(), before=roll.faces,
                         faces=roll.faces, hits=roll.hits, unused=roll.rerolls))
    if roll is not None:
        roll = replace(roll, rerolls_done=True)
    ex = replace(ex, a_roll=roll, stage=nxt) if attacker else replace(ex, d_roll=roll, stage=nxt)
    return replace(st, exchange=ex), events


def stage_stray(system: Helldorado, st: HDState, ex: Exchange, dice: Dice
                ) -> tuple[HDState, list[Event]]:
    """HD-RANGED-21/22/24: more odd than even faces sends the shot to another fighter."""
    roll = ex.a_roll
    assert roll is not None
    if not ex.parity:
        return replace(st, exchange=replace(ex, victim=ex.defender, stage=Stage.HITS_A)), []
    victim = ex.defender
    die = 0
    if roll.stray and ex.victims:
        if len(ex.victims) == 1:
            victim = ex.victims[0]
        else:
            die = dice.roll(1, len(ex.victims))[0]
            victim = ex.victims[die - 1]
    rules = ["HD-RANGED-21"] + (["HD-RANGED-22", "HD-HOUSE-12"] if victim != ex.defender else [])
    event = ev("hd.parity", rules, ex.attacker, odd=roll.odd, even=roll.even,
               stray=victim != ex.defender, victim=victim, pick=die, among=ex.victims)
    return replace(st, exchange=replace(ex, victim=victim, stage=Stage.HITS_A)), [event]


def stage_hits_a(system: Helldorado, st: HDState, ex: Exchange, dice: Dice
                 ) -> tuple[HDState, list[Event]]:
    return _hits_stage(st, ex, True)


def stage_hits_d(system: Helldorado, st: HDState, ex: Exchange, dice: Dice
                 ) -> tuple[HDState, list[Event]]:
    return _hits_stage(st, ex, False)


def _hits_stage(st: HDState, ex: Exchange, attacker: bool) -> tuple[HDState, list[Event]]:
    """HD-MELEE-11: a player may use fewer hits — never on a stray shot (HD-RANGED-22)."""
    roll = ex.a_roll if attacker else ex.d_roll
    nxt = Stage.HITS_D if attacker else Stage.DAMAGE
    if roll is None:
        return replace(st, exchange=replace(ex, stage=nxt)), []
    hits = roll.hits
    stray = ex.kind == AttackKind.SHOT and ex.victim != ex.defender
    if st.cfg.ask_reduction and hits > 0 and not stray:
        uid = ex.attacker if attacker else ex.defender
        opts = tuple(str(i) for i in range(hits + 1))
        return replace(st, pending=Pending(Choice.HITS, st.unit(uid).side, uid, opts)), []
    ex = replace(ex, a_used=hits, stage=nxt) if attacker else replace(ex, d_used=hits, stage=nxt)
    return replace(st, exchange=ex), []


# ---------------------------------------------------------------------- damage


def stage_damage(system: Helldorado, st: HDState, ex: Exchange, dice: Dice
                 ) -> tuple[HDState, list[Event]]:
    """HD-MELEE-10..14 / HD-RANGED-18/19: tables, PR, simultaneous damage, the Reaper."""
    a = st.unit(ex.attacker)
    events: list[Event] = []
    losses: dict[str, int] = {}
    a_roll = ex.a_roll
    assert a_roll is not None
    if ex.kind == AttackKind.MELEE:
        d = st.unit(ex.defender)
        used = ex.a_used if ex.a_used is not None else a_roll.hits
        dmg = table_damage(weapon_table(a, ex.a_weapon), used)
        auto = a_roll.auto + int(ex.a_vae)
        losses[d.id] = lp_loss(dmg, d.pr, auto)
        events.append(ev("hd.damage", ["HD-MELEE-10", "HD-MELEE-11", "HD-MELEE-12", "HD-0-7"]
                         + ["HD-MELEE-7"] * bool(a_roll.auto), a.id, target=d.id,
                         weapon=ex.a_weapon, hits=a_roll.hits, used=used, damage=dmg, pr=d.pr,
                         cover=0, auto=auto, loss=losses[d.id]))
        if ex.d_roll is not None:
            d_used = ex.d_used if ex.d_used is not None else ex.d_roll.hits
            d_dmg = table_damage(weapon_table(d, ex.d_weapon), d_used)
            d_auto = ex.d_roll.auto + int(ex.d_vae)
            losses[a.id] = lp_loss(d_dmg, a.pr, d_auto)
            events.append(ev("hd.damage", ["HD-MELEE-10", "HD-MELEE-11", "HD-MELEE-12",
                                           "HD-MELEE-13"], d.id, target=a.id,
                             weapon=ex.d_weapon, hits=ex.d_roll.hits, used=d_used,
                             damage=d_dmg, pr=a.pr, cover=0, auto=d_auto, loss=losses[a.id]))
        st, more = apply_losses(replace(st, exchange=None), losses, "HD-MELEE-13")
        st, end = after_exchange(st, ex)
        return st, events + more + end
    victim = st.unit(ex.victim or ex.defender)
    used = ex.a_used if ex.a_used is not None else a_roll.hits
    w = a.weapon(ex.a_weapon)
    dmg = table_damage(w.table if w else (), used)
    covered = in_cover(system.table_of(st), st, a.base.eye, victim)
    bonus = cover_bonus(victim.size) if covered else 0
    auto = a_roll.auto + int(ex.a_vae)
    loss = lp_loss(dmg, victim.pr + bonus, auto)
    rules = ["HD-RANGED-17", "HD-RANGED-18", "HD-MELEE-12", "HD-0-7"]
    if covered:
        rules += ["HD-RANGED-9", "HD-RANGED-11"]
    if victim.id != ex.defender:
        rules.append("HD-RANGED-22")
    events.append(ev("hd.damage", rules, a.id, target=victim.id, weapon=ex.a_weapon,
                     hits=a_roll.hits, used=used, damage=dmg, pr=victim.pr, cover=bonus,
                     auto=auto, loss=loss))
    st, more = apply_losses(replace(st, exchange=None), {victim.id: loss}, "HD-RANGED-19")
    st, end = after_exchange(st, ex)
    return st, events + more + end


def stage_land(system: Helldorado, st: HDState, ex: Exchange, dice: Dice
               ) -> tuple[HDState, list[Event]]:
    """HD-EXPL-5/6/12: a hit lands the blast on the point; no hit, nothing at all."""
    a = st.unit(ex.attacker)
    roll = ex.a_roll
    assert roll is not None and ex.point is not None
    w = a.weapon(ex.a_weapon)
    assert w is not None
    st = replace(st, exchange=None)
    if roll.hits < 1:
        events = [ev("hd.dud", ["HD-EXPL-5"], a.id, faces=roll.faces, diff=roll.diff)]
        st, end = after_exchange(st, ex)
        return st, events + end
    table = system.table_of(st)
    cfg = st.cfg
    others = [o.base for o in st.alive()]
    res = explosion(ex.point, others, radius=w.radius, surface_z=ex.point[2],
                    sees=lambda p, b: table.point_sees(p, b), inclusive=cfg.template_inclusive,
                    eps=cfg.eps)
    events = [ev("hd.explosion", ["HD-EXPL-3", "HD-EXPL-5", "HD-EXPL-6", "HD-EXPL-12"], a.id,
                 weapon=w.id, point=tuple(round(c, 3) for c in ex.point), radius=w.radius,
                 caught=res.caught, saved=res.saved)]
    under = set(res.under)
    px, py = ex.point[0], ex.point[1]
    order = sorted(res.caught, key=lambda i: (distance_to_point(st.unit(i).base, (px, py)), i))
    losses: dict[str, int] = {}
    for uid in order:
        events += template_hits(table, st, a, w, uid, 5, under, False, dice, losses)[0]
    st, more = apply_losses(st, losses, "HD-EXPL-8")
    st, end = after_exchange(st, ex)
    return st, events + more + end


def stage_order(system: Helldorado, st: HDState, ex: Exchange, dice: Dice
                ) -> tuple[HDState, list[Event]]:
    """HD-TMPL-12 / HD-AMB-14: the shooter orders units equally near."""
    if st.cfg.impact_tie_order == "shooter_chooses":
        for g in ex.groups:
            if len(g) > 1:
                side = st.unit(ex.attacker).side
                return replace(st, pending=Pending(Choice.ORDER, side, ex.attacker, tuple(g))), []
    chain = tuple(i for g in ex.groups for i in g)
    return replace(st, exchange=replace(ex, chain=chain, stage=Stage.CHAIN)), []


def stage_chain(system: Helldorado, st: HDState, ex: Exchange, dice: Dice
                ) -> tuple[HDState, list[Event]]:
    """HD-TMPL-11/12/13: SHS+5 dice at the nearest, then the misses at the next, and on."""
    a = st.unit(ex.attacker)
    w = a.weapon(ex.a_weapon)
    assert w is not None
    cfg = st.cfg
    n = (a.shs or 0) + 5 if cfg.impact_first_dice == "SHS+5" else 5
    if cfg.impact_dice_cap:
        n = min(n, 5)
    events: list[Event] = []
    losses: dict[str, int] = {}
    under = set(ex.victims)
    table = system.table_of(st)
    for uid in ex.chain:
        if n <= 0:
            break
        more, hits = template_hits(table, st, a, w, uid, n, under, True, dice, losses)
        events += more
        n -= hits
        events.append(ev("hd.chain", ["HD-TMPL-12"], a.id, unit=uid, hits=hits, left=n))
    st, more = apply_losses(replace(st, exchange=None), losses, "HD-TMPL-11")
    st, end = after_exchange(st, ex)
    return st, events + more + end


#: each stage of an attack sequence and the step that resolves it
STAGES: dict[Stage, Step] = {
    Stage.ATTACKER: stage_attacker, Stage.WEAPONS: stage_weapons, Stage.ROLL: stage_roll,
    Stage.REROLL_A: stage_reroll_a, Stage.REROLL_D: stage_reroll_d, Stage.STRAY: stage_stray,
    Stage.HITS_A: stage_hits_a, Stage.HITS_D: stage_hits_d, Stage.DAMAGE: stage_damage,
    Stage.LAND: stage_land, Stage.ORDER: stage_order, Stage.CHAIN: stage_chain,
}
