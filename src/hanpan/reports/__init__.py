"""Balance reports for designers: ``hanpan report`` (figures, plots, one HTML page)."""
