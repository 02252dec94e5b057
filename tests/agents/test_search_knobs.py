"""The search knobs (turn cut-off, progressive widening, greedy look-ahead) on every game: legal choices
only, the same choice for the same seed and iteration budget, and blind to hidden facts."""

from __future__ import annotations

from typing import Any

import pytest

import hanpan
from hanpan.agents import Seat
from hanpan.agents.mcts import SETTINGS, MCTSAgent, Node
from hanpan.agents.simple import after
from hanpan.core.rng import Rng

GAMES = ["spirits_of_the_wild", "harmonies", "four_gardens"]
KNOBS: list[dict[str, Any]] = [
    {"cutoff": "turn", "depth": 0},
    {"cutoff": "turn", "depth": 0, "widening": 1.5},
    {"cutoff": "turn", "rollout": "greedy", "lookahead": 1, "widening": 1.0},
    {"cutoff": "turn", "turns": 2, "depth": 0, "widening": 2.0},
    {"cutoff": "turn", "turns": 2, "depth": 0, "widening": 2.0, "prior": "evaluate", "top_up": True,
     "random_ties": True},
    {"cutoff": "turn", "depth": 0, "solo_scale": 3.0, "margin_scale": 2.0},
    {"cutoff": "turn", "depth": 0, "widening": 2.0, "prior": "evaluate", "backup": "max"},
]


def position(game_id: str, players: int, seed: int, moves: int) -> hanpan.State:
    state = hanpan.game(game_id).new(players=players, seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    return state


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("knobs", KNOBS)
def test_legal_and_reproducible(game_id: str, knobs: dict[str, Any]) -> None:
    for players in (1, 2) if game_id == "harmonies" else (2,):
        for moves in (3, 17):
            state = position(game_id, players, 3 + moves, moves)
            player = state.current_player
            assert player is not None
            first = MCTSAgent(seed=7, iterations=25, **knobs).choose(Seat(state, player))
            again = MCTSAgent(seed=7, iterations=25, **knobs).choose(Seat(state, player))
            assert first in state.legal_actions()
            assert first == again


@pytest.mark.parametrize("game_id", GAMES)
def test_widened_search_is_blind_to_hidden_facts(game_id: str) -> None:
    state = position(game_id, 2, 12, 25)
    player = state.current_player
    assert player is not None
    knobs = KNOBS[3]
    mine = MCTSAgent(seed=5, iterations=30, **knobs).choose(Seat(state, player))
    for seed in range(2):
        other = state.determinize(player, Rng(seed))
        assert other.view(player) == state.view(player)
        assert MCTSAgent(seed=5, iterations=30, **knobs).choose(Seat(other, player)) == mine


def test_a_turn_cut_off_plays_whole_games_with_tree_reuse() -> None:
    state = hanpan.game("harmonies").new(players=1, seed=2, max_turns=3)
    agent = MCTSAgent(seed=1, iterations=20, cutoff="turn", depth=0, widening=1.5)
    reused = 0
    while not state.is_over:
        action = agent.choose(Seat(state, 0))
        reused += agent.reused_visits
        state.play(action)
    assert reused > 0  # later decisions of a turn start from the kept subtree


def test_bad_cutoff_refused() -> None:
    with pytest.raises(ValueError):
        MCTSAgent(cutoff="game")
    with pytest.raises(ValueError):
        MCTSAgent(prior="best")


def test_top_up_counts_the_kept_visits() -> None:
    """With ``top_up`` a later decision of the same turn adds only what the kept subtree lacks."""
    state = hanpan.game("harmonies").new(players=1, seed=5)
    agent = MCTSAgent(seed=3, iterations=120, cutoff="turn", depth=0, widening=2.0, top_up=True)
    runs = []
    while state.turn == 0:
        action = agent.choose(Seat(state, 0))
        if agent.last_iterations:
            runs.append((agent.reused_visits, agent.last_iterations))
        state.play(action)
    assert runs[0] == (0, 120)
    later = [(kept, ran) for kept, ran in runs[1:] if kept]
    assert later, "no decision reused a kept subtree"
    for kept, ran in later:
        assert ran == max(120 - kept, 120 // 8, 1)


def test_quick_evaluate_ranks_by_the_score_now() -> None:
    from hanpan.games.harmonies.heuristic import static_value

    state = position("harmonies", 1, 4, 2)
    assert state.hand_count  # type: ignore[attr-defined]  # mid-turn: evaluate would place the hand first
    assert state.quick_evaluate(0) == static_value(state, 0)  # type: ignore[arg-type]
    spirits = position("spirits_of_the_wild", 2, 4, 5)
    assert spirits.quick_evaluate(0) == spirits.evaluate(0)  # the contract's default


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "master"])
def test_named_levels_tune_themselves_to_harmonies(level: str) -> None:
    from hanpan.agents import make_agent
    from hanpan.agents.plans import PlanAgent
    from hanpan.agents.registry import LevelAgent
    from hanpan.agents.rollout import RolloutAgent

    state = position("harmonies", 2, 4, 6)
    player = state.current_player
    assert player is not None
    agent = make_agent(level, seed=2)
    assert isinstance(agent, LevelAgent)
    assert agent.choose(Seat(state, player)) in state.legal_actions()
    if level in ("hard", "master"):  # they plan whole turns judged by play-outs
        assert isinstance(agent.search, RolloutAgent) and agent.search.workers == 2
    elif level == "normal":  # whole turns judged by the learned value
        assert isinstance(agent.search, PlanAgent) and agent.search.last_plans > 1
    else:
        assert isinstance(agent.search, MCTSAgent) and agent.search.cutoff is None


def test_settings_rebuild_the_agent_and_bad_settings_are_refused() -> None:
    agent = MCTSAgent(seed=1, iterations=7, rollout="greedy", cutoff="turn", turns=2, prior="evaluate")
    assert MCTSAgent(seed=1, **agent.settings()).settings() == agent.settings()
    assert set(agent.settings()) == set(SETTINGS)
    with pytest.raises(ValueError, match="unknown mcts setting 'speed'; settings: iterations, seconds"):
        agent.tune("harmonies", {"default": {"speed": 3}})
    with pytest.raises(ValueError, match="cutoff must be None or 'turn', not 'game'"):
        agent.tune("harmonies", {"harmonies": {"cutoff": "game"}})
    with pytest.raises(ValueError, match="prior must be 'quick' or 'evaluate', not 'x'"):
        MCTSAgent(prior="x")
    with pytest.raises(ValueError, match="rollout must be 'random' or 'greedy', not 'smart'"):
        MCTSAgent(rollout="smart")
    with pytest.raises(ValueError, match="backup must be 'mean' or 'max', not 'min'"):
        MCTSAgent(backup="min")


def test_a_max_backup_keeps_the_best_score_found_and_plays_its_line() -> None:
    # solo Harmonies, mid-turn: each node keeps the best leaf score below it, the root the best of
    # its children, and the choice is the child holding that best score
    state = hanpan.game("harmonies").new(players=1, seed=5)
    state.play("space 2")
    seat = Seat(state, 0)
    settings: dict[str, Any] = {"iterations": 300, "cutoff": "turn", "depth": 0, "widening": 2.0,
                                "prior": "evaluate", "backup": "max"}
    agent = MCTSAgent(seed=3, **settings)
    agent.reuse = False
    root = Node(1)
    agent.search(seat, root)
    children = [c for c in root.children.values() if c.visits]
    assert root.value[0] == max(c.value[0] for c in children)
    for child in children:
        below = [g.value[0] for g in child.children.values() if g.visits]
        assert not below or child.value[0] >= max(below)
    choice = MCTSAgent(seed=3, **settings).choose(seat)
    assert root.children[choice.id].value[0] == root.value[0]
    # the best score found is a real score the line reaches: at least greedy's one-step best
    greedy_best = max(after(state, a).evaluate(0) for a in state.legal_actions())
    assert root.value[0] >= greedy_best


def test_a_decisive_search_stops_early_with_the_same_choice() -> None:
    # with a budget of 600 iterations the search may stop once the most visited action cannot be
    # caught up: it then makes the choice the whole budget makes, in fewer iterations somewhere
    stopped_early = 0
    for game_id in GAMES:
        for seed in range(4):
            state = position(game_id, 2, seed, 6 + seed)
            if state.is_over or len(state.legal_actions()) < 2:
                continue
            seat = Seat(state, state.current_player or 0)
            settings: dict[str, Any] = {"iterations": 600, "cutoff": "turn", "depth": 0}
            full = MCTSAgent(seed=seed, **settings)
            quick = MCTSAgent(seed=seed, decisive=True, **settings)
            assert quick.choose(seat) == full.choose(seat)
            assert quick.last_iterations <= full.last_iterations == 600
            stopped_early += quick.last_iterations < 600
    assert stopped_early


@pytest.mark.parametrize(("players", "knobs"), [(2, KNOBS[0]), (1, KNOBS[-1])])
def test_root_parallel_search_is_legal_and_reproducible(players: int, knobs: dict[str, Any]) -> None:
    # two worker processes grow their own trees; the seeds come from the agent's generator
    state = position("harmonies", players, 4, 9)
    player = state.current_player
    assert player is not None
    seat = Seat(state, player)
    first = MCTSAgent(seed=2, iterations=40, workers=2, **knobs)
    choice = first.choose(seat)
    assert choice in state.legal_actions()
    assert first.last_iterations == 40
    assert MCTSAgent(seed=2, iterations=40, workers=2, **knobs).choose(seat) == choice


def test_random_ties_rank_equal_priors_in_a_seeded_random_order(monkeypatch: pytest.MonkeyPatch) -> None:
    # at the start of a solo Harmonies turn many placements score the same by the heuristic (the learned
    # correction, which tells cells apart, is off here); by default they are ranked in the order
    # legal_actions lists them (the board's first cells first), with random_ties in an order drawn from
    # the agent's generator: reproducible, and not the listed one
    from hanpan.games.harmonies import learned

    monkeypatch.setattr(learned, "ENABLED", False)
    state = hanpan.game("harmonies").new(players=1, seed=5)
    state.play("space 1")
    seat = Seat(state, 0)

    def ranked(**knobs: Any) -> list[hanpan.Action]:
        agent = MCTSAgent(seed=4, iterations=1, widening=2.0, prior="evaluate", cutoff="turn", depth=0, **knobs)
        root = Node(1)
        agent.search(seat, root)
        assert root.order is not None
        return root.order

    values = {a.id: after(state, a).evaluate(0) for a in state.legal_actions()}
    listed = ranked()
    common = max(set(values.values()), key=list(values.values()).count)  # the largest group of ties
    tied = [a for a in listed if values[a.id] == common]
    assert len(tied) > 3
    legal_ids = [a.id for a in state.legal_actions()]
    assert [a.id for a in tied] == sorted((a.id for a in tied), key=legal_ids.index)
    shuffled = ranked(random_ties=True)
    shuffled_tied = [a for a in shuffled if values[a.id] == common]
    assert sorted(a.id for a in shuffled_tied) == sorted(a.id for a in tied)
    assert shuffled_tied != tied
    assert ranked(random_ties=True) == shuffled
    assert [values[a.id] for a in shuffled] == [values[a.id] for a in listed]  # still best first
