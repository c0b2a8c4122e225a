"""Helldorado events in plain words, in English and Russian, with the rules cited and marked by
where they come from: the seed (the rulebook's combat chapters), our conventions (HD-0-*), or our
house turn flow (HD-HOUSE-*, see HOUSE.md)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from game.rules.engine import Event

_TEXT: dict[str, dict[str, str]] = {
    "hd.activate": {"en": "Round {round}: {actor} is activated ({mov:g} f of movement)",
                    "ru": "Раунд {round}: ходит {actor} (движение {mov:g} с.)"},
    "hd.end": {"en": "{actor} ends its activation", "ru": "{actor} заканчивает ход"},
    "hd.round": {"en": "Round {round} begins; {first} activates first",
                 "ru": "Начинается раунд {round}; первыми ходят {first}"},
    "hd.game_over": {"en": "The game is over: {result} ({scores})",
                     "ru": "Игра окончена: {result} ({scores})"},
    "hd.move": {"en": "{actor} moves {distance:.2f} f{touch}; {left:.2f} f left",
                "ru": "{actor} проходит {distance:.2f} с.{touch}; осталось {left:.2f} с."},
    "hd.climb": {"en": "{actor} climbs from level {z_from:.2f} to {z_to:.2f} f (costs {cost:.2f} f)",
                 "ru": "{actor} перебирается с высоты {z_from:.2f} на {z_to:.2f} с. (стоит {cost:.2f} с.)"},
    "hd.charge": {"en": "{actor} charges {target} ({distance:.2f} f): −1 CBT in this fight",
                  "ru": "{actor} совершает рывок, цель — {target} ({distance:.2f} с.): −1 CBT в этой атаке"},
    "hd.retreat": {"en": "{actor} retreats: it suffers a one-sided attack",
                   "ru": "{actor} бежит: по нему наносится односторонняя атака"},
    "hd.retreat_move": {"en": "{actor} gets away ({distance:.2f} f)",
                        "ru": "{actor} отходит ({distance:.2f} с.)"},
    "hd.focus": {"en": "{actor} focuses{strikers_text}", "ru": "{actor} медитирует{strikers_text}"},
    "hd.heal": {"en": "{actor} regains {gained} LP (now {lp})",
                "ru": "{actor} восстанавливает {gained} LP (теперь {lp})"},
    "hd.concentrate": {"en": "{actor} concentrates: +{aim} SHS{penalty_text}",
                       "ru": "{actor} концентрируется: +{aim} SHS{penalty_text}"},
    "hd.shot": {"en": "{actor} shoots {target} with {weapon}: {distance:.2f} f, {band} ({range_diff}), "
                      "DEF {defence}: difficulty {diff}{parity_text}",
                "ru": "{actor} стреляет ({weapon}), цель — {target}: {distance:.2f} с., {band} ({range_diff}), "
                      "DEF {defence}: сложность {diff}{parity_text}"},
    "hd.aim": {"en": "{actor} fires {weapon} at a point {distance:.2f} f away: {band}, difficulty {diff}",
               "ru": "{actor} стреляет ({weapon}) в точку на {distance:.2f} с.: {band}, сложность {diff}"},
    "hd.template": {"en": "{actor} lays the {kind} template of {weapon}: caught {caught_text}{saved_text}",
                    "ru": "{actor} кладёт {kind} шаблон ({weapon}): под шаблоном {caught_text}{saved_text}"},
    "hd.roll": {"en": "{actor} rolls {dice} dice ({value}{mods_text}; {rerolls} re-roll(s), {auto} automatic) "
                      "needing {diff}: {faces_text}, {hits} hit(s)",
                "ru": "{actor} бросает {dice} куб. ({value}{mods_text}; перебросов {rerolls}, автоматически {auto}) "
                      "на {diff}+: {faces_text}, попаданий {hits}"},
    "hd.reroll": {"en": "{actor} re-rolls {count} miss(es): {before_text} → {faces_text}, {hits} hit(s); "
                        "{unused} re-roll(s) unused",
                  "ru": "{actor} перебрасывает промахи ({count}): {before_text} → {faces_text}, попаданий {hits}; "
                        "не использовано перебросов: {unused}"},
    "hd.parity": {"en": "Odd {odd} against even {even}: {verdict}",
                  "ru": "Нечётных {odd} против чётных {even}: {verdict}"},
    "hd.damage": {"en": "{actor} deals {damage} with {hits_text} on {target}: −{pr} PR{cover_text}{auto_text} "
                        "= {loss} LP",
                  "ru": "{actor} наносит урон {damage} ({hits_text}), цель — {target}: −{pr} PR{cover_text}{auto_text} "
                        "= {loss} LP"},
    "hd.wound": {"en": "{actor} loses {loss} LP ({lp} left)", "ru": "{actor} теряет {loss} LP (осталось {lp})"},
    "hd.death": {"en": "{actor} dies: {points} points to {to}",
                 "ru": "{actor} погибает: {to} получают очков: {points}"},
    "hd.dud": {"en": "No hit: it didn't go off", "ru": "Промах: не взорвалось"},
    "hd.explosion": {"en": "The blast lands (radius {radius:g} f): caught {caught_text}{saved_text}",
                     "ru": "Взрыв (радиус {radius:g} с.): задеты {caught_text}{saved_text}"},
    "hd.blast_roll": {"en": "Against {unit}: {faces_text} needing {difficulty}: {hits} hit(s) of {power}",
                      "ru": "{unit}: {faces_text} на {difficulty}+: попаданий {hits} силой {power}"},
    "hd.redirect": {"en": "{unit} is in a fight: the die shows {die}, {verdict}",
                    "ru": "{unit} в ближнем бою: на кубике {die}, {verdict}"},
    "hd.blast_damage": {"en": "{unit}: {hits} × {power} − {pr} PR{cover_text} = {loss} LP",
                        "ru": "{unit}: {hits} × {power} − {pr} PR{cover_text} = {loss} LP"},
    "hd.chain": {"en": "{hits} hit(s) on {unit}; {left} dice go on", "ru": "{unit}: попаданий {hits}; дальше кубиков: {left}"},
    "hd.weapon": {"en": "{actor} fights with {weapon_text} ({how})", "ru": "{actor} сражается: {weapon_text} ({how})"},
    "hd.striker": {"en": "{actor} strikes {target}", "ru": "{actor} атакует, цель — {target}"},
    "hd.reduce": {"en": "{actor} uses {used} of {hits} hit(s)", "ru": "{actor} использует попаданий: {used} из {hits}"},
    "hd.order": {"en": "Chain order: {order_text}", "ru": "Порядок целей: {order_text}"},
    "hd.vae_victis": {"en": "{side} give the order Vae Victis for {actor}: +1 automatic damage",
                      "ru": "{side} отдают приказ Vae Victis ({actor}): +1 автоматическое повреждение"},
}

_WORDS: dict[str, dict[str, Any]] = {
    "en": {"stray": "the shot strays onto {victim}", "true": "the shot hits its target",
           "moved": "the hits go to {victim}", "stays": "the hits land normally",
           "draw": "a draw", "won": "{w} win", "none": "nobody", "saved": "; saved by cover: {s}",
           "cover": " − {c} cover", "auto": " + {a} automatic", "parity": "; odd/even check",
           "penalty": "; engaged, so −1 CBT and −1 DEF", "strikers": ": {s} strike(s)",
           "source": {"seed": "seed", "house": "house", "convention": "convention"},
           "undeclared": "(undeclared)", "hits": "{n} hit(s)",
           "band": {"point_blank": "point blank", "short": "short", "medium": "medium", "long": "long",
                    "beyond": "beyond"},
           "kind": {"cloud": "cloud", "impact": "impact"},
           "how": {"declared": "declared", "chosen by the opponent": "chosen by the opponent",
                   "undeclared": "undeclared"},
           "mod": {"charge": "charge", "support": "support", "above": "above",
                   "concentration": "concentration", "focus": "focus", "aim": "aim"}},
    "ru": {"stray": "выстрел уходит в сторону: {victim}", "true": "выстрел попадает в цель",
           "moved": "попадания получает {victim}", "stays": "попадания засчитываются как обычно",
           "draw": "ничья", "won": "победа: {w}", "none": "никто", "saved": "; спасены укрытием: {s}",
           "cover": " − {c} укрытие", "auto": " + {a} автоматически", "parity": "; проверка чёт/нечет",
           "penalty": "; в бою: −1 CBT и −1 DEF", "strikers": ": атакует {s}",
           "source": {"seed": "правила", "house": "домашние", "convention": "соглашение"},
           "undeclared": "(не объявлено)", "hits": "попаданий: {n}",
           "band": {"point_blank": "в упор", "short": "близко", "medium": "средне", "long": "далеко",
                    "beyond": "вне дальности"},
           "kind": {"cloud": "объёмный", "impact": "ударный"},
           "how": {"declared": "объявлено", "chosen by the opponent": "выбрал противник",
                   "undeclared": "не объявлено"},
           "mod": {"charge": "рывок", "support": "поддержка", "above": "сверху",
                   "concentration": "концентрация", "focus": "медитация", "aim": "прицел"}},
}


def rule_source(rule_id: str) -> str:
    """Where a rule comes from: "house" (HD-HOUSE-*, ours), "convention" (HD-0-*, the spec's
    implementer conventions) or "seed" (the rulebook's combat chapters)."""
    if rule_id.startswith("HD-HOUSE"):
        return "house"
    if rule_id.startswith("HD-0-"):
        return "convention"
    return "seed"


def cite(rules: tuple[str, ...] | list[str], lang: str = "en") -> str:
    """``[seed: HD-MELEE-16; house: HD-HOUSE-7]``."""
    if not rules:
        return ""
    names = _WORDS[lang]["source"]
    groups: dict[str, list[str]] = {}
    for r in rules:
        groups.setdefault(rule_source(r), []).append(r)
    parts = [f"{names[k]}: {', '.join(groups[k])}" for k in ("seed", "convention", "house") if k in groups]
    return "[" + "; ".join(parts) + "]"


def _faces(faces: Any) -> str:
    return "[" + ", ".join(str(f) for f in faces) + "]"


def explain(event: Event, lang: str = "en") -> str:
    """One line for the log, with the rule IDs at the end, grouped by source."""
    lang = lang if lang in ("en", "ru") else "en"
    w = _WORDS[lang]
    data: dict[str, Any] = {k: v for k, v in event.values}
    data.setdefault("actor", event.actor)
    k = event.kind
    if k == "hd.move":
        data["touch"] = f", touching {data['touched']}" if data.get("touched") else ""
        if lang == "ru" and data.get("touched"):
            data["touch"] = f", до касания: {data['touched']}"
    if k == "hd.focus":
        s = ", ".join(data.get("strikers", ()))
        data["strikers_text"] = w["strikers"].format(s=s) if s else ""
    if k == "hd.concentrate":
        data["penalty_text"] = w["penalty"] if data.get("penalty") else ""
    if k == "hd.shot":
        data["parity_text"] = w["parity"] if data.get("parity") else ""
    if "band" in data:
        data["band"] = w["band"].get(data["band"], data["band"])
    if k == "hd.template":
        data["kind"] = w["kind"].get(data.get("kind"), data.get("kind"))
    if k == "hd.weapon":
        data["how"] = w["how"].get(data.get("how"), data.get("how"))
    if k in ("hd.template", "hd.explosion"):
        data["caught_text"] = ", ".join(data.get("caught", ())) or w["none"]
        saved = ", ".join(data.get("saved", ()))
        data["saved_text"] = w["saved"].format(s=saved) if saved else ""
    if k == "hd.roll":
        data["faces_text"] = _faces(data.get("faces", ()))
        mods = data.get("mods", ())
        data["mods_text"] = "".join(f" {m[1]:+d} {w['mod'].get(m[0], m[0])}" for m in mods)
    if k == "hd.reroll":
        data["faces_text"] = _faces(data.get("faces", ()))
        data["before_text"] = _faces(data.get("before", ()))
        data["count"] = len(data.get("indices", ()))
    if k == "hd.parity":
        data["verdict"] = w["stray"].format(victim=data.get("victim")) if data.get("stray") else w["true"]
    if k in ("hd.damage", "hd.blast_damage"):
        data["hits_text"] = w["hits"].format(n=data.get("used", data.get("hits", 0)))
        data["cover_text"] = w["cover"].format(c=data["cover"]) if data.get("cover") else ""
        data["auto_text"] = w["auto"].format(a=data["auto"]) if data.get("auto") else ""
    if k == "hd.blast_roll":
        data["faces_text"] = _faces(data.get("faces", ()))
    if k == "hd.redirect":
        data["verdict"] = w["moved"].format(victim=data.get("victim")) if data.get("moved") else w["stays"]
    if k == "hd.weapon":
        data["weapon_text"] = data.get("weapon") or w["undeclared"]
    if k == "hd.order":
        data["order_text"] = ", ".join(data.get("order", ()))
    if k == "hd.game_over":
        winners = data.get("winners", ())
        data["result"] = w["won"].format(w=", ".join(winners)) if winners else w["draw"]
        data["scores"] = ", ".join(f"{s} {v}" for s, v in data.get("scores", ()))
    template = _TEXT.get(k, {}).get(lang)
    try:
        text = template.format(**data) if template else f"{k}: {data}"
    except (KeyError, ValueError, IndexError):
        text = f"{k}: {data}"
    tail = cite(event.rules, lang)
    return f"{text} {tail}" if tail else text


# ---------------------------------------------------------------------- refusals
#: why a command is refused (``IllegalCommand.reason`` of the checks, in English) -> Russian;
#: the groups are names, ids or numbers, given to ``rename`` before they are put back
_REFUSALS_RU: tuple[tuple[str, str], ...] = (
    (r"the game is over", "игра окончена"),
    (r"an attack sequence is under way: only its choices and the Vae Victis order may be given now",
     "идёт атака: сейчас можно только сделать выбор атаки или отдать приказ Vae Victis"),
    (r"there is no choice to make now", "сейчас нечего выбирать"),
    (r"there is no unit '(.*)'", "нет такого юнита"),
    (r"(.+) is not a Helldorado command", "такой команды в Хеллдорадо нет"),
    (r"(.+) is dead", "{0} погиб"),
    (r"(.+) is not the active unit \(no unit is\)", "{0} сейчас не ходит"),
    (r"(.+) is not the active unit \((.+) is\)", "{0} сейчас не ходит (ходит {1})"),
    (r"(.+) is on (.+)'s side", "{0} и {1} на одной стороне"),
    (r"(.+) retreated this activation: no (.+) now", "{0} бежал в этот ход: больше действий нет"),
    (r"(.+) has no weapon '(.*)'", "{0}: нет такого оружия"),
    (r"(.+) is a (\w+) weapon, not (.+)", "{0} — оружие другого типа"),
    (r"(.+) is still active: end it first", "{0} ещё ходит: сначала закончите его ход"),
    (r"it is (.+)'s turn to activate a unit", "сейчас юнита выбирают {0}"),
    (r"(.+) has already been activated this round", "{0} уже ходил в этом раунде"),
    (r"a move needs a direction and a positive length", "у движения должны быть направление и длина"),
    (r"a retreat needs a direction and a positive length", "у бегства должны быть направление и длина"),
    (r"(.+) is engaged: it may only leave by retreating", "{0} в ближнем бою: выйти можно только бегством"),
    (r"(.+) has ([\d.]+) f of movement left", "{0}: осталось {1} с. движения"),
    (r"the move runs into (.+): contact with an enemy is made by charging",
     "движение упирается: {0}; в контакт с врагом входят рывком"),
    (r"(.+) cannot move that way \((.+) is in the way\)", "{0} не может двигаться туда: мешает {1}"),
    (r"the move ends touching (.+): contact with an enemy is made by charging",
     "движение кончается касанием: {0}; в контакт с врагом входят рывком"),
    (r"'(.*)' is not terrain to stand on", "на это нельзя встать"),
    (r"(.+) is not below the top of (.+)", "{0} не ниже верха ({1})"),
    (r"(.+) is ([\d.]+) f up; a unit climbs at most ([\d.]+) f",
     "{0}: подъём {1} с., а юнит забирается не выше чем на {2} с."),
    (r"(.+) must touch (.+) to climb it", "{0} должен касаться препятствия ({1}), чтобы забраться"),
    (r"(.+)'s base does not fit on (.+)", "{0}: подставка не помещается наверху ({1})"),
    (r"(.+) stands on nothing to climb down from", "{0} стоит на земле: спускаться некуда"),
    (r"the drop is ([\d.]+) f; a unit climbs down at most ([\d.]+) f",
     "спуск {0} с., а юнит спускается не больше чем на {1} с."),
    (r"climbing costs ([\d.]+) f; ([\d.]+) f left", "подъём стоит {0} с., осталось {1} с."),
    (r"it would leave the table", "юнит ушёл бы со стола"),
    (r"there is no room: terrain (.+) is in the way", "нет места: мешает {0}"),
    (r"(.+) stands there", "там стоит {0}"),
    (r"it would touch (.+): contact with an enemy is made by charging",
     "юнит коснулся бы врага: {0}; в контакт с врагом входят рывком"),
    (r"(.+) has no CBT and cannot engage", "{0}: нет CBT, сражаться нельзя"),
    (r"(.+) is already engaged: fight instead", "{0} уже в ближнем бою: атакуйте без рывка"),
    (r"(.+) already touches (.+): fight instead", "{0} уже в контакте: {1}; атакуйте без рывка"),
    (r"(.+) has no movement left to charge", "{0}: не осталось движения на рывок"),
    (r"(.+) cannot charge (.+): (.+) is in the way", "{0} не может совершить рывок (цель — {1}): мешает {2}"),
    (r"(.+) cannot charge (.+): (.+) is out of reach", "{0} не может совершить рывок (цель — {1}): не достать"),
    (r"(.+) is out of contact: a head is below a base", "{0} вне контакта: голова ниже подставки"),
    (r"(.+) is not engaged with (.+)", "{0} и {1} не сражаются друг с другом"),
    (r"(.+) is not engaged: just move", "{0} не в ближнем бою: просто двигайтесь"),
    (r"the retreat must end out of contact \((.+)\)", "бегство должно кончиться вне контакта ({0})"),
    (r"(.+) is already concentrating", "{0} уже концентрируется"),
    (r"(.+) has no SHS and cannot shoot", "{0}: нет SHS, стрелять нельзя"),
    (r"(.+) is engaged and cannot shoot", "{0} в ближнем бою и не может стрелять"),
    (r"(.+) cannot see (.+) behind the terrain", "{0}: цель {1} скрыта террейном"),
    (r"the point is ([\d.]+) f away, beyond 4 x Range", "до точки {0} с.: дальше четырёх Дистанций"),
    (r"(.+) is ([\d.]+) f away, beyond 4 x Range", "{0}: {1} с., дальше четырёх Дистанций"),
    (r"(.+) must shoot the nearest enemy \((.+)\)", "{0} должен стрелять в ближайшего врага ({1})"),
    (r"the point must be a place on the table", "точка должна быть на столе"),
    (r"the point must be on the table", "точка должна быть на столе"),
    (r"(.+) has no clear line of fire to the point", "{0}: нет чистой линии огня до точки"),
    (r"the template needs a direction", "у шаблона должно быть направление"),
    (r"Vae Victis is given during an attack sequence", "приказ Vae Victis отдают во время атаки"),
    (r"Vae Victis cannot be used during an explosion", "приказ Vae Victis нельзя отдать во время взрыва"),
    (r"Vae Victis cannot be used during a template attack",
     "приказ Vae Victis нельзя отдать во время атаки шаблоном"),
    (r"(.+) has no Vae Victis left", "{0}: приказов Vae Victis не осталось"),
    (r"already given for this unit", "уже отдан для этого юнита"),
    (r"(.+) does not strike in this attack sequence", "{0} не бьёт в этой атаке"),
    (r"the choice now is a (.+) one, not (.+)", "сейчас нужен другой выбор"),
    (r"choose one of (.+)", "выберите одно из: {0}"),
    (r"the attacker is one of (.+)", "атакует один из: {0}"),
    (r"each die may be re-rolled once only", "каждый кубик можно перебросить только раз"),
    (r"use between 0 and (\d+) hits", "используйте от 0 до {0} попаданий"),
    (r"order exactly these units: (.+)", "упорядочьте ровно этих юнитов: {0}"),
)
_REFUSED = {"en": "the rules do not allow it", "ru": "правила этого не позволяют"}


def refusal(reason: str, lang: str = "en", rename: Callable[[str], str] | None = None) -> str:
    """Why a command was refused, in ``lang``: the rule system's reason in English, or its
    Russian form with each name given to ``rename`` (a list "a, b" name by name)."""
    if lang != "ru":
        return reason

    def local(text: str) -> str:
        if rename is None:
            return text
        return ", ".join(rename(part) for part in text.split(", "))

    for pattern, words in _REFUSALS_RU:
        m = re.fullmatch(pattern, reason)
        if m:
            return words.format(*(local(g) for g in m.groups()))
    return _REFUSED["ru"]
