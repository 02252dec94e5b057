// Harmonies' board: the cards: an animal card (name, habitat pattern, points track), a Nature's Spirit
// card (name, habitat pattern, how it scores) and the small card of a completed card or of another player.

import { cardName, mark, txt } from "./names.js";
import { icon, pattern, PATTERN_R } from "./pieces.js";

/** @typedef {import("./names.js").Ui} Ui */
/** @typedef {{placed?: number | null, token?: string | null, small?: boolean, marks?: [string, number | null][]}} CardOpts */

/**
 * An animal card: name, habitat pattern and points track (top → bottom).
 * `placed`: cubes already put on the board (null: not taken, the track shows bare numbers).
 * @param {Ui} ui @param {string} id @param {CardOpts} [opts]
 */
export function animalCard(ui, id, opts = {}) {
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
export function miniCard(ui, id, placed, marks = []) {
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
export function spiritCard(ui, id, opts = {}) {
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
