// A table's chat, on the table's page while it fills and in its game's side bar: the messages as text
// (never HTML), a form for the table's players (spectators read), and a Report button on another player's
// message (POST /api/tables/{id}/chat/{message}/report).  A player an admin muted reads why and until when
// in place of the form.

import { api, t, whoami } from "./common.js";
import { when } from "./errors.js";
import { h } from "./ui.js";

export class Chat {
  /** @param {string} lang */
  constructor(lang) {
    this.lang = lang;
    this.tableId = "";
    this.shown = "";
    /** @type {Set<number>} the messages this page reported */
    this.reported = new Set();
    /** called once a message is taken (a page that polls asks again at once) */
    this.onSent = () => {};
    this.list = h("ol", { class: "chat-list", id: "chat-list", "aria-label": t("chat", lang), tabindex: "0" });
    this.error = h("p", { class: "error", role: "alert", id: "chat-error" });
    this.input = /** @type {HTMLInputElement} */ (h("input", { id: "chat-input", maxlength: 300, autocomplete: "off",
      "aria-label": t("chat_input", lang), placeholder: t("chat_placeholder", lang) }));
    this.form = h("form", { class: "chat-form", onsubmit: (/** @type {Event} */ e) => this.send(e) },
      this.input, h("button", { type: "submit", id: "chat-send" }, t("send", lang)));
    this.muted = h("p", { class: "help" }, t("chat_muted", lang));
    /** a player muted by an admin: why and until when, instead of the form */
    this.mutedByAdmin = h("p", { class: "notice bad", id: "chat-muted" });
    /** @type {import("./common.js").Sanction | null} */
    this.mute = null;
    whoami().then(({ muted }) => {
      if (!muted) return;
      this.mute = muted;
      this.mutedByAdmin.textContent = t("chat_muted_until", lang, { until: muted.until ? when(muted.until, lang) : "—", reason: muted.reason });
      if (this.formSlot.firstChild === this.form) this.formSlot.replaceChildren(this.mutedByAdmin);
    });
    this.formSlot = h("div", {});
    this.panel = /** @type {HTMLElement} */ (h("section", { class: "chat", "aria-labelledby": "chat-title" },
      h("h2", { id: "chat-title" }, t("chat", lang)), this.list, this.formSlot, this.error));
  }

  /**
   * Show the table's messages (only when they changed: what is typed stays).
   * @param {string} tableId @param {any[]} chat @param {boolean} writes whether this viewer is one of its players
   * @param {string | null} myName the viewer's name (their own messages have no Report button)
   */
  show(tableId, chat, writes, myName) {
    this.tableId = tableId;
    const form = !writes ? this.muted : this.mute ? this.mutedByAdmin : this.form;
    if (this.formSlot.firstChild !== form) this.formSlot.replaceChildren(form);
    const key = JSON.stringify([chat.map((m) => m.id), writes, myName, [...this.reported]]);
    if (key === this.shown) return;
    this.shown = key;
    this.list.replaceChildren(...(chat.length ? chat.map((m) => this.line(m, writes && m.name !== myName))
      : [h("li", { class: "help" }, t("chat_empty", this.lang))]));
    this.list.scrollTop = this.list.scrollHeight;
  }

  /** @param {any} m @param {boolean} reportable */
  line(m, reportable) {
    const lang = this.lang;
    let tail = null;
    if (this.reported.has(m.id)) tail = h("span", { class: "help chat-reported" }, ` — ${t("chat_reported", lang)}`);
    else if (reportable) {
      tail = h("button", { type: "button", class: "small chat-report", "aria-label": t("chat_report_label", lang, { name: m.name }),
        onclick: () => this.report(m) }, t("chat_report", lang));
    }
    return h("li", { "data-id": m.id }, h("b", {}, m.name), ": ", m.text, tail ? " " : null, tail);
  }

  /** @param {Event} event */
  async send(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    this.error.textContent = "";
    try {
      await api(`/api/tables/${encodeURIComponent(this.tableId)}/chat`, { method: "POST", body: { text } });
      this.input.value = "";
      this.onSent();
    } catch (e) {
      this.error.textContent = /** @type {Error} */ (e).message;
    }
  }

  /** @param {any} m */
  async report(m) {
    if (!window.confirm(t("chat_report_confirm", this.lang, { name: m.name }))) return;
    this.error.textContent = "";
    try {
      await api(`/api/tables/${encodeURIComponent(this.tableId)}/chat/${m.id}/report`, { method: "POST", body: { reason: "" } });
      this.reported.add(m.id);
      const li = this.list.querySelector(`li[data-id="${m.id}"]`);
      if (li) li.replaceWith(this.line(m, false));
    } catch (e) {
      this.error.textContent = /** @type {Error} */ (e).message;
    }
  }
}
