"""``hanpan serve``: run the web app with uvicorn (one process; computer seats in worker processes).

The default database is an SQLite file in the user's data folder, so nothing needs installing;
``--db postgresql+psycopg://…`` uses PostgreSQL.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import webbrowser
from pathlib import Path

from hanpan.core.errors import OptionError


def default_db_url() -> str:
    """``sqlite:///<user data folder>/hanpan.sqlite3`` (``HANPAN_DATA_DIR`` overrides the folder)."""
    from platformdirs import user_data_dir

    folder = Path(os.environ.get("HANPAN_DATA_DIR") or user_data_dir("hanpan", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'hanpan.sqlite3'}"


def check_db_url(url: str) -> str:
    """A clear one-line error for a URL SQLAlchemy cannot use (before the server starts)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    try:
        parsed = make_url(url)
        parsed.get_dialect()
    except (ArgumentError, NoSuchModuleError, ValueError) as e:
        raise OptionError(f"--db {url!r} is not a database URL SQLAlchemy can use ({e}); "
                          "use e.g. sqlite:///games.sqlite3 or postgresql+psycopg://user@host/db") from None
    return url


def _can_open_browser() -> bool:
    """Only where a graphical browser can show up: never hand the terminal to a text-mode browser."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, open_browser: bool = False,
          bot_workers: int = 2) -> int:
    import uvicorn

    from hanpan.web.app import create_app

    url = check_db_url(db) if db else default_db_url()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    app = create_app(url, bot_workers=bot_workers)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    address = f"http://{shown}:{port}/"
    safe_url = url.split("@")[-1] if "@" in url else url  # never print a database password
    print(f"hanpan: serving on {address} (database {safe_url}); Ctrl-C stops", flush=True)
    if open_browser and _can_open_browser():
        threading.Timer(1.0, webbrowser.open, (address,)).start()
    # access_log off: a WebSocket's URL carries its seat's token, and tokens are never logged
    uvicorn.run(app, host=host, port=port, access_log=False, ws_max_size=64 * 1024, log_level="info")
    return 0
