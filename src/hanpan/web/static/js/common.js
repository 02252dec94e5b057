// What every page shares: the API calls, the header with its language switch, seat names.

import { h } from "./ui.js";
import { LANGS, currentLang, saveLang, t } from "./i18n.js";

export class ApiError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * Call the API; a 4xx/5xx answer throws an ApiError carrying the server's one-line message.
 * @param {string} path @param {{method?: string, body?: any, token?: string | null}} [opts]
 */
export async function api(path, opts = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  if (opts.token) headers["Authorization"] = `Bearer ${opts.token}`;
  const response = await fetch(path, {
    method: opts.method || "GET",
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data.detail || response.statusText);
  return data;
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
 * "Player 2 (greedy)", "Player 1 (you)".
 * @param {any[]} seats @param {number} seat @param {number | null} mine @param {string} lang
 */
export function seatName(seats, seat, mine, lang) {
  const label = t("player", lang, { n: seat + 1 });
  const info = seats[seat] || { kind: "human" };
  if (seat === mine) return `${label} (${t("you", lang)})`;
  return info.kind === "human" ? label : `${label} (${info.level || info.kind})`;
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
    h("nav", {}, h("a", { href: "/" }, t("lobby", lang)), " · ", h("a", { href: "/replay" }, t("replay", lang)),
      " · ", h("a", { href: "/docs" }, t("api_docs", lang))),
    select);
}

export { currentLang, t };
