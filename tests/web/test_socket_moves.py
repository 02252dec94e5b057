"""Moves on the game's WebSocket (hanpan.web.socket_moves): made and pushed as a POST's, answered after
their pushes, refused with the POST's status, code and one line, checked against the seat the socket's
credentials open at each move, and a flood cut off."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from hanpan.web.app import create_app

from .helpers import SETUPS, TEST_SETTINGS, Table, assert_code, recv_json
from .test_tables import Lobby, pick


def send(socket: WebSocketTestSession, move: str, number: int, ref: str = "r1") -> None:
    socket.send_text(json.dumps({"op": "move", "move": move, "move_number": number, "ref": ref}))


def answer_of(socket: WebSocketTestSession) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The bodies pushed before the answer, and the answer."""
    bodies = []
    while "answer" not in (data := recv_json(socket)):
        bodies.append(data)
    return bodies, data


def test_a_seat_moves_on_its_socket_and_hears_the_push_then_the_answer(client: TestClient) -> None:
    table = Table.create(client, SETUPS["spirits_of_the_wild"])
    with table.ws(0) as mine, table.ws(1) as theirs:
        first = recv_json(mine)
        recv_json(theirs)
        move = first["legal"][0]
        send(mine, move, first["move_number"], ref="abc")
        bodies, answer = answer_of(mine)
        assert answer == {"answer": "abc", "status": 200, "move_number": first["move_number"] + 1}
        assert [b["move_number"] for b in bodies] == [first["move_number"] + 1]  # the push came first
        assert recv_json(theirs)["log"][-1]["move"] == move  # and the other seat got it
    assert table.moves() == [move]
    # the same move over HTTP afterwards is stale, as a second socket move would be
    assert table.post_move(0, move, first["move_number"]).status_code == 409


def test_a_refused_socket_move_says_why_as_a_post_would_and_changes_nothing(client: TestClient) -> None:
    table = Table.create(client, SETUPS["harmonies"])
    before = table.snapshot()
    number = before[0]["move_number"]
    with table.ws(0) as mine:
        legal = recv_json(mine)["legal"]
        # a move refused says what a POST of it says
        for move, at in ((legal[0], number + 5), (legal[0], number - 1), ("no such move", number)):
            send(mine, move, at, ref=move)
            bodies, answer = answer_of(mine)
            posted = table.post_move(0, move, at)
            assert bodies == [] and answer["answer"] == move, answer
            assert (answer["status"], answer["code"]) == (posted.status_code, posted.json()["code"]), answer
            assert answer["params"] == posted.json()["params"] and answer["detail"].startswith(posted.json()["detail"])
        # a message that is no move: one line, what is wrong and what a move is
        for text, code in (("{not json", "body_not_json"),
                           (json.dumps({"op": "move", "move": legal[0], "ref": "x"}), "invalid"),  # no number
                           (json.dumps({"op": "jump", "move": legal[0], "move_number": number}), "invalid"),
                           (json.dumps(["move", legal[0]]), "invalid")):
            mine.send_text(text)
            bodies, answer = answer_of(mine)
            assert bodies == [] and (answer["status"], answer["code"]) == (422, code), (text, answer)
            assert_code({k: v for k, v in answer.items() if k not in ("answer", "status")})
    with table.ws(1) as other:  # the seat not to move: the rules refuse it, the game stays
        recv_json(other)
        send(other, legal[0], number, ref="not yours")
        _, answer = answer_of(other)
        assert answer["answer"] == "not yours" and answer["status"] in (403, 409), answer
    with table.ws() as spectator:
        recv_json(spectator)
        send(spectator, legal[0], number, ref="s")
        _, answer = answer_of(spectator)
        assert (answer["status"], answer["code"]) == (403, "seat_needed")
    assert table.snapshot() == before


def test_a_socket_that_floods_is_closed(client: TestClient) -> None:
    table = Table.create(client, SETUPS["spirits_of_the_wild"])
    with pytest.raises(WebSocketDisconnect) as closed, table.ws(0) as mine:
        recv_json(mine)
        for _ in range(40):
            mine.send_text("{}")
        while True:
            recv_json(mine)
    assert closed.value.code == 1008
    assert table.moves() == []


@pytest.fixture
def lobby(db_url: str) -> Iterator[Lobby]:
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:
        yield Lobby(client)


def test_a_table_players_socket_moves_only_while_their_session_lasts(lobby: Lobby) -> None:
    for name in ("Ann", "Bob"):
        lobby.register(name)
    table = lobby.table("Ann", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "open"}])
    game_id = lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200).json()["game_id"]
    mover = next(who for who in ("Ann", "Bob")
                 if (b := lobby.game(who, game_id))["seat"] == b["current_player"])
    lobby.c.cookies.clear()
    lobby.c.cookies.set("hanpan_session", lobby.sessions[mover][0])
    with lobby.c.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        body = recv_json(socket)
        send(socket, pick(body["legal"]), body["move_number"], ref="one")
        _, answer = answer_of(socket)
        assert answer["status"] == 200
        # the session ends (a logout here; a ban ends it the same way): the open socket moves no more
        lobby.call(mover, "POST", "/api/account/logout", ok=200)
        number = lobby.call(None, "GET", f"/api/games/{game_id}", ok=200).json()["move_number"]
        send(socket, "any move", number, ref="two")  # the seat is asked before the rules
        _, answer = answer_of(socket)
        assert (answer["status"], answer["code"]) == (403, "seat_needed")
