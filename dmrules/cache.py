"""What dmrules keeps compiled between runs: the bundled card database, compiled card texts,
and the encodings' rule graphs (``solving/prune.py``).

Everything kept is keyed by dmrules' own files (code, card data, grammar: by path, size and
time) and the Python version, so a change to any of them sets it aside. ``DMRULES_CACHE``
names the folder (``off``: nothing is kept), else the user's cache folder. A cache that
cannot be read or written only makes dmrules slower.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import shutil
import sys
import tempfile
from functools import lru_cache
from pathlib import Path


def cache_root() -> Path | None:
    where = os.environ.get("DMRULES_CACHE")
    if where == "off":
        return None
    return Path(where) if where else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "dmrules"


# The files of dmrules whose changes set aside what was kept: code, card data, grammars.
KEYED = (".py", ".yaml", ".lark", ".json")


@lru_cache(maxsize=1)
def code_key() -> str | None:
    """A key of dmrules' own files and the Python version."""

    # The package's own folder (code, card data, grammar): not the folder around it, which is
    # the whole of site-packages once installed, or the checkout with its virtual environment.
    package = Path(__file__).resolve().parent
    key = hashlib.sha256(sys.version.encode())
    try:
        for path in sorted(p for p in package.rglob("*") if p.suffix in KEYED):
            stat = path.stat()
            key.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    except OSError:
        return None
    return key.hexdigest()[:32]


def load(path: Path | None):
    """What ``store`` kept at ``path``, or None."""
    if path is None:
        return None
    try:
        with open(path, "rb") as stream:
            return pickle.load(stream)
    except Exception:  # absent, unreadable or stale
        return None


def store(path: Path | None, value) -> None:
    if path is None:
        return
    try:
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - something that does not pickle: not kept
        return
    store_bytes(path, data)


def store_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` at ``path`` whole or not at all (a reader never sees half a file)."""
    name = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, delete=False, suffix=".tmp") as stream:
            name = stream.name
            stream.write(data)
        os.replace(name, path)
    except Exception:
        if name is not None:
            try:
                os.unlink(name)
            except OSError:
                pass


# Entries of this many other keys (other versions of dmrules sharing the folder) are kept.
KEEP_OTHERS = 3


def forget_stale(root: Path | None, key: str | None) -> None:
    """Remove what older versions of dmrules kept in ``root``: every key's entries
    (``cards-KEY.pickle``, ``texts-KEY/``, ``graphs-KEY/``, ``scenarios-KEY/``) but this ``key``'s
    and those of the ``KEEP_OTHERS`` most recently written others. Called when a new key's
    database is written, so the folder does not grow for ever."""
    if root is None or key is None:
        return
    try:
        entries: dict[str, list[Path]] = {}
        for path in root.iterdir():
            name = path.name
            if name.startswith("cards-") and name.endswith(".pickle"):
                entries.setdefault(name[6:-7], []).append(path)
            elif name.startswith(("texts-", "graphs-", "scenarios-")) and path.is_dir():
                entries.setdefault(name.split("-", 1)[1], []).append(path)
        entries.pop(key, None)

        def written(paths: list[Path]) -> float:
            return max(p.stat().st_mtime for p in paths)

        for old in sorted(entries, key=lambda k: written(entries[k]), reverse=True)[KEEP_OTHERS:]:
            for path in entries[old]:
                if path.is_dir():
                    shutil.rmtree(path, ignore_errors=True)
                else:
                    path.unlink(missing_ok=True)
    except OSError:  # another process cleaning at the same time, or an unreadable folder
        pass
