"""Rules tests: setup, the tower, each action, completion and favour, bonus tiles (../shared/spec/four_gardens.md)."""

from __future__ import annotations

import pytest

from hanpan.core.errors import IllegalActionError, NotationError
from hanpan.games.four_gardens import layout as L
from hanpan.games.four_gardens import state as S

from .helpers import (
    DECK,
    RES,
    cards,
    label,
    new,
    put_base,
    put_landscape,
    set_hand,
    set_storage,
    set_tower,
    texts,
    tokens_total,
    turn_of,
)

GAIN_CARDS = cards(action="gain")


def cost_minus(c: int, missing: str) -> dict[str, int]:
    """The card's cost as tokens, less one of ``missing``."""
    tokens = {r: DECK.cost[c][i] for r, i in RES.items() if DECK.cost[c][i]}
    tokens[missing] -= 1
    return tokens


def first_resource(c: int) -> str:
    return next(r for r, i in RES.items() if DECK.cost[c][i])


def gain_card(s: S.GardensState | None = None) -> int:
    """A gain-1 card in no garden."""
    used = set(s.slots) if s is not None else set()
    return next(c for c in GAIN_CARDS if c not in used)


# --- setup ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players: int) -> None:
    s = new(players, seed=11)
    assert [len(h) for h in s.hands] == [5] * players
    assert len(s.display) == 3 and len(s.deck) == 70 - 5 * players - 3
    assert s.marker == [3] * (4 * players)
    assert s.supply == [15] * 4 and s.store == [0] * (4 * players) and s.cap == [4] * players
    # side 0 sees, from floor 4 down, 0-1-2-3 icons
    assert [s.icons(f, 0) for f in (3, 2, 1, 0)] == [0, 1, 2, 3]
    assert sorted(s.floor_res) == [0, 1, 2, 3]
    assert s.current_player == 0 and s.private == sum(1 << c for h in s.hands for c in h)


def test_floor_order_is_random() -> None:
    orders = {tuple(new(2, seed=seed).floor_res) for seed in range(40)}
    assert len(orders) > 10


@pytest.mark.parametrize(("players", "sides"), [(2, (0, 2)), (3, (0, 1, 2)), (4, (0, 1, 2, 3))])
def test_seat_sides(players: int, sides: tuple[int, ...]) -> None:
    s = new(players)
    assert tuple(s.side(p) for p in range(players)) == sides
    # each side sees every floor one face further clockwise
    for p in range(players):
        assert [s.icons(f, s.side(p)) for f in (3, 2, 1, 0)] == [(k + sides[p]) % 4 for k in range(4)]


# --- the tower: rotation and collection ------------------------------------------------------------
def test_rotation_turns_the_floor_and_every_floor_above() -> None:
    s = new(2)
    card = cards(action="rotate", floor=2)[0]
    set_hand(s, 0, [card])
    turn_of(s, 0)
    before = list(s.floor_face)
    s.play(f"rotate {label(card)} cw")
    assert s.floor_face == [before[0]] + [(f - 1) % 4 for f in before[1:]]
    s2 = new(2)
    set_hand(s2, 0, [card])
    turn_of(s2, 0)
    s2.play(f"rotate {label(card)} ccw")
    assert s2.floor_face == [before[0]] + [(f + 1) % 4 for f in before[1:]]
    assert card in s.discard


def test_clockwise_brings_the_counter_clockwise_neighbours_face() -> None:
    s = new(4)
    card = cards(action="rotate", floor=1)[0]
    set_hand(s, 0, [card])
    turn_of(s, 0)
    seen_by_side3 = [s.icons(f, 3) for f in range(4)]
    s.play(f"rotate {label(card)} cw")
    assert [s.icons(f, 0) for f in range(4)] == seen_by_side3


def test_collect_up_takes_every_floor_in_order() -> None:
    s = new(2)
    card = cards(action="rotate", floor=4, direction="up")[0]
    set_hand(s, 0, [card])
    turn_of(s, 0)
    # after turning floor 4 clockwise, side 0 sees faces 0,1,2 on floors 1-3 and 0 - 1 = 3 on floor 4
    set_tower(s, ["stone", "water", "grass", "wood"], [0, 1, 2, 1])
    s.cap[0] = 10
    s.play(f"rotate {label(card)} cw")
    assert s.store[:4] == [0, 1, 2, 0]


def test_collect_stops_when_storage_is_full_mid_floor() -> None:
    s = new(2)
    card = cards(action="rotate", floor=4, direction="down")[0]
    set_hand(s, 0, [card])
    turn_of(s, 0)
    set_tower(s, ["stone", "water", "grass", "wood"], [3, 2, 1, 0])
    set_storage(s, 0, stone=1)  # 3 free slots
    s.play(f"rotate {label(card)} ccw")  # floor 4 → face 1: 1 wood; grass 1; water shows 2 but 1 slot is left
    assert s.store[:4] == [1, 1, 1, 1] and s.free(0) == 0
    assert s.supply == [14, 14, 14, 14]  # the stone floor (3 icons) gave nothing: storage was full


def test_collect_gets_less_when_the_supply_is_short() -> None:
    s = new(2)
    card = cards(action="rotate", floor=4, direction="up")[0]
    set_hand(s, 0, [card])
    turn_of(s, 0)
    set_tower(s, ["stone", "water", "grass", "wood"], [3, 1, 0, 0])
    s.supply[0] = 1
    s.play(f"rotate {label(card)} cw")  # floor 4 (face 0) turns to face 3
    assert s.store[:4] == [1, 1, 0, 2]  # 1 stone of 3 (supply), 1 water, no grass, 2 of 3 wood (storage full)
    assert s.supply[0] == 0


def test_collected_tokens_go_to_storage_only() -> None:
    s = new(2)
    card = cards(action="rotate")[0]
    base = cards(colour="blue", position=1)[0]
    set_hand(s, 0, [card])
    put_base(s, 0, base)
    turn_of(s, 0)
    s.play(f"rotate {label(card)} cw")
    assert sum(s.tok) == 0


# --- playing base cards -----------------------------------------------------------------------------
def test_one_card_per_colour_and_position_any_order() -> None:
    s = new(2)
    a, b = cards(colour="green", position=3)[:2]
    c = cards(colour="green", position=1)[0]
    set_hand(s, 0, [a, b, c])
    turn_of(s, 0)
    s.play(f"play {label(a)}")  # position 3 first: fine
    assert f"play {label(b)}" not in texts(s) and f"play {label(c)}" in texts(s)
    s.play(f"play {label(c)}")
    assert s.bases[0] == sorted([a, c])


def test_landscape_card_blocks_its_position() -> None:
    s = new(2)
    a, b = cards(colour="red", position=1)[:2]
    put_landscape(s, 0, a)
    set_hand(s, 0, [b])
    turn_of(s, 0)
    assert f"play {label(b)}" not in texts(s)


def test_at_most_three_base_cards() -> None:
    s = new(2)
    for col in ("red", "orange", "green"):
        put_base(s, 0, cards(colour=col, position=1)[0])
    extra = cards(colour="blue", position=1)[0]
    set_hand(s, 0, [extra])
    turn_of(s, 0)
    assert not any(t.startswith("play") for t in texts(s))


# --- gain 1 ----------------------------------------------------------------------------------------
def test_gain_one_onto_storage_or_a_matching_slot() -> None:
    s = new(2)
    g = gain_card()
    base = cards(colour="blue", position=2, where=lambda c: DECK.cost[c][RES["water"]] >= 1)[0]
    set_hand(s, 0, [g])
    put_base(s, 0, base)
    turn_of(s, 0)
    s.play(f"gain {label(g)}")
    legal = texts(s)
    assert "put stone storage" in legal and f"put water {label(base)}" in legal
    for r, i in RES.items():
        assert (f"put {r} {label(base)}" in legal) == (DECK.cost[base][i] > 0)
    s.play(f"put water {label(base)}")
    assert s.tok[base * 4 + 1] == 1 and s.phase == L.PH_ACTION and g in s.discard


def test_gain_one_is_illegal_without_a_place() -> None:
    s = new(2)
    g = gain_card()
    set_hand(s, 0, [g])
    set_storage(s, 0, stone=4)
    turn_of(s, 0)
    assert f"gain {label(g)}" not in texts(s)
    s.cap[0] = 5
    assert f"gain {label(g)}" in texts(s)
    s.supply = [0, 0, 0, 0]
    assert f"gain {label(g)}" not in texts(s)


def test_gain_one_completes_the_card() -> None:
    s = new(2)
    g = gain_card()
    base = cards(colour="green", position=2, god="spring")[0]
    need = first_resource(base)
    set_hand(s, 0, [g])
    put_base(s, 0, base, cost_minus(base, need))
    turn_of(s, 0)
    s.play(f"gain {label(g)}")
    s.play(f"put {need} {label(base)}")
    assert s.bases[0] == [] and s.lcount[0] == 1
    assert s.marker[0:4] == [4, 3, 3, 3]  # spring + 1
    assert tokens_total(s) == [15] * 4 and sum(s.tok) == 0


# --- rearrange ---------------------------------------------------------------------------------------
def test_rearrange_moves() -> None:
    s = new(2)
    card = cards(action="rotate")[0]
    a = cards(colour="blue", position=1, where=lambda c: DECK.cost[c][0] >= 1)[0]
    b = cards(colour="green", position=1, where=lambda c: DECK.cost[c][0] >= 1)[0]
    set_hand(s, 0, [card])
    put_base(s, 0, a, {"stone": 1})
    put_base(s, 0, b)
    set_storage(s, 0, stone=1, water=1)
    turn_of(s, 0)
    s.play(f"rearrange {label(card)}")
    legal = set(texts(s))
    assert f"move stone storage {label(a)}" in legal or DECK.cost[a][0] == 1
    assert f"move stone storage {label(b)}" in legal
    assert f"move stone {label(a)} {label(b)}" in legal
    assert f"move stone {label(b)} {label(a)}" not in legal  # nothing on b
    assert {"return stone", "return water", "done"} <= legal
    # nothing goes from a base card back to storage or the supply
    assert not any(t.startswith("move") and t.split()[2] != "storage" and t.split()[3] == "storage" for t in legal)
    s.play("return water")
    s.play(f"move stone {label(a)} {label(b)}")
    assert s.store[:4] == [1, 0, 0, 0] and s.supply[1] == 15 and s.tok[b * 4] == 1
    s.play("done")
    assert s.phase == L.PH_ACTION and s.actions_done == 1


def test_completion_waits_until_rearrange_is_done() -> None:
    s = new(2)
    card = cards(action="rotate")[0]
    base = cards(colour="blue", position=3, god="winter")[0]
    need = first_resource(base)
    set_hand(s, 0, [card])
    put_base(s, 0, base, cost_minus(base, need))
    set_storage(s, 0, **{need: 1})
    turn_of(s, 0)
    s.play(f"rearrange {label(card)}")
    s.play(f"move {need} storage {label(base)}")
    assert s.bases[0] == [base] and s.phase == L.PH_REARRANGE
    s.play("done")
    assert s.bases[0] == [] and s.marker[3] == 4


# --- completion order, favour, the wild god, the cap -----------------------------------------------
def test_completion_order_is_the_players_choice() -> None:
    s = new(2)
    card = cards(action="rotate")[0]
    a = cards(colour="green", god="wild")[0]
    b = cards(colour="blue", god="winter")[0]
    set_hand(s, 0, [card])
    put_base(s, 0, a, cost_minus(a, first_resource(a)))
    put_base(s, 0, b, cost_minus(b, first_resource(b)))
    set_storage(s, 0, **{first_resource(a): 1})
    s.supply[RES[first_resource(b)]] -= 1
    s.store[RES[first_resource(b)]] += 1
    turn_of(s, 0)
    s.play(f"rearrange {label(card)}")
    s.play(f"move {first_resource(a)} storage {label(a)}")
    s.play(f"move {first_resource(b)} storage {label(b)}")
    s.play("done")
    assert texts(s) == sorted([f"complete {label(a)}", f"complete {label(b)}"], key=lambda t: int(t[10:]))
    s.play(f"complete {label(b)}")  # winter first, then the wild card completes by itself
    assert s.marker[3] == 4 and s.phase == L.PH_FAVOUR
    assert texts(s) == ["favour spring", "favour summer", "favour autumn", "favour winter"]
    s.play("favour winter")
    assert s.marker[3] == 5 and s.phase == L.PH_ACTION and s.lcount[0] == 2


def test_favour_for_every_landscape_of_the_colour_new_card_first() -> None:
    s = new(2)
    g = gain_card()
    first, third = cards(colour="orange", position=1, god="autumn")[0], cards(colour="orange", position=3,
                                                                                god="autumn")[0]
    new_card = cards(colour="orange", position=2, god="summer")[0]
    put_landscape(s, 0, third)
    put_landscape(s, 0, first)
    need = first_resource(new_card)
    put_base(s, 0, new_card, cost_minus(new_card, need))
    set_hand(s, 0, [g])
    turn_of(s, 0)
    s.play(f"gain {label(g)}")
    s.play(f"put {need} {label(new_card)}")
    # the rulebook's example: summer for the new card, then autumn for positions 1 and 3
    assert s.marker[0:4] == [3, 4, 5, 3]
    assert s.done_groups[0] == 0b10 and s.phase == L.PH_BONUS


def test_favour_queue_order_matters_at_the_cap() -> None:
    s = new(2)
    g = gain_card()
    new_card = cards(colour="red", position=2, god="wild")[0]
    old = cards(colour="red", position=1, god="summer")[0]
    put_landscape(s, 0, old)
    need = first_resource(new_card)
    put_base(s, 0, new_card, cost_minus(new_card, need))
    set_hand(s, 0, [g])
    turn_of(s, 0)
    s.play(f"gain {label(g)}")
    s.play(f"put {need} {label(new_card)}")
    assert s.phase == L.PH_FAVOUR and s.marker[1] == 3  # the new (wild) card's gain comes first
    s.play("favour summer")
    assert s.marker[1] == 5


def test_wild_god_only_tracks_that_hold_your_marker() -> None:
    s = new(2)
    g = gain_card()
    wild = cards(colour="blue", position=4, god="wild")[0]
    need = first_resource(wild)
    put_base(s, 0, wild, cost_minus(wild, need))
    set_hand(s, 0, [g])
    s.marker[1] = 0  # summer removed
    turn_of(s, 0)
    s.play(f"gain {label(g)}")
    s.play(f"put {need} {label(wild)}")
    assert texts(s) == ["favour spring", "favour autumn", "favour winter"]
    s2 = new(2)
    put_base(s2, 0, wild, cost_minus(wild, need))
    set_hand(s2, 0, [g])
    s2.marker[0:4] = [0, 0, 7, 0]  # one track left: no decision
    turn_of(s2, 0)
    s2.play(f"gain {label(g)}")
    s2.play(f"put {need} {label(wild)}")
    assert s2.marker[0:4] == [0, 0, 8, 0] and s2.phase == L.PH_ACTION


def test_cap_at_ten_pushes_the_others_back_and_removes_from_two() -> None:
    s = new(3)
    g = gain_card()
    card = cards(colour="green", position=1, god="spring")[0]
    need = first_resource(card)
    put_base(s, 0, card, cost_minus(card, need))
    set_hand(s, 0, [g])
    s.marker[0] = 10  # player 0 spring on 10
    s.marker[4] = 2  # player 1 spring on 2
    s.marker[8] = 6  # player 2 spring on 6
    turn_of(s, 0)
    s.play(f"gain {label(g)}")
    s.play(f"put {need} {label(card)}")
    assert (s.marker[0], s.marker[4], s.marker[8]) == (10, 0, 5)
    assert s.scores()[1]["spring"] == 0
    # a removed marker never gains again
    s._gain(1, 0)
    assert s.marker[4] == 0


# --- landscapes and bonus tiles ---------------------------------------------------------------------
def complete_red(s: S.GardensState, p: int, seed_card: int = 0) -> None:
    """Give p a red landscape whose last card completes through a gain-1 now."""
    g = gain_card(s)
    one = cards(colour="red", position=1)[seed_card]
    two = cards(colour="red", position=2, god="summer")[0]
    if s.slot_for(p, one) >= 0:
        put_landscape(s, p, one)
    need = first_resource(two)
    put_base(s, p, two, cost_minus(two, need))
    set_hand(s, p, [g, *s.hands[p][:2]])
    turn_of(s, p)
    s.play(f"gain {label(g)}")
    s.play(f"put {need} {label(two)}")


def test_landscape_completion_offers_one_tile_per_type() -> None:
    s = new(2)
    complete_red(s, 0)
    assert texts(s) == ["bonus storage", "bonus gain", "bonus points"]
    s.play("bonus storage")
    assert s.cap[0] == 5 and s.piles[0] == [1, 1, 1]
    # another landscape: the storage pile is no longer offered
    s.phase = L.PH_ACTION
    g = gain_card(s)
    cards_orange = [cards(colour="orange", position=p, where=lambda c: DECK.god[c] != 4)[1] for p in (1, 2, 3)]
    put_landscape(s, 0, cards_orange[0])
    put_landscape(s, 0, cards_orange[1])
    last = cards_orange[2]
    need = first_resource(last)
    put_base(s, 0, last, cost_minus(last, need))
    set_hand(s, 0, [g])
    turn_of(s, 0)
    s.play(f"gain {label(g)}")
    s.play(f"put {need} {label(last)}")
    assert texts(s) == ["bonus gain", "bonus points"]
    s.play("bonus points")
    assert s.bonus_points[0] == 4 and s.scores()[0]["bonus"] == 4


def test_gain_resources_bonus_places_then_completes() -> None:
    s = new(2)
    other = cards(colour="blue", position=1, god="winter")[0]
    need = first_resource(other)
    put_base(s, 0, other, cost_minus(other, need))
    complete_red(s, 0)
    s.play("bonus gain")  # the top tile: 3
    assert s.place_left == 3 and s.phase == L.PH_PUT
    s.play(f"put {need} {label(other)}")
    assert other in s.bases[0]  # completion waits for all 3
    s.play("put stone storage")
    s.play("put water storage")
    assert other not in s.bases[0] and s.phase == L.PH_ACTION and s.marker[3] == 4


def test_no_tile_left_gives_nothing() -> None:
    s = new(2)
    s.piles = [[], [], [1]]
    s.bonus_held[0] = 0b100
    complete_red(s, 0)
    assert s.phase == L.PH_ACTION and s.bonus_tiles[0] == []
    s2 = new(2)
    s2.piles = [[], [2], []]
    complete_red(s2, 0)  # only one choice: taken without a decision
    assert s2.bonus_tiles[0] == [1 * 16 + 2] and s2.place_left in (0, 2)


# --- refill and reshuffle ---------------------------------------------------------------------------
def test_refill_card_by_card_then_the_display() -> None:
    s = new(2)
    three = s.hands[0][:3]
    for c in three:
        s.play(f"rearrange {label(c)}")
        s.play("done")
    assert s.phase == L.PH_REFILL and len(s.hands[0]) == 2
    display = list(s.display)
    assert texts(s) == [*(f"take {label(c)}" for c in sorted(display)), "draw"]
    s.play(f"take {label(display[0])}")
    assert display[0] in s.hands[0] and not s.private >> display[0] & 1
    top = s.deck[-1]
    s.play("draw")
    assert top in s.hands[0] and s.private >> top & 1
    s.play(f"take {label(display[1])}")
    # hand full: display refilled to 3 from the deck top, next player's turn
    assert len(s.hands[0]) == 5 and len(s.display) == 3 and s.player == 1 and s.turn == 1


def test_deck_running_out_reshuffles_the_discards_at_once() -> None:
    s = new(2)
    keep = s.deck[-1]
    s.discard = s.deck[:-1]
    s.deck = [keep]
    for c in s.hands[0][:3]:
        s.play(f"rearrange {label(c)}")
        s.play("done")
    before = sorted(s.discard)
    s.play("draw")
    assert keep in s.hands[0] and s.private >> keep & 1
    assert s.deck_epoch == 1 and s.discard == [] and sorted(s.deck) == before
    assert all(s.epoch[c] == 1 for c in s.deck)
    s.play(f"take {label(s.display[0])}")
    s.play(f"take {label(s.display[0])}")
    assert len(s.display) == 3 and s.player == 1


def test_empty_deck_and_discards_draw_nothing() -> None:
    s = new(2)
    plays = [cards(colour=c, position=1)[0] for c in ("red", "orange", "green")]
    set_hand(s, 0, plays)
    s.hands[1].extend(s.deck + s.display)  # park every other card in player 2's hand
    s.deck, s.display = [], []
    for c in plays:
        s.play(f"play {label(c)}")
    assert s.player == 1 and s.hands[0] == [] and s.turn == 1


# --- errors -----------------------------------------------------------------------------------------
def test_bad_actions_are_refused() -> None:
    s = new(2)
    with pytest.raises(NotationError):
        s.play("fly c1")
    with pytest.raises(IllegalActionError, match="not legal"):
        s.play("done")
