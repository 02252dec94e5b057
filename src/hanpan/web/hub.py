"""The games the server is running: loading them, making moves, computer seats and pushing changes.

Everything here runs on the event loop; the database is reached through one executor (a single thread
for SQLite, whose writes are serial anyway) and computer seats think in worker processes.  A change is
stored first, then made live, then pushed: nobody ever sees a move the database does not hold.

With SQLite the moves are stored by group commit: the moves that arrive while a commit is on its way
wait for it to end and are then stored together, in one transaction with one fsync (``_store_moves``);
each is answered and pushed only once that commit has returned.
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import hmac
import json
import logging
import re
import secrets
import time
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import BrokenExecutor, Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from hanpan.agents.registry import agent_names
from hanpan.core.contract import Game
from hanpan.core.errors import HanpanError, OptionError
from hanpan.core.record import Record, result_of
from hanpan.core.registry import game as find_game
from hanpan.web import practice
from hanpan.web.bots import BotScheduler
from hanpan.web.decisions import Decision
from hanpan.web.live import HUMAN, LANGS, LiveGame, MoveRefused
from hanpan.web.metrics import Metrics
from hanpan.web.peers import CHANGED, NOT_THINKING, THINKING
from hanpan.web.settings import ServerSettings
from hanpan.web.storage import MoveWrite, Store, StoredGame
from hanpan.web.sync import Sync
from hanpan.web.tables import LobbyTable, Tables

log = logging.getLogger("hanpan.web")
T = TypeVar("T")

#: what a game id looks like (secrets.token_urlsafe); anything else is no game, without asking the database
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: how often a computer seat's decision is tried again after its worker process died
BOT_RETRIES = 3
#: live games held in memory at most (beyond it, idle ones are dropped: the database has them)
MAX_LIVE = 2000
#: how often games left idle are looked for (``ServerSettings.idle_days``)
SWEEP_SECONDS = 3600
#: how often everything is collected when the objects alive are frozen (``Hub._freeze_often``)
FULL_COLLECT_S = 3600.0
#: Seeds the page can show exactly (JavaScript numbers are exact below 2**53).
MAX_SEED = 2**53 - 1


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def web_options(game: Game) -> list[str]:
    """The options a web request may set: choices, flags and numbers (never a file on the server, nor an
    option for research code such as ``chance``)."""
    return [s.name for s in game.option_specs
            if (s.choices is not None or s.value_type in (bool, int)) and not s.research]


@dataclass(eq=False)
class Subscriber:
    """One WebSocket: its seat (None: spectator), its language and the texts waiting to be sent."""

    seat: int | None
    lang: str
    #: the client's address (its sockets are counted against ``max_sockets_per_client``)
    client: str = "?"
    queue: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(maxsize=256))
    #: set when it fell behind and was dropped: its handler closes it at once
    dropped: bool = False

    def offer(self, text: str) -> bool:
        """Queue ``text`` to be sent; False when the queue is full: a client that reads nothing is marked
        dropped (its handler closes it; it can reconnect)."""
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.dropped = True
            return False
        return True


@dataclass
class Created:
    game: StoredGame
    tokens: dict[int, str]


class Hub:
    """The server's games.  ``start`` after the event loop runs; ``close`` on shutdown."""

    def __init__(self, store: Store, bot_pool: Executor | None = None, bot_workers: int = 2,
                 settings: ServerSettings | None = None) -> None:
        self.store = store
        self.settings = settings = settings or ServerSettings(bot_workers=bot_workers)
        bot_workers = settings.bot_workers
        self._db = ThreadPoolExecutor(max_workers=1 if store.is_sqlite else 8, thread_name_prefix="hanpan-db")
        #: the computer seats' decisions, shared fairly between games on the worker processes (None with
        #: ``bot_workers`` 0: they are queued in the database for ``hanpan bots`` services)
        self.bots = BotScheduler(bot_workers, bot_pool) if bot_workers > 0 or bot_pool is not None else None
        self._games: OrderedDict[str, LiveGame] = OrderedDict()  # least recently used first
        self._loading: dict[str, asyncio.Lock] = {}
        self._subscribers: dict[str, set[Subscriber]] = {}
        self._sockets_of: Counter[str] = Counter()  # open WebSockets per client address
        #: the seats' pages open here: (game, seat) -> WebSockets (no notification goes to an open page)
        self.pages: Counter[tuple[str, int]] = Counter()
        #: called when a seat's page opens or its last one closes (the notifier tells the other processes)
        self.on_pages_changed: Callable[[], None] | None = None
        self._bot_games_of: dict[str, set[str]] = {}  # games with computer seats made per client address
        self._tasks: set[asyncio.Task[None]] = set()
        #: moves waiting for the next group commit, and whether one is on its way (SQLite)
        self._moves_to_store: list[tuple[MoveWrite, asyncio.Future[bool]]] = []
        self._storing = False
        self.tables = Tables(store, clock=lambda: self.clock())
        #: called (as a task) when a game ends: the lobby closes its table and rates it
        self.on_game_over: Callable[[LiveGame], Awaitable[None]] | None = None
        #: the time (tests move it): a game's last change is when its seat to move got the move
        self.clock: Callable[[], datetime] = lambda: datetime.now(UTC)
        #: the other server processes on the same database: hosting, news, decisions elsewhere
        self.sync = Sync(self)
        #: what /metrics shows (hanpan.web.metrics)
        self.metrics = Metrics()
        self.metrics.gauge("hanpan_websockets_open", "WebSockets open here (seats' pages and spectators)",
                           lambda: sum(len(s) for s in self._subscribers.values()))
        self.metrics.gauge("hanpan_games_in_memory", "Games held in this process's memory", lambda: len(self._games))
        self.metrics.gauge("hanpan_games_playing", "Games in progress held here",
                           lambda: sum(1 for g in self._games.values() if not g.state.is_over and not g.abandoned))
        self.metrics.gauge("hanpan_computer_seats_waiting", "Computer seats' decisions waiting for a worker",
                           lambda: self.bots.waiting if self.bots is not None else 0)

    # --- plumbing ----------------------------------------------------------------------------------
    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._db, self._timed, fn, args)

    def _timed(self, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        began = time.perf_counter()
        try:
            return fn(*args)
        finally:
            self.metrics.db.observe(time.perf_counter() - began)

    async def append_move(self, move: MoveWrite) -> bool:
        """Store a move (``Store.append_move``); True once it is durable, False if refused.  With group
        commit, it joins the moves that arrived while the last commit was on its way."""
        if not self.store.group_commit:
            return await self.db(self.store.append_move, move.game_id, move.number, move.seat, move.notation,
                                 move.status, move.result)
        stored: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._moves_to_store.append((move, stored))
        if not self._storing:
            self._storing = True
            self._spawn(self._store_moves())
        return await stored

    async def _store_moves(self) -> None:
        """Commit the waiting moves together, again and again until none waits."""
        try:
            while self._moves_to_store:
                batch, self._moves_to_store = self._moves_to_store, []
                try:
                    done = await self.db(self.store.append_moves, [move for move, _ in batch])
                except Exception as e:  # nothing of this batch is acknowledged; the next goes on
                    for _, stored in batch:
                        if not stored.done():
                            stored.set_exception(e)
                    continue
                except BaseException:  # cancelled: the server is shutting down
                    self._moves_to_store[:0] = batch
                    raise
                for (_, stored), ok in zip(batch, done, strict=True):
                    if not stored.done():
                        stored.set_result(ok)
        finally:
            self._storing = False
            self._fail_waiting_moves()

    def _fail_waiting_moves(self) -> None:
        """The moves still waiting for a commit when it was cancelled: none is acknowledged."""
        waiting, self._moves_to_store = self._moves_to_store, []
        for _, stored in waiting:
            if not stored.done():
                stored.set_exception(HanpanError("the server is shutting down"))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def start(self) -> None:
        """Abandon the games left idle too long, resume the others whose computer seats have a move to
        make (games of people only are rebuilt when someone opens them), and sweep again every hour."""
        await self.sync.start()
        if self.bots is not None and self.settings.warm_workers:
            self.bots.warm()
        self._spawn(self._resume())
        if self.settings.gc_freeze_seconds > 0:
            self._spawn(self._freeze_often(self.settings.gc_freeze_seconds))

    async def _freeze_often(self, seconds: float) -> None:
        """Every ``seconds``, freeze what is alive (``gc.freeze``); every ``FULL_COLLECT_S``, collect all.

        A full collection walks every object the collector tracks: with a thousand games and their
        sockets, about 700,000 of them, a pause of up to a second for every game on the server, every few
        seconds.  Frozen objects are skipped; they are still freed when nothing refers to them, only the
        cycles among them wait for the hourly collection of everything."""
        loop = asyncio.get_running_loop()
        collected = loop.time()
        while True:
            await asyncio.sleep(seconds)
            if loop.time() - collected >= FULL_COLLECT_S:
                gc.unfreeze()
                gc.collect()
                collected = loop.time()
            gc.freeze()

    async def expire_idle(self) -> list[str]:
        """Mark abandoned the games in progress nobody moved in for ``settings.idle_days`` (not a lobby
        table's: its clock rules it); the ones held in memory say so to their pages at once."""
        if not await self.sync.peers.leads():  # the leading process sweeps for all
            return []
        before = self.clock() - timedelta(days=self.settings.idle_days)
        expired = await self.db(self.tables.expire_idle, before)
        for game_id in expired:
            await self.sync.announce(CHANGED, game_id)
            live = self._games.get(game_id)
            if live is not None:
                live.abandoned = True
                live.version += 1
                self.changed(live)
                self.sync.let_go(game_id)
        if expired:
            log.info("%d game(s) idle for over %g days marked abandoned", len(expired), self.settings.idle_days)
        return expired

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            await self.expire_idle()

    async def _resume(self) -> None:
        await self.expire_idle()
        self._spawn(self._sweep())
        since = self.clock() - timedelta(days=self.settings.idle_days)
        for game_id in await self.db(self.store.resumable_ids, since):
            try:
                live = await self.get(game_id)
            except HanpanError as e:
                log.error("game %s cannot be resumed: %s", game_id, e)
                continue
            if live is not None:
                self.kick(live)  # when this process hosts it (another may, on the same PostgreSQL)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._fail_waiting_moves()  # a group commit cancelled before it began
        await self.sync.close()
        if self.bots is not None:
            self.bots.close()
        self._db.shutdown(wait=True)
        self.store.close()

    # --- games -------------------------------------------------------------------------------------
    async def create(self, game_id: str, seats: list[str], options: dict[str, Any], seed: int | None,
                     tokens: bool = True, players: dict[int, Any] | None = None,
                     table_id: str | None = None, client: str | None = None, lang: str = "en") -> Created:
        """Check a new game's request (OptionError on anything wrong), store it and start its bots.

        ``tokens``: each human seat gets a secret token (handed to whoever asked for the game); a lobby
        table's game has none: there a seat is its player's (``players``: seat -> player).  ``lang``: the
        language of a refusal of the practice games' limit."""
        game = find_game(game_id)
        allowed = web_options(game)
        for name in options:
            if name not in allowed:
                raise OptionError(f"option {name!r} cannot be set here; options: {', '.join(allowed)}",
                                  f"{name!r} 옵션은 여기서 정할 수 없습니다; 옵션: {', '.join(allowed)}")
        kinds = [HUMAN, *agent_names()]
        seats = [s.strip().lower() for s in seats]
        for kind in seats:
            if kind not in kinds:
                raise OptionError(f"unknown seat {kind!r}; seats: {', '.join(kinds)}",
                                  f"알 수 없는 자리 {kind!r}; 자리: {', '.join(kinds)}")
        with_bots = client is not None and any(kind != HUMAN for kind in seats)
        if with_bots:
            await self._check_bot_games(client, lang)
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise OptionError(f"seed must be a whole number from 0 to {MAX_SEED}",
                              f"시드는 0부터 {MAX_SEED}까지의 정수입니다")
        state = game.new(players=len(seats), seed=seed if seed is not None else secrets.randbelow(MAX_SEED),
                         **options)
        record = Record.of(state, seats, [])
        now = self.clock()  # a game's last change is its start until someone moves
        stored = StoredGame(secrets.token_urlsafe(9), game.id, record.options, state.seed, seats, created_at=now,
                            updated_at=now)
        secret = ({seat: secrets.token_urlsafe(24) for seat, kind in enumerate(seats) if kind == HUMAN}
                  if tokens else {})
        await self.db(self.store.create_game, stored, {s: hash_token(t) for s, t in secret.items()})
        live = LiveGame.rebuild(stored, [])
        live.token_hashes = {s: hash_token(t) for s, t in secret.items()}
        live.table_id, live.players = table_id, dict(players or {})
        self._keep(live)
        if with_bots:
            self._bot_games_of.setdefault(str(client), set()).add(stored.id)
        await self.sync.adopt(live)
        self.kick(live)
        log.info("game %s created: %s, seats %s", stored.id, game.id, ",".join(seats))
        return Created(stored, secret)

    async def _check_bot_games(self, client: str | None, lang: str) -> None:
        """MoveRefused(429, in ``lang``) when ``client`` already has ``max_bot_games_per_client`` games with
        a computer seat running (``hanpan.web.practice``: thinking, or changed lately)."""
        mine = self._bot_games_of.get(str(client), set())
        now, count = self.clock(), 0
        for game_id in list(mine):
            live = self._games.get(game_id)
            stored = live.stored if live is not None else await self.db(self.store.game, game_id)
            status = live.status if live is not None else stored.status if stored is not None else "gone"
            if status != "playing" or stored is None:
                mine.discard(game_id)  # forget the ones that ended
            elif practice.running(status, stored.updated_at, live is not None and live.thinking, now):
                count += 1
        if count >= self.settings.max_bot_games_per_client:
            raise MoveRefused(429, practice.too_many(count, lang), "practice_cap",
                              {"count": count, "minutes": practice.ACTIVE_S // 60})

    async def abandon(self, live: LiveGame) -> None:
        """End a practice game unfinished (its person gives up): stored, then pushed; 409 when it is over
        or a lobby table's (that one is left with the table's ``leave``)."""
        if live.table_id is not None:
            raise MoveRefused(409, f"a table's game is left with POST /api/tables/{live.table_id}/leave",
                              "table_game_leave", {"table": live.table_id})
        async with live.lock:
            if live.status != "playing":
                raise MoveRefused(409, f"the game is over ({live.status}): there is nothing to abandon",
                                  "abandon_over", {"status": live.status})
            await self.db(self.store.abandon, live.stored.id)
            live.abandoned = True
            live.version += 1
        await self.sync.announce(CHANGED, live.stored.id)
        self.changed(live)
        self.sync.let_go(live.stored.id)
        log.info("game %s abandoned by its player", live.stored.id)

    async def people_to_move(self, tables: list[LobbyTable]) -> list[tuple[LobbyTable, LiveGame, int]]:
        """Of ``tables``, those whose game is in progress with a person (not a computer seat) to move: each
        with its live game and the seat to move.  What turn limits and "your turn" notices look at."""
        found = []
        for table in tables:
            if table.game_id is None:
                continue
            live = await self.get(table.game_id)
            if live is None or live.state.is_over or live.abandoned:
                continue
            seat = live.state.current_player
            if seat is not None and not live.is_bot(seat):
                found.append((table, live, seat))
        return found

    async def get(self, game_id: str) -> LiveGame | None:
        """The live game (loaded and rebuilt from its moves on first use), or None if there is none."""
        live = self._games.get(game_id)
        if live is not None:
            self._games.move_to_end(game_id)
            return live
        if not GAME_ID.fullmatch(game_id):
            return None
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                live = self._games.get(game_id)
                if live is None:
                    stored = await self.db(self.store.game, game_id)
                    if stored is None:
                        return None
                    moves = await self.db(self.store.moves, game_id)
                    hashes = await self.db(self.store.token_hashes, game_id)
                    live = await asyncio.to_thread(LiveGame.rebuild, stored, moves)
                    live.token_hashes = hashes
                    table = await self.db(self.tables.of_game, game_id)
                    if table is not None:
                        live.table_id, live.players = table.id, dict(table.sitting)
                        live.left = {seat: d.to_json() for seat, d in table.left.items()}
                        live.chat = await self.db(self.tables.chat, table.id)
                        live.rematch = await self.db(self.tables.rematch_news, table.id)
                    self._keep(live)
                    # news of a change stored while it loaded found no game here to change: look again
                    await self.current(live)
                    await self.sync.adopt(live)
        finally:
            self._loading.pop(game_id, None)
        return live

    async def current(self, live: LiveGame) -> LiveGame:
        """``live``, brought up to date first if another process changed it and its news is still on the
        way (with one process it always is: the answer asks nothing of the database)."""
        if self.sync.shared:
            count = await self.db(self.store.move_count, live.stored.id)
            if count is not None and count != live.move_number:
                await self.sync.refresh(live, rebuild=count < live.move_number, whole=count < live.move_number)
        return live

    def _keep(self, live: LiveGame) -> None:
        """Hold a live game; past ``MAX_LIVE``, forget the least used games nobody plays or watches."""
        self._games[live.stored.id] = live
        if len(self._games) <= MAX_LIVE:
            return
        for game_id, old in list(self._games.items()):
            if len(self._games) <= MAX_LIVE:
                break
            idle = not old.thinking and not old.lock.locked() and game_id not in self._subscribers
            if idle and (old.state.is_over or not old.is_bot(old.state.current_player)):
                del self._games[game_id]  # it is rebuilt from the database when asked for again
                self.sync.let_go(game_id)

    async def seat_of(self, game_id: str, token: str | None) -> int | None:
        """The seat a token opens (compared in constant time with every seat's hash); None without a token.

        Raises MoveRefused(403) for a token that opens no seat."""
        if token is None:
            return None
        live = await self.get(game_id)
        hashes = live.token_hashes if live is not None else {}
        given = hash_token(token)
        found = None
        for seat, stored_hash in sorted(hashes.items()):
            if hmac.compare_digest(given, stored_hash):
                found = seat
        if found is None:
            raise MoveRefused(403, "this token opens no seat of this game", "token_no_seat")
        return found

    async def move(self, live: LiveGame, seat: int, text: str, move_number: int) -> None:
        """Check, store, then make a seat's move and push it; MoveRefused when it cannot be made.

        With other processes on the database, this one's copy may be behind (their news on its way):
        a move numbered past it, or refused by the database, first brings the copy up to date."""
        for attempt in range(2):
            if self.sync.shared and move_number > live.move_number:
                await self.sync.refresh(live, whole=False)
            async with live.lock:
                action = live.check_move(seat, text, move_number)
                after = live.after(action)
                ok = await self.append_move(MoveWrite(live.stored.id, live.move_number, seat, str(action),
                                                      after.status, result_of(after)))
                if ok:
                    live.commit_move(action, seat, after)
                    live.stored.updated_at = self.clock()
                    self.metrics.moves.labels(by="person").inc()
                    break
            if not self.sync.shared or attempt:  # another server process moved first
                raise MoveRefused(409, "the game changed meanwhile; reload it", "game_changed")
            await self.sync.refresh(live)
        self.changed(live)
        self.kick(live)
        self._ended(live)

    async def undo(self, live: LiveGame, seat: int, move_number: int | None) -> None:
        async with live.lock:
            if move_number is not None and move_number != live.move_number:
                raise MoveRefused(409, f"move_number {move_number} is not the current one ({live.move_number})",
                                  "move_number_stale", {"given": move_number, "current": live.move_number})
            previous = await asyncio.to_thread(live.undo_target, seat)
            ok = await self.db(self.store.remove_last_move, live.stored.id, live.move_number - 1)
            if ok:
                live.commit_undo(previous)
        if not ok:
            if self.sync.shared:
                await self.sync.refresh(live)
            raise MoveRefused(409, "the game changed meanwhile; reload it", "game_changed")
        self.changed(live)

    def _ended(self, live: LiveGame) -> None:
        if live.state.is_over:
            self.sync.let_go(live.stored.id)
            if self.on_game_over is not None:
                self._spawn(self.on_game_over(live))

    def seat_of_player(self, live: LiveGame, player_id: str) -> int | None:
        """The seat a lobby table's player sits at in its game (None: not a player of it)."""
        return next((seat for seat, p in live.players.items() if p.id == player_id), None)

    # --- computer seats ----------------------------------------------------------------------------
    def kick(self, live: LiveGame) -> None:
        """Start the computer seat to move thinking, unless it already is (or another process hosts the
        game: then that one does)."""
        if live.thinking or live.state.is_over or live.abandoned or not live.is_bot(live.state.current_player):
            return
        if not self.sync.hosts(live):
            self._spawn(self.sync.adopt_and_kick(live))
            return
        live.thinking = True
        live.version += 1
        self.changed(live)
        if self.sync.shared:
            self._spawn(self.sync.announce(THINKING, live.stored.id))
        self._spawn(self._bot_turns(live))

    async def _bot_turns(self, live: LiveGame) -> None:
        failures = 0
        try:
            while True:
                async with live.lock:
                    seat = live.state.current_player
                    if live.state.is_over or live.abandoned or seat is None or not live.is_bot(seat):
                        return
                    number = live.move_number
                    kind = live.stored.seats[seat]
                    args = (live.stored.game, live.state.to_json(), seat, kind, live.stored.seed, number)
                try:
                    if self.bots is None:  # made by a ``hanpan bots`` service
                        notation = await self.sync.decide_elsewhere(Decision(
                            live.stored.id, number, live.stored.game, kind, seat, live.state.num_players,
                            live.stored.seed, json.dumps(args[1])))
                    else:
                        notation = await self.bots.decide(live.stored.id, kind, live.state.num_players, *args)
                except BrokenExecutor:  # a worker died (killed, out of memory): a new pool, and try again
                    failures += 1
                    log.error("game %s: the computer seats' workers died; starting new ones", live.stored.id)
                    if self.bots is not None:
                        self.bots.broken()
                    if failures > BOT_RETRIES:
                        raise
                    await asyncio.sleep(failures)
                    continue
                async with live.lock:
                    if live.abandoned:  # given up on while the seat thought
                        return
                    if live.move_number != number:
                        continue
                    action = live.state.parse_action(notation)
                    after = live.after(action)
                    stored = await self.append_move(MoveWrite(live.stored.id, number, seat, notation,
                                                              after.status, result_of(after)))
                    if stored:
                        live.commit_move(action, seat, after)
                        live.stored.updated_at = self.clock()
                        self.metrics.moves.labels(by="computer").inc()
                if not stored:  # another process moved first: catch up with it, then look again
                    if self.sync.shared:
                        await self.sync.refresh(live)
                    continue
                failures = 0
                self.changed(live)
                self._ended(live)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("computer seat of game %s failed", live.stored.id)
        finally:
            live.thinking = False
            live.version += 1
            self.changed(live)
            if self.sync.shared:
                self._spawn(self.sync.announce(NOT_THINKING, live.stored.id))


    # --- pushing -----------------------------------------------------------------------------------
    def text(self, live: LiveGame, seat: int | None, lang: str) -> str:
        """The body a seat is pushed: built once per version for each (seat, lang), and shared."""
        return live.text(seat, lang)

    def subscribe(self, live: LiveGame, seat: int | None, lang: str, client: str = "?") -> Subscriber:
        """A new WebSocket's subscription, its first text queued; MoveRefused(429) past the caps on
        sockets per game and per client address (``ServerSettings``)."""
        subscribers = self._subscribers.get(live.stored.id, set())
        if len(subscribers) >= self.settings.max_sockets_per_game:
            raise MoveRefused(429, f"this game has {len(subscribers)} open connections, the most it takes; "
                                   "try again later", "sockets_game", {"count": len(subscribers)})
        if self._sockets_of[client] >= self.settings.max_sockets_per_client:
            raise MoveRefused(429, f"you have {self._sockets_of[client]} open connections, the most one "
                                   "client may have; close some", "sockets_client", {"count": self._sockets_of[client]})
        subscriber = Subscriber(seat, lang if lang in LANGS else "en", client)
        self._subscribers.setdefault(live.stored.id, set()).add(subscriber)
        self._sockets_of[client] += 1
        if seat is not None:
            self.pages[live.stored.id, seat] += 1
            if self.pages[live.stored.id, seat] == 1 and self.on_pages_changed is not None:
                self.on_pages_changed()
        subscriber.queue.put_nowait(self.text(live, seat, subscriber.lang))
        return subscriber

    def unsubscribe(self, live: LiveGame, subscriber: Subscriber) -> None:
        subscribers = self._subscribers.get(live.stored.id)
        if subscribers is not None and subscriber in subscribers:
            subscribers.discard(subscriber)
            if not subscribers:
                del self._subscribers[live.stored.id]
            self._sockets_of[subscriber.client] -= 1
            if self._sockets_of[subscriber.client] <= 0:
                del self._sockets_of[subscriber.client]
            if subscriber.seat is not None:
                page = (live.stored.id, subscriber.seat)
                self.pages[page] -= 1
                if self.pages[page] <= 0:
                    del self.pages[page]
                    if self.on_pages_changed is not None:
                        self.on_pages_changed()

    def changed(self, live: LiveGame) -> None:
        """Push the new state to every WebSocket of the game (each gets its own seat's body)."""
        for subscriber in list(self._subscribers.get(live.stored.id, ())):
            if not subscriber.offer(self.text(live, subscriber.seat, subscriber.lang)):
                self.unsubscribe(live, subscriber)
                log.warning("game %s: dropped a WebSocket that fell behind", live.stored.id)

