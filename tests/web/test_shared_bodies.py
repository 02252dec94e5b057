"""Cheaper moves (issue 50 §2), with the same answers: a body's JSON text is built once per version for each
(seat, language) from parts shared by every seat, and moves arriving together are stored by one commit.

* every text is, byte for byte, the body the server sent before (``reference_body`` below is the old
  way of building it, from the state alone, encoded by ``json.dumps``), at every move, after an undo, a
  computer seat's thinking, a chat message and an abandonment, for every seat, a spectator and both
  languages; and ``LiveGame.body`` is the same body as a dict;
* the part shared by every seat holds no secret of any seat;
* an HTTP answer is the very text its seat's WebSocket is pushed.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hanpan.core.action import Action
from hanpan.web.live import LANGS, LOG_IN_BODY, LiveGame, labels
from hanpan.web.storage import StoredGame

from .helpers import SETUPS, Table, auth, recv
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
        **({"table": live.table_id, "chat": live.chat[-30:]} if live.table_id is not None else {}),
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


def test_refusals_are_answered_as_before(client: TestClient) -> None:
    table = Table.create(client, SETUPS["spirits_of_the_wild"])
    body = table.get(0)
    stale = table.post_move(0, body["legal"][0], 5)
    assert stale.status_code == 409 and "move_number 5" in stale.json()["detail"]
    assert table.post_move(1, body["legal"][0], 0).status_code == 403
    moved = table.post_move(0, body["legal"][0], 0)
    assert moved.status_code == 200 and moved.json()["move_number"] == 1
    assert table.post_move(0, body["legal"][0], 0).status_code in (403, 409)  # stale now
