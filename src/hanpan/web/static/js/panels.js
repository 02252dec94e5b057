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
  const items = [...body.log].reverse().map((/** @type {any} */ e) => {
    const effects = Object.entries(e.effects || {}).map(([k, v]) => `${Number(v) > 0 ? "+" : ""}${v} ${body.labels[k] || k}`).join(", ");
    return h("li", { "data-n": e.n, title: e.move },
      h("span", { class: "n" }, `${e.n}.`), " ",
      h("span", { class: `who seat${e.seat}` }, seatName(body.seats, e.seat, me, lang)), ": ",
      h("span", { class: "what" }, e.text), lang === "en" ? [" ", h("code", {}, e.move)] : null,
      effects ? h("span", { class: "effects" }, ` (${effects})`) : null);
  });
  // a scrolling list: focusable so that keyboard users can scroll it too
  return h("ol", { class: "log", reversed: "reversed", "aria-label": t("log", lang), tabindex: "0" }, ...items);
}

/** The end of a game: who won, why it ended, the final scores.
 * @param {any} body @param {string} lang @param {number | null} me @param {string} reason */
export function finalCard(body, lang, me, reason) {
  return h("div", { class: "final" },
    h("h2", { id: "final-title" }, statusLine(body, lang, me)),
    reason ? h("p", { class: "end-reason" }, reason) : null,
    scoreTable(body, lang, me));
}
