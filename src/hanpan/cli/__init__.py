"""The ``hanpan`` command."""
