"""The attacks of issue 60 as a user of the site would meet them: abuse.py's ``slowbody``, ``regflood``,
``farming`` and ``lockout`` (run with ``abuse.py --only NAME``; each on its own ``hanpan serve``).

5. ``slowbody`` -- 1,000 (``--slow-bodies``) connections POST /api/account/login with ``Content-Length:
   1000`` and send one byte of it every 5 s; one that the server cuts off (408, or closed) is opened
   again at once, so that 1,000 are always trickling; beside them 12 clients GET /api/meta in a loop
   (each its own kept-alive connection, 10 s timeout) for ``--seconds`` (default 60), after 10 s of the
   same 12 with no attack.  Figures: the legitimate requests answered (and failed, by kind), their
   p50/p99/max; the slow connections cut by a 408, closed without one, opened in all, and how long one
   was held (median/max); the server's connection limit (``--max-connections``, default 4,000, lowered to
   fit its open-file limit: past it a new connection evicts the oldest whose request has not all come).
   ``--server-nofile 1024`` runs the server with that open-file limit (soft and hard).
6. ``regflood`` -- 16 loops POST /api/account/register with new names from one address for 30 s, while a
   logged-in player GETs /api/account in a loop (after 10 s of the same with no flood): its p50/p99/max
   before and during, the flood's answers by status.  Run twice: with the server's limits (10 new
   accounts an address an hour, 30 a minute on the site), and with them raised to 100,000 (what a flood
   from many addresses past the limits does: only the password hashes' own 2 threads stand).
7. ``farming`` -- an account makes a rated Spirits of the Wild table of itself and a ``random`` level,
   turn-based (a day a move) with ``on_timeout: level:greedy``, and leaves at once; the greedy level
   plays its seat on to the end; 15 (``--farm-cycles``) times.  Figures: the account's rating
   (``rating ± uncertainty``, shown value) before, after each game, and at the end; the games' results.
8. ``lockout`` -- the server believes ``X-Forwarded-For`` from 127.0.0.1 (``--forwarded-allow-ips``), so
   this script poses as many addresses: an account is registered from 192.0.2.1; 10 other addresses
   (198.51.100.1..10) each send 6 wrong passwords for it, 60 in all; then the owner logs in with the right
   one from 192.0.2.1, and from a new address (192.0.2.2).  Figures: the attackers' answers by status,
   the owner's status and time for each log-in.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections import Counter
from typing import Any

import httpx

LOGIN_HEAD = (b"POST /api/account/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
              b"Content-Length: 1000\r\n\r\n")
PASSWORD = "abuse password 1"
NEW_ADDRESS_LIMITS = {"--registrations-per-hour": "100000", "--site-registrations-per-minute": "100000"}


def quantiles(values: list[float]) -> dict[str, float | int | None]:
    """p50/p99/max in milliseconds."""
    if not values:
        return {"n": 0, "p50": None, "p99": None, "max": None}
    ordered = sorted(values)

    def q(p: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000, 1)

    return {"n": len(ordered), "p50": q(0.5), "p99": q(0.99), "max": round(ordered[-1] * 1000, 1)}


async def get_loop(base: str, path: str, seconds: float, headers: dict[str, str] | None = None,
                   timeout: float = 10.0) -> tuple[list[float], Counter[str]]:
    """GET ``path`` again and again for ``seconds`` on one kept-alive connection: the answered requests'
    times, and every request's outcome (status or error kind)."""
    times: list[float] = []
    outcomes: Counter[str] = Counter()
    end = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=base, timeout=timeout, headers=headers) as http:
        while time.monotonic() < end:
            began = time.monotonic()
            try:
                status = (await http.get(path)).status_code
            except httpx.HTTPError as e:
                outcomes[type(e).__name__] += 1
                continue
            outcomes[str(status)] += 1
            if status == 200:
                times.append(time.monotonic() - began)
    return times, outcomes


async def legit(base: str, clients: int, seconds: float) -> dict[str, Any]:
    runs = await asyncio.gather(*(get_loop(base, "/api/meta", seconds) for _ in range(clients)))
    times = [t for run, _ in runs for t in run]
    outcomes: Counter[str] = sum((o for _, o in runs), Counter())
    return {"answered": len(times), "outcomes": dict(outcomes), "ms": quantiles(times)}


# --- 5. slow bodies ----------------------------------------------------------------------------------
async def slow_body(port: int, stop: float, tally: Counter[str], held: list[float]) -> None:
    """One trickling login after another until ``stop``: a byte every 5 s of a 1,000-byte body."""
    while time.monotonic() < stop:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError as e:
            tally[f"connect failed: {type(e).__name__}"] += 1
            await asyncio.sleep(1)
            continue
        tally["opened"] += 1
        opened = time.monotonic()
        writer.write(LOGIN_HEAD)
        answer = b""
        try:
            while time.monotonic() < stop:
                try:
                    answer = await asyncio.wait_for(reader.read(200), 5)
                    break  # an answer, or the server closed it
                except TimeoutError:
                    writer.write(b"x")
                    await writer.drain()
        except OSError:
            answer = b""
        if time.monotonic() < stop:
            held.append(time.monotonic() - opened)
            tally["cut with 408" if answer.startswith(b"HTTP/1.1 408") else
                  f"answered {answer[9:12].decode(errors='replace')}" if answer else "closed without an answer"] += 1
        writer.close()


async def attack_slowbody(base: str, port: int, args: argparse.Namespace) -> dict[str, Any]:
    seconds = args.seconds or 60.0
    before = await legit(base, 12, 10)
    stop = time.monotonic() + seconds + 15  # the slow ones start first and end after
    tally: Counter[str] = Counter()
    held: list[float] = []
    slow = [asyncio.create_task(slow_body(port, stop, tally, held)) for _ in range(args.slow_bodies)]
    await asyncio.sleep(10)  # all open and trickling
    opened_at_start = tally["opened"]
    during = await legit(base, 12, seconds)
    await asyncio.gather(*slow)
    return {"slow bodies": args.slow_bodies, "opened in the first 10 s": opened_at_start,
            "legit GET /api/meta, no attack (12 clients, 10 s)": before,
            f"legit GET /api/meta during it (12 clients, {seconds:g} s)": during,
            "slow connections": dict(tally),
            "held s (median/max)": [round(statistics.median(held), 1), round(max(held), 1)] if held else None,
            "server --max-connections": "default (4000)" if args.server_nofile is None else
            f"default (4000), fitted to {max(16, args.server_nofile - 64)} by the open-file limit",
            "server open-file limit": args.server_nofile or "this script's hard limit (the server raises its soft one)"}


# --- 6. registration flood -----------------------------------------------------------------------------
async def session_headers(http: httpx.AsyncClient, name: str) -> dict[str, str]:
    made = await http.post("/api/account/register", json={"name": name, "password": PASSWORD})
    assert made.status_code == 201, made.text
    cookie = made.cookies["hanpan_session"]
    http.cookies.clear()
    return {"Cookie": f"hanpan_session={cookie}"}


async def flood(base: str, loop: int, stop: float, tally: Counter[str]) -> None:
    n = 0
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < stop:
            n += 1
            try:
                answer = await http.post("/api/account/register",
                                         json={"name": f"fl{loop}x{n}", "password": PASSWORD})
                tally[str(answer.status_code)] += 1
            except httpx.HTTPError as e:
                tally[type(e).__name__] += 1
            http.cookies.clear()


async def attack_regflood(base: str, seconds: float) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        headers = await session_headers(http, "owner")
    quiet, _ = await get_loop(base, "/api/account", 10, headers)
    tally: Counter[str] = Counter()
    stop = time.monotonic() + seconds
    flooding = [asyncio.create_task(flood(base, i, stop, tally)) for i in range(16)]
    await asyncio.sleep(1)
    during, outcomes = await get_loop(base, "/api/account", seconds - 2, headers)
    await asyncio.gather(*flooding)
    return {"GET /api/account, no flood (10 s)": quantiles(quiet),
            f"GET /api/account during the flood ({seconds - 2:g} s)": quantiles(during),
            "its outcomes": dict(outcomes), "flood answers (16 loops)": dict(tally)}


# --- 7. rating farming -----------------------------------------------------------------------------------
async def shown_rating(http: httpx.AsyncClient, name: str) -> str:
    ratings = (await http.get(f"/api/players/{name}")).json()["ratings"]
    found = [r for r in ratings if r["game"] == "spirits_of_the_wild" and r["players"] == 2]
    return f"{found[0]['display']} ± {found[0]['uncertainty']}" if found else "none yet"


async def attack_farming(base: str, cycles: int) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        headers = await session_headers(http, "farmer")
        headers["X-CSRF-Token"] = (await http.get("/api/account", headers=headers)).json()["csrf"]
        before = await shown_rating(http, "farmer")
        after: list[str] = []
        results: Counter[str] = Counter()
        for _ in range(cycles):
            made = await http.post("/api/tables", headers=headers, json={
                "game": "spirits_of_the_wild", "seats": [{"kind": "me"}, {"kind": "level", "level": "random"}],
                "pace": {"kind": "turn", "limit_s": 86400, "on_timeout": "level:greedy"}})
            assert made.status_code == 201, made.text
            table = made.json()
            seat = (await http.get(f"/api/games/{table['game_id']}", headers=headers)).json()["seat"]
            left = await http.post(f"/api/tables/{table['id']}/leave", headers=headers)
            assert left.status_code == 200, left.text
            deadline = time.monotonic() + 120
            while True:  # the greedy level plays the seat on to the end
                body = (await http.get(f"/api/games/{table['game_id']}")).json()
                if body["status"] != "playing" or time.monotonic() > deadline:
                    break
                await asyncio.sleep(0.2)
            winners = body.get("winners") or []
            results[f"{body['status']}, the left seat {'won' if seat in winners else 'did not win'}"] += 1
            await asyncio.sleep(0.5)  # the rating is written when the table closes
            after.append(await shown_rating(http, "farmer"))
    return {"cycles": cycles, "rating before": before, "rating after each game": after, "games": dict(results)}


# --- 8. lockout --------------------------------------------------------------------------------------------
async def attack_lockout(base: str) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        made = await http.post("/api/account/register", json={"name": "victim", "password": PASSWORD},
                               headers={"X-Forwarded-For": "192.0.2.1"})
        assert made.status_code == 201, made.text
        http.cookies.clear()
        attackers: Counter[str] = Counter()
        for i in range(1, 11):
            for _ in range(6):
                answer = await http.post("/api/account/login", json={"name": "victim", "password": "wrong guess 1"},
                                         headers={"X-Forwarded-For": f"198.51.100.{i}"})
                attackers[str(answer.status_code)] += 1
        owner = {}
        for address in ("192.0.2.1", "192.0.2.2"):
            began = time.monotonic()
            answer = await http.post("/api/account/login", json={"name": "victim", "password": PASSWORD},
                                     headers={"X-Forwarded-For": address})
            owner[f"from {address}"] = f"{answer.status_code} in {(time.monotonic() - began) * 1000:.0f} ms"
            http.cookies.clear()
    return {"wrong passwords from 10 other addresses (6 each)": dict(attackers), "the owner's log-in": owner}


def run(name: str, server: Any, flags: set[str], args: argparse.Namespace,
        only: Any) -> dict[str, Any]:
    """Start ``server`` for the attack ``name`` and run it (``only``: abuse.py's flag filter)."""
    if name == "slowbody":
        server.start(only(flags, {}), nofile=args.server_nofile)
        return asyncio.run(attack_slowbody(server.base, server.port, args))
    if name == "regflood":
        server.start(only(flags, {}))
        return asyncio.run(attack_regflood(server.base, 30))
    if name == "regflood_unlimited":
        server.start(only(flags, NEW_ADDRESS_LIMITS))
        return asyncio.run(attack_regflood(server.base, 30))
    if name == "farming":
        server.start(only(flags, {}))
        return asyncio.run(attack_farming(server.base, args.farm_cycles))
    server.start(only(flags, {"--forwarded-allow-ips": "127.0.0.1"}))
    return asyncio.run(attack_lockout(server.base))


ATTACKS = ("slowbody", "regflood", "regflood_unlimited", "farming", "lockout")
