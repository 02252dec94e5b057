"""Actions: small immutable values with an integer id and a text form.

Each game owns a fixed action space: a table of :class:`Action` values indexed
by id.  ``str(action)`` is its notation; a game parses notation back into the
very same value, so ``parse(str(a)) == a``.

>>> a = Action(3, "take2")
>>> a, str(a), a.id
(Action(3, 'take2'), 'take2', 3)
>>> a == Action(3, "take2")
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    """One atomic decision: ``id`` indexes the game's action space, ``text`` is its notation."""

    id: int
    text: str

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.id}, {self.text!r})"


class ActionTable:
    """The fixed action space of a game: id → action and notation → action.

    >>> table = ActionTable(["pass", "take1"])
    >>> table[1], table.parse("take1"), len(table)
    (Action(1, 'take1'), Action(1, 'take1'), 2)
    >>> table.parse("fly") is None
    True
    """

    __slots__ = ("_by_text", "actions")

    def __init__(self, texts: Iterable[str]) -> None:
        self.actions: tuple[Action, ...] = tuple(Action(i, t) for i, t in enumerate(texts))
        self._by_text = {a.text: a for a in self.actions}
        if len(self._by_text) != len(self.actions):
            raise ValueError("action texts must be unique")

    def __getitem__(self, action_id: int) -> Action:
        return self.actions[action_id]

    def __len__(self) -> int:
        return len(self.actions)

    def parse(self, text: str) -> Action | None:
        """The action whose notation is ``text`` (spaces folded, case ignored), or None."""
        return self._by_text.get(" ".join(text.lower().split()))
