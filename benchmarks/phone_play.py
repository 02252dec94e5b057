"""A person's games on a phone and on a desktop, every decision by tapping: what had to be scrolled.

Plays one game of each title against a computer level in Debian's chromium (Playwright, a local
``hanpan serve`` on a throwaway SQLite database), at 390×844 in Korean and at 1366×768 in English, and
counts, per title and screen:

- ``decisions`` made (each by tapping the board, or a choice the page opened next to it);
- ``hand_scrolls``: scrolls a person needed: each tap goes to a target chosen at random among all those
  offered (the one the player wants), and when it has no point inside the window below the pinned bar
  the player scrolls to it first;
- ``page_scrolls``: the page's own scrolls (bursts of scroll events not made by the player), in all and
  the most in one turn (from the end of the player's previous turn to the end of this one);
- ``prompt_outside``: moments (before each tap) when no legal target of the kind the prompt names had
  its box wholly between the bar's bottom and the window's bottom (Harmonies: the central spaces while
  they are offered, then the board's cells and the tokens in hand, the kept spirit; Spirits of the Wild
  and Four Gardens: every target offered, as their boards offer only what the phase asks for);
- ``summary_seen``: of the other seats' turns, those whose "since your move" summary (``#since``) was
  inside the window without scrolling when the player's turn came, naming who moved;
- ``marked_turns_max``: the most turns of other seats marked on the board at once (goal: one).

Screenshots (``--shots DIR``): each title and screen mid-turn (the 12th decision) and just after the
third turn of another seat.  ``--max-turns N`` shortens each game (the tests' run:
tests/web/test_phone_play.py).

    PYTHONPATH=. .venv/bin/python benchmarks/phone_play.py [--games harmonies,...] [--screens phone,desktop]
        [--level greedy] [--seeds 11,12,13] [--max-turns N] [--shots docs/screenshots] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.web.browser import (  # noqa: E402
    CHROMIUM_ARGS,
    DESKTOP,
    PHONE,
    POINT_JS,
    chromium_path,
    new_page,
    status,
    wait_for_my_turn_or_end,
    wait_settled_change,
)

#: the titles as played: options and the number of seats (Four Gardens with two computer seats: two
#: other turns between two of yours)
GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "harmonies": ({"spirits": True}, 2),
    "spirits_of_the_wild": ({}, 2),
    "four_gardens": ({"whims": True}, 3),
}
SCREENS = {"phone": (PHONE, "ko"), "desktop": (DESKTOP, "en")}

#: counts the page's own scrolls: a burst of scroll events (less than 250 ms apart) not made by the player
SCROLL_WATCH = """
window.__pageScrolls = [];
window.__hand = false;
let lastT = -1e9;
addEventListener('scroll', () => {
  const t = performance.now();
  if (window.__hand) { lastT = t; return; }
  const s = document.querySelector('#status');
  if (t - lastT > 250) window.__pageScrolls.push(`move ${s ? s.dataset.moveNumber : '?'}: to ${Math.round(scrollY)}`);
  lastT = t;
}, {passive: true});
"""

#: whether a target of the prompt's kind has its box wholly inside the window below the bar
FOCUS_JS = """(game) => {
  const bar = document.querySelector('#actionbar').getBoundingClientRect().bottom;
  const all = [...document.querySelectorAll('#board .clickable')];
  const token = (el) => el.getAttribute('data-token') || '';
  let focus = all;
  if (game === 'harmonies') {
    const of = (re) => all.filter((el) => re.test(token(el)));
    const spaces = of(/^space \\d+$/), keep = of(/^keep /);
    const place = of(/^([a-z]\\d+|blue|grey|brown|green|yellow|red)$/);
    focus = spaces.length ? spaces : keep.length ? keep : place.length ? place : all;
  }
  const inside = (el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= bar - 1 && r.bottom <= innerHeight + 1 && r.left >= -1
      && r.right <= innerWidth + 1; };
  return {targets: focus.length, inside: focus.some(inside), first: focus.length ? token(focus[0]) : ''};
}"""

#: the newest log entry when it is another seat's: {n, seat, who}
NEWEST_JS = """() => { const li = document.querySelector('ol.log li');
  const me = document.querySelector('#status').dataset.seat;
  if (!li) return null;
  const who = li.querySelector('.who');
  const seat = [...who.classList].find(c => c.startsWith('seat')).slice(4);
  return seat === me ? null : {n: li.dataset.n, seat, who: who.textContent}; }"""

#: the "since your move" summary: its text and whether it is inside the window
SUMMARY_JS = """() => { const el = document.querySelector('#since');
  if (!el || !el.textContent.trim()) return {text: '', inside: false};
  const r = el.getBoundingClientRect();
  return {text: el.textContent, inside: r.width > 0 && r.top >= -1 && r.bottom <= innerHeight + 1}; }"""

#: the other seats' turns marked on the board now: the distinct turns (a run of one seat's decisions)
MARKED_JS = """() => { const ns = new Set([...document.querySelectorAll('#board [data-last-move]')]
    .map(el => el.getAttribute('data-last-move')));
  const seats = [...document.querySelectorAll('ol.log li')].reverse()
    .map(li => [li.dataset.n, [...li.querySelector('.who').classList].find(c => c.startsWith('seat'))]);
  let turns = 0, prev = null, inTurn = false;
  for (const [n, seat] of seats) {
    if (seat !== prev) { inTurn = false; prev = seat; }
    if (ns.has(n) && !inTurn) { turns += 1; inTurn = true; }
  }
  return turns; }"""

#: what the page offers now: the choices opened next to a tapped element, else the lit board
OFFERED_JS = """() => { const pop = [...document.querySelectorAll('#popover:not([hidden]) button.choice')];
  return pop.length ? 'pop' : 'board'; }"""


@dataclass
class Figures:
    game: str = ""
    screen: str = ""
    decisions: int = 0
    turns: int = 0
    hand_scrolls: int = 0
    page_scrolls: int = 0
    page_scrolls_max_turn: int = 0
    turns_over_one_page_scroll: int = 0
    prompt_checks: int = 0
    prompt_outside: int = 0
    other_turns: int = 0
    summary_seen: int = 0
    marked_turns_max: int = 0
    finished: bool = False
    seconds: float = 0.0
    outside_examples: list[str] = field(default_factory=list)
    hand_examples: list[str] = field(default_factory=list)
    page_scroll_examples: list[str] = field(default_factory=list)

    def line(self) -> str:
        seen = f"{self.summary_seen}/{self.other_turns}"
        pct = f" ({100 * self.summary_seen / self.other_turns:.0f} %)" if self.other_turns else ""
        return (f"{self.game:20} {self.screen:8} decisions {self.decisions:4}  turns {self.turns:3}  "
                f"by hand {self.hand_scrolls:3}  by the page {self.page_scrolls:3} "
                f"(max {self.page_scrolls_max_turn} a turn, {self.turns_over_one_page_scroll} turns > 1)  "
                f"prompt outside {self.prompt_outside:3}/{self.prompt_checks}  "
                f"summary seen {seen}{pct}  turns marked at once ≤ {self.marked_turns_max}  "
                f"{'finished' if self.finished else 'stopped'} in {self.seconds:.0f} s")


def create(page: Any, base: str, game: str, seats: list[str], options: dict[str, Any], seed: int) -> None:
    """Make the game with the lobby's form (a number option is typed); the page opens the first seat."""
    page.goto(base + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", game)
    if page.locator("#count").count():
        page.select_option("#count", str(len(seats)))
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat{seat}", kind)
    for name, value in options.items():
        box = page.locator(f"#opt-{name}")
        kind = box.get_attribute("type")
        if kind == "checkbox":
            box.set_checked(bool(value))
        elif kind == "number":
            box.fill(str(value))
        else:
            box.select_option(str(value))
    page.click("details.more summary")
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#status[data-state]")


def hand_scroll(page: Any, element: Any) -> None:
    """The player scrolls ``element`` into the window (not counted as the page's)."""
    page.evaluate("window.__hand = true")
    element.evaluate("(el) => el.scrollIntoView({block: 'center'})")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.evaluate("window.__hand = false")


def tap_one(page: Any, rng: random.Random, fig: Figures, game: str) -> None:
    """One tap on a target chosen at random among all those offered (the one the player wants); when it
    has no point inside the window below the bar the player scrolls to it, counted."""
    if page.evaluate(OFFERED_JS) == "board":
        fig.prompt_checks += 1
        focus = page.evaluate(FOCUS_JS, game)
        if focus["targets"] and not focus["inside"]:
            fig.prompt_outside += 1
            if len(fig.outside_examples) < 8:
                where = f"move {status(page)['move']}: {focus['first']}"
                fig.outside_examples.append(f"{where} scrollY {page.evaluate('scrollY')}")
    offered = page.locator("#popover:not([hidden]) button.choice")
    if not offered.count():
        offered = page.locator("#board .clickable")
    count = offered.count()
    if not count:
        return
    element = offered.nth(rng.randrange(count))
    point = element.evaluate(POINT_JS)
    if point is None:
        fig.hand_scrolls += 1
        if len(fig.hand_examples) < 8:
            fig.hand_examples.append(f"move {status(page)['move']}: {element.get_attribute('data-token')}")
        hand_scroll(page, element)
        point = element.evaluate(POINT_JS)
    if point is None:
        raise AssertionError(f"cannot tap {element.evaluate('(el) => el.outerHTML.slice(0, 200)')}")
    page.mouse.click(point[0], point[1])


def decide(page: Any, rng: random.Random, fig: Figures, game: str) -> None:
    """One decision of the player by tapping (several taps when a move takes several)."""
    for _ in range(20):
        now = status(page)
        if now["mine"] != "true" or now["state"] != "playing":
            return
        tap_one(page, rng, fig, game)
        wait_settled_change(page, now)
        if status(page)["move"] != now["move"]:
            fig.decisions += 1
            return
    raise AssertionError("twenty taps chose no move")


def play_one(browser: Any, base: str, game: str, screen: str, level: str = "greedy", seed: int = 11,
             max_turns: int | None = None, shots: Path | None = None, motion: str = "reduce") -> Figures:
    """One game of ``game`` on ``screen`` (phone / desktop) against ``level``; its figures."""
    options, seats = GAMES[game]
    size, lang = SCREENS[screen]
    options = {**options, **({"max_turns": max_turns} if max_turns else {})}
    context, page, errors = new_page(browser, size, lang, motion=motion)
    page.add_init_script(SCROLL_WATCH)
    fig = Figures(game=game, screen=screen)
    started = time.monotonic()
    create(page, base, game, ["human"] + [level] * (seats - 1), options, seed)
    rng = random.Random(seed)
    seen_turns: set[str] = set()
    scrolls_before = 0
    shot_mid = shot_after = False
    while True:
        now = wait_for_my_turn_or_end(page)
        if now["state"] != "playing":
            break
        newest = page.evaluate(NEWEST_JS)
        if newest is not None and newest["n"] not in seen_turns:
            seen_turns.add(newest["n"])
            fig.other_turns += 1
            summary = page.evaluate(SUMMARY_JS)
            if summary["inside"] and newest["who"].split(" (")[0] in summary["text"]:
                fig.summary_seen += 1
            fig.marked_turns_max = max(fig.marked_turns_max, page.evaluate(MARKED_JS))
            if shots and fig.other_turns == 3 and not shot_after:
                shot_after = True
                page.screenshot(path=str(shots / f"play-{game}-{screen}-opponent.png"))
                if screen == "phone":  # their area, opened from the summary, then back to the play
                    page.evaluate("window.__hand = true")
                    page.click("#since")
                    page.screenshot(path=str(shots / f"play-{game}-{screen}-opponent-area.png"))
                    page.click("#tab-play")
                    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
                    page.evaluate("window.__hand = false")
        while status(page)["mine"] == "true" and status(page)["state"] == "playing":
            after = page.evaluate(NEWEST_JS)
            if after is not None and after["n"] not in seen_turns and fig.decisions:
                break  # another seat moved since: this seat's next turn
            if shots and fig.decisions >= 12 and not shot_mid and status(page)["selection"] == "":
                shot_mid = True
                page.screenshot(path=str(shots / f"play-{game}-{screen}-mid.png"))
            decide(page, rng, fig, game)
        fig.turns += 1
        # the page's scrolls since the end of the player's previous turn: this turn's
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        total = page.evaluate("window.__pageScrolls.length")
        this_turn = total - scrolls_before
        scrolls_before = total
        fig.page_scrolls += this_turn
        fig.page_scrolls_max_turn = max(fig.page_scrolls_max_turn, this_turn)
        fig.turns_over_one_page_scroll += this_turn > 1
        if fig.decisions > 3000:
            raise AssertionError("over 3,000 decisions")
    fig.finished = now["state"] == "finished"
    fig.page_scroll_examples = page.evaluate("window.__pageScrolls.slice(0, 8)")
    own = page.evaluate("(window.hanpanScrolls || []).slice(0, 8)")
    fig.page_scroll_examples += [f"(the page's own record) {r}" for r in own]
    fig.seconds = time.monotonic() - started
    context.close()
    if errors:
        raise AssertionError(f"the page's errors: {errors[:3]}")
    return fig


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--screens", default="phone,desktop")
    parser.add_argument("--level", default="greedy")
    parser.add_argument("--seeds", default="11", help="the deals to play, e.g. 11,12,13 (one game each)")
    parser.add_argument("--max-turns", type=int, default=None)
    parser.add_argument("--shots", type=Path, default=None, help="folder for the screenshots")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    from tests.web.server import running_server

    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    results = []
    with tempfile.TemporaryDirectory(prefix="hanpan-phone-") as folder:
        db = f"sqlite:///{folder}/hanpan.sqlite3"
        with running_server(db, Path(folder) / "server.log") as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path() or "/usr/bin/chromium", args=CHROMIUM_ARGS)
            for seed in [int(s) for s in args.seeds.split(",")]:
                for game in args.games.split(","):
                    for screen in args.screens.split(","):
                        shots = args.shots if seed == int(args.seeds.split(",")[0]) else None
                        fig = play_one(browser, base, game, screen, args.level, seed, args.max_turns, shots)
                        results.append(fig)
                        print(f"seed {seed:3} {fig.line()}", flush=True)
                        for example in fig.outside_examples:
                            print(f"    outside: {example}")
                        for example in fig.hand_examples:
                            print(f"    scrolled by hand to {example}")
                        for example in fig.page_scroll_examples:
                            print(f"    the page scrolled at {example}")
            browser.close()
    if len(args.seeds.split(",")) > 1:
        print("all seeds:")
        for game in args.games.split(","):
            for screen in args.screens.split(","):
                figs = [f for f in results if f.game == game and f.screen == screen]
                other = sum(f.other_turns for f in figs)
                seen = sum(f.summary_seen for f in figs)
                print(f"  {game:20} {screen:8} games {len(figs)}  decisions {sum(f.decisions for f in figs):4}  "
                      f"turns {sum(f.turns for f in figs):3}  by hand {sum(f.hand_scrolls for f in figs)}  "
                      f"by the page {sum(f.page_scrolls for f in figs)} "
                      f"(max {max(f.page_scrolls_max_turn for f in figs)} a turn)  "
                      f"prompt outside {sum(f.prompt_outside for f in figs)}/{sum(f.prompt_checks for f in figs)}  "
                      f"summary seen {seen}/{other} ({100 * seen / max(1, other):.0f} %)  "
                      f"turns marked at once ≤ {max(f.marked_turns_max for f in figs)}")
    if args.json:
        print(json.dumps([asdict(f) for f in results], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
