"""The lobby's API: tables (make, list, join, start, leave, rematch, chat), players' profiles and the
leaderboards.  Who may call what: ``hanpan.web.authorization``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, Path, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from hanpan.web.hub import MAX_SEED, Hub
from hanpan.web.lobby import Lobby
from hanpan.web.ratings import Ratings, level_ratings, rated_levels
from hanpan.web.routes_accounts import current_player, require_player
from hanpan.web.schemas import MAX_DB_INT, OptionValue
from hanpan.web.tables import LobbyTable, TableRefused
from hanpan.web.throttle import client_address, throttles


class SeatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["me", "open", "reserved", "level"]
    name: Annotated[StrictStr, Field(max_length=40)] | None = None
    level: Annotated[StrictStr, Field(max_length=40)] | None = None


class PaceRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["realtime", "turn"]
    limit_s: Annotated[StrictInt, Field(ge=1, le=10_000_000)] | None = None
    on_timeout: Annotated[StrictStr, Field(max_length=40)] | None = None
    on_leave: Annotated[StrictStr, Field(max_length=40)] | None = None


class NewTable(BaseModel):
    """``POST /api/tables``: the game, its options, its seats (one ``me``), public or private, the pace."""

    model_config = ConfigDict(extra="forbid")
    game: Annotated[StrictStr, Field(min_length=1, max_length=40)]
    options: Annotated[dict[Annotated[str, Field(max_length=40)], OptionValue], Field(max_length=16)] = {}
    seats: Annotated[list[SeatRequest], Field(min_length=1, max_length=8)]
    public: StrictBool = True
    pace: PaceRequest = PaceRequest(kind="realtime")
    seed: Annotated[StrictInt, Field(ge=0, le=MAX_SEED)] | None = None


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: Annotated[StrictInt, Field(ge=0, le=7)] | None = None


class StartRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    level: Annotated[StrictStr, Field(min_length=1, max_length=40)] = "greedy"


class ChatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: Annotated[StrictStr, Field(min_length=1, max_length=1000)]


class ReportRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reason: Annotated[StrictStr, Field(max_length=200)] = ""


def include(app: FastAPI, get_hub: Callable[[], Hub], get_lobby: Callable[[], Lobby],
            get_ratings: Callable[[], Ratings]) -> None:
    """Add the lobby's routes to ``app``."""
    router = APIRouter()
    #: the open tables as the lobby lists them, per (game, limit, offset), while no table changes
    open_cache: dict[tuple[str | None, int, int], tuple[int, list[dict[str, Any]], int]] = {}

    async def rated(*tables: LobbyTable) -> list[dict[str, Any]]:
        """Tables as the lobby shows them: each person with their rating for that game and player count
        (one database query for all), each level seat with its fixed rating."""
        wanted = [(p.id, t.game, len(t.seats)) for t in tables for p in t.sitting.values() if not p.guest]
        ratings = get_ratings()
        found = await get_hub().db(ratings.ratings_for, wanted) if wanted else {}
        out = []
        for table in tables:
            entry = table.to_json()
            count = len(table.seats)
            levels = rated_levels(table.game, count)
            for seat in entry["seats"]:
                if "player" in seat and not seat["player"]["guest"]:
                    r = found[(seat["player"]["id"], table.game, count)]
                    seat["player"]["rating"], seat["player"]["uncertainty"] = r["display"], r["uncertainty"]
                elif seat["kind"] == "level" and seat["level"] in levels:
                    seat["rating"] = levels[seat["level"]]
            out.append(entry)
        return out

    async def one(table: LobbyTable) -> dict[str, Any]:
        return (await rated(table))[0]

    async def your_turn(table: LobbyTable, player_id: str) -> bool:
        if table.game_id is None:
            return False
        live = await get_hub().get(table.game_id)
        if live is None or live.abandoned or live.state.is_over:
            return False
        return live.state.current_player == get_hub().seat_of_player(live, player_id)

    @router.get("/api/tables", summary="The lobby: public tables with open seats, and your own tables")
    async def lobby(request: Request, game: str | None = Query(None, max_length=40),
                    limit: int = Query(50, ge=1, le=200), offset: int = Query(0, ge=0, le=100_000)) -> dict[str, Any]:
        player = await current_player(request, write=False)
        hub = get_hub()
        version = get_lobby().version
        key = (game, limit, offset)
        cached = open_cache.get(key)
        if cached is None or cached[0] != version:  # the open tables are the same for everyone
            listing = await hub.db(hub.tables.listing, None, limit, offset, game)
            cached = (version, await rated(*listing["open"]), listing["open_total"])
            if len(open_cache) > 256:
                open_cache.clear()
            open_cache[key] = cached
        out: dict[str, Any] = {"open": cached[1], "open_total": cached[2], "you": None}
        if player is not None:
            listing = await hub.db(hub.tables.listing, player.id, 0, 0, game)
            playing = await rated(*listing["mine_playing"])
            for table, entry in zip(listing["mine_playing"], playing, strict=True):
                entry["your_turn"] = await your_turn(table, player.id)
            playing.sort(key=lambda t: not t["your_turn"])  # your turn first
            out["you"] = {"open": await rated(*listing["mine_open"]), "playing": playing,
                          "finished": await rated(*listing["mine_finished"])}
        return out

    @router.post("/api/tables", status_code=201, summary="Make a table (you sit at the seat 'me')")
    async def create_table(body: NewTable, request: Request) -> dict[str, Any]:
        player = await require_player(request, write=True)
        pace = body.pace.model_dump(exclude_none=True)
        table = await get_lobby().create(player, body.game, dict(body.options),
                                         [s.model_dump(exclude_none=True) for s in body.seats], body.public, pace,
                                         body.seed)
        return await one(table)

    @router.get("/api/tables/{table_id}", summary="A table: its seats, who sits there, its game once started")
    async def get_table(table_id: str) -> dict[str, Any]:
        hub = get_hub()
        table = await get_lobby().table(table_id)
        out = await one(table)
        out["chat"] = await hub.db(hub.tables.chat, table.id)
        return out

    @router.post("/api/tables/{table_id}/join", summary="Sit down at an open seat (or the one kept for you)")
    async def join(table_id: str, request: Request, body: JoinRequest | None = None) -> dict[str, Any]:
        player = await require_player(request, write=True)
        table = await get_lobby().join(table_id, player, body.seat if body else None)
        return await one(table)

    @router.post("/api/tables/{table_id}/start", summary="Start now, with a computer level in each empty seat")
    async def start(table_id: str, request: Request, body: StartRequest | None = None) -> dict[str, Any]:
        player = await require_player(request, write=True)
        table = await get_lobby().start_now(table_id, player, body.level if body else "greedy")
        return await one(table)

    @router.post("/api/tables/{table_id}/leave", summary="Stand up; in a game, resign (the table says what follows)")
    async def leave(table_id: str, request: Request) -> dict[str, Any]:
        player = await require_player(request, write=True)
        return await one(await get_lobby().leave(table_id, player))

    @router.post("/api/tables/{table_id}/rematch", status_code=201,
                 summary="The same seats and options, a new deal (the others accept by joining)")
    async def rematch(table_id: str, request: Request) -> dict[str, Any]:
        player = await require_player(request, write=True)
        return await one(await get_lobby().rematch(table_id, player))

    @router.post("/api/tables/{table_id}/rematch/decline",
                 summary="Decline the rematch asked for after this table's game (the one who asked withdraws it)")
    async def decline_rematch(table_id: str, request: Request) -> dict[str, Any]:
        player = await require_player(request, write=True)
        return await one(await get_lobby().decline_rematch(table_id, player))

    @router.post("/api/tables/{table_id}/chat", status_code=201, summary="Write in the table's chat (players only)")
    async def chat(table_id: str, body: ChatRequest, request: Request) -> dict[str, Any]:
        player = await require_player(request, write=True)
        return await get_lobby().chat(table_id, player, body.text)

    @router.post("/api/tables/{table_id}/chat/{message_id}/report", status_code=204,
                 summary="Report a chat message (kept with the table)")
    async def report(table_id: str, message_id: Annotated[int, Path(ge=1, le=MAX_DB_INT)], request: Request,
                     body: ReportRequest | None = None) -> None:
        player = await require_player(request, write=True)
        hub = get_hub()
        with throttles(request).reports.counted(client_address(request)):
            await hub.db(hub.tables.report_chat, table_id, message_id, player, body.reason if body else "")

    @router.get("/api/players/{name}", summary="A player's profile: ratings with their history, games, levels beaten")
    async def profile(name: str) -> dict[str, Any]:
        hub = get_hub()
        who = await hub.db(hub.tables.person_by_name, name)
        if who is None:
            raise TableRefused(404, f"no player {name!r}", "player_missing", {"name": name[:40]})
        ratings = get_ratings()
        boards = []
        for r in await hub.db(ratings.ratings_of, who.id):
            history = await hub.db(ratings.history, who.id, r["game"], r["players"])
            boards.append({**r, "history": history})
        games = await hub.db(hub.tables.games_of, who.id)
        return {"player": {"name": who.name, "guest": who.guest}, "ratings": boards, "games": games,
                "beats": beaten_levels(games)}

    @router.get("/api/leaderboard/{game_id}", summary="The best rated players of a game and player count")
    async def leaderboard(game_id: str, players: int = Query(2, ge=1, le=8),
                          limit: int = Query(50, ge=1, le=200)) -> dict[str, Any]:
        ratings = get_ratings()
        rows = await get_hub().db(ratings.leaderboard, game_id, players, limit)
        return {"game": game_id, "players": players, "leaders": rows,
                "levels": level_ratings(game_id, players)}

    app.include_router(router)


def beaten_levels(games: list[dict[str, Any]], least: int = 3) -> list[dict[str, Any]]:
    """The computer levels a player beats: per game, each level met in at least ``least`` finished games
    with the player's share of wins over it, strongest first.

    >>> g = {"game": "x", "seat": 0, "status": "finished", "levels": ["greedy"],
    ...      "result": {"scores": [9, 5], "winners": [0]}}
    >>> beaten_levels([g, g, g])
    [{'game': 'x', 'level': 'greedy', 'games': 3, 'wins': 3.0, 'rate': 1.0}]
    """
    tally: dict[tuple[str, str], list[float]] = {}
    for g in games:
        result = g.get("result")
        if g.get("status") != "finished" or not result:
            continue
        winners = result.get("winners") or []
        share = 1.0 / len(winners) if g["seat"] in winners else 0.0
        for level in g.get("levels", []):
            tally.setdefault((g["game"], level), []).append(share)
    out = [{"game": game, "level": level, "games": len(s), "wins": sum(s), "rate": sum(s) / len(s)}
           for (game, level), s in tally.items() if len(s) >= least]
    return sorted(out, key=lambda e: (-e["rate"], e["game"]))

