"""The admins' API (``/api/admin/…``): reported chat messages with their context, mutes, bans, hidden
messages, closed tables and the audit log; the ``/admin`` page uses it.  Every route needs an admin's page
session (``hanpan.web.authorization``: rule ``admin``); every action needs a reason and is written to the
audit log (``hanpan.web.moderation``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, Path, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from hanpan.web.moderation import MAX_BAN_DAYS, MAX_MUTE_MINUTES, Moderation, check_reason
from hanpan.web.routes_accounts import require_admin
from hanpan.web.schemas import MAX_DB_INT

if TYPE_CHECKING:
    from hanpan.web.hub import Hub
    from hanpan.web.lobby import Lobby

Reason = Annotated[StrictStr, Field(min_length=1, max_length=300)]
MessageId = Annotated[int, Path(ge=1, le=MAX_DB_INT)]
PlayerName = Annotated[str, Path(min_length=1, max_length=40)]


class Why(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reason: Reason


class Mute(BaseModel):
    """Mute a player's chat for ``minutes``; ``message``: the reported message it answers."""

    model_config = ConfigDict(extra="forbid")
    minutes: Annotated[StrictInt, Field(ge=1, le=MAX_MUTE_MINUTES)]
    reason: Reason
    message: Annotated[StrictInt, Field(ge=1, le=MAX_DB_INT)] | None = None


class Ban(BaseModel):
    """Ban an account for ``days`` (null: until lifted)."""

    model_config = ConfigDict(extra="forbid")
    days: Annotated[StrictInt, Field(ge=1, le=MAX_BAN_DAYS)] | None
    reason: Reason
    message: Annotated[StrictInt, Field(ge=1, le=MAX_DB_INT)] | None = None


class Lift(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["mute", "ban"]
    reason: Reason


def include(app: FastAPI, get_hub: Callable[[], Hub], get_lobby: Callable[[], Lobby],
            get_moderation: Callable[[], Moderation]) -> None:
    router = APIRouter(prefix="/api/admin", tags=["admin"])

    async def acting(request: Request) -> str:
        return (await require_admin(request, write=True)).name

    @router.get("/reports", summary="Reported chat messages, newest report first, with the messages around them")
    async def reports(request: Request, handled: bool = False,
                      limit: Annotated[int, Query(ge=1, le=200)] = 50) -> dict[str, Any]:
        await require_admin(request, write=False)
        return {"reports": await get_hub().db(get_moderation().reports, handled, limit)}

    @router.post("/reports/{message_id}/dismiss", summary="The reports of a message were wrong: handled")
    async def dismiss(message_id: MessageId, body: Why, request: Request) -> dict[str, Any]:
        await get_hub().db(get_moderation().dismiss, message_id, await acting(request), body.reason)
        return {"dismissed": message_id}

    @router.post("/messages/{message_id}/hide", summary="Hide a chat message from every page")
    async def hide(message_id: MessageId, body: Why, request: Request) -> dict[str, Any]:
        table_id = await get_hub().db(get_moderation().hide, message_id, await acting(request), body.reason)
        await get_lobby().chat_hidden(table_id)
        return {"hidden": message_id}

    @router.get("/players/{name}", summary="A player's sanctions in force and whether they are an admin")
    async def player(name: PlayerName, request: Request) -> dict[str, Any]:
        await require_admin(request, write=False)
        return await get_hub().db(get_moderation().player, name)

    @router.post("/players/{name}/mute", summary="Mute a player's chat for some minutes")
    async def mute(name: PlayerName, body: Mute, request: Request) -> dict[str, Any]:
        _, sanction = await get_hub().db(get_moderation().sanction, name, "mute", body.minutes, body.reason,
                                         await acting(request), body.message)
        return {"sanction": sanction.to_json()}

    @router.post("/players/{name}/ban", summary="Ban an account (its sessions end, its seats are taken over)")
    async def ban(name: PlayerName, body: Ban, request: Request) -> dict[str, Any]:
        minutes = body.days * 24 * 60 if body.days is not None else None
        player_id, sanction = await get_hub().db(get_moderation().sanction, name, "ban", minutes, body.reason,
                                                 await acting(request), body.message)
        seats = await get_lobby().remove(player_id)
        return {"sanction": sanction.to_json(), "seats_taken_over": seats}

    @router.post("/players/{name}/lift", summary="End a player's mute or ban now")
    async def lift(name: PlayerName, body: Lift, request: Request) -> dict[str, Any]:
        return {"lifted": await get_hub().db(get_moderation().lift, name, body.kind, await acting(request),
                                             body.reason)}

    @router.post("/tables/{table_id}/close", summary="Close a table: off the lobby, its game ended unrated")
    async def close(table_id: Annotated[str, Path(max_length=40)], body: Why, request: Request) -> dict[str, Any]:
        actor, reason = await acting(request), check_reason(body.reason)
        was = await get_lobby().close(table_id)
        await get_hub().db(get_moderation().log_close, table_id, actor, reason, was)
        return {"closed": table_id, "was": was}

    @router.get("/audit", summary="The audit log: every admin action, newest first")
    async def audit(request: Request, before: Annotated[int | None, Query(ge=1, le=MAX_DB_INT)] = None,
                    limit: Annotated[int, Query(ge=1, le=500)] = 100) -> dict[str, Any]:
        await require_admin(request, write=False)
        return {"log": await get_hub().db(get_moderation().audit, limit, before)}

    app.include_router(router)
