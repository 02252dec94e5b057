"""Screenshots of the web app's game review and hint: docs/screenshots/analysis-<game>.png for each title and
docs/screenshots/hint-harmonies.png.

It starts ``hanpan serve`` on a throwaway SQLite database (two analysis workers, the server's review level
and budget unless told), lets two computer seats (greedy against normal) play a seeded game of each title,
analyses each from its replay page as a person would (the Analyse button), and shows the move where the
move played lost the most against the reviewing level's (the two drawn on the board); then it asks for a
hint in a solo Harmonies game (where to place a token).  Chromium through Playwright, as the browser tests drive it.
A maintenance tool: run it after a change to the analysis pages and look at the pictures.  The reviews
take a few minutes on two cores (Four Gardens' 250 decisions the longest).

    .venv/bin/python tools/analysis_screenshots.py [--level hard] [--samples 8] [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
#: (game, options, seed): a whole game of each title, greedy against normal
GAMES = [
    ("harmonies", {"spirits": True}, 5),
    ("spirits_of_the_wild", {}, 3),
    ("four_gardens", {"whims": True}, 7),
]
SEATS = ["greedy", "normal"]
SIZE: Any = {"width": 1366, "height": 768}


def call(base: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(folder: Path, level: str, samples: int) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    hanpan = Path(sys.executable).parent / "hanpan"
    command = [str(hanpan)] if hanpan.exists() else [sys.executable, "-m", "hanpan.cli.main"]
    log = open(folder / "server.log", "ab")  # noqa: SIM115  (closed with the process)
    process = subprocess.Popen([*command, "serve", "--port", str(port), "--db", f"sqlite:///{folder}/games.sqlite3",
                                "--bot-workers", "1", "--analysis-workers", "2", "--analysis-level", level,
                                "--analysis-samples", str(samples), "--max-bot-games-per-client", "100"],
                               stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        if process.poll() is not None:
            raise SystemExit(f"hanpan serve stopped (status {process.returncode}); see {folder / 'server.log'}")
        try:
            call(base, "/api/meta")
            return process, base
        except OSError:
            if time.monotonic() > deadline:
                raise SystemExit("hanpan serve did not start within 60 s") from None
            time.sleep(0.2)


def played_game(base: str, game: str, options: dict[str, Any], seed: int, folder: Path) -> str:
    game_id = str(call(base, "/api/games", {"game": game, "seats": SEATS, "options": options, "seed": seed})["id"])
    moved, number = time.monotonic(), 0
    while (body := call(base, f"/api/games/{game_id}"))["status"] == "playing":
        if body["move_number"] != number:
            moved, number = time.monotonic(), body["move_number"]
        if time.monotonic() - moved > 120:
            raise SystemExit(f"the computer seats of {game} made no move for 2 minutes; see {folder / 'server.log'}")
        time.sleep(0.5)
    return game_id


def worst_move(review: dict[str, Any]) -> int:
    """The decision to show: the one whose move played lost the most against the level's, among those
    marked worse than good past the game's first quarter (the boards have more on them), else among all."""
    judged = [d for d in review["decisions"] if d["legal"] > 1 and d["loss"] is not None and d["choice"] != d["played"]]
    errors = [d for d in judged if d["mark"] in ("inaccuracy", "mistake", "blunder")]
    later = [d for d in errors if d["number"] > len(review["decisions"]) / 4]
    for chosen in (later, errors, judged):
        if chosen:
            return int(max(chosen, key=lambda d: d["loss"])["number"])
    return 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard", help="the reviewing level (default hard, the server's default)")
    parser.add_argument("--samples", type=int, default=8, help="samples per decision (default 8, the server's)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"where the pictures go (default {OUT})")
    parser.add_argument("--titles", default=",".join(g for g, _, _ in GAMES) + ",hint",
                        help="which pictures to draw, by game id, and 'hint' (default all)")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="hanpan-analysis-shots-"))
    process, base = start_server(folder, args.level, args.samples)
    args.out.mkdir(parents=True, exist_ok=True)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
            context = browser.new_context(viewport=SIZE, reduced_motion="reduce")
            context.add_init_script("localStorage.setItem('hanpan.lang', 'en');")
            page = context.new_page()
            wanted = args.titles.split(",")
            for game, options, seed in GAMES:
                if game not in wanted:
                    continue
                began = time.monotonic()
                game_id = played_game(base, game, options, seed, folder)
                page.goto(f"{base}/replay/{game_id}")
                page.click("#analyse")
                page.wait_for_selector("#eval-graph", timeout=3_600_000)
                move = worst_move(call(base, f"/api/games/{game_id}/analysis")["review"])
                page.goto(f"{base}/replay/{game_id}?move={move}")
                page.wait_for_selector("#choice-caption:not([hidden])")
                page.wait_for_timeout(500)
                path = args.out / f"analysis-{game}.png"
                page.screenshot(path=str(path), full_page=True)
                print(f"{path}: move {move}, reviewed in {time.monotonic() - began:.0f} s")
            if "hint" not in wanted:
                return 0
            created = call(base, "/api/games", {"game": "harmonies", "seats": ["human"], "options": {"spirits": True},
                                                "seed": 9})
            token = created["seats"][0]["token"]
            for _ in range(2):  # a Nature's Spirit kept and a central space taken: the hint places a token
                body = json.load(urllib.request.urlopen(urllib.request.Request(
                    f"{base}/api/games/{created['id']}", headers={"Authorization": f"Bearer {token}"})))
                urllib.request.urlopen(urllib.request.Request(
                    f"{base}/api/games/{created['id']}/moves", method="POST",
                    data=json.dumps({"move": body["legal"][0], "move_number": body["move_number"]}).encode(),
                    headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})).close()
            page.goto(f"{base}/play/{created['id']}#token={token}")
            page.wait_for_selector("#status[data-mine='true']")
            page.click("#hint")
            page.wait_for_selector("#hint-box:not([hidden]) .hint-best", timeout=600_000)
            page.wait_for_timeout(300)
            path = args.out / "hint-harmonies.png"
            page.screenshot(path=str(path))
            print(path)
            browser.close()
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(30)
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
