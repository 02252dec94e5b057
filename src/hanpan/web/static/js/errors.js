// The server's errors in the page's language: every error answer carries a stable `code` and its `params`
// beside its English `detail` (src/hanpan/web/errors.py, docs/api.md); the page says it from this catalogue.
// A parameter is a string or a number as given (a name, a count, a notation), or a text of the game or the
// server in each language ({en, ko}: a move's name, a rules message), shown in the page's.  A code missing
// here (a newer server) shows the answer's `detail`; a missing `{name}` stays as it is written.

/** @type {Record<string, [string, string]>} */
export const ERRORS = {
  // any request
  refused: ["{detail}", "요청을 처리할 수 없습니다 ({detail})"],
  internal: ["internal error", "서버 내부 오류가 났습니다. 잠시 뒤에 다시 해 보세요."],
  http_error: ["{message} (HTTP {status})", "요청을 처리할 수 없습니다 (HTTP {status})"],
  body_not_json: ["the request body is not valid JSON", "요청 본문이 올바른 JSON이 아닙니다"],
  invalid: ["{field}: {message}", "요청의 {field} 값이 올바르지 않습니다"],
  body_too_large: ["request body is over {limit} bytes", "요청 본문이 {limit}바이트를 넘습니다"],
  body_too_large_proxy: ["request body is too large: 16 KiB at most (1 MiB for /api/replay)",
    "요청 본문이 너무 큽니다: 16 KiB까지 (기록 다시 보기는 1 MiB까지)"],
  request_slow: ["request timed out: its body came slower than {rate} bytes a second; send it again, faster",
    "요청 시간이 지났습니다: 본문이 초당 {rate}바이트보다 느리게 왔습니다. 다시 보내 주세요."],
  request_late: ["request timed out: it did not all come within {seconds} s; send it again, faster",
    "요청 시간이 지났습니다: {seconds}초 안에 다 오지 않았습니다. 다시 보내 주세요."],
  host_not_served: ["host '{host}' is not served here; allowed: {allowed}", "이 서버는 '{host}' 주소로 열리지 않습니다; 가능한 주소: {allowed}"],
  websocket_origin: ["a WebSocket may be opened only by this site's own pages", "이 사이트의 페이지만 실시간 연결을 열 수 있습니다"],
  auth_malformed: ["Authorization must be 'Bearer TOKEN'", "인증 헤더는 'Bearer TOKEN' 꼴이어야 합니다"],
  throttled_address: ["too many {what} from your address (at most {count} in {window}); try again in {wait}",
    "이 주소에서 {what}이(가) 너무 많습니다 ({window}에 {count}개까지). {wait} 뒤에 다시 해 보세요."],
  throttled_site: ["too many {what} on this server just now (at most {count} in {window}); try again in {wait}",
    "지금 이 서버에 {what}이(가) 너무 많습니다 ({window}에 {count}개까지). {wait} 뒤에 다시 해 보세요."],
  hash_busy: ["the server is busy checking passwords; try again in a few seconds", "서버가 비밀번호를 확인하느라 바쁩니다. 몇 초 뒤에 다시 해 보세요."],
  file_missing: ["no file '{name}'", "'{name}' 파일이 없습니다"],
  game_file_missing: ["no file '{name}' for {game}", "{game}에는 '{name}' 파일이 없습니다"],
  // the rules' own errors: their message in each language
  unknown_game: ["{message}", "{message}"],
  option_invalid: ["{message}", "{message}"],
  notation_invalid: ["{message}", "{message}"],
  action_illegal: ["{message}", "{message}"],
  position_invalid: ["{message}", "{message}"],
  record_invalid: ["{message}", "{message}"],
  agent_invalid: ["{message}", "{message}"],
  data_invalid: ["{message}", "{message}"],
  rules_error: ["{message}", "{message}"],
  // games
  game_missing: ["There is no game '{game}'.", "'{game}' 게임이 없습니다."],
  seat_needed: ["{action} needs your seat: its link's key, or at a lobby table your login", "{action}: 이 게임의 내 자리에서만 할 수 있습니다. 자리 링크의 열쇠나, 로비 테이블이면 로그인이 필요합니다."],
  token_no_seat: ["This link's seat key opens no seat of this game.", "이 링크의 자리 열쇠로는 이 게임의 어느 자리도 열 수 없습니다."],
  api_key_unknown: ["unknown API key", "알 수 없는 API 키입니다"],
  ids_too_many: ["at most 50 game ids, comma-separated; these are {count}", "게임 id는 쉼표로 나눠 50개까지입니다; {count}개를 보냈습니다"],
  practice_cap: ["You have {count} games against the computer running, the most one address may have at once: finish one first, or abandon one from your practice games in the lobby (a game nobody moved in for {minutes} minutes no longer counts).",
    "컴퓨터와 하는 게임이 이미 {count}개 진행 중이어서 더 시작할 수 없습니다. 하나를 끝내거나 로비의 내 연습 게임에서 포기하세요. {minutes}분 동안 아무도 두지 않은 게임은 세지 않습니다."],
  table_game_leave: ["A table's game is left with the table's Resign.", "테이블의 게임은 테이블에서 기권해서 나갑니다."],
  abandon_over: ["The game is over: there is nothing to abandon.", "게임이 이미 끝나서 포기할 것이 없습니다."],
  game_changed: ["The game changed meanwhile; reload it.", "그사이 게임이 바뀌었습니다. 다시 불러오세요."],
  move_number_stale: ["Move {given} is not the current one ({current}).", "{given}수는 지금 수({current})가 아닙니다."],
  move_number_reload: ["Move {given} is not the current one ({current}); reload the game.", "{given}수는 지금 수({current})가 아닙니다. 게임을 다시 불러오세요."],
  game_abandoned_move: ["The game was abandoned; no move is legal.", "게임이 중단되어 둘 수 있는 수가 없습니다."],
  game_over_move: ["The game is over; no move is legal.", "게임이 끝나서 둘 수 있는 수가 없습니다."],
  not_your_turn: ["It is not your turn.", "내 차례가 아닙니다."],
  move_unknown: ["'{move}' is not a move; legal now: {legal}", "'{move}'은(는) 올바른 수가 아닙니다. 지금 가능한 수: {legal}"],
  move_illegal: ["'{move}' is not legal now; legal now: {legal}", "'{move}'은(는) 지금 둘 수 없습니다. 지금 가능한 수: {legal}"],
  game_abandoned: ["The game was abandoned.", "게임이 중단되었습니다."],
  undo_not_your_turn: ["You can only undo on your own turn.", "내 차례에만 되돌릴 수 있습니다."],
  undo_nothing: ["Nothing of yours to undo this turn.", "이번 차례에 되돌릴 내 수가 없습니다."],
  undo_reveal: ["Cannot undo: new information came out since (a draw).", "되돌릴 수 없습니다: 그 뒤로 새 정보가 드러났습니다 (카드나 토큰 뽑기)."],
  record_hidden: ["The record is shown once the game is over (it holds the seed).", "기록은 게임이 끝난 뒤에 볼 수 있습니다 (시드가 들어 있습니다)."],
  sockets_game: ["This game has {count} open connections, the most it takes; try again later.", "이 게임에 연결이 {count}개로 가득 찼습니다. 나중에 다시 해 보세요."],
  sockets_client: ["You have {count} open connections, the most one client may have; close some.", "연결을 {count}개 열어 최대치에 닿았습니다. 몇 개를 닫아 주세요."],
  // replays
  replay_not_over: ["A replay is shown once the game is over.", "다시 보기는 게임이 끝난 뒤에 볼 수 있습니다."],
  seat_range: ["The seat must be 0–{max}.", "자리는 0–{max} 중 하나여야 합니다."],
  replay_option: ["Option '{option}' cannot be replayed here; options: {options}", "'{option}' 옵션이 있는 기록은 여기서 다시 볼 수 없습니다; 가능한 옵션: {options}"],
  replay_too_long: ["This record has {moves} moves; a replay here takes at most {max}.", "이 기록은 {moves}수입니다. 여기서는 {max}수까지 다시 볼 수 있습니다."],
  replay_rate: ["Too many new records replayed from your address; try again in {wait} s.", "이 주소에서 새 기록을 너무 많이 열었습니다. {wait}초 뒤에 다시 해 보세요."],
  // reviews and hints
  review_not_over: ["This game is not over: a game is analysed once it has ended.", "게임이 아직 끝나지 않았습니다: 분석은 게임이 끝난 뒤에 합니다."],
  analysis_off: ["Analysis is off on this server.", "이 서버에서는 분석을 쓸 수 없습니다."],
  review_rate: ["Too many game reviews started from your address; try again in {wait} s.", "이 주소에서 분석을 너무 많이 시작했습니다. {wait}초 뒤에 다시 해 보세요."],
  hint_over: ["The game is over: there is no move to hint at.", "게임이 끝나서 힌트를 줄 수가 없습니다."],
  hint_people: ["Hints are given only when no other person plays (seat {seat} is a person's).", "다른 사람이 함께 두는 게임에서는 힌트를 쓸 수 없습니다 ({seat}번 자리가 사람입니다)."],
  hint_not_to_move: ["A hint is for the seat to move.", "힌트는 둘 차례인 자리만 받을 수 있습니다."],
  hints_off: ["Hints are off on this server.", "이 서버에서는 힌트를 쓸 수 없습니다."],
  hint_rate: ["Too many hints asked from your address; try again in {wait} s.", "이 주소에서 힌트를 너무 많이 물었습니다. {wait}초 뒤에 다시 해 보세요."],
  hint_moved: ["The game moved on while the hint was thought; ask again.", "힌트를 생각하는 사이 게임이 진행되었습니다. 다시 물어보세요."],
  // accounts
  name_invalid: ["A name is {min}–{max} letters or digits (any script), without spaces or signs; '{name}' is not.",
    "이름은 글자나 숫자 {min}–{max}자입니다 (어느 문자든, 띄어쓰기와 기호 없이). '{name}'은(는) 쓸 수 없습니다."],
  name_character: ["The name '{name}' holds a character that is not a plain letter or digit; use letters and digits only.",
    "'{name}'에 보통 글자나 숫자가 아닌 문자가 있습니다. 글자와 숫자만 쓰세요."],
  password_length: ["A password is {min}–{max} characters; this one has {length}.", "비밀번호는 {min}–{max}자입니다. 이 비밀번호는 {length}자입니다."],
  login_pair_wait: ["Too many failed logins for this name from your address; try again in {wait} s.", "이 주소에서 이 이름으로 로그인에 너무 많이 실패했습니다. {wait}초 뒤에 다시 해 보세요."],
  login_address_wait: ["Too many login attempts from your address; try again in {wait} s.", "이 주소에서 로그인을 너무 많이 시도했습니다. {wait}초 뒤에 다시 해 보세요."],
  name_lookalike: ["The name '{name}' looks like the name '{other}' of another player; choose another.", "'{name}'은(는) 다른 플레이어의 이름 '{other}'와(과) 닮았습니다. 다른 이름을 고르세요."],
  name_taken: ["The name '{name}' is taken; choose another.", "'{name}'은(는) 이미 있는 이름입니다. 다른 이름을 고르세요."],
  login_wrong: ["Wrong name or password.", "이름이나 비밀번호가 틀렸습니다."],
  guest_no_password: ["Only an account has a password; a guest cannot set one.", "비밀번호는 계정에만 있습니다. 손님은 정할 수 없습니다."],
  password_wrong: ["The old password is wrong.", "지금 비밀번호가 틀렸습니다."],
  key_label: ["A key's label is 1–{max} printable characters.", "키 이름은 1–{max}자의 보이는 문자입니다."],
  guest_no_keys: ["Only an account can make API keys; a guest cannot.", "API 키는 계정만 만들 수 있습니다. 손님은 만들 수 없습니다."],
  keys_max: ["An account has at most {max} API keys; delete one first.", "계정마다 API 키는 {max}개까지입니다. 먼저 하나를 지우세요."],
  key_id_malformed: ["No API key '{key}'; a key's id is {length} hex digits.", "'{key}' API 키가 없습니다. 키의 id는 16진수 {length}자리입니다."],
  key_missing: ["No API key '{key}'.", "'{key}' API 키가 없습니다."],
  csrf_missing: ["This page's session token is missing ({header}); reload the page.", "이 페이지의 세션 토큰({header})이 없습니다. 페이지를 다시 불러오세요."],
  key_revoked: ["This API key is unknown or was deleted; make a new one on your account page.", "알 수 없거나 지워진 API 키입니다. 계정 페이지에서 새로 만드세요."],
  login_needed: ["Log in first, or play as a guest.", "먼저 로그인하거나 손님으로 플레이하세요."],
  guest_refused: ["A guest cannot do this; register an account (guests are never rated).", "손님은 할 수 없습니다. 계정을 만드세요 (손님은 레이팅이 없습니다)."],
  page_only: ["Passwords and API keys are managed from the account page, not with an API key.", "비밀번호와 API 키는 API 키가 아니라 계정 페이지에서 관리합니다."],
  login_needed_page: ["Log in first.", "먼저 로그인하세요."],
  guest_no_account: ["A guest has no password or API keys; register an account.", "손님에게는 비밀번호와 API 키가 없습니다. 계정을 만드세요."],
  // tables
  pace_kind: ["The pace must be real time or turn based.", "진행 속도는 실시간이나 턴제여야 합니다."],
  pace_realtime_limit: ["A real-time table has no time limit.", "실시간 테이블에는 시간 제한이 없습니다."],
  pace_limit: ["The time for a move must be a whole number of seconds from {min} to {max}.", "한 수 시간은 {min}초부터 {max}초까지의 정수여야 합니다."],
  pace_rule_missing: ["A turn-based table must say what happens to a seat ({rule}): the game is abandoned or a computer level plays ({levels}).",
    "턴제 테이블은 자리에 일어날 일({rule})을 정해야 합니다: 게임 중단, 또는 컴퓨터 수준({levels})이 대신 둡니다."],
  pace_rule_invalid: ["What happens to a seat ({rule}) must be to abandon the game or a computer level ({levels}); '{value}' is neither.",
    "자리에 일어날 일({rule})은 게임 중단이나 컴퓨터 수준({levels})이어야 합니다. '{value}'은(는) 둘 다 아닙니다."],
  table_players: ["{game} is for {min}–{max} players, not {count}.", "{game}은(는) {min}–{max}명이 합니다 ({count}명 불가)."],
  seat_mine: ["Exactly one seat must be yours.", "내 자리는 꼭 하나여야 합니다."],
  reserved_unknown: ["A reserved seat needs the name of a player: '{name}' is none.", "특정 플레이어 자리에는 플레이어 이름이 필요합니다: '{name}'은(는) 없는 플레이어입니다."],
  seat_level: ["A seat's level must be one of {levels}.", "자리의 컴퓨터 수준은 다음 중 하나여야 합니다: {levels}"],
  seat_kind: ["A seat is yours, open, kept for a player or a computer level.", "자리는 내 자리, 빈자리, 특정 플레이어 자리, 컴퓨터 중 하나여야 합니다."],
  seed_private: ["A chosen seed is only for a table where every person's seat is yours (solo or practice); a table with other people gets a secret seed.",
    "시드는 사람 자리가 모두 내 자리인 테이블(혼자나 연습)에만 정할 수 있습니다. 다른 사람이 있는 테이블은 비밀 시드를 씁니다."],
  table_missing: ["There is no table '{table}'.", "'{table}' 테이블이 없습니다."],
  table_not_open: ["This table has started or ended: no seat can be taken.", "이 테이블은 이미 시작했거나 끝나서 앉을 수 없습니다."],
  table_already_seated: ["You already sit at this table.", "이미 이 테이블에 앉아 있습니다."],
  seat_not_open: ["Seat {seat} is not open to you; open to you: {free}", "{seat}번 자리에는 앉을 수 없습니다. 앉을 수 있는 자리: {free}"],
  no_open_seat: ["No seat of this table is open to you.", "이 테이블에는 앉을 수 있는 자리가 없습니다."],
  seat_just_taken: ["That seat was just taken.", "그 자리는 방금 다른 사람이 앉았습니다."],
  not_seated: ["You do not sit at this table.", "이 테이블에 앉아 있지 않습니다."],
  table_start_creator: ["Only the table's creator can start it before it is full.", "자리가 다 차기 전에는 테이블을 만든 사람만 시작할 수 있습니다."],
  table_started: ["This table has started or ended already.", "이 테이블은 이미 시작했거나 끝났습니다."],
  level_unknown: ["The level must be one of {levels}.", "컴퓨터 수준은 다음 중 하나여야 합니다: {levels}"],
  leave_ended: ["This table's game has ended: there is nothing to leave.", "이 테이블의 게임은 끝나서 나갈 것이 없습니다."],
  table_game_gone: ["This table's game is gone.", "이 테이블의 게임이 없어졌습니다."],
  rematch_players: ["Only the table's players can ask for a rematch.", "테이블의 플레이어만 다시 하기를 청할 수 있습니다."],
  rematch_not_ended: ["A rematch follows a game that has ended.", "다시 하기는 게임이 끝난 뒤에 할 수 있습니다."],
  rematch_answer_players: ["Only the table's players can answer its rematch.", "테이블의 플레이어만 다시 하기에 답할 수 있습니다."],
  rematch_none: ["No rematch of this table is waiting for an answer.", "이 테이블에는 답을 기다리는 다시 하기가 없습니다."],
  rematch_accepted: ["You accepted this rematch: leave its table to stand up.", "이미 다시 하기를 받아들였습니다: 일어나려면 그 테이블에서 나가세요."],
  rematch_not_waiting: ["This rematch is not waiting for you.", "이 다시 하기는 나를 기다리지 않습니다."],
  player_missing: ["There is no player '{name}'.", "'{name}' 플레이어가 없습니다."],
  chat_empty: ["A chat message needs some text.", "채팅 메시지에 내용이 없습니다."],
  chat_long: ["A chat message is at most {max} characters.", "채팅 메시지는 {max}자까지입니다."],
  chat_rate: ["At most {count} chat messages a minute.", "채팅은 1분에 {count}개까지 보낼 수 있습니다."],
  chat_spectator: ["Only the table's players can write in its chat (spectators are muted).", "테이블의 플레이어만 채팅을 쓸 수 있습니다 (관전자는 읽기만 합니다)."],
  chat_message_missing: ["There is no message {message} at this table.", "이 테이블에 {message}번 메시지가 없습니다."],
  chat_report_own: ["You cannot report your own message.", "내 메시지는 신고할 수 없습니다."],
  // running the site
  metrics_address: ["The metrics answer only the addresses the server was given; not {address}.", "이 서버의 지표는 정해진 주소에만 보입니다 ({address}은(는) 아닙니다)."],
  // moderation
  account_banned: ["This account is banned until {until}: {reason}", "이 계정은 {until}까지 이용이 정지되었습니다: {reason}"],
  account_banned_for_good: ["This account is banned: {reason}", "이 계정은 이용이 정지되었습니다: {reason}"],
  chat_muted: ["You cannot write in chats until {until}: {reason}", "{until}까지 채팅을 쓸 수 없습니다: {reason}"],
  admin_page_only: ["Moderation is done from the admin page, not with an API key.", "관리는 API 키가 아니라 관리 페이지에서 합니다."],
  admin_only: ["Only the site's admins may do this.", "사이트 관리자만 할 수 있습니다."],
  admin_guest: ["{name} is a guest: only an account can be an admin.", "{name} 님은 손님입니다. 계정만 관리자가 될 수 있습니다."],
  player_unknown: ["No player is named {name}.", "{name}(이)라는 플레이어가 없습니다."],
  message_unknown: ["There is no chat message {message}.", "{message}번 채팅 메시지가 없습니다."],
  reason_needed: ["Give a reason (1 to 300 characters): the player and the audit log read it.", "이유를 적으세요(1~300자). 플레이어와 감사 기록에 남습니다."],
  sanction_kind: ["A sanction is one of {allowed}.", "제재는 {allowed} 중 하나입니다."],
  sanction_length: ["A {kind} lasts 1 to {max} minutes.", "{kind}은(는) 1분에서 {max}분까지입니다."],
  sanction_none: ["{name} has no {kind} in force.", "{name} 님에게 지금 걸린 {kind}이(가) 없습니다."],
  sanction_admin: ["{name} is an admin: revoke the role first (hanpan admin revoke {name}).", "{name} 님은 관리자입니다. 먼저 관리자 권한을 거두세요."],
  table_ended: ["This table has ended already ({status}).", "이 테이블은 이미 끝났습니다 ({status})."],
  // notifications
  notify_settings_object: ["The settings must be a JSON object.", "설정은 JSON 객체여야 합니다."],
  notify_setting_unknown: ["Unknown setting '{name}'; settings: {allowed}", "알 수 없는 설정 '{name}'; 가능한 설정: {allowed}"],
  notify_events_object: ["Each event takes push and mail, each on or off.", "알림마다 푸시와 메일을 각각 켜거나 끌 수 있습니다."],
  notify_event_unknown: ["Unknown event '{name}'; events: {allowed}", "알 수 없는 알림 '{name}'; 가능한 알림: {allowed}"],
  notify_channel_bad: ["The event {event} takes push and mail, each on or off.", "{event} 알림은 푸시와 메일을 각각 켜거나 끌 수 있습니다."],
  notify_lang_bad: ["The language must be en or ko.", "언어는 영어나 한국어여야 합니다."],
  notify_quiet_bad: ["Quiet hours are off, or a start and an end time (HH:MM).", "방해 금지 시간은 끄거나, 시작과 끝 시각(예: 22:00)을 정하세요."],
  notify_quiet_time: ["The quiet hours' {end} time must be a time of day HH:MM.", "방해 금지 시간의 {end} 시각은 22:00처럼 시:분 꼴이어야 합니다."],
  notify_tz_bad: ["The time zone must be a name like Asia/Seoul or UTC.", "시간대 이름이 올바르지 않습니다."],
  notify_tz_unknown: ["Unknown time zone '{name}'; give one like Asia/Seoul, Europe/Paris or UTC.", "'{name}' 시간대를 모릅니다. 목록에서 고르세요."],
  email_bad: ["That is not an e-mail address (name@example.org).", "메일 주소가 올바르지 않습니다 (이름@도메인 꼴로 쓰세요)."],
  email_off: ["This server sends no e-mail.", "이 서버는 메일을 보내지 않습니다."],
  email_throttled: ["At most {count} confirmation mails an hour; try again in {minutes} minutes.", "확인 메일은 한 시간에 {count}통까지입니다. {minutes}분 뒤에 다시 해 보세요."],
  email_address_throttled: ["This address was sent {count} confirmation mails today; try again in {hours} hours.", "이 주소로는 오늘 확인 메일을 {count}통 보냈습니다. {hours}시간 뒤에 다시 해 보세요."],
  email_busy: ["Too many confirmation mails are going out now; try again in {minutes} minutes.", "지금은 확인 메일이 너무 많이 나가고 있습니다. {minutes}분 뒤에 다시 해 보세요."],
  push_endpoint: ["This browser's push service is not one this server sends to ({services}).", "이 브라우저의 푸시 서비스로는 이 서버가 알림을 보내지 않습니다 ({services})."],
  email_unsent: ["The confirmation mail could not be sent now; try again later.", "지금은 확인 메일을 보낼 수 없습니다. 잠시 뒤에 다시 해 보세요."],
  email_token_unknown: ["This confirmation link is unknown or was used already; set the address again.", "알 수 없거나 이미 쓴 확인 링크입니다. 주소를 다시 정하세요."],
  unsubscribe_bad: ["This unsubscribe link is not valid; change your settings on the settings page.", "올바르지 않은 수신 거부 링크입니다. 설정 페이지에서 바꾸세요."],
};

/**
 * A parameter in `lang`: a text given in each language is shown in the page's (else English).
 * @param {any} value @param {string} lang @returns {string}
 */
function paramText(value, lang) {
  if (value && typeof value === "object") return String(value[lang] ?? value.en ?? "");
  if (typeof value === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value)) return when(value, lang);
  return String(value);
}

/**
 * A moment the server gives (ISO 8601) as the reader's clock shows it.
 * @param {string} iso @param {string} lang @returns {string}
 */
export function when(iso, lang) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(lang === "ko" ? "ko-KR" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
}

/**
 * An error answer's text in `lang`: its code from the catalogue with its parameters, else its `detail`.
 * @param {{detail?: string, code?: string, params?: Record<string, any>}} data @param {string} lang
 * @returns {string | null} null when the answer says nothing (not JSON, say)
 */
export function errorText(data, lang) {
  const pair = data && data.code ? ERRORS[data.code] : undefined;
  if (!pair) return data && data.detail ? data.detail : null;
  let text = pair[lang === "ko" ? 1 : 0];
  for (const [name, value] of Object.entries(data.params || {})) text = text.replaceAll(`{${name}}`, paramText(value, lang));
  return text;
}

/** A failure without an answer of the server's own (a proxy's page, a lost connection). @param {number} status @param {string} lang */
export function statusText(status, lang) {
  return lang === "ko" ? `서버가 요청을 처리하지 못했습니다 (HTTP ${status})` : `The server could not answer (HTTP ${status})`;
}
