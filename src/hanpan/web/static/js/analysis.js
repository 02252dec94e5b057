// The replay page's analysis (a finished game's review, docs/analysis.md): "Analyse" with a level, the
// progress while the server judges the decisions, then the evaluation graph, each seat's accuracy, the
// marks in the log and, for the move shown, the move played beside the level's (in words here, drawn on the
// board by replay.js).  A stored review is shown at once to anyone with the replay's link.

import { api, copyButton, t } from "./common.js";
import { MARK_SIGNS, evaluationGraph, graphKey, valueOf } from "./graph.js";
import { h } from "./ui.js";
import { errorText } from "./errors.js";

/** @param {number} v @param {string} unit */
function valueText(v, unit) {
  return unit === "points" ? v.toFixed(1) : `${Math.round(v * 100)}%`;
}

/** "54% ± 6" / "41.5 ± 1.2": an estimate with its standard error. @param {any} c @param {string} unit */
export function estimateText(c, unit) {
  const se = Number(c.se);
  const error = Number.isFinite(se) ? (unit === "points" ? se.toFixed(1) : String(Math.round(se * 100))) : "?";
  return `${valueText(Number(c.value), unit)} ± ${error}`;
}

export class Analysis {
  /**
   * @param {{gameId: string, lang: string, go: (n: number) => void, changed: () => void,
   *          seatName: (seat: number) => string}} o
   */
  constructor(o) {
    this.o = o;
    /** @type {any} the review shown, or null */
    this.review = null;
    /** @type {Map<number, any>} decision number -> the decision */
    this.byNumber = new Map();
    /** @type {any} the server's last answer */
    this.state = null;
    this.total = 0;
    this.step = 0;
    /** @type {number | null} */
    this.timer = null;
    /** the level of the review drawn ("" for none) */
    this.shown = "-";
    const { lang } = o;
    this.levelSelect = /** @type {HTMLSelectElement} */ (h("select", { id: "analysis-level", "aria-label": t("analysis_level", lang) }));
    this.levelSelect.addEventListener("change", () => this.fetch(this.levelSelect.value));
    this.button = /** @type {HTMLButtonElement} */ (h("button", { type: "button", id: "analyse", class: "primary", onclick: () => this.start() }, t("analyse", lang)));
    this.progress = h("div", { class: "analysis-progress", id: "analysis-progress", role: "status", "aria-live": "polite" });
    this.error = h("p", { class: "error", role: "alert", id: "analysis-error" });
    this.body = h("div", { class: "analysis-body", id: "analysis-body" });
    this.choiceBox = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "show-choice", checked: "checked" }));
    this.choiceBox.addEventListener("change", () => o.changed());
    this.tools = h("span", { class: "analysis-tools" });
    this.panel = h("section", { class: "analysis panel", id: "analysis", "aria-labelledby": "analysis-title" },
      h("div", { class: "analysis-head" }, h("h2", { id: "analysis-title" }, t("analysis", lang)),
        h("label", { class: "analysis-choose" }, `${t("analysis_level", lang)} `, this.levelSelect), this.button, this.tools),
      this.progress, this.error, this.body);
  }

  /** Whether the board shows the decision (the position before the move, as its seat saw it). */
  get showChoice() {
    return !!this.review && this.choiceBox.checked;
  }

  /** The reviewed decision that made move `n` (1 = the first), if any. @param {number} n */
  decision(n) {
    return this.byNumber.get(n) || null;
  }

  /** Ask the server (at the page's start: the stored review, if any). @param {string} [level] */
  async fetch(level) {
    const query = level ? `?level=${encodeURIComponent(level)}` : "";
    try {
      this.show(await api(`/api/games/${encodeURIComponent(this.o.gameId)}/analysis${query}`));
    } catch (e) {
      this.error.textContent = /** @type {Error} */ (e).message;
    }
  }

  async start() {
    this.error.textContent = "";
    this.button.disabled = true;
    try {
      this.show(await api(`/api/games/${encodeURIComponent(this.o.gameId)}/analysis`,
        { method: "POST", body: { level: this.levelSelect.value } }));
    } catch (e) {
      this.error.textContent = /** @type {Error} */ (e).message;
      this.button.disabled = false;
    }
  }

  /** @param {any} answer the server's: status, progress, or the review */
  show(answer) {
    const { lang } = this.o;
    this.state = answer;
    if (this.levelSelect.options.length === 0) {
      for (const level of answer.levels) {
        this.levelSelect.append(h("option", { value: level.name }, lang === "ko" ? level.title_ko : level.title_en));
      }
    }
    this.levelSelect.value = answer.level;
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = null;
    this.button.hidden = answer.status === "done" || answer.status === "running" || !answer.available;
    this.button.disabled = false;
    this.progress.replaceChildren();
    if (!answer.available && answer.status !== "done") this.progress.append(h("p", { class: "help" }, t("analysis_off", lang)));
    if (answer.status === "running") {
      const bar = h("progress", { id: "analysis-bar", max: answer.total || 1, value: answer.total ? answer.done : null,
        "aria-label": t("analysis", lang) });
      const words = answer.total ? t("analysing", lang, { done: answer.done, total: answer.total }) : t("analysis_queued", lang);
      this.progress.append(bar, " ", h("span", {}, words));
      this.timer = window.setTimeout(() => this.fetch(answer.level), 1000);
    } else if (answer.status === "failed") {
      // the failure's detail is the server's English line: a Korean page says it as an internal error
      this.error.textContent = lang === "en" ? t("analysis_failed", lang, { detail: answer.detail })
        : `${t("analysis_failed", lang, { detail: "" }).replace(/[:\s]+$/, ".")} ${errorText({ code: "internal" }, lang)}`;
    }
    const key = answer.status === "done" ? answer.level : "";
    if (key === this.shown) return;  // the same review (or none still): nothing to draw again
    this.shown = key;
    this.review = answer.status === "done" ? answer.review : null;
    this.byNumber = new Map((this.review ? this.review.decisions : []).map((/** @type {any} */ d) => [d.number, d]));
    if (!this.review) {
      this.body.replaceChildren(answer.status === "none" ? h("p", { class: "help" }, t("analysis_help", lang)) : "");
      this.tools.replaceChildren();
    }
    this.o.changed();
  }

  /** Draw the graph, the summary and the shown move's judgement (each step).
   * @param {number} step @param {number} total @param {any} choice the body before the move (its hints), or null */
  draw(step, total, choice) {
    this.step = step;
    this.total = total;
    const review = this.review;
    if (!review) return;
    const { lang } = this.o;
    const level = this.levelSelect.selectedOptions[0] ? this.levelSelect.selectedOptions[0].textContent || review.level : review.level;
    const solo = review.unit === "points";
    const graph = evaluationGraph({
      review, total, step, width: this.panel.clientWidth - 30, seatName: this.o.seatName, go: this.o.go, levelLabel: level,
      label: t(solo ? "graph_points" : "graph_win", lang),
      markWord: (m) => t(`mark_${m}`, lang),
      pointLabel: (d, value) => `${t("move_n", lang, { n: d.number })}, ${this.o.seatName(d.seat)}: ${t(`mark_${d.mark}`, lang)} (${valueText(value, review.unit)})`,
    });
    const link = `${location.origin}/replay/${encodeURIComponent(this.o.gameId)}?move=${step}${review.level !== this.state.default_level ? `&level=${review.level}` : ""}`;
    this.body.replaceChildren(
      h("div", { class: "graph-wrap" }, graph,
        h("p", { class: "graph-foot" }, graphKey(review, this.o.seatName, t("level_move", lang, { level }), t("played_move", lang)),
          h("span", { class: "help" }, t("graph_click", lang)))),
      this.verdict(step, choice, level),
      this.summary());
    this.tools.replaceChildren(
      h("label", { class: "show-choice" }, this.choiceBox, " ", t("show_choice", lang)),
      copyButton(link, t("copy_review_link", lang), lang),
      h("span", { class: "help" }, review.decisions.some((/** @type {any} */ d) => d.method === "plans")
        ? t("plans_note", lang) : t("samples_note", lang, { samples: review.budget.samples })));
  }

  /** Each seat's accuracy and its marks. */
  summary() {
    const { lang } = this.o;
    const review = this.review;
    const marks = Object.keys(MARK_SIGNS);
    const head = h("tr", {}, h("th", { scope: "col" }, t("seat_col", lang)), h("th", { scope: "col" }, t("accuracy", lang)),
      h("th", { scope: "col" }, t("mean_loss_points", lang)),
      ...marks.map((m) => h("th", { scope: "col" }, h("span", { class: `mark mark-${m}`, "aria-hidden": "true" }, MARK_SIGNS[m]), " ", t(`marks_${m}`, lang))));
    const rows = review.summaries.map((/** @type {any} */ s) => h("tr", {},
      h("th", { scope: "row" }, this.o.seatName(s.seat)),
      h("td", { class: "accuracy" }, s.accuracy === null ? "–" : `${Math.round(s.accuracy)}%`),
      h("td", { class: "points-loss" }, s.mean_points_loss === null || s.mean_points_loss === undefined ? "–" : s.mean_points_loss.toFixed(1)),
      ...marks.map((m) => h("td", {}, String(s.marks[m] || 0)))));
    return h("table", { class: "accuracy-table", id: "accuracy" }, h("thead", {}, head), h("tbody", {}, ...rows));
  }

  /** The shown move's judgement: the move played, its mark, and the level's move with their estimates.
   * @param {number} step @param {any} choice @param {string} level */
  verdict(step, choice, level) {
    const { lang } = this.o;
    const d = this.decision(step);
    const box = h("div", { class: "verdict", id: "verdict", "aria-live": "polite" });
    if (!d) {
      box.append(h("p", { class: "help" }, step === 0 ? t("verdict_start", lang) : t("verdict_none", lang)));
      return box;
    }
    const unit = this.review.unit;
    const text = (/** @type {string} */ move) => (choice && choice.hints && choice.hints[move]) || move;
    const head = h("p", { class: "verdict-head" }, h("b", {}, `${t("move_n", lang, { n: d.number })} · ${this.o.seatName(d.seat)}`), " ",
      d.mark ? markBadge(d.mark, lang, true) : "");
    box.append(head);
    if (d.legal === 1) {
      box.append(h("p", {}, h("span", { class: "swatch played", "aria-hidden": "true" }), " ", text(String(d.played)), " — ", t("only_move", lang)));
      return box;
    }
    const played = valueOf(d);
    const best = valueOf(d, d.choice);
    box.append(h("p", { class: "verdict-played" }, h("span", { class: "swatch played", "aria-hidden": "true" }), " ",
      h("b", {}, `${t("played_move", lang)}: `), text(String(d.played)),
      played !== null ? h("span", { class: "estimate" }, ` (${estimateText(d.candidates.find((/** @type {any} */ c) => c.move === d.played), unit)})`) : ""));
    if (d.choice === d.played) {
      box.append(h("p", { class: "verdict-better" }, t("same_as_level", lang, { level })));
    } else {
      box.append(h("p", { class: "verdict-better" }, h("span", { class: "swatch better", "aria-hidden": "true" }), " ",
        h("b", {}, `${t("level_move", lang, { level })}: `), text(d.choice),
        best !== null ? h("span", { class: "estimate" }, ` (${estimateText(d.candidates.find((/** @type {any} */ c) => c.move === d.choice), unit)})`) : ""));
      if (d.loss !== null && (d.loss > 0 || (d.margin_loss || 0) > 0)) {
        const exact = d.method === "plans";
        const lost = unit === "points"
          ? t(exact ? "lost_points_exact" : "lost_points", lang, { n: d.loss.toFixed(1), se: Number(d.loss_se).toFixed(1) })
          : exact ? t("lost_win_points", lang, { n: Math.round(d.loss * 100), points: Number(d.margin_loss).toFixed(1) })
            : t("lost_win", lang, { n: Math.round(d.loss * 100), se: Math.round(Number(d.loss_se) * 100) });
        box.append(h("p", { class: "help" }, lost));
      }
    }
    return box;
  }

  /** Put each reviewed move's mark beside it in the log (`ol.log li[data-n]`). @param {Element} log */
  decorate(log) {
    if (!this.review) return;
    for (const li of log.querySelectorAll("li[data-n]")) {
      const d = this.decision(Number(li.getAttribute("data-n")));
      if (d && d.mark in MARK_SIGNS) li.append(" ", markBadge(d.mark, this.o.lang));
    }
  }
}

/** "?!" with its word (shown when `words`, else for screen readers and as a tooltip).
 * @param {string} mark @param {string} lang @param {boolean} [words] */
export function markBadge(mark, lang, words = false) {
  const word = t(`mark_${mark}`, lang);
  const sign = MARK_SIGNS[mark] || "";
  return h("span", { class: `mark mark-${mark}`, title: word }, sign,
    h("span", { class: words || !sign ? "mark-word" : "visually-hidden" }, sign ? ` ${word}` : word));
}
