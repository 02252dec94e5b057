"""A player's notification settings: which events reach them by which channel, and their quiet hours.

Events: ``turn`` (your turn at a table), ``rematch`` (someone asked you for a rematch), ``late`` (your
time for this move runs out soon).  Channels: ``push`` (Web Push, to every device the player allowed)
and ``mail`` (once the address is confirmed).  Everything is on by default; quiet hours are off.

>>> settings = check({"events": {"turn": {"push": True, "mail": False}}, "quiet": {"from": "22:00", "to": "07:30"},
...                   "tz": "Asia/Seoul"})
>>> settings["events"]["turn"], settings["events"]["late"]
({'push': True, 'mail': False}, {'push': True, 'mail': True})
>>> from datetime import datetime, UTC
>>> quiet_now(settings, datetime(2026, 12, 7, 14, 0, tzinfo=UTC))  # 23:00 in Seoul
True
>>> quiet_now(settings, datetime(2026, 12, 7, 3, 0, tzinfo=UTC))  # 12:00 in Seoul
False
>>> check({"quiet": {"from": "25:00", "to": "07:00"}})
Traceback (most recent call last):
...
hanpan.web.notify_settings.SettingsRefused: quiet.from must be a time of day HH:MM (00:00 to 23:59), not '25:00'
"""

from __future__ import annotations

import copy
import re
from datetime import datetime, time
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from hanpan.web.errors import Refusal, words

EVENTS = ("turn", "rematch", "late")
CHANNELS = ("push", "mail")
LANGS = ("en", "ko")
DEFAULT: dict[str, Any] = {"events": {event: {channel: True for channel in CHANNELS} for event in EVENTS},
                           "quiet": None, "tz": "UTC", "lang": "en"}
_CLOCK = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")


class SettingsRefused(Refusal):
    """Settings that cannot be kept: 400 with one line saying what is wrong and what is allowed."""

    def __init__(self, message: str, code: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(400, message, code, params)


def defaults() -> dict[str, Any]:
    return copy.deepcopy(DEFAULT)


def check(given: object, base: dict[str, Any] | None = None) -> dict[str, Any]:
    """``given`` laid over ``base`` (the defaults): every part checked, unknown keys refused."""
    if not isinstance(given, dict):
        raise SettingsRefused("the settings must be a JSON object", "notify_settings_object")
    out = copy.deepcopy(base) if base is not None else defaults()
    unknown = sorted(set(given) - set(DEFAULT))
    if unknown:
        raise SettingsRefused(f"unknown setting {unknown[0]!r}; settings: {', '.join(DEFAULT)}",
                              "notify_setting_unknown", {"name": unknown[0], "allowed": ", ".join(DEFAULT)})
    events = given.get("events", {})
    if not isinstance(events, dict):
        raise SettingsRefused("events must be an object of events, each {\"push\": true|false, \"mail\": true|false}",
                              "notify_events_object")
    for event, channels in events.items():
        if event not in EVENTS:
            raise SettingsRefused(f"unknown event {event!r}; events: {', '.join(EVENTS)}", "notify_event_unknown",
                                  {"name": str(event)[:40], "allowed": ", ".join(EVENTS)})
        if not isinstance(channels, dict):
            raise SettingsRefused(f"events.{event} must be an object like {{\"push\": true, \"mail\": false}}",
                                  "notify_events_object")
        for channel, on in channels.items():
            if channel not in CHANNELS or not isinstance(on, bool):
                raise SettingsRefused(f"events.{event} takes push and mail, each true or false",
                                      "notify_channel_bad", {"event": event})
            out["events"][event][channel] = on
    if "quiet" in given:
        out["quiet"] = _quiet(given["quiet"])
    if "tz" in given:
        out["tz"] = _zone(given["tz"])
    if "lang" in given:
        if given["lang"] not in LANGS:
            raise SettingsRefused("lang must be en or ko", "notify_lang_bad")
        out["lang"] = given["lang"]
    return out


def _quiet(quiet: object) -> dict[str, str] | None:
    if quiet is None:
        return None
    if not isinstance(quiet, dict) or set(quiet) != {"from", "to"}:
        raise SettingsRefused("quiet must be null (no quiet hours) or {\"from\": \"HH:MM\", \"to\": \"HH:MM\"}",
                              "notify_quiet_bad")
    for end in ("from", "to"):
        value = quiet[end]
        if not isinstance(value, str) or not _CLOCK.match(value):
            raise SettingsRefused(f"quiet.{end} must be a time of day HH:MM (00:00 to 23:59), not {value!r}"[:200],
                                  "notify_quiet_time", {"end": words(end, "시작" if end == "from" else "끝")})
    return {"from": quiet["from"], "to": quiet["to"]}


def _zone(name: object) -> str:
    if not isinstance(name, str) or len(name) > 60:
        raise SettingsRefused("tz must be a time zone's name, e.g. Asia/Seoul or UTC", "notify_tz_bad")
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise SettingsRefused(f"unknown time zone {name!r}; give one like Asia/Seoul, Europe/Paris or UTC",
                              "notify_tz_unknown", {"name": name}) from None
    if name != "UTC" and name not in _zones():
        raise SettingsRefused(f"unknown time zone {name!r}; give one like Asia/Seoul, Europe/Paris or UTC",
                              "notify_tz_unknown", {"name": name})
    return name


_ZONES: set[str] = set()


def _zones() -> set[str]:
    if not _ZONES:
        _ZONES.update(available_timezones())
    return _ZONES


def quiet_now(settings: dict[str, Any], moment: datetime) -> bool:
    """Whether ``moment`` falls in the player's quiet hours (from ``from`` up to ``to``, across midnight
    when ``to`` comes first)."""
    quiet = settings.get("quiet")
    if not quiet:
        return False
    local = moment.astimezone(ZoneInfo(settings.get("tz", "UTC"))).time()
    start, end = (time.fromisoformat(quiet[e]) for e in ("from", "to"))
    if start == end:
        return False
    return start <= local < end if start < end else local >= start or local < end


def wants(settings: dict[str, Any], event: str, channel: str) -> bool:
    """Whether the player wants ``event`` by ``channel``."""
    return bool(settings["events"].get(event, {}).get(channel, False))
