// 신들의 정원 / Four Gardens in the browser: draw(body, ui) and legend(ui) (docs/web-boards.md).
//
// Everything is drawn from body.view (what the seat knows) and ui.catalog (webdata.catalog()).
// This module composes the page's entry points (draw, legend, prompt, endReason) from its neighbours:
// context.js (what all share), pieces.js (the SVG pieces and cards), table.js (the shared table) and
// player.js (a player's area).
// Click tokens (words of the move notation, docs/notation.md), bound only for the seat to move:
//   hand card            "c17"            play / rotate cw|ccw / gain / rearrange / upheaval / abundance
//   base card in garden  "c12"            put / move target, "complete c12"
//   empty cost icon      "put water c12"  (placing resources)
//   token on a card      "water c12"      (rearrange: move it from that card)
//   token in storage     "water storage"  (rearrange: move it from storage), the storage box "storage"
//   supply resource      "put water" while placing, "return water" while rearranging
//   display card "take c5", deck "draw", god track "favour autumn" / "comeback autumn" / "autumn"
//   (Sacrifice), bonus pile "bonus gain", revealed whim tile "whim grace", kept tiles "foresight",
//   "grace", "upheaval", "oppress"; an opponent's base card "oppress c33"; Upheaval's tower builder
//   "tower wood 3" and "collect up|down"; and whole moves with no object ("done", "end", …) as chips.

import { colourOf, context, seatLabel } from "./context.js";
import { cardSvg, colourIcon, colourShape, godBadge, godIconSvg, pileMark, resIcon, rotateMark, seatDot, sym, tokenDisc } from "./pieces.js";
import { playerPanel } from "./player.js";
import { marketPanel, tilesPanel, tracksPanel } from "./table.js";

// --- what to do now (the page's action bar) and why the game ended ----------------------------------

const PHASE_TEXT = {
  action: ["Click a hand card to play, rotate, gain or rearrange with it", "손패를 눌러 내려 놓기·회전·획득·재배치"],
  put: ["Place the resources: a supply icon, then a base card's empty icon or your storage", "자원 놓기: 공급처 자원, 그다음 기초 카드의 빈 칸이나 창고"],
  rearrange: ["Rearrange: click a resource on a base card or in storage, then where it goes; done to finish", "재배치: 기초 카드나 창고의 자원, 그다음 옮길 곳; 마치면 마치기"],
  complete: ["Choose the next base card to complete", "다음에 완성할 기초 카드 선택"],
  favour: ["Wild god: choose a god's track", "와일드 신: 신의 트랙 선택"],
  bonus: ["Choose a bonus pile", "보너스 타일 더미 선택"],
  whim: ["Take a revealed whim tile", "펼친 변덕 타일 가져오기"],
  refill: ["Refill your hand: a display card or the deck", "손패 보충: 펼친 카드 또는 카드 더미"],
  consecrate: ["Consecration: take the storage expansions or keep the tile", "축성: 창고 확장 또는 보관"],
  abundance: ["Abundance: discard a hand card", "풍족: 손패 1장 버리기"],
  sacrifice: ["Sacrifice: a god's track down, then another up", "희생: 한 신의 트랙을 내리고 다른 신을 올리기"],
  comeback: ["Comeback: put a removed marker back, or keep the tile", "재기: 제거된 마커 복귀 또는 보관"],
  tower: ["Upheaval: build the tower floor by floor", "격변: 탑을 한 층씩 쌓기"],
  collect: ["Upheaval: collect from the bottom or the top", "격변: 아래층 또는 위층부터 수집"],
};

/** What the seat to move must do now, in the page's language ("" when it is not your turn).
 * @param {any} body @param {any} ui @returns {string} */
export function prompt(body, ui) {
  const c = context(ui, body);
  if (!c.toMove || !body.view) return "";
  const { tr } = ui;
  const ts = c.v.turn_state || {};
  const pt = /** @type {any} */ (PHASE_TEXT)[c.phase];
  let text = pt ? tr(pt[0], pt[1]) : "";
  if (c.phase === "action" && ts.actions_allowed) {
    text += tr(` (action ${ts.actions_done + 1} of ${ts.actions_allowed})`, ` (행동 ${ts.actions_allowed}번 중 ${ts.actions_done + 1}번째)`);
  }
  if (c.phase === "put" && ts.place_left) text += tr(` (${ts.place_left} left)`, ` (${ts.place_left}개 남음)`);
  if (c.phase === "tower") text += tr(` (floor ${ts.tower_built + 1} of 4)`, ` (4층 중 ${ts.tower_built + 1}층)`);
  if (ts.foresight && c.phase === "refill") text += tr(" — Foresight: from the display only", " — 예지: 펼친 카드에서만");
  if (ts.game_end_triggered) text += tr(" — last round", " — 마지막 라운드");
  return text;
}

/** Why the game ended, once it has (from body.view), in the page's language; "" otherwise.
 * @param {any} body @param {any} ui @returns {string} */
export function endReason(body, ui) {
  const v = body.view;
  if (!v) return "";
  const { tr } = ui;
  const status = body.status || v.status;
  if (status === "unfinished") return tr("The game was stopped at its turn limit, unfinished: no winner.", "턴 제한에 걸려 미완료로 멈췄습니다: 승자 없음.");
  if (status !== "finished") return "";
  const cat = ui.catalog || {};
  const need = cat.end_landscapes ? cat.end_landscapes[String(v.players.length)] : null;
  const c = context(ui, body);
  /** @type {string[]} */
  const reached = [];
  v.players.forEach((/** @type {any} */ p, /** @type {number} */ i) => { if (need !== null && p.landscapes >= need) reached.push(seatLabel(c, i)); });
  const who = reached.length ? reached.join(", ") : tr("A player", "한 플레이어");
  return need
    ? tr(`${who} reached ${need} landscape cards, so the round was played to its end and the game is over.`,
      `${who}이(가) 풍경 카드 ${need}장에 이르러, 그 라운드를 끝까지 마치고 게임이 끝났습니다.`)
    : tr("A player reached the landscape cards that end the game; the round was finished.", "풍경 카드 수가 종료 조건에 이르러 라운드를 마치고 게임이 끝났습니다.");
}

// --- the whole table ---------------------------------------------------------------------------------

/** @param {any} body @param {any} ui @returns {Element} */
export function draw(body, ui) {
  const c = context(ui, body);
  const { h, tr } = ui;
  const n = c.v.players.length;
  const first = c.focus !== null && c.focus >= 0 && c.focus < n ? c.focus : 0;
  const order = [...Array(n).keys()].map((k) => (first + k) % n);
  const parts = [];
  if (body.status !== "playing") {
    const reason = endReason(body, ui);
    const winners = c.v.winners && c.v.winners.length ? c.v.winners : body.winners || [];
    parts.push(h("div", { class: "fg-end" }, sym(c, "flag", 12, "#7a2e0e"), " ",
      body.status === "finished" ? tr("Game over — ", "게임 종료 — ") : "",
      body.status === "finished" ? (winners.length ? tr("winner: ", "승자: ") + winners.map((/** @type {number} */ s) => seatLabel(c, s)).join(", ") : tr("no winner", "승자 없음")) : "",
      reason ? h("span", { class: "fg-small" }, " ", reason) : null));
  }
  // on a phone the page shows what you act on and the other players as tabs (docs/web-boards.md)
  const mine = playerPanel(c, order[0], true);
  mine.setAttribute("data-phone", "play");
  parts.push(mine,
    h("div", { class: "fg-table", "data-phone": "play" }, tracksPanel(c), marketPanel(c), tilesPanel(c)),
    h("div", { class: "fg-players", "data-phone": "others" }, ...order.slice(1).map((seat) => playerPanel(c, seat, false))));
  // decisions on the shared table (refill, a god's track, a bonus pile or whim tile): on a phone the
  // table moves above your area so that what you choose from is in the window (board.css)
  const shared = c.toMove && ["refill", "favour", "comeback", "sacrifice", "bonus", "whim"].includes(c.phase);
  return h("div", { class: `fg-board fg-n${n}` + (shared ? " fg-shared-first" : "") }, ...parts);
}

// --- legend ------------------------------------------------------------------------------------------

/** @param {any} ui @returns {Element} */
export function legend(ui) {
  const body = { view: { phase: "", players: [], turn_state: {} }, legal: [], seat: null, current_player: null };
  const c = context(ui, body);
  const { h, tr, svg } = ui;
  const cat = c.cat;
  const sample = { id: 17, colour: "orange", position: 2, god: "autumn", action: "rotate", floor: 2, direction: "up", cost: ["water", "grass", "wood", "wood"] };
  const sampleLand = { id: 17, colour: "orange", position: 2, god: "autumn" };
  const cards = h("div", { class: "fg-row" },
    h("figure", {}, cardSvg(c, sample, { side: "base", tokens: { grass: 1, wood: 1 } }), h("figcaption", { class: "fg-small" }, tr("base side", "기초 면"))),
    h("figure", {}, cardSvg(c, sampleLand, { side: "landscape" }), h("figcaption", { class: "fg-small" }, tr("landscape side", "풍경 면"))),
    h("figure", {}, cardSvg(c, { colour: "orange", position: 2, god: "autumn" }, { side: "known" }), h("figcaption", { class: "fg-small" }, tr("base side unknown", "기초 면 모름"))));
  /** @param {number} w @param {string} label @param {...any} kids */
  const box = (w, label, ...kids) => svg("svg", { width: w, height: 22, viewBox: `0 0 ${w} 22`, role: "img", "aria-label": label }, ...kids);
  /** @type {Record<string, (s: any) => any>} */
  const marks = {
    rotate_up: (s) => box(44, tr(s.en, s.ko), rotateMark(c, { floor: 2, direction: "up" }, 22, 11)),
    rotate_down: (s) => box(44, tr(s.en, s.ko), rotateMark(c, { floor: 3, direction: "down" }, 22, 11)),
    gain: () => "+1",
    // their label is the page's own text (the catalog's speaks of the terminal's letters, "[wgtt]")
    covered: () => box(40, tr(texts.covered[0], texts.covered[1]), ...["water", "grass", "wood"].map((r, i) => tokenDisc(c, r, 7 + i * 13, 11, 5.6, true))),
    empty: () => box(40, tr(texts.empty[0], texts.empty[1]), ...["water", "grass", "wood"].map((r, i) => tokenDisc(c, r, 7 + i * 13, 11, 5.6, false))),
    place: (s) => box(40, tr(s.en, s.ko), svg("rect", { x: 0, y: 2, width: 40, height: 18, rx: 4, fill: colourOf(c, "orange") }),
      colourShape(c, "orange", 9, 11, 6), svg("text", { x: 18, y: 15, "font-size": 11, "font-weight": 700, fill: "#fff", text: "2" }),
      svg("text", { x: 27, y: 15, "font-size": 8, fill: "#fff", text: "/3" })),
    god: (s) => box(22, tr(s.en, s.ko), godBadge(c, "spring", 11, 11, 10)),
    unknown: () => "?",
    id: () => "c17",
  };
  const texts = {
    covered: ["a cost icon covered by a token, drawn filled", "자원이 놓인 비용 칸, 채워서 그림"],
    empty: ["a cost icon still empty, drawn dashed", "아직 빈 비용 칸, 점선으로 그림"],
  };
  const symbols = h("dl", { class: "fg-dl" }, ...(cat.symbols || []).filter((/** @type {any} */ s) => marks[s.id]).flatMap((/** @type {any} */ s) => {
    const t = /** @type {any} */ (texts)[s.id];
    return [h("dt", {}, marks[s.id](s)), h("dd", {}, t ? tr(t[0], t[1]) : tr(s.en, s.ko))];
  }));
  const resources = h("ul", { class: "fg-ul" }, ...(cat.resources || []).map((/** @type {any} */ r) =>
    h("li", {}, resIcon(c, r.id, 18), ` ${tr(r.en, r.ko)} (${r.count})`)));
  const iconText = (/** @type {any} */ item) => item.icon ? ` (${tr(item.icon.en, item.icon.ko)})` : "";
  resources.replaceChildren(...(cat.resources || []).map((/** @type {any} */ r) =>
    h("li", {}, resIcon(c, r.id, 18), ` ${tr(r.en, r.ko)}${iconText(r)}: ${tr(`${r.count} tokens`, `${r.count}개`)}`)));
  const gods = h("ul", { class: "fg-ul" }, ...[...(cat.gods || []), cat.wild].filter(Boolean).map((/** @type {any} */ g) =>
    h("li", {}, godIconSvg(c, g.id, 18), ` ${tr(g.en, g.ko)}${iconText(g)}`, g.text ? ` — ${tr(g.text.en, g.text.ko)}` : "")));
  const colours = h("ul", { class: "fg-ul" }, ...(cat.colours || []).map((/** @type {any} */ k) =>
    h("li", {}, colourIcon(c, k.id, 18), ` ${tr(k.en, k.ko)}${iconText(k)}: ${tr(`${k.size} cards`, `${k.size}장`)}`)));
  const piles = h("ul", { class: "fg-ul" }, ...(cat.bonus_piles || []).map((/** @type {any} */ b) =>
    h("li", {}, h("b", {}, pileMark(c, b.id), ` ${tr(b.en, b.ko)}`), ` [${[...b.values].reverse().join(", ")}]: ${tr(b.text.en, b.text.ko)}`)));
  const whims = h("ul", { class: "fg-ul" }, ...(cat.whims || []).map((/** @type {any} */ w) =>
    h("li", {}, h("b", {}, sym(c, "sparkle", 10), ` ${tr(w.en, w.ko)}`), `: ${tr(w.text.en, w.text.ko)}`)));
  const table = h("ul", { class: "fg-ul" },
    h("li", {}, tr("Your area comes first: your hand, storage, the supply and the tower; then your garden.",
      "내 영역이 먼저 나옵니다: 손패, 창고, 공급처, 탑; 그다음 내 정원.")),
    h("li", {}, tr("Tower: a row per floor (4 at the top) with its resource; a column per tower side, your side first and highlighted; the icons are what that side sees.",
      "탑: 층마다 한 줄 (맨 위가 4층)과 그 자원, 탑의 면마다 한 열 (내 쪽이 처음, 강조); 아이콘은 그 면에 보이는 수입니다.")),
    h("li", {}, seatDot(c, 0), " ", seatDot(c, 1), " ", seatDot(c, 2), " ", seatDot(c, 3), tr(" the players' markers, by seat number; a hollow marker under “out” was removed.",
      " 플레이어 마커 (자리 번호); “제거” 칸의 빈 마커는 제거된 마커입니다.")),
    h("li", {}, tr("Garden: a group per landscape colour, a place per position (dashed: empty); n/size = landscape cards done.",
      "정원: 전경 색마다 한 묶음, 위치마다 한 칸 (점선: 빈 칸); n/크기 = 완성한 풍경 카드 수.")),
    h("li", {}, tr("In a rearrange, a card's corner shows − and a resource (it gave that resource: may not take it back) or + (it received it: may not give it).",
      "재배치 중 카드 구석의 − 자원 (그 자원을 줌: 다시 받을 수 없음), + 자원 (받음: 줄 수 없음).")),
    h("li", {}, sym(c, "slash"), tr(" a base card under Oppression: no token may be placed on it. ", " 압제 타일이 놓인 기초 카드: 자원을 놓을 수 없음. "),
      sym(c, "flag"), tr(" a player has the landscape cards that end the game: the round is being finished.", " 게임 종료 조건의 풍경 카드 수에 이름: 이번 라운드를 마칩니다.")),
    h("li", {}, h("span", { class: "fg-chip last-move" }, tr("dashed gold ring", "점선 금색 테두리")),
      tr(" what the other players changed in their last turn.", " 다른 플레이어가 지난 차례에 바꾼 것.")));
  return h("div", { class: "fg-legend" },
    h("h3", {}, tr("Cards", "카드")), cards, symbols,
    h("h3", {}, tr("Resources", "자원")), resources,
    h("h3", {}, tr("Gods", "신")), gods,
    h("h3", {}, tr("Landscapes", "전경")), colours,
    h("h3", {}, tr("Table", "게임판")), table,
    h("h3", {}, tr("Bonus piles", "보너스 타일 더미")), piles,
    h("h3", {}, tr("Whims of the gods (promo)", "신들의 변덕 (프로모)")), whims);
}
