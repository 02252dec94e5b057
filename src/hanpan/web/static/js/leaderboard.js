// The leaderboards (/leaderboard?game=…&players=…): the best rated players of a game and player count,
// and the computer levels with their fixed ratings.

import { api, currentLang, gameName, header, levelTitle, meta, profileLink, ratingText, t } from "./common.js";
import { gameOf } from "./tables-ui.js";
import { h } from "./ui.js";

const lang = currentLang();
document.documentElement.lang = lang;
document.title = `${t("leaderboard", lang)} — hanpan`;
const root = /** @type {HTMLElement} */ (document.getElementById("app"));

async function main() {
  const info = await meta();
  const query = new URLSearchParams(location.search);
  const gameSelect = /** @type {HTMLSelectElement} */ (h("select", { id: "lb-game" },
    ...info.games.map((/** @type {any} */ g) => h("option", { value: g.id }, gameName(g, lang)))));
  const countSelect = /** @type {HTMLSelectElement} */ (h("select", { id: "lb-players" }));
  const leaders = h("div", { id: "leaders" });
  const levels = h("div", { id: "levels" });
  const error = h("p", { class: "error", role: "alert" });
  if (gameOf(info, query.get("game") || "")) gameSelect.value = String(query.get("game"));

  function counts() {
    const game = gameOf(info, gameSelect.value);
    const wanted = Number(query.get("players")) || Math.max(2, game.min_players);
    countSelect.replaceChildren();
    for (let n = Math.max(2, game.min_players); n <= game.max_players; n++) {
      countSelect.append(h("option", { value: n, selected: n === wanted ? "selected" : null }, String(n)));
    }
  }

  async function show() {
    error.textContent = "";
    const game = gameSelect.value;
    const players = countSelect.value;
    history.replaceState(null, "", `?game=${encodeURIComponent(game)}&players=${players}`);
    try {
      const board = await api(`/api/leaderboard/${encodeURIComponent(game)}?players=${players}`);
      const head = h("tr", {}, ...["rank", "name", "rating", "games"].map((k) => h("th", { scope: "col" }, t(k, lang))));
      leaders.replaceChildren(board.leaders.length
        ? h("table", { class: "leaders" }, h("caption", { class: "visually-hidden" }, t("leaders", lang)), h("thead", {}, head),
          h("tbody", {}, ...board.leaders.map((/** @type {any} */ r, /** @type {number} */ i) => h("tr", {},
            h("td", {}, String(i + 1)), h("td", {}, r.name ? profileLink(r.name) : "—"),
            h("td", {}, ratingText(r.display, r.uncertainty)), h("td", {}, String(r.games))))))
        : h("p", { class: "help" }, t("no_leaders", lang)));
      levels.replaceChildren(h("table", { class: "leaders levels" }, h("caption", { class: "visually-hidden" }, t("levels", lang)),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("level", lang)), h("th", { scope: "col" }, t("rating", lang)))),
        h("tbody", {}, ...board.levels.map((/** @type {any} */ l) => h("tr", {}, h("td", {}, levelTitle(info, l.level, lang)),
          h("td", {}, String(l.display)))))));
    } catch (e) {
      error.textContent = /** @type {Error} */ (e).message;
    }
  }

  gameSelect.addEventListener("change", () => { query.delete("players"); counts(); show(); });
  countSelect.addEventListener("change", show);
  counts();
  root.replaceChildren(header(lang), h("main", { class: "page leaderboard" },
    h("h1", {}, t("leaderboard", lang)),
    h("form", { class: "panel lb-choose", onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); show(); } },
      h("label", { class: "field" }, h("span", {}, t("game", lang)), gameSelect),
      h("label", { class: "field" }, h("span", {}, t("players", lang)), countSelect)),
    h("div", { class: "lb-columns" },
      h("section", { class: "panel", "aria-labelledby": "leaders-title" }, h("h2", { id: "leaders-title" }, t("leaders", lang)), leaders, error),
      h("section", { class: "panel", "aria-labelledby": "levels-title" }, h("h2", { id: "levels-title" }, t("levels", lang)), levels))));
  await show();
}

main().catch((e) => {
  document.body.append(h("p", { class: "error" }, String(e.message || e)));
});
