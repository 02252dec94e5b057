"""Game options: declared once per game, parsed from ``KEY=VALUE`` text, validated.

>>> spec = OptionSpec("side", "A", choices=("A", "B"), help_en="board side", help_ko="판 면")
>>> spec.parse("B")
'B'
>>> spec.parse("C")
Traceback (most recent call last):
...
hanpan.core.errors.OptionError: option side: 'C' is not allowed; allowed: A, B
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from hanpan.core.errors import OptionError

OptionValue = bool | int | str | None


@dataclass(frozen=True)
class OptionSpec:
    """One option: its name, default (whose type is the option's type), allowed choices and help."""

    name: str
    default: OptionValue
    choices: tuple[OptionValue, ...] | None = None
    help_en: str = ""
    help_ko: str = ""
    kind: type = str  # for a None default: the type a given value must have
    minimum: int | None = None
    #: the option's name in words for menus ("Board side" / "개인판 면"); the name itself when empty
    label_en: str = ""
    label_ko: str = ""
    #: an option for research code (search, learning, adapters) only: the apps for play do not offer it
    research: bool = False

    def label(self, lang: str = "en") -> str:
        """The option's name in words, in ``lang``.

        >>> MAX_TURNS.label("ko"), OptionSpec("x", 1).label("en")
        ('턴 제한', 'x')
        """
        return (self.label_ko if lang == "ko" else self.label_en) or self.label_en or self.name

    @property
    def value_type(self) -> type:
        return self.kind if self.default is None else type(self.default)

    def parse(self, raw: object) -> OptionValue:
        """Turn ``raw`` (text from a command line, or a JSON value) into a valid value."""
        kind = self.value_type
        value: OptionValue
        if raw is None or (isinstance(raw, str) and raw.lower() in ("none", "")):
            if self.default is not None:
                raise OptionError(f"option {self.name}: a value is required; {self.allowed()}")
            return None
        if kind is bool:
            if isinstance(raw, bool):
                value = raw
            elif isinstance(raw, str) and raw.lower() in ("true", "yes", "1", "on"):
                value = True
            elif isinstance(raw, str) and raw.lower() in ("false", "no", "0", "off"):
                value = False
            else:
                raise OptionError(f"option {self.name}: {raw!r} is not allowed; allowed: true, false")
        elif kind is int:
            if isinstance(raw, bool):
                raise OptionError(f"option {self.name}: {raw!r} is not a whole number")
            try:
                value = int(raw) if isinstance(raw, (int, str)) else int(str(raw))
            except ValueError:
                raise OptionError(f"option {self.name}: {raw!r} is not a whole number") from None
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {self.name}: {value} is too small; allowed: {self.minimum} or more")
        else:
            if not isinstance(raw, str):
                raise OptionError(f"option {self.name}: {raw!r} is not text; {self.allowed()}")
            value = raw
            if self.choices is not None:
                for choice in self.choices:
                    if isinstance(choice, str) and choice.lower() == raw.lower():
                        value = choice
        if self.choices is not None and value not in self.choices:
            raise OptionError(f"option {self.name}: {raw!r} is not allowed; {self.allowed()}")
        return value

    def allowed(self) -> str:
        if self.choices is not None:
            return "allowed: " + ", ".join(str(c) for c in self.choices)
        if self.value_type is int:
            low = self.minimum if self.minimum is not None else "any"
            return f"allowed: a whole number ({low} or more)" + (", or none" if self.default is None else "")
        if self.value_type is bool:
            return "allowed: true, false"
        return "allowed: text"


MAX_TURNS: Final = OptionSpec(
    "max_turns",
    None,
    kind=int,
    minimum=1,
    label_en="Turn limit",
    label_ko="턴 제한",
    help_en="stop the game after this many turns; a stopped game is unfinished and has no winner",
    help_ko="이 턴 수가 지나면 게임을 멈춥니다. 멈춘 게임은 승자가 없는 미완료 게임입니다",
)


CHANCE: Final = OptionSpec(
    "chance",
    "engine",
    choices=("engine", "explicit"),
    label_en="Chance",
    label_ko="우연",
    help_en="engine: the engine draws by itself; explicit: the game stops at every draw (a chance point) "
            "whose outcome the caller chooses or samples",
    help_ko="engine: 엔진이 스스로 뽑습니다. explicit: 뽑을 때마다 멈추고(우연 지점) 호출한 쪽이 결과를 "
            "고르거나 뽑습니다",
    research=True,
)


def resolve_options(specs: Iterable[OptionSpec], given: Mapping[str, Any]) -> dict[str, OptionValue]:
    """All options of a game with defaults filled in; unknown names and bad values raise OptionError.

    >>> resolve_options([MAX_TURNS], {"max_turns": "50"})
    {'max_turns': 50}
    >>> resolve_options([MAX_TURNS], {"colour": "red"})
    Traceback (most recent call last):
    ...
    hanpan.core.errors.OptionError: unknown option 'colour'; options: max_turns
    """
    by_name = {spec.name: spec for spec in specs}
    for name in given:
        if name not in by_name:
            raise OptionError(
                f"unknown option {name!r}; options: {', '.join(by_name) or 'none'}",
                f"알 수 없는 옵션 {name!r}; 가능한 옵션: {', '.join(by_name) or '없음'}",
            )
    return {
        name: (spec.parse(given[name]) if name in given else spec.default) for name, spec in by_name.items()
    }


#: names that are arguments of ``Game.new`` itself, never options (``new(players=2, **{"players": 3})``
#: is a TypeError, so every reader of options from outside refuses them first)
NOT_OPTIONS: Final = ("players", "seed")


def check_option_names(names: Iterable[object]) -> None:
    """Refuse option names that are ``Game.new``'s own arguments (or not text).

    >>> check_option_names(["side", "seed"])
    Traceback (most recent call last):
    ...
    hanpan.core.errors.OptionError: 'seed' is not a game option: the player count and the seed are set on their own
    """
    for name in names:
        if not isinstance(name, str) or name in NOT_OPTIONS:
            raise OptionError(
                f"{name!r} is not a game option: the player count and the seed are set on their own",
                f"{name!r}은(는) 게임 옵션이 아닙니다: 인원과 시드는 따로 정합니다",
            )


def parse_option_assignments(items: Iterable[str]) -> dict[str, str]:
    """``["side=B", "spirits=true"]`` → ``{"side": "B", "spirits": "true"}``.

    >>> parse_option_assignments(["side=B"])
    {'side': 'B'}
    >>> parse_option_assignments(["side"])
    Traceback (most recent call last):
    ...
    hanpan.core.errors.OptionError: option 'side' has no value; write KEY=VALUE, e.g. side=B
    """
    result: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise OptionError(f"option {item!r} has no value; write KEY=VALUE, e.g. side=B")
        result[key.strip()] = value.strip()
    check_option_names(result)
    return result
