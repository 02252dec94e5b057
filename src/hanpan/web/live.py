"""A game being played on the server: its state rebuilt from the stored moves, and what each seat sees.

``LiveGame`` knows the rules only through the core contract.  It checks a move without changing
anything (``check_move``), makes it once stored (``commit_move``), takes back an undo, and builds the
body every client gets: ``view(seat)`` for a seat, ``public_view()`` for a spectator, never both.

A body is sent as JSON text (``text``): built once per version of the game for each (seat, language)
and shared by that seat's WebSockets and its HTTP answers.  What every seat sees alike (scores, the log,
the seats) is computed and encoded once per version and language, each log entry once ever; only the
seat's own part (its view, its legal moves and their hints, its undo) is encoded per seat.

>>> from hanpan.web.storage import StoredGame
>>> live = LiveGame.rebuild(StoredGame("g", "spirits_of_the_wild", {}, 7, ["human", "greedy"]), [])
>>> body = live.body(0, "en")
>>> body["seat"], body["current_player"], body["legal"]
(0, 0, ['take1', 'add2', 'add3'])
>>> live.body(None, "en")["legal"], live.body(None, "en")["view"]["you"] is None
([], True)
>>> import json
>>> json.loads(live.text(0, "en")) == body
True
"""

from __future__ import annotations

import asyncio
import functools
import importlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import orjson

from hanpan.agents.ladder import level_title
from hanpan.core.action import Action
from hanpan.core.contract import ScoreCard, State
from hanpan.core.errors import HanpanError, NotationError
from hanpan.core.record import Record, result_of
from hanpan.core.registry import game as find_game
from hanpan.web.errors import Refusal, words
from hanpan.web.storage import StoredGame, StoredMove

HUMAN = "human"
LANGS = ("en", "ko")
#: a body carries the newest moves of the log (the whole log made long games' bodies grow to ~80 KB)
LOG_IN_BODY = 60


def dumps(value: Any) -> str:
    """JSON text as the server sends it: compact, non-ASCII as it is, any key as a string (as
    ``json.dumps(value, ensure_ascii=False, separators=(",", ":"))``, several times faster).

    >>> dumps({"a": [1, None, True], 2: "한판"})
    '{"a":[1,null,true],"2":"한판"}'
    """
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def members(value: dict[str, Any]) -> str:
    """A non-empty object's members as JSON text, without its braces (to splice into a larger object)."""
    return dumps(value)[1:-1]


class MoveRefused(Refusal):
    """A move or undo that cannot be made; ``status`` is the HTTP status to answer with (and ``code``, ``params``:
    ``hanpan.web.errors``)."""

    detail_limit = 2000  # the line may list the legal moves


def game_part(game_id: str, part: str) -> ModuleType:
    """A module of a game's own folder (``render``, ``webdata``): the registry's game, by convention."""
    package = type(find_game(game_id)).__module__.rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.{part}")


@dataclass
class LogEntry:
    """One move as the log shows it: who, the notation, what it does (en/ko) and the points it changed."""

    number: int
    seat: int
    move: str
    text: dict[str, str]
    effects: dict[str, int]
    #: lang -> ``to_json(lang)`` as JSON text while the entry is in a body's log window (an entry never
    #: changes: it is encoded once)
    encoded: dict[str, str] = field(default_factory=dict, repr=False, compare=False)

    def to_json(self, lang: str) -> dict[str, Any]:
        return {"n": self.number + 1, "seat": self.seat, "move": self.move, "text": self.text[lang],
                "effects": self.effects}

    def json_text(self, lang: str) -> str:
        text = self.encoded.get(lang)
        if text is None:
            text = self.encoded[lang] = dumps(self.to_json(lang))
        return text


@dataclass
class Common:
    """What every seat's body holds alike at one version of a game, in one language: its values in the
    body's order, around the seat's own part, and the same encoded once as JSON text."""

    version: int
    head: dict[str, Any]  # id … current_player; then "seat"
    middle: dict[str, Any]  # seats, options; then "view", "legal", "hints"
    scores: dict[str, Any]  # scores, labels, tiebreakers; then "log"
    log: list[LogEntry]
    after_log: dict[str, Any]  # log_total, thinking; then "can_undo"
    end: dict[str, Any]  # winners (and a table's id and chat)
    texts: tuple[str, ...] = ()

    def encode(self, log: str) -> Common:
        """Encode the parts; ``log`` is the log's entries as JSON texts, joined by commas."""
        self.texts = (members(self.head), members(self.middle), members(self.scores), f"[{log}]",
                      members(self.after_log), members(self.end))
        return self


def _effects(before: Sequence[ScoreCard], after: Sequence[ScoreCard], seat: int) -> dict[str, int]:
    """The mover's score categories that changed, with their change (public: scores are on the table)."""
    old = before[seat].categories
    new = after[seat].categories
    return {k: new[k] - old[k] for k in new if new[k] != old.get(k, 0)}


@dataclass
class LiveGame:
    """One game in memory; ``lock`` serialises its changes; ``version`` grows with every change."""

    stored: StoredGame
    state: State
    moves: list[StoredMove]
    log: list[LogEntry]
    render: ModuleType
    version: int = 0
    thinking: bool = False
    #: a computer seat of this game thinks in another server process (its news says so: ``hanpan.web.sync``)
    thinking_elsewhere: bool = False
    #: seat -> sha256 of its token (they never change: read once)
    token_hashes: dict[int, str] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    #: (seat, lang) -> (version, the body as JSON text): the newest version's only
    _texts: dict[tuple[int | None, str], tuple[int, str]] = field(default_factory=dict)
    #: lang -> what every seat sees alike, at one version
    _common: dict[str, Common] = field(default_factory=dict)
    #: lang -> (from, to, the log's entries from..to-1 as JSON texts joined by commas): a body's log window,
    #: moved on by one entry a move
    _log_window: dict[str, tuple[int, int, str]] = field(default_factory=dict)
    #: (seat, lang) -> (version, the seat's own part): its view's text, legal moves, hints and undo
    _own: dict[tuple[int | None, str], tuple[int, dict[str, Any]]] = field(default_factory=dict)
    #: seat -> (version, its view as JSON text): the same in every language
    _views: dict[int | None, tuple[int, str]] = field(default_factory=dict)
    #: the state before the newest move (None after an undo: then rebuilt from the moves when asked)
    _previous: State | None = None
    #: the scores of the newest states scored, newest first: a move's log entry and the bodies that follow
    #: read them (a state never changes once it is the live one or the one before)
    _scored: list[tuple[State, tuple[ScoreCard, ...]]] = field(default_factory=list)
    #: a lobby table's game: its table, who sits where (seat -> a player with ``id`` and ``name``), its chat
    table_id: str | None = None
    players: dict[int, Any] = field(default_factory=dict)
    chat: list[dict[str, Any]] = field(default_factory=list)
    #: seat -> who left it, why and after how many moves (``Departure.to_json``): named in the seats and the log
    left: dict[int, dict[str, Any]] = field(default_factory=dict)
    #: the rematch asked for after the game (``Tables.rematch_news``), shown on every player's page
    rematch: dict[str, Any] | None = None
    #: a table's game that ended unfinished (a seat left or ran out of time, and the table said so)
    abandoned: bool = False

    @classmethod
    def start(cls, stored: StoredGame) -> State:
        return find_game(stored.game).new(players=len(stored.seats), seed=stored.seed, **stored.options)

    @classmethod
    def rebuild(cls, stored: StoredGame, moves: Sequence[StoredMove]) -> LiveGame:
        """Replay the stored moves from the seed (checked: a bad store is an error, not a guess)."""
        live = cls(stored, cls.start(stored), [], [], game_part(stored.game, "render"))
        live.abandoned = stored.status == "abandoned"
        for move in moves:
            action = live.state.parse_action(move.notation)
            if live.state.current_player != move.seat:
                raise HanpanError(f"game {stored.id}: stored move {move.number + 1} is by seat {move.seat}, "
                                  f"but seat {live.state.current_player} was to move")
            live._advance(action, move)
        return live

    def become(self, fresh: LiveGame) -> None:
        """Take ``fresh``'s game (rebuilt from the database after another process's undo), keeping this
        one's lock, tokens, table and version (which the next change moves on)."""
        self.stored, self.state, self.moves, self.log = fresh.stored, fresh.state, fresh.moves, fresh.log
        self.abandoned = fresh.abandoned
        self._previous = None
        for cache in (self._texts, self._common, self._log_window, self._own, self._views):
            cache.clear()
        self._scored = []

    # --- moves -------------------------------------------------------------------------------------
    @property
    def move_number(self) -> int:
        return len(self.moves)

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and self.stored.seats[seat] != HUMAN

    @property
    def status(self) -> str:
        """``playing``, ``finished``, ``unfinished`` (the turn limit) or ``abandoned``."""
        return "abandoned" if self.abandoned else self.state.status

    def check_move(self, seat: int, text: str, move_number: int) -> Action:
        """The action ``seat`` asks for; raises MoveRefused (403, 409 or 400) and changes nothing."""
        if self.abandoned:
            raise MoveRefused(409, "the game was abandoned; no move is legal", "game_abandoned_move")
        if self.state.is_over:
            raise MoveRefused(409, "the game is over; no move is legal", "game_over_move")
        if seat != self.state.current_player:
            raise MoveRefused(403, f"it is not your turn: seat {self.state.current_player} is to move",
                              "not_your_turn", {"seat": str(self.state.current_player)})
        if move_number != self.move_number:
            raise MoveRefused(409, f"move_number {move_number} is not the current one ({self.move_number}); "
                                   "reload the game", "move_number_reload",
                              {"given": move_number, "current": self.move_number})
        try:
            return self.state.parse_action(text)
        except HanpanError as e:
            raise MoveRefused(400, str(e), "move_unknown" if isinstance(e, NotationError) else "move_illegal",
                              {"move": text[:200], "legal": self.legal_names()}) from None

    def legal_names(self, limit: int = 24) -> dict[str, str]:
        """The legal moves by their names (``render.describe``) in each language, for a refused move."""
        legal = self.state.legal_actions() if not self.state.is_over else []
        names = {}
        for lang in LANGS:
            shown = [str(self.render.describe(self.state, a, lang)) for a in legal[:limit]]
            more = len(legal) - limit
            if more > 0:
                shown.append(f"… (그 밖에 {more}개)" if lang == "ko" else f"… ({more} more)")
            names[lang] = "; ".join(shown) or ("없음" if lang == "ko" else "none")
        return words(names["en"], names["ko"])

    def after(self, action: Action) -> State:
        """The state the action leads to (the live state is untouched until the move is stored)."""
        state = self.state.clone()
        state.apply(action)
        return state

    def commit_move(self, action: Action, seat: int, after: State) -> None:
        """Make a stored move the live one (``after`` is ``self.after(action)``)."""
        self._advance(action, StoredMove(self.move_number, seat, str(action)), after)
        self.stored.move_count = self.move_number
        self.stored.status = self.state.status
        self.stored.result = result_of(self.state)

    def _advance(self, action: Action, move: StoredMove, after: State | None = None) -> None:
        before = self.state
        if after is None:
            after = before.clone()
            after.apply(action)
        text = {lang: str(self.render.describe(before, action, lang)) for lang in LANGS}
        effects = _effects(self.scores_of(before), self.scores_of(after), move.seat)
        self.log.append(LogEntry(move.number, move.seat, str(action), text, effects))
        self.moves.append(move)
        self._previous = before
        self.state = after
        self.version += 1

    def scores_of(self, state: State) -> tuple[ScoreCard, ...]:
        """``state.scores()``, kept for the two newest states asked for (each is scored once per move)."""
        for scored, cards in self._scored:
            if scored is state:
                return cards
        cards = state.scores()
        self._scored = [(state, cards), *self._scored[:1]]
        return cards

    def undo_target(self, seat: int) -> State:
        """The state before ``seat``'s last decision, if the undo rule allows it; else MoveRefused."""
        if self.abandoned:
            raise MoveRefused(409, "the game was abandoned", "game_abandoned")
        if self.state.is_over or seat != self.state.current_player:
            raise MoveRefused(403 if not self.state.is_over else 409, "you can only undo on your own turn",
                              "undo_not_your_turn")
        if not self.moves or self.moves[-1].seat != seat:
            raise MoveRefused(409, "nothing of yours to undo this turn", "undo_nothing")
        previous = self._before_last()
        if previous.current_player != seat or previous.turn != self.state.turn:
            raise MoveRefused(409, "nothing of yours to undo this turn", "undo_nothing")
        if previous.reveals != self.state.reveals:
            raise MoveRefused(409, "cannot undo: new information came out since (a draw)", "undo_reveal")
        return previous.clone()

    def _before_last(self) -> State:
        """The state before the newest move (kept from the move, or rebuilt after an undo)."""
        if self._previous is None:
            previous = self.start(self.stored)
            for move in self.moves[:-1]:
                previous.apply(previous.parse_action(move.notation))
            self._previous = previous
        return self._previous

    def commit_undo(self, previous: State) -> None:
        self.moves.pop()
        self.log.pop()
        self._log_window.clear()
        self.state = previous
        self._previous = None
        self.stored.move_count = self.move_number
        self.stored.status = "playing"
        self.stored.result = None
        self.version += 1

    def can_undo(self, seat: int | None) -> bool:
        """Whether ``seat`` may take back its last decision now: the page offers undo only then."""
        if (seat is None or self.state.is_over or self.abandoned or seat != self.state.current_player
                or not self.moves or self.moves[-1].seat != seat or self.is_bot(seat)):
            return False
        try:
            self.undo_target(seat)
        except MoveRefused:
            return False
        return True

    # --- what clients see --------------------------------------------------------------------------
    def seats_json(self, lang: str = "en") -> list[dict[str, Any]]:
        """Each seat: its kind (``human`` or a level) and, for a level, its name in ``lang``; at a lobby
        table, the name of the player sitting there, or ``left``: who left the seat, why (``left``, ``ran
        out of time``) and after how many moves (``move``)."""
        out = []
        for i, kind in enumerate(self.stored.seats):
            entry: dict[str, Any] = {"seat": i, "kind": kind}
            if kind != HUMAN:
                entry["level"] = level_title(kind, lang)
            elif i in self.players:
                entry["name"] = self.players[i].name
            if i in self.left:
                entry["left"] = self.left[i]
            out.append(entry)
        return out

    def body(self, seat: int | None, lang: str) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is sent: its view and nothing of anyone else's secrets."""
        c = self.common(lang)
        own = self.own(seat, lang)
        view = self.state.view(seat) if seat is not None else self.state.public_view()
        return {**c.head, "seat": seat, **c.middle, "view": view, "legal": own["legal"],
                "hints": own["hints"], **c.scores, "log": [entry.to_json(lang) for entry in c.log], **c.after_log,
                "can_undo": own["can_undo"], **c.end}

    def text(self, seat: int | None, lang: str) -> str:
        """``body(seat, lang)`` as JSON text (the same keys in the same order), built once per version and
        shared by the seat's pushes and HTTP answers."""
        cached = self._texts.get((seat, lang))
        if cached is not None and cached[0] == self.version:
            return cached[1]
        head, middle, scores, log, after_log, end = self.common(lang).texts
        own = self.own(seat, lang)
        text = "".join((
            "{", head, ',"seat":', dumps(seat), ",", middle, ',"view":', own["view_text"],
            ',"legal":', dumps(own["legal"]), ',"hints":', dumps(own["hints"]), ",", scores, ',"log":', log, ",",
            after_log, ',"can_undo":', dumps(own["can_undo"]), ",", end, "}"))
        self._texts[(seat, lang)] = (self.version, text)
        return text

    def common(self, lang: str) -> Common:
        """What every seat's body holds alike, computed and encoded once per version and language."""
        common = self._common.get(lang)
        if common is not None and common.version == self.version:
            return common
        state = self.state
        playing = not self.abandoned
        common = Common(
            self.version,
            head={"id": self.stored.id, "game": self.stored.game, "status": self.status,
                  "move_number": self.move_number, "current_player": state.current_player if playing else None},
            middle={"seats": self.seats_json(lang),
                    "options": dict(self.stored.options)},  # as the game was made (public: no seed), for "rematch"
            scores={"scores": [card.to_json() for card in self.scores_of(state)],
                    "labels": labels(self.stored.game, lang),
                    "tiebreakers": list(getattr(self.render, "TIEBREAKERS", ()))},
            log=self.log[-LOG_IN_BODY:],
            after_log={"log_total": len(self.log), "thinking": self.thinking or self.thinking_elsewhere},
            end={"winners": list(state.winners()) if playing else [],
                 **({"table": self.table_id, "chat": self.chat[-30:], "rematch": self.rematch}
                    if self.table_id is not None else {})},
        ).encode(self.log_text(lang))
        self._common[lang] = common
        return common

    def log_text(self, lang: str) -> str:
        """The newest ``LOG_IN_BODY`` log entries as JSON texts joined by commas: each entry is encoded
        once, and the window moves on by one entry a move (an undo starts it again)."""
        end = len(self.log)
        start = max(0, end - LOG_IN_BODY)
        window = self._log_window.get(lang)
        if window is not None and window[:2] == (start, end):
            return window[2]
        if window is not None and window[1] == end - 1 and window[0] in (start, start - 1) and end > 0:
            text = window[2]
            if window[0] < start:  # the oldest entry leaves the window, and its text is not kept
                oldest = self.log[window[0]]
                text = text[len(oldest.json_text(lang)) + 1:]
                oldest.encoded.pop(lang, None)
            newest = self.log[end - 1].json_text(lang)
            text = f"{text},{newest}" if text else newest
        else:
            text = ",".join(entry.json_text(lang) for entry in self.log[start:end])
        self._log_window[lang] = (start, end, text)
        return text

    def own(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The seat's own part of its body: its view as JSON text (the same in every language), its legal
        moves with their hints, and whether it may undo; once per version."""
        cached = self._own.get((seat, lang))
        if cached is not None and cached[0] == self.version:
            return cached[1]
        state = self.state
        legal: list[Action] = (list(state.legal_actions()) if not self.abandoned and seat is not None
                               and seat == state.current_player else [])
        view = self._views.get(seat)
        if view is None or view[0] != self.version:
            view = self._views[seat] = (self.version, dumps(state.view(seat) if seat is not None
                                                            else state.public_view()))
        own = {"view_text": view[1], "legal": [str(a) for a in legal],
               "hints": {str(a): str(self.render.describe(state, a, lang)) for a in legal},
               "can_undo": self.can_undo(seat)}
        self._own[(seat, lang)] = (self.version, own)
        return own

    def record(self) -> dict[str, Any]:
        """The ``hanpan.record/1`` record; only for a game that is over (a record holds the seed)."""
        if not self.state.is_over:
            raise MoveRefused(403, "the record is shown once the game is over (it holds the seed)", "record_hidden")
        return Record.of(self.state, self.stored.seats, [m.notation for m in self.moves]).to_json()


@functools.cache
def labels(game_id: str, lang: str) -> dict[str, str]:
    """Each score category's name (and extras such as solo suns) in ``lang``."""
    render = game_part(game_id, "render")
    name = getattr(render, "category_name", None)
    game = find_game(game_id)
    keys: dict[str, None] = {}
    for players in {game.min_players, game.default_players, game.max_players}:
        keys.update(dict.fromkeys(game.new(players=players, seed=0).scores()[0].to_json()))
    out = {}
    for key in keys:
        try:
            out[key] = str(name(key, lang)) if name is not None else key
        except KeyError:  # a game names only its categories: "total" and the like stay as they are
            out[key] = {"total": "총점" if lang == "ko" else "Total"}.get(key, key)
    return out
