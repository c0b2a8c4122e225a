"""English and Russian catalogs: every key in both, placeholders alike, no UI string outside."""

from __future__ import annotations

import ast
import shutil
import subprocess
from pathlib import Path

import pytest

from game import i18n
from game.i18n import (
    LANGUAGES,
    _,
    catalog,
    catalog_path,
    extract_messages,
    load_language,
    parse_po,
    placeholders,
    save_language,
    set_language,
)

REPO = Path(__file__).resolve().parents[1]
#: the screens whose every shown string goes through the catalogs
TRANSLATED = sorted((REPO / "game" / "ui" / "sandbox").glob("*.py")) + sorted(
    (REPO / "game" / "ui" / "menu").glob("*.py")) + [REPO / "game" / "ui" / "status_bar.py"]


@pytest.fixture(autouse=True)
def _english() -> object:
    yield
    set_language("en")


def test_both_catalogs_have_the_same_keys() -> None:
    en, ru = catalog("en"), catalog("ru")
    assert en and set(en) == set(ru)
    assert all(ru.values()), [k for k, v in ru.items() if not v]


def test_placeholders_match() -> None:
    for lang in LANGUAGES:
        for key, value in catalog(lang).items():
            assert placeholders(key) == placeholders(value), (lang, key, value)


def test_every_message_in_the_code_is_in_the_catalogs() -> None:
    used = extract_messages(TRANSLATED)
    missing = {k: v for k, v in used.items() if k not in catalog("ru")}
    assert not missing
    unused = set(catalog("en")) - set(used)
    assert not unused, f"stale catalog entries: {sorted(unused)}"


def _shown_literals(path: Path) -> list[tuple[int, str]]:
    """String constants that read like words to a player and are not given to _()/N_()."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    wrapped: set[int] = set()
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "N_"):
            wrapped.update(id(a) for a in node.args)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                "print", "ValueError", "SceneError", "RuntimeError"):
            skip.update(id(n) for a in node.args for n in ast.walk(a))
        if isinstance(node, ast.Raise):
            skip.update(id(n) for n in ast.walk(node))
        if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.Module)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
    out = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in wrapped
                and id(node) not in skip and " " in node.value.strip()
                and sum(c.isalpha() for c in node.value) >= 4):
            out.append((node.lineno, node.value))
    return out


def test_no_ui_string_outside_the_catalogs() -> None:
    stray = {str(p.relative_to(REPO)): _shown_literals(p) for p in TRANSLATED}
    stray = {k: v for k, v in stray.items() if v}
    assert not stray


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
@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogs_are_valid_gettext(lang: str, tmp_path: Path) -> None:
    done = subprocess.run(["msgfmt", "--check-format", "-o", str(tmp_path / "x.mo"),
                           str(catalog_path(lang))], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
