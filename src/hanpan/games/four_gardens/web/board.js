// 신들의 정원 / Four Gardens in the browser: draw(body, ui) and legend(ui) (docs/web-boards.md).
//
// Everything is drawn from body.view (what the seat knows) and ui.catalog (webdata.catalog()).
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

const RES = ["stone", "water", "grass", "wood"];
const GODS = ["spring", "summer", "autumn", "winter"];
const COLOURS = ["red", "orange", "green", "blue"];
/** markers of seats 1..4: a colour and the seat's number (never the colour alone) */
const SEAT_COLOURS = ["#14807a", "#b5338a", "#c88a00", "#4b5870"];
const CARD_W = 58;
const CARD_H = 82;

/** @typedef {{body: any, ui: any, v: any, cat: any, toMove: boolean, phase: string, legal: string[],
 *   viewer: number | null, byId: Record<string, any>, scale: number}} Ctx */

/** @param {any} ui @param {any} body @returns {Ctx} */
function context(ui, body) {
  const v = body.view;
  const cat = ui.catalog || {};
  /** @type {Record<string, any>} */
  const byId = {};
  for (const group of ["resources", "gods", "colours", "bonus_piles", "whims"]) {
    for (const item of cat[group] || []) byId[item.id] = item;
  }
  if (cat.wild) byId.wild = cat.wild;
  const toMove = body.seat !== null && body.seat !== undefined && body.seat === body.current_player
    && (body.legal || []).length > 0;
  // the cards' size is board.css's (--fg-s, by the room there is); these are the SVG sizes
  const scale = 1;
  return { body, ui, v, cat, toMove, phase: v.phase, legal: body.legal || [], viewer: v.you ?? null, byId, scale };
}

/** The name of a resource, god, colour, bonus pile or whim tile in the page's language. */
function nm(/** @type {Ctx} */ c, /** @type {string} */ id) {
  const item = c.byId[id];
  return item ? c.ui.tr(item.en, item.ko) : id;
}

function colourOf(/** @type {Ctx} */ c, /** @type {string} */ id) {
  const item = c.byId[id];
  return item && item.colour ? item.colour : "#888";
}

function letter(/** @type {Ctx} */ c, /** @type {string} */ r) {
  const item = c.byId[r];
  return item && item.letter ? item.letter[c.ui.lang === "ko" ? "ko" : "en"] : r[0].toUpperCase();
}

function glyph(/** @type {Ctx} */ c, /** @type {string} */ god) {
  const item = c.byId[god];
  return item && item.glyph ? item.glyph : "?";
}

/** A landscape colour's short mark: R O G B / 빨 주 초 파. */
function colourMark(/** @type {Ctx} */ c, /** @type {string} */ colour) {
  return c.ui.lang === "ko" ? nm(c, colour).slice(0, 1) : colour[0].toUpperCase();
}

function sizeOf(/** @type {Ctx} */ c, /** @type {string} */ colour) {
  const item = c.byId[colour];
  return item && item.size ? item.size : [2, 3, 4, 5][COLOURS.indexOf(colour)];
}

/** Bind a click target only for the seat to move. */
function bind(/** @type {Ctx} */ c, /** @type {Element} */ el, /** @type {string} */ token, /** @type {string} */ label) {
  if (c.toMove) c.ui.bind(el, token, label);
  return el;
}

function title(/** @type {Ctx} */ c, /** @type {string} */ text) {
  return c.ui.svg("title", { text });
}

function seatLabel(/** @type {Ctx} */ c, /** @type {number} */ seat) {
  return c.ui.seatName ? c.ui.seatName(seat) : c.ui.tr(`Player ${seat + 1}`, `플레이어 ${seat + 1}`);
}

// --- cards -------------------------------------------------------------------------------------------

/** A card's base-side action in symbols: ⟳2↑ or +1. */
function actionMark(/** @type {any} */ card) {
  if (card.action === "gain") return "+1";
  return `⟳${card.floor}${card.direction === "up" ? "↑" : "↓"}`;
}

/** Words describing what is known of a card (its tooltip). */
function cardText(/** @type {Ctx} */ c, /** @type {any} */ card, /** @type {any} */ tokens) {
  const { tr } = c.ui;
  const parts = [];
  if (card.id) parts.push(`c${card.id}`);
  const size = sizeOf(c, card.colour);
  parts.push(tr(`${nm(c, card.colour)} ${card.position} of ${size}`, `${nm(c, card.colour)} ${size}장 중 ${card.position}번`));
  parts.push(tr(`god: ${nm(c, card.god)}`, `신: ${nm(c, card.god)}`));
  if (card.action) {
    if (card.action === "gain") parts.push(tr("base: gain 1 resource of your choice", "기초 면: 원하는 자원 1개 획득"));
    else {
      parts.push(card.direction === "up"
        ? tr(`base: turn floor ${card.floor} and above, collect from floor 1 up`, `기초 면: ${card.floor}층 이상을 돌리고 1층부터 위로 수집`)
        : tr(`base: turn floor ${card.floor} and above, collect from floor 4 down`, `기초 면: ${card.floor}층 이상을 돌리고 4층부터 아래로 수집`));
    }
    const have = tokens || {};
    const cost = RES.filter((r) => card.cost.includes(r)).map((r) => {
      const need = card.cost.filter((/** @type {string} */ x) => x === r).length;
      return `${nm(c, r)} ${Math.min(have[r] || 0, need)}/${need}`;
    });
    parts.push(tr("cost: ", "비용: ") + cost.join(", "));
  } else {
    parts.push(tr("base side unknown", "기초 면 모름"));
  }
  return parts.join(" · ");
}

/** A resource's shape around (x, y): stone a hexagon, water a disc, grass a triangle, wood a square. */
function resShape(/** @type {Ctx} */ c, /** @type {string} */ r, /** @type {number} */ x, /** @type {number} */ y,
  /** @type {number} */ rad, /** @type {Record<string, any>} */ attrs) {
  const { svg } = c.ui;
  const a = { class: "fg-shape", ...attrs };
  const pts = (/** @type {number[][]} */ p) => p.map(([dx, dy]) => `${(x + dx * rad).toFixed(2)},${(y + dy * rad).toFixed(2)}`).join(" ");
  if (r === "stone") return svg("polygon", { ...a, points: pts([[0, -1.08], [0.94, -0.54], [0.94, 0.54], [0, 1.08], [-0.94, 0.54], [-0.94, -0.54]]) });
  if (r === "grass") return svg("polygon", { ...a, points: pts([[0, -1.2], [1.15, 0.85], [-1.15, 0.85]]) });
  if (r === "wood") return svg("rect", { ...a, x: x - rad * 0.9, y: y - rad * 0.9, width: rad * 1.8, height: rad * 1.8, rx: rad * 0.25 });
  return svg("circle", { ...a, cx: x, cy: y, r: rad });
}

/** A resource token: its shape in its colour, with its letter (Korean: its syllable where it fits). */
function tokenDisc(/** @type {Ctx} */ c, /** @type {string} */ r, /** @type {number} */ x, /** @type {number} */ y,
  /** @type {number} */ rad, /** @type {boolean} */ filled) {
  const { svg } = c.ui;
  const col = colourOf(c, r);
  const ko = c.ui.lang === "ko";
  const g = svg("g", { class: `fg-token fg-${r}` + (filled ? "" : " fg-empty") },
    resShape(c, r, x, y, rad, {
      fill: filled ? col : "#fff", stroke: col, "stroke-width": filled ? 1 : 1.4, "stroke-dasharray": filled ? null : "2 1.5",
    }));
  const text = ko ? (rad >= 7 ? letter(c, r) : "") : letter(c, r);
  if (text) {
    const low = r === "grass" ? rad * 0.22 : 0;
    g.append(svg("text", {
      x, y: y + low + rad * (ko ? 0.36 : 0.42), "text-anchor": "middle", "font-size": rad * (ko ? 1.0 : (r === "grass" ? 1.05 : 1.2)),
      "font-weight": 700, fill: filled ? "#fff" : col, text,
    }));
  }
  return g;
}

/**
 * One card as an <svg>.  side: "base" (base side up, with tokens when in a garden), "landscape"
 * (landscape side up, in a garden), "known" (only the landscape side is known: a hand card drawn
 * blind, the deck top).
 * @param {Ctx} c @param {any} card @param {{side?: string, tokens?: any, token?: string, owner?: number,
 *   scale?: number, oppressed?: boolean, marks?: string, tokenBind?: boolean, extra?: string}} [o]
 */
function cardSvg(c, card, o = {}) {
  const { svg, tr } = c.ui;
  const side = o.side || (card.action ? "base" : "known");
  const w = CARD_W;
  const hgt = CARD_H;
  const col = colourOf(c, card.colour);
  const scale = o.scale || c.scale;
  const root = svg("svg", {
    class: `fg-card fg-card-${side}`, width: w * scale, height: hgt * scale, viewBox: `0 0 ${w} ${hgt}`,
  });
  const mark = `${colourMark(c, card.colour)}${card.position}`;
  const tip = cardText(c, card, o.tokens) + (o.oppressed ? tr(" · oppressed: no tokens may be placed", " · 압제: 자원을 놓을 수 없음") : "")
    + (o.extra || "");
  root.append(title(c, tip));
  if (side === "landscape" || side === "known") {
    const god = card.god;
    root.append(
      svg("rect", { x: 1, y: 1, width: w - 2, height: hgt - 2, rx: 6, fill: col, stroke: "#333", "stroke-width": 1 }),
      svg("rect", { x: 5, y: 18, width: w - 10, height: hgt - 36, rx: 4, fill: "rgba(255,255,255,0.88)" }),
      svg("text", { x: 5, y: 13, "font-size": 11, "font-weight": 700, fill: "#fff", text: mark }),
      svg("text", { x: w - 5, y: 13, "font-size": 8, "text-anchor": "end", fill: "#fff", text: `/${sizeOf(c, card.colour)}` }),
      svg("circle", { cx: w / 2, cy: 36, r: 11, fill: colourOf(c, god), stroke: "#fff", "stroke-width": 1.5 }),
      svg("text", { x: w / 2, y: 41, "text-anchor": "middle", "font-size": 14, fill: "#fff", text: glyph(c, god) }),
      svg("text", { x: w / 2, y: 58, "text-anchor": "middle", "font-size": 8.5, "font-weight": 600, fill: "#222", text: nm(c, god) }),
    );
    if (card.id && side === "landscape") {
      root.append(svg("text", { x: w / 2, y: hgt - 6, "text-anchor": "middle", "font-size": 8, fill: "#fff", text: `c${card.id}` }));
    }
    if (side === "known") {
      root.append(
        svg("circle", { cx: w - 10, cy: hgt - 10, r: 7, fill: "#fff", stroke: "#333" }),
        svg("text", { x: w - 10, y: hgt - 6.5, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#333", text: "?" }),
      );
    }
  } else {
    root.append(
      svg("rect", { x: 1, y: 1, width: w - 2, height: hgt - 2, rx: 6, fill: "#fffdf6", stroke: col, "stroke-width": 2.5 }),
      svg("rect", { x: 1, y: 1, width: w - 2, height: 16, rx: 5, fill: col }),
      svg("text", { x: 5, y: 13, "font-size": 11, "font-weight": 700, fill: "#fff", text: mark }),
      svg("text", { x: w - 5, y: 13, "text-anchor": "end", "font-size": 11, fill: "#fff", text: glyph(c, card.god) }),
      svg("text", { x: 5, y: 27, "font-size": 8.5, fill: "#555", text: card.id ? `c${card.id}` : "" }),
      svg("text", {
        x: w / 2, y: 46, "text-anchor": "middle", "font-size": card.action === "gain" ? 17 : 15, "font-weight": 700,
        fill: "#222", text: actionMark(card),
      }),
    );
    const cost = RES.flatMap((r) => card.cost.filter((/** @type {string} */ x) => x === r));
    const have = { ...(o.tokens || {}) };
    const n = cost.length;
    const step = 13;
    const x0 = w / 2 - ((n - 1) * step) / 2;
    cost.forEach((r, i) => {
      const filled = (have[r] || 0) > 0;
      if (filled) have[r] -= 1;
      const disc = tokenDisc(c, r, x0 + i * step, hgt - 16, 6, filled);
      if (o.tokenBind && card.id) {
        if (filled && c.phase === "rearrange") bind(c, disc, `${r} c${card.id}`, tr(`move ${nm(c, r)} from c${card.id}`, `c${card.id}의 ${nm(c, r)} 옮기기`));
        else if (!filled && c.phase === "put") bind(c, disc, `put ${r} c${card.id}`, tr(`put ${nm(c, r)} on c${card.id}`, `c${card.id}에 ${nm(c, r)} 놓기`));
      }
      root.append(disc);
    });
    if (o.marks) {
      root.append(svg("text", { x: w - 4, y: 27, "text-anchor": "end", "font-size": 7.5, fill: "#a0522d", text: o.marks }));
    }
    if (o.oppressed) {
      root.append(
        svg("rect", { x: 2, y: 49.5, width: w - 4, height: 10, rx: 2, fill: "rgba(120,20,20,0.9)" }),
        svg("text", { x: w / 2, y: 57.5, "text-anchor": "middle", "font-size": 7.5, "font-weight": 700, fill: "#fff", text: tr("⊘ oppressed", "⊘ 압제") }),
      );
    }
  }
  if (o.token) bind(c, root, o.token, tip);
  return root;
}

// --- status ------------------------------------------------------------------------------------------

const PHASE_TEXT = {
  action: ["choose an action (play, rotate, gain or rearrange a hand card)", "행동 선택 (손패로 내려 놓기·회전·획득·재배치)"],
  put: ["place resources", "자원 놓기"],
  rearrange: ["rearrange resources, then done", "자원 재배치 후 마치기"],
  complete: ["choose the next card to complete", "다음에 완성할 카드 선택"],
  favour: ["wild god: choose a god", "와일드 신: 신 선택"],
  bonus: ["choose a bonus pile", "보너스 타일 더미 선택"],
  whim: ["take a revealed whim tile", "펼친 변덕 타일 가져오기"],
  refill: ["refill the hand: a display card or the deck", "손패 보충: 펼친 카드 또는 카드 더미"],
  consecrate: ["Consecration: storage or keep", "축성: 창고 확장 또는 보관"],
  abundance: ["Abundance: discard a hand card", "풍족: 손패 1장 버리기"],
  sacrifice: ["Sacrifice: a god down, another up", "희생: 한 신 내리고 다른 신 올리기"],
  comeback: ["Comeback: a removed marker back, or keep", "재기: 제거된 마커 복귀 또는 보관"],
  tower: ["Upheaval: build the tower floor by floor", "격변: 탑을 한 층씩 쌓기"],
  collect: ["Upheaval: collect from the bottom or the top", "격변: 아래층 또는 위층부터 수집"],
  over: ["game over", "게임 종료"],
};

/** Heads of moves with no object on the table: offered as chips. */
function chipMoves(/** @type {Ctx} */ c) {
  return c.legal.filter((m) => {
    const head = m.split(" ")[0];
    return ["done", "end", "consecrate", "collect", "foresight", "grace"].includes(head) || m === "comeback keep";
  });
}

function statusBar(/** @type {Ctx} */ c) {
  const { h, tr } = c.ui;
  const { v, body } = c;
  const ts = v.turn_state;
  const bits = [];
  bits.push(h("span", { class: "fg-turn" }, tr(`Turn ${v.turn + 1}`, `${v.turn + 1}번째 차례`)));
  if (body.status === "playing" && v.current_player !== null && v.current_player !== undefined) {
    const p = v.current_player;
    bits.push(h("span", { class: "fg-who" }, seatDot(c, p), " ", seatLabel(c, p), tr(" to move", " 차례")));
    const pips = [];
    for (let i = 0; i < ts.actions_allowed; i++) {
      pips.push(h("span", { class: "fg-pip" + (i < ts.actions_done ? " done" : "") }, i < ts.actions_done ? "●" : "○"));
    }
    bits.push(h("span", { class: "fg-actions", title: tr("actions done / allowed", "한 행동 / 가능한 행동") },
      tr("actions ", "행동 "), ...pips, ` ${ts.actions_done}/${ts.actions_allowed}`));
    const pt = /** @type {any} */ (PHASE_TEXT)[v.phase];
    let phase = pt ? tr(pt[0], pt[1]) : v.phase;
    if (v.phase === "put") phase += tr(` (${ts.place_left} left)`, ` (${ts.place_left}개 남음)`);
    if (v.phase === "tower") phase += tr(` (${ts.tower_built}/4 built)`, ` (${ts.tower_built}/4층)`);
    bits.push(h("span", { class: "fg-phase" }, "▸ ", phase));
    if (ts.favour_queue && ts.favour_queue.length) {
      bits.push(h("span", { class: "fg-queue" }, tr("favour to come: ", "남은 총애: "),
        ts.favour_queue.map((/** @type {string} */ g) => `${glyph(c, g)}${nm(c, g)}`).join(" ")));
    }
    if (ts.foresight) bits.push(h("span", { class: "fg-flag" }, tr("Foresight: refill from the display only", "예지: 펼친 카드에서만 보충")));
  } else if (body.status === "finished" || v.status === "finished") {
    const winners = v.winners && v.winners.length ? v.winners : body.winners || [];
    bits.push(h("span", { class: "fg-over" }, tr("Game over — ", "게임 종료 — "),
      winners.length ? tr("winner: ", "승자: ") + winners.map((/** @type {number} */ s) => seatLabel(c, s)).join(", ") : tr("no winner", "승자 없음")));
  } else if (body.status === "unfinished" || v.status === "unfinished") {
    bits.push(h("span", { class: "fg-over" }, tr("Stopped unfinished (turn limit)", "미완료로 멈춤 (턴 제한)")));
  }
  if (ts.game_end_triggered && body.status === "playing") {
    bits.push(h("span", { class: "fg-flag" }, tr("⚑ last round", "⚑ 마지막 라운드")));
  }
  const chips = chipMoves(c).map((m) => {
    const b = h("span", { class: "fg-chip" }, chipText(c, m));
    bind(c, b, m, c.body.hints && c.body.hints[m] ? c.body.hints[m] : m);
    if (c.body.hints && c.body.hints[m]) b.setAttribute("title", c.body.hints[m]);
    return b;
  });
  return h("div", { class: "fg-status" }, ...bits, chips.length ? h("span", { class: "fg-chips" }, ...chips) : null);
}

function chipText(/** @type {Ctx} */ c, /** @type {string} */ m) {
  const { tr } = c.ui;
  /** @type {Record<string, string[]>} */
  const words = {
    done: ["✓ done", "✓ 마치기"], end: ["⏹ end actions", "⏹ 행동 마치기"],
    "consecrate storage": ["Consecration: +storage", "축성: 창고 확장"], "consecrate keep": ["Consecration: keep (points)", "축성: 보관 (점수)"],
    "collect up": ["collect ↑ from floor 1", "1층부터 ↑ 수집"], "collect down": ["collect ↓ from floor 4", "4층부터 ↓ 수집"],
    foresight: ["use Foresight", "예지 사용"], grace: ["use Grace", "은총 사용"], "comeback keep": ["Comeback: keep (points)", "재기: 보관 (점수)"],
  };
  const w = words[m];
  return w ? tr(w[0], w[1]) : m;
}

function seatDot(/** @type {Ctx} */ c, /** @type {number} */ seat) {
  const { svg } = c.ui;
  return svg("svg", { class: "fg-seatdot", width: 16, height: 16, viewBox: "0 0 16 16" },
    svg("circle", { cx: 8, cy: 8, r: 7.5, fill: SEAT_COLOURS[seat % 4] }),
    svg("text", { x: 8, y: 12, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff", text: String(seat + 1) }));
}

// --- tower -------------------------------------------------------------------------------------------

function towerPanel(/** @type {Ctx} */ c) {
  const { svg, h, tr } = c.ui;
  const { v } = c;
  const mine = c.viewer !== null && v.players[c.viewer] ? v.players[c.viewer].side : 0;
  const order = [0, 1, 2, 3].map((k) => (mine + k) % 4);
  /** @type {Record<number, number>} */
  const seatOfSide = {};
  v.players.forEach((/** @type {any} */ p, /** @type {number} */ i) => { seatOfSide[p.side] = i; });
  const labelW = 74;
  const colW = 50;
  const rowH = 34;
  const top = 30;
  const width = labelW + colW * 4 + 4;
  const height = top + rowH * 4 + 6;
  const root = svg("svg", { class: "fg-tower fg-scale", width, height, viewBox: `0 0 ${width} ${height}` });
  root.append(title(c, tr("The tower: each floor's resource and how many icons each side sees; the highlighted column is your side.",
    "탑: 층마다 자원과 각 면에 보이는 아이콘 수. 강조한 열이 내 쪽 면입니다.")));
  order.forEach((side, k) => {
    const x = labelW + k * colW;
    const seat = seatOfSide[side];
    const isMine = k === 0 && c.viewer !== null;
    if (isMine) root.append(svg("rect", { x: x + 1, y: 2, width: colW - 2, height: height - 4, rx: 6, class: "fg-myside" }));
    const label = seat === undefined ? "—" : (isMine ? tr("you", "나") : `P${seat + 1}`);
    root.append(svg("text", { x: x + colW / 2, y: 13, "text-anchor": "middle", "font-size": 10, "font-weight": isMine ? 700 : 400, text: (isMine ? "▼ " : "") + label }));
    root.append(svg("text", { x: x + colW / 2, y: 24, "text-anchor": "middle", "font-size": 8, fill: "#777", text: tr(`side ${side}`, `${side}면`) }));
    if (seat !== undefined && !isMine) root.append(svg("circle", { cx: x + colW / 2 + 17, cy: 10, r: 3, fill: SEAT_COLOURS[seat % 4] }));
  });
  [...v.tower].reverse().forEach((/** @type {any} */ floor, /** @type {number} */ i) => {
    const y = top + i * rowH;
    const r = floor.resource;
    root.append(svg("rect", { x: 2, y: y + 2, width: width - 4, height: rowH - 4, rx: 4, fill: colourOf(c, r), opacity: 0.14 }));
    root.append(svg("text", { x: 6, y: y + rowH / 2 + 4, "font-size": 11, "font-weight": 700, text: `${floor.floor}` }));
    root.append(tokenDisc(c, r, 24, y + rowH / 2, 7, true));
    root.append(svg("text", { x: 35, y: y + rowH / 2 + 4, "font-size": 9.5, text: nm(c, r) }));
    order.forEach((side, k) => {
      const n = floor.icons[side];
      const cx = labelW + k * colW + colW / 2;
      const g = svg("g", {}, title(c, tr(`floor ${floor.floor} (${nm(c, r)}): side ${side} sees ${n}`, `${floor.floor}층 (${nm(c, r)}): ${side}면에 ${n}개`)));
      if (n === 0) g.append(svg("text", { x: cx, y: y + rowH / 2 + 4, "text-anchor": "middle", "font-size": 12, fill: "#999", text: "·" }));
      for (let j = 0; j < n; j++) g.append(tokenDisc(c, r, cx + (j - (n - 1) / 2) * 13, y + rowH / 2, 6, true));
      root.append(g);
    });
  });
  const parts = [h("div", { class: "fg-h" }, tr("Tower", "탑")), root];
  if (c.phase === "tower" && c.toMove) parts.push(towerBuilder(c));
  return h("section", { class: "fg-panel fg-tower-panel" }, ...parts);
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
    return h("div", { class: "fg-build-row" }, h("span", { class: `fg-res fg-${r}` }, letter(c, r)), ` ${nm(c, r)} `, ...cells);
  });
  return h("div", { class: "fg-builder" },
    h("div", { class: "fg-note" }, tr(`Upheaval: floor ${c.v.turn_state.tower_built + 1} — resource and icons facing you`,
      `격변: ${c.v.turn_state.tower_built + 1}층 — 자원과 내 쪽 아이콘 수`)), ...rows);
}

// --- favour tracks -----------------------------------------------------------------------------------

function tracksPanel(/** @type {Ctx} */ c) {
  const { svg, h, tr } = c.ui;
  const { v } = c;
  const low = (c.cat.track && c.cat.track.low) || 2;
  const high = (c.cat.track && c.cat.track.high) || 10;
  const spaces = high - low + 1;
  const labelW = 78;
  const outW = 26;
  const cellW = 29;
  const rowH = 34;
  const top = 14;
  const width = labelW + outW + cellW * spaces + 2;
  const height = top + rowH * 4 + 2;
  const root = svg("svg", { class: "fg-tracks fg-scale", width, height, viewBox: `0 0 ${width} ${height}` });
  root.append(svg("text", { x: labelW + outW / 2, y: 10, "text-anchor": "middle", "font-size": 8, fill: "#777", text: tr("out", "제거") }));
  for (let s = low; s <= high; s++) {
    root.append(svg("text", { x: labelW + outW + (s - low) * cellW + cellW / 2, y: 10, "text-anchor": "middle", "font-size": 8, fill: "#777", text: String(s) }));
  }
  GODS.forEach((god, i) => {
    const y = top + i * rowH;
    const row = svg("g", { class: "fg-track-row" });
    row.append(title(c, tr(`${nm(c, god)}'s favour track: a marker scores its space at the end`, `${nm(c, god)}의 총애 트랙: 게임 끝에 마커가 있는 칸의 점수`)));
    row.append(svg("rect", { x: 1, y: y + 1, width: width - 2, height: rowH - 2, rx: 5, fill: colourOf(c, god), opacity: 0.16 }));
    row.append(svg("circle", { cx: 13, cy: y + rowH / 2, r: 9, fill: colourOf(c, god) }));
    row.append(svg("text", { x: 13, y: y + rowH / 2 + 4.5, "text-anchor": "middle", "font-size": 12, fill: "#fff", text: glyph(c, god) }));
    row.append(svg("text", { x: 26, y: y + rowH / 2 + 4, "font-size": 10, "font-weight": 600, text: nm(c, god) }));
    row.append(svg("rect", { x: labelW, y: y + 3, width: outW - 2, height: rowH - 6, rx: 3, fill: "#eee", stroke: "#ccc" }));
    for (let s = low; s <= high; s++) {
      row.append(svg("rect", {
        x: labelW + outW + (s - low) * cellW, y: y + 3, width: cellW - 2, height: rowH - 6, rx: 3,
        fill: "#fff", stroke: "#ccc", opacity: 0.9,
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
        const cx = x0 + (seats.length === 1 ? w / 2 : 7 + (k % 2) * (w - 14));
        const cy = y + (seats.length <= 2 ? rowH / 2 : 10 + Math.floor(k / 2) * 14);
        const m = svg("g", {},
          title(c, `${seatLabel(c, seat)}: ${key === "out" ? tr("removed", "제거됨") : key}`),
          svg("circle", { cx, cy, r: 6.5, fill: key === "out" ? "#fff" : SEAT_COLOURS[seat % 4], stroke: SEAT_COLOURS[seat % 4], "stroke-width": 1.5 }),
          svg("text", { x: cx, y: cy + 3.5, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: key === "out" ? SEAT_COLOURS[seat % 4] : "#fff", text: String(seat + 1) }));
        row.append(m);
      });
    }
    const token = c.phase === "favour" ? `favour ${god}` : c.phase === "comeback" ? `comeback ${god}` : c.phase === "sacrifice" ? god : null;
    if (token) bind(c, row, token, nm(c, god));
    root.append(row);
  });
  return h("section", { class: "fg-panel fg-tracks-panel" }, h("div", { class: "fg-h" }, tr("Favour of the gods", "신들의 총애")), root);
}

// --- the shared table: display, deck, supply, bonus piles, whims --------------------------------------

function marketPanel(/** @type {Ctx} */ c) {
  const { h, svg, tr } = c.ui;
  const { v } = c;
  const display = h("div", { class: "fg-row" }, ...v.display.map((/** @type {any} */ card) =>
    cardSvg(c, card, { side: "base", token: `take c${card.id}` })));
  const deckCard = v.deck.top
    ? cardSvg(c, v.deck.top, { side: "known", token: "draw", extra: tr(" · the deck's top card", " · 카드 더미 맨 위") })
    : svg("svg", { class: "fg-card", width: CARD_W * c.scale, height: CARD_H * c.scale, viewBox: `0 0 ${CARD_W} ${CARD_H}` },
      svg("rect", { x: 1, y: 1, width: CARD_W - 2, height: CARD_H - 2, rx: 6, fill: "none", stroke: "#aaa", "stroke-dasharray": "4 3" }));
  if (!v.deck.top) bind(c, deckCard, "draw", tr("draw", "뽑기"));
  const deck = h("div", { class: "fg-stack" }, deckCard,
    h("div", { class: "fg-small" }, tr(`deck ${v.deck.size}`, `더미 ${v.deck.size}장`)));
  const discards = h("div", { class: "fg-stack" },
    svg("svg", { class: "fg-card", width: CARD_W * c.scale, height: CARD_H * c.scale, viewBox: `0 0 ${CARD_W} ${CARD_H}` },
      title(c, tr(`${v.discard.length} discarded cards`, `버린 카드 ${v.discard.length}장`)),
      svg("rect", { x: 1, y: 1, width: CARD_W - 2, height: CARD_H - 2, rx: 6, fill: "#e9e4d8", stroke: "#aaa" }),
      svg("text", { x: CARD_W / 2, y: CARD_H / 2 + 6, "text-anchor": "middle", "font-size": 18, "font-weight": 700, fill: "#777", text: String(v.discard.length) })),
    h("div", { class: "fg-small" }, tr("discards", "버린 카드")));
  const supply = h("div", { class: "fg-supply" }, h("span", { class: "fg-small" }, tr("Supply", "공급처")),
    ...RES.map((r) => {
      const chip = h("span", { class: `fg-reschip`, title: `${nm(c, r)}: ${v.supply[r]}` }, resIcon(c, r), ` ${v.supply[r]}`);
      if (c.phase === "put") bind(c, chip, `put ${r}`, tr(`put ${nm(c, r)}`, `${nm(c, r)} 놓기`));
      else if (c.phase === "rearrange") bind(c, chip, `return ${r}`, tr(`return ${nm(c, r)} to the supply`, `${nm(c, r)} 반납`));
      return chip;
    }));
  const parts = [
    h("div", { class: "fg-h" }, tr("Display & deck", "펼친 카드와 카드 더미")),
    h("div", { class: "fg-row fg-market" }, display, deck, discards),
    supply,
  ];
  if (v.oppressed) parts.push(h("div", { class: "fg-note" }, tr(`⊘ Oppression lies on c${v.oppressed}`, `⊘ 압제 타일: c${v.oppressed}`)));
  return h("section", { class: "fg-panel fg-market-panel" }, ...parts);
}

/** The whim tiles (promo) or the bonus piles: a panel of its own, beside or below the rest. */
function tilesPanel(/** @type {Ctx} */ c) {
  const whims = c.v.options && c.v.options.whims;
  return c.ui.h("section", { class: "fg-panel fg-tiles-panel" + (whims ? " fg-whims-panel" : "") },
    whims ? whimsBlock(c) : pilesBlock(c));
}

function resIcon(/** @type {Ctx} */ c, /** @type {string} */ r, size = 16) {
  const { svg } = c.ui;
  return svg("svg", { class: "fg-resicon", width: size, height: size, viewBox: "0 0 16 16" }, tokenDisc(c, r, 8, 8, 7.2, true));
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
        h("div", { class: "fg-tile-name" }, pileMark(pile.id), " ", nm(c, pile.id)),
        h("div", { class: "fg-tile-val" }, top === null ? "—" : String(top)),
        h("div", { class: "fg-small" }, tr(`${left.length} left`, `${left.length}장 남음`)));
      bind(c, el, `bonus ${pile.id}`, nm(c, pile.id));
      return el;
    })));
}

function pileMark(/** @type {string} */ id) {
  return id === "storage" ? "▣" : id === "gain" ? "✚" : "★";
}

function whimText(/** @type {Ctx} */ c, /** @type {string} */ id) {
  const w = c.byId[id];
  return w && w.text ? `${nm(c, id)}: ${c.ui.tr(w.text.en, w.text.ko)}` : id;
}

function whimsBlock(/** @type {Ctx} */ c) {
  const { h, tr } = c.ui;
  const { v } = c;
  const tiles = v.whims.revealed.map((/** @type {string} */ id) => {
    const w = c.byId[id] || {};
    const el = h("div", { class: "fg-tile fg-whim", title: whimText(c, id) },
      h("div", { class: "fg-tile-name" }, "✦ ", nm(c, id)),
      h("div", { class: "fg-whim-text" }, w.text ? tr(w.text.en, w.text.ko) : ""));
    bind(c, el, `whim ${id}`, nm(c, id));
    return el;
  });
  const stack = h("div", { class: "fg-tile fg-whim fg-facedown", title: tr("face-down whim tiles", "뒷면 변덕 타일") },
    h("div", { class: "fg-tile-val" }, String(v.whims.face_down)), h("div", { class: "fg-small" }, tr("face down", "뒷면")));
  return h("div", {}, h("div", { class: "fg-h" }, tr("Whims of the gods", "신들의 변덕")),
    h("div", { class: "fg-row fg-whims" }, ...tiles, stack));
}

// --- a player's area ---------------------------------------------------------------------------------

function playerPanel(/** @type {Ctx} */ c, /** @type {number} */ seat) {
  const { h, tr } = c.ui;
  const { v, body } = c;
  const p = v.players[seat];
  const isViewer = seat === c.viewer;
  const mover = c.toMove && isViewer;
  const current = v.current_player === seat && body.status === "playing";
  const need = c.cat.end_landscapes ? c.cat.end_landscapes[String(v.players.length)] : null;
  const winner = (v.winners || []).includes(seat) && body.status === "finished";
  const score = p.score || {};
  const head = h("div", { class: "fg-phead" },
    seatDot(c, seat), h("b", {}, " ", seatLabel(c, seat)),
    current ? h("span", { class: "fg-tag fg-tag-turn" }, tr("▶ to move", "▶ 차례")) : null,
    winner ? h("span", { class: "fg-tag fg-tag-win" }, tr("★ winner", "★ 승리")) : null,
    h("span", { class: "fg-small" }, tr(` side ${p.side}`, ` ${p.side}면`)),
    h("span", { class: "fg-spacer" }),
    h("span", { class: "fg-small", title: tr("landscape cards (the game ends after the round a player reaches this)", "풍경 카드 (누군가 이만큼 모으면 그 라운드 끝에 종료)") },
      tr("landscapes ", "풍경 "), h("b", {}, String(p.landscapes)), need ? `/${need}` : ""),
    h("span", { class: "fg-score", title: scoreText(c, score) }, tr("score ", "점수 "), h("b", {}, String(score.total ?? ""))));
  const parts = [head];
  if (body.status !== "playing") parts.push(h("div", { class: "fg-small fg-breakdown" }, scoreText(c, score)));
  parts.push(gardenGrid(c, seat, mover), storageRow(c, seat, mover));
  const extras = tilesRow(c, seat, mover);
  if (extras) parts.push(extras);
  parts.push(handRow(c, seat, mover));
  return h("section", { class: "fg-panel fg-player" + (current ? " fg-current" : "") + (isViewer ? " fg-viewer" : "") }, ...parts);
}

function scoreText(/** @type {Ctx} */ c, /** @type {any} */ score) {
  const { tr } = c.ui;
  const gods = GODS.map((g) => `${glyph(c, g)}${score[g] ?? 0}`).join(" + ");
  return `${gods} + ${tr("bonus", "보너스")} ${score.bonus ?? 0} + ${tr("whims", "변덕")} ${score.whims ?? 0} = ${score.total ?? 0}`;
}

function gardenGrid(/** @type {Ctx} */ c, /** @type {number} */ seat, /** @type {boolean} */ mover) {
  const { h, svg, tr } = c.ui;
  const { v } = c;
  const p = v.players[seat];
  const ts = v.turn_state;
  /** @type {Record<string, any>} */
  const at = {};
  for (const card of p.garden) at[`${card.colour}/${card.copy}/${card.slot}`] = card;
  const tolerant = p.whims && p.whims.tolerance;
  const rows = [];
  for (const colour of COLOURS) {
    const size = sizeOf(c, colour);
    for (const copy of [1, 2]) {
      const any = p.garden.some((/** @type {any} */ card) => card.colour === colour && card.copy === copy);
      if (copy === 2 && !(any || (tolerant && size <= 3))) continue;
      const done = p.garden.filter((/** @type {any} */ card) => card.colour === colour && card.copy === copy && card.side === "landscape").length;
      const cells = [];
      const slotH = any ? CARD_H : 30;  // a row with no card yet stays low
      for (let pos = 1; pos <= size; pos++) {
        const card = at[`${colour}/${copy}/${pos}`];
        if (!card) {
          cells.push(svg("svg", { class: "fg-card fg-slot" + (any ? "" : " fg-slot-low"), width: CARD_W * c.scale, height: slotH * c.scale, viewBox: `0 0 ${CARD_W} ${slotH}` },
            title(c, tr(`${nm(c, colour)} ${pos}: empty`, `${nm(c, colour)} ${pos}: 비어 있음`)),
            svg("rect", { x: 2, y: 2, width: CARD_W - 4, height: slotH - 4, rx: 6, fill: "none", stroke: colourOf(c, colour), "stroke-width": 1.2, "stroke-dasharray": "4 3", opacity: 0.7 }),
            svg("text", { x: CARD_W / 2, y: slotH / 2 + 5, "text-anchor": "middle", "font-size": 13, fill: colourOf(c, colour), opacity: 0.7, text: `${colourMark(c, colour)}${pos}` })));
        } else if (card.side === "landscape") {
          cells.push(cardSvg(c, card, { side: "landscape" }));
        } else {
          const id = String(card.id);
          const gave = ts.gave && ts.gave[id] ? ts.gave[id] : [];
          const got = ts.got && ts.got[id] ? ts.got[id] : [];
          const marks = [...gave.map((/** @type {string} */ r) => `−${letter(c, r)}`), ...got.map((/** @type {string} */ r) => `+${letter(c, r)}`)].join("");
          const extra = (gave.length ? tr(` · gave ${gave.map((/** @type {string} */ r) => nm(c, r)).join(", ")} this rearrange`, ` · 이번 재배치에서 ${gave.map((/** @type {string} */ r) => nm(c, r)).join(", ")} 줌`) : "")
            + (got.length ? tr(` · received ${got.map((/** @type {string} */ r) => nm(c, r)).join(", ")} this rearrange`, ` · 이번 재배치에서 ${got.map((/** @type {string} */ r) => nm(c, r)).join(", ")} 받음`) : "");
          const token = mover ? `c${card.id}` : (c.toMove ? `oppress c${card.id}` : undefined);
          cells.push(cardSvg(c, card, {
            side: "base", tokens: card.tokens, token, tokenBind: mover, oppressed: v.oppressed === card.id, marks, extra,
          }));
        }
      }
      const label = h("div", { class: "fg-glabel", title: tr(`${nm(c, colour)} landscape (${size} cards)${copy === 2 ? ", second copy" : ""}`, `${nm(c, colour)} 전경 (${size}장)${copy === 2 ? ", 두 번째" : ""}`) },
        h("span", { class: "fg-gmark", style: `background:${colourOf(c, colour)}` }, colourMark(c, colour)),
        h("span", { class: "fg-small" }, `${done}/${size}`), copy === 2 ? h("span", { class: "fg-small" }, "×2") : null);
      rows.push(h("div", { class: "fg-grow" }, label, h("div", { class: "fg-gcells" }, ...cells)));
    }
  }
  return h("div", { class: "fg-garden" }, ...rows);
}

function storageRow(/** @type {Ctx} */ c, /** @type {number} */ seat, /** @type {boolean} */ mover) {
  const { h, svg, tr } = c.ui;
  const p = c.v.players[seat];
  const held = RES.flatMap((r) => Array(p.storage[r]).fill(r));
  const cap = Math.max(p.capacity, held.length);
  const slot = 22;
  const box = svg("svg", { class: "fg-storage", width: cap * slot + 4, height: slot + 4, viewBox: `0 0 ${cap * slot + 4} ${slot + 4}` });
  for (let i = 0; i < cap; i++) {
    box.append(svg("rect", { x: 2 + i * slot, y: 2, width: slot - 2, height: slot - 2, rx: 3, fill: "#f1ede2", stroke: "#b9b09a" }));
    const r = held[i];
    if (r) {
      const t = tokenDisc(c, r, 2 + i * slot + (slot - 2) / 2, 2 + (slot - 2) / 2, 8, true);
      t.append(title(c, nm(c, r)));
      if (mover && c.phase === "rearrange") bind(c, t, `${r} storage`, tr(`move ${nm(c, r)} from storage`, `창고의 ${nm(c, r)} 옮기기`));
      box.append(t);
    }
  }
  const count = held.length;
  const wrap = h("div", { class: "fg-storage-row", title: tr(`storage: ${count} of ${p.capacity} slots used`, `창고: ${p.capacity}칸 중 ${count}칸 사용`) },
    h("span", { class: "fg-small" }, tr("Storage", "창고")), box, h("span", { class: "fg-small" }, `${count}/${p.capacity}`));
  if (mover && (c.phase === "put" || c.phase === "rearrange")) bind(c, wrap, "storage", tr("storage", "창고"));
  return wrap;
}

function tilesRow(/** @type {Ctx} */ c, /** @type {number} */ seat, /** @type {boolean} */ mover) {
  const { h, tr } = c.ui;
  const p = c.v.players[seat];
  const items = [];
  for (const t of p.bonus_tiles) {
    const pile = c.byId[t.pile];
    items.push(h("span", { class: "fg-chip fg-bonus", title: pile ? `${nm(c, t.pile)} ${t.value}: ${tr(pile.text.en, pile.text.ko)}` : t.pile },
      pileMark(t.pile), ` ${nm(c, t.pile)} ${t.value}`));
  }
  /** @type {Record<string, string[]>} */
  const stateText = { held: ["kept", "보유"], face_down: ["face down", "뒷면"], removed: ["used", "사용함"], placed: ["placed", "놓음"] };
  /** @type {Record<string, string>} */
  const useToken = { foresight: "foresight", grace: "grace", upheaval: "upheaval", oppression: "oppress" };
  for (const [id, st] of Object.entries(p.whims || {})) {
    const s = stateText[st] || [st, st];
    const el = h("span", { class: `fg-chip fg-whimchip fg-w-${st}`, title: whimText(c, id) }, "✦ ", nm(c, id), h("span", { class: "fg-small" }, ` (${tr(s[0], s[1])})`));
    if (mover && st === "held" && useToken[id]) bind(c, el, useToken[id], nm(c, id));
    items.push(el);
  }
  if (!items.length) return null;
  return h("div", { class: "fg-tiles" }, ...items);
}

function handRow(/** @type {Ctx} */ c, /** @type {number} */ seat, /** @type {boolean} */ mover) {
  const { h, tr } = c.ui;
  const p = c.v.players[seat];
  const isViewer = seat === c.viewer;
  const cards = p.hand.map((/** @type {any} */ card) => {
    if (card.action) {
      const hidden = isViewer && card.public === false;
      return cardSvg(c, card, {
        side: "base", token: mover ? `c${card.id}` : undefined,
        extra: hidden ? tr(" · drawn blind: others know only its landscape side", " · 덱에서 뽑음: 다른 사람은 풍경 면만 앎") : tr(" · taken face up", " · 공개된 카드"),
      });
    }
    return cardSvg(c, card, { side: "known" });
  });
  return h("div", { class: "fg-hand" }, h("div", { class: "fg-small" }, tr(`Hand (${p.hand.length})`, `손패 (${p.hand.length})`)),
    h("div", { class: "fg-row" }, ...cards));
}

// --- the whole table ---------------------------------------------------------------------------------

/** @param {any} body @param {any} ui @returns {Element} */
export function draw(body, ui) {
  const c = context(ui, body);
  const { h } = ui;
  const n = c.v.players.length;
  let order = [...Array(n).keys()];
  if (c.viewer !== null && c.viewer >= 0 && c.viewer < n) order = [...order.slice(c.viewer), ...order.slice(0, c.viewer)];
  return h("div", { class: `fg-board fg-n${n}` },
    statusBar(c),
    h("div", { class: "fg-table" }, towerPanel(c), tracksPanel(c), marketPanel(c), tilesPanel(c)),
    h("div", { class: "fg-players" }, ...order.map((seat) => playerPanel(c, seat))));
}

// --- legend ------------------------------------------------------------------------------------------

/** @param {any} ui @returns {Element} */
export function legend(ui) {
  const body = { view: { phase: "", players: [], turn_state: {} }, legal: [], seat: null, current_player: null };
  const c = context(ui, body);
  const { h, tr } = ui;
  const cat = c.cat;
  const sample = { id: 17, colour: "orange", position: 2, god: "autumn", action: "rotate", floor: 2, direction: "up", cost: ["water", "grass", "wood", "wood"] };
  const sampleLand = { id: 17, colour: "orange", position: 2, god: "autumn" };
  const cards = h("div", { class: "fg-row" },
    h("figure", {}, cardSvg(c, sample, { side: "base", tokens: { grass: 1, wood: 1 } }), h("figcaption", { class: "fg-small" }, tr("base side", "기초 면"))),
    h("figure", {}, cardSvg(c, sampleLand, { side: "landscape" }), h("figcaption", { class: "fg-small" }, tr("landscape side", "풍경 면"))),
    h("figure", {}, cardSvg(c, { colour: "orange", position: 2, god: "autumn" }, { side: "known" }), h("figcaption", { class: "fg-small" }, tr("base side unknown", "기초 면 모름"))));
  const mark = (/** @type {any} */ s) => {
    if (s.id !== "covered" && s.id !== "empty") return s.symbol;
    return ui.svg("svg", { width: 40, height: 16, viewBox: "0 0 40 16" },
      ...["water", "grass", "wood"].map((r, i) => tokenDisc(c, r, 7 + i * 13, 8, 6, s.id === "covered")));
  };
  const symbols = h("dl", { class: "fg-dl" }, ...(cat.symbols || []).flatMap((/** @type {any} */ s) =>
    [h("dt", {}, mark(s)), h("dd", {}, tr(s.en, s.ko))]));
  const resources = h("ul", { class: "fg-ul" }, ...(cat.resources || []).map((/** @type {any} */ r) =>
    h("li", {}, resIcon(c, r.id), letter(c, r.id) === tr(r.en, r.ko) ? ` ${tr(r.en, r.ko)} (${r.count})` : ` ${letter(c, r.id)} = ${tr(r.en, r.ko)} (${r.count})`)));
  const gods = h("ul", { class: "fg-ul" }, ...[...(cat.gods || []), cat.wild].filter(Boolean).map((/** @type {any} */ g) =>
    h("li", {}, h("span", { class: "fg-godmark", style: `background:${g.colour}` }, g.glyph), ` ${tr(g.en, g.ko)}`, g.text ? ` — ${tr(g.text.en, g.text.ko)}` : "")));
  const colours = h("ul", { class: "fg-ul" }, ...(cat.colours || []).map((/** @type {any} */ k) =>
    h("li", {}, h("span", { class: "fg-gmark", style: `background:${k.colour}` }, colourMark(c, k.id)), ` ${tr(k.en, k.ko)}: ${tr(`${k.size} cards`, `${k.size}장`)}`)));
  const piles = h("ul", { class: "fg-ul" }, ...(cat.bonus_piles || []).map((/** @type {any} */ b) =>
    h("li", {}, h("b", {}, `${pileMark(b.id)} ${tr(b.en, b.ko)}`), ` [${[...b.values].reverse().join(", ")}]: ${tr(b.text.en, b.text.ko)}`)));
  const whims = h("ul", { class: "fg-ul" }, ...(cat.whims || []).map((/** @type {any} */ w) =>
    h("li", {}, h("b", {}, `✦ ${tr(w.en, w.ko)}`), `: ${tr(w.text.en, w.text.ko)}`)));
  const marks = h("ul", { class: "fg-ul" },
    h("li", {}, tr("Tower: a row per floor (4 at the top) with its resource; a column per tower side, ▼ your side; the discs are the icons that side sees.",
      "탑: 층마다 한 줄 (맨 위가 4층)과 그 자원, 탑의 면마다 한 열 (▼ 내 쪽); 원은 그 면에 보이는 아이콘입니다.")),
    h("li", {}, seatDot(c, 0), " ", seatDot(c, 1), " ", seatDot(c, 2), " ", seatDot(c, 3), tr(" the players' markers, by seat number; a hollow marker under “out” was removed.",
      " 플레이어 마커 (자리 번호); “제거” 칸의 빈 마커는 제거된 마커입니다.")),
    h("li", {}, tr("Garden: a row per landscape colour, a place per position (dashed: empty); n/size = landscape cards done.",
      "정원: 전경 색마다 한 줄, 위치마다 한 칸 (점선: 빈 칸); n/크기 = 완성한 풍경 카드 수.")),
    h("li", {}, tr("In a rearrange, a card's corner shows −W (gave water: may not take water back) or +W (received water: may not give it).",
      "재배치 중 카드 구석의 −물 (물을 줌: 다시 받을 수 없음), +물 (물을 받음: 줄 수 없음).")),
    h("li", {}, tr("⊘ a base card under Oppression: no token may be placed on it. ⚑ the last round is being played.",
      "⊘ 압제 타일이 놓인 기초 카드: 자원을 놓을 수 없음. ⚑ 마지막 라운드.")));
  return h("div", { class: "fg-legend" },
    h("h3", {}, tr("Cards", "카드")), cards, symbols,
    h("h3", {}, tr("Resources", "자원")), resources,
    h("h3", {}, tr("Gods", "신")), gods,
    h("h3", {}, tr("Landscapes", "전경")), colours,
    h("h3", {}, tr("Table", "게임판")), marks,
    h("h3", {}, tr("Bonus piles", "보너스 타일 더미")), piles,
    h("h3", {}, tr("Whims of the gods (promo)", "신들의 변덕 (프로모)")), whims);
}
