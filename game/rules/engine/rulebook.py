"""The rules at hand: each game's rules in our own words, by topic, in English and Russian, every
entry anchored by the rule IDs it explains; and each game's glossary of the terms its screens show.

The texts are data, written for players from our specifications (``../shared/rules``), never
copied from the rule books: ``game/rules/<system>/data/rulebook.<lang>.md`` and
``game/rules/<system>/data/glossary.json``. The rule book's format::

    # The game's title
    A short introduction: what the game is, how to win.

    ## A topic {#topic-id}
    An optional introduction to the topic.

    ### OFA-2B.1, OFA-2B.2 · Moving until contact
    The entry's text: paragraphs, "- " bullets, **bold**.

    ### HD-HOUSE-6 · Ending an activation [house]
    An entry the program decides where the rules are silent carries a tag: ``[house]`` (a house
    rule of ours) or ``[default]`` (a value or a reading we chose); the Rules tab says so.

Both languages list the same topics and the same entries in the same order (a test holds it).
The glossary::

    {"terms": [{"id": "pool", "words": {"en": ["pool"], "ru": ["пул"]},
                "text": {"en": "...", "ru": "..."}, "rules": ["OFA-3C.1"]}]}

``words`` are the forms a screen may show (the first is the headword); ``rules`` the entries to
open for more. Plain Python: safe to import anywhere.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parents[1]
#: a rule ID as the specifications write them: OFA-3C.4, HD-HOUSE-6, MM-MOVE-2, REL-BOARD-3
RULE_ID = re.compile(r"\b(?:OFA|HD|MM|REL)-[A-Z0-9]+(?:[.\-][A-Za-z0-9]+)*\b")
TAGS = ("house", "default")

_TOPIC = re.compile(r"^##\s+(?P<title>.+?)\s*\{#(?P<id>[a-z0-9\-]+)\}\s*$")
_ENTRY = re.compile(r"^###\s+(?P<ids>[^·]+?)\s*·\s*(?P<title>.+?)\s*(?:\[(?P<tag>[a-z]+)\])?\s*$")


class RulebookError(ValueError):
    """A rule book or glossary that does not follow the format (names the file and line)."""


@dataclass(frozen=True)
class RuleEntry:
    """One entry of the rule book: the rule ``ids`` it explains, its ``title`` and ``body``,
    the ``topic`` it stands in, and its ``tag`` ("" for the rules themselves, "house" or
    "default" where the program decides)."""

    ids: tuple[str, ...]
    title: str
    body: str
    topic: str
    tag: str = ""


@dataclass(frozen=True)
class Topic:
    id: str
    title: str
    intro: str
    entries: tuple[RuleEntry, ...]


@dataclass(frozen=True)
class Rulebook:
    system: str
    lang: str
    title: str
    intro: str
    topics: tuple[Topic, ...]

    @property
    def entries(self) -> tuple[RuleEntry, ...]:
        return tuple(e for t in self.topics for e in t.entries)

    def entry(self, rule_id: str) -> RuleEntry | None:
        """The entry that explains ``rule_id``: the one naming it, else the one naming the
        longest rule it is a part of (``OFA-3C.4`` falls back to ``OFA-3C``)."""
        best: tuple[int, RuleEntry] | None = None
        for e in self.entries:
            for rid in e.ids:
                if rid == rule_id:
                    return e
                if rule_id.startswith(rid) and rule_id[len(rid):len(rid) + 1] in (".", "-") and (
                        best is None or len(rid) > best[0]):
                    best = (len(rid), e)
        return best[1] if best else None

    def search(self, query: str) -> tuple[RuleEntry, ...]:
        """The entries whose IDs, title or text hold every word of ``query`` (any case)."""
        words = [w for w in query.casefold().split() if w]
        if not words:
            return self.entries
        found = []
        for e in self.entries:
            text = " ".join((*e.ids, e.title, e.body)).casefold()
            if all(w in text for w in words):
                found.append(e)
        return tuple(found)


@dataclass(frozen=True)
class Term:
    id: str
    words: tuple[str, ...]
    text: str
    rules: tuple[str, ...]

    @property
    def headword(self) -> str:
        return self.words[0] if self.words else self.id


@dataclass(frozen=True)
class Glossary:
    system: str
    lang: str
    terms: tuple[Term, ...]

    def term(self, word: str) -> Term | None:
        """The term shown as ``word`` (any case), or with that id."""
        key = word.strip().casefold()
        for t in self.terms:
            if t.id == key or any(w.casefold() == key for w in t.words):
                return t
        return None

    def found_in(self, text: str) -> tuple[tuple[int, int, Term], ...]:
        """Where terms stand in ``text``: (start, end, term), the longest word first at a place."""
        spans: list[tuple[int, int, Term]] = []
        taken: list[tuple[int, int]] = []
        forms = sorted(((w, t) for t in self.terms for w in t.words), key=lambda p: -len(p[0]))
        folded = text.casefold()
        for word, term in forms:
            pattern = re.compile(r"(?<!\w)" + re.escape(word.casefold()) + r"(?!\w)")
            for m in pattern.finditer(folded):
                a, b = m.span()
                if all(b <= s or a >= e for s, e in taken):
                    taken.append((a, b))
                    spans.append((a, b, term))
        return tuple(sorted(spans, key=lambda s: s[0]))


def _data(system: str) -> Path:
    return RULES_DIR / system / "data"


def parse_rulebook(text: str, system: str, lang: str, where: str = "rulebook") -> Rulebook:
    title = ""
    intro: list[str] = []
    topics: list[Topic] = []
    topic: tuple[str, str] | None = None
    topic_intro: list[str] = []
    entries: list[RuleEntry] = []
    entry: tuple[tuple[str, ...], str, str] | None = None
    body: list[str] = []

    def close_entry() -> None:
        nonlocal entry, body
        if entry is not None and topic is not None:
            entries.append(RuleEntry(entry[0], entry[1], "\n".join(body).strip(), topic[0], entry[2]))
        entry, body = None, []

    def close_topic() -> None:
        nonlocal topic, topic_intro, entries
        close_entry()
        if topic is not None:
            topics.append(Topic(topic[0], topic[1], "\n".join(topic_intro).strip(), tuple(entries)))
        topic, topic_intro, entries = None, [], []

    for n, line in enumerate(text.splitlines(), start=1):
        if line.startswith("### "):
            close_entry()
            m = _ENTRY.match(line)
            if m is None or topic is None:
                raise RulebookError(f"{where}:{n}: an entry is '### ID[, ID] · Title [tag]' under a topic")
            ids = tuple(i.strip() for i in m["ids"].split(","))
            bad = [i for i in ids if not RULE_ID.fullmatch(i)]
            if bad:
                raise RulebookError(f"{where}:{n}: not a rule ID: {bad[0]!r}")
            tag = m["tag"] or ""
            if tag and tag not in TAGS:
                raise RulebookError(f"{where}:{n}: unknown tag [{tag}] (use {', '.join(TAGS)})")
            entry = (ids, m["title"], tag)
        elif line.startswith("## "):
            close_topic()
            m = _TOPIC.match(line)
            if m is None:
                raise RulebookError(f"{where}:{n}: a topic is '## Title {{#topic-id}}'")
            topic = (m["id"], m["title"])
        elif line.startswith("# ") and not title:
            title = line[2:].strip()
        elif entry is not None:
            body.append(line)
        elif topic is not None:
            topic_intro.append(line)
        else:
            intro.append(line)
    close_topic()
    if not title or not topics:
        raise RulebookError(f"{where}: a rule book needs a '# Title' and at least one topic")
    return Rulebook(system, lang, title, "\n".join(intro).strip(), tuple(topics))


@cache
def rulebook(system: str, lang: str = "en") -> Rulebook:
    """``system``'s rule book in ``lang`` (English when that language has none)."""
    path = _data(system) / f"rulebook.{lang}.md"
    if not path.is_file():
        path = _data(system) / "rulebook.en.md"
        lang = "en"
    return parse_rulebook(path.read_text(encoding="utf-8"), system, lang, str(path))


@cache
def glossary(system: str, lang: str = "en") -> Glossary:
    """``system``'s glossary in ``lang`` (English words where a term has none in that language)."""
    path = _data(system) / "glossary.json"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise RulebookError(f"{path}: {exc}") from exc
    terms = []
    for n, item in enumerate(raw.get("terms", [])):
        try:
            words = item["words"].get(lang) or item["words"]["en"]
            text = item["text"].get(lang) or item["text"]["en"]
            terms.append(Term(str(item["id"]), tuple(str(w) for w in words), str(text),
                              tuple(str(r) for r in item.get("rules", ()))))
        except (KeyError, TypeError, AttributeError) as exc:
            raise RulebookError(f"{path}: term {n}: needs id, words and text ({exc})") from exc
    return Glossary(system, lang, tuple(terms))


def cited_rule_ids(sources: Iterable[Path]) -> dict[str, str]:
    """Every rule ID written as a string in ``sources`` (what events and refusals can cite):
    ID -> the first place it is written."""
    found: dict[str, str] = {}
    literal = re.compile(r"[\"']((?:OFA|HD|MM|REL)-[A-Z0-9]+(?:[.\-][A-Za-z0-9]+)*)[\"']")
    for path in sources:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for m in literal.finditer(line):
                found.setdefault(m.group(1), f"{path.name}:{n}")
    return found
