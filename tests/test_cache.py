"""The cache folder cannot be turned against its user: nothing read from it runs code, an
entry edited or planted by anything but dmrules changes no answer, a file of the wrong shape
is read past, a folder others may write to is refused, entries are keyed by content, and the
folder's size is bounded."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import time

import pytest

from dmrules import cache
from tests.conftest import FIXTURES, ROOT

A01 = FIXTURES / "A01-two-jashintei.yaml"


def solve_in_a_process(folder, *args: str) -> subprocess.CompletedProcess:
    """``dmrules solve A01 --json`` as a user runs it, with ``folder`` as the cache."""
    env = {**os.environ, "DMRULES_CACHE": str(folder)}
    return subprocess.run(
        [sys.executable, "-m", "dmrules.cli", "solve", str(A01), "--json", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )


def count(done: subprocess.CompletedProcess) -> int:
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["counts"]["resolutions"]


class Planted:
    """A pickle that, loaded, would leave a file behind."""

    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return (open, (self.marker, "w"))


@pytest.fixture
def folder(tmp_path):
    path = tmp_path / "cache"
    path.mkdir(mode=0o700)
    path.chmod(0o700)
    return path


def test_a_planted_pickle_is_never_run_and_changes_no_answer(folder, tmp_path) -> None:
    assert count(solve_in_a_process(folder)) == 3  # the folder filled as dmrules fills it
    marker = tmp_path / "ran"
    planted = pickle.dumps(Planted(str(marker)))
    entries = [p for p in folder.rglob("*") if p.is_file() and p.name != "secret"]
    assert entries and all(p.suffix == ".json" for p in entries)
    for path in entries:  # every entry, and a pickle of the older name beside each
        path.write_bytes(planted)
        path.with_suffix(".pickle").write_bytes(planted)
    assert count(solve_in_a_process(folder)) == 3
    assert not marker.exists()
    assert pickle.loads(planted) is not None and marker.exists()  # it would have run


def test_an_edited_entry_is_read_past(folder) -> None:
    assert count(solve_in_a_process(folder)) == 3
    (cards,) = folder.glob("cards-*.json")
    head, _, body = cards.read_bytes().partition(b"\n")
    # ジャシン帝 made mandatory in the kept database, the signature left as it was: A01 would
    # give 2 resolutions if it were believed (609.9b with a mandatory replacement on each).
    edited = body.replace(b'"optional":true', b'"optional":false')
    assert edited != body
    cards.write_bytes(head + b"\n" + edited)
    for path in folder.glob("scenarios-*/*.json"):
        path.unlink()  # the scenario is read again, with the cards of the database
    assert count(solve_in_a_process(folder)) == 3


def test_an_entry_of_the_wrong_shape_is_read_past(folder, monkeypatch) -> None:
    from dmrules.reading import carddb

    monkeypatch.setenv("DMRULES_CACHE", str(folder))
    path = carddb._cache_file()
    for value in ([1, 2, 3], {"@c": "Scenario", "v": {}}, {"@c": "os.system", "v": {}}):
        cache.store(path, value)  # signed as dmrules signs, but not a database
        assert cache.load(path) == value
        carddb.bundled.cache_clear()
        try:
            assert carddb.bundled().find("アビスベル＝ジャシン帝") is not None
        finally:
            carddb.bundled.cache_clear()


def test_a_folder_others_can_write_to_is_refused(tmp_path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    done = solve_in_a_process(shared)
    assert count(done) == 3
    assert "dmrules: warning: the cache folder" in done.stderr and "can be written by others" in done.stderr
    assert list(shared.iterdir()) == []  # nothing read there, nothing kept


def test_a_folder_of_another_user_is_refused(folder, monkeypatch, capsys) -> None:
    monkeypatch.setenv("DMRULES_CACHE", str(folder))
    monkeypatch.setattr(os, "getuid", lambda: os.stat(folder).st_uid + 1)
    cache._trusted.cache_clear()
    cache._secret.cache_clear()
    try:
        assert cache.cache_root() is None
        assert "belongs to another user" in capsys.readouterr().err
    finally:
        cache._trusted.cache_clear()
        cache._secret.cache_clear()


def test_a_secret_others_can_read_is_refused(folder, monkeypatch, capsys) -> None:
    (folder / "secret").write_text("0" * 64)
    (folder / "secret").chmod(0o644)
    monkeypatch.setenv("DMRULES_CACHE", str(folder))
    cache._trusted.cache_clear()
    cache._secret.cache_clear()
    try:
        assert cache.cache_root() is None
        assert "secret" in capsys.readouterr().err
    finally:
        cache._trusted.cache_clear()
        cache._secret.cache_clear()


def test_a_scenario_edited_to_the_same_size_and_time_is_read_again(tmp_path, monkeypatch, folder) -> None:
    import dmrules

    monkeypatch.setenv("DMRULES_CACHE", str(folder))
    path = tmp_path / "s.yaml"
    path.write_text(A01.read_text(encoding="utf-8"), encoding="utf-8")
    stamp = os.stat(path)
    assert dmrules.load_scenario(path).turn_player == "opponent"
    text = path.read_text(encoding="utf-8").replace("turn: opponent", "turn: me______")
    path.write_text(text.replace("turn: me______", "turn: me      "), encoding="utf-8")
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert os.stat(path).st_size == stamp.st_size and os.stat(path).st_mtime_ns == stamp.st_mtime_ns
    assert dmrules.load_scenario(path).turn_player == "me"


def test_the_folder_keeps_within_its_size(folder, monkeypatch) -> None:
    monkeypatch.setenv("DMRULES_CACHE", str(folder))
    (folder / "texts-k").mkdir()
    for n in range(10):
        entry = folder / "texts-k" / f"e{n}.json"
        cache.store(entry, "x" * 1000)
        os.utime(entry, (time.time() - 100 + n, time.time() - 100 + n))  # e0 the oldest
    cache.trim(folder, limit=6000)
    left = sorted(p.name for p in (folder / "texts-k").iterdir())
    assert left == [f"e{n}.json" for n in range(6, 10)]  # the oldest went, to three quarters of the limit
    assert (folder / "secret").exists()


def test_the_code_key_follows_the_bytes_of_the_files_not_their_times(tmp_path, monkeypatch) -> None:
    package = tmp_path / "dmrules"
    package.mkdir(parents=True)
    (package / "cache.py").write_text("# the cache\n")
    rules = package / "rules.yaml"
    rules.write_text("optional: true\n")
    monkeypatch.setattr(cache, "__file__", str(package / "cache.py"))
    cache.code_key.cache_clear()
    try:
        before = cache.code_key()
        stamp = os.stat(rules)
        rules.write_text("optional: fals\n")  # the same size, and the same time set back
        os.utime(rules, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
        cache.code_key.cache_clear()
        assert cache.code_key() != before
    finally:
        cache.code_key.cache_clear()
    assert cache.content_key("a", "bc") != cache.content_key("ab", "c")  # parts are told apart


def test_the_reading_key_follows_the_reading_floors_alone(tmp_path, monkeypatch) -> None:
    """Compiled card texts, the bundled database and the scenarios read are the work of the floors
    that read: a change to the solver, the encodings or the command line keeps them; a change to
    a reader, the model or a helper they use does not."""
    package = tmp_path / "dmrules"
    files = {
        "cache.py": "# the cache\n",
        "cli.py": "# the command\n",
        "reading/cardtext/grammar.lark": "start: X\n",
        "game/events.py": "KINDS = ()\n",
        "solving/engine.py": "# the engine\n",
        "cards/printed.yaml": "cards: []\n",
    }
    for name, text in files.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text)
    (tmp_path / "asp").mkdir()
    (tmp_path / "asp" / "rules.lp").write_text("a.\n")
    monkeypatch.setattr(cache, "__file__", str(package / "cache.py"))

    def keys() -> tuple:
        cache.code_key.cache_clear()
        cache.reading_key.cache_clear()
        return cache.code_key(), cache.reading_key()

    try:
        code, reading = keys()
        assert code != reading
        for kept in ("solving/engine.py", "cli.py", "../asp/rules.lp"):
            (package / kept).write_text("# changed\n")
            now = keys()
            assert now[0] != code and now[1] == reading, kept
            code = now[0]
        for changed in ("reading/cardtext/grammar.lark", "game/events.py", "cache.py", "cards/printed.yaml"):
            (package / changed).write_text("# changed\n")
            now = keys()
            assert now[1] != reading, changed
            code, reading = now
    finally:
        cache.code_key.cache_clear()
        cache.reading_key.cache_clear()
