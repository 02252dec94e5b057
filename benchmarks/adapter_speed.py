"""Random play through the native engine and through the OpenSpiel, PettingZoo and Gymnasium adapters:
decisions per second for each game, and where the adapters' extra time goes.

    .venv/bin/python benchmarks/adapter_speed.py [--seconds 3] [--players 2] [--game GAME] [--no-profile]

Each line plays whole random games (seeds 0, 1, … as the time allows) for ``--seconds``:

- ``native``: ``legal_action_ids()`` and ``apply_id()`` of the state, a random id;
- ``openspiel``: ``pyspiel.load_game("hanpan_<game>")``: the deal, then at each decision the mover's
  ``observation_tensor`` and a random id of ``legal_actions()``;
- ``pettingzoo``: ``hanpan.adapters.pettingzoo.env`` (with PettingZoo's wrappers): ``last()`` (the agent's
  observation and mask) and ``step()``, a random id of the mask;
- ``gymnasium``: ``gymnasium.make("hanpan/<Game>-v0", opponent="random")`` (Gymnasium's wrappers): the
  learner a random id of ``info["action_mask"]``, the opponent hanpan's ``random`` agent inside ``step``
  (counting its decisions).

``decisions/s`` counts every decision of the game (in Gymnasium the opponent's too); ``steps/s`` the
environment's ``step`` calls.  Then the cost of one observation alone: ``common.observation`` (what the
PettingZoo and Gymnasium adapters call) on the mover's seat of positions of seeded random games, the best
of 5 passes, in µs.  The profile (cProfile, of the adapters' runs of one game)
gives the cumulative time of the parts as shares of the run; they overlap (the mask calls
``legal_action_ids``; ``observation`` holds the game's encoder, ``Encoding.sparse``, and numpy's
``frombuffer`` and ``astype``; before issue 52 it held ``view``, ``encode`` and ``asarray``).  Compiled
functions (the engine's, the encoders') are invisible to cProfile: their time counts in their callers'.  About a minute
with the defaults (3 games × 4 lines × ``--seconds``, then the profile); the last figures are in
docs/research.md.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from collections.abc import Callable

import gymnasium
import numpy as np

import hanpan
import hanpan.adapters.gymnasium  # registers hanpan/<Game>-v0
from hanpan.adapters.common import camel_case
from hanpan.adapters.pettingzoo import env as pettingzoo_env
from hanpan.agents.base import Seat
from hanpan.agents.registry import register_agent
from hanpan.agents.simple import RandomAgent
from hanpan.core.action import Action

Runner = Callable[[int], tuple[int, int]]  # a seed → (decisions, env steps) of one whole game


def native(game_id: str, players: int) -> Runner:
    game = hanpan.game(game_id)

    def run(seed: int) -> tuple[int, int]:
        state = game.new(players=players, seed=seed)
        rng = random.Random(seed)
        decisions = 0
        while not state.is_over:
            state.apply_id(rng.choice(state.legal_action_ids()))
            decisions += 1
        return decisions, decisions

    return run


def pettingzoo(game_id: str, players: int) -> Runner:
    environment = pettingzoo_env(game_id, players=players)

    def run(seed: int) -> tuple[int, int]:
        environment.reset(seed=seed)
        rng = random.Random(seed)
        decisions = steps = 0
        for _ in environment.agent_iter():
            obs, _, terminated, truncated, _ = environment.last()
            steps += 1
            if terminated or truncated:
                environment.step(None)
                continue
            environment.step(rng.choice(np.flatnonzero(obs["action_mask"])))
            decisions += 1
        return decisions, steps

    return run


def openspiel(game_id: str, players: int) -> Runner:
    import pyspiel

    import hanpan.adapters.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game(f"hanpan_{game_id}(players={players})")

    def run(seed: int) -> tuple[int, int]:  # a learner's loop: the legal actions and its observation tensor
        state = game.new_initial_state()
        rng = random.Random(seed)
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():  # every draw (explicit chance): sampled, not counted
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
                continue
            state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        return decisions, decisions

    return run


COUNTED = [0]  # decisions of the counting opponent


class CountingRandom(RandomAgent):
    """hanpan's ``random`` agent that counts its decisions (so Gymnasium's line counts every decision)."""

    def choose(self, seat: Seat) -> Action:
        COUNTED[0] += 1
        return super().choose(seat)


register_agent("counted-random", CountingRandom)


def gym(game_id: str, players: int) -> Runner:
    environment = gymnasium.make(f"hanpan/{camel_case(game_id)}-v0", players=players, opponent="counted-random")

    def run(seed: int) -> tuple[int, int]:
        _, info = environment.reset(seed=seed)
        rng = random.Random(seed)
        COUNTED[0] = steps = 0
        done = False
        while not done:
            _, _, terminated, truncated, info = environment.step(rng.choice(np.flatnonzero(info["action_mask"])))
            steps += 1
            done = terminated or truncated
        return steps + COUNTED[0], steps

    return run


def observation_cost(game_id: str, players: int) -> float:
    """µs per ``observation(table, state, seat)`` over positions of six seeded random games (best of 5)."""
    from hanpan.adapters.common import Table, observation

    table = Table.make(game_id, players, "score", {})
    positions = []
    for seed in range(6):
        state = table.new(seed)
        rng = random.Random(seed)
        while not state.is_over:
            if rng.random() < 0.15:
                positions.append(state.clone())
            state.apply_id(rng.choice(state.legal_action_ids()))
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for state in positions:
            observation(table, state, state.current_player)
        best = min(best, (time.perf_counter() - start) / len(positions))
    return best * 1e6


def timed(run: Runner, seconds: float) -> tuple[float, float, int]:
    """Decisions/s and steps/s over whole games played for about ``seconds``; and the games played."""
    decisions = steps = games = 0
    start = time.perf_counter()
    while True:
        d, s = run(games)
        decisions, steps, games = decisions + d, steps + s, games + 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions / elapsed, steps / elapsed, games


#: (part, does a profiled function (file, name) belong to it); a part's share is the cumulative time of its
#: outermost function (so a closure of the same name inside it is not counted twice)
PARTS: list[tuple[str, Callable[[str, str], bool]]] = [
    ("apply_id", lambda f, n: n == "apply_id"),
    ("legal_action_ids", lambda f, n: n == "legal_action_ids"),
    ("opponent's choose", lambda f, n: n == "choose" and "/agents/" in f),
    ("observation: all", lambda f, n: (n == "observation" and f.endswith("adapters/common.py"))
     or (n == "set_from" and f.endswith("adapters/openspiel.py"))),
    ("  view(seat)", lambda f, n: n == "view" and "/games/" in f),
    ("  encoder (Encoding.sparse)", lambda f, n: n in ("sparse", "encode") and f.endswith("adapters/observation.py")),
    ("  numpy (frombuffer, astype)", lambda f, n: "frombuffer" in n or "astype" in n or "asarray" in n),
    ("action_mask: all", lambda f, n: n == "action_mask" and f.endswith("adapters/common.py")),
    ("  numpy zeros + set", lambda f, n: "zeros" in n),
    ("learner's np.flatnonzero(mask)", lambda f, n: n == "flatnonzero"),
]
#: the frameworks' wrappers and checkers: their own time only (not what they call)
WRAPPERS = ("pettingzoo/utils/wrappers", "gymnasium/wrappers", "gymnasium/utils/passive_env_checker",
            "gymnasium/core.py", "pettingzoo/utils/env.py")


def profile(run: Runner, seconds: float) -> list[tuple[str, float]]:
    """The share of the run's time in each part (cumulative, so nested parts overlap)."""
    profiler = cProfile.Profile()
    profiler.enable()
    timed(run, seconds)
    profiler.disable()
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    total = sum(tt for (_, _, tt, _, _) in stats.values())
    shares = [(part, max((ct for (f, _, n), (_, _, _, ct, _) in stats.items() if belongs(f, n)), default=0.0) / total)
              for part, belongs in PARTS]
    own = sum(tt for (f, _, _), (_, _, tt, _, _) in stats.items() if any(w in f for w in WRAPPERS))
    return [*shares, ("frameworks' wrappers (own time)", own / total)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="per line (default 3)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--game", default=None, help="one game (default: every game)")
    parser.add_argument("--profile-game", default="harmonies", help="the game profiled (default harmonies)")
    parser.add_argument("--no-profile", action="store_true")
    args = parser.parse_args()
    game_ids = [args.game] if args.game else hanpan.game_ids()
    print(f"random play, {args.players} players, about {args.seconds:g} s per line")
    print(f"{'game':<22}{'through':<12}{'decisions/s':>13}{'steps/s':>11}{'games':>7}{'vs native':>11}")
    for game_id in game_ids:
        base = 0.0
        for name, make in (("native", native), ("openspiel", openspiel), ("pettingzoo", pettingzoo),
                           ("gymnasium", gym)):
            per_decision, per_step, games = timed(make(game_id, args.players), args.seconds)
            base = base or per_decision
            print(f"{game_id:<22}{name:<12}{per_decision:>13,.0f}{per_step:>11,.0f}{games:>7}"
                  f"{per_decision / base:>10.2f}x")
    print("\nobservation building, µs per call (common.observation, the mover's seat)")
    for game_id in game_ids:
        print(f"  {game_id:<22}{observation_cost(game_id, args.players):>8.1f}")
    if args.no_profile:
        return
    for name, make in (("openspiel", openspiel), ("pettingzoo", pettingzoo), ("gymnasium", gym)):
        print(f"\nwhere the time goes: {name}, {args.profile_game}, {args.players} players (cProfile, cumulative)")
        for part, share in profile(make(args.profile_game, args.players), args.seconds):
            print(f"  {part:<34}{share:>7.1%}")


if __name__ == "__main__":
    main()
