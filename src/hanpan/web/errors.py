"""The codes of the API's error answers: each refusal is ``{"detail", "code", "params"}`` (docs/api.md).

``detail`` is one line in English, as it always was (bots and API clients read it); ``code`` names the kind
of error, stable across versions, and ``params`` its values, so that a page says it in its own language
from its catalogue (``static/js/i18n.js``'s ``ERRORS``, with an English and a Korean text for every code
here).  A parameter is a string or a number, as given (a name, a notation, a count), or a text of the game
or the server in every language it speaks, ``{"en": "…", "ko": "…"}`` (a move's name, an engine's message),
which a page shows in its own.  A code the page does not know yet is shown as its ``detail``.

>>> answer_body(Refusal(404, "no game 'x'", "game_missing", {"game": "x"}))
{'detail': "no game 'x'", 'code': 'game_missing', 'params': {'game': 'x'}}
>>> answer_body(Refusal(400, "something new"))["code"]
'refused'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hanpan.core.errors import (
    AgentError,
    DataError,
    HanpanError,
    IllegalActionError,
    NotationError,
    OptionError,
    PositionError,
    RecordError,
    UnknownGameError,
)

#: a parameter: as given, or a text in each language ({"en": …, "ko": …})
Param = str | int | float | dict[str, str]

#: every code the server answers with, and the names of its parameters
CODES: dict[str, tuple[str, ...]] = {
    # any request
    "refused": ("detail",),  # a refusal given no code of its own: its English line
    "internal": (),
    "http_error": ("status", "message"),
    "body_not_json": (),
    "invalid": ("field", "message"),
    "body_too_large": ("limit",),
    "body_too_large_proxy": (),  # deploy/nginx.conf's own 413
    "request_slow": ("rate",),
    "request_late": ("seconds",),
    "host_not_served": ("host", "allowed"),
    "websocket_origin": (),
    "auth_malformed": (),
    "throttled_address": ("what", "count", "window", "wait"),
    "throttled_site": ("what", "count", "window", "wait"),
    "hash_busy": (),
    "file_missing": ("name",),
    "game_file_missing": ("name", "game"),
    # the rules' own errors (hanpan.core.errors), their message in each language
    "unknown_game": ("message",),
    "option_invalid": ("message",),
    "notation_invalid": ("message",),
    "action_illegal": ("message",),
    "position_invalid": ("message",),
    "record_invalid": ("message",),
    "agent_invalid": ("message",),
    "data_invalid": ("message",),
    "rules_error": ("message",),
    # games
    "game_missing": ("game",),
    "seat_needed": ("action",),
    "token_no_seat": (),
    "api_key_unknown": (),
    "ids_too_many": ("count",),
    "practice_cap": ("count", "minutes"),
    "table_game_leave": ("table",),
    "abandon_over": ("status",),
    "game_changed": (),
    "move_number_stale": ("given", "current"),
    "move_number_reload": ("given", "current"),
    "game_abandoned_move": (),
    "game_over_move": (),
    "not_your_turn": ("seat",),
    "move_unknown": ("move", "legal"),
    "move_illegal": ("move", "legal"),
    "game_abandoned": (),
    "undo_not_your_turn": (),
    "undo_nothing": (),
    "undo_reveal": (),
    "record_hidden": (),
    "sockets_game": ("count",),
    "sockets_client": ("count",),
    # replays
    "replay_not_over": (),
    "seat_range": ("max",),
    "replay_option": ("option", "options"),
    "replay_too_long": ("moves", "max"),
    "replay_rate": ("wait",),
    # reviews and hints
    "review_not_over": (),
    "analysis_off": (),
    "review_rate": ("wait",),
    "hint_over": (),
    "hint_people": ("seat",),
    "hint_not_to_move": ("seat",),
    "hints_off": (),
    "hint_rate": ("wait",),
    "hint_moved": (),
    # accounts
    "name_invalid": ("min", "max", "name"),
    "name_character": ("name",),
    "password_length": ("min", "max", "length"),
    "login_pair_wait": ("wait",),
    "login_address_wait": ("wait",),
    "name_lookalike": ("name", "other"),
    "name_taken": ("name",),
    "login_wrong": (),
    "guest_no_password": (),
    "password_wrong": (),
    "key_label": ("max",),
    "guest_no_keys": (),
    "keys_max": ("max",),
    "key_id_malformed": ("key", "length"),
    "key_missing": ("key",),
    "csrf_missing": ("header",),
    "key_revoked": (),
    "login_needed": (),
    "guest_refused": (),
    "page_only": (),
    "login_needed_page": (),
    "guest_no_account": (),
    # running the site
    "metrics_address": ("address",),
    # moderation
    "account_banned": ("until", "reason"),
    "account_banned_for_good": ("reason",),
    "chat_muted": ("until", "reason"),
    "admin_page_only": (),
    "admin_only": (),
    "admin_guest": ("name",),
    "player_unknown": ("name",),
    "message_unknown": ("message",),
    "reason_needed": (),
    "sanction_kind": ("allowed",),
    "sanction_length": ("kind", "max"),
    "sanction_none": ("name", "kind"),
    "sanction_admin": ("name",),
    "table_ended": ("status",),
    # notifications
    "notify_settings_object": (),
    "notify_setting_unknown": ("name", "allowed"),
    "notify_events_object": (),
    "notify_event_unknown": ("name", "allowed"),
    "notify_channel_bad": ("event",),
    "notify_lang_bad": (),
    "notify_quiet_bad": (),
    "notify_quiet_time": ("end",),
    "notify_tz_bad": (),
    "notify_tz_unknown": ("name",),
    "email_bad": (),
    "email_off": (),
    "email_throttled": ("count", "minutes"),
    "email_busy": ("minutes",),
    "email_address_throttled": ("count", "hours"),
    "push_endpoint": ("services",),
    "email_unsent": (),
    "email_token_unknown": (),
    "unsubscribe_bad": (),
    # tables
    "pace_kind": (),
    "pace_realtime_limit": (),
    "pace_limit": ("min", "max"),
    "pace_rule_missing": ("rule", "levels"),
    "pace_rule_invalid": ("rule", "levels", "value"),
    "table_players": ("game", "min", "max", "count"),
    "seat_mine": (),
    "reserved_unknown": ("name",),
    "seat_level": ("levels",),
    "seat_kind": (),
    "seed_private": (),
    "table_missing": ("table",),
    "table_not_open": (),
    "table_already_seated": (),
    "seat_not_open": ("seat", "free"),
    "no_open_seat": (),
    "seat_just_taken": (),
    "not_seated": (),
    "table_start_creator": (),
    "table_started": (),
    "level_unknown": ("levels",),
    "leave_ended": (),
    "table_game_gone": (),
    "rematch_players": (),
    "rematch_not_ended": (),
    "rematch_answer_players": (),
    "rematch_none": (),
    "rematch_accepted": (),
    "rematch_not_waiting": (),
    "player_missing": ("name",),
    "chat_empty": (),
    "chat_long": ("max",),
    "chat_rate": ("count",),
    "chat_spectator": (),
    "chat_message_missing": ("message",),
    "chat_report_own": (),
}

#: a rules error's code, by its class (the first that matches)
_HANPAN_CODES: tuple[tuple[type[HanpanError], str], ...] = (
    (UnknownGameError, "unknown_game"), (OptionError, "option_invalid"), (NotationError, "notation_invalid"),
    (IllegalActionError, "action_illegal"), (PositionError, "position_invalid"), (RecordError, "record_invalid"),
    (AgentError, "agent_invalid"), (DataError, "data_invalid"), (HanpanError, "rules_error"))
#: what a rules error without a Korean text of its own says in Korean
_HANPAN_KO = {"unknown_game": "그런 게임이 없습니다", "option_invalid": "게임 옵션이 올바르지 않습니다",
              "notation_invalid": "수의 표기가 올바르지 않습니다", "action_illegal": "지금은 둘 수 없는 수입니다",
              "position_invalid": "국면이 올바르지 않습니다", "record_invalid": "기록 파일이 올바르지 않습니다",
              "agent_invalid": "그런 컴퓨터 수준이 없습니다", "data_invalid": "게임 데이터가 올바르지 않습니다",
              "rules_error": "규칙에 맞지 않는 요청입니다"}


def words(en: str, ko: str) -> dict[str, str]:
    """A parameter that is a text of the game or the server, in each language."""
    return {"en": en, "ko": ko}


class Refusal(Exception):
    """A request refused: ``status`` (HTTP), the English line, and the error's ``code`` with its ``params``.

    Without a code it answers the generic ``refused`` (a page shows its English line).  The app answers
    every subclass alike (``hanpan.web.app``): ``detail_limit`` cuts its line, ``retry_after`` (whole
    seconds) becomes a ``Retry-After`` header."""

    #: the longest English line it answers (longer ones end in …)
    detail_limit = 400
    #: whole seconds until asking again is worth it, or None
    retry_after: int | None = None

    def __init__(self, status: int, message: str, code: str | None = None,
                 params: Mapping[str, Param] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code or "refused"
        self.params: dict[str, Param] = dict(params or {}) if code else {"detail": message}


def hanpan_code(e: HanpanError) -> tuple[str, dict[str, Param]]:
    """A rules error's code and parameters: its message in English and Korean."""
    code = next(c for cls, c in _HANPAN_CODES if isinstance(e, cls))
    return code, {"message": words(one_line(str(e)), one_line(e.ko) if e.ko else _HANPAN_KO[code])}


def one_line(text: str, limit: int = 400) -> str:
    """``text`` on one line, at most ``limit`` characters."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def body(detail: str, code: str, params: Mapping[str, Param] | None = None) -> dict[str, Any]:
    """The JSON of an error answer."""
    return {"detail": detail, "code": code, "params": dict(params or {})}


def answer_body(e: Refusal) -> dict[str, Any]:
    """The JSON answering ``e``."""
    return body(one_line(str(e), e.detail_limit), e.code, e.params)
