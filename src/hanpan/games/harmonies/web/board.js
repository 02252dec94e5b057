// Harmonies in the browser: draw(body, ui) and legend(ui) (docs/web-boards.md).
//
// Everything is drawn from body.view (HarmoniesState.view / public_view) and ui.catalog
// (hanpan.games.harmonies.webdata.catalog).  Tokens for choosing a move (docs/notation.md, Harmonies):
//   central space k ........ "space k"        a token in hand ........ its colour, "green"
//   a cell of your board ... its name, "c3"   a held card / spirit ... "cube <id>"
//   a displayed card ....... "card <id>"      its solo discard chip .. "discard <id>"
//   a dealt spirit ......... "keep <id>"      the end-turn button .... "end"
// so "green" then "c3" makes "green c3", and "cube fish" then "d2" makes "cube fish d2".

/**
 * @typedef {{
 *   lang: string, catalog: any, tr: (en: string, ko: string) => string, seatName: (seat: number) => string,
 *   svg: (tag: string, attrs?: Record<string, any>, ...children: any[]) => SVGElement,
 *   h: (tag: string, attrs?: Record<string, any>, ...children: any[]) => HTMLElement,
 *   bind: (el: Element, token: string, label?: string) => void,
 *   clickable: (token: string) => boolean, chosen: (token: string) => boolean,
 * }} Ui
 * @typedef {{q: number, r: number, kind: string, cube: boolean}} PatternCell
 */

const COLOURS = ["blue", "yellow", "green", "brown", "grey", "red"];
/** @type {Record<string, string>} */
const FILL = {
  blue: "#2f6fc0", yellow: "#f2c230", green: "#3d9446", brown: "#8b5a30", grey: "#a3a9ae", red: "#cf3f36",
};
/** @type {Record<string, string>} */
const INK = { blue: "#fff", yellow: "#2a2100", green: "#fff", brown: "#fff", grey: "#15191c", red: "#fff" };
const SQ3 = Math.sqrt(3);
const BOARD_R = 28; // hex radius of a personal board's cell
const PATTERN_R = 13.5; // hex radius on a card's habitat pattern

// --- small helpers ---------------------------------------------------------------------------------

/** @param {Ui} ui @param {{en: string, ko: string} | undefined} pair @param {string} [fallback] */
function txt(ui, pair, fallback = "") {
  return pair ? ui.tr(pair.en, pair.ko) : fallback;
}

/** @param {Ui} ui @param {string} colour */
function letter(ui, colour) {
  const entry = (ui.catalog?.colours || []).find((/** @type {any} */ c) => c.id === colour);
  return entry ? txt(ui, entry.letter) : colour[0];
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

/** A landscape token seen from above: a disc with its letter. @param {Ui} ui */
function tokenDisc(ui, /** @type {string} */ colour, /** @type {number} */ x, /** @type {number} */ y,
  r = 11) {
  return ui.svg("g", { class: `hm-token hm-${colour}` },
    ui.svg("circle", { cx: x, cy: y, r, fill: FILL[colour], stroke: "#00000055", "stroke-width": 1 }),
    ui.svg("text", {
      x, y: y + r * 0.36, "text-anchor": "middle", "font-size": fmt(r * 1.05), fill: INK[colour],
      class: "hm-letter",
    }, letter(ui, colour)));
}

/** An SVG of a few token discs in a row, for HTML text. @param {Ui} ui @param {string} colour */
function inlineToken(ui, colour, size = 18) {
  const r = size / 2 - 1;
  return ui.svg("svg", {
    class: "hm-inline", width: size, height: size, viewBox: `0 0 ${size} ${size}`, "aria-hidden": "true",
  }, tokenDisc(ui, colour, size / 2, size / 2, r));
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

// --- habitat patterns and cards --------------------------------------------------------------------

/**
 * A card's habitat as small hexes: each hex banded with its stack's colours (bottom → top) and its code.
 * @param {Ui} ui @param {PatternCell[]} cells @param {number} [r]
 */
export function pattern(ui, cells, r = PATTERN_R) {
  const pos = cells.map((c) => [1.5 * r * c.q, SQ3 * r * (c.r + c.q / 2)]);
  const xs = pos.map((p) => p[0]);
  const ys = pos.map((p) => p[1]);
  const h = (SQ3 / 2) * r;
  const x0 = Math.min(...xs) - r - 1;
  const y0 = Math.min(...ys) - h - 1;
  const w = Math.max(...xs) - Math.min(...xs) + 2 * r + 2;
  const ht = Math.max(...ys) - Math.min(...ys) + 2 * h + 2;
  const kinds = ui.catalog?.kinds || {};
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
    const code = txt(ui, kinds[cell.kind]?.code, cell.kind);
    return ui.svg("g", { class: `hm-pcell${cell.cube ? " hm-pcube" : ""}` },
      ui.svg("title", {}, kindName(ui, cell.kind) + (cell.cube ? ui.tr(" (cube here)", " (큐브 자리)") : "")),
      ...bands, ...lines,
      ui.svg("polygon", { points: hexPoints(cx, cy, r), class: "hm-pcell-edge" }),
      cell.cube ? cubeMark(ui, cx, cy - h * 0.48, r * 0.38, false) : null,
      ui.svg("text", {
        x: fmt(cx), y: fmt(cy + (cell.cube ? h * 0.55 : r * 0.24)), "text-anchor": "middle",
        "font-size": fmt(r * (code.length > 1 ? 0.62 : 0.72)), class: "hm-code",
      }, code));
  });
  return ui.svg("svg", {
    class: "hm-pattern", viewBox: `${fmt(x0)} ${fmt(y0)} ${fmt(w)} ${fmt(ht)}`,
    width: fmt(w), height: fmt(ht), role: "img",
  }, ...parts);
}

/**
 * An animal card: name, habitat pattern and points track (top → bottom).
 * `placed`: cubes already put on the board (null: not taken, the track shows bare numbers).
 * @param {Ui} ui @param {string} id
 * @param {{placed?: number | null, token?: string | null, small?: boolean, extra?: Element | null}} [opts]
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
    return ui.h("div", { class: cls, title: covered ? ui.tr("a cube still here", "아직 큐브가 있음") : "" },
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
  const el = ui.h("div", {
    class: `hm-card hm-animal${opts.small ? " hm-small" : ""}${done ? " hm-done" : ""}`, title: label,
  },
  ui.h("div", { class: "hm-card-name" }, name),
  ui.h("div", { class: "hm-card-body" },
    ui.h("div", { class: "hm-card-pattern" }, pattern(ui, info.cells, opts.small ? 10 : PATTERN_R)),
    ui.h("div", { class: "hm-track" }, ...slots)),
  state ? ui.h("div", { class: "hm-card-state" }, done ? `✓ ${state}` : state) : null,
  opts.extra || null);
  if (opts.token) ui.bind(el, opts.token, label);
  return el;
}

/**
 * A Nature's Spirit card: name, habitat pattern and how it scores.
 * @param {Ui} ui @param {string} id
 * @param {{placed?: boolean | null, token?: string | null, note?: string}} [opts]
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
    ui.h("div", { class: "hm-card-name" }, "✦ ", name),
    ui.h("div", { class: "hm-card-body" },
      ui.h("div", { class: "hm-card-pattern" }, pattern(ui, info.cells)),
      ui.h("div", { class: "hm-spirit-text" }, txt(ui, info.scores))),
    state ? ui.h("div", { class: "hm-card-state" }, placed ? `✓ ${state}` : state) : null,
    opts.note ? ui.h("div", { class: "hm-card-state" }, opts.note) : null);
  if (opts.token) ui.bind(el, opts.token, label);
  return el;
}

// --- the personal board ----------------------------------------------------------------------------

/**
 * One player's board: every cell's stack as bars (bottom → top, a letter on each), cubes, cell names.
 * @param {Ui} ui @param {any} board view.boards[p] @param {string} side "A" or "B" @param {boolean} mine
 */
function boardSvg(ui, board, side, mine, scale = 1.3) {
  const columns = /** @type {number[]} */ (ui.catalog?.sides?.[side]?.columns || (side === "B" ? [4, 3, 4, 3, 4, 3, 4] : [5, 4, 5, 4, 5]));
  const R = BOARD_R;
  const h = (SQ3 / 2) * R;
  const pad = 3;
  const width = 1.5 * R * (columns.length - 1) + 2 * R + 2 * pad;
  const rows = Math.max(...columns.map((n, q) => n + (q % 2 ? 0.5 : 0)));
  const height = SQ3 * R * rows + 2 * pad;
  const cells = [];
  for (let q = 0; q < columns.length; q++) {
    for (let row = 0; row < columns[q]; row++) {
      const name = `${String.fromCharCode(97 + q)}${row + 1}`;
      const cx = pad + R + 1.5 * R * q;
      const cy = pad + h + SQ3 * R * (row + (q % 2 ? 0.5 : 0));
      const stack = /** @type {string[]} */ (board.cells?.[name] || []);
      const cube = board.cubes?.[name] || null;
      const isSpirit = !!cube && !!ui.catalog?.spirits?.[cube];
      const kind = stackKind(ui, stack);
      const barW = 26;
      const barH = 9.5;
      const bx = cube ? cx - 3 - barW / 2 : cx - barW / 2;
      const bars = stack.map((colour, k) => {
        const y = cy + h - 5 - (k + 1) * (barH + 1);
        return ui.svg("g", {},
          ui.svg("rect", {
            x: fmt(bx), y: fmt(y), width: barW, height: barH, rx: 3, fill: FILL[colour], class: "hm-bar",
          }),
          ui.svg("text", {
            x: fmt(bx + barW / 2), y: fmt(y + barH - 2), "text-anchor": "middle", "font-size": 8.5,
            fill: INK[colour], class: "hm-letter",
          }, letter(ui, colour)));
      });
      const describeCell = [
        name,
        stack.length ? stack.map((c) => colourName(ui, c)).join(" → ") : ui.tr("empty", "빈 칸"),
        kind ? `(${kindName(ui, kind)})` : "",
        cube ? ui.tr(`${cardName(ui, cube)} cube`, `${cardName(ui, cube)} 큐브`) : "",
      ].filter(Boolean).join(" ");
      const g = ui.svg("g", { class: `hm-cell${stack.length ? "" : " hm-empty"}` },
        ui.svg("title", {}, describeCell),
        ui.svg("polygon", { points: hexPoints(cx, cy, R - 0.8), class: "hm-hex" }),
        ui.svg("text", { x: fmt(cx), y: fmt(cy - h + 9.5), "text-anchor": "middle", class: "hm-cellname" }, name),
        stack.length > 1 ? ui.svg("text", {
          x: fmt(cx - R + 7), y: fmt(cy + 3), "text-anchor": "middle", class: "hm-height",
        }, String(stack.length)) : null,
        ...bars,
        cube ? cubeMark(ui, cx + 15, cy + 2, 9, isSpirit) : null);
      if (mine) ui.bind(g, name, describeCell);
      cells.push(g);
    }
  }
  return ui.svg("svg", {
    class: `hm-board hm-side-${side}`, viewBox: `0 0 ${fmt(width)} ${fmt(height)}`, width: fmt(width * scale),
    height: fmt(height * scale), role: "group",
  }, ...cells);
}

/** The landscape kind a stack makes, if any. @param {Ui} ui @param {string[]} stack */
function stackKind(ui, stack) {
  const kinds = ui.catalog?.kinds || {};
  for (const [kind, info] of Object.entries(kinds)) {
    if ((/** @type {any} */ (info).stacks || []).some((/** @type {string[]} */ s) => s.join(",") === stack.join(","))) return kind;
  }
  return "";
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
  }, inlineToken(ui, c), `×${counts[c] || 0}`)));
}

/** The central board: each space's three tokens. @param {Ui} ui @param {any} view @param {boolean} mine */
function centralSvg(ui, view, mine) {
  const spaces = /** @type {Record<string, number>[]} */ (view.central || []);
  const S = 68;
  const width = S * spaces.length + 4;
  const height = S + 14;
  const parts = spaces.map((space, k) => {
    const cx = 2 + S * k + S / 2;
    const cy = S / 2 + 2;
    const tokens = COLOURS.flatMap((c) => Array(space[c] || 0).fill(c));
    const spots = [[0, -12], [-12, 9], [12, 9]];
    const token = `space ${k + 1}`;
    const label = ui.tr(`Space ${k + 1}: `, `${k + 1}번 칸: `)
      + (tokens.length ? tokens.map((c) => colourName(ui, c)).join(", ") : ui.tr("empty", "비었음"));
    const g = ui.svg("g", { class: `hm-space${tokens.length ? "" : " hm-empty"}` },
      ui.svg("title", {}, label),
      ui.svg("circle", { cx, cy, r: S / 2 - 3, class: "hm-space-ring" }),
      ...tokens.map((c, i) => tokenDisc(ui, c, cx + spots[i % 3][0], cy + spots[i % 3][1], 10.5)),
      ui.svg("text", { x: cx, y: S + 12, "text-anchor": "middle", class: "hm-space-num" }, String(k + 1)));
    if (mine) ui.bind(g, token, label);
    return g;
  });
  return ui.svg("svg", {
    class: "hm-central", viewBox: `0 0 ${width} ${height}`, width, height, role: "group",
  }, ...parts);
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

/**
 * @param {any} body the page's body (docs/web-boards.md)
 * @param {Ui} ui
 * @returns {Element}
 */
export function draw(body, ui) {
  const view = body.view || {};
  const side = String(view.options?.side || "A");
  const players = /** @type {number} */ (view.players || (view.boards || []).length);
  const solo = players === 1;
  const over = body.status === "finished" || view.status === "finished";
  const current = over ? null : (body.current_player ?? view.current_player ?? null);
  const mine = body.seat !== null && body.seat !== undefined && body.seat === current && !over;
  const seatName = (/** @type {number} */ p) => (ui.seatName ? ui.seatName(p) : ui.tr(`Player ${p + 1}`, `플레이어 ${p + 1}`));
  const scores = body.scores || view.scores || [];
  const labels = body.labels || {};

  // Status line
  const sideName = txt(ui, ui.catalog?.sides?.[side]?.name, "");
  const status = [ui.h("span", { class: "hm-chip" }, ui.tr(`Side ${side}`, `${side}면`), sideName ? ` · ${sideName}` : "")];
  if (!over) status.push(ui.h("span", { class: "hm-chip" }, ui.tr(`Turn ${(view.turn || 0) + 1}`, `${(view.turn || 0) + 1}번째 턴`)));
  if (current !== null) {
    status.push(ui.h("span", { class: "hm-chip hm-chip-turn" }, "▶ ", ui.tr(`${seatName(current)} to move`, `${seatName(current)} 차례`)));
  }
  if (view.ending && !over) {
    status.push(ui.h("span", { class: "hm-chip hm-chip-warn" }, "⚠ ", ui.tr("Last round", "마지막 라운드")));
  }
  if (over) {
    const winners = /** @type {number[]} */ (body.winners?.length ? body.winners : view.winners || []);
    status.push(ui.h("span", { class: "hm-chip hm-chip-win" }, "★ ", ui.tr("Game over", "게임 종료"),
      winners.length && !solo ? ui.tr(` — won by ${winners.map(seatName).join(", ")}`, ` — 승자: ${winners.map(seatName).join(", ")}`) : ""));
  }
  if (solo && scores[0] && "suns" in scores[0]) {
    status.push(ui.h("span", { class: "hm-chip hm-chip-suns", title: txt(ui, ui.catalog?.scoring?.suns) },
      "☀ ", ui.tr(`${scores[0].suns} sun${scores[0].suns === 1 ? "" : "s"}`, `태양 ${scores[0].suns}개`)));
  }

  // Central board, pouch and supplies
  const supplies = ui.h("div", { class: "hm-supplies" },
    ui.h("span", { class: "hm-chip", title: ui.tr("animal cubes in the supply", "공급처의 동물 큐브") },
      ui.svg("svg", { class: "hm-inline", width: 14, height: 14, viewBox: "0 0 14 14", "aria-hidden": "true" },
        ui.svg("rect", { x: 2, y: 2, width: 10, height: 10, rx: 2, class: "hm-cube" })),
      ui.tr(` cubes ${view.supply ?? "?"}`, ` 큐브 ${view.supply ?? "?"}`)),
    ui.h("span", { class: "hm-chip" }, ui.tr(`deck ${view.deck_size ?? "?"}`, `카드 더미 ${view.deck_size ?? "?"}`)),
    solo ? ui.h("span", { class: "hm-chip", title: ui.tr("tokens returned to the box", "상자로 돌아간 토큰") },
      ui.tr(`box ${view.box || 0}`, `상자 ${view.box || 0}`)) : null,
    solo && (view.discarded || []).length ? ui.h("span", {
      class: "hm-chip", title: (view.discarded || []).map((/** @type {string} */ c) => cardName(ui, c)).join(", "),
    }, ui.tr(`discarded ${(view.discarded || []).length}`, `버린 카드 ${(view.discarded || []).length}`)) : null);
  const pouchTotal = COLOURS.reduce((a, c) => a + (view.pouch?.[c] || 0), 0);
  const central = section(ui, "hm-central-area", ui.tr("Central board", "중앙판"),
    centralSvg(ui, view, mine),
    ui.h("div", { class: "hm-pouch" },
      ui.h("span", { class: "hm-sub" }, ui.tr(`Pouch (${pouchTotal})`, `주머니 (${pouchTotal})`)),
      countRow(ui, view.pouch || {})),
    supplies);

  // The mover's tokens in hand and the end of the turn
  const hand = /** @type {Record<string, number>} */ (view.hand || {});
  const handTokens = COLOURS.flatMap((c) => Array(hand[c] || 0).fill(c));
  /** @type {Element | null} */
  let handArea = null;
  if (current !== null) {
    const items = handTokens.map((c) => {
      const s = ui.svg("svg", { class: "hm-hand-token", width: 40, height: 40, viewBox: "0 0 40 40" },
        ui.svg("title", {}, colourName(ui, c)), tokenDisc(ui, c, 20, 20, 16));
      const wrap = ui.h("span", { class: "hm-hand-item" }, s);
      if (mine) ui.bind(wrap, c, ui.tr(`${colourName(ui, c)} token`, `${colourName(ui, c)} 토큰`));
      return wrap;
    });
    let note = "";
    const keeping = !!view.options?.spirits && !view.boards?.[current]?.spirit;
    if (!handTokens.length) {
      note = keeping ? ui.tr("Keep a Nature's Spirit first", "먼저 자연의 정령을 고르세요") : view.took ? ui.tr("All tokens placed", "토큰을 모두 놓음") : ui.tr("Take a central space first", "먼저 중앙판에서 토큰을 가져오세요");
    }
    const endBtn = ui.h("button", { class: "hm-button", type: "button" }, ui.tr("End turn", "차례 마치기"));
    if (mine) ui.bind(endBtn, "end", ui.tr("End the turn", "차례 마치기"));
    const legal = /** @type {string[]} */ (body.legal || []);
    const showEnd = mine && legal.includes("end");
    handArea = section(ui, "hm-hand", ui.tr(`In hand — ${seatName(current)}`, `손에 든 토큰 — ${seatName(current)}`),
      ui.h("div", { class: "hm-hand-row" }, ...items, note ? ui.h("span", { class: "hm-sub" }, note) : null),
      view.card_taken ? ui.h("div", { class: "hm-sub" }, ui.tr("Card taken this turn", "이번 턴에 카드를 가져감")) : null,
      showEnd ? endBtn : null);
  }

  // The display of animal cards
  const display = /** @type {string[]} */ (view.display || []);
  const displayCards = display.map((id) => {
    let extra = null;
    if (solo && mine && (body.legal || []).includes(`discard ${id}`)) {
      extra = ui.h("button", { class: "hm-button hm-discard", type: "button" }, ui.tr("Discard", "버리기"));
      ui.bind(extra, `discard ${id}`, ui.tr(`Discard ${cardName(ui, id)}`, `${cardName(ui, id)} 버리기`));
    }
    return animalCard(ui, id, { token: mine ? `card ${id}` : null, extra });
  });
  const displayArea = section(ui, "hm-display", ui.tr("Animal cards", "동물 카드"),
    ui.h("div", { class: "hm-cards" }, ...displayCards,
      displayCards.length ? null : ui.h("span", { class: "hm-sub" }, ui.tr("none left", "남은 카드 없음"))));

  // Every player's area
  const boards = /** @type {any[]} */ (view.boards || []);
  const you = view.you ?? body.seat ?? null;
  const areas = boards.map((board, p) => {
    const isMover = p === current;
    const mineHere = mine && p === body.seat;
    const score = scores[p];
    const cards = /** @type {{id: string, cubes_placed: number}[]} */ (board.cards || []);
    const limit = ui.catalog?.card_limit ?? 4;
    const held = cards.filter((c) => c.cubes_placed < (ui.catalog?.animals?.[c.id]?.cubes ?? 99));
    // An unplaced spirit counts towards the card limit.
    const heldCount = held.length + (board.spirit && !board.spirit.placed ? 1 : 0);
    const done = cards.filter((c) => c.cubes_placed >= (ui.catalog?.animals?.[c.id]?.cubes ?? 99));
    const cardEls = [];
    if (board.spirit) {
      const id = board.spirit.id;
      cardEls.push(spiritCard(ui, id, { placed: !!board.spirit.placed, token: mineHere && !board.spirit.placed ? `cube ${id}` : null }));
    } else if (view.options?.spirits && p === you && Array.isArray(view.dealt?.[p])) {
      const choose = ui.tr("Keep one of the two", "둘 중 하나를 고르세요");
      for (const id of view.dealt[p]) cardEls.push(spiritCard(ui, id, { token: mineHere ? `keep ${id}` : null, note: choose }));
    }
    for (const c of held) {
      cardEls.push(animalCard(ui, c.id, { placed: c.cubes_placed, token: mineHere ? `cube ${c.id}` : null }));
    }
    const doneEls = done.map((c) => animalCard(ui, c.id, { placed: c.cubes_placed, small: true }));
    const total = score ? score.total : 0;
    return ui.h("section", { class: `hm-player${isMover ? " hm-mover" : ""}${p === you ? " hm-you" : ""}` },
      ui.h("header", { class: "hm-player-head" },
        ui.h("span", { class: "hm-player-name" }, isMover ? "▶ " : "", seatName(p)),
        over && (body.winners || view.winners || []).includes(p) && !solo ? ui.h("span", { class: "hm-chip hm-chip-win" }, "★ ", ui.tr("winner", "승리")) : null,
        ui.h("span", { class: "hm-total", title: ui.tr("total score", "총점") }, String(total),
          ui.h("small", {}, ui.tr(" pts", "점")))),
      scoreLine(ui, score, labels),
      ui.h("div", { class: "hm-player-body" },
        ui.h("div", { class: "hm-board-wrap" }, boardSvg(ui, board, side, mineHere, players === 1 ? 1.75 : players === 2 ? 1.45 : 1.3)),
        ui.h("div", { class: "hm-player-cards" },
          ui.h("div", { class: "hm-sub" }, ui.tr(`Cards held ${heldCount}/${limit}`, `보유 카드 ${heldCount}/${limit}`),
            done.length ? ui.tr(` · complete ${done.length}`, ` · 완성 ${done.length}`) : ""),
          cardEls.length ? ui.h("div", { class: "hm-cards" }, ...cardEls) : null,
          doneEls.length ? ui.h("div", { class: "hm-cards hm-done-cards" }, ...doneEls) : null)));
  });

  return ui.h("div", { class: `hm hm-players-${players}`, lang: ui.lang },
    ui.h("div", { class: "hm-status" }, ...status),
    ui.h("div", { class: "hm-top" }, central, handArea, displayArea),
    ui.h("div", { class: "hm-players" }, ...areas));
}

/**
 * The rules of every card and spirit and a legend of every symbol.
 * @param {Ui} ui
 * @returns {Element}
 */
export function legend(ui) {
  const cat = ui.catalog || {};
  const tokens = COLOURS.map((c) => ui.h("div", { class: "hm-legend-item" },
    inlineToken(ui, c, 22), ui.h("b", {}, letter(ui, c)), " ", colourName(ui, c)));
  const kinds = Object.entries(cat.kinds || {}).map(([kind, info]) => {
    const stacks = /** @type {string[][]} */ (/** @type {any} */ (info).stacks);
    const desc = stacks.length > 1
      ? ui.tr("red on red, brown or grey", "빨강 아래 빨강·갈색·회색")
      : stacks[0].map((c) => colourName(ui, c)).join(" → ");
    return ui.h("div", { class: "hm-legend-item" },
      pattern(ui, [{ q: 0, r: 0, kind, cube: false }], 13),
      ui.h("span", {}, ui.h("b", {}, kindName(ui, kind)), ` — ${desc}`));
  });
  const symbols = [
    ui.h("div", { class: "hm-legend-item" },
      ui.svg("svg", { class: "hm-inline", width: 16, height: 16, viewBox: "0 0 16 16" }, cubeMark(ui, 8, 8, 10, false)),
      ui.tr("animal cube (on a board, or still on a card's track)", "동물 큐브 (개인판 위, 또는 카드 점수 칸 위)")),
    ui.h("div", { class: "hm-legend-item" },
      ui.svg("svg", { class: "hm-inline", width: 16, height: 16, viewBox: "0 0 16 16" }, cubeMark(ui, 8, 8, 10, true)),
      ui.tr("spirit cube", "정령 큐브")),
    ui.h("div", { class: "hm-legend-item" },
      pattern(ui, [{ q: 0, r: 0, kind: "water", cube: true }], 13),
      ui.tr("on a card's habitat, the cell with a cube and a thick edge is where the cube goes",
        "카드 서식지에서 큐브 표시와 굵은 테두리가 있는 칸이 큐브를 놓는 칸")),
    ui.h("div", { class: "hm-legend-item" },
      ui.svg("svg", { class: "hm-inline", width: 30, height: 26, viewBox: "-15 -13 30 26" },
        ui.svg("polygon", { points: hexPoints(0, 0, 12), class: "hm-legend-go" })),
      ui.tr("green edge: you can click it now (orange: chosen)", "초록 테두리: 지금 누를 수 있음 (주황: 선택됨)")),
    ui.h("div", { class: "hm-legend-item" },
      ui.tr("Board cells: tokens bottom → top, a letter on each; the small number is the height.",
        "개인판 칸: 토큰을 아래 → 위로, 각 토큰에 글자; 작은 숫자는 높이.")),
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
    section(ui, "", ui.tr("Landscapes (on cards' habitats)", "풍경 (카드의 서식지)"), ui.h("div", { class: "hm-legend-grid" }, ...kinds)),
    section(ui, "", ui.tr("Symbols", "기호"), ui.h("div", { class: "hm-legend-list" }, ...symbols)),
    section(ui, "", ui.tr("Scoring", "점수 계산"), ui.h("ul", { class: "hm-legend-list" }, ...scoring)),
    section(ui, "", ui.tr("Animal cards", "동물 카드"), ui.h("div", { class: "hm-cards" }, ...animals)),
    section(ui, "", ui.tr("Nature's Spirits", "자연의 정령"), ui.h("div", { class: "hm-cards" }, ...spirits)));
}
