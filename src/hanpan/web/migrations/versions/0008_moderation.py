"""Moderation: the admin role, chat messages hidden, reports handled, mutes and bans, and the audit log of
every admin action.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("admin", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("chat_messages") as batch:
        batch.add_column(sa.Column("hidden_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("chat_reports") as batch:
        batch.add_column(sa.Column("handled_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "sanctions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("reason", sa.String(300), nullable=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_by", sa.String(80), nullable=False),
        sa.Column("lifted_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_sanctions_player", "sanctions", ["player_id", "kind"])
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False, index=True),
        sa.Column("actor", sa.String(80), nullable=False),
        sa.Column("action", sa.String(20), nullable=False),
        sa.Column("target", sa.String(120), nullable=False),
        sa.Column("reason", sa.String(300), nullable=False),
        sa.Column("details", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("audit_log")
    op.drop_index("ix_sanctions_player", "sanctions")
    op.drop_table("sanctions")
    with op.batch_alter_table("chat_reports") as batch:
        batch.drop_column("handled_at")
    with op.batch_alter_table("chat_messages") as batch:
        batch.drop_column("hidden_at")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("admin")
