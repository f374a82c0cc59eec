"""Checking situations in bulk: a batch of items, each answered in a capped process of its own, on
a local process pool or a Dask cluster, with a cache of answers (`dmrules check`, and `dmrules
verify --jobs`)."""
