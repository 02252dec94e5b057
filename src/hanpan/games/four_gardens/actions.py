"""The action space of Four Gardens and its notation (see docs/notation.md).

Cards are written ``c1``..``c70`` (their ids), resources ``stone water grass wood``,
gods ``spring summer autumn winter``.  Ids are laid out in blocks so the rules can
compute them:

>>> ACTIONS.parse("play c1").id, ACTIONS.parse("rotate c1 ccw").id, ACTIONS.parse("gain c70").id
(0, 71, 279)
>>> ACTIONS.parse("put water c2"), ACTIONS.parse("move stone c3 c17"), ACTIONS.parse("done")
(Action(423, 'put water c2'), Action(1070, 'move stone c3 c17'), Action(20518, 'done'))
>>> ACTIONS.parse("favour winter"), ACTIONS.parse("take c5"), ACTIONS.parse("draw")
(Action(20592, 'favour winter'), Action(20600, 'take c5'), Action(20666, 'draw'))
>>> ACTIONS.parse("tower grass 3"), ACTIONS.parse("comeback keep")
(Action(20831, 'tower grass 3'), Action(20930, 'comeback keep'))
>>> len(ACTIONS)
20931
"""

from __future__ import annotations

from typing import Final

from hanpan.core.action import ActionTable
from hanpan.games.four_gardens.data import BONUS, GODS, RESOURCES, WHIMS

N: Final = 70  # card ids 1..70 (index 0..69)
R: Final = len(RESOURCES)


def _card(i: int) -> str:
    return f"c{i + 1}"


_TEXTS: Final[list[str]] = []


def _block(texts: list[str]) -> int:
    start = len(_TEXTS)
    _TEXTS.extend(texts)
    return start


PLAY: Final = _block([f"play {_card(i)}" for i in range(N)])
ROTATE: Final = _block([f"rotate {_card(i)} {d}" for i in range(N) for d in ("cw", "ccw")])  # + card * 2 + (1 if ccw)
GAIN: Final = _block([f"gain {_card(i)}" for i in range(N)])
REARRANGE: Final = _block([f"rearrange {_card(i)}" for i in range(N)])
#: put a token: + r * 71 + 0 for storage, + 1 + card for a base card
PUT: Final = _block([f"put {r} {t}" for r in RESOURCES for t in ["storage", *(_card(i) for i in range(N))]])
MOVE_STORE: Final = _block([f"move {r} storage {_card(i)}" for r in RESOURCES for i in range(N)])  # + r * 70 + card
MOVE_CARD: Final = _block([f"move {r} {_card(a)} {_card(b)}" for r in RESOURCES for a in range(N) for b in range(N)])
RETURN: Final = _block([f"return {r}" for r in RESOURCES])
DONE: Final = _block(["done"])
COMPLETE: Final = _block([f"complete {_card(i)}" for i in range(N)])
FAVOUR: Final = _block([f"favour {g}" for g in GODS])
BONUS_PILE: Final = _block([f"bonus {b}" for b in BONUS])
TAKE: Final = _block([f"take {_card(i)}" for i in range(N)])
DRAW: Final = _block(["draw"])
END: Final = _block(["end"])
WHIM: Final = _block([f"whim {w}" for w in WHIMS])
FORESIGHT: Final = _block(["foresight"])
GRACE: Final = _block(["grace"])
OPPRESS: Final = _block([f"oppress {_card(i)}" for i in range(N)])
UPHEAVAL: Final = _block([f"upheaval {_card(i)}" for i in range(N)])
TOWER: Final = _block([f"tower {r} {face}" for r in RESOURCES for face in range(4)])  # + r * 4 + face
COLLECT: Final = _block(["collect up", "collect down"])
CONSECRATE: Final = _block(["consecrate storage", "consecrate keep"])
ABUNDANCE: Final = _block([f"abundance {_card(i)}" for i in range(N)])
SACRIFICE: Final = _block([f"sacrifice {a} {b}" for a in GODS for b in GODS])  # + down * 4 + up
COMEBACK: Final = _block([f"comeback {g}" for g in GODS])
COMEBACK_KEEP: Final = _block(["comeback keep"])

ACTIONS: Final = ActionTable(_TEXTS, aliases={"favor": "favour", "clockwise": "cw", "counterclockwise": "ccw",
                                       "anticlockwise": "ccw"})
TABLE: Final = ACTIONS.actions
assert TABLE[MOVE_CARD + (0 * N + 2) * N + 16].text == "move stone c3 c17"
assert len(ACTIONS) == COMEBACK_KEEP + 1
