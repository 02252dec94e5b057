"""The notifications' API (``/api/account/notifications``, ``/api/account/push``, ``/api/account/email``,
``/api/email/confirm``, ``/api/unsubscribe``, ``/api/push/key``) and what makes the site installable:
the service worker (``/sw.js``, scope ``/``), the web app manifest in each language and the offline page.
Who may call what: ``hanpan.web.authorization``; what is sent and when: ``hanpan.web.notifier``.
"""

from __future__ import annotations

import asyncio
import re
import secrets
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr

from hanpan.web import notify_send
from hanpan.web.accounts import Player
from hanpan.web.errors import Refusal
from hanpan.web.notifier import Notifier
from hanpan.web.notify_settings import check
from hanpan.web.routes_accounts import require_player
from hanpan.web.throttle import Window

STATIC = Path(str(files("hanpan.web") / "static"))
#: an address as a person types it: something@somewhere.tld, no spaces, at most 254 characters
EMAIL = re.compile(r"^[^@\s\"<>(),;:\\\[\]]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$")
#: confirmation mails one player may have sent in an hour (each goes to an address they typed)
CONFIRMATIONS_PER_HOUR = 5
#: confirmation mails one address may be sent in a day, whoever asks (no mail-bombing a stranger's
#: address from many accounts)
CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3


class NotifyRefused(Refusal):
    """A notifications request that cannot be done (its status, line, code and parameters; a 429 says
    when to ask again)."""



Lang = Literal["en", "ko"]
Short = Annotated[StrictStr, Field(max_length=300)]


class Channels(BaseModel):
    model_config = ConfigDict(extra="forbid")
    push: StrictBool | None = None
    mail: StrictBool | None = None


class Events(BaseModel):
    model_config = ConfigDict(extra="forbid")
    turn: Channels | None = None
    rematch: Channels | None = None
    late: Channels | None = None


class Quiet(BaseModel):
    model_config = ConfigDict(extra="forbid")
    from_: Annotated[StrictStr, Field(alias="from", max_length=5)]
    to: Annotated[StrictStr, Field(max_length=5)]


class NotifySettingsRequest(BaseModel):
    """``PUT /api/account/notifications``: which events by which channel, quiet hours (null: none) in a
    time zone, and the language of the mails."""

    model_config = ConfigDict(extra="forbid")
    events: Events | None = None
    quiet: Quiet | None = None
    tz: Annotated[StrictStr, Field(max_length=60)] | None = None
    lang: Lang | None = None


class Keys(BaseModel):
    model_config = ConfigDict(extra="forbid")
    p256dh: Annotated[StrictStr, Field(min_length=80, max_length=100, pattern=r"^[A-Za-z0-9_-]+=*$")]
    auth: Annotated[StrictStr, Field(min_length=16, max_length=30, pattern=r"^[A-Za-z0-9_-]+=*$")]


class PushSubscription(BaseModel):
    """``POST /api/account/push``: a device's subscription as ``PushSubscription.toJSON()`` gives it."""

    model_config = ConfigDict(extra="ignore")  # expirationTime and what browsers add
    endpoint: Annotated[StrictStr, Field(min_length=12, max_length=1000, pattern=r"^https?://")]
    keys: Keys
    lang: Lang = "en"


class ForgetDevice(BaseModel):
    model_config = ConfigDict(extra="forbid")
    endpoint: Annotated[StrictStr, Field(min_length=1, max_length=1000)]


class EmailRequest(BaseModel):
    """``POST /api/account/email``: the address to confirm (null: remove it), the mails' language."""

    model_config = ConfigDict(extra="forbid")
    address: Annotated[StrictStr, Field(max_length=254)] | None
    lang: Lang = "en"


class ConfirmRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: Annotated[StrictStr, Field(min_length=1, max_length=100)]


def include(app: FastAPI, get_notifier: Callable[[], Notifier]) -> None:
    router = APIRouter()
    confirmations = Window(CONFIRMATIONS_PER_HOUR, 3600.0)
    to_address = Window(CONFIRMATIONS_PER_ADDRESS_PER_DAY, 24 * 3600.0)
    site_wide: Window | None = None  # made with the first request: the notifier (and its settings) comes later

    def throttled(wait: float, refused: NotifyRefused) -> NotifyRefused:
        refused.retry_after = int(wait) + 1
        return refused

    async def state(player: Player) -> dict[str, Any]:
        notifier = get_notifier()
        notices = await asyncio.to_thread(notifier.rows.notices, player.id)
        devices = await asyncio.to_thread(notifier.rows.devices, player.id)
        return {"settings": notices.settings,
                "email": None if notices.email is None else {"address": notices.email, "confirmed": notices.confirmed},
                "mail_available": notifier.settings.smtp.enabled, "mail_minutes": notifier.settings.mail_interval,
                "push_interval_s": notifier.settings.push_interval, "devices": len(devices), "guest": player.guest}

    @router.get("/api/push/key", summary="The server's VAPID public key: the applicationServerKey to subscribe with")
    async def push_key() -> dict[str, str]:
        return {"public_key": get_notifier().public_key}

    @router.get("/api/account/notifications", summary="Your notification settings, e-mail address and devices")
    async def get_settings(request: Request) -> dict[str, Any]:
        return await state(await require_player(request, write=False))

    @router.put("/api/account/notifications", summary="Change which events reach you, how, and your quiet hours")
    async def put_settings(request: Request, body: NotifySettingsRequest) -> dict[str, Any]:
        player = await require_player(request, write=True)
        notifier = get_notifier()
        given = body.model_dump(by_alias=True, exclude_unset=True)
        for name in ("events", "tz", "lang"):  # null: unchanged (quiet: null turns quiet hours off)
            if given.get(name, "") is None:
                del given[name]
        if "events" in given:
            given["events"] = {event: {c: on for c, on in channels.items() if on is not None}
                               for event, channels in given["events"].items() if channels is not None}
        current = await asyncio.to_thread(notifier.rows.notices, player.id)
        settings = check(given, current.settings)
        await asyncio.to_thread(notifier.rows.save_settings, player.id, settings)
        return await state(player)

    @router.post("/api/account/push", status_code=201, summary="Allow push notifications on this device")
    async def subscribe(request: Request, body: PushSubscription) -> dict[str, int]:
        player = await require_player(request, write=True)
        notifier = get_notifier()
        refused = notify_send.endpoint_refused(body.endpoint, notifier.settings.push_services)
        if refused is not None:
            raise NotifyRefused(400, refused, "push_endpoint", {"services": ", ".join(notifier.settings.push_services)})
        rows = notifier.rows
        count = await asyncio.to_thread(rows.subscribe, player.id, body.endpoint, body.keys.p256dh, body.keys.auth,
                                        body.lang)
        return {"devices": count}

    @router.post("/api/account/push/forget", summary="Stop push notifications on a device")
    async def forget(request: Request, body: ForgetDevice) -> dict[str, int]:
        player = await require_player(request, write=True)
        return {"devices": await asyncio.to_thread(get_notifier().rows.forget, player.id, body.endpoint)}

    @router.post("/api/account/email", summary="Set (or remove) the address notification mails go to; "
                                                "a link confirms it")
    async def set_email(request: Request, body: EmailRequest) -> dict[str, Any]:
        player = await require_player(request, write=True, account=True)
        notifier = get_notifier()
        if body.address is None:
            await asyncio.to_thread(notifier.rows.set_email, player.id, None, None)
            return await state(player)
        address = body.address.strip()
        if not EMAIL.match(address):
            raise NotifyRefused(400, "address must be an e-mail address like name@example.org", "email_bad")
        if not notifier.settings.smtp.enabled:
            raise NotifyRefused(409, "this server sends no e-mail (it was started without --smtp-host)", "email_off")
        nonlocal site_wide
        if site_wide is None:
            site_wide = Window(notifier.settings.site_confirmations_per_hour, 3600.0)
        wait = confirmations.wait(player.id)
        if wait > 0:
            minutes = int(wait // 60) + 1
            raise throttled(wait, NotifyRefused(429, f"{CONFIRMATIONS_PER_HOUR} confirmation mails an hour at most; "
                                                     f"try again in {minutes} minutes", "email_throttled",
                                                {"count": CONFIRMATIONS_PER_HOUR, "minutes": minutes}))
        wait = to_address.wait(address.lower())
        if wait > 0:
            hours = int(wait // 3600) + 1
            raise throttled(wait, NotifyRefused(429, f"this address was sent {CONFIRMATIONS_PER_ADDRESS_PER_DAY} "
                                                     f"confirmation mails today; try again in {hours} hours",
                                                "email_address_throttled",
                                                {"count": CONFIRMATIONS_PER_ADDRESS_PER_DAY, "hours": hours}))
        wait = site_wide.wait("site")
        if wait > 0:
            minutes = int(wait // 60) + 1
            raise throttled(wait, NotifyRefused(429, f"too many confirmation mails are going out now; try again in "
                                                     f"{minutes} minutes", "email_busy", {"minutes": minutes}))
        confirmations.add(player.id)
        to_address.add(address.lower())
        site_wide.add("site")
        token = secrets.token_urlsafe(24)
        await asyncio.to_thread(notifier.rows.set_email, player.id, address, token)
        settings = (await asyncio.to_thread(notifier.rows.notices, player.id)).settings
        if settings.get("lang") != body.lang:
            await asyncio.to_thread(notifier.rows.save_settings, player.id, {**settings, "lang": body.lang})
        try:
            await notifier.send_confirmation(address, token, body.lang)
        except Exception as e:
            raise NotifyRefused(503, "the confirmation mail could not be sent now; try again later",
                                "email_unsent") from e
        return await state(player)

    @router.post("/api/email/confirm", summary="Confirm an e-mail address with the token of its link")
    async def confirm(body: ConfirmRequest) -> dict[str, Any]:
        found = await asyncio.to_thread(get_notifier().rows.confirm_email, body.token)
        if found is None:
            raise NotifyRefused(404, "this confirmation link is unknown or was used; set the address again",
                                "email_token_unknown")
        return {"confirmed": True, "address": found[1]}

    @router.post("/api/unsubscribe", summary="Stop notification mails (the link in every mail; no login)")
    async def unsubscribe(p: str = Query(..., max_length=40), t: str = Query(..., max_length=60)) -> dict[str, bool]:
        notifier = get_notifier()
        if not notifier.check_unsubscribe(p, t):
            raise NotifyRefused(400, "this unsubscribe link is not valid; change your settings on the settings "
                                     "page", "unsubscribe_bad")
        await asyncio.to_thread(notifier.rows.mail_off, p)
        return {"unsubscribed": True}

    # --- installing the site ------------------------------------------------------------------------
    @router.get("/sw.js", include_in_schema=False)
    async def service_worker() -> FileResponse:
        return FileResponse(STATIC / "sw.js", media_type="text/javascript",
                            headers={"Service-Worker-Allowed": "/", "Cache-Control": "no-cache"})

    @router.get("/manifest.webmanifest", include_in_schema=False)
    async def manifest(lang: str = Query("en", max_length=5)) -> FileResponse:
        chosen = "ko" if lang == "ko" else "en"
        return FileResponse(STATIC / f"manifest-{chosen}.webmanifest", media_type="application/manifest+json")

    @router.get("/offline", include_in_schema=False)
    async def offline() -> FileResponse:
        return FileResponse(STATIC / "offline.html", media_type="text/html")

    app.include_router(router)
