"""Game records (``hanpan.record/1``): what was played, by whom, from which seed, and how it ended.

A record holds the game, its options, the players' names, the seed and the
actions in notation; ``replay`` plays them again through the checked path and
compares the stored result.

>>> import hanpan
>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=5)
>>> actions = [str(state.play(state.legal_actions()[0])) for _ in range(3)]
>>> record = Record.of(state, ["ann", "bot"], actions)
>>> replay(Record.from_json(record.to_json())).to_json() == state.to_json()
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hanpan.core.contract import State
from hanpan.core.errors import HanpanError, RecordError
from hanpan.core.options import check_option_names
from hanpan.core.registry import game

FORMAT = "hanpan.record/1"


@dataclass
class Record:
    """One game as played; ``result`` is None while unknown; ``hints_used``: the seats that asked the
    computer for a hint during the game (the web app's hint button; such a game is never rated).

    >>> Record.from_json({**Record("harmonies", {}, ["ann"], 1, hints_used=[0]).to_json()}).hints_used
    [0]
    """

    game: str
    options: dict[str, Any]
    players: list[str]
    seed: int
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    hints_used: list[int] = field(default_factory=list)

    @classmethod
    def of(cls, state: State, players: Sequence[str], actions: Sequence[str]) -> Record:
        """The record of ``state`` reached from its seed by ``actions`` (result filled in if over)."""
        options = {k: v for k, v in state.options.items() if v != _default(state, k)}
        return cls(state.game.id, options, list(players), state.seed, list(actions), result_of(state))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "seed": self.seed,
            "actions": self.actions,
        }
        if self.result is not None:
            data["result"] = self.result
        if self.hints_used:
            data["hints_used"] = list(self.hints_used)
        return data

    @classmethod
    def from_json(cls, data: object) -> Record:
        """Read a record, refusing anything malformed with one line that names the problem."""
        if not isinstance(data, Mapping):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"record format must be {FORMAT!r}, not {data.get('format')!r}")
        missing = [k for k in ("game", "players", "seed", "actions") if k not in data]
        if missing:
            raise RecordError(f"record lacks {', '.join(missing)}")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise RecordError("record 'options' must be an object")
        try:
            check_option_names(options)
        except HanpanError as e:
            raise RecordError(f"record 'options': {e}") from None
        players = data["players"]
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players) or not players:
            raise RecordError("record 'players' must be a non-empty list of names")
        seed = data["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise RecordError(f"record 'seed' must be a whole number ≥ 0, not {seed!r}")
        actions = data["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("record 'actions' must be a list of action texts")
        result = data.get("result")
        if result is not None and not (
            isinstance(result, Mapping) and isinstance(result.get("scores"), list)
            and isinstance(result.get("winners"), list)
        ):
            raise RecordError("record 'result' must be an object with 'scores' and 'winners' lists")
        if not isinstance(data["game"], str):
            raise RecordError("record 'game' must be a game id")
        hints = data.get("hints_used", [])
        if not isinstance(hints, list) or not all(
                isinstance(s, int) and not isinstance(s, bool) and 0 <= s < len(players) for s in hints):
            raise RecordError(f"record 'hints_used' must list seats from 0 to {len(players) - 1}")
        return cls(data["game"], dict(options), list(players), seed, list(actions),
                   dict(result) if result is not None else None, sorted(set(hints)))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n", "utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            raw = Path(path).read_bytes()
        except OSError as e:
            raise RecordError(f"cannot read record {str(path)!r}: {e.strerror}") from None
        return cls.from_json(decode_json(raw, f"record {str(path)!r}", RecordError))


def decode_json(raw: bytes, where: str, error: type[HanpanError] = RecordError) -> Any:
    """The JSON value in ``raw`` (UTF-8, a byte-order mark allowed); anything else raises ``error`` in one line.

    >>> decode_json(b'{"a": [1]}', "x")
    {'a': [1]}
    >>> decode_json(b'{"a": "b', "record 'r.json'")
    Traceback (most recent call last):
    ...
    hanpan.core.errors.RecordError: record 'r.json' is not JSON: Unterminated string starting at: line 1 column 7
    >>> decode_json(b"\\xff\\xfe", "record 'bin.json'")
    Traceback (most recent call last):
    ...
    hanpan.core.errors.RecordError: record 'bin.json' is not UTF-8 text: byte 0xff at offset 0
    """
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise error(f"{where} is not UTF-8 text: byte {raw[e.start]:#04x} at offset {e.start}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise error(f"{where} is not JSON: {e.msg}: line {e.lineno} column {e.colno}") from None
    except RecursionError:
        raise error(f"{where} is nested too deeply to read") from None
    except ValueError:  # a number of more digits than Python converts (sys.get_int_max_str_digits)
        raise error(f"{where} holds a number too long to read") from None


def result_of(state: State) -> dict[str, Any] | None:
    """``{"scores": [...], "winners": [...]}`` of a game that is over (plus ``unfinished``); else None."""
    if not state.is_over:
        return None
    result: dict[str, Any] = {"scores": [s.total for s in state.scores()], "winners": list(state.winners())}
    if state.status == "unfinished":
        result["unfinished"] = True
    return result


def start(record: Record) -> State:
    """The initial state of a record's game."""
    try:
        return game(record.game).new(players=len(record.players), seed=record.seed, **record.options)
    except HanpanError as e:
        raise RecordError(f"record cannot start: {e}") from None


def replay(record: Record) -> State:
    """Re-play every action (checked) and compare the stored result; returns the final state.

    A bad action raises RecordError naming its move number (1-based) and the reason.
    """
    state = start(record)
    for number, text in enumerate(record.actions, 1):
        try:
            state.play(text)
        except HanpanError as e:
            raise RecordError(f"move {number} ({text!r}): {e}", move_number=number) from None
    if record.result is not None:
        actual = result_of(state)
        if actual is None:
            raise RecordError(f"the record stores a result but the game is not over after "
                              f"{len(record.actions)} moves")
        if actual != record.result:
            raise RecordError(f"stored result {record.result} differs from the replayed {actual}")
    return state


def _default(state: State, name: str) -> Any:
    for spec in state.game.option_specs:
        if spec.name == name:
            return spec.default
    return None
