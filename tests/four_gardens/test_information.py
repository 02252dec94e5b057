"""Hidden information: every player's view holds exactly what the spec's perfect-memory rules give them.

At every decision of 500 seeded random games (2–4 players, with and without whims) each player's view is
checked against the full state: nothing hidden from that player appears in it, and everything public does.
``determinize`` is checked to keep the view unchanged while resampling the unknowns.
"""

from __future__ import annotations

from typing import Any

from hanpan.core.rng import Rng
from hanpan.games.four_gardens import layout as L
from hanpan.games.four_gardens import state as S
from hanpan.games.four_gardens.data import GODS, RESOURCES, WHIMS

from .helpers import (
    DECK,
    cards,
    cost_tokens,
    first_resource,
    give_whim,
    label,
    new,
    put_base,
    put_landscape,
    set_hand,
    texts,
    turn_of,
)

COLOURS = ("red", "orange", "green", "blue")
GOD_IDS = (*GODS, "wild")


def _landscape(c: int) -> dict[str, Any]:
    return {"colour": COLOURS[DECK.colour[c]], "position": DECK.position[c] + 1, "god": GOD_IDS[DECK.god[c]]}


LANDSCAPE = [_landscape(c) for c in range(70)]


def landscape(c: int) -> dict[str, Any]:
    return LANDSCAPE[c]


def check_view(s: S.GardensState, p: int) -> None:
    v = s.view(p)
    assert v["you"] == p and v["turn"] == s.turn and v["current_player"] == s.current_player
    hidden: set[int] = set(s.deck)
    for q, hand in enumerate(s.hands):
        entries = v["players"][q]["hand"]
        assert len(entries) == len(hand)
        if q != p:  # shown: face-up cards by id, then blind ones by (epoch, landscape side) - never by id
            hand = [c for c in hand if not s.private >> c & 1] + sorted(
                (c for c in hand if s.private >> c & 1), key=lambda c: (s.epoch[c], DECK.land_key[c]))
        for c, entry in zip(hand, entries, strict=True):
            secret = q != p and bool(s.private >> c & 1)
            if secret:
                hidden.add(c)
                # only the landscape side (public from the deck top) and the deck it came from
                assert entry == {**landscape(c), "epoch": s.epoch[c]}
            else:
                assert entry["id"] == c + 1 and entry["cost"] and {**landscape(c)}.items() <= entry.items()
                assert entry["public"] == (not s.private >> c & 1)
    # the deck: its size and its top's landscape side, nothing of the order below
    assert v["deck"] == {"size": len(s.deck), "epoch": s.deck_epoch,
                         "top": landscape(s.deck[-1]) if s.deck else None}
    assert [c["id"] for c in v["display"]] == [c + 1 for c in s.display]
    assert [c["id"] for c in v["discard"]] == [c + 1 for c in s.discard]
    assert all("cost" in c for c in v["display"] + v["discard"])
    # unknown cards: exactly the hidden ones, by the (public) deck they were shuffled into
    expected: dict[str, list[int]] = {}
    for c in sorted(hidden):
        expected.setdefault(str(s.epoch[c]), []).append(c + 1)
    assert v["unknown_cards"] == expected
    # no hidden card's id anywhere outside unknown_cards
    seen = [c["id"] for q in v["players"] for c in q["hand"] + q["garden"] if "id" in c]
    seen += [c["id"] for c in v["display"] + v["discard"]]
    assert not {i - 1 for i in seen} & hidden
    assert len(seen) == 70 - len(hidden)
    # whims: the revealed ones, and only the number of face-down ones
    assert v["whims"] == {"revealed": [WHIMS[w] for w in s.whim_open], "face_down": len(s.whim_stack)}
    # public facts
    for f in range(4):
        assert v["tower"][f]["resource"] == RESOURCES[s.floor_res[f]]
        assert v["tower"][f]["icons"] == [s.icons(f, side) for side in range(4)]
    assert [v["supply"][r] for r in RESOURCES] == s.supply
    # Upheaval: the floors of the new tower set so far (everyone sees it rebuilt)
    assert [(f["resource"], f["face"]) for f in v["turn_state"]["new_tower"]] == [
        (RESOURCES[x >> 2], x & 3) for x in s.build]
    assert v["turn_state"]["tower_built"] == len(s.build)
    # a landscape completed whole this turn whose bonus (tile or whim) is still to come (everyone saw it)
    assert v["turn_state"]["pending_bonus"] is s.pending_bonus
    for q in range(s.num_players):
        pv = v["players"][q]
        assert [pv["storage"][r] for r in RESOURCES] == s.store[q * 4:q * 4 + 4]
        assert [pv["markers"][g] or 0 for g in GODS] == s.marker[q * 4:q * 4 + 4]
        garden = {c["id"] - 1: c for c in pv["garden"]}
        assert set(garden) == {c for c in s.slots[q * L.NS:(q + 1) * L.NS] if c >= 0}
        for c, entry in garden.items():
            if entry["side"] == "base":
                assert [entry["tokens"][r] for r in RESOURCES] == s.tok[c * 4:c * 4 + 4]


def check_determinize(s: S.GardensState, p: int, rng: Rng) -> None:
    d = s.determinize(p, rng)
    assert d.view(p) == s.view(p)
    assert d.hands[p] == s.hands[p]
    cards = d.deck + d.display + d.discard + [c for h in d.hands for c in h] + [c for c in d.slots if c >= 0]
    assert sorted(cards) == list(range(70))
    assert d.private.bit_count() == s.private.bit_count()
    assert sorted(d.whim_stack) == sorted(s.whim_stack)


def play_checked(players: int, seed: int, whims: bool, max_turns: int | None) -> tuple[int, int, S.GardensState]:
    options: dict[str, object] = {"whims": whims}
    if max_turns is not None:
        options["max_turns"] = max_turns
    s = new(players, seed=seed, **options)
    rng = Rng(seed * 7 + 1)
    changed = decisions = 0
    while True:
        for p in range(players):
            check_view(s, p)
        if decisions % 11 == 0:
            before = list(s.deck)
            check_determinize(s, s.current_player if s.current_player is not None else 0, rng)
            changed += before != s.determinize(0, rng).deck
        if s.is_over:
            return decisions, changed, s
        legal = s.legal_actions()
        s.apply(legal[rng.randbelow(len(legal))])
        decisions += 1


def test_views_at_every_decision_of_500_games() -> None:
    total = 0
    for seed in range(500):
        decisions, _, _ = play_checked(2 + seed % 3, seed, seed % 2 == 1, max_turns=6)
        total += decisions
    assert total > 20_000


def test_views_through_whole_games_with_reshuffles() -> None:
    changed = 0
    for seed in range(8):
        _, moved, s = play_checked(2 + seed % 3, 1000 + seed, seed % 2 == 0, max_turns=None)
        changed += moved
        assert s.status == "finished" and s.deck_epoch >= 1  # the discards were reshuffled at least once
    assert changed > 0  # determinize did resample the deck


def test_determinize_keeps_the_landscape_sides_and_epochs() -> None:
    s = new(3, seed=77)
    rng = Rng(5)
    while s.deck_epoch < 2 and not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.randbelow(len(legal))])
    assert s.deck_epoch >= 1
    for _ in range(20):
        d = s.determinize(1, rng)
        for q in (0, 2):
            assert sorted(DECK.land_key[c] for c in d.hands[q]) == sorted(DECK.land_key[c] for c in s.hands[q])
            assert sorted(d.epoch[c] for c in d.hands[q]) == sorted(s.epoch[c] for c in s.hands[q])
        if s.deck:
            assert DECK.land_key[d.deck[-1]] == DECK.land_key[s.deck[-1]]
        # the current deck (shuffled from public discards) plus the hidden hand cards of that epoch
        hidden = [c for q in (0, 2) for c in s.hands[q] if s.private >> c & 1 and s.epoch[c] == s.deck_epoch]
        redrawn = [c for q in (0, 2) for c in d.hands[q] if d.private >> c & 1 and d.epoch[c] == s.deck_epoch]
        assert sorted(d.deck + redrawn) == sorted(s.deck + hidden)


def test_a_tower_being_rebuilt_shows_its_floors_so_far() -> None:
    """Upheaval: two rebuilds alike but for the floors set so far (whose resources may not be used again)
    have different views, and each floor shows what it will show once the tower stands."""
    s = new(2, seed=5, whims=True)
    set_hand(s, 1, s.hands[1])
    turn_of(s, 1)  # seat 1 faces tower side 2: the faces it sets are its own
    give_whim(s, 1, "upheaval")
    s.play(f"upheaval {label(s.hands[1][0])}")
    assert s.view(0)["turn_state"]["new_tower"] == []
    a, b = s.clone(), s.clone()
    a.play("tower stone 0")
    b.play("tower water 2")
    assert [str(x) for x in a.legal_actions()] != [str(x) for x in b.legal_actions()]
    for p in (0, 1):
        va, vb = a.view(p), b.view(p)
        assert va["tower"] == vb["tower"] and va["turn_state"]["tower_built"] == vb["turn_state"]["tower_built"] == 1
        assert va != vb
        assert va["turn_state"]["new_tower"] == [{"floor": 1, "resource": "stone", "face": 0, "icons": [2, 3, 0, 1]}]
    assert a.public_view() != b.public_view()
    assert a.public_view()["turn_state"]["new_tower"] == a.view(0)["turn_state"]["new_tower"]
    for text in ("tower grass 3", "tower wood 1"):
        a.play(text)
    floors = a.view(1)["turn_state"]["new_tower"]
    assert [(f["floor"], f["resource"], f["face"]) for f in floors] == [(1, "stone", 0), (2, "grass", 3),
                                                                         (3, "wood", 1)]
    a.play("tower water 2")  # the last floor: the new tower stands
    assert a.view(0)["turn_state"]["new_tower"] == []
    tower = a.view(0)["tower"]
    assert [{k: f[k] for k in ("floor", "resource", "icons")} for f in floors] == tower[:3]
    assert tower[3]["icons"][s.side(1)] == 2


def _wild_favour(last: str) -> S.GardensState:
    """Player 0 completes a wild god's card by a gain-1 and chooses its favour; the garden then holds the
    same four landscape cards either way: red (spring, wild) and green positions (spring, wild).  ``last``
    says which wild card is completed now: "red" (it completes the red landscape: a bonus follows) or
    "green" (the green landscape is not whole; red was whole before, as hand-set positions may say)."""
    s = new(2, seed=3)
    red, green = ([next(c for c in cards(colour=colour, god="spring") if DECK.position[c] != DECK.position[wild]),
                   wild] for colour, wild in (("red", cards(colour="red", god="wild")[0]),
                                              ("green", cards(colour="green", god="wild")[0])))
    gain = next(c for c in cards(action="gain") if c not in red + green)
    now = red[1] if last == "red" else green[1]
    for c in (red[0], green[0], green[1] if last == "red" else red[1]):
        put_landscape(s, 0, c)
    if last == "green":
        s.done_groups[0] |= 1  # the red landscape was whole before (its reward long taken)
    need = first_resource(now)
    put_base(s, 0, now, cost_tokens(now, need))
    set_hand(s, 0, [gain])
    turn_of(s, 0)
    s.play(f"gain {label(gain)}")
    s.play(f"put {need} {label(now)}")
    assert s.phase == L.PH_FAVOUR and s.queue == [GODS.index("spring")]
    return s


def test_a_bonus_still_to_come_shows_in_the_view() -> None:
    """A wild god's favour decision after a landscape was completed whole: the bonus tile (or whim) that follows
    the favour gains is public (everyone saw the landscape completed), and the views say so: two positions
    alike but for it have different views, and their next decisions differ."""
    a, b = _wild_favour("red"), _wild_favour("green")
    assert a.pending_bonus and not b.pending_bonus
    assert texts(a) == texts(b)
    for p in (0, 1):
        va, vb = a.view(p), b.view(p)
        assert va["players"] == vb["players"] and va["turn_state"]["favour_queue"] == ["spring"]
        assert va != vb
        assert (va["turn_state"]["pending_bonus"], vb["turn_state"]["pending_bonus"]) == (True, False)
    assert a.public_view() != b.public_view()
    assert a.public_view()["turn_state"]["pending_bonus"] is True
    a.play("favour winter")
    b.play("favour winter")
    assert a.phase == L.PH_BONUS and texts(a) == ["bonus storage", "bonus gain", "bonus points"]
    assert b.phase == L.PH_ACTION
    assert a.view(0)["turn_state"]["pending_bonus"] is False  # taken up: now the bonus decision itself
