"""The attacks on ``hanpan serve`` of issue 50, run again: what each does to a real server, in figures.

    PYTHONPATH=. .venv/bin/python benchmarks/abuse.py [--only NAME] [--seconds S]
        [--server-python PATH --server-src DIR] [--json FILE] [--keep]

Each attack gets its own ``hanpan serve`` (a subprocess on a free loopback port, a fresh SQLite file in a
temporary folder, stopped with SIGTERM and its whole process group killed after 15 s), and prints its
figures.  By default the server is this checkout's (``src/`` beside this folder); ``--server-python``
and ``--server-src`` run another checkout's instead (``PYTHONPATH=DIR python -m hanpan.cli.main
serve``), e.g. a worktree of the commit before the fixes.  A flag is passed to the server only when its
``serve --help`` lists it, so older servers run with what they have.

1. ``sockets`` -- never-reading WebSockets: 200 raw WebSocket connections on one Harmonies game, each
   with a 4,096-byte SO_RCVBUF, that finish the handshake and never read.  The game has one human seat
   (played as fast as HTTP allows by this script, so every socket is open before the pushes start) and
   three ``random`` seats (seed 1: 160 moves), a body pushed to every socket after each.  Figures: the
   sockets refused at once (a close frame right after the handshake, seen with MSG_PEEK, so nothing is
   read), the sockets the server closed (its side of the connection gone from /proc/net/tcp, or no longer
   held by a file) and when, counted from the game's last move, within ``--stall-wait`` seconds (default
   35: the fixed server's stall timeout is 20 s); the server's VmRSS and the kernel's TCP memory
   (/proc/net/sockstat, pages of 4 KiB, the whole machine's) before, at the peak during, at the end of
   the wait, and after this script closed its sockets.  ``--hold S`` keeps them open S seconds more,
   printing the kernel's TCP memory every 10 s (what the server's aborted ends still hold);
   ``--uncapped`` raises the server's caps on sockets per game and per address to 200, so that all are
   accepted and only the stall timeout acts (by default the fixed server takes 64 of one address).
2. ``starved`` -- a starved computer seat: 8 (``--master-games``) Harmonies games of 4 ``master`` seats
   created at once, then a Harmonies game of two ``greedy`` seats (a new one whenever it ends), watched
   over a WebSocket for ``--seconds`` (default 60).  Figures: each greedy turn's wall time (from the push
   that gives a seat the turn to the push that takes it away; the first turn from the game's creation),
   median and max, a turn still open at the end counted as "waiting"; the wall time of each greedy
   decision (push to push); the processes of the server's tree in state R, sampled every 0.5 s, against
   the cores.  Passes ``--max-bot-games-per-client 100000``: 9 games with computer seats come from one
   address (the default cap is 6; ``--master-games 5`` stays under it); no other attack passes it.
3. ``slowloris`` -- 1,100 connections that send an unfinished request header and stop, to a server
   whose open-file limit is 1,024 (soft and hard: it raises its soft limit to the hard one), then, while
   they are held, 50 ``GET /api/meta`` (10 clients at once, 5 each, 3 s timeout each).  Figures: the
   requests that succeeded and their latency p50/p99, the failures by kind, and the slow connections the
   server closed within 15 s of the last one opening.
4. ``replay`` -- a replay flood: 8 clients POST ``/api/replay`` with a finished 4-player Four Gardens
   game of ``random`` seats (seed 7: 862 moves; asked at its last move), each time with another
   player's name so that every record is new, for ``--seconds`` (default 20), while a 9th client GETs
   an ordinary game (``/api/games/{id}``) in a loop.  Figures: that client's latency p50/p99/max (and
   the same GET with no flood, before it), and the replay answers by status.  All from one address.

5.-8. ``slowbody``, ``regflood`` (and ``regflood_unlimited``), ``farming``, ``lockout``: the attacks of issue
   60 as a user of the site meets them, in abuse_accounts.py (its docstring says what each does).

The attackers run in this process on the same machine as the server, and other work on the machine
shows in the figures: the load average is printed before and after each attack (``starved`` itself
keeps both cores busy).  Nothing asserts; it takes about 2.5 minutes with the defaults (a fixed server
closes the never-reading sockets after 20 s and the wait ends then; an older one takes the whole 35 s),
60 s of ``starved``, ~20 s of ``slowloris`` and 20 s of ``replay`` plus making its record; the attacks
of issue 60 about 4.5 minutes more (``slowbody`` 1.5, each ``regflood`` 0.8, ``farming`` 0.5 on a quiet
machine).  The last figures are in abuse_results.md.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import concurrent.futures
import contextlib
import json
import os
import random
import resource
import selectors
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import httpx
from abuse_accounts import ATTACKS as ACCOUNT_ATTACKS
from abuse_accounts import quantiles
from abuse_accounts import run as run_account_attack
from websockets.asyncio.client import connect as ws_connect

ROOT = Path(__file__).resolve().parents[1]
ATTACKS = ("sockets", "starved", "slowloris", "replay", *ACCOUNT_ATTACKS)
START_TIMEOUT = 90.0
TCP_STATES = {1: "ESTABLISHED", 2: "SYN_SENT", 3: "SYN_RECV", 4: "FIN_WAIT1", 5: "FIN_WAIT2", 6: "TIME_WAIT",
              7: "CLOSE", 8: "CLOSE_WAIT", 9: "LAST_ACK", 10: "LISTEN", 11: "CLOSING"}
#: what the server logs when a defence acts, or when something breaks (counted in its log per attack)
LOG_MARKS = ("aborted a connection whose peer read nothing", "dropped a WebSocket that fell behind",
             "Too many open files", "out of system resource", "Traceback", "internal error")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# --- what /proc says ---------------------------------------------------------------------------------
def rss_kib(pid: int) -> int | None:
    with contextlib.suppress(OSError, ValueError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


def tcp_sockstat() -> dict[str, int]:
    """The kernel's TCP line of /proc/net/sockstat: inuse, orphan, tw, alloc, mem (pages)."""
    for line in Path("/proc/net/sockstat").read_text().splitlines():
        if line.startswith("TCP:"):
            words = line.split()[1:]
            return {words[i]: int(words[i + 1]) for i in range(0, len(words) - 1, 2)}
    return {}


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def process_table() -> dict[int, tuple[int, str]]:
    """pid -> (parent pid, state letter), for every process."""
    table: dict[int, tuple[int, str]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            table[int(entry.name)] = (int(fields[1]), fields[0])
    return table


def tree(pid: int, table: dict[int, tuple[int, str]] | None = None) -> set[int]:
    """``pid`` and every process below it."""
    table = table if table is not None else process_table()
    found = {pid} if pid in table else set()
    frontier = set(found)
    while frontier:
        frontier = {child for child, (parent, _) in table.items() if parent in frontier} - found
        found |= frontier
    return found


def server_side(port: int) -> dict[int, tuple[int, int]]:
    """The server's end of each connection to ``port`` (IPv4): peer port -> (TCP state, inode; 0 once no
    file holds it, i.e. the server closed it and the kernel still flushes it)."""
    out: dict[int, tuple[int, int]] = {}
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        f = line.split()
        local, remote = f[1], f[2]
        if int(local.split(":")[1], 16) == port and remote != "00000000:0000":
            out[int(remote.split(":")[1], 16)] = (int(f[3], 16), int(f[9]))
    return out


def client_state(sock: socket.socket) -> int:
    """This end's TCP state (TCP_INFO's first byte): 1 established, 8 close-wait, 7 closed (reset)."""
    try:
        return sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 8)[0]
    except OSError:
        return 0


# --- the server ------------------------------------------------------------------------------------
class Server:
    """``hanpan serve`` of ``src`` run by ``python``, in its own session; ``stop`` also ends its workers."""

    def __init__(self, python: str, src: Path, folder: Path, name: str) -> None:
        self.python = python
        self.src = src
        self.folder = folder
        self.name = name
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.seen: set[int] = set()  # every process of its tree seen while it ran
        self.log = folder / f"server-{name}.log"

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def env(self) -> dict[str, str]:
        return {**os.environ, "PYTHONPATH": str(self.src), "PYTHONUNBUFFERED": "1"}

    def start(self, flags: list[str], nofile: int | None = None) -> None:
        db = self.folder / f"{self.name}.sqlite3"
        command = [self.python, "-m", "hanpan.cli.main", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--db", f"sqlite:///{db}", *flags]

        def limit() -> None:  # in the child, before exec
            if nofile is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                         env=self.env(), cwd=self.folder, start_new_session=True,
                                         preexec_fn=limit)
        started = time.monotonic()
        while time.monotonic() - started < START_TIMEOUT:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}:\n{self.log_tail()}")
            with contextlib.suppress(OSError), urllib.request.urlopen(self.base + "/api/meta", timeout=2) as r:
                if r.status == 200:
                    return
            time.sleep(0.2)
        raise RuntimeError(f"the server did not answer within {START_TIMEOUT:.0f} s:\n{self.log_tail()}")

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def busy(self) -> tuple[int, int]:
        """(processes of its tree in state R, processes of its tree)."""
        table = process_table()
        procs = tree(self.pid, table)
        self.seen |= procs
        return sum(1 for p in procs if table[p][1] == "R"), len(procs)

    def stop(self) -> int:
        """SIGTERM, then SIGKILL of its process group after 15 s; returns how many of its worker processes
        were still alive 5 s after it ended (killed then, by pid, if still in its group)."""
        if self.proc is None:
            return 0
        with contextlib.suppress(ProcessLookupError):
            self.seen |= tree(self.pid)
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.pid, signal.SIGKILL)
                self.proc.wait(10)
        workers = self.seen - {self.pid}
        deadline = time.monotonic() + 5
        alive = workers
        while alive and time.monotonic() < deadline:
            time.sleep(0.2)
            alive = {p for p in workers if self._ours(p)}
        for p in alive:
            with contextlib.suppress(ProcessLookupError):
                os.kill(p, signal.SIGKILL)
        return len(alive)

    def _ours(self, pid: int) -> bool:
        """A live (not zombie) process still in the server's process group (a pid not reused by another)."""
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return False
        return fields[0] != "Z" and int(fields[2]) == self.pid

    def log_tail(self, lines: int = 20) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    def log_marks(self) -> dict[str, int]:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return {mark: text.count(mark) for mark in LOG_MARKS if text.count(mark)}


def serve_flags(python: str, src: Path) -> set[str]:
    """The options this server's ``serve --help`` lists."""
    out = subprocess.run([python, "-m", "hanpan.cli.main", "serve", "--help"], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(src)}, check=True).stdout
    return {word.rstrip(",") for word in out.split() if word.startswith("--")}


def describe(python: str, src: Path) -> dict[str, str]:
    """Which engine the server's checkout runs, and its commit (with the count of changed files)."""
    code = ("import warnings; warnings.simplefilter('ignore')\nimport hanpan\n"
            "try:\n from hanpan._native import engine; print(engine())\n"
            "except ImportError:\n print('pure Python (before the compiled engine)')")
    engine = subprocess.run([python, "-c", code], capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": str(src)}).stdout.strip()
    commit = subprocess.run(["git", "-C", str(src), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip() or "not a git checkout"
    if commit != "not a git checkout":
        changed = subprocess.run(["git", "-C", str(src), "status", "--porcelain", "--untracked-files=no", "."],
                                 capture_output=True, text=True).stdout.splitlines()
        if changed:
            commit += f" + {len(changed)} files changed in {src.name}/"
    return {"engine": engine, "commit": commit, "src": str(src)}


def only(flags: set[str], wanted: dict[str, str]) -> list[str]:
    """``--flag value`` for each wanted flag the server has."""
    out: list[str] = []
    for name, value in wanted.items():
        if name in flags:
            out += [name, value]
    return out


# --- 1. never-reading WebSockets ----------------------------------------------------------------------
def raw_websocket(port: int, path: str) -> socket.socket:
    """A WebSocket handshake on a socket with a 4 KiB receive buffer whose owner then reads nothing."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    return sock


def first_frame(sock: socket.socket) -> str:
    """What the server sent first after its handshake answer, peeked (nothing is read)."""
    try:
        data = sock.recv(4096, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except BlockingIOError:
        return "nothing yet"
    except OSError as e:
        return f"error {type(e).__name__}"
    if not data.startswith(b"HTTP/1.1 101"):
        return f"handshake refused: {data[:24]!r}"
    end = data.find(b"\r\n\r\n")
    frame = data[end + 4:] if end >= 0 else b""
    if not frame:
        return "accepted, nothing pushed yet"
    if frame[0] == 0x88:
        code = struct.unpack("!H", frame[2:4])[0] if len(frame) >= 4 else 0
        return f"refused at once (close {code})"
    if frame[0] == 0x81:
        return "accepted (a body pushed)"
    return f"accepted, first byte {frame[0]:#x}"


def play_human_seat(base: str, game_id: str, token: str, sample: Any) -> tuple[int, float]:
    """Seat 0's random legal moves as fast as HTTP allows, until the game ends; (moves, when it ended)."""
    rng = random.Random(1)
    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=base, timeout=60, trust_env=False) as http:
        while True:
            sample()
            body = http.get(f"/api/games/{game_id}", headers=headers).json()
            if body["status"] != "playing":
                return body["move_number"], time.monotonic()
            if body["current_player"] == 0 and body["legal"]:
                http.post(f"/api/games/{game_id}/moves", headers=headers,
                          json={"move": rng.choice(body["legal"]), "move_number": body["move_number"]})
            else:
                time.sleep(0.01)


def attack_sockets(server: Server, flags: set[str], args: argparse.Namespace) -> dict[str, Any]:
    caps = str(args.sockets) if args.uncapped else None
    server.start(only(flags, {"--max-sockets-per-game": caps, "--max-sockets-per-client": caps} if caps else {}))
    time.sleep(1.0)
    rss: dict[str, Any] = {"before": rss_kib(server.pid)}
    mem: dict[str, Any] = {"before": tcp_sockstat().get("mem")}
    peak = {"rss": rss["before"] or 0, "mem": mem["before"] or 0}

    def sample() -> None:
        peak["rss"] = max(peak["rss"], rss_kib(server.pid) or 0)
        peak["mem"] = max(peak["mem"], tcp_sockstat().get("mem", 0))

    with httpx.Client(base_url=server.base, timeout=30, trust_env=False) as http:
        created = http.post("/api/games", json={"game": "harmonies", "seats": ["human", "random", "random", "random"],
                                                "seed": 1}).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    socks = [raw_websocket(server.port, f"/api/games/{game_id}/ws?lang=en") for _ in range(args.sockets)]
    time.sleep(1.5)
    first = {sock.getsockname()[1]: first_frame(sock) for sock in socks}
    kinds: dict[str, int] = {}
    for what in first.values():
        kinds[what] = kinds.get(what, 0) + 1
    began = time.monotonic()
    moves, ended = play_human_seat(server.base, game_id, token, sample)
    played = ended - began
    ports = [sock.getsockname()[1] for sock in socks]
    closed_at: dict[int, float] = {}  # client port -> seconds after the last move
    refused_early = {p for p, what in first.items() if what.startswith("refused")}
    watch_until = ended + args.stall_wait
    while time.monotonic() < watch_until:
        sample()
        now = time.monotonic()
        ends = server_side(server.port)
        for p in ports:
            if p in closed_at:
                continue
            state, inode = ends.get(p, (0, 0))
            if state != 1 or inode == 0:
                closed_at[p] = now - ended
        if len(closed_at) == len(ports):
            break
        time.sleep(0.25)
    sample()
    rss["peak during"], mem["peak during"] = peak["rss"], peak["mem"]
    rss["end of wait"], mem["end of wait"] = rss_kib(server.pid), tcp_sockstat().get("mem")
    ends = server_side(server.port)
    server_states: dict[str, int] = {}
    for p in ports:
        name = "gone" if p not in ends else TCP_STATES.get(ends[p][0], str(ends[p][0])) + (
            " (no file)" if ends[p][1] == 0 else "")
        server_states[name] = server_states.get(name, 0) + 1
    client_states: dict[str, int] = {}
    for sock in socks:
        name = TCP_STATES.get(client_state(sock), "?")
        client_states[name] = client_states.get(name, 0) + 1
    held: list[str] = []  # the kernel's TCP memory while the attacker keeps holding its ends (--hold)
    hold_from = time.monotonic()
    while time.monotonic() - hold_from < args.hold:
        stat = tcp_sockstat()
        held.append(f"+{time.monotonic() - hold_from:.0f} s: mem {stat.get('mem')}, orphan {stat.get('orphan')}")
        time.sleep(10)
    for sock in socks:
        sock.close()
    time.sleep(2.0)
    rss["after closing ours"], mem["after closing ours"] = rss_kib(server.pid), tcp_sockstat().get("mem")
    accepted_closed = sorted(t for p, t in closed_at.items() if p not in refused_early)
    accepted = len(ports) - len(refused_early)
    return {
        "sockets": len(ports),
        "first frame (peeked)": kinds,
        "moves in the game": moves,
        "game played in s": round(played, 1),
        "closed by the server within the wait": len(closed_at),
        "wait after the last move (s)": args.stall_wait,
        "refused at once": len(refused_early),
        "accepted": accepted,
        "accepted and later closed": len(accepted_closed),
        "accepted closed, s after the last move (min/median/max)":
            [round(accepted_closed[0], 1), round(statistics.median(accepted_closed), 1),
             round(accepted_closed[-1], 1)] if accepted_closed else None,
        "server's end at the end of the wait": server_states,
        "our end at the end of the wait": client_states,
        "server VmRSS MiB": {k: round(v / 1024, 1) if v else v for k, v in rss.items()},
        "kernel TCP mem pages (4 KiB)": mem,
        **({"kernel TCP while held longer": held} if held else {}),
    }


# --- 2. a starved computer seat ----------------------------------------------------------------------
async def attack_starved(server: Server, flags: set[str], args: argparse.Namespace) -> dict[str, Any]:
    server.start(only(flags, {"--max-bot-games-per-client": "100000"}))
    seconds = args.seconds if args.seconds is not None else 60.0
    busy: list[int] = []
    procs: list[int] = []
    turns: list[float] = []
    gaps: list[float] = []  # between one greedy decision's push and the next
    games = 0
    async with httpx.AsyncClient(base_url=server.base, timeout=60, trust_env=False) as http:
        made = await asyncio.gather(*(http.post("/api/games", json={"game": "harmonies", "seats": ["master"] * 4,
                                                                     "seed": n}) for n in range(args.master_games)))
        statuses = [r.status_code for r in made]
        began = time.monotonic()
        stop = began + seconds

        async def sampler() -> None:
            while time.monotonic() < stop:
                r, n = server.busy()
                busy.append(r)
                procs.append(n)
                await asyncio.sleep(0.5)

        sampling = asyncio.create_task(sampler())
        open_turn = 0.0
        while time.monotonic() < stop:
            created = await http.post("/api/games", json={"game": "harmonies", "seats": ["greedy", "greedy"],
                                                          "seed": 100 + games})
            if created.status_code != 201:
                return {"error": f"the greedy game was refused: {created.status_code} {created.text[:200]}"}
            games += 1
            since = last = time.monotonic()
            player: int | None = 0
            number = 0
            url = f"ws://127.0.0.1:{server.port}/api/games/{created.json()['id']}/ws?lang=en"
            async with ws_connect(url, max_size=2**24, proxy=None, ping_interval=None) as ws:
                over = False
                while not over and time.monotonic() < stop:
                    try:
                        text = await asyncio.wait_for(ws.recv(), max(0.1, stop - time.monotonic()))
                    except TimeoutError:
                        break
                    body = json.loads(text)
                    now = time.monotonic()
                    over = body["status"] != "playing"
                    if body["move_number"] > number:
                        gaps.append(now - last)
                        number, last = body["move_number"], now
                    if body["current_player"] != player or over:
                        turns.append(now - since)
                        player, since = body["current_player"], now
                if not over:
                    open_turn = time.monotonic() - since
        await sampling
    return {
        "master games created (status)": statuses,
        "greedy games": games,
        "seconds watched": round(seconds, 0),
        "greedy turns finished": len(turns),
        "greedy turn s median": round(statistics.median(turns), 2) if turns else None,
        "greedy turn s max": round(max(turns), 2) if turns else None,
        "greedy turns over 3 s": sum(1 for t in turns if t > 3),
        "slowest greedy turns s": sorted((round(t, 1) for t in turns), reverse=True)[:5],
        "turns over 3 s: their place among the turns (0: the first)": [i for i, t in enumerate(turns) if t > 3],
        "greedy decisions": len(gaps),
        "greedy decision s median / max": [round(statistics.median(gaps), 3), round(max(gaps), 2)] if gaps else None,
        "greedy decisions over 3 s": sum(1 for t in gaps if t > 3),
        "turn still waiting at the end (s)": round(open_turn, 1),
        "processes in state R (mean/max)": [round(statistics.mean(busy), 2), max(busy)] if busy else None,
        "processes in the server's tree (max)": max(procs) if procs else None,
        "cores": os.cpu_count(),
    }


# --- 3. slowloris --------------------------------------------------------------------------------------
def attack_slowloris(server: Server, flags: set[str], args: argparse.Namespace) -> dict[str, Any]:
    server.start(only(flags, {}), nofile=1024)
    slow: list[socket.socket] = []
    refused = 0
    for _ in range(args.slow):
        try:
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            sock.sendall(b"GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            sock.setblocking(False)
            slow.append(sock)
        except OSError:
            refused += 1
    opened = time.monotonic()
    closed_at: dict[int, float] = {}
    done = threading.Event()

    def watch() -> None:
        selector = selectors.DefaultSelector()
        for i, sock in enumerate(slow):
            selector.register(sock, selectors.EVENT_READ, i)
        while not done.is_set() and time.monotonic() < opened + 15 and len(closed_at) < len(slow):
            for key, _ in selector.select(0.2):
                i = key.data
                try:
                    data = slow[i].recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:  # closed or reset (a 408 or similar answer before it counts as closed once EOF)
                    closed_at[i] = time.monotonic() - opened
                    selector.unregister(slow[i])
        selector.close()

    watcher = threading.Thread(target=watch)
    watcher.start()

    def fetch(_: int) -> tuple[str, float]:
        began = time.monotonic()
        try:
            with urllib.request.urlopen(server.base + "/api/meta", timeout=3) as response:
                response.read()
                return str(response.status), time.monotonic() - began
        except Exception as e:  # counted by kind
            return type(e).__name__ + (f" {e.reason}" if hasattr(e, "reason") else ""), time.monotonic() - began

    with concurrent.futures.ThreadPoolExecutor(10) as pool:
        results = list(pool.map(fetch, range(50)))
    legit_done = time.monotonic() - opened
    watcher.join()
    done.set()
    ok = [t for what, t in results if what == "200"]
    failures: dict[str, int] = {}
    for what, _ in results:
        if what != "200":
            failures[what] = failures.get(what, 0) + 1
    times = sorted(closed_at.values())
    for sock in slow:
        sock.close()
    return {
        "server open-file limit": "1024:1024",
        "slow connections opened": len(slow),
        "refused at connect": refused,
        "legit GET /api/meta ok": f"{len(ok)}/50",
        "legit latency ms": quantiles(ok),
        "legit failures": failures,
        "legit requests done at (s after the slow ones)": round(legit_done, 1),
        "slow closed within 15 s": len(times),
        "slow closed within 1 s": sum(1 for t in times if t <= 1),
        "slow closed at s (median/max)": [round(statistics.median(times), 1), round(times[-1], 1)] if times else None,
    }


# --- 4. replay flood -------------------------------------------------------------------------------------
async def long_record(http: httpx.AsyncClient) -> dict[str, Any]:
    created = (await http.post("/api/games", json={"game": "four_gardens", "seats": ["random"] * 4, "seed": 7})).json()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        body = (await http.get(f"/api/games/{created['id']}")).json()
        if body["status"] != "playing" and not body.get("thinking"):
            break
        await asyncio.sleep(0.3)
    record: dict[str, Any] = (await http.get(f"/api/games/{created['id']}/record")).json()
    return record


async def attack_replay(server: Server, flags: set[str], args: argparse.Namespace) -> dict[str, Any]:
    server.start(only(flags, {}))
    seconds = args.seconds if args.seconds is not None else 20.0
    statuses: dict[str, int] = {}
    latencies: list[float] = []
    replay_times: list[float] = []
    async with httpx.AsyncClient(base_url=server.base, timeout=60, trust_env=False) as http:
        record = await long_record(http)
        ordinary = (await http.post("/api/games", json={"game": "spirits_of_the_wild",
                                                         "seats": ["human", "human"], "seed": 1})).json()["id"]
        quiet: list[float] = []
        for _ in range(50):  # the same GET with no flood, for comparison
            began = time.monotonic()
            (await http.get(f"/api/games/{ordinary}")).raise_for_status()
            quiet.append(time.monotonic() - began)
        stop = time.monotonic() + seconds

        async def flood(loop: int) -> None:
            n = 0
            async with httpx.AsyncClient(base_url=server.base, timeout=60, trust_env=False) as mine:
                while time.monotonic() < stop:
                    n += 1
                    varied = {**record, "players": [f"flood {loop}-{n}", *record["players"][1:]]}
                    began = time.monotonic()
                    try:
                        r = await mine.post("/api/replay", json={"record": varied, "move": len(record["actions"])})
                        key = str(r.status_code)
                    except httpx.HTTPError as e:
                        key = type(e).__name__
                    replay_times.append(time.monotonic() - began)
                    statuses[key] = statuses.get(key, 0) + 1

        async def measure() -> None:
            async with httpx.AsyncClient(base_url=server.base, timeout=60, trust_env=False) as mine:
                while time.monotonic() < stop:
                    began = time.monotonic()
                    try:
                        r = await mine.get(f"/api/games/{ordinary}")
                        ok = r.status_code == 200
                    except httpx.HTTPError:
                        ok = False
                    if ok:
                        latencies.append(time.monotonic() - began)
                    await asyncio.sleep(0.05)

        await asyncio.gather(*(flood(i) for i in range(8)), measure())
    return {
        "record moves": len(record["actions"]),
        "seconds": seconds,
        "GET /api/games/{id} alone, ms": quantiles(quiet),
        "GET /api/games/{id} under the flood, ms": quantiles(latencies),
        "replay answers": statuses,
        "replay answer time ms": quantiles(replay_times),
    }


# --- the run ---------------------------------------------------------------------------------------------
def run(name: str, args: argparse.Namespace, flags: set[str], folder: Path) -> dict[str, Any]:
    server = Server(args.server_python, args.server_src, folder, name)
    load_before = loadavg()
    try:
        if name == "sockets":
            figures = attack_sockets(server, flags, args)
        elif name == "starved":
            figures = asyncio.run(attack_starved(server, flags, args))
        elif name == "slowloris":
            figures = attack_slowloris(server, flags, args)
        elif name == "replay":
            figures = asyncio.run(attack_replay(server, flags, args))
        else:
            figures = run_account_attack(name, server, flags, args, only)
    except Exception as e:
        figures = {"error": f"{type(e).__name__}: {e}", "server log": server.log_tail()}
    finally:
        left = server.stop()
    figures["worker processes alive 5 s after the server ended"] = left
    figures["server log"] = server.log_marks() if "server log" not in figures else figures["server log"]
    figures["loadavg before / after"] = f"{load_before} / {loadavg()}"
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=ATTACKS, action="append", help="run this attack only (repeat it)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="how long the starved-seat, replay and slowbody attacks run (default 60, 20, 60)")
    parser.add_argument("--stall-wait", type=float, default=35.0,
                        help="seconds to watch the never-reading sockets after the game's last move (default 35)")
    parser.add_argument("--hold", type=float, default=0.0,
                        help="sockets: keep the never-reading sockets open this many seconds more after the "
                             "wait, printing the kernel's TCP memory every 10 s (default 0)")
    parser.add_argument("--uncapped", action="store_true",
                        help="sockets: raise the server's caps on WebSockets per game and per address to --sockets, "
                             "so that every socket is accepted and only the stall timeout acts")
    parser.add_argument("--sockets", type=int, default=200, help="never-reading WebSockets (default 200)")
    parser.add_argument("--master-games", type=int, default=8,
                        help="starved: Harmonies games of 4 master seats made before the greedy one (default 8)")
    parser.add_argument("--slow", type=int, default=1100, help="slowloris connections (default 1100)")
    parser.add_argument("--slow-bodies", type=int, default=1000,
                        help="slowbody: logins trickling a byte every 5 s (default 1000)")
    parser.add_argument("--server-nofile", type=int, default=None,
                        help="slowbody: the server's open-file limit, soft and hard (default: this script's)")
    parser.add_argument("--farm-cycles", type=int, default=15, help="farming: tables made and left (default 15)")
    parser.add_argument("--server-python", default=sys.executable, help="the Python that runs the server")
    parser.add_argument("--server-src", type=Path, default=ROOT / "src",
                        help="the folder holding the server's hanpan package (default: this checkout's src)")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures to this file")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (server logs, databases)")
    args = parser.parse_args(argv)
    args.server_src = args.server_src.resolve()
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # 1,100 slow connections and 200 sockets
    flags = serve_flags(args.server_python, args.server_src)
    about = {"date": time.strftime("%Y-%m-%d %H:%M:%S %z"), **describe(args.server_python, args.server_src),
             "server flags it has": sorted(f for f in flags if f not in ("--help", "-h")),
             "cores": os.cpu_count(), "loadavg at start": loadavg()}
    print(json.dumps(about, ensure_ascii=False), flush=True)
    folder = Path(tempfile.mkdtemp(prefix="hanpan-abuse-"))
    results: dict[str, Any] = {"about": about}
    try:
        for name in args.only or ATTACKS:
            print(f"\n== {name} (load {loadavg()})", flush=True)
            results[name] = run(name, args, flags, folder)
            for key, value in results[name].items():
                print(f"  {key}: {json.dumps(value, ensure_ascii=False)}", flush=True)
    finally:
        if args.keep:
            print(f"kept {folder}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
