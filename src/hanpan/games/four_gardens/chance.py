"""Explicit chance in Four Gardens (the ``chance="explicit"`` option): every draw is a chance point.

The draws: at setup the tower's floors (each floor's resource among those left, bottom up), the deck's
first top card and with ``whims=true`` the whim tiles turned up; in play every whim tile turned up and
the deck's new top each time a card leaves it (a hand's card at setup, the display, a blind draw,
Foresight) or the discards become a new deck.  The deck's top lies landscape side up, seen by all: a
draw takes it, never another card, and the chance point reveals the next top, equally likely among the
deck's other cards (the deck's true contents).  A decision that draws waits, unmade, at its first chance
point (``current_player`` is ``CHANCE``), and is made once every draw of it has its outcome (``run``); a
draw with one possible outcome needs no chance point.  As in OpenSpiel's card games, a card's outcome list
follows from the true state: what each seat sees is still only its view.

The state keeps its deck, tower and whim stack in the order the default engine's generator shuffles them,
and ``draw_chance`` draws the card that order puts on top (``engine_outcome``): with every outcome drawn by
the engine a seed plays the default engine's game, the same hands and visible tops.

>>> import hanpan
>>> state = hanpan.game("four_gardens").new(players=2, seed=1, chance="explicit")
>>> state.is_chance(), [str(a) for a, _ in state.chance_outcomes()]
(True, ['floor stone', 'floor water', 'floor grass', 'floor wood'])
>>> CHANCE_ACTIONS.parse("draw c12"), CHANCE_ACTIONS.parse("whim grace")
(Action(11, 'draw c12'), Action(76, 'whim grace'))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from hanpan.core.action import Action, ActionTable
from hanpan.games.four_gardens import forcing
from hanpan.games.four_gardens.actions import ACTIONS, TABLE
from hanpan.games.four_gardens.data import DISPLAY_SIZE, HAND_SIZE, RESOURCES, WHIMS, WHIMS_REVEALED
from hanpan.games.four_gardens.forcing import FLOOR, WHIM
from hanpan.games.four_gardens.turns import pop_deck, reveal_top, start_turn

if TYPE_CHECKING:
    from hanpan.games.four_gardens.state import GardensState

NC: Final = 70
CHANCE_ACTIONS: Final = ActionTable(
    [f"draw c{c + 1}" for c in range(NC)] + [f"floor {r}" for r in RESOURCES] + [f"whim {w}" for w in WHIMS])
#: the decision ``pending[0]`` of the setup's draws
SETUP: Final = -2
#: ``pending`` of an explicit-chance state at a decision (no draw waiting)
IDLE: Final[tuple[int, tuple[int, ...], tuple[int, ...]]] = (-1, (), ())


def deal(s: GardensState) -> None:
    """The setup's draws (``new_state`` made the rest, and shuffled the tower, the deck and the whim stack
    as the default engine does: each draw's candidates end with the default engine's), then the first
    turn."""
    left = s.floor_res[::-1]
    for f in range(4):
        r = forcing.pick(FLOOR, left)
        s.floor_res[f] = r
        left.remove(r)
    s.private = 0
    reveal_top(s)
    for p in range(s.num_players):
        hand = []
        for _ in range(HAND_SIZE):
            c = pop_deck(s)
            hand.append(c)
            s.private |= 1 << c
        s.hands[p] = sorted(hand)
    for _ in range(DISPLAY_SIZE):
        s.display.append(pop_deck(s))
    if s.whims_on:
        for _ in range(WHIMS_REVEALED):
            forcing.to_top(WHIM, s.whim_stack)
            s.whim_open.append(s.whim_stack.pop())
    s.reveals = 1
    start_turn(s)


def run(s: GardensState, decision: int, picks: tuple[int, ...]) -> None:
    """Make ``decision`` (an action id, or :data:`SETUP`) with the draws' outcomes ``picks`` if they are
    enough; else leave ``s`` unchanged, waiting at the chance point of the next draw."""
    trial = s.clone()
    trial.pending = None
    forcing.start(picks)
    try:
        _make(trial, decision)
    except forcing.NeedDraw as need:
        s.pending = (decision, picks, need.outcomes)
        return
    s.pending = None
    forcing.start(picks)
    _make(s, decision)
    s.pending = IDLE


def _make(s: GardensState, decision: int) -> None:
    if decision == SETUP:
        deal(s)
    else:
        s.apply(TABLE[decision])


def outcomes(s: GardensState) -> list[tuple[Action, float]]:
    """The outcomes of the chance point ``s`` waits at, equally likely ([] at a decision)."""
    pending = s.pending
    if pending is None or not pending[2]:
        return []
    p = 1.0 / len(pending[2])
    return [(CHANCE_ACTIONS[i], p) for i in pending[2]]


def engine_outcome(s: GardensState) -> Action | None:
    """The outcome the default engine draws at the chance point ``s`` waits at (None at a decision):
    ``draw_chance``, so that a seed's game with every outcome drawn by the engine is the default engine's."""
    pending = s.pending
    if pending is None or not pending[2]:
        return None
    trial = s.clone()
    trial.pending = None
    forcing.start(pending[1])
    try:
        _make(trial, pending[0])
    except forcing.NeedDraw as need:
        return CHANCE_ACTIONS[need.engine]
    return None


def to_json(pending: tuple[int, tuple[int, ...], tuple[int, ...]]) -> dict[str, Any]:
    """A waiting decision in a position: the decision (its notation, or "setup") and the outcomes so far."""
    return {"decision": "setup" if pending[0] == SETUP else TABLE[pending[0]].text,
            "outcomes": [CHANCE_ACTIONS[i].text for i in pending[1]]}


def from_json(s: GardensState, data: object) -> None:
    """Read ``to_json``'s waiting decision into ``s`` (an explicit-chance position) and find its chance point."""
    if not isinstance(data, dict) or not isinstance(data.get("outcomes"), list):
        raise ValueError("position 'chance' must be {decision, outcomes}")
    text = data.get("decision")
    decision = SETUP if text == "setup" else getattr(ACTIONS.parse(str(text)), "id", None)
    picks = [CHANCE_ACTIONS.parse(str(t)) for t in data["outcomes"]]
    if decision is None or any(a is None for a in picks):
        raise ValueError(f"position 'chance' names an unknown decision or outcome: {data}")
    s.pending = IDLE
    run(s, decision, tuple(a.id for a in picks if a is not None))
    if s.pending == IDLE:
        raise ValueError("position 'chance' waits for no draw")
