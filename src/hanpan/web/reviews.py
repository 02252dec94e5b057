"""Game reviews and hints on the server (issue 51): ``hanpan.analysis.review`` run by the analysis lane.

A **review** is a job per (game, level): the finished game's record is cut into one task per decision
(``review.tasks``), each judged on the analysis lane (``hanpan.web.analysis_lane``: low priority, after the
computer seats of live games), and the judged decisions put together (``review.summarize``) and stored
(``hanpan.web.reviews_store``).  ``start`` begins it (idempotent: a review stored or under way is answered
as it is; only a new one counts against the client's ``analyses_per_hour``), ``answer`` tells its status and
progress, or gives the stored review.  With several server processes on one database, the process that
starts a review runs it and keeps its row's progress and heartbeat; the others read the row.

A **hint** judges the seat to move's position from its view (``review.hint``): the level's move and the
next best with their estimates.  Only where no other person plays (solo, or every other seat a computer
level); a hint is counted with the game (its record says ``hints_used``) and its lobby table, if any, is
no longer rated.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import secrets
import time
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from hanpan.agents.ladder import level_title
from hanpan.analysis.estimates import REVIEW_LEVELS, Budget, check_level
from hanpan.analysis.results import DecisionReview, Estimate
from hanpan.analysis.review import DecisionTask, summarize, tasks
from hanpan.web.analysis_lane import AnalysisLane
from hanpan.web.hub import Hub
from hanpan.web.live import HUMAN, LiveGame, MoveRefused, dumps
from hanpan.web.replays import RateLimit, Replays
from hanpan.web.reviews_store import ReviewRow, ReviewStore
from hanpan.web.settings import ServerSettings
from hanpan.web.storage import utc_now

log = logging.getLogger("hanpan.web")
#: the reviews' seed: the same game, level and budget always give the same review
SEED = 0
#: a running review's heartbeat (and progress for the other server processes), seconds
BEAT_S = 5.0
#: a running review whose heartbeat is older than this is taken to have died with its process
STALE_S = 30.0


@dataclass(eq=False)
class Job:
    """A review this process runs: its progress, or why it failed."""

    game_id: str
    level: str
    done: int = 0
    total: int = 0
    error: str | None = None
    task: asyncio.Task[None] | None = None


def _one_line(text: str, limit: int = 300) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Reviews:
    """The server's reviews and hints (one per process, beside the Hub)."""

    def __init__(self, hub: Hub, lane: AnalysisLane, settings: ServerSettings) -> None:
        self.hub = hub
        self.lane = lane
        self.settings = settings
        self.level = check_level(settings.analysis_level)
        self.budget = Budget(samples=settings.analysis_samples, alternatives=settings.analysis_alternatives)
        self.db = ReviewStore(hub.store)
        self.owner = secrets.token_hex(8)  # this process, in the rows of the reviews it runs
        self.jobs: dict[tuple[str, str], Job] = {}
        self._reviews = Replays(64)  # (game id, level) -> a stored review's JSON, read once
        self._hints = Replays(256)  # (game id, move number, seat, level) -> the hint's DecisionReview
        self.new_reviews = RateLimit(settings.analyses_per_hour, 3600.0)
        self.hint_limit = RateLimit(settings.hints_per_minute, 60.0)

    # --- reviews -----------------------------------------------------------------------------------
    @staticmethod
    def over(live: LiveGame) -> None:
        """MoveRefused(409) unless the game has ended (a review reads the whole record, seed included)."""
        if not live.state.is_over:
            raise MoveRefused(409, "this game is not over: a game is analysed once it has ended", "review_not_over")

    def levels(self) -> list[dict[str, str]]:
        return [{"name": name, "title_en": level_title(name, "en"), "title_ko": level_title(name, "ko")}
                for name in REVIEW_LEVELS]

    async def answer(self, live: LiveGame, level: str | None = None) -> dict[str, Any]:
        """The review of ``live`` by ``level`` (None: the stored one, the server's level's first, else the one
        under way): ``status`` none, running (``done`` of ``total``), done (``review``) or failed (``detail``)."""
        self.over(live)
        if level is not None:
            check_level(level)
        game_id = live.stored.id
        # the jobs before the rows: a job is forgotten only once its review is stored, so one that ends
        # between the two reads is seen running or stored, never neither
        jobs = {level_: job for (game, level_), job in self.jobs.items() if game == game_id}
        rows = {row.level: row for row in await self.hub.db(self.db.rows, game_id)}
        stale = utc_now() - timedelta(seconds=STALE_S)
        done = sorted((r for r in rows.values() if r.status == "done"),
                      key=lambda r: (r.level != self.level, -r.updated_at.timestamp()))
        order = [level] if level is not None else [r.level for r in done] + [self.level] + [
            name for name in REVIEW_LEVELS if name != self.level]
        chosen = order[0]
        status: dict[str, Any] = {"status": "none"}
        for name in order:
            found = await self._status(game_id, name, rows.get(name), stale, jobs.get(name))
            if found["status"] != "none":
                chosen, status = name, found
                break
        return {"game_id": game_id, "level": chosen, **status, "default_level": self.level,
                "reviewed": sorted(r.level for r in done), "levels": self.levels(), "available": self.lane.enabled,
                "budget": self.budget.to_json()}

    async def _status(self, game_id: str, level: str, row: ReviewRow | None, stale: datetime,
                      job: Job | None) -> dict[str, Any]:
        if row is not None and row.status == "done":
            review = self._reviews.find(f"{game_id}/{level}")
            if review is None:
                text = await self.hub.db(self.db.review_text, game_id, level)
                if text is not None:
                    parsed = json.loads(text)
                    review = self._reviews.get(f"{game_id}/{level}", lambda: parsed)
            if review is not None:
                return {"status": "done", "done": row.total, "total": row.total, "review": review}
        if job is not None and job.error is None:
            return {"status": "running", "done": job.done, "total": job.total}
        if row is not None and row.status == "running" and row.owner != self.owner and row.updated_at >= stale:
            return {"status": "running", "done": row.done, "total": row.total}  # another process runs it
        if job is not None and job.error is not None:
            return {"status": "failed", "detail": job.error}
        return {"status": "none"}

    async def start(self, live: LiveGame, level: str | None, client: str) -> tuple[int, dict[str, Any]]:
        """Start the review of ``live`` by ``level`` (the server's unless given); the HTTP status (202 when
        started, 200 when it was stored or under way already) and :meth:`answer`."""
        self.over(live)
        level = check_level(level or self.level)
        if not self.lane.enabled:
            raise MoveRefused(503, "analysis is off on this server (hanpan serve --analysis-workers 0)", "analysis_off")
        now = await self.answer(live, level)
        if now["status"] in ("done", "running"):
            return 200, now
        wait = self.new_reviews.wait(client)
        if wait > 0:
            raise MoveRefused(429, f"too many game reviews started from your address; try again in {wait:.0f} s",
                              "review_rate", {"wait": int(f"{wait:.0f}")})
        game_id = live.stored.id
        record = live.record()
        stale = utc_now() - timedelta(seconds=STALE_S)
        if not await self.hub.db(self.db.claim, game_id, level, self.owner, stale):
            return 200, await self.answer(live, level)  # another process began it meanwhile
        job = self.jobs[(game_id, level)] = Job(game_id, level)
        job.task = asyncio.get_running_loop().create_task(self._run(job, record))
        return 202, await self.answer(live, level)

    async def _run(self, job: Job, record: dict[str, Any]) -> None:
        began = time.monotonic()
        beat: asyncio.Task[None] | None = None
        try:
            work = await asyncio.to_thread(tasks, record, job.level, None, self.budget, SEED)
            job.total = len(work)
            await self.hub.db(self.db.beat, job.game_id, job.level, self.owner, 0, job.total)
            beat = asyncio.get_running_loop().create_task(self._beat(job))
            judged: list[DecisionReview] = []
            for task in work:
                judged.append(await self.lane.run(task))
                job.done += 1
            review = await asyncio.to_thread(summarize, record, judged, job.level, None, self.budget, SEED)
            data = review.to_json()
            if not await self.hub.db(self.db.finish, job.game_id, job.level, self.owner, dumps(data)):
                log.warning("game %s: the review by %s was taken over by another process", job.game_id, job.level)
            self._reviews.get(f"{job.game_id}/{job.level}", lambda: data)
            del self.jobs[(job.game_id, job.level)]
            log.info("game %s reviewed by %s: %d decisions in %.1f s", job.game_id, job.level, job.total,
                     time.monotonic() - began)
        except asyncio.CancelledError:
            raise
        except Exception as e:
            log.exception("game %s: the review by %s failed", job.game_id, job.level)
            job.error = _one_line(f"the review failed: {e}")
            with suppress(Exception):
                await self.hub.db(self.db.give_up, job.game_id, job.level, self.owner)
        finally:
            if beat is not None:
                beat.cancel()

    async def _beat(self, job: Job) -> None:
        while True:
            await asyncio.sleep(BEAT_S)
            with suppress(Exception):
                await self.hub.db(self.db.beat, job.game_id, job.level, self.owner, job.done, job.total)

    async def close(self) -> None:
        """Stop the reviews under way (their rows go: another process, or this one restarted, may begin
        them again) and the lane's workers."""
        running = [job.task for job in self.jobs.values() if job.task is not None and not job.task.done()]
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        self.lane.close()
        if running:
            with suppress(Exception):
                await self.hub.db(self.db.release, self.owner)

    # --- hints -------------------------------------------------------------------------------------
    async def hint(self, live: LiveGame, seat: int, level: str | None, lang: str,
                   client: str) -> tuple[dict[str, Any], bool]:
        """The level's best move for ``seat`` (to move) and the next best, with their estimates; and whether
        the game's lobby table stopped being rated by it."""
        state = live.state
        if live.abandoned or state.is_over:
            raise MoveRefused(409, "the game is over: there is no move to hint at", "hint_over")
        people = [s for s, kind in enumerate(live.stored.seats) if s != seat and kind == HUMAN]
        if people:
            raise MoveRefused(409, f"hints are given only when no other person plays (solo, or every other seat "
                                   f"a computer level); seat {people[0] + 1} is a person's", "hint_people",
                              {"seat": people[0] + 1})
        if state.current_player != seat:
            raise MoveRefused(409, f"a hint is for the seat to move; seat {state.current_player} is to move",
                              "hint_not_to_move", {"seat": str(state.current_player)})
        level = check_level(level or self.level)
        if not self.lane.enabled:
            raise MoveRefused(503, "hints are off on this server (hanpan serve --analysis-workers 0)", "hints_off")
        number = live.move_number
        key = f"{live.stored.id}/{number}/{seat}/{level}"
        review: DecisionReview | None = self._hints.find(key)
        unrated = False
        if review is None:
            wait = self.hint_limit.wait(client)
            if wait > 0:
                raise MoveRefused(429, f"too many hints asked from your address; try again in {wait:.0f} s",
                                  "hint_rate", {"wait": int(f"{wait:.0f}")})
            # the seed and number of this decision's review: the level's move is the one its review will name
            budget = dataclasses.replace(self.budget, alternatives=max(1, self.budget.alternatives))  # a next best
            task = DecisionTask(live.stored.game, state.to_json(), seat, None, level, budget, SEED, number + 1)
            thought = await self.lane.run(task, urgent=True)
            review = self._hints.get(key, lambda: thought)
            await self.hub.db(self.db.hint_given, live.stored.id, seat, number)
            if live.table_id is not None:
                unrated = await self.hub.db(self.db.unrate_table, live.stored.id)
        if live.move_number != number:
            raise MoveRefused(409, "the game moved on while the hint was thought; ask again", "hint_moved")
        assert review is not None
        count = len(await self.hub.db(self.db.hint_seats, live.stored.id))

        def estimate(e: Estimate | None, move: str) -> dict[str, Any]:
            text = str(live.render.describe(state, state.parse_action(move), lang))
            return {"move": move, "text": text, **({} if e is None else {k: v for k, v in e.to_json().items()
                                                                        if k != "move"})}

        best = estimate(review.best, review.choice)
        following = review.next_best
        return ({"game_id": live.stored.id, "move_number": number, "seat": seat, "level": level, "unit": review.unit,
                 "method": review.method, "legal": review.legal, "best": best,
                 "next_best": estimate(following, following.move) if following is not None else None,
                 "hints_used": count > 0}, unrated)

    async def hint_seats(self, game_id: str) -> list[int]:
        return await self.hub.db(self.db.hint_seats, game_id)
