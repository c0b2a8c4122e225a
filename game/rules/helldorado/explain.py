"""Helldorado events in plain words, in English and Russian, with the rules cited and marked by
where they come from: the seed (the rulebook's combat chapters), our conventions (HD-0-*), or our
house turn flow (HD-HOUSE-*, see HOUSE.md)."""

from __future__ import annotations

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
