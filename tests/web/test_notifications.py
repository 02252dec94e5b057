"""Notifications through the server (issue 62): a Web Push reaches a local push service that decrypts it
as a browser would (``http_ece``), a mail reaches a local SMTP server (``aiosmtpd``): confirm the
address, a turn, one batched mail, unsubscribe by its link, nothing afterwards.  Nothing goes to a player
whose page of the game is open, at most one push per game per interval under a burst of moves, and
nothing in quiet hours.  On SQLite and PostgreSQL; the page's side (service worker, notification shown)
is tests/web/test_notifications_browser.py."""

from __future__ import annotations

import base64
import dataclasses
import email.policy
import json
import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from email import message_from_bytes
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from fastapi.testclient import TestClient

from hanpan.core.registry import game as find_game
from hanpan.web.app import create_app
from hanpan.web.settings import SmtpSettings

from .helpers import TEST_SETTINGS, assert_error
from .test_tables import Lobby, pick

PUBLIC = "https://play.example.org"


class PushService:
    """A push service on localhost that keeps what it is sent, decrypted with the device's keys (the
    browser's side of RFC 8291), and the VAPID header it came with."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.received: list[dict[str, Any]] = []
        self.status = 201
        self.location: str | None = None  # answer every push with a redirect to this path
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                plain = http_ece.decrypt(body, private_key=service.key, auth_secret=service.auth, version="aes128gcm")
                service.received.append({"path": self.path, "payload": json.loads(plain),
                                         "authorization": self.headers.get("Authorization", ""),
                                         "ttl": self.headers.get("TTL")})
                self.send_response(307 if service.location else service.status)
                if service.location:
                    self.send_header("Location", service.location)
                self.end_headers()

            def log_message(self, *_: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def subscription(self, name: str, lang: str = "en") -> dict[str, Any]:
        raw = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                  serialization.PublicFormat.UncompressedPoint)
        b64 = lambda data: base64.urlsafe_b64encode(data).rstrip(b"=").decode()  # noqa: E731
        return {"endpoint": f"http://127.0.0.1:{self.server.server_port}/push/{name}",
                "keys": {"p256dh": b64(raw), "auth": b64(self.auth)}, "lang": lang}

    def close(self) -> None:
        self.server.shutdown()


class MailBox:
    """A local SMTP server keeping every mail."""

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller

        box = self

        class Handler:
            async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
                box.mails.append(message_from_bytes(envelope.content, policy=email.policy.default))
                box.raw.append(envelope.content)
                return "250 OK"

        self.mails: list[Any] = []
        self.raw: list[bytes] = []
        with socket.socket() as probe:  # a free port (the controller checks its own with a connection)
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def close(self) -> None:
        self.controller.stop()


@pytest.fixture
def push() -> Iterator[PushService]:
    service = PushService()
    yield service
    service.close()


@pytest.fixture
def mailbox() -> Iterator[MailBox]:
    box = MailBox()
    yield box
    box.close()


@pytest.fixture
def lobby(db_url: str, mailbox: MailBox) -> Iterator[Lobby]:
    settings = dataclasses.replace(TEST_SETTINGS, notify_every=3600.0, public_url=PUBLIC, push_interval=300.0,
                                   mail_interval=30.0, smtp=SmtpSettings(host="127.0.0.1", port=mailbox.port))
    with TestClient(create_app(db_url, settings=settings)) as client:
        yield Lobby(client)


def check(lobby: Lobby) -> dict[str, int]:
    return dict(lobby.c.portal.call(lobby.c.app.state.hanpan_notifier().check))


def move_clock(lobby: Lobby, by: timedelta) -> None:
    hub = lobby.c.app.state.hanpan_lobby().hub
    real = getattr(hub, "_real_clock", hub.clock)
    hub._real_clock = real
    hub.clock = lambda: real() + by


def two_player_table(lobby: Lobby, pace: dict[str, Any] | None = None,
                     game: str = "spirits_of_the_wild") -> tuple[str, str]:
    """Ann and Bob at a table (Ann in seat 0); the table and its game."""
    for name in ("Ann", "Bob"):
        lobby.register(name)
    table = lobby.table("Ann", game, [{"kind": "me"}, {"kind": "open"}],
                        pace=pace or {"kind": "turn", "limit_s": 86400, "on_timeout": "level:greedy"})
    game_id = lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200).json()["game_id"]
    return table["id"], game_id


def mover(lobby: Lobby, game_id: str) -> str:
    body = lobby.game("Ann", game_id)
    return "Ann" if body["current_player"] == body["seat"] else "Bob"


def play_one(lobby: Lobby, game_id: str) -> str:
    """The person to move makes one move; who it was."""
    who = mover(lobby, game_id)
    body = lobby.game(who, game_id)
    lobby.call(who, "POST", f"/api/games/{game_id}/moves", {"move": pick(body["legal"]),
                                                          "move_number": body["move_number"]}, ok=200)
    return who


def play_until_turn_of(lobby: Lobby, game_id: str, who: str) -> None:
    for _ in range(50):
        if mover(lobby, game_id) == who:
            return
        play_one(lobby, game_id)
    raise AssertionError(f"never {who}'s turn")


def test_a_push_reaches_the_device_encrypted_and_signed(lobby: Lobby, push: PushService) -> None:
    _, game_id = two_player_table(lobby)
    key = lobby.call(None, "GET", "/api/push/key", ok=200).json()["public_key"]
    assert re.fullmatch(r"[A-Za-z0-9_-]{87}", key)
    first = mover(lobby, game_id)
    other = "Bob" if first == "Ann" else "Ann"
    for who, lang in ((other, "en"), (first, "ko")):
        answer = lobby.call(who, "POST", "/api/account/push", push.subscription(who, lang), ok=201)
        assert answer.json() == {"devices": 1}
    check(lobby)
    # the first mover never opened the page: told it is their turn, in Korean as their device asked
    assert len(push.received) == 1
    got = push.received[0]
    assert got["path"] == f"/push/{first}"
    assert got["payload"]["title"] == "한판: 내 차례"
    assert got["payload"]["body"] == f"{find_game('spirits_of_the_wild').name_ko}에서 내 차례입니다 (상대: {other})."
    assert got["payload"]["url"] == f"/play/{game_id}" and got["payload"]["kind"] == "turn"
    # what a push carries, all of it: words for the seat (the game, the other names), where it opens
    assert set(got["payload"]) == {"title", "body", "url", "tag", "kind", "lang"}
    assert got["authorization"].startswith("vapid t=") and f"k={key}" in got["authorization"]
    assert int(got["ttl"]) > 0
    while mover(lobby, game_id) == first:  # a turn may be several decisions
        play_one(lobby, game_id)
    check(lobby)
    assert [r["path"] for r in push.received] == [f"/push/{first}", f"/push/{other}"]
    assert push.received[1]["payload"]["title"] == "hanpan: your turn"
    assert first in push.received[1]["payload"]["body"]
    # nothing said twice: another look sends nothing
    check(lobby)
    assert len(push.received) == 2
    # a device the push service says is gone is forgotten
    push.status = 410
    while mover(lobby, game_id) == other:
        play_one(lobby, game_id)
    move_clock(lobby, timedelta(minutes=10))
    check(lobby)
    assert lobby.call(first, "GET", "/api/account/notifications", ok=200).json()["devices"] == 0


def test_no_push_to_a_player_whose_page_is_open(lobby: Lobby, push: PushService) -> None:
    _, game_id = two_player_table(lobby)
    first = mover(lobby, game_id)
    lobby.call(first, "POST", "/api/account/push", push.subscription(first), ok=201)
    lobby.c.cookies.clear()
    lobby.c.cookies.set("hanpan_session", lobby.sessions[first][0])
    hub = lobby.c.app.state.hanpan_lobby().hub
    with lobby.c.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.receive_text()
        check(lobby)
        assert push.received == []
    deadline = time.monotonic() + 10  # the server lets the page go once it hears the socket close
    while any(g == game_id for g, _ in hub.pages):
        assert time.monotonic() < deadline, "the closed page is still counted open"
        time.sleep(0.02)
    # the page closed: told now (the turn is still theirs)
    check(lobby)
    assert len(push.received) == 1


def test_a_burst_of_moves_gives_one_push_per_game_per_interval(lobby: Lobby, push: PushService) -> None:
    _, game_id = two_player_table(lobby, game="harmonies")
    for name in ("Ann", "Bob"):
        lobby.call(name, "POST", "/api/account/push", push.subscription(name), ok=201)
    moves = 0
    while moves < 50 and lobby.game("Ann", game_id)["status"] == "playing":
        play_one(lobby, game_id)
        check(lobby)  # the notifier looks after every move
        moves += 1
    assert moves == 50
    assert sorted(r["path"] for r in push.received) == ["/push/Ann", "/push/Bob"]
    # the interval over, the one whose turn it is now hears of it once more
    move_clock(lobby, timedelta(minutes=5, seconds=1))
    check(lobby)
    assert len(push.received) == 3 and push.received[-1]["path"] == f"/push/{mover(lobby, game_id)}"


def test_quiet_hours_hold_a_push_until_they_end(lobby: Lobby, push: PushService) -> None:
    _, game_id = two_player_table(lobby)
    first = mover(lobby, game_id)
    lobby.call(first, "POST", "/api/account/push", push.subscription(first), ok=201)
    hub = lobby.c.app.state.hanpan_lobby().hub
    now = hub.clock()
    start = (now - timedelta(minutes=30)).strftime("%H:%M")
    end = (now + timedelta(minutes=30)).strftime("%H:%M")
    quiet = {"quiet": {"from": start, "to": end}, "tz": "UTC"}
    settings = lobby.call(first, "PUT", "/api/account/notifications", quiet, ok=200).json()["settings"]
    assert settings["quiet"] == {"from": start, "to": end}
    check(lobby)
    assert push.received == []
    move_clock(lobby, timedelta(minutes=31))
    check(lobby)
    assert len(push.received) == 1


def test_an_event_turned_off_is_not_pushed(lobby: Lobby, push: PushService) -> None:
    _, game_id = two_player_table(lobby)
    first = mover(lobby, game_id)
    lobby.call(first, "POST", "/api/account/push", push.subscription(first), ok=201)
    lobby.call(first, "PUT", "/api/account/notifications", {"events": {"turn": {"push": False}}}, ok=200)
    check(lobby)
    assert push.received == []


def test_a_rematch_request_and_a_late_move_are_pushed(lobby: Lobby, push: PushService) -> None:
    table, game_id = two_player_table(lobby, {"kind": "turn", "limit_s": 3600, "on_timeout": "abandon"})
    first = mover(lobby, game_id)
    other = "Bob" if first == "Ann" else "Ann"
    lobby.call(first, "POST", "/api/account/push", push.subscription(first), ok=201)
    lobby.call(other, "POST", "/api/account/push", push.subscription(other), ok=201)
    lobby.call(first, "PUT", "/api/account/notifications", {"events": {"turn": {"push": False}}}, ok=200)
    move_clock(lobby, timedelta(minutes=55))  # 5 minutes left of the hour: within its last tenth (6)
    check(lobby)
    late = [r["payload"] for r in push.received if r["payload"]["kind"] == "late"]
    assert len(late) == 1 and "5 minutes left" in late[0]["body"]
    # the game ends (the other resigns): a rematch asked by one reaches the other
    lobby.call(other, "POST", f"/api/tables/{table}/leave", {}, ok=200)
    assert lobby.game(first, game_id)["status"] != "playing"
    new = lobby.call(first, "POST", f"/api/tables/{table}/rematch", {}, ok=201).json()
    push.received.clear()
    move_clock(lobby, timedelta(hours=2))
    check(lobby)
    rematch = [r for r in push.received if r["payload"]["kind"] == "rematch"]
    assert [r["path"] for r in rematch] == [f"/push/{other}"]
    assert rematch[0]["payload"]["title"] == f"hanpan: {first} asked for a rematch"
    assert rematch[0]["payload"]["url"] == f"/table/{new['id']}"


def test_mail_confirm_a_turn_one_batched_mail_unsubscribe_nothing_after(lobby: Lobby, mailbox: MailBox) -> None:
    _, game_id = two_player_table(lobby)
    first = mover(lobby, game_id)
    answer = lobby.call(first, "POST", "/api/account/email", {"address": "player@example.org", "lang": "en"},
                        ok=200).json()
    assert answer["email"] == {"address": "player@example.org", "confirmed": False}
    check(lobby)
    assert len(mailbox.mails) == 1  # only the confirmation: nothing else before the link is followed
    confirmation = mailbox.mails[0]
    assert confirmation["To"] == "player@example.org"
    link = re.search(r"https://play\.example\.org/settings\?confirm=(\S+)", confirmation.get_content())
    assert link is not None
    token = parse_qs(urlparse(link.group(0)).query)["confirm"][0]
    assert lobby.call(None, "POST", "/api/email/confirm", {"token": token}, ok=200).json()["confirmed"] is True
    assert_error(lobby.call(None, "POST", "/api/email/confirm", {"token": token}), 404)  # used once
    check(lobby)
    assert len(mailbox.mails) == 2
    turn = mailbox.mails[1]
    assert turn["Subject"] == "hanpan: your turn"
    text = turn.get_content()
    assert f"https://play.example.org/play/{game_id}" in text
    # a burst of moves: no second mail within the interval
    for _ in range(6):
        play_one(lobby, game_id)
        check(lobby)
    assert len(mailbox.mails) == 2
    play_until_turn_of(lobby, game_id, first)
    move_clock(lobby, timedelta(minutes=31))
    check(lobby)
    assert len(mailbox.mails) == 3  # the events meanwhile: one mail, saying what is true now
    # unsubscribe by the mail's link, without logging in
    unsubscribe = re.search(r"https://play\.example\.org/unsubscribe\?p=(\S+)&t=(\S+)", mailbox.mails[2].get_content())
    assert unsubscribe is not None
    header = mailbox.mails[2]["List-Unsubscribe"]
    assert header.startswith("<https://play.example.org/api/unsubscribe?") and header.endswith(">")
    assert mailbox.mails[2]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # plain, as mail clients read it (not folded into encoded words)
    assert b"\nList-Unsubscribe: <https://play.example.org/api/unsubscribe?" in mailbox.raw[2]
    p, t = (parse_qs(urlparse(unsubscribe.group(0)).query)[k][0] for k in ("p", "t"))
    assert_error(lobby.call(None, "POST", f"/api/unsubscribe?p={p}&t=wrong"), 400)
    assert lobby.call(None, "POST", f"/api/unsubscribe?p={p}&t={t}", ok=200).json() == {"unsubscribed": True}
    settings = lobby.call(first, "GET", "/api/account/notifications", ok=200).json()["settings"]
    assert not any(channels["mail"] for channels in settings["events"].values())
    while mover(lobby, game_id) == first:
        play_one(lobby, game_id)
    play_until_turn_of(lobby, game_id, first)
    move_clock(lobby, timedelta(hours=2))
    check(lobby)
    assert len(mailbox.mails) == 3


def test_bad_settings_and_addresses_get_one_line(lobby: Lobby) -> None:
    lobby.register("Ann")
    lobby.register("Gus", guest=True)
    for body, code in [({"quiet": {"from": "25:00", "to": "07:00"}}, "notify_quiet_time"),
                       ({"tz": "Mars/Olympus"}, "notify_tz_unknown"),
                       ({"events": {"turn": {"push": "yes"}}}, "invalid"),
                       ({"events": {"chat": {"push": True}}}, "invalid")]:
        answer = lobby.call("Ann", "PUT", "/api/account/notifications", body)
        assert_error(answer, 400, 422)
        assert answer.json()["code"] == code, answer.text
    assert_error(lobby.call("Ann", "POST", "/api/account/email", {"address": "not an address"}), 400)
    assert_error(lobby.call("Gus", "POST", "/api/account/email", {"address": "gus@example.org"}), 403)
    assert_error(lobby.call(None, "GET", "/api/account/notifications"), 401)
    assert_error(lobby.call("Ann", "POST", "/api/account/push", {"endpoint": "ftp://x", "keys": {}}), 422)


def test_devices_subscribe_only_at_known_push_services(lobby: Lobby, push: PushService) -> None:
    """The server posts only where browsers' push services are (and, in tests, 127.0.0.1 over http): an
    endpoint anywhere else is refused with one line, a device kept before is dropped at its next push
    unsent, and a push service's redirect is not followed."""
    _, game_id = two_player_table(lobby)
    first = mover(lobby, game_id)
    keys = push.subscription(first)["keys"]
    for endpoint in ("https://169.254.169.254/latest/meta-data/iam", "https://10.0.0.7:5432/x",
                     "http://fcm.googleapis.com/fcm/send/abc", "https://user@fcm.googleapis.com/fcm/send/abc",
                     "https://fcm.googleapis.com.evil.example/fcm/send/abc", "https://localhost/push/1"):
        answer = lobby.call(first, "POST", "/api/account/push", {"endpoint": endpoint, "keys": keys})
        assert "endpoint must" in assert_error(answer, 400), endpoint
        assert answer.json()["code"] == "push_endpoint"
    assert lobby.call(first, "POST", "/api/account/push",
                      {"endpoint": "https://fcm.googleapis.com/fcm/send/abc", "keys": keys}, ok=201).json() == {
        "devices": 1}
    lobby.call(first, "POST", "/api/account/push/forget", {"endpoint": "https://fcm.googleapis.com/fcm/send/abc"},
               ok=200)
    # a device kept before the server refused its endpoint: dropped when its push would go, nothing sent
    rows = lobby.c.app.state.hanpan_notifier().rows
    kept = push.subscription(first)
    player_id = lobby.call(first, "GET", "/api/account", ok=200).json()["player"]["id"]
    rows.subscribe(player_id, kept["endpoint"].replace("127.0.0.1", "localhost"), kept["keys"]["p256dh"],
                   kept["keys"]["auth"], "en")
    check(lobby)
    assert push.received == []
    assert lobby.call(first, "GET", "/api/account/notifications", ok=200).json()["devices"] == 0
    # a push service that redirects: the push fails, nothing is posted where it points
    lobby.call(first, "POST", "/api/account/push", push.subscription(first), ok=201)
    push.location = "/push/elsewhere"
    play_until_turn_of(lobby, game_id, "Bob" if first == "Ann" else "Ann")
    play_until_turn_of(lobby, game_id, first)
    move_clock(lobby, timedelta(hours=1))
    check(lobby)
    assert [r["path"] for r in push.received] == [f"/push/{first}"]


def test_confirmation_mails_are_limited_per_player_per_address_and_site_wide(db_url: str, mailbox: MailBox) -> None:
    settings = dataclasses.replace(TEST_SETTINGS, notify_every=3600.0, public_url=PUBLIC, site_confirmations_per_hour=9,
                                   smtp=SmtpSettings(host="127.0.0.1", port=mailbox.port))
    with TestClient(create_app(db_url, settings=settings)) as client:
        lobby = Lobby(client)
        for name in ("Ann", "Bob", "Cal"):
            lobby.register(name)

        def ask(who: str, address: str) -> Any:
            return lobby.call(who, "POST", "/api/account/email", {"address": address})

        for i in range(5):  # a player: 5 an hour, to any addresses
            ask("Ann", f"ann{i}@example.org").raise_for_status()
        answer = ask("Ann", "ann5@example.org")
        assert_error(answer, 429)
        assert answer.json()["code"] == "email_throttled" and int(answer.headers["Retry-After"]) > 3000
        for who in ("Bob", "Cal", "Bob"):  # an address: 3 a day, whoever asks
            ask(who, "Victim@example.org").raise_for_status()
        answer = ask("Cal", "victim@EXAMPLE.org")
        assert_error(answer, 429)
        assert answer.json()["code"] == "email_address_throttled" and answer.json()["params"]["count"] == 3
        ask("Cal", "cal@example.org").raise_for_status()  # the 9th this hour: the site's last
        answer = ask("Bob", "bob@example.org")
        assert_error(answer, 429)
        assert answer.json()["code"] == "email_busy"
    assert len(mailbox.mails) == 9


def test_the_site_is_installable_and_works_offline_as_far_as_saying_so(lobby: Lobby) -> None:
    sw = lobby.call(None, "GET", "/sw.js", ok=200)
    assert sw.headers["service-worker-allowed"] == "/"
    for lang, name in (("en", "hanpan"), ("ko", "한판")):
        manifest = lobby.call(None, "GET", f"/manifest.webmanifest?lang={lang}", ok=200).json()
        assert manifest["short_name"] == name and manifest["lang"].startswith(lang)
        assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
        sizes = {icon["sizes"] for icon in manifest["icons"]}
        assert {"192x192", "512x512"} <= sizes
        for icon in manifest["icons"]:
            assert lobby.call(None, "GET", icon["src"], ok=200).content[:8] == b"\x89PNG\r\n\x1a\n"
    assert "offline" in lobby.call(None, "GET", "/offline", ok=200).text.lower()


def test_the_server_keeps_one_vapid_key_across_restarts(db_url: str) -> None:
    keys = []
    for _ in range(2):
        with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:
            keys.append(client.get("/api/push/key").json()["public_key"])
    assert keys[0] == keys[1]


def test_a_page_open_at_another_process_holds_the_push(postgres_url: str, push: PushService) -> None:
    """Two server processes on one PostgreSQL (two apps here): the page is open at one, the other leads and
    looks; nothing is pushed until the page closes there."""
    settings = dataclasses.replace(TEST_SETTINGS, notify_every=3600.0, public_url=PUBLIC)
    with TestClient(create_app(postgres_url, settings=settings)) as a, \
            TestClient(create_app(postgres_url, settings=settings)) as b:
        first_app, other_app = Lobby(a), Lobby(b)
        _, game_id = two_player_table(first_app)
        other_app.sessions = first_app.sessions
        first = mover(first_app, game_id)
        first_app.call(first, "POST", "/api/account/push", push.subscription(first), ok=201)
        rows = a.app.state.hanpan_notifier().rows
        hub = a.app.state.hanpan_lobby().hub
        # the first app leads (it looked first): the page it must not push to is open at the other
        assert a.portal.call(hub.sync.peers.leads)
        assert not b.portal.call(b.app.state.hanpan_lobby().hub.sync.peers.leads)

        def look() -> None:
            for app in (first_app, other_app):
                check(app)

        def open_pages() -> set[tuple[str, int]]:
            return rows.presence_open(hub.clock() - timedelta(seconds=30))

        b.cookies.set("hanpan_session", first_app.sessions[first][0])
        with b.websocket_connect(f"/api/games/{game_id}/ws") as ws:
            ws.receive_text()
            deadline = time.monotonic() + 10
            while not any(g == game_id for g, _ in open_pages()):
                assert time.monotonic() < deadline, "the other process never wrote its open page down"
                time.sleep(0.05)
            look()
            assert push.received == []
        deadline = time.monotonic() + 10
        while any(g == game_id for g, _ in open_pages()):
            assert time.monotonic() < deadline, "the closed page stayed written down"
            time.sleep(0.05)
        look()
        assert len(push.received) == 1
