"""A shortened game of each title on a 390×844 phone in Korean, every decision by tapping (issue 61):
what the prompt asks for is always inside the window below the bar, nothing needs a scroll by hand, the
page scrolls itself at most once a turn, the other seats' turns are summed up in the bar, and one turn of
theirs at a time is marked.  benchmarks/phone_play.py plays whole games and prints the figures.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from phone_play import create, play_one

from .browser import DESKTOP, Played, new_page, one_decision, status, wait_for_my_turn_or_end, write_figures


@pytest.mark.parametrize("game", ["harmonies", "spirits_of_the_wild", "four_gardens"])
def test_a_shortened_game_on_a_phone_by_tapping(server: str, browser: Any, game: str) -> None:
    fig = play_one(browser, server, game, "phone", max_turns=12)
    write_figures(f"phone-play-{game}", {"line": fig.line()})
    assert fig.decisions >= 10 and fig.turns >= 3, fig.line()
    assert fig.prompt_outside == 0, fig.outside_examples
    assert fig.hand_scrolls == 0, fig.line()
    assert fig.page_scrolls_max_turn <= 1, fig.page_scroll_examples
    # the other seats' turns: each summed up in the bar, inside the window, naming who moved
    assert fig.other_turns >= 2 and fig.summary_seen >= 0.9 * fig.other_turns, fig.line()
    assert fig.marked_turns_max == 1, fig.line()


def test_two_computer_turns_leave_one_turns_marks_and_the_summary_steps_through_both(server: str, browser: Any) -> None:
    """Four Gardens with two computer seats on a desktop: only the newest turn is marked; ◀ steps back
    through the decisions since your move, each marked alone, and past the first comes the newest turn."""
    context, page, errors = new_page(browser, DESKTOP, "en")
    create(page, server, "four_gardens", ["human", "greedy", "greedy"], {}, seed=5)
    rng = random.Random(2)
    played = Played()
    wait_for_my_turn_or_end(page)
    while status(page)["mine"] == "true":
        one_decision(page, rng, played, strict_view=True)
    wait_for_my_turn_or_end(page)
    seats = page.evaluate("""() => [...document.querySelectorAll('ol.log li')].map(li =>
        [Number(li.dataset.n), [...li.querySelector('.who').classList].find(c => c.startsWith('seat'))])""")
    me = "seat" + page.evaluate("document.querySelector('#status').dataset.seat")
    since = []
    for n, seat in seats:  # newest first
        if seat == me:
            break
        since.append((n, seat))
    assert {seat for _, seat in since} == {"seat1", "seat2"}, since

    def marked() -> set[int]:
        return {int(x) for x in page.evaluate(
            "[...document.querySelectorAll('#board [data-last-move]')].map(el => el.getAttribute('data-last-move'))")}

    newest_turn = {n for n, seat in since if seat == since[0][1]}
    assert marked() and marked() <= newest_turn, (marked(), since)
    text = page.locator("#since").inner_text()
    assert "Player 2" in text and "Player 3" in text, text
    # step back through every decision since your move: the oldest last, each alone (when it marks anything)
    for i, (n, _seat) in enumerate(since):
        page.click("#since-prev")
        assert marked() <= {n}, (n, marked())
        assert f"({len(since) - i}/{len(since)})" in page.locator("#since").inner_text()
    page.click("#since-prev")  # past the first: the newest turn whole again
    assert marked() and marked() <= newest_turn
    assert errors == []
    context.close()
