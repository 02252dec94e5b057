"""Balance facts of a finished Four Gardens game (the contract: ``hanpan.analysis.facts``).

Per seat, keyed ``"<family>/<id>"`` with ``[completed, points]``, all read from the final state:

- ``god/<god>``: a god track the seat used: its garden shows a landscape card of that god (completing it
  gave that god's favour) or its marker ends above the start space (favour from a wild card, Sacrifice).
  completed: the marker ends on the top space; points: the marker's space (the score card's god category).
- ``colour/<colour>``: a landscape colour the seat played cards of (base or landscape side up).
  completed: a whole landscape of it is complete (either copy with Tolerance); points: None (favour is
  scored on the god tracks, and which gain a track kept cannot be told apart).
- ``bonus/<pile>``: a bonus pile the seat took a tile from (base game).  completed: None; points: the
  tile's own end points (a points tile's value, 0 for a storage expansion or gain-resources tile).
- ``whim/<tile>``: a whim tile the seat took (promo).  completed: whether its effect was used, for the
  tiles whose holder chooses (Foresight, Oppression, Grace, Upheaval: used or kept unused; Consecration,
  Comeback: the effect taken rather than kept face down for points), else None; points: the tile's own
  end points (face down, or Reinforcement's), which sum to the score card's ``whims``.

Outcome: ``whims`` (on/off), ``ended_by`` (landscapes / max_turns / stalled), ``decided_by`` (total /
tiebreak_landscapes / tiebreak_largest / shared / none), ``reshuffles`` (times the discards became a new
deck), ``markers_removed`` (markers knocked off a track, at the end) and ``tiles_left`` (bonus tiles still
in the piles, or whim tiles nobody took).

>>> import hanpan
>>> from hanpan.core.rng import Rng
>>> state, rng = hanpan.game("four_gardens").new(players=2, seed=1, whims=True), Rng(1)
>>> while not state.is_over:
...     legal = state.legal_actions(); state.apply(legal[rng.randbelow(len(legal))])
>>> found = facts(state)
>>> found["outcome"]
{'whims': 'on', 'ended_by': 'landscapes', 'decided_by': 'total', 'reshuffles': 6, 'markers_removed': 0,
 'tiles_left': 9}
>>> found["seats"][1]
{'god/spring': [False, 9], 'god/autumn': [False, 7], 'god/winter': [True, 10], 'colour/red': [False, None],
 'colour/orange': [True, None], 'colour/green': [False, None], 'colour/blue': [False, None],
 'whim/comeback': [False, 2]}
>>> label("whim", "ko"), label("god/autumn"), label("colour/blue", "ko"), label("ended_by/landscapes")
('변덕 타일', 'Autumn', '파랑', 'A player reached the landscape count')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from hanpan.core.errors import HanpanError
from hanpan.games.four_gardens.data import (
    BONUS,
    COLOURS,
    COMEBACK,
    CONSECRATION,
    FORESIGHT,
    GODS,
    GRACE,
    OPPRESSION,
    REINFORCEMENT,
    REINFORCEMENT_POINTS,
    TRACK_HIGH,
    TRACK_START,
    UPHEAVAL,
    WHIM_POINTS,
    WHIMS,
    name,
)
from hanpan.games.four_gardens.layout import (
    GROUPS,
    NG,
    NS,
    NW,
    W_DOWN,
    W_GONE,
    W_HELD,
    W_NONE,
    W_PLACED,
)
from hanpan.games.four_gardens.state import GardensState

if TYPE_CHECKING:
    from hanpan.core.contract import State

#: the whim states that mean "its effect was used", for the tiles whose holder has a choice
_USED: Final[dict[int, tuple[int, ...]]] = {
    FORESIGHT: (W_DOWN,),  # turned face down once used
    OPPRESSION: (W_PLACED, W_GONE),
    GRACE: (W_GONE,),
    UPHEAVAL: (W_GONE,),
    CONSECRATION: (W_GONE,),  # removed = the storage expansions taken; face down = kept for points
    COMEBACK: (W_GONE,),  # removed = a marker put back; face down = kept for points
}
_POINTS_PILE: Final = BONUS.index("points")

FAMILIES: Final[dict[str, tuple[str, str]]] = {
    "god": ("God tracks", "신의 트랙"),
    "colour": ("Landscape colours", "풍경 색"),
    "bonus": ("Bonus piles", "보너스 더미"),
    "whim": ("Whim tiles", "변덕 타일"),
}
_FAMILY_IDS: Final[dict[str, tuple[str, ...]]] = {"god": GODS, "colour": COLOURS, "bonus": BONUS, "whim": WHIMS}
OUTCOMES: Final[dict[str, tuple[str, str]]] = {
    "whims": ("Whims of the Gods", "신들의 변덕"),
    "ended_by": ("Game ended by", "게임 종료 사유"),
    "decided_by": ("Winner decided by", "승자 결정 방식"),
    "reshuffles": ("Deck reshuffles", "덱을 다시 섞은 횟수"),
    "markers_removed": ("Markers knocked off tracks", "트랙에서 떨어진 표시물"),
    "tiles_left": ("Tiles nobody took", "아무도 가져가지 않은 타일"),
}
VALUES: Final[dict[str, tuple[str, str]]] = {
    "on": ("On", "사용"),
    "off": ("Off", "사용 안 함"),
    "landscapes": ("A player reached the landscape count", "풍경 카드 수 도달"),
    "max_turns": ("Turn limit", "턴 제한"),
    "stalled": ("Nobody could move", "아무도 둘 수 없음"),
    "total": ("Total score", "총점"),
    "tiebreak_landscapes": ("Tie-break: landscape cards", "동점 처리: 풍경 카드 수"),
    "tiebreak_largest": ("Tie-break: largest landscape", "동점 처리: 가장 큰 풍경"),
    "shared": ("Shared win", "공동 승리"),
    "none": ("No winner", "승자 없음"),
}
_NUMBERS: Final = ("reshuffles", "markers_removed", "tiles_left")


def _gardens(state: State) -> GardensState:
    if not isinstance(state, GardensState):
        raise HanpanError(f"four_gardens balance facts need a Four Gardens state, not {type(state).__name__}")
    return state


# --- per seat ------------------------------------------------------------------------------------
def _garden(s: GardensState, p: int) -> list[tuple[int, bool]]:
    """The seat's garden cards, each with True if it lies landscape side up."""
    base = p * NS
    return [(s.slots[base + slot], bool(s.land[p] >> slot & 1)) for slot in range(NS) if s.slots[base + slot] >= 0]


def god_items(s: GardensState, p: int) -> dict[str, list[Any]]:
    """The god tracks the seat used (see the module doc)."""
    favoured = {s.cards.god[c] for c, landscape in _garden(s, p) if landscape}  # the wild god (4) matches no track
    out: dict[str, list[Any]] = {}
    for g, god in enumerate(GODS):
        space = s.marker[p * NG + g]
        if g in favoured or space > TRACK_START:
            out[f"god/{god}"] = [space == TRACK_HIGH, space]
    return out


def colour_items(s: GardensState, p: int) -> dict[str, list[Any]]:
    """The landscape colours the seat played cards of; completed if a whole landscape of it is done."""
    played = {s.cards.colour[c] for c, _ in _garden(s, p)}
    done = {colour for g, (colour, _copy) in enumerate(GROUPS) if s.done_groups[p] >> g & 1}
    return {f"colour/{COLOURS[c]}": [c in done, None] for c in sorted(played)}


def bonus_items(s: GardensState, p: int) -> dict[str, list[Any]]:
    """The bonus piles the seat took from (one tile of each type at most); points tiles keep their value."""
    out: dict[str, list[Any]] = {}
    for tile in s.bonus_tiles[p]:
        pile, value = divmod(tile, 16)  # stored as pile * 16 + value
        out[f"bonus/{BONUS[pile]}"] = [None, value if pile == _POINTS_PILE else 0]
    return out


def whim_items(s: GardensState, p: int) -> dict[str, list[Any]]:
    """The whim tiles the seat took, each with whether it was used (where that is a choice) and its points."""
    states = s.whim[p * NW:(p + 1) * NW]
    taken = sum(1 for w in states if w != W_NONE)
    out: dict[str, list[Any]] = {}
    for w, held in enumerate(states):
        if held == W_NONE:
            continue
        used = _USED.get(w)
        out[f"whim/{WHIMS[w]}"] = [None if used is None else held in used, _whim_points(w, held, taken)]
    return out


def _whim_points(w: int, held: int, taken: int) -> int:
    """A tile's own end points (as ``whims.whim_points`` counts them, one tile at a time)."""
    if w == REINFORCEMENT and held == W_HELD:
        return REINFORCEMENT_POINTS[min(taken, len(REINFORCEMENT_POINTS) - 1)]
    return WHIM_POINTS[w] if held == W_DOWN else 0


def seat_facts(s: GardensState, p: int) -> dict[str, list[Any]]:
    return {**god_items(s, p), **colour_items(s, p), **bonus_items(s, p), **whim_items(s, p)}


# --- the game ------------------------------------------------------------------------------------
def ended_by(s: GardensState) -> str:
    if s.stopped:  # max_turns can stop a round that a trigger had begun to finish
        return "max_turns"
    return "landscapes" if s.trigger else "stalled"


def decided_by(s: GardensState) -> str:
    """Which part of the ranking key (total, landscape cards, largest landscape) singled out the winner."""
    winners = s.winners()
    if not winners:
        return "none"
    if len(winners) > 1:
        return "shared"
    best = s.ranking_key(winners[0])
    runner_up = max(s.ranking_key(p) for p in range(s.num_players) if p != winners[0])
    if best[0] != runner_up[0]:
        return "total"
    return "tiebreak_landscapes" if best[1] != runner_up[1] else "tiebreak_largest"


def outcome(s: GardensState) -> dict[str, Any]:
    left = len(s.whim_open) + len(s.whim_stack) if s.whims_on else sum(len(pile) for pile in s.piles)
    return {
        "whims": "on" if s.whims_on else "off",
        "ended_by": ended_by(s),
        "decided_by": decided_by(s),
        "reshuffles": s.deck_epoch,
        "markers_removed": sum(1 for m in s.marker if m == 0),
        "tiles_left": left,
    }


def facts(state: State) -> dict[str, Any]:
    """What each seat used and how the game went (see the module doc); JSON-ready."""
    s = _gardens(state)
    return {"seats": [seat_facts(s, p) for p in range(s.num_players)], "outcome": outcome(s)}


# --- names ---------------------------------------------------------------------------------------
def _pick(names: tuple[str, str], lang: str) -> str:
    return names[1] if lang == "ko" else names[0]


def label(key: str, lang: str = "en") -> str:
    """A reader's name for a family, an item (``"god/spring"``), an outcome name or value
    (``"ended_by"``, ``"landscapes"`` or ``"ended_by/landscapes"``); "" for an unknown key."""
    if key in FAMILIES:
        return _pick(FAMILIES[key], lang)
    if key in OUTCOMES:
        return _pick(OUTCOMES[key], lang)
    if key in VALUES:
        return _pick(VALUES[key], lang)
    family, _, item = key.partition("/")
    if item in _FAMILY_IDS.get(family, ()):
        text = name(item, lang)
        return text if lang == "ko" else text[:1].upper() + text[1:]
    if family in OUTCOMES:
        if family in _NUMBERS:
            return item if item.isdigit() else ""
        return _pick(VALUES[item], lang) if item in VALUES else ""
    return ""
