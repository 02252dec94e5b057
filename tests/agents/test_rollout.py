"""The turn-planning rollout agent: legal, reproducible, blind to hidden facts, fair to its candidates."""

from __future__ import annotations

import pytest

import hanpan
from hanpan.agents import Seat, make_agent, play_out
from hanpan.agents.registry import LevelAgent
from hanpan.agents.rollout import Candidate, RolloutAgent, _best
from hanpan.agents.simple import after
from hanpan.core.rng import Rng

GAMES = ["harmonies", "spirits_of_the_wild", "four_gardens"]
SMALL = {"width": 2, "noisy": 1, "depth": 2}  # a few cheap candidates and short play-outs


def small(seed: int, **settings: object) -> RolloutAgent:
    return RolloutAgent(seed, **{**SMALL, **settings})  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAMES)
def test_plays_only_legal_decisions_to_the_end(game_id: str) -> None:
    game = hanpan.game(game_id)
    for players in sorted({game.min_players, 2 if game.max_players >= 2 else 1}):
        state = game.new(players=players, seed=3)
        play_out(state, [small(seat) for seat in range(players)], max_decisions=20_000)  # checked play
        assert state.status == "finished"


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_choices(game_id: str) -> None:
    def choices(seed: int) -> list[str]:
        game = hanpan.game(game_id)
        state = game.new(players=max(game.min_players, 2), seed=5)
        agent, other = small(seed), make_agent("greedy", seed=9)
        made = []
        for _ in range(30):
            mover = state.current_player
            assert mover is not None
            action = (agent if mover == 0 else other).choose(Seat(state, mover))
            made.append(str(action))
            state.play(action)
        return made

    assert choices(1) == choices(1)


@pytest.mark.parametrize("game_id", GAMES)
def test_choices_do_not_depend_on_hidden_facts(game_id: str) -> None:
    game = hanpan.game(game_id)
    state = game.new(players=max(game.min_players, 2), seed=12)
    rng = Rng(0)
    for _ in range(12):  # a position past the opening
        legal = state.legal_actions()
        state.play(legal[rng.randbelow(len(legal))])
    player = state.current_player
    assert player is not None
    for seed in range(2):
        other = state.determinize(player, Rng(seed))
        assert other.view(player) == state.view(player)
        assert small(5).choose(Seat(other, player)) == small(5).choose(Seat(state, player))


def test_the_turn_planned_at_its_first_decision_is_played_through() -> None:
    state = hanpan.game("harmonies").new(players=1, seed=2)
    agent = small(1)
    turn = state.turn
    played = [agent.choose(Seat(state, 0))]
    plan = [played[0], *agent.plan]
    state.play(played[0])
    while state.turn == turn:
        played.append(agent.choose(Seat(state, 0)))
        state.play(played[-1])
    assert played == plan


def test_pairs_add_a_candidate_for_each_card_and_space_taken_together() -> None:
    state = hanpan.game("harmonies").new(players=1, seed=4)  # 3 cards and 3 spaces to take, no cube yet
    seat = Seat(state, 0)
    singles = RolloutAgent(1, noisy=0, depth=2)
    singles.choose(seat)
    paired = RolloutAgent(1, noisy=0, depth=2, pairs=True)
    action = paired.choose(seat)
    assert action in state.legal_actions()
    assert (singles.last_candidates, paired.last_candidates) == (6, 6 + 3 * 3)
    started = {tuple(sorted(a.text.split()[0] for a in c.actions[:2])) for c in paired._judged}
    assert ("card", "space") in started


def test_replanning_keeps_the_candidates_that_still_fit_and_adds_a_round_each_decision() -> None:
    state = hanpan.game("harmonies").new(players=1, seed=2)
    agent = small(1, replan=True)
    first = agent.choose(Seat(state, 0))
    assert {len(c.values) for c in agent._judged} == {1}
    fitting = {tuple(c.actions[1:]) for c in agent._judged if c.actions[0] == first and len(c.actions) > 1}
    assert fitting  # the chosen candidate at least
    state.play(first)
    agent.choose(Seat(state, 0))
    rounds = {tuple(c.actions): len(c.values) for c in agent._judged}
    assert all(rounds[kept] == 2 for kept in fitting)  # their first round kept, a second one played
    assert set(rounds.values()) == {2}  # new candidates caught up on round one, then played round two
    assert all(len(c.actions) >= 1 for c in agent._judged)


@pytest.mark.parametrize("game_id", GAMES)
def test_replanning_plays_only_legal_decisions(game_id: str) -> None:
    game = hanpan.game(game_id)
    state = game.new(players=max(game.min_players, 2), seed=4)
    agents = [small(seat, replan=True, turns=0, prune=2) for seat in range(state.num_players)]
    start = state.turn
    while state.turn < start + state.num_players:  # a whole turn of each player
        mover = state.current_player
        assert mover is not None
        state.play(agents[mover].choose(Seat(state, mover)))  # checked: an illegal one raises


def test_candidates_are_compared_on_the_rounds_all_of_them_played() -> None:
    root = hanpan.game("harmonies").new(players=1, seed=1)
    a = Candidate([], root, prior=2.0, values=[10.0, 50.0])  # its second round is not matched by b
    b = Candidate([], root, prior=1.0, values=[12.0])
    assert _best([a, b]) is b
    # while one candidate has played a single round, only the first round counts for all of them
    d = Candidate([], root, prior=0.5, values=[11.0, 16.0])
    b.values = [13.0, 12.0]
    e = Candidate([], root, prior=0.1, values=[14.0])
    assert _best([a, b, d, e]) is e  # one round in common: 14 beats 13, 11 and 10
    e.values = [14.0, 0.0]
    assert _best([a, b, d, e]) is a  # two rounds: a's 30 beats d's 13.5, b's 12.5 and e's 7
    # f's second round is left out while g has one round only: on round 1, g's 12 beats f's 11
    # (judged against the most played on its own rounds, f would win with +10.5)
    f = Candidate([], root, prior=0.3, values=[11.0, 30.0])
    g = Candidate([], root, prior=0.2, values=[12.0])
    assert _best([Candidate([], root, prior=2.0, values=[10.0, 10.0]), f, g]) is g
    c = Candidate([], root, prior=0.5, values=[12.0])
    assert _best([b, c]) is b  # a tie goes to the better prior


def test_finalists_play_the_later_rounds_and_the_choice_is_theirs() -> None:
    state = hanpan.game("harmonies").new(players=1, seed=4)
    agent = RolloutAgent(1, noisy=0, depth=2, samples=3, finalists=2)
    action = agent.choose(Seat(state, 0))
    judged = agent._judged
    by_first_round = sorted(judged, key=lambda c: -c.values[0])
    assert [len(c.values) for c in by_first_round] == [3, 3] + [1] * (len(judged) - 2)
    leader = max(by_first_round[:2], key=lambda c: sum(c.values))
    assert action == leader.actions[0]
    # _best with finalists: a candidate that lost the first round cannot win on it alone
    root = hanpan.game("harmonies").new(players=1, seed=1)
    a = Candidate([], root, prior=2.0, values=[10.0, 4.0])
    b = Candidate([], root, prior=1.0, values=[9.0, 8.0])
    c = Candidate([], root, prior=0.5, values=[8.5])
    assert _best([a, b, c], screen=1) is b  # b's 17 beats a's 14 over both rounds
    assert _best([a, b, c]) is a  # without: one round in common, a's 10 the best
    d = Candidate([], root, prior=0.1, values=[11.0])  # the first round's best, its second round cut off
    assert _best([a, b, c, d], screen=1) is d  # then the first round decides for all


def test_a_screen_of_several_rounds_chooses_the_finalists_by_their_mean() -> None:
    state = hanpan.game("harmonies").new(players=1, seed=4)
    agent = RolloutAgent(1, noisy=0, depth=2, samples=4, finalists=2, screen=2)
    action = agent.choose(Seat(state, 0))
    judged = agent._judged
    by_screen = sorted(judged, key=lambda c: -sum(c.values[:2]))
    assert [len(c.values) for c in by_screen] == [4, 4] + [2] * (len(judged) - 2)
    assert action == max(by_screen[:2], key=lambda c: sum(c.values)).actions[0]
    # _best: the finalists compete among themselves; a candidate that lost the screen cannot win
    root = hanpan.game("harmonies").new(players=1, seed=1)
    a = Candidate([], root, prior=2.0, values=[10.0, 10.0, 1.0])
    b = Candidate([], root, prior=1.0, values=[12.0, 6.0, 4.0])
    c = Candidate([], root, prior=0.5, values=[3.0, 14.0])
    assert _best([a, b, c], screen=2) is b  # 22 beats 21; c's 17 lost the screen
    assert _best([a, b, c], screen=1) is a  # a screen of one round: all three compared on 2 rounds
    with pytest.raises(ValueError, match="screen must be at least 1"):
        RolloutAgent(screen=0)


def test_a_candidate_must_beat_the_best_prior_by_the_margin_scaled_to_the_rounds() -> None:
    root = hanpan.game("harmonies").new(players=1, seed=1)
    greedy_turn = Candidate([], root, prior=2.0, values=[10.0])
    other = Candidate([], root, prior=1.0, values=[11.5])
    assert _best([greedy_turn, other], margin=1.0) is other
    assert _best([greedy_turn, other], margin=2.0) is greedy_turn
    # over 4 rounds the margin is halved: 1.5 points a round beats a margin of 2
    greedy_turn.values, other.values = [10.0] * 4, [11.5] * 4
    assert _best([greedy_turn, other], margin=2.0) is other
    # the best prior is the first candidate played, not the first one built
    unplayed = Candidate([], root, prior=3.0)
    assert _best([unplayed, greedy_turn, other], margin=4.0) is greedy_turn


def test_with_no_time_left_one_candidate_is_built_and_played_on_its_prior() -> None:
    state = hanpan.game("harmonies").new(players=1, seed=6)
    agent = RolloutAgent(2, seconds=0.0)
    action = agent.choose(Seat(state, 0))
    assert (agent.last_candidates, agent.last_playouts) == (1, 0)
    best = max(after(state, a).evaluate(0) for a in state.legal_actions())
    assert after(state, action).evaluate(0) == best  # the best-ranked


def test_workers_share_the_candidates_and_stay_reproducible() -> None:
    def choice() -> str:
        state = hanpan.game("harmonies").new(players=1, seed=7)
        return str(small(3, workers=2).choose(Seat(state, 0)))

    assert choice() == choice()


def test_workers_are_started_before_the_clock_without_changing_the_choice() -> None:
    from hanpan.agents import parallel

    def choice() -> tuple[str, int]:
        state = hanpan.game("harmonies").new(players=1, seed=8)
        agent = small(5, workers=2)
        return str(agent.choose(Seat(state, 0))), agent.rng.next64()

    parallel.stop_workers()  # a pool left by another test: start from none
    cold = choice()  # the first decision starts the workers
    assert parallel.workers_running(2)
    assert choice() == cold  # the same choice, and the same draws after it, with the workers running


@pytest.mark.parametrize(
    ("settings", "message"),
    [({"width": 0}, "width and samples must be at least 1"), ({"samples": 0}, "width and samples"),
     ({"noisy": -1}, "noisy at least 0"), ({"turns": -1}, "turns must be None"),
     ({"prune": 0}, "prune None or at least 1"), ({"workers": 0}, "workers at least 1"),
     ({"depth": -2}, "depth must be"), ({"margin": -1}, "margin must be at least 0"),
     ({"finalists": 0}, "finalists must be None .* or at least 1")],
)
def test_bad_settings_are_refused(settings: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RolloutAgent(0, **settings)  # type: ignore[arg-type]


def test_a_level_plays_with_the_search_its_settings_name() -> None:
    solo = hanpan.game("harmonies").new(players=1, seed=1)
    level = LevelAgent("test", {"harmonies/1": {"agent": "rollout", **SMALL}, "default": {"iterations": 5}}, seed=1)
    level.choose(Seat(solo, 0))
    assert isinstance(level.search, RolloutAgent)
    duo = hanpan.game("harmonies").new(players=2, seed=1)
    level = LevelAgent("test", {"harmonies/1": {"agent": "rollout"}, "default": {"iterations": 5}}, seed=1)
    level.choose(Seat(duo, 0))
    assert type(level.search).__name__ == "MCTSAgent"


@pytest.mark.parametrize(
    ("settings", "message"),
    [({"agent": "alphazero"}, "unknown search 'alphazero'"), ({"agent": "rollout", "iterations": 5},
                                                              "unknown rollout setting 'iterations'")],
)
def test_a_level_with_bad_settings_says_what_is_allowed(settings: dict[str, object], message: str) -> None:
    state = hanpan.game("harmonies").new(players=1, seed=1)
    with pytest.raises(ValueError, match=message):
        LevelAgent("bad", {"default": settings}).choose(Seat(state, 0))
