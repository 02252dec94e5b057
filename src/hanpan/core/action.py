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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    """One atomic decision: ``id`` indexes the game's action space, ``text`` is its notation."""

    id: int
    text: str

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[type[Action], tuple[int, str]]:
        # compiled (mypyc) classes are unpickled through __init__: say how to rebuild one
        return (Action, (self.id, self.text))

    def __repr__(self) -> str:
        return f"Action({self.id}, {self.text!r})"


class ActionTable:
    """The fixed action space of a game: id → action and notation → action.

    Common variants are read too: the spaces may be left out or added (``space1``, ``take 1``) where
    that names one action only, and a game may give word ``aliases`` (``gray`` for ``grey``).

    >>> table = ActionTable(["pass", "take1", "grey a1"], aliases={"gray": "grey"})
    >>> table[1], table.parse("take1"), len(table)
    (Action(1, 'take1'), Action(1, 'take1'), 3)
    >>> table.parse("Take 1"), table.parse("gray a1"), table.parse("greya1")
    (Action(1, 'take1'), Action(2, 'grey a1'), Action(2, 'grey a1'))
    >>> table.parse("fly") is None
    True
    """

    __slots__ = ("_aliases", "_by_text", "_compact", "actions")

    def __init__(self, texts: Iterable[str], aliases: Mapping[str, str] | None = None) -> None:
        self.actions: tuple[Action, ...] = tuple(Action(i, t) for i, t in enumerate(texts))
        self._by_text = {a.text: a for a in self.actions}
        if len(self._by_text) != len(self.actions):
            raise ValueError("action texts must be unique")
        self._aliases = dict(aliases or {})
        compact: dict[str, Action | None] = {}
        for a in self.actions:
            key = a.text.replace(" ", "")
            compact[key] = None if key in compact else a  # a text without spaces that two actions share: neither
        self._compact = {key: a for key, a in compact.items() if a is not None}

    def __getitem__(self, action_id: int) -> Action:
        return self.actions[action_id]

    def __len__(self) -> int:
        return len(self.actions)

    def parse(self, text: str) -> Action | None:
        """The action whose notation is ``text`` (spaces folded, case ignored, variants read), or None."""
        words = [self._aliases.get(word, word) for word in text.lower().split()]
        action = self._by_text.get(" ".join(words))
        return action if action is not None else self._compact.get("".join(words))
