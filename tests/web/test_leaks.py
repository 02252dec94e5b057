"""Hidden information over whole games: every body a seat or a spectator receives, over HTTP and over its
WebSocket, is exactly what that seat may know.

The test drives the human seats itself and records every body: the HTTP answers (GETs and moves) and
every WebSocket frame (one socket per human seat and one spectator).  The server picks the seed; the
test reads it only from the database (``Store(url).game(id)``), never from the API while playing.
Once the game is over, the true state at every move number is rebuilt from that seed, and each body
must hold ``view(seat)`` (a spectator's ``public_view()``) of the true state at its ``move_number``,
legal moves only for the seat to move, hints and log texts that the seat could have written itself, no
seed, and nothing another seat holds in secret.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hanpan.agents.base import Seat
from hanpan.agents.registry import make_agent
from hanpan.core.contract import State
from hanpan.core.record import Record, replay
from hanpan.core.rng import Rng
from hanpan.web.live import HUMAN, LOG_IN_BODY, game_part
from hanpan.web.storage import Store

from .helpers import TEST_SETTINGS, WAIT, Setup, Table, auth, pending, recv

CARD = re.compile(r"\bc(\d+)\b")


@dataclass
class Received:
    viewer: int | None  # the seat whose token fetched it; None: a spectator
    source: str  # "http" or "ws"
    text: str


def secrets_of(state: State, viewer: int | None) -> set[str]:
    """Words that ``viewer`` must not see now: what other seats hold in secret, or nobody knows."""
    game = state.game.id
    if game == "four_gardens":  # cards other seats drew blind, by id
        return {f"c{c + 1}" for q, hand in enumerate(state.hands) if q != viewer  # type: ignore[attr-defined]
                for c in hand if state.private >> c & 1}  # type: ignore[attr-defined]
    if game == "harmonies":  # spirits dealt to other seats that they did not show
        shown = {b["spirit"]["id"] for b in state.public_view()["boards"] if b.get("spirit")}
        return {name for q in range(state.num_players) if q != viewer
                for name in state.view(q)["dealt"][q] or [] if name not in shown}
    if game == "spirits_of_the_wild":  # the spirit cards nobody has seen yet
        from hanpan.games.spirits_of_the_wild.data import SPIRIT_CARDS

        return {SPIRIT_CARDS[c] for pile in state.piles for c in pile  # type: ignore[attr-defined]
                if not state.seen >> c & 1}  # type: ignore[attr-defined]
    raise AssertionError(game)


def card_ids(data: Any) -> set[str]:
    """The ids of every card object in ``data`` (Four Gardens cards carry ``"id": n``), as ``cN``."""
    out: set[str] = set()
    if isinstance(data, dict):
        if isinstance(data.get("id"), int):
            out.add(f"c{data['id']}")
        for value in data.values():
            out |= card_ids(value)
    elif isinstance(data, list):
        for value in data:
            out |= card_ids(value)
    return out


def words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9_]+", text.lower()))


def scores_in(view: dict[str, Any]) -> list[dict[str, int]]:
    if view["game"] == "four_gardens":
        return [p["score"] for p in view["players"]]
    scores: list[dict[str, int]] = view["scores"]
    return scores


# --- playing ---------------------------------------------------------------------------------------------

Chooser = Callable[[State, int, list[str]], str]


def greedy_mostly(seed: int) -> Chooser:
    """Mostly greedy (games end sooner than random ones), sometimes any legal move."""
    rng = random.Random(seed)
    agent = make_agent("greedy", seed=seed)

    def choose(truth: State, seat: int, legal: list[str]) -> str:
        if rng.random() < 0.1:
            return rng.choice(legal)
        return str(agent.choose(Seat(truth, seat)))

    return choose


def any_legal(seed: int) -> Chooser:
    rng = random.Random(seed)
    return lambda _truth, _seat, legal: rng.choice(legal)


def lobby_table(client: TestClient, setup: Setup, seats: list[str]) -> Table:
    """A lobby table's game: a person per human seat (an account with an API key for its bot), each
    joining an open seat; the seats' keys are the API keys (no seat token exists)."""
    keys: dict[str, str] = {}
    for n in range(seats.count(HUMAN)):
        client.cookies.clear()
        made = client.post("/api/account/register", json={"name": f"leaker{n}", "password": "leak pass 1"})
        assert made.status_code == 201, made.text
        key = client.post("/api/account/keys", json={"label": "bot"}, headers={"X-CSRF-Token": made.json()["csrf"]})
        assert key.status_code in (200, 201), key.text
        keys[f"leaker{n}"] = key.json()["key"]
    client.cookies.clear()
    first, *others = keys.values()
    spec = [{"kind": "open"} if kind == HUMAN else {"kind": "level", "level": kind} for kind in seats]
    spec[seats.index(HUMAN)] = {"kind": "me"}
    made = client.post("/api/tables", json={"game": setup.game, "options": setup.options, "seats": spec},
                       headers=auth(first))
    assert made.status_code == 201, made.text
    for key in others:
        joined = client.post(f"/api/tables/{made.json()['id']}/join", json={}, headers=auth(key))
        assert joined.status_code == 200, joined.text
    game_id = joined.json()["game_id"] if others else made.json()["game_id"]
    tokens = {}
    for key in keys.values():
        tokens[client.get(f"/api/games/{game_id}", headers=auth(key)).json()["seat"]] = key
    return Table(client, setup, game_id, tokens, None, seats)


def play(client: TestClient, db_url: str, setup: Setup, seats: list[str], choose: Chooser,
         limit: int = 3000, at_a_table: bool = False) -> tuple[Table, int, list[Received]]:
    """Play a whole game through the API, recording every body each seat and a spectator received."""
    # the server picks the seed
    table = lobby_table(client, setup, seats) if at_a_table else Table.create(client, setup, seats=seats, seed=None)
    store = Store(db_url)
    try:
        stored = store.game(table.id)
    finally:
        store.close()
    assert stored is not None
    seed = stored.seed
    assert seed > 10**6  # a seed the server drew (below 2**53): too long to turn up by chance
    truth = setup.new(seed)
    made: list[str] = []
    received: list[Received] = []
    humans = sorted(table.tokens)
    viewers: list[int | None] = [*humans, None]
    sockets = [table.ws(seat) for seat in viewers]
    for socket in sockets:
        socket.__enter__()
    try:
        def get(seat: int | None) -> dict[str, Any]:
            response = client.get(table.url, headers=_auth(table, seat))
            assert response.status_code == 200, response.text
            received.append(Received(seat, "http", response.text))
            body: dict[str, Any] = response.json()
            return body

        spectator = sockets[-1]

        def settled(frame: dict[str, Any], number: int) -> bool:
            """The frame shows the game waiting for a human seat (or over), at ``number`` or later."""
            if frame["move_number"] < number or frame["thinking"]:
                return False
            return frame["status"] != "playing" or seats[frame["current_player"]] == HUMAN

        body = get(None)
        deadline = time.monotonic() + 240
        for step in range(limit):
            if body["status"] != "playing" and not body["thinking"]:
                break
            seat = body["current_player"]
            if seat is None or seats[seat] != HUMAN or body["thinking"]:
                # a computer seat is to move: the spectator's socket tells when it is done
                number = body["move_number"]
                while True:
                    assert time.monotonic() < deadline, "the computer seat took too long"
                    text = recv(spectator, WAIT)
                    received.append(Received(None, "ws", text))
                    body = json.loads(text)
                    if settled(body, number):
                        break
                continue
            mine = body if body["seat"] == seat else get(seat)
            if step % 7 == 0:  # now and then a seat that is not to move looks too
                get(humans[(humans.index(seat) + 1) % len(humans)])
            for move in [e["move"] for e in mine["log"] if e["n"] > len(made)]:
                truth.play(move)
                made.append(move)
            assert mine["move_number"] == len(made)
            move = choose(truth, seat, mine["legal"])
            assert move in mine["legal"]
            response = client.post(f"{table.url}/moves", headers=_auth(table, seat),
                                   json={"move": move, "move_number": len(made)})
            assert response.status_code == 200, response.text
            received.append(Received(seat, "http", response.text))
            body = response.json()
        else:
            raise AssertionError(f"the game did not end within {limit} steps")
        # every socket: the frames up to the end
        for seat, socket in zip(viewers, sockets, strict=True):
            while True:
                text = recv(socket, WAIT)
                received.append(Received(seat, "ws", text))
                frame = json.loads(text)
                if frame["status"] != "playing" and not frame["thinking"]:
                    break
            received += [Received(seat, "ws", text) for text in pending(socket, 0.2)]
    finally:
        for socket in sockets:
            socket.__exit__(None, None, None)
    return table, seed, received


def _auth(table: Table, seat: int | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {table.tokens[seat]}"} if seat is not None else {}


# --- checking --------------------------------------------------------------------------------------------

def check(client: TestClient, table: Table, seed: int, received: list[Received]) -> None:
    setup = table.setup
    record = client.get(f"{table.url}/record").json()
    assert record["seed"] == seed and record["players"] == table.seats
    moves = record["actions"]
    states = [setup.new(seed)]
    movers = []
    for move in moves:
        state = states[-1].clone()
        movers.append(state.current_player)
        state.play(move)
        states.append(state)
    assert replay(Record.from_json(record)).to_json() == states[-1].to_json()
    render = game_part(setup.game, "render")

    # the log's texts: each says no more than its mover knew (same under any sample of the unknowns)
    # and names no card its notation does not
    final = json.loads(received[-1].text)
    assert [e["move"] for e in final["log"]] == moves[-LOG_IN_BODY:] and final["log_total"] == len(moves)
    entries = {e["n"]: e for got in received for e in json.loads(got.text)["log"]}  # each body: the newest moves
    assert sorted(entries) == list(range(1, len(moves) + 1))
    for n, entry in sorted(entries.items()):
        number = n - 1
        before, mover = states[number], movers[number]
        assert entry["seat"] == mover
        action = before.parse_action(entry["move"])
        assert set(CARD.findall(entry["text"])) <= set(CARD.findall(entry["move"]))
        sample = before.determinize(mover, Rng(number))
        assert str(render.describe(sample, action, "en")) == entry["text"], entry

    pushed: dict[int | None, set[int]] = {}
    for got in received:
        body = json.loads(got.text)
        number = body["move_number"]
        state = states[number]
        viewer = got.viewer
        where = f"{got.source} body of seat {viewer} at move {number}"
        if got.source == "ws":
            pushed.setdefault(viewer, set()).add(number)
        assert body["seat"] == viewer, where
        assert body["status"] == state.status, where
        assert body["current_player"] == state.current_player, where
        view = state.view(viewer) if viewer is not None else state.public_view()
        assert body["view"] == view, where
        mover = viewer is not None and viewer == state.current_player
        legal = [str(a) for a in state.legal_actions()] if mover else []
        assert body["legal"] == legal and sorted(body["hints"]) == sorted(legal), where
        assert [e["move"] for e in body["log"]] == moves[:number][-LOG_IN_BODY:], where
        assert body["log_total"] == number, where
        public_scores = scores_in(state.public_view())
        for card, shown in zip(body["scores"], public_scores, strict=True):
            assert {k: card[k] for k in shown} == shown, where
        if state.is_over:
            continue
        assert body["winners"] == [], where
        assert str(seed) not in got.text, f"{where} holds the seed"
        hidden = secrets_of(state, viewer)
        assert not hidden & card_ids(body["view"]), f"{where} shows {hidden & card_ids(body['view'])}"
        said = words(" ".join([*body["legal"], *body["hints"].values(), json.dumps(body["view"])]))
        assert not hidden & said, f"{where} names {hidden & said}"
        if setup.game != "four_gardens":  # (Four Gardens' log may name a card that went back into the deck)
            assert not hidden & words(got.text), f"{where} names {hidden & words(got.text)}"
        if mover and number % 3 == 0:  # the hints: the same in every state the seat cannot tell apart
            sample = state.determinize(viewer, Rng(number))
            for action in sample.legal_actions():
                assert str(render.describe(sample, action, "en")) == body["hints"][str(action)], where
    # every socket was told of every move
    every = set(range(len(moves) + 1))
    for viewer, numbers in pushed.items():
        assert numbers == every, f"socket of seat {viewer} missed the moves {sorted(every - numbers)}"
    assert set(pushed) == {*table.tokens, None}


# --- the games -------------------------------------------------------------------------------------------

FOUR_GARDENS = Setup("four_gardens", 3, {"whims": True})


@pytest.fixture
def sqlite_client(tmp_path: Any) -> Any:
    """The long games run on SQLite only: what a body holds does not depend on the database (the API
    tests run on both)."""
    from hanpan.web.app import create_app

    url = f"sqlite:///{tmp_path}/leaks.sqlite3"
    with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
        yield client, url


@pytest.mark.parametrize("at_a_table", [False, True], ids=["seat-tokens", "lobby-table"])
def test_four_gardens_three_humans_see_only_their_own_hands(sqlite_client: Any, at_a_table: bool) -> None:
    """With seat tokens, and at a lobby table whose players act by their bots' API keys."""
    client, url = sqlite_client
    table, seed, received = play(client, url, FOUR_GARDENS, [HUMAN] * 3, greedy_mostly(1), at_a_table=at_a_table)
    assert sum(r.source == "ws" for r in received) > 4 * 100
    check(client, table, seed, received)


def test_four_gardens_with_a_computer_seat_shows_nobody_its_hand(sqlite_client: Any) -> None:
    client, url = sqlite_client
    table, seed, received = play(client, url, Setup("four_gardens", 3), [HUMAN, "greedy", HUMAN], greedy_mostly(2))
    check(client, table, seed, received)


@pytest.mark.parametrize("setup", [Setup("harmonies", 2, {"spirits": True}), Setup("spirits_of_the_wild", 2)],
                         ids=["harmonies-spirits", "spirits_of_the_wild"])
def test_quick_games_show_no_secret(client: TestClient, db_url: str, setup: Setup) -> None:
    table, seed, received = play(client, db_url, setup, [HUMAN] * setup.players, any_legal(3))
    check(client, table, seed, received)
