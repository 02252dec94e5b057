// Spirits of the Wild on the web page (docs/web-boards.md): draw(body, ui), legend(ui), prompt and endReason.
//
// Everything is drawn from body.view.  Tokens (what a click adds to the move being chosen), only for the
// seat to move and only in the phase that uses them:
//   card    action cards `take1` `take2` `add2` `add3`, the spirit piles' tops `deer` … `eagle`, `pass`
//   take    tray stones `take <stone>`
//   place   stones in hand `<stone>`, then a place `owl1` … `turtle`, or a spirit slot `spirit <animal>`
//           (just `<animal>` once the spirit stone in hand is chosen)
//   deer    a stone on your board `return <stone> <place>` / `return spirit <animal>`
//   bison   tray stones `bag <stone>`
//   coyote  your opponent's animals `coyote <animal>`, and `coyote stay`
//
// The board's modules: shared.js (names and helpers), pieces.js (the SVG pieces), last_turn.js (the other
// seats' last turn and its marks), player.js (a player's area), table.js (the middle of the table); this
// module puts them together and says what to do and why the game ended.

import { playerBoard } from "./player.js";
import { ICON_NAME, SPIRIT_HUE, coyote, defs, glyph, slot, spiritSlot, stone } from "./pieces.js";
import { CARDS, SPIRITS, firstSeat, myTurn, named, stoneName } from "./shared.js";
import { table } from "./table.js";

// --- what to do now, and why the game ended ----------------------------------------------------------

/** The held stone the seat to move is placing now: the chosen one, or the only kind in hand. @param {any} body @param {any} ui */
function placing(body, ui) {
  const kinds = Object.keys(body.view.held || {}).filter((k) => body.view.held[k] > 0);
  return kinds.find((k) => ui.chosen(k)) || (kinds.length === 1 ? kinds[0] : "");
}

/**
 * What the seat to move must do now, in the page's language ("" when it is not your turn).
 * @param {any} body @param {any} ui @returns {string}
 */
export function prompt(body, ui) {
  const view = body && body.view;
  if (!view || !myTurn(body) || view.status !== "playing") return "";
  const legal = /** @type {string[]} */ (body.legal || []);
  if (view.phase === "card") {
    if (legal.length === 1 && legal[0] === "pass") {
      return ui.tr("No action card can be used: pass", "쓸 수 있는 액션카드가 없습니다: 넘기세요");
    }
    const spirit = legal.some((m) => SPIRITS.includes(m));
    const card = legal.some((m) => CARDS.includes(m));
    if (spirit && card) return ui.tr("Choose an action card or a spirit", "액션카드나 영혼카드를 고르세요");
    if (spirit) return ui.tr("Choose a spirit card (Spirit & refresh)", "영혼카드를 고르세요 (영혼 & 복구)");
    return ui.tr("Choose an action card", "액션카드를 고르세요");
  }
  if (view.phase === "take") {
    const n = view.to_take || 1;
    return ui.tr(n === 1 ? "Take 1 stone from the tray" : `Take ${n} stones from the tray`, `접시에서 돌 ${n}개를 가져오세요`);
  }
  if (view.phase === "place") {
    const kind = placing(body, ui);
    if (kind === "spirit") return ui.tr("Place the spirit stone on a spirit slot", "영혼석을 동물의 영혼석 칸에 놓으세요");
    if (kind) return ui.tr(`Place the ${stoneName(ui, kind)} stone on an animal`, `${stoneName(ui, kind)} 돌을 동물에 놓으세요`);
    return ui.tr("Choose a stone in hand to place", "놓을 돌을 손에 든 돌에서 고르세요");
  }
  if (view.phase === "deer") return ui.tr("Deer: return a stone of your board to the tray", "사슴: 내 보드의 돌 1개를 접시로 돌려놓으세요");
  if (view.phase === "bison") return ui.tr("Bison: put a tray stone into the bag", "들소: 접시의 돌 1개를 주머니에 넣으세요");
  if (view.phase === "coyote") {
    return ui.tr("Move the coyote onto an animal of your opponent, or leave it", "코요테를 상대의 동물로 보내거나 그대로 두세요");
  }
  return "";
}

/**
 * Why the game ended, in one sentence in the page's language ("" while it is played).
 * @param {any} body @param {any} ui @returns {string}
 */
export function endReason(body, ui) {
  const view = body && body.view;
  if (!view) return "";
  const status = body.status || view.status;
  const name = (/** @type {number} */ p) => (ui.seatName ? ui.seatName(p) : ui.tr(`Player ${p + 1}`, `플레이어 ${p + 1}`));
  if (status === "unfinished") {
    const turns = (view.options && view.options.max_turns) || view.turn;
    return ui.tr(`The game was stopped at its turn limit (${turns} turns), with no winner.`,
      `차례 제한(${turns}번)에 닿아 게임이 멈췄습니다. 승자는 없습니다.`);
  }
  if (status !== "finished") return "";
  const out = view.spirit_stones_out || 0;
  const end = (ui.catalog && ui.catalog.spirit_stones_to_end) || 5;
  const log = body.log || [];
  const last = log.length ? log[log.length - 1].seat : null;
  let text = last === null || last === undefined
    ? ui.tr(`${out} spirit stones were out of the bag at the end of a turn (${end} end the game).`,
      `차례가 끝났을 때 주머니 밖 영혼석이 ${out}개였습니다 (${end}개면 게임 끝).`)
    : ui.tr(`${out} spirit stones were out of the bag at the end of ${name(last)}'s turn (${end} end the game).`,
      `${name(last)}의 차례가 끝났을 때 주머니 밖 영혼석이 ${out}개였습니다 (${end}개면 게임 끝).`);
  const winners = body.winners || view.winners || [];
  const totals = (view.scores || []).map((/** @type {any} */ s) => (s || {}).total || 0);
  if (totals.length === 2 && totals[0] === totals[1]) {
    if (winners.length === 1) {
      text += ui.tr(` Tied on ${totals[0]} points: the coyote stands on ${name(winners[0])}'s board, so they win.`,
        ` ${totals[0]}점 동점: 코요테가 ${name(winners[0])}의 보드에 있어 승리합니다.`);
    } else {
      text += ui.tr(` Tied on ${totals[0]} points and the coyote never left the middle: a draw.`,
        ` ${totals[0]}점 동점이고 코요테가 가운데를 떠나지 않아 무승부입니다.`);
    }
  }
  return text;
}

/**
 * Move the drawn texts of every click target out of it, to just after it (same place on screen, no pointer
 * events): a target's name is its label, which then never mismatches the text it shows (WCAG 2.5.3).
 * @param {any} ui @param {Element} root
 */
function liftTexts(ui, root) {
  root.querySelectorAll("svg [role='button']").forEach((el) => {
    const texts = [...el.querySelectorAll("text")];
    if (!texts.length || !el.parentNode) return;
    el.after(ui.svg("g", { class: "sotw-lifted", "aria-hidden": "true" }, texts));
  });
}

// --- the board and its legend --------------------------------------------------------------------------

/** @param {any} body @param {any} ui @returns {Element} */
export function draw(body, ui) {
  const root = ui.h("div", { class: "sotw" });
  if (!body.view) return root;
  const first = firstSeat(body);
  // on a phone the page shows what you act on and the other player as tabs (docs/web-boards.md)
  const seated = body.seat === 0 || body.seat === 1;
  root.append(ui.h("div", { class: "sotw-panel sotw-panel-board sotw-panel-first", "data-phone": seated ? "play" : null }, playerBoard(body, ui, first)));
  root.append(ui.h("div", { class: "sotw-panel sotw-panel-table", "data-phone": seated ? "play" : null }, table(body, ui, endReason(body, ui))));
  root.append(ui.h("div", { class: "sotw-panel sotw-panel-board sotw-panel-other", "data-phone": seated ? "others" : null }, playerBoard(body, ui, 1 - first)));
  liftTexts(ui, root);
  return root;
}

/** @param {any} ui @returns {Element} */
export function legend(ui) {
  const cat = ui.catalog || {};
  const mult = cat.spirit_multiplier || 2;
  const pic = (/** @type {Element[]} */ ...children) =>
    ui.svg("svg", { viewBox: "0 0 30 30", width: 22, height: 22, class: "sotw-icon", "aria-hidden": "true" }, defs(ui), children);
  const root = ui.h("div", { class: "sotw-legend" });

  root.append(ui.h("h3", {}, ui.tr("Animals", "동물")));
  root.append(ui.h("p", { class: "sotw-legend-note" }, ui.tr(
    `A spirit stone on an animal's spirit slot multiplies its points by ${mult}; the animal then takes no more stones. `
      + "No stone may go on the animal the coyote stands on.",
    `동물의 영혼석 칸에 영혼석을 놓으면 그 동물의 점수가 ${mult}배가 되고, 그 동물에는 더 이상 돌을 놓을 수 없습니다. `
      + "코요테가 있는 동물에는 어떤 돌도 놓을 수 없습니다.")));
  root.append(ui.h("dl", {}, (cat.animals || []).map((/** @type {any} */ a) => [
    ui.h("dt", {}, named(ui, a)), ui.h("dd", {}, named(ui, a.scoring || { en: "", ko: "" }))])));

  root.append(ui.h("h3", {}, ui.tr("Great Spirit cards", "영혼카드")));
  root.append(ui.h("dl", {}, (cat.spirit_cards || []).map((/** @type {any} */ s) => [
    ui.h("dt", {}, ui.h("span", { class: "sotw-swatch", style: `background:${SPIRIT_HUE[s.id] || "#555"}` }), named(ui, s)),
    ui.h("dd", {}, named(ui, s.text || { en: "", ko: "" }))])));

  root.append(ui.h("h3", {}, ui.tr("Action cards", "액션카드")));
  root.append(ui.h("dl", {}, (cat.action_cards || []).map((/** @type {any} */ c) => [
    ui.h("dt", {}, named(ui, c), c.copies > 1 ? ui.tr(` (${c.copies} copies)`, ` (${c.copies}장)`) : ""),
    ui.h("dd", {}, named(ui, c.text || { en: "", ko: "" }))])));

  root.append(ui.h("h3", {}, ui.tr("Stones and marks", "돌과 표시")));
  const marks = ui.h("ul", { class: "sotw-marks" });
  for (const s of cat.stones || []) {
    marks.append(ui.h("li", {}, pic(stone(ui, s.id, 15, 15, 11)),
      ` ${named(ui, s)}${s.id === "spirit" ? "" : ui.tr(` (${ICON_NAME[s.id][0]})`, ` (${ICON_NAME[s.id][1]})`)}: ${ui.tr(`${s.count} in the game`, `${s.count}개`)}`));
  }
  marks.append(ui.h("li", {}, pic(spiritSlot(ui, 15, 15, 10)), ` ${ui.tr(`spirit slot: a spirit stone here scores the animal x${mult}`, `영혼석 칸: 영혼석을 놓으면 그 동물 점수 ${mult}배`)}`));
  marks.append(ui.h("li", {}, pic(slot(ui, 15, 15, 11, false)), ` ${ui.tr("an empty slot; the small number under it is what the animal scores once it is filled", "빈 칸; 아래의 작은 숫자는 그 칸까지 채웠을 때의 점수")}`));
  marks.append(ui.h("li", {}, pic(coyote(ui, 15, 16, 10)), ` ${ui.tr("the coyote: no stone may go on the animal it stands on; it wins a tie for that board's owner", "코요테: 코요테가 있는 동물에는 돌을 놓을 수 없음; 동점이면 코요테가 있는 보드의 주인이 승리")}`));
  marks.append(ui.h("li", {}, ui.svg("svg", { viewBox: "0 0 30 30", width: 22, height: 22, "aria-hidden": "true" },
    ui.svg("rect", { x: 3, y: 4, width: 24, height: 22, rx: 4, class: "sotw-card-back" }),
    ui.svg("line", { x1: 6, y1: 7, x2: 24, y2: 23, class: "sotw-cross" }),
    ui.svg("line", { x1: 24, y1: 7, x2: 6, y2: 23, class: "sotw-cross" })),
  ` ${ui.tr("an action card face down (USED): crossed out until the Spirit & refresh card turns them all face up", "뒷면(사용함) 액션카드: 영혼 & 복구 카드로 모두 앞면이 될 때까지 X 표시")}`));
  marks.append(ui.h("li", {}, ui.h("span", { class: "sotw-ready-chip" }, ui.tr("ready", "사용 가능")),
    ` ${ui.tr("the Spirit & refresh card may be used (3 other cards face down)", "영혼 & 복구 카드를 쓸 수 있음 (다른 카드 3장이 뒷면)")}`));
  marks.append(ui.h("li", {}, pic(ui.svg("rect", { x: 3, y: 3, width: 24, height: 24, rx: 6, class: "sotw-ring" })),
    ` ${ui.tr("a dashed gold ring: what the other player's last turn changed (the card used, the stones placed, the tray refilled, the coyote moved)",
      "금색 점선 테두리: 상대가 지난 차례에 바꾼 것 (쓴 카드, 놓은 돌, 다시 채운 접시, 옮긴 코요테)")}`));
  marks.append(ui.h("li", {}, ui.svg("svg", { viewBox: "0 0 30 30", width: 22, height: 22, "aria-hidden": "true" },
    ui.svg("rect", { x: 0, y: 0, width: 30, height: 30, rx: 6, class: "sotw-head" }), glyph(ui, "turn", 15, 15, 12, "sotw-turn")),
  ` ${ui.tr("the player to move", "둘 차례인 플레이어")}`));
  root.append(marks);
  return root;
}
