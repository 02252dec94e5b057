"""A designer's card file (option ``cards``, docs/data.md): the built-in cards exported and loaded back
play the very same games; an edited card scores, is placed and is valued by its new data; a bad file
is refused with one line naming the file, the card and what is allowed; a file never reaches the web."""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path
from typing import Any

import pytest

from hanpan.agents import Seat, make_agent
from hanpan.core.errors import DataError
from hanpan.core.rng import Rng
from hanpan.games.harmonies.cardset import BUILTIN, cards_for, export_cards
from hanpan.games.harmonies.data import CARD_INDEX
from hanpan.games.harmonies.heuristic import evaluate

from .helpers import GAME, with_board

FISH = CARD_INDEX["fish"]


def write(tmp_path: Path, data: dict[str, Any], name: str = "cards.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), "utf-8")
    return str(path)


def play(seed: int, players: int, agents: list[str], **options: Any) -> tuple[list[str], list[int]]:
    """A seeded game between the named agents: its moves and final totals."""
    state = GAME.new(players=players, seed=seed, **options)
    seats = [make_agent(name, seed=seed + i) for i, name in enumerate(agents)]
    moves = []
    while not state.is_over:
        player = state.current_player
        action = seats[player].choose(Seat(state, player))
        moves.append(str(action))
        state.apply(action)
    return moves, [card.total for card in state.scores()]


def test_the_exported_cards_loaded_from_a_file_play_the_same_games(tmp_path: Path) -> None:
    path = write(tmp_path, export_cards())
    assert cards_for(path) is not BUILTIN and cards_for(path).points == BUILTIN.points
    for seed, players, agents in ((3, 1, ["greedy"]), (5, 2, ["greedy", "random"])):
        assert play(seed, players, agents, cards=path) == play(seed, players, agents), seed
    assert play(4, 2, ["greedy", "greedy"], cards=path, spirits=True) == play(4, 2, ["greedy", "greedy"], spirits=True)


def test_an_edited_points_track_scores_and_is_valued_as_written(tmp_path: Path) -> None:
    data = export_cards()
    data["animals"][FISH]["points_top_to_bottom"] = [40, 30, 20, 10]
    path = write(tmp_path, data)
    board = {"a1": ["blue"], "b1": ["grey", "grey", "grey"]}  # a Fish habitat around a1
    edited = with_board(GAME.new(players=2, seed=1, cards=path), 0, board, hold=["fish"])
    plain = with_board(GAME.new(players=2, seed=1), 0, board, hold=["fish"])
    assert edited.cardset.points[FISH] == (40, 30, 20, 10)
    assert evaluate(edited, 0) > evaluate(plain, 0)  # the ready cube is worth 10 now, 3 before
    for state in (edited, plain):
        state.play("cube fish a1")
    assert edited.scores()[0]["animals"] == 10 and plain.scores()[0]["animals"] == 3


def test_an_edited_habitat_takes_its_cube_where_the_file_says(tmp_path: Path) -> None:
    data = export_cards()
    data["animals"][FISH]["cells"] = [{"q": 0, "r": 0, "kind": "water", "cube": True},
                                      {"q": 1, "r": 0, "kind": "field"}]
    path = write(tmp_path, data)
    board = {"a1": ["blue"], "b1": ["yellow"], "e1": ["blue"], "e2": ["grey", "grey", "grey"]}
    edited = with_board(GAME.new(players=1, seed=2, cards=path), 0, board, hold=["fish"])
    plain = with_board(GAME.new(players=1, seed=2), 0, board, hold=["fish"])
    names = edited.side.names
    assert [names[c] for c in edited.cube_cells(0, FISH)] == ["a1"]  # water beside a field
    assert [names[c] for c in plain.cube_cells(0, FISH)] == ["e1"]  # water beside a 3-high mountain
    assert "cube fish a1" in [str(a) for a in edited.legal_actions()]


def test_a_state_keeps_its_cards_through_json_pickle_clone_and_determinize(tmp_path: Path) -> None:
    data = export_cards()
    data["animals"][FISH]["points_top_to_bottom"] = [9, 8, 7, 6]
    path = write(tmp_path, data)
    state = GAME.new(players=2, seed=7, cards=path)
    for copy_ in (GAME.from_json(state.to_json()), pickle.loads(pickle.dumps(state)), state.clone(),
                  state.determinize(0, Rng(1))):
        assert copy_.cardset.points[FISH] == (9, 8, 7, 6), type(copy_)
    assert pickle.loads(pickle.dumps(GAME.new(players=2, seed=7))).cardset is BUILTIN


def test_the_evaluation_forgets_one_card_sets_values_when_another_comes(tmp_path: Path) -> None:
    data = export_cards()
    data["animals"][FISH]["points_top_to_bottom"] = [40, 30, 20, 10]
    path = write(tmp_path, data)
    board = {"a1": ["blue"], "b1": ["grey", "grey", "grey"]}
    plain = with_board(GAME.new(players=1, seed=1), 0, board, hold=["fish"])
    before = evaluate(plain, 0)
    edited = with_board(GAME.new(players=1, seed=1, cards=path), 0, board, hold=["fish"])
    assert evaluate(edited, 0) > before
    assert evaluate(plain, 0) == before


def test_the_web_never_offers_a_card_file() -> None:
    from hanpan.web.hub import web_options

    assert "cards" in [o.name for o in GAME.option_specs] and "cards" not in web_options(GAME)


def _mutate(change: str) -> dict[str, Any]:
    data = copy.deepcopy(export_cards())
    fish, lion = data["animals"][FISH], data["spirits"][0]
    if change == "format":
        data["format"] = "harmonies.cards/0"
    elif change == "missing animal":
        data["animals"].pop()
    elif change == "renamed":
        fish["id"] = "shark"
    elif change == "unknown key":
        fish["colour"] = "gold"
    elif change == "bad kind":
        fish["cells"][1]["kind"] = "lava"
    elif change == "cube off centre":
        fish["cells"][0]["q"] = 1
    elif change == "far cell":
        fish["cells"][1] = {"q": 3, "r": 0, "kind": "water"}
    elif change == "too many tokens":
        fish["cells"] += [{"q": -1, "r": 0, "kind": "tree3"}, {"q": 0, "r": 1, "kind": "tree3"}]
    elif change == "empty track":
        fish["points_top_to_bottom"] = []
    elif change == "long track":
        fish["points_top_to_bottom"] = [9, 8, 7, 6, 5, 4]
    elif change == "negative points":
        fish["points_top_to_bottom"] = [16, 10, -6, 3]
    elif change == "cubes mismatch":
        fish["cubes"] = 3
    elif change == "spirit rule":
        lion["scoring"] = {"type": "pattern", "of": "field"}
    elif change == "spirit of":
        lion["scoring"] = {"type": "groups", "of": "tree", "points_per_group": 3}
    elif change == "heights":
        lion["scoring"] = {"type": "count", "of": "tree", "points_by_height": {"1": 1, "4": 2}}
    elif change == "sun bonus":
        lion["solo_sun_bonus"] = 3
    return data


BAD = [
    ("format", "'format' must be 'harmonies.cards/1'"),
    ("missing animal", "'animals' lists 31 cards; it must list the 32 animal cards"),
    ("renamed", "animal 3: id 'shark' should be 'fish'"),
    ("unknown key", "animal fish: unknown key 'colour'; keys:"),
    ("bad kind", "animal fish: cell (1, 0): kind 'lava' is not allowed; kinds: water"),
    ("cube off centre", "animal fish: the cube cell must be (0, 0)"),
    ("far cell", "animal fish: cell (3, 0) is more than 2 steps"),
    ("too many tokens", "animal fish: the habitat takes 10 tokens; at most 7"),
    ("empty track", "animal fish: points_top_to_bottom must list 1–5 whole numbers"),
    ("long track", "animal fish: points_top_to_bottom must list 1–5 whole numbers"),
    ("negative points", "animal fish: points_top_to_bottom must list 1–5 whole numbers 0..99"),
    ("cubes mismatch", "animal fish: 'cubes' is 3 but the track has 4 values"),
    ("spirit rule", "spirit lion_spirit: scoring type 'pattern' is not allowed; allowed: groups, count"),
    ("spirit of", "spirit lion_spirit: scoring 'of' 'tree' is not allowed for groups; allowed: field"),
    ("heights", "spirit lion_spirit: points_by_height: key '4' is not allowed; keys: 1, 2, 3"),
    ("sun bonus", "spirit lion_spirit: solo_sun_bonus must be 0, 1 or 2, not 3"),
]


@pytest.mark.parametrize(("change", "expected"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_card_file_is_one_line_naming_the_file_the_card_and_what_is_allowed(
        tmp_path: Path, change: str, expected: str) -> None:
    path = write(tmp_path, _mutate(change))
    with pytest.raises(DataError) as caught:
        GAME.new(players=2, seed=1, cards=path)
    message = str(caught.value)
    assert message.startswith(f"cards {path}: ") and expected in message and "\n" not in message, message


def test_a_file_that_is_not_there_or_not_json_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text("{not json", "utf-8")
    for path, expected in ((tmp_path / "none.json", "cannot read it"), (tmp_path / "broken.json", "not JSON")):
        with pytest.raises(DataError, match=expected) as caught:
            GAME.new(players=1, seed=1, cards=str(path))
        assert "\n" not in str(caught.value)
