"""The pages in a real browser: Debian's chromium driven by Playwright, against ``hanpan serve``.

A person plays a complete game of each title against a computer seat, on a 1366×768 desktop in English
and on a 390×844 phone in Korean, every decision by clicking the board (the first few by keyboard); after
every click what is offered next and any message must be inside the window (on the desktop without one
scroll), the other seat's last turn must be marked on the board, and a Korean page must show none of the
game's English words.  Other tests: the other seat's decisions played out one by one, the replay page, two
browsers online that never see each other's hand, a reload mid-game, the lobby, and axe-core's
accessibility check.  The figures (clicks, scrolls, push-to-draw times) go to ``SHOTS/figures.json`` and
are printed; mid-game screenshots of each title are made again into docs/screenshots/.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import time
import urllib.request
from typing import Any

import pytest

from .browser import (  # the fixtures server, browser and axe are tests/web/conftest.py's
    DESKTOP,
    DOC_SHOTS,
    LONG,
    PHONE,
    SHOTS,
    axe_violations,
    create_in_lobby,
    draw_times,
    english_terms,
    english_words_in,
    new_page,
    one_decision,
    play_game,
    seat_links,
    status,
    summary,
    wait_for_my_turn_or_end,
    write_figures,
)

GAMES = [
    ("spirits_of_the_wild", {}),
    ("harmonies", {"spirits": True}),
    ("four_gardens", {"whims": True}),
]
SCREENS = [("desktop", DESKTOP, "en"), ("phone", PHONE, "ko")]


@pytest.mark.parametrize(("screen", "size", "lang"), SCREENS, ids=[s[0] for s in SCREENS])
@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_person_plays_a_whole_game_by_clicking(server: str, browser: Any, game: str, options: dict[str, Any],
                                                  screen: str, size: tuple[int, int], lang: str) -> None:
    context, page, errors = new_page(browser, size, lang)
    posted, sent = [], []  # moves POSTed, and moves sent on the game's WebSocket
    page.on("request", lambda r: posted.append(r.url) if r.method == "POST" and "/moves" in r.url else None)
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(frame)
                                         if '"op":"move"' in str(frame) else None))
    create_in_lobby(page, server, game, ["human", "greedy"], options, seed=11)
    desktop = screen == "desktop"
    shot = DOC_SHOTS / (f"{game}.png" if desktop else f"{game}-phone-ko.png")
    played = play_game(page, random.Random(3), strict_view=desktop, shots=shot,
                       keyboard_decisions=8 if desktop else 0)
    assert status(page)["state"] == "finished"
    assert played.decisions > 5
    # every move went on the game's open WebSocket, none over HTTP
    assert posted == [] and len(sent) >= played.decisions, (posted[:3], len(sent), played.decisions)
    # nothing to click or read was ever out of the window; on the desktop not one scroll
    assert played.out_of_view == [], played.out_of_view[:5]
    if desktop:
        assert played.scrolls == 0 and played.max_scroll_y == 0, played.page_scrolls
    # every turn of the other seat left its mark on the board
    assert played.other_turns >= 2 and played.unmarked == [], played.unmarked[:5]
    # the end: why it ended and the final scores, with the replay
    page.wait_for_selector("#final:not([hidden]) .end-reason")
    assert page.locator("#final table.scores tr.total").count() == 1
    assert page.locator("#final a[href^='/replay/']").count() == 1
    page.screenshot(path=str(SHOTS / f"{game}-{screen}-end.png"))
    if lang == "ko":
        terms = english_terms(game)
        for text in played.texts:
            assert english_words_in(text, terms) == set()
    if lang == "ko" and game == "four_gardens":
        # nor a card's id (c12), in the drawings' words, tooltips and labels either: cards go by their names
        # (Harmonies' cells are named by their coordinates, c1 among them, on the board itself)
        labels = page.evaluate("""() => [...document.querySelectorAll('svg text, svg title')].map((e) => e.textContent)
            .concat([...document.querySelectorAll('[title], [aria-label]')]
                .map((e) => e.getAttribute('title') || e.getAttribute('aria-label')))""")
        assert [t for t in labels if re.search(r"\bc\d+\b", t or "")] == []
    times = draw_times(page)
    write_figures(f"{game}-{screen}", {**played.to_json(), **summary(times)})
    assert errors == []
    context.close()


def test_the_other_seats_decisions_are_played_out_one_by_one(server: str, browser: Any) -> None:
    """With motion allowed, each decision of the computer seat is drawn on its own, STEP_MS apart."""
    context, page, errors = new_page(browser, DESKTOP, "en", motion="no-preference")
    create_in_lobby(page, server, "harmonies", ["human", "greedy"], seed=5)
    page.evaluate("""() => { window.__seen = [];
        new MutationObserver(() => { const n = document.querySelector('#status').dataset.moveNumber;
          const last = window.__seen[window.__seen.length - 1];
          if (!last || last[0] !== n) window.__seen.push([n, performance.now()]); })
        .observe(document.querySelector('#status'), {attributes: true}); }""")
    rng = random.Random(1)
    play_game_turns(page, rng, turns=2)
    seen = dict(page.evaluate("window.__seen"))
    order = [int(n) for n in seen]
    theirs = page.evaluate("""() => [...document.querySelectorAll('ol.log li')]
        .filter(li => li.querySelector('.who').classList.contains('seat1')).map(li => Number(li.dataset.n))""")
    assert len(theirs) >= 4
    # each of the computer seat's decisions was on the screen on its own, at least 300 ms after the one before
    for n in theirs:
        assert str(n) in seen, f"decision {n} was never drawn on its own: {order}"
        before = max((m for m in order if m < n), default=None)
        if before is not None and before in theirs:
            assert seen[str(n)] - seen[str(before)] >= 300, (n, seen)
    assert page.locator("#board .last-move").count() > 0
    assert errors == []
    context.close()


def play_game_turns(page: Any, rng: random.Random, turns: int) -> int:
    """Play ``turns`` of this seat's turns; returns the move number after this seat's last decision."""
    from .browser import Played

    played = Played()
    mine_until = 0
    for _ in range(turns):
        now = wait_for_my_turn_or_end(page)
        while status(page)["mine"] == "true":
            one_decision(page, rng, played, strict_view=True)
        mine_until = int(status(page)["move"])
        assert now["state"] == "playing"
    wait_for_my_turn_or_end(page)
    return mine_until


def test_the_replay_page_steps_through_a_finished_game(server: str, browser: Any) -> None:
    context, page, errors = new_page(browser)
    create_in_lobby(page, server, "spirits_of_the_wild", ["human", "random"], seed=5)
    play_game(page, random.Random(1), strict_view=True)
    replay = page.locator("#final a[href^='/replay/']").get_attribute("href")
    # a rematch: the same seats and options, a new deal, this browser at the same seat
    old = page.url
    page.click("#rematch")
    page.wait_for_url(lambda url: url != old and "/play/" in url)
    page.wait_for_selector("#status[data-state='playing']")
    assert page.locator("#status").get_attribute("data-seat") == "0"
    assert page.locator("table.scores thead th").count() == 3
    page.goto(server + replay)
    page.wait_for_selector("#step")
    page.wait_for_function("() => document.querySelector('#step').textContent.length > 0")
    page.click("#next")
    page.wait_for_function("() => / 1 /.test(' ' + document.querySelector('#step').textContent + ' ')")
    # the step's decision is told and marked on the board
    assert page.locator("#step-text").inner_text().strip()
    page.wait_for_selector("#board .last-move")
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelector('#slider').value === document.querySelector('#slider').max")
    assert page.locator("#board svg").count() > 0
    # the buttons' symbols are drawn, not font glyphs
    assert not re.search("[⏮⏭◀▶]", page.locator(".replay-controls").inner_text())
    assert page.locator(".replay-controls svg.icon").count() == 4
    # seen by a seat, the table and the board name the seats alike (no "you" in a replay)
    page.select_option("#see-as", "1")
    page.wait_for_function("() => document.querySelector('table.scores thead').textContent.includes('2')")
    assert "(you)" not in page.locator("main").inner_text()
    page.screenshot(path=str(SHOTS / "replay.png"), full_page=True)
    assert errors == []
    context.close()


def test_two_browsers_play_online_and_never_see_each_others_hand(server: str, browser: Any) -> None:
    first_context, first, first_errors = new_page(browser)
    create_in_lobby(first, server, "four_gardens", ["human", "human"], seed=21)
    links = seat_links(first)
    assert set(links) == {0, 1}
    # the game page offers the other seat's link to hand out
    assert first.locator("details.invite button.copy").count() >= 2
    frames_of: list[list[str]] = [[], []]
    seats = []
    for seat in range(2):
        # the creator's browser is at seat 0 already; it reloads once its frames are listened to
        context, page, errors = (first_context, first, first_errors) if seat == 0 else new_page(browser)
        frames = frames_of[seat]
        page.on("websocket", lambda ws, frames=frames: ws.on("framereceived", lambda payload, frames=frames:
                                                             frames.append(str(payload))))
        page.goto(links[seat])
        if seat == 0:
            page.reload()
        page.wait_for_selector("#status[data-state]")
        seats.append((context, page, errors, frames))
    rng = random.Random(8)
    from .browser import Played

    played = Played()
    for _ in range(60):  # sixty decisions of the game, each made by whoever is to move
        movers = [page for _c, page, _e, _f in seats if status(page)["mine"] == "true"]
        if movers:
            one_decision(movers[0], rng, played, strict_view=True)
        else:
            seats[0][1].wait_for_function(
                """() => document.querySelector('#status').dataset.busy !== 'true'""", timeout=LONG)
            seats[0][1].wait_for_timeout(100)
    assert played.decisions >= 40
    # each seat's own frames say which of its cards are private (drawn blind), move by move
    private: list[dict[int, set[int]]] = [{}, {}]
    bodies_of: list[list[dict[str, Any]]] = [[], []]
    for seat, (_c, _p, _e, frames) in enumerate(seats):
        for frame in frames:
            body = json.loads(frame)
            if "answer" in body:  # a move's answer on the socket: nothing in it but the answer
                assert set(body) <= {"answer", "status", "move_number", "detail", "code", "params"}, body
                continue
            bodies_of[seat].append(body)
            hand = body["view"]["players"][seat]["hand"]
            private[seat][body["move_number"]] = {card["id"] for card in hand if not card["public"]}
    assert any(private[0].values()) and any(private[1].values()), "no seat held a blind-drawn card"
    for seat, (_c, page, errors, frames) in enumerate(seats):
        other = 1 - seat
        assert frames, "no WebSocket frame arrived"
        for body in bodies_of[seat]:
            assert "seed" not in body["view"] and str(body["view"]).count("'seed'") == 0
            their_hand = body["view"]["players"][other]["hand"]
            assert all("id" not in card or card.get("public") for card in their_hand)
            hidden = private[other].get(body["move_number"], set())
            assert not hidden & _ids(body["view"]), f"seat {seat} was sent a card hidden in seat {other}'s hand"
        html = page.content()
        last_hidden = private[other][max(private[other])]
        for card in last_hidden:
            assert not re.search(rf"\bc{card}\b", html), f"seat {seat}'s page shows c{card} of seat {other}'s hand"
        assert errors == []
    seats[0][1].screenshot(path=str(SHOTS / "online-seat1.png"), full_page=True)
    for context, *_ in seats:
        context.close()


def _ids(data: Any) -> set[int]:
    """Every card id anywhere in a view."""
    if isinstance(data, dict):
        found = {data["id"]} if isinstance(data.get("id"), int) else set()
        for value in data.values():
            found |= _ids(value)
        return found
    if isinstance(data, list):
        return set().union(*(_ids(item) for item in data)) if data else set()
    return set()


def test_a_reload_mid_game_brings_the_same_board_back(server: str, browser: Any) -> None:
    context, page, errors = new_page(browser)
    create_in_lobby(page, server, "harmonies", ["human", "random"], seed=4)
    rng = random.Random(2)
    from .browser import Played

    played = Played()
    while played.decisions < 6:
        wait_for_my_turn_or_end(page)
        one_decision(page, rng, played, strict_view=True)
    before = wait_for_my_turn_or_end(page)  # let the computer seat finish: the position must stand still
    board_before = page.locator("#board").inner_text()
    log_before = page.locator("ol.log li").count()
    page.reload()
    page.wait_for_selector("#status[data-state]")
    page.wait_for_function("(move) => document.querySelector('#status').dataset.moveNumber === move",
                           arg=before["move"])
    assert page.locator("ol.log li").count() == log_before
    assert page.locator("#board").inner_text() == board_before
    assert errors == []
    context.close()


def test_the_lobby_in_korean_on_a_phone(server: str, browser: Any) -> None:
    context, page, errors = new_page(browser, PHONE, "ko")
    page.goto(server + "/?lang=ko")
    page.wait_for_selector("#create")
    assert "새 게임" in page.locator("main").inner_text()
    from hanpan.agents.ladder import ladder
    from hanpan.agents.registry import agent_names

    page.select_option("#game", "harmonies")
    page.select_option("#count", "2")
    shown = page.locator("#seat1 option").all_inner_texts()  # the computer players, weakest first, in Korean
    levels = ladder("harmonies", 2, tuple(agent_names()))
    assert shown[1:] == [level.line("ko") for level in levels] and "고수 — " in shown[-1]
    assert not english_words_in(" ".join(shown), english_terms("harmonies"))
    # options in words with their description; the seed is under "more" and says what it is for
    options = page.locator("fieldset").inner_text()
    assert "개인판 면" in options and "자연의 정령" in options and "side" not in options
    assert not page.locator("#seed").is_visible()
    page.click("details.more summary")
    assert page.locator("#seed").is_visible() and "같은 시드" in page.locator("#seed-help").inner_text()
    # a first game of Four Gardens is for two
    page.select_option("#game", "four_gardens")
    assert page.locator("#count").input_value() == "2" and page.locator(".seat-kind").count() == 2
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")  # nothing off the screen
    page.screenshot(path=str(DOC_SHOTS / "lobby-ko-phone.png"), full_page=True)
    assert errors == []
    context.close()


def test_the_lobby_lists_this_browsers_practice_games_to_resume_or_abandon(server: str, browser: Any) -> None:
    """Issue 60 §16: a practice game had no way to end, and a player with 6 going on was stuck."""
    context, page, errors = new_page(browser, PHONE, "ko")
    create_in_lobby(page, server, "spirits_of_the_wild", ["human", "random"], seed=5)
    game_id = page.url.split("/play/", 1)[1].split("#", 1)[0]
    page.goto(server + "/?lang=ko")
    page.wait_for_selector(f"#my-practice li[data-game='{game_id}']")
    mine = page.locator("#my-practice")
    assert "내 연습 게임" in mine.inner_text() and "포기" in mine.inner_text()
    resume = mine.locator("a.join").first.get_attribute("href") or ""
    assert f"/play/{game_id}#token=" in resume
    page.once("dialog", lambda dialog: dialog.accept())
    mine.locator("button.abandon").click()
    page.wait_for_function("() => !document.querySelector('#my-practice li')")
    with urllib.request.urlopen(f"{server}/api/games/{game_id}") as answer:
        assert json.loads(answer.read())["status"] == "abandoned"
    # the game's own page offers it too
    create_in_lobby(page, server, "spirits_of_the_wild", ["human", "random"], seed=6)
    page.wait_for_selector("#abandon")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#abandon")
    page.wait_for_function("() => !document.querySelector('#abandon')")
    assert errors == []
    context.close()


@pytest.mark.parametrize(("game", "lang", "options"), [("harmonies", "en", {"side": "B", "spirits": True}),
                                                       ("four_gardens", "ko", {"whims": True})])
def test_four_seats_scores_fit_the_side_panel(server: str, browser: Any, game: str, lang: str,
                                              options: dict[str, Any]) -> None:
    """Four seats' columns and the categories' names fit the side panel's score table, none clipped, and a
    Korean name breaks only between words (the review saw 'Player 4 (gree' and '보너/스 타/일')."""
    context, page, errors = new_page(browser, DESKTOP, lang)
    create_in_lobby(page, server, game, ["human", "greedy", "greedy", "greedy"], options, seed=4)
    page.wait_for_selector("aside#side table.scores")
    fit = page.evaluate("""() => { const table = document.querySelector('aside#side table.scores');
        const side = document.querySelector('aside#side'), box = side.getBoundingClientRect();
        const r = table.getBoundingClientRect(), cells = [...table.querySelectorAll('th, td')];
        return {table: r.right, panel: box.right - parseFloat(getComputedStyle(side).paddingRight),
                clipped: cells.filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.textContent)}; }""")
    assert fit["table"] <= fit["panel"] + 0.5 and fit["clipped"] == [], fit
    words = page.evaluate("""() => [...document.querySelectorAll('aside#side table.scores th')].map(th => {
        const range = document.createRange(); const text = th.firstChild;
        if (!text || text.nodeType !== 3) return [];
        const tops = [];
        for (let i = 0; i < text.length; i++) {
          range.setStart(text, i); range.setEnd(text, i + 1);
          const rect = range.getBoundingClientRect();
          if (rect.height) tops.push([text.data[i], Math.round(rect.top)]);
        }
        return tops; })""")
    for letters in words:  # a line never starts inside a word: a new line's first letter follows a space
        for (before, top_before), (letter, top) in itertools.pairwise(letters):
            assert top <= top_before + 1 or before == " ", (before, letter)
    assert errors == []
    context.close()



def test_no_serious_accessibility_violations(server: str, browser: Any, axe: str) -> None:
    """axe-core on the lobby, a game page of each title mid-game (both languages) and the replay page."""
    found: dict[str, list[dict[str, Any]]] = {}
    context, page, _errors = new_page(browser, bypass_csp=True)
    page.goto(server + "/")
    page.wait_for_selector("#create")
    found["lobby"] = axe_violations(page, axe)
    for game, options in GAMES:
        for lang in ("en", "ko"):
            context_g, page_g, _ = new_page(browser, DESKTOP, lang, bypass_csp=True)
            create_in_lobby(page_g, server, game, ["human", "greedy"], options, seed=2)
            rng = random.Random(4)
            from .browser import Played

            played = Played()
            while played.decisions < 6 and wait_for_my_turn_or_end(page_g)["state"] == "playing":
                one_decision(page_g, rng, played, strict_view=False)
            wait_for_my_turn_or_end(page_g)
            # a choice half made: the popover or the lit places are checked too
            page_g.locator("#board .clickable").first.click()
            page_g.wait_for_function("() => document.querySelector('#status').dataset.busy !== 'true'")
            found[f"{game}-{lang}"] = axe_violations(page_g, axe)
            context_g.close()
    # a game of two computer seats, finished, for the replay page
    game_id = page.evaluate("""async () => (await (await fetch('/api/games', {method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({game: 'spirits_of_the_wild', seats: ['random', 'random'], seed: 3})})).json()).id""")
    deadline = time.monotonic() + LONG / 1000
    while json.load(urllib.request.urlopen(f"{server}/api/games/{game_id}"))["status"] != "finished":
        assert time.monotonic() < deadline, "two computer seats did not finish a game"
        time.sleep(0.25)
    page.goto(f"{server}/replay/{game_id}")
    page.wait_for_selector("#board svg")
    found["replay"] = axe_violations(page, axe)
    context.close()
    write_figures("axe", {name: len(v) for name, v in found.items()})
    assert {name: v for name, v in found.items() if v} == {}


def test_an_illegal_click_or_move_says_why_where_you_acted(server: str, browser: Any) -> None:
    context, page, errors = new_page(browser, DESKTOP, "en")
    create_in_lobby(page, server, "harmonies", ["human", "greedy"], seed=8)
    # Nature's Spirits are off: the first decision is taking a central space; a click on your own empty
    # board is not a choice now
    wait_for_my_turn_or_end(page)
    before = status(page)
    cell = page.locator("#board .hm-you .hm-cell:not(.clickable)").first
    box = cell.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    nudge = page.locator("#nudge")
    nudge.wait_for(state="visible")
    assert "Not possible now" in nudge.inner_text()
    near = nudge.bounding_box()
    assert near is not None and abs(near["y"] - (box["y"] + box["height"] / 2)) < 200  # next to the click
    assert status(page) == before  # nothing changed
    # a typed move that is not legal: the pinned bar says why, in view, and nothing changes
    page.click("details.moves summary")
    page.fill("#move-input", "space 9")
    page.press("#move-input", "Enter")
    page.wait_for_function("() => document.querySelector('#error').textContent.length > 0")
    error = page.locator("#error")
    assert "space" in error.inner_text() and error.evaluate(
        "(el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }")
    assert status(page)["move"] == before["move"]
    assert errors == [] or all("400" in e for e in errors)  # the refused request is logged by the browser
    context.close()
