"""Play many random games of every game and check every invariant at every decision (issue 23 §5).

    PYTHONPATH=. .venv/bin/python benchmarks/invariants_100k.py [--games 100000] [--jobs 2] [--seed 0]
        [--only GAME] [--quick] [--minutes M] [--deep-every 1] [--determinize-every 25] [--one SEED]

Not part of the test suite (it runs for hours); the figures of a run are in ``invariants_100k.md``.

Game seeds ``seed .. seed+games-1`` are played for each game; a game seed alone fixes the game (players and
options: ``SETUPS[game][seed % len]``, so they are spread evenly; the random moves come from a generator seeded
from it), so a break is rerun with ``--only GAME --one SEED`` (the whole traceback).

At every decision (and at the end):

* the checks of the game's invariant tests, imported from ``tests/<game>/test_invariants.py``: Harmonies
  ``check_cheap``, ``check_decision``, ``check_position`` (JSON round trip with the derived caches) and
  ``check_end``; Spirits of the Wild ``check_decision``, ``check_position`` (56 stones, clone and JSON round
  trips, views), ``check_against_spec`` (legal actions and scores of the independent spec model),
  ``CardEffects`` (each card's effect and each turn's end by the spec), ``check_end`` (the record replays to the
  same end) and ``check_winners_against_spec``; Four Gardens ``check`` (tokens, cards, markers, whims),
  ``check_decision`` and ``check_end``;
* legal actions non-empty until the end, unique ids in id order, unique texts, and every legal action's notation
  parses back to itself;

and every ``--deep-every`` decisions (default 1: every decision) the script's own whole-position checks:

* ``clone()`` equals the original, ``to_json`` survives JSON text and ``from_json`` reads it back to an equal
  state, every ``view(p)`` and the ``public_view()`` are JSON-able (``"you"`` is ``p`` / None).

Every ``--determinize-every`` decisions (offset by the seed, seats in turn): a ``determinize(p, rng)`` sample
has the same ``view(p)`` and ``public_view()`` as the true state, which it leaves untouched; the legal ids and
the legal mask agree.  Once per game, at a decision picked by the seed, a clone and a JSON-restored copy play
the rest of the game on and must end identical to the true state, and a clone left alone must keep its
position.  At the end: ``legal_actions()`` empty, nobody to move, ``finished``; each score card's total is the
sum of its categories, the JSON's scores and winners are ``scores()``/``winners()``, the winners have the top
total, a restored end state scores the same, Harmonies' scores equal the independent scoring model of
``tests/harmonies/helpers.py``, and the game's record (seed + moves) replays, checked move by move, to the same
end state.

The tests' checks (their ``check_position`` included) run at every decision whatever ``--deep-every`` is: the
option thins out only the script's own whole-position checks above, which cost most of the time in Four Gardens
(the JSON of every seat's view).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # ``tests.<game>.test_invariants`` import as packages from the repo root
    sys.path.insert(0, str(ROOT))

import hanpan  # noqa: E402
from hanpan.core.record import Record, replay  # noqa: E402
from hanpan.core.rng import Rng  # noqa: E402

SETUPS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "harmonies": [(players, {"side": side, "spirits": spirits})
                  for spirits in (False, True) for side in "AB" for players in (1, 2, 3, 4)],
    "spirits_of_the_wild": [(2, {})],
    "four_gardens": [(players, {"whims": whims}) for whims in (False, True) for players in (2, 3, 4)],
}
#: games per task sent to a worker (a few seconds of work each)
CHUNK = {"harmonies": 50, "spirits_of_the_wild": 100, "four_gardens": 4}
MAX_DECISIONS = 100_000  # a game still going after this many decisions is a break
BREAKS_KEPT = 5


def describe(game_id: str, seed: int) -> str:
    players, options = SETUPS[game_id][seed % len(SETUPS[game_id])]
    extra = " ".join(f"{k}={'on' if v is True else 'off' if v is False else v}" for k, v in options.items())
    return f"{players}p{' ' + extra if extra else ''}"


# --- the game-specific checks, from the invariant tests ----------------------------------------------------------
@dataclass
class Checks:
    """What one game adds to the common checks (all from its invariant test module)."""

    decision: Callable[[Any, list[Any], dict[str, Any] | None, bool], None]  # state, legal, its JSON, deep
    end: Callable[[Any, list[str]], None]  # state, the moves' texts
    own_round_trip: bool  # the tests' checks already do clone / from_json at deep decisions
    own_clone: bool
    #: for games whose tests follow each move: called with the first position, then with each move
    begin: Callable[[dict[str, Any]], None] | None = None
    moved: Callable[[dict[str, Any], str, dict[str, Any], bool], None] | None = None  # before, text, after, over
    replay_record: bool = True  # the common end replays the record (unless the game's own end does)
    own_parse: bool = False  # the tests' checks already parse every legal action's notation back


def harmonies_checks() -> Checks:
    from tests.harmonies import test_invariants as t
    from tests.harmonies.helpers import ref_animals, ref_landscape, ref_spirit

    def decision(state: Any, legal: list[Any], data: dict[str, Any] | None, deep: bool) -> None:
        t.check_cheap(state)
        t.check_decision(state, legal)
        t.check_position(state, legal)

    def end(state: Any, moves: list[str]) -> None:
        t.check_cheap(state)
        t.check_end(state)
        side = state.options["side"]
        for p, board in enumerate(state.to_json()["boards"]):  # the independent scoring model
            got = state.scores()[p].to_json()
            ref = ref_landscape(side, board["cells"])
            assert {k: got[k] for k in ref} == ref, f"player {p}: landscape {got} but the model says {ref}"
            assert got["animals"] == ref_animals(board["cards"]), f"player {p}: animals {got['animals']}"
            spirit = board["spirit"]
            expected = ref_spirit(side, spirit["id"], board["cells"]) if spirit and spirit["placed"] else 0
            assert got["spirit"] == expected, f"player {p}: spirit {got['spirit']} but the model says {expected}"

    return Checks(decision, end, own_round_trip=True, own_clone=False, own_parse=True)


def spirits_checks() -> Checks:
    from tests.spirits_of_the_wild import test_invariants as t

    effects: list[Any] = [None]  # the CardEffects of the game being played (a worker plays one game at a time)

    def decision(state: Any, legal: list[Any], data: dict[str, Any] | None, deep: bool) -> None:
        t.check_decision(state, legal)
        t.check_position(state)
        t.check_against_spec(data if data is not None else state.to_json(), {a.text for a in legal})

    def begin(data: dict[str, Any]) -> None:
        effects[0] = t.CardEffects(data)

    def moved(before: dict[str, Any], text: str, after: dict[str, Any], over: bool) -> None:
        effects[0].step(before, text, after, over)

    def end(state: Any, moves: list[str]) -> None:
        t.check_position(state)
        t.check_end(state, moves)  # replays the record
        t.check_winners_against_spec(state)

    return Checks(decision, end, own_round_trip=True, own_clone=True, begin=begin, moved=moved, replay_record=False)


def four_gardens_checks() -> Checks:
    from tests.four_gardens import test_invariants as t

    def decision(state: Any, legal: list[Any], data: dict[str, Any] | None, deep: bool) -> None:
        t.check(state)
        assert legal, "no legal action before the end"
        t.check_decision(state, legal)

    def end(state: Any, moves: list[str]) -> None:
        t.check(state)
        t.check_end(state, state.options.get("max_turns"))

    return Checks(decision, end, own_round_trip=False, own_clone=False, own_parse=True)


CHECKS: dict[str, Callable[[], Checks]] = {
    "harmonies": harmonies_checks, "spirits_of_the_wild": spirits_checks, "four_gardens": four_gardens_checks,
}


# --- one game ---------------------------------------------------------------------------------------------------
@dataclass
class Settings:
    deep_every: int = 1
    determinize_every: int = 25


@dataclass
class Where:
    """How far a game got (for the one-line reason of a break)."""

    decision: int = 0
    last: str = ""
    stage: str = "setup"


def play_one(game_id: str, seed: int, checks: Checks, settings: Settings, where: Where) -> int:
    """Play game ``seed`` to the end checking everything; returns its decisions; raises on a break."""
    game = hanpan.game(game_id)
    table = game.actions
    players, options = SETUPS[game_id][seed % len(SETUPS[game_id])]
    state = game.new(players=players, seed=seed, **options)
    moves_rng = Rng(seed * 7919 + 17)
    extra_rng = Rng(seed * 7919 + 4243)
    restore_at = extra_rng.randbelow(30)  # the decision where a clone and a restored copy start to play along
    followers: list[Any] = []
    frozen: tuple[Any, dict[str, Any]] | None = None
    moves: list[str] = []
    follow = checks.moved is not None
    data: dict[str, Any] | None = state.to_json() if follow else None  # the JSON of the state now, if known
    if checks.begin is not None:
        checks.begin(data)  # type: ignore[arg-type]
    step = 0
    while not state.is_over:
        where.decision, where.stage = step, "decision"
        if step >= MAX_DECISIONS:
            raise AssertionError(f"no end after {MAX_DECISIONS} decisions")
        current = state.current_player
        assert isinstance(current, int) and 0 <= current < players, f"current_player {current!r}"
        legal = list(state.legal_actions())
        assert legal, "no legal action before the end"
        ids = [a.id for a in legal]
        assert all(x < y for x, y in pairwise(ids)), "legal actions not unique and in id order"
        assert len({a.text for a in legal}) == len(legal), "two legal actions with the same text"
        if not checks.own_parse:
            for a in legal:
                assert table.parse(str(a)) == a, f"{str(a)!r} parses to {table.parse(str(a))!r}"
        deep = step % settings.deep_every == 0
        if deep and data is None:
            data = state.to_json()
        checks.decision(state, legal, data, deep)
        if deep:
            check_whole_position(game, state, data, checks)  # type: ignore[arg-type]
        if step % settings.determinize_every == seed % settings.determinize_every:
            where.stage = "determinize"
            check_determinized(state, (step // settings.determinize_every + seed) % players, extra_rng, legal)
        if step == restore_at:
            where.stage = "restore"
            snapshot = state.to_json()
            followers = [state.clone(), game.from_json(json.loads(json.dumps(snapshot)))]
            frozen = (state.clone(), snapshot)
        action = legal[moves_rng.randbelow(len(legal))]
        where.last, where.stage = action.text, "apply"
        before = data
        state.apply(action)
        for follower in followers:
            follower.apply(action)
        moves.append(action.text)
        data = None
        if follow:
            where.stage = "effects"
            data = state.to_json()
            checks.moved(before, action.text, data, state.is_over)  # type: ignore[arg-type,misc]
        step += 1
    where.decision, where.stage = step, "end"
    check_end(game, state, moves, checks, followers, frozen)
    return step


def check_whole_position(game: Any, state: Any, data: dict[str, Any], checks: Checks) -> None:
    text = json.dumps(data)
    if not checks.own_clone:
        assert state.clone().to_json() == data, "clone() differs from the original"
    if not checks.own_round_trip:
        back = game.from_json(json.loads(text))
        assert back.to_json() == data, "from_json(to_json()) differs from the original"
    else:
        assert json.loads(text) == data, "to_json() changes through JSON text"
    for p in range(state.num_players):
        view = state.view(p)
        json.dumps(view)
        assert view.get("you") == p, f"view({p})['you'] is {view.get('you')!r}"
    public = state.public_view()
    json.dumps(public)
    assert public.get("you", None) is None, "public_view()['you'] is not None"


def check_determinized(state: Any, p: int, rng: Rng, legal: list[Any]) -> None:
    truth = state.to_json()
    view, public = state.view(p), state.public_view()
    sample = state.determinize(p, Rng(rng.randbelow(2**31)))
    assert sample.view(p) == view, f"determinize({p}) changes view({p})"
    assert sample.public_view() == public, f"determinize({p}) changes the public view"
    assert state.to_json() == truth, f"determinize({p}) changed the true state"
    ids = [a.id for a in legal]
    assert state.legal_action_ids() == ids, "legal_action_ids() differs from legal_actions()"
    mask = state.legal_mask()
    # the mask has an entry per action of the table (tens of thousands in Four Gardens): count, then look up
    assert len(mask) == len(state.game.actions) and sum(mask) == len(ids) and all(mask[i] for i in ids), (
        "legal_mask() differs from legal_actions()")


def check_end(game: Any, state: Any, moves: list[str], checks: Checks, followers: list[Any],
              frozen: tuple[Any, dict[str, Any]] | None) -> None:
    assert list(state.legal_actions()) == [], "legal actions after the end"
    assert state.current_player is None, "a player to move after the end"
    assert state.status == "finished", f"status {state.status!r} at the end"
    checks.end(state, moves)
    data = state.to_json()
    json.dumps(data)
    scores, winners = state.scores(), state.winners()
    for p, card in enumerate(scores):
        assert card.total == sum(card.categories.values()), f"player {p}: total {card.total} ≠ sum of {card}"
    if "scores" in data:
        assert data["scores"] == [c.to_json() for c in scores], "to_json()['scores'] differs from scores()"
    if "winners" in data:
        assert list(data["winners"]) == list(winners), "to_json()['winners'] differs from winners()"
    totals = [c.total for c in scores]
    assert winners and all(totals[w] == max(totals) for w in winners), f"winners {winners} for totals {totals}"
    back = game.from_json(json.loads(json.dumps(data)))
    assert back.to_json() == data, "the end state does not round-trip"
    assert [c.to_json() for c in back.scores()] == [c.to_json() for c in scores] and back.winners() == winners, (
        "a restored end state scores differently")
    assert state.clone().to_json() == data, "clone() of the end state differs"
    for p in range(state.num_players):
        json.dumps(state.view(p))
    json.dumps(state.public_view())
    for name, follower in zip(("a clone", "a restored copy"), followers, strict=False):  # none if ended before
        assert follower.to_json() == data, f"{name} that played the same moves on ended differently"
    if frozen is not None:
        assert frozen[0].to_json() == frozen[1], "a clone changed while the original played on"
    if checks.replay_record:
        names = [f"p{i}" for i in range(state.num_players)]
        again = replay(Record.from_json(json.loads(json.dumps(Record.of(state, names, moves).to_json()))))
        assert again.to_json() == data, "the record replays to another end state"


# --- workers ----------------------------------------------------------------------------------------------------
_checks: dict[str, Checks] = {}


def reason(error: BaseException, where: Where) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if Path(f.filename).resolve().is_relative_to(ROOT)]  # the deepest frame of hanpan's
    frame = (ours or frames or [None])[-1]
    at = ""
    if frame is not None:
        try:
            path = str(Path(frame.filename).resolve().relative_to(ROOT))
        except ValueError:
            path = frame.filename
        at = f" at {path}:{frame.lineno} `{(frame.line or '').strip()}`"
    message = str(error).replace("\n", " ")
    if len(message) > 200:
        message = message[:200] + "…"
    kind = "" if isinstance(error, AssertionError) else f"{type(error).__name__} "
    after = f" after {where.last!r}" if where.last else ""
    return f"{where.stage} {where.decision}{after}: {kind}{message or 'assertion failed'}{at}"


def run_chunk(game_id: str, seeds: range, settings: Settings) -> dict[str, Any]:
    checks = _checks.get(game_id)
    if checks is None:
        checks = _checks[game_id] = CHECKS[game_id]()
    games = decisions = 0
    breaks: list[tuple[int, str]] = []
    broken = 0
    start = time.perf_counter()
    for seed in seeds:
        where = Where()
        try:
            decisions += play_one(game_id, seed, checks, settings, where)
        except Exception as e:  # a break: anything raised while playing and checking
            broken += 1
            decisions += where.decision
            if len(breaks) < BREAKS_KEPT:
                breaks.append((seed, reason(e, where)))
        games += 1
    return {"games": games, "decisions": decisions, "broken": broken, "breaks": breaks,
            "cpu": time.perf_counter() - start}


@dataclass
class Tally:
    game_id: str
    wanted: int
    games: int = 0
    decisions: int = 0
    broken: int = 0
    breaks: list[tuple[int, str]] = field(default_factory=list)
    seconds: float = 0.0
    cpu: float = 0.0
    last_seed: int = -1

    def add(self, result: dict[str, Any]) -> None:
        self.games += result["games"]
        self.decisions += result["decisions"]
        self.broken += result["broken"]
        self.cpu += result["cpu"]
        self.breaks = sorted(self.breaks + result["breaks"])[:BREAKS_KEPT]


def run_game(pool: ProcessPoolExecutor, game_id: str, args: argparse.Namespace, settings: Settings,
             deadline: float | None) -> Tally:
    tally = Tally(game_id, args.games)
    chunk = max(1, min(CHUNK[game_id], -(-args.games // (args.jobs * 4))))
    starts = iter(range(args.seed, args.seed + args.games, chunk))
    stop = args.seed + args.games
    pending: set[Future[dict[str, Any]]] = set()
    began = last_note = time.perf_counter()

    def submit() -> bool:
        if deadline is not None and time.perf_counter() >= deadline:
            return False
        first = next(starts, None)
        if first is None:
            return False
        seeds = range(first, min(first + chunk, stop))
        tally.last_seed = seeds[-1]
        pending.add(pool.submit(run_chunk, game_id, seeds, settings))
        return True

    while len(pending) < args.jobs * 2 and submit():
        pass
    while pending:
        done, _ = wait(pending, return_when=FIRST_COMPLETED)
        for future in done:
            pending.discard(future)
            tally.add(future.result())
        while len(pending) < args.jobs * 2 and submit():
            pass
        now = time.perf_counter()
        if now - last_note >= args.progress:
            last_note = now
            print(f"  … {game_id}: {tally.games:,}/{args.games:,} games, {tally.decisions:,} decisions, "
                  f"{tally.broken} breaks, {now - began:,.0f} s", file=sys.stderr, flush=True)
    tally.seconds = time.perf_counter() - began
    return tally


def report(tally: Tally) -> None:
    rate = tally.games / tally.seconds if tally.seconds else 0.0
    digits = 2 if rate < 10 else 1
    first, last = (tally.last_seed - tally.games + 1, tally.last_seed)
    print(f"{tally.game_id:<22}games {tally.games:>9,} (seeds {first}–{last})  decisions {tally.decisions:>12,}  "
          f"breaks {tally.broken:>4}  {tally.seconds:>9,.1f} s  {rate:>8,.{digits}f} games/s", flush=True)
    if tally.games < tally.wanted:
        print(f"{'':<22}(stopped by --minutes after {tally.games:,} of {tally.wanted:,} games)")
    for seed, why in tally.breaks:
        print(f"{'':<22}break: seed {seed} ({describe(tally.game_id, seed)}): {why}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100_000, help="random games per game (default 100,000)")
    parser.add_argument("--quick", action="store_true", help="1,000 games per game")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="the first game seed (default 0)")
    parser.add_argument("--only", choices=list(SETUPS), help="one game only")
    parser.add_argument("--minutes", type=float, help="stop starting games after this many minutes in all, "
                        "shared evenly by the games (the games played are still counted exactly)")
    parser.add_argument("--deep-every", type=int, default=1, help="the script's own whole-position checks "
                        "every K decisions (default 1: every decision; the tests' checks always run at every one)")
    parser.add_argument("--determinize-every", type=int, default=25,
                        help="a determinized sample every K decisions (default 25)")
    parser.add_argument("--one", type=int, metavar="SEED", help="play the one game SEED of --only GAME here, "
                        "with the whole traceback of a break")
    parser.add_argument("--progress", type=float, default=60.0, help="seconds between progress lines on stderr")
    args = parser.parse_args(argv)
    if args.quick:
        args.games = 1_000
    if args.games < 1 or args.jobs < 1 or args.seed < 0 or args.deep_every < 1 or args.determinize_every < 1:
        parser.error("--games, --jobs, --deep-every and --determinize-every must be ≥ 1 and --seed ≥ 0")
    settings = Settings(args.deep_every, args.determinize_every)
    if args.one is not None:
        if args.only is None:
            parser.error("--one needs --only GAME")
        decisions = play_one(args.only, args.one, CHECKS[args.only](), settings, Where())
        print(f"{args.only} seed {args.one} ({describe(args.only, args.one)}): {decisions} decisions, no break")
        return 0
    chosen = [args.only] if args.only else list(SETUPS)
    print(f"invariants: {args.games:,} random games per game, seeds {args.seed}–{args.seed + args.games - 1}, "
          f"{args.jobs} jobs, whole-position checks every {args.deep_every} decision(s), a determinized sample "
          f"every {args.determinize_every}; {os.cpu_count()} CPUs", flush=True)
    began = time.perf_counter()
    tallies = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for index, game_id in enumerate(chosen):
            deadline = None
            if args.minutes is not None:  # what is left, shared by the games still to play
                left = args.minutes * 60 - (time.perf_counter() - began)
                deadline = time.perf_counter() + left / (len(chosen) - index)
            tally = run_game(pool, game_id, args, settings, deadline)
            report(tally)
            tallies.append(tally)
    total = time.perf_counter() - began
    broken = sum(t.broken for t in tallies)
    print(f"{'all':<22}games {sum(t.games for t in tallies):>9,}  decisions "
          f"{sum(t.decisions for t in tallies):>12,}  breaks {broken:>4}  {total:>9,.1f} s")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
