// Spirits of the Wild on the web page (docs/web-boards.md): draw(body, ui) and legend(ui).
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

const ANIMALS = ["owl", "rabbit", "beaver", "salmon", "turtle"];
const KINDS = ["blue", "teal", "orange", "white", "purple", "yellow", "spirit"];
const CARDS = ["take1", "take2", "add2", "add3"];
const SPIRITS = ["deer", "wolf", "bear", "ram", "bison", "eagle"];

/** @type {Record<string, string>} */
const FILL = {
  blue: "#2d67cf", teal: "#139d93", orange: "#ef8532", white: "#f7f4ec", purple: "#8a4fc6", yellow: "#f2cc2c",
};
/** @type {Record<string, string>} */
const INK = { blue: "#fff", teal: "#fff", orange: "#2b1705", white: "#3b3b3b", purple: "#fff", yellow: "#3a2e00" };
/** @type {Record<string, string>} */
const SPIRIT_HUE = {
  deer: "#9a6232", wolf: "#56697d", bear: "#6e4a2f", ram: "#8c7a3c", bison: "#7d3f2c", eagle: "#2f5f8f",
};
// --- small helpers ----------------------------------------------------------------------------------

/** @param {any} ui @param {string} group @param {string} id @returns {any} */
function item(ui, group, id) {
  const list = (ui.catalog && ui.catalog[group]) || [];
  return list.find((/** @type {any} */ x) => x.id === id) || { id, en: id, ko: id, text: { en: "", ko: "" } };
}

/** @param {any} ui @param {{en: string, ko: string}} thing */
function named(ui, thing) {
  return ui.tr(thing.en, thing.ko);
}

/** @param {any} ui @param {string} kind the stone's name in the page's language */
function stoneName(ui, kind) {
  return named(ui, item(ui, "stones", kind));
}

/** @param {any} ui @param {string} animal */
function animalName(ui, animal) {
  return named(ui, item(ui, "animals", animal));
}

/** Rough text width in SVG units (Hangul is about square, Latin about half). @param {string} text @param {number} size */
function textWidth(text, size) {
  let w = 0;
  for (const ch of text) w += /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/.test(ch) ? size * 0.95 : size * 0.56;
  return w;
}

/** Break text into lines of at most `width` units. @param {string} text @param {number} width @param {number} size */
function wrap(text, width, size) {
  /** @type {string[]} */
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Multi-line SVG text. @param {any} ui @param {number} x @param {number} y @param {string[]} lines @param {number} lh @param {Record<string, any>} attrs */
function lines(ui, x, y, lines, lh, attrs) {
  return ui.svg("text", { x, y, ...attrs },
    lines.map((line, i) => ui.svg("tspan", { x, dy: i === 0 ? 0 : lh }, line)));
}

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
const ICON_NAME = {
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
function stone(ui, kind, x, y, r) {
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
function glyph(ui, what, x, y, s, cls) {
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

/** "x2" in English, "2배" in Korean: a multiplier in plain text. @param {any} ui @param {number} n */
function times(ui, n) {
  return ui.tr(`x${n}`, `${n}배`);
}

/** An empty stone slot. @param {any} ui @param {number} x @param {number} y @param {number} r @param {boolean} dim */
function slot(ui, x, y, r, dim) {
  return ui.svg("circle", {
    cx: x, cy: y, r: r - 1, class: dim ? "sotw-slot sotw-slot-dim" : "sotw-slot",
  });
}

/** An empty spirit slot (a dashed diamond). @param {any} ui @param {number} x @param {number} y @param {number} r */
function spiritSlot(ui, x, y, r) {
  const k = r * 1.18;
  return ui.svg("polygon", {
    points: `${x},${y - k} ${x + k},${y} ${x},${y + k} ${x - k},${y}`, class: "sotw-spirit-slot",
  });
}

/** The coyote: a small head on a disc. @param {any} ui @param {number} x @param {number} y @param {number} s @param {string} [cls] */
function coyote(ui, x, y, s, cls) {
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
function hit(/** @type {any} */ ui, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ w,
  /** @type {number} */ h, /** @type {number} */ rx) {
  return ui.svg("rect", { x, y, width: w, height: h, rx, class: "sotw-hit" });
}

/** The gradient the spirit stones use (one per svg, so each svg stands alone). @param {any} ui */
function defs(ui) {
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

/** "1 pt", "6 pts", "6점". @param {any} ui @param {number} n */
function pts(ui, n) {
  return ui.tr(n === 1 ? "1 pt" : `${n} pts`, `${n}점`);
}

/** Whether the viewer is the seat to move. @param {any} body */
function myTurn(body) {
  return body.seat !== null && body.seat !== undefined && body.seat === body.current_player;
}

/** Stone kinds of a count map, in the game's order, one entry per stone. @param {Record<string, number>} counts */
function spread(counts) {
  /** @type {string[]} */
  const out = [];
  for (const kind of KINDS) for (let i = 0; i < (counts[kind] || 0); i++) out.push(kind);
  return out;
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
function actionCard(ui, card, up, x, y, w, h, opts) {
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

// --- a player's board ---------------------------------------------------------------------------------

const BW = 364; // board width in SVG units
const ROW = 60; // height of an animal's row
const R = 11.5; // stone radius on a board
const STEP = 27; // distance between slots of a place
const SLOTS_X = 86; // where the slots start
const SPIRIT_X = 300; // the spirit slot's centre
const COYOTE_X = 336; // the coyote column's centre

/**
 * The places of an animal: [place id, size, stones on it].
 * @param {string} animal @param {any} stones the animal's entry of board.animals
 * @returns {[string, number, string[]][]}
 */
function placesOf(animal, stones) {
  if (animal === "owl") return [0, 1, 2].map((i) => [`owl${i + 1}`, 2, stones[i] || []]);
  if (animal === "beaver") return [["beaver3", 3, stones[0] || []], ["beaver2", 2, stones[1] || []]];
  if (animal === "rabbit") return [["rabbit", 3, stones || []]];
  if (animal === "salmon") return [["salmon", 6, stones || []]];
  return [["turtle", 5, stones || []]];
}

/**
 * One animal's row.
 * @param {any} body @param {any} ui @param {number} p @param {string} animal @param {number} y
 */
function animalRow(body, ui, p, animal, y) {
  const view = body.view;
  const board = view.boards[p];
  const spirited = (board.spirit_stones || []).includes(animal);
  const coyoteHere = !!view.coyote && view.coyote.player === p && view.coyote.animal === animal;
  const blocked = spirited || coyoteHere;
  const mine = myTurn(body) && p === body.seat;
  const theirs = myTurn(body) && p !== body.seat;
  const phase = view.phase;
  const info = item(ui, "animals", animal);
  const cy = y + 25;
  const facts = lastTurn(ui);
  const row = ui.svg("g", { class: `sotw-row${blocked ? " sotw-blocked" : ""}` });
  row.append(ui.svg("rect", { x: 4, y: y + 2, width: BW - 8, height: ROW - 4, rx: 8,
    class: coyoteHere ? "sotw-row-bg sotw-row-coyote" : "sotw-row-bg", fill: coyoteHere ? "url(#sotw-hatch)" : null }));

  // The name and the points.
  const points = (view.scores[p] || {})[animal] || 0;
  row.append(ui.svg("text", { x: 12, y: y + 23, class: "sotw-animal" }, animalName(ui, animal)));
  const pts = ui.svg("text", { x: 12, y: y + 44, class: "sotw-points" },
    ui.svg("tspan", { class: "sotw-points-n" }, String(points)), ui.tr(points === 1 ? " pt" : " pts", "점"));
  if (spirited) pts.append(ui.svg("tspan", { class: "sotw-double", dx: 5 }, times(ui, (ui.catalog && ui.catalog.spirit_multiplier) || 2)));
  row.append(pts);

  // The slots, place by place, with the points each step is worth below.
  const slotPoints = info.slot_points || [];
  let x = SLOTS_X;
  placesOf(animal, board.animals[animal]).forEach(([place, size, stones], pi) => {
    const w = size * STEP + 4;
    const g = ui.svg("g", { class: "sotw-place" });
    g.append(hit(ui, x, cy - R - 4, w, 2 * R + 8, R + 4));
    g.append(ui.svg("rect", { x, y: cy - R - 4, width: w, height: 2 * R + 8, rx: R + 4, class: "sotw-pill" }));
    // The stones the last turn put here: the newest of each kind placed.
    /** @type {Map<number, Entry>} */
    const markAt = new Map();
    const pending = facts.placed.filter((f) => f.e.seat === p && f.place === place);
    for (let i = stones.length - 1; i >= 0 && pending.length; i--) {
      const k = pending.findIndex((f) => f.kind === stones[i]);
      if (k >= 0) {
        markAt.set(i, pending[k].e);
        pending.splice(k, 1);
      }
    }
    for (let i = 0; i < size; i++) {
      const sx = x + 2 + STEP / 2 + i * STEP;
      const kind = stones[i];
      if (kind) {
        let s = stone(ui, kind, sx, cy, R);
        const put = markAt.get(i);
        if (put) s = markWith(ui, ui.svg("g", { class: "sotw-placed" }, s), put, ui.svg("circle", { cx: sx, cy, r: R + 3, class: "sotw-ring" }));
        if (mine && phase === "deer") {
          const sg = ui.svg("g", { class: "sotw-return" }, hit(ui, sx - R - 2, cy - R - 2, 2 * R + 4, 2 * R + 4, R + 2), s);
          ui.bind(sg, `return ${kind} ${place}`, `${ui.tr("return", "돌려놓기")} ${stoneName(ui, kind)}`);
          g.append(sg);
        } else g.append(s);
      } else g.append(slot(ui, sx, cy, R, blocked));
      const value = (slotPoints[pi] || [])[i];
      if (value !== null && value !== undefined) {
        g.append(ui.svg("text", { x: sx, y: cy + R + 15, "text-anchor": "middle",
          class: i < stones.length ? "sotw-step sotw-step-done" : "sotw-step" }, String(value)));
      }
    }
    const back = facts.returned.find((f) => f.e.seat === p && f.place === place);
    if (back) markWith(ui, g, back.e, ring(ui, x - 3, cy - R - 7, w + 6, 2 * R + 14, R + 7));
    if (mine && phase === "place" && !ui.chosen("spirit")) {
      // With one colour in hand (and maybe the spirit stone) a place names the whole move, so "salmon"
      // does not also offer the spirit stone's "spirit salmon".
      const colours = Object.keys(view.held || {}).filter((k) => k !== "spirit" && view.held[k] > 0);
      const only = colours.length === 1 && !ui.chosen(colours[0]) ? `${colours[0]} ` : "";
      // With only the spirit stone in hand no place takes it ("rabbit" would match "spirit rabbit").
      if (colours.length) ui.bind(g, `${only}${place}`, named(ui, (info.places || [])[pi] || { en: place, ko: place }));
    }
    row.append(g);
    x += w + (animal === "owl" ? 6 : 10);
  });
  if (animal === "beaver") {
    const both = (ui.catalog && ui.catalog.beaver_both) || 14;
    row.append(ui.svg("text", { x: x - 8, y: cy + R + 15, class: "sotw-both" }, ui.tr(`both ${both}`, `모두 ${both}`)));
  }

  // The spirit slot.
  const sg = ui.svg("g", { class: "sotw-spirit" });
  sg.append(hit(ui, SPIRIT_X - 18, cy - 18, 36, 36, 6));
  sg.append(spirited ? stone(ui, "spirit", SPIRIT_X, cy, R + 1) : spiritSlot(ui, SPIRIT_X, cy, R + 1));
  sg.append(ui.svg("text", { x: SPIRIT_X, y: cy + R + 15, "text-anchor": "middle", class: "sotw-step sotw-step-spirit" },
    times(ui, (ui.catalog && ui.catalog.spirit_multiplier) || 2)));
  if (mine && phase === "place") {
    ui.bind(sg, ui.chosen("spirit") ? animal : `spirit ${animal}`,
      ui.tr(`${stoneName(ui, "spirit")} on the ${animalName(ui, animal)}`, `${stoneName(ui, "spirit")}을 ${animalName(ui, animal)}에`));
  }
  const put = facts.spirit.find((f) => f.e.seat === p && f.animal === animal)
    || facts.returned.find((f) => f.e.seat === p && f.kind === "spirit" && f.place === animal);
  if (put) markWith(ui, sg, put.e, ring(ui, SPIRIT_X - 17, cy - 17, 34, 34, 6));
  if (mine && phase === "deer" && spirited) ui.bind(sg, `return spirit ${animal}`, `${ui.tr("return", "돌려놓기")} ${stoneName(ui, "spirit")}`);
  row.append(sg);

  // The coyote's column: the coyote, or where it may go.
  if (coyoteHere) {
    const c = coyote(ui, COYOTE_X, cy - 2, 13);
    if (facts.coyote) markWith(ui, c, facts.coyote, ui.svg("circle", { cx: COYOTE_X, cy: cy - 2, r: 18, class: "sotw-ring" }));
    row.append(c);
    row.append(ui.svg("text", { x: COYOTE_X, y: cy + 27, "text-anchor": "middle", class: "sotw-coyote-label" },
      ui.tr("coyote", "코요테")));
  }
  if (theirs && phase === "coyote" && !coyoteHere) {
    const target = ui.svg("g", { class: "sotw-coyote-target" },
      hit(ui, 4, y + 2, BW - 8, ROW - 4, 8),
      coyote(ui, COYOTE_X, cy - 2, 13, "sotw-coyote sotw-coyote-ghost"),
      ui.svg("text", { x: COYOTE_X, y: cy + 27, "text-anchor": "middle", class: "sotw-coyote-label" },
        ui.tr("here?", "여기로")));
    ui.bind(target, `coyote ${animal}`, ui.tr(`coyote onto the ${animalName(ui, animal)}`, `코요테를 ${animalName(ui, animal)}(으)로`));
    row.append(target);
  }
  return row;
}

/**
 * A player's whole area: name and total, action cards, stones in hand, the five animals.
 * @param {any} body @param {any} ui @param {number} p
 */
function playerBoard(body, ui, p) {
  const view = body.view;
  const toMove = view.current_player === p;
  const mine = myTurn(body) && p === body.seat;
  const held = toMove ? spread(view.held || {}) : [];
  const showHand = toMove && (held.length > 0 || view.to_take > 0);
  const winners = body.winners || view.winners || [];
  const parts = [defs(ui)];

  // Header.
  const total = (view.scores[p] || {}).total || 0;
  parts.push(ui.svg("rect", { x: 0, y: 0, width: BW, height: 36, rx: 10, class: `sotw-head sotw-head-${p}` }));
  const name = ui.seatName ? ui.seatName(p) : ui.tr(`Player ${p + 1}`, `플레이어 ${p + 1}`);
  if (toMove) parts.push(glyph(ui, "turn", 17, 18, 9, "sotw-turn"));
  parts.push(ui.svg("text", { x: toMove ? 28 : 12, y: 24, class: "sotw-name" }, name));
  const won = winners.includes(p) && view.status === "finished";
  const totalText = `${won ? ui.tr("wins, ", "승리, ") : ""}${pts(ui, total)}`;
  parts.push(ui.svg("text", { x: BW - 12, y: 24, "text-anchor": "end", class: "sotw-total" }, totalText));
  if (won) parts.push(glyph(ui, "star", BW - 22 - textWidth(totalText, 16), 18, 8, "sotw-star"));

  // Action cards: two take-1 copies, take 2, add 2, add 3, the spirit card.
  const cards = view.action_cards[p];
  const downCount = (2 - cards.take1) + (cards.take2 ? 0 : 1) + (cards.add2 ? 0 : 1) + (cards.add3 ? 0 : 1);
  const cw = 56;
  const cy0 = 44;
  const ch = 56;
  const canCard = mine && view.phase === "card";
  /** @type {[string, boolean, number][]} */
  const deck = [
    ["take1", cards.take1 >= 1, -1], ["take1", cards.take1 >= 2, 1], ["take2", !!cards.take2, 0],
    ["add2", !!cards.add2, 0], ["add3", !!cards.add3, 0], ["spirit", true, 0],
  ];
  const facts = lastTurn(ui);
  deck.forEach(([card, up, half], i) => {
    const x = 4 + i * (cw + 4) + (card === "spirit" ? 2 : 0);
    // The card the last turn used: for take 1, the copy that turned face down last.
    let used = facts.cards.find((e) => e.seat === p
      && (e.move.trim() === card || (card === "spirit" && SPIRITS.includes(e.move.trim()))));
    if (card === "take1" && used && cards.take1 !== (half < 0 ? 0 : 1)) used = undefined;
    parts.push(actionCard(ui, card, up, x, cy0, cw - (card === "spirit" ? 2 : 0), ch, {
      token: canCard && up && card !== "spirit" ? card : undefined,
      ready: card === "spirit" && downCount >= 3,
      half: card === "take1" ? half : 0,
      mark: used,
    }));
  });
  let y = cy0 + ch + 8;

  // Stones in hand (the player to move), or how many are still to take.
  if (showHand) {
    parts.push(ui.svg("rect", { x: 4, y, width: BW - 8, height: 38, rx: 8, class: "sotw-hand" }));
    parts.push(ui.svg("text", { x: 14, y: y + 24, class: "sotw-hand-label" }, ui.tr("In hand", "손에 든 돌")));
    let hx = 100;
    held.forEach((kind) => {
      const g = ui.svg("g", { class: "sotw-held" }, hit(ui, hx - 15, y + 4, 30, 30, 15), stone(ui, kind, hx, y + 19, 12));
      if (mine && view.phase === "place") ui.bind(g, kind, `${ui.tr("place", "놓기")} ${stoneName(ui, kind)}`);
      parts.push(g);
      hx += 32;
    });
    if (view.to_take > 0) {
      parts.push(ui.svg("text", { x: hx - 4, y: y + 24, class: "sotw-hint" },
        ui.tr(`take ${view.to_take} from the tray`, `접시에서 ${view.to_take}개 가져오기`)));
    }
    y += 44;
  }

  for (const animal of ANIMALS) {
    parts.push(animalRow(body, ui, p, animal, y));
    y += ROW;
  }
  const height = y + 4;
  return ui.svg("svg", {
    viewBox: `0 0 ${BW} ${height}`, class: `sotw-svg sotw-board${toMove ? " sotw-to-move" : ""}`,
    role: "group", "aria-label": name,
  }, parts);
}

// --- the middle of the table --------------------------------------------------------------------------

const TW = 380;

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

// --- the other seats' last turn (ui.recent), read from its notation --------------------------------------

/**
 * @typedef {{n: number, seat: number, move: string}} Entry
 * @typedef {{cards: Entry[], placed: {e: Entry, kind: string, place: string}[], spirit: {e: Entry, animal: string}[],
 *   taken: {e: Entry, kind: string}[], returned: {e: Entry, kind: string, place: string}[],
 *   bagged: {e: Entry, kind: string}[], coyote: Entry | null, tray: Entry | null}} Facts
 */

/** @param {any} ui @returns {Facts} */
function lastTurn(ui) {
  /** @type {Facts} */
  const facts = { cards: [], placed: [], spirit: [], taken: [], returned: [], bagged: [], coyote: null, tray: null };
  for (const e of /** @type {Entry[]} */ (ui.recent || [])) {
    const w = String(e.move).trim().split(/\s+/);
    const head = w[0];
    if (CARDS.includes(head) || SPIRITS.includes(head)) {
      facts.cards.push(e);
      if (["add2", "add3", "wolf", "bear", "bison"].includes(head)) facts.tray = e;
    } else if (head === "take") facts.taken.push({ e, kind: w[1] });
    else if (head === "return") {
      facts.returned.push({ e, kind: w[1], place: w[2] });
      facts.tray = e;
    } else if (head === "bag") {
      facts.bagged.push({ e, kind: w[1] });
      facts.tray = facts.tray || e;
    } else if (head === "coyote") facts.coyote = e;
    else if (head === "spirit" && w.length === 2) facts.spirit.push({ e, animal: w[1] });
    else if (w.length === 2 && KINDS.includes(head)) facts.placed.push({ e, kind: head, place: w[1] });
  }
  return facts;
}

/** A dashed ring drawn over a thing the last turn changed (styled only under .last-move). */
function ring(/** @type {any} */ ui, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ w,
  /** @type {number} */ h, /** @type {number} */ rx) {
  return ui.svg("rect", { x, y, width: w, height: h, rx, class: "sotw-ring" });
}

/** Mark `el` as changed by the move `e`, and draw its ring. @param {any} ui @param {Element} el @param {Entry} e @param {Element} r */
function markWith(ui, el, e, r) {
  ui.mark(el, e.move, e.seat);
  if (el.classList.contains("last-move")) el.append(r);
  return el;
}

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

/** A button drawn in SVG. @param {any} ui @param {string} token @param {string} label @param {number} x @param {number} y @param {number} w */
function button(ui, token, label, x, y, w) {
  const g = ui.svg("g", { class: "sotw-button" },
    hit(ui, x - 2, y - 2, w + 4, 38, 10),
    ui.svg("rect", { x, y, width: w, height: 34, rx: 8, class: "sotw-button-face" }),
    ui.svg("text", { x: x + w / 2, y: y + 22, "text-anchor": "middle", class: "sotw-button-text" }, label));
  ui.bind(g, token, label);
  return g;
}

/** The tray, the spirit piles, the bag and the coyote in the middle. @param {any} body @param {any} ui */
function table(body, ui) {
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
    const reason = wrap(endReason(body, ui), TW - 36, 12);
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

/** The seat drawn first: yours, or for a spectator or a replay the seat to move. @param {any} body */
function firstSeat(body) {
  if (body.seat === 0 || body.seat === 1) return body.seat;
  const p = body.current_player ?? (body.view && body.view.current_player);
  return p === 1 ? 1 : 0;
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

// --- the module's two functions -----------------------------------------------------------------------

/** @param {any} body @param {any} ui @returns {Element} */
export function draw(body, ui) {
  const root = ui.h("div", { class: "sotw" });
  if (!body.view) return root;
  const first = firstSeat(body);
  root.append(ui.h("div", { class: "sotw-panel sotw-panel-board" }, playerBoard(body, ui, first)));
  root.append(ui.h("div", { class: "sotw-panel sotw-panel-table" }, table(body, ui)));
  root.append(ui.h("div", { class: "sotw-panel sotw-panel-board" }, playerBoard(body, ui, 1 - first)));
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
