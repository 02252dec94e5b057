// The link at the foot of every notification mail (/unsubscribe?p=PLAYER&t=TOKEN): what it does, and a
// button that does it (no login needed: the link's token is the key); opening the link alone changes nothing.

import { api, currentLang, header, t } from "./common.js";
import { h } from "./ui.js";

const lang = currentLang();
document.documentElement.lang = lang;
document.title = `${t("unsub_title", lang)} — hanpan`;
const root = /** @type {HTMLElement} */ (document.getElementById("app"));

function main() {
  const query = new URLSearchParams(location.search);
  const player = query.get("p") || "";
  const token = query.get("t") || "";
  const status = h("p", { id: "unsub-status", class: "state-line", role: "status" });
  const error = h("p", { id: "unsub-error", class: "error", role: "alert" });
  const settings = h("p", {}, h("a", { href: "/settings", id: "unsub-settings" }, t("settings_title", lang)));
  const button = /** @type {HTMLButtonElement} */ (h("button", { type: "button", id: "unsubscribe", class: "primary" }, t("unsub_button", lang)));
  button.addEventListener("click", async () => {
    error.textContent = "";
    button.disabled = true;
    status.textContent = t("unsub_working", lang);
    try {
      await api(`/api/unsubscribe?p=${encodeURIComponent(player)}&t=${encodeURIComponent(token)}`, { method: "POST" });
      status.textContent = t("unsub_done", lang);
      status.className = "state-line state-on";
      status.setAttribute("data-state", "done");
      button.hidden = true;
    } catch (e) {
      status.textContent = "";
      error.textContent = t("unsub_failed", lang, { reason: String(/** @type {Error} */ (e).message || e) });
      button.disabled = false;
    }
  });
  const complete = Boolean(player && token);
  if (!complete) {
    error.textContent = t("unsub_bad_link", lang);
    button.hidden = true;
  }
  root.replaceChildren(header(lang), h("main", { class: "page settings" },
    h("h1", {}, t("unsub_title", lang)),
    h("section", { class: "panel", id: "unsub-panel" },
      h("p", {}, t("unsub_help", lang)),
      h("p", { class: "settings-actions" }, button),
      status, error, settings)));
}

main();
