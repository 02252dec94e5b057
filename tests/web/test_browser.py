"""The pages in a real browser: Debian's chromium driven by Playwright, against ``hanpan serve``.

A person plays a complete game of each title against a computer seat by clicking the board; two browsers
play Four Gardens against each other online and one never sees the other's hand; a reload mid-game
brings the same board back.  Screenshots go to ``HANPAN_SCREENSHOTS`` (default: a temporary folder);
the best are kept in docs/screenshots/.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import need
from .server import running_server

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync", "--disable-dev-shm-usage"]
SHOTS = Path(os.environ.get("HANPAN_SCREENSHOTS") or tempfile.mkdtemp(prefix="hanpan-shots-"))


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _missing() -> str | None:
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "Playwright is not installed: pip install -e '.[dev]'"
    if chromium_path() is None:
        return "chromium is not installed: sudo apt-get install chromium (make test does it as root)"
    return None


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    need(_missing())
    folder = tmp_path_factory.mktemp("browser-db")
    log = folder / "server.log"
    with running_server(f"sqlite:///{folder}/games.sqlite3", log) as base:
        yield base
    print(f"the server's log: {log}")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    need(_missing())
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def new_page(browser: Any, width: int = 1400, height: int = 900) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return context, page, errors


def create_in_lobby(page: Any, base: str, game: str, seats: list[str], options: dict[str, Any] | None = None,
                    seed: int | None = None) -> list[str]:
    """Make a game with the lobby's form; returns the seat links in order, then the spectators' link."""
    page.goto(base + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", game)
    if page.locator("#count").count():
        page.select_option("#count", str(len(seats)))
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat{seat}", kind)
    for name, value in (options or {}).items():
        field = page.locator(f"#opt-{name}")
        if field.get_attribute("type") == "checkbox":
            field.set_checked(bool(value))
        else:
            field.select_option(str(value))
    if seed is not None:
        page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_selector(".watch-link")
    links = [a.get_attribute("href") for a in page.locator(".seat-link").all()]
    return [*links, page.locator(".watch-link").get_attribute("href")]


def status(page: Any) -> dict[str, str]:
    box = page.locator("#status")
    return {"move": box.get_attribute("data-move-number") or "", "state": box.get_attribute("data-state") or "",
            "mine": box.get_attribute("data-mine") or ""}


def wait_for_change(page: Any, before: dict[str, str], timeout: float = 30_000) -> None:
    page.wait_for_function(
        """([move, mine]) => { const s = document.querySelector('#status');
             return s && (s.dataset.moveNumber !== move || s.dataset.mine !== mine); }""",
        arg=[before["move"], before["mine"]], timeout=timeout)


def wait_for_my_turn(page: Any) -> None:
    """Until the page says this seat is to move.  The status is read once per check and that same
    reading is what a change is awaited from: read twice, a turn that came in between would be waited
    past (the computer seat can move that fast)."""
    while True:
        before = status(page)
        if before["mine"] == "true":
            return
        wait_for_change(page, before)


def click_one_move(page: Any, rng: random.Random) -> str:
    """Make one move by clicking: board targets until the page offers the remaining moves as buttons.

    Returns how the move was finished: 'board' (the last click was on the board) or 'choice'."""
    before = status(page)
    for _ in range(12):
        choices = page.locator("#choices button.choice")
        if choices.count():
            choices.nth(rng.randrange(choices.count())).click()
            wait_for_change(page, before)
            return "choice"
        targets = page.locator("#board .clickable")
        count = targets.count()
        if not count:
            page.screenshot(path=str(SHOTS / "nothing-to-click.png"), full_page=True)
            legal = [b.get_attribute("data-move") for b in page.locator(".legal-move").all()]
            raise AssertionError(f"it is my turn but the board offers nothing to click; legal: {legal}; "
                                 f"status {status(page)}")
        target = targets.nth(rng.randrange(count))
        try:
            target.click(timeout=3000)
        except Exception:  # covered by a neighbour: a person would click the part that shows
            target.dispatch_event("click")
        try:
            wait_for_change(page, before, timeout=400)
            return "board"
        except Exception:
            continue  # a first click narrowed the choice; click on
    raise AssertionError("twelve clicks chose no move")


def play_by_clicking(page: Any, rng: random.Random, shots: str, max_moves: int = 3000) -> dict[str, int]:
    """Play the seat of ``page`` to the end of the game by clicking; screenshots at the start, middle, end."""
    made = {"board": 0, "choice": 0}
    page.wait_for_selector("#status[data-state]")
    while True:
        now = status(page)
        if now["state"] != "playing":
            break
        if now["mine"] == "true":
            made[click_one_move(page, rng)] += 1
            total = made["board"] + made["choice"]
            if total in (1, 25):
                page.screenshot(path=str(SHOTS / f"{shots}-{'start' if total == 1 else 'mid'}.png"), full_page=True)
            assert total < max_moves
        else:
            wait_for_change(page, now, timeout=60_000)
    page.screenshot(path=str(SHOTS / f"{shots}-end.png"), full_page=True)
    return made


GAMES = [
    ("spirits_of_the_wild", ["human", "greedy"], {}),
    ("harmonies", ["human", "greedy"], {"spirits": True}),
    ("four_gardens", ["human", "greedy"], {"whims": True}),
]


@pytest.mark.parametrize(("game", "seats", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_person_plays_a_whole_game_by_clicking(server: str, browser: Any, game: str, seats: list[str],
                                                  options: dict[str, Any]) -> None:
    context, page, errors = new_page(browser)
    links = create_in_lobby(page, server, game, seats, options, seed=11)
    page.goto(links[0])
    made = play_by_clicking(page, random.Random(3), game)
    assert status(page)["state"] == "finished"
    assert made["board"] + made["choice"] > 5
    assert page.locator("table.scores tr.total").count() == 1
    assert page.locator("a[href^='/replay/']").count() == 1  # the finished game offers its replay
    assert errors == []
    context.close()


def test_the_replay_page_steps_through_a_finished_game(server: str, browser: Any) -> None:
    context, page, errors = new_page(browser)
    links = create_in_lobby(page, server, "spirits_of_the_wild", ["human", "random"], seed=5)
    page.goto(links[0])
    play_by_clicking(page, random.Random(1), "replay-source")
    page.click("a[href^='/replay/']")
    page.wait_for_selector("#step")
    page.wait_for_function("() => document.querySelector('#step').textContent.length > 0")
    page.click("#next")
    page.wait_for_function("() => / 1 /.test(' ' + document.querySelector('#step').textContent + ' ')")
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelector('#slider').value === document.querySelector('#slider').max")
    assert page.locator("#board svg").count() > 0
    page.screenshot(path=str(SHOTS / "replay.png"), full_page=True)
    assert errors == []
    context.close()


def test_two_browsers_play_online_and_never_see_each_others_hand(server: str, browser: Any) -> None:
    lobby_context, lobby, _ = new_page(browser)
    links = create_in_lobby(lobby, server, "four_gardens", ["human", "human"], seed=21)
    lobby_context.close()
    seats = []
    for seat in range(2):
        context, page, errors = new_page(browser)
        frames: list[str] = []
        page.on("websocket", lambda ws, frames=frames: ws.on("framereceived", lambda payload, frames=frames:
                                                             frames.append(str(payload))))
        page.goto(links[seat])
        page.wait_for_selector("#status[data-state]")
        seats.append((context, page, errors, frames))
    rng = random.Random(8)
    for _ in range(60):  # sixty decisions of the game, each made by whoever is to move
        for _c, page, _e, _f in seats:
            if status(page)["mine"] == "true":
                click_one_move(page, rng)
                break
        else:
            seats[0][1].wait_for_timeout(200)
    # each seat's own frames say which of its cards are private (drawn blind), move by move
    private: list[dict[int, set[int]]] = [{}, {}]
    for seat, (_c, _p, _e, frames) in enumerate(seats):
        for frame in frames:
            body = json.loads(frame)
            hand = body["view"]["players"][seat]["hand"]
            private[seat][body["move_number"]] = {card["id"] for card in hand if not card["public"]}
    assert any(private[0].values()) and any(private[1].values()), "no seat held a blind-drawn card"
    for seat, (_c, page, errors, frames) in enumerate(seats):
        other = 1 - seat
        assert frames, "no WebSocket frame arrived"
        for frame in frames:
            body = json.loads(frame)
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
    links = create_in_lobby(page, server, "harmonies", ["human", "random"], seed=4)
    page.goto(links[0])
    page.wait_for_selector("#status[data-state]")
    rng = random.Random(2)
    for _ in range(6):
        wait_for_my_turn(page)
        click_one_move(page, rng)
    wait_for_my_turn(page)  # let the computer seat finish: the position must stand still
    before = status(page)
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


def test_the_lobby_switches_to_korean(server: str, browser: Any) -> None:
    context, page, errors = new_page(browser, 390, 844)
    page.goto(server + "/?lang=ko")
    page.wait_for_selector("#create")
    assert "새 게임" in page.locator("main").inner_text()
    from hanpan.agents.ladder import ladder
    from hanpan.agents.registry import agent_names

    page.select_option("#game", "harmonies")
    page.select_option("#count", "2")
    shown = page.locator("#seat1 option").all_inner_texts()  # the computer players, weakest first, in Korean
    levels = ladder("harmonies", 2, tuple(agent_names()))
    assert shown[1:] == [level.line("ko") for level in levels] and "고수께" in shown[-1]
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")  # nothing off the screen
    page.screenshot(path=str(SHOTS / "lobby-ko-phone.png"), full_page=True)
    assert errors == []
    context.close()
