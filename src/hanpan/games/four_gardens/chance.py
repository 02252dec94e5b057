"""Explicit chance in Four Gardens (the ``chance="explicit"`` option): every draw is a chance point.

The draws: at setup the tower's floors (each floor's resource among those left, bottom up), each player's
hand and the display (card by card from the deck), and with ``whims=true`` the whim tiles turned up; in
play every card from the deck (a hand's blind draw, the display's refill, Foresight).  Each outcome is
equally likely among the cards (floors, tiles) it may be: the deck is never shuffled, a draw picks its
card.  A decision that draws waits, unmade, at the chance point of its first draw (``current_player`` is
``CHANCE``), and is made once every draw of it has its outcome (``run``); a draw with one possible outcome
needs no chance point.  As in OpenSpiel's card games, a card's outcome list follows from the true state (a
blind draw's candidates are the deck's cards): what each seat sees is still only its view.

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
from hanpan.games.four_gardens.turns import start_turn

if TYPE_CHECKING:
    from hanpan.games.four_gardens.state import GardensState

NC: Final = 70
CARD: Final = 0  # + card: "draw cN"
FLOOR: Final = NC  # + resource: the next floor's resource, bottom up
WHIM: Final = FLOOR + len(RESOURCES)  # + whim tile turned up
CHANCE_ACTIONS: Final = ActionTable(
    [f"draw c{c + 1}" for c in range(NC)] + [f"floor {r}" for r in RESOURCES] + [f"whim {w}" for w in WHIMS])
#: the decision ``pending[0]`` of the setup's draws
SETUP: Final = -2
#: ``pending`` of an explicit-chance state at a decision (no draw waiting)
IDLE: Final[tuple[int, tuple[int, ...], tuple[int, ...]]] = (-1, (), ())


def deal(s: GardensState) -> None:
    """The setup's draws (``new_state`` made the rest), then the first turn."""
    left = [0, 1, 2, 3]
    for f in range(4):
        r = forcing.pick(FLOOR, left)
        s.floor_res[f] = r
        left.remove(r)
    s.private = 0
    for p in range(s.num_players):
        hand = []
        for _ in range(HAND_SIZE):
            c = forcing.pick(CARD, s.deck)
            s.deck.remove(c)
            hand.append(c)
            s.private |= 1 << c
        s.hands[p] = sorted(hand)
    for _ in range(DISPLAY_SIZE):
        c = forcing.pick(CARD, s.deck)
        s.deck.remove(c)
        s.display.append(c)
    if s.whims_on:
        for _ in range(WHIMS_REVEALED):
            w = forcing.pick(WHIM, s.whim_stack)
            s.whim_stack.remove(w)
            s.whim_open.append(w)
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
