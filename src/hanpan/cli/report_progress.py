"""The progress of a long ``hanpan report``: which stage it is in (the base games, a what-if's changed
games, the figures and plots) and how far, with the time left.

In a terminal it is a bar on standard error; when standard error is a file or a pipe (a report left to
run under ``nohup``, a cluster job's log) it is a line every 5 % of the games or every minute, so a
log shows how far a run of hours has come (the time left at the pace since the line before).

>>> import io
>>> stream = io.StringIO()
>>> with ReportProgress(4, "en", stream=stream, clock=iter(range(0, 1000, 10)).__next__) as progress:
...     progress.stage("base"); progress.advance(); progress.advance()
...     progress.stage("compare"); progress.advance(); progress.advance(); progress.stage("figures")
>>> print(stream.getvalue().strip())
report: the base games (0 of 4 played)
report: 1 of 4 games (25 %), 10 s, about 30 s left
report: 2 of 4 games (50 %), 20 s, about 20 s left
report: the changed games (2 of 4 played)
report: 3 of 4 games (75 %), 30 s, about 10 s left
report: 4 of 4 games (100 %), 40 s, about 0 s left
report: the figures, the plots and the page
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

_STAGES = {"base": ("the base games", "기준 게임"), "compare": ("the changed games", "바꾼 게임"),
           "figures": ("the figures, the plots and the page", "수치, 그래프, 페이지")}


class ReportProgress:
    """A context: ``stage(name)`` as each stage begins, ``advance()`` after each game."""

    def __init__(self, total: int, lang: str, quiet: bool = False, stream: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total, self.lang, self.clock = total, lang, clock
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self.lines = not quiet and (stream is not None or not self.stream.isatty())
        self.bar: Progress | None = None
        if not quiet and not self.lines:
            self.bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                TimeRemainingColumn(), console=Console(stderr=True), transient=True)
            self.task = self.bar.add_task("", total=total)
        self.began = self.last = clock()
        self.shown = 0

    def __enter__(self) -> ReportProgress:
        if self.bar is not None:
            self.bar.__enter__()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self.bar is not None:
            self.bar.__exit__(kind, error, trace)

    def _name(self, stage: str) -> str:
        en, ko = _STAGES.get(stage, (stage, stage))
        return ko if self.lang == "ko" else en

    def stage(self, stage: str) -> None:
        name = self._name(stage)
        if self.bar is not None:
            self.bar.update(self.task, description=name)
        elif self.lines:
            played = f" ({self.done} of {self.total} played)" if stage != "figures" else ""
            self._say(f"report: {name}{played}")

    def advance(self) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.advance(self.task)
            return
        if not self.lines:
            return
        now = self.clock()
        if self.done * 20 // self.total > self.shown * 20 // self.total or now - self.last >= 60 \
                or self.done == self.total:
            spent = now - self.began
            # the pace since the last line: games a resumed report kept arrive at once, and come first
            left = (now - self.last) / (self.done - self.shown) * (self.total - self.done)
            self._say(f"report: {self.done} of {self.total} games ({self.done * 100 // self.total} %), "
                      f"{_duration(spent)}, about {_duration(left)} left")
            self.shown, self.last = self.done, now

    def _say(self, line: str) -> None:
        print(line, file=self.stream, flush=True)


def _duration(seconds: float) -> str:
    """``42 s``, ``12 min``, ``3 h 05 min``."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{int(seconds // 3600)} h {int(seconds % 3600 // 60):02d} min"
