"""Harmonies balance facts against a record kept while the games are played.

The record is built from the actions alone (cards taken, cubes placed, cells covered) and the card
data of ``cards.json`` as the tests' helpers read it, so the facts are checked against the rules
rather than against the engine's own fields.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from hanpan.agents import Seat, make_agent
from hanpan.core.action import Action
from hanpan.core.rng import Rng
from hanpan.games.harmonies.balance import facts, label
from hanpan.games.harmonies.data import COLOURS

from .helpers import ANIMALS, COLUMNS, GAME, SPIRITS

EMPTY_CELL_LIMIT = 2  # the spec: the end is triggered by a board with 2 or fewer empty cells
SUPPLY = 66


@dataclass
class Record:
    """What happened, from the actions: per seat the cards taken, cubes placed and cells covered."""

    players: int
    cells: int
    taken: list[list[str]] = field(default_factory=list)
    kept: list[str | None] = field(default_factory=list)
    cubes: list[Counter[str]] = field(default_factory=list)
    covered: list[set[str]] = field(default_factory=list)
    took_space: bool = False
    trigger: str | None = None  # the end condition that first set the end in motion

    def __post_init__(self) -> None:
        self.taken = [[] for _ in range(self.players)]
        self.kept = [None] * self.players
        self.cubes = [Counter() for _ in range(self.players)]
        self.covered = [set() for _ in range(self.players)]

    def note(self, player: int, text: str) -> None:
        """Record the action ``text`` played by ``player``."""
        word, *rest = text.split()
        if word == "card":
            self.taken[player].append(rest[0])
        elif word == "keep":
            self.kept[player] = rest[0]
        elif word == "cube":
            self.cubes[player][rest[0]] += 1
        elif word in COLOURS:
            self.covered[player].add(rest[0])
        elif word == "space":
            self.took_space = True

    def turn_ended(self, pouch_before: int, player: int) -> None:
        """At a turn's end: the refill finds the pouch empty (a), or the board is nearly full (b)."""
        solo = self.players == 1
        pouch = pouch_before == 0 and (solo or self.took_space)
        board = self.cells - len(self.covered[player]) <= EMPTY_CELL_LIMIT
        if self.trigger is None and (pouch or board):
            self.trigger = "both" if pouch and board else "pouch" if pouch else "board"
        self.took_space = False


def stacker(state: Any, legal: Sequence[Action], covered: set[str], rng: Rng) -> Action:
    """Random play that saves board cells, so the pouch can run out first: it takes the central space
    with the fewest blue and yellow tokens (nothing stacks on them) and stacks wherever it can."""
    spaces = [a for a in legal if a.text.startswith("space")]
    if spaces:
        def flat(action: Action) -> int:
            tokens = state.space_tokens(int(action.text.split()[1]) - 1)
            return int(tokens[COLOURS.index("blue")] + tokens[COLOURS.index("yellow")])

        fewest = min(flat(a) for a in spaces)
        pool = [a for a in spaces if flat(a) == fewest]
    else:
        pool = [a for a in legal if a.text.split()[0] in COLOURS and a.text.split()[1] in covered] or list(legal)
    return pool[rng.randbelow(len(pool))]


def play(players: int, seed: int, agent: str = "random", **options: Any) -> tuple[Any, Record]:
    """A game played to its end by ``agent`` ("random", "stacker" or a named agent) at every seat, or
    by one of those per seat ("stacker,random,...")."""
    state: Any = GAME.new(players=players, seed=seed, **options)
    record = Record(players, sum(COLUMNS[str(options.get("side", "A"))]))
    names = agent.split(",") if "," in agent else [agent] * players
    agents = [None if name in ("random", "stacker") else make_agent(name, seed=seed * 10 + p)
              for p, name in enumerate(names)]
    rng = Rng(seed + 1)
    while not state.is_over:
        player = state.current_player
        assert player is not None
        named = agents[player]
        if named is not None:
            action = named.choose(Seat(state, player))
        elif names[player] == "stacker":
            action = stacker(state, state.legal_actions(), record.covered[player], rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randbelow(len(legal))]
        record.note(player, action.text)
        pouch_before = state.pouch_count
        state.apply(action)
        if action.text == "end" or action.text.startswith("discard"):
            record.turn_ended(pouch_before, player)
    return state, record


def card_points(card: str, placed: int) -> int:
    track = ANIMALS[card]["points_top_to_bottom"]
    return int(track[len(track) - placed]) if placed else 0


GAMES: list[tuple[int, int, str, dict[str, Any]]] = [
    (1, 1, "random", {}),
    (1, 2, "greedy", {"spirits": True}),
    (1, 3, "random", {"side": "B"}),
    (1, 3, "stacker", {}),  # a board, on the turn whose refill took the pouch's last tokens
    (1, 1, "stacker", {"side": "B"}),  # both ends on the last turn
    (1, 27, "stacker", {"side": "B", "spirits": True}),  # the pouch
    (2, 4, "random", {"spirits": True}),
    (2, 5, "greedy", {}),
    (2, 6, "random", {"side": "B", "spirits": True}),
    (3, 7, "random", {}),
    (3, 7, "stacker", {"side": "B"}),  # a board at seat 0, then the pouch at seat 2
    (4, 8, "random", {}),
    (4, 9, "random", {"spirits": True, "side": "B"}),
    (4, 0, "stacker", {"spirits": True}),  # the pouch
    (4, 16, "stacker", {}),  # both on one turn
    (4, 8, "stacker", {}),  # a board at seat 1, then the pouch at seat 3
    (4, 6, "stacker,random,stacker,stacker", {"spirits": True}),  # the random seat fills its board
]


@pytest.fixture(scope="module")
def played() -> list[tuple[Any, Record]]:
    return [play(players, seed, agent, **options) for players, seed, agent, options in GAMES]


def test_every_card_taken_appears_once_with_its_completion_and_points(played: list[tuple[Any, Record]]) -> None:
    for state, record in played:
        found = facts(state)
        assert len(found["seats"]) == record.players
        for p, seat in enumerate(found["seats"]):
            taken = record.taken[p]
            assert len(taken) == len(set(taken))
            expected: dict[str, list[Any]] = {}
            for card in taken:
                placed = record.cubes[p][card]
                expected[f"animal/{card}"] = [placed == ANIMALS[card]["cubes"], card_points(card, placed)]
            animals = {key: value for key, value in seat.items() if key.startswith("animal/")}
            assert animals == expected
            score = state.scores()[p].categories
            assert sum(points for _, points in animals.values()) == score["animals"]


def test_the_spirit_kept_brings_the_spirit_category(played: list[tuple[Any, Record]]) -> None:
    seen: Counter[bool] = Counter()
    for state, record in played:
        for p, seat in enumerate(facts(state)["seats"]):
            spirits = {key: value for key, value in seat.items() if key.startswith("spirit/")}
            kept = record.kept[p]
            if kept is None:
                assert spirits == {}
                continue
            assert kept in SPIRITS and list(spirits) == [f"spirit/{kept}"]
            done, points = spirits[f"spirit/{kept}"]
            assert done == (record.cubes[p][kept] == 1)
            assert points == state.scores()[p].categories["spirit"]
            if not done:
                assert points == 0
            seen[done] += 1
    assert seen[True] and seen[False]  # both kinds of spirit entry were checked


def test_the_outcome_says_which_end_condition_started_the_last_round(played: list[tuple[Any, Record]]) -> None:
    endings: Counter[str] = Counter()
    for state, record in played:
        outcome = facts(state)["outcome"]
        assert outcome["ended_by"] == record.trigger
        assert outcome["side"] == state.options["side"]
        spent = sum(ANIMALS[card]["cubes"] for seat in record.taken for card in seat)
        smallest = min(card["cubes"] for card in ANIMALS.values())
        assert outcome["cube_supply_out"] == (SUPPLY - spent < smallest)
        endings[outcome["ended_by"]] += 1
    assert endings["board"] and endings["pouch"] and endings["both"]  # the games cover every end


def test_a_game_stopped_at_the_turn_limit_says_so() -> None:
    state, record = play(2, 11, max_turns=6)
    assert record.trigger is None and facts(state)["outcome"]["ended_by"] == "turn_limit"


def test_facts_are_plain_json(played: list[tuple[Any, Record]]) -> None:
    for state, _ in played:
        found = facts(state)
        assert json.loads(json.dumps(found)) == found


def test_facts_need_a_finished_game() -> None:
    with pytest.raises(Exception, match="finished"):
        facts(GAME.new(players=2, seed=1))  # type: ignore[arg-type]


def test_every_key_has_a_label_in_both_languages(played: list[tuple[Any, Record]]) -> None:
    keys = {"animal", "spirit", "ended_by/both", "ended_by/turn_limit", "cube_supply_out/True",
            "cube_supply_out/False", "side/A", "side/B"}
    for state, _ in played:
        found = facts(state)
        keys |= {key for seat in found["seats"] for key in seat}
        keys |= {f"{name}/{value}" for name, value in found["outcome"].items()} | set(found["outcome"])
    for key in keys:
        en, ko = label(key, "en"), label(key, "ko")
        assert en and ko, key
        assert en != ko, key
    assert label("animal/fish") == "Fish" and label("animal/fish", "ko") == "물고기"
    assert label("spirit/lion_spirit", "ko") == "사자 정령"
    assert label("animal") == "Animal cards" and label("spirit", "ko") == "자연의 정령"


def test_unknown_keys_have_no_label() -> None:
    for key in ("animal/unicorn", "spirit/fish", "animal/lion_spirit", "ended_by/meteor", "winner", ""):
        assert label(key) == "" and label(key, "ko") == ""
