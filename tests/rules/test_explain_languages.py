"""Every rule system explains its events in English and Russian: the tables of words in each
``explain`` module have both languages for every key, showing the same values (a language may
ask a value in another grammatical form: ``{attr_acc}``, ``{actor_s}``)."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from game.i18n import placeholders

SYSTEMS = ("one_for_all", "helldorado", "mice_and_mystics", "relic")
LANGS = {"en", "ru"}


#: grammatical forms a language may ask of a value (Russian cases, an English possessive)
FORMS = ("_s", "_acc", "_gen", "_dat", "_ins", "_pre", "_nom")


def _fields(text: str) -> set[str]:
    """The values a text shows, whatever grammatical form it asks them in."""
    out = set()
    for name in placeholders(text):
        for form in FORMS:
            if name.endswith(form):
                name = name[: -len(form)]
                break
        out.add(name)
    return out


def _tables(module: Any) -> dict[str, dict[Any, Any]]:
    return {name: value for name, value in vars(module).items()
            if name.isupper() or (name.startswith("_") and name[1:].isupper())
            if isinstance(value, dict) and value}


def _pairs(table: dict[Any, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(where, {"en": ..., "ru": ...}) for every entry given in both languages."""
    if set(table) == LANGS and all(isinstance(v, dict) for v in table.values()):
        en, ru = table["en"], table["ru"]
        assert set(en) == set(ru), sorted(set(en) ^ set(ru))
        return [(str(k), {"en": en[k], "ru": ru[k]}) for k in en]
    return [(str(k), v) for k, v in table.items() if isinstance(v, dict) and set(v) & LANGS]


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_explanation_has_both_languages_and_the_same_placeholders(system: str) -> None:
    module = importlib.import_module(f"game.rules.{system}.explain")
    checked = 0
    for name, table in _tables(module).items():
        for where, texts in _pairs(table):
            assert set(texts) >= LANGS, f"{system}.{name}[{where}] lacks {LANGS - set(texts)}"
            if isinstance(texts["en"], str):
                assert isinstance(texts["ru"], str) and texts["ru"].strip(), (name, where)
                assert _fields(texts["en"]) == _fields(texts["ru"]), (name, where, texts)
            checked += 1
    assert checked >= 10, f"{system}: found only {checked} bilingual entries"
