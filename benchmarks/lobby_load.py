"""Load benchmark of the lobby: how fast the lobby page and its API answer with many players and tables.

    PYTHONPATH=. .venv/bin/python benchmarks/lobby_load.py [--accounts 1000] [--tables 300]
        [--requests 400] [--clients 8] [--postgres]

It fills a fresh database (SQLite in a temporary folder; ``--postgres``: a throwaway cluster from
``tests/web/pg.py``) with ``--accounts`` accounts (one Argon2 hash shared, to save minutes of hashing)
and ``--tables`` public tables of the three games waiting for players (2–4 seats, one to three of them
taken, some with a computer level), rates a tenth of the players, then starts ``hanpan serve`` on a
loopback port, logs in one player through the API and times, over ``--requests`` requests each from
``--clients`` concurrent clients (and a quarter as many from one client): the lobby page (``GET /``), the
lobby's API as a visitor and as a player with tables of their own (``GET /api/tables``), and a profile
(``GET /api/players/NAME``).  It prints p50 / p90 / p99 / max in milliseconds per request kind (client and
server share the machine).  Nothing is asserted; it takes about a minute.  The last figures are in
benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from argon2 import PasswordHasher
from sqlalchemy import insert
from tests.web.server import running_server

from hanpan.web.schema import lobby_tables_table, players_table, ratings_table, table_seats_table
from hanpan.web.storage import Store

GAMES = {"harmonies": (2, 4), "spirits_of_the_wild": (2, 2), "four_gardens": (2, 4)}
PASSWORD = "benchmark pass"


def fill(url: str, accounts: int, tables: int, rng: random.Random) -> list[str]:
    """Accounts, open public tables with some seats taken, ratings for a tenth; returns the names."""
    store = Store(url)
    shared = PasswordHasher().hash(PASSWORD)
    now = datetime.now(UTC)
    names = [f"player{i:04d}" for i in range(accounts)]
    ids = [f"p{i:031d}" for i in range(accounts)]
    with store.engine.begin() as c:
        c.execute(insert(players_table), [{"id": pid, "name": name, "name_key": name, "password_hash": shared,
                                           "created_at": now} for pid, name in zip(ids, names, strict=True)])
        c.execute(insert(ratings_table), [{"subject": pid, "game": game, "players": 2, "mu": rng.gauss(25, 3),
                                           "sigma": rng.uniform(2, 8), "games": rng.randint(1, 40), "updated_at": now}
                                          for pid in ids[::10] for game in GAMES])
        table_rows, seat_rows = [], []
        for t in range(tables):
            game = rng.choice(list(GAMES))
            low, high = GAMES[game]
            count = rng.randint(low, high)
            seats: list[dict[str, Any]] = [{"kind": "open"} for _ in range(count)]
            if count > 2 and rng.random() < 0.3:
                seats[-1] = {"kind": "level", "level": rng.choice(["greedy", "normal", "hard"])}
            people = rng.sample(range(accounts), k=rng.randint(1, max(1, count - 1)))
            table_id = f"t{t:011d}"
            for seat, who in enumerate(people):
                if seats[seat]["kind"] == "level":
                    continue
                seats[seat] = {"kind": "reserved", "name": names[who]}
                seat_rows.append({"table_id": table_id, "seat": seat, "player_id": ids[who],
                                  "joined_at": now, "left_at": None})
            at = now - timedelta(seconds=t)
            pace = {"kind": "realtime"} if rng.random() < 0.5 else {"kind": "turn", "limit_s": 86400,
                                                                     "on_timeout": "level:greedy"}
            table_rows.append({"id": table_id, "game": game, "options": "{}", "seats": json.dumps(seats),
                               "public": True, "pace": json.dumps(pace), "creator_id": ids[people[0]],
                               "status": "open", "game_id": None, "rated": False, "seed": None, "rematch_of": None,
                               "created_at": at, "updated_at": at})
        c.execute(insert(lobby_tables_table), table_rows)
        c.execute(insert(table_seats_table), seat_rows)
    store.close()
    return names


async def timed(client: httpx.AsyncClient, path: str, count: int, clients: int,
                cookies: dict[str, str] | None = None) -> list[float]:
    times: list[float] = []

    async def one_client(n: int) -> None:
        for _ in range(n):
            start = time.perf_counter()
            answer = await client.get(path, cookies=cookies)
            times.append((time.perf_counter() - start) * 1000)
            answer.raise_for_status()

    await asyncio.gather(*(one_client(count // clients) for _ in range(clients)))
    return times


def show(kind: str, times: list[float]) -> None:
    ordered = sorted(times)
    pick = lambda q: ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]  # noqa: E731
    print(f"{kind:40s} n={len(ordered):4d}  p50 {statistics.median(ordered):7.1f}  p90 {pick(0.9):7.1f}  "
          f"p99 {pick(0.99):7.1f}  max {ordered[-1]:7.1f} ms")


async def measure(base: str, names: list[str], requests: int, clients: int) -> None:
    limits = httpx.Limits(max_connections=clients * 2)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=30) as client:
        login = await client.post("/api/account/login", json={"name": names[0], "password": PASSWORD})
        login.raise_for_status()
        cookies = {"hanpan_session": login.cookies["hanpan_session"]}
        client.cookies.clear()
        for path in ("/", "/api/tables", f"/api/players/{names[0]}"):  # warm up
            await client.get(path)
        listed = (await client.get("/api/tables")).json()
        print(f"the lobby lists {len(listed['open'])} of {listed['open_total']} open tables a page; "
              f"its answer is {len(json.dumps(listed)) // 1024} KiB")
        show("GET / (the lobby page, 1 client)", await timed(client, "/", requests // 4, 1))
        show("GET /api/tables (a visitor, 1 client)", await timed(client, "/api/tables", requests // 4, 1))
        show("GET / (the lobby page)", await timed(client, "/", requests, clients))
        show("GET /api/tables (a visitor)", await timed(client, "/api/tables", requests, clients))
        show("GET /api/tables (a player)", await timed(client, "/api/tables", requests, clients, cookies))
        show("GET /api/players/NAME (a profile)", await timed(client, f"/api/players/{names[0]}", requests, clients))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--accounts", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args()
    with ExitStack() as stack:
        if args.postgres:
            from tests.web import pg

            url = stack.enter_context(pg.throwaway_cluster())
        else:
            url = f"sqlite:///{stack.enter_context(tempfile.TemporaryDirectory())}/lobby.sqlite3"
        began = time.perf_counter()
        names = fill(url, args.accounts, args.tables, random.Random(1))
        print(f"filled {args.accounts} accounts and {args.tables} tables in {time.perf_counter() - began:.1f} s "
              f"({'PostgreSQL' if args.postgres else 'SQLite'})")
        base = stack.enter_context(running_server(url))
        asyncio.run(measure(base, names, args.requests, args.clients))


if __name__ == "__main__":
    main()
