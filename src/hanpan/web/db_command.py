"""``hanpan db backup FILE`` / ``hanpan db restore FILE``: a copy of the server's SQLite database taken
while it serves, and that copy put back (the CLI's glue: ``hanpan.cli.main`` calls ``command``).

A backup uses SQLite's online backup API: a consistent copy of the database as one moment of it, every
move committed by then included (the WAL too), while the server goes on writing.  A restore checks the
copy (SQLite's integrity check, the hanpan tables and their migration) and writes it over the database
with the same API; the server must be stopped first.  PostgreSQL has its own tools (``pg_dump -Fc`` and
``pg_restore``, docs/deploy.md); on a PostgreSQL URL these commands say so.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> from hanpan.web.storage import Store
>>> Store(f"sqlite:///{folder}/live.sqlite3").close()
>>> backup(f"sqlite:///{folder}/live.sqlite3", folder / "copy.sqlite3")["tables"] > 5
True
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy.engine import make_url

from hanpan.core.errors import OptionError
from hanpan.web.serve import check_db_url, default_db_url

#: tables a hanpan database has (the check of a file to restore)
NEEDED = ("games", "moves", "players", "lobby_tables", "alembic_version")


def _sqlite_path(url: str) -> Path:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        raise OptionError("hanpan db backup and restore copy SQLite databases; for PostgreSQL use pg_dump -Fc and "
                          "pg_restore (docs/deploy.md)")
    if not parsed.database or parsed.database == ":memory:":
        raise OptionError(f"--db {url!r} is not a database file")
    return Path(parsed.database)


def _copy(source: sqlite3.Connection, target: sqlite3.Connection) -> None:
    # all pages in one step: the copy is the database at one moment (a writer waits for it, briefly)
    source.backup(target, pages=-1)


def _check(path: Path) -> dict[str, Any]:
    """What the copy at ``path`` holds; OptionError when it is not a sound hanpan database."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as c:
            verdict = c.execute("PRAGMA integrity_check").fetchone()[0]
            names = {row[0] for row in c.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            missing = [n for n in NEEDED if n not in names]
            if verdict != "ok" or missing:
                raise OptionError(f"{path} is not a sound hanpan database (integrity: {verdict}; "
                                  f"missing tables: {', '.join(missing) or 'none'})")
            version = c.execute("SELECT version_num FROM alembic_version").fetchone()
            moves = c.execute("SELECT count(*) FROM moves").fetchone()[0]
            games = c.execute("SELECT count(*) FROM games").fetchone()[0]
    except sqlite3.DatabaseError as e:
        raise OptionError(f"{path} is not an SQLite database ({e})") from None
    return {"tables": len(names), "games": games, "moves": moves, "migration": version[0] if version else None}


def backup(url: str, file: Path) -> dict[str, Any]:
    """Copy the database at ``url`` to ``file`` (which must not exist), consistent while the server writes."""
    source_path = _sqlite_path(url)
    if not source_path.exists():
        raise OptionError(f"there is no database at {source_path}")
    if file.exists():
        raise OptionError(f"{file} exists already; give a new file's name (a backup never overwrites)")
    with sqlite3.connect(source_path, timeout=30) as source, sqlite3.connect(file) as target:
        _copy(source, target)
    file.chmod(0o600)  # it holds password hashes and sessions
    return _check(file)


def restore(url: str, file: Path) -> dict[str, Any]:
    """Write the checked copy ``file`` over the database at ``url`` (the server stopped)."""
    target_path = _sqlite_path(url)
    if not file.exists():
        raise OptionError(f"there is no backup at {file}")
    found = _check(file)
    with sqlite3.connect(f"file:{file}?mode=ro", uri=True) as source, sqlite3.connect(target_path, timeout=5) as target:
        try:
            target.execute("BEGIN EXCLUSIVE")  # a server writing now holds it: stop it first
            target.rollback()
        except sqlite3.OperationalError:
            raise OptionError(f"{target_path} is in use: stop the server before restoring") from None
        _copy(source, target)
    return found


def command(action: str, file: str, db: str | None = None) -> int:
    url = check_db_url(db) if db else default_db_url()
    path = Path(file)
    if action == "backup":
        found = backup(url, path)
        print(f"backed up {found['games']} games and {found['moves']} moves to {path} (migration {found['migration']})")
    else:
        found = restore(url, path)
        print(f"restored {found['games']} games and {found['moves']} moves from {path} (migration "
              f"{found['migration']}); the server migrates it further when it starts")
    return 0
