"""The cards' choices: the game menu, the end of the game, help; and the AI's label."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _, language, save_language
from game.rules.one_for_all.explain import end_reason
from game.ui.colours import NO_SIDE
from game.ui.play import user_dirs
from game.ui.play.end_screen import end_card
from game.ui.play.game_menu import help_card, menu_card
from game.ui.play.resume import resume_card
from game.ui.view import Quit, ViewAction

if TYPE_CHECKING:
    from game.ui.play.ofa_view import OFAPlayView


def ai_label(view: OFAPlayView) -> str:
    ai = view.session.ai_sides
    return ", ".join(view.names.side(s) for s in sorted(ai)) if ai else _("nobody (hot-seat)")


def open_end(view: OFAPlayView) -> None:
    st = view.state
    outcome = view.session.match.outcome()
    reason = end_reason(outcome.reason) if outcome else ""
    ok, _why = view.session.can_undo()
    view.card = end_card(view.texts, view.names.side(st.winner),
                         view.colours.get(st.winner, NO_SIDE), reason,
                         len(view.session.match.steps), st.turn, ok)
    view.card_kind = "end"


def open_menu_card(view: OFAPlayView) -> None:
    folder, map_name = view.save_dir, view.session.match.setup.map
    auto = view.session.match.autosave_path
    view.card = menu_card(
        view.texts, can_undo=view.session.can_undo()[0], can_redo=view.session.can_redo(),
        has_save=user_dirs.quick_save_path(folder, map_name).is_file(),
        has_autosave=auto is not None and auto.is_file(), ai_label=ai_label(view),
        handover=view.handover_on, lang=language())
    view.card_kind = "menu"


def open_resume_card(view: OFAPlayView, commands: int) -> None:
    """After a crash (or any exit), offer to go on from the autosave; the new game only
    overwrites it with its first command."""
    view.card = resume_card(view.texts, commands)
    view.card_kind = "resume"


def switch_language(view: OFAPlayView) -> None:
    """The menu's language item: the other language for the whole program, remembered between
    runs (the screen's pictures are redrawn in it)."""
    save_language("ru" if language() == "en" else "en")
    view.message = ""


def card_action(view: OFAPlayView, key: str) -> ViewAction | None:
    kind = view.card_kind
    view.card, view.card_kind = None, ""
    if key == "quit":
        return Quit()
    if key == "undo":
        view.undo()
    elif key == "redo":
        view.redo()
    elif key == "save":
        view.save()
    elif key == "load":
        view.load()
    elif key == "autosave" and view.session.match.autosave_path is not None:
        view.load(view.session.match.autosave_path)
    elif key == "new":
        view.new_game()
    elif key == "help":
        view.card, view.card_kind = help_card(view.texts), "help"
    elif key in ("ai", "handover", "lang"):
        if key == "ai":
            view.say(_("AI plays: {who}").format(who=view.cycle_ai()))
        elif key == "handover":
            view.handover_on = not view.handover_on
        else:
            switch_language(view)
        open_menu_card(view)
    elif key == "look" and kind == "end":
        view.say(_("The game is over. Esc opens the menu for a new game."))
    return None
