"""``hanpan chat reports``: the chat messages players reported, for the site's moderators (the CLI's glue:
``hanpan.cli.main`` calls ``command``; the storage is ``hanpan.web.tables``).

A line per report, newest first: when, the table, who wrote the message and what, who reported it and why.
"""

from __future__ import annotations

from hanpan.web.serve import check_db_url, default_db_url
from hanpan.web.storage import Store
from hanpan.web.tables import Tables


def command(db: str | None = None, limit: int = 50) -> int:
    """Print the ``limit`` newest reports of ``db`` (default: the server's database)."""
    store = Store(check_db_url(db) if db else default_db_url())
    try:
        reports = Tables(store).chat_reports(limit)
    finally:
        store.close()
    if not reports:
        print("no chat message has been reported")
        return 0
    print(f"{len(reports)} report{'s' if len(reports) != 1 else ''}, newest first:")
    for r in reports:
        why = f" ({r['reason']})" if r["reason"] != "-" else ""
        print(f"{r['at'][:19].replace('T', ' ')}  table {r['table']}  message {r['message']}  "
              f"{r['reporter']} reported {r['sender']}{why}: {r['text']}")
    return 0
