// The page's words in English and Korean; the language is chosen in the header and remembered.

/** @type {Record<string, [string, string]>} */
const WORDS = {
  title: ["hanpan — play in the browser", "한판 — 브라우저에서 플레이"],
  lobby: ["Lobby", "로비"],
  new_game: ["New game", "새 게임"],
  game: ["Game", "게임"],
  players: ["Players", "인원"],
  seat: ["Seat {n}", "{n}번 자리"],
  human: ["a person", "사람"],
  options: ["Options", "옵션"],
  seed: ["Seed (optional)", "시드 (선택)"],
  max_turns: ["Turn limit (optional)", "턴 제한 (선택)"],
  create: ["Create the game", "게임 만들기"],
  share: ["Links to share", "공유할 링크"],
  share_help: ["Each person opens their own seat's link; anyone may watch with the spectators' link. A seat's link is its key: give it only to that player.",
    "각자 자기 자리의 링크를 엽니다. 관전 링크로는 누구나 볼 수 있습니다. 자리 링크는 열쇠이니 그 플레이어에게만 주세요."],
  play_as: ["Play as {name}", "{name}(으)로 플레이"],
  watch: ["Watch", "관전"],
  spectators: ["Spectators", "관전자"],
  copy: ["Copy", "복사"],
  copied: ["Copied", "복사함"],
  in_progress: ["Games in progress", "진행 중인 게임"],
  finished: ["Finished games", "끝난 게임"],
  none_yet: ["None yet.", "아직 없습니다."],
  join: ["Continue", "이어하기"],
  replay: ["Replay", "다시 보기"],
  moves_made: ["{n} moves", "{n}수"],
  player: ["Player {n}", "플레이어 {n}"],
  you: ["you", "나"],
  your_turn: ["Your turn", "내 차례"],
  thinking: ["{name} is thinking…", "{name} 생각 중…"],
  waiting: ["Waiting for {name}", "{name} 차례를 기다리는 중"],
  spectating: ["You are watching", "관전 중"],
  game_over: ["Game over", "게임 종료"],
  unfinished: ["Stopped unfinished (turn limit): no winner", "미완료로 멈춤 (턴 제한): 승자 없음"],
  winner: ["Winner: {names}", "승자: {names}"],
  winners: ["Winners (shared): {names}", "공동 승자: {names}"],
  score: ["Score", "점수"],
  total: ["Total", "합계"],
  log: ["Game log", "게임 기록"],
  legal: ["Your moves", "가능한 수"],
  type_move: ["Type a move", "수 입력"],
  play: ["Play", "두기"],
  undo: ["Undo", "되돌리기"],
  choose: ["Choose:", "선택:"],
  cancel: ["Cancel", "취소"],
  legend: ["Rules and symbols", "규칙과 기호"],
  connecting: ["Connecting…", "연결 중…"],
  offline: ["Connection lost — reconnecting…", "연결 끊김 — 다시 연결 중…"],
  no_game: ["There is no such game.", "그런 게임이 없습니다."],
  bad_token: ["This link's seat key is not valid for this game: you are watching.", "이 링크의 자리 열쇠가 이 게임에 맞지 않습니다: 관전 중입니다."],
  download: ["Download the record", "기록 내려받기"],
  step: ["Move {n} of {total}", "{total}수 중 {n}수"],
  see_as: ["Seen by", "보는 사람"],
  table: ["the table", "테이블 (공개 정보)"],
  open_record: ["Open a record file", "기록 파일 열기"],
  first: ["First", "처음"],
  prev: ["Back", "이전"],
  next: ["Next", "다음"],
  last: ["Last", "끝"],
  back_to_lobby: ["Lobby", "로비"],
  api_docs: ["API", "문서"],
  more_moves: ["and {n} more", "외 {n}개"],
  skip: ["Skip", "건너뛰기"],
  not_json: ["That file is not a record: it is not JSON.", "그 파일은 기록이 아닙니다: JSON이 아닙니다."],
  step_slider: ["Move", "수"],
  choices_left: ["{n} choices: click a lit place", "선택지 {n}개: 빛나는 곳을 누르세요"],
  not_now: ["Not possible now.", "지금은 할 수 없습니다."],
  click_lit: ["Click a lit place.", "빛나는 곳을 누르세요."],
  sending: ["Sending your move…", "수를 보내는 중…"],
  final_scores: ["Final scores", "최종 점수"],
  tiebreakers: ["Tie-breakers (not points)", "동점 판정 (점수 아님)"],
  rematch: ["Rematch", "다시 하기"],
  close: ["Close", "닫기"],
  invite: ["Seats' links", "자리 링크"],
  copy_seat_link: ["Copy the link of {name}", "{name}의 링크 복사"],
  copy_watch_link: ["Copy the spectators' link", "관전 링크 복사"],
  notify: ["Tell me when it is my turn", "내 차례가 되면 알림"],
  seed_help: ["The same seed deals the same cards and tokens: to replay a deal or share a puzzle. Empty: a new deal.",
    "같은 시드는 같은 카드와 토큰을 나눠 줍니다: 같은 판을 다시 하거나 공유할 때. 비워 두면 새 판."],
  more: ["More", "더 보기"],
  yes: ["yes", "예"],
  no: ["no", "아니오"],
};

export const LANGS = ["en", "ko"];

/** The page's language: ?lang=, then the remembered choice, then the browser's. */
export function currentLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && LANGS.includes(asked)) return asked;
  const saved = localStorage.getItem("hanpan.lang");
  if (saved && LANGS.includes(saved)) return saved;
  return (navigator.language || "en").toLowerCase().startsWith("ko") ? "ko" : "en";
}

/** @param {string} lang */
export function saveLang(lang) {
  localStorage.setItem("hanpan.lang", lang);
}

/**
 * @param {string} key @param {string} lang @param {Record<string, string | number>} [values]
 * @returns {string}
 */
export function t(key, lang, values = {}) {
  const pair = WORDS[key];
  let text = pair ? pair[lang === "ko" ? 1 : 0] : key;
  for (const [name, value] of Object.entries(values)) text = text.replaceAll(`{${name}}`, String(value));
  return text;
}
