// 신들의 정원 / Four Gardens in the browser: the shared table (see board.js).
//
// The tower (and Upheaval's tower builder), the gods' favour tracks, the display with the deck and the
// discards, the supply, and the bonus piles or the whim tiles.

import { bind, CARD_H, CARD_W, colourOf, GODS, nm, recentHeads, RES, SEAT_COLOURS, seatLabel, title, whimText } from "./context.js";
import { cardSvg, godBadge, pileMark, resIcon, sym, tokenDisc } from "./pieces.js";

/** @typedef {import("./context.js").Ctx} Ctx */

// --- tower -------------------------------------------------------------------------------------------

export function towerPanel(/** @type {Ctx} */ c) {
  const { svg, h, tr } = c.ui;
  const { v } = c;
  const mine = c.focus !== null && v.players[c.focus] ? v.players[c.focus].side : 0;
  const order = [0, 1, 2, 3].map((k) => (mine + k) % 4);
  /** @type {Record<number, number>} */
  const seatOfSide = {};
  v.players.forEach((/** @type {any} */ p, /** @type {number} */ i) => { seatOfSide[p.side] = i; });
  const labelW = 62;
  const colW = 44;
  const rowH = 28;
  const top = 24;
  const width = labelW + colW * 4 + 4;
  const height = top + rowH * 4 + 4;
  const root = svg("svg", { class: "fg-tower fg-scale", width, height, viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": tr("The tower", "탑") });
  root.append(title(c, tr("The tower: each floor's resource and how many icons each side sees; the highlighted column is your side.",
    "탑: 층마다 자원과 각 면에 보이는 아이콘 수. 강조한 열이 내 쪽 면입니다.")));
  order.forEach((side, k) => {
    const x = labelW + k * colW;
    const seat = seatOfSide[side];
    const isMine = k === 0 && c.focus !== null;
    if (isMine) root.append(svg("rect", { x: x + 1, y: 2, width: colW - 2, height: height - 4, rx: 6, class: "fg-myside" }));
    const label = seat === undefined ? tr(`side ${side}`, `${side}면`) : (isMine && c.viewer !== null ? tr("you", "나") : tr(`P${seat + 1}`, `${seat + 1}번`));
    root.append(svg("text", { x: x + colW / 2, y: 11, "text-anchor": "middle", "font-size": 10, "font-weight": isMine ? 700 : 400, fill: "#222", text: label }));
    if (seat !== undefined) root.append(svg("circle", { cx: x + colW / 2, cy: 18, r: 3, fill: SEAT_COLOURS[seat % 4] }));
  });
  [...v.tower].reverse().forEach((/** @type {any} */ floor, /** @type {number} */ i) => {
    const y = top + i * rowH;
    const r = floor.resource;
    root.append(svg("rect", { x: 2, y: y + 2, width: width - 4, height: rowH - 4, rx: 4, fill: colourOf(c, r), opacity: 0.14 }));
    root.append(svg("text", { x: 5, y: y + rowH / 2 + 4, "font-size": 11, "font-weight": 700, fill: "#222", text: `${floor.floor}` }));
    root.append(tokenDisc(c, r, 20, y + rowH / 2, 6.5, true));
    root.append(svg("text", { x: 30, y: y + rowH / 2 + 4, "font-size": 9, fill: "#222", text: nm(c, r) }));
    order.forEach((side, k) => {
      const n = floor.icons[side];
      const cx = labelW + k * colW + colW / 2;
      const g = svg("g", {}, title(c, tr(`floor ${floor.floor} (${nm(c, r)}): side ${side} sees ${n}`, `${floor.floor}층 (${nm(c, r)}): ${side}면에 ${n}개`)));
      if (n === 0) g.append(svg("circle", { cx, cy: y + rowH / 2, r: 1.6, fill: "#777" }));
      for (let j = 0; j < n; j++) g.append(tokenDisc(c, r, cx + (j - (n - 1) / 2) * 12, y + rowH / 2, 5.2, true));
      root.append(g);
    });
  });
  const turned = recentHeads(c, ["rotate", "tower", "upheaval"]);
  const headText = [tr("Tower", "탑")];
  if (turned.length) {
    const e = turned[turned.length - 1];
    const w = String(e.move).split(" ");
    if (w[0] === "rotate") headText.push(tr(` — ${seatLabel(c, e.seat)} turned it ${w[2] === "cw" ? "clockwise" : "counter-clockwise"}`,
      ` — ${seatLabel(c, e.seat)}: ${w[2] === "cw" ? "시계 방향" : "시계 반대 방향"}으로 돌림`));
    else headText.push(tr(` — rebuilt by ${seatLabel(c, e.seat)}`, ` — ${seatLabel(c, e.seat)}이(가) 다시 쌓음`));
  }
  const panel = h("section", { class: "fg-panel fg-tower-panel" }, h("div", { class: "fg-h" }, ...headText), root);
  for (const e of turned) c.ui.mark(root, String(e.move).split(" ")[0], e.seat);
  if (c.phase === "tower" && c.toMove) panel.append(towerBuilder(c));
  return panel;
}

/** Upheaval: choose the next floor's resource and the face toward you. */
function towerBuilder(/** @type {Ctx} */ c) {
  const { h, tr } = c.ui;
  const rows = RES.filter((r) => c.legal.some((m) => m.startsWith(`tower ${r} `))).map((r) => {
    const cells = [0, 1, 2, 3].map((f) => {
      const b = h("span", { class: "fg-chip fg-face" }, String(f));
      bind(c, b, `tower ${r} ${f}`, tr(`next floor: ${nm(c, r)}, ${f} icons toward you`, `다음 층: ${nm(c, r)}, 내 쪽 ${f}개`));
      return b;
    });
    return h("div", { class: "fg-build-row" }, resIcon(c, r), ` ${nm(c, r)} `, ...cells);
  });
  return h("div", { class: "fg-builder" },
    h("div", { class: "fg-note" }, tr(`Upheaval: floor ${c.v.turn_state.tower_built + 1} — resource and icons facing you`,
      `격변: ${c.v.turn_state.tower_built + 1}층 — 자원과 내 쪽 아이콘 수`)), ...rows);
}

// --- favour tracks -----------------------------------------------------------------------------------

export function tracksPanel(/** @type {Ctx} */ c) {
  const { svg, h, tr } = c.ui;
  const { v } = c;
  const low = (c.cat.track && c.cat.track.low) || 2;
  const high = (c.cat.track && c.cat.track.high) || 10;
  const spaces = high - low + 1;
  const labelW = 72;
  const outW = 24;
  const cellW = 25;
  const rowH = 27;
  const top = 12;
  const width = labelW + outW + cellW * spaces + 2;
  const height = top + rowH * 4 + 2;
  const root = svg("svg", { class: "fg-tracks fg-scale", width, height, viewBox: `0 0 ${width} ${height}` });
  root.append(svg("text", { x: labelW + outW / 2, y: 9, "text-anchor": "middle", "font-size": 8, fill: "#555", text: tr("out", "제거") }));
  for (let s = low; s <= high; s++) {
    root.append(svg("text", { x: labelW + outW + (s - low) * cellW + cellW / 2, y: 9, "text-anchor": "middle", "font-size": 8, fill: "#555", text: String(s) }));
  }
  // the gods whose favour the other seats' last turn changed: named in a move, or of a card they completed
  /** @type {Record<string, number[]>} */
  const movedBy = {};
  for (const e of c.ui.recent || []) {
    const words = String(e.move).split(" ");
    for (const w of words) if (GODS.includes(w)) (movedBy[w] = movedBy[w] || []).push(e.seat);
  }
  v.players.forEach((/** @type {any} */ p, /** @type {number} */ seat) => {
    for (const card of p.garden) {
      if (card.side === "landscape" && c.ui.marked(`c${card.id}`, seat)) {
        const gods = card.god === "wild" ? [] : [card.god];
        for (const g of gods) (movedBy[g] = movedBy[g] || []).push(seat);
      }
    }
  });
  GODS.forEach((god, i) => {
    const y = top + i * rowH;
    const row = svg("g", { class: "fg-track-row" });
    row.append(title(c, tr(`${nm(c, god)}'s favour track: a marker scores its space at the end`, `${nm(c, god)}의 총애 트랙: 게임 끝에 마커가 있는 칸의 점수`)));
    row.append(svg("rect", { x: 1, y: y + 1, width: width - 2, height: rowH - 2, rx: 5, fill: colourOf(c, god), opacity: 0.16, class: "fg-track-bg" }));
    row.append(godBadge(c, god, 11, y + rowH / 2, 9));
    row.append(svg("text", { x: 22, y: y + rowH / 2 + 3.5, "font-size": 9.5, "font-weight": 600, fill: "#222", text: nm(c, god) }));
    row.append(svg("rect", { x: labelW, y: y + 3, width: outW - 2, height: rowH - 6, rx: 3, fill: "#eee", stroke: "#bbb" }));
    for (let s = low; s <= high; s++) {
      row.append(svg("rect", {
        x: labelW + outW + (s - low) * cellW, y: y + 3, width: cellW - 2, height: rowH - 6, rx: 3, fill: "#fff", stroke: "#bbb",
      }));
    }
    /** @type {Record<string, number[]>} */
    const at = {};
    v.players.forEach((/** @type {any} */ p, /** @type {number} */ seat) => {
      const space = p.markers[god];
      const key = space ? String(space) : "out";
      (at[key] = at[key] || []).push(seat);
    });
    for (const [key, seats] of Object.entries(at)) {
      const x0 = key === "out" ? labelW : labelW + outW + (Number(key) - low) * cellW;
      const w = key === "out" ? outW - 2 : cellW - 2;
      seats.forEach((seat, k) => {
        const cx = x0 + (seats.length === 1 ? w / 2 : 6 + (k % 2) * (w - 12));
        const cy = y + (seats.length <= 2 ? rowH / 2 : 8 + Math.floor(k / 2) * 11);
        const m = svg("g", { class: "fg-marker" },
          title(c, `${seatLabel(c, seat)}: ${key === "out" ? tr("removed", "제거됨") : key}`),
          svg("circle", { cx, cy, r: 6, fill: key === "out" ? "#fff" : SEAT_COLOURS[seat % 4], stroke: SEAT_COLOURS[seat % 4], "stroke-width": 1.5 }),
          svg("text", { x: cx, y: cy + 3.3, "text-anchor": "middle", "font-size": 8.5, "font-weight": 700, fill: key === "out" ? SEAT_COLOURS[seat % 4] : "#fff", text: String(seat + 1) }));
        row.append(m);
      });
    }
    const token = c.phase === "favour" ? `favour ${god}` : c.phase === "comeback" ? `comeback ${god}` : c.phase === "sacrifice" ? god : null;
    if (token) bind(c, row, token, nm(c, god));
    if (movedBy[god]) {
      row.classList.add("last-move");
      const recent = c.ui.recent || [];  // the turn marked: its newest decision, as ui.mark says
      row.setAttribute("data-last-move", String(recent.length ? recent[recent.length - 1].n : 1));
    }
    root.append(row);
  });
  return h("section", { class: "fg-panel fg-tracks-panel" }, h("div", { class: "fg-h" }, tr("Favour of the gods", "신들의 총애")), root);
}

// --- the shared table: display, deck, bonus piles, whims ---------------------------------------------

export function marketPanel(/** @type {Ctx} */ c) {
  const { h, svg, tr } = c.ui;
  const { v } = c;
  const display = h("div", { class: "fg-row" }, ...v.display.map((/** @type {any} */ card) =>
    cardSvg(c, card, { side: "base", token: `take c${card.id}` })));
  const deckCard = v.deck.top
    ? cardSvg(c, v.deck.top, { side: "known", token: "draw", extra: tr(" · the deck's top card", " · 카드 더미 맨 위") })
    : svg("svg", { class: "fg-card", width: CARD_W, height: CARD_H, viewBox: `0 0 ${CARD_W} ${CARD_H}`, role: "img", "aria-label": tr("the deck is empty", "카드 더미 없음") },
      svg("rect", { x: 1, y: 1, width: CARD_W - 2, height: CARD_H - 2, rx: 6, fill: "none", stroke: "#888", "stroke-dasharray": "4 3" }));
  if (!v.deck.top) bind(c, deckCard, "draw", tr("draw", "뽑기"));
  c.ui.mark(deckCard, "draw");
  const deck = h("div", { class: "fg-stack" }, deckCard,
    h("div", { class: "fg-small" }, tr(`deck ${v.deck.size}`, `더미 ${v.deck.size}장`)));
  const pile = svg("svg", { class: "fg-card", width: CARD_W, height: CARD_H, viewBox: `0 0 ${CARD_W} ${CARD_H}`, role: "img",
    "aria-label": tr(`${v.discard.length} discarded cards`, `버린 카드 ${v.discard.length}장`) },
  title(c, tr(`${v.discard.length} discarded cards`, `버린 카드 ${v.discard.length}장`)),
  svg("rect", { x: 1, y: 1, width: CARD_W - 2, height: CARD_H - 2, rx: 6, fill: "#e9e4d8", stroke: "#888" }),
  svg("text", { x: CARD_W / 2, y: CARD_H / 2 + 6, "text-anchor": "middle", "font-size": 18, "font-weight": 700, fill: "#555", text: String(v.discard.length) }));
  for (const head of ["rotate", "gain", "rearrange", "upheaval", "abundance"]) c.ui.mark(pile, head);
  const discards = h("div", { class: "fg-stack" }, pile, h("div", { class: "fg-small" }, tr("discards", "버린 카드")));
  const parts = [
    h("div", { class: "fg-h" }, tr("Display & deck", "펼친 카드와 카드 더미")),
    h("div", { class: "fg-row fg-market" }, display, deck, discards),
  ];
  if (v.oppressed) parts.push(h("div", { class: "fg-note" }, sym(c, "slash"), tr(` Oppression lies on c${v.oppressed}`, ` 압제 타일: c${v.oppressed}`)));
  return h("section", { class: "fg-panel fg-market-panel" }, ...parts);
}

/** The supply: clickable while placing (put) or rearranging (return). */
export function supplyRow(/** @type {Ctx} */ c) {
  const { h, tr } = c.ui;
  const { v } = c;
  return h("div", { class: "fg-supply" }, h("span", { class: "fg-small" }, tr("Supply", "공급처")),
    ...RES.map((r) => {
      const chip = h("span", { class: "fg-reschip", title: `${nm(c, r)}: ${v.supply[r]}` }, resIcon(c, r), ` ${v.supply[r]}`);
      if (c.phase === "put") bind(c, chip, `put ${r}`, tr(`put ${nm(c, r)}`, `${nm(c, r)} 놓기`));
      else if (c.phase === "rearrange") bind(c, chip, `return ${r}`, tr(`return ${nm(c, r)} to the supply`, `${nm(c, r)} 반납`));
      return chip;
    }));
}

/** The whim tiles (promo) or the bonus piles: a panel of its own, beside or below the rest. */
export function tilesPanel(/** @type {Ctx} */ c) {
  const whims = c.v.options && c.v.options.whims;
  return c.ui.h("section", { class: "fg-panel fg-tiles-panel" + (whims ? " fg-whims-panel" : "") },
    whims ? whimsBlock(c) : pilesBlock(c));
}

function pilesBlock(/** @type {Ctx} */ c) {
  const { h, tr } = c.ui;
  const piles = c.cat.bonus_piles || [];
  return h("div", {},
    h("div", { class: "fg-h" }, tr("Bonus piles", "보너스 타일 더미")),
    h("div", { class: "fg-row" }, ...piles.map((/** @type {any} */ pile) => {
      const left = c.v.bonus_piles[pile.id] || [];
      const top = left.length ? left[left.length - 1] : null;
      const el = h("div", { class: "fg-tile fg-pile" + (top === null ? " fg-gone" : ""), title: `${nm(c, pile.id)}: ${c.ui.tr(pile.text.en, pile.text.ko)}` },
        h("div", { class: "fg-tile-name" }, pileMark(c, pile.id), " ", nm(c, pile.id)),
        h("div", { class: "fg-tile-val" }, top === null ? "—" : String(top), h("span", { class: "fg-small" }, tr(` · ${left.length} left`, ` · ${left.length}장 남음`))));
      bind(c, el, `bonus ${pile.id}`, nm(c, pile.id));
      c.ui.mark(el, `bonus ${pile.id}`);
      return el;
    })));
}

function whimsBlock(/** @type {Ctx} */ c) {
  const { h, tr } = c.ui;
  const { v } = c;
  const tiles = v.whims.revealed.map((/** @type {string} */ id) => {
    const w = c.byId[id] || {};
    const el = h("div", { class: "fg-tile fg-whim", title: whimText(c, id) },
      h("div", { class: "fg-tile-name" }, sym(c, "sparkle", 10), " ", nm(c, id)),
      h("div", { class: "fg-whim-text" }, w.when_text ? tr(w.when_text.en, w.when_text.ko) : ""));
    bind(c, el, `whim ${id}`, whimText(c, id));
    return el;
  });
  const stack = h("div", { class: "fg-tile fg-whim fg-facedown", title: tr("face-down whim tiles", "뒷면 변덕 타일") },
    h("div", { class: "fg-tile-val" }, String(v.whims.face_down)), h("div", { class: "fg-small" }, tr("face down", "뒷면")));
  return h("div", {}, h("div", { class: "fg-h" }, tr("Whims of the gods", "신들의 변덕")),
    h("div", { class: "fg-row fg-whims" }, ...tiles, stack));
}
