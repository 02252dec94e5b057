"""The computer seats' scheduler (issue 50): fair between games, never oversubscribed, turns go on."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from hanpan.web.bots import BotScheduler, processes_of


def test_a_level_that_thinks_on_both_cores_counts_as_two_processes() -> None:
    assert processes_of("master", "harmonies", 4) == 2
    assert processes_of("master", "four_gardens", 3) == 1
    assert processes_of("greedy", "harmonies", 4) == processes_of("human?", "harmonies", 2) == 1


class Work:
    """A stand-in for a worker's decision: ``master`` takes 0.5 s, ``greedy`` 0.01 s; it records how many
    processes are busy at once (a ``master`` counting two)."""

    def __init__(self) -> None:
        self.busy = 0
        self.most = 0
        self.lock = threading.Lock()

    def __call__(self, game: str, position: object, seat: int, kind: str, seed: int, number: int) -> str:
        weight = processes_of(kind, game, 4)
        with self.lock:
            self.busy += weight
            self.most = max(self.most, self.busy)
        time.sleep(0.5 if kind == "master" else 0.01)
        with self.lock:
            self.busy -= weight
        return f"{kind} {number}"


def test_a_cheap_seats_turn_is_not_stuck_behind_eight_games_of_expensive_ones() -> None:
    """The attack: 8 Harmonies games of 4 ``master`` seats beside one ``greedy`` game made greedy's turn
    take 30-43 s (a first-come pool, each master also starting 2 processes of its own)."""
    work = Work()

    async def scenario() -> tuple[float, list[float]]:
        scheduler = BotScheduler(2, ThreadPoolExecutor(2), work=work)

        async def masters(game: str) -> None:
            for number in range(6):
                await scheduler.decide(game, "master", 4, "harmonies", None, 0, "master", 1, number)

        async def greedy_turns() -> list[float]:
            turns = []
            await asyncio.sleep(0.2)  # the masters are all waiting by then
            for turn in range(8):  # spread over the masters' run: long after their decisions are overdue
                began = time.monotonic()
                for number in range(4):  # a turn of four decisions
                    await scheduler.decide("greedy-game", "greedy", 4, "harmonies", None, 0, "greedy", 1,
                                           turn * 4 + number)
                turns.append(time.monotonic() - began)
                await asyncio.sleep(2.0)  # the next turn comes after the other seats' moves
            return turns

        began = time.monotonic()
        tasks = [asyncio.create_task(masters(f"master-{g}")) for g in range(8)]
        turns = await greedy_turns()
        await asyncio.gather(*tasks)
        scheduler.close()
        return time.monotonic() - began, turns

    total, turns = asyncio.run(scenario())
    assert work.most <= 2  # never more processes busy than the pool has
    # each greedy turn waits at most for the master decision under way (0.5 s), then its four decisions
    # go on back to back on the processes kept for it
    assert max(turns) < 1.2, turns
    assert total >= 8 * 6 * 0.5 * 0.9  # the masters ran one at a time (each on both processes)


def test_a_long_waiting_decision_is_not_passed_for_ever() -> None:
    """Three games of cheap decisions keep the processes busy; an expensive decision that needs both waits
    only until the cheap games' usage outweighs it (about its own expected cost, 1 worker second), then the
    processes are kept for it (it waited ``patience``) until both are free."""
    work = Work()

    async def scenario() -> float:
        scheduler = BotScheduler(2, ThreadPoolExecutor(2), work=work, patience=0.3)
        stop = asyncio.Event()

        async def chatter(game: str) -> None:
            number = 0
            while not stop.is_set():
                await scheduler.decide(game, "greedy", 4, "harmonies", None, 0, "greedy", 1, number)
                number += 1

        cheap = [asyncio.create_task(chatter(f"cheap-{g}")) for g in range(3)]
        await asyncio.sleep(0.05)
        began = time.monotonic()
        await scheduler.decide("big", "master", 4, "harmonies", None, 0, "master", 1, 0)
        waited = time.monotonic() - began
        stop.set()
        await asyncio.gather(*cheap)
        scheduler.close()
        return waited

    waited = asyncio.run(scenario())
    assert waited < 4.0  # about 1 s of the cheap games' usage, then the drain and its own 0.5 s
    assert work.most <= 2


def test_games_of_long_searches_still_move_while_quick_games_play_without_pause() -> None:
    """A stream of quick games (a new one as soon as one ends, as a busy lobby makes) must not stop the
    long searches: each game gets its share of the workers' time, a new game no back credit."""
    work = Work()

    async def scenario() -> tuple[int, float]:
        scheduler = BotScheduler(2, ThreadPoolExecutor(2), work=work)
        made = 0
        stop = asyncio.Event()

        async def masters(game: str) -> None:
            nonlocal made
            number = 0
            while not stop.is_set():
                await scheduler.decide(game, "master", 4, "harmonies", None, 0, "master", 1, number)
                made += 1
                number += 1

        async def quick_games() -> float:
            slowest = 0.0
            for game in range(1000):
                for number in range(40):  # a short game of quick decisions, then the next game
                    began = time.monotonic()
                    await scheduler.decide(f"quick-{game}", "greedy", 4, "harmonies", None, 0, "greedy", 1,
                                           number)
                    slowest = max(slowest, time.monotonic() - began)
                if stop.is_set():
                    return slowest
            return slowest

        tasks = [asyncio.create_task(masters(f"master-{g}")) for g in range(4)]
        quick = asyncio.create_task(quick_games())
        await asyncio.sleep(8.0)
        stop.set()
        slowest = await quick
        await asyncio.gather(*tasks)
        scheduler.close()
        return made, slowest

    made, slowest = asyncio.run(scenario())
    assert made >= 5  # the masters' decisions go on (each 0.5 s on both processes)
    assert slowest < 3.0  # a quick decision waits at most while the masters catch up their share
    assert work.most <= 2


def test_a_quick_decision_runs_on_the_quick_lane_while_a_long_search_holds_every_worker() -> None:
    """A search cannot be interrupted: without the quick lane a greedy seat waited for a master decision
    under way (abuse.py: 2 of 496 turns over 3 s).  With it, the greedy decision is made while the search
    still runs, on the one extra process kept for quick decisions."""
    gate = threading.Event()  # the master decision runs until the test lets it end
    ran_on: dict[tuple[str, int], str] = {}  # each decision's thread (the master's may start after the greedy's)

    def work(game: str, position: object, seat: int, kind: str, seed: int, number: int) -> str:
        ran_on[(kind, number)] = threading.current_thread().name
        if kind == "master":
            gate.wait(30)
        return f"{kind} {number}"

    async def scenario() -> tuple[str, bool]:
        scheduler = BotScheduler(2, ThreadPoolExecutor(2, thread_name_prefix="worker"), work=work,
                                 quick_pool=ThreadPoolExecutor(1, thread_name_prefix="quick"))
        await scheduler.decide("g", "greedy", 4, "harmonies", None, 0, "greedy", 1, 0)  # its cost is learned
        master = asyncio.create_task(scheduler.decide("m", "master", 4, "harmonies", None, 0, "master", 1, 0))
        while scheduler.free:  # the master decision has both workers
            await asyncio.sleep(0.01)
        made = await asyncio.wait_for(scheduler.decide("g", "greedy", 4, "harmonies", None, 0, "greedy", 1, 1), 20)
        still_searching = not master.done()
        gate.set()
        await master
        scheduler.close()
        return made, still_searching

    made, still_searching = asyncio.run(scenario())
    assert made == "greedy 1" and still_searching
    assert ran_on[("greedy", 1)].startswith("quick")  # the greedy decision after the master began: quick lane


def test_without_a_quick_lane_the_quick_decision_waits_for_the_search() -> None:
    """The same scheduler given only its workers' pool has no quick lane: the greedy decision waits."""
    gate = threading.Event()

    def work(game: str, position: object, seat: int, kind: str, seed: int, number: int) -> str:
        if kind == "master":
            gate.wait(30)
        return f"{kind} {number}"

    async def scenario() -> bool:
        scheduler = BotScheduler(2, ThreadPoolExecutor(2), work=work)
        await scheduler.decide("g", "greedy", 4, "harmonies", None, 0, "greedy", 1, 0)
        master = asyncio.create_task(scheduler.decide("m", "master", 4, "harmonies", None, 0, "master", 1, 0))
        while scheduler.free:
            await asyncio.sleep(0.01)
        greedy = asyncio.create_task(scheduler.decide("g", "greedy", 4, "harmonies", None, 0, "greedy", 1, 1))
        await asyncio.sleep(0.3)
        waiting = not greedy.done()
        gate.set()
        await asyncio.gather(master, greedy)
        scheduler.close()
        return waiting

    assert asyncio.run(scenario())
