"""Fixtures of the web tests: the app on SQLite and on PostgreSQL (a throwaway cluster).

With ``CI`` set, nothing may be skipped: a missing PostgreSQL or browser is an error there.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi", reason="the web tests need the 'web' extra: pip install -e '.[web,dev]'")

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from hanpan.web.app import create_app

from . import pg
from .helpers import TEST_SETTINGS

IN_CI = bool(os.environ.get("CI"))


def need(reason: str | None) -> None:
    """Skip for ``reason`` locally; fail in CI, where everything must run."""
    if reason is None:
        return
    if IN_CI:
        pytest.fail(f"CI must run this test, but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    need(pg.missing_reason())
    with pg.throwaway_cluster() as url:
        yield url


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A fresh database on the session's cluster for one test."""
    name = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(postgres_server, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f"CREATE DATABASE {name}"))
    yield postgres_server.rsplit("/", 1)[0] + f"/{name}"
    with admin.connect() as c:
        c.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: object) -> str:
    """Every API test runs on both databases."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/hanpan.sqlite3"
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as c:
        yield c


# --- the browser tests' fixtures (tests/web/browser.py drives the pages) ---------------------------------

@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``hanpan serve`` on a fresh SQLite database, for one test module."""
    from .browser import missing
    from .server import running_server

    need(missing())
    folder = tmp_path_factory.mktemp("browser-db")
    log = folder / "server.log"
    with running_server(f"sqlite:///{folder}/games.sqlite3", log) as base:
        yield base
    print(f"the server's log: {log}")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Debian's chromium, driven by Playwright."""
    from .browser import CHROMIUM_ARGS, chromium_path, missing

    need(missing())
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def axe() -> str:
    """axe-core's script (npm's, packed once into ~/.cache/hanpan-tests)."""
    from pathlib import Path

    from .browser import axe_script

    return axe_script(Path.home() / ".cache" / "hanpan-tests")
