"""Moderation through the API and ``hanpan admin``, on SQLite and PostgreSQL (issue 63): a reported message
handled from the report to a mute, a ban (sessions ended, logins refused with why, seats taken over), a
hidden message, a closed table, and every action in the audit log with who, what, on what and why."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert

from hanpan.cli.main import main
from hanpan.web.app import create_app
from hanpan.web.sanctions import in_force
from hanpan.web.schema import players_table, sanctions_table
from hanpan.web.storage import Store

from .helpers import TEST_SETTINGS, assert_error
from .test_tables import PASSWORD, Lobby


@pytest.fixture
def lobby(db_url: str) -> Iterator[Lobby]:
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:
        lobby = Lobby(client)
        for name in ("Moe", "Ann", "Bob"):
            lobby.register(name)
        assert main(["admin", "grant", "Moe", "--reason", "site moderator", "--db", db_url]) == 0
        yield lobby


def playing_table(lobby: Lobby) -> tuple[str, str]:
    """Ann's Spirits of the Wild table with Bob, started (turn-based: a left seat is taken over by greedy)."""
    table = lobby.table("Ann", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "open"}],
                        pace={"kind": "turn", "limit_s": 86400, "on_timeout": "level:greedy"})
    game_id = lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200).json()["game_id"]
    return table["id"], game_id


def say(lobby: Lobby, who: str, table_id: str, text: str) -> int:
    return int(lobby.call(who, "POST", f"/api/tables/{table_id}/chat", {"text": text}, ok=201).json()["id"])


def audit(lobby: Lobby) -> list[dict[str, Any]]:
    log: list[dict[str, Any]] = lobby.call("Moe", "GET", "/api/admin/audit", ok=200).json()["log"]
    return log


def test_a_report_handled_from_the_message_to_a_mute(lobby: Lobby) -> None:
    table_id, _ = playing_table(lobby)
    for who, text in (("Ann", "good luck"), ("Bob", "you too"), ("Ann", "nice move")):
        say(lobby, who, table_id, text)
    bad = say(lobby, "Bob", table_id, "you play like a potato, idiot")
    say(lobby, "Ann", table_id, "please stop")
    lobby.call("Ann", "POST", f"/api/tables/{table_id}/chat/{bad}/report", {"reason": "insult"}, ok=204)

    reports = lobby.call("Moe", "GET", "/api/admin/reports", ok=200).json()["reports"]
    assert len(reports) == 1
    report = reports[0]
    assert (report["message"], report["sender"], report["text"]) == (bad, "Bob", "you play like a potato, idiot")
    assert [(r["by"], r["reason"]) for r in report["reports"]] == [("Ann", "insult")]
    assert [m["text"] for m in report["context"]] == ["good luck", "you too", "nice move",
                                                      "you play like a potato, idiot", "please stop"]
    assert [m["reported"] for m in report["context"]] == [False, False, False, True, False]
    assert report["sanctions"] == {}

    muted = lobby.call("Moe", "POST", "/api/admin/players/Bob/mute",
                       {"minutes": 60, "reason": "insults in chat", "message": bad}, ok=200).json()["sanction"]
    assert muted["kind"] == "mute" and muted["by"] == "Moe" and muted["reason"] == "insults in chat"
    until = datetime.fromisoformat(muted["until"])
    assert timedelta(minutes=59) < until - datetime.now(UTC) <= timedelta(minutes=60)
    assert lobby.call("Moe", "GET", "/api/admin/reports", ok=200).json()["reports"] == []  # handled
    handled = lobby.call("Moe", "GET", "/api/admin/reports?handled=true", ok=200).json()["reports"]
    assert [r["message"] for r in handled] == [bad] and handled[0]["sanctions"]["mute"]["reason"] == "insults in chat"

    # Bob is told why and until when, on his page and when he writes
    me = lobby.call("Bob", "GET", "/api/account", ok=200).json()
    assert me["muted"]["reason"] == "insults in chat" and me["muted"]["until"] == muted["until"]
    refused = lobby.call("Bob", "POST", f"/api/tables/{table_id}/chat", {"text": "sorry"})
    assert "insults in chat" in assert_error(refused, 403)
    assert refused.json()["code"] == "chat_muted" and refused.json()["params"]["until"] == muted["until"]
    say(lobby, "Ann", table_id, "thank you")  # the others still write

    lift = lobby.call("Moe", "POST", "/api/admin/players/Bob/lift", {"kind": "mute", "reason": "apologised"}, ok=200)
    assert lift.json() == {"lifted": 1}
    say(lobby, "Bob", table_id, "sorry")
    assert_error(lobby.call("Moe", "POST", "/api/admin/players/Bob/lift", {"kind": "mute", "reason": "again"}), 409)

    lines = audit(lobby)
    assert [(x["actor"], x["action"], x["target"], x["reason"]) for x in lines[:2]] == [
        ("Moe", "lift", "player:Bob", "apologised"), ("Moe", "mute", "player:Bob", "insults in chat")]
    assert lines[1]["details"]["message"] == bad and lines[1]["details"]["text"] == "you play like a potato, idiot"
    assert lines[-1]["action"] == "grant" and lines[-1]["actor"].startswith("cli:")
    assert lines[-1]["target"] == "player:Moe" and lines[-1]["reason"] == "site moderator"


def test_a_ban_ends_the_sessions_refuses_the_logins_and_hands_the_seats_over(lobby: Lobby) -> None:
    table_id, game_id = playing_table(lobby)
    key = lobby.call("Bob", "POST", "/api/account/keys", {"label": "bot"}, ok=201).json()["key"]
    banned = lobby.call("Moe", "POST", "/api/admin/players/Bob/ban", {"days": None, "reason": "cheating"}, ok=200)
    assert banned.json()["sanction"]["until"] is None and banned.json()["seats_taken_over"] == 1
    assert lobby.call("Bob", "GET", "/api/account", ok=200).json()["player"] is None  # his session ended
    lobby.c.cookies.clear()
    assert lobby.c.get("/api/account", headers={"Authorization": f"Bearer {key}"}).json()["code"] == "key_revoked"
    login = lobby.c.post("/api/account/login", json={"name": "Bob", "password": PASSWORD})
    assert "cheating" in assert_error(login, 403) and login.json()["code"] == "account_banned_for_good"
    wrong = lobby.c.post("/api/account/login", json={"name": "Bob", "password": "not his password"})
    assert assert_error(wrong, 401) and "cheating" not in wrong.text  # only the password's owner is told why
    # his seat: a computer level plays it, the log says who left
    table = lobby.call("Ann", "GET", f"/api/tables/{table_id}", ok=200).json()
    bob_seat = next(s for s in table["seats"] if s.get("left", {}).get("name") == "Bob")
    assert bob_seat["left"]["why"] == "removed" and bob_seat["kind"] == "level"
    assert lobby.game("Ann", game_id)["status"] == "playing"
    player = lobby.call("Moe", "GET", "/api/admin/players/bob", ok=200).json()
    assert player["sanctions"]["ban"]["reason"] == "cheating" and player["history"][0]["kind"] == "ban"
    # a ban with an end; lifted, Bob logs in again
    lobby.call("Moe", "POST", "/api/admin/players/Bob/lift", {"kind": "ban", "reason": "appeal granted"}, ok=200)
    lobby.call("Moe", "POST", "/api/admin/players/Bob/ban", {"days": 7, "reason": "second warning"}, ok=200)
    lobby.c.cookies.clear()
    login = lobby.c.post("/api/account/login", json={"name": "Bob", "password": PASSWORD})
    assert login.json()["code"] == "account_banned" and login.json()["params"]["reason"] == "second warning"
    lobby.call("Moe", "POST", "/api/admin/players/Bob/lift", {"kind": "ban", "reason": "appeal granted"}, ok=200)
    lobby.c.cookies.clear()  # (a login ends the session its request came with)
    assert lobby.c.post("/api/account/login", json={"name": "Bob", "password": PASSWORD}).status_code == 200
    assert [x["action"] for x in audit(lobby)[:4]] == ["lift", "ban", "lift", "ban"]


def test_a_hidden_message_and_a_closed_table(lobby: Lobby) -> None:
    table_id, game_id = playing_table(lobby)
    say(lobby, "Ann", table_id, "hello")
    bad = say(lobby, "Bob", table_id, "visit my spam site")
    lobby.call("Moe", "POST", f"/api/admin/messages/{bad}/hide", {"reason": "spam"}, ok=200)
    assert [m["text"] for m in lobby.call("Ann", "GET", f"/api/tables/{table_id}", ok=200).json()["chat"]] == ["hello"]
    assert [m["text"] for m in lobby.game("Ann", game_id)["chat"]] == ["hello"]
    assert_error(lobby.call("Moe", "POST", "/api/admin/messages/999999/hide", {"reason": "spam"}), 404)
    assert_error(lobby.call("Moe", "POST", f"/api/admin/messages/{bad}/hide", {"reason": "   "}), 400)

    closed = lobby.call("Moe", "POST", f"/api/admin/tables/{table_id}/close", {"reason": "abusive game"}, ok=200)
    assert closed.json() == {"closed": table_id, "was": "playing"}
    assert lobby.call("Ann", "GET", f"/api/tables/{table_id}", ok=200).json()["status"] == "abandoned"
    assert lobby.game("Ann", game_id)["status"] == "abandoned"
    again = lobby.call("Moe", "POST", f"/api/admin/tables/{table_id}/close", {"reason": "abusive game"})
    assert assert_error(again, 409) and again.json()["code"] == "table_ended"
    open_table = lobby.table("Bob", "four_gardens", [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}])
    assert lobby.call("Moe", "POST", f"/api/admin/tables/{open_table['id']}/close", {"reason": "spam table"},
                      ok=200).json()["was"] == "open"
    assert open_table["id"] not in [t["id"] for t in lobby.call(None, "GET", "/api/tables", ok=200).json()["open"]]
    lines = audit(lobby)
    assert [(x["action"], x["target"], x["reason"]) for x in lines[:3]] == [
        ("close", f"table:{open_table['id']}", "spam table"), ("close", f"table:{table_id}", "abusive game"),
        ("hide", f"message:{bad}", "spam")]
    assert lines[2]["details"]["text"] == "visit my spam site"


def test_bad_admin_requests_get_one_line(lobby: Lobby) -> None:
    for body in ({"minutes": 0, "reason": "x"}, {"minutes": 60}, {"minutes": 60, "reason": "x", "extra": 1}):
        assert_error(lobby.call("Moe", "POST", "/api/admin/players/Bob/mute", body), 422)
    answer = lobby.call("Moe", "POST", "/api/admin/players/Nobody/mute", {"minutes": 5, "reason": "x"})
    assert "Nobody" in assert_error(answer, 404) and answer.json()["code"] == "player_unknown"
    answer = lobby.call("Moe", "POST", "/api/admin/players/Bob/ban", {"days": 0, "reason": "x"})
    assert_error(answer, 422)
    for action, body in (("mute", {"minutes": 5, "reason": "x"}), ("ban", {"days": None, "reason": "x"})):
        answer = lobby.call("Moe", "POST", f"/api/admin/players/moe/{action}", body)  # an admin: the role first
        assert "revoke the role first" in assert_error(answer, 409) and answer.json()["code"] == "sanction_admin"
    assert lobby.call("Moe", "GET", "/api/account", ok=200).json()["admin"] is True


def test_the_admin_command(db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:
        lobby = Lobby(client)
        lobby.register("Moe")
        lobby.register("Gus", guest=True)
        assert main(["admin", "list", "--db", db_url]) == 0
        assert "no admin yet" in capsys.readouterr().out
        assert main(["admin", "grant", "moe", "--db", db_url]) == 0
        assert capsys.readouterr().out.strip() == "Moe is now an admin"
        assert lobby.call("Moe", "GET", "/api/account", ok=200).json()["admin"] is True
        assert main(["admin", "grant", "Gus", "--db", db_url]) == 2
        assert "Gus is a guest" in capsys.readouterr().err
        assert main(["admin", "grant", "--db", db_url]) == 2
        assert main(["admin", "revoke", "Moe", "--reason", "stepped down", "--db", db_url]) == 0
        assert_error(lobby.call("Moe", "GET", "/api/admin/reports"), 403)
        capsys.readouterr()
        assert main(["admin", "log", "--db", db_url]) == 0
        out = capsys.readouterr().out.splitlines()
        assert "revoke player:Moe  (stepped down)" in out[0] and "grant player:Moe" in out[1]


def test_a_sanction_is_in_force_until_its_end(db_url: str) -> None:
    store = Store(db_url)
    try:
        start = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)
        with store.engine.begin() as c:
            c.execute(insert(players_table).values(id="p1", name="Bob", name_key="bob", created_at=start))
            c.execute(insert(sanctions_table).values(player_id="p1", kind="mute", reason="a", created_by="Moe",
                                                     created_at=start, until=start + timedelta(minutes=30)))
            c.execute(insert(sanctions_table).values(player_id="p1", kind="mute", reason="b", created_by="Moe",
                                                     created_at=start, until=start + timedelta(minutes=90)))
        with store.engine.connect() as c:
            assert in_force(c, "p1", "mute", start + timedelta(minutes=10)).reason == "b"  # type: ignore[union-attr]
            assert in_force(c, "p1", "mute", start + timedelta(minutes=60)).reason == "b"  # type: ignore[union-attr]
            assert in_force(c, "p1", "mute", start + timedelta(minutes=91)) is None
            assert in_force(c, "p1", "ban", start) is None
    finally:
        store.close()
