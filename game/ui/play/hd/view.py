"""The Helldorado play screen: hot-seat (or against the AI) on the table of a map.

Click a unit of the side to play to select it: its sight lines to every enemy show, with the
distance, range band, difficulty and cover fraction of each, and the targets the nearest-target
rule allows in green. Drag from it to move (a retreat when engaged); the action bar lists what the
rules allow (keys 1-9). A template follows the mouse (Q/E or the wheel turn it; click lays it); an
explosion follows the mouse to its point. The dice tray shows the attack sequence with re-rolls;
the Log tab explains every event with its rules. Tab the next unit, Space hurries the AI; the
shell (``shell.py``) has the keys every screen shares (Esc the menu, F1 help, Ctrl+Z/Y/S/O).

Drawing is in ``hd/paint.py``. The top bar's buttons, the side panel's tabs and the action bar are
pygame_gui widgets in one ``Gui`` (``bars_gui``), fed every event and drawn once after the
chrome, so that a tooltip lies over the table and the panels (a card lies over the tooltips).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
from shapely.geometry import Point

from game.board.model import Board
from game.i18n import N_, _, language
from game.rules.engine import IllegalCommand
from game.rules.helldorado.commands import Activate, Blast, Move, Retreat, ShootAt
from game.rules.helldorado.spatial import angle_to
from game.rules.helldorado.state import HDState
from game.ui.colours import NO_SIDE, RGB
from game.ui.play import user_dirs
from game.ui.play.action_bar import ActionBar
from game.ui.play.action_menu import ActionMenu
from game.ui.play.choices import Choice, Group
from game.ui.play.hd import odds_tab, table_input
from game.ui.play.hd import paint as hd_paint
from game.ui.play.hd.overlay import SightPicture, TemplatePicture, sight_picture, template_picture
from game.ui.play.hd.session import HDSession, Tool, new_hd_match
from game.ui.play.hd.tray import HDRow, HDTray
from game.ui.play.match_session import Submitted
from game.ui.play.shell import PlayShell
from game.ui.play.side_panel import CARD, LINE_H, ODDS, PanelTab
from game.ui.play.widgets import DANGER, TEXT
from game.ui.view import ViewAction

AI_PACE_S = 0.6
TRAY_H = 130
HELP = (N_("Click a unit of the side to play: its sight lines, range bands and cover show."),
        N_("Drag from it to move (to retreat when engaged). The action bar (1-9) lists what the "
           "rules allow; a template follows the mouse (Q/E or the wheel turn it), a click lays it."),
        N_("Tab selects the next unit; Space ends the activation (or hurries the AI); a "
           "right-click on a unit lists all its actions."))
#: the side panel's tabs' tooltips (after the shell's Log): the targets' odds, the unit
ODDS_TIP = N_("The sight lines of the selected unit to every enemy: distance, range band, "
              "difficulty and cover; or what the template being laid catches.")
CARD_TIP = N_("The card of the unit under the pointer or selected: profile, life points, "
              "weapons.")


class HDPlayView(PlayShell[HDState]):
    help_lines = HELP
    odds_tab, card_tab = (N_("Odds"), ODDS_TIP), (N_("Unit"), CARD_TIP)
    draw_odds, draw_card = hd_paint.draw_odds_tab, hd_paint.draw_unit
    ai_pace_s = AI_PACE_S
    #: a taller dice tray (the attack sequence needs rows), beside the table on a wide window
    tray_h, bars_beside = TRAY_H, True

    def build(self) -> None:
        self.action_bar = ActionBar(self.texts, self.bars_gui)
        self.tray = HDTray(self.texts)

    # ------------------------------------------------------------------ the session
    def _use(self, session: HDSession) -> None:
        self._start(session)
        self.selected = ""
        self.hover = ""
        self.hover_piece = ""  #: the terrain piece under the pointer (outlined, named, its height)
        self.cursor: tuple[int, int] | None = None
        self.drag_from: tuple[int, int] | None = None
        self.drag_to: tuple[float, float] | None = None  #: fathoms
        self.tool: Tool | None = None
        self.tool_angle = 0.0
        self.tool_point = (0.0, 0.0)
        #: a template or an explosion that catches nobody was laid once: the next lay spends it
        self.confirm_empty = False
        #: a press on a unit that may not move now (its id and where): the drag says why
        self.refused_drag: tuple[str, tuple[int, int]] | None = None
        #: the action menu a right-click on a unit opened
        self.menu: ActionMenu | None = None
        self._cache: dict[str, tuple[object, Any]] = {}
        #: the Odds tab scrolled down by (pixels), and how tall its words were last drawn
        self.odds_scroll = 0
        self.odds_height = self.odds_shown_h = 0
        #: per change of the match: the units' acting states, the odds of the commands asked
        self._acting: tuple[object, dict[str, HDState | None]] = (None, {})
        self._odds: tuple[object, dict[tuple[Any, bool, str], Any]] = (None, {})
        self.hot: Choice | None = None
        self.after_change()

    @property
    def names(self) -> Any:
        return self.session.names

    @property
    def k(self) -> float:
        return self.state.cfg.fathom_mm

    @property
    def unit_mm(self) -> float:
        """The game's coordinates are fathoms."""
        return self.k

    def side_name(self, side: str) -> str:
        return str(self.names.side(side))

    def over(self) -> bool:
        return bool(self.state.over)

    def memo(self, name: str, key: object, make: Callable[[], Any]) -> Any:
        """``make()`` worked out again only when ``key`` changed since the last call."""
        got = self._cache.get(name)
        if got is None or got[0] != key:
            got = (key, make())
            self._cache[name] = got
        return got[1]

    def after_change(self) -> None:
        """The active unit selected, else the first ready one (a selection gone is dropped)."""
        st = self.state
        if st.activation is not None and self.human_to_play():
            self.selected = st.activation.unit
        elif self.selected and not (st.has_unit(self.selected) and st.unit(self.selected).alive):
            self.selected = ""
        if not self.selected and self.human_to_play() and st.pending is None and not st.over:
            ready = st.ready(st.turn)
            self.selected = ready[0].id if ready else ""

    # ------------------------------------------------------------------ pictures
    def sight(self) -> SightPicture | None:
        uid = self.hover if self.hover and self.state.has_unit(self.hover) \
            and self.state.unit(self.hover).alive else self.selected
        if self.tool is not None:
            uid = self.tool.unit
        if not uid or not self.state.has_unit(uid) or not self.state.unit(uid).alive:
            return None
        return self.memo("sight", (id(self.session), self.session.revision, uid, language()),
                         lambda: sight_picture(self.session.system, self.state, uid, self.names,
                                               self.session.teaching))

    def template(self) -> TemplatePicture | None:
        tool = self.tool
        if tool is None:
            return None
        st = self.acting(tool.unit)
        if st is None:
            return None
        key = (id(self.session), self.session.revision, tool, round(self.tool_angle, 1),
               (round(self.tool_point[0], 2), round(self.tool_point[1], 2)), language())
        return self.memo("template", key, lambda: template_picture(
            self.session.system, st, tool.unit, tool.weapon, self.tool_angle, self.tool_point,
            self.names))

    def groups(self) -> list[Group]:
        if not self.human_to_play() or self.card is not None:
            return []
        tpl = self.template()
        if self.tool is not None and self.confirm_empty and tpl is not None and not tpl.caught:
            return [Group("tool", _("Nobody caught"), (Choice(_("Lay it anyway"), "lay!", "tool"),
                                                       Choice(_("Aim again"), "aim", "tool"),
                                                       Choice(_("Cancel"), None, "tool")))]
        if self.tool is not None:
            lay = odds_tab.lay_label(self.tool_odds(), len(tpl.caught) if tpl is not None else 0)
            return [Group("tool", _("Template"), (Choice(lay, "lay", "tool"),
                                                  Choice(_("Cancel"), None, "tool")))]
        key = (id(self.session), self.session.revision, self.selected, language())
        return self.memo("groups", key, lambda: odds_tab.with_chances(
            self.session.choices(self.selected), self.session.system,
            self.acting(self.selected), self.state))

    # ------------------------------------------------------------------ odds
    def panel_tabs(self) -> list[PanelTab]:
        """The shell's Odds and Unit tabs, the Odds scrolled by the wheel."""
        return [PanelTab(ODDS, *self.odds_tab, self.draw_odds, wheel=self.scroll_odds),
                PanelTab(CARD, *self.card_tab, self.draw_card)]

    def odds_rules(self) -> tuple[str, ...]:
        """The rules the Odds tab's numbers come from, for the shell's footer that links to
        them: those the odds on show applied (a re-roll: HD-MELEE-9, HD-0-6), else none."""
        subject = self.odds_subject()
        if subject is None:
            return ()
        return tuple(getattr(subject[2], "rules", odds_tab.REROLL_RULES))

    def scroll_odds(self, notches: float, body: pygame.Rect) -> None:
        """The wheel over the Odds tab: down its words, as far as the last one shows (in the
        body it was drawn in, which a footer may shorten)."""
        most = max(0, self.odds_height - min(body.height, self.odds_shown_h or body.height))
        self.odds_scroll = max(0, min(most, round(self.odds_scroll - notches * 3 * LINE_H)))

    def tool_command(self) -> Blast | ShootAt | None:
        """The command the template in hand would give, as it is aimed now."""
        tool = self.tool
        if tool is None:
            return None
        if tool.kind == "template":
            return Blast(tool.unit, tool.weapon, round(self.tool_angle % 360.0, 3))
        return ShootAt(tool.unit, tool.weapon, round(self.tool_point[0], 4),
                       round(self.tool_point[1], 4))

    def acting(self, unit_id: str) -> HDState | None:
        """The state in which ``unit_id`` is active (``HDSession.acting_state``), once per
        change of the match."""
        key = (id(self.session), self.session.revision)
        if self._acting[0] != key:
            self._acting = (key, {})
        found = self._acting[1]
        if unit_id not in found:
            found[unit_id] = self.session.acting_state(unit_id)
        return found[unit_id]

    def odds(self, command: Any, pending: bool, unit: str) -> Any:
        """The exact odds of ``command`` (an answer to the pending choice, or an action of
        ``unit``), worked out once per change of the match."""
        key = (id(self.session), self.session.revision)
        if self._odds[0] != key:
            self._odds = (key, {})
        found = self._odds[1]
        if (command, pending, unit) not in found:
            st = self.state if pending else self.acting(unit)
            found[command, pending, unit] = None if st is None else (
                st, odds_tab.odds_of(self.session.system, st, command))
            if len(found) > 256:  # a template swept round: only the latest aims are kept
                del found[next(iter(found))]
        return found[command, pending, unit]

    def tool_odds(self) -> Any:
        cmd = self.tool_command()
        got = self.odds(cmd, False, self.tool.unit) if cmd is not None and self.tool else None
        return got[1] if got is not None else None

    def odds_subject(self) -> tuple[Any, HDState, Any] | None:
        """What the Odds tab shows (command, state, odds): the action under the pointer in the
        bar, else the template in hand, else the attack on the enemy under the pointer, else
        the first roll on offer (a pending choice's, or the selected unit's)."""
        hot = self.hot
        if hot is not None and hot.command is not None:
            got = self._subject(self.tool_command() if hot.command == "lay" else hot.command,
                                hot.group)
            if got is not None:
                return got
        if self.tool is not None:
            cmd = self.tool_command()
            return self._subject(cmd, "tool") if cmd is not None else None
        offered = [c for g in self.groups() for c in g.choices if c.command is not None]
        on_hover = [c for c in offered if self.hover and getattr(c.command, "target", "") == self.hover]
        for c in on_hover + offered:
            got = self._subject(c.command, c.group)
            if got is not None:
                return got
        return None

    def _subject(self, command: Any, group: str) -> tuple[Any, HDState, Any] | None:
        if command is None or isinstance(command, str | Tool):
            return None
        unit = self.tool.unit if group == "tool" and self.tool is not None else self.selected
        got = self.odds(command, group in ("pending", "vae"), unit)
        if got is None or got[1] is None:
            return None
        return command, got[0], got[1]

    # ------------------------------------------------------------------ words
    def hint(self) -> str:
        """The status line: in teaching mode what the player can do now; in strict mode only
        whose turn it is."""
        st = self.state
        if st.over:
            return _("The game is over: Esc for the menu.")
        side = self.session.to_play() or ""
        who = self.names.side(side)
        if not self.human_to_play():
            return _("{side} (AI) is playing... Space hurries it.").format(side=who)
        if not self.session.teaching:
            return _("{side} to play.").format(side=who)
        if st.pending is not None:
            return _("{side}: answer the choice of the attack sequence.").format(side=who)
        if self.tool is not None:
            return _("Move the mouse to aim, Q/E or the wheel to turn, click to lay, Esc to cancel.")
        if st.activation is None:
            return _("{side}: pick a unit to activate (click it or Tab), then drag it or pick an "
                     "action.").format(side=who)
        return _("{side}: drag {unit} to move, or pick an action.").format(
            side=who, unit=self.names.of(st.activation.unit))

    def status_line(self) -> tuple[str, RGB]:
        """The message, else the question of a template that catches nobody, else what the
        template being laid catches, else the hint."""
        tpl = self.template()
        if tpl is not None and not self.message_showing:
            if self.confirm_empty and not tpl.caught:
                return self.empty_question(), DANGER
            return tpl.words, TEXT
        return super().status_line()

    def empty_question(self) -> str:
        """What laying a template (or firing an explosion) that catches nobody would do, and
        how to go on (HD-TMPL-3, HD-EXPL-6: who is caught; HD-HOUSE-6: the action ends the
        activation)."""
        tool = self.tool
        unit = self.names.of(tool.unit) if tool is not None else ""
        if tool is not None and tool.kind == "explosion":
            return _("The blast would catch nobody (HD-EXPL-6), yet firing ends {unit}'s "
                     "activation (HD-HOUSE-6): click or Enter again to fire, Esc to aim "
                     "again.").format(unit=unit)
        return _("Nobody is under the template (HD-TMPL-3), yet laying it ends {unit}'s "
                 "activation (HD-HOUSE-6): click or Enter again to lay it, Esc to aim "
                 "again.").format(unit=unit)

    def why_not_move(self, unit_id: str) -> str:
        """Why a unit may not be moved now, in words with the rule (the rules' own refusal of
        its activation, HD-HOUSE-3)."""
        st = self.state
        name = self.names.of(unit_id)
        if not st.over and not self.human_to_play():
            return _("{side} (AI) is playing... Space hurries it.").format(
                side=self.names.side(self.session.to_play() or ""))
        try:  # the game over, a choice waiting, another unit active, the other side's turn...
            self.session.system.check(st, Activate(unit_id))
        except IllegalCommand as exc:
            reason = self.session.refusal(exc)
            return _("{unit} cannot move: {reason}").format(unit=name, reason=reason) \
                if unit_id else reason
        return ""

    def end_parts(self) -> tuple[str, RGB | None, list[str]]:
        st = self.state
        winners = st.winners
        title = (_("{side} win!").format(side=self.names.side(winners[0])) if len(winners) == 1
                 else _("A draw"))
        colour = self.colours.get(winners[0], NO_SIDE) if len(winners) == 1 else None
        score = ", ".join(f"{self.names.side(s)} {v}" for s, v in st.tally)
        return title, colour, [self.end_reason(), _("Points: {score}.").format(score=score),
                               _("Commands: {n}; rounds: {r}.").format(
                                   n=len(self.session.match.steps), r=st.round)]

    def end_reason(self) -> str:
        """Why the game ended (HD-HOUSE-11), in the current language."""
        st = self.state
        gone = [s for s in st.sides if not st.alive(s)]
        if gone:
            return _("{sides} wiped out (HD-HOUSE-11)").format(
                sides=", ".join(self.names.side(s) for s in gone))
        score = ", ".join(_("{side}: {n}").format(side=self.names.side(s), n=st.score(s))
                          for s in st.sides)
        return _("After {n} rounds: {score} (HD-HOUSE-11)").format(n=st.round, score=score)

    # ------------------------------------------------------------------ doing things
    def show_result(self, result: Any) -> None:
        self.tool, self.confirm_empty = None, False
        super().show_result(result)

    def drop_hand(self) -> None:
        self.tool, self.confirm_empty = None, False

    def cancel(self) -> bool:
        """Esc: the action menu, the question of a template on nobody (back to aiming), else
        the template or the drag in hand."""
        if self.menu is not None:
            self.menu = None
            return True
        if self.confirm_empty:
            self.confirm_empty = False
            return True
        if self.tool is None and self.drag_from is None:
            return False
        self.tool, self.drag_from, self.drag_to = None, None, None
        return True

    def choose(self, choice: Choice) -> None:
        cmd = choice.command
        if cmd is None:
            self.tool, self.confirm_empty = None, False
            return
        if cmd in ("lay", "lay!"):
            self.lay_tool(confirmed=cmd == "lay!")
            return
        if cmd == "aim":
            self.confirm_empty = False
            return
        if isinstance(cmd, Tool):
            self.tool, self.confirm_empty = cmd, False
            u = self.state.unit(cmd.unit)
            enemies = self.state.alive(self.state.other_side(u.side))
            if enemies:
                near = min(enemies, key=lambda e: math.hypot(e.x - u.x, e.y - u.y))
                self.tool_angle = angle_to(u, near)
                self.tool_point = (near.x, near.y)
            return
        unit = getattr(cmd, "unit", "")
        if self.state.pending is None and unit:
            self.submit(*self.session.prefix(unit), cmd)
        else:
            self.submit(cmd)

    def lay_tool(self, confirmed: bool = False) -> None:
        """Lay the template (fire the explosion) as aimed; one the rules allow that catches
        nobody asks first (``confirm_empty``), and the next lay spends it."""
        tool = self.tool
        if tool is None:
            return
        tpl = self.template()
        if tpl is not None and tpl.ok and not tpl.caught and not (confirmed or self.confirm_empty):
            self.confirm_empty = True
            self.say(self.empty_question(), DANGER)
            return
        cmd = self.tool_command()
        if cmd is not None:
            self.submit(*self.session.prefix(tool.unit), cmd)

    def move_to(self, unit_id: str, target: tuple[float, float]) -> Submitted[HDState] | None:
        """A drag's end: a straight move (or retreat) towards ``target`` (fathoms), as far as
        the movement left allows."""
        acting = self.session.acting_state(unit_id)
        if acting is None:
            return None
        u = acting.unit(unit_id)
        length = math.hypot(target[0] - u.x, target[1] - u.y)
        left = self.session.system.remaining(acting, u)
        length = min(length, left)
        if length <= 0.02:
            self.say(_("No movement left.") if left <= 0.02 else _("Drag further to move."), DANGER)
            return None
        angle = angle_to(u, target)
        kind = Retreat if self.session.system.engaged(acting, u) else Move
        return self.submit(*self.session.prefix(unit_id), kind(unit_id, angle, round(length, 3)))

    def build_widgets(self) -> None:
        lay = self.layout
        self.action_bar.set(lay.actions, self.groups(), self.hint(), lay.size)

    def piece_at(self, pos: tuple[int, int]) -> str:
        """The terrain piece under ``pos`` (the highest where pieces stack), "" for none."""
        x, y = self.world_at(pos)
        index = self.session.system.table_of(self.state).index
        hits = [index.solids[int(i)] for i in index.query(Point(x, y))]
        return max(hits, key=lambda s: s.top).id if hits else ""

    def unit_at(self, pos: tuple[int, int]) -> str:
        x, y = self.world_at(pos)
        best, best_d = "", math.inf
        for u in self.state.alive():
            d = math.hypot(u.x - x, u.y - y)
            if d <= u.radius * 1.2 and d < best_d:
                best, best_d = u.id, d
        return best

    # ------------------------------------------------------------------ events
    # (what each key and each press does, and why one does nothing: ``table_input.py``)
    def bars_pressed(self) -> None:
        """Do what the action bar's buttons were pressed for."""
        for choice in self.action_bar.take():
            self.choose(choice)

    def feed_bars(self, event: pygame.event.Event) -> bool:
        """The bars' widgets get the events while no action menu is open (and the moves); a
        press outside the open menu closes it and then does what it does without it."""
        if self.menu is not None and event.type == pygame.MOUSEBUTTONDOWN \
                and not self.menu.rect.collidepoint(getattr(event, "pos", (-1, -1))):
            self.menu, self.hot = None, None
        if self.menu is None or event.type == pygame.MOUSEMOTION:
            return super().feed_bars(event)
        return False

    def key_down(self, event: pygame.event.Event) -> ViewAction | None:
        """The action menu takes the keys while it is open."""
        if self.menu is not None and table_input.menu_event(self, event) is not None:
            return None
        return super().key_down(event)

    def panel_event(self, event: pygame.event.Event) -> bool:
        return self.menu is None and super().panel_event(event)

    def game_key(self, event: pygame.event.Event) -> ViewAction | None:
        if not table_input.game_key(self, event):
            return super().game_key(event)
        return None

    def number_key(self, n: int) -> None:
        table_input.number_key(self, n)

    def table_event(self, event: pygame.event.Event) -> None:
        table_input.table_event(self, event)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.menu = None

    # ------------------------------------------------------------------ drawing
    def paint(self, surface: pygame.Surface) -> None:
        hd_paint.draw(self, surface)


def make_hd_view(board_path: Path, size: tuple[int, int], ai_sides: tuple[str, ...] | list[str] = (),
                 *, board: Board | None = None, image_loader: Callable[..., Any] | None = None,
                 save_dir: Path | None = None, seed: int | None = None,
                 options: dict[str, Any] | None = None, mode: str = "teaching") -> HDPlayView:
    """The Helldorado play screen for a map (``app.py`` wires it like the One for All one);
    ``mode``: "teaching" (hints, undo of rolls) or "strict"."""
    from game.ui.images import play_board

    board_path = Path(board_path)
    board, image_loader = play_board(board_path, board, image_loader)
    saves = save_dir if save_dir is not None else user_dirs.saves_dir()
    match = new_hd_match(board_path, seed,
                         autosave=user_dirs.autosave_path(saves, board_path.name), options=options,
                         mode=mode)
    session = HDSession(match, ai_sides=[s for s in ai_sides if s in match.state.sides])
    return HDPlayView(session, board, size, image_loader=image_loader, save_dir=saves)


__all__ = ["HDPlayView", "HDRow", "make_hd_view"]
