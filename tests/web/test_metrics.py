"""``/metrics`` in Prometheus' format (checked by ``promtool check metrics``), only to the addresses given;
``/healthz`` and ``/readyz`` (issue 63)."""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess

from fastapi.testclient import TestClient
from sqlalchemy import text

from hanpan.web.app import create_app

from .conftest import need
from .helpers import TEST_SETTINGS, assert_error, auth


def value(metrics: str, line: str) -> float:
    found = re.search(rf"^{re.escape(line)} (\S+)$", metrics, re.MULTILINE)
    assert found is not None, line
    return float(found.group(1))


def test_metrics_count_moves_pushes_sockets_and_errors(db_url: str) -> None:
    settings = dataclasses.replace(TEST_SETTINGS, metrics_from=("testclient",))
    with TestClient(create_app(db_url, settings=settings)) as client:
        made = client.post("/api/games", json={"game": "spirits_of_the_wild", "seats": ["human", "human"]}).json()
        game_id, tokens = made["id"], [s["token"] for s in made["seats"]]
        with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
            ws.receive_text()
            for _ in range(5):
                seat = client.get(f"/api/games/{game_id}").json()["current_player"]
                body = client.get(f"/api/games/{game_id}", headers=auth(tokens[seat])).json()
                answer = client.post(f"/api/games/{game_id}/moves", headers=auth(tokens[seat]),
                                     json={"move": body["legal"][0], "move_number": body["move_number"]})
                assert answer.status_code == 200
            assert_error(client.get("/api/games/no-such-game"), 404)
            metrics = client.get("/metrics")
            assert metrics.status_code == 200 and metrics.headers["content-type"].startswith("text/plain")
            shown = metrics.text
            assert value(shown, "hanpan_websockets_open") == 1.0
        assert value(shown, 'hanpan_moves_total{by="person"}') == 5.0
        assert value(shown, "hanpan_move_push_seconds_count") == 5.0
        assert value(shown, 'hanpan_http_errors_total{route="/api/games/{game_id}",status="404"}') == 1.0
        assert value(shown, "hanpan_games_playing") == 1.0
        assert value(shown, "hanpan_db_seconds_count") > 5
        assert "no-such-game" not in shown  # routes by their template, never an id
        promtool = shutil.which("promtool")
        need(None if promtool else "promtool is not installed (apt-get install prometheus)")
        checked = subprocess.run([str(promtool), "check", "metrics"], input=shown, capture_output=True, text=True,
                                 timeout=60)
        assert checked.returncode == 0, checked.stdout + checked.stderr


def test_metrics_answer_only_the_given_addresses(tmp_path: object) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path}/m.sqlite3", settings=TEST_SETTINGS)) as client:
        refused = client.get("/metrics")
        assert_error(refused, 403)
        assert refused.json()["code"] == "metrics_address"


def test_health_and_readiness(db_url: str) -> None:
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:
        assert client.get("/healthz").json() == {"status": "alive"}
        ready = client.get("/readyz")
        assert ready.status_code == 200 and ready.json()["status"] == "ready"
        engine = client.app.state.hanpan_lobby().hub.store.engine
        with engine.begin() as c:  # as if a newer process had not migrated this database yet
            c.execute(text("UPDATE alembic_version SET version_num = '0006'"))
        stale = client.get("/readyz")
        assert stale.status_code == 503 and stale.json()["status"] == "not migrated"
        with engine.begin() as c:
            c.execute(text("UPDATE alembic_version SET version_num = :v"), {"v": ready.json()["migration"]})
