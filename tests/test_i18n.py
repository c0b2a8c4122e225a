"""English and Russian catalogs: every key in both, placeholders alike, no UI string outside."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from game import i18n
from game.i18n import (
    LANGUAGES,
    _,
    catalog,
    extract_messages,
    load_language,
    parse_po,
    placeholders,
    save_language,
    set_language,
    stray_literals,
)

LOCALE = i18n.LOCALE_DIR

REPO = Path(__file__).resolve().parents[1]
UI = REPO / "game" / "ui"
#: screens not yet routed through the catalogs (empty when every screen is translated)
PENDING: frozenset[str] = frozenset()
#: the screens whose every shown string goes through the catalogs
TRANSLATED = sorted(p for p in UI.rglob("*.py") if str(p.relative_to(UI)) not in PENDING)
#: rule systems' own words for the screen (names of actions, cards, spaces) also use ``_()``
RULE_WORDS = sorted((REPO / "game" / "rules").rglob("*.py"))


@pytest.fixture(autouse=True)
def _english() -> object:
    yield
    set_language("en")


def test_both_catalogs_have_the_same_keys() -> None:
    en, ru = catalog("en"), catalog("ru")
    assert en and set(en) == set(ru)
    assert all(ru.values()), [k for k, v in ru.items() if not v]


def test_each_domain_has_the_same_keys_in_both_languages() -> None:
    names = {p.name for p in i18n.catalog_paths("en")}
    assert names == {p.name for p in i18n.catalog_paths("ru")}
    for name in names:
        en = parse_po((LOCALE / "en" / "LC_MESSAGES" / name).read_text(encoding="utf-8"))
        ru = parse_po((LOCALE / "ru" / "LC_MESSAGES" / name).read_text(encoding="utf-8"))
        assert set(en) == set(ru), (name, sorted(set(en) ^ set(ru)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_message_in_two_domains_reads_the_same_in_both(lang: str) -> None:
    seen: dict[str, tuple[str, str]] = {}
    for path in i18n.catalog_paths(lang):
        for key, value in parse_po(path.read_text(encoding="utf-8")).items():
            if key in seen:
                assert seen[key][1] == value, (key, seen[key][0], path.name)
            seen[key] = (path.name, value)


def test_english_catalog_is_the_identity() -> None:
    assert {k: v for k, v in catalog("en").items() if k != v} == {}


def test_placeholders_match() -> None:
    for lang in LANGUAGES:
        for key, value in catalog(lang).items():
            assert placeholders(key) == placeholders(value), (lang, key, value)


def test_every_message_in_the_code_is_in_the_catalogs() -> None:
    used = extract_messages(TRANSLATED + RULE_WORDS)
    missing = {k: v for k, v in used.items() if k not in catalog("ru")}
    assert not missing
    unused = set(catalog("en")) - set(used)
    assert not unused, f"stale catalog entries: {sorted(unused)}"


def test_no_ui_string_outside_the_catalogs() -> None:
    stray = {str(p.relative_to(REPO)): stray_literals(p) for p in TRANSLATED}
    stray = {k: v for k, v in stray.items() if v}
    assert not stray


def test_the_literal_scanner_finds_what_it_should() -> None:
    found = [text for _line, text in stray_literals(REPO / "tests" / "i18n_sample.py")]
    assert found == ["Roll the dice", "The pool of "]


def test_switching_language() -> None:
    assert _("Quit") == "Quit"
    set_language("ru")
    assert _("Quit") == "Выход"
    assert _("an unknown text") == "an unknown text"
    with pytest.raises(ValueError):
        set_language("xx")


def test_language_is_remembered(tmp_path: Path) -> None:
    env = {i18n.CONFIG_ENV: str(tmp_path / "cfg")}
    assert load_language(env) == "en"
    save_language("ru", env)
    set_language("en")
    assert load_language(env) == "ru"
    (tmp_path / "cfg" / "config.json").write_text("{nonsense")
    assert load_language(env) == "en"


def test_parse_po_handles_continuations_and_escapes() -> None:
    text = 'msgid ""\nmsgstr "head"\n\n# c\nmsgid "a \\"b\\""\nmsgstr ""\n"x"\n"y"\n'
    assert parse_po(text) == {'a "b"': "xy"}


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's msgfmt is not installed")
@pytest.mark.parametrize("path", [p for lang in LANGUAGES for p in i18n.catalog_paths(lang)],
                         ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_catalogs_are_valid_gettext(path: Path, tmp_path: Path) -> None:
    done = subprocess.run(["msgfmt", "--check-format", "-o", str(tmp_path / "x.mo"),
                           str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
