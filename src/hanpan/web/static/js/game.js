// The game page: the board drawn from the server's body, moves by clicking (or typing), pushes over a
// WebSocket.  The seat's token comes from the link's fragment (#token=…), which no server log sees; at a
// lobby table's game (body.table) the player's session cookie is their seat, and the side bar holds the
// table's chat and a Resign button.
//
// What a player must read or click stays in view: a pinned action bar (status, what to do now, undo,
// errors, and "since your move": who did what, step by step), the remaining choices opened next to the
// clicked element, and the place the prompt asks for scrolled into view when none is (at most once a
// turn).  Other seats' decisions are played out one by one (STEP_MS each, skippable; at once under
// prefers-reduced-motion); one turn of theirs at a time stays marked on the board, the marks fading.
// On a phone (PHONE_QUERY) the page is three tabs in the bar: the play (what you act on now: the boards
// mark their parts data-phone="play"), the other players (data-phone="others", shown in the play tab
// only while they hold something to click) and the scores with the log.

import { ApiError, api, copyButton, currentLang, gameName, header, meta, seatName, t } from "./common.js";
import { errorText, statusText } from "./errors.js";
import { loadBoard } from "./board.js";
import { Chat } from "./chat.js";
import { Hints } from "./hint.js";
import { Chooser } from "./moves.js";
import { finalCard, logList, scoreTable, statusLine } from "./panels.js";
import { RematchOffer } from "./rematch.js";
import { playLink, remember, tokensOf } from "./tokens.js";
import { h, icon, makeUi, recentMoves } from "./ui.js";

const lang = currentLang();
document.documentElement.lang = lang;
const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
let token = new URLSearchParams(location.hash.slice(1)).get("token");
/** how long each decision of another seat stays on screen before the next is drawn */
const STEP_MS = 400;
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
/** a phone: the page's parts as tabs (app.css has the same width) */
const phoneQuery = window.matchMedia("(max-width: 700px)");

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
/** the phone's tab: "play", "others" or "log" */
let tab = "play";
/** the other seats' decisions since this seat last moved, kept through this seat's turn */
/** @type {{n: number, seat: number, move: string, text: string}[]} */
let since = [];
/** the decision of `since` stepped to (its marks alone on the board), or null: the newest turn whole */
/** @type {number | null} */
let step = null;
/** whether the summary shows in full (it is one line otherwise) */
let sinceOpen = false;
/** the move number this seat's current turn began at, and the turn the page last scrolled itself in */
let turnStart = -1;
let scrolledTurn = -2;
let wasMine = false;

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
const statusBox = /** @type {HTMLElement} */ (h("p", { id: "status", role: "status", "aria-live": "polite" }));
const promptBox = h("p", { id: "prompt" });
const errorBox = h("p", { id: "error", class: "error", role: "alert" });
const sinceBox = /** @type {HTMLElement} */ (h("div", { id: "since-row", class: "since-row" }));
const toolsBox = h("div", { class: "bar-tools" });
const tabsBox = /** @type {HTMLElement} */ (h("div", { class: "phone-tabs", role: "tablist", "aria-label": t("tabs", lang) }));
const heading = h("h1", { class: "visually-hidden", id: "game-title" }, "hanpan");
// hints, where no other person plays (hint.js): the answer shows in the bar, its move lit on the board
const hints = new Hints({ gameId, lang, token: () => token, play: (move) => submit(move), changed: () => render() });
const actionBar = h("section", { id: "actionbar", "aria-labelledby": "game-title" }, heading,
  h("div", { class: "bar-text" }, statusBox, promptBox, errorBox, hints.box, sinceBox), toolsBox, tabsBox);
const boardBox = /** @type {HTMLElement} */ (h("div", { id: "board" }));
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
/** a rematch asked for after a table's game: shown to its players at once (rematch.js) */
const rematchOffer = new RematchOffer(lang);

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
  const number = body.move_number;
  pending = number;
  message = "";
  closeChoices();
  render();
  try {
    // on the open WebSocket (one short message each way, the body comes as its push); else over HTTP
    const answer = socket && socket.readyState === WebSocket.OPEN
      ? await moveOnSocket(socket, text, number).catch(async (e) => {
        if (!(e instanceof SocketLost)) throw e;
        const now = await api(`/api/games/${encodeURIComponent(gameId)}?lang=${lang}`, { token });
        return now.move_number !== number ? now : postMove(text, number);  // made before the socket went?
      })
      : await postMove(text, number);
    // the WebSocket brings the same body; without one (offline) the answer is drawn
    if (connection !== "ok" && answer.game && answer.move_number > number) show(answer, performance.now());
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

/** @param {string} text @param {number} number */
function postMove(text, number) {
  return api(`/api/games/${encodeURIComponent(gameId)}/moves?lang=${lang}`,
    { method: "POST", token, body: { move: text, move_number: number } });
}

/** The socket closed before it answered a move (made or not: the page asks). */
class SocketLost extends Error {}
/** @type {Map<string, {resolve: (answer: any) => void, reject: (e: Error) => void}>} */
const awaited = new Map();
let refs = 0;

/**
 * Send a move on the game's WebSocket; its answer comes after the pushes the move caused.
 * @param {WebSocket} open @param {string} text @param {number} number @returns {Promise<any>}
 */
function moveOnSocket(open, text, number) {
  const ref = String(++refs);
  return new Promise((resolve, reject) => {
    awaited.set(ref, { resolve, reject });
    open.send(JSON.stringify({ op: "move", move: text, move_number: number, ref }));
  });
}

/** @param {any} answer */
function settle(answer) {
  const waiting = awaited.get(String(answer.answer));
  if (!waiting) return;
  awaited.delete(String(answer.answer));
  if (answer.status === 200) waiting.resolve(answer);
  else waiting.reject(new ApiError(answer.status, errorText(answer, lang) || statusText(answer.status, lang), answer));
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
  if (body.can_undo && !settling()) out.push(h("button", { type: "button", id: "undo", onclick: undo }, icon("undo"), h("span", { class: "tool-label" }, ` ${t("undo", lang)}`)));
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
  if (mine() && !wasMine) {  // this seat's turn begins: the play in front
    turnStart = body.move_number;
    tab = "play";
  }
  wasMine = !!mine();
  const recent = recentMoves(body.log, body.seat);
  if (recent.length || body.seat === null || !body.log.length) {
    const fresh = (recent.length ? recent[recent.length - 1].n : -1) !== (since.length ? since[since.length - 1].n : -1);
    since = recent;
    if (fresh) { step = null; sinceOpen = false; freshMarks(); }
  }
  if (step !== null && step >= since.length) step = null;
  const turns = turnsOf(since);
  const marked = step !== null ? [since[step]] : turns.length ? turns[turns.length - 1] : [];
  const ui = makeUi({ lang, catalog: game.catalog, body, chooser: mine() && pending === null ? chooser : null, onToken, seatName: name,
    recent: marked, hinted: hints.best(body) });
  hints.draw(body, mine() && pending === null);
  rematchOffer.update(body);
  // a rematch asked for (or started) is answered in its own box: the final card's Rematch would ask again
  const askAgain = /** @type {HTMLElement | null} */ (finalBox.querySelector("#rematch"));
  if (askAgain) askAgain.hidden = rematchAsked();
  try {
    boardBox.replaceChildren(game.board.draw(body, ui));
  } catch (e) {
    boardBox.replaceChildren(h("pre", { class: "error" }, String(/** @type {Error} */ (e).stack || e)));
  }
  toolsBox.replaceChildren(...tools());
  drawSince(turns);
  drawTabs();
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

/**
 * When it is your turn and no place of the kind the prompt asks for (the board's `focus`, else any place
 * to click) is wholly in the window below the bar, scroll one into view: at once (a tap during a smooth
 * scroll lands elsewhere) and at most once a turn.  On a phone the play is laid out to fit the window
 * below the bar, so the board's top goes just under the bar when that brings the place in too.
 */
function bringIntoView() {
  const targets = /** @type {HTMLElement[]} */ ([...boardBox.querySelectorAll(".clickable")]);
  // another tab open on a phone: the player looks at something else, nothing to bring in
  if (!targets.length || scrolledTurn === turnStart || (phoneQuery.matches && tab !== "play")) return;
  const focus = parts && parts.board.focus
    ? targets.filter((el) => parts?.board.focus(body, el.getAttribute("data-token") || "")) : [];
  const wanted = focus.length ? focus : targets;
  const top = actionBar.getBoundingClientRect().bottom;
  const inView = (/** @type {Element} */ el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.top >= top - 1 && r.bottom <= window.innerHeight + 1 && r.left >= -1 && r.right <= window.innerWidth + 1;
  };
  if (wanted.some(inView)) return;
  const first = wanted[0].getBoundingClientRect();
  let by = first.top - top - 12;
  if (phoneQuery.matches) {
    const boardTop = boardBox.getBoundingClientRect().top - top - 4;
    if (first.bottom - boardTop <= window.innerHeight - top) by = boardTop;
  }
  scrolledTurn = turnStart;
  // counted for the browser tests (a person's scroll, made for them): at which move, to what
  const w = /** @type {any} */ (window);
  (w.hanpanScrolls = w.hanpanScrolls || []).push(`${body.move_number}: ${wanted[0].getAttribute("data-token")}`);
  window.scrollBy({ top: by, behavior: "auto" });
}

// --- since your move: who did what, step by step; the phone's tabs ---------------------------------

/** Consecutive decisions of one seat as turns. @param {{n: number, seat: number, move: string, text: string}[]} entries */
function turnsOf(entries) {
  /** @type {{n: number, seat: number, move: string, text: string}[][]} */
  const out = [];
  for (const e of entries) {
    const last = out[out.length - 1];
    if (last && last[0].seat === e.seat) last.push(e);
    else out.push([e]);
  }
  return out;
}

/** The marks of a new turn (or step) start strong and fade (app.css: #board.marks-fade). */
function freshMarks() {
  boardBox.classList.remove("marks-fade");
  void boardBox.offsetWidth;  // restarts the animation
  boardBox.classList.add("marks-fade");
}

/** @param {number | null} to */
function stepTo(to) {
  step = to;
  freshMarks();
  render();
}

/** The bar's "since your move" line: every turn's decisions in words, or the step chosen, with ◀ ▶.
 * @param {{n: number, seat: number, move: string, text: string}[][]} turns */
function drawSince(turns) {
  if (!since.length || body.status !== "playing") { sinceBox.replaceChildren(); return; }
  const head = body.seat === null ? t("last_turn", lang) : t("since_your_move", lang);
  /** @type {(Element | string)[]} */
  let text;
  if (step !== null) {
    const e = since[step];
    text = [`${name(e.seat)} (${step + 1}/${since.length}): ${e.text}`];
  } else {  // a turn a line once opened (each at most three lines: ◀ ▶ step through the rest)
    text = turns.flatMap((turn, i) => [i ? h("span", { class: "since-sep" }, " · ") : "",
      h("span", { class: "since-turn" }, `${name(turn[0].seat)}: ${turn.map((e) => e.text).join("; ")}`)]);
  }
  const n = since.length;
  const prev = step === null ? n - 1 : step - 1;
  const next = step === null ? 0 : step + 1 < n ? step + 1 : null;
  const words = h("button", { type: "button", id: "since", class: sinceOpen ? "since open" : "since", "aria-expanded": String(sinceOpen),
    onclick: () => {
      sinceOpen = !sinceOpen;
      if (phoneQuery.matches && hasOthers()) tab = "others";
      render();
    } }, h("b", {}, `${head} `), ...text);
  sinceBox.replaceChildren(
    n > 1 || step !== null ? h("button", { type: "button", class: "small step", id: "since-prev", "aria-label": t("since_prev", lang),
      onclick: () => stepTo(prev < 0 ? null : prev) }, icon("prev")) : "",
    n > 1 || step !== null ? h("button", { type: "button", class: "small step", id: "since-next", "aria-label": t("since_next", lang),
      onclick: () => stepTo(next) }, icon("next")) : "",
    words);
}

/** Whether the board draws other players' areas (the phone's second tab). */
function hasOthers() {
  return boardBox.querySelector("[data-phone='others']") !== null;
}

function drawTabs() {
  const names = /** @type {[string, string][]} */ ([["play", "tab_play"], ["others", "tab_others"], ["log", "tab_log"]]);
  const marked = since.length > 0;
  const shown = names.filter(([id]) => id !== "others" || hasOthers());
  if (!shown.some(([id]) => id === tab)) tab = "play";
  mainBox.dataset.tab = tab;
  tabsBox.replaceChildren(...shown.map(([id, key]) => h("button", { type: "button", role: "tab", id: `tab-${id}`,
    "aria-selected": String(tab === id), class: id === "others" && marked ? "marked" : null,
    onclick: () => {
      tab = id;
      if (id === "play") sinceOpen = false;  // the bar back to its height: the play fits under it
      render();
      const below = mainBox.getBoundingClientRect().top - actionBar.getBoundingClientRect().bottom;
      if (below < 0) window.scrollBy({ top: below, behavior: "auto" });
    } }, t(key, lang))));
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
  const title = `${t("your_turn", lang)} — ${gameTitle}`;
  // through the service worker where there is one (Android's Chrome refuses `new Notification`), with the
  // tag the server's pushes about this game carry: one replaces the other, and a tap opens the game
  const options = { tag: `game:${gameId}`, data: { url: location.pathname }, icon: "/static/icons/icon-192.png" };
  const shown = "serviceWorker" in navigator
    ? navigator.serviceWorker.getRegistration().then((r) => (r ? r.showNotification(title, options) : Promise.reject()))
    : Promise.reject();
  shown.catch(() => {
    try {
      new Notification(title, options);
    } catch {
      // no way to show one here: the page's own title and sound still say it
    }
  });
}

// --- the end --------------------------------------------------------------------------------------

function openFinal() {
  finalShown = true;
  const links = [h("a", { href: `/replay/${encodeURIComponent(gameId)}`, class: "button" }, t("replay", lang)),
    h("a", { href: `/api/games/${encodeURIComponent(gameId)}/record`, download: `hanpan-${gameId}.json`, class: "button" }, t("download", lang))];
  if (body.seat !== null) {
    links.unshift(h("button", { type: "button", id: "rematch", class: "primary", onclick: rematch, hidden: rematchAsked() ? "hidden" : null }, t("rematch", lang)));
  }
  finalBox.replaceChildren(
    h("button", { type: "button", class: "close", "aria-label": t("close", lang), onclick: () => { finalBox.hidden = true; } }, icon("close")),
    finalCard(body, lang, body.seat, endReason()),
    h("p", { class: "final-links" }, ...links));
  finalBox.hidden = false;
}

/** Whether a table's rematch is asked for or started (its box answers it; declined or withdrawn, it may be asked again). */
function rematchAsked() {
  return !!(body.table && body.rematch && body.rematch.status !== "abandoned");
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
/** the WebSocket's bodies, handled one at a time in the order they came */
let inbox = Promise.resolve();
/** @type {WebSocket | null} */
let socket = null;

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ lang });
  // the seat's token goes as a subprotocol, never in the URL (which server logs and proxies keep)
  const protocols = token ? ["hanpan", `token.${token}`] : ["hanpan"];
  const opened = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(gameId)}/ws?${query}`,
                               protocols);
  socket = opened;
  opened.addEventListener("open", () => { retry = 500; connection = "ok"; });
  opened.addEventListener("message", (event) => {
    const at = performance.now();
    // one body after the other, in the order they came: the first waits for the board's code, and a
    // burst of computer moves meanwhile must not overtake it (an older body drawn last stays drawn)
    inbox = inbox.then(() => receive(String(event.data), at)).catch((e) => console.error(e));
  });
  /** @param {string} data @param {number} at */
  async function receive(data, at) {
    const next = JSON.parse(data);
    if ("answer" in next) {  // a move's answer, after the bodies it caused (drawn above)
      settle(next);
      return;
    }
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
  }
  opened.addEventListener("close", (event) => {
    if (socket === opened) socket = null;
    for (const waiting of awaited.values()) waiting.reject(new SocketLost());
    awaited.clear();
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
const mainBox = /** @type {HTMLElement} */ (h("main", { class: "game", "data-tab": tab },
  h("section", { class: "table", "aria-label": t("table", lang) }, boardWrap), sideBox));
root.replaceChildren(header(lang), actionBar, mainBox, finalBox, rematchOffer.box);
connect();
