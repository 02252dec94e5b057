"""The lobby's service: tables filling up, their games starting, seats that leave or run out of time,
rematches, chat, and the rating of a finished rated game.  It runs on the event loop beside the Hub and
reaches the database through it.

Turn-based tables: a seat whose player has not moved within the table's limit is taken over by the
table's computer level, or the game is abandoned, as the table said before anyone joined.  ``Hub.clock``
is the time (tests move it); ``check_deadlines`` looks at every turn-based game (the server calls it every
``DEADLINE_CHECK_S`` seconds).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any

from hanpan.core.errors import HanpanError
from hanpan.web.accounts import Player
from hanpan.web.errors import hanpan_code
from hanpan.web.hub import MAX_SEED, Hub
from hanpan.web.live import HUMAN, LiveGame
from hanpan.web.peers import CHANGED, LOBBY
from hanpan.web.tables import LobbyTable, SeatSpec, TableRefused

log = logging.getLogger("hanpan.web")
DEADLINE_CHECK_S = 30.0
#: what a seat that leaves becomes when the table says nothing else
DEFAULT_TAKEOVER = "level:greedy"


def takeover(table: LobbyTable, why: str) -> str:
    """What the table said a seat becomes (``level:NAME`` or ``abandon``) when its person ``left`` (its
    ``on_leave``, else its ``on_timeout``) or ran out of time (its ``on_timeout``).

    Whichever it is, a rated game rates the person who left as its last place (``hanpan.web.ratings``).
    """
    first = table.pace.get("on_leave") if why == "left" else None
    return str(first or table.pace.get("on_timeout") or table.pace.get("on_leave") or DEFAULT_TAKEOVER)


class Lobby:
    def __init__(self, hub: Hub, ratings: Any = None) -> None:
        self.hub = hub
        self.tables = hub.tables
        self.ratings = ratings
        #: grows with every change of a table (the lobby's list of open tables is cached on it)
        self.version = 0
        hub.on_game_over = self.game_over
        hub.sync.on_lobby_news = self._heard

    def changed(self) -> None:
        """The tables changed: a new version here, and news for the other processes."""
        self.version += 1
        if self.hub.sync.shared:
            self.hub._spawn(self.hub.sync.announce(LOBBY, "-"))

    def _heard(self) -> None:
        self.version += 1
    # --- tables ----------------------------------------------------------------------------------
    async def create(self, person: Player, game: str, options: dict[str, Any], seats: list[dict[str, Any]],
                     public: bool, pace: dict[str, Any], seed: int | None) -> LobbyTable:
        try:
            table = await self.hub.db(self.tables.create, person, game, options, seats, public, pace, seed)
        except HanpanError as e:
            raise TableRefused(400 if not isinstance(e, LookupError) else 404, str(e), *hanpan_code(e)) from None
        self.changed()
        return await self._start_if_full(table)

    async def join(self, table_id: str, person: Player, seat: int | None) -> LobbyTable:
        table = await self.hub.db(self.tables.join, table_id, person, seat)
        self.changed()
        table = await self._start_if_full(table)
        await self._rematch_news(table)
        return table

    async def start_now(self, table_id: str, person: Player, level: str) -> LobbyTable:
        """The creator starts with ``level`` in every empty seat."""
        table = await self.table(table_id)
        if person.id != table.creator_id:
            raise TableRefused(403, "only the table's creator can start it before it is full", "table_start_creator")
        if table.status != "open":
            raise TableRefused(409, "this table has started or ended already", "table_started")
        if level not in _levels():
            raise TableRefused(400, f"level must be one of {', '.join(_levels())}", "level_unknown",
                               {"levels": ", ".join(_levels())})
        seats = [SeatSpec("level", level=level) if i in table.open_seats() else s for i, s in enumerate(table.seats)]
        return await self._start(table, seats)

    async def _start_if_full(self, table: LobbyTable) -> LobbyTable:
        if table.status == "open" and not table.open_seats():
            return await self._start(table, table.seats)
        return table

    async def _start(self, table: LobbyTable, seats: list[SeatSpec]) -> LobbyTable:
        kinds = [HUMAN if s.kind != "level" else str(s.level) for s in seats]
        people = {seat: p for seat, p in table.sitting.items() if kinds[seat] == HUMAN}
        rated = (table.seed is None and len(seats) >= 2 and not any(p.guest for p in people.values())
                 and len({p.id for p in people.values()}) == len(people))
        seed = table.seed if table.seed is not None else secrets.randbelow(MAX_SEED)
        created = await self.hub.create(table.game, kinds, table.options, seed, tokens=False, players=people,
                                        table_id=table.id)
        await self.hub.db(self.tables.started, table, created.game.id, seats, rated)
        self.changed()
        live = await self.hub.get(created.game.id)
        if live is not None:  # what was said while the table filled goes on with the game
            live.chat = await self.hub.db(self.tables.chat, table.id)
        log.info("table %s started game %s (%s)", table.id, created.game.id, "rated" if rated else "unrated")
        return table

    async def leave(self, table_id: str, person: Player) -> LobbyTable:
        """Stand up before the start; during the game, resign: the seat is taken over or the game ends."""
        table = await self.table(table_id)
        seat = table.seat_of(person.id)
        if seat is None:
            raise TableRefused(403, "you do not sit at this table", "not_seated")
        if table.status == "open":
            self.changed()
            table = await self.hub.db(self.tables.leave_before_start, table, person)
            await self._rematch_news(table)
            return table
        if table.status != "playing" or table.game_id is None:
            raise TableRefused(409, "this table's game has ended: there is nothing to leave", "leave_ended")
        live = await self.hub.get(table.game_id)
        if live is None:
            raise TableRefused(404, "this table's game is gone", "table_game_gone")
        await self._take_over(table, live, seat, why="left")
        return table

    async def _take_over(self, table: LobbyTable, live: LiveGame, seat: int, why: str) -> None:
        rule = takeover(table, why)
        async with live.lock:
            if live.state.is_over or live.abandoned:
                return
            move = live.move_number
            if rule == "abandon":
                await self.hub.db(self.tables.mark_left, table, seat, why, move)
                await self.hub.db(self.hub.store.abandon, live.stored.id)
                await self.hub.db(self.tables.set_status, table.id, "abandoned")
                live.abandoned = True
                table.status = "abandoned"
            else:
                level = rule.split(":", 1)[1]
                seats = list(live.stored.seats)
                seats[seat] = level
                await self.hub.db(self.hub.store.set_seats, live.stored.id, seats)
                await self.hub.db(self.tables.replace_seat, table, seat, level, why, move)
                live.stored.seats = seats
                live.players.pop(seat, None)
            if seat in table.left:  # the seat's name and the log say who left
                live.left[seat] = table.left[seat].to_json()
            live.version += 1
        self.changed()
        log.info("table %s: seat %d %s (%s)", table.id, seat, why, rule)
        if rule == "abandon":  # the one who left loses: rated now, as no game_over follows
            await self._rate(table)
        await self.hub.sync.announce(CHANGED, live.stored.id)
        self.hub.changed(live)
        self.hub.kick(live)

    async def rematch(self, table_id: str, person: Player) -> LobbyTable:
        """The same seats and options, a new deal: a new table with each person's seat kept for them
        (the one asking sits down; the others accept by joining).  Asked twice, the same table; asked
        after a rematch was declined or withdrawn, a new one."""
        table = await self.table(table_id)
        seat = next((s for s, p in table.sitting.items() if p.id == person.id), None)
        people = await self.hub.db(self.tables.everyone_of, table.id)
        if seat is None:
            seat = next((s for s, p in people.items() if p.id == person.id), None)
        if seat is None:
            raise TableRefused(403, "only the table's players can ask for a rematch", "rematch_players")
        if table.status not in ("finished", "abandoned"):
            raise TableRefused(409, "a rematch follows a game that has ended", "rematch_not_ended")
        existing = await self.hub.db(self.tables.rematch_of, table.id)
        if existing is not None and existing.status != "abandoned":
            if existing.status == "open" and existing.seat_of(person.id) is None:
                return await self.join(existing.id, person, seat)
            return existing
        seats: list[dict[str, Any]] = []
        for i, spec in enumerate(table.seats):
            if i == seat:
                seats.append({"kind": "me"})
            elif i in people:
                seats.append({"kind": "reserved", "name": people[i].name})
            else:
                seats.append({"kind": "level", "level": spec.level or "greedy"})
        self.changed()
        new = await self.hub.db(lambda: self.tables.create(person, table.game, table.options, seats, table.public,
                                                           table.pace, None, rematch_of=table.id))
        new = await self._start_if_full(new)
        await self._rematch_news(new)
        return new

    async def decline_rematch(self, table_id: str, person: Player) -> LobbyTable:
        """A player of the ended ``table_id`` declines its rematch: the rematch table closes (its seat
        says who declined) and every page of the old game hears it.  The one who asked withdraws it."""
        table = await self.table(table_id)
        people = await self.hub.db(self.tables.everyone_of, table.id)
        if all(p.id != person.id for p in people.values()):
            raise TableRefused(403, "only the table's players can answer its rematch", "rematch_answer_players")
        new = await self.hub.db(self.tables.rematch_of, table.id)
        if new is None or new.status != "open":
            raise TableRefused(409, "no rematch of this table is waiting for an answer", "rematch_none")
        if new.seat_of(person.id) is not None:
            if person.id != new.creator_id:
                raise TableRefused(409, "you accepted this rematch: leave its table to stand up", "rematch_accepted")
            new = await self.hub.db(self.tables.leave_before_start, new, person)  # withdrawn: it closes
        else:
            new = await self.hub.db(self.tables.decline, new, person)
        self.changed()
        await self._rematch_news(new)
        return new

    async def _rematch_news(self, new: LobbyTable) -> None:
        """A rematch table changed (asked, accepted, declined, started): the old game's pages show it."""
        if new.rematch_of is None:
            return
        old = await self.hub.db(self.tables.get, new.rematch_of)
        if old is None or old.game_id is None:
            return
        live = await self.hub.get(old.game_id)
        if live is None:
            return
        live.rematch = await self.hub.db(self.tables.rematch_news, old.id)
        live.version += 1
        self.hub.changed(live)
        await self.hub.sync.announce(CHANGED, live.stored.id)

    async def table(self, table_id: str) -> LobbyTable:
        """The table ``table_id``, or TableRefused 404."""
        table = await self.hub.db(self.tables.get, table_id)
        if table is None:
            raise TableRefused(404, f"no table {table_id!r}", "table_missing", {"table": table_id[:40]})
        return table

    # --- chat ------------------------------------------------------------------------------------
    async def chat(self, table_id: str, person: Player, text: str) -> dict[str, Any]:
        """A message from a player of the table (spectators are muted); pushed with the game."""
        table = await self.table(table_id)
        if table.seat_of(person.id) is None:
            raise TableRefused(403, "only the table's players can write in its chat (spectators are muted)",
                               "chat_spectator")
        message = await self.hub.db(self.tables.post_chat, table.id, person, text)
        if table.game_id is not None:
            await self.hub.sync.announce(CHANGED, table.game_id)
            live = await self.hub.get(table.game_id)
            if live is not None:
                live.chat.append(message)
                del live.chat[:-50]
                live.version += 1
                self.hub.changed(live)
        return message

    async def chat_hidden(self, table_id: str) -> None:
        """An admin hid a message of ``table_id``'s chat: its game's pages (here and elsewhere) show the chat
        without it."""
        table = await self.table(table_id)
        if table.game_id is None:
            return
        live = await self.hub.get(table.game_id)
        if live is not None:
            live.chat = await self.hub.db(self.tables.chat, table.id)
            live.version += 1
            self.hub.changed(live)
        await self.hub.sync.announce(CHANGED, table.game_id)

    # --- moderation --------------------------------------------------------------------------------
    async def close(self, table_id: str) -> str:
        """An admin closes a table: an open one leaves the lobby, a game in progress ends unfinished and
        unrated (409 when it has ended already).  The status it had."""
        table = await self.table(table_id)
        was = table.status
        if was not in ("open", "playing"):
            raise TableRefused(409, f"this table has ended already ({was})", "table_ended", {"status": was})
        live = await self.hub.get(table.game_id) if table.game_id is not None else None
        if live is not None:
            async with live.lock:
                if not (live.state.is_over or live.abandoned):
                    await self.hub.db(self.hub.store.abandon, live.stored.id)
                    live.abandoned = True
                    live.version += 1
        await self.hub.db(self.tables.set_status, table.id, "abandoned")
        self.changed()
        log.info("table %s closed by an admin (it was %s)", table.id, was)
        if live is not None:
            await self.hub.sync.announce(CHANGED, live.stored.id)
            self.hub.changed(live)
        return was

    async def remove(self, player_id: str) -> int:
        """A banned player leaves every table: stands up from the open ones, and their seats in games in
        progress are taken over as the table says for a player who leaves.  How many seats."""
        done = 0
        for table in await self.hub.db(self.tables.of_player, player_id):
            seat = table.seat_of(player_id)
            if seat is None:
                continue
            if table.status == "open":
                await self.hub.db(self.tables.leave_before_start, table, table.sitting[seat])
                done += 1
            elif table.status == "playing" and table.game_id is not None:
                live = await self.hub.get(table.game_id)
                if live is not None:
                    await self._take_over(table, live, seat, why="removed")
                    done += 1
        if done:
            self.changed()
        return done

    # --- the end, the clock ----------------------------------------------------------------------
    async def game_over(self, live: LiveGame) -> None:
        """A table's game ended: close the table and, when rated, rate its players."""
        if live.table_id is None:
            return
        table = await self.table(live.table_id)
        if table.status != "playing":
            return
        await self.hub.db(self.tables.set_status, table.id, "finished")
        self.changed()
        await self._rate(table)

    async def _rate(self, table: LobbyTable) -> None:
        """Rate the table's ended game when it is rated, from what the database holds (as `hanpan ratings
        rebuild` does)."""
        if table.rated and self.ratings is not None:
            try:
                await self.hub.db(self.ratings.record_table, table.id)
            except Exception:
                log.exception("table %s could not be rated", table.id)

    async def check_deadlines(self) -> int:
        """Take over (or abandon) every turn-based seat past its limit; returns how many.  With several
        processes on one database, the leading one does it for all."""
        done = 0
        if not await self.hub.sync.peers.leads():
            return done
        for table, live, seat in await self.hub.people_to_move(await self.hub.db(self.tables.turn_based_playing)):
            # the seat got the move with the game's last change (a move, or the start)
            if (self.hub.clock() - live.stored.updated_at).total_seconds() > int(table.pace["limit_s"]):
                await self._take_over(table, live, seat, why="ran out of time")
                done += 1
        return done

    async def run_deadlines(self) -> None:
        while True:
            try:
                await self.check_deadlines()
            except Exception:
                log.exception("checking the turn limits failed")
            await asyncio.sleep(DEADLINE_CHECK_S)


def _levels() -> list[str]:
    from hanpan.agents.registry import agent_names

    return list(agent_names())
