"""Practice games against the computer (issue 60 §16): a player who had 6 going on was refused a new one,
in English on the Korean page too, and had no way to end one.  Now the lobby lists the browser's games
(``GET /api/games?ids=``) with resume and abandon (``POST /api/games/{id}/abandon``), and the limit counts
only the games really running: a computer seat thinking, or a game changed in the last 10 minutes.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hanpan.web.app import create_app
from hanpan.web.settings import ServerSettings

from .helpers import SETUPS, Table, assert_error, auth

SETUP = SETUPS["spirits_of_the_wild"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = ServerSettings(bot_workers=1, allowed_hosts=("testserver",), max_bot_games_per_client=2,
                              warm_workers=False)
    with TestClient(create_app(f"sqlite:///{tmp_path}/hanpan.sqlite3", settings=settings)) as c:
        yield c


def waiting_for_me(table: Table) -> dict[str, Any]:
    """The game once its computer seat has moved and it is the person's turn (bounded)."""
    return table.wait(lambda b: not b["thinking"] and b["current_player"] in table.tokens)


def new_game(client: TestClient, seed: int, lang: str = "en") -> Any:
    return client.post(f"/api/games?lang={lang}", json=SETUP.request(["random", "human"], seed))


def test_a_practice_game_can_be_abandoned_and_then_another_started(client: TestClient) -> None:
    games = [Table.create(client, SETUP, seats=["random", "human"], seed=seed) for seed in (1, 2)]
    refused = new_game(client, 3)
    assert "finish one first" in assert_error(refused, 429)
    # the page's language
    korean = assert_error(new_game(client, 3, lang="ko"), 429)
    assert "컴퓨터" in korean and "finish" not in korean
    first = games[0]
    assert "needs your seat" in assert_error(client.post(f"{first.url}/abandon"), 403)
    assert_error(client.post(f"{first.url}/abandon", headers=auth("not a token")), 403)
    body = client.post(f"{first.url}/abandon", headers=auth(first.tokens[1]))
    assert body.status_code == 200, body.text
    assert body.json()["status"] == "abandoned" and body.json()["legal"] == []
    assert first.get()["status"] == "abandoned"
    assert "over" in assert_error(client.post(f"{first.url}/abandon", headers=auth(first.tokens[1])), 409)
    assert new_game(client, 3).status_code == 201  # the abandoned one no longer counts


def test_games_left_waiting_for_their_person_stop_counting_after_10_minutes(client: TestClient) -> None:
    games = [Table.create(client, SETUP, seats=["random", "human"], seed=seed) for seed in (1, 2)]
    for game in games:
        waiting_for_me(game)
    assert_error(new_game(client, 3), 429)
    hub = client.app.state.hanpan_lobby().hub  # type: ignore[attr-defined]
    real = hub.clock
    hub.clock = lambda: real() + timedelta(minutes=9)
    assert_error(new_game(client, 3), 429)
    hub.clock = lambda: real() + timedelta(minutes=11)
    assert new_game(client, 3).status_code == 201
    # a move brings a game back among the running ones
    game = games[0]
    seat = waiting_for_me(game)["current_player"]
    game.move(seat, game.get(seat)["legal"][0])
    assert_error(new_game(client, 4), 429)  # the new game and the one just moved in: two running


def test_the_lobby_reads_the_browsers_games_by_their_ids(client: TestClient) -> None:
    mine = [Table.create(client, SETUP, seats=["random", "human"], seed=seed) for seed in (1, 2)]
    Table.create(client, SETUP, seats=["human", "human"], seed=5)  # someone else's
    listed = client.get("/api/games", params={"ids": f"{mine[1].id},{mine[0].id},nosuchgame"})
    assert listed.status_code == 200, listed.text
    assert sorted(g["id"] for g in listed.json()) == sorted(t.id for t in mine)
    assert all(g["status"] == "playing" and g["seats"] == ["random", "human"] for g in listed.json())
    assert "ids" in assert_error(client.get("/api/games", params={"ids": ",".join(["x"] * 51)}), 422)
