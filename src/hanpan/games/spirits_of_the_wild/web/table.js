// Spirits of the Wild's web board: the middle of the table, laid out in SVG: whose turn, the two spirit
// piles, the tray, the bag, the spirit stones out, the coyote when it is in the middle, the buttons, and
// the final banner.

import { lastTurn, markWith, ring } from "./last_turn.js";
import { SPIRIT_HUE, button, coyote, defs, hit, spiritSlot, stone } from "./pieces.js";
import {
  KINDS, SPIRITS, firstSeat, item, lines, myTurn, named, spread, stoneName, textWidth, wrap,
} from "./shared.js";

const TW = 380;

/**
 * A spirit pile: its top card face up (the only usable one) over the backs of the others.
 * @param {any} body @param {any} ui @param {(string | null)[]} pile @param {number} x @param {number} y
 * @param {number} w @param {number} h @param {number} n
 */
function spiritPile(body, ui, pile, x, y, w, h, n) {
  const g = ui.svg("g", { class: "sotw-pile" });
  const depth = Math.max(0, pile.length - 1);
  for (let i = depth; i >= 1; i--) {
    g.append(ui.svg("rect", { x: x + i * 4, y: y + i * 4, width: w, height: h, rx: 8, class: "sotw-pile-back" }));
  }
  const top = pile[0];
  if (!top) {
    g.append(ui.svg("rect", { x, y, width: w, height: h, rx: 8, class: "sotw-pile-back" }));
    g.append(ui.svg("text", { x: x + w / 2, y: y + h / 2, "text-anchor": "middle", class: "sotw-pile-q" }, "?"));
    return g;
  }
  const card = item(ui, "spirit_cards", top);
  // The spirit card the last turn used went to the bottom of this pile.
  const used = lastTurn(ui).cards.find((e) => SPIRITS.includes(e.move.trim()) && pile.includes(e.move.trim()));
  const face = ui.svg("g", { class: "sotw-spirit-card" });
  face.append(hit(ui, x - 3, y - 3, w + 6, h + 6, 10));
  face.append(ui.svg("rect", { x, y, width: w, height: h, rx: 8, class: "sotw-spirit-face" }));
  face.append(ui.svg("path", {
    d: `M ${x} ${y + 8} a 8 8 0 0 1 8 -8 h ${w - 16} a 8 8 0 0 1 8 8 v 26 h ${-w} Z`,
    fill: SPIRIT_HUE[top] || "#555",
  }));
  face.append(ui.svg("text", { x: x + 10, y: y + 23, class: "sotw-spirit-name" }, named(ui, card)));
  face.append(ui.svg("text", { x: x + w - 10, y: y + 23, "text-anchor": "end", class: "sotw-pile-n" },
    ui.tr(`pile ${n}`, `${n}번 더미`)));
  const text = named(ui, card.text || { en: "", ko: "" });
  const size = ui.lang === "ko" ? 12 : 12.5;
  face.append(lines(ui, x + 10, y + 52, wrap(text, w - 20, size), size + 4.5,
    { class: "sotw-spirit-text", "font-size": size }));
  g.append(face);
  if (used) markWith(ui, g, used, ring(ui, x - 5, y - 5, w + depth * 4 + 10, h + depth * 4 + 10, 10));
  if (myTurn(body) && body.view.phase === "card") ui.bind(face, top, `${named(ui, card)}: ${text}`);
  return g;
}

/** The tray, the spirit piles, the bag and the coyote in the middle.
 * @param {any} body @param {any} ui @param {string} why why the game ended (endReason), for its banner */
export function table(body, ui, why) {
  const view = body.view;
  const parts = [defs(ui)];
  const turn = (view.turn || 0) + 1;

  parts.push(ui.svg("rect", { x: 0, y: 0, width: TW, height: 36, rx: 10, class: "sotw-head sotw-head-table" }));
  parts.push(ui.svg("text", { x: 12, y: 24, class: "sotw-name" }, ui.tr(`Turn ${turn}`, `${turn}번째 차례`)));
  if (view.status === "playing" && view.current_player !== null && view.current_player !== undefined) {
    const who = ui.seatName ? ui.seatName(view.current_player) : "";
    const pr = body.thinking && !myTurn(body) ? ui.tr(`${who} is thinking`, `${who} 생각 중`) : ui.tr(`${who} to move`, `${who} 차례`);
    parts.push(ui.svg("text", { x: TW - 12, y: 24, "text-anchor": "end", class: "sotw-prompt",
      "font-size": textWidth(pr, 13) > TW - 130 ? 11 : 13 }, pr));
  }

  // The two spirit piles.
  let y = 50;
  parts.push(ui.svg("text", { x: 12, y: y + 6, class: "sotw-label" },
    ui.tr("Great Spirits (only the tops)", "영혼카드 더미 (맨 위만 사용)")));
  y += 16;
  const pw = 166;
  const ph = 128;
  (view.spirit_piles || []).forEach((/** @type {(string | null)[]} */ pile, /** @type {number} */ i) => {
    const x = 12 + i * (pw + 20);
    parts.push(spiritPile(body, ui, pile, x, y, pw, ph, i + 1));
    const below = pile.slice(1).map((c) => (c ? named(ui, item(ui, "spirit_cards", c)) : "?"));
    parts.push(ui.svg("text", { x, y: y + ph + 22, class: "sotw-under" },
      below.length ? `${ui.tr("below", "아래")}: ${below.join(" / ")}` : ""));
  });
  y += ph + 40;

  // The tray.
  const tray = spread(view.tray || {});
  const canTake = myTurn(body) && view.phase === "take";
  const canBag = myTurn(body) && view.phase === "bison";
  const facts = lastTurn(ui);
  parts.push(ui.svg("text", { x: 12, y: y + 6, class: "sotw-label" },
    `${ui.tr("Tray", "접시")} (${tray.length})`));
  if (facts.taken.length) {
    // The stones the last turn took from the tray (they are on that player's board now, or in hand).
    const e = facts.taken[facts.taken.length - 1].e;
    const label = ui.tr("taken last turn", "지난 차례에 가져간 돌");
    const tx = TW - 16 - facts.taken.length * 22;
    const tg = ui.svg("g", { class: "sotw-taken" },
      ui.svg("text", { x: tx - 8, y: y + 6, "text-anchor": "end", class: "sotw-hint" }, label),
      facts.taken.map((f, i) => stone(ui, f.kind, tx + 10 + i * 22, y + 2, 8.5)));
    markWith(ui, tg, e, ring(ui, tx - 2, y - 9, facts.taken.length * 22 + 4, 22, 11));
    parts.push(tg);
  }
  y += 14;
  const perRow = 9;
  const rows = Math.max(1, Math.ceil(tray.length / perRow));
  const trayH = rows * 34 + 14;
  const trayRect = ui.svg("rect", { x: 8, y, width: TW - 16, height: trayH, rx: trayH / 2 > 26 ? 26 : trayH / 2, class: "sotw-tray" });
  if (facts.tray) ui.mark(trayRect, facts.tray.move, facts.tray.seat);
  parts.push(trayRect);
  if (!tray.length) {
    parts.push(ui.svg("text", { x: TW / 2, y: y + trayH / 2 + 5, "text-anchor": "middle", class: "sotw-hint" },
      ui.tr("empty", "비어 있음")));
  }
  tray.forEach((kind, i) => {
    const r = Math.floor(i / perRow);
    const inRow = Math.min(perRow, tray.length - r * perRow);
    const sx = TW / 2 + ((i % perRow) - (inRow - 1) / 2) * 34;
    const sy = y + 24 + r * 34;
    const g = ui.svg("g", { class: "sotw-tray-stone" }, hit(ui, sx - 16, sy - 16, 32, 32, 16), stone(ui, kind, sx, sy, 13));
    if (canTake) ui.bind(g, `take ${kind}`, `${ui.tr("take", "가져오기")} ${stoneName(ui, kind)}`);
    if (canBag) ui.bind(g, `bag ${kind}`, `${ui.tr("into the bag", "주머니에")} ${stoneName(ui, kind)}`);
    parts.push(g);
  });
  y += trayH + 14;

  // The bag, kind by kind.
  const bag = view.bag || {};
  const inBag = KINDS.reduce((n, k) => n + (bag[k] || 0), 0);
  parts.push(ui.svg("text", { x: 12, y: y + 6, class: "sotw-label" }, `${ui.tr("Bag", "주머니")} (${inBag})`));
  y += 22;
  KINDS.forEach((kind, i) => {
    const x = 22 + i * 51;
    const n = bag[kind] || 0;
    const g = ui.svg("g", { class: n ? "sotw-bag" : "sotw-bag sotw-bag-empty" },
      stone(ui, kind, x, y, 10),
      ui.svg("text", { x: x + 14, y: y + 5, class: "sotw-count" }, `x${n}`));
    const bagged = facts.bagged.find((f) => f.kind === kind);
    if (bagged) markWith(ui, g, bagged.e, ring(ui, x - 14, y - 14, 46, 28, 14));
    parts.push(g);
  });
  y += 26;

  // Spirit stones out of the bag: the game ends at the end of a turn with this many out.
  const out = view.spirit_stones_out || 0;
  const end = (ui.catalog && ui.catalog.spirit_stones_to_end) || 5;
  parts.push(ui.svg("text", { x: 12, y: y + 6, class: "sotw-label" },
    ui.tr(`Spirit stones out: ${out} of ${end} ends the game`, `꺼낸 영혼석: ${out} / ${end} (${end}개면 게임 끝)`)));
  y += 22;
  for (let i = 0; i < end; i++) {
    const x = 24 + i * 30;
    parts.push(i < out ? stone(ui, "spirit", x, y, 10) : spiritSlot(ui, x, y, 10));
  }
  if (out > end) parts.push(ui.svg("text", { x: 24 + end * 30, y: y + 5, class: "sotw-count" }, `+${out - end}`));
  y += 24;

  // The coyote when it is in the middle, and the buttons.
  const buttons = [];
  if (!view.coyote) {
    const c = coyote(ui, 30, y + 18, 13);
    if (facts.coyote) markWith(ui, c, facts.coyote, ui.svg("circle", { cx: 30, cy: y + 18, r: 18, class: "sotw-ring" }));
    parts.push(c);
    parts.push(ui.svg("text", { x: 52, y: y + 23, class: "sotw-hint" }, ui.tr("The coyote is in the middle", "코요테는 가운데에")));
    y += 44;
  }
  if (myTurn(body) && view.phase === "coyote") {
    buttons.push(button(ui, "coyote stay", ui.tr("Leave the coyote where it is", "코요테 그대로 두기"), 12, y, TW - 24));
  }
  if (myTurn(body) && (body.legal || []).includes("pass")) {
    buttons.push(button(ui, "pass", ui.tr("Pass (no card can be used)", "넘기기 (쓸 수 있는 카드 없음)"), 12, y, TW - 24));
  }
  for (const b of buttons) {
    parts.push(b);
    y += 44;
  }
  if (view.status !== "playing") {
    const reason = wrap(why, TW - 36, 12);
    const bh = 40 + reason.length * 16;
    parts.push(ui.svg("rect", { x: 8, y, width: TW - 16, height: bh, rx: 10, class: "sotw-banner" }));
    parts.push(lines(ui, 20, y + 50, reason, 16, { class: "sotw-banner-reason" }));
    const first = firstSeat(body);
    const name = (/** @type {number} */ p) => (ui.seatName ? ui.seatName(p) : ui.tr(`Player ${p + 1}`, `플레이어 ${p + 1}`));
    const total = (/** @type {number} */ p) => (view.scores[p] || {}).total || 0;
    const line = `${name(first)} ${total(first)} : ${total(1 - first)} ${name(1 - first)}`;
    parts.push(ui.svg("text", { x: TW / 2, y: y + 26, "text-anchor": "middle", class: "sotw-banner-text",
      "font-size": Math.min(15, (TW - 40) / textWidth(line, 1.08)).toFixed(1) }, line));
    y += bh + 8;
  }
  return ui.svg("svg", { viewBox: `0 0 ${TW} ${y + 4}`, class: "sotw-svg sotw-table", role: "group",
    "aria-label": ui.tr("Table", "테이블") }, parts);
}
