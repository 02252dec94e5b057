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
 *   viewer: number | null, focus: number | null, byId: Record<string, any>}} Ctx */

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
  const viewer = v.you ?? null;
  // the seat whose area comes first: yours, or for a spectator or a replay the seat to move
  const cp = v.current_player ?? body.current_player;
  const focus = viewer !== null ? viewer : (cp !== null && cp !== undefined ? cp : (v.players && v.players.length ? 0 : null));
  return { body, ui, v, cat, toMove, phase: v.phase, legal: body.legal || [], viewer, focus, byId };
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
function godBadge(/** @type {Ctx} */ c, /** @type {string} */ god, /** @type {number} */ x, /** @type {number} */ y,
  /** @type {number} */ r) {
  const { svg } = c.ui;
  return svg("g", {}, svg("circle", { cx: x, cy: y, r, fill: colourOf(c, god), stroke: "#fff", "stroke-width": Math.max(1, r * 0.12) }),
    godIcon(c, god, x, y, r * 0.78));
}

/** A landscape colour's mark: its colour in a shape with as many corners as the landscape has cards
 * (red 2: a lens, orange 3: a triangle, green 4: a square, blue 5: a pentagon). */
function colourShape(/** @type {Ctx} */ c, /** @type {string} */ colour, /** @type {number} */ x, /** @type {number} */ y,
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
function colourIcon(/** @type {Ctx} */ c, /** @type {string} */ colour, size = 16) {
  const { svg } = c.ui;
  return svg("svg", { class: "fg-icon", width: size, height: size, viewBox: "0 0 16 16", role: "img", "aria-label": nm(c, colour) },
    colourShape(c, colour, 8, 8, 6.8, { stroke: "#333", "stroke-width": 0.6 }));
}

/** A small inline SVG (HTML context) of a god's badge. */
function godIconSvg(/** @type {Ctx} */ c, /** @type {string} */ god, size = 16) {
  const { svg } = c.ui;
  return svg("svg", { class: "fg-icon", width: size, height: size, viewBox: "0 0 16 16", role: "img", "aria-label": nm(c, god) },
    godBadge(c, god, 8, 8, 7.6));
}

/** Small plain symbols drawn as SVG (never font glyphs): check, stop, star, flag, turn, slash, sparkle,
 * box, plus, arrow. @returns {Element} */
function sym(/** @type {Ctx} */ c, /** @type {string} */ kind, size = 12, colour = "currentColor") {
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

function sizeOf(/** @type {Ctx} */ c, /** @type {string} */ colour) {
  const item = c.byId[colour];
  return item && item.size ? item.size : [2, 3, 4, 5][COLOURS.indexOf(colour)];
}

/** Bind a click target only for the seat to move. */
function bind(/** @type {Ctx} */ c, /** @type {Element} */ el, /** @type {string} */ token, /** @type {string} */ label) {
  if (!c.toMove) return el;
  // the accessible name holds the visible words first (a screen reader and voice control say what is seen)
  const seen = (el instanceof SVGElement ? [...el.querySelectorAll("text")].map((t) => t.textContent).join("") : el.textContent || "")
    .replace(/\s+/g, " ").trim();
  const name = seen && !label.includes(seen) ? `${seen} — ${label}` : label;
  c.ui.bind(el, token, name);
  return el;
}

function title(/** @type {Ctx} */ c, /** @type {string} */ text) {
  return c.ui.svg("title", { text });
}

function seatLabel(/** @type {Ctx} */ c, /** @type {number} */ seat) {
  return c.ui.seatName ? c.ui.seatName(seat) : c.ui.tr(`Player ${seat + 1}`, `플레이어 ${seat + 1}`);
}

// --- cards -------------------------------------------------------------------------------------------

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
function tokenDisc(/** @type {Ctx} */ c, /** @type {string} */ r, /** @type {number} */ x, /** @type {number} */ y,
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
function rotateMark(/** @type {Ctx} */ c, /** @type {any} */ card, /** @type {number} */ x, /** @type {number} */ y) {
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
function cardSvg(c, card, o = {}) {
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
      svg("rect", { x: 1, y: 1, width: w - 2, height: 17, rx: 5, fill: col }),
      ...corner(),
      godBadge(c, card.god, w - 9, 9, 6.5),
      svg("text", { x: 5, y: 28, "font-size": 8.5, fill: "#555", text: card.id ? `c${card.id}` : "" }),
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
        if (filled && c.phase === "rearrange") bind(c, disc, `${r} c${card.id}`, tr(`move ${nm(c, r)} from c${card.id}`, `c${card.id}의 ${nm(c, r)} 옮기기`));
        else if (!filled && c.phase === "put") bind(c, disc, `put ${r} c${card.id}`, tr(`put ${nm(c, r)} on c${card.id}`, `c${card.id}에 ${nm(c, r)} 놓기`));
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

/** Heads of moves with no object on the table: offered as chips. */
function chipMoves(/** @type {Ctx} */ c) {
  return c.legal.filter((m) => {
    const head = m.split(" ")[0];
    return ["done", "end", "consecrate", "collect", "foresight", "grace"].includes(head) || m === "comeback keep";
  });
}

function chipText(/** @type {Ctx} */ c, /** @type {string} */ m) {
  const { tr } = c.ui;
  /** @type {Record<string, string[]>} */
  const words = {
    done: ["done", "마치기"], end: ["end actions", "행동 마치기"],
    "consecrate storage": ["Consecration: +storage", "축성: 창고 확장"], "consecrate keep": ["Consecration: keep (points)", "축성: 보관 (점수)"],
    "collect up": ["collect from floor 1 up", "1층부터 위로 수집"], "collect down": ["collect from floor 4 down", "4층부터 아래로 수집"],
    foresight: ["use Foresight", "예지 사용"], grace: ["use Grace", "은총 사용"], "comeback keep": ["Comeback: keep (points)", "재기: 보관 (점수)"],
  };
  const w = words[m];
  return w ? tr(w[0], w[1]) : m;
}

function chipsRow(/** @type {Ctx} */ c) {
  const { h } = c.ui;
  const chips = chipMoves(c).map((m) => {
    const icon = m === "done" ? sym(c, "check") : m === "end" ? sym(c, "stop") : null;
    const b = h("span", { class: "fg-chip fg-movechip" }, icon, icon ? " " : "", chipText(c, m));
    const hint = c.body.hints && c.body.hints[m] ? c.body.hints[m] : chipText(c, m);
    bind(c, b, m, hint);
    b.setAttribute("title", hint);
    return b;
  });
  return chips.length ? h("div", { class: "fg-chips" }, ...chips) : null;
}

function seatDot(/** @type {Ctx} */ c, /** @type {number} */ seat) {
  const { svg } = c.ui;
  return svg("svg", { class: "fg-seatdot", width: 16, height: 16, viewBox: "0 0 16 16", role: "img", "aria-label": seatLabel(c, seat) },
    svg("circle", { cx: 8, cy: 8, r: 7.5, fill: SEAT_COLOURS[seat % 4] }),
    svg("text", { x: 8, y: 12, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff", text: String(seat + 1) }));
}

/** The recent moves (other seats' last turn) that name `head` as their first word. */
function recentHeads(/** @type {Ctx} */ c, /** @type {string[]} */ heads) {
  return (c.ui.recent || []).filter((/** @type {any} */ e) => heads.includes(String(e.move).split(" ")[0]));
}

// --- tower -------------------------------------------------------------------------------------------

function towerPanel(/** @type {Ctx} */ c) {
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
    const label = seat === undefined ? tr(`side ${side}`, `${side}면`) : (isMine && c.viewer !== null ? tr("you", "나") : `P${seat + 1}`);
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

function tracksPanel(/** @type {Ctx} */ c) {
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
      row.setAttribute("data-last-move", "1");
    }
    root.append(row);
  });
  return h("section", { class: "fg-panel fg-tracks-panel" }, h("div", { class: "fg-h" }, tr("Favour of the gods", "신들의 총애")), root);
}

// --- the shared table: display, deck, bonus piles, whims ---------------------------------------------

function marketPanel(/** @type {Ctx} */ c) {
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
function supplyRow(/** @type {Ctx} */ c) {
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
function tilesPanel(/** @type {Ctx} */ c) {
  const whims = c.v.options && c.v.options.whims;
  return c.ui.h("section", { class: "fg-panel fg-tiles-panel" + (whims ? " fg-whims-panel" : "") },
    whims ? whimsBlock(c) : pilesBlock(c));
}

function resIcon(/** @type {Ctx} */ c, /** @type {string} */ r, size = 16) {
  const { svg } = c.ui;
  return svg("svg", { class: "fg-resicon", width: size, height: size, viewBox: "0 0 16 16", role: "img", "aria-label": nm(c, r) },
    tokenDisc(c, r, 8, 8.4, 6.6, true));
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

function pileMark(/** @type {Ctx} */ c, /** @type {string} */ id) {
  return sym(c, id === "storage" ? "box" : id === "gain" ? "plus" : "star", 11);
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

// --- a player's area ---------------------------------------------------------------------------------

/** One player's area. `own`: the area of the seat playing, drawn first and full size (hand first). */
function playerPanel(/** @type {Ctx} */ c, /** @type {number} */ seat, /** @type {boolean} */ own) {
  const { h, tr } = c.ui;
  const { v, body } = c;
  const p = v.players[seat];
  const isViewer = seat === c.viewer;
  const mover = c.toMove && isViewer;
  const current = v.current_player === seat && body.status === "playing";
  const need = c.cat.end_landscapes ? c.cat.end_landscapes[String(v.players.length)] : null;
  const winner = (v.winners || []).includes(seat) && body.status === "finished";
  const score = p.score || {};
  const reached = need !== null && p.landscapes >= need;
  const ts = v.turn_state || {};
  const pips = [];
  if (current && ts.actions_allowed) {
    for (let i = 0; i < ts.actions_allowed; i++) pips.push(sym(c, i < ts.actions_done ? "dot" : "ring", 10, "#2e6b31"));
  }
  const head = h("div", { class: "fg-phead" },
    seatDot(c, seat), h("b", {}, " ", seatLabel(c, seat)),
    current ? h("span", { class: "fg-tag fg-tag-turn" }, sym(c, "turn", 9, "#fff"), tr(" to move", " 차례")) : null,
    pips.length ? h("span", { class: "fg-pips", title: tr(`actions done: ${ts.actions_done} of ${ts.actions_allowed}`, `한 행동: ${ts.actions_allowed}번 중 ${ts.actions_done}번`) }, ...pips) : null,
    winner ? h("span", { class: "fg-tag fg-tag-win" }, sym(c, "star", 9, "#fff"), tr(" winner", " 승리")) : null,
    h("span", { class: "fg-spacer" }),
    h("span", { class: "fg-small fg-lcount", title: need ? tr(`landscape cards in the garden; when a player has ${need}, the round is finished and the game ends`,
      `정원의 풍경 카드 수; 누군가 ${need}장이 되면 그 라운드를 마치고 게임이 끝남`) : "" },
    reached ? sym(c, "flag", 11, "#7a3b12") : null, tr(" landscape cards ", " 풍경 카드 "), h("b", {}, String(p.landscapes)),
    need ? (reached ? tr(` (end: ${need}+)`, ` (종료: ${need}장 이상)`) : tr(` (end at ${need})`, ` (${need}장에 종료)`)) : ""),
    h("span", { class: "fg-score", title: scoreText(c, score) }, tr(" score ", " 점수 "), h("b", {}, String(score.total ?? ""))));
  const parts = [head];
  if (body.status !== "playing") parts.push(h("div", { class: "fg-small fg-breakdown" }, scoreText(c, score)));
  const side = h("div", { class: "fg-side" }, storageRow(c, seat, mover));
  if (own) side.append(supplyRow(c));
  const extras = tilesRow(c, seat, mover);
  if (extras) side.append(extras);
  if (own) {
    const chips = chipsRow(c);
    if (chips) side.append(chips);
  }
  const top = h("div", { class: "fg-prow" }, handRow(c, seat, mover, own), side);
  if (own) top.append(towerPanel(c));
  parts.push(top, gardenGrid(c, seat, mover));
  return h("section", { class: "fg-panel fg-player" + (own ? " fg-own" : " fg-other") + (current ? " fg-current" : "") + (isViewer ? " fg-viewer" : "") }, ...parts);
}

function scoreText(/** @type {Ctx} */ c, /** @type {any} */ score) {
  const { tr } = c.ui;
  const gods = GODS.map((g) => `${nm(c, g)} ${score[g] ?? 0}`).join(" + ");
  return `${gods} + ${tr("bonus", "보너스")} ${score.bonus ?? 0} + ${tr("whims", "변덕")} ${score.whims ?? 0} = ${score.total ?? 0}`;
}

/** The garden: a group per landscape colour (its mark, cards done / size, a place per position). */
function gardenGrid(/** @type {Ctx} */ c, /** @type {number} */ seat, /** @type {boolean} */ mover) {
  const { h, svg, tr } = c.ui;
  const { v } = c;
  const p = v.players[seat];
  const ts = v.turn_state;
  /** @type {Record<string, any>} */
  const at = {};
  for (const card of p.garden) at[`${card.colour}/${card.copy}/${card.slot}`] = card;
  const tolerant = p.whims && p.whims.tolerance;
  const groups = [];
  for (const colour of COLOURS) {
    const size = sizeOf(c, colour);
    const rows = [];
    let done = 0;
    for (const copy of [1, 2]) {
      const any = p.garden.some((/** @type {any} */ card) => card.colour === colour && card.copy === copy);
      if (copy === 2 && !(any || (tolerant && size <= 3))) continue;
      done += p.garden.filter((/** @type {any} */ card) => card.colour === colour && card.copy === copy && card.side === "landscape").length;
      const cells = [];
      for (let pos = 1; pos <= size; pos++) {
        const card = at[`${colour}/${copy}/${pos}`];
        if (!card) {
          cells.push(svg("svg", { class: "fg-card fg-slot", width: CARD_W, height: CARD_H, viewBox: `0 0 ${CARD_W} ${CARD_H}`, role: "img",
            "aria-label": tr(`${nm(c, colour)} ${pos}: empty`, `${nm(c, colour)} ${pos}: 비어 있음`) },
          title(c, tr(`${nm(c, colour)} ${pos}: empty`, `${nm(c, colour)} ${pos}: 비어 있음`)),
          svg("rect", { x: 2, y: 2, width: CARD_W - 4, height: CARD_H - 4, rx: 6, fill: "#fff", "fill-opacity": 0.5, stroke: colourOf(c, colour), "stroke-width": 1.4, "stroke-dasharray": "4 3" }),
          colourShape(c, colour, CARD_W / 2 - 8, CARD_H / 2, 7, { opacity: 0.8 }),
          svg("text", { x: CARD_W / 2 + 6, y: CARD_H / 2 + 5, "font-size": 14, "font-weight": 700, fill: "#555", text: String(pos) })));
        } else if (card.side === "landscape") {
          cells.push(cardSvg(c, card, { side: "landscape", markToken: `c${card.id}`, markSeat: seat }));
        } else {
          const id = String(card.id);
          const gave = ts.gave && ts.gave[id] ? ts.gave[id] : [];
          const got = ts.got && ts.got[id] ? ts.got[id] : [];
          const extra = (gave.length ? tr(` · gave ${gave.map((/** @type {string} */ r) => nm(c, r)).join(", ")} this rearrange`, ` · 이번 재배치에서 ${gave.map((/** @type {string} */ r) => nm(c, r)).join(", ")} 줌`) : "")
            + (got.length ? tr(` · received ${got.map((/** @type {string} */ r) => nm(c, r)).join(", ")} this rearrange`, ` · 이번 재배치에서 ${got.map((/** @type {string} */ r) => nm(c, r)).join(", ")} 받음`) : "");
          const token = mover ? `c${card.id}` : (c.toMove ? `oppress c${card.id}` : undefined);
          const el = cardSvg(c, card, {
            side: "base", tokens: card.tokens, token, tokenBind: mover, oppressed: v.oppressed === card.id, gave, got, extra,
            markToken: `c${card.id}`, markSeat: seat,
          });
          c.ui.mark(el, `oppress c${card.id}`);
          cells.push(el);
        }
      }
      rows.push(h("div", { class: "fg-gcells" }, ...cells));
    }
    const copies = rows.length;
    const label = h("div", { class: "fg-glabel", title: tr(`${nm(c, colour)} landscape (${size} cards)`, `${nm(c, colour)} 전경 (${size}장)`) },
      colourIcon(c, colour, 16), h("span", { class: "fg-small" }, `${done}/${size * copies}`));
    groups.push(h("div", { class: "fg-ggroup" }, label, h("div", { class: "fg-gstack" }, ...rows)));
  }
  return h("div", { class: "fg-garden" }, ...groups);
}

function storageRow(/** @type {Ctx} */ c, /** @type {number} */ seat, /** @type {boolean} */ mover) {
  const { h, svg, tr } = c.ui;
  const p = c.v.players[seat];
  const held = RES.flatMap((r) => Array(p.storage[r]).fill(r));
  const cap = Math.max(p.capacity, held.length);
  const slot = 22;
  const count = held.length;
  const box = svg("svg", { class: "fg-storage", width: cap * slot + 4, height: slot + 4, viewBox: `0 0 ${cap * slot + 4} ${slot + 4}`,
    role: "img", "aria-label": tr(`storage: ${count} of ${p.capacity}`, `창고: ${p.capacity}칸 중 ${count}칸`) });
  for (let i = 0; i < cap; i++) {
    box.append(svg("rect", { x: 2 + i * slot, y: 2, width: slot - 2, height: slot - 2, rx: 3, fill: "#f1ede2", stroke: "#a39a83" }));
    const r = held[i];
    if (r) {
      const t = tokenDisc(c, r, 2 + i * slot + (slot - 2) / 2, 2 + (slot - 2) / 2, 7.5, true);
      t.append(title(c, nm(c, r)));
      if (mover && c.phase === "rearrange") bind(c, t, `${r} storage`, tr(`move ${nm(c, r)} from storage`, `창고의 ${nm(c, r)} 옮기기`));
      box.append(t);
    }
  }
  const wrap = h("div", { class: "fg-storage-row", title: tr(`storage: ${count} of ${p.capacity} slots used`, `창고: ${p.capacity}칸 중 ${count}칸 사용`) },
    h("span", { class: "fg-small" }, tr("Storage", "창고")), box, h("span", { class: "fg-small" }, `${count}/${p.capacity}`));
  if (mover && (c.phase === "put" || c.phase === "rearrange")) bind(c, wrap, "storage", tr("storage", "창고"));
  if (seat !== c.viewer) {
    c.ui.mark(wrap, "storage", seat);
    c.ui.mark(wrap, "return", seat);
    c.ui.mark(wrap, "rotate", seat);
  }
  return wrap;
}

function tilesRow(/** @type {Ctx} */ c, /** @type {number} */ seat, /** @type {boolean} */ mover) {
  const { h, tr } = c.ui;
  const p = c.v.players[seat];
  const items = [];
  for (const t of p.bonus_tiles) {
    const pile = c.byId[t.pile];
    const el = h("span", { class: "fg-chip fg-bonus", title: pile ? `${nm(c, t.pile)} ${t.value}: ${tr(pile.text.en, pile.text.ko)}` : t.pile },
      pileMark(c, t.pile), ` ${nm(c, t.pile)} ${t.value}`);
    c.ui.mark(el, `bonus ${t.pile}`, seat);
    items.push(el);
  }
  /** @type {Record<string, string[]>} */
  const stateText = { held: ["kept", "보유"], face_down: ["face down", "뒷면"], removed: ["used", "사용함"], placed: ["placed", "놓음"] };
  /** @type {Record<string, string>} */
  const useToken = { foresight: "foresight", grace: "grace", upheaval: "upheaval", oppression: "oppress" };
  for (const [id, st] of Object.entries(p.whims || {})) {
    const s = stateText[st] || [st, st];
    const el = h("span", { class: `fg-chip fg-whimchip fg-w-${st}`, title: whimText(c, id) }, sym(c, "sparkle", 10), " ", nm(c, id), h("span", { class: "fg-small" }, ` (${tr(s[0], s[1])})`));
    if (mover && st === "held" && useToken[id]) bind(c, el, useToken[id], whimText(c, id));
    c.ui.mark(el, `whim ${id}`, seat);
    c.ui.mark(el, useToken[id] || id, seat);
    items.push(el);
  }
  if (!items.length) return null;
  return h("div", { class: "fg-tiles" }, ...items);
}

function handRow(/** @type {Ctx} */ c, /** @type {number} */ seat, /** @type {boolean} */ mover, /** @type {boolean} */ own) {
  const { h, tr } = c.ui;
  const p = c.v.players[seat];
  const isViewer = seat === c.viewer;
  const draws = (c.ui.recent || []).filter((/** @type {any} */ e) => e.seat === seat && e.move === "draw").length;
  const cards = p.hand.map((/** @type {any} */ card, /** @type {number} */ i) => {
    let el;
    if (card.action) {
      const hidden = isViewer && card.public === false;
      el = cardSvg(c, card, {
        side: "base", token: mover ? `c${card.id}` : undefined,
        extra: hidden ? tr(" · drawn blind: others know only its landscape side", " · 덱에서 뽑음: 다른 사람은 풍경 면만 앎") : tr(" · taken face up", " · 공개된 카드"),
        markToken: isViewer ? undefined : `take c${card.id}`, markSeat: seat,
      });
    } else {
      el = cardSvg(c, card, { side: "known" });
      if (!isViewer && i >= p.hand.length - draws) c.ui.mark(el, "draw", seat);
    }
    return el;
  });
  return h("div", { class: "fg-hand" }, h("div", { class: "fg-small" }, own ? tr(`Your hand (${p.hand.length})`, `손패 (${p.hand.length})`) : tr(`Hand (${p.hand.length})`, `손패 (${p.hand.length})`)),
    h("div", { class: "fg-row" }, ...cards));
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
  parts.push(playerPanel(c, order[0], true),
    h("div", { class: "fg-table" }, tracksPanel(c), marketPanel(c), tilesPanel(c)),
    h("div", { class: "fg-players" }, ...order.slice(1).map((seat) => playerPanel(c, seat, false))));
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
    covered: (s) => box(40, tr(s.en, s.ko), ...["water", "grass", "wood"].map((r, i) => tokenDisc(c, r, 7 + i * 13, 11, 5.6, true))),
    empty: (s) => box(40, tr(s.en, s.ko), ...["water", "grass", "wood"].map((r, i) => tokenDisc(c, r, 7 + i * 13, 11, 5.6, false))),
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
