// The panels every game page shows beside its board: scores, the log and the status line.

import { seatName, t } from "./common.js";
import { h } from "./ui.js";

/** @param {any} body @param {string} lang */
export function statusLine(body, lang) {
  const name = (/** @type {number} */ s) => seatName(body.seats, s, body.seat, lang);
  if (body.status === "finished") {
    const names = body.winners.map(name).join(", ");
    return `${t("game_over", lang)} — ${t(body.winners.length === 1 ? "winner" : "winners", lang, { names })}`;
  }
  if (body.status === "unfinished") return t("unfinished", lang);
  const mover = body.current_player;
  if (body.seat !== null && mover === body.seat) return t("your_turn", lang);
  if (body.thinking && mover !== null && body.seats[mover].kind !== "human") return t("thinking", lang, { name: name(mover) });
  const waiting = t("waiting", lang, { name: name(mover) });
  return body.seat === null ? `${t("spectating", lang)} · ${waiting}` : waiting;
}

/** Points per category (rows) and seat (columns). @param {any} body @param {string} lang */
export function scoreTable(body, lang) {
  const categories = Object.keys(body.scores[0] || {}).filter((k) => k !== "total" && typeof body.scores[0][k] === "number");
  const head = h("tr", {}, h("th", {}, t("score", lang)),
    ...body.seats.map((/** @type {any} */ s) => h("th", { class: body.current_player === s.seat ? "to-move" : null }, seatName(body.seats, s.seat, body.seat, lang))));
  const rows = categories.map((k) => h("tr", {}, h("th", { scope: "row" }, body.labels[k] || k),
    ...body.scores.map((/** @type {any} */ card) => h("td", {}, String(card[k])))));
  const total = h("tr", { class: "total" }, h("th", { scope: "row" }, t("total", lang)),
    ...body.scores.map((/** @type {any} */ card, /** @type {number} */ i) => h("td", { class: body.winners.includes(i) ? "winner" : null }, String(card.total))));
  return h("table", { class: "scores" }, h("thead", {}, head), h("tbody", {}, ...rows, total));
}

/** The moves so far, newest first, in words with the points they changed. @param {any} body @param {string} lang */
export function logList(body, lang) {
  const items = [...body.log].reverse().map((/** @type {any} */ e) => {
    const effects = Object.entries(e.effects || {}).map(([k, v]) => `${Number(v) > 0 ? "+" : ""}${v} ${body.labels[k] || k}`).join(", ");
    return h("li", { "data-n": e.n },
      h("span", { class: "n" }, `${e.n}.`), " ",
      h("span", { class: `who seat${e.seat}` }, seatName(body.seats, e.seat, body.seat, lang)), ": ",
      h("span", { class: "what" }, e.text), " ", h("code", {}, e.move),
      effects ? h("span", { class: "effects" }, ` (${effects})`) : null);
  });
  return h("ol", { class: "log", reversed: "reversed" }, ...items);
}
