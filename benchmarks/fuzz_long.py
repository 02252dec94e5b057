"""The long fuzz run of every reader (issue 23 §2): inputs tried and uncaught exceptions, per reader.

    .venv/bin/python benchmarks/fuzz_long.py [--minutes 5] [--jobs 2] [--only score,replay] [--seed 0]

Not part of the test suite.  It runs the checks of ``tests/core/test_fuzz.py`` (``READERS``: score, replay,
from_json, notation, options, datafile: designers' data files) with Hypothesis for the time given (shared
out evenly among the readers, the readers spread over ``--jobs`` processes), in batches of fresh random
examples (no shrinking, no example database), and catches every failure so the run goes on.  It prints,
per reader, the inputs tried and the breaks: an exception other than the allowed HanpanError, or a check
that failed (e.g. a refused move that changed the state); the first few of each kind with their input's
repr and the traceback's last lines.  Exit status 1 if anything broke.  It takes ``--minutes`` (5 by
default) plus the start of its processes.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # ``tests.core.test_fuzz`` imports from the repo root
    sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import seed as hypothesis_seed  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

BATCH = 50  # examples per Hypothesis run (the clock is read between runs); a run's seed is the batch number
KEPT = 3  # examples kept per kind of break


def run_reader(name: str, seconds: float, seed: int) -> dict[str, Any]:
    """Fuzz one reader for ``seconds``; returns its figures."""
    from tests.core.test_fuzz import LAST, READERS, corpus

    corpus()  # built once, before the clock
    check = READERS[name]
    inputs = 0
    breaks: collections.Counter[str] = collections.Counter()
    examples: dict[str, list[str]] = {}
    deadline = time.monotonic() + seconds
    batch = 0

    def probe(data: st.DataObject) -> None:
        nonlocal inputs
        inputs += 1
        try:
            check(data)
        except Exception as e:
            kind = f"{type(e).__name__} at {traceback.extract_tb(e.__traceback__)[-1].name}"
            breaks[kind] += 1
            if len(examples.setdefault(kind, [])) < KEPT:
                shown = "".join(traceback.format_exception(e)[-3:]).strip()
                examples[kind].append(f"{shown}\n      input: {LAST.get('input')!r}"[:2000])

    while time.monotonic() < deadline:
        runner = settings(max_examples=BATCH, deadline=None, database=None, phases=[Phase.generate],
                          suppress_health_check=list(HealthCheck))(given(st.data())(probe))
        hypothesis_seed(seed * 1_000_003 + batch)(runner)()
        batch += 1
    return {"reader": name, "inputs": inputs, "breaks": sum(breaks.values()), "kinds": dict(breaks),
            "examples": examples, "seconds": round(seconds)}


def main() -> int:
    from tests.core.test_fuzz import READERS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="total time of the run (default 5)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--only", default=None, help="comma-separated readers (default: all)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (batches are seeded from it)")
    args = parser.parse_args()
    names = args.only.split(",") if args.only else list(READERS)
    unknown = [n for n in names if n not in READERS]
    if unknown:
        parser.error(f"unknown reader {unknown[0]!r}; readers: {', '.join(READERS)}")
    seconds = args.minutes * 60 * args.jobs / len(names)
    started = time.monotonic()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(run_reader, names, [seconds] * len(names), [args.seed] * len(names)))
    print(f"{'reader':<10} {'inputs':>9} {'breaks':>7}   ({time.monotonic() - started:.0f} s, {args.jobs} jobs, "
          f"seed {args.seed})")
    for r in results:
        print(f"{r['reader']:<10} {r['inputs']:>9} {r['breaks']:>7}")
    print(f"{'total':<10} {sum(r['inputs'] for r in results):>9} {sum(r['breaks'] for r in results):>7}")
    for r in results:
        for kind, count in r["kinds"].items():
            print(f"\n{r['reader']}: {count} × {kind}")
            for example in r["examples"][kind]:
                print("    " + example.replace("\n", "\n    "))
    return 1 if any(r["breaks"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
