"""What a review gives: each candidate's estimate, each decision's judgement, each seat's summary,
the whole review; every one with ``to_json`` / ``from_json`` (the web app stores reviews).

>>> e = Estimate("take1", 0.61, 0.04, 8, margin=2.5, margin_se=1.1, wins=0.625)
>>> Estimate.from_json(e.to_json()) == e
True
>>> Estimate.from_json({"move": "take1"})
Traceback (most recent call last):
...
hanpan.core.errors.RecordError: bad review: an estimate lacks 'value'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Final, TypeVar

from hanpan.analysis.estimates import Budget
from hanpan.analysis.marks import MARKS
from hanpan.core.errors import HanpanError, RecordError

FORMAT: Final = "hanpan.review/1"
#: the unit of values and losses: final points (solo), or win chance from 0 to 1 (2 or more players)
UNITS: Final = ("points", "win")
#: how a decision was judged: by play-outs on samples of the seat's view, or by the game's turn plans
#: and learned value (deterministic: nothing sampled)
METHODS: Final = ("play-outs", "plans")

T = TypeVar("T")


@dataclass(frozen=True)
class Estimate:
    """One move's estimate: the mean over ``samples`` play-outs of its ``value`` (the unit of the review)
    with the standard error ``se``; with 2 or more players also the final ``margin`` over the best other
    seat and the share of play-outs won outright (``wins``)."""

    move: str
    value: float
    se: float
    samples: int
    margin: float | None = None
    margin_se: float | None = None
    wins: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Estimate:
        return _build(cls, data, "an estimate")


@dataclass(frozen=True)
class DecisionReview:
    """One decision judged from its seat's view.

    ``number`` is the move's number in the record (1 for the first; 0 for a position without a record,
    as in a hint); ``choice`` the reviewing level's move; ``candidates`` the moves judged, best estimate
    first (the level's choice, the move played and the best-ranked alternatives); ``loss`` what the move
    played lost against the level's choice on the same samples (negative: it did better), ``loss_se``
    its standard error, and with 2 or more players ``margin_loss`` the same in final margin (points);
    ``scale`` the points that turned a margin into a win chance; ``method`` how it was judged
    (:data:`METHODS`; a candidate judged by ``plans`` rests on no samples: ``samples`` 0, errors 0).
    A decision with one legal move
    (``legal == 1``) is judged by nothing: no candidates, loss 0, mark ``best``.  A hint has no move
    played, hence no loss and no mark.
    """

    number: int
    seat: int
    turn: int
    legal: int
    unit: str
    choice: str
    played: str | None = None
    candidates: tuple[Estimate, ...] = ()
    loss: float | None = None
    loss_se: float | None = None
    margin_loss: float | None = None
    margin_loss_se: float | None = None
    scale: float | None = None
    mark: str | None = None
    method: str = "play-outs"

    @property
    def forced(self) -> bool:
        """Whether the seat had one legal move only."""
        return self.legal == 1

    def estimate(self, move: str) -> Estimate | None:
        """The estimate of ``move``, if it was judged."""
        return next((c for c in self.candidates if c.move == move), None)

    @property
    def points_loss(self) -> float | None:
        """The loss in expected points: final score in solo, final margin with 2 or more players."""
        return self.loss if self.unit == "points" else self.margin_loss

    @property
    def points_loss_se(self) -> float | None:
        return self.loss_se if self.unit == "points" else self.margin_loss_se

    @property
    def best(self) -> Estimate | None:
        """The estimate of the level's choice (a hint's best move)."""
        return self.estimate(self.choice)

    @property
    def next_best(self) -> Estimate | None:
        """The best-estimated candidate other than the level's choice."""
        return next((c for c in self.candidates if c.move != self.choice), None)

    def to_json(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["candidates"] = [c.to_json() for c in self.candidates]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DecisionReview:
        candidates = _list(data, "candidates", "a decision")
        review = _build(cls, {**data, "candidates": tuple(Estimate.from_json(c) for c in candidates)}, "a decision")
        if review.unit not in UNITS or (review.mark is not None and review.mark not in MARKS) \
                or review.method not in METHODS:
            raise RecordError(f"bad review: a decision's unit must be one of {', '.join(UNITS)}, its mark "
                              f"one of {', '.join(MARKS)} and its method one of {', '.join(METHODS)}")
        return review


@dataclass(frozen=True)
class SeatSummary:
    """One seat's game: its decisions with a choice (moves forced are left out), its accuracy (0-100),
    its mean loss per decision (the review's unit) and that mean's standard error, how many decisions
    got each mark, and its mean loss in expected points (solo: the same as ``mean_loss``)."""

    seat: int
    player: str
    decisions: int
    accuracy: float | None
    mean_loss: float | None
    mean_loss_se: float | None
    marks: dict[str, int] = field(default_factory=dict)
    mean_points_loss: float | None = None
    mean_points_loss_se: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeatSummary:
        return _build(cls, data, "a seat's summary")


@dataclass(frozen=True)
class Review:
    """A record's review by ``level`` with ``budget`` and ``seed``: the decisions of ``seats`` in the order
    played, and a summary per seat.  The same record, level, seats, budget and seed give the same review."""

    game: str
    players: tuple[str, ...]
    level: str
    budget: Budget
    seed: int
    seats: tuple[int, ...]
    unit: str
    decisions: tuple[DecisionReview, ...]
    summaries: tuple[SeatSummary, ...]

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "players": list(self.players), "level": self.level,
                "budget": self.budget.to_json(), "seed": self.seed, "seats": list(self.seats), "unit": self.unit,
                "decisions": [d.to_json() for d in self.decisions],
                "summaries": [s.to_json() for s in self.summaries]}

    @classmethod
    def from_json(cls, data: object) -> Review:
        """Read a review back, refusing anything malformed with one line."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise RecordError(f"a review must be a JSON object of format {FORMAT!r}")
        try:
            budget = Budget.from_json(data["budget"])
        except (HanpanError, KeyError, TypeError) as e:
            raise RecordError(f"bad review: its budget: {e}") from None
        decisions = tuple(DecisionReview.from_json(d) for d in _list(data, "decisions", "a review"))
        summaries = tuple(SeatSummary.from_json(s) for s in _list(data, "summaries", "a review"))
        return _build(cls, {**data, "budget": budget, "players": tuple(_list(data, "players", "a review")),
                            "seats": tuple(_list(data, "seats", "a review")), "decisions": decisions,
                            "summaries": summaries}, "a review")


def _list(data: Mapping[str, Any], key: str, what: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list | tuple):
        raise RecordError(f"bad review: {what}'s {key!r} must be a list")
    return list(value)


def _build(cls: type[T], data: Mapping[str, Any], what: str) -> T:
    """``cls`` from the keys of ``data`` that are its fields; one line naming what is missing or wrong."""
    if not isinstance(data, Mapping):
        raise RecordError(f"bad review: {what} must be a JSON object")
    names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    required = [f.name for f in fields(cls) if f.default is f.default_factory is MISSING]  # type: ignore[arg-type]
    missing = [name for name in required if name not in data]
    if missing:
        raise RecordError(f"bad review: {what} lacks {missing[0]!r}")
    try:
        return cls(**{key: value for key, value in data.items() if key in names})
    except (TypeError, ValueError) as e:
        raise RecordError(f"bad review: {what}: {e}") from None

