// A table waiting for its players (/table/{id}): the game, its options and pace, who sits where, Join,
// Start now (its creator), Leave, its link, its chat.  It asks the server every 1.5 s; once the game has
// started a seated player goes to it.

import { api, ApiError, copyButton, currentLang, gameName, header, meta, paceText, optionsText, t, whoami } from "./common.js";
import { Chat } from "./chat.js";
import { canJoin, gameOf, ratedText, seatLine, sitsAt } from "./tables-ui.js";
import { h } from "./ui.js";

const lang = currentLang();
document.documentElement.lang = lang;
const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const POLL_MS = 1500;

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
const title = h("h1", { id: "table-title" }, "…");
const statusLine = h("p", { id: "table-status", role: "status", "aria-live": "polite" });
const facts = h("dl", { class: "table-facts" });
const seatsBox = h("ul", { class: "seat-list", id: "table-seats", "aria-label": t("seats", lang) });
const actions = h("div", { class: "table-actions" });
const error = h("p", { class: "error", role: "alert", id: "table-error" });
const chat = new Chat(lang);
chat.onSent = () => { poll().catch(() => {}); };
/** @type {any} */
let info = null;
/** @type {import("./common.js").Player | null} */
let me = null;
let last = "";
let busy = false;

/** @param {string} path @param {any} [body] */
async function act(path, body) {
  if (busy) return;
  busy = true;
  error.textContent = "";
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/${path}`, { method: "POST", body: body || {} });
    last = "";
    await poll();
  } catch (e) {
    error.textContent = /** @type {Error} */ (e).message;
  } finally {
    busy = false;
  }
}

/** @param {any} table */
function draw(table) {
  const game = gameOf(info, table.game);
  const name = game ? gameName(game, lang) : table.game;
  title.textContent = t("table_title", lang, { game: name });
  document.title = `${t("table_title", lang, { game: name })} — hanpan`;
  const open = table.seats.filter((/** @type {any} */ s) => !s.player && s.kind !== "level").length;
  statusLine.textContent = table.status === "open" ? `${t("waiting_players", lang)} (${table.seats.length - open}/${table.seats.length})`
    : table.status === "playing" ? t("table_started", lang) : table.status === "abandoned" ? t("table_closed", lang) : t("ended", lang);
  statusLine.setAttribute("data-status", table.status);
  facts.replaceChildren(
    h("dt", {}, t("options", lang)), h("dd", {}, optionsText(game, table.options, lang)),
    h("dt", {}, t("pace", lang)), h("dd", {}, paceText(table.pace, info, lang)),
    h("dt", {}, t("visibility", lang)), h("dd", {}, t(table.public ? "public" : "private", lang)),
    h("dt", {}, t("rated_col", lang)), h("dd", { id: "table-rated" }, table.status === "open" ? ratedText(table, me, lang).text
      : t(table.rated ? "yes" : "no", lang)));
  seatsBox.replaceChildren(...table.seats.map((/** @type {any} */ s) => seatLine(s, info, lang, me)));
  const buttons = [];
  if (canJoin(table, me)) buttons.push(h("button", { type: "button", id: "join", class: "primary", onclick: () => act("join") }, t("sit", lang)));
  if (!me && table.status === "open") buttons.push(h("p", { class: "help" }, t("login_to_join", lang)));
  if (table.status === "open" && me && me.id === table.creator && open > 0) {
    const level = /** @type {HTMLSelectElement} */ (h("select", { id: "start-level", "aria-label": t("start_level", lang) },
      ...(/** @type {any[]} */ (game ? game.levels[String(table.seats.length)] || [] : [])).map((l) =>
        h("option", { value: l.name, selected: l.name === "greedy" ? "selected" : null },
          `${(lang === "ko" ? l.title_ko : l.title_en) || l.name}${l.rating ? ` (${l.rating})` : ""}`))));
    buttons.push(h("span", { class: "start-now" }, level, " ",
      h("button", { type: "button", id: "start", onclick: () => act("start", { level: level.value }) }, t("start_now", lang))));
  }
  if (table.status === "open" && sitsAt(table, me)) buttons.push(h("button", { type: "button", id: "leave", onclick: () => act("leave") }, t("leave", lang)));
  if (table.status === "playing" && table.game_id) buttons.push(h("a", { href: `/play/${encodeURIComponent(table.game_id)}`, class: "button", id: "watch" }, t("watch_game", lang)));
  if (table.status !== "open" && table.game_id) buttons.push(h("a", { href: `/replay/${encodeURIComponent(table.game_id)}`, class: "button" }, t("replay", lang)));
  if (table.status === "open") buttons.push(copyButton(location.href.split("#")[0], t("copy_link", lang), lang));
  actions.replaceChildren(...buttons, table.public ? "" : h("p", { class: "help" }, t("private_help", lang)));
  chat.show(tableId, table.chat || [], sitsAt(table, me), me ? me.name : null);
}

async function poll() {
  try {
    const table = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    if (table.status === "playing" && table.game_id && sitsAt(table, me)) {
      location.replace(`/play/${encodeURIComponent(table.game_id)}`);
      return;
    }
    const key = JSON.stringify(table);
    if (key !== last) {
      last = key;
      draw(table);
    }
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) {
      root.replaceChildren(header(lang), h("main", { class: "page" }, h("p", { class: "error" }, t("no_table", lang))));
      throw e;
    }
    error.textContent = /** @type {Error} */ (e).message;
  }
}

async function main() {
  info = await meta();
  me = (await whoami()).player;
  root.replaceChildren(header(lang), h("main", { class: "page table-page" },
    h("section", { class: "panel", "aria-labelledby": "table-title" }, title, statusLine, facts,
      h("h2", {}, t("seats", lang)), seatsBox, actions, error),
    h("div", { class: "panel" }, chat.panel)));
  await poll();
  const timer = window.setInterval(() => { poll().catch(() => window.clearInterval(timer)); }, POLL_MS);
}

main().catch((e) => {
  if (!(e instanceof ApiError)) document.body.append(h("p", { class: "error" }, String(e.message || e)));
});
