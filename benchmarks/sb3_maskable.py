"""sb3-contrib's MaskablePPO on a hanpan Gymnasium environment through Stable-Baselines3's ``make_vec_env``:
environment steps per second while learning, and the scores it reaches.

    PYTHONPATH=src python benchmarks/sb3_maskable.py [--minutes 2] [--workers 4] [--vec-env subproc]
                                                     [--reward score_change]

It needs what hanpan does not install: ``pip install torch stable-baselines3 sb3-contrib`` (the CPU build of
torch is enough).  ``make_vec_env("hanpan/HarmoniesSolo-v0", n_envs=--workers,
vec_env_cls=SubprocVecEnv, env_kwargs={"reward": --reward})``: one worker process per environment
(``--vec-env dummy``: ``DummyVecEnv``, all in this process), ``Monitor`` in each (its episode return,
with ``score_change`` or ``score`` alone, is the game's total).
The learner collects for ``--minutes`` of wall time (sb3's default MaskablePPO settings, ``MlpPolicy``;
the update of the last rollout, 8,192 steps with 4 workers, then finishes, which can take minutes);
then its deterministic masked policy plays ``--eval-games`` games of seeds 1,000,000 on.

Printed: steps/s (environment steps over the learning's wall time, and over the time spent collecting
them, where the environments' speed shows), the mean total of the first and of the
last 50 training episodes, and the evaluation's mean and spread.  ``--reward none`` passes no reward
option and ``--callable`` hands ``make_vec_env`` a function instead of the id (sb3 then passes no
``render_mode``): the two ways to run it against a hanpan that has neither (issue 52's "before").
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import gymnasium
import numpy as np
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.env_util import make_vec_env
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

import hanpan.adapters.gymnasium  # noqa: F401  (registers hanpan/<Game>-v0)

VEC_ENVS = {"subproc": SubprocVecEnv, "dummy": DummyVecEnv}


class Clock(BaseCallback):  # type: ignore[misc]  # sb3 has no type information here
    """Stops collecting after ``seconds`` of wall time (the update under way then finishes); keeps every
    finished episode's return and the time spent collecting (the environments' share)."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self.start = time.perf_counter()
        self.returns: list[float] = []
        self.collecting = 0.0
        self._rollout = 0.0

    def _on_rollout_start(self) -> None:
        self._rollout = time.perf_counter()

    def _on_rollout_end(self) -> None:
        self.collecting += time.perf_counter() - self._rollout

    def _on_step(self) -> bool:
        for info in self.locals.get("infos", []):
            if "episode" in info:
                self.returns.append(float(info["episode"]["r"]))
        return time.perf_counter() - self.start < self.seconds


def evaluate(model: Any, env_id: str, env_kwargs: dict[str, Any], games: int) -> list[float]:
    """The game totals of the trained policy (deterministic, masked), one game per seed."""
    env = gymnasium.make(env_id, **env_kwargs)
    totals = []
    for game in range(games):
        observation, _ = env.reset(seed=1_000_000 + game)
        done = False
        while not done:
            action, _ = model.predict(observation, action_masks=get_action_masks(env), deterministic=True)
            observation, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        totals.append(float(env.unwrapped.game_state.scores()[0].total))
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--env", default="hanpan/HarmoniesSolo-v0")
    parser.add_argument("--minutes", type=float, default=2.0, help="wall time of the learning (default 2)")
    parser.add_argument("--workers", type=int, default=4, help="environments, one a worker (default 4)")
    parser.add_argument("--vec-env", choices=sorted(VEC_ENVS), default="subproc",
                        help="subproc: a process per environment (default); dummy: all in this process")
    parser.add_argument("--reward", default="score_change", help="the env's reward option; 'none' passes none")
    parser.add_argument("--callable", action="store_true", help="give make_vec_env a function, not the id")
    parser.add_argument("--eval-games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    env_kwargs: dict[str, Any] = {} if args.reward == "none" else {"reward": args.reward}
    env_id: Any = args.env
    if args.callable:
        def env_id() -> gymnasium.Env[Any, Any]:
            return gymnasium.make(args.env, **env_kwargs)
    vec = make_vec_env(env_id, n_envs=args.workers, seed=args.seed, vec_env_cls=VEC_ENVS[args.vec_env],
                       env_kwargs=None if args.callable else env_kwargs)
    model = MaskablePPO("MlpPolicy", vec, seed=args.seed, verbose=0)
    clock = Clock(args.minutes * 60)
    model.learn(total_timesteps=10**9, callback=clock)
    elapsed = time.perf_counter() - clock.start
    steps = model.num_timesteps
    vec.close()
    returns = clock.returns
    first, last = returns[:50], returns[-50:]
    kind = VEC_ENVS[args.vec_env].__name__
    print(f"{args.env}, reward={args.reward}, {args.workers} {kind} environments, {elapsed:.0f} s of learning")
    print(f"steps: {steps:,}  steps/s: {steps / elapsed:,.0f} (collecting alone: {steps / clock.collecting:,.0f}, "
          f"{clock.collecting:.0f} s)  episodes: {len(returns)}")
    if returns:
        print(f"training episodes' totals: first 50 mean {np.mean(first):.1f}, last 50 mean {np.mean(last):.1f}")
    totals = evaluate(model, args.env, env_kwargs, args.eval_games)
    print(f"evaluation ({args.eval_games} games, deterministic): mean total {statistics.mean(totals):.1f}, "
          f"min {min(totals):.0f}, max {max(totals):.0f}")


if __name__ == "__main__":
    main()
