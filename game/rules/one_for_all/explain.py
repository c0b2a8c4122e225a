"""One for All events in plain words, with the rules cited; why a game ended; and the profiles'
names (``data/profiles.json``) in either language.

The English is here (marked ``N_()``), the Russian in the ``one_for_all`` gettext domain; the
engine's :func:`game.rules.engine.words.explain` puts an event into words through this table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from game.i18n import N_
from game.rules.engine import Event
from game.rules.engine import words as engine_words
from game.rules.engine.words import Derived, Explanations, Translate
from game.rules.one_for_all.profiles import profiles
from game.rules.one_for_all.state import EndReason

_MESSAGES: dict[str, str] = {
    "ofa.activate": N_("{actor} is activated: a new pool starts at 0"),
    "ofa.stop": N_("{actor} stops; the pool of {pool} is lost"),
    "ofa.move": N_("{actor} moves {distance:.0f} mm"),
    "ofa.move.touching": N_("{actor} moves {distance:.0f} mm, touching {touched}"),
    "ofa.free_move": N_("{actor} stopped in open space: a Free Move ends the activation"),
    "ofa.action": N_("{actor}: {kind} {object}"),
    "ofa.pool_roll": N_("{actor} rolls the pool of {pool}: {faces}"),
    "ofa.rolloff": N_("{blocker} may be in the way: roll-off {rolls}, {verdict}"),
    "ofa.attack": N_("{actor} against {defender}: {attacker_score} ({attacker_faces}) against "
                     "{defender_score} ({defender_faces}), {hits_to_defender} hit(s)"),
    "ofa.duel": N_("Duel, {actor} ({attacker_dice} dice) against {defender} ({defender_dice} dice): "
                   "{attacker_score} against {defender_score}; {result}"),
    "ofa.allocate": N_("{actor} wins {hits} hit(s) to split among {candidates}"),
    "ofa.allocated": N_("{actor} splits the hits: {shares}"),
    "ofa.push": N_("{actor} is pushed back {distance:.0f} mm"),
    "ofa.push.blocked": N_("{actor} cannot be pushed back, already against something: Stunned "
                           "instead"),
    "ofa.push.blocked_by": N_("{actor} cannot be pushed back, blocked by {touched}: Stunned "
                              "instead"),
    # a hit's row of the hit table is what it does (a push, a marker, a wound), not damage
    "ofa.hits": N_("{actor} takes {count} hit(s) ({rows}): now {state}"),
    "ofa.hits.harmless": N_("{actor} takes {count} hit(s) ({rows}), with no lasting harm"),
    "ofa.down": N_("{actor} falls unconscious and lies as an obstacle"),
    "ofa.damage_bonus": N_("a heavy object: +{extra} hit(s) for {target}"),
    "ofa.initiative_lost": N_("{actor} rolled a 1: the initiative passes to {to}"),
    "ofa.activation_end": N_("{actor}'s activation ends ({reason})"),
    "ofa.game_over": N_("The game is over: {winner} won"),
    # what a figure does (``ofa.action``'s ``kind``), with what it acts on
    "ofa.action.punch": N_("{actor} punches {object}"),
    "ofa.action.kick": N_("{actor} kicks {object}"),
    "ofa.action.slap": N_("{actor} slaps {object}"),
    "ofa.action.shove": N_("{actor} shoves {object}"),
    "ofa.action.insult": N_("{actor} insults {object}"),
    "ofa.action.pick_up": N_("{actor} picks up {object}"),
    "ofa.action.throw": N_("{actor} throws {object}"),
    "ofa.action.throw.at": N_("{actor} throws {object} at {target}"),
    "ofa.action.roll": N_("{actor} rolls {object}"),
    "ofa.action.leap_onto": N_("{actor} leaps onto {object}"),
    "ofa.action.leap_off": N_("{actor} leaps off {object}"),
    "ofa.action.leap_over": N_("{actor} leaps over {object}"),
    "ofa.action.grab": N_("{actor} grabs {object}"),
    "ofa.action.swing": N_("{actor} swings on {object}"),
    "ofa.action.slide": N_("{actor} slides down {object}"),
    "ofa.action.stairs": N_("{actor} takes the stairs of {object}"),
    "ofa.action.dodge": N_("{actor} dodges {object}"),
    "ofa.action.improvise": N_("{actor} improvises with {object}"),
    "ofa.action.recover": N_("{actor} recovers from being Stunned"),
    "ofa.action.retrieve_weapon": N_("{actor} picks up their own weapon again"),
}

_WORDS: dict[str, dict[str, str]] = {
    #: the rows of the hit table a figure takes (``ofa.hits``)
    "rows": {"pushed_back": N_("Pushed Back"), "stunned": N_("Stunned"),
             "dropped_weapon": N_("Dropped Weapon"), "wounded": N_("Wounded")},
    #: why an activation ended (``ofa.activation_end``)
    "reason": {"down": N_("the figure is down"), "failed": N_("a 1 was rolled")},
    #: who won a duel (``ofa.duel``)
    "winner_of_duel": {"attacker": N_("the challenger wins"), "defender": N_("the defender wins")},
}


def _state(data: Mapping[str, Any], tr: Translate) -> str:
    """A figure's state after hits: its markers and wounds, or unhurt."""
    parts = []
    if data.get("stunned"):
        parts.append(tr(N_("Stunned")))
    if data.get("unarmed"):
        parts.append(tr(N_("unarmed")))
    if data.get("wounds"):
        parts.append(tr(N_("{n} wound(s)")).format(n=data["wounds"]))
    return ", ".join(parts) or tr(N_("unhurt"))


def _rows(rows: tuple[str, ...], tr: Translate) -> str:
    """The hit table's rows a figure took, each named once with how many times (in the order
    they first came): "Pushed Back, Wounded ×3, Dropped Weapon"."""
    counts: dict[str, int] = {}
    for row in rows:
        counts[row] = counts.get(row, 0) + 1
    words = _WORDS["rows"]
    return ", ".join(tr(words.get(r, r)) + (f" ×{n}" if n > 1 else "") for r, n in counts.items())


def _derive(event: Event, data: Mapping[str, Any], tr: Translate) -> Derived:
    kind = event.kind
    if kind == "ofa.action":
        action = str(data.get("kind", "")).replace(" ", "_")
        if action == "throw" and data.get("target"):
            return Derived({"object": data.get("object", "")}, "ofa.action.throw.at")
        if f"ofa.action.{action}" in _MESSAGES:
            return Derived({"object": data.get("object", "")}, f"ofa.action.{action}")
        return Derived({"object": data.get("object", "")})
    if kind == "ofa.move" and data.get("touched"):
        return Derived(message="ofa.move.touching")
    if kind == "ofa.push" and data.get("blocked"):
        return Derived(message="ofa.push.blocked_by" if data.get("touched") else "ofa.push.blocked")
    if kind == "ofa.duel":
        return Derived({"result": tr(_WORDS["winner_of_duel"].get(str(data.get("winner")),
                                                                  "the challenger wins"))})
    if kind == "ofa.rolloff":
        return Derived({"verdict": tr(N_("the line is clear")) if data.get("clear") else tr(N_("the line is blocked"))})
    if kind == "ofa.hits":
        rows = tuple(data.get("rows", ()) or ())
        values = {"count": len(rows), "rows": _rows(rows, tr)}
        if not (data.get("stunned") or data.get("unarmed") or data.get("wounds")):
            return Derived(values, "ofa.hits.harmless")
        return Derived({**values, "state": _state(data, tr)})
    if kind == "ofa.attack":  # a figure with no dice to roll scores 0 (OFA-3.4)
        none = tr(N_("no dice"))
        return Derived({k: none for k in ("attacker_faces", "defender_faces") if not data.get(k)})
    if kind == "ofa.allocated":
        shares = ", ".join(f"{who} {n}" for who, n in data.get("shares", ()))
        return Derived({"shares": shares})
    return Derived()


#: One for All's events in words (the engine's explanation path)
EXPLANATIONS = Explanations(_MESSAGES, _WORDS, _derive)


def explain(event: Event, lang: str = "en") -> str:
    """One line for the log, with the rule IDs at the end, each once: ``... [OFA-3C.4, OFA-5A.1]``
    (an event may name a rule twice: a check's rule and the table's)."""
    if len(set(event.rules)) < len(event.rules):
        event = replace(event, rules=tuple(dict.fromkeys(event.rules)))
    return engine_words.explain(event, EXPLANATIONS, lang)


#: why the game ended (``Outcome.reason``), as the end card says it
_END_REASONS: dict[str, str] = {
    EndReason.ALL_UNCONSCIOUS: N_("every figure of the other side is unconscious (OFA-1.3)")}


def end_reason(reason: str, lang: str | None = None) -> str:
    """Why the game ended (``Outcome.reason``, an :class:`EndReason`) in words, with the rule."""
    text = _END_REASONS.get(reason)
    return engine_words.translate(text, lang) if text else str(reason)


def profile_name(profile: str, lang: str = "en") -> str:
    """A profile's name for the screen (``"guard"`` -> ``"Cardinal's Guard"``, in Russian
    ``"Гвардеец кардинала"``); the id itself when the profile is not in the seed's list."""
    entry = profiles().get(profile)
    if not isinstance(entry, dict):
        return profile
    name = entry.get(f"name_{lang}") or entry.get("name") or profile
    return str(name)
