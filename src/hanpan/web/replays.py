"""Replays served cheaply: a game's moves are replayed once and kept, and new records are rate-limited.

The replay page asks for one step at a time (``move=N``), so replaying from the start on every request
cost a whole game's moves per step, and an 823-move record cost ~0.5 s of CPU per request.  A
:class:`Replay` replays the moves once: it keeps every move's log entry (the described texts are the
costly part) and a copy of the state every :data:`CHECKPOINT` moves; a step is then a copy and at
most ``CHECKPOINT - 1`` moves applied.  :class:`Replays` keeps the most recent ones (finished games by
id, records by the hash of their contents); :class:`RateLimit` bounds how many *new* records one
client may have replayed in a minute.

>>> import hanpan
>>> from hanpan.web.storage import StoredGame
>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=3)
>>> moves = []
>>> for _ in range(20):
...     action = state.legal_actions()[0]
...     moves.append(str(action))
...     state.apply(action)
>>> replay = Replay(StoredGame("r", "spirits_of_the_wild", {}, 3, ["human", "human"]), moves)
>>> replay.body(20, None, "en")["move_number"], replay.body(13, 0, "en")["move_number"]
(20, 13)
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from hanpan.core.contract import State
from hanpan.core.errors import HanpanError, IllegalActionError
from hanpan.web.live import LiveGame, LogEntry
from hanpan.web.storage import StoredGame, StoredMove
from hanpan.web.throttle import Window

#: a copy of the state is kept every this many moves
CHECKPOINT = 8
#: moves a record may hold to be replayed here (the longest real games have a few hundred)
MAX_REPLAY_MOVES = 3000


class Replay:
    """One game's moves replayed once; :meth:`body` shows any step of it."""

    def __init__(self, stored: StoredGame, notations: Sequence[str]) -> None:
        live = LiveGame.rebuild(stored, [])
        self.stored = stored
        self.total = len(notations)
        self._checkpoints: list[State] = [live.state.clone()]
        self._actions = []
        for number, text in enumerate(notations):
            mover = live.state.current_player
            try:
                action = live.state.parse_action(text)
            except HanpanError as e:
                raise IllegalActionError(f"move {number + 1} ({text!r}): {e}") from None
            assert mover is not None
            live._advance(action, StoredMove(number, mover, text))
            self._actions.append(action)
            if (number + 1) % CHECKPOINT == 0:
                self._checkpoints.append(live.state.clone())
        self._moves: list[StoredMove] = live.moves
        self._log: list[LogEntry] = live.log
        self._render = live.render

    def body(self, upto: int, seat: int | None, lang: str, choices: bool = False) -> dict[str, Any]:
        """The body of the replay at move ``upto`` (0 = the start), seen by ``seat`` or the table;
        ``choices``: with the seat's legal moves and their hints when it is to move there (the review's
        page draws the move played and the level's beside it)."""
        upto = max(0, min(upto, self.total))
        base = upto // CHECKPOINT
        state = self._checkpoints[base].clone()
        for action in self._actions[base * CHECKPOINT:upto]:
            state.apply(action)
        live = LiveGame(self.stored, state, self._moves[:upto], self._log[:upto], self._render)
        body = live.body(seat, lang)
        if choices and seat is not None and seat == state.current_player:
            return {**body, "can_undo": False, "total_moves": self.total}
        return {**body, "legal": [], "hints": {}, "can_undo": False, "total_moves": self.total}


def record_key(record: dict[str, Any]) -> str:
    """The cache key of a record: the hash of its contents (the same file, the same replay)."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "record:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


class Replays:
    """The most recently used replays (``size`` of them), built once each (thread-safe).

    >>> replays = Replays(size=2)
    >>> made = []
    >>> def build(name):
    ...     made.append(name)
    ...     return name.upper()
    >>> [replays.get(k, lambda k=k: build(k)) for k in ("a", "b", "a", "c", "b")]
    ['A', 'B', 'A', 'C', 'B']
    >>> made  # "b" was the least recently used when "c" came
    ['a', 'b', 'c', 'b']
    """

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._kept: OrderedDict[str, Any] = OrderedDict()
        self._lock = threading.Lock()

    def find(self, key: str) -> Any | None:
        """The one kept under ``key``, or None."""
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
            return self._kept.get(key)

    def get(self, key: str, build: Callable[[], Any]) -> Any:
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        made = build()  # outside the lock: two first requests may both build; the second is kept
        with self._lock:
            self._kept[key] = made
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return made


class RateLimit:
    """At most ``count`` events per key in ``window`` seconds, in memory; asking counts (a
    :class:`~hanpan.web.throttle.Window` checked and counted at once).

    >>> clock = [0.0]
    >>> limit = RateLimit(2, 60.0, now=lambda: clock[0])
    >>> limit.wait("10.0.0.1"), limit.wait("10.0.0.1"), limit.wait("10.0.0.1")
    (0.0, 0.0, 60.0)
    >>> clock[0] = 61.0
    >>> limit.wait("10.0.0.1")
    0.0
    """

    def __init__(self, count: int, window: float, now: Callable[[], float] = time.monotonic) -> None:
        self._window = Window(count, window, now)
        self._lock = threading.Lock()

    def wait(self, key: str) -> float:
        """0 if ``key`` may have one more event now (it is counted); else the seconds until it may."""
        with self._lock:
            waiting = self._window.wait(key)
            if not waiting:
                self._window.add(key)
            return waiting

