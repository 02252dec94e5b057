"""Spirits of the Wild tests; the position builders and the spec model live in ``helpers.py``."""
