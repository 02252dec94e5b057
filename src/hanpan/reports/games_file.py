"""A report's games kept in a file as they finish, so that a long report stopped half way goes on where it
stopped (``hanpan report … --games-file FILE --resume``) and one made in several sittings is the same
report as one made at once (game i depends only on the seed and i).

The file is JSON lines: a header naming the run (game, players, options, seed, hanpan version), then one
game's result per line (``"run": "base"``, or ``"compare"`` for the games of ``--compare``), and at the
end of each sitting how long it took (``{"sitting": {"seconds": …, "games": …}}``, so the report can give
the wall time of all its sittings).  A name ending in ``.gz`` is gzip-compressed.  A line cut short by a
stop is dropped when the file is read.

>>> import tempfile
>>> from pathlib import Path
>>> from hanpan.analysis.tournament import play_one
>>> path = Path(tempfile.mkdtemp()) / "games.jsonl.gz"
>>> head = header("spirits_of_the_wild", ["greedy", "random"], {}, 1, None)
>>> result = play_one("spirits_of_the_wild", ["greedy", "random"], 0, 1, {}, keep_facts=True)
>>> with GamesFile(path, head, Kept()) as kept:
...     kept.add("base", result)
>>> again = read(path, head)
>>> again.results == {"base": {0: result}, "compare": {}}, [s["games"] for s in again.sittings]
(True, [1])
"""

from __future__ import annotations

import gzip
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from hanpan import __version__
from hanpan.analysis.tournament import GameResult
from hanpan.core.contract import ScoreCard
from hanpan.core.errors import OptionError

FORMAT = "hanpan.report-games/1"
RUNS = ("base", "compare")


@dataclass
class Kept:
    """What a games file holds: the results per run (by game index) and its sittings so far."""

    results: dict[str, dict[int, GameResult]] = field(default_factory=lambda: {run: {} for run in RUNS})
    sittings: list[dict[str, float]] = field(default_factory=list)


def header(game_id: str, names: list[str], options: dict[str, Any], seed: int,
           change: dict[str, Any] | None) -> dict[str, Any]:
    """What a games file must agree with to be gone on with: the run's setup and hanpan's version."""
    return {"format": FORMAT, "game": game_id, "players": list(names), "options": options, "seed": seed,
            "compare": change or None, "hanpan": __version__}


def to_json(run: str, r: GameResult) -> dict[str, Any]:
    return {"run": run, "index": r.index, "seed": r.seed, "order": list(r.order), "scores": list(r.scores),
            "winners": list(r.winners), "status": r.status, "turns": r.turns, "decisions": r.decisions,
            "cards": [{"categories": dict(c.categories), "total": c.total, "extra": dict(c.extra)} for c in r.cards],
            "facts": r.facts}


def from_json(data: dict[str, Any]) -> tuple[str, GameResult]:
    cards = tuple(ScoreCard(c["categories"], c["total"], c["extra"]) for c in data["cards"])
    return data["run"], GameResult(data["index"], data["seed"], tuple(data["order"]), tuple(data["scores"]),
                                   tuple(data["winners"]), data["status"], data["turns"], data["decisions"],
                                   cards, None, data["facts"])


def _open(path: Path, mode: str, like: Path | None = None) -> IO[str]:
    """``path`` opened for text; gzip-compressed when the name (or ``like``'s) ends in ``.gz``."""
    if (like or path).name.endswith(".gz"):
        return gzip.open(path, mode + "t", encoding="utf-8")  # type: ignore[return-value]
    return path.open(mode, encoding="utf-8")


def read(path: Path, expected: dict[str, Any]) -> Kept:
    """What ``path`` holds; a file of another run is refused."""
    lines: list[str] = []
    try:
        with _open(path, "r") as f:
            for line in f:
                lines.append(line)
    except (EOFError, gzip.BadGzipFile, OSError, UnicodeDecodeError) as e:
        if not lines:
            raise OptionError(f"--games-file {str(path)!r}: cannot read it ({e})") from None
        # a stop cut the file short: keep what was whole
    if lines and not lines[-1].endswith("\n"):
        lines.pop()  # the last line was cut short
    if not lines:
        return Kept()
    try:
        head = json.loads(lines[0])
    except json.JSONDecodeError:
        head = None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise OptionError(f"--games-file {str(path)!r} is not a report's games file ({FORMAT})")
    differs = [key for key in expected if head.get(key) != expected[key]]
    if differs:
        key = differs[0]
        raise OptionError(f"--games-file {str(path)!r} holds another run: its {key} is {head.get(key)!r}, "
                          f"this run's is {expected[key]!r}; give another file or run as it was")
    out = Kept()
    for number, line in enumerate(lines[1:], 2):
        try:
            data = json.loads(line)
            if isinstance(data, dict) and "sitting" in data:
                out.sittings.append({"seconds": float(data["sitting"]["seconds"]),
                                     "games": int(data["sitting"]["games"])})
                continue
            run, result = from_json(data)
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            raise OptionError(f"--games-file {str(path)!r}: line {number} is not a game's result") from None
        if run not in out.results:
            raise OptionError(f"--games-file {str(path)!r}: line {number} names run {run!r}; runs: base, compare")
        out.results[run][result.index] = result
    return out


class GamesFile:
    """Writes a run's games to ``path`` as they finish: first the header and what was ``known`` (read
    back from the file when going on with it: written afresh, so a line cut short is gone), then each
    game ``add``-ed, and when closed this sitting's wall time (if it played any).  Lines reach the disk every
    ``flush_every`` games and when the file is closed."""

    def __init__(self, path: Path, head: dict[str, Any], known: Kept, flush_every: int = 50) -> None:
        self.path = path
        self.flush_every = flush_every
        self._unflushed = 0
        self.added = 0
        #: this sitting as written when closed (None: it played no game)
        self.sitting: dict[str, float] | None = None
        self.began = time.perf_counter()
        temporary = path.with_name(path.name + ".new")
        try:
            with _open(temporary, "w", like=path) as f:
                f.write(json.dumps(head) + "\n")
                for sitting in known.sittings:
                    f.write(json.dumps({"sitting": sitting}) + "\n")
                for run, results in known.results.items():
                    for index in sorted(results):
                        f.write(json.dumps(to_json(run, results[index])) + "\n")
            temporary.replace(path)
            self._file = _open(path, "a")
        except OSError as e:
            raise OptionError(f"cannot write --games-file {str(path)!r}: {e.strerror}") from None

    def add(self, run: str, result: GameResult) -> None:
        self._file.write(json.dumps(to_json(run, result)) + "\n")
        self.added += 1
        self._unflushed += 1
        if self._unflushed >= self.flush_every:
            self._file.flush()
            self._unflushed = 0

    def close(self) -> None:
        if self.added:  # a sitting that only rebuilt the report from the file played nothing to time
            self.sitting = {"seconds": round(time.perf_counter() - self.began, 1), "games": self.added}
            self._file.write(json.dumps({"sitting": self.sitting}) + "\n")
        self._file.close()

    def __enter__(self) -> GamesFile:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()
