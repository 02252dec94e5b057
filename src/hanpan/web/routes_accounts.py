"""The players' API (``/api/account/…``) and how other routes learn who is asking.

A page holds its session in an HttpOnly, SameSite=Lax cookie (``hanpan_session``); every request that
changes something with that cookie must also carry the session's CSRF token in ``X-CSRF-Token`` (the
page reads it from ``GET /api/account``).  Bots send one of their account's API keys instead:
``Authorization: Bearer hk_…`` (no CSRF token: browsers never send that header by themselves).  Other
routes call ``current_player`` / ``require_player``; ``include(app, get_accounts)`` puts it all on an app.
"""

from __future__ import annotations

import asyncio
import hmac
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from hanpan.web.accounts import KEY_PREFIX, SESSION_DAYS, AccountRefused, Accounts, Player, Session
from hanpan.web.accounts import key_id as id_of_key
from hanpan.web.throttle import hash_pool, throttles

COOKIE = "hanpan_session"
CSRF_HEADER = "X-CSRF-Token"

router = APIRouter(prefix="/api/account", tags=["account"])

# The rules of names and passwords are checked by ``accounts`` (one clear line each); these limits only
# keep bodies small.
Name = Annotated[StrictStr, Field(max_length=100)]
Password = Annotated[StrictStr, Field(max_length=1000)]


class Credentials(BaseModel):
    """``register`` and ``login``: a name (3–20 letters or digits) and a password (8–200 characters)."""

    model_config = ConfigDict(extra="forbid")
    name: Name
    password: Password


class GuestRequest(BaseModel):
    """``guest``: the name to play under (3–20 letters or digits; unique like an account's)."""

    model_config = ConfigDict(extra="forbid")
    name: Name


class PasswordChange(BaseModel):
    """``password``: the current password and the new one (8–200 characters)."""

    model_config = ConfigDict(extra="forbid")
    old: Password
    new: Password


class KeyRequest(BaseModel):
    """``keys``: a label to tell the key apart (1–60 characters), e.g. the bot's name."""

    model_config = ConfigDict(extra="forbid")
    label: Annotated[StrictStr, Field(max_length=200)]


def include(app: FastAPI, get_accounts: Callable[[], Accounts]) -> None:
    """Serve the players' API on ``app``; ``get_accounts`` gives the ``Accounts`` (made when the app starts)."""
    app.state.hanpan_accounts = get_accounts

    app.include_router(router)


def accounts_of(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.hanpan_accounts()
    return accounts


def player_json(player: Player | None) -> dict[str, Any] | None:
    return None if player is None else {"id": player.id, "name": player.name, "guest": player.guest}


def _api_key(request: Request) -> str | None:
    """An API key in ``Authorization: Bearer hk_…``; None without one (a game's seat token is not one)."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token.startswith(KEY_PREFIX) else None


async def _session(request: Request) -> Session | None:
    value = request.cookies.get(COOKIE)
    if not value:
        return None
    return await asyncio.to_thread(accounts_of(request).session, value)


def _check_csrf(request: Request, session: Session) -> None:
    sent = request.headers.get(CSRF_HEADER, "")
    if not hmac.compare_digest(sent.encode("utf-8", "replace"), session.csrf.encode()):
        raise AccountRefused(403, f"a change made with the session cookie needs the {CSRF_HEADER} header "
                                  f"with the session's token (GET /api/account gives it)", "csrf_missing",
                             {"header": CSRF_HEADER})


async def current_player(request: Request, *, write: bool) -> Player | None:
    """Who sends ``request``: the account of a Bearer API key, else the session cookie's player, else None.

    An unknown API key is refused (401).  With ``write`` (the request changes something) a session
    cookie counts only with its CSRF token in ``X-CSRF-Token`` (403 without it).
    """
    key = _api_key(request)
    if key is not None:
        player = await asyncio.to_thread(accounts_of(request).player_of_key, key)
        if player is None:
            raise AccountRefused(401, "this API key is unknown or was deleted; make a new one on your account page",
                                 "key_revoked")
        return player
    session = await _session(request)
    if session is None:
        return None
    if write:
        _check_csrf(request, session)
    return session.player


async def require_player(request: Request, *, write: bool, account: bool = False) -> Player:
    """``current_player``, but 401 without one, and (with ``account``) 403 for a guest."""
    player = await current_player(request, write=write)
    if player is None:
        raise AccountRefused(401, "log in first (POST /api/account/login or /api/account/guest), "
                                  "or send a bot's API key: Authorization: Bearer hk_…", "login_needed")
    if account and player.guest:
        raise AccountRefused(403, "a guest cannot do this; register an account (guests are never rated)",
                             "guest_refused")
    return player


async def require_admin(request: Request, *, write: bool) -> Player:
    """The admin behind ``request``: only from a page session (never an API key: a bot's key cannot ban),
    with the CSRF token for a change; 401 logged out, 403 for anyone else."""
    session = await _session_of_page(request, write=write, no_key=AccountRefused(
        403, "moderation is done from the admin page, not with an API key", "admin_page_only"))
    if not session.player.admin:
        raise AccountRefused(403, "only the site's admins may do this (hanpan admin grant NAME makes one)",
                             "admin_only")
    return session.player


async def _page_session(request: Request, *, write: bool) -> Session:
    """The session of a page that manages its account (never an API key): 401/403 otherwise."""
    session = await _session_of_page(request, write=write, no_key=AccountRefused(
        403, "passwords and API keys are managed from the account page, not with an API key", "page_only"))
    if session.player.guest:
        raise AccountRefused(403, "a guest has no password or API keys; register an account", "guest_no_account")
    return session


async def _session_of_page(request: Request, *, write: bool, no_key: AccountRefused) -> Session:
    """The page session behind ``request`` (``no_key`` refused for an API key, 401 logged out), with its
    CSRF token checked for a change."""
    if _api_key(request) is not None:
        raise no_key
    session = await _session(request)
    if session is None:
        raise AccountRefused(401, "log in first (POST /api/account/login)", "login_needed_page")
    if write:
        _check_csrf(request, session)
    return session


async def _log_in(request: Request, response: Response, player: Player) -> dict[str, Any]:
    """Start a page session for ``player`` (ending the one the request came with) and set its cookie."""
    accounts = accounts_of(request)
    old = request.cookies.get(COOKIE)
    if old:
        await asyncio.to_thread(accounts.end_session, old)
    value, csrf = await asyncio.to_thread(accounts.new_session, player.id)
    response.set_cookie(COOKIE, value, max_age=SESSION_DAYS * 24 * 3600, path="/", httponly=True, samesite="lax",
                        secure=request.url.scheme == "https")
    return {"player": player_json(player), "csrf": csrf}


def _address(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


@router.get("", summary="Who you are, and the CSRF token your page's changes must carry")
async def whoami(request: Request) -> dict[str, Any]:
    if _api_key(request) is not None:
        return {"player": player_json(await current_player(request, write=False)), "csrf": None}
    session = await _session(request)
    if session is None:
        return {"player": None, "csrf": None}
    muted = await asyncio.to_thread(accounts_of(request).muted, session.player.id)
    return {"player": player_json(session.player), "csrf": session.csrf, "admin": session.player.admin,
            "muted": muted.to_json() if muted is not None else None}


@router.post("/register", status_code=201, summary="Make an account and log in")
async def register(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
    with throttles(request).registrations.counted(_address(request)):
        player = await hash_pool(request).run(accounts_of(request).register, body.name, body.password)
    return await _log_in(request, response, player)


@router.post("/guest", status_code=201, summary="Play as a guest under a name (no password; never rated)")
async def guest(body: GuestRequest, request: Request, response: Response) -> dict[str, Any]:
    with throttles(request).guests.counted(_address(request)):
        player = await asyncio.to_thread(accounts_of(request).guest, body.name)
    return await _log_in(request, response, player)


@router.post("/login", summary="Log in with your name and password")
async def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
    player = await hash_pool(request).run(accounts_of(request).login, body.name, body.password, _address(request))
    return await _log_in(request, response, player)


@router.post("/logout", summary="End this page's session")
async def logout(request: Request, response: Response) -> dict[str, Any]:
    session = await _session(request)
    if session is not None:
        _check_csrf(request, session)
        await asyncio.to_thread(accounts_of(request).end_session, request.cookies[COOKIE])
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https")
    return {"player": None, "csrf": None}


@router.post("/password", summary="Change your password (your other sessions end, your API keys are deleted)")
async def change_password(body: PasswordChange, request: Request) -> dict[str, Any]:
    session = await _page_session(request, write=True)
    await hash_pool(request).run(accounts_of(request).change_password, session.player.id, body.old, body.new,
                                 request.cookies[COOKIE])
    return {"player": player_json(session.player), "csrf": session.csrf}


@router.get("/keys", summary="Your bots' API keys (their ids and labels; a key itself is shown only once)")
async def list_keys(request: Request) -> list[dict[str, str]]:
    session = await _page_session(request, write=False)
    return await asyncio.to_thread(accounts_of(request).api_keys, session.player.id)


@router.post("/keys", status_code=201, summary="Make an API key for a bot: shown this once, keep it")
async def new_key(body: KeyRequest, request: Request) -> dict[str, str]:
    session = await _page_session(request, write=True)
    accounts = accounts_of(request)
    key = await asyncio.to_thread(accounts.new_api_key, session.player.id, body.label)
    listed = {k["id"]: k for k in await asyncio.to_thread(accounts.api_keys, session.player.id)}
    return {**listed[id_of_key(key)], "key": key}


@router.delete("/keys/{key_id}", summary="Delete an API key (bots using it are refused from now on)")
async def delete_key(key_id: str, request: Request) -> dict[str, str]:
    session = await _page_session(request, write=True)
    await asyncio.to_thread(accounts_of(request).delete_api_key, session.player.id, key_id)
    return {"deleted": key_id}
