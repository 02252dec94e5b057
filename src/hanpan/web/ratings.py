"""Players' ratings: one per person per game and player count, updated when a rated game ends.

The model is OpenSkill's Plackett–Luce (``openskill.models.PlackettLuce`` with its defaults: mu 25,
sigma 25/3, beta 25/6, tau 25/300), made for games of 2–4 players with ties.  A rating is (mu, sigma)
for a *subject*: a player's id, or ``"level:NAME"`` for a computer level.  A person's first game of a
game and player count starts from the model's default.

**Shown as one number with its uncertainty** on an Elo-like scale (:func:`display`): a difference of
displayed ratings means what the same Elo difference means between two players; the uncertainty is two
sigmas on that scale (about a 95 % interval).

**Computer levels** have fixed ratings from their measured Elo (``hanpan/agents/ladder.json``,
docs/strength.md; :func:`level_rating`) and are never updated.  A game against them is rated for the
people in it, with the levels' fixed ratings as their opponents: so beating ``greedy`` (Elo 1500) is
worth what beating a 1500 person of settled rating is worth.

**Rated games** are the ``lobby_tables`` rows with ``rated`` true and status ``finished``, with their
game's result (or ``abandoned`` with a seat someone left, see below).  Their order is
(``games.updated_at``, ``games.id``): the live path (:meth:`Ratings.record_game`, or
:meth:`Ratings.record_table` which reads everything from the database) must see the games in that
order, with ``at`` the game's ``updated_at``, and :meth:`Ratings.rebuild` replays them in that order —
so the two give exactly the same numbers.

A game is not rated (nothing is written, ``{}`` is returned) when it has fewer than two players, no
person in it, one person in several seats, or when it was rated already.

**Leaving loses.**  A person who left a seat or ran out of time (``table_seats.left_at``) is rated as the
game's last place, whatever the level that took the seat over went on to do (as Board Game Arena counts
an abandoned game as a loss): otherwise leaving a game at once let a strong level win it for you.  The
people who stayed are placed by the result among themselves.  A rated table abandoned because someone
left (its pace said ``abandon``) is rated too: who left last, everyone else shares the first place.

**A pair's games a day.**  At most ``PAIR_GAMES_A_DAY`` rated games between the same two people count in
any 24 hours (by the games' end); a later one is played but not rated (for anyone in it), so two accounts
of one person cannot trade a rating up by feeding each other wins.

>>> from datetime import UTC
>>> from hanpan.web.storage import StoredGame
>>> store = Store("sqlite://")
>>> store.create_game(StoredGame("g1", "four_gardens", {}, 7, ["human", "greedy"]), {})
>>> ratings = Ratings(store)
>>> ratings.record_game("g1", "four_gardens", ["p1", "level:greedy"], {"scores": [30, 20], "winners": [0]},
...                     datetime(2025, 1, 1, tzinfo=UTC))
{'p1': ((1500, 491), (1600, 457))}
>>> ratings.rating("p1", "four_gardens", 2)["games"]
1
"""

from __future__ import annotations

import functools
import json
import logging
import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import combinations
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Connection, and_, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from hanpan.agents.ladder import BASE_ORDER, ladder
from hanpan.core.errors import HanpanError
from hanpan.web.schema import (
    lobby_tables_table,
    players_table,
    rating_history_table,
    ratings_table,
    table_seats_table,
)
from hanpan.web.storage import Store, games_table

log = logging.getLogger("hanpan.web")

#: the rating model (its defaults: mu 25, sigma 25/3, beta 25/6)
MODEL = PlackettLuce()

#: Elo points per unit of mu.  Plackett–Luce gives player A the win over B with probability
#: ``e^(mu_A/c) / (e^(mu_A/c) + e^(mu_B/c)) = 1 / (1 + e^(-(mu_A - mu_B)/c))``, where
#: ``c = sqrt(sigma_A² + sigma_B² + 2·beta²)``, which for settled ratings (small sigmas) is ``beta·√2``.
#: Elo gives ``1 / (1 + 10^(-D/400)) = 1 / (1 + e^(-D·ln 10/400))``.  The two agree when
#: ``D = (mu_A - mu_B) · 400 / (ln 10 · beta · √2)``: SCALE ≈ 29.48 with beta = 25/6.
SCALE = 400.0 / (math.log(10) * MODEL.beta * math.sqrt(2))

#: Elo of the display's zero point (mu = 25, the model's default) and of the greedy level's anchor
ANCHOR_ELO = 1500.0

#: a level's sigma: one mu unit ≈ 29 Elo, about the standard error of the measured Elo ratings
#: (their 95 % intervals in docs/strength.md are roughly ±50)
LEVEL_SIGMA = 1.0

LEVEL_PREFIX = "level:"

#: at most this many rated games between the same two people count in ``PAIR_WINDOW``.  Five covers an
#: evening of rematches between friends (a best of five); past it, two accounts of one person feeding
#: each other wins gain five games' worth a day, not a leaderboard's top in minutes.
PAIR_GAMES_A_DAY = 5
PAIR_WINDOW = timedelta(days=1)


class RatingError(HanpanError):
    """A game that cannot be rated as given (its result and seats do not match)."""


def display(mu: float, sigma: float) -> tuple[int, int]:
    """A rating as people see it: (rating, uncertainty) on the Elo scale (see ``SCALE``).

    >>> display(25.0, 25 / 3)  # a new player
    (1500, 491)
    >>> display(25.0 + 400 / SCALE, 1.0)  # 400 Elo above: wins ~91 % of 2-player games
    (1900, 59)
    """
    return round(ANCHOR_ELO + (mu - MODEL.mu) * SCALE), round(2 * sigma * SCALE)


def is_level(subject: str) -> bool:
    """True for a computer level's subject (``"level:NAME"``)."""
    return subject.startswith(LEVEL_PREFIX)


def level_elo(game: str, players: int, level: str) -> float:
    """A level's Elo for ``players`` players of ``game``, as the ladder measured it.

    3 and 4 players use the 2-player figures (as ``hanpan.agents.ladder`` does).  A level the round robin
    did not measure gets the Elo of the strongest measured level before it in ``BASE_ORDER`` (the ladder
    places it just above that one); any other level (``mcts:200``, or a game nothing was measured for)
    gets the greedy anchor, 1500.

    >>> level_elo("spirits_of_the_wild", 3, "master"), level_elo("harmonies", 2, "mcts:200")
    (2315.9, 1500.0)
    """
    measured = {lv.name: lv.elo for lv in ladder(game, max(players, 2)) if lv.elo is not None}
    if level in measured:
        return float(measured[level])
    if level in BASE_ORDER:
        before = [measured[n] for n in BASE_ORDER[:BASE_ORDER.index(level)] if n in measured]
        if before:
            return float(max(before))
    return ANCHOR_ELO


def level_rating(game: str, players: int, level: str) -> tuple[float, float]:
    """A computer level's fixed (mu, sigma): its measured Elo on the model's scale, sigma ``LEVEL_SIGMA``.

    >>> mu, sigma = level_rating("four_gardens", 2, "greedy")
    >>> mu, sigma, display(mu, sigma)
    (25.0, 1.0, (1500, 59))
    >>> display(*level_rating("four_gardens", 4, "master"))[0]  # 4 players: the 2-player figure
    1863
    """
    return MODEL.mu + (level_elo(game, players, level) - ANCHOR_ELO) / SCALE, LEVEL_SIGMA


def level_ratings(game: str, players: int) -> list[dict[str, Any]]:
    """Each level of ``game`` for ``players`` players, weakest first, with its fixed rating (the lobby's list).

    >>> [(r["level"], r["display"]) for r in level_ratings("harmonies", 2)][:2]
    [('random', 500), ('easy', 1232)]
    """
    rows = []
    for lv in ladder(game, max(players, 2)):
        mu, sigma = level_rating(game, players, lv.name)
        shown, uncertainty = display(mu, sigma)
        rows.append({"level": lv.name, "subject": LEVEL_PREFIX + lv.name, "mu": mu, "sigma": sigma,
                     "display": shown, "uncertainty": uncertainty})
    return rows


@functools.cache
def rated_levels(game: str, players: int) -> dict[str, int]:
    """Each level's fixed rating as shown, for a game and player count (the lobby shows it beside the level).

    >>> rated_levels("harmonies", 2)["random"]
    500
    """
    return {entry["level"]: entry["display"] for entry in level_ratings(game, players)}


def ranks(result: dict[str, Any]) -> list[int]:
    """Each seat's place (1 is first) from a stored result ``{"scores": [...], "winners": [...]}``.

    The winners share first place (a shared win is a tie); the others follow by score, and equal scores
    share a place (OpenSkill's ties).  A winner named by a tiebreak stays ahead of an equal score.

    >>> ranks({"scores": [30, 41, 41], "winners": [1, 2]})
    [3, 1, 1]
    >>> ranks({"scores": [30, 30, 12, 30], "winners": [3]})  # seat 3 won the tiebreak
    [2, 2, 4, 1]
    >>> ranks({"scores": [5, 9], "winners": [], "unfinished": True})
    [2, 1]
    """
    try:
        scores = [float(s) for s in result["scores"]]
        winners = {int(w) for w in result.get("winners") or []}
    except (KeyError, TypeError, ValueError):
        raise RatingError(f"a result needs 'scores' (numbers) and 'winners' (seats), not {result!r}") from None
    if not winners <= set(range(len(scores))):
        raise RatingError(f"the winners {sorted(winners)} are not seats of {len(scores)} players")
    keys = [(seat not in winners, -score) for seat, score in enumerate(scores)]
    return [1 + sum(other < key for other in keys) for key in keys]


def places(result: dict[str, Any] | None, players: int, left: Collection[int] = ()) -> list[int]:
    """Each seat's place for rating: the seats whose person left (``left``) share the last place, the
    others are placed by ``result`` among themselves (all first when there is none: an abandoned game).

    >>> places({"scores": [30, 20], "winners": [0]}, 2, left={0})  # a level won seat 0 after its person left
    [2, 1]
    >>> places({"scores": [5, 9, 7], "winners": [1]}, 3, left={1})
    [2, 3, 1]
    >>> places(None, 3, left={2})
    [1, 1, 3]
    """
    base = ranks(result) if result is not None else [1] * players
    if len(base) != players:
        raise RatingError(f"the result has {len(base)} scores for {players} seats")
    stayed = [seat for seat in range(players) if seat not in left]
    return [1 + sum(base[other] < base[seat] for other in stayed) if seat in stayed else len(stayed) + 1
            for seat in range(players)]


@dataclass(frozen=True)
class _Rated:
    """One rated game as it is replayed: who sat where, who left (seats), and how it ended (None: abandoned)."""

    game_id: str
    game: str
    subjects: list[str]
    result: dict[str, Any] | None
    at: datetime
    left: frozenset[int] = field(default_factory=frozenset)


def _people(subjects: Sequence[str]) -> list[str] | None:
    """The people of a game to rate, or None when it is not rated (see the module's notes)."""
    people = [s for s in subjects if not is_level(s)]
    if len(subjects) < 2 or not people or len(set(people)) != len(people):
        return None
    return people


def _new_ratings(game: str, subjects: Sequence[str], result: dict[str, Any] | None,
                 current: dict[str, tuple[float, float]], left: Collection[int] = ()) -> dict[str, tuple[float, float]]:
    """The people's ratings after the game: ``current`` holds those who have one (others start anew)."""
    players = len(subjects)
    try:
        placed = places(result, players, left)
    except RatingError as e:
        raise RatingError(f"{e} ({', '.join(subjects)})") from None
    before = [level_rating(game, players, s[len(LEVEL_PREFIX):]) if is_level(s)
              else current.get(s, (MODEL.mu, MODEL.sigma)) for s in subjects]
    teams = [[MODEL.rating(mu, sigma)] for mu, sigma in before]
    after = MODEL.rate(teams, ranks=[float(p) for p in placed])
    return {s: (team[0].mu, team[0].sigma) for s, team in zip(subjects, after, strict=True) if not is_level(s)}


def _rating_dict(subject: str, game: str, players: int, mu: float, sigma: float, games: int) -> dict[str, Any]:
    shown, uncertainty = display(mu, sigma)
    return {"subject": subject, "game": game, "players": players, "mu": mu, "sigma": sigma,
            "display": shown, "uncertainty": uncertainty, "games": games}


class Ratings:
    """The ratings in a :class:`Store`'s database; every method is one short transaction (call from a thread)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # --- writes ------------------------------------------------------------------------------------
    def record_game(self, game_id: str, game: str, subjects: list[str], result: dict[str, Any] | None,
                    at: datetime, left: Collection[int] = ()) -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
        """Rate a finished game: ``subjects`` per seat (a player's id or ``level:NAME``), its stored
        ``result`` (None: abandoned), ``at`` the game's ``updated_at`` (the order key), ``left`` the seats
        whose person left.  Returns each person's (display before, display after) as (rating, uncertainty)
        pairs; ``{}`` when the game is not rated (see the module's notes).

        Raises :class:`RatingError` when the result does not fit the seats.
        """
        for attempt in range(3):  # PostgreSQL: two games making one person's first rating at once
            try:
                with self.store._writing(), self.engine.begin() as c:
                    return self._record(c, _Rated(game_id, game, list(subjects), result, at, frozenset(left)))
            except IntegrityError:
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def record_table(self, table_id: str) -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
        """Rate the finished, rated lobby table ``table_id`` from what the database holds (its seats, its
        game's result and ``updated_at``): the live path that matches :meth:`rebuild` by construction.
        ``{}`` when the table is not a rated finished game (or was rated already)."""
        with self.engine.connect() as c:
            rated = _rated_games(c, table_id)
        if not rated:
            return {}
        one = rated[0]
        return self.record_game(one.game_id, one.game, one.subjects, one.result, one.at, one.left)

    def _record(self, c: Connection, rated: _Rated) -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
        people = _people(rated.subjects)
        if people is None:
            return {}
        players = len(rated.subjects)
        r = ratings_table.c
        query = select(r.subject, r.mu, r.sigma, r.games).where(
            r.subject.in_(people), r.game == rated.game, r.players == players)
        if not self.store.is_sqlite:
            query = query.with_for_update()  # the people's rows, until this game is written
        rows = {row.subject: row for row in c.execute(query).all()}
        h = rating_history_table.c
        if c.execute(select(h.id).where(h.game_id == rated.game_id).limit(1)).first() is not None:
            return {}  # rated already
        if _pair_games(c, people, rated.at) >= PAIR_GAMES_A_DAY:
            log.info("game %s is not rated: two of its people played %d rated games together within a day",
                     rated.game_id, PAIR_GAMES_A_DAY)
            return {}
        current = {s: (float(row.mu), float(row.sigma)) for s, row in rows.items()}
        new = _new_ratings(rated.game, rated.subjects, rated.result, current, rated.left)
        changes = {}
        for subject in people:
            mu, sigma = new[subject]
            if subject in rows:
                c.execute(update(ratings_table)
                          .where(r.subject == subject, r.game == rated.game, r.players == players)
                          .values(mu=mu, sigma=sigma, games=rows[subject].games + 1, updated_at=rated.at))
            else:
                c.execute(insert(ratings_table).values(subject=subject, game=rated.game, players=players, mu=mu,
                                                       sigma=sigma, games=1, updated_at=rated.at))
            c.execute(insert(rating_history_table).values(subject=subject, game=rated.game, players=players,
                                                          game_id=rated.game_id, mu=mu, sigma=sigma, at=rated.at))
            changes[subject] = (display(*current.get(subject, (MODEL.mu, MODEL.sigma))), display(mu, sigma))
        return changes

    def rebuild(self) -> int:
        """Delete every person's rating and history and replay every rated finished game in the order they
        ended (``games.updated_at``, then ``games.id``); returns how many games were rated."""
        with self.store._writing(), self.engine.begin() as c:
            games = _rated_games(c)
            c.execute(delete(rating_history_table))
            c.execute(delete(ratings_table).where(ratings_table.c.subject.not_like(LEVEL_PREFIX + "%")))
            current: dict[tuple[str, str, int], tuple[float, float, int, datetime]] = {}
            history: list[dict[str, Any]] = []
            #: when each pair of people's counted games ended (the live path reads it from the history)
            together: dict[tuple[str, str], list[datetime]] = {}
            done = 0
            for rated in games:
                people = _people(rated.subjects)
                if people is None:
                    continue
                pairs = list(combinations(sorted(people), 2))
                if any(sum(rated.at - PAIR_WINDOW < at <= rated.at for at in together.get(pair, ()))
                       >= PAIR_GAMES_A_DAY for pair in pairs):
                    continue
                players = len(rated.subjects)
                before = {s: current[(s, rated.game, players)][:2] for s in people
                          if (s, rated.game, players) in current}
                try:
                    new = _new_ratings(rated.game, rated.subjects, rated.result, before, rated.left)
                except RatingError as e:
                    log.error("game %s is not rated: %s", rated.game_id, e)
                    continue
                for pair in pairs:
                    together.setdefault(pair, []).append(rated.at)
                for s in people:
                    key = (s, rated.game, players)
                    count = current[key][2] + 1 if key in current else 1
                    current[key] = (*new[s], count, rated.at)
                    history.append({"subject": s, "game": rated.game, "players": players, "game_id": rated.game_id,
                                    "mu": new[s][0], "sigma": new[s][1], "at": rated.at})
                done += 1
            if current:
                c.execute(insert(ratings_table), [
                    {"subject": s, "game": g, "players": n, "mu": mu, "sigma": sigma, "games": count,
                     "updated_at": at} for (s, g, n), (mu, sigma, count, at) in current.items()])
            if history:
                c.execute(insert(rating_history_table), history)
        return done

    # --- reads -------------------------------------------------------------------------------------
    def rating(self, subject: str, game: str, players: int) -> dict[str, Any]:
        """A subject's rating: ``subject, game, players, mu, sigma, display, uncertainty, games`` (a person
        without games: the model's default; a level: its fixed rating, ``games`` 0)."""
        if is_level(subject):
            return _rating_dict(subject, game, players, *level_rating(game, players, subject[len(LEVEL_PREFIX):]), 0)
        r = ratings_table.c
        with self.engine.connect() as c:
            row = c.execute(select(r.mu, r.sigma, r.games).where(
                r.subject == subject, r.game == game, r.players == players)).first()
        if row is None:
            return _rating_dict(subject, game, players, MODEL.mu, MODEL.sigma, 0)
        return _rating_dict(subject, game, players, float(row.mu), float(row.sigma), int(row.games))

    def ratings_for(self, wanted: Sequence[tuple[str, str, int]]) -> dict[tuple[str, str, int], dict[str, Any]]:
        """:meth:`rating` for many (subject, game, players) at once, in one query (the lobby's tables)."""
        people = sorted({w[0] for w in wanted if not is_level(w[0])})
        found: dict[tuple[str, str, int], Any] = {}
        if people:
            r = ratings_table.c
            with self.engine.connect() as c:
                for stored in c.execute(select(r.subject, r.game, r.players, r.mu, r.sigma, r.games)
                                        .where(r.subject.in_(people))):
                    found[(stored.subject, stored.game, int(stored.players))] = stored
        out = {}
        for key in wanted:
            subject, game, players = key
            row = found.get(key)
            if is_level(subject):
                out[key] = self.rating(subject, game, players)
            elif row is None:
                out[key] = _rating_dict(subject, game, players, MODEL.mu, MODEL.sigma, 0)
            else:
                out[key] = _rating_dict(subject, game, players, float(row.mu), float(row.sigma), int(row.games))
        return out

    def ratings_of(self, subject: str) -> list[dict[str, Any]]:
        """Every rating a subject has (per game and player count), as :meth:`rating` gives them."""
        r = ratings_table.c
        with self.engine.connect() as c:
            rows = c.execute(select(ratings_table).where(r.subject == subject).order_by(r.game, r.players)).all()
        return [_rating_dict(row.subject, row.game, int(row.players), float(row.mu), float(row.sigma),
                             int(row.games)) for row in rows]

    def history(self, subject: str, game: str, players: int) -> list[dict[str, Any]]:
        """Each rated game of a subject, oldest first: ``game_id, at, display, uncertainty, mu, sigma``."""
        h = rating_history_table.c
        with self.engine.connect() as c:
            rows = c.execute(select(h.game_id, h.at, h.mu, h.sigma)
                             .where(h.subject == subject, h.game == game, h.players == players)
                             .order_by(h.id)).all()
        return [{"game_id": row.game_id, "at": row.at, "display": display(row.mu, row.sigma)[0],
                 "uncertainty": display(row.mu, row.sigma)[1], "mu": float(row.mu), "sigma": float(row.sigma)}
                for row in rows]

    def leaderboard(self, game: str, players: int, limit: int = 50) -> list[dict[str, Any]]:
        """The people of ``game`` for ``players`` players, best first by the conservative estimate
        ``display - uncertainty`` (mu - 2 sigma): ``subject, name, display, uncertainty, games``."""
        r = ratings_table.c
        conservative = r.mu - 2 * r.sigma
        query = (select(r.subject, r.mu, r.sigma, r.games, players_table.c.name)
                 .select_from(ratings_table.outerjoin(players_table, players_table.c.id == r.subject))
                 .where(r.game == game, r.players == players, r.subject.not_like(LEVEL_PREFIX + "%"))
                 .order_by(conservative.desc(), r.subject).limit(limit))
        with self.engine.connect() as c:
            rows = c.execute(query).all()
        return [{"subject": row.subject, "name": row.name, "display": display(row.mu, row.sigma)[0],
                 "uncertainty": display(row.mu, row.sigma)[1], "games": int(row.games)} for row in rows]

    def boards(self) -> list[tuple[str, int]]:
        """Every (game, player count) someone has a rating for."""
        r = ratings_table.c
        with self.engine.connect() as c:
            rows = c.execute(select(r.game, r.players).distinct().order_by(r.game, r.players)).all()
        return [(str(row.game), int(row.players)) for row in rows]


def _pair_games(c: Connection, people: Sequence[str], at: datetime) -> int:
    """The most rated games any two of ``people`` played together in the day up to ``at`` (from the history)."""
    one, other = rating_history_table.alias("one"), rating_history_table.alias("other")
    most = 0
    for a, b in combinations(sorted(people), 2):
        count = c.execute(select(func.count(func.distinct(one.c.game_id)))
                          .select_from(one.join(other, one.c.game_id == other.c.game_id))
                          .where(one.c.subject == a, other.c.subject == b, one.c.at > at - PAIR_WINDOW,
                                 one.c.at <= at)).scalar_one()
        most = max(most, int(count))
    return most


def _rated_games(c: Connection, table_id: str | None = None) -> list[_Rated]:
    """The rated games that ended (all, or one table's) in the order they ended, with each seat's subject:
    the person in ``table_seats``, or the level of the table's ``seats`` JSON.  They are the finished ones
    and the ones abandoned because someone left (a seat with ``left_at``)."""
    t, g, s = lobby_tables_table.c, games_table.c, table_seats_table.c
    someone_left = select(s.table_id).where(s.left_at.is_not(None))
    ended = or_(and_(t.status == "finished", g.result.is_not(None)),
                and_(t.status == "abandoned", t.id.in_(someone_left)))
    where = and_(t.rated.is_(True), ended)
    if table_id is not None:
        where = and_(where, t.id == table_id)
    rows = c.execute(select(t.id.label("table_id"), t.seats, t.status, g.id, g.game, g.result, g.updated_at)
                     .select_from(lobby_tables_table.join(games_table, games_table.c.id == t.game_id))
                     .where(where).order_by(g.updated_at, g.id)).all()
    seat_rows = c.execute(select(s.table_id, s.seat, s.player_id, s.left_at)
                          .select_from(table_seats_table.join(lobby_tables_table, t.id == s.table_id))
                          .where(t.rated.is_(True), t.status.in_(("finished", "abandoned")),
                                 *([t.id == table_id] if table_id is not None else []))).all()
    people: dict[str, dict[int, str]] = {}
    left: dict[str, set[int]] = {}
    for seat_row in seat_rows:
        people.setdefault(seat_row.table_id, {})[int(seat_row.seat)] = str(seat_row.player_id)
        if seat_row.left_at is not None:
            left.setdefault(seat_row.table_id, set()).add(int(seat_row.seat))
    rated, seen = [], set()
    for row in rows:
        if row.id in seen:
            continue
        seen.add(row.id)
        seats = json.loads(row.seats)
        subjects = []
        for number, seat in enumerate(seats):
            person = people.get(row.table_id, {}).get(number)
            if person is not None:
                subjects.append(person)
            elif isinstance(seat, dict) and seat.get("kind") == "level" and seat.get("level"):
                subjects.append(LEVEL_PREFIX + str(seat["level"]))
            else:
                log.error("table %s seat %d has neither a person nor a level: not rated", row.table_id, number)
                break
        else:
            result = json.loads(row.result) if row.status == "finished" else None
            rated.append(_Rated(str(row.id), str(row.game), subjects, result, row.updated_at,
                                frozenset(left.get(row.table_id, ()))))
    return rated
