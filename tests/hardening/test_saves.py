"""Saves under attack (issue 10, items 2 and 4).

Truncated, corrupted, not-UTF-8, wrong-version, hand-edited and pickled saves are refused with
one line naming the file; nothing refused is ever half-loaded, and the previous save and the
autosave stay whole. A writer killed half-way (SIGKILL, in a child process) leaves the previous
file whole. Self-played One for All games replay to the identical state, and a changed seed or
command is reported as a divergence.
"""

from __future__ import annotations

import json
import os
import pickle
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from game.rules.engine import IllegalCommand, Match, ReplayDiverged, SaveError, Setup, saves
from game.rules.engine import match as match_module
from tests.rules.toy import Hold, Note, Pig, Roll, systems

REPO_DIR = Path(__file__).resolve().parents[2]


# --------------------------------------------------------------------------- helpers
def pig_match(autosave: Path | None = None, seed: int = 5, rolls: int = 10) -> Match:
    m = Match(Pig(), Setup("pig", seed=seed, options={"goal": 30}), autosave=autosave)
    for _ in range(rolls):
        player = m.current_player()
        if player is None:
            break
        m.submit(Roll(player) if m.state.pot < 8 else Hold(player))
    return m


def saved(tmp_path: Path, name: str = "game.json") -> tuple[Path, Match]:
    m = pig_match()
    path = tmp_path / name
    m.save(path)
    return path, m


def refused(path: Path, error: type[SaveError] = SaveError) -> str:
    """Load ``path``; it must be refused with one line naming the file. Returns the message."""
    with pytest.raises(error) as info:
        Match.load(path, systems)
    message = str(info.value)
    assert "\n" not in message and "\r" not in message, message
    assert str(path) in message, message
    return message


def edit(path: Path, change: Any) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc).replace('"__1e400__"', "1e400"), encoding="utf-8")


# --------------------------------------------------------------------------- damaged files
@pytest.mark.parametrize("keep", [0.0, 0.01, 0.25, 0.5, 0.75, 0.99])
def test_truncated_saves_are_refused(tmp_path: Path, keep: float) -> None:
    path, _ = saved(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[: int(len(data) * keep)] if keep else b"")
    message = refused(path)
    assert ("truncated" in message) or ("empty" in message)


def test_every_single_bit_flip_is_refused(tmp_path: Path) -> None:
    """Flip one bit anywhere: the save is never accepted as something else, and never crashes."""
    path, _ = saved(tmp_path)
    good = path.read_bytes()
    rng = random.Random(1002)
    kinds: dict[str, int] = {}
    for _ in range(300):
        at = rng.randrange(len(good))
        data = bytearray(good)
        data[at] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))
        message = refused(path)
        kind = message.split(": ", 1)[1].split(" (")[0][:40]
        kinds[kind] = kinds.get(kind, 0) + 1
    assert len(kinds) >= 4, kinds  # JSON, UTF-8, replay and envelope checks all took part


def test_not_utf8_is_refused(tmp_path: Path) -> None:
    path, _ = saved(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[:40] + b"\xff\xfe\x80" + data[40:])
    assert "not UTF-8" in refused(path)
    path.write_bytes(json.dumps(json.loads(data)).encode("utf-16"))
    assert "not UTF-8" in refused(path)


def test_a_byte_order_mark_from_a_text_editor_is_accepted(tmp_path: Path) -> None:
    path, m = saved(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert Match.load(path, systems).digest() == m.digest()


class _Bomb:
    """Unpickling this would create a marker file: proof that a pickle was executed."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (open, (self.marker, "w"))


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickles_are_refused_and_never_run(tmp_path: Path, protocol: int) -> None:
    path, m = saved(tmp_path)
    marker = tmp_path / "pickle-ran"
    doc = {**saves.read(path), "payload": _Bomb(str(marker))}
    path.write_bytes(pickle.dumps(doc, protocol=protocol))
    message = refused(path)
    assert "pickle" in message or "not valid JSON" in message or "not UTF-8" in message
    assert not marker.exists()
    source = (REPO_DIR / "game" / "rules" / "engine" / "saves.py").read_text()
    assert "import pickle" not in source and "pickle.load" not in source


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        (b"", "empty"),
        (b"   \n", "empty"),
        (b"[]", "not a tabletop saved game"),
        (b"null", "not a tabletop saved game"),
        (b'{"format": "tabletop-save"}', "no save version"),
        (b'{"format": "tabletop-save", "version": "1"}', "not a whole number"),
        (b'{"format": "tabletop-save", "version": 1.0}', "not a whole number"),
        (b'{"format": "tabletop-save", "version": true}', "not a whole number"),
        (b'{"format": "tabletop-save", "version": 1, "setup": {"system": "pig", "seed": '
         + b"9" * 5000 + b"}}", "not a valid saved game"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"format": "tabletop-save", "version": 1, "x": NaN}', "NaN"),
        (b'{"format": "tabletop-save", "version": 1, "x": -Infinity}', "Infinity"),
    ],
)
def test_documents_that_are_not_saves(tmp_path: Path, data: bytes, needle: str) -> None:
    path = tmp_path / "odd.json"
    path.write_bytes(data)
    assert needle in refused(path)


def test_folders_pipes_and_missing_files_are_refused_without_blocking(tmp_path: Path) -> None:
    assert "folder" in refused(tmp_path)
    assert "no such saved game" in refused(tmp_path / "nope.json")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.json"
        os.mkfifo(fifo)
        answers: list[str] = []
        reader = threading.Thread(target=lambda: answers.append(refused(fifo)), daemon=True)
        reader.start()
        reader.join(timeout=60)  # only a hang guard: opening the pipe to read would wait forever
        if reader.is_alive():
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # let the blocked reader go
            pytest.fail("the loader opened the pipe and waited for a writer")
        assert answers and "not a regular file" in answers[0]
    if os.path.exists("/dev/zero"):
        link = tmp_path / "zero.json"
        link.symlink_to("/dev/zero")
        assert "not a regular file" in refused(link)


def test_oversized_saves_are_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, _ = saved(tmp_path)
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 100)
    assert "too large" in refused(path)


# --------------------------------------------------------------------------- versions
@pytest.mark.parametrize("version", [2, 99])
def test_a_newer_save_names_the_version_it_needs(tmp_path: Path, version: int) -> None:
    path, _ = saved(tmp_path)
    edit(path, lambda d: d.update(version=version))
    message = refused(path)
    assert "newer tabletop" in message and f"save version {version}" in message


@pytest.mark.parametrize("version", [0, -3])
def test_an_older_save_without_a_migration_names_the_version_it_needs(tmp_path: Path, version: int) -> None:
    path, _ = saved(tmp_path)
    edit(path, lambda d: d.update(version=version))
    message = refused(path)
    assert f"save version {version}" in message and "cannot read" in message
    assert f"reads save version {saves.VERSION}" in message


def _version0(doc: dict[str, Any]) -> dict[str, Any]:
    """A made-up version 0: the seed beside the setup, commands under 'log', no players list."""
    setup = dict(doc["setup"])
    seed = setup.pop("seed")
    setup.pop("players")
    return {"format": saves.FORMAT, "version": 0, "setup": setup, "seed": seed,
            "log": doc["commands"], "mode": doc["mode"], "digest": doc["digest"]}


def _from_version0(doc: dict[str, Any]) -> dict[str, Any]:
    setup = {**doc.pop("setup"), "seed": doc.pop("seed"), "players": []}
    commands = doc.pop("log")
    return {**doc, "setup": setup, "commands": commands}


def test_an_older_save_loads_through_its_migration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, m = saved(tmp_path)
    old = tmp_path / "old.json"
    old.write_text(json.dumps(_version0(json.loads(path.read_text()))))
    assert "save version 0" in refused(old)  # no migration yet: refused, naming the version
    monkeypatch.setitem(saves.MIGRATIONS, 0, _from_version0)
    assert saves.oldest_readable() == 0
    again = Match.load(old, systems)
    assert again.digest() == m.digest() and again.commands == m.commands
    # a version-0 save the migration cannot make sense of is refused, not crashed on
    old.write_text(json.dumps({"format": saves.FORMAT, "version": 0, "setup": {}}))
    assert "could not be upgraded from save version 0" in refused(old)


# --------------------------------------------------------------------------- hand edits
def _swap_first_two(doc: dict[str, Any]) -> None:
    commands = doc["commands"]
    first = next(i for i, c in enumerate(commands) if c["player"] != commands[0]["player"])
    commands[0], commands[first] = commands[first], commands[0]


@pytest.mark.parametrize(
    ("change", "needle", "error"),
    [
        (lambda d: d["commands"][0].update(type="Fly"), "command 1: unknown command type 'Fly'", SaveError),
        (lambda d: d["commands"][1].update(player=5), "command 2: Roll.player: expected text", SaveError),
        (lambda d: d["commands"][0].update(speed=3), "unknown field", SaveError),
        (lambda d: d["commands"].insert(0, {"type": "Note", "player": "a", "weight": "__1e400__"}),
         "not a finite number", SaveError),
        (lambda d: d["commands"].insert(1, "Roll"), "must be a JSON object", SaveError),
        (_swap_first_two, "not legal on replay", ReplayDiverged),
        (lambda d: d["commands"].pop(2), "", ReplayDiverged),
        (lambda d: d["setup"].update(seed=6), "", ReplayDiverged),
        (lambda d: d["setup"]["options"].update(goal=31), "did not reach the saved state", ReplayDiverged),
        (lambda d: d["setup"]["options"].update(goal=[1]), "cannot start the game", SaveError),
        (lambda d: d["setup"].update(players=["a", 7]), "malformed setup", SaveError),
        (lambda d: d["setup"].update(map={"name": "x"}), "malformed setup", SaveError),
        (lambda d: d["setup"].update(seed="5"), "malformed setup", SaveError),
        (lambda d: d["setup"].update(system="chess"), "unknown rule system", SaveError),
        (lambda d: d.update(mode="cheat"), "unknown mode", SaveError),
        (lambda d: d.update(commands={"0": {}}), "no command list", SaveError),
        (lambda d: d.pop("digest"), "no digest", SaveError),
        (lambda d: d.update(digest=12), "no digest", SaveError),
        (lambda d: d.update(digest="0" * 64), "did not reach the saved state", ReplayDiverged),
    ],
)
def test_hand_edited_saves_are_refused(tmp_path: Path, change: Any, needle: str, error: type) -> None:
    path, _ = saved(tmp_path)
    edit(path, change)
    assert needle in refused(path, error)


def test_a_save_claiming_too_many_commands_is_refused_before_replay(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, _ = saved(tmp_path)
    monkeypatch.setattr(match_module, "MAX_COMMANDS", 3)
    assert "more than the 3" in refused(path)


def test_rules_that_crash_on_a_command_give_a_save_error(tmp_path: Path) -> None:
    class Fragile(Pig):
        def apply(self, state: Any, command: Any, dice: Any) -> Any:
            if isinstance(command, Note) and command.text == "boom":
                raise KeyError("boom")
            return super().apply(state, command, dice)

    m = Match(Fragile(), Setup("pig", seed=5, options={"goal": 30}))
    m.submit(Roll("a"))
    path = tmp_path / "s.json"
    m.save(path)
    edit(path, lambda d: d["commands"].append({"type": "Note", "player": "b", "text": "boom"}))
    with pytest.raises(ReplayDiverged, match="command 2 could not be replayed .KeyError"):
        Match.load(path, lambda name: Fragile())


# --------------------------------------------------------------------------- nothing is lost
def test_refused_loads_leave_the_save_and_the_autosave_whole(tmp_path: Path) -> None:
    auto = tmp_path / "autosave.json"
    m = pig_match(autosave=auto)
    good = tmp_path / "good.json"
    m.save(good)
    before = {p: p.read_bytes() for p in (good, auto)}
    bad = tmp_path / "bad.json"
    damages = [b"", before[good][:100], before[good].replace(b'"Roll"', b'"Fly"'),
               before[good].replace(b'"seed": 5', b'"seed": 6'), pickle.dumps({"x": 1}),
               before[good].replace(b'"version": 1', b'"version": 7')]
    for data in damages:
        bad.write_bytes(data)
        with pytest.raises(SaveError):
            Match.load(bad, systems, autosave=auto)
        with pytest.raises(SaveError):
            Match.load(bad, systems, autosave=good)
    assert {p: p.read_bytes() for p in (good, auto)} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.json", "bad.json", "good.json"]
    for p in (good, auto):
        assert Match.load(p, systems).digest() == m.digest()


@pytest.mark.parametrize("failing", ["write", "fsync", "replace"])
def test_a_failed_save_leaves_the_previous_file_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      failing: str) -> None:
    auto = tmp_path / "autosave.json"
    m = pig_match(autosave=auto)
    good = tmp_path / "good.json"
    m.save(good)
    before = {p: p.read_bytes() for p in (good, auto)}

    def disk_full(*args: Any, **kwargs: Any) -> Any:
        raise OSError(28, "No space left on device")

    if failing == "write":
        real_fdopen = os.fdopen

        class Full:
            def __init__(self, fh: Any) -> None:
                self.fh = fh

            def __enter__(self) -> Full:
                return self

            def __exit__(self, *exc: Any) -> None:
                self.fh.close()

            def write(self, text: str) -> None:
                self.fh.write(text[: len(text) // 2])
                disk_full()

        monkeypatch.setattr(saves.os, "fdopen", lambda fd, *a, **k: Full(real_fdopen(fd, *a, **k)))
    else:
        monkeypatch.setattr(saves.os, failing, disk_full)
    with pytest.raises(OSError, match="No space left"):
        m.save(good)
    m.submit(Roll(m.current_player()))  # the command stands; the failed autosave is reported
    if failing == "fsync":  # the autosave is not synced (it survives a killed program): written
        assert m.autosave_error == "" and Match.load(auto, systems).digest() == m.digest()
        before[auto] = auto.read_bytes()
    else:
        assert "No space left" in m.autosave_error
    monkeypatch.undo()
    assert {p: p.read_bytes() for p in (good, auto)} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.json", "good.json"]
    m.save(good)  # and once the disk has room again, saving works
    assert Match.load(good, systems).digest() == m.digest()


# --------------------------------------------------------------------------- killed writers
WRITER = """
import os
import sys
from pathlib import Path
from game.rules.engine.saves import write_atomic
target = Path(sys.argv[1])
payloads = [Path(p).read_text(encoding="utf-8") for p in sys.argv[2:]]
durable = os.environ.get("WRITE_DURABLE", "1") == "1"
k = 0
while True:
    print(f"begin {k}", flush=True)
    write_atomic(target, payloads[k % 2], durable=durable)
    k += 1
"""


def _begun(line: str, k: int) -> int:
    """The write number of a 'begin k' line (the last one may be cut short by the kill)."""
    words = line.split()
    return int(words[1]) if len(words) == 2 and words[0] == "begin" and words[1].isdigit() else k


def _temps(folder: Path, target: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if p.name != target.name}


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("durable", [True, False], ids=["synced", "autosave"])
def test_a_writer_killed_half_way_leaves_the_old_or_the_new_file(tmp_path: Path,
                                                                 durable: bool) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    target = folder / "game.json"
    texts = []
    for i, letter in enumerate("BC"):
        text = saves.dump({"setup": {"system": "pig", "seed": i}, "padding": letter * 6_000_000})
        (tmp_path / f"{letter}.txt").write_text(text, encoding="utf-8")
        texts.append(text.encode("utf-8"))
    initial = saves.dump({"setup": {"system": "pig", "seed": 9}, "padding": "A"}).encode("utf-8")
    saves.write_atomic(target, initial.decode("utf-8"))
    rng = random.Random(2002)
    env = {**os.environ, "PYTHONPATH": str(REPO_DIR), "WRITE_DURABLE": "1" if durable else "0"}
    mid_write = 0
    for trial in range(10):
        child = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(target), str(tmp_path / "B.txt"), str(tmp_path / "C.txt")],
            cwd=REPO_DIR, env=env, stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        wanted = rng.randint(0, 3)
        seen_before = _temps(folder, target)
        start = target.read_bytes()
        k = -1
        for line in child.stdout:
            k = _begun(line, k)
            if k >= wanted:
                break
        if trial % 2:  # at a random moment
            time.sleep(rng.uniform(0.0, 0.06))
        else:  # the moment its temporary file appears: surely half-way
            deadline = time.perf_counter() + 10
            while not (_temps(folder, target) - seen_before) and time.perf_counter() < deadline:
                pass
        child.send_signal(signal.SIGKILL)
        rest = child.stdout.read()
        child.wait(timeout=10)
        for line in rest.splitlines():
            k = _begun(line, k)
        # writes 0..k-1 completed; write k may or may not have
        old = texts[(k - 1) % 2] if k >= 1 else start
        new = texts[k % 2]
        data = target.read_bytes()
        assert data in (old, new), f"trial {trial}: a partial file of {len(data)} bytes"
        json.loads(data)
        strays = _temps(folder, target)
        if strays - seen_before:
            mid_write += 1
        for name in strays:  # leftovers are hidden temporary files, never taken for saves
            assert name.startswith(".game.json.") and name.endswith(".tmp"), name
            with pytest.raises(SaveError):
                Match.load(folder / name, systems)
    assert mid_write >= 3, "the writer was never killed half-way"
    saves.write_atomic(target, texts[0].decode("utf-8"))  # leftovers do not trouble the next write
    assert target.read_bytes() == texts[0]
    assert saves.read(target)["setup"]["seed"] == 0


# --------------------------------------------------------------------------- One for All replays
@pytest.fixture(scope="module")
def ofa_games() -> list[Match]:
    from game.rules import registry
    from game.rules.engine import selfplay

    system = registry.get("one_for_all")
    games = []
    for seed in (1, 2, 3):
        match, error = selfplay.play_one(system, Setup("one_for_all", "tavern.tmx", seed),
                                         selfplay.random_policy, random.Random(seed), max_commands=60)
        assert error is None, error
        assert len(match.steps) >= 20
        games.append(match)
    return games


def _ofa_systems(name: str) -> Any:
    from game.rules import registry

    return registry.get(name)


def test_self_played_games_replay_to_the_identical_state(tmp_path: Path, ofa_games: list[Match]) -> None:
    for i, match in enumerate(ofa_games):
        path = tmp_path / f"ofa{i}.json"
        match.save(path)
        again = Match.load(path, _ofa_systems)
        assert again.digest() == match.digest()
        assert again.commands == match.commands
        assert again.state == match.state
        # and saving the replay gives the same file
        path2 = tmp_path / f"ofa{i}-again.json"
        again.save(path2)
        assert path2.read_bytes() == path.read_bytes()


def test_a_changed_seed_diverges(tmp_path: Path, ofa_games: list[Match]) -> None:
    for i, match in enumerate(ofa_games):
        path = tmp_path / f"ofa{i}.json"
        match.save(path)
        edit(path, lambda d: d["setup"].update(seed=d["setup"]["seed"] + 1000))
        with pytest.raises(ReplayDiverged) as info:
            Match.load(path, _ofa_systems)
        assert str(path) in str(info.value)


def _changed_commands(doc: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Single-command edits of a save: a turned move, a longer move, another figure..."""
    out = []
    commands = doc["commands"]
    for i, c in enumerate(commands):
        if c["type"] == "Move" and c.get("angle") is not None:
            out.append((f"command {i + 1} turned", {**c, "angle": (c["angle"] + 7.0) % 360.0}))
        if c["type"] == "Move" and c.get("length") is not None:
            out.append((f"command {i + 1} longer", {**c, "length": c["length"] + 5.0}))
        if c["type"] == "Activate":
            others = {x["figure"] for x in commands if "figure" in x} - {c["figure"]}
            if others:
                out.append((f"command {i + 1} other figure", {**c, "figure": sorted(others)[0]}))
    return out


def test_a_changed_command_diverges(tmp_path: Path, ofa_games: list[Match]) -> None:
    tried = 0
    for i, match in enumerate(ofa_games):
        path = tmp_path / f"ofa{i}.json"
        match.save(path)
        doc = json.loads(path.read_text())
        edits = _changed_commands(doc)
        for label, command in random.Random(i).sample(edits, min(4, len(edits))):
            index = int(label.split()[1]) - 1
            changed = json.loads(json.dumps(doc))
            changed["commands"][index] = command
            path.write_text(json.dumps(changed))
            with pytest.raises(ReplayDiverged) as info:
                Match.load(path, _ofa_systems)
            assert str(path) in str(info.value), label
            tried += 1
    assert tried >= 6


def test_a_replay_is_checked_even_when_the_last_command_is_dropped(tmp_path: Path,
                                                                    ofa_games: list[Match]) -> None:
    path = tmp_path / "ofa.json"
    ofa_games[0].save(path)
    edit(path, lambda d: d["commands"].pop())
    with pytest.raises(ReplayDiverged, match="did not reach the saved state"):
        Match.load(path, _ofa_systems)


def test_illegal_commands_still_leave_the_match_untouched() -> None:
    m = pig_match(rolls=2)
    before = (m.state, m.dice.state(), len(m.steps))
    other = "b" if m.current_player() == "a" else "a"
    with pytest.raises(IllegalCommand):
        m.submit(Roll(other))
    assert (m.state, m.dice.state(), len(m.steps)) == before
