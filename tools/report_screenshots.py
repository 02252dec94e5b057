"""Screenshots of a report's HTML page (a what-if's, for docs/screenshots/whatif-*.png) in Debian's chromium
through Playwright, at a desktop width and a phone's, and how wide the page really is at each.

    .venv/bin/python tools/report_screenshots.py REPORT_DIR [--name whatif-harmonies] [--out docs/screenshots]
                                                 [--height 2400]

Each picture is the page's top ``--height`` CSS pixels (the summary and the differences; the rest of a long
page is more of the same), or from the heading holding ``--section TEXT`` on; ``--full`` takes the whole
page.  The phone's picture is 390 CSS pixels wide (scale 2); a page wider than its window (a table or
picture that does not fit) is reported, since the phone would then scroll the whole page sideways.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZES = {"desktop": ({"width": 1280, "height": 900}, 1), "phone": ({"width": 390, "height": 844}, 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path, help="the report's folder (with report.html)")
    parser.add_argument("--name", default="whatif", help="the pictures' name: NAME-desktop.png, NAME-phone.png")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--height", type=int, default=2400, help="CSS pixels of the page's top to show")
    parser.add_argument("--full", action="store_true", help="the whole page")
    parser.add_argument("--section", default=None, metavar="TEXT",
                        help="start at the first heading holding TEXT (e.g. 'per item')")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("chromium is not installed: sudo apt-get install chromium", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    page_file = (args.report / "report.html").resolve()
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        for kind, (viewport, scale) in SIZES.items():
            context = browser.new_context(viewport=viewport, device_scale_factor=scale)  # type: ignore[arg-type]
            page = context.new_page()
            page.goto(page_file.as_uri())
            width = page.evaluate("document.documentElement.scrollWidth")
            height = page.evaluate("document.documentElement.scrollHeight")
            path = args.out / f"{args.name}-{kind}.png"
            top = 0
            if args.section:
                top = page.evaluate("(text) => { const h = [...document.querySelectorAll('h2, h3')].find("
                                    "e => e.textContent.includes(text)); return h ? Math.max(0, "
                                    "h.getBoundingClientRect().top + window.scrollY - 8) : -1; }", args.section)
                if top < 0:
                    print(f"no heading holds {args.section!r}", file=sys.stderr)
                    return 2
            clip = None if args.full else {"x": 0, "y": top, "width": viewport["width"],
                                           "height": min(height - top, args.height)}
            page.screenshot(path=str(path), full_page=True, clip=clip)  # type: ignore[arg-type]
            fits = "fits" if width <= viewport["width"] else "TOO WIDE: the page scrolls sideways"
            print(f"{path}: window {viewport['width']} px, page {width} × {height} px ({fits})")
            context.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
