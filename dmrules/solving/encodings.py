"""The ASP encodings: where they are installed, which files a ruleset loads, and their
syntax trees (parsed once per process)."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..game.errors import InternalError

RULESET_ENTRY = {"dm": "dm.lp", "sequential": "sequential.lp", "dmps": "dmps.lp"}


@lru_cache(maxsize=1)
def encodings_dir() -> Path:
    """Where the ASP encodings are: shipped as the package ``dmrules.asp``."""
    try:  # the asp/ folder, mapped into the package
        folder = Path(str(resources.files("dmrules.asp")))
        if (folder / "dm.lp").is_file():
            return folder
    except ImportError:
        pass
    folder = Path(__file__).resolve().parents[2] / "asp"
    if (folder / "dm.lp").is_file():
        return folder
    raise InternalError("the ASP encodings (asp/*.lp) are not installed with dmrules")


def encoding_files(
    ruleset: str, mode: str = "solve", group: bool = False, show: bool = True, brief: bool = False
) -> list[str]:
    """The files to load: the ruleset's entry file, then forbid or explain, then show (or, with
    ``brief``, what a compact resolution reads: brief.lp) (and group)."""
    folder = encodings_dir()
    names = [RULESET_ENTRY[ruleset], "forbid.lp" if mode == "solve" else "explain.lp"]
    if show:
        names.append("brief.lp" if brief else "show.lp")
    if group:
        names.append("group.lp")
    return [str(folder / name) for name in names]


def silent(code, message) -> None:  # clingo's informational messages are not for our users
    return None


@lru_cache(maxsize=16)
def parsed_statements(files: tuple[str, ...], extra: str = "") -> tuple:
    """The encodings, parsed once per process (``#include`` resolved) and kept as syntax trees."""
    from clingo import ast

    out: list = []
    ast.parse_files(list(files), out.append, logger=silent, message_limit=0)
    if extra:
        ast.parse_string(extra, out.append, logger=silent, message_limit=0)
    return tuple(out)
