// Lobby tables as the pages show them: a table's seats, pace and options in words, the lobby's lists of
// open tables and your tables, and the form that makes a new table.

import { api, gameName, levelTitle, optionsText, paceText, profileLink, ratingText, t } from "./common.js";
import { h, icon } from "./ui.js";

/** @typedef {import("./common.js").Player} Player */

/** The game's meta for a table. @param {any} info @param {string} id */
export function gameOf(info, id) {
  return info.games.find((/** @type {any} */ g) => g.id === id);
}

/** One seat in words: who sits there with their rating, an open or kept seat, a computer level with its rating.
 * @param {any} seat a seat of the table's JSON @param {any} info @param {string} lang @param {Player | null} me */
export function seatLine(seat, info, lang, me) {
  const label = h("span", { class: "seat-no" }, t("seat", lang, { n: seat.seat + 1 }));
  if (seat.player) {
    const p = seat.player;
    const you = me && me.id === p.id ? ` (${t("you", lang)})` : "";
    const rating = p.guest ? h("span", { class: "rating" }, t("guest", lang))
      : p.rating !== undefined ? h("span", { class: "rating", "data-rating": p.rating }, ratingText(p.rating, p.uncertainty)) : null;
    return h("li", { class: "seat taken", "data-seat": seat.seat }, label, " ", profileLink(p.name), you, rating ? [" ", rating] : null);
  }
  if (seat.kind === "level") {
    return h("li", { class: "seat level", "data-seat": seat.seat }, label, " ", icon("chip", "level-icon"), " ",
      levelTitle(info, seat.level, lang), seat.rating !== undefined ? [" ", h("span", { class: "rating" }, String(seat.rating))] : null);
  }
  if (seat.kind === "reserved" && seat.left && seat.left.why === "declined") {
    return h("li", { class: "seat reserved declined", "data-seat": seat.seat }, label, " ", h("i", {}, t("declined_seat", lang, { name: seat.left.name })));
  }
  if (seat.kind === "reserved") {
    return h("li", { class: "seat reserved", "data-seat": seat.seat }, label, " ", h("i", {}, t("reserved_for", lang, { name: seat.name })));
  }
  return h("li", { class: "seat open", "data-seat": seat.seat }, label, " ", h("i", {}, t("open_seat", lang)));
}

/** Whether `me` may sit at the table now: it is open, they do not sit there, and a seat is open to them.
 * @param {any} table @param {Player | null} me */
export function canJoin(table, me) {
  if (!me || table.status !== "open") return false;
  if (table.seats.some((/** @type {any} */ s) => s.player && s.player.id === me.id)) return false;
  const mine = me.name.normalize("NFKC").toLowerCase();
  return table.seats.some((/** @type {any} */ s) => !s.player && (s.kind === "open"
    || (s.kind === "reserved" && String(s.name || "").normalize("NFKC").toLowerCase() === mine)));
}

/** Whether `me` sits at the table. @param {any} table @param {Player | null} me */
export function sitsAt(table, me) {
  return !!me && table.seats.some((/** @type {any} */ s) => s.player && s.player.id === me.id);
}

/** Whether the table's game will be rated if `me` joins it now, and why not, in words (the server's
 * `will_be_rated` for the people sitting; a guest joining makes it unrated too).
 * @param {any} table @param {Player | null} me @param {string} lang @returns {{rated: boolean, text: string}} */
export function ratedText(table, me, lang) {
  const will = table.will_be_rated || { rated: !!table.rated, why: [], guests_unrate: false };
  const seated = sitsAt(table, me);
  const why = /** @type {string[]} */ (will.why.map((/** @type {any} */ w) => (w.code === "guest"
    ? t(w.names.length > 1 ? "unrated_guests" : "unrated_guest", lang, { names: w.names.join(", ") })
    : t(`unrated_${w.code}`, lang))));
  if (me && me.guest && !seated) why.push(t("unrated_you_guest", lang));
  if (why.length) return { rated: false, text: t("rated_no", lang, { why: why.join("; ") }) };
  const open = table.seats.filter((/** @type {any} */ s) => !s.player && s.kind !== "level").length;
  const lastSeat = !!me && !seated && open <= 1;
  return { rated: true, text: t(will.guests_unrate && !lastSeat ? "rated_if_no_guest" : "rated_yes", lang) };
}

/** The rated note of an open table (the lobby's row, the join dialog, the table's page).
 * @param {any} table @param {Player | null} me @param {string} lang */
export function ratedNote(table, me, lang) {
  const { rated, text } = ratedText(table, me, lang);
  return h("p", { class: `rated-note ${rated ? "rated" : "unrated"}`, "data-rated": String(rated) }, text);
}

/** The table's game, options and pace in one line. @param {any} table @param {any} info @param {string} lang */
export function tableSummary(table, info, lang) {
  const game = gameOf(info, table.game);
  return h("span", { class: "table-summary" }, h("b", {}, game ? gameName(game, lang) : table.game),
    ` · ${t("n_players", lang, { n: table.seats.length })} · ${optionsText(game, table.options, lang)} · ${paceText(table.pace, info, lang)}`);
}

/** The lobby's tables: the open ones (with Join), and yours (your turn first), refreshed every few seconds.
 * @param {any} info @param {Player | null} me @param {string} lang */
export function tablesSection(info, me, lang) {
  const openBox = h("div", { id: "open-tables" });
  const mineBox = h("div", { id: "your-tables" });
  const error = h("p", { class: "error", role: "alert" });
  const section = h("section", { id: "tables", "aria-labelledby": "open-tables-title" },
    h("h2", { id: "open-tables-title" }, t("open_tables", lang)),
    me ? null : h("p", { class: "help login-hint" }, t("login_to_join", lang)),
    openBox, error,
    me ? [h("h2", {}, t("your_tables", lang)), mineBox] : null);

  /** Ask first, saying whether the game will be rated and why not; then sit down. @param {any} table */
  function join(table) {
    const dialog = /** @type {HTMLDialogElement} */ (h("dialog", { class: "join-dialog", id: "join-dialog", "aria-labelledby": "join-title" },
      h("h2", { id: "join-title" }, t("join_title", lang)),
      h("p", {}, tableSummary(table, info, lang)),
      h("ul", { class: "seat-list" }, ...table.seats.map((/** @type {any} */ s) => seatLine(s, info, lang, me))),
      ratedNote(table, me, lang),
      h("p", { class: "dialog-actions" },
        h("button", { type: "button", id: "join-cancel", onclick: () => dialog.close() }, t("cancel", lang)),
        h("button", { type: "button", id: "join-confirm", class: "primary", onclick: () => { dialog.close(); sit(table); } }, t("join_confirm", lang)))));
    dialog.addEventListener("close", () => dialog.remove());
    section.append(dialog);
    dialog.showModal();
  }

  /** @param {any} table */
  async function sit(table) {
    error.textContent = "";
    try {
      await api(`/api/tables/${encodeURIComponent(table.id)}/join`, { method: "POST", body: {} });
      location.assign(`/table/${encodeURIComponent(table.id)}`);
    } catch (e) {
      error.textContent = /** @type {Error} */ (e).message;
    }
  }

  /** @param {any} table */
  function openRow(table) {
    const actions = [];
    if (canJoin(table, me)) actions.push(h("button", { type: "button", class: "join-table primary", onclick: () => join(table) }, t("sit", lang)));
    if (sitsAt(table, me)) actions.push(h("a", { href: `/table/${encodeURIComponent(table.id)}`, class: "button" }, t("open_table", lang)));
    return h("li", { class: "table-row", "data-table": table.id }, tableSummary(table, info, lang),
      h("ul", { class: "seat-list" }, ...table.seats.map((/** @type {any} */ s) => seatLine(s, info, lang, me))),
      ratedNote(table, me, lang),
      actions.length ? h("p", { class: "table-actions" }, ...actions) : null);
  }

  /** @param {any} table @param {string} kind */
  function mineRow(table, kind) {
    const gameId = table.game_id ? encodeURIComponent(table.game_id) : "";
    const link = kind === "playing" ? h("a", { href: `/play/${gameId}`, class: "button" }, t("join", lang))
      : kind === "finished" && table.game_id ? h("a", { href: `/replay/${gameId}`, class: "button" }, t("replay", lang))
        : h("a", { href: `/table/${encodeURIComponent(table.id)}`, class: "button" }, t("open_table", lang));
    const turn = table.your_turn ? h("span", { class: "turn-mark" }, icon("play"), " ", t("your_turn_mark", lang)) : null;
    const names = table.seats.map((/** @type {any} */ s) => (s.player ? s.player.name : s.kind === "level" ? levelTitle(info, s.level, lang) : t("open_seat", lang))).join(", ");
    return h("li", { class: `table-row mine ${kind}${table.your_turn ? " your-turn" : ""}`, "data-table": table.id },
      turn, turn ? " " : null, tableSummary(table, info, lang), h("br", {}), h("small", {}, names), " ", link);
  }

  let shown = "";
  async function refresh() {
    try {
      const listing = await api("/api/tables");
      const key = JSON.stringify(listing);
      if (key === shown) return;  // unchanged: the buttons stay where they are
      shown = key;
      openBox.replaceChildren(listing.open.length ? h("ul", { class: "table-list" }, ...listing.open.map(openRow))
        : h("p", { class: "help" }, t("no_open_tables", lang)));
      if (me && listing.you) {
        const you = listing.you;
        const rows = [...you.playing.map((/** @type {any} */ x) => mineRow(x, "playing")),
          ...you.open.map((/** @type {any} */ x) => mineRow(x, "open")),
          ...you.finished.slice(0, 10).map((/** @type {any} */ x) => mineRow(x, "finished"))];
        mineBox.replaceChildren(rows.length ? h("ul", { class: "table-list" }, ...rows) : h("p", { class: "help" }, t("none_yet", lang)));
      }
    } catch (e) {
      error.textContent = /** @type {Error} */ (e).message;
    }
  }
  refresh();
  window.setInterval(() => { if (!document.hidden) refresh(); }, 3000);
  return section;
}

/** A game option's input with its name in words and one-line description (the new-table and practice forms).
 * @param {any} option @param {string} prefix @param {string} lang */
export function optionField(option, prefix, lang) {
  const label = (lang === "ko" ? option.label_ko : option.label_en) || option.name;
  const help = lang === "ko" ? option.help_ko : option.help_en;
  let input;
  if (option.choices) {
    input = h("select", { id: `${prefix}${option.name}`, "data-option": option.name },
      ...option.choices.map((/** @type {any} */ c) => h("option", { value: String(c), selected: c === option.default ? "selected" : null }, String(c))));
    input.setAttribute("aria-label", label);
  } else if (option.type === "bool") {
    input = h("input", { id: `${prefix}${option.name}`, type: "checkbox", "data-option": option.name, checked: option.default ? "checked" : null });
  } else {
    input = h("input", { id: `${prefix}${option.name}`, type: "number", min: 1, step: 1, "data-option": option.name, placeholder: "—" });
  }
  return h("label", { class: "field" }, h("span", {}, h("b", {}, label), help ? h("small", { class: "help option-help" }, help) : null), input);
}

/** The options the inputs under `box` say. @param {Element} box @param {any} game */
export function readOptions(box, game) {
  /** @type {Record<string, any>} */
  const options = {};
  for (const input of box.querySelectorAll("[data-option]")) {
    const el = /** @type {HTMLInputElement} */ (input);
    const name = el.dataset.option || "";
    const spec = game.options.find((/** @type {any} */ o) => o.name === name);
    if (el.type === "checkbox") options[name] = el.checked;
    else if (el.type === "number") { if (el.value !== "") options[name] = Number(el.value); }
    else options[name] = spec && spec.type === "bool" ? el.value === "true" : el.value;
  }
  return options;
}

/** The "New table" form: game, players, each seat, public or private, the pace, the game's options.
 * @param {any} info @param {string} lang */
export function newTableForm(info, lang) {
  const gameSelect = /** @type {HTMLSelectElement} */ (h("select", { id: "nt-game" },
    ...info.games.map((/** @type {any} */ g) => h("option", { value: g.id }, gameName(g, lang)))));
  const countSelect = /** @type {HTMLSelectElement} */ (h("select", { id: "nt-count" }));
  const seatsBox = h("div", { class: "nt-seats" });
  const optionsBox = h("div", { class: "nt-options" });
  const visibility = /** @type {HTMLSelectElement} */ (h("select", { id: "nt-public" },
    h("option", { value: "public" }, t("public", lang)), h("option", { value: "private" }, t("private", lang))));
  const pace = /** @type {HTMLSelectElement} */ (h("select", { id: "nt-pace" },
    h("option", { value: "realtime" }, t("realtime", lang)), h("option", { value: "turn" }, t("turn_based", lang))));
  const limit = /** @type {HTMLSelectElement} */ (h("select", { id: "nt-limit" },
    ...[[3600, t("hour", lang)], [86400, t("day", lang)], [259200, t("days", lang, { n: 3 })]].map(([s, text]) =>
      h("option", { value: s, selected: s === 86400 ? "selected" : null }, String(text)))));
  const timeout = /** @type {HTMLSelectElement} */ (h("select", { id: "nt-timeout" }));
  const turnBox = /** @type {HTMLElement} */ (h("div", { class: "nt-turn", hidden: "hidden" },
    h("label", { class: "field" }, h("span", {}, t("time_limit", lang)), limit),
    h("label", { class: "field" }, h("span", {}, t("on_timeout", lang)), timeout)));
  const error = h("p", { class: "error", role: "alert", id: "nt-error" });
  const current = () => gameOf(info, gameSelect.value);
  const levelsFor = (/** @type {number} */ n) => /** @type {any[]} */ (current().levels[String(n)] || []);

  function drawSeats() {
    const count = Number(countSelect.value);
    seatsBox.replaceChildren();
    for (let seat = 0; seat < count; seat++) {
      const select = /** @type {HTMLSelectElement} */ (h("select", { id: `nt-seat${seat}`, class: "nt-seat-kind" },
        h("option", { value: "me", selected: seat === 0 ? "selected" : null }, t("seat_you", lang)),
        h("option", { value: "open", selected: seat > 0 ? "selected" : null }, t("seat_open", lang)),
        h("option", { value: "reserved" }, t("seat_reserved", lang)),
        ...levelsFor(count).map((l) => h("option", { value: `level:${l.name}` },
          `${(lang === "ko" ? l.title_ko : l.title_en) || l.name}${l.rating ? ` (${t("rating", lang)} ${l.rating})` : ""}`))));
      const name = /** @type {HTMLInputElement} */ (h("input", { id: `nt-name${seat}`, maxlength: 20, autocomplete: "off",
        "aria-label": t("reserved_name", lang, { n: seat + 1 }), placeholder: t("name", lang), hidden: "hidden" }));
      select.addEventListener("change", () => { name.hidden = select.value !== "reserved"; });
      seatsBox.append(h("div", { class: "nt-seat" },
        h("label", { class: "field" }, h("span", {}, t("seat", lang, { n: seat + 1 })), select), name));
    }
    timeout.replaceChildren(...levelsFor(count).map((l) => h("option", { value: `level:${l.name}`, selected: l.name === "greedy" ? "selected" : null },
      t("level_plays", lang, { level: (lang === "ko" ? l.title_ko : l.title_en) || l.name }))),
    h("option", { value: "abandon" }, t("abandon", lang)));
  }

  function drawGame() {
    const game = current();
    countSelect.replaceChildren();
    for (let n = Math.max(2, game.min_players); n <= game.max_players; n++) {
      countSelect.append(h("option", { value: n, selected: n === Math.max(2, game.min_players) ? "selected" : null }, String(n)));
    }
    drawSeats();
    optionsBox.replaceChildren(...game.options.map((/** @type {any} */ o) => optionField(o, "nt-opt-", lang)));
  }

  gameSelect.addEventListener("change", drawGame);
  countSelect.addEventListener("change", drawSeats);
  pace.addEventListener("change", () => { turnBox.hidden = pace.value !== "turn"; });
  drawGame();

  async function create(/** @type {Event} */ event) {
    event.preventDefault();
    error.textContent = "";
    const seats = [...seatsBox.querySelectorAll(".nt-seat")].map((box) => {
      const kind = /** @type {HTMLSelectElement} */ (box.querySelector("select")).value;
      if (kind.startsWith("level:")) return { kind: "level", level: kind.slice(6) };
      if (kind === "reserved") return { kind, name: /** @type {HTMLInputElement} */ (box.querySelector("input")).value.trim() };
      return { kind };
    });
    const request = {
      game: current().id, seats, options: readOptions(optionsBox, current()), public: visibility.value === "public",
      pace: pace.value === "turn" ? { kind: "turn", limit_s: Number(limit.value), on_timeout: timeout.value } : { kind: "realtime" },
    };
    try {
      const table = await api("/api/tables", { method: "POST", body: request });
      location.assign(`/table/${encodeURIComponent(table.id)}`);
    } catch (e) {
      error.textContent = /** @type {Error} */ (e).message;
    }
  }

  return h("form", { id: "new-table", onsubmit: create, "aria-labelledby": "new-table-title" },
    h("h2", { id: "new-table-title" }, t("new_table", lang)),
    h("label", { class: "field" }, h("span", {}, t("game", lang)), gameSelect),
    h("label", { class: "field" }, h("span", {}, t("players", lang)), countSelect),
    h("div", { role: "group", "aria-label": t("seats", lang) }, seatsBox),
    h("label", { class: "field" }, h("span", {}, t("visibility", lang)), visibility),
    h("label", { class: "field" }, h("span", {}, t("pace", lang)), pace),
    turnBox,
    h("div", { role: "group", "aria-label": t("options", lang), class: "nt-options-group" }, optionsBox),
    h("button", { type: "submit", id: "nt-create", class: "primary" }, t("create_table", lang)),
    error);
}
