// Spirits of the Wild's web board: the game's names and the small helpers every part of the board uses
// (catalog look-ups, names in the page's language, text measuring and wrapping, whose turn it is).

export const ANIMALS = ["owl", "rabbit", "beaver", "salmon", "turtle"];
export const KINDS = ["blue", "teal", "orange", "white", "purple", "yellow", "spirit"];
export const CARDS = ["take1", "take2", "add2", "add3"];
export const SPIRITS = ["deer", "wolf", "bear", "ram", "bison", "eagle"];

/** @param {any} ui @param {string} group @param {string} id @returns {any} */
export function item(ui, group, id) {
  const list = (ui.catalog && ui.catalog[group]) || [];
  return list.find((/** @type {any} */ x) => x.id === id) || { id, en: id, ko: id, text: { en: "", ko: "" } };
}

/** @param {any} ui @param {{en: string, ko: string}} thing */
export function named(ui, thing) {
  return ui.tr(thing.en, thing.ko);
}

/** @param {any} ui @param {string} kind the stone's name in the page's language */
export function stoneName(ui, kind) {
  return named(ui, item(ui, "stones", kind));
}

/** @param {any} ui @param {string} animal */
export function animalName(ui, animal) {
  return named(ui, item(ui, "animals", animal));
}

/** Rough text width in SVG units (Hangul is about square, Latin about half). @param {string} text @param {number} size */
export function textWidth(text, size) {
  let w = 0;
  for (const ch of text) w += /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/.test(ch) ? size * 0.95 : size * 0.56;
  return w;
}

/** Break text into lines of at most `width` units. @param {string} text @param {number} width @param {number} size */
export function wrap(text, width, size) {
  /** @type {string[]} */
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Multi-line SVG text. @param {any} ui @param {number} x @param {number} y @param {string[]} lines @param {number} lh @param {Record<string, any>} attrs */
export function lines(ui, x, y, lines, lh, attrs) {
  return ui.svg("text", { x, y, ...attrs },
    lines.map((line, i) => ui.svg("tspan", { x, dy: i === 0 ? 0 : lh }, line)));
}

/** "x2" in English, "2배" in Korean: a multiplier in plain text. @param {any} ui @param {number} n */
export function times(ui, n) {
  return ui.tr(`x${n}`, `${n}배`);
}

/** "1 pt", "6 pts", "6점". @param {any} ui @param {number} n */
export function pts(ui, n) {
  return ui.tr(n === 1 ? "1 pt" : `${n} pts`, `${n}점`);
}

/** Whether the viewer is the seat to move. @param {any} body */
export function myTurn(body) {
  return body.seat !== null && body.seat !== undefined && body.seat === body.current_player;
}

/** Stone kinds of a count map, in the game's order, one entry per stone. @param {Record<string, number>} counts */
export function spread(counts) {
  /** @type {string[]} */
  const out = [];
  for (const kind of KINDS) for (let i = 0; i < (counts[kind] || 0); i++) out.push(kind);
  return out;
}

/** The seat drawn first: yours, or for a spectator or a replay the seat to move. @param {any} body */
export function firstSeat(body) {
  if (body.seat === 0 || body.seat === 1) return body.seat;
  const p = body.current_player ?? (body.view && body.view.current_player);
  return p === 1 ? 1 : 0;
}
