"""Cheaper moves (issue 50 §2), with the same answers: a body's JSON text is built once per version for each
(seat, language) from parts shared by every seat, and moves arriving together are stored by one commit.

* every text is, byte for byte, the body the server sent before (``reference_body`` below is the old
  way of building it, from the state alone, encoded by ``json.dumps``), at every move, after an undo, a
  computer seat's thinking, a chat message and an abandonment, for every seat, a spectator and both
  languages; and ``LiveGame.body`` is the same body as a dict;
* the part shared by every seat holds no secret of any seat;
* an HTTP answer is the very text its seat's WebSocket is pushed, and through a real server the pushes
  are compressed with a window that holds the previous body (the full 32 KiB);
* group commit (SQLite): moves of many games sent at once are all acknowledged once, stored once, and
  each was committed, visible to another connection, before its answer and its pushes; a refused move
  or a failed commit holds back no other move.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert
from sqlalchemy.exc import OperationalError

from hanpan.core.action import Action
from hanpan.core.errors import HanpanError
from hanpan.core.record import result_of
from hanpan.web.hub import Hub
from hanpan.web.live import LANGS, LOG_IN_BODY, LiveGame, labels
from hanpan.web.storage import MoveWrite, Store, StoredGame, moves_table

from .helpers import SETUPS, TEST_SETTINGS, Table, auth, recv
from .server import running_server
from .test_leaks import secrets_of, words


def reference_body(live: LiveGame, seat: int | None, lang: str) -> dict[str, Any]:
    """A body as the server built it before bodies were shared: everything from the state, for one seat."""
    state = live.state
    to_move = state.current_player
    playing = not live.abandoned
    legal: list[Action] = (list(state.legal_actions()) if playing and seat is not None and seat == to_move
                           else [])
    return {
        "id": live.stored.id,
        "game": live.stored.game,
        "status": live.status,
        "move_number": live.move_number,
        "current_player": to_move if playing else None,
        "seat": seat,
        "seats": live.seats_json(lang),
        "options": dict(live.stored.options),
        "view": state.view(seat) if seat is not None else state.public_view(),
        "legal": [str(a) for a in legal],
        "hints": {str(a): str(live.render.describe(state, a, lang)) for a in legal},
        "scores": [card.to_json() for card in state.scores()],
        "labels": labels(live.stored.game, lang),
        "tiebreakers": list(getattr(live.render, "TIEBREAKERS", ())),
        "log": [entry.to_json(lang) for entry in live.log[-LOG_IN_BODY:]],
        "log_total": len(live.log),
        "thinking": live.thinking,
        "can_undo": live.can_undo(seat),
        "winners": list(state.winners()) if playing else [],
        **({"table": live.table_id, "chat": live.chat[-30:], "rematch": live.rematch}
           if live.table_id is not None else {}),
    }


def old_text(body: dict[str, Any]) -> str:
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"))


def check_every_seat(live: LiveGame) -> None:
    seats: list[int | None] = [None, *range(live.state.num_players)]
    for lang in LANGS:
        for seat in seats:
            reference = reference_body(live, seat, lang)
            text = live.text(seat, lang)
            assert text == old_text(reference), f"seat {seat}, {lang}, move {live.move_number}"
            assert live.text(seat, lang) is text  # built once per version
            assert live.body(seat, lang) == reference


PLAYED = [("spirits_of_the_wild", 2, {}), ("harmonies", 4, {"spirits": True}), ("four_gardens", 4, {"whims": True}),
          ("four_gardens", 2, {})]


@pytest.mark.parametrize(("game_id", "players", "options"), PLAYED)
def test_every_text_is_the_body_the_server_sent_before(game_id: str, players: int, options: dict[str, Any]) -> None:
    seats = ["human"] * (players - 1) + ["greedy"]  # a computer seat: never offered an undo
    live = LiveGame.rebuild(StoredGame("g", game_id, options, 5, seats), [])
    rng = random.Random(5)
    undone = 0
    check_every_seat(live)
    for number in range(LOG_IN_BODY + 40):  # past the log's window
        if live.state.is_over:
            break
        seat = live.state.current_player
        assert seat is not None
        if live.can_undo(seat) and rng.random() < 0.3:
            live.commit_undo(live.undo_target(seat))
            undone += 1
        else:
            action = rng.choice(live.state.legal_actions())
            live.commit_move(action, seat, live.after(action))
        if number % 7 == 0:  # a computer seat thinking (the hub's kick and _bot_turns)
            live.thinking = not live.thinking
            live.version += 1
        check_every_seat(live)
    assert undone or game_id == "spirits_of_the_wild"
    # a lobby table's game: its players' names and its chat
    live.table_id = "t1"
    live.players = {0: type("Player", (), {"id": "p", "name": "미나"})()}
    live.chat.append({"from": "미나", "text": "잘 부탁해요", "at": "2026-12-05T00:00:00+00:00"})
    live.version += 1
    check_every_seat(live)
    live.abandoned = True
    live.version += 1
    check_every_seat(live)


@pytest.mark.parametrize(("game_id", "players", "options"), PLAYED[:3])
def test_the_part_every_seat_shares_holds_no_secret(game_id: str, players: int, options: dict[str, Any]) -> None:
    live = LiveGame.rebuild(StoredGame("g", game_id, options, 8, ["human"] * players), [])
    rng = random.Random(8)
    for _ in range(LOG_IN_BODY + 20):
        if live.state.is_over:
            break
        shared = live.common("en")
        head, middle, scores, log, after_log, end = shared.texts
        hidden = secrets_of(live.state, None)  # what some seat holds in secret, or nobody knows
        # (Four Gardens' log may name a card that went back into the deck: as in test_leaks)
        said = words(" ".join([head, middle, scores, after_log, end, *([log] if game_id != "four_gardens" else [])]))
        assert not hidden & said, f"move {live.move_number}: the shared part names {hidden & said}"
        for seat in range(players):
            assert live.common("en") is shared  # one for every seat
            mine = live.own(seat, "en")
            secret = secrets_of(live.state, seat)
            assert not secret & words(mine["view_text"] + " ".join(mine["hints"].values()))
        seat = live.state.current_player
        assert seat is not None
        action = rng.choice(live.state.legal_actions())
        live.commit_move(action, seat, live.after(action))


@pytest.mark.parametrize("game", ["harmonies", "four_gardens"])
def test_an_answer_is_the_text_its_seats_socket_is_pushed(client: TestClient, game: str) -> None:
    table = Table.create(client, SETUPS[game])
    with table.ws(0) as mine, table.ws(1) as theirs, table.ws(None, lang="ko") as watching:
        first = [recv(mine), recv(theirs), recv(watching)]
        assert client.get(table.url, headers=auth(table.tokens[0])).text == first[0]
        assert client.get(table.url, headers=auth(table.tokens[1])).text == first[1]
        assert client.get(table.url, params={"lang": "ko"}).text == first[2]
        body = json.loads(first[0])
        answer = table.post_move(0, body["legal"][0], body["move_number"])
        assert answer.status_code == 200 and answer.headers["content-type"] == "application/json"
        assert answer.text == recv(mine)  # the POST's answer and the push: one text
        pushed = recv(theirs)
        assert client.get(table.url, headers=auth(table.tokens[1])).text == pushed
        assert json.loads(pushed)["move_number"] == 1 and json.loads(recv(watching))["move_number"] == 1


def test_a_real_servers_pushes_are_sent_plain_by_default(tmp_path: Path) -> None:
    """Compression costs the server about 0.13 ms a push: it is off unless asked for (--ws-compression)."""
    import httpx
    from websockets.sync.client import connect

    with (running_server(f"sqlite:///{tmp_path}/hanpan.sqlite3", tmp_path / "server.log") as base,
          httpx.Client(base_url=base, trust_env=False) as http):
        made = http.post("/api/games", json={"game": "four_gardens", "seats": ["human"] * 3, "seed": 4}).json()
        game = f"/api/games/{made['id']}"
        token = made["seats"][1]["token"]
        with connect(f"{base.replace('http', 'ws', 1)}{game}/ws?token={token}", proxy=None,
                     open_timeout=10) as ws:  # it offers permessage-deflate; the server declines
            assert "Sec-WebSocket-Extensions" not in ws.response.headers
            assert ws.recv(timeout=10) == http.get(game, headers=auth(token)).text


def test_a_real_servers_pushes_are_compressed_with_the_whole_window(tmp_path: Path) -> None:
    import httpx
    from websockets.sync.client import connect

    with (running_server(f"sqlite:///{tmp_path}/hanpan.sqlite3", tmp_path / "server.log",
                         ["--ws-compression"]) as base,
          httpx.Client(base_url=base, trust_env=False) as http):
        made = http.post("/api/games", json={"game": "four_gardens", "seats": ["human"] * 3, "seed": 4}).json()
        game = f"/api/games/{made['id']}"
        tokens = [seat["token"] for seat in made["seats"]]
        with connect(f"{base.replace('http', 'ws', 1)}{game}/ws?token={tokens[1]}", proxy=None,
                     open_timeout=10) as ws:  # it offers permessage-deflate
            extensions = ws.response.headers["Sec-WebSocket-Extensions"]
            assert extensions.startswith("permessage-deflate") and "server_max_window_bits" not in extensions
            assert ws.recv(timeout=10) == http.get(game, headers=auth(tokens[1])).text
            for _ in range(6):
                seat = http.get(game).json()["current_player"]
                mine = http.get(game, headers=auth(tokens[seat])).json()
                moved = http.post(f"{game}/moves", headers=auth(tokens[seat]),
                                  json={"move": mine["legal"][0], "move_number": mine["move_number"]})
                assert moved.status_code == 200, moved.text
                assert ws.recv(timeout=10) == http.get(game, headers=auth(tokens[1])).text


# --- group commit --------------------------------------------------------------------------------------

def store_spy(store: Store, seen: list[Any]) -> None:
    """Record each commit's moves on ``store``: the hub stores them with ``append_moves`` under group
    commit, else with ``append_move`` (each its own transaction)."""
    if store.group_commit:
        append_moves = store.append_moves

        def batch(moves: list[MoveWrite]) -> list[bool]:
            seen.append([m.game_id for m in moves])
            return append_moves(moves)

        store.append_moves = batch  # type: ignore[method-assign]
    else:
        append_move = store.append_move

        def single(*args: Any) -> bool:
            seen.append([args[0]])
            return append_move(*args)

        store.append_move = single  # type: ignore[method-assign]


def test_moves_sent_together_are_stored_by_one_commit_and_each_acknowledged_once(db_url: str) -> None:
    async def run() -> None:
        hub = Hub(Store(db_url), settings=TEST_SETTINGS)
        games = [(await hub.create("four_gardens", ["human"] * 3, {}, seed)).game.id for seed in range(12)]
        lives = [live for live in [await hub.get(g) for g in games] if live is not None]
        sockets = [hub.subscribe(live, seat, "en", f"c{i}") for i, live in enumerate(lives) for seat in range(3)]
        for subscriber in sockets:
            subscriber.queue.get_nowait()  # the first text
        other = Store(db_url)  # another connection: it sees only what is committed
        commits: list[list[str]] = []
        store_spy(hub.store, commits)

        async def move(live: LiveGame) -> None:
            seat = live.state.current_player
            assert seat is not None
            number = live.move_number
            await hub.move(live, seat, str(live.state.legal_actions()[0]), number)
            # acknowledged: the move is committed, and its pushes come only now
            stored = await asyncio.to_thread(other.moves, live.stored.id)
            assert [m.number for m in stored] == list(range(number + 1))

        for _ in range(3):
            before = [s.queue.qsize() for s in sockets]
            await asyncio.gather(*(move(live) for live in lives))
            assert [s.queue.qsize() for s in sockets] == [n + 1 for n in before]
        for live in lives:
            moves = await asyncio.to_thread(other.moves, live.stored.id)
            assert [m.notation for m in moves] == [m.notation for m in live.moves] and len(moves) == 3
            stored = await asyncio.to_thread(other.game, live.stored.id)
            assert stored is not None and stored.move_count == 3
        assert sorted(g for commit in commits for g in commit) == sorted(games * 3)  # each move once
        if hub.store.group_commit:  # SQLite: moves sent together share commits
            assert len(commits) < len(games) * 3 and max(len(c) for c in commits) > 1
        else:  # PostgreSQL: each move its own transaction (its commits share their WAL flushes)
            assert len(commits) == len(games) * 3
        other.close()
        await hub.close()

    asyncio.run(run())


def test_nothing_is_pushed_or_answered_before_its_commit_returns(tmp_path: Path) -> None:
    async def run() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path}/hanpan.sqlite3"), settings=TEST_SETTINGS)
        lives = [await hub.get((await hub.create("spirits_of_the_wild", ["human"] * 2, {}, s)).game.id)
                 for s in range(4)]
        sockets = [hub.subscribe(live, 1, "en", "c") for live in lives if live is not None]
        append_moves = hub.store.append_moves
        pushed_at_commit: list[list[int]] = []
        answered: list[str] = []

        def commit(moves: list[MoveWrite]) -> list[bool]:  # in the database's thread
            pushed_at_commit.append([s.queue.qsize() for s in sockets])
            assert not answered
            done = append_moves(moves)
            pushed_at_commit.append([s.queue.qsize() for s in sockets])
            return done

        hub.store.append_moves = commit  # type: ignore[method-assign]

        async def move(live: LiveGame | None) -> None:
            assert live is not None
            await hub.move(live, 0, str(live.state.legal_actions()[0]), 0)
            answered.append(live.stored.id)

        await asyncio.gather(*(move(live) for live in lives))
        assert pushed_at_commit and all(sizes == [1] * len(sockets) for sizes in pushed_at_commit)
        assert [s.queue.qsize() for s in sockets] == [2] * len(sockets) and len(answered) == len(lives)
        await hub.close()

    asyncio.run(run())


def test_a_refused_move_in_a_commit_holds_back_no_other(db_url: str) -> None:
    store = Store(db_url)
    for name in ("a", "b", "c"):
        store.create_game(StoredGame(name, "spirits_of_the_wild", {}, 7, ["human", "human"]), {})
    # "b" holds a move its count does not: a constraint the batch breaks (each is stored again on its own)
    with store.engine.begin() as c:
        c.execute(insert(moves_table).values(game_id="b", number=0, seat=0, notation="take1",
                                             created_at=store.game("b").created_at))  # type: ignore[union-attr]
    done = store.append_moves([MoveWrite("a", 0, 0, "take1", "playing", None),
                               MoveWrite("b", 0, 0, "add2", "playing", None),
                               MoveWrite("c", 1, 0, "add3", "playing", None),  # stale: c has no move
                               MoveWrite("c", 0, 0, "add3", "playing", None)])
    assert done == [True, False, False, True]
    assert [m.notation for m in store.moves("a")] == ["take1"] and [m.notation for m in store.moves("c")] == ["add3"]
    assert [m.notation for m in store.moves("b")] == ["take1"] and store.game("b").move_count == 0  # type: ignore[union-attr]
    assert store.append_moves([]) == []
    store.close()


def test_a_failed_commit_fails_its_moves_only(tmp_path: Path) -> None:
    async def run() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path}/hanpan.sqlite3"), settings=TEST_SETTINGS)
        lives = [await hub.get((await hub.create("spirits_of_the_wild", ["human"] * 2, {}, s)).game.id)
                 for s in range(3)]
        append_moves = hub.store.append_moves
        failures = [OperationalError("COMMIT", {}, Exception("disk I/O error"))]

        def commit(moves: list[MoveWrite]) -> list[bool]:
            if failures:
                raise failures.pop()
            return append_moves(moves)

        hub.store.append_moves = commit  # type: ignore[method-assign]

        async def move(live: LiveGame | None) -> None:
            assert live is not None
            await hub.move(live, 0, str(live.state.legal_actions()[0]), 0)

        first = lives[0]
        with pytest.raises(OperationalError):  # answered with an error (500): nothing stored, nothing made live
            await move(first)
        assert first is not None and first.move_number == 0
        assert await hub.db(hub.store.moves, first.stored.id) == []
        await asyncio.gather(*(move(live) for live in lives))  # the next commits go on, the failed move too
        for live in lives:
            assert live is not None and live.move_number == 1
            assert [m.number for m in await hub.db(hub.store.moves, live.stored.id)] == [0]
        await hub.close()

    asyncio.run(run())


def test_moves_waiting_for_a_commit_are_not_left_hanging_when_the_server_shuts_down(tmp_path: Path) -> None:
    async def run() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path}/hanpan.sqlite3"), settings=TEST_SETTINGS)
        made = await hub.create("spirits_of_the_wild", ["human"] * 2, {}, 1)
        live = await hub.get(made.game.id)
        assert live is not None
        action = live.state.legal_actions()[0]
        after = live.after(action)
        waiting = [asyncio.ensure_future(hub.append_move(MoveWrite(live.stored.id, 0, 0, str(action), after.status,
                                                                   result_of(after)))),
                   asyncio.ensure_future(hub.append_move(MoveWrite("other", 0, 0, "take1", "playing", None)))]
        await asyncio.sleep(0)
        await hub.close()  # a move is acknowledged or fails; none waits for ever
        done, _ = await asyncio.wait(waiting, timeout=5)
        assert len(done) == 2
        for future in done:
            assert future.exception() is None or isinstance(future.exception(), HanpanError)

    asyncio.run(run())


def test_refusals_are_answered_as_before(client: TestClient) -> None:
    table = Table.create(client, SETUPS["spirits_of_the_wild"])
    body = table.get(0)
    stale = table.post_move(0, body["legal"][0], 5)
    assert stale.status_code == 409 and "move_number 5" in stale.json()["detail"]
    assert table.post_move(1, body["legal"][0], 0).status_code == 403
    moved = table.post_move(0, body["legal"][0], 0)
    assert moved.status_code == 200 and moved.json()["move_number"] == 1
    assert table.post_move(0, body["legal"][0], 0).status_code in (403, 409)  # stale now
