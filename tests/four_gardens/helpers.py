"""Helpers for the Four Gardens tests: build positions by hand and play random games."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import hanpan
from hanpan.core.rng import Rng
from hanpan.games.four_gardens import layout as L
from hanpan.games.four_gardens.deck import GAIN, ROTATE, builtin_deck
from hanpan.games.four_gardens.state import GardensState

GAME = hanpan.game("four_gardens")
DECK = builtin_deck()
RES = {"stone": 0, "water": 1, "grass": 2, "wood": 3}
GOD = {"spring": 0, "summer": 1, "autumn": 2, "winter": 3, "wild": 4}
COLOUR = {"red": 0, "orange": 1, "green": 2, "blue": 3}


def new(players: int = 2, seed: int = 0, **options: object) -> GardensState:
    state = GAME.new(players=players, seed=seed, **options)
    assert isinstance(state, GardensState)
    return state


def cards(*, colour: str | None = None, position: int | None = None, god: str | None = None,
          action: str | None = None, floor: int | None = None, direction: str | None = None,
          where: Callable[[int], bool] | None = None) -> list[int]:
    """Card indices (0-based) with the given sides (positions and floors 1-based)."""
    out = []
    for c in range(70):
        if colour is not None and DECK.colour[c] != COLOUR[colour]:
            continue
        if position is not None and DECK.position[c] != position - 1:
            continue
        if god is not None and DECK.god[c] != GOD[god]:
            continue
        if action is not None and DECK.action[c] != (GAIN if action == "gain" else ROTATE):
            continue
        if floor is not None and (DECK.action[c] != ROTATE or DECK.floor[c] != floor - 1):
            continue
        if direction is not None and DECK.direction[c] != (1 if direction == "down" else 0):
            continue
        if where is not None and not where(c):
            continue
        out.append(c)
    return out


def label(c: int) -> str:
    return f"c{c + 1}"


def take_out(s: GardensState, c: int) -> None:
    """Remove card c from wherever it is (deck, display, discards, a hand)."""
    for pile in (s.deck, s.display, s.discard, *s.hands):
        if c in pile:
            pile.remove(c)
            s.private &= ~(1 << c)
            return
    raise AssertionError(f"card c{c + 1} is in a garden")


def set_hand(s: GardensState, p: int, hand: Iterable[int], private: bool = True, pad: int = 3) -> None:
    """Give player p these cards (topped up to ``pad`` from the deck bottom); the old hand goes under the deck."""
    hand = list(hand)
    for c in s.deck:
        if len(hand) >= pad:
            break
        if c not in hand:
            hand.append(c)
    for c in list(s.hands[p]):
        if c not in hand:
            s.hands[p].remove(c)
            s.private &= ~(1 << c)
            s.deck.insert(0, c)
    for c in hand:
        if c not in s.hands[p]:
            take_out(s, c)
            s.hands[p].append(c)
        if private:
            s.private |= 1 << c
    s.hands[p].sort()


def put_base(s: GardensState, p: int, c: int, tokens: dict[str, int] | None = None) -> None:
    """Put card c into p's garden base side up, with tokens from the supply."""
    take_out(s, c)
    slot = s.slot_for(p, c)
    assert slot >= 0
    s.slots[p * L.NS + slot] = c
    s.bases[p].append(c)
    s.bases[p].sort()
    for r, n in (tokens or {}).items():
        s.supply[RES[r]] -= n
        s.tok[c * 4 + RES[r]] += n


def put_landscape(s: GardensState, p: int, c: int) -> None:
    """Put card c into p's garden landscape side up."""
    take_out(s, c)
    slot = s.slot_for(p, c)
    assert slot >= 0
    s.slots[p * L.NS + slot] = c
    s.land[p] |= 1 << slot
    s.lcount[p] += 1


def set_storage(s: GardensState, p: int, **counts: int) -> None:
    for r, i in RES.items():
        s.supply[i] += s.store[p * 4 + i]
        s.store[p * 4 + i] = counts.get(r, 0)
        s.supply[i] -= s.store[p * 4 + i]


def set_tower(s: GardensState, resources: Sequence[str], faces_side0: Sequence[int]) -> None:
    """Floors bottom → top: their resources and the face index tower side 0 sees."""
    s.floor_res = [RES[r] for r in resources]
    s.floor_face = list(faces_side0)


def turn_of(s: GardensState, p: int) -> None:
    """Make it the start of p's actions (no action taken yet)."""
    s.player = p
    s.phase = L.PH_ACTION
    s.actions_done = 0
    s.actions_allowed = 3


def texts(s: GardensState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def play_random(s: GardensState, rng: Rng, limit: int = 100_000) -> int:
    """Random legal decisions until the game is over; returns their number."""
    count = 0
    while not s.is_over and count < limit:
        legal = s.legal_actions()
        s.apply(legal[rng.randbelow(len(legal))])
        count += 1
    return count


def tokens_total(s: GardensState) -> list[int]:
    n = s.num_players
    return [s.supply[r] + sum(s.store[p * 4 + r] for p in range(n)) + sum(s.tok[c * 4 + r] for c in range(70))
            for r in range(4)]


def cost_tokens(c: int, missing: str | None = None) -> dict[str, int]:
    """The card's cost as tokens, less one of ``missing``."""
    tokens = {r: DECK.cost[c][i] for r, i in RES.items() if DECK.cost[c][i]}
    if missing is not None:
        tokens[missing] -= 1
    return tokens


def first_resource(c: int) -> str:
    return next(r for r, i in RES.items() if DECK.cost[c][i])


def finish_landscape(s: GardensState, p: int, colour: str = "red", hand: Sequence[int] = ()) -> int:
    """p completes a whole landscape of ``colour`` now: every other position is already a landscape card and
    the last one completes through a gain-1.  Returns the last card."""
    used = set(s.slots)
    g = next(c for c in cards(action="gain") if c not in used and c not in hand)
    size = {"red": 2, "orange": 3, "green": 4, "blue": 5}[colour]
    picks = [next(c for c in cards(colour=colour, position=pos, where=lambda c: DECK.god[c] != 4)
                  if c not in used and c != g and c not in hand) for pos in range(1, size + 1)]
    for c in picks[:-1]:
        put_landscape(s, p, c)
    last = picks[-1]
    need = first_resource(last)
    put_base(s, p, last, cost_tokens(last, need))
    set_hand(s, p, [g, *hand])
    turn_of(s, p)
    s.play(f"gain {label(g)}")
    s.play(f"put {need} {label(last)}")
    return last


def give_whim(s: GardensState, p: int, tile: str, state: int = L.W_HELD) -> None:
    """Hand p a whim tile (out of the stack or the revealed ones)."""
    from hanpan.games.four_gardens.data import WHIMS

    w = WHIMS.index(tile)
    if w in s.whim_stack:
        s.whim_stack.remove(w)
    if w in s.whim_open:
        s.whim_open.remove(w)
    s.whim[p * L.NW + w] = state


def reveal_only(s: GardensState, *tiles: str) -> None:
    """Make exactly these tiles the revealed ones (the rest stay face down)."""
    from hanpan.games.four_gardens.data import WHIMS

    wanted = [WHIMS.index(t) for t in tiles]
    rest = [w for w in s.whim_stack + s.whim_open if w not in wanted]
    s.whim_open = wanted
    s.whim_stack = rest
