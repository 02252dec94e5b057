"""The Hub's side of sharing the games with other server processes (``hanpan.web.peers``).

- *Hosting*: a game with computer seats is adopted (its advisory lock taken) when this process loads or
  creates it, unless another process hosts it; only the host lets its computer seats think.  A game that
  ends, or leaves memory, is let go.  Every ``ORPHAN_SWEEP_S`` seconds the games nobody hosts are adopted:
  that is how a dead process's games go on.
- *News*: another process's change of a game held here is read from the database (the new moves, or the
  whole game after an undo), made live and pushed to this process's WebSockets.
- *Decisions elsewhere*: with ``--bot-workers 0`` a computer seat's decision is queued in the database
  (``hanpan.web.decisions``) for the ``hanpan bots`` services, and its answer awaited.

With one process (SQLite) none of this does anything: ``Alone`` hosts every game and hears no news.
"""

from __future__ import annotations

import asyncio
import logging
import random
from contextlib import suppress
from datetime import timedelta
from typing import TYPE_CHECKING

from hanpan.web.decisions import Decision, Decisions
from hanpan.web.live import LiveGame
from hanpan.web.peers import (
    CHANGED,
    DECIDED,
    LOBBY,
    NOT_THINKING,
    ORPHAN_SWEEP_S,
    THINKING,
    UNDO,
    Alone,
    News,
    PostgresPeers,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from hanpan.web.hub import Hub

log = logging.getLogger("hanpan.web")
#: how often an awaited decision's answer is looked for when no news comes (SQLite has none)
ANSWER_POLL_S = 0.5


class Sync:
    """Hosting, news and decisions elsewhere for ``hub``."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        store = hub.store
        self.peers: Alone | PostgresPeers = Alone() if store.is_sqlite else PostgresPeers(store.url)
        if isinstance(self.peers, PostgresPeers):
            store.news_origin = self.peers.origin
            self.peers.on_lost = self.hosted_lost
        #: whether other processes may share the database (PostgreSQL)
        self.shared = self.peers.listening
        #: the games this process hosts (their lock held), and those whose lock is being asked for
        self.hosted: set[str] = set()
        self._asking: set[str] = set()
        #: games with news not yet read: game id -> the kinds of news
        self._stale: dict[str, set[str]] = {}
        self._reading: set[str] = set()
        self.decisions = Decisions(store)
        self._answered: dict[str, asyncio.Event] = {}
        #: called when another process changed the lobby's tables (the lobby drops its cached list)
        self.on_lobby_news: Callable[[], None] | None = None

    async def start(self) -> None:
        await self.peers.start(self.on_news)
        if self.shared:
            self.hub._spawn(self._adopt_orphans())

    async def close(self) -> None:
        await self.peers.close()

    # --- hosting -----------------------------------------------------------------------------------
    def hosts(self, live: LiveGame) -> bool:
        return not self.shared or live.stored.id in self.hosted

    async def adopt(self, live: LiveGame) -> bool:
        """Host ``live`` if it has computer seats still to play and no other process hosts it."""
        game_id = live.stored.id
        if self.hosts(live):
            return True
        if (game_id in self._asking or live.state.is_over or live.abandoned
                or not any(live.is_bot(seat) for seat in range(len(live.stored.seats)))):
            return False
        self._asking.add(game_id)
        try:
            if await self.peers.host(game_id):
                self.hosted.add(game_id)
                return True
            return False
        finally:
            self._asking.discard(game_id)

    async def adopt_and_kick(self, live: LiveGame) -> None:
        if await self.adopt(live):
            self.hub.kick(live)

    def let_go(self, game_id: str) -> None:
        """Stop hosting a game (it ended, or left memory): another process may adopt it."""
        if game_id in self.hosted:
            self.hosted.discard(game_id)
            self.hub._spawn(self.peers.release(game_id))

    def hosted_lost(self) -> None:
        """The locking connection was lost, and its locks with it: this process hosts nothing now."""
        log.warning("lost the database's locks: %d game(s) to adopt again", len(self.hosted))
        self.hosted.clear()

    async def _adopt_orphans(self) -> None:
        hub = self.hub
        while True:
            await asyncio.sleep(ORPHAN_SWEEP_S * random.uniform(0.75, 1.25))  # processes out of step
            try:
                since = hub.clock() - timedelta(days=hub.settings.idle_days)
                candidates = [g for g in await hub.db(hub.store.resumable_ids, since) if g not in self.hosted]
                for game_id in await self.peers.orphans(candidates):
                    live = await hub.get(game_id)
                    if live is not None:
                        await self.adopt_and_kick(live)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("adopting the games nobody hosts failed")

    # --- news --------------------------------------------------------------------------------------
    async def announce(self, kind: str, game_id: str) -> None:
        """Tell the other processes that a game changed (nothing with one process)."""
        if self.shared:
            await self.hub.db(self.hub.store.announce, kind, game_id)

    def on_news(self, batch: list[News]) -> None:
        """News from the other processes (``[]``: some may have been missed: read every game again)."""
        hub = self.hub
        if not batch:
            for game_id in list(hub._games):
                self._mark(game_id, UNDO)
            for event in self._answered.values():
                event.set()
            if self.on_lobby_news is not None:
                self.on_lobby_news()
            return
        for _origin, kind, game_id in batch:
            if kind == LOBBY:
                if self.on_lobby_news is not None:
                    self.on_lobby_news()
                continue
            if kind == DECIDED:
                waiting = self._answered.get(game_id)
                if waiting is not None:
                    waiting.set()
                continue
            live = hub._games.get(game_id)
            if live is None:
                continue
            if kind in (THINKING, NOT_THINKING):  # nothing to read: the page shows it
                live.thinking_elsewhere = kind == THINKING
                live.version += 1
                hub.changed(live)
                continue
            self._mark(game_id, kind)

    def _mark(self, game_id: str, kind: str) -> None:
        self._stale.setdefault(game_id, set()).add(kind)
        if game_id not in self._reading:
            self._reading.add(game_id)
            self.hub._spawn(self._read(game_id))

    async def _read(self, game_id: str) -> None:
        try:
            while game_id in self._stale:
                kinds = self._stale.pop(game_id)
                live = self.hub._games.get(game_id)
                if live is not None:
                    await self.refresh(live, rebuild=UNDO in kinds, whole=bool(kinds & {CHANGED, UNDO}))
        except Exception:
            log.exception("game %s: reading another process's change failed", game_id)
        finally:
            self._reading.discard(game_id)

    async def refresh(self, live: LiveGame, rebuild: bool = False, whole: bool = True) -> None:
        """Bring ``live`` up to what the database holds, push it, and drive it if this process hosts it.

        ``rebuild``: replay it all (an undo happened); ``whole``: read the game's row too (its seats and
        status), and a table's players and chat; else only the new moves are read."""
        hub = self.hub
        game_id = live.stored.id
        async with live.lock:
            if not rebuild and not whole:  # news of moves: only they are read
                if not await self._read_moves(live):
                    return  # none new (this process had them already): nothing to push again
            else:
                stored = await hub.db(hub.store.game, game_id)
                if stored is None:
                    return
                if rebuild or stored.move_count < live.move_number:
                    moves = await hub.db(hub.store.moves, game_id)
                    live.become(await asyncio.to_thread(LiveGame.rebuild, stored, moves))
                elif stored.move_count > live.move_number:
                    await self._read_moves(live)
                live.stored = stored
                live.abandoned = stored.status == "abandoned"
                if live.table_id is not None:
                    table = await hub.db(hub.tables.of_game, game_id)
                    if table is not None:
                        live.players = dict(table.sitting)
                        live.left = {seat: d.to_json() for seat, d in table.left.items()}
                    live.chat = await hub.db(hub.tables.chat, live.table_id)
                    live.rematch = await hub.db(hub.tables.rematch_news, live.table_id)
            live.version += 1
        hub.changed(live)
        if live.state.is_over or live.abandoned:
            self.let_go(game_id)
        else:
            hub.kick(live)

    async def _read_moves(self, live: LiveGame) -> int:
        """Make live the moves stored after ``live``'s last one; how many there were."""
        hub = self.hub
        moves = await hub.db(hub.store.moves, live.stored.id, live.move_number)
        for move in moves:
            action = live.state.parse_action(move.notation)
            live.commit_move(action, move.seat, live.after(action))
            live.stored.updated_at = hub.clock()
        return len(moves)

    # --- decisions made elsewhere --------------------------------------------------------------------
    async def decide_elsewhere(self, decision: Decision) -> str:
        """Queue ``decision`` for the ``hanpan bots`` services and wait for its answer."""
        hub = self.hub
        event = self._answered[decision.game_id] = asyncio.Event()
        try:
            await hub.db(self.decisions.ask, decision)
            while True:
                event.clear()  # before looking: an answer that comes after the look still wakes us
                answer = await hub.db(self.decisions.answer_of, decision.game_id, decision.number)
                if answer is not None:
                    await hub.db(self.decisions.forget, decision.game_id)
                    return answer
                with suppress(TimeoutError):
                    await asyncio.wait_for(event.wait(), ANSWER_POLL_S if not self.shared else 5 * ANSWER_POLL_S)
        finally:
            if self._answered.get(decision.game_id) is event:
                del self._answered[decision.game_id]
