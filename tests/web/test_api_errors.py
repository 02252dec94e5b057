"""Hostile requests: each gets a 4xx with one line (``{"detail": "..."}``), never a 500, and leaves every
game as it was.  Runs on both databases.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from hanpan.web.hub import MAX_SEED

from .helpers import SETUPS, Table, assert_error, auth, recv_json

SETUP = SETUPS["four_gardens"]


@pytest.fixture
def tables(client: TestClient) -> tuple[Table, Table]:
    """A game with one move made, and another game (for its tokens)."""
    table = Table.create(client, SETUP)
    table.move(0, table.get(0)["legal"][0])
    return table, Table.create(client, SETUP)


BAD_NEW_GAMES: list[tuple[Any, tuple[int, ...]]] = [
    ({"game": "four_gardens"}, (422,)),  # no seats
    ({"seats": ["human", "human"]}, (422,)),  # no game
    ({"game": "four_gardens", "seats": "human,human"}, (422,)),
    ({"game": "four_gardens", "seats": [0, 1]}, (422,)),
    ({"game": 7, "seats": ["human", "human"]}, (422,)),
    ({"game": "four_gardens", "seats": ["human", "human"], "seed": "7"}, (422,)),
    ({"game": "four_gardens", "seats": ["human", "human"], "seed": 1.5}, (422,)),
    ({"game": "four_gardens", "seats": ["human", "human"], "seed": True}, (422,)),
    ({"game": "four_gardens", "seats": ["human", "human"], "seed": -1}, (422,)),
    ({"game": "four_gardens", "seats": ["human", "human"], "seed": MAX_SEED + 1}, (422,)),
    ({"game": "four_gardens", "seats": ["human", "human"], "seed": 10**40}, (422,)),
    ({"game": "four_gardens", "seats": ["human", "human"], "owner": "me"}, (422,)),  # an extra field
    ({"game": "four_gardens", "seats": ["human", "human"], "options": []}, (422,)),
    ({"game": "four_gardens", "seats": ["human", "human"], "options": {"whims": [1]}}, (422,)),
    ({"game": "four_gardens", "seats": ["human", "human"], "options": {"whims": "x" * 5000}}, (422,)),
    ({"game": "four_gardens", "seats": ["human", "human"], "options": {f"o{i}": 1 for i in range(40)}}, (422,)),
    ({"game": "four_gardens", "seats": ["human"] * 9}, (422,)),
    ({"game": "four_gardens", "seats": []}, (422,)),
    ({"game": "four_gardens", "seats": ["x" * 10_000]}, (422,)),
    ({"game": "g" * 10_000, "seats": ["human"]}, (422,)),
    # the deck option names a file on the server: never from a request
    ({"game": "four_gardens", "seats": ["human", "human"], "options": {"deck": "/etc/passwd"}}, (400,)),
    ({"game": "four_gardens", "seats": ["human", "human"], "options": {"deck": None}}, (400,)),
    ({"game": "four_gardens", "seats": ["human", "human"], "options": {"colour": "red"}}, (400,)),
    ({"game": "four_gardens", "seats": ["human", "human"], "options": {"whims": "maybe"}}, (400,)),
    ({"game": "four_gardens", "seats": ["human", "human"], "options": {"max_turns": 0}}, (400,)),
    ({"game": "four_gardens", "seats": ["human", "human"], "options": {"max_turns": -5}}, (400,)),
    ({"game": "harmonies", "seats": ["human"], "options": {"side": "Z"}}, (400,)),
    ({"game": "four_gardens", "seats": ["human", "grandmaster"]}, (400,)),
    ({"game": "four_gardens", "seats": ["human", "../../bin/sh"]}, (400,)),
    ({"game": "four_gardens", "seats": ["human"]}, (400,)),  # too few players
    ({"game": "spirits_of_the_wild", "seats": ["human"] * 3}, (400,)),  # too many
    ({"game": "chess", "seats": ["human", "human"]}, (404,)),
    ({"game": "../four_gardens", "seats": ["human", "human"]}, (404,)),
]


def test_bad_new_games_are_refused_and_make_nothing(client: TestClient) -> None:
    before = client.get("/api/games").json()
    for request_body, statuses in BAD_NEW_GAMES:
        detail = assert_error(client.post("/api/games", json=request_body), *statuses)
        assert len(detail) <= 2000
    assert client.get("/api/games").json() == before


def test_malformed_bodies_are_refused_with_one_line(client: TestClient, tables: tuple[Table, Table]) -> None:
    table, _ = tables
    before = table.snapshot()
    token = auth(table.tokens[table.get()["current_player"]])
    number = table.get()["move_number"]
    legal = table.get(table.get()["current_player"])["legal"][0]
    json_headers = {**token, "Content-Type": "application/json"}
    moves = f"{table.url}/moves"
    for url in ("/api/games", moves, f"{table.url}/undo", "/api/replay"):
        for raw in (b"{", b"{'move': 1}", b"\xff\xfe", b"[]", b"null", b"1e999999", b'{"move": "a"' * 100):
            if raw == b"null" and url.endswith("/undo"):
                continue  # a null body is no body: an undo without a move_number
            assert_error(client.post(url, content=raw, headers=json_headers))
    bad_moves: list[Any] = [
        {"move": legal},  # no move_number
        {"move_number": number},
        {"move": legal, "move_number": -1},
        {"move": legal, "move_number": "1"},
        {"move": legal, "move_number": float(number)},
        {"move": legal, "move_number": True},
        {"move": legal, "move_number": 10**30},
        {"move": 5, "move_number": number},
        {"move": [legal], "move_number": number},
        {"move": "", "move_number": number},
        {"move": "x" * 10_000, "move_number": number},
        {"move": legal, "move_number": number, "seat": 1},  # an extra field
        [legal, number],
    ]
    for body in bad_moves:
        assert_error(client.post(moves, json=body, headers=token), 422)
    # notation that is no move at all, however strange
    for text in ("\x00", "play c1\x00", "é" * 200, "<script>alert(1)</script>", "play c999", "   ", "\n\n"):
        detail = assert_error(client.post(moves, json={"move": text, "move_number": number}, headers=token), 400)
        assert len(detail) <= 2000
    for body in ({"move_number": -1}, {"move_number": "x"}, {"seat": 0}, [1]):
        assert_error(client.post(f"{table.url}/undo", json=body, headers=token), 422)
    # a body that is not JSON at all (form data)
    assert_error(client.post(moves, data={"move": legal, "move_number": str(number)}, headers=token))
    for lang in ("de", "../en", ""):
        assert_error(client.get(table.url, params={"lang": lang}), 422)
    assert table.snapshot() == before


def test_bodies_over_the_limit_are_refused_413(client: TestClient, tables: tuple[Table, Table]) -> None:
    table, _ = tables
    before = table.snapshot()
    seat = table.get()["current_player"]
    huge = json.dumps({"move": "x" * 20_000, "move_number": 1})
    assert_error(client.post(f"{table.url}/moves", content=huge, headers={**auth(table.tokens[seat]),
                                                                          "Content-Type": "application/json"}), 413)
    new_game = json.dumps({"game": "four_gardens", "seats": ["human", "human"], "options": {"pad": "y" * 20_000}})
    assert_error(client.post("/api/games", content=new_game, headers={"Content-Type": "application/json"}), 413)

    assert_error(client.post("/api/replay", content=b"[" + b"0," * 600_000 + b"0]",
                             headers={"Content-Type": "application/json"}), 413)
    assert table.snapshot() == before


def test_a_chunked_body_over_the_limit_is_refused_413(client: TestClient) -> None:
    table = Table.create(client, SETUP)
    before = table.snapshot()

    def chunks() -> Iterator[bytes]:  # no Content-Length: refused as it streams in
        yield b'{"move": "'
        for _ in range(40):
            yield b"z" * 1024
        yield b'", "move_number": 0}'

    response = client.post(f"{table.url}/moves", content=chunks(),
                           headers={**auth(table.tokens[0]), "Content-Type": "application/json"})
    assert table.snapshot() == before
    assert_error(response, 413)


def test_tokens_open_only_their_own_seat_of_their_own_game(client: TestClient, tables: tuple[Table, Table]) -> None:
    table, other = tables
    before = table.snapshot()
    body = table.get()
    mover = body["current_player"]
    legal = table.get(mover)["legal"][0]
    number = body["move_number"]
    strangers = {
        "another game's token": auth(other.tokens[mover]),
        "a made-up token": auth("A" * 32),
        "a token's hash": auth("0" * 64),
        "a very long token": auth("t" * 8000),
        "no scheme": {"Authorization": table.tokens[mover]},
        "Basic": {"Authorization": f"Basic {table.tokens[mover]}"},
        "an empty bearer": {"Authorization": "Bearer"},
    }
    for name, headers in strangers.items():
        assert_error(client.get(table.url, headers=headers), 403, 431), name
        assert_error(client.post(f"{table.url}/moves", json={"move": legal, "move_number": number},
                                 headers=headers), 403, 431), name
        assert_error(client.post(f"{table.url}/undo", headers=headers), 403, 431), name
    for seat, token in table.tokens.items():
        if seat != mover:
            assert_error(client.post(f"{table.url}/moves", json={"move": legal, "move_number": number},
                                     headers=auth(token)), 403)
    # the other game is untouched by this game's tokens too
    assert_error(other.client.post(f"{other.url}/moves", json={"move": other.get(0)["legal"][0], "move_number": 0},
                                   headers=auth(table.tokens[0])), 403)
    assert other.get()["move_number"] == 0
    assert table.snapshot() == before


NOT_FOUND = [
    "/api/games/nosuchgame",
    "/api/games/nosuchgame/record",
    "/api/games/nosuchgame/replay",
    "/api/games/" + "x" * 300,
    "/api/games/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/api/games/..%2F..%2Fetc/record",
    "/api/games/%C3%A9",
    "/api/catalog/chess",
    "/api/catalog/..%2F..%2Fetc%2Fpasswd",
    "/static/games/four_gardens/..%2F..%2F..%2Fpyproject.toml",
    "/static/games/four_gardens/game.py",
    "/static/games/four_gardens/__init__.py",
    "/static/games/four_gardens/..",
    "/static/games/four_gardens/.%2e",
    "/static/games/four_gardens/%2E%2E%2Fgame.py",
    "/static/games/four_gardens/board.js%00.py",
    "/static/games/..%2Fharmonies/board.js",
    "/static/games/chess/board.js",
    "/static/games/hanpan.web/board.js",
    "/static/games/four_gardens/webdata.py",
    "/static/games/four_gardens/nothing.js",
    "/static/../pyproject.toml",
    "/static/%2e%2e/%2e%2e/pyproject.toml",
    "/static/..%2F..%2Fapp.py",
]


def test_unknown_games_and_paths_are_404(client: TestClient) -> None:
    for path in NOT_FOUND:
        response = client.get(path)
        assert_error(response, 404)
        assert b"import " not in response.content and b"[project]" not in response.content, path


def test_nul_in_a_game_id_is_404(client: TestClient, db_url: str, request: pytest.FixtureRequest) -> None:
    table = Table.create(client, SETUP)
    before = table.snapshot()
    for path in ("/api/games/%00", f"/api/games/{table.id}%00", "/api/games/a%00b/record"):
        assert_error(client.get(path), 404)
    assert_error(client.post("/api/games/%00/moves", json={"move": "draw", "move_number": 0},
                             headers=auth(table.tokens[0])), 404)
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect("/api/games/%00/ws") as socket:
        recv_json(socket)
    assert closed.value.code == 4404
    assert table.snapshot() == before


def test_a_replayed_record_cannot_name_a_file_on_the_server(client: TestClient, tmp_path: Any,
                                                            request: pytest.FixtureRequest) -> None:
    record = {"format": "hanpan.record/1", "game": "four_gardens", "players": ["a", "b"], "seed": 1, "actions": []}
    secret = tmp_path / "secret.txt"
    secret.write_text("password")
    answers = []
    for path in (str(secret), str(tmp_path / "missing.json"), "/etc/passwd"):
        response = client.post("/api/replay", json={"record": {**record, "options": {"deck": path}}})
        answers.append(assert_error(response, 400))
        assert path not in answers[-1]
    # the answer must not tell a file that exists from one that does not
    assert answers[0] == answers[1]


BAD_RECORDS: list[dict[str, Any]] = [
    {},
    {"format": "hanpan.record/1"},
    {"format": "hanpan.record/1", "game": "four_gardens", "players": "ab", "seed": 1, "actions": []},
    {"format": "hanpan.record/1", "game": "four_gardens", "players": ["a", "b"], "seed": -1, "actions": []},
    {"format": "hanpan.record/1", "game": "four_gardens", "players": ["a", "b"], "seed": 1, "actions": "draw"},
    {"format": "hanpan.record/1", "game": "four_gardens", "players": ["a", "b"], "seed": 1, "actions": [1]},
    {"format": "hanpan.record/1", "game": "four_gardens", "players": ["a"] * 9, "seed": 1, "actions": []},
    {"format": "hanpan.record/1", "game": "four_gardens", "players": ["a", "b"], "seed": 1, "actions": [],
     "options": {"bogus": True}},
    {"format": "hanpan.record/1", "game": "four_gardens", "players": ["a", "b"], "seed": 1, "actions": [],
     "options": {"max_turns": -1}},
    {"format": "hanpan.record/1", "game": "four_gardens", "players": ["a", "b"], "seed": 1,
     "actions": ["fly"] * 5},
    {"format": "hanpan.record/1", "game": "four_gardens", "players": ["a", "b"], "seed": 1, "actions": [],
     "result": "won"},
    {"format": "hanpan.record/1", "game": ["four_gardens"], "players": ["a", "b"], "seed": 1, "actions": []},
    {"format": "hanpan.record/1", "game": "chess", "players": ["a", "b"], "seed": 1, "actions": []},
]


def test_bad_records_are_refused(client: TestClient) -> None:
    for record in BAD_RECORDS:
        assert_error(client.post("/api/replay", json={"record": record, "move": 5}))
