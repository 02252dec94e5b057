"""Game reviews and hints in a real browser (Debian's chromium through Playwright, against ``hanpan serve``):
a game of each title is analysed from its replay page, the progress gives way to the evaluation graph, each
seat's accuracy and the marks (the graph's error points and the log's badges are the review's errors); a
click on the graph goes to that move, whose decision is drawn on the board (the move played and the level's)
and judged in words; a second visit shows the stored review at once; and a hint in a solo Harmonies game
lights the best move, plays it, and the game's record then says hints were used.

The server reviews with a tiny budget (the greedy level, 2 samples, no alternatives) so that each review
takes seconds: Spirits of the Wild plays a whole game; Harmonies and Four Gardens (whose whole games take
the tiny budget 10-20 s) end by a turn limit.  axe-core checks the analysis view and the hint.
"""

from __future__ import annotations

import json
import random
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from .browser import (  # the fixtures browser and axe are tests/web/conftest.py's
    DESKTOP,
    LONG,
    PHONE,
    SHOTS,
    Played,
    axe_violations,
    english_terms,
    english_words_in,
    new_page,
    one_decision,
    status,
    wait_for_my_turn_or_end,
)
from .conftest import need

#: the tests' analysis: tiny, so that a review takes seconds
OPTIONS = ["--analysis-level", "greedy", "--analysis-samples", "2", "--analysis-alternatives", "0"]
#: (game, options, seats): a game of computer seats each title ends quickly
GAMES = [
    ("spirits_of_the_wild", {}, ["greedy", "greedy"]),
    ("harmonies", {"spirits": True, "max_turns": 8}, ["greedy", "greedy"]),
    ("four_gardens", {"whims": True, "max_turns": 8}, ["greedy", "greedy"]),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``hanpan serve`` with the tiny analysis budget, on a fresh SQLite database."""
    from .browser import missing
    from .server import running_server

    need(missing())
    folder = tmp_path_factory.mktemp("analysis-db")
    log = folder / "server.log"
    with running_server(f"sqlite:///{folder}/games.sqlite3", log, OPTIONS) as base:
        yield base
    print(f"the server's log: {log}")


def call(base: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def ended_game(base: str, game: str, options: dict[str, Any], seats: list[str], seed: int) -> str:
    """A game of computer seats, played to its end by the server."""
    game_id = str(call(base, "/api/games", {"game": game, "seats": seats, "options": options, "seed": seed})["id"])
    deadline = time.monotonic() + LONG / 1000
    while call(base, f"/api/games/{game_id}")["status"] == "playing":
        assert time.monotonic() < deadline, "the computer seats did not end their game"
        time.sleep(0.2)
    return game_id


def step_of(page: Any) -> int:
    return int(page.locator("#slider").input_value())


@pytest.mark.parametrize(("game", "options", "seats"), GAMES, ids=[g[0] for g in GAMES])
def test_analysing_a_finished_game_shows_the_graph_the_marks_and_each_decision(
        server: str, browser: Any, axe: str, game: str, options: dict[str, Any], seats: list[str]) -> None:
    korean = game == "spirits_of_the_wild"  # one title read in Korean on a phone
    context, page, errors = new_page(browser, PHONE if korean else DESKTOP, "ko" if korean else "en",
                                     bypass_csp=True)
    game_id = ended_game(server, game, options, seats, seed=7)
    moves = call(server, f"/api/games/{game_id}")["move_number"]
    page.goto(f"{server}/replay/{game_id}")
    page.wait_for_selector("#analyse:not([hidden])")
    assert page.locator("#eval-graph").count() == 0
    page.click("#analyse")
    # progress while it runs (or at once the graph, if it was quicker than the page's first look)
    page.wait_for_selector("#analysis-progress progress, #eval-graph")
    page.wait_for_selector("#eval-graph", timeout=LONG)
    assert page.locator("#analysis-progress progress").count() == 0 and page.locator("#analyse").is_hidden()
    review = call(server, f"/api/games/{game_id}/analysis")["review"]
    errors_of_review = {d["number"]: d["mark"] for d in review["decisions"]
                        if d["mark"] in ("inaccuracy", "mistake", "blunder")}
    # each seat's accuracy, and every error of the review a point of the graph
    rows = page.locator("#accuracy tbody tr")
    assert rows.count() == len(seats)
    assert all(text.strip().endswith("%") for text in page.locator("#accuracy td.accuracy").all_inner_texts())
    points = sorted(int(n) for n in page.locator("#eval-graph .point").evaluate_all(
        "(els) => els.map((el) => el.dataset.n)"))
    assert points == sorted(errors_of_review)
    # a click on the graph goes to that move: its decision drawn on the board and judged in words
    if points:
        page.locator("#eval-graph .point").first.click()
        wanted = points[0]
    else:
        box = page.locator("#eval-graph").bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] * 0.6, box["y"] + box["height"] / 2)
        page.wait_for_function("() => Number(document.querySelector('#slider').value) > 0")
        wanted = step_of(page)
    page.wait_for_function("(n) => document.querySelector('#slider').value === String(n)", arg=wanted)
    decision = next(d for d in review["decisions"] if d["number"] == wanted)
    page.wait_for_function("(n) => (document.querySelector('#verdict') || {}).textContent?.includes(String(n))",
                           arg=wanted)
    assert page.locator("#step").inner_text().split()[1 if not korean else 0].rstrip("수") in (str(wanted), str(moves))
    if decision["legal"] > 1:
        page.wait_for_selector("#choice-caption:not([hidden])")
        assert page.locator("#board .move-played").count() > 0
        if decision["choice"] != decision["played"]:
            assert page.locator("#board .move-better").count() > 0
        assert page.locator(f"#verdict .mark-{decision['mark']}").count() == 1
    # the log's moves carry their marks
    shown = [int(n) for n in page.locator("ol.log li[data-n]").evaluate_all("(els) => els.map((el) => el.dataset.n)")]
    marked = [int(n) for n in page.locator("ol.log li[data-n]:has(.mark)").evaluate_all(
        "(els) => els.map((el) => el.dataset.n)")]
    assert sorted(marked) == sorted(n for n in shown if n in errors_of_review)
    if korean:
        assert not english_words_in(page.locator("#analysis").inner_text(), english_terms(game))
    violations = axe_violations(page, axe)
    assert violations == [], violations
    page.screenshot(path=str(SHOTS / f"analysis-{game}.png"), full_page=True)
    # a second visit, by the shared link: the stored review at once, at the move shown
    link = f"{server}/replay/{game_id}?move={wanted}"
    page.goto(link)
    page.wait_for_selector("#eval-graph")
    assert page.locator("#analyse").is_hidden() and step_of(page) == wanted
    assert errors == []
    context.close()


def test_a_hint_in_a_solo_harmonies_game(server: str, browser: Any, axe: str) -> None:
    context, page, errors = new_page(browser, DESKTOP, "en", bypass_csp=True)
    created = call(server, "/api/games", {"game": "harmonies", "seats": ["human"], "options": {"max_turns": 2},
                                          "seed": 4})
    token = created["seats"][0]["token"]
    page.goto(f"{server}/play/{created['id']}#token={token}")
    wait_for_my_turn_or_end(page)
    body = call(server, f"/api/games/{created['id']}")
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden]) .hint-best", timeout=LONG)
    text = page.locator("#hint-box").inner_text()
    assert "Best:" in text and "Next best:" in text and "points expected" in text
    # the best move's pieces are lit on the board
    assert page.locator("#board .hinted").count() > 0
    violations = axe_violations(page, axe)
    assert violations == [], violations
    page.screenshot(path=str(SHOTS / "hint-harmonies.png"))
    page.click("#hint-play")
    page.wait_for_function("(n) => document.querySelector('#status').dataset.moveNumber === String(n)",
                           arg=body["move_number"] + 1)
    assert page.locator("#hint-box").is_hidden()  # the hint was for the move made
    # the rest of the game by clicking; then the record says a hint was used
    played = Played()
    rng = random.Random(3)
    while wait_for_my_turn_or_end(page)["state"] == "playing":
        one_decision(page, rng, played, strict_view=False)
    assert status(page)["state"] != "playing"
    assert call(server, f"/api/games/{created['id']}/record")["hints_used"] == [0]
    assert errors == []
    context.close()
