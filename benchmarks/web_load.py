"""Load benchmark of ``hanpan serve``: many games played at once by WebSocket + HTTP clients.

    PYTHONPATH=. .venv/bin/python benchmarks/web_load.py [--games 200] [--seconds 300]
        [--db URL | --postgres] [--kill-at S] [--mix spirits_of_the_wild,harmonies,four_gardens]

It starts ``hanpan serve`` (the console script next to this Python) as a subprocess on a loopback port
(default database: an SQLite file in a temporary folder; ``--postgres`` starts a throwaway cluster with
``tests/web/pg.py``), creates ``--games`` games (a mix of the three games, human seats only) and plays
them all at once for ``--seconds``: every seat is one client with its own WebSocket, which posts a
random legal move from its latest body whenever that body says it is its turn.  A game that ends is
replaced by a new one.

It measures the moves accepted per second, the latency from a move's POST being sent to every seat of
its game having received a pushed body with that move's number (p50/p90/p99/max), the server's CPU time
per accepted move (its main thread, the event loop, apart from the database's threads) and the clients',
and the errors by kind.  At the end it reads the database (``hanpan.web.storage.Store``) and checks, game by game, that
every acknowledged move (200) is stored exactly once at its number, with nothing stored that no client
sent (a move whose POST got no answer because the server was killed may be stored or not; both count
as correct).

``--kill-at S`` kills the server with SIGKILL at S seconds and starts it again on the same database and
port; the clients reconnect and go on, and the same check must find 0 acknowledged moves lost.

The clients run in this process and share the machine with the server: the figures are those of the
pair, not of the server alone.  Nothing here asserts a speed; it stops by itself after ``--seconds``
(plus bounded waits for the server to start and stop): about 5 minutes with the defaults.  The last
figures are in web_load_results.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import json
import os
import random
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

if importlib.util.find_spec("sniffio") is None:
    # httpcore tries to import sniffio on every request, and a failed import searches the whole path each
    # time (a tenth of the clients' CPU here): a None in sys.modules makes the miss immediate
    sys.modules["sniffio"] = None  # type: ignore[assignment]

#: players per game, drawn at random for each new game
PLAYERS = {"spirits_of_the_wild": (2,), "harmonies": (2, 3, 4), "four_gardens": (2, 3, 4)}
#: the head of a body: its first keys, before anything nested (the server writes them in this order)
HEAD = re.compile(r'"status":"(?P<status>[a-z]+)","move_number":(?P<number>\d+),"current_player":(?P<player>null|\d+),')
LEGAL = '"legal":['
START_TIMEOUT = 120.0  # seconds for the server to answer (a restart rebuilds every game in progress)
POST_TIMEOUT = 60.0
#: one HTTP client per seat, as each player has their own browser; connections are not kept longer than the
#: server's keep-alive (uvicorn closes them after 5 s), so a move is never sent on one it is closing
SEAT_LIMITS = httpx.Limits(max_connections=2, max_keepalive_connections=1, keepalive_expiry=4.0)
DRAIN_TIMEOUT = 30.0


def hanpan_script() -> str:
    """The ``hanpan`` console script installed next to this Python."""
    here = Path(sys.executable).parent / "hanpan"
    if here.exists():
        return str(here)
    found = shutil.which("hanpan")
    if found is None:
        raise SystemExit("no hanpan console script next to this Python: pip install -e '.[web,dev]'")
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# --- the server ------------------------------------------------------------------------------------
class Server:
    """``hanpan serve`` as a subprocess (its own process group); ``kill`` is SIGKILL."""

    def __init__(self, url: str, port: int, folder: Path, profile: Path | None = None) -> None:
        self.url = url
        self.profile = profile
        self.port = port
        self.folder = folder
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self.cpu_seconds = 0.0  # of the server processes that have ended (user + system)
        self.cpu_main_seconds = 0.0  # of their main threads (the event loop; the rest: the database threads)
        self.rss_mb: list[float] = []  # each server process's resident memory when it was stopped or killed

    def _add_cpu(self) -> None:
        """Add the running server's CPU time (Linux /proc; nothing elsewhere)."""
        if self.proc is None or self.proc.poll() is not None:
            return
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            self.cpu_seconds += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
            self.rss_mb.append(round(int(fields[21]) * os.sysconf("SC_PAGE_SIZE") / 2**20, 1))
            main = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            self.cpu_main_seconds += (int(main[11]) + int(main[12])) / os.sysconf("SC_CLK_TCK")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.starts += 1
        log = open(self.folder / f"server-{self.starts}.log", "wb")  # noqa: SIM115 - the child holds it
        command = [hanpan_script(), "serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", self.url,
                   "--max-sockets-per-client", "100000", "--max-bot-games-per-client", "100000"]  # one address for all
        if self.profile is not None:  # the first server process only: cProfile writes its file on a clean stop
            command = [sys.executable, "-m", "cProfile", "-o", str(self.profile), *command]
            self.profile = None
        self.proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                     start_new_session=True)
        log.close()

    async def wait_ready(self, timeout: float = START_TIMEOUT) -> float:
        """Seconds until ``/api/meta`` answers 200; raises if the process dies or time runs out."""
        started = time.monotonic()
        async with httpx.AsyncClient(base_url=self.base, timeout=2.0, trust_env=False) as client:
            while time.monotonic() - started < timeout:
                assert self.proc is not None
                if self.proc.poll() is not None:
                    raise RuntimeError(f"the server exited with {self.proc.returncode}:\n{self.log_tail()}")
                with contextlib.suppress(httpx.HTTPError):
                    if (await client.get("/api/meta")).status_code == 200:
                        return time.monotonic() - started
                await asyncio.sleep(0.1)
        raise RuntimeError(f"the server did not answer within {timeout:.0f} s:\n{self.log_tail()}")

    def kill(self) -> None:
        self._add_cpu()
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)  # its group: the server and any worker it started
            self.proc.wait(10)

    def stop(self) -> None:
        """SIGINT (uvicorn shuts down cleanly), SIGKILL after 15 s."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self._add_cpu()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGINT)
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.kill()

    def log_tail(self, lines: int = 30) -> str:
        path = self.folder / f"server-{self.starts}.log"
        if not path.exists():
            return ""
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])

    def log_count(self, text: str) -> int:
        return sum(p.read_text(errors="replace").count(text) for p in self.folder.glob("server-*.log"))


# --- what the clients saw --------------------------------------------------------------------------
@dataclass
class Posted:
    number: int
    seat: int
    move: str
    sent: float
    outcome: str = "pending"  # "ack", "refused <status>", "unknown" (no answer: the server died)
    done: dict[int, float] = field(default_factory=dict)  # seat -> when its push with this move arrived


@dataclass
class GameRun:
    id: str
    game: str
    tokens: dict[int, str]
    posts: list[Posted] = field(default_factory=list)
    pending: dict[int, list[Posted]] = field(default_factory=dict)
    finished: bool = False
    newest: int = 0

    @property
    def seats(self) -> int:
        return len(self.tokens)


def parse(text: str, seat: int) -> dict[str, Any]:
    """What a seat needs of a body: its status, move number and player to move, and the legal moves when it
    is this seat's turn.  Only the head is read (and the list of legal moves for the seat to move): the
    clients share the machine with the server, and parsing every body in full would make them the
    bottleneck.  Falls back to a full parse when the head is not where it is expected."""
    head = HEAD.search(text, 0, 400)
    if head is None:
        body: dict[str, Any] = json.loads(text)
        return {k: body[k] for k in ("status", "move_number", "current_player", "legal")}
    player = None if head["player"] == "null" else int(head["player"])
    legal: list[str] = []
    if player == seat and head["status"] == "playing":
        at = text.find(LEGAL)
        if at < 0:
            legal = json.loads(text)["legal"]
        else:
            legal, _ = json.JSONDecoder().raw_decode(text, at + len(LEGAL) - 1)
    return {"status": head["status"], "move_number": int(head["number"]), "current_player": player,
            "legal": legal}


class Bench:
    def __init__(self, args: argparse.Namespace, server: Server, mix: list[str]) -> None:
        self.args = args
        self.server = server
        self.mix = mix
        self.rng = random.Random(args.seed)
        self.games: list[GameRun] = []
        self.errors: Counter[str] = Counter()
        self.latencies: list[tuple[float, float]] = []  # (sent, seconds)
        self.acks: list[float] = []
        self.t0 = 0.0
        self.deadline = 0.0
        self.stopping = False
        self.kill_at: float | None = None
        self.back_at: float | None = None
        self.restart_seconds: float | None = None
        self.client: httpx.AsyncClient | None = None

    def now(self) -> float:
        return time.monotonic() - self.t0

    # --- one seat --------------------------------------------------------------------------------------
    async def seat(self, run: GameRun, seat: int) -> None:
        """One client: its WebSocket (reconnecting) and its moves."""
        latest: dict[str, Any] = {}
        seq = 0
        changed = asyncio.Event()
        over = False  # this seat saw the game end, or gave it up

        async def listen() -> None:
            nonlocal latest, seq, over
            url = f"ws://127.0.0.1:{self.server.port}/api/games/{run.id}/ws?token={run.tokens[seat]}"
            failures = 0
            while not over:
                try:
                    async with ws_connect(url, max_size=16 * 2**20, proxy=None, open_timeout=20,
                                          ping_interval=None, close_timeout=2) as socket_:
                        failures = 0
                        async for text in socket_:
                            body = parse(str(text), seat)
                            self.arrived(run, seat, body)
                            if body["move_number"] >= latest.get("move_number", -1):
                                latest, seq = body, seq + 1
                                changed.set()
                            if body["status"] != "playing":
                                run.finished = over = True
                                changed.set()
                                return
                        self.errors[f"ws closed {socket_.close_code}"] += 1
                except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as e:
                    code = e.response.status_code if isinstance(e, InvalidStatus) else None
                    self.errors[f"ws {type(e).__name__}{' ' + str(code) if code else ''}"] += 1
                except Exception as e:  # counted; the client goes on
                    self.errors[f"ws client error {type(e).__name__}: {e}"] += 1
                failures += 1
                if failures > 600 or self.stopping:  # about two minutes of failing: give this game up
                    over = True
                    changed.set()
                    return
                await asyncio.sleep(0.2)

        listener = asyncio.create_task(listen())
        # plain HTTP on loopback: verify=False spares loading the CA certificates for every client
        http = httpx.AsyncClient(base_url=self.server.base, timeout=POST_TIMEOUT, limits=SEAT_LIMITS,
                                 trust_env=False, verify=False)
        try:
            posted_at_seq = -1
            while not self.stopping and not over:
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(changed.wait(), 1.0)
                changed.clear()
                body = latest
                if (not body or seq == posted_at_seq or body["status"] != "playing"
                        or body["current_player"] != seat or not body["legal"] or self.stopping):
                    continue
                posted_at_seq = seq
                await self.post(http, run, seat, body["move_number"], self.rng.choice(body["legal"]))
        finally:
            await http.aclose()
            if not listener.done():
                # the pushes of the last moves may still be on their way: wait a little, then close
                with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                    await asyncio.wait_for(asyncio.shield(listener), 3.0)
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

    async def post(self, http: httpx.AsyncClient, run: GameRun, seat: int, number: int, move: str) -> None:
        posted = Posted(number, seat, move, self.now())
        run.posts.append(posted)
        run.pending.setdefault(number, []).append(posted)
        try:
            response = await http.post(f"/api/games/{run.id}/moves",
                                       json={"move": move, "move_number": number},
                                       headers={"Authorization": f"Bearer {run.tokens[seat]}"})
        except httpx.HTTPError as e:
            posted.outcome = "unknown"
            self.errors[f"POST {type(e).__name__}"] += 1
            return
        if response.status_code == 200:
            answered = parse(response.text, -1)["move_number"]
            if answered < number + 1:
                self.errors["POST 200 with an older move_number"] += 1
            posted.outcome = "ack"
            self.acks.append(self.now())
            if len(posted.done) == run.seats:  # every push came before the answer
                self.latencies.append((posted.sent, max(posted.done.values()) - posted.sent))
        else:
            posted.outcome = f"refused {response.status_code}"
            self.errors[f"POST {response.status_code}"] += 1
            if number in run.pending and posted in run.pending[number]:
                run.pending[number].remove(posted)
                if not run.pending[number]:
                    del run.pending[number]

    # --- games ---------------------------------------------------------------------------------------
    async def create(self) -> GameRun | None:
        assert self.client is not None
        game = self.rng.choice(self.mix)
        players = self.rng.choice(PLAYERS[game])
        try:
            response = await self.client.post("/api/games", json={"game": game, "seats": ["human"] * players,
                                                                   "seed": self.rng.randrange(2**31)})
        except httpx.HTTPError as e:
            self.errors[f"create {type(e).__name__}"] += 1
            return None
        if response.status_code != 201:
            self.errors[f"create {response.status_code}"] += 1
            return None
        data = response.json()
        run = GameRun(data["id"], game, {s["seat"]: s["token"] for s in data["seats"]})
        self.games.append(run)
        return run

    async def slot(self) -> None:
        """One of the G games being played at any time: play it, then start another."""
        while not self.stopping:
            run = await self.create()
            if run is None:
                await asyncio.sleep(0.5)
                continue
            await asyncio.gather(*(self.seat(run, s) for s in range(run.seats)))

    async def killer(self) -> None:
        assert self.args.kill_at is not None
        await asyncio.sleep(max(0.0, self.args.kill_at - self.now()))
        if self.stopping:
            return
        self.kill_at = self.now()
        print(f"[{self.kill_at:6.1f} s] kill -9 the server (pid {self.server.proc.pid if self.server.proc else '?'})",
              flush=True)
        await asyncio.to_thread(self.server.kill)
        self.server.start()
        self.restart_seconds = await self.server.wait_ready()
        self.back_at = self.now()
        print(f"[{self.back_at:6.1f} s] the server answers again ({self.restart_seconds:.1f} s after the restart)",
              flush=True)

    async def ticker(self) -> None:
        while not self.stopping:
            await asyncio.sleep(10)
            recent = sum(1 for t in self.acks if t > self.now() - 10)
            print(f"[{self.now():6.1f} s] {len(self.acks)} moves acknowledged, {recent / 10:.1f}/s in the last 10 s, "
                  f"{len(self.games)} games", flush=True)

    async def run(self) -> float:
        # this client only creates games (httpcore's pool costs grow with its connections: keep it small)
        limits = httpx.Limits(max_connections=20, max_keepalive_connections=20, keepalive_expiry=4.0)
        async with httpx.AsyncClient(base_url=self.server.base, timeout=POST_TIMEOUT, limits=limits,
                                     trust_env=False) as client:
            self.client = client
            self.t0 = time.monotonic()
            slots = [asyncio.create_task(self.slot()) for _ in range(self.args.games)]
            extras = [asyncio.create_task(self.ticker())]
            if self.args.kill_at is not None:
                extras.append(asyncio.create_task(self.killer()))
            try:
                await asyncio.sleep(self.args.seconds)
            except asyncio.CancelledError:  # Ctrl-C: stop the clients at once (the caller stops the server)
                self.stopping = True
                for task in [*slots, *extras]:
                    task.cancel()
                await asyncio.gather(*slots, *extras, return_exceptions=True)
                raise
            self.stopping = True
            played = self.now()
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


# --- the check against the database ----------------------------------------------------------------
def check(url: str, games: list[GameRun]) -> dict[str, Any]:
    """Every acknowledged move stored once at its number; nothing stored that no client sent."""
    from hanpan.web.storage import Store

    store = Store(url)
    out: Counter[str] = Counter()
    problems: list[str] = []
    try:
        for run in games:
            stored = store.moves(run.id)
            row = store.game(run.id)
            numbers = [m.number for m in stored]
            if numbers != list(range(len(stored))):
                out["games with gaps or doubled numbers in the store"] += 1
                problems.append(f"{run.id}: stored numbers {numbers[:10]}…")
            if row is None or row.move_count != len(stored):
                out["games whose move_count is not their number of moves"] += 1
                problems.append(f"{run.id}: move_count {row.move_count if row else None} != {len(stored)}")
            by_number = {m.number: m for m in stored}
            acked: dict[int, list[Posted]] = {}
            for p in run.posts:
                if p.outcome == "ack":
                    acked.setdefault(p.number, []).append(p)
            for number, posts in acked.items():
                out["acknowledged"] += len(posts)
                if len(posts) > 1:
                    out["doubled (two acknowledgements of one number)"] += len(posts) - 1
                    problems.append(f"{run.id}: move {number} acknowledged {len(posts)} times")
                m = by_number.get(number)
                if m is None:
                    out["lost (acknowledged, not stored)"] += 1
                    problems.append(f"{run.id}: acknowledged move {number} {posts[0].move!r} is not stored")
                elif (m.notation, m.seat) != (posts[0].move, posts[0].seat):
                    out["lost (another move stored at its number)"] += 1
                    problems.append(f"{run.id}: move {number}: acknowledged {posts[0].move!r}, stored {m.notation!r}")
            for m in stored:
                if m.number in acked:
                    continue
                unanswered = [p for p in run.posts if p.number == m.number and p.outcome == "unknown"
                              and (p.move, p.seat) == (m.notation, m.seat)]
                if unanswered:
                    out["stored without an answer (in flight at the kill)"] += 1
                else:
                    out["extra (stored, never sent or refused)"] += 1
                    problems.append(f"{run.id}: stored move {m.number} {m.notation!r} was never acknowledged")
            out["stored"] += len(stored)
    finally:
        store.close()
    result: dict[str, Any] = {k: out.get(k, 0) for k in (
        "acknowledged", "stored", "lost (acknowledged, not stored)", "lost (another move stored at its number)",
        "doubled (two acknowledgements of one number)", "extra (stored, never sent or refused)",
        "stored without an answer (in flight at the kill)", "games with gaps or doubled numbers in the store",
        "games whose move_count is not their number of moves")}
    result["problems"] = problems[:20]
    return result


# --- the figures -----------------------------------------------------------------------------------
def quantiles(values: list[float]) -> dict[str, float | int | None]:
    if not values:
        return {"n": 0, "p50": None, "p90": None, "p99": None, "max": None}
    ordered = sorted(values)

    def q(p: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000, 1)

    return {"n": len(ordered), "p50": q(0.50), "p90": q(0.90), "p99": q(0.99), "max": round(ordered[-1] * 1000, 1)}


def preflight(base: str, mix: list[str]) -> tuple[list[str], dict[str, str]]:
    """The games of the mix whose body the server can build (a game it cannot is left out, and said)."""
    kept, left_out = [], {}
    for game in mix:
        # a client per game: after an internal error the server closes the connection
        with httpx.Client(base_url=base, timeout=30, trust_env=False) as client:
            try:
                created = client.post("/api/games",
                                      json={"game": game, "seats": ["human"] * PLAYERS[game][0], "seed": 1})
                if created.status_code != 201:
                    left_out[game] = f"POST /api/games -> {created.status_code} {created.text[:200]}"
                    continue
                data = created.json()
                got = client.get(f"/api/games/{data['id']}",
                                 headers={"Authorization": f"Bearer {data['seats'][0]['token']}"})
            except httpx.HTTPError as e:
                left_out[game] = f"{type(e).__name__}: {e}"
                continue
            if got.status_code != 200:
                left_out[game] = f"GET /api/games/{{id}} -> {got.status_code} {got.text[:200]}"
                continue
            kept.append(game)
    return kept, left_out


@contextlib.contextmanager
def database(args: argparse.Namespace, folder: Path) -> Iterator[str]:
    if args.db:
        yield args.db
    elif args.postgres:
        from tests.web import pg

        reason = pg.missing_reason()
        if reason:
            raise SystemExit(f"--postgres: {reason}")
        with pg.throwaway_cluster(durable=True) as url:
            yield url
    else:
        yield f"sqlite:///{folder / 'load.sqlite3'}"


def table(summary: dict[str, Any]) -> str:
    lat = summary["latency_ms"]
    rows = [
        ("database", summary["database"]),
        ("games at once / created", f"{summary['games_at_once']} / {summary['games_created']}"
                                    f" ({summary['games_finished']} finished)"),
        ("seconds played", f"{summary['seconds']:.0f}"),
        ("moves acknowledged", str(summary["moves_acknowledged"])),
        ("moves/s accepted", f"{summary['moves_per_second']:.1f}"),
        ("push latency p50/p90/p99/max (ms)", f"{lat['p50']} / {lat['p90']} / {lat['p99']} / {lat['max']}"),
        ("CPU ms per move: server / clients", f"{summary['cpu']['server_ms_per_move']}"
                                              f" / {summary['cpu']['clients_ms_per_move']}"),
        ("server CPU ms per move: main thread", f"{summary['cpu']['server_main_thread_ms_per_move']}"),
        ("lost / doubled / extra", f"{summary['check']['lost (acknowledged, not stored)']}"
                                   f" + {summary['check']['lost (another move stored at its number)']}"
                                   f" / {summary['check']['doubled (two acknowledgements of one number)']}"
                                   f" / {summary['check']['extra (stored, never sent or refused)']}"),
        ("errors", ", ".join(f"{k}: {v}" for k, v in sorted(summary["errors"].items())) or "none"),
    ]
    if summary.get("kill"):
        kill = summary["kill"]
        after = kill["latency_ms_after_restart"]
        rows.insert(7, ("kill -9 at / answering again after", f"{kill['at']:.1f} s / {kill['restart_seconds']:.1f} s"))
        rows.insert(8, ("latency after the restart p50/p99", f"{after['p50']} / {after['p99']} ms"))
        rows.insert(10, ("stored without an answer (in flight)",
                        str(summary["check"]["stored without an answer (in flight at the kill)"])))
    width = max(len(k) for k, _ in rows)
    return "\n".join(f"{k.ljust(width)}  {v}" for k, v in rows)


async def main_async(args: argparse.Namespace, url: str, folder: Path) -> dict[str, Any]:
    server = Server(url, args.port or free_port(), folder, args.profile)
    server.start()
    try:
        startup = await server.wait_ready()
        mix, left_out = await asyncio.to_thread(preflight, server.base, args.mix)
        for game, why in left_out.items():
            print(f"left out of the mix: {game}: {why}", flush=True)
        if not mix:
            raise SystemExit("no game of the mix can be played on this server")
        bench = Bench(args, server, mix)
        load_before = os.getloadavg()
        cpu_before = resource.getrusage(resource.RUSAGE_SELF)
        print(f"server up in {startup:.1f} s; {args.games} games at once for {args.seconds:.0f} s ({', '.join(mix)})",
              flush=True)
        played = await bench.run()
        load_after = os.getloadavg()
        cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    except BaseException:
        print(f"the server's log ends with:\n{server.log_tail()}", file=sys.stderr)
        raise
    finally:
        await asyncio.to_thread(server.stop)
    fell_behind = server.log_count("dropped a WebSocket that fell behind")
    internal = server.log_count("internal error")
    checked = await asyncio.to_thread(check, url, bench.games)
    moves = len(bench.acks)
    lat = [s for _, s in bench.latencies]
    per_game = Counter(g.game for g in bench.games)
    client_cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    summary: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S %z"),
        "database": "postgresql (throwaway cluster)" if args.postgres else url.split("://")[0],
        "games_at_once": args.games,
        "mix": mix,
        "left_out": left_out,
        "games_created": len(bench.games),
        "games_by_kind": dict(per_game),
        "games_finished": sum(1 for g in bench.games if g.finished),
        "seconds": round(played, 1),
        "moves_acknowledged": moves,
        "moves_per_second": round(moves / played, 1) if played else 0.0,
        "moves_per_second_by_10s": [round(sum(1 for t in bench.acks if i <= t < i + 10) / min(10, played - i), 1)
                                    for i in range(0, int(played), 10) if played - i >= 1],
        "latency_ms": quantiles(lat),
        "cpu": {"server_seconds": round(server.cpu_seconds, 1), "clients_seconds": round(client_cpu, 1),
                "server_ms_per_move": round(server.cpu_seconds * 1000 / moves, 2) if moves else None,
                "server_main_thread_ms_per_move": round(server.cpu_main_seconds * 1000 / moves, 2) if moves else None,
                "clients_ms_per_move": round(client_cpu * 1000 / moves, 2) if moves else None,
                "note": "server: user+system time of the server process(es), start-up included; its main thread "
                        "runs the event loop, the others are the database's"},
        "server_rss_mb": server.rss_mb,
        "errors": dict(bench.errors),
        "server_log": {"internal errors": internal, "websockets dropped for falling behind": fell_behind},
        "check": checked,
        "machine": {"cpus": os.cpu_count(), "loadavg_before": [round(x, 2) for x in load_before],
                    "loadavg_after": [round(x, 2) for x in load_after],
                    "note": "the clients run on the same machine and share its CPUs with the server"},
    }
    if args.kill_at is not None:
        after = [s for sent, s in bench.latencies if bench.back_at is not None and sent >= bench.back_at]
        summary["kill"] = {"at": bench.kill_at, "restart_seconds": bench.restart_seconds,
                           "back_at": bench.back_at, "latency_ms_after_restart": quantiles(after)}
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games played at once (default 200)")
    parser.add_argument("--seconds", type=float, default=300.0, help="how long to play (default 300)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--db", help="a database URL (default: an SQLite file in a temporary folder)")
    where.add_argument("--postgres", action="store_true", help="start a throwaway PostgreSQL cluster (tests/web/pg.py)")
    parser.add_argument("--kill-at", type=float, default=None, help="kill -9 the server at S seconds and restart it")
    parser.add_argument("--mix", type=lambda s: [g.strip() for g in s.split(",") if g.strip()],
                        default=list(PLAYERS), help="games to play, comma-separated (default: all three)")
    parser.add_argument("--port", type=int, default=0, help="the server's port (default: a free one)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the clients' choices")
    parser.add_argument("--json", type=Path, default=None, help="also write the summary to this file")
    parser.add_argument("--profile", type=Path, default=None,
                        help="run the server under cProfile and write its statistics to this file (its main "
                             "thread only: the event loop, not the database threads)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (server logs, SQLite file)")
    args = parser.parse_args(argv)
    for game in args.mix:
        if game not in PLAYERS:
            parser.error(f"unknown game {game!r}; games: {', '.join(PLAYERS)}")
    if args.kill_at is not None and not 0 < args.kill_at < args.seconds:
        parser.error("--kill-at must be within --seconds")
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # a socket per seat, and the server's own
    folder = Path(tempfile.mkdtemp(prefix="hanpan-load-"))
    try:
        with database(args, folder) as url:
            summary = asyncio.run(main_async(args, url, folder))
    finally:
        if args.keep:
            print(f"kept {folder}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    text = json.dumps(summary, indent=2, ensure_ascii=False)
    print(text)
    print()
    print(table(summary))
    if args.json:
        args.json.write_text(text + "\n")
    check_ = summary["check"]
    bad = (check_["lost (acknowledged, not stored)"] + check_["lost (another move stored at its number)"]
           + check_["doubled (two acknowledgements of one number)"] + check_["extra (stored, never sent or refused)"])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
