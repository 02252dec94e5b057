// Spirits of the Wild's web board: the other seats' last turn (ui.recent), read from its notation, and the
// dashed rings that mark on the board what it changed.

import { CARDS, KINDS, SPIRITS } from "./shared.js";

/**
 * @typedef {{n: number, seat: number, move: string}} Entry
 * @typedef {{cards: Entry[], placed: {e: Entry, kind: string, place: string}[], spirit: {e: Entry, animal: string}[],
 *   taken: {e: Entry, kind: string}[], returned: {e: Entry, kind: string, place: string}[],
 *   bagged: {e: Entry, kind: string}[], coyote: Entry | null, tray: Entry | null}} Facts
 */

/** @param {any} ui @returns {Facts} */
export function lastTurn(ui) {
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
export function ring(/** @type {any} */ ui, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ w,
  /** @type {number} */ h, /** @type {number} */ rx) {
  return ui.svg("rect", { x, y, width: w, height: h, rx, class: "sotw-ring" });
}

/** Mark `el` as changed by the move `e`, and draw its ring. @param {any} ui @param {Element} el @param {Entry} e @param {Element} r */
export function markWith(ui, el, e, r) {
  ui.mark(el, e.move, e.seat);
  if (el.classList.contains("last-move")) el.append(r);
  return el;
}
