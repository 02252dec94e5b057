"""Moderation: who is an admin, the reported chat messages with their context, mutes and bans, hidden
messages, and the audit log of every admin action (who, what, on what, why, when).

The admin page (``hanpan.web.routes_admin``) and ``hanpan admin`` (``hanpan.web.admin_command``) both act
through :class:`Moderation`, so each action is written to the audit log in the same transaction as the
action itself: no action without its line, no line without its action.

- A **mute** (for some minutes) stops a player's chat messages; they are told why and until when.
- A **ban** (for some days, or until lifted) ends every session and deletes every API key of the player,
  and refuses their logins with why and until when; the seats they hold in games in progress are taken
  over as when a player leaves (the server does that: ``Lobby.remove``).
- A **hidden** message stays in the database (and in the audit log) but no page shows it again.
- Handling a reported message (muting or banning its writer, hiding it, or dismissing the reports)
  marks its reports handled; the report list shows the unhandled ones first.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, and_, delete, func, insert, select, update

from hanpan.web.accounts import name_key
from hanpan.web.errors import Refusal
from hanpan.web.sanctions import KINDS, Sanction, all_in_force, in_force
from hanpan.web.schema import (
    api_keys_table,
    audit_log_table,
    chat_messages_table,
    chat_reports_table,
    lobby_tables_table,
    players_table,
    sanctions_table,
    sessions_table,
)
from hanpan.web.storage import Store, utc

#: the longest mute (minutes: 30 days) and ban with an end (days: 10 years; longer: for good)
MAX_MUTE_MINUTES = 30 * 24 * 60
MAX_BAN_DAYS = 3650
#: messages shown around a reported one (before, after)
CONTEXT = (3, 2)
ACTIONS = ("grant", "revoke", "mute", "ban", "lift", "hide", "dismiss", "close")


class ModerationRefused(Refusal):
    """An admin action that cannot be done (its status, line, code and parameters)."""


def _player_row(c: Connection, name: str) -> Any:
    row = c.execute(select(players_table.c.id, players_table.c.name, players_table.c.password_hash,
                           players_table.c.admin).where(players_table.c.name_key == name_key(name.strip()))).first()
    if row is None:
        raise ModerationRefused(404, f"no player named {name.strip()[:40]!r}", "player_unknown",
                                {"name": name.strip()[:40]})
    return row


def check_reason(reason: str) -> str:
    """An action's reason on one line, 1 to 300 characters (what the player and the audit log read)."""
    text = " ".join(str(reason).split())
    if not text or len(text) > 300:
        raise ModerationRefused(400, "give a reason of 1 to 300 characters (the player and the audit log read it)",
                                "reason_needed")
    return text


class Moderation:
    """The site's moderation, on ``store``; ``clock`` gives the time (tests move it)."""

    def __init__(self, store: Store, clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.store = store
        self.clock = clock

    def _audit(self, c: Connection, actor: str, action: str, target: str, reason: str, **details: Any) -> None:
        assert action in ACTIONS
        c.execute(insert(audit_log_table).values(at=self.clock(), actor=actor[:80], action=action, target=target[:120],
                                                 reason=reason, details=json.dumps(details, ensure_ascii=False)))

    # --- the admin role ---------------------------------------------------------------------------
    def set_admin(self, name: str, on: bool, actor: str, reason: str = "-") -> str:
        """Grant (``on``) or revoke the admin role of the account ``name``; its name as written."""
        with self.store._writing(), self.store.engine.begin() as c:
            row = _player_row(c, name)
            if row.password_hash is None:
                raise ModerationRefused(400, f"{row.name} is a guest: only an account can be an admin",
                                        "admin_guest", {"name": row.name})
            c.execute(update(players_table).where(players_table.c.id == row.id).values(admin=on))
            self._audit(c, actor, "grant" if on else "revoke", f"player:{row.name}", reason)
        return str(row.name)

    def admins(self) -> list[str]:
        with self.store.engine.connect() as c:
            return [r.name for r in c.execute(select(players_table.c.name).where(players_table.c.admin.is_(True))
                                               .order_by(players_table.c.name_key))]

    # --- reports ----------------------------------------------------------------------------------
    def reports(self, handled: bool = False, limit: int = 50) -> list[dict[str, Any]]:
        """The reported messages (unhandled ones; with ``handled`` the handled ones), newest report first:
        each with its table, writer (and their sanctions in force), the reports, and the messages around it."""
        m, r = chat_messages_table, chat_reports_table
        sender = players_table.alias("sender")
        open_ = r.c.handled_at.is_not(None) if handled else r.c.handled_at.is_(None)
        now = self.clock()
        with self.store.engine.connect() as c:
            newest = (select(r.c.message_id, func.max(r.c.created_at).label("last")).where(open_)
                      .group_by(r.c.message_id).subquery())
            rows = c.execute(select(m.c.id, m.c.table_id, m.c.text, m.c.created_at, m.c.hidden_at, m.c.player_id,
                                    sender.c.name.label("sender"), newest.c.last)
                             .join(newest, newest.c.message_id == m.c.id)
                             .join(sender, sender.c.id == m.c.player_id)
                             .order_by(newest.c.last.desc(), m.c.id.desc()).limit(limit)).all()
            reporter = players_table.alias("reporter")
            reports: dict[int, list[Any]] = {int(row.id): [] for row in rows}
            for x in c.execute(select(r.c.message_id, reporter.c.name, r.c.reason, r.c.created_at)
                               .join(reporter, reporter.c.id == r.c.reporter_id)
                               .where(r.c.message_id.in_(list(reports)), open_).order_by(r.c.created_at)):
                reports[int(x.message_id)].append(x)
            sanctions = all_in_force(c, {row.player_id for row in rows}, now)
            found = [{
                "message": int(row.id), "table": row.table_id, "text": row.text, "sender": row.sender,
                "at": utc(row.created_at).isoformat(), "hidden": row.hidden_at is not None,
                "reports": [{"by": x.name, "reason": x.reason, "at": utc(x.created_at).isoformat()}
                            for x in reports[int(row.id)]],
                # the messages around it: two small indexed queries a message (at most ``limit`` messages)
                "context": self._context(c, row.table_id, int(row.id)),
                "sanctions": {kind: s.to_json() for kind in KINDS if (s := sanctions.get((row.player_id, kind)))},
            } for row in rows]
        return found

    def _context(self, c: Connection, table_id: str, message_id: int) -> list[dict[str, Any]]:
        m = chat_messages_table
        columns = (m.c.id, m.c.text, m.c.created_at, m.c.hidden_at, players_table.c.name)
        base = select(*columns).join(players_table, players_table.c.id == m.c.player_id).where(m.c.table_id == table_id)
        before = c.execute(base.where(m.c.id < message_id).order_by(m.c.id.desc()).limit(CONTEXT[0])).all()
        after = c.execute(base.where(m.c.id >= message_id).order_by(m.c.id).limit(CONTEXT[1] + 1)).all()
        return [{"id": int(x.id), "name": x.name, "text": x.text, "at": utc(x.created_at).isoformat(),
                 "hidden": x.hidden_at is not None, "reported": int(x.id) == message_id}
                for x in [*reversed(before), *after]]

    def _message(self, c: Connection, message_id: int) -> Any:
        row = c.execute(select(chat_messages_table, players_table.c.name.label("sender"))
                        .join(players_table, players_table.c.id == chat_messages_table.c.player_id)
                        .where(chat_messages_table.c.id == message_id)).first()
        if row is None:
            raise ModerationRefused(404, f"no chat message {message_id}", "message_unknown", {"message": message_id})
        return row

    def _handle_reports(self, c: Connection, message_id: int) -> int:
        return int(c.execute(update(chat_reports_table).where(and_(
            chat_reports_table.c.message_id == message_id, chat_reports_table.c.handled_at.is_(None)))
            .values(handled_at=self.clock())).rowcount)

    def dismiss(self, message_id: int, actor: str, reason: str) -> None:
        """The reports of a message were wrong: handled, nothing done to it or its writer."""
        reason = check_reason(reason)
        with self.store._writing(), self.store.engine.begin() as c:
            row = self._message(c, message_id)
            handled = self._handle_reports(c, message_id)
            self._audit(c, actor, "dismiss", f"message:{message_id}", reason, text=row.text, sender=row.sender,
                        reports=handled)

    def hide(self, message_id: int, actor: str, reason: str) -> str:
        """Hide a message from every page (its reports handled); its table's id, for the pages to hear it."""
        reason = check_reason(reason)
        with self.store._writing(), self.store.engine.begin() as c:
            row = self._message(c, message_id)
            c.execute(update(chat_messages_table).where(chat_messages_table.c.id == message_id)
                      .values(hidden_at=self.clock()))
            self._handle_reports(c, message_id)
            self._audit(c, actor, "hide", f"message:{message_id}", reason, text=row.text, sender=row.sender,
                        table=row.table_id)
        return str(row.table_id)

    # --- mutes and bans ---------------------------------------------------------------------------
    def sanction(self, name: str, kind: str, minutes: int | None, reason: str, actor: str,
                 message_id: int | None = None) -> tuple[str, Sanction]:
        """Mute ``name``'s chat for ``minutes`` (1 minute to 30 days), or ban the account for ``minutes``
        (None: until lifted); ``message_id``: the reported message it answers (its reports handled).  The
        player's id and the sanction."""
        reason = check_reason(reason)
        if kind not in KINDS:
            raise ModerationRefused(400, f"a sanction is one of {', '.join(KINDS)}, not {kind!r}", "sanction_kind",
                                    {"allowed": ", ".join(KINDS)})
        longest = MAX_MUTE_MINUTES if kind == "mute" else MAX_BAN_DAYS * 24 * 60
        if (minutes is None and kind == "mute") or (minutes is not None and not 1 <= minutes <= longest):
            raise ModerationRefused(400, f"a {kind} lasts 1 to {longest} minutes" + (" (or, a ban, for good)"
                                    if kind == "ban" else ""), "sanction_length", {"kind": kind, "max": longest})
        now = self.clock()
        until = now + timedelta(minutes=minutes) if minutes is not None else None
        with self.store._writing(), self.store.engine.begin() as c:
            row = _player_row(c, name)
            if row.admin:  # an admin is not muted or banned by another (nor by mistake by themselves)
                raise ModerationRefused(409, f"{row.name} is an admin: revoke the role first (hanpan admin revoke "
                                             f"{row.name})", "sanction_admin", {"name": row.name})
            c.execute(insert(sanctions_table).values(player_id=row.id, kind=kind, reason=reason, until=until,
                                                     created_at=now, created_by=actor[:80]))
            if kind == "ban":  # out at once: their pages' sessions and their bots' keys
                c.execute(delete(sessions_table).where(sessions_table.c.player_id == row.id))
                c.execute(delete(api_keys_table).where(api_keys_table.c.player_id == row.id))
            details: dict[str, Any] = {"until": until.isoformat() if until else None}
            if message_id is not None:
                message = self._message(c, message_id)
                self._handle_reports(c, message_id)
                details.update(message=message_id, text=message.text)
            self._audit(c, actor, kind, f"player:{row.name}", reason, **details)
        return str(row.id), Sanction(kind, reason, until, actor[:80])

    def lift(self, name: str, kind: str, actor: str, reason: str) -> int:
        """End ``name``'s ``kind`` sanctions in force now; how many (409 when none)."""
        reason = check_reason(reason)
        now = self.clock()
        with self.store._writing(), self.store.engine.begin() as c:
            row = _player_row(c, name)
            if in_force(c, row.id, kind, now) is None:
                raise ModerationRefused(409, f"{row.name} is not {'muted' if kind == 'mute' else 'banned'}",
                                        "sanction_none", {"name": row.name, "kind": kind})
            t = sanctions_table.c
            lifted = c.execute(update(sanctions_table).where(t.player_id == row.id, t.kind == kind,
                                                             t.lifted_at.is_(None)).values(lifted_at=now)).rowcount
            self._audit(c, actor, "lift", f"player:{row.name}", reason, kind=kind)
        return int(lifted)

    def player(self, name: str) -> dict[str, Any]:
        """What the admin page shows of a player: guest or account, admin or not, the sanctions in force
        and the last ten made."""
        now = self.clock()
        t = sanctions_table.c
        with self.store.engine.connect() as c:
            row = _player_row(c, name)
            history = c.execute(select(sanctions_table).where(t.player_id == row.id)
                                .order_by(t.id.desc()).limit(10)).all()
            return {"name": row.name, "guest": row.password_hash is None, "admin": bool(row.admin),
                    "sanctions": {kind: s.to_json() for kind in KINDS
                                  if (s := in_force(c, row.id, kind, now)) is not None},
                    "history": [{"kind": h.kind, "reason": h.reason, "by": h.created_by,
                                 "at": utc(h.created_at).isoformat(),
                                 "until": utc(h.until).isoformat() if h.until else None,
                                 "lifted": utc(h.lifted_at).isoformat() if h.lifted_at else None} for h in history]}

    # --- tables -----------------------------------------------------------------------------------
    def log_close(self, table_id: str, actor: str, reason: str, status: str) -> None:
        """Write a table's closing (done by ``Lobby.close``) to the audit log."""
        with self.store._writing(), self.store.engine.begin() as c:
            game = c.execute(select(lobby_tables_table.c.game).where(lobby_tables_table.c.id == table_id)).scalar()
            self._audit(c, actor, "close", f"table:{table_id}", reason, game=game, was=status)

    # --- the audit log ----------------------------------------------------------------------------
    def audit(self, limit: int = 100, before: int | None = None) -> list[dict[str, Any]]:
        """The audit log, newest first (``before``: only lines older than that id)."""
        t = audit_log_table.c
        query = select(audit_log_table).order_by(t.id.desc()).limit(limit)
        if before is not None:
            query = query.where(t.id < before)
        with self.store.engine.connect() as c:
            rows = c.execute(query).all()
        return [{"id": int(r.id), "at": utc(r.at).isoformat(), "actor": r.actor, "action": r.action,
                 "target": r.target, "reason": r.reason, "details": json.loads(r.details)} for r in rows]
