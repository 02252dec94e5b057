"""Telling players what waits for them when their page is not open: "your turn", "NAME asked for a
rematch", "your time for this move runs out soon", by Web Push and by mail (issue 62).

Every ``ServerSettings.notify_every`` seconds the leading server process (``hanpan.web.peers``: one for
all, so nothing is sent twice) looks at every table in progress and every rematch waiting for answers,
and makes an event for each person concerned whose page of that game is open nowhere (``Hub.pages``
here, ``page_presence`` for the other processes).  An event is made once (its key: ``turn:GAME:MOVE``,
``late:GAME:MOVE``, ``rematch:TABLE``) and then, per channel, either

- dropped: no longer true (the turn was played, the rematch answered) or the player opened the page;
- off: the player does not want it by that channel, or the server sends no mail (no SMTP server);
- waits: while the player has no device or no confirmed address, in their quiet hours, or within
  ``push_interval`` seconds (push) / ``mail_interval`` minutes (mail) of the last one about that game: it
  goes later if still true;
- sent: a push carries the newest event of a game; a mail every event of the game still true.

Sending happens on the notifier's own threads (``notify_send``), off the event loop; ``counts`` says how
many of each were sent and failed.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import math
import secrets
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import quote

from hanpan.core.registry import game as find_game
from hanpan.web import notify_send, notify_texts
from hanpan.web.errors import words
from hanpan.web.notify_settings import quiet_now, wants
from hanpan.web.notify_store import DROPPED, OFF, PENDING, SENT, Event, NotifyStore, PlayerNotices, Subscription

if TYPE_CHECKING:
    from hanpan.web.hub import Hub
    from hanpan.web.tables import LobbyTable

log = logging.getLogger("hanpan.web")
T = TypeVar("T")
#: how often a process writes down its open pages for the others (several processes), and how long such a
#: line counts as an open page
PRESENCE_S = 10.0
PRESENCE_FRESH_S = 35.0
FAILED = "failed"
#: the "late" warning comes when a tenth of the table's limit is left, if that tenth is at least a minute
LATE_SHARE, LATE_MIN_S = 0.1, 60.0


class Notifier:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.rows = NotifyStore(hub.store)
        self.settings = hub.settings
        #: the threads that talk to push services and the SMTP server
        self._senders = ThreadPoolExecutor(max_workers=2, thread_name_prefix="hanpan-notify")
        self.vapid_pem = ""
        self.public_key = ""
        self._mail_key = b""
        #: sent / failed pushes and mails, events made (for tests and metrics)
        self.counts: Counter[str] = Counter()
        self._tasks: list[asyncio.Task[None]] = []
        self._checking = asyncio.Lock()  # one look at a time (the loop's and a test's)
        self._pages_changed = asyncio.Event()

    async def start(self) -> None:
        """Read (or make, on the first start) the server's VAPID key and mail key, and start looking."""
        self.vapid_pem = await self.hub.db(self.rows.secret, "vapid_private_pem", notify_send.new_vapid_pem)
        self.public_key = notify_send.public_key(self.vapid_pem)
        self._mail_key = (await self.hub.db(self.rows.secret, "mail_link_key", lambda: secrets.token_hex(32))).encode()
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self._run()))
        if self.hub.sync.shared:
            self.hub.on_pages_changed = self._pages_changed.set
            self._tasks.append(loop.create_task(self._tell_others()))

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
            with suppress(asyncio.CancelledError):
                await task
        self._senders.shutdown(wait=False, cancel_futures=True)

    async def _run(self) -> None:
        while True:
            try:
                await self.check()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("looking for players to notify failed")
            await asyncio.sleep(self.settings.notify_every)

    async def _tell_others(self) -> None:
        """With several processes: write this process's open pages down at once when one opens or closes,
        and every ``PRESENCE_S`` seconds (a line older than ``PRESENCE_FRESH_S`` is a dead process's)."""
        written: set[tuple[str, int]] | None = None  # what the rows say (None: not known, write it all)
        while True:
            self._pages_changed.clear()
            now_open = set(self.hub.pages)
            try:
                if written is None:
                    await self.hub.db(self.rows.presence_put, self.hub.sync.peers.origin, now_open, (),
                                      self.hub.clock(), True)
                else:
                    await self.hub.db(self.rows.presence_put, self.hub.sync.peers.origin, now_open - written,
                                      written - now_open, self.hub.clock())
                written = now_open
            except asyncio.CancelledError:
                raise
            except Exception:
                written = None
                log.exception("writing down the open pages failed")
            with suppress(TimeoutError):
                await asyncio.wait_for(self._pages_changed.wait(), PRESENCE_S)

    async def _off_loop(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._senders, fn, *args)

    # --- links --------------------------------------------------------------------------------------
    def link(self, path: str) -> str:
        return self.settings.public_url + path

    def unsubscribe_token(self, player_id: str) -> str:
        """The secret of a player's unsubscribe link (works without logging in; only the server makes it)."""
        digest = hmac.new(self._mail_key, b"unsubscribe:" + player_id.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:18]).decode()

    def check_unsubscribe(self, player_id: str, token: str) -> bool:
        return hmac.compare_digest(self.unsubscribe_token(player_id).encode(), token.encode("utf-8", "replace"))

    # --- finding what to tell -----------------------------------------------------------------------
    async def check(self) -> Counter[str]:
        """One look (the leading process only): make the events now true, then send or drop what waits.
        Returns what this look did (``sent push``, ``sent mail``, ``dropped``, …)."""
        async with self._checking:
            return await self._check()

    async def _check(self) -> Counter[str]:
        done: Counter[str] = Counter()
        if not await self.hub.sync.peers.leads():
            return done
        now = self.hub.clock()
        open_pages = set(self.hub.pages)
        if self.hub.sync.shared:
            # the others' pages as they wrote them down (this process's own: Hub.pages, up to the moment)
            open_pages |= await self.hub.db(self.rows.presence_open, now - timedelta(seconds=PRESENCE_FRESH_S),
                                            self.hub.sync.peers.origin)
        true_now: set[tuple[str, str]] = set()
        events = await self._turns(open_pages, now, true_now) + await self._rematches(open_pages, true_now)
        done["made"] = await self.hub.db(self.rows.add_events, events)
        self.counts["made"] += done["made"]
        pending = await self.hub.db(self.rows.pending)
        if pending:
            await self._deliver(pending, true_now, now, done)
        if self.hub.sync.shared:
            await self.hub.db(self.rows.presence_prune, now - timedelta(hours=1))
        return done

    async def _turns(self, open_pages: set[tuple[str, int]], now: datetime,
                     true_now: set[tuple[str, str]]) -> list[Event]:
        events: list[Event] = []
        for table, live, seat in await self.hub.people_to_move(await self.hub.db(self.hub.tables.playing)):
            person = table.sitting.get(seat)
            if person is None or (live.stored.id, seat) in open_pages:
                continue
            params = {"game": _game_name(table.game), "others": _others(table, seat), "url": f"/play/{live.stored.id}"}
            key = f"turn:{live.stored.id}:{live.move_number}"
            events.append(Event(person.id, live.stored.id, key, "turn", params))
            true_now.add((person.id, key))
            limit = table.pace.get("limit_s") if table.pace.get("kind") == "turn" else None
            if limit:
                left = float(limit) - (now - live.stored.updated_at).total_seconds()
                if float(limit) * LATE_SHARE >= LATE_MIN_S and 0 < left <= float(limit) * LATE_SHARE:
                    key = f"late:{live.stored.id}:{live.move_number}"
                    events.append(Event(person.id, live.stored.id, key, "late",
                                        {**params, "minutes": max(1, math.ceil(left / 60))}))
                    true_now.add((person.id, key))
        return events

    async def _rematches(self, open_pages: set[tuple[str, int]], true_now: set[tuple[str, str]]) -> list[Event]:
        events: list[Event] = []
        for new in await self.hub.db(self.hub.tables.open_rematches):
            assert new.rematch_of is not None
            old = await self.hub.db(self.hub.tables.get, new.rematch_of)
            if old is None or old.game_id is None:
                continue
            people = await self.hub.db(self.hub.tables.everyone_of, old.id)
            by = next((p for p in new.sitting.values() if p.id == new.creator_id), None)
            for seat, person in people.items():
                if new.seat_of(person.id) is not None or seat in new.left or (old.game_id, seat) in open_pages:
                    continue
                key = f"rematch:{new.id}"
                params = {"game": _game_name(new.game), "by": by.name if by is not None else "?",
                          "others": _others(old, seat), "url": f"/table/{new.id}"}
                events.append(Event(person.id, old.game_id, key, "rematch", params))
                true_now.add((person.id, key))
        return events

    # --- sending ------------------------------------------------------------------------------------
    async def _deliver(self, pending: list[Event], true_now: set[tuple[str, str]], now: datetime,
                       done: Counter[str]) -> None:
        notices = await self.hub.db(self.rows.notices_of, {e.player_id for e in pending})
        last = await self.hub.db(self.rows.last_sent, {(e.player_id, e.game_id) for e in pending})
        devices = await self.hub.db(self.rows.devices_of, set(notices))
        marks: dict[tuple[str, str], list[int]] = {}
        to_push: dict[tuple[str, str], list[Event]] = {}
        to_mail: dict[tuple[str, str], list[Event]] = {}
        for e in pending:
            mine = notices[e.player_id]
            for channel, state in (("push", e.push_state), ("mail", e.mail_state)):
                if state != PENDING:
                    continue
                verdict = self._verdict(e, channel, mine, bool(devices[e.player_id]), true_now, now,
                                        last.get((e.player_id, e.game_id, channel)))
                if verdict == PENDING:
                    continue
                if verdict == SENT:
                    (to_push if channel == "push" else to_mail).setdefault((e.player_id, e.game_id), []).append(e)
                else:
                    marks.setdefault((channel, verdict), []).append(e.id)
        for (channel, state), ids in marks.items():
            await self.hub.db(self.rows.mark, ids, channel, state)
            done[state] += len(ids)
        for group in to_push.values():
            await self._push(group, notices[group[0].player_id], devices[group[0].player_id], now, done)
        for group in to_mail.values():
            await self._mail(group, notices[group[0].player_id], now, done)

    def _verdict(self, e: Event, channel: str, notices: PlayerNotices, has_device: bool,
                 true_now: set[tuple[str, str]], now: datetime, last: datetime | None) -> str:
        if (e.player_id, e.key) not in true_now:
            return DROPPED
        if not wants(notices.settings, e.kind, channel) or (channel == "mail" and not self.settings.smtp.enabled):
            return OFF
        if (channel == "push" and not has_device) or (channel == "mail" and not (notices.email and notices.confirmed)):
            return PENDING  # while it stays true: a device allowed or an address confirmed meanwhile gets it
        if quiet_now(notices.settings, now):
            return PENDING
        wait = self.settings.push_interval if channel == "push" else self.settings.mail_interval * 60
        if last is not None and (now - last).total_seconds() < wait:
            return PENDING
        return SENT

    async def _push(self, group: list[Event], notices: PlayerNotices, devices: list[Subscription],
                    now: datetime, done: Counter[str]) -> None:
        """The newest event of one game to every device of its player (the older ones are dropped: the
        newest says what is true now)."""
        newest = group[-1]
        await self.hub.db(self.rows.mark, [e.id for e in group[:-1]], "push", DROPPED)
        await self.hub.db(self.rows.mark, [newest.id], "push", SENT, now)
        sent = 0
        for device in devices:
            if notify_send.endpoint_refused(device.endpoint, self.settings.push_services) is not None:
                await self.hub.db(self.rows.drop_endpoint, device.endpoint)  # kept before the server refused it
                self._count("push", "refused")
                continue
            title, body = notify_texts.text(newest.kind, newest.params, device.lang)
            payload = {"title": title, "body": body, "url": newest.params["url"], "tag": f"game:{newest.game_id}",
                       "kind": newest.kind, "lang": device.lang}
            try:
                await self._off_loop(notify_send.push, device, payload, self.vapid_pem, self.settings.push_contact)
                sent += 1
            except notify_send.Gone:
                await self.hub.db(self.rows.drop_endpoint, device.endpoint)
                self._count("push", "gone")
            except Exception as e:  # a push service that fails now: this device misses this one
                log.warning("a push to %s failed: %s", device.endpoint.split("/")[2] if "//" in device.endpoint
                            else "?", str(e).splitlines()[0][:200])
                self._count("push", "failed")
        self._count("push", "sent", sent)
        done["sent push"] += sent

    async def _mail(self, group: list[Event], notices: PlayerNotices, now: datetime, done: Counter[str]) -> None:
        """One mail with every event of one game still true."""
        await self.hub.db(self.rows.mark, [e.id for e in group], "mail", SENT, now)
        lang = notices.settings.get("lang", "en")
        player_id = group[0].player_id
        unsubscribe = self.link(f"/unsubscribe?p={quote(player_id)}&t={quote(self.unsubscribe_token(player_id))}")
        one_click = self.link(f"/api/unsubscribe?p={quote(player_id)}&t={quote(self.unsubscribe_token(player_id))}")
        links = {"open": self.link(group[-1].params["url"]), "settings": self.link("/settings"),
                 "unsubscribe": unsubscribe}
        subject, text = notify_texts.mail([(e.kind, e.params) for e in group], lang, links)
        headers = {"List-Unsubscribe": f"<{one_click}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}
        assert notices.email is not None
        try:
            await self._off_loop(notify_send.send_mail, self.settings.smtp, notices.email, subject, text, headers)
        except Exception as e:
            log.warning("a notification mail could not be sent: %s", str(e).splitlines()[0][:200] if str(e) else e)
            self._count("mail", "failed")
            return
        self._count("mail", "sent")
        done["sent mail"] += 1

    async def send_confirmation(self, address: str, token: str, lang: str) -> None:
        """The mail whose link confirms ``address`` (raises when the SMTP server refuses it)."""
        subject, text = notify_texts.confirmation(lang, self.link(f"/settings?confirm={quote(token)}"))
        await self._off_loop(notify_send.send_mail, self.settings.smtp, address, subject, text, None)
        self._count("mail", "sent")

    def _count(self, channel: str, outcome: str, count: int = 1) -> None:
        self.counts[f"{channel} {outcome}"] += count
        self.hub.metrics.notifications.labels(channel=channel, outcome=outcome).inc(count)


def _game_name(game_id: str) -> dict[str, str]:
    game = find_game(game_id)
    return words(game.name_en, game.name_ko)


def _others(table: LobbyTable, seat: int) -> list[Any]:
    """The other seats' names: a person's name, or a computer level in each language."""
    out: list[Any] = []
    for i, spec in enumerate(table.seats):
        if i == seat:
            continue
        person = table.sitting.get(i)
        if person is not None:
            out.append(person.name)
        elif spec.kind != "level" and i in table.left:  # who left a seat nothing took over
            out.append(table.left[i].player.name)
        else:
            out.append(notify_texts.computer(spec.level or "greedy"))
    return out
