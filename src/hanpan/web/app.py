"""The HTTP and WebSocket API and the pages (docs/api.md), as a FastAPI app.

``create_app(url)`` makes the app for a database URL; ``hanpan serve`` runs it with uvicorn.  Every
error is one line in ``{"detail": …}`` with a 4xx status, beside its ``code`` and ``params``
(``hanpan.web.errors``); a seat's token travels only in the
``Authorization`` header (or the WebSocket's query) and is never logged.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from importlib.resources import files
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from hanpan.agents.ladder import ladder, level_title
from hanpan.agents.registry import agent_names
from hanpan.core.errors import HanpanError, UnknownGameError
from hanpan.core.record import Record
from hanpan.core.registry import all_games
from hanpan.core.registry import game as find_game
from hanpan.web import (
    routes_accounts,
    routes_admin,
    routes_analysis,
    routes_notifications,
    routes_operator,
    routes_tables,
    socket_moves,
)
from hanpan.web.accounts import KEY_PREFIX, Accounts
from hanpan.web.analysis_lane import AnalysisLane
from hanpan.web.errors import Refusal, answer_body, hanpan_code, one_line, words
from hanpan.web.errors import body as error_body
from hanpan.web.hub import Hub, web_options
from hanpan.web.live import HUMAN, LiveGame, MoveRefused, game_part
from hanpan.web.lobby import Lobby
from hanpan.web.middleware import BodyLimit, CountErrors, HostCheck, SecurityHeaders
from hanpan.web.moderation import Moderation
from hanpan.web.notifier import Notifier
from hanpan.web.openapi_errors import install as describe_errors
from hanpan.web.ratings import Ratings, rated_levels
from hanpan.web.replays import MAX_REPLAY_MOVES, RateLimit, Replay, Replays, record_key
from hanpan.web.reviews import Reviews
from hanpan.web.schemas import MoveRequest, NewGame, ReplayRequest, UndoRequest
from hanpan.web.settings import ServerSettings
from hanpan.web.socket_moves import MessageBudget
from hanpan.web.storage import Store, StoredGame
from hanpan.web.throttle import install as install_throttles

log = logging.getLogger("hanpan.web")
STATIC = Path(str(files("hanpan.web") / "static"))
Lang = Literal["en", "ko"]
ASSET = re.compile(r"^[a-z_]+\.(js|css)$")
#: what ``acting_seat`` may be asked for, in Korean (the seat_needed error names it)
ACTIONS_KO = {"a move": "수 두기", "undo": "되돌리기", "abandoning a game": "게임 포기", "a hint": "힌트"}
#: the request's fields a page may send wrong (an invalid error names them), in Korean
FIELDS_KO = {"name": "이름", "password": "비밀번호", "old": "지금 비밀번호", "new": "새 비밀번호",
             "label": "키 이름", "text": "메시지", "move": "수", "move_number": "수 번호", "seed": "시드",
             "seats": "자리", "options": "옵션", "game": "게임", "record": "기록", "request": "요청"}
#: the subprotocol the page asks for beside its token's ("token.<token>"); the server answers with it
WS_PROTOCOL = "hanpan"


def body_response(live: LiveGame, seat: int | None, lang: str) -> Response:
    """A seat's body as the HTTP answer: the JSON text its pushes share (built once per version), sent as
    it is (not validated and encoded again as a dict)."""
    return Response(live.text(seat, lang).encode(), media_type="application/json")


class ApiError(Refusal):
    """A request the app refuses itself: status, English line, code and parameters (hanpan.web.errors)."""


def bearer(request: Request) -> str | None:
    """The token of ``Authorization: Bearer TOKEN``; None without the header."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(403, "Authorization must be 'Bearer TOKEN'", "auth_malformed")
    return token.strip()


def create_app(url: str, bot_workers: int = 2, settings: ServerSettings | None = None) -> FastAPI:
    """The app for the database at ``url`` (SQLAlchemy URL); the schema is migrated on start.

    ``settings`` holds the server's limits (default: ``ServerSettings(bot_workers=bot_workers)``)."""
    holder: dict[str, Any] = {}
    settings = settings or ServerSettings(bot_workers=bot_workers)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, url)
        hub = Hub(store, settings=settings)
        holder["hub"] = hub
        holder["accounts"] = Accounts(store)
        holder["ratings"] = Ratings(store)
        holder["lobby"] = lobby = Lobby(hub, holder["ratings"])
        # reviews and hints: their own low-priority workers, after the computer seats (docs/architecture.md)
        holder["reviews"] = reviews = Reviews(hub, AnalysisLane(settings.analysis_workers, hub.bots), settings)
        holder["notifier"] = notifier = Notifier(hub)
        holder["moderation"] = Moderation(store, clock=lambda: hub.clock())
        hub.metrics.gauge("hanpan_analysis_waiting", "Review and hint decisions waiting for the analysis lane",
                          lambda: reviews.lane.waiting)
        await hub.start()
        await notifier.start()
        deadlines = asyncio.get_running_loop().create_task(lobby.run_deadlines())
        try:
            yield
        finally:
            deadlines.cancel()
            with suppress(asyncio.CancelledError):
                await deadlines
            await notifier.close()
            await reviews.close()
            await hub.close()
            hashing.close()

    app = FastAPI(title="hanpan", version="1", lifespan=lifespan,
                  description="Play Harmonies, Spirits of the Wild and Four Gardens: the API the pages use.")

    hashing = install_throttles(app, settings)  # new accounts', guests' and reports' limits; password hashes' pool
    replays = Replays()  # finished games' and records' replays, built once each
    new_records = RateLimit(settings.new_records_per_minute, 60.0)

    def hub() -> Hub:
        found: Hub = holder["hub"]
        return found

    def lobby() -> Lobby:
        found: Lobby = holder["lobby"]
        return found

    def ratings() -> Ratings:
        found: Ratings = holder["ratings"]
        return found

    def accounts() -> Accounts:
        found: Accounts = holder["accounts"]
        return found

    def reviews() -> Reviews:
        found: Reviews = holder["reviews"]
        return found

    def notifier() -> Notifier:
        found: Notifier = holder["notifier"]
        return found

    def moderation() -> Moderation:
        found: Moderation = holder["moderation"]
        return found

    app.state.hanpan_lobby = lobby
    app.state.hanpan_notifier = notifier

    async def live_game(game_id: str) -> LiveGame:
        live = await hub().get(game_id)
        if live is None:
            raise ApiError(404, f"no game {game_id!r}", "game_missing", {"game": game_id})
        return live

    async def seat_of(live: LiveGame, request: Request, write: bool) -> int | None:
        """The seat a request speaks for: a seat's token (Bearer), or at a lobby table's game the player
        (a bot's API key, or the page's session: with its CSRF header when the request changes something)."""
        token = bearer(request)
        if token is not None and not token.startswith(KEY_PREFIX):
            return await hub().seat_of(live.stored.id, token)
        if live.table_id is None:
            return None
        player = await routes_accounts.current_player(request, write=write)
        return hub().seat_of_player(live, player.id) if player is not None else None

    async def acting_seat(game_id: str, request: Request, what: str) -> tuple[LiveGame, int]:
        # ``what``: one of ACTIONS' keys (the error names it in the page's language)
        """The game and the seat whose token came with a request that changes the game (403 without one)."""
        live = await live_game(game_id)
        seat = await seat_of(live, request, write=True)
        if seat is None:
            raise ApiError(403, f"{what} needs your seat: its token (Authorization: Bearer TOKEN) or, at a "
                                "lobby table, your session or your bot's API key",
                           "seat_needed", {"action": words(what, ACTIONS_KO.get(what, what))})
        return live, seat

    # --- errors: one line each -----------------------------------------------------------------
    # each answer: {"detail": English line, "code", "params"} (hanpan.web.errors, docs/api.md)
    @app.exception_handler(Refusal)  # every kind: ApiError, MoveRefused, TableRefused, Throttled …
    async def _refused(_request: Request, e: Refusal) -> JSONResponse:
        headers = {"Retry-After": str(e.retry_after)} if e.retry_after is not None else None
        return JSONResponse(answer_body(e), status_code=e.status, headers=headers)

    @app.exception_handler(HanpanError)
    async def _hanpan(_request: Request, e: HanpanError) -> JSONResponse:
        status = 404 if isinstance(e, UnknownGameError) else 400
        return JSONResponse(error_body(one_line(str(e)), *hanpan_code(e)), status_code=status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, e: RequestValidationError) -> JSONResponse:
        first = e.errors()[0] if e.errors() else {}
        if first.get("type") == "json_invalid":
            return JSONResponse(error_body("the request body is not valid JSON", "body_not_json"), status_code=422)
        where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("body", "path", "query")) or "request"
        message = str(first.get('msg', 'invalid'))
        return JSONResponse(error_body(one_line(f"{where}: {message}"), "invalid", {
            "field": words(where, FIELDS_KO.get(where, where)), "message": one_line(message)}), status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, e: StarletteHTTPException) -> JSONResponse:
        detail = one_line(str(e.detail))
        return JSONResponse(error_body(detail, "http_error", {"status": e.status_code, "message": detail}),
                            status_code=e.status_code)

    @app.exception_handler(Exception)
    async def _crash(request: Request, e: Exception) -> JSONResponse:
        log.exception("internal error on %s %s", request.method, request.url.path)
        return JSONResponse(error_body("internal error", "internal"), status_code=500)


    def count_error(route: str, status: int) -> None:
        if "hub" in holder:  # not before the app has started
            hub().metrics.errors.labels(route=route, status=str(status)).inc()
    describe_errors(app)  # /openapi.json lists every error each route answers, as these handlers shape it

    app.add_middleware(CountErrors, count=lambda route, status: count_error(route, status))
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(HostCheck, allowed=settings.allowed_hosts)  # added last: runs first

    # --- what there is -------------------------------------------------------------------------
    @app.get("/api/meta", summary="The games, their options and the seats one can choose")
    async def meta() -> dict[str, Any]:
        out = []
        for game in all_games():
            options = []
            allowed = web_options(game)
            for spec in game.option_specs:
                if spec.name not in allowed:
                    continue
                options.append({"name": spec.name, "default": spec.default,
                                "choices": list(spec.choices) if spec.choices is not None else None,
                                "type": spec.value_type.__name__, "help_en": spec.help_en, "help_ko": spec.help_ko,
                                "label_en": spec.label("en"), "label_ko": spec.label("ko")})
            # the computer players per player count, weakest first, each with who it suits
            levels = {str(n): [{"name": level.name, "elo": level.elo, "mean_score": level.mean_score,
                                "rating": rated_levels(game.id, n).get(level.name),
                                "line_en": level.line("en"), "line_ko": level.line("ko"),
                                "title_en": level_title(level.name, "en"),
                                "title_ko": level_title(level.name, "ko")}
                               for level in ladder(game.id, n, tuple(agent_names()))]
                      for n in range(game.min_players, game.max_players + 1)}
            out.append({"id": game.id, "name_en": game.name_en, "name_ko": game.name_ko,
                        "min_players": game.min_players, "max_players": game.max_players,
                        "default_players": game.default_players, "options": options, "levels": levels})
        return {"games": out, "seats": [HUMAN, *agent_names()]}

    @app.get("/api/catalog/{game_id}", summary="A game's static data for its board (cards, rules texts)")
    async def catalog(game_id: str) -> dict[str, Any]:
        return _catalog(find_game(game_id).id)

    # --- games ---------------------------------------------------------------------------------
    @app.post("/api/games", status_code=201, summary="Start a game; each human seat gets its secret token")
    async def create(request: NewGame, http: Request, lang: Lang = "en") -> dict[str, Any]:
        client = http.client.host if http.client is not None else "?"
        created = await hub().create(request.game, list(request.seats), dict(request.options), request.seed,
                                     client=client, lang=lang)
        seats = []
        for seat, kind in enumerate(created.game.seats):
            entry: dict[str, Any] = {"seat": seat, "kind": kind}
            if seat in created.tokens:
                entry["token"] = created.tokens[seat]
            seats.append(entry)
        return {"id": created.game.id, "game": created.game.game, "seats": seats}

    @app.get("/api/games", summary="Games in progress and finished, newest first")
    async def list_games(status: Literal["playing", "finished", "unfinished", "all"] = "all",
                         limit: int = Query(50, ge=1, le=200),
                         ids: str | None = Query(None, max_length=2000, description=(
                             "only these games (comma-separated ids, at most 50): the lobby's own games"))
                         ) -> list[dict[str, Any]]:
        wanted = None if status == "all" else [status]
        if ids is not None:
            chosen = [i for i in ids.split(",") if i]
            if len(chosen) > 50:
                raise ApiError(422, f"ids: at most 50 game ids, comma-separated; these are {len(chosen)}",
                               "ids_too_many", {"count": len(chosen)})
            stored = await hub().db(hub().store.games_by_ids, chosen, wanted)
        else:
            stored = await hub().db(hub().store.games, wanted, limit)
        return [{"id": g.id, "game": g.game, "status": g.status, "seats": g.seats, "options": g.options,
                 "move_number": g.move_count, "updated_at": g.updated_at.isoformat(),
                 "result": g.result} for g in stored]

    # a body is answered as the JSON text the seat's pushes share (body_response); response_model keeps the
    # schema of the API's documentation as it was
    @app.get("/api/games/{game_id}", summary="The game as your seat sees it (no token: as a spectator)",
             response_model=dict[str, Any])
    async def get_game(game_id: str, request: Request, lang: Lang = "en") -> Response:
        live = await hub().current(await live_game(game_id))
        return body_response(live, await seat_of(live, request, write=False), lang)

    @app.post("/api/games/{game_id}/moves", summary="Make your move (in notation) as move number N",
              response_model=dict[str, Any])
    async def post_move(game_id: str, move: MoveRequest, request: Request, lang: Lang = "en") -> Response:
        began = time.perf_counter()
        live, seat = await acting_seat(game_id, request, "a move")
        await hub().move(live, seat, move.move, move.move_number)
        hub().metrics.move_push.observe(time.perf_counter() - began)  # checked, stored, pushes queued
        return body_response(live, seat, lang)

    @app.post("/api/games/{game_id}/undo", summary="Take back your last decision of this turn",
              response_model=dict[str, Any])
    async def post_undo(game_id: str, request: Request, undo: UndoRequest | None = None,
                        lang: Lang = "en") -> Response:
        live, seat = await acting_seat(game_id, request, "undo")
        await hub().undo(live, seat, undo.move_number if undo is not None else None)
        return body_response(live, seat, lang)

    @app.post("/api/games/{game_id}/abandon", summary="Give up a practice game: it ends unfinished",
              response_model=dict[str, Any])
    async def post_abandon(game_id: str, request: Request, lang: Lang = "en") -> Response:
        live, seat = await acting_seat(game_id, request, "abandoning a game")
        await hub().abandon(live)
        return body_response(live, seat, lang)

    @app.get("/api/games/{game_id}/record", summary="The hanpan.record/1 record, once the game is over")
    async def record(game_id: str) -> dict[str, Any]:
        record = (await live_game(game_id)).record()
        hinted = await reviews().hint_seats(game_id)
        if hinted:  # the seats that asked for hints (such a game is never rated)
            record["hints_used"] = hinted
        return record

    @app.get("/api/games/{game_id}/replay", summary="A finished game at move N, seen by a seat or the table")
    async def replay_game(game_id: str, move: int = Query(0, ge=0, le=100_000),
                          seat: int | None = Query(None, ge=0, le=7), lang: Lang = "en",
                          choices: bool = False) -> dict[str, Any]:
        live = await live_game(game_id)
        if not live.state.is_over:
            raise ApiError(403, "a replay is shown once the game is over", "replay_not_over")
        if seat is not None and seat >= len(live.stored.seats):
            raise ApiError(400, f"seat must be 0–{len(live.stored.seats) - 1}", "seat_range",
                           {"max": len(live.stored.seats) - 1})
        notations = [m.notation for m in live.moves]
        replay = await asyncio.to_thread(replays.get, f"game:{game_id}", lambda: Replay(live.stored, notations))
        return await asyncio.to_thread(replay.body, move, seat, lang, choices)

    @app.post("/api/replay", summary="Any record file at move N (the replay page's 'open a record')")
    async def replay_record(request: ReplayRequest, http: Request) -> dict[str, Any]:
        key = record_key(request.record)
        replay: Replay | None = replays.find(key)
        if replay is None:  # a record new here: checked, bounded and counted against its client
            record = Record.from_json(request.record)
            game = find_game(record.game)
            allowed = web_options(game)
            for name in record.options:
                if name not in allowed:  # e.g. a deck file: the server reads no file a request names
                    raise ApiError(400, f"option {name!r} cannot be replayed here; options: {', '.join(allowed)}",
                                   "replay_option", {"option": name, "options": ", ".join(allowed)})
            if len(record.actions) > MAX_REPLAY_MOVES:
                raise ApiError(413, f"this record has {len(record.actions)} moves; a replay here takes at most "
                                    f"{MAX_REPLAY_MOVES}", "replay_too_long",
                               {"moves": len(record.actions), "max": MAX_REPLAY_MOVES})
            wait = new_records.wait(http.client.host if http.client is not None else "?")
            if wait > 0:
                raise ApiError(429, f"too many new records replayed from your address; try again in {wait:.0f} s",
                               "replay_rate", {"wait": int(f"{wait:.0f}")})
            stored = StoredGame("record", game.id, record.options, record.seed, record.players)
            built: Replay = await asyncio.to_thread(replays.get, key, lambda: Replay(stored, record.actions))
            replay = built
        if request.seat is not None and request.seat >= len(replay.stored.seats):
            raise ApiError(400, f"seat must be 0–{len(replay.stored.seats) - 1}", "seat_range",
                           {"max": len(replay.stored.seats) - 1})
        return await asyncio.to_thread(replay.body, request.move, request.seat, request.lang)

    # --- pushes --------------------------------------------------------------------------------
    @app.websocket("/api/games/{game_id}/ws")
    async def websocket(socket: WebSocket, game_id: str) -> None:
        # The page sends its seat's token as a subprotocol ("token.<token>"), never in the URL (which
        # logs and proxies keep); API clients may still put it in the query (?token=).
        offered = socket.scope.get("subprotocols") or []
        carried = [p.removeprefix("token.") for p in offered if p.startswith("token.")]
        token = (carried[0] if carried else socket.query_params.get("token")) or None
        lang = socket.query_params.get("lang", "en")
        await socket.accept(subprotocol=WS_PROTOCOL if WS_PROTOCOL in offered else None)
        try:
            live = await hub().get(game_id)
        except Exception:
            log.exception("game %s could not be loaded", game_id)
            await socket.close(code=1011, reason="this game cannot be loaded")
            return
        if live is None:
            await socket.close(code=4404, reason="no such game")
            return
        cookie = socket.cookies.get(routes_accounts.COOKIE)

        async def seat_now() -> int | None:
            """The seat the socket's credentials open now (asked again at each move it carries)."""
            assert live is not None
            if token is not None and token.startswith(KEY_PREFIX):  # a table player's bot: its API key
                player = await asyncio.to_thread(accounts().player_of_key, token)
                if player is None:
                    raise MoveRefused(403, "unknown API key", "api_key_unknown")
                return hub().seat_of_player(live, player.id)
            seat = await hub().seat_of(game_id, token)
            if seat is None and token is None and live.table_id is not None and cookie:  # a table player
                session = await asyncio.to_thread(accounts().session, cookie)
                seat = hub().seat_of_player(live, session.player.id) if session is not None else None
            return seat

        try:
            seat = await seat_now()
        except MoveRefused:
            await socket.close(code=4403, reason="this token opens no seat of this game")
            return
        client = socket.client.host if socket.client is not None else "?"
        try:
            subscriber = hub().subscribe(live, seat, lang, client)
        except MoveRefused as e:  # too many sockets on this game or from this client
            await socket.close(code=1013, reason=str(e)[:120])
            return

        async def pump() -> None:
            while True:
                text = await subscriber.queue.get()
                if subscriber.dropped:  # it fell behind: what is queued is stale, the page reconnects
                    await socket.close(code=4408, reason="fell behind; reconnect")
                    return
                await socket.send_text(text)

        sender = asyncio.create_task(pump())
        budget = MessageBudget()
        try:
            while True:  # the seat's moves (hanpan.web.socket_moves); answered after the pushes they cause
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text") or (message.get("bytes") or b"").decode("utf-8", "replace")
                answer, made = await socket_moves.answer(text, hub(), live, seat_now)
                subscriber.offer(answer)
                if not made and not budget.allow(time.monotonic()):
                    await socket.close(code=1008, reason="too many refused messages: at most 20, then 5 a second")
                    break
        except WebSocketDisconnect:
            pass
        finally:
            sender.cancel()
            with suppress(asyncio.CancelledError, Exception):
                await sender
            hub().unsubscribe(live, subscriber)

    # the other routes after the game's own: a request tries the routes in order, and a move or a game's
    # body, the requests made most, then stops at the first few instead of walking every router
    routes_accounts.include(app, accounts)
    routes_tables.include(app, hub, lobby, ratings)
    routes_analysis.include(app, reviews, live_game, acting_seat, lobby)
    routes_notifications.include(app, notifier)
    routes_operator.include(app, hub, settings)
    routes_admin.include(app, hub, lobby, moderation)

    # --- pages and files -----------------------------------------------------------------------
    shell = (STATIC / "page.html").read_text("utf-8")

    def page(script: str) -> Callable[..., Awaitable[HTMLResponse]]:
        """Every page is the same shell running its own module."""
        html = shell.replace("{script}", script)

        async def serve_page() -> HTMLResponse:
            return HTMLResponse(html)
        return serve_page

    app.get("/", include_in_schema=False)(page("lobby"))
    app.get("/play/{game_id}", include_in_schema=False)(page("game"))
    app.get("/replay", include_in_schema=False)(page("replay"))
    app.get("/replay/{game_id}", include_in_schema=False)(page("replay"))
    app.get("/table/{table_id}", include_in_schema=False)(page("table"))
    app.get("/players/{name}", include_in_schema=False)(page("profile"))
    app.get("/leaderboard", include_in_schema=False)(page("leaderboard"))
    app.get("/settings", include_in_schema=False)(page("settings"))
    app.get("/unsubscribe", include_in_schema=False)(page("unsubscribe"))
    app.get("/admin", include_in_schema=False)(page("admin"))

    @app.get("/static/games/{game_id}/{name}", include_in_schema=False)
    async def game_asset(game_id: str, name: str) -> FileResponse:
        game = find_game(game_id)
        if not ASSET.match(name):
            raise ApiError(404, f"no file {name!r}", "file_missing", {"name": name})
        path = Path(str(files(type(game).__module__.rsplit(".", 1)[0]) / "web" / name))
        if not path.is_file():
            raise ApiError(404, f"no file {name!r} for {game.id}", "game_file_missing", {"name": name, "game": game.id})
        media = "text/javascript" if name.endswith(".js") else "text/css"
        return FileResponse(path, media_type=media)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


@functools.cache
def _catalog(game_id: str) -> dict[str, Any]:
    try:
        module = game_part(game_id, "webdata")
    except ModuleNotFoundError:
        return {}
    data: dict[str, Any] = module.catalog()
    return data
