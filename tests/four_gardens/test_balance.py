"""Balance facts of Four Gardens (hanpan.games.four_gardens.balance), checked against the final position's
JSON and the score cards on seeded games: random and greedy play, 2–4 players, whims on and off."""

from __future__ import annotations

import json
from typing import Any

import pytest

import hanpan
from hanpan.agents import Seat
from hanpan.agents.registry import make_agent
from hanpan.analysis.facts import facts_of
from hanpan.core.contract import ScoreCard
from hanpan.core.errors import HanpanError
from hanpan.core.rng import Rng
from hanpan.games.four_gardens import balance
from hanpan.games.four_gardens.data import BONUS, COLOURS, END_LANDSCAPES, GODS, WHIM_POINTS, WHIMS
from hanpan.games.four_gardens.layout import GROUP_SLOTS, GROUPS, WHIM_STATES
from hanpan.games.four_gardens.state import GardensState

from .helpers import DECK, new

#: (players, whims, agent names or None for random play, seed): random and greedy games of 2–4 players
GAMES = [(players, whims, agents, seed)
         for players in (2, 3, 4) for whims in (False, True)
         for agents, seed in ((None, 10), (None, 11), (None, 12), (["greedy"] * players, 20),
                              (["greedy", "random", "random", "greedy"][:players], 21))]
#: whim tiles whose holder chooses to use them, and the states (position JSON names) that mean "used"
USED = {"foresight": {"face_down"}, "oppression": {"placed", "removed"}, "grace": {"removed"},
        "upheaval": {"removed"}, "consecration": {"removed"}, "comeback": {"removed"}}


def play(players: int, whims: bool, agents: list[str] | None, seed: int) -> GardensState:
    s = new(players, seed=seed, whims=whims, max_turns=300)
    if agents is None:
        rng = Rng(seed)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.randbelow(len(legal))])
        return s
    seats = [make_agent(name, seed * 10 + seat) for seat, name in enumerate(agents)]
    while not s.is_over:
        seat = s.current_player
        assert seat is not None
        s.apply(seats[seat].choose(Seat(s, seat)))
    return s


@pytest.fixture(scope="module")
def games() -> list[tuple[GardensState, dict[str, Any]]]:
    out = []
    for config in GAMES:
        s = play(*config)
        assert s.status == "finished"
        out.append((s, balance.facts(s)))
    return out


# --- an independent reading of the final position ------------------------------------------------
def garden(player: dict[str, Any]) -> list[tuple[int, bool]]:
    """(card index, landscape side up) of each card in a player's garden, from the position JSON."""
    mask = player["landscape_slots"]
    return [(card - 1, bool(mask >> slot & 1)) for slot, card in enumerate(player["garden"]) if card]


def expected_items(player: dict[str, Any], card: ScoreCard) -> dict[str, list[Any]]:
    """What the seat's facts must hold, computed from its position JSON and score card."""
    cards = garden(player)
    out: dict[str, list[Any]] = {}
    gods_up = {DECK.god[c] for c, up in cards if up}
    for g, god in enumerate(GODS):
        space = card.categories[god]
        assert player["markers"][god] == space  # the score card's god category is the marker's space
        if g in gods_up or space > 3:
            out[f"god/{god}"] = [space == 10, space]
    complete = {GROUPS[g][0] for g, slots in enumerate(GROUP_SLOTS)
                if all(player["landscape_slots"] >> slot & 1 for slot in slots)}
    for colour in sorted({DECK.colour[c] for c, _ in cards}):
        out[f"colour/{COLOURS[colour]}"] = [colour in complete, None]
    for tile in player["bonus_tiles"]:
        out[f"bonus/{tile['pile']}"] = [None, tile["value"] if tile["pile"] == "points" else 0]
    return out


def test_facts_match_the_position_and_the_score_cards(games: list[tuple[GardensState, dict[str, Any]]]) -> None:
    for s, found in games:
        position = s.to_json()
        cards = s.scores()
        assert len(found["seats"]) == s.num_players
        for p, items in enumerate(found["seats"]):
            player = position["players"][p]
            expected = expected_items(player, cards[p])
            assert {k: v for k, v in items.items() if not k.startswith("whim/")} == expected
            bonus = sum(v[1] for k, v in items.items() if k.startswith("bonus/"))
            assert bonus == cards[p].categories["bonus"]
            assert {k for k in items if k.startswith("whim/")} == {f"whim/{w}" for w in player["whims"]}


def test_whim_tiles_their_use_and_their_points(games: list[tuple[GardensState, dict[str, Any]]]) -> None:
    seen = 0
    for s, found in games:
        position = s.to_json()
        for p, items in enumerate(found["seats"]):
            held = position["players"][p]["whims"]
            whims = {k[5:]: v for k, v in items.items() if k.startswith("whim/")}
            assert sum(points for _, points in whims.values()) == s.scores()[p].categories["whims"]
            for tile, (used, points) in whims.items():
                seen += 1
                state = held[tile]
                assert used == (state in USED[tile] if tile in USED else None)
                if tile != "reinforcement":
                    assert points == (WHIM_POINTS[WHIMS.index(tile)] if state == "face_down" else 0)
            if not s.whims_on:
                assert not whims and not held
            else:
                assert not any(k.startswith("bonus/") for k in items)
    assert seen >= 6  # the whims games took tiles


def test_every_whim_tile_in_every_state(games: list[tuple[GardensState, dict[str, Any]]]) -> None:
    """Each tile put in each state a taken tile can have: its points add up to the score card, its use as named."""
    finished = next(s for s, _ in games if s.whims_on)
    for w, tile in enumerate(WHIMS):
        for state in range(1, len(WHIM_STATES)):
            s = finished.clone()
            s.whim[w] = state  # seat 0
            items = balance.facts(s)["seats"][0]
            whims = [v for k, v in items.items() if k.startswith("whim/")]
            assert sum(points for _, points in whims) == s.scores()[0].categories["whims"]
            used, _ = items[f"whim/{tile}"]
            assert used == (WHIM_STATES[state] in USED[tile] if tile in USED else None)


def test_outcome(games: list[tuple[GardensState, dict[str, Any]]]) -> None:
    for s, found in games:
        position = s.to_json()
        cards = s.scores()
        out = found["outcome"]
        assert out["whims"] == ("on" if s.options.get("whims") else "off")
        assert out["ended_by"] == "landscapes"
        assert max(c.extra["landscapes"] for c in cards) >= END_LANDSCAPES[s.num_players]
        assert out["decided_by"] == decided_by(s)
        assert out["reshuffles"] == max(position["epoch"])  # each reshuffle marks its cards with its number
        assert out["markers_removed"] == sum(1 for c in cards for g in GODS if c.categories[g] == 0)
        if s.whims_on:
            held = sum(len(player["whims"]) for player in position["players"])
            assert out["tiles_left"] == len(WHIMS) - held
        else:
            held = sum(len(player["bonus_tiles"]) for player in position["players"])
            assert out["tiles_left"] == 12 - held


def decided_by(s: GardensState) -> str:
    """How the winner stood out, from the score cards: total, then landscape cards, then the largest landscape."""
    cards = s.scores()
    keys = sorted(((c.total, c.extra["landscapes"], c.extra["largest"]), p) for p, c in enumerate(cards))
    (best, winner), (second, _) = keys[-1], keys[-2]
    if best == second:
        assert len(s.winners()) > 1
        return "shared"
    assert s.winners() == (winner,)
    return ("total", "tiebreak_landscapes", "tiebreak_largest")[next(i for i in range(3) if best[i] != second[i])]


def test_tie_breaks(games: list[tuple[GardensState, dict[str, Any]]]) -> None:
    """Points tiles added to the runner-up make equal totals: the tie-breaks then decide (or nothing does)."""
    seen = set()
    for s, _ in games:
        tied = s.clone()
        totals = sorted((c.total, p) for p, c in enumerate(tied.scores()))
        (second, runner_up), (best, _) = totals[-2], totals[-1]
        tied.bonus_points[runner_up] += best - second
        found = balance.facts(tied)["outcome"]["decided_by"]
        assert found == decided_by(tied)
        seen.add(found)
    assert seen - {"total"}  # some games were then decided by a tie-break or shared


def test_facts_are_json_and_pass_the_report_contract(games: list[tuple[GardensState, dict[str, Any]]]) -> None:
    for s, found in games:
        assert json.loads(json.dumps(found)) == found
        assert facts_of(s) == found
        for items in found["seats"]:
            for key, (completed, points) in items.items():
                assert key.split("/", 1)[0] in balance.FAMILIES
                assert completed in (True, False, None) and (points is None or isinstance(points, int))
        for value in found["outcome"].values():
            assert isinstance(value, str | int) and not isinstance(value, bool)


def test_a_game_stopped_by_max_turns() -> None:
    s = new(3, seed=9, max_turns=4)
    rng = Rng(2)
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.randbelow(len(legal))])
    out = balance.facts(s)["outcome"]
    assert (s.status, out["ended_by"], out["decided_by"]) == ("unfinished", "max_turns", "none")


def test_labels(games: list[tuple[GardensState, dict[str, Any]]]) -> None:
    keys = {key for _, found in games for items in found["seats"] for key in items}
    keys |= {f"{family}/{item}" for family, ids in (("god", GODS), ("colour", COLOURS), ("bonus", BONUS),
                                                    ("whim", WHIMS)) for item in ids}
    for key in keys:
        en, ko = balance.label(key, "en"), balance.label(key, "ko")
        assert en and ko and en != ko, key
    assert balance.label("god/winter", "ko") == "겨울" and balance.label("whim/grace") == "Grace"
    assert balance.label("colour/red") == "Red" and balance.label("bonus/points", "ko") == "추가 점수"
    assert [balance.label(f, "en") for f in ("god", "colour", "bonus", "whim")] == [
        "God tracks", "Landscape colours", "Bonus piles", "Whim tiles"]
    assert [balance.label(f, "ko") for f in ("god", "colour", "bonus", "whim")] == [
        "신의 트랙", "풍경 색", "보너스 더미", "변덕 타일"]
    for _, found in games:
        for name, value in found["outcome"].items():
            assert balance.label(name, "en") and balance.label(name, "ko")
            assert balance.label(f"{name}/{value}", "en") and balance.label(f"{name}/{value}", "ko")
            if isinstance(value, str):
                assert balance.label(value, "ko") == balance.label(f"{name}/{value}", "ko") != value
    for unknown in ("god/wild", "colour/purple", "whimsy", "animal/fish", "ended_by/pouch", "reshuffles/x", ""):
        assert balance.label(unknown) == "" and balance.label(unknown, "ko") == ""


def test_another_games_state_is_refused() -> None:
    other = hanpan.game("spirits_of_the_wild").new(players=2, seed=1)
    with pytest.raises(HanpanError):
        balance.facts(other)
