// Harmonies in the browser: draw(body, ui), legend(ui), prompt(body, ui), endReason(body, ui)
// (docs/web-boards.md).
//
// Everything is drawn from body.view (HarmoniesState.view / public_view) and ui.catalog
// (hanpan.games.harmonies.webdata.catalog).  Tokens for choosing a move (docs/notation.md, Harmonies):
//   central space k ........ "space k"        a token in hand ........ its colour, "green"
//   a cell of your board ... its name, "c3"   a held card / spirit ... "cube <id>"
//   a displayed card ....... "card <id>"      its solo discard chip .. "discard <id>"
//   a dealt spirit ......... "keep <id>"      the end-turn button .... "end"
// so "green" then "c3" makes "green c3", and "cube fish" then "d2" makes "cube fish d2".
//
// Pieces carry no letters: each colour has an icon (waves, wheat, tree, log rings, peak, house) and a
// board cell shows its stack as a small pile of discs seen from the side (trees: trunk discs under a
// canopy; mountains: grey discs under a peak; buildings: a roof on its base).

/**
 * @typedef {{n: number, seat: number, move: string, text: string}} Recent
 * @typedef {{
 *   lang: string, catalog: any, tr: (en: string, ko: string) => string, seatName: (seat: number) => string,
 *   svg: (tag: string, attrs?: Record<string, any>, ...children: any[]) => SVGElement,
 *   h: (tag: string, attrs?: Record<string, any>, ...children: any[]) => HTMLElement,
 *   bind: (el: Element, token: string, label?: string) => void,
 *   clickable: (token: string) => boolean, chosen: (token: string) => boolean,
 *   recent?: Recent[], marked?: (token: string, seat?: number | null) => boolean,
 *   mark?: (el: Element, token: string, seat?: number | null) => Element,
 * }} Ui
 * @typedef {{q: number, r: number, kind: string, cube: boolean}} PatternCell
 */

const COLOURS = ["blue", "yellow", "green", "brown", "grey", "red"];
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
const SQ3 = Math.sqrt(3);
const BOARD_R = 28; // hex radius of a personal board's cell
const PATTERN_R = 13.5; // hex radius on a card's habitat pattern

// --- small helpers ---------------------------------------------------------------------------------

/** @param {Ui} ui @param {{en: string, ko: string} | undefined} pair @param {string} [fallback] */
function txt(ui, pair, fallback = "") {
  return pair ? ui.tr(pair.en, pair.ko) : fallback;
}

/** @param {Ui} ui @param {string} colour */
function colourName(ui, colour) {
  const entry = (ui.catalog?.colours || []).find((/** @type {any} */ c) => c.id === colour);
  return entry ? txt(ui, entry.name) : colour;
}

/** @param {Ui} ui @param {string} id */
function cardInfo(ui, id) {
  return ui.catalog?.animals?.[id] || ui.catalog?.spirits?.[id] || null;
}

/** @param {Ui} ui @param {string} id */
function cardName(ui, id) {
  const info = cardInfo(ui, id);
  return info ? txt(ui, info.name, id) : id;
}

/** @param {Ui} ui @param {string} kind */
function kindName(ui, kind) {
  return txt(ui, ui.catalog?.kinds?.[kind]?.name, kind);
}

/** @param {Ui} ui @param {number} p */
function seatLabel(ui, p) {
  return ui.seatName ? ui.seatName(p) : ui.tr(`Player ${p + 1}`, `플레이어 ${p + 1}`);
}

/** ui.mark when the page has it. @param {Ui} ui @param {Element} el @param {string} token @param {number | null} seat */
function mark(ui, el, token, seat) {
  if (ui.mark) ui.mark(el, token, seat);
  return el;
}

/** @param {number} n */
const fmt = (n) => (Math.round(n * 100) / 100).toString();

/** Corners of a flat-topped hexagon. @param {number} cx @param {number} cy @param {number} r */
function hexPoints(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${fmt(cx + r * Math.cos(a))},${fmt(cy + r * Math.sin(a))}`);
  }
  return pts.join(" ");
}

/**
 * The part of a flat-topped hexagon between two heights (y grows downwards), as polygon points.
 * @param {number} cx @param {number} cy @param {number} r @param {number} y0 top @param {number} y1 bottom
 */
function hexBand(cx, cy, r, y0, y1) {
  const w = (/** @type {number} */ y) => r - Math.abs(y) / SQ3;
  /** @type {[number, number][]} */
  const pts = [[-w(y0), y0], [w(y0), y0]];
  if (y0 < 0 && y1 > 0) pts.push([r, 0]);
  pts.push([w(y1), y1], [-w(y1), y1]);
  if (y0 < 0 && y1 > 0) pts.push([-r, 0]);
  return pts.map(([x, y]) => `${fmt(cx + x)},${fmt(cy + y)}`).join(" ");
}

/** Points of a polygon from [x, y] pairs. @param {number[][]} pts */
const poly = (pts) => pts.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(" ");

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
function tokenDisc(ui, /** @type {string} */ colour, /** @type {number} */ x, /** @type {number} */ y,
  r = 11) {
  return ui.svg("g", { class: `hm-token hm-${colour}` },
    ui.svg("circle", { cx: fmt(x), cy: fmt(y), r: fmt(r), fill: FILL[colour], stroke: SIDE[colour], "stroke-width": fmt(Math.max(1, r * 0.13)) }),
    glyph(ui, colour, x, y, r * 1.35));
}

/** A token as a small inline SVG image, for HTML text. @param {Ui} ui @param {string} colour */
function inlineToken(ui, colour, size = 18, label = "") {
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
function pile(ui, stack, x, ground, rx = 13) {
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
function cubeMark(ui, x, y, s, spirit) {
  if (spirit) {
    const d = s * 0.72;
    return ui.svg("polygon", {
      class: "hm-cube hm-spirit-cube", points: `${fmt(x)},${fmt(y - d)} ${fmt(x + d)},${fmt(y)} ${fmt(x)},${fmt(y + d)} ${fmt(x - d)},${fmt(y)}`,
    });
  }
  return ui.svg("rect", { class: "hm-cube", x: fmt(x - s / 2), y: fmt(y - s / 2), width: s, height: s, rx: 1.5 });
}

/** A small inline SVG icon for HTML text. @param {Ui} ui @param {string} what */
function icon(ui, what, size = 14) {
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

// --- habitat patterns and cards --------------------------------------------------------------------

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

/** @typedef {{placed?: number | null, token?: string | null, small?: boolean, marks?: [string, number | null][]}} CardOpts */

/**
 * An animal card: name, habitat pattern and points track (top → bottom).
 * `placed`: cubes already put on the board (null: not taken, the track shows bare numbers).
 * @param {Ui} ui @param {string} id @param {CardOpts} [opts]
 */
function animalCard(ui, id, opts = {}) {
  const info = ui.catalog?.animals?.[id];
  const placed = opts.placed ?? null;
  const name = cardName(ui, id);
  if (!info) return ui.h("div", { class: "hm-card" }, name);
  const points = /** @type {number[]} */ (info.points);
  const n = points.length;
  const done = placed !== null && placed >= n;
  // The cubes leave the track from the bottom; the top-most uncovered value is what the card scores.
  const scoring = placed ? n - placed : -1;
  const slots = points.map((p, i) => {
    const covered = placed !== null && i < n - placed;
    const cls = ["hm-slot", covered ? "hm-covered" : "", i === scoring ? "hm-scoring" : ""].join(" ");
    return ui.h("div", { class: cls },
      covered ? ui.svg("svg", { class: "hm-slot-cube", viewBox: "0 0 10 10", width: 9, height: 9, "aria-hidden": "true" },
        ui.svg("rect", { x: 1, y: 1, width: 8, height: 8, rx: 1.5, class: "hm-cube" })) : null,
      ui.h("span", {}, String(p)));
  });
  let state = "";
  if (placed !== null) {
    state = done ? ui.tr("complete", "완성")
      : ui.tr(`${n - placed} cube${n - placed === 1 ? "" : "s"} left`, `큐브 ${n - placed}개 남음`);
  }
  const label = `${name}: ${txt(ui, info.text)}${state ? ` (${state})` : ""}`;
  // what a screen reader says: the card's visible text first (name, track, state), then its habitat
  const spoken = `${name} ${points.join(" ")}${state && !done ? ` ${state}` : ""}. ${txt(ui, info.text)}`;
  const el = ui.h("div", {
    class: `hm-card hm-animal${opts.small ? " hm-small" : ""}${done ? " hm-done" : ""}`, title: label,
  },
  ui.h("div", { class: "hm-card-name" }, name),
  ui.h("div", { class: "hm-card-body" },
    ui.h("div", { class: "hm-card-pattern" }, pattern(ui, info.cells, opts.small ? 10 : PATTERN_R, true)),
    ui.h("div", { class: "hm-track" }, ...slots)),
  state && !done ? ui.h("div", { class: "hm-card-state" }, state) : null);
  for (const [token, seat] of opts.marks || []) mark(ui, el, token, seat);
  if (opts.token) ui.bind(el, opts.token, spoken);
  return el;
}

/**
 * A small card: a tiny habitat, the name and how far it got (cubes left, or its points once complete).
 * Used for completed cards and for the cards of the other players.
 * @param {Ui} ui @param {string} id @param {number | boolean | null} placed cubes placed (spirit: placed or not)
 * @param {[string, number | null][]} [marks]
 */
function miniCard(ui, id, placed, marks = []) {
  const animal = ui.catalog?.animals?.[id];
  const spirit = ui.catalog?.spirits?.[id];
  const info = animal || spirit;
  const name = cardName(ui, id);
  /** @type {any[]} */
  let state = [];
  let done = false;
  if (animal) {
    const n = animal.points.length;
    const p = Number(placed || 0);
    done = p >= n;
    state = done ? [icon(ui, "done", 11), ui.tr(`${animal.points[0]} pts`, `${animal.points[0]}점`)]
      : [ui.tr(`${n - p} left`, `${n - p}개 남음`)];
  } else if (spirit) {
    done = !!placed;
    state = [icon(ui, "spirit", 11), done ? ui.tr("placed", "배치") : ui.tr("kept", "보유")];
  }
  const title = info ? `${name}: ${txt(ui, info.text)}` : name;
  const el = ui.h("div", { class: `hm-mini${done ? " hm-done" : ""}${spirit ? " hm-mini-spirit" : ""}`, title },
    info ? pattern(ui, info.cells, 6.5, true) : null,
    ui.h("span", { class: "hm-mini-name" }, name),
    ui.h("span", { class: "hm-mini-state" }, ...state));
  for (const [token, seat] of marks) mark(ui, el, token, seat);
  return el;
}

/**
 * A Nature's Spirit card: name, habitat pattern and how it scores.
 * @param {Ui} ui @param {string} id
 * @param {{placed?: boolean | null, token?: string | null, note?: string, marks?: [string, number | null][]}} [opts]
 */
function spiritCard(ui, id, opts = {}) {
  const info = ui.catalog?.spirits?.[id];
  const name = cardName(ui, id);
  if (!info) return ui.h("div", { class: "hm-card hm-spirit" }, name);
  const placed = opts.placed ?? null;
  let state = "";
  if (placed !== null) state = placed ? ui.tr("cube placed: scores", "큐브 배치: 점수 계산") : ui.tr("cube not placed", "큐브 미배치");
  const label = `${name}: ${txt(ui, info.text)}${state ? ` (${state})` : ""}`;
  const el = ui.h("div", { class: `hm-card hm-spirit${placed ? " hm-done" : ""}`, title: label },
    ui.h("div", { class: "hm-card-name" }, icon(ui, "spirit", 11), " ", name),
    ui.h("div", { class: "hm-card-body" },
      ui.h("div", { class: "hm-card-pattern" }, pattern(ui, info.cells, 12, true)),
      ui.h("div", { class: "hm-spirit-text" }, txt(ui, info.scores))),
    state ? ui.h("div", { class: "hm-card-state" }, placed ? icon(ui, "done", 11) : null, state) : null,
    opts.note ? ui.h("div", { class: "hm-card-state" }, opts.note) : null);
  for (const [token, seat] of opts.marks || []) mark(ui, el, token, seat);
  const spoken = [name, txt(ui, info.scores), state, opts.note || ""].filter(Boolean).join(" ");
  if (opts.token) ui.bind(el, opts.token, spoken);
  return el;
}

// --- the personal board ----------------------------------------------------------------------------

/** The landscape kind a stack makes, if any. @param {Ui} ui @param {string[]} stack */
function stackKind(ui, stack) {
  const kinds = ui.catalog?.kinds || {};
  for (const [kind, info] of Object.entries(kinds)) {
    if ((/** @type {any} */ (info).stacks || []).some((/** @type {string[]} */ s) => s.join(",") === stack.join(","))) return kind;
  }
  return "";
}

/** The columns of a board side. @param {Ui} ui @param {string} side */
function sideColumns(ui, side) {
  return /** @type {number[]} */ (ui.catalog?.sides?.[side]?.columns || (side === "B" ? [4, 3, 4, 3, 4, 3, 4] : [5, 4, 5, 4, 5]));
}

/**
 * One player's board: every cell's stack as a small pile, cubes, cell names.
 * @param {Ui} ui @param {any} board view.boards[p] @param {string} side "A" or "B" @param {number} p the seat
 * @param {boolean} mine its cells are click targets @param {number} scale
 */
function boardSvg(ui, board, side, p, mine, scale) {
  const columns = sideColumns(ui, side);
  const R = BOARD_R;
  const h = (SQ3 / 2) * R;
  const pad = 3;
  const width = 1.5 * R * (columns.length - 1) + 2 * R + 2 * pad;
  const rows = Math.max(...columns.map((n, q) => n + (q % 2 ? 0.5 : 0)));
  const height = SQ3 * R * rows + 2 * pad;
  const cells = [];
  /** @type {Element[]} */
  const texts = [];
  for (let q = 0; q < columns.length; q++) {
    for (let row = 0; row < columns[q]; row++) {
      const name = `${String.fromCharCode(97 + q)}${row + 1}`;
      const cx = pad + R + 1.5 * R * q;
      const cy = pad + h + SQ3 * R * (row + (q % 2 ? 0.5 : 0));
      const stack = /** @type {string[]} */ (board.cells?.[name] || []);
      const cube = board.cubes?.[name] || null;
      const isSpirit = !!cube && !!ui.catalog?.spirits?.[cube];
      const kind = stackKind(ui, stack);
      const describeCell = [
        name,
        stack.length ? stack.map((c) => colourName(ui, c)).join(" → ") : ui.tr("empty", "빈 칸"),
        kind ? `(${kindName(ui, kind)})` : "",
        cube ? ui.tr(`${cardName(ui, cube)} cube`, `${cardName(ui, cube)} 큐브`) : "",
      ].filter(Boolean).join(" ");
      const g = ui.svg("g", { class: `hm-cell${stack.length ? "" : " hm-empty"}`, "data-cell": name },
        ui.svg("title", {}, describeCell),
        ui.svg("polygon", { points: hexPoints(cx, cy, R - 0.8), class: "hm-hex" }),
        stack.length ? pile(ui, stack, cx + 1, cy + 13) : null,
        cube ? cubeMark(ui, cx + 19.5, cy + 2, 8.5, isSpirit) : null);
      mark(ui, g, name, p);
      if (mine) ui.bind(g, name, describeCell);
      cells.push(g);
      // the cell's name and height, outside the click target (its accessible name is its title)
      texts.push(ui.svg("text", { x: fmt(cx - R + 4), y: fmt(cy - 3), class: "hm-cellname" }, name));
      if (stack.length > 1) {
        texts.push(ui.svg("text", { x: fmt(cx - R + 8), y: fmt(cy + 9), "text-anchor": "middle", class: "hm-height" }, String(stack.length)));
      }
    }
  }
  return ui.svg("svg", {
    class: `hm-board hm-side-${side}`, viewBox: `0 0 ${fmt(width)} ${fmt(height)}`, width: fmt(width * scale),
    height: fmt(height * scale), role: "group", "aria-label": ui.tr(`Board of ${seatLabel(ui, p)}`, `${seatLabel(ui, p)}의 개인판`),
  }, ...cells, ui.svg("g", { class: "hm-labels", "aria-hidden": "true" }, ...texts));
}

// --- the table -------------------------------------------------------------------------------------

/** @param {Ui} ui @param {string} cls @param {string} title @param {...any} children */
function section(ui, cls, title, ...children) {
  return ui.h("section", { class: `hm-section ${cls}` }, ui.h("h3", { class: "hm-title" }, title), ...children);
}

/** Counts of each colour as token discs with a number: the pouch. @param {Ui} ui @param {Record<string, number>} counts */
function countRow(ui, counts) {
  return ui.h("div", { class: "hm-counts" }, ...COLOURS.map((c) => ui.h("span", {
    class: "hm-count", title: `${colourName(ui, c)}: ${counts[c] || 0}`,
  }, inlineToken(ui, c, 16, colourName(ui, c)), `×${counts[c] || 0}`)));
}

/** The central board: each space's three tokens. @param {Ui} ui @param {any} view @param {boolean} mine */
function centralSvg(ui, view, mine) {
  const spaces = /** @type {Record<string, number>[]} */ (view.central || []);
  const S = 45;
  const width = S * spaces.length + 2;
  const height = S + 12;
  /** @type {Element[]} */
  const nums = [];
  const parts = spaces.map((space, k) => {
    const cx = 1 + S * k + S / 2;
    const cy = S / 2 + 1;
    const tokens = COLOURS.flatMap((c) => Array(space[c] || 0).fill(c));
    const spots = [[0, -9.5], [-9.5, 6.5], [9.5, 6.5]];
    const token = `space ${k + 1}`;
    const label = ui.tr(`Space ${k + 1}: `, `${k + 1}번 칸: `)
      + (tokens.length ? tokens.map((c) => colourName(ui, c)).join(", ") : ui.tr("empty", "비었음"));
    const g = ui.svg("g", { class: `hm-space${tokens.length ? "" : " hm-empty"}` },
      ui.svg("title", {}, label),
      ui.svg("circle", { cx, cy, r: S / 2 - 1.5, class: "hm-space-ring" }),
      ...tokens.map((c, i) => tokenDisc(ui, c, cx + spots[i % 3][0], cy + spots[i % 3][1], 9)));
    nums.push(ui.svg("text", { x: cx, y: S + 11, "text-anchor": "middle", class: "hm-space-num" }, String(k + 1)));
    mark(ui, g, token, null);
    if (mine) ui.bind(g, token, label);
    return g;
  });
  return ui.svg("svg", {
    class: "hm-central", viewBox: `0 0 ${width} ${height}`, width, height, role: "group",
    "aria-label": ui.tr("Central board", "중앙판"),
  }, ...parts, ui.svg("g", { class: "hm-labels", "aria-hidden": "true" }, ...nums));
}

/** @param {Ui} ui @param {any} score @param {Record<string, string>} labels */
function scoreLine(ui, score, labels) {
  if (!score) return null;
  const cats = ["trees", "mountains", "fields", "buildings", "water", "animals", "spirit"];
  const fallback = /** @type {Record<string, [string, string]>} */ ({
    trees: ["trees", "나무"], mountains: ["mountains", "산"], fields: ["fields", "들판"], buildings: ["buildings", "건물"],
    water: ["water", "물"], animals: ["animals", "동물"], spirit: ["spirit", "정령"], suns: ["suns", "태양"],
  });
  const label = (/** @type {string} */ k) => labels?.[k] || (fallback[k] ? ui.tr(...fallback[k]) : k);
  return ui.h("div", { class: "hm-scores" },
    ...cats.filter((k) => k in score).map((k) => ui.h("span", { class: `hm-score hm-score-${k}` },
      ui.h("span", { class: "hm-score-label" }, label(k)), " ", ui.h("b", {}, String(score[k])))));
}

/** The seats whose board had at most `end_empty_cells` empty cells. @param {Ui} ui @param {any} view */
function fullBoards(ui, view) {
  const side = String(view.options?.side || "A");
  const total = sideColumns(ui, side).reduce((a, b) => a + b, 0);
  const limit = ui.catalog?.end_empty_cells ?? 2;
  /** @type {[number, number][]} seat, empty cells */
  const out = [];
  (view.boards || []).forEach((/** @type {any} */ b, /** @type {number} */ p) => {
    const empty = total - Object.keys(b.cells || {}).length;
    if (empty <= limit) out.push([p, empty]);
  });
  return out;
}

/**
 * Why the game ended, in the page's language ("" while it goes on).
 * @param {any} body @param {Ui} ui
 * @returns {string}
 */
export function endReason(body, ui) {
  const view = body?.view || {};
  if (body?.status !== "finished" && view.status !== "finished") return "";
  const solo = (view.players || (view.boards || []).length) === 1;
  const limit = ui.catalog?.end_empty_cells ?? 2;
  const full = fullBoards(ui, view);
  const pouch = COLOURS.reduce((a, c) => a + (view.pouch?.[c] || 0), 0);
  const when = solo ? ui.tr("at the end of that turn", "그 턴이 끝날 때") : ui.tr("at the end of that round", "그 라운드가 끝날 때");
  const parts = [];
  if (full.length) {
    const who = full.map(([p, n]) => ui.tr(`the board of ${seatLabel(ui, p)} had only ${n} empty cell${n === 1 ? "" : "s"} left`,
      `${seatLabel(ui, p)}의 개인판에 빈 칸이 ${n}개만 남았고`));
    parts.push(...who);
  }
  if (pouch === 0) {
    parts.push(ui.tr("the pouch could not refill the central board", "주머니의 토큰으로 중앙판을 다시 채울 수 없었고"));
  }
  if (!parts.length) {
    const turns = view.options?.max_turns;
    if (turns) return ui.tr(`The game stopped at its limit of ${turns} turns.`, `정해진 ${turns}턴이 모두 지나 게임을 멈췄습니다.`);
    return ui.tr("The game is over.", "게임이 끝났습니다.");
  }
  if (ui.lang === "ko") return `${parts.join(" ")} ${when} 게임이 끝났습니다 (빈 칸이 ${limit}개 이하인 개인판이 생기거나 주머니가 비면 끝남).`;
  return `The game ended ${when} because ${parts.join(", and ")} (it ends once a board has ${limit} or fewer empty cells or the pouch runs out).`;
}

/**
 * What the seat to move must do now, in the page's language ("" when it is not your turn).
 * @param {any} body @param {Ui} ui
 * @returns {string}
 */
export function prompt(body, ui) {
  const view = body?.view || {};
  const legal = /** @type {string[]} */ (body?.legal || []);
  if (body?.status === "finished" || body?.seat === null || body?.seat === undefined || !legal.length) return "";
  if (body.current_player !== undefined && body.current_player !== null && body.current_player !== body.seat) return "";
  const has = (/** @type {string} */ w) => legal.some((m) => m.split(" ")[0] === w);
  if (has("keep")) return ui.tr("Keep one of your two Nature's Spirits", "자연의 정령 두 장 중 한 장을 고르세요");
  /** @type {[string, string, string][]} en, ko before "or", ko at the end */
  const also = [];
  if (has("card")) also.push(["take an animal card", "동물 카드를 가져오거나", "동물 카드를 가져오세요"]);
  if (has("cube")) also.push(["place an animal cube", "동물 큐브를 놓거나", "동물 큐브를 놓으세요"]);
  const or = (/** @type {string} */ en, /** @type {string} */ ko) => {
    if (!also.length) return ui.tr(`${en[0].toUpperCase()}${en.slice(1)}`, ko);
    const enAll = [en, ...also.map((a) => a[0])];
    const enText = `${enAll.slice(0, -1).join(", ")} or ${enAll[enAll.length - 1]}`;
    return ui.tr(`${enText[0].toUpperCase()}${enText.slice(1)}`, `${also.map((a) => a[1]).join(" ")} ${ko}`);
  };
  if (has("space")) return or("take the tokens of a central space", "중앙판의 한 칸에서 토큰을 가져오세요");
  const hand = /** @type {Record<string, number>} */ (view.hand || {});
  const held = COLOURS.filter((c) => hand[c]);
  const count = held.reduce((a, c) => a + hand[c], 0);
  if (count) {
    if (count === 1) {
      const c = held[0];
      return or(`place your ${colourName(ui, c).toLowerCase()} token on your board`, `${colourName(ui, c)} 토큰을 개인판에 놓으세요`);
    }
    const names = held.map((c) => colourName(ui, c));
    const enNames = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
    return or(`place your ${enNames.toLowerCase()} tokens on your board`, `${names.join(", ")} 토큰 ${count}개를 개인판에 놓으세요`);
  }
  const endings = /** @type {[string, string, string][]} */ ([...also]);
  if (has("discard")) endings.push(["discard a card of the display", "펼친 카드 한 장을 버리거나", "펼친 카드 한 장을 버리세요"]);
  if (has("end")) endings.push(["end your turn", "차례를 마치거나", "차례를 마치세요"]);
  if (!endings.length) return "";
  const en = endings.length === 1 ? endings[0][0]
    : `${endings.slice(0, -1).map((e) => e[0]).join(", ")} or ${endings[endings.length - 1][0]}`;
  const ko = [...endings.slice(0, -1).map((e) => e[1]), endings[endings.length - 1][2]].join(" ");
  return ui.tr(`${en[0].toUpperCase()}${en.slice(1)}`, ko);
}

/**
 * @param {any} body the page's body (docs/web-boards.md)
 * @param {Ui} ui
 * @returns {Element}
 */
export function draw(body, ui) {
  const view = body.view || {};
  const side = String(view.options?.side || "A");
  const boards = /** @type {any[]} */ (view.boards || []);
  const players = /** @type {number} */ (view.players || boards.length);
  const solo = players === 1;
  const over = body.status === "finished" || view.status === "finished";
  const current = over ? null : (body.current_player ?? view.current_player ?? null);
  const mine = body.seat !== null && body.seat !== undefined && body.seat === current && !over;
  const scores = body.scores || view.scores || [];
  const labels = body.labels || {};
  const legal = /** @type {string[]} */ (body.legal || []);
  const winners = /** @type {number[]} */ (body.winners?.length ? body.winners : view.winners || []);
  // whose area comes first: your own, or (spectator, replay) the seat to move
  const me = /** @type {number} */ (body.seat ?? view.you ?? current ?? 0);
  const you = view.you ?? body.seat ?? null;

  // Chips: side, turn, last round, supplies
  const sideName = txt(ui, ui.catalog?.sides?.[side]?.name, "");
  const chips = [ui.h("span", { class: "hm-chip" }, ui.tr(`Side ${side}`, `${side}면`), sideName ? ` · ${sideName}` : "")];
  if (!over) chips.push(ui.h("span", { class: "hm-chip" }, ui.tr(`Turn ${(view.turn || 0) + 1}`, `${(view.turn || 0) + 1}번째 턴`)));
  if (view.ending && !over) {
    chips.push(ui.h("span", { class: "hm-chip hm-chip-warn" }, icon(ui, "warn", 13), " ", ui.tr("Last round", "마지막 라운드")));
  }
  if (solo && scores[0] && "suns" in scores[0]) {
    chips.push(ui.h("span", { class: "hm-chip hm-chip-suns", title: txt(ui, ui.catalog?.scoring?.suns) },
      icon(ui, "sun", 13), " ", ui.tr(`${scores[0].suns} sun${scores[0].suns === 1 ? "" : "s"}`, `태양 ${scores[0].suns}개`)));
  }
  chips.push(ui.h("span", { class: "hm-chip", title: ui.tr("animal cubes in the supply", "공급처의 동물 큐브") },
    icon(ui, "cube", 13), ui.tr(` cubes ${view.supply ?? "?"}`, ` 큐브 ${view.supply ?? "?"}`)));
  chips.push(ui.h("span", { class: "hm-chip" }, ui.tr(`deck ${view.deck_size ?? "?"}`, `카드 더미 ${view.deck_size ?? "?"}`)));
  if (solo) {
    chips.push(ui.h("span", { class: "hm-chip", title: ui.tr("tokens returned to the box", "상자로 돌아간 토큰") },
      ui.tr(`box ${view.box || 0}`, `상자 ${view.box || 0}`)));
    if ((view.discarded || []).length) {
      chips.push(ui.h("span", {
        class: "hm-chip", title: (view.discarded || []).map((/** @type {string} */ c) => cardName(ui, c)).join(", "),
      }, ui.tr(`discarded ${(view.discarded || []).length}`, `버린 카드 ${(view.discarded || []).length}`)));
    }
  }

  // Central board and pouch
  const pouchTotal = COLOURS.reduce((a, c) => a + (view.pouch?.[c] || 0), 0);
  const central = section(ui, "hm-central-area", ui.tr("Central board", "중앙판"),
    centralSvg(ui, view, mine),
    ui.h("div", { class: "hm-pouch" },
      ui.h("span", { class: "hm-sub" }, ui.tr(`Pouch ${pouchTotal}`, `주머니 ${pouchTotal}`)),
      countRow(ui, view.pouch || {})),
    ui.h("div", { class: "hm-supplies" }, ...chips));

  // The mover's tokens in hand and the end of the turn
  const hand = /** @type {Record<string, number>} */ (view.hand || {});
  const handTokens = COLOURS.flatMap((c) => Array(hand[c] || 0).fill(c));
  /** @type {Element | null} */
  let handArea = null;
  if (current !== null) {
    const items = handTokens.map((c) => {
      const s = ui.svg("svg", { class: "hm-hand-token", width: 36, height: 36, viewBox: "0 0 36 36", "aria-hidden": "true" },
        tokenDisc(ui, c, 18, 18, 15));
      const wrap = ui.h("span", { class: "hm-hand-item", title: colourName(ui, c) }, s);
      if (mine) ui.bind(wrap, c, ui.tr(`${colourName(ui, c)} token`, `${colourName(ui, c)} 토큰`));
      return wrap;
    });
    let note = "";
    const keeping = !!view.options?.spirits && !view.boards?.[current]?.spirit;
    // the two dealt Nature's Spirits, to keep one: shown here, where the turn's choices are
    const dealt = keeping && current === you && Array.isArray(view.dealt?.[current]) ? /** @type {string[]} */ (view.dealt[current]) : [];
    if (dealt.length) {
      for (const id of dealt) items.push(spiritCard(ui, id, { token: mine ? `keep ${id}` : null }));
    } else if (!handTokens.length) {
      note = keeping ? ui.tr("Keeps a Nature's Spirit first", "먼저 자연의 정령을 고름")
        : view.took ? ui.tr("All tokens placed", "토큰을 모두 놓음") : ui.tr("No tokens yet: take a central space", "아직 없음: 중앙판에서 가져옴");
    }
    const showEnd = mine && legal.includes("end");
    const endBtn = ui.h("button", { class: "hm-button", type: "button" }, ui.tr("End turn", "차례 마치기"));
    if (showEnd) ui.bind(endBtn, "end", ui.tr("End the turn", "차례 마치기"));
    const title = dealt.length ? ui.tr("Your two Nature's Spirits", "받은 자연의 정령 두 장")
      : current === me && body.seat === me ? ui.tr("Your tokens in hand", "손에 든 토큰")
      : ui.tr(`In hand: ${seatLabel(ui, current)}`, `손에 든 토큰: ${seatLabel(ui, current)}`);
    handArea = section(ui, "hm-hand", title,
      ui.h("div", { class: "hm-hand-row" }, ...items, note ? ui.h("span", { class: "hm-sub" }, note) : null,
        showEnd ? endBtn : null),
      view.card_taken ? ui.h("div", { class: "hm-sub" }, ui.tr("Card taken this turn", "이번 턴에 카드를 가져감")) : null);
  }

  // The display of animal cards
  const display = /** @type {string[]} */ (view.display || []);
  const displayCards = display.map((id) => {
    const card = animalCard(ui, id, { token: mine ? `card ${id}` : null });
    if (solo && mine && legal.includes(`discard ${id}`)) {
      const btn = ui.h("button", { class: "hm-button hm-discard", type: "button" }, ui.tr("Discard", "버리기"));
      ui.bind(btn, `discard ${id}`, ui.tr(`Discard ${cardName(ui, id)}`, `${cardName(ui, id)} 버리기`));
      return ui.h("div", { class: "hm-card-with" }, card, btn);
    }
    return card;
  });
  const displayArea = section(ui, "hm-display", ui.tr("Animal cards", "동물 카드"),
    ui.h("div", { class: "hm-cards" }, ...displayCards,
      displayCards.length ? null : ui.h("span", { class: "hm-sub" }, ui.tr("none left", "남은 카드 없음"))));

  // A player's area: the large one (yours) or a compact one (the others)
  const limit = ui.catalog?.card_limit ?? 4;
  const area = (/** @type {number} */ p, /** @type {boolean} */ compact) => {
    const board = boards[p] || {};
    const isMover = p === current;
    const mineHere = mine && p === body.seat;
    const score = scores[p];
    const cards = /** @type {{id: string, cubes_placed: number}[]} */ (board.cards || []);
    const cubesOf = (/** @type {string} */ id) => ui.catalog?.animals?.[id]?.cubes ?? 99;
    const held = cards.filter((c) => c.cubes_placed < cubesOf(c.id));
    const heldCount = held.length + (board.spirit && !board.spirit.placed ? 1 : 0); // an unplaced spirit counts
    const done = cards.filter((c) => c.cubes_placed >= cubesOf(c.id));
    /** @param {string} id @returns {[string, number | null][]} */
    const marksOf = (id) => [[`card ${id}`, p], [`cube ${id}`, p], [`keep ${id}`, p]];
    const cardEls = [];
    if (compact) {
      if (board.spirit) cardEls.push(miniCard(ui, board.spirit.id, !!board.spirit.placed, marksOf(board.spirit.id)));
      for (const c of cards) cardEls.push(miniCard(ui, c.id, c.cubes_placed, marksOf(c.id)));
    } else {
      if (board.spirit) {
        const id = board.spirit.id;
        cardEls.push(spiritCard(ui, id, {
          placed: !!board.spirit.placed, token: mineHere && !board.spirit.placed ? `cube ${id}` : null, marks: marksOf(id),
        }));
      } else if (view.options?.spirits && p === you && Array.isArray(view.dealt?.[p]) && p !== current) {
        const choose = ui.tr("Keep one of the two", "둘 중 하나를 고르세요");
        for (const id of view.dealt[p]) cardEls.push(spiritCard(ui, id, { note: choose }));
      }
      for (const c of held) {
        cardEls.push(animalCard(ui, c.id, { placed: c.cubes_placed, token: mineHere ? `cube ${c.id}` : null, marks: marksOf(c.id) }));
      }
    }
    const doneEls = compact ? [] : done.map((c) => miniCard(ui, c.id, c.cubes_placed, marksOf(c.id)));
    const total = score ? score.total : 0;
    let scale = side === "B" ? 1.7 : 1.55;
    if (compact) scale = side === "B" ? 0.62 : 0.72;
    return ui.h("section", {
      class: `hm-player${compact ? " hm-compact" : " hm-me"}${isMover ? " hm-mover" : ""}${p === you ? " hm-you" : ""}`,
      "aria-label": seatLabel(ui, p),
    },
    ui.h("header", { class: "hm-player-head" },
      ui.h("span", { class: "hm-player-name" }, isMover ? icon(ui, "turn", 12) : null, isMover ? " " : "", seatLabel(ui, p)),
      over && winners.includes(p) && !solo ? ui.h("span", { class: "hm-chip hm-chip-win" }, icon(ui, "star", 12), " ", ui.tr("winner", "승리")) : null,
      ui.h("span", { class: "hm-total", title: ui.tr("total score", "총점") }, String(total),
        ui.h("small", {}, ui.tr(" pts", "점")))),
    compact ? null : scoreLine(ui, score, labels),
    ui.h("div", { class: "hm-player-body" },
      ui.h("div", { class: "hm-board-wrap" }, boardSvg(ui, board, side, p, mineHere, scale)),
      ui.h("div", { class: "hm-player-cards" },
        ui.h("div", { class: "hm-sub" }, ui.tr(`Cards held ${heldCount}/${limit}`, `보유 카드 ${heldCount}/${limit}`),
          done.length ? ui.tr(` · complete ${done.length}`, ` · 완성 ${done.length}`) : ""),
        cardEls.length ? ui.h("div", { class: compact ? "hm-minis" : "hm-cards" }, ...cardEls) : null,
        doneEls.length ? ui.h("div", { class: "hm-minis hm-done-cards" }, ...doneEls) : null)));
  };

  const others = boards.map((_, p) => p).filter((p) => p !== me);
  const mineArea = area(me, false);
  const otherAreas = others.map((p) => area(p, true));

  const left = ui.h("div", { class: "hm-left" }, central, handArea, players === 2 ? otherAreas : null);
  return ui.h("div", { class: `hm hm-players-${players} hm-side-${side}`, lang: ui.lang },
    ui.h("div", { class: "hm-main" }, left, mineArea, displayArea),
    players > 2 ? ui.h("div", { class: "hm-others" }, ...otherAreas) : null);
}

/**
 * The rules of every card and spirit and a legend of every symbol.
 * @param {Ui} ui
 * @returns {Element}
 */
export function legend(ui) {
  const cat = ui.catalog || {};
  const tokens = COLOURS.map((c) => ui.h("div", { class: "hm-legend-item" },
    inlineToken(ui, c, 26), ui.h("b", {}, colourName(ui, c))));
  const kinds = Object.entries(cat.kinds || {}).map(([kind, info]) => {
    const stacks = /** @type {string[][]} */ (/** @type {any} */ (info).stacks);
    const desc = stacks.length > 1
      ? ui.tr("red on red, brown or grey", "빨강 아래 빨강·갈색·회색")
      : stacks[0].map((c) => colourName(ui, c)).join(" → ");
    const example = stacks.length > 1 ? ["grey", "red"] : stacks[0];
    return ui.h("div", { class: "hm-legend-item" },
      ui.svg("svg", { class: "hm-inline", width: 34, height: 40, viewBox: "-17 -30 34 40", "aria-hidden": "true" },
        pile(ui, example, 0, 3)),
      pattern(ui, [{ q: 0, r: 0, kind, cube: false }], 13),
      ui.h("span", {}, ui.h("b", {}, kindName(ui, kind)), ` — ${desc}`));
  });
  const item = (/** @type {Element} */ pic, /** @type {string} */ text) => ui.h("div", { class: "hm-legend-item" }, pic, ui.h("span", {}, text));
  const symbols = [
    item(ui.svg("svg", { class: "hm-inline", width: 16, height: 16, viewBox: "0 0 16 16", "aria-hidden": "true" }, cubeMark(ui, 8, 8, 10, false)),
      ui.tr("animal cube (on a board, or still on a card's track)", "동물 큐브 (개인판 위, 또는 카드 점수 칸 위)")),
    item(ui.svg("svg", { class: "hm-inline", width: 16, height: 16, viewBox: "0 0 16 16", "aria-hidden": "true" }, cubeMark(ui, 8, 8, 10, true)),
      ui.tr("spirit cube", "정령 큐브")),
    item(pattern(ui, [{ q: 0, r: 0, kind: "tree2", cube: true }], 13),
      ui.tr("on a card's habitat: colours bottom → top, the landscape's icon, its height as dots; the cell with a cube and a thick edge is where the cube goes",
        "카드 서식지: 색은 아래 → 위, 풍경 그림, 높이는 점의 개수; 큐브 표시와 굵은 테두리가 있는 칸이 큐브를 놓는 칸")),
    item(ui.svg("svg", { class: "hm-inline", width: 30, height: 26, viewBox: "-15 -13 30 26", "aria-hidden": "true" },
      ui.svg("polygon", { points: hexPoints(0, 0, 12), class: "hm-legend-go" })),
    ui.tr("green edge: you can click it now (orange: chosen)", "초록 테두리: 지금 누를 수 있음 (주황: 선택됨)")),
    item(ui.svg("svg", { class: "hm-inline", width: 30, height: 26, viewBox: "-15 -13 30 26", "aria-hidden": "true" },
      ui.svg("polygon", { points: hexPoints(0, 0, 12), class: "hm-legend-last" })),
    ui.tr("dashed gold edge: changed by the other player's last turn", "금색 점선 테두리: 상대가 지난 차례에 바꾼 곳")),
    ui.h("div", { class: "hm-legend-item" },
      ui.tr("Board cells: each stack is drawn as a pile, bottom → top; the small number is its height.",
        "개인판 칸: 쌓은 토큰을 아래 → 위로 그림; 작은 숫자는 높이.")),
    ui.h("div", { class: "hm-legend-item" },
      ui.tr("Card track: values top → bottom; cubes leave from the bottom; the highlighted value is what the card scores now.",
        "카드 점수: 위 → 아래; 큐브는 아래부터 옮김; 강조된 값이 지금 점수.")),
  ];
  const scoring = Object.values(cat.scoring || {}).map((pair) => ui.h("li", {}, txt(ui, /** @type {any} */ (pair))));
  const animals = Object.keys(cat.animals || {}).map((id) => animalCard(ui, id));
  const spirits = Object.entries(cat.spirits || {}).map(([id, info]) => ui.h("div", { class: "hm-legend-spirit" },
    spiritCard(ui, id),
    ui.h("div", { class: "hm-sub" }, ui.tr(`Solo: +${info.solo_sun_bonus} sun${info.solo_sun_bonus === 1 ? "" : "s"}`,
      `솔로: 태양 +${info.solo_sun_bonus}`))));
  return ui.h("div", { class: "hm hm-legend", lang: ui.lang },
    section(ui, "", ui.tr("Tokens", "토큰"), ui.h("div", { class: "hm-legend-grid" }, ...tokens)),
    section(ui, "", ui.tr("Landscapes (on boards and cards' habitats)", "풍경 (개인판과 카드의 서식지)"), ui.h("div", { class: "hm-legend-grid" }, ...kinds)),
    section(ui, "", ui.tr("Symbols", "기호"), ui.h("div", { class: "hm-legend-list" }, ...symbols)),
    section(ui, "", ui.tr("Scoring", "점수 계산"), ui.h("ul", { class: "hm-legend-list" }, ...scoring)),
    section(ui, "", ui.tr("Animal cards", "동물 카드"), ui.h("div", { class: "hm-cards" }, ...animals)),
    section(ui, "", ui.tr("Nature's Spirits", "자연의 정령"), ui.h("div", { class: "hm-cards" }, ...spirits)));
}
