"""What players of a table see when someone leaves, asks for a rematch, or joins a table that will not be
rated (issue 61 §4–7), in a real browser, each test short: a resign names who left in the seat and the
log (English for the player, Korean for a spectator); a rematch asked by one player shows on the other's
game page at once, over the game's WebSocket, with Accept and Decline, and accepting starts the new game;
the profile then reads the result with the player's own score first and plots one game readably; the
lobby says whether a table will be rated before anyone joins (its row and the join dialog).  Screenshots
of the resign and of the rematch request go to docs/screenshots/.
"""

from __future__ import annotations

import random
import re
import urllib.parse
from typing import Any

from .browser import DESKTOP, DOC_SHOTS, LONG, Played, new_page, one_decision, status
from .test_tables_browser import register, wait_for_game

#: the longest a name may be: with " (left) — greedy plays" it is wider than a Spirits board's header
LONG_NAME = "Bartholomewvanhorne"
#: whether every Spirits of the Wild board's name ends before its score (and the winner's star) begin
NAME_CLEAR_JS = """() => [...document.querySelectorAll('svg')].every((svg) => {
    const name = svg.querySelector('.sotw-name'), total = svg.querySelector('.sotw-total');
    return !name || !total || name.getBoundingClientRect().right < total.getBoundingClientRect().left; })"""


def api(page: Any, path: str, body: Any) -> Any:
    """POST ``body`` to the API with the page's session (and its CSRF token)."""
    return page.evaluate("""async ([path, body]) => {
        const who = await (await fetch('/api/account')).json();
        const r = await fetch(path, {method: 'POST', body: JSON.stringify(body),
            headers: {'Content-Type': 'application/json', 'X-CSRF-Token': who.csrf}});
        return {status: r.status, body: await r.json()}; }""", [path, body])


def two_players(browser: Any, server: str, names: tuple[str, str], game: str, **table: Any) -> Any:
    """Two registered people at a two-seat table (the first made it through the API): their contexts, pages
    and errors, and the table."""
    people = [new_page(browser, DESKTOP, "en") for _ in names]
    for (_c, page, _e), name in zip(people, names, strict=True):
        register(page, server, name)
    first, second = people[0][1], people[1][1]
    made = api(first, "/api/tables", {"game": game, "seats": [{"kind": "me"}, {"kind": "open"}], **table})
    assert made["status"] == 201, made
    joined = api(second, f"/api/tables/{made['body']['id']}/join", {})
    assert joined["status"] == 200 and joined["body"]["status"] == "playing", joined
    for page in (first, second):
        page.goto(f"{server}/play/{joined['body']['game_id']}")
        page.wait_for_selector("#status[data-state]")
    return people, joined["body"]


def test_a_resign_names_who_left_in_the_seat_and_the_log(server: str, browser: Any) -> None:
    people, table = two_players(browser, server, ("Ann", LONG_NAME), "spirits_of_the_wild",
                                pace={"kind": "realtime", "on_leave": "level:greedy"})
    (_a, ann, ann_errors), (_b, bora, bora_errors) = people
    bora.once("dialog", lambda dialog: dialog.accept())
    bora.click("#resign")
    bora.wait_for_url(f"{server}/")
    ann.wait_for_function("() => document.querySelector('ol.log li.departure') !== null", timeout=LONG)
    head = ann.locator("table.scores thead").inner_text()
    assert f"{LONG_NAME} (left) — greedy plays" in head and "Player 2" not in head, head
    line = ann.locator("ol.log li.departure").inner_text()
    assert line == f"{LONG_NAME} left the game; greedy plays the seat from here.", line
    # the board's header draws the long name whole, clear of the score beside it
    assert ann.evaluate(NAME_CLEAR_JS), "a seat's name runs under its score"
    ann.screenshot(path=str(DOC_SHOTS / "resign.png"))
    # a spectator reading in Korean: the same, in Korean
    context, watcher, errors = new_page(browser, DESKTOP, "ko")
    watcher.goto(f"{server}/play/{table['game_id']}")
    watcher.wait_for_selector("ol.log li.departure")
    assert f"{LONG_NAME} (나감) — 욕심쟁이이(가) 둡니다" in watcher.locator("table.scores thead").inner_text()
    assert f"{LONG_NAME} 님이 게임을 떠났습니다" in watcher.locator("ol.log li.departure").inner_text()
    assert errors == ann_errors == bora_errors == []
    for c in (context, people[0][0], people[1][0]):
        c.close()


def test_a_rematch_request_shows_on_the_opponents_page_at_once(server: str, browser: Any) -> None:
    # a game of one turn each (max_turns), played by clicking
    people, table = two_players(browser, server, ("Cora", "김민수99"), "spirits_of_the_wild", options={"max_turns": 1})
    (_c, cora, cora_errors), (_k, kim, kim_errors) = people
    rng, played = random.Random(3), Played()
    while {status(page)["state"] for page in (cora, kim)} == {"playing"}:
        movers = [page for page in (cora, kim) if status(page)["mine"] == "true" and status(page)["busy"] != "true"]
        if movers:
            one_decision(movers[0], rng, played, strict_view=False)
        else:
            cora.wait_for_timeout(30)
        assert played.decisions < 50
    for page in (cora, kim):
        page.wait_for_selector("#final:not([hidden]) #rematch")
    # a Korean name is never split inside the score header of an English page
    header = kim.locator("#final table.scores thead th").nth(2)
    assert header.evaluate("(el) => getComputedStyle(el).wordBreak") == "keep-all"
    assert kim.locator("#rematch-offer").is_hidden() and kim.evaluate(NAME_CLEAR_JS)
    cora.click("#rematch")
    cora.wait_for_url("**/table/**")
    # 김민수99's page shows it without a reload: the game's WebSocket pushed it
    kim.wait_for_selector("#rematch-offer:not([hidden]) #rematch-accept", timeout=10_000)
    offer = kim.locator("#rematch-offer").inner_text()
    assert "Cora asks for a rematch." in offer and "Decline" in offer, offer
    assert kim.locator("#final #rematch").is_hidden()  # answered in the offer's box, not asked again
    kim.screenshot(path=str(DOC_SHOTS / "rematch-request.png"))
    kim.click("#rematch-accept")
    new_games = {wait_for_game(page) for page in (cora, kim)}
    assert len(new_games) == 1 and table["game_id"] not in new_games

    # the profile: the one game's rating plot reads as a level with its value in words, not a lone point
    kim.goto(f"{server}/players/{urllib.parse.quote('김민수99')}")
    kim.locator(f"tr[data-game-id='{table['game_id']}']").wait_for()
    profile = kim.evaluate("async () => (await fetch('/api/players/Cora')).json()")
    label = kim.locator("svg.rating-plot .single-label")
    assert label.count() == 1, profile
    assert re.fullmatch(r"\d+ ± \d+ after the first game", label.text_content() or ""), label.text_content()
    assert kim.locator("svg.rating-plot .level-line").count() == 1
    # a result reads with the player's own score first, then the others' in seat order
    texts = kim.evaluate("""async () => { const m = await import('/static/js/profile.js');
        const g = (seat, scores, winners) => ({seat, status: 'finished', result: {scores, winners}});
        return [m.resultText(g(1, [1, 2], [1])), m.resultText(g(0, [1, 2], [1])),
                m.resultText(g(2, [30, 41, 35], [1]))]; }""")
    assert texts == ["won (2\u00a0:\u00a01)", "lost (1\u00a0:\u00a02)", "lost (35\u00a0:\u00a030\u00a0:\u00a041)"]
    assert errors_free(cora_errors, kim_errors)
    for c, _p, _e in people:
        c.close()


def errors_free(*errors: list[str]) -> bool:
    return all(e == [] for e in errors)


def test_the_lobby_says_before_joining_whether_a_table_will_be_rated(server: str, browser: Any) -> None:
    guest_context, guest, guest_errors = new_page(browser, DESKTOP, "en")
    guest.goto(server + "/")
    guest.click("#account-open")
    guest.fill("#acct-name", "Gus")
    guest.click("#acct-guest")
    guest.wait_for_selector("#account-name")
    made = api(guest, "/api/tables", {"game": "four_gardens", "seats": [{"kind": "me"}, {"kind": "open"}]})
    assert made["status"] == 201, made
    context, dana, errors = new_page(browser, DESKTOP, "en")
    register(dana, server, "Dana")
    row = dana.locator(f"li.table-row[data-table='{made['body']['id']}']")
    row.wait_for()
    note = row.locator(".rated-note")
    assert note.get_attribute("data-rated") == "false" and "Not rated: Gus plays as a guest." in note.inner_text()
    row.locator("button.join-table").click()
    dialog = dana.locator("#join-dialog")
    dialog.wait_for()
    assert "Not rated: Gus plays as a guest." in dialog.inner_text()
    dana.click("#join-cancel")
    dana.locator("#join-dialog").wait_for(state="detached")  # the dialog's close event comes a task later
    assert "/table/" not in dana.url
    row.locator("button.join-table").click()
    dana.click("#join-confirm")
    dana.wait_for_url("**/table/**")
    assert guest_errors == errors == []
    for c in (context, guest_context):
        c.close()


def test_a_full_harmonies_board_is_worded_for_you_and_for_the_others(server: str, browser: Any) -> None:
    context, page, errors = new_page(browser, DESKTOP, "en")
    page.goto(server + "/")
    texts = page.evaluate("""async () => {
        const m = await import('/static/games/harmonies/board.js');
        const ui = (lang) => ({lang, tr: (en, ko) => (lang === 'ko' ? ko : en),
                               seatName: (p) => ['Ann (you)', 'Bo'][p]});
        return [m.fullBoardText(ui('en'), 0, 0, true), m.fullBoardText(ui('en'), 1, 1, false),
                m.fullBoardText(ui('en'), 1, 2, false), m.fullBoardText(ui('ko'), 0, 0, true),
                m.fullBoardText(ui('ko'), 1, 2, false)]; }""")
    assert texts == ["your board had no empty cell left", "Bo's board had only 1 empty cell left",
                     "Bo's board had only 2 empty cells left", "내 개인판에 빈 칸이 남지 않았고",
                     "Bo의 개인판에 빈 칸이 2개만 남았고"]
    assert errors == []
    context.close()
