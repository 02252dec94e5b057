"""``hanpan chat reports``: the chat messages players reported and no admin has handled yet, for the site's
moderators (the CLI's glue: ``hanpan.cli.main`` calls ``command``; the reports are ``Moderation.reports``,
the admin page's own list).

A line per report, newest message first: when, the table, who wrote the message and what, who reported it
and why.
"""

from __future__ import annotations

from hanpan.web.moderation import Moderation
from hanpan.web.serve import check_db_url, default_db_url
from hanpan.web.storage import Store


def command(db: str | None = None, limit: int = 50) -> int:
    """Print the reports of the ``limit`` newest reported messages of ``db`` (default: the server's database)."""
    store = Store(check_db_url(db) if db else default_db_url())
    try:
        messages = Moderation(store).reports(limit=limit)
    finally:
        store.close()
    lines = [f"{r['at'][:19].replace('T', ' ')}  table {m['table']}  message {m['message']}  "
             f"{r['by']} reported {m['sender']}{_why(r['reason'])}: {m['text']}"
             for m in messages for r in reversed(m["reports"])]
    if not lines:
        print("no chat message is waiting for an admin")
        return 0
    print(f"{len(lines)} report{'s' if len(lines) != 1 else ''}, newest first:")
    print("\n".join(lines))
    return 0


def _why(reason: str) -> str:
    return f" ({reason})" if reason != "-" else ""
