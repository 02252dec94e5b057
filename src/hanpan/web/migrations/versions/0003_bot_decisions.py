"""The computer seats' decisions queued for ``hanpan bots`` services (``hanpan.web.decisions``).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.create_table(
        "bot_decisions",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("level", sa.String(40), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.Text, nullable=False),
        sa.Column("position", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("claimed_by", sa.String(40), nullable=True),
        sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("notation", sa.String(200), nullable=True),
    )
    op.create_index("ix_bot_decisions_created_at", "bot_decisions", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_bot_decisions_created_at", "bot_decisions")
    op.drop_table("bot_decisions")
