"""Load benchmark of ``hanpan serve``: many games played at once by WebSocket + HTTP clients.

    PYTHONPATH=. .venv/bin/python benchmarks/web_load.py [--games 200] [--seconds 300]
        [--db URL | --postgres] [--think MIN,MAX] [--ramp S] [--processes N] [--moves-over socket|http]
        [--kill-at S | --kill-one-at S] [--mix spirits_of_the_wild,harmonies,four_gardens] [--json FILE]

It starts ``hanpan serve`` (the console script next to this Python) as a subprocess on a loopback port
(default database: an SQLite file in a temporary folder; ``--postgres`` starts a throwaway cluster with
``tests/web/pg.py``, durable: fsync on), creates ``--games`` games (a mix of the three games, human seats
only; all at once, or one after the other over ``--ramp`` seconds) and keeps that many going for
``--seconds``: every seat is one client with its own WebSocket and its own kept-alive HTTP connection,
which makes a random legal move from its latest body whenever that body says it is its turn (sent on its
WebSocket, as the page does; ``--moves-over http`` POSTs it on a new connection each): at once by
default (a saturated server), or after a pause drawn uniformly from ``--think MIN,MAX`` seconds (human
pace: ``--games 1000 --think 3,10`` makes about 150 moves/s, the load of issue 50 §4).  A game that ends
is replaced by a new one.

``--processes N`` (PostgreSQL only) starts N servers on N ports, sharing the database (the first one
alone until it answers, so the schema is made once).  Seat s of the g-th game created talks to process
(g + s) % N, its POSTs and its WebSocket, so a move's pushes must cross processes; a game is created on
process g % N.  A client whose connection is refused moves on to the next process in the list.

It measures the moves accepted per second; the latency from a move's POST being sent to every seat of its
game having received a pushed body with that move's number (p50/p90/p99/max, also for the moves sent
after ``--warmup`` seconds, default ramp + 30, and per 10 s); a move whose pushes did not all arrive by
the end (at least 3 s after its answer) is counted under "pushes never received", with how many of those
pushes were for a seat on another process than the POST's, and the first ones are described.  Each server
process's CPU time per move it accepted, of all its threads (user + system from /proc, from the start of
play to its stop or kill) and of its main thread alone (the event loop; the others are the database's),
and the total per accepted move; PostgreSQL's own CPU per move (its postmaster and backends, when the
cluster runs on this machine); the clients' CPU (this process) per move and as a share of a core; the
games that made no move in the last max(30, 3 × MAX think) seconds ("stalled"); the errors by kind, in
all and per server, with the first refused moves' answers; pushes that repeat or go back on a socket.  At
the end it reads the database (``hanpan.web.storage.Store``) and checks, game by game, that every
acknowledged move (200) is stored exactly once at its number, with nothing stored that no client sent (a
move whose POST got no answer because a server was killed may be stored or not; both count as correct);
the exit status is 1 if not.

``--kill-at S`` kills the first server with SIGKILL at S seconds and starts it again on the same database
and port; the clients reconnect and go on.  ``--kill-one-at S`` (``--processes`` 2 or more) kills the
first server at S seconds and does not restart it: its clients reconnect to the next process and go on;
it reports how many of the games with a seat on it made a move again, and how soon after the kill (think
time included).  Either way the same check must find 0 acknowledged moves lost.

The clients run in this one process (1,000 games, about 2,500 WebSockets: about 1.6 ms of CPU a move,
15 % of a core at 150 moves/s; the open-file limit is raised to its hard limit) and share the machine with
the servers: the figures are those of the whole, not of a server alone.  The server options raised for it
(every client comes from 127.0.0.1): ``--max-sockets-per-client``, ``--max-bot-games-per-client``,
``--max-connections``.  Nothing here asserts a speed; it stops by itself after ``--seconds`` plus the
servers' start (seconds), the drain (up to MAX think + 3 s, at most 30 s) and the check (seconds): about
5.5 minutes with the defaults.  It prints the summary as JSON, then as a table (``--json FILE`` also
writes the JSON).  The last figures are in web_load_results.md.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import gc
import importlib.util
import json
import os
import random
import resource
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import httpx
from web_load_parts import (
    CHECKED,
    GameRun,
    Posted,
    PostgresCpu,
    SeatHttp,
    Server,
    bad_moves,
    check,
    check_backup,
    database,
    free_port,
    my_turn,
    parse,
    per_move,
    preflight,
    quantiles,
    restore_backup,
    scrape_metrics,
    table,
    take_backup,
    think_range,
)
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

if importlib.util.find_spec("sniffio") is None:
    # httpcore tries to import sniffio on every request, and a failed import searches the whole path each
    # time (a tenth of the clients' CPU here): a None in sys.modules makes the miss immediate
    sys.modules["sniffio"] = None  # type: ignore[assignment]

#: players per game, drawn at random for each new game
PLAYERS = {"spirits_of_the_wild": (2,), "harmonies": (2, 3, 4), "four_gardens": (2, 3, 4)}
POST_TIMEOUT = 60.0
DRAIN_TIMEOUT = 30.0
CREATORS = 20  # games being created at once (one connection each)
LISTEN_AFTER = 3.0  # seconds a seat keeps its WebSocket after its last move, for the pushes on their way


class Bench:
    def __init__(self, args: argparse.Namespace, servers: list[Server], mix: list[str]) -> None:
        self.args = args
        self.servers = servers
        self.mix = mix
        self.think: tuple[float, float] | None = args.think
        self.moves_over: str = args.moves_over
        self.rng = random.Random(args.seed)
        self.games: list[GameRun] = []
        self.created = 0
        self.errors: Counter[str] = Counter()
        self.errors_by_server: list[Counter[str]] = [Counter() for _ in servers]
        self.latencies: list[tuple[float, float]] = []  # (sent, seconds)
        self.acks: list[float] = []
        self.url = ""  # the database, and a folder for what the run keeps (set by main_async)
        self.folder = Path(".")
        #: --metrics-at: what /metrics said; --backup-at: the backup, when, and the moves acknowledged by then
        self.metrics: dict[str, Any] | None = None
        self.backup: dict[str, Any] | None = None
        self.acks_by_process: Counter[int] = Counter()
        self.failovers = 0
        self.odd_pushes: Counter[str] = Counter()  # pushes that repeat or go back (not errors by themselves)
        self.refusals: list[str] = []  # the first refused moves' answers
        self.wakers: set[asyncio.Event] = set()  # every seat's "its body changed" event, set at the stop
        self.t0 = 0.0
        self.stopping = False
        self.kill_at: float | None = None
        self.back_at: float | None = None
        self.restart_seconds: float | None = None
        self.affected: list[GameRun] = []  # --kill-one-at: the games with a seat on the killed server
        self.client: httpx.AsyncClient | None = None
        #: creations under way at most: more would queue in httpcore's pool, whose every request scans
        #: every queued one (quadratic: 1,000 games created at once cost the clients tens of seconds)
        self.creating = asyncio.Semaphore(CREATORS)

    def now(self) -> float:
        return time.monotonic() - self.t0

    def error(self, kind: str, server: int) -> None:
        self.errors[kind] += 1
        self.errors_by_server[server][kind] += 1

    def fail_over(self, run: GameRun, seat: int, refused: int) -> None:
        """A seat's connection to server ``refused`` was refused: it goes on with the next one."""
        if run.where[seat] == refused and len(self.servers) > 1:
            run.where[seat] = (refused + 1) % len(self.servers)
            self.failovers += 1

    # --- one seat --------------------------------------------------------------------------------------
    async def seat(self, run: GameRun, seat: int) -> None:
        """One client: its WebSocket (reconnecting) and its moves."""
        latest: dict[str, Any] = {}
        seq = 0
        changed = asyncio.Event()
        over = False  # this seat saw the game end, or gave it up
        acked_upto = 0  # the move number after this seat's last acknowledged move
        socket_now: Any = None  # the open WebSocket (--moves-over socket sends the moves on it)
        answers: dict[str, asyncio.Future[str]] = {}  # moves sent on it, by ref, until answered

        async def listen() -> None:
            nonlocal latest, seq, over, socket_now
            failures = 0
            while not over:
                at = run.where[seat]
                url = f"ws://127.0.0.1:{self.servers[at].port}/api/games/{run.id}/ws?token={run.tokens[seat]}"
                try:
                    async with ws_connect(url, max_size=16 * 2**20, proxy=None, open_timeout=20,
                                          ping_interval=None, close_timeout=2) as socket_:
                        failures = 0
                        run.opened[seat] = self.now()
                        socket_now = socket_
                        last = -1  # this socket's last push's move number
                        async for text in socket_:
                            if str(text).startswith('{"answer"'):  # a move's answer, after its pushes
                                waiting = answers.pop(json.loads(text)["answer"], None)
                                if waiting is not None and not waiting.done():
                                    waiting.set_result(str(text))
                                if over and not answers:
                                    return
                                continue
                            body = parse(str(text), seat)
                            self.arrived(run, seat, body)
                            number = body["move_number"]
                            if number <= last or number < acked_upto:
                                self.odd_pushes["a push with the socket's last move_number again" if number == last
                                                else "a push with a lower move_number than the socket's last"
                                                if number < last else
                                                "a push older than the seat's own acknowledged move"] += 1
                            last = number
                            if body["move_number"] >= latest.get("move_number", -1):
                                latest, seq = body, seq + 1
                                changed.set()
                            if body["status"] != "playing":
                                run.finished = over = True
                                changed.set()
                                if not answers:  # else the answer of the move that ended it comes next
                                    return
                        self.error(f"ws closed {socket_.close_code}", at)
                except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as e:
                    code = e.response.status_code if isinstance(e, InvalidStatus) else None
                    self.error(f"ws {type(e).__name__}{' ' + str(code) if code else ''}", at)
                    if isinstance(e, ConnectionRefusedError):
                        self.fail_over(run, seat, at)
                except Exception as e:  # counted; the client goes on
                    self.error(f"ws client error {type(e).__name__}: {e}", at)
                finally:
                    socket_now = None
                    for waiting in answers.values():  # no answer: the move may have been made or not
                        if not waiting.done():
                            waiting.set_exception(ConnectionError("the socket closed before the answer"))
                    answers.clear()
                failures += 1
                if failures > 600 or self.stopping:  # about two minutes of failing: give this game up
                    over = True
                    changed.set()
                    return
                await asyncio.sleep(0.2)

        self.wakers.add(changed)
        listener = asyncio.create_task(listen())
        http = SeatHttp()
        try:
            posted_at_seq = -1
            while not self.stopping and not over:
                await changed.wait()
                changed.clear()
                # a body older than this seat's own acknowledged move (a repeated push) is not acted on
                if (self.stopping or over or seq == posted_at_seq or not my_turn(latest, seat)
                        or latest["move_number"] < acked_upto):
                    continue
                if self.think is not None:  # a person looks at the board a while
                    await asyncio.sleep(self.rng.uniform(*self.think))
                    if self.stopping or over or not my_turn(latest, seat) or latest["move_number"] < acked_upto:
                        continue
                posted_at_seq = seq
                number = latest["move_number"]
                move = self.rng.choice(latest["legal"])
                if self.moves_over == "socket" and socket_now is not None:
                    ref = str(number)
                    answers[ref] = asyncio.get_running_loop().create_future()
                    sent = socket_now.send(json.dumps({"op": "move", "move": move, "move_number": number, "ref": ref}))
                    made = await self.post(run, seat, number, move, self.answer_of(sent, answers[ref]), "socket")
                else:
                    made = await self.post(run, seat, number, move, http.post(
                        self.servers[run.where[seat]].port, f"/api/games/{run.id}/moves",
                        json.dumps({"move": move, "move_number": number}).encode(), run.tokens[seat], POST_TIMEOUT),
                        "POST")
                if made:
                    acked_upto = number + 1
        finally:
            self.wakers.discard(changed)
            http.close()
            if not listener.done():
                # the pushes of the last moves may still be on their way: wait a little, then close
                with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                    await asyncio.wait_for(asyncio.shield(listener), LISTEN_AFTER)
            listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await listener

    def arrived(self, run: GameRun, seat: int, body: dict[str, Any]) -> None:
        number = body["move_number"]
        run.newest = max(run.newest, number)
        now = self.now()
        for n in [n for n in run.pending if n < number]:
            for posted in run.pending[n]:
                if seat not in posted.done:
                    posted.done[seat] = now
            if all(len(p.done) == run.seats for p in run.pending[n]):
                for p in run.pending.pop(n):
                    if p.outcome == "ack":
                        self.latencies.append((p.sent, max(p.done.values()) - p.sent))

    @staticmethod
    async def answer_of(sent: Awaitable[None], answer: asyncio.Future[str]) -> tuple[int, str]:
        """A move sent on the socket: its answer's status and text (after the pushes it caused)."""
        await sent
        text = await asyncio.wait_for(answer, POST_TIMEOUT)
        return int(json.loads(text)["status"]), text

    async def post(self, run: GameRun, seat: int, number: int, move: str,
                   answered: Awaitable[tuple[int, str]], how: str) -> bool:
        """Make a move (``answered``: its POST or its message on the socket); whether it was acknowledged."""
        at = run.where[seat]
        posted = Posted(number, seat, move, self.now(), at)
        run.posts.append(posted)
        run.pending.setdefault(number, []).append(posted)
        try:
            status, text = await answered
        except Exception as e:  # no answer: the move may have been stored or not
            posted.outcome = "unknown"
            self.error(f"{how} {type(e).__name__}", at)
            if isinstance(e, ConnectionRefusedError):
                self.fail_over(run, seat, at)
            return False
        if status == 200:
            now_number = json.loads(text)["move_number"] if how == "socket" else parse(text, -1)["move_number"]
            if now_number < number + 1:
                self.error(f"{how} 200 with an older move_number", at)
            posted.outcome = "ack"
            posted.answered = run.last_ack = self.now()
            self.acks.append(posted.answered)
            self.acks_by_process[at] += 1
            if len(posted.done) == run.seats:  # every push came before the answer
                self.latencies.append((posted.sent, max(posted.done.values()) - posted.sent))
            return True
        posted.outcome = f"refused {status}"
        self.error(f"{how} {status}", at)
        if len(self.refusals) < 10:
            self.refusals.append(f"{self.now():.1f} s, game {run.id} move {number} seat {seat} to server {at}: "
                                 f"{status} {text[:200]}")
        if number in run.pending and posted in run.pending[number]:
            run.pending[number].remove(posted)
            if not run.pending[number]:
                del run.pending[number]
        return False

    # --- games ---------------------------------------------------------------------------------------
    async def create(self) -> GameRun | None:
        """A new game, created on server g % N (or the next ones, when its connection is refused)."""
        assert self.client is not None
        index, self.created = self.created, self.created + 1
        game = self.rng.choice(self.mix)
        players = self.rng.choice(PLAYERS[game])
        n = len(self.servers)
        response = None
        for tried in range(n):
            try:
                async with self.creating:
                    response = await self.client.post(
                        f"{self.servers[(index + tried) % n].base}/api/games",
                        json={"game": game, "seats": ["human"] * players, "seed": self.rng.randrange(2**31)})
                break
            except httpx.HTTPError as e:
                self.error(f"create {type(e).__name__}", (index + tried) % n)
                if not isinstance(e, httpx.ConnectError):
                    return None
        if response is None:
            return None
        if response.status_code != 201:
            self.error(f"create {response.status_code}", (index + tried) % n)
            return None
        data = response.json()
        run = GameRun(index, data["id"], game, {s["seat"]: s["token"] for s in data["seats"]},
                      {s["seat"]: (index + s["seat"]) % n for s in data["seats"]}, self.now())
        self.games.append(run)
        return run

    async def slot(self, index: int) -> None:
        """One of the G games being played at any time: play it, then start another.  The slots' first
        games start one after the other over ``--ramp`` seconds."""
        await asyncio.sleep(index * self.args.ramp / self.args.games)
        while not self.stopping:
            run = await self.create()
            if run is None:
                await asyncio.sleep(0.5)
                continue
            await asyncio.gather(*(self.seat(run, s) for s in range(run.seats)))

    async def killer(self) -> None:
        """--kill-at: kill -9 the first server and start it again; --kill-one-at: kill it for good."""
        for_good = self.args.kill_one_at is not None
        await asyncio.sleep(max(0.0, (self.args.kill_one_at if for_good else self.args.kill_at) - self.now()))
        if self.stopping:
            return
        victim = self.servers[0]
        self.kill_at = self.now()
        print(f"[{self.kill_at:6.1f} s] kill -9 server 0 (pid {victim.proc.pid if victim.proc else '?'})"
              f"{', for good' if for_good else ''}", flush=True)
        if for_good:
            self.affected = [run for run in self.games if not run.finished and 0 in run.where.values()]
            victim.dead = True
        await asyncio.to_thread(victim.kill)
        if for_good:
            return
        victim.start()
        self.restart_seconds = await victim.wait_ready()
        self.back_at = self.now()
        print(f"[{self.back_at:6.1f} s] the server answers again ({self.restart_seconds:.1f} s after the restart)",
              flush=True)

    async def metrics_look(self) -> None:
        """--metrics-at: read server 0's /metrics while the clients play (and check it with promtool)."""
        await asyncio.sleep(max(0.0, self.args.metrics_at - self.now()))
        if not self.stopping:
            self.metrics = {"at": round(self.now(), 1),
                            **await asyncio.to_thread(scrape_metrics, self.servers[0].base, self.folder)}
            print(f"[{self.now():6.1f} s] /metrics: {self.metrics.get('lines')} lines, promtool "
                  f"{self.metrics.get('promtool', 'not installed')}", flush=True)

    async def backer(self) -> None:
        """--backup-at: back the database up while the clients play; the moves acknowledged before it began
        are checked in a restored copy at the end."""
        await asyncio.sleep(max(0.0, self.args.backup_at - self.now()))
        if self.stopping:
            return
        began = self.now()
        acknowledged = [(run.id, p.number, p.move) for run in self.games for p in run.posts
                        if p.outcome == "ack" and p.answered is not None and p.answered <= began]
        path = await asyncio.to_thread(take_backup, self.url, self.folder)
        self.backup = {"at": round(began, 1), "seconds": round(self.now() - began, 2), "path": path,
                       "acknowledged": acknowledged, "bytes": path.stat().st_size}
        print(f"[{self.now():6.1f} s] backup of {len(acknowledged)} acknowledged moves taken in "
              f"{self.backup['seconds']} s ({self.backup['bytes']:,} bytes)", flush=True)

    async def freezer(self) -> None:
        """Keep the clients' objects out of the garbage collector's sight: they live long (sockets, games),
        and its full collections (0.1-0.5 s each with 1,000 games) would pause every client, which shows up
        as latency.  ``gc.freeze`` is cheap; cycles that become garbage once frozen stay (a benchmark's run)."""
        while not self.stopping:
            gc.freeze()
            await asyncio.sleep(1.0)

    async def ticker(self) -> None:
        while True:
            await asyncio.sleep(10)
            if self.stopping:
                return
            recent = len(self.acks) - bisect.bisect_right(self.acks, self.now() - 10)
            print(f"[{self.now():6.1f} s] {len(self.acks)} moves acknowledged, {recent / 10:.1f}/s in the last 10 s, "
                  f"{len(self.games)} games, {len(self.latencies)} moves pushed to every seat", flush=True)

    async def run(self) -> float:
        # this client only creates games (httpcore's pool costs grow with its connections: keep it small)
        limits = httpx.Limits(max_connections=CREATORS, max_keepalive_connections=CREATORS, keepalive_expiry=4.0)
        async with httpx.AsyncClient(timeout=POST_TIMEOUT, limits=limits, trust_env=False) as client:
            self.client = client
            self.t0 = time.monotonic()
            slots = [asyncio.create_task(self.slot(i)) for i in range(self.args.games)]
            extras = [asyncio.create_task(self.ticker()), asyncio.create_task(self.freezer())]
            if self.args.kill_at is not None or self.args.kill_one_at is not None:
                extras.append(asyncio.create_task(self.killer()))
            if self.args.metrics_at is not None:
                extras.append(asyncio.create_task(self.metrics_look()))
            if self.args.backup_at is not None:
                extras.append(asyncio.create_task(self.backer()))
            try:
                await asyncio.sleep(self.args.seconds)
            except asyncio.CancelledError:  # Ctrl-C: stop the clients at once (the caller stops the servers)
                self.stopping = True
                for task in [*slots, *extras]:
                    task.cancel()
                await asyncio.gather(*slots, *extras, return_exceptions=True)
                raise
            self.stopping = True
            played = self.now()
            for event in list(self.wakers):
                event.set()
            done, not_done = await asyncio.wait(slots, timeout=DRAIN_TIMEOUT)
            for task in [*not_done, *extras]:
                task.cancel()
            await asyncio.gather(*slots, *extras, return_exceptions=True)
            for task in done:
                if task.exception() is not None:
                    self.errors[f"client crash {type(task.exception()).__name__}: {task.exception()}"] += 1
            if not_done:
                self.errors["slots still busy after the drain"] += len(not_done)
        return played

    # --- what did not happen -------------------------------------------------------------------------
    def missing_pushes(self) -> dict[str, Any]:
        """Acknowledged moves some seat never got a push of (by the end: at least LISTEN_AFTER s later)."""
        moves = pushes = other = 0
        examples: list[str] = []
        for run in self.games:
            for posts in run.pending.values():
                for p in posts:
                    missing = [s for s in range(run.seats) if s not in p.done]
                    if p.outcome != "ack" or not missing:
                        continue
                    moves += 1
                    pushes += len(missing)
                    other += sum(1 for s in missing if run.where[s] != p.process)
                    examples.append(f"game {run.id} (created {run.created:.2f} s) move {p.number} posted at "
                                    f"{p.sent:.2f} s to server {p.process}, answered at {p.answered:.2f} s; "
                                    f"no push to seats {missing} (on servers "
                                    f"{[run.where[s] for s in missing]} at the end, their sockets opened at "
                                    f"{[round(run.opened.get(s, -1), 2) for s in missing]} s); newest number seen "
                                    f"{run.newest}{', finished' if run.finished else ''}")
        return {"moves whose pushes did not all arrive": moves, "pushes never received": pushes,
                "of which to a seat on another process than the POST's": other, "examples": examples[:10]}

    def stalled(self, played: float) -> tuple[float, int]:
        """Games in progress that made no move in the last ``window`` seconds of play (at least that old)."""
        window = max(30.0, 3 * self.think[1]) if self.think else 30.0
        stuck = sum(1 for g in self.games if not g.finished and g.created <= played - window
                    and (g.last_ack is None or g.last_ack < played - window))
        return window, stuck


async def main_async(args: argparse.Namespace, url: str, folder: Path) -> dict[str, Any]:
    servers = [Server(i, url, args.port + i if args.port else free_port(), folder, args.profile if i == 0 else None)
               for i in range(args.processes)]
    servers[0].start()
    try:
        startup = await servers[0].wait_ready()
        for server in servers[1:]:  # once the first has made the schema
            server.start()
        await asyncio.gather(*(server.wait_ready() for server in servers[1:]))
        mix, left_out = await asyncio.to_thread(preflight, servers[0].base, args.mix, PLAYERS)
        for game, why in left_out.items():
            print(f"left out of the mix: {game}: {why}", flush=True)
        if not mix:
            raise SystemExit("no game of the mix can be played on this server")
        bench = Bench(args, servers, mix)
        bench.url, bench.folder = url, folder
        postgres = PostgresCpu(url)
        load_before = os.getloadavg()
        for server in servers:
            server.mark()
        pg_before = postgres.seconds()
        cpu_before, wall_before = resource.getrusage(resource.RUSAGE_SELF), time.monotonic()
        print(f"{len(servers)} server(s) up in {startup:.1f} s; {args.games} games at once for {args.seconds:.0f} s "
              f"({', '.join(mix)}; think {'{}-{} s'.format(*args.think) if args.think else 'none'})", flush=True)
        played = await bench.run()
        load_after = os.getloadavg()
        cpu_after, wall = resource.getrusage(resource.RUSAGE_SELF), time.monotonic() - wall_before
        pg_after = postgres.seconds()
    except BaseException:
        for server in servers:
            print(f"server {server.index}'s log ends with:\n{server.log_tail()}", file=sys.stderr)
        raise
    finally:
        await asyncio.gather(*(asyncio.to_thread(server.stop) for server in servers))
    checked = await asyncio.to_thread(check, url, bench.games)
    backup: dict[str, Any] | None = None
    if bench.backup is not None:
        restored = await asyncio.to_thread(restore_backup, url, bench.backup["path"], folder)
        backup = {k: v for k, v in bench.backup.items() if k not in ("path", "acknowledged")}
        backup.update(await asyncio.to_thread(check_backup, restored, bench.backup["acknowledged"]))
    moves = len(bench.acks)
    client_cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    server_cpu = sum(s.cpu_seconds for s in servers)
    pg_cpu = pg_after - pg_before if pg_before is not None and pg_after is not None else None
    window, stuck = bench.stalled(played)
    summary: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S %z"),
        "database": "postgresql (throwaway cluster)" if args.postgres else url.split("://")[0].split("+")[0],
        "processes": len(servers),
        "think_seconds": list(args.think) if args.think else None,
        "moves_over": args.moves_over,
        "ramp_seconds": args.ramp,
        "games_at_once": args.games,
        "mix": mix,
        "left_out": left_out,
        "games_created": len(bench.games),
        "games_by_kind": dict(Counter(g.game for g in bench.games)),
        "games_finished": sum(1 for g in bench.games if g.finished),
        "games_stalled": stuck,
        "stalled_means": f"in progress, at least {window:.0f} s old, no move acknowledged in the last {window:.0f} s",
        "seconds": round(played, 1),
        "moves_acknowledged": moves,
        "moves_per_second": round(moves / played, 1) if played else 0.0,
        "moves_per_second_by_10s": [round(sum(1 for t in bench.acks if i <= t < i + 10) / min(10, played - i), 1)
                                    for i in range(0, int(played), 10) if played - i >= 1],
        "latency_ms": quantiles([s for _, s in bench.latencies]),
        "warmup_seconds": args.warmup,
        "latency_ms_after_warmup": quantiles([s for sent, s in bench.latencies if sent >= args.warmup]),
        "latency_ms_p50_p99_by_10s": [[q["p50"], q["p99"]] for i in range(0, int(played), 10) if played - i >= 1
                                      for q in [quantiles([s for sent, s in bench.latencies if i <= sent < i + 10])]],
        "pushes_missing": bench.missing_pushes(),
        "servers": [{"index": s.index, "port": s.port, "starts": s.starts,
                     "killed_at": bench.kill_at if s.index == 0 and bench.kill_at is not None else None,
                     "moves_accepted": bench.acks_by_process[s.index],
                     "moves_per_second": round(bench.acks_by_process[s.index] / played, 1) if played else 0.0,
                     "errors": dict(bench.errors_by_server[s.index]), "cpu_seconds": round(s.cpu_seconds, 2),
                     "ms_per_accepted_move": per_move(s.cpu_seconds, bench.acks_by_process[s.index]),
                     "main_thread_ms_per_accepted_move": per_move(s.cpu_main_seconds, bench.acks_by_process[s.index]),
                     "share_of_a_core": round(s.cpu_seconds / wall, 3) if wall else 0.0, "rss_mb": s.rss_mb,
                     "log": {"internal errors": s.log_count("internal error"),
                             "websockets dropped for falling behind":
                                 s.log_count("dropped a WebSocket that fell behind"),
                             "tracebacks": s.log_count("Traceback")}}
                    for s in servers],
        "cpu": {"server_seconds": round(server_cpu, 2), "clients_seconds": round(client_cpu, 2),
                "server_ms_per_move": per_move(server_cpu, moves),
                "server_main_thread_ms_per_move": per_move(sum(s.cpu_main_seconds for s in servers), moves),
                "postgres_seconds": round(pg_cpu, 2) if pg_cpu is not None else None,
                "postgres_ms_per_move": per_move(pg_cpu, moves),
                "clients_ms_per_move": per_move(client_cpu, moves),
                "clients_share_of_a_core": round(client_cpu / wall, 3) if wall else 0.0,
                "note": "server: user+system time of every server process (all its threads; 'main thread': the "
                        "event loop alone, the others are the database's) from the start of play to its stop or "
                        "kill (a restarted process's start-up included); per move: over every accepted move, "
                        "and per server over the moves it accepted (it also pushes the others' moves); "
                        "PostgreSQL: its postmaster and backends; clients: this process, drain included"},
        "clients_max_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "failovers": bench.failovers,
        "errors": dict(bench.errors),
        "refused_moves_first": bench.refusals,
        "odd_pushes": dict(bench.odd_pushes),
        "check": checked,
        "metrics": bench.metrics,
        "backup": backup,
        "machine": {"cpus": os.cpu_count(), "loadavg_before": [round(x, 2) for x in load_before],
                    "loadavg_after": [round(x, 2) for x in load_after],
                    "note": "the clients run on the same machine and share its CPUs with the servers"},
    }
    if bench.kill_at is not None:
        after = [s for sent, s in bench.latencies if sent >= (bench.back_at or bench.kill_at)]
        kill: dict[str, Any] = {"at": bench.kill_at, "for_good": args.kill_one_at is not None,
                                "latency_ms_after": quantiles(after)}
        if args.kill_one_at is None:
            kill.update(restart_seconds=bench.restart_seconds, back_at=bench.back_at)
        else:
            killed = bench.kill_at
            firsts = [min(after) for g in bench.affected
                      if (after := [p.answered for p in g.posts if p.answered is not None and p.sent > killed])]
            kill.update(games_affected=len(bench.affected), games_moved_again=len(firsts),
                        first_move_after_s={k: (round(v / 1000, 1) if isinstance(v, float) and k != "n" else v)
                                            for k, v in quantiles([t - killed for t in firsts]).items()})
        summary["kill"] = kill
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games played at once (default 200)")
    parser.add_argument("--seconds", type=float, default=300.0, help="how long to play (default 300)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--db", help="a database URL (default: an SQLite file in a temporary folder)")
    where.add_argument("--postgres", action="store_true", help="start a throwaway PostgreSQL cluster (tests/web/pg.py)")
    parser.add_argument("--ramp", type=float, default=0.0,
                        help="seconds over which the games start, one after the other (default 0: all at once)")
    parser.add_argument("--warmup", type=float, default=None,
                        help="latency is also given for the moves sent after this many seconds (default: --ramp + 30)")
    parser.add_argument("--think", type=think_range, default=None, metavar="MIN,MAX",
                        help="seconds a seat waits, drawn uniformly, before it moves (default: none, at once)")
    parser.add_argument("--moves-over", choices=("socket", "http"), default="socket",
                        help="how a seat sends its moves: on the game's WebSocket, as the page does (default), or "
                             "POSTed on a new connection each (the page's way before issue 63)")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes sharing the database (PostgreSQL only for more than 1; default 1)")
    killing = parser.add_mutually_exclusive_group()
    killing.add_argument("--kill-at", type=float, default=None,
                         help="kill -9 the first server at S seconds and restart it")
    killing.add_argument("--kill-one-at", type=float, default=None,
                         help="kill -9 the first server at S seconds for good; its clients go on with the next one")
    parser.add_argument("--mix", type=lambda s: [g.strip() for g in s.split(",") if g.strip()],
                        default=list(PLAYERS), help="games to play, comma-separated (default: all three)")
    parser.add_argument("--port", type=int, default=0,
                        help="the first server's port, the next ones follow (default: free ones)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the clients' choices")
    parser.add_argument("--json", type=Path, default=None, help="also write the summary to this file")
    parser.add_argument("--profile", type=Path, default=None,
                        help="run the first server under cProfile and write its statistics to this file (its main "
                             "thread only: the event loop, not the database threads)")
    parser.add_argument("--metrics-at", type=float, default=None, metavar="S",
                        help="at S seconds, read server 0's /metrics and check it with promtool check metrics")
    parser.add_argument("--backup-at", type=float, default=None, metavar="S",
                        help="at S seconds, back the database up (hanpan db backup, or pg_dump); at the end the "
                             "backup is restored into a new database and every move acknowledged before it began "
                             "is looked for there")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (server logs, SQLite file)")
    args = parser.parse_args(argv)
    for game in args.mix:
        if game not in PLAYERS:
            parser.error(f"unknown game {game!r}; games: {', '.join(PLAYERS)}")
    if args.warmup is None:
        args.warmup = args.ramp + 30
    if not 0 <= args.ramp < args.seconds:
        parser.error("--ramp must be within --seconds")
    if args.processes < 1:
        parser.error("--processes must be 1 or more")
    on_postgres = args.postgres or (args.db or "").startswith("postgresql")
    if args.processes > 1 and not on_postgres:
        parser.error("--processes above 1 needs PostgreSQL (--postgres or --db postgresql…)")
    for name in ("kill_at", "kill_one_at", "metrics_at", "backup_at"):
        value = getattr(args, name)
        if value is not None and not 0 < value < args.seconds:
            parser.error(f"--{name.replace('_', '-')} must be within --seconds")
    if args.kill_one_at is not None and args.processes < 2:
        parser.error("--kill-one-at needs --processes 2 or more (the clients go on with another)")
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # a socket per seat, and the servers' own
    folder = Path(tempfile.mkdtemp(prefix="hanpan-load-"))
    try:
        with database(args, folder) as url:
            summary = asyncio.run(main_async(args, url, folder))
    finally:
        if args.keep:
            print(f"kept {folder}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    assert set(CHECKED) <= set(summary["check"])
    text = json.dumps(summary, indent=2, ensure_ascii=False)
    print(text)
    print()
    print(table(summary))
    if summary["metrics"]:
        m = summary["metrics"]
        print(f"{'/metrics at ' + str(m['at']) + ' s':44}{m['lines']} lines, promtool: {m.get('promtool', '-')}; "
              + ", ".join(f"{k} {v:g}" for k, v in m.get("figures", {}).items()))
    if summary["backup"]:
        b = summary["backup"]
        print(f"{'backup at ' + str(b['at']) + ' s':44}{b['seconds']} s, {b['bytes']:,} bytes; restored: "
              f"{b['acknowledged before the backup began']} moves acknowledged before it, "
              f"{b['missing from the restored copy']} missing")
    if args.json:
        args.json.write_text(text + "\n")
    return 1 if bad_moves(summary["check"]) else 0


if __name__ == "__main__":
    sys.exit(main())
