// The review's evaluation graph (inline SVG): over the game's moves, each seat's estimate after each of its
// decisions: its win chance (0–100 %) with 2 or more players, its expected final score in solo (with the
// level's own move's estimate beside it, dashed).  A click goes to the nearest move; the marked errors are
// points one can also reach by keyboard.

import { svg } from "./ui.js";

const H = 118;
const PAD = { left: 40, right: 10, top: 8, bottom: 20 };
/** each seat's line: a colour and a dash pattern (never colour alone) */
export const SEAT_STYLES = [
  { colour: "#1f5fbf", dash: "" },
  { colour: "#c4512d", dash: "7 3" },
  { colour: "#2f7d4f", dash: "2 3" },
  { colour: "#7b3fa0", dash: "9 3 2 3" },
];
export const MARK_SIGNS = /** @type {Record<string, string>} */ ({ inaccuracy: "?!", mistake: "?", blunder: "??" });

/**
 * The value of the move played at a decision (win chance 0–1, or points), or null when not judged.
 * @param {any} d a decision of the review @param {string} [move]
 */
export function valueOf(d, move) {
  const wanted = move === undefined ? d.played : move;
  const found = (d.candidates || []).find((/** @type {any} */ c) => c.move === wanted);
  return found ? Number(found.value) : null;
}

/**
 * @param {{review: any, total: number, step: number, width: number, seatName: (seat: number) => string, label: string,
 *          go: (n: number) => void, markWord: (mark: string) => string, levelLabel: string,
 *          pointLabel: (d: any, value: number) => string}} o
 */
export function evaluationGraph(o) {
  const W = Math.max(320, Math.round(o.width));  // drawn at the size it is shown: its text stays its size
  const solo = o.review.unit === "points";
  const decisions = /** @type {any[]} */ (o.review.decisions).filter((d) => valueOf(d) !== null);
  const total = Math.max(1, o.total);
  let low = 0;
  let high = 1;
  if (solo) {
    const values = decisions.flatMap((d) => [valueOf(d), valueOf(d, d.choice)]).filter((v) => v !== null).map(Number);
    low = values.length ? Math.floor(Math.min(...values) - 1) : 0;
    high = values.length ? Math.ceil(Math.max(...values) + 1) : 1;
  }
  const x = (/** @type {number} */ n) => PAD.left + (n / total) * (W - PAD.left - PAD.right);
  const y = (/** @type {number} */ v) => PAD.top + (1 - (v - low) / (high - low || 1)) * (H - PAD.top - PAD.bottom);
  const parts = [];
  // the scale: 0, 50, 100 % (or three point values) and a few move numbers
  const ticks = solo ? [low, Math.round((low + high) / 2), high] : [0, 0.5, 1];
  for (const v of ticks) {
    parts.push(svg("line", { class: v === 0.5 && !solo ? "grid mid" : "grid", x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }),
      svg("text", { class: "tick", x: PAD.left - 4, y: y(v) + 3, "text-anchor": "end" }, solo ? String(v) : `${Math.round(v * 100)}%`));
  }
  const every = Math.max(1, Math.ceil(total / Math.max(2, Math.floor(W / 90)) / 10) * 10);
  for (let n = 0; n <= total; n += every) {
    parts.push(svg("text", { class: "tick", x: x(n), y: H - 6, "text-anchor": "middle" }, String(n)));
  }
  // each seat's line through its decisions (solo: the move played, and the level's move dashed)
  const seats = [...new Set(decisions.map((d) => d.seat))].sort();
  /** @param {any[]} ds @param {(d: any) => number | null} pick @param {string} cls @param {{colour: string, dash: string}} style */
  const line = (ds, pick, cls, style) => svg("polyline", { class: cls, fill: "none", stroke: style.colour,
    "stroke-dasharray": style.dash || null, points: ds.map((d) => `${x(d.number).toFixed(1)},${y(Number(pick(d))).toFixed(1)}`).join(" ") });
  if (solo) {
    parts.push(line(decisions.filter((d) => valueOf(d, d.choice) !== null), (d) => valueOf(d, d.choice), "level-line", { colour: "#6a6a6a", dash: "4 3" }));
  }
  for (const seat of seats) {
    const style = SEAT_STYLES[seat % SEAT_STYLES.length];
    parts.push(line(decisions.filter((d) => d.seat === seat), (d) => valueOf(d), `seat-line seat${seat}`, { ...style, dash: solo ? "" : style.dash }));
  }
  // the current move
  parts.push(svg("line", { class: "cursor", x1: x(o.step), x2: x(o.step), y1: PAD.top, y2: H - PAD.bottom }));
  // the errors: points to click (or reach by Tab and Enter)
  for (const d of decisions) {
    if (!(d.mark in MARK_SIGNS)) continue;
    const value = Number(valueOf(d));
    const label = o.pointLabel(d, value);
    const point = svg("g", { class: `point mark-${d.mark}`, role: "button", tabindex: "0", "aria-label": label, "data-n": d.number },
      svg("title", {}, label),
      d.mark === "blunder" ? svg("rect", { x: x(d.number) - 4.5, y: y(value) - 4.5, width: 9, height: 9 })
        : d.mark === "mistake" ? svg("path", { d: `M${x(d.number)} ${y(value) - 5.5}l5.5 9.5h-11z` })
          : svg("circle", { cx: x(d.number), cy: y(value), r: 4.5 }));
    point.addEventListener("click", (event) => { event.stopPropagation(); o.go(d.number); });
    point.addEventListener("keydown", (event) => {
      const key = /** @type {KeyboardEvent} */ (event).key;
      if (key === "Enter" || key === " ") { event.preventDefault(); o.go(d.number); }
    });
    parts.push(point);
  }
  const graph = svg("svg", { class: "eval-graph", id: "eval-graph", viewBox: `0 0 ${W} ${H}`, role: "group", "aria-label": o.label },
    svg("title", {}, o.label), svg("rect", { class: "plot", x: PAD.left, y: PAD.top, width: W - PAD.left - PAD.right, height: H - PAD.top - PAD.bottom }),
    ...parts);
  graph.addEventListener("click", (event) => {
    const box = graph.getBoundingClientRect();
    const at = (/** @type {MouseEvent} */ (event).clientX - box.left) / box.width * W;
    const n = Math.round((at - PAD.left) / (W - PAD.left - PAD.right) * total);
    o.go(Math.max(0, Math.min(total, n)));
  });
  return graph;
}

/** The graph's key: each seat's line (solo: the move played and the level's move).
 * @param {any} review @param {(seat: number) => string} seatName @param {string} levelLabel @param {string} playedLabel */
export function graphKey(review, seatName, levelLabel, playedLabel) {
  const solo = review.unit === "points";
  /** @param {{colour: string, dash: string}} style @param {string} text */
  const item = (style, text) => {
    const swatch = svg("svg", { class: "key-swatch", viewBox: "0 0 24 8", width: 24, height: 8, "aria-hidden": "true" },
      svg("line", { x1: 0, x2: 24, y1: 4, y2: 4, stroke: style.colour, "stroke-width": 2.5, "stroke-dasharray": style.dash || null }));
    const li = document.createElement("li");
    li.append(swatch, " ", text);
    return li;
  };
  const list = document.createElement("ul");
  list.className = "graph-key";
  if (solo) {
    list.append(item(SEAT_STYLES[0], playedLabel), item({ colour: "#6a6a6a", dash: "4 3" }, levelLabel));
  } else {
    for (const seat of review.seats) list.append(item(SEAT_STYLES[seat % SEAT_STYLES.length], seatName(seat)));
  }
  return list;
}
