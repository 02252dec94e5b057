"""``hanpan admin``: who may moderate the site (the CLI's glue: ``hanpan.cli.main`` calls ``command``; the
work is ``hanpan.web.moderation``'s, so the grant goes to the audit log like every admin action).

- ``hanpan admin grant NAME`` / ``revoke NAME``: give an account the admin role, or take it back;
- ``hanpan admin list``: the admins;
- ``hanpan admin log``: the audit log, newest first.
"""

from __future__ import annotations

import getpass

from hanpan.core.errors import OptionError
from hanpan.web.moderation import Moderation, ModerationRefused
from hanpan.web.serve import check_db_url, default_db_url
from hanpan.web.storage import Store


def actor() -> str:
    """Who acts from the command line, as the audit log names them."""
    try:
        return f"cli:{getpass.getuser()}"
    except (KeyError, OSError):
        return "cli:?"


def command(action: str, name: str | None, db: str | None = None, limit: int = 50, reason: str = "-") -> int:
    """Do ``action`` (grant, revoke, list, log) on ``db`` (default: the server's database)."""
    if action in ("grant", "revoke") and not name:
        raise OptionError(f"write hanpan admin {action} NAME (an account's name)")
    store = Store(check_db_url(db) if db else default_db_url())
    try:
        moderation = Moderation(store)
        if action in ("grant", "revoke"):
            assert name is not None
            try:
                written = moderation.set_admin(name, action == "grant", actor(), reason)
            except ModerationRefused as e:
                raise OptionError(str(e)) from None
            print(f"{written} is {'now an admin' if action == 'grant' else 'no longer an admin'}")
        elif action == "list":
            admins = moderation.admins()
            print(", ".join(admins) if admins else "no admin yet: hanpan admin grant NAME")
        else:
            lines = moderation.audit(limit)
            if not lines:
                print("the audit log is empty")
            for line in lines:
                details = ", ".join(f"{k}={v}" for k, v in line["details"].items() if v is not None)
                print(f"{line['at'][:19].replace('T', ' ')}  {line['actor']}  {line['action']} {line['target']}  "
                      f"({line['reason']}){'  ' + details if details else ''}")
    finally:
        store.close()
    return 0
