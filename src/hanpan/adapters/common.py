"""What the PettingZoo and Gymnasium adapters share: their checked arguments, a seat's arrays, the drawing.

A :class:`Table` is one game set up for an environment (game, player count, options, what a finished game
is worth, the observation encoding), with every argument checked once, when the environment is made.
From a state and a seat it gives what that seat may be shown: :func:`observation` (only what
``view(seat)`` shows) and :func:`action_mask` (the legal ids, for the seat to move only: another seat's mask is all 0,
since the mover's legal actions may name its hidden cards).  It knows no game: everything comes through
the registry and the core contract.

An illegal action *forfeits* in both adapters: the episode ends at once and the seat that made it gets
:func:`forfeit` — what a forfeited game is worth: with ``returns="win"`` a loss (-1; alone 0), with
``"score"`` its own total counted as 0 against the others' totals as they stand (alone: 0).

>>> table = Table.make("spirits_of_the_wild", None, "win", {})
>>> table.players, table.num_actions, table.encoding.size == observation_box(table).shape[0]
(2, 137, True)
>>> state = table.new(seed=1)
>>> observation(table, state, 0).dtype, int(action_mask(state, 0).sum()) == len(state.legal_actions())
(dtype('float32'), True)
>>> int(action_mask(state, 1).sum()), forfeit(state, 0, "win"), camel_case("spirits_of_the_wild")
(0, -1.0, 'SpiritsOfTheWild')
>>> Table.make("spirits_of_the_wild", None, "points", {})
Traceback (most recent call last):
...
hanpan.core.errors.OptionError: unknown returns 'points'; use one of: score, win
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from gymnasium import spaces
from rich.console import Console

import hanpan
from hanpan.adapters.observation import Encoding, encoding_for
from hanpan.adapters.outcome import Outcome, Reward, check_outcome, margin
from hanpan.adapters.outcome import check_reward as outcome_check_reward
from hanpan.adapters.outcome import returns as outcome_returns
from hanpan.core.contract import Game, State
from hanpan.core.errors import OptionError
from hanpan.core.options import OptionValue, check_option_names

#: the render modes of both adapters: "ansi" returns the drawing as text, "human" prints it
RENDER_MODES = ("ansi", "human")
#: the width of the text drawing
RENDER_WIDTH = 100


@dataclass(frozen=True)
class Table:
    """One game set up for an environment: every argument checked, the options resolved."""

    game: Game
    players: int
    #: the options as given (``game.new(players, seed, **given)`` makes the environment's games)
    given: Mapping[str, Any]
    #: every option of the game with its value (defaults filled in)
    options: Mapping[str, OptionValue]
    returns: Outcome
    encoding: Encoding

    @classmethod
    def make(cls, game_id: str, players: int | None, returns: str, options: Mapping[str, Any]) -> Table:
        """Check everything (a one-line hanpan error naming what is allowed) and set the game up."""
        if not isinstance(game_id, str):
            raise OptionError(f"the game must be given by its id, one of: {', '.join(hanpan.game_ids())}")
        game = hanpan.game(game_id)
        try:
            kind = check_outcome(returns)
        except ValueError as e:
            raise OptionError(str(e)) from None
        check_option_names(options)
        trial = game.new(players=players, seed=0, **options)  # checks the player count and the options
        if trial.options.get("chance") == "explicit":
            raise OptionError("chance=explicit is for OpenSpiel and search code; in a Gymnasium or PettingZoo "
                              "environment the engine draws by itself (chance=engine)")
        count = trial.num_players
        return cls(game, count, dict(options), dict(trial.options), kind, encoding_for(game, count, trial.options))

    @property
    def num_actions(self) -> int:
        return len(self.game.actions)

    def new(self, seed: int) -> State:
        """The game with this seed: the very game ``game.new(players, seed=seed, **options)`` makes."""
        return self.game.new(players=self.players, seed=seed, **self.given)


def observation_box(table: Table) -> spaces.Box[np.float32]:
    """The space of :func:`observation`: ``encoding.size`` float32 numbers, each within its segment's
    bounds ([0, 1] unless the layout says: docs/observations.md)."""
    low, high = table.encoding.bounds()
    return spaces.Box(np.array(low, np.float32), np.array(high, np.float32), dtype=np.float32)


def mask_box(table: Table) -> spaces.Box[np.int8]:
    """The space of :func:`action_mask`: one 0/1 int8 per action id."""
    return spaces.Box(0, 1, (table.num_actions,), np.int8)


def observation(table: Table, state: State, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]:
    """What ``seat`` knows (what ``state.view(seat)`` shows, nothing else) as the table's encoding, float32."""
    ones, offsets, values = table.encoding.sparse(state, seat)
    out = np.frombuffer(ones, np.uint8).astype(np.float32)  # most numbers that are not 0 are ones
    out[offsets] = values
    return out


def action_mask(state: State, seat: int) -> np.ndarray[Any, np.dtype[np.int8]]:
    """1 at each legal action id when ``seat`` is to move; all 0 otherwise (and once the game is over)."""
    mask = np.zeros(len(state.game.actions), dtype=np.int8)
    if state.current_player == seat:
        mask[state.legal_action_ids()] = 1
    return mask


def forfeit(state: State, seat: int, kind: Outcome) -> float:
    """What ``seat`` gets for an illegal action (see the module's text)."""
    if state.num_players == 1:
        return 0.0
    if kind == "win":
        return -1.0
    others = [card.total for p, card in enumerate(state.scores()) if p != seat]
    return -sum(others) / len(others)


class RenderModeError(OptionError, TypeError):
    """A render mode the environments do not have.  Also a TypeError: Stable-Baselines3's ``make_vec_env``
    asks every environment for ``render_mode="rgb_array"`` and, on a TypeError, makes it without one."""


def check_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` if the environments have it (or None), else a :class:`RenderModeError`.

    >>> check_render_mode("rgb_array")
    Traceback (most recent call last):
    ...
    hanpan.adapters.common.RenderModeError: unknown render_mode 'rgb_array'; use one of: ansi, human (or None)
    """
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise RenderModeError(f"unknown render_mode {render_mode!r}; use one of: {', '.join(RENDER_MODES)} (or None)")
    return render_mode


def check_reward(reward: str, kind: Outcome) -> Reward:
    """``reward`` (:data:`hanpan.adapters.outcome.REWARDS`) checked against ``returns``: an OptionError if wrong."""
    try:
        return outcome_check_reward(reward, kind)
    except ValueError as e:
        raise OptionError(str(e)) from None


def worth(state: State, seat: int, kind: Outcome) -> float:
    """What ``seat`` has earned so far under ``reward="score_change"``: its :func:`margin` while the game
    goes on, its worth (``returns``) once it is over."""
    if state.is_over:
        return outcome_returns(state, kind)[seat]
    return margin(state)[seat]


def render_text(state: State, viewer: int | None, lang: str = "en") -> str:
    """The game's terminal drawing as ``viewer`` knows it (``None``: a spectator), as plain text."""
    module = importlib.import_module(f"{type(state.game).__module__.rpartition('.')[0]}.render")
    console = Console(width=RENDER_WIDTH, record=True, color_system=None, file=io.StringIO())
    console.print(module.render(state, viewer, lang))
    return console.export_text()


def camel_case(game_id: str) -> str:
    """``four_gardens`` → ``FourGardens`` (the Gymnasium ids)."""
    return "".join(part.capitalize() for part in game_id.split("_"))
