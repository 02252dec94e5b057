"""What the people who run a site read: ``/metrics`` (Prometheus, only to ``--metrics-from``'s addresses),
``/healthz`` (the process answers) and ``/readyz`` (its database answers and is migrated to this
version's newest revision) — for a load balancer, a container's probes or an alert.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST
from sqlalchemy import text

from hanpan.web.errors import Refusal

if TYPE_CHECKING:
    from hanpan.web.hub import Hub
    from hanpan.web.settings import ServerSettings


class NotYours(Refusal):
    """/metrics asked from an address not given with --metrics-from."""


def _head() -> str:
    from importlib.resources import files

    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(files("hanpan.web") / "migrations"))
    return str(ScriptDirectory.from_config(config).get_current_head())


def include(app: FastAPI, get_hub: Callable[[], Hub], settings: ServerSettings) -> None:
    router = APIRouter()
    head = _head()

    @router.get("/metrics", include_in_schema=False)
    async def metrics(request: Request) -> Response:
        address = request.client.host if request.client is not None else "?"
        if address not in settings.metrics_from:
            raise NotYours(403, f"/metrics answers only {', '.join(settings.metrics_from)} (hanpan serve "
                                "--metrics-from ADDRESS)", "metrics_address", {"address": address[:60]})
        hub = get_hub()
        return Response(hub.metrics.text(), media_type=CONTENT_TYPE_LATEST)

    @router.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        return {"status": "alive"}

    @router.get("/readyz", include_in_schema=False)
    async def readyz() -> JSONResponse:
        hub = get_hub()

        def migrated() -> str | None:
            with hub.store.engine.connect() as c:
                found = c.execute(text("SELECT version_num FROM alembic_version")).scalar()
            return None if found is None else str(found)

        try:
            version = await asyncio.wait_for(hub.db(migrated), 5.0)
        except Exception as e:  # unreachable, too slow, or no schema at all
            body: dict[str, Any] = {"status": "database unreachable", "error": str(e).splitlines()[0][:200]
                                    if str(e) else type(e).__name__}
            return JSONResponse(body, status_code=503)
        if version != head:
            return JSONResponse({"status": "not migrated", "migration": version, "expected": head}, status_code=503)
        return JSONResponse({"status": "ready", "migration": version})

    app.include_router(router)
