"""The version of dmrules (the package, its answers' cache keys, `dmrules --version`)."""

__version__ = "0.1.0"
