"""The whole HTTP API fuzzed from its own OpenAPI description (tests/web/api_fuzz.py), and that description
listing every error each operation answers (hanpan.web.openapi_errors).

The fuzzing costs about 2 minutes on 2 cores; benchmarks/api_fuzz_long.py runs it longer.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

pytest.importorskip("schemathesis", reason="the API fuzzing needs the 'dev' extra: pip install -e '.[web,dev]'")

from fastapi.testclient import TestClient

from hanpan.web.app import create_app
from hanpan.web.openapi_errors import OWN

from .api_fuzz import fuzz
from .helpers import TEST_SETTINGS, assert_error

#: requests drawn per operation, client (3), mode (2) and set of ids (1-3): about 3,000 cases
EXAMPLES = 50
#: analysis off: a review or hint would think for seconds; its routes answer their described 503
SETTINGS = dataclasses.replace(TEST_SETTINGS, analysis_workers=0)


def test_every_operation_lists_its_own_errors(tmp_path: Path) -> None:
    spec = create_app(f"sqlite:///{tmp_path}/d.sqlite3", settings=SETTINGS).openapi()
    served = {(method.upper(), path) for path, ops in spec["paths"].items() for method in ops}
    assert served - set(OWN) == set(), "add these operations' errors to hanpan.web.openapi_errors.OWN"
    assert "HTTPValidationError" not in spec["components"]["schemas"]  # FastAPI's 422, never sent
    login = spec["paths"]["/api/account/login"]["post"]["responses"]
    assert {"400", "401", "408", "413", "422", "429", "503"} <= set(login)
    assert login["422"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
    assert "409" not in spec["paths"]["/api/meta"]["get"]["responses"]


def test_a_422_is_the_documented_error_shape(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path}/d.sqlite3", settings=SETTINGS)) as client:
        answer = client.post("/api/account/login", json={"name": 5})
        assert answer.status_code == 422
        assert_error(answer)  # {"detail": one line}, as the Error schema says


def test_fuzzing_the_api_as_three_clients_finds_no_server_error_and_no_undescribed_answer(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path}/fuzz.sqlite3", settings=SETTINGS)
    found = fuzz(app, EXAMPLES)
    print(f"\n{found.operations} operations, {found.cases} cases in {found.seconds:.0f} s: {found.summary()}")
    assert found.operations >= 34 and found.cases > 1500, (found.operations, found.cases)
    assert found.failures == [], "\n".join(found.failures[:20])
    assert found.logged == [], found.logged[:5]  # no traceback behind the answers either
    # the requests reached the rules behind the shapes: games and tables were found, refused and served
    assert {200, 201, 400, 403, 404, 409, 422} <= set(found.statuses), found.statuses
    assert found.after == [200, 201, 201], found.after  # still serving: a new player registers and plays
