"""English and Russian for every string the UI shows: gettext ``.po`` catalogs read at runtime.

The catalogs live in ``locale/<lang>/LC_MESSAGES/*.po`` (msgid = the English text): ``tabletop.po``
for the menu, the sandbox and the window, and one gettext domain per play screen (``play.po`` for
the parts the four games share and One for All, ``helldorado.po``, ``mice_and_mystics.po``,
``relic.po``) so that a translator can take one screen at a time; the domains of a language are
merged when read (a message in two domains must read the same in both, a test holds it). They are
read by a tiny parser (no compile step, so the ``.po`` is the only source of truth); ``_(text)``
returns the text in the current language, the English when a translation is missing. The chosen
language is remembered in the user's config folder (``$XDG_CONFIG_HOME/tabletop/config.json``).
The rules' refusals and events go through the same catalogs: each rule system lists its messages
(message key or event kind -> English template) in its ``refusals.py`` and ``explain.py``, with the
Russian in the system's domain (``one_for_all.po``, ``helldorado.po``, ``mice_and_mystics.po``,
``relic.po``), and ``game.rules.engine.words`` puts a refusal or an event into words. Plain Python: safe to import anywhere.
"""

from __future__ import annotations

import ast
import json
import os
import re
from collections.abc import Mapping
from pathlib import Path

from game.core.resources import data_dir

LOCALE_DIR = data_dir("locale")
DOMAIN = "tabletop"
LANGUAGES = ("en", "ru")
LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}
DEFAULT_LANGUAGE = "en"
CONFIG_ENV = "TABLETOP_CONFIG_DIR"

_catalogs: dict[str, dict[str, str]] = {}
_current = DEFAULT_LANGUAGE


def catalog_path(lang: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def parse_po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a ``.po`` file (plain entries; the header entry ``""`` is left out)."""
    out: dict[str, str] = {}
    key: str | None = None
    msgid: list[str] = []
    msgstr: list[str] = []

    def flush() -> None:
        if msgid or msgstr:
            mid = "".join(msgid)
            if mid:
                out[mid] = "".join(msgstr)

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid "):
            flush()
            msgid, msgstr = [], []
            key = "id"
            line = line[6:]
        elif line.startswith("msgstr "):
            key = "str"
            line = line[7:]
        if line.startswith('"') and key is not None:
            value = ast.literal_eval(line)
            (msgid if key == "id" else msgstr).append(value)
    flush()
    return out


def catalog_paths(lang: str, locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Every domain's ``.po`` of ``lang``, the main domain first."""
    folder = locale_dir / lang / "LC_MESSAGES"
    others = sorted(p for p in folder.glob("*.po") if p.name != f"{DOMAIN}.po")
    main = catalog_path(lang, locale_dir)
    return ([main] if main.exists() else []) + others


def catalog(lang: str) -> dict[str, str]:
    """msgid -> msgstr over all the domains of ``lang``."""
    if lang not in _catalogs:
        merged: dict[str, str] = {}
        for path in catalog_paths(lang):
            for key, value in parse_po(path.read_text(encoding="utf-8")).items():
                merged.setdefault(key, value)
        _catalogs[lang] = merged
    return _catalogs[lang]


def set_language(lang: str) -> None:
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {LANGUAGES}")
    _current = lang


def language() -> str:
    return _current


def _(text: str) -> str:
    """``text`` (its English msgid) in the current language."""
    return catalog(_current).get(text) or text


def N_(text: str) -> str:  # noqa: N802 - the gettext name for "mark, translate later"
    """Marks a constant for the catalogs; ``_()`` translates it where it is shown."""
    return text


def extract_messages(paths: list[Path]) -> dict[str, list[str]]:
    """Every literal given to ``_()`` or ``N_()`` in the Python files ``paths``: msgid -> where."""
    found: dict[str, list[str]] = {}
    for path in paths:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("_", "N_") and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                found.setdefault(node.args[0].value, []).append(f"{path}:{node.lineno}")
    return found


#: calls whose string arguments are for programmers, not for the screen
_NOT_SHOWN_CALLS = frozenset({"print", "ValueError", "SceneError", "RuntimeError", "TypeError",
                              "KeyError", "getattr", "setattr", "hasattr", "warn", "debug"})


def stray_literals(path: Path) -> list[tuple[int, str]]:
    """String constants in ``path`` that read like words to a player and are not given to
    ``_()``/``N_()``: docstrings, exceptions, ``print`` and f-string format specs are left out.
    A literal the screen never shows can carry ``# i18n: not shown`` on its line."""
    source = Path(path).read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    wrapped: set[int] = set()
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "N_"):
            wrapped.update(id(a) for a in node.args)
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else (
                node.func.attr if isinstance(node.func, ast.Attribute) else "")
            if name in _NOT_SHOWN_CALLS:
                skip.update(id(n) for a in node.args for n in ast.walk(a))
        if isinstance(node, (ast.Raise, ast.Assert)):
            skip.update(id(n) for n in ast.walk(node))
        if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
            skip.update(id(n) for n in ast.walk(node.format_spec))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
    out = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in wrapped
                and id(node) not in skip and " " in node.value.strip()
                and sum(c.isalpha() for c in node.value) >= 4
                and "i18n: not shown" not in lines[node.lineno - 1]):
            out.append((node.lineno, node.value))
    return sorted(out)


def placeholders(text: str) -> list[str]:
    """The ``{name}`` fields of a format string, sorted (for the catalog test)."""
    return sorted(re.findall(r"\{([a-zA-Z_0-9]*)(?:[:!][^}]*)?\}", text))


# ------------------------------------------------------------------ remembered choice
def config_dir(environ: Mapping[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    if env.get(CONFIG_ENV):
        return Path(env[CONFIG_ENV])
    if env.get("APPDATA"):
        return Path(env["APPDATA"]) / "tabletop"
    base = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME", "~")).expanduser() / ".config")
    return Path(base) / "tabletop"


def load_language(environ: Mapping[str, str] | None = None) -> str:
    """The remembered language (and make it current); the default when none is stored."""
    try:
        data = json.loads((config_dir(environ) / "config.json").read_text(encoding="utf-8"))
        lang = str(data.get("language", DEFAULT_LANGUAGE))
    except (OSError, ValueError, AttributeError):
        lang = DEFAULT_LANGUAGE
    set_language(lang if lang in LANGUAGES else DEFAULT_LANGUAGE)
    return language()


def save_language(lang: str, environ: Mapping[str, str] | None = None) -> None:
    """Make ``lang`` current and remember it between runs (best effort: a read-only home is fine)."""
    set_language(lang)
    folder = config_dir(environ)
    path = folder / "config.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        if not isinstance(data, dict):
            data = {}
    except (OSError, ValueError):
        data = {}
    data["language"] = lang
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    except OSError:
        pass
