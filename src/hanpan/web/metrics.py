"""What a dashboard or an alert reads (``GET /metrics``, Prometheus' text format, ``prometheus_client``),
and the health checks (``/healthz``: the process answers; ``/readyz``: its database answers and is
migrated).  ``/metrics`` answers only the addresses given with ``--metrics-from`` (loopback by default):
it tells how busy the site is, not what anyone plays.

Each app has its own registry (tests make many apps in one process).

>>> m = Metrics()
>>> m.moves.labels(by="person").inc()
>>> b"hanpan_moves_total" in m.text()
True
"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

#: seconds: from a person's move arriving to its push queued for every open page of the game
MOVE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
DB_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry()
        self.moves = Counter("hanpan_moves", "Moves made, by people and by computer seats", ["by"], registry=registry)
        self.move_push = Histogram("hanpan_move_push_seconds", "From a person's move arriving to its push queued "
                                   "for every open page of its game", buckets=MOVE_BUCKETS, registry=registry)
        self.db = Histogram("hanpan_db_seconds", "A database call's time on the database threads",
                            buckets=DB_BUCKETS, registry=registry)
        self.errors = Counter("hanpan_http_errors", "Error answers (4xx and 5xx), by route and status",
                              ["route", "status"], registry=registry)
        self.notifications = Counter("hanpan_notifications", "Pushes and mails, sent or failed",
                                     ["channel", "outcome"], registry=registry)
        self._gauges: dict[str, Gauge] = {}

    def gauge(self, name: str, documentation: str, read: Callable[[], float]) -> None:
        """A value read when ``/metrics`` is asked (open WebSockets, queues)."""
        gauge = Gauge(name, documentation, registry=self.registry)
        gauge.set_function(read)
        self._gauges[name] = gauge

    def text(self) -> bytes:
        return generate_latest(self.registry)
