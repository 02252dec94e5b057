"""Lobby tables: a game with its options and seats waiting for players, then the game they play.

A table's seats are open (anyone may sit), reserved (for one named player) or a computer level.  People
sit down with ``join``; when no seat is empty the table starts its game (or its creator starts it with
computer levels in the empty seats).  Nobody is ever handed another seat's secret: at a table a seat is
its player's, known by their session (or their bot's API key), so there is no seat token to pass on.

A table with more than one person gets a seed the server chooses and keeps; a chosen seed is allowed
only where every person's seat is the creator's, and such a game is never rated.  A rated game is one of
two or more seats, every person an account (no guest), no chosen seed.

The pace is real time, or turn based: ``{"kind": "turn", "limit_s": 86400, "on_timeout": "level:greedy"}``
(a seat past its limit is taken over by that level) or ``"abandon"`` (the game ends unfinished).  Either
kind may say ``on_leave`` (the same choices): what a seat whose person leaves becomes (by default the
turn-based ``on_timeout``, else greedy).  A rated game rates a person who left or ran out of time as its
last place (``hanpan.web.ratings``).

>>> from hanpan.web.storage import Store
>>> store = Store("sqlite://")
>>> with store.engine.begin() as c:
...     _ = c.execute(players_table.insert().values(id="p1", name="Ann", name_key="ann", password_hash="x",
...                                                 created_at=now()))
>>> tables = Tables(store)
>>> t = tables.create(Player("p1", "Ann", False), "spirits_of_the_wild", {}, [{"kind": "me"}, {"kind": "open"}],
...                   public=True, pace={"kind": "realtime"})
>>> t.status, [s.kind for s in t.seats], t.sitting[0].name, t.open_seats()
('open', ['reserved', 'open'], 'Ann', [1])
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import and_, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from hanpan.agents.registry import agent_names
from hanpan.core.registry import game as find_game
from hanpan.web.accounts import Player, name_key
from hanpan.web.errors import Refusal, words
from hanpan.web.sanctions import in_force
from hanpan.web.schema import (
    chat_messages_table,
    chat_reports_table,
    lobby_tables_table,
    players_table,
    table_seats_table,
)
from hanpan.web.storage import Store, games_table

#: how long a turn-based seat may take for one move: from a minute to two weeks
MIN_LIMIT_S = 60
MAX_LIMIT_S = 14 * 24 * 3600
#: chat: the longest message, and at most this many messages per player per minute
CHAT_MAX = 300
CHAT_PER_MINUTE = 10


class TableRefused(Refusal):
    """A table request that cannot be done; ``status`` is the HTTP status to answer with (and ``code``,
    ``params``: ``hanpan.web.errors``)."""


def now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class SeatSpec:
    """What a seat is: ``open``, ``reserved`` for ``name``, or a computer ``level``."""

    kind: str
    name: str | None = None
    level: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.name is not None:
            out["name"] = self.name
        if self.level is not None:
            out["level"] = self.level
        return out


@dataclass(frozen=True)
class Departure:
    """A person who left a seat: ``why`` is ``left``, ``ran out of time``, ``declined`` (a rematch) or
    ``removed`` (banned by an admin);
    ``move`` the number of moves made by then (None: before the game)."""

    player: Player
    why: str
    move: int | None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.player.name, "why": self.why, "move": self.move}


#: why a table's game will not be rated, as ``will_be_rated`` says it (the pages word each code)
UNRATED_SEED, UNRATED_SOLO, UNRATED_GUEST = "seed", "solo", "guest"


@dataclass
class LobbyTable:
    id: str
    game: str
    options: dict[str, Any]
    seats: list[SeatSpec]
    public: bool
    pace: dict[str, Any]
    creator_id: str
    status: str
    game_id: str | None
    rated: bool
    seed: int | None
    rematch_of: str | None
    created_at: datetime
    updated_at: datetime
    #: seat -> the person sitting there (people who left are not here)
    sitting: dict[int, Player] = field(default_factory=dict)
    #: seat -> the person who left it (resigned, ran out of time, declined a rematch)
    left: dict[int, Departure] = field(default_factory=dict)

    def open_seats(self) -> list[int]:
        """The seats nobody sits at and no level fills (open or reserved)."""
        return [i for i, s in enumerate(self.seats) if s.kind != "level" and i not in self.sitting]

    def seat_of(self, player_id: str) -> int | None:
        return next((i for i, p in self.sitting.items() if p.id == player_id), None)

    def will_be_rated(self) -> dict[str, Any]:
        """Whether the table's game will be rated if it starts with the people sitting now, and why not:
        ``{"rated": False, "why": [{"code": "guest", "names": [...]}, ...]}`` (codes ``seed``, ``solo``,
        ``guest``); ``guests_unrate``: a guest taking an open seat would make it unrated.  As ``Lobby``
        decides at the start (a game started is ``rated`` or not for good)."""
        why: list[dict[str, Any]] = []
        if self.seed is not None:
            why.append({"code": UNRATED_SEED})
        if len(self.seats) < 2:
            why.append({"code": UNRATED_SOLO})
        guests = [p.name for _, p in sorted(self.sitting.items()) if p.guest]
        if guests:
            why.append({"code": UNRATED_GUEST, "names": guests})
        return {"rated": not why, "why": why, "guests_unrate": not why and bool(self.open_seats())}

    def to_json(self) -> dict[str, Any]:
        seats = []
        for i, spec in enumerate(self.seats):
            entry = {"seat": i, **spec.to_json()}
            person = self.sitting.get(i)
            if person is not None:
                entry["player"] = {"id": person.id, "name": person.name, "guest": person.guest}
            if i in self.left:
                entry["left"] = self.left[i].to_json()
            seats.append(entry)
        rating = ({"will_be_rated": self.will_be_rated()} if self.status == "open" else {})
        return {"id": self.id, "game": self.game, "options": self.options, "seats": seats, "public": self.public,
                "pace": self.pace, "status": self.status, "game_id": self.game_id, "rated": self.rated, **rating,
                "seeded": self.seed is not None, "rematch_of": self.rematch_of,
                "creator": self.creator_id, "created_at": self.created_at.isoformat(),
                "updated_at": self.updated_at.isoformat()}


def check_pace(pace: dict[str, Any]) -> dict[str, Any]:
    """A valid pace (or TableRefused 400 saying what is allowed).

    >>> check_pace({"kind": "turn", "limit_s": 86400, "on_timeout": "level:greedy"})["limit_s"]
    86400
    >>> check_pace({"kind": "slow"})
    Traceback (most recent call last):
    ...
    hanpan.web.tables.TableRefused: pace kind must be 'realtime' or 'turn'
    """
    kind = pace.get("kind")
    if kind not in ("realtime", "turn"):
        raise TableRefused(400, "pace kind must be 'realtime' or 'turn'", "pace_kind")
    # every field given is honoured or refused, never taken and ignored
    on_leave = {"on_leave": _check_rule("on_leave", pace["on_leave"])} if pace.get("on_leave") is not None else {}
    if kind == "realtime":
        if pace.get("limit_s") is not None or pace.get("on_timeout") is not None:
            raise TableRefused(400, "a real-time table has no time limit: limit_s and on_timeout are for "
                                    "'turn' tables; say what a leaving seat becomes with on_leave",
                           "pace_realtime_limit")
        return {"kind": "realtime", **on_leave}
    limit = pace.get("limit_s")
    if not isinstance(limit, int) or isinstance(limit, bool) or not MIN_LIMIT_S <= limit <= MAX_LIMIT_S:
        raise TableRefused(400, f"pace limit_s must be a whole number of seconds from {MIN_LIMIT_S} to {MAX_LIMIT_S}",
                           "pace_limit", {"min": MIN_LIMIT_S, "max": MAX_LIMIT_S})
    return {"kind": "turn", "limit_s": limit, "on_timeout": _check_rule("on_timeout", pace.get("on_timeout")),
            **on_leave}


def _check_rule(name: str, rule: object) -> str:
    """What a seat becomes (``abandon`` or ``level:NAME``), or TableRefused 400 saying what is allowed."""
    levels = list(agent_names())
    if rule is None:  # said as missing, not as "'None' is neither"
        raise TableRefused(400, f"a turn-based table needs pace {name}: 'abandon' or 'level:NAME' with NAME one of "
                                f"{', '.join(levels)}", "pace_rule_missing",
                           {"rule": name, "levels": ", ".join(levels)})
    if rule != "abandon" and not (isinstance(rule, str) and rule.startswith("level:") and rule[6:] in levels):
        raise TableRefused(400, f"pace {name} must be 'abandon' or 'level:NAME' with NAME one of "
                                f"{', '.join(levels)}; {str(rule)[:40]!r} is neither", "pace_rule_invalid",
                           {"rule": name, "levels": ", ".join(levels), "value": str(rule)[:40]})
    return str(rule)


def _row_table(row: Any) -> LobbyTable:
    return LobbyTable(row.id, row.game, json.loads(row.options), [SeatSpec(**s) for s in json.loads(row.seats)],
                      bool(row.public), json.loads(row.pace), row.creator_id, row.status, row.game_id,
                      bool(row.rated), row.seed, row.rematch_of, row.created_at, row.updated_at)


class Tables:
    """Reads and writes lobby tables, their seats and chat (every method one short transaction)."""

    def __init__(self, store: Store, clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.store = store
        #: the time sanctions are judged by: the hub's clock (tests move it), as moderation's
        self.clock = clock

    # --- making and filling tables ---------------------------------------------------------------
    def create(self, creator: Player, game_id: str, options: dict[str, Any], seats: Sequence[dict[str, Any]],
               public: bool, pace: dict[str, Any], seed: int | None = None, rematch_of: str | None = None,
               sit: dict[int, Player] | None = None) -> LobbyTable:
        """A new table; the seat ``{"kind": "me"}`` is the creator's (exactly one).  ``sit``: people already
        seated (a rematch's acceptors)."""
        game = find_game(game_id)
        if not game.min_players <= len(seats) <= game.max_players:
            raise TableRefused(400, f"{game.id} is for {game.min_players}–{game.max_players} players, "
                                    f"not {len(seats)}", "table_players",
                               {"game": words(game.name_en, game.name_ko), "min": game.min_players,
                                "max": game.max_players, "count": len(seats)})
        specs: list[SeatSpec] = []
        mine = [i for i, s in enumerate(seats) if s.get("kind") == "me"]
        if len(mine) != 1:
            raise TableRefused(400, "exactly one seat must be yours: {\"kind\": \"me\"}", "seat_mine")
        levels = list(agent_names())
        for raw in seats:
            kind = raw.get("kind")
            if kind == "me":
                specs.append(SeatSpec("reserved", name=creator.name))
            elif kind == "open":
                specs.append(SeatSpec("open"))
            elif kind == "reserved":
                name = raw.get("name")
                if not isinstance(name, str) or self.person_by_name(name) is None:
                    raise TableRefused(400, f"a reserved seat needs the name of a player: {name!r} is none",
                                       "reserved_unknown", {"name": str(name)[:40]})
                specs.append(SeatSpec("reserved", name=self.person_by_name(name).name))  # type: ignore[union-attr]
            elif kind == "level":
                level = raw.get("level")
                if level not in levels:
                    raise TableRefused(400, f"seat level must be one of {', '.join(levels)}", "seat_level",
                                       {"levels": ", ".join(levels)})
                specs.append(SeatSpec("level", level=str(level)))
            else:
                raise TableRefused(400, "a seat's kind must be 'me', 'open', 'reserved' or 'level'", "seat_kind")
        pace = check_pace(pace)
        people_seats = [i for i, s in enumerate(specs) if s.kind != "level"]
        if seed is not None and people_seats != mine:
            raise TableRefused(400, "a chosen seed is only for a table where every person's seat is yours "
                                    "(solo or practice); a table with other people gets a secret seed", "seed_private")
        table = LobbyTable(secrets.token_urlsafe(9), game.id, dict(options), specs, public, pace, creator.id, "open",
                           None, False, seed, rematch_of, now(), now())
        table.sitting = {mine[0]: creator, **(sit or {})}
        with self.store._writing(), self.store.engine.begin() as c:
            c.execute(insert(lobby_tables_table).values(
                id=table.id, game=table.game, options=json.dumps(table.options),
                seats=json.dumps([s.to_json() for s in specs]), public=public, pace=json.dumps(pace),
                creator_id=creator.id, status="open", game_id=None, rated=False, seed=seed, rematch_of=rematch_of,
                created_at=table.created_at, updated_at=table.updated_at))
            for seat, person in table.sitting.items():
                c.execute(insert(table_seats_table).values(table_id=table.id, seat=seat, player_id=person.id,
                                                           joined_at=now()))
        return table

    def join(self, table_id: str, person: Player, seat: int | None = None) -> LobbyTable:
        """Sit ``person`` at ``seat`` (or the first seat open to them); 409 when none is."""
        table = self.get(table_id)
        if table is None:
            raise TableRefused(404, f"no table {table_id!r}", "table_missing", {"table": table_id[:40]})
        if table.status != "open":
            raise TableRefused(409, "this table has started or ended: no seat can be taken", "table_not_open")
        if table.seat_of(person.id) is not None:
            raise TableRefused(409, "you already sit at this table", "table_already_seated")
        free = [i for i in table.open_seats()
                if table.seats[i].kind == "open" or (table.seats[i].name or "").casefold() == person.name.casefold()]
        if seat is not None:
            if seat not in free:
                raise TableRefused(409, f"seat {seat} is not open to you; open to you: {free or 'none'}",
                                   "seat_not_open", {"seat": seat, "free": ", ".join(map(str, free)) or "-"})
            free = [seat]
        if not free:
            raise TableRefused(409, "no seat of this table is open to you", "no_open_seat")
        try:
            with self.store._writing(), self.store.engine.begin() as c:
                c.execute(insert(table_seats_table).values(table_id=table.id, seat=free[0], player_id=person.id,
                                                           joined_at=now()))
                c.execute(update(lobby_tables_table).where(lobby_tables_table.c.id == table.id)
                          .values(updated_at=now()))
        except IntegrityError:  # two people for one seat at once: the primary key lets one win
            raise TableRefused(409, "that seat was just taken", "seat_just_taken") from None
        table.sitting[free[0]] = person
        return table

    def leave_before_start(self, table: LobbyTable, person: Player) -> LobbyTable:
        """Stand up from a table that has not started; the creator leaving closes it."""
        seat = table.seat_of(person.id)
        if seat is None:
            raise TableRefused(409, "you do not sit at this table", "not_seated")
        with self.store._writing(), self.store.engine.begin() as c:
            if person.id == table.creator_id:
                c.execute(update(lobby_tables_table).where(lobby_tables_table.c.id == table.id)
                          .values(status="abandoned", updated_at=now()))
                table.status = "abandoned"
            else:
                c.execute(delete(table_seats_table).where(table_seats_table.c.table_id == table.id,
                                                          table_seats_table.c.seat == seat))
                del table.sitting[seat]
        return table

    def started(self, table: LobbyTable, game_id: str, seats: list[SeatSpec], rated: bool) -> None:
        """The table's game began (empty seats filled with ``seats``' levels)."""
        with self.store._writing(), self.store.engine.begin() as c:
            c.execute(update(lobby_tables_table)
                      .where(lobby_tables_table.c.id == table.id, lobby_tables_table.c.status == "open")
                      .values(status="playing", game_id=game_id, rated=rated,
                              seats=json.dumps([s.to_json() for s in seats]), updated_at=now()))
        table.status, table.game_id, table.rated, table.seats = "playing", game_id, rated, seats

    def set_status(self, table_id: str, status: str) -> None:
        with self.store._writing(), self.store.engine.begin() as c:
            c.execute(update(lobby_tables_table).where(lobby_tables_table.c.id == table_id)
                      .values(status=status, updated_at=now()))

    def mark_left(self, table: LobbyTable, seat: int, why: str = "left", move: int | None = None) -> None:
        """The person at ``seat`` left a game that ended with it (abandoned): kept for the rating, and
        why and after how many moves, for the game's pages."""
        with self.store._writing(), self.store.engine.begin() as c:
            c.execute(update(table_seats_table).where(table_seats_table.c.table_id == table.id,
                                                      table_seats_table.c.seat == seat)
                      .values(left_at=now(), left_why=why, left_move=move))
        self._gone(table, seat, why, move)

    def replace_seat(self, table: LobbyTable, seat: int, level: str, why: str = "left",
                     move: int | None = None) -> None:
        """A person's seat taken over by a computer level (they left, or ran out of time)."""
        seats = list(table.seats)
        seats[seat] = SeatSpec("level", level=level)
        with self.store._writing(), self.store.engine.begin() as c:
            c.execute(update(table_seats_table).where(table_seats_table.c.table_id == table.id,
                                                      table_seats_table.c.seat == seat)
                      .values(left_at=now(), left_why=why, left_move=move))
            c.execute(update(lobby_tables_table).where(lobby_tables_table.c.id == table.id)
                      .values(seats=json.dumps([s.to_json() for s in seats]), updated_at=now()))
        table.seats = seats
        self._gone(table, seat, why, move)

    @staticmethod
    def _gone(table: LobbyTable, seat: int, why: str, move: int | None) -> None:
        person = table.sitting.pop(seat, None)
        if person is not None:
            table.left[seat] = Departure(person, why, move)

    def decline(self, table: LobbyTable, person: Player) -> LobbyTable:
        """``person`` declines the rematch ``table`` (a seat kept for them): the table closes, and its
        seat says who declined."""
        seat = next((i for i, s in enumerate(table.seats) if s.kind == "reserved" and i not in table.sitting
                     and (s.name or "").casefold() == person.name.casefold()), None)
        if table.status != "open" or seat is None:
            raise TableRefused(409, "this rematch is not waiting for you", "rematch_not_waiting")
        with self.store._writing(), self.store.engine.begin() as c:
            c.execute(insert(table_seats_table).values(table_id=table.id, seat=seat, player_id=person.id,
                                                       joined_at=now(), left_at=now(), left_why="declined"))
            c.execute(update(lobby_tables_table).where(lobby_tables_table.c.id == table.id)
                      .values(status="abandoned", updated_at=now()))
        table.status = "abandoned"
        table.left[seat] = Departure(person, "declined", None)
        return table

    # --- reading ---------------------------------------------------------------------------------
    def _sitting(self, c: Any, ids: Sequence[str],
                 left: dict[str, dict[int, Departure]] | None = None) -> dict[str, dict[int, Player]]:
        """Who sits at each table (seat -> player); with ``left``, who left each table's seats there."""
        out: dict[str, dict[int, Player]] = {i: {} for i in ids}
        if not ids:
            return out
        s = table_seats_table.c
        rows = c.execute(select(s.table_id, s.seat, s.left_at, s.left_why, s.left_move, players_table.c.id,
                                players_table.c.name, players_table.c.password_hash)
                         .join(players_table, players_table.c.id == s.player_id)
                         .where(s.table_id.in_(list(ids)),
                                *([] if left is not None else [s.left_at.is_(None)])))
        for r in rows:
            person = Player(r.id, r.name, r.password_hash is None)
            if r.left_at is None:
                out[r.table_id][int(r.seat)] = person
            elif left is not None:
                move = int(r.left_move) if r.left_move is not None else None
                left.setdefault(r.table_id, {})[int(r.seat)] = Departure(person, r.left_why or "left", move)
        return out

    def get(self, table_id: str) -> LobbyTable | None:
        with self.store.engine.connect() as c:
            row = c.execute(select(lobby_tables_table).where(lobby_tables_table.c.id == table_id)).first()
            if row is None:
                return None
            table = _row_table(row)
            left: dict[str, dict[int, Departure]] = {}
            table.sitting = self._sitting(c, [table.id], left)[table.id]
            table.left = left.get(table.id, {})
        return table

    def expire_idle(self, before: datetime) -> list[str]:
        """Mark abandoned the games in progress unchanged since ``before``, but not a lobby table's
        (its turn clock rules it); their ids."""
        at_tables = select(lobby_tables_table.c.game_id).where(lobby_tables_table.c.game_id.is_not(None))
        idle = (select(games_table.c.id)
                .where(games_table.c.status == "playing", games_table.c.updated_at < before,
                       games_table.c.id.not_in(at_tables)))
        with self.store._writing(), self.store.engine.begin() as c:
            ids = [str(r.id) for r in c.execute(idle).all()]
            if ids:
                c.execute(update(games_table).where(games_table.c.id.in_(ids))
                          .values(status="abandoned", updated_at=datetime.now(UTC)))
        return ids

    def of_game(self, game_id: str) -> LobbyTable | None:
        with self.store.engine.connect() as c:
            row = c.execute(select(lobby_tables_table).where(lobby_tables_table.c.game_id == game_id)).first()
            if row is None:
                return None
            table = _row_table(row)
            left: dict[str, dict[int, Departure]] = {}
            table.sitting = self._sitting(c, [table.id], left)[table.id]
            table.left = left.get(table.id, {})
        return table

    def listing(self, player_id: str | None, limit: int = 50, offset: int = 0,
                game: str | None = None) -> dict[str, Any]:
        """The lobby: public tables with open seats (newest first, ``limit`` from ``offset``, of one
        ``game`` or all; ``open_total`` counts them all), and for a player their own open, playing and
        finished tables."""
        t = lobby_tables_table.c
        waiting = and_(t.status == "open", t.public.is_(True), *([t.game == game] if game else []))
        with self.store.engine.connect() as c:
            open_rows = c.execute(select(lobby_tables_table).where(waiting)
                                  .order_by(t.created_at.desc(), t.id).limit(limit).offset(offset)).all()
            counted = select(func.count()).select_from(lobby_tables_table).where(waiting)
            open_total = int(c.execute(counted).scalar_one())
            mine_rows: Sequence[Any] = []
            if player_id is not None:
                mine_rows = c.execute(
                    select(lobby_tables_table).distinct()
                    .join(table_seats_table, table_seats_table.c.table_id == lobby_tables_table.c.id)
                    .where(table_seats_table.c.player_id == player_id)
                    .order_by(lobby_tables_table.c.updated_at.desc()).limit(200)).all()
            tables = {r.id: _row_table(r) for r in [*open_rows, *mine_rows]}
            sitting = self._sitting(c, list(tables))
        for table_id, table in tables.items():
            table.sitting = sitting[table_id]
        mine = [tables[r.id] for r in mine_rows]
        return {"open": [tables[r.id] for r in open_rows], "open_total": open_total,
                "mine_open": [t for t in mine if t.status == "open"],
                "mine_playing": [t for t in mine if t.status == "playing"],
                "mine_finished": [t for t in mine if t.status in ("finished", "abandoned")]}

    def turn_based_playing(self) -> list[LobbyTable]:
        return self._where(lobby_tables_table.c.status == "playing", lobby_tables_table.c.pace.like('%"turn"%'))

    def playing(self) -> list[LobbyTable]:
        """Every table whose game is in progress (real-time and turn-based)."""
        return self._where(lobby_tables_table.c.status == "playing")

    def open_rematches(self) -> list[LobbyTable]:
        """The rematch tables still waiting for answers (who left them: ``left``)."""
        return self._where(lobby_tables_table.c.status == "open", lobby_tables_table.c.rematch_of.is_not(None))

    def _where(self, *conditions: Any) -> list[LobbyTable]:
        with self.store.engine.connect() as c:
            rows = c.execute(select(lobby_tables_table).where(*conditions)).all()
            tables = [_row_table(r) for r in rows]
            left: dict[str, dict[int, Departure]] = {}
            sitting = self._sitting(c, [t.id for t in tables], left)
        for t in tables:
            t.sitting = sitting[t.id]
            t.left = left.get(t.id, {})
        return tables

    def of_player(self, player_id: str) -> list[LobbyTable]:
        """The open and playing tables where ``player_id`` sits now."""
        seated = select(table_seats_table.c.table_id).where(table_seats_table.c.player_id == player_id,
                                                            table_seats_table.c.left_at.is_(None))
        return self._where(lobby_tables_table.c.id.in_(seated), lobby_tables_table.c.status.in_(("open", "playing")))

    def everyone_of(self, table_id: str) -> dict[int, Player]:
        """Everyone who sat at the table, those who left too (seat -> player)."""
        with self.store.engine.connect() as c:
            rows = c.execute(select(table_seats_table.c.seat, players_table.c.id, players_table.c.name,
                                    players_table.c.password_hash)
                             .join(players_table, players_table.c.id == table_seats_table.c.player_id)
                             .where(table_seats_table.c.table_id == table_id)).all()
        return {int(r.seat): Player(r.id, r.name, r.password_hash is None) for r in rows}

    def rematch_of(self, table_id: str) -> LobbyTable | None:
        """The newest table made as the rematch of ``table_id``, if any."""
        t = lobby_tables_table.c
        with self.store.engine.connect() as c:
            row = c.execute(select(t.id).where(t.rematch_of == table_id)
                            .order_by(t.created_at.desc(), t.id)).first()
        return self.get(row.id) if row is not None else None

    def rematch_news(self, table_id: str) -> dict[str, Any] | None:
        """The rematch asked for after ``table_id``'s game, as its game's pages show it: the new table,
        its status, who asked (the seat and name), the seats that accepted and who declined; None if none.
        A rematch keeps every seat where it was, so its seats are the old game's."""
        new = self.rematch_of(table_id)
        if new is None:
            return None
        by = new.seat_of(new.creator_id)
        if by is None:
            by = next((seat for seat, d in new.left.items() if d.player.id == new.creator_id), None)
        asker = new.sitting.get(by) if by is not None else None
        if asker is None and by is not None and by in new.left:
            asker = new.left[by].player
        return {"table": new.id, "status": new.status,
                "by": {"seat": by, "name": asker.name if asker is not None else None},
                "accepted": sorted(new.sitting),
                "declined": [{"seat": seat, "name": d.player.name} for seat, d in sorted(new.left.items())
                             if d.why == "declined"]}

    def person_by_name(self, name: str) -> Player | None:
        key = name_key(name.strip())
        with self.store.engine.connect() as c:
            row = c.execute(select(players_table).where(players_table.c.name_key == key)).first()
        return Player(row.id, row.name, row.password_hash is None) if row is not None else None

    def games_of(self, player_id: str, limit: int = 100) -> list[dict[str, Any]]:
        """A player's table games, newest first: the table, their seat, the game's status and result."""
        with self.store.engine.connect() as c:
            rows = c.execute(
                select(lobby_tables_table.c.id, lobby_tables_table.c.game, lobby_tables_table.c.game_id,
                       lobby_tables_table.c.rated, lobby_tables_table.c.status, lobby_tables_table.c.seats,
                       table_seats_table.c.seat, games_table.c.result, games_table.c.updated_at)
                .join(table_seats_table, table_seats_table.c.table_id == lobby_tables_table.c.id)
                .join(games_table, games_table.c.id == lobby_tables_table.c.game_id)
                .where(table_seats_table.c.player_id == player_id)
                .order_by(games_table.c.updated_at.desc()).limit(limit)).all()
        return [{"table": r.id, "game": r.game, "game_id": r.game_id, "rated": bool(r.rated), "status": r.status,
                 "seat": int(r.seat), "players": len(json.loads(r.seats)),
                 "levels": [s["level"] for s in json.loads(r.seats) if s.get("kind") == "level"],
                 "result": json.loads(r.result) if r.result else None, "at": r.updated_at.isoformat()}
                for r in rows]

    # --- chat ------------------------------------------------------------------------------------
    def post_chat(self, table_id: str, person: Player, text: str) -> dict[str, Any]:
        text = " ".join(text.split())
        if not text:
            raise TableRefused(400, "a chat message needs some text", "chat_empty")
        if len(text) > CHAT_MAX:
            raise TableRefused(400, f"a chat message is at most {CHAT_MAX} characters", "chat_long", {"max": CHAT_MAX})
        since = datetime.fromtimestamp(now().timestamp() - 60, UTC)
        with self.store._writing(), self.store.engine.begin() as c:
            muted = in_force(c, person.id, "mute", self.clock())
            if muted is not None:
                raise TableRefused(403, f"you are {muted.line()}", "chat_muted",
                                   {"until": muted.until.isoformat() if muted.until else "-", "reason": muted.reason})
            recent = c.execute(select(chat_messages_table.c.id).where(
                chat_messages_table.c.table_id == table_id, chat_messages_table.c.player_id == person.id,
                chat_messages_table.c.created_at >= since)).all()
            if len(recent) >= CHAT_PER_MINUTE:
                raise TableRefused(429, f"at most {CHAT_PER_MINUTE} chat messages a minute", "chat_rate",
                                   {"count": CHAT_PER_MINUTE})
            result = c.execute(insert(chat_messages_table).values(table_id=table_id, player_id=person.id, text=text,
                                                                  created_at=now()))
            key = result.inserted_primary_key
            assert key is not None
            message_id = int(key[0])
        return {"id": message_id, "name": person.name, "text": text}

    def chat(self, table_id: str, limit: int = 50) -> list[dict[str, Any]]:
        with self.store.engine.connect() as c:
            rows = c.execute(select(chat_messages_table.c.id, chat_messages_table.c.text,
                                    chat_messages_table.c.created_at, players_table.c.name)
                             .join(players_table, players_table.c.id == chat_messages_table.c.player_id)
                             .where(chat_messages_table.c.table_id == table_id,
                                    chat_messages_table.c.hidden_at.is_(None))
                             .order_by(chat_messages_table.c.id.desc()).limit(limit)).all()
        return [{"id": int(r.id), "name": r.name, "text": r.text, "at": r.created_at.isoformat()}
                for r in reversed(rows)]

    def report_chat(self, table_id: str, message_id: int, person: Player, reason: str) -> None:
        with self.store._writing(), self.store.engine.begin() as c:
            found = c.execute(select(chat_messages_table.c.player_id).where(
                chat_messages_table.c.id == message_id, chat_messages_table.c.table_id == table_id)).first()
            if found is None:
                raise TableRefused(404, f"no message {message_id} at this table", "chat_message_missing",
                                   {"message": message_id})
            if found.player_id == person.id:
                raise TableRefused(400, "you cannot report your own message", "chat_report_own")
            exists = c.execute(select(chat_reports_table.c.message_id).where(and_(
                chat_reports_table.c.message_id == message_id, chat_reports_table.c.reporter_id == person.id))).first()
            if exists is None:
                c.execute(insert(chat_reports_table).values(message_id=message_id, reporter_id=person.id,
                                                            reason=" ".join(reason.split())[:200] or "-",
                                                            created_at=now()))

