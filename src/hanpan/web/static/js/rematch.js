// A rematch asked for after a table's game, on the page of every player of that game at once (it comes
// with the game's pushed body, `body.rematch`): who asks, with Accept and Decline; then who accepted,
// declined or withdrew it.  Accepting sits you at the rematch's table (whose page opens its game once
// every seat is taken).

import { api, t } from "./common.js";
import { h } from "./ui.js";

export class RematchOffer {
  /** @param {string} lang */
  constructor(lang) {
    this.lang = lang;
    this.box = /** @type {HTMLElement} */ (h("section", { id: "rematch-offer", class: "rematch-offer", "aria-live": "polite",
      "aria-label": t("rematch", lang), hidden: "hidden" }));
    this.shown = "";
    this.error = "";
    /** @type {any} the body shown last */
    this.body = null;
  }

  /** Show the body's rematch (only a seated player of a table's game sees one). @param {any} body */
  update(body) {
    this.body = body;
    const r = body && body.table && body.seat !== null ? body.rematch : null;
    const key = JSON.stringify([r, body ? body.seat : null, this.error]);
    if (key === this.shown) return;
    this.shown = key;
    if (!r) {
      this.box.hidden = true;
      this.box.replaceChildren();
      return;
    }
    const lang = this.lang;
    const me = body.seat;
    const tableLink = () => h("a", { href: `/table/${encodeURIComponent(r.table)}`, class: "button", id: "rematch-table" }, t("rematch_open_table", lang));
    /** @type {any[]} */
    let parts;
    if (r.status === "open" && r.accepted.includes(me)) {
      parts = [h("p", {}, t("rematch_waiting", lang)), h("p", { class: "rematch-actions" }, tableLink())];
    } else if (r.status === "open") {
      parts = [h("p", {}, h("b", {}, t("rematch_asked", lang, { name: r.by.name || "?" }))),
        h("p", { class: "rematch-actions" },
          h("button", { type: "button", id: "rematch-accept", class: "primary", onclick: () => this.answer(true) }, t("rematch_accept", lang)), " ",
          h("button", { type: "button", id: "rematch-decline", onclick: () => this.answer(false) }, t("rematch_decline", lang)))];
    } else if (r.status === "abandoned" && r.declined.some((/** @type {any} */ d) => d.seat === me)) {
      parts = [h("p", {}, t("rematch_you_declined", lang))];
    } else if (r.status === "abandoned" && r.declined.length) {
      parts = [h("p", {}, t("rematch_declined", lang, { names: r.declined.map((/** @type {any} */ d) => d.name).join(", ") }))];
    } else if (r.status === "abandoned") {
      parts = [h("p", {}, t("rematch_withdrawn", lang, { name: r.by.name || "?" }))];
    } else {
      parts = [h("p", {}, t("rematch_started", lang)), h("p", { class: "rematch-actions" }, tableLink())];
    }
    this.box.replaceChildren(...parts, this.error ? h("p", { class: "error", role: "alert" }, this.error) : "");
    this.box.dataset.status = r.status;
    this.box.hidden = false;
  }

  /** Accept (sit at the rematch's table, then go there) or decline (the push says it to everyone). @param {boolean} yes */
  async answer(yes) {
    const body = this.body;
    if (!body || !body.table) return;
    this.error = "";
    try {
      const table = await api(`/api/tables/${encodeURIComponent(body.table)}/rematch${yes ? "" : "/decline"}`, { method: "POST", body: {} });
      if (yes) location.assign(`/table/${encodeURIComponent(table.id)}`);
    } catch (e) {
      this.error = /** @type {Error} */ (e).message;
      this.update(body);
    }
  }
}
