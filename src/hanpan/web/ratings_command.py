"""``hanpan ratings``: rebuild every rating from the stored games, or show a player's (the CLI's glue:
``hanpan.cli.main`` calls ``command``; the ratings themselves are ``hanpan.web.ratings``)."""

from __future__ import annotations

from sqlalchemy import select

from hanpan.web.accounts import name_key
from hanpan.web.ratings import RatingError, Ratings
from hanpan.web.schema import players_table
from hanpan.web.serve import check_db_url, default_db_url
from hanpan.web.storage import Store


def command(action: str, db: str | None = None, name: str | None = None, top: int = 10) -> int:
    """``hanpan ratings rebuild`` / ``hanpan ratings show NAME`` on ``db`` (default: the server's database)."""
    store = Store(check_db_url(db) if db else default_db_url())
    try:
        ratings = Ratings(store)
        if action == "rebuild":
            count = ratings.rebuild()
            print(f"rebuilt the ratings from {count} rated game{'s' if count != 1 else ''}")
            for game, players in ratings.boards():
                print(f"\n{game}, {players} players")
                for place, row in enumerate(ratings.leaderboard(game, players, top), 1):
                    print(f"{place:3d}. {row['name'] or row['subject']:<24} {row['display']:5d} "
                          f"± {row['uncertainty']:<4d} ({row['games']} games)")
            return 0
        if name is None:
            raise RatingError("ratings show needs a player's name, e.g. hanpan ratings show Alice")
        with store.engine.connect() as c:
            player = c.execute(select(players_table.c.id, players_table.c.name)
                               .where(players_table.c.name_key == name_key(name.strip()))).first()
        if player is None:
            raise RatingError(f"no player is named {name!r}; names are matched ignoring case")
        shown = ratings.ratings_of(str(player.id))
        print(f"{player.name}: {len(shown)} rating{'s' if len(shown) != 1 else ''}")
        for r in shown:
            print(f"  {r['game']}, {r['players']} players: {r['display']} ± {r['uncertainty']} ({r['games']} games)")
        return 0
    finally:
        store.close()

