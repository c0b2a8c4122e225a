"""Mice and Mystics events in plain words, in English and Russian, with the rules cited; and the
GM's status block (MM-INFO-1..3)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from game.core.ids import slug
from game.rules.engine import Event
from game.rules.mice_and_mystics import cards

_TEXT: dict[str, dict[str, str]] = {
    "mm.initiative": {"en": "Initiative on {tile}: {order}", "ru": "Инициатива ({tile}): {order}"},
    "mm.round": {"en": "Round {round} begins", "ru": "Начинается раунд {round}"},
    "mm.turn_start": {"en": "{actor_s} turn{detail}", "ru": "Ход: {actor}{detail}"},
    "mm.leaves_order": {"en": "{actor}: out of the initiative order", "ru": "{actor}: выбывают из инициативы"},
    "mm.joins_order": {"en": "{actor}: initiative roll {roll}, place {place} in the order",
                       "ru": "{actor}: бросок инициативы {roll}, место {place}"},
    "mm.wheel": {"en": "The minion cheese wheel: {wheel}/6", "ru": "Круг сыра прихвостней: {wheel}/6"},
    "mm.wheel_discard": {"en": "{dropped} more cheese from that roll is dropped",
                         "ru": "Ещё {dropped} сыра с этого броска сгорает"},
    "mm.surge": {"en": "The wheel is full: a Surge!", "ru": "Круг заполнен: испытание!"},
    "mm.surge_card": {"en": "Surge: {text}", "ru": "Испытание: {text}"},
    "mm.page": {"en": "The page turns: {page}/{end_page}. {text}", "ru": "Страница переворачивается: {page}/{end_page}. {text}"},
    "mm.chapter_lost": {"en": "The chapter is lost. {text}", "ru": "Глава проиграна. {text}"},
    "mm.chapter_won": {"en": "The chapter is won! {text}", "ru": "Глава пройдена! {text}"},
    "mm.story": {"en": "{text}", "ru": "{text}"},
    "mm.condition": {"en": "{actor} is {condition}", "ru": "{actor}: {condition}"},
    "mm.spawn": {"en": "{actor} appears in {cell}", "ru": "{actor} появляется: {cell}"},
    "mm.spawn_blocked": {"en": "No room for another {kind}: the GM must place it",
                         "ru": "Нет места для ещё одного прихвостня ({kind}): решает мастер"},
    "mm.wounds": {"en": "{actor} takes {wounds} wound(s){poisoned}: {total}/{life}",
                  "ru": "{actor} получает ран: {wounds}{poisoned}; всего {total}/{life}"},
    "mm.captured": {"en": "{actor} is captured: loses {cheese_lost} cheese and {discarded}",
                    "ru": "{actor} поймана: теряет сыр ({cheese_lost}) и {discarded}"},
    "mm.minion_wounds": {"en": "{actor} takes {wounds} wound(s): {total}/{life}",
                         "ru": "{actor} получает ран: {wounds}; всего {total}/{life}"},
    "mm.defeated": {"en": "{actor} is defeated", "ru": "{actor} повержен"},
    "mm.achievement": {"en": "Achievement: {achievement}", "ru": "Достижение: {achievement}"},
    "mm.attack": {"en": "{actor} attacks {target} ({row}) with {dice} dice: {faces} - {hits} hit(s), {cheese} cheese",
                  "ru": "{actor} атакует {target} ({row}), кубиков {dice}: {faces} - попаданий {hits}, сыра {cheese}"},
    "mm.no_defence": {"en": "No hit: {actor} need not defend", "ru": "Попаданий нет: {actor} не защищается"},
    "mm.defence": {"en": "{actor} defends with {dice} dice: {faces} - {blocks} block(s), {cheese} cheese; {wounds} wound(s)",
                   "ru": "{actor} защищается, кубиков {dice}: {faces} - отбито {blocks}, сыра {cheese}; ран {wounds}"},
    "mm.cheese": {"en": "{actor} gains {gained} cheese ({total})", "ru": "{actor} получает сыр: {gained} ({total})"},
    "mm.pack_full": {"en": "{actor_s} pack is over its limit: discard {over} card(s)",
                     "ru": "Сумка {actor} переполнена: сбросьте карт {over}"},
    "mm.water_roll": {"en": "{actor} swims: {faces} - {verdict}", "ru": "{actor} плывёт: {faces} - {verdict}"},
    "mm.step": {"en": "{actor} moves {frm} -> {to} ({mp_left} left)", "ru": "{actor}: {frm} -> {to} (осталось {mp_left})"},
    "mm.move_end": {"en": "{actor_s} move ends ({why})", "ru": "Передвижение {actor} закончено ({why})"},
    "mm.trap": {"en": "{actor} springs the mousetrap: {faces} - {verdict}", "ru": "{actor} в мышеловке: {faces} - {verdict}"},
    "mm.stand_up": {"en": "{actor} stands up", "ru": "{actor} поднимается"},
    "mm.scurry": {"en": "{actor} scurries: {move} + d3 {d3} = {mp} points", "ru": "{actor} бежит: {move} + d3 {d3} = {mp}"},
    "mm.search": {"en": "{actor} searches: {face} - {verdict}", "ru": "{actor} обыскивает: {face} - {verdict}"},
    "mm.search_empty": {"en": "Nothing more to find on {tile}", "ru": "{tile}: больше нечего искать"},
    "mm.found": {"en": "{actor} finds {item}", "ru": "{actor} находит: {item}"},
    "mm.search_event": {"en": "{text}", "ru": "{text}"},
    "mm.keep": {"en": "{actor} {verdict} {item}", "ru": "{actor}: {item} - {verdict}"},
    "mm.discard": {"en": "{actor} discards {card}", "ru": "{actor} сбрасывает {card}"},
    "mm.recover": {"en": "{actor} recovers from {condition}: {verdict}", "ru": "{actor} восстанавливается ({condition}): {verdict}"},
    "mm.explore": {"en": "{actor} explores from {frm} to {to}", "ru": "{actor} исследует: {frm} -> {to}"},
    "mm.arrive": {"en": "The party arrives on {tile}", "ru": "Отряд прибывает: {tile}"},
    "mm.round_cut": {"en": "The round ends early; initiative is rolled anew",
                     "ru": "Раунд прерван; инициатива определяется заново"},
    "mm.decline": {"en": "{actor} takes no action", "ru": "{actor} отказывается от действия"},
    "mm.share": {"en": "{actor} shares with {other}", "ru": "{actor} обменивается с {other}"},
    "mm.equip": {"en": "{actor} equips {equipped}", "ru": "{actor} экипирует: {equipped}"},
    "mm.level_up": {"en": "{actor} gains {ability} for 6 cheese", "ru": "{actor} получает способность {ability} за 6 сыра"},
    "mm.use": {"en": "{actor} uses {what} on {target}", "ru": "{actor} использует {what}: {target}"},
    "mm.skip": {"en": "{actor} is captured and minions remain: the turn is skipped",
                "ru": "{actor} в плену, а прихвостни на поле: ход пропущен"},
    "mm.end_turn": {"en": "{actor} ends the turn", "ru": "{actor} заканчивает ход"},
    "mm.rescued": {"en": "{actor} is rescued and placed in {cell}", "ru": "{actor} спасена и встаёт на {cell}"},
    "mm.gm_turn": {"en": "The GM plays {actor}", "ru": "Мастер ходит: {actor}"},
    "mm.minion_move": {"en": "{actor} rolls {d3} and moves {path}", "ru": "{actor}: бросок {d3}, путь {path}"},
    "mm.charmed_move": {"en": "Charmed {actor} rolls {d3} and moves {path}", "ru": "Зачарованная {actor}: бросок {d3}, путь {path}"},
    "mm.charm_ends": {"en": "The charm on {actor} ends", "ru": "Зачарование {actor} снято"},
    "mm.ruling": {"en": "GM ruling: {a} and {b} are {kind}", "ru": "Решение мастера: {a} и {b} - {kind}"},
    "mm.status": {"en": "{status}", "ru": "{status}"},
}

_WORDS = {
    "en": {"success": "success", "fail": "failure", "escaped": "escaped", "caught": "caught",
           "kept": "keeps", "dropped": "discards for 1 cheese", "minion": "a minion", "water": "water",
           "ended": "ended", "captured": " (captured)", "charmed": " (charmed)", "poison": " (poisoned)",
           "stunned": "stunned", "webbed": "webbed", "knocked_down": "knocked down", "charmed_c": "charmed",
           "melee": "melee", "ranged": "ranged", "nothing": "nothing",
           "stunned_n": "stunned", "webbed_n": "webbed", "adjacent": "adjacent", "apart": "apart",
           "sight": "sight", "blocked": "blocked"},
    "ru": {"success": "успех", "fail": "неудача", "escaped": "вырвалась", "caught": "попалась",
           "kept": "оставляет", "dropped": "сбрасывает за 1 сыр", "minion": "прихвостень", "water": "вода",
           "ended": "завершено", "captured": " (в плену)", "charmed": " (зачарована)", "poison": " (отравленных)",
           "stunned": "оглушена", "webbed": "опутана", "knocked_down": "упала", "charmed_c": "зачарована",
           "melee": "ближняя", "ranged": "дальняя", "nothing": "ничего",
           "stunned_n": "оглушение", "webbed_n": "опутывание", "adjacent": "соседние", "apart": "не соседние",
           "sight": "видны друг другу", "blocked": "не видны друг другу"},
}

#: MM-INFO-1/3: the status block's labels
LABELS = {
    "en": ("Current initiative", "Minion cheese wheel", "Page / chapter end", "Group items"),
    "ru": ("Текущая инициатива", "Круг сыра прихвостней", "Текущая страница/страница конца главы",
           "Имеющиеся групповые предметы"),
}


@cache
def _tiles() -> dict[str, Any]:
    """Every chapter's tile names (``"tiles"`` of ``data/chapter_*.json``): tile id -> en/ru."""
    out: dict[str, Any] = {}
    for path in sorted(cards.DATA.glob("chapter_*.json")):
        out.update(json.loads(path.read_text(encoding="utf-8")).get("tiles", {}))
    return out


def tile_name(tile: str, lang: str = "en") -> str:
    """A tile (a part of the board: the kitchen, the cellar) in ``lang``; its id when unnamed."""
    entry = _tiles().get(tile)
    return cards.text(entry, lang) if entry else tile


def place_name(key: str, lang: str = "en", names: Mapping[str, str] | None = None) -> str:
    """A cell key ``tile:cell-id`` or a tile id for the log. English keeps the map's ids; other
    languages name the tile and keep the cell's number (``cellar:cellar-4`` -> ``Погреб-4``)."""
    if names and key in names:
        return names[key]
    if lang == "en" or not key:
        return key
    tile, sep, local = key.partition(":")
    if not sep:
        return tile_name(key, lang)
    number = local[len(tile):].lstrip("-_ :") if local.startswith(tile) else local
    return f"{tile_name(tile, lang)}-{number}" if number else tile_name(tile, lang)


def shown_name(name: str, lang: str = "en", names: Mapping[str, str] | None = None) -> str:
    """A figure's name as the rules keep it (the map's ``Tilly``, ``Rat 3``) in ``lang``:
    ``names`` (by id) first, then the data files' names, else the name itself."""
    ident = slug(name)
    if names and ident in names:
        return names[ident]
    if lang == "en":
        return name
    known = name_of(ident, lang)
    return known if known != ident.replace("_", " ").title() else name


def name_of(ident: str, lang: str = "en") -> str:
    """A display name for an entity id: a mouse, a minion, a group, a card."""
    if ident.startswith("minions:"):
        card = cards.minions().get(ident.split(":", 1)[1], {})
        plural = card.get("plural") or {}
        single = cards.text(card.get("name"), lang) or ident
        return cards.text(plural, lang) or (single + ("s" if lang == "en" else ""))
    if ident in cards.items():
        return cards.item_name(ident, lang)
    if ident in cards.abilities():
        return cards.text(cards.abilities()[ident].get("name"), lang)
    title = cards.achievement_titles().get(ident)
    if title:
        return cards.text(title, lang)
    kind, _sep, number = ident.rpartition("_")
    if number.isdigit() and kind in cards.minions():  # a minion: "rat_3" is "Rat 3"
        return f"{cards.text(cards.minions()[kind].get('name'), lang) or kind} {number}"
    mouse = cards.mice().get("names", {}).get(ident)
    if mouse:
        return cards.text(mouse, lang)
    return ident.replace("_", " ").title() if ident else ""


def status_lines(values: dict[str, Any], lang: str = "en",
                 names: Mapping[str, str] | None = None) -> list[str]:
    """MM-INFO-1/2: initiative (▶ marks who acts), wheel k/6, page p/e, group items."""
    lang = lang if lang in LABELS else "en"
    w = _WORDS[lang]
    parts = []
    for i, (kind, name, captured) in enumerate(values.get("order", ())):
        shown = shown_name(name, lang, names)
        if kind == "group":
            shown = name_of("minions:" + name, lang)
        if captured:
            shown += w["captured"]
        parts.append(("▶" if i == values.get("acting") else "") + shown)
    items = ", ".join(cards.item_name(c, lang) for c in values.get("group_items", ())) or "—"
    a, b, c, d = LABELS[lang]
    return [f"{a}: {', '.join(parts)}", f"{b}: {values.get('wheel', 0)}/6",
            f"{c}: {values.get('page', 1)}/{values.get('end_page', 5)}", f"{d}: {items}"]


def explain(event: Event, lang: str = "en", names: Mapping[str, str] | None = None) -> str:
    """One line for the log, with the rule IDs at the end: ``... [MM-MELEE-3, MM-DICE-1]``.
    ``names`` gives figures' (and cells') names by id where the map has its own (``name_ru``)."""
    lang = lang if lang in ("en", "ru") else "en"
    w = _WORDS[lang]
    given = names or {}

    def who(ident: str) -> str:
        return given.get(ident) or name_of(ident, lang)

    data: dict[str, Any] = dict(event.values)
    data["actor"] = who(event.actor)
    data["actor_s"] = data["actor"] + ("'" if data["actor"].endswith("s") else "'s")
    data.setdefault("text", data.get(f"text_{lang}") or data.get("text_en", ""))
    for key in ("target", "other", "item", "card", "ability", "what", "achievement"):
        if isinstance(data.get(key), str):
            data[key] = who(data[key])
    if "success" in data:
        data["verdict"] = w["success"] if data["success"] else w["fail"]
    if event.kind == "mm.trap":
        data["verdict"] = w["escaped"] if data.get("escaped") else w["caught"]
    if event.kind == "mm.keep":
        data["verdict"] = w["kept"] if data.get("kept") else w["dropped"]
    if event.kind == "mm.move_end":
        data["why"] = w.get(str(data.get("why")), str(data.get("why")))
    if event.kind == "mm.turn_start":
        data["detail"] = {"captured": w["captured"], "charmed": w["charmed"]}.get(str(data.get("kind")), "")
        if data.get("kind") == "mouse":
            data["detail"] = f" ({data.get('move')} + d3 {data.get('d3')} = {data.get('mp')})"
    if event.kind == "mm.wounds":
        data["poisoned"] = w["poison"] if data.get("poison") else ""
    if event.kind == "mm.condition":
        data["condition"] = w.get("charmed_c" if data.get("condition") == "charmed" else str(data.get("condition")),
                                  str(data.get("condition")))
    if "row" in data:
        data["row"] = w.get(str(data["row"]), str(data["row"]))
    if event.kind == "mm.initiative":
        data["order"] = ", ".join(who(e) for e in data.get("order", ()))
    if event.kind == "mm.joins_order":
        data["place"] = int(data.get("position", 0)) + 1
    if event.kind in ("mm.minion_move", "mm.charmed_move"):
        data["path"] = " -> ".join(place_name(str(p), lang, names) for p in data.get("path", ()))
    if event.kind == "mm.captured":
        data["discarded"] = ", ".join(name_of(c, lang) for c in data.get("discarded", ())) or w["nothing"]
    if event.kind == "mm.equip":
        data["equipped"] = ", ".join(name_of(c, lang) for c in data.get("equipped", ())) or w["nothing"]
    if event.kind == "mm.status":
        data["status"] = " | ".join(status_lines(data, lang, names))
    for key in ("tile", "cell", "frm", "to"):
        if isinstance(data.get(key), str):
            data[key] = place_name(data[key], lang, names)
    if event.kind == "mm.ruling":
        data["a"], data["b"] = (place_name(str(data.get(k, "")), lang, names) for k in ("a", "b"))
        data["kind"] = w.get(str(data.get("kind")), str(data.get("kind")))
    if event.kind == "mm.recover":
        data["condition"] = w.get(f"{data.get('condition')}_n", str(data.get("condition")))
    if event.kind == "mm.spawn_blocked":
        card = cards.minions().get(str(data.get("kind")), {})
        data["kind"] = cards.text(card.get("name"), lang) or str(data.get("kind"))
    template = _TEXT.get(event.kind, {}).get(lang)
    try:
        text = template.format(**data) if template else f"{event.kind}: {data}"
    except (KeyError, ValueError, IndexError):
        text = f"{event.kind}: {data}"
    return f"{text} [{', '.join(event.rules)}]" if event.rules else text
