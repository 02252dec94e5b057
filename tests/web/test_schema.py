"""The migrations make exactly the tables the code declares (``storage`` and ``schema``), on both databases,
and a database made by the first migration alone (today's games) is carried forward with its games."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine

import hanpan.web.decisions  # declares its table on the shared metadata
import hanpan.web.reviews_store  # declares its tables on the shared metadata
import hanpan.web.schema  # noqa: F401  (declares its tables on the shared metadata)
from hanpan.web.storage import Store, StoredGame, metadata


def test_the_migrations_make_the_declared_schema(db_url: str) -> None:
    store = Store(db_url)
    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), metadata)
    store.close()
    assert differences == []


def test_a_database_of_the_first_schema_keeps_its_games(tmp_path: object) -> None:
    from importlib.resources import files

    from alembic import command
    from alembic.config import Config

    url = f"sqlite:///{tmp_path}/old.sqlite3"
    engine = create_engine(url)
    config = Config()
    config.set_main_option("script_location", str(files("hanpan.web") / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    engine.dispose()
    old = Store.__new__(Store)  # write a game with the first schema's tables only
    old.url, old.engine, old.is_sqlite, old._write_lock = url, create_engine(url), True, None
    old.create_game(StoredGame("g1", "spirits_of_the_wild", {}, 7, ["human", "greedy"]), {0: "ab" * 32})
    old.engine.dispose()
    store = Store(url)  # migrates to the newest schema
    kept = store.game("g1")
    assert kept is not None and kept.seats == ["human", "greedy"] and store.token_hashes("g1") == {0: "ab" * 32}
    store.close()
