// What every page shares: the API calls (with the session's CSRF token), who is logged in, the header
// with its account area and language switch, seat names, and the words for tables' paces and options;
// on import, the page's start (the app's manifest in the page's language, the service worker registered).

import { h, icon } from "./ui.js";
import { LANGS, currentLang, saveLang, t } from "./i18n.js";
import { errorText, statusText } from "./errors.js";

export class ApiError extends Error {
  /** @param {number} status @param {string} message @param {{detail?: string, code?: string, params?: any}} [data] */
  constructor(status, message, data = {}) {
    super(message);
    this.status = status;
    /** the server's English line, and the error's code and parameters (errors.js) */
    this.detail = data.detail || message;
    this.code = data.code || null;
    this.params = data.params || {};
  }
}

/**
 * Call the API; a 4xx/5xx answer throws an ApiError whose message is the error in the page's language
 * (its code from the catalogue of errors.js, else the server's one-line detail).
 * @param {string} path @param {{method?: string, body?: any, token?: string | null}} [opts]
 */
export async function api(path, opts = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  const method = opts.method || "GET";
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  if (opts.token) headers["Authorization"] = `Bearer ${opts.token}`;
  else if (method !== "GET") {
    // a change made with the session cookie carries the session's CSRF token
    const { csrf } = await whoami();
    if (csrf) headers["X-CSRF-Token"] = csrf;
  }
  const response = await fetch(path, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const lang = currentLang();
    throw new ApiError(response.status, errorText(data, lang) || statusText(response.status, lang), data);
  }
  return data;
}

/** @typedef {{id: string, name: string, guest: boolean}} Player */

/** @typedef {{kind: string, reason: string, until: string | null, by: string}} Sanction */
/** @typedef {{player: Player | null, csrf: string | null, admin?: boolean, muted?: Sanction | null}} Who */
/** @type {Promise<Who> | null} */
let whoPromise = null;
/** Who is logged in on this page and the CSRF token of their session (asked once per page). */
export function whoami() {
  if (!whoPromise) {
    whoPromise = fetch("/api/account").then((r) => (r.ok ? r.json() : { player: null, csrf: null }))
      .catch(() => ({ player: null, csrf: null }));
  }
  return whoPromise;
}

/** @type {Promise<any> | null} */
let metaPromise = null;
/** The games, their options and the seat kinds (fetched once). */
export function meta() {
  if (!metaPromise) metaPromise = api("/api/meta");
  return metaPromise;
}

/** @param {any} game @param {string} lang */
export function gameName(game, lang) {
  return lang === "ko" ? game.name_ko : game.name_en;
}

/**
 * "Player 2 (greedy)", "Player 1 (you)"; at a lobby table the player's name: "Ann", "Ann (you)"; a seat
 * whose person left says who and who plays it now: "Ann (left) — greedy plays", "Ann (out of time) — …".
 * @param {any[]} seats @param {number} seat @param {number | null} mine @param {string} lang
 */
export function seatName(seats, seat, mine, lang) {
  const info = seats[seat] || { kind: "human" };
  if (info.left) {
    const who = `${info.left.name} (${t(info.left.why === "ran out of time" ? "timeout_tag" : "left_tag", lang)})`;
    return info.kind === "human" ? who : t("seat_left_plays", lang, { who, level: info.level || info.kind });
  }
  const label = info.kind === "human" && info.name ? String(info.name) : t("player", lang, { n: seat + 1 });
  if (seat === mine) return `${label} (${t("you", lang)})`;
  return info.kind === "human" ? label : `${label} (${info.level || info.kind})`;
}

/** A computer level's name in the page's language. @param {any} info the meta @param {string} level @param {string} lang */
export function levelTitle(info, level, lang) {
  for (const game of info.games) {
    for (const levels of Object.values(game.levels)) {
      const found = /** @type {any[]} */ (levels).find((l) => l.name === level);
      if (found) return (lang === "ko" ? found.title_ko : found.title_en) || level;
    }
  }
  return level;
}

/** "1 hour", "3 days": a turn's time limit in words. @param {number} seconds @param {string} lang */
export function durationText(seconds, lang) {
  /** @param {string} one @param {string} many @param {number} n */
  const words = (one, many, n) => (n === 1 ? t(one, lang) : t(many, lang, { n }));
  if (seconds % 86400 === 0) return words("day", "days", seconds / 86400);
  if (seconds % 3600 === 0) return words("hour", "hours", seconds / 3600);
  return words("minute", "minutes", Math.round(seconds / 60));
}

/** A table's pace in words: "real time", "1 day a move, then the computer (greedy) plays".
 * @param {any} pace @param {any} info the meta @param {string} lang */
export function paceText(pace, info, lang) {
  if (!pace || pace.kind !== "turn") return t("realtime", lang);
  const rule = String(pace.on_timeout || "");
  const then = rule.startsWith("level:") ? t("then_level", lang, { level: levelTitle(info, rule.slice(6), lang) }) : t("then_abandon", lang);
  return t("turn_pace", lang, { limit: durationText(Number(pace.limit_s), lang), then });
}

/** A table's options in words: each option of the game with its value (the default when not set).
 * @param {any} game the game's meta @param {Record<string, any>} options @param {string} lang */
export function optionsText(game, options, lang) {
  if (!game) return "";
  const parts = [];
  for (const option of game.options) {
    const value = option.name in (options || {}) ? options[option.name] : option.default;
    if (value === null || value === undefined || value === false) continue;
    const label = (lang === "ko" ? option.label_ko : option.label_en) || option.name;
    parts.push(value === true ? label : `${label}: ${value}`);
  }
  return parts.length ? parts.join(", ") : t("default_options", lang);
}

/** "1578 ± 476". @param {number} rating @param {number | null | undefined} [uncertainty] */
export function ratingText(rating, uncertainty) {
  return uncertainty === null || uncertainty === undefined ? String(rating) : `${rating} ± ${uncertainty}`;
}

/** A link to a player's profile. @param {string} name */
export function profileLink(name) {
  return h("a", { href: `/players/${encodeURIComponent(name)}`, class: "player-link" }, name);
}

/** A button that copies `text` (or shows it to copy by hand), saying `caption` (the `label` itself unless
 * given; then `label` is what screen readers and the tooltip say).
 * @param {string} text @param {string} label @param {string} lang @param {string} [caption] */
export function copyButton(text, label, lang, caption) {
  const button = h("button", { type: "button", class: "small copy", title: label, "aria-label": caption ? label : null },
    icon("copy"), " ", caption || label);
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.replaceChildren(icon("check"), " ", t("copied", lang));
    } catch {
      window.prompt("", text);
    }
  });
  return button;
}

/** The header's account area: your name and log out, or a dialog to log in, register or play as a guest.
 * @param {string} lang */
function accountArea(lang) {
  const box = h("div", { class: "account", id: "account" });
  whoami().then(({ player, admin }) => {
    if (player) {
      const out = h("button", { type: "button", id: "logout", class: "small" }, t("log_out", lang));
      out.addEventListener("click", async () => {
        await api("/api/account/logout", { method: "POST" }).catch(() => null);
        location.reload();
      });
      // the notification settings, beside the name (on a phone the bell alone; its words stay for screen readers)
      const settings = h("a", { href: "/settings", id: "settings-link", class: "settings-link", title: t("settings_title", lang) },
        icon("bell"), h("span", { class: "label" }, t("settings_link", lang)));
      box.replaceChildren(h("a", { href: `/players/${encodeURIComponent(player.name)}`, id: "account-name",
        "aria-label": t("your_profile", lang, { name: player.name }) }, player.name,
      player.guest ? ` (${t("guest", lang)})` : ""), " ", settings, " ", out);
      if (admin) box.prepend(h("a", { href: "/admin", id: "admin-link", class: "admin-link" }, t("admin_link", lang)), " ");
    } else {
      const dialog = loginDialog(lang);
      const open = h("button", { type: "button", id: "account-open", class: "small" }, `${t("log_in", lang)} / ${t("register", lang)}`);
      open.addEventListener("click", () => {
        /** @type {HTMLDialogElement} */ (dialog).showModal();
        /** @type {HTMLElement} */ (dialog.querySelector("#acct-name")).focus();
      });
      box.replaceChildren(open, dialog);
    }
  });
  return box;
}

/** The dialog to log in, register or play as a guest; errors in one line; the page reloads once in.
 * @param {string} lang */
function loginDialog(lang) {
  const name = /** @type {HTMLInputElement} */ (h("input", { id: "acct-name", name: "name", autocomplete: "username", maxlength: 20, required: "required" }));
  const password = /** @type {HTMLInputElement} */ (h("input", { id: "acct-password", name: "password", type: "password", autocomplete: "current-password", maxlength: 200 }));
  const error = h("p", { class: "error", role: "alert", id: "acct-error" });
  /** @param {string} what */
  const send = async (what) => {
    error.textContent = "";
    const body = what === "guest" ? { name: name.value.trim() } : { name: name.value.trim(), password: password.value };
    try {
      await api(`/api/account/${what}`, { method: "POST", body });
      location.reload();
    } catch (e) {
      error.textContent = /** @type {Error} */ (e).message;
    }
  };
  const button = (/** @type {string} */ id, /** @type {string} */ what, /** @type {string} */ label, /** @type {string} */ cls) =>
    h("button", { type: "button", id, class: cls, onclick: () => send(what) }, label);
  const dialog = h("dialog", { id: "account-dialog", "aria-labelledby": "account-title" },
    h("form", { method: "dialog", onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); send("login"); } },
      h("h2", { id: "account-title" }, t("account", lang)),
      h("p", { class: "help" }, t("account_help", lang)),
      h("label", { class: "field" }, h("span", {}, t("name", lang)), name),
      h("label", { class: "field" }, h("span", {}, t("password", lang)), password),
      error,
      h("p", { class: "dialog-buttons" },
        h("button", { type: "submit", id: "acct-login", class: "primary" }, t("log_in", lang)),
        button("acct-register", "register", t("register", lang), ""),
        button("acct-guest", "guest", t("play_guest", lang), ""),
        h("button", { type: "button", class: "close", "aria-label": t("close", lang),
          onclick: () => /** @type {HTMLDialogElement} */ (dialog).close() }, icon("close")))));
  return dialog;
}

/**
 * The header: the name, a link to the lobby and the language switch (which reloads in that language).
 * @param {string} lang
 */
export function header(lang) {
  const select = h("select", { "aria-label": "Language / 언어", id: "lang" },
    ...LANGS.map((l) => h("option", { value: l, selected: l === lang ? "selected" : null }, l === "ko" ? "한국어" : "English")));
  select.addEventListener("change", () => {
    saveLang(/** @type {HTMLSelectElement} */ (select).value);
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    location.replace(url.toString());
  });
  return h("header", { class: "top" },
    h("a", { href: "/", class: "brand" }, "한판 hanpan"),
    h("nav", {}, h("a", { href: "/" }, t("lobby", lang)), " · ", h("a", { href: "/leaderboard", id: "leaderboard-link" }, t("leaderboard", lang)),
      " · ", h("a", { href: "/replay" }, t("replay", lang)), " · ", h("a", { href: "/docs" }, t("api_docs", lang))),
    accountArea(lang), select);
}

/**
 * What every page does once at its start: the installable app's manifest in the page's language, and the
 * service worker (sw.js: the offline page, the notifications) registered; a browser without one, or a
 * failure, changes nothing else.
 */
function startApp() {
  const manifest = document.querySelector('link[rel="manifest"]');
  if (manifest && currentLang() === "ko") manifest.setAttribute("href", "/manifest.webmanifest?lang=ko");
  if (!("serviceWorker" in navigator)) return;
  // once the page has loaded: its own requests come first
  const register = () => { navigator.serviceWorker.register("/sw.js").catch(() => null); };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
startApp();

export { currentLang, t };
