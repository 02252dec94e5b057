// Spirits of the Wild's web board: the pieces, drawn in SVG: stones (a colour and its icon, or the spirit
// stone's diamond), empty slots, the coyote, small marks, click targets, buttons and the action cards.

import { markWith, ring } from "./last_turn.js";
import { item, lines, named, stoneName, wrap } from "./shared.js";

/** @typedef {import("./last_turn.js").Entry} Entry */

/** @type {Record<string, string>} */
const FILL = {
  blue: "#2d67cf", teal: "#139d93", orange: "#ef8532", white: "#f7f4ec", purple: "#8a4fc6", yellow: "#f2cc2c",
};
/** @type {Record<string, string>} */
const INK = { blue: "#fff", teal: "#fff", orange: "#2b1705", white: "#3b3b3b", purple: "#fff", yellow: "#3a2e00" };
/** @type {Record<string, string>} */
export const SPIRIT_HUE = {
  deer: "#9a6232", wolf: "#56697d", bear: "#6e4a2f", ram: "#8c7a3c", bison: "#7d3f2c", eagle: "#2f5f8f",
};

/** Numbers of an icon path, scaled by `r` and moved to (x, y): "M -0.5 0 L 0.5 0" → absolute points.
 * Pairs after an "A" keep radii, flags and rotation unmoved. @param {string} d @param {number} x @param {number} y @param {number} r */
function pathAt(d, x, y, r) {
  const out = [];
  const parts = d.trim().split(/\s+/);
  let cmd = "";
  let i = 0;
  while (i < parts.length) {
    const t = parts[i];
    if (/^[A-Za-z]$/.test(t)) {
      cmd = t;
      out.push(t);
      i += 1;
    } else if (cmd === "A") {
      const [rx, ry, rot, large, sweep, px, py] = parts.slice(i, i + 7).map(Number);
      out.push(`${(rx * r).toFixed(2)} ${(ry * r).toFixed(2)} ${rot} ${large} ${sweep} ${(x + px * r).toFixed(2)} ${(y + py * r).toFixed(2)}`);
      i += 7;
    } else {
      out.push(`${(x + Number(t) * r).toFixed(2)} ${(y + Number(parts[i + 1]) * r).toFixed(2)}`);
      i += 2;
    }
  }
  return out.join(" ");
}

/** Each colour's icon (units of the stone's radius), so stones read without colour: a wave, a leaf, a flame,
 * a snowflake, a crescent moon, a sun. [path, "fill" or "stroke"]
 * @type {Record<string, [string, string][]>} */
const ICON = {
  blue: [["M -0.62 -0.12 C -0.42 -0.42 -0.22 -0.42 -0.02 -0.12 C 0.18 0.18 0.38 0.18 0.6 -0.12", "stroke"],
    ["M -0.62 0.3 C -0.42 0 -0.22 0 -0.02 0.3 C 0.18 0.6 0.38 0.6 0.6 0.3", "stroke"]],
  teal: [["M -0.5 0.52 C -0.6 -0.12 -0.1 -0.56 0.58 -0.56 C 0.6 0.1 0.12 0.62 -0.5 0.52 Z", "fill"],
    ["M -0.56 0.6 L 0.22 -0.2", "vein"]],
  orange: [["M 0 -0.68 C 0.3 -0.3 0.52 -0.08 0.46 0.2 C 0.42 0.48 0.22 0.62 0 0.62 C -0.22 0.62 -0.44 0.48 -0.46 0.2 "
    + "C -0.48 -0.06 -0.24 -0.14 -0.16 -0.38 C -0.04 -0.24 0 -0.4 0 -0.68 Z", "fill"]],
  white: [["M 0 -0.66 L 0 0.66 M -0.57 -0.33 L 0.57 0.33 M -0.57 0.33 L 0.57 -0.33 "
    + "M -0.16 -0.56 L 0 -0.4 L 0.16 -0.56 M -0.16 0.56 L 0 0.4 L 0.16 0.56", "stroke"]],
  purple: [["M 0.12 -0.62 A 0.62 0.62 0 1 0 0.56 0.3 A 0.48 0.48 0 1 1 0.12 -0.62 Z", "fill"]],
  yellow: [["M 0 -0.24 A 0.24 0.24 0 1 1 0 0.24 A 0.24 0.24 0 1 1 0 -0.24 Z", "fill"],
    ["M 0 -0.4 L 0 -0.66 M 0 0.4 L 0 0.66 M -0.4 0 L -0.66 0 M 0.4 0 L 0.66 0 "
      + "M 0.28 0.28 L 0.47 0.47 M -0.28 0.28 L -0.47 0.47 M 0.28 -0.28 L 0.47 -0.47 M -0.28 -0.28 L -0.47 -0.47", "stroke"]],
};

/** What each colour's icon shows, for the legend. @type {Record<string, [string, string]>} */
export const ICON_NAME = {
  blue: ["wave", "물결"], teal: ["leaf", "잎"], orange: ["flame", "불꽃"], white: ["snowflake", "눈송이"],
  purple: ["moon", "달"], yellow: ["sun", "해"],
};

/** A colour's icon alone, drawn in `ink`. @param {any} ui @param {string} kind @param {number} x @param {number} y @param {number} r @param {string} ink */
function icon(ui, kind, x, y, r, ink) {
  return ui.svg("g", { class: "sotw-glyph" }, (ICON[kind] || []).map(([d, how]) => ui.svg("path", {
    d: pathAt(d, x, y, r),
    fill: how === "fill" ? ink : "none",
    stroke: how === "fill" ? "none" : how === "vein" ? FILL[kind] : ink,
    "stroke-width": (r * (how === "vein" ? 0.1 : 0.15)).toFixed(2),
    "stroke-linecap": "round", "stroke-linejoin": "round",
  })));
}

/** The spirit stone's diamond. @param {any} ui @param {number} x @param {number} y @param {number} r */
function diamond(ui, x, y, r) {
  const k = r * 1.18;
  return [
    ui.svg("polygon", {
      points: `${x},${y - k} ${x + k},${y} ${x},${y + k} ${x - k},${y}`,
      fill: "url(#sotw-spirit-fill)", stroke: "#4f6f89", "stroke-width": 1.6,
    }),
    ui.svg("polygon", {
      points: `${x},${y - k * 0.45} ${x + k * 0.45},${y} ${x},${y + k * 0.45} ${x - k * 0.45},${y}`,
      fill: "#fff", opacity: 0.85,
    }),
  ];
}

/**
 * A stone: a coloured disc with its colour's icon, or the spirit stone as a clear diamond.
 * @param {any} ui @param {string} kind @param {number} x @param {number} y @param {number} r
 */
export function stone(ui, kind, x, y, r) {
  if (kind === "spirit") {
    return ui.svg("g", { class: "sotw-stone sotw-spirit-stone" }, ui.svg("title", {}, stoneName(ui, kind)), diamond(ui, x, y, r));
  }
  return ui.svg("g", { class: "sotw-stone" },
    ui.svg("title", {}, stoneName(ui, kind)),
    ui.svg("circle", { cx: x, cy: y, r, fill: FILL[kind] || "#999", stroke: kind === "white" ? "#8a8577" : "#00000066", "stroke-width": 1.3 }),
    icon(ui, kind, x, y, r, INK[kind] || "#000"));
}

/** A small SVG mark: a right-pointing triangle (whose turn), a star (winner), an arrow.
 * @param {any} ui @param {"turn" | "star" | "arrow"} what @param {number} x @param {number} y @param {number} s @param {string} cls */
export function glyph(ui, what, x, y, s, cls) {
  if (what === "turn") return ui.svg("path", { d: pathAt("M -0.45 -0.55 L 0.55 0 L -0.45 0.55 Z", x, y, s), class: cls });
  if (what === "star") {
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const k = i % 2 ? 0.42 : 1;
      pts.push(`${(x + Math.cos(a) * k * s).toFixed(2)},${(y + Math.sin(a) * k * s).toFixed(2)}`);
    }
    return ui.svg("polygon", { points: pts.join(" "), class: cls });
  }
  return ui.svg("path", { d: pathAt("M -0.6 0 L 0.45 0 M 0.1 -0.38 L 0.5 0 L 0.1 0.38", x, y, s), class: cls,
    fill: "none", "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round" });
}

/** An empty stone slot. @param {any} ui @param {number} x @param {number} y @param {number} r @param {boolean} dim */
export function slot(ui, x, y, r, dim) {
  return ui.svg("circle", {
    cx: x, cy: y, r: r - 1, class: dim ? "sotw-slot sotw-slot-dim" : "sotw-slot",
  });
}

/** An empty spirit slot (a dashed diamond). @param {any} ui @param {number} x @param {number} y @param {number} r */
export function spiritSlot(ui, x, y, r) {
  const k = r * 1.18;
  return ui.svg("polygon", {
    points: `${x},${y - k} ${x + k},${y} ${x},${y + k} ${x - k},${y}`, class: "sotw-spirit-slot",
  });
}

/** The coyote: a small head on a disc. @param {any} ui @param {number} x @param {number} y @param {number} s @param {string} [cls] */
export function coyote(ui, x, y, s, cls) {
  const head = [
    [-0.62, -0.55], [-0.42, -0.98], [-0.18, -0.42], [0.18, -0.42], [0.42, -0.98], [0.62, -0.55],
    [0.55, 0.05], [0.14, 0.62], [0, 0.72], [-0.14, 0.62], [-0.55, 0.05],
  ].map(([a, b]) => `${x + a * s},${y + b * s}`).join(" ");
  return ui.svg("g", { class: cls || "sotw-coyote" },
    ui.svg("circle", { cx: x, cy: y, r: s * 1.15, class: "sotw-coyote-disc" }),
    ui.svg("polygon", { points: head, class: "sotw-coyote-head" }),
    ui.svg("circle", { cx: x - s * 0.24, cy: y - s * 0.1, r: s * 0.09, fill: "#fff" }),
    ui.svg("circle", { cx: x + s * 0.24, cy: y - s * 0.1, r: s * 0.09, fill: "#fff" }),
    ui.svg("circle", { cx: x, cy: y + s * 0.5, r: s * 0.1, fill: "#1d120a" }));
}

/** A click-target rectangle, highlighted by the board's CSS when its group is clickable or chosen. */
export function hit(/** @type {any} */ ui, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ w,
  /** @type {number} */ h, /** @type {number} */ rx) {
  return ui.svg("rect", { x, y, width: w, height: h, rx, class: "sotw-hit" });
}

/** The gradient the spirit stones use (one per svg, so each svg stands alone). @param {any} ui */
export function defs(ui) {
  return ui.svg("defs", {},
    ui.svg("linearGradient", { id: "sotw-spirit-fill", x1: 0, y1: 0, x2: 1, y2: 1 },
      ui.svg("stop", { offset: "0%", "stop-color": "#ffffff" }),
      ui.svg("stop", { offset: "55%", "stop-color": "#cfe4f3" }),
      ui.svg("stop", { offset: "100%", "stop-color": "#9fc0da" })),
    ui.svg("pattern", { id: "sotw-hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)" },
      ui.svg("rect", { width: 8, height: 8, fill: "#f3e6d6" }),
      ui.svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#c99c72", "stroke-width": 3 })));
}

/** A button drawn in SVG. @param {any} ui @param {string} token @param {string} label @param {number} x @param {number} y @param {number} w */
export function button(ui, token, label, x, y, w) {
  const g = ui.svg("g", { class: "sotw-button" },
    hit(ui, x - 2, y - 2, w + 4, 38, 10),
    ui.svg("rect", { x, y, width: w, height: 34, rx: 8, class: "sotw-button-face" }),
    ui.svg("text", { x: x + w / 2, y: y + 22, "text-anchor": "middle", class: "sotw-button-text" }, label));
  ui.bind(g, token, label);
  return g;
}

// --- the action cards ---------------------------------------------------------------------------------

/** @type {Record<string, [string, string, string, string]>} big and small label, en and ko */
const CARD_FACE = {
  take1: ["1", "Take 1", "1", "1개 가져오기"],
  take2: ["2", "Take 2", "2", "2개 가져오기"],
  add2: ["+2", "Add 2, take 1", "+2", "2개 더하고 1개"],
  add3: ["+3", "Add 3, coyote", "+3", "3개 더하고 코요테"],
  spirit: ["", "Spirit & refresh", "", "영혼 & 복구"],
};

/**
 * One action card, face up or face down.
 * @param {any} ui @param {string} card @param {boolean} up @param {number} x @param {number} y @param {number} w
 * @param {number} h @param {{token?: string, ready?: boolean, half?: number, mark?: Entry}} opts
 */
export function actionCard(ui, card, up, x, y, w, h, opts) {
  const face = CARD_FACE[card];
  const title = named(ui, item(ui, "action_cards", card));
  const g = ui.svg("g", { class: `sotw-card ${up ? "sotw-card-up" : "sotw-card-down"}` },
    ui.svg("title", {}, `${title}${up ? "" : ui.tr(" (face down)", " (뒷면)")}`));
  g.append(hit(ui, x - 2, y - 2, w + 4, h + 4, 8));
  if (up) {
    g.append(ui.svg("rect", { x, y, width: w, height: h, rx: 6, class: card === "spirit" ? "sotw-card-face sotw-refresh" : "sotw-card-face" }));
    if (card === "spirit") {
      g.append(stone(ui, "spirit", x + w / 2, y + 15, 6.5));
      g.append(ui.svg("path", {
        d: `M ${x + w / 2 - 10} ${y + 19} a 10 10 0 1 0 3 -8`, fill: "none", stroke: "#3f6e8e", "stroke-width": 1.5,
      }));
    } else {
      const big = ui.tr(face[0], face[2]);
      const shift = card === "add3" ? -6 : card === "add2" ? -12 : 0;
      const style = card === "add2" ? "font-size:14px" : null;
      g.append(ui.svg("text", { x: x + w / 2 + shift, y: y + 26, "text-anchor": "middle", class: "sotw-card-big", style }, big));
      if (card === "add3") g.append(coyote(ui, x + w / 2 + 15, y + 20, 6));
      if (card === "add2") {
        // "+2, then take 1": an arrow drawn in SVG, then the 1.
        g.append(glyph(ui, "arrow", x + w / 2 + 6, y + 21, 8, "sotw-card-arrow"));
        g.append(ui.svg("text", { x: x + w / 2 + 18, y: y + 26, "text-anchor": "middle", class: "sotw-card-big", style }, "1"));
      }
    }
    const small = wrap(ui.tr(face[1], face[3]), w - 6, 10);
    g.append(lines(ui, x + w / 2, y + h - 7 - (small.length - 1) * 10.5, small, 10.5,
      { "text-anchor": "middle", class: "sotw-card-small" }));
    if (card === "spirit" && opts.ready) {
      g.append(ui.svg("rect", { x: x + 4, y: y - 7, width: w - 8, height: 13, rx: 6.5, class: "sotw-ready" }));
      g.append(ui.svg("text", { x: x + w / 2, y: y + 3, "text-anchor": "middle", class: "sotw-ready-text" },
        ui.tr("ready", "사용 가능")));
    }
  } else {
    g.append(ui.svg("rect", { x, y, width: w, height: h, rx: 6, class: "sotw-card-back" }));
    g.append(ui.svg("line", { x1: x + 7, y1: y + 7, x2: x + w - 7, y2: y + h - 7, class: "sotw-cross" }));
    g.append(ui.svg("line", { x1: x + w - 7, y1: y + 7, x2: x + 7, y2: y + h - 7, class: "sotw-cross" }));
    if (opts.half) {
      // The take-1 backs each show half a coyote: the left copy the left half, the right copy the right.
      const cx = opts.half < 0 ? x + w - 4 : x + 4;
      g.append(ui.svg("path", {
        d: opts.half < 0
          ? `M ${cx} ${y + h / 2 - 15} A 15 15 0 0 0 ${cx} ${y + h / 2 + 15} Z`
          : `M ${cx} ${y + h / 2 - 15} A 15 15 0 0 1 ${cx} ${y + h / 2 + 15} Z`,
        class: "sotw-coyote-half",
      }));
    }
    g.append(ui.svg("rect", { x: x + w / 2 - 22, y: y + h / 2 - 9, width: 44, height: 18, rx: 4, class: "sotw-used" }));
    g.append(ui.svg("text", { x: x + w / 2, y: y + h / 2 + 4.5, "text-anchor": "middle", class: "sotw-used-text" },
      ui.tr("USED", "사용함")));
    // Which card this is, by its big mark (readable at any size, in either language).
    g.append(ui.svg("text", { x: x + w / 2, y: y + h - 5, "text-anchor": "middle", class: "sotw-card-back-label" },
      card === "add2" ? "+2, 1" : face[0]));
  }
  if (opts.mark) markWith(ui, g, opts.mark, ring(ui, x - 3, y - 3, w + 6, h + 6, 8));
  if (opts.token) ui.bind(g, opts.token, `${title}: ${named(ui, item(ui, "action_cards", card).text || { en: "", ko: "" })}`);
  return g;
}
