"""The migrations make exactly the tables the code declares (``storage`` and ``schema``), on both databases,
and a database made by the first migration alone (today's games) is carried forward with its games."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, create_engine

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


@contextmanager
def database_at(url: str, revision: str) -> Iterator[Connection]:
    """An SQLite database at ``url`` migrated only up to ``revision``: its connection, to add rows of that
    schema before a ``Store`` migrates it to the newest."""
    from importlib.resources import files

    from alembic import command
    from alembic.config import Config

    engine = create_engine(url)
    config = Config()
    config.set_main_option("script_location", str(files("hanpan.web") / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
        yield connection
    engine.dispose()


def test_a_database_of_the_first_schema_keeps_its_games(tmp_path: object) -> None:
    url = f"sqlite:///{tmp_path}/old.sqlite3"
    with database_at(url, "0001"):
        pass
    old = Store.__new__(Store)  # write a game with the first schema's tables only
    old.url, old.engine, old.is_sqlite, old._write_lock = url, create_engine(url), True, None
    old.create_game(StoredGame("g1", "spirits_of_the_wild", {}, 7, ["human", "greedy"]), {0: "ab" * 32})
    old.engine.dispose()
    store = Store(url)  # migrates to the newest schema
    kept = store.game("g1")
    assert kept is not None and kept.seats == ["human", "greedy"] and store.token_hashes("g1") == {0: "ab" * 32}
    store.close()


def test_names_that_look_alike_from_before_the_rule_are_kept_and_no_new_one_joins_them(tmp_path: object) -> None:
    """Migration 0005 gives every player's name what it looks like; look-alike names already there stay."""
    from datetime import UTC, datetime

    from argon2 import PasswordHasher
    from sqlalchemy import insert, select

    from hanpan.web.accounts import AccountRefused, Accounts
    from hanpan.web.schema import players_table

    url = f"sqlite:///{tmp_path}/old.sqlite3"
    with database_at(url, "0004") as connection:
        for pid, name in (("p1", "ali"), ("p2", "\u0430li")):  # the second with a Cyrillic а
            connection.execute(insert(players_table).values(
                id=pid, name=name, name_key=name.casefold(), password_hash=None,
                created_at=datetime(2026, 1, 1, tzinfo=UTC)))
    store = Store(url)  # migrates to the newest schema
    with store.engine.connect() as c:
        rows = c.execute(select(players_table.c.name, players_table.c.name_skeleton)
                         .order_by(players_table.c.id)).all()
    assert [r.name for r in rows] == ["ali", "\u0430li"] and rows[0].name_skeleton == rows[1].name_skeleton == "ali"
    accounts = Accounts(store, hasher=PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
    with pytest.raises(AccountRefused, match="looks like the name 'ali' of another player") as refused:
        accounts.guest("al\u0456")
    assert refused.value.status == 409
    store.close()
