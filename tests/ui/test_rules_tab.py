"""Issue 17 items 1 and 2 on the four play screens, driven with real pygame events as
``tabletop play`` opens each game: the Rules tab shows the game's rule book by topic in the
reader's language, its search field filters the entries (and has the keyboard while it is
used), the wheel scrolls it, house rules and defaults are marked; F1 (help, then F1 again) and
Ctrl+F open it; a rule ID clicked in the Log, in a refusal on the hint line or in the Odds tab
opens the Rules tab at that entry, scrolled to it and lit."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.i18n import set_language
from game.rules.engine import IllegalCommand
from game.rules.engine.rulebook import rulebook
from game.ui.play.rules_panel import TAGS
from game.ui.play.side_panel import LOG, ODDS, RULES
from tests.ui.test_play_shell import SYSTEMS, a_command, click, ctrl, frame, key, open_screen


def body(view: Any) -> pygame.Rect:
    return view.side_panel.body(view.layout.panel)


def rows(view: Any) -> list[str]:
    frame(view)
    return view.rules_panel.rows_in_view(body(view))


def type_text(view: Any, text: str) -> None:
    for ch in text:
        view.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frame(view)


def rule_spots(view: Any, area: pygame.Rect) -> list[Any]:
    frame(view)
    return [s for s in view.spots.all_spots() if s.rule and area.contains(s.rect)]


def press(view: Any, pos: tuple[int, int]) -> None:
    """A whole click at ``pos`` after the pointer got there."""
    click(view, pos)
    frame(view)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("system", SYSTEMS)
def test_the_rules_tab_shows_the_book_by_topic_in_the_readers_language(
        system: str, lang: str, env: None) -> None:
    set_language(lang)
    view = open_screen(system)
    book = rulebook(system, lang)
    button = view.side_panel.buttons[RULES]
    assert button.text == ("Rules" if lang == "en" else "Правила")
    press(view, button.rect.center)
    assert view.side_panel.tab == RULES
    shown = rows(view)
    assert shown[0] == book.title  # the book's title, its introduction, then its topics
    assert view.rules_panel.field is not None and view.rules_panel.field.alive()
    assert body(view).contains(view.rules_panel.field.rect)
    # every topic and every entry is there, each entry titled with its rule IDs
    laid = [r.text for r in view.rules_panel._rows]
    joined = "\n".join(laid)
    for topic in book.topics:
        assert topic.title.split()[0] in joined
    heads = [r for r in view.rules_panel._rows if r.kind == "head"]
    assert {r.entry for r in heads} == set(book.entries)
    assert all(r.text.startswith(r.entry.ids[0]) for r in heads
               if r is next(h for h in heads if h.entry == r.entry))
    # the wheel scrolls it, and not past its end
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=body(view).center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for _ in range(3):
        view.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, precise_y=-1.0))
    assert view.rules_panel.scroll > 0 and rows(view)[0] != book.title
    for _ in range(2000):
        view.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, precise_y=-1.0))
    frame(view)
    panel = view.rules_panel
    assert panel.scroll == max(0, panel.content_height - panel.content_rect(body(view)).height)


@pytest.mark.parametrize("system", SYSTEMS)
def test_typing_in_the_search_field_filters_the_entries_and_keeps_the_keys(
        system: str, env: None) -> None:
    view = open_screen(system)
    view.handover_on = False
    press(view, view.side_panel.buttons[RULES].rect.center)
    book = rulebook(system, "en")
    entry = book.entries[len(book.entries) // 2]
    word = max(entry.title.split(), key=len).strip(".,:;()")
    press(view, view.rules_panel.field.rect.center)  # the field takes the keyboard
    assert view.rules_panel.typing
    digest = view.session.match.digest()
    type_text(view, word + " 1")  # "1" and Space are the game's keys, here they are letters
    assert view.rules_panel.field.get_text() == word + " 1"
    key(view, pygame.K_BACKSPACE)
    key(view, pygame.K_BACKSPACE)
    frame(view)
    assert view.rules_panel.query == word
    found = book.search(word)
    assert entry in found and len(found) < len(book.entries)
    heads = {r.entry for r in view.rules_panel._rows if r.kind == "head"}
    assert heads == set(found)  # only the entries that match
    assert view.session.match.digest() == digest and view.card is None
    # Esc gives the keyboard back; then Esc is the game's again (the menu)
    key(view, pygame.K_ESCAPE)
    assert not view.rules_panel.typing and view.card is None
    key(view, pygame.K_ESCAPE)
    assert view.card_kind == "menu"
    key(view, pygame.K_ESCAPE)
    # nothing matches: says so
    press(view, view.rules_panel.field.rect.center)
    type_text(view, "zzqqxx")
    assert not [r for r in view.rules_panel._rows if r.kind == "head"]
    assert "zzqqxx" in rows(view)[0]


@pytest.mark.parametrize("system", SYSTEMS)
def test_house_rules_and_defaults_are_marked_with_what_they_mean(system: str, env: None) -> None:
    view = open_screen(system)
    book = rulebook(system, "en")
    tagged = [e for e in book.entries if e.tag]
    assert tagged  # every game here has some
    for entry in tagged[:3]:
        assert view.open_rules(entry.ids[0])
        shown = rows(view)
        label, meaning = TAGS[entry.tag]
        assert any(meaning.split()[0] in row for row in shown)
        assert label in view.spots.texts_noted() or f" {label} " in view.spots.texts_noted()
        assert view.rules_panel.lit == entry


@pytest.mark.parametrize("system", SYSTEMS)
def test_f1_then_f1_and_ctrl_f_open_the_rules(system: str, env: None) -> None:
    view = open_screen(system)
    key(view, pygame.K_F1)
    assert view.card_kind == "help"
    assert view.card.keys == {pygame.K_F1: "rules"}
    assert any(line.startswith("F1 again opens the Rules tab") for line in view.card.lines)
    frame(view)
    key(view, pygame.K_F1)  # F1 again: the rules
    assert view.card is None and view.side_panel.tab == RULES
    press(view, view.side_panel.buttons[LOG].rect.center)
    assert view.side_panel.tab == LOG
    ctrl(view, pygame.K_f)  # Ctrl+F: the rules, the keyboard in the search field
    frame(view)
    assert view.side_panel.tab == RULES and view.rules_panel.typing


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_rule_id_clicked_in_the_log_opens_its_entry(system: str, env: None) -> None:
    view = open_screen(system)
    view.handover_on = False
    for _ in range(3):
        a_command(view)
    frame(view, 1.0)
    spots = rule_spots(view, body(view))
    assert spots, "the log shows rule IDs as links"
    spot = spots[0]
    entry = view.rules_panel.entry(spot.rule)
    assert entry is not None
    press(view, spot.rect.center)
    assert view.side_panel.tab == RULES
    assert view.rules_panel.lit == entry and view.rules_panel.query == ""
    shown = rows(view)
    assert shown[0].startswith(", ".join(entry.ids)[:12])  # scrolled to it, at the top


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_rule_id_in_a_refusal_on_the_hint_line_opens_its_entry(system: str, env: None) -> None:
    view = open_screen(system)
    view.handover_on = False
    refused = None
    seen: list[Any] = []
    for _ in range(40):  # a command that was legal a move ago, refused now
        seen += list(view.session.legal())
        a_command(view)
        state = view.session.state
        for command in seen:
            try:
                view.session.system.check(state, command)
            except IllegalCommand:
                refused = view.submit(command)
                break
        if refused is not None:
            break
    assert refused is not None and not refused and view.message.startswith("Not allowed: ")
    frame(view)
    spots = rule_spots(view, view.layout.status)
    assert spots, view.message
    press(view, spots[-1].rect.center)
    assert view.side_panel.tab == RULES
    assert view.rules_panel.lit == view.rules_panel.entry(spots[-1].rule)


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_odds_tab_links_the_rules_its_numbers_follow(system: str, env: None) -> None:
    view = open_screen(system)
    view.handover_on = False
    for _ in range(30):  # a game may link the rules of the roll on offer only (none: no footer)
        if view.odds_rules():
            break
        a_command(view)
    assert view.odds_rules()
    press(view, view.side_panel.buttons[ODDS].rect.center)
    rules = list(view.odds_rules())
    spots = rule_spots(view, body(view))[-len(rules):]  # the footer: the tab's last lines
    assert [s.rule for s in spots] == rules
    for rule in view.odds_rules():  # each one has its entry in both languages
        assert rulebook(system, "en").entry(rule) and rulebook(system, "ru").entry(rule)
    press(view, spots[0].rect.center)
    assert view.side_panel.tab == RULES
    assert view.rules_panel.lit == view.rules_panel.entry(spots[0].rule)
