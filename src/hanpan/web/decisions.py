"""The computer seats' decisions as a queue in the database, for ``hanpan bots`` services.

A server started with ``--bot-workers 0`` thinks for no computer seat itself: the process hosting a game
puts each decision its computer seat must make in ``bot_decisions`` (the position as JSON, the seat, the
level, the seed and the move number: all a worker needs, see ``hanpan.web.bots.choose_move``) and waits
for its answer.  Any number of ``hanpan bots --db URL`` services, on any machine reaching the database,
take decisions from the queue, oldest first, and write the notation back; the host checks it, stores
the move as any other and pushes it.

Taking a decision is a guarded update (``claim``): a service takes a row only while nobody holds it or
its holder's lease ran out, so a decision is made by one service at a time, and a service that dies
(its lease not renewed) leaves it to another.  Each game has at most one row: its seat to move's
decision at the game's move number.

>>> from hanpan.web.storage import Store
>>> store = Store("sqlite://")
>>> queue = Decisions(store)
>>> queue.ask(Decision("g1", 4, "harmonies", "greedy", 1, 2, 7, "{}"))
>>> [d.game_id for d in queue.waiting()]
['g1']
>>> queue.claim("g1", 4, "service-a", lease_s=60), queue.claim("g1", 4, "service-b", lease_s=60)
(True, False)
>>> queue.answer("g1", 4, "service-a", "take3"), queue.answer_of("g1", 4)
(True, 'take3')
>>> queue.forget("g1"); queue.answer_of("g1", 4) is None
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import Column, DateTime, Integer, String, Table, Text, delete, insert, or_, select, text, update
from sqlalchemy.exc import IntegrityError

from hanpan.web.peers import BOTS_CHANNEL, CHANNEL, DECIDED
from hanpan.web.storage import metadata, utc_now

if TYPE_CHECKING:
    from hanpan.web.storage import Store

decisions_table = Table(
    "bot_decisions", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("number", Integer, nullable=False),  # the game's move number the decision is for
    Column("game", String(40), nullable=False),
    Column("level", String(40), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", Text, nullable=False),  # the game's seed (text: any size)
    Column("position", Text, nullable=False),  # the state's JSON
    Column("created_at", DateTime(timezone=True), nullable=False, index=True),
    Column("claimed_by", String(40), nullable=True),
    Column("claimed_until", DateTime(timezone=True), nullable=True),
    Column("notation", String(200), nullable=True),  # the answer
)


@dataclass(frozen=True)
class Decision:
    """A decision to make: everything a worker needs (``position`` is the state's JSON text)."""

    game_id: str
    number: int
    game: str
    level: str
    seat: int
    players: int
    seed: int
    position: str

    def choose_args(self) -> tuple[Any, ...]:
        """``hanpan.web.bots.choose_move``'s arguments."""
        return (self.game, json.loads(self.position), self.seat, self.level, self.seed, self.number)


class Decisions:
    """The queue's reads and writes (each one short transaction: call from a thread)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    def ask(self, decision: Decision) -> None:
        """Queue ``decision`` (the game's one row: an older one, never answered, is replaced)."""
        row = {"game_id": decision.game_id, "number": decision.number, "game": decision.game,
               "level": decision.level, "seat": decision.seat, "players": decision.players,
               "seed": str(decision.seed), "position": decision.position, "created_at": utc_now(),
               "claimed_by": None, "claimed_until": None, "notation": None}
        try:
            with self.store._writing(), self.engine.begin() as c:
                c.execute(delete(decisions_table).where(decisions_table.c.game_id == decision.game_id))
                c.execute(insert(decisions_table).values(**row))
                if not self.store.is_sqlite:  # wake the services (SQLite's poll the queue)
                    c.execute(text(f"SELECT pg_notify('{BOTS_CHANNEL}', '')"))
        except IntegrityError:  # asked twice at once: one row is enough
            return

    def waiting(self, limit: int = 16) -> list[Decision]:
        """The oldest decisions nobody is making (unclaimed, or their lease ran out)."""
        t = decisions_table
        free = or_(t.c.claimed_until.is_(None), t.c.claimed_until < utc_now())
        query = select(t).where(t.c.notation.is_(None), free).order_by(t.c.created_at).limit(limit)
        with self.engine.connect() as c:
            rows = c.execute(query).all()
        return [Decision(r.game_id, r.number, r.game, r.level, r.seat, r.players, int(r.seed), r.position)
                for r in rows]

    def claim(self, game_id: str, number: int, by: str, lease_s: float) -> bool:
        """Take the decision for ``lease_s`` seconds (renew it with ``claim`` again); False when another
        service holds it or it is gone."""
        t = decisions_table
        now = utc_now()
        with self.store._writing(), self.engine.begin() as c:
            done = c.execute(
                update(t).where(t.c.game_id == game_id, t.c.number == number, t.c.notation.is_(None),
                                or_(t.c.claimed_by == by, t.c.claimed_until.is_(None), t.c.claimed_until < now))
                .values(claimed_by=by, claimed_until=now + timedelta(seconds=lease_s)))
        return done.rowcount == 1

    def answer(self, game_id: str, number: int, by: str, notation: str) -> bool:
        """Write the answer of a decision ``by`` holds; False if it was given up or taken by another."""
        t = decisions_table
        with self.store._writing(), self.engine.begin() as c:
            done = c.execute(update(t).where(t.c.game_id == game_id, t.c.number == number, t.c.claimed_by == by,
                                             t.c.notation.is_(None)).values(notation=notation))
            if done.rowcount == 1 and not self.store.is_sqlite:  # wake the game's host
                c.execute(text(f"SELECT pg_notify('{CHANNEL}', :payload)"), {"payload": f"{by} {DECIDED} {game_id}"})
        return done.rowcount == 1

    def answer_of(self, game_id: str, number: int) -> str | None:
        t = decisions_table
        with self.engine.connect() as c:
            row = c.execute(select(t.c.notation).where(t.c.game_id == game_id, t.c.number == number)).first()
        return None if row is None or row.notation is None else str(row.notation)

    def forget(self, game_id: str) -> None:
        """The game's decision is used (or no longer wanted)."""
        with self.store._writing(), self.engine.begin() as c:
            c.execute(delete(decisions_table).where(decisions_table.c.game_id == game_id))
