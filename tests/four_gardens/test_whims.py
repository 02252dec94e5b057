"""The promo 신들의 변덕 / Whims of the Gods (option whims=true): every tile, its timing and effect."""

from __future__ import annotations

from hanpan.core.rng import Rng
from hanpan.games.four_gardens import layout as L
from hanpan.games.four_gardens import state as S
from hanpan.games.four_gardens.data import WHIMS

from .helpers import (
    DECK,
    RES,
    cards,
    cost_tokens,
    finish_landscape,
    first_resource,
    give_whim,
    label,
    new,
    play_random,
    put_base,
    put_landscape,
    reveal_only,
    set_hand,
    set_storage,
    texts,
    tokens_total,
    turn_of,
)

W = {w: i for i, w in enumerate(WHIMS)}


def whim_state(s: S.GardensState, p: int, tile: str) -> int:
    return s.whim[p * L.NW + W[tile]]


def end_turn(s: S.GardensState, rng: Rng | None = None) -> None:
    """Play the current player's turn to its end with rearranges (and random refills)."""
    rng = rng or Rng(0)
    p = s.player
    while s.player == p and not s.is_over:
        legal = texts(s)
        pick = next((t for t in legal if t.startswith("rearrange") or t in ("done", "end")), None)
        s.play(pick or legal[rng.randbelow(len(legal))])


def test_setup_sets_the_bonus_tiles_aside() -> None:
    s = new(3, seed=2, whims=True)
    assert s.piles == [[], [], []]
    assert len(s.whim_open) == 2 and len(s.whim_stack) == 8
    assert sorted(s.whim_open + s.whim_stack) == list(range(10))


def test_a_landscape_takes_a_revealed_tile_then_one_more_is_revealed() -> None:
    s = new(2, seed=2, whims=True)
    reveal_only(s, "grace", "tolerance")
    finish_landscape(s, 0)
    assert s.phase == L.PH_WHIM and texts(s) == ["whim grace", "whim tolerance"]
    stack = len(s.whim_stack)
    s.play("whim grace")
    assert whim_state(s, 0, "grace") == L.W_HELD
    assert len(s.whim_open) == 2 and len(s.whim_stack) == stack - 1 and W["grace"] not in s.whim_open


def test_nothing_revealed_gives_nothing() -> None:
    s = new(2, seed=2, whims=True)
    s.whim_open, s.whim_stack = [], []
    finish_landscape(s, 0)
    assert s.phase == L.PH_ACTION and not any(s.whim[:L.NW])


def test_foresight_at_the_start_of_a_later_turn_refills_only_from_the_six() -> None:
    s = new(2, seed=5, whims=True)
    reveal_only(s, "foresight")
    finish_landscape(s, 0)  # one tile revealed: taken at once
    assert whim_state(s, 0, "foresight") == L.W_HELD
    assert "foresight" not in texts(s)  # not in the turn it is taken
    end_turn(s)
    end_turn(s)
    assert s.player == 0 and "foresight" in texts(s)
    s.play("foresight")
    assert len(s.display) == 6 and whim_state(s, 0, "foresight") == L.W_DOWN
    six = list(s.display)
    for _ in range(3):
        s.play(next(t for t in texts(s) if t.startswith("rearrange")))
        s.play("done")
    assert s.phase == L.PH_REFILL and "draw" not in texts(s)
    while s.player == 0:
        s.play(texts(s)[0])
    assert sum(c in s.hands[0] for c in six) == 3
    assert len(s.display) == 3 and s.whim_points(0) == 2


def test_foresight_only_before_the_first_action() -> None:
    s = new(2, seed=5, whims=True)
    give_whim(s, 0, "foresight")
    assert "foresight" in texts(s)
    s.play(next(t for t in texts(s) if t.startswith("rearrange")))
    s.play("done")
    assert "foresight" not in texts(s)


def test_oppression_blocks_tokens_until_the_owners_next_turn() -> None:
    s = new(2, seed=5, whims=True)
    target = cards(colour="blue", position=2, where=lambda c: DECK.cost[c][RES["stone"]] >= 1)[0]
    other = cards(colour="green", position=2, where=lambda c: DECK.cost[c][RES["stone"]] >= 1)[0]
    put_base(s, 1, target, {"stone": 1})
    put_base(s, 1, other)
    give_whim(s, 0, "oppression")
    assert f"oppress {label(target)}" in texts(s) and f"oppress {label(other)}" in texts(s)
    s.play(f"oppress {label(target)}")
    assert s.oppressed == target and whim_state(s, 0, "oppression") == L.W_PLACED
    end_turn(s)
    # player 2 may move tokens off the card, never onto it
    set_storage(s, 1, stone=2)
    s.play(next(t for t in texts(s) if t.startswith("rearrange")))
    legal = texts(s)
    assert f"move stone storage {label(target)}" not in legal
    assert f"move stone {label(target)} {label(other)}" in legal
    assert f"move stone {label(other)} {label(target)}" not in legal
    s.play("done")
    end_turn(s)
    assert s.player == 0 and s.oppressed == -1 and whim_state(s, 0, "oppression") == L.W_GONE


def test_grace_gives_a_fourth_action_and_a_fuller_refill() -> None:
    s = new(2, seed=5, whims=True)
    give_whim(s, 0, "grace")
    for _ in range(3):
        s.play(next(t for t in texts(s) if t.startswith("rearrange")))
        s.play("done")
    assert s.phase == L.PH_ACTION and "grace" in texts(s) and "end" in texts(s)
    s.play("grace")
    assert s.actions_allowed == 4 and whim_state(s, 0, "grace") == L.W_GONE
    assert "end" in texts(s)  # up to 4
    s.play(next(t for t in texts(s) if t.startswith("rearrange")))
    s.play("done")
    assert s.phase == L.PH_REFILL and len(s.hands[0]) == 1
    while s.player == 0:
        s.play(texts(s)[0])
    assert len(s.hands[0]) == 5


def test_upheaval_rebuilds_the_tower_and_collects() -> None:
    s = new(2, seed=5, whims=True)
    give_whim(s, 0, "upheaval")
    card = s.hands[0][0]
    s.play(f"upheaval {label(card)}")
    assert card in s.discard and s.actions_done == 0 and s.phase == L.PH_TOWER
    assert len(texts(s)) == 16
    for text in ("tower wood 3", "tower grass 0", "tower water 1", "tower stone 2"):
        s.play(text)
    assert texts(s) == ["collect up", "collect down"]
    assert [s.floor_res[f] for f in range(4)] == [3, 2, 1, 0]
    assert [s.icons(f, 0) for f in range(4)] == [3, 0, 1, 2]
    set_storage(s, 0, grass=1)  # 3 free slots
    s.play("collect down")  # stone 2, water 1 → full
    assert s.store[:4] == [2, 1, 1, 0] and s.phase == L.PH_ACTION


def test_upheaval_faces_are_the_players_own() -> None:
    s = new(2, seed=5, whims=True)
    set_hand(s, 1, s.hands[1])
    turn_of(s, 1)
    give_whim(s, 1, "upheaval")
    s.play(f"upheaval {label(s.hands[1][0])}")
    for text in ("tower wood 3", "tower grass 0", "tower water 1", "tower stone 2"):
        s.play(text)
    assert [s.icons(f, s.side(1)) for f in range(4)] == [3, 0, 1, 2]
    s.play("collect up")
    assert s.store[4:8] == [0, 1, 0, 3] and s.free(1) == 0  # wood 3, grass 0, water 1: full


def test_consecration_storage_or_points() -> None:
    s = new(2, seed=5, whims=True)
    reveal_only(s, "consecration")
    finish_landscape(s, 0)
    assert texts(s) == ["consecrate storage", "consecrate keep"]
    s.play("consecrate storage")
    assert s.cap[0] == 6 and whim_state(s, 0, "consecration") == L.W_GONE and s.whim_points(0) == 0
    s = new(2, seed=5, whims=True)
    reveal_only(s, "consecration")
    finish_landscape(s, 0)
    s.play("consecrate keep")
    assert s.cap[0] == 4 and s.whim_points(0) == 2


def test_reinforcement_counts_every_tile_taken() -> None:
    s = new(2, seed=5, whims=True)
    reveal_only(s, "reinforcement")
    finish_landscape(s, 0)
    assert whim_state(s, 0, "reinforcement") == L.W_HELD and s.whim_points(0) == 1
    give_whim(s, 0, "grace", L.W_GONE)  # used and removed: still counts
    assert s.whim_points(0) == 3
    give_whim(s, 0, "sacrifice", L.W_GONE)
    give_whim(s, 0, "tolerance")
    assert s.whim_points(0) == 5 and s.scores()[0]["whims"] == 5


def test_abundance_discards_then_fills_as_many_as_storage_slots() -> None:
    s = new(2, seed=5, whims=True)
    waiting = cards(colour="blue", position=1, god="winter")[0]
    need = first_resource(waiting)
    put_base(s, 0, waiting, cost_tokens(waiting, need))
    reveal_only(s, "abundance")
    extra = [c for c in s.deck if c not in s.slots][:2]
    finish_landscape(s, 0, hand=extra)
    assert s.phase == L.PH_ABUNDANCE and texts(s) == sorted((f"abundance {label(c)}" for c in s.hands[0]),
                                                             key=lambda t: int(t.split()[1][1:]))
    s.play(f"abundance {label(extra[0])}")
    assert extra[0] in s.discard and s.place_left == 4
    s.play(f"put {need} {label(waiting)}")
    assert waiting in s.bases[0]  # completion after all the placements
    for _ in range(3):
        s.play("put stone storage")
    assert waiting not in s.bases[0] and s.marker[3] == 4
    assert s.whim_points(0) == 1 and tokens_total(s) == [15] * 4


def test_tolerance_allows_a_second_copy_of_small_landscapes() -> None:
    s = new(2, seed=5, whims=True)
    reveal_only(s, "tolerance")
    finish_landscape(s, 0, "red")
    assert whim_state(s, 0, "tolerance") == L.W_HELD
    red1 = next(c for c in cards(colour="red", position=1) if c not in s.slots)
    green1 = cards(colour="green", position=1)[0]
    put_landscape(s, 0, green1)
    green1b = next(c for c in cards(colour="green", position=1) if c not in s.slots)
    set_hand(s, 0, [red1, green1b])
    turn_of(s, 0)
    assert f"play {label(red1)}" in texts(s) and f"play {label(green1b)}" not in texts(s)
    s.play(f"play {label(red1)}")
    slot = s.slots.index(red1)
    assert L.SLOT_GROUP[slot] == 4  # the second red copy
    red1c = next(c for c in cards(colour="red", position=1) if c not in s.slots)
    set_hand(s, 0, [red1c])
    turn_of(s, 0)
    assert f"play {label(red1c)}" not in texts(s)  # at most 2 per (colour, position)


def test_tolerance_favour_counts_the_cards_of_that_copy() -> None:
    s = new(2, seed=5, whims=True)
    give_whim(s, 0, "tolerance")
    one = [c for c in cards(colour="red", position=1, where=lambda c: DECK.god[c] != 4)]
    two = [c for c in cards(colour="red", position=2, where=lambda c: DECK.god[c] != 4)]
    put_landscape(s, 0, one[0])  # copy 1: position 1
    put_landscape(s, 0, two[0])  # copy 1: position 2 (complete)
    s.done_groups[0] = 1
    put_landscape(s, 0, one[1])  # copy 2: position 1
    last = two[1]
    need = first_resource(last)
    put_base(s, 0, last, cost_tokens(last, need))
    assert L.SLOT_GROUP[s.slots.index(last)] == 4
    before = s.marker[0:4]
    g = next(c for c in cards(action="gain") if c not in s.slots)
    set_hand(s, 0, [g])
    turn_of(s, 0)
    reveal_only(s, "grace")
    s.play(f"gain {label(g)}")
    s.play(f"put {need} {label(last)}")
    gained = [s.marker[g] - before[g] for g in range(4)]
    expected = [0, 0, 0, 0]
    for c in (last, one[1]):
        expected[DECK.god[c]] += 1
    assert gained == expected
    assert s.done_groups[0] == 0b10001 and whim_state(s, 0, "grace") == L.W_HELD  # a second tile


def test_sacrifice_moves_one_marker_down_and_another_up_two() -> None:
    s = new(2, seed=5, whims=True)
    reveal_only(s, "sacrifice")
    s.marker[4:8] = [10, 10, 10, 10]  # no push-back on the other player
    finish_landscape(s, 0)
    assert s.phase == L.PH_SACRIFICE and len(texts(s)) == 12
    before = s.marker[0:4]
    s.play("sacrifice winter spring")
    assert s.marker[0] == min(10, before[0] + 2) and s.marker[3] == before[3] - 1
    assert s.marker[4:8] == [10, 10, 10, 10] and whim_state(s, 0, "sacrifice") == L.W_GONE
    s = new(2, seed=5, whims=True)
    reveal_only(s, "sacrifice")
    finish_landscape(s, 0, "green")
    s.marker[0:4] = [2, 3, 3, 9]
    s.play("sacrifice spring winter")
    assert s.marker[0] == 0 and s.marker[3] == 10  # removed from 2; capped at 10


def test_comeback_returns_a_removed_marker_or_keeps_points() -> None:
    s = new(2, seed=5, whims=True)
    reveal_only(s, "comeback")
    s.marker[2] = 0
    finish_landscape(s, 0, "green")
    assert texts(s) == ["comeback autumn", "comeback keep"]
    s.play("comeback autumn")
    assert s.marker[2] == 3 and whim_state(s, 0, "comeback") == L.W_GONE
    s = new(2, seed=5, whims=True)
    reveal_only(s, "comeback")
    finish_landscape(s, 0, "green")  # nothing removed: kept face down
    assert whim_state(s, 0, "comeback") == L.W_DOWN and s.whim_points(0) == 2


def test_random_games_with_whims_end() -> None:
    for seed in range(8):
        s = new(2 + seed % 3, seed=seed, whims=True)
        play_random(s, Rng(seed))
        assert s.status == "finished" and tokens_total(s) == [15] * 4
        assert sum(1 for x in s.whim if x) + len(s.whim_open) + len(s.whim_stack) == 10


def test_put_base_uses_the_second_copy_slot_after_the_first() -> None:
    s = new(2, seed=5, whims=True)
    give_whim(s, 0, "tolerance")
    a, b = cards(colour="orange", position=2)[:2]
    put_landscape(s, 0, a)
    put_base(s, 0, b)
    assert L.SLOT_GROUP[s.slots.index(b)] == 5
