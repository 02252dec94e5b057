// The replay page: step through a finished game (or any record file) with the board drawn at each move.

import { api, currentLang, header, seatName, t } from "./common.js";
import { loadBoard } from "./board.js";
import { logList, scoreTable } from "./panels.js";
import { h, icon, makeUi, recentMoves } from "./ui.js";

const lang = currentLang();
document.documentElement.lang = lang;
const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
/** @type {any} */
let record = null;
let step = 0;
let total = 0;
/** @type {number | null} */
let seat = null;
/** @type {any} */
let body = null;

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
const errorBox = h("p", { class: "error", role: "alert" });
const boardBox = h("div", { id: "board" });
const sideBox = h("aside", { id: "side" });
const stepLabel = h("span", { id: "step", "aria-live": "polite" });
const stepText = h("p", { id: "step-text", class: "step-text" });
const slider = /** @type {HTMLInputElement} */ (h("input", { type: "range", id: "slider", min: 0, max: 0, value: 0, "aria-label": t("step_slider", lang) }));
const seatSelect = /** @type {HTMLSelectElement} */ (h("select", { id: "see-as", "aria-label": t("see_as", lang) }));

async function load() {
  errorBox.textContent = "";
  try {
    body = gameId
      ? await api(`/api/games/${encodeURIComponent(gameId)}/replay?move=${step}&lang=${lang}${seat === null ? "" : `&seat=${seat}`}`)
      : await api("/api/replay", { method: "POST", body: { record, move: step, seat, lang } });
  } catch (e) {
    errorBox.textContent = /** @type {Error} */ (e).message;
    return;
  }
  total = body.total_moves;
  const parts = await loadBoard(body.game);
  if (seatSelect.options.length === 0) {
    seatSelect.append(h("option", { value: "" }, t("table", lang)),
      ...body.seats.map((/** @type {any} */ s) => h("option", { value: s.seat }, seatName(body.seats, s.seat, null, lang))));
  }
  slider.max = String(total);
  slider.value = String(step);
  stepLabel.textContent = t("step", lang, { n: step, total });
  // the step's decision is marked on the board, as a game marks the other seats' last turn
  const recent = recentMoves(body.log, null, false);
  const ui = makeUi({ lang, catalog: parts.catalog, body, chooser: null, onToken: () => {}, seatName: (/** @type {number} */ s) => seatName(body.seats, s, null, lang), recent });
  boardBox.replaceChildren(parts.board.draw(body, ui));
  stepText.textContent = recent.length ? `${seatName(body.seats, recent[0].seat, null, lang)}: ${recent[0].text}` : "";
  sideBox.replaceChildren(scoreTable(body, lang, null), h("h2", {}, t("log", lang)), logList(body, lang, null));
}

/** @param {number} to */
function go(to) {
  step = Math.max(0, Math.min(total, to));
  load();
}

seatSelect.addEventListener("change", () => {
  seat = seatSelect.value === "" ? null : Number(seatSelect.value);
  load();
});
slider.addEventListener("input", () => go(Number(slider.value)));
document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
  if (event.key === "ArrowRight") go(step + 1);
  else if (event.key === "ArrowLeft") go(step - 1);
  else if (event.key === "Home") go(0);
  else if (event.key === "End") go(total);
  else return;
  event.preventDefault();
});

const controls = h("div", { class: "replay-controls" },
  h("button", { type: "button", id: "first", onclick: () => go(0) }, icon("first"), ` ${t("first", lang)}`),
  h("button", { type: "button", id: "prev", onclick: () => go(step - 1) }, icon("prev"), ` ${t("prev", lang)}`),
  h("button", { type: "button", id: "next", onclick: () => go(step + 1) }, `${t("next", lang)} `, icon("next")),
  h("button", { type: "button", id: "last", onclick: () => go(total) }, `${t("last", lang)} `, icon("last")),
  slider, stepLabel, h("label", {}, ` ${t("see_as", lang)} `, seatSelect));

const extras = [];
if (gameId) {
  extras.push(h("a", { href: `/api/games/${encodeURIComponent(gameId)}/record`, download: `hanpan-${gameId}.json` }, t("download", lang)));
} else {
  const file = /** @type {HTMLInputElement} */ (h("input", { type: "file", id: "record-file", accept: ".json,application/json" }));
  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    try {
      record = JSON.parse(await chosen.text());
    } catch {
      errorBox.textContent = t("not_json", lang);
      return;
    }
    step = 0;
    seatSelect.replaceChildren();
    load();
  });
  extras.push(h("label", { class: "field" }, h("span", {}, t("open_record", lang)), file));
}

root.replaceChildren(header(lang), h("main", { class: "game replay" },
  h("section", { class: "table" }, ...extras, controls, stepText, errorBox, boardBox), sideBox));
if (gameId) load();
