// Harmonies' board: the pieces, drawn in SVG: the tokens' colours, each colour's icon (waves, wheat, tree,
// log rings, peak, house), a token seen from above, a cell's stack as a small pile of discs seen from the
// side (trees: trunk discs under a canopy; mountains: grey discs under a peak; buildings: a roof on its
// base), animal and spirit cubes, the small icons of the text, and a card's habitat pattern.
// Pieces carry no letters: a colour always comes with its icon or its texture.

import { fmt, hexBand, hexPoints, poly, SQ3 } from "./hex.js";
import { kindName } from "./names.js";

/** @typedef {import("./names.js").Ui} Ui */
/** @typedef {{q: number, r: number, kind: string, cube: boolean}} PatternCell */

export const COLOURS = ["blue", "yellow", "green", "brown", "grey", "red"];
/** the top face of a token @type {Record<string, string>} */
const FILL = {
  blue: "#2f6fc0", yellow: "#f2c230", green: "#3d9446", brown: "#8b5a30", grey: "#a3a9ae", red: "#cf3f36",
};
/** the side of a token (darker) @type {Record<string, string>} */
const SIDE = {
  blue: "#1d4c8a", yellow: "#b98f10", green: "#23662b", brown: "#5a3719", grey: "#6c7378", red: "#8e231d",
};
/** the icon's ink on a token's face @type {Record<string, string>} */
const INK = { blue: "#fff", yellow: "#4a3600", green: "#fff", brown: "#f6e6d0", grey: "#1f2427", red: "#fff" };
export const PATTERN_R = 13.5; // hex radius on a card's habitat pattern

// --- icons and pieces ------------------------------------------------------------------------------

/**
 * A colour's icon, centred on (x, y) in a box of size s: waves (blue), wheat (yellow), a tree (green),
 * log rings (brown), a peak (grey), a house (red).
 * @param {Ui} ui @param {string} colour @param {number} x @param {number} y @param {number} s
 * @param {string} [ink] @param {string} [cls]
 */
function glyph(ui, colour, x, y, s, ink = INK[colour], cls = "hm-glyph") {
  const k = (/** @type {number} */ v) => fmt(v * s);
  const X = (/** @type {number} */ v) => fmt(x + v * s);
  const Y = (/** @type {number} */ v) => fmt(y + v * s);
  const line = { fill: "none", stroke: ink, "stroke-width": k(0.1), "stroke-linecap": "round", "stroke-linejoin": "round" };
  switch (colour) {
    case "blue": {
      const wave = (/** @type {number} */ dy) => `M${X(-0.4)} ${Y(dy)} q${k(0.1)} ${k(-0.14)} ${k(0.2)} 0 t${k(0.2)} 0 t${k(0.2)} 0 t${k(0.2)} 0`;
      return ui.svg("path", { class: cls, d: `${wave(-0.12)} ${wave(0.16)}`, ...line });
    }
    case "yellow": {
      let d = "";
      for (const dx of [-0.24, 0, 0.24]) {
        d += `M${X(dx)} ${Y(0.36)} V${Y(-0.34)} `;
        for (const dy of [-0.24, -0.06]) d += `M${X(dx - 0.09)} ${Y(dy - 0.07)} L${X(dx)} ${Y(dy)} L${X(dx + 0.09)} ${Y(dy - 0.07)} `;
      }
      return ui.svg("path", { class: cls, d, ...line, "stroke-width": k(0.075) });
    }
    case "green":
      return ui.svg("path", {
        class: cls, fill: ink,
        d: `M${X(0)} ${Y(-0.42)} L${X(0.3)} ${Y(0.02)} L${X(0.16)} ${Y(0.02)} L${X(0.34)} ${Y(0.24)} L${X(0.07)} ${Y(0.24)} `
          + `V${Y(0.4)} H${X(-0.07)} V${Y(0.24)} L${X(-0.34)} ${Y(0.24)} L${X(-0.16)} ${Y(0.02)} L${X(-0.3)} ${Y(0.02)} Z`,
      });
    case "brown":
      return ui.svg("g", { class: cls, ...line },
        ui.svg("circle", { cx: X(0), cy: Y(0), r: k(0.32) }),
        ui.svg("circle", { cx: X(0), cy: Y(0), r: k(0.16) }),
        ui.svg("circle", { cx: X(0), cy: Y(0), r: k(0.03), fill: ink }));
    case "grey":
      return ui.svg("path", {
        class: cls, fill: ink,
        d: `M${X(-0.42)} ${Y(0.3)} L${X(-0.08)} ${Y(-0.34)} L${X(0.1)} ${Y(-0.02)} L${X(0.2)} ${Y(-0.16)} L${X(0.44)} ${Y(0.3)} Z`,
      });
    case "red":
      return ui.svg("path", {
        class: cls, fill: ink, "fill-rule": "evenodd",
        d: `M${X(-0.3)} ${Y(0.34)} V${Y(-0.02)} H${X(-0.38)} L${X(0)} ${Y(-0.38)} L${X(0.38)} ${Y(-0.02)} H${X(0.3)} V${Y(0.34)} Z `
          + `M${X(-0.08)} ${Y(0.34)} V${Y(0.1)} H${X(0.08)} V${Y(0.34)} Z`,
      });
    default:
      return ui.svg("g", {});
  }
}

/** A landscape token seen from above: a disc with its colour's icon. @param {Ui} ui */
export function tokenDisc(ui, /** @type {string} */ colour, /** @type {number} */ x, /** @type {number} */ y,
  r = 11) {
  return ui.svg("g", { class: `hm-token hm-${colour}` },
    ui.svg("circle", { cx: fmt(x), cy: fmt(y), r: fmt(r), fill: FILL[colour], stroke: SIDE[colour], "stroke-width": fmt(Math.max(1, r * 0.13)) }),
    glyph(ui, colour, x, y, r * 1.35));
}

/** A token as a small inline SVG image, for HTML text. @param {Ui} ui @param {string} colour */
export function inlineToken(ui, colour, size = 18, label = "") {
  const r = size / 2 - 1;
  return ui.svg("svg", {
    class: "hm-inline", width: size, height: size, viewBox: `0 0 ${size} ${size}`,
    ...(label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" }),
  }, tokenDisc(ui, colour, size / 2, size / 2, r));
}

/**
 * One token of a pile seen slightly from the side: its side band (with a texture) and its top face.
 * @param {Ui} ui @param {string} colour @param {number} x @param {number} top centre of the top face
 * @param {number} rx @param {number} ry @param {number} t thickness
 */
function disc(ui, colour, x, top, rx, ry, t) {
  const parts = [
    ui.svg("path", {
      d: `M${fmt(x - rx)} ${fmt(top)} V${fmt(top + t)} A${fmt(rx)} ${fmt(ry)} 0 0 0 ${fmt(x + rx)} ${fmt(top + t)} V${fmt(top)} Z`,
      fill: SIDE[colour], class: "hm-disc-side",
    }),
  ];
  // a texture on the side band, so that stacked colours read without colour
  const y0 = top + ry * 0.55;
  const y1 = top + t + ry * 0.75;
  if (colour === "brown") {
    parts.push(ui.svg("path", {
      d: [-0.55, -0.1, 0.35, 0.75].map((f) => `M${fmt(x + f * rx)} ${fmt(y0)} V${fmt(y1 - 0.5)}`).join(" "), class: "hm-bark",
    }));
  } else if (colour === "grey") {
    parts.push(ui.svg("path", {
      d: [-0.6, -0.2, 0.2, 0.6].map((f, i) => `M${fmt(x + f * rx)} ${fmt(top + t * 0.5 + ry * 0.55 + (i % 2 ? 1 : -1) * t * 0.18)} h0.01`).join(" "),
      class: "hm-stones",
    }));
  } else if (colour === "red") {
    const ym = top + t * 0.5 + ry * 0.6;
    parts.push(ui.svg("path", {
      d: `M${fmt(x - rx * 0.98)} ${fmt(ym)} H${fmt(x + rx * 0.98)} M${fmt(x - rx * 0.3)} ${fmt(y0)} V${fmt(ym)} M${fmt(x + rx * 0.4)} ${fmt(y0)} V${fmt(ym)} M${fmt(x + 0.05 * rx)} ${fmt(ym)} V${fmt(y1 - 0.5)}`,
      class: "hm-bricks",
    }));
  }
  parts.push(ui.svg("ellipse", {
    cx: fmt(x), cy: fmt(top), rx: fmt(rx), ry: fmt(ry), fill: FILL[colour], stroke: SIDE[colour], "stroke-width": 0.8,
  }));
  return parts;
}

/**
 * A cell's stack as a small pile, bottom → top, standing on (x, ground): trees get trunk discs under a
 * canopy, mountains a peak on their top disc, buildings a house on their base, water waves, fields wheat.
 * @param {Ui} ui @param {string[]} stack @param {number} x @param {number} ground
 * @param {number} [rx] half width of a disc
 */
export function pile(ui, stack, x, ground, rx = 13) {
  const ry = rx * 0.4;
  const t = rx * 0.44;
  const tree = stack.length > 0 && stack[stack.length - 1] === "green" && stack.slice(0, -1).every((c) => c === "brown");
  /** @type {Element[]} */
  const parts = [];
  let level = ground; // centre of the bottom face of the next token
  stack.forEach((colour, k) => {
    const last = k === stack.length - 1;
    const top = level - t;
    if (last && colour === "green") {
      // the canopy: a crown of three lobes sitting on the trunk (or on the ground)
      const cr = rx * 0.62;
      const cy = level - cr * 1.05;
      const lobes = [[-0.62, 0.1], [0.62, 0.1], [0, -0.42], [0, 0.25]];
      parts.push(ui.svg("g", { class: "hm-canopy" },
        ...lobes.map(([dx, dy]) => ui.svg("circle", {
          cx: fmt(x + dx * cr), cy: fmt(cy + dy * cr), r: fmt(cr), fill: FILL.green, stroke: SIDE.green, "stroke-width": 1.6,
        })),
        ...lobes.map(([dx, dy]) => ui.svg("circle", { cx: fmt(x + dx * cr), cy: fmt(cy + dy * cr), r: fmt(cr - 0.8), fill: FILL.green })),
        ui.svg("path", {
          d: `M${fmt(x - cr * 0.5)} ${fmt(cy - cr * 0.1)} q${fmt(cr * 0.3)} ${fmt(-cr * 0.5)} ${fmt(cr * 0.7)} ${fmt(-cr * 0.45)}`,
          class: "hm-canopy-shine",
        })));
      return;
    }
    const w = tree ? rx * 0.5 : rx;
    parts.push(...disc(ui, colour, x, top, w, tree ? ry * 0.5 : ry, t));
    if (last) {
      if (colour === "grey") {
        const peakH = rx * 1.05;
        parts.push(ui.svg("polygon", {
          points: poly([[x - rx * 0.78, top + ry * 0.3], [x - rx * 0.08, top - peakH], [x + rx * 0.2, top - peakH * 0.55],
            [x + rx * 0.36, top - peakH * 0.72], [x + rx * 0.8, top + ry * 0.3]]),
          fill: FILL.grey, stroke: "#3d4347", "stroke-width": 1.1, "stroke-linejoin": "round", class: "hm-peak",
        }), ui.svg("polygon", {
          points: poly([[x - rx * 0.3, top - peakH * 0.62], [x - rx * 0.08, top - peakH], [x + rx * 0.12, top - peakH * 0.67],
            [x - rx * 0.06, top - peakH * 0.74]]),
          fill: "#fff", class: "hm-snow",
        }));
      } else if (colour === "red") {
        const wall = rx * 0.52;
        const wallTop = top - rx * 0.46;
        parts.push(ui.svg("rect", {
          x: fmt(x - wall), y: fmt(wallTop), width: fmt(2 * wall), height: fmt(top - wallTop + ry * 0.2),
          fill: FILL.red, stroke: SIDE.red, "stroke-width": 1, class: "hm-walls",
        }), ui.svg("polygon", {
          points: poly([[x - rx * 0.8, wallTop + 0.5], [x, top - rx * 1.15], [x + rx * 0.8, wallTop + 0.5]]),
          fill: SIDE.red, stroke: "#4d0f0b", "stroke-width": 1, "stroke-linejoin": "round", class: "hm-roof",
        }), ui.svg("rect", {
          x: fmt(x - rx * 0.14), y: fmt(top - rx * 0.26), width: fmt(rx * 0.28), height: fmt(rx * 0.3), fill: "#4d0f0b",
        }));
      } else if (colour === "blue") {
        const d = (/** @type {number} */ dy) => `M${fmt(x - rx * 0.62)} ${fmt(top + dy)} q${fmt(rx * 0.155)} ${fmt(-ry * 0.5)} ${fmt(rx * 0.31)} 0 t${fmt(rx * 0.31)} 0 t${fmt(rx * 0.31)} 0 t${fmt(rx * 0.31)} 0`;
        parts.push(ui.svg("path", { d: `${d(-ry * 0.28)} ${d(ry * 0.42)}`, class: "hm-waves" }));
      } else if (colour === "yellow") {
        let d = "";
        for (const dx of [-0.45, 0, 0.45]) {
          const bx = x + dx * rx;
          const by = top + (dx === 0 ? 0.1 : -0.05) * ry;
          d += `M${fmt(bx)} ${fmt(by)} V${fmt(by - rx * 0.75)} `;
          for (const f of [0.45, 0.68]) d += `M${fmt(bx - rx * 0.13)} ${fmt(by - rx * f)} L${fmt(bx)} ${fmt(by - rx * (f - 0.12))} L${fmt(bx + rx * 0.13)} ${fmt(by - rx * f)} `;
        }
        parts.push(ui.svg("path", { d, class: "hm-wheat" }));
      } else if (colour === "brown") {
        parts.push(ui.svg("ellipse", { cx: fmt(x), cy: fmt(top), rx: fmt(w * 0.55), ry: fmt(ry * 0.55), class: "hm-rings" }));
      }
    }
    level = top;
  });
  return ui.svg("g", { class: "hm-pile" }, ...parts);
}

/**
 * An animal cube (a square) or a spirit cube (a diamond).
 * @param {Ui} ui @param {number} x @param {number} y @param {number} s size @param {boolean} spirit
 */
export function cubeMark(ui, x, y, s, spirit) {
  if (spirit) {
    const d = s * 0.72;
    return ui.svg("polygon", {
      class: "hm-cube hm-spirit-cube", points: `${fmt(x)},${fmt(y - d)} ${fmt(x + d)},${fmt(y)} ${fmt(x)},${fmt(y + d)} ${fmt(x - d)},${fmt(y)}`,
    });
  }
  return ui.svg("rect", { class: "hm-cube", x: fmt(x - s / 2), y: fmt(y - s / 2), width: s, height: s, rx: 1.5 });
}

/** A small inline SVG icon for HTML text. @param {Ui} ui @param {string} what */
export function icon(ui, what, size = 14) {
  /** @type {Element} */
  let shape;
  switch (what) {
    case "spirit": shape = cubeMark(ui, 7, 7, 9, true); break;
    case "cube": shape = cubeMark(ui, 7, 7, 9, false); break;
    case "done":
      shape = ui.svg("path", { d: "M2.5 7.5 L5.8 10.5 L11.5 3.5", fill: "none", stroke: "currentColor", "stroke-width": 2.2, "stroke-linecap": "round" });
      break;
    case "star":
      shape = ui.svg("polygon", { points: "7,1 8.8,5.2 13.2,5.4 9.8,8.3 10.9,12.7 7,10.3 3.1,12.7 4.2,8.3 0.8,5.4 5.2,5.2", fill: "#c98a00", stroke: "#6b4a00", "stroke-width": 0.8 });
      break;
    case "sun":
      shape = ui.svg("g", { fill: "#e0a400", stroke: "#8a5a00", "stroke-width": 0.8 },
        ui.svg("circle", { cx: 7, cy: 7, r: 3.4 }),
        ui.svg("path", { d: "M7 0.5V3 M7 11V13.5 M0.5 7H3 M11 7H13.5 M2.4 2.4L4.2 4.2 M9.8 9.8L11.6 11.6 M2.4 11.6L4.2 9.8 M9.8 4.2L11.6 2.4", "stroke-width": 1.3 }));
      break;
    case "warn":
      shape = ui.svg("g", {},
        ui.svg("polygon", { points: "7,1 13.3,12.6 0.7,12.6", fill: "#f4b000", stroke: "#6b4a00", "stroke-width": 0.9 }),
        ui.svg("path", { d: "M7 5V9 M7 10.6V10.8", stroke: "#2a1d00", "stroke-width": 1.6, "stroke-linecap": "round" }));
      break;
    default: // the seat to move: a filled triangle
      shape = ui.svg("polygon", { points: "3,2 12,7 3,12", fill: "currentColor" });
  }
  return ui.svg("svg", { class: "hm-inline hm-icon", width: size, height: size, viewBox: "0 0 14 14", "aria-hidden": "true" }, shape);
}

/**
 * A landscape kind's icon on a card's habitat: a tree, a peak, a house, waves or wheat, with the
 * height of a tree or a mountain as pips below it.
 * @param {Ui} ui @param {string} kind @param {number} x @param {number} y @param {number} r hex radius
 */
function kindGlyph(ui, kind, x, y, r) {
  const base = kind.replace(/[0-9]/g, "");
  const height = Number(kind.replace(/[^0-9]/g, "")) || 0;
  const colour = { tree: "green", mountain: "grey", building: "red", water: "blue", field: "yellow" }[base] || "blue";
  const s = r * (height ? 1.05 : 1.2);
  const gy = height ? y - r * 0.18 : y;
  // a white halo under the dark icon, so that it reads on any band colour
  const stroked = colour === "blue" || colour === "yellow";
  const parts = stroked
    ? [glyph(ui, colour, x, gy, s, "#fff", "hm-kind-under"), glyph(ui, colour, x, gy, s, "#17191a", "hm-kind-glyph")]
    : [glyph(ui, colour, x, gy, s, "#17191a", "hm-kind-glyph hm-halo")];
  for (let i = 0; i < height; i++) {
    const px = x + (i - (height - 1) / 2) * r * 0.36;
    parts.push(ui.svg("circle", { cx: fmt(px), cy: fmt(y + r * 0.52), r: fmt(r * 0.13), class: "hm-pip" }));
  }
  return ui.svg("g", { class: "hm-kind" }, ...parts);
}

// --- habitat patterns ------------------------------------------------------------------------------

/**
 * A card's habitat as small hexes: each hex banded with its stack's colours (bottom → top) and the
 * landscape's icon (a tree or a peak with its height as pips, a house, waves, wheat).
 * `hidden`: inside a card, whose label already says its habitat.
 * @param {Ui} ui @param {PatternCell[]} cells @param {number} [r] @param {boolean} [hidden]
 */
export function pattern(ui, cells, r = PATTERN_R, hidden = false) {
  const pos = cells.map((c) => [1.5 * r * c.q, SQ3 * r * (c.r + c.q / 2)]);
  const xs = pos.map((p) => p[0]);
  const ys = pos.map((p) => p[1]);
  const h = (SQ3 / 2) * r;
  const x0 = Math.min(...xs) - r - 1;
  const y0 = Math.min(...ys) - h - 1;
  const w = Math.max(...xs) - Math.min(...xs) + 2 * r + 2;
  const ht = Math.max(...ys) - Math.min(...ys) + 2 * h + 2;
  const kinds = ui.catalog?.kinds || {};
  /** @type {string[]} */
  const names = [];
  const parts = cells.map((cell, i) => {
    const [cx, cy] = pos[i];
    const stacks = kinds[cell.kind]?.stacks || [[]];
    const stack = stacks[0];
    const anyBelow = stacks.length > 1; // a building: red on any red, brown or grey token
    const n = stack.length || 1;
    const bands = stack.map((/** @type {string} */ colour, /** @type {number} */ k) => ui.svg("polygon", {
      points: hexBand(cx, cy, r, h - ((k + 1) * 2 * h) / n, h - (k * 2 * h) / n),
      fill: anyBelow && k < n - 1 ? "#d9ccb4" : FILL[colour],
      class: anyBelow && k < n - 1 ? "hm-any" : "",
    }));
    const lines = [];
    for (let k = 1; k < n; k++) {
      const y = cy + h - (k * 2 * h) / n;
      const w2 = r - Math.abs(y - cy) / SQ3;
      lines.push(ui.svg("line", { x1: fmt(cx - w2), y1: fmt(y), x2: fmt(cx + w2), y2: fmt(y), class: "hm-band-line" }));
    }
    const name = kindName(ui, cell.kind) + (cell.cube ? ui.tr(" (the cube goes here)", " (큐브 자리)") : "");
    names.push(name);
    return ui.svg("g", { class: `hm-pcell${cell.cube ? " hm-pcube" : ""}` },
      ...bands, ...lines,
      ui.svg("polygon", { points: hexPoints(cx, cy, r), class: "hm-pcell-edge" }),
      kindGlyph(ui, cell.kind, cx, cy, r),
      cell.cube ? cubeMark(ui, cx + r * 0.5, cy - h * 0.55, r * 0.36, false) : null);
  });
  return ui.svg("svg", {
    class: "hm-pattern", viewBox: `${fmt(x0)} ${fmt(y0)} ${fmt(w)} ${fmt(ht)}`,
    width: fmt(w), height: fmt(ht), ...(hidden ? { "aria-hidden": "true" } : { role: "img", "aria-label": names.join(", ") }),
  }, ...parts);
}
