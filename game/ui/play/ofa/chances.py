"""The chance of success on One for All's action buttons (issue 17: "every game's action buttons
that lead to a roll show the chance of success"): an attack, an insult, a throw or a duel is an
opposed roll, and its button says the exact chance that the active figure wins it ("Lunge at
Rochefort — 58%"; against several targets, the lowest and the highest). Any other action is
done whatever the dice say, and its roll only decides whether the side keeps the initiative (a
1 passes it, OFA-3A.1): its button says that chance ("Dodge the table — keeps the initiative
83%"). The odds are the Odds tab's (``roll_odds.preview_roll``), worked out once per set of
choices."""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import _
from game.rules.one_for_all.state import OFAState
from game.ui.play.choices import Choice, Group
from game.ui.play.ofa.names import Names
from game.ui.play.ofa.roll_odds import preview_roll

#: the last groups given their chances: (the groups, the groups with their chances)
_last: list[tuple[Sequence[Group], list[Group]]] = []


def chance_words(state: OFAState, command: object, names: Names) -> str:
    """"58%" (or "41–58%" against several), "keeps the initiative 83%" for an action no one
    opposes, "" for a command that rolls nothing."""
    preview = preview_roll(state, command, names) if command is not None else None
    if preview is None:
        return ""
    if not preview.opposed:
        return _("keeps the initiative {pct}%").format(pct=round((1 - preview.p_one) * 100))
    wins = sorted(o.odds.p_attacker_wins * 100 for o in preview.opposed)
    low, high = round(wins[0]), round(wins[-1])
    return f"{low}%" if low == high else f"{low}–{high}%"


def with_chances(groups: Sequence[Group], state: OFAState, names: Names) -> list[Group]:
    """``groups`` with each opposed roll's chance to win on its button (kept for the same
    groups: the options are worked out once per change)."""
    if _last and _last[0][0] is groups:
        return _last[0][1]
    out = []
    for group in groups:
        choices = []
        for c in group.choices:
            pct = chance_words(state, c.command, names)
            label = _("{action} — {pct}").format(action=c.label, pct=pct) if pct else c.label
            choices.append(Choice(label, c.command, c.group, c.chain_from))
        out.append(Group(group.key, group.title, tuple(choices)))
    _last[:] = [(groups, out)]
    return out
