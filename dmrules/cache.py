"""What dmrules keeps compiled between runs: the bundled card database, compiled card texts,
the scenario files read, the encodings' rule graphs (``solving/prune.py``) and their windowed
forms (``solving/batch.py``).

Nothing kept can run code, and nothing kept is trusted blindly:

- Entries are JSON (``keepable.py`` turns dmrules' objects into it and back, constructing
  only the classes it is given), never pickles.
- Each entry is signed with a secret of the folder (HMAC-SHA256 over its place and its
  bytes; the secret is a file only its user can read): an entry edited or planted by
  anything but dmrules, or of the wrong shape, is read past as if it were not there.
- Keys are content hashes: ``code_key`` hashes the bytes of dmrules' own files (code, card
  data, grammars, encodings) and the Python version, ``reading_key`` those of the floors that
  read alone (what they make: the compiled card texts, the bundled database, the scenarios
  read); each entry's name hashes the bytes of what it was made from. Nothing depends on
  modification times.
- The folder must be a folder of the user's own that no one else may write to (nor the
  secret be readable by anyone else): otherwise nothing is read or kept there, and dmrules
  says so once on standard error.
- Its size is bounded (``MAX_BYTES``; the oldest entries go first), and older versions'
  entries go but those of the ``KEEP_OTHERS`` most recent.

``DMRULES_CACHE`` names the folder (``off``: nothing is kept), else the user's cache folder.
A cache that cannot be read or written only makes dmrules slower.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import stat
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

FORMAT = 2  # the entries' format: an entry of another is read past
MAX_BYTES = 128 << 20  # the whole folder, at most; the oldest entries go first
MAX_ENTRY = 16 << 20  # a larger value is not kept
TRIM_EVERY = 64  # entries written between two looks at the folder's size


def cache_root() -> Path | None:
    """The cache folder, or None: off, or a folder dmrules may not trust (``_trusted``)."""
    where = os.environ.get("DMRULES_CACHE")
    if where == "off":
        return None
    root = Path(where) if where else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "dmrules"
    return root if _trusted(str(root)) else None


@lru_cache(maxsize=8)
def _trusted(root: str) -> bool:
    """Whether ``root`` is (or could be made) a folder of this user's that no one else may
    write to, with a secret only this user can read; said once on standard error if not."""
    problem = _folder_problem(Path(root))
    if problem is None:
        return True
    sys.stderr.write(
        f"dmrules: warning: the cache folder {root!r} {problem}: nothing is read or kept there "
        "(make it a folder of your own that others cannot write to, or set DMRULES_CACHE=off)\n"
    )
    return False


def _folder_problem(root: Path) -> str | None:
    if os.name != "posix":
        return None
    try:
        root.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.stat(root)
    except OSError as exc:
        return f"cannot be used ({exc.strerror or exc})"
    if not stat.S_ISDIR(info.st_mode):
        return "is not a folder"
    if info.st_uid != os.getuid():
        return "belongs to another user"
    if info.st_mode & 0o022:
        return f"can be written by others (mode {stat.S_IMODE(info.st_mode):o})"
    if _secret(str(root)) is None:
        return "holds a secret file others can read, or that is not dmrules' ('secret')"
    return None


@lru_cache(maxsize=8)
def _secret(root: str) -> bytes | None:
    """The folder's secret key (made on first use): a regular file of this user's that no one
    else can read; None if the file there is not that."""
    path = os.path.join(root, "secret")
    if not os.path.lexists(path):
        # Written whole under another name, then linked into place: a process that finds the
        # name never reads half a secret (a second writer's link fails, and it reads the first's).
        try:
            fd, made = tempfile.mkstemp(dir=root, prefix=".secret-")
            try:
                os.write(fd, os.urandom(32).hex().encode())
            finally:
                os.close(fd)
            try:
                os.link(made, path)
            except FileExistsError:
                pass
            finally:
                os.unlink(made)
        except OSError:
            return None
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
            return None
        key = os.read(fd, 65)
    finally:
        os.close(fd)
    return key if len(key) == 64 else None


# The files of dmrules whose bytes key what is kept: code, card data, grammars, encodings.
KEYED = ("py", "yaml", "lark", "json", "lp")


@lru_cache(maxsize=1)
def code_key() -> str | None:
    """A key of the bytes of dmrules' own files (code, card data, grammars, encodings) and the
    Python version: any change to one of them sets everything kept aside. The package's own
    folder, not the one around it (the whole of site-packages once installed, or the checkout
    with its virtual environment), and the encodings beside it in a checkout."""
    package = Path(__file__).resolve().parent
    folders = [package]
    encodings = package.parent / "asp"
    if encodings.is_dir() and not (package / "asp").is_dir():
        folders.append(encodings)  # an editable install: the encodings beside the package
    return _files_key([path for folder in folders for path in _keyed_files(folder)], package.parent)


# What the card-text compiler makes is the work of the floors that read (pyproject.toml's layers,
# kept by lint-imports: a floor imports only the ones below it) and of the helpers outside the
# floors; the floors above them (solving, checking, presenting, batch, the API, the command line)
# and the encodings cannot change it.
READING = ("game", "reading", "cards", "data")
ABOVE_READING = ("api.py", "cli.py", "__main__.py")


@lru_cache(maxsize=1)
def reading_key() -> str | None:
    """``code_key`` of the files the compiled card texts depend on (``READING``, and the modules
    of the package's top level but the floors above): a change to the solver or to an output
    keeps them."""
    package = Path(__file__).resolve().parent
    files = [p for p in package.glob("*.py") if p.name not in ABOVE_READING]
    files += [path for floor in READING for path in _keyed_files(package / floor)]
    return _files_key(files, package.parent, "reading")


def _keyed_files(folder: Path) -> list[Path]:
    return [p for ext in KEYED for p in folder.rglob(f"*.{ext}")]


def _files_key(files: list[Path], base: Path, scope: str = "") -> str | None:
    key = hashlib.sha256(sys.version.encode() + scope.encode())
    try:
        for path in sorted(files, key=lambda p: p.relative_to(base).as_posix()):
            key.update(f"{path.relative_to(base)}\0".encode("utf-8", "surrogatepass"))
            key.update(hashlib.sha256(path.read_bytes()).digest())
    except (OSError, ValueError):
        return None
    return key.hexdigest()[:32]


def content_key(*parts: str | bytes) -> str:
    """The name of an entry made from ``parts`` (texts or bytes): a hash of their contents."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()[:40]


def _entry_mac(root: Path, path: Path, body: bytes) -> str | None:
    secret = _secret(str(root))
    if secret is None:
        return None
    try:
        place = path.relative_to(root).as_posix()
    except ValueError:
        return None
    return hmac.new(secret, place.encode("utf-8", "surrogatepass") + b"\0" + body, hashlib.sha256).hexdigest()


def load(path: Path | None):
    """The JSON value ``store`` kept at ``path``, or None: absent, unreadable, too big, of
    another format, or not signed by this folder's secret (edited, planted)."""
    root = cache_root()
    if path is None or root is None:
        return None
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_ENTRY + 4096:
            return None
        with os.fdopen(os.dup(fd), "rb") as stream:
            raw = stream.read(MAX_ENTRY + 4097)
    except OSError:
        return None
    finally:
        os.close(fd)
    head, _, body = raw.partition(b"\n")
    try:
        header = json.loads(head)
        if not isinstance(header, dict) or header.get("format") != FORMAT or not isinstance(header.get("mac"), str):
            return None
        expected = _entry_mac(root, path, body)
        if expected is None or not hmac.compare_digest(header["mac"], expected):
            return None
        return json.loads(body)
    except (ValueError, RecursionError):
        return None


def store(path: Path | None, value) -> None:
    """Keep the JSON value ``value`` at ``path`` (not kept if it is not JSON, or too big)."""
    root = cache_root()
    if path is None or root is None:
        return
    try:
        body = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
    except (TypeError, ValueError, RecursionError):
        return
    mac = _entry_mac(root, path, body)
    if mac is None or len(body) > MAX_ENTRY:
        return
    store_bytes(path, json.dumps({"format": FORMAT, "mac": mac}).encode() + b"\n" + body)
    _entries_written[0] += 1
    if _entries_written[0] % TRIM_EVERY == 1:
        trim(root)


_entries_written = [0]  # entries written by this process


def store_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` at ``path`` whole or not at all (a reader never sees half a file)."""
    name = None
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
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


def trim(root: Path | None, limit: int = MAX_BYTES) -> None:
    """Remove the oldest entries (by when they were written) until the folder holds at most
    three quarters of ``limit`` bytes, once it holds more than ``limit``."""
    if root is None:
        return
    try:
        entries = []
        for folder in root.iterdir():
            if folder.is_dir() and not folder.is_symlink():
                entries += [(p.stat().st_mtime, p.stat().st_size, p) for p in folder.iterdir() if p.is_file()]
            elif folder.name.startswith("cards-") and folder.is_file():
                entries.append((folder.stat().st_mtime, folder.stat().st_size, folder))
        total = sum(size for _, size, _ in entries)
        if total <= limit:
            return
        for _, size, path in sorted(entries, key=lambda e: e[0]):
            if total <= limit * 3 // 4:
                break
            path.unlink(missing_ok=True)
            total -= size
    except OSError:  # another process cleaning at the same time, or an unreadable folder
        pass


# Entries of this many other keys (other versions of dmrules sharing the folder) are kept.
KEEP_OTHERS = 3
KEYED_FOLDERS = ("texts-", "graphs-", "scenarios-")


def forget_stale(root: Path | None, *keys: str | None) -> None:
    """Remove what older versions of dmrules kept in ``root``: every key's entries (``cards-KEY.json``,
    ``texts-KEY/``, ``graphs-KEY/``, ``scenarios-KEY/``, and the pickles of the versions before
    this format) but those of these ``keys`` (``code_key`` and ``reading_key``) and those of the
    ``KEEP_OTHERS`` most recently written others. Called when a new key's database is written,
    so the folder does not grow for ever."""
    import shutil

    kept_keys = [key for key in keys if key is not None]
    if root is None or len(kept_keys) < len(keys):
        return
    try:
        entries: dict[str, list[Path]] = {}
        for path in root.iterdir():
            name = path.name
            if name.startswith("cards-") and name.endswith((".json", ".pickle")):
                entries.setdefault(name[6:].rsplit(".", 1)[0], []).append(path)
            elif name.startswith(KEYED_FOLDERS) and path.is_dir() and not path.is_symlink():
                entries.setdefault(name.split("-", 1)[1], []).append(path)
        for key in kept_keys:
            entries.pop(key, None)
        pickled = {k for k, paths in entries.items() if any(p.name.endswith(".pickle") for p in paths)}

        def written(paths: list[Path]) -> float:
            return max(p.stat().st_mtime for p in paths)

        kept = [k for k in sorted(entries, key=lambda k: written(entries[k]), reverse=True) if k not in pickled]
        for old in [*kept[KEEP_OTHERS:], *pickled]:
            for path in entries[old]:
                if path.is_dir():
                    shutil.rmtree(path, ignore_errors=True)
                else:
                    path.unlink(missing_ok=True)
    except OSError:  # another process cleaning at the same time, or an unreadable folder
        pass
