"""The HTTP and WebSocket API, endpoint by endpoint, for every game and on both databases.

Each test makes its games through the API with a fixed seed and rebuilds the true state itself with
``hanpan.game(id).new(players, seed, **options)`` and the same moves: a seat's body must hold exactly
``state.view(seat)`` (a spectator's ``public_view()``), and only the seat to move gets legal moves.
"""

from __future__ import annotations

import json
import re
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import hanpan
from hanpan.core.record import Record, replay
from hanpan.web.live import HUMAN

from .helpers import GAMES, SETUPS, Table, assert_error, auth, first_turn_paths, pending, rebuild, recv_json

BODY_KEYS = {"id", "game", "status", "move_number", "current_player", "seat", "seats", "view", "legal", "hints",
             "scores", "labels", "log", "thinking", "can_undo", "winners"}
TOKEN = re.compile(r"^[A-Za-z0-9_-]+$")
#: the games whose seat to move can reveal something in the middle of a turn (Harmonies reveals only
#: between turns)
REVEALING = [g for g in GAMES if "reveal" in first_turn_paths(SETUPS[g].new(11))]


def paths(game: str) -> dict[str, list[str]]:
    return first_turn_paths(SETUPS[game].new(11))


def check_body(body: dict[str, Any], table: Table, seat: int | None, moves: list[str]) -> None:
    """``body`` is what ``seat`` must see after ``moves``: its view of the true state and nothing more."""
    state = rebuild(table.setup, 11, moves)
    assert BODY_KEYS <= body.keys()
    assert body["id"] == table.id and body["game"] == table.setup.game
    assert body["seat"] == seat
    assert body["move_number"] == len(moves)
    assert body["status"] == state.status
    assert body["current_player"] == state.current_player
    assert body["view"] == (state.view(seat) if seat is not None else state.public_view())
    mover = seat is not None and seat == state.current_player
    assert body["legal"] == ([str(a) for a in state.legal_actions()] if mover else [])
    assert set(body["hints"]) == set(body["legal"])
    assert [e["move"] for e in body["log"]] == moves
    assert body["scores"] == [card.to_json() for card in state.scores()]
    assert body["winners"] == list(state.winners())
    assert [(s["seat"], s["kind"]) for s in body["seats"]] == list(enumerate(table.seats))
    # a computer seat carries its level's name in the page's language
    assert all(("level" in s) == (s["kind"] != HUMAN) for s in body["seats"])


# --- creating a game and reading it ---------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_new_game_gives_each_human_seat_a_secret_token_and_its_own_view(client: TestClient, game: str) -> None:
    setup = SETUPS[game]
    seats = [HUMAN] * (setup.players - 1) + ["random"]
    response = client.post("/api/games", json=setup.request(seats))
    assert response.status_code == 201, response.text
    data = response.json()
    assert set(data) >= {"id", "seats"} and isinstance(data["id"], str) and data["id"]
    assert [(s["seat"], s["kind"]) for s in data["seats"]] == list(enumerate(seats))
    tokens = [s.get("token") for s in data["seats"]]
    assert tokens[-1] is None and "token" not in data["seats"][-1]  # a computer seat has no token
    for token in tokens[:-1]:
        assert isinstance(token, str) and TOKEN.match(token)
        assert len(token) * 6 >= 128  # url-safe base64: 6 bits a character
    assert len(set(tokens[:-1])) == len(tokens) - 1
    table = Table(client, setup, data["id"], {i: t for i, t in enumerate(tokens) if t}, 11, seats)

    for seat in [None, *range(setup.players - 1)]:
        check_body(table.get(seat), table, seat, [])
    assert table.get(0)["legal"] and table.get(0)["can_undo"] is False
    assert table.get(None)["legal"] == [] and table.get(None)["hints"] == {}
    if setup.players > 2:
        assert table.get(1)["legal"] == []

    # a move answers with the mover's new body; everyone else sees it on their next GET
    first = paths(game)["same"][0]
    body = table.move(0, first)
    check_body(body, table, 0, [first])
    assert body["can_undo"] is True
    for seat in [None, *range(setup.players - 1)]:
        check_body(table.get(seat), table, seat, [first])
    assert table.get(None)["log"][0]["seat"] == 0 and table.get(None)["log"][0]["n"] == 1

    # the Korean page gets the same game in its language
    ko = table.get(0, lang="ko")
    assert ko["view"] == body["view"] and ko["legal"] == body["legal"]
    assert ko["log"][0]["text"] != body["log"][0]["text"]


def test_games_are_listed_by_status_meta_and_catalogs(client: TestClient) -> None:
    playing = Table.create(client, SETUPS["spirits_of_the_wild"])
    # max_turns stops a game early: 'unfinished'
    stopped = client.post("/api/games", json={"game": "harmonies", "seats": [HUMAN], "options": {"max_turns": 1},
                                              "seed": 3})
    assert stopped.status_code == 201
    stopped_id, token = stopped.json()["id"], stopped.json()["seats"][0]["token"]
    for move in first_turn_paths(hanpan.game("harmonies").new(1, 3, max_turns=1))["pass"]:
        body = client.get(f"/api/games/{stopped_id}", headers=auth(token)).json()
        assert client.post(f"/api/games/{stopped_id}/moves", headers=auth(token),
                           json={"move": move, "move_number": body["move_number"]}).status_code == 200
    assert client.get(f"/api/games/{stopped_id}").json()["status"] == "unfinished"

    def ids(status: str) -> set[str]:
        response = client.get("/api/games", params={"status": status})
        assert response.status_code == 200
        return {g["id"] for g in response.json()}

    assert playing.id in ids("playing") and stopped_id not in ids("playing")
    assert stopped_id in ids("unfinished") and stopped_id not in ids("finished")
    assert {playing.id, stopped_id} <= ids("all")
    listed = {g["id"]: g for g in client.get("/api/games").json()}
    assert listed[stopped_id]["result"]["unfinished"] is True and listed[playing.id]["result"] is None
    assert listed[playing.id]["seats"] == [HUMAN, HUMAN] and "seed" not in listed[playing.id]
    assert len(client.get("/api/games", params={"limit": 1}).json()) == 1
    assert_error(client.get("/api/games", params={"status": "secret"}), 422)
    assert_error(client.get("/api/games", params={"limit": 0}), 422)

    meta = client.get("/api/meta")
    assert meta.status_code == 200
    games = {g["id"]: g for g in meta.json()["games"]}
    assert set(games) == set(GAMES)
    assert {o["name"] for o in games["four_gardens"]["options"]} == {"whims", "max_turns"}  # no 'deck' here
    assert {o["name"] for o in games["harmonies"]["options"]} == {"side", "spirits", "max_turns"}
    assert meta.json()["seats"][0] == HUMAN and {"random", "greedy"} <= set(meta.json()["seats"])
    from hanpan.agents.ladder import ladder
    from hanpan.agents.registry import agent_names

    for game_id, game in games.items():  # each player count's computer players, weakest first, with who they suit
        assert set(game["levels"]) == {str(n) for n in range(game["min_players"], game["max_players"] + 1)}
        for count, levels in game["levels"].items():
            expected = ladder(game_id, int(count), tuple(agent_names()))
            assert [level["name"] for level in levels] == [level.name for level in expected]
            assert set(meta.json()["seats"][1:]) == {level["name"] for level in levels}
            assert all(level["line_en"].startswith(level["name"] + " — ") for level in levels)
    for game in GAMES:
        catalog = client.get(f"/api/catalog/{game}")
        assert catalog.status_code == 200 and isinstance(catalog.json(), dict)
        asset = client.get(f"/static/games/{game}/board.js")
        assert asset.status_code == 200 and asset.headers["content-type"].startswith("text/javascript")
    assert_error(client.get("/api/catalog/chess"), 404)


# --- moves and their refusals ---------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_moves_are_refused_with_the_right_status_and_change_nothing(client: TestClient, game: str) -> None:
    setup = SETUPS[game]
    table = Table.create(client, setup)
    other = Table.create(client, setup)
    state = rebuild(setup, 11, [])
    legal = [str(a) for a in state.legal_actions()]
    first = paths(game)["same"][0]
    before = table.snapshot()

    # 400: text that is no move, and a move of the game that is not legal now; the message lists the legal ones
    detail = assert_error(table.post_move(0, "fly to the moon", 0), 400)
    assert "legal now" in detail and legal[0] in detail
    not_now = next(a.text for a in hanpan.game(game).actions.actions if a.text not in legal)
    detail = assert_error(table.post_move(0, not_now, 0), 400)
    assert legal[0] in detail
    # 403: another seat, no token, a token of another game, a malformed header
    assert_error(table.post_move(1, first, 0), 403)
    assert_error(table.post_move(None, first, 0), 403)
    url = f"{table.url}/moves"
    assert_error(client.post(url, json={"move": first, "move_number": 0}, headers=auth(other.tokens[0])), 403)
    assert_error(client.post(url, json={"move": first, "move_number": 0}, headers={"Authorization": "Basic x"}), 403)
    assert_error(client.post(url, json={"move": first, "move_number": 0}, headers={"Authorization": "Bearer "}),
                 403)
    # 409: a move_number that is not the current one
    assert_error(table.post_move(0, first, 1), 409)
    # 404: no such game
    assert_error(client.post("/api/games/nosuchgame/moves", json={"move": first, "move_number": 0},
                             headers=auth(table.tokens[0])), 404)
    # 422: a body of the wrong shape
    assert_error(client.post(url, json={"move": first}, headers=auth(table.tokens[0])), 422)
    assert table.snapshot() == before
    assert other.get()["move_number"] == 0

    # the same request twice: applied once, the second is stale
    assert table.post_move(0, first, 0).status_code == 200
    after = table.snapshot()
    assert_error(table.post_move(0, first, 0), 409)
    assert table.snapshot() == after
    check_body(table.get(0), table, 0, [first])
    # an old move_number after the move, and the next one too early
    assert_error(table.post_move(0, first, 0), 409)
    assert_error(table.post_move(0, first, 5), 409)
    assert table.moves() == [first]


def test_the_same_move_sent_twice_at_once_is_made_once(client: TestClient) -> None:
    setup = SETUPS["four_gardens"]
    table = Table.create(client, setup)
    first = paths("four_gardens")["same"][0]
    answers: list[int] = []
    start = threading.Barrier(4)

    def send() -> None:
        start.wait(timeout=10)
        answers.append(table.post_move(0, first, 0).status_code)

    threads = [threading.Thread(target=send) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(answers) == [200, 409, 409, 409]
    assert table.moves() == [first]
    check_body(table.get(0), table, 0, [first])


# --- undo ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_undo_takes_back_own_decisions_of_this_turn_only(client: TestClient, game: str) -> None:
    setup = SETUPS[game]
    table = Table.create(client, setup)
    found = paths(game)
    first = found["same"][0]
    start = table.snapshot()

    # nothing to undo yet; no token; another seat's token
    assert_error(table.undo(0), 409)
    assert_error(table.undo(None), 403)
    table.move(0, first)
    assert table.get(0)["can_undo"] and not table.get(1)["can_undo"]
    moved = table.snapshot()
    assert_error(table.undo(None), 403)
    assert_error(table.undo(1), 403)
    assert_error(table.undo(0, number=0), 409)  # a stale undo
    assert table.snapshot() == moved
    # allowed within the turn: the game is as before the move
    response = table.undo(0, number=1)
    assert response.status_code == 200, response.text
    check_body(response.json(), table, 0, [])
    assert table.snapshot() == start
    # and the move can be made again
    table.move(0, first)
    response = table.undo(0)
    assert response.status_code == 200 and response.json()["move_number"] == 0

    # once the turn passed it is refused, for the seat that moved and for the one now to move
    moves = found["pass"]
    for move in moves:
        table.move(0, move)
    assert table.get()["current_player"] != 0
    passed = table.snapshot()
    assert_error(table.undo(0), 403, 409)
    assert_error(table.undo(table.get()["current_player"]), 409)
    assert table.snapshot() == passed
    check_body(table.get(1), table, 1, moves)


@pytest.mark.parametrize("game", REVEALING)
def test_undo_never_crosses_a_reveal(client: TestClient, game: str) -> None:
    table = Table.create(client, SETUPS[game])
    moves = paths(game)["reveal"]
    for move in moves:
        table.move(0, move)
    assert table.get()["current_player"] == 0
    revealed = table.snapshot()
    # the page offers no undo it would then refuse
    assert table.get(0)["can_undo"] is False
    detail = assert_error(table.undo(0), 409)
    assert "undo" in detail
    assert table.snapshot() == revealed
    check_body(table.get(0), table, 0, moves)


# --- records and replays ---------------------------------------------------------------------------------

def play_out(table: Table, limit: int = 400) -> list[str]:
    """Play the game to its end with the first legal move of each seat to move (bounded)."""
    for _ in range(limit):
        body = table.get()
        if body["status"] != "playing":
            return [e["move"] for e in body["log"]]
        seat = body["current_player"]
        legal = table.get(seat)["legal"]
        table.move(seat, legal[len(legal) // 2])
    raise AssertionError(f"the game did not end within {limit} moves")


@pytest.mark.parametrize("game", GAMES)
def test_the_record_is_shown_once_the_game_is_over_and_replays(client: TestClient, game: str) -> None:
    setup = SETUPS[game]
    request = setup.request()
    request["options"]["max_turns"] = 2 * setup.players  # two rounds, then the game stops ('unfinished')
    response = client.post("/api/games", json=request)
    assert response.status_code == 201
    data = response.json()
    table = Table(client, setup, data["id"], {s["seat"]: s["token"] for s in data["seats"]}, 11, request["seats"])
    first = paths(game)["same"][0]
    table.move(0, first)

    assert "seed" in assert_error(client.get(f"{table.url}/record"), 403)
    assert_error(client.get(f"{table.url}/replay"), 403)
    assert_error(client.get("/api/games/nosuchgame/record"), 404)
    assert_error(client.get("/api/games/nosuchgame/replay"), 404)

    moves = play_out(table)
    final = table.get()
    assert final["status"] == "unfinished" and final["current_player"] is None and final["legal"] == []
    options = {**setup.options, "max_turns": 2 * setup.players}
    truth = hanpan.game(game).new(setup.players, 11, **options)
    for move in moves:
        truth.play(move)
    assert final["view"] == truth.public_view()

    response = client.get(f"{table.url}/record")
    assert response.status_code == 200
    record = response.json()
    assert record["format"] == "hanpan.record/1" and record["game"] == game and record["seed"] == 11
    assert record["players"] == request["seats"] and record["actions"] == moves
    assert record["options"]["max_turns"] == 2 * setup.players
    assert record["result"]["unfinished"] is True
    replayed = replay(Record.from_json(record))
    assert replayed.to_json() == truth.to_json()
    assert record["result"]["scores"] == [card.total for card in replayed.scores()]

    # a replay at move N for a seat, for the table, and the same through POST /api/replay
    middle = len(moves) // 2
    at = hanpan.game(game).new(setup.players, 11, **options)
    for move in moves[:middle]:
        at.play(move)
    for seat in [None, 0, 1]:
        params: dict[str, Any] = {"move": middle} if seat is None else {"move": middle, "seat": seat}
        body = client.get(f"{table.url}/replay", params=params).json()
        assert body["move_number"] == middle and body["total_moves"] == len(moves)
        assert body["view"] == (at.view(seat) if seat is not None else at.public_view())
        assert body["legal"] == [] and body["can_undo"] is False
        posted = client.post("/api/replay", json={"record": record, **params})
        assert posted.status_code == 200
        assert posted.json()["view"] == body["view"] and posted.json()["log"] == body["log"]
    assert client.get(f"{table.url}/replay", params={"move": 10**5}).json()["view"] == truth.public_view()
    assert_error(client.get(f"{table.url}/replay", params={"seat": setup.players}), 400)
    assert_error(client.get(f"{table.url}/replay", params={"move": -1}), 422)
    assert_error(client.post("/api/replay", json={"record": record, "seat": setup.players}), 400)
    broken = {**record, "actions": [*moves[:2], "fly to the moon"], "result": None}
    assert "move 3" in assert_error(client.post("/api/replay", json={"record": broken, "move": 3}), 400)
    assert_error(client.post("/api/replay", json={"record": {**record, "format": "x"}}), 400)
    assert_error(client.post("/api/replay", json={"record": {**record, "game": "chess"}}), 404)
    # a move after the end
    assert_error(table.post_move(0, first, len(moves)), 403, 409)


def test_computer_seats_play_a_whole_game_by_themselves(client: TestClient) -> None:
    setup = SETUPS["spirits_of_the_wild"]
    table = Table.create(client, setup, seats=["random", "greedy"], seed=5)
    assert table.tokens == {}
    final = table.wait(lambda b: b["status"] != "playing" and not b["thinking"], seconds=60)
    assert final["status"] == "finished" and final["winners"]
    record = client.get(f"{table.url}/record").json()
    assert record["seed"] == 5 and record["players"] == ["random", "greedy"]
    state = replay(Record.from_json(record))
    assert final["view"] == state.public_view()
    assert {e["seat"] for e in final["log"]} == {0, 1}


@pytest.mark.parametrize("game", GAMES)
def test_a_computer_seat_moves_by_itself(client: TestClient, game: str) -> None:
    setup = SETUPS[game]
    seats = [HUMAN] + ["random"] * (setup.players - 1)
    table = Table.create(client, setup, seats=seats)
    with table.ws(0) as socket:
        assert recv_json(socket)["move_number"] == 0
        for move in paths(game)["pass"]:
            table.move(0, move)
        body = table.wait(lambda b: (b["current_player"] == 0 and not b["thinking"]) or b["status"] != "playing")
        moves = [e["move"] for e in body["log"]]
        assert len(moves) > len(paths(game)["pass"])
        assert {e["seat"] for e in body["log"]} == set(range(setup.players))
        check_body(table.get(0), table, 0, moves)
        # the seat's socket saw the computer think and move
        frames = [recv_json(socket) for _ in range(len(moves))]
        frames += [json.loads(text) for text in pending(socket)]
        assert any(f["thinking"] for f in frames)
        assert frames[-1]["move_number"] == len(moves) and not frames[-1]["thinking"]
        assert frames[-1]["view"] == rebuild(setup, 11, moves).view(0)
    # a human cannot move for a computer seat, nor undo its moves
    assert_error(table.undo(0), 403, 409)


# --- WebSocket -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_socket_gets_its_own_body_after_every_change(client: TestClient, game: str) -> None:
    setup = SETUPS[game]
    table = Table.create(client, setup)
    seats: list[int | None] = [None, *range(setup.players)]
    sockets = [table.ws(seat) for seat in seats]
    for socket in sockets:
        socket.__enter__()
    try:
        for seat, socket in zip(seats, sockets, strict=True):
            first = recv_json(socket)
            assert first == table.get(seat)
            check_body(first, table, seat, [])
        move = paths(game)["same"][0]
        table.move(0, move)
        for seat, socket in zip(seats, sockets, strict=True):
            check_body(recv_json(socket), table, seat, [move])
        assert table.undo(0).status_code == 200
        for seat, socket in zip(seats, sockets, strict=True):
            check_body(recv_json(socket), table, seat, [])
        # refused requests push nothing
        assert_error(table.post_move(1, move, 0), 403)
        assert_error(table.post_move(0, "nonsense", 0), 400)
        for socket in sockets:
            assert pending(socket, 0.2) == []
        table.move(0, move)
    finally:
        for socket in sockets:
            socket.__exit__(None, None, None)
    # reconnecting: the current state at once
    for seat in seats:
        with table.ws(seat, lang="ko") as socket:
            body = recv_json(socket)
            check_body(body, table, seat, [move])
            assert body == table.get(seat, lang="ko")


def test_sockets_are_closed_for_unknown_games_and_bad_tokens(client: TestClient) -> None:
    table = Table.create(client, SETUPS["spirits_of_the_wild"])
    other = Table.create(client, SETUPS["spirits_of_the_wild"])
    cases = [
        ("/api/games/nosuchgame/ws", 4404),
        (f"/api/games/nosuchgame/ws?token={table.tokens[0]}", 4404),
        (f"{table.url}/ws?token=wrong", 4403),
        (f"{table.url}/ws?token={other.tokens[0]}", 4403),
    ]
    for url, code in cases:
        with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(url) as socket:
            recv_json(socket)
        assert closed.value.code == code, url
    # an empty token is a spectator, whose moves are refused (tests/web/test_socket_moves.py)
    with client.websocket_connect(f"{table.url}/ws?token=") as socket:
        assert recv_json(socket)["seat"] is None
        socket.send_text('{"op": "move", "move": "take1", "move_number": 0}')
        assert recv_json(socket)["code"] == "seat_needed"
    assert table.get()["move_number"] == 0
