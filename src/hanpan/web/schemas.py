"""The shapes of the API's request bodies (pydantic): anything else is refused with one line."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from hanpan.web.hub import MAX_SEED

#: the largest integer the databases store (SQLite's INTEGER, PostgreSQL's BIGINT): an id past it is refused
#: (422) before a query could overflow
MAX_DB_INT = 2**63 - 1
SeatKind = Annotated[StrictStr, Field(min_length=1, max_length=40)]
OptionValue = (StrictBool | Annotated[StrictInt, Field(ge=-MAX_DB_INT, le=MAX_DB_INT)]
               | Annotated[StrictStr, Field(max_length=40)] | None)


class NewGame(BaseModel):
    """``POST /api/games``: the game, who sits where ("human" or a computer level), options, a seed."""

    model_config = ConfigDict(extra="forbid")
    game: Annotated[StrictStr, Field(min_length=1, max_length=40)]
    seats: Annotated[list[SeatKind], Field(min_length=1, max_length=8)]
    options: Annotated[dict[Annotated[str, Field(max_length=40)], OptionValue], Field(max_length=16)] = {}
    seed: Annotated[StrictInt, Field(ge=0, le=MAX_SEED)] | None = None


class MoveRequest(BaseModel):
    """``POST /api/games/{id}/moves``: the move in notation and the number it must be (stale ones: 409)."""

    model_config = ConfigDict(extra="forbid")
    move: Annotated[StrictStr, Field(min_length=1, max_length=200)]
    move_number: Annotated[StrictInt, Field(ge=0, le=1_000_000)]


class SocketMove(BaseModel):
    """A move sent on the game's WebSocket: ``{"op": "move", "move", "move_number", "ref"}``; the answer
    names ``ref`` (``hanpan.web.socket_moves``)."""

    model_config = ConfigDict(extra="forbid")
    op: Literal["move"]
    move: Annotated[StrictStr, Field(min_length=1, max_length=200)]
    move_number: Annotated[StrictInt, Field(ge=0, le=1_000_000)]
    ref: Annotated[StrictStr, Field(max_length=40)] = ""


class UndoRequest(BaseModel):
    """``POST /api/games/{id}/undo``: optionally the current move number (a stale undo is refused)."""

    model_config = ConfigDict(extra="forbid")
    move_number: Annotated[StrictInt, Field(ge=0, le=1_000_000)] | None = None


class ReplayRequest(BaseModel):
    """``POST /api/replay``: a record file's contents, the step to show and whose eyes to see it with."""

    model_config = ConfigDict(extra="forbid")
    record: dict[str, Any]
    move: Annotated[StrictInt, Field(ge=0, le=100_000)] = 0
    seat: Annotated[StrictInt, Field(ge=0, le=7)] | None = None
    lang: Literal["en", "ko"] = "en"
