"""End of the game: the trigger by player count, the round finished, scoring, both tie-breaks, max_turns."""

from __future__ import annotations

import pytest

from hanpan.core.rng import Rng
from hanpan.games.four_gardens import layout as L
from hanpan.games.four_gardens import state as S

from .helpers import DECK, RES, cards, label, new, play_random, put_base, put_landscape, set_hand, turn_of


def landscapes(s: S.GardensState, p: int, count: int) -> None:
    """Give p ``count`` landscape cards (blue and green first, never a whole landscape)."""
    pool = [c for col in ("blue", "green", "orange") for pos in range(1, 6)
            for c in cards(colour=col, position=pos)[:1]]
    pool = [c for c in pool if not (DECK.colour[c] == 2 and DECK.position[c] == 3)]
    pool = [c for c in pool if not (DECK.colour[c] == 3 and DECK.position[c] == 4)]
    for c in pool[:count]:
        put_landscape(s, p, c)


def finishing_gain(s: S.GardensState, p: int) -> None:
    """p completes one more landscape card now (red, position 1) with a gain-1."""
    g = next(c for c in cards(action="gain") if c not in s.slots)
    card = next(c for c in cards(colour="red", position=1) if c not in s.slots)
    need = next(r for r, i in RES.items() if DECK.cost[card][i])
    tokens = {r: DECK.cost[card][i] for r, i in RES.items() if DECK.cost[card][i]}
    tokens[need] -= 1
    put_base(s, p, card, tokens)
    set_hand(s, p, [g])
    turn_of(s, p)
    s.play(f"gain {label(g)}")
    s.play(f"put {need} {label(card)}")


@pytest.mark.parametrize(("players", "needed"), [(2, 10), (3, 9), (4, 8)])
def test_trigger_by_player_count_and_the_round_is_finished(players: int, needed: int) -> None:
    s = new(players, seed=3)
    landscapes(s, 1, needed - 2)
    finishing_gain(s, 1)
    assert not s.trigger and s.lcount[1] == needed - 1
    s = new(players, seed=3)
    landscapes(s, 0, needed - 1)
    finishing_gain(s, 0)
    assert s.trigger and s.lcount[0] == needed
    rng = Rng(1)
    while s.player == 0 and not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.randbelow(len(legal))])
    # every other player still plays a turn; the last seat ends the game
    for p in range(1, players):
        assert s.player == p and not s.is_over
        while s.player == p and not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.randbelow(len(legal))])
    assert s.is_over and s.status == "finished" and s.turn == players and s.current_player is None


def over(s: S.GardensState) -> S.GardensState:
    s.phase = L.PH_OVER
    return s


def test_scoring_sums_tracks_tiles_and_whims() -> None:
    s = new(2)
    s.marker[0:4] = [10, 0, 4, 2]
    s.bonus_points[0] = 3
    s.whim[0 * L.NW + 0] = L.W_DOWN  # Foresight used: 2 points
    card = s.scores()[0]
    assert dict(card.categories) == {"spring": 10, "summer": 0, "autumn": 4, "winter": 2, "bonus": 3, "whims": 2}
    assert card.total == 21


def test_winner_and_both_tie_breaks() -> None:
    s = new(3)
    s.marker[:] = [3] * 12
    s.marker[0] = 5
    assert over(s).winners() == (0,)
    s.marker[4] = 5  # tie on points: more landscape cards wins
    s.lcount[:] = [2, 3, 3]
    assert s.winners() == (1,)
    s.lcount[:] = [3, 3, 3]
    s.done_groups[:] = [0b1, 0b100, 0]  # red (2) vs green (4): the larger completed landscape wins
    assert s.winners() == (1,)
    s.done_groups[:] = [0b1000, 0b1000, 0]
    assert s.winners() == (0, 1)  # shared
    s.done_groups[:] = [0, 0, 0]
    assert s.winners() == (0, 1)


def test_max_turns_stops_the_game_unfinished() -> None:
    s = new(3, seed=9, max_turns=4)
    play_random(s, Rng(2))
    assert s.is_over and s.status == "unfinished" and s.turn == 4 and s.winners() == ()


def test_random_games_end_and_the_winner_has_the_best_key() -> None:
    for seed in range(6):
        s = new(2 + seed % 3, seed=seed)
        play_random(s, Rng(seed))
        assert s.status == "finished"
        keys = [s.ranking_key(p) for p in range(s.num_players)]
        assert all(keys[w] == max(keys) for w in s.winners())
        assert max(s.lcount) >= {2: 10, 3: 9, 4: 8}[s.num_players]
