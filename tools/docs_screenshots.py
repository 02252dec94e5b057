"""Screenshots of the documentation as a reader meets it, in Debian's chromium through Playwright: the
README's first screen (rendered as a code host shows Markdown) and the built site's home, a game's page
and the API reference, at 1280×800 (docs/screenshots/readme-first-screen.png, site-*.png).

    .venv/bin/python tools/docs_screenshots.py [--out docs/screenshots]

It builds the site strictly first (``mkdocs build --strict``) into a temporary folder and serves it on a
loopback port (the search needs a server, or from disk the network), then searches it (site-search.png).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import markdown

ROOT = Path(__file__).resolve().parents[1]
WINDOW = {"width": 1280, "height": 800}
#: a plain reading style close to a code host's, so the README's first screen looks as it will there
README_STYLE = """body { font: 16px/1.5 -apple-system, 'Segoe UI', 'Noto Sans', 'Noto Sans CJK KR', sans-serif;
  max-width: 880px; margin: 24px auto; padding: 0 24px; color: #1f2328; }
h1, h2 { border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; } img { max-width: 100%; }
pre { background: #f6f8fa; padding: 16px; overflow: auto; border-radius: 6px; font-size: 13.6px; }
code { font-family: ui-monospace, 'DejaVu Sans Mono', monospace; } a { color: #0969da; }"""


def readme_html(folder: Path) -> Path:
    """README.md as a page in ``folder``, its images pointing at the checkout's."""
    body = markdown.markdown((ROOT / "README.md").read_text("utf-8"), extensions=["fenced_code", "tables"])
    body = body.replace('src="docs/', f'src="{(ROOT / "docs").as_uri()}/')
    page = folder / "readme.html"
    page.write_text(f"<!doctype html><meta charset=utf-8><style>{README_STYLE}</style>{body}", "utf-8")
    return page


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("chromium is not installed: sudo apt-get install chromium", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)],
                       cwd=ROOT, check=True)
        handler = functools.partial(_Quiet, directory=str(site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        shots = {"readme-first-screen": readme_html(Path(scratch)).as_uri(), "site-home": f"{base}/index.html",
                 "site-game-harmonies": f"{base}/games/harmonies.html", "site-api-reference": f"{base}/reference.html",
                 "site-search": f"{base}/index.html"}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium)
            page = browser.new_page(viewport=WINDOW)
            for name, url in shots.items():
                page.goto(url)
                page.wait_for_load_state("load")
                if name == "site-search":  # the search box, with a word of the API
                    page.keyboard.press("/")
                    page.keyboard.type("determinize")
                    page.locator(".md-search-result__item").first.wait_for()
                if name == "site-api-reference":  # the contract's State, a few methods in
                    page.evaluate("""() => { const at = document.getElementById('hanpan.core.contract.State');
                        window.scrollTo(0, at.getBoundingClientRect().top + window.scrollY - 90); }""")
                page.screenshot(path=str(args.out / f"{name}.png"))
                print(args.out / f"{name}.png")
            browser.close()
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
