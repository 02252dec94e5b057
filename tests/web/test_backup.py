"""``hanpan db backup`` while moves are being made, ``hanpan db restore`` of that copy: every move
acknowledged before the backup began is in it (issue 63)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from hanpan.cli.main import main
from hanpan.core.errors import OptionError
from hanpan.web.app import create_app
from hanpan.web.db_command import backup, restore
from hanpan.web.storage import Store

from .helpers import TEST_SETTINGS, auth


def test_a_backup_taken_while_moves_are_made_restores_every_move_acknowledged_before_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/live.sqlite3"
    acknowledged: list[tuple[str, int]] = []  # (game, moves stored), as each answer came
    stop = threading.Event()
    with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:

        def play() -> None:
            while not stop.is_set():
                made = client.post("/api/games", json={"game": "spirits_of_the_wild", "seats": ["human", "human"]})
                game_id, tokens = made.json()["id"], [s["token"] for s in made.json()["seats"]]
                while not stop.is_set():
                    seat = client.get(f"/api/games/{game_id}").json()["current_player"]
                    if seat is None:
                        break
                    body = client.get(f"/api/games/{game_id}", headers=auth(tokens[seat])).json()
                    answer = client.post(f"/api/games/{game_id}/moves", headers=auth(tokens[seat]),
                                         json={"move": body["legal"][0], "move_number": body["move_number"]})
                    assert answer.status_code == 200, answer.text
                    acknowledged.append((game_id, body["move_number"] + 1))

        def wait_for(count: int) -> None:
            while len(acknowledged) < count:
                assert mover.is_alive(), "the moves stopped"
                threading.Event().wait(0.02)

        mover = threading.Thread(target=play)
        mover.start()
        try:
            wait_for(30)
            before = list(acknowledged)  # acknowledged before the backup began
            found = backup(url, tmp_path / "copy.sqlite3")
            during = len(acknowledged) - len(before)
            wait_for(len(before) + during + 10)  # the server went on meanwhile and after
        finally:
            stop.set()
            mover.join()
    assert found["moves"] >= len(before)
    restored_url = f"sqlite:///{tmp_path}/restored.sqlite3"
    restore(restored_url, tmp_path / "copy.sqlite3")
    store = Store(restored_url)
    try:
        for game_id, count in before:
            assert len(store.moves(game_id)) >= count, (game_id, count)
        with TestClient(create_app(restored_url, settings=TEST_SETTINGS)) as client:  # it serves again
            assert client.get(f"/api/games/{before[-1][0]}").status_code == 200
    finally:
        store.close()
    assert (tmp_path / "copy.sqlite3").stat().st_mode & 0o077 == 0  # password hashes: the owner's only


def test_backup_and_restore_refuse_what_they_cannot_do(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path}/live.sqlite3"
    Store(url).close()
    assert main(["db", "backup", str(tmp_path / "one.sqlite3"), "--db", url]) == 0
    assert "backed up 0 games and 0 moves" in capsys.readouterr().out
    with pytest.raises(OptionError, match="exists already"):
        backup(url, tmp_path / "one.sqlite3")
    (tmp_path / "junk.sqlite3").write_bytes(b"not a database at all" * 100)
    with pytest.raises(OptionError, match=r"not an SQLite database|not a sound"):
        restore(url, tmp_path / "junk.sqlite3")
    with pytest.raises(OptionError, match="pg_dump"):
        backup("postgresql+psycopg://u@localhost/x", tmp_path / "two.sqlite3")
    assert main(["db", "restore", str(tmp_path / "one.sqlite3"), "--db", url]) == 0
