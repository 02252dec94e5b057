"""The contract every game implements: :class:`Game` and :class:`State`.

A game is a :class:`Game` (what it is, who may play, its options, its action
space) that makes :class:`State` objects.  A state is one whole position with its
own seeded generator; decisions are atomic and are made one at a time by
``current_player``.  Apps, agents and adapters use only this contract.

>>> import hanpan
>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=1)
>>> state.current_player, state.is_over, state.status
(0, False, 'playing')
>>> action = state.legal_actions()[0]
>>> state.parse_action(str(action)) == action
True

Chance may be explicit: with the option ``chance="explicit"`` a state stops at every draw (a *chance
point*: ``is_chance()``, ``current_player`` is :data:`CHANCE`), lists the outcomes with their
probabilities, and takes the one chosen (``apply_chance``, or ``play`` with its notation).  By default
(``chance="engine"``) the engine draws by itself from the state's generator.

>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=1, chance="explicit")
>>> state.is_chance(), state.current_player == CHANCE
(True, True)
>>> [(str(outcome), round(p, 3)) for outcome, p in state.chance_outcomes()][:2]
[('reveal deer', 0.167), ('reveal wolf', 0.167)]
>>> str(state.play("reveal wolf"))
'reveal wolf'
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Literal, Self

from mypy_extensions import mypyc_attr

from hanpan.core.action import Action, ActionTable
from hanpan.core.errors import HanpanError, IllegalActionError, NotationError, OptionError, PositionError
from hanpan.core.options import CHANCE as CHANCE_OPTION
from hanpan.core.options import MAX_TURNS, OptionSpec, OptionValue, resolve_options
from hanpan.core.rng import Rng

Status = Literal["playing", "finished", "unfinished"]
JSON = dict[str, Any]
#: ``current_player`` at a chance point (OpenSpiel's number for chance)
CHANCE: Final = -1
#: the chance outcomes of a game that has no explicit chance
NO_CHANCE: Final = ActionTable(())


@dataclass(frozen=True)
class ScoreCard:
    """One player's score: points per category (in the game's order) and the total.

    >>> card = ScoreCard({"owl": 6, "rabbit": 0}, 6)
    >>> card["owl"], card.total, card.to_json()
    (6, 6, {'owl': 6, 'rabbit': 0, 'total': 6})
    """

    categories: Mapping[str, int]
    total: int
    extra: Mapping[str, Any] = field(default_factory=dict)  # e.g. Harmonies solo suns

    def __getitem__(self, category: str) -> int:
        return self.categories[category]

    def to_json(self) -> dict[str, Any]:
        return {**self.categories, "total": self.total, **self.extra}

    def __reduce__(self) -> tuple[type[ScoreCard], tuple[Mapping[str, int], int, Mapping[str, Any]]]:
        # compiled (mypyc), a frozen dataclass would be unpickled by assigning its fields: it refuses
        return (ScoreCard, (self.categories, self.total, self.extra))


# Each game's Game subclass stays interpreted (it is not hot), so mypyc must allow that.
@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game: identity, player range, options and the fixed action space; it makes states."""

    id: ClassVar[str]
    name_en: ClassVar[str]
    name_ko: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    #: the game's own options; ``max_turns`` is added for every game
    game_options: ClassVar[tuple[OptionSpec, ...]] = ()
    #: the evaluations ``State.evaluate`` offers, the standard one first (hanpan.core.evaluation)
    evaluations: ClassVar[tuple[str, ...]] = ("standard",)
    #: the expected final points a reviewed decision must throw away to be marked a *mistake* (an
    #: inaccuracy half as many, a blunder 1.5 times): about 2 % of a typical final score, chosen per game
    #: before any review was measured (hanpan.analysis.marks, docs/analysis.md)
    mistake_points: ClassVar[float] = 1.0

    @property
    def option_specs(self) -> tuple[OptionSpec, ...]:
        """The game's own options, ``max_turns``, and ``chance`` where the game has explicit chance."""
        if len(self.chance_actions):
            return (*self.game_options, MAX_TURNS, CHANCE_OPTION)
        return (*self.game_options, MAX_TURNS)

    @property
    def chance_actions(self) -> ActionTable:
        """The fixed space of the game's chance outcomes (ids for learning code, notation for records);
        empty where the game cannot stop at its draws (it then has no ``chance`` option)."""
        return NO_CHANCE

    @property
    @abstractmethod
    def actions(self) -> ActionTable:
        """The game's whole action space (ids are stable across versions)."""

    def new(self, players: object = None, seed: object = None, **options: Any) -> State:
        """A new game.  ``seed=None`` picks a fresh seed (kept in ``state.seed`` for records).

        ``players`` and ``seed`` are whole numbers or None; they are typed ``object`` because a wrong one must
        raise OptionError, and a compiled (mypyc) method would raise TypeError for it before the check.
        """
        count = self.default_players if players is None else players
        if isinstance(count, bool) or not isinstance(count, int) or not (
            self.min_players <= count <= self.max_players
        ):
            raise OptionError(
                f"{self.id} takes {self.player_range()} players, not {count!r}",
                f"{self.name_ko}은(는) {self.player_range()}명이 합니다 ({count!r}명 불가)",
            )
        if seed is None:
            seed = int.from_bytes(os.urandom(6), "big")
        elif isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise OptionError(f"seed must be a whole number ≥ 0, not {seed!r}")
        return self._new(count, seed, resolve_options(self.option_specs, options))

    @abstractmethod
    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> State:
        """Set up a game with validated arguments."""

    def from_json(self, data: Mapping[str, Any]) -> State:
        """The state that ``to_json`` wrote; malformed data raises PositionError (one line)."""
        if not isinstance(data, Mapping):
            raise PositionError("a position must be a JSON object")
        if data.get("game") != self.id:
            raise PositionError(f"this position is for {data.get('game')!r}, not {self.id}")
        try:
            return self._from_json(data)
        except PositionError:
            raise
        except HanpanError as e:
            raise PositionError(f"bad position: {e}") from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise PositionError(f"bad position: {type(e).__name__} {e}") from None

    @abstractmethod
    def _from_json(self, data: Mapping[str, Any]) -> State:
        """Read a position whose ``game`` is this one; raise PositionError on anything wrong."""

    def score_position(self, data: Mapping[str, Any]) -> ScoreCard:
        """Score one player's board given in the game's position format (``hanpan score``)."""
        raise PositionError(f"{self.id} has no position format for scoring")

    def evaluate(self, state: State, player: int) -> float:
        """How good ``state`` is for ``player``: what ``State.evaluate`` answers (default: the score now).

        A game overrides it with its heuristic; the heuristic lives in the game's folder beside the
        rules, and the rules never import it (the game object, above both, wires it in here).
        """
        return float(state.scores()[player].total)

    def quick_evaluate(self, state: State, player: int) -> float:
        """A cheaper ``evaluate`` for ranking many actions at once; default: ``evaluate`` itself."""
        return self.evaluate(state, player)

    def models(self) -> list[str]:
        """The learned models packaged with the game, as ``name/version`` (``hanpan --version`` lists them)."""
        return []

    def turn_plans(self, state: State, width: int) -> list[tuple[tuple[Action, ...], float]]:
        """The player to move's complete turns from ``state`` (its own view or a sample of it), each with
        its value, best first: the turn planner's candidates (hanpan.agents.plans).  ``width`` bounds the
        game's search for them.  Default: none (a game without a planner, or without a learned value
        for this setting, is played otherwise)."""
        return []

    def expected_score(self, state: State, player: int) -> float | None:
        """The final score ``player`` may expect from ``state`` by the game's learned value: its points now
        and the points its value says are still to come (for the player to move, as if its turn ended
        here).  The final score once the game is over; None where no learned value applies (default)."""
        return None

    def player_range(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}–{self.max_players}"

    def name(self, lang: str = "en") -> str:
        return self.name_ko if lang == "ko" else self.name_en

    def __repr__(self) -> str:
        return f"<Game {self.id}>"


class State(ABC):
    """One whole position of a game.

    Subclasses implement the abstract methods; ``play`` (checked) and the
    id/mask helpers are shared.  ``apply`` is the fast unchecked path for search.
    """

    # What every game's state keeps alike; ``_start``, ``_copy_common`` and ``_reseed`` handle them once.
    __slots__ = ("max_turns", "num_players", "options", "reveals", "rng", "seed", "stopped", "turn")

    game: ClassVar[Game]
    num_players: int
    seed: int
    #: the options the game was made with (shared by clones: never changed in place)
    options: dict[str, OptionValue]
    #: the ``max_turns`` option, or None
    max_turns: int | None
    rng: Rng
    #: completed turns (a player's whole turn; the unit of ``max_turns``)
    turn: int
    #: counts the moments new information came out (a draw); undo never crosses one
    reveals: int
    #: True once ``max_turns`` stopped the game (it is then over but unfinished)
    stopped: bool

    # --- what every game keeps alike ----------------------------------------------------------
    def _start(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> None:
        """Set the fields every state keeps alike for a new game (or a blank state to fill in).

        >>> import hanpan
        >>> state = hanpan.game("harmonies").new(players=3, seed=5, max_turns=40)
        >>> state.num_players, state.seed, state.max_turns, state.stopped
        (3, 5, 40, False)
        """
        self.num_players = players
        self.seed = seed
        self.options = dict(options)
        max_turns = options.get("max_turns")
        self.max_turns = max_turns if isinstance(max_turns, int) else None
        self.rng = Rng(seed)
        self.turn = 0
        self.reveals = 0
        self.stopped = False

    def _copy_common(self, copy: State) -> None:
        """Give ``copy`` (a bare instance ``clone`` made) this state's common fields; the generator is
        copied, the options shared."""
        copy.num_players = self.num_players
        copy.seed = self.seed
        copy.options = self.options
        copy.max_turns = self.max_turns
        copy.rng = Rng(self.rng.state)
        copy.turn = self.turn
        copy.reveals = self.reveals
        copy.stopped = self.stopped

    def _turn_limit_reached(self) -> bool:
        """At a turn's end: True, and ``stopped`` set, once ``max_turns`` turns are played (the game
        then ends unfinished; the caller ends it its own way)."""
        if self.max_turns is not None and self.turn >= self.max_turns:
            self.stopped = True
            return True
        return False

    def _reseed(self, rng: Rng) -> None:
        """A determinized sample's own generator, drawn from ``rng``; its seed says it (never the true
        seed: ``game.new(seed=...)`` would rebuild every hidden card)."""
        self.rng = Rng(rng.next64())
        self.seed = self.rng.state

    # --- the game's own rules -------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Whose decision it is; None when the game is over; :data:`CHANCE` at a chance point."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """The legal decisions, in id order; empty only when the game is over.  At a chance point: the
        chance outcomes (Actions of ``game.chance_actions``)."""

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Make a decision without checking it (fast; for search).  Use ``play`` for input."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (cheap: immutable data is shared)."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True when the game ended by its rules or was stopped by ``max_turns``."""

    @property
    def status(self) -> Status:
        """'playing', 'finished' (ended by the rules) or 'unfinished' (stopped by max_turns)."""
        if not self.is_over:
            return "playing"
        return "unfinished" if self.stopped else "finished"

    @abstractmethod
    def scores(self) -> tuple[ScoreCard, ...]:
        """Each player's score now (a running score during play; final at the end)."""

    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """The winning seats once finished (several on a shared win); empty otherwise."""

    @abstractmethod
    def view(self, player: int) -> JSON:
        """What ``player`` knows, as JSON-able data; nothing hidden from them appears in it."""

    @abstractmethod
    def public_view(self) -> JSON:
        """What a spectator who sees only the table knows: no hand, no face-down card, no seat's secret.

        Same shape as ``view`` with ``"you": None``; it holds nothing that some seat's view lacks.
        """

    @abstractmethod
    def determinize(self, player: int, rng: Rng) -> Self:
        """A full state consistent with ``view(player)``, every unknown resampled with ``rng``.

        The result must depend only on what ``player`` knows and on ``rng`` (e.g. sort the unknown
        cards before shuffling them), so an agent cannot learn hidden facts from its samples.
        """

    @abstractmethod
    def to_json(self) -> JSON:
        """The whole position (secrets included); ``game.from_json`` reads it back."""

    # --- overridable hooks ----------------------------------------------------------------------
    def evaluate(self, player: int) -> float:
        """How good the position is for ``player`` (greedy and search use it): the game's
        ``Game.evaluate`` (the score now, unless the game wires in a heuristic that also values
        progress toward later points)."""
        return self.game.evaluate(self, player)

    def quick_evaluate(self, player: int) -> float:
        """A cheaper ``evaluate`` for ranking many actions at once (search's progressive widening):
        the game's ``Game.quick_evaluate`` (default: ``evaluate`` itself)."""
        return self.game.quick_evaluate(self, player)

    def has_hidden_information(self) -> bool:
        """True when some seat knows what another seat does not (a hand, dealt cards) in this position.

        Players sharing one screen must then hand it over blind.  Decided from the views: some
        ``view(p)`` holds more than ``public_view()``; a game may override it with a cheaper test.
        (Facts hidden from every seat alike, such as the order of a bag, do not count.)
        """
        public = self.public_view()
        return any({**self.view(p), "you": None} != public for p in range(self.num_players))

    # --- explicit chance (the ``chance`` option) -----------------------------------------------
    def is_chance(self) -> bool:
        """True at a chance point: the game waits for a draw's outcome (only with ``chance="explicit"``)."""
        return False

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance point, each possible outcome (an Action of ``game.chance_actions``) with its
        probability, in id order; the probabilities sum to 1.  Empty elsewhere.  The outcomes and
        probabilities follow from what every seat sees (the bag's counts, the cards not yet seen)."""
        return []

    def apply_chance(self, outcome: Action) -> None:
        """Take ``outcome`` (one of ``chance_outcomes()``) at a chance point, unchecked (fast; for search);
        ``play`` checks it."""
        raise IllegalActionError(f"{outcome} is a chance outcome, and {self.game.id} is not at a chance point",
                                 f"{outcome}은(는) 우연의 결과인데, 지금은 우연 지점이 아닙니다")

    def draw_chance(self) -> Action:
        """At a chance point, an outcome drawn by its probability from the state's own generator (what a
        runner does that lets the engine draw for it, e.g. ``hanpan simulate --option chance=explicit``).

        >>> import hanpan
        >>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=4, chance="explicit")
        >>> state.draw_chance() in [outcome for outcome, _ in state.chance_outcomes()]
        True
        """
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalActionError(f"{self.game.id} is not at a chance point: nothing to draw",
                                     "우연 지점이 아니어서 뽑을 것이 없습니다")
        left = self.rng.random()
        for outcome, probability in outcomes:
            left -= probability
            if left < 0.0:
                return outcome
        return outcomes[-1][0]

    def draw_by_engine(self) -> None:
        """From now on the engine draws by itself, with this state's generator (search does it to the
        samples it plays on: a sample's own generator is its guess of the draws to come)."""
        while self.is_chance():  # a draw under way: its outcomes drawn first
            self.apply_chance(self.draw_chance())
        if self.options.get("chance") == "explicit":
            self.options = {**self.options, "chance": "engine"}
            self._engine_draws()

    def _engine_draws(self) -> None:  # noqa: B027  (a hook: most games need nothing here)
        """A game's hook: ``draw_by_engine`` has just turned explicit chance off."""

    # --- shared helpers -------------------------------------------------------------------------
    def play(self, action: Action | str | object) -> Action:
        """Check and make one decision, given as an Action or its notation; returns the Action.

        At a chance point the decision is a chance outcome (``chance_outcomes``).  Raises NotationError
        for text that names no action and IllegalActionError for one that is not legal now; the state is
        unchanged then.
        """
        chosen = self.parse_action(action) if isinstance(action, str) else action
        if not isinstance(chosen, Action):
            raise IllegalActionError(f"{chosen!r} is not an action", f"{chosen!r}은(는) 수가 아닙니다")
        legal = self.legal_actions()
        if chosen not in legal:
            raise self._illegal(str(chosen), legal)
        if self.is_chance():
            self.apply_chance(chosen)
        else:
            self.apply(chosen)
        return chosen

    def parse_action(self, text: str) -> Action:
        """The legal action written ``text`` (a chance outcome at a chance point); raises NotationError or
        IllegalActionError."""
        if self.is_over:
            raise self._illegal(text, ())
        chance = self.is_chance()
        action = (self.game.chance_actions if chance else self.game.actions).parse(text)
        legal = self.legal_actions()
        if action is None:
            what = "chance outcome" if chance else "move"
            raise NotationError(
                f"{text!r} is not a {what} of {self.game.id}; legal now: {_listing(legal)}",
                f"{text!r}은(는) 올바른 수가 아닙니다. 지금 가능한 수: {_listing(legal, 'ko')}",
            )
        if action not in legal:
            raise self._illegal(text, legal)
        return action

    def _illegal(self, text: str, legal: Sequence[Action]) -> IllegalActionError:
        """The error for ``text``, a move not legal now (in English and Korean)."""
        if self.is_over:
            return IllegalActionError("the game is over; no action is legal",
                                      "게임이 끝났습니다; 둘 수 있는 수가 없습니다")
        if self.is_chance():
            return IllegalActionError(f"{text!r} is not a possible outcome of this draw; possible now: "
                                      f"{_listing(legal)}",
                                      f"{text!r}은(는) 이번에 뽑을 수 있는 결과가 아닙니다. 가능한 결과: "
                                      f"{_listing(legal, 'ko')}")
        return IllegalActionError(f"{text!r} is not legal now; legal now: {_listing(legal)}",
                                  f"{text!r}은(는) 지금 둘 수 없습니다. 지금 가능한 수: {_listing(legal, 'ko')}")

    def legal_action_ids(self) -> list[int]:
        return [a.id for a in self.legal_actions()]

    def legal_mask(self) -> list[bool]:
        """One flag per id of the game's action space: True where legal now."""
        mask = [False] * len(self.game.actions)
        for a in self.legal_actions():
            mask[a.id] = True
        return mask

    def apply_id(self, action_id: int) -> None:
        """``apply`` by integer id (for learning code); unchecked."""
        self.apply(self.game.actions[action_id])

    def __str__(self) -> str:
        return f"<{self.game.id} turn {self.turn} player {self.current_player} ({self.status})>"


def _listing(actions: Sequence[Action], lang: str = "en", limit: int = 24) -> str:
    texts = [str(a) for a in actions[:limit]]
    extra = len(actions) - limit
    more = (f", … (그 밖에 {extra}개)" if lang == "ko" else f", … ({extra} more)") if extra > 0 else ""
    return (", ".join(texts) + more) if texts else ("없음" if lang == "ko" else "none")


def require(condition: bool, message: str) -> None:
    """Raise PositionError(message) unless ``condition`` (for validating positions)."""
    if not condition:
        raise PositionError(message)
