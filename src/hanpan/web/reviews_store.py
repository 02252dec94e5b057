"""Game reviews and hints in the database (migration ``0004_reviews_hints``).

- ``game_reviews``: one row per (game, reviewing level).  While a server process reviews the game the row
  is ``running`` with its progress (``done`` of ``total`` decisions), the process's id (``owner``) and a
  heartbeat (``updated_at``, renewed every few seconds); then ``done`` with the review's JSON
  (``hanpan.review/1``), kept for good: a second visit, and the replay link shared, show it at once.  A
  ``running`` row whose heartbeat stopped (its process died) may be claimed again.
- ``game_hints``: the seats that asked for hints in a game (how many, from which move); the game's record
  says so (``hints_used``), and a lobby table's game with a hint is not rated (``unrate_table``).

>>> from datetime import timedelta
>>> from hanpan.web.storage import Store, StoredGame
>>> store = Store("sqlite://")
>>> store.create_game(StoredGame("g1", "spirits_of_the_wild", {}, 7, ["human", "greedy"]), {})
>>> reviews = ReviewStore(store)
>>> long_ago = utc_now() - timedelta(seconds=30)
>>> reviews.claim("g1", "hard", "proc-a", long_ago), reviews.claim("g1", "hard", "proc-b", long_ago)
(True, False)
>>> reviews.beat("g1", "hard", "proc-a", 3, 40); [(r.status, r.done, r.total) for r in reviews.rows("g1")]
[('running', 3, 40)]
>>> reviews.finish("g1", "hard", "proc-a", '{"format": "hanpan.review/1"}'), reviews.review_text("g1", "hard")
(True, '{"format": "hanpan.review/1"}')
>>> reviews.hint_given("g1", 0, 5), reviews.hint_given("g1", 0, 9), reviews.hint_seats("g1")
(1, 2, [0])
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import Column, DateTime, ForeignKey, Integer, String, Table, Text, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from hanpan.web.schema import lobby_tables_table
from hanpan.web.storage import metadata, utc, utc_now

if TYPE_CHECKING:
    from hanpan.web.storage import Store

reviews_table = Table(
    "game_reviews", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("level", String(40), primary_key=True),  # the reviewing level
    Column("status", String(12), nullable=False),  # running, done
    Column("done", Integer, nullable=False),  # decisions judged so far
    Column("total", Integer, nullable=False),  # decisions to judge (0 until counted)
    Column("owner", String(32), nullable=False),  # the server process that runs (or ran) it
    Column("review", Text, nullable=True),  # hanpan.review/1 JSON, once done
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),  # the running one's heartbeat
)

hints_table = Table(
    "game_hints", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("count", Integer, nullable=False),  # hints given to the seat
    Column("first_move", Integer, nullable=False),  # the move number of its first hint
    Column("updated_at", DateTime(timezone=True), nullable=False),
)


@dataclass(frozen=True)
class ReviewRow:
    """A review's row without its JSON: its level, status, progress, owner and heartbeat."""

    level: str
    status: str
    done: int
    total: int
    owner: str
    updated_at: datetime


class ReviewStore:
    """The reviews' and hints' reads and writes (each one short transaction: call from a thread)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    def rows(self, game_id: str) -> list[ReviewRow]:
        t = reviews_table
        with self.engine.connect() as c:
            found = c.execute(select(t.c.level, t.c.status, t.c.done, t.c.total, t.c.owner, t.c.updated_at)
                              .where(t.c.game_id == game_id)).all()
        return [ReviewRow(r.level, r.status, r.done, r.total, r.owner, utc(r.updated_at)) for r in found]

    def review_text(self, game_id: str, level: str) -> str | None:
        """The finished review's JSON text, or None."""
        t = reviews_table
        with self.engine.connect() as c:
            row = c.execute(select(t.c.review).where(t.c.game_id == game_id, t.c.level == level,
                                                     t.c.status == "done")).first()
        return None if row is None or row.review is None else str(row.review)

    def claim(self, game_id: str, level: str, owner: str, stale_before: datetime) -> bool:
        """Take the review of (game, level) for ``owner``: a new row, or a running one whose heartbeat is
        older than ``stale_before`` (its process died); False when it is done or runs elsewhere."""
        t = reviews_table
        now = utc_now()
        try:
            with self.store._writing(), self.engine.begin() as c:
                c.execute(insert(t).values(game_id=game_id, level=level, status="running", done=0, total=0,
                                           owner=owner, review=None, created_at=now, updated_at=now))
            return True
        except IntegrityError:
            pass
        with self.store._writing(), self.engine.begin() as c:
            taken = c.execute(update(t).where(t.c.game_id == game_id, t.c.level == level, t.c.status == "running",
                                              t.c.updated_at < stale_before)
                              .values(owner=owner, done=0, total=0, updated_at=now))
        return taken.rowcount == 1

    def beat(self, game_id: str, level: str, owner: str, done: int, total: int) -> None:
        """The running review's progress and heartbeat."""
        t = reviews_table
        with self.store._writing(), self.engine.begin() as c:
            c.execute(update(t).where(t.c.game_id == game_id, t.c.level == level, t.c.owner == owner,
                                      t.c.status == "running").values(done=done, total=total, updated_at=utc_now()))

    def finish(self, game_id: str, level: str, owner: str, review: str) -> bool:
        """Store the finished review (False: another process had taken it over)."""
        t = reviews_table
        with self.store._writing(), self.engine.begin() as c:
            done = c.execute(update(t).where(t.c.game_id == game_id, t.c.level == level, t.c.owner == owner,
                                             t.c.status == "running")
                             .values(status="done", review=review, done=t.c.total, updated_at=utc_now()))
        return done.rowcount == 1

    def give_up(self, game_id: str, level: str, owner: str) -> None:
        """A running review that failed or stopped: its row goes (it may be asked for again)."""
        t = reviews_table
        with self.store._writing(), self.engine.begin() as c:
            c.execute(delete(t).where(t.c.game_id == game_id, t.c.level == level, t.c.owner == owner,
                                      t.c.status == "running"))

    def release(self, owner: str) -> None:
        """Every review ``owner`` was running, given up (the process is stopping)."""
        t = reviews_table
        with self.store._writing(), self.engine.begin() as c:
            c.execute(delete(t).where(t.c.owner == owner, t.c.status == "running"))

    # --- hints -------------------------------------------------------------------------------------
    def hint_given(self, game_id: str, seat: int, move_number: int) -> int:
        """Count a hint given to ``seat``; returns how many it has had."""
        t = hints_table
        now = utc_now()
        with self.store._writing(), self.engine.begin() as c:
            changed = c.execute(update(t).where(t.c.game_id == game_id, t.c.seat == seat)
                                .values(count=t.c.count + 1, updated_at=now))
            if changed.rowcount == 0:
                try:
                    with c.begin_nested():
                        c.execute(insert(t).values(game_id=game_id, seat=seat, count=1, first_move=move_number,
                                                   updated_at=now))
                except IntegrityError:  # two at once: the other made the row
                    c.execute(update(t).where(t.c.game_id == game_id, t.c.seat == seat)
                              .values(count=t.c.count + 1, updated_at=now))
            row = c.execute(select(t.c.count).where(t.c.game_id == game_id, t.c.seat == seat)).first()
        return int(row[0]) if row is not None else 1

    def hint_seats(self, game_id: str) -> list[int]:
        """The seats that had hints in the game, in order."""
        t = hints_table
        with self.engine.connect() as c:
            found = c.execute(select(t.c.seat).where(t.c.game_id == game_id).order_by(t.c.seat)).all()
        return [int(r.seat) for r in found]

    def unrate_table(self, game_id: str) -> bool:
        """The lobby table whose game this is is no longer rated; True when it was."""
        t = lobby_tables_table
        with self.store._writing(), self.engine.begin() as c:
            done = c.execute(update(t).where(t.c.game_id == game_id, t.c.rated.is_(True)).values(rated=False))
        return done.rowcount > 0
