"""The error catalogue: every error the API answers carries a stable code with its parameters beside the
English ``detail`` (``hanpan.web.errors``), and the page says each code in English and Korean from its own
catalogue (``static/js/errors.js``), with its parameters; a Korean page shows no English word of the
game's or the server's, refused moves included (issue 61 §3).

Every other web test's error goes through ``helpers.assert_error``, which checks the code and its
parameters of each answer it sees; this module walks the catalogue itself.
"""

from __future__ import annotations

import ast
import base64
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hanpan.web.app import create_app
from hanpan.web.errors import CODES, Refusal, answer_body
from hanpan.web.settings import ServerSettings

from .conftest import need
from .helpers import SETUPS, Table, assert_code, assert_error, auth

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "hanpan" / "web"
ERRORS_JS = WEB / "static" / "js" / "errors.js"
#: the exceptions and helpers whose third argument (or ``code=``) is an error's code
CODED = {"ApiError": 2, "MoveRefused": 2, "TableRefused": 2, "AccountRefused": 2, "Refusal": 2, "_refuse": 4,
         "error_body": 1, "body": 1, "_cut": 1, "Throttled": 3,
         "NotifyRefused": 2, "SettingsRefused": 1, "NotYours": 2, "ModerationRefused": 2}
#: written in Latin letters on a Korean page and yet no English: protocol names and units
NOT_ENGLISH = {"API", "JSON", "HTTP", "KiB", "MiB", "id", "Bearer", "TOKEN"}
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def run_js(script: str) -> Any:
    """What ``script`` (an ES module importing ``ERRORS_JS`` as ``ERRORS_URL``) prints, as JSON; node runs it.
    errors.js is read through a data: URL (no package.json says its folder holds ES modules)."""
    node = shutil.which("node")
    need(None if node else "node is not installed (the JavaScript check needs it)")
    url = "data:text/javascript;base64," + base64.b64encode(ERRORS_JS.read_bytes()).decode()
    done = subprocess.run([str(node), "--input-type=module", "-e", script.replace("ERRORS_URL", json.dumps(url))],
                          capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def render(calls: list[dict[str, Any]]) -> list[str | None]:
    """The page's own ``errorText`` (errors.js) on each ``{"data", "lang"}``."""
    texts: list[str | None] = run_js(f"import {{ errorText }} from ERRORS_URL;\nconst calls = {json.dumps(calls)};\n"
                                     "console.log(JSON.stringify(calls.map((c) => errorText(c.data, c.lang))));")
    return texts


def page_catalogue() -> dict[str, list[str]]:
    found: dict[str, list[str]] = run_js("import { ERRORS } from ERRORS_URL; console.log(JSON.stringify(ERRORS));")
    return found


def sample(code: str, each_language: bool) -> dict[str, Any]:
    """Parameters for ``code``: texts in each language (EN_name / KO_name), or plain values (P_name)."""
    return {name: {"en": f"EN_{name}", "ko": f"KO_{name}"} if each_language else f"P_{name}" for name in CODES[code]}


def english_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in NOT_ENGLISH}


def test_every_code_has_an_english_and_a_korean_text_that_renders_its_parameters() -> None:
    catalogue = page_catalogue()
    assert set(catalogue) == set(CODES), (set(CODES) ^ set(catalogue))
    cases = [(code, lang, each) for code in sorted(CODES) for lang in ("en", "ko") for each in (True, False)]
    shown = render([{"data": {"detail": "x", "code": code, "params": sample(code, each)}, "lang": lang}
                    for code, lang, each in cases])
    texts = dict(zip(cases, shown, strict=True))
    for code in sorted(CODES):
        en, ko = catalogue[code]
        assert en.strip() and ko.strip(), code
        for lang, template in (("en", en), ("ko", ko)):
            names = set(re.findall(r"\{(\w+)\}", template))
            assert names <= set(CODES[code]), (code, template)  # no placeholder that is not a parameter
            other = "KO" if lang == "en" else "EN"
            localized, plain = texts[(code, lang, True)], texts[(code, lang, False)]
            assert localized is not None and plain is not None
            for name in names:  # each shown in the page's language, and a plain value as it is
                assert f"{lang.upper()}_{name}" in localized and f"P_{name}" in plain, (code, lang, name)
            assert f"{other}_" not in localized and not re.search(r"\{\w+\}", plain), (code, lang, plain)
        korean = texts[(code, "ko", False)]
        if ko == "{message}":  # a rules error: its message, always given in each language (hanpan_code)
            continue
        assert korean is not None and HANGUL.search(korean), (code, korean)
        # the Korean text's own words are Korean: without the parameters' values no English is left
        assert not english_words(re.sub(r"P_\w+", "", korean)), (code, korean)
    # what a code says with its parameters: the practice cap, in Korean
    cap = render([{"data": {"code": "practice_cap", "params": {"count": 6, "minutes": 10}}, "lang": "ko"}])[0]
    assert cap is not None and "6개" in cap and "10분" in cap


def test_a_code_the_page_does_not_know_shows_the_detail_and_a_language_falls_back_to_english() -> None:
    texts = render([{"data": {"detail": "something new", "code": "no_such_code", "params": {}}, "lang": "ko"},
                    {"data": {"detail": "old server"}, "lang": "ko"},
                    {"data": {}, "lang": "en"},
                    {"data": {"detail": "x", "code": "game_missing", "params": {"game": {"en": "only"}}},
                     "lang": "ko"}])
    assert texts == ["something new", "old server", None, "'only' 게임이 없습니다."]


def raise_sites() -> list[tuple[str, int, str, ast.expr | None]]:
    """Every construction of a refusal in the web app: (file, line, callee, its code argument)."""
    found = []
    for path in sorted(WEB.glob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else (
                node.func.attr if isinstance(node.func, ast.Attribute) else "")
            if name == "call_later" and len(node.args) > 1 and getattr(node.args[1], "attr", "") == "_cut":
                name, at = "_cut", 3  # loop.call_later(delay, self._cut, why, code, params)
            elif name not in CODED or (name == "body" and path.name != "middleware.py"):
                continue
            else:
                at = CODED[name]
            code = next((k.value for k in node.keywords if k.arg == "code"), None)
            if code is None and len(node.args) > at:
                code = node.args[at]
            found.append((path.name, node.lineno, name, code))
    return found


def test_every_refusal_of_the_server_names_a_known_code() -> None:
    sites = raise_sites()
    assert len(sites) > 100
    used: set[str] = set()
    for file, line, name, code in sites:
        where = f"{file}:{line} {name}(…)"
        if isinstance(code, ast.Starred):  # a rules error: hanpan_code(e)
            assert isinstance(code.value, ast.Call) and getattr(code.value.func, "id", "") == "hanpan_code", where
            continue
        if isinstance(code, ast.Name) and code.id == "code" and name in ("_cut", "error_body", "body"):
            # a helper's own parameter, passed on: its callers are checked
            continue
        choices = [code.body, code.orelse] if isinstance(code, ast.IfExp) else [code]
        for choice in choices:
            assert isinstance(choice, ast.Constant) and isinstance(choice.value, str), f"{where} gives no code"
            assert choice.value in CODES, f"{where}: unknown code {choice.value!r}"
            used.add(choice.value)
    # the codes answered outside these calls: the rules errors' (by class), the generic one, nginx's own 413
    from hanpan.web.errors import _HANPAN_CODES

    used |= {code for _cls, code in _HANPAN_CODES} | {"refused"}
    assert "body_too_large_proxy" in (ROOT / "deploy" / "nginx.conf").read_text("utf-8")
    used.add("body_too_large_proxy")
    assert used == set(CODES), set(CODES) - used  # no code that nothing answers


def test_a_refusal_without_a_code_falls_back_to_its_english_line() -> None:
    data = answer_body(Refusal(409, "a new rule said no"))
    assert_code(data)
    assert data == {"detail": "a new rule said no", "code": "refused", "params": {"detail": "a new rule said no"}}
    assert render([{"data": data, "lang": "ko"}]) == ["요청을 처리할 수 없습니다 (a new rule said no)"]


@pytest.mark.parametrize("game", ["spirits_of_the_wild", "harmonies", "four_gardens"])
def test_a_refused_typed_move_names_the_legal_moves_in_the_pages_language(client: TestClient, game: str) -> None:
    table = Table.create(client, SETUPS[game])
    seat = table.get()["current_player"]
    body = table.get(seat)
    number = body["move_number"]
    answers = []
    for text in ("bear", body["legal"][0] + " x"):
        refused = client.post(f"/api/games/{table.id}/moves?lang=ko", json={"move": text, "move_number": number},
                              headers=auth(table.tokens[seat]))
        detail = assert_error(refused, 400)
        data = refused.json()
        assert detail.startswith(repr(text))  # the English line as it always was, for bots
        assert data["code"] in ("move_unknown", "move_illegal") and data["params"]["move"] == text
        answers.append(data)
    korean = table.get(seat, lang="ko")
    names = [korean["hints"][m] for m in korean["legal"]]
    legal = answers[0]["params"]["legal"]
    assert legal["ko"].split("; ")[: len(names)] == names[:24]
    assert legal["en"].split("; ")[: len(names)] == [body["hints"][m] for m in body["legal"]][:24]
    shown = render([{"data": a, "lang": "ko"} for a in answers])
    for text in shown:
        assert HANGUL.search(text) and "legal" not in text and body["legal"][0] not in text.replace(
            answers[1]["params"]["move"], ""), text


def test_an_unknown_game_and_a_bad_option_say_it_in_korean(client: TestClient) -> None:
    refused = client.post("/api/games", json={"game": "chess", "seats": ["human", "human"]})
    assert_error(refused, 404)
    refused_option = client.post("/api/games", json={"game": "harmonies", "seats": ["human"],
                                                     "options": {"side": "Z"}})
    assert_error(refused_option, 400)
    shown = render([{"data": refused.json(), "lang": "ko"}, {"data": refused_option.json(), "lang": "ko"}])
    assert refused.json()["code"] == "unknown_game" and shown[0].startswith("알 수 없는 게임 'chess'")
    assert refused_option.json()["code"] == "option_invalid" and shown[1] == "게임 옵션이 올바르지 않습니다"


def test_the_openapi_description_lists_the_codes(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()["components"]["schemas"]["Error"]
    assert set(schema["properties"]["code"]["enum"]) == set(CODES)
    assert set(schema["required"]) == {"detail", "code", "params"}


def test_the_practice_cap_has_its_code_whatever_the_language_asked(tmp_path: Path) -> None:
    settings = ServerSettings(bot_workers=1, allowed_hosts=("testserver",), max_bot_games_per_client=1,
                              warm_workers=False)
    with TestClient(create_app(f"sqlite:///{tmp_path}/hanpan.sqlite3", settings=settings)) as client:
        setup = SETUPS["spirits_of_the_wild"]
        assert client.post("/api/games", json=setup.request(["human", "greedy"], 1)).status_code == 201
        answers = []
        for lang in ("en", "ko"):
            refused = client.post(f"/api/games?lang={lang}", json=setup.request(["human", "greedy"], 2))
            assert_error(refused, 429)
            answers.append(refused.json())
    assert [(a["code"], a["params"]) for a in answers] == [("practice_cap", {"count": 1, "minutes": 10})] * 2
    assert answers[0]["detail"].startswith("you have 1 games against the computer running")  # as before
    korean = render([{"data": answers[0], "lang": "ko"}])[0]
    assert korean is not None and "이미 1개" in korean and "10분" in korean and not english_words(korean)


# --- in the browser: a Korean page says the server's refusals in Korean ---------------------------------

def test_a_korean_page_says_a_refused_move_in_korean(server: str, browser: Any) -> None:
    from .browser import DESKTOP, create_in_lobby, new_page, wait_for_my_turn_or_end

    context, page, errors = new_page(browser, DESKTOP, "ko")
    create_in_lobby(page, server, "spirits_of_the_wild", ["human", "greedy"], seed=3)
    wait_for_my_turn_or_end(page)
    page.click("details.moves summary")
    page.fill("#move-input", "bear")
    page.press("#move-input", "Enter")
    page.wait_for_function("() => document.querySelector('#error').textContent.length > 0")
    shown = page.locator("#error").inner_text()
    legal = page.evaluate("[...document.querySelectorAll('.legal-move')].map((b) => b.dataset.move)")
    hints = page.locator("ul.legal .hint").all_inner_texts()
    assert HANGUL.search(shown) and "'bear'" in shown, shown
    assert not english_words(shown.replace("'bear'", "")), shown  # no English word, no notation
    assert all(name in shown for name in hints) and not any(m in shown for m in legal), (shown, legal)
    assert all("400" in e for e in errors), errors  # the refused request, logged by the browser
    context.close()


def test_a_korean_four_gardens_page_names_cards_and_seats_in_korean(server: str, browser: Any) -> None:
    from .browser import DESKTOP, create_in_lobby, new_page, wait_for_my_turn_or_end

    context, page, errors = new_page(browser, DESKTOP, "ko")
    create_in_lobby(page, server, "four_gardens", ["greedy", "greedy", "human"], seed=5)  # two turns logged
    wait_for_my_turn_or_end(page)
    page.click("details.moves summary")
    hints = " ".join(page.locator("ul.legal .hint").all_inner_texts())
    assert HANGUL.search(hints) and not re.search(r"\bc\d+", hints), hints  # cards by name, not by id
    tower = page.evaluate("[...document.querySelectorAll('svg.fg-tower text')].map((e) => e.textContent)")
    assert tower and not any(re.fullmatch(r"P\d", t) for t in tower), tower  # the seats' columns: 1번, 2번
    assert "1번" in tower and "2번" in tower, tower
    labels = page.evaluate("[...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'))")
    assert not [label for label in labels if "[wgtt]" in label or re.search(r"\[[a-z]{2,}\]", label)], labels
    assert page.locator("ol.log li").count() >= 2
    titles = page.evaluate("[...document.querySelectorAll('ol.log li[title]')].map((e) => e.title)")
    assert titles == [], titles  # the log's move codes only on an English page
    assert errors == []
    context.close()
