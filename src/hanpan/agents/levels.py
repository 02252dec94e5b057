"""The named levels' search settings, and how an agent reads and checks them: one place, read by the
agents (:mod:`hanpan.agents.mcts`, :mod:`hanpan.agents.rollout`) and by the registry that builds the
levels (:mod:`hanpan.agents.registry`).  Data only: it imports no agent.

>>> settings = level_settings(LEVELS["normal"], "four_gardens", 2)
>>> settings["iterations"], settings["cutoff"]
(100, 'turn')
>>> level_settings(LEVELS["hard"], "harmonies", 1)["samples"], level_settings(LEVELS["easy"], "go", 2)
(16, {'iterations': 40})
"""

from __future__ import annotations

from typing import Any

#: The levels' own version (``hanpan --version``): it changes when what a level plays changes, so a
#: rating or a figure of docs/strength.md names the levels it was measured with.  /1: the levels of
#: hanpan 0.1 (kept runnable as ``classic-*``); /2: ``normal`` plays by plans judged by the learned
#: afterstate values in Harmonies (issue 59).
LEVELS_VERSION = "hanpan-levels/2"

#: Search settings of the named levels, per game ("default" for any other game).  ``seconds`` caps a
#: decision's thinking (the issue's bound: 1 s on a 2-core machine); ``iterations`` is the budget.
#: docs/strength.md measures them; docs/experiments/search-variants.md records the variants tried.
#: - Spirits of the Wild: random rollouts to the end of the game (short games: the real result).
#: - Harmonies and Four Gardens: the search covers the turn being played and the next one
#:   (``cutoff="turn"``, ``turns=2``), leaves scored at once by ``evaluate`` (``depth=0``), actions
#:   ranked by ``quick_evaluate`` and widened progressively; later decisions of a turn top up the
#:   tree kept from the first (``top_up``).
#: - A key "<game>/<players>" overrides for one player count.
#: - Harmonies solo ``normal`` plays whole turns planned at once and judged by the learned afterstate
#:   value (:class:`~hanpan.agents.plans.PlanAgent`, hanpan.games.harmonies.afterstate; issue 59,
#:   docs/experiments/harmonies-ntuple.md): about 0.02 s a decision; with the model of 2,500 training
#:   games, on games 0-39 of seed 2, 109.8 against greedy's 104.3 (+5.5 ± 2.6 paired), where the tree
#:   search ``normal`` played before scored below greedy (104.0 against 106.2 on seed 1's games).  On
#:   seeds 12-15 (400 games): model /1 109.22, /2 (20,800 games, shipped) 110.02, greedy 106.76.
#: - Harmonies ``normal`` with 2-4 players plays the same turn plans with the 2-player model
#:   (harmonies-value-2p-A/1, 2,300 training games; 3-4 players borrow it): on games 0-199 of seed 1
#:   it won 73.8 % against greedy (width 8: 75.8 %), where the tree search ``normal`` played before won
#:   48.8 %; 3 players (greedy, greedy, normal; 60 games) 63.3 %; 4 players (40 games) 52.5 %; against
#:   hard 10 of 40 (seed 1; the tree search 16.8 % of 200).  Side B and the spirits have no model:
#:   there it plays greedy (docs/experiments/harmonies-ntuple.md).
#: - Harmonies' ``evaluate`` adds a learned correction in solo (hanpan.games.harmonies.learned): greedy
#:   solo games 0-99 of seed 1 106.17 against 103.1 without it, ``hard`` 113.56 against 112.3.
#: - Harmonies ``hard`` plans each turn with :class:`~hanpan.agents.rollout.RolloutAgent`: candidate
#:   turns judged by a greedy play-out of the next turn on draws shared by all candidates, on both
#:   cores (``workers: 2``; run it with ``hanpan simulate --jobs 1``).  The tree search ``hard`` used
#:   before (``normal``'s Harmonies settings with 1 s per decision, ``prior: evaluate`` and
#:   ``decisive``) scored 100.78 in solo over games 0-49 of seed 1 against greedy's 102.58, and won 24
#:   of 40 two-player games against greedy: the search found where the heuristic is wrong rather than
#:   better turns (docs/experiments/search-variants.md, for the MCTS variants and the
#:   turn plans).  In solo its play-outs cover the next 2 turns: on games 0-39 of seed 2 (not the
#:   games docs/strength.md reports) 110.72 against 107.53 with 1 turn (+3.2 ± 2.1 paired).  In solo
#:   the time a plan has left after the first round goes to 2 more rounds of the 4 best candidates
#:   (``samples: 3``, ``finalists: 4``): on games 0-119 of seed 2, 111.12 against 108.70 (+2.4 ± 1.5
#:   paired; docs/experiments/search-variants.md).  In 2 players the time the compiled engine freed goes the same
#:   way (``harmonies/2``: play-outs of 2 turns, 8 rounds for 4 finalists): against greedy on games
#:   0-79 of seed 7, 89.4 % won against 72.5 % (mean margin +17.5 against +9.5; samples 8 with 1
#:   turn 86.2 %, samples 16 with 1 turn 72.5 %); on games 0-199 of seed 1, 86.5 % (173 of 200;
#:   docs/experiments/search-variants.md).
_TURN_PLAN = {"cutoff": "turn", "turns": 2, "depth": 0, "widening": 2.0}
LEVELS: dict[str, dict[str, dict[str, Any]]] = {
    "easy": {"default": {"iterations": 40},
             "four_gardens": {"iterations": 30, "cutoff": "turn", "depth": 0}},
    "normal": {"default": {"iterations": 150},
               "harmonies": {"agent": "plan", "width": 4},
               "four_gardens": {"iterations": 100, "top_up": True, **_TURN_PLAN}},
    "hard": {"default": {"iterations": 500, "seconds": 1.0},
             "harmonies": {"agent": "rollout", "seconds": 0.9, "workers": 2, "prune": 6},
             "harmonies/1": {"agent": "rollout", "seconds": 0.9, "workers": 2, "prune": 6, "turns": 2,
                             "samples": 16, "finalists": 4},
             "harmonies/2": {"agent": "rollout", "seconds": 0.9, "workers": 2, "prune": 6, "turns": 2,
                             "samples": 8, "finalists": 4},
             "four_gardens": {"iterations": 300, "seconds": 1.0, "top_up": True, **_TURN_PLAN}},
    # the strongest: up to 5 s a decision.  Spirits of the Wild and Four Gardens: one tree of more
    # iterations (two root-parallel trees of half as many each, kept no tree between decisions and won
    # none of 3 games against hard; one tree of 6,000 won 16 of 20 in Spirits of the Wild, seed 77,
    # about 0.3 s a decision).  Four Gardens: more iterations alone are no stronger than hard (games of
    # seed 77 against hard: 1,000 iterations 12 of 20, 3,000 3 of 10, 3 turns planned 10 of 20, a greedy
    # look-ahead past the turn 13 of 20): the evaluation's margins are small against the logistic's
    # scale 8, so every leaf is worth about a half and exploration drowns what the search finds.  With
    # ``margin_scale: 3``, 3,000 iterations won 41 of 60 (0.17 s a decision; 1,000: 37 of 60), and
    # 63.2 % of 200 games of seed 1 (docs/strength.md).
    # Harmonies: hard's turn plans with 5 times the time, on both cores: 57.5 % of 200 two-player games of
    # seed 1 against hard before the learned evaluation below, most plans ending within 1 s (its
    # decisions' p90 0.82 s, p99 3.78 s): more rounds of the same greedy play-outs tell the candidates
    # apart little better (play-outs of 3 turns and 16 samples: 24 of 40 against hard, seed 7; up to 20
    # candidates, finalists chosen on 4 rounds (``screen``), 32 samples: 24 of 40 too).  Solo: 117.1 over
    # 100 games of seed 1 against hard's 113.6 (its decisions' p99 1.32 s, longest 1.72 s): the budget
    # rarely binds there either.
    # Harmonies ``master`` plays with the learned evaluation (``"evaluation": "learned"``): in 2 players
    # the model of hanpan.games.harmonies.learned that the other levels do not use.  Against hard, seed 7
    # (the tuning games): 31 of 40 won, mean margin +11.8 (23 of 40, +1.2, without it; 17 of 40 with the
    # model on both sides); on 200 games of seed 1, 74.2 % (57.5 % without it; docs/strength.md), its
    # decisions' p99 2.63 s, longest 3.22 s.  Solo the learned evaluation is the standard one.
    "master": {"default": {"iterations": 6000, "seconds": 5.0},
               "harmonies": {"agent": "rollout", "seconds": 4.5, "workers": 2, "prune": 8, "samples": 8,
                             "finalists": 6, "evaluation": "learned"},
               "harmonies/1": {"agent": "rollout", "seconds": 4.5, "workers": 2, "prune": 8, "turns": 2,
                               "samples": 24, "finalists": 6, "evaluation": "learned"},
               "harmonies/2": {"agent": "rollout", "seconds": 4.5, "workers": 2, "prune": 8, "turns": 2,
                               "samples": 24, "finalists": 6, "evaluation": "learned"},
               "four_gardens": {"iterations": 3000, "seconds": 5.0, "top_up": True, "margin_scale": 3.0,
                                **_TURN_PLAN}},
}

#: The levels as they played before the learned values (issue 59), under names of their own so that a new
#: level can be measured against the one it replaced (``hanpan simulate harmonies --players
#: normal,classic-normal``); kept out of the menus.  ``classic-normal`` is the tree search every
#: game's ``normal`` was; ``classic-hard`` and ``classic-master`` are today's ``hard`` and ``master``,
#: frozen here when they change.  (The settings are frozen; the code that reads them moves on.)
CLASSIC: dict[str, dict[str, dict[str, Any]]] = {
    "classic-normal": {"default": {"iterations": 150},
                       "harmonies": {"iterations": 150, **_TURN_PLAN},
                       "four_gardens": {"iterations": 100, "top_up": True, **_TURN_PLAN}},
    "classic-hard": {game: dict(settings) for game, settings in LEVELS["hard"].items()},
    "classic-master": {game: dict(settings) for game, settings in LEVELS["master"].items()},
}

#: What ``mcts:N`` / ``mcts:Xs`` search with besides their budget, per game: the game's evaluation
#: scores the leaves where random play-outs would be weak (a Harmonies or Four Gardens play-out to
#: the end is mostly noise), so more iterations never make a player weaker than ``greedy``.
#: Spirits of the Wild keeps random play-outs to the end: its games are short, the play-outs give
#: the real result, and with them 150 iterations beat greedy 95 % (docs/strength.md).
#: ``mcts:N:random`` asks for plain random play-outs to the end in every game, ``mcts:N:greedy``
#: for greedy ones.
MCTS_DEFAULTS: dict[str, dict[str, Any]] = {
    "default": {},
    "harmonies": dict(_TURN_PLAN),
    "four_gardens": {"top_up": True, **_TURN_PLAN},
}


def level_settings(per_game: dict[str, dict[str, Any]], game_id: str, players: int | None) -> dict[str, Any]:
    """The first of ``per_game["<game_id>/<players>"]``, ``per_game[game_id]`` and ``per_game["default"]``.

    >>> level_settings(LEVELS["hard"], "harmonies", 1)["agent"]
    'rollout'
    """
    return per_game.get(f"{game_id}/{players}", per_game.get(game_id, per_game.get("default", {})))


def check_settings(kind: str, settings: dict[str, Any], known: tuple[str, ...]) -> None:
    """Refuse a setting the search ``kind`` does not have, naming the ones it has.

    >>> check_settings("mcts", {"speed": 2}, ("iterations", "seconds"))
    Traceback (most recent call last):
    ...
    ValueError: unknown mcts setting 'speed'; settings: iterations, seconds
    """
    unknown = sorted(set(settings) - set(known))
    if unknown:
        raise ValueError(f"unknown {kind} setting {unknown[0]!r}; settings: {', '.join(known)}")
