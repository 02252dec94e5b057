"""The report's own words in English and Korean (items and outcomes are named by each game's balance).

>>> word("take_rate", "ko")
'가져간 비율'
"""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    "title": ("Balance report", "밸런스 보고서"),
    "setup": ("Set-up", "설정"),
    "players": ("Players", "플레이어"),
    "games": ("games", "게임 수"),
    "finished": ("finished", "끝난 게임"),
    "seed": ("seed", "시드"),
    "options": ("options", "옵션"),
    "wall_time": ("wall time", "걸린 시간"),
    "flags": ("What stands out", "눈에 띄는 점"),
    "no_flags": ("Nothing stands out: every item taken often enough fares within its interval of the rest.",
                 "눈에 띄는 항목이 없습니다: 충분히 자주 가져간 항목은 모두 나머지와 신뢰구간 안에서 비슷합니다."),
    "flag_strong_win": ("{item} looks too strong: those who took it won {value:.0%} of their games "
                        "(95 % interval {low:.0%}–{high:.0%}; the rest of its kind: {reference:.0%}; "
                        "taken {taken} times).",
                        "{item}이(가) 너무 강해 보입니다: 가져간 플레이어가 {value:.0%}를 이겼습니다 "
                        "(95 % 구간 {low:.0%}–{high:.0%}, 같은 종류의 나머지 {reference:.0%}, "
                        "{taken}번 가져감)."),
    "flag_weak_win": ("{item} looks too weak: those who took it won {value:.0%} of their games "
                      "(95 % interval {low:.0%}–{high:.0%}; the rest of its kind: {reference:.0%}; "
                        "taken {taken} times).",
                      "{item}이(가) 너무 약해 보입니다: 가져간 플레이어가 {value:.0%}만 이겼습니다 "
                      "(95 % 구간 {low:.0%}–{high:.0%}, 같은 종류의 나머지 {reference:.0%}, "
                        "{taken}번 가져감)."),
    "flag_strong_solo": ("{item} looks strong: games that took it scored {value:.1f} on average "
                         "(95 % interval {low:.1f}–{high:.1f}; the rest of its kind {reference:.1f}; "
                         "taken {taken} times).",
                         "{item}이(가) 강해 보입니다: 가져간 게임의 평균 점수 {value:.1f} "
                         "(95 % 구간 {low:.1f}–{high:.1f}, 같은 종류의 나머지 {reference:.1f}, {taken}번 가져감)."),
    "flag_weak_solo": ("{item} looks weak: games that took it scored {value:.1f} on average "
                       "(95 % interval {low:.1f}–{high:.1f}; the rest of its kind {reference:.1f}; "
                       "taken {taken} times).",
                       "{item}이(가) 약해 보입니다: 가져간 게임의 평균 점수 {value:.1f} "
                       "(95 % 구간 {low:.1f}–{high:.1f}, 같은 종류의 나머지 {reference:.1f}, {taken}번 가져감)."),
    "flag_note": ("An item is judged by how its takers fared, which also reflects who takes it and when: "
                  "read a flag as a place to look, not a verdict.",
                  "항목은 가져간 플레이어의 결과로 판단하므로 누가 언제 가져갔는지도 함께 반영됩니다: "
                  "표시는 판정이 아니라 살펴볼 곳입니다."),
    "seat": ("Seat", "자리"),
    "seats": ("Win rate by seat", "자리별 승률"),
    "win_rate_by_seat": ("Win rate by seat (95 % intervals)", "자리별 승률 (95 % 구간)"),
    "agents": ("Players' results", "플레이어별 결과"),
    "agent": ("Player", "플레이어"),
    "win_rate": ("win rate", "승률"),
    "score": ("score", "점수"),
    "mean_score": ("mean score", "평균 점수"),
    "total": ("total score", "총점"),
    "score_distribution": ("Score distribution", "점수 분포"),
    "mean_points": ("mean points", "평균 점수"),
    "points_by_category": ("Points by category", "항목별 점수"),
    "turns": ("turns", "턴"),
    "game_length": ("Game length", "게임 길이"),
    "ties": ("Tie rate", "무승부 비율"),
    "items": ("Components", "구성요소"),
    "item": ("Item", "항목"),
    "taken": ("taken", "가져간 횟수"),
    "take_rate": ("take rate", "가져간 비율"),
    "completed": ("completed", "완성 비율"),
    "points": ("mean points", "평균 점수"),
    "win_when_taken": ("win rate when taken", "가져갔을 때 승률"),
    "rest_of_kind": ("the rest of its kind", "같은 종류의 나머지"),
    "total_when_taken": ("mean total when taken", "가져갔을 때 평균 총점"),
    "share_of_games": ("share of games", "게임 비율"),
    "outcomes": ("How games ended", "게임이 끝난 방식"),
    "extras": ("Score-card extras", "점수 카드의 추가 항목"),
    "elo_ladder": ("Strength (Elo)", "실력 (Elo)"),
    "differences": ("Differences (changed − base, 95 % intervals)", "차이 (변경 − 기준, 95 % 구간)"),
    "compare": ("What if", "바꿔 보기"),
    "change": ("change", "변경"),
    "difference": ("difference", "차이"),
    "significant": ("significant", "유의함"),
    "base": ("base", "기준"),
    "changed": ("changed", "변경"),
    "paired_games": ("games compared pair by pair", "짝지어 비교한 게임"),
    "player_n": ("{name} (player {n})", "{name} ({n}번 플레이어)"),
    "summary": ("Summary", "요약"),
    "what_changed": ("What was changed", "바꾼 것"),
    "data_changes": ("In the data file", "데이터 파일에서 바뀐 것"),
    "what_it_did": ("What the change did", "바꾼 결과"),
    "differences_section": ("Differences, changed − base", "차이 (변경 − 기준)"),
    "headline": ("Players, seats and length", "플레이어, 자리, 길이"),
    "by_category": ("Points by score category", "점수 항목별 점수"),
    "item_changes": ("{family}: per item, changed − base", "{family}: 항목별 변경 − 기준"),
    "outcome_changes": ("How games ended, changed − base", "게임이 끝난 방식, 변경 − 기준"),
    "changed_flags": ("What stands out in the changed games", "바꾼 게임에서 눈에 띄는 점"),
    "flags_new": ("new with the change", "바꾼 뒤 새로 나타남"),
    "flags_gone": ("gone with the change: {items}", "바꾼 뒤 사라짐: {items}"),
    "base_figures": ("Every figure of the base games", "기준 게임의 모든 수치"),
    "changed_figures": ("Every figure of the changed games", "바꾼 게임의 모든 수치"),
    "measure": ("measure", "측정값"),
    "unit_points": ("points", "점"),
    "unit_pp": ("percentage points", "%p"),
    "unit_turns": ("turns", "턴"),
    "no_clear_changes": ("No difference is clear once the {tested} differences tested are accounted for.",
                         "검정한 차이 {tested}개를 함께 고려하면 뚜렷한 차이가 없습니다."),
    "clear_changes": ("Clear differences ({tested} tested, Holm-adjusted p below 5 %):",
                      "뚜렷한 차이 (검정 {tested}개, Holm 보정 p < 5 %):"),
    "summary_score": ("{who}: {diff:+.2f} points a game (95 % {low:+.2f} – {high:+.2f})",
                      "{who}: 게임당 {diff:+.2f}점 (95 % {low:+.2f} – {high:+.2f})"),
    "summary_rate": ("{what}: {base:.1%} → {changed:.1%} ({diff:+.1f} percentage points)",
                     "{what}: {base:.1%} → {changed:.1%} ({diff:+.1f}%p)"),
    "summary_total": ("{what}: {base:.1f} → {changed:.1f} ({diff:+.1f} points)",
                      "{what}: {base:.1f} → {changed:.1f} ({diff:+.1f}점)"),
    "summary_turns": ("Game length: {diff:+.2f} turns a game (95 % {low:+.2f} – {high:+.2f})",
                      "게임 길이: 게임당 {diff:+.2f}턴 (95 % {low:+.2f} – {high:+.2f})"),
    "flag_p": ("p = {p:.2g}; {adjusted:.2g} once {tested} items tested are accounted for (Holm)",
               "p = {p:.2g}; 검정한 항목 {tested}개를 고려하면 {adjusted:.2g} (Holm)"),
    "adjusted_note": ("A difference is marked significant when its p-value, adjusted by Holm's method for the "
                      "differences tested with it, is below 5 %: over a page of 32 cards, plain 95 % intervals "
                      "would mark one or two by chance.",
                      "함께 검정한 차이의 수에 맞춰 Holm 방법으로 보정한 p값이 5 % 미만일 때 유의함으로 "
                      "표시합니다: 카드 32장을 95 % 구간으로만 보면 우연히 한두 장이 표시됩니다."),
    "p_adjusted": ("adjusted p", "보정 p"),
    "plots_in_english": ("(The plots are labelled in English: no font with Hangul was found.)",
                         "(그래프는 영어로 표시됩니다: 한글 글꼴을 찾지 못했습니다.)"),
}


def agent_labels(names: list[str], lang: str) -> list[str]:
    """The players' names as the page shows them: a name two players share gets each one's number.

    >>> agent_labels(["greedy", "greedy", "random"], "en")
    ['greedy (player 1)', 'greedy (player 2)', 'random']
    """
    return [word("player_n", lang).format(name=name, n=i + 1) if names.count(name) > 1 else name
            for i, name in enumerate(names)]


def word(key: str, lang: str) -> str:
    """The report's word for ``key`` in ``lang`` ("en" or "ko"); the key itself if unknown."""
    pair = WORDS.get(key)
    if pair is None:
        return key
    return pair[1] if lang == "ko" else pair[0]
