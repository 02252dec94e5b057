"""A player's sanction in force: their chat muted or their account banned (``hanpan.web.moderation`` makes
and lifts them; logging in and writing in a chat ask this module).

>>> from datetime import UTC, datetime
>>> s = Sanction("mute", "insults", datetime(2026, 12, 8, 9, 30, tzinfo=UTC), "Mo")
>>> s.to_json()
{'kind': 'mute', 'reason': 'insults', 'until': '2026-12-08T09:30:00+00:00', 'by': 'Mo'}
>>> s.line()
'muted until 2026-12-08 09:30 UTC: insults'
>>> Sanction("ban", "cheating", None, "Mo").line()
'banned for good: cheating'
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, or_, select

from hanpan.web.schema import sanctions_table

KINDS = ("mute", "ban")


@dataclass(frozen=True)
class Sanction:
    """``kind`` (mute or ban), why, until when (None: until an admin lifts it), and by whom."""

    kind: str
    reason: str
    until: datetime | None
    by: str

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "reason": self.reason, "until": self.until.isoformat() if self.until else None,
                "by": self.by}

    def line(self) -> str:
        """The sanction in the words a refusal tells the player."""
        done = "muted" if self.kind == "mute" else "banned"
        when = f"until {self.until:%Y-%m-%d %H:%M} UTC" if self.until else "for good"
        return f"{done} {when}: {self.reason}"


def utc(moment: datetime) -> datetime:
    """SQLite gives its timestamps back naive (they are UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def in_force(c: Connection, player_id: str, kind: str, now: datetime) -> Sanction | None:
    """The player's ``kind`` sanction in force at ``now`` (the one lasting longest), or None."""
    t = sanctions_table.c
    rows = c.execute(select(t.kind, t.reason, t.until, t.created_by).where(
        t.player_id == player_id, t.kind == kind, t.lifted_at.is_(None),
        or_(t.until.is_(None), t.until > now))).all()
    if not rows:
        return None
    row = max(rows, key=lambda r: (r.until is None, utc(r.until) if r.until else now))
    return Sanction(row.kind, row.reason, utc(row.until) if row.until else None, row.created_by)
