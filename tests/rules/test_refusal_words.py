"""Every refusal the rule systems raise can be said in English and Russian: each message key has a
message whose fields are exactly the params raised with it, in both languages; and the one path
from a refusal to words (``game.rules.engine.words``) shows names, translates, and falls back to
the English reason instead of failing."""

from __future__ import annotations

import pytest

from game.i18n import catalog, placeholders, set_language
from game.rules.engine import IllegalCommand
from game.rules.engine.words import ENGINE, Refusals, refusal, sentence
from game.rules.helldorado.refusals import REFUSALS as HD
from game.rules.mice_and_mystics.refusals import REFUSALS as MM
from game.rules.one_for_all.refusals import REFUSALS as OFA
from game.rules.relic.refusals import REFUSALS as RELIC
from tests.rules.refusal_keys import raised

SYSTEMS = {"one_for_all": OFA, "helldorado": HD, "relic": RELIC, "mice_and_mystics": MM}
#: the helpers that raise what a check returned them, ``(reason, key, params)`` or a verdict
#: (their keys are read where the tuple or the verdict is made)
FORWARDERS = {"helldorado": {"movement.py:_climb_spot", "choices.py:check_reroll"},
              "mice_and_mystics": {"moves.py:_refused", "free_actions.py:check_equip"}}


@pytest.fixture(autouse=True)
def _english() -> object:
    yield
    set_language("en")


@pytest.mark.parametrize("package", sorted(SYSTEMS))
def test_every_key_raised_has_a_message_with_its_params(package: str) -> None:
    found = raised(package)
    assert found.unread == FORWARDERS.get(package, set()), "a refusal whose key cannot be read"
    messages = SYSTEMS[package].messages
    assert found.keys
    missing = sorted(k for k in found.keys if k not in messages)
    assert not missing, f"keys without a message: {missing}"
    for key, raisings in found.keys.items():
        for params, where in raisings.items():
            assert placeholders(messages[key]) == sorted(params), (key, where, messages[key])


@pytest.mark.parametrize("package", sorted(SYSTEMS))
def test_every_message_is_of_a_key_raised(package: str) -> None:
    assert set(SYSTEMS[package].messages) == set(raised(package).keys)


@pytest.mark.parametrize("refusals", [ENGINE, OFA, HD, RELIC, MM], ids=["engine", *SYSTEMS])
def test_every_message_is_in_english_and_russian_with_the_same_fields(refusals: Refusals) -> None:
    en, ru = catalog("en"), catalog("ru")
    for key, template in refusals.messages.items():
        assert en.get(template) == template, key
        assert ru.get(template) and ru[template] != template, (key, template)
        assert placeholders(ru[template]) == placeholders(template), (key, ru[template])
    for param, words in refusals.words.items():
        for value, word in words.items():
            assert ru.get(word) and ru[word] != word, (param, value, word)


def test_a_keys_prefix_names_its_system() -> None:
    for prefix, refusals in (("ofa.", OFA), ("hd.", HD), ("relic.", RELIC), ("mm.", MM), ("engine.", ENGINE)):
        assert all(k.startswith(prefix) for k in refusals.messages)


# ---------------------------------------------------------------------- the words
def test_ids_become_names_words_are_translated_and_the_rule_comes_last() -> None:
    exc = IllegalCommand("OFA-2A.2", "kick cannot be done with 3", key="ofa.act.cannot",
                         params={"kind": "kick", "object": "3"})
    names = {"3": "the crate"}.get
    assert refusal(exc, OFA, name=lambda i: names(i) or i, lang="en") == \
        "kick cannot be done with the crate (OFA-2A.2)"
    names_ru = {"3": "ящик"}.get
    text = refusal(exc, OFA, name=lambda i: names_ru(i) or i, lang="ru")
    assert text == "действие «пинок» нельзя сделать с предметом «ящик» (OFA-2A.2)"


def test_lists_and_numbers() -> None:
    exc = IllegalCommand("HD-HOUSE-4", "Malakh has 1.20 f of movement left", key="hd.move.too_far",
                         params={"unit": "malakh", "left": 1.2})
    assert sentence(exc, HD, name=str.title, lang="ru") == "Malakh: осталось 1.20 с. движения"
    exc = IllegalCommand("HD-TMPL-12", "order exactly these units: a, b", key="hd.choice.order",
                         params={"units": ("a", "b")})
    assert sentence(exc, HD, name=str.upper, lang="en") == "order exactly these units: A, B"


def test_an_unknown_key_or_a_bad_fit_reads_as_the_english_reason() -> None:
    plain = IllegalCommand("UNDO", "nothing to undo")
    assert refusal(plain, OFA, lang="ru") == "nothing to undo (UNDO)"
    odd = IllegalCommand("X-1", "the reason", key="ofa.no_such_key")
    assert sentence(odd, OFA, lang="ru") == "the reason"
    short = IllegalCommand("OFA-2A.2", "the reason", key="ofa.act.cannot", params={"kind": "kick"})
    assert sentence(short, OFA, lang="ru") == "the reason"  # a field without its param


def test_the_engines_own_refusal_reads_in_every_system() -> None:
    exc = IllegalCommand("HD-HOUSE-3", "Stop is not a Helldorado command", key="engine.unknown_command",
                         params={"command": "Stop", "system": "Helldorado"})
    assert sentence(exc, HD, lang="ru") == "Stop: такой команды в игре «Helldorado» нет"


def test_a_refused_path_carries_its_key_and_cells() -> None:
    """Mice and Mystics' path verdict (``PathCheck``) reaches the refusal as a key with cell keys,
    which the screen's name lookup turns into names."""
    from game.rules import registry
    from game.rules.engine import Match, Setup
    from game.rules.mice_and_mystics.commands import Step
    from game.rules.mice_and_mystics.game import MiceAndMystics

    system = registry.get("mice_and_mystics")
    assert isinstance(system, MiceAndMystics)
    st = Match(system, Setup("mice_and_mystics", "mice_chapter.tmx", 3)).state
    assert st.turn is not None
    m = st.mouse(st.turn.mouse)
    g = system.graph(st)
    far = next(c for c in g.cells_on_tile(st.tile) if c != m.cell and c not in g.neighbours(m.cell))
    with pytest.raises(IllegalCommand) as err:
        system.check(st, Step(m.id, far))
    exc = err.value
    assert (exc.rule_id, exc.key, exc.params) == ("MM-GEO-10", "mm.path.not_adjacent", {"frm": m.cell, "to": far})
    names = {m.cell: "the hearth", far: "the pantry door"}.get
    assert refusal(exc, MM, name=lambda i: names(i) or i, lang="en") == \
        "the hearth and the pantry door are not adjacent (MM-GEO-10)"
    names_ru = {m.cell: "Камень очага", far: "Дверь кладовой"}.get
    assert sentence(exc, MM, name=lambda i: names_ru(i) or i, lang="ru") == \
        "клетки «Камень очага» и «Дверь кладовой» не соседние"
