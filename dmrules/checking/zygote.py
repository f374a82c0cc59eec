"""``python -m dmrules.checking.zygote``: the process beside a Dask worker that forks each item's
process (``bounded.serve``: tasks in on standard input, answers out on standard output)."""

from __future__ import annotations

from .bounded import serve

if __name__ == "__main__":
    serve()
