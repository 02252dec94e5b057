"""Lobby tables in a real browser: three people register (one with a Korean name, one reading the pages in
Korean), one makes a public three-player table of Four Gardens, the others find it in the lobby and sit
down, the game starts by itself, and all three play it to the end by clicking, each when it is their
turn; then each sees their new rating (with its plot) and the game on their profile, and a rematch asked
by one and accepted by the others starts a new game.  Screenshots of the lobby with an open table, a
table filling up, a profile and the leaderboard go to docs/screenshots/.
"""

from __future__ import annotations

import json
import random
import urllib.parse
import urllib.request
from typing import Any

from .browser import (  # the fixtures server, browser and axe are tests/web/conftest.py's
    DESKTOP,
    DOC_SHOTS,
    LONG,
    SHOTS,
    Played,
    axe_violations,
    new_page,
    one_decision,
    status,
    write_figures,
)

PASSWORD = "correct horse battery"




def get_json(url: str) -> Any:
    with urllib.request.urlopen(url) as response:
        return json.load(response)



def api_player(base: str, name: str) -> Any:
    """A player registered through the API: ``post(path, body)`` with their session cookie and CSRF token."""
    request = urllib.request.Request(base + "/api/account/register", method="POST",
                                     data=json.dumps({"name": name, "password": PASSWORD}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        csrf = json.load(response)["csrf"]
        cookie = response.headers["Set-Cookie"].split(";")[0]

    def post(path: str, body: Any) -> Any:
        sent = urllib.request.Request(base + path, method="POST", data=json.dumps(body).encode(),
                                      headers={"Content-Type": "application/json", "Cookie": cookie,
                                               "X-CSRF-Token": csrf})
        with urllib.request.urlopen(sent) as answer:
            return json.load(answer)
    return post


def register(page: Any, base: str, name: str) -> None:
    """Register with the header's account dialog; the page comes back logged in."""
    page.goto(base + "/")
    page.click("#account-open")
    page.fill("#acct-name", name)
    page.fill("#acct-password", PASSWORD)
    page.click("#acct-register")
    page.wait_for_selector("#account-name")
    assert name in page.locator("#account-name").inner_text()


def wait_for_game(page: Any) -> str:
    page.wait_for_url("**/play/**", timeout=LONG)
    page.wait_for_selector("#status[data-state]")
    return str(page.evaluate("decodeURIComponent(location.pathname.split('/')[2])"))


def test_three_people_fill_a_table_play_it_and_see_their_ratings(server: str, browser: Any, axe: str) -> None:
    # another table waits in the lobby: turn based, with a computer level in one seat
    dana = api_player(server, "Dana")
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "level", "level": "easy"}]
    dana("/api/tables", {"game": "harmonies", "seats": seats,
                         "pace": {"kind": "turn", "limit_s": 86400, "on_timeout": "level:greedy"}})
    names = ["Ann", "김민수", "Bora"]
    langs = ["en", "ko", "en"]
    people = [new_page(browser, DESKTOP, lang, bypass_csp=lang == "en") for lang in langs]
    found: dict[str, list[dict[str, Any]]] = {}
    pages = [page for _c, page, _e in people]
    for page, name in zip(pages, names, strict=True):
        register(page, server, name)

    # Ann makes a public table of Four Gardens for three: her seat, two open ones, real time
    ann, kim, bora = pages
    ann.goto(server + "/")
    ann.select_option("#nt-game", "four_gardens")
    ann.select_option("#nt-count", "3")
    assert [ann.locator(f"#nt-seat{i}").input_value() for i in range(3)] == ["me", "open", "open"]
    ann.click("#nt-create")
    ann.wait_for_url("**/table/**")
    table_id = urllib.parse.unquote(ann.url.split("/table/")[1])
    ann.wait_for_selector("#table-seats li.taken")
    assert ann.locator("#start").count() == 1 and ann.locator("#leave").count() == 1  # she made it: she may start it
    first = get_json(f"{server}/api/tables/{urllib.parse.quote(table_id)}")
    start_rating = first["seats"][0]["player"]["rating"]

    # 김민수 finds it in the lobby (in Korean) and sits down; Ann's page shows him at once
    kim.goto(server + "/")
    row = kim.locator(f"li.table-row[data-table='{table_id}']")
    row.wait_for()
    assert "Ann" in row.inner_text() and "빈자리" in row.inner_text()
    row.locator("button.join-table").click()
    kim.click("#join-confirm")  # the dialog says first whether the game will be rated (레이팅 반영 …)
    kim.wait_for_url("**/table/**")
    ann.wait_for_function("() => document.querySelectorAll('#table-seats li.taken').length === 2", timeout=LONG)
    assert "김민수" in ann.locator("#table-seats").inner_text()
    # while the table fills, its players chat; 김민수 reports Ann's message (one's own has no Report button)
    ann.fill("#chat-input", "one more player and we start")
    ann.click("#chat-send")
    kim.wait_for_function("() => document.querySelector('#chat-list').textContent.includes('one more player')",
                          timeout=LONG)
    assert ann.locator("#chat-list .chat-report").count() == 0 and ann.input_value("#chat-input") == ""
    kim.once("dialog", lambda dialog: dialog.accept())
    kim.locator("#chat-list .chat-report").click()
    kim.wait_for_selector("#chat-list .chat-reported")  # shown once the server took the report
    assert kim.locator("#chat-list .chat-report").count() == 0
    ann.wait_for_function("() => document.querySelector('#chat-list').textContent.includes('one more player')",
                          timeout=LONG)
    ann.screenshot(path=str(DOC_SHOTS / "table-filling.png"))

    # Bora sees the table with its players and their ratings, and the last seat open
    bora.goto(server + "/")
    row = bora.locator(f"li.table-row[data-table='{table_id}']")
    row.wait_for()
    bora.wait_for_function(
        "(id) => document.querySelector(`li.table-row[data-table='${id}']`).innerText.includes('김민수')",
        arg=table_id, timeout=LONG)
    assert row.locator(".rating").count() == 2 and "real time" in row.inner_text()
    other = bora.locator("li.table-row", has_text="Dana")
    assert "1 day a move, then the computer (greedy) plays" in other.inner_text()
    assert other.locator("li.level .rating").count() == 1  # a level seat shows its rating
    bora.screenshot(path=str(DOC_SHOTS / "lobby-tables.png"))
    found["lobby-tables"] = axe_violations(bora, axe)
    found["table"] = axe_violations(ann, axe)
    # a visitor who is not logged in sees the open tables and is asked to log in to join
    visitor_context, visitor, visitor_errors = new_page(browser, DESKTOP, "en")
    visitor.goto(server + "/")
    visitor.locator(f"li.table-row[data-table='{table_id}']").wait_for()
    assert visitor.locator(".login-hint").is_visible() and visitor.locator("button.join-table").count() == 0
    assert visitor_errors == []
    visitor_context.close()
    row.locator("button.join-table").click()
    assert "Rated: the result counts" in bora.locator("#join-dialog .rated-note").inner_text()
    bora.click("#join-confirm")

    # the table is full: the game starts and every seated player's page opens it
    game_ids = {wait_for_game(page) for page in pages}
    assert len(game_ids) == 1
    game_id = game_ids.pop()
    seats = sorted(int(page.locator("#status").get_attribute("data-seat")) for page in pages)
    assert seats == [0, 1, 2]
    # the players' names stand in the score table, "(you)" after one's own
    head = ann.locator("table.scores thead").inner_text()
    assert "Ann (you)" in head and "김민수" in head and "Bora" in head

    # the chat: text stays text (no HTML), and every player reads it
    ann.fill("#chat-input", "hello <b>all</b> 안녕")
    ann.click("#chat-send")
    for page in pages:
        page.wait_for_function("() => document.querySelector('#chat-list').textContent.includes('<b>all</b>')",
                               timeout=LONG)
        senders = page.locator("#chat-list li b").count()  # the senders' names only (the table's message too)
        assert senders == page.locator("#chat-list li").count() == 2
    kim.screenshot(path=str(SHOTS / "table-game-ko.png"))
    assert kim.locator("#resign").count() == 1

    # all three play the whole game by clicking, each when it is their turn
    rng = random.Random(5)
    played = Played()
    while True:
        states = [status(page) for page in pages]
        if all(s["state"] != "playing" for s in states):
            break
        movers = [page for page, s in zip(pages, states, strict=True) if s["mine"] == "true" and s["busy"] != "true"]
        if movers:
            one_decision(movers[0], rng, played, strict_view=False)
        else:
            pages[0].wait_for_timeout(30)
        assert played.decisions < 3000
    assert {status(page)["state"] for page in pages} == {"finished"}
    assert played.decisions > 20

    # a rematch: Ann asks, the others accept from the offer their pages show at once; the new game starts
    for page in pages:
        page.wait_for_selector("#final:not([hidden]) #rematch")
    ann.click("#rematch")
    ann.wait_for_url("**/table/**")
    for page in (kim, bora):
        page.click("#rematch-offer:not([hidden]) #rematch-accept")
    new_ids = {wait_for_game(page) for page in pages}
    assert len(new_ids) == 1 and game_id not in new_ids
    assert {status(page)["state"] for page in pages} == {"playing"}

    # each profile: a rating changed by the game, its plot, the game with its replay
    for page, name in zip(pages, names, strict=True):
        page.goto(f"{server}/players/{urllib.parse.quote(name)}")
        page.wait_for_selector("#profile-name")
        card = page.locator(".rating-card[data-game='four_gardens'][data-players='3']")
        card.wait_for()
        assert card.locator("svg.rating-plot title").count() >= 1
        assert int(card.locator(".rating-value").get_attribute("data-rating")) != start_rating
        game_row = page.locator(f"tr[data-game-id='{game_id}']")
        assert game_row.locator("a.replay-link").get_attribute("href") == f"/replay/{game_id}"
    ann.goto(f"{server}/players/Ann")
    ann.wait_for_selector("svg.rating-plot")
    ann.screenshot(path=str(DOC_SHOTS / "profile.png"))
    found["profile"] = axe_violations(ann, axe)

    # the leaderboard of Four Gardens for three: the three players, and the computer levels
    ann.goto(f"{server}/leaderboard?game=four_gardens&players=3")
    ann.wait_for_selector("table.leaders tbody tr")
    assert ann.locator("#leaders tbody tr").count() == 3
    assert ann.locator("#levels tbody tr").count() >= 3
    ann.screenshot(path=str(DOC_SHOTS / "leaderboard.png"))
    found["leaderboard"] = axe_violations(ann, axe)
    assert {page: v for page, v in found.items() if v} == {}, json.dumps(found, indent=1)

    write_figures("tables-3p", {"decisions": played.decisions, "clicks": played.clicks})
    for context, _page, errors in people:
        assert errors == []
        context.close()
