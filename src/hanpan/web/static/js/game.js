// The game page: the board drawn from the server's body, moves by clicking (or typing), pushes over a
// WebSocket.  The seat's token comes from the link's fragment (#token=…), which no server log sees; at a
// lobby table's game (body.table) the player's session cookie is their seat, and the side bar holds the
// table's chat and a Resign button.
//
// What a player must read or click stays in view: a pinned action bar (status, what to do now, undo,
// errors), the remaining choices opened next to the clicked element, and the first place to click
// scrolled into view when none is.  Other seats' decisions are played out one by one (STEP_MS each,
// skippable; at once under prefers-reduced-motion) and their last turn stays marked on the board.

import { api, copyButton, currentLang, gameName, header, meta, seatName, t } from "./common.js";
import { loadBoard } from "./board.js";
import { Chat } from "./chat.js";
import { Hints } from "./hint.js";
import { Chooser } from "./moves.js";
import { finalCard, logList, scoreTable, statusLine } from "./panels.js";
import { playLink, remember, tokensOf } from "./tokens.js";
import { h, icon, makeUi, recentMoves } from "./ui.js";

const lang = currentLang();
document.documentElement.lang = lang;
const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
let token = new URLSearchParams(location.hash.slice(1)).get("token");
/** how long each decision of another seat stays on screen before the next is drawn */
const STEP_MS = 400;
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

/** @type {any} the body drawn now */
let body = null;
/** @type {{body: any, at: number}[]} bodies pushed but not drawn yet (oldest first) */
const queue = [];
/** no other seat's decision is drawn before this time (performance.now()) */
let holdUntil = 0;
/** @type {number | null} */
let holdTimer = null;
/** @type {Chooser | null} */
let chooser = null;
let chooserKey = "";
/** the token of the element clicked last: the choices open next to it */
let anchorToken = "";
/** @type {{board: any, catalog: any} | null} */
let parts = null;
let message = "";
let connection = t("connecting", lang);
/** the move_number a submitted move was made at, until its body arrives */
/** @type {number | null} */
let pending = null;
let gameTitle = "";
let finalShown = false;
let keyboardUsed = false;
/** @type {Element | null} */
let legendBox = null;

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
const statusBox = /** @type {HTMLElement} */ (h("p", { id: "status", role: "status", "aria-live": "polite" }));
const promptBox = h("p", { id: "prompt" });
const errorBox = h("p", { id: "error", class: "error", role: "alert" });
const toolsBox = h("div", { class: "bar-tools" });
const heading = h("h1", { class: "visually-hidden", id: "game-title" }, "hanpan");
// hints, where no other person plays (hint.js): the answer shows in the bar, its move lit on the board
const hints = new Hints({ gameId, lang, token: () => token, play: (move) => submit(move), changed: () => render() });
const actionBar = h("section", { id: "actionbar", "aria-labelledby": "game-title" }, heading,
  h("div", { class: "bar-text" }, statusBox, promptBox, errorBox, hints.box), toolsBox);
const boardBox = h("div", { id: "board" });
const popover = /** @type {HTMLElement} */ (h("div", { id: "popover", class: "choice-popover", role: "dialog", "aria-label": t("choose", lang), hidden: "hidden" }));
const nudge = /** @type {HTMLElement} */ (h("div", { id: "nudge", class: "nudge", role: "alert", hidden: "hidden" }));
const boardWrap = h("div", { id: "board-wrap" }, boardBox, popover, nudge);
const sideBox = h("aside", { id: "side" });
// the side bar's parts: the scores, the table's chat (kept between draws: what is typed stays), the rest
const scoresSlot = h("div", { class: "side-scores" });
const chatSlot = h("div", { class: "side-chat" });
const restSlot = h("div", { class: "side-rest" });
sideBox.append(scoresSlot, chatSlot, restSlot);
/** the table's chat, shown from the first body of a table's game */
const chat = new Chat(lang);
const finalBox = /** @type {HTMLElement} */ (h("div", { id: "final", class: "final-card", role: "dialog", "aria-labelledby": "final-title", hidden: "hidden" }));

function mine() {
  return body && body.seat !== null && body.status === "playing" && body.current_player === body.seat;
}

/** Whether the page waits for something (a move on its way, decisions still to be played out). */
function settling() {
  return pending !== null || queue.length > 0 || holdTimer !== null;
}

function resetChooser() {
  const key = body ? `${body.move_number}|${body.legal.join(",")}` : "";
  if (key !== chooserKey) {
    chooser = body && body.legal.length ? new Chooser(body.legal) : null;
    chooserKey = key;
    anchorToken = "";
  }
}

// --- bodies in, one decision at a time ------------------------------------------------------------

/** @param {any} next */
function byAnotherSeat(next) {
  if (!body || next.move_number !== body.move_number + 1 || !next.log.length) return false;
  return next.log[next.log.length - 1].seat !== next.seat;
}

/** Draw the queued bodies: at once, but another seat's decision holds the next one for STEP_MS. */
function pump() {
  if (holdTimer !== null) return;
  let drawn = false;
  while (queue.length) {
    const wait = holdUntil - performance.now();
    if (wait > 0 && !reducedMotion.matches) {
      holdTimer = window.setTimeout(() => { holdTimer = null; pump(); }, wait);
      render();
      return;
    }
    const { body: next, at } = /** @type {{body: any, at: number}} */ (queue.shift());
    const animate = byAnotherSeat(next) && !reducedMotion.matches;
    show(next, at);
    if (animate) holdUntil = performance.now() + STEP_MS;
    drawn = true;
  }
  if (!drawn) render();  // the skip button goes once the last hold is over
}

/** @param {any} next @param {number} at when it arrived */
function show(next, at) {
  body = next;
  if (pending !== null && body.move_number !== pending) pending = null;
  resetChooser();
  render();
  performance.measure("hanpan:draw", { start: at, end: performance.now() });
}

function skip() {
  if (holdTimer !== null) window.clearTimeout(holdTimer);
  holdTimer = null;
  holdUntil = 0;
  while (queue.length) {
    const { body: next } = /** @type {{body: any, at: number}} */ (queue.shift());
    body = next;
    if (pending !== null && body.move_number !== pending) pending = null;
  }
  resetChooser();
  render();
}

// --- moves ----------------------------------------------------------------------------------------

/** @param {string} text */
async function submit(text) {
  if (!body || pending !== null) return;
  pending = body.move_number;
  message = "";
  closeChoices();
  render();
  try {
    const answer = await api(`/api/games/${encodeURIComponent(gameId)}/moves?lang=${lang}`,
      { method: "POST", token, body: { move: text, move_number: body.move_number } });
    // the WebSocket brings the same body; without one (offline) the answer is drawn
    if (connection !== "ok" && answer.move_number > body.move_number) show(answer, performance.now());
  } catch (e) {
    pending = null;
    message = /** @type {Error} */ (e).message;
    if (chooser) chooser.clear();
    try {
      show(await api(`/api/games/${encodeURIComponent(gameId)}?lang=${lang}`, { token }), performance.now());
    } catch {
      /* the WebSocket will bring the state */
    }
    showNudge(message);
  }
  render();
}

async function undo() {
  if (!body) return;
  message = "";
  try {
    show(await api(`/api/games/${encodeURIComponent(gameId)}/undo?lang=${lang}`,
      { method: "POST", token, body: { move_number: body.move_number } }), performance.now());
  } catch (e) {
    message = /** @type {Error} */ (e).message;
  }
  render();
}

/** @param {string} tokenClicked */
function onToken(tokenClicked) {
  if (!chooser || pending !== null) return;
  hideNudge();
  message = "";
  anchorToken = tokenClicked;
  const move = chooser.click(tokenClicked);
  if (move) submit(move);
  else render();
}

function cancel() {
  if (chooser) chooser.clear();
  closeChoices();
  render();
}

// --- the choices, next to the clicked element ------------------------------------------------------

function closeChoices() {
  popover.hidden = true;
  popover.replaceChildren();
}

/** The element of the board for a token, if drawn. @param {string} tokenText */
function elementOf(tokenText) {
  return [...boardBox.querySelectorAll("[data-token]")].find((el) => el.getAttribute("data-token") === tokenText) || null;
}

/** Put `box` next to `anchor`, below it or above it, inside the window and below the action bar.
 * @param {HTMLElement} box @param {Element | null} anchor */
function place(box, anchor) {
  const top = actionBar.getBoundingClientRect().bottom + 4;
  const wrap = boardWrap.getBoundingClientRect();
  const a = anchor ? anchor.getBoundingClientRect() : new DOMRect(wrap.left + 20, top + 20, 0, 0);
  const width = box.offsetWidth;
  const height = box.offsetHeight;
  let y = a.bottom + 6;
  if (y + height > window.innerHeight - 4) y = a.top - height - 6;
  y = Math.max(top, Math.min(y, window.innerHeight - height - 4));
  let x = Math.max(4, Math.min(a.left, window.innerWidth - width - 4));
  box.style.left = `${x - wrap.left}px`;
  box.style.top = `${y - wrap.top}px`;
}

function drawChoices() {
  if (!chooser || !chooser.selection.length || pending !== null) { closeChoices(); return; }
  const left = chooser.candidates();
  const boardNarrows = boardBox.querySelector(".clickable") !== null;
  if (left.length <= 1 || (left.length > 8 && boardNarrows)) { closeChoices(); return; }
  const buttons = left.map((m) => h("button", { type: "button", class: m === hints.best(body) ? "choice hinted" : "choice", "data-move": m, onclick: () => submit(m) },
    h("span", { class: "choice-text" }, body.hints[m] || m),
    lang === "en" ? h("code", {}, m) : null));
  popover.replaceChildren(
    h("p", { class: "choice-head" }, t("choose", lang)),
    h("div", { class: "choice-list" }, ...buttons),
    h("button", { type: "button", class: "small choice-cancel", onclick: cancel }, t("cancel", lang)));
  popover.hidden = false;
  place(popover, elementOf(anchorToken) || boardBox.querySelector(".chosen"));
  if (keyboardUsed) /** @type {HTMLElement} */ (buttons[0]).focus();
}

/** Say next to the pointer (or the clicked element) why nothing happened. @param {string} text @param {{x: number, y: number}} [at] */
function showNudge(text, at) {
  nudge.textContent = text;
  nudge.hidden = false;
  if (at) place(nudge, /** @type {any} */ ({ getBoundingClientRect: () => new DOMRect(at.x, at.y, 0, 0) }));
  else place(nudge, elementOf(anchorToken));
}

function hideNudge() {
  nudge.hidden = true;
}

/** A click on the board that chose nothing: say why, where it happened. @param {MouseEvent} event */
function onBoardClick(event) {
  const target = /** @type {Element} */ (event.target);
  if (!body || target.closest(".clickable, .chosen, button, a, summary, input, select, #popover")) return;
  let why = "";
  if (body.status !== "playing") why = t("game_over", lang);
  else if (!mine()) why = statusLine(body, lang, body.seat);
  else if (pending !== null) why = t("sending", lang);
  else why = `${t("not_now", lang)} ${prompt() || t("click_lit", lang)}`;
  showNudge(why, { x: event.clientX, y: event.clientY });
}

// --- drawing --------------------------------------------------------------------------------------

function prompt() {
  if (!parts || !body || !mine()) return "";
  const ui = makeUi({ lang, catalog: parts.catalog, body, chooser: null, onToken: () => {}, seatName: name });
  try {
    return parts.board.prompt ? String(parts.board.prompt(body, ui) || "") : "";
  } catch {
    return "";
  }
}

function endReason() {
  if (!parts || !body || body.status !== "finished" || !parts.board.endReason) return "";
  const ui = makeUi({ lang, catalog: parts.catalog, body, chooser: null, onToken: () => {}, seatName: name });
  try {
    return String(parts.board.endReason(body, ui) || "");
  } catch {
    return "";
  }
}

/** @param {number} s */
function name(s) {
  return seatName(body.seats, s, body.seat, lang);
}

function tools() {
  const out = [];
  if (holdTimer !== null || queue.length) {
    out.push(h("button", { type: "button", id: "skip", onclick: skip }, icon("skip"), " ", t("skip", lang)));
  }
  if (chooser && chooser.selection.length) {
    const left = chooser.candidates().length;
    if (popover.hidden && left > 1) out.push(h("span", { class: "left" }, t("choices_left", lang, { n: left })));
    out.push(h("button", { type: "button", id: "cancel", onclick: cancel }, t("cancel", lang)));
  }
  if (body.can_undo && !settling()) out.push(h("button", { type: "button", id: "undo", onclick: undo }, icon("undo"), " ", t("undo", lang)));
  const hint = settling() ? null : hints.button(body, mine());
  if (hint) out.push(hint);
  if (body.status === "finished") out.push(h("button", { type: "button", id: "show-final", onclick: () => openFinal() }, t("final_scores", lang)));
  if (body.table && body.seat !== null && body.status === "playing") out.push(h("button", { type: "button", id: "resign", class: "small", onclick: resign }, t("resign", lang)));
  if (!body.table && token && body.seat !== null && body.status === "playing") out.push(h("button", { type: "button", id: "abandon", class: "small", onclick: abandon }, t("abandon_game", lang)));
  return out;
}

function render() {
  if (!body || !parts) return;
  const game = parts;
  const over = body.status !== "playing";
  statusBox.textContent = statusLine(body, lang, body.seat);
  const why = endReason();
  promptBox.textContent = over ? why : prompt();
  actionBar.className = mine() ? "your-turn" : body.thinking ? "thinking" : over ? "over" : "";
  // for people using tools and for the browser tests: where the game is
  statusBox.dataset.moveNumber = String(body.move_number);
  statusBox.dataset.state = body.status;
  statusBox.dataset.mine = String(!!mine());
  statusBox.dataset.seat = body.seat === null ? "" : String(body.seat);
  statusBox.dataset.busy = String(settling());
  statusBox.dataset.selection = chooser ? chooser.selection.join("|") : "";
  errorBox.textContent = message || (connection && connection !== "ok" ? connection : "");
  const recent = recentMoves(body.log, body.seat);
  const ui = makeUi({ lang, catalog: game.catalog, body, chooser: mine() && pending === null ? chooser : null, onToken, seatName: name, recent,
    hinted: hints.best(body) });
  hints.draw(body, mine() && pending === null);
  try {
    boardBox.replaceChildren(game.board.draw(body, ui));
  } catch (e) {
    boardBox.replaceChildren(h("pre", { class: "error" }, String(/** @type {Error} */ (e).stack || e)));
  }
  toolsBox.replaceChildren(...tools());
  drawChoices();
  toolsBox.replaceChildren(...tools());
  if (!legendBox) {
    legendBox = h("details", { class: "legend" }, h("summary", {}, t("legend", lang)), game.board.legend(ui));
  }
  scoresSlot.replaceChildren(scoreTable(body, lang, body.seat));
  drawChat();
  restSlot.replaceChildren(
    invitePanel() || "",
    moveList() || "",
    h("h2", {}, t("log", lang)),
    logList(body, lang, body.seat),
    notifyToggle(),
    legendBox);
  const title = `${gameTitle || body.game} — hanpan`;
  document.title = mine() ? `● ${t("your_turn", lang)} — ${title}` : title;
  if (over && !finalShown) openFinal();
  if (mine() && !settling()) bringIntoView();
}

/** When it is your turn and nothing you can click is in the window, scroll the first one into view. */
function bringIntoView() {
  const targets = [...boardBox.querySelectorAll(".clickable")];
  if (!targets.length) return;
  const top = actionBar.getBoundingClientRect().bottom;
  const inView = (/** @type {Element} */ el) => {
    const r = el.getBoundingClientRect();
    return r.top >= top - 1 && r.bottom <= window.innerHeight + 1 && r.left >= -1 && r.right <= window.innerWidth + 1;
  };
  if (targets.some(inView)) return;
  const first = targets[0].getBoundingClientRect();
  // counted for the browser tests (a person's scroll, made for them): at which move, to what
  const w = /** @type {any} */ (window);
  (w.hanpanScrolls = w.hanpanScrolls || []).push(`${body.move_number}: ${targets[0].getAttribute("data-token")}`);
  window.scrollBy({ top: first.top - top - 12, behavior: reducedMotion.matches ? "auto" : "smooth" });
}

// --- a table's chat and resigning -----------------------------------------------------------------

/** The chat panel of a table's game: its players write, spectators read. */
function drawChat() {
  if (!body.table) return;
  if (!chatSlot.firstChild) chatSlot.replaceChildren(chat.panel);
  const me = body.seat !== null ? (body.seats[body.seat] || {}).name || null : null;
  chat.show(body.table, body.chat || [], body.seat !== null, me);
}

async function resign() {
  if (!body || !body.table || !window.confirm(t("resign_confirm", lang))) return;
  try {
    await api(`/api/tables/${encodeURIComponent(body.table)}/leave`, { method: "POST", body: {} });
    location.assign("/");
  } catch (e) {
    message = /** @type {Error} */ (e).message;
    render();
  }
}

/** Give up a practice game (no table): it ends unfinished, for every seat. */
async function abandon() {
  if (!body || body.table || !token || !window.confirm(t("abandon_confirm", lang))) return;
  try {
    show(await api(`/api/games/${encodeURIComponent(gameId)}/abandon?lang=${lang}`, { method: "POST", token }), performance.now());
  } catch (e) {
    message = /** @type {Error} */ (e).message;
    render();
  }
}

function moveList() {
  if (!mine()) return null;
  const input = /** @type {HTMLInputElement} */ (h("input", { id: "move-input", list: "legal-moves", autocomplete: "off", "aria-label": t("type_move", lang), placeholder: t("type_move", lang) }));
  const datalist = h("datalist", { id: "legal-moves" }, ...body.legal.map((/** @type {string} */ m) => h("option", { value: m }, body.hints[m] || "")));
  const form = h("form", { class: "type-move", onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); if (input.value.trim()) submit(input.value.trim()); } },
    input, datalist, h("button", { type: "submit" }, t("play", lang)));
  const list = h("ul", { class: "legal" }, ...body.legal.map((/** @type {string} */ m) => h("li", {},
    h("button", { type: "button", class: "legal-move", "data-move": m, onclick: () => submit(m) }, h("code", {}, m)), " ", h("span", { class: "hint" }, body.hints[m] || ""))));
  return h("details", { class: "moves" }, h("summary", {}, `${t("legal", lang)} (${body.legal.length})`), form, list);
}

/** The other seats' links this browser holds (it made the game): to hand them out. */
function invitePanel() {
  if (body.status !== "playing" || body.table) return null;
  const held = Object.entries(tokensOf(gameId)).filter(([seat]) => Number(seat) !== body.seat);
  if (!held.length && body.seat === null) return null;
  const rows = held.map(([seat, key]) => h("li", {}, `${name(Number(seat))} `, copyButton(playLink(gameId, key), t("copy_seat_link", lang, { name: name(Number(seat)) }), lang, t("copy", lang))));
  rows.push(h("li", {}, `${t("spectators", lang)} `, copyButton(playLink(gameId, null), t("copy_watch_link", lang), lang, t("copy", lang))));
  return h("details", { class: "invite", open: held.length ? "open" : null }, h("summary", {}, t("invite", lang)),
    h("p", { class: "help" }, t("share_help", lang)), h("ul", { class: "links" }, ...rows));
}

const NOTIFY_KEY = "hanpan.notify";
function notifyToggle() {
  if (!("Notification" in window) || body.seat === null) return "";
  const on = localStorage.getItem(NOTIFY_KEY) === "1" && Notification.permission === "granted";
  const box = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "notify", checked: on ? "checked" : null }));
  box.addEventListener("change", async () => {
    if (box.checked && (await Notification.requestPermission()) !== "granted") box.checked = false;
    localStorage.setItem(NOTIFY_KEY, box.checked ? "1" : "0");
  });
  return h("label", { class: "notify" }, box, " ", icon("bell"), " ", t("notify", lang));
}

let notifiedAt = -1;
function notifyTurn() {
  if (!mine() || !document.hidden || notifiedAt === body.move_number) return;
  if (!("Notification" in window) || Notification.permission !== "granted" || localStorage.getItem(NOTIFY_KEY) !== "1") return;
  notifiedAt = body.move_number;
  new Notification(`${t("your_turn", lang)} — ${gameTitle}`, { tag: `hanpan-${gameId}` });
}

// --- the end --------------------------------------------------------------------------------------

function openFinal() {
  finalShown = true;
  const links = [h("a", { href: `/replay/${encodeURIComponent(gameId)}`, class: "button" }, t("replay", lang)),
    h("a", { href: `/api/games/${encodeURIComponent(gameId)}/record`, download: `hanpan-${gameId}.json`, class: "button" }, t("download", lang))];
  if (body.seat !== null) links.unshift(h("button", { type: "button", id: "rematch", class: "primary", onclick: rematch }, t("rematch", lang)));
  finalBox.replaceChildren(
    h("button", { type: "button", class: "close", "aria-label": t("close", lang), onclick: () => { finalBox.hidden = true; } }, icon("close")),
    finalCard(body, lang, body.seat, endReason()),
    h("p", { class: "final-links" }, ...links));
  finalBox.hidden = false;
}

/** The same seats and options, a new deal; this browser opens the same seat of the new game.  At a lobby
 * table: the table's rematch (a new table with each player's seat kept for them; the others accept). */
async function rematch() {
  if (body.table) {
    try {
      const table = await api(`/api/tables/${encodeURIComponent(body.table)}/rematch`, { method: "POST", body: {} });
      location.assign(`/table/${encodeURIComponent(table.id)}`);
    } catch (e) {
      message = /** @type {Error} */ (e).message;
      render();
    }
    return;
  }
  try {
    const created = await api("/api/games", { method: "POST", body: { game: body.game, seats: body.seats.map((/** @type {any} */ s) => s.kind), options: body.options || {} } });
    for (const s of created.seats) if (s.token) remember(created.id, s.seat, s.token);
    const mineNow = created.seats.find((/** @type {any} */ s) => s.seat === body.seat && s.token);
    location.assign(playLink(created.id, mineNow ? mineNow.token : null));
  } catch (e) {
    message = /** @type {Error} */ (e).message;
    render();
  }
}

// --- the connection -------------------------------------------------------------------------------

let retry = 500;
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ lang });
  // the seat's token goes as a subprotocol, never in the URL (which server logs and proxies keep)
  const protocols = token ? ["hanpan", `token.${token}`] : ["hanpan"];
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(gameId)}/ws?${query}`,
                               protocols);
  socket.addEventListener("open", () => { retry = 500; connection = "ok"; });
  socket.addEventListener("message", async (event) => {
    const at = performance.now();
    const next = JSON.parse(event.data);
    if (!parts) {
      parts = await loadBoard(next.game);
      const info = await meta();
      const game = info.games.find((/** @type {any} */ g) => g.id === next.game);
      gameTitle = game ? gameName(game, lang) : next.game;
      heading.textContent = gameTitle;
    }
    connection = "ok";
    // the first body, and a body after a reconnect or an undo, is drawn at once: nothing to play out
    const latest = queue.length ? queue[queue.length - 1].body : body;
    if (!latest || next.move_number < latest.move_number || next.move_number > latest.move_number + 1) {
      queue.length = 0;
      show(next, at);
    } else {
      queue.push({ body: next, at });
      pump();
    }
    notifyTurn();
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
  keyboardUsed = event.key === "Tab" || event.key === "Enter" || event.key === " " || keyboardUsed;
  if (event.key === "Escape") {
    if (!finalBox.hidden) finalBox.hidden = true;
    else if (queue.length || holdTimer !== null) skip();
    else if (chooser && chooser.selection.length) cancel();
    hideNudge();
  }
});
document.addEventListener("pointerdown", () => { keyboardUsed = false; });
boardWrap.addEventListener("click", (event) => onBoardClick(/** @type {MouseEvent} */ (event)));
window.addEventListener("resize", () => { if (!popover.hidden) place(popover, elementOf(anchorToken)); });
window.addEventListener("scroll", () => { if (!popover.hidden) place(popover, elementOf(anchorToken)); hideNudge(); }, { passive: true });

if (token && body === null) {
  // remember the seat so the lobby can offer "continue"; the seat number comes with the first body
  api(`/api/games/${encodeURIComponent(gameId)}`, { token }).then((b) => { if (b.seat !== null && token) remember(gameId, b.seat, token); }).catch(() => {});
}
root.replaceChildren(header(lang), actionBar, h("main", { class: "game" },
  h("section", { class: "table", "aria-label": t("table", lang) }, boardWrap), sideBox), finalBox);
connect();
