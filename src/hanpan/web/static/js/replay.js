// The replay page: step through a finished game (or any record file) with the board drawn at each move.
// A stored game's page also offers its analysis (analysis.js): with a review shown, the board can show each
// decision as its seat faced it, the move played and the level's move drawn side by side (ui.js `shown`).
// `?move=N` opens the page at a move (the review's shared link says it).

import { api, currentLang, header, seatName, t } from "./common.js";
import { Analysis } from "./analysis.js";
import { loadBoard } from "./board.js";
import { logList, scoreTable } from "./panels.js";
import { h, icon, makeUi, recentMoves } from "./ui.js";

const lang = currentLang();
document.documentElement.lang = lang;
const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
const asked = new URLSearchParams(location.search);
/** @type {any} */
let record = null;
let step = Math.max(0, Number(asked.get("move")) || 0);
let total = 0;
/** @type {number | null} */
let seat = null;
/** @type {any} */
let body = null;
/** @type {any} the step's decision as its seat faced it (the body before the move, with its choices), or null */
let choice = null;
/** each load's number: an answer to an older one is dropped */
let loads = 0;

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
const errorBox = h("p", { class: "error", role: "alert" });
const boardBox = h("div", { id: "board" });
const sideBox = h("aside", { id: "side" });
const stepLabel = h("span", { id: "step", "aria-live": "polite" });
const stepText = h("p", { id: "step-text", class: "step-text" });
const slider = /** @type {HTMLInputElement} */ (h("input", { type: "range", id: "slider", min: 0, max: 0, value: 0, "aria-label": t("step_slider", lang) }));
const seatSelect = /** @type {HTMLSelectElement} */ (h("select", { id: "see-as", "aria-label": t("see_as", lang) }));

const analysis = gameId ? new Analysis({ gameId, lang, go, changed: () => load(),
  seatName: (/** @type {number} */ s) => (body ? seatName(body.seats, s, null, lang) : t("player", lang, { n: s + 1 })) }) : null;
const choiceCaption = /** @type {HTMLElement} */ (h("p", { class: "choice-caption", id: "choice-caption", hidden: "hidden" }));

async function load() {
  errorBox.textContent = "";
  const mine = ++loads;
  const decision = analysis && step > 0 ? analysis.decision(step) : null;
  let next;
  let before = null;
  try {
    next = gameId
      ? await api(`/api/games/${encodeURIComponent(gameId)}/replay?move=${step}&lang=${lang}${seat === null ? "" : `&seat=${seat}`}`)
      : await api("/api/replay", { method: "POST", body: { record, move: step, seat, lang } });
    if (decision) {  // the position its seat chose from, with its choices in words
      before = await api(`/api/games/${encodeURIComponent(gameId)}/replay?move=${step - 1}&seat=${decision.seat}&choices=true&lang=${lang}`);
    }
  } catch (e) {
    errorBox.textContent = /** @type {Error} */ (e).message;
    return;
  }
  if (mine !== loads) return;  // a newer step was asked for meanwhile
  body = next;
  choice = before;
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
  const named = (/** @type {number} */ s) => seatName(body.seats, s, null, lang);
  stepText.textContent = recent.length ? `${named(recent[0].seat)}: ${recent[0].text}` : "";
  if (decision && choice && analysis && analysis.showChoice && decision.legal > 1) {
    // the decision as its seat faced it: the move played and the level's move, drawn side by side
    const better = decision.choice !== decision.played ? decision.choice : null;
    const ui = makeUi({ lang, catalog: parts.catalog, body: choice, chooser: null, onToken: () => {}, seatName: named,
      shown: { played: decision.played, better } });
    boardBox.replaceChildren(parts.board.draw(choice, ui));
    const level = analysis.levelSelect.selectedOptions[0] ? analysis.levelSelect.selectedOptions[0].textContent || "" : "";
    choiceCaption.replaceChildren(t("choice_caption", lang, { n: step, name: named(decision.seat) }), " ",
      h("span", { class: "key" }, h("span", { class: "swatch played", "aria-hidden": "true" }), ` ${t("legend_played", lang)}`),
      better ? h("span", { class: "key" }, h("span", { class: "swatch better", "aria-hidden": "true" }), ` ${t("legend_better", lang, { level })}`) : "");
    choiceCaption.hidden = false;
    stepText.textContent = "";  // the analysis says what was played, and what the level would have
  } else {
    const ui = makeUi({ lang, catalog: parts.catalog, body, chooser: null, onToken: () => {}, seatName: named, recent });
    boardBox.replaceChildren(parts.board.draw(body, ui));
    choiceCaption.hidden = true;
  }
  const log = logList(body, lang, null);
  if (analysis) {
    analysis.decorate(log);
    analysis.draw(step, total, choice);
    const url = new URL(location.href);
    url.searchParams.set("move", String(step));
    history.replaceState(null, "", url);
  }
  sideBox.replaceChildren(scoreTable(body, lang, null), h("h2", {}, t("log", lang)), log);
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
  h("section", { class: "table" }, ...extras, controls, analysis ? analysis.panel : "", stepText, errorBox, choiceCaption, boardBox), sideBox));
if (gameId) {
  load();
  if (analysis) analysis.fetch(asked.get("level") || undefined);
}
