"""The whole HTTP API fuzzed from its OpenAPI description for longer than the suite does.

    PYTHONPATH=. .venv/bin/python benchmarks/api_fuzz_long.py [--examples N] [--minutes M] [--seed S]
        [--analysis] [--postgresql URL]

The same fuzzing as tests/web/test_schemathesis.py (tests/web/api_fuzz.py: schemathesis's boundary cases,
then random positive and negative requests of every operation, as an anonymous client, a logged-in
player and a bot, on random and on real ids), with ``--examples`` random requests per operation, client,
mode and set of ids (default 500; the suite draws 50), on a fresh SQLite database (``--postgresql`` URL:
that empty database instead).  With ``--analysis`` one analysis worker reviews and hints at the level
``greedy`` (the suite runs with analysis off, whose routes answer 503).  Prints the operations, cases,
answers by status, every failure (a 5xx, an answer whose status or body the description does not list,
invalid data taken) with a curl line to replay it, the errors the server logged, and whether it still
served afterwards; exits 1 on any failure.  ``--minutes`` stops drawing random requests after that long.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import tempfile
import time
import warnings

from tests.web.api_fuzz import fuzz
from tests.web.helpers import TEST_SETTINGS

from hanpan.web.app import create_app


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=500, help="random requests per operation, client, mode "
                                                                    "and set of ids (default 500)")
    parser.add_argument("--minutes", type=float, default=None, help="stop drawing random requests after this long")
    parser.add_argument("--seed", type=int, default=0, help="Hypothesis's seed (default 0)")
    parser.add_argument("--analysis", action="store_true", help="one analysis worker (level greedy), not none")
    parser.add_argument("--postgresql", default=None, metavar="URL", help="an empty PostgreSQL database instead")
    args = parser.parse_args(argv)
    if args.examples < 1:
        parser.error("--examples must be at least 1")
    warnings.simplefilter("ignore")
    settings = dataclasses.replace(TEST_SETTINGS, analysis_workers=1 if args.analysis else 0,
                                   analysis_level="greedy", analysis_samples=2)
    url = args.postgresql or f"sqlite:///{tempfile.mkdtemp(prefix='hanpan-fuzz-')}/fuzz.sqlite3"
    deadline = time.monotonic() + args.minutes * 60 if args.minutes is not None else None
    found = fuzz(create_app(url, settings=settings), args.examples, args.seed, deadline)
    print(f"{found.operations} operations, {found.cases} cases in {found.seconds:.0f} s ({args.examples} examples, "
          f"seed {args.seed}, {'PostgreSQL' if args.postgresql else 'SQLite'}, analysis "
          f"{'on' if args.analysis else 'off'})")
    print(found.summary())
    print(f"afterwards: GET /api/meta, a new account, a new game: {found.after}")
    for line in found.failures:
        print("FAILURE", line)
    for line in found.logged:
        print("LOGGED", line)
    return 1 if found.failures or found.logged or found.after != [200, 201, 201] else 0


if __name__ == "__main__":
    sys.exit(main())
