// The game page's hint (POST /api/games/{id}/hint): where no other person plays (solo, or only computer
// seats besides yours), on your turn, the level's best move and the next best with their estimates, shown
// in the pinned bar; the best move's pieces are lit on the board (ui.js `hinted`) and in the choices.
// A game with a hint says so in its record and is never rated.

import { api, levelTitle, meta, t } from "./common.js";
import { estimateText } from "./analysis.js";
import { h } from "./ui.js";

export class Hints {
  /**
   * @param {{gameId: string, lang: string, token: () => string | null, play: (move: string) => void,
   *          changed: () => void}} o
   */
  constructor(o) {
    this.o = o;
    /** @type {any} the newest answer */
    this.answer = null;
    this.asking = false;
    this.error = "";
    this.box = /** @type {HTMLElement} */ (h("div", { id: "hint-box", class: "hint-box", "aria-live": "polite", hidden: "hidden" }));
  }

  /** Whether a hint may be asked in this game: a seat of yours and no other person's seat. @param {any} body */
  allowed(body) {
    return !!body && body.seat !== null && body.status === "playing"
      && body.seats.every((/** @type {any} */ s) => s.seat === body.seat || s.kind !== "human");
  }

  /** The answer for the position shown, if any. @param {any} body */
  current(body) {
    return this.answer && body && this.answer.move_number === body.move_number && this.answer.seat === body.seat ? this.answer : null;
  }

  /** The best move of the hint for the position shown (the board lights its pieces), or null. @param {any} body */
  best(body) {
    const answer = this.current(body);
    return answer ? answer.best.move : null;
  }

  /** The Hint button, on your turn where hints are allowed. @param {any} body @param {boolean} mine */
  button(body, mine) {
    if (!mine || !this.allowed(body) || this.current(body)) return null;
    return h("button", { type: "button", id: "hint", disabled: this.asking ? "disabled" : null, title: t("hint_note", this.o.lang),
      onclick: () => this.ask() }, this.asking ? t("hint_thinking", this.o.lang) : t("hint", this.o.lang));
  }

  async ask() {
    const { lang, gameId } = this.o;
    this.asking = true;
    this.error = "";
    this.o.changed();
    try {
      const answer = await api(`/api/games/${encodeURIComponent(gameId)}/hint?lang=${lang}`, { method: "POST", token: this.o.token(), body: {} });
      answer.title = levelTitle(await meta(), answer.level, lang);
      this.answer = answer;
    } catch (e) {
      this.error = /** @type {Error} */ (e).message;
    }
    this.asking = false;
    this.o.changed();
  }

  /** Draw the answer (or the error) in the pinned bar for the position shown. @param {any} body @param {boolean} mine */
  draw(body, mine) {
    const { lang } = this.o;
    const answer = mine ? this.current(body) : null;
    if (!answer && !(mine && this.error)) {
      this.box.hidden = true;
      this.box.replaceChildren();
      return;
    }
    this.box.hidden = false;
    if (!answer) {
      this.box.replaceChildren(h("p", { class: "error" }, this.error));
      return;
    }
    const unit = answer.unit;
    const worth = (/** @type {any} */ e) => (e.value === undefined ? ""
      : ` (${t(unit === "points" ? "hint_points" : "hint_win", lang, { value: estimateText(e, unit) })})`);
    const best = answer.best;
    const rows = [h("p", { class: "hint-line hint-best" }, h("b", {}, `${t("hint_best", lang)}: `), best.text, h("span", { class: "estimate" }, worth(best)), " ",
      h("button", { type: "button", class: "small primary", id: "hint-play", onclick: () => this.o.play(best.move) }, t("hint_play", lang)))];
    if (answer.next_best) {
      rows.push(h("p", { class: "hint-line hint-next" }, h("b", {}, `${t("hint_next", lang)}: `), answer.next_best.text,
        h("span", { class: "estimate" }, worth(answer.next_best))));
      // play-outs are noisy: a next best estimated higher is within the error, and the level searched deeper
      if (best.value !== undefined && Number(answer.next_best.value) > Number(best.value)) rows.push(h("p", { class: "hint-line help" }, t("hint_close", lang)));
    } else if (answer.legal === 1) {
      rows.push(h("p", { class: "hint-line help" }, t("hint_only", lang)));
    }
    this.box.replaceChildren(h("p", { class: "hint-head" }, t("hint_title", lang, { level: answer.title || answer.level }), h("span", { class: "help" }, ` · ${t("hint_note", lang)}`)), ...rows);
  }
}
