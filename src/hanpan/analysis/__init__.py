"""Simulation, statistics and benchmarks over the core contract."""
