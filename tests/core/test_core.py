"""The game-agnostic core: generator, options, actions, records, registry, seats."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import hanpan
from hanpan.agents import Seat, make_agent
from hanpan.core.action import ActionTable
from hanpan.core.errors import (
    HanpanError,
    IllegalActionError,
    NotationError,
    OptionError,
    RecordError,
    UnknownGameError,
)
from hanpan.core.options import MAX_TURNS, OptionSpec, resolve_options
from hanpan.core.record import Record, replay
from hanpan.core.rng import Rng, mix_seed


def test_rng_is_seeded_and_uniform_enough() -> None:
    a, b = Rng(99), Rng(99)
    assert [a.next64() for _ in range(10)] == [b.next64() for _ in range(10)]
    counts = [0] * 6
    rng = Rng(1)
    for _ in range(60_000):
        counts[rng.randbelow(6)] += 1
    assert all(9_500 < c < 10_500 for c in counts)
    assert 0.0 <= Rng(3).random() < 1.0
    copy = rng.copy()
    assert copy.next64() == rng.next64()


def test_rng_shuffle_is_a_permutation_and_mix_seed_spreads() -> None:
    items = list(range(50))
    Rng(4).shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))
    assert len({mix_seed(1, i) for i in range(1000)}) == 1000


def test_options_parse_and_refuse() -> None:
    side = OptionSpec("side", "A", choices=("A", "B"))
    flag = OptionSpec("spirits", False)
    assert side.parse("b") == "B"
    assert flag.parse("true") is True and flag.parse(False) is False
    assert MAX_TURNS.parse("12") == 12 and MAX_TURNS.parse(None) is None
    with pytest.raises(OptionError, match="allowed: true, false"):
        flag.parse("maybe")
    with pytest.raises(OptionError, match="too small"):
        MAX_TURNS.parse("0")
    with pytest.raises(OptionError, match="unknown option 'x'"):
        resolve_options([side], {"x": 1})
    assert resolve_options([side, flag], {}) == {"side": "A", "spirits": False}


def test_action_table_parse_folds_case_and_spaces() -> None:
    table = ActionTable(["take blue", "pass"])
    assert table.parse("  TAKE   Blue ") is table[0]
    with pytest.raises(ValueError):
        ActionTable(["a", "a"])


@pytest.mark.parametrize(("game_id", "variant", "notation"), [
    ("harmonies", "space1", "space 1"),
    ("harmonies", "gray a1", "grey a1"),
    ("harmonies", "Gray  A1", "grey a1"),
    ("harmonies", "cubefish d2", "cube fish d2"),
    ("spirits_of_the_wild", "take 1", "take1"),
    ("spirits_of_the_wild", "blue owl 2", "blue owl2"),
    ("four_gardens", "favor winter", "favour winter"),
    ("four_gardens", "rotate c1 clockwise", "rotate c1 cw"),
    ("four_gardens", "playc12", "play c12"),
])
def test_common_variants_of_the_notation_are_read(game_id: str, variant: str, notation: str) -> None:
    table = hanpan.game(game_id).actions
    assert table.parse(variant) == table.parse(notation) is not None
    assert all(table.parse(str(a)) == a for a in table.actions)  # the notation itself still reads back


def test_a_spaceless_text_two_actions_share_names_neither() -> None:
    table = ActionTable(["a bc", "ab c", "d e"])
    assert table.parse("abc") is None and table.parse("ab c") is table[1] and table.parse("de") is table[2]


def test_registry_and_game_setup_errors() -> None:
    game = hanpan.game("spirits_of_the_wild")
    assert "spirits_of_the_wild" in hanpan.game_ids()
    with pytest.raises(UnknownGameError):
        hanpan.game("go")
    with pytest.raises(OptionError, match="takes 2 players"):
        game.new(players=3)
    with pytest.raises(OptionError, match="seed must be"):
        game.new(seed=-1)
    with pytest.raises(OptionError, match="unknown option"):
        game.new(board="B")
    assert issubclass(UnknownGameError, HanpanError) and issubclass(HanpanError, ValueError)


def test_play_checks_and_leaves_the_state_unchanged_on_error() -> None:
    state = hanpan.game("spirits_of_the_wild").new(seed=11)
    before = state.to_json()
    with pytest.raises(NotationError, match="legal now: take1"):
        state.play("juggle")
    with pytest.raises(IllegalActionError):
        state.play("take2")  # the first player's take2 starts face down
    with pytest.raises(IllegalActionError):
        state.play(hanpan.game("spirits_of_the_wild").actions[136])  # 'coyote stay' while choosing a card
    assert state.to_json() == before
    state.play("add2")
    assert state.to_json() != before


def test_same_seed_same_actions_same_states() -> None:
    game = hanpan.game("spirits_of_the_wild")
    one, two = game.new(seed=21), game.new(seed=21)
    for _ in range(40):
        legal = one.legal_actions()
        assert legal == two.legal_actions()
        one.play(legal[len(legal) // 2])
        two.play(legal[len(legal) // 2])
        assert one.to_json() == two.to_json()


def test_legal_mask_and_ids_match_the_actions() -> None:
    state = hanpan.game("spirits_of_the_wild").new(seed=2)
    mask = state.legal_mask()
    assert len(mask) == len(state.game.actions)
    assert [i for i, legal in enumerate(mask) if legal] == state.legal_action_ids()
    clone = state.clone()
    clone.apply_id(state.legal_action_ids()[-1])
    state.play(state.legal_actions()[-1])
    assert clone == state


def test_record_round_trip_and_malformed_records(tmp_path: Path) -> None:
    state = hanpan.game("spirits_of_the_wild").new(seed=8, max_turns=2)
    actions = []
    while not state.is_over:
        actions.append(str(state.play(state.legal_actions()[0])))
    record = Record.of(state, ["a", "b"], actions)
    assert record.options == {"max_turns": 2}
    assert record.result == {"scores": [s.total for s in state.scores()], "winners": [], "unfinished": True}
    path = tmp_path / "r.json"
    record.save(path)
    assert replay(Record.load(path)).to_json() == state.to_json()
    bad_cases = [
        ({"format": "other"}, "format must be"),
        ({**record.to_json(), "seed": "x"}, "seed"),
        ({**record.to_json(), "actions": [1, 2]}, "list of action texts"),
        ({**record.to_json(), "players": []}, "players"),
        ({**record.to_json(), "game": "go"}, "unknown game"),
        ({**record.to_json(), "options": {"max_turns": 0}}, "too small"),
        ({**record.to_json(), "result": {"scores": 3}}, "'result' must be"),
    ]
    for data, message in bad_cases:
        with pytest.raises(RecordError, match=message):
            path.write_text(json.dumps(data))
            replay(Record.load(path))
    path.write_text("{not json")
    with pytest.raises(RecordError, match="is not JSON"):
        Record.load(path)
    truncated = Record.of(state, ["a", "b"], actions)
    truncated.actions = actions[:-1]
    with pytest.raises(RecordError, match="not over"):
        replay(truncated)


def test_seat_gives_views_and_determinized_states_only() -> None:
    state = hanpan.game("spirits_of_the_wild").new(seed=5)
    seat = Seat(state, 1)
    assert not hasattr(seat, "state") and not hasattr(seat, "_state")
    assert seat.view() == state.view(1)
    other = seat.determinize(Rng(1))
    assert other is not state and other.view(1) == state.view(1)
    with pytest.raises(HanpanError, match="unknown player"):
        make_agent("oracle")


@pytest.mark.parametrize(("game_id", "options", "secrets"), [
    ("four_gardens", {}, True),  # hands
    ("harmonies", {"spirits": True}, True),  # the two dealt Nature's Spirits
    ("harmonies", {}, False),
    ("spirits_of_the_wild", {}, False),  # the bag and the unseen spirit cards are hidden from both alike
])
def test_hidden_information_is_read_from_the_views(game_id: str, options: dict[str, object], secrets: bool) -> None:
    state = hanpan.game(game_id).new(seed=4, **options)
    rng = Rng(4)
    for _ in range(30):
        assert state.has_hidden_information() is secrets
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
