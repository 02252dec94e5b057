"""Notifications: a player's settings and e-mail address, their devices' Web Push subscriptions, each
event once with what was sent, the game pages open at each server process, and the server's own secrets
(its VAPID key, made at first start).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.create_table(
        "notification_settings",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("email_confirmed", sa.Boolean, nullable=False),
        sa.Column("email_token_hash", sa.String(64), nullable=True, index=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("endpoint_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("endpoint", sa.Text, nullable=False),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("lang", sa.String(2), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "notification_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("key", sa.String(120), nullable=False),
        sa.Column("kind", sa.String(12), nullable=False),
        sa.Column("params", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("push_state", sa.String(8), nullable=False),
        sa.Column("push_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("mail_state", sa.String(8), nullable=False),
        sa.Column("mail_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("player_id", "key", name="uq_notification_events_key"),
    )
    op.create_index("ix_notification_events_pending", "notification_events", ["push_state", "mail_state"])
    op.create_index("ix_notification_events_game", "notification_events", ["player_id", "game_id"])
    op.create_table(
        "page_presence",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("origin", sa.String(32), primary_key=True),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_secrets")
    op.drop_table("page_presence")
    op.drop_index("ix_notification_events_game", "notification_events")
    op.drop_index("ix_notification_events_pending", "notification_events")
    op.drop_table("notification_events")
    op.drop_table("push_subscriptions")
    op.drop_table("notification_settings")
