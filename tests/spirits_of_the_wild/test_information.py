"""What players know: ``view`` hides only the bag's order and the unseen spirit cards' places;
``determinize`` keeps everything public and resamples exactly those."""

from __future__ import annotations

import json

from hanpan.core.rng import Rng

from .helpers import GAME, cards, fresh, make, play, random_game, texts

HIDDEN = {"rng", "seed", "seen", "reveals"}


def test_view_shows_only_the_pile_tops_at_the_start() -> None:
    state = GAME.new(players=2, seed=4)
    piles = state.to_json()["spirit_piles"]
    for player in (0, 1):
        view = state.view(player)
        assert view["spirit_piles"] == [[piles[0][0], None, None], [piles[1][0], None, None]]
        assert view["you"] == player
        assert not HIDDEN & set(view)
        json.dumps(view)  # JSON-able


def test_view_keeps_the_public_table() -> None:
    state, _ = random_game(9, max_turns=12)
    data, view = state.to_json(), state.view(1)
    for key in ("bag", "tray", "held", "boards", "action_cards", "coyote", "turn", "phase", "scores",
                "spirit_stones_out", "status", "current_player"):
        assert view[key] == data[key]
    assert isinstance(view["bag"], dict)  # the bag by counts only


def test_views_do_not_depend_on_hidden_facts() -> None:
    state, _ = random_game(21, max_turns=6)
    data = state.to_json()
    other = fresh(data)
    other["rng"] = data["rng"] ^ 0xDEADBEEF
    for pile in other["spirit_piles"]:  # swap the two unseen cards of each pile
        hidden = [i for i, c in enumerate(pile) if c not in data["seen"]]
        if len(hidden) == 2:
            pile[hidden[0]], pile[hidden[1]] = pile[hidden[1]], pile[hidden[0]]
    twin = GAME.from_json(other)
    assert twin.to_json() != data
    assert twin.view(0) == state.view(0) and twin.view(1) == state.view(1)


def test_a_card_put_back_at_the_bottom_is_remembered() -> None:
    state = make(tray={"blue": 2}, action_cards=[cards("take1", "take1", "add2"), cards()],
                 piles=(("wolf", "deer", "bear"), ("ram", "bison", "eagle")), seen=("wolf", "ram"))
    assert state.view(0)["spirit_piles"] == [["wolf", None, None], ["ram", None, None]]
    play(state, "wolf", "take blue", "blue turtle")
    assert state.view(0)["spirit_piles"] == [["deer", None, "wolf"], ["ram", None, None]]
    assert state.view(1)["spirit_piles"] == state.view(0)["spirit_piles"]


def test_every_card_is_known_once_a_pile_has_turned_over() -> None:
    piles: list[list[str]] = [["wolf", "deer", "bear"], ["ram", "bison", "eagle"]]
    seen: list[str] = ["wolf", "ram"]
    for top in ("wolf", "deer", "bear"):
        state = make(tray={"blue": 2}, action_cards=[cards("take1", "take1", "add2"), cards()],
                     piles=piles, seen=seen)
        assert state.view(0)["spirit_piles"][1] == ["ram", None, None]
        state.play(top)
        while state.turn == 0:
            state.apply(state.legal_actions()[0])
        data = state.to_json()
        piles, seen = data["spirit_piles"], data["seen"]
    assert piles[0] == ["wolf", "deer", "bear"]
    assert state.view(0)["spirit_piles"] == [["wolf", "deer", "bear"], ["ram", None, None]]



# --- the card being played -------------------------------------------------------------------------
PLAY_KEYS = {"card_played", "steps_left", "active_pile", "extra_turn"}


def _without_play(view: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in view.items() if k not in PLAY_KEYS}


def test_the_card_being_played_and_its_steps_left_are_in_every_view() -> None:
    """Everyone saw the card played: two positions alike on the table but with different steps still to
    come (here the eagle, whose turn is followed by another, against a plain take1) have different views,
    and what follows them differs."""
    piles = (("wolf", "deer", "bear"), ("eagle", "ram", "bison"))
    eagle = make(tray={"blue": 2}, piles=piles, seen=("wolf", "eagle"),
                 action_cards=[cards("take1", "take2", "add2"), cards("add3")])
    take1 = make(tray={"blue": 2}, piles=piles, seen=("wolf", "eagle"),
                 action_cards=[cards("take2", "add2"), cards("add3")])
    eagle.play("eagle")
    take1.play("take1")
    for state in (eagle, take1):
        assert state.to_json()["phase"] == "take" and texts(state) == ["take blue"]
    assert eagle.view(0)["steps_left"] == ["take1", "place", "refresh", "extra"]
    assert eagle.view(0)["card_played"] == "eagle" and eagle.view(0)["active_pile"] == 1
    assert eagle.view(0)["extra_turn"] is True
    assert take1.view(0)["steps_left"] == ["take1", "place"]
    assert take1.view(0)["card_played"] == "take1" and take1.view(0)["active_pile"] is None
    assert take1.view(0)["extra_turn"] is False
    for player in (0, 1):
        assert _without_play(eagle.view(player)) == _without_play(take1.view(player))  # the table alike
        assert eagle.view(player) != take1.view(player)
    assert eagle.public_view() != take1.public_view()
    assert eagle.public_view()["steps_left"] == eagle.view(1)["steps_left"]
    play(eagle, "take blue")
    play(take1, "take blue")
    assert eagle.view(0)["steps_left"] == ["place", "refresh", "extra"]
    assert eagle.view(1) != take1.view(1)
    play(eagle, "blue turtle")
    play(take1, "blue turtle")
    assert eagle.current_player == 0 and take1.current_player == 1  # the eagle's extra turn
    assert texts(eagle) == ["take1", "add2", "add3"] and texts(take1) == ["take1", "add2"]
    assert eagle.view(0)["card_played"] is None and eagle.view(0)["steps_left"] == []


def test_the_steps_left_of_a_spirit_card_follow_its_program() -> None:
    state = make(tray={"blue": 2}, action_cards=[cards("take1", "take2", "add2"), cards()],
                 piles=(("wolf", "deer", "bear"), ("ram", "bison", "eagle")), seen=("wolf", "ram"))
    assert state.view(0)["card_played"] is None and state.view(0)["steps_left"] == []
    state.play("wolf")  # draw4 done: the take decision
    view = state.view(1)
    assert view["phase"] == "take"
    assert (view["card_played"], view["steps_left"], view["active_pile"], view["extra_turn"]) == (
        "wolf", ["take1", "place", "refresh"], 0, False)
    data = state.to_json()
    assert view["steps_left"] == data["program"][data["pc"]:]
    assert not {"program", "pc"} & set(view)  # the view's own words, not the position's fields


def test_the_steps_left_tell_apart_take1_with_the_coyote() -> None:
    """The second take1 brings the coyote: a position alike but for it shows it in its steps."""
    with_coyote = make(tray={"blue": 2}, action_cards=[cards("take1"), cards()])
    with_coyote.play("take1")
    plain = make(tray={"blue": 2}, action_cards=[cards("take1", "take1"), cards()], phase="take",
                 program=("take1", "place"), to_take=1)
    assert with_coyote.to_json()["action_cards"] == plain.to_json()["action_cards"]
    assert with_coyote.view(0)["steps_left"] == ["take1", "place", "coyote"]
    assert plain.view(0)["steps_left"] == ["take1", "place"]
    assert _without_play(with_coyote.view(0)) == _without_play(plain.view(0))
    assert with_coyote.view(0) != plain.view(0)
    play(with_coyote, "take blue", "blue turtle")
    play(plain, "take blue", "blue turtle")
    assert texts(with_coyote)[-1] == "coyote stay" and plain.current_player == 1


# --- determinize ---------------------------------------------------------------------------------
def _differences(a: dict[str, object], b: dict[str, object]) -> set[str]:
    return {k for k in a if a[k] != b.get(k)}


def test_determinize_keeps_the_view_and_only_resamples_hidden_facts() -> None:
    for seed in range(40):
        state, _ = random_game(seed, max_turns=1 + seed % 15)
        if state.is_over and state.status == "finished":
            continue
        data = state.to_json()
        for player in (0, 1):
            det = state.determinize(player, Rng(seed * 7 + player))
            assert det.view(player) == state.view(player)
            # the seed is drawn anew too: the true one would rebuild the piles (issue 23)
            assert _differences(det.to_json(), data) <= {"seed", "rng", "spirit_piles"}
            assert det.seed != state.seed
            det_piles = det.to_json()["spirit_piles"]
            for p in (0, 1):
                for i, card in enumerate(data["spirit_piles"][p]):
                    if card in data["seen"]:
                        assert det_piles[p][i] == card
        assert state.to_json() == data  # the true state is untouched


def test_determinize_permutes_the_unseen_cards_across_both_piles() -> None:
    state = GAME.new(players=2, seed=3)
    data = state.to_json()
    unseen = sorted(c for p in data["spirit_piles"] for c in p if c not in data["seen"])
    orders = set()
    for r in range(200):
        piles = state.determinize(0, Rng(r)).to_json()["spirit_piles"]
        assert [len(p) for p in piles] == [3, 3]
        assert sorted(c for p in piles for c in p[1:]) == unseen
        orders.add(tuple(piles[0][1:] + piles[1][1:]))
    assert len(orders) == 24  # 4 unseen cards, every order reachable


def test_determinize_reseeds_the_bag() -> None:
    state = GAME.new(players=2, seed=8)
    draws = set()
    for r in range(30):
        det = state.determinize(1, Rng(r))
        det.play("add2")
        draws.add(tuple(sorted(det.to_json()["tray"].items())))
    assert len(draws) > 3
    # the true state's own draws stay reproducible
    a, b = state.clone(), state.clone()
    a.play("add2")
    b.play("add2")
    assert a.to_json() == b.to_json()


def test_determinize_with_every_card_seen_keeps_the_piles() -> None:
    state = make(seen=("deer", "wolf", "bear", "ram", "bison", "eagle"))
    piles = state.to_json()["spirit_piles"]
    for r in range(20):
        assert state.determinize(0, Rng(r)).to_json()["spirit_piles"] == piles
