"""Error tests: bad moves, bad records, bad positions (``from_json`` and ``score_position``), bad options."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hanpan.core.action import Action
from hanpan.core.errors import (
    HanpanError,
    IllegalActionError,
    NotationError,
    OptionError,
    PositionError,
    RecordError,
)
from hanpan.core.record import Record, replay

from .helpers import GAME, board, fresh, make, random_game


# --- moves ---------------------------------------------------------------------------------------
def test_text_that_is_no_move_raises_notation_error_naming_the_legal_moves() -> None:
    state = GAME.new(players=2, seed=42)
    with pytest.raises(NotationError, match="legal now: take1, add2, add3"):
        state.play("fly away")
    for bad in ("take 3", "blue owl4", "spirit owl1", "coyote", "return spirit", "bag", ""):
        with pytest.raises(NotationError):
            state.play(bad)


def test_a_move_not_legal_now_raises_illegal_action_error_and_changes_nothing() -> None:
    state = GAME.new(players=2, seed=42)
    before = state.to_json()
    for bad in ("take2", "pass", "take blue", "blue owl1", "coyote owl", "deer", "bag spirit", "return blue owl1"):
        with pytest.raises(IllegalActionError, match="not legal now"):
            state.play(bad)
        assert state.to_json() == before
    with pytest.raises(IllegalActionError):
        state.play(Action(1, "take2"))
    with pytest.raises(IllegalActionError):
        state.play(7)  # type: ignore[arg-type]
    assert state.to_json() == before


def test_notation_is_case_and_space_insensitive() -> None:
    state = GAME.new(players=2, seed=42)
    assert state.play("  TAKE1 ") == Action(0, "take1")
    legal = state.legal_actions()[0]
    assert state.play(legal.text.upper().replace(" ", "   ")) == legal


def test_no_move_after_the_end() -> None:
    state, _ = random_game(3)
    assert state.is_over
    with pytest.raises(IllegalActionError, match="over"):
        state.play("take1")
    with pytest.raises(IllegalActionError, match="over"):
        state.play(Action(0, "take1"))


def test_errors_are_one_line_and_hanpan_errors() -> None:
    state = GAME.new(players=2, seed=42)
    with pytest.raises(HanpanError) as info:
        state.play("take2")
    assert isinstance(info.value, ValueError) and "\n" not in str(info.value)


# --- records -------------------------------------------------------------------------------------
def _record(seed: int = 5) -> dict[str, Any]:
    state, actions = random_game(seed)
    return Record.of(state, ["ann", "bot"], actions).to_json()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(format="hanpan.record/0"), "format"),
        (lambda r: r.pop("actions"), "lacks actions"),
        (lambda r: r.update(seed=-1), "seed"),
        (lambda r: r.update(seed="x"), "seed"),
        (lambda r: r.update(players=[]), "players"),
        (lambda r: r.update(actions="take1"), "actions"),
        (lambda r: r.update(actions=["take1", 3]), "actions"),
        (lambda r: r.update(result={"scores": 3}), "result"),
        (lambda r: r.update(options=[1]), "options"),
        (lambda r: r.update(game=7), "game"),
    ],
)
def test_malformed_records_are_refused(change: Callable[[dict[str, Any]], object], message: str) -> None:
    data = _record()
    change(data)
    with pytest.raises(RecordError, match=message):
        Record.from_json(data)


def test_replay_names_the_first_bad_move() -> None:
    data = _record()
    state = GAME.new(players=2, seed=data["seed"])
    for text in data["actions"][:3]:
        state.play(text)
    legal = {a.text for a in state.legal_actions()}
    data["actions"][3] = next(t for t in ("pass", "take2", "coyote stay", "bag spirit") if t not in legal)
    with pytest.raises(RecordError, match="move 4") as info:
        replay(Record.from_json(data))
    assert info.value.move_number == 4
    data = _record()
    data["actions"][0] = "nonsense"
    with pytest.raises(RecordError, match="move 1"):
        replay(Record.from_json(data))


def test_replay_refuses_a_wrong_result_and_a_result_before_the_end() -> None:
    data = _record()
    data["result"]["scores"][0] += 1
    with pytest.raises(RecordError, match="differs"):
        replay(Record.from_json(data))
    data = _record()
    data["actions"] = data["actions"][:-1]
    with pytest.raises(RecordError, match="not over"):
        replay(Record.from_json(data))
    data = _record()
    data["result"]["winners"] = [1 - data["result"]["winners"][0]] if len(data["result"]["winners"]) == 1 else [0]
    with pytest.raises(RecordError, match="differs"):
        replay(Record.from_json(data))


def test_replay_refuses_bad_players_options_and_games() -> None:
    for change in (lambda r: r.update(players=["a", "b", "c"]), lambda r: r.update(options={"max_turns": 0}),
                   lambda r: r.update(options={"side": "B"}), lambda r: r.update(game="chess")):
        data = _record()
        change(data)
        with pytest.raises(RecordError, match="cannot start"):
            replay(Record.from_json(data))


def test_records_load_from_files_and_refuse_bad_files(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    Record.from_json(_record()).save(good)
    assert replay(Record.load(good)).is_over
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", "utf-8")
    with pytest.raises(RecordError, match="not JSON"):
        Record.load(bad)
    with pytest.raises(RecordError, match="cannot read"):
        Record.load(tmp_path / "missing.json")
    bad.write_text(json.dumps([1, 2]), "utf-8")
    with pytest.raises(RecordError, match="JSON object"):
        Record.load(bad)


# --- positions -----------------------------------------------------------------------------------
def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        keys = path.split(".")
        target: Any = data
        for key in keys[:-1]:
            target = target[int(key)] if isinstance(target, list) else target[key]
        last = keys[-1]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return change


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.pop(key) and None


BAD_POSITIONS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("other game", _set("game", "harmonies"), "harmonies"),
    ("stone missing", _set("bag.blue", 1), "blue stones"),
    ("stone too many", _set("tray.spirit", 3), "spirit stones"),
    ("unknown stone", _set("tray.green", 1), "unknown stone"),
    ("negative count", _set("bag.teal", -1), "whole number"),
    ("bag not a map", _set("bag", [1, 2]), "bag"),
    ("owl pair mixes", _set("boards.0.animals.owl", [["blue", "teal"], [], []]), "mixes colours"),
    ("owl pair of three", _set("boards.0.animals.owl", [["blue"] * 3, [], []]), "holds 2"),
    ("owl not 3 pairs", _set("boards.0.animals.owl", [[], []]), "3 lists"),
    ("rabbit repeats", _set("boards.1.animals.rabbit", ["blue", "blue"]), "repeats"),
    ("rabbit of four", _set("boards.1.animals.rabbit", ["blue", "teal", "white", "orange"]), "holds 3"),
    ("salmon repeats", _set("boards.0.animals.salmon", ["blue", "blue"]), "repeats"),
    ("turtle mixes", _set("boards.0.animals.turtle", ["blue", "teal"]), "mixes"),
    ("turtle of six", _set("boards.0.animals.turtle", ["blue"] * 6), "holds 5"),
    ("beaver set mixes", _set("boards.0.animals.beaver", [["blue", "teal"], []]), "mixes"),
    ("spirit in a stone slot", _set("boards.0.animals.turtle", ["spirit"]), "spirit stone"),
    ("unknown colour", _set("boards.0.animals.turtle", ["green"]), "unknown colour"),
    ("unknown animal", _set("boards.0.animals.fox", []), "unknown animal"),
    ("two spirit stones on one animal", _set("boards.0.spirit_stones", ["owl", "owl"]), "two spirit stones"),
    ("spirit on unknown animal", _set("boards.0.spirit_stones", ["fox"]), "unknown animal"),
    ("one board", _set("boards", [board()]), "boards"),
    ("bad cards", _set("action_cards.0.take1", 3), "take1"),
    ("card not bool", _set("action_cards.1.add2", "yes"), "add2"),
    ("one player's cards", _set("action_cards", [{}]), "action_cards"),
    ("coyote on no animal", _set("coyote", {"player": 0, "animal": "fox"}), "coyote"),
    ("coyote of player 2", _set("coyote", {"player": 2, "animal": "owl"}), "player"),
    ("pile missing a card", _set("spirit_piles", [["deer", "wolf"], ["bear", "ram", "bison"]]), "spirit piles"),
    ("pile card twice", _set("spirit_piles", [["deer", "deer", "wolf"], ["bear", "ram", "bison"]]), "spirit piles"),
    ("empty pile", _set("spirit_piles", [[], ["deer", "wolf", "bear", "ram", "bison", "eagle"]]), "spirit piles"),
    ("unknown phase", _set("phase", "dance"), "phase"),
    ("unknown step", _set("program", ["fly"]), "program"),
    ("player 2", _set("player", 2), "player"),
    ("negative turn", _set("turn", -1), "turn"),
    ("rng too big", _set("rng", 1 << 64), "rng"),
    ("bool seed", _set("seed", True), "seed"),
    ("bad option", _set("options", {"max_turns": 0}), "max_turns"),
    ("unknown option", _set("options", {"side": "B"}), "side"),
    ("seen not cards", _set("seen", ["fox"]), "seen"),
    ("take with an empty tray", lambda d: d.update(phase="take", program=["take1", "place"], to_take=1,
                                                   tray={}, bag={**d["bag"], **{
                                                       k: d["bag"].get(k, 0) + v for k, v in d["tray"].items()}}),
     "to_take"),
    ("mid-card without a program", _set("phase", "place"), "program"),
    ("boards missing", _drop("boards"), "boards"),
]


@pytest.mark.parametrize(("name", "change", "message"), BAD_POSITIONS, ids=[b[0] for b in BAD_POSITIONS])
def test_bad_positions_are_refused_with_one_line(name: str, change: Callable[[dict[str, Any]], None],
                                                 message: str) -> None:
    data = fresh(GAME.new(players=2, seed=1).to_json())
    change(data)
    with pytest.raises(PositionError, match=message) as info:
        GAME.from_json(data)
    assert "\n" not in str(info.value)


def test_from_json_refuses_non_objects() -> None:
    for bad in (None, [], "position", 3):
        with pytest.raises(PositionError):
            GAME.from_json(bad)  # type: ignore[arg-type]


def test_the_unchanged_position_is_accepted() -> None:
    data = make(tray={"blue": 1}).to_json()
    assert GAME.from_json(data).to_json() == data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"game": "harmonies", "animals": {}}, "harmonies"),
        ({"animals": {}, "colour": "red"}, "unknown key"),
        ({"animals": {"owl": [["blue", "teal"], [], []]}}, "mixes colours"),
        ({"animals": {"rabbit": ["blue", "blue"]}}, "repeats"),
        ({"animals": {"turtle": ["blue"] * 6}}, "holds 5"),
        ({"animals": {"salmon": ["gold"]}}, "unknown colour"),
        ({"animals": {"whale": []}}, "unknown animal"),
        ({"animals": {}, "spirit_stones": "owl"}, "spirit_stones"),
        ({"animals": {}, "spirit_stones": ["owl", "owl"]}, "two spirit stones"),
        ({"animals": {"owl": [["blue", "blue"]] * 3, "turtle": ["blue"] * 5}}, "11 blue"),
        ({"animals": []}, "animals"),
    ],
)
def test_score_position_refuses_impossible_boards(data: dict[str, Any], message: str) -> None:
    with pytest.raises(PositionError, match=message):
        GAME.score_position(data)


# --- options -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 3}, "2 players"),
        ({"players": 1}, "2 players"),
        ({"players": "2"}, "2 players"),
        ({"players": True}, "2 players"),
        ({"seed": -1}, "seed"),
        ({"seed": "x"}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"max_turns": 0}, "too small"),
        ({"max_turns": "many"}, "whole number"),
        ({"max_turns": True}, "whole number"),
        ({"side": "B"}, "unknown option"),
    ],
)
def test_bad_options_are_refused(kwargs: dict[str, Any], message: str) -> None:
    args = {"players": 2, "seed": 1, **kwargs}
    with pytest.raises(OptionError, match=message):
        GAME.new(**args)


def test_good_options() -> None:
    assert GAME.new(players=2, seed=1, max_turns="7").options["max_turns"] == 7
    assert GAME.new(seed=1).num_players == 2
    state = GAME.new(players=2)
    assert isinstance(state.seed, int) and state.seed >= 0


INCONSISTENT: list[tuple[str, dict[str, Any], str]] = [
    ("placing what fits nowhere", dict(phase="place", program=["take1", "place"], pc=1, held={"spirit": 1},
                                       boards=[board(spirits=["owl", "rabbit", "beaver", "salmon", "turtle"]),
                                               board()]), "no decision"),
    ("hand outside a take", dict(phase="card", held={"blue": 1}), "in hand"),
    ("deer with an empty board", dict(phase="deer", program=["deer", "take2", "place", "refresh"]), "no decision"),
    ("bison with an empty tray", dict(phase="bison", tray={}, program=["draw3", "take1", "place", "bison"], pc=3),
     "no decision"),
    ("phase off its step", dict(phase="place", program=["take1", "place"], held={"blue": 1}), "does not match"),
    ("coyote off its step", dict(phase="coyote", program=["take1", "place"], pc=1), "does not match"),
    ("take without stones", dict(phase="take", program=["take2", "place"], to_take=2, tray={"blue": 1}), "to_take"),
]


@pytest.mark.parametrize(("name", "parts", "message"), INCONSISTENT, ids=[i[0] for i in INCONSISTENT])
def test_positions_whose_phase_disagrees_with_the_card_are_refused(name: str, parts: dict[str, Any],
                                                                   message: str) -> None:
    with pytest.raises(PositionError, match=message):
        make(**parts)


def test_consistent_mid_card_positions_are_accepted() -> None:
    state = make(phase="coyote", program=["take1", "place", "coyote"], pc=2)
    assert [a.text for a in state.legal_actions()][-1] == "coyote stay"
    state = make(phase="place", program=["take2", "place"], pc=1, held={"blue": 1, "teal": 1})
    state.play("blue owl1")
    state.play("teal owl1" if "teal owl1" in [a.text for a in state.legal_actions()] else "teal owl2")
    assert state.current_player == 1
