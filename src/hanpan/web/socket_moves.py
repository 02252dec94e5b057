"""Moves on the game's WebSocket: the socket a page keeps open for its pushes carries its moves too.

A move POSTed costs the server a new connection at human pace, the whole HTTP stack and an answer body the
page gets anyway as a push; on the socket it is one short JSON text each way (issue 63 §3). The page sends

    {"op": "move", "move": "<notation>", "move_number": N, "ref": "<its own id, ≤ 40 characters>"}

and, after the pushes the move caused, gets ``{"answer": ref, "status": 200, "move_number": M}`` (M: the
number now to be played) or the refusal a POST would get, with its status: ``{"answer": ref, "status":
409, "detail": …, "code": …, "params": …}`` (``hanpan.web.errors``). Each move is checked as a POST's is,
at that moment: the seat the socket's credentials open *now* (a session ended by a ban or a seat taken over
moves no more), the move's number, the rules.

>>> budget = MessageBudget(per_second=1.0, burst=2)
>>> [budget.allow(at) for at in (0.0, 0.1, 0.2, 1.3, 1.4)]
[True, True, False, True, False]
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from hanpan.core.errors import HanpanError
from hanpan.web.errors import Refusal, answer_body, hanpan_code, one_line, words
from hanpan.web.errors import body as error_body
from hanpan.web.live import MoveRefused
from hanpan.web.schemas import SocketMove

if TYPE_CHECKING:
    from hanpan.web.hub import Hub
    from hanpan.web.live import LiveGame

#: the messages one socket may have refused: a page's are rare (a stale click), a flood of bad ones is cut
#: off (close code 1008); moves made are not counted (the game paces them, as it paces POSTs)
PER_SECOND = 5.0
BURST = 20
FIELDS_KO = {"op": "동작", "move": "수", "move_number": "수 번호", "ref": "참조", "message": "메시지"}


class MessageBudget:
    """A token bucket: ``burst`` messages at once, then ``per_second`` (``allow(now)``: may one more come?)."""

    def __init__(self, per_second: float = PER_SECOND, burst: int = BURST) -> None:
        self.per_second, self.burst = per_second, burst
        self.tokens: float = float(burst)
        self.last: float | None = None

    def allow(self, now: float) -> bool:
        if self.last is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


async def answer(text: str, hub: Hub, live: LiveGame,
                 seat_now: Callable[[], Awaitable[int | None]]) -> tuple[str, bool]:
    """Make the move ``text`` asks for (the seat ``seat_now`` gives at this moment): the answer's text, and
    whether the move was made."""
    began = time.perf_counter()
    ref = ""
    try:
        try:
            data: Any = json.loads(text)
        except ValueError:
            raise MoveRefused(422, "the message is not valid JSON", "body_not_json") from None
        if isinstance(data, dict) and isinstance(data.get("ref"), str):
            ref = data["ref"][:40]
        move = _parsed(data)
        seat = await seat_now()
        if seat is None:
            raise MoveRefused(403, "a move needs your seat: its token or, at a lobby table, your session or your "
                                   "bot's API key (given when the socket opened)",
                              "seat_needed", {"action": words("a move", "수 두기")})
        await hub.move(live, seat, move.move, move.move_number)
    except Refusal as e:
        return json.dumps({"answer": ref, "status": e.status, **answer_body(e)}, ensure_ascii=False), False
    except HanpanError as e:
        return json.dumps({"answer": ref, "status": 400, **error_body(one_line(str(e)), *hanpan_code(e))},
                          ensure_ascii=False), False
    hub.metrics.move_push.observe(time.perf_counter() - began)  # checked, stored, pushes queued
    return json.dumps({"answer": ref, "status": 200, "move_number": live.move_number}), True


def _parsed(data: Any) -> SocketMove:
    try:
        return SocketMove.model_validate(data)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "message"
        message = one_line(str(first.get("msg", "invalid")))
        raise MoveRefused(422, f"{where}: {message} (a move is {{\"op\": \"move\", \"move\", \"move_number\", "
                               "\"ref\"}})", "invalid",
                          {"field": words(where, FIELDS_KO.get(where, where)), "message": message}) from None
