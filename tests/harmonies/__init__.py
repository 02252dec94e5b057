"""Harmonies tests; shared builders and the spec model live in ``helpers.py``."""
