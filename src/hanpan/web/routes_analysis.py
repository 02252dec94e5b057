"""The API of game reviews and hints (``hanpan.web.reviews``; docs/api.md, "Analysis and hints").

- ``POST /api/games/{id}/analysis`` ``{"level"?}``: review a finished game (202 started; 200 when stored or
  under way already; 409 before the end; 429 too many new reviews from one address; 503 analysis off);
- ``GET /api/games/{id}/analysis?level=``: its status and progress, or the stored review;
- ``POST /api/games/{id}/hint`` ``{"level"?}`` with the seat's token or session: the level's best move and
  the next best for the seat to move, where no other person plays.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from hanpan.web.live import LiveGame
from hanpan.web.lobby import Lobby
from hanpan.web.reviews import Reviews

Level = Annotated[StrictStr, Field(min_length=1, max_length=40)]


class AnalysisRequest(BaseModel):
    """``POST /api/games/{id}/analysis``: the reviewing level (the server's, ``--analysis-level``, if none)."""

    model_config = ConfigDict(extra="forbid")
    level: Level | None = None


class HintRequest(BaseModel):
    """``POST /api/games/{id}/hint``: the level that hints (the server's if none)."""

    model_config = ConfigDict(extra="forbid")
    level: Level | None = None


def _client(request: Request) -> str:
    return request.client.host if request.client is not None else "?"


def include(app: FastAPI, reviews: Callable[[], Reviews], live_game: Callable[[str], Awaitable[LiveGame]],
            acting_seat: Callable[[str, Request, str], Awaitable[tuple[LiveGame, int]]],
            lobby: Callable[[], Lobby]) -> None:
    @app.get("/api/games/{game_id}/analysis",
             summary="A finished game's review: its status and progress, or the review itself")
    async def get_analysis(game_id: str, level: str | None = Query(None, max_length=40)) -> dict[str, Any]:
        return await reviews().answer(await live_game(game_id), level)

    @app.post("/api/games/{game_id}/analysis", status_code=202,
              summary="Review a finished game by a computer level (in the background, at low priority)",
              responses={200: {"description": "The review is stored or under way already: its answer",
                               "content": {"application/json": {"schema": {"type": "object"}}}}})
    async def post_analysis(game_id: str, request: Request, response: Response,
                            asked: AnalysisRequest | None = None) -> dict[str, Any]:
        live = await live_game(game_id)
        status, answer = await reviews().start(live, asked.level if asked is not None else None, _client(request))
        response.status_code = status
        return answer

    @app.post("/api/games/{game_id}/hint",
              summary="The level's best move and the next best for your seat (where no other person plays)")
    async def post_hint(game_id: str, request: Request, asked: HintRequest | None = None,
                        lang: Literal["en", "ko"] = "en") -> dict[str, Any]:
        live, seat = await acting_seat(game_id, request, "a hint")
        answer, unrated = await reviews().hint(live, seat, asked.level if asked is not None else None, lang,
                                               _client(request))
        if unrated:
            lobby().changed()
        return answer
