"""Where the terminal keeps its games: one record per game in the user's data folder, written as it goes.

The folder is ``$HANPAN_DATA_DIR`` when set, else the platform's user data folder (the web app's too):
``~/.local/share/hanpan`` (or ``$XDG_DATA_HOME/hanpan``) on Linux, ``~/Library/Application Support/hanpan``
on macOS, ``%LOCALAPPDATA%\\hanpan`` on Windows.  Games go in its ``games`` folder.

>>> import os, tempfile
>>> os.environ["HANPAN_DATA_DIR"] = tempfile.mkdtemp()
>>> path = new_save_path("harmonies", 7)
>>> path.parent == games_dir(), path.name.endswith("-harmonies-7.json")
(True, True)
>>> del os.environ["HANPAN_DATA_DIR"]
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from hanpan.core.errors import RecordError
from hanpan.core.record import Record


def data_dir() -> Path:
    """The per-user folder for hanpan's data (see the module's docstring)."""
    chosen = os.environ.get("HANPAN_DATA_DIR")
    if chosen:
        return Path(chosen)
    try:
        from platformdirs import user_data_dir  # the web extra has it; the terminal does without
    except ImportError:
        return _fallback_data_dir()
    return Path(user_data_dir("hanpan", appauthor=False))


def _fallback_data_dir() -> Path:
    """platformdirs' answer for the three platforms, without platformdirs."""
    home = Path.home()
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local") / "hanpan"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "hanpan"
    xdg = os.environ.get("XDG_DATA_HOME", "")
    return (Path(xdg) if os.path.isabs(xdg) else home / ".local" / "share") / "hanpan"


def games_dir() -> Path:
    """The folder of the terminal's games (created when the first one is written)."""
    return data_dir() / "games"


def new_save_path(game_id: str, seed: int) -> Path:
    """A new file for a game started now: the date and time, the game and its seed name it."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = games_dir() / f"{stamp}-{game_id}-{seed}.json"
    number = 2
    while path.exists():  # two games of the same game and seed in one second
        path = games_dir() / f"{stamp}-{game_id}-{seed}-{number}.json"
        number += 1
    return path


def is_save(path: Path) -> bool:
    """True for a file in the games folder (a resumed game goes on writing there)."""
    try:
        return path.resolve().parent == games_dir().resolve()
    except OSError:
        return False


def write(record: Record, path: Path) -> None:
    """Write ``record`` to ``path`` whole or not at all (a crash mid-write leaves the last good copy)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    record.save(partial)
    os.replace(partial, path)


@dataclass(frozen=True)
class Saved:
    """An unfinished game in the games folder."""

    path: Path
    record: Record
    modified: float


def unfinished(limit: int = 9) -> list[Saved]:
    """The unfinished games in the games folder, the most recently played first (unreadable files skipped)."""
    try:
        paths = list(games_dir().glob("*.json"))
    except OSError:
        return []
    found = []
    for path in paths:
        try:
            record = Record.load(path)
            modified = path.stat().st_mtime
        except (RecordError, OSError):
            continue
        if record.result is None:
            found.append(Saved(path, record, modified))
    found.sort(key=lambda saved: saved.modified, reverse=True)
    return found[:limit]
