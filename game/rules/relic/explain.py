"""Relic events in plain words, in English and Russian, with the rules cited.

The actor is a seat id (``player2``) that the play screen replaces by the player's name in its
language, so the Russian lines keep the actor in the nominative ("{actor}: ход окончен"). Only
characters the screen's font can draw ("->", not an arrow)."""

from __future__ import annotations

from typing import Any

from game.rules.engine import Event
from game.rules.relic import data

_ATTR = {
    "en": {"strength": "Strength", "willpower": "Willpower", "cunning": "Cunning"},
    "ru": {"strength": "Сила", "willpower": "Сила воли", "cunning": "Хитрость"},
}
#: the battle type after "a battle of": Russian needs the accusative ("бой на Силу")
_ATTR_ACC = {
    "en": _ATTR["en"],
    "ru": {"strength": "Силу", "willpower": "Силу воли", "cunning": "Хитрость"},
}
_KIND = {
    "en": {"enemy": "enemy", "stranger": "stranger", "event": "event"},
    "ru": {"enemy": "враг", "stranger": "незнакомец", "event": "событие"},
}
_CHOICE = {
    "en": {"teleport": "to move elsewhere", "buy_wargear": "to buy wargear",
           "keep_wargear": "one wargear card to keep", "swap_wargear": "wargear to swap",
           "swap_places": "someone to swap places with", "shift": "to move along the tier",
           "buy": "to buy"},
    "ru": {"teleport": "переместиться", "buy_wargear": "купить снаряжение",
           "keep_wargear": "какое снаряжение оставить", "swap_wargear": "что из снаряжения обменять",
           "swap_places": "с кем поменяться местами", "shift": "сдвинуться по ярусу",
           "buy": "купить снаряжение"},
}
_HOW = {
    "en": {"reroll": "re-roll", "add1": "+1", "set6": "set to 6"},
    "ru": {"reroll": "переброс", "add1": "+1", "set6": "сделать шестёркой"},
}
_FLAG = {
    "en": {"skip_move": "misses the next move", "double_roll": "rolls two dice on the next move"},
    "ru": {"skip_move": "пропускает следующее перемещение",
           "double_roll": "в следующий раз бросает два кубика на перемещение"},
}
_RESULT = {
    "en": {"WIN": "wins", "LOSE": "loses", "TIE": "ties"},
    "ru": {"WIN": "побеждает", "LOSE": "проигрывает", "TIE": "ничья"},
}
_DECK = {
    "en": {"red": "red", "blue": "blue", "yellow": "yellow"},
    "ru": {"red": "красной", "blue": "синей", "yellow": "жёлтой"},
}
_WHAT = {
    "en": {"power": "power card", "wargear": "wargear"},
    "ru": {"power": "карту силы", "wargear": "снаряжение"},
}

_TEXT: dict[str, dict[str, str]] = {
    "rel.turn": {"en": "Round {round}: {actor}'s turn on {space_name}",
                 "ru": "Раунд {round}: ходит {actor} ({space_name})"},
    "rel.no_move": {"en": "{actor} does not move ({why})", "ru": "{actor} не перемещается ({why})"},
    "rel.move_roll": {"en": "{actor} rolls {faces_text} to move: can reach {options_names}",
                      "ru": "{actor} бросает {faces_text} на перемещение: доступно {options_names}"},
    "rel.move": {"en": "{actor} moves from {frm_name} to {to_name}",
                 "ru": "{actor} перемещается: из «{frm_name}» в «{to_name}»"},
    "rel.space": {"en": "{space_name}: {space_text}", "ru": "{space_name}: {space_text}"},
    "rel.draw": {"en": "{actor} draws {card_name} from the {deck_word} deck ({kind_word})",
                 "ru": "{actor} берёт из {deck_word} колоды: {card_name} ({kind_word})"},
    "rel.deck_empty": {"en": "The {deck_word} deck is empty", "ru": "В {deck_word} колоде нет карт"},
    "rel.guardian": {"en": "{card_name} ({attr} {value}) bars the way on {space_name}",
                     "ru": "{card_name} ({attr} {value}) преграждает путь: {space_name}"},
    "rel.choice": {"en": "{actor} may choose {kind_word}", "ru": "{actor} может выбрать: {kind_word}"},
    "rel.chosen": {"en": "{actor} chooses {option_text}", "ru": "{actor} выбирает: {option_text}"},
    "rel.relocate": {"en": "{actor} goes from {frm_name} to {to_name}",
                     "ru": "{actor} переходит: из «{frm_name}» в «{to_name}»"},
    "rel.space_roll": {"en": "{actor} rolls {face} (needs {need}): {ok_word}",
                       "ru": "{actor} бросает {face} (нужно {need}): {ok_word}"},
    "rel.spared": {"en": "{actor}'s armour spares them", "ru": "{actor}: броня спасает от потери Здоровья"},
    "rel.life": {"en": "{actor}: Life {change:+d}, now {life}", "ru": "{actor}: Здоровье {change:+d}, теперь {life}"},
    "rel.influence": {"en": "{actor}: influence {change:+d}, now {influence}",
                      "ru": "{actor}: влияние {change:+d}, теперь {influence}"},
    "rel.gain": {"en": "{actor} gains {what_word}{card_part}", "ru": "{actor} получает {what_word}{card_part}"},
    "rel.lose": {"en": "{actor} loses {what_word} {card_name}", "ru": "{actor} теряет {what_word} {card_name}"},
    "rel.flag": {"en": "{actor} {flag_word}", "ru": "{actor} {flag_word}"},
    "rel.vanquished": {"en": "{actor} is vanquished: {trophies} trophies and {influence} influence "
                             "lost, Life restored, back to {to_name}; the turn ends",
                       "ru": "{actor} повержен: потеряны трофеи ({trophies}) и влияние ({influence}), "
                             "Здоровье восстановлено, возврат на {to_name}; ход окончен"},
    "rel.mission": {"en": "{actor} completes the mission {mission_name} ({count} of {needed})",
                    "ru": "{actor} выполняет задание «{mission_name}» ({count} из {needed})"},
    "rel.relic": {"en": "{actor} earns a relic: the Inner tier is open to them",
                  "ru": "{actor} получает реликвию: Внутренний ярус открыт"},
    "rel.level_up": {"en": "{actor} spends trophies for +1 {attr} (now {value})",
                     "ru": "{actor} тратит трофеи: +1 {attr} (теперь {value})"},
    "rel.battle": {"en": "{actor} battles {enemy_name}: a {attr} battle ({actor} {player_value} "
                         "against {value})",
                   "ru": "{actor} сражается с врагом «{enemy_name}»: бой на {attr_acc} ({player_value} "
                         "против {value})"},
    "rel.prepare": {"en": "{actor} prepares: {mods_text}", "ru": "{actor} готовится к бою: {mods_text}"},
    "rel.enemy_roll": {"en": "{actor} rolls for {enemy_name}: {chains_text} = {total}",
                       "ru": "{actor} бросает за врага «{enemy_name}»: {chains_text} = {total}"},
    "rel.player_roll": {"en": "{actor} rolls {chains_text} = {total}",
                        "ru": "{actor} бросает {chains_text} = {total}"},
    "rel.die_changed": {"en": "{actor} uses {source_name} ({how_word}) on die {index_1}: {before_text} -> "
                              "{after_text}; roll now {total}",
                        "ru": "{actor} использует «{source_name}» ({how_word}) на кубике {index_1}: "
                              "{before_text} -> {after_text}; бросок теперь {total}"},
    "rel.score": {"en": "Battle scores: {actor} {player_roll} + {player_value} + {pmods} = "
                        "{player_score}; {enemy_name} {enemy_roll} + {enemy_value} + {emods} = {enemy_score}",
                  "ru": "Боевые рейтинги: {actor} {player_roll} + {player_value} + {pmods} = "
                        "{player_score}; «{enemy_name}» {enemy_roll} + {enemy_value} + {emods} = {enemy_score}"},
    "rel.result": {"en": "{actor} {result_word} ({player_score} against {enemy_score})",
                   "ru": "{actor}: {result_word} ({player_score} против {enemy_score})"},
    "rel.trophy": {"en": "{actor} takes {card_name} as a trophy", "ru": "{actor} забирает «{card_name}» трофеем"},
    "rel.discarded": {"en": "{card_name} is discarded, as its card says",
                      "ru": "«{card_name}» сбрасывается, как сказано на карте"},
    "rel.engagement_end": {"en": "{actor}'s Engagement phase ends ({reason_word})",
                           "ru": "{actor}: фаза Столкновения окончена ({reason_word})"},
    "rel.meet": {"en": "{actor} meets {card_name}", "ru": "{actor} встречает: {card_name}"},
    "rel.turn_end": {"en": "{actor}'s turn ends", "ru": "{actor}: ход окончен"},
    "rel.confrontation": {"en": "{actor} faces the Confrontation of {scenario_name}",
                          "ru": "{actor}: Противостояние сценария «{scenario_name}»"},
    "rel.test": {"en": "{actor} tests {attr}: {chains_text} + {value} = {score} (needs {target}): {ok_word}",
                 "ru": "{actor}: проверка ({attr}): {chains_text} + {value} = {score} (нужно {target}): "
                       "{ok_word}"},
    "rel.game_over": {"en": "The game is over: {winners_text} ({reason})",
                      "ru": "Игра окончена: {winners_text} ({reason})"},
}

_WORDS = {
    "en": {"ok": "success", "fail": "failure", "nothing": "nothing", "scenario": "on the scenario space",
           "skip": "misses this move", "none": "no modifiers", "ability": "their ability", "win": "wins",
           "win_many": "win", "limit": "turn limit",
           "confrontation": "Confrontation met", "program": "The program"},
    "ru": {"ok": "успех", "fail": "неудача", "nothing": "ничего", "scenario": "на клетке сценария",
           "skip": "пропускает перемещение", "none": "без модификаторов", "ability": "способность", "win": "побеждает",
           "win_many": "побеждают",
           "limit": "предел ходов", "confrontation": "Противостояние выполнено", "program": "Программа"},
}


def _chains(chains: Any) -> str:
    parts = []
    for chain in chains or ():
        parts.append("(" + "+".join(str(f) for f in chain) + ")" if len(chain) > 1 else str(chain[0]))
    return " + ".join(parts) or "0"


def _mods(mods: Any, lang: str) -> str:
    return ", ".join(f"{data.name(k, lang)} {v:+d}" for k, v in mods or ()) or _WORDS[lang]["none"]


def explain(event: Event, lang: str = "en") -> str:
    """One line for the log, with the rule IDs at the end: ``... [REL-SEQ-6, REL-OUT-1]``."""
    lang = lang if lang in ("en", "ru") else "en"
    d: dict[str, Any] = dict(event.values)
    d.setdefault("actor", event.actor)
    w = _WORDS[lang]
    if d["actor"] == "program":  # nobody sits beside a lone player: the program rolls (REL-SEQ-3)
        d["actor"] = w["program"]
    for key in ("space", "frm", "to", "card", "enemy", "mission", "scenario", "source"):
        if key in d:
            d[f"{key}_name"] = data.name(str(d[key]), lang)
    if d.get("source") == "ability":
        d["source_name"] = w["ability"]
    if "space" in d:
        d["space_text"] = data.text(str(d["space"]), lang)
    if "attribute" in d:
        d["attr"] = _ATTR[lang].get(str(d["attribute"]), str(d["attribute"]))
    if "deck" in d:
        d["deck_word"] = _DECK[lang].get(str(d["deck"]), str(d["deck"]))
    if "what" in d:
        d["what_word"] = _WHAT[lang].get(str(d["what"]), str(d["what"]))
        d.setdefault("card_name", "")
        d["card_part"] = f": {d['card_name']}" if d.get("card") else f" ×{d.get('n', 1)}"
    if "options" in d:
        d["options_names"] = ", ".join(data.name(str(o), lang) for o in d["options"])
    if "chains" in d:
        d["chains_text"] = _chains(d["chains"])
    if "before" in d:
        d["before_text"], d["after_text"] = _chains((d["before"],)), _chains((d["after"],))
        d["index_1"] = int(d.get("index", 0)) + 1
    if "modifiers" in d:
        d["mods_text"] = _mods(d["modifiers"], lang)
    if event.kind == "rel.score":
        d["pmods"] = sum(v for _, v in d.get("player_modifiers", ()))
        d["emods"] = sum(v for _, v in d.get("enemy_modifiers", ()))
    if "result" in d:
        d["result_word"] = _RESULT[lang].get(str(d["result"]), str(d["result"]))
    if "attribute" in d:
        d["attr_acc"] = _ATTR_ACC[lang].get(str(d["attribute"]), str(d["attribute"]))
    if "faces" in d:
        d["faces_text"] = ", ".join(str(f) for f in d["faces"])
    if "kind" in d:
        kind = str(d["kind"])
        d["kind_word"] = _KIND[lang].get(kind) or _CHOICE[lang].get(kind, kind)
    if "how" in d:
        d["how_word"] = _HOW[lang].get(str(d["how"]), str(d["how"]))
    if "flag" in d:
        d["flag_word"] = _FLAG[lang].get(str(d["flag"]), str(d["flag"]))
    if event.kind == "rel.engagement_end":
        d["reason_word"] = {"en": {"WIN": "a win", "LOSE": "a loss", "TIE": "a tie"},
                            "ru": {"WIN": "победа", "LOSE": "поражение", "TIE": "ничья"}}[lang].get(
                                str(d.get("reason")), str(d.get("reason")))
    if "ok" in d:
        d["ok_word"] = w["ok"] if d["ok"] else w["fail"]
    if event.kind == "rel.no_move":
        d["why"] = w.get(str(d.get("reason")), str(d.get("reason")))
    if event.kind == "rel.chosen":
        opt = str(d.get("option_id", d.get("option", "")))
        d["option_text"] = (_CHOICE[lang].get(opt) or data.name(opt, lang)) if opt else w["nothing"]
    if event.kind == "rel.game_over":
        winners = tuple(d.get("winners", ()))
        d["winners_text"] = ", ".join(winners) + " " + w["win_many" if len(winners) > 1 else "win"]
        d["reason"] = w.get(str(d.get("reason")), str(d.get("reason")))
    template = _TEXT.get(event.kind, {}).get(lang)
    try:
        text = template.format(**d) if template else f"{event.kind}: {d}"
    except (KeyError, ValueError, IndexError):
        text = f"{event.kind}: {d}"
    return f"{text} [{', '.join(event.rules)}]" if event.rules else text
