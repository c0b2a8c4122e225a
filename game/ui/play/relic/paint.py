"""Drawing the Relic play screen: the board with highlights, threat cards and pieces; the top
bar; the battle tray (dice chains with explosions, both scores); the action buttons; the side
panel's tabs (the odds of the pending battle, the players' heroes; the log is the shell's). Reads the view, changes nothing but its buttons (built
in the view's pygame_gui ``Gui``, which is drawn here over the rest).

Words go through ``_()`` as the frame is drawn (the language may change at any time); in strict
mode the hints of teaching mode (what to do now, what a roll needs) are left out."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.rules.relic.state import BattleStep, Phase, RelicState
from game.ui.colours import RGB
from game.ui.play import widgets as ui
from game.ui.play.glossary_tip import draw_text
from game.ui.play.relic.session import attr_short, mode_word, more_note, player_label
from game.ui.play.relic.table import draw_board
from game.ui.play.side_panel import draw_lines

if TYPE_CHECKING:
    from game.ui.play.relic.view import RelicPlayView

BOOM: RGB = (0xFF, 0x8A, 0x1E)
ATTRIBUTES = ("strength", "willpower", "cunning")
#: a Threat card's kind, as the tray names it
KIND_WORDS = {"enemy": N_("enemy"), "stranger": N_("stranger"), "event": N_("event")}
#: a battle's result, as the tray shows it
RESULT_WORDS = {"WIN": N_("WIN"), "LOSE": N_("LOSE"), "TIE": N_("TIE")}
HERO_LINE = 19  #: one line of a player's box in the side panel


def draw(view: RelicPlayView, surface: pygame.Surface) -> None:
    lay = view.layout
    surface.fill(ui.CHROME_BG)
    draw_board(view, view.draw_board(surface))
    _top(view, surface)
    _tray(view, surface, lay.tray)
    view.sync_bars()
    _actions(view, surface, lay.actions)
    view.draw_status(surface)
    view.draw_side_panel(surface)
    view.draw_overlays(surface)


# ---------------------------------------------------------------------- chrome
def _top(view: RelicPlayView, surface: pygame.Surface) -> None:
    """The top bar: the player to act, the scenario, the round and turn, the mode and the step
    of the turn (the shell's words; its buttons are widgets)."""
    st = view.state
    who = view.session.to_play()
    chip = None
    if who is not None:
        label = _("{player} (AI)").format(player=player_label(who)) if who in view.session.ai_sides \
            else player_label(who)
        chip = (label, view.colours[who])
    phase = _phase_words(st) if view.teaching else _phase_name(st)
    facts = dict(scenario=view.session.name(st.scenario), round=st.round,
                 rounds=st.cfg.max_rounds, turn=st.turn, mode=mode_word(view.mode))
    line = _("Relic — {scenario} · round {round} of {rounds}, turn {turn} · {mode} · {phase}").format(
        phase=phase, **facts)
    first = _("Relic — {scenario} · {mode} · round {round} of {rounds}, turn {turn}").format(**facts)
    view.draw_top_words(surface, line, (first, phase), chip=chip)


def _phase_words(st: RelicState) -> str:
    """The step of the turn with what to do in it (teaching mode)."""
    b = st.battle
    if st.phase == Phase.OVER:
        return _("game over")
    if b is not None:
        if b.step == BattleStep.ENEMY_ROLL:
            return _("battle: {player} rolls for the enemy").format(
                player=player_label(b.roller or "program"))
        return _({BattleStep.PREPARE: N_("battle: prepare (wargear, power cards)"),
                  BattleStep.PLAYER_ROLL: N_("battle: roll your dice"),
                  BattleStep.ADJUST: N_("battle: change a die or count the scores")
                  }.get(b.step, b.step))
    return _({Phase.MOVEMENT: N_("roll to move (or cross a link)"),
              Phase.MOVE_CHOICE: N_("pick a highlighted space"),
              Phase.CHOICE: N_("the space offers a choice"), Phase.ENGAGEMENT: N_("engagement"),
              Phase.CONFRONTATION: N_("the Confrontation")}.get(st.phase, st.phase))


def _phase_name(st: RelicState) -> str:
    """The step of the turn by name only (strict mode: no hint of what to do)."""
    b = st.battle
    if st.phase == Phase.OVER:
        return _("game over")
    if b is not None:
        return _({BattleStep.PREPARE: N_("battle: preparation"),
                  BattleStep.ENEMY_ROLL: N_("battle: the enemy's roll"),
                  BattleStep.PLAYER_ROLL: N_("battle: the player's roll"),
                  BattleStep.ADJUST: N_("battle: changing dice")}.get(b.step, b.step))
    return _({Phase.MOVEMENT: N_("movement"), Phase.MOVE_CHOICE: N_("movement"),
              Phase.CHOICE: N_("choice"), Phase.ENGAGEMENT: N_("engagement"),
              Phase.CONFRONTATION: N_("the Confrontation")}.get(st.phase, st.phase))


def _actions(view: RelicPlayView, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The action bar's background and its words (the buttons are pygame_gui widgets, drawn
    with the view's Gui): who the AI is playing when no one can act here, the note of the
    actions that did not fit."""
    ui.panel(surface, rect, ui.CHROME_BG)
    texts = view.texts
    bar = view.action_bar
    if not bar.buttons and not bar.hidden:
        who = view.session.to_play()
        words = "" if who is None else \
            _("The AI is playing {player}...").format(player=player_label(who))
        pic = texts.render(words, ui.TEXT_PX, ui.DIM)
        surface.blit(pic, (rect.x + 12, rect.centery - pic.get_height() // 2))
    elif bar.hidden:
        more = texts.render(more_note(bar.hidden), ui.SMALL_PX, ui.DIM)
        surface.blit(more, (rect.right - more.get_width() - 10, rect.bottom - more.get_height() - 4))


# ---------------------------------------------------------------------- the battle tray
def _tray(view: RelicPlayView, surface: pygame.Surface, rect: pygame.Rect) -> None:
    ui.panel(surface, rect)
    texts = view.texts
    st = view.state
    evs = view.battle_events
    if not evs:
        x = rect.x + 12
        if st.move_roll:
            pic = texts.render(_("Move roll:"), ui.TEXT_PX)
            surface.blit(pic, (x, rect.y + 12))
            x += pic.get_width() + 10
            for f in st.move_roll:
                _die(view, surface, (x, rect.y + 8), f, False)
                x += 44
        space = view.hot_space or st.active_hero.space
        cards = st.cards_on(space)
        session = view.session
        words = _("{space}: {text}").format(space=session.name(space), text=session.text(space))
        if cards:
            words += "  " + _("Threats here: {cards}").format(cards=", ".join(
                _("{card} ({kind}, {attr} {value})").format(
                    card=session.name(c.id), kind=_(KIND_WORDS.get(c.kind, c.kind)),
                    attr=attr_short(c.attribute), value=c.value) if c.kind == "enemy" else
                _("{card} ({kind})").format(card=session.name(c.id), kind=_(KIND_WORDS.get(c.kind, c.kind)))
                for c in cards))
        for i, line in enumerate(ui.wrap(texts, words, rect.right - x - 12, ui.SMALL_PX)[:4]):
            _say(view, surface, line, (x, rect.y + 4 + 19 * i), ui.SMALL_PX, ui.TEXT if i == 0 else ui.DIM)
        return
    shown = int(view._reveal / 0.35) + 1  # dice appear one after another
    start = next(e for e in evs if e.kind == "rel.battle")
    v = start.data
    head = _("{player} vs {enemy} — {attr} {player_value} vs {value}").format(
        player=player_label(start.actor), enemy=view.session.name(str(v["enemy"])),
        attr=attr_short(str(v["attribute"])), player_value=v["player_value"], value=v["value"])
    _say(view, surface, ui.ellipsize(texts, head, rect.width - 20, ui.SMALL_PX), (rect.x + 10, rect.y + 4),
         ui.SMALL_PX, ui.ACCENT)
    y = rect.y + 26
    x = rect.x + 10
    enemy = next((e for e in evs if e.kind == "rel.enemy_roll"), None)
    player_rolls = [e for e in evs if e.kind in ("rel.player_roll", "rel.die_changed")]
    score = next((e for e in evs if e.kind == "rel.score"), None)
    result = next((e for e in evs if e.kind == "rel.result"), None)
    budget = [shown]
    x = _chains_row(view, surface, x, y, _("Enemy"), enemy.data["chains"] if enemy else None,
                    (), budget, _("by {player}").format(player=player_label(enemy.actor)) if enemy else "")
    x += 18
    if player_rolls:
        chains, adds = _rebuild_chains(player_rolls)
        x = _chains_row(view, surface, x, y, _("You"), chains, adds, budget, "")
    else:
        x = _chains_row(view, surface, x, y, _("You"), None, (), budget, "")
    odds = view.session.system.battle_odds(st) if st.battle is not None else None
    if score is None and odds is not None and odds.enemy_total is not None and budget[0] > 0:
        e_score = odds.enemy_total + odds.enemy_bonus
        if st.battle is not None and st.battle.player_chains:
            words = _("now {player} : {enemy}").format(player=odds.player_bonus, enemy=e_score)
            note = _("change a die or count") if view.teaching else ""
        else:
            words = f"? : {e_score}"
            note = _("you need {n}+ on your roll to win").format(
                n=e_score - odds.player_bonus + 1) if view.teaching else ""
        surface.blit(texts.render(words, ui.TITLE_PX + 6, ui.ACCENT), (x + 10, y + 2))
        _say(view, surface, ui.ellipsize(texts, note, rect.right - x - 20, ui.SMALL_PX), (x + 10, y + 32),
             ui.SMALL_PX, ui.DIM)
    if score is not None and budget[0] > 0:
        s = score.data
        words = f"{s['player_score']} : {s['enemy_score']}"
        res = result.data["result"] if result else ""
        colour = ui.GOOD if res == "WIN" else ui.DANGER if res == "LOSE" else ui.ACCENT
        res_word = _(RESULT_WORDS[res]) if res in RESULT_WORDS else res
        big = texts.render(words, ui.TITLE_PX + 6, colour)
        surface.blit(big, (x + 10, y + 2))
        detail = _("{result} — you {roll}+{value}{mods}, enemy {enemy_roll}+"
                   "{enemy_value}{enemy_mods}").format(
            result=res_word, roll=s["player_roll"], value=s["player_value"],
            mods=_plus(s["player_modifiers"]), enemy_roll=s["enemy_roll"],
            enemy_value=s["enemy_value"], enemy_mods=_plus(s["enemy_modifiers"]))
        if x + 10 + texts.width(detail, ui.SMALL_PX) > rect.right:
            detail = res_word
        _say(view, surface, detail, (x + 10, y + 32), ui.SMALL_PX, colour)


def _rebuild_chains(rolls: list) -> tuple[tuple, tuple[int, ...]]:  # noqa: ANN001
    """The player's dice after the roll and every change (a re-roll, +1, a set 6)."""
    chains = list(rolls[0].data["chains"])
    adds = [0] * len(chains)
    for e in rolls[1:]:
        i = int(e.data["index"])
        if 0 <= i < len(chains):
            chains[i] = e.data["after"]
            adds[i] = int(e.data.get("added", 0))
    return tuple(chains), tuple(adds)


def _plus(mods) -> str:  # noqa: ANN001
    n = sum(v for _, v in mods or ())
    return f"{n:+d}" if n else ""


def _chains_row(view: RelicPlayView, surface: pygame.Surface, x: int, y: int, who: str,
                chains, adds, budget: list[int], note: str) -> int:  # noqa: ANN001
    texts = view.texts
    x += _say(view, surface, who, (x, y + 14), ui.SMALL_PX, ui.TEXT) + 14  # clear of the first star
    if chains is None:
        pic = texts.render("—", ui.TEXT_PX, ui.DIM)
        surface.blit(pic, (x, y + 12))
        return x + pic.get_width() + 4
    for ci, chain in enumerate(chains):
        for k, face in enumerate(chain):
            if budget[0] <= 0:
                return x
            budget[0] -= 1
            if k:
                pygame.draw.line(surface, BOOM, (x - 8, y + 20), (x - 2, y + 20), 3)
            _die(view, surface, (x, y), face, face == 6 and k < len(chain) - 1 or face == 6)
            x += 44
        add = adds[ci] if ci < len(adds) else 0
        if add:
            pic = texts.render(f"+{add}", ui.TEXT_PX, ui.GOOD)
            surface.blit(pic, (x, y + 10))
            x += pic.get_width() + 6
        x += 8
    total = sum(sum(c) for c in chains) + sum(adds)
    pic = texts.render(f"= {total}", ui.TEXT_PX, ui.TEXT)
    surface.blit(pic, (x, y + 10))
    x += pic.get_width() + 4
    if note:
        x += _say(view, surface, note, (x + 2, y + 12), ui.SMALL_PX, ui.DIM) + 4
    return x


def _say(view: RelicPlayView, surface: pygame.Surface, text: str, pos: tuple[int, int], px: int,
         colour: tuple[int, int, int]) -> int:
    """Words of the tray or a tab, noted for the glossary's tooltips (a term explains itself
    under the pointer, a rule ID links to its rule); returns their width."""
    return draw_text(surface, view.texts, view.spots, text, pos, px, colour)


def _die(view: RelicPlayView, surface: pygame.Surface, at: tuple[int, int], face: int,
         boom: bool) -> None:
    r = pygame.Rect(at[0], at[1], 38, 38)
    if boom:
        pts = []
        for i in range(16):
            a = math.pi * i / 8
            rad = 27 if i % 2 == 0 else 19
            pts.append((r.centerx + rad * math.cos(a), r.centery + rad * math.sin(a)))
        pygame.draw.polygon(surface, BOOM, pts)
    pygame.draw.rect(surface, (246, 242, 232), r, border_radius=6)
    pygame.draw.rect(surface, BOOM if boom else (60, 60, 60), r, 3 if boom else 1, border_radius=6)
    pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}.get(face, [])
    for dx, dy in pips:
        pygame.draw.circle(surface, (200, 40, 30) if boom else (30, 30, 30),
                           (r.centerx + dx * 10, r.centery + dy * 10), 4)


# ---------------------------------------------------------------------- the side panel's tabs
def draw_heroes(view: RelicPlayView, surface: pygame.Surface, body: pygame.Rect) -> None:
    """The Heroes tab: each player's Life, attributes, trophies, mission and wargear, the
    player to act framed."""
    texts = view.texts
    st = view.state
    x, y, w = body.x + 10, body.y + 8, body.width - 20
    for hero in st.heroes:
        colour = view.colours[hero.player]
        box = pygame.Rect(x - 4, y - 2, w + 8, 84 + HERO_LINE)
        if hero.player == st.active_player:
            pygame.draw.rect(surface, ui.ACCENT, box, 2, border_radius=5)
        pygame.draw.rect(surface, colour, (x, y + 2, 8, 76 + HERO_LINE))
        name = f"{player_label(hero.player)} · {view.session.name(hero.character)}"
        if hero.player in view.session.ai_sides:
            name = _("{player} (AI)").format(player=name)
        _say(view, surface, ui.ellipsize(texts, name, w - 16, ui.SMALL_PX), (x + 14, y), ui.SMALL_PX, colour)
        relic = _("RELIC") if hero.relic else _("missions {done}/{needed}").format(
            done=hero.missions_completed, needed=st.cfg.missions_for_relic)
        line1 = _("Life {life}/{max_life}  Str {strength} Wil {willpower} Cun {cunning}  "
                  "Inf {influence}").format(
            life=hero.life, max_life=hero.max_life, strength=hero.strength,
            willpower=hero.willpower, cunning=hero.cunning, influence=hero.influence)
        trophies = ", ".join(f"{attr_short(a)} {hero.trophy_value(a)}" for a in ATTRIBUTES
                             if hero.trophy_value(a)) or _("none yet")
        line2 = _("Trophies {n}: {values}  · {relic}").format(
            n=len(hero.trophies), values=trophies, relic=relic)
        gear = ", ".join(view.session.name(i.id) for i in hero.items) or _("no wargear")
        line3 = _("Mission: {mission}").format(
            mission=view.session.name(hero.mission) if hero.mission else "—")
        line4 = _("power cards: {n} · {gear}").format(n=len(hero.hand), gear=gear)
        for i, line in enumerate((line1, line2, line3, line4)):
            ink = ui.GOOD if i == 1 and hero.relic else ui.TEXT if i == 0 else ui.DIM
            if i == 0 and hero.life <= 1:
                ink = ui.DANGER
            _say(view, surface, ui.ellipsize(texts, line, w - 16, ui.SMALL_PX), (x + 14, y + 20 + HERO_LINE * i),
                 ui.SMALL_PX, ink)
        y += 90 + HERO_LINE


def draw_odds(view: RelicPlayView, surface: pygame.Surface, body: pygame.Rect) -> None:
    """The Odds tab: the exact odds of the pending battle (with the preparation under the
    pointer, if any), as words and a bar."""
    texts = view.texts
    st = view.state
    odds, what = view.odds()
    if odds is None:
        draw_lines(texts, surface, body, [(_("Odds: no battle pending"), ui.DIM)])
        return
    b = st.battle
    chances = dict(win=odds.p_win, tie=odds.p_tie, lose=odds.p_lose, what=what)
    if b is not None and b.player_chains:
        words = _("Odds (exact, with explosions) if the scores are counted now: win {win:.1%} · "
                  "tie {tie:.1%} · lose {lose:.1%}").format(**chances)
    elif what:
        words = _("Odds (exact, with explosions, {what}): win {win:.1%} · tie {tie:.1%} · "
                  "lose {lose:.1%}").format(**chances)
    else:
        words = _("Odds (exact, with explosions): win {win:.1%} · tie {tie:.1%} · "
                  "lose {lose:.1%}").format(**chances)
    lines = [(words, ui.ACCENT)]
    if odds.error_bound > 1e-9:
        lines.append((_("Each chance is exact to within {error:.1e}.").format(
            error=odds.error_bound), ui.DIM))
    y = draw_lines(texts, surface, body, lines)
    x, w = body.x + 10, body.width - 20
    bar = pygame.Rect(x, y + 2, w, 10)
    pw, pt = round(w * odds.p_win), round(w * odds.p_tie)
    pygame.draw.rect(surface, ui.DANGER, bar)
    pygame.draw.rect(surface, ui.GOOD, (bar.x, bar.y, pw, bar.h))
    pygame.draw.rect(surface, ui.ACCENT, (bar.x + pw, bar.y, pt, bar.h))
