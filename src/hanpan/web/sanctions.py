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

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, or_, select

from hanpan.web.schema import sanctions_table
from hanpan.web.storage import utc

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


def in_force(c: Connection, player_id: str, kind: str, now: datetime) -> Sanction | None:
    """The player's ``kind`` sanction in force at ``now`` (the one lasting longest), or None."""
    return all_in_force(c, [player_id], now, kind).get((player_id, kind))


def all_in_force(c: Connection, player_ids: Collection[str], now: datetime,
                 kind: str | None = None) -> dict[tuple[str, str], Sanction]:
    """The sanctions in force at ``now`` of each of ``player_ids`` (of ``kind``, or both), by (player, kind):
    the one lasting longest where several are; one query."""
    if not player_ids:
        return {}
    t = sanctions_table.c
    rows = c.execute(select(t.player_id, t.kind, t.reason, t.until, t.created_by).where(
        t.player_id.in_(list(player_ids)), *([t.kind == kind] if kind else []), t.lifted_at.is_(None),
        or_(t.until.is_(None), t.until > now))).all()
    found: dict[tuple[str, str], Sanction] = {}
    for row in sorted(rows, key=lambda r: (r.until is None, utc(r.until) if r.until else now)):
        found[row.player_id, row.kind] = Sanction(row.kind, row.reason, utc(row.until) if row.until else None,
                                                  row.created_by)
    return found
