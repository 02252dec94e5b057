// The game page: the board drawn from the server's body, moves by clicking (or typing), pushes over a
// WebSocket.  The seat's token comes from the link's fragment (#token=…), which no server log sees.

import { api, currentLang, gameName, header, meta, seatName, t } from "./common.js";
import { loadBoard } from "./board.js";
import { Chooser } from "./moves.js";
import { logList, scoreTable, statusLine } from "./panels.js";
import { remember } from "./tokens.js";
import { h, makeUi } from "./ui.js";

const lang = currentLang();
document.documentElement.lang = lang;
const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
let token = new URLSearchParams(location.hash.slice(1)).get("token");

/** @type {any} */
let body = null;
/** @type {Chooser | null} */
let chooser = null;
let chooserKey = "";
/** @type {{board: any, catalog: any} | null} */
let parts = null;
let message = "";
let connection = t("connecting", lang);
let busy = false;
/** @type {Element | null} */
let legendBox = null;

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
const statusBox = /** @type {HTMLElement} */ (h("p", { id: "status", role: "status", "aria-live": "polite" }));
const errorBox = h("p", { id: "error", class: "error", role: "alert" });
const boardBox = h("div", { id: "board" });
const choiceBox = h("div", { id: "choices" });
const sideBox = h("aside", { id: "side" });

function mine() {
  return body && body.seat !== null && body.status === "playing" && body.current_player === body.seat;
}

function resetChooser() {
  const key = body ? `${body.move_number}|${body.legal.join(",")}` : "";
  if (key !== chooserKey) {
    chooser = body && body.legal.length ? new Chooser(body.legal) : null;
    chooserKey = key;
  }
}

/** @param {string} text */
async function submit(text) {
  if (!body || busy) return;
  busy = true;
  message = "";
  try {
    const answer = await api(`/api/games/${encodeURIComponent(gameId)}/moves?lang=${lang}`,
      { method: "POST", token, body: { move: text, move_number: body.move_number } });
    // the WebSocket may have brought newer news (a computer seat's reply) before this answer
    if (answer.move_number > body.move_number) body = answer;
  } catch (e) {
    message = /** @type {Error} */ (e).message;
    if (chooser) chooser.clear();
    try {
      body = await api(`/api/games/${encodeURIComponent(gameId)}?lang=${lang}`, { token });
    } catch {
      /* the WebSocket will bring the state */
    }
  } finally {
    busy = false;
  }
  resetChooser();
  render();
}

async function undo() {
  if (!body) return;
  message = "";
  try {
    body = await api(`/api/games/${encodeURIComponent(gameId)}/undo?lang=${lang}`,
      { method: "POST", token, body: { move_number: body.move_number } });
  } catch (e) {
    message = /** @type {Error} */ (e).message;
  }
  resetChooser();
  render();
}

/** @param {string} tokenClicked */
function onToken(tokenClicked) {
  if (!chooser || busy) return;
  const move = chooser.click(tokenClicked);
  if (move) submit(move);
  else render();
}

function choices() {
  if (!chooser || !chooser.selection.length) return [];
  const left = chooser.candidates();
  const shown = left.slice(0, 40);
  const buttons = shown.map((m) => h("button", { type: "button", class: "choice", "data-move": m, onclick: () => submit(m) },
    h("code", {}, m), body.hints[m] ? h("span", {}, ` ${body.hints[m]}`) : null));
  if (left.length > shown.length) buttons.push(h("span", {}, t("more_moves", lang, { n: left.length - shown.length })));
  const cancel = h("button", { type: "button", class: "small", onclick: () => { chooser && chooser.clear(); render(); } }, t("cancel", lang));
  return [h("span", { class: "label" }, t("choose", lang)), ...buttons, cancel];
}

function moveList() {
  if (!mine()) return null;
  const input = /** @type {HTMLInputElement} */ (h("input", { id: "move-input", list: "legal-moves", autocomplete: "off", "aria-label": t("type_move", lang), placeholder: t("type_move", lang) }));
  const datalist = h("datalist", { id: "legal-moves" }, ...body.legal.map((/** @type {string} */ m) => h("option", { value: m }, body.hints[m] || "")));
  const form = h("form", { class: "type-move", onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); if (input.value.trim()) submit(input.value.trim()); } },
    input, datalist, h("button", { type: "submit" }, t("play", lang)));
  const list = h("ul", { class: "legal" }, ...body.legal.map((/** @type {string} */ m) => h("li", {},
    h("button", { type: "button", class: "legal-move", "data-move": m, onclick: () => submit(m) }, h("code", {}, m)), " ", h("span", { class: "hint" }, body.hints[m] || ""))));
  return h("details", { class: "moves", open: body.legal.length <= 12 ? "open" : null }, h("summary", {}, `${t("legal", lang)} (${body.legal.length})`), form, list);
}

function render() {
  if (!body || !parts) return;
  const game = parts;
  statusBox.textContent = statusLine(body, lang);
  statusBox.className = mine() ? "your-turn" : body.thinking ? "thinking" : "";
  // for people using tools and for the browser tests: where the game is
  statusBox.dataset.moveNumber = String(body.move_number);
  statusBox.dataset.state = body.status;
  statusBox.dataset.mine = String(!!mine());
  errorBox.textContent = message || (connection && connection !== "ok" ? connection : "");
  const ui = makeUi({
    lang, catalog: game.catalog, body, chooser: mine() ? chooser : null, onToken,
    seatName: (/** @type {number} */ s) => seatName(body.seats, s, body.seat, lang),
  });
  try {
    boardBox.replaceChildren(game.board.draw(body, ui));
  } catch (e) {
    boardBox.replaceChildren(h("pre", { class: "error" }, String(/** @type {Error} */ (e).stack || e)));
  }
  choiceBox.replaceChildren(...choices());
  if (!legendBox) {
    legendBox = h("details", { class: "legend" }, h("summary", {}, t("legend", lang)), game.board.legend(ui));
  }
  const links = [];
  if (body.status !== "playing") {
    links.push(h("a", { href: `/replay/${encodeURIComponent(gameId)}` }, t("replay", lang)), " · ",
      h("a", { href: `/api/games/${encodeURIComponent(gameId)}/record`, download: `hanpan-${gameId}.json` }, t("download", lang)));
  }
  sideBox.replaceChildren(
    scoreTable(body, lang),
    body.can_undo ? h("button", { type: "button", id: "undo", onclick: undo }, `↶ ${t("undo", lang)}`) : "",
    moveList() || "",
    h("p", { class: "links" }, ...links),
    h("h2", {}, t("log", lang)),
    logList(body, lang),
    legendBox);
}

let retry = 500;
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ lang });
  if (token) query.set("token", token);
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(gameId)}/ws?${query}`);
  socket.addEventListener("open", () => { retry = 500; connection = "ok"; });
  socket.addEventListener("message", async (event) => {
    body = JSON.parse(event.data);
    if (!parts) {
      parts = await loadBoard(body.game);
      const info = await meta();
      const game = info.games.find((/** @type {any} */ g) => g.id === body.game);
      document.title = `${game ? gameName(game, lang) : body.game} — hanpan`;
    }
    connection = "ok";
    resetChooser();
    render();
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4404) {
      root.replaceChildren(header(lang), h("p", { class: "error" }, t("no_game", lang)));
      return;
    }
    if (event.code === 4403) {
      token = null;
      message = t("bad_token", lang);
      connect();
      return;
    }
    connection = t("offline", lang);
    render();
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && chooser) {
    chooser.clear();
    render();
  }
});

if (token && body === null) {
  // remember the seat so the lobby can offer "continue"; the seat number comes with the first body
  api(`/api/games/${encodeURIComponent(gameId)}`, { token }).then((b) => { if (b.seat !== null && token) remember(gameId, b.seat, token); }).catch(() => {});
}
root.replaceChildren(header(lang), h("main", { class: "game" },
  h("section", { class: "table" }, statusBox, errorBox, choiceBox, boardBox), sideBox));
connect();
