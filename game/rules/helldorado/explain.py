"""Helldorado events in plain words, with the rules cited and marked by where they come from: the
seed (the rulebook's combat chapters), our conventions (HD-0-*), or our house turn flow
(HD-HOUSE-*, see HOUSE.md).

The English is here (marked ``N_()``), the Russian in the ``helldorado`` gettext domain; the
engine's :func:`game.rules.engine.words.explain` puts an event into words through this table, and
:func:`cite` groups its rule IDs by where they come from."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from game.i18n import N_
from game.rules.engine import Event
from game.rules.engine import words as engine_words
from game.rules.engine.words import Derived, Explanations, Translate

_MESSAGES: dict[str, str] = {
    "hd.activate": N_("Round {round}: {actor} is activated ({mov:g} f of movement)"),
    "hd.end": N_("{actor} ends its activation"),
    "hd.round": N_("Round {round} begins; first to activate: {first}"),
    "hd.game_over": N_("The game is over: {winners} win ({scores})"),
    "hd.game_over.draw": N_("The game is over: a draw ({scores})"),
    "hd.move": N_("{actor} moves {distance:.2f} f; {left:.2f} f left"),
    "hd.move.touching": N_("{actor} moves {distance:.2f} f, touching {touched}; {left:.2f} f left"),
    "hd.climb": N_("{actor} climbs from level {z_from:.2f} to {z_to:.2f} f (costs {cost:.2f} f)"),
    "hd.charge": N_("{actor} charges {target} ({distance:.2f} f): −1 CBT in this fight"),
    "hd.retreat": N_("{actor} retreats: it suffers a one-sided attack"),
    "hd.retreat_move": N_("{actor} gets away ({distance:.2f} f)"),
    "hd.focus": N_("{actor} focuses"),
    "hd.focus.engaged": N_("{actor} focuses while engaged: {strikers} may strike it"),
    "hd.heal": N_("{actor} regains {gained} LP (now {lp})"),
    "hd.concentrate": N_("{actor} concentrates: +{aim} SHS"),
    "hd.concentrate.engaged": N_("{actor} concentrates: +{aim} SHS; engaged, so −1 CBT and −1 DEF"),
    "hd.shot": N_("{actor} shoots {target} with {weapon}: {distance:.2f} f, {band} ({range_diff}), "
                  "DEF {defence}: difficulty {diff}"),
    "hd.shot.parity": N_("{actor} shoots {target} with {weapon}: {distance:.2f} f, {band} ({range_diff}), "
                         "DEF {defence}: difficulty {diff}; odd/even check"),
    "hd.aim": N_("{actor} fires {weapon} at a point {distance:.2f} f away: {band}, difficulty {diff}"),
    "hd.template": N_("{actor} lays the {kind} template of {weapon}: caught {caught}"),
    "hd.template.saved": N_("{actor} lays the {kind} template of {weapon}: caught {caught}; "
                            "saved by cover: {saved}"),
    "hd.roll": N_("{actor} rolls {dice} dice ({value}{mods}; {rerolls} re-roll(s), {auto} automatic) "
                  "needing {diff}+: {faces}, {hits} hit(s)"),
    "hd.reroll": N_("{actor} re-rolls {count} miss(es): {before} -> {faces}, {hits} hit(s); "
                    "{unused} re-roll(s) unused"),
    "hd.reroll.none": N_("{actor} keeps the dice: {faces}, {hits} hit(s); {unused} re-roll(s) unused"),
    "hd.parity": N_("Odd {odd} against even {even}: the shot hits its target"),
    "hd.parity.stray": N_("Odd {odd} against even {even}: the shot strays onto {victim}"),
    "hd.damage": N_("{actor} deals {damage} with {used} hit(s) on {target}: −{pr} PR = {loss} LP"),
    "hd.damage.cover": N_("{actor} deals {damage} with {used} hit(s) on {target}: −{pr} PR "
                          "− {cover} cover = {loss} LP"),
    "hd.damage.auto": N_("{actor} deals {damage} with {used} hit(s) on {target}: −{pr} PR "
                         "+ {auto} automatic = {loss} LP"),
    "hd.damage.cover.auto": N_("{actor} deals {damage} with {used} hit(s) on {target}: −{pr} PR "
                               "− {cover} cover + {auto} automatic = {loss} LP"),
    "hd.wound": N_("{actor} loses {loss} LP ({lp} left)"),
    "hd.death": N_("{actor} dies: {points} points to {to}"),
    "hd.dud": N_("No hit: it didn't go off"),
    "hd.explosion": N_("The blast lands (radius {radius:g} f): caught {caught}"),
    "hd.explosion.saved": N_("The blast lands (radius {radius:g} f): caught {caught}; "
                             "saved by cover: {saved}"),
    "hd.blast_roll": N_("Against {unit}: {faces} needing {difficulty}+: {hits} hit(s) of power {power}"),
    "hd.redirect": N_("{unit} is in a fight: the die shows {die}, the hits land normally"),
    "hd.redirect.moved": N_("{unit} is in a fight: the die shows {die}, the hits go to {victim}"),
    "hd.blast_damage": N_("{unit}: {hits} hit(s) × power {power} − {pr} PR = {loss} LP"),
    "hd.blast_damage.cover": N_("{unit}: {hits} hit(s) × power {power} − {pr} PR − {cover} cover "
                                "= {loss} LP"),
    "hd.chain": N_("{hits} hit(s) on {unit}; {left} dice go on"),
    "hd.weapon": N_("{actor} fights with {weapon} (declared)"),
    "hd.weapon.chosen": N_("{actor} fights with {weapon} (chosen by the opponent)"),
    "hd.weapon.undeclared": N_("{actor} has not declared a weapon: the opponent picks its table"),
    "hd.striker": N_("{actor} strikes {target}"),
    "hd.reduce": N_("{actor} uses {used} of {hits} hit(s)"),
    "hd.order": N_("Chain order: {order}"),
    "hd.vae_victis": N_("{side} give the order Vae Victis for {actor}: +1 automatic damage"),
}

_WORDS: dict[str, dict[str, str]] = {
    #: a shot's range band (``hd.shot``, ``hd.aim``)
    "band": {"point_blank": N_("point blank"), "short": N_("short"), "medium": N_("medium"),
             "long": N_("long"), "beyond": N_("beyond")},
    #: a template's kind (``hd.template``)
    "kind": {"cloud": N_("cloud-blast"), "impact": N_("impact-blast")},
}

#: what changes a roll's characteristic (``hd.roll``'s ``mods``)
_MODIFIERS: dict[str, str] = {
    "charge": N_("charge"), "support": N_("support"), "above": N_("above"),
    "concentration": N_("concentration"), "focus": N_("focus"), "aim": N_("aim")}

#: the rule IDs of one source, as the end of a line cites them (see :func:`rule_source`)
_SOURCES: dict[str, str] = {
    "seed": N_("seed: {rules}"), "convention": N_("convention: {rules}"), "house": N_("house: {rules}")}


def _faces(faces: Any) -> str:
    return "[" + ", ".join(str(f) for f in faces) + "]"


def _units(ids: Any, tr: Translate) -> str:
    """Units named in a line, or nobody."""
    return ", ".join(str(i) for i in ids) or tr(N_("nobody"))


def _derive(event: Event, data: Mapping[str, Any], tr: Translate) -> Derived:
    kind = event.kind
    if kind == "hd.move" and data.get("touched"):
        return Derived(message="hd.move.touching")
    if kind == "hd.focus" and data.get("strikers"):
        return Derived(message="hd.focus.engaged")
    if kind == "hd.concentrate" and data.get("penalty"):
        return Derived(message="hd.concentrate.engaged")
    if kind == "hd.shot" and data.get("parity"):
        return Derived(message="hd.shot.parity")
    if kind in ("hd.template", "hd.explosion"):
        saved = tuple(data.get("saved", ()))
        values = {"caught": _units(data.get("caught", ()), tr), "saved": ", ".join(saved)}
        return Derived(values, f"{kind}.saved" if saved else "")
    if kind == "hd.roll":
        mods = "".join(f" {m[1]:+d} {tr(_MODIFIERS.get(m[0], m[0]))}" for m in data.get("mods", ()))
        return Derived({"faces": _faces(data.get("faces", ())), "mods": mods})
    if kind == "hd.reroll":
        count = len(data.get("indices", ()))
        return Derived({"faces": _faces(data.get("faces", ())), "before": _faces(data.get("before", ())),
                        "count": count}, "" if count else "hd.reroll.none")
    if kind == "hd.blast_roll":
        return Derived({"faces": _faces(data.get("faces", ()))})
    if kind == "hd.parity" and data.get("stray"):
        return Derived(message="hd.parity.stray")
    if kind == "hd.redirect" and data.get("moved"):
        return Derived(message="hd.redirect.moved")
    if kind in ("hd.damage", "hd.blast_damage"):
        parts = [kind] + ["cover"] * bool(data.get("cover")) + ["auto"] * bool(data.get("auto"))
        return Derived(message=".".join(parts))
    if kind == "hd.weapon":
        variant = {"chosen by the opponent": "hd.weapon.chosen"}.get(str(data.get("how")), "")
        return Derived(message=variant if data.get("weapon") else "hd.weapon.undeclared")
    if kind == "hd.game_over":
        scores = ", ".join(f"{side} {points}" for side, points in data.get("scores", ()))
        return Derived({"scores": scores}, "" if data.get("winners") else "hd.game_over.draw")
    return Derived()


#: Helldorado's events in words (the engine's explanation path)
EXPLANATIONS = Explanations(_MESSAGES, _WORDS, _derive)


def rule_source(rule_id: str) -> str:
    """Where a rule comes from: "house" (HD-HOUSE-*, ours), "convention" (HD-0-*, the spec's
    implementer conventions) or "seed" (the rulebook's combat chapters)."""
    if rule_id.startswith("HD-HOUSE"):
        return "house"
    if rule_id.startswith("HD-0-"):
        return "convention"
    return "seed"


def cite(rules: tuple[str, ...] | list[str], lang: str = "en") -> str:
    """``[seed: HD-MELEE-16; house: HD-HOUSE-7]``, the sources' names in ``lang``."""
    if not rules:
        return ""
    groups: dict[str, list[str]] = {}
    for r in rules:
        groups.setdefault(rule_source(r), []).append(r)
    parts = [engine_words.translate(_SOURCES[k], lang).format(rules=", ".join(groups[k]))
             for k in ("seed", "convention", "house") if k in groups]
    return "[" + "; ".join(parts) + "]"


def explain(event: Event, lang: str = "en") -> str:
    """One line for the log, with the rule IDs at the end, grouped by source."""
    line = engine_words.explain(replace(event, rules=()), EXPLANATIONS, lang)
    tail = cite(event.rules, lang)
    return f"{line} {tail}" if tail else line
