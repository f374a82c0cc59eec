"""A cache of answers for ``dmrules check``: a situation answered once is not solved again.

An entry is keyed by a hash of the situation's canonical form (``batch.situation_form``),
the ruleset asked for, the observed outcome, the options that change an answer
(``--resolutions``, ``--max-resolutions``, ``--max-windows``) and dmrules' version (its own
files by their content, and clingo's version). It holds the answer as JSON text in an SQLite
file, ``answers.sqlite3`` in dmrules' cache folder (``DMRULES_CACHE``, else
``~/.cache/dmrules``): data, never code. Only answers are kept, never errors (a timeout or a
memory cap is a property of the run, not of the situation). A file, or a folder, that
someone else owns or may write to is not used; an entry that is not an answer is ignored;
past ``MAX_ENTRIES`` the oldest entries are removed.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from functools import lru_cache
from pathlib import Path

KEY_VERSION = 1
MAX_ENTRIES = 500_000
COMMIT_EVERY = 1.0  # seconds between commits of new entries
FILE_NAME = "answers.sqlite3"


@lru_cache(maxsize=1)
def dmrules_version() -> str:
    """dmrules' version and a hash of the content of its own files (code, encodings, card data,
    grammar) and clingo's version: what an answer depends on besides the situation."""
    import clingo

    from ..solving.encodings import encodings_dir
    from ..version import __version__

    digest = hashlib.sha256(f"{__version__}\0{clingo.__version__}\0".encode())
    package = Path(__file__).resolve().parents[1]
    files = [*package.rglob("*.py"), *package.rglob("*.yaml"), *package.rglob("*.lark"), *encodings_dir().rglob("*.lp")]
    for path in sorted(set(files)):
        try:
            digest.update(path.relative_to(path.parents[1]).as_posix().encode() + b"\0" + path.read_bytes())
        except (OSError, ValueError):
            digest.update(str(path).encode())
    return f"{__version__}+{digest.hexdigest()[:16]}"


def answer_key(situation: str, ruleset: str | None, observed: list[str] | None, options: dict) -> str:
    parts = [KEY_VERSION, dmrules_version(), situation, ruleset, observed, sorted(options.items())]
    return hashlib.sha256(json.dumps(parts, ensure_ascii=False).encode("utf-8")).hexdigest()


def _private(path: Path) -> str | None:
    """Why ``path`` may not be trusted (owned by someone else, writable by others), or None."""
    info = path.stat()
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return f"{path} belongs to another user"
    if info.st_mode & 0o022:
        return f"{path} may be written by other users"
    return None


def default_path() -> Path | None:
    from ..cache import cache_root

    root = cache_root()
    return None if root is None else root / FILE_NAME


class AnswerCache:
    """Answers by key, in an SQLite file (``open_cache``)."""

    def __init__(self, path: Path):
        self.path = path
        self.hits = 0
        self.stored = 0
        self.db = sqlite3.connect(path, timeout=10, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, answer TEXT NOT NULL)")
        self.pending: list[tuple[str, str]] = []
        self.last = time.monotonic()

    def get(self, key: str) -> dict | None:
        try:
            row = self.db.execute("SELECT answer FROM answers WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error:
            return None
        if row is None:
            return None
        try:
            answer = json.loads(row[0])
        except (TypeError, ValueError, RecursionError):
            return None
        if not _is_answer(answer):
            return None
        self.hits += 1
        return answer

    def put(self, key: str, answer: dict) -> None:
        if not _is_answer(answer):
            return
        self.pending.append((key, json.dumps(answer, ensure_ascii=False, separators=(",", ":"))))
        if len(self.pending) >= 500 or time.monotonic() - self.last >= COMMIT_EVERY:
            self.flush()

    def flush(self) -> None:
        self.last = time.monotonic()
        if not self.pending:
            return
        try:
            with self.db:
                self.db.execute("BEGIN")
                self.db.executemany("INSERT OR REPLACE INTO answers (key, answer) VALUES (?, ?)", self.pending)
            self.stored += len(self.pending)
        except sqlite3.Error:
            pass
        self.pending.clear()

    def close(self) -> None:
        self.flush()
        try:
            (count,) = self.db.execute("SELECT count(*) FROM answers").fetchone()
            if count > MAX_ENTRIES:
                with self.db:
                    self.db.execute("BEGIN")
                    self.db.execute(
                        "DELETE FROM answers WHERE rowid IN (SELECT rowid FROM answers ORDER BY rowid LIMIT ?)",
                        (count - MAX_ENTRIES,),
                    )
        except sqlite3.Error:
            pass
        self.db.close()


def _is_answer(answer: object) -> bool:
    """The shape of an answer line (without its id): anything else read back is ignored."""
    if not isinstance(answer, dict) or "error" in answer:
        return False
    counts = answer.get("counts")
    return (
        isinstance(answer.get("ruleset"), str)
        and isinstance(answer.get("complete"), bool)
        and isinstance(counts, dict)
        and all(
            isinstance(counts.get(k), int) and not isinstance(counts.get(k), bool) for k in ("resolutions", "states")
        )
        and (("observed" not in answer) or (isinstance(answer["observed"], dict) and "legal" in answer["observed"]))
    )


def open_cache(path: Path | None) -> tuple[AnswerCache | None, str | None]:
    """The cache at ``path`` (None: no cache), and why it is not used when it is not."""
    if path is None:
        return None, None
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        problem = _private(path.parent)
        if problem is None and not path.exists():
            os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        problem = problem or _private(path)
        if problem:
            return None, f"the cache of answers is not used: {problem}"
        return AnswerCache(path), None
    except (OSError, sqlite3.Error) as exc:
        return None, f"the cache of answers is not used: {path}: {getattr(exc, 'strerror', None) or exc}"
