// 신들의 정원 / Four Gardens in the browser: the pieces, drawn as inline SVG (never font glyphs).
//
// Gods' badges, landscape colours' shapes, resource tokens, plain symbols, seat markers and whole cards:
// each a small function of the context and a place; where they go is the other modules' business.

import { bind, CARD_H, CARD_W, colourOf, nm, RES, SEAT_COLOURS, seatLabel, sizeOf, title } from "./context.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** Scale unit points around (x, y) into an SVG points / path list. */
function unit(/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ r, /** @type {number[][]} */ p) {
  return p.map(([dx, dy]) => `${(x + dx * r).toFixed(2)},${(y + dy * r).toFixed(2)}`);
}

/** A god's icon in white on nothing (drawn over the god's colour): spring a flower, summer a sun,
 * autumn a leaf, winter a snowflake, wild a star. @returns {Element} */
function godIcon(/** @type {Ctx} */ c, /** @type {string} */ god, /** @type {number} */ x, /** @type {number} */ y,
  /** @type {number} */ r, fill = "#fff") {
  const { svg } = c.ui;
  const g = svg("g", { class: "fg-godicon", "aria-hidden": "true" });
  if (god === "spring") {
    for (let k = 0; k < 5; k++) {
      const a = (k * 72 - 90) * Math.PI / 180;
      g.append(svg("circle", { cx: x + Math.cos(a) * r * 0.5, cy: y + Math.sin(a) * r * 0.5, r: r * 0.36, fill }));
    }
    g.append(svg("circle", { cx: x, cy: y, r: r * 0.24, fill: "#7a5b00" }));
  } else if (god === "summer") {
    g.append(svg("circle", { cx: x, cy: y, r: r * 0.42, fill }));
    for (let k = 0; k < 8; k++) {
      const a = k * 45 * Math.PI / 180;
      g.append(svg("line", { x1: x + Math.cos(a) * r * 0.6, y1: y + Math.sin(a) * r * 0.6, x2: x + Math.cos(a) * r * 0.95,
        y2: y + Math.sin(a) * r * 0.95, stroke: fill, "stroke-width": r * 0.16, "stroke-linecap": "round" }));
    }
  } else if (god === "autumn") {
    const [t, rr, bt, l] = unit(x, y, r, [[0.55, -0.85], [0.75, 0.35], [-0.6, 0.7], [-0.55, -0.45]]);
    g.append(svg("path", { d: `M${bt} Q${rr} ${t} Q${l} ${bt} Z`, fill }));
    g.append(svg("path", { d: `M${unit(x, y, r, [[-0.85, 0.95]])[0]} L${unit(x, y, r, [[0.45, -0.6]])[0]}`, stroke: "#6b2f86",
      "stroke-width": r * 0.12, fill: "none" }));
  } else if (god === "winter") {
    for (let k = 0; k < 3; k++) {
      const a = (k * 60 + 90) * Math.PI / 180;
      g.append(svg("line", { x1: x - Math.cos(a) * r * 0.9, y1: y - Math.sin(a) * r * 0.9, x2: x + Math.cos(a) * r * 0.9,
        y2: y + Math.sin(a) * r * 0.9, stroke: fill, "stroke-width": r * 0.17, "stroke-linecap": "round" }));
    }
    g.append(svg("circle", { cx: x, cy: y, r: r * 0.2, fill }));
  } else {
    const pts = [];
    for (let k = 0; k < 10; k++) {
      const a = (k * 36 - 90) * Math.PI / 180;
      const rad = k % 2 ? 0.42 : 0.95;
      pts.push([Math.cos(a) * rad, Math.sin(a) * rad]);
    }
    g.append(svg("polygon", { points: unit(x, y, r, pts).join(" "), fill }));
  }
  return g;
}

/** A god's round badge: its colour and its icon. */
export function godBadge(/** @type {Ctx} */ c, /** @type {string} */ god, /** @type {number} */ x, /** @type {number} */ y,
  /** @type {number} */ r) {
  const { svg } = c.ui;
  return svg("g", {}, svg("circle", { cx: x, cy: y, r, fill: colourOf(c, god), stroke: "#fff", "stroke-width": Math.max(1, r * 0.12) }),
    godIcon(c, god, x, y, r * 0.78));
}

/** A landscape colour's mark: its colour in a shape with as many corners as the landscape has cards
 * (red 2: a lens, orange 3: a triangle, green 4: a square, blue 5: a pentagon). */
export function colourShape(/** @type {Ctx} */ c, /** @type {string} */ colour, /** @type {number} */ x, /** @type {number} */ y,
  /** @type {number} */ r, /** @type {Record<string, any>} */ attrs = {}) {
  const { svg } = c.ui;
  const a = { fill: colourOf(c, colour), stroke: "#fff", "stroke-width": 1, ...attrs };
  const n = sizeOf(c, colour);
  if (n <= 2) {
    const [top, bot] = unit(x, y, r, [[0, -1], [0, 1]]);
    return svg("path", { ...a, d: `M${top} A${r * 1.1},${r * 1.1} 0 0 1 ${bot} A${r * 1.1},${r * 1.1} 0 0 1 ${top} Z` });
  }
  const pts = [];
  for (let k = 0; k < n; k++) {
    const ang = (k * 360 / n - 90 + (n === 4 ? 45 : 0)) * Math.PI / 180;
    pts.push([Math.cos(ang) * (n === 4 ? 1.1 : 1.05), Math.sin(ang) * (n === 4 ? 1.1 : 1.05) + (n === 3 ? 0.15 : 0)]);
  }
  return svg("polygon", { ...a, points: unit(x, y, r, pts).join(" ") });
}

/** A small inline SVG (HTML context) of a landscape colour's mark. */
export function colourIcon(/** @type {Ctx} */ c, /** @type {string} */ colour, size = 16) {
  const { svg } = c.ui;
  return svg("svg", { class: "fg-icon", width: size, height: size, viewBox: "0 0 16 16", role: "img", "aria-label": nm(c, colour) },
    colourShape(c, colour, 8, 8, 6.8, { stroke: "#333", "stroke-width": 0.6 }));
}

/** A small inline SVG (HTML context) of a god's badge. */
export function godIconSvg(/** @type {Ctx} */ c, /** @type {string} */ god, size = 16) {
  const { svg } = c.ui;
  return svg("svg", { class: "fg-icon", width: size, height: size, viewBox: "0 0 16 16", role: "img", "aria-label": nm(c, god) },
    godBadge(c, god, 8, 8, 7.6));
}

/** Small plain symbols drawn as SVG (never font glyphs): check, stop, star, flag, turn, slash, sparkle,
 * box, plus, arrow. @returns {Element} */
export function sym(/** @type {Ctx} */ c, /** @type {string} */ kind, size = 12, colour = "currentColor") {
  const { svg } = c.ui;
  const root = svg("svg", { class: "fg-sym", width: size, height: size, viewBox: "0 0 12 12", "aria-hidden": "true" });
  const st = { stroke: colour, "stroke-width": 1.6, fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" };
  if (kind === "check") root.append(svg("path", { ...st, d: "M2 6.5 L5 9.5 L10 2.5" }));
  else if (kind === "stop") root.append(svg("rect", { x: 2.5, y: 2.5, width: 7, height: 7, fill: colour }));
  else if (kind === "star") root.append(svg("polygon", { fill: colour, points: "6,0.8 7.5,4.4 11.3,4.6 8.3,7 9.3,10.8 6,8.7 2.7,10.8 3.7,7 0.7,4.6 4.5,4.4" }));
  else if (kind === "flag") root.append(svg("path", { ...st, d: "M2.5 11 V1.5" }), svg("path", { fill: colour, d: "M3 1.5 H10 L8 4 L10 6.5 H3 Z" }));
  else if (kind === "turn") root.append(svg("polygon", { fill: colour, points: "2.5,1.5 10.5,6 2.5,10.5" }));
  else if (kind === "slash") root.append(svg("circle", { ...st, cx: 6, cy: 6, r: 4.6 }), svg("path", { ...st, d: "M2.8 9.2 L9.2 2.8" }));
  else if (kind === "sparkle") root.append(svg("path", { fill: colour, d: "M6 0.5 L7.2 4.8 L11.5 6 L7.2 7.2 L6 11.5 L4.8 7.2 L0.5 6 L4.8 4.8 Z" }));
  else if (kind === "box") root.append(svg("rect", { ...st, x: 1.5, y: 1.5, width: 9, height: 9, rx: 1.5 }), svg("rect", { x: 4, y: 4, width: 4, height: 4, fill: colour }));
  else if (kind === "plus") root.append(svg("path", { ...st, "stroke-width": 2.2, d: "M6 1.5 V10.5 M1.5 6 H10.5" }));
  else if (kind === "down") root.append(svg("polygon", { fill: colour, points: "1.5,3 10.5,3 6,10" }));
  else if (kind === "dot") root.append(svg("circle", { cx: 6, cy: 6, r: 4, fill: colour }));
  else if (kind === "ring") root.append(svg("circle", { ...st, cx: 6, cy: 6, r: 4 }));
  return root;
}

export function seatDot(/** @type {Ctx} */ c, /** @type {number} */ seat) {
  const { svg } = c.ui;
  return svg("svg", { class: "fg-seatdot", width: 16, height: 16, viewBox: "0 0 16 16", role: "img", "aria-label": seatLabel(c, seat) },
    svg("circle", { cx: 8, cy: 8, r: 7.5, fill: SEAT_COLOURS[seat % 4] }),
    svg("text", { x: 8, y: 12, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff", text: String(seat + 1) }));
}

export function resIcon(/** @type {Ctx} */ c, /** @type {string} */ r, size = 16) {
  const { svg } = c.ui;
  return svg("svg", { class: "fg-resicon", width: size, height: size, viewBox: "0 0 16 16", role: "img", "aria-label": nm(c, r) },
    tokenDisc(c, r, 8, 8.4, 6.6, true));
}

export function pileMark(/** @type {Ctx} */ c, /** @type {string} */ id) {
  return sym(c, id === "storage" ? "box" : id === "gain" ? "plus" : "star", 11);
}

// --- cards -------------------------------------------------------------------------------------------

/** A card as a player names it, not by its id: its colour, its place in that landscape and its god ("red
 * 2/2 (Autumn)", "빨강 2/2 (가을)"), or its deck's own name for it (as the server's render.card_name). */
export function cardName(/** @type {Ctx} */ c, /** @type {any} */ card) {
  if (card.name) return String(card.name);
  return `${nm(c, card.colour)} ${card.position}/${sizeOf(c, card.colour)} (${nm(c, card.god)})`;
}

/** Whether the page shows cards' ids (an English page, whose log shows the moves' notation beside them). */
const showsIds = (/** @type {Ctx} */ c) => c.ui.lang === "en";

/** Words describing what is known of a card (its tooltip). */
function cardText(/** @type {Ctx} */ c, /** @type {any} */ card, /** @type {any} */ tokens) {
  const { tr } = c.ui;
  const parts = [];
  if (card.id && showsIds(c)) parts.push(`c${card.id}`);
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

/** A resource's shape around (x, y), which is its icon: stone a pebble, water a drop, grass a tuft,
 * wood a log. The outline carries class fg-shape (the clickable ring). */
function resShape(/** @type {Ctx} */ c, /** @type {string} */ r, /** @type {number} */ x, /** @type {number} */ y,
  /** @type {number} */ rad, /** @type {Record<string, any>} */ attrs) {
  const { svg } = c.ui;
  const a = { class: "fg-shape", ...attrs };
  const P = (/** @type {number[][]} */ p) => unit(x, y, rad, p);
  if (r === "stone") {
    return svg("polygon", { ...a, points: P([[-1, 0.35], [-0.65, -0.65], [0.15, -0.95], [0.95, -0.45], [1, 0.45], [0.3, 0.95], [-0.6, 0.85]]).join(" ") });
  }
  if (r === "water") {
    const [t, rt, lt] = P([[0, -1.2], [0.9, 0.3], [-0.9, 0.3]]);
    const [c1, c2, c3, c4] = P([[0.35, -0.6], [0.9, -0.15], [-0.9, -0.15], [-0.35, -0.6]]);
    return svg("path", { ...a, d: `M${t} C${c1} ${c2} ${rt} A${rad * 0.9},${rad * 0.9} 0 0 1 ${lt} C${c3} ${c4} ${t} Z` });
  }
  if (r === "grass") {
    return svg("polygon", { ...a, points: P([[-1.1, 0.95], [-0.75, -0.55], [-0.3, 0.35], [0, -1.15], [0.3, 0.35], [0.75, -0.55], [1.1, 0.95]]).join(" ") });
  }
  return svg("rect", { ...a, x: x - rad * 1.05, y: y - rad * 0.68, width: rad * 2.1, height: rad * 1.36, rx: rad * 0.5 });
}

/** A resource token: its icon-shape in its colour (a dashed white outline while still empty). */
export function tokenDisc(/** @type {Ctx} */ c, /** @type {string} */ r, /** @type {number} */ x, /** @type {number} */ y,
  /** @type {number} */ rad, /** @type {boolean} */ filled) {
  const { svg } = c.ui;
  const col = colourOf(c, r);
  const g = svg("g", { class: `fg-token fg-${r}` + (filled ? "" : " fg-empty") },
    resShape(c, r, x, y, rad, {
      fill: filled ? col : "#fff", stroke: filled ? "#333" : col, "stroke-width": filled ? 0.6 : 1.3, "stroke-dasharray": filled ? null : "2 1.3",
    }));
  if (filled && r === "wood") {  // the log's cut end: rings
    g.append(svg("ellipse", { cx: x + rad * 0.62, cy: y, rx: rad * 0.36, ry: rad * 0.52, fill: "#d8a06a", stroke: "#5c3514", "stroke-width": 0.5 }));
  } else if (filled && r === "water") {
    g.append(svg("ellipse", { cx: x - rad * 0.32, cy: y + rad * 0.2, rx: rad * 0.16, ry: rad * 0.3, fill: "#fff", opacity: 0.75 }));
  } else if (filled && r === "stone") {
    g.append(svg("path", { d: `M${unit(x, y, rad, [[-0.45, -0.3]])[0]} L${unit(x, y, rad, [[0.15, -0.55]])[0]}`, stroke: "#fff", "stroke-width": rad * 0.16, "stroke-linecap": "round", opacity: 0.8 }));
  }
  return g;
}

/** A rotate card's action as SVG: a turning arrow, the floor and the collecting direction. */
export function rotateMark(/** @type {Ctx} */ c, /** @type {any} */ card, /** @type {number} */ x, /** @type {number} */ y) {
  const { svg } = c.ui;
  const g = svg("g", { "aria-hidden": "true" });
  g.append(svg("path", { d: `M${x - 16} ${y - 4} A7 7 0 1 1 ${x - 10} ${y + 4}`, fill: "none", stroke: "#222", "stroke-width": 1.8 }));
  g.append(svg("polygon", { points: `${x - 19},${y - 5} ${x - 13},${y - 6} ${x - 16},${y - 1}`, fill: "#222" }));
  g.append(svg("text", { x: x + 2, y: y + 5.5, "text-anchor": "middle", "font-size": 15, "font-weight": 700, fill: "#222", text: String(card.floor) }));
  const up = card.direction === "up";
  g.append(svg("path", { d: up ? `M${x + 14} ${y + 6} V${y - 5}` : `M${x + 14} ${y - 6} V${y + 5}`, stroke: "#222", "stroke-width": 1.8 }));
  g.append(svg("polygon", { fill: "#222", points: up ? `${x + 10},${y - 3} ${x + 18},${y - 3} ${x + 14},${y - 9}` : `${x + 10},${y + 3} ${x + 18},${y + 3} ${x + 14},${y + 9}` }));
  return g;
}

/**
 * One card as an <svg>.  side: "base" (base side up, with tokens when in a garden), "landscape"
 * (landscape side up, in a garden), "known" (only the landscape side is known: a hand card drawn
 * blind, the deck top).
 * @param {Ctx} c @param {any} card @param {{side?: string, tokens?: any, token?: string, owner?: number,
 *   scale?: number, oppressed?: boolean, gave?: string[], got?: string[], tokenBind?: boolean, extra?: string,
 *   markToken?: string, markSeat?: number | null}} [o]
 */
export function cardSvg(c, card, o = {}) {
  const { svg, tr } = c.ui;
  const side = o.side || (card.action ? "base" : "known");
  const w = CARD_W;
  const hgt = CARD_H;
  const col = colourOf(c, card.colour);
  const root = svg("svg", {
    class: `fg-card fg-card-${side}`, width: w, height: hgt, viewBox: `0 0 ${w} ${hgt}`, role: "img",
  });
  const tip = cardText(c, card, o.tokens) + (o.oppressed ? tr(" · oppressed: no tokens may be placed", " · 압제: 자원을 놓을 수 없음") : "")
    + (o.extra || "");
  root.setAttribute("aria-label", tip);
  root.append(title(c, tip));
  const corner = () => [
    colourShape(c, card.colour, 9, 9, 6, { fill: "#fff", stroke: "#fff", "stroke-width": 0.5 }),
    colourShape(c, card.colour, 9, 9, 4.2, { fill: col, stroke: "none" }),
    svg("text", { x: 18, y: 13, "font-size": 11, "font-weight": 700, fill: "#fff", text: String(card.position) }),
    svg("text", { x: 27, y: 13, "font-size": 7.5, fill: "#fff", text: `/${sizeOf(c, card.colour)}` }),
  ];
  if (side === "landscape" || side === "known") {
    const god = card.god;
    root.append(
      svg("rect", { x: 1, y: 1, width: w - 2, height: hgt - 2, rx: 6, fill: col, stroke: "#333", "stroke-width": 1 }),
      svg("rect", { x: 5, y: 18, width: w - 10, height: hgt - 36, rx: 4, fill: "rgba(255,255,255,0.9)" }),
      ...corner(),
      godBadge(c, god, w / 2, 36, 11),
      svg("text", { x: w / 2, y: 58, "text-anchor": "middle", "font-size": 8.5, "font-weight": 600, fill: "#222", text: nm(c, god) }),
    );
    if (card.id && side === "landscape" && showsIds(c)) {
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
      svg("rect", { x: 1, y: 1, width: w - 2, height: 17, rx: 5, fill: col }),
      ...corner(),
      godBadge(c, card.god, w - 9, 9, 6.5),
      svg("text", { x: 5, y: 28, "font-size": 8.5, fill: "#555", text: card.id && showsIds(c) ? `c${card.id}` : "" }),
    );
    if (card.action === "gain") {
      root.append(svg("text", { x: w / 2, y: 50, "text-anchor": "middle", "font-size": 17, "font-weight": 700, fill: "#222", text: "+1" }));
    } else {
      root.append(rotateMark(c, card, w / 2, 44));
    }
    const cost = RES.flatMap((r) => card.cost.filter((/** @type {string} */ x) => x === r));
    const have = { ...(o.tokens || {}) };
    const n = cost.length;
    const step = 13;
    const x0 = w / 2 - ((n - 1) * step) / 2;
    cost.forEach((r, i) => {
      const filled = (have[r] || 0) > 0;
      if (filled) have[r] -= 1;
      const disc = tokenDisc(c, r, x0 + i * step, hgt - 14, 5.6, filled);
      if (o.tokenBind && card.id) {
        if (filled && c.phase === "rearrange") bind(c, disc, `${r} c${card.id}`, tr(`move ${nm(c, r)} from ${cardName(c, card)}`, `${cardName(c, card)}의 ${nm(c, r)} 옮기기`));
        else if (!filled && c.phase === "put") bind(c, disc, `put ${r} c${card.id}`, tr(`put ${nm(c, r)} on ${cardName(c, card)}`, `${cardName(c, card)}에 ${nm(c, r)} 놓기`));
      }
      root.append(disc);
    });
    // in a rearrange: − a resource this card gave (may not take it back), + one it received
    const marks = [...(o.gave || []).map((r) => ["−", r]), ...(o.got || []).map((r) => ["+", r])];
    marks.slice(0, 3).forEach(([sign, r], i) => {
      const x = w - 16 + (i - marks.length + 1) * 13;
      root.append(svg("text", { x: x - 3, y: 29, "text-anchor": "end", "font-size": 9, "font-weight": 700, fill: "#7a3b12", text: sign }),
        tokenDisc(c, r, x + 2, 26, 4, true));
    });
    if (o.oppressed) {
      root.append(
        svg("rect", { x: 2, y: 53, width: w - 4, height: 11, rx: 2, fill: "rgba(120,20,20,0.92)" }),
        svg("circle", { cx: 9, cy: 58.5, r: 3.6, fill: "none", stroke: "#fff", "stroke-width": 1.2 }),
        svg("path", { d: "M6.5 61 L11.5 56", stroke: "#fff", "stroke-width": 1.2 }),
        svg("text", { x: w / 2 + 4, y: 61.5, "text-anchor": "middle", "font-size": 7.5, "font-weight": 700, fill: "#fff", text: tr("oppressed", "압제") }),
      );
    }
  }
  if (o.token) bind(c, root, o.token, tip);
  if (o.markToken) c.ui.mark(root, o.markToken, o.markSeat ?? null);
  return root;
}
