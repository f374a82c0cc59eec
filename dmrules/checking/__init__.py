"""Checking: see dmrules/__init__.py for the pipeline."""
