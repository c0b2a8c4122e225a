"""Refusals and events in words: one path from an ``IllegalCommand`` or an ``Event`` to a sentence
in the reader's language.

A rule system refuses a command with a stable message ``key`` and its ``params`` (ids and numbers,
never display names). Each system lists its messages once, in a :class:`Refusals` table: key ->
the English template with ``{param}`` fields, marked ``N_()`` so that the catalog test finds it;
the template is the msgid of the gettext catalogs (``play.po`` for One for All and the engine,
``helldorado.po``, ``relic.po``...), whose msgstr is the same sentence in another language.
Params that name things on the table (figures, units, terrain, spaces, cards, players) become
display names through the ``name`` callable the screen passes (its name lookup in the reader's
language; unknown values come back unchanged); params that are words of the rules (an action's
kind, a phase of the turn) are translated through the table's ``words``. Numbers stay numbers, so a
template may format them (``{left:.2f}``). A list becomes its items joined by ", ".

A refusal without a known key, or whose template does not fit its params, reads as its English
``reason``: never a crash.

Events take the same path (:func:`explain`): each system lists, in an :class:`Explanations` table,
one English template per event ``kind`` (marked ``N_()``; the Russian is in the system's gettext
domain: ``one_for_all.po``, ``helldorado.po``, ``mice_and_mystics.po``, ``relic.po``), the words
its values stand for, and, where a line needs values that are not in the event as they are (a
sub-phrase, a count in words, a variant of the sentence), a ``derive`` function that computes
them through the translation it is given. The line ends with the rule IDs: ``... [OFA-3C.4]``.
Plain Python: safe to import anywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.i18n import N_, catalog, language
from game.rules.engine.errors import IllegalCommand
from game.rules.engine.events import Event

#: a screen's name lookup: an id (or any word of a param) -> what the reader sees
Namer = Callable[[str], str]


@dataclass(frozen=True)
class Refusals:
    """One rule system's refusals in English: ``messages`` (key -> template) and ``words``
    (param -> value -> the English word the value stands for, e.g. ``{"kind": {"leap_onto":
    "leap onto"}}``). Every template and word is marked ``N_()`` where it is written."""

    messages: Mapping[str, str]
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def __or__(self, other: Refusals) -> Refusals:
        words = {p: {**self.words.get(p, {}), **other.words.get(p, {})}
                 for p in set(self.words) | set(other.words)}
        return Refusals({**self.messages, **other.messages}, words)


#: the engine's own refusals (the dispatch table's), shared by every system
ENGINE = Refusals({
    "engine.unknown_command": N_("{command} is not a {system} command"),
})


def translate(text: str, lang: str | None = None) -> str:
    """``text`` (an English msgid) in ``lang`` (the current language by default)."""
    return catalog(lang or language()).get(text) or text


def _shown(param: str, value: Any, refusals: Refusals, name: Namer | None, lang: str) -> Any:
    """One param as the reader sees it."""
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return ", ".join(str(_shown(param, v, refusals, name, lang)) for v in items)
    if isinstance(value, str):
        word = refusals.words.get(param, {}).get(value)
        if word is not None:
            return translate(word, lang)
        return name(value) if name is not None else value
    return value


def sentence(exc: IllegalCommand, refusals: Refusals, *, name: Namer | None = None,
             lang: str | None = None) -> str:
    """Why ``exc`` refused its command, in ``lang``: the message of its key with its params
    shown; the English ``reason`` when the key is unknown or the template does not fit."""
    lang = lang or language()
    table = ENGINE | refusals
    template = table.messages.get(exc.key) if exc.key else None
    if template is None:
        return exc.reason
    values = {k: _shown(k, v, table, name, lang) for k, v in exc.params.items()}
    try:
        return translate(template, lang).format(**values)
    except (KeyError, ValueError, IndexError, TypeError, AttributeError):
        try:  # a translation that does not fit: the English template
            return template.format(**values)
        except (KeyError, ValueError, IndexError, TypeError, AttributeError):
            return exc.reason


def refusal(exc: IllegalCommand, refusals: Refusals, *, name: Namer | None = None,
            lang: str | None = None) -> str:
    """``"why (RULE-ID)"``: the refusal as a screen shows it, in ``lang``."""
    text = sentence(exc, refusals, name=name, lang=lang)
    return f"{text} ({exc.rule_id})" if exc.rule_id else text


# ------------------------------------------------------------------ events
@dataclass(frozen=True)
class Translator:
    """Puts an English msgid into the reader's language (what ``derive`` is given): call it with
    the text; its ``lang`` is there for names that the rules' data keep per language."""

    lang: str

    def __call__(self, text: str) -> str:
        return translate(text, self.lang)


Translate = Translator


@dataclass(frozen=True)
class Derived:
    """What a system's ``derive`` adds to an event's values before its template is filled:
    ``values`` (already in the reader's language) and, when the sentence has variants, the
    ``message`` key to use instead of the event's kind."""

    values: Mapping[str, Any] = field(default_factory=dict)
    message: str = ""


#: (event, its values with ``actor``, translate) -> what to add; see :class:`Derived`
Derive = Callable[[Event, Mapping[str, Any], Translate], Derived]


@dataclass(frozen=True)
class Explanations:
    """One rule system's events in English: ``messages`` (event kind, or a variant's key ->
    template), ``words`` (param -> value -> the English word it stands for) and ``derive``."""

    messages: Mapping[str, str]
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    derive: Derive | None = None


def _fill(template: str, values: Mapping[str, Any], lang: str) -> str | None:
    for text in (translate(template, lang), template):
        try:
            return text.format(**values)
        except (KeyError, ValueError, IndexError, TypeError, AttributeError):
            continue
    return None


def explain(event: Event, table: Explanations, lang: str = "en", *, name: Namer | None = None) -> str:
    """One line for the log in ``lang``, with the rule IDs at the end: ``... [OFA-3C.4, OFA-5A.1]``.
    An event the table does not know, or whose values do not fit, reads as its kind and values."""
    lang = lang or language()
    data: dict[str, Any] = dict(event.values)
    data.setdefault("actor", event.actor)

    tr = Translator(lang)
    fallback = f"{event.kind}: {dict(event.values)}"
    try:
        derived = table.derive(event, data, tr) if table.derive is not None else Derived()
    except (KeyError, ValueError, IndexError, TypeError, AttributeError):
        derived = Derived(message="\0")  # values the system did not expect: the fallback
    words = Refusals({}, table.words)
    shown = {k: _shown(k, v, words, name, lang) for k, v in data.items()}
    shown.update(derived.values)
    template = table.messages.get(derived.message or event.kind)
    text = _fill(template, shown, lang) if template is not None else None
    if text is None:
        text = fallback
    return f"{text} [{', '.join(event.rules)}]" if event.rules else text
