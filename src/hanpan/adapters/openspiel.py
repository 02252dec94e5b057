"""hanpan's games in OpenSpiel: importing this module registers every game as ``hanpan_<game id>``.

>>> import pyspiel
>>> import hanpan.adapters.openspiel
>>> game = pyspiel.load_game("hanpan_harmonies(players=2,side=B)")
>>> game.num_players(), game.num_distinct_actions(), game.get_type().chance_mode.name
(2, 1520, 'EXPLICIT_STOCHASTIC')
>>> state = game.new_initial_state()  # at its first draw: a central space's 3 tokens
>>> state.is_chance_node(), len(state.chance_outcomes()), state.action_to_string(state.chance_outcomes()[0][0])
(True, 56, 'draw blue blue blue')
>>> game = pyspiel.load_game("hanpan_harmonies(players=2,side=B,chance=engine)")
>>> state = game.new_initial_state()  # the deal, then the engine draws
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 65536)
>>> state.apply_action(7)  # the deal: hanpan's game seed 7
>>> state.current_player(), state.action_to_string(state.legal_actions()[0])
(0, 'space 1')
>>> spirits = pyspiel.load_game("hanpan_spirits_of_the_wild").new_initial_state()  # explicit chance
>>> spirits.is_chance_node(), spirits.action_to_string(spirits.chance_outcomes()[0][0])
(True, 'reveal deer')

What the games are, in OpenSpiel's terms:

- **Parameters**: ``players`` and each of the game's options (``side``, ``spirits``, ``whims``, …; an
  option whose default is "none" takes ``0`` or ``""`` for none, e.g. ``max_turns=0``), ``returns``
  (``"score"`` or ``"win"``, see :mod:`hanpan.adapters.outcome`), ``chance`` and ``deals`` (below).
- **Actions**: the game's fixed action space (``hanpan.game(id).actions``); the strings are hanpan's
  notation.  Decisions are hanpan's atomic decisions, so a player often moves several times in a row.
- **Chance**: ``EXPLICIT_STOCHASTIC``.  A game with explicit chance (hanpan's ``chance`` option) has, by
  default (``chance=explicit``), a chance node at every draw: its outcomes are hanpan's
  ``chance_outcomes()`` (ids of ``game.chance_actions``, ``max_chance_outcomes`` of them; the strings their
  notation), so nothing in a state fixes the draws to come, and a search on clones (``MCTSBot``) samples
  them as it goes instead of knowing them.  With ``chance=engine`` (and in a game without explicit
  chance) there is one chance node, the deal, whose outcome ``k`` (one of ``deals``, 65,536 by default,
  equally likely) is hanpan's game seed, so the game after deal ``k`` is exactly
  ``hanpan.game(id).new(players=…, seed=k, **options)``; then hanpan's engine draws (tiles from the pouch,
  stones from the bag, cards from the deck) from the state's seeded generator, so the deal fixes every
  later draw.  Nobody sees the deal: every game is
  ``IMPERFECT_INFORMATION`` (in Harmonies and Spirits of the Wild only the future draws are hidden, from
  everyone; in Four Gardens the hands too).  After a deal a cloned state keeps its future draws: a search
  that plays on clones (``MCTSBot``) plays as if it knew the next draws.  ``resample_from_infostate(player, sampler)``
  is hanpan's ``determinize``: a state consistent with all ``player`` knows, with the hidden cards and
  every future draw resampled; ``ISMCTSBot`` searches those and never sees what it may not.
- **Observations**: the information state and observation strings and tensors are built from
  ``view(player)`` only: the string is the view's JSON (keys sorted; the information state also starts with
  the number of decisions made, which every player knows), the tensor is
  :mod:`hanpan.adapters.observation`'s encoding of the view (its segments are the tensor's named parts).
  A view holds all its player has seen (the contract's perfect recall), so it is the information state.
- **Returns**: at the end only (``TERMINAL`` rewards): :func:`hanpan.adapters.outcome.returns`.  The game
  is ``ZERO_SUM`` for two or more players and ``GENERAL_SUM`` alone; ``max_utility`` for
  ``returns=score`` is :data:`SCORE_BOUND`, a bound no game reaches, not a measured maximum.
- **Serialization**: OpenSpiel's own, the history (the chance outcomes and the actions) replayed.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

import hanpan
from hanpan.adapters.observation import Encoding, encoding_for
from hanpan.adapters.outcome import OUTCOMES, bounds, check_outcome, returns
from hanpan.core.contract import Game
from hanpan.core.contract import State as HanpanState
from hanpan.core.options import OptionSpec, OptionValue
from hanpan.core.rng import Rng

#: the ``max_utility`` of ``returns=score``: more than any player's total in these games
SCORE_BOUND = 1000.0
#: the deals (game seeds 0 … DEALS-1) of the chance node that starts a game, unless ``deals`` says
DEALS = 2**16
#: ``max_game_length`` when ``max_turns`` does not bound a game: more decisions than any game takes
MAX_DECISIONS = 100_000
PREFIX = "hanpan_"


def short_name(game: Game) -> str:
    """The OpenSpiel name of a hanpan game.

    >>> short_name(hanpan.game("four_gardens"))
    'hanpan_four_gardens'
    """
    return PREFIX + game.id


def _parameter_default(spec: OptionSpec) -> bool | int | str:
    """An option's default as an OpenSpiel parameter (which has no "none": 0 or "" stands for it)."""
    if spec.default is not None:
        return spec.default
    return 0 if spec.value_type is int else ""


def _option_value(spec: OptionSpec, raw: bool | int | str) -> OptionValue:
    if spec.default is None and raw in (0, ""):
        return None
    return spec.parse(raw)


_TYPES: dict[str, Any] = {}


def _registered_type(game: Game) -> Any:
    if game.id not in _TYPES:
        _TYPES[game.id] = game_type(game)
    return _TYPES[game.id]


def game_type(game: Game) -> pyspiel.GameType:
    """The registered GameType of a hanpan game (the utility is set per loaded game: solo or not)."""
    parameters: dict[str, bool | int | str] = {"players": game.default_players, "returns": "score",
                                               "deals": DEALS}
    parameters.update({spec.name: _parameter_default(spec) for spec in game.option_specs})
    if "chance" in parameters:
        parameters["chance"] = "explicit"  # OpenSpiel's convention: a chance node at every draw
    return _type(game, parameters, pyspiel.GameType.Utility.ZERO_SUM)


def _type(game: Game, parameters: Mapping[str, bool | int | str], utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"hanpan {game.name_en}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,  # the deal is seen by nobody
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(parameters),
    )


class HanpanGame(pyspiel.Game):  # type: ignore[misc]
    """One hanpan game with its parameters, as an OpenSpiel game."""

    hanpan_id: str  # set by each game's subclass (see ``register_games``)

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = hanpan.game(self.hanpan_id)
        registered = _registered_type(game)
        spec = registered.parameter_specification
        unknown = sorted(set(params) - set(spec))
        if unknown:
            raise ValueError(f"{short_name(game)}: unknown parameter {unknown[0]!r}; parameters: {', '.join(spec)}")
        values = {**spec, **params}
        players = int(values["players"])
        if not game.min_players <= players <= game.max_players:
            raise ValueError(f"{short_name(game)}: players={players} is not allowed; allowed: {game.player_range()}")
        self.hanpan_game = game
        self.players = players
        self.outcome = check_outcome(str(values["returns"]))
        self.options: dict[str, OptionValue] = {
            spec.name: _option_value(spec, values[spec.name]) for spec in game.option_specs}
        game.new(players=players, seed=0, **self.options)  # a bad option value fails here, with hanpan's message
        #: a chance node at every draw (hanpan's chance=explicit); else the deal, then the engine draws
        self.explicit = self.options.get("chance") == "explicit"
        self.deals = int(values["deals"])
        if not 1 <= self.deals <= 2**31:
            raise ValueError(f"{short_name(game)}: deals={self.deals} is not allowed; allowed: 1 to 2**31")
        self.encoding: Encoding = encoding_for(game, players, self.options)
        low, high = bounds(players, self.outcome, SCORE_BOUND)
        max_turns = self.options.get("max_turns")
        utility = (pyspiel.GameType.Utility.GENERAL_SUM if players == 1
                   else pyspiel.GameType.Utility.ZERO_SUM)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(game.actions),
            max_chance_outcomes=len(game.chance_actions) if self.explicit else self.deals,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None if players == 1 else 0.0,
            max_game_length=1 + (MAX_DECISIONS if max_turns is None else min(MAX_DECISIONS, 200 * int(max_turns))),
        )
        kind = _type(game, spec, utility)
        super().__init__(kind, info, {**params})

    def new_initial_state(self) -> HanpanSpielState:
        """A new game: at its first draw (explicit chance), or at its deal (a chance node: the seed of the game)."""
        return HanpanSpielState(self, self.native(0) if self.explicit else None)

    def native(self, seed: int) -> HanpanState:
        """The hanpan game that deal ``seed`` starts: ``game.new(players=…, seed=seed, **options)`` (with
        explicit chance the seed changes nothing: every draw is a chance node)."""
        return self.hanpan_game.new(players=self.players, seed=seed, **self.options)

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None) -> ViewObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {dict(params)}")
        perfect_recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return ViewObserver(self.encoding, perfect_recall)


class _Carried:
    """What a state carries besides OpenSpiel's own record.  OpenSpiel's ``Clone()`` deep-copies a Python
    state's attributes: this copies as hanpan's cheap ``clone()``, sharing the game's immutable data."""

    __slots__ = ("game", "hanpan", "replaying", "resampled")

    def __init__(self, game: HanpanGame, state: HanpanState | None) -> None:
        self.game = game
        self.hanpan = state
        self.replaying: list[tuple[int, int]] = []  # see HanpanSpielState.at
        self.resampled = False

    def __deepcopy__(self, memo: dict[int, Any]) -> _Carried:
        copy = _Carried(self.game, None if self.hanpan is None else self.hanpan.clone())
        copy.replaying = list(self.replaying)
        copy.resampled = self.resampled
        return copy


class HanpanSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state: a hanpan state (``.hanpan``), and before it the deal where chance is not explicit."""

    def __init__(self, game: HanpanGame, state: HanpanState | None = None) -> None:
        super().__init__(game)
        self._carried = _Carried(game, state)

    @property
    def hanpan(self) -> HanpanState | None:
        """The hanpan state (None before the deal)."""
        return self._carried.hanpan

    @classmethod
    def at(cls, game: HanpanGame, state: HanpanState, history: list[tuple[int, int]]) -> HanpanSpielState:
        """A state holding ``state``, whose OpenSpiel history is ``history`` ((player, action) pairs that led
        to it): they go to OpenSpiel's record only, ``state`` is where they led."""
        made = cls(game, state)
        made._carried.replaying = list(history)
        for _, action in history:
            made.apply_action(action)
        return made

    # --- the OpenSpiel state API ---------------------------------------------------------------------------
    def current_player(self) -> int:
        carried = self._carried
        if carried.replaying:
            return carried.replaying[0][0]
        state = carried.hanpan
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        player = state.current_player
        assert player is not None
        return player

    def _legal_actions(self, player: int) -> list[int]:
        state = self._carried.hanpan
        if state is None or player != state.current_player:
            return []
        return state.legal_action_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """hanpan's ``chance_outcomes()`` by id; or the deal: every game seed below ``deals``, equally likely."""
        state = self.hanpan
        if state is not None:
            return [(outcome.id, p) for outcome, p in state.chance_outcomes()]
        deals = self._carried.game.deals
        return [(seed, 1.0 / deals) for seed in range(deals)]

    def _apply_action(self, action: int) -> None:
        carried = self._carried
        if carried.replaying:
            carried.replaying.pop(0)
        elif carried.hanpan is None:
            carried.hanpan = carried.game.native(action)
        elif carried.hanpan.is_chance():  # checked: an impossible outcome is refused in one line
            outcomes = carried.game.hanpan_game.chance_actions
            if not 0 <= action < len(outcomes):
                raise ValueError(f"{action} is no chance outcome of {carried.game.hanpan_game.id}; "
                                 f"outcomes are 0 to {len(outcomes) - 1}")
            carried.hanpan.play(outcomes[action])
        else:
            carried.hanpan.apply_id(action)

    def _action_to_string(self, player: int, action: int) -> str:
        game = self._carried.game
        if player == pyspiel.PlayerId.CHANCE:
            return game.hanpan_game.chance_actions[action].text if game.explicit else f"deal {action}"
        return game.hanpan_game.actions[action].text

    def is_terminal(self) -> bool:
        return self.hanpan is not None and self.hanpan.is_over

    def returns(self) -> list[float]:
        carried = self._carried
        if carried.hanpan is None:
            return [0.0] * carried.game.players
        return returns(carried.hanpan, carried.game.outcome)

    def resample_from_infostate(self, player: int, sampler: Any) -> HanpanSpielState:
        """A state consistent with all ``player`` knows (hanpan's ``determinize``): hidden cards and every
        future draw resampled, ``sampler()`` (a uniform draw in [0, 1), OpenSpiel's samplers) seeding it.
        Its history is this state's (the deal included, though no deal leads to it)."""
        if self.hanpan is None:
            return self.clone()  # type: ignore[no-any-return]
        seed = int(float(sampler()) * 2**31) if callable(sampler) else random.randrange(2**31)
        sample = HanpanSpielState.at(self._carried.game, self.hanpan.determinize(player, Rng(seed)),
                                     self._history_pairs())
        sample._carried.resampled = True
        return sample

    def __str__(self) -> str:
        if self.hanpan is None:
            return "(the deal)"
        return json.dumps(self.hanpan.public_view(), sort_keys=True, ensure_ascii=False)

    def _history_pairs(self) -> list[tuple[int, int]]:
        return [(int(item.player), int(item.action)) for item in self.full_history()]


class ViewObserver:
    """OpenSpiel's observer for hanpan: strings and tensors from ``view(player)`` only."""

    def __init__(self, encoding: Encoding, perfect_recall: bool) -> None:
        self.encoding = encoding
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoding.size, np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        start = 0
        for segment in encoding.layout:
            self.dict[segment.name] = self.tensor[start:start + segment.size]
            start += segment.size

    def set_from(self, state: HanpanSpielState, player: int) -> None:
        """The encoding of what ``view(player)`` shows (zeros before the deal, which nobody sees)."""
        if state.hanpan is None:
            self.tensor.fill(0.0)
        else:
            ones, offsets, values = self.encoding.sparse(state.hanpan, player)
            self.tensor[:] = np.frombuffer(ones, np.uint8)
            self.tensor[offsets] = values

    def string_from(self, state: HanpanSpielState, player: int) -> str:
        """``view(player)`` as JSON; the information state also says how many decisions were made."""
        if state.hanpan is None:
            return "the deal"
        text = json.dumps(state.hanpan.view(player), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        if self.perfect_recall:
            return f"decision {len(state.history())} {text}"
        return text


def _camel(game_id: str) -> str:
    return re.sub(r"(?:^|_)(\w)", lambda m: m.group(1).upper(), game_id)


def register_games() -> list[str]:
    """Register every hanpan game with OpenSpiel (again after a new game is registered); their names."""
    names = []
    known = {info.short_name for info in pyspiel.registered_games()}
    for game in hanpan.all_games():
        name = short_name(game)
        names.append(name)
        if name in known:
            continue
        registered = _registered_type(game)
        # OpenSpiel keeps what it is given until the process ends: a class (one per game) rather than a
        # closure, which the interpreter would free too late at exit (a crash in pyspiel's teardown)
        # (a module attribute, so that games, states and bots pickle)
        cls = type(f"HanpanGame_{game.id}", (HanpanGame,), {
            "hanpan_id": game.id, "__doc__": f"{game.name_en} as an OpenSpiel game.", "__module__": __name__})
        globals()[cls.__name__] = cls
        pyspiel.register_game(registered, cls)
    return names


__all__ = ["OUTCOMES", "HanpanGame", "HanpanSpielState", "ViewObserver", "register_games", "short_name"]

register_games()
