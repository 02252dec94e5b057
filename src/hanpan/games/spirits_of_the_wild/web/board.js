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
/** @type {Record<string, string>} */
const LETTER_FALLBACK = { blue: "B", teal: "T", orange: "O", white: "W", purple: "P", yellow: "Y", spirit: "◆" };

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

/** @param {any} ui @param {string} kind */
function letter(ui, kind) {
  const stone = item(ui, "stones", kind);
  return stone.letter || LETTER_FALLBACK[kind] || "?";
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

/**
 * A stone: a coloured disc with its letter, or the spirit stone as a clear diamond.
 * @param {any} ui @param {string} kind @param {number} x @param {number} y @param {number} r
 */
function stone(ui, kind, x, y, r) {
  if (kind === "spirit") {
    const k = r * 1.18;
    return ui.svg("g", { class: "sotw-stone sotw-spirit-stone" },
      ui.svg("title", {}, stoneName(ui, kind)),
      ui.svg("polygon", {
        points: `${x},${y - k} ${x + k},${y} ${x},${y + k} ${x - k},${y}`,
        fill: "url(#sotw-spirit-fill)", stroke: "#5f7f99", "stroke-width": 1.6,
      }),
      ui.svg("polygon", {
        points: `${x},${y - k * 0.45} ${x + k * 0.45},${y} ${x},${y + k * 0.45} ${x - k * 0.45},${y}`,
        fill: "#fff", opacity: 0.85,
      }));
  }
  return ui.svg("g", { class: "sotw-stone" },
    ui.svg("title", {}, stoneName(ui, kind)),
    ui.svg("circle", { cx: x, cy: y, r, fill: FILL[kind] || "#999", stroke: "#00000066", "stroke-width": 1.3 }),
    ui.svg("circle", { cx: x - r * 0.35, cy: y - r * 0.38, r: r * 0.28, fill: "#ffffff", opacity: 0.28 }),
    ui.svg("text", {
      x, y: y + r * 0.36, "text-anchor": "middle", "font-size": r * 1.02, "font-weight": 700,
      fill: INK[kind] || "#000", class: "sotw-letter",
    }, letter(ui, kind)));
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
  add2: ["+2 → 1", "Add 2, take 1", "+2 → 1", "2개 더하고 1개"],
  add3: ["+3", "Add 3, coyote", "+3", "3개 더하고 코요테"],
  spirit: ["", "Spirit & refresh", "", "영혼 & 복구"],
};

/**
 * One action card, face up or face down.
 * @param {any} ui @param {string} card @param {boolean} up @param {number} x @param {number} y @param {number} w
 * @param {number} h @param {{token?: string, ready?: boolean, half?: number}} opts
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
      g.append(ui.svg("text", { x: x + w / 2 - (card === "add3" ? 6 : 0), y: y + 27, "text-anchor": "middle",
        class: "sotw-card-big", "font-size": big.length > 3 ? 14 : 17 }, big));
      if (card === "add3") g.append(coyote(ui, x + w / 2 + 21, y + 19, 6));
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
    const back = ui.tr(face[1], face[3]);
    g.append(ui.svg("text", { x: x + w / 2, y: y + h - 5, "text-anchor": "middle", class: "sotw-card-back-label",
      "font-size": Math.min(8.5, (w - 6) / textWidth(back, 1)).toFixed(2) }, back));
  }
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
  const row = ui.svg("g", { class: `sotw-row${blocked ? " sotw-blocked" : ""}` });
  row.append(ui.svg("rect", { x: 4, y: y + 2, width: BW - 8, height: ROW - 4, rx: 8,
    class: coyoteHere ? "sotw-row-bg sotw-row-coyote" : "sotw-row-bg", fill: coyoteHere ? "url(#sotw-hatch)" : null }));

  // The name and the points.
  const points = (view.scores[p] || {})[animal] || 0;
  row.append(ui.svg("text", { x: 12, y: y + 23, class: "sotw-animal" }, animalName(ui, animal)));
  const pts = ui.svg("text", { x: 12, y: y + 44, class: "sotw-points" },
    ui.svg("tspan", { class: "sotw-points-n" }, String(points)), ui.tr(points === 1 ? " pt" : " pts", "점"));
  if (spirited) pts.append(ui.svg("tspan", { class: "sotw-double", dx: 5 }, `×${(ui.catalog && ui.catalog.spirit_multiplier) || 2}`));
  row.append(pts);

  // The slots, place by place, with the points each step is worth below.
  const slotPoints = info.slot_points || [];
  let x = SLOTS_X;
  placesOf(animal, board.animals[animal]).forEach(([place, size, stones], pi) => {
    const w = size * STEP + 4;
    const g = ui.svg("g", { class: "sotw-place" });
    g.append(hit(ui, x, cy - R - 4, w, 2 * R + 8, R + 4));
    g.append(ui.svg("rect", { x, y: cy - R - 4, width: w, height: 2 * R + 8, rx: R + 4, class: "sotw-pill" }));
    for (let i = 0; i < size; i++) {
      const sx = x + 2 + STEP / 2 + i * STEP;
      const kind = stones[i];
      if (kind) {
        const s = stone(ui, kind, sx, cy, R);
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
    if (mine && phase === "place" && !ui.chosen("spirit")) {
      // With one colour in hand (and maybe the spirit stone) a place names the whole move, so "salmon"
      // does not also offer the spirit stone's "spirit salmon".
      const colours = Object.keys(view.held || {}).filter((k) => k !== "spirit" && view.held[k] > 0);
      const only = colours.length === 1 && !ui.chosen(colours[0]) ? `${colours[0]} ` : "";
      ui.bind(g, `${only}${place}`, named(ui, (info.places || [])[pi] || { en: place, ko: place }));
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
    `×${(ui.catalog && ui.catalog.spirit_multiplier) || 2}`));
  if (mine && phase === "place") {
    ui.bind(sg, ui.chosen("spirit") ? animal : `spirit ${animal}`,
      `${stoneName(ui, "spirit")} → ${animalName(ui, animal)}`);
  }
  if (mine && phase === "deer" && spirited) ui.bind(sg, `return spirit ${animal}`, `${ui.tr("return", "돌려놓기")} ${stoneName(ui, "spirit")}`);
  row.append(sg);

  // The coyote's column: the coyote, or where it may go.
  if (coyoteHere) {
    row.append(coyote(ui, COYOTE_X, cy - 2, 13));
    row.append(ui.svg("text", { x: COYOTE_X, y: cy + 27, "text-anchor": "middle", class: "sotw-coyote-label" },
      ui.tr("coyote", "코요테")));
  }
  if (theirs && phase === "coyote" && !coyoteHere) {
    const target = ui.svg("g", { class: "sotw-coyote-target" },
      hit(ui, 4, y + 2, BW - 8, ROW - 4, 8),
      coyote(ui, COYOTE_X, cy - 2, 13, "sotw-coyote sotw-coyote-ghost"),
      ui.svg("text", { x: COYOTE_X, y: cy + 27, "text-anchor": "middle", class: "sotw-coyote-label" },
        ui.tr("here?", "여기로")));
    ui.bind(target, `coyote ${animal}`, `${ui.tr("coyote", "코요테")} → ${animalName(ui, animal)}`);
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
  parts.push(ui.svg("text", { x: 12, y: 24, class: "sotw-name" }, `${toMove ? "▶ " : ""}${name}`));
  parts.push(ui.svg("text", { x: BW - 12, y: 24, "text-anchor": "end", class: "sotw-total" },
    `${winners.includes(p) && view.status === "finished" ? ui.tr("★ wins · ", "★ 승리 · ") : ""}${pts(ui, total)}`));

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
  deck.forEach(([card, up, half], i) => {
    const x = 4 + i * (cw + 4) + (card === "spirit" ? 2 : 0);
    parts.push(actionCard(ui, card, up, x, cy0, cw - (card === "spirit" ? 2 : 0), ch, {
      token: canCard && up && card !== "spirit" ? card : undefined,
      ready: card === "spirit" && downCount >= 3,
      half: card === "take1" ? half : 0,
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

/** A prompt of what the player to move does now. @param {any} body @param {any} ui */
function prompt(body, ui) {
  const view = body.view;
  if (view.status !== "playing" || view.current_player === null || view.current_player === undefined) {
    const winners = body.winners || view.winners || [];
    if (view.status === "unfinished" || (view.options && view.options.max_turns && !winners.length && view.status !== "finished")) {
      return ui.tr("Game stopped (turn limit)", "게임 중단 (차례 제한)");
    }
    if (!winners.length) return ui.tr("Game over", "게임 끝");
    if (winners.length > 1) return ui.tr("Game over — a tie", "게임 끝 — 무승부");
    const who = ui.seatName ? ui.seatName(winners[0]) : `${winners[0] + 1}`;
    return ui.tr(`Game over — ${who} wins`, `게임 끝 — ${who} 승리`);
  }
  const who = myTurn(body) ? ui.tr("You", "내 차례") : (ui.seatName ? ui.seatName(view.current_player) : "");
  /** @type {Record<string, [string, string]>} */
  const what = {
    card: ["choose an action card or a spirit", "액션카드나 영혼카드 고르기"],
    take: [`take ${view.to_take} from the tray`, `접시에서 ${view.to_take}개 가져오기`],
    place: ["place the stones in hand", "손에 든 돌 놓기"],
    deer: ["return a stone to the tray", "돌 1개를 접시로 돌려놓기"],
    bison: ["put a tray stone into the bag", "접시의 돌 1개를 주머니에"],
    coyote: ["send the coyote", "코요테 보내기"],
  };
  const [en, ko] = what[view.phase] || ["", ""];
  return `${who}: ${ui.tr(en, ko)}${body.thinking && !myTurn(body) ? ui.tr(" (thinking…)", " (생각 중…)") : ""}`;
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
  const pr = prompt(body, ui);
  parts.push(ui.svg("text", { x: TW - 12, y: 24, "text-anchor": "end", class: "sotw-prompt",
    "font-size": textWidth(pr, 13) > TW - 120 ? 11 : 13 }, pr));

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
      below.length ? `${ui.tr("below", "아래")}: ${below.join(" · ")}` : ""));
  });
  y += ph + 40;

  // The tray.
  const tray = spread(view.tray || {});
  const canTake = myTurn(body) && view.phase === "take";
  const canBag = myTurn(body) && view.phase === "bison";
  parts.push(ui.svg("text", { x: 12, y: y + 6, class: "sotw-label" },
    `${ui.tr("Tray", "접시")} · ${tray.length}`));
  y += 14;
  const perRow = 9;
  const rows = Math.max(1, Math.ceil(tray.length / perRow));
  const trayH = rows * 34 + 14;
  parts.push(ui.svg("rect", { x: 8, y, width: TW - 16, height: trayH, rx: trayH / 2 > 26 ? 26 : trayH / 2, class: "sotw-tray" }));
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
  if (canBag) {
    parts.push(ui.svg("text", { x: TW / 2, y: y + 2, "text-anchor": "middle", class: "sotw-hint" },
      ui.tr("Bison: pick a tray stone to put into the bag", "들소: 주머니에 넣을 접시의 돌 고르기")));
    y += 16;
  }

  // The bag, kind by kind.
  const bag = view.bag || {};
  const inBag = KINDS.reduce((n, k) => n + (bag[k] || 0), 0);
  parts.push(ui.svg("text", { x: 12, y: y + 6, class: "sotw-label" }, `${ui.tr("Bag", "주머니")} · ${inBag}`));
  y += 22;
  KINDS.forEach((kind, i) => {
    const x = 22 + i * 51;
    const n = bag[kind] || 0;
    parts.push(ui.svg("g", { class: n ? "sotw-bag" : "sotw-bag sotw-bag-empty" },
      stone(ui, kind, x, y, 10),
      ui.svg("text", { x: x + 14, y: y + 5, class: "sotw-count" }, `×${n}`)));
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
    parts.push(coyote(ui, 30, y + 18, 13));
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
    parts.push(ui.svg("rect", { x: 8, y, width: TW - 16, height: 40, rx: 10, class: "sotw-banner" }));
    const first = body.seat === 1 ? 1 : 0;
    const name = (/** @type {number} */ p) => (ui.seatName ? ui.seatName(p) : ui.tr(`Player ${p + 1}`, `플레이어 ${p + 1}`));
    const total = (/** @type {number} */ p) => (view.scores[p] || {}).total || 0;
    const line = `${name(first)} ${total(first)} – ${total(1 - first)} ${name(1 - first)}`;
    parts.push(ui.svg("text", { x: TW / 2, y: y + 26, "text-anchor": "middle", class: "sotw-banner-text",
      "font-size": Math.min(15, (TW - 40) / textWidth(line, 1.08)).toFixed(1) }, line));
    y += 48;
  }
  return ui.svg("svg", { viewBox: `0 0 ${TW} ${y + 4}`, class: "sotw-svg sotw-table", role: "group",
    "aria-label": ui.tr("Table", "테이블") }, parts);
}

// --- the module's two functions -----------------------------------------------------------------------

/** @param {any} body @param {any} ui @returns {Element} */
export function draw(body, ui) {
  const root = ui.h("div", { class: "sotw" });
  if (!body.view) return root;
  const first = body.seat === 1 ? 1 : 0;
  root.append(ui.h("div", { class: "sotw-panel sotw-panel-board" }, playerBoard(body, ui, first)));
  root.append(ui.h("div", { class: "sotw-panel sotw-panel-table" }, table(body, ui)));
  root.append(ui.h("div", { class: "sotw-panel sotw-panel-board" }, playerBoard(body, ui, 1 - first)));
  return root;
}

/** @param {any} ui @returns {Element} */
export function legend(ui) {
  const cat = ui.catalog || {};
  const mult = cat.spirit_multiplier || 2;
  const icon = (/** @type {Element[]} */ ...children) =>
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
    ui.h("dt", {}, named(ui, c), c.copies > 1 ? ` ×${c.copies}` : ""),
    ui.h("dd", {}, named(ui, c.text || { en: "", ko: "" }))])));

  root.append(ui.h("h3", {}, ui.tr("Stones and marks", "돌과 표시")));
  const marks = ui.h("ul", { class: "sotw-marks" });
  for (const s of cat.stones || []) {
    marks.append(ui.h("li", {}, icon(stone(ui, s.id, 15, 15, 11)),
      ` ${s.letter || ""} — ${named(ui, s)} (${ui.tr(`${s.count} in the game`, `${s.count}개`)})`));
  }
  marks.append(ui.h("li", {}, icon(spiritSlot(ui, 15, 15, 10)), ` ${ui.tr(`spirit slot: a spirit stone here scores the animal ×${mult}`, `영혼석 칸: 영혼석을 놓으면 그 동물 점수 ×${mult}`)}`));
  marks.append(ui.h("li", {}, icon(slot(ui, 15, 15, 11, false)), ` ${ui.tr("an empty slot; the small number under it is what the animal scores once it is filled", "빈 칸; 아래의 작은 숫자는 그 칸까지 채웠을 때의 점수")}`));
  marks.append(ui.h("li", {}, icon(coyote(ui, 15, 16, 10)), ` ${ui.tr("the coyote: no stone may go on the animal it stands on; it wins a tie for that board's owner", "코요테: 코요테가 있는 동물에는 돌을 놓을 수 없음; 동점이면 코요테가 있는 보드의 주인이 승리")}`));
  marks.append(ui.h("li", {}, ui.svg("svg", { viewBox: "0 0 30 30", width: 22, height: 22, "aria-hidden": "true" },
    ui.svg("rect", { x: 3, y: 4, width: 24, height: 22, rx: 4, class: "sotw-card-back" }),
    ui.svg("line", { x1: 6, y1: 7, x2: 24, y2: 23, class: "sotw-cross" }),
    ui.svg("line", { x1: 24, y1: 7, x2: 6, y2: 23, class: "sotw-cross" })),
  ` ${ui.tr("an action card face down (USED): crossed out until the Spirit & refresh card turns them all face up", "뒷면(사용함) 액션카드: 영혼 & 복구 카드로 모두 앞면이 될 때까지 X 표시")}`));
  marks.append(ui.h("li", {}, ui.h("span", { class: "sotw-ready-chip" }, ui.tr("ready", "사용 가능")),
    ` ${ui.tr("the Spirit & refresh card may be used (3 other cards face down)", "영혼 & 복구 카드를 쓸 수 있음 (다른 카드 3장이 뒷면)")}`));
  root.append(marks);
  return root;
}
