"""Random-play invariants over 2,000 seeded games, and a cross-check of the engine against the spec model."""

from __future__ import annotations

from typing import Any

from hanpan.core.record import Record, replay
from hanpan.core.rng import Rng

from .helpers import COUNTS, GAME, STONES, board_stones, ref_card_texts, ref_placements, ref_points, total_stones

GAMES = 2000


def check_position(state: object) -> None:
    """The 56 stones, clone and JSON round trips, views without secrets, a card phase with nothing held."""
    data = state.to_json()  # type: ignore[attr-defined]
    assert total_stones(data) == COUNTS  # bag + tray + hand + boards: always the 56 stones
    clone = state.clone()  # type: ignore[attr-defined]
    assert clone == state and clone.to_json() == data
    back = GAME.from_json(data)
    assert back == state and back.to_json() == data
    for player in (0, 1):
        view = state.view(player)  # type: ignore[attr-defined]
        assert not {"rng", "seed", "seen"} & set(view)
        assert view["bag"] == data["bag"] and view["boards"] == data["boards"]
    if data["phase"] == "card":
        assert data["held"] == {}
        assert data["spirit_stones_out"] < 5  # else the last turn would have ended the game


def check_decision(state: Any, legal: list[Any]) -> None:
    """Before the end: some legal action, each written differently."""
    assert legal, "no legal action before the end"
    assert len({a.text for a in legal}) == len(legal)


def check_end(state: Any, actions: list[str]) -> None:
    """An ended game: no action, nobody to move; its record (seed and ``actions``) replays to the same end."""
    assert state.legal_actions() == [] and state.current_player is None
    record = Record.of(state, ["a", "b"], actions)
    again = replay(Record.from_json(record.to_json()))
    assert [s.total for s in again.scores()] == [s.total for s in state.scores()]
    assert again.winners() == state.winners() and again.to_json() == state.to_json()


def test_random_play_invariants_over_2000_games() -> None:
    finished = 0
    for seed in range(GAMES):
        state = GAME.new(players=2, seed=seed, max_turns=300)
        rng = Rng(seed * 31 + 1)
        actions: list[str] = []
        step = 0
        while not state.is_over:
            legal = state.legal_actions()
            check_decision(state, legal)
            if step % 12 == seed % 12:  # a sample of decisions of every kind
                check_position(state)
            action = legal[rng.randbelow(len(legal))]
            actions.append(action.text)
            state.apply(action)
            step += 1
        check_position(state)
        check_end(state, actions)
        finished += state.status == "finished"
    assert finished == GAMES  # no random game ran into max_turns


def _places(b: dict[str, Any]) -> dict[str, list[str]]:
    a = b["animals"]
    return {"owl1": a["owl"][0], "owl2": a["owl"][1], "owl3": a["owl"][2], "rabbit": a["rabbit"],
            "beaver3": a["beaver"][0], "beaver2": a["beaver"][1], "salmon": a["salmon"], "turtle": a["turtle"]}


def check_against_spec(data: dict[str, Any], legal: set[str]) -> None:
    """The legal actions (as texts) of the position ``data`` and its scores are the spec model's."""
    me = data["current_player"]
    if data["phase"] == "card":
        assert legal == ref_card_texts(data), data
    elif data["phase"] == "place":
        coyote = data["coyote"]
        on_me = coyote["animal"] if coyote and coyote["player"] == me else None
        expected: set[str] = set()
        for stone in data["held"]:
            expected |= ref_placements(data["boards"][me], stone, on_me)
        assert legal == expected and expected
    elif data["phase"] == "take":
        assert legal == {f"take {k}" for k in data["tray"]}
        assert 0 < data["to_take"] <= sum(data["tray"].values())
    elif data["phase"] == "bison":
        assert legal == {f"bag {k}" for k in data["tray"]}
    elif data["phase"] == "deer":
        mine = data["boards"][me]
        expected = {f"return spirit {x}" for x in mine["spirit_stones"]}
        for place, stones in _places(mine).items():
            expected |= {f"return {c} {place}" for c in stones}
        assert legal == expected and expected
    elif data["phase"] == "coyote":
        coyote = data["coyote"]
        there = coyote["animal"] if coyote and coyote["player"] == 1 - me else None
        assert legal == {f"coyote {a}" for a in ("owl", "rabbit", "beaver", "salmon", "turtle")
                         if a != there} | {"coyote stay"}
    for player in (0, 1):
        points = ref_points(data["boards"][player])
        assert data["scores"][player] == {**points, "total": sum(points.values())}


def check_winners_against_spec(state: Any) -> None:
    """The winners of an ended game by the spec model's totals (a tie goes to the coyote's board)."""
    data = state.to_json()
    totals = [sum(ref_points(b).values()) for b in data["boards"]]
    if totals[0] != totals[1]:
        assert list(state.winners()) == [totals.index(max(totals))]
    elif data["coyote"] is None:
        assert state.winners() == (0, 1)
    else:
        assert state.winners() == (data["coyote"]["player"],)


def test_engine_agrees_with_the_spec_model_in_random_play() -> None:
    for seed in range(300):
        state = GAME.new(players=2, seed=10_000 + seed)
        rng = Rng(seed)
        while not state.is_over:
            check_against_spec(state.to_json(), {a.text for a in state.legal_actions()})
            actions = state.legal_actions()
            state.apply(actions[rng.randbelow(len(actions))])
        check_winners_against_spec(state)


DRAWN = {"add2": 2, "add3": 3, "wolf": 4, "bison": 3}


def _size(zone: dict[str, int]) -> int:
    return sum(zone.values())


def _check_card_effect(card: str, before: dict[str, Any], after: dict[str, Any]) -> None:
    """The immediate effect of using ``card``, up to its first decision, per the spec."""
    me = before["current_player"]
    if card in DRAWN:
        drawn = min(DRAWN[card], _size(before["bag"]))
        assert _size(after["tray"]) == _size(before["tray"]) + drawn
        for kind in STONES:
            assert (after["tray"].get(kind, 0) + after["bag"].get(kind, 0)
                    == before["tray"].get(kind, 0) + before["bag"].get(kind, 0))
    if card == "bear":
        assert _size(after["tray"]) == _size(before["tray"])
    if card == "ram":
        drawn = min(2, _size(before["bag"]))
        assert _size(after["held"]) + _size(after["tray"]) == _size(before["tray"]) + drawn
    if card == "deer":  # the return is skipped only on an empty board
        if sum(board_stones(before["boards"][me]).values()):
            assert after["phase"] == "deer"
        elif before["tray"]:
            assert after["phase"] == "take" and after["to_take"] == min(2, _size(before["tray"]))
        else:
            assert after["turn"] == before["turn"] + 1
    if card in ("take2", "add2", "add3"):
        assert before["action_cards"][me][card] and not after["action_cards"][me][card]
    if card == "take1":
        assert after["action_cards"][me]["take1"] == before["action_cards"][me]["take1"] - 1
    if card in ("take1", "take2"):
        assert after["phase"] == "take" and after["to_take"] == (1 if card == "take1" else 2)


class CardEffects:
    """Follows a game decision by decision (``step``) and checks each card's immediate effect, each taken,
    returned or bagged stone, and each turn's end (the spirit card moved to the bottom of its pile, the action
    cards turned back up, the next player) against the spec."""

    def __init__(self, start: dict[str, Any]) -> None:
        self.spirit_used: tuple[int, str] | None = None
        self.start = start

    def step(self, before: dict[str, Any], text: str, after: dict[str, Any], over: bool) -> None:
        """``before`` and ``after`` are the positions around the decision ``text``; ``over``: the game ended."""
        if before["phase"] == "card" and text != "pass":
            _check_card_effect(text, before, after)
            if text in ("deer", "wolf", "bear", "ram", "bison", "eagle"):
                self.spirit_used = ((before["spirit_piles"][0][0] != text and 1) or 0, text)
            self.start = before
        elif before["phase"] == "take":
            kind = text.split()[1]
            if after["phase"] in ("take", "place"):  # else what fits nowhere went back to the tray
                assert after["tray"].get(kind, 0) == before["tray"][kind] - 1
                assert after["held"][kind] == before["held"].get(kind, 0) + 1
        elif before["phase"] == "deer":
            kind = text.split()[1]
            assert after["tray"].get(kind, 0) == before["tray"].get(kind, 0) + 1
            assert after["phase"] in ("take", "over") or after["turn"] > before["turn"]
        elif before["phase"] == "bison":
            kind = text.split()[1]
            assert after["bag"].get(kind, 0) == before["bag"].get(kind, 0) + 1
        if after["turn"] > before["turn"]:  # a turn ended
            assert after["held"] == {}
            if self.spirit_used is not None:
                pile, card = self.spirit_used
                assert after["spirit_piles"][pile] == [*self.start["spirit_piles"][pile][1:], card]
                assert after["action_cards"][before["current_player"]] == {
                    "take1": 2, "take2": True, "add2": True, "add3": True, "spirit": True}
                if card == "eagle" and not over:
                    assert after["current_player"] == before["current_player"]
            elif not over:
                assert after["current_player"] == 1 - before["current_player"]
            self.spirit_used = None


def test_card_effects_and_turn_ends_follow_the_spec_in_random_play() -> None:
    for seed in range(300):
        state = GAME.new(players=2, seed=20_000 + seed)
        rng = Rng(seed)
        effects = CardEffects(state.to_json())
        while not state.is_over:
            before = state.to_json()
            legal = state.legal_actions()
            action = legal[rng.randbelow(len(legal))]
            state.apply(action)
            effects.step(before, action.text, state.to_json(), state.is_over)


def test_restored_positions_play_on_identically() -> None:
    for seed in range(100):
        state = GAME.new(players=2, seed=seed)
        rng = Rng(seed)
        restored = None
        while not state.is_over:
            if restored is None and state.turn == 5:
                restored = GAME.from_json(state.to_json())
                twin = state.clone()
            legal = state.legal_actions()
            action = legal[rng.randbelow(len(legal))]
            state.apply(action)
            if restored is not None:
                restored.apply(action)
                twin.apply(action)
        if restored is not None:
            assert restored.to_json() == state.to_json() == twin.to_json()


def test_same_seed_and_actions_give_the_same_states() -> None:
    for seed in range(50):
        a, b = GAME.new(players=2, seed=seed), GAME.new(players=2, seed=seed)
        rng = Rng(seed)
        while not a.is_over:
            legal = a.legal_actions()
            assert legal == b.legal_actions()
            action = legal[rng.randbelow(len(legal))]
            a.apply(action)
            b.play(action.text)
        assert a.to_json() == b.to_json()


def test_notation_round_trips_for_the_whole_action_space() -> None:
    table = GAME.actions
    assert len(table) == 137
    for action in table.actions:
        assert table.parse(str(action)) == action
        assert table.parse(str(action).upper().replace(" ", "   ")) == action
    assert {a.text for a in table.actions} >= {f"take {k}" for k in STONES}


def test_action_ids_and_the_legal_mask() -> None:
    state = GAME.new(players=2, seed=77)
    rng = Rng(77)
    while not state.is_over:
        legal = state.legal_actions()
        ids = state.legal_action_ids()
        assert ids == [a.id for a in legal] == sorted(ids)  # in id order
        mask = state.legal_mask()
        assert len(mask) == 137 and [i for i, ok in enumerate(mask) if ok] == ids
        state.apply_id(ids[rng.randbelow(len(ids))])
    assert state.legal_action_ids() == [] and not any(state.legal_mask())
