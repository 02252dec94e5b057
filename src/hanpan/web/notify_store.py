"""The notifications' rows: settings and e-mail addresses, push subscriptions, events and what was sent
of them, open game pages, and the server's secrets (``hanpan.web.schema``; every method one short
transaction, called from a thread).

>>> from hanpan.web.storage import Store, utc
>>> rows = NotifyStore(Store("sqlite://"))
>>> first = rows.secret("example", lambda: "made once")
>>> rows.secret("example", lambda: "made again"), first
('made once', 'made once')
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, func, insert, or_, select, tuple_, update
from sqlalchemy.exc import IntegrityError

from hanpan.web.notify_settings import CHANNELS, defaults
from hanpan.web.schema import (
    notification_events_table,
    notification_settings_table,
    page_presence_table,
    push_subscriptions_table,
    server_secrets_table,
)
from hanpan.web.storage import Store, utc

PENDING, SENT, DROPPED, OFF = "pending", "sent", "dropped", "off"


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class Event:
    """Something a player may be told: ``key`` makes it once (``turn:GAME:MOVE``, ``late:GAME:MOVE``,
    ``rematch:TABLE``); ``game_id`` the game it is about; ``url`` (in ``params``) what it opens."""

    player_id: str
    game_id: str
    key: str
    kind: str
    params: dict[str, Any]
    id: int = 0
    push_state: str = PENDING
    mail_state: str = PENDING
    created_at: datetime | None = None


@dataclass(frozen=True)
class PlayerNotices:
    """What one player asked for: their settings, and their e-mail address when set."""

    settings: dict[str, Any]
    email: str | None
    confirmed: bool


@dataclass(frozen=True)
class Subscription:
    endpoint: str
    p256dh: str
    auth: str
    lang: str

    def info(self) -> dict[str, Any]:
        """As pywebpush takes it (``subscription_info``)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class NotifyStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    # --- the server's secrets -------------------------------------------------------------------------
    def secret(self, name: str, make: Callable[[], str]) -> str:
        """The secret ``name``, made by ``make`` the first time (the first process to store it wins)."""
        t = server_secrets_table.c
        with self.store.engine.connect() as c:
            value = c.execute(select(t.value).where(t.name == name)).scalar()
        if value is not None:
            return str(value)
        try:
            with self.store._writing(), self.store.engine.begin() as c:
                c.execute(insert(server_secrets_table).values(name=name, value=make(), created_at=datetime.now(UTC)))
        except IntegrityError:  # another process made it first
            pass
        with self.store.engine.connect() as c:
            return str(c.execute(select(t.value).where(t.name == name)).scalar_one())

    # --- settings and addresses -----------------------------------------------------------------------
    def notices(self, player_id: str) -> PlayerNotices:
        t = notification_settings_table.c
        with self.store.engine.connect() as c:
            row = c.execute(select(notification_settings_table).where(t.player_id == player_id)).first()
        if row is None:
            return PlayerNotices(defaults(), None, False)
        return PlayerNotices(_with_defaults(json.loads(row.settings)), row.email, bool(row.email_confirmed))

    def notices_of(self, player_ids: Iterable[str]) -> dict[str, PlayerNotices]:
        ids = sorted(set(player_ids))
        t = notification_settings_table.c
        with self.store.engine.connect() as c:
            rows = c.execute(select(notification_settings_table).where(t.player_id.in_(ids))).all() if ids else []
        found = {r.player_id: PlayerNotices(_with_defaults(json.loads(r.settings)), r.email, bool(r.email_confirmed))
                 for r in rows}
        return {i: found.get(i, PlayerNotices(defaults(), None, False)) for i in ids}

    def _upsert(self, c: Any, player_id: str, **values: Any) -> None:
        t = notification_settings_table.c
        now = datetime.now(UTC)
        done = c.execute(update(notification_settings_table).where(t.player_id == player_id)
                         .values(**values, updated_at=now)).rowcount
        if not done:
            row = {"settings": json.dumps(defaults()), "email": None, "email_confirmed": False, **values}
            c.execute(insert(notification_settings_table).values(player_id=player_id, updated_at=now, **row))

    def save_settings(self, player_id: str, settings: dict[str, Any]) -> None:
        with self.store._writing(), self.store.engine.begin() as c:
            self._upsert(c, player_id, settings=json.dumps(settings))

    def set_email(self, player_id: str, address: str | None, token: str | None) -> None:
        """A new address waiting for its confirmation link (``token``), or none (``None``)."""
        with self.store._writing(), self.store.engine.begin() as c:
            self._upsert(c, player_id, email=address, email_confirmed=False,
                         email_token_hash=sha256(token) if token else None)

    def confirm_email(self, token: str) -> tuple[str, str] | None:
        """Confirm the address whose link carried ``token``: (player id, address), or None (no such link)."""
        t = notification_settings_table.c
        with self.store._writing(), self.store.engine.begin() as c:
            row = c.execute(select(t.player_id, t.email).where(t.email_token_hash == sha256(token))).first()
            if row is None or row.email is None:
                return None
            c.execute(update(notification_settings_table).where(t.player_id == row.player_id)
                      .values(email_confirmed=True, email_token_hash=None, updated_at=datetime.now(UTC)))
        return str(row.player_id), str(row.email)

    def mail_off(self, player_id: str) -> None:
        """Every event off by mail (the unsubscribe link)."""
        notices = self.notices(player_id)
        settings = notices.settings
        for channels in settings["events"].values():
            channels["mail"] = False
        self.save_settings(player_id, settings)

    # --- devices ------------------------------------------------------------------------------------
    def subscribe(self, player_id: str, endpoint: str, p256dh: str, auth: str, lang: str) -> int:
        """Keep a device's subscription (a known endpoint moves to this player); the player's devices."""
        key = sha256(endpoint)
        t = push_subscriptions_table.c
        with self.store._writing(), self.store.engine.begin() as c:
            c.execute(delete(push_subscriptions_table).where(t.endpoint_hash == key))
            c.execute(insert(push_subscriptions_table).values(
                endpoint_hash=key, player_id=player_id, endpoint=endpoint, p256dh=p256dh, auth=auth, lang=lang,
                created_at=datetime.now(UTC)))
            return int(c.execute(select(func.count()).where(t.player_id == player_id)).scalar_one())

    def forget(self, player_id: str, endpoint: str) -> int:
        t = push_subscriptions_table.c
        with self.store._writing(), self.store.engine.begin() as c:
            c.execute(delete(push_subscriptions_table).where(t.endpoint_hash == sha256(endpoint),
                                                             t.player_id == player_id))
            return int(c.execute(select(func.count()).where(t.player_id == player_id)).scalar_one())

    def drop_endpoint(self, endpoint: str) -> None:
        """A subscription the push service says is gone (404, 410)."""
        with self.store._writing(), self.store.engine.begin() as c:
            c.execute(delete(push_subscriptions_table)
                      .where(push_subscriptions_table.c.endpoint_hash == sha256(endpoint)))

    def devices(self, player_id: str) -> list[Subscription]:
        return self.devices_of({player_id})[player_id]

    def devices_of(self, player_ids: set[str]) -> dict[str, list[Subscription]]:
        """Each player's devices, oldest first (none: an empty list), in one query."""
        t = push_subscriptions_table.c
        found: dict[str, list[Subscription]] = {player_id: [] for player_id in player_ids}
        if not player_ids:
            return found
        with self.store.engine.connect() as c:
            rows = c.execute(select(push_subscriptions_table).where(t.player_id.in_(sorted(player_ids)))
                             .order_by(t.created_at)).all()
        for r in rows:
            found[r.player_id].append(Subscription(r.endpoint, r.p256dh, r.auth, r.lang))
        return found

    # --- events -------------------------------------------------------------------------------------
    def add_events(self, events: Sequence[Event]) -> int:
        """Keep the events not made before (by player and key); how many were new."""
        if not events:
            return 0
        t = notification_events_table.c
        made = 0
        with self.store._writing(), self.store.engine.begin() as c:
            known = {(r.player_id, r.key) for r in c.execute(
                select(t.player_id, t.key).where(t.key.in_([e.key for e in events]))).all()}
            now = datetime.now(UTC)
            for e in events:
                if (e.player_id, e.key) in known:
                    continue
                known.add((e.player_id, e.key))
                try:
                    with c.begin_nested():
                        c.execute(insert(notification_events_table).values(
                            player_id=e.player_id, game_id=e.game_id, key=e.key, kind=e.kind,
                            params=json.dumps(e.params), created_at=now, push_state=PENDING, mail_state=PENDING))
                    made += 1
                except IntegrityError:  # made meanwhile by another process
                    pass
        return made

    def pending(self) -> list[Event]:
        """The events some channel still has to send or drop, oldest first."""
        t = notification_events_table.c
        with self.store.engine.connect() as c:
            rows = c.execute(select(notification_events_table)
                             .where(or_(t.push_state == PENDING, t.mail_state == PENDING)).order_by(t.id)).all()
        return [Event(r.player_id, r.game_id, r.key, r.kind, json.loads(r.params), int(r.id), r.push_state,
                      r.mail_state, r.created_at) for r in rows]

    def last_sent(self, pairs: Iterable[tuple[str, str]]) -> dict[tuple[str, str, str], datetime]:
        """When each (player, game) was last pushed and mailed: (player, game, channel) -> time."""
        out: dict[tuple[str, str, str], datetime] = {}
        t = notification_events_table.c
        pairs = sorted(set(pairs))
        if not pairs:
            return out
        with self.store.engine.connect() as c:
            for channel in CHANNELS:
                at = t.push_at if channel == "push" else t.mail_at
                rows = c.execute(select(t.player_id, t.game_id, func.max(at).label("at"))
                                 .where(t.player_id.in_({p for p, _ in pairs}), at.is_not(None))
                                 .group_by(t.player_id, t.game_id)).all()
                for r in rows:
                    if (r.player_id, r.game_id) in pairs:
                        out[r.player_id, r.game_id, channel] = utc(r.at)
        return out

    def mark(self, ids: Sequence[int], channel: str, state: str, at: datetime | None = None) -> None:
        if not ids:
            return
        t = notification_events_table.c
        values = {"push_state": state, "push_at": at} if channel == "push" else {"mail_state": state, "mail_at": at}
        if at is None:
            values.pop(f"{channel}_at")
        with self.store._writing(), self.store.engine.begin() as c:
            c.execute(update(notification_events_table).where(t.id.in_(list(ids))).values(**values))

    # --- open pages (several processes) -----------------------------------------------------------------
    def presence_put(self, origin: str, opened: Iterable[tuple[str, int]], closed: Iterable[tuple[str, int]],
                     at: datetime, everything: bool = False) -> None:
        """This process's pages ``opened`` and ``closed`` since it last wrote them down, and every page of
        its seen at ``at`` (one UPDATE: a thousand open pages are not written again every few seconds).
        ``everything``: its first time, ``opened`` is all it has open (rows of an earlier life go)."""
        t = page_presence_table.c
        closed, opened = set(closed), set(opened)
        with self.store._writing(), self.store.engine.begin() as c:
            if everything:
                c.execute(delete(page_presence_table).where(t.origin == origin))
            gone = closed | opened  # an opened page's row may be there still (written, then a failed write)
            if gone and not everything:
                c.execute(delete(page_presence_table).where(
                    t.origin == origin, tuple_(t.game_id, t.seat).in_(sorted(gone))))
            c.execute(update(page_presence_table).where(t.origin == origin).values(seen_at=at))
            if opened:
                c.execute(insert(page_presence_table),
                          [{"game_id": g, "seat": s, "origin": origin, "seen_at": at} for g, s in sorted(opened)])

    def presence_open(self, since: datetime, besides: str = "") -> set[tuple[str, int]]:
        """The (game, seat) pages another process than ``besides`` has had open since ``since``."""
        t = page_presence_table.c
        with self.store.engine.connect() as c:
            rows = c.execute(select(t.game_id, t.seat).where(t.seen_at >= since, t.origin != besides)).all()
        return {(str(r.game_id), int(r.seat)) for r in rows}

    def presence_prune(self, before: datetime) -> None:
        with self.store._writing(), self.store.engine.begin() as c:
            c.execute(delete(page_presence_table).where(page_presence_table.c.seen_at < before))


def _with_defaults(settings: dict[str, Any]) -> dict[str, Any]:
    out = defaults()
    for event, channels in settings.get("events", {}).items():
        if event in out["events"]:
            out["events"][event].update(channels)
    for key in ("quiet", "tz", "lang"):
        if key in settings:
            out[key] = settings[key]
    return out
