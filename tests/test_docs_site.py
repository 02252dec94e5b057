"""The documentation site (mkdocs.yml) builds strictly — a broken link, anchor or API reference fails —
and holds its home page, a page per game and the API reference made from the docstrings.  (The pages'
own examples run as doctests with the rest of docs/.)"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import hanpan

ROOT = Path(__file__).resolve().parents[1]


def test_the_site_builds_strictly_with_its_home_games_and_api_reference(tmp_path: Path) -> None:
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert done.returncode == 0, done.stderr[-3000:]
    home = (tmp_path / "index.html").read_text("utf-8")
    assert "make play" in home and "screenshots/harmonies.png" in home
    for game in hanpan.all_games():
        page = (tmp_path / "games" / f"{game.id}.html").read_text("utf-8")
        assert game.name_en in page and "What the computer levels do" in page
    reference = (tmp_path / "reference.html").read_text("utf-8")
    for name in ("hanpan.core.contract.State", "legal_actions", "hanpan.core.record.Record", "make_agent"):
        assert name in reference, name
    # docstrings' doctest examples drawn as code (prompts marked), their Sphinx roles as names
    assert '<span class="gp">&gt;&gt;&gt; </span>' in reference
    assert ":class:" not in reference and ":func:" not in reference
    assert (tmp_path / "search" / "search_index.json").exists()
    print(f"mkdocs build --strict: {time.monotonic() - started:.1f} s")
