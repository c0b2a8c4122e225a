"""Helldorado's odds on the screen (issue 17, item 4), driven with real pygame events on the
crowded ruins of ``test_hd_readable``: each action button that leads to a roll shows its chance
of success, and the Odds tab shows, for the action under the pointer (or the template in hand,
or the first roll on offer), the exact distribution of the hits and of the LP lost, the chance
to kill and the rule IDs, all from ``game.rules.helldorado.odds`` (exact; never sampled).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.rules.helldorado import odds as hd_odds
from game.rules.helldorado.commands import Fight, Reroll, Shoot
from game.ui.play.hd import odds_tab
from game.ui.play.hd.session import Tool
from game.ui.play.hd.view import HDPlayView
from game.ui.play.side_panel import ODDS
from tests.ui.ru_texts import english_words, recorded_texts
from tests.ui.test_hd_readable import KEPT, click, crowd, en, frame, key, make, move_mouse, ru

__all__ = ["en", "ru"]  # the fixtures, shared


def pct(p: float) -> str:
    """A chance as the bars print it."""
    return "<1" if 0 < p < 0.005 else f"{p * 100:.0f}"


class Tab:
    """What the Odds tab drew in one frame: its lines and its charts (caption, chances)."""

    def __init__(self, view: HDPlayView, monkeypatch: pytest.MonkeyPatch) -> None:
        self.lines: list[str] = []
        self.charts: list[tuple[str, tuple[float, ...]]] = []
        line, chart = odds_tab.Pane.line, odds_tab.Pane.chart

        def on_line(pane: odds_tab.Pane, text: str, *a: object) -> None:
            self.lines.append(text)
            line(pane, text, *a)  # type: ignore[arg-type]

        def on_chart(pane: odds_tab.Pane, caption: str, probs: tuple[float, ...], *a: object) -> None:
            self.charts.append((caption, tuple(probs)))
            chart(pane, caption, probs, *a)  # type: ignore[arg-type]

        monkeypatch.setattr(odds_tab.Pane, "line", on_line)
        monkeypatch.setattr(odds_tab.Pane, "chart", on_chart)
        view.side_panel.tab = ODDS
        view._cache.pop("odds_picture", None)  # the tab drawn afresh, not from its picture
        with recorded_texts() as seen:
            frame(view)
        self.seen = list(seen)

    @property
    def words(self) -> str:
        return "\n".join(self.lines)


def test_shoot_buttons_show_the_exact_chance_and_the_tab_the_hovered_shot(
        en: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    view = make(tmp_path, (1280, 800))
    crowd(view, "conquistadors")
    arq = view.state.unit("arquebusier_2")
    click(view, view.screen_point((arq.x, arq.y)))
    frame(view)
    system = view.session.system
    acting = view.session.acting_state("arquebusier_2")
    assert acting is not None
    shots = [(b, c) for b, c in zip(view.action_bar.buttons, view.action_bar.choices, strict=True)
             if isinstance(c.command, Shoot)]
    assert len(shots) >= 2
    for _button, choice in shots:
        exact = hd_odds.shot_odds(system, acting, choice.command).to_target.p_any_damage
        assert choice.label.endswith(f" — {exact * 100:.0f}%"), choice.label
    # the pointer on the second shot's button: the Odds tab shows that shot
    button, choice = shots[1]
    move_mouse(view, button.rect.center)
    assert view.hot == choice
    tab = Tab(view, monkeypatch)
    o = hd_odds.shot_odds(system, acting, choice.command)
    target = view.names.of(choice.command.target)
    assert tab.lines[0] == f"Odds: {view.names.command(choice.command)}"
    # the bars: every outcome's chance, the hits then the LP lost, and the chance to kill
    assert tab.charts[:2] == [(f"Hits of {view.names.of('arquebusier_2')} (%)", o.roll.probs),
                              (f"LP {target} loses (%): PR {o.to_target.pr}", o.to_target.probs)]
    summary = (f"{target}: killed {pct(o.to_target.p_kill)}%, at least 1 LP "
               f"{pct(o.to_target.p_any_damage)}%, {o.to_target.expected_lp:.1f} LP on average")
    assert summary in tab.lines
    assert set(view.odds_rules()) == set(o.rules) and "HD-RANGED-14" in o.rules


def test_a_fight_s_odds_on_its_button_and_in_the_tab(en: None, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Damned 1 against the Pikeman it is fighting: the button's chance is the Pikeman losing
    at least 1 LP; the tab shows both sides' hits and LP lost and who may die."""
    view = make(tmp_path, (1280, 800))
    crowd(view, "inferno")
    d1 = view.state.unit("damned_1")
    click(view, view.screen_point((d1.x, d1.y)))
    frame(view)
    fights = [c for c in view.action_bar.choices if isinstance(c.command, Fight)]
    assert fights
    acting = view.session.acting_state("damned_1")
    assert acting is not None
    o = hd_odds.attack_odds(view.session.system, acting, fights[0].command)
    assert o is not None
    assert fights[0].label.endswith(f" — {o.to_defender.p_any_damage * 100:.0f}%")
    tab = Tab(view, monkeypatch)  # nothing under the pointer: the first roll on offer, the fight
    probs = [c[1] for c in tab.charts]
    assert probs[:2] == [o.attack.probs, o.to_defender.probs]
    if o.defence is not None:
        assert probs[2:4] == [o.defence.probs, o.to_attacker.probs]
    for d in (o.to_defender, o.to_attacker):
        assert f"{view.names.of(d.unit)}: killed {pct(d.p_kill)}%" in tab.words


def test_the_blast_over_the_melee_lists_every_caught_unit_exactly(
        en: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    view = make(tmp_path, (1920, 1080))
    centre = crowd(view, "inferno")
    view.selected = "malakh"
    frame(view)
    n = next(i for i, c in enumerate(view.action_bar.choices, 1) if isinstance(c.command, Tool))
    key(view, pygame.K_0 + n)
    move_mouse(view, view.screen_point(centre))
    command = view.tool_command()
    acting = view.session.acting_state("malakh")
    assert command is not None and acting is not None
    o = hd_odds.blast_odds(view.session.system, acting, command)
    assert len(o.caught) >= 4
    frame(view)
    lay = view.action_bar.choices[0]
    assert lay.label == f"Lay it here — lands {o.p_land * 100:.0f}%"
    tab = Tab(view, monkeypatch)
    assert f"Lands: {pct(o.p_land)}% (HD-EXPL-4, HD-EXPL-5)" in tab.lines
    for c in o.caught:  # every caught unit: its hits, its LP lost, its chance to die
        hurt = o.for_unit(c.unit)
        assert hurt is not None
        assert (f"Hits on {view.names.of(c.unit)} (%)", c.hits) in tab.charts
        assert (f"LP {view.names.of(c.unit)} loses (%): PR {hurt.pr}", hurt.probs) in tab.charts
        assert f"{view.names.of(c.unit)}: killed {pct(hurt.p_kill)}%" in tab.words
    # the tab is taller than the panel: the wheel scrolls it
    move_mouse(view, view.layout.panel.center)
    for _i in range(30):
        view.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, precise_y=-1.0))
    assert view.odds_scroll > 0 and view.odds_scroll == view.odds_height - view.odds_shown_h


def test_the_odds_tab_reads_in_russian(ru: None, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    view = make(tmp_path, (1024, 640))
    crowd(view, "conquistadors")
    arq = view.state.unit("arquebusier_2")
    click(view, view.screen_point((arq.x, arq.y)))
    tab = Tab(view, monkeypatch)
    assert tab.lines[0].startswith("Шансы: ")
    assert english_words(tab.lines + [c[0] for c in tab.charts], KEPT) == {}
    assert all(" — " in c.label and c.label.endswith("%") for c in view.action_bar.choices
               if isinstance(c.command, Shoot))


def test_a_re_roll_s_chance_is_gaining_a_hit() -> None:
    """The chance on a re-roll's button: at least one hit more than the dice show now (the
    rules' ``reroll_odds``, HD-MELEE-9); keeping the dice rolls nothing."""
    from types import SimpleNamespace

    from game.rules.helldorado.dice import Roll
    from game.rules.helldorado.state import Choice, Pending, Stage

    faces = (1, 5, 2, 6, 3)
    roll = Roll(faces, 4, rerolls=2, faces=faces)
    st = SimpleNamespace(pending=Pending(Choice.REROLL, "inferno", "a"),
                         exchange=SimpleNamespace(attacker="a", stage=Stage.REROLL_A, parity=False,
                                                  victims=(), a_roll=roll, d_roll=None))
    # hits now: the 5 and the 6 (4+); the 1 and the 2 rolled again hit on 4-6: 1 - (1/2)**2
    assert odds_tab.chance(None, st, Reroll((0, 2))) == pytest.approx(0.75)  # type: ignore[arg-type]
    assert odds_tab.chance(None, st, Reroll(())) is None  # type: ignore[arg-type]


def test_the_enemy_under_the_pointer_shows_the_odds_of_attacking_it(
        en: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the second Arquebusier selected, the pointer on Malakh: the tab shows the shot at
    Malakh (not the first shot on offer); on a template's "Lay it here" the units it catches."""
    view = make(tmp_path, (1280, 800))
    crowd(view, "conquistadors")
    arq = view.state.unit("arquebusier_2")
    click(view, view.screen_point((arq.x, arq.y)))
    frame(view)
    first = next(c.command for c in view.action_bar.choices if isinstance(c.command, Shoot))
    assert first.target != "malakh"
    malakh = view.state.unit("malakh")
    move_mouse(view, view.screen_point((malakh.x, malakh.y)))
    assert view.hover == "malakh"
    tab = Tab(view, monkeypatch)
    assert tab.lines[0] == f"Odds: {view.names.command(Shoot(unit='arquebusier_2', weapon='arquebus', target='malakh'))}"


def test_a_template_s_button_counts_the_units_it_catches(en: None, tmp_path: Path) -> None:
    view = make(tmp_path, (1280, 800))
    centre = crowd(view, "inferno")
    imp = view.state.unit("imp")
    click(view, view.screen_point((imp.x, imp.y)))
    frame(view)
    n = next(i for i, c in enumerate(view.action_bar.choices, 1) if isinstance(c.command, Tool))
    key(view, pygame.K_0 + n)
    move_mouse(view, view.screen_point(centre))
    tpl = view.template()
    assert tpl is not None and tpl.caught
    frame(view)
    assert view.action_bar.choices[0].label == f"Lay it here — {len(tpl.caught)} caught"
