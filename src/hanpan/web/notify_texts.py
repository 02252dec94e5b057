"""What a notification and a notification mail say, in English and Korean.

An event's ``params`` hold only what the player's seat may know: the game's name, the other players'
names (a computer seat by its level), the minutes left for a move, who asked for a rematch.

>>> params = {"game": {"en": "Four Gardens", "ko": "신들의 정원"}, "others": ["Mina", computer("hard")]}
>>> title, body = text("turn", params, "en")
>>> title, body
('hanpan: your turn', 'Your turn in Four Gardens, against Mina and computer (hard).')
>>> text("turn", params, "ko")[1]
'신들의 정원에서 내 차례입니다 (상대: Mina, 컴퓨터 (hard)).'
>>> text("late", {**params, "minutes": 90}, "en")[1]
'Four Gardens, against Mina and computer (hard): 90 minutes left for your move.'
"""

from __future__ import annotations

from typing import Any

_COMPUTER = {"en": "computer ({level})", "ko": "컴퓨터 ({level})"}


def computer(level: str) -> dict[str, str]:
    """A computer seat's name in each language."""
    return {lang: form.format(level=level) for lang, form in _COMPUTER.items()}


def _names(others: list[Any], lang: str) -> str:
    names = [o[lang] if isinstance(o, dict) else str(o) for o in others]
    if lang == "ko":
        return ", ".join(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _localised(value: Any, lang: str) -> str:
    return str(value[lang]) if isinstance(value, dict) else str(value)


def text(kind: str, params: dict[str, Any], lang: str) -> tuple[str, str]:
    """The title and the one-line body of an event of ``kind`` (turn, late, rematch) in ``lang``."""
    game = _localised(params["game"], lang)
    others = _names(list(params.get("others", [])), lang)
    if kind == "turn":
        if lang == "ko":
            return "한판: 내 차례", f"{game}에서 내 차례입니다 (상대: {others})."
        return "hanpan: your turn", f"Your turn in {game}, against {others}."
    if kind == "late":
        minutes = int(params["minutes"])
        if lang == "ko":
            return "한판: 시간이 얼마 남지 않았습니다", f"{game} (상대: {others}): 이번 수에 {minutes}분 남았습니다."
        return "hanpan: your time runs out soon", f"{game}, against {others}: {minutes} minutes left for your move."
    if kind == "rematch":
        by = str(params["by"])
        if lang == "ko":
            return f"한판: {by} 님의 다시 하기 신청", f"{by} 님이 {game} 다시 하기를 청했습니다."
        return f"hanpan: {by} asked for a rematch", f"{by} asked for a rematch of your {game} game."
    raise ValueError(f"unknown notification kind {kind!r}")


def mail(events: list[tuple[str, dict[str, Any]]], lang: str, links: dict[str, str]) -> tuple[str, str]:
    """One mail's subject and plain text for the events of one game (oldest first): each event's line,
    the link to the game, how to change the settings and the unsubscribe link (``links``: ``open``,
    ``settings``, ``unsubscribe``)."""
    lines = [text(kind, params, lang)[1] for kind, params in events]
    subject = text(*events[-1], lang)[0]
    if lang == "ko":
        tail = [f"열기: {links['open']}", "", f"알림 설정: {links['settings']}",
                f"이런 메일을 그만 받기: {links['unsubscribe']}"]
    else:
        tail = [f"Open it: {links['open']}", "", f"Notification settings: {links['settings']}",
                f"Stop these e-mails: {links['unsubscribe']}"]
    return subject, "\n".join([*lines, "", *tail]) + "\n"


def confirmation(lang: str, link: str) -> tuple[str, str]:
    """The mail that confirms an address."""
    if lang == "ko":
        return ("한판: 메일 주소 확인",
                f"한판 알림을 이 주소로 받으려면 아래 링크를 여세요.\n\n{link}\n\n"
                "요청한 적이 없다면 이 메일을 무시하세요.\n")
    return ("hanpan: confirm your e-mail address",
            f"To get hanpan's notifications at this address, open this link:\n\n{link}\n\n"
            "If you did not ask for this, ignore this mail.\n")
