"""Who left a table's seat, why and when (``table_seats.left_why``: ``left``, ``ran out of time`` or
``declined`` a rematch; ``table_seats.left_move``: the number of moves made by then), so that a game's
pages name the person who left and say so in its log, after a restart too.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.add_column("table_seats", sa.Column("left_why", sa.String(16), nullable=True))
    op.add_column("table_seats", sa.Column("left_move", sa.Integer, nullable=True))


def downgrade() -> None:
    op.drop_column("table_seats", "left_move")
    op.drop_column("table_seats", "left_why")
