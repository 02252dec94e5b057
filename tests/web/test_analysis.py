"""Game reviews and hints through the API (``hanpan.web.reviews``), on SQLite and PostgreSQL: a finished
game's review started, its progress, the review stored and given at once the next time (after a restart
too), never for a game still going, bad levels, the rate limit and a server without analysis; a hint only
where no other person plays, counted in the game's record, and a lobby table's game with a hint unrated.

Reviews here run with a tiny budget (``easy``, 2 samples, 1 alternative): seconds each.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hanpan.analysis.estimates import Budget
from hanpan.analysis.results import Review
from hanpan.web.app import create_app
from hanpan.web.ratings import Ratings
from hanpan.web.settings import ServerSettings
from hanpan.web.storage import Store

from .helpers import SETUPS, TEST_SETTINGS, Setup, Table, assert_error, auth
from .test_tables import Lobby, pick, wait_for

#: the tests' analysis: the easy level on 2 samples and 1 alternative per decision
SETTINGS = dataclasses.replace(TEST_SETTINGS, analysis_level="easy", analysis_samples=2, analysis_alternatives=1)
#: how long a test waits for a game of computer seats or a review to end
WAIT = 120.0
SHORT_HARMONIES = Setup("harmonies", 1, {"max_turns": 3})


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, settings=SETTINGS)) as c:
        yield c


def finished_game(client: TestClient, setup: Setup, seed: int = 5) -> str:
    """A game of two greedy seats, played to its end."""
    table = Table.create(client, setup, ["greedy"] * setup.players, seed=seed)
    table.wait(lambda body: body["status"] != "playing", WAIT)
    return table.id


def until_done(client: TestClient, game_id: str, **params: str) -> list[dict[str, Any]]:
    """Every answer of GET …/analysis until the review is done (bounded)."""
    seen = []
    deadline = time.monotonic() + WAIT
    while True:
        answer = client.get(f"/api/games/{game_id}/analysis", params=params)
        assert answer.status_code == 200, answer.text
        seen.append(answer.json())
        if seen[-1]["status"] == "done":
            return seen
        assert seen[-1]["status"] == "running", seen[-1]
        assert time.monotonic() < deadline, f"the review did not end within {WAIT} s: {seen[-1]}"
        time.sleep(0.1)


def test_the_settings_budget_is_the_reviews_default() -> None:
    budget = Budget()
    settings = ServerSettings()
    assert (settings.analysis_samples, settings.analysis_alternatives) == (budget.samples, budget.alternatives)
    assert settings.analysis_level == "hard"


def test_a_finished_game_is_reviewed_with_progress_stored_and_given_at_once_again(db_url: str) -> None:
    with TestClient(create_app(db_url, settings=SETTINGS)) as client:
        game_id = finished_game(client, SETUPS["spirits_of_the_wild"])
        moves = client.get(f"/api/games/{game_id}").json()["move_number"]
        assert client.get(f"/api/games/{game_id}/analysis").json()["status"] == "none"
        started = client.post(f"/api/games/{game_id}/analysis", json={})
        assert started.status_code == 202, started.text
        assert started.json()["status"] == "running" and started.json()["level"] == "easy"
        # asked again while it runs: the same review, not a second one
        again = client.post(f"/api/games/{game_id}/analysis")
        assert again.status_code == 200 and again.json()["status"] in ("running", "done")
        seen = until_done(client, game_id)
        for answer in seen[:-1]:  # progress: decisions judged of the decisions to judge
            assert 0 <= answer["done"] <= answer["total"] and answer["total"] in (0, moves)
        review = Review.from_json(seen[-1]["review"])
        assert review.level == "easy" and review.budget == Budget(samples=2, alternatives=1)
        assert [d.number for d in review.decisions] == list(range(1, moves + 1))
        assert len(review.summaries) == 2 and all(s.accuracy is not None for s in review.summaries)
        assert seen[-1]["done"] == seen[-1]["total"] == moves and seen[-1]["reviewed"] == ["easy"]
        # a second visit: stored, given at once, the POST too
        assert client.get(f"/api/games/{game_id}/analysis?level=easy").json()["review"] == seen[-1]["review"]
        stored = client.post(f"/api/games/{game_id}/analysis", json={"level": "easy"})
        assert stored.status_code == 200 and stored.json()["status"] == "done"
        # another level is another review, none yet
        assert client.get(f"/api/games/{game_id}/analysis?level=hard").json()["status"] == "none"
    # after a restart the database gives it at once (the replay link shows it)
    with TestClient(create_app(db_url, settings=SETTINGS)) as client:
        first = client.get(f"/api/games/{game_id}/analysis").json()
        assert first["status"] == "done" and first["review"] == seen[-1]["review"]


def test_a_game_still_going_is_not_analysed(client: TestClient) -> None:
    table = Table.create(client, SETUPS["harmonies"], ["human", "greedy"])
    for method in ("GET", "POST"):
        detail = assert_error(client.request(method, f"/api/games/{table.id}/analysis"), 409)
        assert "not over" in detail and "once it has ended" in detail
    assert_error(client.get("/api/games/nosuchgame/analysis"), 404)


def test_bad_levels_and_bodies_are_refused_in_one_line(client: TestClient) -> None:
    game_id = finished_game(client, SETUPS["spirits_of_the_wild"])
    detail = assert_error(client.post(f"/api/games/{game_id}/analysis", json={"level": "random"}), 400)
    assert "random" in detail and "greedy, easy, normal, hard, master" in detail
    assert "levels" in assert_error(client.get(f"/api/games/{game_id}/analysis?level=superb"), 400)
    assert_error(client.post(f"/api/games/{game_id}/analysis", json={"level": "easy", "samples": 99}), 422)


def test_new_reviews_are_rate_limited_per_address(db_url: str) -> None:
    settings = dataclasses.replace(SETTINGS, analyses_per_hour=1)
    with TestClient(create_app(db_url, settings=settings)) as client:
        first = finished_game(client, SETUPS["spirits_of_the_wild"], seed=1)
        second = finished_game(client, SETUPS["spirits_of_the_wild"], seed=2)
        assert client.post(f"/api/games/{first}/analysis").status_code == 202
        detail = assert_error(client.post(f"/api/games/{second}/analysis"), 429)
        assert "too many game reviews" in detail and "try again in" in detail
        # the one under way (or stored) is still answered: only a new review counts
        assert client.post(f"/api/games/{first}/analysis").status_code == 200
        until_done(client, first)


def test_a_server_without_analysis_says_so(db_url: str) -> None:
    settings = dataclasses.replace(SETTINGS, analysis_workers=0)
    with TestClient(create_app(db_url, settings=settings)) as client:
        game_id = finished_game(client, SETUPS["spirits_of_the_wild"])
        assert client.get(f"/api/games/{game_id}/analysis").json()["available"] is False
        assert "analysis is off" in assert_error(client.post(f"/api/games/{game_id}/analysis"), 503)


# --- hints -----------------------------------------------------------------------------------------

def test_a_hint_in_a_solo_game_gives_the_best_move_and_the_next_and_the_record_says_so(client: TestClient) -> None:
    table = Table.create(client, SHORT_HARMONIES, ["human"])
    body = table.get(0)
    answer = client.post(f"/api/games/{table.id}/hint", headers=auth(table.tokens[0]), json={})
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert hint["move_number"] == body["move_number"] and hint["seat"] == 0 and hint["unit"] == "points"
    assert hint["level"] == "easy" and hint["legal"] == len(body["legal"])
    best, following = hint["best"], hint["next_best"]
    assert best["move"] in body["legal"] and best["text"] == body["hints"][best["move"]]
    assert following is not None and following["move"] in body["legal"] and following["move"] != best["move"]
    assert hint["method"] == "plans"  # solo Harmonies side A: judged by whole turns and the learned value
    for estimate in (best, following):
        assert estimate["samples"] == 0 and estimate["se"] == 0 and isinstance(estimate["value"], float)
    assert best["value"] >= following["value"]
    # in Korean, the same moves in Korean words
    korean = client.post(f"/api/games/{table.id}/hint?lang=ko", headers=auth(table.tokens[0])).json()
    assert korean["best"]["move"] == best["move"] and korean["best"]["text"] == table.get(0, lang="ko")["hints"][
        best["move"]]
    # played to the end: the record says which seats asked for hints
    while (body := table.get(0))["status"] == "playing":
        table.move(0, pick(body["legal"]))
    record = client.get(f"/api/games/{table.id}/record").json()
    assert record["hints_used"] == [0]
    from hanpan.core.record import Record

    assert Record.from_json(record).hints_used == [0]
    assert "hints_used" not in client.get(f"/api/games/{finished_game(client, SETUPS['spirits_of_the_wild'])}"
                                          "/record").json()


def test_a_hint_only_for_the_seat_to_move_where_no_other_person_plays(client: TestClient) -> None:
    friends = Table.create(client, SETUPS["spirits_of_the_wild"], ["human", "human"])
    detail = assert_error(client.post(f"/api/games/{friends.id}/hint", headers=auth(friends.tokens[0])), 409)
    assert "no other person" in detail and "seat 2" in detail
    against = Table.create(client, SETUPS["spirits_of_the_wild"], ["human", "greedy"])
    assert "needs your seat" in assert_error(client.post(f"/api/games/{against.id}/hint"), 403)
    assert_error(client.post(f"/api/games/{against.id}/hint", headers=auth(friends.tokens[0])), 403)
    assert client.post(f"/api/games/{against.id}/hint", headers=auth(against.tokens[0])).status_code == 200
    assert_error(client.post(f"/api/games/{against.id}/hint", headers=auth(against.tokens[0]),
                             json={"level": "random"}), 400)
    over = finished_game(client, SETUPS["spirits_of_the_wild"])
    assert_error(client.post(f"/api/games/{over}/hint"), 403)


def test_a_tables_game_with_a_hint_is_never_rated(db_url: str) -> None:
    with TestClient(create_app(db_url, settings=SETTINGS)) as c:
        lobby = Lobby(c)
        lobby.register("Ann")
        table = lobby.table("Ann", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "level", "level": "random"}],
                            options={"max_turns": 6})
        assert table["status"] == "playing" and table["rated"]
        game_id = table["game_id"]
        wait_for(lambda: lobby.game("Ann", game_id)["current_player"] == 0)
        # the session without its CSRF header changes nothing
        c.cookies.set("hanpan_session", lobby.sessions["Ann"][0])
        assert_error(c.post(f"/api/games/{game_id}/hint"), 403)
        hint = lobby.call("Ann", "POST", f"/api/games/{game_id}/hint", {}, ok=200).json()
        assert hint["hints_used"] is True
        assert lobby.call(None, "GET", f"/api/tables/{table['id']}", ok=200).json()["rated"] is False
        lobby.play_out(game_id, ["Ann"])
        wait_for(lambda: lobby.call(None, "GET", f"/api/tables/{table['id']}").json()["status"] == "finished")
        assert lobby.call(None, "GET", f"/api/games/{game_id}/record").json()["hints_used"] == [0]
        assert lobby.call(None, "GET", "/api/players/Ann", ok=200).json()["ratings"] == []
    store = Store(db_url)
    assert Ratings(store).rebuild() == 0  # hanpan ratings rebuild skips it too
    store.close()
