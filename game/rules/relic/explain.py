"""Relic events in plain words, with the rules cited.

The English is here (marked ``N_()``), the Russian in the ``relic`` gettext domain; the engine's
:func:`game.rules.engine.words.explain` puts an event into words through this table. Where a
language needs another form of a word (a battle "of Strength" is "на Силу" in Russian, the red deck
"из красной колоды"), the whole sentence has a variant (``rel.battle.strength``, ``rel.draw.red``)
rather than a word glued into it. The names of cards, missions and scenarios are in the rules'
data (``data/*.json``, one field per language); the names and texts of spaces and their guardians
are the board's (its map's ``name_ru``, ``text_ru``...: ``RingBoard.name_of``).

The actor is a seat id (``player2``) that the play screen replaces by the player's name in its
language, so the Russian lines keep the actor in the nominative ("{actor}: ход окончен"). Only
characters the screen's font can draw ("->", not an arrow)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, Protocol

from game.i18n import N_
from game.rules.engine import Event
from game.rules.engine import words as engine_words
from game.rules.engine.words import Derived, Explanations, Translate
from game.rules.relic import data

_MESSAGES: dict[str, str] = {
    "rel.turn": N_("Round {round}: {actor}'s turn on {space}"),
    "rel.no_move": N_("{actor} does not move"),
    "rel.no_move.scenario": N_("{actor} does not move: they stand on the scenario space"),
    "rel.no_move.skip": N_("{actor} misses this move"),
    "rel.move_roll": N_("{actor} rolls {faces} to move and can reach {options}"),
    "rel.move": N_("{actor} moves from {frm} to {to}"),
    "rel.move.step": N_("{actor} steps from {frm} to {to}"),
    "rel.move.cross": N_("{actor} crosses the link from {frm} to {to}"),
    "rel.space": N_("The space {space}: {text}"),
    "rel.draw": N_("{actor} draws {card} from the {deck} deck ({kind})"),
    "rel.draw.red": N_("{actor} draws {card} from the red deck ({kind})"),
    "rel.draw.blue": N_("{actor} draws {card} from the blue deck ({kind})"),
    "rel.draw.yellow": N_("{actor} draws {card} from the yellow deck ({kind})"),
    "rel.deck_empty": N_("The {deck} deck is empty"),
    "rel.deck_empty.red": N_("The red deck is empty"),
    "rel.deck_empty.blue": N_("The blue deck is empty"),
    "rel.deck_empty.yellow": N_("The yellow deck is empty"),
    "rel.guardian": N_("{card} ({attribute} {value}) bars the way on {space}"),
    # what a space offers (``kind`` of ``rel.choice``), and what the player chose
    "rel.choice": N_("{actor} may choose: {kind}"),
    "rel.choice.teleport": N_("{actor} may move elsewhere"),
    "rel.choice.buy_wargear": N_("{actor} may buy wargear"),
    "rel.choice.keep_wargear": N_("{actor} may choose one wargear card to keep"),
    "rel.choice.swap_wargear": N_("{actor} may choose wargear to swap"),
    "rel.choice.swap_places": N_("{actor} may choose someone to swap places with"),
    "rel.choice.shift": N_("{actor} may move along the tier"),
    "rel.chosen": N_("{actor} chooses {option}"),
    "rel.chosen.nothing": N_("{actor} chooses nothing"),
    "rel.chosen.teleport": N_("{actor} chooses to go to {option}"),
    "rel.chosen.shift": N_("{actor} chooses to go to {option}"),
    "rel.chosen.buy_wargear": N_("{actor} chooses to buy wargear"),
    "rel.chosen.keep_wargear": N_("{actor} keeps {option}"),
    "rel.chosen.swap_wargear": N_("{actor} chooses to swap {option}"),
    "rel.chosen.swap_places": N_("{actor} chooses to swap places with {option}"),
    "rel.relocate": N_("{actor} goes from {frm} to {to}"),
    "rel.relocate.swap": N_("{actor} swaps places with {other}, going from {frm} to {to}"),
    "rel.space_roll": N_("{actor} rolls {face} (needs {need}+): success"),
    "rel.space_roll.failed": N_("{actor} rolls {face} (needs {need}+): failure"),
    "rel.spared": N_("{actor}'s armour spares them the loss of Life"),
    "rel.life": N_("{actor}: Life {change:+d}, now {life}"),
    "rel.influence": N_("{actor}: influence {change:+d}, now {influence}"),
    "rel.gain": N_("{actor} gains {what} ×{n}"),
    "rel.gain.power": N_("{actor} gains {n} power card(s)"),
    "rel.gain.power.card": N_("{actor} gains the power card {card}"),
    "rel.gain.wargear": N_("{actor} gains {n} wargear card(s)"),
    "rel.gain.wargear.card": N_("{actor} gains the wargear {card}"),
    "rel.lose": N_("{actor} loses {card}"),
    "rel.lose.power": N_("{actor} loses the power card {card}"),
    "rel.lose.wargear": N_("{actor} loses the wargear {card}"),
    "rel.flag": N_("{actor}: {flag}"),
    "rel.flag.skip_move": N_("{actor} misses the next move"),
    "rel.flag.double_roll": N_("{actor} rolls two dice on the next move"),
    "rel.vanquished": N_("{actor} is vanquished: {trophies} trophies and {influence} influence lost, "
                         "Life restored, back to {to}; the turn ends"),
    "rel.mission": N_("{actor} completes the mission {mission} ({count} of {needed})"),
    "rel.relic": N_("{actor} earns a relic: the Inner tier is open to them"),
    "rel.level_up": N_("{actor} spends trophies for +1 {attribute} (now {value})"),
    # a battle: its kind, said whole in each language ("бой на Силу")
    "rel.battle": N_("{actor} battles {enemy}: a battle of {attribute} ({actor} {player_value} "
                     "against {value})"),
    "rel.battle.strength": N_("{actor} battles {enemy}: a battle of Strength ({actor} {player_value} "
                              "against {value})"),
    "rel.battle.willpower": N_("{actor} battles {enemy}: a battle of Willpower ({actor} {player_value} "
                               "against {value})"),
    "rel.battle.cunning": N_("{actor} battles {enemy}: a battle of Cunning ({actor} {player_value} "
                             "against {value})"),
    "rel.prepare": N_("{actor} prepares: {modifiers}"),
    "rel.prepare.none": N_("{actor} prepares: no modifiers"),
    "rel.enemy_roll": N_("{actor} rolls for {enemy}: {chains} = {total}"),
    "rel.player_roll": N_("{actor} rolls {chains} = {total}"),
    "rel.die_changed": N_("{actor} uses {source} ({how}) on die {die}: {before} -> {after}; "
                          "the roll is now {total}"),
    "rel.die_changed.reroll": N_("{actor} re-rolls die {die} with {source}: {before} -> {after}; "
                                 "the roll is now {total}"),
    "rel.die_changed.add1": N_("{actor} adds 1 to die {die} with {source}: {before} -> {after}; "
                               "the roll is now {total}"),
    "rel.die_changed.set6": N_("{actor} sets die {die} to 6 with {source}: {before} -> {after}; "
                               "the roll is now {total}"),
    "rel.score": N_("Battle scores: {actor} {player_roll} + {player_value} + {player_mods} = "
                    "{player_score}; {enemy} {enemy_roll} + {enemy_value} + {enemy_mods} = {enemy_score}"),
    "rel.result": N_("{actor}: {result} ({player_score} against {enemy_score})"),
    "rel.result.win": N_("{actor} beats {enemy} ({player_score} against {enemy_score})"),
    "rel.result.lose": N_("{actor} loses to {enemy} ({player_score} against {enemy_score})"),
    "rel.result.tie": N_("{actor} and {enemy} tie ({player_score} against {enemy_score})"),
    "rel.trophy": N_("{actor} takes {card} as a trophy"),
    "rel.discarded": N_("{card} is discarded, as its card says"),
    "rel.engagement_end": N_("{actor}'s Engagement phase ends"),
    "rel.engagement_end.win": N_("{actor}'s Engagement phase ends after a win"),
    "rel.engagement_end.lose": N_("{actor}'s Engagement phase ends after a loss"),
    "rel.engagement_end.tie": N_("{actor}'s Engagement phase ends after a tie"),
    "rel.meet": N_("{actor} meets {card}"),
    "rel.turn_end": N_("{actor}'s turn ends"),
    "rel.confrontation": N_("{actor} faces the Confrontation of {scenario}"),
    "rel.test": N_("{actor} tests {attribute}: {chains} + {value} = {score} (needs {target}): success"),
    "rel.test.failed": N_("{actor} tests {attribute}: {chains} + {value} = {score} (needs {target}): "
                          "failure"),
    "rel.game_over": N_("The game is over: {winners} ({reason})"),
    "rel.game_over.limit": N_("The game is over: the turn limit of {rounds} rounds is reached and "
                              "{winners} wins"),
    "rel.game_over.limit.many": N_("The game is over: the turn limit of {rounds} rounds is reached and "
                                   "{winners} win"),
    "rel.game_over.confrontation": N_("The game is over: {winners} meets the Confrontation of {scenario} "
                                      "and wins"),
}

_WORDS: dict[str, dict[str, str]] = {
    #: the attribute a battle, a test or a card is of
    "attribute": {"strength": N_("Strength"), "willpower": N_("Willpower"), "cunning": N_("Cunning")},
    #: what a threat card is (``rel.draw``)
    "kind": {"enemy": N_("enemy"), "stranger": N_("stranger"), "event": N_("event")},
}

#: the values that are ids (in the rules' data or on the board), shown as their names
_NAMED = ("space", "frm", "to", "card", "enemy", "mission", "scenario", "source", "option")


def _chains(chains: Any) -> str:
    """Dice chains as rolled: ``(6+3) + 2``."""
    parts = []
    for chain in chains or ():
        parts.append("(" + "+".join(str(f) for f in chain) + ")" if len(chain) > 1 else str(chain[0]))
    return " + ".join(parts) or "0"


def _variant(kind: str, *suffix: object) -> str:
    """``kind.suffix`` when the table has that variant of the sentence, else the plain kind."""
    key = ".".join((kind, *(str(s).lower() for s in suffix)))
    return key if key in _MESSAGES else ""


class Namer(Protocol):
    """What names a board's own things (``RingBoard``): None for an id it does not know."""

    def name_of(self, ident: str, lang: str = "en") -> str | None: ...

    def text_of(self, ident: str, lang: str = "en") -> str | None: ...


def _derive_naming(board: Namer | None) -> Callable[[Event, Mapping[str, Any], Translate], Derived]:
    def derive(event: Event, values: Mapping[str, Any], tr: Translate) -> Derived:
        return _derive(event, values, tr, board)
    return derive


def _derive(event: Event, values: Mapping[str, Any], tr: Translate, board: Namer | None = None) -> Derived:
    lang = tr.lang

    def name(ident: str) -> str:
        own = board.name_of(ident, lang) if board is not None else None
        return own if own is not None else data.name(ident, lang)

    kind = event.kind
    out: dict[str, Any] = {}
    if values.get("actor") == "program":  # nobody sits beside a lone player: the program rolls (REL-SEQ-3)
        out["actor"] = tr(N_("The program"))
    for key in _NAMED:
        if key in values:
            out[key] = name(str(values[key]))
    if "options" in values:
        out["options"] = ", ".join(name(str(o)) for o in values["options"])
    if "faces" in values:
        out["faces"] = ", ".join(str(f) for f in values["faces"])
    if "chains" in values:
        out["chains"] = _chains(values["chains"])
    message = ""
    if kind == "rel.space":
        own = board.text_of(str(values["space"]), lang) if board is not None else None
        out["text"] = own if own is not None else data.text(str(values["space"]), lang)
    elif kind == "rel.no_move":
        message = _variant(kind, values.get("reason"))
    elif kind == "rel.move":
        message = _variant(kind, values.get("how"))
    elif kind in ("rel.draw", "rel.deck_empty"):
        message = _variant(kind, values.get("deck"))
    elif kind == "rel.choice":
        message = _variant(kind, values.get("kind"))
    elif kind == "rel.chosen":
        option = str(values.get("option_id") or values.get("option") or "")
        out["option"] = name(option)
        message = _variant(kind, values.get("kind")) if option else "rel.chosen.nothing"
    elif kind == "rel.relocate" and values.get("other"):
        message = "rel.relocate.swap"
    elif kind in ("rel.space_roll", "rel.test") and not values.get("ok"):
        message = f"{kind}.failed"
    elif kind in ("rel.gain", "rel.lose"):
        message = _variant(kind, values.get("what"), *(("card",) if kind == "rel.gain" and values.get("card")
                                                        else ()))
    elif kind == "rel.flag":
        message = _variant(kind, values.get("flag"))
    elif kind == "rel.battle":
        message = _variant(kind, values.get("attribute"))
    elif kind == "rel.prepare":
        mods = values.get("modifiers") or ()
        out["modifiers"] = ", ".join(f"{name(str(k))} {int(v):+d}" for k, v in mods)
        message = "" if mods else "rel.prepare.none"
    elif kind == "rel.die_changed":
        if values.get("source") == "ability":
            out["source"] = tr(N_("their ability"))
        out["die"] = int(values.get("index", 0)) + 1
        out["before"] = _chains((values["before"],))
        added = int(values.get("added", 0))
        out["after"] = _chains((values["after"],)) + (f"+{added}" if added else "")
        message = _variant(kind, values.get("how"))
    elif kind == "rel.score":
        out["player_mods"] = sum(v for _, v in values.get("player_modifiers", ()))
        out["enemy_mods"] = sum(v for _, v in values.get("enemy_modifiers", ()))
    elif kind == "rel.result":
        message = _variant(kind, values.get("result"))
    elif kind == "rel.engagement_end":
        message = _variant(kind, values.get("reason"))
    elif kind == "rel.game_over":
        many = len(tuple(values.get("winners", ()))) > 1
        message = _variant(kind, values.get("reason"), *(("many",) if many else ()))
    return Derived(out, message)


#: Relic's events in words (the engine's explanation path)
EXPLANATIONS = Explanations(_MESSAGES, _WORDS, _derive)


def explain(event: Event, lang: str = "en", board: Namer | None = None) -> str:
    """One line for the log, with the rule IDs at the end: ``... [REL-SEQ-6, REL-OUT-1]``;
    ``board`` names the spaces and guardians of the map played on."""
    table = replace(EXPLANATIONS, derive=_derive_naming(board)) if board is not None else EXPLANATIONS
    return engine_words.explain(event, table, lang)
