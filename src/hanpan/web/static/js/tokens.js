// The seat keys this browser holds, so that a player can come back to their games from the lobby.

const KEY = "hanpan.seats";

/** @returns {Record<string, Record<string, string>>} game id -> seat -> token */
function all() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    return {};
  }
}

/** @param {string} gameId @param {number} seat @param {string} token */
export function remember(gameId, seat, token) {
  const seats = all();
  seats[gameId] = { ...(seats[gameId] || {}), [String(seat)]: token };
  localStorage.setItem(KEY, JSON.stringify(seats));
}

/** The games this browser holds a seat of, the most recently remembered last. @returns {string[]} */
export function rememberedGames() {
  return Object.keys(all());
}

/** @param {string} gameId @returns {Record<string, string>} */
export function tokensOf(gameId) {
  return all()[gameId] || {};
}

/** The link that opens a seat: the token rides in the fragment, which never reaches the server's logs.
 * @param {string} gameId @param {string | null} token */
export function playLink(gameId, token) {
  const base = `${location.origin}/play/${encodeURIComponent(gameId)}`;
  return token ? `${base}#token=${encodeURIComponent(token)}` : base;
}
