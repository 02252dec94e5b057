"""The analysis lane (``hanpan.web.analysis_lane``): a review's decisions start only while the computer seats'
scheduler is idle, hints go first and need not wait, and no more than its workers run at once.  The work is
a stand-in on threads (no processes), driven by the test: nothing here depends on timing."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from hanpan.analysis.results import DecisionReview
from hanpan.analysis.review import DecisionTask
from hanpan.web.analysis_lane import AnalysisLane


class Seats:
    """A stand-in for the computer seats' scheduler: idle or not, as the test says."""

    def __init__(self) -> None:
        self.idle = False


def task(name: str) -> DecisionTask:
    return DecisionTask("spirits_of_the_wild", {"name": name}, 0, None, "greedy")


class Work:
    """Records what starts and holds each until the test lets it end."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.gates: dict[str, threading.Event] = {}
        self.lock = threading.Lock()

    def __call__(self, job: DecisionTask) -> DecisionReview:
        name = str(job.position["name"])
        with self.lock:
            gate = self.gates.setdefault(name, threading.Event())
            self.started.append(name)
        gate.wait(30)
        return DecisionReview(0, 0, 0, 1, "win", name)

    def release(self, name: str) -> None:
        with self.lock:
            self.gates.setdefault(name, threading.Event()).set()


async def until(check: Any) -> None:
    for _ in range(2000):
        if check():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("waited in vain")


def test_reviews_wait_for_idle_computer_seats_and_hints_go_first() -> None:
    async def scenario() -> None:
        seats, work = Seats(), Work()
        pool = ThreadPoolExecutor(max_workers=4)
        lane = AnalysisLane(1, seats, pool=pool, work=work)  # type: ignore[arg-type]
        review_a = asyncio.ensure_future(lane.run(task("review-a")))
        review_b = asyncio.ensure_future(lane.run(task("review-b")))
        await asyncio.sleep(0.6)  # over two looks at the seats: still busy, so nothing of the reviews starts
        assert work.started == [] and lane.waiting == 2
        hint = asyncio.ensure_future(lane.run(task("hint"), urgent=True))
        await until(lambda: work.started == ["hint"])  # a hint does not wait for the seats, and goes first
        seats.idle = True
        work.release("hint")
        assert (await hint).choice == "hint"
        await until(lambda: work.started == ["hint", "review-a"])  # one at a time: the lane has one worker
        assert lane.waiting == 1
        work.release("review-a")
        work.release("review-b")
        assert [(await review_a).choice, (await review_b).choice] == ["review-a", "review-b"]
        assert work.started == ["hint", "review-a", "review-b"]
        lane.close()
        pool.shutdown()

    asyncio.run(scenario())


def test_a_lane_without_workers_is_off_and_an_unused_scheduler_is_idle() -> None:
    from hanpan.web.bots import BotScheduler

    assert not AnalysisLane(0, None).enabled
    assert BotScheduler(1).idle and not BotScheduler(0).idle
