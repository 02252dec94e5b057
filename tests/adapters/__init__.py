"""Tests of the research adapters (hanpan.adapters)."""
