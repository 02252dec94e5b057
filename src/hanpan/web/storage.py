"""The web app's database: games, their seats' token hashes and every accepted move.

The moves are the source of truth: a game's state is rebuilt by replaying them from the seed, so a
restart (even ``kill -9``) loses nothing that was acknowledged.  A move is stored in one transaction
with the game's move count, guarded by that count, so a stale or repeated request can never be stored
twice (and the primary key (game, number) refuses a doubled number even then).

SQLite (the default, a file in the user's data folder) and PostgreSQL are both supported; the schema is
made and migrated by Alembic on start (``hanpan/web/migrations``).

>>> store = Store("sqlite://")
>>> store.create_game(StoredGame("g1", "spirits_of_the_wild", {}, 7, ["human", "greedy"]), {0: "ab" * 32})
>>> store.append_move("g1", 0, 0, "take1", "playing", None)
True
>>> store.append_move("g1", 0, 0, "take1", "playing", None)  # the same number again: refused
False
>>> [m.notation for m in store.moves("g1")]
['take1']

Moves arriving together are stored in one transaction (one commit, one fsync: a group commit), each still
guarded by its game's move count; ``append_moves`` answers for each:

>>> store.append_moves([MoveWrite("g1", 1, 1, "add2", "playing", None),
...                     MoveWrite("g1", 1, 1, "add3", "playing", None),  # the same number: refused
...                     MoveWrite("g1", 2, 0, "take1", "playing", None)])
[True, False, True]
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.resources import files
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import StaticPool

from hanpan.web.peers import CHANNEL

metadata = MetaData()

games_table = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("options", Text, nullable=False),  # JSON object
    Column("seed", BigInteger, nullable=False),
    Column("seats", Text, nullable=False),  # JSON list: "human" or an agent level per seat
    Column("status", String(12), nullable=False, index=True),
    Column("move_count", Integer, nullable=False),
    Column("result", Text, nullable=True),  # JSON, once over
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

tokens_table = Table(
    "seat_tokens", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False),  # sha256 hex: the tokens themselves are never stored
)

moves_table = Table(
    "moves", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("number", Integer, primary_key=True),  # 0-based
    Column("seat", Integer, nullable=False),
    Column("notation", String(200), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)


#: a move's statements, built once (each move binds its values): the game's count, guarded by the count it
#: had, and the move itself
_COUNT_MOVE = (
    update(games_table)
    .where(games_table.c.id == bindparam("b_game", type_=games_table.c.id.type),
           games_table.c.move_count == bindparam("b_number", type_=games_table.c.move_count.type))
    .values(move_count=bindparam("b_count", type_=games_table.c.move_count.type),
            status=bindparam("b_status", type_=games_table.c.status.type),
            updated_at=bindparam("b_updated", type_=games_table.c.updated_at.type),
            result=bindparam("b_result", type_=games_table.c.result.type)))
_INSERT_MOVE = insert(moves_table)
#: news of a change for the other server processes (``hanpan.web.peers``), sent when the transaction commits
_NOTIFY = text(f"SELECT pg_notify('{CHANNEL}', :payload)")
#: PostgreSQL: one move counted, stored and announced in one statement (its own transaction, autocommit):
#: one round trip instead of BEGIN, UPDATE, INSERT, NOTIFY and COMMIT; a row back when it was stored
_MOVE_IN_ONE = """
WITH counted AS (
    UPDATE games SET move_count = :count, status = :status, updated_at = :updated, result = :result
    WHERE id = :game AND move_count = :number RETURNING id),
stored AS (
    INSERT INTO moves (game_id, number, seat, notation, created_at)
    SELECT id, :number, :seat, :notation, :updated FROM counted RETURNING game_id)
"""
_MOVE_QUIET = text(_MOVE_IN_ONE + "SELECT 1 FROM stored")
_MOVE_ANNOUNCED = text(_MOVE_IN_ONE + f"SELECT pg_notify('{CHANNEL}', :payload) FROM stored")


@dataclass
class StoredGame:
    """A game as the database holds it (its state comes from replaying its moves)."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[str]
    status: str = "playing"
    move_count: int = 0
    result: dict[str, Any] | None = None
    created_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    updated_at: datetime = field(default_factory=lambda: datetime.now(UTC))


@dataclass(frozen=True)
class MoveWrite:
    """A move to store: ``append_move``'s arguments."""

    game_id: str
    number: int
    seat: int
    notation: str
    status: str
    result: dict[str, Any] | None


@dataclass(frozen=True)
class StoredMove:
    number: int
    seat: int
    notation: str


def utc_now() -> datetime:
    """Now, in UTC (every time stored is UTC)."""
    return datetime.now(UTC)


def utc(moment: datetime) -> datetime:
    """A stored time with its zone: SQLite gives its timestamps back naive (they are UTC), and compared with
    an aware one they raised TypeError.

    >>> utc(datetime(2026, 12, 7, 9, 30)).isoformat()
    '2026-12-07T09:30:00+00:00'
    """
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _row_game(row: Any) -> StoredGame:
    return StoredGame(row.id, row.game, json.loads(row.options), int(row.seed), json.loads(row.seats), row.status,
                      row.move_count, json.loads(row.result) if row.result else None,
                      utc(row.created_at), utc(row.updated_at))


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL (readers never wait for the writer) and a busy timeout."""
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30},
                               **({"poolclass": StaticPool} if memory else {}))

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            if not memory:
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")  # a commit is on disk before the move is acknowledged
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    # no ping before each use (a round trip per transaction): a connection PostgreSQL dropped fails its one
    # request, and SQLAlchemy then replaces every connection of the pool
    return create_engine(url, pool_size=10, max_overflow=10)


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema to the newest Alembic revision."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(files("hanpan.web") / "migrations"))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":  # server processes starting together migrate one at a time
            connection.execute(text("SELECT pg_advisory_xact_lock(hashtextextended('hanpan:migrate', 0))"))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Store:
    """Reads and writes games and moves; every method is one short transaction (call from a thread)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.is_sqlite = url.startswith("sqlite")
        # SQLite has one writer at a time: one lock here beats its busy-waiting under load.
        self._write_lock = threading.Lock() if self.is_sqlite else None
        #: moves arriving together are best stored with one commit (``append_moves``): with SQLite's one
        #: writer, each commit an fsync; PostgreSQL's concurrent commits already share their WAL flushes
        self.group_commit = self.is_sqlite
        #: with several processes on PostgreSQL, this process's name in the news of its changes
        #: (``hanpan.web.peers``): each stored move and undo is announced in its own transaction
        self.news_origin: str | None = None
        migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def _writing(self) -> Any:
        return self._write_lock if self._write_lock is not None else _NoLock()

    # --- writes ------------------------------------------------------------------------------------
    def create_game(self, game: StoredGame, token_hashes: dict[int, str]) -> None:
        with self._writing(), self.engine.begin() as c:
            c.execute(insert(games_table).values(
                id=game.id, game=game.game, options=json.dumps(game.options), seed=game.seed,
                seats=json.dumps(game.seats), status=game.status, move_count=game.move_count,
                result=json.dumps(game.result) if game.result is not None else None,
                created_at=game.created_at, updated_at=game.updated_at))
            for seat, token_hash in token_hashes.items():
                c.execute(insert(tokens_table).values(game_id=game.id, seat=seat, token_hash=token_hash))

    def append_move(self, game_id: str, number: int, seat: int, notation: str, status: str,
                    result: dict[str, Any] | None) -> bool:
        """Store move ``number``; False (nothing written) unless the game has exactly ``number`` moves."""
        if self.is_sqlite:
            return self.append_moves([MoveWrite(game_id, number, seat, notation, status, result)])[0]
        values = {"game": game_id, "number": number, "count": number + 1, "status": status, "updated": utc_now(),
                  "result": json.dumps(result) if result is not None else None, "seat": seat, "notation": notation}
        try:
            with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
                if self.news_origin is None:
                    return c.execute(_MOVE_QUIET, values).first() is not None
                return c.execute(_MOVE_ANNOUNCED, {**values, "payload": f"{self.news_origin} m {game_id}"}
                                 ).first() is not None
        except IntegrityError:  # the number stored already, though the count said otherwise: nothing written
            return False

    def append_moves(self, moves: Sequence[MoveWrite]) -> list[bool]:
        """Store several moves in one transaction, in order (a group commit: one commit and one fsync for all
        of them); each is True when stored, False when refused as ``append_move`` refuses it.  Nothing is
        durable, and so nothing may be acknowledged, before this returns.

        A move that breaks a constraint (a number stored already though the count said otherwise) would
        undo the others: then each is stored again in its own transaction."""
        if not moves:
            return []
        try:
            with self._writing(), self.engine.begin() as c:
                now = utc_now()
                done = [c.execute(_COUNT_MOVE, {
                    "b_game": m.game_id, "b_number": m.number, "b_count": m.number + 1, "b_status": m.status,
                    "b_updated": now, "b_result": json.dumps(m.result) if m.result is not None else None,
                }).rowcount == 1 for m in moves]
                rows = [{"game_id": m.game_id, "number": m.number, "seat": m.seat, "notation": m.notation,
                         "created_at": now} for m, ok in zip(moves, done, strict=True) if ok]
                if rows:
                    c.execute(_INSERT_MOVE, rows)
                    self._announce(c, "m", {m.game_id for m, ok in zip(moves, done, strict=True) if ok})
                return done
        except IntegrityError:
            if len(moves) == 1:
                return [False]
            return [self.append_moves([move])[0] for move in moves]

    def remove_last_move(self, game_id: str, number: int) -> bool:
        """Take back move ``number`` (undo); False unless it is the game's last move."""
        with self._writing(), self.engine.begin() as c:
            done = c.execute(
                update(games_table)
                .where(games_table.c.id == game_id, games_table.c.move_count == number + 1)
                .values(move_count=number, status="playing", result=None, updated_at=utc_now()))
            if done.rowcount != 1:
                return False
            c.execute(delete(moves_table).where(moves_table.c.game_id == game_id, moves_table.c.number == number))
            self._announce(c, "u", {game_id})
        return True

    def _announce(self, c: Any, kind: str, game_ids: set[str]) -> None:
        if self.news_origin is not None:
            for game_id in sorted(game_ids):
                c.execute(_NOTIFY, {"payload": f"{self.news_origin} {kind} {game_id}"})

    def announce(self, kind: str, game_id: str) -> None:
        """Tell the other processes that ``game_id`` changed (``hanpan.web.peers``; nothing with one process)."""
        if self.news_origin is not None:
            with self.engine.begin() as c:
                self._announce(c, kind, {game_id})

    def set_seats(self, game_id: str, seats: list[str]) -> None:
        """A seat's kind changed (a person's seat taken over by a computer level)."""
        with self._writing(), self.engine.begin() as c:
            c.execute(update(games_table).where(games_table.c.id == game_id)
                      .values(seats=json.dumps(seats), updated_at=utc_now()))

    def abandon(self, game_id: str) -> None:
        """A table's game that ended unfinished: it is no longer resumed."""
        with self._writing(), self.engine.begin() as c:
            c.execute(update(games_table).where(games_table.c.id == game_id)
                      .values(status="abandoned", updated_at=utc_now()))

    # --- reads -------------------------------------------------------------------------------------
    def game(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as c:
            row = c.execute(select(games_table).where(games_table.c.id == game_id)).first()
        return _row_game(row) if row is not None else None

    def move_count(self, game_id: str) -> int | None:
        """How many moves the game has (None: no such game)."""
        with self.engine.connect() as c:
            count = c.execute(select(games_table.c.move_count).where(games_table.c.id == game_id)).scalar()
        return None if count is None else int(count)

    def token_hashes(self, game_id: str) -> dict[int, str]:
        with self.engine.connect() as c:
            rows = c.execute(select(tokens_table.c.seat, tokens_table.c.token_hash)
                             .where(tokens_table.c.game_id == game_id)).all()
        return {int(r.seat): str(r.token_hash) for r in rows}

    def moves(self, game_id: str, start: int = 0) -> list[StoredMove]:
        """The game's moves from number ``start`` on, in order."""
        with self.engine.connect() as c:
            rows = c.execute(select(moves_table.c.number, moves_table.c.seat, moves_table.c.notation)
                             .where(moves_table.c.game_id == game_id, moves_table.c.number >= start)
                             .order_by(moves_table.c.number)).all()
        return [StoredMove(int(r.number), int(r.seat), str(r.notation)) for r in rows]

    def games(self, status: Sequence[str] | None = None, limit: int = 100) -> list[StoredGame]:
        """The newest games first (optionally only those of the given statuses)."""
        query = select(games_table).order_by(games_table.c.updated_at.desc()).limit(limit)
        if status:
            query = query.where(games_table.c.status.in_(list(status)))
        with self.engine.connect() as c:
            return [_row_game(r) for r in c.execute(query).all()]

    def games_by_ids(self, ids: Sequence[str], status: Sequence[str] | None = None) -> list[StoredGame]:
        """The games of ``ids`` that exist (optionally only those of the given statuses), newest first."""
        query = select(games_table).where(games_table.c.id.in_(list(ids))).order_by(games_table.c.updated_at.desc())
        if status:
            query = query.where(games_table.c.status.in_(list(status)))
        with self.engine.connect() as c:
            return [_row_game(r) for r in c.execute(query).all()]

    def resumable_ids(self, since: datetime) -> list[str]:
        """The games in progress, changed since ``since``, with a computer seat: the ones to resume at
        start (a game of people only waits for them, and is rebuilt when one opens it)."""
        query = (select(games_table.c.id, games_table.c.seats)
                 .where(games_table.c.status == "playing", games_table.c.updated_at >= since))
        with self.engine.connect() as c:
            rows = c.execute(query).all()
        return [str(r.id) for r in rows if any(kind != "human" for kind in json.loads(r.seats))]


class _NoLock:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *_: object) -> None:
        return None
