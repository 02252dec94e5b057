"""The server on the internet (issue 60): each test reproduces one attack found on ``hanpan serve`` and
checks the defence: slow bodies, floods of accounts, guests and reports, secrets in the log, integers
too large for the database, a client posing as many through ``X-Forwarded-For``.
"""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from hanpan.web.app import create_app

from .helpers import TEST_SETTINGS
from .test_tables import PASSWORD


# --- finding 8: integers too large for the database -----------------------------------------------------

def test_integers_past_the_databases_range_are_refused_with_one_line(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path}/hanpan.sqlite3", settings=TEST_SETTINGS)) as client:
        answer = client.post("/api/account/register", json={"name": "ann", "password": PASSWORD})
        csrf = {"X-CSRF-Token": answer.json()["csrf"]}
        table = client.post("/api/tables", json={"game": "spirits_of_the_wild",
                                                  "seats": [{"kind": "me"}, {"kind": "open"}]}, headers=csrf).json()
        for message, allowed in ((2**70, "9223372036854775807"), (2**63, "9223372036854775807"), (-1, "1")):
            answer = client.post(f"/api/tables/{table['id']}/chat/{message}/report", json={}, headers=csrf)
            assert answer.status_code == 422, (message, answer.text)
            detail = answer.json()["detail"]
            assert detail.startswith("message_id: ") and detail.endswith(f" {allowed}"), detail
        assert client.post(f"/api/tables/{table['id']}/chat/{2**63 - 1}/report", json={},
                           headers=csrf).status_code == 404  # in range: looked up, and not there
        huge_option = {"game": "spirits_of_the_wild", "seats": ["human", "human"], "options": {"x": 2**70}}
        answer = client.post("/api/games", json=huge_option)
        assert answer.status_code in (400, 422) and "\n" not in answer.json()["detail"], answer.text

