"""One for All events in plain words, in English and Russian, with the rules cited; why a game
ended; and the profiles' names (``data/profiles.json``) in either language."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from game.rules.engine import Event
from game.rules.one_for_all.state import EndReason

_TEXT: dict[str, dict[str, str]] = {
    "ofa.activate": {"en": "{actor} is activated: a new pool starts at 0",
                     "ru": "{actor} начинает ход: пул Лихости снова 0"},
    "ofa.stop": {"en": "{actor} stops; the pool of {pool} is lost",
                 "ru": "{actor} заканчивает ход; пул из {pool} кубиков сгорает"},
    "ofa.move": {"en": "{actor} moves {distance:.0f} mm{touch}",
                 "ru": "{actor} проходит {distance:.0f} мм{touch}"},
    "ofa.free_move": {"en": "{actor} stopped in open space: a Free Move ends the activation",
                      "ru": "{actor} остановился на открытом месте: свободный ход завершает ход фигуры"},
    "ofa.action": {"en": "{actor}: {kind} {object}", "ru": "{actor} {kind}{object}"},
    "ofa.pool_roll": {"en": "{actor} rolls the pool of {pool}: {faces}",
                      "ru": "{actor} бросает пул из {pool}: {faces}"},
    "ofa.rolloff": {"en": "{blocker} may be in the way: roll-off {rolls}, {verdict}",
                    "ru": "{blocker} может мешать: переброс {rolls}, {verdict}"},
    "ofa.attack": {"en": "{actor} against {defender}: {attacker_score} ({attacker_faces}) against "
                         "{defender_score} ({defender_faces}), {hits_to_defender} hit(s)",
                   "ru": "{actor} против {defender}: {attacker_score} ({attacker_faces}) против "
                         "{defender_score} ({defender_faces}), ударов: {hits_to_defender}"},
    "ofa.duel": {"en": "Duel, {actor} ({attacker_dice} dice) against {defender} ({defender_dice} dice): "
                       "{attacker_score} against {defender_score}; {result}",
                 "ru": "Дуэль, {actor} ({attacker_dice} куб.) против {defender} ({defender_dice} куб.): "
                       "{attacker_score} против {defender_score}; {result}"},
    "ofa.allocate": {"en": "{actor} wins {hits} hit(s) to split among {candidates}",
                     "ru": "{actor} распределяет удары ({hits}) между: {candidates}"},
    "ofa.allocated": {"en": "{actor} splits the hits: {shares}", "ru": "{actor} распределяет удары: {shares}"},
    "ofa.push": {"en": "{actor} is pushed back {distance:.0f} mm{blocked}",
                 "ru": "{actor} отброшен на {distance:.0f} мм{blocked}"},
    "ofa.hits": {"en": "{actor} takes {rows}: now {state}", "ru": "{actor} получает {rows}: теперь {state}"},
    "ofa.down": {"en": "{actor} falls unconscious and lies as an obstacle",
                 "ru": "{actor} без сознания и лежит как препятствие"},
    "ofa.damage_bonus": {"en": "a heavy object: +{extra} hit(s) for {target}",
                         "ru": "тяжёлый предмет: ещё ударов: +{extra}, по {target}"},
    "ofa.initiative_lost": {"en": "{actor} rolled a 1: the initiative passes to {to}",
                            "ru": "{actor} выбросил 1: инициатива переходит к стороне «{to}»"},
    "ofa.activation_end": {"en": "{actor}'s activation ends ({reason})",
                           "ru": "ход фигуры {actor} окончен ({reason})"},
    "ofa.game_over": {"en": "The game is over: {winner} win", "ru": "Игра окончена, победила сторона «{winner}»"},
}

_ROWS = {
    "en": {"pushed_back": "Pushed Back", "stunned": "Stunned", "dropped_weapon": "Dropped Weapon",
           "wounded": "Wounded"},
    "ru": {"pushed_back": "Отброшен", "stunned": "Ошеломлён", "dropped_weapon": "Выронил оружие",
           "wounded": "Ранен"},
}

#: what a figure does (``ofa.action``'s ``kind``); the English keeps the kind's own words
_ACTIONS_RU = {
    "punch": "бьёт кулаком", "kick": "пинает", "slap": "даёт пощёчину", "shove": "толкает",
    "insult": "оскорбляет", "pick_up": "поднимает", "throw": "бросает", "roll": "катит",
    "leap_onto": "запрыгивает на", "leap_off": "спрыгивает с", "leap_over": "перепрыгивает",
    "grab": "хватается за", "swing": "раскачивается на", "slide": "съезжает по",
    "stairs": "идёт по лестнице", "dodge": "уворачивается от", "recover": "приходит в себя",
    "retrieve_weapon": "подбирает своё оружие", "improvise": "импровизирует с",
}

#: why an activation ended (``ofa.activation_end``'s ``reason``)
_REASONS = {
    "en": {"down": "down", "failed": "failed"},
    "ru": {"down": "фигура без сознания", "failed": "выпала 1"},
}

_WORDS = {
    "en": {"attacker": "the challenger wins", "defender": "the defender wins", "blocked": " (already against "
           "something: Stunned instead)", "clear": "the line is clear", "spoiled": "the line is blocked",
           "stunned": "Stunned", "unarmed": "unarmed", "wounds": "{n} wound(s)", "fresh": "unhurt"},
    "ru": {"attacker": "побеждает вызвавший", "defender": "побеждает защитник", "blocked": " (уже упёрся: "
           "вместо этого Ошеломлён)", "clear": "линия свободна", "spoiled": "линия закрыта",
           "stunned": "Ошеломлён", "unarmed": "без оружия", "wounds": "ран: {n}", "fresh": "цел"},
}


def _state_words(data: dict[str, Any], lang: str) -> str:
    w = _WORDS[lang]
    parts = []
    if data.get("stunned"):
        parts.append(w["stunned"])
    if data.get("unarmed"):
        parts.append(w["unarmed"])
    if data.get("wounds"):
        parts.append(w["wounds"].format(n=data["wounds"]))
    return ", ".join(parts) or w["fresh"]


def explain(event: Event, lang: str = "en") -> str:
    """One line for the log, with the rule IDs at the end: ``... [OFA-3C.4, OFA-5A.1]``."""
    lang = lang if lang in ("en", "ru") else "en"
    data: dict[str, Any] = {k: v for k, v in event.values}
    data.setdefault("actor", event.actor)
    data.setdefault("object", "")
    w = _WORDS[lang]
    if event.kind == "ofa.action" and lang == "ru":
        kind = str(data.get("kind", "")).replace(" ", "_")
        data["kind"] = _ACTIONS_RU.get(kind, kind.replace("_", " "))
        data["object"] = f": {data['object']}" if data.get("object") else ""
    if event.kind == "ofa.activation_end":
        data["reason"] = _REASONS[lang].get(str(data.get("reason", "")), data.get("reason", ""))
    if event.kind == "ofa.move":
        data["touch"] = f", touching {data['touched']}" if data.get("touched") else ""
        if lang == "ru" and data.get("touched"):
            data["touch"] = f", касаясь {data['touched']}"
    if event.kind == "ofa.push":
        data["blocked"] = w["blocked"] if data.get("blocked") else ""
    if event.kind == "ofa.duel":
        data["result"] = w[str(data.get("winner", "attacker"))]
    if event.kind == "ofa.rolloff":
        data["verdict"] = w["clear"] if data.get("clear") else w["spoiled"]
    if event.kind == "ofa.hits":
        data["state"] = _state_words(data, lang)
        data["rows"] = ", ".join(_ROWS[lang].get(str(r), str(r)) for r in data.get("rows", ()))
    template = _TEXT.get(event.kind, {}).get(lang)
    try:
        text = template.format(**data) if template else f"{event.kind}: {data}"
    except (KeyError, ValueError, IndexError):
        text = f"{event.kind}: {data}"
    return f"{text} [{', '.join(event.rules)}]" if event.rules else text


#: why the game ended (``Outcome.reason``), as the end card says it
_END_REASONS: dict[str, str] = {EndReason.ALL_UNCONSCIOUS: "every figure of the other side is unconscious (OFA-1.3)"}


def end_reason(reason: str) -> str:
    """Why the game ended (``Outcome.reason``, an :class:`EndReason`) in words, with the rule."""
    return _END_REASONS.get(reason, str(reason))


_PROFILES = Path(__file__).resolve().parent / "data" / "profiles.json"


@cache
def _profiles() -> dict[str, Any]:
    return dict(json.loads(_PROFILES.read_text(encoding="utf-8")).get("profiles", {}))


def profile_name(profile: str, lang: str = "en") -> str:
    """A profile's name for the screen (``"guard"`` -> ``"Cardinal's Guard"``, in Russian
    ``"Гвардеец кардинала"``); the id itself when the profile is not in the seed's list."""
    entry = _profiles().get(profile)
    if not isinstance(entry, dict):
        return profile
    name = entry.get(f"name_{lang}") or entry.get("name") or profile
    return str(name)
