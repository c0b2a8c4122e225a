"""Cards a mouse carries: what may be equipped together (MM-EQUIP-4), the pack limit
(MM-EQUIP-2/3) and how much a card is worth to keep (the AI's and the campaign's default).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.rules.engine import Event
from game.rules.mice_and_mystics import cards
from game.rules.mice_and_mystics.state import MMState, Mouse, Pending

SLOTS = ("head", "body", "accessory")
PAWS = 2  #: MM-EQUIP-4


def slots_ok(equipped: tuple[str, ...]) -> str:
    """MM-EQUIP-4: why this set cannot be equipped together, or ""."""
    return slots_refusal(equipped)[0]


def slots_refusal(equipped: tuple[str, ...]) -> tuple[str, str, dict[str, Any]]:
    """MM-EQUIP-4: why this set cannot be equipped together (the English reason, the message key,
    its values: card ids, the slot, numbers), or ("", "", {})."""
    paws = 0
    used: dict[str, str] = {}
    for c in equipped:
        card = cards.item(c)
        slot = card.get("slot")
        if slot is None and not card.get("paws"):
            return f"{c} cannot be equipped (a card to use, not to wear)", "mm.equip.not_wearable", {"card": c}
        paws += int(card.get("paws", 0))
        if slot:
            if slot in used:
                return (f"{c} and {used[slot]} both need the {slot} slot", "mm.equip.same_slot",
                        {"card": c, "other": used[slot], "slot": slot})
            used[slot] = c
    if paws > PAWS:
        return f"these need {paws} paws; a mouse has {PAWS}", "mm.equip.too_many_paws", {"paws": paws, "most": PAWS}
    return "", "", {}


def pack_count(state: MMState, m: Mouse) -> int:
    """MM-EQUIP-2/3: the cards in the pack that count towards its limit."""
    exempt = state.cfg.pack_limit_exempt
    return sum(1 for c in m.pack if cards.item(c).get("type") not in exempt)


def overflow(state: MMState, mouse_id: str, events: list[Event]) -> MMState:
    """MM-EQUIP-3: a pack over its limit must be cut down at once."""
    m = state.mouse(mouse_id)
    over = pack_count(state, m) - state.cfg.pack_limit
    if over > 0 and not any(p.kind == "discard" and p.mouse == m.id for p in state.pending):
        events.append(Event.of("mm.pack_full", ["MM-EQUIP-2", "MM-EQUIP-3"], m.id, over=over))
        state = replace(state, pending=state.pending + (Pending("discard", m.id),))
    return state


def card_value(card: str) -> float:
    """How much a card is worth keeping: weapons by their bonus, others by what they add."""
    c = cards.item(card)
    if c.get("type") == "weapon":
        return 3.0 * (1 + int(c.get("bonus", 0)))
    return 2.0 * int(c.get("defence", 0)) + 2.0 * int(c.get("battle", 0)) + (1.5 if "use" in c else 0.5)
