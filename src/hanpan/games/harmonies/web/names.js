// Harmonies' board: the Ui the page lends a board (its type: docs/web-boards.md) and the small helpers
// over it that every part of the board uses: the names of things in the page's language (colours, cards,
// landscapes, seats) and ui.mark when the page has it.

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
 */

/** @param {Ui} ui @param {{en: string, ko: string} | undefined} pair @param {string} [fallback] */
export function txt(ui, pair, fallback = "") {
  return pair ? ui.tr(pair.en, pair.ko) : fallback;
}

/** @param {Ui} ui @param {string} colour */
export function colourName(ui, colour) {
  const entry = (ui.catalog?.colours || []).find((/** @type {any} */ c) => c.id === colour);
  return entry ? txt(ui, entry.name) : colour;
}

/** @param {Ui} ui @param {string} id */
function cardInfo(ui, id) {
  return ui.catalog?.animals?.[id] || ui.catalog?.spirits?.[id] || null;
}

/** @param {Ui} ui @param {string} id */
export function cardName(ui, id) {
  const info = cardInfo(ui, id);
  return info ? txt(ui, info.name, id) : id;
}

/** @param {Ui} ui @param {string} kind */
export function kindName(ui, kind) {
  return txt(ui, ui.catalog?.kinds?.[kind]?.name, kind);
}

/** @param {Ui} ui @param {number} p */
export function seatLabel(ui, p) {
  return ui.seatName ? ui.seatName(p) : ui.tr(`Player ${p + 1}`, `플레이어 ${p + 1}`);
}

/** ui.mark when the page has it. @param {Ui} ui @param {Element} el @param {string} token @param {number | null} seat */
export function mark(ui, el, token, seat) {
  if (ui.mark) ui.mark(el, token, seat);
  return el;
}
