"""The app's words in English and Korean, and the choice of language.

>>> t("winner", "ko", name="greedy")
'승자: greedy'
>>> detect_lang(None, {"LANG": "ko_KR.UTF-8"}), detect_lang("en", {"LANG": "ko_KR.UTF-8"})
('ko', 'en')
"""

from __future__ import annotations

import os
from collections.abc import Mapping

LANGS = ("en", "ko")

MESSAGES: dict[str, tuple[str, str]] = {
    "games_title": ("Games", "게임 목록"),
    "id": ("id", "아이디"),
    "name": ("name", "이름"),
    "players": ("players", "인원"),
    "options": ("options", "옵션"),
    "decision_seconds": ("{n} decisions, seconds: median {p50}, 90 % {p90}, 99 % {p99}, longest {max}",
                         "결정 {n}번, 초: 중앙값 {p50}, 90 % {p90}, 99 % {p99}, 최장 {max}"),
    "levels_title": ("Computer players, weakest first", "컴퓨터 플레이어 (약한 순)"),
    "levels": ("level — who it suits (measured strength)", "수준 — 어울리는 분 (잰 실력)"),
    "player": ("Player {n}", "플레이어 {n}"),
    "you": ("you", "나"),
    "to_move": ("{name} to move", "{name}의 차례"),
    "legal_moves": ("Your moves", "가능한 수"),
    "prompt": ("Move (number or notation; help, undo, save FILE, quit)",
               "수 입력 (번호 또는 표기; help, undo, save 파일, quit)"),
    "help": (
        "Type a move's number or its notation (e.g. 'take1', 'blue owl2'). Commands: help; undo (take back your "
        "own decisions of this turn, up to the last draw); save FILE (write the record so far); moves (list "
        "again); quit.",
        "수의 번호나 표기(예: 'take1', 'blue owl2')를 입력하세요. 명령: help; undo (이번 차례의 내 결정을 "
        "마지막 뽑기 전까지 되돌리기); save 파일 (지금까지의 기록 저장); moves (다시 보기); quit (끝내기).",
    ),
    "agent_plays": ("{name} plays {move}", "{name}: {move}"),
    "undone": ("Undone: back before '{move}'.", "되돌림: '{move}' 이전으로."),
    "no_undo": ("Nothing of yours to undo in this turn.", "이번 차례에 되돌릴 내 결정이 없습니다."),
    "undo_blocked": ("Cannot undo: new information came out since (a draw).",
                     "되돌릴 수 없습니다: 그 뒤에 새 정보가 드러났습니다(뽑기)."),
    "saved": ("Record saved to {path}.", "기록을 {path}에 저장했습니다."),
    "save_usage": ("Write: save FILE", "이렇게 쓰세요: save 파일"),
    "save_secrets": ("Careful: the record holds the seed, so replaying it shows every hidden card — the other "
                     "players' hands and the cards to come. It is for resuming: keep it to yourself until the "
                     "game is over.",
                     "주의: 기록에 시드가 들어 있어 재현하면 숨은 카드가 모두 보입니다 — 다른 플레이어의 손패와 "
                     "앞으로 나올 카드까지. 이어 하기용이니 게임이 끝날 때까지 혼자만 보세요."),
    "save_draws": ("Note: the record holds the seed, so replaying it shows the draws to come. It is for "
                   "resuming: share it once the game is over.",
                   "참고: 기록에 시드가 들어 있어 재현하면 앞으로 뽑힐 것이 보입니다. 이어 하기용이니 게임이 "
                   "끝난 뒤에 나누세요."),
    "game_over": ("Game over.", "게임 종료."),
    "leave_saved": ("Leave this game? It is saved: go on with it later with  {command}",
                    "이 게임을 떠날까요? 저장되어 있습니다. 나중에 이어 하려면:  {command}"),
    "leave_unsaved": ("Leave this game? Moves not written with 'save FILE' are lost.",
                      "이 게임을 떠날까요? 'save 파일'로 저장하지 않은 수는 사라집니다."),
    "resume_hint": ("The game is saved in {path}; go on with it with  {command}",
                    "게임은 {path}에 저장되어 있습니다. 이어 하려면:  {command}"),
    "autosave_failed": ("Cannot save the game as it goes ({path}: {reason}); use save FILE.",
                        "게임을 자동 저장할 수 없습니다 ({path}: {reason}). save 파일 명령을 쓰세요."),
    "kept": ("The record of this game is kept in {path}.", "이 게임의 기록은 {path}에 있습니다."),
    "save_offer": ("Save the record of this game to a file of your own?", "이 게임의 기록을 따로 파일로 저장할까요?"),
    "save_file": ("File name", "파일 이름"),
    "game_stopped": ("Game stopped by max_turns: unfinished, no winner.",
                     "max_turns로 게임이 멈췄습니다: 미완료, 승자 없음."),
    "winner": ("Winner: {name}", "승자: {name}"),
    "winners": ("Shared win: {name}", "공동 승리: {name}"),
    "final_scores": ("Final scores", "최종 점수"),
    "scores": ("Scores", "점수"),
    "total": ("total", "합계"),
    "bye": ("Bye.", "안녕히 가세요."),
    "pass_screen": ("Pass the screen to {name} and press Enter.", "{name}에게 화면을 넘기고 Enter를 누르세요."),
    "menu_lang": ("Language", "언어"),
    "menu_game": ("Choose a game", "게임을 고르세요"),
    "menu_count": ("How many players", "몇 명이 하나요"),
    "menu_seat": ("Seat {n}: who plays", "{n}번 자리: 누가 하나요"),
    "menu_seed": ("Seed (Enter for a random one)", "시드 (Enter: 무작위)"),
    "menu_options": ("Option {name} ({allowed})", "옵션 {name} ({allowed})"),
    "menu_start": ("Starting {game}: {players}", "{game} 시작: {players}"),
    "menu_players": ("{n} players", "{n}명"),
    "menu_resume": ("go on with a saved game", "저장된 게임 이어 하기"),
    "menu_quit": ("leave", "끝내기"),
    "menu_saved": ("Unfinished games", "끝나지 않은 게임"),
    "menu_moves": ("{n} moves", "{n}수"),
    "menu_resume_which": ("Number of a game above, or a record file (Enter: back)",
                          "위 게임의 번호, 또는 기록 파일 (Enter: 돌아가기)"),
    "menu_resume_file": ("A record file to go on with (Enter: back)", "이어 할 기록 파일 (Enter: 돌아가기)"),
    "seed_not_number": ("{text} is not a whole number", "{text}은(는) 정수가 아닙니다"),
    "seed_negative": ("{value} is not allowed; use 0 or more", "{value}은(는) 쓸 수 없습니다. 0 이상을 쓰세요"),
    "invalid_choice": ("Choose one of: {allowed}", "다음 중에서 고르세요: {allowed}"),
    "simulating": ("Simulating", "시뮬레이션"),
    "agent": ("player", "플레이어"),
    "win_rate": ("win rate (95 % interval)", "승률 (95 % 구간)"),
    "mean_score": ("mean score", "평균 점수"),
    "mean_points": ("mean points", "항목별 평균 점수"),
    "median_score": ("median", "중앙값"),
    "games_played": ("{games} games ({unfinished} unfinished), mean length {turns:.1f} turns",
                     "{games}판 (미완료 {unfinished}), 평균 {turns:.1f}턴"),
    "replay_ok": ("Record OK: {moves} moves replayed, result {result}.",
                  "기록 정상: {moves}수 재현, 결과 {result}."),
    "analyse_title": ("{game}: review by {level}, {samples} samples a decision, seed {seed}",
                      "{game} 검토: 수준 {level}, 결정마다 표본 {samples}개, 시드 {seed}"),
    "analyse_unit_win": ("loss: percentage points of win chance against {level}'s move (± standard error) / "
                         "expected points of final margin",
                         "손실: {level}의 수에 비해 잃은 승리 확률, %p (± 표준 오차) / 예상 최종 점수 차"),
    "analyse_unit_points": ("loss: final points against {level}'s move (± standard error)",
                            "손실: {level}의 수에 비해 잃은 최종 점수 (± 표준 오차)"),
    "analyse_number": ("#", "수"),
    "analyse_played": ("played", "둔 수"),
    "analyse_mark": ("mark", "평가"),
    "analyse_loss": ("loss", "손실"),
    "analyse_choice": ("{level}'s move", "{level}의 수"),
    "analyse_forced": ("only move", "유일한 수"),
    "analyse_seat": ("{player} (seat {seat}): accuracy {accuracy}, mean loss {loss} a decision over {n} decisions "
                     "({points} expected points); {marks}",
                     "{player} ({seat}번 자리): 정확도 {accuracy}, 결정 {n}번의 평균 손실 {loss} "
                     "(예상 점수 {points}점); {marks}"),
    "analysing": ("Reviewing", "검토 중"),
    "mark_best": ("best", "최선"),
    "mark_good": ("good", "좋음"),
    "mark_inaccuracy": ("inaccuracy", "부정확"),
    "mark_mistake": ("mistake", "실수"),
    "mark_blunder": ("blunder", "대실수"),
    "bench_line": ("{game} ({players} players): {games_per_s:,.0f} games/s, {decisions_per_s:,.0f} decisions/s"
                   " — engine {engine}",
                   "{game} ({players}명): 초당 {games_per_s:,.0f}판, 초당 결정 {decisions_per_s:,.0f} — 엔진 {engine}"),
}


def t(key: str, lang: str, **values: object) -> str:
    """The message ``key`` in ``lang``, formatted with ``values``."""
    en, ko = MESSAGES[key]
    return (ko if lang == "ko" else en).format(**values)


def detect_lang(chosen: str | None, environ: Mapping[str, str] | None = None) -> str:
    """``--lang`` if given, else Korean when the locale says so, else English."""
    if chosen:
        return chosen
    env = os.environ if environ is None else environ
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value:
            return "ko" if value.lower().startswith("ko") else "en"
    return "en"
