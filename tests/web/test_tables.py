"""Lobby tables through the API, on SQLite and PostgreSQL: filling and starting, nobody ever handed
another seat's secret, seeds, leaving, turn limits with a clock the test moves, rematches, chat, ratings."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hanpan.cli.main import main
from hanpan.web.accounts import Player
from hanpan.web.app import create_app
from hanpan.web.tables import LobbyTable, SeatSpec

from .helpers import TEST_SETTINGS

PASSWORD = "good pass 1"


class Lobby:
    """One TestClient (one event loop), several players: each request goes with one player's cookie."""

    def __init__(self, client: TestClient) -> None:
        self.c = client
        self.sessions: dict[str, tuple[str, str]] = {}
        self.answers: list[Any] = []  # every answer any request got, for the secrets checks

    def register(self, name: str, guest: bool = False) -> None:
        self.c.cookies.clear()
        body = {"name": name} if guest else {"name": name, "password": PASSWORD}
        answer = self.c.post("/api/account/guest" if guest else "/api/account/register", json=body)
        assert answer.status_code in (200, 201), answer.text
        self.sessions[name] = (self.c.cookies.get("hanpan_session") or "", answer.json()["csrf"])

    def call(self, who: str | None, method: str, path: str, body: Any = None, ok: int | None = None) -> Any:
        self.c.cookies.clear()
        headers = {}
        if who is not None:
            self.c.cookies.set("hanpan_session", self.sessions[who][0])
            headers["X-CSRF-Token"] = self.sessions[who][1]
        answer = self.c.request(method, path, json=body, headers=headers)
        self.answers.append(answer.text)
        if ok is not None:
            assert answer.status_code == ok, (path, answer.text)
        return answer

    def table(self, who: str, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
        answer = self.call(who, "POST", "/api/tables", {"game": game, "seats": seats, **extra}, ok=201)
        result: dict[str, Any] = answer.json()
        return result

    def game(self, who: str, game_id: str) -> dict[str, Any]:
        body: dict[str, Any] = self.call(who, "GET", f"/api/games/{game_id}", ok=200).json()
        return body

    def play_out(self, game_id: str, people: list[str], limit: int = 2000) -> dict[str, Any]:
        """Every person plays their seat's moves (``pick``) until the game ends (computer seats think)."""
        deadline = time.monotonic() + 120
        for _ in range(limit):
            bodies = {who: self.game(who, game_id) for who in people}
            first = next(iter(bodies.values()))
            if first["status"] != "playing":
                return first
            mover = next((who for who, b in bodies.items() if b["seat"] == b["current_player"]), None)
            if mover is None:  # a computer seat's turn
                assert time.monotonic() < deadline
                time.sleep(0.02)
                continue
            b = bodies[mover]
            self.call(mover, "POST", f"/api/games/{game_id}/moves", {"move": pick(b["legal"]),
                                                                       "move_number": b["move_number"]}, ok=200)
        raise AssertionError("the game did not end")


def pick(legal: list[str]) -> str:
    """A move that gets a game on: building (Four Gardens' complete / put / play) before anything else."""
    for word in ("complete", "put", "play"):
        found = [m for m in legal if m.startswith(word)]
        if found:
            return found[0]
    return legal[len(legal) // 2]


@pytest.fixture
def lobby(db_url: str) -> Iterator[Lobby]:
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:
        yield Lobby(client)


def wait_for(check: Any, seconds: float = 30) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)


def test_a_table_fills_starts_and_its_game_is_rated(lobby: Lobby) -> None:
    for name in ("Ann", "Bob", "김민수"):
        lobby.register(name)
    table = lobby.table("Ann", "four_gardens", [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}])
    sitting = [s.get("player", {}).get("name") for s in table["seats"]]
    assert table["status"] == "open" and sitting == ["Ann", None, None]
    # listed in the lobby with who sits there and their rating
    listed = lobby.call(None, "GET", "/api/tables", ok=200).json()
    assert [t["id"] for t in listed["open"]] == [table["id"]]
    assert listed["open"][0]["seats"][0]["player"]["rating"] == 1500
    lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200)
    joined = lobby.call("김민수", "POST", f"/api/tables/{table['id']}/join", {}, ok=200).json()
    assert joined["status"] == "playing" and joined["game_id"] and joined["rated"]
    game_id = joined["game_id"]
    # each player sees their own seat (by their session) and the names of all
    seats = {who: lobby.game(who, game_id)["seat"] for who in ("Ann", "Bob", "김민수")}
    assert sorted(seats.values()) == [0, 1, 2]
    assert [s["name"] for s in lobby.game("Ann", game_id)["seats"]] == ["Ann", "Bob", "김민수"]
    assert lobby.call(None, "GET", f"/api/games/{game_id}", ok=200).json()["seat"] is None  # a spectator
    # "your turn" first among your tables
    mover = next(who for who, seat in seats.items() if seat == lobby.game(who, game_id)["current_player"])
    mine = lobby.call(mover, "GET", "/api/tables", ok=200).json()["you"]["playing"]
    assert mine[0]["your_turn"] is True
    end = lobby.play_out(game_id, ["Ann", "Bob", "김민수"])
    assert end["status"] == "finished"
    assert wait_for(lambda: lobby.call(None, "GET", f"/api/tables/{table['id']}").json()["status"] == "finished")
    profiles = {who: wait_for(lambda who=who: lobby.call(None, "GET", f"/api/players/{who}").json()["ratings"]
                              or None) for who in ("Ann", "Bob", "김민수")}
    ratings = {who: p[0]["display"] for who, p in profiles.items()}
    assert len(set(ratings.values())) > 1 and all(p[0]["games"] == 1 for p in profiles.values())
    assert all(p[0]["history"] for p in profiles.values())
    games = lobby.call(None, "GET", "/api/players/Bob", ok=200).json()["games"]
    assert [g["game_id"] for g in games] == [game_id] and games[0]["rated"]
    board = lobby.call(None, "GET", "/api/leaderboard/four_gardens?players=3", ok=200).json()["leaders"]
    assert sorted(r["name"] for r in board) == sorted(ratings) and board[0]["display"] == max(ratings.values())


def test_nobody_is_ever_handed_another_seats_secret(lobby: Lobby) -> None:
    for name in ("Ann", "Bob"):
        lobby.register(name)
    table = lobby.table("Ann", "four_gardens", [{"kind": "me"}, {"kind": "open"}])
    joined = lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200).json()
    game_id = joined["game_id"]
    for who in ("Ann", "Bob"):
        lobby.game(who, game_id)
        lobby.call(who, "GET", f"/api/tables/{table['id']}", ok=200)
        lobby.call(who, "GET", "/api/tables", ok=200)
    # a table's game has no seat token at all: no answer carries one, and none opens a seat
    assert not any("token" in json.loads(text) if text.startswith("{") else False for text in lobby.answers)
    assert all('"token"' not in text for text in lobby.answers)
    # each sees only their own hand
    ann, bob = lobby.game("Ann", game_id), lobby.game("Bob", game_id)
    for body, other in ((ann, bob["seat"]), (bob, ann["seat"])):
        assert all("id" not in card or card.get("public") for card in body["view"]["players"][other]["hand"])
    # the creator cannot act for the other seat: a move at Bob's turn by Ann is refused
    mover = ann if ann["current_player"] == ann["seat"] else bob
    waiting = "Bob" if mover is ann else "Ann"
    refused = lobby.call(waiting, "POST", f"/api/games/{game_id}/moves",
                         {"move": mover["legal"][0], "move_number": mover["move_number"]})
    assert refused.status_code == 403


def test_a_chosen_seed_only_where_every_persons_seat_is_yours(lobby: Lobby) -> None:
    lobby.register("Ann")
    refused = lobby.call("Ann", "POST", "/api/tables", {"game": "harmonies", "seed": 5,
                                                        "seats": [{"kind": "me"}, {"kind": "open"}]})
    assert refused.status_code == 400 and "seed" in refused.json()["detail"]
    practice = lobby.table("Ann", "harmonies", [{"kind": "me"}, {"kind": "level", "level": "greedy"}], seed=5)
    assert practice["status"] == "playing" and practice["seeded"] and not practice["rated"]


def test_guests_play_but_are_never_rated(lobby: Lobby) -> None:
    lobby.register("Ann")
    lobby.register("Gus", guest=True)
    table = lobby.table("Gus", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "open"}])
    joined = lobby.call("Ann", "POST", f"/api/tables/{table['id']}/join", {}, ok=200).json()
    assert joined["status"] == "playing" and not joined["rated"]
    lobby.play_out(joined["game_id"], ["Ann", "Gus"])
    wait_for(lambda: lobby.call(None, "GET", f"/api/tables/{table['id']}").json()["status"] == "finished")
    assert lobby.call(None, "GET", "/api/players/Ann", ok=200).json()["ratings"] == []


def test_a_game_against_a_level_is_rated_with_its_fixed_rating(lobby: Lobby) -> None:
    lobby.register("Ann")
    table = lobby.table("Ann", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "level", "level": "random"}])
    assert table["status"] == "playing" and table["rated"]
    meta = lobby.call(None, "GET", "/api/meta").json()["games"][0]
    assert meta["id"] == "spirits_of_the_wild" and table["seats"][1]["rating"] == meta["levels"]["2"][0]["rating"]
    lobby.play_out(table["game_id"], ["Ann"])
    rating = wait_for(lambda: lobby.call(None, "GET", "/api/players/Ann").json()["ratings"] or None)
    assert rating[0]["games"] == 1


@pytest.mark.parametrize("rule", ["level:random", "abandon"])
def test_a_seat_past_its_time_is_taken_over_or_the_game_abandoned(lobby: Lobby, rule: str) -> None:
    for name in ("Ann", "Bob"):
        lobby.register(name)
    pace = {"kind": "turn", "limit_s": 3600, "on_timeout": rule}
    table = lobby.table("Ann", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "open"}], pace=pace)
    assert table["pace"] == pace
    game_id = lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200).json()["game_id"]
    app = lobby.c.app
    hub = app.state.hanpan_lobby().hub
    moved = [timedelta(0)]
    real = hub.clock
    hub.clock = lambda: real() + moved[0]
    check = app.state.hanpan_lobby().check_deadlines
    assert lobby.c.portal.call(check) == 0  # within the hour: nothing happens
    moved[0] = timedelta(minutes=59)
    assert lobby.c.portal.call(check) == 0
    late = lobby.game("Ann", game_id)["current_player"]
    moved[0] = timedelta(hours=1, minutes=1)
    assert lobby.c.portal.call(check) == 1
    body = lobby.game("Ann", game_id)
    if rule == "abandon":
        assert body["status"] == "abandoned" and body["legal"] == []
        assert lobby.call(None, "GET", f"/api/tables/{table['id']}").json()["status"] == "abandoned"
    else:
        assert body["seats"][late]["kind"] == "random" and "name" not in body["seats"][late]
        # the computer level plays the seat on; the other person is still asked to move when it is their turn
        wait_for(lambda: lobby.game("Ann", game_id)["move_number"] > body["move_number"]
                 or lobby.game("Ann", game_id)["status"] != "playing")


def test_a_turn_limit_is_checked_on_a_game_read_back_from_the_database(db_url: str) -> None:
    """After a restart the game comes from the database: SQLite's naive updated_at raised TypeError in every
    deadline check (found by the API fuzzing's turn table), so no seat ever ran out of time."""
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:
        lobby = Lobby(client)
        for name in ("Ann", "Bob"):
            lobby.register(name)
        pace = {"kind": "turn", "limit_s": 3600, "on_timeout": "abandon"}
        table = lobby.table("Ann", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "open"}], pace=pace)
        game_id = lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200).json()["game_id"]
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:
        hub = client.app.state.hanpan_lobby().hub
        real = hub.clock
        check = client.app.state.hanpan_lobby().check_deadlines
        assert client.portal.call(check) == 0
        hub.clock = lambda: real() + timedelta(hours=1, minutes=1)
        assert client.portal.call(check) == 1
        assert client.get(f"/api/games/{game_id}").json()["status"] == "abandoned"


def test_leaving_a_game_hands_the_seat_to_the_tables_level(lobby: Lobby) -> None:
    for name in ("Ann", "Bob"):
        lobby.register(name)
    table = lobby.table("Ann", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "open"}],
                        pace={"kind": "realtime", "on_leave": "level:greedy"})
    # before the start: standing up frees the seat
    lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {"seat": 1}, ok=200)
    game_id = lobby.call(None, "GET", f"/api/tables/{table['id']}").json()["game_id"]
    lobby.call("Bob", "POST", f"/api/tables/{table['id']}/leave", ok=200)
    body = lobby.game("Ann", game_id)
    assert body["seats"][1]["kind"] == "greedy"
    assert lobby.game("Bob", game_id)["seat"] is None  # Bob is a spectator now


def test_standing_up_before_the_start_and_starting_with_levels(lobby: Lobby) -> None:
    for name in ("Ann", "Bob"):
        lobby.register(name)
    table = lobby.table("Ann", "harmonies", [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}])
    lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200)
    left = lobby.call("Bob", "POST", f"/api/tables/{table['id']}/leave", ok=200).json()
    assert left["status"] == "open" and "player" not in left["seats"][1]
    lobby.call("Bob", "POST", f"/api/tables/{table['id']}/start", {"level": "random"}, ok=403)  # not the creator
    started = lobby.call("Ann", "POST", f"/api/tables/{table['id']}/start", {"level": "random"}, ok=200).json()
    assert started["status"] == "playing" and [s["kind"] for s in started["seats"]] == ["reserved", "level", "level"]
    lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=409)


def test_a_reserved_seat_waits_for_its_player(lobby: Lobby) -> None:
    for name in ("Ann", "Bob", "Cid"):
        lobby.register(name)
    table = lobby.table("Ann", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "reserved", "name": "bob"}])
    assert table["seats"][1]["name"] == "Bob"
    lobby.call("Cid", "POST", f"/api/tables/{table['id']}/join", {}, ok=409)
    assert lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200).json()["status"] == "playing"
    seats = [{"kind": "me"}, {"kind": "reserved", "name": "nobody"}]
    refused = lobby.call("Ann", "POST", "/api/tables", {"game": "spirits_of_the_wild", "seats": seats})
    assert refused.status_code == 400


def test_a_rematch_keeps_the_seats_and_starts_when_all_accept(lobby: Lobby) -> None:
    for name in ("Ann", "Bob"):
        lobby.register(name)
    table = lobby.table("Ann", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "open"}])
    game_id = lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200).json()["game_id"]
    lobby.call("Ann", "POST", f"/api/tables/{table['id']}/rematch", ok=409)  # not ended yet
    lobby.play_out(game_id, ["Ann", "Bob"])
    wait_for(lambda: lobby.call(None, "GET", f"/api/tables/{table['id']}").json()["status"] == "finished")
    again = lobby.call("Bob", "POST", f"/api/tables/{table['id']}/rematch", ok=201).json()
    assert again["status"] == "open" and again["rematch_of"] == table["id"]
    assert [s.get("name") for s in again["seats"]] == ["Ann", "Bob"]
    accepted = lobby.call("Ann", "POST", f"/api/tables/{table['id']}/rematch", ok=201).json()
    assert accepted["id"] == again["id"] and accepted["status"] == "playing" and accepted["game_id"] != game_id


def test_the_chat_is_for_the_tables_players_short_and_slow(lobby: Lobby, db_url: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("Ann", "Bob"):
        lobby.register(name)
    table = lobby.table("Ann", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "open"}])
    path = f"/api/tables/{table['id']}/chat"
    assert main(["chat", "reports", "--db", db_url]) == 0
    assert capsys.readouterr().out == "no chat message is waiting for an admin\n"
    lobby.call("Bob", "POST", path, {"text": "hi"}, ok=403)  # not at the table: muted
    message = lobby.call("Ann", "POST", path, {"text": "<b>hello</b>   there"}, ok=201).json()
    assert message["text"] == "<b>hello</b> there"  # kept as text; the page draws it as text
    lobby.call("Ann", "POST", path, {"text": "x" * 301}, ok=400)
    for _ in range(9):
        lobby.call("Ann", "POST", path, {"text": "again"}, ok=201)
    lobby.call("Ann", "POST", path, {"text": "one too many"}, ok=429)
    lobby.call("Bob", "POST", f"{path}/{message['id']}/report", {"reason": "rude"}, ok=204)
    lobby.call("Bob", "POST", f"{path}/{message['id']}/report", {"reason": "twice"}, ok=204)  # kept once
    chat = lobby.call(None, "GET", f"/api/tables/{table['id']}", ok=200).json()["chat"]
    assert len(chat) == 10 and chat[0]["name"] == "Ann"
    # once the game runs, the chat comes with the game's pushes too
    game_id = lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200).json()["game_id"]
    assert lobby.game("Bob", game_id)["chat"][-1]["text"] == "again"
    # the site's moderators list the reports
    assert main(["chat", "reports", "--db", db_url]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "1 report, newest first:"
    assert lines[1].endswith(f"table {table['id']}  message {message['id']}  Bob reported Ann (rude): "
                             "<b>hello</b> there")


# --- issue 60 §3: no rating farmed by leaving ---------------------------------------------------------

def test_leaving_a_rated_game_rates_the_leaver_last_whatever_the_level_that_took_over_did(lobby: Lobby) -> None:
    """The attack: a table of me + random, turn based with greedy taking over, then leave: greedy won the
    game for the leaver, who climbed the leaderboard without a move.  Now the leaver is rated last."""
    from hanpan.web.ratings import Ratings
    from hanpan.web.storage import Store

    lobby.register("Ann")
    pace = {"kind": "turn", "limit_s": 3600, "on_timeout": "level:greedy"}
    for _ in range(3):
        table = lobby.table("Ann", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "level", "level": "random"}],
                            pace=pace)
        assert table["rated"]
        lobby.call("Ann", "POST", f"/api/tables/{table['id']}/leave", ok=200)
        wait_for(lambda table=table: lobby.call(None, "GET", f"/api/tables/{table['id']}").json()["status"]
                 == "finished")
    rating = wait_for(lambda: [r for r in lobby.call(None, "GET", "/api/players/Ann").json()["ratings"]
                               if r["games"] == 3] or None)[0]
    assert rating["display"] < 1500, rating  # three losses to random, not three wins of greedy's
    # `hanpan ratings rebuild` gives the same
    store: Store = lobby.c.app.state.hanpan_lobby().hub.store
    ratings = Ratings(store)
    ann = _player_id(lobby, "Ann")

    def shown() -> list[Any]:
        return [(r["display"], r["uncertainty"], r["games"]) for r in ratings.ratings_of(ann)] + [
            (h["game_id"], h["display"]) for h in ratings.history(ann, "spirits_of_the_wild", 2)]

    live = shown()
    assert ratings.rebuild() == 3 and shown() == live


def _player_id(lobby: Lobby, name: str) -> str:
    answer = lobby.call(name, "GET", "/api/account", ok=200).json()
    return str(answer["player"]["id"])


def test_a_real_time_tables_on_leave_is_honoured_and_a_bad_one_refused(lobby: Lobby) -> None:
    for name in ("Ann", "Bob"):
        lobby.register(name)
    seats = [{"kind": "me"}, {"kind": "open"}]
    table = lobby.table("Ann", "spirits_of_the_wild", seats, pace={"kind": "realtime", "on_leave": "level:random"})
    assert table["pace"] == {"kind": "realtime", "on_leave": "level:random"}
    game_id = lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200).json()["game_id"]
    lobby.call("Bob", "POST", f"/api/tables/{table['id']}/leave", ok=200)
    assert lobby.game("Ann", game_id)["seats"][1]["kind"] == "random"
    for pace in ({"kind": "realtime", "on_leave": "level:nonsense"},
                 {"kind": "realtime", "on_timeout": "level:greedy"}, {"kind": "realtime", "limit_s": 3600}):
        refused = lobby.call("Ann", "POST", "/api/tables", {"game": "spirits_of_the_wild", "seats": seats,
                                                             "pace": pace})
        assert refused.status_code == 400, refused.text
        detail = refused.json()["detail"]
        assert "\n" not in detail and ("level:NAME" in detail or "real-time" in detail), detail


def test_a_turn_table_without_its_on_timeout_is_refused_saying_it_is_missing(lobby: Lobby) -> None:
    lobby.register("Ann")
    refused = lobby.call("Ann", "POST", "/api/tables", {"game": "spirits_of_the_wild", "seats": [
        {"kind": "me"}, {"kind": "open"}], "pace": {"kind": "turn", "limit_s": 3600}})
    assert refused.status_code == 400, refused.text
    detail = refused.json()["detail"]
    assert "needs pace on_timeout" in detail and "level:NAME" in detail and "None" not in detail, detail


def test_a_person_who_leaves_an_abandoning_table_loses_and_the_others_win(lobby: Lobby) -> None:
    for name in ("Ann", "Bob"):
        lobby.register(name)
    table = lobby.table("Ann", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "open"}],
                        pace={"kind": "realtime", "on_leave": "abandon"})
    lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200)
    assert lobby.call("Bob", "POST", f"/api/tables/{table['id']}/leave", ok=200).json()["status"] == "abandoned"
    shown = {who: wait_for(lambda who=who: lobby.call(None, "GET", f"/api/players/{who}").json()["ratings"] or None)
             for who in ("Ann", "Bob")}
    assert shown["Ann"][0]["display"] > 1500 > shown["Bob"][0]["display"]


# --- issue 61 §4–6: who left, rematches answered on the game's page, rated or not before joining -------

def _ws_bodies(lobby: Lobby, who: str, game_id: str) -> Any:
    """A WebSocket of ``who``'s page on the game (their session opens their seat)."""
    lobby.c.cookies.clear()
    lobby.c.cookies.set("hanpan_session", lobby.sessions[who][0])
    return lobby.c.websocket_connect(f"/api/games/{game_id}/ws")


@pytest.mark.parametrize("rule", ["level:random", "abandon"])
def test_a_resigned_seat_keeps_the_name_of_who_left_and_when_after_a_restart_too(db_url: str, rule: str) -> None:
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:
        lobby = Lobby(client)
        for name in ("Ann", "Bob"):
            lobby.register(name)
        table = lobby.table("Ann", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "open"}],
                            pace={"kind": "realtime", "on_leave": rule})
        game_id = lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200).json()["game_id"]
        for _ in range(3):  # a few moves first: the log line stands after them
            body = next(lobby.game(who, game_id) for who in ("Ann", "Bob")
                        if lobby.game(who, game_id)["seat"] == lobby.game(who, game_id)["current_player"])
            mover = "Ann" if body["seat"] == 0 else "Bob"
            lobby.call(mover, "POST", f"/api/games/{game_id}/moves",
                       {"move": pick(body["legal"]), "move_number": body["move_number"]}, ok=200)
        moves = lobby.game("Ann", game_id)["move_number"]
        assert moves == 3
        lobby.call("Bob", "POST", f"/api/tables/{table['id']}/leave", ok=200)
        body = lobby.game("Ann", game_id)
        expected = {"name": "Bob", "why": "left", "move": moves}
        assert body["seats"][1]["left"] == expected and "left" not in body["seats"][0]
        assert body["seats"][1]["kind"] == ("random" if rule != "abandon" else "human")
        assert lobby.call(None, "GET", f"/api/tables/{table['id']}").json()["seats"][1]["left"] == expected
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:  # rebuilt from the database
        assert client.get(f"/api/games/{game_id}").json()["seats"][1]["left"] == expected


def test_a_seat_that_ran_out_of_time_says_so(lobby: Lobby) -> None:
    for name in ("Ann", "Bob"):
        lobby.register(name)
    pace = {"kind": "turn", "limit_s": 3600, "on_timeout": "level:random"}
    table = lobby.table("Ann", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "open"}], pace=pace)
    game_id = lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200).json()["game_id"]
    hub = lobby.c.app.state.hanpan_lobby().hub
    late = lobby.game("Ann", game_id)["current_player"]
    real = hub.clock
    hub.clock = lambda: real() + timedelta(hours=2)
    assert lobby.c.portal.call(lobby.c.app.state.hanpan_lobby().check_deadlines) == 1
    seat = lobby.game("Ann", game_id)["seats"][late]
    assert seat["left"] == {"name": ["Ann", "Bob"][late], "why": "ran out of time", "move": 0}


def test_a_rematch_is_pushed_to_the_other_players_page_and_can_be_declined(lobby: Lobby) -> None:
    for name in ("Ann", "Bob", "Cid"):
        lobby.register(name)
    table = lobby.table("Ann", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "open"}])
    game_id = lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200).json()["game_id"]
    lobby.play_out(game_id, ["Ann", "Bob"])
    wait_for(lambda: lobby.call(None, "GET", f"/api/tables/{table['id']}").json()["status"] == "finished")
    decline = f"/api/tables/{table['id']}/rematch/decline"
    lobby.call("Ann", "POST", decline, ok=409)  # nothing asked yet
    with _ws_bodies(lobby, "Ann", game_id) as ws:
        first = ws.receive_json()
        assert first["seat"] == 0 and first["rematch"] is None
        again = lobby.call("Bob", "POST", f"/api/tables/{table['id']}/rematch", ok=201).json()
        pushed = ws.receive_json()  # at once, over the game's socket: Ann's page needs no reload
        assert pushed["rematch"] == {"table": again["id"], "status": "open", "by": {"seat": 1, "name": "Bob"},
                                     "accepted": [1], "declined": []}
        lobby.call("Cid", "POST", decline, ok=403)  # not a player of the table
        closed = lobby.call("Ann", "POST", decline, ok=200).json()
        assert closed["status"] == "abandoned" and closed["seats"][0]["left"]["why"] == "declined"
        pushed = ws.receive_json()
        assert pushed["rematch"]["status"] == "abandoned"
        assert pushed["rematch"]["declined"] == [{"seat": 0, "name": "Ann"}]
    lobby.call("Ann", "POST", decline, ok=409)  # answered already
    listed = lobby.call("Ann", "GET", "/api/tables").json()["open"]
    assert again["id"] not in [t["id"] for t in listed]  # the closed rematch is no open table


def test_the_asker_can_withdraw_a_rematch_and_an_acceptance_is_pushed(lobby: Lobby) -> None:
    for name in ("Ann", "Bob", "Cid"):
        lobby.register(name)
    table = lobby.table("Ann", "four_gardens", [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}])
    lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200)
    game_id = lobby.call("Cid", "POST", f"/api/tables/{table['id']}/join", {}, ok=200).json()["game_id"]
    lobby.play_out(game_id, ["Ann", "Bob", "Cid"])
    wait_for(lambda: lobby.call(None, "GET", f"/api/tables/{table['id']}").json()["status"] == "finished")
    new = lobby.call("Ann", "POST", f"/api/tables/{table['id']}/rematch", ok=201).json()
    with _ws_bodies(lobby, "Cid", game_id) as ws:
        assert ws.receive_json()["rematch"]["accepted"] == [0]
        lobby.call("Bob", "POST", f"/api/tables/{table['id']}/rematch", ok=201)  # Bob accepts
        assert ws.receive_json()["rematch"]["accepted"] == [0, 1]
        lobby.call("Bob", "POST", f"/api/tables/{table['id']}/rematch/decline", ok=409)  # accepted already
        lobby.call("Ann", "POST", f"/api/tables/{table['id']}/rematch/decline", ok=200)  # she withdraws it
        withdrawn = ws.receive_json()["rematch"]
        assert withdrawn["status"] == "abandoned" and withdrawn["declined"] == []
    assert lobby.call(None, "GET", f"/api/tables/{new['id']}").json()["status"] == "abandoned"


def test_an_open_table_says_whether_its_game_will_be_rated_and_why_not(lobby: Lobby) -> None:
    lobby.register("Ann")
    lobby.register("Bob")
    lobby.register("Gus", guest=True)
    two = [{"kind": "me"}, {"kind": "open"}]
    accounts = lobby.table("Ann", "spirits_of_the_wild", two)
    assert accounts["will_be_rated"] == {"rated": True, "why": [], "guests_unrate": True}
    guests = lobby.table("Gus", "spirits_of_the_wild", two)
    assert guests["will_be_rated"] == {"rated": False, "why": [{"code": "guest", "names": ["Gus"]}],
                                       "guests_unrate": False}
    listed = {t["id"]: t for t in lobby.call(None, "GET", "/api/tables").json()["open"]}
    assert listed[guests["id"]]["will_be_rated"]["rated"] is False  # the lobby's list says it too
    seeded = lobby.table("Ann", "harmonies", [{"kind": "me"}, {"kind": "level", "level": "random"}], seed=5)
    assert seeded["status"] == "playing" and "will_be_rated" not in seeded and not seeded["rated"]
    bobs = lobby.table("Bob", "harmonies", [{"kind": "me"}, {"kind": "open"}])
    # what it said is what happens at the start: an account joining a guest's table plays unrated
    started = lobby.call("Bob", "POST", f"/api/tables/{guests['id']}/join", {}, ok=200).json()
    assert started["rated"] is False
    started = lobby.call("Gus", "POST", f"/api/tables/{bobs['id']}/join", {}, ok=200).json()
    assert started["rated"] is False  # the guest who joined made it unrated, as guests_unrate warned
    # a solo table with a chosen seed: two reasons
    alone = LobbyTable("t", "harmonies", {}, [SeatSpec("reserved", name="Ann")], True, {"kind": "realtime"}, "p",
                       "open", None, False, 3, None, datetime.now(UTC), datetime.now(UTC),
                       sitting={0: Player("p", "Ann", False)})
    assert [w["code"] for w in alone.will_be_rated()["why"]] == ["seed", "solo"]


def test_a_rematch_can_be_asked_again_after_one_was_declined(lobby: Lobby) -> None:
    for name in ("Ann", "Bob"):
        lobby.register(name)
    table = lobby.table("Ann", "spirits_of_the_wild", [{"kind": "me"}, {"kind": "open"}],
                        pace={"kind": "realtime", "on_leave": "abandon"})
    lobby.call("Bob", "POST", f"/api/tables/{table['id']}/join", {}, ok=200)
    lobby.call("Bob", "POST", f"/api/tables/{table['id']}/leave", ok=200)  # abandoned: it has ended
    first = lobby.call("Bob", "POST", f"/api/tables/{table['id']}/rematch", ok=201).json()
    lobby.call("Ann", "POST", f"/api/tables/{table['id']}/rematch/decline", ok=200)
    second = lobby.call("Ann", "POST", f"/api/tables/{table['id']}/rematch", ok=201).json()
    assert second["id"] != first["id"] and second["status"] == "open"
    game_id = lobby.call(None, "GET", f"/api/tables/{table['id']}").json()["game_id"]
    news = lobby.game("Ann", game_id)["rematch"]
    assert news["table"] == second["id"] and news["by"] == {"seat": 0, "name": "Ann"} and news["declined"] == []
    started = lobby.call("Bob", "POST", f"/api/tables/{table['id']}/rematch", ok=201).json()
    assert started["id"] == second["id"] and started["status"] == "playing"
