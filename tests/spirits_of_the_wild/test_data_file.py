"""A designer's file of Spirits of the Wild (option ``cards``, docs/data.md): the built-in one exported and
loaded back plays the very same games; the animals' points and the stones are counted as written; a bad
file is refused with one line naming the file, the part and what is allowed; a file never reaches the web."""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path
from typing import Any

import pytest

import hanpan
from hanpan.core.errors import DataError
from hanpan.core.rng import Rng
from hanpan.games.spirits_of_the_wild.data import BUILTIN, components_for, export_components

GAME = hanpan.game("spirits_of_the_wild")


def write(tmp_path: Path, data: dict[str, Any], name: str = "spirits.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), "utf-8")
    return str(path)


def random_game(seed: int, **options: Any) -> tuple[list[str], Any]:
    """A seeded game of uniformly random moves (which never read the points): its moves and end state."""
    state, rng, moves = GAME.new(seed=seed, max_turns=400, **options), Rng(seed), []
    while not state.is_over:
        legal = state.legal_actions()
        action = legal[rng.randbelow(len(legal))]
        moves.append(str(action))
        state.apply(action)
    return moves, state


def test_the_exported_file_plays_the_same_games(tmp_path: Path) -> None:
    path = write(tmp_path, export_components())
    assert components_for(path) is not BUILTIN and components_for(path).salmon == BUILTIN.salmon
    for seed in (1, 2, 3):
        ours, theirs = random_game(seed, cards=path), random_game(seed)
        assert ours[0] == theirs[0] and ours[1].scores() == theirs[1].scores()


def test_the_points_are_counted_as_the_file_writes_them(tmp_path: Path) -> None:
    data = export_components()
    for animal in data["animals"]:
        animal["points"] = {k: [2 * x for x in v] if isinstance(v, list) else 2 * v
                            for k, v in animal["points"].items()}
    path = write(tmp_path, data)
    for seed in (4, 5):
        (moves, doubled), (same, plain) = random_game(seed, cards=path), random_game(seed)
        assert moves == same  # the points change no legal move
        for ours, theirs in zip(doubled.scores(), plain.scores(), strict=True):
            assert ours.total == 2 * theirs.total and dict(ours.categories) == {
                k: 2 * v for k, v in theirs.categories.items()}


def test_fewer_spirit_stones_end_the_game_sooner(tmp_path: Path) -> None:
    data = export_components()
    data["stones"][6]["count"], data["spirit_stones_to_end"] = 4, 2
    path = write(tmp_path, data)
    _, state = random_game(6, cards=path)
    assert state.status == "finished" and 2 <= state.spirit_stones_out() <= 4
    assert sum(state.bag) + sum(state.tray) + sum(state.held) <= 8 * 6 + 4


def test_a_state_keeps_its_file_through_json_pickle_clone_and_determinize(tmp_path: Path) -> None:
    data = export_components()
    data["animals"][0]["points"]["per_complete_set"] = 5
    path = write(tmp_path, data)
    state = GAME.new(seed=3, cards=path)
    for copy_ in (GAME.from_json(state.to_json()), pickle.loads(pickle.dumps(state)), state.clone(),
                  state.determinize(0, Rng(1))):
        assert copy_.components.owl == 5, type(copy_)
    assert pickle.loads(pickle.dumps(GAME.new(seed=3))).components is BUILTIN


def test_the_web_never_offers_the_file() -> None:
    from hanpan.web.hub import web_options

    assert "cards" in [o.name for o in GAME.option_specs] and "cards" not in web_options(GAME)


def _broken(change: str) -> dict[str, Any]:
    data = copy.deepcopy(export_components())
    if change == "format":
        data["format"] = "spirits_of_the_wild.cards/9"
    elif change == "key":
        data["coyote"] = 1
    elif change == "animal order":
        data["animals"].reverse()
    elif change == "salmon table":
        data["animals"][3]["points"]["by_count"] = [0, 1, 2]
    elif change == "owl points":
        data["animals"][0]["points"]["per_complete_set"] = -1
    elif change == "beaver keys":
        data["animals"][2]["points"] = {"set3": 5, "set2": 2}
    elif change == "stone count":
        data["stones"][0]["count"] = 0
    elif change == "multiplier":
        data["spirit_multiplier"] = 0
    elif change == "to end":
        data["spirit_stones_to_end"] = 9
    return data


BAD = [
    ("format", "'format' must be 'spirits_of_the_wild.cards/1'"),
    ("key", "unknown key 'coyote'; keys: format"),
    ("animal order", "'animals' must list owl, rabbit, beaver, salmon, turtle in order"),
    ("salmon table", "animal salmon: points.by_count must list 7 whole numbers 0..99 (for 0..6 stones)"),
    ("owl points", "animal owl: points.per_complete_set must be a whole number 0..99"),
    ("beaver keys", "animal beaver: points must have set3, set2, both"),
    ("stone count", "stone blue: count must be a whole number 1..16"),
    ("multiplier", "spirit_multiplier must be a whole number 1..9"),
    ("to end", "spirit_stones_to_end must be a whole number 1..8 (the spirit stones)"),
]


@pytest.mark.parametrize(("change", "expected"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_file_is_one_line_naming_the_file_the_part_and_what_is_allowed(tmp_path: Path, change: str,
                                                                            expected: str) -> None:
    path = write(tmp_path, _broken(change))
    with pytest.raises(DataError) as caught:
        GAME.new(seed=1, cards=path)
    message = str(caught.value)
    assert message.startswith(f"cards {path}: ") and expected in message and "\n" not in message, message


def test_a_missing_or_broken_file_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text("[1, 2", "utf-8")
    for path, expected in ((tmp_path / "none.json", "cannot read it"), (tmp_path / "broken.json", "not JSON")):
        with pytest.raises(DataError, match=expected) as caught:
            GAME.new(seed=1, cards=str(path))
        assert "\n" not in str(caught.value)
