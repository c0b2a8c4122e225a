"""Goals first: the card each game opens with (and the game menu's "Goals"): who plays which side
at this screen, what the game is and how to win (the rule book's introduction, or the map's own
goal when it has a ``goal_en`` / ``goal_ru`` property), how long it lasts and the first thing to
try (a line per game, ``GAME_LINES``). Its terms explain themselves on hover and its rule IDs
open their rules, as everywhere on the play screen."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.i18n import N_, _
from game.rules.engine.rulebook import RULE_ID, Glossary, Rulebook
from game.ui.colours import RGB
from game.ui.play.card import Card, CardItem
from game.ui.play.rules_panel import plain
from game.ui.play.widgets import Texts

#: each game's line on how long it lasts and on what to try first (msgids)
GAME_LINES: dict[str, tuple[str, str]] = {
    "one_for_all": (
        N_("**Duration:** there is no clock; the fight goes on until every figure of one side "
           "is out (OFA-AMB-1)."),
        N_("**First, try this:** click one of your figures and drag it towards a table, a bench or "
           "an enemy; when it touches something, pick an action. Every action adds a die to its "
           "pool, and a 1 on any die hands the initiative over."),
    ),
    "helldorado": (
        N_("**Duration:** 8 rounds. In each round every unit activates once, the sides taking "
           "turns (HD-HOUSE-3)."),
        N_("**First, try this:** click one of your units to activate it, drag it to move, then "
           "charge, fight or shoot an enemy; the Odds tab shows your chances before you roll."),
    ),
    "mice_and_mystics": (
        N_("**Duration:** until the last page of the chapter. A page turns when the cheese wheel "
           "fills up and when a mouse is captured (MM-END-3, MM-END-4)."),
        N_("**First, try this:** the mouse in turn has its movement points; click a lit cell to walk "
           "there, then attack, search or scurry from the action bar."),
    ),
    "relic": (
        N_("**Duration:** until a hero beats the Confrontation at the centre; the program stops "
           "the game after 80 rounds (REL-WIN-1)."),
        N_("**First, try this:** roll to move, pick one of the lit spaces and read in the log what "
           "the space does; before a battle the Odds tab shows your chances."),
    ),
}


def paragraphs(text: str) -> list[str]:
    """The paragraphs of a Markdown text, lines joined (``**bold**`` kept: a card shows it)."""
    out: list[str] = []
    for block in text.split("\n\n"):
        words = " ".join(line.strip() for line in block.splitlines() if line.strip())
        if words:
            out.append(words)
    return out


def map_goal(properties: Mapping[str, object], lang: str) -> str:
    """The map's own goal in ``lang`` (``goal_ru``...), else in English, else ""."""
    for key in (f"goal_{lang}", "goal_en"):
        value = properties.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return ""


def seat_words(seats: Sequence[tuple[str, bool]]) -> str:
    """Who plays which side: [(side name, played here)] -> "Who plays: ...". """
    parts = [(_("{side}: you, at this screen") if here else _("{side}: the AI")).format(side=name)
             for name, here in seats]
    line = _("**Who plays:** {seats}.").format(seats="; ".join(parts))
    if sum(1 for _n, here in seats if here) >= 2:
        line += " " + _("You take turns at this computer (hot-seat).")
    return line


def goals_lines(book: Rulebook | None, system: str, seats: Sequence[tuple[str, bool]],
                goal: str = "") -> list[str]:
    """The goals card's lines (paragraphs, an empty line between): what the game is, who plays
    which side, how to win (``goal``, the map's, when given), how long it lasts, what to try
    first."""
    intro = paragraphs(book.intro) if book is not None else []
    # a paragraph about reading the book (it cites rule IDs) is not about the game
    about = [p for p in intro if not RULE_ID.search(plain(p))]
    lines = about[:1] + [seat_words(seats)]
    if goal:
        lines.append(_("**How to win on this map:** {goal}").format(goal=goal))
    else:
        lines += about[1:]
    how_long, first = GAME_LINES.get(system, ("", ""))
    lines += [_(line) for line in (how_long, first) if line]
    return [part for i, line in enumerate(lines) for part in ([""] if i else []) + [line]]


def goals_card(texts: Texts, book: Rulebook | None, system: str,
               seats: Sequence[tuple[str, bool]], goal: str = "",
               glossary: Glossary | None = None, colour: RGB | None = None,
               beside: bool = False) -> Card:
    """The goals card (``beside``: the one beside a new game's table, which takes no keys)."""
    title = _("Goals: {game}").format(game=book.title) if book is not None else _("Goals")
    items = [CardItem("close", _("Start playing"), hint="" if beside else "Enter",
                      tip=_("Close this card; the game menu (Esc) shows it again.")),
             CardItem("rules", _("Read the rules"),
                      tip=_("The game's rules in the side panel, by topic, searchable."))]
    return Card(texts, title, goals_lines(book, system, seats, goal), items, colour=colour,
                glossary=glossary)
