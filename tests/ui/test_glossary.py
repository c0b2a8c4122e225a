"""Issue 17 item 3 on the four play screens: a game term the shell draws (the top bar, the Log, the
hint line, the dice tray's frame, a card) explains itself when the pointer rests on it, in the
reader's language, with the rules it comes from; the tooltip never covers the dice tray or the
hint line (issue 16.4), its rule IDs open their rules; points and tallies on the top bar explain
themselves. Driven with real pygame events (the pointer moved, frames drawn)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.i18n import set_language
from game.rules.engine.rulebook import glossary
from game.ui.play.glossary_tip import TIP_DELAY_S, Spots, html_with_links, place, rule_ids
from game.ui.play.side_panel import RULES
from game.ui.play.widgets import DIM, Texts
from tests.ui.test_play_shell import SYSTEMS, a_command, click, frame, open_screen


def move(view: Any, pos: tuple[int, int]) -> None:
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))


def hover(view: Any, pos: tuple[int, int]) -> None:
    """The pointer rests at ``pos`` (long enough for a tooltip)."""
    move(view, pos)
    frame(view)
    frame(view, TIP_DELAY_S + 0.1)


def term_spots(view: Any, area: pygame.Rect) -> list[Any]:
    """The terms drawn in ``area`` (the pointer on it: a bar of widgets notes its words only
    then)."""
    move(view, (area.x + 1, area.y + 1))
    frame(view)
    return [s for s in view.spots.all_spots() if s.term is not None and area.contains(s.rect)]


def play_until_terms(view: Any, most: int = 40) -> None:
    """Real commands until the Log shows a game term (the dice are new each game)."""
    log = view.side_panel.body(view.layout.panel)
    for _ in range(most):
        a_command(view)
        frame(view, 1.0)
        if term_spots(view, log):
            return


def shown_tip(view: Any) -> list[str]:
    """The tooltip's lines as drawn (none: no tooltip)."""
    return [text for text, _c in view.tip._lines] if view._tip_rect is not None else []


def areas(view: Any) -> dict[str, pygame.Rect]:
    lay = view.layout
    return {"top bar": lay.top, "log": view.side_panel.body(lay.panel), "hint line": lay.status,
            "tray": lay.tray}


def check_tip(view: Any, spot: Any) -> None:
    hover(view, spot.rect.center)
    lines = shown_tip(view)
    assert lines, f"no tooltip for {spot.text!r}"
    words = " ".join(lines)
    assert spot.term.text.split()[0] in words and spot.term.headword in lines[0]
    tip = view._tip_rect
    assert not tip.colliderect(view.layout.tray) and not tip.colliderect(view.layout.status)
    assert pygame.display.get_surface().get_rect().contains(tip)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("system", SYSTEMS)
def test_terms_drawn_by_the_shell_explain_themselves_off_the_tray(system: str, lang: str,
                                                                  env: None) -> None:
    set_language(lang)
    view = open_screen(system)
    view.handover_on = False
    play_until_terms(view)
    g = glossary(system, lang)
    found = {name: term_spots(view, rect) for name, rect in areas(view).items()}
    where = [name for name, spots in found.items() if spots]
    assert "log" in where, where  # (Mice and Mystics draws its own top bar and tray)
    for name in where:
        spot = found[name][0]
        assert spot.term in g.terms  # the reader's language's glossary
        check_tip(view, spot)
    # the pointer leaves: the tooltip goes
    hover(view, view.layout.table.center)
    assert not shown_tip(view) or view.spots.at(view.layout.table.center) is not None


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_rule_id_in_a_tooltip_opens_its_rule(system: str, env: None) -> None:
    view = open_screen(system)
    view.handover_on = False
    play_until_terms(view)
    spots = [s for name in ("log", "top bar", "hint line", "tray")
             for s in term_spots(view, areas(view)[name]) if s.term.rules]
    assert spots
    spot = spots[0]
    hover(view, spot.rect.center)
    tip = view._tip_rect
    assert tip is not None
    lines = [text for text, colour in view.tip._lines if colour == DIM]  # "Rules: ..."
    links = [s for line in lines for s in view.spots.spots_of(line)
             if s.rule and tip.contains(s.rect)]
    assert [s.rule for s in links] == list(spot.term.rules)
    # over to the tooltip (it stays while the pointer is on it) and a click on its rule
    target = links[0].rect.center
    move(view, target)
    frame(view)
    assert view._tip_rect is not None
    click(view, target)
    assert view.side_panel.tab == RULES
    assert view.rules_panel.lit == view.rules_panel.entry(spot.term.rules[0])


@pytest.mark.parametrize("system", ["one_for_all", "helldorado"])
def test_points_and_tallies_on_the_top_bar_explain_themselves(system: str, env: None) -> None:
    view = open_screen(system)
    spots = term_spots(view, view.layout.top)
    ids = {s.term.id for s in spots}
    assert ids, "the top bar's words are noted"
    want = {"one_for_all": {"initiative"}, "helldorado": {"round", "vae_victis"}}[system]
    assert want <= ids, ids
    for spot in spots[:3]:
        check_tip(view, spot)


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_cards_terms_explain_themselves_over_it(system: str, env: None) -> None:
    view = open_screen(system)
    view.open_goals()  # the game menu's "Goals" card
    frame(view)
    box = view.card.text_box
    chunks = [c for c in box.link_hover_chunks if str(c.href).startswith("term:")]
    assert chunks
    chunk = chunks[0]
    x = box.rect.x + box.padding[0] + box.border_width["left"] + box.shadow_width + chunk.x
    y = box.rect.y + box.padding[1] + box.border_width["top"] + box.shadow_width + chunk.y
    pos = (int(x + chunk.size[0] // 2), int(y + chunk.size[1] // 2))
    assert box.rect.collidepoint(pos), "the first term is in view"
    hover(view, pos)
    frame(view, 0.5)
    assert view.card.hovered_link() == chunk.href
    lines = shown_tip(view)
    term = glossary(system, "en").term(str(chunk.href)[5:])
    assert lines and term is not None and term.headword in lines[0]


def test_spots_measure_where_the_words_are_and_blocks_hide_what_is_under() -> None:
    pygame.font.init()
    texts = Texts()
    spots = Spots(texts)
    g = glossary("one_for_all", "en")
    spots.clear(g)
    line = "Athos rolls the pool of 3 (OFA-3.3, OFA-3D.1)"
    spots.note(line, (100, 50), 16)
    got = spots.spots_of(line)
    assert [s.rule for s in got if s.rule] == ["OFA-3.3", "OFA-3D.1"]
    pool = next(s for s in got if s.term is not None)
    assert pool.term.id == g.term("pool").id and pool.text == "pool"
    font = texts.font(16)
    assert pool.rect.x == 100 + font.size("Athos rolls the ")[0]
    assert spots.at(pool.rect.center).term == pool.term
    assert spots.at((pool.rect.x - 30, pool.rect.centery)) is None  # a word that is no term
    spots.block(pygame.Rect(90, 40, 400, 40))  # a tooltip over it
    assert spots.at(pool.rect.center) is None
    assert rule_ids("(HD-MELEE-16) and REL-SEQ-3.") == [(1, 12, "HD-MELEE-16"),
                                                       (18, 27, "REL-SEQ-3")]
    html = html_with_links("Your **pool** grows (OFA-3D.1); a pool", g)
    assert html.count("term:pool") == 1 and "rule:OFA-3D.1" in html and "<b>" in html


def test_a_tooltip_is_placed_beside_its_word_and_off_the_rects_to_keep_clear() -> None:
    bounds = pygame.Rect(0, 0, 1280, 800)
    tray = pygame.Rect(0, 590, 900, 82)
    status = pygame.Rect(0, 750, 900, 30)
    word = pygame.Rect(100, 760, 60, 20)  # a term on the hint line, under the tray
    box = place((340, 120), word, bounds, (tray, status))
    assert bounds.contains(box) and not box.colliderect(tray) and not box.colliderect(status)
    top = pygame.Rect(300, 12, 60, 20)  # a term on the top bar: just below it
    box = place((340, 120), top, bounds, (tray, status))
    assert box.y == top.bottom + 4 and box.x == top.x


@pytest.mark.parametrize("system", SYSTEMS)
def test_an_action_buttons_tooltip_keeps_off_the_dice_tray(system: str, env: None) -> None:
    """Issue 16.4: after a click, the next button's tooltip covered the dice results."""
    from pygame_gui.elements import UIButton, UITooltip

    view = open_screen(system)
    view.handover_on = False
    a_command(view)
    frame(view, 1.0)
    lay = view.layout
    buttons = [e for e in view.bars_gui.elements() if isinstance(e, UIButton)
               and lay.actions.contains(e.rect) and e.tool_tip_text]
    assert buttons
    for button in buttons[:3]:
        move(view, button.rect.center)
        for _ in range(3):
            frame(view, 0.5)
        tips = [e for e in view.bars_gui.elements() if isinstance(e, UITooltip)]
        assert tips, "the button's tooltip shows"
        assert not any(t.rect.colliderect(lay.tray) for t in tips)
        move(view, lay.table.center)
        frame(view, 0.5)
