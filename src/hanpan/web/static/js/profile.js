// A player's profile (/players/{name}): their ratings per game and player count, each with a line plot
// of its history, their games (with the replays) and the computer levels they beat.

import { ApiError, api, currentLang, gameName, header, levelTitle, meta, ratingText, t } from "./common.js";
import { gameOf } from "./tables-ui.js";
import { h, svg } from "./ui.js";

const lang = currentLang();
document.documentElement.lang = lang;
const name = decodeURIComponent(location.pathname.split("/")[2] || "");
const root = /** @type {HTMLElement} */ (document.getElementById("app"));
let plots = 0;

/** A date and time in the page's language. @param {string | number | Date} at */
function when(at) {
  const date = new Date(at);
  return date.toLocaleString(lang === "ko" ? "ko-KR" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
}

/** A rating's history as a small line plot: the rating with its uncertainty band over time, labelled axes.
 * @param {{at: string, display: number, uncertainty: number}[]} history @param {string} label */
export function ratingPlot(history, label) {
  const W = 360, H = 150, left = 44, right = 10, top = 12, bottom = 30;
  const id = `plot-${++plots}`;
  const times = history.map((p) => new Date(p.at).getTime());
  const lows = history.map((p) => p.display - p.uncertainty);
  const highs = history.map((p) => p.display + p.uncertainty);
  let y0 = Math.min(...lows), y1 = Math.max(...highs);
  if (y1 - y0 < 100) { const mid = (y0 + y1) / 2; y0 = mid - 50; y1 = mid + 50; }
  const t0 = Math.min(...times), t1 = Math.max(...times);
  y0 = Math.floor(y0 / 100) * 100;
  y1 = Math.ceil(y1 / 100) * 100;
  const x = (/** @type {number} */ i) => (history.length === 1 || t1 === t0
    ? left + (W - left - right) * (history.length === 1 ? 0.5 : i / (history.length - 1))
    : left + (W - left - right) * (times[i] - t0) / (t1 - t0));
  const y = (/** @type {number} */ v) => top + (H - top - bottom) * (1 - (v - y0) / (y1 - y0));
  const line = history.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.display).toFixed(1)}`).join(" ");
  const band = [...history.map((_p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(highs[i]).toFixed(1)}`),
    ...history.map((_p, i) => i).reverse().map((i) => `L${x(i).toFixed(1)},${y(lows[i]).toFixed(1)}`)].join(" ") + " Z";
  const day = (/** @type {number} */ ms) => new Date(ms).toLocaleDateString(lang === "ko" ? "ko-KR" : "en-GB", { month: "short", day: "numeric" });
  return svg("svg", { class: "rating-plot", viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-labelledby": id },
    svg("title", { id }, `${label}: ${history.map((p) => p.display).join(" → ")}`),
    svg("line", { x1: left, y1: top, x2: left, y2: H - bottom, class: "axis" }),
    svg("line", { x1: left, y1: H - bottom, x2: W - right, y2: H - bottom, class: "axis" }),
    svg("text", { x: left - 4, y: y(y1) + 4, "text-anchor": "end", class: "tick" }, String(Math.round(y1))),
    svg("text", { x: left - 4, y: y(y0), "text-anchor": "end", class: "tick" }, String(Math.round(y0))),
    svg("text", { x: history.length === 1 ? x(0) : left, y: H - bottom + 14, "text-anchor": history.length === 1 ? "middle" : "start", class: "tick" }, day(t0)),
    t1 !== t0 ? svg("text", { x: W - right, y: H - bottom + 14, "text-anchor": "end", class: "tick" }, day(t1)) : null,
    svg("text", { x: (left + W - right) / 2, y: H - 3, "text-anchor": "middle", class: "axis-label" }, t("date", lang)),
    svg("text", { x: 10, y: (top + H - bottom) / 2, "text-anchor": "middle", class: "axis-label",
      transform: `rotate(-90 10 ${(top + H - bottom) / 2})` }, t("rating", lang)),
    history.length > 1 ? svg("path", { d: band, class: "band" }) : null,
    // one game: its uncertainty as a band across the plot, a level line and the value in words beside the point
    ...(history.length === 1 ? [
      svg("rect", { x: left, width: W - left - right, y: y(highs[0]), height: Math.max(1, y(lows[0]) - y(highs[0])), class: "band" }),
      svg("line", { x1: left, x2: W - right, y1: y(history[0].display), y2: y(history[0].display), class: "level-line" }),
      svg("text", { x: x(0), y: y(history[0].display) - 9, "text-anchor": "middle", class: "single-label" },
        t("rating_after_first", lang, { rating: ratingText(history[0].display, history[0].uncertainty) }))] : []),
    // each rating's uncertainty as a bar through its point
    ...history.map((_p, i) => svg("line", { x1: x(i), x2: x(i), y1: y(lows[i]), y2: y(highs[i]), class: "error-bar" })),
    svg("path", { d: line, class: "line" }),
    ...history.map((p, i) => svg("circle", { cx: x(i), cy: y(p.display), r: 3.5, class: "point" },
      svg("title", {}, `${when(p.at)}: ${ratingText(p.display, p.uncertainty)}`))));
}

/** A game's result for the player: won, shared win, lost, unfinished, playing; the scores theirs first,
 * then the others' in seat order: "won (52 : 47)". @param {any} g */
export function resultText(g) {
  if (g.status === "playing" || g.status === "open") return t("in_play", lang);
  const result = g.result;
  if (!result || result.unfinished || g.status === "abandoned") return t("unfinished_short", lang);
  const winners = result.winners || [];
  const word = winners.includes(g.seat) ? (winners.length > 1 ? t("shared_win", lang) : t("won", lang)) : t("lost", lang);
  const scores = /** @type {number[]} */ (result.scores || []);
  const ordered = g.seat < scores.length ? [scores[g.seat], ...scores.filter((_s, i) => i !== g.seat)] : scores;
  return `${word} (${ordered.join("\u00a0:\u00a0")})`;
}

async function main() {
  const info = await meta();
  /** @type {any} */
  let profile;
  try {
    profile = await api(`/api/players/${encodeURIComponent(name)}`);
  } catch (e) {
    const text = e instanceof ApiError && e.status === 404 ? t("no_player", lang) : String(/** @type {Error} */ (e).message);
    root.replaceChildren(header(lang), h("main", { class: "page" }, h("p", { class: "error" }, text)));
    return;
  }
  const who = profile.player.name;
  document.title = `${t("profile_title", lang, { name: who })} — hanpan`;
  const title = (/** @type {string} */ id) => { const g = gameOf(info, id); return g ? gameName(g, lang) : id; };

  const ratings = profile.ratings.map((/** @type {any} */ r) => {
    const board = t("rating_of", lang, { game: title(r.game), n: r.players });
    return h("li", { class: "rating-card", "data-game": r.game, "data-players": r.players },
      h("h3", {}, board),
      h("p", { class: "rating-now" }, h("span", { class: "rating-value", "data-rating": r.display }, ratingText(r.display, r.uncertainty)),
        " · ", r.games === 1 ? t("one_game", lang) : t("games_count", lang, { n: r.games })),
      r.history.length ? ratingPlot(r.history, t("rating_history", lang, { name: who, game: title(r.game), n: r.players })) : null);
  });

  const head = h("tr", {}, ...["game", "date", "result", "rated_col", "replay"].map((k) => h("th", { scope: "col" }, t(k, lang))));
  const rows = profile.games.map((/** @type {any} */ g) => h("tr", { "data-game-id": g.game_id },
    h("td", {}, `${title(g.game)} (${g.players})`),
    h("td", {}, when(g.at)),
    h("td", {}, resultText(g)),
    h("td", {}, g.rated ? t("yes", lang) : t("no", lang)),
    h("td", {}, g.status === "playing" ? h("a", { href: `/play/${encodeURIComponent(g.game_id)}` }, t("watch", lang))
      : h("a", { href: `/replay/${encodeURIComponent(g.game_id)}`, class: "replay-link" }, t("replay", lang)))));

  const beats = profile.beats.map((/** @type {any} */ b) => h("li", {}, t("beats_row", lang,
    { level: levelTitle(info, b.level, lang), game: title(b.game), wins: Math.round(b.wins * 10) / 10, games: b.games })));

  root.replaceChildren(header(lang), h("main", { class: "page profile" },
    h("h1", { id: "profile-name" }, who, profile.player.guest ? ` (${t("guest", lang)})` : ""),
    h("section", { class: "panel", "aria-labelledby": "ratings-title" }, h("h2", { id: "ratings-title" }, t("ratings", lang)),
      ratings.length ? h("ul", { class: "rating-cards" }, ...ratings) : h("p", { class: "help" }, t("no_ratings", lang))),
    h("section", { class: "panel", "aria-labelledby": "games-title" }, h("h2", { id: "games-title" }, t("games", lang)),
      rows.length ? h("div", { class: "table-scroll" }, h("table", { class: "games-table" }, h("thead", {}, head), h("tbody", {}, ...rows)))
        : h("p", { class: "help" }, t("none_yet", lang))),
    h("section", { class: "panel", "aria-labelledby": "beats-title" }, h("h2", { id: "beats-title" }, t("beats", lang)),
      beats.length ? h("ul", {}, ...beats) : h("p", { class: "help" }, t("no_beats", lang)))));
}

main().catch((e) => {
  document.body.append(h("p", { class: "error" }, String(e.message || e)));
});
