"""Whole positions as JSON (``to_json`` / ``game.from_json``), read back with validation.

>>> from hanpan.games.four_gardens import GAME
>>> s = GAME.new(players=3, seed=8)
>>> GAME.from_json(s.to_json()) == s
True
>>> GAME.from_json({**s.to_json(), "supply": {"stone": 99}})
Traceback (most recent call last):
...
hanpan.core.errors.PositionError: the position holds 99 stone tokens; the game has 15

In the rearrange phase, ``turn_state`` also holds ``gave`` and ``got``: per base card of the rearranging
player (by id), the resources it gave / received in this rearrange (see ``legal.rearrange_ids``).

>>> for text in ("play c5", "rotate c38 ccw", "rearrange c24", "move grass storage c5"):
...     _ = s.play(text)
>>> ts = s.to_json()["turn_state"]
>>> ts["gave"], ts["got"], GAME.from_json(s.to_json()).got == s.got
({}, {'5': ['grass']}, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from hanpan.core.contract import require
from hanpan.core.errors import PositionError
from hanpan.core.rng import Rng
from hanpan.games.four_gardens import chance as C
from hanpan.games.four_gardens.data import BONUS, GODS, RESOURCES, SUPPLY, WHIMS
from hanpan.games.four_gardens.layout import NG, NR, NS, NW, PH_OVER, PH_REARRANGE, PHASES, WHIM_STATES

if TYPE_CHECKING:
    from hanpan.games.four_gardens.state import GardensState

FORMAT = "hanpan.position/1"


def _res(counts: list[int], start: int = 0) -> dict[str, int]:
    return {RESOURCES[r]: counts[start + r] for r in range(4) if counts[start + r]}


def mask_json(mask: int) -> dict[str, list[str]]:
    """A rearrange mask (bit ``card * NR + resource``) as {card id: its resources}."""
    out: dict[str, list[str]] = {}
    c = 0
    while mask:
        if mask & 15:
            out[str(c + 1)] = [RESOURCES[r] for r in range(NR) if mask >> r & 1]
        mask >>= NR
        c += 1
    return out


def state_to_json(s: GardensState) -> dict[str, Any]:
    """Everything, secrets included (deck order, private hands, the whim stack)."""
    n = s.num_players
    players = []
    for p in range(n):
        players.append({
            "hand": [c + 1 for c in s.hands[p]],
            "storage": _res(s.store, p * NR),
            "capacity": s.cap[p],
            "garden": [c + 1 if c >= 0 else 0 for c in s.slots[p * NS:(p + 1) * NS]],
            "landscape_slots": s.land[p],
            "complete_groups": s.done_groups[p],
            "markers": {GODS[g]: s.marker[p * NG + g] for g in range(NG)},
            "bonus_tiles": [{"pile": BONUS[t >> 4], "value": t & 15} for t in s.bonus_tiles[p]],
            "whims": {WHIMS[w]: WHIM_STATES[s.whim[p * NW + w]] for w in range(NW) if s.whim[p * NW + w]},
        })
    tokens = {str(c + 1): _res(s.tok, c * NR) for c in range(70) if any(s.tok[c * NR:c * NR + NR])}
    return {
        "format": FORMAT,
        "game": s.game.id,
        "options": dict(s.options),
        "players_count": n,
        "seed": s.seed,
        "rng": s.rng.state,
        "turn": s.turn,
        "reveals": s.reveals,
        "player": s.player,
        "phase": PHASES[s.phase],
        "status": s.status,
        "tower": {"resources": [RESOURCES[r] for r in s.floor_res], "faces": list(s.floor_face)},
        "supply": _res(s.supply),
        "players": players,
        "tokens": tokens,
        "deck": [c + 1 for c in s.deck],
        "discard": [c + 1 for c in s.discard],
        "display": [c + 1 for c in s.display],
        "private": [c + 1 for c in range(70) if s.private >> c & 1],
        "epoch": list(s.epoch),
        "deck_epoch": s.deck_epoch,
        "bonus_piles": {BONUS[t]: list(s.piles[t]) for t in range(len(BONUS))},
        "whim_stack": [WHIMS[w] for w in s.whim_stack],
        "whim_open": [WHIMS[w] for w in s.whim_open],
        "oppressed": s.oppressed + 1,
        "oppressor": s.oppressor,
        "turn_state": {
            "actions_done": s.actions_done, "actions_allowed": s.actions_allowed,
            "foresight_now": s.foresight_now, "fresh": s.fresh, "queue": list(s.queue),
            "pending_bonus": s.pending_bonus, "place_left": s.place_left, "build": list(s.build),
            "trigger": s.trigger, "stopped": s.stopped, "idle": s.idle,
            **({"gave": mask_json(s.gave), "got": mask_json(s.got)} if s.phase == PH_REARRANGE else {}),
        },
        "scores": [c.to_json() for c in s.scores()],
        "winners": list(s.winners()),
        **({"chance": C.to_json(s.pending)} if s.pending is not None and s.pending[2] else {}),
    }


def _int(value: object, what: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f"≥ {low}"
        raise PositionError(f"position {what} must be a whole number {bound}, not {value!r}")
    return value


def _counts(value: object, what: str) -> list[int]:
    require(isinstance(value, Mapping), f"position {what} must map resources to counts")
    assert isinstance(value, Mapping)
    out = [0] * 4
    for key, count in value.items():
        require(key in RESOURCES, f"unknown resource {key!r} in {what}; resources: {', '.join(RESOURCES)}")
        out[RESOURCES.index(key)] = _int(count, f"{what} {key}", 0)
    return out


def _cards(value: object, what: str) -> list[int]:
    require(isinstance(value, list), f"position {what} must be a list of card ids")
    assert isinstance(value, list)
    return [_int(c, what, 1, 70) - 1 for c in value]


def _mask(value: object, what: str, bases: list[int]) -> int:
    """Read a rearrange mask written by ``mask_json``: cards (base cards of ``bases``) to resources."""
    require(isinstance(value, Mapping), f"position turn_state {what} must map card ids to lists of resources")
    assert isinstance(value, Mapping)
    mask = 0
    for key, resources in value.items():
        require(isinstance(key, str) and key.isdigit() and 1 <= int(key) <= 70,
                f"position turn_state {what} keys must be card ids 1..70, not {key!r}")
        c = int(key) - 1
        require(c in bases, f"position turn_state {what} names c{c + 1}, not a base card of the rearranging player")
        require(isinstance(resources, list), f"position turn_state {what} of c{c + 1} must be a list of resources")
        for r in resources:
            require(r in RESOURCES, f"unknown resource {r!r} in turn_state {what} of c{c + 1}; "
                    f"resources: {', '.join(RESOURCES)}")
            mask |= 1 << (c * NR + RESOURCES.index(r))
    return mask


def state_from_json(s: GardensState, data: Mapping[str, Any]) -> GardensState:
    """Fill the blank state ``s`` from position JSON, checking the whole position."""
    n = s.num_players = _int(data.get("players_count"), "players_count", 2, 4)
    s.seed = _int(data.get("seed"), "seed", 0)
    s.rng = Rng(_int(data.get("rng"), "rng", 0, (1 << 64) - 1))
    s.turn = _int(data.get("turn"), "turn", 0)
    s.reveals = _int(data.get("reveals"), "reveals", 0)
    s.player = _int(data.get("player"), "player", 0, n - 1)
    require(data.get("phase") in PHASES, f"position phase must be one of {', '.join(PHASES)}")
    s.phase = PHASES.index(data["phase"])
    tower = data["tower"]
    require(isinstance(tower, Mapping), "position tower must be an object")
    res = tower["resources"]
    require(isinstance(res, list) and sorted(res) == sorted(RESOURCES), "tower resources must list each resource once")
    s.floor_res = [RESOURCES.index(r) for r in res]
    faces = tower["faces"]
    require(isinstance(faces, list) and len(faces) == 4, "tower faces must list 4 faces")
    s.floor_face = [_int(f, "tower face", 0, 3) for f in faces]
    s.supply = _counts(data.get("supply", {}), "supply")
    players = data["players"]
    require(isinstance(players, list) and len(players) == n, f"position players must list {n} players")
    s.store, s.cap, s.slots, s.land, s.lcount, s.done_groups = [], [], [], [], [], []
    s.bases, s.marker, s.hands, s.bonus_held, s.bonus_points, s.bonus_tiles, s.whim = [], [], [], [], [], [], []
    for entry in players:
        require(isinstance(entry, Mapping), "each player must be an object")
        s.hands.append(sorted(_cards(entry["hand"], "hand")))
        s.store += _counts(entry.get("storage", {}), "storage")
        s.cap.append(_int(entry["capacity"], "capacity", 1))
        garden = entry["garden"]
        require(isinstance(garden, list) and len(garden) == NS, f"garden must list {NS} slots (0 = empty)")
        slots = [_int(c, "garden", 0, 70) - 1 for c in garden]
        s.slots += slots
        land = _int(entry["landscape_slots"], "landscape_slots", 0, (1 << NS) - 1)
        s.land.append(land)
        s.lcount.append(land.bit_count())
        s.done_groups.append(_int(entry["complete_groups"], "complete_groups", 0, 63))
        s.bases.append(sorted(c for i, c in enumerate(slots) if c >= 0 and not land >> i & 1))
        require(len(s.bases[-1]) <= 3, "a garden holds at most 3 base cards")
        markers = entry["markers"]
        s.marker += [_int(markers[g], f"marker {g}", 0, 10) for g in GODS]
        tiles = entry.get("bonus_tiles", [])
        s.bonus_tiles.append([BONUS.index(t["pile"]) * 16 + _int(t["value"], "bonus value", 0, 15) for t in tiles])
        s.bonus_held.append(sum(1 << (t >> 4) for t in s.bonus_tiles[-1]))
        s.bonus_points.append(sum(t & 15 for t in s.bonus_tiles[-1] if t >> 4 == 2))
        whims = entry.get("whims", {})
        states = [0] * NW
        for w, state in whims.items():
            require(w in WHIMS and state in WHIM_STATES, f"unknown whim {w!r} or state {state!r}")
            states[WHIMS.index(w)] = WHIM_STATES.index(state)
        s.whim += states
    s.tok = [0] * (70 * NR)
    for key, counts in data.get("tokens", {}).items():
        require(isinstance(key, str) and key.isdigit() and 1 <= int(key) <= 70,
                f"position tokens keys must be card ids 1..70, not {key!r}")
        c = int(key) - 1
        s.tok[c * NR:c * NR + NR] = _counts(counts, f"tokens on c{c + 1}")
    s.deck = _cards(data["deck"], "deck")
    s.discard = _cards(data["discard"], "discard")
    s.display = _cards(data["display"], "display")
    s.private = sum(1 << c for c in _cards(data.get("private", []), "private"))
    epoch = data.get("epoch", [0] * 70)
    require(isinstance(epoch, list) and len(epoch) == 70, "position epoch must list 70 numbers")
    s.epoch = [_int(e, "epoch", 0) for e in epoch]
    s.deck_epoch = _int(data.get("deck_epoch", 0), "deck_epoch", 0)
    piles = data["bonus_piles"]
    s.piles = [[_int(v, "bonus pile value", 0, 15) for v in piles[t]] for t in BONUS]
    s.whim_stack = [WHIMS.index(w) for w in data.get("whim_stack", [])]
    s.whim_open = [WHIMS.index(w) for w in data.get("whim_open", [])]
    s.oppressed = _int(data.get("oppressed", 0), "oppressed", 0, 70) - 1
    s.oppressor = _int(data.get("oppressor", -1), "oppressor", -1, n - 1)
    ts = data.get("turn_state") or {}
    require(isinstance(ts, Mapping), "position turn_state must be an object")
    s.actions_done = _int(ts.get("actions_done", 0), "actions_done", 0)
    s.actions_allowed = _int(ts.get("actions_allowed", 3), "actions_allowed", 0)
    s.foresight_now = bool(ts.get("foresight_now", False))
    s.fresh = _int(ts.get("fresh", 0), "fresh", 0)
    s.queue = [_int(g, "queue", 0, 4) for g in ts.get("queue", [])]
    s.pending_bonus = bool(ts.get("pending_bonus", False))
    s.place_left = _int(ts.get("place_left", 0), "place_left", 0)
    s.build = [_int(x, "build", 0, 15) for x in ts.get("build", [])]
    s.trigger = bool(ts.get("trigger", False))
    s.stopped = bool(ts.get("stopped", False))
    s.idle = _int(ts.get("idle", 0), "idle", 0)
    gave, got = ts.get("gave") or {}, ts.get("got") or {}
    if s.phase != PH_REARRANGE:
        require(not gave and not got, "position turn_state gave / got belong only to the rearrange phase")
    s.gave = _mask(gave, "gave", s.bases[s.player])
    s.got = _mask(got, "got", s.bases[s.player])
    require(not s.gave & s.got, "position turn_state: no card may both give and receive a resource in one rearrange")
    # conservation: every card in one place, every token accounted for
    places = s.deck + s.discard + s.display + [c for h in s.hands for c in h] + [c for c in s.slots if c >= 0]
    require(sorted(places) == list(range(70)), "the position must hold each of the 70 cards exactly once")
    for r in range(NR):
        total = s.supply[r] + sum(s.store[p * NR + r] for p in range(n)) + sum(s.tok[c * NR + r] for c in range(70))
        require(total == SUPPLY[r], f"the position holds {total} {RESOURCES[r]} tokens; the game has {SUPPLY[r]}")
    for c in range(70):
        if any(s.tok[c * NR:c * NR + NR]):
            require(any(c in b for b in s.bases), f"tokens lie on c{c + 1}, which is not a base card")
    if s.phase == PH_OVER:
        require(s.status in ("finished", "unfinished"), "a game over must be finished or unfinished")
    return s
