// The `ui` object the page lends a game's board module (docs/web-boards.md).

import { matches } from "./moves.js";

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * @param {Element} el @param {Record<string, any>} attrs @param {(Node | string | null | undefined | false)[]} children
 */
function fill(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") el.textContent = String(value);
    else if (key === "class") el.setAttribute("class", String(value));
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
  return el;
}

/** An SVG element. @param {string} tag @param {Record<string, any>} [attrs] @param {...any} children */
export function svg(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** An HTML element. @param {string} tag @param {Record<string, any>} [attrs] @param {...any} children */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/**
 * The moves to mark on the board as "what just happened": the newest turn of every other seat since
 * `me` last moved (for a spectator or a replay, `me` is null: the newest decision, or the newest turn
 * when `turn` is true).
 * @param {{n: number, seat: number, move: string, text: string}[]} log oldest first
 * @param {number | null} me @param {boolean} [turn]
 * @returns {{n: number, seat: number, move: string, text: string}[]}
 */
export function recentMoves(log, me, turn = true) {
  const out = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const entry = log[i];
    if (me !== null && entry.seat === me) break;
    if (me === null && out.length && (!turn || entry.seat !== out[0].seat)) break;
    out.unshift(entry);
  }
  return out;
}

/** Whether `move` holds `token` as whole words. @param {string | null | undefined} move @param {string} token */
function holds(move, token) {
  return !!move && matches(move, [token]);
}

/**
 * @param {{lang: string, catalog: any, body: any, chooser: import("./moves.js").Chooser | null,
 *          onToken: (token: string) => void, seatName: (seat: number) => string,
 *          recent?: {n: number, seat: number, move: string, text: string}[],
 *          shown?: {played: string, better: string | null} | null, hinted?: string | null}} opts
 * `shown` (a review's page): draw a decision's move played and the level's better move instead of
 * click targets: what `bind` is given for a token of either gets `move-played` / `move-better`.
 * `hinted`: the move a hint named; its click targets also get `hinted`.
 */
export function makeUi(opts) {
  const { lang, catalog, chooser, onToken, seatName } = opts;
  const recent = opts.recent || [];
  const shown = opts.shown || null;
  const hinted = opts.hinted || null;
  const newest = recent.length ? recent[recent.length - 1].n : -1;
  const clickable = (/** @type {string} */ token) => (shown ? holds(shown.played, token) || holds(shown.better, token)
    : !!chooser && chooser.clickable(token));
  const chosen = (/** @type {string} */ token) => !shown && !!chooser && chooser.chosen(token);
  /** the newest recent move by `seat` (any seat when null) that holds `token` as whole words, or null
   * @param {string} token @param {number | null} [seat] */
  const markedBy = (token, seat = null) => {
    for (let i = recent.length - 1; i >= 0; i--) {
      const entry = recent[i];
      if ((seat === null || seat === undefined || entry.seat === seat) && matches(entry.move, [token])) return entry;
    }
    return null;
  };
  return {
    lang,
    catalog,
    seatName,
    svg,
    h,
    /** the other seats' newest turn, oldest decision first: [{n, seat, move, text}] */
    recent,
    /** whether a recent move by `seat` (any seat when null) holds `token` @param {string} token @param {number | null} [seat] */
    marked: (token, seat = null) => markedBy(token, seat) !== null,
    /**
     * Mark `el` as changed by the other seats' last turn when a recent move of `seat` (any seat when
     * null) holds `token`: class `last-move` (and `last-move-newest` for the newest decision), with
     * its text as a tooltip for mouse and screen reader.
     * @param {Element} el @param {string} token @param {number | null} [seat]
     */
    mark(el, token, seat = null) {
      const entry = markedBy(token, seat);
      if (!entry) return el;
      el.classList.add("last-move");
      if (entry.n === newest) el.classList.add("last-move-newest");
      el.setAttribute("data-last-move", String(entry.n));
      return el;
    },
    /** @param {string} en @param {string} ko */
    tr: (en, ko) => (lang === "ko" ? ko : en),
    clickable,
    chosen,
    /** @param {Element} el @param {string} token @param {string} [label] */
    bind(el, token, label) {
      if (shown) {  // nothing to click: the two moves drawn side by side
        if (holds(shown.played, token)) el.classList.add("move-played");
        if (holds(shown.better, token)) el.classList.add("move-better");
        return;
      }
      if (!clickable(token)) return;
      el.classList.add(chosen(token) ? "chosen" : "clickable");
      if (holds(hinted, token)) el.classList.add("hinted");
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      el.setAttribute("data-token", token);
      // an HTML element with text of its own is named by that text (what a person sees is what a screen
      // reader says: axe's label-content-name-mismatch); the longer label becomes its tooltip
      if (el instanceof HTMLElement && (el.textContent || "").trim()) {
        if (label && !el.title) el.title = label;
      } else {
        el.setAttribute("aria-label", label || token);
      }
      el.addEventListener("click", (event) => {
        event.stopPropagation();
        onToken(token);
      });
      el.addEventListener("keydown", (event) => {
        const key = /** @type {KeyboardEvent} */ (event).key;
        if (key === "Enter" || key === " ") {
          event.preventDefault();
          onToken(token);
        }
      });
    },
  };
}

/** SVG path data of the page's symbols (drawn, never font glyphs: nothing depends on installed fonts). */
const ICONS = {
  first: "M3 3h2v10H3zM13 3v10L6 8z",
  prev: "M12 3v10L5 8z",
  next: "M4 3v10l7-5z",
  last: "M11 3h2v10h-2zM3 3v10l7-5z",
  undo: "M6 3 2 7l4 4V8.5h4a2.5 2.5 0 0 1 0 5H8V15h2a4 4 0 0 0 0-8H6z",
  play: "M4 2v12l9-6z",
  skip: "M2 3v10l6-5zM8 3v10l6-5z",
  star: "M8 1l2.1 4.5 4.9.6-3.6 3.4.9 4.9L8 12.1 3.7 14.4l.9-4.9L1 6.1l4.9-.6z",
  check: "M2 8.5 6 12.5 14 4l-1.4-1.4L6 9.7 3.4 7.1z",
  copy: "M5 1h8v10H5zM6.5 2.5v7h5v-7zM2 5h2v1.5H3.5v7h5V12H10v3H2z",
  bell: "M8 1.5a4 4 0 0 1 4 4V9l1.5 2.5h-11L4 9V5.5a4 4 0 0 1 4-4zM6.5 12.5h3a1.5 1.5 0 0 1-3 0z",
  close: "M3.4 2 8 6.6 12.6 2 14 3.4 9.4 8l4.6 4.6-1.4 1.4L8 9.4 3.4 14 2 12.6 6.6 8 2 3.4z",
  hourglass: "M3 1h10v2c0 2-2 3.5-3.2 5C11 9.5 13 11 13 13v2H3v-2c0-2 2-3.5 3.2-5C5 6.5 3 5 3 3z",
  chip: "M4 4h8v8H4zM6 6v4h4V6zM5 1h1.5v2H5zM9.5 1H11v2H9.5zM5 13h1.5v2H5zM9.5 13H11v2H9.5zM1 5h2v1.5H1zM1 9.5h2V11H1zM13 5h2v1.5h-2zM13 9.5h2V11h-2z",
};

/**
 * A 16×16 symbol as inline SVG, sized with the text (`1em`), hidden from screen readers (say it in text).
 * @param {keyof typeof ICONS} name @param {string} [cls]
 */
export function icon(name, cls = "") {
  return svg("svg", { class: `icon ${cls}`.trim(), viewBox: "0 0 16 16", width: "1em", height: "1em", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: ICONS[name], fill: "currentColor" }));
}
