// Loading a game's board module and its styles (they live in the game's own folder on the server).

import { api } from "./common.js";

/** @type {Map<string, Promise<{board: any, catalog: any}>>} */
const loaded = new Map();

/**
 * The board module (draw, legend) and catalog of a game, loaded once.
 * @param {string} game
 */
export function loadBoard(game) {
  let promise = loaded.get(game);
  if (!promise) {
    const css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = `/static/games/${game}/board.css`;
    // drawn only once its styles are in: the page measures the board (what is in view) as it draws
    const styled = new Promise((resolve) => {
      css.addEventListener("load", resolve);
      css.addEventListener("error", resolve);
    });
    document.head.append(css);
    promise = Promise.all([import(`/static/games/${game}/board.js`), api(`/api/catalog/${game}`), styled])
      .then(([board, catalog]) => ({ board, catalog }));
    loaded.set(game, promise);
  }
  return promise;
}
