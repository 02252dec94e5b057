"""Ratings (``hanpan.web.ratings``) on both databases: places and ties from a stored result, how a game moves
the people's ratings, the computer levels' fixed ratings, and the issue's test: 200 rated games recorded
live one by one give exactly what ``rebuild`` (and ``hanpan ratings rebuild``) gives from the stored games.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from itertools import pairwise
from typing import Any

import pytest
from sqlalchemy import insert, select

from hanpan.cli.main import main
from hanpan.web.ratings import MODEL, SCALE, RatingError, Ratings, display, level_rating, level_ratings, ranks
from hanpan.web.schema import lobby_tables_table, players_table, rating_history_table, ratings_table, table_seats_table
from hanpan.web.storage import Store, StoredGame

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
MAX_PLAYERS = {"spirits_of_the_wild": 2, "harmonies": 4, "four_gardens": 4}


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    s = Store(db_url)
    yield s
    s.close()


def add_players(store: Store, *ids: str) -> None:
    with store.engine.begin() as c:
        for pid in ids:
            c.execute(insert(players_table).values(id=pid, name=pid.title(), name_key=pid.casefold(),
                                                   password_hash=None, created_at=T0))


def add_table(store: Store, number: int, game: str, seats: list[str], result: dict[str, Any] | None,
              at: datetime, rated: bool = True, status: str = "finished") -> str:
    """A lobby table that started game ``g<number>``: ``seats`` are player ids or ``level:NAME``."""
    game_id, table_id = f"g{number:04d}", f"t{number:04d}"
    people = [s for s in seats if not s.startswith("level:")]
    store.create_game(StoredGame(game_id, game, {}, number, ["human" if s in people else s[6:] for s in seats],
                                 status="finished" if result else "playing", move_count=10, result=result,
                                 created_at=T0, updated_at=at), {})
    seat_json = [{"kind": "level", "level": s[6:]} if s.startswith("level:") else {"kind": "open"} for s in seats]
    with store.engine.begin() as c:
        c.execute(insert(lobby_tables_table).values(
            id=table_id, game=game, options="{}", seats=json.dumps(seat_json), public=True,
            pace=json.dumps({"kind": "realtime"}), creator_id=people[0], status=status, game_id=game_id,
            rated=rated, seed=None, rematch_of=None, created_at=T0, updated_at=at))
        for seat, subject in enumerate(seats):
            if subject in people:
                c.execute(insert(table_seats_table).values(table_id=table_id, seat=seat, player_id=subject,
                                                           joined_at=T0, left_at=None))
    return game_id


def win(seat: int, players: int = 2) -> dict[str, Any]:
    return {"scores": [20 if s == seat else 10 for s in range(players)], "winners": [seat]}


# --- places from a result -----------------------------------------------------------------------------

def test_ranks_give_a_shared_win_and_equal_scores_one_place() -> None:
    assert ranks({"scores": [12, 30], "winners": [1]}) == [2, 1]
    assert ranks({"scores": [30, 30], "winners": [0, 1]}) == [1, 1]  # a shared win is a tie
    assert ranks({"scores": [30, 30], "winners": [1]}) == [2, 1]  # a tiebreak decided it: no tie
    assert ranks({"scores": [30, 25, 25, 40], "winners": [3]}) == [2, 3, 3, 1]
    assert ranks({"scores": [50, 50, 50, 10], "winners": [0, 2]}) == [1, 3, 1, 4]
    with pytest.raises(RatingError, match="not seats of 2 players"):
        ranks({"scores": [1, 2], "winners": [2]})
    with pytest.raises(RatingError, match="needs 'scores'"):
        ranks({"winners": [0]})


def test_a_tie_moves_equal_players_alike_and_a_shared_win_beats_the_rest(store: Store) -> None:
    add_players(store, "ann", "bob", "cat")
    ratings = Ratings(store)
    g = add_table(store, 1, "four_gardens", ["ann", "bob", "cat"], {"scores": [9, 9, 3], "winners": [0, 1]}, T0)
    changes = ratings.record_game(g, "four_gardens", ["ann", "bob", "cat"], {"scores": [9, 9, 3], "winners": [0, 1]},
                                  T0)
    assert changes["ann"] == changes["bob"] and changes["ann"][1][0] > 1500 > changes["cat"][1][0]


# --- how a game moves ratings -------------------------------------------------------------------------

def test_a_win_moves_the_winner_up_and_the_loser_down_more_against_a_stronger_one(store: Store) -> None:
    add_players(store, "ann", "bob", "cat", "dan", "eve", "fay")
    ratings = Ratings(store)
    g1 = add_table(store, 1, "four_gardens", ["ann", "bob"], win(0), T0)
    changes = ratings.record_game(g1, "four_gardens", ["ann", "bob"], win(0), T0)
    (ann_before, _), (ann_after, _) = changes["ann"]
    (bob_before, _), (bob_after, _) = changes["bob"]
    assert ann_before == bob_before == 1500 and ann_after > 1500 > bob_after
    assert ratings.rating("ann", "four_gardens", 2)["display"] == ann_after
    # cat beats ann (now stronger), dan beats fay (new): cat gains more
    g2 = add_table(store, 2, "four_gardens", ["cat", "ann"], win(0), T0 + timedelta(1))
    cat = ratings.record_game(g2, "four_gardens", ["cat", "ann"], win(0), T0 + timedelta(1))["cat"]
    g3 = add_table(store, 3, "four_gardens", ["dan", "fay"], win(0), T0 + timedelta(2))
    dan = ratings.record_game(g3, "four_gardens", ["dan", "fay"], win(0), T0 + timedelta(2))["dan"]
    assert cat[1][0] - cat[0][0] > dan[1][0] - dan[0][0] > 0
    # and a win over master is worth more than one over random
    g4 = add_table(store, 4, "harmonies", ["eve", "level:master"], win(0), T0 + timedelta(3))
    over_master = ratings.record_game(g4, "harmonies", ["eve", "level:master"], win(0), T0 + timedelta(3))["eve"]
    g5 = add_table(store, 5, "harmonies", ["fay", "level:random"], win(0), T0 + timedelta(4))
    over_random = ratings.record_game(g5, "harmonies", ["fay", "level:random"], win(0), T0 + timedelta(4))["fay"]
    assert over_master[1][0] - 1500 > over_random[1][0] - 1500 > 0
    # ratings are per game and player count
    assert {(r["game"], r["players"]) for r in ratings.ratings_of("fay")} == {("four_gardens", 2), ("harmonies", 2)}


def test_a_game_against_a_level_is_rated_with_its_fixed_rating_and_leaves_it_unchanged(store: Store) -> None:
    add_players(store, "ann", "bob")
    ratings = Ratings(store)
    seats = ["level:hard", "ann", "level:easy", "bob"]
    result = {"scores": [40, 35, 35, 20], "winners": [0]}
    g = add_table(store, 1, "four_gardens", seats, result, T0)
    changes = ratings.record_game(g, "four_gardens", seats, result, T0)
    assert set(changes) == {"ann", "bob"}
    hard, easy = level_rating("four_gardens", 4, "hard"), level_rating("four_gardens", 4, "easy")
    assert display(*hard)[0] == 1787 and display(*easy)[0] == 1552  # the 2-player Elo (docs/strength.md)
    expected = MODEL.rate([[MODEL.rating(*hard)], [MODEL.rating()], [MODEL.rating(*easy)], [MODEL.rating()]],
                          ranks=[1.0, 2.0, 2.0, 4.0])
    ann, bob = ratings.rating("ann", "four_gardens", 4), ratings.rating("bob", "four_gardens", 4)
    assert (ann["mu"], ann["sigma"]) == pytest.approx((expected[1][0].mu, expected[1][0].sigma), abs=1e-12)
    assert (bob["mu"], bob["sigma"]) == pytest.approx((expected[3][0].mu, expected[3][0].sigma), abs=1e-12)
    # the levels have no stored rating or history and keep their fixed ones
    with store.engine.connect() as c:
        subjects = {r.subject for r in c.execute(select(ratings_table.c.subject))}
        history = {r.subject for r in c.execute(select(rating_history_table.c.subject))}
    assert subjects == history == {"ann", "bob"}
    level = ratings.rating("level:hard", "four_gardens", 4)
    assert (level["mu"], level["sigma"], level["display"]) == (*hard, 1787)
    assert [r["level"] for r in level_ratings("four_gardens", 4)][-1] == "master"
    # a game of levels only, or one person in two seats, is not rated
    assert ratings.record_game(g, "four_gardens", ["level:hard", "level:easy"], win(0), T0) == {}
    assert ratings.record_game(g, "four_gardens", ["ann", "ann"], win(0), T0) == {}


def test_the_display_scale_is_elo_for_two_players() -> None:
    # Plackett–Luce's win chance of settled ratings 400 displayed points apart is Elo's 10:1
    mu_gap = 400 / SCALE
    win_chance = 1 / (1 + math.exp(-mu_gap / (MODEL.beta * math.sqrt(2))))
    assert win_chance == pytest.approx(10 / 11, abs=1e-12)
    assert display(MODEL.mu, MODEL.sigma) == (1500, 491)


def test_the_uncertainty_shrinks_with_games(store: Store) -> None:
    add_players(store, "ann")
    ratings = Ratings(store)
    shown = [ratings.rating("ann", "spirits_of_the_wild", 2)]
    for n in range(8):
        seats = ["ann", "level:normal"]
        g = add_table(store, n, "spirits_of_the_wild", seats, win(n % 2), T0 + timedelta(minutes=n))
        ratings.record_game(g, "spirits_of_the_wild", seats, win(n % 2), T0 + timedelta(minutes=n))
        shown.append(ratings.rating("ann", "spirits_of_the_wild", 2))
    uncertainty = [r["uncertainty"] for r in shown]
    assert all(a > b for a, b in pairwise(uncertainty)) and uncertainty[-1] < 0.75 * uncertainty[0]
    assert [r["games"] for r in shown] == list(range(9))
    assert [h["game_id"] for h in ratings.history("ann", "spirits_of_the_wild", 2)] == [f"g{n:04d}" for n in range(8)]


def test_a_table_is_rated_once_from_what_the_database_holds(store: Store) -> None:
    add_players(store, "ann", "bob")
    ratings = Ratings(store)
    add_table(store, 1, "harmonies", ["ann", "level:greedy", "bob"], {"scores": [5, 7, 9], "winners": [2]}, T0)
    add_table(store, 2, "harmonies", ["ann", "bob"], win(0), T0, rated=False)
    first = ratings.record_table("t0001")
    assert set(first) == {"ann", "bob"} and first["bob"][1][0] > 1500 > first["ann"][1][0]
    assert ratings.record_table("t0001") == {}  # rated already
    assert ratings.record_table("t0002") == {}  # not a rated table
    assert ratings.rating("bob", "harmonies", 3)["games"] == 1


# --- the test: live == rebuild ----------------------------------------------------------------

def simulated_result(rng: random.Random, players: int) -> dict[str, Any]:
    """Scores with frequent ties; a tie at the top is a shared win or (half the time) a tiebreak's."""
    scores = [rng.randint(0, 4) for _ in range(players)]
    best = [s for s in range(players) if scores[s] == max(scores)]
    winners = best if rng.random() < 0.5 else [rng.choice(best)]
    return {"scores": scores, "winners": winners}


def snapshot(store: Store) -> tuple[list[Any], list[Any]]:
    r, h = ratings_table.c, rating_history_table.c
    with store.engine.connect() as c:
        rows = c.execute(select(r.subject, r.game, r.players, r.mu, r.sigma, r.games, r.updated_at)
                         .order_by(r.subject, r.game, r.players)).all()
        history = c.execute(select(h.subject, h.game, h.players, h.game_id, h.mu, h.sigma, h.at)
                            .order_by(h.subject, h.game, h.players, h.id)).all()
    return [tuple(row) for row in rows], [tuple(row) for row in history]


def make_rated_games(store: Store, count: int, seed: int = 48) -> list[tuple[datetime, str, str, list[str], Any]]:
    """``count`` rated finished tables (2–4 players, some seats levels, some equal end times) written in a
    shuffled order, plus tables that must not be rated; returns the rated ones as (at, game id, game,
    subjects, result)."""
    rng = random.Random(seed)
    people = [f"p{n:02d}" for n in range(10)]
    add_players(store, *people)
    levels = ["level:random", "level:easy", "level:greedy", "level:normal", "level:hard", "level:master"]
    games = []
    for n in range(count):
        game = rng.choice(sorted(MAX_PLAYERS))
        players = rng.randint(2, MAX_PLAYERS[game])
        seated = rng.sample(people, rng.randint(1, players))
        subjects = seated + [rng.choice(levels) for _ in range(players - len(seated))]
        rng.shuffle(subjects)
        at = T0 + timedelta(minutes=rng.randint(0, count // 2))  # many games end at the same time
        games.append((at, f"g{n:04d}", game, subjects, simulated_result(rng, players)))
    for index in rng.sample(range(count), count):
        at, _, game, subjects, result = games[index]
        add_table(store, index, game, subjects, result, at)
    # not rated: an unrated table, an abandoned one and one still playing
    add_table(store, count, "four_gardens", people[:2], win(0), T0, rated=False)
    add_table(store, count + 1, "four_gardens", people[:2], win(1), T0, status="abandoned")
    add_table(store, count + 2, "four_gardens", people[:2], None, T0, status="playing")
    return sorted(games)


def test_rebuild_gives_the_live_ratings_after_200_rated_games(store: Store) -> None:
    games = make_rated_games(store, 200)
    ratings = Ratings(store)
    counted = []
    for at, game_id, game, subjects, result in games:  # live, in the order they ended
        if ratings.record_game(game_id, game, subjects, result, at):
            counted.append(subjects)
    live_rows, live_history = snapshot(store)
    live_boards = {board: ratings.leaderboard(*board) for board in ratings.boards()}
    assert len(live_history) == sum(sum(not s.startswith("level:") for s in g) for g in counted)
    assert len(live_boards) >= 6 and all(len(board) >= 5 for board in live_boards.values())
    assert 150 < len(counted) < 200  # the games of a pair past 5 a day are not (the same ones in rebuild)

    assert ratings.rebuild() == len(counted)
    rows, history = snapshot(store)
    assert [row[:3] + row[5:] for row in rows] == [row[:3] + row[5:] for row in live_rows]
    assert [row[:4] + row[6:] for row in history] == [row[:4] + row[6:] for row in live_history]
    for now, then in zip(rows, live_rows, strict=True):  # (subject, game, players, mu, sigma, ...)
        assert now[3:5] == pytest.approx(then[3:5], abs=1e-9)
    for now, then in zip(history, live_history, strict=True):  # (subject, game, players, game_id, mu, sigma, at)
        assert now[4:6] == pytest.approx(then[4:6], abs=1e-9)
    assert {board: ratings.leaderboard(*board) for board in ratings.boards()} == live_boards
    for person in ("p00", "p05"):
        for r in ratings.ratings_of(person):
            assert [h["display"] for h in ratings.history(person, r["game"], r["players"])][-1] == r["display"]
    assert ratings.rebuild() == len(counted) and snapshot(store) == (rows, history)  # again: the same


def test_hanpan_ratings_rebuild_and_show(db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    store = Store(db_url)
    games = make_rated_games(store, 12, seed=7)
    store.close()
    assert main(["ratings", "rebuild", "--db", db_url, "--top", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("rebuilt the ratings from 12 rated games\n")
    store = Store(db_url)
    ratings = Ratings(store)
    for game, players in ratings.boards():
        assert f"\n{game}, {players} players\n" in out
        best = ratings.leaderboard(game, players, 1)[0]
        assert f"  1. {best['name']:<24} {best['display']:5d} ± {best['uncertainty']:<4d} ({best['games']} games" in out
    someone = next(s for s in games[0][3] if not s.startswith("level:"))
    shown = ratings.ratings_of(someone)
    store.close()
    assert main(["ratings", "show", someone.upper(), "--db", db_url]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == f"{someone.title()}: {len(shown)} rating{'s' if len(shown) != 1 else ''}"
    assert main(["ratings", "show", "nobody", "--db", db_url]) == 2
    assert "no player is named 'nobody'" in capsys.readouterr().err
    assert main(["ratings", "show", "--db", db_url]) == 2
    assert "hanpan ratings show NAME" in capsys.readouterr().err


# --- issue 60 §3: leavers rated last, a pair's games a day capped --------------------------------------

def test_a_person_who_left_is_rated_last_live_and_in_rebuild(store: Store) -> None:
    add_players(store, "ann", "bob")
    ratings = Ratings(store)
    # ann left and a level took her seat and won; bob, who stayed, beat... nobody but the level
    add_table(store, 1, "spirits_of_the_wild", ["ann", "bob"], win(0), T0)
    with store.engine.begin() as c:
        c.execute(table_seats_table.update().where(table_seats_table.c.table_id == "t0001",
                                                   table_seats_table.c.seat == 0).values(left_at=T0))
    changes = ratings.record_table("t0001")
    assert changes["ann"][1][0] < 1500 < changes["bob"][1][0]
    live = snapshot(store)
    assert ratings.rebuild() == 1 and snapshot(store) == live


def test_at_most_a_few_rated_games_a_day_count_between_the_same_two_people(store: Store) -> None:
    PAIR_GAMES_A_DAY = 5  # the documented figure (docs/api.md)
    add_players(store, "ann", "bob", "cat")
    ratings = Ratings(store)
    counted = []
    for n in range(PAIR_GAMES_A_DAY + 2):  # bob feeds ann wins, one every ten minutes
        add_table(store, n, "spirits_of_the_wild", ["ann", "bob"], win(0), T0 + timedelta(minutes=10 * n))
        counted.append(bool(ratings.record_table(f"t{n:04d}")))
    assert counted == [True] * PAIR_GAMES_A_DAY + [False, False]
    # ann with someone else, and ann with bob a day after the first game, count again
    add_table(store, 50, "spirits_of_the_wild", ["ann", "cat"], win(0), T0 + timedelta(hours=2))
    assert ratings.record_table("t0050")
    add_table(store, 51, "spirits_of_the_wild", ["bob", "ann"], win(0), T0 + timedelta(days=1, minutes=1))
    assert ratings.record_table("t0051")
    assert ratings.rating("ann", "spirits_of_the_wild", 2)["games"] == PAIR_GAMES_A_DAY + 2
    live = snapshot(store)
    assert ratings.rebuild() == PAIR_GAMES_A_DAY + 2 and snapshot(store) == live
    from hanpan.web import ratings as module

    assert module.PAIR_GAMES_A_DAY == PAIR_GAMES_A_DAY
