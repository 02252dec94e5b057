"""What each player's name looks like (``players.name_skeleton`` and ``name_skeleton_cased``,
``hanpan.web.confusables``), so that a new name may not look like another's; the names already there get
theirs and are kept, alike or not.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from hanpan.web.confusables import name_looks

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    for column in ("name_skeleton", "name_skeleton_cased"):
        op.add_column("players", sa.Column(column, sa.String(400), nullable=True))
        op.create_index(f"ix_players_{column}", "players", [column])
    players = sa.table("players", sa.column("id", sa.String), sa.column("name", sa.String),
                       sa.column("name_skeleton", sa.String), sa.column("name_skeleton_cased", sa.String))
    connection = op.get_bind()
    for row in connection.execute(sa.select(players.c.id, players.c.name)).all():
        lower, cased = name_looks(row.name)
        connection.execute(sa.update(players).where(players.c.id == row.id)
                           .values(name_skeleton=lower, name_skeleton_cased=cased))


def downgrade() -> None:
    for column in ("name_skeleton_cased", "name_skeleton"):
        op.drop_index(f"ix_players_{column}", table_name="players")
        op.drop_column("players", column)
