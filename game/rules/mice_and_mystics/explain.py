"""Mice and Mystics events in plain words, with the rules cited; the GM's status block
(MM-INFO-1..3); and the names of mice, minions, cards, tiles and cells in either language.

The English is here (marked ``N_()``), the Russian in the ``mice_and_mystics`` gettext domain;
the engine's :func:`game.rules.engine.words.explain` puts an event into words through this table.
The names of things (``name_en``/``name_ru``, ``{"en": ..., "ru": ...}``) and the chapter's texts
stay in the rules' data files (``data/*.json``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from game.core.ids import slug
from game.i18n import LANGUAGES, N_
from game.rules.engine import Event
from game.rules.engine import words as engine_words
from game.rules.engine.words import Derive, Derived, Explanations, Translate
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics.chapter import tile_names

_MESSAGES: dict[str, str] = {
    "mm.initiative": N_("Initiative on the {tile} tile: {order}"),
    "mm.round": N_("Round {round} begins"),
    "mm.turn_start": N_("{actor} begins the turn with {mp} movement points (Move {move} + {d3} rolled on a d3)"),
    "mm.turn_start.captured": N_("{actor} begins the turn captured"),
    "mm.turn_start.charmed": N_("{actor} begins the turn charmed: the GM moves them"),
    "mm.turn_start.minions": N_("The minions' turn: {actor}"),
    "mm.leaves_order": N_("{actor}: out of the initiative order"),
    "mm.joins_order": N_("{actor}: initiative roll {roll}, place {place} in the order"),
    "mm.wheel": N_("The minion cheese wheel: {wheel}/6"),
    "mm.wheel_discard": N_("{dropped} more cheese from that roll is dropped"),
    "mm.surge": N_("The wheel is full: a Surge!"),
    "mm.surge_card": N_("Surge: {text}"),
    "mm.page": N_("The page turns: {page}/{end_page}. {text}"),
    "mm.chapter_lost": N_("The chapter is lost. {text}"),
    "mm.chapter_lost.pages": N_("The chapter is lost: the pages ran out"),
    "mm.chapter_lost.captured": N_("The chapter is lost: every mouse is captured"),
    "mm.chapter_won": N_("The chapter is won! {text}"),
    "mm.chapter_won.plain": N_("The chapter is won!"),
    "mm.story": N_("The story goes on: {text}"),
    "mm.condition": N_("{actor} gets a condition: {condition}"),
    "mm.condition.stunned": N_("{actor} is stunned"),
    "mm.condition.webbed": N_("{actor} is caught in a web"),
    "mm.condition.knocked_down": N_("{actor} is knocked down"),
    "mm.condition.charmed": N_("{actor} is charmed"),
    "mm.spawn": N_("{actor} appears in {cell}"),
    "mm.spawn_blocked": N_("No room for another {kind}: the GM must place it"),
    "mm.wounds": N_("{actor} is wounded: +{wounds}, {total}/{life} wounds taken"),
    "mm.wounds.poison": N_("{actor} is wounded by poison: +{wounds}, {total}/{life} wounds taken"),
    "mm.captured": N_("{actor} is captured: loses {cheese_lost} cheese and {discarded}"),
    "mm.captured.cheese_only": N_("{actor} is captured and loses {cheese_lost} cheese"),
    "mm.captured.nothing_lost": N_("{actor} is captured"),
    "mm.minion_wounds": N_("{actor} is wounded: +{wounds}, {total}/{life} wounds taken"),
    #: as many wounds as its life or more (not "2/1 wounds taken")
    "mm.minion_wounds.fatal": N_("{actor} is wounded: +{wounds}, as many as its life ({life})"),
    "mm.defeated": N_("{actor} is defeated"),
    "mm.achievement": N_("Achievement: {achievement}"),
    "mm.attack": N_("{actor} attacks {target} in melee, rolling {faces}: hits {hits}, "
                    "cheese {cheese}"),
    "mm.attack.ranged": N_("{actor} shoots at {target}, rolling {faces}: hits {hits}, "
                           "cheese {cheese}"),
    "mm.no_defence": N_("No hit: {actor} need not defend"),
    "mm.defence": N_("{actor} defends, rolling {faces}: blocks {blocks}, cheese {cheese}, "
                     "wounds {wounds}"),
    "mm.cheese": N_("{actor} gains {gained} cheese (now {total})"),
    "mm.pack_full": N_("{actor} carries too many cards: discard {over}"),
    "mm.water_roll": N_("{actor} swims on: {faces}"),
    "mm.water_roll.fail": N_("{actor} cannot swim on: {faces}; the move ends"),
    "mm.step": N_("{actor} moves {frm} -> {to} ({mp_left} move points left)"),
    "mm.move_end": N_("{actor} ends the move"),
    "mm.move_end.minion": N_("{actor} stops: a minion is in {cell}"),
    "mm.move_end.water": N_("{actor} stops in the water of {cell}"),
    "mm.trap": N_("{actor} springs the mousetrap and escapes: {faces}"),
    "mm.trap.caught": N_("{actor} is caught in the mousetrap: {faces}; knocked down, the move ends"),
    "mm.stand_up": N_("{actor} stands up"),
    "mm.scurry": N_("{actor} scurries: Move {move} + {d3} rolled on a d3 = {mp} movement points"),
    "mm.search": N_("{actor} searches and rolls {face}: something is found"),
    "mm.search.fail": N_("{actor} searches and rolls {face}: nothing is found"),
    "mm.search_empty": N_("Nothing more to find on the {tile} tile"),
    "mm.found": N_("{actor} finds {item}"),
    "mm.search_event": N_("{actor} finds an event: {text}"),
    "mm.keep": N_("{actor} keeps {item}"),
    "mm.keep.group": N_("{actor} keeps {item} for the party"),
    "mm.keep.dropped": N_("{actor} discards {item} for {cheese} cheese"),
    "mm.discard": N_("{actor} discards {card}"),
    "mm.recover": N_("{actor} tries to recover"),
    "mm.recover.stunned": N_("{actor} recovers from being stunned"),
    "mm.recover.webbed": N_("{actor} breaks free of the web: {face}"),
    "mm.recover.webbed_fail": N_("{actor} stays caught in the web: {face}"),
    "mm.explore": N_("{actor} explores from {frm} to {to}"),
    "mm.arrive": N_("The party arrives on the {tile} tile"),
    "mm.round_cut": N_("The round ends early; initiative is rolled anew"),
    "mm.decline": N_("{actor} takes no action"),
    "mm.share": N_("{actor} shares with {other}"),
    "mm.equip": N_("{actor} equips {equipped}"),
    "mm.equip.nothing": N_("{actor} equips nothing"),
    "mm.level_up": N_("{actor} gains {ability} for 6 cheese"),
    "mm.use": N_("{actor} uses {what} on {target}"),
    "mm.use.self": N_("{actor} uses {what}"),
    "mm.skip": N_("{actor} is captured and minions remain: the turn is skipped"),
    "mm.end_turn": N_("{actor} ends the turn"),
    "mm.rescued": N_("{actor} is rescued and placed in {cell}"),
    "mm.gm_turn": N_("The GM plays {actor}"),
    "mm.minion_move": N_("{actor} rolls {d3} and moves {path}"),
    "mm.minion_move.stays": N_("{actor} rolls {d3} and stays where it is"),
    "mm.charmed_move": N_("Charmed {actor} rolls {d3} and moves {path}"),
    "mm.charmed_move.stays": N_("Charmed {actor} rolls {d3} and stays put"),
    "mm.charm_ends": N_("The charm on {actor} ends"),
    "mm.ruling": N_("GM ruling: {a} and {b}: {kind}"),
    "mm.ruling.adjacent": N_("GM ruling: {a} and {b} are adjacent"),
    "mm.ruling.apart": N_("GM ruling: {a} and {b} are not adjacent"),
    "mm.ruling.sight": N_("GM ruling: {a} and {b} see each other"),
    "mm.ruling.blocked": N_("GM ruling: {a} and {b} do not see each other"),
    # the status block in one line (the screen shows it apart and leaves it out of the log)
    "mm.status": N_("Status: {status}"),
}

#: the sentence a value of the event picks: event kind -> (value -> message key)
_VARIANTS: dict[str, tuple[str, dict[Any, str]]] = {
    "mm.turn_start": ("kind", {"captured": "mm.turn_start.captured", "charmed": "mm.turn_start.charmed",
                               "minions": "mm.turn_start.minions"}),
    "mm.condition": ("condition", {c: f"mm.condition.{c}"
                                   for c in ("stunned", "webbed", "knocked_down", "charmed")}),
    "mm.wounds": ("poison", {True: "mm.wounds.poison"}),
    "mm.attack": ("row", {"ranged": "mm.attack.ranged"}),
    "mm.water_roll": ("success", {False: "mm.water_roll.fail"}),
    "mm.move_end": ("why", {"minion": "mm.move_end.minion", "water": "mm.move_end.water"}),
    "mm.trap": ("escaped", {False: "mm.trap.caught"}),
    "mm.search": ("success", {False: "mm.search.fail"}),
    "mm.ruling": ("kind", {k: f"mm.ruling.{k}" for k in ("adjacent", "apart", "sight", "blocked")}),
}

#: params that name a figure, a group or a card (by id)
_FIGURES_AND_CARDS = ("actor", "target", "other", "item", "card", "ability", "what", "achievement")
#: params that name a tile or a cell (by key)
_PLACES = ("tile", "cell", "frm", "to", "a", "b")


def tile_name(tile: str, lang: str = "en") -> str:
    """A tile (a part of the board) by the name its chapter gives it in ``lang``; its id when unnamed."""
    entry = tile_names().get(tile)
    return entry.text(lang) if entry else tile


def place_name(key: str, lang: str = "en", names: Mapping[str, str] | None = None) -> str:
    """A cell key ``tile:cell-id`` or a tile id for the log: the map's own name of the cell when
    it has one, else the tile's name in ``lang`` with the cell's number (``hall:hall-4`` ->
    ``Hall-4``, ``Зал-4``); never the key itself."""
    if names and key in names:
        return names[key]
    if not key:
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
    lang = lang if lang in LANGUAGES else "en"

    def tr(text: str) -> str:
        return engine_words.translate(text, lang)

    parts = []
    for i, (kind, name, captured) in enumerate(values.get("order", ())):
        shown = shown_name(name, lang, names)
        if kind == "group":
            shown = name_of("minions:" + name, lang)
        if captured:
            shown = tr(N_("{name} (captured)")).format(name=shown)
        parts.append(("▶" if i == values.get("acting") else "") + shown)
    items = ", ".join(cards.item_name(c, lang) for c in values.get("group_items", ())) or "—"
    return [tr(N_("Current initiative: {order}")).format(order=", ".join(parts)),
            tr(N_("Minion cheese wheel: {wheel}/6")).format(wheel=values.get("wheel", 0)),
            tr(N_("Page / chapter end: {page}/{end_page}")).format(page=values.get("page", 1),
                                                                    end_page=values.get("end_page", 5)),
            tr(N_("Group items: {items}")).format(items=items)]


def _derive(event: Event, data: Mapping[str, Any], tr: Translate,
            names: Mapping[str, str] | None = None) -> Derived:
    """The event's names, places, texts and lists in the reader's language, and the sentence its
    values pick (a variant of the kind's message)."""
    lang = tr.lang
    given = names or {}

    def who(ident: str) -> str:
        return given.get(ident) or name_of(ident, lang)

    def place(key: str) -> str:
        if ":" not in key and key not in given:
            return tile_name(key, lang)  # a tile: by its name in both languages
        return place_name(key, lang, given)

    def listed(idents: Any) -> str:
        return ", ".join(who(str(i)) for i in idents or ())

    kind = event.kind
    out: dict[str, Any] = {}
    for key in _FIGURES_AND_CARDS:
        if isinstance(data.get(key), str):
            out[key] = who(data[key])
    for key in _PLACES:
        if isinstance(data.get(key), str):
            out[key] = place(data[key])
    if "text_en" in data or "text_ru" in data:
        out["text"] = data.get(f"text_{lang}") or data.get("text_en") or ""
    message = ""
    if kind in _VARIANTS:
        param, variants = _VARIANTS[kind]
        message = variants.get(data.get(param), "")
    if kind == "mm.initiative":
        out["order"] = listed(data.get("order"))
    elif kind == "mm.joins_order":
        out["place"] = int(data.get("position", 0)) + 1
    elif kind in ("mm.minion_move", "mm.charmed_move"):
        path = [place(str(p)) for p in data.get("path", ())]
        out["path"] = " -> ".join(path)
        if len(path) <= 1:
            message = f"{kind}.stays"
    elif kind == "mm.captured":
        out["discarded"] = listed(data.get("discarded"))
        if not out["discarded"]:
            message = "mm.captured.cheese_only" if data.get("cheese_lost") else "mm.captured.nothing_lost"
    elif kind == "mm.equip":
        out["equipped"] = listed(data.get("equipped"))
        if not out["equipped"]:
            message = "mm.equip.nothing"
    elif kind == "mm.use" and data.get("target") == event.actor:
        message = "mm.use.self"
    elif kind == "mm.keep":
        message = ("mm.keep.group" if data.get("group") else "") if data.get("kept") else "mm.keep.dropped"
    elif kind == "mm.recover":
        condition = data.get("condition")
        if condition == "stunned":
            message = "mm.recover.stunned"
        elif condition == "webbed":
            message = "mm.recover.webbed" if data.get("success") else "mm.recover.webbed_fail"
    elif kind == "mm.chapter_lost":
        if "MM-CAPT-7" in event.rules:
            message = "mm.chapter_lost.captured"
        elif not out.get("text"):
            message = "mm.chapter_lost.pages"
    elif kind == "mm.chapter_won" and not out.get("text"):
        message = "mm.chapter_won.plain"
    elif kind == "mm.spawn_blocked":
        card = cards.minions().get(str(data.get("kind")), {})
        out["kind"] = cards.text(card.get("name"), lang) or str(data.get("kind"))
    elif kind == "mm.minion_wounds" and int(data.get("total", 0)) >= int(data.get("life", 1) or 1):
        message = "mm.minion_wounds.fatal"
    elif kind == "mm.status":
        out["status"] = " | ".join(status_lines(dict(data), lang, given))
    return Derived(out, message)


def _derive_naming(names: Mapping[str, str] | None) -> Derive:
    """:func:`_derive` with the screen's own names of figures and cells (id -> name)."""
    def derive(event: Event, data: Mapping[str, Any], tr: Translate) -> Derived:
        return _derive(event, data, tr, names)
    return derive


#: Mice and Mystics' events in words (the engine's explanation path)
EXPLANATIONS = Explanations(_MESSAGES, {}, _derive_naming(None))


def explain(event: Event, lang: str = "en", names: Mapping[str, str] | None = None) -> str:
    """One line for the log, with the rule IDs at the end: ``... [MM-MELEE-3, MM-DICE-1]``.
    ``names`` gives figures' (and cells') names by id where the map has its own (``name_ru``)."""
    table = replace(EXPLANATIONS, derive=_derive_naming(names)) if names else EXPLANATIONS
    return engine_words.explain(event, table, lang if lang in LANGUAGES else "en")
