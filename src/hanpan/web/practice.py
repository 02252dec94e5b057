"""Practice games: the ones ``POST /api/games`` makes (no lobby table), whose seats' tokens go to whoever
asked.  What limits them and what ends them (issue 60 §16).

One client address may have at most ``ServerSettings.max_bot_games_per_client`` of them *running* with a
computer seat.  A game runs while its computer seat thinks, or while it changed (a move, or its start)
within ``ACTIVE_S``: a computer seat costs the shared workers only while it thinks, right after a move,
so a game left waiting for its person costs nothing and must not keep a new player from starting
another; the window keeps one address from parking many games and then moving in all of them at once
(whoever moves in six games within ten minutes is busy enough).  A game its person gives up on is ended
with ``POST /api/games/{id}/abandon`` (the lobby lists the browser's games with resume and abandon).
"""

from __future__ import annotations

from datetime import UTC, datetime

#: a practice game nobody moved in for this long no longer counts against its address's limit (seconds)
ACTIVE_S = 600


def running(status: str, updated_at: datetime, thinking: bool, now: datetime) -> bool:
    """Whether a game counts against its address's limit now.

    >>> from datetime import timedelta
    >>> t = datetime(2030, 1, 1, tzinfo=UTC)
    >>> running("playing", t, False, t + timedelta(minutes=9)), running("playing", t, False, t + timedelta(minutes=11))
    (True, False)
    >>> running("playing", t, True, t + timedelta(hours=1)), running("abandoned", t, True, t)
    (True, False)
    """
    if status != "playing":
        return False
    at = updated_at if updated_at.tzinfo is not None else updated_at.replace(tzinfo=UTC)  # SQLite: naive UTC
    return thinking or (now - at).total_seconds() < ACTIVE_S


def too_many(count: int, lang: str) -> str:
    """The refusal of one more game, in the page's language (``en`` or ``ko``).

    >>> too_many(6, "en").startswith("you have 6 games against the computer running")
    True
    """
    minutes = ACTIVE_S // 60
    if lang == "ko":
        return (f"컴퓨터와 하는 게임이 이미 {count}개 진행 중이어서 더 시작할 수 없습니다. 하나를 끝내거나 로비의 "
                f"내 연습 게임에서 포기하세요. {minutes}분 동안 아무도 두지 않은 게임은 세지 않습니다.")
    return (f"you have {count} games against the computer running, the most one address may have at once; "
            f"finish one first, or abandon one from your practice games in the lobby (a game nobody moved in "
            f"for {minutes} minutes no longer counts)")
