// The panels every game page shows beside its board: scores, the log, the status line, the final card.
// `me` is the seat the page is seen from (null: a spectator, or a replay).

import { seatName, t } from "./common.js";
import { h, icon } from "./ui.js";

/** @param {any} body @param {string} lang @param {number | null} me */
export function statusLine(body, lang, me) {
  const name = (/** @type {number} */ s) => seatName(body.seats, s, me, lang);
  if (body.status === "finished") {
    const names = body.winners.map(name).join(", ");
    return `${t("game_over", lang)} — ${t(body.winners.length === 1 ? "winner" : "winners", lang, { names })}`;
  }
  if (body.status === "unfinished") return t("unfinished", lang);
  if (body.status === "abandoned") {
    const gone = (body.seats || []).find((/** @type {any} */ s) => s.left);
    return gone ? t("abandoned_by", lang, { name: gone.left.name }) : t("abandoned", lang);
  }
  const mover = body.current_player;
  if (me !== null && mover === me) return t("your_turn", lang);
  if (body.thinking && mover !== null && body.seats[mover].kind !== "human") return t("thinking", lang, { name: name(mover) });
  const waiting = t("waiting", lang, { name: name(mover) });
  return me === null ? `${t("spectating", lang)} · ${waiting}` : waiting;
}

/** The score categories that are points (not the total, not tie-breakers). @param {any} body */
function pointKeys(body) {
  const card = body.scores[0] || {};
  const ties = body.tiebreakers || [];
  return Object.keys(card).filter((k) => k !== "total" && !ties.includes(k) && typeof card[k] === "number");
}

/** Points per category (rows) and seat (columns); tie-breakers apart, below the total.
 * @param {any} body @param {string} lang @param {number | null} me */
export function scoreTable(body, lang, me) {
  const head = h("tr", {}, h("th", { scope: "col" }, t("score", lang)),
    // "Player 4" never splits before its number; "(greedy)" may take the next line
    ...body.seats.map((/** @type {any} */ s) => h("th", { scope: "col", class: body.current_player === s.seat ? "to-move" : null },
      seatName(body.seats, s.seat, me, lang).replace(/ (\d+)/, "\u00a0$1"))));
  const rows = pointKeys(body).map((k) => h("tr", {}, h("th", { scope: "row" }, body.labels[k] || k),
    ...body.scores.map((/** @type {any} */ card) => h("td", {}, String(card[k])))));
  const total = h("tr", { class: "total" }, h("th", { scope: "row" }, t("total", lang)),
    ...body.scores.map((/** @type {any} */ card, /** @type {number} */ i) => h("td", { class: body.winners.includes(i) ? "winner" : null },
      body.winners.includes(i) ? icon("star", "win-star") : null, String(card.total))));
  const ties = (body.tiebreakers || []).filter((/** @type {string} */ k) => k in (body.scores[0] || {}));
  const tieBody = ties.length ? h("tbody", { class: "tiebreakers" },
    h("tr", {}, h("th", { colspan: body.seats.length + 1, scope: "colgroup", class: "tie-head" }, t("tiebreakers", lang))),
    ...ties.map((/** @type {string} */ k) => h("tr", {}, h("th", { scope: "row" }, body.labels[k] || k),
      ...body.scores.map((/** @type {any} */ card) => h("td", {}, String(card[k])))))) : null;
  return h("table", { class: body.seats.length >= 4 ? "scores many" : "scores" }, h("thead", {}, head), h("tbody", {}, ...rows, total), tieBody);
}

/** The moves so far, newest first, in words with the points they changed (the notation in English pages).
 * @param {any} body @param {string} lang @param {number | null} me */
export function logList(body, lang, me) {
  const departures = departuresByMove(body, lang);
  const items = [...body.log].reverse().flatMap((/** @type {any} */ e) => {
    const effects = Object.entries(e.effects || {}).map(([k, v]) => `${Number(v) > 0 ? "+" : ""}${v} ${body.labels[k] || k}`).join(", ");
    // the move's notation (a code) only on an English page, which shows it beside the words too
    const item = h("li", { "data-n": e.n, title: lang === "en" ? e.move : null },
      h("span", { class: "n" }, `${e.n}.`), " ",
      h("span", { class: `who seat${e.seat}` }, seatName(body.seats, e.seat, me, lang)), ": ",
      h("span", { class: "what" }, e.text), lang === "en" ? [" ", h("code", {}, e.move)] : null,
      effects ? h("span", { class: "effects" }, ` (${effects})`) : null);
    return [...(departures.get(e.n) || []), item];
  });
  // who left before the first move shown (or before any move): at the log's start
  const first = body.log.length ? body.log[0].n - 1 : 0;
  for (const [n, lines] of departures) if (n <= first) items.push(...lines);
  // a scrolling list: focusable so that keyboard users can scroll it too
  return h("ol", { class: "log", reversed: "reversed", "aria-label": t("log", lang), tabindex: "0" }, ...items);
}

/** The log's lines saying who left a seat, by the number of moves made by then (the line stands after
 * that move): "Ann left the game; greedy plays the seat from here."  @param {any} body @param {string} lang
 * @returns {Map<number, Element[]>} */
function departuresByMove(body, lang) {
  /** @type {Map<number, Element[]>} */
  const out = new Map();
  for (const s of body.seats || []) {
    if (!s.left || s.left.move === null || s.left.move === undefined) continue;
    const timeout = s.left.why === "ran out of time";
    const key = s.kind === "human" ? (timeout ? "log_timeout_end" : "log_left_end") : (timeout ? "log_timeout" : "log_left");
    const [before, after] = t(key, lang, { name: "\u0000", level: s.level || s.kind }).split("\u0000");
    const line = h("li", { class: "departure", "data-left": s.seat }, before, h("span", { class: `who seat${s.seat}` }, s.left.name), after);
    out.set(s.left.move, [...(out.get(s.left.move) || []), line]);
  }
  return out;
}

/** The end of a game: who won, why it ended, the final scores.
 * @param {any} body @param {string} lang @param {number | null} me @param {string} reason */
export function finalCard(body, lang, me, reason) {
  return h("div", { class: "final" },
    h("h2", { id: "final-title" }, statusLine(body, lang, me)),
    reason ? h("p", { class: "end-reason" }, reason) : null,
    scoreTable(body, lang, me));
}
