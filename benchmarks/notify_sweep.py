"""What the notifier's look costs the leading process: ``--tables`` turn-based tables in progress, each
with a person to move whose page is closed and a device to push to (a local push service that answers
201), on SQLite.  Prints the first look (every event new, every push sent) and the steady looks after it
(nothing new: what every 10 s costs), wall and CPU time.

    PYTHONPATH=. .venv/bin/python benchmarks/notify_sweep.py [--tables 300] [--looks 5]
"""

from __future__ import annotations

import argparse
import base64
import dataclasses
import os
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from fastapi.testclient import TestClient

from hanpan.web.app import create_app
from hanpan.web.settings import ServerSettings


def push_service() -> tuple[ThreadingHTTPServer, dict[str, Any]]:
    key = ec.generate_private_key(ec.SECP256R1())
    raw = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers["Content-Length"]))
            self.send_response(201)
            self.end_headers()

        def log_message(self, *_: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    b64 = lambda data: base64.urlsafe_b64encode(data).rstrip(b"=").decode()  # noqa: E731
    keys = {"p256dh": b64(raw), "auth": b64(os.urandom(16))}
    return server, {"endpoint": f"http://127.0.0.1:{server.server_port}/push/", "keys": keys}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--looks", type=int, default=5)
    args = parser.parse_args()
    server, device = push_service()
    settings = ServerSettings(push_services=("http://127.0.0.1",), bot_workers=1, warm_workers=False,
                              allowed_hosts=("testserver",),
                              registrations_per_hour=100_000, site_registrations_per_minute=100_000,
                              notify_every=3600.0)
    folder = tempfile.mkdtemp()
    with TestClient(create_app(f"sqlite:///{folder}/bench.sqlite3", settings=dataclasses.replace(settings))) as c:
        notifier = c.app.state.hanpan_notifier()
        sessions = []
        for i in range(2 * args.tables):
            c.cookies.clear()
            answer = c.post("/api/account/register", json={"name": f"player{i}", "password": "good pass 1"})
            assert answer.status_code == 201, answer.text
            sessions.append((c.cookies.get("hanpan_session"), answer.json()["csrf"]))

        def call(who: int, method: str, path: str, body: Any = None) -> Any:
            c.cookies.clear()
            c.cookies.set("hanpan_session", sessions[who][0])
            return c.request(method, path, json=body, headers={"X-CSRF-Token": sessions[who][1]})

        for i in range(2 * args.tables):
            call(i, "POST", "/api/account/push", {**device, "endpoint": device["endpoint"] + str(i)})
        made = time.perf_counter()
        for t in range(args.tables):
            pace = {"kind": "turn", "limit_s": 86400, "on_timeout": "level:greedy"}
            seats = [{"kind": "me"}, {"kind": "open"}]
            table = call(2 * t, "POST", "/api/tables", {"game": "four_gardens", "seats": seats, "pace": pace}).json()
            call(2 * t + 1, "POST", f"/api/tables/{table['id']}/join", {})
        print(f"{args.tables} tables made in {time.perf_counter() - made:.1f} s")
        for look in range(args.looks + 1):
            wall, cpu = time.perf_counter(), time.process_time()
            done = c.portal.call(notifier.check)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            what = "first look" if look == 0 else "steady look"
            print(f"{what}: {wall * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU (all threads); {dict(done)}")
    server.shutdown()


if __name__ == "__main__":
    main()
