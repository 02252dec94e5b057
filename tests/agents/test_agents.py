"""Agents: legal choices only, reproducible from their seed, blind to hidden facts."""

from __future__ import annotations

import pytest

import hanpan
from hanpan.agents import Seat, make_agent, play_out
from hanpan.core.errors import AgentError
from hanpan.core.rng import Rng

GAME = "spirits_of_the_wild"
NAMES = ["random", "greedy", "mcts:30"]


@pytest.mark.parametrize("name", NAMES)
def test_agents_play_only_legal_decisions_to_the_end(name: str) -> None:
    state = hanpan.game(GAME).new(seed=9)
    agents = [make_agent(name, seed=1), make_agent("random", seed=2)]
    play_out(state, agents)  # the checked play raises on an illegal choice
    assert state.status == "finished"


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_choices(name: str) -> None:
    def choices(seed: int) -> list[str]:
        state = hanpan.game(GAME).new(seed=4)
        agent = make_agent(name, seed=seed)
        made = []
        for _ in range(25):
            if state.current_player != 0:
                state.play(state.legal_actions()[0])
                continue
            action = agent.choose(Seat(state, 0))
            made.append(str(action))
            state.play(action)
        return made

    assert choices(3) == choices(3)


def hidden_altered(state: hanpan.State, player: int, seed: int) -> hanpan.State:
    """The same position with every fact hidden from ``player`` resampled (the unseen spirit cards, the bag)."""
    other = state.determinize(player, Rng(seed))
    assert other.view(player) == state.view(player)
    return other


@pytest.mark.parametrize("name", ["greedy", "mcts:40"])
def test_choices_do_not_depend_on_hidden_facts(name: str) -> None:
    game = hanpan.game(GAME)
    state = game.new(seed=12)
    rng = Rng(0)
    for _ in range(30):  # reach a position with decisions that matter
        legal = state.legal_actions()
        state.play(legal[rng.randbelow(len(legal))])
    player = state.current_player
    assert player is not None
    for seed in range(3):
        other = hidden_altered(state, player, seed)
        assert other.to_json() != state.to_json()  # something hidden really changed
        assert make_agent(name, seed=5).choose(Seat(other, player)) == make_agent(name, seed=5).choose(
            Seat(state, player)
        )


@pytest.mark.parametrize("bad", ["mcts:", "mcts:0", "mcts:-1s", "mcts:fast", "mcts:30:sideways", "nobody"])
def test_bad_agent_names(bad: str) -> None:
    with pytest.raises(AgentError):
        make_agent(bad)


@pytest.mark.parametrize(("game_id", "cutoff", "rollout"), [("harmonies", "turn", "random"),
                                                            ("four_gardens", "turn", "random"),
                                                            ("spirits_of_the_wild", None, "random")])
def test_mcts_budgets_search_with_the_games_evaluation(game_id: str, cutoff: str | None, rollout: str) -> None:
    """``mcts:N`` scores leaves with the game's evaluation where the game's settings say so;
    ``mcts:N:random`` / ``:greedy`` play out to the end of the game in every game."""
    import hanpan
    from hanpan.agents.mcts import MCTSAgent
    from hanpan.agents.registry import LevelAgent

    state = hanpan.game(game_id).new(players=2, seed=3)
    mover = state.current_player
    assert mover is not None
    for name, want_cutoff, want_rollout in [("mcts:12", cutoff, rollout), ("mcts:12:random", None, "random"),
                                            ("mcts:12:greedy", None, "greedy")]:
        agent = make_agent(name, seed=1)
        assert isinstance(agent, LevelAgent) and agent.name == name
        assert agent.choose(Seat(state, mover)) in state.legal_actions()
        assert isinstance(agent.search, MCTSAgent)
        assert (agent.search.cutoff, agent.search.rollout, agent.search.iterations) == (want_cutoff, want_rollout, 12)


def test_a_seat_sees_no_legal_decisions_of_another_seat() -> None:
    """Four Gardens' legal decisions name the mover's hand cards: another seat must not read them."""
    import hanpan
    from hanpan.agents.base import Seat

    state = hanpan.game("four_gardens").new(players=2, seed=3)
    mover = state.current_player
    assert mover is not None
    assert list(Seat(state, mover).legal_actions()) == list(state.legal_actions())
    assert list(Seat(state, 1 - mover).legal_actions()) == []
