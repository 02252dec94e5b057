// 신들의 정원 / Four Gardens in the browser: what every part of the board shares (see board.js).
//
// The game's fixed lists and card size, the drawing context (Ctx) made from the page's body and ui,
// the names and texts of things from ui.catalog, and binding a click target for the seat to move.

export const RES = ["stone", "water", "grass", "wood"];
export const GODS = ["spring", "summer", "autumn", "winter"];
export const COLOURS = ["red", "orange", "green", "blue"];
/** markers of seats 1..4: a colour and the seat's number (never the colour alone) */
export const SEAT_COLOURS = ["#14807a", "#b5338a", "#c88a00", "#4b5870"];
export const CARD_W = 58;
export const CARD_H = 82;

/** @typedef {{body: any, ui: any, v: any, cat: any, toMove: boolean, phase: string, legal: string[],
 *   viewer: number | null, focus: number | null, byId: Record<string, any>}} Ctx */

/** @param {any} ui @param {any} body @returns {Ctx} */
export function context(ui, body) {
  const v = body.view;
  const cat = ui.catalog || {};
  /** @type {Record<string, any>} */
  const byId = {};
  for (const group of ["resources", "gods", "colours", "bonus_piles", "whims"]) {
    for (const item of cat[group] || []) byId[item.id] = item;
  }
  if (cat.wild) byId.wild = cat.wild;
  const toMove = body.seat !== null && body.seat !== undefined && body.seat === body.current_player
    && (body.legal || []).length > 0;
  const viewer = v.you ?? null;
  // the seat whose area comes first: yours, or for a spectator or a replay the seat to move
  const cp = v.current_player ?? body.current_player;
  const focus = viewer !== null ? viewer : (cp !== null && cp !== undefined ? cp : (v.players && v.players.length ? 0 : null));
  return { body, ui, v, cat, toMove, phase: v.phase, legal: body.legal || [], viewer, focus, byId };
}

/** The name of a resource, god, colour, bonus pile or whim tile in the page's language. */
export function nm(/** @type {Ctx} */ c, /** @type {string} */ id) {
  const item = c.byId[id];
  return item ? c.ui.tr(item.en, item.ko) : id;
}

/** The colour of a resource, god or landscape colour (grey for anything else). */
export function colourOf(/** @type {Ctx} */ c, /** @type {string} */ id) {
  const item = c.byId[id];
  return item && item.colour ? item.colour : "#888";
}

/** How many cards a landscape colour's landscape has (red 2 … blue 5). */
export function sizeOf(/** @type {Ctx} */ c, /** @type {string} */ colour) {
  const item = c.byId[colour];
  return item && item.size ? item.size : [2, 3, 4, 5][COLOURS.indexOf(colour)];
}

/** Bind a click target only for the seat to move. */
export function bind(/** @type {Ctx} */ c, /** @type {Element} */ el, /** @type {string} */ token, /** @type {string} */ label) {
  if (!c.toMove) return el;
  // the accessible name holds the visible words first (a screen reader and voice control say what is seen)
  const seen = (el instanceof SVGElement ? [...el.querySelectorAll("text")].map((t) => t.textContent).join("") : el.textContent || "")
    .replace(/\s+/g, " ").trim();
  const name = seen && !label.includes(seen) ? `${seen} — ${label}` : label;
  c.ui.bind(el, token, name);
  return el;
}

/** An SVG <title>: the tooltip of the element it is put in. */
export function title(/** @type {Ctx} */ c, /** @type {string} */ text) {
  return c.ui.svg("title", { text });
}

/** A seat's name as the page gives it ("Player 2 (greedy)", "Ann (you)"). */
export function seatLabel(/** @type {Ctx} */ c, /** @type {number} */ seat) {
  return c.ui.seatName ? c.ui.seatName(seat) : c.ui.tr(`Player ${seat + 1}`, `플레이어 ${seat + 1}`);
}

/** The recent moves (other seats' last turn) that name `head` as their first word. */
export function recentHeads(/** @type {Ctx} */ c, /** @type {string[]} */ heads) {
  return (c.ui.recent || []).filter((/** @type {any} */ e) => heads.includes(String(e.move).split(" ")[0]));
}

/** A whim tile's name and rule, in the page's language. */
export function whimText(/** @type {Ctx} */ c, /** @type {string} */ id) {
  const w = c.byId[id];
  return w && w.text ? `${nm(c, id)}: ${c.ui.tr(w.text.en, w.text.ko)}` : id;
}
