// The lobby: the open tables to join, your tables, a new table; below, practice games (no account: the
// game, seats, options, seed, and its links to hand out), this browser's practice games going on (resume,
// abandon) and the games on the server.

import { api, currentLang, gameName, header, meta, t, whoami } from "./common.js";
import { newTableForm, optionField, readOptions, tablesSection } from "./tables-ui.js";
import { remember, playLink, rememberedGames, tokensOf } from "./tokens.js";
import { h } from "./ui.js";

const lang = currentLang();
document.documentElement.lang = lang;
document.title = t("title", lang);

/** The number of players a first game suits: two where the game allows it. @param {any} game */
function firstGamePlayers(game) {
  return Math.min(game.max_players, Math.max(game.min_players, 2));
}

/** The new-game form. @param {any} info */
function form(info) {
  const gameSelect = h("select", { id: "game", name: "game" },
    ...info.games.map((/** @type {any} */ g) => h("option", { value: g.id }, `${gameName(g, lang)} (${g.min_players === g.max_players ? g.min_players : `${g.min_players}–${g.max_players}`})`)));
  const countBox = h("div", { class: "field" });
  const seatsBox = h("div", { class: "seats" });
  const optionsBox = h("div", { class: "options" });
  const seed = h("input", { id: "seed", type: "number", min: 0, step: 1, inputmode: "numeric", placeholder: "—", "aria-describedby": "seed-help" });
  const error = h("p", { class: "error", role: "alert" });

  const current = () => info.games.find((/** @type {any} */ g) => g.id === /** @type {HTMLSelectElement} */ (gameSelect).value);

  /** @param {number} count */
  function drawSeats(count) {
    seatsBox.replaceChildren();
    // the game's computer players for this many players, weakest first, each with who it suits
    const levels = current().levels[String(count)] || info.seats.filter((/** @type {string} */ k) => k !== "human").map((/** @type {string} */ name) => ({ name }));
    const kinds = [{ name: "human", label: t("human", lang) }, ...levels.map((/** @type {any} */ l) => ({ name: l.name, label: (lang === "ko" ? l.line_ko : l.line_en) || l.name }))];
    for (const l of levels) titles[l.name] = (lang === "ko" ? l.title_ko : l.title_en) || l.name;
    for (let seat = 0; seat < count; seat++) {
      const select = h("select", { id: `seat${seat}`, class: "seat-kind" },
        ...kinds.map((kind) => h("option", { value: kind.name, selected: (seat === 0 ? kind.name === "human" : kind.name === "greedy") ? "selected" : null }, kind.label)));
      seatsBox.append(h("label", { class: "field" }, h("span", {}, t("seat", lang, { n: seat + 1 })), select));
    }
  }

  function drawGame() {
    const game = current();
    countBox.replaceChildren();
    if (game.min_players !== game.max_players) {
      const count = h("select", { id: "count" });
      for (let n = game.min_players; n <= game.max_players; n++) count.append(h("option", { value: n, selected: n === firstGamePlayers(game) ? "selected" : null }, String(n)));
      count.addEventListener("change", () => drawSeats(Number(/** @type {HTMLSelectElement} */ (count).value)));
      countBox.append(h("label", { class: "field" }, h("span", {}, t("players", lang)), count));
    }
    drawSeats(game.min_players === game.max_players ? game.min_players : firstGamePlayers(game));
    optionsBox.replaceChildren();
    for (const option of game.options) optionsBox.append(optionField(option, "opt-", lang));
  }

  gameSelect.addEventListener("change", drawGame);
  drawGame();

  async function create(/** @type {Event} */ event) {
    event.preventDefault();
    error.textContent = "";
    const game = current();
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => /** @type {HTMLSelectElement} */ (s).value);
    const options = readOptions(optionsBox, game);
    /** @type {Record<string, any>} */
    const request = { game: game.id, seats, options };
    const seedText = /** @type {HTMLInputElement} */ (seed).value.trim();
    if (seedText !== "") request.seed = Number(seedText);
    try {
      const created = await api(`/api/games?lang=${lang}`, { method: "POST", body: request });
      for (const s of created.seats) if (s.token) remember(created.id, s.seat, s.token);
      // your seat opens at once (the first person's seat); its page offers the other seats' links
      const first = created.seats.find((/** @type {any} */ s) => s.token);
      location.assign(playLink(created.id, first ? first.token : null));
    } catch (e) {
      error.textContent = /** @type {Error} */ (e).message;
    }
  }

  return h("form", { id: "new-game", onsubmit: create },
    h("h2", {}, t("practice", lang)),
    h("label", { class: "field" }, h("span", {}, t("game", lang)), gameSelect),
    countBox, seatsBox,
    h("fieldset", {}, h("legend", {}, t("options", lang)), optionsBox),
    h("details", { class: "more" }, h("summary", {}, t("more", lang)),
      h("label", { class: "field" }, h("span", {}, t("seed", lang)), seed),
      h("p", { class: "help", id: "seed-help" }, t("seed_help", lang))),
    h("button", { type: "submit", id: "create", class: "primary" }, t("create", lang)),
    error);
}

const lists = h("section", { id: "games" });
const practiceBox = h("section", { id: "my-practice" });
/** @type {Record<string, string>} a level's name in the page's language */
const titles = {};

async function refresh() {
  const info = await meta();
  const names = Object.fromEntries(info.games.map((/** @type {any} */ g) => [g.id, gameName(g, lang)]));
  const [playing, finished] = await Promise.all([api("/api/games?status=playing"), api("/api/games?status=finished")]);
  const row = (/** @type {any} */ g) => {
    const mine = tokensOf(g.id);
    const seatLinks = Object.entries(mine).map(([seat, token]) => h("a", { href: playLink(g.id, token), class: "join" }, `${t("join", lang)} (${t("player", lang, { n: Number(seat) + 1 })})`));
    const actions = g.status === "playing"
      ? [...seatLinks, h("a", { href: playLink(g.id, null) }, t("watch", lang))]
      : [h("a", { href: `/replay/${encodeURIComponent(g.id)}` }, t("replay", lang))];
    const seats = g.seats.map((/** @type {string} */ k) => (k === "human" ? t("human", lang) : titles[k] || k)).join(", ");
    const result = g.result ? `\u00a0— ${g.result.scores.join("\u00a0:\u00a0")}` : "";
    return h("li", { "data-game": g.id }, h("b", {}, names[g.game] || g.game), ` · ${seats} · ${t("moves_made", lang, { n: g.move_number })}${result} `, ...actions.flatMap((a) => [a, " "]));
  };
  const list = (/** @type {any[]} */ games) => (games.length ? h("ul", { class: "game-list" }, ...games.map(row)) : h("p", { class: "help" }, t("none_yet", lang)));
  lists.replaceChildren(h("h2", {}, t("in_progress", lang)), list(playing), h("h2", {}, t("finished", lang)), list(finished));
  await drawPractice(names);
}

/** This browser's practice games going on, each to resume or abandon. @param {Record<string, string>} names */
async function drawPractice(names) {
  const ids = rememberedGames().slice(-50);
  const games = ids.length ? await api(`/api/games?status=playing&ids=${ids.map(encodeURIComponent).join(",")}`) : [];
  if (!games.length) {
    practiceBox.replaceChildren();
    return;
  }
  const error = h("p", { class: "error", role: "alert" });
  const row = (/** @type {any} */ g) => {
    const mine = Object.entries(tokensOf(g.id));
    const seats = g.seats.map((/** @type {string} */ k) => (k === "human" ? t("human", lang) : titles[k] || k)).join(", ");
    const resume = mine.map(([seat, token]) => h("a", { href: playLink(g.id, token), class: "join" }, `${t("join", lang)} (${t("player", lang, { n: Number(seat) + 1 })})`));
    const abandon = h("button", { type: "button", class: "small abandon", onclick: async () => {
      if (!mine.length || !window.confirm(t("abandon_confirm", lang))) return;
      try {
        await api(`/api/games/${encodeURIComponent(g.id)}/abandon?lang=${lang}`, { method: "POST", token: mine[0][1] });
        await refresh();
      } catch (e) {
        error.textContent = /** @type {Error} */ (e).message;
      }
    } }, t("abandon_game", lang));
    return h("li", { "data-game": g.id }, h("b", {}, names[g.game] || g.game), ` · ${seats} · ${t("moves_made", lang, { n: g.move_number })} `, ...[...resume, abandon].flatMap((a) => [a, " "]));
  };
  practiceBox.replaceChildren(h("h2", {}, t("your_practice", lang)), h("p", { class: "help" }, t("your_practice_help", lang)),
    h("ul", { class: "game-list" }, ...games.map(row)), error);
}

async function main() {
  const root = /** @type {HTMLElement} */ (document.getElementById("app"));
  const info = await meta();
  for (const game of info.games) for (const levels of Object.values(game.levels)) for (const l of /** @type {any[]} */ (levels)) titles[l.name] = (lang === "ko" ? l.title_ko : l.title_en) || l.name;
  const { player } = await whoami();
  const tables = tablesSection(info, player, lang);
  const side = h("div", { class: "lobby-forms" }, player ? newTableForm(info, lang) : "", form(info));
  root.replaceChildren(header(lang), h("main", { class: "lobby" }, h("div", { class: "lobby-lists" }, practiceBox, tables, lists), side));
  await refresh();
}

main().catch((e) => {
  document.body.append(h("p", { class: "error" }, String(e.message || e)));
});
