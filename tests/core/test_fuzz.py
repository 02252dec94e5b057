"""Fuzzing every reader with Hypothesis (issue 23 §2): never anything but a clean HanpanError or a valid result.

Readers and what each must do with generated and mutated input:

- ``score``: ``game.score_position`` (Harmonies, Spirits of the Wild) on generated positions, on players'
  boards of real games (mutated) and on arbitrary JSON: a ScoreCard whose total is the sum of its categories,
  or a PositionError.
- ``replay``: real records (mutated as JSON, and as the bytes of their file) through ``decode_json``,
  ``Record.from_json`` and ``replay``: a state, or a HanpanError.
- ``from_json``: every game's ``to_json`` of real states, mutated: a PositionError, or a state that works
  (``to_json`` reads back to an equal state; views, legal actions, scores; a legal action applies).
- ``notation``: ``parse_action`` and ``play`` with arbitrary and mutated text, and ``play`` with any action
  of the game: only NotationError / IllegalActionError, and a refused move leaves the state unchanged.
- ``options``: ``game.new`` with arbitrary player counts, seeds, option names and values: an OptionError (or
  another HanpanError) or a state.
- ``datafile``: designers' data files (each game's export, docs/data.md) nested deep, over the size cap, in
  other encodings or with bytes changed, with huge or odd numbers, unknown and missing keys and wrong types,
  through ``hanpan data check``'s ``check`` and ``changes`` and the game option: a DataError line, or a file
  a game (with a ``greedy`` seat) plays with.

The suite runs each reader a bounded number of times; ``benchmarks/fuzz_long.py`` runs them for minutes and
counts the inputs and the uncaught exceptions.  The checks live here (``READERS``) for both.
"""

from __future__ import annotations

import copy
import functools
import importlib
import json
import os
import random
import tempfile
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hanpan
from hanpan.agents import make_agent
from hanpan.agents.base import Seat
from hanpan.core.action import Action
from hanpan.core.contract import ScoreCard, State
from hanpan.core.datafile import MAX_BYTES
from hanpan.core.errors import HanpanError, IllegalActionError, NotationError, OptionError, PositionError, RecordError
from hanpan.core.options import NOT_OPTIONS, parse_option_assignments
from hanpan.core.record import Record, decode_json, replay
from hanpan.games.harmonies.board import SIDE, STACKS
from hanpan.games.harmonies.data import ANIMAL_IDS, CARD_CUBES, CARD_INDEX, SPIRIT_IDS
from hanpan.games.spirits_of_the_wild.data import ANIMALS, COLOURS

GAME_IDS = ("harmonies", "spirits_of_the_wild", "four_gardens")
SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    *[("harmonies", n, {"side": side, "spirits": spirits})
      for n in (1, 2, 4) for side in ("A", "B") for spirits in (False, True)],
    ("harmonies", 3, {"max_turns": 7}),
    ("spirits_of_the_wild", 2, {}),
    ("spirits_of_the_wild", 2, {"max_turns": 5}),
    *[("four_gardens", n, {"whims": whims}) for n in (2, 3, 4) for whims in (False, True)],
]


# --- a corpus of real states and records -----------------------------------------------------------
@functools.cache
def corpus() -> tuple[list[State], list[dict[str, Any]]]:
    """States at spread points of seeded random games of every setup, and each game's record (some
    finished with their result, some cut short)."""
    states: list[State] = []
    records: list[dict[str, Any]] = []
    for index, (game_id, players, options) in enumerate(SETUPS):
        rng = random.Random(index)
        state = hanpan.game(game_id).new(players=players, seed=index, **options)
        actions: list[str] = []
        step = 0
        while not state.is_over and step < 2000:
            if step % 37 == 0:
                states.append(state.clone())
            action = rng.choice(state.legal_actions())
            actions.append(str(action))
            state.apply(action)
            step += 1
        states.append(state)
        names = [f"p{i}" for i in range(players)]
        records.append(Record.of(state, names, actions).to_json())
        cut = len(actions) // 3
        records.append(Record(state.game.id, dict(Record.of(state, names, []).options), names, index,
                              actions[:cut]).to_json())
    return states, records


def _strings(value: Any, out: set[str]) -> None:
    if isinstance(value, str):
        if len(value) < 40:
            out.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            out.add(key)
            _strings(item, out)
    elif isinstance(value, list):
        for item in value:
            _strings(item, out)


@functools.cache
def vocabulary() -> list[str]:
    """Every short string of the corpus' JSON (colours, card ids, phases, keys, moves): plausible but
    misplaced values are the interesting mutations."""
    states, records = corpus()
    words: set[str] = set()
    for state in states[::3]:
        _strings(state.to_json(), words)
    for record in records:
        _strings(record, words)
    return sorted(words)


# --- JSON values and mutations ------------------------------------------------------------------------
SCALARS = st.one_of(
    st.none(), st.booleans(),
    st.integers(-3, 80), st.integers(), st.sampled_from([-(1 << 64), (1 << 64) - 1, 1 << 64, 1 << 200]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
)


def json_values(words: st.SearchStrategy[str] | None = None) -> st.SearchStrategy[Any]:
    """Arbitrary JSON-like values (NaN and infinities included: Python's JSON reads them)."""
    leaves = SCALARS if words is None else st.one_of(SCALARS, words)
    keys = st.text(max_size=8) if words is None else st.one_of(st.text(max_size=8), words)
    return st.recursive(leaves, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                        st.dictionaries(keys, inner, max_size=5)),
                        max_leaves=12)


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*here, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*here, i))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def mutate(data: st.DataObject, value: Any, rounds: int = 4) -> Any:
    """``value`` (JSON) with 1..rounds random edits: a node replaced (by a nearby or an arbitrary value, or a
    word of the corpus), a key or an element removed, an element added or duplicated, two elements swapped."""
    value = copy.deepcopy(value)
    words = st.sampled_from(vocabulary())
    for _ in range(data.draw(st.integers(1, rounds), label="edits")):
        paths = _paths(value)
        path = paths[data.draw(st.integers(0, len(paths) - 1), label="node")]
        node = _get(value, path)
        kind = data.draw(st.sampled_from(["replace", "nearby", "word", "remove", "add", "swap"]), label="edit")
        if kind == "nearby":
            if isinstance(node, bool):
                new: Any = not node
            elif isinstance(node, int):
                new = node + data.draw(st.sampled_from([-1, 1, -2, 2, 10, -node - 1]))
            elif isinstance(node, str):
                new = data.draw(st.sampled_from([node.upper(), node + " ", node[:-1], "", node * 2]))
            elif isinstance(node, list):
                new = node[:-1] if node else [None]
            else:
                new = data.draw(json_values(words))
        elif kind == "word":
            new = data.draw(words)
        elif kind == "replace" or not path:
            new = data.draw(json_values(words))
        else:
            parent = _get(value, path[:-1])
            key = path[-1]
            if kind == "remove":
                del parent[key]
            elif kind == "add" and isinstance(parent, list):
                parent.insert(key, copy.deepcopy(node) if data.draw(st.booleans()) else data.draw(json_values(words)))
            elif kind == "add":
                parent[data.draw(words)] = data.draw(json_values(words))
            elif isinstance(parent, list) and len(parent) > 1:
                other = data.draw(st.integers(0, len(parent) - 1))
                parent[key], parent[other] = parent[other], parent[key]
            continue
        if path:
            _get(value, path[:-1])[path[-1]] = new
        else:
            value = new
    return value


# --- the readers ------------------------------------------------------------------------------------------
def _json_able(value: Any) -> None:
    json.dumps(value, allow_nan=False)


def check_score(game_id: str, position: Any) -> None:
    """``score_position``: a consistent ScoreCard or a PositionError."""
    try:
        card = hanpan.game(game_id).score_position(position)
    except PositionError:
        return
    assert isinstance(card, ScoreCard)
    assert card.total == sum(card.categories.values())
    assert all(isinstance(v, int) and v >= 0 for v in card.categories.values())
    _json_able(card.to_json())


def check_record(data: Any) -> None:
    """``Record.from_json`` + ``replay``: a state, or a HanpanError."""
    try:
        state = replay(Record.from_json(data))
    except HanpanError:
        return
    _json_able(state.to_json())
    _json_able([c.to_json() for c in state.scores()])


def check_record_bytes(raw: bytes) -> None:
    """The record file as the CLI reads it: ``decode_json`` first."""
    try:
        data = decode_json(raw, "record")
    except HanpanError:
        return
    check_record(data)


def check_from_json(game_id: str, data: Any) -> None:
    """``from_json``: a PositionError, or a state that round-trips and answers every query."""
    game = hanpan.game(game_id)
    try:
        state = game.from_json(data)
    except PositionError:
        return
    text = state.to_json()
    _json_able(text)
    again = game.from_json(json.loads(json.dumps(text)))
    assert again.to_json() == text, "to_json of a position read does not read back to the same position"
    for p in range(state.num_players):
        _json_able(state.view(p))
    _json_able(state.public_view())
    _json_able([c.to_json() for c in state.scores()])
    state.winners()
    legal = state.legal_actions()
    assert bool(legal) != state.is_over or not legal, "a game not over has no legal action"
    if legal:
        state.clone().apply(legal[0])
        after = state.clone()
        after.play(legal[-1])
        after.legal_actions()
        _json_able(after.to_json())


def check_notation(state: State, text: str) -> None:
    """Text as a move: NotationError or IllegalActionError with the state unchanged, or a legal move made."""
    before = json.dumps(state.to_json(), sort_keys=True)
    state = state.clone()
    try:
        parsed = state.parse_action(text)
    except (NotationError, IllegalActionError):
        assert json.dumps(state.to_json(), sort_keys=True) == before
    else:
        assert parsed in state.legal_actions()
    try:
        played = state.play(text)
    except (NotationError, IllegalActionError) as e:
        assert "\n" not in str(e)
        assert json.dumps(state.to_json(), sort_keys=True) == before, "a refused move changed the state"
    else:
        assert isinstance(played, Action)


def check_action(state: State, action_id: int) -> None:
    """Any action of the game's table: made if legal, else IllegalActionError and the state unchanged."""
    state = state.clone()
    action = state.game.actions[action_id]
    legal = action in state.legal_actions()
    before = json.dumps(state.to_json(), sort_keys=True)
    try:
        state.play(action)
    except IllegalActionError:
        assert not legal
        assert json.dumps(state.to_json(), sort_keys=True) == before, "a refused move changed the state"
    else:
        assert legal


def check_options(game_id: str, players: Any, seed: Any, options: dict[str, Any] | list[str]) -> None:
    """``game.new``: a HanpanError (one line) or a playable state.  A list of ``KEY=VALUE`` texts is read as
    the command line does (``parse_option_assignments``) first."""
    try:
        given = parse_option_assignments(options) if isinstance(options, list) else options
        state = hanpan.game(game_id).new(players=players, seed=seed, **given)
    except HanpanError as e:
        assert "\n" not in str(e)
        return
    _json_able(state.to_json())
    assert state.legal_actions()


# --- strategies for generated inputs --------------------------------------------------------------
@st.composite
def harmonies_positions(draw: st.DrawFn) -> dict[str, Any]:
    """Score-format boards: any cells with stacks Harmonies allows (and a few it does not), cards, a spirit."""
    side = draw(st.sampled_from(["A", "B"]))
    names = SIDE[side].names
    stacks = st.one_of(st.sampled_from([list(s) for s in STACKS if s]),
                       st.lists(st.sampled_from(["blue", "yellow", "green", "brown", "grey", "red"]), max_size=4))
    cells = draw(st.dictionaries(st.sampled_from(names), stacks, max_size=len(names)))
    cards = draw(st.lists(st.sampled_from(ANIMAL_IDS), max_size=6, unique=True))
    position: dict[str, Any] = {
        "game": "harmonies", "side": side, "cells": cells,
        "cards": [{"id": c, "cubes_placed": draw(st.integers(0, CARD_CUBES[CARD_INDEX[c]]))} for c in cards],
    }
    if draw(st.booleans()):
        position["spirit"] = {"id": draw(st.sampled_from(SPIRIT_IDS)), "placed": draw(st.booleans())}
    return position


@st.composite
def spirits_positions(draw: st.DrawFn) -> dict[str, Any]:
    """Score-format boards of Spirits of the Wild, mostly legal (one colour per pair, no repeats where
    colours must differ), sometimes not."""
    colour = st.sampled_from(list(COLOURS))

    def same(size: int) -> list[str]:
        if draw(st.integers(0, 9)) == 0:
            return draw(st.lists(colour, max_size=size + 1))
        return [draw(colour)] * draw(st.integers(0, size))

    def distinct() -> list[str]:
        if draw(st.integers(0, 9)) == 0:
            return draw(st.lists(colour, max_size=7))
        return draw(st.lists(colour, max_size=6, unique=True))

    return {
        "game": "spirits_of_the_wild",
        "animals": {"owl": [same(2), same(2), same(2)], "rabbit": distinct(), "beaver": [same(3), same(2)],
                    "salmon": distinct(), "turtle": same(5)},
        "spirit_stones": draw(st.lists(st.sampled_from([*ANIMALS, "spirit"]), max_size=5,
                                       unique=draw(st.booleans()))),
    }


def board_positions(game_id: str) -> list[dict[str, Any]]:
    """Each player's board of the corpus' states, in the score format."""
    out = []
    for state in corpus()[0]:
        if state.game.id != game_id:
            continue
        data = state.to_json()
        for board in data["boards"]:
            if game_id == "harmonies":
                out.append({"game": game_id, "side": data["options"]["side"], "cells": board["cells"],
                            "cards": board["cards"], "spirit": board["spirit"]})
            else:
                out.append({"game": game_id, **board})
    return out


def states_of(game_id: str) -> list[State]:
    return [s for s in corpus()[0] if s.game.id == game_id]


def texts_for(state: State) -> st.SearchStrategy[str]:
    """Move texts: arbitrary text, words of the corpus, and this state's legal moves edited."""
    legal = [str(a) for a in state.legal_actions()] or ["end"]
    words = st.sampled_from(vocabulary())
    edited = st.builds(lambda a, b, sep: f"{a}{sep}{b}", st.sampled_from(legal), st.one_of(words, st.text(max_size=4)),
                       st.sampled_from([" ", "", "  ", "\t", "\n"]))
    return st.one_of(st.text(max_size=30), words, st.sampled_from(legal), edited,
                     st.builds(str.upper, st.sampled_from(legal)),
                     st.builds(lambda a, b: f"{a} {b}", words, words))


OPTION_VALUES = st.one_of(json_values(), st.sampled_from(["A", "B", "a", "true", "False", "yes", "0", "1", "7",
                                                          "-1", "none", "", " 3", "1e3", "inf", "nan"]))


def option_names(game_id: str) -> st.SearchStrategy[str]:
    """The game's option names (but ``deck``, a file path), ``new``'s own arguments, and any text."""
    names = [o.name for o in hanpan.game(game_id).option_specs if o.name != "deck"]
    return st.one_of(st.sampled_from([*names, "players", "seed"]), st.text(max_size=8))


def option_dicts(game_id: str) -> st.SearchStrategy[dict[str, Any]]:
    """Keyword options for ``game.new`` (never ``players`` or ``seed``: Python itself refuses those twice)."""
    name = option_names(game_id).filter(lambda n: n not in NOT_OPTIONS)
    return st.dictionaries(name, OPTION_VALUES, max_size=4)


# --- each reader as one Hypothesis-drawn check (the suite and the long run share them) -------------
def fuzz_score(data: st.DataObject) -> None:
    game_id = data.draw(st.sampled_from(["harmonies", "spirits_of_the_wild"]), label="game")
    how = data.draw(st.sampled_from(["generated", "mutated", "generated-mutated", "arbitrary"]), label="how")
    generated = harmonies_positions() if game_id == "harmonies" else spirits_positions()
    if how == "generated":
        position = data.draw(generated)
    elif how == "mutated":
        position = mutate(data, data.draw(st.sampled_from(board_positions(game_id))))
    elif how == "generated-mutated":
        position = mutate(data, data.draw(generated), rounds=2)
    else:
        position = data.draw(json_values(st.sampled_from(vocabulary())))
    LAST["input"] = (game_id, position)
    check_score(game_id, position)


def fuzz_record(data: st.DataObject) -> None:
    base = data.draw(st.sampled_from(corpus()[1]), label="record")
    if data.draw(st.integers(0, 3), label="bytes") == 0:
        raw = bytearray(json.dumps(base).encode())
        for _ in range(data.draw(st.integers(1, 3))):
            i = data.draw(st.integers(0, len(raw) - 1))
            raw[i] = data.draw(st.integers(0, 255))
        LAST["input"] = bytes(raw)
        check_record_bytes(bytes(raw))
    else:
        LAST["input"] = mutated = mutate(data, base)
        check_record(mutated)


def fuzz_from_json(data: st.DataObject) -> None:
    game_id = data.draw(st.sampled_from(GAME_IDS), label="game")
    state = data.draw(st.sampled_from(states_of(game_id)), label="state")
    LAST["input"] = (game_id, mutated := mutate(data, state.to_json(), rounds=data.draw(st.integers(1, 3))))
    check_from_json(game_id, mutated)


def fuzz_notation(data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(corpus()[0]), label="state")
    if data.draw(st.integers(0, 4), label="by id") == 0:
        action_id = data.draw(st.integers(0, len(state.game.actions) - 1))
        LAST["input"] = (state.to_json(), action_id)
        check_action(state, action_id)
    else:
        text = data.draw(texts_for(state), label="text")
        LAST["input"] = (state.to_json(), text)
        check_notation(state, text)


def fuzz_options(data: st.DataObject) -> None:
    game_id = data.draw(st.sampled_from(GAME_IDS), label="game")
    players = data.draw(st.one_of(st.integers(0, 5), st.none(), SCALARS), label="players")
    seed = data.draw(st.one_of(st.integers(0, 1 << 70), st.none(), SCALARS), label="seed")
    options: dict[str, Any] | list[str]
    if data.draw(st.booleans(), label="command line"):
        text = st.one_of(st.text(max_size=8), OPTION_VALUES.filter(lambda v: isinstance(v, str)))
        options = data.draw(st.lists(st.one_of(
            st.builds(lambda k, v: f"{k}={v}", option_names(game_id), text), st.text(max_size=10)), max_size=4))
    else:
        options = data.draw(option_dicts(game_id), label="options")
    LAST["input"] = (game_id, players, seed, options)
    check_options(game_id, players, seed, options)


DATA_GAMES = ("harmonies", "spirits_of_the_wild", "four_gardens")


@functools.cache
def _export(game_id: str) -> dict[str, Any]:
    data: dict[str, Any] = importlib.import_module(f"hanpan.games.{game_id}.datafile").export()
    return data


def data_file_bytes(data: st.DataObject, game_id: str) -> bytes:
    """A data file of ``game_id``: its export changed in one of the ways a designer's (or a hostile) file is."""
    base = _export(game_id)
    how = data.draw(st.sampled_from(["mutate", "nest", "bytes", "encoding", "number", "size"]), label="how")
    if how == "mutate":  # unknown / missing keys, wrong types, values off by a little or a lot
        return json.dumps(mutate(data, base, rounds=3)).encode()
    if how == "nest":
        deep = data.draw(st.sampled_from([1, 31, 32, 33, 100, 1500, 5000]), label="depth")
        opening, closing = data.draw(st.sampled_from([("[", "]"), ('{"a": ', "}"), ('{"cards": [', "]}")]))
        inner = json.dumps(data.draw(st.sampled_from([base, 1, "x", []])))
        return (opening * deep + inner + closing * deep).encode()
    text = json.dumps(base, ensure_ascii=False)
    if how == "bytes":
        raw = bytearray(text.encode())
        for _ in range(data.draw(st.integers(1, 3))):
            at = data.draw(st.integers(0, len(raw)))
            raw[at:at + data.draw(st.integers(0, 2))] = data.draw(st.binary(min_size=0, max_size=4))
        return bytes(raw)
    if how == "encoding":
        codec = data.draw(st.sampled_from(["utf-16", "utf-32", "latin-1", "utf-8-sig", "cp949"]))
        return text.replace('"about": "', '"about": "é 한 ').encode(codec, errors="replace")
    if how == "number":  # a number of the file replaced by a huge, negative, fractional or odd one
        digits = data.draw(st.sampled_from(["9" * 21, "9" * 5000, "1e400", "-1", "0.5", "1E2", "NaN", "-Infinity",
                                            "100", "99", "1" + "0" * 18, "-0"]))
        spots = [i for i in range(len(text)) if text[i].isdigit() and not text[i - 1].isdigit()
                 and text[i - 1] in " [:"]
        at = spots[data.draw(st.integers(0, len(spots) - 1))]
        end = at
        while end < len(text) and text[end].isdigit():
            end += 1
        return (text[:at] + digits + text[end:]).encode()
    return text.encode() + b" " * data.draw(st.sampled_from([MAX_BYTES - len(text) - 1, MAX_BYTES]))


def check_data_file(game_id: str, raw: bytes) -> None:
    """``hanpan data check``'s reading and the game option: a one-line DataError, or a file that plays."""
    part = importlib.import_module(f"hanpan.games.{game_id}.datafile")
    handle, path = tempfile.mkstemp(suffix=".json")  # a new path: the games keep each path's file once read
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(raw)
        try:
            part.check(path, "en")
        except HanpanError as e:
            assert "\n" not in str(e) and path in str(e), str(e)
            with pytest.raises(HanpanError):
                hanpan.game(game_id).new(players=2, seed=1, **{part.OPTION: path})
            return
        part.changes(path, "ko")
        state = hanpan.game(game_id).new(players=2, seed=1, **{part.OPTION: path})
        rng = random.Random(len(raw))
        for _ in range(3):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            state.apply(make_agent("greedy", seed=1).choose(Seat(state, state.current_player)))
    finally:
        os.remove(path)


def fuzz_datafile(data: st.DataObject) -> None:
    game_id = data.draw(st.sampled_from(DATA_GAMES), label="game")
    raw = data_file_bytes(data, game_id)
    LAST["input"] = (game_id, raw[:300])
    check_data_file(game_id, raw)


#: the input each reader drew last (the long run shows it with a break)
LAST: dict[str, Any] = {}

READERS: dict[str, Callable[[st.DataObject], None]] = {
    "score": fuzz_score,
    "replay": fuzz_record,
    "from_json": fuzz_from_json,
    "notation": fuzz_notation,
    "options": fuzz_options,
    "datafile": fuzz_datafile,
}

SUITE = settings(max_examples=150, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@SUITE
@given(st.data())
def test_fuzz_score(data: st.DataObject) -> None:
    fuzz_score(data)


@SUITE
@given(st.data())
def test_fuzz_replay(data: st.DataObject) -> None:
    fuzz_record(data)


@SUITE
@given(st.data())
def test_fuzz_from_json(data: st.DataObject) -> None:
    fuzz_from_json(data)


@SUITE
@given(st.data())
def test_fuzz_notation(data: st.DataObject) -> None:
    fuzz_notation(data)


@SUITE
@given(st.data())
def test_fuzz_options(data: st.DataObject) -> None:
    fuzz_options(data)


# --- what the fuzzing found (regression tests; each failed before its fix) ---------------------------
def test_a_harmonies_side_that_is_no_text_is_refused() -> None:
    sides: list[object] = [{}, [], ["A"], 1, None]
    for side in sides:
        try:
            hanpan.game("harmonies").score_position({"side": side, "cells": {}})
        except PositionError as e:
            assert "side must be A or B" in str(e)
        else:
            raise AssertionError(f"side {side!r} was accepted")


def test_players_or_seed_as_an_option_is_refused() -> None:
    """``new(players=2, **{"players": 3})`` was a TypeError from the command line (``--option seed=3``) and
    from a record whose options held ``players``."""
    for name in NOT_OPTIONS:
        try:
            check_options("harmonies", 2, 1, [f"{name}=3"])
            parse_option_assignments([f"{name}=3"])
        except OptionError as e:
            assert "is not a game option" in str(e)
        else:
            raise AssertionError(f"option {name} was accepted")
    _, records = corpus()
    for name in NOT_OPTIONS:
        try:
            Record.from_json({**records[0], "options": {name: 2}})
        except RecordError as e:
            assert "is not a game option" in str(e)
        else:
            raise AssertionError(f"a record with option {name} was accepted")


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_fuzz_datafile(data: st.DataObject) -> None:
    fuzz_datafile(data)
