"""Running ``dmrules check``: the batch read, each item answered (from the cache of answers, or
by a task on the local pool or the cluster), one JSON line each in input order, progress on a
terminal, and a summary on standard error."""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass
from typing import IO

from ..game.errors import InputError
from .items import Bounds, Item, payload, read_batch, situation_form
from .pool import Stats, run_ordered
from .supervisor import Limits, Task, rss_kib

EXIT_OK, EXIT_ILLEGAL, EXIT_ERRORS = 0, 1, 2


@dataclass
class CheckOptions:
    batch: str
    jobs: int
    scheduler: str | None
    timeout: float | None
    max_memory: int
    resolutions: bool = False
    max_resolutions: int | None = None
    max_windows: int | None = None
    ruleset: str | None = None
    cache: bool = True
    resume: str | None = None
    output: str | None = None


def answered_in(path: str) -> dict[str, bool]:
    """The ids answered (by a line that is not an error) in an earlier output, each with whether its observed outcome
    was found not legal; a last line cut short (the run was stopped while writing it) is removed, so that new lines
    follow whole ones."""
    answered: dict[str, bool] = {}
    try:
        with open(path, "r+b") as stream:
            data = stream.read()
            end = data.rfind(b"\n") + 1
            lines = _answer_lines(path, data, end)  # before anything is cut: a file that is not answers stays whole
            if end < len(data):
                stream.truncate(end)
    except FileNotFoundError:
        return answered
    except OSError as exc:
        raise InputError(path, "--resume", f"cannot be read: {exc.strerror or exc}") from None
    for line in lines:
        if isinstance(line.get("id"), str) and "error" not in line:
            observed = line.get("observed")
            answered[line["id"]] = isinstance(observed, dict) and observed.get("legal") is False
    return answered


def _answer_lines(path: str, data: bytes, end: int) -> list[dict]:
    """The answer lines of an earlier output (``data``, whole lines up to ``end``); InputError at the first line
    that is not one, and at a last line cut short that does not start as one."""
    lines = []
    for number, raw in enumerate(data[:end].split(b"\n")[:-1], start=1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except (ValueError, RecursionError):
            line = None
        if not isinstance(line, dict) or "id" not in line:
            raise _not_answers(path, number)
        lines.append(line)
    if end < len(data) and not data[end:].startswith(b'{"id": '):
        raise _not_answers(path, data.count(b"\n") + 1)
    return lines


def _not_answers(path: str, number: int) -> InputError:
    return InputError(
        path,
        "--resume",
        "is not an answer line of 'dmrules check': resume a file that a run wrote its answers to",
        number,
    )


def _output(options: CheckOptions) -> tuple[IO[str], dict[str, bool]]:
    if options.resume and options.output:
        raise InputError("--resume", "", "writes to the file it resumes; leave --output out")
    target = options.resume or options.output
    if target is None:
        return sys.stdout, {}
    answered = answered_in(target) if options.resume else {}
    try:
        return open(target, "a" if options.resume else "w", encoding="utf-8"), answered  # noqa: SIM115
    except OSError as exc:
        raise InputError(target, "", f"cannot be written: {exc.strerror or exc}") from None


def backend_for(options: CheckOptions, work: str = "check"):
    """The Dask cluster if a scheduler is named (``--scheduler``, ``DMRULES_SCHEDULER``), else the local pool."""
    address = options.scheduler or os.environ.get("DMRULES_SCHEDULER") or None
    if address:
        from .cluster import DaskBackend

        return DaskBackend(address, work)
    from .pool import local_backend

    return local_backend(work, options.jobs)


class CheckProgress:
    """Items checked so far and their rate, on a terminal's standard error (never a pipe)."""

    def __init__(self) -> None:
        self.active = sys.stderr.isatty()
        self.start = time.monotonic()
        self.last = 0.0
        self.shown = False

    def tick(self, counts: Counter) -> None:
        now = time.monotonic()
        if not self.active or now - self.last < 0.5:
            return
        self.last = now
        done = counts["items"]
        rate = done / max(now - self.start, 1e-9)
        sys.stderr.write(f"\r\x1b[K  {done:,} items checked, {counts['errors']:,} errors, {rate:,.0f}/s")
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


def run_check(options: CheckOptions) -> int:
    """Answer every item of the batch; the exit status: 2 if an item got an error line, else 1
    if an observed outcome is not legal, else 0."""
    from .answers_cache import default_path, open_cache

    bounds = Bounds(options.timeout, options.max_memory)
    items = read_batch(options.batch, bounds)
    first = next(items, None)  # a batch that cannot be read at all is refused before anything starts
    out, answered = _output(options)
    cache, problem = open_cache(default_path() if options.cache else None)
    if problem:
        sys.stderr.write(f"dmrules: warning: {problem}\n")
    backend = backend_for(options)
    counts: Counter = Counter()
    heads: dict[int, tuple[dict, str | None, bool]] = {}
    started, rss_before = time.monotonic(), rss_kib()

    def jobs():
        number = 0
        for item in _chain(first, items):
            if item.id in answered:
                # answered by the run resumed: its outcome not legal still makes the batch's exit status 1
                counts["resumed_illegal"] += answered[item.id]
                continue
            key = _cache_key(item, options) if cache is not None and item.error is None else None
            cached = cache.get(key) if key is not None else None
            heads[number] = (item.head(), key, cached is not None)
            yield number, _job(number, item, cached, options, bounds)
            number += 1

    progress, writer = CheckProgress(), _Writer(out)

    def emit(number: int, answer: dict) -> None:
        head, key, from_cache = heads.pop(number)
        if cache is not None and key is not None and not from_cache and "error" not in answer:
            cache.put(key, answer)
        writer.write({**head, **answer})
        _tally(counts, answer, from_cache)

    stats = Stats()
    try:
        run_ordered(jobs(), backend, emit, stats, tick=lambda: progress.tick(counts))
    finally:
        progress.close()
        writer.close()
        if cache is not None:
            cache.close()
    _summary(counts, stats, backend, time.monotonic() - started, (rss_before, rss_kib()))
    if counts["errors"]:
        return EXIT_ERRORS
    return EXIT_ILLEGAL if counts["illegal"] or counts["resumed_illegal"] else EXIT_OK


def _cache_key(item: Item, options: CheckOptions) -> str | None:
    from .answers_cache import answer_key

    form = situation_form(item)
    if form is None:
        return None
    changes = {
        "resolutions": options.resolutions,
        "max_resolutions": options.max_resolutions,
        "max_windows": options.max_windows,
    }
    return answer_key(form, item.ruleset or options.ruleset, item.observed, changes)


class _Writer:
    """Answer lines, flushed at least every fifth of a second (a reader sees them come)."""

    def __init__(self, out: IO[str]):
        self.out = out
        self.last = time.monotonic()

    def write(self, line: dict) -> None:
        self.out.write(json.dumps(line, ensure_ascii=False) + "\n")
        if time.monotonic() - self.last >= 0.2:
            self.out.flush()
            self.last = time.monotonic()

    def close(self) -> None:
        self.out.flush()
        if self.out is not sys.stdout:
            self.out.close()


def _chain(first: Item | None, rest):
    if first is not None:
        yield first
        yield from rest


def _job(number: int, item: Item, cached: dict | None, options: CheckOptions, bounds: Bounds) -> Task | dict:
    if item.error is not None:
        return {"error": item.error, "reason": "input"}
    if cached is not None:
        return cached
    if item.ruleset is None and options.ruleset:
        item.ruleset = options.ruleset
    limits = Limits(max_memory=item.max_memory or bounds.max_memory, timeout=item.timeout or bounds.timeout)
    item.timeout = limits.timeout  # the solver stops by itself then (and its process is ended if it cannot)
    return Task([number], [payload(item, options.resolutions, options.max_resolutions, options.max_windows)], limits)


def _tally(counts: Counter, answer: dict, from_cache: bool) -> None:
    counts["items"] += 1
    counts["cached"] += from_cache
    if "error" in answer:
        counts["errors"] += 1
        return
    observed = answer.get("observed")
    if observed is None:
        counts["unobserved"] += 1
    elif observed.get("legal"):
        counts["legal"] += 1
    else:
        counts["illegal"] += 1


def _summary(counts: Counter, stats: Stats, backend, seconds: float, rss: tuple[int, int]) -> None:
    from ..text import plural

    answered = counts["items"] - counts["errors"]
    line = (
        f"dmrules: {plural(counts['items'], 'item')}: {answered:,} answered ({counts['legal']:,} legal, "
        f"{counts['illegal']:,} not legal, {counts['unobserved']:,} with no observed outcome), "
        f"{counts['errors']:,} with an error, {counts['cached']:,} from the cache; {seconds:.1f} s"
    )
    if stats.peaks_kib:
        peaks = stats.peaks_kib
        tenth = max(1, len(peaks) // 10)
        line += (
            f"; peak memory of an item's process {max(peaks) / 1024:.0f} MiB (on average "
            f"{sum(peaks[:tenth]) / tenth / 1024:.0f} MiB over the first tenth of the items, "
            f"{sum(peaks[-tenth:]) / tenth / 1024:.0f} MiB over the last)"
        )
    peak_rss = getattr(backend, "peak_rss", None)
    if peak_rss:
        line += "; peak memory of a " + ", of a ".join(f"{name} {kib / 1024:.0f} MiB" for name, kib in peak_rss.items())
    if rss[0]:
        line += f"; memory of this process {rss[0] / 1024:.0f} MiB at the start, {rss[1] / 1024:.0f} MiB at the end"
    sys.stderr.write(line + "\n")
