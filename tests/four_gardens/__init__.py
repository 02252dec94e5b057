"""Four Gardens tests; position builders live in ``helpers.py``."""
