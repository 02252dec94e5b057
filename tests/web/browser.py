"""Driving the pages as a person would: Debian's chromium through Playwright, clicks at points one can see.

Every wait reads the page's own state (the status line's ``data-*``: move number, whose turn, whether a
move or another seat's decisions are still on their way), never a timer, so a busy machine only makes
the games slower.  A click goes to a point of the element that is inside the window and on top; when no
such point exists the element is scrolled to and the scroll is counted.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import statistics
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .conftest import need

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync", "--disable-dev-shm-usage"]
SHOTS = Path(os.environ.get("HANPAN_SCREENSHOTS") or tempfile.mkdtemp(prefix="hanpan-shots-"))
#: the screenshots the README shows, made again by every run of the browser tests
DOC_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
#: a long wait: a computer seat's turn on a loaded machine
LONG = 120_000
AXE_VERSION = "4.14.1"

DESKTOP = (1366, 768)
PHONE = (390, 844)


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def missing() -> str | None:
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "Playwright is not installed: pip install -e '.[dev]'"
    if chromium_path() is None:
        return "chromium is not installed: sudo apt-get install chromium (make test does it as root)"
    return None


def new_page(browser: Any, size: tuple[int, int] = DESKTOP, lang: str = "en",
             motion: str = "reduce", bypass_csp: bool = False) -> tuple[Any, Any, list[str]]:
    """A fresh context (its own storage) and page; console errors and page errors are collected.
    ``bypass_csp`` lets the test put axe-core's script into the page (the server's CSP forbids it)."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion=motion,
                                  locale="ko-KR" if lang == "ko" else "en-US", bypass_csp=bypass_csp)
    context.add_init_script(f"localStorage.setItem('hanpan.lang', '{lang}');")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return context, page, errors


def create_in_lobby(page: Any, base: str, game: str, seats: list[str], options: dict[str, Any] | None = None,
                    seed: int | None = None) -> None:
    """Make a game with the lobby's form; the page then opens the first person's seat."""
    page.goto(base + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", game)
    if page.locator("#count").count():
        page.select_option("#count", str(len(seats)))
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat{seat}", kind)
    for name, value in (options or {}).items():
        field_ = page.locator(f"#opt-{name}")
        if field_.get_attribute("type") == "checkbox":
            field_.set_checked(bool(value))
        else:
            field_.select_option(str(value))
    if seed is not None:
        page.click("details.more summary")
        page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#status[data-state]")


def seat_links(page: Any) -> dict[int, str]:
    """The seat links this browser holds for its game (it made the game): seat -> link."""
    game_id = page.evaluate("decodeURIComponent(location.pathname.split('/')[2])")
    held = page.evaluate("JSON.parse(localStorage.getItem('hanpan.seats') || '{}')")[game_id]
    origin = page.evaluate("location.origin")
    return {int(seat): f"{origin}/play/{game_id}#token={token}" for seat, token in held.items()}


def status(page: Any) -> dict[str, str]:
    return page.evaluate("""() => { const s = document.querySelector('#status');
        return {move: s.dataset.moveNumber || '', state: s.dataset.state || '', mine: s.dataset.mine || '',
                busy: s.dataset.busy || '', selection: s.dataset.selection || ''}; }""")


def wait_settled_change(page: Any, before: dict[str, str], timeout: float = LONG) -> None:
    """Until the page has moved on from ``before`` (a move, whose turn, the selection) and is not waiting
    for a move of its own or playing out another seat's decisions."""
    page.wait_for_function(
        """(b) => { const s = document.querySelector('#status');
             return s && s.dataset.busy !== 'true' && (s.dataset.moveNumber !== b.move || s.dataset.mine !== b.mine
               || s.dataset.selection !== b.selection || s.dataset.state !== b.state); }""",
        arg=before, timeout=timeout)


def wait_for_my_turn_or_end(page: Any) -> dict[str, str]:
    page.wait_for_function(
        """() => { const s = document.querySelector('#status');
             return s && s.dataset.busy !== 'true'
               && (s.dataset.mine === 'true' || s.dataset.state !== 'playing'); }""",
        timeout=LONG)
    return status(page)


#: a point of the element inside the window (below the pinned bar) where it is the topmost thing, or null
POINT_JS = """(el) => {
  const bar = document.querySelector('#actionbar');
  const top = bar ? bar.getBoundingClientRect().bottom : 0;
  const r = el.getBoundingClientRect();
  for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) for (const fx of [0.5, 0.3, 0.7, 0.15, 0.85]) {
    const x = r.left + r.width * fx, y = r.top + r.height * fy;
    if (x < 1 || y < top + 1 || x > innerWidth - 1 || y > innerHeight - 1) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) return [x, y];
  }
  return null;
}"""

#: every box that must be readable now: the pinned bar, an open popover, a message shown
OUT_OF_VIEW_JS = """(all) => {
  const out = [];
  const bar = document.querySelector('#actionbar').getBoundingClientRect().bottom;
  const inside = (el) => { const r = el.getBoundingClientRect();
    return r.top >= (el.id === 'actionbar' ? -1 : bar - 1) && r.left >= -1 && r.bottom <= innerHeight + 1
      && r.right <= innerWidth + 1; };
  const boxes = ['#actionbar', '#popover:not([hidden])', '#nudge:not([hidden])'];
  for (const sel of boxes) for (const el of document.querySelectorAll(sel)) if (!inside(el)) out.push(sel);
  if (document.querySelector('#error').textContent && !inside(document.querySelector('#error'))) out.push('#error');
  const targets = [...document.querySelectorAll('#board .clickable, #popover button.choice')];
  if (all) for (const el of targets) { if (!inside(el)) out.push(el.dataset.token || el.dataset.move || el.tagName); }
  else if (targets.length && !targets.some(inside)) out.push('no target in view');
  return out;
}"""


@dataclass
class Played:
    """What a person's game by clicking took."""

    clicks: int = 0
    decisions: int = 0
    scrolls: int = 0
    by_keyboard: int = 0
    #: the newest notation of each of the other seats' turns that left no mark on the board
    unmarked: list[str] = field(default_factory=list)
    other_turns: int = 0
    out_of_view: list[str] = field(default_factory=list)
    #: the page's own scrolls to bring a choice into view: "move: token"
    page_scrolls: list[str] = field(default_factory=list)
    #: the furthest the page was scrolled down when a decision began
    max_scroll_y: float = 0.0
    texts: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"clicks": self.clicks, "decisions": self.decisions, "scrolls": self.scrolls,
                "other_turns": self.other_turns, "unmarked_turns": len(self.unmarked),
                "out_of_view": len(self.out_of_view), "by_keyboard": self.by_keyboard,
                "max_scroll_y": self.max_scroll_y}


def targets(page: Any) -> Any:
    """What the page offers to click now: the choices opened at an element, else the lit board."""
    choices = page.locator("#popover:not([hidden]) button.choice")
    return choices if choices.count() else page.locator("#board .clickable")


def click_target(page: Any, element: Any, played: Played) -> None:
    point = element.evaluate(POINT_JS)
    if point is None:  # a person would scroll to it: counted
        played.scrolls += 1
        element.evaluate("(el) => el.scrollIntoView({block: 'center'})")
        point = element.evaluate(POINT_JS)
        assert point is not None, f"cannot click {element.evaluate('(el) => el.outerHTML.slice(0, 200)')}"
    page.mouse.click(point[0], point[1])
    played.clicks += 1


def press_to(page: Any, played: Played) -> None:
    """Choose by keyboard: Tab to the next thing offered, then Enter."""
    for _ in range(400):
        page.keyboard.press("Tab")
        focused = page.evaluate("""() => { const el = document.activeElement;
            return !!el && (el.matches('#board .clickable') || el.matches('#popover button.choice')); }""")
        if focused:
            page.keyboard.press("Enter")
            played.by_keyboard += 1
            return
    raise AssertionError("400 presses of Tab reached nothing to choose")


def one_decision(page: Any, rng: random.Random, played: Played, strict_view: bool, keyboard: bool = False) -> None:
    """Make one decision of the seat to move by clicking (or by keyboard) on the board and its choices."""
    for _ in range(16):
        now = status(page)
        if now["mine"] != "true" or now["state"] != "playing":
            return  # the turn moved on (an undo elsewhere, the end): the caller looks again
        played.max_scroll_y = max(played.max_scroll_y, page.evaluate("scrollY"))
        out = page.evaluate(OUT_OF_VIEW_JS, strict_view)
        if out:
            played.out_of_view.append(f"move {now['move']}: {out}")
        offered = targets(page)
        count = offered.count()
        if not count:
            after = status(page)
            if after != now:
                continue  # it changed between the readings: look again
            page.screenshot(path=str(SHOTS / "nothing-to-click.png"), full_page=True)
            raise AssertionError(f"it is my turn but the board offers nothing to click; status {after}")
        if keyboard:
            press_to(page, played)
        else:
            click_target(page, offered.nth(rng.randrange(count)), played)
        wait_settled_change(page, now)
        if status(page)["move"] != now["move"]:
            played.decisions += 1
            return
    raise AssertionError("sixteen clicks chose no move")


def check_marks(page: Any, played: Played, seen: set[str]) -> None:
    """When the newest move is another seat's and new: the board marks what their turn changed."""
    newest = page.evaluate("""() => { const li = document.querySelector('ol.log li');
        const me = document.querySelector('#status').dataset.seat;
        if (!li) return null;
        const seat = [...li.querySelector('.who').classList].find(c => c.startsWith('seat')).slice(4);
        return seat === me ? null : {n: li.dataset.n, move: li.title}; }""")
    if newest is None or newest["n"] in seen:
        return
    seen.add(newest["n"])
    played.other_turns += 1
    if page.locator("#board .last-move").count() == 0:
        played.unmarked.append(newest["move"])


def play_game(page: Any, rng: random.Random, strict_view: bool, shots: Path | None = None,
              keyboard_decisions: int = 0) -> Played:
    """Play the page's seat to the end, every decision on the board; screenshot mid-game."""
    played = Played()
    looked_at = set()
    checked: set[str] = set()
    while True:
        now = wait_for_my_turn_or_end(page)
        if now["state"] != "playing":
            break
        check_marks(page, played, checked)
        assert page.title().startswith("●"), page.title()  # your turn shows in the tab
        for at in (0, 12):
            if played.decisions == at and at not in looked_at:
                looked_at.add(at)
                played.texts.append(page.evaluate("document.body.innerText"))
                if shots and at == 12:
                    page.screenshot(path=str(shots))
        one_decision(page, rng, played, strict_view, keyboard=played.decisions < keyboard_decisions)
        assert played.decisions < 3000
    played.texts.append(page.evaluate("document.body.innerText"))
    # the scrolls the page made by itself to bring a choice into view count too
    played.page_scrolls = page.evaluate("window.hanpanScrolls || []")
    played.scrolls += len(played.page_scrolls)
    return played


def english_terms(game: str) -> set[str]:
    """The game's English words a Korean page must not show: every English name and text of its catalog
    (cards, pieces, rules), its score categories and the computer levels' names."""
    from hanpan.agents.ladder import TITLE
    from hanpan.web.live import game_part, labels

    words: set[str] = set()

    def walk(data: Any) -> None:
        if isinstance(data, dict):
            for key, value in data.items():
                if isinstance(value, str) and (key == "en" or key.endswith("_en")):
                    words.update(re.findall(r"[A-Za-z]{3,}", value))
                else:
                    walk(value)
        elif isinstance(data, list):
            for item in data:
                walk(item)

    walk(game_part(game, "webdata").catalog())
    for label in labels(game, "en").values():
        words.update(re.findall(r"[A-Za-z]{3,}", label))
    words.update(en for en, _ko in TITLE.values())
    words.update({"Player", "Elo", "Score", "Total", "you", "Undo", "Turn"})
    return {w.lower() for w in words}


def english_words_in(text: str, terms: set[str]) -> set[str]:
    return {w for w in re.findall(r"[A-Za-z]{3,}", text) if w.lower() in terms}


def draw_times(page: Any) -> list[float]:
    """Milliseconds from each push arriving to its body drawn (the page's Performance API measures)."""
    return page.evaluate("performance.getEntriesByName('hanpan:draw').map(e => e.duration)")


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {"pushes": len(ordered), "median_ms": round(statistics.median(ordered), 1), "p99_ms": round(p99, 1)}


def axe_script(cache: Path) -> str:
    """axe-core's browser script from npm (packed once into ``cache``)."""
    target = cache / f"axe-core-{AXE_VERSION}.min.js"
    if not target.exists():
        npm = shutil.which("npm")
        need(None if npm else "npm is not installed (apt-get install npm): the accessibility check needs axe-core")
        cache.mkdir(parents=True, exist_ok=True)
        packed = subprocess.run([str(npm), "pack", f"axe-core@{AXE_VERSION}", "--pack-destination", str(cache)],
                                capture_output=True, text=True, check=True, timeout=300).stdout.strip().splitlines()[-1]
        with tarfile.open(cache / packed) as tar:
            member = tar.extractfile("package/axe.min.js")
            assert member is not None
            target.write_bytes(member.read())
    return target.read_text("utf-8")


def axe_violations(page: Any, script: str) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now."""
    page.add_script_tag(content=script)
    result = page.evaluate("""async () => { const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                       nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})); }""")
    return [v for v in result if v["impact"] in ("serious", "critical")]


def write_figures(name: str, data: dict[str, Any]) -> None:
    """The figures a run measured, for the closing notes (SHOTS/figures.json, one key per test)."""
    path = SHOTS / "figures.json"
    figures = json.loads(path.read_text()) if path.exists() else {}
    figures[name] = data
    path.write_text(json.dumps(figures, indent=1, ensure_ascii=False))
    print(f"{name}: {json.dumps(data, ensure_ascii=False)}")
