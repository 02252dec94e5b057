"""Players (accounts and guests), their sessions and bots' API keys, lobby tables with their seats and
chat, and ratings with their history.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(80), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_player_id", "sessions", ["player_id"])
    op.create_table(
        "api_keys",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("label", sa.String(60), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_api_keys_player_id", "api_keys", ["player_id"])
    op.create_table(
        "lobby_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("pace", sa.Text, nullable=False),
        sa.Column("creator_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=True),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=True),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_lobby_tables_creator_id", "lobby_tables", ["creator_id"])
    op.create_index("ix_lobby_tables_status", "lobby_tables", ["status"])
    op.create_index("ix_lobby_tables_game_id", "lobby_tables", ["game_id"])
    op.create_table(
        "table_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("lobby_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("left_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_table_seats_player_id", "table_seats", ["player_id"])
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("lobby_tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("text", sa.String(300), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_messages_table", "chat_messages", ["table_id", "id"])
    op.create_table(
        "chat_reports",
        sa.Column("message_id", sa.Integer, sa.ForeignKey("chat_messages.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("reporter_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("subject", sa.String(48), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("players", sa.Integer, primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("subject", sa.String(48), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_history_subject", "rating_history", ["subject", "game", "players", "id"])


def downgrade() -> None:
    for name in ("rating_history", "ratings", "chat_reports", "chat_messages", "table_seats", "lobby_tables",
                 "api_keys", "sessions", "players"):
        op.drop_table(name)
