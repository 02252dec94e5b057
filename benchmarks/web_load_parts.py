"""Parts of ``benchmarks/web_load.py``: the ``hanpan serve`` processes it starts, the database they share,
the CPU time they and PostgreSQL use, what a client reads of a body and keeps of its game, a seat's HTTP
client, the check of the stored moves at the end, and the table of figures.

Not a benchmark of its own: ``web_load.py`` imports it (it is run as a script, so this file is found next
to it).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

START_TIMEOUT = 120.0  # seconds for a server to answer (a restart rebuilds every game in progress)
#: the server's limits per client address raised: every client of the benchmark comes from 127.0.0.1
SERVER_OPTIONS = ["--max-sockets-per-client", "100000", "--max-bot-games-per-client", "100000"]
#: the head of a body: its first keys, before anything nested (the server writes them in this order)
HEAD = re.compile(r'"status":"(?P<status>[a-z]+)","move_number":(?P<number>\d+),"current_player":(?P<player>null|\d+),')
LEGAL = '"legal":['
TICK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


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


def max_connections() -> int:
    """``--max-connections`` for each server: what the open-file limit leaves (the server keeps 256 files
    for its database and logs), at most 20,000; the default 4,000 is fewer than 1,000 games' sockets."""
    import resource

    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return 20_000 if hard == resource.RLIM_INFINITY else max(1024, min(20_000, hard - 256))


def stat_fields(path: str) -> list[str]:
    """The fields of a /proc ``stat`` file after the command's name (field 3 of proc(5) is index 0)."""
    return Path(path).read_text().rsplit(")", 1)[1].split()


# --- the servers -----------------------------------------------------------------------------------
class Server:
    """One ``hanpan serve`` subprocess (its own process group) on a loopback port; ``kill`` is SIGKILL.

    Its CPU time (user + system, Linux /proc) is counted from ``mark()`` (the start of play) to its stop
    or kill: all its threads, and its main thread alone (the event loop; the others are the database's)."""

    def __init__(self, index: int, url: str, port: int, folder: Path, profile: Path | None = None) -> None:
        self.index = index
        self.url = url
        self.profile = profile
        self.port = port
        self.folder = folder
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self.dead = False  # killed for good (--kill-one-at)
        self.cpu_seconds = 0.0
        self.cpu_main_seconds = 0.0
        self._since: tuple[float, float] | None = None  # the running process's CPU when it was marked
        self.rss_mb: list[float] = []  # each server process's resident memory when it was stopped or killed

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _read(self) -> tuple[float, float, float] | None:
        """(CPU seconds of all threads, of the main thread, RSS MB) of the running process."""
        if self.proc is None or self.proc.poll() is not None:
            return None
        try:
            whole = stat_fields(f"/proc/{self.proc.pid}/stat")
            main = stat_fields(f"/proc/{self.proc.pid}/task/{self.proc.pid}/stat")
        except (OSError, IndexError):
            return None
        return ((int(whole[11]) + int(whole[12])) / TICK, (int(main[11]) + int(main[12])) / TICK,
                round(int(whole[21]) * PAGE / 2**20, 1))

    def mark(self) -> None:
        """Count CPU time from now on (start-up, schema and the preflight left out)."""
        now = self._read()
        self._since = (now[0], now[1]) if now else None

    def _add_cpu(self) -> None:
        now = self._read()
        if now is None:
            return
        since = self._since or (0.0, 0.0)  # a process started after mark(): its whole life
        self.cpu_seconds += now[0] - since[0]
        self.cpu_main_seconds += now[1] - since[1]
        self.rss_mb.append(now[2])
        self._since = None

    def start(self) -> None:
        self.starts += 1
        log = open(self.folder / f"server{self.index}-{self.starts}.log", "wb")  # noqa: SIM115 - the child holds it
        command = [hanpan_script(), "serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", self.url,
                   *SERVER_OPTIONS, "--max-connections", str(max_connections())]
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
                    raise RuntimeError(f"server {self.index} exited with {self.proc.returncode}:\n{self.log_tail()}")
                with contextlib.suppress(httpx.HTTPError):
                    if (await client.get("/api/meta")).status_code == 200:
                        return time.monotonic() - started
                await asyncio.sleep(0.1)
        raise RuntimeError(f"server {self.index} did not answer within {timeout:.0f} s:\n{self.log_tail()}")

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
        path = self.folder / f"server{self.index}-{self.starts}.log"
        if not path.exists():
            return ""
        return f"[{path.name}]\n" + "\n".join(path.read_text(errors="replace").splitlines()[-lines:])

    def log_count(self, text: str) -> int:
        return sum(p.read_text(errors="replace").count(text) for p in self.folder.glob(f"server{self.index}-*.log"))


class PostgresCpu:
    """CPU time of a PostgreSQL cluster on this machine: its postmaster (found by the URL's port in its
    command line), the children it has reaped and the ones still running (its backends)."""

    def __init__(self, url: str) -> None:
        from sqlalchemy.engine import make_url

        parsed = make_url(url)
        self.pid: int | None = None
        if parsed.get_backend_name() != "postgresql" or parsed.host not in ("127.0.0.1", "localhost", None):
            return
        port = str(parsed.port or 5432)
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            with contextlib.suppress(OSError):
                argv = (entry / "cmdline").read_bytes().split(b"\0")
                named = Path(argv[0].decode(errors="replace")).name == "postgres"
                if named and b"-p" in argv and argv[argv.index(b"-p") + 1].decode() == port:
                    self.pid = int(entry.name)
                    return

    def seconds(self) -> float | None:
        if self.pid is None:
            return None
        try:
            mine = stat_fields(f"/proc/{self.pid}/stat")
        except OSError:
            return None
        total = sum(int(x) for x in mine[11:15])  # utime, stime, cutime, cstime
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError, IndexError, ValueError):
                    fields = stat_fields(f"/proc/{entry.name}/stat")
                    if int(fields[1]) == self.pid:
                        total += int(fields[11]) + int(fields[12])
        return total / TICK


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


def preflight(base: str, mix: list[str], players: dict[str, tuple[int, ...]]) -> tuple[list[str], dict[str, str]]:
    """The games of the mix whose body the server can build (a game it cannot is left out, and said)."""
    kept, left_out = [], {}
    for game in mix:
        # a client per game: after an internal error the server closes the connection
        with httpx.Client(base_url=base, timeout=30, trust_env=False) as client:
            try:
                created = client.post("/api/games",
                                      json={"game": game, "seats": ["human"] * players[game][0], "seed": 1})
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


# --- what the clients saw --------------------------------------------------------------------------
@dataclass
class Posted:
    number: int
    seat: int
    move: str
    sent: float
    process: int  # the server it was posted to
    outcome: str = "pending"  # "ack", "refused <status>", "unknown" (no answer: the server died)
    answered: float | None = None
    done: dict[int, float] = field(default_factory=dict)  # seat -> when its push with this move arrived


@dataclass
class GameRun:
    index: int
    id: str
    game: str
    tokens: dict[int, str]
    where: dict[int, int]  # seat -> the server it talks to now
    created: float
    posts: list[Posted] = field(default_factory=list)
    pending: dict[int, list[Posted]] = field(default_factory=dict)
    finished: bool = False
    newest: int = 0
    last_ack: float | None = None
    opened: dict[int, float] = field(default_factory=dict)  # seat -> when its WebSocket last opened

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


def my_turn(body: dict[str, Any], seat: int) -> bool:
    return bool(body) and body["status"] == "playing" and body["current_player"] == seat and bool(body["legal"])


def think_range(text: str) -> tuple[float, float]:
    low, _, high = text.partition(",")
    try:
        pair = (float(low), float(high or low))
    except ValueError:
        raise argparse.ArgumentTypeError("--think takes MIN,MAX seconds, e.g. 3,10") from None
    if not 0 <= pair[0] <= pair[1]:
        raise argparse.ArgumentTypeError("--think needs 0 <= MIN <= MAX")
    return pair


# --- a seat's HTTP client --------------------------------------------------------------------------
KEEP_ALIVE = 4.0  # seconds a seat's connection is used again after its last answer (uvicorn keeps it 5 s)


class SeatHttp:
    """One seat's HTTP/1.1 connection, kept alive between its moves as a browser's is, opened again when it
    has been idle KEEP_ALIVE seconds (so a request never goes out on a connection the server is closing) or
    when the seat moves to another server.  It sends a POST and reads its answer, nothing more: an httpx
    client per seat cost the clients about twice the CPU (1.7-2.2 times), most of it in its pool, and the
    clients of 1,000 games share this process (and the machine) with the servers."""

    def __init__(self) -> None:
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.port = 0
        self.idle_since = 0.0

    async def post(self, port: int, path: str, payload: bytes, token: str, timeout: float) -> tuple[int, str]:
        """The answer's status and text; raises what the connection raises (OSError, EOFError, TimeoutError,
        ValueError for an answer it cannot read), after which the connection is closed."""
        if self.writer is None or self.port != port or time.monotonic() - self.idle_since > KEEP_ALIVE:
            self.close()
            self.reader, self.writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), timeout)
            self.port = port
        reader, writer = self.reader, self.writer
        assert reader is not None and writer is not None
        try:
            async with asyncio.timeout(timeout):
                writer.write(b"POST %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAuthorization: Bearer %s\r\n"
                             b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
                             % (path.encode(), port, token.encode(), len(payload), payload))
                head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
                status = int(head[0].split(" ", 2)[1])
                headers = dict(line.lower().split(": ", 1) for line in head[1:] if ": " in line)
                if "content-length" in headers:
                    body = await reader.readexactly(int(headers["content-length"]))
                elif headers.get("transfer-encoding") == "chunked":
                    body = b""
                    while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
                        body += (await reader.readexactly(size + 2))[:-2]
                    await reader.readuntil(b"\r\n")
                else:
                    raise ValueError(f"an answer without a length: {head[0]}")
        except BaseException:
            self.close()
            raise
        if headers.get("connection") == "close":
            self.close()
        else:
            self.idle_since = time.monotonic()
        return status, body.decode()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


# --- the check against the database ----------------------------------------------------------------
CHECKED = ("acknowledged", "stored", "lost (acknowledged, not stored)", "lost (another move stored at its number)",
           "doubled (two acknowledgements of one number)", "extra (stored, never sent or refused)",
           "stored without an answer (in flight at the kill)", "games with gaps or doubled numbers in the store",
           "games whose move_count is not their number of moves")


def check(url: str, games: list[Any]) -> dict[str, Any]:
    """Every acknowledged move stored once at its number; nothing stored that no client sent.

    ``games``: web_load's GameRun (``id`` and ``posts``, each with ``number``, ``seat``, ``move``,
    ``outcome``)."""
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
            acked: dict[int, list[Any]] = {}
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
    result: dict[str, Any] = {k: out.get(k, 0) for k in CHECKED}
    result["problems"] = problems[:20]
    return result


def bad_moves(checked: dict[str, Any]) -> int:
    """Lost, doubled and extra moves: what makes the run fail."""
    return sum(checked[k] for k in ("lost (acknowledged, not stored)", "lost (another move stored at its number)",
                                    "doubled (two acknowledgements of one number)",
                                    "extra (stored, never sent or refused)"))


# --- the figures -----------------------------------------------------------------------------------
def quantiles(values: list[float]) -> dict[str, float | int | None]:
    if not values:
        return {"n": 0, "p50": None, "p90": None, "p99": None, "max": None}
    ordered = sorted(values)

    def q(p: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000, 1)

    return {"n": len(ordered), "p50": q(0.50), "p90": q(0.90), "p99": q(0.99), "max": round(ordered[-1] * 1000, 1)}


def per_move(seconds: float | None, moves: int) -> float | None:
    return round(seconds * 1000 / moves, 2) if moves and seconds is not None else None


def table(summary: dict[str, Any]) -> str:
    lat, cpu, checked = summary["latency_ms"], summary["cpu"], summary["check"]
    rows = [
        ("database / server processes", f"{summary['database']} / {summary['processes']}"),
        ("think (s) / ramp (s)", ("none (as fast as possible)" if summary["think_seconds"] is None
                                  else "{} to {}".format(*summary["think_seconds"]))
         + f" / {summary['ramp_seconds']:g}"),
        ("moves sent", "on the game's WebSocket" if summary.get("moves_over", "http") == "socket"
         else "POSTed, a new connection each"),
        ("games at once / created", f"{summary['games_at_once']} / {summary['games_created']}"
                                    f" ({summary['games_finished']} finished, {summary['games_stalled']} stalled)"),
        ("seconds played", f"{summary['seconds']:.0f}"),
        ("moves acknowledged", str(summary["moves_acknowledged"])),
        ("moves/s accepted", f"{summary['moves_per_second']:.1f}"),
        ("push latency p50/p90/p99/max (ms)", f"{lat['p50']} / {lat['p90']} / {lat['p99']} / {lat['max']}"
                                              f" ({lat['n']} moves)"),
        (f"  of moves sent from {summary['warmup_seconds']:.0f} s on",
         "{p50} / {p90} / {p99} / {max} ({n} moves)".format(**summary["latency_ms_after_warmup"])),
        ("pushes never received", "{} moves, {} pushes ({} to a seat on another process)".format(
            *list(summary["pushes_missing"].values())[:3])),
        ("server CPU ms per move: all threads / main", f"{cpu['server_ms_per_move']} / "
                                                       f"{cpu['server_main_thread_ms_per_move']}"),
    ]
    for s in summary["servers"]:
        rows.append((f"  server {s['index']} (port {s['port']})",
                     f"{s['moves_accepted']} moves ({s['moves_per_second']}/s), {s['cpu_seconds']} s CPU = "
                     f"{s['ms_per_accepted_move']} ms a move (main thread {s['main_thread_ms_per_accepted_move']}), "
                     f"{s['share_of_a_core']:.0%} of a core, {sum(s['errors'].values())} errors"
                     + (f", killed at {s['killed_at']:.0f} s" if s["killed_at"] is not None else "")))
    rows += [
        ("PostgreSQL CPU ms per move", str(cpu["postgres_ms_per_move"])),
        ("clients CPU ms per move / share of a core",
         f"{cpu['clients_ms_per_move']} / {cpu['clients_share_of_a_core']:.0%}"),
        ("lost / doubled / extra", f"{checked['lost (acknowledged, not stored)']}"
                                   f" + {checked['lost (another move stored at its number)']}"
                                   f" / {checked['doubled (two acknowledgements of one number)']}"
                                   f" / {checked['extra (stored, never sent or refused)']}"),
        ("errors", ", ".join(f"{k}: {v}" for k, v in sorted(summary["errors"].items())) or "none"),
    ]
    kill = summary.get("kill")
    if kill:
        if kill["for_good"]:
            first = kill["first_move_after_s"]
            what = (f" for good; {kill['games_affected']} games had a seat on it, {kill['games_moved_again']} moved "
                    f"again (their first move answered {first['p50']} s after the kill p50, {first['max']} s max)")
        else:
            what = f", answering again after {kill['restart_seconds']:.1f} s"
        rows.insert(8, ("kill -9 at", f"{kill['at']:.1f} s{what}"))
        after = kill["latency_ms_after"]
        rows.insert(9, (f"latency after the {'kill' if kill['for_good'] else 'restart'} p50/p99 (ms)",
                        f"{after['p50']} / {after['p99']}"))
        rows.insert(10, ("stored without an answer (in flight)",
                         str(checked["stored without an answer (in flight at the kill)"])))
    width = max(len(k) for k, _ in rows)
    return "\n".join(f"{k.ljust(width)}  {v}" for k, v in rows)


# --- a look at /metrics and a backup, taken while the clients play --------------------------------------
def scrape_metrics(base: str, folder: Path) -> dict[str, Any]:
    """GET /metrics (the benchmark runs on the server's machine: loopback may read it), kept in ``folder``,
    checked with ``promtool check metrics`` when it is installed; a few of its figures."""
    answer = httpx.get(base + "/metrics", timeout=30, trust_env=False)
    path = folder / "metrics.txt"
    path.write_text(answer.text)
    out: dict[str, Any] = {"status": answer.status_code, "lines": answer.text.count("\n"), "file": str(path)}
    promtool = shutil.which("promtool")
    if promtool:
        verdict = subprocess.run([promtool, "check", "metrics"], input=answer.text, capture_output=True, text=True)
        out["promtool"] = "clean" if verdict.returncode == 0 and not verdict.stdout.strip() else (
            verdict.stdout + verdict.stderr).strip()[:500]
    wanted = ("hanpan_moves_total", "hanpan_websockets", "hanpan_games_in_progress", "hanpan_move_push_seconds_count",
              "hanpan_db_seconds_count")
    for line in answer.text.splitlines():
        if line.startswith(wanted):
            name, _, value = line.rpartition(" ")
            out.setdefault("figures", {})[name] = float(value)
    return out


def take_backup(url: str, folder: Path) -> Path:
    """A backup of the database while it serves: ``hanpan db backup`` (SQLite's online backup) or
    ``pg_dump --format=custom`` (PostgreSQL), as docs/deploy.md says."""
    if url.startswith("sqlite"):
        path = folder / "backup.sqlite3"
        subprocess.run([str(Path(sys.executable).with_name("hanpan")), "db", "backup", str(path), "--db", url],
                       check=True, capture_output=True)
        return path
    from tests.web import pg

    path = folder / "backup.dump"
    dump = pg.pg_bin("pg_dump")
    assert dump, "pg_dump is not installed"
    subprocess.run([dump, "--format=custom", "--file", str(path), "--dbname", _libpq(url)], check=True)
    return path


def restore_backup(url: str, backup: Path, folder: Path) -> str:
    """The backup put back into a new database (``hanpan db restore`` / ``createdb`` + ``pg_restore``); its URL."""
    if url.startswith("sqlite"):
        target = f"sqlite:///{folder / 'restored.sqlite3'}"
        subprocess.run([str(Path(sys.executable).with_name("hanpan")), "db", "restore", str(backup), "--db", target],
                       check=True, capture_output=True)
        return target
    from tests.web import pg

    target = url.rsplit("/", 1)[0] + "/restored"
    createdb, restore = pg.pg_bin("createdb"), pg.pg_bin("pg_restore")
    assert createdb and restore, "createdb and pg_restore are not installed"
    server = _libpq(url).rsplit("/", 1)[0]
    subprocess.run([createdb, "--maintenance-db", server + "/postgres", "restored"], check=True)
    subprocess.run([restore, "--dbname", _libpq(target), str(backup)], check=True)
    return target


def _libpq(url: str) -> str:
    """A SQLAlchemy URL as libpq's tools take it (no +driver)."""
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def check_backup(url: str, acknowledged: list[tuple[str, int, str]]) -> dict[str, Any]:
    """Every move acknowledged before the backup began, found in the restored copy at its number."""
    from hanpan.web.storage import Store

    store = Store(url)
    missing: list[str] = []
    try:
        by_game: dict[str, list[tuple[int, str]]] = {}
        for game_id, number, move in acknowledged:
            by_game.setdefault(game_id, []).append((number, move))
        for game_id, moves in by_game.items():
            stored = {m.number: m.notation for m in store.moves(game_id)}
            missing += [f"{game_id} move {n} {move!r}" for n, move in moves if stored.get(n) != move]
    finally:
        store.close()
    return {"acknowledged before the backup began": len(acknowledged), "missing from the restored copy": len(missing),
            "examples": missing[:5]}
