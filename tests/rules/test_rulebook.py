"""The rules at hand (issue 17, items 1-2): each game's rule book in our words, in English and
Russian, the same entries in both, an entry for every rule ID an event or a refusal can cite,
the house rules and defaults marked, nothing copied from the rule books; and each game's glossary.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.rules.engine.rulebook import RULES_DIR, RulebookError, cited_rule_ids, glossary, parse_rulebook, rulebook

SYSTEMS = ("one_for_all", "helldorado", "mice_and_mystics", "relic")
SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
#: how many words in a row, taken from a rule book, count as copying it
COPIED_RUN = 8

SAMPLE = """# A game
How to win.

## Moving {#moving}
You move.

### OFA-2B.1, OFA-2B.2 · Moving until contact
A figure moves in a straight line
until it touches something.

### OFA-3C · Pools
Dice.

## Ours {#ours}

### HD-HOUSE-6 · Ending an activation [house]
We decided.
"""


def test_the_format_reads_topics_entries_tags_and_finds_by_id_and_words() -> None:
    book = parse_rulebook(SAMPLE, "x", "en")
    assert book.title == "A game" and book.intro == "How to win."
    assert [t.id for t in book.topics] == ["moving", "ours"]
    assert book.topics[0].intro == "You move."
    move = book.entry("OFA-2B.2")
    assert move is not None and move.title == "Moving until contact" and move.topic == "moving"
    assert move.body == "A figure moves in a straight line\nuntil it touches something."
    assert book.entry("OFA-3C.4") is book.entry("OFA-3C")  # a part falls back to its rule
    assert book.entry("OFA-3") is None and book.entry("OFA-3CX") is None
    assert book.entry("HD-HOUSE-6").tag == "house"  # type: ignore[union-attr]
    assert [e.ids[0] for e in book.search("straight LINE")] == ["OFA-2B.1"]
    assert [e.ids[0] for e in book.search("hd-house")] == ["HD-HOUSE-6"]


@pytest.mark.parametrize("bad", [
    "# T\n### OFA-1 · No topic\n",
    "# T\n## Topic without id\n",
    "# T\n## T {#t}\n### not-an-id · X\n",
    "# T\n## T {#t}\n### OFA-1 · X [ours]\n",
    "no title\n",
])
def test_a_broken_rule_book_names_the_place(bad: str) -> None:
    with pytest.raises(RulebookError, match=r"book"):
        parse_rulebook(bad, "x", "en", "book")


def _sources(system: str) -> list[Path]:
    return sorted((RULES_DIR / system).rglob("*.py"))


@pytest.mark.parametrize("system", SYSTEMS)
def test_both_languages_have_the_same_topics_and_entries(system: str) -> None:
    en, ru = rulebook(system, "en"), rulebook(system, "ru")
    assert ru.lang == "ru", "the Russian rule book is missing"
    assert [t.id for t in en.topics] == [t.id for t in ru.topics]
    assert [(e.ids, e.tag) for e in en.entries] == [(e.ids, e.tag) for e in ru.entries]
    for e in ru.entries:
        assert e.body and re.search("[а-яё]", e.body, re.IGNORECASE), e.ids
    for e in en.entries:
        assert e.body, e.ids
    assert len(en.entries) >= 15


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_rule_id_an_event_or_refusal_can_cite_has_an_entry(system: str) -> None:
    cited = cited_rule_ids(_sources(system))
    assert len(cited) >= 20
    for lang in ("en", "ru"):
        book = rulebook(system, lang)
        missing = {rid: where for rid, where in cited.items() if book.entry(rid) is None}
        assert not missing, f"{lang}: rule IDs without an entry: {missing}"


@pytest.mark.parametrize("system", SYSTEMS)
def test_house_rules_are_marked_as_ours(system: str) -> None:
    for e in rulebook(system, "en").entries:
        if any("-HOUSE-" in rid for rid in e.ids):
            assert e.tag == "house", e.ids


def _words(text: str) -> list[str]:
    return re.findall(r"[a-zа-яё0-9]+", text.casefold().replace("ё", "е"))


@pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds is absent (the original rule books)")
@pytest.mark.parametrize("system", SYSTEMS)
def test_nothing_is_copied_from_the_rule_books(system: str) -> None:
    runs = set()
    for seed in SEEDS.glob("*.txt"):
        words = _words(seed.read_text(encoding="utf-8", errors="replace"))
        runs.update(tuple(words[i:i + COPIED_RUN]) for i in range(len(words) - COPIED_RUN + 1))
    for lang in ("en", "ru"):
        book = rulebook(system, lang)
        for e in book.entries:
            words = _words(e.body)
            copied = [" ".join(words[i:i + COPIED_RUN]) for i in range(len(words) - COPIED_RUN + 1)
                      if tuple(words[i:i + COPIED_RUN]) in runs]
            assert not copied, (lang, e.ids, copied[:1])


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_glossary_explains_its_terms_in_both_languages(system: str) -> None:
    en, ru = glossary(system, "en"), glossary(system, "ru")
    assert len(en.terms) >= 8
    assert [t.id for t in en.terms] == [t.id for t in ru.terms]
    book = rulebook(system, "en")
    for t_en, t_ru in zip(en.terms, ru.terms, strict=True):
        assert t_en.words and t_en.text and t_ru.words and t_ru.text, t_en.id
        assert re.search("[а-яё]", t_ru.text, re.IGNORECASE), t_en.id
        for rid in t_en.rules:
            assert book.entry(rid) is not None, (t_en.id, rid)
    first = en.terms[0]
    assert en.term(first.headword.upper()) is first
    spans = en.found_in(f"About the {first.headword} here")
    assert spans and spans[0][2] is first
