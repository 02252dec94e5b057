"""The tables of players, lobby tables and ratings (beside the games of ``storage``; one ``metadata``).

Migration ``0002_players_tables_ratings`` makes them (``0005`` adds ``players.name_skeleton*``, ``0006``
``table_seats.left_why`` and ``left_move``, ``0007`` the notifications' tables, ``0008`` moderation's); a
change here needs a new migration there.

- ``players``: an account (a password hash) or a guest (none); ``name_key`` is the name case-folded, unique;
  ``name_skeleton*`` what it looks like (``hanpan.web.confusables``), so no new name looks like another.
- ``sessions``: a page's session (the cookie's value hashed) with its CSRF token; guests have sessions too.
- ``api_keys``: keys an account made for its bots (hashed; shown once).
- ``lobby_tables``: a table: a game, its options, seats, public or private, pace, creator, and the game
  it started (``game_id``) once its seats were full.
- ``table_seats``: who sits where at a table (a player; a computer level has no row), and who left, why
  and after how many moves.
- ``chat_messages`` / ``chat_reports``: a table's chat (a message an admin hid keeps its row, marked) and
  the reports of its messages (handled once an admin acted on the message or dismissed them).
- ``sanctions``: a player's chat muted or account banned, until when (None: for good), why, by whom; lifted
  early or not.  ``audit_log``: every admin action: who, what, on what, why, when.
- ``ratings`` / ``rating_history``: a rating per player (or ``level:NAME``) per game and player count,
  and every change of one with the game that made it.
- ``notification_settings``: which events reach a player by which channel, their quiet hours, and their
  e-mail address (confirmed or not); ``push_subscriptions``: their devices' Web Push subscriptions;
  ``notification_events``: each event once (``key``), and whether and when it was pushed and mailed;
  ``page_presence``: the game pages open at each server process (several processes on PostgreSQL);
  ``server_secrets``: what the server makes at its first start (its VAPID key), kept with its data.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
)

from hanpan.web.storage import metadata

players_table = Table(
    "players", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(80), nullable=False, unique=True),  # name.casefold(): unique, any script
    # what the name looks like, lower case first and as written first (confusables.name_looks): a new name
    # may not look like another's; not unique, as names older than the rule keep theirs (migration 0005)
    Column("name_skeleton", String(400), nullable=True, index=True),
    Column("name_skeleton_cased", String(400), nullable=True, index=True),
    Column("password_hash", Text, nullable=True),  # Argon2id; None for a guest
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("admin", Boolean, nullable=False, server_default=false()),  # hanpan admin grant NAME
)

sessions_table = Table(
    "sessions", metadata,
    Column("id_hash", String(64), primary_key=True),  # sha256 of the cookie's value
    Column("player_id", String(32), ForeignKey("players.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("csrf", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
)

api_keys_table = Table(
    "api_keys", metadata,
    Column("key_hash", String(64), primary_key=True),
    Column("player_id", String(32), ForeignKey("players.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("label", String(60), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

lobby_tables_table = Table(
    "lobby_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("options", Text, nullable=False),  # JSON object
    # JSON list, one per seat: {"kind": "open"} | {"kind": "reserved", "name": NAME} | {"kind": "level", "level": L}
    Column("seats", Text, nullable=False),
    Column("public", Boolean, nullable=False),
    # JSON: {"kind": "realtime"} | {"kind": "turn", "limit_s": N, "on_timeout": "level:NAME" | "abandon"}
    Column("pace", Text, nullable=False),
    Column("creator_id", String(32), ForeignKey("players.id"), nullable=False, index=True),
    Column("status", String(12), nullable=False, index=True),  # open, playing, finished, abandoned
    Column("game_id", String(32), ForeignKey("games.id"), nullable=True, index=True),
    Column("rated", Boolean, nullable=False),
    Column("seed", BigInteger, nullable=True),  # a chosen seed (only where every person's seat is the creator's)
    Column("rematch_of", String(32), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

table_seats_table = Table(
    "table_seats", metadata,
    Column("table_id", String(32), ForeignKey("lobby_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player_id", String(32), ForeignKey("players.id"), nullable=False, index=True),
    Column("joined_at", DateTime(timezone=True), nullable=False),
    Column("left_at", DateTime(timezone=True), nullable=True),  # left or replaced (by a computer level)
    # why: "left", "ran out of time", or "declined" (a rematch's seat); and the moves made by then (0006)
    Column("left_why", String(16), nullable=True),
    Column("left_move", Integer, nullable=True),
)

chat_messages_table = Table(
    "chat_messages", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("lobby_tables.id", ondelete="CASCADE"), nullable=False),
    Column("player_id", String(32), ForeignKey("players.id"), nullable=False),
    Column("text", String(300), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("hidden_at", DateTime(timezone=True), nullable=True),  # an admin hid it (hanpan.web.moderation)
    Index("ix_chat_messages_table", "table_id", "id"),
)

chat_reports_table = Table(
    "chat_reports", metadata,
    Column("message_id", Integer, ForeignKey("chat_messages.id", ondelete="CASCADE"), primary_key=True),
    Column("reporter_id", String(32), ForeignKey("players.id"), primary_key=True),
    Column("reason", String(200), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("handled_at", DateTime(timezone=True), nullable=True),
)

sanctions_table = Table(
    "sanctions", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("player_id", String(32), ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
    Column("kind", String(8), nullable=False),  # mute (their chat), ban (their account)
    Column("reason", String(300), nullable=False),
    Column("until", DateTime(timezone=True), nullable=True),  # None: until lifted
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("created_by", String(80), nullable=False),  # the admin's name (or cli:USER)
    Column("lifted_at", DateTime(timezone=True), nullable=True),
    Index("ix_sanctions_player", "player_id", "kind"),
)

audit_log_table = Table(
    "audit_log", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at", DateTime(timezone=True), nullable=False, index=True),
    Column("actor", String(80), nullable=False),  # an admin's name, or cli:USER for the command line
    Column("action", String(20), nullable=False),  # grant, revoke, mute, ban, lift, hide, dismiss, close
    Column("target", String(120), nullable=False),  # player:NAME, message:ID, table:ID
    Column("reason", String(300), nullable=False),
    Column("details", Text, nullable=False),  # JSON: what else the action says (until, the message's text …)
)

ratings_table = Table(
    "ratings", metadata,
    Column("subject", String(48), primary_key=True),  # a player's id, or "level:NAME" for a computer level
    Column("game", String(40), primary_key=True),
    Column("players", Integer, primary_key=True),  # the player count the rating is for
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

rating_history_table = Table(
    "rating_history", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("subject", String(48), nullable=False),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Index("ix_rating_history_subject", "subject", "game", "players", "id"),
)

notification_settings_table = Table(
    "notification_settings", metadata,
    Column("player_id", String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
    Column("settings", Text, nullable=False),  # JSON: hanpan.web.notify_settings
    Column("email", String(254), nullable=True),
    Column("email_confirmed", Boolean, nullable=False),
    Column("email_token_hash", String(64), nullable=True, index=True),  # sha256 of the confirmation link's token
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

push_subscriptions_table = Table(
    "push_subscriptions", metadata,
    Column("endpoint_hash", String(64), primary_key=True),  # sha256 of the endpoint (a long URL)
    Column("player_id", String(32), ForeignKey("players.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("endpoint", Text, nullable=False),
    Column("p256dh", String(200), nullable=False),
    Column("auth", String(100), nullable=False),
    Column("lang", String(2), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

notification_events_table = Table(
    "notification_events", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("player_id", String(32), ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
    Column("game_id", String(32), nullable=False),  # the game it is about (a rematch: the ended one)
    Column("key", String(120), nullable=False),  # e.g. turn:GAME:MOVE: an event is made once
    Column("kind", String(12), nullable=False),  # turn, late, rematch
    Column("params", Text, nullable=False),  # JSON: what its texts need (hanpan.web.notify_texts)
    Column("created_at", DateTime(timezone=True), nullable=False),
    # pending (waits: quiet hours, the interval), sent, dropped (no longer true, or seen on the page), off
    Column("push_state", String(8), nullable=False),
    Column("push_at", DateTime(timezone=True), nullable=True),
    Column("mail_state", String(8), nullable=False),
    Column("mail_at", DateTime(timezone=True), nullable=True),
    UniqueConstraint("player_id", "key", name="uq_notification_events_key"),
    Index("ix_notification_events_pending", "push_state", "mail_state"),
    Index("ix_notification_events_game", "player_id", "game_id"),
)

page_presence_table = Table(
    "page_presence", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("origin", String(32), primary_key=True),  # the server process (hanpan.web.peers)
    Column("seen_at", DateTime(timezone=True), nullable=False),  # renewed while the page stays open
)

server_secrets_table = Table(
    "server_secrets", metadata,
    Column("name", String(40), primary_key=True),
    Column("value", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
