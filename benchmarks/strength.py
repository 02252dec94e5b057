"""Write docs/strength.md: every level against every other level, per game, with ``hanpan simulate``.

    .venv/bin/python benchmarks/strength.py [--games 200] [--jobs 2] [--levels random,greedy,easy,normal,hard,master]
        [--game GAME] [--out docs/strength.md] [--made-only] [--runs .runs/strength]

Besides the page it writes ``src/hanpan/agents/ladder.json``: each game's measured Elo ratings
(Bradley–Terry over the 2-player round robin, greedy at 1500) and solo means, which order the levels
in the menus and ``hanpan games`` (``hanpan.agents.ladder``).

``--made-only`` runs nothing: it writes the page from the runs already kept, marking the others
"not run yet".

Each number in the page comes from one ``hanpan simulate ... --json`` run whose command line is printed
beside it, so anyone can reproduce it. Runs are kept in ``--runs`` (default ``.runs/strength/``, not
committed: one JSON per command), so an interrupted build resumes where it stopped.  The runs that
made today's page are in git history: ``git show c09e289:benchmarks/strength-runs/<hash>.json``
(``git archive c09e289 benchmarks/strength-runs | tar -x`` and ``--runs benchmarks/strength-runs``
resume from them).  Within one run, each game's record goes to ``<runs>/records/<run>-<game>-<agents>/``
and the run is made with ``--resume``: a run stopped half way (a Harmonies ``hard``
pair takes hours) goes on from its last recorded game in this checkout.  So a full rebuild takes many hours on
2 cores; with every run kept, or with ``--made-only``, the page is written in seconds.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

CACHE = Path(__file__).resolve().parents[1] / ".runs" / "strength"  # --runs; a long build resumes from it
LADDER = Path(__file__).resolve().parents[1] / "src" / "hanpan" / "agents" / "ladder.json"


JOBS = 2
MADE_ONLY = False
PENDING = "not run yet"
TIMING_GAMES = 20  # games of a run made only for its decision times
STALE = "†"  # beside a kept figure made while its game or a level in it played differently (--made-only)


_FINGERPRINTS: dict[tuple[str, int], str] = {}
FINGERPRINT_DECISIONS: int | None = None  # the whole game (a test hashes fewer decisions)


def fingerprint(game: str, players: int) -> str:
    """A hash of how the game plays with this many players: every decision and score of a seeded
    greedy game (rules, data and heuristic all show in it).  A kept run made while the game played
    differently is stale; a change that only makes the code faster, or that touches another player
    count only (the solo weights), keeps the runs.  A run also keeps the settings of its levels
    (``level_settings_in``): a level set differently since makes it stale too.  (A change to the
    agents' code must be rerun by deleting the runs it affects.)"""
    if (game, players) not in _FINGERPRINTS:
        from hanpan.agents.base import Seat
        from hanpan.agents.simple import GreedyAgent
        from hanpan.core.registry import game as get_game

        state = get_game(game).new(players=players, seed=players)
        agents = [GreedyAgent(10 * players + seat) for seat in range(players)]
        digest = hashlib.sha1()
        left = FINGERPRINT_DECISIONS
        while not state.is_over and left != 0:
            mover = state.current_player
            assert mover is not None
            action = agents[mover].choose(Seat(state, mover))
            digest.update(str(action).encode() + b"\0")
            state.apply(action)
            left = None if left is None else left - 1
        digest.update(repr([card.total for card in state.scores()]).encode())
        _FINGERPRINTS[game, players] = digest.hexdigest()[:16]
    return _FINGERPRINTS[game, players]


def level_settings_in(args: list[str]) -> dict[str, Any]:
    """The settings each level playing in the run of these ``simulate`` arguments has for its game and
    player count (``hanpan.agents.levels.LEVELS``), as JSON keeps them: a kept run whose levels
    were set otherwise is stale.

    >>> level_settings_in(["spirits_of_the_wild", "--players", "greedy,easy", "--games", "2"])
    {'easy': {'iterations': 40}}
    """
    from hanpan.agents.levels import LEVELS, level_settings

    players = args[args.index("--players") + 1].split(",")
    levels = {name: level_settings(LEVELS[name], args[0], len(players)) for name in players if name in LEVELS}
    loaded: dict[str, Any] = json.loads(json.dumps(levels))  # as a kept run reads back (tuples become lists)
    return loaded


def _package_hash(package: str) -> str:
    root = Path(__file__).resolve().parents[1] / "src" / "hanpan" / package
    digest = hashlib.sha1()
    # the ladder this script writes orders menus only: a new page must not restart the runs under way
    for path in sorted(p for p in root.rglob("*")
                       if p.is_file() and "__pycache__" not in p.parts and p != LADDER):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def cache_path(args: list[str]) -> Path:
    """Where the run of these ``simulate`` arguments is kept."""
    return CACHE / f"{hashlib.sha1(' '.join(args).encode()).hexdigest()[:16]}.json"


def pair_run(game: str, a: str, b: str, games: int) -> tuple[list[str], dict[str, Any] | None]:
    """The arguments and the run of ``a`` against ``b`` (``simulate``).  Seats rotate, so a run kept
    as ``b,a`` measures the same pair: with none kept as ``a,b`` it serves, its players put back in
    the order ``a``, ``b`` (the page shows the command that made it)."""
    args, swapped = ([game, "--players", pair, "--games", str(games), "--seed", "1"]
                     for pair in (f"{a},{b}", f"{b},{a}"))
    if cache_path(swapped).exists() and not cache_path(args).exists():
        data = simulate(swapped)
        return swapped, None if data is None else {**data, "per_player": data["per_player"][::-1]}
    return args, simulate(args)


def simulate(args: list[str]) -> dict[str, Any] | None:
    """Run ``hanpan simulate`` with ``args`` (cached; ``--jobs`` changes no result, so it is not part of
    the key) and return its JSON; a kept run made while the game played differently (``fingerprint``)
    or while one of its levels had other settings (``level_settings_in``) is run again (with
    ``--made-only`` it is returned marked ``"stale"``, to be shown as such)."""
    path = cache_path(args)
    key = path.stem
    source = fingerprint(args[0], len(args[args.index("--players") + 1].split(",")))
    levels = level_settings_in(args)
    if path.exists():
        data: dict[str, Any] = json.loads(path.read_text())
        if data.get("source") == source and data.get("levels") == levels:
            return data
        if MADE_ONLY:
            return {**data, "stale": True}
    if MADE_ONLY:
        return None
    records = CACHE / "records" / f"{key}-{source}-{_package_hash('agents')}"  # a run under way restarts on any change
    jobs = 1 if _thinks_on_all_cores(args) else JOBS  # timed searches must not share their cores
    command = [sys.executable, "-m", "hanpan.cli.main", "simulate", *args, "--jobs", str(jobs), "--json", "--quiet",
               "--records", str(records), "--resume", "--timings"]
    run = subprocess.run(command, capture_output=True, text=True, check=True)
    CACHE.mkdir(parents=True, exist_ok=True)
    data = json.loads(run.stdout)
    data["command"] = "hanpan simulate " + " ".join(args) + " --json"
    data["source"] = source
    data["levels"] = levels
    path.write_text(json.dumps(data, indent=1) + "\n")
    return data


def _thinks_on_all_cores(args: list[str]) -> bool:
    """Whether a player of this run is a level searching with several worker processes."""
    return any(settings.get("workers", 1) > 1 for settings in level_settings_in(args).values())


def pct(rate: float, ci: list[float]) -> str:
    return f"{rate:.1%} ({ci[0]:.1%}–{ci[1]:.1%})"


def timed_against(level: str) -> str:
    """The opponent whose games give a level's decision times: greedy, and random for greedy itself."""
    return "random" if level == "greedy" else "greedy"


def head_to_head(game: str, levels: list[str], games: int, jobs: int, lines: list[str]) -> dict[str, float]:
    """The round robin's table in ``lines``, then the Elo ratings it gives; returns them (fresh runs only)."""
    lines += [f"### {game}, 2 players", "",
              "Row player's win rate against the column player (95 % interval), seats rotated.", ""]
    lines.append("| | " + " | ".join(levels) + " |")
    lines.append("|---" * (len(levels) + 1) + "|")
    results: dict[tuple[str, str], str] = {}
    wins: dict[tuple[str, str], float] = {}
    times: dict[str, dict[str, float]] = {}
    commands = []
    for a, b in itertools.combinations(levels, 2):
        args, data = pair_run(game, a, b, games)
        commands.append("hanpan simulate " + " ".join(args) + " --json")
        if data is None:
            continue
        pa, pb = data["per_player"]
        mark = f" {STALE}" if data.get("stale") else ""
        results[(a, b)] = (pct(pa["win_rate"], pa["win_rate_ci95"]) + mark)
        results[(b, a)] = (pct(pb["win_rate"], pb["win_rate_ci95"]) + mark)
        if not data.get("stale"):
            wins[a, b], wins[b, a] = pa["wins"], pb["wins"]
        for level, other, p in ((a, b, pa), (b, a, pb)):  # each level's times from its games against greedy
            if p.get("decision_seconds") and other == timed_against(level):
                times[level] = p["decision_seconds"]
        print(f"{game}: {a} vs {b}: {pa['win_rate']:.3f}", flush=True)
    for a in levels:
        cells = ["—" if a == b else results.get((a, b), PENDING) for b in levels]
        lines.append(f"| **{a}** | " + " | ".join(cells) + " |")
    lines += ["", "<details><summary>commands</summary>", "", "```console"]
    lines += [f"$ {c}" for c in commands]
    lines += ["```", "", "</details>", ""]
    ratings = elo_table(wins, lines)
    for level in levels:  # a run kept from before runs were timed: 20 timed games against the same opponent
        if level not in times:
            data = simulate([game, "--players", f"{level},{timed_against(level)}", "--games", str(TIMING_GAMES),
                             "--seed", "2"])
            if data is not None and data["per_player"][0].get("decision_seconds"):
                times[level] = data["per_player"][0]["decision_seconds"]
    time_table(times, levels, "its games against greedy (greedy's: against random; a level whose run "
               f"against it kept no timings: {TIMING_GAMES} more games of --seed 2, timed)", lines)
    return ratings


def time_table(times: dict[str, dict[str, float]], levels: list[str], where: str, lines: list[str]) -> None:
    """How long each level's decisions took on this machine (``simulate --timings``)."""
    lines += [f"Seconds a decision, on this machine, over {where}:", "",
              "| level | decisions | median | 90 % | 99 % | longest |", "|---|---|---|---|---|---|"]
    for level in levels:
        t = times.get(level)
        if t is None or not t.get("decisions"):
            lines.append(f"| {level} | {PENDING} | | | | |")
        else:
            lines.append(f"| {level} | {t['decisions']:.0f} | {t['p50']:.3f} | {t['p90']:.3f} | {t['p99']:.3f} | "
                         f"{t['max']:.3f} |")
    lines.append("")


def elo_table(wins: dict[tuple[str, str], float], lines: list[str]) -> dict[str, float]:
    """Elo ratings from the games above (Bradley–Terry, greedy at 1500, half a drawn game added to
    each pair so that a level that won every game stays finite), strongest first."""
    from hanpan.analysis.ratings import rate

    if not any(name == "greedy" for pair in wins for name in pair):
        return {}
    ratings = rate(wins, anchor="greedy", samples=1000, seed=1)
    lines += ["Elo ratings from these games (Bradley–Terry; greedy at 1500; 95 % interval by a parametric "
              "bootstrap of 1,000 replays; half a drawn game added to each pair):", "",
              "| level | Elo | 95 % interval |", "|---|---|---|"]
    for name, r in sorted(ratings.items(), key=lambda kv: -kv[1].elo):
        lines.append(f"| {name} | {r.elo:.0f} | {r.low:.0f} – {r.high:.0f} |")
    lines.append("")
    return {name: r.elo for name, r in ratings.items()}


def solo(levels: list[str], games: int, jobs: int, lines: list[str]) -> dict[str, float]:
    """The solo table in ``lines``; returns each level's mean score (fresh runs only)."""
    means: dict[str, float] = {}
    times: dict[str, dict[str, float]] = {}
    lines += ["### harmonies, solo (side A, no spirit)", "",
              "| level | games | mean | median | stdev | suns (count of games) | command |",
              "|---|---|---|---|---|---|---|"]
    for level in levels:
        if level == "random":
            continue
        args = ["harmonies", "--players", level, "--games", str(games), "--seed", "1"]
        command = f"`hanpan simulate {' '.join(args)} --json`"
        data = simulate(args)
        if data is None:
            lines.append(f"| {level} | {PENDING} | | | | | {command} |")
            continue
        p = data["per_player"][0]
        suns = ", ".join(f"{k}: {v}" for k, v in sorted(p["extras"].get("suns", {}).items()))
        mark = f" {STALE}" if data.get("stale") else ""
        lines.append(f"| {level}{mark} | {p['games']} | {p['mean_score']:.1f} | {p['median_score']:g} | "
                     f"{p['score_stdev']:.1f} | {suns} | {command} |")
        print(f"harmonies solo {level}: {p['mean_score']:.1f}", flush=True)
        if not data.get("stale"):
            means[level] = p["mean_score"]
        if p.get("decision_seconds"):
            times[level] = p["decision_seconds"]
    lines.append("")
    time_table(times, [level for level in levels if level != "random"], "these games", lines)
    return means


def levels_section(lines: list[str]) -> None:
    """What each level is: the search settings of ``hanpan.agents.levels.LEVELS``."""
    from hanpan.agents.levels import LEVELS

    lines += ["## The levels", "",
              "- `random`: a legal decision chosen uniformly at random.",
              "- `greedy`: the decision whose result the game's own evaluation values most (one step ahead).",
              "- `easy`, `normal`, `hard`, `master`: information-set Monte Carlo tree search (`hanpan.agents.mcts`), "
              "or where the settings say `agent rollout` turn plans judged by play-outs on shared draws "
              "(`hanpan.agents.rollout`), or where they say `agent plan` whole turns planned at once and judged "
              "by the game's learned value of where they end (`hanpan.agents.plans`; in Harmonies solo the "
              "model `hanpan --version` names), with these settings (`hanpan.agents.levels.LEVELS`; a game "
              "not listed uses `default`, and `game/N` applies to N players; a level with `workers 2` thinks on "
              "both cores, so its runs here use `--jobs 1`; `evaluation learned` plays with the game's learned "
              "evaluation, in Harmonies a 2-player model no other level uses, `hanpan.core.evaluation`):", "",
              "| level | game | settings |", "|---|---|---|"]
    for name, per_game in LEVELS.items():
        for game, settings in per_game.items():
            text = ", ".join(f"{key} {value}" for key, value in settings.items())
            lines.append(f"| {name} | {game} | {text} |")
    lines.append("")


def main() -> None:
    global CACHE, JOBS, MADE_ONLY
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--levels", default="random,greedy,easy,normal,hard,master")
    parser.add_argument("--game", action="append", default=None)
    parser.add_argument("--out", type=Path, default=Path("docs/strength.md"))
    parser.add_argument("--made-only", action="store_true", help="run nothing; write the page from kept runs")
    parser.add_argument("--ladder", type=Path, default=LADDER, help="where the measured order of the levels goes")
    parser.add_argument("--runs", type=Path, default=CACHE, help="where the runs are kept (resumed from)")
    args = parser.parse_args()
    CACHE = args.runs
    JOBS = args.jobs
    MADE_ONLY = args.made_only
    levels = args.levels.split(",")
    games = args.game or ["spirits_of_the_wild", "harmonies", "four_gardens"]
    lines = ["# Strength of the computer players", "",
             "Made by `benchmarks/strength.py`; every figure is one `hanpan simulate` run shown with it.", ""]
    levels_section(lines)
    ladder: dict[str, dict[str, dict[str, float]]] = (json.loads(args.ladder.read_text("utf-8"))
                                                       if args.ladder.exists() else {})
    for game in games:
        measured = {"2": head_to_head(game, levels, args.games, args.jobs, lines)}
        if game == "harmonies":
            measured["1"] = solo(levels, max(50, args.games // 2), args.jobs, lines)
        ladder[game] = {count: values for count, values in measured.items() if values}
        args.ladder.write_text(json.dumps(ladder, indent=1, sort_keys=True) + "\n", "utf-8")
        page = lines
        notes = []
        if any(PENDING in line for line in lines):
            notes += [f"Cells marked \"{PENDING}\" wait for their run: the whole build takes hours on 2 cores and "
                      "resumes from the runs it keeps (`benchmarks/strength.py --runs`).", ""]
        if any(STALE in line for line in lines[4:]):
            notes += [f"Figures marked {STALE} were made while their game played differently (its rules, "
                      "data or heuristic have changed since) or a level in them was set otherwise, and wait "
                      "to be run again.", ""]
        page = [*lines[:4], *notes, *lines[4:]]
        args.out.write_text("\n".join(page) + "\n")  # after each game: a partial page is still useful
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
